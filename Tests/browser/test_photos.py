"""Photos in Chromium from file://: star a photo and find it on Favorites, open a photo and see it
on Recents, remove it, zoom with the keyboard."""
import re
import struct
import zlib


def png(width, height):
    """A plain grey PNG, standing in for Flickr's images (there is no network here)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\x80" * (width * 3) for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def serve_images(page):
    image = png(640, 480)
    page.route("https://live.staticflickr.com/**", lambda route: route.fulfill(status=200, content_type="image/png", body=image))


def photo(site, photo_id):
    return (site / "photos" / photo_id / "index.html").as_uri()


def test_places_are_sorted_as_a_person_expects(page, site):
    page.goto((site / "places" / "index.html").as_uri())
    names = page.locator("main table tbody td:first-child a").all_text_contents()
    assert names == ["Ålesund", "Kraków", "São Paulo", "Zagreb", "Zürich"]


def test_star_a_photo_and_find_it_on_favorites(page, site):
    page.goto(photo(site, "7309335022"))  # SAM_0861, not a favorite in the store
    star = page.locator("button.star")
    assert star.get_attribute("aria-pressed") == "false"
    star.click()
    assert star.get_attribute("aria-pressed") == "true"
    page.goto((site / "favorites" / "index.html").as_uri())
    # The store's favorites, marked as such, and the browser's, marked as such.
    assert "Zürich" in page.locator("main table").inner_text()
    assert "in the store" in page.locator("main").inner_text()
    starred = page.locator("section", has=page.locator("h2", has_text="Starred in this browser"))
    row = starred.locator("li", has_text="SAM_0861")
    assert "in this browser" in row.inner_text()
    row.locator("a").click()
    assert page.url.endswith("photos/7309335022/index.html")
    page.go_back()
    starred.locator("li", has_text="SAM_0861").get_by_role("button", name="Unstar").click()
    assert starred.locator("li", has_text="SAM_0861").count() == 0


def test_open_a_photo_and_see_it_on_recents_then_remove_it(page, site):
    page.goto(photo(site, "7309335172"))  # DSC_0403, never viewed in the sample store
    page.goto((site / "recents" / "index.html").as_uri())
    rows = page.locator("main li")
    assert "DSC_0403" in rows.first.inner_text()
    texts = rows.all_text_contents()
    # Newest first, once each: the sample store viewed the lizard twice.
    assert sum("lizard" in text for text in texts) == 1
    assert texts.index(next(t for t in texts if "lizard" in t)) < texts.index(next(t for t in texts if "SAM_0861" in t))
    rows.first.get_by_role("button", name="Remove").click()
    assert not any("DSC_0403" in text for text in page.locator("main li").all_text_contents())
    page.reload()
    assert not any("DSC_0403" in text for text in page.locator("main li").all_text_contents())
    assert any("lizard" in text for text in page.locator("main li").all_text_contents())


def test_recents_drop_views_older_than_48_hours_by_the_readers_clock(page, site):
    page.goto((site / "recents" / "index.html").as_uri())
    assert page.locator("main li").count() >= 3
    page.clock.set_fixed_time(__import__("time").time() + 49 * 3600)
    page.reload()
    assert page.locator("main li").count() == 0
    assert "No photo viewed in the last 48 hours" in page.locator("main").inner_text()


def test_zoom_with_the_keyboard(page, site):
    serve_images(page)
    page.goto(photo(site, "7309335090"))
    viewer = page.locator(".viewer")
    image = viewer.locator("img")
    page.wait_for_function("() => document.querySelector('.viewer img').complete")
    fitted = image.bounding_box()["width"]
    page.keyboard.press("+")
    page.keyboard.press("+")
    assert float(viewer.get_attribute("data-zoom")) > 1.5
    assert image.bounding_box()["width"] > fitted * 1.5
    assert re.search(r"Zoom \d+ %", page.locator(".viewer-status").inner_text())
    page.keyboard.press("-")
    page.keyboard.press("0")
    assert viewer.get_attribute("data-zoom") == "1"
    assert abs(image.bounding_box()["width"] - fitted) < 1
    viewer.click()
    assert viewer.get_attribute("data-zoom") == "2"


def test_favorite_images_load_with_the_network_off(browser, tmp_path):
    """A favorite's images are downloaded at build time (from a local server standing in for
    Flickr), copied into the site, and shown from file:// with the browser offline."""
    import http.server
    import json
    import os
    import subprocess
    import threading

    from conftest import REPOSITORY

    image = png(320, 240)

    class Images(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(image)))
            self.end_headers()
            self.wfile.write(image)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Images)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    photo = lambda id, title: {"id": id, "owner": "1@N0", "title": title, "place_id": "here",
                               "url_q": f"{base}/{id}_q.png", "url_l": f"{base}/{id}_b.png", "width_l": 320, "height_l": 240}
    (tmp_path / "photos.json").write_text(json.dumps({"photos": {"page": 1, "pages": 1, "total": 2,
                                                      "photo": [photo("11", "Kept"), photo("12", "Remote")]}, "stat": "ok"}))
    (tmp_path / "tally.toml").write_text('title = "Offline favorites"\n')
    tally = os.environ.get("TALLY", str(REPOSITORY / ".build/debug/tally"))
    project = ["--project", str(tmp_path)]
    subprocess.run([tally, "import", *project, str(tmp_path / "photos.json")], check=True, capture_output=True)
    subprocess.run([tally, "favorite", *project, "11"], check=True, capture_output=True)
    subprocess.run([tally, "build", *project], check=True, capture_output=True,
                   env={**os.environ, "SOURCE_DATE_EPOCH": "1700000000"})
    server.shutdown()
    cached = list((tmp_path / ".tally/cache/photos/images").iterdir())
    assert len(cached) == 2  # the favorite's thumbnail and large image; nothing of photo 12

    context = browser.new_context()
    context.set_offline(True)
    page = context.new_page()
    page.goto((tmp_path / "public/photos/11/index.html").as_uri())
    page.wait_for_function("() => document.querySelector('main img').complete")
    assert page.evaluate("document.querySelector('main img').naturalWidth") == 320
    assert page.locator("main img").get_attribute("src").startswith("../../photos/images/")
    # Not a favorite: the page names the remote image (raised to https); offline, the theme's
    # placeholder shows in its place.
    assert 'src="https://127.0.0.1' in (tmp_path / "public/photos/12/index.html").read_text()
    page.goto((tmp_path / "public/photos/12/index.html").as_uri())
    page.wait_for_function("() => document.querySelector('main img').naturalWidth > 0")
    assert page.locator("main img").get_attribute("src").endswith("assets/picture.svg")
    context.close()
