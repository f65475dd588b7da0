"""What a view costs to compute once per graph — the co-author communities (Louvain over the
whole graph), the layout of big views, and the finished page data of a view — kept beside the
embedded store in ``viz-cache/``.

Entries are keyed by a hash of their whole input — the graph
(:func:`~kg.store.fileformat.header_digest`: the store file's header, which holds every column's
length and CRC-32), or the nodes and links laid out —
and of the code that computes them, so a rebuilt graph or a changed kg never reads a stale
answer: it computes and stores a new one. Both computations are seeded and deterministic,
so a cached answer is the answer. A Neo4j store has no folder here: nothing is cached. A cache
that cannot be written (a read-only store) only costs the time to compute again.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import kg
from kg import __version__
from kg.store.fileformat import header_digest

T = TypeVar("T")
CACHE_DIR = "viz-cache"
KEEP = 6  # entries of one kind kept (a few views' layouts); older ones are deleted


class ViewCache:
    """JSON answers in ``directory`` (None: a cache that keeps nothing)."""

    def __init__(self, directory: Path | None, source: Path | None = None) -> None:
        self.directory = directory
        self.source = source  # the store's graph file
        #: the digest of the graph the store held when the cache was opened (None: unknown)
        self.graph = header_digest(source)

    @classmethod
    def beside(cls, store: Any) -> ViewCache:
        """The cache of an embedded store (its folder has a ``viz-cache``); none for Neo4j."""
        folder = getattr(store, "directory", None)
        if folder is None:
            return cls(None)
        return cls(Path(folder) / CACHE_DIR, getattr(store, "path", None))

    def get(
        self,
        kind: str,
        key: Any,
        compute: Callable[[], T],
        *,
        encode: Callable[[T], Any] = lambda v: v,
        decode: Callable[[Any], T] = lambda v: v,
    ) -> T:
        """The answer for ``key`` (any JSON value: the whole input) from the cache, else
        ``compute()``'s, stored for next time."""
        if self.directory is None:
            return compute()
        text = json.dumps([__version__, kind, key], separators=(",", ":"), ensure_ascii=False)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
        path = self.directory / f"{kind}-{digest}.json"
        try:
            return decode(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            pass  # not cached yet, or a partial file from elsewhere: compute
        value = compute()
        if self.graph is None or header_digest(self.source) == self.graph:
            self._put(kind, path, encode(value))  # (not if the graph was replaced meanwhile)
        return value

    def _put(self, kind: str, path: Path, value: Any) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(value, fh, separators=(",", ":"))
            os.replace(tmp, path)  # whole or not at all
            older = sorted(path.parent.glob(f"{kind}-*.json"), key=lambda p: p.stat().st_mtime_ns)
            for stale in older[:-KEEP]:
                stale.unlink(missing_ok=True)
        except OSError:
            return


def source_digest(path: str) -> str:
    """A short hash of a module's source: part of a cache key, so changed code recomputes."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


@cache
def code_digest() -> str:
    """A short hash of all of kg's Python code (a few milliseconds): the key of a cached page's
    data, which any part of kg may shape (the page's scripts and template are applied to it
    when it is written, so they are not part of it)."""
    digest = hashlib.sha256()
    root = Path(kg.__file__).parent
    for path in sorted(root.rglob("*.py")):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode("utf-8") + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
