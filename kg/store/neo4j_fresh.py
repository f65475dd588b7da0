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

import re
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from itertools import islice
from typing import Any, TypeVar

from kg.errors import StoreError
from kg.graph import GraphData, Node, Rel, coauthor_pairs
from kg.schema import LIST_PROPS

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


def drop_index_queries(schema: Sequence[str]) -> list[str]:
    """DROP statements for the ``schema`` statements' indexes that no constraint owns (name and
    full-text lookups). A fresh build drops them before its CREATEs, which then do not update
    them row by row, and creates them again afterwards, each filled in one pass; the id
    constraints the writes MATCH through stay. A fresh build that stops in between leaves a
    partial graph without them, and the next build creates them."""
    found = (re.match(r"CREATE (?:FULLTEXT )?INDEX (\w+) IF NOT EXISTS", s) for s in schema)
    return [f"DROP INDEX {m[1]} IF EXISTS" for m in found if m]


#: Write transactions in flight at once: the server commits one while it runs the next and
#: Python packs a third, so both cores work (issue 14).
WRITERS = 2

Run = Callable[[str, list[list[Any]]], list[Any]]  # (statement, rows) → result: one transaction
Job = tuple[Any, str, list[list[Any]]]  # (tag, statement, rows)


def write_fresh(
    graph: GraphData,
    run: Run,
    advance: Callable[[int], None],
    *,
    name: Callable[[str], str],
    batch_size: int,
    writers: int = WRITERS,
) -> None:
    """CREATE ``graph`` into a database with none of kg's nodes: nodes (``batch_size`` rows per
    transaction, in id order), relationships (``REL_BATCH_SIZE`` × batch_size / 1000), then the
    co-author pairs. ``run`` runs one write transaction and returns its result rows; up to
    ``writers`` run at once. ``name`` is the store's own (kg.store.neo4j) name check.

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
            query = create_nodes_query(label, keys, name)
            for chunk in chunks(sorted(nodes, key=lambda n: n.id), batch_size):
                rows = [[n.id, *node_values(n.props, keys, lists)] for n in chunk]
                yield label, query, rows

    for label, rows, created in pipelined(run, node_jobs(), writers=writers):
        element.update(((label, id_), eid) for id_, eid in created)
        advance(len(rows))

    rel_batch = max(1, REL_BATCH_SIZE * batch_size // 1000)

    def rel_jobs() -> Iterator[Job]:
        for (type_, start, end), rels in unique.rels_by_type().items():
            keys = property_keys(r.props for r in rels)
            query = create_rels_query(type_, start, end, keys, name)
            ordered = sorted(rels, key=lambda r: (r.start[1], r.end[1]))
            for chunk in chunks(ordered, rel_batch):
                rows = [
                    [element[r.start], element[r.end], *rel_values(r.props, keys)]
                    for r in chunk
                    if r.start in element and r.end in element  # MATCH would find no end
                ]
                yield len(chunk), query, rows
        query = create_rels_query("COAUTHOR", "Author", "Author", ["papers", "weight"], name)
        for pairs in chunks(coauthor_rows(graph), rel_batch):
            rows = [
                [element["Author", a], element["Author", b], papers, weight]
                for a, b, papers, weight in pairs
            ]
            yield 0, query, rows  # the pairs are not among the graph's relationships

    for written, _, _ in pipelined(run, rel_jobs(), writers=writers):
        advance(written)


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


def create_nodes_query(label: str, keys: Sequence[str], name: Callable[[str], str]) -> str:
    values = "".join(f", {prop_name(k)}: row[{i + 1}]" for i, k in enumerate(keys))
    return (
        f"UNWIND $rows AS row CREATE (n:{name(label)} {{id: row[0]{values}}}) "
        "RETURN row[0], elementId(n)"
    )


def create_rels_query(
    type_: str, start: str, end: str, keys: Sequence[str], name: Callable[[str], str]
) -> str:
    values = ", ".join(f"{prop_name(k)}: row[{i + 2}]" for i, k in enumerate(keys))
    return (
        f"UNWIND $rows AS row "
        f"MATCH (a:{name(start)}) WHERE elementId(a) = row[0] "
        f"MATCH (b:{name(end)}) WHERE elementId(b) = row[1] "
        f"CREATE (a)-[:{name(type_)} {{{values}}}]->(b)"
    )


def prop_name(key: str) -> str:
    """A property name to put in a statement: kg's own keys are plain identifiers."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", key):
        raise StoreError(f"refusing to write the property name {key!r}: not a plain identifier")
    return key


def node_values(props: dict[str, Any], keys: Sequence[str], lists: Sequence[bool]) -> list[Any]:
    """A node's values in ``keys`` order, as ``node_row`` sends them: a list property is a list
    (empty if the node has none), None leaves a property unset."""
    return [
        storable_list(props.get(k) or []) if is_list else storable_value(props.get(k))
        for k, is_list in zip(keys, lists, strict=True)
    ]


def rel_values(props: dict[str, Any], keys: Sequence[str]) -> list[Any]:
    return [storable_value(props.get(k)) for k in keys]


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
    return list(dict.fromkeys(v for v in values if v is not None))


def chunks(items: Sequence[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last one shorter)."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk
