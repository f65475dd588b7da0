"""Readers: the 80 seed papers, the paperlists corpus, malformed input, and round-trips."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kg.errors import InputError
from kg.sources import read_sources
from kg.text import clean_abstract, emphasized_abstract, normalize_author

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
PAPERLISTS = SHARED / "data" / "paperlists"

ABSTRACT = (
    "We study how graph neural networks generalize to larger graphs than those seen in "
    "training. We propose a simple readout that provably extrapolates, and we evaluate it on "
    "three molecular property benchmarks, where it improves accuracy by five points."
)


@pytest.fixture(scope="module")
def sample():
    return read_sources()


def by_line(batch, file_prefix: str, line: int):
    return next(
        p
        for p in batch.papers
        if p.source.file.startswith(f"sample/{file_prefix}") and p.source.line == line
    )


def test_sample_has_80_papers_20_per_file(sample):
    assert [r.papers for r in sample.reports] == [20, 20, 20, 20]
    assert len(sample.papers) == 80
    assert sample.issues == []
    assert all(p.abstract and p.authors for p in sample.papers)


def test_single_author_paper_without_track(sample):
    paper = by_line(sample, "002", 17)
    assert [a.name for a in paper.authors] == ["Sherry Yang"]
    assert paper.track is None
    assert paper.abstract.startswith("Large language model (LLM) agents")


def test_bare_area_track_without_subarea(sample):
    paper = by_line(sample, "003", 61)
    assert paper.track is not None
    assert (paper.track.area, paper.track.subarea) == ("Reinforcement Learning", None)
    assert "MaxSafe" in paper.abstract and "\\textsc" not in paper.abstract


def test_truncated_author_list_is_flagged_and_et_al_is_not_an_author(sample):
    truncated = [p for p in sample.papers if p.authors_truncated]
    assert len(truncated) == 7
    assert all(
        a.name != "等" and not a.name.endswith("等") for p in sample.papers for a in p.authors
    )
    paper = by_line(sample, "000", 29)
    assert paper.authors[-1].name == "Ming Lin"


def test_authors_shared_across_papers_are_one_author(sample):
    papers_per_author = Counter(a.id for p in sample.papers for a in p.authors)
    for name in ("Fazl Barez", "Peihao Wang", "Zhangyang Wang", "Shenglei Fang"):
        assert papers_per_author[normalize_author(name).id] == 2, name


def test_author_names_are_normalized(sample):
    names = {a.name for p in sample.papers for a in p.authors}
    assert {"Zhixuan Ma", "Hanting Yan", "Jiawei Sun", "Zhangyang Wang"} <= names
    assert not {"zhixuan ma", "HantingYan", "JIAWEI SUN"} & names
    atlas = next(a for p in sample.papers for a in p.authors if a.name == "Zhangyang Wang")
    assert "Atlas" in atlas.variants


@pytest.mark.parametrize(
    ("raw", "name"),
    [
        ("KE LIANG", "Ke Liang"),
        ("julie Josse", "Julie Josse"),
        ("zhixuan ma", "Zhixuan Ma"),
        ("HantingYan", "Hanting Yan"),
        ("Zhangyang “Atlas” Wang", "Zhangyang Wang"),
        ("A.J. Phillips", "A.J. Phillips"),
        ("Ludwig van Beethoven", "Ludwig van Beethoven"),
        ("JEAN-PIERRE DUPONT", "Jean-Pierre Dupont"),
        ("(Ada Lovelace)", "Ada Lovelace"),  # only bracketed: no empty name, no label crash
        ("“Q”", "Q"),
    ],
)
def test_normalize_author(raw, name):
    assert normalize_author(raw).name == name


def test_diacritics_kept_for_display_folded_for_matching():
    accented, plain = normalize_author("Rémi Munos"), normalize_author("Remi Munos")
    assert accented.name == "Rémi Munos"
    assert accented.id == plain.id


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        (r"\textbf{BinaryPC} wins", "BinaryPC wins"),
        (r"T$^2$PO is fast", "T2PO is fast"),
        (r"the $\mathcal{I}$-FCI learner", "the I-FCI learner"),
        (r"\textsc{MaxSafe} is safe", "MaxSafe is safe"),
        (r"up to 95\% accuracy", "up to 95% accuracy"),
        (r"see \href{https://github.com/a/b}{our code}.", "see our code."),
        ("(*Pi-Noise*) and C*-RASP", "(Pi-Noise) and C*-RASP"),
        # markdown underscores and the old font switches, not an identifier's underscores
        ("we present _Pi-Noise_, a policy", "we present Pi-Noise, a policy"),
        (r"the adversary, {\em random subspaces} (RS)", "the adversary, random subspaces (RS)"),
        ("the snake_case_name and x_1", "the snake_case_name and x_1"),
        # a PDF's ligatures and the words its line breaks cut
        (
            "the Zorﬂix data and ﬁne-tuned efﬁcient models",
            "the Zorflix data and fine-tuned efficient models",
        ),
        (
            "a quell- ing algo- rithm for real- world data",
            "a quelling algorithm for real-world data",
        ),
        ("state-of-the- art pre- and post-training", "state-of-the-art pre- and post-training"),
        ("zorb-quell and zorb- quell", "zorb-quell and zorb-quell"),
        (
            "self-quell- ing, winner- take-all and Zorb- Quell",
            "self-quelling, winner-take-all and Zorb-Quell",
        ),
        (
            "Q-Iearning with one hidden Iayer, not Ieda",
            "Q-learning with one hidden layer, not Ieda",
        ),
        # a PDF extractor's glyph codes: a soft hyphen, TeX's ligatures; an unknown one stays
        (
            "quor(cid:173) ling classi(cid:12)ers, (cid:2)lters and (cid:99)",
            "quorling classifiers, filters and (cid:99)",
        ),
        # LaTeX's tie is a space; a tilde before a number means "about" and stays
        (
            "called zorb hashing~(ZH), as in Quell et al.~(2012), ~10% faster (~2 s)",
            "called zorb hashing (ZH), as in Quell et al. (2012), ~10% faster (~2 s)",
        ),
    ],
)
def test_clean_abstract(raw, clean):
    assert clean_abstract(raw)[0] == clean


@pytest.mark.parametrize(
    ("raw", "emphasised"),
    [
        (r"we call {\em foo  bar} and \emph{ baz }.", ["foo bar", "baz"]),
        (r"\textbf{\textit{Deep}} and \textsc{MaxSafe} and {\it x}", ["Deep", "x"]),
        ("we present _Pi-Noise_ and **FLARE** (C*-RASP)", ["Pi-Noise", "FLARE"]),
        # inside math, or a word's own underscores, is no emphasis
        (r"the $\textbf{w}^*$ and snake_case_name", []),
        (r"**Test-Time Control (TTC)** layer", ["Test-Time Control (TTC)"]),
    ],
)
def test_emphasized_abstract_keeps_the_emphasised_spans(raw, emphasised):
    text, links, spans = emphasized_abstract(raw)
    assert (text, links) == clean_abstract(raw)
    assert [text[s:e] for s, e in spans] == emphasised


def test_urls_become_code_links(sample):
    links = {link for p in sample.papers for link in p.code_links}
    assert "https://github.com/gjhgjbkg/SMMF" in links
    assert any(link.startswith("https://anonymous.4open.science/r/") for link in links)
    assert not any(link.endswith((".", "}")) for link in links)


def test_paper_ids_are_stable_and_unique(sample):
    # a content hash, so the same on every run and machine: pinned, not just re-read
    assert by_line(sample, "000", 7).id == "b5de07fefc84d019"
    assert len({p.id for p in sample.papers}) == 80


@pytest.mark.slow
@pytest.mark.skipif(not PAPERLISTS.exists(), reason="../shared/data/paperlists not present")
def test_paperlists_corpus_reads_all_11283_papers():
    batch = read_sources([PAPERLISTS])
    assert len(batch.papers) == 11283
    assert batch.skipped == 0
    assert {r.format for r in batch.reports} == {"paperlists"}
    first = next(p for p in batch.papers if p.venue == "ICML" and p.year == 2019)
    assert first.title and first.authors and first.track.name == "ICML 2019"


# --- malformed input: a clear message naming file and line, the good records still read ---


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return path


def listing(*blocks: str) -> str:
    return "论文检索\n\n" + "\n\n".join(blocks) + "\n"


def test_empty_file_is_reported_and_nothing_read(tmp_path):
    batch = read_sources([write(tmp_path, "empty.txt", "")])
    assert batch.papers == []
    assert [str(i) for i in batch.issues] == [f"{tmp_path / 'empty.txt'}: skipped: empty file"]


def test_listing_without_abstracts(tmp_path):
    batch = read_sources(
        [write(tmp_path, "short.txt", listing("Theory · Optimization", "Ann Lee, Bo Chen"))]
    )
    assert batch.papers == []
    reasons = [i.reason for i in batch.issues]
    assert reasons == [
        "track line with no abstract after it",
        "author line with no abstract after it",
    ]
    assert batch.issues[1].where.line == 5


def test_author_line_without_abstract_in_the_middle(tmp_path):
    text = listing(
        "Theory · Optimization",
        "Ann Lee, Bo Chen",
        ABSTRACT,
        "Cy Dee, Ed Fox",  # its abstract was lost
        "Deep Learning · Theory",
        "Gil Ho, Ivy Jo",
        ABSTRACT.replace("graph", "set"),
    )
    batch = read_sources([write(tmp_path, "cut.txt", text)])
    assert len(batch.papers) == 2
    assert [a.name for a in batch.papers[1].authors] == ["Gil Ho", "Ivy Jo"]
    assert batch.papers[1].track.name == "Deep Learning · Theory"
    (issue,) = batch.issues
    assert issue.where.line == 9 and "no abstract" in issue.reason and issue.skipped


def test_truncated_listing_keeps_complete_papers(tmp_path):
    text = listing(
        "Theory · Optimization", "Ann Lee, Bo Chen", ABSTRACT, "Theory · Optimization", "Cy Dee"
    )
    batch = read_sources([write(tmp_path, "trunc.txt", text.rstrip())])
    assert len(batch.papers) == 1
    assert batch.skipped == 2


def test_non_utf8_bytes_are_reported_and_record_kept(tmp_path):
    text = listing("Theory · Optimization", "Ann Lee, AUTHORS", ABSTRACT).encode("utf-8")
    mixed = text.replace(
        b"AUTHORS", "José García".encode("cp1252")
    )  # one line pasted from elsewhere
    path = write(tmp_path, "mixed.txt", mixed)
    batch = read_sources([path])
    assert [a.name for a in batch.papers[0].authors] == ["Ann Lee", "José García"]
    (issue,) = batch.issues
    assert issue.reason == "not UTF-8" and issue.where.line == 5 and not issue.skipped


def test_json_with_wrong_shape(tmp_path):
    batch = read_sources([write(tmp_path, "obj.json", '{"count": 3}')])
    assert batch.papers == []
    assert batch.issues[0].reason == "wrong JSON shape"


def test_json_records_missing_fields_are_skipped_and_counted(tmp_path):
    records = [
        {
            "title": "Good",
            "authors": ["Ann Lee", "Bo Chen"],
            "abstract": ABSTRACT,
            "track": "Theory",
        },
        {"authors": "Cy Dee"},
        "not an object",
        {"title": "Also good", "authors": "Ed Fox; Gil Ho", "abstract": "", "year": "2021"},
    ]
    batch = read_sources([write(tmp_path, "papers.json", json.dumps(records))])
    assert [p.title for p in batch.papers] == ["Good", "Also good"]
    assert [a.name for a in batch.papers[1].authors] == ["Ed Fox", "Gil Ho"]
    assert batch.papers[1].year == 2021
    assert [(str(i.where), i.reason) for i in batch.issues] == [
        (f"{tmp_path / 'papers.json'}[1]", "no abstract or title"),
        (f"{tmp_path / 'papers.json'}[2]", "not an object"),
    ]


def test_invalid_json_names_the_line(tmp_path):
    batch = read_sources([write(tmp_path, "bad.json", '[\n{"title": "x",\n')])
    assert batch.issues[0].reason == "invalid JSON" and batch.issues[0].where.line == 3


def test_jsonl_bad_line_skipped_good_lines_read(tmp_path):
    good = json.dumps({"title": "T", "authors": "Ann Lee, Bo Chen", "abstract": ABSTRACT})
    batch = read_sources(
        [write(tmp_path, "p.jsonl", f"{good}\n{{oops\n\n{good.replace('T', 'U', 1)}\n")]
    )
    assert len(batch.papers) == 2
    assert [(i.where.line, i.reason) for i in batch.issues] == [(2, "invalid JSON")]


def test_csv_generic_columns(tmp_path):
    csv_text = (
        "title,authors,abstract,track,year,venue,url\n"
        f'Paper A,"Ann Lee; Bo Chen","{ABSTRACT}",Theory · Optimization,2024,ICML,https://x.org/a\n'
    )
    (paper,) = read_sources([write(tmp_path, "p.csv", csv_text)]).papers
    assert paper.title == "Paper A" and paper.venue == "ICML" and paper.year == 2024
    assert [a.name for a in paper.authors] == ["Ann Lee", "Bo Chen"]
    assert paper.track.subarea == "Optimization"


def test_csv_with_wrong_columns(tmp_path):
    batch = read_sources([write(tmp_path, "p.csv", "name,age\nAnn,3\n")])
    assert batch.papers == [] and batch.issues[0].reason == "wrong CSV columns"


def test_csv_quote_left_open_costs_its_row_only(tmp_path):
    """An unclosed quote would make its row swallow every row after it, silently."""
    csv_text = (
        "title,authors,abstract\n"
        f'First,Ann Lee,"{ABSTRACT}\nwith a second line"\n'
        '"Broken,Bob Ray,We study a quote that never closes.\n'
        f"Third,Cy Dee,{ABSTRACT.replace(',', ';')}\n"
        "Fourth,Di Eve,A short abstract.\n"
    )
    batch = read_sources([write(tmp_path, "p.csv", csv_text)])
    assert [p.title for p in batch.papers] == ["First", "Third", "Fourth"]
    assert [p.source.line for p in batch.papers] == [2, 5, 6]
    assert "second line" in batch.papers[0].abstract  # a closed multi-line field stays whole
    (issue,) = batch.issues
    assert (issue.where.line, issue.reason) == (4, "malformed CSV")
    assert "never closed" in issue.detail


def test_folder_with_unrelated_files(tmp_path):
    write(tmp_path, "notes.bin", b"\x89PNG\r\n\x1a\n\x00\x00")
    write(tmp_path, "a.txt", listing("Ann Lee, Bo Chen", ABSTRACT))
    batch = read_sources([tmp_path])
    assert len(batch.papers) == 1
    assert batch.skip_reasons() == {"unsupported file": 1}


def test_missing_path_is_an_error(tmp_path):
    with pytest.raises(InputError, match="no such file"):
        read_sources([tmp_path / "nope.txt"])


def test_strict_fails_on_the_first_problem(tmp_path):
    path = write(tmp_path, "cut.txt", listing("Ann Lee", ABSTRACT, "Cy Dee"))
    with pytest.raises(InputError, match=r"cut.txt:7: skipped: author line with no abstract"):
        read_sources([path], strict=True)


PAPERLISTS_RECORD = {
    "title": "T",
    "author": "Ann Lee; Bo Chen",
    "abstract": ABSTRACT,
    "site": "https://example.org/t",
    "track": "main",
}


@pytest.mark.parametrize(
    ("name", "venue", "year"),
    [
        ("uai_2019.json", "UAI", 2019),
        ("UAI2019.json", "UAI", 2019),
        ("nips2018.json", "NeurIPS", 2018),
        ("icml-2020_main.json", "ICML", 2020),
    ],
)
def test_paperlists_venue_and_year_come_from_the_file_name(tmp_path, name, venue, year):
    batch = read_sources([write(tmp_path, name, json.dumps([PAPERLISTS_RECORD]))])
    (paper,) = batch.papers
    assert (paper.venue, paper.year, paper.track.name) == (venue, year, f"{venue} {year}")
    assert batch.issues == []


def test_a_paperlists_file_name_without_venue_and_year_is_warned_about(tmp_path):
    batch = read_sources([write(tmp_path, "papers.json", json.dumps([PAPERLISTS_RECORD]))])
    (paper,) = batch.papers
    assert (paper.venue, paper.year, paper.track) == (None, None, None)
    (issue,) = batch.issues
    assert issue.reason == "no venue or year in the file name" and not issue.skipped
    assert "'papers.json' does not read like icml2019.json" in issue.detail


@pytest.mark.slow
def test_50_mb_listing(tmp_path):
    block = "Theory · Optimization\n\n{authors}\n\n" + ABSTRACT + " {n}\n\n"
    with (tmp_path / "big.txt").open("w", encoding="utf-8") as fh:
        fh.write("论文检索\n\n")
        n = 0
        while fh.tell() < 50 * 1024 * 1024:
            fh.write(block.format(authors=f"Ann Lee, Author {n}", n=n))
            n += 1
    batch = read_sources([tmp_path / "big.txt"])
    assert len(batch.papers) == n and batch.issues == []


# --- round trips: what is written is what is read ---

NAME = st.builds(
    lambda first, last: f"{first} {last}",
    st.sampled_from(["Ann", "Bo", "José", "Zhixuan", "Marie-Claire", "Rémi", "Yu"]),
    st.sampled_from(["Lee", "Chen", "García", "Ma", "Müller", "Dubois", "Qiao"]),
)
WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9)
PAPER = st.fixed_dictionaries(
    {
        "authors": st.lists(NAME, min_size=1, max_size=8, unique=True),
        "truncated": st.booleans(),
        "area": st.none() | st.sampled_from(["Theory", "Deep Learning", "Reinforcement Learning"]),
        "subarea": st.none() | st.sampled_from(["Optimization", "Large Language Models"]),
        "abstract": st.lists(WORD, min_size=30, max_size=80).map(lambda ws: " ".join(ws) + "."),
    }
)


def _render_listing(papers: list[dict]) -> str:
    blocks = []
    for p in papers:
        if p["area"]:
            blocks.append(p["area"] + (f" · {p['subarea']}" if p["subarea"] else ""))
        blocks.append(", ".join(p["authors"]) + (" 等" if p["truncated"] else ""))
        blocks.append(p["abstract"])
    return listing(*blocks)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(papers=st.lists(PAPER, min_size=1, max_size=6, unique_by=lambda p: p["abstract"]))
def test_listing_round_trip(tmp_path, papers):
    batch = read_sources([write(tmp_path, "gen.txt", _render_listing(papers))])
    assert batch.issues == []
    assert len(batch.papers) == len(papers)
    for written, read in zip(papers, batch.papers, strict=True):
        assert [a.name for a in read.authors] == written["authors"]
        assert read.authors_truncated == written["truncated"]
        assert read.abstract == written["abstract"]
        expected = written["area"] and written["area"] + (
            f" · {written['subarea']}" if written["subarea"] else ""
        )
        assert (read.track.name if read.track else None) == (expected or None)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    papers=st.lists(PAPER, min_size=1, max_size=6, unique_by=lambda p: p["abstract"]),
    as_list=st.booleans(),
)
def test_jsonl_round_trip(tmp_path, papers, as_list):
    lines = [
        json.dumps(
            {
                "title": f"Paper {i}",
                "authors": p["authors"] if as_list else "; ".join(p["authors"]),
                "abstract": p["abstract"],
                "track": p["area"],
            },
            ensure_ascii=False,
        )
        for i, p in enumerate(papers)
    ]
    batch = read_sources([write(tmp_path, "gen.jsonl", "\n".join(lines))])
    assert [[a.name for a in r.authors] for r in batch.papers] == [p["authors"] for p in papers]
    assert [r.abstract for r in batch.papers] == [p["abstract"] for p in papers]
