"""A view's page data, kept in the embedded store's viz-cache so that writing a page is reading it:
the first ``kg viz coauthors`` after ``kg build`` costs what the next ones do.

A view is a function of the graph, its options and kg's code, and the slow parts (Louvain over
the whole co-author graph, the layout) are seconds to minutes on a corpus; so :func:`view_page`
keys the finished :class:`~kg.viz.render.Page` by the store file's digest, the options and
:func:`~kg.viz.cache.code_digest`, and :func:`prepare_views` (called once a build has written the
graph) computes the default co-author view then. This module imports neither networkx nor numpy:
a page read from the cache needs neither.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from kg.errors import KGError
from kg.store.base import GraphStore
from kg.viz.cache import ViewCache, code_digest
from kg.viz.render import Page, page_of

#: computed by :func:`prepare_views` after a build: the view `kg viz` draws when given no options
PREPARED = ("coauthors",)


def view_page(
    store: GraphStore,
    view: str,
    arg: str | None = None,
    *,
    min_weight: int = 1,
    max_nodes: int | None = None,
    hops: int = 2,
) -> Page:
    """The page of a view (as :func:`~kg.viz.views.make_view` takes it), from the viz-cache when
    this graph's page was computed before (an embedded store), else computed and kept there."""
    options: dict[str, Any] = {"min_weight": min_weight, "max_nodes": max_nodes, "hops": hops}

    def compute() -> Page:
        from kg.viz.views import make_view

        return page_of(make_view(store, view, arg, **options))

    cache = ViewCache.beside(store)
    if cache.graph is None:  # Neo4j, or no graph file: nothing to key a page by
        return compute()
    key = [code_digest(), cache.graph, view, arg, options]
    return cache.get(f"page-{view}", key, compute, encode=asdict, decode=lambda d: Page(**d))


def prepare_views(store: GraphStore) -> None:
    """Compute and keep the pages of :data:`PREPARED` for the graph the store now holds (nothing
    on a store without a viz-cache). A graph those views cannot show (no authors) is skipped."""
    if ViewCache.beside(store).graph is None:
        return
    for view in PREPARED:
        try:
            view_page(store, view)
        except KGError:
            continue
