"""One entity per real thing: keys decided per paper, names and types over all papers.

Which entity a mention is (its *key*) depends only on its own paper and the name lists, so a
graph grown listing by listing holds the same entities as one built at once:

* a user alias rule wins (``--aliases``: merge into a canonical name, or keep apart);
* a defined abbreviation is its paper's long form ("Direct Preference Optimization (DPO)"):
  the long form's concept when the lists know it, else the short form's concept when the lists
  know the short form but do not spell it out ("DPO" alone), else the long form itself — so one
  abbreviation with two long forms (SC = spectral clustering, SC = synthetic control) is two
  entities;
* any other name is its concept (:mod:`kg.extract.concepts`: SGD ≙ stochastic gradient descent,
  GPs ≙ Gaussian process) or its own :func:`~kg.model.entity_key` (case, hyphens, a plural do
  not count).

What depends on all papers is decided by :func:`consolidate` from what each paper says: the
entity's type (the confidence-weighted majority of the papers' types), its display name (the
spelling most papers use, in the prevailing case style) and its aliases (every other spelling).
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz

from kg.errors import InputError
from kg.extract.concepts import Concepts
from kg.extract.resources import name_key
from kg.model import EntityType, Role, entity_key

_TYPES = {t.value.lower(): t for t in EntityType}
_NAMED_KIND_RE = re.compile(r"(.+?)[\s-]+(?:algorithms?|methods?)")
#: kind nouns the lists write after a data name ("Atari games", "the KITTI benchmark")
_DATA_KINDS = ("games", "benchmark", "benchmarks", "dataset", "environment", "suite")
_ROLE_RANK = {Role.PROPOSED: 3, Role.EVALUATED_ON: 2, Role.USES: 1, Role.ADDRESSES: 1}
#: tie-break of the type vote
_TYPE_ORDER = list(EntityType)


@dataclass(frozen=True, slots=True)
class AliasRule:
    alias: str
    canonical: str | None  # None: keep this name apart (a split)
    type: EntityType | None = None


def read_aliases(path: Path) -> list[AliasRule]:
    """Read the alias CSV: ``alias,canonical,type`` (header optional, '#' comments).

    An empty ``canonical`` keeps ``alias`` apart from any long form it would otherwise merge
    with; ``type`` (optional) forces the entity's type.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read alias file {path}: {exc.strerror}") from exc
    rules = []
    for number, row in enumerate(csv.reader(text.splitlines()), 1):
        if not row or not row[0].strip() or row[0].lstrip().startswith("#"):
            continue
        if number == 1 and row[0].strip().lower() == "alias":
            continue
        alias = row[0].strip()
        canonical = row[1].strip() if len(row) > 1 and row[1].strip() else None
        type_text = row[2].strip().lower() if len(row) > 2 else ""
        if type_text and type_text not in _TYPES:
            raise InputError(
                f"{path}:{number}: unknown type {row[2].strip()!r}; "
                f"use one of {', '.join(t.value for t in EntityType)}"
            )
        rules.append(AliasRule(alias, canonical, _TYPES.get(type_text)))
    return rules


# --- per paper ----------------------------------------------------------------------------


def paper_entities(
    mentions: Iterable[dict[str, Any]], concepts: Concepts, rules: Sequence[AliasRule] = ()
) -> list[dict[str, Any]]:
    """The entities of one paper: its mentions (dicts from ``kg_entities``) grouped by key,
    each the best mention (strongest role, then highest confidence) with ``key``,
    ``spellings`` (the paper's own name first) and the paper's ``type`` and ``role``."""
    forced = {name_key(r.alias): r for r in rules}
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for m in mentions:
        short, long = m.get("short") or m["name"], m.get("long")
        # "classiﬁcation": a PDF's ligature is no other spelling
        names = [unicodedata.normalize("NFKC", n) for n in (m["name"], *m["aliases"])]
        rule = next((forced[name_key(n)] for n in names if name_key(n) in forced), None)
        if rule is not None and rule.canonical is None:  # a split: the name alone
            long, names = None, [next(n for n in names if name_key(n) in forced)]
        if rule is not None and rule.canonical:
            key = entity_key(rule.canonical)
            names = [rule.canonical, *names]
        elif long:
            key = _key_of_definition(short, long, concepts)
        else:
            key = (
                concepts.key_of(m["name"])
                or _key_of_data_stem(m, concepts)
                or _key_of_named_kind(m, concepts)
            )
        m = {**m, "spellings": names}
        if rule is not None and rule.type is not None:
            m["type"] = rule.type.value
        groups[key].append(m)
    out = []
    for key, ms in groups.items():
        best = max(ms, key=lambda m: (_ROLE_RANK[Role(m["role"])], m["confidence"], -m["start"]))
        weight: Counter[str] = Counter()
        for m in ms:
            weight[m["type"]] += m["confidence"]
        spellings = list(dict.fromkeys(s for m in [best, *ms] for s in m["spellings"]))
        # a name the lists know as this entity goes first ("CARLA", not the words around it)
        spellings.sort(key=lambda s: concepts.key_of(s) != key)
        out.append(
            {
                **best,
                "key": key,
                "spellings": spellings,
                # what the paper says its own thing is ("a novel prediction framework called
                # PRIME"), however its other mentions read (a data name the lexicon knows)
                "type": best["type"]
                if best.get("own_kind")
                else max(weight, key=lambda t: (weight[t], -_TYPE_ORDER.index(EntityType(t)))),
                "confidence": max(m["confidence"] for m in ms),
            }
        )
    return out


def _key_of_data_stem(m: dict[str, Any], concepts: Concepts) -> str | None:
    """A data name the lists know only with a kind noun after it is that entry: "Atari" is the
    lists' "Atari games" (the Arcade Learning Environment), not an entity of its own."""
    if m["type"] not in (EntityType.DATASET.value, EntityType.BENCHMARK.value):
        return None
    for kind in _DATA_KINDS:
        name = f"{m['name']} {kind}"
        if concepts.type_of(name) in (EntityType.DATASET, EntityType.BENCHMARK):
            return concepts.key_of(name)
    return None


def _key_of_named_kind(m: dict[str, Any], concepts: Concepts) -> str:
    """A name and a generic kind after it is the name: "Frank-Wolfe algorithm" is Frank-Wolfe,
    "K-means algorithm" k-means — when the name before the kind is a name of the lists, or mixed
    case with an inner capital (not "Bayesian"; an unknown acronym alone may mean other things
    in other papers, "PC algorithm" stays itself)."""
    named = _NAMED_KIND_RE.fullmatch(m["name"])
    if m["type"] == EntityType.METHOD.value and named:
        stem = named.group(1)
        known = concepts.key_of(stem)
        if known:
            return known
        if any(ch.isupper() for ch in stem[1:]) and not stem.istitle() and not stem.isupper():
            return entity_key(stem)
    return entity_key(m["name"])


def _key_of_definition(short: str, long: str, concepts: Concepts) -> str:
    """The key of an abbreviation defined in the paper (see the module docstring)."""
    known = concepts.key_of(long)
    if known:
        return known
    by_short = concepts.key_of(short)
    if by_short and by_short not in concepts.spelled_out:
        return by_short  # "DPO" is known, "Direct Preference Optimization" is how it is spelled
    if by_short and fuzz.ratio(entity_key(long), by_short) >= 90:
        return by_short  # "Aracade Learning Environment (ALE)": a typo, not another meaning
    return entity_key(long)


# --- over papers ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entity:
    """What all papers together say about one entity."""

    type: EntityType
    name: str
    aliases: tuple[str, ...]


#: one paper's word on one entity: (key, the paper's type, confidence, spellings)
Vote = tuple[str, EntityType, float, Sequence[str]]


def consolidate(votes: Iterable[Vote]) -> dict[str, Entity]:
    """The type, display name and aliases of every key from the papers' votes: a paper counts
    once per entity, whatever the order the papers come in."""
    weights: dict[str, dict[EntityType, float]] = defaultdict(lambda: defaultdict(float))
    spelled: dict[str, Counter[str]] = defaultdict(Counter)
    for key, type_, confidence, spellings in votes:
        weights[key][type_] += confidence
        spelled[key][spellings[0]] += 1
        for s in spellings[1:]:
            spelled[key][s] += 0  # known, but no vote for the display name
    out = {}
    for key, counts in spelled.items():
        w = weights[key]
        type_ = min(w, key=lambda t: (-round(w[t], 6), _TYPE_ORDER.index(t)))
        name = _display_name(counts, type_)
        aliases = sorted({s for s in counts if name_key(s) != name_key(name)})
        out[key] = Entity(type_, name, tuple(aliases))
    return out


def final_role(role: Role, type_: EntityType) -> Role:
    """The role a paper's mention takes once the entity's type is decided."""
    if type_ is EntityType.TASK:
        return Role.ADDRESSES
    if type_ in (EntityType.DATASET, EntityType.BENCHMARK) and role in (Role.USES, Role.ADDRESSES):
        return Role.EVALUATED_ON
    if type_ is EntityType.METHOD and role in (Role.EVALUATED_ON, Role.ADDRESSES):
        return Role.USES
    return role


def _display_name(counts: Counter[str], type_: EntityType) -> str:
    """The spelling to show: the most used one within the prevailing case style, singular.

    Case is decided by all spellings together, so "Transformer" (6) and "Transformers" (6) beat
    "transformers" (9) for a method; a tie, and tasks, keep lower case, since those capitals are
    mostly sentence starts ("Causal discovery is ..."). Spellings that differ only in a plural
    count together; a method or task shows the singular, a dataset or benchmark the most used
    one ("Natural Questions", "Atari games"). (Two entities may show one short name — "SC"
    for spectral clustering in one paper, synthetic control in another — but they stay two
    entities, each with its long form among its aliases.)
    """
    voted = [s for s in counts if counts[s] > 0] or list(counts)
    capital = [s for s in voted if any(c.isupper() for c in s)]
    lower = [s for s in voted if s not in capital]
    if type_ is EntityType.TASK:
        style = lower or capital
    else:
        capital_votes = sum(counts[s] for s in capital)
        style = capital if capital_votes > sum(counts[s] for s in lower) else lower
    style = style or voted
    groups: dict[str, list[str]] = defaultdict(list)
    for s in style:
        groups[entity_key(s)].append(s)
    best = max(groups.values(), key=lambda g: (sum(counts[s] for s in g), -min(map(len, g))))
    if type_ in (EntityType.METHOD, EntityType.TASK):
        return min(best, key=lambda s: (len(s), -counts[s], s))
    return min(best, key=lambda s: (-counts[s], len(s), s))
