"""Stage 2, typing and roles: what the words around a candidate say about it.

:func:`decide` types one candidate (gazetteer, definition, appositive, name shape, evaluation or
comparison context) and gives it a role (``proposed`` after a proposal cue, ``evaluated_on`` for
data, else ``uses``) with a confidence; :func:`kg.extract.lists.type_lists` then makes the names
of one coordinated list ("on X, Y and Z") one kind of thing. The proposal cues are read in
:mod:`kg.extract.proposecues`.
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
from kg.extract.proposecues import (
    MAKE_BEFORE_RE,
    NAMED_BEFORE_RE,
    clause_proposals,
    trigger_proposals,
)
from kg.extract.resources import name_key
from kg.extract.spans import USE_MODEL, Candidate, Sent, model_says_name
from kg.extract.words import Vocab, W, alternation, data_type, head, math_object
from kg.model import EntityType, Role

BENCH_NAME_RE = re.compile(r"[a-z0-9\-](?:[Bb]ench|BENCH|Arena|Gym)(?:[\-\s]?v?\d[\w.]*)?$")
# a model's size or family at the end of its name: "Foo-7B", "FooBERT", "BarGPT-2", "VoraLM"
MODEL_SHAPE_RE = re.compile(
    r"[\-\u2013 ]\d+(?:\.\d+)?[BMK]$|(?<=[a-z0-9\-])"
    + alternation(W.model_family_tails)
    + r"(?:[\-\u2013 ]?v?\d[\w.]*)?$"
)
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
# a split of data names the data it is drawn from: "on the validation set of Foo (FOO 2.0)",
# "the test split of the Bar", and before a split noun: "on the Foo test set"
_SPLIT_WORDS = (
    r"(?:train(?:ing)?|test(?:ing)?|validation|dev|development|evaluation|held-out)\s+"
    r"(?:set|split|subset|partition|portion)s?"
)
_SPLIT_OF_RE = re.compile(r"\b" + _SPLIT_WORDS + r"\s+of\s+(?:the\s+)?$")
_SPLIT_NEXT_RE = re.compile(r"\)?\s+" + _SPLIT_WORDS + r"\b")
_NAMED_DATA_LEAD_RE = re.compile(r"(?:\b(?:the|on|and|or|in|from|using|with)|[,(])\s+$")
_COMPARED_BEFORE_RE = re.compile(
    r"\b(?:than|over|outperform\w*|surpass\w*|compared (?:with|to)|unlike|versus|vs\.?)"
    r"\s+(?:the\s+|(?!(?:on|in|across|at)\s)[a-z\-]+\s+){0,2}$"
)  # (not "outperforms baselines on Foo Bar": the data it is compared on)
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
# the word after a name, past an apostrophe "s", and the word after that: "Grassmann
# manifolds", "Wolfe conditions", "McDiarmid's inequality"
_NEXT_WORDS_RE = re.compile(r"(?:['\u2019]s)?[\s\-]+([a-z]+)\b(?:[\s\-]+([a-z][a-z\-]*))?")


def names_math_object(v: Vocab, text: str, c: Candidate) -> bool:
    """The name and the noun after it name a mathematical object (or hardware): "Grassmann
    manifolds", "Brownian motion", "a Laplace prior", "the McDiarmid inequality"; not where a
    technique noun follows ("Foo space embeddings", "CUR matrix decomposition", "a theorem
    prover", "a Foo-LSTM function approximator") or the two name a bound that is an
    algorithm."""
    m = _NEXT_WORDS_RE.match(text, c.end)
    if m is None:
        return False
    noun, then = m.group(1), m.group(2) or ""
    technique = (v.method_heads, W.tech_heads, W.technique_ends, W.modified_tech_heads)
    return (
        (noun in W.math_nouns or math_object(f"{c.text} {noun}"))
        and not any(then in k for k in technique)
        and not then.startswith(("approximator", "prover"))
    )


# a possessive after a capitalised word, or after a second one it is joined to: a person
# ("Steinwart's techniques", "Barto and Sutton's critic"); not a possessive that ends a
# method's name, which name_candidates keeps whole ("Foo's method")
_OWNER_AFTER_RE = re.compile(r"['\u2019]s?\b|\s+(?:and|&)\s+[A-Z][\w\-]*['\u2019]s?\b")


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
    # proposal: a propose trigger right before (≤ 4 lower-case words), or just before the
    # long form of this abbreviation
    anchor = min(c.start, c.long_span[0]) if c.long_span else c.start
    proposed_as, others_cue = trigger_proposals(v, c, text, s0, anchor, trig, cands)
    proposed_as = clause_proposals(v, c, text, sent, anchor, after_start, cands, proposed_as)
    # appositive: "X, a large-scale benchmark ..." / "X, a novel method ..."
    appos, appos_type = dn.appositive(v, after)
    # "We use self-supervision to train SRPNet, a neural network that predicts ...", "we
    # release LYF-160K, a dataset of ...": a new name the paper makes and defines
    if (
        appos_type is not None
        and c.label is None
        and c.strength == "strong"
        and MAKE_BEFORE_RE.search(text, s0, c.start)
    ):
        c.cues.add("propose")
    if appos_type is EntityType.BENCHMARK and "propose" in c.cues:
        appos, appos_type = dn.appositive(v, after, own=True)  # ("a paper simulator": ours)

    # data: a list right after "on", "across", "such as" ..., or a data noun right after
    data_ctx = method_ctx = False
    # after a defined name's bracket: "a novel Foundation Tactile (FoTa) dataset" (not a
    # description's: "independent and identically distributed (IID) datasets")
    named_long = c.long is not None and c.long[:1].isupper()
    tail, list_tail, named_data = _data_tail(v, c, text, s0, s1, named_long)
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
        and c.strength == "strong"
        and c.model is EntityType.TASK
        and (least := USE_MODEL["task_acronym"]) is not None
        and c.model_score >= least
    ):
        return  # "On the NER task", "the MT task of IWSLT-2016": a task's acronym or name
        # ("to solve the VarZorb task"), not data
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
            trig_kind[0] not in ("list", "compare", "on", "datasuch")
            or (trig_kind[0] == "on" and not _named_on(v, c, after, named_long))
            or text[trig_kind[1] : trig_kind[1] + 12].lower().startswith(W.weak_compare)
        ):  # (not "via Functional Magnetic Resonance Imaging (fMRI)": a weak cue)
            trig_kind = None
    if trig_kind and trig_kind[0] == "datasuch":
        trig_kind = ("datanoun", trig_kind[1])  # "datasets such as A, B and C": named data
    if trig_kind:
        ctx = _trigger_context(v, c, text, sent, trig_kind, appos, appos_type, named_data, data_ctx)
        if ctx is None:
            return
        data_ctx, method_ctx, appos_type = ctx
        if trig_kind[0] == "on" and data_ctx and not method_ctx and _named_list(text, c, cands):
            trig_kind = ("datanoun", trig_kind[1])  # "experiments on Foo, Bar and Baz": data
    method_ctx |= _method_cues(v, c, text, sent, anchor, tail, list_tail, data_ctx, others_cue)
    if _not_an_entity(v, c, text, sent, list_tail, count, local, cands, data_ctx, method_ctx):
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
        said = NAMED_BEFORE_RE.search(text, s0, anchor)
        if appos_type is EntityType.METHOD or (said and said.group(1) not in v.data_heads):
            t = EntityType.METHOD
            c.cues.add("own_kind")  # the paper says what it is: no other mention overrules
    if t is None and c.long and name_key(c.long) in v.fields:
        return  # "reinforcement learning (RL)": a field, not a method
    if t is None and c.long and math_object(c.long):
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
        t = _shape_type(
            v,
            c,
            text,
            sent,
            anchor,
            after,
            appos_type,
            proposed,
            proposed_as,
            long_type,
            data_ctx,
            method_ctx,
            named_data,
            named_long,
            trig_kind,
            list_tail,
        )
    elif t is EntityType.TASK:
        return
    if t is None and c.strength == "cap" and not c.hint:
        c.cues.add("plain")  # a capitalised word nothing typed: a list of data may (type_lists)
    elif t is None and c.strength == "title" and not c.hint:
        c.cues.add("plain_title")  # a title-case phrase nothing typed: a list of methods may
    if t is None or t is EntityType.METRIC or t is EntityType.TASK:
        return
    if (
        t is EntityType.METHOD
        and not (c.label or c.hint or c.long)
        and (c.strength == "cap" or not proposed)
        and names_math_object(v, text, c)
    ):
        return  # "Grassmann manifolds", "Brownian motion": an object named after someone
    if (
        t is EntityType.METHOD
        and c.strength == "cap"
        and not (c.label or c.hint or c.long)
        and _OWNER_AFTER_RE.match(text, c.end)
    ):
        return  # "Steinwart's techniques", "Koller and Sahami's criterion": whose, not what
    c.type = t
    c.sure = bool(
        c.label
        or appos_type
        or c.long
        or MODEL_SHAPE_RE.search(c.text)
        or BENCH_NAME_RE.search(c.text)
    )
    if t in (EntityType.DATASET, EntityType.BENCHMARK) and (
        appos_type or proposed or named_data or (trig_kind or ("",))[0] in ("datalist", "datanoun")
    ):
        c.cues.add("said")  # a sentence calls it data, not only "on X" (dn.said_elsewhere)
    _set_role(c, t, data_ctx, method_ctx)


# what may follow a list of data names after "on": the clause's end or its verb ("experiments
# on Foo, Bar and Baz show ...", "... on Foo, Bar and Baz."), not a noun ("Android devices")
_LIST_END_RE = re.compile(
    r"\s*(?:[,.;:)]|$)|\s+(?:shows?|demonstrates?|confirms?|indicates?|reveals?|suggests?|"
    r"verif(?:y|ies)|validates?|illustrates?|highlights?|prove|proves)\b"
)


def _named_list(text: str, c: Candidate, cands: list[Candidate]) -> bool:
    """The candidate stands in a coordinated list of at least three names ("Foo, Bar and Baz")
    that ends the clause or its subject."""
    i = cands.index(c) if c in cands else -1
    if i < 0:
        return False
    lo = hi = i
    while lo > 0 and LIST_JOIN_RE.fullmatch(text, cands[lo - 1].end, cands[lo].start):
        lo -= 1
    while hi + 1 < len(cands) and LIST_JOIN_RE.fullmatch(text, cands[hi].end, cands[hi + 1].start):
        hi += 1
    return hi - lo >= 2 and bool(_LIST_END_RE.match(text, cands[hi].end))


def _data_tail(
    v: Vocab, c: Candidate, text: str, s0: int, s1: int, named_long: bool
) -> tuple[int, re.Match[str] | None, bool]:
    """Where the list a name starts ends and the noun after it ("[LSP] and FLIC datasets"),
    past a defined name's bracket; and whether that noun makes the name named data."""
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
    anchor = min(c.start, c.long_span[0]) if c.long_span else c.start
    if not (named_data or c.label) and (
        _SPLIT_OF_RE.search(text, max(s0, anchor - 40), anchor)
        or (
            text[max(s0, anchor - 4) : anchor].lower() == "the "
            and _SPLIT_NEXT_RE.match(text, c.end)
        )
    ):
        named_data = True  # "the validation set of Foo", "the Foo test set"
    return tail, list_tail, named_data


_NOUN_NEXT_RE = re.compile(r"\)\s+([a-z][\w\-]*)")
_DATA_WORD_RE = re.compile(r"\b(?:datasets?|data\s+sets?|benchmarks?|corpus|corpora)\b")


def _named_on(v: Vocab, c: Candidate, after: str, named_long: bool) -> bool:
    """A defined name after "on" whose long form is capitalised and its head names no kind,
    with no noun right after the bracket and no data named later in the sentence: "results
    on Foo Bar Baz (FBB) for ..." evaluates on FBB (not "on classifying Transmission Control
    Protocol (TCP) streams", "results on the Foo Attack (FA) ... on the MNIST dataset")."""
    noun = _NOUN_NEXT_RE.match(after)
    return (
        named_long
        and v.type_from_head(c.long or "") is None
        and (noun is None or noun.group(1) in W.np_boundary)
        and not _DATA_WORD_RE.search(after)
    )


def _trigger_context(
    v: Vocab,
    c: Candidate,
    text: str,
    sent: Sent,
    trig_kind: tuple[str, int],
    appos: re.Match[str] | None,
    appos_type: EntityType | None,
    named_data: bool,
    data_ctx: bool,
) -> tuple[bool, bool, EntityType | None] | None:
    """What the list or comparison trigger before the name says: (data context, method
    context, appositive type), or None when the name is no entity (hardware, "on a ...")."""
    s0, s1 = sent.start_char, sent.end_char
    method_ctx = False
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
            return None  # "runs on the TrueNorth chip": hardware, no entity
        # "deployments on a Clearpath Husky": one of a kind of thing (a robot, a device),
        # not a named collection of data
        if not _A_BEFORE_RE.search(text, ts, c.start) or _DATA_NOUN_SOON_RE.match(
            text, c.end
        ):  # ("On a Parkinson GWAS dataset", "on a Resource Management test set")
            data_ctx = (
                named_data
                or (  # "on the Foo-16 ... challenge": the data noun
                    not (  # (not "based on Tacotron 2": what a method builds on)
                        c.label is None
                        and _ON_VERB_BEFORE_RE.search(text, max(s0, ts - 12), ts)
                        and not _DATA_NOUN_SOON_RE.match(text, c.end)
                        and not _EVAL_BASED_RE.search(text, max(s0, ts - 40), ts)
                    )
                    and (bool(EVAL_CUE_RE.search(text[s0:s1])) or dn.on_data(text, s0, ts, c.end))
                )
            )
        elif (
            c.label is None
            and not c.long
            and "propose" not in c.cues
            and not _ON_VERB_BEFORE_RE.search(text, max(s0, ts - 12), ts)
        ):  # (not "based on a GMRF")
            return None
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
    elif kind == "methodnoun":
        method_ctx = True  # "three baselines (A, B and C)", "two optimizers: A and B"
    elif kind == "compare":
        # "via X", "using X" say less than "outperforms X": enough for a name-shaped
        # word, not for a plain capitalised one ("via Lorentz geodesic distance")
        weak = text[ts : ts + 12].lower().startswith(W.weak_compare)
        method_ctx = not weak or c.strength == "strong"
    return data_ctx, method_ctx, appos_type


def _method_cues(
    v: Vocab,
    c: Candidate,
    text: str,
    sent: Sent,
    anchor: int,
    tail: int,
    list_tail: re.Match[str] | None,
    data_ctx: bool,
    others_cue: bool,
) -> bool:
    """Whether the words around the name say it is a method: a comparison, "based on X", a
    method noun after it, a list of method names, a capitalised name one uses."""
    s0, s1 = sent.start_char, sent.end_char
    said = False
    if _COMPARED_BEFORE_RE.search(text, s0, anchor) or (
        c.strength == "strong" and dn.USE_A_BEFORE_RE.search(text, max(s0, c.start - 24), c.start)
    ):
        said = True
    if not data_ctx and c.strength != "cap" and not math_object(c.text):
        said |= built_on(text, s0, anchor, c.end, c.text)  # "based on Tacotron 2"
    if ("based" in c.cues and c.strength == "strong") or "described" in c.cues or others_cue:
        said = True
    if _METHOD_NOUN_AFTER_RE.match(text[c.end : s1]):
        said = True
    if (  # "of Wayformer, HPTR, and Scene Transformer models": a list of names of methods
        list_tail
        and list_tail.group(2) in W.method_cue_words
        and not list_tail.group(1)
        and c.text[:1].isupper()
        and _NAMED_DATA_RE.fullmatch(text, tail, list_tail.start(2) + tail)
        and LIST_JOIN_RE.match(text, c.end)
        and not re.search(r"['\u2019]s\b", text[tail : tail + list_tail.start(2)])
    ):  # (not authors: "Kutin and Niyogi's method")
        said = True
    if (  # "we use Foo Bar Fields to ...": a capitalised name one uses is a method
        c.strength == "title"
        and not (data_ctx or c.label or c.long)
        and (
            dn.used_title_name(v, text, s0, c.start, c.end, c.text)
            or dn.opening_name_acts(text, s0, c.start, c.end, c.text)
        )
    ):
        said = True
    return said


def _not_an_entity(
    v: Vocab,
    c: Candidate,
    text: str,
    sent: Sent,
    list_tail: re.Match[str] | None,
    count: int,
    local: set[str],
    cands: list[Candidate],
    data_ctx: bool,
    method_ctx: bool,
) -> bool:
    """A measurement, hardware, a lone local all-capital shorthand, or a defined task or kind
    of data that a list names as data: no entity."""
    s0, s1 = sent.start_char, sent.end_char
    if _MEASURE_NAME_RE.match(text[c.end : s1]):
        return True  # "OCR accuracy": the name of a measurement
    if _HARDWARE_AFTER_RE.match(text[c.end : s1]) and "propose" not in c.cues:
        return True  # "on the ANYmal C platform", "a Franka arm": hardware, neither data nor method
    if (
        list_tail
        and list_tail.group(2) in _HARDWARE_NOUNS
        and not list_tail.group(1)
        and "propose" not in c.cues
        and c.label is not EntityType.METHOD  # not "in AlexNet, on Foo Atom ... processors"
    ):
        return True  # "on Foo Atom, Xeon, and Bar Phi processors": a list of hardware
    if (
        c.strength == "strong"
        and not (c.label or c.long or c.cues or data_ctx or method_ctx)
        and count == 1
        and _ALL_CAPS_RE.fullmatch(c.text)
        and not listed_with_a_name(c, text, cands)
        and not model_says_name(c, USE_MODEL["hint_caps" if c.hint else "lone"])
        and not lone_is_method(c, text, s0, s1, cands)
    ) or (name_key(c.text) in local and not (c.label or c.cues or data_ctx)):
        return True  # a lone all-capital word with nothing around it: too often a local shorthand

    # "visual question answering (VQA)" defines the task, though a dataset is named VQA;
    # "motion capture (MoCap) data" a kind of data, though a dataset is named MoCap
    return bool(
        c.long
        and not c.cues
        and c.label in (EntityType.DATASET, EntityType.BENCHMARK)
        and (v.type_from_head(c.long) is EntityType.TASK or dn.described_data(v, c, text, s0))
    )


def _shape_type(
    v: Vocab,
    c: Candidate,
    text: str,
    sent: Sent,
    anchor: int,
    after: str,
    appos_type: EntityType | None,
    proposed: bool,
    proposed_as: EntityType | None,
    long_type: EntityType | None,
    data_ctx: bool,
    method_ctx: bool,
    named_data: bool,
    named_long: bool,
    trig_kind: tuple[str, int] | None,
    list_tail: re.Match[str] | None,
) -> EntityType | None:
    """The type of a name no list knows, from its appositive, a proposal, its shape, its long
    form, its head or its context; TASK for a task phrase (tasks.py ranks those)."""
    s0 = sent.start_char
    t: EntityType | None = None
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
    elif proposed or MODEL_SHAPE_RE.search(c.text):
        t = EntityType.METHOD
    elif head_type is EntityType.TASK or (c.long and long_type is EntityType.TASK and not c.head):
        return (
            EntityType.TASK
        )  # "Temporal Action Localization": task phrases are ranked in tasks.py
    elif (
        (head_type is EntityType.METHOD or ("eponym" in c.cues and not math_object(c.text)))
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
    return t


def _set_role(c: Candidate, t: EntityType, data_ctx: bool, method_ctx: bool) -> None:
    """Role and confidence of a typed candidate."""
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
