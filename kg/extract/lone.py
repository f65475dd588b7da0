"""Lone acronyms that the sentence makes methods.

An all-capital word the abstract writes once, that no list knows and no long form defines
("FWW", "MWVMs"), is dropped by :func:`kg.extract.context.decide` unless something around it
says what it is: alone it is as often a unit, a piece of hardware, a metric, a molecule or a
local shorthand ("DNA", "PCs", "NDS", "RIP") as a method, and keeping every one cost precision
(docs/extraction.md, "keeping a lone acronym"). Read on the 13,012 population abstracts, these
contexts make it a method about four times in five:

* a part of a hyphened blend of names that the abstract names as a method ("to train the
  PINN-CBF" after "Control Barrier Functions (CBFs) offer ...");
* a method noun right after it, or after one lower-case word ("the QP relaxation", "an efficient
  MPC method", "the exact BM learning algorithm", "a FOO objective"; not "framework": "the PAC
  framework" is a theory);
* a list it shares with a known or already typed method ("SVRG, SAGA and SARAH", "(EN, CART,
  SVM, XGB)", "NAC-LSTD and eNAC algorithms", "distributed SVRG and multi-core FOO");
* an appositive that calls it or its list a kind of method ("FOO, a classic sampling
  procedure", "FOO and BAR, two popular selection methods");
* a list that a kind of method opens with "such as", "like", "including", "e.g." or a bracket or
  colon ("decision tree algorithms, such as CART", "recurrent cells such as FOO", "baseline RNN
  methods (FOO, BAR, and vanilla RNNs)", "algorithms including blockwise FOO"; not "data such
  as URLs", "structures like the LGN");
* what a method is built on, extends or fine-tunes ("models based on FOOs", "builds upon
  BAR", "an extension of QUX", "we fine-tune FOO"; not "relies on GPS").
"""

from __future__ import annotations

import re

from kg.extract.lists import LIST_JOIN_RE
from kg.extract.resources import name_key
from kg.extract.spans import Candidate
from kg.extract.words import W, alternation
from kg.model import EntityType

# a Roman numeral: "E - II units", "Phase III"
_ROMAN_RE = re.compile(r"[IVX]+")
# "the QP relaxation", "the exact BM learning algorithm" (one lower-case word between; not a
# number or a symbol: "the PAC sample complexity")
_NOUN_AFTER_RE = re.compile(
    r"\)?(?:\s+[a-z][a-z\-]*)?\s+" + alternation(W.lone_method_nouns) + r"\b"
)
#: kinds of method that open a list of names: the method cue words and a few more
_KINDS = W.method_cue_words | W.lone_list_kinds
# a kind of method, then "such as" / "like" / "including" / "e.g." or a bracket or a colon,
# and one lower-case word before the first name ("algorithms including blockwise FOO")
_KIND_OPENS_RE = re.compile(
    r"\b([a-z]+)\s*(?:,?\s*(?:such\s+as|like|including|e\.g\.,?)|\(\s*(?:e\.g\.,?)?|:)"
    r"\s*(?:the\s+|a\s+|an\s+)?(?:[a-z][a-z\-]*\s+)?$"
)
# what a method is built on or from: "models based on FOOs", "builds upon BAR", "an
# extension of QUX" (not "relies on GPS")
# the name ends: a stop or a lower-case word after it (not "'s", a hyphen, "[1]" or a
# broken word); "Kearns and Singh's work", "Cox's partial likelihood" name their authors
_NAME_ENDS_RE = re.compile(r"\s*(?:[,.;:)]|$)|\s+([a-z][\w\-]*)")
_OWNER_SOON_RE = re.compile(r"[^,.;]{0,30}?['\u2019]s\b")
_BUILT_ON_RE = re.compile(
    r"\b(?:(?:based|built|builds?|building)\s+(?:up)?on|(?:extensions?|variants?)\s+of|"
    r"extends|extending|fine-tun(?:e|es|ed|ing))\s+(?:the\s+|an?\s+)?$"
)


# a list's join, with one lower-case word before the next item: "parallel FOO and distributed
# BAR", "SVRG, and multi-core QUX"
_JOIN_RE = re.compile(LIST_JOIN_RE.pattern + r"(?:[a-z][a-z\-]*\s+)?")


# an appositive that calls the name (or its list) a kind of method: "QRZ, a classic sampling
# procedure", "ABC and XYZ, two popular model selection methods"
_KIND_APPOSITIVE_RE = re.compile(
    r",\s+(?:a|an|two|three|four|both)\s+(?:[a-z][\w\-]*\s+){0,3}?"
    + alternation(W.lone_method_nouns | W.method_cue_words)
    + r"\b"
)


def _list_members(c: Candidate, text: str, cands: list[Candidate]) -> list[Candidate]:
    """The candidates coordinated with this one in one list ("A, B, and C"), itself first."""
    i = cands.index(c)
    out = [c]
    j = i
    while j > 0 and _JOIN_RE.fullmatch(text, cands[j - 1].end, cands[j].start):
        j -= 1
        out.append(cands[j])
    j = i
    while j + 1 < len(cands) and _JOIN_RE.fullmatch(text, cands[j].end, cands[j + 1].start):
        j += 1
        out.append(cands[j])
    return out


def built_on(text: str, s0: int, start: int, end: int, name: str) -> bool:
    """A method is built on the name that starts at `start` ("models based on FOOs", "variants
    of SDCA", "based on Tacotron 2, which"), and the name ends at `end` (after a defining
    bracket) or before a method noun ("the SAGA framework"): not "based on KL divergence",
    "based on Rademacher complexity", where a longer name goes on ("FOOs require": a plural
    ends its noun phrase), nor "based on Kingman's coalescent"."""
    if not _BUILT_ON_RE.search(text, max(s0, start - 40), start) or _OWNER_SOON_RE.match(text, end):
        return False
    nxt = _NAME_ENDS_RE.match(text, end + (text[end : end + 1] == ")"))
    return nxt is not None and (
        nxt.group(1) is None
        or nxt.group(1) in W.np_boundary
        or nxt.group(1) in W.method_cue_words
        or name.endswith("s")
    )


def lone_is_method(c: Candidate, text: str, s0: int, s1: int, cands: list[Candidate]) -> bool:
    """The sentence says that this lone all-capital word names a method (module docstring)."""
    # a field, a paradigm or a theory, or a blend of them ("ML-RL"), or a Roman numeral
    word = c.text.lower().removesuffix("s")
    parts = word.split("-")
    if (
        word in W.lone_not_methods
        or all(p in W.lone_not_methods for p in parts)
        or _ROMAN_RE.fullmatch(c.text)
    ):
        return False
    if _NOUN_AFTER_RE.match(text[c.end : s1]):
        return True
    # a blend of names, one of them a method the abstract names: "PINN-CBF" (not a letter's
    # variant, "I-MAG", nor one name twice, "TF-TF")
    blend = len(set(parts)) == len(parts) > 1 and min(map(len, parts)) > 1
    if blend and any(
        o is not c and name_key(o.text) in parts and EntityType.METHOD in (o.label, o.type)
        for o in cands
    ):
        return True
    members = _list_members(c, text, cands)
    if any(o.label is EntityType.METHOD or o.type is EntityType.METHOD for o in members[1:]):
        return True
    if _KIND_APPOSITIVE_RE.match(text, max(o.end for o in members)):
        return True
    first = min(o.start for o in members)
    if built_on(text, s0, first, max(o.end for o in members), c.text):
        return True
    kind = _KIND_OPENS_RE.search(text, s0, first)
    return kind is not None and kind.group(1) in _KINDS
