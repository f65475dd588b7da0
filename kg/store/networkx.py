"""The embedded store: a NetworkX MultiDiGraph persisted as node-link JSON.

Node keys are ``"Label:id"``; each node carries ``label`` plus its properties. Edge keys are the
relationship type, so a pair of nodes holds at most one relationship of each type (the same MERGE
semantics as Neo4j). The file is written to a temporary sibling and renamed over the old one, so
a crash mid-write leaves the previous graph intact.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

import networkx as nx

from kg.errors import StoreError
from kg.graph import AUTHOR_LABELS, LIST_PROPS, GraphData, coauthor_pairs
from kg.identity import AuthorMention
from kg.store.base import Counts, Progress, stored_mentions

GRAPH_FILE = "graph.json"
FORMAT_VERSION = 1
_UMASK = os.umask(0)
os.umask(_UMASK)
# node-link's default "id" field would clobber our nodes' own `id` property
NODE_KEY_FIELD = "node_key"


def node_key(label: str, id_: str) -> str:
    return f"{label}:{id_}"


class NetworkXStore:
    backend = "networkx"

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.path = directory / GRAPH_FILE
        self.location = str(self.path)
        self.graph: nx.MultiDiGraph = self._load()

    # --- persistence ----------------------------------------------------------------------

    def _load(self) -> nx.MultiDiGraph:
        if not self.path.exists():
            return nx.MultiDiGraph()
        try:
            with self.path.open(encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, json.JSONDecodeError) as exc:
            raise StoreError(
                f"cannot read the graph at {self.path}: {exc}. "
                "Rebuild it with `kg build --fresh` (the file is replaced atomically)."
            ) from exc
        if data.get("graph", {}).get("kg_format") != FORMAT_VERSION:
            raise StoreError(f"{self.path} is not a kg graph file (or from another kg version)")
        graph: nx.MultiDiGraph = nx.node_link_graph(
            data, directed=True, multigraph=True, edges="edges", name=NODE_KEY_FIELD
        )
        return graph

    def save(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        self.graph.graph["kg_format"] = FORMAT_VERSION
        data = nx.node_link_data(self.graph, edges="edges", name=NODE_KEY_FIELD)
        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=".graph-", suffix=".json.tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes it 0600; a store is a normal file
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    # --- the GraphStore contract ------------------------------------------------------------

    def write(
        self, graph: GraphData, *, fresh: bool = False, progress: Progress | None = None
    ) -> None:
        g = nx.MultiDiGraph() if fresh else self.graph.copy()
        if graph.authors_complete:  # identity was resolved again: its layer is replaced whole
            g.remove_nodes_from([k for k, label in g.nodes(data="label") if label in AUTHOR_LABELS])
        for node in graph.nodes:
            key = node_key(node.label, node.id)
            attrs: dict[str, Any] | None = g.nodes.get(key)
            if attrs is None:
                g.add_node(key, label=node.label, **node.props)
                continue
            for name, value in node.props.items():
                if name in LIST_PROPS:
                    attrs[name] = list(dict.fromkeys([*attrs.get(name, []), *value]))
                else:
                    attrs[name] = value
        if progress:
            progress(len(graph.nodes))
        for rel in graph.rels:
            g.add_edge(node_key(*rel.start), node_key(*rel.end), key=rel.type, **rel.props)
        if progress:
            progress(len(graph.rels))
        _materialize_coauthors(g)
        self.graph = g
        self.save()

    def counts(self) -> Counts:
        labels = Counter(label for _, label in self.graph.nodes(data="label"))
        types = Counter(key for _, _, key in self.graph.edges(keys=True))
        return Counts(nodes=dict(labels), rels=dict(types))

    def coauthor_weights(self) -> dict[tuple[str, str], tuple[int, float]]:
        return {
            (self.graph.nodes[a]["id"], self.graph.nodes[b]["id"]): (d["papers"], d["weight"])
            for a, b, k, d in self.graph.edges(keys=True, data=True)
            if k == "COAUTHOR"
        }

    def author_mentions(self) -> list[AuthorMention]:
        g = self.graph
        papers = {
            attrs["id"]: attrs for _, attrs in g.nodes(data=True) if attrs.get("label") == "Paper"
        }
        authored = [
            (g.nodes[paper]["id"], {"author_name": g.nodes[author].get("name"), **attrs})
            for author, paper, key, attrs in g.edges(keys=True, data=True)
            if key == "AUTHORED"
        ]
        institutions = {
            attrs["id"]: attrs.get("name") or attrs["id"]
            for _, attrs in g.nodes(data=True)
            if attrs.get("label") == "Institution"
        }
        return stored_mentions(papers, authored, institutions)

    def to_networkx(self) -> nx.MultiDiGraph:
        return self.graph

    def close(self) -> None:
        pass


def _materialize_coauthors(g: nx.MultiDiGraph) -> None:
    """Recompute every COAUTHOR edge from AUTHORED, so incremental builds stay exact."""
    g.remove_edges_from([(a, b, k) for a, b, k in g.edges(keys=True) if k == "COAUTHOR"])
    by_paper: dict[str, list[str]] = {}
    for author, paper, key in g.edges(keys=True):
        if key == "AUTHORED":
            by_paper.setdefault(paper, []).append(author)
    for (a, b), (papers, weight) in coauthor_pairs(by_paper.values()).items():
        g.add_edge(a, b, key="COAUTHOR", papers=papers, weight=weight)
