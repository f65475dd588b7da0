"""How fast view pages are written and how soon they hold still, against `kg --version` as the
peer in the same run (issue 13's targets: write ≤ 4× `kg --version`; drawn and still within 2 s).

    python benchmarks/bench_views.py --store /tmp/kg11k [--view coauthors --view topics …]
                                     [--repeat 3] [--out DIR] [--find Bengio --find Scholkopf]

For each view: the wall time of `kg viz VIEW --store STORE -o FILE` (a fresh process, as a user
runs it) three ways — "cold": with the store's viz-cache/ emptied first, so the view computes
everything (the communities, the layout, the page; as on a store whose build did not prepare
it); "after build": the cache emptied, then what `kg build` runs once it has written the graph
(kg.viz.pages.prepare_views, timed as "build +"), then `kg viz`; "warm": the median of --repeat
more runs — next to `kg --version`'s median, measured before and after the views in the same
run; the page size; and the load average. Then, in headless Chromium at 1440×900
with the network blocked: which drawer the page uses (vis-network or sigma.js), the time from
opening the page to its ``data-ready`` (on the browser's clock: the picture is on screen), the
share of the graph's pixels that differ between screenshots 2 s and 8 s after opening it (under
1%: the picture was still at 2 s), the time to select the busiest node and draw the next frame,
and what the search box selects for each --find. A view
is a name as `kg viz` takes it, with extra options after a colon: ``coauthors:--max-nodes=100000``,
``author:Michael I. Jordan``.
"""

from __future__ import annotations

import argparse
import base64
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMPARE = """async ([a, b]) => {
  const load = (src) => new Promise((done) => { const i = new Image(); i.onload = () => done(i);
                                                 i.src = src; });
  const [x, y] = [await load(a), await load(b)];
  const pixels = (img) => { const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height; const g = c.getContext('2d');
    g.drawImage(img, 0, 0); return g.getImageData(0, 0, c.width, c.height).data; };
  const [p, q] = [pixels(x), pixels(y)];
  if (p.length !== q.length) return 1;
  let differ = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) differ++;
  }
  return differ / (p.length / 4);
}"""
FIND = """(query) => { const s = document.getElementById('search'); s.value = query;
  document.getElementById('search-form').requestSubmit();
  const id = window.kgView.selected;
  return id ? window.kgView.data.nodes.find(n => n.id === id).info.heading : null; }"""
FRAME = """(id) => new Promise((done) => { const t = performance.now();
  window.kgView.select(id, false);
  requestAnimationFrame(() => requestAnimationFrame(() => done(performance.now() - t))); })"""


PREPARE = """import sys
from pathlib import Path
from kg.store.networkx import NetworkXStore
from kg.viz.pages import prepare_views
prepare_views(NetworkXStore(Path(sys.argv[1])))"""


def kg(*args: str) -> float:
    """Wall seconds of one `kg …` process."""
    return timed([sys.executable, "-m", "kg", *args])


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True)
    return time.perf_counter() - start


def load() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True, help="An embedded store (kg build).")
    parser.add_argument("--view", action="append", dest="views", default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None, help="Keep the pages here.")
    parser.add_argument(
        "--find", action="append", default=None, help="Search each page for this (repeatable)."
    )
    args = parser.parse_args(argv)
    args.find = args.find or ["Bengio", "Scholkopf"]
    views = args.views or ["coauthors", "topics", "coauthors:--max-nodes=100000"]
    out = args.out or Path(tempfile.mkdtemp(prefix="kg-bench-views-"))
    out.mkdir(parents=True, exist_ok=True)

    print(f"load average {load()}")
    peers = [kg("--version") for _ in range(args.repeat)]
    cache = args.store / "viz-cache"
    pages, rows = [], []
    for spec in views:
        name, _, extra = spec.partition(":")
        page = out / (name + ("-" + extra.strip("-").replace("=", "-") if extra else "") + ".html")
        page = page.with_name(page.name.replace(" ", "_").replace("/", "_"))
        cmd = ["viz", name]
        if extra and not extra.startswith("-"):
            cmd.append(extra)
        elif extra:
            cmd += shlex.split(extra.replace("=", " "))
        cmd += ["--store", str(args.store), "-o", str(page)]
        shutil.rmtree(cache, ignore_errors=True)  # nothing computed yet
        cold = kg(*cmd)
        shutil.rmtree(cache, ignore_errors=True)
        prepare = timed([sys.executable, "-c", PREPARE, str(args.store)])  # what kg build adds
        first = kg(*cmd)
        warm = statistics.median(kg(*cmd) for _ in range(args.repeat))
        rows.append((spec, cold, prepare, first, warm, page.stat().st_size / 1e6))
        pages.append((spec, page))
    peers += [kg("--version") for _ in range(args.repeat)]
    peer = statistics.median(peers)
    print(f"kg --version: {peer:.2f} s (median of {len(peers)}: {min(peers):.2f}–{max(peers):.2f})")
    print(
        f"{'view':<34} {'cold s':>7} {'build +':>8} {'after build':>12} {'warm s':>7} "
        f"{'× peer':>11} {'MB':>6}"
    )
    for spec, cold, prepare, first, warm, size in rows:
        ratio = f"{first / peer:.1f}/{warm / peer:.1f}"
        print(
            f"{spec:<34} {cold:>7.2f} {prepare:>8.2f} {first:>12.2f} {warm:>7.2f} {ratio:>11} "
            f"{size:>6.2f}"
        )
    print("(× peer: after build / warm)")

    from playwright.sync_api import sync_playwright

    from kg.viz.export import CHROMIUM_ARGS, chromium_path

    print(f"\n{'view':<34} {'drawer':>11} {'ready s':>8} {'changed 2→8 s':>14} {'select ms':>10}")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), args=list(CHROMIUM_ARGS))
        for spec, page in pages:
            context = browser.new_context(viewport={"width": 1440, "height": 900})
            context.route("http*://**/*", lambda route: route.abort())
            tab = context.new_page()
            start = time.perf_counter()
            tab.goto(page.resolve().as_uri(), wait_until="commit")
            tab.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
            ready = tab.evaluate("window.kgView.readyAt") / 1000  # from navigation, page's clock
            graph = tab.locator("#graph")
            tab.wait_for_timeout(max(0.0, 2.0 - (time.perf_counter() - start)) * 1000)
            first = graph.screenshot()
            tab.wait_for_timeout(max(0.0, 8.0 - (time.perf_counter() - start)) * 1000)
            second = graph.screenshot()
            blank = context.new_page()
            changed = blank.evaluate(
                COMPARE,
                [f"data:image/png;base64,{base64.b64encode(p).decode()}" for p in (first, second)],
            )
            blank.close()
            drawer = tab.evaluate("window.kgView.draw.kind")
            busiest = tab.evaluate(
                "window.kgView.data.nodes.reduce((a, b) => b.size > a.size ? b : a).id"
            )
            select_ms = tab.evaluate(FRAME, busiest)
            print(f"{spec:<34} {drawer:>11} {ready:>8.2f} {changed:>13.2%} {select_ms:>10.0f}")
            for query in args.find:
                print(f"    search {query!r} → {tab.evaluate(FIND, query)!r}")
            context.close()
        browser.close()
    print(f"\nload average {load()}; pages in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
