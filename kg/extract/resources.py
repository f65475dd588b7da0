"""The data files extraction reads: gazetteers, generic words, metrics, head nouns, triggers and
the word lists of the rules (``words.json``).

Everything here is loaded once per process (``functools.cache``) from files inside the package,
so users can read and extend them; see docs/extraction.md for the formats.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kg.errors import InputError
from kg.model import EntityType

DATA_DIR = Path(__file__).resolve().parent / "data"
GAZETTEER_DIR = DATA_DIR / "gazetteers"

_LABELS = {t.value.lower(): t for t in EntityType}
_NOT_KEY_RE = re.compile(r"[^0-9a-z+*.\u0370-\u03ff]")


def name_key(text: str) -> str:
    """The key two spellings of one name share: case, hyphens, spaces, dots at the ends and a
    plural "s" do not count; "+" and "*" do (RAT+ is not RAT).

    >>> name_key("Hodgkin–Huxley models") == name_key("Hodgkin-Huxley model")
    True
    """
    text = unicodedata.normalize("NFKC", text).casefold()
    key = _NOT_KEY_RE.sub("", text).strip(".")
    if len(key) > 3 and key.endswith("s") and not key.endswith("ss"):
        key = key[:-1]
    return key


def _lines(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
        if line:
            out.append(line)
    return out


@dataclass(frozen=True, slots=True)
class GazetteerEntry:
    label: EntityType
    pattern: str
    id: str


def read_gazetteer(path: Path) -> list[GazetteerEntry]:
    """Read one JSONL gazetteer; a line is ``{"label": "Dataset", "pattern": "ImageNet"}``."""
    entries = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read gazetteer {path}: {exc.strerror}") from exc
    for number, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith("//"):
            continue
        try:
            row = json.loads(line)
            label = _LABELS[str(row["label"]).lower()]
            pattern = str(row["pattern"]).strip()
        except (ValueError, KeyError, TypeError) as exc:
            raise InputError(
                f'{path}:{number}: expected a JSON object with "label" (one of '
                f'{", ".join(t.value for t in EntityType)}) and "pattern" (text)'
            ) from exc
        if pattern:
            entries.append(GazetteerEntry(label, pattern, str(row.get("id") or name_key(pattern))))
    return entries


def bundled_gazetteers() -> list[Path]:
    return sorted(GAZETTEER_DIR.glob("*.jsonl"))


@cache
def generic_keys() -> frozenset[str]:
    return frozenset(name_key(w) for w in _lines(DATA_DIR / "generic.txt"))


@cache
def metric_keys() -> frozenset[str]:
    return frozenset(name_key(w) for w in _lines(DATA_DIR / "metrics.txt"))


@cache
def heads() -> dict[str, frozenset[str]]:
    raw = json.loads((DATA_DIR / "heads.json").read_text(encoding="utf-8"))
    return {k: frozenset(v) for k, v in raw.items() if not k.startswith("_")}


@cache
def triggers() -> dict[str, list[list[str]]]:
    raw = json.loads((DATA_DIR / "triggers.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


@cache
def word_data() -> dict[str, dict]:
    raw = json.loads((DATA_DIR / "words.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def all_gazetteer_entries(extra: Sequence[Path] = ()) -> list[GazetteerEntry]:
    return [e for path in (*bundled_gazetteers(), *extra) for e in read_gazetteer(path)]


def unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
