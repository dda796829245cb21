"""A site built from hostile data (Tests/TallyTests/Fixtures/hostile): opening every page in
Chromium runs no script but the theme's, raises no dialog and requests nothing off the site."""
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest import REPOSITORY


@pytest.fixture(scope="module")
def hostile_site():
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tally-hostile-"))
    files = sorted(str(p) for p in (REPOSITORY / "Tests/TallyTests/Fixtures/hostile").iterdir())
    store = str(folder / "s.sqlite")
    subprocess.run([tally, "import", "--project", str(REPOSITORY), "--store", store, *files], check=True, capture_output=True)
    subprocess.run([tally, "build", "--project", str(REPOSITORY), "--store", store, "--output", str(folder / "public")],
                   check=True, capture_output=True)
    yield folder / "public"
    shutil.rmtree(folder, ignore_errors=True)


def test_every_hostile_page_is_inert(browser, hostile_site):
    pages = sorted(hostile_site.rglob("*.html"))
    assert len(pages) >= 15
    context = browser.new_context()
    page = context.new_page()
    dialogs, errors, requests = [], [], []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append((request.url, request.resource_type)))
    for path in pages:
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        # Only the theme's two script elements exist (the search page adds its index and script, and
        # loads shards only when asked), and no element has an inline event handler.
        scripts = page.evaluate("Array.from(document.scripts).map(s => s.getAttribute('src'))")
        if path == hostile_site / "404.html":
            # Opened from disk, the 404 page's one inline script (allowed by its hash, not data)
            # loads the theme's two scripts again by relative paths.
            assert scripts[2:] == ["assets/site.js", "assets/tally.js", None], scripts
            assert "data-root" in page.evaluate("document.scripts[4].outerHTML")
            scripts = scripts[:2]
        extra = ["../search/index.js", "../assets/search.js"] if path.parent.name == "search" and path.parent.parent == hostile_site else []
        if not extra and len(scripts) == 3 and scripts[2].endswith("assets/posts.js"):
            # A list of posts loads the theme's filter script too: the theme's own file, never data's.
            assert (path.parent / scripts[2]).resolve() == (hostile_site / "assets" / "posts.js").resolve(), (path, scripts)
            scripts = scripts[:2]
        assert len(scripts) == 2 + len(extra) and scripts[0].endswith("assets/site.js") and scripts[1].endswith("assets/tally.js"), (path, scripts)
        assert scripts[2:] == extra, (path, scripts)
        handlers = page.evaluate("""Array.from(document.querySelectorAll('*')).flatMap(e =>
            Array.from(e.attributes).filter(a => a.name.startsWith('on')).map(a => e.tagName + ' ' + a.name))""")
        assert handlers == [], (path, handlers)
        links = page.evaluate("Array.from(document.querySelectorAll('a[href]')).map(a => a.protocol)")
        assert set(links) <= {"file:", "https:", "http:", "mailto:"}, (path, set(links))
        # Clicking every link in the body must not run script either.
        # Pictures come only from the theme's code (avatars, thumbnails), never from data's markup.
        classes = page.evaluate("Array.from(document.images).map(i => i.classList[0])")
        assert set(classes) <= {"avatar-img", "thumb", "zoomable"}, (path, classes)
    # Hostile text found by the search shows as text too.
    for query in ["script", "onerror", "javascript", "img"]:
        page.goto((hostile_site / "search" / "index.html").as_uri() + "#q=" + query)
        page.wait_for_timeout(300)
        assert page.locator("main img, main script, main iframe").count() == 0
        hrefs = page.evaluate("Array.from(document.querySelectorAll('.search-results a')).map(a => a.protocol)")
        assert set(hrefs) <= {"file:"}, hrefs
    context.close()
    assert dialogs == [] and errors == []
    assert [(url, kind) for url, kind in requests if not url.startswith("file://") and not (kind == "image" and url.startswith("https://"))] == []
