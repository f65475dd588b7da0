"""The embedded store: a NetworkX MultiDiGraph persisted as a ``.kg`` file (kg.store.fileformat).

Node keys are ``"Label:id"``; each node carries ``label`` plus its properties. Edge keys are the
relationship type, so a pair of nodes holds at most one relationship of each type (the same MERGE
semantics as Neo4j). The file is written to a temporary sibling and renamed over the old one, so
a crash mid-write leaves the previous graph intact.

Opening a store reads nothing: counts come from the file's header, named queries and name
lookups index the columns they touch (:meth:`NetworkXStore.snapshot`), and the MultiDiGraph is
built only for what needs all of it (a write, a whole-graph view or export). A store from before
the ``.kg`` format (``graph.json``, node-link JSON) is read as it is, with a note that a rebuild
makes it fast; the next write saves it as ``graph.kg`` and removes the old file.

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

import os
import tempfile
import time
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.config import DEFAULT_LOCK_TIMEOUT
from kg.errors import QueryError, StoreBusy, StoreError
from kg.schema import AUTHOR_LABELS, ENTITY_LABELS, LIST_PROPS, NodeKey, node_key
from kg.store.base import Counts, Progress, stored_mentions
from kg.store.fileformat import GraphFile, read_node_link, write_graph

if TYPE_CHECKING:
    import networkx as nx

    from kg.graph import EntityLink, GraphData
    from kg.identity import AuthorMention
    from kg.index import GraphIndex, NameEntry
    from kg.queries.registry import NamedQuery

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt

GRAPH_FILE = "graph.kg"
#: The node-link JSON file of stores written before the .kg format: read, replaced on write.
LEGACY_FILE = "graph.json"
LOCK_FILE = ".lock"
_TMP_PREFIX, _TMP_SUFFIX = ".graph-", ".tmp"
_UMASK = os.umask(0)
os.umask(_UMASK)
_UNREAD = (-1, -1, -1)  # nothing read yet: no version of the file to be stale


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
        self.legacy_path = directory / LEGACY_FILE
        self.location = str(self.path)
        self.lock_timeout = lock_timeout
        self._loaded: tuple[int, int, int] | None = _UNREAD  # the file's identity when read
        self._lock_fd: int | None = None  # held by this store object (locked() is re-entrant)
        self._graph: nx.MultiDiGraph | None = None
        self._file: GraphFile | None = None
        if self._legacy():
            self.location = str(self.legacy_path)

    @property
    def notes(self) -> list[str]:
        """What a user should know about this store (an old format that opens slowly)."""
        if not self._legacy():
            return []
        return [
            f"{self.legacy_path} is in the old node-link JSON format, which opens slowly: "
            f"rebuild it with `kg build --fresh` (any build into this store saves it as "
            f"{GRAPH_FILE}, which opens at once)"
        ]

    # --- persistence ----------------------------------------------------------------------

    def _legacy(self) -> bool:
        return not self.path.exists() and self.legacy_path.exists()

    def _identity(self) -> tuple[int, int, int] | None:
        for path in (self.path, self.legacy_path):
            try:
                st = path.stat()
            except FileNotFoundError:
                continue
            return st.st_ino, st.st_mtime_ns, st.st_size
        return None

    def _current(self) -> bool:
        """Forget the graph if another process saved it since it was read; True if so."""
        if self._loaded == _UNREAD or self._identity() == self._loaded:
            return False
        self._forget()
        return True

    def _forget(self) -> None:
        if self._file is not None:
            self._file.close()
        self._graph, self._file, self._loaded = None, None, _UNREAD

    def _open_file(self) -> GraphFile | None:
        """The .kg file as last read (opened now if nothing was read yet); None if there is none."""
        if self._file is None and self._graph is None:
            self._loaded = self._identity()
            if self.path.exists():
                self._file = GraphFile(self.path)
        return self._file

    @property
    def graph(self) -> nx.MultiDiGraph:
        """The whole graph, built from the file on first use."""
        if self._graph is None:
            file = self._open_file()
            if file is not None:
                self._graph = file.to_networkx()
            elif self._loaded is not None and self.legacy_path.exists():
                self._graph = read_node_link(self.legacy_path)
            else:
                import networkx as nx

                self._graph = nx.MultiDiGraph()
        return self._graph

    @graph.setter
    def graph(self, graph: nx.MultiDiGraph) -> None:
        if self._file is not None:
            self._file.close()
        self._graph, self._file = graph, None

    def snapshot(self) -> GraphFile | nx.MultiDiGraph:
        """What queries read: the open .kg file (its columns load as they are asked for), or the
        graph when it is already in memory (after a write) or the store is in the old format."""
        file = None if self._graph is not None else self._open_file()
        return file if file is not None else self.graph

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
        graph = self.graph
        fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=_TMP_PREFIX, suffix=_TMP_SUFFIX)
        try:
            with os.fdopen(fd, "wb") as fh:
                write_graph(graph, fh)
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, 0o666 & ~_UMASK)  # mkstemp makes it 0600; a store is a normal file
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self.legacy_path.unlink(missing_ok=True)  # its graph is in the new file now
        self.location = str(self.path)
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
        import networkx as nx

        g = nx.MultiDiGraph() if fresh else self.graph.copy()
        if graph.authors_complete:  # identity was resolved again: its layer is replaced whole
            g.remove_nodes_from([k for k, label in g.nodes(data="label") if label in AUTHOR_LABELS])
        # NetworkX's own dicts, as add_node/add_edge fill them, without their per-call checks
        # (a third of a ×10 write went to them): node attrs, and one key dict per (u, v) shared
        # by succ[u][v] and pred[v][u].
        nodes, succ, pred = g._node, g._succ, g._pred
        for node in graph.nodes:
            key = node_key(node.label, node.id)
            attrs: dict[str, Any] | None = nodes.get(key)
            if attrs is None:
                nodes[key] = {"label": node.label, **node.props}
                succ[key], pred[key] = {}, {}
                continue
            for name, value in node.props.items():
                if name in LIST_PROPS:
                    attrs[name] = list(dict.fromkeys([*attrs.get(name, []), *value]))
                else:
                    attrs[name] = value
        if progress:
            progress(len(graph.nodes))
        for rel in graph.rels:
            _add_edge(g, node_key(*rel.start), node_key(*rel.end), rel.type, rel.props)
        g.remove_nodes_from(node_key(label, id_) for label, id_ in graph.removed)
        if progress:
            progress(len(graph.rels))
        _materialize_coauthors(g)
        self.graph = g

    def entity_links(self, ids: Collection[str]) -> list[EntityLink]:
        from kg.graph import EntityLink

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
        file = None if self._graph is not None else self._open_file()
        if file is not None:
            nodes, rels = file.counts()
            return Counts(nodes=nodes, rels=rels)
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
        from kg.index import index_for  # kg.index reads kg.store's file format: import it late

        return index_for(self.snapshot())  # one index serves every view and query

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
        if self._file is not None:
            self._file.close()
            self._file = None


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


def _add_edge(g: nx.MultiDiGraph, u: str, v: str, type_: str, props: Mapping[str, Any]) -> None:
    """``g.add_edge(u, v, key=type_, **props)`` on NetworkX's dicts: a missing end is added
    without attributes, an existing edge's attributes are updated."""
    succ = g._succ
    for key in (u, v):
        if key not in succ:
            g._node[key], succ[key], g._pred[key] = {}, {}, {}
    by_type = succ[u].get(v)
    if by_type is None:
        by_type = succ[u][v] = g._pred[v][u] = {}
    attrs = by_type.get(type_)
    if attrs is None:
        by_type[type_] = dict(props)
    else:
        attrs.update(props)


def _materialize_coauthors(g: nx.MultiDiGraph) -> None:
    """Recompute every COAUTHOR edge from AUTHORED, so incremental builds stay exact."""
    from kg.graph import coauthor_pairs

    nodes, succ, pred = g._node, g._succ, g._pred
    by_paper: dict[str, list[str]] = {}
    for author, targets in succ.items():
        for paper, by_type in list(targets.items()):
            if "COAUTHOR" in by_type:
                del by_type["COAUTHOR"]
                if not by_type:
                    del targets[paper], pred[paper][author]
            if "AUTHORED" in by_type and nodes[paper].get("coauthor_pairs", True):
                by_paper.setdefault(paper, []).append(author)
    for (a, b), (papers, weight) in coauthor_pairs(by_paper.values()).items():
        _add_edge(g, a, b, "COAUTHOR", {"papers": papers, "weight": weight})
