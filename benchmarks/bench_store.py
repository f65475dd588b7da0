"""Write benchmark for both graph stores: the paperlists corpus (11,283 papers) and a ×10 replica.

    python benchmarks/bench_store.py                   # real extraction, both backends
    python benchmarks/bench_store.py --no-extract      # empty mentions: papers/authors/tracks only
    python benchmarks/bench_store.py --scales 1 --backends networkx
    python benchmarks/bench_store.py --extracted /tmp/shards   # kg extract --shard output
    python benchmarks/bench_store.py --scales 10 --backends neo4j --rounds 2   # cold, then warm

For each scale and backend: a fresh write of the whole graph (``store.write(graph, fresh=True)``,
COAUTHOR included), its wall time, the peak RSS during the write (this process; for Neo4j also
the server's JVM), and relationships written per second. Then a naive Neo4j loader — one MERGE
statement per row, each its own auto-commit transaction — is timed on a prefix of the ×10 graph
and extrapolated to the whole graph. Targets (issue 14): 110k papers into NetworkX in < 60 s,
into Neo4j in < 120 s on 2 cores.

Neo4j: NEO4J_URI (+ NEO4J_USER, NEO4J_PASSWORD) if set — the benchmark deletes kg's nodes there —
otherwise the embedded test server (tools/neo4j-test-server) on a free port, with the memory
docker-compose.yml gives Neo4j (1 GB heap, 512 MB page cache).
"""

from __future__ import annotations

import argparse
import gc
import os
import secrets
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import psutil

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "data" / "paperlists"

sys.path.insert(0, str(REPO))

from kg.config import Settings  # noqa: E402
from kg.graph import GraphData, build_graph  # noqa: E402
from kg.model import ExtractedPaper  # noqa: E402
from kg.sources import read_sources  # noqa: E402
from kg.store.base import GraphStore  # noqa: E402
from kg.store.fileformat import write_graph  # noqa: E402
from kg.store.networkx import NetworkXStore  # noqa: E402

# --- measuring ------------------------------------------------------------------------------


@dataclass
class Peak:
    python_mb: float = 0.0
    server_mb: float = 0.0


@contextmanager
def peak_rss(server_pid: int | None = None, every: float = 0.2) -> Iterator[Peak]:
    """Sample RSS of this process (and the server) while the block runs; keep the maximum."""
    peak = Peak()
    me = psutil.Process()
    server = psutil.Process(server_pid) if server_pid else None
    stop = threading.Event()

    def sample() -> None:
        while True:
            peak.python_mb = max(peak.python_mb, me.memory_info().rss / 2**20)
            if server is not None:
                with suppress(psutil.Error):
                    peak.server_mb = max(peak.server_mb, server.memory_info().rss / 2**20)
            if stop.wait(every):
                return

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    try:
        yield peak
    finally:
        stop.set()
        thread.join()


def say(text: str = "") -> None:
    print(text, flush=True)


# --- data -------------------------------------------------------------------------------------


def load_records(
    corpus: Path, *, extract: bool, extracted: Path | None = None
) -> list[ExtractedPaper]:
    t0 = time.perf_counter()
    if extracted is not None:  # the shards of `kg extract --shard`: no extraction here
        from kg.extract.shards import read_shards

        records = read_shards([extracted]).settle()
        say(f"read {len(records):,} extracted papers from {extracted} in "
            f"{time.perf_counter() - t0:.1f} s")  # fmt: skip
        return records
    papers = read_sources([corpus]).papers
    say(f"read {len(papers):,} papers from {corpus} in {time.perf_counter() - t0:.1f} s")
    if not extract:
        say("extraction skipped (--no-extract): papers carry no mentions")
        return [ExtractedPaper(p) for p in papers]
    from kg.extract import extract_papers

    t0 = time.perf_counter()
    records = extract_papers(papers)
    mentions = sum(len(r.mentions) for r in records)
    say(f"extracted {mentions:,} mentions in {time.perf_counter() - t0:.1f} s")
    return records


def replicate(records: Sequence[ExtractedPaper], copies: int) -> list[ExtractedPaper]:
    """``copies`` disjoint copies of the corpus: papers and authors get a per-copy suffix (so
    co-authorship stays within a copy: "Ann Lee" → "Ann Lee2", a name identity keeps apart from
    every other copy's); tracks and entities are shared, as in a real larger corpus."""
    out = list(records)
    for k in range(1, copies):
        suffix = f"~{k}"
        for r in records:
            authors = tuple(
                replace(a, id=f"{a.id}{k}", name=f"{a.name}{k}") for a in r.paper.authors
            )
            paper = replace(r.paper, id=r.paper.id + suffix, authors=authors)
            out.append(ExtractedPaper(paper, r.mentions))
    return out


# --- the runs ---------------------------------------------------------------------------------


@dataclass
class Result:
    backend: str
    papers: int
    nodes: int
    rels: int
    seconds: float
    peak: Peak
    cpu: float = 0.0  # this process's CPU seconds: steadier than wall time on a busy machine
    server_cpu: float = 0.0  # the Neo4j JVM's

    def line(self) -> str:
        server = (
            f", Neo4j JVM peak {self.peak.server_mb:,.0f} MB, cpu {self.server_cpu:.1f} s"
            if self.peak.server_mb
            else ""
        )
        return (
            f"{self.backend:<12} {self.papers:>8,} papers  {self.nodes:>9,} nodes  "
            f"{self.rels:>10,} rels  {self.seconds:>7.1f} s  "
            f"{self.rels / self.seconds:>9,.0f} rels/s  cpu {self.cpu:.1f} s  "
            f"python peak {self.peak.python_mb:,.0f} MB{server}"
        )


def timed_write(
    store: GraphStore, graph: GraphData, papers: int, server_pid: int | None, *, fresh: bool = True
) -> Result:
    """``fresh``: as `kg build --fresh` writes (on Neo4j: CREATE); else as a build adding to an
    empty graph writes (on Neo4j: MERGE, co-author pairs recomputed in Cypher) — the peer."""
    if store.backend == "neo4j":
        store.delete_all()  # not timed: both paths start from an empty graph
    gc.collect()
    with peak_rss(server_pid) as peak:
        t0, c0, s0 = time.perf_counter(), time.process_time(), _cpu(server_pid)
        store.write(graph, fresh=fresh)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    counts = store.counts()
    return Result(
        backend=store.backend + ("" if fresh else " MERGE"),
        papers=papers,
        nodes=sum(counts.nodes.values()),
        rels=sum(counts.rels.values()),  # COAUTHOR included: the store writes those too
        seconds=seconds,
        peak=peak,
        cpu=cpu,
        server_cpu=_cpu(server_pid) - s0,
    )


def _cpu(pid: int | None) -> float:
    """CPU seconds (user + system) of a process so far; 0 without one."""
    if pid is None:
        return 0.0
    times = psutil.Process(pid).cpu_times()
    return float(times.user + times.system)


def old_save(store: GraphStore, path: Path) -> str:
    """The peer of the embedded write: saving the same graph as the node-link JSON stores held
    before graph.kg (the graph is in memory already, as it is for the .kg save)."""
    from kg.store.fileformat import write_node_link

    graph = store.to_networkx()
    t0 = time.perf_counter()
    with path.open("w", encoding="utf-8") as fh:
        write_node_link(graph, fh)
    took = time.perf_counter() - t0
    t1 = time.perf_counter()
    with path.with_suffix(".kg").open("wb") as fh:
        write_graph(graph, fh)
    kg_took = time.perf_counter() - t1
    size = path.stat().st_size / 2**20
    path.unlink()
    return (
        f"  same graph, save only: graph.kg {kg_took:.1f} s; old node-link JSON {took:.1f} s "
        f"({size:,.0f} MB)"
    )


def naive_load(settings: Settings, graph: GraphData, *, rows: int) -> tuple[int, float]:
    """One MERGE per row, each in its own auto-commit transaction: how a loader without batching
    writes. Loads the nodes and relationships of ``graph`` in write order up to ``rows`` rows."""
    from neo4j import GraphDatabase

    assert settings.neo4j_uri and settings.neo4j_password is not None
    done = 0
    with (
        GraphDatabase.driver(
            settings.neo4j_uri, auth=(settings.neo4j_user, settings.neo4j_password)
        ) as driver,
        driver.session(database=settings.neo4j_database) as session,
    ):
        t0 = time.perf_counter()
        for node in graph.nodes:
            if done >= rows:
                break
            props = {k: v for k, v in node.props.items() if v is not None}
            session.run(  # type: ignore[call-overload]
                f"MERGE (n:{node.label} {{id: $id}}) SET n += $props", id=node.id, props=props
            ).consume()
            done += 1
        for rel in graph.rels:
            if done >= rows:
                break
            session.run(  # type: ignore[call-overload]
                f"MATCH (a:{rel.start[0]} {{id: $start}}) MATCH (b:{rel.end[0]} {{id: $end}}) "
                f"MERGE (a)-[r:{rel.type}]->(b) SET r += $props",
                start=rel.start[1],
                end=rel.end[1],
                props=rel.props,
            ).consume()
            done += 1
        return done, time.perf_counter() - t0


def prefix_graph(records: Sequence[ExtractedPaper], rows: int) -> GraphData:
    """The graph of the first papers whose nodes + relationships just reach ``rows``: a
    self-contained slice, so the naive loader's relationship MERGEs find their nodes."""
    per_paper = max(1.0, len(build_graph(records[:1000]).rels) / min(1000, len(records)))
    low, high = 1, min(len(records), int(2 * rows / per_paper) + 1)
    while low < high:
        mid = (low + high) // 2
        g = build_graph(records[:mid])
        if len(g.nodes) + len(g.rels) >= rows:
            high = mid
        else:
            low = mid + 1
    return build_graph(records[:low])


@contextmanager
def neo4j_target(args: argparse.Namespace, workdir: Path) -> Iterator[tuple[Settings, int | None]]:
    if "neo4j" not in args.backends:  # no server to start
        yield Settings(home=workdir), None
        return
    if os.environ.get("NEO4J_URI"):
        from kg.config import load_settings

        settings = load_settings(store=workdir)
        say(f"Neo4j: {settings.neo4j_uri} (from NEO4J_URI; kg's nodes there are deleted)")
        yield settings, None
        return
    sys.path.insert(0, str(REPO / "tests"))
    from neo4j_server import start_server

    password = secrets.token_hex(12)
    t0 = time.perf_counter()
    server = start_server(
        password=password,
        data_dir=workdir / "neo4j",
        env={"KG_NEO4J_HEAP": args.neo4j_heap, "KG_NEO4J_PAGECACHE_MB": str(args.pagecache_mb)},
    )
    say(
        f"Neo4j: embedded test server {server.uri} (heap {args.neo4j_heap}, page cache "
        f"{args.pagecache_mb} MB), started in {time.perf_counter() - t0:.1f} s"
    )
    try:
        yield Settings(home=workdir, neo4j_uri=server.uri, neo4j_password=password), server.pid
    finally:
        server.stop()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--no-extract", action="store_true", help="skip extraction (no mentions)")
    parser.add_argument("--extracted", type=Path, help="shards of kg extract --shard to load")
    parser.add_argument("--keep", type=Path, help="keep the embedded stores here (nx-SCALE)")
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--backends", nargs="+", default=["networkx", "neo4j"])
    parser.add_argument("--batch-size", type=int, default=None, help="Neo4j rows per transaction")
    parser.add_argument("--naive-rows", type=int, default=20_000)
    parser.add_argument(
        "--merge-peer-up-to", type=int, default=10, help="run the MERGE peer up to this scale"
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="fresh Neo4j writes per scale into the same server: the first meets a JVM that "
        "has not compiled Neo4j's code yet (cold), the later ones a server that has run (warm)",
    )
    parser.add_argument("--neo4j-heap", default="1g")
    parser.add_argument("--pagecache-mb", type=int, default=512)
    args = parser.parse_args(argv)

    say(f"machine: {psutil.cpu_count()} cores, {psutil.virtual_memory().total / 2**30:.0f} GiB; "
        f"load average before start {os.getloadavg()[0]:.1f}")  # fmt: skip
    base = load_records(args.corpus, extract=not args.no_extract, extracted=args.extracted)
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="kg-bench-") as tmp:
        workdir = Path(tmp)
        with neo4j_target(args, workdir) as (settings, server_pid):
            neo4j_store: Any = None
            if "neo4j" in args.backends:
                from kg.store.neo4j import BATCH_SIZE, Neo4jStore

                neo4j_store = Neo4jStore.connect(settings, batch_size=args.batch_size or BATCH_SIZE)
            biggest: list[ExtractedPaper] = base
            biggest_rows = 0
            for scale in args.scales:
                records = replicate(base, scale)
                biggest = records
                t0 = time.perf_counter()
                graph = build_graph(records)
                say(
                    f"\n×{scale}: {len(records):,} papers → {len(graph.nodes):,} nodes, "
                    f"{len(graph.rels):,} relationships before COAUTHOR "
                    f"(graph built in {time.perf_counter() - t0:.1f} s)"
                )
                biggest_rows = len(graph.nodes) + len(graph.rels)
                for backend in args.backends:
                    if backend == "networkx":
                        where = (args.keep or workdir) / f"nx-{scale}"
                        store: GraphStore = NetworkXStore(where)
                        result = timed_write(store, graph, len(records), None)
                        size = (where / "graph.kg").stat().st_size
                        say(result.line() + f"  (graph.kg {size / 2**20:,.0f} MB)")
                        say(old_save(store, workdir / f"nx-{scale}.json"))
                        del store
                    else:
                        # the peer first: the MERGE path into an empty graph
                        n = len(records)
                        if scale <= args.merge_peer_up_to:
                            say(timed_write(neo4j_store, graph, n, server_pid, fresh=False).line())
                        for round_ in range(args.rounds):
                            result = timed_write(neo4j_store, graph, len(records), server_pid)
                            if args.rounds > 1:  # the first write meets a just-started JVM
                                result.backend += " (cold)" if round_ == 0 else " (warm)"
                            say(result.line())
                            results.append(result)
                        continue
                    results.append(result)
                del graph
                gc.collect()

            if neo4j_store is not None and args.naive_rows:
                neo4j_store.delete_all()
                part = prefix_graph(biggest, args.naive_rows)
                rows, seconds = naive_load(settings, part, rows=args.naive_rows)
                neo4j_store.delete_all()
                total = biggest_rows
                say(
                    f"\nnaive loader (one MERGE per row, auto-commit): {rows:,} rows in "
                    f"{seconds:.1f} s = {rows / seconds:,.0f} rows/s, measured on the first "
                    f"{rows:,} rows of the ×{args.scales[-1]} graph; EXTRAPOLATED to its "
                    f"{total:,} rows (COAUTHOR not included): {total / (rows / seconds):,.0f} s "
                    f"≈ {total / (rows / seconds) / 60:,.1f} min"
                )
            if neo4j_store is not None:
                neo4j_store.close()

    say("\ntargets for 110k papers: NetworkX < 60 s, Neo4j < 120 s")
    for r in results:
        if r.papers >= 100_000:
            limit = 60 if r.backend == "networkx" else 120
            verdict = "met" if r.seconds < limit else "MISSED"
            say(f"  {r.backend}: {r.seconds:.0f} s — {verdict}")
    say(f"load average at the end {os.getloadavg()[0]:.1f} (other work on the machine skews times)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
