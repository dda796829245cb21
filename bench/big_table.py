#!/usr/bin/env python3
"""One search term whose popularity page has a table of N distinct hashtags (each in at least two
tweets, counts long-tailed) and N/50 users, as Twitter v1.1 search pages in JSON Lines.

    python3 bench/big_table.py --rows 100000 --out /tmp/big-100k.jsonl

For the browser part of `make bench`: a term with 100,000 distinct mentions. Seeded."""
import argparse
import json
import random
import time

WORDS = "data release update launch people market energy vote city team game music film science".split()
ACCENTED = ["ärger", "café", "niño", "straße", "zürich", "français", "señal", "über"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--term", default="#big")
    args = parser.parse_args()
    rng = random.Random(13)
    tags = [f"{WORDS[n % len(WORDS)]}{ACCENTED[n % len(ACCENTED)] if n % 97 == 0 else ''}{n}" for n in range(args.rows)]
    users = [f"user_{n}" for n in range(max(10, args.rows // 50))]
    tweets = max(100, args.rows // 20)
    carried = [[] for _ in range(tweets)]
    for items, kind in ((tags, "#"), (users, "@")):
        for i, name in enumerate(items):
            count = 2 + int(rng.paretovariate(1.2)) - 1
            for k in range(min(count, tweets)):
                carried[(i * 7 + k * 9973) % tweets].append(kind + name)
    base = 1_650_000_000
    with open(args.out, "w", encoding="utf-8") as out:
        for page_start in range(0, tweets, 100):
            statuses = []
            for n in range(page_start, min(tweets, page_start + 100)):
                text = " ".join(carried[n]) + " " + args.term
                entities = {"hashtags": [], "user_mentions": [], "urls": [], "symbols": []}
                at = 0
                for word in text.split(" "):
                    if word.startswith("#"):
                        entities["hashtags"].append({"text": word[1:], "indices": [at, at + len(word)]})
                    elif word.startswith("@"):
                        entities["user_mentions"].append({"screen_name": word[1:], "name": word[1:], "id": 1, "id_str": "1",
                                                          "indices": [at, at + len(word)]})
                    at += len(word) + 1
                tweet_id = 1_500_000_000_000_000_000 + n
                tm = time.gmtime(base + n * 60)
                statuses.append({
                    "created_at": time.strftime("%a %b %d %H:%M:%S +0000 %Y", tm), "id": tweet_id, "id_str": str(tweet_id),
                    "text": text, "truncated": False, "entities": entities, "lang": "en",
                    "user": {"id": 42, "id_str": "42", "name": "Bench", "screen_name": "bench",
                             "profile_image_url_https": "https://pbs.twimg.com/profile_images/bench_normal.jpg"},
                })
            query = args.term.replace("#", "%23")
            out.write(json.dumps({"statuses": statuses, "search_metadata": {"query": query, "count": len(statuses)}},
                                 ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
