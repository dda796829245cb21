"""Posts from Mastodon and Bluesky in the sample site, in Chromium: the site search finds them, and
their pages show each network's badge, a link to the post on its own site, pictures, and a content
warning the reader opens."""
import pathlib
import re
import urllib.parse


def search_page(site):
    return site / "search" / "index.html"


def open_first_post_found(page, site, query):
    page.goto(search_page(site).as_uri())
    page.locator("#site-search").fill(query)
    page.wait_for_selector(".search-results li")
    post = page.locator(".search-results li > a", has=page.locator(".search-kind", has_text="Post")).first
    post.click()
    page.wait_for_selector("article.tweet")


def test_the_search_finds_a_mastodon_post_whose_page_shows_its_badge_link_warning_and_picture(page, site):
    open_first_post_found(page, site, "doo-doo head")
    card = page.locator("article.tweet").first
    assert card.locator(".network-badge").inner_text() == "Mastodon"
    assert card.locator(".tweet-web").get_attribute("href") == "https://icosahedron.website/@halcy/110446222386355655"
    warning = card.locator("details.tweet-warning")
    assert warning.locator("summary").inner_text() == "test post for mastodon.py stuff"
    # Behind the warning until the reader opens it.
    assert not card.locator(".tweet-text").is_visible()
    warning.locator("summary").click()
    assert card.locator(".tweet-text").is_visible()
    assert "doo-doo head" in card.locator(".tweet-text").inner_text()
    thumb = card.locator("img.thumb")
    assert thumb.count() == 1 and thumb.get_attribute("alt") == "a furry cube breakdancing"
    assert card.locator(".tweet-handle").inner_text() == "@halcy@icosahedron.website"


def test_the_search_finds_a_bluesky_post_whose_page_shows_its_badge_link_and_pictures(page, site):
    open_first_post_found(page, site, "Quarkdown")
    card = page.locator("article.tweet").first
    assert card.locator(".network-badge").inner_text() == "Bluesky"
    assert card.locator(".tweet-web").get_attribute("href") == "https://bsky.app/profile/oldergeeks.bsky.social/post/3lpr6d3tk622b"
    assert card.locator("img.thumb").count() >= 1
    # Offline (as the tests run) a picture that cannot load shows the theme's fallback instead:
    # the page as written names Bluesky's CDN.
    written = pathlib.Path(urllib.parse.urlparse(page.url).path).read_text()
    thumbs = re.findall(r'<img class="thumb" src="([^"]+)"', written)
    assert thumbs and all(src.startswith("https://cdn.bsky.app/") for src in thumbs)
    assert card.locator(".tweet-handle").inner_text() == "@oldergeeks.bsky.social"
