"""`kg cypher` without --write: writing and administrative commands are refused, and statements
that only use such words as names, strings or comments are not."""

from __future__ import annotations

import pytest
from conftest import Neo4jTarget
from typer.testing import CliRunner

from kg.cli import app
from kg.queries.guard import commands

REFUSED = [
    ("MATCH (n) SET n.x = 1", ["SET"]),
    ("match (n) detach delete n", ["DETACH DELETE"]),
    ("LOAD  CSV FROM 'file:///x' AS row CREATE (:X)", ["LOAD CSV", "CREATE"]),
    ("CALL { MATCH (n) RETURN n } IN 3 CONCURRENT TRANSACTIONS", ["CALL { … } IN TRANSACTIONS"]),
    ("TERMINATE TRANSACTIONS 'neo4j-transaction-42'", ["TERMINATE TRANSACTIONS"]),
    ("SHOW TRANSACTIONS YIELD currentQuery RETURN currentQuery", ["SHOW TRANSACTIONS"]),
    ("USE system SHOW USERS", ["SHOW USERS"]),
    ("CREATE DATABASE other", ["CREATE"]),
    ("DROP ROLE reader", ["DROP ROLE"]),
    ("GRANT ROLE admin TO mallory", ["GRANT ROLE"]),
    ("CALL dbms.setConfigValue('db.logs.query.enabled', 'OFF')", ["CALL dbms.setConfigValue"]),
    ("CALL `dbms`.`setConfigValue`('a', 'b')", ["CALL dbms.setConfigValue"]),
    (
        "CALL apoc.periodic.iterate('MATCH (n) RETURN n', 'DELETE n', {})",
        ["CALL apoc.periodic.iterate"],
    ),
    ("CALL db.clearQueryCaches()", ["CALL db.clearQueryCaches"]),
    ("FOREACH (x IN [1] | CREATE (:A))", ["FOREACH"]),
    ("CALL (n) { SET n.x = 1 }", ["SET"]),
    ("MATCH (n) WHERE EXISTS { MATCH (n) SET n.x = 1 } RETURN n", ["SET"]),
    ("RETURN 1 AS x UNION ALL CREATE (n) RETURN 1 AS x", ["CREATE"]),
    ("EXPLAIN MERGE (n:X {id: 1})", ["MERGE"]),
    ("MATCH (n) WITH n ORDER BY n.x DESC REMOVE n.x", ["REMOVE"]),
    # keywords are valid names in Cypher 5, so a name must never hide the clause after it
    ("WITH 1 AS call CALL dbms.setConfigValue('a', 'b')", ["CALL dbms.setConfigValue"]),
    ("MATCH (n) WITH n AS where SET n.x = 1", ["SET"]),
    ("MATCH (n) WITH n, set SET n.x = 1", ["SET"]),
    ("MATCH (n) WHERE n.with SET n.x = 1", ["SET"]),
    ("MATCH (n) WHERE n.x IS NOT NULL CREATE (m)", ["CREATE"]),
    ("OPTIONAL CALL dbms.setConfigValue('a', 'b')", ["CALL dbms.setConfigValue"]),
]

ALLOWED = [
    "MATCH (n) RETURN n.set AS value",  # a property
    "RETURN 'x' AS set",  # an alias
    "RETURN {delete: 1, create: 2} AS m",  # map keys
    "RETURN 'DROP DATABASE neo4j; SET' AS text",  # a string
    'RETURN "TERMINATE TRANSACTIONS" AS text',
    "MATCH (n) RETURN n // DELETE n",  # comments
    "MATCH (n) /* SET n.x = 1 */ RETURN count(n) AS n",
    "WITH 1 AS set RETURN set",  # a variable named like a keyword
    "WITH 1 AS set RETURN set ORDER BY set",
    "WITH 1 AS call CALL db.labels() YIELD label RETURN call, label",
    "RETURN CASE WHEN false THEN 1 ELSE 2 END AS delete",
    "UNWIND [1, 2] AS create RETURN create * 2 AS remove",
    "MATCH (n:Paper) WHERE NOT n.title STARTS WITH 'x' RETURN count(*) AS count",
    "MATCH (n) WHERE EXISTS { MATCH (n)-[:AUTHORED]-() } RETURN count(n) AS n",
    "RETURN $create AS create",
    "CALL db.labels() YIELD label RETURN label",
    "CALL dbms.components() YIELD name RETURN name",
    "SHOW INDEXES YIELD name RETURN name",
]


@pytest.mark.parametrize(("statement", "found"), REFUSED)
def test_writing_and_admin_commands_are_found(statement: str, found: list[str]) -> None:
    assert commands(statement) == found


@pytest.mark.parametrize("statement", ALLOWED)
def test_names_strings_and_comments_are_not_commands(statement: str) -> None:
    assert commands(statement) == []


@pytest.mark.neo4j
def test_on_the_real_server_reads_run_and_commands_are_refused(
    neo4j_server: Neo4jTarget, neo4j_store: object
) -> None:
    runner = CliRunner()
    env = neo4j_server.env()
    for statement in ALLOWED:  # valid Cypher that Neo4j runs, and kg lets through
        if "$create" in statement:
            continue
        result = runner.invoke(app, ["cypher", statement, "--format", "json"], env=env)
        assert result.exit_code == 0, (statement, result.stderr)
    result = runner.invoke(app, ["cypher", "TERMINATE TRANSACTIONS 'neo4j-transaction-1'"], env=env)
    assert result.exit_code == 2
    assert "TERMINATE TRANSACTIONS" in result.stderr and "--write" in result.stderr
    assert result.stdout == ""
    # with --write it runs (the server answers that no such transaction exists)
    result = runner.invoke(
        app, ["cypher", "TERMINATE TRANSACTIONS 'neo4j-transaction-1'", "--write"], env=env
    )
    assert result.exit_code == 0, result.stderr
    assert "not found" in result.stdout.lower()
