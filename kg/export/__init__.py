"""Exports to the tools researchers use: Gephi and Cytoscape (GraphML, GEXF), VOSviewer (its JSON
map/network format), neo4j-admin (an import folder of CSVs), JSON lines / CSV edge lists, and
NetworkX node-link JSON (the embedded store's format before ``.kg``).

An export reads through the store contract, so it works from either store. ``view`` is ``all``
(the whole graph: every node and relationship with its properties) or a view of ``kg viz`` —
``coauthors`` or ``topics``, with its filters (``min_weight``, ``max_nodes``) — whose nodes carry
name, papers, years, the view's community and a position. See docs/exports.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kg.errors import ConfigError, ExportError
from kg.export.networks import network_of, write_gexf, write_graphml, write_vosviewer
from kg.export.records import graph_nodes, graph_rels, view_network
from kg.export.tables import Written, write_edge_csv, write_jsonl, write_neo4j_admin
from kg.store.base import GraphStore
from kg.store.fileformat import write_node_link

__all__ = ["EXPORT_VIEWS", "FORMATS", "Exported", "export_graph"]

FORMATS = ("graphml", "gexf", "vosviewer", "neo4j-admin", "jsonl", "csv", "node-link")
EXPORT_VIEWS = ("all", "coauthors", "topics")
#: The view a format exports when none is given: VOSviewer maps one kind of network.
DEFAULT_VIEW = {"vosviewer": "coauthors"}


@dataclass(slots=True)
class Exported:
    format: str
    view: str
    written: Written
    notice: str = ""  # why a view is incomplete (--max-nodes)

    def report(self) -> list[str]:
        """What was written, and for neo4j-admin the command that imports it: lines to show."""
        where = self.written.paths[0].parent.parent if self.format == "neo4j-admin" else None
        target = str(where) if where else ", ".join(str(p) for p in self.written.paths)
        counted = f"{self.written.relationships:,} relationships"
        if self.format != "csv":  # an edge list has no node rows
            counted = f"{self.written.nodes:,} nodes, {counted}"
        lines = [f"{self.format} ({self.view}): {counted} → {target}"]
        if self.written.command:
            lines += ["import into a new database (Neo4j stopped) with:", self.written.command]
        return lines


def export_graph(
    store: GraphStore,
    fmt: str,
    output: Path,
    *,
    view: str | None = None,
    min_weight: int = 1,
    max_nodes: int | None = None,
) -> Exported:
    """Write the graph, or one of its views, in ``fmt`` at ``output`` (a folder for
    neo4j-admin, a file otherwise)."""
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise ConfigError(f"unknown export format {fmt!r}: use one of {', '.join(FORMATS)}")
    view = (view or DEFAULT_VIEW.get(fmt, "all")).lower()
    if view not in EXPORT_VIEWS:
        raise ConfigError(f"unknown view {view!r}: use one of {', '.join(EXPORT_VIEWS)}")
    if fmt == "vosviewer" and view == "all":
        raise ConfigError("VOSviewer maps one network: pass --view coauthors or --view topics")
    if fmt in ("neo4j-admin", "node-link") and view != "all":
        raise ConfigError(f"{fmt} holds the whole graph: leave out --view (or --view all)")
    _check_target(output, folder=fmt == "neo4j-admin")
    if not store.counts().node("Paper"):
        raise ExportError("the graph is empty — build it first: `kg build [SOURCES…]`")
    try:
        if view == "all":
            return Exported(fmt, view, _whole(store, fmt, output))
        from kg.viz.views import make_view

        data = make_view(store, view, min_weight=min_weight, max_nodes=max_nodes)
        network = view_network(store.index(), data)
        written = Written(
            [output], network.graph.number_of_nodes(), network.graph.number_of_edges()
        )
        if fmt == "vosviewer":
            write_vosviewer(network, output)
        elif fmt in ("graphml", "gexf"):
            G = network_of(network.nodes(), network.rels(), directed=False)
            (write_graphml if fmt == "graphml" else write_gexf)(G, output)
        elif fmt == "jsonl":
            written = write_jsonl(network.nodes(), network.rels(), output)
        else:
            written = write_edge_csv(network.rels(), output)
        return Exported(fmt, view, written, data.notice)
    except OSError as exc:
        raise ExportError(f"cannot write {output}: {exc.strerror or exc}") from None


def _whole(store: GraphStore, fmt: str, output: Path) -> Written:
    if fmt == "neo4j-admin":
        return write_neo4j_admin(lambda: graph_nodes(store), lambda: graph_rels(store), output)
    if fmt == "jsonl":
        return write_jsonl(graph_nodes(store), graph_rels(store), output)
    if fmt == "csv":
        return write_edge_csv(graph_rels(store), output)
    if fmt == "node-link":
        graph = store.to_networkx()
        with output.open("w", encoding="utf-8") as fh:
            write_node_link(graph, fh)
        return Written([output], graph.number_of_nodes(), graph.number_of_edges())
    G = network_of(graph_nodes(store), graph_rels(store), directed=True)
    (write_graphml if fmt == "graphml" else write_gexf)(G, output)
    return Written([output], G.number_of_nodes(), G.number_of_edges())


def _check_target(output: Path, *, folder: bool) -> None:
    if folder:
        if output.exists() and (not output.is_dir() or any(output.iterdir())):
            raise ExportError(
                f"{output} exists and is not an empty folder: neo4j-admin CSVs go into a new or "
                "empty folder, so no file of an older export is imported with them"
            )
        return
    if output.is_dir():
        raise ExportError(f"{output} is a folder: give a file name, e.g. {output / 'graph.out'}")
    if not output.parent.exists():
        raise ExportError(f"the folder {output.parent} does not exist: create it first")
