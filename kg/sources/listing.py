"""The paper-search site's text export ("论文检索"): per paper an optional track line, an author
line and an abstract, separated by blank lines; no titles.

The parse is anchored on abstracts, the one unit that is unmistakable (long prose). Whatever short
lines sit between two abstracts belong to the second: the last is its author line, the one before
it, if any, its track. Anything else there is reported, never guessed into a paper.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from kg.model import SourceRef, Track
from kg.sources.base import Issue, Item, guarded, make_paper
from kg.text import split_authors

HEADER = "论文检索"

# Top-level areas seen in ICML/NeurIPS track lists; used only to tell a bare area ("Theory")
# from a one-person author line ("Sherry Yang") when the line has no "·".
KNOWN_AREAS = frozenset(
    {
        "applications",
        "deep learning",
        "general machine learning",
        "machine learning",
        "optimization",
        "probabilistic methods",
        "reinforcement learning",
        "social aspects",
        "theory",
        "everything else",
        "computer vision",
        "natural language processing",
        "position papers",
        "neuroscience and cognitive science",
        "algorithms",
        "datasets and benchmarks",
    }
)
_SENTENCE_END = re.compile(r"[.!?)](?:\s|$)")


@dataclass(slots=True)
class _Unit:
    text: str
    line: int


def _units(text: str) -> Iterator[_Unit]:
    """Blocks separated by blank lines; a block of short lines is split into one unit per line."""
    block: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            block.append((number, line.strip()))
            continue
        yield from _split_block(block)
        block = []
    yield from _split_block(block)


def _split_block(block: list[tuple[int, str]]) -> Iterator[_Unit]:
    if not block:
        return
    if len(block) > 1 and all(not _is_abstract(t) for _, t in block[:-1]):
        # "Track\nAuthors\nAbstract" written without blank lines
        for number, line in block:
            yield _Unit(line, number)
        return
    yield _Unit(" ".join(line for _, line in block), block[0][0])


def _looks_like_author_list(text: str) -> bool:
    parts = [p.strip() for p in re.split(r"[,;]", text.removesuffix("等")) if p.strip()]
    if len(parts) < 2:
        return False
    sizes = [len(p.split()) for p in parts]
    return max(sizes) <= 5 and sum(sizes) / len(sizes) <= 3.5


def _is_abstract(text: str) -> bool:
    words = len(text.split())
    if _looks_like_author_list(text):
        return False
    return words >= 25 or (words >= 10 and bool(_SENTENCE_END.search(text)))


def _is_track(text: str) -> bool:
    if "·" in text:
        return True
    return text.casefold() in KNOWN_AREAS


def read_listing(text: str, path: str) -> Iterator[Item]:
    units = list(_units(text))
    if units and units[0].text == HEADER:
        units = units[1:]
    pending: list[_Unit] = []
    found_abstract = False
    for unit in units:
        if not _is_abstract(unit.text):
            pending.append(unit)
            continue
        found_abstract = True
        yield from _paper(unit, pending, path)
        pending = []
    for orphan in pending:
        kind = "track line" if _is_track(orphan.text) else "author line"
        yield Issue(
            SourceRef(path, line=orphan.line),
            f"{kind} with no abstract after it",
            f"{orphan.text[:60]!r} (listing cut off?)",
        )
    if not found_abstract and not pending:
        yield Issue(SourceRef(path), "no papers", "the listing holds no abstract")


def _paper(abstract: _Unit, before: list[_Unit], path: str) -> Iterator[Item]:
    track: Track | None = None
    authors_line: _Unit | None = None
    rest = list(before)
    if rest and not (len(rest) == 1 and _is_track(rest[0].text) and "·" in rest[0].text):
        authors_line = rest.pop()
    if rest and _is_track(rest[-1].text):
        track = Track.parse(rest.pop().text)
    for orphan in rest:
        yield Issue(
            SourceRef(path, line=orphan.line),
            "line with no abstract after it",
            f"{orphan.text[:60]!r} (the paper it belonged to has no abstract)",
        )
    names, truncated = split_authors(authors_line.text) if authors_line else ([], False)
    if authors_line is None:
        yield Issue(
            SourceRef(path, line=abstract.line),
            "abstract without an author line",
            "read with no authors",
            skipped=False,
        )
    yield guarded(
        SourceRef(path, line=abstract.line),
        make_paper,
        abstract=abstract.text,
        authors=names,
        authors_truncated=truncated,
        track=track,
        source=SourceRef(path, line=abstract.line),
    )
