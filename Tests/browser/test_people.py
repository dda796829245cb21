"""Tweets, people and pictures in Chromium from file://: a picture zoomed with the keyboard, an
avatar that cannot load shows initials, plots are in the accessibility tree with their tables, and
every contact card is read by a real vCard parser."""
import base64

import vobject

# A 4×3 PNG, served in place of remote pictures so tests never depend on the network.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAAFElEQVR4nGP8z8Dwn4GBgYGJAQoAHRgCBKUbtSkAAAAASUVORK5CYII=")


def test_zoom_a_picture_with_the_keyboard(page, site):
    image_pages = sorted(site.glob("tweets/*/images/1/index.html"))
    assert image_pages, "the sample content has tweets with pictures"
    page.route("https://**/*", lambda route: route.fulfill(status=200, content_type="image/png", body=PNG))
    page.goto(image_pages[0].as_uri())
    picture = page.locator("img.zoomable")
    assert picture.get_attribute("alt")
    picture.focus()
    page.keyboard.press("+")
    page.keyboard.press("+")
    zoom = float(picture.get_attribute("data-zoom"))
    assert zoom > 1.5
    assert "scale(" in picture.evaluate("i => i.style.transform")
    page.keyboard.press("-")
    assert float(picture.get_attribute("data-zoom")) < zoom
    page.keyboard.press("0")
    assert picture.get_attribute("data-zoom") == "1"
    picture.click()
    assert float(picture.get_attribute("data-zoom")) > 1


def test_a_broken_avatar_shows_initials(page, site):
    page.route("https://**/*", lambda route: route.abort())
    page.goto((site / "all-tweets" / "index.html").as_uri())
    avatar = page.locator(".tweet .avatar:has(img)").first
    avatar.locator("img").evaluate("i => i.decode().catch(() => null)")
    page.wait_for_function("() => document.querySelector('.tweet .avatar img').classList.contains('broken')")
    initials = avatar.locator(".avatar-initials")
    assert initials.is_visible() and initials.inner_text().strip()
    assert avatar.locator("img").evaluate("i => getComputedStyle(i).visibility") == "hidden"


def test_plots_are_in_the_accessibility_tree_with_their_tables(page, site):
    popularity = next(p for p in sorted((site / "searches").glob("*/index.html")) if "brexit" in str(p))
    page.goto(popularity.as_uri())
    plots = page.get_by_role("img", name="Top hashtags in tweets for #brexit")
    assert plots.count() == 1
    figure = page.locator("figure.plot", has=plots)
    # The numbers are folded under the plot, with no filter box of their own.
    assert figure.get_by_role("table").count() == 0 and figure.locator(".table-filter").count() == 0
    figure.locator("summary", has_text="The numbers").click()
    table = figure.get_by_role("table", name="Top hashtags in tweets for #brexit: the numbers")
    assert table.count() == 1
    rows = table.locator("tbody tr")
    assert rows.count() >= 2
    # The table holds the same numbers the bars show.
    bars = figure.locator("rect.plot-bar title").evaluate_all("ts => ts.map(t => t.textContent)")
    cells = [" ".join(c.strip() for c in r.split("\t")) for r in rows.all_inner_texts()]
    assert [b.replace(":", "") for b in bars] == cells
    # Colours come from the theme's classes, so dark mode changes them.
    assert figure.locator("rect.plot-bar").first.evaluate("r => getComputedStyle(r).fill") != ""


def test_people_page_person_and_contact_cards(page, site):
    page.goto((site / "index.html").as_uri())
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="People").click()
    assert page.locator("h1").inner_text() == "People"
    page.locator("main table tbody tr td a").first.click()
    assert page.get_by_role("link", name="Add to contacts").count() >= 1
    cards = sorted(site.glob("people/*/contact.vcf"))
    assert len(cards) > 10
    for path in cards:
        data = path.read_bytes()
        assert data.endswith(b"\r\n") and b"\n" not in data.replace(b"\r\n", b"")
        for line in data.split(b"\r\n"):
            assert len(line) <= 75, (path, line)
        card = vobject.readOne(data.decode("utf-8"))
        assert card.version.value == "4.0"
        assert card.fn.value and card.nickname.value
        # The person's profile on their own network (Twitter, Mastodon, Bluesky).
        assert card.url.value.startswith("https://"), card.url.value
