"""The span model in kg's own annotation convention (docs/span_model.md, "Sixth round").

The shipped weights learnt SciREX's, SciERC's and TDMSci's conventions (every method mention,
generic ones too). kg's gold (docs/annotation.md) marks named methods, datasets and benchmarks
and the paper's specific tasks. :func:`project` turns the gold of kg's tuning sets into training
examples in that convention: every occurrence of a gold name or one of its ``|`` alternatives in
the abstract is a span — Method for ``methods``, Dataset for ``datasets`` and ``benchmarks``,
Task for ``tasks``; a ``proposed`` name takes the type of the list that also holds it, else
Method — and every other token is O, except for Metric, which the gold does not annotate (left
open, as TDMSci's methods are). :func:`finetune` continues training the shipped weights on them.

The ``heldout`` set is never read here: asking for it is an error.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kg.errors import ConfigError, InputError
from kg.extract.spanmodel import UNLABELED_KEY, WEIGHTS_DIR

#: kg's sets whose gold may be trained on (``heldout`` is only ever measured).
TRAIN_SETS = ("tune", "tune2", "tune3", "tune4", "tune5", "tune6")
EVAL_DIR = Path(__file__).resolve().parents[1] / "data" / "eval"
_LISTS = {"methods": "Method", "datasets": "Dataset", "benchmarks": "Dataset", "tasks": "Task"}


@dataclass(frozen=True, slots=True)
class GoldSettings:
    """``[kg.gold]`` of the span model's config: what :func:`finetune` trains on, and how."""

    sets: tuple[str, ...] = TRAIN_SETS
    epochs: int = 10
    learn_rate: float = 0.0005
    rehearse: int = 0

    def __post_init__(self) -> None:
        unknown = [s for s in self.sets if s not in TRAIN_SETS]
        if unknown:
            raise ConfigError(
                f"[kg.gold] sets: cannot train on {', '.join(unknown)}; "
                f"sets: {', '.join(TRAIN_SETS)}"
            )


def read_gold_settings(config_path: Path) -> GoldSettings:
    from thinc.api import Config

    raw = dict(Config().from_disk(config_path, interpolate=False).get("kg", {}).get("gold", {}))
    try:
        return GoldSettings(**{**raw, "sets": tuple(raw.get("sets", TRAIN_SETS))})
    except TypeError as exc:
        raise ConfigError(f"{config_path}: [kg.gold] {exc}") from exc


@dataclass(slots=True)
class Projection:
    """Abstracts with their gold spans ``(start char, end char, label)``, and how many gold
    entries were found in their abstract's text (``missed``: set, paper id, entry)."""

    docs: list[tuple[str, str, list[tuple[int, int, str]]]] = field(default_factory=list)
    entries: int = 0
    found: int = 0
    by_label: dict[str, list[int]] = field(default_factory=dict)  # label -> [entries, found]
    missed: list[tuple[str, str, str]] = field(default_factory=list)


def _pattern(name: str) -> re.Pattern[str]:
    """A gold name as written, in any case, as a whole word, with an optional plural."""
    body = r"\s+".join(re.escape(w) for w in name.split())
    return re.compile(rf"(?<![\w-]){body}(?:e?s)?(?![\w-])", re.IGNORECASE)


def _entries(gold: dict[str, list[str]]) -> list[tuple[str, str]]:
    """``(entry, label)`` of one paper's gold; a proposed name takes its listed type."""
    out = [(entry, _LISTS[key]) for key in _LISTS for entry in gold.get(key, [])]
    listed = {alt.lower() for entry, _ in out for alt in entry.split("|")}
    out += [
        (entry, "Method")
        for entry in gold.get("proposed", [])
        if not listed.intersection(alt.lower() for alt in entry.split("|"))
    ]
    return out


def project(sets: Sequence[str] = TRAIN_SETS, *, eval_dir: Path = EVAL_DIR) -> Projection:
    """The gold of ``sets`` as span annotations over their abstracts (see the module doc)."""
    from kg.text import clean_abstract

    unknown = [name for name in sets if name not in TRAIN_SETS]
    if unknown:
        raise ConfigError(f"cannot train on set {unknown[0]!r}; sets: {', '.join(TRAIN_SETS)}")
    out = Projection()
    for name in sets:
        papers_path = eval_dir / f"papers_{name}.json"
        gold_path = eval_dir / f"gold_{name}.json"
        try:
            gold = json.loads(gold_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot read {gold_path}: {exc}") from exc
        try:
            raw = json.loads(papers_path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InputError(f"cannot read {papers_path}: {exc}") from exc
        abstracts = {p["id"]: p["abstract"] for p in raw}
        for pid, entities in gold.items():
            if pid not in abstracts:
                raise InputError(f"{gold_path}: paper {pid} is not in {papers_path}")
            text = clean_abstract(abstracts[pid])[0]
            spans: list[tuple[int, int, str]] = []
            for entry, label in _entries(entities):
                hits = [
                    (m.start(), m.end(), label)
                    for alt in entry.split("|")
                    if alt.strip()
                    for m in _pattern(alt.strip()).finditer(text)
                ]
                counts = out.by_label.setdefault(label, [0, 0])
                counts[0] += 1
                out.entries += 1
                if hits:
                    out.found += 1
                    counts[1] += 1
                    spans += hits
                else:
                    out.missed.append((name, pid, entry))
            out.docs.append((pid, text, spans))
    return out


def examples(projection: Projection, nlp: Any) -> list[Any]:
    """spaCy Examples: gold spans as ents (longer first, overlaps dropped), Metric left open."""
    from spacy.tokens import Span
    from spacy.training import Example
    from spacy.util import filter_spans

    out = []
    for _, text, spans in projection.docs:
        ref = nlp.make_doc(text)
        ents = [ref.char_span(s, e, label=lab, alignment_mode="expand") for s, e, lab in spans]
        ref.ents = filter_spans([e for e in ents if e is not None])
        ref.spans[UNLABELED_KEY] = [Span(ref, 0, len(ref), label="Metric")]
        out.append(Example(nlp.make_doc(text), ref))
    return out


def finetune(
    sets: Sequence[str] = TRAIN_SETS,
    *,
    output: Path,
    base: Path = WEIGHTS_DIR,
    epochs: int = 10,
    learn_rate: float = 0.0005,
    batch_size: int = 8,
    seed: int = 0,
    rehearse: int = 0,
    data: Path | None = None,
    limit: int | None = None,
    log: IO[str] | None = None,
) -> Projection:
    """Continue training the weights in ``base`` on the projected gold of ``sets`` and write
    them to ``output``. ``rehearse``: sentences of the original corpora (SciREX, SciERC,
    TDMSci, in their conventions) mixed into every epoch, drawn afresh each time, so that the
    model keeps what it read there (from ``data``, default ../shared/data); ``limit``:
    abstracts (a smoke test). Deterministic for a seed."""
    import spacy
    from thinc.api import Adam, fix_random_seed

    from kg.extract import build_pipeline

    fix_random_seed(seed)
    tokenizer_of = build_pipeline(span_model=False)
    nlp = spacy.blank("en")
    nlp.tokenizer = tokenizer_of.tokenizer  # kg's special cases ("et al.")
    nlp.add_pipe("kg_span_model", config={"weights": str(base)})
    projection = project(sets)
    own = examples(projection, nlp)[:limit]
    old: list[Any] = []
    if rehearse:
        from spacy.training import Example

        from kg.extract.training import DEFAULT_DATA, read_settings, to_doc, train_sentences

        corpora = train_sentences(data or DEFAULT_DATA, read_settings())
        refs = [to_doc(x, nlp.vocab) for sents in corpora.values() for x in sents]
        old = [Example(nlp.make_doc(r.text), r) for r in refs]
    optimizer = Adam(learn_rate)
    rng = random.Random(seed)
    for epoch in range(epochs):
        train = own + (rng.sample(old, min(rehearse, len(old))) if old else [])
        rng.shuffle(train)
        losses: dict[str, float] = {}
        for i in range(0, len(train), batch_size):
            nlp.update(train[i : i + batch_size], sgd=optimizer, drop=0.1, losses=losses)
        if log is not None:
            print(f"epoch {epoch + 1}: loss {losses.get('kg_span_model', 0.0):.1f}", file=log)
    component: Any = nlp.get_pipe("kg_span_model")
    component.to_disk(output)
    return projection


def describe(projection: Projection) -> Iterable[str]:
    """How much of the gold the projection found, per label."""
    yield (
        f"{len(projection.docs)} abstracts, {projection.entries} gold entries, "
        f"{projection.found} found in their abstract's text "
        f"({projection.found / max(projection.entries, 1):.1%})"
    )
    for label, (n, found) in sorted(projection.by_label.items()):
        yield f"  {label}: {found} of {n} ({found / max(n, 1):.1%})"
