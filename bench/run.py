#!/usr/bin/env python3
"""`make bench`: Tally against its peers on the same generated data, one table of medians.

    python3 bench/run.py [--sizes 10k,100k,1M] [--build-sizes 10k,100k] [--runs 3]

Import: `tally import` and the plain Python peer (bench/python_import.py) on the same JSON Lines
file. Build: `tally build` and Hugo on the same pages (bench/hugo_site.py), both writing to the
same disk. Incremental: files Tally writes when one search page is added. Sorting: a 10,000-row
table sorted by the theme's script in Chromium. Site search: Tally's index against Pagefind 1.5.2
on the same built site in tmpfs (bench/search_bench.py). Each figure is the median of --runs runs; peak
memory is the child's maximum resident set (GNU time's %M)."""
import argparse
import json
import os
import pathlib
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORK = ROOT / ".build" / "bench"
TALLY = ROOT / ".build" / "release" / "tally"


def size_of(text):
    return int(float(text[:-1]) * {"k": 1_000, "M": 1_000_000}[text[-1]]) if text[-1] in "kM" else int(text)


def run(command, env=None):
    """Runs a command; returns (seconds, peak resident MiB, stdout)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    out, err = process.communicate()
    elapsed = time.perf_counter() - started
    if process.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{err.decode()[-2000:]}")
    return elapsed, out.decode()


def measured(command, env=None):
    """Runs a command under GNU time for its peak memory; returns (seconds, MiB, stdout)."""
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *map(str, command)], capture_output=True, env={**os.environ, **(env or {})})
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stderr.decode()[-2000:]}")
    peak_kib = int(result.stderr.decode().strip().splitlines()[-1])
    return elapsed, peak_kib / 1024, result.stdout.decode()


def median_runs(runs, make_command, before=None):
    times, peaks, out = [], [], ""
    for _ in range(runs):
        if before:
            before()
        command, env = make_command()
        seconds, peak, out = measured(command, env)
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), statistics.median(peaks), out


def remove(*paths):
    for path in paths:
        for candidate in WORK.glob(path.name + "*") if isinstance(path, pathlib.Path) else []:
            if candidate.is_dir():
                shutil.rmtree(candidate)
            else:
                candidate.unlink()


def sort_benchmark(runs):
    """Median milliseconds to sort a 10,000-row table by a click, in Chromium from file://."""
    from playwright.sync_api import sync_playwright
    folder = WORK / "sort"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "templates/assets/tally.js", folder / "tally.js")
    shutil.copy(ROOT / "templates/assets/tally.css", folder / "tally.css")
    rows = "\n".join(f"<tr><td>tag{(i * 7919) % 10000}</td><td class=\"align-right\">{(i * 104729) % 5000}</td>"
                     f"<td>20{10 + i % 15}-0{1 + i % 9}-1{i % 10} 12:00</td></tr>" for i in range(10_000))
    (folder / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sort benchmark</title>
<link rel="stylesheet" href="tally.css"><script src="tally.js" defer></script></head><body><main><h1>Sort</h1>
<table><thead><tr><th>Tag</th><th class="align-right">Count</th><th>Date</th></tr></thead><tbody>{rows}</tbody></table></main></body></html>""")
    timings = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page()
        page.goto((folder / "index.html").as_uri())
        page.wait_for_selector("th button")
        # The script works out sort keys when the page is idle after load; let it.
        page.wait_for_timeout(1500)
        for n in range(runs * 3):
            column = n % 3
            timings.append(page.evaluate(f"""() => {{
                const button = document.querySelectorAll('th button')[{column}];
                const start = performance.now();
                button.click();
                return performance.now() - start; }}"""))
        browser.close()
    return statistics.median(timings)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10k,100k,1M")
    parser.add_argument("--build-sizes", default="10k,100k")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--search-size", default="100k", help="tweets for the site search against Pagefind (0: skip)")
    args = parser.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    rows = []

    for label in args.sizes.split(","):
        tweets = size_of(label)
        data = WORK / f"tweets-{label}.jsonl"
        if not data.exists():
            subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", str(tweets), "--out", data], check=True)
        megabytes = data.stat().st_size / 1e6
        tally_store, python_store = WORK / f"tally-{label}.sqlite", WORK / f"python-{label}.sqlite"

        def clean(store):
            return lambda: [p.unlink() for p in WORK.glob(store.name + "*")]
        t_time, t_peak, _ = median_runs(args.runs, lambda: ([TALLY, "import", "--store", tally_store, data], None), clean(tally_store))
        p_time, p_peak, _ = median_runs(args.runs, lambda: ([sys.executable, ROOT / "bench/python_import.py", python_store, data], None), clean(python_store))
        rows.append((f"import {label} tweets ({megabytes:.0f} MB JSONL)", f"{tweets / t_time:,.0f} tweets/s, {megabytes / t_time:,.0f} MB/s, {t_peak:,.0f} MiB",
                     f"{tweets / p_time:,.0f} tweets/s, {megabytes / p_time:,.0f} MB/s, {p_peak:,.0f} MiB", f"{p_time / t_time:.2f}× faster"))

        if label in args.build_sizes.split(","):
            out = WORK / f"site-{label}"
            def clean_out():
                shutil.rmtree(out, ignore_errors=True)
                for leftover in WORK.glob(f".site-{label}*"):
                    shutil.rmtree(leftover, ignore_errors=True) if leftover.is_dir() else leftover.unlink()
            b_time, b_peak, b_out = median_runs(args.runs, lambda: ([TALLY, "build", "--project", ROOT, "--store", tally_store, "--output", out],
                                                                    {"SOURCE_DATE_EPOCH": "1700000000"}), clean_out)
            pages = int(re.search(r"Built (\d+) pages", b_out).group(1))
            hugo_source, hugo_out = WORK / f"hugo-{label}", WORK / f"hugo-{label}-public"
            if not hugo_source.exists():
                subprocess.run([sys.executable, ROOT / "bench/hugo_site.py", python_store, hugo_source], check=True)
            h_time, h_peak, _ = median_runs(args.runs, lambda: (["hugo", "--source", hugo_source, "--destination", hugo_out, "--quiet"], None),
                                            lambda: shutil.rmtree(hugo_out, ignore_errors=True))
            hugo_pages = sum(1 for _ in hugo_out.rglob("*.html"))
            rows.append((f"build {label}: {pages:,} pages (Hugo: {hugo_pages:,})", f"{pages / b_time:,.0f} pages/s, {b_peak:,.0f} MiB",
                         f"Hugo {hugo_pages / h_time:,.0f} pages/s, {h_peak:,.0f} MiB",
                         f"{(pages / b_time) / (hugo_pages / h_time):.2f}× the pages/s, {b_peak / h_peak:.2f}× the memory"))
            # Incremental: one new search page, then a build; count what it writes.
            extra = WORK / "one-more-search.json"
            subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", "100", "--seed", "99", "--out", extra], check=True)
            page = json.loads(extra.read_text().splitlines()[0])
            page["search_metadata"]["query"] = "one+more+search"
            extra.write_text(json.dumps(page))
            inc_store = WORK / f"tally-{label}-inc.sqlite"
            for p in WORK.glob(inc_store.name + "*"):
                p.unlink()
            shutil.copy(tally_store, inc_store)
            run([TALLY, "import", "--store", inc_store, extra])
            _, inc_out = run([TALLY, "build", "--project", ROOT, "--store", inc_store, "--output", out], {"SOURCE_DATE_EPOCH": "1700000600"})
            changed = re.search(r"\((\d+) files, (\d+) changed, (\d+) removed\)", inc_out)
            rows.append((f"incremental build {label} after one new search page", f"{changed.group(2)} of {changed.group(1)} files written", "", ""))

    rows.append(("sort a 10,000-row table in Chromium (click to sorted, after load)", f"{sort_benchmark(args.runs):.0f} ms median", "", ""))

    if args.search_size != "0":
        # The site search against Pagefind on the same built site, in tmpfs (bench/search_bench.py).
        sys.path.insert(0, str(ROOT / "bench"))
        import search_bench
        rows.append((f"**site search, {args.search_size} tweets**", "Tally (file://)", "Pagefind 1.5.2 (http://127.0.0.1)", ""))
        rows += search_bench.run(size_of(args.search_size), args.runs)

    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), platform.processor())
    memory = next((int(line.split()[1]) // 1024 // 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0)
    print(f"Machine: {os.cpu_count()} cores ({cpu}), {memory} GiB, {platform.system()} {platform.release()}; median of {args.runs} runs\n")
    print("| measure | Tally | peer | Tally vs peer |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
