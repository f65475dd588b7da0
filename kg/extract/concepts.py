"""Which names the gazetteers say are one entity: their concepts.

A concept is the set of patterns that name one thing. In one file, the patterns of one ``id``
are a concept ("SGD" and "stochastic gradient descent" in lexicon.jsonl); across files and ids,
concepts of one type that share a name are joined ("SGD" of ml_core.jsonl is the same). A name
belongs to the concepts of the type its first file gives it (as in the gazetteer); a name marked
``ambiguous`` (an abbreviation the corpus defines in several ways) names none: it resolves to no
concept, and extraction keys it by the paper's own long form or its spelling instead.

The concept's entity key is :func:`~kg.model.entity_key` of its fullest name (the pattern with
most words of the highest-priority file), so "SGD", "SGDs" and "Stochastic Gradient Descent"
are all the entity ``stochastic gradient descent``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kg.extract.resources import GazetteerEntry, all_gazetteer_entries, name_key
from kg.model import EntityType, entity_key


@dataclass(frozen=True, slots=True)
class Concepts:
    """name_key → the entity key and type of the one concept that name belongs to; and per
    entity key, whether the lists spell it out (a name of several words)."""

    keys: dict[str, str]
    types: dict[str, EntityType]
    spelled_out: frozenset[str]

    def key_of(self, name: str) -> str | None:
        return self.keys.get(name_key(name))

    def type_of(self, name: str) -> EntityType | None:
        return self.types.get(name_key(name))


def _kind(label: EntityType) -> EntityType:
    return EntityType.DATASET if label is EntityType.BENCHMARK else label


@cache
def concepts(gazetteers: tuple[Path, ...] = ()) -> Concepts:
    """The concepts of the bundled gazetteers and ``gazetteers`` (the user's, first)."""
    return build_concepts(all_gazetteer_entries(gazetteers))


def build_concepts(entries: Sequence[GazetteerEntry]) -> Concepts:
    parent: dict[tuple[str, str], tuple[str, str]] = {}

    def find(x: tuple[str, str]) -> tuple[str, str]:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    label: dict[tuple[str, str], EntityType] = {}
    members: dict[str, list[tuple[str, str]]] = defaultdict(list)  # name key -> concept nodes
    ambiguous: set[str] = set()
    order: dict[tuple[str, str], int] = {}
    for i, e in enumerate(entries):
        node = (e.source if not e.curated else "hand", e.id)
        find(node)
        label.setdefault(node, e.label)
        order.setdefault(node, i)
        key = name_key(e.pattern)
        if node not in members[key]:
            members[key].append(node)
        if e.ambiguous:
            ambiguous.add(key)
    # as in the gazetteer, the first file that names a key types it: later concepts of another
    # kind do not share that name. A dataset and a benchmark are one kind here — the lists
    # disagree on which a named collection is ("Billion Word Benchmark" ≙ "One Billion Word")
    for key, nodes in list(members.items()):
        members[key] = nodes = [n for n in nodes if _kind(label[n]) is _kind(label[nodes[0]])]
        if key in ambiguous:
            continue
        for other in nodes[1:]:
            a, b = find(nodes[0]), find(other)
            if a != b:
                parent[max(a, b, key=order.__getitem__)] = min(a, b, key=order.__getitem__)
    # each concept's entity key: its fullest name, from the earliest file that has one
    best: dict[tuple[str, str], tuple[int, int, str]] = {}
    for i, e in enumerate(entries):
        root = find((e.source if not e.curated else "hand", e.id))
        rank = (-len(e.pattern.split()), i, e.pattern)
        if root not in best or rank < best[root]:
            best[root] = rank
    keys: dict[str, str] = {}
    types: dict[str, EntityType] = {}
    for key, nodes in members.items():
        roots = {find(n) for n in nodes}
        if key in ambiguous or len(roots) != 1:
            continue
        root = roots.pop()
        keys[key] = entity_key(best[root][2])
        types[key] = label[root]
    spelled_out = frozenset(entity_key(rank[2]) for rank in best.values() if rank[0] < -1)
    return Concepts(keys, types, spelled_out)
