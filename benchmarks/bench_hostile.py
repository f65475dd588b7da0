"""Time and peak memory of `kg build` on hostile records, each next to a peer in the same run.

    python benchmarks/bench_hostile.py                  # all cases
    python benchmarks/bench_hostile.py --authors 10000 --abstract-mb 2.3

Every run is a fresh ``kg build --backend networkx`` in its own process (so spaCy's start-up is in
every number alike); wall time and the child's peak RSS (``wait4``) are printed.

* crowded paper — one record with N authors, built with the default --max-coauthors (100: the
  paper gets AUTHORED links, no co-author pairs) — against the peer: the same record at 1,000
  authors with pairs (--max-coauthors 1000), i.e. what every such paper cost before the limit.
  The issue's bar: 10,000 authors in < 60 s and < 2 GB.
* long abstract — one abstract of M MB (the bundled sample's abstracts and a passage of PDF text
  with cut words and glyph codes, which cleaning repairs, repeated) — against the
  peer: the same characters as ordinary abstracts of ~1,700 characters. Linear cost means the two
  take about the same time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from kg.sources import read_sources  # noqa: E402


def run_build(path: Path, *extra: str) -> tuple[float, float, dict]:
    """(seconds, peak RSS in MB, the --json summary) of one `kg build` of ``path``."""
    with tempfile.TemporaryDirectory() as store:
        cmd = [sys.executable, "-m", "kg", "build", str(path), "--json", "--store", store]
        env = {k: v for k, v in os.environ.items() if k != "NEO4J_URI"}
        start = time.perf_counter()
        proc = subprocess.Popen(
            [*cmd, "--backend", "networkx", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
        )
        out = proc.stdout.read() if proc.stdout else b""
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"kg build {path.name} {' '.join(extra)} failed")
        return seconds, usage.ru_maxrss / 1024, json.loads(out)


def crowded_record(n: int, folder: Path) -> Path:
    path = folder / f"crowd-{n}.json"
    authors = [f"Person {i:06d}" for i in range(n)]
    abstract = "We report a measurement made by a very large collaboration on one detector."
    record = {"title": f"{n} authors", "authors": authors, "abstract": abstract}
    path.write_text(json.dumps([record]))
    return path


#: a passage as old PDFs' text gives it: words cut by line breaks, glyph codes
PDF_TEXT = (
    "We present an efﬁcient algo- rithm for real- world data: its classi(cid:12)ers use "
    "tech(cid:173) niques that are state-of-the- art for pre- and post-processing."
)


def long_abstract(chars: int, folder: Path, *, split: bool) -> Path:
    # each abstract followed by what cleaning repairs, which the sample's abstracts do not hold
    text = " ".join(f"{p.abstract} {PDF_TEXT}" for p in read_sources().papers)
    body = (text + " ") * (chars // len(text) + 1)
    body = body[:chars]
    path = folder / f"abstract-{chars}-{'split' if split else 'one'}.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        if not split:
            fh.write(json.dumps({"title": "Long", "authors": ["Ann Lee"], "abstract": body}) + "\n")
            return path
        size = 1700  # an ordinary abstract
        for i in range(0, len(body), size):
            piece = body[i : i + size]
            fh.write(json.dumps({"title": f"P{i}", "authors": ["Ann Lee"], "abstract": piece}))
            fh.write("\n")
    return path


def show(label: str, seconds: float, mb: float, note: str) -> None:
    print(f"{label:<46} {seconds:8.1f} s {mb:9.0f} MB   {note}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--authors", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--abstract-mb", type=float, nargs="+", default=[0.5, 2.3])
    args = parser.parse_args()
    print(f"{'case':<46} {'wall':>10} {'peak RSS':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        seconds, mb, summary = run_build(crowded_record(1000, folder), "--max-coauthors", "1000")
        pairs = summary["summary"]["co_author_pairs"]
        show("peer: 1,000 authors with pairs", seconds, mb, f"{pairs:,} co-author pairs")
        for n in args.authors:
            seconds, mb, summary = run_build(crowded_record(n, folder))
            note = f"{summary['relationships']['AUTHORED']:,} AUTHORED, "
            note += f"{summary['summary']['co_author_pairs']:,} pairs"
            show(f"{n:,} authors, --max-coauthors 100", seconds, mb, note)
        for size in args.abstract_mb:
            chars = int(size * 1_000_000)
            one = run_build(long_abstract(chars, folder, split=False))
            many = run_build(long_abstract(chars, folder, split=True))
            found = "{methods:,} methods, {datasets:,} datasets".format(**one[2]["summary"])
            show(f"one abstract of {chars:,} characters", one[0], one[1], found)
            found = "{methods:,} methods, {datasets:,} datasets".format(**many[2]["summary"])
            label = f"peer: same text as {many[2]['papers_read']:,} abstracts"
            show(label, many[0], many[1], found)


if __name__ == "__main__":
    main()
