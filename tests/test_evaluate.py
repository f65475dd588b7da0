"""kg.evaluate: the score.py matching rules, and `kg eval` bars."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.evaluate import score

ABSTRACT = "We propose FooNet for image classification and evaluate it on CIFAR-10 and SVHN."
SHARED = Path(__file__).resolve().parents[1].parent / "shared"


@pytest.fixture()
def gold(tmp_path: Path) -> tuple[Path, Path]:
    papers = tmp_path / "papers.json"
    papers.write_text(json.dumps([{"id": "x", "abstract": ABSTRACT}]))
    gold = tmp_path / "gold.json"
    gold.write_text(
        json.dumps(
            {
                "x": {
                    "proposed": ["FooNet|Foo Network"],
                    "methods": [],
                    "datasets": ["CIFAR-10", "SVHN"],
                    "benchmarks": [],
                    "tasks": ["image classification"],
                }
            }
        )
    )
    return papers, gold


def rec(*entities: tuple[str, str, str]) -> dict:
    return {
        "abstract": ABSTRACT,
        "entities": [{"name": n, "type": t, "role": r} for n, t, r in entities],
    }


def score_one(gold: tuple[Path, Path], *entities: tuple[str, str, str]) -> dict:
    """Scores of one predicted record (the gold paper's abstract) holding `entities`."""
    papers, g = gold
    return score([rec(*entities)], papers, [g])


def test_perfect_prediction_scores_one(gold):
    got = score_one(
        gold,
        ("Foo Network", "Method", "proposed"),
        ("CIFAR10", "Dataset", "evaluated_on"),
        ("SVHN", "Benchmark", "evaluated_on"),
        ("image classification tasks", "Task", "addresses"),
    )
    assert {c: v[2] for c, v in got.items()} == {
        "METHOD": 1.0,
        "DATA": 1.0,
        "TASK": 1.0,
        "PROPOSED": 1.0,
    }


def test_false_positive_and_miss_and_role(gold):
    got = score_one(
        gold,
        ("FooNet", "Method", "uses"),
        ("ImageNet", "Dataset", "evaluated_on"),
        ("CIFAR-10", "Dataset", "evaluated_on"),
    )
    assert got["METHOD"] == (1.0, 1.0, 1.0)
    assert got["PROPOSED"] == (0.0, 0.0, 0.0)  # right name, wrong role
    p, r, _ = got["DATA"]
    assert (p, r) == (0.5, 0.5)
    assert got["TASK"][1] == 0.0


def test_unmatched_paper_counts_as_all_misses(gold):
    papers, g = gold
    other = {"abstract": "Something else entirely about graphs and kernels.", "entities": []}
    assert score([other], papers, [g])["DATA"] == (0.0, 0.0, 0.0)


@pytest.mark.skipif(not (SHARED / "eval").is_dir(), reason="needs ../shared/eval")
def test_eval_command_prints_categories_and_enforces_bars():
    runner = CliRunner()
    ok = runner.invoke(app, ["eval", "--min-f1", "DATA=0.5"])
    assert ok.exit_code == 0, ok.output
    for cat in ("METHOD", "DATA", "TASK", "PROPOSED"):
        assert cat in ok.output
    failed = runner.invoke(app, ["eval", "--min-f1", "TASK=0.99"])
    assert failed.exit_code == 1
    bad = runner.invoke(app, ["eval", "--min-f1", "NOPE=0.1"])
    assert bad.exit_code == 2
