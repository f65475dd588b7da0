"""Stage 1, candidates found by context: lower-case names that context makes methods.

* after a proposal cue ("we introduce query circuits, which ...");
* after a comparison or use cue ("unlike neural operators");
* before a citation ("score matching (Hyvarinen, 2005)");
* as a sentence's subject called a well-known technique ("Backtracking is a common technique").
"""

from __future__ import annotations

import re

from kg.extract.abbrev import ACRONYM_RE
from kg.extract.proposals import (
    existing_lead,
    known_tail,
    named_phrase,
    named_word,
    we_name_a_concept,
)
from kg.extract.resources import name_key
from kg.extract.spans import Candidate, overlapping
from kg.extract.words import (
    SO_CALLED_RE,
    Vocab,
    W,
    alternation,
    head,
    is_head_noun,
    is_modifier,
    is_tech_modifier,
    modifiers,
    word_before,
)
from kg.model import EntityType, Role

# "we develop [relational causal models], extending": no article, a clause or comma after
_NP_END = r"(?=\s*(?:,|\(|\.|;|:|\s(?:that|which|to|for|with|as)\b))"
_BARE_NP_RE = re.compile(
    r"\s+((?:[a-z][\w\-]*|[A-Z][a-z]+ian)\s+(?:[A-Za-z][\w\-]*\s+){0,3}[A-Za-z][\w\-]*)" + _NP_END
)
# after "propose"/"introduce"/"present", "the" may open it: "we propose the double hinge loss."
# (not "we formulate the learning process as", "we describe the complete process")
_THE_NP_RE = re.compile(r"\s+the" + _BARE_NP_RE.pattern)
_MAKE_CUE_RE = re.compile(r"\b(?:propose|introduce|present)s?$", re.I)
# the same, not running over a clause word: "we propose feature incay to regularize ..."
_SHORT_NP_RE = re.compile(
    r"\s+([a-z][\w\-]*\s+(?:(?!(?:that|which|to|for|with|as)\b)[A-Za-z][\w\-]*\s+){0,3}"
    r"[A-Za-z][\w\-]*)" + _NP_END
)
# "we devise an anytime algorithm, fictitious team-play, that ...", "we propose a new game
# representation, the realization form, that ...": a lower-case name set off by commas after
# the indefinite noun phrase a proposal cue introduces
_APPOSED_NP_RE = re.compile(
    r"\s+(?:a|an)\s+(?:[\w\-]+\s+){0,8}[a-z][\w\-]*,\s+(?:the\s+)?"
    r"([a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,3}),\s+(?:that|which|whose)\b"
)
# "we introduce differentiable robot rendering, a method allowing ...": the appositive says
# the phrase names the paper's method
_METHOD_APPOSITIVE_RE = re.compile(
    r",\s+(?:a|an)\s+(?:[\w\-]+\s+){0,3}?" + alternation(W.method_cue_words) + r"\b"
)
# "we present a defogger, a model that ...", "This paper presents the gameplay filter, a new
# class of predictive safety filter": the appositive says the phrase names a kind of method
_DEFINED_NP_RE = re.compile(
    r"\s+(?:a|an|the)\s+([a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}),\s+(?:a|an)\s+"
    r"(?:(?:new|novel)\s+)?(?:(?:class|family|kind|type)\s+of\b|"
    r"(?:[\w\-]+\s+){0,3}?" + alternation(W.method_cue_words) + r"\b)"
)
_OWN_NOUN_BEFORE_RE = re.compile(
    r"\b(?:method|approach|model|framework|algorithm|architecture|technique|system)s?\s*,?\s*"
    r"(?:(?:which|that)\s+)?$"
)
# "a novel criterion called X", "a new measure, called X": the paper names a new thing of its own
_NEW_NOUN_BEFORE_RE = re.compile(  # (not a task or problem: "a novel task termed X")
    r"\b(?:an?|our)\s+(?:novel|new)\s+(?:[\w\-]+\s+){0,2}"
    r"(?!(?:task|problem|setting|challenge|phenomenon|benchmark|dataset)s?\b)[a-z][\w\-]*,?\s*$"
)
_COMMONLY_RE = re.compile(r"\b(?:commonly|often|usually|sometimes|widely|also|generally)\s+$")
_NAMING_CUE_RE = re.compile(r"call|term|name|dub|coin|refer", re.I)
# "(Pearl 2009)", "(Hinton et al., 2012)", "(Becker and Hinton, 1992; ...)", "[3]", "[7, 8]"
CITATION_RE = re.compile(
    r"(?<=\s)(?:\((?:e\.g\.,?\s*)?[A-Z][\w\-']+(?:\s+et al\.?|\s+(?:and|&)\s+[A-Z][\w\-']+)?"
    r",?\s+(?:19|20)\d\d[a-z]?(?:[;,][^()]{0,80})?\)|\[\d+(?:\s*[,\-\u2013]\s*\d+)*\])"
)
_TECH_PHRASE_RE = re.compile(
    r"[\s,]+((?:[a-z][\w\-]*\s+){1,3}"
    + alternation(W.tech_heads + W.modified_tech_heads)
    + r")(?=\s*(?:[,.;:()]|$)|"
    r"\s+(?:and|or|in|on|for|with|to|which|that|by|as|is|are|has|have|can|under|from|at|when|"
    r"where|while|techniques?|methods?|algorithms?|approach(?:es)?|schemes?|procedures?)\b)"
)
# "we employ dilated attention", "it replaces softmax attention with ..."
_USE_VERB_RE = re.compile(r"\b" + alternation(W.use_verbs) + r"(?=\s+[a-z])")
NEXT_ITEM_RE = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_LEAD_WORD_RE = re.compile(r"([A-Za-z][\w\-]*)[\s,(]*$")


def proposed_phrases(
    v: Vocab, text: str, propose: list[tuple[int, int]], cands: list[Candidate]
) -> list[Candidate]:
    """Add a lower-case name right after a proposal cue, with no article (or "the" after
    propose, introduce, present), ended by a comma or a clause: "We develop relational
    structural causal models, extending ...", "We introduce query circuits, which ...", "we
    present task-oriented Koopman-based control that ...", "Our approach, called adaptive
    softmax, ...", "called the glimpse-model", "-- called leaky RBM"; one set off by commas
    after the noun phrase the cue introduces ("we devise an anytime algorithm, fictitious
    team-play, that"); one the abstract repeats ("we propose feature incay to ... feature
    incay is ..."). Name-shaped words inside such a phrase are parts of it. Returns all
    candidates."""
    for ts, te in propose:
        naming = _NAMING_CUE_RE.search(text, ts, te) is not None
        if naming and (_COMMONLY_RE.search(text, max(0, ts - 20), ts) or existing_lead(text, ts)):
            continue  # "commonly called the behavior policy": a common term, not a new name
        if SO_CALLED_RE.search(text, max(0, ts - 4), te):  # not "so-called"
            continue
        m = _proposal_match(v, text, ts, te, naming=naming)
        span = None if naming else known_tail(v, text, ts, te, cands)
        if span is not None:  # "we introduce nested dropout, a ...": dropout stays used
            cands.append(Candidate(*span, text[span[0] : span[1]], "lower", cues={"propose"}))
        if m is None or span is not None:
            continue
        start, end = m.span(1)
        if m.group(1)[0].isupper() and text.lower().count(m.group(1).lower().rstrip("s")) < 2:
            continue  # "we develop Bayesian estimators for": a name-adjective phrase said once
        inside = overlapping(cands, start, end)
        key = name_key(m.group(1))  # a field is no new name: "... is called few-shot learning"
        if (
            key in v.generic
            or key in v.fields
            or any((c.label and not naming) or c.start < start or c.end > end for c in inside)
        ):
            continue  # "leaky RBM" is named by the paper, "flow matching objectives" is not
        cands = [c for c in cands if c not in inside]
        cands.append(Candidate(start, end, m.group(1), "lower", cues={"propose"}))
    return cands


def _proposal_match(v: Vocab, text: str, ts: int, te: int, *, naming: bool) -> re.Match[str] | None:
    """The lower-case name right after the proposal cue text[ts:te], as a match whose group 1
    is the name, or None (the forms are listed in :func:`proposed_phrases`)."""
    if not naming:
        m = _APPOSED_NP_RE.match(text, te)
        if m is not None and _proposable(v, m.group(1).split(), apposed=True):
            return m
    the_np = _MAKE_CUE_RE.search(text, ts, te) and _THE_NP_RE.match(text, te)
    bare = the_np or _BARE_NP_RE.match(text, te)
    m, own_object, quoted = named_phrase(text, ts, te) if naming else (bare, False, False)
    own = (
        naming
        and (  # "a method, which we call X", "we refer to our method as X"
            own_object
            or _OWN_NOUN_BEFORE_RE.search(text, max(0, ts - 60), ts) is not None
            or _NEW_NOUN_BEFORE_RE.search(text, max(0, ts - 60), ts) is not None
            or _OWN_NOUN_BEFORE_RE.search(text, ts, te - 2) is not None
            or (m is not None and we_name_a_concept(text, ts, m.group(1)))
        )
    ) or (m is not None and _METHOD_APPOSITIVE_RE.match(text, m.end(1)) is not None)
    if m is not None and _proposable(v, m.group(1).split(), naming=naming, own=own, quoted=quoted):
        return m
    if naming:
        return None
    m = _SHORT_NP_RE.match(text, te)
    if m is not None and text.count(m.group(1)) >= 3:
        return m if _proposable(v, m.group(1).split(), repeated=True) else None
    m = _DEFINED_NP_RE.match(text, te)
    if m is not None and _proposable(v, m.group(1).split(), defined=True):
        return m
    return None


def _proposable(
    v: Vocab,
    words: list[str],
    *,
    naming: bool = False,
    own: bool = False,
    quoted: bool = False,
    apposed: bool = False,
    repeated: bool = False,
    defined: bool = False,
) -> bool:
    """May these words after a proposal cue be the paper's name for its contribution? "which
    we call order parameters": naming cues also name concepts, so the head must be a method
    noun, unless the paper names its own method ("Our approach, called ...") or we name it; "we
    introduce query circuits" may end in any plural; an apposed name needs two words or a
    hyphen, a repeated one two words, whatever their head."""
    last = words[-1].lower()
    if (
        not (quoted or all((named_word if naming else is_modifier)(w) for w in words[:-1]))
        or last in W.not_proposed_heads
        or last in W.not_method_heads
        or (last in W.method_cue_words and len(words) < 3 and not naming)
        or (last in W.descriptive_heads and not (naming or own or apposed or repeated))
    ):
        return False  # "we propose a novel coreset construction algorithm for": a description
    if defined:
        return True
    if apposed or repeated:
        return len(words) > 1 or (apposed and "-" in last)
    return (
        own
        or last in v.method_heads
        or (naming and ACRONYM_RE.fullmatch(words[-1]) is not None and len(words) > 1)
        or (not naming and is_head_noun(words[-1]))
    )


def compared_phrases(
    v: Vocab, text: str, compare: list[tuple[int, int]], cands: list[Candidate]
) -> list[Candidate]:
    """Lower-case technique names ending in a technique noun ("... attention", "...
    operators", "... regression") right after a comparison or use cue, also as a list
    ("compared with linear attention and state space models", "unlike neural operators")."""
    out: list[Candidate] = []
    cues = [(ts, te) for ts, te in compare if text[ts:te].lower() in W.tech_cues]
    cues += [m.span() for m in _USE_VERB_RE.finditer(text)]
    for ts, te in sorted(cues):
        cue = text[ts:te].lower()
        lead = _LEAD_WORD_RE.search(text[max(0, ts - 40) : ts])
        if cue in W.list_cues and not (lead and lead.group(1).lower() in v.method_cues):
            continue  # "graph data, such as social networks": only "methods such as X"
        pos = te
        for _ in range(3):  # "such as A, B and C"
            m = _TECH_PHRASE_RE.match(text, pos)
            c = _tech_candidate(v, text, m.start(1), m.end(1), cands) if m else None
            if c is not None:
                out.append(c)
                end = c.end
            else:  # or an item a list or rule already makes a method: "such as PCA and ..."
                known = _known_item(text, pos, cands)
                if known is None:
                    break
                end = known.end
            nxt = NEXT_ITEM_RE.match(text, end)
            if nxt is None:
                break
            pos = nxt.end() - 1
    return out


_ITEM_START_RE = re.compile(r"[\s,]*(?:(?:the|an?)\s+)?")


def _known_item(text: str, pos: int, cands: list[Candidate]) -> Candidate | None:
    """The method candidate that a list item at ``pos`` is ("using the Lasso and ...")."""
    lead = _ITEM_START_RE.match(text, pos)  # always matches, perhaps nothing
    start = lead.end() if lead else pos
    return next((c for c in cands if c.start == start and c.type is EntityType.METHOD), None)


def _tech_candidate(
    v: Vocab, text: str, start: int, end: int, cands: list[Candidate]
) -> Candidate | None:
    """The technique name in text[start:end] without vague leading words ("end-to-end
    neural operators" -> "neural operators"), or None when nothing specific is left."""
    words = text[start:end].split()
    while len(words) > 2 and words[0].lower() in W.vague_first:
        start = text.index(words[1], start + len(words[0]))
        words = words[1:]
    phrase = text[start:end]
    if (
        words[0].lower() in W.vague_first
        or not all(is_tech_modifier(w) for w in words[:-1])
        or name_key(phrase) in v.generic
        or name_key(phrase) in v.fields
        or overlapping(cands, start, end)
    ):
        return None
    c = Candidate(start, end, phrase, "lower", type=EntityType.METHOD)
    c.role, c.confidence = Role.USES, 0.6
    return c


def cited_methods(v: Vocab, text: str, cands: list[Candidate]) -> list[Candidate]:
    """A lower-case technique name right before a citation is someone's method:
    "extending structural causal models (Pearl 2009)", "score matching [3]"."""
    out: list[Candidate] = []
    for cite in CITATION_RE.finditer(text):
        m = word_before(text, cite.start())
        if m is None or not m.group(1).islower() or head(m.group(1)) not in v.method_heads:
            continue
        kept, start = modifiers(text, m.start(1))
        if not kept:
            kept, start = [], m.start(1)
        phrase = text[start : m.end(1)]
        key = name_key(phrase)
        if (
            (not kept and "-" not in phrase)
            or key in v.generic
            or key in v.fields
            or overlapping(cands, start, m.end(1), typed=True)
        ):
            continue
        c = Candidate(start, m.end(1), phrase, "lower", type=EntityType.METHOD)
        c.role, c.confidence = Role.USES, 0.65
        out.append(c)
    return out


# "Backtracking is a common technique to ...", "Gaussian processes are a popular tool for ...":
# the subject that opens a sentence, described as a well-known technique
_DESCRIBED_RE = re.compile(
    r"(?:^|(?<=[.!?] ))(?!(?:This|That|It|There|Such|These|Those|Which|Our|Their|Its|Each|One)\b)"
    r"([A-Z][a-z][\w\-]*(?: [a-z][\w\-]*){0,3}) (?:is|are) (?:(?:a|an|one of the) )?"
    r"(?:(?:very|most|widely|commonly) )?(?:common|popular|standard|widely[ \-]used|"
    r"well-known|classical|classic|established|prominent|prevalent|powerful)"
    r" (?:[a-z][\w\-]* ){0,2}?"
    r"(?:techniques?|methods?|approach(?:es)?|algorithms?|tools?|heuristics?)\b"
)


def described_methods(v: Vocab, text: str, cands: list[Candidate]) -> list[Candidate]:
    """A sentence's opening subject that the sentence calls a well-known technique is a used
    method: "Backtracking is a common technique to ...", "Gaussian processes are a popular
    tool"; a gerund alone or a phrase with a method head, not a task, a field or a generic
    phrase, nor "This is a common approach"."""
    out: list[Candidate] = []
    for m in _DESCRIBED_RE.finditer(text):
        start, end = m.span(1)
        phrase = m.group(1)
        words = phrase.split()
        first, key = words[0].lower(), name_key(phrase)
        if (
            not ((len(words) == 1 and phrase.endswith("ing")) or head(phrase) in v.method_heads)
            or v.type_from_head(phrase) is EntityType.TASK
        ):
            continue  # "Simulators are a popular tool", "Language-based robot control is ..."
        if (
            first in W.leading_stop
            or first in W.vague_first
            or key in v.generic
            or key in v.fields
            or overlapping(cands, start, end, typed=True)
        ):
            continue
        c = Candidate(start, end, phrase, "lower", type=EntityType.METHOD)
        c.role, c.confidence = Role.USES, 0.6
        out.append(c)
    return out
