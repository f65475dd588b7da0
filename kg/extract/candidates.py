"""Stage 1, candidates: the spans of an abstract that may name an entity.

* name shapes — runs of CamelCase, acronyms, letters with digits, "+"/"*" and capitalised words
  ("Gemini 2.5 Flash Image"), minus units, formulas, metrics and generic words;
* gazetteer hits that are not already candidates (lower-case methods, tasks);
* abbreviation definitions, which attach a long form to the short form's candidate.

Lower-case names that context makes methods are in :mod:`kg.extract.phrases`.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence

from kg.extract.abbrev import (
    Abbreviation,
    named_with_head,
    spelled_by_initials,
    spells_acronym_piece,
)
from kg.extract.resources import case_key, name_key
from kg.extract.spans import Candidate, add_unless_covered, heading, overlapping
from kg.extract.words import (
    CITATION_AFTER_RE,
    YEAR_AFTER_RE,
    Vocab,
    W,
    alternation,
    language_pair,
    languages_only,
)
from kg.model import EntityType

# A word of a name: starts with a letter or digit; inner dots/hyphens only between word chars
# (Wan2.1-14B, C*-RASP, MATH-500); may end in + or * (RAT+).
_NAME_WORD = r"[A-Za-z0-9\u0370-\u03ff](?:[\w+*]|[.\-\u2013](?=[\w*]))*"
_WORD_RE = re.compile(r"(?<![\w.+*\-\u2013])" + _NAME_WORD)
# Shape of a name: two capitals in a row, a capital after a letter, letters next to digits, + or *,
# a capital alone after a capitalised word and a hyphen ("Open-X"; not "Hamilton-Jacobi", "top-K"),
# a capital Greek letter and a hyphen before a word ("\u03a3-agent"; not "\u03b5-greedy", a
# formula "\u0394-1" or a property "\u03a6-mixable").
_STRONG_RE = re.compile(
    r"[A-Za-z][A-Z]|[a-z][0-9]|[0-9][A-Za-z]|[A-Za-z][+*]|\*|\b[A-Z][a-z]+[\-\u2013][A-Z](?![a-z])"
    r"|\A[\u0391-\u03a9][\-\u2013](?![a-z]*(?:able|ability|ible|ibility)\b)[a-z]{3}"
)
_CAP_RE = re.compile(r"[A-Z][a-z\u2013\-]")
# a Greek letter and a capitalised word: a name's part after another name word ("λ-Repformer")
_GREEK_NAME_RE = re.compile(r"[\u0370-\u03ff][\-\u2013][A-Z]\w+")
# digits, capitals, a hyphen and an acronym or a capitalised noun: a name ("3DS-VLA", "4D-DPM",
# "3D-QuorNet", "4D-Quorlformer"), not a unit ("3D", "7B") nor one before a capitalised adjective
# or kind word ("3D-Consistent", "7B-Scale")
_DIGIT_ACRONYM_RE = re.compile(
    r"\d+[A-Z]+[\-\u2013](?:[A-Z][A-Z0-9]*[A-Z]|(?![A-Z][a-z]*(?:ent|ant|al|ic|ive|ous|ed|able|"
    r"ible|ing|less|ful)(?![\w\-\u2013]))(?!(?i:aware|scale|level|order|shot|stage|step|based|"
    r"like|free)(?![\w\-\u2013]))[A-Z][a-z]+(?:[A-Z0-9]\w*)?(?![\w\-\u2013]))"
)
UNIT_RE = re.compile(
    r"(?:mid|early|late)[\-\u2013]\d{2,4}s?|"
    r"[\d.,\-\u2013×x]+[A-Za-z%×]{0,3}[23²³]?\+?(?:[\-\u2013/][\w.×%]*)*|[A-Za-z]?\d+|.*@.*"
)
# LaTeX left in plain text ("fracλ_1", "mathcalO", "tildeO", "hatB") and subscripts are
# formulas, not names ("n log2 n", "eps2")
_MATH_LEFTOVER_RE = re.compile(
    r"(?:frac|mathcal|mathbb|mathrm|mathbf|mathit|sqrt|operatorname|left|right|hat|widehat|"
    r"tilde|widetilde|overline)(?=[A-Z0-9\u0370-\u03ff({])|.*_|(?:log|ln|eps|epsilon)\d+$"
    # ... and bounds whose spaces and braces the PDF lost: a function glued to variables and
    # digits ("nlog3", "k2log", "4sqrtK", "nabla2", "minfracn9", "1over 2"; not "plnDAG"), an
    # optimum ("θ*", "γ*log", "s-s*"), a variable with an index ("mn2", "k1+ε")
    r"|[a-z\u0370-\u03ff]{0,3}\d[a-z0-9\u0370-\u03ff+\-]*(?:log|ln|sqrt)(?:frac|(?![a-z]))"
    r"|[a-zA-Z\u0370-\u03ff]{0,3}\d*(?:log|ln|sqrt|frac|nabla)\d"
    r"|(?:\d|[a-z\u0370-\u03ff]{1,3})(?:log|ln|sqrt|frac|max|min|over)(?=\d|[A-Z\u0370-\u03ff](?![A-Z]))"
    r"|\d+over\b|\d*[a-z]?(?:max|min)(?:\d|frac)"
    r"|[\u0370-\u03ff]\d*\*|[a-z]-[a-z]\*$|[a-z]{2}\d$|[a-z]\d[+\-\u2013][\u0370-\u03ff]"
    r"|\d+X\d+$"  # a size ("512X512")
)
# a lower-case word with a hyphen ("mini-imagenet"): a known CamelCase data name written in
# lower case, a name only where the words around it say data
_LOWER_VARIANT_RE = re.compile(r"(?<![\w\-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w\-])")
# a variable with a star ("x1*", "A*"), words joined by "+" ("bias+variance"), and a PDF's
# "fi" ligature read as "fI" ("fInite", "Spurious fIxed points")
_NOT_A_NAME_RE = re.compile(
    r"^[A-Za-z]\d*\*$|^[a-z]+\*$|^[a-z]+\+[a-z]+$|(?:^|\s|[a-z])f[I][a-z]"
)  # ... and a markdown emphasis left on a word ("models*")
# a symbol or acronym hyphened to a past participle is an adjective: "KL-regularized",
# "l1-penalized", "ReLU-deactivated", "LP-relaxed" (what a list knows as written stays a name)
_PARTICIPLE_COMPOUND_RE = re.compile(r"[^\s\-\u2013]*[A-Z0-9][^\s\-\u2013]*[\-\u2013][a-z]+ed")
_VERSIONED_GENERIC_RE = re.compile(r"[\d.]+[A-Za-z]?")
_CAPITAL_NEXT_RE = re.compile(r" [A-Z][a-z]")
_ACCENTS = frozenset("\u00b4`\u00a8\u02dc\u02c6\u02dd")
_SUFFIX_RE = re.compile(r"[\-\u2013]" + alternation(W.name_suffixes) + "$")
# a lower-case technique noun after a capitalised name makes it a method name
_EPONYM_HEAD_RE = re.compile(" " + alternation(W.eponym_heads) + r"\b(?! (?:learning|models?)\b)")
_CAPITAL_BEFORE_RE = re.compile(r"[A-Z][\w\-]* $")
# ... and more of them where the capital does not open the sentence (not before "term", "prior")
_EPONYM_INSIDE_RE = re.compile(
    " " + alternation(W.eponym_heads_inside) + r"\b(?! (?:terms?|priors?)\b)"
)
# a loss or distance named after someone: "the Wasserstein distance" (not opening a sentence,
# after an adjective, "Euclidean distance", nor a class: "convex and Lipschitz loss functions")
_EPONYM_LOSS_RE = re.compile(r" (?:loss|losses|distance|distances)\b(?! functions?\b)")
_ADJECTIVE_NAME_ENDS = (*W.adjective_endings, "ian", "ean", "ate")
_PROPERTY_BEFORE_RE = re.compile(r"(?:\b(?:and|or)|ly|,) $")
# ... also with one adjective between, not at a sentence start ("Foo neural networks"; not
# "Sparse linear regression", where the capital opens the sentence, nor "Foo citation network")
_EPONYM_WORD_HEAD_RE = re.compile(
    r" [a-z][a-z\-]*(?:al|ic|ive|ous|ar|ary|ed) "
    + alternation(W.eponym_heads)
    + r"\b(?! (?:learning|models?)\b)"
)
# a name's possessive before a technique noun names one method: "Foo's method", "Bar's
# accelerated algorithm" (the noun is a method head, so the phrase is typed by it)
_POSSESSIVE_HEAD_RE = re.compile(
    r"['\u2019]s\s+(?:[a-z][\w\-]*\s+)?(?:methods?|algorithms?|estimators?)\b"
)
URL_RE = re.compile(  # also without a scheme: "www.acin.tuwien.ac.at/42d2", "github.com/x"
    r"https?://\S+|\bwww\.\S+|\S+\.(?:com|org|io|net|edu|ai|dev|[a-z]{2})/\S*"
)
# a dimension word that opens a task phrase after a name ("3D detection", "2D pose")
_DIM_TASK_NEXT_RE = re.compile(
    r"[23]D\s+(?:object\s+)?(?:detection|tracking|segmentation|pose|reconstruction|"
    r"localization|localisation)\b"
)
_VERSION_RE = re.compile(r"v?\d+(?:\.\d+)*[A-Za-z]?")
# a two-digit year after an apostrophe ends a name: "WMT'14", "SemEval’17"
_APOSTROPHE_YEAR_RE = re.compile(r"['\u2019]\d\d(?![\w'\u2019])")
# a lower-case word glued to a position by a hyphen
_GLUED_PREFIX_RE = re.compile(r"(?<![\w\-])[a-z]{2,12}-$")
# the word right before a position, after one space
_VARIANT_WORD_RE = re.compile(r"(?<![\w\-])([A-Za-z][a-z\-]*[a-z]) $")
# "Bayesian", "Riemannian", "Hamiltonian": an adjective made from a name
_PROPER_ADJECTIVE_RE = re.compile(r"[A-Z][a-z]+ian")
# one name-shaped word: an acronym ("GAN") or a capitalised name ("Lasso")
_ONE_NAME_RE = re.compile(r"[A-Z][A-Za-z0-9\-]*")


# a capitalised indefinite pronoun ends a name run ("Segment Anything"), unlike "The" or "We"
_INDEFINITE_END_RE = re.compile(r"(?:Every|Any|No|Some)(?:thing|one|where)")
# in a heading (a paper's title), a capitalised preposition splits a run: "Image Restoration
# Using Convolutional Auto-encoders" names a task and a method ("of", "to", "and" stay: "Bag of
# Words"); in prose such a run is one name ("works better than Uncertainty Via Classification")
_TITLE_BREAKS = frozenset(["Using", "With", "Via", "By", "For", "In", "On", "Towards", "Toward",
                           "Through", "From", "Without", "Into", "Under", "Beyond"])  # fmt: skip
# a function word a PDF glued to the name after it ("fromWikipedia", "asSVRG", "ofHMM")
_GLUED_LEAD_RE = re.compile(r"(?:from|the|as|on|than|via|using|of)(?=[A-Z])")
# words a PDF glued together ("NeuralMessagePassingforQuantumChemistry", "Instituteof
# Technology"): a title or an affiliation, not a name (in, on and to also end words: "Expectation
# Maximization" glued is a name)
_GLUED_WORDS_RE = re.compile(
    r"[A-Za-z](?:of|for|and|with|by|the|at|from)[A-Z]|^(?:of|for|with)[A-Z]"
)
# matrix and motion groups and finite fields written with their dimension: "SE(3)", "SO(n)",
# "GL(2)", "GF(2)"
_GROUPS = frozenset(["SE", "SO", "SU", "GL", "SL", "Sp", "SIM", "Sim", "GF"])
_GROUP_ARG_RE = re.compile(r"\s?\(\s?(?:\d|n|N|d)\s?\)")
# a BibTeX key left in the text ("devlin2018bert", "goodfellow2014generative"): an author, a
# year and a title word, never a name nor part of the one before it ("ELMo peters2017semi")
_CITE_KEY_RE = re.compile(r"[a-z]{2,}(?:19|20)\d\d[a-z]{2,}")


def is_rejected(v: Vocab, text: str) -> bool:
    """Units, formulas, metrics, generic words and other shapes that are never names."""
    key = name_key(text)
    return (
        len(key) < 2
        or v.is_generic(text)
        or key in v.metrics
        or bool(UNIT_RE.fullmatch(text) and not _DIGIT_ACRONYM_RE.match(text))
        or bool(_MATH_LEFTOVER_RE.match(text))
        or text[:4].lower() == "non-"  # "non-BP learning": what a method is not
        or bool(_NOT_A_NAME_RE.search(text))
        or bool(_PARTICIPLE_COMPOUND_RE.fullmatch(text) and v.known_label(text) is None)
        or _generic_compound(v, text)
        or (  # "FOCS 2023", "Nvidia 3090": a generic word and a number; "CMOS VLSI": generic words
            " " in text
            and name_key(text.split()[0]) in v.generic
            and all(
                _VERSIONED_GENERIC_RE.fullmatch(w) or name_key(w) in v.generic
                for w in text.split()[1:]
            )
        )
    )


# a naming cue right before a word: "a framework for grasping, dubbed GPU"
_NAMED_BEFORE_RE = re.compile(
    r"\b(?:dubbed|called|named|termed|coined|we\s+call)\s+(?:as\s+)?[\"'\u201c\u2018]?$", re.I
)


def _named_acronym(v: Vocab, text: str, s: int, phrase: str) -> bool:
    """A generic acronym ("GPU", "API") that a naming cue gives the paper's method as its name
    ("a retrieval framework, dubbed GPU"): the cue says it is a name here, not the hardware."""
    key = name_key(phrase)
    return (
        phrase.isupper()
        and phrase.isalpha()
        and key in v.generic
        and key not in v.metrics
        and _NAMED_BEFORE_RE.search(text[max(0, s - 30) : s]) is not None
    )


def _generic_compound(v: Vocab, text: str) -> bool:
    """A generic word and a lower-case word joined by a hyphen is an adjective, not a name:
    "LLM-crafted", "VLM-integrated", "RGB-color", "human-AI"."""
    left, hyphen, right = text.partition("-")
    return bool(
        hyphen
        and " " not in text
        and "-" not in right
        and (
            (name_key(left) in v.generic and right.isalpha() and right.islower())
            or (
                left.isascii()
                and left.isalpha()
                and left.islower()
                and left not in _GREEK_LETTER_NAMES  # "rho-POMDPs" is a name
                and name_key(right) in v.generic
            )
        )
    )


_GREEK_LETTER_NAMES = frozenset(
    ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
     "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi", "chi",
     "psi", "omega"]
)  # fmt: skip


def name_candidates(
    v: Vocab, text: str, sent_starts: list[int], in_url: Callable[[int], bool]
) -> list[Candidate]:
    """Runs of name-like words joined by single spaces: "Gemini 2.5 Flash Image"."""
    runs: list[list[tuple[int, int, str]]] = []
    based: set[int] = set()
    headings = [
        (a, b)
        for a, b in zip(sent_starts, [*sent_starts[1:], len(text)], strict=True)
        if heading(text[a:b])
    ]

    def in_heading(pos: int) -> bool:
        return any(a <= pos < b for a, b in headings)

    for m in _WORD_RE.finditer(text):
        s, e = m.span()
        word = m.group()
        if (
            _CITE_KEY_RE.fullmatch(word)
            or (word in _TITLE_BREAKS and in_heading(s))
            or (len(word) >= 20 and _GLUED_WORDS_RE.search(word))
        ):
            continue
        if glued := _GLUED_LEAD_RE.match(word):
            word, s = word[glued.end() :], s + glued.end()
        suffix = _SUFFIX_RE.search(word)
        # "PC-inspired" -> "PC", a method cue; not inside a capitalised name ("Haptics-based
        # Curiosity")
        if suffix and suffix.start() > 0 and not _CAPITAL_NEXT_RE.match(text, e):
            word, e = word[: suffix.start()], s + suffix.start()
            based.add(s)
        if _STRONG_RE.search(word) and not (
            UNIT_RE.fullmatch(word) and not _DIGIT_ACRONYM_RE.match(word)
        ):
            kind = "strong"
        elif _CAP_RE.match(word):
            kind = "cap"
        elif runs and _VERSION_RE.fullmatch(word) and runs[-1][-1][1] == s - 1:
            kind = "num"
        elif runs and _GREEK_NAME_RE.fullmatch(word) and runs[-1][-1][1] == s - 1:
            kind = "strong"  # "Contrastive λ-Repformer" (not a symbol alone: "or π-Noise")
        else:
            continue
        if in_url(s) or text[e : e + 1] in _ACCENTS:
            continue  # "Lov´asz": a PDF split the word at an accent
        if word in _GROUPS and _GROUP_ARG_RE.match(text, e):
            continue  # "SE(3)-equivariant", "SO(2)": a group of motions, not a name
        if (
            kind == "strong"
            and (year := _APOSTROPHE_YEAR_RE.match(text, e))
            and name_key(word) not in v.generic
        ):  # "WMT'14", "Hub5’00": a name with its year (not a venue's: "[Li et al., NIPS'12]")
            e = year.end()
        if (
            runs
            and runs[-1][-1][1] == s - 1
            and text[s - 1] == " "
            and not (
                s in sent_starts
                or (kind == "strong" and runs[-1][-1][2] == "strong" and word.endswith("s"))
            )
        ) or (runs and language_pair(text, runs[-1][-1][:2], (s, e))):
            runs[-1].append((s, e, kind))
        else:
            runs.append([(s, e, kind)])
    out = []
    for run in runs:
        # trim stop words ("The", "Across", "We"; not capitals a naming cue gives a name:
        # "called AM Score") and trailing version-less junk
        while run and (w := text[run[0][0] : run[0][1]]).lower() in W.leading_stop:
            if len(run) > 1 and w.isupper() and _NAMED_BEFORE_RE.search(text, 0, run[0][0]):
                break
            run = run[1:]
        if (
            len(run) > 1
            and run[0][0] in sent_starts
            and text[run[0][0] : run[0][1]].endswith("ing")
            and not text[run[0][0] : run[0][1]].isupper()
        ):
            run = run[1:]  # "Generating OOPs is fast": a gerund opens the sentence
        if (
            len(run) > 1
            and run[0][0] in sent_starts
            and run[1][2] == "strong"
            and _CAP_RE.match(text, run[0][0])
            and text[run[0][0] : run[0][1]].endswith("ly")
        ):
            run = run[1:]  # "Unfortunately PSRNNs need ...": an adverb opens the sentence
        while run and (
            (run[-1][2] == "num" and len(run) == 1)
            or (
                text[run[-1][0] : run[-1][1]].lower() in W.leading_stop
                and not (
                    len(run) > 1 and _INDEFINITE_END_RE.fullmatch(text[run[-1][0] : run[-1][1]])
                )
            )
        ):
            run = run[:-1]
        if len(run) > 1 and _DIM_TASK_NEXT_RE.match(text, run[-1][0]):
            run = run[:-1]  # "the Foo 3D detection benchmark": "3D" opens the task, not the name
        if not run:
            continue
        s, e = run[0][0], run[-1][1]
        kinds = {k for _, _, k in run}
        phrase = text[s:e]
        if "strong" in kinds:
            strength = "strong"
        elif len(run) > 1:
            strength = "title"
        else:
            strength = "cap"
        opener = text[s:e].lower()
        eponym = False
        if strength in ("cap", "title") and not (
            strength == "cap"
            and s in sent_starts
            and (opener in W.vague_first or opener in W.leading_stop or opener.endswith("ly"))
        ):  # "Deep networks ...", "High network cost ...": an opening capital says little
            ext = (
                _EPONYM_HEAD_RE.match(text, e)
                or _POSSESSIVE_HEAD_RE.match(text, e)
                or (s not in sent_starts and _EPONYM_WORD_HEAD_RE.match(text, e))
                or (  # (not a known name's: "group Lasso regularization"; not a run cut
                    # after a capitalised stop word: "Take The Best heuristic")
                    s not in sent_starts
                    and v.known_label(phrase) is None
                    and not _CAPITAL_BEFORE_RE.search(text, max(0, s - 30), s)
                    and _EPONYM_INSIDE_RE.match(text, e)
                )
                or (
                    s not in sent_starts
                    and not phrase.endswith(_ADJECTIVE_NAME_ENDS)
                    and not _PROPERTY_BEFORE_RE.search(text, max(0, s - 20), s)
                    and _EPONYM_LOSS_RE.match(text, e)
                )
            )
            if ext:  # "Laplace approximation", "Gibbs sampling", "Hopfield networks"
                e, phrase, strength = ext.end(), text[s : ext.end()], "title"
                eponym = True
        if strength == "cap" and s in sent_starts:
            continue  # "However", "Sparse": every sentence starts with a capital
        if languages_only(phrase):
            continue  # "English-to-French translation": a direction, no name
        if CITATION_AFTER_RE.match(text, e) or (
            text[max(0, s - 1) : s] == "(" and YEAR_AFTER_RE.match(text[e:])
        ):
            continue
        if is_rejected(v, phrase) and not _named_acronym(v, text, s, phrase):
            continue
        if spells_acronym_piece(text, phrase):
            continue
        if strength in ("cap", "title"):
            k = bisect.bisect_right(sent_starts, s)
            lo = sent_starts[k - 1] if k else 0
            hi = sent_starts[k] if k < len(sent_starts) else len(text)
            if spelled_by_initials(text, s, e, lo, hi):
                continue  # "ZQV (Zorp, Quell, Vex)": the words the acronym spells out
        out.append(
            Candidate(
                s,
                e,
                phrase,
                strength,
                cues=({"based"} if e == run[-1][1] and run[-1][0] in based else set())
                | ({"eponym"} if eponym else set()),
            )
        )
    return out


def add_gazetteer_hits(
    v: Vocab,
    text: str,
    cands: list[Candidate],
    hits: dict[tuple[int, int], EntityType],
) -> list[Candidate]:
    """Gazetteer spans join the candidates (longest first, by the overlap policy), then every
    candidate without a label gets the gazetteer's (or its family's) label."""
    for (s, e), label in sorted(hits.items(), key=lambda kv: kv[0][0] - kv[0][1]):
        cands = add_unless_covered(cands, Candidate(s, e, text[s:e], "gazetteer", label=label))
    for m in _LOWER_VARIANT_RE.finditer(text):
        label = v.variants.get(name_key(m.group()))
        if label is not None and not overlapping(cands, m.start(), m.end()):
            cands.append(Candidate(m.start(), m.end(), m.group(), "lower", hint=label))
            cands[-1].cues.add("variant")
    for c in cands:
        if c.label is None:
            c.label = v.known_label(c.text)
            c.hint = c.hint or v.hints.get(case_key(c.text))
            if c.hint is None and c.strength == "cap" and c.text[1:].islower():
                # "on Celeba ... and Imagenet": a known CamelCase data name capitalised only;
                # "on Atari": the stem of a family of data names ("Atari 2600", "Atari 100k")
                c.hint = v.variants.get(name_key(c.text)) or _data_stem(v, c.text)
            if EntityType.METHOD in (c.label, c.hint) and _ONE_NAME_RE.fullmatch(c.text):
                _extend_variant(text, c, cands)  # "group Lasso"
        elif c.label is EntityType.METHOD and (
            c.text.islower() if c.strength == "gazetteer" else _ONE_NAME_RE.fullmatch(c.text)
        ):
            _extend_variant(text, c, cands)  # "conditional GAN", "projected gradient descent"
    return cands


def _data_stem(v: Vocab, word: str) -> EntityType | None:
    """The data type of a family of data names this word is the stem of."""
    label = v.families.get(name_key(word))
    return label if label in (EntityType.DATASET, EntityType.BENCHMARK) else None


def _extend_variant(text: str, c: Candidate, cands: list[Candidate]) -> None:
    """A known lower-case technique keeps the words that make it a variant (`variant_words`
    of words.json, or a name's adjective): "projected [gradient descent]", "greedy
    [coordinate descent]", "Bayesian [linear regression]", "bi-directional [recurrent neural
    network]", "hard-[sigmoid]"; not "celebrated [dynamic time warping]", "policy
    [transformer]"."""
    start = c.start
    glued = _GLUED_PREFIX_RE.search(text, max(0, start - 16), start)
    if glued and not any(o is not c and o.start < start and o.end > glued.start() for o in cands):
        start = glued.start()  # "hard-sigmoid", "soft-actor–critic": one word, one name
    for _ in range(2):
        m = _VARIANT_WORD_RE.search(text, max(0, start - 30), start)
        if m is None:
            break
        w = m.group(1)
        if not (w.lower() in W.variant_words or _PROPER_ADJECTIVE_RE.fullmatch(w)):
            break
        if any(o is not c and o.start < start and o.end > m.start(1) for o in cands):
            break
        start = m.start(1)
    if start < c.start:
        c.start, c.text = start, text[start : c.end]


def attach_abbreviations(
    v: Vocab,
    text: str,
    cands: list[Candidate],
    abbrevs: Sequence[Abbreviation],
    in_url: Callable[[int], bool],
) -> list[Candidate]:
    """Give each defined short form's candidate its long form ("Direct Preference Optimization
    (DPO)"); later uses of the short form in the abstract get it too. Candidates inside a long
    form are parts of it and dropped."""
    by_span = {(c.start, c.end): c for c in cands}
    long_of: dict[str, tuple[str, tuple[int, int]]] = {}
    for ab in abbrevs:
        if in_url(ab.short_start) or is_rejected(v, ab.long):
            for other in cands:  # "Large Language Models (LLMs)": neither part is an entity
                if ab.long_start <= other.start < ab.long_end or other.start == ab.short_start:
                    other.strength = "part"
            continue
        c = by_span.get((ab.short_start, ab.short_end))
        if c is None:
            c = Candidate(ab.short_start, ab.short_end, ab.short, "strong")
            cands.append(c)
            by_span[(c.start, c.end)] = c
        long_start = ab.long_start
        # a name run that starts before the shortest long form and ends inside it is the
        # long form: "[Multimodal In-Context Learning] (ICL)"
        for other in cands:
            if other is not c and other.start < long_start < other.end <= ab.long_end:
                long_start = other.start
        long = text[long_start : ab.long_end]
        if ab.head and (named := named_with_head(v, ab.short, long, ab.head)):
            long, c.head = named, ab.head  # "tensor train (TT) decomposition"
        c.long, c.long_span = long, (long_start, ab.long_end)
        for key in {name_key(ab.short), name_key(f"{ab.short} {c.head}")}:  # "TD learning" too
            long_of.setdefault(key, (long, (long_start, ab.long_end)))
        # a candidate covering the long form is the same thing, not another entity
        for other in cands:
            if other is not c and long_start <= other.start and other.end <= ab.long_end:
                other.strength = "part"
                if (
                    other.label
                    and not c.label
                    and (other.start, other.end) == (long_start, ab.long_end)
                ):
                    c.label = other.label  # not from a part: "enhanced [matrix completion]"
    for c in cands:
        if c.long is None and name_key(c.text) in long_of:
            c.long, c.long_span = long_of[name_key(c.text)]
    out = [c for c in cands if c.strength != "part"]
    out.sort(key=lambda c: c.start)
    return out
