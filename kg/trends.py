"""Trends over the years: how many papers of each year mention an entity, its share of that year's
papers, which entities rose or fell most (the least-squares slope of the yearly share), and when
one burst in (Kleinberg's two-state model).

Both stores count the same two things — papers per year, and papers per year per entity — and hand
them to :func:`trend_rows`, so the ranking and the bursts are one piece of code for both (the
``trends`` named query: cypher/trends.cypher on Neo4j, kg.queries.twins on the embedded store).

Burst detection follows Kleinberg, "Bursty and Hierarchical Structure in Streams" (KDD 2002), the
batched form for documents arriving in groups (§4, here: the papers of one year): in year t there
are d_t papers, r_t of them mentioning the entity. State 0 emits a mention with the base rate
p0 = Σr/Σd, state 1 with p1 = s·p0. Being in state i in year t costs −ln(p_i^r_t (1−p_i)^(d_t−r_t))
(the binomial coefficient is the same in both states and drops out), moving up a state costs
γ·ln(n) for n years, moving down is free; the cheapest state sequence (Viterbi) marks the years
in state 1 as the burst.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: Kleinberg's defaults: a burst emits at twice the base rate; γ = 1.
BURST_RATE = 2.0
BURST_COST = 1.0
#: The entity labels a trend is counted for (cypher/trends.cypher lists the same).
LABELS = ("Method", "Dataset", "Benchmark", "Task")
#: The share is rounded to this many digits (both stores print the same number).
SHARE_DIGITS = 4

#: (entity label, entity id, entity name, year, papers) — one row of per-year counts.
Count = tuple[str, str, str, int, int]
Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Series:
    """One entity's papers per year over ``years`` (zero-filled)."""

    label: str
    id: str
    name: str
    years: tuple[int, ...]
    papers: tuple[int, ...]
    totals: tuple[int, ...]  # all papers of each year

    @property
    def shares(self) -> list[float]:
        return [p / t if t else 0.0 for p, t in zip(self.papers, self.totals, strict=True)]

    @property
    def slope(self) -> float:
        return slope(self.years, self.shares)

    @property
    def bursts(self) -> list[bool]:
        return bursts(self.papers, self.totals)


def slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The least-squares slope of ys over xs (0.0 for fewer than two points)."""
    n = len(xs)
    if n < 2:
        return 0.0
    mx, my = sum(xs) / n, sum(ys) / n
    var = sum((x - mx) ** 2 for x in xs)
    if var == 0:
        return 0.0
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / var


def bursts(
    relevant: Sequence[int],
    totals: Sequence[int],
    *,
    s: float = BURST_RATE,
    gamma: float = BURST_COST,
) -> list[bool]:
    """Kleinberg's two-state burst detection over batches: True for the batches in the burst
    state. ``relevant[t]`` of ``totals[t]`` documents of batch t are about the topic."""
    n = len(relevant)
    r_sum, d_sum = sum(relevant), sum(totals)
    if n == 0 or r_sum == 0 or r_sum >= d_sum:
        return [False] * n
    p0 = r_sum / d_sum
    rates = (p0, min(s * p0, 0.9999))
    up = gamma * math.log(n) if n > 1 else gamma

    def cost(state: int, r: int, d: int) -> float:
        p = rates[state]
        return -(r * math.log(p) + (d - r) * math.log(1 - p))

    # Viterbi over two states, starting in the base state.
    best = [cost(0, relevant[0], totals[0]), up + cost(1, relevant[0], totals[0])]
    back: list[tuple[int, int]] = []
    for r, d in zip(relevant[1:], totals[1:], strict=True):
        stay0, from1 = best[0], best[1]  # down is free
        stay1, from0 = best[1], best[0] + up
        prev0 = 0 if stay0 <= from1 else 1
        prev1 = 1 if stay1 <= from0 else 0
        best = [min(stay0, from1) + cost(0, r, d), min(stay1, from0) + cost(1, r, d)]
        back.append((prev0, prev1))
    state = 0 if best[0] <= best[1] else 1
    states = [state]
    for prev in reversed(back):
        state = prev[state]
        states.append(state)
    return [s_ == 1 for s_ in reversed(states)]


def series_of(counts: Iterable[Count], totals: Mapping[int, int]) -> list[Series]:
    """Per-entity series over every year in ``totals``, zero-filled, in (label, id) order."""
    years = tuple(sorted(totals))
    by_entity: dict[tuple[str, str], dict[int, int]] = {}
    names: dict[tuple[str, str], str] = {}
    for label, id_, name, year, papers in counts:
        if year in totals:
            by_entity.setdefault((label, id_), {})[year] = papers
            names[(label, id_)] = name
    all_papers = tuple(totals[y] for y in years)
    return [
        Series(
            label, id_, names[(label, id_)], years, tuple(per.get(y, 0) for y in years), all_papers
        )
        for (label, id_), per in sorted(by_entity.items())
    ]


def trend_rows(
    counts: Iterable[Count], totals: Mapping[int, int], params: Mapping[str, Any]
) -> list[Row]:
    """The ``trends`` query's rows — (entity, type, year, papers, share, burst, trend) — from the
    per-year counts both stores give. With an entity: its series (one per type it has). Without:
    the ``limit`` entities whose share rose most and the ``limit`` that fell most, among those in
    at least ``min_papers`` papers of the years asked."""
    found = series_of(counts, totals)
    if params.get("entity"):
        chosen = found
    else:
        ranked = [(round(s.slope, 9), s) for s in found if sum(s.papers) >= params["min_papers"]]
        rising = sorted((x for x in ranked if x[0] > 0), key=lambda x: (-x[0], x[1].id, x[1].label))
        falling = sorted((x for x in ranked if x[0] < 0), key=lambda x: (x[0], x[1].id, x[1].label))
        chosen = [s for _, s in rising[: params["limit"]]] + [
            s for _, s in falling[: params["limit"]]
        ]
    rows: list[Row] = []
    for s in chosen:
        trend = _direction(s.slope)
        for year, papers, share, burst in zip(s.years, s.papers, s.shares, s.bursts, strict=True):
            rows.append((s.name, s.label, year, papers, round(share, SHARE_DIGITS), burst, trend))
    return rows


def _direction(value: float) -> str:
    value = round(value, 9)
    return "rising" if value > 0 else "falling" if value < 0 else "flat"


def year_range(params: Mapping[str, Any]) -> tuple[int, int]:
    """(first, last) year asked; 0 leaves that end open."""
    return int(params.get("from") or 0), int(params.get("to") or 0)


def in_range(year: Any, params: Mapping[str, Any]) -> bool:
    first, last = year_range(params)
    return (
        isinstance(year, int)
        and not isinstance(year, bool)
        and (not first or year >= first)
        and (not last or year <= last)
    )
