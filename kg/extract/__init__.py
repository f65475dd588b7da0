"""Extraction: methods, datasets, benchmarks and tasks in abstracts, with the paper's role.

The pipeline is ``spacy.blank("en")`` + a sentencizer + two registered components
(``kg_gazetteer``, ``kg_entities``; see :mod:`kg.extract.components`), so it needs no model
download. :func:`extract_papers` runs it over every abstract and then canonicalizes entities
across papers (:mod:`kg.extract.canonical`).

>>> [ep] = extract_papers([_example()])
>>> [(m.name, m.type.value, m.role.value) for m in ep.mentions if m.type != "Task"]
[('DPO', 'Method', 'proposed'), ('ImageNet', 'Dataset', 'evaluated_on')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.errors import ConfigError
from kg.extract import components as _components  # noqa: F401  (registers the factories)
from kg.extract.canonical import canonicalize, read_aliases
from kg.model import Author, EntityType, Evidence, ExtractedPaper, Mention, Paper, Role, SourceRef

if TYPE_CHECKING:
    from spacy.language import Language

__all__ = ["build_pipeline", "extract_papers", "to_record"]


@cache
def _build(model: str | None, gazetteers: tuple[Path, ...]) -> Language:
    import spacy

    if model is None:
        nlp = spacy.blank("en")
    else:
        try:
            nlp = spacy.load(model, exclude=["ner", "lemmatizer", "attribute_ruler"])
        except OSError as exc:
            raise ConfigError(
                f"spaCy model {model!r} is not installed; install it (pip install kg[model]) "
                "or leave out --model"
            ) from exc
    # "et al." ends no sentence
    tokenizer: Any = nlp.tokenizer
    for abbr in ("al.", "Fig.", "Eq.", "approx.", "resp.", "cf.", "vs."):
        tokenizer.add_special_case(abbr, [{"ORTH": abbr}])
    if "parser" not in nlp.pipe_names and "senter" not in nlp.pipe_names:
        nlp.add_pipe("sentencizer")
    nlp.add_pipe("kg_gazetteer", config={"gazetteers": [str(p) for p in gazetteers]})
    nlp.add_pipe("kg_entities")
    return nlp


def build_pipeline(
    *, model: str | None = None, aliases: Path | None = None, gazetteers: Sequence[Path] = ()
) -> Language:
    """The extraction pipeline, built once per process for each (model, gazetteers).

    `aliases` is applied after the pipeline, across papers (see :func:`extract_papers`); it is
    accepted here so that both functions take the same options, and is checked for readability.
    """
    if aliases is not None:
        read_aliases(aliases)
    return _build(model, tuple(Path(p).resolve() for p in gazetteers))


def extract_papers(
    papers: Iterable[Paper],
    *,
    model: str | None = None,
    aliases: Path | None = None,
    gazetteers: Sequence[Path] = (),
    n_process: int = 1,
    batch_size: int = 64,
    progress: Callable[[int], None] | None = None,
) -> list[ExtractedPaper]:
    """Run the pipeline over every paper's cleaned abstract, then canonicalize across papers."""
    papers = list(papers)
    rules = read_aliases(aliases) if aliases is not None else []
    nlp = build_pipeline(model=model, gazetteers=gazetteers)
    raw: list[list[dict]] = []
    texts = (p.abstract for p in papers)
    for doc in nlp.pipe(texts, n_process=n_process, batch_size=batch_size):
        raw.append(list(doc._.kg_mentions or []))
        if progress is not None:
            progress(1)
    result = []
    for paper, mentions in zip(papers, canonicalize(raw, rules), strict=True):
        text = paper.abstract
        result.append(
            ExtractedPaper(
                paper,
                [
                    Mention(
                        name=m["name"],
                        type=EntityType(m["type"]),
                        role=Role(m["role"]),
                        confidence=m["confidence"],
                        evidence=Evidence(
                            text[m["sent_start"] : m["sent_end"]].strip(), m["start"], m["end"]
                        ),
                        aliases=tuple(m["aliases"]),
                    )
                    for m in sorted(mentions, key=lambda m: m["start"])
                ],
            )
        )
    return result


def to_record(ep: ExtractedPaper) -> dict:
    """The ``kg extract --jsonl`` record of one paper (the format ``score.py`` reads)."""
    p = ep.paper
    return {
        "id": p.id,
        "title": p.title,
        "abstract": p.abstract,
        "authors": [a.name for a in p.authors],
        "track": p.track.name if p.track else None,
        "entities": [
            {
                "name": m.name,
                "type": m.type.value,
                "role": m.role.value,
                "confidence": m.confidence,
                "aliases": list(m.aliases),
                "evidence": {
                    "sentence": m.evidence.sentence,
                    "start": m.evidence.start,
                    "end": m.evidence.end,
                },
            }
            for m in ep.mentions
        ],
    }


def _example() -> Paper:
    abstract = (
        "We propose Direct Preference Optimization (DPO), a simple method. "
        "Experiments on ImageNet show gains."
    )
    return Paper(
        id="example",
        abstract=abstract,
        abstract_raw=abstract,
        authors=(Author("ada lovelace", "Ada Lovelace"),),
        source=SourceRef("example.txt"),
    )
