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

from kg.graph import EntityLink
from kg.schema import EGO_RELS, ENTITY_LABELS, NODE_LABELS, REL_TYPES, ROLE_TYPES, NodeKey, node_key

Run = Callable[[str, dict[str, Any]], list[dict[str, Any]]]

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
    run: Run, center: NodeKey, hops: int
) -> tuple[nx.MultiDiGraph, dict[NodeKey, int]]:
    """What an ego view of ``hops`` around ``center`` shows and what its tooltips say: the nodes
    within ``hops + 1`` paper-centred hops with their ego relationships, plus, for each node on
    the view's rim, the one further step its tooltip reads (an author's co-authors and tracks, an
    entity's tracks, a track's entities); and every node's degree over all relationship types
    (what the view ranks by). Keyed by NodeKey."""
    dist: dict[NodeKey, int] = {center: 0}
    edges: dict[tuple[NodeKey, NodeKey, str], dict[str, Any]] = {}
    frontier = [center]
    for level in range(1, hops + 2):
        found = []
        for start, end in _expand(run, frontier, EGO_RELS, edges):
            for key in (start, end):
                if key not in dist:
                    dist[key] = level
                    found.append(key)
        frontier = found
    # the rim's papers, and the relationships of theirs the rim's tooltips read
    wanted: dict[NodeKey, set[str]] = defaultdict(set)
    for start, end, _ in list(edges):
        for rim, other in ((start, end), (end, start)):
            if dist.get(rim) == hops and dist.get(other) == hops + 1 and other[0] == "Paper":
                wanted[other] |= _RIM_READS.get(rim[0], _ROLE_READS)
    for types in {frozenset(t) for t in wanted.values()}:
        papers = sorted(k for k, t in wanted.items() if t == types)
        for start, end in _expand(run, papers, tuple(sorted(types)), edges):
            for key in (start, end):
                dist.setdefault(key, hops + 2)
    g = nx.MultiDiGraph()
    degrees: dict[NodeKey, int] = {}
    for label, ids in _by_label(sorted(dist)).items():
        rows = run(
            f"MATCH (n:{label}) WHERE n.id IN $ids "
            "RETURN properties(n) AS p, COUNT { (n)--() } AS degree",
            {"ids": ids},
        )
        for row in rows:
            g.add_node(node_key(label, row["p"]["id"]), label=label, **row["p"])
            degrees[(label, row["p"]["id"])] = row["degree"]
    for (start, end, type_), props in sorted(edges.items(), key=lambda kv: kv[0]):
        g.add_edge(node_key(*start), node_key(*end), key=type_, **props)
    return g, degrees


#: What the tooltip of a node on the view's rim reads through its papers (kg.viz.views.info).
_ROLE_READS = frozenset(ROLE_TYPES)
_RIM_READS = {
    "Author": frozenset({"AUTHORED", "IN_TRACK"}),  # co-authors, tracks
    "Track": _ROLE_READS,  # most mentioned entities
    "Paper": frozenset(),
    **{label: frozenset({"IN_TRACK"}) for label in ENTITY_LABELS},  # tracks
}


def _expand(
    run: Run,
    keys: list[NodeKey],
    types: tuple[str, ...],
    edges: dict[tuple[NodeKey, NodeKey, str], dict[str, Any]],
) -> list[tuple[NodeKey, NodeKey]]:
    """The relationships of these types at these nodes, added to ``edges``: (start, end) each."""
    out: list[tuple[NodeKey, NodeKey]] = []
    if not types:
        return out
    for label, ids in _by_label(keys).items():
        rows = run(
            f"MATCH (n:{label}) WHERE n.id IN $ids MATCH (n)-[r:{'|'.join(types)}]-(m) "
            f"RETURN {_LABEL_OF.format('startNode(r)')} AS sl, startNode(r).id AS s, "
            f"{_LABEL_OF.format('endNode(r)')} AS el, endNode(r).id AS e, "
            "type(r) AS t, properties(r) AS p",
            {"ids": ids, "labels": list(NODE_LABELS)},
        )
        for row in rows:
            start, end = (row["sl"], row["s"]), (row["el"], row["e"])
            edges[(start, end, row["t"])] = row["p"]
            out.append((start, end))
    return out


def _by_label(keys: list[NodeKey]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for label, id_ in keys:
        if label in NODE_LABELS:  # kg's vocabulary only: never a label read from input
            out[label].append(id_)
    return out


def entity_links(run: Run, ids: list[str], batch: int) -> list[EntityLink]:
    """The paper→entity relationships of the entities whose id is in ``ids``, of any label: what
    :func:`kg.graph.build_graph` decides an entity's type and name over (its ``prior``)."""
    out = []
    for start in range(0, len(ids), batch):
        for label in ENTITY_LABELS:
            query = (
                f"UNWIND $ids AS id MATCH (p:Paper)-[r]->(e:{label} {{id: id}}) "
                "RETURN p.id AS paper, e.id AS id, type(r) AS type, properties(r) AS props"
            )
            rows = run(query, {"ids": ids[start : start + batch]})
            out += [EntityLink(r["paper"], label, r["id"], r["type"], r["props"]) for r in rows]
    return out
