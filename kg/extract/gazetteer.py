"""The ``kg_gazetteer`` component: known names from the gazetteer files.

Known names go to ``doc.spans["kg_gazetteer"]`` with their label. Names are looked up by key,
not matched token by token, so the spellings :func:`~kg.extract.resources.name_key` folds are
one name ("behavior cloning", "behavior-cloning", "Behavior Cloning"); ``case`` patterns are
looked up by :func:`~kg.extract.resources.case_key`, so "ReCoRD" never matches "records".
Names that are also ordinary words ("Adam", "Twitter": match policy ``context``) are not
searched for; their labels (``hint_labels``) type a name only when the sentence already makes it
an entity. The first file that names a key decides its label (the user's files, then the
hand-written lists, then the built lexicon).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from spacy.language import Language
from spacy.tokens import Doc, Span

from kg.extract.resources import all_gazetteer_entries, case_key, name_key
from kg.model import ES_PLURALS, EntityType

#: The longest name looked up, in tokens ("Stanford Question Answering Dataset", "E(n)-...").
MAX_TOKENS = 10
_NOT_KEY_RE = re.compile(r"[^0-9A-Za-z+*.\u0370-\u03ff]")
_WORD_RE = re.compile(r"[0-9A-Za-z\u0370-\u03ff]")
_PIECES_RE = re.compile(r"[\s\-\u2010-\u2013]+")
_BRACKETS = frozenset("()[]{},;:/")


class Known(NamedTuple):
    """What the gazetteer knows about one key: the label, and the shape a span must keep to
    be this name — no more words than its pieces (so "a 3D" is not A3D) and no brackets or
    separators it does not have (so "EM) algorithm" is not "EM algorithm")."""

    label: EntityType
    pieces: int
    brackets: frozenset[str]

    @classmethod
    def of(cls, pattern: str, label: EntityType) -> Known:
        return cls(label, len(_PIECES_RE.split(pattern.strip())), _BRACKETS & set(pattern))

    def widen(self, other: Known) -> Known:
        """One name, several spellings: a span may take the shape of any of them ("CNN/DailyMail"
        and "CNN / Daily Mail" are one key)."""
        return self._replace(
            pieces=max(self.pieces, other.pieces), brackets=self.brackets | other.brackets
        )

    def fits(self, text: str) -> bool:
        return len(text.split()) <= self.pieces and _BRACKETS & set(text) <= self.brackets


def _add_spelling(known: dict[str, Known], key: str, pattern: str, label: EntityType) -> None:
    """The first spelling of a key gives its label; later spellings of the same label widen the
    shape a span may have."""
    new = Known.of(pattern, label)
    old = known.get(key)
    if old is None:
        known[key] = new
    elif old.label is label:
        known[key] = old.widen(new)


@Language.factory("kg_gazetteer", default_config={"gazetteers": []})
def make_gazetteer(nlp: Language, name: str, gazetteers: list[str]) -> KGGazetteer:
    return KGGazetteer(nlp, [Path(p) for p in gazetteers])


class KGGazetteer:
    """Marks known names: every run of up to :data:`MAX_TOKENS` tokens whose key a gazetteer
    knows (longest and shortest alike; the entity stage resolves overlaps)."""

    def __init__(self, nlp: Language, gazetteers: Sequence[Path] = ()) -> None:
        #: name_key -> the names matched in any case (``any``)
        self.known: dict[str, Known] = {}
        #: case_key -> the names matched as written (``case``)
        self.known_cased: dict[str, Known] = {}
        #: case_key -> label of names that only type what context makes an entity
        self.hint_labels: dict[str, EntityType] = {}
        #: name_key -> label of the hand-picked names, whose versions make families (GPT-5)
        self.curated: dict[str, EntityType] = {}
        first: dict[str, EntityType] = {}
        for entry in all_gazetteer_entries(gazetteers):
            key = name_key(entry.pattern)
            if first.setdefault(key, entry.label) is not entry.label or entry.match == "merge":
                continue  # an earlier file types this name otherwise
            if entry.curated:
                self.curated.setdefault(key, entry.label)
            if entry.match == "context":
                self.hint_labels.setdefault(case_key(entry.pattern), entry.label)
            elif entry.match == "case":
                _add_spelling(self.known_cased, case_key(entry.pattern), entry.pattern, entry.label)
            else:
                _add_spelling(self.known, key, entry.pattern, entry.label)
        #: every beginning of a known key (lower case), to stop a lookup early
        keys = [*self.known, *(k.lower() for k in self.known_cased)]
        self._prefixes = {
            form[:n]
            for key in keys
            for form in (key + "s", key + "es")
            for n in range(1, len(form) + 1)
        }

    @property
    def labels(self) -> dict[str, EntityType]:
        """name_key -> label of the names matched in any case."""
        return {k: v.label for k, v in self.known.items()}

    @property
    def cased(self) -> dict[str, EntityType]:
        """case_key -> label of the names matched as written."""
        return {k: v.label for k, v in self.known_cased.items()}

    def __call__(self, doc: Doc) -> Doc:
        doc.spans["kg_gazetteer"] = [
            Span(doc, s, e, label=label.value) for s, e, label in self.find(doc)
        ]
        return doc

    def find(self, doc: Doc) -> list[tuple[int, int, EntityType]]:
        """(start token, end token, label) of every known name in the doc."""
        cased = []  # (a span's text is read from its tokens: doc.text joins them all)
        for t in doc:
            cased.append(_NOT_KEY_RE.sub("", unicodedata.normalize("NFKC", t.text)))
        words = [bool(_WORD_RE.search(k)) for k in cased]
        found = []
        for i in range(len(doc)):
            if not words[i]:
                continue
            acc = ""
            for j in range(i, min(len(doc), i + MAX_TOKENS)):
                acc += cased[j]
                lower = acc.lower()
                if lower not in self._prefixes and not (
                    words[j] and lower.endswith("ies") and lower[:-3] + "y" in self._prefixes
                ):
                    break  # no known name starts this way (nor its -ies plural ends here)
                if not words[j]:
                    continue  # a name ends on a word
                known = self._lookup(acc, lower)
                if known is not None and known.fits(doc[i : j + 1].text):
                    found.append((i, j + 1, known.label))
        return found

    def _lookup(self, acc: str, lower: str) -> Known | None:
        """What is known about the span whose key characters are ``acc`` (case kept)."""
        known = self.known_cased.get(acc.strip(".")) or self.known.get(lower.strip("."))
        if known is None and lower.endswith("s"):  # a plural: "transformers", "GANs"
            if acc[-2:-1].isupper():
                known = self.known_cased.get(acc[:-1])
            singular = lower[:-2] if lower.endswith(ES_PLURALS) else lower[:-1]
            known = known or self.known.get(singular)
            if known is None and lower.endswith("ies"):  # "diffusion policies"
                known = self.known.get(lower[:-3] + "y")
        return known
