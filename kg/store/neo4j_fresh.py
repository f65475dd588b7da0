"""A fresh Neo4j build (``kg build --fresh``): what to send worked out in Python, then CREATE.

A fresh build writes into a database holding none of kg's nodes (``delete_all`` ran first) under
the write lease, so no other kg process writes meanwhile. Once Python has removed duplicates —
one node per (label, id), one relationship per (type, start, end), their properties merged as
``MERGE … SET += …`` would leave them — ``CREATE`` gives what ``MERGE`` would, without a lookup
per row, and relationship rows (ids and a few numbers) go in larger batches. The COAUTHOR pairs
come from the graph's own AUTHORED relationships (:func:`kg.graph.coauthor_pairs`, as the
embedded store computes them) instead of a recomputation in Cypher over what was just written.

Identity is unchanged: the graph's people were resolved under the lease (kg.pipeline), and the
author layer a fresh build writes is the whole of it.
"""

from __future__ import annotations

import gc
import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

from kg.errors import StoreError
from kg.graph import GraphData, Node, Rel, coauthor_pairs
from kg.schema import LIST_PROPS
from kg.store.neo4j_statements import ident

T = TypeVar("T")
#: Relationship rows per write transaction: they are small (two ids and a few values).
REL_BATCH_SIZE = 5000


def unique_nodes(nodes: Sequence[Node]) -> list[Node]:
    """One node per (label, id): later properties win, list properties keep the union in order —
    what MERGE with ``SET n += props`` and the list union leaves."""
    merged: dict[tuple[str, str], Node] = {}
    for node in nodes:
        key = (node.label, node.id)
        kept = merged.get(key)
        if kept is None:
            merged[key] = node
            continue
        props = {**kept.props, **node.props}
        for name in LIST_PROPS:
            if name in kept.props and name in node.props:
                props[name] = list(dict.fromkeys([*kept.props[name], *node.props[name]]))
        merged[key] = Node(node.label, node.id, props)
    return list(merged.values())


def unique_rels(rels: Sequence[Rel]) -> list[Rel]:
    """One relationship per (type, start, end), its properties those of all of them in order —
    what MERGE with ``SET r += props`` leaves, and what the embedded store keeps."""
    merged: dict[tuple[str, tuple[str, str], tuple[str, str]], Rel] = {}
    for rel in rels:
        key = (rel.type, rel.start, rel.end)
        kept = merged.get(key)
        merged[key] = rel if kept is None else Rel(*key, {**kept.props, **rel.props})
    return list(merged.values())


def coauthor_rows(graph: GraphData) -> list[tuple[str, str, int, float]]:
    """The COAUTHOR relationships of ``graph``: (lower author id, higher, papers, weight)."""
    pairs_of = {
        n.id: n.props.get("coauthor_pairs", True) for n in graph.nodes if n.label == "Paper"
    }
    by_paper: dict[str, list[str]] = {}
    for rel in graph.rels:
        if rel.type == "AUTHORED" and pairs_of.get(rel.end[1], True):
            by_paper.setdefault(rel.end[1], []).append(rel.start[1])
    pairs = coauthor_pairs(by_paper.values())
    return [(a, b, papers, weight) for (a, b), (papers, weight) in sorted(pairs.items())]


def drop_schema_queries(schema: Sequence[str], *, keep: str) -> list[str]:
    """DROP statements for what the ``schema`` statements create, except the constraint on
    label ``keep`` (the write lease's). A fresh build drops them before its CREATEs, which then
    update no index row by row: relationships find their ends by element id, and Python has
    removed duplicates, so nothing needs the id constraints while it writes. Measured on the ×10
    corpus: 191 s with the id constraints kept, 157 s without (issue 14). The build creates them
    again once the nodes are in, while it writes the relationships, each filled in one pass. A
    fresh build that stops in between leaves a graph without them, and the next build creates
    them (its nodes are unique)."""
    indexes = (re.match(r"CREATE (?:FULLTEXT )?INDEX (\w+) IF NOT EXISTS", s) for s in schema)
    constraint = r"CREATE CONSTRAINT (\w+) IF NOT EXISTS FOR \(n:(\w+)\)"
    constraints = (re.match(constraint, s) for s in schema)
    return [f"DROP INDEX {m[1]} IF EXISTS" for m in indexes if m] + [
        f"DROP CONSTRAINT {m[1]} IF EXISTS" for m in constraints if m and m[2] != keep
    ]


#: Write transactions in flight at once: the server commits one while it runs the next and
#: Python packs a third, so both cores work (issue 14).
WRITERS = 2

Run = Callable[[str, list[list[Any]]], list[Any]]  # (statement, rows) → result: one transaction
Job = tuple[Any, str, list[list[Any]]]  # (tag, statement, rows)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off while a fresh build sends its rows, on again after
    (if it was on). The rows hold no cycles — reference counting frees them — but their millions
    of lists make the collector walk the whole graph again and again: at ×10 it was a third of
    the Python CPU of the write (32 s of prepare-and-pack without the server, 21 s paused)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


@gc_paused()
def write_fresh(
    graph: GraphData,
    run: Run,
    advance: Callable[[int], None],
    *,
    batch_size: int,
    writers: int = WRITERS,
    nodes_written: Callable[[], None] = lambda: None,
) -> None:
    """CREATE ``graph`` into a database with none of kg's nodes: nodes (``batch_size`` rows per
    transaction, in id order), relationships (``REL_BATCH_SIZE`` × batch_size / 1000), then the
    co-author pairs. ``run`` runs one write transaction and returns its result rows; up to
    ``writers`` run at once; ``nodes_written`` is called between the nodes and the relationships.

    Rows are lists, one value per property in a fixed order, and each statement names its
    properties (``CREATE (n:Paper {id: row[0], title: row[1], …})``): no map is unpacked per
    row, and no ``SET`` makes the planner hold rows back. Each CREATE returns the new nodes'
    element ids, and relationships find their ends by them instead of an index seek per end."""
    unique = GraphData(unique_nodes(graph.nodes), unique_rels(graph.rels))
    advance(len(graph.nodes) + len(graph.rels) - len(unique.nodes) - len(unique.rels))
    element: dict[tuple[str, str], str] = {}

    def node_jobs() -> Iterator[Job]:
        for label, nodes in unique.nodes_by_label().items():
            keys = property_keys(n.props for n in nodes)
            lists = [key in LIST_PROPS for key in keys]
            query = create_nodes_query(label, keys)
            for chunk in chunks(sorted(nodes, key=lambda n: n.id), batch_size):
                rows = [row_values([n.id], n.props, keys, lists) for n in chunk]
                yield label, query, rows

    for label, rows, created in pipelined(run, node_jobs(), writers=writers):
        element.update(((label, id_), eid) for id_, eid in created[0][0])
        advance(len(rows))

    nodes_written()
    rel_batch = max(1, REL_BATCH_SIZE * batch_size // 1000)

    def rel_jobs() -> Iterator[Job]:
        for (type_, start, end), rels in unique.rels_by_type().items():
            keys = property_keys(r.props for r in rels)
            query = create_rels_query(type_, start, end, keys)
            plain = [False] * len(keys)
            ordered = sorted(rels, key=by_shared_end(rels))
            for chunk in chunks(ordered, rel_batch):
                rows = [
                    row_values([element[r.start], element[r.end]], r.props, keys, plain)
                    for r in chunk
                    if r.start in element and r.end in element  # MATCH would find no end
                ]
                yield len(chunk), query, rows
        query = create_rels_query("COAUTHOR", "Author", "Author", ["papers", "weight"])
        for pairs in chunks(coauthor_rows(graph), rel_batch):
            rows = [
                [element["Author", a], element["Author", b], papers, weight]
                for a, b, papers, weight in pairs
            ]
            yield 0, query, rows  # the pairs are not among the graph's relationships

    for written, _, _ in pipelined(run, rel_jobs(), writers=writers):
        advance(written)


def by_shared_end(rels: Sequence[Rel]) -> Callable[[Rel], tuple[str, str]]:
    """The order to send ``rels`` in: grouped by the end that fewer nodes share (USES by method,
    IN_TRACK by track, AUTHORED by paper), so the two transactions in flight rarely touch the
    same node. Sent by paper, both lock the 39 tracks and the popular methods at once, and the
    server spends CPU on the contended locks (the ×10 write, one run each: 141.5 s in paper
    order, 131.9 s in this one)."""
    if len({r.end for r in rels}) <= len({r.start for r in rels}):
        return lambda r: (r.end[1], r.start[1])
    return lambda r: (r.start[1], r.end[1])


def pipelined(
    run: Run, jobs: Iterable[Job], *, writers: int
) -> Iterator[tuple[Any, list[list[Any]], list[Any]]]:
    """(tag, rows, result) of each (tag, statement, rows) job, in their order, each run as its
    own write transaction with up to ``writers`` at once. A failure is raised once the
    transactions already running end; the jobs not yet started never run."""
    if writers <= 1:
        for tag, query, rows in jobs:
            yield tag, rows, run(query, rows)
        return
    pending: deque[tuple[Any, list[list[Any]], Future[list[Any]]]] = deque()
    with ThreadPoolExecutor(max_workers=writers, thread_name_prefix="kg-neo4j-write") as pool:
        try:
            for tag, query, rows in jobs:
                pending.append((tag, rows, pool.submit(run, query, rows)))
                if len(pending) > writers:  # one waiting behind each running transaction
                    tag, rows, done = pending.popleft()
                    yield tag, rows, done.result()
            while pending:
                tag, rows, done = pending.popleft()
                yield tag, rows, done.result()
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def property_keys(props: Iterable[dict[str, Any]]) -> list[str]:
    """The property names of a group of nodes or relationships, ``id`` left out, sorted."""
    return sorted({key for p in props for key in p} - {"id"})


def create_nodes_query(label: str, keys: Sequence[str]) -> str:
    values = "".join(f", {prop_name(k)}: row[{i + 1}]" for i, k in enumerate(keys))
    return (
        f"UNWIND $rows AS row CREATE (n:{ident(label)} {{id: row[0]{values}}}) "
        "RETURN collect([row[0], elementId(n)])"
    )


def create_rels_query(type_: str, start: str, end: str, keys: Sequence[str]) -> str:
    values = ", ".join(f"{prop_name(k)}: row[{i + 2}]" for i, k in enumerate(keys))
    return (
        f"UNWIND $rows AS row "
        f"MATCH (a:{ident(start)}) WHERE elementId(a) = row[0] "
        f"MATCH (b:{ident(end)}) WHERE elementId(b) = row[1] "
        f"CREATE (a)-[:{ident(type_)} {{{values}}}]->(b)"
    )


def prop_name(key: str) -> str:
    """A property name to put in a statement: kg's own keys are plain identifiers."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", key):
        raise StoreError(f"refusing to write the property name {key!r}: not a plain identifier")
    return key


def row_values(
    row: list[Any], props: dict[str, Any], keys: Sequence[str], lists: Sequence[bool]
) -> list[Any]:
    """``row`` (the ids that open it) followed by a node's or relationship's values in ``keys``
    order, as ``node_row`` and ``storable`` send them: a property flagged in ``lists`` is a list
    (empty if absent), any other list is made storable, None leaves a property unset. One loop
    and no call per plain value: a ×10 fresh build sends six million values (issue 14)."""
    for key, is_list in zip(keys, lists, strict=True):
        value = props.get(key)
        if is_list:
            row.append(storable_list(value) if value else [])
        elif value.__class__ is list or value.__class__ is tuple:
            row.append(storable_list(value))
        else:
            row.append(value)
    return row


def storable_value(value: Any) -> Any:
    return storable_list(value) if isinstance(value, list | tuple) else value


def node_row(node: Node, list_props: Sequence[str]) -> dict[str, Any]:
    props = {k: v for k, v in node.props.items() if k not in LIST_PROPS}
    return {
        "id": node.id,
        "props": storable(props),
        "lists": {p: storable_list(node.props.get(p) or []) for p in list_props},
    }


def storable(props: dict[str, Any]) -> dict[str, Any]:
    """Values Neo4j can store. None is kept: ``SET n += {k: null}`` removes k, which is what
    the embedded store's overwrite-with-None reads as."""
    return {k: storable_value(v) for k, v in props.items()}


def storable_list(values: Sequence[Any]) -> list[Any]:
    """``values`` without None (Neo4j stores no null in a list) and without repeats, in order."""
    if len(values) < 2:  # most lists: no repeats possible
        return [v for v in values if v is not None]
    kept = dict.fromkeys(values)
    kept.pop(None, None)
    return list(kept)


def chunks(items: Sequence[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last one shorter)."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk
