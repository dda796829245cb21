"""`tally serve` in Chromium (a page open in the browser reloads by itself after a template edit, the
theme's 404 page) and a published site served from a sub-path by a plain static server."""
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

import pytest

from conftest import REPOSITORY


@pytest.fixture
def served():
    """A new project with one search imported, served on a free port; yields (project, base URL)."""
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tally-serve-browser-"))
    project = folder / "site"
    subprocess.run([tally, "init", str(project)], check=True, capture_output=True)
    shutil.copy(REPOSITORY / "content/data/rstats-extended.json", project / "content")
    subprocess.run([tally, "import", "content/"], cwd=project, check=True, capture_output=True)
    log = open(folder / "serve.log", "w+")
    process = subprocess.Popen([tally, "serve", "--port", "0"], cwd=project, stdout=log, stderr=subprocess.STDOUT)
    address = None
    deadline = time.time() + 60
    while time.time() < deadline and address is None and process.poll() is None:
        time.sleep(0.1)
        log.seek(0)
        found = re.search(r"Serving on (http://127\.0\.0\.1:\d+/)", log.read())
        address = found.group(1) if found else None
    assert address, (folder / "serve.log").read_text()
    yield project, address, process
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
    log.close()
    shutil.rmtree(folder, ignore_errors=True)


def test_a_template_change_reloads_the_open_page(page, served):
    project, address, process = served
    violations = []
    page.on("console", lambda message: violations.append(message.text) if "Content Security Policy" in message.text else None)
    page.goto(address + "searches/")
    assert page.locator("h1").inner_text() == "Searches"
    template = project / "templates" / "twitter" / "searches.md"
    template.write_text(template.read_text() + "\nEdited while serving.\n")
    # No action in the page: the reload script notices the new build and reloads.
    page.wait_for_selector("text=Edited while serving.", timeout=30000)
    assert violations == []
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=30) == 0


def test_a_missing_page_is_the_themes_404(page, served):
    _, address, _ = served
    response = page.goto(address + "no/such/page/")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Page not found"
    # Its links start from the root, so the stylesheet loads at any depth.
    assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).display") != "inline"


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_a_published_site_works_from_a_sub_path(page):
    """Built with a base URL under /dash/, published to a folder, served by a plain static server."""
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tally-subpath-"))
    project = folder / "site"
    port = free_port()
    base = f"http://127.0.0.1:{port}/dash/"
    subprocess.run([tally, "init", str(project)], check=True, capture_output=True)
    shutil.copy(REPOSITORY / "content/data/rstats-extended.json", project / "content")
    subprocess.run([tally, "import", "content/"], cwd=project, check=True, capture_output=True)
    subprocess.run([tally, "build", "--base-url", base], cwd=project, check=True, capture_output=True)
    subprocess.run([tally, "publish", "--to", str(folder / "www" / "dash")], cwd=project, check=True, capture_output=True)
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder / "www")],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                urllib.request.urlopen(base, timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        page.goto(base)
        assert page.evaluate("getComputedStyle(document.querySelector('.site-header')).display") != "inline"
        assert page.locator("link[rel=canonical]").get_attribute("href") == base
        page.click("nav >> text=Searches")
        assert page.url == base + "searches/index.html"
        assert page.locator("h1").inner_text() == "Searches"
        page.click("table a >> nth=0")
        assert page.locator("h1").inner_text().startswith("Popularity of")
        assert urllib.request.urlopen(base + "sitemap.xml").read().decode().count(f"<loc>{base}") > 10
        assert f"Sitemap: {base}sitemap.xml" in urllib.request.urlopen(base + "robots.txt").read().decode()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)
