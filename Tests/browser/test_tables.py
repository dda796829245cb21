"""Filter boxes and windowed long tables, from file://, as a person would use them."""
import csv
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import pytest

from conftest import REPOSITORY
from test_quality import AXE

ROWS = 5000  # a popularity table well past the windowing threshold
TOTAL = ROWS + 1  # the term's own hashtag is in every tweet


@pytest.fixture(scope="module")
def big_site():
    """A site whose one term has ROWS (and its own) distinct hashtags (bench/big_table.py), so its table is windowed."""
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tally-tables-"))
    data = folder / "big.jsonl"
    subprocess.run([sys.executable, REPOSITORY / "bench/big_table.py", "--rows", str(ROWS), "--out", data], check=True)
    store = folder / "tally.sqlite"
    subprocess.run([tally, "import", "--store", str(store), str(data)], check=True, capture_output=True)
    subprocess.run([tally, "build", "--project", str(REPOSITORY), "--store", str(store), "--output", str(folder / "public")],
                   check=True, capture_output=True, env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
    page = next((folder / "public/searches").glob("*/index.html"))
    yield page
    shutil.rmtree(folder, ignore_errors=True)


def csv_rows(page):
    """The hashtags CSV's rows as the table shows them: (#name, count)."""
    with open(page.parent / "hashtags.csv", newline="", encoding="utf-8") as file:
        return [["#" + name, count] for name, count in list(csv.reader(file))[1:]]


def body_rows(page, which=0):
    """The rendered data rows of a table (spacers left out): (aria-rowindex, first cell, second cell)."""
    return page.locator("main table").nth(which).locator("tbody tr:not(.table-spacer)").evaluate_all(
        "rows => rows.map(r => [r.getAttribute('aria-rowindex'), r.cells[0].textContent.trim(), (r.cells[1] || r.cells[0]).textContent.trim()])")


def open_page(page, path, fragment=""):
    problems = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.goto(path.as_uri() + fragment)
    page.wait_for_function("performance.getEntriesByName('tally-tables').length > 0")
    return problems


def test_typing_filters_and_updates_count_and_url(page, site):
    popularity = next(p for p in sorted((site / "searches").glob("*/index.html")) if "rstats" in str(p))
    open_page(page, popularity)
    box = page.get_by_role("searchbox", name="Filter Hashtags")
    total = len(body_rows(page))
    assert page.locator(".table-count").first.inner_text() == f"Showing {total} of {total}"
    box.fill("R")
    shown = body_rows(page)
    assert 0 < len(shown) < total
    assert all("r" in name.lower() for _, name, _ in shown)
    assert page.locator(".table-count").first.inner_text() == f"Showing {len(shown)} of {total}"
    assert page.evaluate("location.hash") == "#hashtags.filter=R"
    box.press("Escape")
    assert box.input_value() == "" and len(body_rows(page)) == total
    assert page.evaluate("location.hash") == ""


def test_every_table_of_more_than_a_handful_of_rows_has_a_filter_box(page, site):
    for path in [site / "index.html", site / "searches/index.html", *sorted((site / "searches").glob("*/index.html"))[:5]]:
        open_page(page, path)
        # A plot's own table of numbers, folded under it, repeats a table above and gets no filter.
        counts = page.locator("main table:not(.plot-table)").evaluate_all("tables => tables.map(t => t.tBodies[0].rows.length)")
        boxes = page.locator("main .table-filter").count()
        assert boxes == sum(1 for n in counts if n > 5), path


def test_filter_ignores_case_and_accents_on_a_windowed_table(page, big_site):
    assert open_page(page, big_site) == []
    page.get_by_role("searchbox", name="Filter Hashtags").fill("ZURICH")
    names = [name for _, name, _ in body_rows(page)]
    expected = [name for name, _ in csv_rows(big_site) if "zürich" in name.lower()]
    assert names and names == expected[:len(names)]
    assert page.locator(".table-count").first.inner_text() == f"Showing {len(expected)} of {TOTAL:,}"


def test_a_shared_url_with_filter_and_sort_restores_both(page, big_site):
    open_page(page, big_site, "#hashtags=tweets:asc,hashtag:asc&hashtags.filter=music")
    assert page.get_by_role("searchbox", name="Filter Hashtags").input_value() == "music"
    assert page.locator("main th").nth(1).get_attribute("aria-sort") == "ascending"
    shown = body_rows(page)
    matching = [(int(count), name) for name, count in csv_rows(big_site) if "music" in name.lower()]
    assert page.locator(".table-count").first.inner_text() == f"Showing {len(matching):,} of {TOTAL:,}"
    counts = [int(count) for _, _, count in shown]
    assert counts == sorted(counts) and counts[0] == min(c for c, _ in matching)
    assert all("music" in name for _, name, _ in shown)


def scroll_to_end(page, which=0):
    page.locator("main .table-scroll").nth(which).evaluate("box => { box.scrollTop = box.scrollHeight; }")
    page.wait_for_timeout(200)
    page.locator("main .table-scroll").nth(which).evaluate("box => { box.scrollTop = box.scrollHeight; }")
    page.wait_for_timeout(200)


def test_scrolling_and_keyboard_reach_the_last_row(page, big_site):
    open_page(page, big_site)
    rows = csv_rows(big_site)
    assert page.locator("main table").first.get_attribute("aria-rowcount") == str(TOTAL + 1)
    assert len(body_rows(page)) < 100, "only the rows on screen are in the document"
    scroll_to_end(page)
    last = body_rows(page)[-1]
    assert last == [str(TOTAL + 1), rows[-1][0], rows[-1][1]]
    # Keyboard: Home in the focused scroll box goes back to the first row.
    page.locator("main .table-scroll").first.focus()
    page.keyboard.press("Home")
    page.wait_for_timeout(300)
    assert body_rows(page)[0] == ["2", rows[0][0], rows[0][1]]


def test_sorting_a_windowed_table_sorts_all_rows(page, big_site):
    open_page(page, big_site)
    counts = [int(count) for _, count in csv_rows(big_site)]
    tweets = page.locator("main table").first.get_by_role("button", name=re.compile("^Tweets"))
    tweets.click()  # numbers start descending
    tweets.click()  # then ascending
    assert page.evaluate("location.hash") == "#hashtags=tweets:asc"
    first = body_rows(page)[0]
    assert first[0] == "2" and int(first[2]) == min(counts)
    scroll_to_end(page)
    last = body_rows(page)[-1]
    assert last[0] == str(TOTAL + 1) and int(last[2]) == max(counts)


def test_without_javascript_the_first_rows_and_the_csv_link_are_there(browser, big_site):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(big_site.as_uri())
    rows = csv_rows(big_site)
    shown = body_rows(page)
    assert len(shown) == 100
    assert [(name, count) for _, name, count in shown] == [tuple(row) for row in rows[:100]]
    link = page.get_by_role("link", name=f"All {TOTAL:,} rows as CSV")
    assert link.count() == 1
    assert (big_site.parent / link.get_attribute("href")).resolve() == (big_site.parent / "hashtags.csv").resolve()
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_accessibility_violation_on_a_windowed_table(browser, big_site, scheme):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    page.goto(big_site.as_uri() + "#hashtags.filter=data")
    page.wait_for_function("performance.getEntriesByName('tally-tables').length > 0")
    page.locator("main .table-scroll").first.evaluate("box => { box.scrollTop = 5000; }")
    page.wait_for_timeout(200)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    context.close()
    violations = [(v["id"], v["help"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert violations == []
