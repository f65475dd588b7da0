"""Row formats that stream: neo4j-admin CSV folders, JSON lines and CSV edge lists.

Each writer takes node and relationship streams (:mod:`kg.export.records`), so it never holds the
graph: the embedded store's graph is read as it is, Neo4j a page at a time, and ``kg build`` can
hand its :class:`kg.graph.GraphData` straight in.

neo4j-admin (``neo4j-admin database import full``): one CSV per node label and one per
relationship type and label pair, headers in the import tool's syntax — ``id:ID(Paper)`` (the
``id`` property, in the Paper id space), ``:LABEL``, ``year:long``, ``ids:string[]``,
``:START_ID(Author)``, ``:END_ID(Paper)``, ``:TYPE``. A first pass over the streams finds each
file's columns and types (a property with ints and floats is a double, with any other mix a
string), the second writes the rows. Arrays are joined with U+001F (``--array-delimiter``), since
names and merge reasons hold every printable separator; fields may span lines
(``--multiline-fields=true``); a missing value and an empty string are both an empty field,
which the import tool leaves unset, as Neo4j stores no nulls.
"""

from __future__ import annotations

import csv
import json
import shlex
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from kg.graph import Node, Rel

ARRAY_DELIMITER = "\x1f"
#: How the import tool is told about ARRAY_DELIMITER.
ARRAY_DELIMITER_ARG = "U+001F"
#: Relationship types whose direction means nothing (a pair is stored once).
UNDIRECTED = frozenset({"COAUTHOR", "TRACK_TOPIC"})
_TYPE_NAMES = {bool: "boolean", int: "long", float: "double", str: "string"}


@dataclass(slots=True)
class Written:
    """What an export wrote: files, counts, and for neo4j-admin the import command."""

    paths: list[Path] = field(default_factory=list)
    nodes: int = 0
    relationships: int = 0
    command: str = ""


# --- neo4j-admin ---------------------------------------------------------------------------


def write_neo4j_admin(
    nodes: Callable[[], Iterable[Node]],
    rels: Callable[[], Iterable[Rel]],
    directory: Path,
    *,
    database: str = "neo4j",
) -> Written:
    """Write the import folder (``nodes/<Label>.csv``, ``relationships/<TYPE>-<Start>-<End>.csv``)
    from two passes over ``nodes()`` and ``rels()``; return the files and the import command."""
    node_cols: dict[str, dict[str, str]] = {}
    for node in nodes():
        _columns(node_cols.setdefault(node.label, {}), node.props)
    rel_cols: dict[tuple[str, str, str], dict[str, str]] = {}
    for rel in rels():
        _columns(rel_cols.setdefault((rel.type, rel.start[0], rel.end[0]), {}), rel.props)
    (directory / "nodes").mkdir(parents=True, exist_ok=True)
    (directory / "relationships").mkdir(parents=True, exist_ok=True)
    written = Written()
    with _Files() as files:
        for node in nodes():
            cols = node_cols[node.label]
            path = directory / "nodes" / f"{node.label}.csv"
            header = [f"id:ID({node.label})", ":LABEL", *(f"{c}:{t}" for c, t in cols.items())]
            row = [node.id, node.label, *(_cell(node.props.get(c)) for c in cols)]
            files.row(path, header, row)
            written.nodes += 1
        for rel in rels():
            group = (rel.type, rel.start[0], rel.end[0])
            cols = rel_cols[group]
            path = directory / "relationships" / f"{'-'.join(group)}.csv"
            header = [
                f":START_ID({rel.start[0]})",
                f":END_ID({rel.end[0]})",
                ":TYPE",
                *(f"{c}:{t}" for c, t in cols.items()),
            ]
            row = [rel.start[1], rel.end[1], rel.type, *(_cell(rel.props.get(c)) for c in cols)]
            files.row(path, header, row)
            written.relationships += 1
        written.paths = list(files.paths)
    node_files = sorted(p for p in written.paths if p.parent.name == "nodes")
    rel_files = sorted(p for p in written.paths if p.parent.name == "relationships")
    args = [
        "neo4j-admin",
        "database",
        "import",
        "full",
        database,  # first: --nodes and --relationships take every file that follows
        f"--array-delimiter={ARRAY_DELIMITER_ARG}",
        "--multiline-fields=true",
        *(f"--nodes={p.resolve()}" for p in node_files),
        *(f"--relationships={p.resolve()}" for p in rel_files),
    ]
    written.command = shlex.join(args)
    return written


def _columns(cols: dict[str, str], props: dict[str, Any]) -> None:
    """Add ``props``' names and import types to ``cols`` (widening on a mix)."""
    for name, value in props.items():
        if value is None:
            continue
        if isinstance(value, list | tuple):
            inner = {_type_name(v) for v in value if v is not None}
            found = f"{_widest(inner) if inner else 'string'}[]"
        else:
            found = _type_name(value)
        known = cols.get(name)
        if known is None or known == found:
            cols[name] = found
        else:
            array = known.endswith("[]") or found.endswith("[]")
            base = _widest({known.removesuffix("[]"), found.removesuffix("[]")})
            cols[name] = f"{base}[]" if array else base


def _type_name(value: Any) -> str:
    return _TYPE_NAMES.get(type(value), "string")


def _widest(names: set[str]) -> str:
    if len(names) == 1:
        return next(iter(names))
    return "double" if names <= {"long", "double"} else "string"


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return ARRAY_DELIMITER.join(_cell(v) for v in value)
    if isinstance(value, float):
        return repr(value)
    return str(value)


class _Files:
    """CSV files opened on first use, each with its header written once."""

    def __init__(self) -> None:
        self.paths: dict[Path, tuple[IO[str], Any]] = {}

    def row(self, path: Path, header: list[str], row: list[str]) -> None:
        entry = self.paths.get(path)
        if entry is None:
            fh = path.open("w", encoding="utf-8", newline="")
            writer = csv.writer(fh, lineterminator="\n")
            writer.writerow(header)
            entry = self.paths[path] = (fh, writer)
        entry[1].writerow(row)

    def __enter__(self) -> _Files:
        return self

    def __exit__(self, *exc: object) -> None:
        for fh, _ in self.paths.values():
            fh.close()


# --- JSON lines and CSV edge lists -----------------------------------------------------------


def json_lines(nodes: Iterable[Node], rels: Iterable[Rel]) -> Iterator[dict[str, Any]]:
    """APOC's export shape: ``{"type": "node", "id", "labels", "properties"}`` for each node,
    then ``{"type": "relationship", "label", "start": {"id", "labels"}, "end", "properties"}``;
    ids are kg's keys, "Label:id" (a view's node keys are already keys)."""
    for node in nodes:
        yield {
            "type": "node",
            "id": _key(node.label, node.id),
            "labels": [node.label],
            "properties": {"id": node.id, **node.props},
        }
    for rel in rels:
        yield {
            "type": "relationship",
            "label": rel.type,
            "start": {"id": _key(*rel.start), "labels": [rel.start[0]]},
            "end": {"id": _key(*rel.end), "labels": [rel.end[0]]},
            "properties": rel.props,
        }


def write_jsonl(nodes: Iterable[Node], rels: Iterable[Rel], path: Path) -> Written:
    written = Written([path])
    with path.open("w", encoding="utf-8") as fh:
        for line in json_lines(nodes, rels):
            fh.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
            if line["type"] == "node":
                written.nodes += 1
            else:
                written.relationships += 1
    return written


#: The columns of a CSV edge list: Gephi's edge table (Source, Target, Type, Weight) plus ours.
EDGE_COLUMNS = ("Source", "Target", "Type", "Weight", "Relationship")


def write_edge_csv(rels: Iterable[Rel], path: Path) -> Written:
    """One row per relationship: kg keys ("Author:yann lecun"), Directed/Undirected, a weight
    (``weight`` for a view's links, else ``papers`` when the relationship has it, else 1) and
    the relationship type — Gephi's spreadsheet import reads it as an edge table."""
    written = Written([path])
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(EDGE_COLUMNS)
        for rel in rels:
            weight = rel.props.get("weight", rel.props.get("papers", 1))
            if rel.type == "COAUTHOR":
                weight = rel.props.get("papers", weight)
            direction = "Undirected" if rel.type in UNDIRECTED else "Directed"
            writer.writerow([_key(*rel.start), _key(*rel.end), direction, weight, rel.type])
            written.relationships += 1
    return written


def _key(label: str, id_: str) -> str:
    """kg's node key; a view's node ids already are keys."""
    return id_ if id_.startswith(f"{label}:") else f"{label}:{id_}"
