"""Cold `kg query` on the embedded store against `kg --version`, and against the old JSON store.

    python benchmarks/bench_cold_query.py --store /tmp/kg11k      # a store kg build wrote
    python benchmarks/bench_cold_query.py --store /tmp/kg11k --x10 /tmp/shards

Each round runs, as fresh processes and in this order: `kg --version` (the peer: Python, Typer
and Rich starting), `kg query coauthors` on the store (graph.kg), and the same query on a copy of
the graph in the node-link JSON that stores held before graph.kg (the old load). Medians over
``--rounds``; the targets are query ≤ 2× version on 11k papers and ≤ 4× on ×10.

``--x10 DIR`` also builds a ×10 store (the corpus copied ten times with distinct paper and author
ids, as benchmarks/bench_store.py does) from the shards of ``kg extract --shard`` in DIR, and
measures it the same way (``--x10-store``: a ×10 store built already, e.g. by
``bench_store.py --keep``). ``--only-x10`` skips the 11k rounds.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KG = [sys.executable, "-m", "kg"]


def seconds(args: list[str]) -> float:
    t0 = time.perf_counter()
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    took = time.perf_counter() - t0
    if done.returncode:
        raise SystemExit(f"{' '.join(args)} failed: {done.stderr}")
    return took


def measure(stores: dict[str, Path], author: str, rounds: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {"kg --version": []}
    query = ["query", "coauthors", "-p", f"name={author}", "--limit", "5", "--backend", "networkx"]
    for _ in range(rounds):
        times["kg --version"].append(seconds([*KG, "--version"]))
        for name, store in stores.items():
            times.setdefault(name, []).append(seconds([*KG, *query, "--store", str(store)]))
    return times


def node_link_copy(store: Path, into: Path) -> Path:
    from kg.store.fileformat import write_node_link
    from kg.store.networkx import NetworkXStore

    into.mkdir(parents=True, exist_ok=True)
    with (into / "graph.json").open("w", encoding="utf-8") as fh:
        write_node_link(NetworkXStore(store).graph, fh)
    return into


def x10_store(shards: Path, into: Path) -> Path:
    from bench_store import replicate

    from kg.extract.shards import read_shards
    from kg.graph import build_graph
    from kg.model import ExtractedPaper
    from kg.store.networkx import NetworkXStore

    records = read_shards([shards]).settle()
    bigger: list[ExtractedPaper] = replicate(records, 10)
    NetworkXStore(into).write(build_graph(bigger), fresh=True)
    return into


def report(title: str, times: dict[str, list[float]], target: float) -> None:
    version = statistics.median(times["kg --version"])
    print(f"\n{title} (median of {len(times['kg --version'])} rounds)")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"  {name:<34} {med:6.2f} s  {med / version:4.1f}× kg --version   "
              f"(min {min(values):.2f}, max {max(values):.2f})")  # fmt: skip
    new = statistics.median(times["kg query (graph.kg)"])
    print(f"  target ≤ {target:g}× kg --version: {'met' if new <= target * version else 'MISSED'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", type=Path, required=True, help="an embedded store (11k papers)")
    parser.add_argument("--author", default="Michael I. Jordan")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--x10", type=Path, help="shards of the corpus: also measure ×10")
    parser.add_argument("--x10-store", type=Path, help="a ×10 embedded store built already")
    parser.add_argument("--x10-rounds", type=int, default=3, help="rounds on ×10 (the old JSON "
                        "load takes minutes there)")  # fmt: skip
    parser.add_argument("--only-x10", action="store_true", help="skip the 11k rounds")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(REPO / "benchmarks"))
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="kg-cold-") as tmp:
        if not args.only_x10:
            old = node_link_copy(args.store, Path(tmp) / "json")
            stores = {"kg query (graph.kg)": args.store, "kg query (old graph.json)": old}
            report("11k papers", measure(stores, args.author, args.rounds), 2)
        big = args.x10_store
        if big is None and args.x10:
            t0 = time.perf_counter()
            big = x10_store(args.x10, Path(tmp) / "x10")
            print(f"\n×10 store built in {time.perf_counter() - t0:.0f} s")
        if big is not None:
            stores = {"kg query (graph.kg)": big, "kg query (old graph.json)":
                      node_link_copy(big, Path(tmp) / "x10-json")}  # fmt: skip
            report("×10 (112,830 papers)", measure(stores, args.author, args.x10_rounds), 4)
    print(f"load average after: {os.getloadavg()[0]:.1f} (other work on the machine skews times)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
