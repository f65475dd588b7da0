"""Errors a user can act on. The library raises these; only the CLI prints them."""

from __future__ import annotations


class KGError(Exception):
    """Base class: its message is shown to the user as-is, so it says what to do."""

    exit_code = 1


class InputError(KGError):
    """An input file or folder cannot be read at all."""


class ConfigError(KGError):
    """A flag or environment variable has a value kg cannot use."""

    exit_code = 2


class StoreError(KGError):
    """The graph store cannot be opened, read or written."""


class StoreBusy(StoreError):
    """Another process kept the store locked for longer than kg waits; trying again later works.

    The exit code is sysexits' EX_TEMPFAIL, so scripts can tell "retry" from "broken"."""

    exit_code = 75


class StoreUnavailable(StoreError):
    """The store is not reachable (Neo4j down, wrong URI)."""


class StoreAuthError(StoreError):
    """The store refused the credentials."""


class QueryError(KGError):
    """A named query, its parameters or an ad-hoc Cypher statement is wrong."""

    exit_code = 2


class NotFound(KGError):
    """A name the user gave (author, entity, paper, track) is not in the graph."""


class ExportError(KGError):
    """An export cannot be written where or how it was asked for."""
