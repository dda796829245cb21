"""Builds the sample site from content/ once per run and opens it in Debian's Chromium."""
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest
from playwright.sync_api import sync_playwright

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def site():
    """The sample dashboard, built with the repository's theme into a temporary folder."""
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="tally-browser-"))
    folder.chmod(0o755)  # linkchecker drops root's privileges and must still read the site
    store = folder / "tally.sqlite"
    output = folder / "public"
    files = sorted(str(p) for p in (REPOSITORY / "content/data").iterdir())
    subprocess.run([tally, "import", "--project", str(REPOSITORY), "--store", str(store), *files], check=True, capture_output=True)
    apply_photo_marks(tally, store)
    subprocess.run([tally, "build", "--project", str(REPOSITORY), "--store", str(store), "--output", str(output)],
                   check=True, capture_output=True, env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
    yield output
    shutil.rmtree(folder, ignore_errors=True)


def apply_photo_marks(tally, store):
    """What `make site` does after importing: content/photos-marks.txt's favorites and views."""
    import time
    now = int(time.time())
    for line in (REPOSITORY / "content/photos-marks.txt").read_text().splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        command = [tally, words[0], "--project", str(REPOSITORY), "--store", str(store), words[1]]
        if words[0] == "viewed":
            command += ["--at", str(now - 60 * int(words[2] if len(words) > 2 else 0))]
        subprocess.run(command, check=True, capture_output=True)


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                             args=["--no-sandbox"])
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"script errors: {errors}"


SCREENSHOTS = REPOSITORY / ".build" / "screenshots"


def pytest_terminal_summary(terminalreporter):
    if SCREENSHOTS.exists() and any(SCREENSHOTS.iterdir()):
        terminalreporter.write_line(f"Screenshots of every page kind: {SCREENSHOTS}")
