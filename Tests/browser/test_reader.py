"""What a reader meets on every page kind, at a phone's width (390 px) and a desktop's (1280 px):
nothing sticks out sideways, the header stays compact, tables show their rows or show that they
scroll, words agree with their numbers."""
import re

import pytest

from test_quality import page_kinds

WIDTHS = [390, 1280]


def reader_kinds(site):
    """Every page kind a reader can reach: the quality checks' kinds and a few more."""
    hashtag = next(p for p in sorted((site / "hashtags").glob("*/index.html")) if "rstats" in str(p))
    return {**page_kinds(site), "hashtag": hashtag, "hashtags": site / "hashtags" / "index.html",
            "timelines": site / "timelines" / "index.html", "search": site / "search" / "index.html",
            "not-found": site / "404.html",
            "person-website": site / "people" / "100dayscode" / "index.html"}  # a long website and bio


KINDS = ["home", "searches", "popularity", "popularity-network", "popularity-everywhere", "term-tweets", "tweet", "charts", "chart", "chart-item", "all-tweets", "people",
         "person", "person-website", "image", "places", "place", "photo", "favorites", "recents", "hashtag", "hashtags", "timelines", "search",
         "not-found"]


@pytest.fixture(params=WIDTHS, ids=lambda width: f"{width}px")
def sized(request, browser):
    """A page at one width, offline: remote pictures fail as they do without a network."""
    width = request.param
    context = browser.new_context(viewport={"width": width, "height": 844 if width < 600 else 900}, locale="en-US")
    page = context.new_page()
    page.route("https://**/*", lambda route: route.abort())
    yield page
    context.close()


def open_page(page, path):
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    # Tables are enhanced once their data is there; wait for it rather than for time.
    page.wait_for_function("() => [...document.querySelectorAll('main table:not(.plot-table) thead')].every(h => h.closest('.table-scroll'))")


@pytest.mark.parametrize("kind", KINDS)
def test_nothing_sticks_out_sideways(sized, site, kind):
    open_page(sized, reader_kinds(site)[kind])
    width = sized.evaluate("document.documentElement.scrollWidth")
    inner = sized.evaluate("innerWidth")
    assert width <= inner, f"{kind} is {width}px wide in a {inner}px window"


@pytest.mark.parametrize("kind", ["home", "person", "chart", "photo", "search"])
def test_the_header_is_compact(sized, site, kind):
    open_page(sized, reader_kinds(site)[kind])
    height = sized.locator(".site-header").evaluate("h => h.getBoundingClientRect().height")
    limit = 120 if sized.viewport_size["width"] < 600 else 64
    assert height <= limit, f"the header is {height}px tall"
    # Every section is still one tap away, and the search box is there.
    nav = sized.get_by_role("navigation", name="Sections")
    assert nav.get_by_role("link").count() >= 8
    assert sized.get_by_role("searchbox", name="Search the site").is_visible()
    current = nav.locator("[aria-current]")
    if current.count():
        box, area = current.bounding_box(), nav.bounding_box()
        assert area["x"] <= box["x"] and box["x"] + box["width"] <= area["x"] + area["width"] + 1, "the current section is scrolled into view"


@pytest.mark.parametrize("kind", KINDS)
def test_tables_show_their_rows_or_show_that_they_scroll(sized, site, kind):
    open_page(sized, reader_kinds(site)[kind])
    boxes = sized.evaluate("""() => [...document.querySelectorAll('main .table-scroll')].map(box => ({
        hidesRows: box.scrollHeight > box.clientHeight + 1, hidesColumns: box.scrollWidth > box.clientWidth + 1,
        windowed: box.classList.contains('table-window'), cue: getComputedStyle(box).backgroundImage}))""")
    for box in boxes:
        if box["hidesRows"]:
            assert box["windowed"], f"{kind}: a table of a few rows is boxed and hides some of them"
        if box["hidesRows"] or box["hidesColumns"]:
            assert box["cue"].count("gradient") >= 8, f"{kind}: a table that scrolls does not show it"


def test_a_short_table_shows_every_row(sized, site):
    open_page(sized, reader_kinds(site)["popularity"])  # #rstats: 32 hashtags
    counted = sized.locator(".table-count").first.inner_text()
    shown, total = map(int, re.findall(r"[\d,]+", counted.replace(",", ""))[:2])
    assert shown == total > 18
    table = sized.locator("main table").first
    last_row = table.locator("tbody tr").last
    last_row.scroll_into_view_if_needed()
    assert last_row.is_visible()
    assert table.evaluate("t => t.closest('.table-scroll').clientHeight >= t.offsetHeight")


def test_a_wide_table_on_a_phone_scrolls_in_its_box(sized, site):
    if sized.viewport_size["width"] > 600:
        pytest.skip("the people table fits a desktop")
    open_page(sized, reader_kinds(site)["people"])
    box = sized.locator("main .table-scroll").first
    assert box.evaluate("b => b.scrollWidth > b.clientWidth")
    # The shadows are scroll-attached, their covers move with the content: the cue follows the scroll.
    attachment = box.evaluate("b => getComputedStyle(b).backgroundAttachment")
    assert "local" in attachment and "scroll" in attachment


NOUNS = r"(tweets|photos|people|favorites|searches|items|charts|places|fetches|hashtags|users|favorite photos)"


def page_texts(site):
    """Each built page's main text, tags dropped."""
    for path in sorted(site.rglob("*.html")):
        html = path.read_text()
        main = html[html.find("<main"):html.find("</main>")]
        yield path.relative_to(site), re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


def test_counts_agree_with_their_nouns_and_are_grouped(site):
    seen = 0
    for path, text in page_texts(site):
        singular = re.search(rf"(?<![\d,.])1 {NOUNS}\b", text)
        assert not singular, f"{path}: {singular and singular[0]}"
        assert not re.search(rf"(?<![\d,.])\d{{4,}} {NOUNS}\b", text), f"{path}: a count of thousands is not grouped"
        seen += len(re.findall(rf"\b\d[\d,]* {NOUNS}\b", text))
    assert seen > 50


def test_pages_speak_to_readers_not_to_the_command_line(site):
    for path, text in page_texts(site):
        assert not re.search(r"(^|\s)--[a-z]|\btally (import|favorite|fetch|build)\b|PHOTO_ID", text), path


def test_the_stale_note_is_said_once_on_the_home_page(page, site):
    page.goto((site / "index.html").as_uri())
    # The sample's charts (a fetched source) are from 2025: the reader's clock finds them old.
    note = page.locator(".stale-note")
    assert note.count() == 1 and note.is_visible()
    assert "fetched" in note.inner_text()
    for other in ("people/index.html", "charts/index.html", "all-tweets/index.html"):
        assert "stale-note" not in (site / other).read_text(), other


def test_search_results_read_cleanly(sized, site):
    sized.goto((site / "search" / "index.html").as_uri() + "#q=python")
    results = sized.locator(".search-results li")
    results.first.wait_for()
    # A result with only a title has its date on a line of its own, not glued to the title.
    first = results.first
    title, date = first.locator("a").bounding_box(), first.locator("time").bounding_box()
    assert date["y"] >= title["y"] + title["height"] - 1
    # Snippets show the addresses the cards show, not Twitter's short links.
    assert "t.co/" not in sized.locator(".search-results").inner_text()
    more = sized.get_by_role("button", name="Show more results")
    assert more.is_visible()
    assert more.evaluate("b => getComputedStyle(b).borderTopStyle") == "solid"
    assert more.evaluate("b => getComputedStyle(b).color") != more.evaluate("b => getComputedStyle(document.body).color")


@pytest.mark.parametrize("kind", ["all-tweets", "tweet", "image", "person", "place", "photo", "favorites", "chart", "chart-item"])
def test_pictures_that_cannot_load_show_a_designed_fallback(sized, site, kind):
    # `sized` aborts every https request: the network is off.
    sized.goto(reader_kinds(site)[kind].as_uri())
    sized.evaluate("() => document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
    # Every picture ends loaded (its fallback) or, for an avatar, hidden over its initials.
    sized.wait_for_function("""() => [...document.querySelectorAll('main img')].every(i =>
        i.complete && (i.naturalWidth > 0 || i.classList.contains('broken')))""")
    broken = sized.evaluate("""() => [...document.querySelectorAll('main img')]
        .filter(i => i.naturalWidth === 0 && !(i.classList.contains('avatar-img') && getComputedStyle(i).visibility === 'hidden'))
        .map(i => i.getAttribute('src'))""")
    assert broken == []


def test_chart_items_without_artwork_get_generated_covers(sized, site):
    sized.goto(reader_kinds(site)["chart"].as_uri())
    covers = sized.locator("main table img")
    covers.first.wait_for()
    sources = covers.evaluate_all("images => images.map(i => i.getAttribute('src'))")
    assert sources and all(src.endswith("/cover.svg") for src in sources)
    for path in sources[:5]:
        svg = (reader_kinds(site)["chart"].parent / path).resolve().read_text()
        assert svg.startswith("<svg") and "<text" in svg
    # Made offline, from the title: the sample's covers are not all one picture.
    texts = {(reader_kinds(site)["chart"].parent / path).resolve().read_text() for path in sources}
    assert len(texts) > len(sources) // 2


def test_a_card_does_not_repeat_its_picture_or_quote_as_links(page, site):
    seen = 0
    for path in sorted((site / "all-tweets").glob("**/index.html"))[:3]:
        page.goto(path.as_uri())
        for card in page.locator(".tweet").all():
            text = card.locator(".tweet-text").first.inner_text()
            if card.locator(".tweet-media").count():
                seen += 1
                assert "pic.twitter.com/" not in text, text
    assert seen > 0


def test_a_tweet_page_shows_its_picture_once(page, site):
    pages = [p for p in sorted(site.glob("tweets/*/index.html")) if "tweet-media" in p.read_text()]
    assert pages
    for path in pages[:10]:
        page.goto(path.as_uri())
        main = page.locator("main")
        pictures = main.locator(".tweet-media img")
        links = main.locator(".tweet-media a").evaluate_all("a => a.map(x => x.getAttribute('href'))")
        assert pictures.count() == main.locator("img.thumb").count() == len(set(links)) == len(links)
        assert "/photo/" not in main.inner_text() and "pic.twitter.com" not in main.inner_text()


def test_a_place_leaves_out_columns_no_photo_fills(page, site):
    page.goto(reader_kinds(site)["place"].as_uri())
    table = page.locator("main table").first
    headers = table.locator("thead th").all_inner_texts()
    for index, header in enumerate(headers):
        cells = table.locator(f"tbody tr td:nth-child({index + 1})").all_inner_texts()
        assert any(cell.strip() for cell in cells), f"the {header.strip()} column is empty on every row"


def test_a_chart_item_says_its_price_once_and_lines_up(sized, site):
    sized.goto(reader_kinds(site)["chart-item"].as_uri())
    main = sized.locator("main")
    button = main.get_by_title("Opens the store")
    assert button.count() == 1
    assert "Price:" not in main.inner_text()
    artwork = main.locator("h1 + p > img").bounding_box()
    heading = main.locator("h1").bounding_box()
    assert abs(artwork["x"] - heading["x"]) <= 1, "the artwork sits on the text's left edge, not centred"


@pytest.mark.parametrize("kind", ["popularity", "term-tweets"])
def test_plot_labels_are_readable_at_every_width(sized, site, kind):
    open_page(sized, reader_kinds(site)[kind])
    sizes = sized.evaluate("""() => [...document.querySelectorAll('.plot-label')].map(t => t.getBoundingClientRect().height)""")
    assert sizes, f"{kind} has plots"
    # A label's box is about 1.2 times its font size: 11 px text is at least 12 px tall, 14 px at most 18.
    assert min(sizes) >= 12 and max(sizes) <= 18, (min(sizes), max(sizes))
    assert sized.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_404_page_from_disk_is_styled_and_its_links_work(sized, site, dark):
    """Opened from file://, the 404 page's links from the root would lead to the disk's root; its
    one inline script makes them relative, so it looks as served and every link opens a page."""
    sized.emulate_media(color_scheme="dark" if dark else "light")
    open_page(sized, site / "404.html")
    assert sized.locator("h1").inner_text() == "Page not found"
    assert sized.evaluate("getComputedStyle(document.querySelector('.site-header')).display") != "inline"
    assert sized.evaluate("getComputedStyle(document.body).margin") == "0px"
    # The theme's script ran (it shows the search box) and the favicon points into the site.
    sized.wait_for_function("() => !document.querySelector('.site-search').hidden")
    targets = sized.evaluate("[...document.querySelectorAll('a[href], link[href]')].map(e => e.href)")
    assert any(t.endswith("/assets/favicon.svg") for t in targets)
    for target in targets:
        assert target.startswith(site.as_uri() + "/"), target
        path = target[len(site.as_uri()) + 1:].split("#")[0]
        assert (site / path).exists(), f"{target} leads nowhere"
    sized.get_by_role("link", name="Go to the home page").click()
    sized.wait_for_load_state("load")
    assert sized.url == (site / "index.html").as_uri()


def test_rank_history_is_never_scaled_down(sized, site):
    """The rank history is an SVG image with 12 px labels drawn 600 px wide: shown at that size at
    every width (so its labels stay 12 px), scrolling sideways in its paragraph on a phone."""
    item = sorted((site / "charts" / "items").glob("*/rank-*.svg"))[0].parent / "index.html"
    open_page(sized, item)
    widths = sized.evaluate("[...document.querySelectorAll('main img[src*=\"/rank-\"]')].map(i => i.getBoundingClientRect().width)")
    assert widths and all(width == 600 for width in widths), widths
    assert sized.evaluate("document.documentElement.scrollWidth <= innerWidth")
    svg = next((site / "charts" / "items").glob("*/rank-*.svg")).read_text()
    assert "font:12px" in svg
    assert len(re.findall(r"<text", svg)) > 4, "more than the two ends and two ranks are labelled"
