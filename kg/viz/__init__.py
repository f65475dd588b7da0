"""Interactive views of the graph: self-contained, offline, escaped HTML pages (vis-network via
pyvis), plus PNG/SVG export through a headless browser."""

from __future__ import annotations

from kg.viz.render import default_output_path, render_html, write_html
from kg.viz.trends import write_trends
from kg.viz.views import (
    DEFAULT_MAX_NODES,
    EGO_KINDS,
    VIEWS,
    ViewData,
    coauthors_view,
    ego_view,
    make_view,
    topics_view,
)

__all__ = [
    "DEFAULT_MAX_NODES",
    "EGO_KINDS",
    "VIEWS",
    "ViewData",
    "coauthors_view",
    "default_output_path",
    "ego_view",
    "make_view",
    "render_html",
    "topics_view",
    "write_html",
    "write_trends",
]
