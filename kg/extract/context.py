"""Stage 2, typing and roles: what the words around a candidate say about it.

:func:`decide` types one candidate (gazetteer, definition, appositive, name shape, evaluation or
comparison context) and gives it a role (``proposed`` after a proposal cue, ``evaluated_on`` for
data, else ``uses``) with a confidence; :func:`kg.extract.lists.type_lists` then makes the names
of one coordinated list ("on X, Y and Z") one kind of thing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from kg.extract import datanames as dn
from kg.extract.lists import (
    KIND,
    LIST_JOIN_RE,
    Triggers,
    list_trigger,
    listed_with_a_name,
    listed_with_data,
)
from kg.extract.lone import built_on, lone_is_method
from kg.extract.resources import name_key
from kg.extract.spans import USE_MODEL, Candidate, Sent, model_says_name
from kg.extract.words import EXISTING_WORDS, SO_CALLED_RE, Vocab, W, data_type, head
from kg.model import EntityType, Role

BENCH_NAME_RE = re.compile(r"[a-z0-9\-](?:[Bb]ench|BENCH|Arena|Gym)(?:[\-\s]?v?\d[\w.]*)?$")
MODEL_SIZE_RE = re.compile(r"[\-\u2013 ]\d+(?:\.\d+)?[BMK]$")
EVAL_CUE_RE = re.compile(
    r"\b(?:experiment|evaluat|benchmark|dataset|test|achiev|outperform|result|accura|score|"
    r"improv|perform|speedup|gain|state[\s\-]of[\s\-]the[\s\-]art|sota|demonstrat|reach|surpass|empirical|"
    r"validat|top-1|error)",
    re.I,
)
# the rest of a list a name starts, up to the noun after it ("[LSP] and FLIC datasets")
_LIST_TAIL_RE = re.compile(
    r"(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)(?:the\s+)?[^\s,]+"
    r"(?:\s[A-Z0-9][^\s,]*){0,3})*\s+"
    r"((?:[a-z][\w\-]*\s+){0,2}?)([a-z][\w\-]*)\b"
)


def _named_list_re(article: str) -> re.Pattern[str]:
    """The rest of a list of capitalised names up to the noun after it; `article` may stand
    before each further name."""
    return re.compile(
        r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s+or\s+)" + article + r"[A-Z0-9][^\s,]*"
        r"(?:\s[A-Z0-9][^\s,]*){0,3})*\s+"
    )


# a list of capitalised names before a data noun, and what may stand before the first name
_NAMED_DATA_RE = _named_list_re("")
# the same with "the" before the names: "between the Waymo Open Motion and the Argoverse 2
# Motion Forecasting datasets" (only after "the": not "of Dalal and Triggs and the PASCAL VOC
# dataset")
_NAMED_DATA_THE_RE = _named_list_re(r"(?:the\s+)?")
_NAMED_DATA_LEAD_RE = re.compile(r"(?:\b(?:the|on|and|or|in|from|using|with)|[,(])\s+$")
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
_NAMED_BEFORE_RE = re.compile("(" + _OWN_NOUNS + r")\s*,?\s*" + _NAMING + "$")
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
_MAKE_BEFORE_RE = re.compile(
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
_COMPARED_BEFORE_RE = re.compile(
    r"\b(?:than|over|outperform\w*|surpass\w*|compared (?:with|to)|unlike|versus|vs\.?)"
    r"\s+(?:the\s+|[a-z\-]+\s+){0,2}$"
)
_METHOD_NOUN_AFTER_RE = re.compile(
    r"\s+(?:baselines?|variants?|kernels?|architectures?|backbones?|layers?|models?|solvers?|"
    r"algorithms?|encoders?|networks?)\b"
)
_MEASURE_NAME_RE = re.compile(r"\s+(?:accuracy|scores?|f1|error|rate|metric)\b", re.I)
_HARDWARE_AFTER_RE = re.compile(
    r"(?:\s+[A-Z0-9][\w\-.]{0,3})?\s+"
    r"(?:platforms?|robots?|arms?|grippers?|quadrupeds?|humanoids?|drones?|quadrotors?)\b"
    r"(?![\s\-]+(?:manipulation|environments?|tasks?|benchmarks?|datasets?|data|suites?|"
    r"simulat\w*|navigation|learning|control|polic(?:y|ies))\b)"
)
_HARDWARE_NOUNS = frozenset(
    ["processors", "processor", "cpus", "gpus", "chips", "microcontrollers", "smartphones"]
)
_DATA_NOUN_SOON_RE = re.compile(
    r"\)?\s+(?:[a-z][\w\-]*\s+){0,2}(?:data|datasets?|data\s+sets?|sets?|corpus|corpora|"
    r"benchmarks?|suites?)\b"
)
_A_BEFORE_RE = re.compile(r"\b(?:a|an)\s+(?:(?!of\b)[a-z][\w\-]*\s+){0,2}$")  # "on a standard PC"
_ON_VERB_BEFORE_RE = re.compile(r"\b(?:based|built|builds|relies|rely|relying|depends?)\s+$", re.I)
# ... but "experiments based on X", "retrieval tasks based on X" evaluate on X
_EVAL_BASED_RE = re.compile(
    r"\b(?:experiments?|tasks?|evaluations?|results|stud(?:y|ies)|data(?:sets?)?|benchmarks?)"
    r"\s+(?:\w+\s+)?based\s+$"
)
_ALL_CAPS_RE = re.compile(r"[A-Z][A-Z\-]*s?")
_NOT_NAMED = (EntityType.TASK, EntityType.METRIC)
_BASE_CONFIDENCE = {"strong": 0.6, "title": 0.55, "cap": 0.5, "gazetteer": 0.7, "lower": 0.5}


def decide(
    v: Vocab,
    c: Candidate,
    text: str,
    sent: Sent,
    trig: Triggers,
    cands: list[Candidate],
    count: int,
    local: set[str],
) -> None:
    """Type, role and confidence of one candidate from its shape and its context."""
    s0, s1 = sent.start_char, sent.end_char
    after_start = c.long_span[1] + 1 if c.long_span and c.long_span[0] > c.start else c.end
    after = text[after_start:s1]
    sentence = text[s0:s1]

    # proposal: a propose trigger right before (≤ 4 lower-case words), or just before the
    # long form of this abbreviation
    anchor = min(c.start, c.long_span[0]) if c.long_span else c.start
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
    ):
        c.cues.add("propose")
    if (
        c.long
        and c.label is None
        and c.long_span
        and c.long_span[0] < c.start
        and head(c.long) not in W.not_method_heads
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
    # appositive: "X, a large-scale benchmark ..." / "X, a novel method ..."
    appos, appos_type = dn.appositive(v, after)
    # "We use self-supervision to train SRPNet, a neural network that predicts ...", "we
    # release LYF-160K, a dataset of ...": a new name the paper makes and defines
    if (
        appos_type is not None
        and c.label is None
        and c.strength == "strong"
        and _MAKE_BEFORE_RE.search(text, s0, c.start)
    ):
        c.cues.add("propose")
    if appos_type is EntityType.BENCHMARK and "propose" in c.cues:
        appos, appos_type = dn.appositive(v, after, own=True)  # ("a paper simulator": ours)

    # data: a list right after "on", "across", "such as" ..., or a data noun right after
    data_ctx = method_ctx = False
    # after a defined name's bracket: "a novel Foundation Tactile (FoTa) dataset" (not a
    # description's: "independent and identically distributed (IID) datasets")
    named_long = c.long is not None and c.long[:1].isupper()
    tail = c.end + 1 if named_long and text[c.end : c.end + 1] == ")" else c.end
    list_tail = _LIST_TAIL_RE.match(text[tail:s1])
    if tail != c.end and not (list_tail and list_tail.group(2) in v.data_heads):
        tail = c.end  # "the maximum a posteriori (MAP) task": not a named data list
        list_tail = _LIST_TAIL_RE.match(text[tail:s1])
    # "the Buffy dataset", "the LSP and FLIC datasets" (not "of Dalal and Triggs and the
    # PASCAL VOC dataset", not "stochastic Markovian environments")
    named_data = bool(
        list_tail
        and list_tail.group(2) in v.data_heads
        and not list_tail.group(1)
        and (
            _NAMED_DATA_RE.fullmatch(text, tail, list_tail.start(2) + tail)
            or (
                text[max(s0, c.start - 4) : c.start].lower() == "the "
                and _NAMED_DATA_THE_RE.fullmatch(text, tail, list_tail.start(2) + tail)
            )
        )
        and (
            _NAMED_DATA_LEAD_RE.search(text, max(s0, c.start - 12), c.start)
            or dn.adjective_lead(text, s0, c.start, c.text)
        )
    )
    if not (named_data or c.label) and (  # "on the Foo manipulation benchmark"
        _NAMED_DATA_LEAD_RE.search(text, max(s0, c.start - 12), c.start)
        and dn.kind_of_data(v, text, c.end, s1, c.text, c.start)
    ):
        named_data = True
        if c.strength != "strong":  # a plain word's kind may still open a task (tasks.py)
            c.cues.add("kind")
    if (
        "propose" in c.cues
        and list_tail
        and list_tail.group(2) in v.data_heads
        and not list_tail.group(1)
    ):
        proposed_as = data_type(list_tail.group(2))  # "we release the FooBar-3 benchmark"
    if (
        named_data
        or dn.held_in(text, s0, c.start, c.strength)
        or (list_tail and list_tail.group(2) in v.data_heads)
        or (
            list_tail
            and list_tail.group(2) in ("tasks", "task")
            and c.strength == "strong"
            and not list_tail.group(1)
        )
    ):
        data_ctx = True
    if (
        data_ctx
        and not (named_data or c.label or c.long)
        and list_tail
        and list_tail.group(2) in ("tasks", "task")
        and _ALL_CAPS_RE.fullmatch(c.text)
        and c.model is EntityType.TASK
        and (least := USE_MODEL["task_acronym"]) is not None
        and c.model_score >= least
    ):
        return  # "On the NER task", "the MT task of IWSLT-2016": a task's acronym, not data
    if (
        not data_ctx
        and c.text[:1].isupper()
        and "propose" not in c.cues
        and dn.DATA_NOUN_NEXT_RE.match(text, c.end)
    ):
        data_ctx = True  # "using the GEO-Foo data set": the data noun right after says it
    trig_kind = list_trigger(v, c, text, s0, trig, cands)
    if trig_kind is None and anchor < c.start:
        # a defined name stands in a list by its long form: "such as Foo Bar Baz (FBB)"
        trig_kind = list_trigger(v, replace(c, start=anchor), text, s0, trig, cands)
        if trig_kind is not None and (
            trig_kind[0] not in ("list", "compare")
            or text[trig_kind[1] : trig_kind[1] + 12].lower().startswith(W.weak_compare)
        ):  # (not "via Functional Magnetic Resonance Imaging (fMRI)": a weak cue)
            trig_kind = None
    if trig_kind:
        kind, ts = trig_kind
        lead = text[max(s0, ts - 70) : ts].lower().split()[-8:]
        if kind in ("datalist", "datanoun"):
            data_ctx = True
            if (
                kind == "datanoun"
                and appos_type is EntityType.METHOD
                and appos is not None
                and appos.group(0).lstrip(" ,").startswith(("the ", "our "))
            ):
                # "Over two benchmarks, Foo and Bar, the model beats ...": the clause's subject
                appos_type = None
        elif kind in ("on", "across"):
            if (
                c.label is None
                and not c.long
                and c.strength == "strong"
                and dn.hardware_next(v, text, c.end)
            ):
                return  # "runs on the TrueNorth chip": hardware, no entity
            # "deployments on a Clearpath Husky": one of a kind of thing (a robot, a device),
            # not a named collection of data
            if not _A_BEFORE_RE.search(text, ts, c.start) or _DATA_NOUN_SOON_RE.match(
                text, c.end
            ):  # ("On a Parkinson GWAS dataset", "on a Resource Management test set")
                data_ctx = named_data or (  # "on the Foo-16 ... challenge": the data noun
                    not (  # (not "based on Tacotron 2": what a method builds on)
                        c.label is None
                        and _ON_VERB_BEFORE_RE.search(text, max(s0, ts - 12), ts)
                        and not _DATA_NOUN_SOON_RE.match(text, c.end)
                        and not _EVAL_BASED_RE.search(text, max(s0, ts - 40), ts)
                    )
                    and (bool(EVAL_CUE_RE.search(sentence)) or dn.on_data(text, s0, ts, c.end))
                )
            elif (
                c.label is None
                and not c.long
                and "propose" not in c.cues
                and not _ON_VERB_BEFORE_RE.search(text, max(s0, ts - 12), ts)
            ):  # (not "based on a GMRF")
                return
        elif kind == "list":
            # the kind noun nearest the list says what it lists ("For the Foo dataset, ... on
            # shallow networks like Bar": networks)
            for w in reversed(lead):
                if w.strip(",(") in v.data_heads:
                    data_ctx = True
                    break
                if w.strip(",(") in W.method_cue_words:
                    method_ctx = True
                    break
        elif kind == "compare":
            # "via X", "using X" say less than "outperforms X": enough for a name-shaped
            # word, not for a plain capitalised one ("via Lorentz geodesic distance")
            weak = text[ts : ts + 12].lower().startswith(W.weak_compare)
            method_ctx = not weak or c.strength == "strong"
    if _COMPARED_BEFORE_RE.search(text, s0, anchor) or (
        c.strength == "strong" and dn.USE_A_BEFORE_RE.search(text, max(s0, c.start - 24), c.start)
    ):
        method_ctx = True
    if not data_ctx and c.strength != "cap" and head(c.text) not in W.not_method_heads:
        method_ctx |= built_on(text, s0, anchor, c.end, c.text)  # "based on Tacotron 2"
    if ("based" in c.cues and c.strength == "strong") or "described" in c.cues or others_cue:
        method_ctx = True
    if _METHOD_NOUN_AFTER_RE.match(text[c.end : s1]):
        method_ctx = True
    if (  # "of Wayformer, HPTR, and Scene Transformer models": a list of names of methods
        list_tail
        and list_tail.group(2) in W.method_cue_words
        and not list_tail.group(1)
        and c.text[:1].isupper()
        and _NAMED_DATA_RE.fullmatch(text, tail, list_tail.start(2) + tail)
        and LIST_JOIN_RE.match(text, c.end)
        and not re.search(r"['\u2019]s\b", text[tail : tail + list_tail.start(2)])
    ):  # (not authors: "Kutin and Niyogi's method")
        method_ctx = True
    if (  # "we use Foo Bar Fields to ...": a capitalised name one uses is a method
        c.strength == "title"
        and not (data_ctx or c.label or c.long)
        and (
            dn.used_title_name(v, text, s0, c.start, c.end, c.text)
            or dn.opening_name_acts(text, s0, c.start, c.end, c.text)
        )
    ):
        method_ctx = True

    if _MEASURE_NAME_RE.match(text[c.end : s1]):
        return  # "OCR accuracy": the name of a measurement
    if _HARDWARE_AFTER_RE.match(text[c.end : s1]) and "propose" not in c.cues:
        return  # "on the ANYmal C platform", "a Franka arm": hardware, neither data nor method
    if (
        list_tail
        and list_tail.group(2) in _HARDWARE_NOUNS
        and not list_tail.group(1)
        and "propose" not in c.cues
        and c.label is not EntityType.METHOD  # not "in AlexNet, on Foo Atom ... processors"
    ):
        return  # "on Foo Atom, Xeon, and Bar Phi processors": a list of hardware
    if (
        c.strength == "strong"
        and not (c.label or c.long or c.cues or data_ctx or method_ctx)
        and count == 1
        and _ALL_CAPS_RE.fullmatch(c.text)
        and not listed_with_a_name(c, text, cands)
        and not model_says_name(c, USE_MODEL["hint_caps" if c.hint else "lone"])
        and not lone_is_method(c, text, s0, s1, cands)
    ) or (name_key(c.text) in local and not (c.label or c.cues or data_ctx)):
        return  # a lone all-capital word with nothing around it: too often a local shorthand

    # "visual question answering (VQA)" defines the task, though a dataset is named VQA;
    # "motion capture (MoCap) data" a kind of data, though a dataset is named MoCap
    if (
        c.long
        and not c.cues
        and c.label in (EntityType.DATASET, EntityType.BENCHMARK)
        and (v.type_from_head(c.long) is EntityType.TASK or dn.described_data(v, c, text, s0))
    ):
        return
    # type: the gazetteer, then what the text says about the name, then its shape
    t: EntityType | None = c.label
    if (
        named_data
        and list_tail
        and not list_tail.group(2).endswith("s")  # (not "standard Foo Bar benchmarks")
        and " " in c.text
        and all(w[:1].isupper() for w in c.text.split())
        and (t is EntityType.TASK or (t is None and v.type_from_head(c.text) is EntityType.TASK))
    ):  # "the Visual Question Answering dataset": a task's name in title case names its data
        t = data_type(list_tail.group(2))
    if t is EntityType.METHOD and not c.text.islower() and dn.DATA_NOUN_NEXT_RE.match(text, c.end):
        t = EntityType.DATASET  # "the RT-1 dataset": the model's data (not "the coreset data")
    long_type = v.type_from_head(c.long) if c.long else None
    if t in (None, EntityType.TASK) and dn.paradigm_used(
        v, c, text, s0, after, USE_MODEL["paradigm"]
    ):  # "We employ a collaborative multi-agent reinforcement learning (MARL) approach"
        if t or name_key(c.long or "") in v.fields:  # a known paradigm: "we present a ...
            c.cues.discard("propose")  # (MARL) framework" makes the framework, not MARL
        t = EntityType.METHOD
    if (
        t in (EntityType.DATASET, EntityType.BENCHMARK)
        and long_type is EntityType.METHOD
        and not (tail != c.end and dn.DATA_NOUN_NEXT_RE.match(text, tail))
    ):  # (not where a data noun follows the definition: "the Foo Inference (FI) dataset")
        t = EntityType.METHOD  # the abstract defines the name as its method, not the known data
    proposed = "propose" in c.cues
    if t in (EntityType.DATASET, EntityType.BENCHMARK) and proposed and c.label is not None:
        # a known data name the paper gives its own method: "we introduce a novel prediction
        # framework called PRIME", "APRICOT, a novel approach" (Papers with Code lists data
        # of those names)
        said = _NAMED_BEFORE_RE.search(text, s0, anchor)
        if appos_type is EntityType.METHOD or (said and said.group(1) not in v.data_heads):
            t = EntityType.METHOD
            c.cues.add("own_kind")  # the paper says what it is: no other mention overrules
    if t is None and c.long and name_key(c.long) in v.fields:
        return  # "reinforcement learning (RL)": a field, not a method
    if t is None and c.long and head(c.long) in W.not_method_heads:
        return  # "Central Limit Theorems (CLTs)": a mathematical object
    if t is EntityType.METHOD and not proposed and c.long and head(c.long) in W.hardware_heads:
        return  # "a Flux Density Scanner (FDS)": hardware the abstract defines, not the method
        # a list knows by that name
    if t is None and c.hint is not None and not c.long:
        # a known name that is also an ordinary word ("Adam", "Twitter"): an entity only when
        # the sentence says so, and then of the known type
        context = appos_type or data_ctx or method_ctx or proposed
        if "variant" in c.cues:  # "mini-imagenet": only in a data list or before a data noun
            context = named_data or listed_with_data(c, text, cands)
        caps = _ALL_CAPS_RE.fullmatch(c.text) is not None  # "ALS", not "Adam"
        use = "hint_data" if KIND[c.hint] == "data" else "hint_caps" if caps else "hint"
        model_agrees = (  # or the span model reads the same kind of name here
            model_says_name(c, USE_MODEL[use]) and c.model and KIND[c.model] == KIND[c.hint]
        )
        if c.hint in _NOT_NAMED or not (context or model_agrees):
            c.cues.add("unsaid")  # ... or a list of sure names of its kind (type_lists)
            return
        said = "method" if method_ctx or proposed else "data" if data_ctx else None
        if appos_type or not said or said == KIND[c.hint]:
            t = appos_type or c.hint  # ... unless the sentence says another kind ("such as TDC")
    if t is None and "variant" in c.cues:
        return
    if t is None:
        head_type = v.type_from_head(c.text) if " " in c.text else None
        # (also a capitalised word in a data context: "experiments on Foo-10")
        model_data = c.model is EntityType.DATASET and model_says_name(c, USE_MODEL["data"])
        if appos_type is not None:
            t = appos_type
        elif proposed and proposed_as is not None:
            t = proposed_as
        elif BENCH_NAME_RE.search(c.text):
            t = EntityType.BENCHMARK  # "LongBench", "SWE-bench", "ChatArena"
        elif dn.ENV_KIND_NEXT_RE.match(text, c.end) and not (c.strength == "cap" and c.start == s0):
            t = EntityType.BENCHMARK  # "to Foo control problems": an environment one evaluates on
        elif c.long and long_type in (EntityType.DATASET, EntityType.BENCHMARK):
            t = None if dn.described_data(v, c, text, s0) else long_type
        elif head_type in (EntityType.DATASET, EntityType.BENCHMARK) and c.text[:1].isupper():
            t = head_type  # "we develop the ASIMOV Benchmark": a name with a data head
        elif dn.data_size(v, c.text, data_ctx, method_ctx):
            t = EntityType.DATASET  # "pretrained on Foo-50K", "we release Bar-1M"
        elif proposed or MODEL_SIZE_RE.search(c.text):
            t = EntityType.METHOD
        elif head_type is EntityType.TASK or (
            c.long and long_type is EntityType.TASK and not c.head
        ):
            return  # "Temporal Action Localization": task phrases are ranked in tasks.py
        elif (
            (
                head_type is EntityType.METHOD
                or ("eponym" in c.cues and head(c.text) not in W.not_method_heads)
            )
            and not (  # "Foo smoothing", "Bar relaxation" (not "Markov chain": an object) ...
                data_ctx
                and (trig_kind or ("",))[0] in ("datanoun", "datalist")
                and all(w[:1].isupper() for w in c.text.split())
            )
        ):  # ... unless a data noun heads the list of names it stands in ("datasets, Foo Flow")
            t = EntityType.METHOD
        elif (
            data_ctx
            and (not method_ctx or dn.DATA_NOUN_NEXT_RE.match(text, c.end))
            and (c.strength != "cap" or named_data or model_data or "datanoun" in (trig_kind or ()))
            and not dn.described_long(v, c, named_long or named_data, trig_kind, list_tail, text)
        ):  # "co-training with existing static ALOHA datasets": the data noun says more; a
            # capitalised word listed after "datasets:" or "benchmarks (" is named data too
            t = EntityType.DATASET
        elif c.long:
            used = (  # "... using a multivariate convolutional sparse coding (CSC) algorithm"
                c.model is EntityType.METHOD
                and model_says_name(c, USE_MODEL["defined_used"])
                and dn.USED_VIA_BEFORE_RE.search(text, s0, max(s0, anchor)) is not None
            )
            t = long_type or (
                EntityType.METHOD
                if method_ctx
                or used
                or c.head
                or (c.model is EntityType.METHOD and model_says_name(c, USE_MODEL["defined"]))
                or (
                    c.long_span is not None
                    and c.long[:1].isupper()  # a name, not "task-oriented grasping (TOG)"
                    and dn.defined_as_method(v, text, s0, c.long_span[0], after, c.long)
                )
                else None
            )
        elif c.strength == "strong" and model_data:
            t = EntityType.DATASET  # a name the model reads as data, with nothing else to say
        elif c.strength == "strong" or (c.strength in ("title", "cap") and method_ctx):
            t = EntityType.METHOD
            if not method_ctx:
                c.cues.add("shape")  # only its shape says so (datanames.said_elsewhere)
        elif c.strength in ("title", "cap") and model_says_name(c, USE_MODEL["capital"]):
            t = c.model  # "Horn's method", "Screw theory": the model reads a name
    elif t is EntityType.TASK:
        return
    if t is None and c.strength == "cap" and not c.hint:
        c.cues.add("plain")  # a capitalised word nothing typed: a list of data may (type_lists)
    if t is None or t is EntityType.METRIC or t is EntityType.TASK:
        return
    c.type = t
    c.sure = bool(
        c.label
        or appos_type
        or c.long
        or MODEL_SIZE_RE.search(c.text)
        or BENCH_NAME_RE.search(c.text)
    )
    if t in (EntityType.DATASET, EntityType.BENCHMARK) and (
        appos_type or proposed or named_data or (trig_kind or ("",))[0] in ("datalist", "datanoun")
    ):
        c.cues.add("said")  # a sentence calls it data, not only "on X" (dn.said_elsewhere)

    # role and confidence
    base = _BASE_CONFIDENCE[c.strength]
    if c.label:
        base = max(base, 0.8)
    if "propose" in c.cues:  # a method, or a dataset or benchmark the paper introduces
        c.role, c.confidence = Role.PROPOSED, 0.9
    elif t in (EntityType.DATASET, EntityType.BENCHMARK):
        c.role, c.confidence = Role.EVALUATED_ON, base + (0.2 if data_ctx else 0.0)
    else:
        c.role, c.confidence = Role.USES, base + (0.15 if method_ctx or c.long else 0.0)
    c.confidence = round(min(c.confidence, 0.95), 2)
