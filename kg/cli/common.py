"""The `kg` command line. Commands parse options, call one library function and format its answer;
the shared parts of every command (options, store opening, errors to exit codes, output).
Only this package prints or exits."""

from __future__ import annotations

import functools
import inspect
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

from kg import __version__
from kg.config import Settings, load_settings
from kg.errors import KGError
from kg.output import (
    printable,
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
JobsOpt = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        envvar="KG_JOBS",
        help="Extraction processes (default: one per 1,000 abstracts, up to the cores).",
        show_default=False,
    ),
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
        for note in getattr(opened.store, "notes", ()):
            err.print(f"note: {printable(note)}", highlight=False, markup=False)
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
