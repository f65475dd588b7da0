"""The embedded store answers every named query as the real Neo4j did, without a JVM.

The answers were recorded from Neo4j 5.26 on two fixed graphs (tests/golden.py says which and how
to record them again); the parity tests check Neo4j still gives them. One test per named query,
each running all of that query's cases on both graphs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from golden import CASES, answer, case_id, load_answers, load_graph

from kg.queries import list_queries, run_query
from kg.store.networkx import NetworkXStore

QUERIES = sorted(spec.name for spec in list_queries())


@pytest.fixture(scope="module")
def golden_stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, NetworkXStore]:
    stores = {}
    for graph in CASES:
        store = NetworkXStore(tmp_path_factory.mktemp(graph))
        store.write(load_graph(graph), fresh=True)
        stores[graph] = store
    return stores


def test_golden_answers_cover_every_case_and_query() -> None:
    for graph, cases in CASES.items():
        assert set(load_answers(graph)) == {case_id(n, p) for n, p in cases}, graph
    assert {n for cases in CASES.values() for n, _ in cases} == set(QUERIES)


@pytest.mark.parametrize("query", QUERIES)
def test_golden_answers_of(query: str, golden_stores: dict[str, NetworkXStore]) -> None:
    checked = 0
    for graph, cases in CASES.items():
        recorded = load_answers(graph)
        for name, params in cases:
            if name != query:
                continue
            got = answer(run_query(golden_stores[graph], name, params))
            want: dict[str, Any] = recorded[case_id(name, params)]
            assert got == want, (graph, params)
            checked += 1
    assert checked


def test_golden_files_are_where_the_docs_say() -> None:
    golden = Path(__file__).parent / "golden"
    assert {p.name for p in golden.glob("*.json")} >= {
        "sample-graph.json",
        "answers-sample.json",
        "answers-tied.json",
    }
