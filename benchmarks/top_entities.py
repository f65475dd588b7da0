"""The most linked entities of each type in a built graph — what the README's lists show.

    kg build ../shared/data/paperlists --fresh --store /tmp/kg11k
    python benchmarks/top_entities.py /tmp/kg11k -n 30

Counts, per entity, the papers linked to it (PROPOSES, USES, EVALUATED_ON or ADDRESSES), and
prints the top N of each type as "name (papers)". Reads the embedded store (the folder
`kg build --store` wrote).
"""

from __future__ import annotations

import argparse
from pathlib import Path


def main() -> None:
    from kg.schema import ENTITY_LABELS
    from kg.store.networkx import NetworkXStore

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store", type=Path, help="folder of an embedded store (kg build --store)")
    ap.add_argument("-n", type=int, default=30, help="entities per type (default 30)")
    args = ap.parse_args()
    g = NetworkXStore(args.store).to_networkx()
    for label in ENTITY_LABELS:
        counts = sorted(
            (
                (len({paper for paper, _ in g.in_edges(node)}), data["name"])
                for node, data in g.nodes(data=True)
                if data.get("label") == label
            ),
            key=lambda c: (-c[0], c[1]),
        )[: args.n]
        if counts:
            print(f"{label} ({len(counts)}): " + "; ".join(f"{n} ({k})" for k, n in counts))


if __name__ == "__main__":
    main()
