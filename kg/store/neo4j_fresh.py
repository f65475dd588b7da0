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
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from kg.graph import GraphData, Node, Rel, coauthor_pairs
from kg.schema import LIST_PROPS

T = TypeVar("T")
#: Relationship rows per write transaction: they are small (two ids and a few values).
REL_BATCH_SIZE = 5000

Send = Callable[[str, list[dict[str, Any]]], None]  # (statement, rows): one write transaction


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


def coauthor_rows(graph: GraphData) -> list[dict[str, Any]]:
    """The COAUTHOR relationships of ``graph`` (lower author id → higher), as write rows."""
    pairs_of = {
        n.id: n.props.get("coauthor_pairs", True) for n in graph.nodes if n.label == "Paper"
    }
    by_paper: dict[str, list[str]] = {}
    for rel in graph.rels:
        if rel.type == "AUTHORED" and pairs_of.get(rel.end[1], True):
            by_paper.setdefault(rel.end[1], []).append(rel.start[1])
    return [
        {"start": a, "end": b, "props": {"papers": papers, "weight": weight}}
        for (a, b), (papers, weight) in sorted(coauthor_pairs(by_paper.values()).items())
    ]


def drop_index_queries(schema: Sequence[str]) -> list[str]:
    """DROP statements for the ``schema`` statements' indexes that no constraint owns (name and
    full-text lookups). A fresh build drops them before its CREATEs, which then do not update
    them row by row, and creates them again afterwards, each filled in one pass; the id
    constraints the writes MATCH through stay. A fresh build that stops in between leaves a
    partial graph without them, and the next build creates them."""
    found = (re.match(r"CREATE (?:FULLTEXT )?INDEX (\w+) IF NOT EXISTS", s) for s in schema)
    return [f"DROP INDEX {m[1]} IF EXISTS" for m in found if m]


def create_nodes_query(label: str, list_props: Sequence[str], name: Callable[[str], str]) -> str:
    query = f"UNWIND $rows AS row CREATE (n:{name(label)} {{id: row.id}}) SET n += row.props"
    return query + (" SET n += row.lists" if list_props else "")


def create_rels_query(type_: str, start: str, end: str, name: Callable[[str], str]) -> str:
    return (
        f"UNWIND $rows AS row "
        f"MATCH (a:{name(start)} {{id: row.start}}) MATCH (b:{name(end)} {{id: row.end}}) "
        f"CREATE (a)-[r:{name(type_)}]->(b) SET r = row.props"
    )


def write_fresh(
    graph: GraphData,
    send: Send,
    advance: Callable[[int], None],
    *,
    name: Callable[[str], str],
    batch_size: int,
) -> None:
    """CREATE ``graph`` into a database with none of kg's nodes: nodes (``batch_size`` rows per
    transaction, in id order), relationships (``REL_BATCH_SIZE`` × batch_size / 1000), then the
    co-author pairs. ``send`` runs one write transaction; ``name`` is the store's own
    (kg.store.neo4j) name check."""
    unique = GraphData(unique_nodes(graph.nodes), unique_rels(graph.rels))
    advance(len(graph.nodes) + len(graph.rels) - len(unique.nodes) - len(unique.rels))
    for label, nodes in unique.nodes_by_label().items():
        list_props = sorted({key for n in nodes for key in n.props if key in LIST_PROPS})
        query = create_nodes_query(label, list_props, name)
        for chunk in chunks(sorted(nodes, key=lambda n: n.id), batch_size):
            send(query, [node_row(node, list_props) for node in chunk])
            advance(len(chunk))
    rel_batch = max(1, REL_BATCH_SIZE * batch_size // 1000)
    for (type_, start, end), rels in unique.rels_by_type().items():
        query = create_rels_query(type_, start, end, name)
        for rel_chunk in chunks(sorted(rels, key=lambda r: (r.start[1], r.end[1])), rel_batch):
            rows = [
                {"start": r.start[1], "end": r.end[1], "props": storable(r.props)}
                for r in rel_chunk
            ]
            send(query, rows)
            advance(len(rows))
    query = create_rels_query("COAUTHOR", "Author", "Author", name)
    for rows in chunks(coauthor_rows(graph), rel_batch):
        send(query, rows)


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
    return {k: storable_list(v) if isinstance(v, list | tuple) else v for k, v in props.items()}


def storable_list(values: Sequence[Any]) -> list[Any]:
    return list(dict.fromkeys(v for v in values if v is not None))


def chunks(items: Sequence[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last one shorter)."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk
