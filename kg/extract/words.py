"""Word classes the extraction rules share: the word lists of ``data/words.json`` and the
predicates built on them ("can this word stand inside a task phrase?"), plus :class:`Vocab`, the
per-pipeline knowledge (head nouns, generic names, metrics, gazetteer labels) every stage reads.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from functools import cache

from spacy.lang.en.stop_words import STOP_WORDS

from kg.extract.resources import (
    case_key,
    generic_keys,
    generic_shapes,
    heads,
    metric_keys,
    name_key,
    with_british,
    word_data,
)
from kg.model import EntityType


@dataclass(frozen=True, slots=True)
class Words:
    """The lists of ``data/words.json`` (see the "why" of each entry there)."""

    method_cue_words: frozenset[str]
    leading_stop: frozenset[str]  # with spaCy's stop words
    task_stop: frozenset[str]  # with spaCy's stop words
    task_verbs: frozenset[str]
    noun_ing: frozenset[str]
    noun_ly: frozenset[str]
    not_task_gerunds: frozenset[str]
    not_learned_from: frozenset[str]
    not_proposed_heads: frozenset[str]
    descriptive_heads: frozenset[str]
    not_method_heads: frozenset[str]
    math_nouns: frozenset[str]
    method_bounds: tuple[str, ...]
    hardware_heads: frozenset[str]
    benchmark_nouns: frozenset[str]
    made_system_nouns: frozenset[str]
    simulation_systems: frozenset[str]
    model_family_tails: frozenset[str]
    weak_compare: tuple[str, ...]
    problem_head_stop: frozenset[str]
    problem_of_stop: frozenset[str]  # problem_head_stop without the task nouns
    task_nouns: frozenset[str]  # nouns that say too little before "problem": "optimization"
    lone_heads: frozenset[str]
    adjective_endings: tuple[str, ...]
    adjective_nouns: frozenset[str]
    net_shape_words: frozenset[str]
    np_boundary: frozenset[str]
    name_inner: frozenset[str]
    noun_before: frozenset[str]
    not_task_heads: frozenset[str]
    verb_subjects: frozenset[str]
    vague_compounds: frozenset[str]
    tech_cues: frozenset[str]
    list_cues: frozenset[str]
    vague_first: frozenset[str]
    sampling_manners: frozenset[str]
    name_suffixes: tuple[str, ...]
    eponym_heads: tuple[str, ...]
    eponym_heads_inside: tuple[str, ...]
    tech_heads: tuple[str, ...]
    modified_tech_heads: tuple[str, ...]
    variant_words: frozenset[str]
    use_verbs: tuple[str, ...]
    loss_kinds: tuple[str, ...]
    method_verbs: frozenset[str]
    organisation_words: frozenset[str]
    technique_cues: tuple[str, ...]
    technique_kinds: tuple[str, ...]
    technique_ends: frozenset[str]
    defined_heads: frozenset[str]
    broad_method_heads: frozenset[str]
    role_words: frozenset[str]
    substrate_words: frozenset[str]
    languages: frozenset[str]
    task_fields: frozenset[str]
    problem_fields: frozenset[str]
    broad_areas: frozenset[str]
    lone_not_methods: frozenset[str]
    lone_method_nouns: frozenset[str]
    lone_list_kinds: frozenset[str]
    gerund_noun: Mapping[str, str]
    infinitive_noun: Mapping[str, str]


@cache
def words() -> Words:
    """Each field from the list of the same name in ``words.json`` (a tuple where the field is
    one, else a frozenset; the two maps as dicts), then the three derived sets."""
    raw = word_data()
    values: dict[str, object] = {}
    for f in fields(Words):
        entry = raw.get(f.name)
        if entry is None:
            continue  # derived below
        if "map" in entry:
            values[f.name] = dict(entry["map"])
        else:
            kind = tuple if str(f.type).startswith("tuple") else frozenset
            values[f.name] = kind(with_british(str(w) for w in entry["words"]))
    stop = frozenset(STOP_WORDS)
    leading, task = raw["leading_stop"]["words"], raw["task_stop"]["words"]
    values["leading_stop"] = stop | frozenset(map(str, leading))
    values["task_stop"] = stop | frozenset(map(str, task))
    task_nouns = frozenset(str(w) for w in raw["task_nouns"]["words"])
    values["problem_of_stop"] = values["problem_head_stop"] - task_nouns  # type: ignore[operator]
    return Words(**values)  # type: ignore[arg-type]


W = words()


def alternation(items: tuple[str, ...] | frozenset[str]) -> str:
    """A regex group matching any of ``items`` as written, longest first."""
    return "(?:" + "|".join(re.escape(w) for w in sorted(items, key=lambda w: (-len(w), w))) + ")"


_TASK_WORD_RE = re.compile(r"[A-Za-z0-9][\w\-]*")
_DIGITS_RE = re.compile(r"\d+")


def is_modifier(w: str) -> bool:
    """A word that can stand inside a task noun phrase."""
    lw = w.lower()
    if (
        lw in W.task_stop
        or lw in W.task_verbs
        or (lw.endswith("ly") and lw not in W.noun_ly)
        or not _TASK_WORD_RE.fullmatch(w)
    ):
        return False
    if lw.endswith("s") and not lw.endswith(("ss", "ics", "series", "sis", "ous")):
        return False  # "scales inference": a verb or a plural, not a modifier
    if _DIGITS_RE.fullmatch(w):
        return False
    return not (lw.endswith(("ing", "ed")) and "-" not in lw and lw not in W.noun_ing)


def is_tech_modifier(w: str) -> bool:
    """A word inside a technique name: a task-phrase modifier, or an -ed adjective ("dilated
    attention", "weighted regression") that is not a vague or verb-like word."""
    lw = w.lower()
    return is_modifier(w) or (
        lw.endswith("ed") and len(lw) > 4 and lw not in W.task_stop and lw not in W.task_verbs
    )


def is_head_noun(w: str) -> bool:
    """A plural noun can end a phrase ("prediction of reaction outcomes")."""
    lw = w.lower()
    return (
        lw.endswith("s")
        and is_modifier(lw[:-1])
        and lw not in W.task_stop
        and lw not in W.task_verbs
    )


def is_task_word(w: str) -> bool:
    return bool(_TASK_WORD_RE.fullmatch(w))


def singular(w: str) -> str:
    """matrices -> matrix, vertices -> vertex, patches -> patch, probabilities -> probability,
    effects -> effect; prices -> price, devices -> device (-ices is Latin only after t/d/pl)."""
    lw = w.lower()
    if lw.endswith(("trices", "appendices")):
        return w[:-4] + "ix"
    if lw.endswith(("tices", "dices", "plices")):
        return w[:-4] + "ex"
    if lw.endswith("ies"):
        return w[:-3] + "y"
    if lw.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    return w[:-1] if lw.endswith("s") and not lw.endswith("ss") else w


def head(phrase: str) -> str:
    """The last word of a phrase, lower case, after its last hyphen: "Kernel-Regression" ->
    "regression"."""
    return phrase.rsplit(" ", 1)[-1].lower().rsplit("-", 1)[-1] if phrase else ""


def math_object(phrase: str) -> bool:
    """Whether a phrase names a mathematical object or hardware by its head ("Central Limit
    Theorem", "regret bound"), not a bound that names an algorithm ("Gaussian process
    upper-confidence bound")."""
    return head(phrase) in W.not_method_heads and not (
        phrase.lower().replace("-", " ").endswith(W.method_bounds)
    )


def family(key: str) -> str | None:
    """The family of a versioned name key: "gpt4o" -> "gpt", "llama318b" -> "llama"."""
    m = re.match(r"([a-z]{3,})\d", key)
    return m.group(1) if m else None


#: where a phrase's head ends: "posterior sampling| for reinforcement learning"
_FOR_RE = re.compile(r"\sfor\s")
#: a name with a capital after its first letter, a hyphen and a number: "LeNet-5"
_NUMBERED_RE = re.compile(r"([A-Za-z][a-z]*[A-Z][A-Za-z]*)-\d+")


_PAIR_SPLIT_RE = re.compile(r"[\-\u2013/\s>\u2192]+|(?<=-)to(?=-)")


def languages_only(name: str) -> bool:
    """A language or a pair of them ("English", "German-to-English", "English -> German"; not
    "En-De"): a language or a translation direction, no method or data name."""
    parts = [p for p in _PAIR_SPLIT_RE.split(name.lower()) if p]
    return bool(parts) and all(p in W.languages for p in parts)


# a citation after a name: "Foo et al.", "Foo (2019)", "Foo and Bar (2018)", "Foo & Bar, 1989"
# (not a name with its edition before a data noun: "on both FCE and CoNLL 2014 datasets")
CITATION_AFTER_RE = re.compile(
    r"\s*(?:et al\b|\(?(?:19|20)\d\d\b|,\s*(?:19|20)\d\d)"
    r"|\s+(?:and|&)\s+[A-Z][a-z][\w\-']*(?:\s+et\s+al\.?)?\s*[(\[,]?\s*(?:19|20)\d\d\b"
    r"(?!\s+(?:[\w\-]+\s+)?(?:data|datasets?|data\s+sets?|corpus|corpora|benchmarks?|shared)\b)"
)
YEAR_AFTER_RE = re.compile(r"\s*(?:19|20)\d\d")
# between the two languages of a translation pair written apart ("English->German", "English
# → German", "English – German") or two pairs ("German-English/English-German")
_PAIR_JOIN_RE = re.compile(r"\s*(?:->|\u2192|/)\s*|\s[\-\u2013\u2014]\s")


def language_pair(text: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Two words of `text` are one translation pair written apart: "WMT'15 English->German",
    "WMT 2016 English – Romanian" name one dataset."""
    return bool(_PAIR_JOIN_RE.fullmatch(text, first[1], second[0])) and languages_only(
        text[first[0] : first[1]] + " " + text[second[0] : second[1]]
    )


def data_type(noun: str) -> EntityType:
    """What a data noun makes a name: "... benchmark(s)" a Benchmark, any other a Dataset."""
    return EntityType.BENCHMARK if "bench" in noun.lower() else EntityType.DATASET


def _prefix_family(name: str) -> str | None:
    """The family a hyphenated name's first part names: "GPT-4o", "Llama-3-8B", "LLaVA-NeXT";
    not a phrase, and a plain word only before a version ("Human-Human Commensality Dataset",
    "Node-wise" name no family)."""
    prefix, hyphen, rest = name.partition("-")
    if not hyphen or " " in name or not (rest[:1].isdigit() or not prefix[1:].islower()):
        return None
    return name_key(prefix)


_WORD_BEFORE_RE = re.compile(r"(?<![\w\-])([A-Za-z][\w\-]*)\s$")
_PAREN_SHORT_RE = re.compile(r"\([^()\s]{1,12}\)")
#: a naming cue that says the name is a common one: "so-called X", "the so called 'X'"
#: words that say a method exists already (someone else's, not the paper's), as a regex
#: alternation: "a popular algorithm, X", "a widely-used method called X"
EXISTING_WORDS = (
    r"popular|existing|classical|classic|standard|well-known|widely|conventional|traditional"
)
SO_CALLED_RE = re.compile(r"\b[Ss]o[\s\-]called$")
_BROKEN_WORD_RE = re.compile(r"(?:-|\(cid:\d+\))\s$")


def word_before(text: str, pos: int, reach: int = 40) -> re.Match[str] | None:
    """The word right before ``pos`` (one space between), as group 1."""
    return _WORD_BEFORE_RE.search(text, max(0, pos - reach), pos)


def modifiers(text: str, pos: int) -> tuple[list[str], int]:
    """The noun-modifier words right before `pos` (at most three) and where they start:
    "... improve [text-to-image] (T2I) generation" -> ["text-to-image"]."""
    mods = text[max(0, pos - 60) : pos].split()[-4:]
    if mods and _PAREN_SHORT_RE.fullmatch(mods[-1]):
        mods.pop()  # "text-to-image (T2I) generation"
    if pos >= 60 and mods:
        mods = mods[1:] if len(mods) == 4 else mods  # the first may be cut
    mods = mods[-3:]
    if not mods or text[pos - 1 : pos] != " ":
        return [], pos
    kept: list[str] = []
    for w in reversed(mods):
        if not is_modifier(w) and not (w.lower() == "time" and kept[:1] == ["series"]):
            break  # ("time series" is one noun)
        kept.insert(0, w)
    if not kept:
        return [], pos
    start = text.rfind(kept[0], max(0, pos - 60), pos)
    while kept:
        before = word_before(text, start)
        lw = before.group(1).lower() if before else ""
        if lw in W.verb_subjects or f"{lw} {kept[0].lower()}" in W.vague_compounds:
            drop = 1  # "can we [push] imitation learning", "large [scale] regression"
        elif " ".join(kept[:2]).lower() in W.vague_compounds:
            drop = 2  # "[real world] image labeling"
        else:
            break
        start = text.find(kept[drop - 1], start) + len(kept[drop - 1])
        kept = kept[drop:]
        if kept:
            start = text.find(kept[0], start)
    if not kept:
        return [], pos
    if _BROKEN_WORD_RE.search(text[max(0, start - 12) : start]):
        return [], pos  # "maxi- mum clique", "maxi(cid:173) mum": a word broken at a line end
    return kept, start


_INNER_CAPITAL_RE = re.compile(r"[a-z][A-Z]")


def _case_variants(
    gazetteer: Mapping[str, EntityType],
    cased: Mapping[str, EntityType],
    hints: Mapping[str, EntityType],
) -> dict[str, EntityType]:
    """name_key -> label of the dataset and benchmark names matched only as written that have
    an inner capital after a small letter ("ImageNet", "CelebA", "miniImageNet"), unless the
    key is known in any case or as a hint."""
    hinted = {name_key(k) for k in hints}
    out: dict[str, EntityType] = {}
    for k, label in cased.items():
        if label in (EntityType.DATASET, EntityType.BENCHMARK) and _INNER_CAPITAL_RE.search(k):
            key = name_key(k)
            if key not in gazetteer and key not in hinted:
                out.setdefault(key, label)
    return out


@dataclass(frozen=True, slots=True)
class Vocab:
    """What one pipeline knows: head nouns that type a phrase, generic names and metrics (never
    entities), and the gazetteer's label of each name key with the families of versioned names."""

    method_heads: frozenset[str]
    data_heads: frozenset[str]
    task_heads: frozenset[str]
    fields: frozenset[str]  # name keys of research fields ("reinforcement learning")
    generic: frozenset[str]
    metrics: frozenset[str]
    method_cues: frozenset[str]  # method cue words and method heads
    task_re: re.Pattern[str]
    gazetteer: Mapping[str, EntityType]  # name_key -> label, names known in any case
    cased: Mapping[str, EntityType]  # case_key -> label, names known as written
    families: Mapping[str, EntityType]  # "gpt" -> Method: a family with one type
    hints: Mapping[str, EntityType]  # case_key -> label, for what context makes an entity
    # name_key -> label of the data names known only as written in CamelCase ("ImageNet",
    # "CelebA"): "Imagenet", "mini-imagenet" are those names only where context says data
    variants: Mapping[str, EntityType] = field(default_factory=dict)
    generic_shapes: tuple[frozenset[str], frozenset[str]] = (frozenset(), frozenset())

    @classmethod
    def build(
        cls,
        gazetteer: Mapping[str, EntityType],
        cased: Mapping[str, EntityType] | None = None,
        hints: Mapping[str, EntityType] | None = None,
        curated: Mapping[str, EntityType] | None = None,
    ) -> Vocab:
        """``curated``: the hand-picked names whose versions make the families (all names
        when not given)."""
        h = heads()
        task_alt = "|".join(sorted((re.escape(w) for w in h["task"]), key=len, reverse=True))
        labels: dict[str, set[EntityType]] = {}
        cased = cased or {}
        if curated is None:
            curated = {**gazetteer, **{name_key(k): t for k, t in cased.items()}}
        for key, label in curated.items():
            fam = family(key)
            if fam:
                labels.setdefault(fam, set()).add(label)
        return cls(
            method_heads=h["method"],
            data_heads=h["data"],
            task_heads=h["task"],
            fields=frozenset(name_key(f) for f in h["field"]),
            generic=generic_keys(),
            metrics=metric_keys(),
            method_cues=W.method_cue_words | h["method"],
            task_re=re.compile(r"(?<![\w\-])(" + task_alt + r")\b", re.I),
            gazetteer=gazetteer,
            cased=cased or {},
            families={f: next(iter(t)) for f, t in labels.items() if len(t) == 1},
            hints=hints or {},
            variants=_case_variants(gazetteer, cased, hints or {}),
            generic_shapes=generic_shapes(),
        )

    def is_generic(self, text: str) -> bool:
        """A generic name as written: its key is generic, and a hyphen or capitals do not make
        it another name ("RT-X" is no "RTX", "DBM" no "dBm")."""
        key = name_key(text)
        solid, lower = self.generic_shapes
        return key in self.generic and not (
            (key in solid and ("-" in text.strip("-") or "\u2013" in text))
            or (key in lower and text.isupper())
        )

    def known_label(self, text: str) -> EntityType | None:
        """The gazetteer's label of a name, else that of its versioned family ("GPT-5" is a
        Method because GPT-2 and GPT-4o are)."""
        key = name_key(text)
        return (
            self.cased.get(case_key(text))
            or self.gazetteer.get(key)
            or self.families.get(family(key) or "")
            or self.families.get(_prefix_family(text) or "")
            or self._numbered_label(text)
        )

    def _numbered_label(self, text: str) -> EntityType | None:
        """A name the lists know as written, numbered: "LeNet-5", "ResNeXt-101" (a name with a
        capital inside, so that "Table-1" and "Phase-2" are no names)."""
        m = _NUMBERED_RE.fullmatch(text)
        return self.cased.get(case_key(m.group(1))) if m else None

    def type_from_head(self, phrase: str) -> EntityType | None:
        """The type a phrase's head noun gives it: "...Optimization" -> Method,
        "...benchmark" -> Benchmark, "...detection" -> Task; fields are untyped. "A for B" is a
        method when A is: "posterior sampling for reinforcement learning"."""
        if (prep := _FOR_RE.search(phrase)) and (
            self.type_from_head(phrase[: prep.start()]) is EntityType.METHOD
        ):
            return EntityType.METHOD
        last = head(phrase)
        full = phrase.lower()
        if last in self.data_heads or full.endswith("data set"):
            return data_type(full)
        if name_key(phrase) in self.fields:
            return None
        if last in ("problem", "problems"):
            return EntityType.TASK  # "minimal labeling problem (MLP)"
        if last in self.method_heads:
            titled = sum(w[:1].isupper() for w in phrase.split()) >= max(1, len(phrase.split()) - 1)
            if titled or last not in self.task_heads:
                return EntityType.METHOD
            return EntityType.TASK
        if last in self.task_heads:
            return EntityType.TASK
        return None
