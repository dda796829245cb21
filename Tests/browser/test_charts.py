"""Charts in Chromium from file://: the list/grid switch and its URL state, sharing without the Web
Share API, the default artwork replacing a broken image, and no layout shift while thumbnails load."""
import json
import os
import pathlib
import shutil
import struct
import subprocess
import tempfile
import time
import zlib

import pytest

from conftest import REPOSITORY


def png(width, height, rgb=(200, 80, 40)):
    """A plain PNG of one colour."""
    row = b"\x00" + bytes(rgb) * width
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


@pytest.fixture(scope="module")
def chart_site():
    """A small site whose artwork lives on https://img.test (answered, delayed or refused by each test)."""
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tally-charts-"))
    entries = []
    for n in range(1, 41):
        entries.append({
            "im:name": {"label": f"Song {n}"}, "im:artist": {"label": f"Artist {n}"},
            "im:price": {"label": "$1.29", "attributes": {"amount": "1.29000", "currency": "USD"}},
            "im:image": [{"label": f"https://img.test/{'broken' if n == 2 else 'art'}/{n}/170x170bb.png", "attributes": {"height": "170"}}],
            "im:contentType": {"attributes": {"term": "Track", "label": "Track"}},
            "id": {"label": f"https://music.example.com/song/{n}", "attributes": {"im:id": str(9000 + n)}},
            "link": {"attributes": {"rel": "alternate", "href": f"https://music.example.com/song/{n}"}},
        })
    feed = {"feed": {"title": {"label": "iTunes Store: Top Songs"}, "id": {"label": "https://itunes.apple.com/us/rss/topsongs/limit=40/json"},
                     "updated": {"label": "2024-05-01T00:00:00-07:00"}, "entry": entries}}
    (folder / "songs.json").write_text(json.dumps(feed))
    store, output = folder / "tally.sqlite", folder / "public"
    subprocess.run([tally, "import", "--project", str(folder), "--store", str(store), str(folder / "songs.json")], check=True, capture_output=True)
    subprocess.run([tally, "build", "--project", str(REPOSITORY), "--store", str(store), "--output", str(output)],
                   check=True, capture_output=True, env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
    yield output
    shutil.rmtree(folder, ignore_errors=True)


def wait_until(page, expression, timeout=10.0):
    """Polls `expression` with evaluate: wait_for_function would need eval, which the pages' CSP refuses."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"still false after {timeout}s: {expression}"
        page.wait_for_timeout(50)


def chart_pages(site):
    return sorted((site / "charts").glob("*/index.html"), key=lambda p: ("topsongs" not in str(p), str(p)))


def test_grid_switch_is_kept_in_the_url_and_remembered(page, site):
    songs, other = chart_pages(site)[0], chart_pages(site)[1]
    page.goto(songs.as_uri())
    table = page.locator("main table").first
    assert "grid" not in (table.get_attribute("class") or "")
    grid = page.get_by_role("button", name="Grid")
    assert grid.get_attribute("aria-pressed") == "false"
    # The view joins the sort in the fragment; the view survives a reload from that URL.
    page.get_by_role("button", name="Price").click()
    grid.click()
    assert "grid" in table.get_attribute("class")
    assert grid.get_attribute("aria-pressed") == "true"
    assert "view=grid" in page.url and "price" in page.url
    shared = page.url
    page.goto("about:blank")
    page.goto(shared)
    assert "grid" in page.locator("main table").first.get_attribute("class")
    # Remembered: another chart opens as a grid too, until the list is chosen again.
    page.goto(other.as_uri())
    assert "grid" in page.locator("main table").first.get_attribute("class")
    page.get_by_role("button", name="List").click()
    assert "grid" not in page.locator("main table").first.get_attribute("class")
    assert "view=" not in page.url
    # The grid shows artwork tiles: each row is a box with the picture on top.
    page.get_by_role("button", name="Grid").click()
    boxes = page.locator("main table tbody tr").evaluate_all("rows => rows.slice(0, 2).map(r => r.getBoundingClientRect().top)")
    assert boxes[0] == boxes[1], "the first two tiles sit side by side"


def item_with_history(site):
    return sorted((site / "charts" / "items").glob("*/rank-*.svg"))[0].parent / "index.html"


def test_copy_link_when_web_share_is_absent(browser, site):
    context = browser.new_context()
    context.add_init_script("""
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
        window.copied = [];
        Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true,
            get() { return { writeText: (text) => { window.copied.push(text); return Promise.resolve(); } }; } });
    """)
    page = context.new_page()
    page.goto(item_with_history(site).as_uri())
    shared = page.locator("main code").first.inner_text()
    assert shared.startswith("https://")
    button = page.locator("main .share-button")
    assert button.inner_text() == "Copy link"
    button.click()
    wait_until(page, "window.copied.length === 1")
    assert page.evaluate("window.copied[0]") == shared
    assert button.inner_text() == "Link copied"
    # The plain share links carry the same URL.
    reddit = page.get_by_role("link", name="Reddit").get_attribute("href")
    assert reddit.startswith("https://www.reddit.com/submit?url=https%3A%2F%2F")
    context.close()


def test_selectable_field_without_share_or_clipboard(browser, site):
    context = browser.new_context()
    context.add_init_script("""
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
        Object.defineProperty(Navigator.prototype, 'clipboard', { value: undefined, configurable: true });
    """)
    page = context.new_page()
    page.goto(item_with_history(site).as_uri())
    field = page.get_by_label("Link to share")
    assert field.input_value().startswith("https://")
    field.focus()
    assert page.evaluate("document.activeElement.selectionEnd - document.activeElement.selectionStart") == len(field.input_value())
    context.close()


def test_web_share_is_used_when_present(browser, site):
    context = browser.new_context()
    context.add_init_script("""
        window.shared = [];
        Object.defineProperty(Navigator.prototype, 'share', { configurable: true,
            value: (data) => { window.shared.push(data); return Promise.resolve(); } });
    """)
    page = context.new_page()
    page.goto(item_with_history(site).as_uri())
    page.get_by_role("button", name="Share…").click()
    wait_until(page, "window.shared.length === 1")
    assert page.evaluate("window.shared[0].url") == page.locator("main code").first.inner_text()
    context.close()


def test_store_button_opens_the_store(page, site):
    page.goto(item_with_history(site).as_uri())
    store = page.locator('main a[title="Opens the store"]')
    assert store.inner_text().startswith(("Buy", "Get"))
    assert store.get_attribute("href").startswith("https://")


def test_default_artwork_replaces_a_broken_image(browser, chart_site):
    context = browser.new_context()
    page = context.new_page()
    page.route("https://img.test/broken/**", lambda route: route.abort())
    page.route("https://img.test/art/**", lambda route: route.fulfill(status=200, content_type="image/png", body=png(170, 170)))
    page.goto(chart_pages(chart_site)[0].as_uri())
    images = page.locator("main table img")
    wait_until(page, "document.querySelectorAll('main table img')[1].src.endsWith('artwork.svg')")
    broken = images.nth(1)
    assert "default-artwork" in broken.get_attribute("class")
    assert page.evaluate("document.querySelectorAll('main table img')[1].naturalWidth") > 0
    assert images.nth(0).evaluate("img => img.src").startswith("https://img.test/art/")
    # An item page without artwork shows the default artwork from the start, at its natural shape.
    context.close()


def test_no_layout_shift_while_thumbnails_load(browser, chart_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    pending = []
    page.route("https://img.test/**", lambda route: pending.append(route))
    page.add_init_script("""
        window.shifts = 0;
        new PerformanceObserver((list) => { for (const entry of list.getEntries()) { window.shifts += entry.value; } })
            .observe({ type: 'layout-shift', buffered: true });
    """)
    page.goto(chart_pages(chart_site)[0].as_uri(), wait_until="domcontentloaded")
    page.wait_for_timeout(400)
    assert pending, "the thumbnails were requested"
    # Every thumbnail has its size before it loads.
    sizes = page.locator("main table img").evaluate_all("imgs => imgs.map(i => [i.getAttribute('width'), i.getAttribute('height'), i.loading])")
    assert all(w == "170" and h == "170" and lazy == "lazy" for w, h, lazy in sizes)
    heights = page.locator("main table tbody tr").evaluate_all("rows => rows.slice(0, 5).map(r => r.getBoundingClientRect().height)")
    # Only what the thumbnails do counts: the script's own additions (sort buttons, times) came before.
    page.evaluate("window.shifts = 0")
    for route in list(pending):
        route.fulfill(status=200, content_type="image/png", body=png(170, 170))
    wait_until(page, "Array.from(document.querySelectorAll('main table img')).slice(0, 5).every(i => i.complete && i.naturalWidth > 0)")
    page.wait_for_timeout(200)
    after = page.locator("main table tbody tr").evaluate_all("rows => rows.slice(0, 5).map(r => r.getBoundingClientRect().height)")
    assert after == heights
    assert page.evaluate("window.shifts") == 0
    context.close()


def test_thumbnails_below_the_fold_wait_for_their_turn(browser, chart_site):
    context = browser.new_context(viewport={"width": 1280, "height": 600})
    page = context.new_page()
    requested = []
    def answer(route):
        requested.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=png(170, 170))
    page.route("https://img.test/**", answer)
    page.goto(chart_pages(chart_site)[0].as_uri())
    page.wait_for_timeout(500)
    last = page.locator("main table img").last
    assert "default-artwork" not in (last.get_attribute("class") or ""), "a lazy image not loaded yet is not broken"
    assert not any("/40/" in url for url in requested), "the last thumbnail is not fetched before it is near the view"
    last.scroll_into_view_if_needed()
    wait_until(page, "Array.from(document.querySelectorAll('main table img')).pop().naturalWidth > 0")
    assert last.evaluate("img => img.src").startswith("https://img.test/art/40/")
    context.close()


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(css):
    return tuple(int(float(part)) for part in css[css.index("(") + 1:css.index(")")].split(",")[:3])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_ups_and_downs_are_coloured_and_labelled_in_the_grid(browser, site, scheme):
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
    page = context.new_page()
    page.goto(chart_pages(site)[0].as_uri() + "#view=grid")
    wait_until(page, "document.querySelector('main table.grid') !== null")
    background = rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    colours = {}
    for kind in ["up", "down"]:
        cell = page.locator(f"main td.move-{kind}").first
        # Not colour alone: the arrow and number stay, and the grid says what they count.
        assert cell.inner_text()[0] in "▲▼"
        assert page.evaluate(f"getComputedStyle(document.querySelector('main td.move-{kind}'), '::after').content") == '" since last fetch"'
        colours[kind] = rgb(cell.evaluate("c => getComputedStyle(c).color"))
        assert contrast(colours[kind], background) >= 4.5, f"{kind} in {scheme}: {colours[kind]} on {background}"
    assert colours["up"] != colours["down"]
    assert page.evaluate("getComputedStyle(document.querySelector('main td'), '::before').content") == '"Rank "'
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_charts_index_is_a_grid_of_cards(browser, site, width):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto((site / "charts" / "index.html").as_uri())
    cards = page.locator("main > ul > li").evaluate_all("cards => cards.map(c => [c.getBoundingClientRect().top, c.querySelectorAll('ol > li').length])")
    assert len(cards) >= 6 and all(count == 3 for _, count in cards)
    # Side by side on a desktop, one above the other on a phone.
    assert (cards[0][0] == cards[1][0]) == (width > 600)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    context.close()
