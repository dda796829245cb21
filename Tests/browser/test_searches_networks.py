"""A term searched on two networks in the sample site (#rstats on Twitter and on Mastodon), in
Chromium at a phone's width and a desktop's: the history's rows with their badges, each network's
page linking to the combined page, and the combined page counting each post once."""
from conftest import SCREENSHOTS
from test_reader import sized  # noqa: F401 (the fixture: a page at 390 and at 1280 px, offline)


def sticks_out(page):
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def count(page, table, label):
    row = page.locator("main table").nth(table).locator("tbody tr", has=page.get_by_role("link", name=label, exact=True))
    return int(row.locator("td").nth(1).inner_text().replace(",", ""))


def test_the_history_shows_each_network_and_the_pages_link_to_the_combined_one(sized, site):
    page = sized
    page.goto((site / "searches" / "index.html").as_uri())
    rows = page.locator("main tbody tr", has=page.get_by_role("link", name="#rstats", exact=True))
    assert rows.count() == 2
    assert sorted(rows.locator(".network-badge").all_inner_texts()) == ["Mastodon", "Twitter"]
    rows.filter(has_text="Mastodon").get_by_role("link", name="#rstats", exact=True).click()
    assert page.locator("h1").inner_text() == "Popularity of #rstats on Mastodon"
    assert sticks_out(page) == 0
    page.screenshot(path=str(SCREENSHOTS / f"popularity-mastodon-{page.viewport_size['width']}.png"), full_page=True)
    mastodon_rstats = count(page, 0, "#rstats")
    page.get_by_role("link", name="#rstats everywhere").click()
    assert page.locator("h1").inner_text() == "Popularity of #rstats everywhere"
    assert sticks_out(page) == 0
    page.screenshot(path=str(SCREENSHOTS / f"popularity-everywhere-{page.viewport_size['width']}.png"), full_page=True)
    # The networks' table, then the hashtags: each network's posts add up, each counted once.
    networks = {name: count(page, 0, name) for name in ["Twitter", "Mastodon"]}
    assert networks["Mastodon"] == 6
    assert f"{sum(networks.values())} posts stored for #rstats" in page.locator("main").inner_text()
    everywhere_rstats = count(page, 1, "#rstats")
    page.get_by_role("link", name="Twitter", exact=True).click()
    assert page.locator("h1").inner_text() == "Popularity of #rstats on Twitter"
    assert count(page, 0, "#rstats") + mastodon_rstats == everywhere_rstats
    assert page.get_by_role("link", name="#rstats everywhere").is_visible()


def test_the_combined_page_lists_the_terms_posts_from_every_network(sized, site):
    page = sized
    page.goto((site / "searches" / "index.html").as_uri())
    page.locator("main tbody tr", has=page.get_by_role("link", name="#rstats", exact=True)).filter(has_text="Mastodon") \
        .get_by_role("link", name="#rstats", exact=True).click()
    page.get_by_role("link", name="#rstats everywhere").click()
    total = sum(count(page, 0, name) for name in ["Twitter", "Mastodon"])
    page.get_by_role("link", name="Its posts").click()
    assert page.locator("h1").inner_text() == "Posts for #rstats everywhere"
    assert f"{total} posts, newest first" in page.locator("main").inner_text()
    assert sticks_out(page) == 0
    # Every post once, from both networks, across the pages: 50 on the oldest, the rest on the newest.
    # Retweets of one original on a page share one card, which lists each of them.
    def posts():
        return (page.locator("main ol.tweets > li").count() - page.locator("main .tweet-group").count()
                + page.locator("main .tweet-group .tweet-retweets li").count())
    newest = posts()
    badges = set(page.locator("main ol.tweets .network-badge").all_inner_texts())
    page.get_by_role("link", name="Older →").first.click()  # the pager above the list and below it
    assert page.title().startswith("Posts for #rstats everywhere (page 1)")
    older = posts()
    badges |= set(page.locator("main ol.tweets .network-badge").all_inner_texts())
    assert (older, newest + older) == (50, total)
    assert {"Mastodon", "Twitter"} <= badges
    page.get_by_role("link", name="Popularity").click()
    assert page.locator("h1").inner_text() == "Popularity of #rstats everywhere"
