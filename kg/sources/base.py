"""What every reader shares: decoding bytes, building a Paper, reporting what was skipped."""

from __future__ import annotations

import codecs
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from kg.model import Affiliation, Author, Paper, SourceRef, Track, fold
from kg.text import clean_abstract, read_author_entry

PLACEHOLDER_ABSTRACTS = frozenset({"abstract unavailable", "abstract not available", "n a", "none"})


@dataclass(frozen=True, slots=True)
class Issue:
    """A record that was skipped (or read with a caveat), with where and why."""

    where: SourceRef
    reason: str  # a short category shown in summaries: "no abstract", "not UTF-8", ...
    detail: str = ""
    skipped: bool = True

    def __str__(self) -> str:
        what = "skipped" if self.skipped else "warning"
        return f"{self.where}: {what}: {self.reason}" + (f" — {self.detail}" if self.detail else "")


@dataclass(slots=True)
class FileReport:
    path: str
    format: str
    papers: int = 0
    issues: list[Issue] = field(default_factory=list)

    @property
    def skipped(self) -> int:
        return sum(1 for i in self.issues if i.skipped)

    @property
    def warnings(self) -> int:
        return sum(1 for i in self.issues if not i.skipped)


Item = Paper | Issue
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class AuthorEntry:
    """One entry of a source's author list with the ids and affiliations the source aligns with
    it ("openreview:~Yang_Liu3", "email:…"; see kg.sources.people)."""

    raw: str
    ids: tuple[str, ...] = ()
    affiliations: tuple[Affiliation, ...] = ()


def decode(data: bytes, path: str) -> tuple[str, list[Issue]]:
    """UTF-8 (with or without BOM), UTF-16 by BOM; bad UTF-8 lines fall back to Windows-1252.

    The fallback keeps the record instead of dropping it, and each such line is reported,
    so nothing changes silently.
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16"), []
        except UnicodeDecodeError as exc:
            issue = Issue(
                SourceRef(path),
                "not UTF-16",
                f"the file starts like UTF-16 but byte {exc.start:,} is not; unreadable "
                "characters were replaced with �",
                skipped=False,
            )
            return data.decode("utf-16", errors="replace"), [issue]
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    lines, bad = [], []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        try:
            lines.append(raw.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(raw.decode("cp1252", errors="replace"))
            bad.append(number)
    issue = Issue(
        SourceRef(path, line=bad[0]),
        "not UTF-8",
        f"{len(bad)} line(s) decoded as Windows-1252 (first: line {bad[0]}); "
        "re-save the file as UTF-8 if names look wrong",
        skipped=False,
    )
    return "\n".join(lines), [issue]


def describe(exc: BaseException) -> str:
    """An exception as one short line for a report: its type and the start of its message."""
    text = " ".join(str(exc).split())
    text = text if len(text) <= 160 else text[:159] + "…"
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def guarded(where: SourceRef, build: Callable[..., T], *args: Any, **kwargs: Any) -> T | Issue:
    """``build(*args, **kwargs)``, or an Issue naming what went wrong: one record that breaks a
    reader is skipped and reported, and never costs its file the other records."""
    try:
        return build(*args, **kwargs)
    except Exception as exc:
        return Issue(where, "unreadable record", describe(exc))


def make_paper(
    *,
    abstract: str,
    authors: Iterable[str | AuthorEntry],
    source: SourceRef,
    title: str | None = None,
    track: Track | None = None,
    authors_truncated: bool = False,
    links: Iterable[str] = (),
    year: int | None = None,
    venue: str | None = None,
    url: str | None = None,
) -> Paper:
    cleaned, found_links = clean_abstract(abstract)
    if fold(cleaned) in PLACEHOLDER_ABSTRACTS:
        cleaned = ""
    people: list[Author] = []
    ids_seen: dict[str, list[tuple[str, ...]]] = {}  # author id -> ids of each author kept
    hidden = False
    entries = [AuthorEntry(a) if isinstance(a, str) else a for a in authors]
    extra = len(entries)  # "A and B" in one entry: B is numbered after the list, so every
    for index, entry in enumerate(entries):  # other author keeps the source's position
        names, placeholder = read_author_entry(entry.raw)
        hidden |= placeholder
        ids = entry.ids if len(names) == 1 else ()  # one id for two names names neither
        for k, author in enumerate(names):
            same_name = ids_seen.setdefault(author.id, [])
            if any(not (ids and other and other != ids) for other in same_name):
                continue  # a name listed twice is one author, unless the ids say two people
            same_name.append(ids)
            position = index if k == 0 else extra
            extra += k > 0
            people.append(
                Author(author.id, author.name, author.variants, ids, entry.affiliations, position)
            )
    ordered = tuple(people)
    title = " ".join(title.split()) if title else None
    return Paper(
        id=Paper.make_id(cleaned, ordered[0].name if ordered else None, title),
        title=title or None,
        abstract=cleaned,
        abstract_raw=abstract,
        authors=ordered,
        authors_truncated=authors_truncated,
        authors_hidden=hidden,
        track=track,
        code_links=tuple(dict.fromkeys((*found_links, *links))),
        year=year,
        venue=venue,
        url=url,
        source=source,
    )
