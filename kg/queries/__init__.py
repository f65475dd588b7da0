"""Named queries over either store, and ad-hoc Cypher on Neo4j.

Each named query is declared once (:mod:`kg.queries.registry`): its file ``cypher/<name>.cypher``
(:mod:`kg.queries.spec`) and its embedded implementation with its empty-result message and hooks
(:mod:`kg.queries.twins`). :func:`run_query` types and checks the parameters against the file's
header, resolves names to ids (:mod:`kg.queries.names`), and hands the query to the store
(``GraphStore.run_query``): Neo4j runs the Cypher — always with parameters, in a read transaction
— and the embedded store the implementation. Both give the same columns, rows and order;
tests/test_queries_parity.py holds them to it and records the answers that the golden tests
(tests/test_queries_golden.py) check without a JVM.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from difflib import get_close_matches
from typing import Any

from kg.errors import QueryError
from kg.queries.guard import commands
from kg.queries.names import (
    Hit,
    resolve_author,
    resolve_entity,
    resolve_entity_type,
    resolve_institution,
    resolve_track,
    search,
)
from kg.queries.registry import named_query
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
    query = named_query(name)
    spec = query.spec
    given = dict(params or {})
    if limit is not None and spec.param("limit") is not None:
        given["limit"] = limit
    typed = prepare_params(spec, given)
    sent = _resolve(store, spec, typed)
    if query.check is not None:
        query.check(typed, sent)
    rows = store.run_query(query, sent)
    if limit is not None and spec.param("limit") is None:
        rows = rows[:limit]
    reason = ""
    if not rows:
        reason = query.empty_reason(typed) if store.counts().node("Paper") else _EMPTY_GRAPH
    return QueryResult(list(spec.columns), [tuple(r) for r in rows], sent, reason)


_EMPTY_GRAPH = "the graph is empty — build it first: `kg build [SOURCES…]`"


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
    return sent


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
    if not cypher.strip():
        raise QueryError("no Cypher statement given")
    if not write:
        found = commands(cypher)
        if found:
            raise QueryError(
                f"this statement writes or administers ({', '.join(found)}); kg cypher is "
                "read-only — pass --write to run it"
            )
    records = store.run_cypher(cypher, dict(params or {}), write=write)
    columns = list(records[0]) if records else []
    rows = [tuple(r.get(c) for c in columns) for r in records]
    return QueryResult(
        columns, rows, dict(params or {}), "" if rows else "the statement returned no rows"
    )
