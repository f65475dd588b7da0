"""Papers and their mentions → the nodes and relationships of the graph, with stable keys. No I/O.

Schema::

    (Author)-[:AUTHORED {position}]->(Paper)-[:IN_TRACK]->(Track)-[:IN_AREA]->(Area)
    (Paper)-[:PROPOSES|USES|EVALUATED_ON|ADDRESSES {confidence, evidence, start, end}]->
        (Method|Dataset|Benchmark|Task|Metric)
    (Author)-[:COAUTHOR {papers, weight}]->(Author)   one per pair, from the lower id to the higher

Every node has an ``id`` unique within its label; stores MERGE on (label, id). COAUTHOR is not
built here: stores derive it from AUTHORED after each write (:func:`coauthor_pairs`), so a graph
grown by several builds has the same pairs as one built at once. A paper with more than
``max_coauthors`` authors is written with ``coauthor_pairs: false`` and adds no pairs: its n
authors would make n(n−1)/2 of them (10,000 authors: 50 million), each worth almost nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from kg.model import ROLE_RELATIONSHIP, ExtractedPaper, Mention, Paper, Role

NODE_LABELS = (
    "Paper",
    "Author",
    "Track",
    "Area",
    "Method",
    "Dataset",
    "Benchmark",
    "Task",
    "Metric",
)
ENTITY_LABELS = ("Method", "Dataset", "Benchmark", "Task", "Metric")
REL_TYPES = (
    "AUTHORED",
    "IN_TRACK",
    "IN_AREA",
    "PROPOSES",
    "USES",
    "EVALUATED_ON",
    "ADDRESSES",
    "COAUTHOR",
)
#: Node properties that hold lists and are merged (union, first-seen order) when a node is
#: written again, instead of being overwritten.
LIST_PROPS = frozenset({"variants", "aliases"})
#: Papers with more authors than this get AUTHORED links but no COAUTHOR pairs (``kg build
#: --max-coauthors``). The 11,283-paper corpus has at most 69 authors on a paper.
MAX_COAUTHORS = 100
_ROLE_RANK = {Role.PROPOSED: 0, Role.EVALUATED_ON: 1, Role.USES: 2, Role.ADDRESSES: 3}


@dataclass(frozen=True, slots=True)
class Node:
    label: str
    id: str
    props: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Rel:
    type: str
    start: tuple[str, str]  # (label, id)
    end: tuple[str, str]
    props: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class GraphData:
    nodes: list[Node] = field(default_factory=list)
    rels: list[Rel] = field(default_factory=list)

    def nodes_by_label(self) -> dict[str, list[Node]]:
        out: dict[str, list[Node]] = {}
        for node in self.nodes:
            out.setdefault(node.label, []).append(node)
        return out

    def rels_by_type(self) -> dict[tuple[str, str, str], list[Rel]]:
        """Grouped by (type, start label, end label): one batched write statement per group."""
        out: dict[tuple[str, str, str], list[Rel]] = {}
        for rel in self.rels:
            out.setdefault((rel.type, rel.start[0], rel.end[0]), []).append(rel)
        return out


def paper_label(paper: Paper, mentions: Iterable[Mention] = ()) -> str:
    """A short name for a paper that may have no title: "CauScale — Peng et al."."""
    if paper.title:
        head = paper.title if len(paper.title) <= 60 else paper.title[:57].rstrip() + "…"
    else:
        proposed = [m.name for m in mentions if m.role == Role.PROPOSED]
        if proposed:
            head = min(proposed, key=len)
        else:
            words = paper.abstract.split()
            head = " ".join(words[:6]) + ("…" if len(words) > 6 else "")
    if not paper.authors:
        return head or paper.id
    surname = paper.authors[0].name.split()[-1]
    who = surname if len(paper.authors) == 1 else f"{surname} et al."
    return f"{head} — {who}"


def build_graph(
    records: Iterable[ExtractedPaper], *, max_coauthors: int = MAX_COAUTHORS
) -> GraphData:
    graph = GraphData()
    index: dict[tuple[str, str], Node] = {}

    def add(label: str, id_: str, props: dict[str, Any]) -> bool:
        """Add a node, or merge its spellings into the one already there; True if new."""
        node = index.get((label, id_))
        if node is None:
            # Neo4j cannot store nulls; leaving them out keeps both stores' graphs identical
            kept = {k: v for k, v in props.items() if v is not None}
            index[(label, id_)] = node = Node(label, id_, {"id": id_, **kept})
            graph.nodes.append(node)
            return True
        for key in LIST_PROPS & props.keys():  # seen again: keep the union of its spellings
            node.props[key] = _union(node.props.get(key, []), props[key])
        return False

    for record in records:
        paper = record.paper
        props = paper_props(paper, record.mentions)
        props["coauthor_pairs"] = len(paper.authors) <= max_coauthors
        if not add("Paper", paper.id, props):
            continue  # the same paper twice adds nothing the first did not

        for position, author in enumerate(paper.authors):
            add("Author", author.id, {"name": author.name, "variants": list(author.variants)})
            graph.rels.append(
                Rel("AUTHORED", ("Author", author.id), ("Paper", paper.id), {"position": position})
            )
        if paper.track:
            track = paper.track
            add("Area", track.area_id, {"name": track.area})
            track_props = {"name": track.name, "area": track.area, "subarea": track.subarea}
            if add("Track", track.id, track_props):
                graph.rels.append(Rel("IN_AREA", ("Track", track.id), ("Area", track.area_id)))
            graph.rels.append(Rel("IN_TRACK", ("Paper", paper.id), ("Track", track.id)))
        for mention in _one_role_per_entity(record.mentions):
            label = str(mention.type)
            add(label, mention.entity_id, {"name": mention.name, "aliases": list(mention.aliases)})
            graph.rels.append(
                Rel(
                    ROLE_RELATIONSHIP[mention.role],
                    ("Paper", paper.id),
                    (label, mention.entity_id),
                    {
                        "confidence": round(mention.confidence, 4),
                        "evidence": mention.evidence.sentence,
                        "start": mention.evidence.start,
                        "end": mention.evidence.end,
                    },
                )
            )
    return graph


def paper_props(paper: Paper, mentions: Iterable[Mention] = ()) -> dict[str, Any]:
    return {
        "name": paper_label(paper, mentions),  # papers may lack titles; this is what views show
        "title": paper.title,
        "abstract": paper.abstract,
        "abstract_raw": paper.abstract_raw,
        "authors_truncated": paper.authors_truncated,
        "code_links": list(paper.code_links),
        "track": paper.track.name if paper.track else None,
        "year": paper.year,
        "venue": paper.venue,
        "url": paper.url,
        "source": str(paper.source),
    }


def _union(first: list[str], second: list[str]) -> list[str]:
    return list(dict.fromkeys([*first, *second]))


def _one_role_per_entity(mentions: Iterable[Mention]) -> Iterator[Mention]:
    """A paper relates to an entity once, by its strongest role (proposes > evaluated on > uses)."""
    best: dict[tuple[str, str], Mention] = {}
    for m in mentions:
        key = (str(m.type), m.entity_id)
        kept = best.get(key)
        if kept is None or (_ROLE_RANK[m.role], -m.confidence) < (
            _ROLE_RANK[kept.role],
            -kept.confidence,
        ):
            best[key] = m
    return iter(best.values())


def coauthor_pairs(papers: Iterable[list[str]]) -> dict[tuple[str, str], tuple[int, float]]:
    """Author-id lists of papers → {(lower id, higher id): (joint papers, weight)}.

    The callers pass the papers that make pairs (``coauthor_pairs`` not false).

    weight is Newman's collaboration weight: each joint paper adds 1/(authors − 1), so a
    two-author paper binds its pair more than a twenty-author one.
    """
    pairs: dict[tuple[str, str], tuple[int, float]] = {}
    for ids in papers:
        unique = sorted(set(ids))
        if len(unique) < 2:
            continue
        share = 1.0 / (len(unique) - 1)
        for a, b in combinations(unique, 2):
            n, w = pairs.get((a, b), (0, 0.0))
            pairs[(a, b)] = (n + 1, w + share)
    return {k: (n, round(w, 6)) for k, (n, w) in pairs.items()}
