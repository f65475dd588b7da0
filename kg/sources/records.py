"""Record formats: paperlists JSON, and generic JSON array / JSONL / CSV.

Generic records use the columns ``title, authors, abstract, track, year, venue, url``; authors are
a list or a ";"- or ","-separated string. paperlists records (../shared/data/paperlists) have
``title, author`` ("; "-separated), ``abstract, track, status, site, id, github``.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import PurePath
from typing import Any

from kg.model import SourceRef, Track
from kg.sources.base import AuthorEntry, Issue, Item, make_paper
from kg.sources.people import object_entry, paperlists_entries
from kg.text import split_authors

GENERIC_FIELDS = ("title", "authors", "abstract", "track", "year", "venue", "url")
_VENUE_YEAR = re.compile(r"^([a-z]+)(\d{4})$")


def is_paperlists(records: list[Any]) -> bool:
    first = next((r for r in records if isinstance(r, dict)), None)
    return first is not None and "author" in first and "site" in first


def _authors(
    record: Mapping[str, Any], value: Any
) -> tuple[list[str | AuthorEntry], bool, list[str]]:
    """(author entries with their ids and affiliations, list cut short, alignment warnings)."""
    if isinstance(value, list) and any(isinstance(v, Mapping) for v in value):
        return [object_entry(v) if isinstance(v, Mapping) else str(v) for v in value], False, []
    if isinstance(value, list):
        names, truncated = [str(v) for v in value], False
    elif isinstance(value, str):
        names, truncated = split_authors(value)
    else:
        return [], False, []
    entries, warnings = paperlists_entries(record, names)
    return list(entries), truncated, warnings


def _year(value: Any) -> int | None:
    try:
        return int(str(value).strip()[:4])
    except ValueError:
        return None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def record_to_paper(
    record: Mapping[str, Any], where: SourceRef, *, paperlists_venue: tuple[str, int] | None = None
) -> list[Item]:
    """The paper of one record, after warnings about it; or the Issue that skips it."""
    if not isinstance(record, Mapping):
        return [
            Issue(where, "not an object", f"expected a JSON object, got {type(record).__name__}")
        ]
    abstract, title = _text(record.get("abstract")), _text(record.get("title"))
    if not abstract and not title:
        known = ", ".join(sorted(set(record) & {*GENERIC_FIELDS, "author"})) or "none"
        return [Issue(where, "no abstract or title", f"fields present of ours: {known}")]
    year: int | None
    if paperlists_venue is not None:  # venue and year come from the file name (icml2019.json)
        venue, year = paperlists_venue
        sub = _text(record.get("track"))
        track: Track | None = Track(f"{venue} {year}", None if sub in ("", "main") else sub)
        url, link = _text(record.get("site")), _text(record.get("github"))
        authors = record.get("author")
    else:
        venue, year = _text(record.get("venue")), _year(record.get("year"))
        track = Track.parse(_text(record.get("track")))
        url = link = _text(record.get("url"))
        authors = record.get("authors", record.get("author"))
    entries, truncated, warnings = _authors(record, authors)
    notes: list[Item] = [
        Issue(where, "author ids or affiliations not aligned", w, skipped=False) for w in warnings
    ]
    return [
        *notes,
        make_paper(
            abstract=abstract,
            title=title,
            authors=entries,
            authors_truncated=truncated,
            track=track,
            links=[link] if link.startswith("http") else [],
            year=year,
            venue=venue or None,
            url=url or None,
            source=where,
        ),
    ]


def read_json(text: str, path: str) -> tuple[str, Iterator[Item]]:
    """A JSON array of records, or an object holding one ({"papers": [...]}).

    Returns (format, items): the format is "paperlists" when the records look like it.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        issue = Issue(SourceRef(path, line=exc.lineno), "invalid JSON", exc.msg)
        return "json", iter([issue])
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        if len(lists) == 1:
            data = lists[0]
    if not isinstance(data, list):
        issue = Issue(
            SourceRef(path),
            "wrong JSON shape",
            f"expected an array of paper objects, got {type(data).__name__}",
        )
        return "json", iter([issue])
    venue: tuple[str, int] | None = None
    fmt = "json"
    if is_paperlists(data):
        fmt = "paperlists"
        m = _VENUE_YEAR.match(PurePath(path).stem.lower())
        venue = (m.group(1).upper(), int(m.group(2))) if m else ("paperlists", 0)
        if m and m.group(1) == "nips":
            venue = ("NeurIPS", int(m.group(2)))

    def items() -> Iterator[Item]:
        if not data:
            yield Issue(SourceRef(path), "no papers", "the JSON array is empty")
        for index, record in enumerate(data):
            yield from record_to_paper(
                record, SourceRef(path, record=index), paperlists_venue=venue
            )

    return fmt, items()


def read_jsonl(text: str, path: str) -> Iterator[Item]:
    seen_any = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        seen_any = True
        where = SourceRef(path, line=number)
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            yield Issue(where, "invalid JSON", exc.msg)
            continue
        yield from record_to_paper(record, where)
    if not seen_any:
        yield Issue(SourceRef(path), "no papers", "the file is empty")


def read_csv(text: str, path: str) -> Iterator[Item]:
    dialect: type[csv.Dialect] | csv.Dialect = csv.excel
    sample = text[:8192]
    if sample.strip():
        try:
            dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
        except csv.Error:
            dialect = csv.excel_tab if path.endswith(".tsv") else csv.excel
    reader = csv.DictReader(io.StringIO(text, newline=""), dialect=dialect)
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    if not {"abstract", "title"} & set(fields):
        detail = f"header has {', '.join(fields) or 'no columns'}; need title/abstract"
        yield Issue(SourceRef(path, line=1), "wrong CSV columns", detail)
        return
    reader.fieldnames = fields
    seen_any = False
    for row in reader:
        seen_any = True
        where = SourceRef(path, line=reader.line_num)
        if None in row:  # more cells than header columns
            yield Issue(where, "malformed CSV row", "more cells than header columns")
            continue
        yield from record_to_paper(row, where)
    if not seen_any:
        yield Issue(SourceRef(path), "no papers", "the CSV has a header but no rows")
