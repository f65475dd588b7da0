"""Training the span model: corpora → examples → spaCy training → weights in the package.

The corpora (``../shared/data``, see its README) use different label sets; kg trains on one:
Method, Task, Dataset, Metric.

============  ==========================================  =====================================
corpus        labels                                       becomes
============  ==========================================  =====================================
SciREX        Method, Task, Material, Metric               Material → Dataset (it names the
                                                           data a paper uses: SQuAD, ImageNet)
SciERC        Method, Task, Material, Metric, Generic,     Material → "Dataset or nothing"
              OtherScientificTerm                          (``kg_maybe``: it also marks
                                                           "English", "speech", "texts");
                                                           Generic and OtherScientificTerm → O
TDMSci        TASK, DATASET, METRIC                        Method unannotated: its tokens
                                                           outside a gold span are "O or a
                                                           Method" (``kg_unlabeled``)
============  ==========================================  =====================================

Every corpus becomes sentences. SciREX papers are long: the title, abstract and introduction are
kept whole, the rest of the paper by ``body_fraction`` (a hash of paper and sentence, so the same
sentences every run). Text is rebuilt from the words with natural spacing ("ResNet-50",
"networks."), and the model sees it through kg's tokenizer, as it will at run time.

Dev sets are for choosing only: SciREX dev, SciERC dev and a held-out block of TDMSci (which has
no dev split) are never trained on.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import IO, Any

from kg.errors import ConfigError, InputError
from kg.evalsets import PTB_BRACKETS
from kg.extract.convention import GoldSettings, Projection, finetune, read_gold_settings
from kg.extract.spanmodel import CONFIG_PATH, MAYBE_KEY, UNLABELED_KEY, WEIGHTS_DIR

#: ../shared/data next to the repository (a source checkout); `kg train --data` overrides it.
DEFAULT_DATA = Path(__file__).resolve().parents[3] / "shared" / "data"

_SCIREX = {"Method": "Method", "Task": "Task", "Material": "Dataset", "Metric": "Metric"}
_SCIERC = {"Method": "Method", "Task": "Task", "Metric": "Metric"}
_TDMSCI = {"TASK": "Task", "DATASET": "Dataset", "METRIC": "Metric"}
_HEADER = {"section", "subsection", "subsubsection", "paragraph", "document", "bibliography"}
_NO_SPACE_BEFORE = {".", ",", ";", ":", ")", "]", "?", "!", "%", "'s", "n't", "'"}
_NO_SPACE_AFTER = {"(", "["}
_JOINERS = {"-", "/"}
_ALNUM = re.compile(r"\w")


@dataclass(frozen=True, slots=True)
class Sentence:
    """One training or dev example: words with spacing, gold spans ``(start, end, label)``
    over word indices (end exclusive), spans that may be their label or nothing, and labels
    the corpus does not annotate."""

    words: tuple[str, ...]
    spaces: tuple[bool, ...]
    spans: tuple[tuple[int, int, str], ...] = ()
    maybe: tuple[tuple[int, int, str], ...] = ()
    unlabeled: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class CorpusSettings:
    body_fraction: float = 0.3
    tdmsci: str = "partial"  # or "skip", or "plain" (its O is O for every label: the naive merge)
    tdmsci_holdout: float = 0.2

    def __post_init__(self) -> None:
        if self.tdmsci not in ("partial", "skip", "plain"):
            raise ConfigError(
                f'[kg.corpus] tdmsci must be "partial", "skip" or "plain", not {self.tdmsci!r}'
            )


def natural_spaces(words: list[str]) -> list[bool]:
    """Whether each word is followed by a space, as running text would have it.

    >>> natural_spaces(["a", "ResNet", "-", "50", "(", "ours", ")", "."])
    [True, False, False, True, False, False, False, False]
    """
    spaces = []
    for i, word in enumerate(words):
        nxt = words[i + 1] if i + 1 < len(words) else ""
        after = words[i + 2] if i + 2 < len(words) else ""
        glued = (word in _JOINERS and _ALNUM.match(nxt)) or (
            nxt in _JOINERS and _ALNUM.search(word[-1:]) and _ALNUM.match(after)
        )
        spaces.append(
            bool(nxt) and nxt not in _NO_SPACE_BEFORE and word not in _NO_SPACE_AFTER and not glued
        )
    return spaces


def _sentence(
    words: list[str],
    spans: Iterable[tuple[int, int, str]],
    *,
    maybe: Iterable[tuple[int, int, str]] = (),
    unlabeled: tuple[str, ...] = (),
    spaces: list[bool] | None = None,
) -> Sentence:
    return Sentence(
        tuple(words),
        tuple(spaces if spaces is not None else natural_spaces(words)),
        tuple(_non_overlapping(spans)),
        tuple(maybe),
        unlabeled,
    )


def _non_overlapping(spans: Iterable[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """spaCy's ``filter_spans`` policy: longer spans first, then earlier ones."""
    kept: list[tuple[int, int, str]] = []
    taken: set[int] = set()
    for start, end, label in sorted(set(spans), key=lambda s: (s[0] - s[1], s[0])):
        if end > start and not taken.intersection(range(start, end)):
            kept.append((start, end, label))
            taken.update(range(start, end))
    return sorted(kept)


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    for number, line in enumerate(lines, 1):
        if line.strip():
            try:
                yield json.loads(line)
            except ValueError as exc:
                raise InputError(f"{path}:{number}: not a JSON line ({exc})") from exc


def _kept(doc_id: str, index: int, fraction: float) -> bool:
    digest = hashlib.blake2b(f"{doc_id}:{index}".encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") / 2**32 < fraction


def scirex_front(doc: dict[str, Any]) -> int:
    """Where the title, abstract and introduction of a SciREX paper end (a word index)."""
    sections = doc["sections"]
    words = doc["words"]
    for start, end in sections[:4]:
        if "introduction" in " ".join(words[start : start + 8]).lower():
            return end
    return sections[min(1, len(sections) - 1)][1] if sections else len(words)


def scirex_abstract(doc: dict[str, Any]) -> int:
    """Where the title and abstract of a SciREX paper end (a word index, at most 400 words in):
    the "document" section that holds both, or the first section and a section "Abstract"."""
    sections = doc["sections"]
    words = doc["words"]
    if not sections:
        return 0
    end = sections[0][1]
    if (
        len(sections) > 1
        and "abstract" in " ".join(words[sections[1][0] : sections[1][0] + 4]).lower()
    ):
        end = sections[1][1]
    return min(end, 400)


# --- evaluation text, never trained on -----------------------------------------------------------

#: how many letters and digits of a text's start and of its end make its keys
KEY_CHARS = 200
_NOT_ALNUM = re.compile(r"[\W_]+")


def text_keys(text: str) -> set[str]:
    """Keys that match the same abstract however it was copied: its first and last
    :data:`KEY_CHARS` letters and digits (after kg's cleaning), lower-cased.

    >>> sorted(text_keys("We  propose \\\\textbf{X}-Net.")) == sorted(text_keys("we propose X Net"))
    True
    """
    from kg.text import clean_abstract

    flat = _NOT_ALNUM.sub("", clean_abstract(text)[0].casefold())
    if not flat:
        return set()
    return {"^" + flat[:KEY_CHARS], "$" + flat[-KEY_CHARS:]}


def eval_abstracts(shared: Path) -> Iterator[tuple[str, str]]:
    """``(set name, abstract)`` of every evaluation set, for exclusion only (never printed):
    ``kg/data/eval/papers_*.json`` (tune …, heldout), the dev gold's papers and the bundled
    sample dev extraction reads, SciERC dev and SciREX dev (``shared``: ``../shared``)."""
    from kg.evalsets import PACKAGE_EVAL
    from kg.sources import read_sources

    for path in sorted(PACKAGE_EVAL.glob("papers_*.json")):
        name = path.stem.removeprefix("papers_")
        for paper in json.loads(path.read_text(encoding="utf-8")):
            yield name, paper.get("abstract") or ""
    dev = shared / "eval" / "papers_dev.json"
    if dev.is_file():
        for paper in json.loads(dev.read_text(encoding="utf-8")):
            yield "dev", paper.get("abstract") or ""
    for paper in read_sources(None).papers:  # the bundled sample: what dev extraction reads
        yield "dev sample", paper.abstract or ""
    scierc = shared / "data" / "scierc" / "dev.json"
    if scierc.is_file():
        for doc in read_jsonl(scierc):
            yield "scierc dev", _scierc_text(doc)
    scirex = shared / "data" / "training" / "scirex" / "dev.jsonl"
    if scirex.is_file():
        for doc in read_jsonl(scirex):
            yield "scirex dev", _scirex_text(doc)


@cache
def evaluation_keys(data: Path) -> frozenset[str]:
    """The :func:`text_keys` of every evaluation abstract (``data``: ``../shared/data``)."""
    return frozenset(k for _, text in eval_abstracts(data.parent) for k in text_keys(text))


def _scirex_text(doc: dict[str, Any]) -> str:
    return " ".join(doc["words"][: scirex_abstract(doc)])


def _scierc_text(doc: dict[str, Any]) -> str:
    return " ".join(w for sent in doc["sentences"] for w in sent)


def left_out(data: Path) -> dict[str, int]:
    """How many training papers of each corpus are evaluation abstracts, and so left out."""
    paths, skip = _corpus_paths(data), evaluation_keys(data)
    return {
        name: sum(bool(text_keys(text(doc)) & skip) for doc in read_jsonl(paths[name]))
        for name, text in (("scirex-train", _scirex_text), ("scierc-train", _scierc_text))
    }


def after_markup(words: list[str], start: int, end: int) -> int:
    """Where a SciREX sentence's text starts: after its section markup ("section : Introduction
    …"), which is not text."""
    while end - start > 2 and words[start] in _HEADER and words[start + 1] == ":":
        start += 2
    return start


def scirex_sentences(
    path: Path,
    *,
    part: str = "all",
    body_fraction: float = 1.0,
    limit: int | None = None,
    skip: frozenset[str] = frozenset(),
) -> Iterator[Sentence]:
    """Sentences of SciREX papers: ``part`` is "all", "front" (title, abstract, introduction)
    or "abstract"; sentences past the front are kept by ``body_fraction``; papers whose
    abstract has a key in ``skip`` are left out."""
    for n, doc in enumerate(read_jsonl(path)):
        if limit is not None and n >= limit:
            return
        if skip and text_keys(_scirex_text(doc)) & skip:
            continue
        words = doc["words"]
        stop = {"all": len(words), "front": scirex_front(doc), "abstract": scirex_abstract(doc)}[
            part
        ]
        front = scirex_front(doc)
        ner = sorted((s, e, _SCIREX[label]) for s, e, label in doc["ner"] if label in _SCIREX)
        for index, (start, end) in enumerate(doc["sentences"]):
            if start >= stop:
                break
            if start >= front and not _kept(doc["doc_id"], index, body_fraction):
                continue
            start = after_markup(words, start, end)
            if end - start < 3:
                continue
            spans = [(s - start, e - start, lab) for s, e, lab in ner if start <= s and e <= end]
            yield _sentence(words[start:end], spans)


def scierc_sentences(
    path: Path, *, limit: int | None = None, skip: frozenset[str] = frozenset()
) -> Iterator[Sentence]:
    """Sentences of SciERC abstracts (its ``ner`` ends are inclusive and count from the doc);
    abstracts with a key in ``skip`` are left out."""
    for n, doc in enumerate(read_jsonl(path)):
        if limit is not None and n >= limit:
            return
        if skip and text_keys(_scierc_text(doc)) & skip:
            continue
        offset = 0
        for words, ner in zip(doc["sentences"], doc["ner"], strict=True):
            words = [PTB_BRACKETS.get(w, w) for w in words]
            spans, maybe = [], []
            for s, e, label in ner:
                span = (s - offset, e + 1 - offset)
                if label in _SCIERC:
                    spans.append((*span, _SCIERC[label]))
                elif label == "Material":
                    maybe.append((*span, "Dataset"))
            offset += len(words)
            yield _sentence(words, spans, maybe=maybe)


def tdmsci_sentences(
    path: Path, *, part: str, holdout: float, limit: int | None = None, partial: bool = True
) -> Iterator[Sentence]:
    """TDMSci sentences (CoNLL: word, character offset, BIO tag); ``part`` "train" or
    "heldout" (the last ``holdout`` share of the file, one contiguous block). ``partial``:
    mark Method as not annotated."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    blocks = [b for b in re.split(r"\n\s*\n", text) if b.strip()]
    cut = round(len(blocks) * (1 - holdout))
    chosen = blocks[:cut] if part == "train" else blocks[cut:]
    for block in chosen[:limit]:
        rows = [line.split("\t") for line in block.splitlines() if line.strip()]
        if any(len(row) < 3 for row in rows):
            raise InputError(
                f"{path}: a line in the block starting {block[:40]!r} is not word, offset, tag"
            )
        words = [row[0] for row in rows]
        offsets = [int(row[1]) for row in rows]
        spaces = [
            i + 1 < len(words) and offsets[i + 1] > offsets[i] + len(words[i])
            for i in range(len(words))
        ]
        spans: list[tuple[int, int, str]] = []
        current: tuple[int, str] | None = None  # start and label of the open span
        for i, tag in enumerate([*(row[-1] for row in rows), "O"]):
            if current is not None and not tag.startswith("I-"):
                spans.append((current[0], i, _TDMSCI[current[1]]))
                current = None
            if tag.startswith("B-") or (tag.startswith("I-") and current is None):
                current = (i, tag[2:])
        yield _sentence(words, spans, unlabeled=("Method",) if partial else (), spaces=spaces)


def to_doc(sentence: Sentence, vocab: Any) -> Any:
    """The reference Doc of a sentence: gold spans as ``ents``, partial labels as span groups."""
    from spacy.tokens import Doc, Span

    doc = Doc(vocab, words=list(sentence.words), spaces=list(sentence.spaces))
    doc.ents = [Span(doc, s, e, label=label) for s, e, label in sentence.spans]
    doc.spans[MAYBE_KEY] = [Span(doc, s, e, label=label) for s, e, label in sentence.maybe]
    doc.spans[UNLABELED_KEY] = [Span(doc, 0, len(doc), label=lab) for lab in sentence.unlabeled]
    return doc


def read_settings(config_path: Path = CONFIG_PATH) -> CorpusSettings:
    from thinc.api import Config

    raw = Config().from_disk(config_path, interpolate=False).get("kg", {}).get("corpus", {})
    try:
        return CorpusSettings(**raw)
    except TypeError as exc:
        raise ConfigError(f"{config_path}: [kg.corpus] {exc}") from exc


def _corpus_paths(data: Path) -> dict[str, Path]:
    paths = {
        "scirex-train": data / "training" / "scirex" / "train.jsonl",
        "scirex-dev": data / "training" / "scirex" / "dev.jsonl",
        "tdmsci": data / "training" / "tdmsci" / "train.conll",
        "scierc-train": data / "scierc" / "train.json",
        "scierc-dev": data / "scierc" / "dev.json",
    }
    missing = [str(p) for p in paths.values() if not p.is_file()]
    if missing:
        raise InputError(
            f"training corpora not found: {', '.join(missing)}; pass --data with the folder that "
            "holds training/scirex, training/tdmsci and scierc (../shared/data)"
        )
    return paths


def train_sentences(
    data: Path, settings: CorpusSettings, *, limit: int | None = None
) -> dict[str, list[Sentence]]:
    """The training examples by corpus (``limit``: papers, abstracts or sentences per corpus),
    without any paper whose abstract is in an evaluation set (:func:`evaluation_keys`)."""
    paths, skip = _corpus_paths(data), evaluation_keys(data)
    sets = {
        "scirex": list(
            scirex_sentences(
                paths["scirex-train"],
                part="all",
                body_fraction=settings.body_fraction,
                limit=limit,
                skip=skip,
            )
        ),
        "scierc": list(scierc_sentences(paths["scierc-train"], limit=limit, skip=skip)),
    }
    if settings.tdmsci != "skip":
        sets["tdmsci"] = list(
            tdmsci_sentences(
                paths["tdmsci"],
                part="train",
                holdout=settings.tdmsci_holdout,
                limit=limit,
                partial=settings.tdmsci == "partial",
            )
        )
    return sets


def dev_sentences(
    data: Path, settings: CorpusSettings, *, limit: int | None = None, whole_papers: bool = False
) -> dict[str, list[Sentence]]:
    """The dev sets by name; ``whole_papers`` adds every sentence of the SciREX dev papers."""
    paths = _corpus_paths(data)
    sets = {
        "scirex-abstract": list(
            scirex_sentences(paths["scirex-dev"], part="abstract", limit=limit)
        ),
        "scierc": list(scierc_sentences(paths["scierc-dev"], limit=limit)),
        "tdmsci-heldout": list(
            tdmsci_sentences(
                paths["tdmsci"], part="heldout", holdout=settings.tdmsci_holdout, limit=limit
            )
        ),
    }
    if whole_papers:
        sets["scirex-paper"] = list(scirex_sentences(paths["scirex-dev"], part="all", limit=limit))
    return sets


def _write_docbin(sentences: Iterable[Sentence], path: Path) -> None:
    import spacy
    from spacy.tokens import DocBin

    vocab = spacy.blank("en").vocab
    DocBin(docs=(to_doc(s, vocab) for s in sentences)).to_disk(path)


@dataclass(slots=True)
class TrainReport:
    """What ``kg train`` did: examples per corpus, where the weights went, dev scores per set
    (``score_examples`` dicts) and precision by score bucket on all dev sets together."""

    examples: dict[str, tuple[int, Counter[str]]]
    output: Path
    gold: Projection | None = None  # kg's own gold, when training continued on it
    pretrain: Any = None  # what stage 0 read (a PretrainCorpus), when it ran
    tok2vec: Path | None = None  # the pretrained tok2vec stage 1 started from
    left_out: dict[str, int] = field(default_factory=dict)  # corpus papers that are eval text
    scores: dict[str, dict[str, Any]] = field(default_factory=dict)
    calibration: list[tuple[float, float, int, float]] = field(default_factory=list)

    def score_rows(self) -> list[tuple[str, str, float, float, float]]:
        """``(dev set, label or "all", P, R, F1)``, rounded for display."""
        return score_rows(self.scores)


def score_rows(scores: dict[str, dict[str, Any]]) -> list[tuple[str, str, float, float, float]]:
    rows = []
    for name, score in scores.items():
        per_type = {**score["kg_model_per_type"]}
        per_type["all"] = {k: score[f"kg_model_{k}"] for k in "prf"}
        for label, prf in per_type.items():
            rows.append((name, label, *(round(prf[k], 3) for k in "prf")))
    return rows


def train(
    *,
    data: Path | None = None,
    output: Path | None = None,
    seed: int = 0,
    max_steps: int | None = None,
    limit: int | None = None,
    log: IO[str] | None = None,
    config_path: Path = CONFIG_PATH,
    base: Path | None = None,
    tok2vec: Path | None = None,
) -> TrainReport:
    """Convert the corpora, train with spaCy's loop and write the best weights (by dev F1) to
    ``output`` (default: the package's, which the pipeline loads); then continue on kg's own
    gold as ``[kg.gold]`` says (:func:`kg.extract.convention.finetune`). ``base``: weights
    already trained on the corpora (an earlier ``kg train`` with ``[kg.gold] sets = []``),
    which skips the first stage. Before the corpora, stage 0 pretrains the tok2vec on unlabelled
    abstracts (:mod:`kg.extract.pretraining`) when ``[kg.pretrain] before_corpora`` says so (and
    always, tiny, with ``limit``); ``tok2vec``: a file an earlier ``kg train --pretrain`` wrote,
    which stage 1 starts from instead.

    ``data`` defaults to :data:`DEFAULT_DATA`; ``log`` receives spaCy's progress table.
    ``config_path`` (default ``data/spanmodel.cfg``; its ``[kg.corpus]`` section drives the
    conversion) may name a variant for experiments with the corpus settings: the component
    builds its network from the bundled config, so the network sections must stay as they are.
    """
    import io

    data = data or DEFAULT_DATA
    output = output or WEIGHTS_DIR
    settings = read_settings(config_path)
    train_sets = train_sentences(data, settings, limit=limit)
    dev_sets = dev_sentences(data, settings, limit=limit)
    report = TrainReport(
        examples={
            name: (len(s), Counter(lab for x in s for *_, lab in x.spans))
            for name, s in train_sets.items()
        },
        output=output,
    )
    log = log if log is not None else io.StringIO()
    gold = read_gold_settings(config_path)
    if base is not None:
        if not gold.sets:
            raise ConfigError(
                f"--base continues training on kg's gold, but {config_path} [kg.gold] sets is []"
            )
        report.examples = {}
        _continue_on_gold(report, gold, data=data, base=base, limit=limit, log=log)
    else:
        with tempfile.TemporaryDirectory(prefix="kg-tok2vec-") as tmp:
            if tok2vec is None and (limit or pretrain_first(config_path)):  # smoke: always
                from kg.extract.pretraining import pretrain

                report.pretrain, tok2vec = pretrain(
                    data=data,
                    output=Path(tmp) / "tok2vec.bin",
                    config_path=config_path,
                    limit=limit,
                    max_epochs=1 if limit else None,
                    seed=seed,
                    log=log,
                )
            report.tok2vec = tok2vec
            report.left_out = left_out(data)
            _train_on_corpora(
                train_sets, dev_sets, config_path, output, seed, max_steps, log, tok2vec
            )
        _continue_on_gold(report, gold, data=data, base=output, limit=limit, log=log)
    report.scores, judged = evaluate(dev_sets, weights=output)
    report.calibration = calibration(j for js in judged.values() for j in js)
    return report


def pretrain_first(config_path: Path = CONFIG_PATH) -> bool:
    """``[kg.pretrain] before_corpora`` of the config: does ``kg train`` run stage 0?"""
    from thinc.api import Config

    raw = Config().from_disk(config_path, interpolate=False).get("kg", {}).get("pretrain", {})
    return bool(raw.get("before_corpora", False))


def _continue_on_gold(
    report: TrainReport,
    gold: GoldSettings,
    *,
    data: Path,
    base: Path,
    limit: int | None,
    log: IO[str],
) -> None:
    if not gold.sets:
        return
    report.gold = finetune(
        gold.sets,
        output=report.output,
        base=base,
        epochs=1 if limit else gold.epochs,
        learn_rate=gold.learn_rate,
        rehearse=min(gold.rehearse, limit or gold.rehearse),
        data=data,
        limit=limit,
        log=log,
    )


def init_corpus_nlp(
    train_path: Path,
    dev_path: Path,
    *,
    config_path: Path = CONFIG_PATH,
    seed: int = 0,
    max_steps: int | None = None,
    tok2vec: Path | None = None,
) -> Any:
    """spaCy's initialized pipeline for stage 1 (the corpora), its tok2vec from ``tok2vec``
    (stage 0's weights, through ``[initialize] init_tok2vec``) when given."""
    from spacy.training.initialize import init_nlp
    from spacy.util import load_config

    overrides: dict[str, Any] = {
        "paths.train": str(train_path),
        "paths.dev": str(dev_path),
        "system.seed": seed,
    }
    if tok2vec is not None:
        overrides["paths.init_tok2vec"] = str(tok2vec)
    if max_steps is not None:
        overrides["training.max_steps"] = max_steps
        overrides["training.eval_frequency"] = max(1, min(1000, max_steps))
    config = load_config(config_path, overrides=overrides, interpolate=False)
    config.pop("kg", None)
    config["corpora"].pop("pretrain", None)  # stage 0's text: not read here
    return init_nlp(config)


def _train_on_corpora(
    train_sets: dict[str, list[Sentence]],
    dev_sets: dict[str, list[Sentence]],
    config_path: Path,
    output: Path,
    seed: int,
    max_steps: int | None,
    log: IO[str],
    tok2vec: Path | None = None,
) -> None:
    from spacy.training.loop import train as spacy_train

    with tempfile.TemporaryDirectory(prefix="kg-train-") as tmp:
        work = Path(tmp)
        _write_docbin((s for sents in train_sets.values() for s in sents), work / "train.spacy")
        _write_docbin((s for sents in dev_sets.values() for s in sents), work / "dev.spacy")
        nlp = init_corpus_nlp(
            work / "train.spacy",
            work / "dev.spacy",
            config_path=config_path,
            seed=seed,
            max_steps=max_steps,
            tok2vec=tok2vec,
        )
        (work / "out").mkdir()
        spacy_train(nlp, work / "out", stdout=log, stderr=log)
        best = work / "out" / "model-best" / "kg_span_model"
        if output.exists():
            shutil.rmtree(output)
        output.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(best, output)


Judged = list[tuple[str, float, bool]]
BUCKETS = ((0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 1.0))


def evaluate(
    sets: dict[str, list[Sentence]], *, weights: Path = WEIGHTS_DIR, batch_size: int = 64
) -> tuple[dict[str, dict[str, Any]], dict[str, Judged]]:
    """The model alone on each set: its scores (:func:`score_examples`), and each prediction
    as ``(label, score, right)`` (those the reference leaves open left out)."""
    import spacy
    from spacy.training import Example

    from kg.extract.spanmodel import judge, score_examples

    nlp = spacy.blank("en")
    nlp.add_pipe("kg_span_model", config={"weights": str(weights)})
    scores, judged = {}, {}
    for name, sentences in sets.items():
        refs = [to_doc(s, nlp.vocab) for s in sentences]
        preds = nlp.pipe((d.text for d in refs), batch_size=batch_size)
        examples = [Example(p, r) for p, r in zip(preds, refs, strict=True)]
        scores[name] = score_examples(examples)
        judged[name] = [
            (label, score, right)
            for eg in examples
            for label, score, right in judge(eg)[0]
            if right is not None
        ]
    return scores, judged


def calibration(judged: Iterable[tuple[str, float, bool]]) -> list[tuple[float, float, int, float]]:
    """``(low, high, predictions, precision)`` per score bucket: is the score a probability?"""
    tally = [[0, 0] for _ in BUCKETS]
    for _, score, right in judged:
        i = next(i for i, (_, high) in enumerate(BUCKETS) if score < high or high == 1.0)
        tally[i][0] += 1
        tally[i][1] += right
    return [(a, b, n, ok / n if n else 0.0) for (a, b), (n, ok) in zip(BUCKETS, tally, strict=True)]
