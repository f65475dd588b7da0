"""Extract a corpus in shards on a Dask cluster, then load every shard into one graph.

    pip install -e ".[scale]"
    python examples/dask_shards.py ../shared/data/paperlists --shards 8 --out /tmp/kg-shards
    NEO4J_URI=neo4j://db.example.org:7687 NEO4J_PASSWORD=… \\
        python examples/dask_shards.py ../shared/data/paperlists --scheduler tcp://head:8786

Each task runs ``kg extract --shard I/N`` (kg.extract.shards.run_shard): it reads all the sources,
keeps the papers whose id hashes to its shard, extracts them and writes ``shard-I-of-N.jsonl``
into ``--out`` — a folder every worker and this script can reach (a shared file system). Then
this script loads the shards as ``kg build --from-extracted`` does: into Neo4j when NEO4J_URI is
set (``neo4j://`` routes to a cluster's leader), otherwise into the embedded store ``--store``.
The graph is the one a single ``kg build`` of the same sources gives.

Without ``--scheduler`` a LocalCluster of one process per core runs the tasks.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def extract_on_dask(
    client: object, sources: list[Path] | None, shards: int, out: Path, **options: object
) -> list[Path]:
    """Run every shard as a Dask task; the shard files, in shard order."""
    from kg.extract.shards import Shard, run_shard

    tasks = [
        client.submit(run_shard, sources, Shard(i, shards), out, pure=False, **options)  # type: ignore[attr-defined]
        for i in range(1, shards + 1)
    ]
    return list(client.gather(tasks))  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    from dask.distributed import Client, LocalCluster

    from kg.config import load_settings
    from kg.pipeline import build
    from kg.store import open_store

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sources", type=Path, nargs="*", help="default: the bundled sample")
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--out", type=Path, default=Path("kg-shards"))
    parser.add_argument("--scheduler", help="a Dask scheduler address (default: a LocalCluster)")
    parser.add_argument("--store", type=Path, help="embedded store, when NEO4J_URI is not set")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(threads_per_worker=1))
    with client:
        # one process per task: the extraction of a shard uses one core
        files = extract_on_dask(client, args.sources or None, args.shards, args.out, jobs=1)
    print(f"extracted {len(files)} shards in {time.perf_counter() - t0:.1f} s → {args.out}")

    t0 = time.perf_counter()
    opened = open_store(load_settings(store=args.store), "auto")
    try:
        result = build(None, store=opened.store, fresh=True, from_extracted=[args.out])
    finally:
        opened.store.close()
    print(
        f"loaded {result.papers_written:,} papers into {opened.store.backend} "
        f"({opened.store.location}) in {time.perf_counter() - t0:.1f} s: "
        f"{sum(result.counts.nodes.values()):,} nodes, {sum(result.counts.rels.values()):,} "
        "relationships"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
