"""The trained span model: decoding, partial labels, the shipped weights, and `kg train`."""

from __future__ import annotations

import doctest
from pathlib import Path

import numpy as np
import pytest
import spacy
from spacy.training import Example
from typer.testing import CliRunner

import kg.extract.resources
import kg.extract.spanmodel
import kg.extract.training
from kg.cli import app
from kg.errors import ConfigError
from kg.extract import build_pipeline
from kg.extract.convention import project
from kg.extract.spanmodel import SPAN_KEY, TAGS, allowed_tags, decode
from kg.extract.training import DEFAULT_DATA, Sentence, to_doc

T = {tag: i for i, tag in enumerate(TAGS)}


def dists(*rows: dict[str, float]) -> np.ndarray:
    """Per-token tag distributions; what a row leaves unassigned goes to "O"."""
    p = np.zeros((len(rows), len(TAGS)), dtype="f")
    for i, row in enumerate(rows):
        for tag, prob in row.items():
            p[i, T[tag]] = prob
        p[i, 0] += 1.0 - p[i].sum()
    return p


def test_decode_reads_spans_and_their_probability():
    [spans] = decode([dists({}, {"B-Method": 1.0}, {"L-Method": 1.0}, {}, {"U-Dataset": 0.9})])
    assert [(s, e, label) for s, e, label, _ in spans] == [(1, 3, "Method"), (4, 5, "Dataset")]
    assert spans[0][3] == pytest.approx(1.0)
    assert spans[1][3] == pytest.approx(0.9)


def test_decode_only_gives_well_formed_spans():
    # an "I" with no "B" before it, and a "B" that never ends: neither is a span
    [spans] = decode([dists({"I-Task": 0.6}, {}, {"B-Task": 0.6})])
    assert spans == []


def test_a_span_probability_is_shared_with_its_rivals():
    # "neural network" as one Method or "network" alone: the two readings split the mass
    [spans] = decode([dists({"B-Method": 0.6}, {"L-Method": 0.6, "U-Method": 0.4})])
    [(start, end, label, prob)] = spans
    assert (start, end, label) == (0, 2, "Method")
    assert 0.3 < prob < 0.7


def test_decode_batches_docs_of_different_lengths():
    short, long = dists({"U-Metric": 1.0}), dists({}, {}, {"U-Task": 1.0})
    assert [[s[:3] for s in d] for d in decode([short, long, dists()])] == [
        [(0, 1, "Metric")],
        [(2, 3, "Task")],
        [],
    ]


def test_unannotated_labels_are_left_open_in_the_loss():
    """TDMSci marks no methods: outside its gold spans a token may be O or a Method, but not
    another Task; inside a gold span only the gold tag is right."""
    nlp = spacy.blank("en")
    sentence = Sentence(
        words=("We", "use", "BERT", "for", "question", "answering", "."),
        spaces=(True, True, True, True, True, False, False),
        spans=((4, 6, "Task"),),
        unlabeled=("Method",),
    )
    ref = to_doc(sentence, nlp.vocab)
    mask = allowed_tags(Example(nlp.make_doc(ref.text), ref))
    allowed = {TAGS[k] for k in np.flatnonzero(mask[2])}
    assert allowed == {"O", "B-Method", "I-Method", "L-Method", "U-Method"}
    assert {TAGS[k] for k in np.flatnonzero(mask[4])} == {"B-Task"}


def test_maybe_spans_allow_their_label_or_nothing():
    nlp = spacy.blank("en")
    sentence = Sentence(
        words=("Results", "on", "English", "text", "."),
        spaces=(True, True, True, False, False),
        maybe=((2, 4, "Dataset"),),
    )
    ref = to_doc(sentence, nlp.vocab)
    mask = allowed_tags(Example(nlp.make_doc(ref.text), ref))
    assert {TAGS[k] for k in np.flatnonzero(mask[2])} == {"O", "B-Dataset"}
    assert {TAGS[k] for k in np.flatnonzero(mask[0])} == {"O"}


@pytest.fixture(scope="module")
def shipped() -> spacy.language.Language:
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_span_model")
    return nlp


def test_the_shipped_model_finds_a_known_dataset_and_method(shipped):
    doc = shipped(
        "We fine-tune a convolutional neural network and report top-1 accuracy on ImageNet."
    )
    found = {(s.text, s.label_) for s in doc.spans[SPAN_KEY]}
    assert ("ImageNet", "Dataset") in found
    assert any(label == "Method" and "network" in text for text, label in found)


def test_scores_are_probabilities_parallel_to_the_spans(shipped):
    docs = list(
        shipped.pipe(
            [
                "We evaluate BERT on SQuAD and measure F1 for question answering.",
                "",
                "Machine translation with a Transformer improves BLEU on WMT14.",
            ]
        )
    )
    for doc in docs:
        group = doc.spans[SPAN_KEY]
        scores = group.attrs["scores"]
        assert len(scores) == len(group)
        assert all(0.0 <= s <= 1.0 for s in scores)
    assert len(docs[0].spans[SPAN_KEY]) >= 2
    assert len(docs[1].spans[SPAN_KEY]) == 0


def test_the_fast_matrix_product_gives_the_network_s_own_probabilities():
    # kg_span_model swaps thinc's blis products for numpy's: the tags must not move
    from thinc.api import NumpyOps

    nlp = spacy.blank("en")
    model = nlp.add_pipe("kg_span_model").model
    assert all(type(node.ops).__name__ == "_MatmulOps" for node in model.walk())
    docs = [nlp.make_doc("We train a ResNet on CIFAR-10 for image classification with SGD.")]
    ours = model.predict(docs)[0]
    for node in model.walk():
        node.ops = NumpyOps()
    theirs = model.predict(docs)[0]
    np.testing.assert_allclose(ours, theirs, atol=1e-5)
    assert (ours.argmax(axis=1) == theirs.argmax(axis=1)).all()


def test_kg_pipeline_runs_the_span_model_unless_asked_not_to():
    assert "kg_span_model" in build_pipeline().pipe_names
    assert "kg_span_model" not in build_pipeline(span_model=False).pipe_names
    doc = build_pipeline()("We evaluate on ImageNet.")
    assert SPAN_KEY in doc.spans


@pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason=f"no training corpora at {DEFAULT_DATA}")
def test_kg_train_writes_a_model_that_loads(tmp_path: Path):
    out = tmp_path / "weights"
    result = CliRunner().invoke(app, ["train", "--smoke", "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert "scirex-abstract" in result.stdout and "Method" in result.stdout
    assert "stage 0: pretraining text" in result.stderr  # the smoke path covers stage 0
    assert "stage 1: left out as evaluation abstracts: 4 scirex-train papers" in result.stderr
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_span_model", config={"weights": str(out)})
    doc = nlp("We train a model on ImageNet.")
    assert len(doc.spans[SPAN_KEY].attrs["scores"]) == len(doc.spans[SPAN_KEY])


@pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason=f"no training corpora at {DEFAULT_DATA}")
def test_kg_train_base_continues_on_kg_gold(tmp_path: Path):
    out = tmp_path / "weights"
    base = Path(kg.extract.spanmodel.WEIGHTS_DIR)
    result = CliRunner().invoke(
        app, ["train", "--smoke", "--base", str(base), "--output", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "kg gold: 360 abstracts" in result.stderr  # tune … tune6
    nlp = spacy.blank("en")
    nlp.add_pipe("kg_span_model", config={"weights": str(out)})
    assert (out / "model").read_bytes() != (base / "model").read_bytes()


def test_kg_gold_is_found_in_the_abstracts_and_heldout_is_never_trained_on():
    projection = project()
    assert len(projection.docs) == 360  # tune … tune6
    assert projection.found / projection.entries > 0.95
    with pytest.raises(ConfigError, match="heldout"):
        project(["tune", "heldout"])
    with pytest.raises(ConfigError, match="tune7"):  # annotated blind, to measure on only
        project(["tune7"])
    with pytest.raises(ConfigError, match="tune8"):  # the same, a round later
        project(["tune8"])
    with pytest.raises(ConfigError, match="tune9"):  # and a round after that
        project(["tune9"])
    with pytest.raises(ConfigError, match="tune10"):  # and the round after
        project(["tune10"])


def test_kg_train_says_where_the_corpora_should_be(tmp_path: Path):
    result = CliRunner().invoke(app, ["train", "--data", str(tmp_path), "--smoke"])
    assert result.exit_code == 1
    assert "training corpora not found" in result.output and "--data" in result.output


def test_weights_from_elsewhere_fail_with_a_message(tmp_path: Path):
    nlp = spacy.blank("en")
    with pytest.raises(Exception, match="kg train"):
        nlp.add_pipe("kg_span_model", config={"weights": str(tmp_path)})


@pytest.mark.parametrize(
    "module", [kg.extract.spanmodel, kg.extract.training, kg.extract.resources]
)
def test_the_examples_in_the_docstrings_hold(module):
    assert doctest.testmod(module).failed == 0
