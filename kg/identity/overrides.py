"""The user's word on who is who: a text file, one rule per line, that `kg build` and
`kg authors` honour before any evidence is weighed::

    # comments and blank lines are ignored
    Michael Jordan = Michael I. Jordan          same person
    Yang Liu != openreview:~Yang_Liu3           different people

Each side is a name (any spelling kg would fold the same: case, accents and punctuation do not
matter) or a source id as kg keeps it (``openreview:~Yang_Liu3``, ``orcid:…``, ``email:…``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import InputError


@dataclass(frozen=True, slots=True)
class Overrides:
    same: list[tuple[str, str]] = field(default_factory=list)
    different: list[tuple[str, str]] = field(default_factory=list)
    path: str = ""


def load_overrides(path: Path | None) -> Overrides:
    """Read an override file; a line that is not ``A = B`` or ``A != B`` is an InputError that
    names the file and line."""
    if path is None:
        return Overrides()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read the author override file: {exc.strerror}") from None
    out = Overrides(path=str(path))
    for number, line in enumerate(text.splitlines(), start=1):
        rule = line.split("#", 1)[0].strip()
        if not rule:
            continue
        op = "!=" if "!=" in rule else "=" if "=" in rule else None
        left, _, right = rule.partition(op) if op else ("", "", "")
        left, right = left.strip(), right.strip()
        if not op or not left or not right:
            raise InputError(
                f"{path}:{number}: expected 'NAME = NAME' (same person) or 'NAME != NAME' "
                f"(different people), got {line.strip()!r}"
            )
        (out.different if op == "!=" else out.same).append((left, right))
    return out
