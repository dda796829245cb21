#!/usr/bin/env python3
"""Site search: Tally's index against Pagefind 1.5.2 on the same site, in the same run.

    python3 bench/search_bench.py --tweets 100000 [--runs 3] [--words music,ärger] [--work /dev/shm/tally-search-bench]

Generates the tweets (bench/generate.py), imports them, and builds the site into tmpfs with
`tally build --verbose`, whose "index search" step gives the index's time and the memory it added
(the step's peak resident memory above the memory in use when it began). Pagefind then indexes that
same built site (`pagefind --site`, into a folder beside it), under GNU time for its peak memory.
Sizes are the bytes of the files each wrote (Tally: `search/` without its page).

In headless Chromium: Tally's search page from file://, Pagefind's JavaScript API over a local HTTP
server on 127.0.0.1. "First" is one query after the page (Tally) or `pagefind.init()` (Pagefind)
has loaded, in a fresh browser context: for Tally from the input event to the results in the
page, for Pagefind from `search()` to the data of its first five results. "Warm" repeats the query
once its files are loaded. Bytes and requests count every search file the browser asked for, from
the page's start (Tally: search/index.js, assets/search.js, shards, records; Pagefind: its script,
WebAssembly, entry, metadata, index chunks and fragments)."""
import argparse
import functools
import http.server
import json
import os
import pathlib
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parents[1]
TALLY = pathlib.Path(os.environ.get("TALLY", ROOT / ".build" / "release" / "tally"))


def pagefind_binary():
    import pagefind_bin  # from `pip install 'pagefind[bin]==1.5.2'`
    return pathlib.Path(pagefind_bin.__file__).parent / "pagefind"


def timed(command, env=None):
    """Runs a command under GNU time; returns (seconds, CPU seconds, peak MiB, stdout)."""
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M %U %S", *map(str, command)], capture_output=True, env={**os.environ, **(env or {})})
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stderr.decode()[-3000:]}")
    peak, user, system = result.stderr.decode().strip().splitlines()[-1].split()
    return elapsed, float(user) + float(system), int(peak) / 1024, result.stdout.decode()


def folder_size(folder, skip=()):
    """Bytes of the files, bytes they take on disk (allocated blocks, as `du`), and how many."""
    files = [p for p in folder.rglob("*") if p.is_file() and p.name not in skip]
    return sum(p.stat().st_size for p in files), sum(p.stat().st_blocks * 512 for p in files), len(files)


def tally_browser(site, words, repeats):
    from playwright.sync_api import sync_playwright
    measure = """(word) => new Promise(resolve => {
        const list = document.querySelector('.search-results'), input = document.getElementById('site-search');
        const observer = new MutationObserver(() => {
            if (list.children.length) { observer.disconnect(); resolve([performance.now() - start, document.querySelector('.search-status').textContent]); }
        });
        observer.observe(list, {childList: true});
        const start = performance.now();
        input.value = word;
        input.dispatchEvent(new Event('input'));
    })"""
    clear = "() => { const input = document.getElementById('site-search'); input.value = ''; input.dispatchEvent(new Event('input')); }"
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox"])
        for word in words:
            context = browser.new_context()
            page = context.new_page()
            requests = []
            page.on("request", lambda request: requests.append(request.url))
            page.goto((site / "search" / "index.html").as_uri())
            page.wait_for_load_state("load")
            first, status = page.evaluate(measure, word)
            page.wait_for_load_state("networkidle")
            warm = []
            for _ in range(repeats):
                page.evaluate(clear)
                warm.append(page.evaluate(measure, word)[0])
            searched = [urllib.parse.unquote(urllib.parse.urlparse(u).path) for u in requests
                        if "/search/" in u and not u.endswith(".html") or u.endswith("/assets/search.js")]
            outside = [u for u in requests if not u.startswith("file://")]
            assert not outside, outside
            size = sum(pathlib.Path(p).stat().st_size for p in searched)
            out[word] = {"first_ms": first, "warm_ms": statistics.median(warm), "bytes": size, "requests": len(searched), "status": status}
            context.close()
        browser.close()
    return out


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def pagefind_browser(bundle_parent, words, repeats):
    from playwright.sync_api import sync_playwright
    (bundle_parent / "bench.html").write_text("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Pagefind</title></head><body></body></html>")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(bundle_parent)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    search = """async (word) => {
        const start = performance.now();
        const found = await window.pf.search(word);
        await Promise.all(found.results.slice(0, 5).map(r => r.data()));
        return [performance.now() - start, found.results.length];
    }"""
    out = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox"])
        for word in words:
            context = browser.new_context()
            page = context.new_page()
            responses = []
            page.on("response", lambda response: responses.append(response))
            page.goto(base + "/bench.html")
            page.evaluate("async () => { window.pf = await import('/pagefind/pagefind.js'); await window.pf.init(); }")
            first, count = page.evaluate(search, word)
            page.wait_for_load_state("networkidle")
            warm = [page.evaluate(search, word)[0] for _ in range(repeats)]
            files = [r for r in responses if "/pagefind/" in r.url]
            size = sum(len(r.body()) for r in files)
            out[word] = {"first_ms": first, "warm_ms": statistics.median(warm), "bytes": size, "requests": len(files), "status": f"{count} results"}
            context.close()
        browser.close()
    server.shutdown()
    return out


def run(tweets, runs=3, words=("music", "ärger"), work="/dev/shm/tally-search-bench", repeats=5, json_path=None):
    """Measures both and returns the table's rows (measure, Tally, Pagefind, ratio)."""
    args = argparse.Namespace(tweets=tweets, runs=runs, repeats=repeats, json=json_path)
    work = pathlib.Path(work)
    work.mkdir(parents=True, exist_ok=True)
    words = list(words)

    data = work / f"tweets-{args.tweets}.jsonl"
    if not data.exists():
        subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", str(args.tweets), "--out", data], check=True)
    store = work / f"tally-{args.tweets}.sqlite"
    if not store.exists():
        subprocess.run([TALLY, "import", "--store", store, data], check=True, capture_output=True)
    site = work / "site"
    bundle_parent = work / "pagefind-out"

    tally_runs, pagefind_runs = [], []
    for _ in range(args.runs):
        shutil.rmtree(site, ignore_errors=True)
        for leftover in work.glob(".site*"):
            shutil.rmtree(leftover, ignore_errors=True) if leftover.is_dir() else leftover.unlink()
        seconds, _, peak, out = timed([TALLY, "build", "--verbose", "--project", ROOT, "--store", store, "--output", site],
                                      {"SOURCE_DATE_EPOCH": "1700000000"})
        step = re.search(r"index search: ([\d.]+) ms \(cpu ([\d.]+) ms\), peak (\d+) MiB \(\+(\d+) MiB\)", out)
        pages = int(re.search(r"Built (\d+) pages", out).group(1))
        tally_runs.append({"index_s": float(step.group(1)) / 1000, "index_cpu_s": float(step.group(2)) / 1000,
                           "index_added_mib": int(step.group(4)), "step_peak_mib": int(step.group(3)),
                           "build_s": seconds, "build_peak_mib": peak, "pages": pages})
    for _ in range(args.runs):
        shutil.rmtree(bundle_parent, ignore_errors=True)
        seconds, cpu, peak, _ = timed([pagefind_binary(), "--site", site, "--output-path", bundle_parent / "pagefind", "--quiet"])
        pagefind_runs.append({"index_s": seconds, "index_cpu_s": cpu, "peak_mib": peak})

    tally_bytes, tally_disk, tally_files = folder_size(site / "search", skip=("index.html",))
    pagefind_bytes, pagefind_disk, pagefind_files = folder_size(bundle_parent / "pagefind")
    tally_queries = tally_browser(site, words, args.repeats)
    pagefind_queries = pagefind_browser(bundle_parent, words, args.repeats)

    def median(runs, key):
        return statistics.median(run[key] for run in runs)

    t_index, p_index = median(tally_runs, "index_s"), median(pagefind_runs, "index_s")
    t_cpu, p_cpu = median(tally_runs, "index_cpu_s"), median(pagefind_runs, "index_cpu_s")
    t_memory, p_memory = median(tally_runs, "index_added_mib"), median(pagefind_runs, "peak_mib")
    rows = [
        (f"index {args.tweets:,} tweets ({tally_runs[0]['pages']:,} pages): wall clock", f"{t_index:.2f} s", f"{p_index:.1f} s", f"{t_index / p_index:.3f}×"),
        ("index: CPU time (user + system)", f"{t_cpu:.2f} s", f"{p_cpu:.1f} s", f"{t_cpu / p_cpu:.3f}×"),
        ("memory to index", f"+{t_memory:,.0f} MiB (whole build peak {median(tally_runs, 'build_peak_mib'):,.0f} MiB)",
         f"{p_memory:,.0f} MiB", f"{t_memory / p_memory:.3f}× (build peak: {median(tally_runs, 'build_peak_mib') / p_memory:.2f}×)"),
        ("index on disk (allocated, as du)", f"{tally_disk / 1e6:.1f} MB in {tally_files:,} files", f"{pagefind_disk / 1e6:.1f} MB in {pagefind_files:,} files",
         f"{tally_disk / pagefind_disk:.3f}×"),
        ("index: bytes of its files", f"{tally_bytes / 1e6:.1f} MB", f"{pagefind_bytes / 1e6:.1f} MB", f"{tally_bytes / pagefind_bytes:.3f}×"),
    ]
    for word in words:
        t, p = tally_queries[word], pagefind_queries[word]
        rows.append((f"one-word query “{word}”: bytes and requests", f"{t['bytes'] / 1024:,.0f} KB in {t['requests']} ({t['status']})",
                     f"{p['bytes'] / 1024:,.0f} KB in {p['requests']} ({p['status']})", f"{t['bytes'] / p['bytes']:.2f}×"))
        rows.append((f"“{word}”: keystroke to results, first / warm", f"{t['first_ms']:.0f} ms / {t['warm_ms']:.1f} ms",
                     f"{p['first_ms']:.0f} ms / {p['warm_ms']:.1f} ms", ""))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps({"tally": tally_runs, "pagefind": pagefind_runs, "tally_queries": tally_queries,
                                                       "pagefind_queries": pagefind_queries, "rows": rows}, indent=1, ensure_ascii=False))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tweets", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=5, help="warm queries per word")
    parser.add_argument("--words", default="music,ärger")
    parser.add_argument("--work", default="/dev/shm/tally-search-bench")
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    rows = run(args.tweets, args.runs, args.words.split(","), args.work, args.repeats, args.json)
    print(f"Site search, {args.tweets:,} tweets, median of {args.runs} index runs and {args.repeats} warm queries\n")
    print("| measure | Tally (file://) | Pagefind 1.5.2 (http://127.0.0.1) | Tally vs Pagefind |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
