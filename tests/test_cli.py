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
    graph_file = home / "graph.kg"
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(graph_file.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0600
    built = summary(invoke("stats", "--json"))
    assert built["papers"] == 80 and built["authors"] == 405
    assert built["methods"] > 50 and built["datasets"] > 5 and built["tasks"] > 20


def test_rebuilding_twice_gives_the_same_graph(home):
    first = invoke("build", "--json")
    graph_once = (home / "graph.kg").read_bytes()
    second = invoke("build", "--json")
    assert summary(first) == summary(second)
    assert (home / "graph.kg").read_bytes() == graph_once


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
    before = (home / "graph.kg").read_bytes()
    (tmp_path / "empty.txt").write_text("")
    result = invoke("build", "--fresh", str(tmp_path / "empty.txt"))
    assert result.exit_code == 1
    assert "no papers were read" in result.stderr
    assert (home / "graph.kg").read_bytes() == before


def test_a_crash_while_saving_leaves_the_previous_graph(home, monkeypatch):
    import kg.store.networkx

    invoke("build")
    before = (home / "graph.kg").read_bytes()

    def crash(graph, fh):
        fh.write(before[: len(before) // 2])  # half a graph written, then Ctrl-C
        raise KeyboardInterrupt

    monkeypatch.setattr(kg.store.networkx, "write_graph", crash)
    result = runner.invoke(app, ["build", "--fresh"])
    assert result.exit_code == 130
    assert (home / "graph.kg").read_bytes() == before
    assert sorted(p.name for p in Path(home).iterdir()) == [".lock", "graph.kg", "viz-cache"]


def test_stats_on_an_empty_store_says_so(home):
    result = invoke("stats")
    assert result.exit_code == 1
    assert "the graph is empty — run `kg build` first" in result.stderr


def test_neo4j_backend_without_uri_is_a_config_error(home, monkeypatch):
    result = invoke("stats", "--backend", "neo4j")
    assert result.exit_code == 2
    assert "--backend neo4j needs a URI" in result.stderr


# --- the store: checked before work starts, one writer at a time ---------------------------


@pytest.fixture
def no_extraction(monkeypatch):
    """Fail the test if extraction starts: store problems must be found before it."""
    import kg.extract

    def extract_papers(*args, **kwargs):
        raise AssertionError("extraction ran before the store was checked")

    monkeypatch.setattr(kg.extract, "extract_papers", extract_papers)


def test_a_store_that_is_a_file_fails_before_extraction(home, tmp_path, no_extraction):
    (tmp_path / "afile").write_text("not a folder")
    result = invoke("build", "--store", str(tmp_path / "afile"))
    assert result.exit_code == 1
    assert f"the store {tmp_path / 'afile'} is a file, not a folder" in result.stderr


def read_only_folder(tmp_path: Path) -> Path:
    """A folder this process cannot write to (root ignores chmod; /sys is read-only for all)."""
    for folder in (tmp_path / "ro", Path("/sys")):
        if folder == tmp_path / "ro":
            folder.mkdir()
            folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
        try:
            (folder / ".kg-probe").touch()
        except OSError:
            return folder
        (folder / ".kg-probe").unlink()
    pytest.skip("no folder here refuses writes to this user")


def test_a_read_only_store_fails_before_extraction(home, tmp_path, no_extraction):
    folder = read_only_folder(tmp_path)
    result = invoke("build", "--store", str(folder / "kg"))
    assert result.exit_code == 1
    assert f"cannot write the store at {folder / 'kg'}" in result.stderr


def test_leftovers_of_a_killed_save_are_removed_by_the_next_build(home):
    from kg.sources import sample_paths

    home.mkdir(parents=True)
    leftover = home / ".graph-k1ll3d.tmp"
    leftover.write_text('{"half": ')
    result = invoke("build", str(sample_paths()[0]))
    assert result.exit_code == 0
    assert sorted(p.name for p in home.iterdir()) == [".lock", "graph.kg", "viz-cache"]


def hold_lock(home: Path):
    import fcntl

    home.mkdir(parents=True, exist_ok=True)
    fd = os.open(home / ".lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def test_a_build_waits_for_another_writer_then_gives_up_clearly(home, monkeypatch):
    from kg.sources import sample_paths

    first, second = sample_paths()[:2]
    assert invoke("build", str(first)).exit_code == 0
    before = (home / "graph.kg").read_bytes()
    fd = hold_lock(home)
    try:
        monkeypatch.setenv("KG_LOCK_TIMEOUT", "0.5")
        result = invoke("build", str(second))
    finally:
        os.close(fd)
    assert result.exit_code == 75
    assert f"another kg process (pid {os.getpid()}) is writing the store at {home}" in (
        result.stderr
    )
    assert "waited 0.5 s" in result.stderr
    assert (home / "graph.kg").read_bytes() == before


def test_a_build_waits_for_another_writer_and_then_adds_its_papers(home, monkeypatch):
    import threading

    from kg.sources import sample_paths

    first, second = sample_paths()[:2]
    assert invoke("build", str(first)).exit_code == 0
    fd = hold_lock(home)
    threading.Timer(1.0, os.close, args=(fd,)).start()
    monkeypatch.setenv("KG_LOCK_TIMEOUT", "60")
    result = invoke("build", "--json", str(second))
    assert result.exit_code == 0
    assert summary(result)["papers"] == 40


def test_a_lock_timeout_that_is_not_a_number_is_a_config_error(home, monkeypatch):
    monkeypatch.setenv("KG_LOCK_TIMEOUT", "soon")
    result = invoke("stats")
    assert result.exit_code == 2
    assert "KG_LOCK_TIMEOUT must be a number of seconds, not 'soon'" in result.stderr


# --- records with other field names -------------------------------------------------------


def test_map_reads_records_with_other_field_names(home, tmp_path):
    talks = [
        {"name": "Talk one", "speakers": [{"name": "Ann Lee"}, {"name": "Bo Chen"}],
         "summary": "We propose FooNet for image classification, evaluated on ImageNet."},
    ]  # fmt: skip
    path = tmp_path / "talks.json"
    path.write_text(json.dumps(talks))
    plain = invoke("sources", str(path))
    assert plain.exit_code == 1  # nothing was read
    assert f"{path}[0]: skipped: no abstract or title" in plain.stderr
    assert "its fields: name, speakers, summary" in plain.stderr
    mapped = invoke(
        "build", str(path), "--map", "title=name,authors=speakers.name", "--map", "abstract=summary"
    )
    assert mapped.exit_code == 0, mapped.stderr
    assert re.search(r"papers\s+1\b", mapped.stdout) and re.search(r"authors\s+2\b", mapped.stdout)
    extracted = invoke(
        "extract", str(path), "--map", "title=name,authors=speakers.name,abstract=summary"
    )
    record = json.loads(extracted.stdout)
    assert (record["title"], record["authors"]) == ("Talk one", ["Ann Lee", "Bo Chen"])


def test_a_file_with_no_titles_or_no_authors_is_warned_about(tmp_path):
    rows = [{"name": "T", "people": "Ann Lee", "abstract": "We study things in depth."}]
    path = tmp_path / "other.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows))
    result = invoke("sources", str(path))
    assert result.exit_code == 0
    assert f"{path}: warning: no record has a title — the records' fields are name, people, " in (
        result.stderr
    )
    assert "name yours with --map authors=FIELD" in result.stderr


def test_a_bad_map_is_a_usage_error(tmp_path):
    result = invoke("sources", "--map", "speakers")
    assert result.exit_code == 2
    assert "--map takes FIELD=THEIR_FIELD pairs" in result.stderr
    result = invoke("sources", "--map", "people=speakers")
    assert result.exit_code == 2
    assert "'people' is not a field kg reads" in result.stderr


def test_max_coauthors_reports_crowded_papers(home, tmp_path):
    rows = [{"title": "Five", "authors": ["A One", "B Two", "C Three", "D Four", "E Five"],
             "abstract": "We study things in depth."}]  # fmt: skip
    path = tmp_path / "five.json"
    path.write_text(json.dumps(rows))
    capped = invoke("build", "--json", "--max-coauthors", "4", str(path))
    assert summary(capped)["co_author_pairs"] == 0
    assert json.loads(capped.stdout)["without_coauthor_pairs"] == [f"{path}[0]"]
    assert (
        summary(invoke("build", "--json", "--max-coauthors", "5", str(path)))["co_author_pairs"]
        == 10
    )
