"""Stage 3, tasks: the problems a paper addresses, as task phrases ranked by where and how
they occur; the best few are kept.

Candidates come from a task head with its modifiers ("semantic image segmentation"), a noun
phrase before "problem/task", after "the problem/task of", the subject of "X is a fundamental
problem", a gerund named by its noun ("estimating X" -> "X estimation"), "a phenomenon known as
X", and a defined task abbreviation as head ("offline RL").
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from typing import Any

from kg.extract.abbrev import Abbreviation
from kg.extract.context import EVAL_CUE_RE, USE_MODEL
from kg.extract.resources import name_key
from kg.extract.spans import Candidate, Sent, overlaps
from kg.extract.words import (
    Vocab,
    W,
    head,
    is_head_noun,
    is_modifier,
    is_task_word,
    modifiers,
    singular,
    word_before,
)
from kg.model import EntityType, Role

# anchored on the rare word, so the scan does not start a match at every word
_PROBLEM_AFTER_RE = re.compile(r"(?<=[\w\-] )(?:problems?|tasks?)\b")
_PROBLEM_OF_RE = re.compile(
    r"\b(?:problems?|tasks?|settings?) of\s+(?:the\s+)?((?:[A-Za-z][\w\-]*\s*){1,4})"
)
_IS_A_PROBLEM_RE = re.compile(
    r"\s*(?:The\s+|the\s+)?((?:[A-Za-z][\w\-]*\s+){0,5}[A-Za-z][\w\-]*)\s+(?:is|remains|has been)"
    r"\s+(?:a|an|one of the)\s+(?:[a-z\-]+\s+){0,2}(?:problems?|tasks?|challenges?)\b"
)
# "Effective task planning is essential for ...", "Model compression is significant for ...":
# the subject of a sentence that says it matters
_IS_KEY_RE = re.compile(
    r"\s*((?:[A-Za-z][\w\-]*\s+){0,5}[A-Za-z][\w\-]*)\s+(?:is|remains)\s+(?:\w+ly\s+)?"
    r"(?:(?:a|an|the)\s+)?(?:most\s+)?(?:crucial|essential|key|critical|fundamental|central|vital|"
    r"important|significant|indispensable)\b"
)
# a task head alone names the task when a method noun follows ("an unlearning framework")
_LONE_HEAD_AFTER_RE = re.compile(r"\s+(?:frameworks?|methods?|approach(?:es)?|algorithms?)\b")
# "is central to X", "crucial for X": X is what the task serves
_PURPOSE_BEFORE_RE = re.compile(
    r"\b(?:central|crucial|critical|essential|important|vital|key|indispensable|necessary)"
    r"\s+(?:to|for)\s+(?:the\s+|many\s+)?$"
)
_ROBUST_TO_RE = re.compile(r"\brobustness (?:to|against) ((?:[A-Za-z][\w\-]*\s*){1,4})")
# "speed and robustness to noise", "exhibits robustness to X": a property a claim lists
_PROPERTY_LIST_BEFORE_RE = re.compile(
    r"(?:,|\band|\bor|\bsuch as|\bterms of|\bespecially in|\b(?:exhibit|demonstrat|show)\w*)"
    r"\s+(?:an?\s+|improved\s+|better\s+|higher\s+|strong\s+|the\s+)?$"
)
_METHOD_FOR_NP_RE = re.compile(
    r"\b(?:framework|method|approach|algorithm|architecture|system|pipeline|technique)s?"
    r" for\s+(?:the\s+)?((?:[A-Za-z][\w\-]*\s*){1,5})"
)
_HEAD_AS_MODIFIER_RE = re.compile(r"[\s\-]+(?:learning|functions?)\b")
# "a phenomenon known as X": X names the problem
_KNOWN_AS_RE = re.compile(
    r"\b(?:phenomenon|phenomena|problems?|issues?|challenges?|effects?|pathology|failure mode)"
    r",?\s+(?:commonly\s+|often\s+|also\s+|widely\s+)?(?:known as|called|termed|referred to as"
    r"|dubbed)\s+(?:the\s+|an?\s+)?((?:[A-Za-z][\w\-]*\s*){1,5})"
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
# "in domains such as A, B and C", "in applications like A", "success on tasks such as A": where
# others' work is used, the background of the paper, not its problem
_DOMAIN_LIST_BEFORE_RE = re.compile(
    r"\b(?:domains?|fields?|areas?|applications?|tasks?|problems?)\s+"
    r"(?:such as|like|including)\s+[^.;:()]*$"
)
# the paper's own work, or what it shows: "the method is demonstrated in applications such as A"
_OWN_WORK_RE = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|us|[Tt]his (?:paper|work)|"
    r"(?:[Dd]emonstrat|[Ee]valuat|[Ee]xperiment|[Vv]alidat|[Ee]xtend|competitive|enabl)\w*)\b"
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
    r"integrat(?:e|es|ed|ing)|combin(?:e|es|ed|ing)|pretraining with|trained with)|through)"
    r"\s+(?:the\s+|an?\s+)?$"
)
_METHOD_KIND_AFTER_RE = re.compile(
    r"(?:\s*\([^)]*\))?(?:-based\b|\s+(?:frameworks?|methods?|approach(?:es)?|algorithms?|"
    r"techniques?|paradigms?|pipelines?|models?|agents?|accelerators?)\b)"
)
_GERUND_TASK_RE = re.compile(
    r"(?:(?:^|(?<=[.!?]\s))|\b(?:problems? of|tasks? of|focus(?:es)? on|study|studies|"
    r"address|addresses|tackle|tackles|consider|considers)\s+)([A-Za-z]+ing)\s+(?:the\s+|an?\s+)?"
    r"((?:[A-Za-z][\w\-]*\s+){0,3}[A-Za-z][\w\-]*)"
)
# "the problem of teaching robots manipulation skills": a gerund no task noun names
_GERUND_PROBLEM_RE = re.compile(
    r"\b(?:problems?|tasks?|challenges?) of\s+([a-z]{3,}ing)\s+(?:the\s+|an?\s+)?"
    r"((?:[A-Za-z][\w\-]*\s*){1,4})"
)
_INFINITIVE_TASK_RE = re.compile(
    r"\bto\s+(" + "|".join(sorted(W.infinitive_noun, key=len, reverse=True)) + r")\s+"
    r"(?:the\s+|an?\s+)?((?:[A-Za-z][\w\-]*\s+){0,3}[A-Za-z][\w\-]*)"
)
# "a method for training GANs with discrete data", "However, training SNNs is hard": training a
# kind of model is the problem
_TRAINING_RE = re.compile(
    r"(?:(?:^|(?<=[.!?]\s))(?:However,\s+)?|\b(?:methods?|algorithms?|approach(?:es)?|"
    r"frameworks?|procedures?|schemes?|techniques?) for\s+(?:efficiently\s+)?)"
    r"([Tt]raining)\s+((?:[A-Za-z][\w\-]*\s*){1,4})"
)
_TRAINING_PHRASE_RE = re.compile(r"[Tt]raining ")  # the model inside it is what is trained
_ACRONYM_RE = re.compile(r"[A-Z][A-Za-z]*[A-Z]s?")
_ING_HEAD_RE = re.compile(r"[a-z][a-z\-]+ing")
_NEXT_WORD_RE = re.compile(r"\s*([A-Za-z(][\w\-:]*)")
_SPACED_WORD_RE = re.compile(r"\S+")
_WORD_CHARS_RE = re.compile(r"\w*")
_TASK_NOUN_AFTER_RE = re.compile(
    r"\s*(?:\([^)]*\)\s*)?(?:tasks?|problems?|settings?|benchmarks?)\b"
)
# the separator before a list's conjunct: "A, B, and C tasks"
_CONJ_BEFORE_RE = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$")
_LAST_WORD_RE = re.compile(r"(?<![\w\-])([A-Za-z][\w\-]*)$")
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
# "two downstream tasks: A and B", "NLP problems, including A, B and C": a list the task noun
# before it names as tasks
_LIST_AFTER_TASK_NOUN_RE = re.compile(
    r"\b(?:tasks|problems)\s*(?::|,?\s+(?:including|such as|namely|like)\b:?|,\s+e\.g\.,?)\s*"
)
_ITEM_SEP_RE = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+|as well as\s+)?|\s+(?:and|or|as well as)\s+)")
_ENUM_RE = re.compile(r"\s*\(?(?:\d|[ivx]{1,3}|[a-e])\)\s*")
_EVAL_LIST_BEFORE_RE = re.compile(r"(?:\b(?:on|across|including|such as)|,|\band)\s+(?:the\s+)?$")

#: (start, end, phrase, bonus) of one task phrase candidate
TaskSpan = tuple[int, int, str, float]


def _task_shaped(phrase: str) -> bool:
    """A phrase of the span model may be a task: it neither starts nor ends with a stop or
    vague word ("how alignment from human feedback"), nor starts with a verb's form."""
    words = phrase.lower().split()
    return bool(words) and not (
        words[0] in W.task_stop
        or words[-1] in W.task_stop
        or words[0] in W.task_verbs
        or (words[0].endswith("ing") and len(words) > 1 and words[0] not in W.noun_ing)
    )


def _leading_words(
    text: str, m: re.Match[str], keep: Callable[[str], bool]
) -> tuple[list[str], int]:
    """The words of ``m``'s group 1 up to the first one ``keep`` refuses, and where the last
    kept word ends in ``text`` (its start when none is kept)."""
    words, end = [], m.start(1)
    for w in _SPACED_WORD_RE.finditer(text, m.start(1), m.end(1)):
        if not keep(w.group()):
            break
        words.append(w.group())
        end = w.end()
    return words, end


def _robust_word(w: str) -> bool:
    """A word of what a method is robust to: "robustness to [label noise]"."""
    lw = w.lower()
    if lw in W.np_boundary or lw in W.task_stop or lw in W.task_verbs or lw == "of":
        return False
    return is_modifier(w) or is_head_noun(w)


def _purpose_word(w: str) -> bool:
    """A word of what a method is for: "a framework for [robot skill acquisition]"."""
    return w.lower() not in W.np_boundary and w.lower() != "of" and is_modifier(w)


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


def task_spans(
    v: Vocab, text: str, sents: Sequence[Sent], abbrevs: Sequence[Abbreviation]
) -> list[TaskSpan]:
    """Task phrase candidates (start, end, phrase, bonus) from the patterns of the module doc."""
    spans: dict[tuple[int, int], tuple[str, float]] = {}

    def add(start: int, end: int, phrase: str, bonus: float) -> None:
        old = spans.get((start, end))
        if old is None or old[1] < bonus:
            spans[(start, end)] = (phrase, bonus)

    for m in v.task_re.finditer(text):
        if _HEAD_AS_MODIFIER_RE.match(text, m.end(1)):
            continue  # "transfer learning", "transfer functions": the head is a modifier here
        kept, start = modifiers(text, m.start())
        if kept:
            add(start, m.end(1), " ".join([*kept, m.group(1)]), 0.0)
        elif m.group(1) in W.lone_heads and _LONE_HEAD_AFTER_RE.match(text, m.end(1)):
            add(m.start(1), m.end(1), m.group(1), 0.0)  # "a novel unlearning framework"
    # "the off-policy evaluation problem": the head is any noun right before
    for p in _PROBLEM_AFTER_RE.finditer(text):
        before = word_before(text, p.start())
        if before is None:
            continue
        word = before.group(1)
        if (
            not is_modifier(word)
            or word.lower() in W.problem_head_stop
            or word.lower().endswith(W.adjective_endings)
        ):
            continue
        kept, start = modifiers(text, before.start(1))
        if kept:
            add(start, before.end(1), " ".join([*kept, word]), 0.0)
        _conjuncts_before(v, text, start, before.end(1), " ".join([*kept, word]), add)
    # "the problem of rank aggregation", "the task of semantic labeling"
    for m in _PROBLEM_OF_RE.finditer(text):
        words: list[str] = []
        start = m.start(1)
        for w in m.group(1).split():
            if not words and w.lower() in W.task_stop and w.lower() not in W.problem_of_stop:
                start = text.index(w, start) + len(w) + 1  # "the task of generalizable [...]"
                continue
            if words and _ING_HEAD_RE.fullmatch(w) and w.lower() not in W.not_task_gerunds:
                words.append(w)  # "the task of paper cutting using scissors"
                break
            if not is_modifier(w) or w.lower() in W.problem_of_stop:
                break
            words.append(w)
        if not words or words[0].lower() in W.gerund_noun or any(w.endswith("-") for w in words):
            continue  # "the problem of clustering image patches": the gerund pattern's
        phrase = " ".join(words)
        nxt = _NEXT_WORD_RE.match(text[start + len(phrase) :])
        if nxt and nxt.group(1).lower() not in W.np_boundary | {"of"}:
            continue  # the noun phrase goes on
        if len(words) >= 2 or "-" in words[0]:
            add(start, start + len(phrase), phrase, 1.0)
    # "Estimating heterogeneous treatment effects is central to ...", "the problem of
    # estimating X", "we study learning X": the gerund's noun names the task
    for m in _GERUND_TASK_RE.finditer(text):
        noun = W.gerund_noun.get(m.group(1).lower())
        if noun is not None:
            _verb_object(text, m, noun, 1.0, add)
    # "the problem of teaching humanoid robots manipulation skills": the clause itself
    for m in _GERUND_PROBLEM_RE.finditer(text):
        verb = m.group(1)
        if verb in W.gerund_noun or verb in W.noun_ing or verb in W.not_task_gerunds:
            continue  # named by its noun above, a noun ("planning X"), or no task
        words = []
        for w in m.group(2).split():
            if (
                w.lower() in W.np_boundary
                or w.lower() == "of"
                or not (is_modifier(w) or is_head_noun(w))
            ):
                break
            words.append(w)
        if words:
            end = text.find(words[-1], m.start(2)) + len(words[-1])
            nxt = _NEXT_WORD_RE.match(text, end)
            if text[end : end + 1] in ("'", "\u2019") or (nxt and nxt.group(1).lower() == "of"):
                continue  # the object goes on: "maximizing the size [of X]", "feature''s"
            add(m.start(1), end, text[m.start(1) : end], 1.0)
    # "a method for training GANs with discrete data": training a kind of model
    for m in _TRAINING_RE.finditer(text):
        words = []
        for w in m.group(2).split():
            lw = w.lower()
            if (
                lw in W.np_boundary
                or lw == "of"
                or not (is_modifier(w) or is_head_noun(w) or _ACRONYM_RE.fullmatch(w))
            ):
                break
            words.append(w)
        if words and (words[-1].lower() in v.method_heads or _ACRONYM_RE.fullmatch(words[-1])):
            end = text.find(words[-1], m.start(2)) + len(words[-1])
            nxt = _NEXT_WORD_RE.match(text, end)
            if text[end : end + 1] in ("-", "'", "\u2019") or (
                nxt
                and text[end : end + 1] == " "
                and nxt.group(1).lower() not in W.np_boundary
                and (
                    is_modifier(nxt.group(1))
                    or nxt.group(1).lower() in v.method_heads
                    or nxt.group(1)[:1].isupper()
                )
            ):
                continue  # the noun phrase goes on: "training regression Support Vector Machines"
            add(m.start(1), end, text[m.start(1) : end], 1.0)
    # "an approach to training networks to generate sequences": "sequence generation"
    for m in _INFINITIVE_TASK_RE.finditer(text):
        _verb_object(text, m, W.infinitive_noun[m.group(1).lower()], 0.5, add)
    # "a phenomenon known as mode collapse", "a problem called catastrophic forgetting"
    for m in _KNOWN_AS_RE.finditer(text):
        words = []
        for w in m.group(1).split():
            lw = w.lower()
            if lw in W.np_boundary or lw in W.task_stop or lw in W.task_verbs or lw == "of":
                break
            if not w.islower() or not is_task_word(w):
                words = []
                break
            words.append(w)
        if 1 <= len(words) <= 4:
            phrase = " ".join(words)
            add(m.start(1), m.start(1) + len(phrase), phrase, 1.0)
    # "Matrix completion is a fundamental problem in ..."
    for sent in sents:
        subject = _IS_A_PROBLEM_RE.match(text, sent.start_char, sent.end_char)
        if subject:
            phrase = subject.group(1)
            words = phrase.split()
            if (
                all(is_modifier(w) or w == "of" for w in words[:-1])
                and (is_modifier(words[-1]) or is_head_noun(words[-1]))
                and words[0] != "of"
            ):
                add(subject.start(1), subject.end(1), phrase, 1.5)
    for sent in sents[:2]:  # in the opening, not a step of the method later on
        subject = _IS_KEY_RE.match(text, sent.start_char, sent.end_char)
        if subject is None:
            continue
        words = subject.group(1).split()
        np_words: list[str] = []
        for w in reversed(words):  # the noun phrase that ends the subject
            head_word = is_head_noun(w) or _ING_HEAD_RE.fullmatch(w.lower())
            if not (is_modifier(w) or (not np_words and head_word)):
                break
            np_words.insert(0, w)
        lead = [w.lower() for w in words[: len(words) - len(np_words)]]
        if len(np_words) >= 2 and all(w in W.task_stop or w in ("and", "the") for w in lead):
            end = subject.end(1)
            add(end - len(" ".join(np_words)), end, " ".join(np_words), 1.0)
    # "robustness to label noise": the property is the topic, named with what it is against
    for m in _ROBUST_TO_RE.finditer(text):
        if _PROPERTY_LIST_BEFORE_RE.search(text, max(0, m.start() - 40), m.start()):
            continue  # a property the method has, not the problem
        words, end = _leading_words(text, m, _robust_word)
        if words:
            add(m.start(), end, text[m.start() : end], 0.5)
    # "a framework for robot skill acquisition": what the method is for, whatever its head
    for m in _METHOD_FOR_NP_RE.finditer(text):
        words, end = _leading_words(text, m, _purpose_word)
        if (
            len(words) < 2
            or _ING_HEAD_RE.fullmatch(words[0].lower())
            or words[-1].lower() in W.problem_head_stop | {"research", "applications", "purposes"}
        ):
            continue  # "for learning X": a clause; "for robotics research": no problem
        nxt = _NEXT_WORD_RE.match(text, end)
        if text[end : end + 1] in ("-", "'", "\u2019") or (
            nxt and nxt.group(1).lower() not in W.np_boundary
        ):
            continue  # the noun phrase goes on
        add(m.start(1), end, text[m.start(1) : end], 0.0)
    for m in _LIST_AFTER_TASK_NOUN_RE.finditer(text):
        _items_after(v, text, m.end(), add)
    # "offline RL" when "reinforcement learning (RL)" is defined here
    for ab in abbrevs:
        if head(ab.long) not in v.task_heads or not ab.short.isupper():
            continue
        for m in re.finditer(r"(?<![\w\-(])" + re.escape(ab.short) + r"\b", text):
            kept, start = modifiers(text, m.start())
            if kept and m.start() != ab.short_start:
                add(start, m.end(), " ".join([*kept, ab.short]), 0.0)
    return [(s, e, phrase, bonus) for (s, e), (phrase, bonus) in spans.items()]


def _list_item(word: str) -> bool:
    """One word that may name a task in a list of them: a noun modifier or a gerund
    ("grasping, manipulation, and locomotion tasks")."""
    lw = word.lower()
    if lw in W.problem_head_stop or lw.endswith(W.adjective_endings):
        return False
    return is_modifier(word) or (
        bool(_ING_HEAD_RE.fullmatch(lw)) and lw not in W.not_task_gerunds and lw not in W.task_stop
    )


def _conjuncts_before(
    v: Vocab, text: str, start: int, end: int, last: str, add: Callable[..., None]
) -> None:
    """A list "A, B, and C tasks": each conjunct is a task as C is, one word only when it is
    a task head or a gerund in lower case ("on stacking, sorting and shelf stocking tasks"); the
    conjuncts rank after the phrases that name the task by a stronger cue."""

    def one_word_task(w: str) -> bool:
        lw = w.lower()
        return w.islower() and (lw in v.task_heads or bool(_ING_HEAD_RE.fullmatch(lw)))

    items: list[tuple[int, int, str]] = []
    pos = start
    while len(items) < 5:
        sep = _CONJ_BEFORE_RE.search(text, max(0, pos - 8), pos)
        if sep is None:
            break
        w = _LAST_WORD_RE.search(text, max(0, sep.start() - 40), sep.start())
        if w is None or not _list_item(w.group(1)):
            break
        kept, s = modifiers(text, w.start(1))
        if not kept and not one_word_task(w.group(1)):
            break
        items.append((s, w.end(1), " ".join([*kept, w.group(1)])))
        pos = s
    if not items:
        return
    if " " not in last and _list_item(last) and one_word_task(last):
        add(start, end, last, 0.0)  # the task noun after it scores it
    for s, e, phrase in items:
        add(s, e, phrase, 0.75)


def _items_after(v: Vocab, text: str, pos: int, add: Callable[..., None]) -> None:
    """The items of a list a task noun opens ("tasks: A and B", "problems, including A, B and
    C"), each a noun phrase of task words, one word only when it is a task head or a gerund in
    lower case; the list ends at the first item that is no such phrase."""
    for _ in range(6):
        enum = _ENUM_RE.match(text, pos)
        if enum:
            pos = enum.end()
        words: list[tuple[int, int, str]] = []
        for w in re.finditer(r"\s*([A-Za-z][\w\-]*)", text[pos : pos + 80]):
            if w.start() != (words[-1][1] - pos if words else 0):
                break
            word, lw = w.group(1), w.group(1).lower()
            if lw in W.np_boundary or lw in ("and", "or", "of"):
                break
            ok = (
                is_modifier(word)
                or is_head_noun(word)
                or (bool(_ING_HEAD_RE.fullmatch(lw)) and lw not in W.not_task_gerunds)
            )
            if not ok or lw in W.task_stop or lw in W.task_verbs:
                break
            words.append((pos + w.start(1), pos + w.end(1), word))
        if not words:
            return
        s, e = words[0][0], words[-1][1]
        phrase = text[s:e]
        lw = phrase.lower()
        if " " not in phrase and not (
            phrase.islower() and (lw in v.task_heads or _ING_HEAD_RE.fullmatch(lw))
        ):
            return
        if _ING_HEAD_RE.fullmatch(words[0][2].lower()) and len(words) > 1:
            return  # "predicting the X": a clause, not a noun phrase
        if re.match(r"\s+of\b", text[e : e + 4]):
            return  # the noun phrase goes on: "manipulation [of rigid objects]"
        nxt = _ITEM_SEP_RE.match(text, e)
        add(s, e, phrase, 0.75)
        if nxt is None or not nxt.group(0).strip():
            return
        pos = nxt.end()


def _verb_object(
    text: str, m: re.Match[str], noun: str, bonus: float, add: Callable[..., None]
) -> None:
    """The task a verb (group 1) names with its object (group 2): "estimating treatment
    effects" / "to estimate treatment effects" -> "treatment effect estimation"."""
    words = []
    for w in m.group(2).split():
        if w.lower() in W.task_stop or w.lower() in W.task_verbs:
            break
        if not is_modifier(w):
            if is_head_noun(w):
                words.append(singular(w))
            break
        words.append(w)
    if not words or any(len(w) < 2 or w.endswith("-") for w in words):
        return
    last = _WORD_CHARS_RE.match(text, text.find(words[-1][:-1], m.start(2)))
    end = last.end() if last else m.end(2)
    nxt = _NEXT_WORD_RE.match(text[end : end + 30])
    if text[end : end + 1] in ("'", "\u2019") or (
        nxt and nxt.group(1).lower() not in W.np_boundary
    ):
        return  # the noun phrase goes on: "learning [node] embeddings"
    add(m.start(1), end, " ".join([*words, noun]), bonus)


#: what the title's naming a phrase adds to its score: the title names the paper's problem
TITLE_BONUS = 0.75
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
        if _MEASURE_AFTER_RE.match(text, end):
            continue  # "detection rates", "parsing time": about the task, not the task
        if (
            _PARADIGM_HEAD_RE.fullmatch(phrase)
            and _METHOD_KIND_AFTER_RE.match(text, end)
            and not _OWN_KIND_BEFORE_RE.search(text, max(0, start - 150), start)
        ):
            continue  # "a Bayesian deep learning framework": the paradigm a method is of (but
            # "we propose a manifold learning algorithm", "Existing multi-agent reinforcement
            # learning methods are ...": the paper's own kind of method, the problem it is for)
        used = _USED_BEFORE_RE.search(text, max(0, start - 40), start)
        if used and (used.group(1) or _PARADIGM_HEAD_RE.fullmatch(phrase)):
            continue  # "leverages multi-agent reinforcement learning to train ...", "using
            # image segmentation as a pre-processing step": a tool, not the problem
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
        if name_key(phrase) in v.generic or name_key(_bare(phrase)) in v.fields:
            continue  # a bare field ("deep reinforcement learning") is the setting, no task
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
    ranked = sorted(
        ((e[0] + 0.6 * (e[3] - 1), *e[1:]) for e in scored.values()),
        key=lambda e: (e[5], fill is not None and e[4].lower() not in rule_keys, -e[0], e[1]),
    )
    out: list[dict[str, Any]] = []
    used: set[str] = set()
    sent_starts = [s.start_char for s in sents]
    for score, start, end, _n, phrase, purpose in ranked:
        if purpose and out:
            break
        if score < 1.0 or len(out) >= max_tasks:
            continue
        key = phrase.lower()
        if key not in rule_keys and (
            (fill is not None and len(out) >= fill)
            or (out and more_at is not None and model_p[key] < more_at)
        ):
            continue  # the model's phrase: a place the rules left, the second only when sure
        words = set(key.split())
        if any(len(words & set(u.split())) / len(words | set(u.split())) >= 0.5 for u in used):
            continue
        used.add(key)
        sent = sents[max(0, bisect.bisect_right(sent_starts, start) - 1)]
        out.append(
            {
                "name": phrase,
                "type": EntityType.TASK.value,
                "role": Role.ADDRESSES.value,
                "confidence": round(min(0.9, 0.4 + 0.15 * score), 2),
                "aliases": [],
                "start": start,
                "end": end,
                "sent_start": sent.start_char,
                "sent_end": sent.end_char,
            }
        )
    return out
