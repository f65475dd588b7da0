"""Every named query gives the same rows, in the same order, on Neo4j and on the embedded store.

Both stores hold the frozen sample graph (tests/golden.py: the bundled 80-paper sample and the
identity fixture). Each case runs the Cypher file on a real Neo4j server and the embedded
implementation on the embedded graph, and compares the full result (floats are rounded by both to
the digits the header gives). The cases cover every query with several parameter values,
including ties — most counts in the sample are 1, so the id tiebreaks decide most orders. Neo4j's
answers are the golden ones the embedded store is held to without a JVM; ``KG_UPDATE_GOLDEN=1``
freezes the sample graph again and records them anew.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from golden import (
    SAMPLE_CASES,
    UPDATE,
    YEARS_CASES,
    answer,
    case_id,
    load_answers,
    load_graph,
    sample_graph_of,
    save_answers,
    save_graph,
    years_graph,
)

from kg.errors import NotFound, QueryError
from kg.graph import GraphData
from kg.queries import list_queries, run_cypher, run_query
from kg.store.base import GraphStore
from kg.store.networkx import NetworkXStore

pytestmark = pytest.mark.neo4j
CASES = SAMPLE_CASES


def _both_stores(
    graph: GraphData, neo4j_server: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[GraphStore, GraphStore]]:
    from kg.store.neo4j import Neo4jStore

    embedded = NetworkXStore(tmp_path_factory.mktemp("kg"))
    embedded.write(graph, fresh=True)
    neo4j = Neo4jStore.connect(neo4j_server.settings(tmp_path_factory.mktemp("unused")))
    neo4j.write(graph, fresh=True)
    try:
        yield embedded, neo4j
    finally:
        neo4j.close()


@pytest.fixture(scope="module")
def stores(
    neo4j_server: Any, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[GraphStore, GraphStore]]:
    """Both stores hold the sample and the identity fixture (ids, homonyms, institutions)."""
    if UPDATE:  # freeze the sample graph again, from the current extraction
        save_graph("sample", sample_graph_of(request.getfixturevalue("sample_records")))
    yield from _both_stores(load_graph("sample"), neo4j_server, tmp_path_factory)


@pytest.fixture(scope="module")
def years_stores(
    neo4j_server: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[GraphStore, GraphStore]]:
    """Both stores hold ten years of papers (tests/fixtures/years.jsonl), for trends."""
    if UPDATE:
        save_graph("years", years_graph())
    yield from _both_stores(load_graph("years"), neo4j_server, tmp_path_factory)


def test_the_cases_cover_every_named_query() -> None:
    assert {name for name, _ in [*CASES, *YEARS_CASES]} == {spec.name for spec in list_queries()}


def test_trends_over_ten_years_alike_and_golden(
    years_stores: tuple[GraphStore, GraphStore],
) -> None:
    embedded, neo4j = years_stores
    answers = {}
    for name, params in YEARS_CASES:
        mine, theirs = (
            answer(run_query(embedded, name, params)),
            answer(run_query(neo4j, name, params)),
        )
        assert mine == theirs, params
        answers[case_id(name, params)] = theirs
    if UPDATE:
        save_answers("years", answers)
    assert answers == load_answers("years"), "run with KG_UPDATE_GOLDEN=1 to record them anew"
    assert sum(bool(a["rows"]) for a in answers.values()) >= 4  # empty answers prove little


@pytest.mark.parametrize(
    ("name", "params"), CASES, ids=[f"{n}-{i}" for i, (n, _) in enumerate(CASES)]
)
def test_both_stores_give_the_same_rows(
    stores: tuple[GraphStore, GraphStore],
    name: str,
    params: dict[str, Any],
    caplog: pytest.LogCaptureFixture,
) -> None:
    embedded, neo4j = stores
    mine = run_query(embedded, name, params)
    with caplog.at_level(logging.INFO, logger="neo4j"):
        theirs = run_query(neo4j, name, params)
    # The server's notes (deprecations, cartesian products…) would reach the user as log noise.
    assert not [r.getMessage() for r in caplog.records if "notification" in r.getMessage()]
    assert mine.columns == theirs.columns
    assert mine.rows == theirs.rows
    assert mine.empty_reason == theirs.empty_reason


def test_neo4j_gives_the_golden_answers(stores: tuple[GraphStore, GraphStore]) -> None:
    """What the golden tests hold the embedded store to is what Neo4j answers (recorded again
    with KG_UPDATE_GOLDEN=1)."""
    _, neo4j = stores
    answers = {case_id(n, p): answer(run_query(neo4j, n, p)) for n, p in CASES}
    if UPDATE:
        save_answers("sample", answers)
    assert answers == load_answers("sample"), "run with KG_UPDATE_GOLDEN=1 to record them anew"


def test_the_sample_has_rows_for_most_cases(stores: tuple[GraphStore, GraphStore]) -> None:
    """Parity on empty results proves little: most cases must return rows."""
    embedded, _ = stores
    empty = [(n, p) for n, p in CASES if not run_query(embedded, n, p).rows]
    assert len(empty) <= 3, empty


def test_both_stores_hold_the_same_authors_ids_institutions_and_merges(
    stores: tuple[GraphStore, GraphStore],
) -> None:
    _, neo4j = stores
    for label in ("Author", "Institution"):
        mine, theirs = (
            {k: d for k, d in s.to_networkx().nodes(data=True) if d["label"] == label}
            for s in stores
        )
        assert mine == theirs
    assert neo4j.to_networkx().nodes["Author:yang liu 3"]["variants"] == ["Y. Liu"]
    affiliated = [
        {
            (a, b): d
            for a, b, k, d in s.to_networkx().edges(keys=True, data=True)
            if k == "AFFILIATED_WITH"
        }
        for s in stores
    ]
    assert affiliated[0] == affiliated[1] and affiliated[0]


def test_fazl_barez_coauthors_on_neo4j(stores: tuple[GraphStore, GraphStore]) -> None:
    _, neo4j = stores
    result = run_query(neo4j, "coauthors", {"name": "Fazl Barez"})
    assert result.rows == [("Tung-Yu Wu", 2, 1.5), ("Lucas Irwin", 1, 0.5)]


@pytest.mark.parametrize("store_index", [0, 1], ids=["networkx", "neo4j"])
def test_unknown_names_are_refused_alike(
    stores: tuple[GraphStore, GraphStore], store_index: int
) -> None:
    store = stores[store_index]
    with pytest.raises(NotFound, match="did you mean: Fazl Barez"):
        run_query(store, "coauthors", {"name": "Fazl Bares"})
    with pytest.raises(NotFound, match="did you mean: Transformer"):
        run_query(store, "experts", {"entity": "Transformerz"})


def test_a_plural_finds_the_singular_entity(stores: tuple[GraphStore, GraphStore]) -> None:
    for store in stores:
        assert run_query(store, "experts", {"entity": "Transformers"}).params["entity"] == (
            "transformer"
        )


def test_ad_hoc_cypher_reads_with_parameters(stores: tuple[GraphStore, GraphStore]) -> None:
    _, neo4j = stores
    result = run_cypher(
        neo4j,
        "MATCH (:Author {id: $id})-[r:COAUTHOR]-(b) RETURN b.name AS name ORDER BY name",
        {"id": "fazl barez"},
    )
    assert result.columns == ["name"]
    assert result.rows == [("Lucas Irwin",), ("Tung-Yu Wu",)]


def test_ad_hoc_cypher_is_read_only_by_clause_and_by_server(
    stores: tuple[GraphStore, GraphStore],
) -> None:
    _, neo4j = stores
    with pytest.raises(QueryError, match=r"writes or administers \(MERGE\).*--write"):
        run_cypher(neo4j, "MERGE (n:Author {id: 'x'}) RETURN n")
    with pytest.raises(QueryError, match=r"\(CALL db.createLabel\)"):
        run_cypher(neo4j, "CALL db.createLabel('KgProbe')")
    # Past the statement check, the read transaction makes the server refuse a write too.
    with pytest.raises(QueryError, match=r"(?i)read|not allowed"):
        neo4j.run("CALL db.createLabel('KgProbe')")  # type: ignore[attr-defined]
    assert neo4j.run("MATCH (n:Author {id: 'x'}) RETURN count(n) AS n") == [{"n": 0}]


def test_ad_hoc_cypher_writes_with_write(stores: tuple[GraphStore, GraphStore]) -> None:
    _, neo4j = stores
    result = run_cypher(neo4j, "CREATE (n:KgProbe {v: $v}) RETURN n.v AS v", {"v": 3}, write=True)
    assert result.rows == [(3,)]
    run_cypher(neo4j, "MATCH (n:KgProbe) DELETE n", write=True)
    assert neo4j.run("MATCH (n:KgProbe) RETURN count(n) AS n") == [{"n": 0}]


def test_the_embedded_store_explains_that_cypher_needs_neo4j(tmp_path: Path) -> None:
    with pytest.raises(QueryError, match="needs Neo4j"):
        run_cypher(NetworkXStore(tmp_path), "RETURN 1")


def test_kg_query_and_kg_cypher_answer_from_neo4j(
    stores: tuple[GraphStore, GraphStore], neo4j_server: Any
) -> None:
    from typer.testing import CliRunner

    from kg.cli import app

    runner = CliRunner()
    env = neo4j_server.env()
    result = runner.invoke(
        app, ["query", "coauthors", "--param", "name=Fazl Barez", "--backend", "neo4j"], env=env
    )
    assert result.exit_code == 0, result.output
    assert "store: neo4j" in result.stderr
    assert re.search(r"Tung-Yu Wu\s+2\s+1\.5", result.stdout)
    assert re.search(r"Lucas Irwin\s+1\s+0\.5", result.stdout)
    refused = runner.invoke(
        app, ["cypher", "MATCH (a:Author) DETACH DELETE a", "--backend", "neo4j"], env=env
    )
    assert refused.exit_code == 2 and "--write" in refused.stderr
    counted = runner.invoke(
        app,
        ["cypher", "MATCH (a:Author {id: $id}) RETURN a.name AS name", "-p", "id=ke liang"],
        env=env,
    )
    assert counted.exit_code == 0 and "Ke Liang" in counted.stdout
