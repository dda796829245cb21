#!/usr/bin/env python3
"""Synthetic Twitter v1.1 search pages, shaped like real ones, as JSON Lines (one page per line).

    python3 bench/generate.py --tweets 100000 --out /tmp/bench-100k.jsonl

Many search terms; hashtags and mentions drawn from long-tailed (Zipf) vocabularies, written in
varying case (#Swift, #swift, #SWIFT) and with some non-ASCII tags; realistic user objects; and
about 5 % of each page re-fetched from the term's earlier pages, as overlapping pagination does.
Entity offsets are code points into the HTML-escaped text, as Twitter sends them. Seeded, so the
same arguments give the same bytes."""
import argparse
import bisect
import itertools
import json
import random
import time
import zlib

WORDS = ("data release update launch people market energy vote city team game music film science "
         "health school travel food night week today news story photo video live report").split()
ACCENTED = ["ärger", "café", "niño", "straße", "zürich", "français", "señal", "über"]


def zipf_table(size, s=1.1):
    weights = [1 / (rank ** s) for rank in range(1, size + 1)]
    return list(itertools.accumulate(weights))


def draw(rng, table):
    return bisect.bisect_left(table, rng.random() * table[-1])


def vary_case(rng, word):
    roll = rng.random()
    if roll < 0.70:
        return word
    if roll < 0.85:
        return word.capitalize()
    if roll < 0.95:
        return word.upper()
    return "".join(c.upper() if rng.random() < 0.5 else c for c in word)


def profile(author):
    """The author's bio: the same in every tweet and every file, as in real search results (no author
    with two tweets in ../shared/fixtures changes profile between them). Drawn without the shared
    random stream, so the tweets themselves stay as they were."""
    code = zlib.crc32(author.encode())
    return "Bench user " + " ".join(WORDS[(code >> (5 * k)) % len(WORDS)] for k in range(5))


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tweets", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--per-page", type=int, default=100)
    parser.add_argument("--terms", type=int, default=0,
                        help="search terms the pages cycle through (default: one per 5,000 tweets, at least 10)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--first-id", type=int, default=1_300_000_000_000_000_000,
                        help="ids (and times) start after this one: a later batch for an existing store")
    args = parser.parse_args()
    rng = random.Random(args.seed)

    terms = args.terms or max(10, args.tweets // 5000)
    tags = [f"{rng.choice(WORDS)}{n}" if n >= 40 else WORDS[n % len(WORDS)] + ("" if n < len(WORDS) else str(n)) for n in range(20000)]
    tags[5:13] = ACCENTED
    tag_table = zipf_table(len(tags))
    users = [f"user_{n}" for n in range(50000)]
    user_table = zipf_table(len(users))
    term_names = [f"#{tags[n]}" if n % 3 == 0 else f"{WORDS[n % len(WORDS)]} {n}" for n in range(terms)]

    next_id = args.first_id
    recent = {t: [] for t in range(terms)}
    written = 0
    base_time = 1_600_000_000
    months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
    days = "Mon Tue Wed Thu Fri Sat Sun".split()
    with open(args.out, "w", encoding="utf-8") as out:
        page_number = 0
        while written < args.tweets:
            term = page_number % terms
            page_number += 1
            statuses = []
            for n in range(min(args.per_page, args.tweets - written)):
                if recent[term] and rng.random() < 0.05:
                    statuses.append(rng.choice(recent[term]))
                    continue
                next_id += rng.randint(1, 5000)
                author = users[draw(rng, user_table)]
                words = [rng.choice(WORDS) for _ in range(rng.randint(4, 12))]
                hashtags = [vary_case(rng, tags[draw(rng, tag_table)]) for _ in range(rng.randint(0, 3))]
                mentions = [vary_case(rng, users[draw(rng, user_table)]) for _ in range(rng.randint(0, 2))]
                if term_names[term].startswith("#"):
                    hashtags.append(vary_case(rng, term_names[term][1:]))
                parts = [f"@{m}" for m in mentions] + words[:3] + (["&"] if rng.random() < 0.15 else []) + words[3:] + [f"#{h}" for h in hashtags]
                text = escape(" ".join(parts))
                entities = {"hashtags": [], "user_mentions": [], "urls": [], "symbols": []}
                cursor = 0
                for m in mentions:
                    at = text.index("@" + m, cursor)
                    entities["user_mentions"].append({"screen_name": m, "name": m.title(), "id": 1, "id_str": "1", "indices": [at, at + 1 + len(m)]})
                    cursor = at + 1
                for h in hashtags:
                    at = text.index("#" + h, cursor)
                    entities["hashtags"].append({"text": h, "indices": [at, at + 1 + len(h)]})
                    cursor = at + 1
                seconds = base_time + (next_id - 1_300_000_000_000_000_000) // 1000
                tm = time.gmtime(seconds)
                created = f"{days[tm.tm_wday]} {months[tm.tm_mon - 1]} {tm.tm_mday:02d} {tm.tm_hour:02d}:{tm.tm_min:02d}:{tm.tm_sec:02d} +0000 {tm.tm_year}"
                status = {
                    "created_at": created, "id": next_id, "id_str": str(next_id), "text": text, "truncated": False,
                    "entities": entities, "metadata": {"iso_language_code": "en", "result_type": "recent"},
                    "source": "<a href=\"https://example.org\" rel=\"nofollow\">Bench</a>",
                    "in_reply_to_status_id": None, "in_reply_to_status_id_str": None, "in_reply_to_screen_name": None,
                    "user": {"id": zlib.crc32(author.encode()), "id_str": str(zlib.crc32(author.encode())), "name": author.replace("_", " ").title(),
                             "screen_name": author, "location": "Somewhere", "description": profile(author),
                             "url": None, "entities": {"description": {"urls": []}}, "protected": False,
                             "followers_count": rng.randint(0, 100000), "friends_count": rng.randint(0, 5000), "listed_count": 3,
                             "created_at": "Mon Jan 02 03:04:05 +0000 2012", "favourites_count": 10, "verified": False,
                             "statuses_count": 1234, "lang": None, "profile_image_url": f"http://pbs.twimg.com/profile_images/{author}_normal.jpg",
                             "profile_image_url_https": f"https://pbs.twimg.com/profile_images/{author}_normal.jpg"},
                    "geo": None, "coordinates": None, "place": None, "is_quote_status": False,
                    "retweet_count": rng.randint(0, 50), "favorite_count": rng.randint(0, 200), "favorited": False, "retweeted": False, "lang": "en",
                }
                statuses.append(status)
                recent[term].append(status)
                if len(recent[term]) > 300:
                    recent[term].pop(0)
            written += len(statuses)
            query = term_names[term].replace("#", "%23").replace(" ", "+")
            page = {"statuses": statuses, "search_metadata": {"completed_in": 0.05, "max_id": next_id, "max_id_str": str(next_id),
                                                               "query": query, "count": len(statuses), "since_id": 0, "since_id_str": "0"}}
            out.write(json.dumps(page, ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
