"""Parity of the named queries on a graph made to tie: the two stores agree only if every ORDER BY
and its twin break ties the same way. (Its own module: it replaces the graph in Neo4j.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from golden import TIED_CASES, UPDATE, answer, case_id, load_answers, save_answers, tied_graph

from kg.queries import run_query
from kg.store.networkx import NetworkXStore

pytestmark = pytest.mark.neo4j


def test_both_stores_agree_where_everything_ties(neo4j_server: Any, tmp_path: Path) -> None:
    from kg.store.neo4j import Neo4jStore

    graph = tied_graph()
    embedded = NetworkXStore(tmp_path / "kg")
    embedded.write(graph, fresh=True)
    neo4j = Neo4jStore.connect(neo4j_server.settings(tmp_path / "unused"))
    try:
        neo4j.write(graph, fresh=True)
        empty = 0
        answers = {}
        for name, params in TIED_CASES:
            mine = run_query(embedded, name, params)
            theirs = run_query(neo4j, name, params)
            assert mine.rows == theirs.rows, (name, params)
            empty += not mine.rows
            answers[case_id(name, params)] = answer(theirs)
        assert empty <= 3
        if UPDATE:
            save_answers("tied", answers)
        assert answers == load_answers("tied"), "run with KG_UPDATE_GOLDEN=1 to record them anew"
    finally:
        neo4j.close()
