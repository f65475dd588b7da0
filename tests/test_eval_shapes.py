"""benchmarks/eval_shapes.py: made-up names keep the shape of the real ones, are the same for a
seed, are no name kg's lists know, and a name kg knows only from a list is lost when made up."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest
from test_extract import paper

from kg.extract.resources import name_key

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "eval_shapes.py"
NAMES = ["Zorb-10", "QuaxNet-50", "Blorp Treebank", "t-QSNE", "Zorb2.1-1.3B", "Quax's Revenge"]


@pytest.fixture(scope="module")
def shapes():
    spec = importlib.util.spec_from_file_location("eval_shapes", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["eval_shapes"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    del sys.modules["eval_shapes"]


def shape(name: str) -> str:
    """V/v a vowel, C/c another letter, in its case; everything else as it is."""
    return "".join(
        ("V" if c.lower() in "aeiou" else "C") if c.isupper() else
        ("v" if c in "aeiou" else "c") if c.isalpha() else c
        for c in name
    )  # fmt: skip


def test_made_up_name_keeps_the_shape(shapes):
    faker = shapes.Faker(random.Random(3))
    for name in NAMES:
        made = faker.name(name)
        assert made != name
        assert shape(made) == shape(name), (name, made)  # case, digits, hyphens, length


def test_made_up_names_are_the_same_for_a_seed(shapes):
    def made(seed: int) -> list[str]:
        faker = shapes.Faker(random.Random(seed))
        return [faker.name(n) for n in NAMES]

    assert made(5) == made(5)
    assert made(5) != made(6)


def test_made_up_name_is_no_name_the_lexicon_knows(shapes):
    # three capitals: many draws are acronyms the lexicon holds, so each must be drawn again
    for seed in range(60):
        made = shapes.Faker(random.Random(seed)).name("QSN")
        assert name_key(made) not in shapes.lexicon_keys(), made
    # a name drawn again until it is free
    faker = shapes.Faker(random.Random(0), taken=lambda piece: not piece.lower().startswith("b"))
    assert faker.name("Zo").startswith("B")


def test_a_name_and_its_acronym_are_made_up_together(shapes):
    text = "We parse the Blorp Treebank (BT) and two blorp treebanks with ZorbNets."
    gold = {"datasets": ["Blorp Treebank|BT"], "methods": ["ZorbNet"]}
    new, swaps, skipped = shapes.perturb(text, gold, shapes.Faker(random.Random(1)))
    assert not skipped and [s.kind for s in swaps] == ["DATA", "METHOD"]
    long, short = swaps[0].made_up
    assert short == "".join(word[0] for word in long.split())  # still its acronym
    assert re.search(r"blorp|treebank|\bBT\b|zorbnet", new, re.IGNORECASE) is None
    assert f"{long} ({short})" in new and f"{swaps[1].made_up[0]}s" in new


def test_a_name_known_only_from_a_list_is_lost_when_made_up(shapes):
    items = [
        # kg knows Caltech-256 from its lexicon; nothing in the sentence says it is data
        ("t", "a", paper("Features learned this way transfer well to Caltech-256.", "a"),
         {"datasets": ["Caltech-256"]}),
        # a new benchmark the sentence introduces is found under any name
        ("t", "b", paper("We introduce Zorblat-7, a new benchmark for robot grasping.", "b"),
         {"benchmarks": ["Zorblat-7"]}),
    ]  # fmt: skip
    counts, lost = shapes.measure(items, seed=0)
    data = counts["t"]["DATA"]
    assert (data.names, data.real, data.made_up, data.lost) == (2, 2, 1, 1)
    assert [(x.paper, x.real) for x in lost] == [("a", "Caltech-256")]
    assert "Caltech" not in lost[0].context and lost[0].made_up in lost[0].context
