"""``kg viz trends``: the ``trends`` query's rows as a line chart — one self-contained, offline page
with the chart as inline SVG, no script at all, every name escaped by the template.

x is the year, y the share of that year's papers that mention the entity; a filled dot marks a
year in a burst (Kleinberg's two-state model), a dashed line an entity whose share fell.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kg import __version__
from kg.errors import NotFound
from kg.store.base import GraphStore
from kg.viz.render import default_output_path, template, write_page
from kg.viz.views import COMMUNITY_COLORS

TEMPLATE = "trends.html.j2"
WIDTH, HEIGHT = 960, 440
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 20, 44
CSP = "; ".join(
    [
        "default-src 'none'",
        "style-src 'unsafe-inline'",
        "img-src data:",
        "base-uri 'none'",
        "form-action 'none'",
    ]
)


@dataclass(slots=True)
class Line:
    """One entity's series, with its points in SVG coordinates."""

    entity: str
    type: str
    trend: str
    color: str
    years: list[int] = field(default_factory=list)
    papers: list[int] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)
    bursts: list[bool] = field(default_factory=list)
    points: list[tuple[float, float]] = field(default_factory=list)

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)

    @property
    def dots(self) -> list[tuple[float, float, int, int, float, bool]]:
        """(x, y, year, papers, share, burst) per year."""
        rows = zip(self.points, self.years, self.papers, self.shares, self.bursts, strict=True)
        return [(x, y, year, n, share, burst) for (x, y), year, n, share, burst in rows]

    @property
    def burst_years(self) -> str:
        """ "1998–2010, 2015" — runs of burst years as ranges."""
        runs: list[list[int]] = []
        for year, burst in zip(self.years, self.bursts, strict=True):
            if burst and runs and runs[-1][-1] == year - 1:
                runs[-1].append(year)
            elif burst:
                runs.append([year])
        return ", ".join(f"{r[0]}–{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs) or "none"


@dataclass(slots=True)
class Chart:
    title: str
    subtitle: str
    lines: list[Line]
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, str]]
    width: int = WIDTH
    height: int = HEIGHT
    plot: tuple[int, int, int, int] = (LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM)


def trend_chart(rows: Sequence[Sequence[Any]], *, title: str, subtitle: str) -> Chart:
    """Rows of the trends query (entity, type, year, papers, share, burst, trend) → a chart."""
    lines: dict[tuple[str, str], Line] = {}
    for entity, type_, year, papers, share, burst, trend in rows:
        line = lines.get((entity, type_))
        if line is None:
            color = COMMUNITY_COLORS[len(lines) % len(COMMUNITY_COLORS)]
            line = lines[(entity, type_)] = Line(entity, type_, trend, color)
        line.years.append(int(year))
        line.papers.append(int(papers))
        line.shares.append(float(share))
        line.bursts.append(bool(burst))
    years = sorted({y for line in lines.values() for y in line.years})
    first, last = years[0], years[-1]
    top = _nice(max((s for line in lines.values() for s in line.shares), default=0.0))
    x0, y0, x1, y1 = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM

    def x(year: int) -> float:
        return x0 + (x1 - x0) * ((year - first) / (last - first) if last > first else 0.5)

    def y(share: float) -> float:
        return y1 - (y1 - y0) * (share / top)

    for line in lines.values():
        line.points = [(x(a), y(b)) for a, b in zip(line.years, line.shares, strict=True)]
    step = max(1, round((last - first) / 12))
    x_ticks = [(x(year), str(year)) for year in range(first, last + 1, step)]
    y_ticks = [(y(top * i / 4), f"{100 * top * i / 4:.3g} %") for i in range(5)]
    return Chart(title, subtitle, list(lines.values()), x_ticks, y_ticks)


def _nice(value: float) -> float:
    """A round upper bound for the y axis (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × 10^k)."""
    if value <= 0:
        return 0.01
    power = 10 ** math.floor(math.log10(value))
    steps = (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
    return next(round(m * power, 12) for m in steps if m * power >= value)


def trend_rows(store: GraphStore, entities: Sequence[str]) -> tuple[list[tuple[Any, ...]], str]:
    """The trends query's rows for these entities (or the top rising and falling), and a
    subtitle saying which."""
    from kg.queries import run_query

    if not entities:
        result = run_query(store, "trends", {})
        if not result.rows:
            raise NotFound(f"nothing to draw: {result.empty_reason}")
        return result.rows, "the entities whose share of each year's papers rose and fell most"
    rows: list[tuple[Any, ...]] = []
    for name in entities:
        result = run_query(store, "trends", {"entity": name})
        if not result.rows:
            raise NotFound(f"nothing to draw for {name!r}: {result.empty_reason}")
        rows += result.rows
    return rows, "share of each year's papers that mention each"


def write_trends(store: GraphStore, *, entities: Sequence[str], output: Path | None) -> Path:
    """Write the trends page and return its path (default: visualizations/trends[-NAME].html)."""
    rows, subtitle = trend_rows(store, entities)
    chart = trend_chart(rows, title="Trends over the years", subtitle=subtitle)
    path = output or default_output_path("trends", entities[0] if len(entities) == 1 else None)
    return write_page(render_trends(chart), path)


def render_trends(chart: Chart) -> str:
    return template(TEMPLATE).render(chart=chart, csp=CSP, version=__version__)
