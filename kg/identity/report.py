"""What `kg authors` shows: the people found in some sources, each author position's person, and
why spellings were merged or kept apart. Resolved exactly as `kg build --fresh` resolves the same
sources (same reader, same mentions, same overrides)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kg.errors import NotFound
from kg.identity import mentions_of, resolve
from kg.identity.names import agreement
from kg.identity.overrides import load_overrides
from kg.identity.resolve import Person, Resolution
from kg.model import Paper, fold
from kg.sources import SourceBatch, read_sources


@dataclass(slots=True)
class AuthorReport:
    batch: SourceBatch
    resolution: Resolution


def author_report(
    sources: Sequence[Path] | None, *, overrides: Path | None = None, strict: bool = False
) -> AuthorReport:
    rules = load_overrides(overrides)
    batch = read_sources(sources, strict=strict)
    people = resolve(mentions_of(batch.papers), same=rules.same, different=rules.different)
    return AuthorReport(batch, people)


def author_table(
    sources: Sequence[Path] | None,
    overrides: Path | None = None,
    *,
    explain: str | None = None,
    mentions: bool = False,
    brief: bool = False,
) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The columns and rows `kg authors` prints: mentions, an explanation, or the people
    (``brief``: how many merges each person took, not their reasons, which fill a terminal)."""
    report = author_report(sources, overrides=overrides)
    if mentions:
        return MENTION_COLUMNS, [tuple(r.values()) for r in mention_rows(report)]
    if explain is not None:
        return EXPLAIN_COLUMNS, explain_rows(report, explain)
    if brief:
        columns = [*PERSON_COLUMNS[:-1], "merged"]
        return columns, [(*row[:-1], len(row[-1])) for row in person_rows(report)]
    return PERSON_COLUMNS, person_rows(report)


MENTION_COLUMNS = ["file", "record", "line", "position", "author", "name"]


def _positions(paper: Paper) -> list[tuple[int, str]]:
    return [
        (a.position if a.position is not None else i, a.name) for i, a in enumerate(paper.authors)
    ]


def mention_rows(report: AuthorReport) -> list[dict[str, Any]]:
    """One row per author position read: file, record or line, position, Author id and name."""
    rows = []
    for paper in report.batch.papers:
        for position, _ in _positions(paper):
            person = report.resolution.people[report.resolution.person_of[(paper.id, position)]]
            rows.append(
                {
                    "file": paper.source.file,
                    "record": paper.source.record,
                    "line": paper.source.line,
                    "position": position,
                    "author": person.id,
                    "name": person.name,
                }
            )
    return rows


PERSON_COLUMNS = ["author", "name", "papers", "variants", "ids", "merges"]


def person_rows(report: AuthorReport) -> list[tuple[Any, ...]]:
    """People by papers (most first), then id: their spellings, source ids and merge reasons."""
    people = sorted(report.resolution.people.values(), key=lambda p: (-len(p.mentions), p.id))
    return [(p.id, p.name, len(p.mentions), p.variants, p.ids, p.merges) for p in people]


EXPLAIN_COLUMNS = ["names", "outcome", "score", "bar", "why"]


def explain_rows(report: AuthorReport, name: str) -> list[tuple[Any, ...]]:
    """Why the spellings close to ``name`` were merged or kept apart: first each person whose
    spellings could be that name, then every decision about such spellings.

    Not the graph's resolver (:mod:`kg.queries.names`), on purpose: that one picks one node or
    refuses; this lists every person of the sources who *could* be the name (compatible
    spellings, "Y. Liu" for "Yang Liu"), because explaining is about the near misses."""
    key = fold(name)
    if not key:
        raise NotFound("--explain needs a name")
    people = [
        p for p in report.resolution.people.values() if _close(key, name, [p.name, *p.variants])
    ]
    if not people:
        raise NotFound(f"no author in these sources is named like {name!r}")
    rows: list[tuple[Any, ...]] = []
    for p in sorted(people, key=lambda p: (-len(p.mentions), p.id)):
        rows.append((f"{p.name} [{p.id}]", "one person", None, None, _describe(p)))
    spellings = {n for p in people for n in (p.name, *p.variants)}
    shown: set[tuple[str, str]] = set()
    for d in report.resolution.decisions:
        names = " / ".join(d.names)
        if (names, d.why) in shown or not spellings & {n.split(" (")[0] for n in d.names}:
            continue  # the bare names of "Yang Liu (openreview:~Yang_Liu1)" decide
        shown.add((names, d.why))
        rows.append((names, "merged" if d.merged else "kept apart", d.score, d.bar, d.why))
    return rows


def _close(key: str, name: str, spellings: list[str]) -> bool:
    return any(fold(s) == key or agreement(s, name) for s in spellings)


def _describe(p: Person) -> str:
    parts = [f"{len(p.mentions)} paper{'s' * (len(p.mentions) != 1)}"]
    if p.variants:
        parts.append("also written " + "; ".join(p.variants[:6]))
    if p.ids:
        parts.append("ids " + ", ".join(p.ids[:4]))
    if p.institutions:
        parts.append("at " + "; ".join(a.institution for a in list(p.institutions.values())[:3]))
    parts += p.merges
    return " · ".join(parts)
