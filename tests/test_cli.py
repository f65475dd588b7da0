"""The commands a new user types first: sources, build, stats — exit codes and what they print."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app

runner = CliRunner()


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("KG_HOME", str(tmp_path / "store"))
    return tmp_path / "store"


def invoke(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_help_lists_commands():
    result = invoke("--help")
    assert result.exit_code == 0
    for command in ("sources", "build", "stats"):
        assert command in result.output


def test_sources_on_the_sample_counts_80_papers():
    result = invoke("sources", "--json")
    payload = json.loads(result.stdout)
    assert result.exit_code == 0
    assert payload["total"] == {"files": 4, "papers": 80, "skipped": 0}
    assert {f["format"] for f in payload["files"]} == {"listing"}


def test_sources_table_and_skip_messages(tmp_path):
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "ok.jsonl").write_text(
        json.dumps({"title": "A", "authors": ["Ann Lee"], "abstract": "Some text."}) + "\n{bad\n"
    )
    result = invoke("sources", str(tmp_path))
    assert result.exit_code == 0
    assert re.search(r"total\s+1\s+2\s+0", result.stdout)
    assert f"{tmp_path / 'empty.txt'}: skipped: empty file" in result.stderr
    assert f"{tmp_path / 'ok.jsonl'}:2: skipped: invalid JSON" in result.stderr


def test_sources_fails_when_nothing_is_read(tmp_path):
    (tmp_path / "empty.txt").write_text("")
    result = invoke("sources", str(tmp_path / "empty.txt"))
    assert result.exit_code == 1
    assert "no papers were read" in result.stderr


def test_sources_strict_fails_on_a_skipped_record(tmp_path):
    (tmp_path / "p.jsonl").write_text(
        json.dumps({"title": "A", "abstract": "Some text."}) + "\n{bad\n"
    )
    assert invoke("sources", str(tmp_path)).exit_code == 0
    result = invoke("sources", "--strict", str(tmp_path))
    assert result.exit_code == 1
    assert "p.jsonl:2" in result.stderr


def test_missing_path_is_a_clear_error(tmp_path):
    result = invoke("sources", str(tmp_path / "nope"))
    assert result.exit_code == 1
    assert f"{tmp_path / 'nope'}: no such file or folder" in result.stderr


def summary(result) -> dict[str, int]:
    return json.loads(result.stdout)["summary"]


def test_build_sample_prints_summary_and_stats_agree(home):
    result = invoke("build")
    assert result.exit_code == 0, result.output
    assert "Built the graph from 80 papers in 4 files → networkx" in result.stdout
    assert re.search(r"papers\s+80\n", result.stdout)
    assert "skipped 0 input records" in result.stdout
    graph_file = home / "graph.json"
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(graph_file.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0600
    built = summary(invoke("stats", "--json"))
    assert built["papers"] == 80 and built["authors"] == 405
    assert built["methods"] > 50 and built["datasets"] > 5 and built["tasks"] > 20


def test_rebuilding_twice_gives_the_same_graph(home):
    first = invoke("build", "--json")
    graph_once = (home / "graph.json").read_bytes()
    second = invoke("build", "--json")
    assert summary(first) == summary(second)
    assert (home / "graph.json").read_bytes() == graph_once


def test_adding_a_listing_grows_the_graph_and_fresh_rebuilds(home, tmp_path):
    from kg.sources import sample_paths

    first, *rest = sample_paths()
    one = summary(invoke("build", "--json", str(first)))
    assert one["papers"] == 20
    grown = summary(invoke("build", "--json", *map(str, rest)))
    at_once = summary(invoke("build", "--json", "--fresh"))
    # Entities are canonicalized across the papers of one build (an abbreviation in one listing
    # merges with its long form in another only when both are read together), so only the
    # bibliographic part must match exactly.
    for key in ("papers", "authors", "co_author_pairs", "tracks", "areas"):
        assert grown[key] == at_once[key], key
    assert abs(grown["methods"] - at_once["methods"]) <= 0.05 * at_once["methods"]
    assert summary(invoke("build", "--json", "--fresh", str(first))) == one


def test_build_reports_skipped_inputs(home, tmp_path):
    from kg.sources import sample_paths

    (tmp_path / "empty.txt").write_text("")
    result = invoke("build", str(sample_paths()[0]), str(tmp_path / "empty.txt"))
    assert result.exit_code == 0
    assert re.search(r"1\s+empty file", result.stdout)


def test_build_with_nothing_readable_fails_and_keeps_the_old_graph(home, tmp_path):
    invoke("build")
    before = (home / "graph.json").read_bytes()
    (tmp_path / "empty.txt").write_text("")
    result = invoke("build", "--fresh", str(tmp_path / "empty.txt"))
    assert result.exit_code == 1
    assert "no papers were read" in result.stderr
    assert (home / "graph.json").read_bytes() == before


def test_a_crash_while_saving_leaves_the_previous_graph(home, monkeypatch):
    import json as json_module

    invoke("build")
    before = (home / "graph.json").read_bytes()

    def crash(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(json_module, "dump", crash)
    result = runner.invoke(app, ["build", "--fresh"])
    assert result.exit_code == 130
    assert (home / "graph.json").read_bytes() == before
    assert [p.name for p in Path(home).iterdir()] == ["graph.json"]


def test_stats_on_an_empty_store_says_so(home):
    result = invoke("stats")
    assert result.exit_code == 1
    assert "the graph is empty — run `kg build` first" in result.stderr


def test_neo4j_backend_without_uri_is_a_config_error(home, monkeypatch):
    result = invoke("stats", "--backend", "neo4j")
    assert result.exit_code == 2
    assert "--backend neo4j needs a URI" in result.stderr
