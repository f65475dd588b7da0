"""Stage 0 of ``kg train``: pretraining the span model's tok2vec on unlabelled text.

spaCy's "characters" objective (``[pretraining]`` in ``data/spanmodel.cfg``): from each token's
context vector, predict its first and last few characters. No labels and no vectors, so the only
input is text, and the network is the one the span model runs (same width, same speed); stage 1
starts from these weights (``[initialize] init_tok2vec``).

The text (:func:`pretrain_texts`): every abstract of ``paperlists`` (the corpus kg builds) and
the full texts of SciREX *train* (never its dev papers), minus every abstract of every
evaluation set — ``kg/data/eval/papers_*.json`` (tune …, heldout), the dev gold's papers and the
bundled sample dev extraction reads, SciERC dev and SciREX dev — matched by
:func:`text_keys` (the start and the end of the text, letters and digits only, lower-cased), so
a copy with other spacing, LaTeX or a trailing sentence is still caught. ``../shared/data/authors``
is never read (the evaluation sets were drawn from it). Texts are cleaned by kg's reader and
tokenized by kg's tokenizer, as at run time; long texts go in pieces of about
:data:`CHUNK_WORDS` words (sentences kept whole).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from kg.errors import InputError
from kg.extract.spanmodel import CONFIG_PATH
from kg.extract.training import evaluation_keys, natural_spaces, read_jsonl, text_keys

#: where `kg train --pretrain` writes the tok2vec weights (stage 1 reads them if present)
TOK2VEC_NAME = "tok2vec.bin"
CHUNK_WORDS = 250


@dataclass(slots=True)
class PretrainCorpus:
    """What :func:`pretrain_texts` kept and left out."""

    texts: list[str]
    abstracts: int = 0  # paperlists abstracts kept
    scirex_papers: int = 0
    excluded: int = 0  # paperlists abstracts (or SciREX train papers) that are evaluation text
    eval_keys: int = 0

    def describe(self) -> str:
        words = sum(len(t.split()) for t in self.texts)
        return (
            f"pretraining text: {self.abstracts:,} paperlists abstracts and {self.scirex_papers} "
            f"SciREX train papers in {len(self.texts):,} pieces, {words:,} words; "
            f"{self.excluded} excluded as evaluation abstracts ({self.eval_keys:,} keys)"
        )


def _chunks(sentences: Iterable[str], size: int = CHUNK_WORDS) -> Iterator[str]:
    piece: list[str] = []
    n = 0
    for sentence in sentences:
        k = len(sentence.split())
        if piece and n + k > size:
            yield " ".join(piece)
            piece, n = [], 0
        piece.append(sentence)
        n += k
    if piece:
        yield " ".join(piece)


def _scirex_texts(path: Path, limit: int | None) -> Iterator[tuple[str, list[str]]]:
    """``(abstract, pieces)`` of each SciREX paper: its words with natural spacing, section
    markup left out, in pieces of whole sentences."""
    from kg.evalsets import PTB_BRACKETS
    from kg.extract.training import after_markup, scirex_abstract

    for n, doc in enumerate(read_jsonl(path)):
        if limit is not None and n >= limit:
            return
        words = [PTB_BRACKETS.get(w, w) for w in doc["words"]]
        sentences = []
        for start, end in doc["sentences"]:
            start = after_markup(words, start, end)
            if end - start < 3:
                continue
            part = words[start:end]
            sentences.append(
                "".join(
                    w + (" " if s else "") for w, s in zip(part, natural_spaces(part), strict=True)
                )
            )
        yield " ".join(words[: scirex_abstract(doc)]), list(_chunks(sentences))


def pretrain_texts(data: Path, *, limit: int | None = None) -> PretrainCorpus:
    """The unlabelled text: paperlists abstracts and SciREX train papers, evaluation abstracts
    left out (``data`` is ``../shared/data``; ``limit``: abstracts and SciREX papers)."""
    from kg.sources import read_sources

    keys = evaluation_keys(data)
    corpus = PretrainCorpus([], eval_keys=len(keys))
    listing = data / "paperlists"
    files = sorted(p for p in listing.glob("*.json")) if listing.is_dir() else []
    scirex = data / "training" / "scirex" / "train.jsonl"
    if not files or not scirex.is_file():
        raise InputError(f"pretraining text not found: {listing}/*.json and {scirex}")
    for paper in read_sources(files[:1] if limit else files).papers[:limit]:
        text = paper.abstract or ""
        if len(text.split()) < 5:
            continue
        if keys & text_keys(text):
            corpus.excluded += 1
            continue
        corpus.abstracts += 1
        corpus.texts.extend(_chunks(_sentences(text)))
    for abstract, pieces in _scirex_texts(scirex, limit):
        if keys & text_keys(abstract):
            corpus.excluded += 1
            continue
        corpus.scirex_papers += 1
        corpus.texts.extend(pieces)
    return corpus


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9(])")


def _sentences(text: str) -> list[str]:
    return _SENTENCE_END.split(text)


def write_corpus(texts: Iterable[str], path: Path) -> int:
    """The texts as a DocBin tokenized by kg's tokenizer; returns the number of tokens."""
    from spacy.tokens import DocBin

    from kg.extract import build_pipeline

    tokenizer = build_pipeline(span_model=False).tokenizer
    bin_ = DocBin()
    tokens = 0
    for text in texts:
        doc = tokenizer(text)
        tokens += len(doc)
        bin_.add(doc)
    bin_.to_disk(path)
    return tokens


def pretrain(
    *,
    data: Path,
    output: Path,
    config_path: Path = CONFIG_PATH,
    limit: int | None = None,
    max_epochs: int | None = None,
    seed: int = 0,
    log: IO[str] | None = None,
) -> tuple[PretrainCorpus, Path]:
    """Pretrain the tok2vec (``[pretraining]`` of the config) on :func:`pretrain_texts`; write
    its weights to ``output`` (a file). Progress goes to ``log``."""
    import contextlib
    import io
    import sys

    from spacy.training.pretrain import pretrain as spacy_pretrain
    from spacy.util import load_config, load_model_from_config

    log = log if log is not None else io.StringIO()
    corpus = pretrain_texts(data, limit=limit)
    print(corpus.describe(), file=log, flush=True)
    with tempfile.TemporaryDirectory(prefix="kg-pretrain-") as tmp:
        work = Path(tmp)
        tokens = write_corpus(corpus.texts, work / "raw.spacy")
        print(f"pretraining on {tokens:,} tokens", file=log, flush=True)
        overrides: dict[str, Any] = {"paths.raw_text": str(work / "raw.spacy"), "system.seed": seed}
        if max_epochs is not None:
            overrides["pretraining.max_epochs"] = max_epochs
        raw = load_config(config_path, overrides=overrides, interpolate=False)
        raw.pop("kg", None)
        config = load_model_from_config(raw, auto_fill=True).config.interpolate()
        (work / "out").mkdir()
        with contextlib.redirect_stdout(log if log is not sys.stdout else sys.stdout):
            spacy_pretrain(config, work / "out", silent=False)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_bytes((work / "out" / "model-last.bin").read_bytes())
    return corpus, output
