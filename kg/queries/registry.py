"""The named queries, each declared once.

A named query is its file ``cypher/<name>.cypher`` (statement, parameters, columns: see
:mod:`kg.queries.spec`) plus one declaration in :mod:`kg.queries.twins`::

    @named("coauthors", empty="{name} has no co-authors in the graph")
    def coauthors(ix: GraphIndex, p: Params) -> list[Row]: ...

The decorated function is the embedded implementation (it reads the
:class:`~kg.index.GraphIndex`); ``empty`` says why there are no rows (formatted with the
parameters as the user gave them); ``check`` refuses parameter combinations the header cannot
express; ``on_neo4j`` answers on Neo4j when the statement alone is not the answer (a graph
algorithm run on the rows the statement reads). Each store runs a :class:`NamedQuery` through
``GraphStore.run_query``: the embedded store calls :attr:`NamedQuery.embedded`, Neo4j
:meth:`NamedQuery.on_cypher`. Adding a query: write its .cypher file and one ``@named`` function.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kg.errors import QueryError
from kg.queries.spec import QuerySpec, get_query, list_queries

if TYPE_CHECKING:
    from kg.index import GraphIndex

Row = tuple[Any, ...]
Params = Mapping[str, Any]
#: Runs one Cypher statement with parameters and returns its records as dicts.
CypherRunner = Callable[[str, dict[str, Any]], list[dict[str, Any]]]
Embedded = Callable[["GraphIndex", Params], list[Row]]


@dataclass(frozen=True, slots=True)
class NamedQuery:
    spec: QuerySpec
    embedded: Embedded
    empty: str = "the query matched nothing"
    #: (typed, sent) → raise QueryError for a combination of values the query refuses
    check: Callable[[Params, Params], None] | None = None
    on_neo4j: Callable[[CypherRunner, Params], list[Row]] | None = None

    @property
    def name(self) -> str:
        return self.spec.name

    def on_cypher(self, run: CypherRunner, params: Params) -> list[Row]:
        """The rows on a store that runs Cypher: the statement's columns, or ``on_neo4j``."""
        if self.on_neo4j is not None:
            return self.on_neo4j(run, params)
        return [tuple(r[c] for c in self.spec.columns) for r in run(self.spec.cypher, dict(params))]

    def empty_reason(self, typed: Params) -> str:
        shown = {k: repr(v) if isinstance(v, str) else v for k, v in typed.items()}
        try:
            return self.empty.format(**shown)
        except (KeyError, IndexError):
            return self.empty


_DECLARED: dict[str, NamedQuery] = {}


def named(
    name: str,
    *,
    empty: str = "the query matched nothing",
    check: Callable[[Params, Params], None] | None = None,
    on_neo4j: Callable[[CypherRunner, Params], list[Row]] | None = None,
) -> Callable[[Embedded], Embedded]:
    """Declare the named query ``cypher/<name>.cypher``, implemented on the index by the
    decorated function."""

    def declare(fn: Embedded) -> Embedded:
        if name in _DECLARED:
            raise QueryError(f"the query {name!r} is declared twice")
        _DECLARED[name] = NamedQuery(get_query(name), fn, empty, check, on_neo4j)
        return fn

    return declare


def named_query(name: str) -> NamedQuery:
    """The declared query ``name`` (QueryError with the closest names if there is none)."""
    spec = get_query(name)  # the error for an unknown name lists the close ones
    _load()
    found = _DECLARED.get(spec.name)
    if found is None:
        raise QueryError(f"cypher/{name}.cypher has no implementation in kg.queries.twins")
    return found


def named_queries() -> list[NamedQuery]:
    _load()
    return [named_query(spec.name) for spec in list_queries()]


def _load() -> None:
    from kg.queries import twins  # noqa: F401  (declares every query)
