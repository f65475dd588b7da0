"""The embedded store: a NetworkX MultiDiGraph persisted as node-link JSON.

Node keys are ``"Label:id"``; each node carries ``label`` plus its properties. Edge keys are the
relationship type, so a pair of nodes holds at most one relationship of each type (the same MERGE
semantics as Neo4j). The file is written to a temporary sibling and renamed over the old one, so
a crash mid-write leaves the previous graph intact.

One writer at a time: :meth:`NetworkXStore.locked` holds an exclusive lock on ``.lock`` in the
store folder (released by the operating system if the process dies). A build holds it from
reading the stored author positions to saving (kg.pipeline), and every read under it first
re-reads the graph if another process saved it since it was loaded; so two builds into one
store, run at once, end with both builds' papers and the people of one build of both. A build
that cannot get the lock within ``lock_timeout`` seconds fails with StoreBusy, naming the pid
that holds it. Temporary files left by a killed save are removed by the next write, under the
lock.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import networkx as nx

from kg.config import DEFAULT_LOCK_TIMEOUT
from kg.errors import QueryError, StoreBusy, StoreError
from kg.graph import EntityLink, GraphData, coauthor_pairs
from kg.identity import AuthorMention
from kg.index import GraphIndex, NameEntry, index_for
from kg.schema import AUTHOR_LABELS, ENTITY_LABELS, LIST_PROPS, NodeKey, node_key
from kg.store.base import Counts, Progress, stored_mentions

if TYPE_CHECKING:
    from kg.queries.registry import NamedQuery

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

GRAPH_FILE = "graph.json"
LOCK_FILE = ".lock"
_TMP_PREFIX, _TMP_SUFFIX = ".graph-", ".json.tmp"
FORMAT_VERSION = 1
_UMASK = os.umask(0)
os.umask(_UMASK)
# node-link's default "id" field would clobber our nodes' own `id` property
NODE_KEY_FIELD = "node_key"


class NetworkXStore:
    backend = "networkx"

    def __init__(self, directory: Path, *, lock_timeout: float = DEFAULT_LOCK_TIMEOUT) -> None:
        if directory.exists() and not directory.is_dir():
            raise StoreError(
                f"the store {directory} is a file, not a folder: pass --store (or KG_HOME) "
                "a folder for kg's graph"
            )
        self.directory = directory
        self.path = directory / GRAPH_FILE
        self.location = str(self.path)
        self.lock_timeout = lock_timeout
        self._loaded: tuple[int, int, int] | None = None  # the file's identity when read
        self._lock_fd: int | None = None  # held by this store object (locked() is re-entrant)
        self.graph: nx.MultiDiGraph = self._load()

    # --- persistence ----------------------------------------------------------------------

    def _identity(self) -> tuple[int, int, int] | None:
        try:
            st = self.path.stat()
        except FileNotFoundError:
            return None
        return st.st_ino, st.st_mtime_ns, st.st_size

    def _current(self) -> bool:
        """Re-read the graph if another process saved it since it was loaded; True if so."""
        if self._identity() == self._loaded:
            return False
        self.graph = self._load()
        return True

    def _load(self) -> nx.MultiDiGraph:
        self._loaded = self._identity()
        if self._loaded is None:
            return nx.MultiDiGraph()
        try:
            with self.path.open(encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError, RecursionError) as exc:
            raise StoreError(
                f"cannot read the graph at {self.path}: {exc}. "
                "Rebuild it with `kg build --fresh` (the file is replaced atomically)."
            ) from exc
        if data.get("graph", {}).get("kg_format") != FORMAT_VERSION:
            raise StoreError(f"{self.path} is not a kg graph file (or from another kg version)")
        graph: nx.MultiDiGraph = nx.node_link_graph(
            data, directed=True, multigraph=True, edges="edges", name=NODE_KEY_FIELD
        )
        return graph

    def check_writable(self) -> None:
        """Raise StoreError now if a write would fail: before a build spends time extracting."""
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            os.close(os.open(self.directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666))
        except OSError as exc:
            raise StoreError(
                f"cannot write the store at {self.directory}: {exc.strerror or exc}. "
                "Pass --store (or KG_HOME) a folder you can write to."
            ) from None

    @contextmanager
    def locked(self) -> Iterator[None]:
        """Hold the store's write lock (waiting up to ``lock_timeout`` s for another writer)."""
        if self._lock_fd is not None:
            yield
            return
        self.check_writable()
        fd = os.open(self.directory / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o666)
        try:
            deadline = time.monotonic() + self.lock_timeout
            while not _try_lock(fd):
                if time.monotonic() >= deadline:
                    holder = _holder(fd)
                    raise StoreBusy(
                        f"another kg process (pid {holder}) is writing the store at "
                        f"{self.directory}; waited {self.lock_timeout:g} s. Run this again when "
                        "it has finished (KG_LOCK_TIMEOUT sets how long to wait)."
                    )
                time.sleep(0.05)
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
            self._lock_fd = fd
            yield
        finally:
            self._lock_fd = None
            os.close(fd)  # closing the file releases the lock

    def save(self) -> None:
        """Write the graph file atomically. Call while holding :meth:`locked`."""
        for stale in self.directory.glob(f"{_TMP_PREFIX}*{_TMP_SUFFIX}"):
            stale.unlink(missing_ok=True)  # left by a save that was killed: we hold the lock
        self.graph.graph["kg_format"] = FORMAT_VERSION
        data = nx.node_link_data(self.graph, edges="edges", name=NODE_KEY_FIELD)
        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=_TMP_PREFIX, suffix=_TMP_SUFFIX)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes it 0600; a store is a normal file
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self._loaded = self._identity()

    # --- the GraphStore contract ------------------------------------------------------------

    def write(
        self, graph: GraphData, *, fresh: bool = False, progress: Progress | None = None
    ) -> None:
        with self.locked():
            # Another process saved since we read: keep its work. A graph whose people were
            # resolved over what we read would drop that work's authors: resolve under locked().
            if not fresh and self._current() and graph.authors_complete:
                raise StoreBusy(
                    f"another kg process wrote {self.path} after this one read who is who; "
                    "nothing was written. Run this again (kg build resolves identity under the "
                    "store's lock, so it never meets this)."
                )
            self._merge(graph, fresh=fresh, progress=progress)
            self.save()

    def _merge(self, graph: GraphData, *, fresh: bool, progress: Progress | None) -> None:
        g = nx.MultiDiGraph() if fresh else self.graph.copy()
        if graph.authors_complete:  # identity was resolved again: its layer is replaced whole
            g.remove_nodes_from([k for k, label in g.nodes(data="label") if label in AUTHOR_LABELS])
        for node in graph.nodes:
            key = node_key(node.label, node.id)
            attrs: dict[str, Any] | None = g.nodes.get(key)
            if attrs is None:
                g.add_node(key, label=node.label, **node.props)
                continue
            for name, value in node.props.items():
                if name in LIST_PROPS:
                    attrs[name] = list(dict.fromkeys([*attrs.get(name, []), *value]))
                else:
                    attrs[name] = value
        if progress:
            progress(len(graph.nodes))
        for rel in graph.rels:
            g.add_edge(node_key(*rel.start), node_key(*rel.end), key=rel.type, **rel.props)
        g.remove_nodes_from(node_key(label, id_) for label, id_ in graph.removed)
        if progress:
            progress(len(graph.rels))
        _materialize_coauthors(g)
        self.graph = g

    def entity_links(self, ids: Collection[str]) -> list[EntityLink]:
        out = []
        for id_ in sorted(set(ids)):
            for label in ENTITY_LABELS:
                key = node_key(label, id_)
                if key not in self.graph:
                    continue
                for paper, _, type_, props in self.graph.in_edges(key, keys=True, data=True):
                    if self.graph.nodes[paper].get("label") == "Paper":
                        out.append(
                            EntityLink(self.graph.nodes[paper]["id"], label, id_, type_, props)
                        )
        return out

    def counts(self) -> Counts:
        labels = Counter(label for _, label in self.graph.nodes(data="label"))
        types = Counter(key for _, _, key in self.graph.edges(keys=True))
        return Counts(nodes=dict(labels), rels=dict(types))

    def coauthor_weights(self) -> dict[tuple[str, str], tuple[int, float]]:
        return {
            (self.graph.nodes[a]["id"], self.graph.nodes[b]["id"]): (d["papers"], d["weight"])
            for a, b, k, d in self.graph.edges(keys=True, data=True)
            if k == "COAUTHOR"
        }

    def author_mentions(self) -> list[AuthorMention]:
        self._current()  # under locked(): exactly what the next write replaces
        g = self.graph
        papers = {
            attrs["id"]: attrs for _, attrs in g.nodes(data=True) if attrs.get("label") == "Paper"
        }
        authored = [
            (g.nodes[paper]["id"], {"author_name": g.nodes[author].get("name"), **attrs})
            for author, paper, key, attrs in g.edges(keys=True, data=True)
            if key == "AUTHORED"
        ]
        institutions = {
            attrs["id"]: attrs.get("name") or attrs["id"]
            for _, attrs in g.nodes(data=True)
            if attrs.get("label") == "Institution"
        }
        return stored_mentions(papers, authored, institutions)

    def to_networkx(self) -> nx.MultiDiGraph:
        return self.graph

    def index(self, *, around: NodeKey | None = None, hops: int = 0) -> GraphIndex:
        return index_for(self.graph)  # the whole graph is at hand: one index serves every view

    def run_query(self, query: NamedQuery, params: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        return query.embedded(self.index(), params)

    def run_cypher(
        self, cypher: str, params: Mapping[str, Any] | None = None, *, write: bool = False
    ) -> list[dict[str, Any]]:
        raise QueryError(
            "ad-hoc Cypher needs Neo4j: the graph is in the embedded store. Set NEO4J_URI (or pass "
            "--backend neo4j --neo4j-uri …), or ask with a named query: `kg query --list`"
        )

    def name_entries(self, labels: Sequence[str]) -> list[NameEntry]:
        return self.index().name_entries(labels)

    def labels_with_id(self, labels: Sequence[str], id_: str) -> list[str]:
        ix = self.index()
        return [label for label in labels if ix.has(label, id_)]

    def close(self) -> None:
        pass


def _try_lock(fd: int) -> bool:
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError:  # BlockingIOError, or PermissionError on Windows
        return False
    return True


def _holder(fd: int) -> str:
    """The pid the lock's holder wrote (Windows locks the bytes themselves: "unknown" there)."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        return os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
    except OSError:
        return "unknown"


def _materialize_coauthors(g: nx.MultiDiGraph) -> None:
    """Recompute every COAUTHOR edge from AUTHORED, so incremental builds stay exact."""
    g.remove_edges_from([(a, b, k) for a, b, k in g.edges(keys=True) if k == "COAUTHOR"])
    by_paper: dict[str, list[str]] = {}
    for author, paper, key in g.edges(keys=True):
        if key == "AUTHORED" and g.nodes[paper].get("coauthor_pairs", True):
            by_paper.setdefault(paper, []).append(author)
    for (a, b), (papers, weight) in coauthor_pairs(by_paper.values()).items():
        g.add_edge(a, b, key="COAUTHOR", papers=papers, weight=weight)
