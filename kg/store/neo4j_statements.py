"""The Cypher statements kg's Neo4j store sends (kg.store.neo4j): its schema, the MERGE
statements of builds that add to a graph, the co-author recount, and the one check every label,
relationship type and property name passes before it is put into a statement (values are always
parameters)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from kg.errors import StoreError
from kg.schema import LIST_PROPS, NODE_LABELS, REL_TYPES

SCHEMA_FILE = Path(__file__).resolve().parents[1] / "cypher" / "schema.cypher"


def schema_statements(path: Path = SCHEMA_FILE) -> list[str]:
    text = "\n".join(
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("//")
    )
    return [" ".join(s.split()) for s in text.split(";") if s.strip()]


def merge_nodes_query(label: str, list_props: Sequence[str] = (), *, replace: bool = False) -> str:
    """MERGE a batch of nodes of one label; list properties keep the union of old and new
    (``replace``: the nodes get exactly the new properties)."""
    if replace:
        return f"UNWIND $rows AS row MERGE (n:{ident(label)} {{id: row.id}}) SET n = row.props" + (
            " SET n += row.lists" if list_props else ""
        )
    sets = [
        f"n.{ident(p)} = coalesce(n.{ident(p)}, []) + "
        f"[x IN coalesce(row.lists.{ident(p)}, []) WHERE NOT x IN coalesce(n.{ident(p)}, [])]"
        for p in list_props
    ]
    return (
        f"UNWIND $rows AS row MERGE (n:{ident(label)} {{id: row.id}}) SET n += row.props"
        + "".join(f" SET {s}" for s in sets)
    )


def merge_rels_query(type_: str, start: str, end: str, *, replace: bool = False) -> str:
    return (
        f"UNWIND $rows AS row "
        f"MATCH (a:{ident(start)} {{id: row.start}}) MATCH (b:{ident(end)} {{id: row.end}}) "
        f"MERGE (a)-[r:{ident(type_)}]->(b) SET r {'=' if replace else '+='} row.props"
    )


# Both ends of a COAUTHOR pair are authors of the joint paper, so each pair is rebuilt from its
# lower-id end; weight is Newman's Σ 1/(authors − 1), rounded like Python's round() on ties.
# Papers written with coauthor_pairs = false (more authors than --max-coauthors) make no pairs.
#
# Two builds may recompute one author at once. Each transaction first takes the write lock of its
# authors (a no-op SET locks a node until commit; ids sorted, so two transactions lock in the same
# order), so the second waits, then reads what the first committed, deletes it and writes the
# pairs again: never twice. Without the lock both would CREATE, and pairs would be duplicated.
LOCK_AUTHORS = "UNWIND $ids AS aid MATCH (a:Author {id: aid}) SET a.id = a.id"
DELETE_COAUTHORS = "UNWIND $ids AS aid MATCH (a:Author {id: aid})-[r:COAUTHOR]->() DELETE r"
CREATE_COAUTHORS = (
    "UNWIND $ids AS aid "
    "MATCH (a:Author {id: aid})-[:AUTHORED]->(p:Paper) WHERE p.coauthor_pairs IS NULL OR "
    "p.coauthor_pairs "
    "MATCH (p)<-[:AUTHORED]-(b:Author) WHERE a.id < b.id "
    "WITH a, b, p, COUNT { (p)<-[:AUTHORED]-(:Author) } AS authors "
    "WITH a, b, count(p) AS papers, sum(1.0 / (authors - 1)) AS weight "
    "CREATE (a)-[:COAUTHOR {papers: papers, weight: round(weight, 6, 'HALF_EVEN')}]->(b)"
)


AUTHORS_OF_PAPERS = (
    "UNWIND $ids AS pid MATCH (:Paper {id: pid})<-[:AUTHORED]-(a:Author) RETURN DISTINCT a.id AS id"
)


KNOWN_NAMES = frozenset(NODE_LABELS) | frozenset(REL_TYPES) | LIST_PROPS


def ident(name: str) -> str:
    """A label, type or property name to put in a statement: only kg's own vocabulary."""
    if name not in KNOWN_NAMES or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise StoreError(f"refusing to write {name!r}: not part of kg's graph schema")
    return name
