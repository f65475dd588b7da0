"""The one resolver: names a user types → the ids the graph uses, with one set of rules and
messages for ``kg query``, ``kg search`` and ``kg viz``, on both stores; and fuzzy search.

Authors and institutions are keyed by ``fold(name)``, entities by ``entity_key(name)``, tracks by
``track_key(name)``, papers by their id (:mod:`kg.schema`). A name that is not an id is tried
against the spellings the graph keeps (a node's name, authors' ``variants``, entities'
``aliases``, a paper's title, a track's subarea), then with spaces and hyphens ignored
("HantingYan"), then (not for people) singular for plural. A spelling of several nodes is
:class:`~kg.errors.NotFound` listing them (people who share a name by their ids) — never a
guess; anything else is NotFound with the closest names from :func:`search`. The store gives
the names (:meth:`GraphStore.name_entries`) and says which labels hold an id.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz, process

from kg.errors import NotFound, QueryError
from kg.schema import ENTITY_LABELS, SEARCH_TYPES, TYPE_WORDS, entity_key, fold, track_key
from kg.store.base import GraphStore

_TYPE_ORDER = {label: i for i, label in enumerate(SEARCH_TYPES.values())}
MIN_SCORE = 65.0


@dataclass(frozen=True, slots=True)
class Hit:
    type: str  # author, paper, method, …
    id: str
    name: str
    score: float  # 0–100
    matched: str  # the spelling that matched: the name, a variant or an alias


# --- search ---------------------------------------------------------------------------------


def search(store: GraphStore, text: str, *, type: str | None = None, limit: int = 10) -> list[Hit]:
    """Nodes whose name (or variant, alias, title) is closest to ``text``, best first."""
    labels = _search_labels(type)
    query = fold(text)
    if not query:
        raise QueryError("search needs some text (letters or digits)")
    entries = store.name_entries(labels)
    spellings: list[str] = []
    owners: list[tuple[int, str]] = []  # (entry index, original spelling)
    for i, entry in enumerate(entries):
        for spelling in (entry.name, *entry.alternatives):
            spellings.append(fold(spelling))
            owners.append((i, spelling))
    best: dict[int, tuple[float, str]] = {}
    for _, score, j in process.extract(
        query, spellings, scorer=_score, limit=max(limit * 8, 50), score_cutoff=MIN_SCORE
    ):
        i, spelling = owners[j]
        if spellings[j] == query:
            score = 100.0
        if i not in best or score > best[i][0]:
            best[i] = (score, spelling)
    ranked = sorted(
        best.items(),
        key=lambda kv: (-kv[1][0], _TYPE_ORDER[entries[kv[0]].label], entries[kv[0]].name),
    )
    return [
        Hit(
            type=TYPE_WORDS[entries[i].label],
            id=entries[i].id,
            name=entries[i].name,
            score=round(score, 1),
            matched=spelling,
        )
        for i, (score, spelling) in ranked[:limit]
    ]


def _score(a: str, b: str, **kwargs: Any) -> float:
    # WRatio finds "barez" in "fazl barez"; token_sort_ratio forgives word order ("Wang Zhangyang").
    return max(fuzz.WRatio(a, b, **kwargs), fuzz.token_sort_ratio(a, b, **kwargs))


def _search_labels(type_: str | None) -> list[str]:
    if type_ is None or type_ == "":
        return list(SEARCH_TYPES.values())
    label = SEARCH_TYPES.get(type_.lower().rstrip("s"))
    if label is None:
        raise QueryError(f"unknown type {type_!r}: use one of {', '.join(SEARCH_TYPES)}")
    return [label]


# --- resolution -----------------------------------------------------------------------------


def resolve_author(store: GraphStore, name: str) -> str:
    key = fold(name)
    if key and store.labels_with_id(["Author"], key):
        return key
    return _resolve_by_spelling(store, name, ["Author"], "author", fold)


def resolve_entity(store: GraphStore, name: str, label: str = "") -> str:
    labels = [label] if label else list(ENTITY_LABELS)
    for key in dict.fromkeys((entity_key(name), fold(name))):
        if key and store.labels_with_id(labels, key):
            return key
    what = label.lower() if label else "method, dataset, benchmark or task"
    return _resolve_by_spelling(store, name, labels, what, entity_key)


def resolve_institution(store: GraphStore, name: str) -> str:
    key = fold(name)
    if key and store.labels_with_id(["Institution"], key):
        return key
    return _resolve_by_spelling(store, name, ["Institution"], "institution", fold)


def resolve_track(store: GraphStore, name: str) -> str:
    key = track_key(name)
    if key and store.labels_with_id(["Track"], key):
        return key
    return _resolve_by_spelling(store, name, ["Track"], "track", track_key)


def resolve_paper(store: GraphStore, text: str) -> str:
    """A paper id, or a paper's label or title."""
    if text.strip() and store.labels_with_id(["Paper"], text.strip()):
        return text.strip()
    return _resolve_by_spelling(store, text, ["Paper"], "paper", fold)


def resolve_entity_type(value: str) -> str:
    """ "method", "Methods", "Method" → "Method"; "" → "" (any type)."""
    if not value.strip():
        return ""
    label = SEARCH_TYPES.get(value.strip().lower().rstrip("s"))
    if label not in ENTITY_LABELS:
        raise QueryError(
            f"unknown entity type {value!r}: use one of method, dataset, benchmark, task"
        )
    return label


def _resolve_by_spelling(
    store: GraphStore, name: str, labels: Sequence[str], what: str, keyer: Any
) -> str:
    entries = store.name_entries(labels)
    if not entries:
        raise NotFound(f"the graph has no {what} nodes — run `kg build` first")
    key = keyer(name)
    compact = key.replace(" ", "").replace("-", "")
    tries = [
        lambda s: keyer(s) == key,
        lambda s: keyer(s).replace(" ", "").replace("-", "") == compact,
    ]
    if labels[0] != "Author":  # "Transformer" finds "transformers", and back
        tries.append(lambda s: _singular(keyer(s)) == _singular(key))
    for same in tries:
        ids = sorted({e.id for e in entries if any(same(s) for s in (e.name, *e.alternatives))})
        if len(ids) == 1:
            return ids[0]
        if len(ids) > 1:
            names = sorted({e.name for e in entries if e.id in ids})
            if len(names) < len(ids):  # people who share a name: their ids tell them apart
                names = [f"{e.name} (id {e.id!r})" for e in entries if e.id in ids]
                names = sorted(dict.fromkeys(names))
            raise NotFound(
                f"{name!r} is a spelling of several {what}s: {'; '.join(names)} — "
                "pass one of these names or ids (`kg authors --explain NAME` tells them apart)"
                if labels == ["Author"]
                else f"{name!r} is a spelling of several {what}s: {'; '.join(names)} — "
                "pass one of these names"
            )
    kind = TYPE_WORDS[labels[0]] if len(labels) == 1 else None
    hits = search(store, name, type=kind, limit=5) if compact else []
    hits = [h for h in hits if SEARCH_TYPES[h.type] in labels]
    if hits:
        suggestions = "; ".join(h.name for h in hits)
        raise NotFound(f"no {what} named {name!r} in the graph — did you mean: {suggestions}?")
    raise NotFound(
        f"no {what} named {name!r} in the graph, and no close name either "
        f"(`kg search TEXT` looks names up)"
    )


def _singular(key: str) -> str:
    return key[:-1] if key.endswith("s") and not key.endswith("ss") else key
