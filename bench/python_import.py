#!/usr/bin/env python3
"""The benchmark's peer: a plain Python import with the standard json and sqlite3 modules doing
Tally's counting — per term, each hashtag and user mention counted once per distinct tweet,
folded with Unicode lower-casing, a tweet fetched again never counted again, one transaction per
file, bulk existence checks and executemany.

    python3 bench/python_import.py STORE FILE.jsonl"""
import json
import sqlite3
import sys
import urllib.parse

SCHEMA = """
CREATE TABLE IF NOT EXISTS user (id TEXT PRIMARY KEY, screen_name TEXT, name TEXT, avatar_url TEXT);
CREATE TABLE IF NOT EXISTS tweet (id TEXT PRIMARY KEY, author_id TEXT, created_at TEXT, text TEXT);
CREATE TABLE IF NOT EXISTS term (id INTEGER PRIMARY KEY, folded TEXT UNIQUE, text TEXT, tweet_count INTEGER DEFAULT 0);
CREATE TABLE IF NOT EXISTS term_tweet (term_id INTEGER, tweet_id TEXT, PRIMARY KEY (term_id, tweet_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mention (id INTEGER PRIMARY KEY, kind TEXT, folded TEXT, display TEXT, UNIQUE (kind, folded));
CREATE TABLE IF NOT EXISTS term_mention (term_id INTEGER, mention_id INTEGER, kind TEXT, folded TEXT, count INTEGER,
    PRIMARY KEY (term_id, mention_id)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS term_mention_popularity ON term_mention(term_id, kind, count DESC, folded);
"""


def unescape(text):
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def import_file(db, path):
    pending = {}  # (term_id, kind, folded) -> [display, count]
    linked = {}   # term_id -> set of tweet ids linked by this file
    term_ids = {}
    new_links = {}
    db.execute("BEGIN IMMEDIATE")
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            page = json.loads(line)
            statuses = page["statuses"]
            query = urllib.parse.unquote_plus(page["search_metadata"]["query"])
            folded_term = query.lower()
            if folded_term not in term_ids:
                db.execute("INSERT OR IGNORE INTO term (folded, text) VALUES (?, ?)", (folded_term, query))
                term_ids[folded_term] = db.execute("SELECT id FROM term WHERE folded = ?", (folded_term,)).fetchone()[0]
            term_id = term_ids[folded_term]
            ids = list({s["id_str"] for s in statuses})
            marks = ",".join("?" * len(ids))
            known = {row[0] for row in db.execute(f"SELECT id FROM tweet WHERE id IN ({marks})", ids)}
            users, tweets, seen = {}, [], set()
            for s in statuses:
                u = s["user"]
                users[u["id_str"]] = (u["id_str"], u["screen_name"], u["name"], u.get("profile_image_url_https"))
                if s["id_str"] not in known and s["id_str"] not in seen:
                    seen.add(s["id_str"])
                    tweets.append((s["id_str"], u["id_str"], s["created_at"], unescape(s.get("full_text") or s["text"])))
            db.executemany("INSERT OR REPLACE INTO user VALUES (?, ?, ?, ?)", users.values())
            db.executemany("INSERT INTO tweet VALUES (?, ?, ?, ?)", tweets)
            already = {row[0] for row in db.execute(f"SELECT tweet_id FROM term_tweet WHERE term_id = ? AND tweet_id IN ({marks})", [term_id] + ids)}
            mine = linked.setdefault(term_id, set())
            links = []
            for s in statuses:
                tid = s["id_str"]
                if tid in already or tid in mine:
                    continue
                mine.add(tid)
                links.append((term_id, tid))
                entities = s.get("entities") or {}
                distinct = {}
                for h in entities.get("hashtags", []):
                    distinct.setdefault(("hashtag", h["text"].lower()), h["text"])
                for m in entities.get("user_mentions", []):
                    distinct.setdefault(("user", m["screen_name"].lower()), m["screen_name"])
                for (kind, folded), display in distinct.items():
                    entry = pending.setdefault((term_id, kind, folded), [display, 0])
                    entry[1] += 1
            db.executemany("INSERT INTO term_tweet VALUES (?, ?)", links)
            new_links[term_id] = new_links.get(term_id, 0) + len(links)
    db.executemany("INSERT OR IGNORE INTO mention (kind, folded, display) VALUES (?, ?, ?)",
                   [(kind, folded, value[0]) for (_, kind, folded), value in pending.items()])
    # Only this file's mentions, looked up in bulk: reading the whole table for every file made
    # the peer quadratic in the number of files (52 s for 1,112 files, 2026-11-23).
    mention_ids = {}
    for kind in ("hashtag", "user"):
        folded = json.dumps([f for (_, k, f) in pending if k == kind])
        mention_ids.update({(kind, f): i for i, f in db.execute(
            "SELECT id, folded FROM mention WHERE kind = ? AND folded IN (SELECT value FROM json_each(?))", (kind, folded))})
    db.executemany("""INSERT INTO term_mention VALUES (?, ?, ?, ?, ?)
                      ON CONFLICT (term_id, mention_id) DO UPDATE SET count = count + excluded.count""",
                   [(t, mention_ids[(k, f)], k, f, v[1]) for (t, k, f), v in pending.items()])
    db.executemany("UPDATE term SET tweet_count = tweet_count + ? WHERE id = ?", [(n, t) for t, n in new_links.items()])
    db.execute("COMMIT")


def main():
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = NORMAL")
    db.executescript(SCHEMA)
    for path in sys.argv[2:]:
        import_file(db, path)
    db.close()


if __name__ == "__main__":
    main()
