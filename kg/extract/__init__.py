"""Extraction: methods, datasets, benchmarks and tasks in abstracts, with the paper's role.

The pipeline is ``spacy.blank("en")`` + a sentencizer (and ``kg_sentence_ends`` in
:mod:`kg.extract.spans`, for full stops the tokenizer keeps on a word) + the trained span model
(``kg_span_model``, weights shipped in the package; see :mod:`kg.extract.spanmodel`) + two rule
components (``kg_gazetteer`` in :mod:`kg.extract.gazetteer`, ``kg_entities`` in
:mod:`kg.extract.components`, which runs the stages: candidates → context → tasks), so it needs
no model download. :func:`extract_papers` runs it over every abstract and then canonicalizes
entities across papers (:mod:`kg.extract.canonical`).

>>> [ep] = extract_papers([_example()])
>>> [(m.name, m.type.value, m.role.value) for m in ep.mentions if m.type != "Task"]
[('DPO', 'Method', 'proposed'), ('ImageNet', 'Dataset', 'evaluated_on')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.errors import ConfigError
from kg.extract import components as _components  # noqa: F401  (registers the factories)
from kg.extract import spanmodel as _spanmodel  # noqa: F401  (registers kg_span_model)
from kg.extract.canonical import consolidate, final_role, paper_entities, read_aliases
from kg.extract.components import titled
from kg.extract.concepts import concepts
from kg.extract.parallel import default_jobs, mentions_in_parallel
from kg.model import (
    EXTRACT_PIECE_CHARS,
    Author,
    EntityType,
    Evidence,
    ExtractedPaper,
    Mention,
    Paper,
    Role,
    SourceRef,
)
from kg.text import Spans, emphasized_abstract

if TYPE_CHECKING:
    from spacy.language import Language

__all__ = ["build_pipeline", "extract_papers", "find_mentions", "pieces", "settle", "to_record"]

#: An evidence sentence longer than this (a text without full stops) is cut to the part around
#: its mention, so that one run-on text cannot put megabytes of evidence into the graph.
MAX_EVIDENCE_CHARS = 1000
#: A text with no sentence end for this long is cut at a space into pieces this long: the
#: components' cost grows faster than the length of one sentence.
_RUN_ON_CHARS = 2000
_SENTENCE_END = re.compile(r"[.!?][\"')\]]?\s")


@cache
def _build(model: str | None, gazetteers: tuple[Path, ...], span_model: bool) -> Language:
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
        nlp.add_pipe("kg_sentence_ends")
    if span_model:
        nlp.add_pipe("kg_span_model")
    nlp.add_pipe("kg_gazetteer", config={"gazetteers": [str(p) for p in gazetteers]})
    nlp.add_pipe("kg_entities")
    return nlp


def build_pipeline(
    *,
    model: str | None = None,
    aliases: Path | None = None,
    gazetteers: Sequence[Path] = (),
    span_model: bool = True,
) -> Language:
    """The extraction pipeline, built once per process for each set of options.

    `span_model=False` leaves out the trained span model (and with it its votes).

    `aliases` is applied after the pipeline, across papers (see :func:`extract_papers`); it is
    accepted here so that both functions take the same options, and is checked for readability.
    """
    if aliases is not None:
        read_aliases(aliases)
    return _build(model, tuple(Path(p).resolve() for p in gazetteers), span_model)


def extract_papers(
    papers: Iterable[Paper],
    *,
    model: str | None = None,
    aliases: Path | None = None,
    gazetteers: Sequence[Path] = (),
    span_model: bool = True,
    jobs: int | None = None,
    batch_size: int = 64,
    progress: Callable[[int], None] | None = None,
) -> list[ExtractedPaper]:
    """Run the pipeline over every paper's cleaned abstract, then canonicalize across papers.

    ``jobs`` processes share the work (default: :func:`kg.extract.parallel.default_jobs`, one
    process for small inputs); the result is the same with any number of them."""
    papers = list(papers)
    if aliases is not None:
        read_aliases(aliases)  # a bad alias file fails before the pipeline runs
    found = find_mentions(
        papers,
        model=model,
        gazetteers=gazetteers,
        span_model=span_model,
        jobs=jobs,
        batch_size=batch_size,
        progress=progress,
    )
    return settle(papers, found, aliases=aliases, gazetteers=gazetteers)


def find_mentions(
    papers: Sequence[Paper],
    *,
    model: str | None = None,
    gazetteers: Sequence[Path] = (),
    span_model: bool = True,
    jobs: int | None = None,
    batch_size: int = 64,
    progress: Callable[[int], None] | None = None,
) -> list[list[dict]]:
    """The mentions the pipeline finds in each paper, before canonicalization across papers
    (what ``kg extract --shard`` writes, :mod:`kg.extract.shards`)."""
    nlp = build_pipeline(model=model, gazetteers=gazetteers, span_model=span_model)
    raw: list[list[dict]] = [[] for _ in papers]
    # A long abstract is read in pieces (see EXTRACT_PIECE_CHARS): time stays linear in length.
    parts = [
        (i, offset, piece) for i, p in enumerate(papers) for offset, piece in pieces(p.abstract)
    ]
    # each piece with its paper's title (the task stage reads what the title names) and what
    # its raw abstract emphasised
    emphasis = [emphasized(p) for p in papers]
    texts = [
        (piece, papers[i].title or "", _within(emphasis[i], offset, len(piece)))
        for i, offset, piece in parts
    ]
    jobs = jobs or default_jobs(len(texts))
    found: Iterable[list[dict]]
    if jobs > 1:
        options = tuple(Path(p).resolve() for p in gazetteers)
        found = mentions_in_parallel(
            texts, jobs=jobs, model=model, gazetteers=options, span_model=span_model
        )
    else:
        docs = (titled(nlp, *text) for text in texts)
        found = (doc._.kg_mentions or [] for doc in nlp.pipe(docs, batch_size=batch_size))
    for n, ((i, offset, _), mentions) in enumerate(zip(parts, found, strict=True)):
        raw[i].extend(_shifted(m, offset) for m in mentions)
        if progress is not None and (n + 1 == len(parts) or parts[n + 1][0] != i):
            progress(1)
    return raw


def settle(
    papers: Sequence[Paper],
    raw: Sequence[list[dict]],
    *,
    aliases: Path | None = None,
    gazetteers: Sequence[Path] = (),
) -> list[ExtractedPaper]:
    """Canonicalize the mentions of :func:`find_mentions` across all ``papers`` (``aliases``:
    the alias CSV; ``gazetteers``: the extra name lists the pipeline read) into each paper's
    Mentions."""
    rules = read_aliases(aliases) if aliases is not None else []
    known = concepts(tuple(Path(p).resolve() for p in gazetteers))
    per_paper = [paper_entities(mentions, known, rules) for mentions in raw]
    entities = consolidate(
        (m["key"], EntityType(m["type"]), m["confidence"], m["spellings"])
        for mentions in per_paper
        for m in mentions
    )
    result = []
    for paper, mentions in zip(papers, per_paper, strict=True):
        text = paper.abstract
        out = []
        for m in sorted(mentions, key=lambda m: m["start"]):
            entity = entities[m["key"]]
            out.append(
                Mention(
                    name=entity.name,
                    type=entity.type,
                    role=final_role(Role(m["role"]), entity.type),
                    confidence=m["confidence"],
                    evidence=Evidence(_sentence(text, m), m["start"], m["end"]),
                    aliases=entity.aliases,
                    key=m["key"],
                    spellings=tuple(m["spellings"]),
                    paper_type=EntityType(m["type"]),
                    paper_role=Role(m["role"]),
                )
            )
        result.append(ExtractedPaper(paper, out))
    return result


def pieces(text: str, limit: int = EXTRACT_PIECE_CHARS) -> Iterator[tuple[int, str]]:
    """``(offset, piece)`` covering ``text`` in pieces of at most ``limit`` characters, each cut
    after its last sentence end; a run-on text is cut at a space every ~2,000 characters.

    >>> list(pieces("First sentence here. Second one. Third.", limit=25))
    [(0, 'First sentence here.'), (21, 'Second one. Third.')]
    """
    start = 0
    while len(text) - start > limit:
        window = text[start : start + limit]
        ends = [m.end() for m in _SENTENCE_END.finditer(window)]
        run_on = min(limit, _RUN_ON_CHARS)
        cut = ends[-1] if ends else window.rfind(" ", 0, run_on) + 1 or run_on
        yield start, text[start : start + cut].rstrip()
        start += cut
        while start < len(text) and text[start].isspace():
            start += 1
    if start < len(text) or not text:
        yield start, text[start:]


def emphasized(paper: Paper) -> Spans:
    """The character spans of the paper's cleaned abstract that its raw abstract emphasised."""
    raw = paper.abstract_raw
    if raw == paper.abstract or not any(mark in raw for mark in "\\*_"):
        return ()
    text, _, spans = emphasized_abstract(raw)
    return spans if text == paper.abstract else ()


def _within(spans: Spans, offset: int, size: int) -> Spans:
    """The spans inside the piece ``[offset, offset + size)``, in the piece's offsets."""
    return tuple((s - offset, e - offset) for s, e in spans if offset <= s and e <= offset + size)


def _shifted(mention: dict, offset: int) -> dict:
    if not offset:
        return mention
    keys = ("start", "end", "sent_start", "sent_end")
    return mention | {key: mention[key] + offset for key in keys}


def _sentence(text: str, m: dict) -> str:
    """The mention's sentence; around the mention only, if the sentence is a run-on text."""
    start, end = m["sent_start"], m["sent_end"]
    if end - start <= MAX_EVIDENCE_CHARS:
        return text[start:end].strip()
    half = (MAX_EVIDENCE_CHARS - (m["end"] - m["start"])) // 2
    lo, hi = max(start, m["start"] - max(half, 0)), min(end, m["end"] + max(half, 0))
    return ("…" if lo > start else "") + text[lo:hi].strip() + ("…" if hi < end else "")


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
                "name": m.own_name,
                "entity": m.name,
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
