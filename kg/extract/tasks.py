"""Stage 3, tasks: the problems a paper addresses, as task phrases ranked by where and how
they occur; the best few are kept. The candidates come from :mod:`kg.extract.taskspans`; here
each is scored by its place (the opening sentences, the title), the cue before it ("a framework
for X", "we evaluate on X") and the span model's votes, and the cues that make it background,
a tool or a property drop it.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import Any

from kg.extract.abbrev import Abbreviation, spells_acronym_piece
from kg.extract.context import EVAL_CUE_RE
from kg.extract.resources import name_key
from kg.extract.spans import USE_MODEL, Candidate, Sent, overlaps
from kg.extract.taskspans import NEXT_WORD_RE as _NEXT_WORD_RE
from kg.extract.taskspans import TaskSpan, task_spans
from kg.extract.words import Vocab, W, head, is_modifier, modifiers, singular, word_before
from kg.model import EntityType, Role

# "is central to X", "crucial for X": X is what the task serves
_PURPOSE_BEFORE_RE = re.compile(
    r"\b(?:central|crucial|critical|essential|important|vital|key|indispensable|necessary)"
    r"\s+(?:to|for)\s+(?:the\s+|many\s+)?$"
)

# the paper's own proposal earlier in the sentence
_OWN_PROPOSAL_RE = re.compile(
    r"\b(?:[Ww]e|paper|work) (?:propose|introduce|present|develop)[^.;]*$"
)

# an example: "(e.g., X", "(such as X, Y", "..., e.g. X"
_EXAMPLE_BEFORE_RE = re.compile(
    r"\((?:e\.g\.|for example|for instance|such as)[^()]*$|"
    r"\b(?:e\.g\.|for example|for instance),?\s+$"
)

_STATE_OF_ART_RE = re.compile(r"\bstate[\s\-]of[\s\-]the\b", re.IGNORECASE)

# "in domains such as A, B and C", "in applications like A", "success on tasks such as A",
# "program analysis tasks, including A", "in adversarial settings such as A": where others' work
# is used, the background of the paper, not its problem
_DOMAIN_LIST_BEFORE_RE = re.compile(
    r"\b(?:domains?|fields?|areas?|applications?|tasks?|problems?|settings?|scenarios?)\s*,?\s+"
    r"(?:such as|like|including|ranging from)\s+[^.;:()]*$|"
    # "has found many applications in A and B", "a problem with numerous applications to A":
    # where the topic is of use, not what the paper works on
    r"\b(?:has|have|had|with|finds?|found|finding|enjoys?|gained|offers?)\s+"
    r"(?:[\w\-]+\s+){0,4}?applications?\s+(?:in|to|for|across|within)\s+[^.;:()]*$"
)

# the paper's own work, or what it shows: "the method is demonstrated in applications such as A"
_OWN_WORK_RE = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|us|[Tt]his (?:paper|work)|"
    r"(?:[Dd]emonstrat|[Ee]valuat|[Ee]xperiment|[Vv]alidat|[Ee]xtend|competitive|enabl)\w*)\b"
)

# "Most existing work focuses on A", "prior methods have exclusively focused on B": what others
# did, set against the paper's problem
_OTHERS_FOCUS_BEFORE_RE = re.compile(
    r"\b(?:[Mm]ost|[Ee]xisting|[Pp]rior|[Pp]revious|[Cc]urrent|[Mm]any)\s+(?:[\w\-]+\s+){0,4}?"
    r"(?:works?|research|methods|approaches|results|studies|efforts|literature|papers|"
    r"techniques|algorithms|systems)\b(?:(?!\b(?:[Ww]e|[Oo]ur|experiments?)\b)[^.;]){0,80}?"
    r"\b(?:focus(?:es|ed|sed|ing)?|concentrat\w+)\s+(?:\w+ly\s+)?on\s+(?:the\s+)?$"
)

# "a grasp generation module", "a feature extraction stage": a part of the method, named by
# what it does (not "objective": "a one-shot classification objective" names the problem)
_PART_AFTER_RE = re.compile(
    r"(?:\s*\([^)]*\))?\s+(?:modules?|sub-?modules?|components?|stages?|losses|loss|layers?|"
    r"blocks?|branch(?:es)?|heads?|sub-?networks?)\b"
)

# "CNNs have achieved great success in X": what others' tools are acclaimed for, the
# background (when the abstract names X only there)
_ACCLAIM_RE = re.compile(
    r"\b(?:ha(?:s|ve)|had)\s+(?:recently\s+|also\s+|already\s+)?(?:achieved|enjoyed|shown|"
    r"demonstrated|made|seen|led to|witnessed|found)\s+(?:[\w\-]+\s+){0,3}?(?:success(?:es)?|"
    r"progress|results|capabilit\w+|breakthroughs?|performance|advances)\b"
)
# "... have shown inconsistent success in X, and ...", "... in X but lack ...": the acclaim
# leads to what the paper improves, in its own area
_SHORTFALL_RE = re.compile(
    r"\b(?:but|however|yet|although|though|while|whereas|despite|inconsistent|limited|"
    r"limits?|lacks?|lacking|struggl\w*|fail\w*|remains?|challeng\w*|suffer\w*|open|"
    r"problems?)\b",
    re.I,
)
# the paper's own sentence, or one reporting its evaluation
_OWN_OR_EVAL_RE = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|us|[Tt]his (?:paper|work)|[Hh]ere|[Ii]n this|[Pp]ropos\w*|"
    r"[Ee]xperiment\w*|"
    r"[Rr]esults? (?:on|show|demonstrate)|outperform\w*|[Ee]valuat\w*|benchmarks?)\b"
)

_MEASURE_AFTER_RE = re.compile(r"\s+(?:rates?|times?|complexity|speed|costs?|structures?)\b")

# "a multi-agent reinforcement learning framework", "model-free RL (RL) methods": a learning
# paradigm named as the kind of a method is what the method uses, not the paper's problem
_PARADIGM_HEAD_RE = re.compile(r"(?:\S+\s+)+(?:learning|RL)$")

_OWN_KIND_BEFORE_RE = re.compile(
    r"\b(?:[Ww]e|paper|work|by)\s+(?:\w+\s+)?(?:propos|introduc|present|develop|deriv|stud|"
    r"describ)\w*\b[^.;]*$|(?:^|[.!?]\s+)(?:(?:[Mm]ost|[Mm]any|[Ee]xisting|[Cc]urrent|[Pp]rior|"
    r"[Pp]revious|[Ss]tandard|[Cc]onventional|[Tt]raditional|[Tt]ypical)\s+)?$"
)

# what a method uses (group 1; "through" only before a learning paradigm: "through
# reinforcement learning", but "through a manipulation task" is where it is shown)
_USED_BEFORE_RE = re.compile(
    r"\b(?:(employ|employs|employing|use|uses|using|via|leverag(?:e|es|ed|ing)|"
    r"integrat(?:e|es|ed|ing)|combin(?:e|es|ed|ing)|pretraining with|trained with)|through|"
    # "we apply multi-agent deep reinforcement learning to train", "an approach based on
    # ensemble learning": a paradigm applied or built on
    r"appl(?:y|ies|ying|ied)|adopt(?:s|ed|ing)?|incorporat(?:e|es|ed|ing)|based on|"
    r"buil(?:d|ds|ding|t) on|rel(?:y|ies|ying|ied) on)"
    r"\s+(?:the\s+|an?\s+)?$"
)

_METHOD_KIND_AFTER_RE = re.compile(
    r"(?:\s*\([^)]*\))?(?:-based\b|\s+(?:frameworks?|methods?|approach(?:es)?|algorithms?|"
    r"techniques?|paradigms?|pipelines?|models?|agents?|accelerators?)\b)"
)

_TRAINING_PHRASE_RE = re.compile(r"[Tt]raining ")  # the model inside it is what is trained

_TASK_NOUN_AFTER_RE = re.compile(
    r"\s*(?:\([^)]*\)\s*)?(?:tasks?|problems?|settings?|benchmarks?)\b"
)

# "the few-shot learning problem", "the problem of active learning": a field named as a problem
# (singular: "computer vision tasks", "self-supervised learning tasks" are a family)
_FIELD_PROBLEM_AFTER_RE = re.compile(r"(?:\s*\([^)]*\))?\s+(?:problem|task)\b(?!-)")
_FIELD_PROBLEM_BEFORE_RE = re.compile(r"\b(?:problems?|tasks?) of\s+(?:the\s+)?$")
_BROAD_AREAS = frozenset(name_key(w) for w in W.broad_areas)
#: fields that name a learning problem: tasks, ranked after the other phrases
_PROBLEM_FIELDS = frozenset(name_key(w) for w in W.problem_fields)

_COMPONENT_BEFORE_RE = re.compile(r"\b(?:with|via|using|through|by)\s+$")

_ADDRESS_BEFORE_RE = re.compile(
    r"\b(?:study|studies|address|tackle|for|of|on|toward|towards|in)\s+(?:the\s+)?$"
)

_METHOD_FOR_RE = re.compile(
    r"\b(?:framework|method|approach|algorithm|model|architecture|system|pipeline|"
    r"paradigm|technique|solution|strategy)s? for\s+(?:the\s+)?$"
)

# "the problem of X", "in the domain of X", "the application of X": the abstract frames X as
# what it works on
_FRAME_OF_RE = re.compile(
    r"\b(?:problems?|challenges?|tasks?|domains?|fields?|areas?|applications?) of\s+(?:the\s+)?$"
)

# "our planner reduces shelf collisions", "achieves fast glove segmentation": what a claim says
# the work does
_CLAIM_BEFORE_RE = re.compile(
    r"\b(?:improv|reduc|resolv|achiev|enabl|exhibit|demonstrat)(?:e|es|ed|ing|s)?\s+"
    r"(?:(?!of\b|to\b|on\b)[a-z][\w\-]*\s+){0,2}$"
)

_EVAL_LIST_BEFORE_RE = re.compile(r"(?:\b(?:on|across|including|such as)|,|\band)\s+(?:the\s+)?$")


def _acclaimed_background(
    text: str, sents: Sequence[Sent], start: int, end: int, title_words: set[str]
) -> bool:
    """The phrase is where others' tools are acclaimed, in a sentence neither the paper's own
    nor its evaluation, and the abstract names it nowhere else, nor does the title."""
    sent = next((x for x in sents if x.start_char <= start < x.end_char), None)
    if sent is None:
        return False
    s_text = text[sent.start_char : sent.end_char]
    if (
        _OWN_OR_EVAL_RE.search(s_text)
        or _SHORTFALL_RE.search(s_text)
        or not _ACCLAIM_RE.search(s_text)
    ):
        return False
    phrase = text[start:end].lower()
    words = _content_words(phrase)
    return text.lower().count(phrase) == 1 and not (
        title_words and 2 * len(words & title_words) >= len(words)
    )


def _framed_as_problem(text: str, start: int, end: int) -> bool:
    """The sentence names the phrase as a problem: "the problem of X", "the X problem", "cast
    as an X task"."""
    if name_key(text[start:end]) in _BROAD_AREAS:
        return False
    return bool(
        _FIELD_PROBLEM_AFTER_RE.match(text, end)
        or _FIELD_PROBLEM_BEFORE_RE.search(text, max(0, start - 30), start)
    )


def _task_shaped(phrase: str) -> bool:
    """A phrase of the span model may be a task: it neither starts nor ends with a stop or
    vague word ("how alignment from human feedback"), nor ends with where a task is used
    ("computer vision applications"), nor starts with a verb's form."""
    words = phrase.lower().split()
    return bool(words) and not (
        words[0] in W.task_stop
        or words[-1] in W.task_stop
        or words[-1] in W.not_task_heads
        or words[0] in W.task_verbs
        or (words[0].endswith("ing") and len(words) > 1 and words[0] not in W.noun_ing)
    )


#: what a Task span of the span model adds to the score of a task phrase inside it
MODEL_TASK_BONUS = 0.5


def _whole_phrase(v: Vocab, text: str, start: int, end: int) -> bool:
    """A model Task span is a whole noun phrase: not cut inside a word, no noun modifier
    before it ("hospital [readmission risk]", also a verb's form used as a noun: "While
    leverage [score sampling]"), no noun after it ("[object detection] models")."""
    before, after = text[start - 1 : start], text[end : end + 1]
    if (start and (before.isalnum() or before == "-")) or after.isalnum() or after == "-":
        return False
    nxt = _NEXT_WORD_RE.match(text, end)
    if nxt and after == " ":
        w = nxt.group(1)
        lw = w.lower()
        if (
            lw not in W.np_boundary
            and lw != "of"
            and (is_modifier(w) or lw in v.method_heads)
            and not _TASK_NOUN_AFTER_RE.match(text, end)
        ):
            return False
    if modifiers(text, start)[0]:
        return False
    w1 = word_before(text, start)
    if w1 and w1.group(1).islower() and w1.group(1) in W.task_verbs:
        w0 = word_before(text, w1.start(1))
        return not (w0 and w0.group(1).lower() in W.noun_before)
    return True


#: a phrase of the span model alone ranks with the rules' phrases, not after them, when it scores
#: this much and more than every phrase of the rules, and the title or "a method for" / "the
#: problem of" names it ("an approach for [network embedding]" before the evaluation's "link
#: prediction")
MODEL_LEAD_SCORE = 2.0


def _named_as_aim(text: str, start: int, phrase: str, title_words: set[str]) -> bool:
    """The title names the phrase (half its words or more), or "a method for" / "the problem
    of" comes right before it: what the paper is for."""
    words = _content_words(phrase)
    if title_words and 2 * len(words & title_words) >= len(words):
        return True
    lead = text[max(0, start - 30) : start].lower()
    return bool(_METHOD_FOR_RE.search(lead) or _FRAME_OF_RE.search(lead))


#: what the title's naming a phrase adds to its score: the title names the paper's problem
TITLE_BONUS = 0.75

#: broad areas named with a task head, the setting as the learning paradigms of v.fields are
_TASK_FIELDS = frozenset(name_key(w) for w in W.task_fields)
_FUNCTION_WORDS = frozenset(["a", "an", "and", "for", "in", "of", "on", "the", "to", "via", "with"])


def _content_words(text: str) -> set[str]:
    """The words of ``text`` in lower case and singular, without function words."""
    return {singular(w) for w in re.findall(r"[a-z0-9][a-z0-9\-]*", text.lower())} - _FUNCTION_WORDS


def _bare(phrase: str) -> str:
    """The phrase without the vague words before it: "off-the-shelf reinforcement learning",
    "pure imitation learning" are their field ("pool-based active learning" is a flavour)."""
    words = phrase.split()
    while len(words) > 1 and words[0].lower() in W.vague_first:
        words = words[1:]
    return " ".join(words)


def _after_data_names(
    v: Vocab,
    text: str,
    cands: Sequence[Candidate],
    phrases: list[TaskSpan],
    moved: dict[int, int],
) -> list[TaskSpan]:
    """ "ImageNet classification", "a Text8 language modeling task": a phrase that opens with a
    dataset's name (here or where the abstract types it) is the task after it: two words or
    more, or a task head that ends the noun phrase ("OGX manipulation environments" is none)."""
    data = (EntityType.DATASET, EntityType.BENCHMARK)
    keys = {name_key(c.text) for c in cands if c.type in data and not c.long_span}
    names = {c.start: c.end for c in cands if name_key(c.text) in keys}
    out = []
    for start, end, phrase, bonus in phrases:
        name_end = names.get(start)
        if name_end is not None and name_end < end and text[name_end : name_end + 1] == " ":
            rest = text[name_end + 1 : end]
            nxt = _NEXT_WORD_RE.match(text, end)
            alone = not nxt or text[end : end + 1] != " " or nxt.group(1).lower() in W.np_boundary
            if " " in rest or (
                rest.lower() in v.task_heads and (alone or _TASK_NOUN_AFTER_RE.match(text, end))
            ):
                moved[name_end + 1] = start  # the words before the name still cue it
                start, phrase = name_end + 1, rest
        out.append((start, end, phrase, bonus))
    return out


def rank_tasks(
    v: Vocab,
    text: str,
    sents: Sequence[Sent],
    cands: Sequence[Candidate],
    abbrevs: Sequence[Abbreviation],
    gazetteer_tasks: Sequence[tuple[int, int]],
    *,
    max_tasks: int,
    model_tasks: Sequence[tuple[int, int, float]] = (),
    title: str = "",
) -> list[dict[str, Any]]:
    """Task phrases ("3D shape generation"), ranked; the best `max_tasks` are kept, as mention
    dicts. ``model_tasks``: the span model's Task spans ``(start, end, probability)``, which
    add phrases and raise the score of phrases inside them (``USE_MODEL``); a phrase the paper's
    ``title`` names (half its words or more) scores ``TITLE_BONUS`` more."""
    scored: dict[str, list] = {}
    first_end = sents[1].start_char if len(sents) > 1 else len(text)
    second_end = sents[2].start_char if len(sents) > 2 else len(text)
    abbrev_long = [(a.long_start, a.long_end) for a in abbrevs]
    title_words = _content_words(title)

    moved: dict[int, int] = {}
    phrases = _after_data_names(v, text, cands, task_spans(v, text, sents, abbrevs), moved)
    add_at, bonus_at = USE_MODEL["add_task"], USE_MODEL["task_bonus"]
    rule_keys = {p.lower() for _, _, p, _ in phrases}
    model_p: dict[str, float] = {}
    if add_at is not None:
        known = {(s, e) for s, e, _, _ in phrases}
        for s, e, p in model_tasks:
            phrase = text[s:e]
            if (
                p >= add_at
                and (s, e) not in known
                and _task_shaped(phrase)
                and _whole_phrase(v, text, s, e)
            ):
                [(s, e, phrase, _)] = _after_data_names(
                    v, text, cands, [(s, e, phrase, 0.0)], moved
                )
                phrases.append((s, e, phrase, 0.0))
                model_p[phrase.lower()] = max(p, model_p.get(phrase.lower(), 0.0))
    # the model's own phrases come after the rules' and fill at most this many places, those
    # after the first only at p >= add_task_more
    fill, more_at = USE_MODEL["task_fill"], USE_MODEL["add_task_more"]
    for start, end, phrase, bonus in phrases:
        if bonus_at is not None and any(
            s <= start and end <= e and p >= bonus_at for s, e, p in model_tasks
        ):
            bonus += MODEL_TASK_BONUS
        if _PART_AFTER_RE.match(text, end):
            continue  # "SEE-Splat, a grasp generation module that ...": a part of the method
        if _MEASURE_AFTER_RE.match(text, end):
            continue  # "detection rates", "parsing time": about the task, not the task
        if spells_acronym_piece(text, phrase, whole=True):
            continue  # "FOOBLE, a method for FOOd data BLEnding": the long form of a name
        if (
            _PARADIGM_HEAD_RE.fullmatch(phrase)
            and _METHOD_KIND_AFTER_RE.match(text, end)
            and (
                text.startswith("-based", end)
                or not _OWN_KIND_BEFORE_RE.search(text, max(0, start - 150), start)
            )
        ):
            continue  # "a Bayesian deep learning framework": the paradigm a method is of (but
            # "we propose a manifold learning algorithm", "Existing multi-agent reinforcement
            # learning methods are ...": the paper's own kind of method, the problem it is for;
            # not "we propose a two-phase reinforcement learning-based search": built on it)
        tool_cue = _USED_BEFORE_RE.search(text, max(0, start - 40), start)
        if tool_cue and (tool_cue.group(1) or _PARADIGM_HEAD_RE.fullmatch(phrase)):
            continue  # "leverages multi-agent reinforcement learning to train ...", "using
            # image segmentation as a pre-processing step": a tool, not the problem
        if _acclaimed_background(text, sents, start, end, title_words):
            continue  # "Learning algorithms have enjoyed numerous successes in robotic control"
        if _OTHERS_FOCUS_BEFORE_RE.search(text, max(0, start - 160), start):
            continue  # "most existing methods focus on position control": the contrast
        if _STATE_OF_ART_RE.search(text, max(0, start - 14), end):
            continue  # "a state of the [art heuristic compression] method": no task
        if _EXAMPLE_BEFORE_RE.search(text, max(0, start - 80), start):
            continue  # "circuits (e.g., object identification)": an example, not the task
        domain = _DOMAIN_LIST_BEFORE_RE.search(text, max(0, start - 100), start)
        sent_end = text.find(". ", end)
        if domain and not _OWN_WORK_RE.search(
            text,
            text.rfind(". ", 0, domain.start()) + 1,
            len(text) if sent_end < 0 else sent_end,
        ):
            continue  # "success in domains such as A, B and C": others' work, the background
            # (but "our method benefits applications such as A": what the paper shows)
        if not _TRAINING_PHRASE_RE.match(phrase) and any(
            c.type
            # a list's name opens the phrase, or a name before its kind of data ("the Foo
            # fine-grained classification datasets")
            and not (("plain" in c.cues or "kind" in c.cues) and c.start == start)
            and (
                overlaps(start, end, c.start, c.end)
                or (c.long_span and overlaps(start, end, *c.long_span))
            )
            # "Reading Comprehension (RC)" defines a task; "multiple kernel learning (MKL)",
            # which a list knows as a method, does not
            and not (c.long and c.label is None and v.type_from_head(c.long) is EntityType.TASK)
            for c in cands
        ):
            continue
        key = phrase.lower()
        bare = name_key(_bare(phrase))
        if name_key(phrase) in v.generic or (
            bare in _TASK_FIELDS
            or (
                bare in v.fields
                and bare not in _PROBLEM_FIELDS
                and not _framed_as_problem(text, start, end)
            )
        ):
            continue  # a bare field ("deep reinforcement learning", "robot learning") is the
            # setting, no task (but "the problem of transfer learning" names it as one, and
            # "active learning" is a learning problem)
        score = 0.0
        if start < first_end:
            score += 1.5
        elif start < second_end:
            score += 0.75
        if _TASK_NOUN_AFTER_RE.match(text[end : end + 12].lower()):
            score += 1.0
        opens = moved.get(start, start)
        lead = text[max(0, opens - 30) : opens].lower()
        if _COMPONENT_BEFORE_RE.search(lead) and _OWN_PROPOSAL_RE.search(
            text, max(0, opens - 150), opens
        ):
            continue  # "We propose X, which integrates A with [B alignment]": a component
        # "X is central to [decision-making]": the purpose, a task only when nothing else is
        purpose = bool(_PURPOSE_BEFORE_RE.search(lead))
        if _ADDRESS_BEFORE_RE.search(lead):
            score += 0.5
            if _METHOD_FOR_RE.search(lead):
                score += 0.5  # "a framework for X": what the method is for
            elif _FRAME_OF_RE.search(lead):
                score += 0.5  # "introduces the problem of X", "in the domain of X"
        if _CLAIM_BEFORE_RE.search(lead):
            score += 0.5
        if _EVAL_LIST_BEFORE_RE.search(lead) and EVAL_CUE_RE.search(
            text[max(0, opens - 120) : opens]
        ):
            score += 0.75  # "we evaluate X on time-series forecasting, ..."
        if any(overlaps(start, end, gs, ge) for gs, ge in gazetteer_tasks):
            score += 1.0
        if any(ls <= start and end <= le for ls, le in abbrev_long):
            score += 0.5
        if title_words:
            words = _content_words(phrase)
            shared = words & title_words
            # half its words, not its head alone ("policy learning", a title "Learning to X")
            if 2 * len(shared) >= len(words) and shared - {singular(head(phrase))}:
                score += TITLE_BONUS
        score += 0.25 + bonus
        # [best mention score, start, end, mentions, phrase]: the best mention counts
        # ("to combinatorial RL" then "combinatorial RL tasks"), each repeat adds 0.6
        entry = scored.setdefault(key, [score, start, end, 0, phrase, purpose])
        if score > entry[0]:
            entry[0] = score
        entry[3] += 1
        entry[5] = entry[5] and purpose
    totals = {k: (e[0] + 0.6 * (e[3] - 1), *e[1:]) for k, e in scored.items()}
    # the score a phrase of the model alone must pass to rank with the rules' phrases
    lead = max([MODEL_LEAD_SCORE] + [t[0] + 1e-9 for k, t in totals.items() if k in rule_keys])
    ranked = sorted(
        totals.values(),
        key=lambda e: (
            e[5],
            name_key(_bare(e[4])) in _PROBLEM_FIELDS,  # after the paper's own narrower task
            fill is not None
            and e[4].lower() not in rule_keys
            and not (e[0] >= lead and _named_as_aim(text, e[1], e[4], title_words)),
            -e[0],
            e[1],
        ),
    )
    sent_starts = [s.start_char for s in sents]
    # "visual question answering (VQA)": a short form the abstract defines is its long form's
    # alias where both are chosen, and its place goes to the next task
    shorts = {a.long.lower(): a.short for a in abbrevs}
    chosen = _choose(ranked, rule_keys, model_p, max_tasks, fill, more_at, set())
    folded = {shorts[k].lower() for k in chosen if k in shorts} & chosen.keys()
    if folded:
        chosen = _choose(ranked, rule_keys, model_p, max_tasks, fill, more_at, folded)
    out: list[dict[str, Any]] = []
    for key, (score, start, end, phrase) in chosen.items():
        sent = sents[max(0, bisect.bisect_right(sent_starts, start) - 1)]
        out.append(
            {
                "name": phrase,
                "type": EntityType.TASK.value,
                "role": Role.ADDRESSES.value,
                "confidence": round(min(0.9, 0.4 + 0.15 * score), 2),
                "aliases": [shorts[key]] if key in shorts else [],
                "start": start,
                "end": end,
                "sent_start": sent.start_char,
                "sent_end": sent.end_char,
            }
        )
    return out


def _choose(
    ranked: list[tuple],
    rule_keys: set[str],
    model_p: dict[str, float],
    max_tasks: int,
    fill: float | None,
    more_at: float | None,
    skip: set[str],
) -> dict[str, tuple[float, int, int, str]]:
    """The best `max_tasks` of the ranked phrases (not those in `skip`), by key: a phrase of the
    model alone only in a place the rules left (the second only when sure); not a phrase that
    shares half its words with one chosen before; none after the first that is only a
    purpose."""
    chosen: dict[str, tuple[float, int, int, str]] = {}
    for score, start, end, _n, phrase, purpose in ranked:
        if purpose and chosen:
            break
        key = phrase.lower()
        if score < 1.0 or len(chosen) >= max_tasks or key in skip:
            continue
        if key not in rule_keys and (
            (fill is not None and len(chosen) >= fill)
            or (chosen and more_at is not None and model_p[key] < more_at)
        ):
            continue  # the model's phrase: a place the rules left, the second only when sure
        words = set(key.split())
        if any(len(words & set(u.split())) / len(words | set(u.split())) >= 0.5 for u in chosen):
            continue
        chosen[key] = (score, start, end, phrase)
    return chosen
