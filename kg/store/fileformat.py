"""The embedded store's file: a graph as column tables that open in milliseconds.

A ``.kg`` file holds, per node label, a table of nodes, and per (relationship type, start label,
end label), a table of relationships whose ends are row numbers in the two node tables. Every
property of a table is a column — one JSON array — stored in its own section, so a reader loads
only the columns it touches: ``kg query coauthors`` reads author names and the co-author
relationships, never the 30 MB of abstracts and evidence sentences. Nothing is unpickled: a
store may come from someone else, and JSON arrays can hold nothing but data.

Layout::

    MAGIC (8 bytes) · format version (uint32 LE) · header length (uint32 LE) · header (JSON)
    · sections (JSON arrays, UTF-8), each at the offset the header gives, with its CRC-32

The header names every table with its size and its columns' (offset, length, crc32), so counts
come from the header alone. A property a row does not have is ``null`` in its column; the
graph never stores nulls (Neo4j cannot), so none is lost. A file that is not a kg store, is cut
off or damaged, or comes from a newer kg is refused with :class:`~kg.errors.StoreError` naming
the file and what to do.

Format history: 1 was NetworkX node-link JSON (``graph.json``), still read by
:func:`read_node_link` and written by :func:`write_node_link` as an export.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import struct
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import orjson

from kg.errors import StoreError

if TYPE_CHECKING:
    import networkx as nx

MAGIC = b"\x89KGSTORE"  # the high byte marks it binary, as PNG's does
FORMAT = 2
#: node-link JSON (format 1): the key our nodes are stored under, so it cannot clobber ``id``
NODE_KEY_FIELD = "node_key"
NODE_LINK_FORMAT = 1
_PREFIX = struct.Struct("<8sII")
_NOT_PROPS = frozenset({"~key", "~start", "~end"})
_REBUILD = "Rebuild it with `kg build --fresh` (the file is replaced atomically)."


@contextmanager
def gc_paused() -> Iterator[None]:
    """Build many small containers without the cyclic collector running over them again and
    again (it would double the time of loading a graph; they hold no cycles)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


# --- tables -------------------------------------------------------------------------------


class Table:
    """One node label's rows (``label``), or one relationship group's (``type``, ``start`` and
    ``end`` labels), column by column. ``~key`` is a node table's ids; ``~start`` and ``~end``
    are a relationship table's ends, as row numbers in the two node tables."""

    label = type = start = end = ""
    size = 0
    #: the property columns, in first-seen order
    names: tuple[str, ...] = ()

    def column(self, name: str) -> list[Any] | None:
        """The values of a column, one per row (None where a row lacks it); None if no row has
        it."""
        raise NotImplementedError

    def rows(self) -> Sequence[Mapping[str, Any]]:
        """Each row's properties (a node's also answer ``label``)."""
        raise NotImplementedError

    def dicts(self) -> list[dict[str, Any]]:
        """Each row's properties as a plain dict (every column read)."""
        names = self.names
        columns = [self.column(n) or [None] * self.size for n in names]
        label = {"label": self.label} if self.label else {}
        return (
            [
                {**label, **{n: v for n, v in zip(names, values, strict=True) if v is not None}}
                for values in zip(*columns, strict=True)
            ]
            if names
            else [dict(label) for _ in range(self.size)]
        )


class _MemoryTable(Table):
    """A table over property dicts in memory."""

    def __init__(
        self, spec: dict[str, str], attrs: list[dict[str, Any]], ends: dict[str, list[Any]]
    ):
        self.label, self.type = spec.get("label", ""), spec.get("type", "")
        self.start, self.end = spec.get("start", ""), spec.get("end", "")
        self.size = len(attrs)
        self._attrs = attrs
        self._columns = dict(ends)
        self.names = tuple(n for n in _names(attrs) if n != "label")

    def column(self, name: str) -> list[Any] | None:
        found = self._columns.get(name)
        if found is None and name in self.names:
            found = self._columns[name] = [a.get(name) for a in self._attrs]
        return found

    def rows(self) -> Sequence[Mapping[str, Any]]:
        return self._attrs


class _FileTable(Table):
    """A table in a ``.kg`` file: each column is read the first time it is asked for."""

    def __init__(self, file: GraphFile, spec: dict[str, Any]) -> None:
        self._file = file
        self.label, self.type = spec.get("label", ""), spec.get("type", "")
        self.start, self.end = spec.get("start", ""), spec.get("end", "")
        self.size = spec["size"]
        self._sections: dict[str, list[int]] = spec["columns"]
        self._columns: dict[str, list[Any]] = {}
        self.names = tuple(n for n in self._sections if n not in _NOT_PROPS)
        self.props = frozenset(self.names)
        self._rows: list[Row] | None = None

    def column(self, name: str) -> list[Any] | None:
        found = self._columns.get(name)
        if found is None:
            where = self._sections.get(name)
            if where is None:
                return None
            found = self._columns[name] = self._file.section(*where, name=name, size=self.size)
        return found

    def rows(self) -> Sequence[Mapping[str, Any]]:
        if self._rows is None:
            self._rows = [Row(self, i) for i in range(self.size)]
        return self._rows


class Row(Mapping[str, Any]):
    """The properties of one row of a file's table, read from the columns as they are asked for."""

    __slots__ = ("_i", "_table")

    def __init__(self, table: _FileTable, i: int) -> None:
        self._table = table
        self._i = i

    def __getitem__(self, key: str) -> Any:
        table = self._table
        if key == "label" and table.label:
            return table.label
        column = table.column(key) if key in table.props else None
        value = None if column is None else column[self._i]
        if value is None:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        if self._table.label:
            yield "label"
        for name in self._table.names:
            if self._table.column(name)[self._i] is not None:  # type: ignore[index]
                yield name

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"Row({dict(self)!r})"


class Tables:
    """A graph as tables: ``nodes`` by label, ``edges`` by (type, start label, end label)."""

    nodes: dict[str, Table]
    edges: list[Table]

    def counts(self) -> tuple[dict[str, int], dict[str, int]]:
        """(nodes per label, relationships per type); for a file, from its header alone."""
        rels: dict[str, int] = {}
        for t in self.edges:
            rels[t.type] = rels.get(t.type, 0) + t.size
        return {label: t.size for label, t in self.nodes.items() if t.size}, rels

    def ids(self, label: str) -> list[str]:
        return self.nodes[label].column("~key") or []

    def ends(self, table: Table) -> tuple[list[str], list[str]]:
        """The ids of a relationship table's start and end nodes, row by row."""
        starts, ends = self.ids(table.start), self.ids(table.end)
        return (
            [starts[i] for i in table.column("~start") or ()],
            [ends[i] for i in table.column("~end") or ()],
        )

    def to_networkx(self) -> nx.MultiDiGraph:
        """The whole graph (for a file: every column read)."""
        import networkx as nx

        with gc_paused():
            return self._to_networkx(nx.MultiDiGraph())

    def _to_networkx(self, g: nx.MultiDiGraph) -> nx.MultiDiGraph:
        # Filled through NetworkX's own dicts (what add_edges_from does, without its per-edge
        # checks): the nodes exist and each (start, end, type) is unique, as written.
        succ, pred = g._succ, g._pred
        for label, table in self.nodes.items():
            for id_, attrs in zip(self.ids(label), table.dicts(), strict=True):
                key = f"{label}:{id_}"
                g._node[key] = attrs
                succ[key], pred[key] = {}, {}
        for table in self.edges:
            starts, ends = self.ends(table)
            s, e, type_ = f"{table.start}:", f"{table.end}:", table.type
            for a, b, attrs in zip(starts, ends, table.dicts(), strict=True):
                u, v = s + a, e + b
                by_type = succ[u].get(v)
                if by_type is None:
                    by_type = succ[u][v] = pred[v][u] = {}
                by_type[type_] = attrs
        return g


def tables_of(graph: nx.MultiDiGraph, *, canonical: bool = False) -> Tables:
    """The tables of a graph in memory (node keys "Label:id", a ``label`` on each node, edge keys
    = relationship types), in the graph's order — or, ``canonical``, sorted: labels and
    relationship groups by name, nodes by id, relationships by their ends, so that one graph
    gives one file however it was put together."""
    node_attrs: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    # NetworkX's own dicts: its views cost more per item than the work done here
    for key, attrs in graph._node.items():
        label = attrs.get("label") or key.partition(":")[0]
        id_ = key[len(label) + 1 :] if key.startswith(label + ":") else key
        node_attrs.setdefault(label, []).append((id_, attrs))
    if canonical:
        node_attrs = {label: sorted(node_attrs[label], key=_first) for label in sorted(node_attrs)}
    where: dict[str, tuple[str, int]] = {}  # node key → (label, row number)
    for label, rows in node_attrs.items():
        where.update((f"{label}:{id_}", (label, i)) for i, (id_, _) in enumerate(rows))
    groups: dict[tuple[str, str, str], list[tuple[int, int, dict[str, Any]]]] = {}
    for start, targets in graph._adj.items():
        start_label, i = where[start]
        for end, by_type in targets.items():
            end_label, j = where[end]
            for type_, attrs in by_type.items():
                groups.setdefault((type_, start_label, end_label), []).append((i, j, attrs))
    if canonical:
        groups = {g: sorted(groups[g], key=_ends) for g in sorted(groups)}
    out = Tables()
    out.nodes = {
        label: _MemoryTable({"label": label}, [a for _, a in rows], {"~key": [i for i, _ in rows]})
        for label, rows in node_attrs.items()
    }
    out.edges = [
        _MemoryTable(
            {"type": type_, "start": s, "end": e},
            [a for _, _, a in rels],
            {"~start": [i for i, _, _ in rels], "~end": [j for _, j, _ in rels]},
        )
        for (type_, s, e), rels in groups.items()
    ]
    return out


def _first(row: tuple[str, Any]) -> str:
    return row[0]


def _ends(row: tuple[int, int, Any]) -> tuple[int, int]:
    return row[0], row[1]


# --- the file -----------------------------------------------------------------------------


class GraphFile(Tables):
    """An open ``.kg`` file. It keeps its file open, so a store replaced by another process's
    save (a rename) is still read whole from the version this one opened."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self._fh: IO[bytes] = path.open("rb")
            head = self._fh.read(_PREFIX.size)
        except OSError as exc:
            raise StoreError(f"cannot read the graph at {path}: {exc.strerror or exc}") from None
        try:
            magic, version, header_len = _PREFIX.unpack(head)
        except struct.error:
            magic, version, header_len = head[:8], 0, 0
        if magic != MAGIC:
            self.close()
            raise StoreError(
                f"{path} is not a kg graph file (it does not start as one). Move it away, or "
                "pass --store a folder kg built; `kg build --fresh` writes a new graph there."
            )
        if version > FORMAT:
            self.close()
            raise StoreError(
                f"{path} was written by a newer kg (store format {version}; this kg reads up to "
                f"{FORMAT}). Upgrade kg (pip install -U kg), or rebuild with this one: "
                "`kg build --fresh`."
            )
        try:
            header = json.loads(self._fh.read(header_len))
            self.nodes = {t["label"]: _FileTable(self, t) for t in header["nodes"]}
            self.edges = [_FileTable(self, t) for t in header["edges"]]
            end: int = header["end"]
        except (ValueError, KeyError, TypeError) as exc:
            self.close()
            raise StoreError(
                f"the graph at {path} is damaged (header: {exc}). {_REBUILD}"
            ) from None
        if os.fstat(self._fh.fileno()).st_size != end:
            self.close()
            raise StoreError(
                f"the graph at {path} is cut off or has bytes added ({end:,} bytes "
                f"expected). {_REBUILD}"
            )

    def section(self, offset: int, length: int, crc: int, *, name: str, size: int) -> list[Any]:
        if self._fh.closed:
            raise StoreError(f"the graph at {self.path} was closed; open the store again")
        self._fh.seek(offset)
        data = self._fh.read(length)
        try:
            if len(data) != length or zlib.crc32(data) != crc:
                raise ValueError("checksum mismatch")
            values = orjson.loads(data)
            if not isinstance(values, list) or len(values) != size:
                raise ValueError(f"expected {size:,} values")
        except ValueError as exc:
            raise StoreError(
                f"the graph at {self.path} is damaged (column {name!r}: {exc}). {_REBUILD}"
            ) from None
        return values

    def close(self) -> None:
        self._fh.close()


# --- writing ------------------------------------------------------------------------------


def header_digest(path: Path | None) -> str | None:
    """A hash of a ``.kg`` graph file's header — its tables, their sizes and every column's
    offset, length and CRC-32 — so any change of the graph changes it, for the cost of reading
    the header. None when there is no such file (a Neo4j store, an empty or old-format one)."""
    if path is None:
        return None
    try:
        with Path(path).open("rb") as fh:
            head = fh.read(_PREFIX.size)
            magic, _, length = _PREFIX.unpack(head)
            header = fh.read(length)
    except (OSError, struct.error):
        return None
    if magic != MAGIC or len(header) != length:
        return None
    return hashlib.sha256(head + header).hexdigest()[:32]


def write_graph(graph: nx.MultiDiGraph, fh: IO[bytes]) -> None:
    """Write ``graph`` (node keys "Label:id", each node's ``label`` attribute, edge keys =
    relationship types) to ``fh`` in the ``.kg`` layout. The same graph gives the same bytes,
    whatever order its nodes and relationships were added in."""
    with gc_paused():
        _write(tables_of(graph, canonical=True), fh)


def _write(tables: Tables, fh: IO[bytes]) -> None:
    sections: list[bytes] = []
    offset = 0  # from the end of the header; shifted once its length is known

    def put(values: list[Any]) -> list[int]:
        nonlocal offset
        data = orjson.dumps(values)
        sections.append(data)
        offset += len(data)
        return [offset - len(data), len(data), zlib.crc32(data)]

    def spec(table: Table, **head: Any) -> dict[str, Any]:
        names = ("~key",) if table.label else ("~start", "~end")
        columns = {n: put(table.column(n) or []) for n in (*names, *table.names)}
        return {**head, "size": table.size, "columns": columns}

    nodes = [spec(t, label=label) for label, t in tables.nodes.items()]
    edges = [spec(t, type=t.type, start=t.start, end=t.end) for t in tables.edges]
    # The header holds the sections' offsets, which depend on the header's own length: write
    # them relative, then shift by the header's length until it no longer changes.
    shift = 0
    while True:
        header = _header(nodes, edges, shift, offset)
        size = _PREFIX.size + len(header)
        if size == shift:
            break
        shift = size
    fh.write(_PREFIX.pack(MAGIC, FORMAT, len(header)))
    fh.write(header)
    for data in sections:
        fh.write(data)


def _header(nodes: list[dict], edges: list[dict], shift: int, body: int) -> bytes:
    def moved(spec: dict) -> dict:
        columns = {n: [o + shift, length, crc] for n, (o, length, crc) in spec["columns"].items()}
        return spec | {"columns": columns}

    header = {
        "format": FORMAT,
        "nodes": [moved(s) for s in nodes],
        "edges": [moved(s) for s in edges],
        "end": shift + body,
    }
    return json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _names(rows: Iterable[Mapping[str, Any]]) -> list[str]:
    """Property names in first-seen order."""
    seen: dict[str, None] = {}
    for attrs in rows:
        seen.update(dict.fromkeys(attrs))
    return list(seen)


# --- node-link JSON (format 1) -----------------------------------------------------------


def read_node_link(path: Path) -> nx.MultiDiGraph:
    """A ``graph.json`` written by kg before the ``.kg`` format."""
    import networkx as nx

    try:
        with path.open(encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError, RecursionError) as exc:
        raise StoreError(f"cannot read the graph at {path}: {exc}. {_REBUILD}") from exc
    if not isinstance(data, dict) or data.get("graph", {}).get("kg_format") != NODE_LINK_FORMAT:
        raise StoreError(f"{path} is not a kg graph file (or from another kg version)")
    graph: nx.MultiDiGraph = nx.node_link_graph(
        data, directed=True, multigraph=True, edges="edges", name=NODE_KEY_FIELD
    )
    graph.graph.pop("kg_format", None)
    return graph


def write_node_link(graph: nx.MultiDiGraph, fh: IO[str]) -> None:
    """The graph as NetworkX node-link JSON (``networkx.node_link_graph(data, edges="edges",
    name="node_key")`` reads it back; so does kg, as a format-1 store)."""
    import networkx as nx

    data = nx.node_link_data(graph, edges="edges", name=NODE_KEY_FIELD)
    data["graph"] = {**data.get("graph", {}), "kg_format": NODE_LINK_FORMAT}
    json.dump(data, fh, ensure_ascii=False, separators=(",", ":"))
