"""Extraction past one machine: shards of the input extracted anywhere, loaded in one build.

``kg extract --shard I/N`` reads every source, keeps the papers whose id hashes to shard I of N
(:func:`shard_of`: the same papers go to the same shard on every machine and every run), runs
the pipeline over them and writes a JSONL file: a header line, then one line per paper with the
whole paper and the mentions the pipeline found, *before* canonicalization. ``kg build
--from-extracted DIR`` reads the shards of DIR, puts the papers back in input order and
canonicalizes across all of them — so the graph is the one a single ``kg build`` of the same
sources gives.

The header names the shard, how many papers it holds and a fingerprint of the whole input (the
ids of every paper read, in order): shards of different inputs, a shard missing, or a shard cut
off are refused, naming the file, never loaded in part. It also names the extra gazetteers the
pipeline read (``--gazetteer``: path and SHA-256), because canonicalization reads them again:
the build that loads the shards uses the same files, and refuses to go on if one is gone or
changed — it would otherwise settle names by other lists than the ones that found them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO, TypeVar

from kg.errors import ConfigError, InputError
from kg.model import Affiliation, Author, ExtractedPaper, Paper, SourceRef, Track, stable_hash
from kg.sources import FileReport, SourceBatch

FORMAT = "kg-extracted/1"
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Shard:
    index: int  # 1 … count
    count: int

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"I/N"``: shard I (1 ≤ I ≤ N) of N."""
        index, sep, count = text.partition("/")
        try:
            shard = cls(int(index), int(count))
        except ValueError:
            shard = cls(0, 0)
        if not sep or not 1 <= shard.index <= shard.count:
            raise ConfigError(f"--shard takes I/N with 1 ≤ I ≤ N, e.g. 2/8 (got {text!r})")
        return shard

    def holds(self, paper_id: str) -> bool:
        return shard_of(paper_id, self.count) == self.index

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"


def shard_of(paper_id: str, count: int) -> int:
    """The shard (1 … count) a paper belongs to: a hash of its id, stable across machines."""
    return int(stable_hash(paper_id, length=8), 16) % count + 1


def fingerprint(papers: Sequence[Paper]) -> str:
    """What identifies an input: the ids of its papers, in order."""
    return stable_hash(*(p.id for p in papers))


def gazetteer_prints(gazetteers: Sequence[Path]) -> list[dict[str, str]]:
    """``{"path", "sha256"}`` of each extra gazetteer, as a shard's header records them."""
    prints = []
    for path in gazetteers:
        path = Path(path).resolve()
        try:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError as exc:
            raise InputError(f"cannot read the gazetteer {path}: {exc.strerror}") from None
        prints.append({"path": str(path), "sha256": digest})
    return prints


def extract_shard(
    batch: SourceBatch,
    shard: Shard,
    fh: TextIO,
    *,
    gazetteers: Sequence[Path] = (),
    **options: Any,
) -> tuple[int, int]:
    """Extract the papers of ``batch`` that fall in ``shard`` and write them to ``fh``;
    ``gazetteers`` and ``options`` go to :func:`kg.extract.find_mentions`. Returns (papers,
    mentions) written."""
    from kg.extract import find_mentions

    chosen = [(i, p) for i, p in enumerate(batch.papers) if shard.holds(p.id)]
    papers = [p for _, p in chosen]
    raw = find_mentions(papers, gazetteers=gazetteers, **options)
    positions = [i for i, _ in chosen]
    write_shard(
        fh,
        shard,
        papers,
        raw,
        positions=positions,
        input_print=fingerprint(batch.papers),
        gazetteers=gazetteer_prints(gazetteers),
    )
    return len(papers), sum(len(r) for r in raw)


def run_shard(sources: Sequence[Path] | None, shard: Shard, folder: Path, **options: Any) -> Path:
    """Read ``sources``, extract ``shard`` of them and write ``folder/shard-I-of-N.jsonl``. One
    task of a cluster: every machine reads the same sources and keeps its own papers."""
    from kg.sources import read_sources

    batch = read_sources(sources)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"shard-{shard.index}-of-{shard.count}.jsonl"
    write_file(path, lambda fh: extract_shard(batch, shard, fh, **options))
    return path


def write_file(path: Path, write: Callable[[TextIO], T]) -> T:
    """Call ``write`` on a temporary file beside ``path``, then rename it to ``path``: a killed
    task leaves the file it replaces, never half a file. An unwritable path is an error that
    names it."""
    import os
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    except FileNotFoundError:
        raise ConfigError(f"the folder {path.parent} does not exist: create it first") from None
    except OSError as exc:
        raise ConfigError(f"cannot write {path}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            result = write(fh)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return result


def write_shard(
    fh: TextIO,
    shard: Shard,
    papers: Sequence[Paper],
    raw: Sequence[list[dict[str, Any]]],
    *,
    positions: Sequence[int],
    input_print: str,
    gazetteers: Sequence[dict[str, str]] = (),
) -> None:
    """One shard: a header, then ``{"order", "paper", "mentions"}`` per paper (``positions``:
    each paper's place in the whole input; ``gazetteers``: :func:`gazetteer_prints`)."""
    header = {
        "format": FORMAT,
        "shard": [shard.index, shard.count],
        "papers": len(papers),
        "input": input_print,
        "gazetteers": list(gazetteers),
    }
    fh.write(json.dumps(header) + "\n")
    for order, paper, mentions in zip(positions, papers, raw, strict=True):
        line = {"order": order, "paper": paper_json(paper), "mentions": mentions}
        fh.write(json.dumps(line, ensure_ascii=False) + "\n")


@dataclass(frozen=True, slots=True)
class Extracted:
    """What a complete set of shards holds: the papers in input order, each paper's raw
    mentions, and the extra gazetteers the pipeline read (to canonicalize with)."""

    batch: SourceBatch
    raw: list[list[dict[str, Any]]]
    gazetteers: tuple[Path, ...]

    def settle(self, *, aliases: Path | None = None) -> list[ExtractedPaper]:
        """The papers with their mentions canonicalized across all of them
        (:func:`kg.extract.settle`, with the gazetteers the shards were extracted with)."""
        from kg.extract import settle

        return settle(self.batch.papers, self.raw, aliases=aliases, gazetteers=self.gazetteers)


def read_shards(paths: Iterable[Path]) -> Extracted:
    """The papers (in input order), their raw mentions and the gazetteers of the shard files of
    ``paths`` (files or folders of ``*.jsonl``). Refuses, naming the file, anything that is not
    a complete set of one input, and a set whose extra gazetteers are gone or changed."""
    files = sorted(f for p in paths for f in (sorted(p.glob("*.jsonl")) if p.is_dir() else [p]))
    if not files:
        raise InputError(f"no shard files (*.jsonl) in {', '.join(map(str, paths))}")
    rows: list[tuple[int, Paper, list[dict[str, Any]]]] = []
    seen: dict[int, Path] = {}
    counts: set[int] = set()
    inputs: set[str] = set()
    lists: dict[str, Path] = {}  # the gazetteers of each shard, as JSON -> its first shard
    batch = SourceBatch()
    for path in files:
        header, lines = _read(path)
        index, count = header["shard"]
        if index in seen:
            raise InputError(f"{path} and {seen[index]} are both shard {index}/{count}")
        seen[index] = path
        counts.add(count)
        inputs.add(header["input"])
        lists.setdefault(json.dumps(header.get("gazetteers", []), sort_keys=True), path)
        if len(lines) != header["papers"]:
            raise InputError(
                f"{path} is cut off: its header promises {header['papers']:,} papers, it holds "
                f"{len(lines):,}. Run its kg extract --shard {index}/{count} again."
            )
        for n, line in enumerate(lines, start=2):
            try:
                rows.append((line["order"], paper_from(line["paper"]), line["mentions"]))
            except (KeyError, TypeError, ValueError) as exc:
                raise InputError(f"{path}:{n}: not a kg extracted paper ({exc!r})") from None
        batch.reports.append(FileReport(str(path), "kg extract --shard", papers=len(lines)))
    if len(counts) > 1 or len(inputs) > 1:
        raise InputError(
            f"the shards in {', '.join(map(str, paths))} come from different inputs or shard "
            "counts: extract every shard of one input with the same N"
        )
    (count,) = counts
    missing = sorted(set(range(1, count + 1)) - seen.keys())
    if missing:
        raise InputError(
            f"shard(s) {', '.join(f'{i}/{count}' for i in missing)} missing: run "
            f"kg extract --shard I/{count} for them into the same folder"
        )
    if len(lists) > 1:
        a, b = list(lists.values())[:2]
        raise InputError(
            f"{a} and {b} were extracted with different --gazetteer files: extract every shard "
            "of one input with the same ones"
        )
    (listed,) = lists
    gazetteers = tuple(_same_gazetteer(entry, files[0]) for entry in json.loads(listed))
    rows.sort(key=lambda row: row[0])
    batch.papers = [paper for _, paper, _ in rows]
    return Extracted(batch, [mentions for _, _, mentions in rows], gazetteers)


def _same_gazetteer(entry: dict[str, str], shard: Path) -> Path:
    """The gazetteer a shard's header names, if it is still there and unchanged."""
    path = Path(entry["path"])
    again = "put it back, or extract the shards again with the gazetteer you have"
    if not path.is_file():
        raise InputError(f"{shard} was extracted with the gazetteer {path}, which is gone: {again}")
    if hashlib.sha256(path.read_bytes()).hexdigest() != entry["sha256"]:
        raise InputError(
            f"{shard} was extracted with the gazetteer {path}, which has changed since: {again}"
        )
    return path


def _read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    try:
        with path.open(encoding="utf-8") as fh:
            header = json.loads(fh.readline() or "null")
            if not isinstance(header, dict) or header.get("format") != FORMAT:
                raise InputError(
                    f"{path} is not a shard written by kg extract --shard (its first line has "
                    f"no format {FORMAT!r})"
                )
            return header, [json.loads(line) for line in fh if line.strip()]
    except (OSError, ValueError) as exc:
        raise InputError(f"cannot read the shard {path}: {exc}") from None


# --- papers as JSON -------------------------------------------------------------------------


def paper_json(p: Paper) -> dict[str, Any]:
    return {
        "id": p.id,
        "abstract": p.abstract,
        "abstract_raw": p.abstract_raw,
        "authors": [
            {
                "id": a.id,
                "name": a.name,
                "variants": list(a.variants),
                "ids": list(a.ids),
                "affiliations": [[f.institution, f.country] for f in a.affiliations],
                "position": a.position,
            }
            for a in p.authors
        ],
        "source": [p.source.file, p.source.line, p.source.record],
        "title": p.title,
        "track": [p.track.area, p.track.subarea] if p.track else None,
        "authors_truncated": p.authors_truncated,
        "authors_hidden": p.authors_hidden,
        "code_links": list(p.code_links),
        "year": p.year,
        "venue": p.venue,
        "url": p.url,
    }


def paper_from(d: dict[str, Any]) -> Paper:
    authors = tuple(
        Author(
            id=a["id"],
            name=a["name"],
            variants=tuple(a["variants"]),
            ids=tuple(a["ids"]),
            affiliations=tuple(Affiliation(i, c) for i, c in a["affiliations"]),
            position=a["position"],
        )
        for a in d["authors"]
    )
    return Paper(
        id=d["id"],
        abstract=d["abstract"],
        abstract_raw=d["abstract_raw"],
        authors=authors,
        source=SourceRef(*d["source"]),
        title=d["title"],
        track=Track(*d["track"]) if d["track"] else None,
        authors_truncated=d["authors_truncated"],
        authors_hidden=d["authors_hidden"],
        code_links=tuple(d["code_links"]),
        year=d["year"],
        venue=d["venue"],
        url=d["url"],
    )
