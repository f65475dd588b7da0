"""Time and peak memory of `kg export`, each format next to a peer in the same run.

    kg build ../shared/data/paperlists --fresh --store /tmp/kg11k
    python benchmarks/bench_export.py --store /tmp/kg11k

Every case runs in its own process: it opens the embedded store (not timed), resets the peak RSS
(Linux: /proc/self/clear_refs), then exports; the export's wall time and how far its peak RSS rose
above the opened store are printed. The peer is what
every build already does with the same graph: the embedded store's own save (node-link JSON of the
whole graph, kg.store.networkx.NetworkXStore.save). Whole-graph formats stream (neo4j-admin, jsonl,
csv) or hold one document (GraphML, GEXF, as NetworkX writes them); views are small by design.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

CASE = """
import gc, json, sys, time
from pathlib import Path
from kg.store.networkx import NetworkXStore

def status(field):
    for line in open("/proc/self/status"):
        if line.startswith(field):
            return int(line.split()[1]) / 1024

store = NetworkXStore(Path(sys.argv[1]))
gc.collect()
base = status("VmRSS:")
with open("/proc/self/clear_refs", "w") as fh:
    fh.write("5")  # reset the peak (VmHWM) to the current RSS: measure the export alone
fmt, view, out = sys.argv[2], sys.argv[3], Path(sys.argv[4])
start = time.perf_counter()
if fmt == "peer":
    store.directory = out.parent; store.path = out; store.save()
    nodes, rels = store.graph.number_of_nodes(), store.graph.number_of_edges()
else:
    from kg.export import export_graph
    done = export_graph(store, fmt, out, view=None if view == "-" else view)
    nodes, rels = done.written.nodes, done.written.relationships
seconds = time.perf_counter() - start
size = sum(p.stat().st_size for p in ([out] if out.is_file() else out.rglob("*")) if p.is_file())
print(json.dumps({"s": seconds, "rss": status("VmHWM:") - base, "base": base,
                  "mb": size / 2**20, "nodes": nodes, "rels": rels}))
"""

CASES = [
    ("peer", "-", "graph.json"),
    ("neo4j-admin", "-", "import"),
    ("jsonl", "-", "graph.jsonl"),
    ("csv", "-", "edges.csv"),
    ("graphml", "-", "graph.graphml"),
    ("gexf", "-", "graph.gexf"),
    ("graphml", "coauthors", "coauthors.graphml"),
    ("vosviewer", "coauthors", "coauthors.json"),
    ("vosviewer", "topics", "topics.json"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--store", type=Path, required=True, help="an embedded kg store folder")
    args = parser.parse_args()
    print(
        f"{'format':<12} {'view':<10} {'seconds':>8} {'+RSS MB':>8} {'file MB':>8} "
        f"{'nodes':>8} {'rels':>9}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for fmt, view, name in CASES:
            out = Path(tmp) / f"{fmt}-{view}" / name
            out.parent.mkdir(parents=True)
            env = {**os.environ, "PYTHONPATH": str(REPO)}
            proc = subprocess.run(
                [sys.executable, "-c", CASE, str(args.store), fmt, view, str(out)],
                capture_output=True,
                text=True,
                env=env,
                check=False,
            )
            if proc.returncode != 0:
                raise SystemExit(f"{fmt} {view} failed:\n{proc.stderr[-2000:]}")
            r = json.loads(proc.stdout.splitlines()[-1])
            label = "store save" if fmt == "peer" else fmt
            print(
                f"{label:<12} {view if view != '-' else 'all':<10} {r['s']:8.1f} "
                f"{r['rss']:8.0f} {r['mb']:8.1f} {r['nodes']:8,} {r['rels']:9,}"
            )
    print(f"(the process with the opened store: {r['base']:.0f} MB RSS)")


if __name__ == "__main__":
    main()
