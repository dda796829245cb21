"""The site search in Chromium, from file://: words, Japanese, hashtags, the keyboard, shared URLs,
no request leaving the site, and a page that says what to do without JavaScript."""
import pathlib

import axe_selenium_python

AXE = pathlib.Path(axe_selenium_python.__file__).parent / "node_modules" / "axe-core" / "axe.min.js"


def search_page(site):
    return site / "search" / "index.html"


def results(page):
    page.wait_for_selector(".search-results li")
    return page.locator(".search-results li")


def kinds_and_titles(page):
    return page.evaluate("""Array.from(document.querySelectorAll('.search-results li > a')).map(a =>
        [a.querySelector('.search-kind').textContent, a.textContent.slice(a.querySelector('.search-kind').textContent.length)])""")


def test_a_latin_word_finds_its_accented_form_and_highlights_it(page, site):
    page.goto(search_page(site).as_uri())
    page.locator("#site-search").type("programacion")
    items = results(page)
    assert "Programación" in items.first.inner_text() or "programación" in items.first.inner_text()
    marks = page.locator(".search-results mark").all_inner_texts()
    assert any(mark.lower() == "programación" for mark in marks), marks
    assert page.evaluate("location.hash") == "#q=programacion"


def test_a_japanese_word_is_found_inside_a_longer_one(page, site):
    page.goto(search_page(site).as_uri())
    page.locator("#site-search").fill("スター")
    items = results(page)
    texts = items.all_inner_texts()
    assert any("ソードマスター" in text for text in texts), texts
    assert "スター" in page.locator(".search-results mark").all_inner_texts()


def test_a_hashtag_finds_its_search_its_hashtag_and_its_tweets_with_or_without_the_sigil(page, site):
    page.goto(search_page(site).as_uri())
    box = page.locator("#site-search")
    box.fill("#rstats")
    results(page)
    found = kinds_and_titles(page)
    # #rstats is searched on Twitter and on Mastodon: both searches and their combined page come first.
    assert sorted(found[:3]) == [["Search term", "#rstats"], ["Search term", "#rstats everywhere"],
                                 ["Search term", "#rstats on Mastodon"]], found[:4]
    assert ["Hashtag", "#rstats"] in found
    assert any(kind == "Tweet" for kind, _ in found)
    box.fill("rstats")
    page.wait_for_function("document.querySelector('.search-status').textContent.includes('“rstats”')")
    assert kinds_and_titles(page)[:3] == found[:3]


def test_from_any_page_the_keyboard_alone_reaches_a_result(page, site):
    page.goto((site / "index.html").as_uri())
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "site-search"
    page.keyboard.type("python")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search/index.html#q=python")
    results(page)
    position = "Array.from(document.querySelectorAll('.search-results a')).indexOf(document.activeElement)"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(position) == 0
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(position) == 2
    page.keyboard.press("ArrowUp")
    assert page.evaluate(position) == 1
    target = page.evaluate("document.activeElement.href")
    page.keyboard.press("Enter")
    page.wait_for_url(target)
    assert page.locator("main h1").count() == 1


def test_escape_clears_and_a_shared_url_is_restored_on_reload(page, site):
    page.goto(search_page(site).as_uri() + "#q=brexit")
    results(page)
    assert page.locator("#site-search").input_value() == "brexit"
    count = page.locator(".search-results li").count()
    page.reload()
    results(page)
    assert page.locator("#site-search").input_value() == "brexit"
    assert page.locator(".search-results li").count() == count
    page.keyboard.press("Escape")
    assert page.locator("#site-search").input_value() == ""
    assert page.locator(".search-results li").count() == 0
    assert page.evaluate("location.hash") == ""


def test_no_request_leaves_the_site_and_a_query_loads_only_its_shards(browser, site):
    context = browser.new_context()
    page = context.new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(search_page(site).as_uri())
    page.locator("#site-search").fill("python")
    results(page)
    page.wait_for_load_state("networkidle")
    context.close()
    assert [url for url in requests if not url.startswith("file://")] == []
    shards = [url for url in requests if "/search/shards/" in url]
    assert 1 <= len(shards) <= 8, shards
    assert len(list((site / "search" / "shards").iterdir())) > len(shards)


def test_without_javascript_the_page_says_search_needs_it_and_links_to_the_lists(browser, site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(search_page(site).as_uri())
    assert "Search needs JavaScript" in page.locator("main").inner_text()
    assert page.locator("main a", has_text="Searches").count() == 1
    assert not page.locator("form.site-search").is_visible()
    context.close()


def test_the_search_page_with_results_has_no_accessibility_violation(browser, site):
    for scheme in ("light", "dark"):
        context = browser.new_context(color_scheme=scheme, bypass_csp=True)
        page = context.new_page()
        page.goto(search_page(site).as_uri() + "#q=rstats")
        results(page)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
        context.close()
        violations = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
        assert violations == [], str(violations)
