"""Author identity: names cleaned, ids first, variants merged on evidence, homonyms kept apart,
institutions read — and `kg authors` showing it. The fixture venue2023.json is a small
OpenReview-style paperlists file: two people named Yang Liu (two profile ids), Michael I. Jordan
also listed without ids as "Michael Jordan", an anonymous paper and LaTeX-damaged names."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import InputError, NotFound
from kg.graph import build_graph
from kg.identity import AuthorMention, mentions_of, resolve
from kg.identity.names import agreement
from kg.identity.overrides import load_overrides
from kg.model import Affiliation, ExtractedPaper
from kg.pipeline import resolve_people
from kg.queries import run_query
from kg.sources import read_sources
from kg.sources.people import paperlists_entries, parse_id
from kg.store.networkx import NetworkXStore
from kg.text import read_author_entry

FIXTURE = Path(__file__).parent / "fixtures" / "venue2023.json"
SHARED = Path(__file__).resolve().parents[2] / "shared"


def _kg(*args: str) -> object:
    return CliRunner().invoke(app, list(args), env={"NEO4J_URI": ""})


# --- names ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        (r"Stéphan Clémen\con", ["Stéphan Clémençon"]),
        (r"St\'{e}phan Cl\'emen\c{c}on", ["Stéphan Clémençon"]),
        (r"Matej Ze\vcević", ["Matej Zečević"]),
        (r"Matej Ze\v{c}evi\'c", ["Matej Zečević"]),
        (r"{\"O}zg{\"u}r {\c S}im{\c s}ek", ["Özgür Şimşek"]),
        (r"\Matthew Lease", ["Matthew Lease"]),
        ("Rudolph Triebel)", ["Rudolph Triebel"]),
        ("Hieu Pham*", ["Hieu Pham"]),
        ("LeCun, Yann", ["Yann LeCun"]),
        ("van der Maaten, Laurens", ["Laurens van der Maaten"]),
        ("Samuel L. Smith and Quoc V. Le", ["Samuel L. Smith", "Quoc V. Le"]),
        ("John Smith, Jr.", ["John Smith Jr."]),
    ],
)
def test_names_are_cleaned(raw: str, names: list[str]) -> None:
    authors, hidden = read_author_entry(raw)
    assert [a.name for a in authors] == names and not hidden
    if len(names) > 1:  # the entry is a spelling of neither name
        assert all(raw not in a.variants for a in authors)


@pytest.mark.parametrize("raw", ["Anonymous", "Anonymous Authors", "et al.", "withdrawn"])
def test_placeholders_are_no_author(raw: str) -> None:
    assert read_author_entry(raw) == ([], True)


def test_an_anonymous_paper_has_no_authors_and_says_they_are_hidden() -> None:
    paper = next(p for p in read_sources([FIXTURE]).papers if p.source.record == 4)
    assert paper.authors == () and paper.authors_hidden


@pytest.mark.parametrize(
    ("a", "b", "level"),
    [
        ("Michael Jordan", "Michael I. Jordan", 2),
        ("J. Zico Kolter", "Zico Kolter", 1),
        ("Zhi-Quan Luo", "Zhiquan Luo", 3),
        ("Y. LeCun", "Yann LeCun", 1),
        ("Yang Liu", "Yu Liu", 0),
        ("J. Wu", "J. Wu", 1),  # initials alone say nothing about who
    ],
)
def test_name_agreement(a: str, b: str, level: int) -> None:
    assert agreement(a, b) == level == agreement(b, a)


# --- what the reader takes from a record -------------------------------------------------------


def test_ids_and_affiliations_are_read_aligned_with_the_authors() -> None:
    first = read_sources([FIXTURE]).papers[0]
    assert [a.ids for a in first.authors] == [
        ("openreview:~Yang_Liu1",),
        ("openreview:~Wei_Chen2",),
        ("openreview:~Ana_Silva1",),
    ]
    assert first.authors[2].affiliations == (Affiliation("Stanford University", "United States"),)


def test_group_ids_and_emails() -> None:
    assert parse_id("ICLR.cc/2018/Conference/Paper1/Authors") is None
    assert parse_id("Ann@Example.org") == "email:ann@example.org"


def test_misaligned_ids_are_reported_not_guessed(tmp_path: Path) -> None:
    record = json.loads(FIXTURE.read_text("utf-8"))[0]
    record["authorids"] = "~Yang_Liu1;~Wei_Chen2"  # three authors, two ids
    path = tmp_path / "venue2023.json"
    path.write_text(json.dumps([record]), "utf-8")
    batch = read_sources([path])
    assert all(not a.ids for a in batch.papers[0].authors)
    assert any("2 author ids for 3 authors" in str(i) for i in batch.issues)


def test_ids_listed_in_another_order_than_the_names_go_to_the_names_they_spell(
    tmp_path: Path,
) -> None:
    """OpenReview exports sometimes list e-mails in another order than the names: trusting the
    order would give Victor Zhong's id to Richard Socher and merge two people by it."""
    record = json.loads(FIXTURE.read_text("utf-8"))[0]
    record.pop("aff_unique_index", None)
    record["author"] = "Caiming Xiong;Victor Zhong;Richard Socher"
    record["authorids"] = "cxiong@salesforce.com;richard@socher.org;victor@victorzhong.com"
    path = tmp_path / "venue2023.json"
    path.write_text(json.dumps([record]), "utf-8")
    batch = read_sources([path])
    assert [(a.name, a.ids) for a in batch.papers[0].authors] == [
        ("Caiming Xiong", ("email:cxiong@salesforce.com",)),
        ("Victor Zhong", ("email:victor@victorzhong.com",)),
        ("Richard Socher", ("email:richard@socher.org",)),
    ]
    assert any("out of order" in str(i) for i in batch.issues)


def test_ids_in_the_order_of_their_names_or_spelling_none_stay_as_given() -> None:
    names = ["Quoc V. Le", "Ann Lee", "Bo Chen"]
    entries, warnings = paperlists_entries(
        {"authorids": "qvl@google.com;ann@example.org;x17@mail.org"}, names
    )
    assert [e.ids for e in entries] == [
        ("email:qvl@google.com",),
        ("email:ann@example.org",),
        ("email:x17@mail.org",),
    ]
    assert warnings == []


# --- who is who ----------------------------------------------------------------------------------


def _people(papers: list) -> dict[str, object]:
    return resolve(mentions_of(papers)).people


def test_ids_decide_homonyms_and_every_variant_merge_has_reasons() -> None:
    people = _people(read_sources([FIXTURE]).papers)
    # two profiles named Yang Liu are two people; neither keeps the bare name
    assert {"yang liu 1", "yang liu 3"} <= set(people) and "yang liu" not in people
    assert people["yang liu 1"].ids == ["openreview:~Yang_Liu1"]
    # "Y. Liu" wrote with Jun Zhu at Tsinghua, as ~Yang_Liu3 did
    assert "Y. Liu" in people["yang liu 3"].variants
    # "Michael Jordan" (no ids) shares co-authors and an institution with Michael I. Jordan
    jordan = people["michael i jordan"]
    assert jordan.variants == ["Michael Jordan"]
    assert any("2 shared co-authors" in m and "same institution" in m for m in jordan.merges)


def test_a_name_alone_merges_nothing_shared_coauthors_do() -> None:
    def mention(n: int, name: str, *coauthors: str) -> AuthorMention:
        return AuthorMention(f"p{n}", 0, name, coauthors=coauthors, words=frozenset({f"w{n}"}))

    alone = resolve([mention(1, "Wei Zhang", "Ann Lee"), mention(2, "W. Zhang", "Bo Li")])
    assert len(alone.people) == 2
    # Wei is the only W. Zhang written out: one shared co-author is evidence enough
    one = resolve([mention(1, "Wei Zhang", "Ann Lee"), mention(2, "W. Zhang", "Ann Lee")])
    assert list(one.people) == ["wei zhang"]
    assert "1 shared co-author (Ann Lee)" in one.people["wei zhang"].merges[0]
    # with a Wen Zhang about, "W. Zhang" could be either: one co-author is not enough
    crowded = [
        mention(1, "Wei Zhang", "Ann Lee"),
        mention(2, "W. Zhang", "Ann Lee"),
        mention(3, "Wen Zhang", "Cy Ho"),
    ]
    assert len(resolve(crowded).people) == 3
    two = [
        mention(1, "Wei Zhang", "Ann Lee", "Bo Li"),
        mention(2, "W. Zhang", "Ann Lee", "Bo Li"),
        mention(3, "Wen Zhang", "Cy Ho"),
    ]
    assert len(resolve(two).people) == 2


def test_an_initial_between_two_people_stays_apart() -> None:
    mentions = [
        AuthorMention(f"p{n}", 0, name, coauthors=("Jun Zhu", "Ann Lee"))
        for n, name in enumerate(["Yang Liu", "Yu Liu", "Y. Liu"])
    ]
    result = resolve(mentions)
    assert len({result.person_of[m.key] for m in mentions}) == 3
    assert any(d.why.startswith("ambiguous") for d in result.decisions)


def test_the_same_mentions_in_any_order_give_the_same_people() -> None:
    mentions = mentions_of(read_sources([FIXTURE]).papers)
    shuffled = list(mentions)
    random.Random(3).shuffle(shuffled)
    assert resolve(shuffled).person_of == resolve(mentions).person_of


def test_overrides_decide_first(tmp_path: Path) -> None:
    rules = tmp_path / "author-overrides.txt"
    rules.write_text(
        "# mine\nMichael Jordan != Michael I. Jordan\nY. Liu = openreview:~Yang_Liu1\n", "utf-8"
    )
    loaded = load_overrides(rules)
    result = resolve(
        mentions_of(read_sources([FIXTURE]).papers),
        same=loaded.same,
        different=loaded.different,
    )
    assert "Michael Jordan" not in result.people["michael i jordan"].variants
    assert "Y. Liu" in result.people["yang liu 1"].variants


def test_a_bad_override_line_names_file_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "o.txt"
    rules.write_text("A = B\nnot a rule\n", "utf-8")
    with pytest.raises(InputError, match=r"o\.txt:2: expected 'NAME = NAME'"):
        load_overrides(rules)


# --- the graph, the stores and the queries -----------------------------------------------------


def test_adding_a_listing_gives_the_people_of_one_build(tmp_path: Path) -> None:
    papers = read_sources([FIXTURE]).papers
    whole = NetworkXStore(tmp_path / "whole")
    whole.write(build_graph([ExtractedPaper(p) for p in papers]))
    grown = NetworkXStore(tmp_path / "grown")
    for part in (papers[:3], papers[3:]):  # "Michael Jordan" arrives after Michael I. Jordan
        people, known = resolve_people(part, grown)
        grown.write(build_graph([ExtractedPaper(p) for p in part], people=people, known=known))

    def authors(store: NetworkXStore) -> dict[str, tuple[object, ...]]:
        g = store.to_networkx()
        return {
            k: (d["name"], tuple(d.get("variants", ())), tuple(d.get("ids", ())))
            for k, d in g.nodes(data=True)
            if d["label"] in ("Author", "Institution")
        }

    assert authors(grown) == authors(whole)
    assert store_edges(grown) == store_edges(whole)


def store_edges(store: NetworkXStore) -> set[tuple[str, str, str]]:
    return {(a, b, k) for a, b, k in store.to_networkx().edges(keys=True)}


def test_institutions_and_affiliations_are_in_the_graph(tmp_path: Path) -> None:
    store = NetworkXStore(tmp_path)
    store.write(build_graph([ExtractedPaper(p) for p in read_sources([FIXTURE]).papers]))
    g = store.to_networkx()
    tsinghua = g.nodes["Institution:tsinghua university"]
    assert (tsinghua["name"], tsinghua["country"]) == ("Tsinghua University", "China")
    edge = g.edges["Author:yang liu 3", "Institution:tsinghua university", "AFFILIATED_WITH"]
    assert edge["year"] == 2023 and edge["papers"] == 2
    rows = run_query(store, "top-institutions", {"limit": 2}).rows
    assert rows[0][:3] == ("Stanford University", "United States", 4)
    pairs = run_query(
        store,
        "institution-collaborations",
        {"institution": "massachusetts institute of technology"},
    ).rows
    assert pairs[0] == ("Massachusetts Institute of Technology", "Stanford University", 3)


def test_a_name_two_people_share_is_ambiguous_in_queries(tmp_path: Path) -> None:
    store = NetworkXStore(tmp_path)
    store.write(build_graph([ExtractedPaper(p) for p in read_sources([FIXTURE]).papers]))
    with pytest.raises(NotFound, match=r"several authors.*yang liu 1.*yang liu 3"):
        run_query(store, "coauthors", {"name": "Yang Liu"})
    rows = run_query(store, "coauthors", {"name": "yang liu 3"}).rows
    assert [r[0] for r in rows] == ["Jun Zhu"]


# --- kg authors ----------------------------------------------------------------------------


def test_kg_authors_lists_people_with_variants_ids_and_reasons() -> None:
    result = _kg("authors", str(FIXTURE), "--format", "json")
    assert result.exit_code == 0, result.output
    people = {p["author"]: p for p in json.loads(result.stdout)}
    assert people["michael i jordan"]["variants"] == ["Michael Jordan"]
    assert people["yang liu 3"]["ids"] == ["openreview:~Yang_Liu3"]
    assert "stephan clemencon" in people and "anonymous" not in people
    table = _kg("authors", str(FIXTURE))  # a count of merges: their reasons would fill the screen
    assert table.stdout.split("\n")[0].split()[-1] == "merged"
    assert "shared co-author" not in table.stdout


def test_kg_authors_explain_says_why(tmp_path: Path) -> None:
    result = _kg("authors", str(FIXTURE), "--explain", "Y. Liu", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    merged = [r for r in rows if r["outcome"] == "merged" and "Y. Liu" in r["names"]]
    assert merged and "Jun Zhu" in merged[0]["why"]
    apart = [r for r in rows if r["outcome"] == "kept apart"]
    assert any("different ids" in r["why"] for r in apart)


def test_kg_authors_mentions_jsonl_is_scored_by_the_shared_scorer(tmp_path: Path) -> None:
    result = _kg("authors", str(FIXTURE), "--mentions", "--format", "jsonl")
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert list(lines[0]) == ["file", "record", "line", "position", "author", "name"]
    assert lines[0] == {
        "file": str(FIXTURE),
        "record": 0,
        "line": None,
        "position": 0,
        "author": "yang liu 1",
        "name": "Yang Liu",
    }
    scorer = SHARED / "eval" / "author_identity.py"
    if not scorer.exists():
        pytest.skip("../shared/eval/author_identity.py is not there")
    pred = tmp_path / "pred.jsonl"
    pred.write_text(result.stdout, "utf-8")
    out = subprocess.run(
        [sys.executable, str(scorer), str(FIXTURE.parent), str(pred)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "AUTHOR_B3_F1=1.0000" in out and "missing from predictions: 0" in out


def test_an_author_view_of_a_shared_name_asks_for_an_id(tmp_path: Path) -> None:
    from kg.viz import make_view

    store = NetworkXStore(tmp_path)
    store.write(build_graph([ExtractedPaper(p) for p in read_sources([FIXTURE]).papers]))
    with pytest.raises(NotFound, match=r"several authors.*'yang liu 1'.*'yang liu 3'"):
        make_view(store, "author", "Yang Liu")
    assert make_view(store, "author", "yang liu 3").nodes


def test_kg_build_in_two_steps_gives_the_people_of_one_build(tmp_path: Path) -> None:
    records = json.loads(FIXTURE.read_text("utf-8"))
    first, second = tmp_path / "a" / "venue2023.json", tmp_path / "b" / "venue2023.json"
    for path, part in ((first, records[:3]), (second, records[3:])):
        path.parent.mkdir()
        path.write_text(json.dumps(part), "utf-8")
    steps, once = tmp_path / "steps", tmp_path / "once"
    for args in ([str(first), "--store", str(steps)], [str(second), "--store", str(steps)]):
        assert _kg("build", *args, "--backend", "networkx").exit_code == 0
    assert _kg("build", str(first), str(second), "--store", str(once)).exit_code == 0

    def authors(store: Path) -> dict[str, object]:
        g = NetworkXStore(store).to_networkx()
        return {k: d for k, d in g.nodes(data=True) if d["label"] in ("Author", "Institution")}

    assert authors(steps) == authors(once)
    assert authors(once)["Author:michael i jordan"]["variants"] == ["Michael Jordan"]


def test_kg_build_honours_the_override_file_in_the_store(tmp_path: Path) -> None:
    store = tmp_path / "kg"
    store.mkdir()
    (store / "author-overrides.txt").write_text("Michael Jordan != Michael I. Jordan\n", "utf-8")
    assert _kg("build", str(FIXTURE), "--store", str(store)).exit_code == 0
    g = NetworkXStore(store).to_networkx()
    assert "Author:michael jordan" in g and g.nodes["Author:michael i jordan"]["variants"] == []


def test_a_graph_from_before_identity_still_gives_its_authors_names(tmp_path: Path) -> None:
    """AUTHORED used to hold only the position: a build adding to such a graph reads each
    author position's name from its Author node."""
    store = NetworkXStore(tmp_path)
    store.write(build_graph([ExtractedPaper(p) for p in read_sources([FIXTURE]).papers]))
    for _, _, key, attrs in store.graph.edges(keys=True, data=True):
        if key == "AUTHORED":
            for prop in list(attrs):
                if prop != "position":
                    del attrs[prop]
    names = {m.name for m in store.author_mentions()}
    assert {"Michael I. Jordan", "Yang Liu", "Stéphan Clémençon"} <= names
