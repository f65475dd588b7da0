"""The one index of a graph: lookup tables read by the named queries' embedded implementations,
by name resolution and search on the embedded store, and by every view.

Nodes are addressed by :data:`~kg.schema.NodeKey` ``(label, id)``; tables whose label is fixed
(an author's papers, a paper's track) are keyed by the bare id. The index is built from a graph
in the embedded layout (``GraphStore.to_networkx()``: node keys "Label:id", edge keys the
relationship type) or from an open ``.kg`` file, each part on first read (so a cold ``kg query``
loads only the columns it needs). :func:`index_for` caches it per graph object:
``NetworkXStore.write`` replaces ``store.graph``, so a rebuilt graph gets a fresh index (a graph
mutated in place by hand does not — pass ``refresh=True``).
"""

from __future__ import annotations

import weakref
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kg.schema import ENTITY_LABELS, ROLE_TYPES, NodeKey
from kg.store.fileformat import GraphFile, Table, Tables, gc_paused, tables_of

if TYPE_CHECKING:
    import networkx as nx

_ENTITY_LABELS = frozenset(ENTITY_LABELS)
#: (label, id) of an entity node, unique across labels.
EntityKey = NodeKey
Props = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class NameEntry:
    """A node as names are looked up: its name and the other spellings it answers to."""

    label: str
    id: str
    name: str
    alternatives: tuple[str, ...] = ()  # variants, aliases, a paper's title and id, a subarea


class GraphIndex:
    """Built in parts, each the first time it is read (see ``_PARTS``), column by column from the
    graph's tables (:mod:`kg.store.fileformat`): on a ``.kg`` file a query reads only the columns
    its parts need — ``coauthors`` reads author names and co-author weights, never abstracts."""

    nodes: dict[NodeKey, Props]  # every node's properties
    by_label: dict[str, list[str]]  # sorted ids
    degree: Counter[NodeKey]  # relationships, of any type
    author_names: dict[str, str]
    author_variants: dict[str, list[str]]
    n_authors: int
    author_papers: dict[str, list[str]]
    paper_authors: dict[str, list[tuple[int, str]]]
    # paper -> [(author id, institution ids printed for that author on the paper)]
    paper_institutions: dict[str, list[tuple[str, list[str]]]]
    coauthors: dict[str, dict[str, tuple[int, float]]]
    papers: dict[str, Props]
    paper_track: dict[str, str]
    track_papers: dict[str, list[str]]
    tracks: dict[str, str]  # id -> name
    institutions: dict[str, Props]
    entities: dict[EntityKey, Props]
    entity_ids: dict[str, list[str]]  # id -> labels
    # paper -> [(relationship type, entity key, relationship properties)]
    paper_mentions: dict[str, list[tuple[str, EntityKey, Props]]]
    entity_mentions: dict[EntityKey, list[tuple[str, str, Props]]]

    def __init__(self, tables: Tables) -> None:
        self._tables = tables
        self._entity_authors: dict[EntityKey, set[str]] = {}
        self.memo: dict[Any, Any] = {}

    def __getattr__(self, name: str) -> Any:
        part = _PARTS.get(name)
        if part is None:
            raise AttributeError(name)
        with gc_paused():
            part(self, self._tables)
        return self.__dict__[name]

    # --- nodes --------------------------------------------------------------------------------

    def has(self, label: str, id_: str) -> bool:
        """Whether a node is in the graph: from its label's ids alone (not every node's row)."""
        ids = self.memo.get(("ids", label))
        if ids is None:
            ids = self.memo["ids", label] = frozenset(
                self._tables.ids(label) if label in self._tables.nodes else ()
            )
        return id_ in ids

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

    def coauthors_of(self, aid: str) -> dict[str, tuple[int, float]]:
        """One author's co-authors, {id: (joint papers, weight)}: unless every author's are built
        already (``coauthors``), read from the COAUTHOR columns' rows that hold ``aid`` — a
        cold ``kg query coauthors`` on ×10 builds no dict of 800,000 pairs for one author."""
        if "coauthors" in self.__dict__ or not any(
            t.type == "COAUTHOR" and t.size for t in self._tables.edges
        ):
            return self.coauthors.get(aid, {})
        found: dict[str, tuple[int, float]] = {}
        for table in self._tables.edges:
            if table.type != "COAUTHOR":
                continue
            ids = self._tables.ids(table.start)
            row = _row_of(ids, aid) if table.start == table.end == "Author" else -1
            papers, weights = table.column("papers") or (), table.column("weight") or ()
            for mine, theirs in (("~start", "~end"), ("~end", "~start")):
                other = table.column(theirs) or []
                for k in _positions(table.column(mine) or [], row):
                    found[ids[other[k]]] = (int(papers[k]), float(weights[k]))
        return found

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


def _entry(label: str, id_: str, attrs: Props) -> NameEntry:
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


_CACHE: weakref.WeakKeyDictionary[Any, GraphIndex] = weakref.WeakKeyDictionary()


def index_for(graph: nx.MultiDiGraph | GraphFile, *, refresh: bool = False) -> GraphIndex:
    """The index of a graph in the embedded layout, or of an open ``.kg`` file (whose columns
    load as its parts ask for them), built once per graph object."""
    found = None if refresh else _CACHE.get(graph)
    if found is None:
        found = _CACHE[graph] = build_index(graph)
    return found


def build_index(graph: nx.MultiDiGraph | GraphFile) -> GraphIndex:
    return GraphIndex(graph if isinstance(graph, GraphFile) else tables_of(graph))


# --- the parts ------------------------------------------------------------------------------


def _rows(tables: Tables, label: str) -> dict[str, Props]:
    if label not in tables.nodes:
        return {}
    return dict(zip(tables.ids(label), tables.nodes[label].rows(), strict=True))


def _named(tables: Tables, label: str) -> dict[str, str]:
    """id -> name (the id when a node has none) of a label's nodes."""
    if label not in tables.nodes:
        return {}
    ids = tables.ids(label)
    names = tables.nodes[label].column("name") or ids
    return {i: n or i for i, n in zip(ids, names, strict=True)}


def _row_of(ids: list[str], id_: str) -> int:
    """The row number of ``id_`` in a node table's ids; -1 if it is not there."""
    found = _positions(ids, id_)
    return found[0] if found else -1


def _positions(values: list[Any], value: Any) -> list[int]:
    """Where ``value`` is in ``values`` (list.index scans in C: one pass however many)."""
    out: list[int] = []
    try:
        while True:
            out.append(values.index(value, out[-1] + 1 if out else 0))
    except ValueError:
        return out


def _edges(tables: Tables, *types: str) -> list[tuple[Table, list[str], list[str]]]:
    return [(t, *tables.ends(t)) for t in tables.edges if not types or t.type in types]


def _nodes(ix: GraphIndex, tables: Tables) -> None:
    ix.nodes, ix.by_label = {}, defaultdict(list)
    for label in tables.nodes:
        rows = _rows(tables, label)
        ix.nodes.update(((label, id_), attrs) for id_, attrs in rows.items())
        ix.by_label[label] = sorted(rows)


def _degree(ix: GraphIndex, tables: Tables) -> None:
    ix.degree = Counter()
    for table, starts, ends in _edges(tables):
        ix.degree.update((table.start, a) for a in starts)
        ix.degree.update((table.end, b) for b in ends)


def _authors(ix: GraphIndex, tables: Tables) -> None:
    ix.author_names = _named(tables, "Author")
    ix.n_authors = len(ix.author_names)


def _variants(ix: GraphIndex, tables: Tables) -> None:
    ix.author_variants = {i: [] for i in ix.author_names}
    if "Author" in tables.nodes:
        variants = tables.nodes["Author"].column("variants") or ()
        ix.author_variants.update(
            (i, list(v)) for i, v in zip(tables.ids("Author"), variants, strict=False) if v
        )


def _labelled(ix: GraphIndex, tables: Tables) -> None:
    ix.papers = _rows(tables, "Paper")
    ix.tracks = _named(tables, "Track")
    ix.institutions = _rows(tables, "Institution")


def _entities(ix: GraphIndex, tables: Tables) -> None:
    ix.entities, ix.entity_ids = {}, defaultdict(list)
    for label in ENTITY_LABELS:
        for id_, attrs in _rows(tables, label).items():
            ix.entities[(label, id_)] = attrs
            ix.entity_ids[id_].append(label)


def _authored(ix: GraphIndex, tables: Tables) -> None:
    ix.author_papers, ix.paper_authors = defaultdict(list), defaultdict(list)
    ix.paper_institutions = defaultdict(list)
    for table, starts, ends in _edges(tables, "AUTHORED"):
        positions = table.column("position") or [0] * table.size
        institutions = table.column("institutions") or [None] * table.size
        for a, b, position, insts in zip(starts, ends, positions, institutions, strict=True):
            ix.author_papers[a].append(b)
            ix.paper_authors[b].append((position or 0, a))
            if insts:
                ix.paper_institutions[b].append((a, list(insts)))
    for authors in ix.paper_authors.values():
        authors.sort()


def _coauthors(ix: GraphIndex, tables: Tables) -> None:
    ix.coauthors = defaultdict(dict)
    for table, starts, ends in _edges(tables, "COAUTHOR"):
        weights = zip(table.column("papers") or (), table.column("weight") or (), strict=True)
        for a, b, (papers, weight) in zip(starts, ends, weights, strict=True):
            pair = (int(papers), float(weight))
            ix.coauthors[a][b] = pair
            ix.coauthors[b][a] = pair
    if not ix.coauthors:  # a graph written without materialized co-author links
        from kg.graph import coauthor_pairs  # kg.graph imports extraction: not for every query

        pairs = coauthor_pairs(
            ix.authors_of(p)
            for p in ix.paper_authors
            if ix.papers.get(p, {}).get("coauthor_pairs", True)
        )
        for (a, b), pair in pairs.items():
            ix.coauthors[a][b] = pair
            ix.coauthors[b][a] = pair


def _in_track(ix: GraphIndex, tables: Tables) -> None:
    ix.paper_track, ix.track_papers = {}, defaultdict(list)
    for _, starts, ends in _edges(tables, "IN_TRACK"):
        for a, b in zip(starts, ends, strict=True):
            ix.paper_track[a] = b
            ix.track_papers[b].append(a)


def _mentions(ix: GraphIndex, tables: Tables) -> None:
    ix.paper_mentions, ix.entity_mentions = defaultdict(list), defaultdict(list)
    for table, starts, ends in _edges(tables, *ROLE_TYPES):
        type_, label = table.type, table.end
        for a, b, attrs in zip(starts, ends, table.rows(), strict=True):
            ekey = (label, b)
            ix.paper_mentions[a].append((type_, ekey, attrs))
            ix.entity_mentions[ekey].append((type_, a, attrs))


_PARTS: dict[str, Callable[[GraphIndex, Tables], None]] = {
    **dict.fromkeys(("nodes", "by_label"), _nodes),
    "degree": _degree,
    **dict.fromkeys(("author_names", "n_authors"), _authors),
    "author_variants": _variants,
    **dict.fromkeys(("papers", "tracks", "institutions"), _labelled),
    **dict.fromkeys(("entities", "entity_ids"), _entities),
    **dict.fromkeys(("author_papers", "paper_authors", "paper_institutions"), _authored),
    "coauthors": _coauthors,
    **dict.fromkeys(("paper_track", "track_papers"), _in_track),
    **dict.fromkeys(("paper_mentions", "entity_mentions"), _mentions),
}
