"""Median latency of every named query on the embedded store and on Neo4j, over a large graph.

    python benchmarks/bench_queries.py [--store DIR] [--sources PATH …] [--repeat 7]
                                       [--neo4j] [--load-neo4j] [--json OUT]

The graph defaults to the 11,283-paper corpus in ../shared/data/paperlists. It is read, extracted
and written to the embedded store at ``--store`` unless a graph is already there (build time is
reported). With ``--neo4j`` (NEO4J_URI / NEO4J_USER / NEO4J_PASSWORD from the environment) the
same queries run on Neo4j too — ``--load-neo4j`` first writes the graph there, replacing kg's
nodes — and every row of both stores is compared, so this is also a parity check at scale.

Anchored queries (one author, entity or track) are timed over several anchors picked from the
graph: the most prolific authors and most mentioned entities (the slowest cases) and a median one.
The goal is a median under 100 ms on the embedded store for anchored queries. The first call on a
store builds its lookup index; that one-off cost is reported apart ("index build").
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "paperlists"
GOAL_MS = 100.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, default=Path(".kg-bench"))
    parser.add_argument("--sources", type=Path, nargs="*", default=[CORPUS])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--neo4j", action="store_true", help="Also time Neo4j (NEO4J_URI).")
    parser.add_argument("--load-neo4j", action="store_true", help="Write the graph to Neo4j first.")
    parser.add_argument("--json", type=Path, help="Also write the results here.")
    args = parser.parse_args(argv)

    from kg.index import index_for
    from kg.queries import list_queries, run_query
    from kg.schema import ENTITY_LABELS
    from kg.store.networkx import NetworkXStore

    embedded = NetworkXStore(args.store)
    graph_data = None
    if not embedded.graph.number_of_nodes():
        graph_data, seconds = _build(args.sources)
        t0 = time.perf_counter()
        embedded.write(graph_data, fresh=True)
        print(f"extract + graph: {seconds:.1f} s; embedded write: {time.perf_counter() - t0:.1f} s")
    counts = embedded.counts()
    print(
        f"graph: {counts.node('Paper'):,} papers, {counts.node('Author'):,} authors, "
        f"{counts.rel('COAUTHOR'):,} co-author pairs, "
        f"{sum(counts.node(x) for x in ENTITY_LABELS):,} "
        "entities"
    )
    t0 = time.perf_counter()
    ix = index_for(embedded.to_networkx())
    print(f"index build (first query on the embedded store): {_ms(time.perf_counter() - t0)}")

    stores: dict[str, Any] = {"networkx": embedded}
    if args.neo4j:
        from kg.config import load_settings
        from kg.store.neo4j import Neo4jStore

        neo4j = Neo4jStore.connect(load_settings())
        if args.load_neo4j:
            if graph_data is None:
                from kg.graph import GraphData

                graph_data = _graph_from_store(embedded, GraphData)
            t0 = time.perf_counter()
            neo4j.write(graph_data, fresh=True)
            print(f"Neo4j write: {time.perf_counter() - t0:.1f} s")
        stores["neo4j"] = neo4j

    cases = _cases(ix)
    names = {spec.name for spec in list_queries()}
    missing = names - {name for name, _, _ in cases}
    assert not missing, f"no benchmark case for {missing}"
    results: list[dict[str, Any]] = []
    mismatches = 0
    print(f"\n{'query':<26}{'params':<44}" + "".join(f"{s:>12}" for s in stores) + "  rows")
    for name, params, anchored in cases:
        timings: dict[str, float] = {}
        firsts: dict[str, float] = {}
        answers = {}
        for label, store in stores.items():

            def call(store: Any = store, name: str = name, params: dict = params) -> Any:
                return run_query(store, name, params)

            answers[label], firsts[label], timings[label] = _median(call, args.repeat)
        rows = len(answers["networkx"].rows)
        same = all(a.rows == answers["networkx"].rows for a in answers.values())
        mismatches += not same
        shown = ", ".join(f"{k}={v}" for k, v in params.items())[:42]
        print(
            f"{name:<26}{shown:<44}"
            + "".join(f"{_ms(timings[s]):>12}" for s in stores)
            + f"  {rows}{'' if same else '  ROWS DIFFER'}"
            + (
                f"  (first call {_ms(firsts['networkx'])})"
                if firsts["networkx"] > 2 * timings["networkx"] + 0.05
                else ""
            )
        )
        results.append(
            {
                "query": name,
                "params": params,
                "anchored": anchored,
                "rows": rows,
                "same_rows": same,
                **{f"{s}_ms": round(timings[s] * 1000, 2) for s in stores},
                **{f"{s}_first_ms": round(firsts[s] * 1000, 2) for s in stores},
            }
        )
    anchored_ms = [r["networkx_ms"] for r in results if r["anchored"]]
    worst = max(anchored_ms)
    verdict = "met" if worst < GOAL_MS else "NOT met"
    print(
        f"\nanchored queries on the embedded store: median {statistics.median(anchored_ms):.1f} ms,"
        f" worst {worst:.1f} ms (goal < {GOAL_MS:.0f} ms: {verdict})"
    )
    if args.neo4j:
        print(f"row mismatches between stores: {mismatches}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, ensure_ascii=False), encoding="utf-8")
    return 1 if mismatches else 0


def _build(sources: list[Path]) -> tuple[Any, float]:
    from kg.extract import extract_papers
    from kg.graph import build_graph
    from kg.sources import read_sources

    t0 = time.perf_counter()
    batch = read_sources(sources)
    records = extract_papers(batch.papers)
    return build_graph(records), time.perf_counter() - t0


def _graph_from_store(store: Any, graph_cls: Any) -> Any:
    """The embedded graph as GraphData, to load Neo4j without extracting again."""
    from kg.graph import Node, Rel

    g = store.graph
    data = graph_cls()
    for _, attrs in g.nodes(data=True):
        label = attrs["label"]
        props = {k: v for k, v in attrs.items() if k != "label"}
        data.nodes.append(Node(label, attrs["id"], props))
    for a, b, type_, attrs in g.edges(keys=True, data=True):
        if type_ == "COAUTHOR":
            continue
        start = (g.nodes[a]["label"], g.nodes[a]["id"])
        end = (g.nodes[b]["label"], g.nodes[b]["id"])
        data.rels.append(Rel(type_, start, end, dict(attrs)))
    return data


def _cases(ix: Any) -> list[tuple[str, dict[str, Any], bool]]:
    """(query, params, anchored). Anchors: the busiest author/entity/track and a median one."""
    authors = sorted(ix.author_papers, key=lambda a: (-len(ix.author_papers[a]), a))
    connected = sorted(ix.coauthors, key=lambda a: (-len(ix.coauthors[a]), a))
    entities = sorted(ix.entity_mentions, key=lambda e: (-len(ix.entity_mentions[e]), e))
    proposed = [e for e in entities if any(r == "PROPOSES" for r, _, _ in ix.entity_mentions[e])]
    tracks = sorted(ix.track_papers, key=lambda t: (-len(ix.track_papers[t]), t))
    busy, median_author = ix.author_names[authors[0]], ix.author_names[authors[len(authors) // 2]]
    hub = ix.author_names[connected[0]]
    far = ix.author_names[connected[len(connected) // 3]]
    top_entity = ix.entities[entities[0]]["name"]
    mid_entity = ix.entities[entities[len(entities) // 20]]["name"]
    cases: list[tuple[str, dict[str, Any], bool]] = [
        ("coauthors", {"name": busy}, True),
        ("coauthors", {"name": median_author}, True),
        ("author-profile", {"name": busy}, True),
        ("author-profile", {"name": median_author}, True),
        ("collaboration-path", {"source": hub, "target": far}, True),
        ("collaboration-path", {"source": busy, "target": median_author}, True),
        ("recommend-collaborators", {"name": busy}, True),
        ("recommend-collaborators", {"name": hub}, True),
        ("experts", {"entity": top_entity}, True),
        ("experts", {"entity": mid_entity}, True),
        ("papers-using", {"entity": top_entity}, True),
        ("proposed-in", {"entity": ix.entities[proposed[0]]["name"]}, True),
        ("concept-cooccurrence", {"entity": top_entity}, True),
        ("track-overview", {"track": ix.tracks[tracks[0]]}, True),
        ("methods-by-track", {"track": ix.tracks[tracks[0]]}, True),
        ("communities", {"name": hub}, True),
        ("top-collaborations", {}, False),
        ("methods-by-track", {}, False),
        ("concept-cooccurrence", {}, False),
        ("central-authors", {}, False),
        ("central-authors", {"measure": "weighted"}, False),
        ("central-authors", {"measure": "betweenness", "samples": 100}, False),
        ("communities", {}, False),
        ("coauthor-graph", {"limit": 1000}, False),
    ]
    return cases


def _median(call: Callable[[], Any], repeat: int) -> tuple[Any, float, float]:
    """(answer, first call, median of the next ``repeat``): the first call fills per-store
    caches (Louvain's partition, the co-occurrence counts), as a long-running session would."""
    t0 = time.perf_counter()
    answer = call()
    first = time.perf_counter() - t0
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        answer = call()
        times.append(time.perf_counter() - t0)
    return answer, first, statistics.median(times)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    sys.exit(main())
