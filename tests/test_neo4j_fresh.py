"""The fresh Neo4j write's pipeline of transactions (kg.store.neo4j_fresh.pipelined), without a
server: the order of results and what a failing transaction does to the ones after it."""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

import pytest

from kg.errors import StoreError
from kg.graph import GraphData, Node
from kg.store.lease import LEASE_LABEL
from kg.store.neo4j_fresh import drop_schema_queries, pipelined, write_fresh
from kg.store.neo4j_statements import schema_statements


def test_results_come_back_in_job_order_while_two_transactions_run_at_once() -> None:
    running, most = 0, 0
    lock = threading.Lock()

    def run(query: str, rows: list[list[Any]]) -> list[Any]:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.02 if rows[0][0] % 2 else 0.001)  # odd jobs finish after later even ones
        with lock:
            running -= 1
        return [query, rows[0][0]]

    jobs = [(k, f"statement {k}", [[k]]) for k in range(8)]
    out = list(pipelined(run, jobs, writers=2))

    assert [tag for tag, _, _ in out] == list(range(8))
    assert [result for _, _, result in out] == [[f"statement {k}", k] for k in range(8)]
    assert most == 2


def test_a_failing_transaction_is_raised_and_the_jobs_after_it_never_run() -> None:
    ran: list[int] = []

    def run(query: str, rows: list[list[Any]]) -> list[Any]:
        ran.append(rows[0][0])
        if rows[0][0] == 2:
            raise RuntimeError("Neo4j refused batch 2")
        return []

    with pytest.raises(RuntimeError, match="batch 2"):
        for _ in pipelined(run, ((k, "q", [[k]]) for k in range(50)), writers=2):
            pass
    assert 2 in ran
    assert max(ran) <= 2 + 3  # at most the transactions already queued behind it


def test_a_fresh_build_drops_every_index_and_constraint_but_the_lease() -> None:
    drops = drop_schema_queries(schema_statements(), keep=LEASE_LABEL)

    assert "DROP CONSTRAINT paper_id IF EXISTS" in drops
    assert "DROP INDEX paper_text IF EXISTS" in drops
    assert not any("kg_write_lock" in d for d in drops)  # taking the lease stays atomic
    assert len(drops) == len(schema_statements()) - 1


def test_a_fresh_write_leaves_the_garbage_collector_on_even_when_it_fails() -> None:
    graph = GraphData([Node("Paper", "p1", {"name": "P"})], [])

    def refuse(query: str, rows: list[list[Any]]) -> list[Any]:
        assert not gc.isenabled()  # paused while rows are built and sent
        raise StoreError("server gone")

    with pytest.raises(StoreError, match="server gone"):
        write_fresh(graph, refuse, lambda n: None, batch_size=10)
    assert gc.isenabled()
