"""Neo4j against a real server: parity with the embedded store, the schema, the CLI on Neo4j,
and the faults a user meets (server down, wrong password, server killed mid-build)."""

from __future__ import annotations

import logging
import socket
import threading
from pathlib import Path

import pytest
from conftest import (
    Neo4jTarget,
    comparable,
    expected_coauthors,
    expected_counts,
    require_launcher,
)
from typer.testing import CliRunner

from kg.cli import app
from kg.config import Settings
from kg.errors import QueryError, StoreAuthError, StoreUnavailable
from kg.graph import GraphData
from kg.store import open_store
from kg.store.neo4j import Neo4jStore
from kg.store.networkx import NetworkXStore

IDENTITY_FIXTURE = Path(__file__).parent / "fixtures" / "venue2023.json"

pytestmark = pytest.mark.neo4j


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def id_constraints(store: Neo4jStore) -> set[str]:
    """The labels whose ``id`` has a uniqueness constraint."""
    return {
        r["labelsOrTypes"][0]
        for r in store.run("SHOW CONSTRAINTS YIELD labelsOrTypes, properties, type")
        if r["properties"] == ["id"] and r["type"] == "UNIQUENESS"
    }


def dead_uri() -> str:
    return f"bolt://127.0.0.1:{free_port()}"


def kg(*args: str, env: dict[str, str | None]) -> tuple[int, str, str]:
    base: dict[str, str | None] = {"NEO4J_URI": None, "NEO4J_USER": None, "NEO4J_PASSWORD": None}
    result = CliRunner().invoke(app, list(args), env={**base, **env})
    return result.exit_code, result.stdout, result.stderr


# --- parity with the embedded store -------------------------------------------------------


def test_sample_builds_the_same_graph_in_both_stores(
    neo4j_store: Neo4jStore, sample_graph: GraphData, tmp_path: Path
) -> None:
    embedded = NetworkXStore(tmp_path / "kg")
    embedded.write(sample_graph)
    neo4j_store.write(sample_graph)

    assert neo4j_store.counts() == embedded.counts()
    assert neo4j_store.coauthor_weights() == embedded.coauthor_weights()
    assert len(neo4j_store.coauthor_weights()) == neo4j_store.counts().rel("COAUTHOR") > 100
    assert comparable(neo4j_store.to_networkx()) == comparable(embedded.to_networkx())


# --- schema ----------------------------------------------------------------------------------


def test_a_second_node_with_the_same_id_is_refused(
    neo4j_store: Neo4jStore, sample_graph: GraphData
) -> None:
    neo4j_store.write(sample_graph)
    paper_id = next(n.id for n in sample_graph.nodes if n.label == "Paper")

    with pytest.raises(QueryError, match="already exists"):
        neo4j_store.run("CREATE (:Paper {id: $id})", {"id": paper_id}, write=True)
    assert neo4j_store.counts().node("Paper") == 80


@pytest.mark.parametrize("fresh", [False, True], ids=["merge", "fresh"])
def test_every_label_has_its_constraint_and_names_are_indexed(
    neo4j_store: Neo4jStore, sample_graph: GraphData, fresh: bool
) -> None:
    # a fresh build drops them while it CREATEs and makes them again: all back, all online
    neo4j_store.write(sample_graph, fresh=fresh)

    assert id_constraints(neo4j_store) >= {n.label for n in sample_graph.nodes}
    indexes = {r["name"]: r["state"] for r in neo4j_store.run("SHOW INDEXES YIELD name, state")}
    assert {"author_name", "method_name", "paper_text", "entity_name"} <= set(indexes)
    assert set(indexes.values()) == {"ONLINE"}


def test_fresh_removes_only_kg_nodes(neo4j_store: Neo4jStore, sample_graph: GraphData) -> None:
    neo4j_store.run("CREATE (:Visitor {id: 'keep-me'})", write=True)
    try:
        neo4j_store.write(sample_graph)
        neo4j_store.write(sample_graph, fresh=True)

        assert neo4j_store.counts() == expected_counts(sample_graph)
        rows = neo4j_store.run("MATCH (v:Visitor) RETURN v")
        assert rows == [{"v": {"id": "keep-me"}}]
    finally:
        neo4j_store.run("MATCH (v:Visitor) DELETE v", write=True)


def test_run_returns_plain_rows_and_reports_bad_cypher(
    neo4j_store: Neo4jStore, sample_graph: GraphData
) -> None:
    neo4j_store.write(sample_graph)

    rows = neo4j_store.run(
        "MATCH (p:Paper)-[r:IN_TRACK]->(t:Track) RETURN p, r, t.name AS track LIMIT 1"
    )
    assert isinstance(rows[0]["p"], dict) and rows[0]["p"]["id"]
    assert rows[0]["r"] == {}
    assert isinstance(rows[0]["track"], str)
    with pytest.raises(QueryError, match="Cypher"):
        neo4j_store.run("MATCH (p:Paper RETURN p")


def test_notes_about_missing_labels_or_properties_are_not_logged(
    neo4j_store: Neo4jStore, caplog: pytest.LogCaptureFixture
) -> None:
    # On an empty graph (or papers without a year) the server would warn that the label or
    # property does not exist; the driver logs such notes, and they would reach the user.
    with caplog.at_level(logging.INFO, logger="neo4j"):
        rows = neo4j_store.run("MATCH (x:NoSuchLabel) RETURN x.no_such_property AS v")

    assert rows == []
    assert not [r for r in caplog.records if "notification" in r.getMessage()]


def test_a_routing_uri_works(neo4j_server: Neo4jTarget, tmp_path: Path) -> None:
    if not neo4j_server.uri.startswith("bolt://"):
        pytest.skip("the configured server is not addressed with bolt://")
    routed = neo4j_server.settings(tmp_path, neo4j_uri="neo4j://" + neo4j_server.uri[7:])
    store = Neo4jStore.connect(routed)
    try:
        assert store.location.startswith("neo4j://")
        assert store.run("RETURN 1 AS one", write=True) == [{"one": 1}]
    finally:
        store.close()


# --- choosing the backend -----------------------------------------------------------------


def test_auto_uses_neo4j_when_it_answers(neo4j_server: Neo4jTarget, tmp_path: Path) -> None:
    opened = open_store(neo4j_server.settings(tmp_path), "auto")
    try:
        assert opened.store.backend == "neo4j"
        assert "answered" in opened.reason
    finally:
        opened.store.close()
    # A server that answers but refuses the password is the user's to fix, not a fallback.
    with pytest.raises(StoreAuthError):
        open_store(neo4j_server.settings(tmp_path, neo4j_password="not-it-auto"), "auto")


def test_auto_falls_back_to_the_embedded_store_and_says_why(tmp_path: Path) -> None:
    uri = dead_uri()
    opened = open_store(Settings(home=tmp_path, neo4j_uri=uri, neo4j_password="pw"), "auto")

    assert opened.store.backend == "networkx"
    assert uri in opened.reason and "did not answer" in opened.reason
    unset = open_store(Settings(home=tmp_path), "auto")
    assert (unset.store.backend, unset.reason) == ("networkx", "NEO4J_URI is not set")


# --- faults ---------------------------------------------------------------------------------


def test_unreachable_neo4j_fails_naming_the_uri_and_writes_nothing(tmp_path: Path) -> None:
    uri = dead_uri()
    code, out, err = kg(
        "build", "--backend", "neo4j", "--neo4j-uri", uri, "--store", str(tmp_path / "kg"),
        env={"NEO4J_PASSWORD": "s3cret-never-shown"},
    )  # fmt: skip

    assert code == 1
    assert uri in err and "--backend networkx" in err
    assert "s3cret-never-shown" not in out + err
    assert not (tmp_path / "kg").exists()


def test_wrong_password_is_an_auth_error_that_hides_the_password(
    neo4j_server: Neo4jTarget, tmp_path: Path
) -> None:
    wrong = "wrong-" + neo4j_server.password[::-1]
    with pytest.raises(StoreAuthError) as caught:
        Neo4jStore.connect(neo4j_server.settings(tmp_path, neo4j_password=wrong))

    message = str(caught.value)
    assert neo4j_server.uri in message and "NEO4J_PASSWORD" in message
    assert wrong not in message and neo4j_server.password not in message


def test_the_cli_never_shows_the_password(neo4j_server: Neo4jTarget, tmp_path: Path) -> None:
    env = {**neo4j_server.env()}
    code, out, err = kg("build", "--backend", "neo4j", "--fresh", env=env)
    assert code == 0, err
    assert neo4j_server.password not in out + err
    assert neo4j_server.uri in out + err

    code, out, err = kg("build", "--backend", "neo4j", env={**env, "NEO4J_PASSWORD": "nope-x1"})
    assert code == 1
    assert "refused the credentials" in err
    assert "nope-x1" not in out + err and neo4j_server.password not in out + err

    with_userinfo = neo4j_server.uri.replace("://", f"://neo4j:{neo4j_server.password}@")
    code, out, err = kg("stats", "--backend", "neo4j", "--neo4j-uri", with_userinfo, env=env)
    assert code == 2
    assert "NEO4J_PASSWORD" in err and neo4j_server.password not in out + err


def test_cli_build_twice_on_neo4j_gives_identical_counts_and_stats_agrees(
    neo4j_server: Neo4jTarget, tmp_path: Path
) -> None:
    import json

    env = {**neo4j_server.env()}
    runs = []
    for _ in range(2):
        code, out, err = kg("build", "--backend", "neo4j", "--fresh", "--json", env=env)
        assert code == 0, err
        runs.append(json.loads(out))
    assert (
        runs[0]["nodes"] == runs[1]["nodes"]
        and runs[0]["relationships"] == runs[1]["relationships"]
    )
    assert runs[0]["nodes"]["Paper"] == 80
    code, out, err = kg("build", "--backend", "neo4j", "--json", env=env)  # no --fresh: MERGE
    assert json.loads(out)["relationships"] == runs[0]["relationships"]

    code, out, err = kg("stats", "--backend", "neo4j", "--json", env=env)
    assert code == 0, err
    stats = json.loads(out)
    assert (stats["nodes"], stats["relationships"]) == (runs[0]["nodes"], runs[0]["relationships"])


@pytest.mark.parametrize("fresh", [False, True], ids=["merge", "fresh"])
def test_a_server_killed_mid_build_fails_the_build_and_a_rerun_completes_it(
    sample_graph: GraphData, tmp_path: Path, fresh: bool
) -> None:
    """Really kill the server partway through a write, restart it, and rerun the same build. A
    fresh build is cut off while it has dropped the id constraints (it CREATEs nodes without
    them): the rerun has them back."""
    require_launcher()
    from neo4j_server import start_server

    password = "kill-test-pw-1"
    server = start_server(password=password, data_dir=tmp_path / "neo4j")
    settings = Settings(home=tmp_path, neo4j_uri=server.uri, neo4j_password=password)
    try:
        # Small batches and a short retry window: many transactions, and a quick failure.
        store = Neo4jStore.connect(settings, batch_size=10, retry_seconds=2.0)
        store.apply_schema()
        written: list[int] = []
        partway = threading.Event()
        failure: list[BaseException] = []

        def progress(n: int) -> None:
            written.append(n)
            if sum(written) >= 200:
                partway.set()

        def build() -> None:
            try:
                store.write(sample_graph, fresh=fresh, progress=progress)
            except BaseException as exc:
                failure.append(exc)
            finally:
                partway.set()

        worker = threading.Thread(target=build)
        worker.start()
        assert partway.wait(120), "the write made no progress"
        server.kill()
        worker.join(120)
        store.close()

        assert not worker.is_alive()
        assert failure and isinstance(failure[0], StoreUnavailable), failure
        message = str(failure[0])
        assert server.uri in message and "Rerun" in message and password not in message
        total = len(sample_graph.nodes) + len(sample_graph.rels)
        assert sum(written) < total

        server.restart()
        store = Neo4jStore.connect(settings)
        try:
            partial = store.counts()
            assert partial != expected_counts(sample_graph)
            store.write(sample_graph, fresh=fresh)
            assert store.counts() == expected_counts(sample_graph)
            assert store.coauthor_weights() == expected_coauthors(sample_graph)
            assert id_constraints(store) >= {n.label for n in sample_graph.nodes}
            store.write(sample_graph)
            assert store.counts() == expected_counts(sample_graph)
        finally:
            store.close()
    finally:
        server.stop()


def test_a_regrowth_cut_off_before_its_cleanup_loses_no_author(
    neo4j_store: Neo4jStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build that resolves identity again writes the new author layer, then deletes the old
    one: cut off in between, the store holds both copies, and a rerun completes it."""
    from kg.graph import build_graph
    from kg.model import ExtractedPaper
    from kg.pipeline import resolve_people
    from kg.sources import read_sources

    papers = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    neo4j_store.write(build_graph(papers[:3]))

    def grow() -> None:  # as kg build does, without extracting again
        people, known = resolve_people([r.paper for r in papers[3:]], neo4j_store)
        neo4j_store.write(build_graph(papers[3:], people=people, known=known))

    def cut_off(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Neo4jStore, "_drop_stale_authors", cut_off)
    with pytest.raises(KeyboardInterrupt):
        grow()
    monkeypatch.undo()
    grow()

    whole = NetworkXStore(tmp_path / "whole")
    whole.write(build_graph(papers))
    assert comparable(neo4j_store.to_networkx()) == comparable(whole.to_networkx())
