"""The view pages in a real browser: headless Chromium (Debian's /usr/bin/chromium) driven by
Playwright, with every http(s) request refused and counted. Each page must open from a file://
URL with no network, draw its graph, find nodes by name, filter, and show markup in names as text.
"""

from __future__ import annotations

import base64
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from test_viz import EVIL_ABSTRACT, EVIL_NAME, EVIL_TRACK, evil_records, store_graph

from kg.graph import GraphData, build_graph
from kg.store.networkx import NetworkXStore
from kg.viz import make_view, write_html
from kg.viz.export import CHROMIUM_ARGS, chromium_path
from kg.viz.views import ViewData

pytestmark = pytest.mark.browser

CHROMIUM = chromium_path()
if CHROMIUM is None and not os.environ.get("KG_REQUIRE_SERVICES"):
    pytest.skip(
        "Chromium not found at /usr/bin/chromium (apt-get install -y chromium chromium-driver)",
        allow_module_level=True,
    )

CANVAS_PIXELS = """() => {
  const c = document.querySelector('#graph canvas');
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
  return n;
}"""
PIXEL = """(src) => new Promise((done) => { const img = new Image(); img.onload = () => {
  const c = document.createElement('canvas'); c.width = 1; c.height = 1;
  const g = c.getContext('2d'); g.drawImage(img, 0, 0);
  done(Array.from(g.getImageData(0, 0, 1, 1).data.slice(0, 3))); }; img.src = src; })"""
VISIBLE = """() => window.kgView.network.body.data.nodes.get({filter: n => !n.hidden})
                .map(n => n.id)"""


@dataclass
class Page:
    """A page plus everything it tried that a user would never want from an offline view."""

    page: Any
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def open(self, html: Path) -> None:
        self.page.goto(html.resolve().as_uri())
        self.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)

    def js(self, expression: str) -> Any:
        return self.page.evaluate(expression)

    def centered_on(self, node: str, *, timeout: float = 5.0) -> bool:
        """Whether the view settles with ``node`` in its middle (focus() animates there)."""
        deadline = time.monotonic() + timeout
        while True:
            view = self.js("window.kgView.network.getViewPosition()")
            at = self.js(f"window.kgView.network.getPositions([{node!r}])[{node!r}]")
            if abs(view["x"] - at["x"]) < 5 and abs(view["y"] - at["y"]) < 5:
                return True
            if time.monotonic() > deadline:
                return False
            self.page.wait_for_timeout(100)

    def settled_scale(self, *, timeout: float = 5.0) -> float:
        """The view's scale once it stops moving (a page just reloaded may still be moving its
        view; an animated zoom reads its target for a moment, then its first frames)."""
        view = "[window.kgView.network.getScale(), window.kgView.network.getViewPosition()]"
        deadline = time.monotonic() + timeout
        before = self.js(view)
        while True:
            self.page.wait_for_timeout(300)
            now = self.js(view)
            if now == before or time.monotonic() > deadline:
                return float(now[0])
            before = now

    def pixel(self, node: str) -> tuple[int, int, int]:
        """The colour on screen at the centre of ``node`` (a WebGL page), as a user sees it."""
        at = self.page.evaluate(
            "(id) => { const n = window.kgView.data.nodes.find(n => n.id === id);"
            " return window.kgView.draw.toScreen(n.x, n.y); }",
            node,
        )
        box = self.page.locator("#graph").bounding_box()
        x, y = round(box["x"] + at["x"]), round(box["y"] + at["y"])
        shot = self.page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
        blank = self.page.context.new_page()
        rgb = blank.evaluate(PIXEL, "data:image/png;base64," + base64.b64encode(shot).decode())
        blank.close()
        return tuple(rgb)  # type: ignore[return-value]

    def assert_clean(self, html: Path) -> None:
        assert self.blocked == [], "the page tried the network"
        assert self.requests == [html.resolve().as_uri()], "the page loaded something else"
        assert self.errors == []
        assert self.dialogs == []


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=list(CHROMIUM_ARGS))
        yield chromium
        chromium.close()


@pytest.fixture
def tab(browser: Any) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    tab = Page(page)

    def refuse(route: Any) -> None:
        tab.blocked.append(route.request.url)
        route.abort()

    context.route("http://**/*", refuse)
    context.route("https://**/*", refuse)
    page.on("request", lambda r: tab.requests.append(r.url))
    page.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: tab.errors.append(str(e)))
    page.on("dialog", lambda d: (tab.dialogs.append(d.message), d.dismiss()))
    yield tab
    context.close()


@pytest.fixture(scope="module")
def sample_nx(sample_graph: GraphData, tmp_path_factory: pytest.TempPathFactory) -> NetworkXStore:
    return store_graph(sample_graph, tmp_path_factory.mktemp("sample"))


def ego_args(store: NetworkXStore) -> dict[str, str]:
    """One well-connected name per ego view, taken from the sample itself."""
    G = store.graph

    def busiest(label: str) -> str:
        keys = [k for k in G if k.startswith(label + ":")]
        return max(keys, key=lambda k: (G.degree(k), k))

    paper = busiest("Paper")
    return {
        "author": G.nodes[busiest("Author")]["name"],
        "paper": G.nodes[paper]["id"],
        "entity": G.nodes[busiest("Method")]["name"],
        "track": G.nodes[busiest("Track")]["name"],
    }


@pytest.mark.parametrize("view", ["coauthors", "topics", "author", "paper", "entity", "track"])
def test_view_opens_offline_and_draws(
    view: str, sample_nx: NetworkXStore, tab: Page, tmp_path: Path
) -> None:
    data = make_view(sample_nx, view, ego_args(sample_nx).get(view))
    html = write_html(data, tmp_path / f"{view}.html")
    tab.open(html)
    tab.assert_clean(html)
    assert tab.js("document.querySelectorAll('#graph canvas').length") == 1
    assert tab.js(CANVAS_PIXELS) > 5_000, "the canvas is blank"
    assert tab.js("window.kgView.network.physics.options.enabled") is False  # layout holds still
    # drawn where kg placed them (no layout in the browser), names on the first screen
    first = data.nodes[0]
    at = tab.js(f"window.kgView.network.getPositions([{first.id!r}])[{first.id!r}]")
    assert abs(at["x"] - first.x) < 1 and abs(at["y"] - first.y) < 1  # vis rounds them
    assert tab.js("window.kgView.labelsDrawn") >= min(5, len(data.nodes))
    assert len(tab.js(VISIBLE)) == len(data.nodes)
    assert tab.page.inner_text("#title") == data.title
    legend = tab.page.inner_text("#legend-items")
    assert data.legend[0].label in legend
    if data.focus:  # an ego view describes its centre from the start
        center = next(n for n in data.nodes if n.id == data.focus)
        assert center.info.heading in tab.page.inner_text("#details-body")


@pytest.fixture
def coauthors_page(sample_nx: NetworkXStore, tab: Page, tmp_path: Path) -> tuple[ViewData, Path]:
    """The sample's co-author view, written and open in ``tab``."""
    data = make_view(sample_nx, "coauthors")
    html = write_html(data, tmp_path / "coauthors.html")
    tab.open(html)
    return data, html


def test_search_focuses_the_node(coauthors_page: tuple[ViewData, Path], tab: Page) -> None:
    data, html = coauthors_page
    target = max(data.nodes, key=lambda n: (n.size, n.id))
    name = target.info.heading
    suggested = "Array.from(document.querySelectorAll('#names option')).map(o => o.value)"
    tab.page.locator("#search").press_sequentially(name[:3], delay=5)
    assert tab.js(suggested).count(name) == 1  # suggested as one types
    assert len(tab.js(suggested)) <= 20  # a few suggestions, not every node
    tab.page.fill("#search", "")
    tab.page.locator("#search").press_sequentially(name, delay=5)
    assert tab.js("window.kgView.network.getSelectedNodes()") == [target.id]
    assert name in tab.page.inner_text("#details-body")
    assert tab.centered_on(target.id)

    # part of a name and Enter: the first match by size, then by name
    other = next(n for n in data.nodes if n.info.heading.split()[-1] != name.split()[-1])
    part = other.info.heading.split()[-1].lower()
    tab.page.fill("#search", part)
    tab.page.press("#search", "Enter")
    chosen = tab.js("window.kgView.network.getSelectedNodes()")[0]
    heading = tab.js(f"window.kgView.data.nodes.find(n => n.id === {chosen!r}).info.heading")
    assert part in heading.lower()
    tab.page.fill("#search", "no such person zzz")
    tab.page.press("#search", "Enter")
    assert tab.page.inner_text("#search-status") == "no match"
    tab.assert_clean(html)


def test_filters_by_type_and_track(sample_nx: NetworkXStore, tab: Page, tmp_path: Path) -> None:
    data = make_view(sample_nx, "topics")
    html = write_html(data, tmp_path / "topics.html")
    tab.open(html)
    track = max(data.tracks, key=lambda t: sum(t in n.tracks for n in data.nodes))
    tab.page.select_option("#track-filter", track)
    visible = set(tab.js(VISIBLE))
    assert visible == {n.id for n in data.nodes if track in n.tracks}
    assert any(n.kind == "Method" for n in data.nodes if n.id in visible)

    tab.page.locator("#type-filter input[value=Method]").uncheck()
    visible = set(tab.js(VISIBLE))
    assert visible == {n.id for n in data.nodes if track in n.tracks and n.kind != "Method"}

    tab.page.click("#reset")
    assert len(tab.js(VISIBLE)) == len(data.nodes)
    tab.assert_clean(html)


def test_cut_view_says_so(sample_nx: NetworkXStore, tab: Page, tmp_path: Path) -> None:
    html = write_html(make_view(sample_nx, "coauthors", max_nodes=40), tmp_path / "cut.html")
    tab.open(html)
    assert tab.page.is_visible("#notice")
    assert tab.page.inner_text("#notice").startswith("Showing 40 of 405 authors (--max-nodes 40)")
    assert len(tab.js(VISIBLE)) == 40


@pytest.fixture(scope="module")
def evil_nx(tmp_path_factory: pytest.TempPathFactory) -> NetworkXStore:
    return store_graph(build_graph(evil_records()), tmp_path_factory.mktemp("evil"))


@pytest.mark.parametrize(
    ("view", "arg", "webgl"),
    [
        ("coauthors", None, False),
        ("topics", None, False),
        ("author", EVIL_NAME, False),
        ("entity", "EvilNet", False),
        ("coauthors", None, True),
    ],
    ids=["coauthors", "topics", "author", "entity", "coauthors-webgl"],
)
def test_markup_in_names_shows_as_text_and_never_runs(
    view: str,
    arg: str | None,
    webgl: bool,
    evil_nx: NetworkXStore,
    tab: Page,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if webgl:
        monkeypatch.setattr("kg.viz.render.WEBGL_FROM", 1)
    data = make_view(evil_nx, view, arg)
    html = write_html(data, tmp_path / f"evil-{view}.html")
    tab.open(html)
    tab.assert_clean(html)  # no dialog, no request for "x", no script error
    assert not tab.js("document.title").startswith("pwned")
    assert tab.js("document.querySelectorAll('img').length") == 0
    # data, the library (vis-network; graphology and sigma), its drawer, the page
    assert tab.js("document.scripts.length") == (5 if webgl else 4)
    assert tab.js("window.kgView.draw.kind") == ("sigma" if webgl else "vis-network")
    assert tab.page.inner_text("#title") == data.title  # literal, even for "Author: Eve <img…"

    # the track filter lists the track name as text
    options = tab.js(
        "Array.from(document.querySelectorAll('#track-filter option')).map(o => o.text)"
    )
    assert EVIL_TRACK in options

    # the details panel shows the node's text literally
    shown = next(n for n in data.nodes if n.kind in ("Author", "Method"))
    tab.js(f"window.kgView.select({shown.id!r})")
    details = tab.page.inner_text("#details-body")
    assert shown.info.heading in details
    if view == "entity":  # the abstract, quoted as the evidence sentence
        assert EVIL_ABSTRACT in tab.page.text_content("#details-body")
    if view == "author":  # the abstract of the author's paper, in full
        evil_paper = next(n for n in data.nodes if n.info.abstract == EVIL_ABSTRACT)
        tab.js(f"window.kgView.select({evil_paper.id!r})")
        assert EVIL_ABSTRACT in tab.page.inner_text("#details-body .abstract")
        tab.js(f"window.kgView.select({shown.id!r})")

    # the hover tooltip too
    if webgl:
        tab.page.wait_for_timeout(600)  # select() animates the view onto the node
        tab.js("window.kgView.unselect()")
    else:
        assert tab.centered_on(shown.id)  # select() animates the view onto the node
        tab.js("window.kgView.network.unselectAll()")
    pos = tab.page.evaluate(
        "(id) => { const n = window.kgView.data.nodes.find(n => n.id === id);"
        " return window.kgView.draw.toScreen(n.x, n.y); }",
        shown.id,
    )
    box = tab.page.locator("#graph").bounding_box()
    tab.page.mouse.move(box["x"] + pos["x"] - 30, box["y"] + pos["y"] - 30)
    tab.page.mouse.move(box["x"] + pos["x"], box["y"] + pos["y"], steps=5)
    tooltip = tab.page.locator("div.kg-tip" if webgl else "div.vis-tooltip")
    tooltip.wait_for(state="visible", timeout=5_000)
    assert shown.info.heading in tooltip.inner_text()
    assert tab.js("document.querySelectorAll('img').length") == 0
    tab.assert_clean(html)


# --- kg viz trends ---------------------------------------------------------------------------


def test_the_trends_page_draws_offline_with_names_as_text(tab: Page, tmp_path: Path) -> None:
    from kg.viz.trends import render_trends, trend_chart

    years = range(2010, 2020)
    rows = [(EVIL_NAME, "Method", y, y - 2009, (y - 2009) / 20, y >= 2018, "rising") for y in years]
    rows += [("SVM", "Method", y, 2020 - y, (2020 - y) / 20, False, "falling") for y in years]
    html = tmp_path / "trends.html"
    chart = trend_chart(rows, title="Trends over the years", subtitle=EVIL_TRACK)
    html.write_text(render_trends(chart), encoding="utf-8")
    tab.open(html)
    tab.assert_clean(html)
    assert not tab.js("document.title").startswith("pwned")
    assert tab.js("document.scripts.length") == 0 and tab.js("document.images.length") == 0
    assert tab.js("document.querySelectorAll('#chart polyline').length") == 2
    assert tab.js("document.querySelectorAll('#chart circle').length") == 20
    assert tab.js("document.querySelectorAll('#chart circle.burst').length") == 2
    legend = tab.js(
        "Array.from(document.querySelectorAll('#legend tbody tr')).map(r => r.innerText)"
    )
    assert EVIL_NAME in legend[0] and "2018–2019" in legend[0]
    assert "falling" in legend[1] and "none" in legend[1]
    # the rising line ends higher than it starts (SVG y grows downward); the falling one lower
    ends = tab.js(
        "Array.from(document.querySelectorAll('#chart polyline')).map(p => "
        "{ const pts = p.points; return [pts[0].y, pts[pts.length - 1].y]; })"
    )
    assert ends[0][1] < ends[0][0] and ends[1][1] > ends[1][0]
    box = tab.page.locator("#chart").bounding_box()
    assert box["width"] > 600 and box["height"] > 300


@pytest.fixture(scope="module")
def people_nx(tmp_path_factory: pytest.TempPathFactory) -> NetworkXStore:
    """Two Bengios (Yoshua with more papers, Samy first in the alphabet), an accented name, and
    a small group around each."""
    from test_viz import paper

    from kg.model import ExtractedPaper

    records = [
        paper(f"Deep learning study number {i}.", ["Yoshua Bengio", f"Student {i}"])
        for i in range(3)
    ]
    records.append(paper("Speech work.", ["Samy Bengio", "Ann Other"]))
    records.append(paper("Kernel methods.", ["Bernhard Schölkopf", "Alex Smola"]))
    graph = build_graph([ExtractedPaper(p, []) for p in records])
    return store_graph(graph, tmp_path_factory.mktemp("people"))


def test_search_ranks_by_papers_and_ignores_case_and_accents(
    people_nx: NetworkXStore, tab: Page, tmp_path: Path
) -> None:
    data = make_view(people_nx, "coauthors")
    html = write_html(data, tmp_path / "people.html")
    tab.open(html)
    ids = {n.info.heading: n.id for n in data.nodes}
    for query, expected in [
        ("Bengio", "Yoshua Bengio"),
        ("bengio", "Yoshua Bengio"),
        ("Scholkopf", "Bernhard Schölkopf"),
        ("SCHÖLKOPF", "Bernhard Schölkopf"),
        ("samy", "Samy Bengio"),
    ]:
        tab.page.fill("#search", query)
        tab.page.press("#search", "Enter")
        assert tab.js("window.kgView.network.getSelectedNodes()") == [ids[expected]], query
    # the found node stays put: no second animation, and moving the mouse does not pan it away
    assert tab.centered_on(ids["Samy Bengio"])
    box = tab.page.locator("#graph").bounding_box()
    tab.page.mouse.move(box["x"] + 50, box["y"] + 50)
    tab.page.mouse.move(box["x"] + 200, box["y"] + 120, steps=5)
    tab.page.wait_for_timeout(600)
    assert tab.centered_on(ids["Samy Bengio"], timeout=0.5)
    tab.assert_clean(html)


def test_select_lights_neighbours_and_the_url_keeps_it(
    coauthors_page: tuple[ViewData, Path], tab: Page
) -> None:
    data, _ = coauthors_page
    target = max(data.nodes, key=lambda n: (n.size, n.id))
    near = {e.target for e in data.edges if e.source == target.id}
    near |= {e.source for e in data.edges if e.target == target.id}
    far = next(n for n in data.nodes if n.id not in near and n.id != target.id)
    tab.js(f"window.kgView.select({target.id!r})")
    color = "(id) => window.kgView.network.body.data.nodes.get(id).color.background"
    assert tab.page.evaluate(color, target.id) == target.color
    assert all(tab.page.evaluate(color, n) != "#eceef1" for n in near)
    assert tab.page.evaluate(color, far.id) == "#eceef1"  # dimmed
    assert tab.js("location.hash") == "#" + quote(target.id, safe="")

    # the hash brings the selection back on reload
    tab.page.reload()
    tab.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    assert tab.js("window.kgView.network.getSelectedNodes()") == [target.id]
    assert target.info.heading in tab.page.inner_text("#details-body")

    # zoom buttons, then back to the overview: nothing selected, nothing dimmed
    scale = tab.settled_scale()
    tab.page.click("#zoom-in")  # × 1.5, animated: read where the view comes to rest (vis-network
    # reports the target scale for a moment, then the first frames from the start again)
    assert tab.settled_scale() > scale * 1.4
    tab.page.click("#overview")
    assert tab.js("window.kgView.network.getSelectedNodes()") == []
    assert tab.page.evaluate(color, far.id) == far.color
    assert tab.js("location.hash") == ""


def test_legend_entries_light_their_group(coauthors_page: tuple[ViewData, Path], tab: Page) -> None:
    data, html = coauthors_page
    first = data.legend[0]
    tab.page.locator("#legend-items .legend-entry").first.click()
    lit = set(tab.js("Array.from(window.kgView.lit)"))
    assert lit == {n.id for n in data.nodes if n.color == first.color}
    assert len(lit) == first.count
    tab.page.locator("#legend-items .legend-entry").first.click()  # again: everything
    assert tab.js("window.kgView.lit") is None
    tab.assert_clean(html)


def test_more_names_appear_as_one_zooms_in(
    coauthors_page: tuple[ViewData, Path], tab: Page
) -> None:
    data, _ = coauthors_page
    first = tab.js("window.kgView.labelsDrawn")
    assert first >= 10  # names on the first screen
    tab.js(
        "(() => { const n = window.kgView.network; const p = n.getViewPosition();"
        " n.moveTo({position: p, scale: n.getScale() * 3}); })()"
    )
    tab.page.wait_for_timeout(300)
    at = tab.js("window.kgView.network.getScale()")
    visible = tab.js("window.kgView.labelsDrawn")
    shown = [n for n in data.nodes if n.label_zoom <= at]
    assert len(shown) > first  # more names qualify when closer …
    assert visible > 0  # … and those on screen are drawn


# --- whole graphs: sigma.js on WebGL ---------------------------------------------------------


@pytest.fixture
def webgl(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages drawn by sigma.js whatever their size (the corpus graph is too big for a test)."""
    monkeypatch.setattr("kg.viz.render.WEBGL_FROM", 1)


def test_the_webgl_page_finds_lights_and_remembers_like_the_small_one(
    webgl: None, people_nx: NetworkXStore, tab: Page, tmp_path: Path
) -> None:
    data = make_view(people_nx, "coauthors")
    html = write_html(data, tmp_path / "people-webgl.html")
    tab.open(html)
    assert tab.js("window.kgView.draw.kind") == "sigma"
    assert tab.js("document.querySelectorAll('#graph canvas').length") >= 3  # sigma's layers
    assert tab.js("window.kgView.labelsDrawn") > 0  # names on the first screen
    ids = {n.info.heading: n.id for n in data.nodes}
    for query, expected in [("Bengio", "Yoshua Bengio"), ("Scholkopf", "Bernhard Schölkopf")]:
        tab.page.fill("#search", query)
        tab.page.press("#search", "Enter")
        assert tab.js("window.kgView.selected") == ids[expected], query
    # the selection and its co-author are lit, everyone else dimmed; the URL keeps it
    lit = set(tab.js("Array.from(window.kgView.lit)"))
    assert lit == {ids["Bernhard Schölkopf"], ids["Alex Smola"]}
    assert tab.js("location.hash") == "#" + quote(ids["Bernhard Schölkopf"], safe="")
    assert "Bernhard Schölkopf" in tab.page.inner_text("#details-body")
    # the found node is in the middle of the picture, close enough to read its name
    box = tab.page.locator("#graph").bounding_box()
    tab.page.wait_for_timeout(700)
    at = tab.page.evaluate(
        "(id) => { const n = window.kgView.data.nodes.find(n => n.id === id);"
        " return window.kgView.draw.toScreen(n.x, n.y); }",
        ids["Bernhard Schölkopf"],
    )
    assert abs(at["x"] - box["width"] / 2) < 5 and abs(at["y"] - box["height"] / 2) < 5
    # on screen, zoomed out (as with the wheel) to see both: Bengio pale under the veil, Smola
    # in his own colour above it
    tab.js("window.kgView.draw.fit(null, false)")
    tab.page.wait_for_timeout(100)
    dimmed, shown = tab.pixel(ids["Yoshua Bengio"]), tab.pixel(ids["Alex Smola"])
    smola = next(n for n in data.nodes if n.id == ids["Alex Smola"]).color
    assert min(dimmed) > 200, dimmed
    assert (
        max(abs(a - int(smola[i : i + 2], 16)) for a, i in zip(shown, (1, 3, 5), strict=True)) < 40
    ), shown

    tab.assert_clean(html)
    tab.page.reload()
    tab.page.wait_for_selector("body[data-ready=true]", state="attached", timeout=60_000)
    assert tab.js("window.kgView.selected") == ids["Bernhard Schölkopf"]

    scale = tab.js("window.kgView.draw.scale()")
    tab.page.click("#zoom-in")
    tab.page.wait_for_timeout(600)
    assert tab.js("window.kgView.draw.scale()") > scale * 1.2
    tab.page.click("#overview")
    assert tab.js("window.kgView.selected") is None and tab.js("window.kgView.lit") is None
    assert tab.js("location.hash") == ""

    tab.page.locator("#legend-items .legend-entry").first.click()
    first = data.legend[0]
    assert set(tab.js("Array.from(window.kgView.lit)")) == {
        n.id for n in data.nodes if n.color == first.color
    }
    assert tab.errors == [] and tab.blocked == []


def test_the_webgl_page_names_its_groups_and_shows_more_names_closer(
    webgl: None, sample_nx: NetworkXStore, tab: Page, tmp_path: Path
) -> None:
    data = make_view(sample_nx, "coauthors")
    html = write_html(data, tmp_path / "coauthors-webgl.html")
    tab.open(html)
    first = tab.js("window.kgView.labelsDrawn")
    scale = tab.js("window.kgView.draw.scale()")
    shown = [c for c in data.clusters if c.from_zoom <= scale < c.until_zoom]
    assert shown  # groups named on the overview …
    tab.page.click("#zoom-in")
    tab.page.click("#zoom-in")
    tab.page.wait_for_timeout(800)
    closer = tab.js("window.kgView.draw.scale()")
    assert len([n for n in data.nodes if n.label_zoom <= closer]) > first  # … more names closer
    assert tab.js("window.kgView.labelsDrawn") > 0
    tab.assert_clean(html)


@pytest.fixture(scope="module")
def years_nx(tmp_path_factory: pytest.TempPathFactory) -> NetworkXStore:
    """A chain of co-authors over the years: Ada wrote with Bob three times (2015-2017), with
    Cy once (2019); Cy wrote with Dee in 2021."""
    from dataclasses import replace

    from test_viz import paper

    from kg.model import ExtractedPaper

    records = [
        replace(paper(f"Early work {y}.", ["Ada Lovelace", "Bob Babbage"]), year=y)
        for y in (2015, 2016, 2017)
    ]
    records.append(replace(paper("Middle work.", ["Ada Lovelace", "Cy Young"]), year=2019))
    records.append(replace(paper("Late work.", ["Cy Young", "Dee Dee"]), year=2021))
    graph = build_graph([ExtractedPaper(p, []) for p in records])
    return store_graph(graph, tmp_path_factory.mktemp("years"))


@pytest.mark.parametrize("webgl", [False, True], ids=["vis-network", "sigma"])
def test_the_panel_lists_co_authors_by_joint_papers_expands_and_filters_years(
    webgl: bool,
    years_nx: NetworkXStore,
    tab: Page,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if webgl:
        monkeypatch.setattr("kg.viz.render.WEBGL_FROM", 1)
    data = make_view(years_nx, "coauthors")
    ids = {n.info.heading: n.id for n in data.nodes}
    html = write_html(data, tmp_path / "years.html")
    tab.open(html)
    tab.js(f"window.kgView.select({ids['Ada Lovelace']!r})")
    rows = tab.js(
        "Array.from(document.querySelectorAll('#details-body .linked li')).map(li => li.innerText)"
    )
    rows = [" ".join(r.split()) for r in rows]
    assert rows[0].startswith("Bob Babbage · 3") and rows[1].startswith("Cy Young · 1")
    # + lights Cy's co-authors too (Dee), keeping Ada selected
    tab.page.locator("#details-body .linked li").nth(1).locator("button.expand").click()
    assert set(tab.js("Array.from(window.kgView.lit)")) == set(ids.values())
    assert tab.js("window.kgView.selected") == ids["Ada Lovelace"]
    # a co-author's name selects them
    tab.page.locator("#details-body .linked li").nth(1).locator("button.link").click()
    assert tab.js("window.kgView.selected") == ids["Cy Young"]

    # years: only authors with a paper in the range stay
    assert tab.page.is_visible("#year-filter")
    tab.js("window.kgView.setYears(2019, 2021)")
    shown = {n.id for n in data.nodes} - set(tab.js("Array.from(window.kgView.hidden)"))
    assert shown == {ids["Ada Lovelace"], ids["Cy Young"], ids["Dee Dee"]}
    assert tab.page.inner_text("#year-range") == "2019–2021"
    tab.js("window.kgView.setYears(2020, 2021)")
    shown = {n.id for n in data.nodes} - set(tab.js("Array.from(window.kgView.hidden)"))
    assert shown == {ids["Cy Young"], ids["Dee Dee"]}
    tab.page.click("#reset")
    assert tab.js("Array.from(window.kgView.hidden)") == []
    tab.assert_clean(html)
