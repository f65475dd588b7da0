"""kg's self-trained method list (tools/build_corpus_methods.py, ``corpus_methods.jsonl``): names
kg's own rules type Method in many population abstracts, found where no cue says so."""

from __future__ import annotations

import pytest
from test_extract import SHARED, assert_rebuilt_as_shipped, found, tool_module


def _tool():
    return tool_module("build_corpus_methods")


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("The posterior over topics is approximated by variational Bayes in a few passes.",
         "variational Bayes"),
        ("The tracker runs assumed density filtering on every frame of the clip.",
         "assumed density filtering"),
    ],
)  # fmt: skip
def test_a_name_the_corpus_confirms_as_a_method_needs_no_cue(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("pattern", "match"),
    [
        ("Dirichlet process", "any"),  # a proper word names it
        ("particle filtering", "any"),  # a technique's head and modifiers
        ("KL divergence", "case"),
        ("Hopfield", "context"),
        ("recurrent networks", None),  # a kind noun after plain words: any of its kind
        ("Bayesian algorithm", None),  # ... after adjectives alone
        ("mixture model", None),  # a model is any of its kind
        ("Markov chain", None),  # a mathematical object
        ("Bayesian nonparametric", None),  # an adjective
        ("probabilistic inference", None),  # a problem
        ("MAP-inference", None),
        ("sampling", None),  # one lower-case word
        ("LP", None),  # a short acronym: its shape finds it
        ("mUltiple", None),  # garbled PDF text
    ],
)  # fmt: skip
def test_corpus_method_match_policy_follows_the_names_shape(pattern, match):
    from kg.extract.words import Vocab

    tool = _tool()
    proper = {"dirichlet", "markov", "bayesian", "hopfield"}.__contains__
    assert tool.policy(pattern, Vocab.build({}), proper) == match


def test_a_name_typed_method_in_enough_abstracts_and_rarely_otherwise_is_listed():
    tool = _tool()

    def m(name, etype="Method"):
        return {"name": name, "type": etype}

    texts = ["The tracker uses assumed density filtering."] * 4
    found_ = [[m("assumed density filtering")]] * 3 + [[m("quorl sampling", "Task")]]
    listed = {e["pattern"] for e in tool.build(texts, found_)}
    assert "assumed density filtering" in listed
    found_ = [[m("assumed density filtering")]] * 2  # too few abstracts
    assert not tool.build(texts, found_)
    found_ = [[m("assumed density filtering")]] * 3 + [[m("assumed density filtering", "Task")]] * 2
    assert not tool.build(texts, found_)  # typed otherwise too often
    found_ = [[m("assumed density filtering")]] * 3
    texts = ["The tracker uses assumed density filtering."] * 16
    assert not tool.build(texts, found_)  # mostly written without being made a name


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "data" / "paperlists").is_dir(), reason="needs ../shared/data")
def test_the_shipped_corpus_methods_are_what_the_build_tool_writes(tmp_path):
    assert_rebuilt_as_shipped("build_corpus_methods", "corpus_methods.jsonl", tmp_path)
