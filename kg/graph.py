"""Papers and their mentions → the nodes and relationships of the graph, with stable keys. No I/O.

Schema::

    (Author)-[:AUTHORED {position, name, ids, institutions, countries, variants}]->(Paper)
        the author position as read: its name, source ids, Institution ids (and countries)
    (Paper)-[:IN_TRACK]->(Track)-[:IN_AREA]->(Area)
    (Author)-[:AFFILIATED_WITH {year, years, papers}]->(Institution)
    (Paper)-[:PROPOSES|USES|EVALUATED_ON|ADDRESSES {confidence, evidence, start, end}]->
        (Method|Dataset|Benchmark|Task)
    (Author)-[:COAUTHOR {papers, weight}]->(Author)   one per pair, from the lower id to the higher

Every node has an ``id`` unique within its label; stores MERGE on (label, id). COAUTHOR is not
built here: stores derive it from AUTHORED after each write (:func:`coauthor_pairs`), so a graph
grown by several builds has the same pairs as one built at once. A paper with more than
``max_coauthors`` authors is written with ``coauthor_pairs: false`` and adds no pairs: its n
authors would make n(n−1)/2 of them (10,000 authors: 50 million), each worth almost nothing.

Who an Author is comes from kg.identity: each AUTHORED relationship keeps what its author position
said (the name as written, source ids, institutions), so a later build can resolve identity again
over every mention in the store (``GraphData.authors_complete``).

Entities work the same way. An entity's id comes from its paper alone (kg.extract.canonical);
its label, name and aliases are decided over every paper that names it. So that a graph grown
listing by listing holds what one built at once holds, each paper→entity relationship keeps what
its paper said (``spellings``, ``typed_as``, ``role``), and :func:`build_graph` decides each
entity a new listing touches from those of the papers already stored (``prior``) and the new
ones together: an entity whose label changes is written under the new label, its stored
relationships are moved there, and the old node is listed in ``GraphData.removed``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from kg.config import MAX_COAUTHORS
from kg.extract.canonical import Vote, consolidate, final_role
from kg.identity import AuthorMention, Resolution, mentions_of, resolve
from kg.model import EntityType, ExtractedPaper, Mention, Paper, Role
from kg.schema import ENTITY_LABELS, LIST_PROPS, ROLE_RANK, ROLE_RELATIONSHIP

_RELATIONSHIP_ROLE = {rel: role for role, rel in ROLE_RELATIONSHIP.items()}


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


@dataclass(frozen=True, slots=True)
class EntityLink:
    """A paper→entity relationship as a store holds it: enough to decide the entity again."""

    paper: str
    label: str
    id: str
    type: str
    props: dict[str, Any]


@dataclass(slots=True)
class GraphData:
    nodes: list[Node] = field(default_factory=list)
    rels: list[Rel] = field(default_factory=list)
    #: True when the Author and Institution nodes and AUTHORED / AFFILIATED_WITH relationships
    #: here are all the store should hold (identity was resolved again over every mention the
    #: store had): the store then drops the ones it has that are not here.
    authors_complete: bool = False
    #: (label, id) of entity nodes that now have another label: stores delete them after the
    #: write (their relationships are in ``rels`` under the new label)
    removed: list[tuple[str, str]] = field(default_factory=list)

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
        proposed = [m.own_name for m in mentions if m.role == Role.PROPOSED]
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
    records: Iterable[ExtractedPaper],
    *,
    people: Resolution | None = None,
    known: Sequence[AuthorMention] = (),
    prior: Iterable[EntityLink] = (),
    max_coauthors: int = MAX_COAUTHORS,
) -> GraphData:
    """The graph of ``records``. Authors are the people of ``people`` (default: identity resolved
    over these papers' mentions and ``known``, the mentions of papers a store already holds).
    With ``people`` or ``known`` given, identity was resolved over the store's mentions, so the
    author layer is all the store should hold (``authors_complete``): a rebuild of the same
    papers after an override changed replaces the people instead of adding to them. ``prior``
    are the stored links of the entities these papers name (from
    :meth:`GraphStore.entity_links`), so that each entity is decided over all its papers (see
    the module docstring)."""
    records = list(records)
    graph = GraphData(authors_complete=people is not None or bool(known))
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

    new: list[ExtractedPaper] = []
    links: list[tuple[str, Mention]] = []
    for record in records:
        paper = record.paper
        props = paper_props(paper, record.mentions)
        props["coauthor_pairs"] = len(paper.authors) <= max_coauthors
        if not add("Paper", paper.id, props):
            continue  # the same paper twice adds nothing the first did not
        new.append(record)
        if paper.track:
            track = paper.track
            add("Area", track.area_id, {"name": track.area})
            track_props = {"name": track.name, "area": track.area, "subarea": track.subarea}
            if add("Track", track.id, track_props):
                graph.rels.append(Rel("IN_AREA", ("Track", track.id), ("Area", track.area_id)))
            graph.rels.append(Rel("IN_TRACK", ("Paper", paper.id), ("Track", track.id)))
        links += [(paper.id, m) for m in _one_role_per_entity(record.mentions)]

    papers = {paper_id for paper_id, _ in links}
    prior = list(prior)
    stored = {(link.paper, link.id): link for link in prior if link.paper not in papers}
    votes: list[Vote] = [
        (m.entity_id, m.paper_type or m.type, m.confidence, m.spellings or (m.name,))
        for _, m in links
    ]
    votes += [_vote(link) for link in stored.values()]
    entities = consolidate(votes)
    for key, entity in entities.items():
        add(entity.type.value, key, {"name": entity.name, "aliases": list(entity.aliases)})

    def link(paper: str, key: str, role: Role, props: dict[str, Any]) -> None:
        label = entities[key].type
        rel = ROLE_RELATIONSHIP[final_role(role, label)]
        graph.rels.append(Rel(rel, ("Paper", paper), (label.value, key), props))

    for paper_id, m in links:
        props = {
            "confidence": round(m.confidence, 4),
            "evidence": m.evidence.sentence,
            "start": m.evidence.start,
            "end": m.evidence.end,
            "spellings": list(m.spellings or (m.name,)),
            "typed_as": (m.paper_type or m.type).value,
            "role": (m.paper_role or m.role).value,
        }
        link(paper_id, m.entity_id, m.paper_role or m.role, props)
    for old in stored.values():
        if old.label != entities[old.id].type.value:  # decided again: move it
            link(old.paper, old.id, _stored_role(old), old.props)
    graph.removed = sorted(
        {(old.label, old.id) for old in prior if old.label != entities[old.id].type.value}
    )
    mentions = [*mentions_of(r.paper for r in new), *known]
    people = people or resolve(mentions)
    _author_layer(graph, add, mentions, people, {r.paper.id: r.paper.year for r in new})
    return graph


def _author_layer(
    graph: GraphData,
    add: Any,
    mentions: Sequence[AuthorMention],
    people: Resolution,
    years: dict[str, int | None],
) -> None:
    """Author and Institution nodes, AUTHORED and AFFILIATED_WITH relationships."""
    affiliated: dict[tuple[str, str], list[int | None]] = {}
    institutions: dict[str, Counter[str]] = {}
    names: dict[str, str] = {}
    for m in sorted(mentions, key=lambda m: m.key):
        pid = people.person_of[m.key]
        person = people.people[pid]
        add(
            "Author",
            pid,
            {
                "name": person.name,
                "variants": person.variants,
                "ids": person.ids,
                "merges": person.merges,
            },
        )
        graph.rels.append(
            Rel(
                "AUTHORED",
                ("Author", pid),
                ("Paper", m.paper),
                {
                    "position": m.position,
                    "name": m.name,
                    "ids": list(m.ids),
                    "institutions": [a.id for a in m.affiliations],
                    "countries": [a.country or "" for a in m.affiliations],
                    "variants": list(m.variants),
                },
            )
        )
        for aff in m.affiliations:
            names.setdefault(aff.id, aff.institution)
            institutions.setdefault(aff.id, Counter())
            if aff.country:
                institutions[aff.id][aff.country] += 1
            affiliated.setdefault((pid, aff.id), []).append(m.year or years.get(m.paper))
    for iid in sorted(institutions):
        countries = institutions[iid]
        country = min(countries, key=lambda c: (-countries[c], c)) if countries else None
        add("Institution", iid, {"name": names[iid], "country": country})
    for (pid, iid), seen in sorted(affiliated.items()):
        known_years = sorted({y for y in seen if y is not None})
        props: dict[str, Any] = {"papers": len(seen), "years": known_years}
        if known_years:
            props["year"] = known_years[-1]
        graph.rels.append(Rel("AFFILIATED_WITH", ("Author", pid), ("Institution", iid), props))


def _vote(link: EntityLink) -> Vote:
    """What a stored link's paper said about its entity (older graphs kept less: then the
    link's label and the entity id stand in)."""
    typed = link.props.get("typed_as") or link.label
    return (link.id, EntityType(typed), float(link.props.get("confidence") or 0.0),
            link.props.get("spellings") or [link.id])  # fmt: skip


def _stored_role(link: EntityLink) -> Role:
    role = link.props.get("role")
    return Role(role) if role else _RELATIONSHIP_ROLE[link.type]


def paper_props(paper: Paper, mentions: Iterable[Mention] = ()) -> dict[str, Any]:
    return {
        "name": paper_label(paper, mentions),  # papers may lack titles; this is what views show
        "title": paper.title,
        "abstract": paper.abstract,
        # the text as the source wrote it, only where cleaning changed it (half the papers):
        # one copy of each abstract is what the stores keep and send (issue 14)
        "abstract_raw": paper.abstract_raw if paper.abstract_raw != paper.abstract else None,
        "authors_truncated": paper.authors_truncated,
        "authors_hidden": paper.authors_hidden,
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
    best: dict[str, Mention] = {}
    for m in mentions:
        if str(m.paper_type or m.type) not in ENTITY_LABELS:
            continue  # a metric is a name extraction knows, not a node of the graph (README)
        key = m.entity_id
        kept = best.get(key)
        if kept is None or (_rank(m), -m.confidence) < (_rank(kept), -kept.confidence):
            best[key] = m
    return iter(best.values())


def _rank(mention: Mention) -> int:
    return ROLE_RANK[ROLE_RELATIONSHIP[mention.role]]


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
