"""The one vocabulary everything in kg speaks: papers, authors, tracks, entities in abstracts.

Identifiers are content hashes or normalized names, so the same input gives the same ids on
every run and every machine — that is what makes rebuilds idempotent.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from enum import StrEnum

#: Extraction reads an abstract in pieces of at most this many characters, cut at sentence ends,
#: so its time stays linear in the length (the rule components cost more than linear time in the
#: length of one text). Real abstracts are far shorter: the longest of the 11,283-paper corpus has
#: 16,193 characters; a longer one is reported by the readers (a full text pasted in?).
EXTRACT_PIECE_CHARS = 20_000


class EntityType(StrEnum):
    METHOD = "Method"
    DATASET = "Dataset"
    BENCHMARK = "Benchmark"
    TASK = "Task"
    METRIC = "Metric"


class Role(StrEnum):
    PROPOSED = "proposed"
    USES = "uses"
    EVALUATED_ON = "evaluated_on"
    ADDRESSES = "addresses"


def fold(text: str) -> str:
    """Lower-case, strip diacritics and punctuation: the key two spellings of one name share.

    >>> fold("Rémi  Munos") == fold("remi munos")
    True
    """
    if not text.isascii():
        text = _COMBINING.sub("", unicodedata.normalize("NFKD", text))
    return _NON_WORD.sub(" ", text.casefold()).strip()


def track_key(name: str) -> str:
    """A Track's or Area's id: its folded name with hyphens for spaces ("Deep Learning · Theory"
    → "deep-learning-theory")."""
    return fold(name).replace(" ", "-")


_COMBINING = re.compile(r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
_NON_WORD = re.compile(r"[\W_]+")
_NON_NAME = re.compile(r"[^\w+*.]+|_+|\.(?!\w)")
#: an apostrophe inside a word joins it: "WMT'14", "WMT’14" and "WMT14" are one name
_APOSTROPHE = re.compile(r"(?<=\w)['’ʼ](?=\w)")


def stable_hash(*parts: str, length: int = 16) -> str:
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()
    return digest[:length]


@dataclass(frozen=True, slots=True)
class Track:
    """A conference track: an area ("Deep Learning") and, often, a subarea ("Theory")."""

    area: str
    subarea: str | None = None

    @property
    def name(self) -> str:
        return f"{self.area} · {self.subarea}" if self.subarea else self.area

    @property
    def id(self) -> str:
        return track_key(self.name)

    @property
    def area_id(self) -> str:
        return track_key(self.area)

    @classmethod
    def parse(cls, text: str) -> Track | None:
        """Parse "Area · Subarea", "Area / Subarea" or a bare area; empty text is no track."""
        text = " ".join(text.split())
        if not text:
            return None
        for sep in (" · ", "·", " / "):
            if sep in text:
                area, _, sub = text.partition(sep)
                return cls(area.strip(), sub.strip() or None)
        return cls(text)


@dataclass(frozen=True, slots=True)
class Affiliation:
    """An institution an author gave on a paper, with its country when the source says."""

    institution: str
    country: str | None = None

    @property
    def id(self) -> str:
        return fold(self.institution)


@dataclass(frozen=True, slots=True)
class Author:
    """One author of one paper, as read. ``id`` is the folded name ("Rémi Munos" and "REMI MUNOS"
    share it); which *person* that is, is decided later by :mod:`kg.identity`, from ``ids`` the
    source gives ("openreview:~Yang_Liu3", "orcid:…", "email:…"), the name and the evidence.
    ``position`` is the author's index in the source's list (None: its index in ``Paper.authors``).
    """

    id: str
    name: str
    variants: tuple[str, ...] = ()
    ids: tuple[str, ...] = ()
    affiliations: tuple[Affiliation, ...] = ()
    position: int | None = None


@dataclass(frozen=True, slots=True)
class SourceRef:
    """Where a paper came from: the file and its line (text listings) or record index (JSON/CSV)."""

    file: str
    line: int | None = None
    record: int | None = None

    def __str__(self) -> str:
        if self.line is not None:
            return f"{self.file}:{self.line}"
        if self.record is not None:
            return f"{self.file}[{self.record}]"
        return self.file


@dataclass(frozen=True, slots=True)
class Paper:
    id: str
    abstract: str  # cleaned: LaTeX removed, whitespace collapsed; what extraction sees
    abstract_raw: str
    authors: tuple[Author, ...]
    source: SourceRef
    title: str | None = None
    track: Track | None = None
    authors_truncated: bool = False
    authors_hidden: bool = False  # the source lists a placeholder ("Anonymous") for its authors
    code_links: tuple[str, ...] = ()
    year: int | None = None
    venue: str | None = None
    url: str | None = None

    @staticmethod
    def make_id(abstract: str, first_author: str | None, title: str | None = None) -> str:
        """Stable across runs and machines. Titles are optional in our inputs but, when present,
        tell apart papers whose abstract is a placeholder ("Abstract Unavailable")."""
        return stable_hash(fold(abstract), fold(first_author or ""), fold(title or ""))


@dataclass(frozen=True, slots=True)
class Evidence:
    """The sentence a mention was found in, and its character span in the cleaned abstract."""

    sentence: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Mention:
    """One entity found in one paper's abstract, with the paper's relation to it.

    ``name``, ``type``, ``role`` and ``aliases`` are the entity's, decided over all papers that
    name it; ``key`` (the entity's id), ``spellings`` (how this paper writes it, its own name
    first), ``paper_type`` and ``paper_role`` come from this paper alone, so that a graph grown
    listing by listing can decide the same entity as one built at once.
    """

    name: str
    type: EntityType
    role: Role
    confidence: float
    evidence: Evidence
    aliases: tuple[str, ...] = ()
    key: str = ""
    spellings: tuple[str, ...] = ()
    paper_type: EntityType | None = None
    paper_role: Role | None = None

    @property
    def entity_id(self) -> str:
        return self.key or entity_key(self.name)

    @property
    def own_name(self) -> str:
        """The name this paper uses."""
        return self.spellings[0] if self.spellings else self.name


def entity_key(name: str) -> str:
    """An entity's id within its label: folded like :func:`fold`, but "+", "*" and "." are part
    of names (RAT+, C*-RASP, Wan2.1), so they are kept; a plural last word is singular
    (Transformers, GPs, Gaussian processes).

    >>> entity_key("RAT+"), entity_key("Wan2.1-14B"), entity_key("C++") != entity_key("C")
    ('rat+', 'wan2.1 14b', True)
    >>> entity_key("Gaussian processes"), entity_key("GPs"), entity_key("analysis")
    ('gaussian process', 'gp', 'analysis')
    >>> entity_key("WMT’14") == entity_key("WMT'14") == entity_key("WMT14")
    True
    """
    acronym_plural = ACRONYM_PLURAL_RE.search(name) is not None
    if not name.isascii():
        name = _COMBINING.sub("", unicodedata.normalize("NFKD", name))
    key = _NON_NAME.sub(" ", _APOSTROPHE.sub("", name).casefold()).strip(" .")
    last = key.rsplit(" ", 1)[-1]
    if acronym_plural:
        return key[:-1]
    if len(last) > 3 and last.endswith("s") and not last.endswith(NOT_PLURAL):
        return key[:-2] if last.endswith(ES_PLURALS) else key[:-1]
    return key


#: Plural rules every name key uses (also kg.extract.resources.name_key): "GPs" is a lower-case
#: s after two capitals; "processes", "matches" drop "es"; "analysis", "corpus", "class" are no
#: plurals.
ACRONYM_PLURAL_RE = re.compile(r"[A-Z]{2}s$")
ES_PLURALS = ("sses", "xes", "zes", "ches", "shes")
NOT_PLURAL = ("ss", "is", "us")


@dataclass(slots=True)
class ExtractedPaper:
    """A paper with the mentions extraction found in it (after cross-paper canonicalization)."""

    paper: Paper
    mentions: list[Mention] = field(default_factory=list)
