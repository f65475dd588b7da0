"""Candidates, sentences and the one overlap policy the stages share.

A :class:`Candidate` is a span of the abstract that may name an entity, with what each stage
learned about it. Spans are character offsets ``[start, end)`` into the cleaned abstract.
``USE_MODEL`` holds how sure the span model must be for each use the stages make of its vote.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from spacy.attrs import IDX, SENT_START
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.tokens import Doc

from kg.model import EntityType, Role


class Sent(NamedTuple):
    start_char: int
    end_char: int


# a capitalised word a "!" may end as part of its name: "Yahoo", "Hogwild", "ClusterWild"
_BANG_NAME_RE = re.compile(r"[A-Z][A-Za-z]+")
# a name that ends in a capital after a small letter or digit: "CelebA", "3D"
_CAPITAL_END_RE = re.compile(r"[\w\-]*[a-z0-9][\w\-]*[A-Z]")


@Language.component("kg_sentence_ends")
def sentence_ends(doc: Doc) -> Doc:
    """A full stop the tokenizer keeps on its word ends a sentence when a capitalised word
    follows: a variable ("independent of n. We show", spaCy's exception for initials), a single
    capital before a stop word ("a matrix A. Our algorithm"; not "by M. Abeles") and a name
    that ends in a capital ("trained on CelebA. Our attack", "in 3D. Furthermore"); the
    sentencizer runs those sentences together. A "!" glued to a capitalised word is part of a
    name ("Yahoo! Webscope", "Hogwild! algorithm", "Jeopardy! and"), not a sentence end."""
    for tok in doc[:-1]:
        if tok.text == "!" and tok.i > 0 and _BANG_NAME_RE.fullmatch(doc[tok.i - 1].text):
            if not doc[tok.i - 1].whitespace_ and not doc[tok.i + 1].is_punct:
                doc[tok.i + 1].is_sent_start = False
            continue
        if not tok.text.endswith(".") or not tok.whitespace_:
            continue
        word = tok.text[:-1]
        nxt = doc[tok.i + 1]
        if not (word and "." not in word and nxt.text[:1].isupper() and not nxt.is_sent_start):
            continue
        if (
            (len(word) == 1 and word.islower())
            or (len(word) == 1 and word.isupper() and nxt.lower_ in STOP_WORDS)
            or _CAPITAL_END_RE.fullmatch(word)
        ):
            nxt.is_sent_start = True
    return doc


def sentences(doc: Doc, text: str) -> list[Sent]:
    """Sentence char spans, read from arrays (``doc.sents`` builds a Span per sentence)."""
    arr = doc.to_array([SENT_START, IDX])
    starts = [int(idx) for flag, idx in arr.tolist() if flag == 1] or [0]
    starts[0] = 0
    ends = [*starts[1:], len(text)]
    return [Sent(s, e) for s, e in zip(starts, ends, strict=True)]


@dataclass(slots=True)
class Candidate:
    start: int
    end: int
    text: str
    # "strong" (name shape), "title" (Title Case run), "cap" (one capitalised word),
    # "gazetteer", "lower" (a lower-case phrase), "part" (inside a long form: dropped)
    strength: str
    label: EntityType | None = None  # from the gazetteer
    hint: EntityType | None = None  # the gazetteer's type, if context makes it an entity
    model: EntityType | None = None  # the span model's label of this name (or of a span
    model_score: float = 0.0  # around it), and its probability
    long: str | None = None  # long form, when this is a defined abbreviation
    long_span: tuple[int, int] | None = None
    head: str = (
        ""  # the technique noun a defined name ends in after its bracket ("TT decomposition")
    )
    role: Role | None = None
    type: EntityType | None = None
    confidence: float = 0.0
    cues: set[str] = field(default_factory=set)
    sure: bool = False  # typed by a list, a definition or a shape that says it (not by context)


#: How sure the span model must be for each use of its vote; None turns a use off. Measured
#: on the tune set, dev, SciERC dev and SciREX dev (docs/extraction.md): typing a known-but-
#: ambiguous name ("hint") and reading a name-shaped word as data ("data") help or are neutral
#: everywhere; keeping a lone acronym ("lone") and typing a capitalised word ("capital") cost
#: dev and tune METHOD, so they are off.
USE_MODEL: dict[str, float | None] = {
    "lone": None,
    # a known method name that is also a word: the weights trained on six tune sets read "Adam"
    # as a method at 0.995 in "In 2014, Adam moved to Twitter", as sure as in "with Adam", so
    # this is off since the seventh round (0.97 before; leave-one-out: one tune3 name lost);
    # a known data name that is also a word keeps the vote (SciREX DATA +0.010)
    "hint": None,
    "hint_data": 0.97,
    "hint_caps": 0.97,  # ... and a known name in capitals ("blockwise ALS"; issue 9 round 20)
    "data": 0.9,
    # a name beside a known data name in a list, read as data (issue 9 round 21)
    "list_data": 0.9,
    "capital": None,
    # an abbreviation the abstract defines whose long form's head says no kind ("a Quill Ramp
    # Tableau (QRT)"): a method when the model reads one there (issue 9, extract17)
    "defined": 0.97,
    "defined_used": 0.8,  # ... and where a verb of use or "via" comes before it (round 20)
    "paradigm": 0.5,  # a defined paradigm its sentence uses (datanames.paradigm_used)
    # an acronym before "task(s)" the model reads as a task is no data ("the NER task"; round 22)
    "task_acronym": 0.6,
    # issue 9 round 6 (kg-convention weights): a Method span the rules missed, a Task span as a
    # task phrase, a task phrase inside a Task span scores higher, a rule candidate the model
    # does not read as a name of its type is dropped below this probability
    "add_method": None,
    "add_method_any": None,
    # issue 9 round 25: a lower-case family of networks, without a cue ("recurrent networks",
    # "radial basis function networks"; components.network_family)
    "add_network": 0.99,
    # issue 9 round 15: a lower-case Method span right after a cue of use or comparison
    "cued_method": 0.9,
    # issue 9 round 16: an unknown acronym takes the adjective of the model's Method span
    # around it ("a conditional GAN")
    "widen": 0.5,
    "add_task": 0.7,
    # issue 9 round 8: the model's task phrases fill up to two places, the second at p >= 0.95
    "task_fill": 2,
    "add_task_more": 0.95,
    "task_bonus": None,
    "drop": None,
    "drop_method": None,
    # issue 9 round 25: a used method only its shape typed stays one where the model reads a
    # method there at least this surely (components.shape_unread)
    "shape_read": 0.5,
}


def model_says_name(c: Candidate, threshold: float | None) -> bool:
    """The span model reads this candidate as a method or a dataset, surely enough."""
    return (
        threshold is not None
        and c.model in (EntityType.METHOD, EntityType.DATASET)
        and c.model_score >= threshold
    )


# --- the overlap policy ---------------------------------------------------------------------


def overlaps(start: int, end: int, other_start: int, other_end: int) -> bool:
    """Two half-open spans share at least one character."""
    return start < other_end and other_start < end


def overlapping(
    cands: Iterable[Candidate], start: int, end: int, *, typed: bool = False
) -> list[Candidate]:
    """The candidates sharing a character with ``[start, end)`` (``typed``: only typed ones)."""
    return [c for c in cands if (c.type or not typed) and overlaps(start, end, c.start, c.end)]


def add_unless_covered(cands: list[Candidate], new: Candidate) -> list[Candidate]:
    """Add ``new`` unless an overlapping candidate is at least as long; the shorter candidates
    it overlaps are dropped. The longer span wins, and on a tie the one found first: "Gaussian
    process regression" over "Gaussian process", a shape candidate over a gazetteer hit of equal
    length."""
    hits = overlapping(cands, new.start, new.end)
    if any(c.end - c.start >= new.end - new.start for c in hits):
        return cands
    return [c for c in cands if c not in hits] + [new]


# A sentence of a paper's front matter rather than its prose: an e-mail address, typesetting
# settings (key=value) or author names with footnote marks ("Ada Quorl1, Bo Zed2, Cy Wex1").
_EMAIL_RE = re.compile(
    r"@\s?[\w\-]+(?:\.[\w\-]+)*\.(?:com|edu|org|net|ac|fr|de|cn|uk|jp|kr|ca|it|ch|nl|il|sg)\b"
    r"|\be-?mail\s*[:=]",
    re.I,
)
_SETTING_RE = re.compile(r"\b[a-z]{4,} ?= ?\S")
_FOOTNOTED_RE = re.compile(r"(?<![\w.\-])[A-Z][a-z]{2,}(?:[A-Z][a-z]+)?[1-9](?=[,\]\s\u2063*]|$)")


def front_matter(sentence: str) -> bool:
    """A sentence of authors, affiliations or typesetting left before or after an abstract
    (full-text sources keep them): it names no method, whatever its words look like."""
    return bool(
        _EMAIL_RE.search(sentence)
        or len(_SETTING_RE.findall(sentence)) >= 3
        or len(_FOOTNOTED_RE.findall(sentence)) >= 3
    )


_LONG_WORD_RE = re.compile(r"[A-Za-z][\w\-]{3,}")


def heading(sentence: str) -> bool:
    """A title or heading: every word of four letters or more starts with a capital."""
    words = _LONG_WORD_RE.findall(sentence)
    return len(words) >= 2 and all(w[0].isupper() for w in words)
