"""Layouts computed in Python (kg/viz/layout.py): the same graph draws the same way, nodes do not
overlap, communities are places on the page, sizes follow papers on a log scale, and labels are
chosen so that none covers a more important one."""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path

import pytest
from test_viz import sample  # noqa: F401  (a fixture)
from typer.testing import CliRunner

from kg.store.networkx import NetworkXStore
from kg.viz import coauthors_view, topics_view
from kg.viz.layout import LABEL_PX, layout, node_radius
from kg.viz.views import ViewData


def _overlaps(view: ViewData) -> list[tuple[str, str]]:
    return [
        (a.id, b.id)
        for a, b in itertools.combinations(view.nodes, 2)
        if math.dist((a.x, a.y), (b.x, b.y)) < a.radius + b.radius - 0.5
    ]


@pytest.mark.parametrize("make", [coauthors_view, topics_view], ids=["coauthors", "topics"])
def test_views_are_laid_out_once_the_same_way_without_overlap(
    make: object,
    sample: NetworkXStore,  # noqa: F811
) -> None:
    view = make(sample.index())  # type: ignore[operator]
    again = make(sample.index())  # type: ignore[operator]
    assert [(n.id, n.x, n.y) for n in view.nodes] == [(n.id, n.x, n.y) for n in again.nodes]
    assert len({(n.x, n.y) for n in view.nodes}) == len(view.nodes)
    assert _overlaps(view) == []


def test_groups_are_drawn_as_clusters() -> None:
    """Three cliques of ten with a few links between them: with their groups, every node sits
    nearer its own group's centre than any other group's."""
    groups = {f"{g}{i}": g for g in "abc" for i in range(10)}
    edges = [
        (f"{g}{i}", f"{g}{j}", 1.0) for g in "abc" for i, j in itertools.combinations(range(10), 2)
    ]
    edges += [("a0", "b0", 1.0), ("b1", "c1", 1.0), ("c2", "a2", 1.0), ("a3", "c3", 1.0)]
    nodes = sorted(groups)
    pos = layout(nodes, edges, dict.fromkeys(nodes, 8.0), groups=groups)
    centre = {
        g: tuple(sum(pos[n][k] for n in nodes if groups[n] == g) / 10 for k in (0, 1))
        for g in "abc"
    }
    for n in nodes:
        nearest = min("abc", key=lambda g: math.dist(pos[n], centre[g]))
        assert nearest == groups[n], n


def test_size_grows_with_papers_on_a_log_scale_without_a_cap() -> None:
    sizes = [node_radius(p) for p in (1, 2, 8, 36, 113, 1000)]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
    assert node_radius(113) - node_radius(36) > 5  # 113 papers no longer look like 36
    assert node_radius(2) / node_radius(1) < 2  # but one busy author does not fill the screen


def test_labels_shown_at_a_zoom_never_cover_each_other(sample: NetworkXStore) -> None:  # noqa: F811
    view = coauthors_view(sample.index())
    top = min(view.nodes, key=lambda n: (-n.size, n.label.casefold(), n.id))
    assert min(view.nodes, key=lambda n: n.label_zoom).label_zoom == 0.0
    assert top.label_zoom == 0.0  # the most prolific author is always named
    for zoom in (0.3, 0.6, 1.0):
        shown = [n for n in view.nodes if n.label_zoom <= zoom]
        assert shown
        for a, b in itertools.combinations(shown, 2):
            ax, ay = a.x, a.y + a.radius
            bx, by = b.x, b.y + b.radius
            width = 0.5 * LABEL_PX * (len(a.label) + len(b.label)) / 2 / zoom
            height = LABEL_PX / zoom
            assert abs(ax - bx) >= width or abs(ay - by) >= height, (a.label, b.label)


def test_a_big_piece_with_no_groups_is_still_laid_out() -> None:
    """Above FLAT_LIMIT nodes a flat piece is split by Louvain first; it still gets distinct,
    deterministic positions."""
    nodes = [f"n{i:04d}" for i in range(1300)]
    edges = [(nodes[i], nodes[(i * 7 + 1) % 1300], 1.0) for i in range(1300)]
    edges += [(nodes[i], nodes[i + 1], 1.0) for i in range(1299)]
    pos = layout(nodes, edges, dict.fromkeys(nodes, 6.0))
    assert len(set(pos.values())) == len(nodes)
    assert pos == layout(nodes, edges, dict.fromkeys(nodes, 6.0))


def test_communities_and_layout_are_cached_beside_the_store_until_the_graph_changes(
    tmp_path: Path,
) -> None:
    from test_viz import paper, store_graph

    from kg.graph import build_graph
    from kg.model import ExtractedPaper
    from kg.viz import make_view

    def build(authors: list[list[str]]) -> NetworkXStore:
        records = [paper(f"Study {i}.", names) for i, names in enumerate(authors)]
        return store_graph(build_graph([ExtractedPaper(p, []) for p in records]), tmp_path)

    teams = [["Ann A", "Bo B", "Cy C"], ["Ann A", "Di D"], ["Ed E", "Flo F", "Gus G", "Hal H"]]
    first = make_view(build(teams), "coauthors")
    cache = tmp_path / "kg" / "viz-cache"
    kinds = sorted(p.name.split("-")[0] for p in cache.glob("*.json"))
    assert kinds == ["communities", "layout"]
    # what is read back is what was computed
    again = make_view(NetworkXStore(tmp_path / "kg"), "coauthors")
    assert [(n.id, n.x, n.y, n.label_zoom, n.color) for n in again.nodes] == [
        (n.id, n.x, n.y, n.label_zoom, n.color) for n in first.nodes
    ]
    before = {p.name for p in cache.glob("*.json")}
    # a rebuilt graph with one more link: new communities and layout, not the stored ones
    changed = make_view(build([*teams, ["Cy C", "Ed E"]]), "coauthors")
    assert {p.name for p in cache.glob("*.json")} > before
    assert len(changed.edges) == len(first.edges) + 1
    # a cache that cannot be read is computed again
    for p in cache.glob("*.json"):
        p.write_text("{not json", encoding="utf-8")
    assert [
        (n.id, n.x, n.y) for n in make_view(NetworkXStore(tmp_path / "kg"), "coauthors").nodes
    ] == [(n.id, n.x, n.y) for n in changed.nodes]


def test_the_first_kg_viz_after_a_build_reads_the_page_the_build_prepared(tmp_path: Path) -> None:
    from test_viz import paper

    from kg.cli import app
    from kg.graph import build_graph
    from kg.model import ExtractedPaper
    from kg.viz.pages import prepare_views, view_page

    store_dir = tmp_path / "kg"
    result = CliRunner().invoke(app, ["build", "--store", str(store_dir), "--backend", "networkx"])
    assert result.exit_code == 0, result.output
    prepared = list((store_dir / "viz-cache").glob("page-coauthors-*.json"))
    assert len(prepared) == 1  # `kg build` computed the default co-author page
    # `kg viz coauthors` writes that page: mark it, and the mark is what the page shows
    entry = json.loads(prepared[0].read_text(encoding="utf-8"))
    prepared[0].write_text(json.dumps({**entry, "subtitle": "read back"}), encoding="utf-8")
    out = tmp_path / "team.html"
    common = ["--store", str(store_dir), "--backend", "networkx", "-o", str(out)]
    result = CliRunner().invoke(app, ["viz", "coauthors", *common])
    assert result.exit_code == 0, result.output
    assert "read back" in out.read_text(encoding="utf-8")
    # options other than the prepared ones compute their own page
    result = CliRunner().invoke(app, ["viz", "coauthors", "--max-nodes", "20", *common])
    assert "read back" not in out.read_text(encoding="utf-8")

    # a changed graph: its own page, never the one of the graph before
    def write(teams: list[list[str]]) -> NetworkXStore:
        store = NetworkXStore(store_dir)
        records = [paper(f"Study {i}.", names) for i, names in enumerate(teams)]
        store.write(build_graph([ExtractedPaper(p, []) for p in records]), fresh=True)
        prepare_views(store)
        return store

    teams = [["Ann A", "Bo B", "Cy C"], ["Ann A", "Di D"]]
    assert view_page(write(teams), "coauthors").subtitle.startswith("4 authors · 4 co-author links")
    grown = view_page(write([*teams, ["Cy C", "Ed E"]]), "coauthors")
    assert grown.subtitle.startswith("5 authors · 5 co-author links")
