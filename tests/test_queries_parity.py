"""Every named query gives the same rows, in the same order, on Neo4j and on the embedded store.

Both stores hold the bundled 80-paper sample. Each case runs the Cypher file on a real Neo4j server
and the NetworkX twin on the embedded graph, and compares the full result (floats are rounded by
both to the digits the header gives). The cases cover every query with several parameter values,
including ties — most counts in the sample are 1, so the id tiebreaks decide most orders.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kg.errors import NotFound, QueryError
from kg.extract import extract_papers
from kg.graph import build_graph
from kg.model import ExtractedPaper
from kg.queries import list_queries, run_cypher, run_query
from kg.sources import read_sources
from kg.store.base import GraphStore
from kg.store.networkx import NetworkXStore

pytestmark = pytest.mark.neo4j
IDENTITY_FIXTURE = Path(__file__).parent / "fixtures" / "venue2023.json"
YEARS_FIXTURE = Path(__file__).parent / "fixtures" / "years.jsonl"  # ten years, for trends

CASES: list[tuple[str, dict[str, Any]]] = [
    ("coauthors", {"name": "Fazl Barez"}),
    ("coauthors", {"name": "KE LIANG"}),
    ("coauthors", {"name": "Jiahui Gao", "limit": 5}),
    ("top-collaborations", {}),
    ("top-collaborations", {"min_papers": 1, "limit": 40}),
    ("collaboration-path", {"source": "Fazl Barez", "target": "Lucas Irwin"}),
    ("collaboration-path", {"source": "Jiahui Gao", "target": "Zhangyang Wang"}),
    ("collaboration-path", {"source": "Changlong Yu", "target": "Ruisi Cai"}),
    ("collaboration-path", {"source": "Jiahui Gao", "target": "Fazl Barez"}),
    ("author-profile", {"name": "Fazl Barez"}),
    ("author-profile", {"name": "Zhangyang Atlas Wang"}),
    ("author-profile", {"name": "Jiahui Gao", "per_facet": 2}),
    ("experts", {"entity": "Transformers"}),
    ("experts", {"entity": "Flow Matching", "limit": 3}),
    ("experts", {"entity": "causal discovery", "type": "task"}),
    ("recommend-collaborators", {"name": "Jiahui Gao"}),
    ("recommend-collaborators", {"name": "Zhangyang Wang", "concept_weight": 2.0}),
    ("recommend-collaborators", {"name": "Shenglei Fang", "concept_weight": 0.0, "limit": 10}),
    ("papers-using", {"entity": "Transformers"}),
    ("papers-using", {"entity": "causal discovery", "type": "task"}),
    ("papers-using", {"entity": "graph neural network", "limit": 2}),
    ("proposed-in", {"entity": "AES"}),
    ("proposed-in", {"entity": "CauScale"}),
    ("proposed-in", {"entity": "Transformers"}),
    ("methods-by-track", {}),
    ("methods-by-track", {"track": "Deep Learning / Attention Mechanisms", "per_track": 3}),
    ("track-overview", {"track": "Deep Learning · Large Language Models"}),
    ("track-overview", {"track": "general machine learning causality", "limit": 2}),
    ("concept-cooccurrence", {}),
    ("concept-cooccurrence", {"min_papers": 1, "limit": 60}),
    ("concept-cooccurrence", {"entity": "Transformers", "min_papers": 1}),
    ("coauthor-graph", {"limit": 100}),
    ("communities", {}),
    ("communities", {"min_size": 2, "limit": 60, "show": 3}),
    ("communities", {"name": "Zhangyang Wang"}),
    ("communities", {"resolution": 0.5, "seed": 7}),
    ("central-authors", {}),
    ("central-authors", {"measure": "weighted", "limit": 40}),
    ("central-authors", {"measure": "betweenness"}),
    ("central-authors", {"measure": "betweenness", "samples": 50, "seed": 1}),
    ("top-institutions", {}),
    ("top-institutions", {"entity": "", "track": "VENUE 2023", "limit": 2}),
    ("top-institutions", {"entity": "Transformers"}),
    ("institution-collaborations", {}),
    ("institution-collaborations", {"min_papers": 1, "limit": 3}),
    ("institution-collaborations", {"institution": "Stanford University", "min_papers": 1}),
    ("trends", {}),
    ("trends", {"entity": "Gaussian process"}),
    ("trends", {"entity": "LSTM", "from": 2012, "to": 2017}),
    ("trends", {"type": "dataset", "min_papers": 1, "limit": 2}),
    ("trends", {"type": "benchmark", "min_papers": 1, "from": 2015}),
]


@pytest.fixture(scope="module")
def stores(
    neo4j_server: Any,
    sample_records: list[ExtractedPaper],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[GraphStore, GraphStore]]:
    """Both stores hold the sample and the identity fixture (ids, homonyms, institutions)."""
    from kg.store.neo4j import Neo4jStore

    identity = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    identity += extract_papers(read_sources([YEARS_FIXTURE]).papers)
    graph = build_graph([*sample_records, *identity])
    embedded = NetworkXStore(tmp_path_factory.mktemp("kg"))
    embedded.write(graph, fresh=True)
    neo4j = Neo4jStore.connect(neo4j_server.settings(tmp_path_factory.mktemp("unused")))
    neo4j.write(graph, fresh=True)
    try:
        yield embedded, neo4j
    finally:
        neo4j.close()


def test_the_cases_cover_every_named_query() -> None:
    assert {name for name, _ in CASES} == {spec.name for spec in list_queries()}


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
