"""Abbreviation definitions — "Direct Preference Optimization (DPO)" — after Schwartz & Hearst.

A Simple Algorithm for Identifying Abbreviation Definitions in Biomedical Text: the short form is
in parentheses (or the long form is, "AES (Adaptive Entropy Scheduling)"); the long form is the
shortest run of words before it whose letters contain the short form's letters in order, the
first one at the start of a word that is no linking word ("Abstraction and Reasoning Corpus
(ARC)", not "and Reasoning Corpus"). Digits in the short form may stand for repetition (T2PO =
Token- and Turn-level Policy Optimization), so they are skipped when the long form has none.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass

from spacy.lang.en.stop_words import STOP_WORDS

from kg.extract.resources import name_key
from kg.extract.spans import Candidate
from kg.extract.words import Vocab, W, head

_PAREN_RE = re.compile(r"\(([^()]{1,90})\)")
_SHORT_RE = re.compile(r"[A-Za-z0-9\u0370-\u03ff][\w.+*\-\u2013\u0370-\u03ff]{0,14}")
_WORD_RE = re.compile(r"\S+")
ACRONYM_RE = re.compile(r"[A-Z][A-Z0-9\-]*[A-Z0-9]s?")
# words that link a name's words and give none of its short form's first letter
_LINK_WORDS = frozenset(
    ["and", "of", "for", "the", "in", "on", "to", "with", "by", "at", "a", "an"]
)


@dataclass(frozen=True, slots=True)
class Abbreviation:
    short: str
    long: str
    short_start: int
    short_end: int
    long_start: int
    long_end: int
    # a technique noun the abstract writes after the short form, outside the bracket ("tensor
    # train (TT) decomposition") or restating the long form's inside it ("Between-Class
    # learning (BC learning)")
    head: str = ""


def is_short_form(text: str) -> bool:
    """One word of 2–15 characters with a capital letter and more letters than digits."""
    if not _SHORT_RE.fullmatch(text) or not any(c.isupper() for c in text):
        return False
    letters = sum(c.isalpha() for c in text)
    return letters >= 2 and letters > sum(c.isdigit() for c in text)


def best_long_form(short: str, long: str) -> int | None:
    """Start offset in `long` of the shortest suffix that defines `short`, or None."""
    chars = [c.lower() for c in short if c.isalnum()]
    if chars and chars[-1] == "s" and len(chars) > 2 and short[-1] == "s":
        chars.pop()  # plural short form: LLMs, DiTs
    lowered = long.lower()
    if any(c.isdigit() for c in lowered) or not any(c.isdigit() for c in chars):
        return _suffix_start(chars, long, lowered)
    # "T2PO": a digit repeats the letter before it (Token- and Turn-level ...); "L2D": a 2 is
    # "to" and a 4 "for" (Learning to Discern)
    repeated: list[str] = []
    for c in chars:
        if c.isdigit():
            if repeated and 1 < int(c) <= 3:
                repeated += [repeated[-1]] * (int(c) - 1)
        else:
            repeated.append(c)
    found = _suffix_start(repeated, long, lowered)
    if found is None and any(c in "24" for c in chars):
        said = [{"2": "t", "4": "f"}.get(c, c) for c in chars if not c.isdigit() or c in "24"]
        found = _suffix_start(said, long, lowered)
    return found


def _function_word_at(lowered: str, i: int) -> bool:
    """A function word starts at `i`: the first letter comes from a word further left
    ("Abstraction and Reasoning Corpus (ARC)", not "and Reasoning Corpus")."""
    m = _WORD_RE.match(lowered, i)
    return m is not None and m.group() in _LINK_WORDS


def _suffix_start(chars: list[str], long: str, lowered: str) -> int | None:
    """Schwartz & Hearst's match: `chars` in order from the end, the first at a word start."""
    if len(chars) < 2:
        return None
    s, i = len(chars) - 1, len(long) - 1
    while s >= 0:
        c = chars[s]
        while i >= 0 and (
            lowered[i] != c
            or (s == 0 and i > 0 and long[i - 1].isalnum())
            or (s == 0 and _function_word_at(lowered, i))
        ):
            i -= 1
        if i < 0:
            return None
        i -= 1
        s -= 1
    return long.rfind(" ", 0, i + 1) + 1


def _initials_prefix(short: str, long: str) -> int | None:
    """Start offset in `long` of a capitalised run whose initials begin `short`, when the
    letter-by-letter match fails: "Relational Invariant Learning framework (RILOOD)". At least
    three initials, at most one lower-case word between the run and the parenthesis."""
    words = list(_WORD_RE.finditer(long))
    if words and words[-1].group()[:1].islower():
        words.pop()  # "framework", "method", "model"
    run: list[re.Match[str]] = []
    for w in reversed(words):
        if not w.group()[:1].isupper():
            break
        run.insert(0, w)
    for i in range(len(run) - 2):  # the longest run whose initials start the short form
        initials = "".join(w.group()[0] for w in run[i:]).upper()
        if len(initials) >= 3 and short.upper().startswith(initials):
            return run[i].start()
    return None


_CLAUSE_RE = re.compile(r"[.;:,]\s|\s(?:we|is|are|was|were)\s")
_NOT_FIRST = frozenset(
    ["for", "with", "of", "and", "or", "the", "a", "an", "to", "in", "on", "by", "at", "as",
     "which", "that", "is", "are", "we", "study", "using"]
)  # fmt: skip


def sane_long_form(long: str, short: str = "") -> bool:
    """A long form is a name: at most eight words, no clause inside ("AdaGrad over smooth,
    nonconvex landscapes. We show ..."), not opening with a function word ("for neural networks
    with ... datasets"), and the short form's capitals are mostly initials of its words
    ("a challenging 3D driving simulator (CARLA)" has C, A, R, L, A inside words only)."""
    words = long.split()
    if len(words) > 8 or words[0].lower() in _NOT_FIRST or _CLAUSE_RE.search(long):
        return False
    capitals = [c.lower() for c in short if c.isupper()]
    parts = [w for w in re.split(r"[\s\-\u2013/]+", long) if w]
    # word initials, and the capitals inside words ("LightYourFace-160K (LYF-160K)")
    initials = [w[0].lower() for w in parts] + [
        c.lower() for w in parts for c in w[1:] if c.isupper()
    ]
    found = 0
    for c in capitals:
        if c in initials:
            initials.remove(c)
            found += 1
    return 2 * found >= len(capitals)


# a plural kind of things whose names a bracket lists: "on several popular datasets (STL-10,
# CIFAR-10, Caltech-101)" defines no STL-10
_PLURAL_KIND_RE = re.compile(
    r"\b(?:datasets|data\s+sets|benchmarks|corpora|tasks|environments|domains|games)$", re.I
)


def _names_a_plural_kind(long: str, inner: str) -> bool:
    """The long form ends in a plural kind and the bracket lists short forms: the bracket
    lists the kind's names, it defines none."""
    items = inner.split(",")
    return (
        len(items) > 1
        and all(is_short_form(i.strip()) for i in items)
        and bool(_PLURAL_KIND_RE.search(long))
    )


def _window_before(text: str, end: int, lo: int, n_words: int) -> int:
    """Start offset of the last `n_words` words of text[lo:end]."""
    words = list(_WORD_RE.finditer(text, lo, end))
    return (
        words[-n_words].start() if len(words) >= n_words else lo if not words else words[0].start()
    )


def named_with_head(v: Vocab, short: str, long: str, noun: str) -> str | None:
    """The name a technique noun written after a definition's short form ends: the long form
    that already ends in it ("Between-Class learning (BC learning)"), or the long form and the
    noun ("tensor train (TT) decomposition", "the Kullback-Leibler (KL) divergence") where the
    long form alone names no kind, ends in no name the lists know ("Hybrid Monte Carlo (HMC)
    sampling", "robust SVM (RSVM) learning"), is no field, theory or metric, is not a
    lower-case "... learning" (the abstracts name problems so, and tasks.py reads them), and is
    no longer than the short form's letters allow ("build their models using the Bag-to-Bag
    (B2B) distance")."""
    if long.lower().endswith(noun):
        return long
    words = long.split()
    known = (v.method_heads, W.technique_ends, W.tech_heads, W.defined_heads)
    if (
        v.type_from_head(long)
        or any(head(long) in k for k in known)
        or any(v.known_label(" ".join(words[-n:])) for n in (1, 2, 3))
        or any(name_key(" ".join(words[-n:])) in v.generic for n in (1, 2))
        or name_key(f"{long} {noun}") in v.fields
        or short.lower() in W.lone_not_methods  # "Probably Approximately Correct (PAC) learning"
        or (name_key(short) in v.metrics and noun not in ("loss", "losses"))
        or (noun == "learning" and long.islower())
        or len(words) > sum(ch.isalpha() for ch in short) + 1
    ):
        return None
    return f"{long} {noun}"


# a lower-case word right after a bracket (and the word after it), and a short form with the
# long form's head after it
_WORD_AFTER_RE = re.compile(r"\s+([a-z][a-z\-]*)\b(?![\-])(?:\s+([a-z][a-z\-]*))?")
_RESTATED_RE = re.compile(r"(\S+) ([a-z][a-z\-]*)")


def find_abbreviations(
    text: str, lo: int = 0, hi: int | None = None, heads: Container[str] = ()
) -> list[Abbreviation]:
    """All definitions in text[lo:hi] (one sentence); `heads`: the technique nouns a definition
    may write after its short form (:attr:`Abbreviation.head`)."""
    hi = len(text) if hi is None else hi
    found = []
    for m in _PAREN_RE.finditer(text, lo, hi):
        inner = m.group(1).strip()
        first = re.split(r"\s+or\s+|;|,", inner)[0].strip()
        inner_start = m.start(1) + m.group(1).index(first) if first else m.start(1)
        after = _WORD_AFTER_RE.match(text, m.end(), hi)
        head = ""
        if after and after.group(1) in heads and (after.group(2) or "the") in STOP_WORDS:
            head = after.group(1)  # not "(KOI) learning approach": the approach is KOI
        restated = _RESTATED_RE.fullmatch(first)
        if (
            restated
            and restated.group(2) in heads
            and is_short_form(restated.group(1))
            and text[lo : m.start()].rstrip().lower().endswith(" " + restated.group(2))
        ):  # "Between-Class learning (BC learning)"
            first, head = restated.group(1), restated.group(2)
        if is_short_form(first):
            n = min(len(first) + 5, 2 * len(first))
            start = _window_before(text, m.start(), lo, n)
            window = text[start : m.start()].rstrip()
            offset = best_long_form(first, window)
            if offset is None:
                offset = _initials_prefix(first, window)
            if offset is None:
                continue
            long = window[offset:].strip(" ,;:-")
            long_start = start + offset
            if len(long) <= len(first) or "(" in long or ")" in long:
                continue
            if not sane_long_form(long, first) or _names_a_plural_kind(long, inner):
                continue
            found.append(
                Abbreviation(
                    first,
                    long,
                    inner_start,
                    inner_start + len(first),
                    long_start,
                    long_start + len(long),
                    head,
                )
            )
            continue
        # reversed: "AES (Adaptive Entropy Scheduling)"
        before = text[lo : m.start()].rstrip()
        prev = before.rsplit(" ", 1)[-1]
        if " " in inner and is_short_form(prev):
            offset = best_long_form(prev, inner)
            if offset == 0:
                prev_start = lo + len(before) - len(prev)
                found.append(
                    Abbreviation(
                        prev,
                        inner,
                        prev_start,
                        prev_start + len(prev),
                        m.start(1),
                        m.start(1) + len(inner),
                    )
                )
    defined = {a.short for a in found}
    found += [a for a in appositive_abbreviations(text, lo, hi) if a.short not in defined]
    return found


_TITLE_WORD = r"[A-Z][\w\-]*"
_JOINER = "(?:" + "|".join(sorted(_LINK_WORDS | {"via"})) + ")"
#: a short form of two capitals or more: "URMA", "AANNs", "Fed-IPW"
_CAPS_SHORT = r"[A-Z][A-Za-z0-9\-]*[A-Z][A-Za-z0-9\-]*?s?"
#: a Title Case run of words, function words allowed inside it
_TITLE_RUN = _TITLE_WORD + r"(?:\s+(?:" + _JOINER + r"\s+)*" + _TITLE_WORD + r")+"
#: "URMA, the Unified Robot Morphology Architecture", "AANN: Absolute Artificial Neural Network"
_SHORT_THEN_LONG_RE = re.compile(
    r"(?<![\w\-])(?=(" + _CAPS_SHORT + r")(?:,|:)\s+(?:the\s+)?(" + _TITLE_RUN + "))"
)  # (a lookahead: "MNIST, CIFAR-10 and SVHN, the Street View House Numbers" tries each name)
#: "Sequential Minimal Optimization, or SMO", "elastic basis pursuit, or EBP"
_LONG_OR_SHORT_RE = re.compile(
    r",?\s+or\s+(?:simply\s+)?[\"\u201c]?(" + _CAPS_SHORT + r")[\"\u201d]?(?![\w\-])"
)


def _initials(words: list[str]) -> str:
    """The capital letters a run of words spells: each word's first letter and, in a hyphened
    word, each part's ("Self-Organizing Map" -> SOM); function words left out."""
    return "".join(
        part[0].upper()
        for w in words
        if w.lower() not in STOP_WORDS
        for part in w.split("-")
        if part
    )


def _spelled(short: str, words: list[str]) -> bool:
    """Whether the words spell the short form letter by letter (a plural "s" aside)."""
    letters = short[:-1] if short.endswith("s") and short[:-1].isupper() else short
    return len(letters) >= 2 and letters.isalpha() and letters.upper() == _initials(words)


def appositive_abbreviations(text: str, lo: int, hi: int) -> list[Abbreviation]:
    """Definitions without a bracket, whose long form spells the short form's letters word by
    word: "we introduce URMA, the Unified Robot Morphology Architecture", "AANN: Absolute
    Artificial Neural Network", "Sequential Minimal Optimization, or SMO", "elastic basis
    pursuit, or EBP"."""
    out = []
    for m in _SHORT_THEN_LONG_RE.finditer(text, lo, hi):
        short, long = m.group(1), m.group(2)
        words = long.split()
        while len(words) > 1 and not _spelled(short, words):
            words.pop()  # "Unified Robot Morphology Architecture for ...": the spelled part
        if _spelled(short, words) and is_short_form(short):
            long = " ".join(words)
            out.append(
                Abbreviation(short, long, m.start(1), m.end(1), m.start(2), m.start(2) + len(long))
            )
    for m in _LONG_OR_SHORT_RE.finditer(text, lo, hi):
        short = m.group(1)
        if not is_short_form(short):
            continue
        before = text[max(lo, m.start() - 120) : m.start()].split()
        for n in range(2, min(len(before), 12) + 1):
            words = before[-n:]
            if words[0].lower() in STOP_WORDS:
                continue
            if _spelled(short, words):
                long = " ".join(words)
                start = text.rfind(long, lo, m.start() + 1)
                if start >= 0 and sane_long_form(long, short):
                    out.append(
                        Abbreviation(short, long, m.start(1), m.end(1), start, start + len(long))
                    )
                break
    return out


# a word that spells out an acronym's letters in capitals inside it: "SPectral", "FOOd",
# "nEtwork" (a run of capitals before lower case, not a plural "s"; or a capital after
# lower case)
_SPELLED_WORD_RE = re.compile(
    r"(?<![\w\-])(?:[A-Z]{2,}(?:[a-z]{2,}|[a-rt-z]\b)|[a-z]+[A-Z][a-z]{2,})"
)
_ALL_CAPS_WORD_RE = re.compile(r"(?<![\w\-])[A-Z][A-Z0-9]{2,}(?![\w\-])")


def spells_acronym_piece(text: str, phrase: str, *, whole: bool = False) -> bool:
    """A piece of a long form written to spell its acronym ("we present FOOBLE, a method for
    FOOd data BLEnding", "SPORE, a SPectral regularized ORthonormal Embedding"): its capitals
    are a proper part of an all-capital word of the abstract and no word of their own. Not a
    whole long form ("SHAnnon DEcay" for SHADE), nor a name built on an acronym the abstract
    uses ("CLIPort" beside CLIP, "RLlib" beside RL). `whole`: the whole long form too (no task
    phrase)."""
    if not _SPELLED_WORD_RE.search(phrase):
        return False
    caps = "".join(ch for ch in phrase if ch.isupper())
    words = {a.group() for a in _ALL_CAPS_WORD_RE.finditer(text)}
    if len(caps) < 2 or not any(caps in w for w in words):
        return False
    return whole or not re.search(r"(?<![\w\-])" + caps + r"(?![\w\-])", text)


# the words of a spelled-out name and what joins them: "Zorp, Quell, Vex", "Zorp + Quell to
# Vex"
_RUN_TOKEN_RE = re.compile(r"[A-Za-z][\w\-'\u2019]*|[+&,]")
_RUN_LINKS = _LINK_WORDS | {"via", "from", "+", "&", ","}
# a word with two capitals or more: an acronym the abstract writes ("ZQV", "ZqV", "ZQTV")
_ACRONYM_WORD_RE = re.compile(r"(?<![\w\-])([A-Za-z]*[A-Z][\w\-]*[A-Z][\w\-]*)(?![\w\-])")


def spelled_by_initials(text: str, s: int, e: int, lo: int, hi: int) -> bool:
    """text[s:e] is a piece of a run of capitalised words (joined by link words, commas or
    "+" within text[lo:hi]) whose initials spell an acronym the abstract writes elsewhere:
    "we present ZQV (Zorp, Quell, Vex)", "we propose Zorp + Quell to Vex, ... ZQTV": the run
    names the acronym's method, its words no methods of their own."""
    tokens = [(m.start(), m.end(), m.group()) for m in _RUN_TOKEN_RE.finditer(text, lo, hi)]
    inside = [i for i, (a, b, _) in enumerate(tokens) if a < e and s < b]
    if not inside:
        return False

    def joins(w: str) -> bool:
        return w[:1].isupper() or w.lower() in _RUN_LINKS

    if not joins(tokens[inside[0]][2]):
        return False

    def next_to(a: int, b: int) -> bool:  # only spaces between: no bracket, no stop
        return not text[tokens[a][1] : tokens[b][0]].strip()

    i, j = inside[0], inside[-1]
    while i > 0 and joins(tokens[i - 1][2]) and next_to(i - 1, i):
        i -= 1
    while j + 1 < len(tokens) and joins(tokens[j + 1][2]) and next_to(j, j + 1):
        j += 1
    while i <= j and tokens[i][2].lower() in _RUN_LINKS:
        i += 1
    while j >= i and tokens[j][2].lower() in _RUN_LINKS:
        j -= 1
    run = tokens[i : j + 1]
    if not run or (run[0][0], run[-1][1]) == (s, e) or text[run[-1][1] :].lstrip()[:1] == "(":
        return False  # (a long form before its bracket is a definition: attach_abbreviations)
    words = [w for _, _, w in run if w[:1].isalpha()]
    initials = [w[0].lower() for w in words if w[:1].isupper()]
    every = [w[0].lower() for w in words]
    if len(initials) < 2:
        return False
    rs, re_ = run[0][0], run[-1][1]
    for m in _ACRONYM_WORD_RE.finditer(text):
        if rs <= m.start() < re_:
            continue
        caps = [ch.lower() for ch in m.group(1).removesuffix("s") if ch.isupper()]
        if caps in (initials, every):
            return True
    return False


def split_trailing_acronyms(cands: list[Candidate]) -> None:
    """ "The Shift Aggregate Extract Network SAEN is ...": a capitalised run that ends in the
    acronym of its own words is a long form and its short form, defined without brackets."""
    for c in cands:
        words = c.text.split()
        if len(words) < 3 or not ACRONYM_RE.fullmatch(words[-1]):
            continue
        short = words[-1].rstrip("s") if words[-1].endswith("s") else words[-1]
        initials = "".join(w[0] for w in words[:-1] if w[0].isupper())
        if short.replace("-", "").upper() == initials and len(initials) >= 2:
            long = c.text[: c.text.rindex(" ")]
            c.long, c.long_span = long, (c.start, c.start + len(long))
            c.start = c.end - len(words[-1])
            c.text = words[-1]
