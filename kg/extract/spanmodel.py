"""The trained span model: Method, Task, Dataset and Metric spans with a probability each.

``kg_span_model`` is a spaCy pipeline component. After it has run, a doc has

``doc.spans["kg_model"]``
    a :class:`~spacy.tokens.SpanGroup` of non-overlapping spans in text order, each labelled
    ``Method``, ``Task``, ``Dataset`` or ``Metric``;
``doc.spans["kg_model"].attrs["scores"]``
    a list of floats in 0..1, parallel to the spans: the model's probability that exactly this
    span (same start, same end) is an entity with this label.

``kg_entities`` reads them as one vote next to the rules and lists (``USE_MODEL``).

How it works. The network is spaCy's ``Tagger.v2`` over a small ``Tok2Vec`` (hash embeddings of
NORM, PREFIX, SUFFIX and SHAPE and a maxout CNN; see ``data/spanmodel.cfg``): it gives every token
a distribution over BILUO tags (``O`` and ``B-``/``I-``/``L-``/``U-`` of each label). Decoding reads
those as the potentials of a chain restricted to well-formed BILUO sequences: Viterbi picks the
spans, forward–backward gives each span's marginal probability. Tagging instead of spaCy's
transition-based ``ner`` keeps the model cheap (one softmax per token, no per-step state
features), which is what lets the pipeline stay several times faster than en_core_web_sm.

Training (:mod:`kg.extract.training`) allows partial labels: a reference doc may say that a span
is "this label or nothing" (``doc.spans["kg_maybe"]``) or that a label was not annotated in a
region (``doc.spans["kg_unlabeled"]``, e.g. TDMSci has no methods), and the loss is then the
probability of the set of tags the annotation allows, so unannotated methods do not teach the
model "not a method".

>>> import spacy
>>> nlp = spacy.blank("en")
>>> _ = nlp.add_pipe("kg_span_model")  # found through kg's spacy_factories entry point
>>> doc = nlp("We train a convolutional neural network on ImageNet.")
>>> [(s.text, s.label_) for s in doc.spans["kg_model"]]
[('convolutional neural network', 'Method'), ('ImageNet', 'Dataset')]
>>> [round(p, 2) for p in doc.spans["kg_model"].attrs["scores"]]
[1.0, 0.99]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any

import numpy as np
import srsly
from spacy.language import Language
from spacy.pipeline import TrainablePipe
from spacy.tokens import Doc, Span, SpanGroup
from spacy.training import Example
from spacy.vocab import Vocab
from thinc.api import Config, Model, NumpyOps
from threadpoolctl import ThreadpoolController

from kg.errors import ConfigError
from kg.extract.resources import DATA_DIR

#: Where ``kg_span_model`` writes its spans.
SPAN_KEY = "kg_model"
#: Reference-doc span groups that carry partial labels (training only).
MAYBE_KEY = "kg_maybe"
UNLABELED_KEY = "kg_unlabeled"
LABELS = ("Method", "Task", "Dataset", "Metric")
TAGS = ("O", *(f"{p}-{label}" for label in LABELS for p in "BILU"))
CONFIG_PATH = DATA_DIR / "spanmodel.cfg"
WEIGHTS_DIR = DATA_DIR / "spanmodel"

_TAG_INDEX = {tag: i for i, tag in enumerate(TAGS)}
_LABEL_TAGS = {label: [_TAG_INDEX[f"{p}-{label}"] for p in "BILU"] for label in LABELS}


def _chain_constraints() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Which tag may follow which (from × to), and which may start and end a sequence."""
    move = np.zeros((len(TAGS), len(TAGS)), dtype="f")
    for i, a in enumerate(TAGS):
        for j, b in enumerate(TAGS):
            if a[0] in "BI":
                move[i, j] = b[0] in "IL" and a[2:] == b[2:]
            else:
                move[i, j] = b[0] in "OBU"
    start = np.array([t[0] in "OBU" for t in TAGS], dtype="f")
    end = np.array([t[0] in "OLU" for t in TAGS], dtype="f")
    return move, start, end


_MOVE, _START, _END = _chain_constraints()
_B, _I, _L, _U = (np.array([_TAG_INDEX[f"{p}-{label}"] for label in LABELS]) for p in "BILU")
_CLOSED = np.array([0, *_L, *_U])  # may precede O, B and U
_FROM_CLOSED = np.array([0, *_B, *_U])
_KIND = np.array(["OBILU".index(t[0]) for t in TAGS])
_LABEL_OF = [t[2:] for t in TAGS]


#: A token the model gives "O" with at least this probability is taken as "O". That splits a
#: doc into short independent stretches (a well-formed path may end and start at any "O"), which
#: are decoded together; a span's probability is then conditional on those tokens being "O",
#: off by at most their remaining 0.1 %.
SURE_OUTSIDE = 0.999


def decode(probs: Sequence[np.ndarray]) -> list[list[tuple[int, int, str, float]]]:
    """Spans ``(start, end, label, probability)`` of each doc from its per-token tag
    distributions (one ``(n_tokens, len(TAGS))`` array per doc)."""
    stretches: list[tuple[int, int, int]] = []  # (doc, first token, token after the last)
    for b, doc_probs in enumerate(probs):
        unsure = np.flatnonzero(doc_probs[:, 0] < SURE_OUTSIDE)
        if unsure.size:
            gaps = np.flatnonzero(np.diff(unsure) > 1)
            firsts = unsure[np.r_[0, gaps + 1]].tolist()
            lasts = unsure[np.r_[gaps, -1]].tolist()
            stretches.extend(
                (b, first, last + 1) for first, last in zip(firsts, lasts, strict=True)
            )
    out: list[list[tuple[int, int, str, float]]] = [[] for _ in probs]
    # stretches of similar length are decoded together, so that little of the work is padding
    stretches.sort(key=lambda s: s[2] - s[1])
    while stretches:
        longest = 2 * (stretches[0][2] - stretches[0][1])
        cut = next((i for i, (_, a, b) in enumerate(stretches) if b - a > longest), len(stretches))
        group, stretches = stretches[:cut], stretches[cut:]
        for (b, offset, _), start, end, label, prob in _decode_stretches(probs, group):
            out[b].append((offset + start, offset + end, label, prob))
    for spans in out:
        spans.sort()
    return out


def _decode_stretches(
    probs: Sequence[np.ndarray], stretches: list[tuple[int, int, int]]
) -> Iterator[tuple[tuple[int, int, int], int, int, str, float]]:
    # padding is a certain "O", which also makes a path end on O, L or U
    p = np.zeros((len(stretches), max(e - s for _, s, e in stretches), len(TAGS)), dtype="f")
    p[:, :, 0] = 1.0
    for i, (b, start, end) in enumerate(stretches):
        p[i, : end - start] = probs[b][start:end]
    path = _viterbi(p)
    alpha, beta, scale = _forward_backward(p)
    z = (alpha[:, -1] * _END).sum(axis=1)
    # P(span) = alpha(first tag) · Π over its later tokens of p(tag) / scale · beta(last tag) / z
    on_path = np.take_along_axis(p, path[:, :, None], axis=2)[:, :, 0] / scale
    chain = np.cumsum(np.log(np.maximum(on_path, 1e-30)), axis=1)
    kind = _KIND[path]
    rows, starts = np.nonzero((kind == 1) | (kind == 4))  # B or U, in reading order
    _, ends = np.nonzero((kind == 3) | (kind == 4))  # L or U: the same spans' ends
    prob = (
        alpha[rows, starts, path[rows, starts]]
        * np.exp(chain[rows, ends] - chain[rows, starts])
        * beta[rows, ends, path[rows, ends]]
        / z[rows]
    )
    found = zip(
        rows.tolist(),
        starts.tolist(),
        ends.tolist(),
        path[rows, starts].tolist(),
        prob.tolist(),
        strict=True,
    )
    for i, start, end, tag, pr in found:
        yield stretches[i], start, end + 1, _LABEL_OF[tag], min(max(pr, 0.0), 1.0)


def _viterbi(p: np.ndarray) -> np.ndarray:
    """The best well-formed tag path of each doc. The chain's structure keeps every step to a
    few (docs × labels) operations: any "closed" tag (O, L, U) may precede O, B or U, and only
    B-x or I-x may precede I-x or L-x."""
    logp = np.log(np.maximum(p, 1e-12))
    n_docs, length, n_tags = p.shape
    rows = np.arange(n_docs)
    back = np.zeros((n_docs, length, n_tags), dtype="i")
    delta = np.where(_START > 0, logp[:, 0], -1e9)
    for t in range(1, length):
        closed = _CLOSED[delta[:, _CLOSED].argmax(axis=1)]
        open_ = np.where(delta[:, _B] >= delta[:, _I], _B, _I)
        best_closed = delta[rows, closed][:, None]
        best_open = np.take_along_axis(delta, open_, axis=1)
        step = logp[:, t]
        delta = np.empty_like(delta)
        delta[:, _FROM_CLOSED] = best_closed + step[:, _FROM_CLOSED]
        delta[:, _I] = best_open + step[:, _I]
        delta[:, _L] = best_open + step[:, _L]
        back[:, t, _FROM_CLOSED] = closed[:, None]
        back[:, t, _I] = open_
        back[:, t, _L] = open_
    delta = np.where(_END > 0, delta, -1e9)
    path = np.zeros((n_docs, length), dtype="i")
    path[:, -1] = delta.argmax(axis=1)
    for t in range(length - 1, 0, -1):
        path[:, t - 1] = back[rows, t, path[:, t]]
    return path


def _forward_backward(p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Scaled forward and backward messages: ``alpha[t]`` sums to 1 over tags, ``scale[t]``
    is what it was divided by, and ``beta`` is divided by the same scales."""
    n_docs, length, _ = p.shape
    alpha = np.empty_like(p)
    beta = np.empty_like(p)
    scale = np.empty((n_docs, length), dtype="f")
    a = _START * p[:, 0]
    for t in range(length):
        if t:
            a = (alpha[:, t - 1] @ _MOVE) * p[:, t]
        scale[:, t] = np.maximum(a.sum(axis=1), 1e-30)
        alpha[:, t] = a / scale[:, t, None]
    beta[:, -1] = _END
    for t in range(length - 2, -1, -1):
        beta[:, t] = ((p[:, t + 1] * beta[:, t + 1]) @ _MOVE.T) / scale[:, t + 1, None]
    return alpha, beta, scale


def allowed_tags(example: Example) -> np.ndarray:
    """A ``(n_tokens, len(TAGS))`` mask of the tags the reference allows for each predicted
    token: the gold tag where there is one, every tag where the token is not aligned, and for a
    token outside the gold spans "O" plus what ``kg_maybe``/``kg_unlabeled`` leave open."""
    n = len(example.predicted)
    mask = np.ones((n, len(TAGS)), dtype=bool)
    gold = example.get_aligned_ner()
    outside = [False] * n
    for i, tag in enumerate(gold):
        if tag in _TAG_INDEX:
            mask[i] = False
            mask[i, _TAG_INDEX[tag]] = True
            outside[i] = tag == "O"
    ref = example.reference
    if UNLABELED_KEY in ref.spans:
        for span in example.get_aligned_spans_y2x(ref.spans[UNLABELED_KEY], allow_overlap=True):
            for i in range(span.start, span.end):
                if outside[i]:
                    mask[i, _LABEL_TAGS[span.label_]] = True
    if MAYBE_KEY in ref.spans:
        for span in example.get_aligned_spans_y2x(ref.spans[MAYBE_KEY], allow_overlap=True):
            size = span.end - span.start
            for k, i in enumerate(range(span.start, span.end)):
                prefix = "U" if size == 1 else "B" if k == 0 else "L" if k == size - 1 else "I"
                if outside[i]:
                    mask[i, _TAG_INDEX[f"{prefix}-{span.label_}"]] = True
    return mask


def judge(example: Example) -> tuple[list[tuple[str, float, bool | None]], Counter[str]]:
    """Each prediction of ``doc.spans["kg_model"]`` as ``(label, score, right)`` against the
    reference's ``ents`` (exact span and label), with ``right`` None where the reference leaves
    it open (a ``kg_maybe`` span, or its label in a ``kg_unlabeled`` region); and the gold spans
    missed, counted by label."""
    ref, group = example.reference, example.predicted.spans.get(SPAN_KEY, [])
    gold = {(e.start_char, e.end_char, e.label_) for e in ref.ents}
    maybe = {(s.start_char, s.end_char, s.label_) for s in ref.spans.get(MAYBE_KEY, [])}
    regions = [(s.start_char, s.end_char, s.label_) for s in ref.spans.get(UNLABELED_KEY, [])]
    scores = group.attrs.get("scores", [1.0] * len(group)) if group else []
    judged: list[tuple[str, float, bool | None]] = []
    found = set()
    for span, score in zip(group, scores, strict=True):
        key = (span.start_char, span.end_char, span.label_)
        found.add(key)
        is_open = key in maybe or any(
            a <= key[0] and key[1] <= b and label == key[2] for a, b, label in regions
        )
        judged.append((key[2], score, True if key in gold else None if is_open else False))
    return judged, Counter(label for *_, label in gold - found)


def score_examples(examples: Iterable[Example]) -> dict[str, Any]:
    """Exact-span precision, recall and F1 per label (see :func:`judge`), in the keys spaCy's
    training loop reads (``kg_model_f`` …)."""
    counts = {label: [0, 0, 0] for label in LABELS}  # tp, fp, fn
    for eg in examples:
        judged, missed = judge(eg)
        for label, _, right in judged:
            if right is not None:
                counts[label][0 if right else 1] += 1
        for label, n in missed.items():
            counts[label][2] += n
    per_type = {label: _prf(*c) for label, c in counts.items()}
    total = _prf(*(sum(c[i] for c in counts.values()) for i in range(3)))
    return {
        "kg_model_p": total["p"],
        "kg_model_r": total["r"],
        "kg_model_f": total["f"],
        "kg_model_per_type": per_type,
    }


def _prf(tp: int, fp: int, fn: int) -> dict[str, float]:
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return {"p": p, "r": r, "f": 2 * p * r / (p + r) if p + r else 0.0}


class SpanModel(TrainablePipe):
    """The trained span tagger (see the module docstring for what it writes)."""

    def __init__(self, vocab: Vocab, model: Model, name: str = "kg_span_model") -> None:
        self.vocab = vocab
        self.model = model
        self.name = name
        self.cfg: dict[str, Any] = {"tags": list(TAGS)}

    def predict(self, docs: Iterable[Doc]) -> list[np.ndarray]:
        docs = list(docs)
        if not any(len(doc) for doc in docs):
            return [np.zeros((len(doc), len(TAGS)), dtype="f") for doc in docs]
        with _blas().limit(limits=1, user_api="blas"):  # one core: processes share the rest
            return [self.model.ops.to_numpy(s) for s in self.model.predict(docs)]

    def set_annotations(self, docs: Iterable[Doc], scores: Sequence[np.ndarray]) -> None:
        for doc, spans in zip(docs, decode(scores), strict=True):
            doc.spans[SPAN_KEY] = SpanGroup(
                doc,
                name=SPAN_KEY,
                spans=[Span(doc, start, end, label=label) for start, end, label, _ in spans],
                attrs={"scores": [prob for *_, prob in spans]},
            )

    def get_loss(self, examples: Iterable[Example], scores: Sequence[Any]) -> tuple[float, list]:
        """Cross-entropy against the set of tags the reference allows for each token; the
        gradient (with respect to the softmax's input, as thinc's Softmax expects) is
        ``p − p·mask / Σ p·mask``, which is zero where every tag is allowed."""
        loss = 0.0
        grads = []
        for eg, guess in zip(examples, scores, strict=True):
            p = self.model.ops.to_numpy(guess)
            kept = p * allowed_tags(eg)
            total = np.maximum(kept.sum(axis=1, keepdims=True), 1e-12)
            loss -= float(np.log(total).sum())
            grads.append(self.model.ops.asarray2f(p - kept / total))
        return loss, grads

    def initialize(
        self, get_examples: Callable[[], Iterable[Example]], *, nlp: Language | None = None
    ) -> None:
        docs = [eg.predicted for eg in islice(get_examples(), 16)]
        self.model.initialize(
            X=docs, Y=[self.model.ops.alloc2f(len(doc), len(TAGS)) for doc in docs]
        )

    def score(self, examples: Iterable[Example], **kwargs: Any) -> dict[str, Any]:
        return score_examples(examples)

    def to_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> None:
        path = Path(path)
        path.mkdir(parents=True, exist_ok=True)
        srsly.write_json(path / "cfg", self.cfg)
        self.model.to_disk(path / "model")

    def from_disk(self, path: str | Path, *, exclude: Iterable[str] = ()) -> SpanModel:
        path = Path(path)
        try:
            cfg = srsly.read_json(path / "cfg")
            self.model.from_disk(path / "model")
        except (OSError, ValueError) as exc:
            raise ConfigError(
                f"cannot load the span model from {path}: {exc}; retrain it with `kg train`"
            ) from exc
        if cfg.get("tags") != list(TAGS):
            raise ConfigError(
                f"the span model in {path} was trained for other tags ({cfg.get('tags')}); "
                "retrain it with `kg train`"
            )
        self.cfg.update(cfg)
        return self


def _default_model() -> dict[str, Any]:
    config = Config().from_disk(CONFIG_PATH, interpolate=False)
    return dict(config["components"]["kg_span_model"]["model"])


@cache
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


class _MatmulOps(NumpyOps):
    """NumpyOps whose matrix product is numpy's (OpenBLAS): several times faster than blis on
    CPUs that blis's generic build does not tune for, and the network is mostly products."""

    name = "kg-matmul"

    def gemm(self, x, y, out=None, trans1=False, trans2=False):  # type: ignore[no-untyped-def]
        a = x.T if trans1 else x
        b = y.T if trans2 else y
        if out is None:
            return np.matmul(a, b)
        np.matmul(a, b, out=out)
        return out


@Language.factory("kg_span_model", default_config={"model": _default_model(), "weights": "bundled"})
def make_span_model(nlp: Language, name: str, model: Model, weights: str | None) -> SpanModel:
    """``weights``: "bundled" (the package's trained weights), a directory written by
    ``kg train``, or null for an untrained model (what training starts from)."""
    ops = _MatmulOps()
    for node in model.walk():
        node.ops = ops
    component = SpanModel(nlp.vocab, model, name)
    if weights:
        component.from_disk(WEIGHTS_DIR if weights == "bundled" else Path(weights))
    return component
