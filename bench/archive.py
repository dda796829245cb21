#!/usr/bin/env python3
"""A synthetic Twitter archive `.zip`, shaped like a real download: `data/account.js`,
`data/profile.js` and `data/tweets.js` (`window.YTD.tweets.part0 = [ {"tweet" : …}, … ]`, pretty
printed with the archive's ` : ` and string numbers, as ../Tests/TallyTests/Fixtures/archive-tweets.js).

    python3 bench/archive.py --tweets 100000 --out /tmp/archive-100k.zip

One owner; hashtags and mentions from long-tailed vocabularies in varying case, some replies, some
links, some `&amp;`. Seeded, so the same arguments give the same bytes."""
import argparse
import json
import random
import time
import zipfile

import generate

OWNER = {"id": "1234567890", "username": "bench_owner", "name": "Bench Owner"}


def script(name, value):
    return f"window.YTD.{name}.part0 = " + json.dumps(value, ensure_ascii=False, indent=2, separators=(",", " : "))


def tweets(rng, count):
    tags = [generate.WORDS[n % len(generate.WORDS)] + ("" if n < len(generate.WORDS) else str(n)) for n in range(5000)]
    tags[5:13] = generate.ACCENTED
    tag_table = generate.zipf_table(len(tags))
    users = [f"friend_{n}" for n in range(5000)]
    user_table = generate.zipf_table(len(users))
    months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
    days = "Mon Tue Wed Thu Fri Sat Sun".split()
    next_id = 1_300_000_000_000_000_000
    for _ in range(count):
        next_id += rng.randint(1, 50_000_000)
        words = [rng.choice(generate.WORDS) for _ in range(rng.randint(4, 14))]
        hashtags = [generate.vary_case(rng, tags[generate.draw(rng, tag_table)]) for _ in range(rng.randint(0, 2))]
        mentions = [generate.vary_case(rng, users[generate.draw(rng, user_table)]) for _ in range(rng.randint(0, 2))]
        link = rng.random() < 0.2
        parts = [f"@{m}" for m in mentions] + words[:3] + (["&"] if rng.random() < 0.1 else []) + words[3:] + [f"#{h}" for h in hashtags]
        if link:
            parts.append("https://t.co/" + "".join(rng.choice("abcdefghijkLMNOP0123") for _ in range(10)))
        text = generate.escape(" ".join(parts))
        entities = {"hashtags": [], "symbols": [], "user_mentions": [], "urls": []}
        cursor = 0
        for m in mentions:
            at = text.index("@" + m, cursor)
            entities["user_mentions"].append({"name": m.replace("_", " ").title(), "screen_name": m, "indices": [str(at), str(at + 1 + len(m))],
                                              "id_str": str(1000 + users.index(m.lower())), "id": str(1000 + users.index(m.lower()))})
            cursor = at + 1
        for h in hashtags:
            at = text.index("#" + h, cursor)
            entities["hashtags"].append({"text": h, "indices": [str(at), str(at + 1 + len(h))]})
            cursor = at + 1
        if link:
            at = text.index("https://t.co/")
            short = text[at:]
            entities["urls"].append({"url": short, "expanded_url": "https://example.org/" + words[0], "display_url": "example.org/" + words[0],
                                     "indices": [str(at), str(at + len(short))]})
        seconds = 1_500_000_000 + (next_id - 1_300_000_000_000_000_000) // 100_000_000
        tm = time.gmtime(seconds)
        created = f"{days[tm.tm_wday]} {months[tm.tm_mon - 1]} {tm.tm_mday:02d} {tm.tm_hour:02d}:{tm.tm_min:02d}:{tm.tm_sec:02d} +0000 {tm.tm_year}"
        tweet = {
            "edit_info": {"initial": {"editTweetIds": [str(next_id)], "editableUntil": "2020-01-01T00:00:00.000Z",
                                      "editsRemaining": "5", "isEditEligible": False}},
            "retweeted": False, "source": "<a href=\"https://mobile.twitter.com\" rel=\"nofollow\">Twitter Web App</a>",
            "entities": entities, "display_text_range": ["0", str(len(text))],
            "favorite_count": str(rng.randint(0, 200)), "id_str": str(next_id), "truncated": False,
            "retweet_count": str(rng.randint(0, 50)), "id": str(next_id), "possibly_sensitive": False,
            "created_at": created, "favorited": False, "full_text": text, "lang": "en",
        }
        if mentions and rng.random() < 0.5:
            tweet["in_reply_to_screen_name"] = mentions[0]
            tweet["in_reply_to_status_id_str"] = tweet["in_reply_to_status_id"] = str(next_id - rng.randint(1, 10**12))
        yield {"tweet": tweet}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tweets", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    account = [{"account": {"email": "owner@example.org", "createdVia": "web", "username": OWNER["username"], "accountId": OWNER["id"],
                            "createdAt": "2012-01-02T03:04:05.000Z", "accountDisplayName": OWNER["name"]}}]
    profile = [{"profile": {"description": {"bio": "Benchmarks & archives", "website": "https://example.org", "location": "Somewhere"},
                            "avatarMediaUrl": "https://pbs.twimg.com/profile_images/1/bench.jpg"}}]
    # Newest first, as Twitter writes it.
    items = list(tweets(rng, args.tweets))
    items.reverse()
    with zipfile.ZipFile(args.out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("data/account.js", script("account", account))
        archive.writestr("data/profile.js", script("profile", profile))
        archive.writestr("data/tweets.js", script("tweets", items))


if __name__ == "__main__":
    main()
