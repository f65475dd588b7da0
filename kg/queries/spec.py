"""Named queries as data: ``cypher/<name>.cypher``, a header comment and one Cypher statement.

The header is the query's documentation and its contract, read by ``kg query --list`` and by the
parameter checks::

    // coauthors: Co-authors of an author, with the number of papers they wrote together.
    //
    // params:
    //   name: author, required -- the author, any spelling; kg passes the Author id
    //   limit: int = 25 -- at most this many rows
    // columns: coauthor, papers, weight
    // order: papers DESC, weight DESC, co-author id

A parameter's type is ``int``, ``float``, ``str`` or ``bool``, or a name kg resolves before the
query runs — ``author``, ``entity``, ``track``, ``institution`` (sent as the node id, a string)
or ``entity-type``
(sent as the label, "Method"; empty for any). ``{a|b|c}`` after the default lists the allowed
values. Lines indented below a parameter or the columns continue its text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from difflib import get_close_matches
from functools import cache
from pathlib import Path
from typing import Any

from kg.errors import QueryError

# kg/cypher links to the top-level cypher/ folder, so wheels ship the queries too
CYPHER_DIR = Path(__file__).resolve().parents[1] / "cypher"
#: Files in cypher/ that are not named queries.
NOT_QUERIES = frozenset({"schema"})

#: Parameter types whose value is a name kg resolves to an id (or a label) before sending.
RESOLVED_KINDS = ("author", "entity", "track", "institution", "entity-type")
_WIRE_TYPES = {"int": int, "float": float, "str": str, "bool": bool}
_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}

_PARAM_RE = re.compile(
    r"^(?P<name>[a-z_][a-z0-9_]*):\s*(?P<type>[a-z-]+)"
    r"(?:\s*=\s*(?P<default>\"[^\"]*\"|[^\s,{]+))?"
    r"(?:\s*\{(?P<choices>[^}]*)\})?"
    r"(?P<required>\s*,\s*required)?"
    r"\s*(?:--\s*(?P<help>.*))?$"
)


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str  # what travels to Cypher: "int", "float", "str" or "bool"
    default: Any
    required: bool
    help: str
    kind: str | None = None  # author | entity | track | entity-type: resolved before sending
    choices: tuple[str, ...] = ()

    @property
    def shown_type(self) -> str:
        return self.kind or self.type

    def coerce(self, value: Any, *, query: str) -> Any:
        """A CLI string or a Python value → this parameter's type, or a QueryError naming it."""
        want = _WIRE_TYPES[self.type]
        if isinstance(value, str) and want is not str:
            text = value.strip()
            try:
                if want is bool:
                    if text.lower() not in _TRUE | _FALSE:
                        raise ValueError(text)
                    value = text.lower() in _TRUE
                else:
                    value = want(text)
            except ValueError:
                raise QueryError(
                    f"parameter {self.name!r} of {query} must be {_article(self.type)} "
                    f"(got {value!r}){self._hint()}"
                ) from None
        elif want is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        elif not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise QueryError(
                f"parameter {self.name!r} of {query} must be {_article(self.type)} "
                f"(got {value!r}){self._hint()}"
            )
        if self.choices and value not in self.choices:
            close = get_close_matches(str(value), self.choices, n=1)
            hint = f" — did you mean {close[0]!r}?" if close else ""
            raise QueryError(
                f"parameter {self.name!r} of {query} must be one of "
                f"{', '.join(self.choices)} (got {value!r}){hint}"
            )
        if want is int and self.name in {"limit", "per_facet", "per_track", "show"} and value < 0:
            raise QueryError(f"parameter {self.name!r} of {query} must be 0 or more (got {value})")
        return value

    def _hint(self) -> str:
        return f": {self.help}" if self.help else ""


@dataclass(frozen=True, slots=True)
class QuerySpec:
    name: str
    description: str
    params: list[Param]
    columns: list[str]
    cypher: str
    notes: str = ""  # the rest of the header: column meanings, order, engine
    path: Path | None = field(default=None, compare=False)

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def as_json(self) -> dict[str, Any]:
        """What ``kg query --list --format json`` says of the query."""
        params = [
            {
                "name": p.name,
                "type": p.shown_type,
                "default": p.default,
                "required": p.required,
                "help": p.help,
            }
            for p in self.params
        ]
        return {
            "name": self.name,
            "description": self.description,
            "params": params,
            "columns": self.columns,
        }


def parse_query(text: str, *, name: str, path: Path | None = None) -> QuerySpec:
    header: list[str] = []
    body: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("//") and not body:
            header.append(stripped[2:].rstrip()[1:] if stripped[2:3] == " " else stripped[2:])
        elif stripped or body:
            body.append(line.rstrip())
    if not header or not header[0].startswith(f"{name}:"):
        raise QueryError(f"{path or name}: the header must start with '// {name}: <description>'")
    description_lines = [header[0].partition(":")[2].strip()]
    i = 1
    while i < len(header) and header[i].strip() and not _section(header[i]):
        description_lines.append(header[i].strip())
        i += 1
    params: list[Param] = []
    columns: list[str] = []
    notes: list[str] = []
    section = None
    for line in header[i:]:
        key = _section(line)
        if key:
            section = key
            rest = line.partition(":")[2].strip()
            if key == "columns":
                columns = [c.strip() for c in rest.split(",") if c.strip()]
            elif key != "params":
                notes.append(line.strip())
            continue
        if not line.strip():
            section = None if section == "params" else section
            notes.append("")
            continue
        if section == "params" and line.startswith("  ") and not line.startswith("    "):
            params.append(_parse_param(line.strip(), query=name))
        elif section == "params" and params:
            last = params[-1]
            params[-1] = replace(last, help=f"{last.help} {line.strip()}".strip())
        else:
            notes.append(line.strip())
    if not columns:
        raise QueryError(f"{path or name}: the header has no 'columns:' line")
    return QuerySpec(
        name=name,
        description=" ".join(description_lines),
        params=params,
        columns=columns,
        cypher="\n".join(body).strip(),
        notes="\n".join(notes).strip(),
        path=path,
    )


def _section(line: str) -> str | None:
    match = re.match(r"^(params|columns|order|engine):", line.strip())
    return match.group(1) if match and not line.startswith("  ") else None


def _parse_param(text: str, *, query: str) -> Param:
    match = _PARAM_RE.match(text)
    if not match:
        raise QueryError(f"{query}: cannot read the parameter line {text!r}")
    type_ = match["type"]
    kind = type_ if type_ in RESOLVED_KINDS else None
    wire = "str" if kind else type_
    if wire not in _WIRE_TYPES:
        raise QueryError(f"{query}: parameter {match['name']!r} has an unknown type {type_!r}")
    required = bool(match["required"])
    default: Any = None
    if match["default"] is not None:
        raw = match["default"].strip('"')
        default = Param(match["name"], wire, None, False, "").coerce(raw, query=query)
    elif not required:
        raise QueryError(f"{query}: parameter {match['name']!r} needs a default or 'required'")
    choices = tuple(c.strip() for c in (match["choices"] or "").split("|") if c.strip())
    return Param(
        name=match["name"],
        type=wire,
        default=default,
        required=required,
        help=(match["help"] or "").strip(),
        kind=kind,
        choices=choices,
    )


@cache
def _load_all(directory: Path) -> dict[str, QuerySpec]:
    specs = {}
    for path in sorted(directory.glob("*.cypher")):
        if path.stem in NOT_QUERIES:
            continue
        specs[path.stem] = parse_query(path.read_text(encoding="utf-8"), name=path.stem, path=path)
    return specs


def list_queries(directory: Path = CYPHER_DIR) -> list[QuerySpec]:
    """Every named query in cypher/, by name."""
    return list(_load_all(directory).values())


def get_query(name: str, directory: Path = CYPHER_DIR) -> QuerySpec:
    specs = _load_all(directory)
    if name in specs:
        return specs[name]
    close = get_close_matches(name, list(specs), n=3, cutoff=0.5)
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    raise QueryError(f"no query named {name!r}: {hint}`kg query --list` shows all {len(specs)}")


def _article(type_: str) -> str:
    return {"int": "an integer", "float": "a number", "bool": "true or false"}.get(type_, "text")
