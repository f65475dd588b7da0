"""The graph's vocabulary, declared once: node labels, relationship types, the paper→entity roles
in their order with their display names, node keys, and the name keys ids are made with.

Graph building, both stores, the queries, the index and the views import these; none restates
them. The schema with its constraints, for Neo4j, is ``cypher/schema.cypher``.

Name keys: what turns a name into an id, and why there are several
------------------------------------------------------------------
- :func:`fold` — people, institutions, search: lower case, no diacritics, punctuation is a space
  ("Rémi Munos" = "REMI MUNOS"). An Author's or Institution's id.
- :func:`entity_key` — a Method/Dataset/Benchmark/Task/Metric id: like fold, but "+", "*" and
  "." are part of names (RAT+ ≠ RAT, Wan2.1).
- :func:`track_key` — a Track's (or Area's) id: fold with hyphens for spaces.
- ``kg.extract.resources.name_key`` is not an id: the lexicon-matching key, which also drops
  spaces and hyphens. ``kg.evaluate.name_key`` is not an id either: the shared scorer's
  (``../shared/eval/score.py``) key, kept equal to it so ``kg eval`` counts what it counts.
"""

from __future__ import annotations

from kg.model import EntityType, Role, entity_key, fold, track_key

__all__ = [
    "AUTHOR_LABELS",
    "AUTHOR_RELS",
    "EGO_RELS",
    "ENTITY_LABELS",
    "LIST_PROPS",
    "NODE_LABELS",
    "REL_TYPES",
    "ROLE_NAMES",
    "ROLE_RANK",
    "ROLE_RELATIONSHIP",
    "ROLE_TYPES",
    "SEARCH_TYPES",
    "TYPE_WORDS",
    "NodeKey",
    "entity_key",
    "fold",
    "node_key",
    "split_key",
    "track_key",
]

#: Extraction types a metric name (so it is not taken for a method) but the graph keeps no metrics:
#: see the README, "Metrics".
ENTITY_LABELS: tuple[str, ...] = tuple(str(t) for t in EntityType if t is not EntityType.METRIC)
NODE_LABELS = ("Paper", "Author", "Institution", "Track", "Area", *ENTITY_LABELS)
#: Paper→entity relationships, strongest first: a paper relates to an entity once, by the
#: strongest role it has (proposes > evaluated on > uses > addresses); lists sort by this order.
ROLE_TYPES = ("PROPOSES", "EVALUATED_ON", "USES", "ADDRESSES")
ROLE_RANK = {type_: rank for rank, type_ in enumerate(ROLE_TYPES)}
#: How a role reads in rows and tooltips ("evaluated on"); Cypher: toLower(replace(type, '_', ' ')).
ROLE_NAMES = {type_: type_.replace("_", " ").lower() for type_ in ROLE_TYPES}
#: The relationship type of each extraction role.
ROLE_RELATIONSHIP = {
    Role.PROPOSED: "PROPOSES",
    Role.EVALUATED_ON: "EVALUATED_ON",
    Role.USES: "USES",
    Role.ADDRESSES: "ADDRESSES",
}
#: The relationships an ego view walks (papers are the hubs). COAUTHOR is left out (a shared paper
#: already links two authors), and so is IN_AREA (every track of an area would be two hops from
#: any paper).
EGO_RELS = ("AUTHORED", "IN_TRACK", *ROLE_TYPES)
REL_TYPES = ("AUTHORED", "AFFILIATED_WITH", "IN_TRACK", "IN_AREA", *ROLE_TYPES, "COAUTHOR")
#: The part of the graph identity resolution owns.
AUTHOR_LABELS = ("Author", "Institution")
AUTHOR_RELS = ("AUTHORED", "AFFILIATED_WITH")
#: Node properties that hold lists and are merged (union, first-seen order) when a node is
#: written again, instead of being overwritten. (An entity's ``aliases`` are decided over all
#: its papers each time it is written, so they are overwritten.)
LIST_PROPS = frozenset({"variants", "ids", "merges"})

#: The word a user types for a label (``kg search --type``, ``type=`` parameters), in the order
#: search lists equal hits.
SEARCH_TYPES = {
    "author": "Author",
    "paper": "Paper",
    **{label.lower(): label for label in ENTITY_LABELS},
    "track": "Track",
    "institution": "Institution",
}
TYPE_WORDS = {label: word for word, label in SEARCH_TYPES.items()}

#: A node: (label, id). Ids are unique within a label only ("transformer" is a Method and a Task).
NodeKey = tuple[str, str]


def node_key(label: str, id_: str) -> str:
    """A node's key as one string, "Label:id": the embedded store's node key, a view's node id."""
    return f"{label}:{id_}"


def split_key(key: str) -> NodeKey:
    """ "Method:transformer" → ("Method", "transformer"): the inverse of :func:`node_key`."""
    label, _, id_ = key.partition(":")
    return label, id_
