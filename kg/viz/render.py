"""A :class:`ViewData` → one self-contained, safe HTML page.

:mod:`kg.viz.layout` places the nodes; vis-network draws them. The page is our own Jinja template
with autoescape (pyvis 0.3.2's template loads Bootstrap and vis-network from CDNs and writes names
and titles into the page unescaped; kg uses pyvis only for the copy of vis-network it ships).
Here:

- the vis-network script and stylesheet that ship inside the pyvis package are inlined, so the
  page opens with no network;
- every name, title and abstract reaches the page as JSON inside a
  ``<script type="application/json">`` block (``<``, ``>`` and ``&`` escaped as ``\\u003c``…,
  so no string can close the block), and the page script puts text on screen only through
  ``textContent`` — tooltips are DOM elements, never HTML;
- a Content-Security-Policy allows only the page's own inline scripts (by hash) and no
  connections at all, so even an injected handler could neither run nor phone home.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from markupsafe import Markup

from kg import __version__
from kg.errors import KGError
from kg.model import fold

if TYPE_CHECKING:  # (kg.viz.views and .layout import networkx and numpy: not for a cached page)
    from kg.viz.info import Info
    from kg.viz.views import ViewData, VNode

VIS_VERSION = "9.1.2"
TEMPLATE = "view.html.j2"
#: From this many nodes on a view is drawn by sigma.js on WebGL (kg/viz/static/vendor, MIT, see
#: tools/vendor_webgl.py); below, by vis-network on a 2D canvas, which slows past a few thousand.
WEBGL_FROM = 2500
WEBGL_SCRIPTS = ("vendor/graphology.umd.min.js", "vendor/sigma.min.js", "draw-sigma.js")


@dataclass(frozen=True, slots=True)
class Page:
    """A view ready for the template: its titles, size and notice, and the graph as the JSON text
    of the page's data block (:func:`script_json`). A view's page is kept in the viz-cache."""

    view: str
    title: str
    subtitle: str
    nodes: int
    notice: str
    data: str


def render_html(view: ViewData) -> str:
    """The page for one view, as a string: vis-network below :data:`WEBGL_FROM` nodes, sigma.js
    from there on; the same page around either (view.js)."""
    return render_page(page_of(view))


def page_of(view: ViewData) -> Page:
    """What the page of ``view`` holds, before the template."""
    from kg.viz.layout import LABEL_PX

    payload: dict[str, Any] = {
        "view": view.view,
        "title": view.title,
        "nodes": [],
        "edges": [],
        "options": {},
        "legend": [
            {"label": i.label, "color": i.color, "count": i.count, "kind": i.kind}
            for i in view.legend
        ],
        "legendTitle": view.legend_title,
        "tracks": view.tracks,
        "notice": view.notice,
        "focus": view.focus,
        "shown": len(view.nodes),
        "total": view.total_nodes,
        "labelPx": LABEL_PX,
        "clusters": [
            {
                "label": c.label,
                "x": c.x,
                "y": c.y,
                "ink": _darken(c.color, 0.6),
                "fromZoom": c.from_zoom,
                "untilZoom": c.until_zoom,
            }
            for c in view.clusters
        ],
    }
    nodes, edges, palette, strings, options = network_data(view)
    payload |= {"nodes": nodes, "edges": edges, "palette": palette, "strings": strings}
    payload["options"] = options
    data = str(script_json(payload))
    return Page(view.view, view.title, view.subtitle, len(view.nodes), view.notice, data)


def render_page(page: Page) -> str:
    """The page's HTML: the template around the data, the drawer for its size, page.js, and a
    Content-Security-Policy allowing exactly those scripts."""
    webgl = page.nodes >= WEBGL_FROM
    if webgl:
        scripts = [_static(name) for name in WEBGL_SCRIPTS]
    else:
        scripts = [_vis_asset("vis-network.min.js"), _static("draw-vis.js")]
    scripts.append(_static("view.js"))
    csp = "; ".join(
        [
            "default-src 'none'",
            "script-src " + " ".join(_csp_hash(s) for s in scripts),
            "style-src 'unsafe-inline'",
            "img-src data: blob:",
            "font-src data:",
            "connect-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )
    return template().render(
        view=page,
        csp=csp,
        data=Markup(page.data),
        vis_css=Markup("") if webgl else _raw(_vis_asset("vis-network.css"), "style"),
        page_css=_raw(_static("view.css"), "style"),
        scripts=[_raw(s, "script") for s in scripts],
        renderer="sigma.js (WebGL)" if webgl else "vis-network",
        version=__version__,
    )


def default_output_dir() -> Path:
    """The repository's visualizations/ folder when kg runs from a checkout, else
    ./visualizations (an installed kg has no repository around it)."""
    import kg

    repo = Path(kg.__file__).resolve().parents[1] / "visualizations"
    return repo if repo.is_dir() else Path("visualizations")


def default_output_path(view: str, arg: str | None = None) -> Path:
    """visualizations/coauthors.html, visualizations/author-murat-kocaoglu.html, …"""
    name = view
    if arg:
        slug = re.sub(r"[^0-9a-z]+", "-", fold(arg)).strip("-")[:60]
        name = f"{view}-{slug or 'view'}"
    return default_output_dir() / f"{name}.html"


def write_html(view: ViewData, path: Path) -> Path:
    return write_page(render_html(view), path)


def write_page(html: str, path: Path) -> Path:
    """Write a rendered page, creating its folder; KGError if it cannot be written."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # "\n" as written: the CSP hashes are of the scripts' exact text
        path.write_text(html, encoding="utf-8", newline="\n")
    except OSError as exc:
        raise KGError(f"cannot write {path}: {exc.strerror or exc}") from exc
    return path


def network_data(
    view: ViewData,
) -> tuple[dict[str, list], dict[str, list], list[tuple[str, str]], list[str], dict]:
    """Nodes, links, palette, string table and vis-network options, compact (view.js unfolds
    them): nodes and links are columns, not one object each; a node's colours are a number in
    ``palette``; a string that nodes repeat (track names, paper names in authors' tooltips,
    field names) is a number in ``strings``; links are node numbers, widths, joint papers, and
    — for vis-network, which shows them on hover — titles. A whole co-author graph's page is
    less than half the size, and the browser parses it in as much less time. Positions come
    from :mod:`kg.viz.layout` and physics is off: the page draws at once and holds still."""
    from kg.viz.layout import SEED

    counts = Counter(text for n in view.nodes for text in _repeatable(n))
    strings = [text for text, k in counts.items() if k > 1 and len(text) > 3]
    ref = {text: i for i, text in enumerate(strings)}.get
    palette: dict[tuple[str, str], int] = {}
    nodes: dict[str, list] = {
        "id": [n.id for n in view.nodes],
        "label": [n.label for n in view.nodes],
        "x": [n.x for n in view.nodes],
        "y": [n.y for n in view.nodes],
        "size": [n.radius for n in view.nodes],
        "c": [
            palette.setdefault(_node_color(n.color, center=n.center), len(palette))
            for n in view.nodes
        ],
        "kind": [ref(n.kind, n.kind) for n in view.nodes],
        "tracks": [[ref(t, t) for t in n.tracks] for n in view.nodes],
        "center": [int(n.center) for n in view.nodes],
        "labelZoom": [n.label_zoom for n in view.nodes],
        "years": [n.years for n in view.nodes],
        "info": [_packed(n.info, ref) for n in view.nodes],
    }
    number = {n.id: i for i, n in enumerate(view.nodes)}
    edges: dict[str, list] = {
        "from": [number[e.source] for e in view.edges],
        "to": [number[e.target] for e in view.edges],
        "width": [e.width for e in view.edges],
        "weight": [e.weight for e in view.edges],
    }
    if len(view.nodes) < WEBGL_FROM:  # sigma.js pages show no link tooltips
        edges["title"] = [e.title for e in view.edges]
    big = len(view.nodes) > 150
    options: dict[str, Any] = {
        "physics": {
            "enabled": False,
            "solver": "forceAtlas2Based",
            "forceAtlas2Based": {
                "gravitationalConstant": -40,
                "centralGravity": 0.01,
                "springLength": 60,
                "springConstant": 0.08,
                "damping": 0.6,
                "avoidOverlap": 0.8,
            },
            "stabilization": {"enabled": False},
            "minVelocity": 1.0,
        },
        "layout": {"randomSeed": SEED, "improvedLayout": False},
        "interaction": {
            "hover": True,
            "tooltipDelay": 150,
            "hideEdgesOnDrag": big,
            "navigationButtons": False,
            "keyboard": {"enabled": True, "bindToWindow": False},
            "multiselect": False,
        },
        "edges": {
            "color": {
                "color": "#9aa4b1",
                "highlight": "#1f2328",
                "hover": "#4b5563",
                "opacity": 0.7,
            },
            "smooth": {"enabled": False},
            "selectionWidth": 1.5,
            "arrows": {"to": {"enabled": False}},
        },
    }
    return nodes, edges, list(palette), strings, options


def script_json(value: Any) -> Markup:
    """JSON that is safe inside a ``<script type="application/json">`` block: ``<``, ``>`` and
    ``&`` (the only characters that can end the block or start markup) become ``\\u003c`` etc.,
    which JSON.parse turns back into the same characters."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escape in (
        ("&", "\\u0026"),
        ("<", "\\u003c"),
        (">", "\\u003e"),
        ("\u2028", "\\u2028"),
        ("\u2029", "\\u2029"),
    ):
        text = text.replace(char, escape)
    return Markup(text)


def _repeatable(node: VNode) -> Iterator[str]:
    """The strings of a node that other nodes may share (not its id, name or abstract)."""
    info = node.info
    yield node.kind
    yield from node.tracks
    yield info.kind
    yield info.items_title
    for label, value in info.fields:
        yield label
        yield value
    for item in info.items:
        yield from item.values()


def _packed(info: Info, ref: Callable[[str, str], int | str]) -> list:
    """[heading, kind, fields, items title, items ([name, note(, quote)]), abstract], each shared
    string a number in the page's table (``ref``)."""
    return [
        info.heading,
        ref(info.kind, info.kind),
        [[ref(label, label), ref(value, value)] for label, value in info.fields],
        ref(info.items_title, info.items_title),
        [
            [ref(i["name"], i["name"]), ref(i["note"], i["note"])]
            + ([ref(i["quote"], i["quote"])] if i["quote"] else [])
            for i in info.items
        ],
        info.abstract,
    ]


def _node_color(color: str, *, center: bool) -> tuple[str, str]:
    """(fill, border): the border darker, or black for the centre of an ego view."""
    return color, "#1f2328" if center else _darken(color)


def _darken(color: str, factor: float = 0.75) -> str:
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c * factor) for c in (r, g, b)))


def _csp_hash(script: str) -> str:
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def _raw(text: str, tag: str) -> Markup:
    """Our own asset, inlined as is; it must not be able to end its own element."""
    if f"</{tag}" in text.lower():
        raise KGError(f"an inlined asset contains </{tag}> and cannot be embedded")
    return Markup(text)


@cache
def _vis_asset(name: str) -> str:
    # find the installed pyvis without importing it (its import pulls in IPython: half a second)
    spec = importlib.util.find_spec("pyvis")
    folder = Path(spec.origin).resolve().parent if spec and spec.origin else Path("pyvis")
    path = folder / "lib" / f"vis-{VIS_VERSION}" / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise KGError(
            f"the vis-network asset {path} is missing — reinstall pyvis: pip install pyvis==0.3.2"
        ) from exc


@cache
def _static(name: str) -> str:
    return resources.files("kg.viz").joinpath("static", name).read_text(encoding="utf-8")


@cache
def template(name: str = TEMPLATE) -> jinja2.Template:
    """A page template of kg/viz/templates, autoescaped: every value is text unless marked."""
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("kg.viz", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(name)
