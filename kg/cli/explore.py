"""Commands that read the graph: viz, export, query, cypher, authors, search."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from kg.cli.common import (
    OverridesOpt,
    SourcesArg,
    StoreOptions,
    app,
    err,
    out,
    run,
    show,
    store_options,
    warn,
)
from kg.config import load_settings
from kg.identity.report import author_table
from kg.output import (
    check_format,
    printable,
    render_rows,
)

EXPORT_FORMATS = "graphml, gexf, vosviewer, neo4j-admin, jsonl, csv or node-link"
MinWeightOpt = Annotated[
    int,
    typer.Option(
        "--min-weight",
        min=1,
        help="Hide links with fewer papers: joint papers (coauthors), papers (topics).",
    ),
]
MaxNodesOpt = Annotated[
    int | None,
    typer.Option("--max-nodes", min=1, help="At most this many nodes (default per view)."),
]


@app.command("viz")
@store_options
def viz_cmd(
    view: Annotated[
        str,
        typer.Argument(
            help="coauthors | topics | trends | author NAME | paper ID | entity NAME | track NAME",
            show_default=False,
        ),
    ],
    arg: Annotated[
        str | None,
        typer.Argument(
            help="The author, paper id, entity or track of an ego view.", show_default=False
        ),
    ] = None,
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="HTML file to write (default: visualizations/VIEW.html)."
        ),
    ] = None,
    min_weight: MinWeightOpt = 1,
    max_nodes: MaxNodesOpt = None,
    entity: Annotated[
        list[str] | None, typer.Option("--entity", help="trends: draw these (repeatable).")
    ] = None,
    hops: Annotated[int, typer.Option("--hops", min=1, max=3, help="Ego views: how far.")] = 2,
    png: Annotated[
        Path | None, typer.Option("--png", help="Also save a PNG picture (headless Chromium).")
    ] = None,
    svg: Annotated[
        Path | None, typer.Option("--svg", help="Also save an SVG drawing (headless Chromium).")
    ] = None,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the page in the default browser.")
    ] = False,
    *,
    where: StoreOptions,
) -> None:
    """Write an interactive, offline HTML view of the graph and print its path."""
    from kg.viz.render import default_output_path, render_page, write_page

    with where.open() as graph_store:
        if view.lower() == "trends":  # the trends query's chart (NAME and --entity), no network
            from kg.viz.trends import write_trends

            names = [e for e in (arg, *(entity or [])) if e]
            show(f"{run(lambda: write_trends(graph_store, entities=names, output=output))}\n")
            return
        from kg.viz.pages import view_page

        page = run(
            lambda: view_page(
                graph_store,
                view.lower(),
                arg,
                min_weight=min_weight,
                max_nodes=max_nodes,
                hops=hops,
            )
        )
    target = output or default_output_path(view.lower(), arg)
    path = run(lambda: write_page(render_page(page), target))
    if page.notice:
        err.print(printable(page.notice), highlight=False, markup=False)
    out.print(str(path), highlight=False, markup=False)
    if png or svg:
        from kg.viz.export import export_png, export_svg

        if png:
            out.print(str(run(lambda: export_png(path, png))), highlight=False, markup=False)
        if svg:
            out.print(str(run(lambda: export_svg(path, svg))), highlight=False, markup=False)
    if open_page:
        import webbrowser

        webbrowser.open(path.resolve().as_uri())


@app.command("export")
@store_options
def export_cmd(
    fmt: Annotated[str, typer.Option("--format", "-f", help=EXPORT_FORMATS)],
    output: Annotated[Path, typer.Option("--output", "-o", help="File (neo4j-admin: a folder).")],
    view: Annotated[
        str | None, typer.Option(help="all, coauthors or topics (default all; vosviewer coauthors)")
    ] = None,
    min_weight: MinWeightOpt = 1,
    max_nodes: MaxNodesOpt = None,
    *,
    where: StoreOptions,
) -> None:
    """Write the graph or a view of it for Gephi, Cytoscape, VOSviewer or neo4j-admin."""
    from kg.export import export_graph

    with where.open() as gs:
        done = run(
            lambda: export_graph(
                gs, fmt, output, view=view, min_weight=min_weight, max_nodes=max_nodes
            )
        )
    warn([printable(done.notice)] if done.notice else [])
    show("".join(f"{printable(line)}\n" for line in done.report()))


# --- queries ------------------------------------------------------------------------------

ParamOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--param",
        "-p",
        help='A parameter as key=value, repeatable: --param name="Fazl Barez" --param limit=5',
    ),
]
FormatOpt = Annotated[
    str, typer.Option("--format", "-f", help="table, json, jsonl or csv.", case_sensitive=False)
]


def _key_values(pairs: list[str] | None) -> dict[str, str]:
    values: dict[str, str] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            err.print(
                f"[bold red]error:[/] --param takes key=value (got {escape(repr(pair))})",
                highlight=False,
            )
            raise typer.Exit(2)
        values[key.strip()] = value
    return values


@app.command("query")
@store_options
def query_cmd(
    name: Annotated[
        str | None,
        typer.Argument(help="A named query (see --list).", show_default=False),
    ] = None,
    param: ParamOpt = None,
    fmt: FormatOpt = "table",
    limit: Annotated[
        int | None, typer.Option("--limit", min=0, help="At most this many rows.")
    ] = None,
    list_queries: Annotated[
        bool, typer.Option("--list", help="List the named queries and their parameters.")
    ] = False,
    *,
    where: StoreOptions,
) -> None:
    """Ask a named question: the same answer from Neo4j or the embedded store."""
    from kg.queries import get_query, prepare_params, run_query
    from kg.queries import list_queries as all_queries

    fmt = run(lambda: check_format(fmt))
    if list_queries or name is None:
        specs = all_queries()
        if fmt == "json":
            payload = [spec.as_json() for spec in specs]
            typer.echo(json.dumps(payload, ensure_ascii=False, indent=2))
            return
        for spec in specs:
            out.print(f"[bold]{spec.name}[/]  {spec.description}", highlight=False)
            for p in spec.params:
                default = "required" if p.required else f"default {p.default!r}"
                out.print(
                    f"    {p.name} ({p.shown_type}, {default}) — {p.help}",
                    highlight=False,
                    markup=False,
                )
            out.print(f"    → {', '.join(spec.columns)}", highlight=False, markup=False)
        if name is None and not list_queries:
            err.print("run one with: kg query NAME --param key=value")
        return
    params = _key_values(param)
    # An unknown query or a mistyped parameter fails before a store is opened.
    run(lambda: prepare_params(get_query(name), {**params, **({"limit": limit} if limit else {})}))
    with where.open() as graph_store:
        result = run(lambda: run_query(graph_store, name, params, limit=limit))
    show(render_rows(result.columns, result.rows, fmt))
    if not result.rows:
        err.print(printable(f"no rows: {result.empty_reason}"), highlight=False, markup=False)


@app.command("cypher")
@store_options
def cypher_cmd(
    statement: Annotated[str, typer.Argument(help="A Cypher statement.", show_default=False)],
    param: ParamOpt = None,
    write: Annotated[
        bool, typer.Option("--write", help="Allow statements that change the graph.")
    ] = False,
    fmt: FormatOpt = "table",
    *,
    where: StoreOptions,
) -> None:
    """Run ad-hoc Cypher on Neo4j (read-only unless --write). Values go in as --param key=value:
    numbers, true/false and JSON lists are typed, anything else is text."""
    from kg.queries import run_cypher

    fmt = run(lambda: check_format(fmt))
    params = {key: _guess_value(value) for key, value in _key_values(param).items()}
    with where.open() as graph_store:
        result = run(lambda: run_cypher(graph_store, statement, params, write=write))
    show(render_rows(result.columns, result.rows, fmt))
    if not result.rows:
        err.print(printable(f"no rows: {result.empty_reason}"), highlight=False, markup=False)


def _guess_value(text: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if isinstance(value, int | float | bool | list | str) else text


@app.command("authors")
def authors_cmd(
    sources: SourcesArg = None,
    explain: Annotated[str | None, typer.Option(help="Why NAME's spellings merged or not.")] = None,
    mentions: Annotated[bool, typer.Option(help="One row per author position: who it is.")] = False,
    author_overrides: OverridesOpt = None,
    fmt: FormatOpt = "table",
    limit: Annotated[int | None, typer.Option(min=1, help="At most N rows (table: 25).")] = None,
) -> None:
    """Who is who in SOURCES as `kg build` sees it: spellings merged, ids, reasons; --explain."""
    fmt = run(lambda: check_format(fmt))
    rules = author_overrides or load_settings().author_overrides
    columns, rows = run(
        lambda: author_table(
            sources, rules, explain=explain, mentions=mentions, brief=fmt == "table"
        )
    )
    show(render_rows(columns, rows[: limit or (25 if fmt == "table" else None)], fmt))


@app.command("search")
@store_options
def search_cmd(
    text: Annotated[str, typer.Argument(help="A name, or part of one.", show_default=False)],
    type_: Annotated[
        str | None,
        typer.Option(
            "--type", "-t", help="author, paper, track, institution, method, dataset, task, …"
        ),
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, help="At most this many hits.")] = 10,
    fmt: FormatOpt = "table",
    *,
    where: StoreOptions,
) -> None:
    """Find the exact names to pass to `kg query`: fuzzy, and through name variants and aliases."""
    from kg.queries import search

    fmt = run(lambda: check_format(fmt))
    with where.open() as graph_store:
        hits = run(lambda: search(graph_store, text, type=type_, limit=limit))
    rows = [(h.type, h.name, h.score, "" if h.matched == h.name else h.matched, h.id) for h in hits]
    show(render_rows(["type", "name", "score", "matched", "id"], rows, fmt))
    if not hits:
        err.print(f"nothing in the graph is named like {text!r}", highlight=False, markup=False)
        raise typer.Exit(1)
