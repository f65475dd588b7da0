"""Data names: the shapes and the words around a name that make it a dataset or benchmark
(used by :func:`kg.extract.context.decide`)."""

from __future__ import annotations

import re

from kg.extract.words import Vocab, W
from kg.model import EntityType

# "We report results on three datasets: A, B and C": a list the sentence evaluates on, not the
# paper's own list ("We consider two instantiations: A and B")
EVAL_CLAUSE_RE = re.compile(
    r"\b(?:on|across|evaluat\w*|test\w*|experiment\w*|report\w*|achiev\w*|validat\w*|"
    r"demonstrat\w*|show\w*|results?|performance|outperform\w*)\b"
)
# one lower-case word between the/on/... and a name before a data noun: "on the challenging Foo
# dataset", "on several Foo datasets"
_ADJ_LEAD_RE = re.compile(
    r"\b(?:the|on|using|from|across)\s+(?!(?:of|for|to|by|and|or)\b)[a-z][\w\-]*\s+$"
)


def adjective_lead(text: str, s0: int, start: int, name: str) -> bool:
    """An adjective stands between "the"/"on"/... and the name, and the name is not itself
    adjective-shaped ("the stochastic Markovian environments")."""
    if name.lower().endswith((*W.adjective_endings, "an")):
        return False
    return bool(_ADJ_LEAD_RE.search(text, max(s0, start - 40), start))


# a count of items at the end of a name: "Foo-50K", "Bar 1.2M" (a model's size is "-7B", "-350M")
_COUNT_RE = re.compile(r"[\-\u2013 ]\d+(?:\.\d+)?([KkM])$")


def data_size(v: Vocab, name: str, data_ctx: bool, method_ctx: bool) -> bool:
    """The name ends in a count of examples: "-50K" always (the lexicon's 53 names ending in a
    thousands count are all data), "-1M" where the sentence speaks of data ("trained on
    Foo-1M"), since models end in millions too ("-350M"); not a known method's variant
    ("SVM-2K")."""
    m = _COUNT_RE.search(name)
    if m is None or method_ctx or v.known_label(name[: m.start()]) is EntityType.METHOD:
        return False
    return m.group(1) in "Kk" or data_ctx
