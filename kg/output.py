"""What commands show, as strings and rich renderables (kg/cli prints them): rows as a table
for people or as JSON, JSON lines and CSV for programs; the counts of a graph; reading issues.

Names, titles and file names come from files anyone can write. Printed raw, an escape sequence
in one (``\\x1b[2J`` clears the screen; ``\\x1b]8;;…`` plants a link) acts on the user's terminal,
and a right-to-left override reorders what follows. Tables and plain messages show such
characters as visible escapes instead (:func:`printable`); JSON and CSV stay exact, for programs.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from kg.errors import ConfigError
from kg.store.base import Counts

#: What ``--format`` takes.
FORMATS = ("table", "json", "jsonl", "csv")

# C0 controls and DEL, C1 controls (U+009B is a one-character CSI), and the bidirectional
# embedding, override and isolate characters.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str) -> str:
    """``text`` with control characters written as escapes; everything else unchanged.

    >>> printable("Ann\\x1b[2J Lee\\u202e and Zoë\\n")
    'Ann\\\\x1b[2J Lee\\\\u202e and Zoë\\\\n'
    """
    return _UNSAFE.sub(_escape, text)


def check_format(fmt: str) -> str:
    """``--format``'s value, lower-cased; ConfigError if kg has no such format."""
    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise ConfigError(f"--format must be one of {', '.join(FORMATS)}")
    return fmt


def cell(value: Any, *, sep: str = ", ") -> str:
    """A value as CSV text: exact, for programs."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return sep.join(cell(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, default=str)
    return str(value)


def render_rows(columns: Sequence[str], rows: Sequence[Sequence[Any]], fmt: str) -> str | Table:
    """Rows as a table for people (cells escaped; none when there are no rows: an empty text),
    or the exact text of JSON, JSON lines or CSV for programs."""
    if fmt == "jsonl":
        return "".join(
            json.dumps(dict(zip(columns, row, strict=True)), ensure_ascii=False) + "\n"
            for row in rows
        )
    if fmt == "json":
        payload = [dict(zip(columns, row, strict=True)) for row in rows]
        return json.dumps(payload, ensure_ascii=False, indent=2, default=str) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows([cell(v, sep="; ") for v in row] for row in rows)
        return buffer.getvalue()
    if not rows:
        return ""
    table = Table(box=None, header_style="bold", pad_edge=False)
    for index, column in enumerate(columns):
        numeric = all(isinstance(r[index], int | float) for r in rows if r[index] is not None)
        table.add_column(column, justify="right" if numeric else "left")
    for row in rows:
        table.add_row(*(Text(printable(cell(v))) for v in row))
    return table


def issue_lines(issues: Sequence[object], limit: int) -> list[str]:
    """The first ``limit`` skipped records and warnings, one escaped line each, then how many
    more there are."""
    lines = [printable(str(issue)) for issue in issues[:limit]]
    if len(issues) > limit > 0:
        lines.append(f"… and {len(issues) - limit:,} more (see kg sources --json)")
    return lines


def summary_rows(counts: Counts) -> list[tuple[str, int]]:
    """The counts `kg build` and `kg stats` lead with."""
    return [
        ("papers", counts.node("Paper")),
        ("authors", counts.node("Author")),
        ("institutions", counts.node("Institution")),
        ("co-author pairs", counts.rel("COAUTHOR")),
        ("methods", counts.node("Method")),
        ("datasets", counts.node("Dataset")),
        ("benchmarks", counts.node("Benchmark")),
        ("tasks", counts.node("Task")),
        ("tracks", counts.node("Track")),
        ("areas", counts.node("Area")),
    ]


def counts_table(rows: Sequence[tuple[str, int]], title: str) -> Table:
    """Names and numbers in two columns under a title (shown as text, never as markup)."""
    table = Table(
        title=Text(printable(title)),
        title_justify="left",
        show_header=False,
        box=None,
        pad_edge=False,
    )
    table.add_column(style="bold")
    table.add_column(justify="right")
    for name, value in rows:
        table.add_row(name, f"{value:,}")
    return table


def counts_json(counts: Counts) -> dict[str, Any]:
    """`kg build --json` and `kg stats --json`: the summary, then every label and type."""
    return {
        "summary": {
            name.replace(" ", "_").replace("-", "_"): n for name, n in summary_rows(counts)
        },
        "nodes": dict(sorted(counts.nodes.items())),
        "relationships": dict(sorted(counts.rels.items())),
    }
