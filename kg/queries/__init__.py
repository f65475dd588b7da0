"""Named queries over either store, and ad-hoc Cypher on Neo4j.

Each named query is a file, ``cypher/<name>.cypher`` (:mod:`kg.queries.spec`), and a Python twin
(:mod:`kg.queries.twins`). :func:`run_query` types and checks the parameters against the file's
header, resolves names to ids (:mod:`kg.queries.names`), and then runs the Cypher on Neo4j — always
as parameters, in a read transaction — or the twin on the embedded store. Both give the same
columns, rows and order; tests/test_queries_parity.py holds them to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Any

from kg import trends
from kg.errors import QueryError
from kg.queries import twins
from kg.queries.guard import commands
from kg.queries.index import index_for
from kg.queries.names import (
    Hit,
    resolve_author,
    resolve_entity,
    resolve_entity_type,
    resolve_institution,
    resolve_track,
    run_cypher_rows,
    search,
)
from kg.queries.spec import Param, QuerySpec, get_query, list_queries
from kg.store.base import GraphStore

__all__ = [
    "Hit",
    "Param",
    "QueryResult",
    "QuerySpec",
    "get_query",
    "list_queries",
    "prepare_params",
    "run_cypher",
    "run_query",
    "search",
]


@dataclass(slots=True)
class QueryResult:
    columns: list[str]
    rows: list[tuple[Any, ...]]
    params: dict[str, Any] = field(default_factory=dict)  # as sent, after resolution
    empty_reason: str = ""  # when there are no rows: why, in words

    def as_dicts(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


def run_query(
    store: GraphStore,
    name: str,
    params: Mapping[str, str | int | float | bool] | None = None,
    *,
    limit: int | None = None,
) -> QueryResult:
    """Run a named query. ``limit`` sets the query's ``limit`` parameter when it has one, and
    otherwise cuts the rows."""
    spec = get_query(name)
    given = dict(params or {})
    if limit is not None and spec.param("limit") is not None:
        given["limit"] = limit
    typed = prepare_params(spec, given)
    sent = _resolve(store, spec, typed)
    if store.backend == "networkx":
        rows = twins.TWINS[spec.name](index_for(store.to_networkx()), sent)
    else:
        rows = _run_on_neo4j(store, spec, sent)
    if limit is not None and spec.param("limit") is None:
        rows = rows[:limit]
    reason = ""
    if not rows:
        reason = _empty_reason(spec, typed) if _has_papers(store) else _EMPTY_GRAPH
    return QueryResult(list(spec.columns), [tuple(r) for r in rows], sent, reason)


_EMPTY_GRAPH = "the graph is empty — build it first: `kg build [SOURCES…]`"


def _has_papers(store: GraphStore) -> bool:
    if store.backend == "networkx":
        return bool(index_for(store.to_networkx()).papers)
    return bool(store.counts().node("Paper"))


def prepare_params(spec: QuerySpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """Check names, fill defaults, convert types; errors say which parameter and what it takes."""
    known = {p.name for p in spec.params}
    for key in given:
        if key not in known:
            close = get_close_matches(key, known, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            listed = ", ".join(sorted(known)) or "none"
            raise QueryError(
                f"{spec.name} has no parameter {key!r}: {hint}its parameters are {listed}"
            )
    typed: dict[str, Any] = {}
    for p in spec.params:
        value = given.get(p.name)
        if value is None or (p.required and isinstance(value, str) and not value.strip()):
            if p.required:
                raise QueryError(
                    f"{spec.name} needs the parameter {p.name!r} ({p.shown_type}): {p.help}. "
                    f'Example: kg query {spec.name} --param {p.name}="…"'
                )
            value = p.default
        typed[p.name] = p.coerce(value, query=spec.name)
    return typed


def _resolve(store: GraphStore, spec: QuerySpec, typed: dict[str, Any]) -> dict[str, Any]:
    sent = dict(typed)
    by_kind: dict[str, list[Param]] = {}
    for p in spec.params:
        if p.kind:
            by_kind.setdefault(p.kind, []).append(p)
    for p in by_kind.get("entity-type", []):
        sent[p.name] = resolve_entity_type(typed[p.name])
    entity_label = next((sent[p.name] for p in by_kind.get("entity-type", [])), "")
    for p in spec.params:
        value = typed[p.name]
        if not p.kind or p.kind == "entity-type" or value == "":
            continue
        if p.kind == "author":
            sent[p.name] = resolve_author(store, value)
        elif p.kind == "entity":
            sent[p.name] = resolve_entity(store, value, entity_label)
        elif p.kind == "track":
            sent[p.name] = resolve_track(store, value)
        elif p.kind == "institution":
            sent[p.name] = resolve_institution(store, value)
    if spec.name == "collaboration-path" and sent["source"] == sent["target"]:
        raise QueryError(
            f"source and target are the same author ({typed['source']!r}): "
            "give two different authors"
        )
    return sent


def _run_on_neo4j(store: GraphStore, spec: QuerySpec, sent: dict[str, Any]) -> list[Any]:
    if spec.name == "communities":
        return twins.communities(_edges(run_cypher_rows(store, spec.cypher)), sent)
    if spec.name == "central-authors" and sent["measure"] == "betweenness":
        edges_cypher = get_query("coauthor-graph").cypher
        edges = run_cypher_rows(store, edges_cypher, {"limit": 1 << 62})
        return twins.betweenness(_edges(edges), sent)
    records = run_cypher_rows(store, spec.cypher, sent)
    if spec.name == "trends":
        counts = [(r["label"], r["id"], r["name"], r["year"], r["papers"]) for r in records]
        totals = {r["year"]: r["papers"] for r in records if not r["label"]}
        return trends.trend_rows([c for c in counts if c[0]], totals, sent)
    return [tuple(record[c] for c in spec.columns) for record in records]


def _edges(records: list[dict[str, Any]]) -> list[twins.Edge]:
    return [
        (
            r["source"],
            r["source_name"],
            r["target"],
            r["target_name"],
            int(r["papers"]),
            float(r["weight"]),
        )
        for r in records
    ]


_EMPTY = {
    "coauthors": "{name} has no co-authors in the graph",
    "collaboration-path": "no chain of co-authors of at most 10 hops links {source} and {target}",
    "experts": "no paper in the graph relates to {entity}",
    "recommend-collaborators": "no candidate shares a co-author or a concept with {name}",
    "papers-using": "no paper in the graph relates to {entity}",
    "proposed-in": "no paper in the graph is recorded as proposing {entity} "
    "(try papers-using to see where it appears)",
    "methods-by-track": "no paper of this track mentions a method",
    "concept-cooccurrence": "no pair of entities shares at least {min_papers} papers",
    "top-collaborations": "no pair of co-authors has at least {min_papers} joint papers",
    "communities": "no community matches (an author with no co-authors is in none)",
    "top-institutions": "no matching paper gives its authors' affiliations",
    "institution-collaborations": "no pair of institutions shares at least {min_papers} papers",
    "trends": "no paper with a year in the range asked (from {from}, to {to}; 0 is open) mentions "
    "{entity}, or no entity is in {min_papers} of them (an empty entity means any)",
}


def _empty_reason(spec: QuerySpec, typed: Mapping[str, Any]) -> str:
    template = _EMPTY.get(spec.name, "the query matched nothing")
    try:
        return template.format(
            **{k: repr(v) if isinstance(v, str) else v for k, v in typed.items()}
        )
    except (KeyError, IndexError):
        return template


# --- ad-hoc Cypher -----------------------------------------------------------------------


def run_cypher(
    store: GraphStore,
    cypher: str,
    params: Mapping[str, Any] | None = None,
    *,
    write: bool = False,
) -> QueryResult:
    """Ad-hoc Cypher on Neo4j: read-only unless ``write``. Read-only refuses writing and
    administrative commands (:mod:`kg.queries.guard`) and runs in a read transaction, so the
    server refuses graph writes too."""
    if store.backend == "networkx":
        raise QueryError(
            "ad-hoc Cypher needs Neo4j: the graph is in the embedded store. Set NEO4J_URI (or pass "
            "--backend neo4j --neo4j-uri …), or ask with a named query: `kg query --list`"
        )
    if not cypher.strip():
        raise QueryError("no Cypher statement given")
    if not write:
        found = commands(cypher)
        if found:
            raise QueryError(
                f"this statement writes or administers ({', '.join(found)}); kg cypher is "
                "read-only — pass --write to run it"
            )
    records = run_cypher_rows(store, cypher, dict(params or {}), write=write)
    columns = list(records[0]) if records else []
    rows = [tuple(r.get(c) for c in columns) for r in records]
    return QueryResult(
        columns, rows, dict(params or {}), "" if rows else "the statement returned no rows"
    )
