"""Losses and divergences written in lower case: "we minimize the KL divergence between ...",
"trained with a hinge loss", "an l1 loss on the residuals". A kind of loss function
(``loss_kinds`` of words.json) before "loss" or "divergence", in a sentence that minimises,
optimises, trains with, regularises with or builds on it, is a used method (the guide counts
named losses and divergences the method trains with as methods)."""

from __future__ import annotations

import re
from collections.abc import Callable

from kg.extract.spans import Candidate, Sent, overlapping
from kg.extract.words import W, alternation
from kg.model import EntityType, Role

_KIND = r"(?:" + alternation(W.loss_kinds) + r")"
#: one or two kinds, then the function: "squared hinge loss", "KL divergence", "l2-loss"
_LOSS_RE = re.compile(
    r"(?<![\w\-])" + _KIND + r"(?:[\s\-]" + _KIND + r")?[\s\-](?:loss|losses|divergences?)\b"
    r"(?![\s\-](?:functions?|class|classes|landscape|surfaces?|values?|of\b))",
    re.I,
)
_FIRST_WORD_RE = re.compile(r"[^\s\-]+")
#: what the sentence does with it before the phrase: minimise, optimise, train with, use, ...
_USE_BEFORE_RE = re.compile(
    r"\b(?:minimi[sz]\w*|optimi[sz]\w*|train\w*|regulari[sz]\w*|penali[sz]\w*|using|uses?|used|"
    r"with|via|under|based\s+on|employ\w*|adopt\w*|replac\w*|augment\w*|combin\w*)\b",
    re.I,
)


def loss_methods(
    text: str, cands: list[Candidate], sent_of: Callable[[int], Sent]
) -> list[Candidate]:
    """A lower-case loss or divergence the sentence uses, unless a name covers it already."""
    out: list[Candidate] = []
    for m in _LOSS_RE.finditer(text):
        start, end = m.span()
        first = _FIRST_WORD_RE.match(m.group()).group()  # type: ignore[union-attr]
        if first[0].isupper() and not first.isupper():
            continue  # "Hinge loss ..." opening a sentence, or a capitalised name: its own rule
        if overlapping(cands, start, end, typed=True) or overlapping(out, start, end):
            continue
        s0 = sent_of(start).start_char
        if not _USE_BEFORE_RE.search(text, s0, start):
            continue
        c = Candidate(start, end, m.group(), "lower", role=Role.USES, type=EntityType.METHOD)
        c.confidence = 0.6
        out.append(c)
    return out
