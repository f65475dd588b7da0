"""Network files for Gephi, Cytoscape and VOSviewer: GraphML, GEXF and VOSviewer JSON.

GraphML and GEXF are written by NetworkX, which builds the whole document in memory; they take
what Gephi and Cytoscape take, so values are made to fit (:func:`plain_attrs`): a missing value
(None) leaves the attribute off that node, a list or a map becomes JSON text (``["a", "b"]``),
and an attribute whose values mix types across nodes is written as text everywhere (GraphML keys
and GEXF attributes have one type each). Every node carries ``type`` (its label: Paper, Author,
Method…) and ``label`` (its readable name, what Gephi shows); every edge ``label``, the
relationship type (AUTHORED, COAUTHOR, …; a view's links: COAUTHOR or TRACK_TOPIC).
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import networkx as nx

from kg.errors import ExportError
from kg.export.records import ViewNetwork
from kg.graph import Node, Rel

#: VOSviewer's cluster numbers run from 1 to this.
VOS_MAX_CLUSTER = 1000
#: VOSviewer Online's words for the items and links of each view.
_TERMS = {
    "coauthors": ("author", "authors", "co-authorship link", "co-authorship links", "joint papers"),
    "topics": ("term", "terms", "track link", "track links", "papers"),
}


def network_of(nodes: Iterable[Node], rels: Iterable[Rel], *, directed: bool) -> nx.Graph:
    """Nodes and relationships → a NetworkX graph keyed "Label:id" (a view's keys already are),
    attributes made writable; ``type`` and ``label`` on every node, ``label`` (the relationship
    type — GEXF's own ``type`` is the edge's direction) on every edge, and in the directed graph
    edge keys e0, e1, … so every edge id in the file is unique."""
    G: nx.Graph = nx.MultiDiGraph() if directed else nx.Graph()
    for node in nodes:
        key = f"{node.label}:{node.id}" if directed else node.id
        name = node.props.get("name") or node.props.get("title") or node.id
        G.add_node(key, **{**node.props, "type": node.label, "label": str(name)})
    for n, rel in enumerate(rels):
        attrs = {**rel.props, "label": rel.type}
        if directed:
            a, b = f"{rel.start[0]}:{rel.start[1]}", f"{rel.end[0]}:{rel.end[1]}"
            G.add_edge(a, b, key=f"e{n}", **attrs)
        else:
            G.add_edge(rel.start[1], rel.end[1], **attrs)
    plain_attrs(G)
    return G


def plain_attrs(G: nx.Graph) -> None:
    """Make every node and edge attribute one GraphML/GEXF can hold, in place (see the module
    docstring)."""
    _plain([attrs for _, attrs in G.nodes(data=True)])
    _plain([attrs for *_, attrs in G.edges(data=True)])


def _plain(dicts: list[dict[str, Any]]) -> None:
    types: dict[str, set[type]] = {}
    for attrs in dicts:
        for name, value in list(attrs.items()):
            if value is None or (isinstance(value, float) and not math.isfinite(value)):
                del attrs[name]
                continue
            if isinstance(value, list | tuple | dict | set):
                value = attrs[name] = json.dumps(
                    sorted(value) if isinstance(value, set) else value, ensure_ascii=False
                )
            elif not isinstance(value, bool | int | float | str):
                value = attrs[name] = str(value)
            types.setdefault(name, set()).add(type(value))
    for name, seen in types.items():
        if len(seen) == 1:
            continue
        to: type = float if seen <= {int, float} else str
        for attrs in dicts:
            if name in attrs:
                value = attrs[name]
                attrs[name] = (
                    json.dumps(value) if to is str and isinstance(value, bool) else to(value)
                )


def write_graphml(G: nx.Graph, path: Path) -> None:
    nx.write_graphml(G, path, encoding="utf-8", named_key_ids=True)


def write_gexf(G: nx.Graph, path: Path) -> None:
    """GEXF 1.2; a view's positions, sizes (papers) and community also go in as Gephi's ``viz``."""
    H = G.copy()
    for _, attrs in H.nodes(data=True):
        if "x" in attrs:
            attrs["viz"] = {
                "position": {"x": attrs["x"], "y": attrs["y"], "z": 0.0},
                "size": float(attrs.get("papers", 1)),
            }
    nx.write_gexf(H, path, encoding="utf-8", version="1.2draft")


def vosviewer_json(network: ViewNetwork) -> dict[str, Any]:
    """A view in VOSviewer's JSON format (app.vosviewer.com/docs/file-types/json-file-type):
    ``network.items`` (id, label, description, x, y, cluster, weights, scores),
    ``network.links`` (source_id, target_id, strength) and ``network.clusters``. Item ids are
    1…n in the view's order; the description (which VOSviewer reads as HTML) is escaped."""
    G = network.graph
    ids = {key: n for n, key in enumerate(G, 1)}
    items = []
    leads: dict[int, str] = {}
    for key, attrs in G.nodes(data=True):
        strength = sum(d["weight"] for *_, d in G.edges(key, data=True))
        item: dict[str, Any] = {
            "id": ids[key],
            "label": attrs["name"],
            "description": _description(key, attrs),
            "x": attrs.get("x", 0.0),
            "y": attrs.get("y", 0.0),
            "weights": {
                "Papers": attrs["papers"],
                "Links": G.degree(key),
                "Total link strength": strength,
            },
        }
        community = int(attrs.get("community") or 0)
        if 1 <= community <= VOS_MAX_CLUSTER:
            item["cluster"] = community
            leads.setdefault(community, attrs["name"])
        if "mean_year" in attrs:
            item["scores"] = {"Avg. pub. year": attrs["mean_year"]}
        items.append(item)
    links = [
        {"source_id": ids[a], "target_id": ids[b], "strength": d["weight"]}
        for a, b, d in G.edges(data=True)
    ]
    clusters = [{"cluster": n, "label": f"{lead} and others"} for n, lead in sorted(leads.items())]
    words = _TERMS.get(network.view.view, _TERMS["topics"])
    terms = dict(zip(("item", "items", "link", "links", "link_strength"), words, strict=True))
    terms["total_link_strength"] = f"total {words[4]}"
    return {
        "config": {"terminology": terms},
        "network": {"items": items, "links": links, "clusters": clusters},
    }


def _description(key: str, attrs: dict[str, Any]) -> str:
    parts = [f"{attrs['type']} · {attrs['papers']} papers"]
    if "first_year" in attrs:
        parts.append(f"{attrs['first_year']}–{attrs['last_year']}")
    if attrs.get("tracks"):
        parts.append("tracks: " + "; ".join(attrs["tracks"][:5]))
    parts.append(f"kg id: {key}")
    return "<br>".join(html.escape(str(p)) for p in parts)


def write_vosviewer(network: ViewNetwork, path: Path) -> None:
    if not network.graph:
        raise ExportError("the view is empty: nothing for VOSviewer to map")
    with path.open("w", encoding="utf-8") as fh:
        json.dump(vosviewer_json(network), fh, ensure_ascii=False, indent=1)
