"""Graph views: what each view shows, the page's safety (escaping, no external resources), and
`kg viz`. The browser-driven checks are in test_viz_browser.py."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import ConfigError, NotFound
from kg.graph import GraphData, build_graph
from kg.model import (
    Author,
    EntityType,
    Evidence,
    ExtractedPaper,
    Mention,
    Paper,
    Role,
    SourceRef,
    Track,
    fold,
)
from kg.store.base import GraphStore
from kg.store.networkx import NetworkXStore
from kg.viz import (
    coauthors_view,
    default_output_path,
    make_view,
    render_html,
    topics_view,
)
from kg.viz.views import COMMUNITY_COLORS, SOLO_COLOR, TYPE_COLORS

EVIL_NAME = "Eve <img src=x onerror=\"document.title='pwned-name'\"> Hacker"
EVIL_TRACK = 'Security · "><script>document.title="pwned-track"</script>'
EVIL_ABSTRACT = (
    'We propose EvilNet </script><script>document.title="pwned-abstract"</script> and '
    "<img src=x onerror=alert(1)> & evaluate it on ImageNet."
)


# --- graphs -------------------------------------------------------------------------------


def paper(
    abstract: str,
    authors: list[str],
    *,
    track: str | None = "Deep Learning · Theory",
    title: str | None = None,
) -> Paper:
    people = tuple(Author(fold(a), a) for a in authors)
    return Paper(
        id=Paper.make_id(abstract, authors[0] if authors else None, title),
        abstract=abstract,
        abstract_raw=abstract,
        authors=people,
        source=SourceRef("test.txt", line=1),
        title=title,
        track=Track.parse(track) if track else None,
    )


def mention(name: str, type_: EntityType, role: Role, sentence: str) -> Mention:
    return Mention(name, type_, role, 0.9, Evidence(sentence, 0, len(sentence)))


def store_graph(graph: GraphData, tmp_path: Path) -> NetworkXStore:
    """The graph as a view reads it: written to the embedded store."""
    store = NetworkXStore(tmp_path / "kg")
    store.write(graph)
    return store


def small_records() -> list[ExtractedPaper]:
    """Three papers: Ada and Bob write two together; Cy writes one alone in another track."""
    p1 = paper(
        "We propose FooNet for image classification on ImageNet.", ["Ada Lovelace", "Bob Byte"]
    )
    p2 = paper("We use FooNet for segmentation.", ["Bob Byte", "Ada Lovelace", "Dee Dot"])
    p3 = paper("A theory of BarNet.", ["Cy Cell"], track="Theory · Optimization", title="BarNet")
    s1, s2, s3 = p1.abstract, p2.abstract, p3.abstract
    return [
        ExtractedPaper(p1, [
            mention("FooNet", EntityType.METHOD, Role.PROPOSED, s1),
            mention("ImageNet", EntityType.DATASET, Role.EVALUATED_ON, s1),
            mention("image classification", EntityType.TASK, Role.ADDRESSES, s1),
        ]),
        ExtractedPaper(p2, [
            mention("FooNet", EntityType.METHOD, Role.USES, s2),
            mention("segmentation", EntityType.TASK, Role.ADDRESSES, s2),
        ]),
        ExtractedPaper(p3, [mention("BarNet", EntityType.METHOD, Role.PROPOSED, s3)]),
    ]  # fmt: skip


def evil_records() -> list[ExtractedPaper]:
    """Markup in an author name, a track and an abstract (and so in evidence and labels)."""
    p1 = paper(EVIL_ABSTRACT, [EVIL_NAME, "Bob Byte"], track=EVIL_TRACK)
    p2 = paper("Plain work on ImageNet.", ["Bob Byte", EVIL_NAME], track=EVIL_TRACK)
    return [
        ExtractedPaper(p1, [
            mention("EvilNet", EntityType.METHOD, Role.PROPOSED, EVIL_ABSTRACT),
            mention("ImageNet", EntityType.DATASET, Role.EVALUATED_ON, EVIL_ABSTRACT),
        ]),
        ExtractedPaper(p2, [mention("ImageNet", EntityType.DATASET, Role.USES, p2.abstract)]),
    ]  # fmt: skip


@pytest.fixture
def small(tmp_path: Path) -> NetworkXStore:
    return store_graph(build_graph(small_records()), tmp_path)


@pytest.fixture
def sample(sample_graph: GraphData, tmp_path: Path) -> NetworkXStore:
    return store_graph(sample_graph, tmp_path)


def labels(store: NetworkXStore, label: str) -> list[str]:
    return [k for k in store.graph if k.startswith(label + ":")]


# --- coauthors ----------------------------------------------------------------------------


def test_coauthors_shows_every_author_sized_by_papers(small: NetworkXStore) -> None:
    view = coauthors_view(small.index())
    by_name = {n.info.heading: n for n in view.nodes}
    assert sorted(by_name) == ["Ada Lovelace", "Bob Byte", "Cy Cell", "Dee Dot"]
    assert {name: n.size for name, n in by_name.items()} == {
        "Ada Lovelace": 2, "Bob Byte": 2, "Cy Cell": 1, "Dee Dot": 1,
    }  # fmt: skip
    widths = {
        frozenset(
            (small.graph.nodes[e.source]["name"], small.graph.nodes[e.target]["name"])
        ): e.width
        for e in view.edges
    }
    assert len(view.edges) == 3
    twice, once = frozenset(("Ada Lovelace", "Bob Byte")), frozenset(("Bob Byte", "Dee Dot"))
    assert widths[twice] > widths[once]
    assert by_name["Cy Cell"].color == SOLO_COLOR  # wrote alone: no group colour
    assert by_name["Ada Lovelace"].color == by_name["Bob Byte"].color in COMMUNITY_COLORS
    assert view.notice == ""


def test_coauthors_on_the_sample_is_whole_and_deterministic(sample: NetworkXStore) -> None:
    view = coauthors_view(sample.index())
    assert len(view.nodes) == len(labels(sample, "Author")) == 405
    coauthor_edges = sum(1 for *_, k in sample.graph.edges(keys=True) if k == "COAUTHOR")
    assert len(view.edges) == coauthor_edges
    again = coauthors_view(sample.index())
    assert [(n.id, n.color) for n in again.nodes] == [(n.id, n.color) for n in view.nodes]
    # Louvain never splits a paper's author list when that paper is the authors' only link
    colors = {n.id: n.color for n in view.nodes}
    papers = labels(sample, "Paper")
    lone = [
        p for p in papers
        if all(sample.graph.out_degree(a) - _coauthor_out(sample.graph, a) == 1
               for a, _, k in sample.graph.in_edges(p, keys=True) if k == "AUTHORED")
    ]  # fmt: skip
    assert lone
    for p in lone:
        authors = [a for a, _, k in sample.graph.in_edges(p, keys=True) if k == "AUTHORED"]
        assert len({colors[a] for a in authors}) == 1, sample.graph.nodes[p]["name"]


def _coauthor_out(G: nx.MultiDiGraph, a: str) -> int:
    return sum(1 for _, _, k in G.out_edges(a, keys=True) if k == "COAUTHOR")


def test_coauthors_min_weight_keeps_repeat_collaborators_only(small: NetworkXStore) -> None:
    view = coauthors_view(small.index(), min_weight=2)
    assert sorted(n.info.heading for n in view.nodes) == ["Ada Lovelace", "Bob Byte"]
    assert len(view.edges) == 1
    assert "2 joint papers" in view.edges[0].title
    with pytest.raises(NotFound, match="lower --min-weight"):
        coauthors_view(small.index(), min_weight=3)


def test_coauthors_max_nodes_cuts_and_says_so(sample: NetworkXStore) -> None:
    view = coauthors_view(sample.index(), max_nodes=50)
    assert len(view.nodes) == 50
    assert view.truncated
    assert view.notice.startswith("Showing 50 of 405 authors (--max-nodes 50)")
    kept = {n.id for n in view.nodes}
    assert all(e.source in kept and e.target in kept for e in view.edges)


# --- topics -------------------------------------------------------------------------------


def test_topics_links_tracks_to_what_their_papers_mention(small: NetworkXStore) -> None:
    view = topics_view(small.index())
    kinds = Counter(n.kind for n in view.nodes)
    assert kinds == {"Track": 2, "Method": 2, "Dataset": 1, "Task": 2}
    name = {n.id: n.info.heading for n in view.nodes}
    links = {(name[e.source], name[e.target]): e.title for e in view.edges}
    assert links[("Deep Learning · Theory", "FooNet")].endswith("2 papers")
    assert links[("Theory · Optimization", "BarNet")].endswith("1 paper")
    assert ("Theory · Optimization", "FooNet") not in links
    foonet = next(n for n in view.nodes if n.info.heading == "FooNet")
    assert foonet.size == 2
    assert foonet.color == TYPE_COLORS["Method"]
    assert foonet.tracks == ["Deep Learning · Theory"]
    assert [i.label for i in view.legend] == ["Tracks", "Methods", "Datasets", "Tasks"]


def test_topics_min_weight_and_max_nodes(small: NetworkXStore) -> None:
    strong = topics_view(small.index(), min_weight=2)
    assert sorted(n.info.heading for n in strong.nodes) == ["Deep Learning · Theory", "FooNet"]
    cut = topics_view(small.index(), max_nodes=4)
    assert len(cut.nodes) == 4 and cut.truncated
    assert "Showing 4 of 7 tracks and entities" in cut.notice


def test_topics_on_the_sample_names_papers_without_a_track(sample: NetworkXStore) -> None:
    view = topics_view(sample.index())
    no_track = sum(
        1 for p in labels(sample, "Paper")
        if not any(k == "IN_TRACK" for _, _, k in sample.graph.out_edges(p, keys=True))
    )  # fmt: skip
    assert no_track > 0
    assert f"{no_track} papers without a track are not in this view" in view.notice
    assert {n.kind for n in view.nodes} <= {"Track", "Method", "Dataset", "Benchmark", "Task"}


# --- ego views ----------------------------------------------------------------------------


def test_author_ego_reaches_papers_coauthors_tracks_and_entities(small: NetworkXStore) -> None:
    view = make_view(small, "author", "ada lovelace")
    names = {n.info.heading for n in view.nodes}
    assert {"Ada Lovelace", "Bob Byte", "Dee Dot", "Deep Learning · Theory", "FooNet",
            "ImageNet", "segmentation"} <= names  # fmt: skip
    assert "Cy Cell" not in names
    assert view.focus == "Author:ada lovelace"
    assert view.title == "Author: Ada Lovelace"
    assert [n.center for n in view.nodes].count(True) == 1
    one_hop = make_view(small, "author", "Ada Lovelace", hops=1)
    assert Counter(n.kind for n in one_hop.nodes) == {"Author": 1, "Paper": 2}


def test_paper_entity_and_track_egos(small: NetworkXStore) -> None:
    barnet_paper = next(k for k in labels(small, "Paper") if small.graph.nodes[k].get("title"))
    paper_id = small.graph.nodes[barnet_paper]["id"]
    view = make_view(small, "paper", paper_id, hops=1)
    assert {n.info.heading for n in view.nodes} == {
        "BarNet — Cell", "Cy Cell", "Theory · Optimization", "BarNet",
    }  # fmt: skip
    entity = make_view(small, "entity", "imagenet", hops=1)
    assert entity.title == "Dataset: ImageNet"
    by_subarea = make_view(small, "track", "Optimization", hops=1)
    assert by_subarea.title == "Track: Theory · Optimization"


def test_ego_views_keep_what_matters_to_the_centre_first(tmp_path: Path) -> None:
    """Ada writes six papers, each with another co-author, in one busy track; a paper of hers
    shares its co-author with a seventh paper; many papers share only the track."""
    records = [paper(f"Study {i} of FooNet.", ["Ada Lovelace", f"Coauthor {i}"]) for i in range(6)]
    records.append(paper("Follow-up on FooNet.", ["Coauthor 0", "Zed Zulu"]))
    records += [paper(f"Unrelated {i}.", [f"Stranger {i}"]) for i in range(12)]
    store = store_graph(build_graph([ExtractedPaper(p, []) for p in records]), tmp_path)

    author = make_view(store, "author", "Ada Lovelace", max_nodes=7)
    kinds = Counter(n.kind for n in author.nodes)
    assert kinds == {"Author": 7}  # the centre and all six co-authors before any paper
    linked = {e.target for e in author.edges if e.kind == "COAUTHOR"}
    assert linked == {n.id for n in author.nodes if not n.center}  # none left floating
    assert all("1 joint paper" in e.title for e in author.edges)

    first = next(p for p in records if p.abstract == "Study 0 of FooNet.")
    view = make_view(store, "paper", first.id, max_nodes=5)
    names = {n.info.heading for n in view.nodes}
    # its authors, then the paper sharing an author — not the track's unrelated papers
    assert {"Ada Lovelace", "Coauthor 0"} <= names
    assert any(n.kind == "Paper" and "Follow-up" in n.info.abstract for n in view.nodes)
    assert not any("Unrelated" in n.info.abstract for n in view.nodes)

    track = make_view(store, "track", "Theory", max_nodes=6)
    kinds = Counter(n.kind for n in track.nodes)
    assert kinds["Author"] >= 1  # Ada and Coauthor 0 write several of its papers
    shown = {n.id for n in track.nodes}
    ends = {x for e in track.edges for x in (e.source, e.target)}
    assert shown <= ends  # every node is linked


def test_unknown_names_suggest_the_closest(small: NetworkXStore) -> None:
    with pytest.raises(NotFound, match="did you mean: Ada Lovelace"):
        make_view(small, "author", "Ada Lovelance")
    with pytest.raises(NotFound, match="no method, dataset, benchmark or task named 'zzzz'"):
        make_view(small, "entity", "zzzz")
    with pytest.raises(ConfigError, match="needs a name"):
        make_view(small, "author", None)
    with pytest.raises(ConfigError, match="unknown view 'bogus'"):
        make_view(small, "bogus")


def test_untitled_papers_get_readable_labels_and_full_abstracts(sample: NetworkXStore) -> None:
    key = next(k for k in labels(sample, "Paper") if not sample.graph.nodes[k].get("title"))
    data = sample.graph.nodes[key]
    view = make_view(sample, "paper", data["id"], hops=1)
    center = next(n for n in view.nodes if n.center)
    assert center.info.heading == data["name"]
    assert re.search(r" — \S+( et al\.)?$", center.label), center.label
    assert center.info.abstract == data["abstract"]
    fields = dict(center.info.fields)
    assert fields["Authors"].split(", ")[0] in center.info.heading or "et al." in center.label
    entities = [i for i in center.info.items if i["quote"]]
    assert len(entities) == sum(
        1 for _, _, k in sample.graph.out_edges(key, keys=True)
        if k in ("PROPOSES", "USES", "EVALUATED_ON", "ADDRESSES")
    )  # fmt: skip


# --- the page -----------------------------------------------------------------------------


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"
        if self._in_script:
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data


def parse(html: str) -> _Tags:
    parser = _Tags()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("webgl", [False, True], ids=["vis-network", "sigma"])
def test_page_is_self_contained(
    small: NetworkXStore, webgl: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if webgl:  # the whole-graph page, drawn by sigma.js from this many nodes on
        monkeypatch.setattr("kg.viz.render.WEBGL_FROM", 1)
    html = render_html(coauthors_view(small.index()))
    page = parse(html)
    for tag, attrs in page.tags:
        for attr in ("src", "href", "action", "data"):
            value = attrs.get(attr) or ""
            assert not re.match(r"\s*(https?:)?//", value), (tag, attr, value)
    assert not any(tag == "link" for tag, _ in page.tags)  # no stylesheet fetched
    names = [attrs.get("type") for tag, attrs in page.tags if tag == "script"]
    if webgl:  # graphology, sigma, their drawer, the page
        assert names == ["application/json", None, None, None, None]
        assert "Sigma" in page.scripts[2][:400] and "graphology" in page.scripts[1][:400]
        assert len(html) > 250_000  # both libraries are inlined
    else:  # vis-network, its drawer, the page
        assert names == ["application/json", None, None, None]
        assert "vis-network" in page.scripts[1][:2000] or "vis" in page.scripts[1][:200]
        assert len(html) > 600_000  # vis-network itself is inlined


def test_csp_allows_exactly_the_page_scripts(small: NetworkXStore) -> None:
    page = parse(render_html(topics_view(small.index())))
    csp = next(
        a["content"] for t, a in page.tags if a.get("http-equiv") == "Content-Security-Policy"
    )
    assert csp is not None
    assert "default-src 'none'" in csp and "connect-src 'none'" in csp
    allowed = set(re.findall(r"'sha256-([^']+)'", csp))
    executed = page.scripts[1:]
    digests = {base64.b64encode(hashlib.sha256(s.encode()).digest()).decode() for s in executed}
    assert allowed == digests


def test_markup_in_names_is_data_not_markup(tmp_path: Path) -> None:
    G = store_graph(build_graph(evil_records()), tmp_path)
    for view, literal in (
        (coauthors_view(G.index()), [EVIL_NAME, EVIL_TRACK]),
        (topics_view(G.index()), [EVIL_TRACK, EVIL_ABSTRACT]),  # the abstract as evidence
        (make_view(G, "author", EVIL_NAME), [EVIL_NAME, EVIL_TRACK, EVIL_ABSTRACT]),
    ):
        html = render_html(view)
        # nothing the graph holds appears unescaped: no tag can open, no script block can close
        assert "<img" not in html
        assert html.lower().count("</script") == 4
        page = parse(html)
        assert [t for t, _ in page.tags if t in ("script", "img")] == ["script"] * 4
        payload = json.loads(page.scripts[0])
        strings = set(_strings(payload))
        assert set(literal) <= strings  # the JSON parses back to the literal text
    ego = render_html(make_view(G, "author", EVIL_NAME))
    assert "<title>Author: Eve &lt;img src=x onerror=" in ego
    paper_page = parse(render_html(make_view(G, "entity", "EvilNet", hops=1)))
    abstracts = [n["info"]["abstract"] for n in page_nodes(paper_page.scripts[0])]
    assert [a for a in abstracts if a] == [EVIL_ABSTRACT]


def page_nodes(data: str) -> list[dict[str, Any]]:
    """A page's nodes unfolded from its compact data block as view.js unfolds them: each with
    its id, label and details (heading, kind, fields, items, abstract)."""
    payload = json.loads(data)
    columns = payload["nodes"]

    def text(value: str | int) -> str:
        return payload["strings"][value] if isinstance(value, int) else value

    return [
        {
            "id": id_,
            "label": columns["label"][i],
            "info": {
                "heading": packed[0],
                "kind": text(packed[1]),
                "fields": [[text(a), text(b)] for a, b in packed[2]],
                "items": [[text(x) for x in item] for item in packed[4]],
                "abstract": packed[5],
            },
        }
        for i, (id_, packed) in enumerate(zip(columns["id"], columns["info"], strict=True))
    ]


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


# --- the command --------------------------------------------------------------------------


def test_default_output_goes_to_the_repository_visualizations_folder() -> None:
    path = default_output_path("author", "Rémi Munos")
    assert path.name == "author-remi-munos.html"
    assert path.parent == Path(__file__).resolve().parents[1] / "visualizations"
    assert default_output_path("coauthors").name == "coauthors.html"


def test_kg_viz_writes_the_page_and_prints_its_path(tmp_path: Path) -> None:
    NetworkXStore(tmp_path / "kg").write(build_graph(small_records()))
    runner = CliRunner()
    out = tmp_path / "views" / "team.html"
    common = ["--store", str(tmp_path / "kg"), "--backend", "networkx"]
    result = runner.invoke(app, ["viz", "coauthors", "-o", str(out), *common])
    assert result.exit_code == 0, result.output
    assert str(out) in result.stdout
    assert "Ada Lovelace" in out.read_text(encoding="utf-8")

    result = runner.invoke(app, ["viz", "author", "Bob Bite", "-o", str(out), *common])
    assert result.exit_code == 1
    assert "did you mean: Bob Byte?" in result.output  # the resolver kg query uses

    result = runner.invoke(app, ["viz", "track", *common])
    assert result.exit_code == 2
    assert "needs a name" in result.output


def test_kg_viz_help_lists_the_views() -> None:
    result = CliRunner().invoke(app, ["viz", "--help"])
    assert result.exit_code == 0
    for word in ("coauthors", "topics", "--min-weight", "--max-nodes", "--png", "--svg"):
        assert word in result.output


def test_views_read_every_store_the_same(
    store: GraphStore, sample_graph: GraphData, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Same graph, either backend: the same nodes, colours, sizes, links and tooltips — and an
    ego view reads only its neighbourhood, never the whole graph."""
    store.write(sample_graph)
    embedded = store_graph(sample_graph, tmp_path / "embedded")
    views = [("coauthors", None), ("topics", None), ("author", "Murat Kocaoglu")]
    paper = next(n.id for n in sample_graph.nodes if n.label == "Paper")
    egos = [("paper", paper), ("entity", "Transformers"), ("track", "Causality")]
    for view, arg in [*views, *egos]:
        if view not in ("coauthors", "topics"):
            monkeypatch.setattr(store, "to_networkx", _whole_graph_not_wanted)
        got, want = make_view(store, view, arg), make_view(embedded, view, arg)
        assert [(n.id, n.label, n.color, n.size, n.tracks) for n in got.nodes] == [
            (n.id, n.label, n.color, n.size, n.tracks) for n in want.nodes
        ]
        assert [(e.source, e.target, e.width) for e in got.edges] == [
            (e.source, e.target, e.width) for e in want.edges
        ]
        assert [n.info.as_dict() for n in got.nodes] == [n.info.as_dict() for n in want.nodes]


# --- one community computation ------------------------------------------------------------


def _viz_and_query_groups(store_dir: Path, out: Path, hash_seed: str) -> tuple[Any, Any]:
    """`kg viz coauthors` and `kg query communities` in a fresh process with PYTHONHASHSEED."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "NEO4J_URI": ""}
    shutil.rmtree(store_dir / "viz-cache", ignore_errors=True)  # computed here, not read back
    common = ["--store", str(store_dir), "--backend", "networkx"]
    kg = [sys.executable, "-m", "kg"]
    subprocess.run([*kg, "viz", "coauthors", "-o", str(out), *common], env=env, check=True)
    groups: dict[str, set[str]] = {}
    for node in page_nodes(parse(out.read_text("utf-8")).scripts[0]):
        fields = dict(node["info"]["fields"])
        groups.setdefault(fields["Group"].split()[0], set()).add(node["info"]["heading"])
    shown = sorted(sorted(g) for g in groups.values() if len(g) > 1)
    everyone = ["-p", "min_size=2", "-p", "show=100000", "--limit", "100000"]
    asked = subprocess.run(
        [*kg, "query", "communities", "-f", "json", *everyone, *common],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    listed = sorted(sorted(row["authors"]) for row in json.loads(asked.stdout))
    return shown, listed


def test_viz_groups_are_the_communities_whatever_the_hash_seed(
    sample_graph: GraphData, tmp_path: Path
) -> None:
    store_graph(sample_graph, tmp_path)
    answers = [
        _viz_and_query_groups(tmp_path / "kg", tmp_path / f"team-{seed}.html", seed)
        for seed in ("0", "1", "4242")
    ]
    shown, listed = answers[0]
    assert len(shown) > 10
    assert shown == listed  # the view colours the groups `kg query communities` lists
    assert all(answer == answers[0] for answer in answers)  # and no hash seed changes them


def _whole_graph_not_wanted() -> None:
    raise AssertionError("an ego view read the whole graph")
