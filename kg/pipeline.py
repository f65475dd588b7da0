"""The main job: read sources → extract concepts → build the graph → write it to a store."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from kg.errors import ConfigError, InputError
from kg.graph import MAX_COAUTHORS, build_graph
from kg.identity import AuthorMention, Resolution, mentions_of, resolve
from kg.identity.overrides import Overrides, load_overrides
from kg.model import ExtractedPaper, Paper
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
    author_overrides: Path | None = None,
    jobs: int | None = None,
    field_map: FieldMap | None = None,
    max_coauthors: int = MAX_COAUTHORS,
    from_extracted: Sequence[Path] = (),
    progress: StageProgress | None = None,
) -> BuildResult:
    """Build (or grow) the graph in ``store`` from ``sources`` (None: the bundled sample).

    A store that cannot be written fails first, before any work. Nothing is written until
    extraction of every paper has finished. The embedded store then replaces its file atomically,
    so an interrupted run leaves the previous graph as it was; on Neo4j, writes are idempotent
    MERGEs, so rerunning the same command completes a cut-off build.

    Who is who is resolved over the new papers' authors *and* every author position the store
    already holds (unless ``fresh``), so adding a listing gives the same people as building
    everything at once; ``author_overrides`` (kg.identity.overrides) is honoured first. In the
    same way, an entity the new papers name is decided (label, name, aliases) over all papers
    that name it, the stored ones included (kg.graph).

    ``jobs`` extraction processes (default: kg.extract.parallel.default_jobs). ``from_extracted``:
    shard files of ``kg extract --shard`` (kg.extract.shards) instead of sources; their papers
    are not extracted again, only canonicalized across all of them, so the graph is the one a
    build of the sources they came from gives.
    """
    from kg.extract import extract_papers  # spaCy is slow to import: only when needed
    from kg.extract.shards import read_shards

    store.check_writable()
    overrides = load_overrides(author_overrides)  # a bad override file fails before extracting
    if from_extracted and sources:
        raise ConfigError("give sources or --from-extracted, not both")
    if from_extracted:
        extracted = read_shards(from_extracted)
        batch = extracted.batch
        records = extracted.settle(aliases=aliases)
    else:
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
            jobs=jobs,
            progress=(lambda n: progress("extract", n, total)) if progress else None,
        )
    counts = write_records(
        records,
        store,
        fresh=fresh,
        overrides=overrides,
        max_coauthors=max_coauthors,
        progress=progress,
    )
    from kg.viz.pages import prepare_views

    if progress:
        progress("views", 0, 1)  # a bar while it works: 20 s on 11k papers on a busy machine
    prepare_views(store)  # the default view's page, so the first `kg viz` after a build reads it
    if progress:
        progress("views", 1, 1)
    return BuildResult(
        batch=batch,
        papers_written=len(records),
        counts=counts,
        crowded=[p for p in batch.papers if len(p.authors) > max_coauthors],
        max_coauthors=max_coauthors,
    )


def write_records(
    records: Sequence[ExtractedPaper],
    store: GraphStore,
    *,
    fresh: bool = False,
    overrides: Overrides | None = None,
    max_coauthors: int = MAX_COAUTHORS,
    progress: StageProgress | None = None,
) -> Counts:
    """Decide who is who over ``records`` and the store's papers, write the graph, and return
    the store's counts — all under the store's write lock.

    Another build may write while this one extracts; from reading the stored authors to
    writing, none can. So two builds at once end with both builds' papers and the people of one
    build of both, instead of one replacing the author layer the other just wrote.
    """
    with store.locked():
        people, known = resolve_people(
            [r.paper for r in records], store, fresh=fresh, overrides=overrides
        )
        # entities named again are decided over the papers already stored too, so that a
        # graph grown listing by listing equals one built at once
        keys = {m.entity_id for record in records for m in record.mentions}
        prior = () if fresh else store.entity_links(keys)
        graph = build_graph(
            records, people=people, known=known, prior=prior, max_coauthors=max_coauthors
        )
        size = len(graph.nodes) + len(graph.rels)
        store.write(
            graph,
            fresh=fresh,
            progress=(lambda n: progress("write", n, size)) if progress else None,
        )
        return store.counts()


def resolve_people(
    papers: Sequence[Paper],
    store: GraphStore,
    *,
    fresh: bool = False,
    overrides: Overrides | None = None,
) -> tuple[Resolution, list[AuthorMention]]:
    """Who is who among the authors of ``papers`` and, unless ``fresh``, of every other paper
    the store holds (whose mentions are returned too, for kg.graph.build_graph's ``known``)."""
    rules = overrides or Overrides()
    new_ids = {p.id for p in papers}
    known = [] if fresh else [m for m in store.author_mentions() if m.paper not in new_ids]
    people = resolve([*mentions_of(papers), *known], same=rules.same, different=rules.different)
    return people, known
