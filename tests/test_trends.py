"""Trends: papers per year, the share of the year's papers, rising and falling entities, bursts."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.trends import bursts, slope, trend_rows

YEARS = Path(__file__).parent / "fixtures" / "years.jsonl"


def test_slope_is_the_least_squares_slope() -> None:
    assert slope([2000, 2001, 2002, 2003], [0.1, 0.2, 0.3, 0.4]) == pytest.approx(0.1)
    assert slope([2000, 2001, 2002], [0.3, 0.3, 0.3]) == 0.0
    assert slope([2000], [0.5]) == 0.0


def test_a_steady_rate_has_no_burst() -> None:
    assert bursts([5, 5, 5, 5, 5, 5], [100] * 6) == [False] * 6
    assert bursts([0, 0, 0], [10, 10, 10]) == [False] * 3


def test_a_sudden_rise_is_a_burst_and_ends_when_the_rate_falls_back() -> None:
    relevant = [2, 1, 2, 2, 15, 18, 16, 2, 1, 2]
    found = bursts(relevant, [100] * 10)
    assert found == [False] * 4 + [True] * 3 + [False] * 3


def test_the_burst_needs_more_evidence_when_batches_are_small() -> None:
    # The same shares in batches of 10: the gain no longer pays for leaving the base state.
    assert not any(bursts([0, 0, 0, 0, 2, 2, 1, 0, 0, 0], [10] * 10))


def test_rising_come_first_then_falling_each_by_slope() -> None:
    totals = {2000: 10, 2001: 10, 2002: 10}
    counts = [
        ("Method", "up", "Up", 2000, 1),
        ("Method", "up", "Up", 2002, 5),
        ("Method", "fast", "Fast", 2002, 9),
        ("Method", "down", "Down", 2000, 4),
        ("Method", "down", "Down", 2001, 2),
        ("Method", "rare", "Rare", 2002, 1),
    ]
    rows = trend_rows(counts, totals, {"entity": "", "min_papers": 2, "limit": 5})
    order = list(dict.fromkeys(r[0] for r in rows))
    assert order == ["Fast", "Up", "Down"]  # Rare is in fewer than min_papers papers
    assert [r[2] for r in rows if r[0] == "Down"] == [2000, 2001, 2002]  # zero-filled years
    assert [(r[3], r[4]) for r in rows if r[0] == "Down"] == [(4, 0.4), (2, 0.2), (0, 0.0)]
    assert {r[6] for r in rows if r[0] == "Down"} == {"falling"}


@pytest.fixture(scope="module")
def years_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("years")
    result = CliRunner().invoke(app, ["build", str(YEARS), "--store", str(home), "--fresh"])
    assert result.exit_code == 0, result.output
    return home


def _trends(home: Path, *params: str) -> list[dict[str, object]]:
    args = ["query", "trends", "--store", str(home), "--format", "json"]
    for p in params:
        args += ["--param", p]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_one_entity_gives_papers_and_share_for_every_year(years_store: Path) -> None:
    rows = _trends(years_store, "entity=gaussian process")
    assert [r["year"] for r in rows] == list(range(2010, 2020))
    # the fixture: three papers a year; a Gaussian process in 2, 2, 1, 1, 1, 0, 1, 1, 0, 0
    assert [r["papers"] for r in rows] == [2, 2, 1, 1, 1, 0, 1, 1, 0, 0]
    assert rows[0]["share"] == 0.6667 and rows[-1]["share"] == 0.0
    assert {r["entity"] for r in rows} == {"Gaussian process"}
    assert {r["trend"] for r in rows} == {"falling"}


def test_without_an_entity_bert_rises_in_a_burst(years_store: Path) -> None:
    rows = _trends(years_store, "min_papers=3", "limit=1", "type=method")
    by_entity: dict[str, list[dict[str, object]]] = {}
    for r in rows:
        by_entity.setdefault(str(r["entity"]), []).append(r)
    assert list(by_entity) == ["BERT", "Gaussian process"]
    assert [r["year"] for r in by_entity["BERT"] if r["burst"]] == [2018, 2019]
    assert by_entity["BERT"][0]["trend"] == "rising"


def test_a_range_with_no_papers_says_so(years_store: Path) -> None:
    result = CliRunner().invoke(
        app, ["query", "trends", "--store", str(years_store), "--param", "from=2030"]
    )
    assert result.exit_code == 0
    assert "no rows: no paper with a year in the range asked (from 2030" in result.stderr


def test_kg_viz_trends_writes_an_offline_chart_page(years_store: Path, tmp_path: Path) -> None:
    page = tmp_path / "trends.html"
    args = ["viz", "trends", "--store", str(years_store), "-o", str(page)]
    result = CliRunner().invoke(app, [*args, "--entity", "BERT", "--entity", "Gaussian process"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(page)
    html = page.read_text(encoding="utf-8")
    assert html.count("<polyline") == 2 and "<script" not in html
    assert "default-src 'none'" in unescape(html)
    assert not re.search(r"\b(src|href)=", html)  # nothing to load: offline
    assert "</span>BERT</td>" in html and "2018–2019" in html
    missing = CliRunner().invoke(app, [*args, "--entity", "no such method at all"])
    assert missing.exit_code == 1 and "no method, dataset" in missing.stderr
    top = CliRunner().invoke(app, args)  # no entity: the top rising and falling
    assert top.exit_code == 0 and page.read_text(encoding="utf-8").count("<polyline") >= 2
