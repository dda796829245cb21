#!/usr/bin/env python3
"""The README's pictures: the main page kinds of a built sample site, as a reader first sees them,
in Chromium driven by Playwright (the browser the tests use).

    python3 docs/screenshots.py [SITE]     # SITE: a built site folder, default public/ (`make site`)

Writes docs/screenshots/<kind>-<width>-<scheme>.png: desktop (1280×800) in light, phone (390×844) in dark."""
import pathlib
import shutil
import sys

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"

# Each kind with the first page of the site that is one, by a path or a link found on a list page.
KINDS = [
    ("home", "index.html", None),
    ("popularity", "searches/index.html", "main table a[href*='searches/']"),
    ("person", "people/index.html", "main table a[href*='people/']"),
    ("charts", "charts/index.html", None),
    ("places", "places/index.html", None),
    ("search", "search/index.html#q=python", None),
]
SHOTS = [("desktop", 1280, 800, "light"), ("phone", 390, 844, "dark")]


def main():
    site = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "public").resolve()
    if not (site / "index.html").exists():
        sys.exit(f"{site}: no built site (run `make site` first)")
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox"])
        for _, width, height, scheme in SHOTS:
            page = browser.new_page(viewport={"width": width, "height": height}, color_scheme=scheme)
            for kind, path, link in KINDS:
                page.goto((site / path.split("#")[0]).as_uri() + ("#" + path.split("#")[1] if "#" in path else ""))
                if link:
                    page.locator(link).first.click()
                page.wait_for_load_state("load")
                if kind == "search":
                    page.wait_for_selector(".search-results li")
                page.screenshot(path=OUT / f"{kind}-{width}-{scheme}.png")
            page.close()
        browser.close()
    print(f"wrote {len(KINDS) * len(SHOTS)} pictures into {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
