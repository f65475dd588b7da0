"""Graph stores: the embedded NetworkX store and Neo4j, behind one contract (kg.store.base)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kg.config import Settings
from kg.errors import ConfigError, StoreUnavailable
from kg.store.base import Counts, GraphStore
from kg.store.networkx import NetworkXStore

__all__ = ["Backend", "Counts", "GraphStore", "NetworkXStore", "OpenedStore", "open_store"]

Backend = Literal["auto", "networkx", "neo4j"]


@dataclass(slots=True)
class OpenedStore:
    store: GraphStore
    reason: str  # why this backend was chosen, for the user


def open_store(settings: Settings, backend: Backend = "auto") -> OpenedStore:
    """Open the store the user asked for; ``auto`` prefers a reachable Neo4j, else NetworkX."""
    if backend == "networkx":
        return OpenedStore(_embedded(settings), "--backend networkx")
    if backend == "neo4j":
        if not settings.neo4j_uri:
            raise ConfigError("--backend neo4j needs a URI: pass --neo4j-uri or set NEO4J_URI")
        return OpenedStore(_neo4j(settings), "--backend neo4j")
    if backend != "auto":
        raise ConfigError(f"unknown backend {backend!r}: use auto, networkx or neo4j")
    if not settings.neo4j_uri:
        return OpenedStore(_embedded(settings), "NEO4J_URI is not set")
    try:
        store = _neo4j(settings)
    except StoreUnavailable as exc:
        # Only "not reachable" falls back: a wrong password or a bad URI is the user's to fix.
        why = getattr(exc, "reason", None) or str(exc)
        return OpenedStore(
            _embedded(settings),
            f"NEO4J_URI is set but Neo4j at {getattr(exc, 'location', 'that URI')} did not "
            f"answer: {why}",
        )
    return OpenedStore(store, f"NEO4J_URI is set and {store.location} answered")


def _embedded(settings: Settings) -> GraphStore:
    return NetworkXStore(settings.home, lock_timeout=settings.lock_timeout)


def _neo4j(settings: Settings) -> GraphStore:
    from kg.store.neo4j import Neo4jStore  # the driver import is slow; only when asked for

    return Neo4jStore.connect(settings)
