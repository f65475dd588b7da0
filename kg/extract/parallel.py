"""Extraction on several processes: texts in chunks to a pool of workers, answers in input order.

Each worker builds the pipeline once (:func:`kg.extract.build_pipeline`, same options as the
parent) and sends back only the mentions of each text — small dicts, not spaCy Docs — so the
work shared out is the pipeline's and little is copied. Chunks are handed out in order and
answered in order (``imap``), so the result is the same, item for item, as one process gives;
canonicalization across papers then runs in the parent, over all of them.

On Linux, workers are forked: they start at once with the parent's pipeline, and a script
that calls :func:`kg.extract.extract_papers` needs no ``if __name__ == "__main__"`` guard.
Elsewhere they start with the platform's default method (spawn: each imports spaCy and loads
the span model, a few seconds). Small inputs stay in one process: :func:`default_jobs`.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from kg.text import Spans

#: Fewer texts than this per process and a second one saves too little to be worth its start
#: and its memory (measured: benchmarks/bench_build.py).
MIN_TEXTS_PER_JOB = 1000
#: Texts per task sent to a worker: large enough to amortize the round trip, small enough to
#: keep both workers busy to the end and the progress bar moving.
CHUNK = 64

_nlp: Any = None


def cpu_count() -> int:
    """Cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def default_jobs(texts: int) -> int:
    """Processes for ``texts`` texts: one per :data:`MIN_TEXTS_PER_JOB`, up to the cores."""
    return max(1, min(cpu_count(), texts // MIN_TEXTS_PER_JOB))


def mentions_in_parallel(
    texts: Sequence[tuple[str, str, Spans]],
    *,
    jobs: int,
    model: str | None,
    gazetteers: tuple[Path, ...],
    span_model: bool,
) -> Iterator[list[dict[str, Any]]]:
    """The ``doc._.kg_mentions`` of each ``(text, title, emphasis)``, in order, computed by
    ``jobs`` processes."""
    chunks = [list(texts[i : i + CHUNK]) for i in range(0, len(texts), CHUNK)]
    context = multiprocessing.get_context("fork" if sys.platform == "linux" else None)
    with context.Pool(
        processes=min(jobs, len(chunks)) or 1,
        initializer=_start,
        initargs=(model, gazetteers, span_model),
    ) as pool:
        for answers in pool.imap(_extract, chunks):
            yield from answers


def _start(model: str | None, gazetteers: tuple[Path, ...], span_model: bool) -> None:
    global _nlp
    from kg.extract import build_pipeline

    _nlp = build_pipeline(model=model, gazetteers=gazetteers, span_model=span_model)


def _extract(texts: list[tuple[str, str, Spans]]) -> list[list[dict[str, Any]]]:
    from kg.extract.components import titled

    docs = (titled(_nlp, *text) for text in texts)
    return [list(doc._.kg_mentions or []) for doc in _nlp.pipe(docs)]
