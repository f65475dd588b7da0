"""Lookup tables over the embedded store's graph, built once per graph and cached.

The NetworkX twins of the named queries read these instead of scanning the MultiDiGraph: an
anchored query then touches only its author's or entity's neighbourhood. The cache is keyed on
the graph object: ``NetworkXStore.write`` replaces ``store.graph``, so a rebuilt graph gets a
fresh index (a graph mutated in place by hand does not — call :func:`index_for` with
``refresh=True``).
"""

from __future__ import annotations

import weakref
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from kg.graph import ENTITY_LABELS

MENTION_TYPES = ("PROPOSES", "EVALUATED_ON", "USES", "ADDRESSES")
_MENTIONS = frozenset(MENTION_TYPES)
#: (label, id): the key of an entity node, unique across labels.
EntityKey = tuple[str, str]


@dataclass(slots=True, eq=False)
class GraphIndex:
    author_names: dict[str, str] = field(default_factory=dict)
    author_variants: dict[str, list[str]] = field(default_factory=dict)
    author_papers: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    paper_authors: dict[str, list[tuple[int, str]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    coauthors: dict[str, dict[str, tuple[int, float]]] = field(
        default_factory=lambda: defaultdict(dict)
    )
    papers: dict[str, dict[str, Any]] = field(default_factory=dict)
    paper_track: dict[str, str] = field(default_factory=dict)
    tracks: dict[str, str] = field(default_factory=dict)  # id -> name
    institutions: dict[str, dict[str, Any]] = field(default_factory=dict)
    # paper -> [(author id, institution ids printed for that author on the paper)]
    paper_institutions: dict[str, list[tuple[str, list[str]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    track_papers: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    entities: dict[EntityKey, dict[str, Any]] = field(default_factory=dict)
    entity_ids: dict[str, list[str]] = field(
        default_factory=lambda: defaultdict(list)
    )  # id->labels
    # paper -> [(relationship type, entity key, edge attributes)]
    paper_mentions: dict[str, list[tuple[str, EntityKey, dict[str, Any]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    entity_mentions: dict[EntityKey, list[tuple[str, str, dict[str, Any]]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    n_authors: int = 0
    # computed on first use
    _entity_authors: dict[EntityKey, set[str]] = field(default_factory=dict)
    memo: dict[Any, Any] = field(default_factory=dict)

    def entity_authors(self, key: EntityKey) -> set[str]:
        """Authors of the papers linked to an entity (any role)."""
        found = self._entity_authors.get(key)
        if found is None:
            found = {
                aid
                for _, pid, _ in self.entity_mentions.get(key, ())
                for _, aid in self.paper_authors.get(pid, ())
            }
            self._entity_authors[key] = found
        return found

    def entity_keys(self, id_: str, label: str = "") -> list[EntityKey]:
        return [(lab, id_) for lab in self.entity_ids.get(id_, ()) if not label or lab == label]

    def coauthor_edges(self) -> list[tuple[str, str, int, float]]:
        """(lower id, higher id, joint papers, weight), sorted: the co-author graph."""
        edges = self.memo.get("coauthor_edges")
        if edges is None:
            edges = sorted(
                (a, b, papers, weight)
                for a, others in self.coauthors.items()
                for b, (papers, weight) in others.items()
                if a < b
            )
            self.memo["coauthor_edges"] = edges
        return edges


_CACHE: weakref.WeakKeyDictionary[nx.MultiDiGraph, GraphIndex] = weakref.WeakKeyDictionary()


def index_for(graph: nx.MultiDiGraph, *, refresh: bool = False) -> GraphIndex:
    found = None if refresh else _CACHE.get(graph)
    if found is None:
        found = _CACHE[graph] = build_index(graph)
    return found


def build_index(graph: nx.MultiDiGraph) -> GraphIndex:
    ix = GraphIndex()
    entity_labels = set(ENTITY_LABELS)
    for key, attrs in graph.nodes(data=True):
        label = key.partition(":")[0]
        id_ = attrs.get("id", key.partition(":")[2])
        if label == "Author":
            ix.author_names[id_] = attrs.get("name") or id_
            ix.author_variants[id_] = list(attrs.get("variants") or [])
        elif label == "Paper":
            ix.papers[id_] = attrs
        elif label == "Track":
            ix.tracks[id_] = attrs.get("name") or id_
        elif label == "Institution":
            ix.institutions[id_] = attrs
        elif label in entity_labels:
            ix.entities[(label, id_)] = attrs
            ix.entity_ids[id_].append(label)
    ix.n_authors = len(ix.author_names)
    ids = {key: attrs.get("id", key.partition(":")[2]) for key, attrs in graph.nodes(data=True)}
    # The adjacency dicts directly: the edge views cost more than the work done per edge.
    for start, targets in graph.adj.items():
        a = ids[start]
        for end, by_type in targets.items():
            b = ids[end]
            for type_, attrs in by_type.items():
                if type_ == "AUTHORED":
                    ix.author_papers[a].append(b)
                    ix.paper_authors[b].append((attrs.get("position", 0), a))
                    if attrs.get("institutions"):
                        ix.paper_institutions[b].append((a, list(attrs["institutions"])))
                elif type_ == "COAUTHOR":
                    pair = (int(attrs["papers"]), float(attrs["weight"]))
                    ix.coauthors[a][b] = pair
                    ix.coauthors[b][a] = pair
                elif type_ == "IN_TRACK":
                    ix.paper_track[a] = b
                    ix.track_papers[b].append(a)
                elif type_ in _MENTIONS:
                    ekey = (end.partition(":")[0], b)
                    ix.paper_mentions[a].append((type_, ekey, attrs))
                    ix.entity_mentions[ekey].append((type_, a, attrs))
    for authors in ix.paper_authors.values():
        authors.sort()
    return ix
