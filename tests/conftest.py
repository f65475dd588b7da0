"""Shared fixtures: a real Neo4j server for the session, and one store per backend for the
contract tests that must hold on both.

Neo4j: if NEO4J_URI is set (with NEO4J_USER / NEO4J_PASSWORD), tests use that server and delete
kg's own nodes in it (labels Paper, Author, …) between tests — point it at a scratch database.
Otherwise the session starts the embedded launcher in tools/neo4j-test-server (Neo4j 5.26, Bolt on
127.0.0.1, a free port, a throw-away data directory) and stops it at the end. Neo4j tests are
skipped only when java or mvn is missing (and fail then too if KG_REQUIRE_SERVICES is set, as
in CI); a launcher that is present but fails is an error.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from kg.config import Settings
from kg.graph import GraphData, build_graph, coauthor_pairs
from kg.model import ExtractedPaper
from kg.store.base import Counts, GraphStore
from kg.store.networkx import NetworkXStore


@dataclass(frozen=True)
class Neo4jTarget:
    """Where the test Neo4j listens and how to log in. ``server`` is the launcher handle
    (None when the server came from NEO4J_URI)."""

    uri: str
    user: str
    password: str = field(repr=False)
    server: object | None = None

    def settings(self, home: Path, **changes: object) -> Settings:
        values: dict[str, object] = {
            "home": home,
            "neo4j_uri": self.uri,
            "neo4j_user": self.user,
            "neo4j_password": self.password,
        }
        values.update(changes)
        return Settings(**values)  # type: ignore[arg-type]

    def env(self) -> dict[str, str]:
        """Environment for running `kg` against this server."""
        return {"NEO4J_URI": self.uri, "NEO4J_USER": self.user, "NEO4J_PASSWORD": self.password}


def _wait_for_bolt(uri: str, user: str, password: str, *, timeout: float = 60.0) -> None:
    from neo4j import GraphDatabase
    from neo4j.exceptions import ServiceUnavailable

    deadline = time.monotonic() + timeout
    with GraphDatabase.driver(uri, auth=(user, password), connection_timeout=5) as driver:
        while True:
            try:
                driver.verify_connectivity()
                return
            except ServiceUnavailable:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)


def launcher_missing_reason() -> str | None:
    """Why the embedded Neo4j cannot be started here (java or mvn missing), or None.

    Any other problem with the launcher is not a reason to skip: starting it then fails loudly.
    """
    from neo4j_server import launcher_available

    ok, why = launcher_available()
    if ok or not re.search(r"\b(java|Java|mvn)\b", why):
        return None
    return f"{why}; or set NEO4J_URI to run the Neo4j tests against your own server"


def require_launcher() -> None:
    """Skip the calling test when the embedded Neo4j cannot start here — or fail it, when
    KG_REQUIRE_SERVICES is set (CI), so that a broken setup cannot pass as skipped tests."""
    reason = launcher_missing_reason()
    if reason:
        if os.environ.get("KG_REQUIRE_SERVICES"):
            pytest.fail(f"KG_REQUIRE_SERVICES is set but Neo4j cannot start: {reason}")
        pytest.skip(reason)


@pytest.fixture(scope="session")
def neo4j_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Neo4jTarget]:
    uri = os.environ.get("NEO4J_URI")
    if uri:
        target = Neo4jTarget(
            uri=uri,
            user=os.environ.get("NEO4J_USER") or "neo4j",
            password=os.environ.get("NEO4J_PASSWORD") or "",
        )
        _wait_for_bolt(target.uri, target.user, target.password)
        yield target
        return
    require_launcher()
    from neo4j_server import start_server

    password = "kg-test-" + secrets.token_hex(8)
    # start_server returns once a Bolt `RETURN 1` has succeeded.
    server = start_server(password=password, data_dir=tmp_path_factory.mktemp("neo4j-data"))
    try:
        yield Neo4jTarget(uri=server.uri, user=server.user, password=password, server=server)
    finally:
        server.stop()


@pytest.fixture
def neo4j_store(neo4j_server: Neo4jTarget, tmp_path: Path) -> Iterator[GraphStore]:
    """A Neo4jStore on a database holding none of kg's nodes."""
    from kg.store.neo4j import Neo4jStore

    store = Neo4jStore.connect(neo4j_server.settings(tmp_path / "unused"))
    store.delete_all()
    try:
        yield store
    finally:
        store.close()


@pytest.fixture(params=["networkx", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """Each backend in turn, empty: contract tests run once per store."""
    if request.param == "neo4j":
        yield request.getfixturevalue("neo4j_store")
    else:
        nx_store = NetworkXStore(tmp_path / "kg")
        yield nx_store
        nx_store.close()


@pytest.fixture(scope="session")
def sample_records() -> list[ExtractedPaper]:
    """The bundled 80-paper sample with its extracted mentions."""
    from kg.extract import extract_papers
    from kg.sources import read_sources

    return extract_papers(read_sources(None).papers)


@pytest.fixture(scope="session")
def sample_graph(sample_records: list[ExtractedPaper]) -> GraphData:
    """The graph `kg build` writes for the bundled sample."""
    return build_graph(sample_records)


@pytest.fixture(scope="session")
def sample_store(
    sample_graph: GraphData, tmp_path_factory: pytest.TempPathFactory
) -> NetworkXStore:
    """An embedded store holding the sample graph, shared by read-only tests."""
    store = NetworkXStore(tmp_path_factory.mktemp("kg"))
    store.write(sample_graph, fresh=True)
    return store


def expected_counts(graph: GraphData) -> Counts:
    """What a store holding exactly ``graph`` must count, COAUTHOR included."""
    nodes: dict[str, int] = {}
    for node in graph.nodes:
        nodes[node.label] = nodes.get(node.label, 0) + 1
    rels: dict[str, int] = {}
    for rel in graph.rels:
        rels[rel.type] = rels.get(rel.type, 0) + 1
    pairs = expected_coauthors(graph)
    if pairs:
        rels["COAUTHOR"] = len(pairs)
    return Counts(nodes=nodes, rels=rels)


def expected_coauthors(graph: GraphData) -> dict[tuple[str, str], tuple[int, float]]:
    alone = {n.id for n in graph.nodes if n.label == "Paper" and not n.props["coauthor_pairs"]}
    by_paper: dict[str, list[str]] = {}
    for rel in graph.rels:
        if rel.type == "AUTHORED" and rel.end[1] not in alone:
            by_paper.setdefault(rel.end[1], []).append(rel.start[1])
    return coauthor_pairs(by_paper.values())


def comparable(g: nx.MultiDiGraph) -> tuple[dict[str, Any], dict[tuple[str, str, str], Any]]:
    """Nodes and edges with their properties; null properties dropped (Neo4j stores no nulls)."""
    nodes = {k: {a: v for a, v in d.items() if v is not None} for k, d in g.nodes(data=True)}
    edges = {(a, b, k): d for a, b, k, d in g.edges(keys=True, data=True)}
    return nodes, edges
