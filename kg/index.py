"""The one index of a graph: lookup tables built in one pass, read by the named queries' embedded
implementations, by name resolution and search on the embedded store, and by every view.

Nodes are addressed by :data:`~kg.schema.NodeKey` ``(label, id)``; tables whose label is fixed
(an author's papers, a paper's track) are keyed by the bare id. The index is built from a graph
in the embedded layout (``GraphStore.to_networkx()``: node keys "Label:id", edge keys the
relationship type). :func:`index_for` caches it per graph object: ``NetworkXStore.write``
replaces ``store.graph``, so a rebuilt graph gets a fresh index (a graph mutated in place by hand
does not — pass ``refresh=True``).
"""

from __future__ import annotations

import weakref
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from kg.graph import coauthor_pairs
from kg.schema import ENTITY_LABELS, ROLE_TYPES, NodeKey, split_key

_ROLES = frozenset(ROLE_TYPES)
_ENTITY_LABELS = frozenset(ENTITY_LABELS)
#: (label, id) of an entity node, unique across labels.
EntityKey = NodeKey


@dataclass(frozen=True, slots=True)
class NameEntry:
    """A node as names are looked up: its name and the other spellings it answers to."""

    label: str
    id: str
    name: str
    alternatives: tuple[str, ...] = ()  # variants, aliases, a paper's title and id, a subarea


@dataclass(slots=True, eq=False)
class GraphIndex:
    nodes: dict[NodeKey, dict[str, Any]] = field(default_factory=dict)  # every node's properties
    by_label: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))  # sorted ids
    degree: Counter[NodeKey] = field(default_factory=Counter)  # relationships, of any type
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
    entity_ids: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))  # labels
    # paper -> [(relationship type, entity key, relationship properties)]
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

    # --- nodes --------------------------------------------------------------------------------

    def has(self, label: str, id_: str) -> bool:
        return (label, id_) in self.nodes

    def name(self, key: NodeKey) -> str:
        """What a node is called: its ``name`` (a paper's readable label), else its id."""
        return str(self.nodes[key].get("name") or key[1])

    def authors_of(self, paper: str) -> list[str]:
        """A paper's author ids in author order."""
        return [aid for _, aid in self.paper_authors.get(paper, ())]

    def papers_with(self, key: NodeKey) -> list[str]:
        """The ids of the papers a node belongs to (a paper: itself), sorted."""
        label, id_ = key
        if label == "Paper":
            return [id_]
        if label == "Author":
            return sorted(self.author_papers.get(id_, ()))
        if label == "Track":
            return sorted(self.track_papers.get(id_, ()))
        return sorted({pid for _, pid, _ in self.entity_mentions.get(key, ())})

    def track_names(self, key: NodeKey) -> list[str]:
        """The names of the tracks a node's papers are in (a track: its own), sorted."""
        if key[0] == "Track":
            return [self.tracks[key[1]]]
        found = {self.paper_track[p] for p in self.papers_with(key) if p in self.paper_track}
        return sorted(self.tracks[t] for t in found)

    def neighbours(self, key: NodeKey) -> list[NodeKey]:
        """Nodes one paper-centred hop away (along :data:`~kg.schema.EGO_RELS`): a paper's
        authors, track and entities; an author's, track's or entity's papers."""
        label, id_ = key
        if label == "Paper":
            out = [("Author", aid) for aid in self.authors_of(id_)]
            if id_ in self.paper_track:
                out.append(("Track", self.paper_track[id_]))
            out += [ekey for _, ekey, _ in self.paper_mentions.get(id_, ())]
            return sorted(set(out))
        if label in ("Author", "Track") or label in _ENTITY_LABELS:
            return [("Paper", pid) for pid in self.papers_with(key)]
        return []

    def name_entries(self, labels: Sequence[str]) -> list[NameEntry]:
        """The nodes of these labels with the spellings they answer to (cached per labels)."""
        memo_key = ("names", tuple(labels))
        found = self.memo.get(memo_key)
        if found is None:
            found = self.memo[memo_key] = [
                _entry(label, id_, self.nodes[(label, id_)])
                for label in labels
                for id_ in self.by_label.get(label, ())
            ]
        return found  # type: ignore[no-any-return]

    # --- entities and co-authors ---------------------------------------------------------------

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


def _entry(label: str, id_: str, attrs: dict[str, Any]) -> NameEntry:
    """What :data:`NAME_QUERIES` reads on Neo4j, from a node's properties."""
    name = attrs.get("name") or id_
    alts: tuple[Any, ...]
    if label == "Paper":
        alts = (attrs.get("title"), id_)
    elif label == "Track":
        alts = (attrs.get("subarea"),)
    else:
        alts = (*(attrs.get("variants") or ()), *(attrs.get("aliases") or ()))
    return NameEntry(label, id_, name, tuple(a for a in alts if a))


#: The same entries read from Neo4j, one statement per label (columns id, name, alts).
NAME_QUERIES = {
    "Author": "MATCH (n:Author) RETURN n.id AS id, n.name AS name, n.variants AS alts",
    "Paper": "MATCH (n:Paper) RETURN n.id AS id, n.name AS name, [n.title, n.id] AS alts",
    "Track": "MATCH (n:Track) RETURN n.id AS id, n.name AS name, [n.subarea] AS alts",
    "Institution": "MATCH (n:Institution) RETURN n.id AS id, n.name AS name, [] AS alts",
    "Area": "MATCH (n:Area) RETURN n.id AS id, n.name AS name, [] AS alts",
    **{
        label: f"MATCH (n:{label}) RETURN n.id AS id, n.name AS name, n.aliases AS alts"
        for label in ENTITY_LABELS
    },
}


def entry_of_row(label: str, row: dict[str, Any]) -> NameEntry:
    alts = tuple(a for a in row["alts"] or () if a)
    return NameEntry(label, row["id"], row["name"] or row["id"], alts)


_CACHE: weakref.WeakKeyDictionary[nx.MultiDiGraph, GraphIndex] = weakref.WeakKeyDictionary()


def index_for(graph: nx.MultiDiGraph, *, refresh: bool = False) -> GraphIndex:
    """The index of a graph in the embedded layout, built once per graph object."""
    found = None if refresh else _CACHE.get(graph)
    if found is None:
        found = _CACHE[graph] = build_index(graph)
    return found


def build_index(graph: nx.MultiDiGraph) -> GraphIndex:
    ix = GraphIndex()
    keys: dict[str, NodeKey] = {}
    for key, attrs in graph.nodes(data=True):
        label, id_ = split_key(key)
        id_ = attrs.get("id", id_)
        keys[key] = (label, id_)
        ix.nodes[(label, id_)] = attrs
        ix.by_label[label].append(id_)
        if label == "Author":
            ix.author_names[id_] = attrs.get("name") or id_
            ix.author_variants[id_] = list(attrs.get("variants") or [])
        elif label == "Paper":
            ix.papers[id_] = attrs
        elif label == "Track":
            ix.tracks[id_] = attrs.get("name") or id_
        elif label == "Institution":
            ix.institutions[id_] = attrs
        elif label in _ENTITY_LABELS:
            ix.entities[(label, id_)] = attrs
            ix.entity_ids[id_].append(label)
    for ids in ix.by_label.values():
        ids.sort()
    ix.n_authors = len(ix.author_names)
    # The adjacency dicts directly: the edge views cost more than the work done per edge.
    for start, targets in graph.adj.items():
        akey = keys[start]
        a = akey[1]
        for end, by_type in targets.items():
            bkey = keys[end]
            b = bkey[1]
            for type_, attrs in by_type.items():
                ix.degree[akey] += 1
                ix.degree[bkey] += 1
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
                elif type_ in _ROLES:
                    ix.paper_mentions[a].append((type_, bkey, attrs))
                    ix.entity_mentions[bkey].append((type_, a, attrs))
    for authors in ix.paper_authors.values():
        authors.sort()
    if not ix.coauthors:  # a graph written without materialized co-author links
        pairs = coauthor_pairs(
            ix.authors_of(p)
            for p in ix.paper_authors
            if ix.papers.get(p, {}).get("coauthor_pairs", True)
        )
        for (a, b), pair in pairs.items():
            ix.coauthors[a][b] = pair
            ix.coauthors[b][a] = pair
    return ix
