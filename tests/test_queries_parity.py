"""Every named query gives the same rows, in the same order, on Neo4j and on the embedded store.

Both stores hold the bundled 80-paper sample. Each case runs the Cypher file on a real Neo4j server
and the NetworkX twin on the embedded graph, and compares the full result (floats are rounded by
both to the digits the header gives). The cases cover every query with several parameter values,
including ties — most counts in the sample are 1, so the id tiebreaks decide most orders.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from kg.errors import NotFound, QueryError
from kg.graph import GraphData, build_graph
from kg.model import (
    Author,
    EntityType,
    Evidence,
    ExtractedPaper,
    Mention,
    Paper,
    Role,
    SourceRef,
    Track,
)
from kg.queries import list_queries, run_cypher, run_query
from kg.store.base import GraphStore
from kg.store.networkx import NetworkXStore

pytestmark = pytest.mark.neo4j

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
    ("experts", {"entity": "transformers"}),
    ("experts", {"entity": "Flow Matching", "limit": 3}),
    ("experts", {"entity": "causal discovery", "type": "task"}),
    ("recommend-collaborators", {"name": "Jiahui Gao"}),
    ("recommend-collaborators", {"name": "Zhangyang Wang", "concept_weight": 2.0}),
    ("recommend-collaborators", {"name": "Shenglei Fang", "concept_weight": 0.0, "limit": 10}),
    ("papers-using", {"entity": "transformers"}),
    ("papers-using", {"entity": "causal discovery", "type": "task"}),
    ("papers-using", {"entity": "graph neural network", "limit": 2}),
    ("proposed-in", {"entity": "AES"}),
    ("proposed-in", {"entity": "CauScale"}),
    ("proposed-in", {"entity": "transformers"}),
    ("methods-by-track", {}),
    ("methods-by-track", {"track": "Deep Learning / Attention Mechanisms", "per_track": 3}),
    ("track-overview", {"track": "Deep Learning · Large Language Models"}),
    ("track-overview", {"track": "general machine learning causality", "limit": 2}),
    ("concept-cooccurrence", {}),
    ("concept-cooccurrence", {"min_papers": 1, "limit": 60}),
    ("concept-cooccurrence", {"entity": "transformers", "min_papers": 1}),
    ("coauthor-graph", {"limit": 100}),
    ("communities", {}),
    ("communities", {"min_size": 2, "limit": 60, "show": 3}),
    ("communities", {"name": "Zhangyang Wang"}),
    ("communities", {"resolution": 0.5, "seed": 7}),
    ("central-authors", {}),
    ("central-authors", {"measure": "weighted", "limit": 40}),
    ("central-authors", {"measure": "betweenness"}),
    ("central-authors", {"measure": "betweenness", "samples": 50, "seed": 1}),
]


@pytest.fixture(scope="module")
def stores(
    neo4j_server: Any, sample_graph: GraphData, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[GraphStore, GraphStore]]:
    from kg.store.neo4j import Neo4jStore

    embedded = NetworkXStore(tmp_path_factory.mktemp("kg"))
    embedded.write(sample_graph, fresh=True)
    neo4j = Neo4jStore.connect(neo4j_server.settings(tmp_path_factory.mktemp("unused")))
    neo4j.write(sample_graph, fresh=True)
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
    with pytest.raises(NotFound, match="transformers"):
        run_query(store, "experts", {"entity": "Transformerz"})


def test_a_singular_finds_the_plural_entity(stores: tuple[GraphStore, GraphStore]) -> None:
    for store in stores:
        assert run_query(store, "experts", {"entity": "Transformer"}).params["entity"] == (
            "transformers"
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
    with pytest.raises(QueryError, match=r"writes \(MERGE\).*--write"):
        run_cypher(neo4j, "MERGE (n:Author {id: 'x'}) RETURN n")
    # A write the clause check does not know (a procedure): the read transaction refuses it.
    with pytest.raises(QueryError, match=r"(?i)read|not allowed"):
        run_cypher(neo4j, "CALL db.createLabel('KgProbe')")
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


def tied_graph(seed: int = 7) -> GraphData:
    """A small random graph where almost everything ties: few authors, few entities, confidences
    from three values, some years and tracks missing, and one name that is both a Method and a
    Task — so each order rests on its tiebreaks."""
    rng = random.Random(seed)
    people = [Author(id=f"author {c}", name=f"Author {c.upper()}") for c in "abcdefghijklmnop"]
    entities = [(f"thing {i}", rng.choice(list(EntityType))) for i in range(12)]
    entities += [("transformer", EntityType.METHOD), ("transformer", EntityType.TASK)]
    tracks = [Track("Area One", "Sub A"), Track("Area One", "Sub B"), Track("Area Two"), None]
    records = []
    for n in range(40):
        authors = tuple(rng.sample(people, rng.randint(1, 5)))
        mentions = [
            Mention(
                name=name,
                type=type_,
                role=rng.choice(list(Role)),
                confidence=rng.choice([0.5, 0.7, 0.9]),
                evidence=Evidence("s", 0, 1),
            )
            for name, type_ in rng.sample(entities, rng.randint(0, 5))
        ]
        paper = Paper(
            id=f"paper{n:03d}",
            abstract=f"abstract {n}",
            abstract_raw=f"abstract {n}",
            authors=authors,
            source=SourceRef("tied", record=n),
            title=None if n % 3 else f"Title {n % 7}",
            track=rng.choice(tracks),
            year=rng.choice([None, 2019, 2020, 2021]),
        )
        records.append(ExtractedPaper(paper, mentions))
    return build_graph(records)


TIED_CASES: list[tuple[str, dict[str, Any]]] = [
    ("coauthors", {"name": "Author A"}),
    ("top-collaborations", {"min_papers": 1, "limit": 200}),
    ("collaboration-path", {"source": "Author A", "target": "Author P"}),
    ("collaboration-path", {"source": "Author C", "target": "Author K"}),
    ("author-profile", {"name": "author b", "per_facet": 3}),
    ("experts", {"entity": "transformer"}),
    ("experts", {"entity": "transformer", "type": "task"}),
    ("recommend-collaborators", {"name": "Author D", "limit": 100}),
    ("papers-using", {"entity": "transformer", "limit": 100}),
    ("papers-using", {"entity": "thing 3"}),
    ("proposed-in", {"entity": "transformer"}),
    ("proposed-in", {"entity": "thing 1"}),
    ("methods-by-track", {"per_track": 50}),
    ("track-overview", {"track": "Area One · Sub A", "limit": 50}),
    ("concept-cooccurrence", {"min_papers": 1, "limit": 500}),
    ("concept-cooccurrence", {"entity": "transformer", "min_papers": 1, "limit": 500}),
    ("coauthor-graph", {}),
    ("communities", {"min_size": 1, "show": 50}),
    ("central-authors", {"limit": 50}),
    ("central-authors", {"measure": "weighted", "limit": 50}),
    ("central-authors", {"measure": "betweenness", "limit": 50, "samples": 5}),
]


def test_both_stores_agree_where_everything_ties(neo4j_server: Any, tmp_path: Path) -> None:
    from kg.store.neo4j import Neo4jStore

    graph = tied_graph()
    embedded = NetworkXStore(tmp_path / "kg")
    embedded.write(graph, fresh=True)
    neo4j = Neo4jStore.connect(neo4j_server.settings(tmp_path / "unused"))
    try:
        neo4j.write(graph, fresh=True)
        empty = 0
        for name, params in TIED_CASES:
            mine = run_query(embedded, name, params)
            theirs = run_query(neo4j, name, params)
            assert mine.rows == theirs.rows, (name, params)
            empty += not mine.rows
        assert empty <= 3
    finally:
        neo4j.close()
