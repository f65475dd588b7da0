"""Reading Neo4j into the embedded layout: the whole graph (:func:`whole_graph`), or only the
neighbourhood an ego view needs (:func:`neighbourhood`), so ``kg viz author X`` on Neo4j reads
a few hundred nodes instead of copying the database.

Labels and relationship types in the statements come from :mod:`kg.schema`, never from input;
every value is a parameter.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

import networkx as nx

from kg.schema import NODE_LABELS, REL_TYPES, ROLE_TYPES, NodeKey, node_key

Run = Callable[[str, dict[str, Any]], list[dict[str, Any]]]

#: The relationships an ego view walks (kg.index.GraphIndex.neighbours): papers are the hubs.
EGO_TYPES = ("AUTHORED", "IN_TRACK", *ROLE_TYPES)
_LABEL_OF = "[l IN labels({0}) WHERE l IN $labels][0]"


def whole_graph(run: Run) -> nx.MultiDiGraph:
    """Every kg node and relationship. Properties that are null in the embedded store are absent
    here: Neo4j does not store nulls."""
    g = nx.MultiDiGraph()
    for label in NODE_LABELS:
        for row in run(f"MATCH (n:{label}) RETURN properties(n) AS p", {}):
            props = row["p"]
            g.add_node(node_key(label, props["id"]), label=label, **props)
    for type_ in REL_TYPES:
        rows = run(
            f"MATCH (a)-[r:{type_}]->(b) RETURN {_LABEL_OF.format('a')} AS al, a.id AS a, "
            f"{_LABEL_OF.format('b')} AS bl, b.id AS b, properties(r) AS p",
            {"labels": list(NODE_LABELS)},
        )
        for row in rows:
            start, end = node_key(row["al"], row["a"]), node_key(row["bl"], row["b"])
            g.add_edge(start, end, key=type_, **row["p"])
    return g


def neighbourhood(
    run: Run, center: NodeKey, levels: int
) -> tuple[nx.MultiDiGraph, dict[NodeKey, int]]:
    """The nodes within ``levels`` paper-centred hops of ``center``, the ego relationships among
    them, and every such node's degree over all relationship types (what an ego view ranks by),
    keyed by NodeKey."""
    seen: set[NodeKey] = {center}
    frontier = [center]
    edges: dict[tuple[NodeKey, NodeKey, str], dict[str, Any]] = {}
    for _ in range(levels):
        found: list[NodeKey] = []
        for label, ids in _by_label(frontier).items():
            rows = run(
                f"MATCH (n:{label}) WHERE n.id IN $ids "
                f"MATCH (n)-[r:{'|'.join(EGO_TYPES)}]-(m) "
                f"RETURN {_LABEL_OF.format('startNode(r)')} AS sl, startNode(r).id AS s, "
                f"{_LABEL_OF.format('endNode(r)')} AS el, endNode(r).id AS e, "
                "type(r) AS t, properties(r) AS p",
                {"ids": ids, "labels": list(NODE_LABELS)},
            )
            for row in rows:
                start, end = (row["sl"], row["s"]), (row["el"], row["e"])
                edges[(start, end, row["t"])] = row["p"]
                for key in (start, end):
                    if key not in seen:
                        seen.add(key)
                        found.append(key)
        frontier = found
    g = nx.MultiDiGraph()
    degrees: dict[NodeKey, int] = {}
    for label, ids in _by_label(sorted(seen)).items():
        rows = run(
            f"MATCH (n:{label}) WHERE n.id IN $ids "
            "RETURN properties(n) AS p, COUNT { (n)--() } AS degree",
            {"ids": ids},
        )
        for row in rows:
            g.add_node(node_key(label, row["p"]["id"]), label=label, **row["p"])
            degrees[(label, row["p"]["id"])] = row["degree"]
    for (start, end, type_), props in sorted(edges.items(), key=lambda kv: kv[0]):
        if start in seen and end in seen:
            g.add_edge(node_key(*start), node_key(*end), key=type_, **props)
    return g, degrees


def _by_label(keys: list[NodeKey]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for label, id_ in keys:
        if label in NODE_LABELS:  # kg's vocabulary only: never a label read from input
            out[label].append(id_)
    return out
