"""Post lists at a phone's width (390 px) and a desktop's (1280 px): the filter that hides retweets
and replies, kept in the URL fragment and carried by the pager's links, from file://."""
import re

import pytest

WIDTHS = [390, 1280]


@pytest.fixture(params=WIDTHS, ids=lambda width: f"{width}px")
def sized(request, browser):
    context = browser.new_context(viewport={"width": request.param, "height": 844 if request.param < 600 else 900}, locale="en-US")
    page = context.new_page()
    page.route("https://**/*", lambda route: route.abort())
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"script errors: {errors}"


def list_page(site):
    """A page of all posts holding retweets and replies, with an older page."""
    pages = [site / "all-tweets" / "index.html"] + sorted((site / "all-tweets").glob("*/index.html"), key=lambda p: -int(p.parent.name))
    return next(p for p in pages if all(word in p.read_text() for word in ("tweet-retweet", "tweet-reply", 'rel="next"')))


def shown(page, card_class):
    """How many of the list's items holding a `card_class` card are visible, and how many there are."""
    return page.evaluate("""cls => {
        const items = [...document.querySelectorAll('main ol.tweets > li')].filter(li => li.firstElementChild.classList.contains(cls));
        return [items.filter(li => li.offsetParent !== null).length, items.length];
    }""", card_class)


def test_hiding_retweets_and_replies_is_kept_in_the_url_and_by_the_pager(sized, site):
    page = sized
    page.goto(list_page(site).as_uri())
    page.wait_for_selector(".post-filter")
    assert shown(page, "tweet-retweet")[0] > 0 and shown(page, "tweet-reply")[0] > 0
    page.get_by_label("Hide retweets").check()
    visible, total = shown(page, "tweet-retweet")
    assert visible == 0 and total > 0
    assert shown(page, "tweet-reply")[0] > 0
    assert page.evaluate("location.hash") == "#hide=retweets"
    page.get_by_label("Hide replies").check()
    assert shown(page, "tweet-reply")[0] == 0
    assert page.evaluate("location.hash") == "#hide=retweets.replies"
    # Plain posts still show, and the page says how many it hides.
    assert page.locator("main ol.tweets > li:visible").count() > 0
    assert "hidden" in page.locator(".post-filter").inner_text()
    older = page.locator('.pager a[rel="next"]').first
    assert older.get_attribute("href").endswith("#hide=retweets.replies")
    older.click()
    page.wait_for_selector(".post-filter")
    assert page.get_by_label("Hide retweets").is_checked() and page.get_by_label("Hide replies").is_checked()
    visible, total = shown(page, "tweet-retweet")
    assert visible == 0
    page.get_by_label("Hide retweets").uncheck()
    page.get_by_label("Hide replies").uncheck()
    assert page.evaluate("location.hash") in ("", "#")
    assert page.locator("main ol.tweets > li:visible").count() == page.locator("main ol.tweets > li").count()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_a_link_with_the_filter_opens_filtered(sized, site):
    page = sized
    page.goto(list_page(site).as_uri() + "#hide=retweets")
    page.wait_for_selector(".post-filter")
    assert page.get_by_label("Hide retweets").is_checked() and not page.get_by_label("Hide replies").is_checked()
    assert shown(page, "tweet-retweet")[0] == 0


def test_without_javascript_every_post_shows(browser, site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(list_page(site).as_uri() + "#hide=retweets.replies")
    assert page.locator(".post-filter").count() == 0
    assert page.locator("main ol.tweets > li:visible").count() == page.locator("main ol.tweets > li").count() > 0
    context.close()


def test_a_reply_links_its_parent_whose_page_shows_the_thread(sized, site):
    page = sized
    reply = next(p for p in sorted((site / "tweets").glob("*/index.html")) if "thread-above" in p.read_text())
    page.goto(reply.as_uri())
    # The stored posts above it, then its own card, which says whom it answers.
    above = page.locator("main ol.thread-above > li")
    assert above.count() >= 1
    link = page.locator("main > article.tweet-reply .tweet-reply-to a")
    parent = link.get_attribute("href").split("/")[-2]
    # The nearest post above is the one it answers.
    assert above.last.locator(f'a.tweet-date[href*="/{parent}/"]').count() == 1
    link.click()
    page.wait_for_load_state("load")
    assert f"/tweets/{parent}/" in page.url
    # The parent's page lists its stored replies; one of them leads back.
    replies = page.locator("main ol.thread-below > li")
    assert page.get_by_role("heading", name="Replies").is_visible() and replies.count() >= 1
    own = reply.parent.name
    back = page.locator(f'main ol.thread-below a.tweet-date[href*="{own}"]')
    assert back.count() == 1
    back.click()
    page.wait_for_load_state("load")
    assert f"/tweets/{own}/" in page.url
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def test_counts_are_quiet_words_on_the_card_and_on_the_post_page(sized, site):
    page = sized
    page.goto((site / "all-tweets" / "index.html").as_uri())
    counts = page.locator("article .tweet-counts")
    assert counts.count() > 0
    texts = counts.all_inner_texts()
    # Words a screen reader reads, in each network's own words, plural-correct, never a 0.
    word = r"[1-9][\d,]* (repl(y|ies)|retweets?|boosts?|reposts?|quotes?|likes?|favourites?)"
    assert all(re.fullmatch(f"{word}( · {word})*", text) for text in texts), texts
    assert not any(re.search(r"\b1 \w+s\b", text) or re.search(r"\b([2-9]|\d\d+) (reply|like|boost)\b", text) for text in texts), texts
    mastodon = page.locator("article:has(.network-mastodon) .tweet-counts").all_inner_texts()
    assert any(re.search("boost|favourite", text) for text in mastodon) and not any("like" in text for text in mastodon), mastodon
    # Quiet: smaller than the post's text, inside its card, on the page's width.
    first = counts.first
    size = lambda selector: float(page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
    assert float(first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) < size("article .tweet-text")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    # The post's own page shows the same line: open it by its date, as a reader does.
    article = page.locator("main ol.tweets > li > article:not(.tweet-retweet):has(.tweet-counts)").first
    text = article.locator(".tweet-counts").inner_text()
    article.locator(".tweet-head .tweet-date").first.click()
    page.wait_for_selector("main .tweet-counts")
    assert text in page.locator("main .tweet-counts").all_inner_texts()
