"""What an export writes, as streams of :class:`kg.graph.Node` and :class:`kg.graph.Rel`.

The whole graph is read from either store a page at a time: the embedded store's graph is already
in memory and is walked as it is; Neo4j is read in pages of ``PAGE`` nodes ordered by id (the
uniqueness constraint's index), and a page's outgoing relationships with them, so an export holds
one page, never a copy of the graph. A view (coauthors, topics) is small by construction
(``--max-nodes``) and becomes the same kind of stream, its nodes carrying name, papers, years,
community and position (:func:`spring_layout`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, cast

import networkx as nx

from kg.graph import Node, Rel
from kg.index import GraphIndex
from kg.schema import NODE_LABELS, REL_TYPES, split_key
from kg.store.base import GraphStore
from kg.viz.views import ViewData

#: Nodes per page when reading Neo4j.
PAGE = 5000
#: View positions span [-SCALE, SCALE] on each axis.
SCALE = 1000.0
#: Properties that are not properties: the node label the stores keep beside them.
_NOT_PROPS = frozenset({"label"})


def graph_nodes(store: GraphStore) -> Iterator[Node]:
    """Every node of the graph, label by label (Neo4j: in id order)."""
    if store.backend != "neo4j":
        for key, attrs in store.to_networkx().nodes(data=True):
            label, _, id_ = key.partition(":")
            yield Node(label, str(attrs.get("id", id_)), _props(attrs))
        return
    run = cast(Any, store).run  # Neo4jStore.run: one statement, rows as dicts
    for label in NODE_LABELS:
        after = ""
        while True:
            rows = run(
                f"MATCH (n:{label}) WHERE n.id > $after "
                "RETURN properties(n) AS p ORDER BY n.id LIMIT $page",
                {"after": after, "page": PAGE},
            )
            for row in rows:
                yield Node(label, row["p"]["id"], _props(row["p"]))
            if len(rows) < PAGE:
                break
            after = rows[-1]["p"]["id"]


def graph_rels(store: GraphStore) -> Iterator[Rel]:
    """Every relationship of the graph (Neo4j: by start label, start id, type, end id)."""
    if store.backend != "neo4j":
        G = store.to_networkx()
        for a, b, type_, attrs in G.edges(keys=True, data=True):
            yield Rel(type_, split_key(a), split_key(b), dict(attrs))
        return
    run = cast(Any, store).run  # Neo4jStore.run: one statement, rows as dicts
    for label in NODE_LABELS:
        after = ""
        while True:
            ids = [
                r["id"]
                for r in run(
                    f"MATCH (n:{label}) WHERE n.id > $after RETURN n.id AS id "
                    "ORDER BY id LIMIT $page",
                    {"after": after, "page": PAGE},
                )
            ]
            if not ids:
                break
            rows = run(
                f"MATCH (a:{label})-[r]->(b) WHERE a.id IN $ids AND type(r) IN $types "
                "WITH a, r, b, [l IN labels(b) WHERE l IN $labels][0] AS bl WHERE bl IS NOT NULL "
                "RETURN a.id AS a, type(r) AS t, bl, b.id AS b, properties(r) AS p "
                "ORDER BY a, t, b",
                {"ids": ids, "types": list(REL_TYPES), "labels": list(NODE_LABELS)},
            )
            for row in rows:
                yield Rel(row["t"], (label, row["a"]), (row["bl"], row["b"]), row["p"])
            if len(ids) < PAGE:
                break
            after = ids[-1]


def _props(attrs: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in attrs.items() if k not in _NOT_PROPS and k != "id"}


# --- views --------------------------------------------------------------------------------


@dataclass(slots=True)
class ViewNetwork:
    """A view as an export sees it: one undirected, weighted graph whose nodes carry ``type``,
    ``name``, ``papers``, ``first_year``/``last_year`` (when known), ``tracks``, ``community``
    and ``x``/``y``; edges carry ``type`` and ``weight``."""

    view: ViewData
    graph: nx.Graph

    def nodes(self) -> Iterator[Node]:
        for key, attrs in self.graph.nodes(data=True):
            yield Node(attrs["type"], key, {k: v for k, v in attrs.items() if k != "type"})

    def rels(self) -> Iterator[Rel]:
        G = self.graph
        for a, b, attrs in G.edges(data=True):
            start, end = (G.nodes[a]["type"], a), (G.nodes[b]["type"], b)
            yield Rel(attrs["type"], start, end, {"weight": attrs["weight"]})


def view_network(ix: GraphIndex, view: ViewData) -> ViewNetwork:
    """The view's nodes and links with their attributes; positions from a spring layout of the
    view's own links (seed 42), so the same graph always gives the same picture."""
    H = nx.Graph()
    for node in view.nodes:
        key = split_key(node.id)
        attrs: dict[str, Any] = {
            "type": node.kind,
            "name": ix.name(key),
            "papers": int(node.size),
            "tracks": list(node.tracks),
            "community": node.community,
        }
        years = _years(ix, key)
        if years:
            attrs["first_year"], attrs["last_year"] = years[0], years[-1]
            attrs["mean_year"] = round(sum(years) / len(years), 2)
        H.add_node(node.id, **attrs)
    for edge in view.edges:
        H.add_edge(edge.source, edge.target, type=edge.kind, weight=edge.weight)
    for key, (x, y) in spring_layout(H).items():
        H.nodes[key]["x"], H.nodes[key]["y"] = x, y
    return ViewNetwork(view, H)


def spring_layout(
    G: nx.Graph, *, seed: int = 42, iterations: int = 50, scale: float = SCALE
) -> dict[Any, tuple[float, float]]:
    """Fruchterman–Reingold positions (the force model of ``nx.spring_layout``), vectorized
    over all pairs with NumPy: NetworkX switches to a SciPy sparse solver from 500 nodes, which
    kg does not depend on and which took minutes where this takes seconds. Memory and time grow
    with the square of the nodes — a view is bounded by ``--max-nodes``. Deterministic: a fixed
    seed, nodes in the view's order; positions in [-scale, scale], rounded to 0.01."""
    import numpy as np

    nodes = list(G)
    if len(nodes) < 2:
        return {key: (0.0, 0.0) for key in nodes}
    A = nx.to_numpy_array(G, nodelist=nodes, weight="weight")
    pos = np.random.default_rng(seed).random((len(nodes), 2))
    k = 1.0 / np.sqrt(len(nodes))  # the ideal distance
    t = 0.1  # the temperature: the most a node moves in a step, cooling linearly to 0
    for _ in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.clip(np.linalg.norm(delta, axis=-1), 0.01, None)
        # repulsion k²/d between every pair, attraction w·d²/k along each link (per unit delta)
        force = k * k / dist**2 - A * dist / k
        disp = np.einsum("ijk,ij->ik", delta, force)
        length = np.clip(np.linalg.norm(disp, axis=-1), 0.01, None)
        pos += disp * (t / length)[:, None]
        t -= 0.1 / (iterations + 1)
    pos -= pos.mean(axis=0)
    pos *= scale / max(float(np.abs(pos).max()), 1e-9)
    return {
        key: (round(float(x), 2), round(float(y), 2))
        for key, (x, y) in zip(nodes, pos, strict=True)
    }


def _years(ix: GraphIndex, key: tuple[str, str]) -> list[int]:
    label, id_ = key
    if label == "Author":
        papers: list[str] = ix.author_papers.get(id_, [])
    elif label == "Track":
        papers = ix.track_papers.get(id_, [])
    elif label == "Paper":
        papers = [id_]
    else:
        papers = ix.papers_with(key)
    found = (ix.papers.get(p, {}).get("year") for p in papers)
    return sorted(y for y in found if isinstance(y, int) and not isinstance(y, bool))
