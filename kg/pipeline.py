"""The main job: read sources → extract concepts → build the graph → write it to a store."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kg.errors import InputError
from kg.graph import MAX_COAUTHORS, build_graph
from kg.model import Paper
from kg.sources import FieldMap, SourceBatch, read_sources
from kg.store.base import Counts, GraphStore

#: Called as (stage, advance, total): stage is "extract" or "write".
StageProgress = Callable[[str, int, int], None]


@dataclass(slots=True)
class BuildResult:
    batch: SourceBatch
    papers_written: int
    counts: Counts
    #: Papers with more authors than ``max_coauthors``: AUTHORED links, but no co-author pairs.
    crowded: list[Paper]
    max_coauthors: int = MAX_COAUTHORS

    def notes(self, most: int = 5) -> list[str]:
        """What a user should know beyond the counts: the papers that got no co-author pairs."""
        if not self.crowded:
            return []
        head = (
            f"{len(self.crowded):,} paper(s) with more than {self.max_coauthors:,} authors have "
            "AUTHORED links but no co-author pairs (--max-coauthors):"
        )
        return [head, *(f"  {p.source}: {len(p.authors):,} authors" for p in self.crowded[:most])]


def build(
    sources: Sequence[Path] | None,
    *,
    store: GraphStore,
    fresh: bool = False,
    strict: bool = False,
    model: str | None = None,
    aliases: Path | None = None,
    n_process: int = 1,
    field_map: FieldMap | None = None,
    max_coauthors: int = MAX_COAUTHORS,
    progress: StageProgress | None = None,
) -> BuildResult:
    """Build (or grow) the graph in ``store`` from ``sources`` (None: the bundled sample).

    A store that cannot be written fails first, before any work. Nothing is written until
    extraction of every paper has finished. The embedded store then replaces its file atomically,
    so an interrupted run leaves the previous graph as it was; on Neo4j, writes are idempotent
    MERGEs, so rerunning the same command completes a cut-off build.
    """
    from kg.extract import extract_papers  # spaCy import is slow; only the commands that extract

    store.check_writable()
    batch = read_sources(sources, strict=strict, field_map=field_map)
    if not batch.papers:
        raise InputError(
            "no papers were read: "
            + ("; ".join(str(i) for i in batch.issues[:3]) or "the inputs hold no records")
        )
    total = len(batch.papers)
    records = extract_papers(
        batch.papers,
        model=model,
        aliases=aliases,
        n_process=n_process,
        progress=(lambda n: progress("extract", n, total)) if progress else None,
    )
    graph = build_graph(records, max_coauthors=max_coauthors)
    size = len(graph.nodes) + len(graph.rels)
    store.write(
        graph,
        fresh=fresh,
        progress=(lambda n: progress("write", n, size)) if progress else None,
    )
    return BuildResult(
        batch=batch,
        papers_written=len(records),
        counts=store.counts(),
        crowded=[p for p in batch.papers if len(p.authors) > max_coauthors],
        max_coauthors=max_coauthors,
    )
