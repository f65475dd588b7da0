"""Readers: files and folders in, Papers out, with a report of everything skipped and why.

One reader per format, picked by extension and confirmed by sniffing the content:

========== ====================================================================
listing    the paper-search export ("论文检索" header; track, authors, abstract)
paperlists JSON array with ``author`` ("; "-separated) and ``site`` fields
json       JSON array of generic records (``title, authors, abstract, track, year, venue, url``)
jsonl      one generic record per line
csv        generic records with a header row (``,`` ``;`` or tab separated)
========== ====================================================================

Nothing in a file stops a run: a reader error, a recursion or size limit, bytes in no known
encoding each become an Issue naming the file and line or record, and the other records and files
are read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from kg.errors import InputError
from kg.model import EXTRACT_PIECE_CHARS, Paper, SourceRef
from kg.sources.base import FileReport, Issue, Item, decode, describe
from kg.sources.listing import HEADER, read_listing
from kg.sources.records import FieldMap, parse_field_map, read_csv, read_json, read_jsonl

__all__ = [
    "FieldMap",
    "FileReport",
    "Issue",
    "SourceBatch",
    "parse_field_map",
    "read_file",
    "read_sources",
    "sample_paths",
]

_BY_EXTENSION = {
    ".txt": "listing",
    ".md": "listing",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".csv": "csv",
    ".tsv": "csv",
}


@dataclass(slots=True)
class SourceBatch:
    papers: list[Paper] = field(default_factory=list)
    reports: list[FileReport] = field(default_factory=list)

    @property
    def issues(self) -> list[Issue]:
        return [i for r in self.reports for i in r.issues]

    @property
    def skipped(self) -> int:
        return sum(r.skipped for r in self.reports)

    def as_json(self) -> dict[str, Any]:
        """Per file: format, counts and every issue; totals; skips by reason (``--json``)."""
        return {
            "files": [
                {
                    "path": r.path,
                    "format": r.format,
                    "papers": r.papers,
                    "skipped": r.skipped,
                    "warnings": r.warnings,
                    "issues": [
                        {
                            "where": str(i.where),
                            "reason": i.reason,
                            "detail": i.detail,
                            "skipped": i.skipped,
                        }
                        for i in r.issues
                    ],
                }
                for r in self.reports
            ],
            "total": {
                "files": len(self.reports),
                "papers": len(self.papers),
                "skipped": self.skipped,
            },
            "skipped_by_reason": self.skip_reasons(),
        }

    def skip_reasons(self) -> dict[str, int]:
        reasons: dict[str, int] = {}
        for issue in self.issues:
            if issue.skipped:
                reasons[issue.reason] = reasons.get(issue.reason, 0) + 1
        return dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])))


def sample_paths() -> list[Path]:
    """The four bundled seed listings (80 ICML papers)."""
    folder = resources.files("kg") / "data" / "samples"
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".txt"))


def _sniff(text: str) -> str | None:
    """The format the first lines show, if any (without copying a large file's text)."""
    head = text[:4096].lstrip()
    first_line = head.partition("\n")[0].rstrip()
    if head.startswith(HEADER):
        return "listing"
    if head.startswith("["):
        return "json"
    if head.startswith("{"):
        return "jsonl" if first_line.endswith("}") else "json"
    if "abstract" in first_line.lower():
        return "csv"
    return None


def read_file(
    path: Path, *, display: str | None = None, field_map: FieldMap | None = None
) -> tuple[FileReport, list[Paper]]:
    """Read one file whatever its format; problems become Issues in the report, never exceptions.

    ``field_map`` names the fields of records that do not use ours (see ``--map``).
    """
    name = display or str(path)
    fmt = _BY_EXTENSION.get(path.suffix.lower())
    try:
        if fmt is None:  # an unrelated file (an image, an archive) is sniffed, not read whole
            with path.open("rb") as fh:
                if _sniff(decode(fh.read(4096), name)[0]) is None:
                    return _unreadable(
                        name,
                        "unknown",
                        "unsupported file",
                        "not a listing, JSON, JSONL or CSV file",
                    )
        data = path.read_bytes()
    except OSError as exc:
        return _unreadable(name, "unreadable", "unreadable file", exc.strerror or str(exc))
    if not data.strip():
        return _unreadable(name, "empty", "empty file")
    text, issues = decode(data, name)
    del data
    sniffed = _sniff(text)
    if fmt in (None, "listing") and sniffed:
        fmt = sniffed
    report = FileReport(name, fmt or "unknown", issues=issues)
    papers: list[Paper] = []
    try:
        items: Iterator[Item]
        if fmt == "json":
            report.format, items = read_json(text, name, field_map=field_map)
        elif fmt == "jsonl":
            items = read_jsonl(text, name, field_map=field_map)
        elif fmt == "csv":
            items = read_csv(text, name, field_map=field_map)
        else:
            items = read_listing(text, name)
        for item in items:
            if isinstance(item, Paper):
                papers.append(item)
                report.issues.extend(_caveats(item))
            else:
                report.issues.append(item)
    except Exception as exc:  # a limit hit mid-file: report it and keep what was read
        report.issues.append(
            Issue(
                SourceRef(name),
                "unreadable file",
                f"{describe(exc)}; stopped reading after {len(papers):,} papers",
            )
        )
    report.papers = len(papers)
    return report, papers


def _unreadable(
    name: str, fmt: str, reason: str, detail: str = ""
) -> tuple[FileReport, list[Paper]]:
    return FileReport(name, fmt, issues=[Issue(SourceRef(name), reason, detail)]), []


def _caveats(paper: Paper) -> Iterator[Issue]:
    if len(paper.abstract) > EXTRACT_PIECE_CHARS:
        pieces = -(-len(paper.abstract) // EXTRACT_PIECE_CHARS)
        yield Issue(
            paper.source,
            "very long abstract",
            f"{len(paper.abstract):,} characters (a full text?): stored whole, and extracted in "
            f"about {pieces:,} pieces of at most {EXTRACT_PIECE_CHARS:,} characters cut at "
            "sentence ends",
            skipped=False,
        )


def _expand(paths: Sequence[Path]) -> Iterator[tuple[Path, str]]:
    for path in paths:
        if path.is_dir():
            for child in sorted(p for p in path.rglob("*") if p.is_file()):
                if not any(part.startswith(".") for part in child.relative_to(path).parts):
                    yield child, str(child)
        elif path.exists():
            yield path, str(path)
        else:
            raise InputError(f"{path}: no such file or folder")


def read_sources(
    paths: Sequence[Path] | None = None,
    *,
    strict: bool = False,
    field_map: FieldMap | None = None,
) -> SourceBatch:
    """Read files and folders (None or empty: the bundled sample). Each paper id is kept once.

    With ``strict``, any skipped record or warning raises InputError naming the first ones.
    ``field_map`` maps our fields to the records' own (:func:`parse_field_map`).
    """
    targets = list(_expand(paths)) if paths else [(p, f"sample/{p.name}") for p in sample_paths()]
    if not targets:
        raise InputError("no input files found in " + ", ".join(map(str, paths or [])))
    batch = SourceBatch()
    seen: dict[str, SourceRef] = {}
    for path, display in targets:
        report, papers = read_file(path, display=display, field_map=field_map)
        for paper in papers:
            if paper.id in seen:
                report.papers -= 1
                report.issues.append(
                    Issue(
                        paper.source,
                        "duplicate paper",
                        f"same abstract and first author as {seen[paper.id]}",
                    )
                )
                continue
            seen[paper.id] = paper.source
            batch.papers.append(paper)
        batch.reports.append(report)
    if strict and batch.issues:
        first = "; ".join(str(i) for i in batch.issues[:3])
        more = len(batch.issues) - 3
        raise InputError(f"--strict: {first}" + (f" (and {more} more)" if more > 0 else ""))
    return batch
