"""One entity per real thing across the corpus.

Mentions whose names share a :func:`name_key` (case, hyphens, plural, LaTeX leftovers) are one
entity; a defined abbreviation joins its long form (DPO ≙ Direct Preference Optimization) unless
the same short form is defined differently elsewhere in the corpus (then each long form is its
own entity and the bare short form stays apart). A user alias file can force merges and splits.
The entity's name is its most frequent spelling (the user's canonical name wins), and its type is
the confidence-weighted majority over all its mentions.
"""

from __future__ import annotations

import csv
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kg.errors import InputError
from kg.extract.resources import name_key
from kg.model import EntityType, Role

_TYPES = {t.value.lower(): t for t in EntityType}


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


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


_ROLE_RANK = {Role.PROPOSED: 3, Role.EVALUATED_ON: 2, Role.USES: 1, Role.ADDRESSES: 1}


def canonicalize(
    per_paper: Sequence[list[dict]], rules: Sequence[AliasRule] = ()
) -> list[list[dict]]:
    """Give every mention its entity's canonical name, type and aliases; one mention per entity
    per paper (the strongest role, then the highest confidence, wins)."""
    forced = {name_key(rule.alias): rule for rule in rules}
    split = {k for k, r in forced.items() if r.canonical is None}
    if split:  # a split name stands alone: drop the long form it was defined with
        per_paper = [
            [
                {
                    **m,
                    "name": next(s for s in (m["name"], *m["aliases"]) if name_key(s) in split),
                    "aliases": [],
                }
                if any(name_key(s) in split for s in (m["name"], *m["aliases"]))
                else m
                for m in mentions
            ]
            for mentions in per_paper
        ]
    # a short form defined with two different long forms is ambiguous: it merges with neither
    long_forms: dict[str, set[str]] = defaultdict(set)
    for mentions in per_paper:
        for m in mentions:
            for alias in m["aliases"]:
                long_forms[name_key(m["name"])].add(name_key(alias))
    for key, forms in long_forms.items():
        # "Nonlinear Support Vector Machines" is one more word on "Support Vector Machines"
        long_forms[key] = {f for f in forms if not any(f != g and f.endswith(g) for g in forms)}
    uf = _UnionFind()
    for mentions in per_paper:
        for m in mentions:
            key = name_key(m["name"])
            uf.find(key)
            if key in split or len(long_forms.get(key, ())) > 1:
                continue
            for alias in m["aliases"]:
                uf.union(key, name_key(alias))
    for rule in rules:
        if rule.canonical:
            uf.union(name_key(rule.canonical), name_key(rule.alias))

    def root(m: dict) -> str:
        key = name_key(m["name"])
        if len(long_forms.get(key, ())) > 1 and m["aliases"]:
            return uf.find(name_key(m["aliases"][0]))  # the paper's own long form decides
        return uf.find(key)

    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    votes: dict[str, Counter[EntityType]] = defaultdict(Counter)
    for mentions in per_paper:
        for m in mentions:
            r = root(m)
            if len(long_forms.get(name_key(m["name"]), ())) > 1 and m["aliases"]:
                spellings[r][m["aliases"][0]] += 1  # "SAM" is ambiguous: name it by its long form
            else:
                spellings[r][m["name"]] += 1
            for alias in m["aliases"]:
                spellings[r][alias] += 0  # known spelling, but not a vote for the display name
            votes[r][EntityType(m["type"])] += m["confidence"]
    canonical_of = {rule.canonical for rule in rules if rule.canonical}
    names: dict[str, str] = {}
    types: dict[str, EntityType] = {}
    for r, counts in spellings.items():
        forced_type = next((f.type for k, f in forced.items() if f.type and uf.find(k) == r), None)
        types[r] = forced_type or votes[r].most_common(1)[0][0]
        user = [c for c in canonical_of if uf.find(name_key(c)) == r]
        names[r] = user[0] if user else _display_name(counts, types[r])

    out: list[list[dict]] = []
    for mentions in per_paper:
        best: dict[str, dict] = {}
        for m in mentions:
            r = root(m)
            t = types[r]
            role = Role(m["role"])
            if t is EntityType.TASK:
                role = Role.ADDRESSES
            elif t in (EntityType.DATASET, EntityType.BENCHMARK) and role is Role.USES:
                role = Role.EVALUATED_ON
            elif t is EntityType.METHOD and role is Role.EVALUATED_ON:
                role = Role.USES
            new = {**m, "name": names[r], "type": t.value, "role": role.value}
            old = best.get(r)
            if old is None or (_ROLE_RANK[role], m["confidence"]) > (
                _ROLE_RANK[Role(old["role"])],
                old["confidence"],
            ):
                best[r] = new
        for r, m in best.items():
            m["aliases"] = sorted(
                {s for s in spellings[r] if s != m["name"] and name_key(s) != name_key(m["name"])}
            )
        out.append(list(best.values()))
    return out


def _display_name(counts: Counter[str], type_: EntityType) -> str:
    """The spelling to show: the most used one within the prevailing case style.

    Case is decided by all spellings together, so "Transformer" (6) and "Transformers" (6) beat
    "transformers" (9) for a method; a tie, and tasks, keep lower case, since those capitals are
    mostly sentence starts ("Causal discovery is ..."). Then the shorter (singular) spelling.
    """
    voted = [s for s in counts if counts[s] > 0] or list(counts)
    capital = [s for s in voted if any(c.isupper() for c in s)]
    lower = [s for s in voted if s not in capital]
    if type_ is EntityType.TASK:
        pool = lower or capital
    else:
        capital_votes = sum(counts[s] for s in capital)
        pool = capital if capital_votes > sum(counts[s] for s in lower) else lower
    return max(pool or voted, key=lambda s: (counts[s], -len(s), s))
