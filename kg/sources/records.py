"""Record formats: paperlists JSON, and generic JSON array / JSONL / CSV.

Generic records use the columns ``title, authors, abstract, track, year, venue, url``; authors are
a list or a ";"- or ","-separated string. paperlists records (../shared/data/paperlists) have
``title, author`` ("; "-separated), ``abstract, track, status, site, id, github``; their venue and
year come from the file name (``icml2019.json``, ``uai_2019.json``). Records that name their fields
differently are read through a field map (``--map title=name,authors=speakers``).

Every record format goes through :func:`_items`, which keeps one bad record from costing the file
its other records and warns when a whole file yields no titles or no authors.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from pathlib import PurePath
from typing import Any

from kg.errors import ConfigError
from kg.model import Paper, SourceRef, Track
from kg.sources.base import AuthorEntry, Issue, Item, guarded, make_paper
from kg.sources.people import object_entry, paperlists_entries
from kg.text import split_authors

GENERIC_FIELDS = ("title", "authors", "abstract", "track", "year", "venue", "url")
#: A CSV field longer than this many characters stops the file (the csv module's own default,
#: 131,072, is below a long abstract; a runaway unclosed quote is still caught).
CSV_FIELD_LIMIT = 64 * 1024 * 1024
#: "icml2019", "uai_2019", "UAI-2019", "neurips2023_main": letters, then a year.
_VENUE_YEAR = re.compile(r"^([a-z]+)[\s_.-]*((?:19|20)\d\d)(?!\d)")
_VENUE_NAMES = {"nips": "NeurIPS", "neurips": "NeurIPS"}

#: Our field → the input's field; a dotted path reaches into objects ("speakers.name").
FieldMap = Mapping[str, str]


def parse_field_map(specs: Iterable[str]) -> dict[str, str]:
    """``["title=name,authors=speakers.name"]`` → ``{"title": "name", "authors": "speakers.name"}``.

    >>> parse_field_map(["title=name, authors=speakers", "abstract=summary"])
    {'title': 'name', 'authors': 'speakers', 'abstract': 'summary'}
    """
    mapping: dict[str, str] = {}
    for spec in specs:
        for pair in spec.split(","):
            ours, sep, theirs = (part.strip() for part in pair.partition("="))
            if not sep or not ours or not theirs:
                raise ConfigError(
                    f"--map takes FIELD=THEIR_FIELD pairs separated by commas, e.g. "
                    f"title=name,authors=speakers (got {pair.strip()!r})"
                )
            if ours.lower() not in GENERIC_FIELDS:
                raise ConfigError(
                    f"--map: {ours!r} is not a field kg reads; map one of "
                    f"{', '.join(GENERIC_FIELDS)}"
                )
            mapping[ours.lower()] = theirs
    return mapping


def _get(value: Any, key: str) -> Any:
    if not isinstance(value, Mapping):
        return None
    if key in value:
        return value[key]
    folded = key.casefold()
    return next((v for k, v in value.items() if str(k).casefold() == folded), None)


def _lookup(record: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path; over a list of objects, the list of their values."""
    value: Any = record
    for key in path.split("."):
        if isinstance(value, list):
            value = [v for v in (_get(item, key) for item in value) if v is not None]
        else:
            value = _get(value, key)
    return value


def venue_year(path: str) -> tuple[str, int] | None:
    """A paperlists file's venue and year from its name: ``uai_2019.json`` → ("UAI", 2019)."""
    match = _VENUE_YEAR.match(PurePath(path).stem.lower())
    if match is None:
        return None
    venue, year = match.groups()
    return _VENUE_NAMES.get(venue, venue.upper()), int(year)


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


def _fields(record: Mapping[str, Any], limit: int = 8) -> str:
    names = [str(k) for k in record][:limit]
    return ", ".join(names) + (", …" if len(record) > limit else "") if names else "none"


def record_to_paper(
    record: Mapping[str, Any],
    where: SourceRef,
    *,
    paperlists: bool = False,
    venue: tuple[str, int] | None = None,
    field_map: FieldMap | None = None,
) -> list[Item]:
    """The paper of one record, after warnings about it; or the Issue that skips it."""
    if not isinstance(record, Mapping):
        return [
            Issue(where, "not an object", f"expected a JSON object, got {type(record).__name__}")
        ]
    if field_map:  # a record without the mapped field keeps its own (a folder of mixed files)
        mapped = {ours: _lookup(record, theirs) for ours, theirs in field_map.items()}
        record = {**record, **{k: v for k, v in mapped.items() if v not in (None, [], "")}}
    abstract, title = _text(record.get("abstract")), _text(record.get("title"))
    if not abstract and not title:
        known = ", ".join(sorted(set(record) & {*GENERIC_FIELDS, "author"})) or "none"
        return [
            Issue(
                where,
                "no abstract or title",
                f"fields present of ours: {known}; its fields: {_fields(record)} "
                "(name yours with --map title=FIELD,abstract=FIELD)",
            )
        ]
    year: int | None
    track: Track | None
    if paperlists:
        sub = _text(record.get("track"))
        sub = "" if sub == "main" else sub
        if venue is not None:
            track = Track(f"{venue[0]} {venue[1]}", sub or None)
            year = venue[1]
        else:
            track, year = Track.parse(sub), None
        url, link = _text(record.get("site")), _text(record.get("github"))
        venue_name = venue[0] if venue else ""
    else:
        venue_name, year = _text(record.get("venue")), _year(record.get("year"))
        track = Track.parse(_text(record.get("track")))
        url = link = _text(record.get("url"))
    entries, truncated, warnings = _authors(record, record.get("authors", record.get("author")))
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
            venue=venue_name or None,
            url=url or None,
            source=where,
        ),
    ]


Record = tuple[SourceRef, Any]  # where, and a parsed record (or the Issue that replaced it)


def _items(
    records: Iterable[Record],
    path: str,
    *,
    paperlists: bool = False,
    field_map: FieldMap | None = None,
) -> Iterator[Item]:
    """Papers and issues of a file's records; then a warning if no paper has a title or authors."""
    venue = venue_year(path) if paperlists else None
    if paperlists and venue is None:
        yield Issue(
            SourceRef(path),
            "no venue or year in the file name",
            f"{PurePath(path).name!r} does not read like icml2019.json or uai_2019.json; "
            "its papers get no venue, year or conference track",
            skipped=False,
        )
    read = titled = authored = 0
    fields: Counter[str] = Counter()
    for where, record in records:
        if isinstance(record, Issue):
            yield record
            continue
        if isinstance(record, Mapping) and read < 100:
            fields.update(str(k) for k in record)
        found = guarded(
            where,
            record_to_paper,
            record,
            where,
            paperlists=paperlists,
            venue=venue,
            field_map=field_map,
        )
        for item in found if isinstance(found, list) else [found]:  # warnings, then the paper
            if isinstance(item, Paper):
                read, titled, authored = (
                    read + 1,
                    titled + bool(item.title),
                    authored + bool(item.authors),
                )
            yield item
    seen = ", ".join(name for name, _ in fields.most_common(10)) or "none"
    for n, field, what in ((titled, "title", "a title"), (authored, "authors", "authors")):
        if read and not n:
            yield Issue(
                SourceRef(path),
                f"no record has {what}",
                f"the records' fields are {seen}; name yours with --map {field}=FIELD",
                skipped=False,
            )


def _invalid_json(where: SourceRef, exc: Exception) -> Issue:
    if isinstance(exc, json.JSONDecodeError):
        if where.line is None:  # a whole-file JSON: the error's line; JSONL: the file's line
            where = SourceRef(where.file, line=exc.lineno)
        return Issue(where, "invalid JSON", exc.msg)
    if isinstance(exc, RecursionError):
        return Issue(where, "invalid JSON", "nested deeper than the reader allows (~1,000 levels)")
    return Issue(where, "invalid JSON", str(exc))  # ValueError: e.g. a number of 5,000 digits


def read_json(
    text: str, path: str, *, field_map: FieldMap | None = None
) -> tuple[str, Iterator[Item]]:
    """A JSON array of records, or an object holding one ({"papers": [...]}).

    Returns (format, items): the format is "paperlists" when the records look like it.
    """
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return "json", iter([_invalid_json(SourceRef(path), exc)])
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
    if not data:
        return "json", iter([Issue(SourceRef(path), "no papers", "the JSON array is empty")])
    paperlists = is_paperlists(data)
    records = ((SourceRef(path, record=i), r) for i, r in enumerate(data))
    fmt = "paperlists" if paperlists else "json"
    return fmt, _items(records, path, paperlists=paperlists, field_map=field_map)


def _jsonl_records(text: str, path: str) -> Iterator[Record]:
    seen_any = False
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        seen_any = True
        where = SourceRef(path, line=number)
        try:
            yield where, json.loads(line)
        except (ValueError, RecursionError) as exc:
            yield where, _invalid_json(where, exc)
    if not seen_any:
        yield SourceRef(path), Issue(SourceRef(path), "no papers", "the file is empty")


def read_jsonl(text: str, path: str, *, field_map: FieldMap | None = None) -> Iterator[Item]:
    return _items(_jsonl_records(text, path), path, field_map=field_map)


def _csv_records(text: str, path: str, field_map: FieldMap | None) -> Iterator[Record]:
    dialect: type[csv.Dialect] | csv.Dialect = csv.excel
    sample = text[:8192]
    if sample.strip():
        try:
            dialect = csv.Sniffer().sniff(sample, delimiters=",;\t")
        except csv.Error:
            dialect = csv.excel_tab if path.endswith(".tsv") else csv.excel
    csv.field_size_limit(max(csv.field_size_limit(), CSV_FIELD_LIMIT))
    lines = io.StringIO(text, newline="").readlines()
    header = csv.reader(lines, dialect=dialect)
    try:
        fields = [f.strip().lower() for f in next(header, [])]
    except csv.Error as exc:
        where = SourceRef(path, line=1)
        yield where, Issue(where, "malformed CSV", f"header: {exc}")
        return
    mapped = {
        ours
        for ours, theirs in (field_map or {}).items()
        if theirs.partition(".")[0].strip().lower() in fields
    }
    if not {"abstract", "title"} & (set(fields) | mapped):
        detail = f"header has {', '.join(fields) or 'no columns'}; need title/abstract"
        yield SourceRef(path, line=1), Issue(SourceRef(path, line=1), "wrong CSV columns", detail)
        return
    seen_any = False
    for line, row in _csv_rows(lines, header.line_num, dialect, fields):
        seen_any = True
        where = SourceRef(path, line=line)
        if isinstance(row, str):
            yield where, Issue(where, "malformed CSV", row)
        elif None in row:  # more cells than header columns
            yield where, Issue(where, "malformed CSV row", "more cells than header columns")
        else:
            yield where, row
    if not seen_any:
        yield (
            SourceRef(path),
            Issue(SourceRef(path), "no papers", "the CSV has a header but no rows"),
        )


def _csv_rows(
    lines: list[str], first: int, dialect: type[csv.Dialect] | csv.Dialect, fields: list[str]
) -> Iterator[tuple[int, dict[str, Any] | str]]:
    """(first line number, row) for each row of ``lines[first:]``, or (line, what is wrong) for a
    row that cannot be read. A quote left open runs its row to the end of the file, swallowing
    the rows after it: that row is reported and reading starts again on its next line."""
    start = first
    while start < len(lines):
        reader = csv.DictReader(lines[start:], fieldnames=fields, dialect=dialect)
        row_start, last = start, None
        try:
            for row in reader:
                if last is not None:
                    yield last
                last = (row_start + 1, row)
                row_start = start + reader.line_num
        except csv.Error as exc:
            if last is not None:
                yield last
            yield row_start + 1, f"{exc}; read on from the next line"
            start = row_start + 1
            continue
        if last is None:
            return
        opened = last[0] - 1
        quote = getattr(dialect, "quotechar", '"') or '"'
        if row_start - opened > 1 and "".join(lines[opened:]).count(quote) % 2:
            yield last[0], "a quote opened here is never closed; read on from the next line"
            start = opened + 1
            continue
        yield last
        return


def read_csv(text: str, path: str, *, field_map: FieldMap | None = None) -> Iterator[Item]:
    return _items(_csv_records(text, path, field_map), path, field_map=field_map)
