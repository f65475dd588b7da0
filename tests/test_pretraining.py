"""What `kg train` never learns from — an evaluation abstract, in stage 0's unlabelled text or
in stage 1's corpora — and stage 0's pretrained weights reaching stage 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.evalsets import PACKAGE_EVAL
from kg.extract.pretraining import pretrain_texts
from kg.extract.training import (
    _NOT_ALNUM,
    DEFAULT_DATA,
    KEY_CHARS,
    Sentence,
    _write_docbin,
    eval_abstracts,
    init_corpus_nlp,
    left_out,
    scirex_sentences,
    text_keys,
    train_sentences,
)

MADE_UP = [
    "We introduce Glorbnet, a sparse mixture of frobulators for predicting the colour of "
    "imaginary fruit. On the invented Quux benchmark it beats every baseline we made up, and "
    "an ablation over the number of frobulators shows where the gain comes from.",
    "Spline flows over toy manifolds are hard to train. We propose a warm-start schedule and "
    "show that it halves the number of steps on three synthetic tasks of our own, with a "
    "short analysis of why the schedule helps when the manifold is curved.",
]


def _record(abstract: str, n: int) -> dict:
    return {
        "title": f"Paper {n}",
        "author": "A. Person",
        "site": f"https://x/{n}",
        "abstract": abstract,
    }


def _scirex_doc(doc_id: str, text: str) -> dict:
    words = text.split()
    return {
        "doc_id": doc_id,
        "words": words,
        "sentences": [[0, len(words)]],
        "sections": [[0, len(words)]],
        "ner": [],
    }


def test_text_keys_match_a_copy_with_other_spacing_markup_or_an_extra_sentence():
    text = MADE_UP[0]
    assert text_keys(text) & text_keys("  " + text.replace(" ", "  ") + " Code is online.")
    assert text_keys(text) & text_keys(
        "Preprint. " + text.replace("Glorbnet", r"\textbf{Glorbnet}")
    )
    assert not text_keys(MADE_UP[0]) & text_keys(MADE_UP[1])


def test_the_pretraining_text_leaves_out_every_evaluation_abstract(tmp_path: Path):
    # a paperlists file with two made-up abstracts and a tune abstract copied with other spacing
    # and a sentence added at its end; SciREX train with a made-up paper and the tune abstract
    tune = json.loads((PACKAGE_EVAL / "papers_tune.json").read_text("utf-8"))
    copied = " ".join(tune[0]["abstract"].split()).replace(". ", ".  ") + " Code is released."
    data = tmp_path / "data"
    (data / "paperlists").mkdir(parents=True)
    records = [_record(a, n) for n, a in enumerate([MADE_UP[0], copied, MADE_UP[1]])]
    (data / "paperlists" / "conf2020.json").write_text(json.dumps(records), "utf-8")
    scirex = data / "training" / "scirex"
    scirex.mkdir(parents=True)
    docs = [_scirex_doc("a", MADE_UP[1]), _scirex_doc("b", tune[1]["abstract"])]
    (scirex / "train.jsonl").write_text("\n".join(json.dumps(d) for d in docs), "utf-8")
    corpus = pretrain_texts(data)
    assert (corpus.abstracts, corpus.scirex_papers, corpus.excluded) == (2, 1, 2)
    flat = _NOT_ALNUM.sub("", " ".join(corpus.texts).casefold())
    for paper in tune[:2]:
        assert _NOT_ALNUM.sub("", paper["abstract"].casefold())[:60] not in flat


def test_stage_1_leaves_out_a_corpus_paper_that_is_an_evaluation_abstract(tmp_path: Path):
    tune = json.loads((PACKAGE_EVAL / "papers_tune.json").read_text("utf-8"))
    path = tmp_path / "train.jsonl"
    docs = [_scirex_doc("a", MADE_UP[0]), _scirex_doc("b", tune[0]["abstract"] + " We win.")]
    path.write_text("\n".join(json.dumps(d) for d in docs), "utf-8")
    skip = frozenset(k for _, a in eval_abstracts(DEFAULT_DATA.parent) for k in text_keys(a))
    kept = [" ".join(s.words) for s in scirex_sentences(path, skip=skip)]
    assert kept == [MADE_UP[0]]
    assert len(list(scirex_sentences(path))) == 2


@pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason=f"no corpora at {DEFAULT_DATA}")
def test_the_real_training_corpora_hold_no_evaluation_abstract(tmp_path: Path):
    from kg.extract.training import _scirex_text, evaluation_keys, read_jsonl, read_settings

    # SciREX train has papers that are also in kg's tune sets: stage 1 must not see them
    skip = evaluation_keys(DEFAULT_DATA)
    train = DEFAULT_DATA / "training" / "scirex" / "train.jsonl"
    shared = [d for d in read_jsonl(train) if text_keys(_scirex_text(d)) & skip]
    assert len(shared) == left_out(DEFAULT_DATA)["scirex-train"] > 0
    (tmp_path / "shared.jsonl").write_text("\n".join(json.dumps(d) for d in shared), "utf-8")
    theirs = {s.words for s in scirex_sentences(tmp_path / "shared.jsonl") if len(s.words) > 12}
    trained = train_sentences(DEFAULT_DATA, read_settings())
    assert theirs and not theirs & {s.words for s in trained["scirex"]}


@pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason=f"no corpora at {DEFAULT_DATA}")
def test_no_evaluation_abstract_starts_a_piece_of_the_real_pretraining_text():
    corpus = pretrain_texts(DEFAULT_DATA)
    keys = set().union(*(text_keys(a) for _, a in eval_abstracts(DEFAULT_DATA.parent)))
    assert corpus.excluded > 0 and corpus.abstracts > 10_000
    starts = {"^" + _NOT_ALNUM.sub("", t.casefold())[:KEY_CHARS] for t in corpus.texts}
    assert not starts & keys


@pytest.mark.skipif(not DEFAULT_DATA.is_dir(), reason=f"no corpora at {DEFAULT_DATA}")
def test_kg_train_pretrain_writes_a_tok2vec_that_stage_1_starts_from(tmp_path: Path):
    out = tmp_path / "tok2vec.bin"
    result = CliRunner().invoke(app, ["train", "--pretrain", "--smoke", "--output", str(out)])
    assert result.exit_code == 0, result.output
    assert "excluded as evaluation abstracts" in result.stderr
    sentence = Sentence(
        ("We", "use", "Glorbnet", "."), (True, True, False, False), ((2, 3, "Method"),)
    )
    _write_docbin([sentence], tmp_path / "train.spacy")
    nlp = init_corpus_nlp(tmp_path / "train.spacy", tmp_path / "train.spacy", tok2vec=out)
    tok2vec = nlp.get_pipe("kg_span_model").model.get_ref("tok2vec")
    assert tok2vec.to_bytes() == out.read_bytes()
    fresh = init_corpus_nlp(tmp_path / "train.spacy", tmp_path / "train.spacy")
    assert fresh.get_pipe("kg_span_model").model.get_ref("tok2vec").to_bytes() != out.read_bytes()


def test_kg_train_runs_stage_0_only_when_the_config_says_so(tmp_path: Path):
    from kg.extract.spanmodel import CONFIG_PATH
    from kg.extract.training import pretrain_first

    assert not pretrain_first()  # the shipped weights were trained without it
    on = tmp_path / "on.cfg"
    on.write_text(
        CONFIG_PATH.read_text("utf-8").replace("before_corpora = false", "before_corpora = true")
    )
    assert pretrain_first(on)
