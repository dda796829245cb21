#!/usr/bin/env python3
"""Writes a Hugo site holding the same pages as Tally's build, for the benchmark's Hugo peer:
one page per search term with its Hashtags and Users popularity tables (count above 1, most first),
one page per tweet, each a Markdown file, read from the Python peer's store.

    python3 bench/hugo_site.py STORE.sqlite SITE_FOLDER"""
import pathlib
import sqlite3
import sys

CONFIG = """baseURL = "http://localhost/"
title = "Hugo peer"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]
[markup.goldmark.renderer]
unsafe = false
"""
SINGLE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title>
<link rel="stylesheet" href="{{ "assets/tally.css" | relURL }}"></head>
<body><header><a href="{{ "/" | relURL }}">{{ .Site.Title }}</a></header><main>{{ .Content }}</main></body></html>
"""
LIST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .Title }}</title></head>
<body><main><h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></main></body></html>
"""


def escape(text):
    return "".join("\\" + c if c in "\\`*_{}[]()#+-.!|<>&~\"'" else (" " if c in "\n\r" else c) for c in text)


def main():
    db = sqlite3.connect(sys.argv[1])
    site = pathlib.Path(sys.argv[2])
    (site / "layouts/_default").mkdir(parents=True, exist_ok=True)
    (site / "config.toml").write_text(CONFIG)
    (site / "layouts/_default/single.html").write_text(SINGLE)
    (site / "layouts/_default/list.html").write_text(LIST)
    terms = site / "content/searches"
    tweets = site / "content/tweets"
    terms.mkdir(parents=True, exist_ok=True)
    tweets.mkdir(parents=True, exist_ok=True)
    for term_id, text in db.execute("SELECT id, text FROM term"):
        body = [f"---\ntitle: {text!r}\n---\n"]
        for kind, heading in (("hashtag", "Hashtags"), ("user", "Users")):
            body.append(f"## {heading}\n\n| {heading[:-1]} | Tweets |\n| --- | ---: |\n")
            for display, count in db.execute("""SELECT m.display, tm.count FROM term_mention tm JOIN mention m ON m.id = tm.mention_id
                    WHERE tm.term_id = ? AND tm.kind = ? AND tm.count > 1 ORDER BY tm.count DESC, tm.folded""", (term_id, kind)):
                body.append(f"| {escape(('#' if kind == 'hashtag' else '@') + display)} | {count} |\n")
            body.append("\n")
        (terms / f"term-{term_id}.md").write_text("".join(body))
    for tweet_id, author, created, text in db.execute("SELECT t.id, u.screen_name, t.created_at, t.text FROM tweet t LEFT JOIN user u ON u.id = t.author_id"):
        (tweets / f"{tweet_id}.md").write_text(f"---\ntitle: \"Tweet {tweet_id}\"\n---\n# Tweet by {escape(author or '')}\n\n> {escape(text)}\n\n{escape(created)}\n")


if __name__ == "__main__":
    main()
