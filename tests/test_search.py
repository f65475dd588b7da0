"""`kg search`: find the exact name to pass to a query, through typos, case, nicknames, aliases."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import QueryError
from kg.queries import search
from kg.store.networkx import NetworkXStore


def test_an_all_caps_name_finds_the_author_first(sample_store: NetworkXStore) -> None:
    hits = search(sample_store, "KE LIANG")
    assert (hits[0].type, hits[0].name, hits[0].score) == ("author", "Ke Liang", 100.0)


def test_a_nickname_variant_finds_the_author(sample_store: NetworkXStore) -> None:
    hits = search(sample_store, "Zhangyang Atlas Wang", type="author")
    assert hits[0].name == "Zhangyang Wang"
    assert hits[0].matched == "Zhangyang “Atlas” Wang"
    assert hits[0].id == "zhangyang wang"


def test_a_typo_still_finds_the_author(sample_store: NetworkXStore) -> None:
    assert search(sample_store, "Fazl Bares", type="author")[0].name == "Fazl Barez"


def test_type_restricts_the_hits(sample_store: NetworkXStore) -> None:
    hits = search(sample_store, "transformer", type="method", limit=5)
    assert hits and {h.type for h in hits} == {"method"}
    assert hits[0].name == "Transformer"
    assert len(search(sample_store, "transformer", limit=3)) == 3


def test_an_alias_finds_its_entity(sample_store: NetworkXStore) -> None:
    hits = search(sample_store, "BNNs", type="method", limit=3)
    assert hits[0].name == "Bayesian Neural Networks" and hits[0].matched == "BNNs"


def test_bad_input_is_refused(sample_store: NetworkXStore) -> None:
    with pytest.raises(QueryError, match="unknown type 'person'"):
        search(sample_store, "x", type="person")
    with pytest.raises(QueryError, match="needs some text"):
        search(sample_store, " -- ")


def test_kg_search_prints_names_and_what_matched(sample_store: NetworkXStore) -> None:
    where = ["--backend", "networkx", "--store", str(sample_store.directory)]
    runner = CliRunner()
    result = runner.invoke(app, ["search", "Zhangyang Atlas Wang", "-t", "author", *where])
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[1]
    assert "Zhangyang Wang" in first and "Atlas" in first
    as_json = json.loads(
        runner.invoke(app, ["search", "KE LIANG", "--limit", "2", "-f", "json", *where]).stdout
    )
    assert as_json[0]["name"] == "Ke Liang" and len(as_json) == 2
    nothing = runner.invoke(app, ["search", "zzqqxxvv", *where])
    assert nothing.exit_code == 1 and "nothing in the graph is named like" in nothing.stderr
