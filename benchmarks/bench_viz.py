"""Time of an ego view on Neo4j: reading only the neighbourhood it shows (what `kg viz` does) vs
copying the whole graph first (what it did: ``to_networkx`` and an index of everything).

    NEO4J_URI=… NEO4J_PASSWORD=… python benchmarks/bench_viz.py [--sources PATH …] [--load]
                                                                [--repeat 5]

``--load`` writes the graph of ``--sources`` (default: the bundled sample) to Neo4j first,
replacing kg's nodes. The views are centred on the most prolific author, the most mentioned
method and the largest track; both ways must give the same view, which is checked.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", type=Path, nargs="*", default=None)
    parser.add_argument("--load", action="store_true", help="Write the graph to Neo4j first.")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)

    from kg.config import load_settings
    from kg.index import index_for
    from kg.store.neo4j import Neo4jStore
    from kg.viz.views import ego_view, resolve_center

    store = Neo4jStore.connect(load_settings())
    if args.load:
        from kg.pipeline import build

        build(args.sources, store=store, fresh=True)
    whole = index_for(store.to_networkx())
    centres = {
        "author": max(whole.author_papers, key=lambda a: (len(whole.author_papers[a]), a)),
        "entity": max(
            (k for k in whole.entity_mentions if k[0] == "Method"),
            key=lambda k: (len(whole.entity_mentions[k]), k),
        )[1],
        "track": max(whole.track_papers, key=lambda t: (len(whole.track_papers[t]), t)),
    }
    print(f"graph: {len(whole.papers):,} papers, {len(whole.nodes):,} nodes")
    print(f"{'view':<8} {'neighbourhood ms':>17} {'whole graph ms':>15} {'nodes read':>11}")
    for kind, arg in centres.items():
        center = resolve_center(store, kind, arg)
        near, far = [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            ix = store.index(around=center, hops=2)
            mine = ego_view(ix, center, hops=2)
            near.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            theirs = ego_view(index_for(store.to_networkx()), center, hops=2)
            far.append(time.perf_counter() - t0)
            assert [(n.id, n.info.as_dict()) for n in mine.nodes] == [
                (n.id, n.info.as_dict()) for n in theirs.nodes
            ], kind
        print(
            f"{kind:<8} {statistics.median(near) * 1000:>17,.0f} "
            f"{statistics.median(far) * 1000:>15,.0f} {len(ix.nodes):>11,}"
        )
    store.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
