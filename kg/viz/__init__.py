"""Interactive views of the graph: self-contained, offline, escaped HTML pages (vis-network or
sigma.js), plus PNG/SVG export through a headless browser.

Names are imported on first use (PEP 562): ``kg viz`` reading a cached page imports neither
networkx nor numpy, which computing a view needs."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kg.viz.pages import prepare_views, view_page
    from kg.viz.render import default_output_path, render_html, render_page, write_html
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
    "prepare_views",
    "render_html",
    "render_page",
    "topics_view",
    "view_page",
    "write_html",
    "write_trends",
]
#: where the names live, the light modules first
_MODULES = ("kg.viz.render", "kg.viz.pages", "kg.viz.trends", "kg.viz.views")


def __getattr__(name: str) -> Any:
    if name in __all__:
        for module in _MODULES:
            found = getattr(import_module(module), name, None)
            if found is not None:
                return found
    raise AttributeError(f"module 'kg.viz' has no attribute {name!r}")
