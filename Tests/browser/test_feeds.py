"""Atom feeds: every list's feed and every chart's feed in the sample site parses with a real
feed parser, is linked from its page (in the head and visibly), and keeps hostile text as text;
with a base URL every link is absolute."""
import os
import re
import pathlib
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree

import feedparser
import pytest

from conftest import REPOSITORY
from test_hostile import hostile_site  # noqa: F401 (a fixture)

ATOM = "{http://www.w3.org/2005/Atom}"


def feeds(site):
    return sorted(site.rglob("feed.xml"))


def check_feed(path, absolute_under=None):
    """Parses the feed strictly (XML) and with feedparser; returns the parsed feed."""
    root = ElementTree.parse(path).getroot()
    assert root.tag == ATOM + "feed", path
    parsed = feedparser.parse(path.read_bytes())
    assert not parsed.bozo, (path, parsed.get("bozo_exception"))
    assert parsed.version == "atom10", path
    assert parsed.feed.get("id") and parsed.feed.get("updated") and parsed.feed.get("author"), path
    ids = [entry.id for entry in parsed.entries]
    assert len(ids) == len(set(ids)) <= 50, path
    for entry in parsed.entries:
        assert entry.get("updated") and entry.get("link") and entry.get("title"), (path, entry)
        assert entry.get("author") or parsed.feed.get("author"), (path, entry)
        if absolute_under:
            assert entry.id.startswith(absolute_under) and entry.link.startswith(absolute_under), (path, entry.id, entry.link)
        else:
            assert entry.id.startswith("tag:tally.invalid,2026:"), (path, entry.id)
            # Relative to the feed's own address, which is inside the site.
            assert (path.parent / entry.link).resolve().exists(), (path, entry.link)
    updated = sorted(entry.updated for entry in parsed.entries)
    if updated:
        assert parsed.feed.updated == updated[-1], path
    return parsed


def test_every_sample_feed_parses_and_is_linked(site):
    found = feeds(site)
    # All posts, every search's posts, person, hashtag, timeline, and every chart.
    kinds = {p.relative_to(site).parts[0] for p in found}
    assert {"all-tweets", "searches", "people", "hashtags", "timelines", "charts"} <= kinds, kinds
    for path in found:
        parsed = check_feed(path)
        page = (path.parent / "index.html").read_text()
        assert '<link rel="alternate" type="application/atom+xml" href="' in page, path
        assert 'href="feed.xml"' in page or 'feed.xml">' in page, path
        assert ">Atom feed</a>" in page or "(Atom feed)</a>" in page, path
    everything = check_feed(site / "all-tweets" / "feed.xml")
    assert len(everything.entries) == 50
    # Newest first, and each entry opens the post's own page.
    assert [e.updated for e in everything.entries] == sorted((e.updated for e in everything.entries), reverse=True)
    assert all("/tweets/" in e.link for e in everything.entries)
    songs = next(p for p in found if "topsongs" in str(p))
    assert any("up " in e.title or "down " in e.title or "new in the chart" in e.title for e in check_feed(songs).entries)


def test_every_hostile_feed_keeps_text_as_text(hostile_site):  # noqa: F811
    found = feeds(hostile_site)
    assert found
    tags = re.compile(r"<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>")
    for path in found:
        check_feed(path)
        for entry in ElementTree.parse(path).getroot().iter(ATOM + "entry"):
            assert entry.find(ATOM + "title").get("type") == "text"
            # The HTML a reader gets (the content unescaped once) holds only the feed's own
            # elements, with only href attributes: the data's markup stayed text.
            html = entry.find(ATOM + "content").text or ""
            for name, attributes in tags.findall(html):
                assert name in {"p", "a", "br", "blockquote"}, (path, name, html)
                assert re.fullmatch(r'( href="https?://[^"]*")?', attributes), (path, attributes)


def test_feeds_with_a_base_url_are_absolute(tmp_path):
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    store = tmp_path / "s.sqlite"
    data = REPOSITORY / "content/data"
    subprocess.run([tally, "import", "--project", str(REPOSITORY), "--store", str(store), str(data / "freebandnames-page1.json"),
                    str(data / "chart-songs-week1.json"), str(data / "chart-songs-week2.json")], check=True, capture_output=True)
    subprocess.run([tally, "build", "--project", str(REPOSITORY), "--store", str(store), "--output", str(tmp_path / "public"),
                    "--base-url", "https://example.org/dash"], check=True, capture_output=True)
    found = feeds(tmp_path / "public")
    assert len(found) >= 3
    for path in found:
        parsed = check_feed(path, absolute_under="https://example.org/dash/")
        assert parsed.feed.id == "https://example.org/dash/" + path.relative_to(tmp_path / "public").as_posix()
