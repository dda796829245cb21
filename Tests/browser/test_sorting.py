"""Open the built site from file:// and use its tables as a person would."""
import re


def table(page, index=0):
    return page.locator("main table").nth(index)


def column(page, which, index):
    """The texts of one column, top to bottom; `which` is a table index."""
    return table(page, which).locator("tbody tr").evaluate_all(
        f"rows => rows.map(r => r.cells[{index}].textContent.trim())")


def open_rstats(page, site):
    page.goto((site / "index.html").as_uri())
    page.get_by_role("navigation", name="Sections").get_by_role("link", name="Searches").click()
    # #rstats is searched on Twitter and on Mastodon: the history has a row for each.
    page.locator("main tr", has_text="Twitter").get_by_role("link", name="#rstats", exact=True).click()
    assert page.locator("h1").inner_text() == "Popularity of #rstats on Twitter"


HASHTAGS = 0


def test_default_order_without_clicking(page, site):
    open_rstats(page, site)
    counts = [int(c) for c in column(page, HASHTAGS, 1)]
    assert len(counts) > 5
    assert counts == sorted(counts, reverse=True)
    assert table(page, HASHTAGS).locator("th[aria-sort]").count() == 0


def test_click_header_sorts_and_sets_fragment_then_reload_restores(page, site):
    open_rstats(page, site)
    page.get_by_role("button", name=re.compile("^Hashtag")).first.click()
    names = column(page, HASHTAGS, 0)
    assert names == sorted(names, key=lambda n: n.lower())
    assert table(page, HASHTAGS).locator("th").first.get_attribute("aria-sort") == "ascending"
    assert page.evaluate("location.hash") == "#hashtags=hashtag:asc"

    page.get_by_role("button", name=re.compile("^Hashtag")).first.click()
    assert column(page, HASHTAGS, 0) == list(reversed(names))
    assert page.evaluate("location.hash") == "#hashtags=hashtag:desc"

    page.reload()
    assert column(page, HASHTAGS, 0) == list(reversed(names))
    assert table(page, HASHTAGS).locator("th").first.get_attribute("aria-sort") == "descending"


def test_numbers_sort_as_numbers_stably_and_shift_click_adds_a_key(page, site):
    open_rstats(page, site)
    default_names = column(page, HASHTAGS, 0)
    tweets = table(page, HASHTAGS).get_by_role("button", name=re.compile("^Tweets"))
    tweets.click()  # numbers start descending
    tweets.click()  # then ascending
    counts = [int(c) for c in column(page, HASHTAGS, 1)]
    assert counts == sorted(counts)
    assert counts[0] < counts[-1] and counts[-1] >= 10  # 10 would sort before 9 as text
    # Stable: equal counts keep the default (alphabetical) order.
    names = column(page, HASHTAGS, 0)
    for count in set(counts):
        tied = [n for n, c in zip(names, counts) if c == count]
        assert tied == [n for n in default_names if n in tied]

    table(page, HASHTAGS).get_by_role("button", name=re.compile("^Hashtag")).click(modifiers=["Shift"])
    assert page.evaluate("location.hash") == "#hashtags=tweets:asc,hashtag:asc"
    table(page, HASHTAGS).get_by_role("button", name=re.compile("^Hashtag")).click(modifiers=["Shift"])
    assert page.evaluate("location.hash") == "#hashtags=tweets:asc,hashtag:desc"
    names, counts = column(page, HASHTAGS, 0), [int(c) for c in column(page, HASHTAGS, 1)]
    pairs = list(zip(counts, names))
    for (c1, n1), (c2, n2) in zip(pairs, pairs[1:]):
        assert c1 < c2 or (c1 == c2 and n1.lower() >= n2.lower())


def test_keyboard_sorts_and_shared_fragment_opens_sorted(page, site):
    open_rstats(page, site)
    users = 1
    button = table(page, users).get_by_role("button", name=re.compile("^User"))
    button.focus()
    page.keyboard.press("Enter")
    names = column(page, users, 0)
    assert names == sorted(names, key=lambda n: n.lower())
    url = page.url
    assert url.endswith("#users=user:asc")

    fresh = page.context.new_page()
    fresh.goto(url)
    assert column(fresh, users, 0) == names
    assert table(fresh, users).locator("th").first.get_attribute("aria-sort") == "ascending"


def test_dates_sort_as_dates_on_the_searches_page(page, site):
    page.goto((site / "searches/index.html").as_uri())
    header = page.get_by_role("button", name=re.compile("^Last searched"))
    header.click()  # dates start newest first
    dates = column(page, 0, 3)
    assert dates == sorted(dates, reverse=True)
    header.click()
    assert column(page, 0, 3) == sorted(dates)
    assert "searches" not in page.evaluate("location.hash") and page.evaluate("location.hash").startswith("#sort=")


def test_links_work_from_disk(page, site):
    page.goto((site / "searches/index.html").as_uri())
    # The header has a Tweets section too: the search's own link is in the table.
    page.locator("main tr", has_text="python").get_by_role("link", name="Posts").click()
    assert page.locator("h1").inner_text().startswith("Tweets for ")
    page.locator("main li a[href*='tweets/']").first.click()
    assert page.locator("h1").inner_text().startswith("Tweet by ")
    assert page.get_by_role("heading", name="Found for").is_visible()
