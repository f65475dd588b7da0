"""Hostile input: random bytes, cut-off files, deep nesting, huge fields, mixed encodings, control
characters, crowded papers and concurrent builds. Whatever comes in, the good records load, the bad
ones are counted and named, and the store stays consistent."""

from __future__ import annotations

import json
import multiprocessing
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from conftest import comparable, expected_coauthors, expected_counts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import StoreBusy
from kg.extract import extract_papers, pieces
from kg.graph import GraphData, build_graph
from kg.model import EXTRACT_PIECE_CHARS, ExtractedPaper, SourceRef
from kg.pipeline import write_records
from kg.sources import read_sources, sample_paths
from kg.sources.base import make_paper
from kg.store.networkx import NetworkXStore

ABSTRACT = (
    "We study how graph neural networks generalize to larger graphs than those seen in "
    "training. We propose a simple readout that provably extrapolates, and we evaluate it on "
    "three molecular property benchmarks, where it improves accuracy by five points."
)
GOOD = {"title": "A good paper", "authors": ["Ann Lee", "Bo Chen"], "abstract": ABSTRACT}
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
runner = CliRunner()


def folder_with(tmp_path: Path, name: str, content: bytes) -> Path:
    """A fresh folder holding one good JSON file and ``name`` with ``content``."""
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    (folder / "good.json").write_text(json.dumps([GOOD]), encoding="utf-8")
    (folder / name).write_bytes(content)
    return folder


def assert_consistent(batch) -> None:
    """Each file's report counts exactly the papers read from it, and every skip has a reason."""
    for report in batch.reports:
        assert report.papers == sum(1 for p in batch.papers if p.source.file == report.path)
        assert all(i.reason for i in report.issues)
    assert batch.skipped == sum(batch.skip_reasons().values())


# --- readers -------------------------------------------------------------------------------


@FUZZ
@given(
    data=st.binary(max_size=3000),
    ext=st.sampled_from([".txt", ".md", ".json", ".jsonl", ".csv", ".tsv", ".dat"]),
)
def test_random_bytes_never_stop_a_run(tmp_path: Path, data: bytes, ext: str) -> None:
    batch = read_sources([folder_with(tmp_path, f"noise{ext}", data)])
    assert "A good paper" in [p.title for p in batch.papers]
    assert len(batch.reports) == 2
    assert_consistent(batch)


def _listing(n: int) -> str:
    blocks = [
        f"Theory · Optimization\n\nAnn Lee, Author {i}\n\n{ABSTRACT} Variant {i}." for i in range(n)
    ]
    return "论文检索\n\n" + "\n\n".join(blocks) + "\n"


def _jsonl(n: int) -> str:
    return "".join(json.dumps({**GOOD, "title": f"Paper {i}"}) + "\n" for i in range(n))


def _csv(n: int) -> str:
    rows = "".join(f'Paper {i},"Ann Lee; Bo Chen","{ABSTRACT}"\n' for i in range(n))
    return "title,authors,abstract\n" + rows


@FUZZ
@given(kind=st.sampled_from(["txt", "jsonl", "json", "csv"]), cut=st.floats(0, 1))
def test_a_file_cut_off_anywhere_keeps_its_complete_records(
    tmp_path: Path, kind: str, cut: float
) -> None:
    n = 6
    text = {
        "txt": _listing(n),
        "jsonl": _jsonl(n),
        "json": json.dumps([{**GOOD, "title": f"Paper {i}"} for i in range(n)]),
        "csv": _csv(n),
    }[kind]
    data = text.encode("utf-8")[: int(len(text.encode("utf-8")) * cut)]
    folder = folder_with(tmp_path, f"cut.{kind}", data)
    batch = read_sources([folder])
    assert_consistent(batch)
    got = len(batch.papers) - 1  # the good file's paper
    if kind == "json":  # an array cut anywhere is not JSON: the file is one reported skip
        assert got in (0, n) and (got == n or batch.skipped == 1)
        return
    # every record written out in full before the cut is read; the cut one may be, shortened
    whole = data.decode("utf-8", errors="ignore")
    complete = {
        "txt": whole.count("Variant") - (0 if whole.rstrip().endswith(".") else 1),
        "jsonl": whole.count("\n"),
        "csv": max(0, whole.count("\n") - 1),
    }[kind]
    assert max(complete, 0) <= got <= n


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    noise=st.binary(max_size=2000),
    cut=st.floats(0, 1),
    names=st.lists(st.text(min_size=1, max_size=30), min_size=1, max_size=6),
)
def test_whatever_was_read_is_what_the_store_holds(
    tmp_path: Path, noise: bytes, cut: float, names: list[str]
) -> None:
    """Random bytes, a cut-off listing and arbitrary author names: the store holds exactly the
    papers that were read, and reads back the same after a reload."""
    folder = folder_with(tmp_path, "noise.txt", noise)
    listing = _listing(5).encode("utf-8")
    (folder / "cut.txt").write_bytes(listing[: int(len(listing) * cut)])
    (folder / "names.json").write_text(json.dumps([{**GOOD, "title": "N", "authors": names}]))
    batch = read_sources([folder])
    assert_consistent(batch)
    graph = build_graph([ExtractedPaper(p) for p in batch.papers])
    directory = Path(tempfile.mkdtemp(dir=tmp_path))
    NetworkXStore(directory).write(graph)
    NetworkXStore(directory).write(graph)  # rebuilding changes nothing
    reloaded = NetworkXStore(directory)
    assert reloaded.counts() == expected_counts(graph)
    assert reloaded.counts().node("Paper") == len(batch.papers)
    assert reloaded.coauthor_weights() == expected_coauthors(graph)


def test_deep_nesting_is_a_reported_skip_and_the_good_files_load(tmp_path: Path) -> None:
    deep = b"[" * 200_000 + b"]" * 200_000
    folder = folder_with(tmp_path, "deep.json", deep)
    (folder / "deep.jsonl").write_bytes(
        json.dumps(GOOD).encode()
        + b"\n"
        + deep
        + b"\n"
        + json.dumps({**GOOD, "title": "Z"}).encode()
    )
    batch = read_sources([folder])
    assert sorted(p.title for p in batch.papers) == ["A good paper", "Z"]  # Z: same abstract, 3rd
    issues = {(Path(i.where.file).name, i.where.line, i.reason) for i in batch.issues}
    assert ("deep.json", None, "invalid JSON") in issues
    assert ("deep.jsonl", 2, "invalid JSON") in issues
    assert "nested deeper" in next(i.detail for i in batch.issues if i.reason == "invalid JSON")


def test_the_deep_file_folder_builds_and_reports_the_skip(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    folder = folder_with(tmp_path, "deep.json", b"[" * 200_000 + b"]" * 200_000)
    result = runner.invoke(app, ["build", str(folder), "--store", str(tmp_path / "kg")])
    assert result.exit_code == 0
    assert "Built the graph from 1 papers in 2 files" in result.stdout
    assert "1  invalid JSON" in result.stdout
    assert f"{folder / 'deep.json'}: skipped: invalid JSON" in result.stderr


@pytest.mark.parametrize(
    "record",
    [
        '{"title": "T", "year": 1' + "0" * 5000 + "}",  # more digits than Python makes an int of
        json.dumps({"title": "T", "authors": [[[["Ann Lee"]]]], "abstract": ABSTRACT}),
        json.dumps({"title": "T", "abstract": ABSTRACT, "track": {"a": 1}, "venue": 3, "url": 0}),
        json.dumps({"title": "T", "authors": [{"name": "Ann Lee"}, None, 7], "year": "MMXX"}),
    ],
)
def test_odd_values_do_not_cost_the_other_records(tmp_path: Path, record: str) -> None:
    for name, content in (
        ("odd.json", "[" + json.dumps(GOOD) + "," + record + "]"),
        ("odd.jsonl", json.dumps(GOOD) + "\n" + record + "\n"),
    ):
        batch = read_sources([folder_with(tmp_path, name, content.encode())])
        assert_consistent(batch)
        assert "A good paper" in [p.title for p in batch.papers]
        assert len(batch.papers) + batch.skipped >= 2


def test_a_record_that_breaks_the_reader_is_skipped_alone(tmp_path: Path, monkeypatch) -> None:
    import kg.sources.records as records

    real = records.make_paper

    def fragile(**kwargs):
        if kwargs["title"] == "Boom":
            raise ValueError("an input no one foresaw")
        return real(**kwargs)

    monkeypatch.setattr(records, "make_paper", fragile)
    rows = [GOOD, {**GOOD, "title": "Boom"}, {**GOOD, "title": "After"}]
    batch = read_sources([folder_with(tmp_path, "p.json", json.dumps(rows).encode())])
    assert sorted(p.title for p in batch.papers) == ["A good paper", "After"]
    (issue,) = [i for i in batch.issues if i.reason == "unreadable record"]
    assert issue.where.record == 1 and "ValueError: an input no one foresaw" in issue.detail


HUGE = 2_300_000


def test_huge_fields_are_read_whole_and_the_long_abstract_is_reported(tmp_path: Path) -> None:
    long_abstract = (ABSTRACT + " ") * (HUGE // len(ABSTRACT))
    record = {"title": "T" * 100_000, "authors": "“" * 50_000 + "x", "abstract": long_abstract}
    header = "title,authors,abstract\n"
    csv_row = f'"{record["title"]}","Ann Lee","{long_abstract}"\n'
    folder = folder_with(tmp_path, "huge.json", json.dumps([record]).encode())
    (folder / "huge.csv").write_text(header + csv_row, encoding="utf-8")
    (folder / "huge.txt").write_text("论文检索\n\nAnn Lee, Bo Chen\n\n" + long_abstract + "\n")
    batch = read_sources([folder])
    assert_consistent(batch)
    assert batch.skipped == 0
    long = [p for p in batch.papers if len(p.abstract) > EXTRACT_PIECE_CHARS]
    assert len(long) == 3 and all(len(p.abstract) > 2_000_000 for p in long)
    warned = [i for i in batch.issues if i.reason == "very long abstract"]
    assert sorted(Path(i.where.file).name for i in warned) == ["huge.csv", "huge.json", "huge.txt"]
    assert "stored whole, and extracted in about 116 pieces" in warned[0].detail


def test_mixed_encodings_are_read_and_reported(tmp_path: Path) -> None:
    utf8 = json.dumps({**GOOD, "title": "Zoë García"}, ensure_ascii=False).encode("utf-8")
    cp1252 = json.dumps({**GOOD, "title": "José Núñez"}, ensure_ascii=False).encode("cp1252")
    folder = folder_with(tmp_path, "mixed.jsonl", utf8 + b"\n" + cp1252 + b"\n")
    (folder / "wide.json").write_bytes(json.dumps([{**GOOD, "title": "Ünïcode"}]).encode("utf-16"))
    (folder / "bom.json").write_bytes(
        b"\xef\xbb\xbf" + json.dumps([{**GOOD, "title": "B"}]).encode()
    )
    (folder / "odd.json").write_bytes(
        b"\xff\xfe" + json.dumps([GOOD]).encode("utf-16-le") + b"\x00"
    )
    batch = read_sources([folder])
    assert_consistent(batch)
    titles = {p.title for p in batch.papers}
    assert {"Zoë García", "José Núñez", "Ünïcode", "B"} <= titles
    reasons = {(Path(i.where.file).name, i.reason, i.skipped) for i in batch.issues}
    assert ("mixed.jsonl", "not UTF-8", False) in reasons
    assert ("odd.json", "not UTF-16", False) in reasons


CONTROL = "Ann\x1b[2J\x1b]8;;http://x\x07Lee\u202e\x00\x9b31m"


def test_control_characters_are_kept_in_data_and_escaped_on_the_terminal(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("KG_HOME", str(tmp_path / "kg"))
    rows = [{"title": f"Title {CONTROL}", "authors": [CONTROL, "Bo Chen"], "abstract": ABSTRACT}]
    path = tmp_path / f"evil{CONTROL[:5]}.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    built = runner.invoke(app, ["build", str(path)])
    assert built.exit_code == 0, built.stderr
    store = NetworkXStore(tmp_path / "kg")
    names = {d["name"] for _, d in store.graph.nodes(data=True) if d["label"] == "Author"}
    assert any("\x1b[2J" in n for n in names)  # the data is what the file said
    table = runner.invoke(app, ["search", "Bo Chen", "--type", "author"])
    coauthors = runner.invoke(app, ["query", "coauthors", "--param", "name=Bo Chen"])
    listed = runner.invoke(app, ["sources", str(path)])
    for result in (built, table, coauthors, listed):
        shown = result.stdout + result.stderr
        assert not any(c in shown for c in "\x1b\x07\x00\x9b\u202e"), shown
    assert "\\x1b[2J" in coauthors.stdout and "\\u202e" in coauthors.stdout
    as_json = runner.invoke(app, ["query", "coauthors", "--param", "name=Bo Chen", "-f", "json"])
    (row,) = json.loads(as_json.stdout)
    assert "\x1b[2J" in row["coauthor"]  # JSON output is exact


def test_markup_in_names_and_paths_is_text(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sources", str(tmp_path / "nope[/]x[bold]")])
    assert result.exit_code == 1
    assert "nope[/]x[bold]: no such file or folder" in result.stderr
    result = runner.invoke(app, ["query", "coauthors", "--param", "[/]x"])
    assert result.exit_code == 2
    assert "--param takes key=value (got '[/]x')" in result.stderr


# --- long abstracts -------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("ab .!?\n"), max_size=400), limit=st.integers(5, 60))
def test_pieces_cover_the_text_in_order_within_the_limit(text: str, limit: int) -> None:
    parts = list(pieces(text, limit))
    for offset, piece in parts:
        assert len(piece) <= limit
        assert text[offset : offset + len(piece)] == piece
    assert "".join(text.split()) == "".join("".join(p.split()) for _, p in parts)
    assert [o for o, _ in parts] == sorted(o for o, _ in parts)


def test_a_long_abstract_is_extracted_in_pieces_with_true_offsets() -> None:
    papers = read_sources().papers
    alone = extract_papers(papers)
    # every sample abstract, one after another: far over one piece
    text = " ".join(p.abstract for p in papers)
    assert len(text) > 4 * EXTRACT_PIECE_CHARS
    long = make_paper(abstract=text, authors=["Ann Lee"], source=SourceRef("long.txt"))
    (together,) = extract_papers([long])
    for m in together.mentions:
        assert m.evidence.sentence.find(text[m.evidence.start : m.evidence.end]) >= 0
    found = {(m.name.casefold(), m.evidence.start) for m in together.mentions}
    last = len(text) - len(papers[-1].abstract)  # where the last abstract starts
    proposed = [m for m in alone[-1].mentions if m.role.value == "proposed"]
    assert proposed, "the last sample abstract proposes something"
    for m in proposed:
        assert (m.name.casefold(), last + m.evidence.start) in found


def test_a_run_on_text_gets_short_evidence() -> None:
    text = " ".join(["We evaluate on ImageNet and CIFAR-10 with ResNet-50 models"] * 100)
    paper = make_paper(abstract=text, authors=["Ann Lee"], source=SourceRef("x"))
    (ep,) = extract_papers([paper])
    assert ep.mentions
    assert max(len(m.evidence.sentence) for m in ep.mentions) <= 1002


@pytest.mark.slow
def test_a_2_3_mb_abstract_builds(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    text = " ".join(p.abstract for p in read_sources().papers)
    huge = (text + " ") * (HUGE // len(text) + 1)
    path = tmp_path / "huge.jsonl"
    path.write_text(json.dumps({**GOOD, "abstract": huge}) + "\n" + json.dumps(GOOD) + "\n")
    result = runner.invoke(app, ["build", str(path), "--store", str(tmp_path / "kg"), "--json"])
    assert result.exit_code == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["papers_read"] == 2 and summary["summary"]["papers"] == 2
    assert summary["summary"]["methods"] > 20  # the text's entities, found all along it
    assert "very long abstract" in result.stderr


# --- crowded papers -------------------------------------------------------------------------


def test_a_10000_author_record_builds_with_authored_links_and_no_pairs(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.delenv("NEO4J_URI", raising=False)
    crowd = [f"Person {i:05d}" for i in range(10_000)]
    records = [{**GOOD, "authors": crowd}, {**GOOD, "title": "Small", "abstract": ABSTRACT + "!"}]
    path = tmp_path / "crowd.json"
    path.write_text(json.dumps(records))
    result = runner.invoke(app, ["build", str(path), "--store", str(tmp_path / "kg")])
    assert result.exit_code == 0, result.stderr
    assert "1 paper(s) with more than 100 authors" in result.stdout
    assert f"{path}[0]: 10,000 authors" in result.stdout
    counts = NetworkXStore(tmp_path / "kg").counts()
    assert counts.node("Author") == 10_002
    assert counts.rel("AUTHORED") == 10_002
    assert counts.rel("COAUTHOR") == 1  # Ann Lee — Bo Chen of the small paper only


# --- concurrent builds ----------------------------------------------------------------------
#
# A build extracts unlocked, then holds the store's write lock from reading the stored author
# positions to its write (kg.pipeline.write_records). So builds run at once end with every
# paper and with the people of one build of all of them: no author position lost or doubled.

IDENTITY_FIXTURE = Path(__file__).parent / "fixtures" / "venue2023.json"


def _builds(sample_records: list[ExtractedPaper], n: int) -> list[list[ExtractedPaper]]:
    """n disjoint builds whose people overlap: the sample's papers dealt out, and the identity
    fixture's, whose "Michael Jordan" and "Y. Liu" join people of another build's papers."""
    venue = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    return [[*venue[i::n], *sample_records[i::n]] for i in range(n)]


def _one_build(records: list[ExtractedPaper], directory: Path) -> nx.MultiDiGraph:
    whole = NetworkXStore(directory)
    write_records(records, whole)
    return whole.to_networkx()


def _people(g: nx.MultiDiGraph) -> tuple[dict, list[str], dict]:
    """A graph's people (Author and Institution nodes, AUTHORED, AFFILIATED_WITH and COAUTHOR)
    and its papers' ids: what `kg build` of the sample in parts shares with one build of all of
    it (entities may differ: extraction looks at the papers of one run)."""
    nodes, edges = comparable(g)
    return (
        {k: d for k, d in nodes.items() if d["label"] in ("Author", "Institution")},
        sorted(k for k, d in nodes.items() if d["label"] == "Paper"),
        {k: d for k, d in edges.items() if k[2] in ("AUTHORED", "AFFILIATED_WITH", "COAUTHOR")},
    )


def _write_part(directory: str, part: list[ExtractedPaper], start) -> None:
    start.wait()
    write_records(part, NetworkXStore(Path(directory)))


def test_builds_at_once_into_one_embedded_store_give_the_graph_of_one_build(
    tmp_path: Path, sample_records: list[ExtractedPaper]
) -> None:
    parts = _builds(sample_records, 4)
    expected = comparable(_one_build([r for part in parts for r in part], tmp_path / "whole"))
    context = multiprocessing.get_context("fork")
    for _ in range(3):
        directory = Path(tempfile.mkdtemp(dir=tmp_path))
        start = context.Barrier(len(parts))
        workers = [
            context.Process(target=_write_part, args=(str(directory), part, start))
            for part in parts
        ]
        for w in workers:
            w.start()
        for w in workers:
            w.join(120)
        assert [w.exitcode for w in workers] == [0] * len(parts)
        assert comparable(NetworkXStore(directory).to_networkx()) == expected


def test_a_write_whose_people_were_read_before_another_build_wrote_is_refused(
    tmp_path: Path, sample_records: list[ExtractedPaper]
) -> None:
    """Outside write_records' lock: the stale author layer would drop the other's authors."""
    from kg.pipeline import resolve_people

    first, second = _builds(sample_records, 2)
    late = NetworkXStore(tmp_path)
    people, known = resolve_people([r.paper for r in second], late)  # reads an empty store
    write_records(first, NetworkXStore(tmp_path))  # another process writes meanwhile
    before = (tmp_path / "graph.kg").read_bytes()
    with pytest.raises(StoreBusy, match="after this one read who is who; nothing was written"):
        late.write(build_graph(second, people=people, known=known))
    assert (tmp_path / "graph.kg").read_bytes() == before


@pytest.mark.slow
def test_two_kg_builds_at_once_into_one_embedded_store(
    tmp_path: Path, sample_records: list[ExtractedPaper]
) -> None:
    import os
    import subprocess
    import sys

    a, b, c, d = sample_paths()
    env = {**os.environ, "KG_HOME": str(tmp_path / "kg")}
    env.pop("NEO4J_URI", None)
    cmd = [sys.executable, "-m", "kg", "build"]
    procs = [
        subprocess.Popen([*cmd, str(x), str(y)], env=env, stderr=subprocess.PIPE, text=True)
        for x, y in ((a, b), (c, d))
    ]
    errors = [p.communicate(timeout=600)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errors
    expected = _people(_one_build(sample_records, tmp_path / "whole"))
    assert _people(NetworkXStore(tmp_path / "kg").to_networkx()) == expected


def _overlapping_graphs(writers: int) -> list[GraphData]:
    """Disjoint papers, each by 8 of the same 30 people: every writer recomputes most pairs."""
    people = [f"Author {chr(65 + i)}{chr(65 + j)}" for i in range(6) for j in range(5)]
    graphs = []
    for w in range(writers):
        papers = [
            make_paper(
                abstract=f"Paper {w}-{k} studies things.",
                authors=[people[(w * 7 + k * 3 + j) % 30] for j in range(8)],
                source=SourceRef(f"writer{w}.txt", line=k),
            )
            for k in range(10)
        ]
        graphs.append(build_graph([ExtractedPaper(p) for p in papers]))
    return graphs


def _at_once_on_neo4j(neo4j_server, work: Callable[[Any, Any], None], items: list) -> None:
    """``work(store, item)`` for each item, each in a thread with its own connection, started
    together; fails with the first error any of them raised."""
    import threading

    from kg.store.neo4j import Neo4jStore

    start = threading.Barrier(len(items))
    errors: list[BaseException] = []

    def run(item: Any) -> None:
        store = Neo4jStore.connect(neo4j_server.settings(Path("unused")))
        try:
            start.wait()
            work(store, item)
        except BaseException as exc:  # reported below, with the others
            errors.append(exc)
        finally:
            store.close()

    threads = [threading.Thread(target=run, args=(item,)) for item in items]
    for t in threads:
        t.start()
    for t in threads:
        t.join(300)
    assert errors == []


@pytest.mark.neo4j
def test_overlapping_coauthor_recomputes_in_neo4j_never_duplicate_a_pair(neo4j_server, neo4j_store):
    """kg's writes take turns (the write lease); should two recomputes of one author still
    overlap (a lease that lapsed), each pair is stored once: the recompute locks its authors."""
    graphs = _overlapping_graphs(4)
    whole = GraphData([n for g in graphs for n in g.nodes], [r for g in graphs for r in g.rels])
    for g in graphs:  # nodes and AUTHORED in place: the writers below race on COAUTHOR alone
        neo4j_store.write(g)
    neo4j_store.run("MATCH ()-[r:COAUTHOR]->() DELETE r", write=True)

    def recompute(store, graph: GraphData) -> None:
        papers = sorted({r.end[1] for r in graph.rels if r.type == "AUTHORED"})
        store._recompute_coauthors(papers)

    for _ in range(3):
        _at_once_on_neo4j(neo4j_server, recompute, graphs)
    (row,) = neo4j_store.run("MATCH ()-[r:COAUTHOR]->() RETURN count(r) AS n")
    expected = expected_coauthors(whole)
    assert row["n"] == len(expected)  # one relationship per pair
    assert neo4j_store.coauthor_weights() == expected


@pytest.mark.neo4j
def test_builds_at_once_into_one_neo4j_give_the_graph_of_one_build(
    neo4j_server, neo4j_store, tmp_path: Path, sample_records: list[ExtractedPaper]
) -> None:
    parts = _builds(sample_records, 3)
    expected = comparable(_one_build([r for part in parts for r in part], tmp_path / "whole"))
    _at_once_on_neo4j(neo4j_server, lambda store, part: write_records(part, store), parts)
    assert comparable(neo4j_store.to_networkx()) == expected


@pytest.mark.neo4j
def test_a_neo4j_build_waits_for_the_write_lease_then_gives_up_clearly(neo4j_server, neo4j_store):
    import os

    from kg.store.neo4j import Neo4jStore

    settings = neo4j_server.settings(Path("unused"))
    other = Neo4jStore.connect(settings)
    other.lock_timeout = 0.5
    try:
        with neo4j_store.locked(), pytest.raises(StoreBusy) as busy:
            other.write(_overlapping_graphs(1)[0])
        assert f"another kg process (pid {os.getpid()} on " in str(busy.value)
        assert "waited 0.5 s" in str(busy.value)
        assert neo4j_store.counts().node("Paper") == 0
        with other.locked():  # released: the next taker gets it at once
            pass
    finally:
        other.close()


def _leave_lease(store, *, host: str, pid: int, seconds: int) -> None:
    """A lease as a build that died left it: its holder, and an expiry ``seconds`` from now."""
    store.apply_schema()
    store.run(
        "MERGE (l:KgWriteLock {id: 'write'}) SET l.token = 'gone', l.host = $host, "
        "l.pid = $pid, l.expires = timestamp() + $ms",
        {"host": host, "pid": pid, "ms": seconds * 1000},
        write=True,
    )


@pytest.mark.neo4j
def test_the_lease_of_a_killed_build_lapses(neo4j_store):
    _leave_lease(neo4j_store, host="elsewhere", pid=1, seconds=-1)
    neo4j_store.lock_timeout = 0.5
    neo4j_store.write(_overlapping_graphs(1)[0])
    assert neo4j_store.counts().node("Paper") == 10


@pytest.mark.neo4j
def test_the_lease_of_a_build_that_died_on_this_machine_is_taken_at_once(neo4j_store):
    import socket
    import subprocess
    import sys

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    _leave_lease(neo4j_store, host=socket.gethostname(), pid=int(dead.stdout), seconds=600)
    neo4j_store.lock_timeout = 0.5
    neo4j_store.write(_overlapping_graphs(1)[0])
    assert neo4j_store.counts().node("Paper") == 10
    with pytest.raises(StoreBusy, match="pid 1 on elsewhere"):  # a live one elsewhere: wait
        _leave_lease(neo4j_store, host="elsewhere", pid=1, seconds=600)
        neo4j_store.write(_overlapping_graphs(1)[0])
    neo4j_store.run("MATCH (l:KgWriteLock) DETACH DELETE l", write=True)


@pytest.mark.neo4j
@pytest.mark.slow
def test_two_kg_builds_at_once_into_one_neo4j(
    neo4j_server, neo4j_store, tmp_path: Path, sample_records: list[ExtractedPaper]
):
    import os
    import subprocess
    import sys

    a, b, c, d = sample_paths()
    env = {**os.environ, **neo4j_server.env()}
    cmd = [sys.executable, "-m", "kg", "build", "--backend", "neo4j"]
    procs = [
        subprocess.Popen([*cmd, str(x), str(y)], env=env, stderr=subprocess.PIPE, text=True)
        for x, y in ((a, b), (c, d))
    ]
    errors = [p.communicate(timeout=600)[1] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], errors
    assert _people(neo4j_store.to_networkx()) == _people(
        _one_build(sample_records, tmp_path / "whole")
    )
    assert neo4j_store.counts().rel("COAUTHOR") == 1168  # as `kg build` of all four at once
