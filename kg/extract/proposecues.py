"""Stage 2, proposal cues: what the clause around a candidate says about who made it.

:func:`trigger_proposals` reads a propose trigger right before the name ("we introduce X",
"a novel method, called X"); :func:`clause_proposals` reads the rest of the clause (an own
list, a defining or passive sentence, "called A and B"). Both add the ``propose`` cue that
:func:`kg.extract.context.decide` turns into the ``proposed`` role.
"""

from __future__ import annotations

import re

from kg.extract import datanames as dn
from kg.extract.lists import Triggers
from kg.extract.spans import Candidate, Sent
from kg.extract.words import EXISTING_WORDS, SO_CALLED_RE, Vocab, data_type, math_object
from kg.model import EntityType

# quotes that may open the name: "a new method termed as ``\"WAGE\"", "Our solution “CASE”"
_OPEN_QUOTES = r"[\"'`\u201c\u2018]*"
# "we propose a novel X", but not "we present a method for training X"
_PROPOSE_GAP_RE = re.compile(
    r"[\s,:]*(?:(?!(?:for|of|to|with|on|in|by)\b)[a-z][\w\-]*[\s,]+){0,4}" + _OPEN_QUOTES
)
# "X (is|are) (newly) proposed/introduced", not "was proposed by Smith" (someone else's)
_PASSIVE_PROPOSE_RE = re.compile(
    r"\)?(?:\s*\([^()]*\))?(?:\s+[a-z][\w\-]*){0,2}\s+(?:is|are)\s+(?:\w+ly\s+)?"
    r"(?:proposed|introduced|presented|developed)\b(?!\s+(?:by|in)\b)"
)
# what the paper calls its own thing, right before the name: "Our approach, X", "our overall
# method, X", "the proposed framework (X)", "a practical approach, called X", "models, namely X"
_OWN_NOUNS = (
    r"(?:method|approach|model|framework|algorithm|architecture|technique|system|pipeline|agent|"
    r"network|policy|controller|planner|solution|scheme|strategy|module|layer|tool|library|"
    r"estimator|objective|loss|metric|benchmark|dataset)s?"
)
_OWN_NAME_BEFORE_RE = re.compile(
    r"\b(?:[Oo]ur|[Tt]he proposed|[Tt]his|[Tt]he resulting|[Tt]he new)\s+(?:[\w\-]+\s+){0,2}"
    + _OWN_NOUNS
    + r"\s*(?:[,(:]|\s(?=called|named|dubbed|termed|coined|entitled|titled|namely|[\"\u201c]))\s*"
    r"(?:(?:which\s+)?(?:is\s+|we\s+)?(?:called|named|dubbed|termed|coined|entitled|titled|namely)\s+)?"
    r"(?:the\s+)?" + _OPEN_QUOTES + "$"
)
# "our proposed PointNet approach", "the proposed FooNet achieves", "a novel Foundation Tactile
# (FoTa) dataset", "our O3Afford outperforms", "Our approach Gen2Act casts", "resulting in the
# new PONSS algorithm" (not "a new X algorithm": a new member of the X family): a name-shaped word
_PROPOSED_BEFORE_RE = re.compile(
    r"\b(?:(?:[Oo]ur|[Tt]he|[Aa]n?)\s+(?:proposed|novel)|(?:[Oo]ur|[Tt]he)\s+new|[Oo]ur(?:\s+"
    + _OWN_NOUNS
    + r")?)\s+$"
)
# the noun of a new thing right before its name, even a capitalised word: "our proposed model
# FooNet", "a novel feature selection approach CMICOT", "a new greedy coordinate descent
# algorithm Greenkhorn" (not "a new Foo algorithm": the name before the noun)
_NEW_NOUN_BEFORE_RE = re.compile(
    r"\b(?:[Oo]ur|[Tt]he|[Aa]n?)\s+(?:proposed|novel|new)\s+(?:[\w\-]+\s+){0,3}?"
    + _OWN_NOUNS
    + r"\s+$"
)
# "Our Zephyr Kernel Walker achieves ...": a title-case name right after the sentence's "Our"
_OUR_OPENS_RE = re.compile(r"\s*Our\s+")
# "Zorblax (ours) is faster than ...": the paper marks its own
_OURS_AFTER_RE = re.compile(r"\s*\((?:ours|Ours|our method|our approach)\)")
# someone else's method between a proposal cue and its name: "we propose a framework to
# analyze a popular algorithm, Sparse Subspace Clustering (SSC)"
_OTHERS_RE = re.compile(r"\b(?:" + EXISTING_WORDS + r"|analy[sz]e|study|studying)\b")
# a cue of someone else's naming or proposing: "a recently proposed regularizer, named X",
# "Recent work proposes X" (no "we"/"our" after the word that says the thing exists already)
_OTHERS_CUE_RE = re.compile(
    r"(?:^|\b(?:a|an|the)\s+)(?:" + EXISTING_WORDS + r"|recent|recently|previous|"
    r"previously|earlier)\b(?:(?!\b(?:we|our)\b)[^.;:!?]){0,60}$",
    re.I,
)  # (the word opens the sentence or the noun phrase: not "robust to previous errors, called")
_WE_CUE_RE = re.compile(r"(?:we|our)\b", re.I)
# ... unless the paper makes the thing: "we propose a variant of the classical X, called Y"
_WE_MADE_RE = re.compile(
    r"\b(?:we|our)\s+(?:\w+\s+)?(?:propos|introduc|present|develop|design|devis|construct|build)",
    re.I,
)
# up to twelve words, no preposition or clause word, ending in a noun of what the paper makes
_LONG_GAP_NOUN_RE = re.compile(
    r"\s+(?:(?!(?:of|for|to|with|on|in|by|from|than|over|via|using|against|that|which|we|it|"
    r"they|is|are|was|were)\s)[\w\-]+\s+){1,11}(" + _OWN_NOUNS + r")\s+"
)
_NEW_FIRST_RE = re.compile(r"\b(?:new|novel|first)\b")  # (a known name: the paper made it)
# "we call/term this <description> X": the object of a naming verb before the name
_WE_CALL_RE = re.compile(r"[Ww]e\s+(?:\w+\s+)?(?:call|term|name|dub|coin)")
_CALLED_OBJECT_RE = re.compile(r"\s+(?:this|these|our|such)\s+[^.;:!?,()]{0,80}?\s(?:the\s+)?")
_THIS_BEFORE_RE = re.compile(r"\b(?:this|our)\s+$", re.I)  # "this paper proposes"
# the words that name what follows a noun: "called ", "named as ", "namely the ", "i.e., "
_NAMING = (
    r"(?:(?:(?:called|named|dubbed|termed|coined|entitled|titled)(?:\s+as)?|namely|i\.e\.,?)"
    r"\s+)?(?:the\s+)?"
)
# "we develop novel deep learning models, namely X" / "a deep-learning based approach, X,"
_NAMED_AFTER_NOUN_RE = re.compile("(" + _OWN_NOUNS + r")\s*,\s*" + _NAMING + "$")
# the noun that names what follows, with or without a comma: "a prediction framework called "
NAMED_BEFORE_RE = re.compile("(" + _OWN_NOUNS + r")\s*,?\s*" + _NAMING + "$")
# a new thing named right after its noun, even a known name (the paper that made it):
# "we propose a novel approach, i.e., SQLNet", "we present a new model, namely X"
_NEW_NAMED_RE = re.compile(
    r"[\s,:]*(?:an?|the)?\s*(?:novel|new)\s+"
    r"(?:(?!(?:for|of|to|with|on|in|by|from)\b)[a-z][\w\-]*\s+){0,3}"
    + _OWN_NOUNS
    + r"\s*,\s*"
    + _NAMING
)
# a noun phrase of up to eight words between a proposal cue and a bracket, ending in a method
# noun: "we introduce a novel hybrid temporal convolutional and recurrent network (X)"
_BRACKETED_AFTER_CUE_RE = re.compile(
    r"\s*(?:(?!(?:for|of|to|with|on|in|by|which|that|than|over)\b)[a-z][\w\-]*\s+){1,8}\(\s*"
)
# the rest of the clause after a proposal cue, up to a colon and the name after it
_COLON_AFTER_CUE_RE = re.compile(r"[^.;:!?]{0,150}:\s*(?:the\s+|an?\s+)?" + _OPEN_QUOTES)
_ONE_WORD_COLON_RE = re.compile(r"\s*(?:(?:a|an|the|our|novel|new)\s+)*[^\s:]+\s*:")
_OWN_NOUN_BRACKET_RE = re.compile(_OWN_NOUNS + r"\s+\(\s*$")
# the gap between a proposal cue and a known name that makes the name a kind of the proposed
# thing: "we propose a cross-view [transformer]" (more than articles and "novel")
_ARTICLES_ONLY_RE = re.compile(
    r"[\s,:]*(?:(?:a|an|the|our|novel|new|simple|two|three)\s+)*" + _OPEN_QUOTES
)  # (a known name in quotes after a cue is named by it: 'which we call "BitNet"')
# "We consider two instantiations: A and B" (the list after the colon is the paper's)
_OWN_LIST_BEFORE_RE = re.compile(
    r"\b[Ww]e\b[^.;]*\b(?:two|three|four|five|several|\d)\s+(?:[\w\-]+\s+){0,3}"
    r"(?:instantiations|variants|versions|models|methods|algorithms|architectures|estimators|"
    r"benchmarks|datasets)\s*:\s*$"
)
# the noun a naming cue names: "a large-scale simulation dataset named X", "a benchmark called X"
_NOUN_BEFORE_NAMING_RE = re.compile(
    r"\b([a-z][\w\-]*),?\s+(?:called|named|dubbed|termed|coined|entitled|titled)(?:\s+as)?\s*$"
)
_DATA_VERB_RE = re.compile(r"\b(?:collect|curate|release)", re.I)
_COLLECT_RE = re.compile(r"\b(?:collect|curat)", re.I)  # (one releases models too)
MAKE_BEFORE_RE = re.compile(
    r"\b(?:[Ww]e|[Oo]ur)\b[^.;]*\b(?:train|develop|design|build|propose|introduce|present|"
    r"construct|devise|create|release|collect|curate)\b[^.;]*$"
)
_DEFINED_AS_RE = re.compile(
    r"\)?\s*(?:\([^()]*\)\s*)?\s+(?:is|are)\s+(?:a|an)\s+(?:[\w\-]+\s+){0,3}("
    + _OWN_NOUNS
    + r")\s+(?:for|that|which|to|designed|based)\b"
)
# what makes "X is a ... approach" a description of someone else's thing: a citation after the
# name, or the standing of something that exists ("PSRNNs (Downey et al.) are a state-of-the-art
# approach for", "X is a popular model for")
_SOMEONE_ELSES_RE = re.compile(
    r"\bet al\b|\b(?:19|20)\d\d\b|\b(?:" + EXISTING_WORDS + r"|state-of-the-art|common|commonly|"
    r"established|successful|powerful|prominent|leading|promising)\b"
)
_SENTENCE_END_RE = re.compile(r"[.!?]\s")
_LAST_WORD_RE = re.compile(r"\b(?!as\b)([a-z][\w\-]*)[\s,:(]*$")  # (not "named as X")
# "we <make> ... Long Form (ABBR)": an abbreviation no list knows, defined for what the paper
# makes ("we first pretrain a physics-aware lighting prompt (PALP)", "we construct Federated
# Inverse Propensity Weighting (Fed-IPW)"), not for what it uses or studies
_WE_MAKE_RE = re.compile(
    r"(?:\b[Ww]e\s+(?:first\s+|then\s+|also\s+|further\s+|additionally\s+|finally\s+)?"
    r"(?:propose|introduce|present|develop|design|construct|build|devise|create|formulate|"
    r"define|describe|pre-?train|train|learn|curate|collect|release|contribute|call|name|term|"
    r"dub|coin)|\bby\s+(?:proposing|introducing|developing|designing|constructing|building|"
    r"creating|curating|collecting|releasing))\s+"
    r"(?:(?!(?:for|of|to|with|on|in|by|which|that|based|via|whose)\b)[a-z][\w\-]*[\s,]+){0,3}"
    r"(?:(?:(?<=\ba )|(?<=\ban ))"
    r"(?:version|variant|extension|generalization|modification)\s+of\s+)?$"
)
# the sentence opens with the name: "A ...", "The new ...", "Finally, a novel ..."
_SUBJECT_RE = re.compile(r"\s*(?:[A-Z][a-z]+,\s*)?(?:(?:a|an|the)\s+)?(?:(?:novel|new)\s+)?", re.I)
_BASED_AFTER_RE = re.compile(r"\)?\s?-?\s?based\b|[\-\u2013](?:style|like|type|inspired)\b")
_MODIFIES_NEXT_RE = re.compile(r"\s+[a-z][\w\-]*")
_CODE_NEXT_RE = re.compile(r"\s+(?:code\s?base|implementation)s?\b")
_CLAUSE_NEXT_RE = re.compile(r"\s+(?:that|which|to|for|with|as|and|or|in|on|by)\b")
_CALLED_AND_RE = re.compile(r"\)?\s*(?:\([^()]*\))?\s*,?\s*(?:and|or)\s+")


def trigger_proposals(
    v: Vocab, c: Candidate, text: str, s0: int, anchor: int, trig: Triggers, cands: list[Candidate]
) -> tuple[EntityType | None, bool]:
    """Proposal cues from a propose trigger right before the name (<= 4 lower-case words) or
    its long form: adds the "propose" cue; returns the data type a cue names ("we introduce
    two new benchmarks, X") and whether the cue credits others ("Recent work proposes X")."""
    own_before = text[s0:anchor]
    proposed_as: EntityType | None = None  # "we introduce two new benchmarks, X": a benchmark
    others_cue = False
    for ts, te in trig["propose"]:
        if (
            s0 <= ts
            and te <= anchor
            and _OTHERS_CUE_RE.search(text[s0:ts])
            and not (_WE_CUE_RE.match(text, ts) or _THIS_BEFORE_RE.search(text, s0, ts))
            and not _WE_MADE_RE.search(text, s0, ts)
        ):
            # "a recently proposed regularizer, named X", "Recent work proposes X": a method
            # the paper uses (not "the so-called Method of Moments": a common term)
            others_cue = others_cue or (
                _PROPOSE_GAP_RE.fullmatch(text, te, anchor) is not None
                and not SO_CALLED_RE.search(text, max(0, ts - 4), te)
            )
            continue
        if s0 <= ts and te <= anchor and not SO_CALLED_RE.search(text, max(0, ts - 4), te):
            gap = text[te:anchor]
            if _PROPOSE_GAP_RE.fullmatch(gap) and not any(
                o is not c and te <= o.start < anchor and o.strength in ("strong", "title")
                for o in cands
            ):
                c.cues.add("propose")
                noun = (
                    _NAMED_AFTER_NOUN_RE.search(gap)  # "two benchmarks, namely X and Y"
                    or _LAST_WORD_RE.search(gap)
                    or _NOUN_BEFORE_NAMING_RE.search(text, s0, te)
                )
                if noun and noun.group(1) in v.data_heads:
                    proposed_as = data_type(noun.group(1))
                elif _DATA_VERB_RE.search(text, ts, te):
                    proposed_as = EntityType.DATASET  # what one collects or releases is data
                if (
                    c.label is not None
                    and not c.long
                    and not _ARTICLES_ONLY_RE.fullmatch(gap)
                    and not _NEW_NAMED_RE.fullmatch(gap)
                ):
                    c.cues.discard("propose")  # "a cross-view transformer": a kind of a known one
            elif (
                c.label is None
                or (c.long and not _OTHERS_RE.search(text, te, anchor))
                or _NEW_NAMED_RE.fullmatch(gap)
            ) and (named := _NAMED_AFTER_NOUN_RE.search(own_before)):
                # "we introduce a novel deep-learning approach, X,"; also a known name the
                # paper defines there ("we propose a family of neural models, Conditional
                # Neural Processes (CNPs)"); "we curate a ... dataset, namely X": data
                c.cues.add("propose")
                if (noun := named.group(1)) in v.data_heads:
                    proposed_as = data_type(noun)
            elif (
                (c.label is None or c.long)
                and (c.strength in ("strong", "title") or c.long)
                and _COLON_AFTER_CUE_RE.fullmatch(gap)
                and not _OTHERS_RE.search(gap)  # "two well-known frameworks: LDA and HDP"
                and not (  # "we develop RoboART: an automated red teaming (ART) pipeline"
                    _ONE_WORD_COLON_RE.match(gap)
                    and any(o is not c and te <= o.start < anchor for o in cands)
                )
            ):
                # "We propose a new algorithm for minimizing regularized empirical loss:
                # Stochastic Dual Newton Ascent (SDNA)": the name after the colon is the
                # thing the cue introduces
                c.cues.add("propose")
            elif (
                c.label is None
                and _BRACKETED_AFTER_CUE_RE.fullmatch(gap)
                and _OWN_NOUN_BRACKET_RE.search(gap)
            ):
                # "we introduce a novel hybrid temporal convolutional and recurrent network
                # (TricorNet), which": the name the paper gives the noun phrase it introduces
                c.cues.add("propose")
            elif (
                (c.label is None or _NEW_FIRST_RE.search(gap))
                and c.strength == "strong"
                and (noun := _LONG_GAP_NOUN_RE.fullmatch(gap))
            ):
                # "we propose a learning framework and system LodeStar that", "we propose the
                # first large-scale human-designed cloze test dataset CLOTH": a longer
                # description whose last word, a method or data noun, the name follows
                c.cues.add("propose")
                if noun.group(1) in v.data_heads:
                    proposed_as = data_type(noun.group(1))
            elif (
                c.label is None
                and c.long
                and " the " not in c.long  # (a long form run over the object: no name)
                and _WE_CALL_RE.fullmatch(text, ts, te)
                and _CALLED_OBJECT_RE.fullmatch(gap)
            ):
                # "We term this choice of connectivity Receptive Field Recombination (REFIRE)
                # networks": what we call the thing we describe, defined there
                c.cues.add("propose")
    return proposed_as, others_cue


def clause_proposals(
    v: Vocab,
    c: Candidate,
    text: str,
    sent: Sent,
    anchor: int,
    after_start: int,
    cands: list[Candidate],
    proposed_as: EntityType | None,
) -> EntityType | None:
    """Proposal cues from the clause around the name (an own list, "we make a Foo (F)", a
    passive or defining sentence, "called A and B"), and the cues that undo one (a name
    that only modifies the new thing); returns the data type proposed, if any."""
    s0, s1 = sent.start_char, sent.end_char
    own_before = text[s0:anchor]
    # "we propose two new conditional GAN architectures: A and B", not "two widely-used ...
    # methods: A and B"
    own_list = _OWN_LIST_BEFORE_RE.search(own_before)
    if own_list is not None and dn.EVAL_CLAUSE_RE.search(own_list[0]):
        own_list = None
    if own_list is not None and own_list[0].rstrip(" :").endswith(("benchmarks", "datasets")):
        proposed_as = data_type(own_list[0].rstrip(" :").rsplit(None, 1)[-1])
    if c.label is None and (
        _OWN_NAME_BEFORE_RE.search(own_before)
        or (own_list is not None and not _OTHERS_RE.search(own_list[0]))
        or ((c.strength == "strong" or c.long) and _PROPOSED_BEFORE_RE.search(own_before))
        or (c.strength in ("strong", "cap") and _NEW_NOUN_BEFORE_RE.search(own_before))
        or (c.strength == "title" and _OUR_OPENS_RE.fullmatch(own_before))
        or _OURS_AFTER_RE.match(text, after_start)
    ):
        c.cues.add("propose")
    if (
        c.long
        and c.label is None
        and c.long_span
        and c.long_span[0] < c.start
        and not math_object(c.long)
        and (made := _WE_MAKE_RE.search(text, s0, c.long_span[0]))
        and not any(o is not c and o.label and s0 <= o.start < c.long_span[0] for o in cands)
    ):
        c.cues.add("propose")
        if proposed_as is None and _COLLECT_RE.search(made[0]):
            proposed_as = EntityType.DATASET  # "by collecting a Foo Bar Corpus (FBC)": data
    # a known name that only modifies the proposed thing is used, not proposed:
    # "we propose a confidence-aware flow matching objective"
    if (
        "propose" in c.cues
        and (c.label is not None or (c.hint is not None and not c.long))
        and (not c.long or text[c.end : c.end + 1] == ")")
        and _MODIFIES_NEXT_RE.match(text[c.end : s1].lstrip(")"))
        and not _CLAUSE_NEXT_RE.match(text[c.end : s1].lstrip(")"))
    ):
        c.cues.discard("propose")
    if "propose" in c.cues and _CODE_NEXT_RE.match(text, c.end):
        c.cues.discard("propose")  # "we release our PyTorch codebase": the code is new, not X
    if _BASED_AFTER_RE.match(text, c.end):
        # "a ... (MPPI)-based controller", "a new actor-critic-style algorithm": the
        # controller, the algorithm is new
        c.cues.discard("propose")
    # passive: "A Greedy Direction Method (GDMM) algorithm is proposed to ..."
    if (
        c.label is None
        and (c.long or c.strength == "strong")
        and _SUBJECT_RE.fullmatch(text, s0, anchor)
        and _PASSIVE_PROPOSE_RE.match(text, after_start, s1)
    ):
        c.cues.add("propose")
    # "X is an architecture for ...", opening the abstract: the paper defines its own thing;
    # "X is a popular tool for ..." describes someone else's method, which the paper uses
    if (
        c.label is None
        and (c.long or c.strength == "strong")
        and _SUBJECT_RE.fullmatch(text, s0, anchor)
        and (defined_as := _DEFINED_AS_RE.match(text, after_start if c.long_span else c.end, s1))
        and len(_SENTENCE_END_RE.findall(text, 0, s0)) <= 1
    ):
        if not _SOMEONE_ELSES_RE.search(defined_as.group()):
            c.cues.add("propose")
        elif defined_as.group(1) not in v.data_heads:
            c.cues.add("described")
    # "called A (...) and B (...)": the second name is proposed too
    prev = next((o for o in reversed(cands) if o.end <= c.start and o.start >= s0), None)
    if (
        prev is not None
        and c.long is not None
        and "propose" in prev.cues
        and _CALLED_AND_RE.fullmatch(text[prev.end : anchor])
    ):
        c.cues.add("propose")
    return proposed_as
