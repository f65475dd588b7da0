"""Task phrase candidates for :mod:`kg.extract.tasks`: a task head with its modifiers
("semantic image segmentation"), a noun phrase before "problem/task", after "the problem/task
of", the subject of "X is a fundamental problem", a gerund named by its noun ("estimating X" ->
"X estimation"), "learning to <verb> X" and "learning from X" as written, "bridge the sim-to-real
gap" (sim-to-real transfer), "a phenomenon known as X", and a defined task abbreviation as head
("offline RL").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from spacy.lang.en.stop_words import STOP_WORDS

from kg.extract.abbrev import Abbreviation
from kg.extract.spans import Sent
from kg.extract.words import (
    Vocab,
    W,
    head,
    is_head_noun,
    is_modifier,
    is_task_word,
    is_tech_modifier,
    modifiers,
    singular,
    word_before,
)

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

# where a clause names what the paper learns: opening a sentence, "we study/address ...", "the
# problem of", "an approach to", "a framework for"
_LEARNING_CUE = (
    r"(?:(?:^|(?<=[.!?]\s))|\b(?:problems? of|tasks? of|focus(?:es)? on|study|studies|"
    r"address|addresses|tackle|tackles|consider|considers|approach to|framework for|method for)"
    r"\s+)"
)

# "we study learning to grasp deformable objects", "Learning to plan in ... is hard": the
# skill to be learned, named as the clause says it
_LEARNING_TO_RE = re.compile(_LEARNING_CUE + r"([Ll]earning to\s+([a-z]{3,})\b)")

# "we address learning from noisy crowd-sourced labels", "an algorithm for learning from delayed
# rewards": what the learner learns from; not opening a sentence, where it is mostly the
# paradigm the paper starts from ("Learning from demonstration has proven effective in ...")
_LEARNING_FROM_RE = re.compile(
    r"\b(?:problems? of|tasks? of|challenges? of|focus(?:es)? on|study|studies|address|addresses|"
    r"tackle|tackles|consider|considers|(?:approach(?:es)?|frameworks?|methods?|algorithms?)"
    r" (?:to|for))\s+([Ll]earning from)\s"
)

# "we evade the task of learning to X": not what the paper does
_SIDESTEP_BEFORE_RE = re.compile(r"\b(?:evade|avoid|sidestep|bypass)\w*\s+(?:\w+\s+){0,3}$")

# "we bridge the sim-to-real gap", "To overcome the Sim2Real gap, ...": the paper works on
# sim-to-real transfer
_SIM_GAP_RE = re.compile(
    r"\b(?:bridg|address|overcom|reduc|clos|narrow|mitigat|minimi[sz]|calibrat|cross|tackl)\w*"
    r"\s+(?:(?:the|this|these|such)\s+)?(?:[a-z]+\s+)?"
    r"((?:[Ss]im(?:ulation)?-?(?:to|2)-?[Rr]eal(?:ity)?|[Rr]eality)[\s\-]gaps?|gaps? between "
    r"(?:the\s+)?(?:simulation|simulators?|sim) and (?:the\s+)?(?:real|reality)\b)"
)

# the paper's own sentence: "we ...", "our ...", "This design ...", "To bridge X, ..."
_OWN_SENT_RE = re.compile(
    r"^\s*To\s|\b(?:[Ww]e|[Oo]ur|[Tt]his (?:paper|work|design|approach|method|framework|"
    r"system)|propos\w+)\b"
)

_ACRONYM_RE = re.compile(r"[A-Z][A-Za-z]*[A-Z]s?")

_ING_HEAD_RE = re.compile(r"[a-z][a-z\-]+ing")

NEXT_WORD_RE = re.compile(r"\s*([A-Za-z(][\w\-:]*)")

_SPACED_WORD_RE = re.compile(r"\S+")

_WORD_CHARS_RE = re.compile(r"\w*")

# the separator before a list's conjunct: "A, B, and C tasks"
_CONJ_BEFORE_RE = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)$")

_LAST_WORD_RE = re.compile(r"(?<![\w\-])([A-Za-z][\w\-]*)$")

# "two downstream tasks: A and B", "NLP problems, including A, B and C": a list the task noun
# before it names as tasks
_LIST_AFTER_TASK_NOUN_RE = re.compile(
    r"\b(?:tasks|problems)\s*(?::|,?\s+(?:including|such as|namely|like)\b:?|,\s+e\.g\.,?)\s*"
)

_ITEM_SEP_RE = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+|as well as\s+)?|\s+(?:and|or|as well as)\s+)")

_COORD_AFTER_RE = re.compile(r"\s*(?:,|and\b|or\b)")
_LIST_WORD_RE = re.compile(r"[\s,]*([A-Za-z][\w\-]*)")

_ENUM_RE = re.compile(r"\s*\(?(?:\d|[ivx]{1,3}|[a-e])\)\s*")

#: (start, end, phrase, bonus) of one task phrase candidate
TaskSpan = tuple[int, int, str, float]


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
        nxt = NEXT_WORD_RE.match(text, m.end(1))
        if nxt and text[m.end(1) : m.end(1) + 1] == " " and nxt.group(1) in v.task_heads:
            continue  # "automatic control synthesis": read at the head that ends it
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
        nxt = NEXT_WORD_RE.match(text[start + len(phrase) :])
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
            nxt = NEXT_WORD_RE.match(text, end)
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
            nxt = NEXT_WORD_RE.match(text, end)
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
    # "we study learning to grasp deformable objects": "learning to grasp deformable objects"
    for m in _LEARNING_TO_RE.finditer(text):
        verb = m.group(2)
        if verb in W.task_stop or verb.endswith(("ing", "ed", "ly")):
            continue  # "learning to become ...": no skill named
        if _SIDESTEP_BEFORE_RE.search(text, max(0, m.start() - 60), m.start()):
            continue  # "we evade the task of learning to X": not what the paper does
        end = _learned_object(text, m.end(1))
        if end is None:
            continue  # the noun phrase goes on past what is read: "to produce contact-rich, ..."
        add(m.start(1), end, text[m.start(1) : end], 1.0)
    # "we address learning from noisy labels": "learning from noisy labels"
    for m in _LEARNING_FROM_RE.finditer(text):
        if _SIDESTEP_BEFORE_RE.search(text, max(0, m.start() - 60), m.start()):
            continue
        end = _learned_source(text, m.end(1))
        if end is not None:
            add(m.start(1), end, text[m.start(1) : end], 1.0)
    # "To overcome the sim-to-real gap, we ...": "sim-to-real transfer"
    for m in _SIM_GAP_RE.finditer(text):
        sent = next((x for x in sents if x.start_char <= m.start() < x.end_char), None)
        if sent is None or not _OWN_SENT_RE.search(text[sent.start_char : m.start()]):
            continue  # "... is challenging due to the sim-to-real gap": someone else's
        name = "sim2real" if "2" in m.group(1) else "sim-to-real"
        add(m.start(1), m.end(1), f"{name} transfer", 1.0)
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
        nxt = NEXT_WORD_RE.match(text, end)
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


def _learned_object(text: str, end: int) -> int | None:
    """Where "learning to <verb>" ends with what it acts on: its object ("to grasp deformable
    objects"), an "of" after it ("to select a set of items") or, with no object, one
    prepositional phrase ("to interact with tree branches"); None when that noun phrase goes on
    past four words or into a comma, or the verb has a second one ("to detect and track X")."""
    preps = ("with", "over", "between", "from", "across", "among")
    words = 0
    after_prep = False
    pos = end
    while True:
        nxt = NEXT_WORD_RE.match(text, pos)
        w = nxt.group(1) if nxt else ""
        lw = w.lower()
        if nxt and (lw in ("the", "a", "an") or (lw in W.task_stop and lw not in STOP_WORDS)):
            pos = nxt.end()  # "to attain multiple goals": a vague word inside the object
            continue
        if nxt and (is_modifier(w) or is_head_noun(w)):
            if words >= 4:
                return None
            words += 1
            pos = end = nxt.end()
            continue
        if text[end : end + 1] in ("-", "'", "\u2019", ","):
            return None
        if lw == "of" and words and not after_prep:
            after_prep, words, pos = True, 0, nxt.end()
            continue
        if lw in preps and not words and not after_prep:
            after_prep, pos = True, nxt.end()
            continue
        if not words and (after_prep or (nxt and lw not in W.np_boundary) or lw in ("and", "or")):
            return None  # "to produce fast, dynamic gaits", "to detect and localize": not read
        return end


def _learned_source(text: str, end: int) -> int | None:
    """Where "learning from" ends with what is learned from: a noun phrase of up to five words
    ("from noisy crowd-sourced labels"), two joined by "and/or" ("from sparse and
    underspecified rewards", "from demonstrations and language feedback") or with an "of"
    phrase after it; None when it is no such phrase ("from scratch", "from such oracles") or
    goes on past what is read ("from data collected by ...")."""
    first = _source_phrase(text, end, 5)
    if first is None:
        return None
    end, n = first
    nxt = NEXT_WORD_RE.match(text, end)
    lw = nxt.group(1).lower() if nxt else ""
    if lw in ("and", "or", "of"):
        more = _source_phrase(text, nxt.end(), 5 - n)  # type: ignore[union-attr]
        if more is None and lw == "of":
            return None  # "from demonstrations of the ...": not read
        if more is not None:
            end = more[0]
            nxt = NEXT_WORD_RE.match(text, end)
    if not _noun_word(_LAST_WORD_RE.search(text, max(0, end - 60), end).group(1).lower()):  # type: ignore[union-attr]
        return None  # "from sparse": the adjective of a noun not read
    if text[end : end + 1] in ("-", "'", "\u2019"):
        return None
    if (
        nxt
        and text[end : end + 1] == " "
        and nxt.group(1).lower() not in W.np_boundary
        and not nxt.group(1).startswith("(")
    ):
        return None  # the clause goes on: "from multiple annotators took ..."
    return end


def _source_phrase(text: str, pos: int, most: int) -> tuple[int, int] | None:
    """(end, words) of the noun phrase at ``pos``: words that can stand in a task phrase, an
    article or vague word before or inside them skipped ("from multiple annotators"), ended by
    a plural ("from demonstrations"); None when there is none or it is longer than ``most``."""
    words = 0
    end = pos
    while True:
        nxt = NEXT_WORD_RE.match(text, pos)
        if nxt is None:
            break
        w = nxt.group(1)
        lw = w.lower()
        if (not words and lw in ("the", "a", "an")) or (lw in W.task_stop and lw not in STOP_WORDS):
            pos = nxt.end()
            continue
        if lw in W.np_boundary or not (is_modifier(w) or is_head_noun(w) or is_tech_modifier(w)):
            break
        if lw in W.not_learned_from:
            return None
        words += 1
        pos = end = nxt.end()
        if is_head_noun(w) and not is_modifier(w):
            break  # a plural ends the noun phrase
    if not words or words > most:
        return None
    return end, words


def _noun_word(lw: str) -> bool:
    """A word that can end a noun phrase: a plural, or a modifier that is no adjective nor
    -ed form ("feedback", "data", "demonstration"; not "long-tailed")."""
    return is_head_noun(lw) or (
        is_modifier(lw) and not lw.endswith(W.adjective_endings) and not lw.endswith("ed")
    )


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


def _shared_noun_after(text: str, end: int) -> bool:
    """The word before ``end`` is one of joined modifiers whose noun comes later: "safe [and
    efficient plans]", "minimal[, stable, and symbolic corrections]" (a plural noun within five
    words after "and", "or" or a comma); not "depth [and row-wise pose] from", whose own noun
    is singular, nor a list's next item after "the" or a verb."""
    coord = _COORD_AFTER_RE.match(text, end)
    if coord is None:
        return False
    pos = coord.end()
    for _ in range(5):
        nxt = _LIST_WORD_RE.match(text, pos)
        if nxt is None:
            return False
        w, lw = nxt.group(1), nxt.group(1).lower()
        if lw in W.np_boundary - {"and", "or"} or lw in W.task_verbs or lw in ("the", "a", "of"):
            return False
        if is_head_noun(w) and not is_modifier(w):
            return True
        pos = nxt.end()
    return False


def _verb_object(
    text: str, m: re.Match[str], noun: str, bonus: float, add: Callable[..., None]
) -> None:
    """The task a verb (group 1) names with its object (group 2): "estimating treatment
    effects" / "to estimate treatment effects" -> "treatment effect estimation"."""
    words = []
    plural = False  # the object ends with its own plural noun
    for w in m.group(2).split():
        if w.lower() in W.task_stop or w.lower() in W.task_verbs:
            break
        if not is_modifier(w):
            plural = is_head_noun(w)
            if plural:
                words.append(singular(w))
            break
        words.append(w)
    if not words or any(len(w) < 2 or w.endswith("-") for w in words):
        return
    last = _WORD_CHARS_RE.match(text, text.find(words[-1][:-1], m.start(2)))
    end = last.end() if last else m.end(2)
    if not plural and _shared_noun_after(text, end):
        return  # "to generate safe and efficient plans", "to predict rare or unseen words"
    nxt = NEXT_WORD_RE.match(text[end : end + 30])
    if text[end : end + 1] in ("'", "\u2019") or (
        nxt and nxt.group(1).lower() not in W.np_boundary
    ):
        return  # the noun phrase goes on: "learning [node] embeddings"
    add(m.start(1), end, " ".join([*words, noun]), bonus)
