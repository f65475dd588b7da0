"""Who is who: author mentions (one per author position of a paper) → people.

1. **Ids decide.** Mentions that carry the same source id are one person; a person never holds two
   different ids of one kind (two OpenReview profiles are two people, whatever the names say).
   An e-mail links two mentions only when their names are compatible (exports misalign e-mails).
2. **The same name, no ids**: one cluster per name key ("zhiquan luo" for "Zhi-Quan Luo").
3. **Variants merge on evidence.** Clusters whose names are compatible (kg.identity.names) and
   that share no paper and no conflicting id are scored on shared co-authors, shared
   institutions, topic overlap of their papers' words, and venue/year overlap. A pair merges when
   its score clears a bar set by how well the names agree and how common the name is — never on
   the name alone — and clearly beats the runner-up for either side. Merges run best first, each
   re-checked against the clusters as they have grown.
4. Overrides (kg.identity.overrides) force "same person" or "different people" first.

Everything is sorted before it is decided, so the same mentions give the same people in any
input order — which is what makes an incremental build equal to building everything at once.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from kg.identity.names import agreement, parse_name
from kg.model import Affiliation, fold
from kg.text import name_words

#: Evidence weights and bars; tuned on CoRL 2021–23 variants, checked on other years and ICLR
#: (benchmarks/eval_authors.py). Score = sum of the weighted evidence.
W_COAUTHOR = 1.6  # per shared co-author (up to 3)
W_INSTITUTION = 1.6  # any shared institution
W_TOPIC = 3.0  # × cosine similarity of the papers' words
W_VENUE_YEAR = 0.3  # published at one venue within two years
#: The score a merge needs, by name agreement (1: initials only, 2: one has more names, 3: same).
BAR = {1: 2.6, 2: 1.6, 3: 1.0}
#: Each other person in the name's block (same family name and first initial) raises the bar.
BAR_PER_RIVAL = 0.25
#: A merge must beat the runner-up of either side by this much.
MARGIN = 0.8
_WORD_RE = re.compile(r"[a-z][a-z0-9-]{3,}")
#: A paper with more authors gives no co-author evidence: sharing a 1,000-author paper says
#: little about who is who, and comparing its authors' co-authors would cost n² (the corpus'
#: largest author list is 69; kg.graph.MAX_COAUTHORS is the same bar for co-author pairs).
MAX_COAUTHOR_EVIDENCE = 100

MentionKey = tuple[str, int]  # (paper id, position)


@dataclass(frozen=True, slots=True)
class AuthorMention:
    """One author position of one paper, with what identity may use as evidence."""

    paper: str
    position: int
    name: str
    ids: tuple[str, ...] = ()
    affiliations: tuple[Affiliation, ...] = ()
    variants: tuple[str, ...] = ()
    coauthors: tuple[str, ...] = ()  # the paper's names, this one's included (paper_names)
    venue: str | None = None
    year: int | None = None
    words: frozenset[str] = frozenset()  # content words of the paper's title and abstract

    @property
    def key(self) -> MentionKey:
        return (self.paper, self.position)


@dataclass(slots=True)
class Decision:
    """Two spellings that could be one person, and what was decided, with the evidence."""

    names: tuple[str, str]
    agreement: int
    score: float
    bar: float
    merged: bool
    why: str


@dataclass(slots=True)
class Person:
    id: str
    name: str
    variants: list[str]  # the other spellings: names merged in, then raw spellings as read
    ids: list[str]
    merges: list[str]  # why differently spelled mentions are this one person
    mentions: list[MentionKey]
    institutions: dict[str, Affiliation] = field(default_factory=dict)  # id -> first seen


@dataclass(slots=True)
class Resolution:
    people: dict[str, Person]
    person_of: dict[MentionKey, str]
    decisions: list[Decision]


def paper_names(names: Sequence[str]) -> tuple[str, ...]:
    """A paper's author names as its mentions' ``coauthors``: one tuple the mentions share
    (memory linear in the author positions), empty past :data:`MAX_COAUTHOR_EVIDENCE`."""
    return tuple(names) if len(names) <= MAX_COAUTHOR_EVIDENCE else ()


def topic_words(*texts: str | None) -> frozenset[str]:
    stop = name_words().topic_stopwords
    return frozenset(
        w for text in texts if text for w in _WORD_RE.findall(text.lower()) if w not in stop
    )


# --- union-find over clusters ------------------------------------------------------------


class _Clusters:
    def __init__(self, mentions: Sequence[AuthorMention]) -> None:
        self.mentions = mentions
        self.parent = list(range(len(mentions)))
        self.names: dict[int, Counter[str]] = {i: Counter([m.name]) for i, m in enumerate(mentions)}
        self.ids: dict[int, set[str]] = {i: set(m.ids) for i, m in enumerate(mentions)}
        self.papers: dict[int, set[str]] = {i: {m.paper} for i, m in enumerate(mentions)}
        self.reasons: dict[int, list[str]] = defaultdict(list)
        self.apart: set[frozenset[int]] = set()  # root pairs forced apart by overrides

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def conflict(self, a: int, b: int) -> str:
        """Why two clusters cannot be one person ("" if they can)."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return ""
        if frozenset((ra, rb)) in self.apart:
            return "kept apart by the override file"
        kinds_a = {i.partition(":")[0]: i for i in self.ids[ra] if not i.startswith("email:")}
        for other in self.ids[rb]:
            kind = other.partition(":")[0]
            if kind in kinds_a and kinds_a[kind] != other:
                return f"different ids ({kinds_a[kind]}, {other})"
        if self.papers[ra] & self.papers[rb]:
            return "both are authors of one paper"
        return ""

    def union(self, a: int, b: int, reason: str = "") -> int:
        ra, rb = sorted((self.find(a), self.find(b)))
        if ra == rb:
            return ra
        self.parent[rb] = ra
        self.names[ra].update(self.names.pop(rb))
        self.ids[ra] |= self.ids.pop(rb)
        self.papers[ra] |= self.papers.pop(rb)
        self.reasons[ra] += self.reasons.pop(rb, [])
        if reason:
            self.reasons[ra].append(reason)
        self.apart = {frozenset(ra if x == rb else x for x in pair) for pair in self.apart}
        return ra

    def name_agreement(self, a: int, b: int) -> int:
        """The weakest agreement between any spelling of one and any of the other (0: some
        spellings contradict)."""
        return min(
            (agreement(x, y) for x in self.names[self.find(a)] for y in self.names[self.find(b)]),
            default=0,
        )


# --- evidence -----------------------------------------------------------------------------


@dataclass(slots=True)
class _Profile:
    """What a cluster's mentions say about the person, for comparing two clusters."""

    coauthors: Counter[str] = field(default_factory=Counter)  # loose co-author key -> papers
    coauthor_names: dict[str, str] = field(default_factory=dict)
    institutions: dict[str, str] = field(default_factory=dict)  # id -> name
    words: Counter[str] = field(default_factory=Counter)
    venue_years: set[tuple[str, int]] = field(default_factory=set)
    weights: dict[str, float] = field(default_factory=dict)  # tf-idf of words
    norm: float = 0.0


def _loose(name: str) -> str:
    parsed = parse_name(name)
    return parsed.block


def _profiles(clusters: _Clusters, roots: Iterable[int]) -> dict[int, _Profile]:
    by_root: dict[int, list[AuthorMention]] = defaultdict(list)
    for i, m in enumerate(clusters.mentions):
        by_root[clusters.find(i)].append(m)
    out = {}
    for root in roots:
        p = _Profile()
        for m in by_root[root]:
            own = _loose(m.name)
            for co in m.coauthors:
                key = _loose(co)
                if key != own:
                    p.coauthors[key] += 1
                    p.coauthor_names.setdefault(key, co)
            for aff in m.affiliations:
                p.institutions.setdefault(aff.id, aff.institution)
            p.words.update(m.words)
            if m.venue and m.year:
                p.venue_years.add((m.venue, m.year))
        out[root] = p
    return out


def _weigh(profiles: dict[int, _Profile]) -> None:
    """Words → tf-idf weights and their norm, once per profile (idf over the profiles)."""
    df: Counter[str] = Counter()
    for p in profiles.values():
        df.update(p.words.keys())
    n = max(1, len(profiles))
    idf = {w: math.log(n / k) for w, k in df.items() if k < n}
    for p in profiles.values():
        p.weights = {w: v * idf[w] for w, v in p.words.items() if w in idf}
        p.norm = math.sqrt(sum(x * x for x in p.weights.values()))


def _cosine(a: _Profile, b: _Profile) -> float:
    if not a.norm or not b.norm:
        return 0.0
    small, large = (
        (a.weights, b.weights) if len(a.weights) <= len(b.weights) else (b.weights, a.weights)
    )
    dot = sum(v * large[w] for w, v in small.items() if w in large)
    return dot / (a.norm * b.norm)


@dataclass(slots=True)
class _Evidence:
    score: float
    reasons: list[str]


def _evidence(pa: _Profile, pb: _Profile) -> _Evidence:
    shared = sorted(set(pa.coauthors) & set(pb.coauthors))
    score = W_COAUTHOR * min(len(shared), 3)
    reasons = []
    if shared:
        names = ", ".join(pa.coauthor_names[k] for k in shared[:3])
        reasons.append(f"{len(shared)} shared co-author{'s' * (len(shared) > 1)} ({names})")
    institutions = sorted(set(pa.institutions) & set(pb.institutions))
    if institutions:
        score += W_INSTITUTION
        reasons.append(f"same institution ({pa.institutions[institutions[0]]})")
    topic = _cosine(pa, pb)
    score += W_TOPIC * topic
    if topic >= 0.05:
        reasons.append(f"topic overlap {topic:.2f}")
    if any(
        va == vb and abs(ya - yb) <= 2 for va, ya in pa.venue_years for vb, yb in pb.venue_years
    ):
        score += W_VENUE_YEAR
        reasons.append("same venue within two years")
    return _Evidence(round(score, 3), reasons)


# --- resolution ---------------------------------------------------------------------------


def resolve(
    mentions: Iterable[AuthorMention],
    *,
    same: Sequence[tuple[str, str]] = (),
    different: Sequence[tuple[str, str]] = (),
) -> Resolution:
    """People from mentions. ``same`` / ``different``: pairs of spellings (or source ids) the
    user says are one person / two people (kg.identity.overrides)."""
    ordered = sorted(mentions, key=lambda m: m.key)
    clusters = _Clusters(ordered)
    decisions: list[Decision] = []
    _apply_overrides(clusters, same, different, decisions)
    _link_ids(clusters, decisions)
    _link_names(clusters)
    _merge_on_evidence(clusters, decisions)
    return _people(clusters, decisions)


def _spelled(clusters: _Clusters, spelling: str) -> list[int]:
    """Mentions an override names: by source id ("openreview:~Yang_Liu3") or by name."""
    if ":" in spelling:
        return [i for i, m in enumerate(clusters.mentions) if spelling in m.ids]
    key = fold(spelling)
    return [i for i, m in enumerate(clusters.mentions) if fold(m.name) == key]


def _apply_overrides(
    clusters: _Clusters,
    same: Sequence[tuple[str, str]],
    different: Sequence[tuple[str, str]],
    decisions: list[Decision],
) -> None:
    for a, b in different:
        for i in _spelled(clusters, a):
            for j in _spelled(clusters, b):
                clusters.apart.add(frozenset((clusters.find(i), clusters.find(j))))
        decisions.append(Decision((a, b), 0, 0.0, 0.0, False, "different people: override file"))
    for a, b in same:  # the user's word wins over ids and evidence
        found = _spelled(clusters, a) + _spelled(clusters, b)
        for i in found[1:]:
            clusters.union(found[0], i, f"{b} = {a}: the override file says so")
        decisions.append(Decision((a, b), 0, 0.0, 0.0, bool(found), "same person: override file"))


def _link_ids(clusters: _Clusters, decisions: list[Decision]) -> None:
    by_id: dict[str, list[int]] = defaultdict(list)
    for i, m in enumerate(clusters.mentions):
        for id_ in m.ids:
            by_id[id_].append(i)
    rank = {"openreview": 0, "orcid": 1, "dblp": 2, "email": 3}
    for id_ in sorted(by_id, key=lambda x: (rank.get(x.partition(":")[0], 9), x)):
        first, *rest = by_id[id_]
        for i in rest:
            a, b = clusters.mentions[first].name, clusters.mentions[i].name
            if clusters.find(first) == clusters.find(i):
                continue
            why = clusters.conflict(first, i)
            if not why and id_.startswith("email:") and not agreement(a, b):
                why = f"{id_} names two different names ({a}; {b})"
            if why:
                decisions.append(Decision((a, b), agreement(a, b), 0, 0, False, why))
                continue
            reason = f"{b} = {a}: same id {id_}" if fold(a) != fold(b) else ""
            clusters.union(first, i, reason)


def _link_names(clusters: _Clusters) -> None:
    """Mentions without ids that spell one name key join each other — unless the first name is
    only initials: "J. Wu" may be Jiajun or Jiefeng, so each such mention is judged alone."""
    by_key: dict[str, int] = {}
    for i, m in enumerate(clusters.mentions):
        parsed = parse_name(m.name)
        if clusters.ids[clusters.find(i)] or parsed.initials_only:
            continue
        key = parsed.key
        if key in by_key and not clusters.conflict(by_key[key], i):
            clusters.union(by_key[key], i)
        else:
            by_key.setdefault(key, i)


def _blocks(names: Iterable[str]) -> set[str]:
    out = set()
    for name in names:
        parsed = parse_name(name)
        out |= {f"{parsed.family}/{g.initial}" for g in parsed.given}
        if not parsed.given:
            out.add(f"{parsed.family}/")
    return out


def _merge_on_evidence(clusters: _Clusters, decisions: list[Decision]) -> None:
    roots = sorted({clusters.find(i) for i in range(len(clusters.mentions))})
    by_block: dict[str, list[int]] = defaultdict(list)
    for root in roots:
        for block in _blocks(clusters.names[root]):
            by_block[block].append(root)
    rivals = {
        b: len({parse_name(n).key for r in rs for n in clusters.names[r]})
        for b, rs in by_block.items()
    }
    spelled = {  # people in the block whose first name is written out
        b: len({p.key for r in rs for n in clusters.names[r] if (p := parse_name(n)).full_first})
        for b, rs in by_block.items()
    }
    pairs: set[tuple[int, int]] = set()
    for members in by_block.values():
        if len(members) > 1:
            pairs.update((a, b) for i, a in enumerate(members) for b in members[i + 1 :] if a < b)
    if not pairs:
        return
    involved = sorted({r for pair in pairs for r in pair})
    profiles = _profiles(clusters, involved)
    _weigh(profiles)

    scored: list[tuple[float, int, int, int, float, _Evidence]] = []
    for a, b in sorted(pairs):
        level = clusters.name_agreement(a, b)
        if not level:
            continue
        if why := clusters.conflict(a, b):
            names = (_label(clusters, a), _label(clusters, b))
            decisions.append(Decision(names, level, 0.0, 0.0, False, why))
            continue
        ev = _evidence(profiles[a], profiles[b])
        shared = _blocks(clusters.names[a]) & _blocks(clusters.names[b])
        rival = max((rivals.get(blk, 1) for blk in shared), default=1)
        bar = BAR[level] + BAR_PER_RIVAL * max(0, rival - 2)
        if level == 1 and max((spelled.get(blk, 0) for blk in shared), default=0) <= 1:
            bar = BAR[2]  # "Y. LeCun" where Yann is the only LeCun with a Y: no one else to be
        scored.append((ev.score - bar, a, b, level, bar, ev))
    candidates: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for margin, a, b, *_ in scored:
        candidates[a].append((margin, b))
        candidates[b].append((margin, a))
    decided: set[tuple[int, int]] = set()
    for margin, first, second, level, bar, ev in sorted(scored, key=lambda s: (-s[0], s[1], s[2])):
        a, b = sorted((clusters.find(first), clusters.find(second)))
        if a == b or (a, b) in decided:
            continue  # one pair of people is decided once, on its best evidence
        decided.add((a, b))
        name_a, name_b = _label(clusters, a), _label(clusters, b)
        score = ev.score
        evidence = "; ".join(ev.reasons) or "no shared evidence"
        why = clusters.conflict(a, b)
        if not why and clusters.name_agreement(a, b) == 0:
            why = "the names of the grown clusters contradict"
        if not why and margin < 0:
            why = f"not enough evidence: {evidence}"
        if not why:
            runner_up = _rival(clusters, candidates, first, second, margin)
            if runner_up is not None and runner_up > margin - MARGIN:
                why = f"ambiguous: another person fits nearly as well ({evidence})"
        decision = Decision((name_a, name_b), level, score, round(bar, 3), not why, why or evidence)
        decisions.append(decision)
        if not why:
            kind = {1: "initials", 2: "more given names", 3: "same name"}[level]
            clusters.union(
                a,
                b,
                f"{name_b} = {name_a}: names agree ({kind}); {evidence}; "
                f"score {score:.2f} ≥ {bar:.2f}",
            )


def _rival(
    clusters: _Clusters,
    candidates: dict[int, list[tuple[float, int]]],
    first: int,
    second: int,
    margin: float,
) -> float | None:
    """The best margin, above the bar, of a candidate of one side that cannot be the same
    person as the other side: a different person who fits as well makes the merge a guess."""
    best: float | None = None
    for me, other in ((first, second), (second, first)):
        for m, c in candidates[me]:
            if c == other or m < 0 or (best is not None and m <= best):
                continue
            if clusters.find(c) == clusters.find(other):
                continue
            if clusters.conflict(c, other) or not clusters.name_agreement(c, other):
                best = m
    return best


def _label(clusters: _Clusters, root: int) -> str:
    """A cluster as --explain shows it: its name, and its first id if it has one."""
    ids = sorted(clusters.ids[root])
    name = _display(clusters.names[root])
    return f"{name} ({ids[0]})" if ids else name


def _display(names: Counter[str]) -> str:
    """The spelling a person is shown with: the most used, then the fullest."""
    return min(
        names,
        key=lambda n: (
            -names[n],
            -parse_name(n).full_given,
            -len(parse_name(n).given),
            -len(n),
            n,
        ),
    )


def _people(clusters: _Clusters, decisions: list[Decision]) -> Resolution:
    members: dict[int, list[int]] = defaultdict(list)
    for i in range(len(clusters.mentions)):
        members[clusters.find(i)].append(i)
    by_key: dict[str, list[int]] = defaultdict(list)
    display = {root: _display(clusters.names[root]) for root in members}
    for root in sorted(members, key=lambda r: clusters.mentions[members[r][0]].key):
        by_key[fold(display[root])].append(root)
    people: dict[str, Person] = {}
    person_of: dict[MentionKey, str] = {}
    for key, roots in by_key.items():
        ids = _homonym_ids(key, roots, clusters) if len(roots) > 1 else {roots[0]: key}
        for root in roots:
            mentions = [clusters.mentions[i] for i in members[root]]
            names = clusters.names[root]
            variants = sorted(n for n in names if n != display[root])
            for m in mentions:
                variants += [v for v in m.variants if v not in variants and v != display[root]]
            person = Person(
                id=ids[root],
                name=display[root],
                variants=variants,
                ids=sorted(clusters.ids[root]),
                merges=list(dict.fromkeys(clusters.reasons.get(root, []))),
                mentions=[m.key for m in mentions],
            )
            for m in mentions:
                for aff in m.affiliations:
                    person.institutions.setdefault(aff.id, aff)
                person_of[m.key] = person.id
            people[person.id] = person
    return Resolution(people, person_of, decisions)


def _homonym_ids(key: str, roots: list[int], clusters: _Clusters) -> dict[int, str]:
    """Several people share a name: each id gets a number — its OpenReview profile's number
    ("~Yang_Liu3" → "yang liu 3") when it has one, else the next free one in order of first
    appearance. No one keeps the bare name, so a query by name says it is ambiguous."""
    out: dict[int, str] = {}
    used: set[str] = set()
    for root in roots:
        numbers = sorted(
            m.group(1)
            for i in clusters.ids[root]
            if i.startswith("openreview:~") and (m := re.search(r"(\d+)$", i))
        )
        if len(numbers) == 1 and numbers[0] not in used:
            out[root] = f"{key} {numbers[0]}"
            used.add(numbers[0])
    n = 1
    for root in roots:
        if root in out:
            continue
        while str(n) in used:
            n += 1
        out[root] = f"{key} {n}"
        used.add(str(n))
    return out
