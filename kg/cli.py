"""The `kg` command line. Commands parse options, call one library function and format its answer;
this is the only module that prints or exits. Library errors (KGError) become a one-line message
and an exit code here."""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from kg import __version__
from kg.config import Settings, load_settings
from kg.errors import KGError
from kg.graph import MAX_COAUTHORS
from kg.identity.report import author_table
from kg.output import (
    check_format,
    counts_json,
    counts_table,
    issue_lines,
    printable,
    render_rows,
    summary_rows,
)
from kg.store import GraphStore, open_store

app = typer.Typer(
    name="kg",
    help="Turn lists of research papers into a knowledge graph of papers, authors, tracks and the "
    "methods, datasets, benchmarks and tasks in their abstracts.",
    no_args_is_help=True,
    add_completion=False,
    rich_markup_mode="rich",
)
out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)

T = TypeVar("T")

# --- shared options -----------------------------------------------------------------------

SourcesArg = Annotated[
    list[Path] | None,
    typer.Argument(
        help="Files or folders to read (listing .txt, paperlists/generic .json, .jsonl, .csv). "
        "Default: the bundled sample of 80 ICML papers.",
        show_default=False,
    ),
]
StoreOpt = Annotated[
    Path | None,
    typer.Option("--store", help="Embedded store directory (env: KG_HOME; default: ./.kg)"),
]
BackendOpt = Annotated[
    str,
    typer.Option(
        "--backend",
        help="auto: Neo4j if NEO4J_URI is set and answers, else the embedded NetworkX store.",
        case_sensitive=False,
    ),
]
UriOpt = Annotated[
    str | None,
    typer.Option("--neo4j-uri", help="bolt:// or neo4j:// URI (env: NEO4J_URI)"),
]
UserOpt = Annotated[
    str | None,
    typer.Option("--neo4j-user", help="Neo4j user (env: NEO4J_USER; default: neo4j)"),
]
OverridesOpt = Annotated[
    Path | None, typer.Option(help="Lines 'A = B' (same person) or 'A != B' (different).")
]
MapOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--map",
        help="Read records whose fields have other names: OURS=THEIRS pairs, e.g. "
        "title=name,authors=speakers.name (repeatable; ours: title, authors, abstract, track, "
        "year, venue, url).",
    ),
]


def run(fn: Callable[[], T]) -> T:
    """Call into the library; turn its errors into a message and an exit code."""
    try:
        return fn()
    except KGError as exc:
        err.print(f"[bold red]error:[/] {escape(printable(str(exc)))}", highlight=False)
        raise typer.Exit(exc.exit_code) from None
    except KeyboardInterrupt:
        err.print(
            "interrupted — the embedded store keeps its previous graph; "
            "on Neo4j, run the same command again to complete the build"
        )
        raise typer.Exit(130) from None


def _settings(store: Path | None, uri: str | None, user: str | None, backend: str) -> Settings:
    settings = run(lambda: load_settings(store=store, neo4j_uri=uri, neo4j_user=user))
    wants_neo4j = backend == "neo4j" or (backend == "auto" and settings.neo4j_uri)
    if wants_neo4j and settings.neo4j_password is None and sys.stdin.isatty():
        password = typer.prompt(f"Neo4j password for {settings.neo4j_user}", hide_input=True)
        settings = replace(settings, neo4j_password=password)
    return settings


@dataclass(frozen=True, slots=True)
class StoreOptions:
    """Where the graph is, as the store options give it (:func:`store_options`)."""

    backend: str
    store: Path | None
    neo4j_uri: str | None
    neo4j_user: str | None

    @contextmanager
    def open(self) -> Iterator[GraphStore]:
        """Open the store, say which one and why (on stderr), close it after."""
        backend = self.backend.lower()
        settings = _settings(self.store, self.neo4j_uri, self.neo4j_user, backend)
        opened = run(lambda: open_store(settings, backend))  # type: ignore[arg-type]
        where = escape(printable(f"{opened.store.location} ({opened.reason})"))
        err.print(f"[dim]store: {opened.store.backend} at {where}[/]", highlight=False)
        try:
            yield opened.store
        finally:
            opened.store.close()


_STORE_OPTIONS = {
    "backend": (BackendOpt, "auto"),
    "store": (StoreOpt, None),
    "neo4j_uri": (UriOpt, None),
    "neo4j_user": (UserOpt, None),
}


def store_options(command: Callable[..., None]) -> Callable[..., None]:
    """Give a command the store options (--backend, --store, --neo4j-uri, --neo4j-user), declared
    once here; the command receives them as ``where: StoreOptions``."""
    signature = inspect.signature(command, eval_str=True)
    kept = [p for p in signature.parameters.values() if p.name != "where"]
    added = [
        inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=hint)
        for name, (hint, default) in _STORE_OPTIONS.items()
    ]

    @functools.wraps(command)
    def with_store(*args: Any, **kwargs: Any) -> None:
        where = StoreOptions(*(kwargs.pop(name) for name in _STORE_OPTIONS))
        command(*args, where=where, **kwargs)

    with_store.__signature__ = signature.replace(parameters=[*kept, *added])  # type: ignore[attr-defined]
    hints = {k: v for k, v in command.__annotations__.items() if k != "where"}
    with_store.__annotations__ = hints | {name: h for name, (h, _) in _STORE_OPTIONS.items()}
    return with_store


@contextmanager
def progress_bar(enabled: bool = True) -> Iterator[Callable[[str, int, int], None]]:
    """A stderr progress bar per stage; silent when stderr is not a terminal (logs stay clean)."""
    labels = {"extract": "extracting", "write": "writing"}
    with Progress(
        TextColumn("{task.description:>10}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not enabled,
    ) as bar:
        tasks: dict[str, Any] = {}

        def advance(stage: str, n: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(labels.get(stage, stage), total=total)
            bar.advance(tasks[stage], n)

        yield advance


def show(shown: str | Table) -> None:
    """Print on stdout what kg.output rendered: exact text as it is, or a table."""
    if isinstance(shown, str):
        typer.echo(shown, nl=False)
    else:
        out.print(shown, highlight=False, markup=False)


def warn(lines: list[str]) -> None:
    """Lines kg.output made printable, on stderr."""
    for line in lines:
        err.print(line, highlight=False, markup=False)


# --- commands -----------------------------------------------------------------------------


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[bool, typer.Option("--version", help="Show the version and exit.")] = False,
) -> None:
    if version:
        out.print(f"kg {__version__}")
        raise typer.Exit()


@app.command("sources")
def sources_cmd(
    paths: SourcesArg = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on any skipped record.")] = False,
    show_issues: Annotated[
        int, typer.Option("--issues", help="How many skipped records to list (0: none).")
    ] = 20,
    field_map: MapOpt = None,
) -> None:
    """Read listings and report, per file, the format found, papers read and records skipped."""
    from kg.sources import parse_field_map, read_sources

    fields = run(lambda: parse_field_map(field_map or []))
    batch = run(lambda: read_sources(paths, strict=strict, field_map=fields))
    if as_json:
        typer.echo(json.dumps(batch.as_json(), ensure_ascii=False, indent=2))
    else:
        table = Table(show_footer=True, box=None, header_style="bold", footer_style="bold")
        table.add_column("file", footer="total")
        table.add_column("format")
        table.add_column("papers", justify="right", footer=f"{len(batch.papers):,}")
        table.add_column("skipped", justify="right", footer=f"{batch.skipped:,}")
        table.add_column(
            "warnings", justify="right", footer=f"{sum(r.warnings for r in batch.reports):,}"
        )
        for r in batch.reports:
            counts = (f"{r.papers:,}", f"{r.skipped:,}", f"{r.warnings:,}")
            table.add_row(Text(printable(r.path)), r.format, *counts)
        out.print(table)
        warn(issue_lines(batch.issues, show_issues))
    if not batch.papers:
        err.print("[bold red]error:[/] no papers were read")
        raise typer.Exit(1)


@app.command("build")
@store_options
def build_cmd(
    sources: SourcesArg = None,
    fresh: Annotated[
        bool, typer.Option("--fresh", help="Rebuild from scratch instead of adding to the graph.")
    ] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on any skipped record.")] = False,
    model: Annotated[
        str | None,
        typer.Option(
            "--model", help="An installed trained spaCy pipeline to add noun-chunk candidates."
        ),
    ] = None,
    aliases: Annotated[
        Path | None,
        typer.Option(
            "--aliases",
            help="Alias CSV (alias,canonical,type): forced merges and splits (docs/extraction.md).",
        ),
    ] = None,
    author_overrides: OverridesOpt = None,
    n_process: Annotated[
        int, typer.Option("--n-process", "-j", min=1, help="Extraction processes.")
    ] = 1,
    max_coauthors: Annotated[
        int,
        typer.Option(
            "--max-coauthors",
            min=1,
            envvar="KG_MAX_COAUTHORS",
            help="Papers with more authors get AUTHORED links but no co-author pairs.",
        ),
    ] = MAX_COAUTHORS,
    field_map: MapOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    *,
    where: StoreOptions,
) -> None:
    """Read, extract and write the graph, then print a summary. No sources: the bundled sample."""
    from kg.pipeline import build
    from kg.sources import parse_field_map

    fields = run(lambda: parse_field_map(field_map or []))
    overrides = load_settings(store=where.store).author_overrides
    with (
        where.open() as graph_store,
        progress_bar(enabled=err.is_terminal) as advance,
    ):
        result = run(
            lambda: build(
                sources,
                store=graph_store,
                fresh=fresh,
                strict=strict,
                model=model,
                aliases=aliases,
                author_overrides=author_overrides or overrides,
                n_process=n_process,
                field_map=fields,
                max_coauthors=max_coauthors,
                progress=advance,
            )
        )
    batch = result.batch
    if as_json:
        payload = counts_json(result.counts)
        payload |= {
            "backend": graph_store.backend,
            "location": graph_store.location,
            "papers_read": len(batch.papers),
            "skipped": batch.skipped,
            "skipped_by_reason": batch.skip_reasons(),
            "warnings": len(batch.issues) - batch.skipped,
            "without_coauthor_pairs": [str(p.source) for p in result.crowded],
        }
        out.print_json(json.dumps(payload, ensure_ascii=False))
        warn(issue_lines(batch.issues, 5))
        return
    files = len(batch.reports)
    out.print(
        f"Built the graph from {len(batch.papers):,} papers in {files} file{'s' * (files != 1)} "
        f"→ {graph_store.backend} ({printable(graph_store.location)})",
        highlight=False,
        markup=False,
    )
    show(counts_table(summary_rows(result.counts), "graph now holds"))
    if batch.skipped:
        out.print(f"skipped {batch.skipped:,} input record(s):", highlight=False)
        for reason, n in batch.skip_reasons().items():
            out.print(f"  {n:>6,}  {reason}", highlight=False, markup=False)
    else:
        out.print("skipped 0 input records")
    for line in result.notes():
        out.print(printable(line), highlight=False, markup=False)
    warn(issue_lines(batch.issues, 5))


@app.command("stats")
@store_options
def stats_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    *,
    where: StoreOptions,
) -> None:
    """Print node and relationship counts of the stored graph."""
    with where.open() as graph_store:
        counts = run(graph_store.counts)
    if as_json:
        out.print_json(json.dumps(counts_json(counts)))
        return
    if not counts.nodes:
        err.print("the graph is empty — run `kg build` first")
        raise typer.Exit(1)
    show(counts_table(summary_rows(counts), f"{graph_store.backend}: {graph_store.location}"))
    show(counts_table(sorted(counts.rels.items()), "relationships"))


GazetteerOpt = Annotated[
    list[Path] | None,
    typer.Option("--gazetteer", help="Extra gazetteer JSONL (repeatable); see docs/extraction.md."),
]


@app.command("extract")
def extract_cmd(
    sources: SourcesArg = None,
    jsonl: Annotated[
        str, typer.Option("--jsonl", help="Where to write one JSON record per paper ('-': stdout).")
    ] = "-",
    model: Annotated[
        str | None,
        typer.Option("--model", help="An installed trained spaCy pipeline (default: none needed)."),
    ] = None,
    aliases: Annotated[
        Path | None, typer.Option("--aliases", help="Alias CSV forcing merges and splits.")
    ] = None,
    gazetteer: GazetteerOpt = None,
    n_process: Annotated[
        int, typer.Option("--n-process", "-j", min=1, help="Extraction processes.")
    ] = 1,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on any skipped record.")] = False,
    field_map: MapOpt = None,
) -> None:
    """Extract methods, datasets, benchmarks and tasks from abstracts; write JSONL records."""
    from kg.extract import extract_papers, to_record
    from kg.sources import parse_field_map, read_sources

    fields = run(lambda: parse_field_map(field_map or []))
    batch = run(lambda: read_sources(sources, strict=strict, field_map=fields))
    warn(issue_lines(batch.issues, 5))
    total = len(batch.papers)
    with progress_bar(enabled=err.is_terminal and total > 100) as advance:
        extracted = run(
            lambda: extract_papers(
                batch.papers,
                model=model,
                aliases=aliases,
                gazetteers=gazetteer or (),
                n_process=n_process,
                progress=lambda n: advance("extract", n, total),
            )
        )
    lines = (json.dumps(to_record(ep), ensure_ascii=False) + "\n" for ep in extracted)
    if jsonl == "-":
        for line in lines:
            sys.stdout.write(line)
    else:
        with open(jsonl, "w", encoding="utf-8") as fh:
            fh.writelines(lines)
        mentions = sum(len(ep.mentions) for ep in extracted)
        wrote = f"wrote {len(extracted):,} papers, {mentions:,} mentions to {jsonl}"
        err.print(printable(wrote), highlight=False, markup=False)


_EVAL_HELP = {
    "sources": "What the dev set extracts from (default: the bundled sample).",
    "set": "dev, tune, heldout, scierc or scirex (repeatable). Default: every set whose data is "
    "present.",
    "min": "[SET:]CATEGORY=VALUE: exit 1 if that F1 is lower; SET defaults to dev (repeatable).",
    "verbose": "List the false positives and misses of this set.",
    "gold": "The dev set's gold JSON (repeatable). Default: ../shared/eval/gold_dev.json.",
    "papers": "The dev gold's papers JSON. Default: ../shared/eval/papers_dev.json.",
}


@app.command("eval")
def eval_cmd(
    sources: Annotated[
        list[Path] | None, typer.Argument(help=_EVAL_HELP["sources"], show_default=False)
    ] = None,
    sets: Annotated[list[str] | None, typer.Option("--set", help=_EVAL_HELP["set"])] = None,
    min_f1: Annotated[list[str] | None, typer.Option("--min-f1", help=_EVAL_HELP["min"])] = None,
    verbose: Annotated[str | None, typer.Option(help=_EVAL_HELP["verbose"])] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    gold: Annotated[list[Path] | None, typer.Option(help=_EVAL_HELP["gold"])] = None,
    papers: Annotated[Path | None, typer.Option(help=_EVAL_HELP["papers"])] = None,
    model: Annotated[str | None, typer.Option("--model", help="Trained spaCy pipeline.")] = None,
    aliases: Annotated[Path | None, typer.Option("--aliases", help="Alias CSV.")] = None,
    gazetteer: GazetteerOpt = None,
) -> None:
    """Score extraction against gold sets, side by side: P/R/F1 per category (METHOD, DATA,
    TASK, PROPOSED) and set."""
    from kg.evalsets import Bar, failed_bars, run_sets

    bars = run(lambda: [Bar.parse(item) for item in min_f1 or []])
    report = run(
        lambda: run_sets(
            sets or (),
            sources=sources,
            papers_path=papers,
            gold_paths=gold or (),
            model=model,
            aliases=aliases,
            gazetteers=gazetteer or (),
        )
    )
    errors = run(lambda: report.errors(verbose)) if verbose else []
    failed = run(lambda: failed_bars(report, bars))
    if as_json:
        out.print_json(data=report.as_json(details=verbose, below_bar=failed))
    else:
        header, *rows = report.rows()
        table = Table(box=None, header_style="bold")
        for i, name in enumerate(header):
            table.add_column(name, justify="right" if i > 1 else "left")
        for row in rows:
            table.add_row(*row)
        out.print(table)
        for title, items in errors:
            out.print(f"\n{title}", style="bold", highlight=False)
            for item in items:
                out.print(f"  {item}", highlight=False, markup=False)
    for note in report.notes():
        err.print(note, style="dim", highlight=False, markup=False)
    if failed:
        err.print("[bold red]below the bar:[/] " + "; ".join(failed), highlight=False)
        raise typer.Exit(1)


@app.command("train")
def train_cmd(
    data: Annotated[Path | None, typer.Option("--data", help="Corpora folder.")] = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Weights folder.")] = None,
    smoke: Annotated[bool, typer.Option("--smoke", help="2 docs per corpus, 5 updates.")] = False,
) -> None:
    """Train the span model on SciREX, SciERC and TDMSci (../shared/data or --data) into the
    package (or --output); print its dev scores, progress on stderr. See docs/span_model.md."""
    from kg.extract.training import train

    lim, steps = (2, 5) if smoke else (None, None)
    report = run(lambda: train(data=data, output=output, limit=lim, max_steps=steps, log=err.file))
    show(render_rows(["dev set", "label", "P", "R", "F1"], report.score_rows(), "table"))


EXPORT_FORMATS = "graphml, gexf, vosviewer, neo4j-admin, jsonl or csv"
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
    from kg.viz import default_output_path, make_view, write_html, write_trends

    with where.open() as graph_store:
        if view.lower() == "trends":  # the trends query's chart (NAME and --entity), no network
            names = [e for e in (arg, *(entity or [])) if e]
            show(f"{run(lambda: write_trends(graph_store, entities=names, output=output))}\n")
            return
        data = run(
            lambda: make_view(
                graph_store,
                view.lower(),
                arg,
                min_weight=min_weight,
                max_nodes=max_nodes,
                hops=hops,
            )
        )
    path = run(lambda: write_html(data, output or default_output_path(view.lower(), arg)))
    if data.notice:
        err.print(printable(data.notice), highlight=False, markup=False)
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


def main() -> None:
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    app()


if __name__ == "__main__":
    main()
