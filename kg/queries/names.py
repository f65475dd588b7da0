"""Names a user types → the ids the graph uses, the same way on both stores; and fuzzy search.

Authors are keyed by ``fold(name)``, entities by ``entity_key(name)``, tracks by their folded,
hyphenated name. A name that is not an id is tried against the spellings the graph keeps
(authors' ``variants``, entities' ``aliases``), then with spaces ignored ("HantingYan"). Anything
else is :class:`~kg.errors.NotFound` with the closest names from :func:`search`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz, process

from kg.errors import NotFound, QueryError
from kg.graph import ENTITY_LABELS
from kg.model import entity_key, fold
from kg.queries.index import GraphIndex, index_for
from kg.store.base import GraphStore

#: ``--type`` values of ``kg search`` → node labels.
SEARCH_TYPES = {
    "author": "Author",
    "paper": "Paper",
    "method": "Method",
    "dataset": "Dataset",
    "benchmark": "Benchmark",
    "task": "Task",
    "track": "Track",
    "institution": "Institution",
}
_LABEL_TYPE = {label: type_ for type_, label in SEARCH_TYPES.items()}
_TYPE_ORDER = {label: i for i, label in enumerate(SEARCH_TYPES.values())}
MIN_SCORE = 65.0


@dataclass(frozen=True, slots=True)
class NameEntry:
    label: str
    id: str
    name: str
    alternatives: tuple[str, ...] = ()  # variants, aliases, a paper's title and id


@dataclass(frozen=True, slots=True)
class Hit:
    type: str  # author, paper, method, …
    id: str
    name: str
    score: float  # 0–100
    matched: str  # the spelling that matched: the name, a variant or an alias


# --- where names come from --------------------------------------------------------------


def _is_embedded(store: GraphStore) -> bool:
    return store.backend == "networkx"


def _index(store: GraphStore) -> GraphIndex:
    return index_for(store.to_networkx())


def name_entries(store: GraphStore, labels: Iterable[str]) -> list[NameEntry]:
    labels = list(labels)
    if _is_embedded(store):
        return _entries_from_index(_index(store), labels)
    out: list[NameEntry] = []
    for label in labels:
        for row in run_cypher_rows(store, _NAME_QUERIES[label]):
            alts = tuple(a for a in row["alts"] or () if a)
            out.append(NameEntry(label, row["id"], row["name"] or row["id"], alts))
    return out


def _entries_from_index(ix: GraphIndex, labels: Sequence[str]) -> list[NameEntry]:
    memo_key = ("names", tuple(labels))
    found = ix.memo.get(memo_key)
    if found is not None:
        return found  # type: ignore[no-any-return]
    out = []
    for label in labels:
        if label == "Author":
            out += [
                NameEntry("Author", aid, name, tuple(ix.author_variants.get(aid, ())))
                for aid, name in ix.author_names.items()
            ]
        elif label == "Paper":
            for pid, attrs in ix.papers.items():
                title = attrs.get("title")
                alts = (title, pid) if title else (pid,)
                out.append(NameEntry("Paper", pid, attrs.get("name") or pid, alts))
        elif label == "Track":
            out += [NameEntry("Track", tid, name) for tid, name in ix.tracks.items()]
        elif label == "Institution":
            out += [
                NameEntry(label, iid, a.get("name") or iid) for iid, a in ix.institutions.items()
            ]
        else:
            out += [
                NameEntry(lab, eid, attrs.get("name") or eid, tuple(attrs.get("aliases") or ()))
                for (lab, eid), attrs in ix.entities.items()
                if lab == label
            ]
    ix.memo[memo_key] = out
    return out


_NAME_QUERIES = {
    "Author": "MATCH (n:Author) RETURN n.id AS id, n.name AS name, n.variants AS alts",
    "Paper": "MATCH (n:Paper) RETURN n.id AS id, n.name AS name, [n.title, n.id] AS alts",
    "Track": "MATCH (n:Track) RETURN n.id AS id, n.name AS name, [] AS alts",
    "Institution": "MATCH (n:Institution) RETURN n.id AS id, n.name AS name, [] AS alts",
    **{
        label: f"MATCH (n:{label}) RETURN n.id AS id, n.name AS name, n.aliases AS alts"
        for label in ENTITY_LABELS
    },
}


def run_cypher_rows(
    store: GraphStore,
    cypher: str,
    params: dict[str, Any] | None = None,
    *,
    write: bool = False,
) -> list[dict[str, Any]]:
    """Rows of one statement on a store that runs Cypher (Neo4j); QueryError on any other."""
    run = getattr(store, "run", None)
    if run is None:
        raise QueryError(f"the {store.backend} store cannot run Cypher")
    return run(cypher, params or {}, write=write)  # type: ignore[no-any-return]


def _labels_with_id(store: GraphStore, labels: Sequence[str], id_: str) -> list[str]:
    """Which of ``labels`` have a node with this id (an index lookup on Neo4j)."""
    if _is_embedded(store):
        ix = _index(store)
        found = []
        for label in labels:
            if label == "Author":
                hit = id_ in ix.author_names
            elif label == "Track":
                hit = id_ in ix.tracks
            elif label == "Institution":
                hit = id_ in ix.institutions
            elif label == "Paper":
                hit = id_ in ix.papers
            else:
                hit = label in ix.entity_ids.get(id_, ())
            if hit:
                found.append(label)
        return found
    found = []
    for label in labels:
        query = f"MATCH (n:{label} {{id: $id}}) RETURN count(n) AS n"
        rows = run_cypher_rows(store, query, {"id": id_})
        if rows and rows[0]["n"]:
            found.append(label)
    return found


# --- search ---------------------------------------------------------------------------------


def search(store: GraphStore, text: str, *, type: str | None = None, limit: int = 10) -> list[Hit]:
    """Nodes whose name (or variant, alias, title) is closest to ``text``, best first."""
    labels = _search_labels(type)
    query = fold(text)
    if not query:
        raise QueryError("search needs some text (letters or digits)")
    entries = name_entries(store, labels)
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
            type=_LABEL_TYPE[entries[i].label],
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
    if key and _labels_with_id(store, ["Author"], key):
        return key
    return _resolve_by_spelling(store, name, ["Author"], "author", fold)


def resolve_entity(store: GraphStore, name: str, label: str = "") -> str:
    labels = [label] if label else list(ENTITY_LABELS)
    for key in dict.fromkeys((entity_key(name), fold(name))):
        if key and _labels_with_id(store, labels, key):
            return key
    what = label.lower() if label else "method, dataset, benchmark or task"
    return _resolve_by_spelling(store, name, labels, what, entity_key)


def resolve_institution(store: GraphStore, name: str) -> str:
    key = fold(name)
    if key and _labels_with_id(store, ["Institution"], key):
        return key
    return _resolve_by_spelling(store, name, ["Institution"], "institution", fold)


def resolve_track(store: GraphStore, name: str) -> str:
    key = _track_key(name)
    if key and _labels_with_id(store, ["Track"], key):
        return key
    return _resolve_by_spelling(store, name, ["Track"], "track", _track_key)


def _track_key(name: str) -> str:
    """A typed track name keyed like ``Track.id``."""
    return fold(name).replace(" ", "-")


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
    entries = name_entries(store, labels)
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
    kind = _LABEL_TYPE[labels[0]] if len(labels) == 1 else None
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
