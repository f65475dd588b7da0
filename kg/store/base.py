"""The contract both graph stores keep; the same tests run against each."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from kg.model import Affiliation
from kg.schema import NodeKey

if TYPE_CHECKING:
    import networkx as nx

    from kg.graph import EntityLink, GraphData
    from kg.identity import AuthorMention
    from kg.index import GraphIndex, NameEntry
    from kg.queries.registry import NamedQuery

Progress = Callable[[int], None]


@dataclass(slots=True)
class Counts:
    nodes: dict[str, int] = field(default_factory=dict)  # label -> count
    rels: dict[str, int] = field(default_factory=dict)  # relationship type -> count

    def node(self, label: str) -> int:
        return self.nodes.get(label, 0)

    def rel(self, type_: str) -> int:
        return self.rels.get(type_, 0)


class GraphStore(Protocol):
    backend: str  # "networkx" or "neo4j"
    location: str  # a path or a URI, never with credentials

    def write(
        self, graph: GraphData, *, fresh: bool = False, progress: Progress | None = None
    ) -> None:
        """MERGE the graph in (``fresh``: drop kg's own nodes first), delete the nodes in
        ``graph.removed`` (entities that now have another label), then recompute COAUTHOR.

        Idempotent: writing the same graph twice leaves the store as after the first write.
        ``progress(n)`` is called with the number of nodes + relationships just written.
        """

    def locked(self) -> AbstractContextManager[None]:
        """Hold the store's write lock: no other kg process writes until it is released (a
        process that waits longer than ``KG_LOCK_TIMEOUT`` gets StoreBusy). Re-entrant; writes
        take it too. A build holds it from reading the stored author positions to its write, so
        who is who is decided over exactly the graph the write replaces."""
        ...

    def check_writable(self) -> None:
        """Raise StoreError now if :meth:`write` could not write at all (a file where the folder
        should be, a read-only folder, a server that is down or refuses the user), so that a
        build fails before it spends time extracting."""

    def entity_links(self, ids: Collection[str]) -> list[EntityLink]:
        """Every stored paper→entity relationship whose entity id is in ``ids``, under any
        entity label: what :func:`kg.graph.build_graph` needs to decide those entities again."""
        ...

    def counts(self) -> Counts: ...

    def coauthor_weights(self) -> dict[tuple[str, str], tuple[int, float]]:
        """{(lower author id, higher author id): (papers, weight)} — for parity checks."""
        ...

    def author_mentions(self) -> list[AuthorMention]:
        """Every author position of every stored paper, as identity resolution reads it — so a
        build that adds papers resolves who is who over all of them (:func:`stored_mentions`)."""
        ...

    def to_networkx(self) -> nx.MultiDiGraph:
        """The whole graph in the embedded layout (node keys "Label:id", edge keys = types)."""
        ...

    # --- reading: named queries, names, views -------------------------------------------------

    def run_query(self, query: NamedQuery, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """The rows of a named query (:mod:`kg.queries.registry`) with resolved parameters: the
        embedded store runs its implementation on :meth:`index`, Neo4j its Cypher."""
        ...

    def run_cypher(
        self, cypher: str, params: Mapping[str, Any] | None = None, *, write: bool = False
    ) -> list[dict[str, Any]]:
        """Records of one Cypher statement (a read transaction unless ``write``); QueryError on a
        store that does not speak Cypher."""
        ...

    def name_entries(self, labels: Sequence[str]) -> list[NameEntry]:
        """Every node of these labels with the spellings it answers to (for the resolver)."""
        ...

    def labels_with_id(self, labels: Sequence[str], id_: str) -> list[str]:
        """Which of ``labels`` have a node with this id."""
        ...

    def index(self, *, around: NodeKey | None = None, hops: int = 0) -> GraphIndex:
        """The :class:`~kg.index.GraphIndex` of the whole graph (views read it); with ``around``,
        one that may hold only what an ego view of ``hops`` around that node shows and says
        (Neo4j reads just that neighbourhood instead of the whole database)."""
        ...

    def close(self) -> None: ...


def stored_mentions(
    papers: dict[str, dict[str, Any]],
    authored: list[tuple[str, dict[str, Any]]],
    institutions: dict[str, str],
) -> list[AuthorMention]:
    """Mentions from stored papers (id → properties), AUTHORED relationships ((paper id,
    properties)) and Institution names (id → name), with the evidence kg.identity.mentions_of
    gives."""
    from kg.identity import AuthorMention, paper_names, topic_words  # not for every query

    by_paper: dict[str, dict[int, dict[str, Any]]] = {}
    for pid, props in authored:
        # one per position: a write cut off midway may have left an old copy beside the new one
        by_paper.setdefault(pid, {}).setdefault(props.get("position", 0), props)
    out = []
    for pid, by_position in by_paper.items():
        paper = papers.get(pid, {})
        words = topic_words(paper.get("title"), paper.get("abstract"))
        rows = [by_position[k] for k in sorted(by_position)]
        # graphs built before AUTHORED kept the name as read: the person's name stands in
        names = [r.get("name") or r.get("author_name") or "" for r in rows]
        coauthors = paper_names(names)
        for index, r in enumerate(rows):
            affiliations = tuple(
                Affiliation(institutions.get(iid, iid), country or None)
                for iid, country in zip(
                    r.get("institutions") or [], r.get("countries") or [], strict=False
                )
            )
            out.append(
                AuthorMention(
                    paper=pid,
                    position=r.get("position", index),
                    name=names[index],
                    ids=tuple(r.get("ids") or ()),
                    affiliations=affiliations,
                    variants=tuple(r.get("variants") or ()),
                    coauthors=coauthors,
                    venue=paper.get("venue"),
                    year=paper.get("year"),
                    words=words,
                )
            )
    return out
