"""Commands that read listings and make the graph: sources, build, stats, extract, eval, train."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TextIO, TypeVar

import typer
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from kg.cli.common import (
    JobsOpt,
    MapOpt,
    OverridesOpt,
    SourcesArg,
    StoreOptions,
    app,
    err,
    out,
    progress_bar,
    run,
    show,
    store_options,
    warn,
)
from kg.config import MAX_COAUTHORS, load_settings
from kg.output import (
    counts_json,
    counts_table,
    issue_lines,
    printable,
    render_rows,
    summary_rows,
)


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
    jobs: JobsOpt = None,
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
    from_extracted: Annotated[
        list[Path] | None,
        typer.Option(
            "--from-extracted",
            help="Shards of kg extract --shard (folders or files) instead of sources: loaded "
            "without extracting again.",
        ),
    ] = None,
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
                jobs=jobs,
                field_map=fields,
                max_coauthors=max_coauthors,
                from_extracted=from_extracted or (),
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
    jobs: JobsOpt = None,
    shard: Annotated[
        str | None,
        typer.Option(
            "--shard",
            help="I/N: extract only shard I of N (a stable hash of each paper's id) into a shard "
            "file for kg build --from-extracted.",
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on any skipped record.")] = False,
    field_map: MapOpt = None,
) -> None:
    """Extract methods, datasets, benchmarks and tasks from abstracts; write JSONL records (with
    --shard: one shard's papers and mentions, for kg build --from-extracted)."""
    from kg.extract import extract_papers, to_record
    from kg.extract.shards import Shard, extract_shard
    from kg.sources import parse_field_map, read_sources

    fields = run(lambda: parse_field_map(field_map or []))
    part = run(lambda: Shard.parse(shard)) if shard else None
    batch = run(lambda: read_sources(sources, strict=strict, field_map=fields))
    warn(issue_lines(batch.issues, 5))
    if part is not None:
        if aliases is not None:
            raise typer.BadParameter(
                "aliases are applied when the shards are loaded: give it to "
                "kg build --from-extracted, not to kg extract --shard",
                param_hint="'--aliases'",
            )
        papers, mentions = run(
            lambda: to_jsonl(
                jsonl,
                lambda fh: extract_shard(
                    batch, part, fh, gazetteers=gazetteer or (), model=model, jobs=jobs
                ),
            )
        )
        err.print(f"shard {part}: {papers:,} papers, {mentions:,} mentions", markup=False)
        return
    total = len(batch.papers)
    with progress_bar(enabled=err.is_terminal and total > 100) as advance:
        extracted = run(
            lambda: extract_papers(
                batch.papers,
                model=model,
                aliases=aliases,
                gazetteers=gazetteer or (),
                jobs=jobs,
                progress=lambda n: advance("extract", n, total),
            )
        )
    lines = (json.dumps(to_record(ep), ensure_ascii=False) + "\n" for ep in extracted)
    run(lambda: to_jsonl(jsonl, lambda fh: fh.writelines(lines)))
    if jsonl != "-":
        mentions = sum(len(ep.mentions) for ep in extracted)
        wrote = f"wrote {len(extracted):,} papers, {mentions:,} mentions to {jsonl}"
        err.print(printable(wrote), highlight=False, markup=False)


T = TypeVar("T")


def to_jsonl(target: str, write: Callable[[TextIO], T]) -> T:
    """``write`` to stdout ('-') or, whole or not at all, to the file ``target``."""
    from kg.extract.shards import write_file

    return write(sys.stdout) if target == "-" else write_file(Path(target), write)


_EVAL_HELP = {
    "sources": "What the dev set extracts from (default: the bundled sample).",
    "set": "dev, tune, heldout, tune2 … tune10, scierc, scirex, scirex-named, scirex-train or "
    "scirex-train-named (repeatable); A+B+… scores those sets' papers as one column. Default: "
    "every set whose data is present but the two scirex-train views (SciREX train: to read "
    "errors on, scored only when named).",
    "interval": "Show a 95% interval for each F1 (bootstrap over the set's papers).",
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
    interval: Annotated[bool, typer.Option("--interval", help=_EVAL_HELP["interval"])] = False,
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
        out.print_json(data=report.as_json(details=verbose, below_bar=failed, interval=interval))
    else:
        header, *rows = report.rows(interval=interval)
        table = Table(box=None, header_style="bold")
        for i, name in enumerate(header):
            table.add_column(name, justify="right" if i > 1 else "left")
        for row in rows:
            table.add_row(*row)
        # the table at its own width: a narrow terminal or a pipe (80 columns) must not cut
        # the numbers to "0.9…"
        width = Measurement.get(out, out.options.update_width(10_000), table).maximum
        Console(width=max(out.width, width), soft_wrap=True).print(table)
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
    base: Annotated[
        Path | None,
        typer.Option(
            "--base", help="Weights already trained on the corpora: only continue on kg's gold."
        ),
    ] = None,
    pretrain: Annotated[
        bool,
        typer.Option(
            "--pretrain", help="Only stage 0: pretrain the tok2vec into --output (a file)."
        ),
    ] = False,
    tok2vec: Annotated[
        Path | None,
        typer.Option("--tok2vec", help="A pretrained tok2vec (from --pretrain): skip stage 0."),
    ] = None,
) -> None:
    """Train the span model: pretrain its tok2vec on unlabelled abstracts, train on SciREX,
    SciERC and TDMSci (../shared/data or --data), then on kg's own gold of the tune sets, into
    the package (or --output); print its dev scores, progress on stderr. See docs/span_model.md."""
    from kg.extract.convention import describe
    from kg.extract.training import DEFAULT_DATA, train

    lim, steps = (2, 5) if smoke else (None, None)
    if pretrain:
        from kg.extract.pretraining import pretrain as stage0

        if output is None:
            raise typer.BadParameter("--pretrain writes a file: give it with --output")
        run(
            lambda: stage0(
                data=data or DEFAULT_DATA,
                output=output,
                limit=lim,
                max_epochs=1 if smoke else None,
                log=err.file,
            )
        )
        err.print(f"pretrained tok2vec: {output}", highlight=False, markup=False)
        return
    report = run(
        lambda: train(
            data=data,
            output=output,
            limit=lim,
            max_steps=steps,
            log=err.file,
            base=base,
            tok2vec=tok2vec,
        )
    )
    if report.pretrain is not None:
        err.print(f"stage 0: {report.pretrain.describe()}", highlight=False, markup=False)
    if report.left_out:
        err.print(
            "stage 1: left out as evaluation abstracts: "
            + ", ".join(f"{n} {corpus} papers" for corpus, n in report.left_out.items()),
            highlight=False,
            markup=False,
        )
    if report.gold is not None:
        for line in describe(report.gold):
            err.print(f"kg gold: {line}", highlight=False, markup=False)
    show(render_rows(["dev set", "label", "P", "R", "F1"], report.score_rows(), "table"))
