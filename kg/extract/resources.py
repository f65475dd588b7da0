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
from itertools import product
from pathlib import Path

from kg.errors import InputError
from kg.model import ACRONYM_PLURAL_RE, ES_PLURALS, NOT_PLURAL, EntityType

DATA_DIR = Path(__file__).resolve().parent / "data"
GAZETTEER_DIR = DATA_DIR / "gazetteers"

_LABELS = {t.value.lower(): t for t in EntityType}
_NOT_KEY_RE = re.compile(r"[^0-9a-z+*.\u0370-\u03ff]")
# a capital S standing alone at the end of a name is one of its letters ("2D-3D-S", "ViT-S")
_SIZE_LETTER_RE = re.compile(r"[\-\s]S$")


def name_key(text: str) -> str:
    """The key two spellings of one name share: case, hyphens, spaces, dots at the ends and a
    plural "s" do not count ("GPs" is GP); "+" and "*" do (RAT+ is not RAT).

    >>> name_key("Hodgkin–Huxley models") == name_key("Hodgkin-Huxley model")
    True
    >>> name_key("GPs") == name_key("GP") != name_key("GPS")
    True
    >>> name_key("Gaussian processes") == name_key("Gaussian process")
    True
    >>> name_key("2D-3D-S") == name_key("2D-3D")  # a size or split letter is no plural
    False
    """
    acronym_plural = ACRONYM_PLURAL_RE.search(text) is not None
    size_letter = _SIZE_LETTER_RE.search(text) is not None
    text = unicodedata.normalize("NFKC", text).casefold()
    key = _NOT_KEY_RE.sub("", text).strip(".")
    if acronym_plural:
        return key[:-1]
    if size_letter:
        return key  # "2D-3D-S", "ViT-S": a letter of the name, not a plural
    if len(key) > 3 and key.endswith("s") and not key.endswith(NOT_PLURAL):
        # "processes" -> "process", "matches" -> "match", but "cases" -> "case"
        key = key[:-2] if key.endswith(ES_PLURALS) else key[:-1]
    return key


_NOT_CASE_KEY_RE = re.compile(r"[^0-9A-Za-z+*.\u0370-\u03ff]")


def case_key(text: str) -> str:
    """:func:`name_key` that keeps the case, for names that match only as written:
    "CIFAR-10" is "CIFAR10", "ReCoRD" is not "records", "GPs" is "GP".

    >>> case_key("CIFAR-10") == case_key("CIFAR10"), case_key("Pass") == case_key("PASS")
    (True, False)
    """
    key = _NOT_CASE_KEY_RE.sub("", unicodedata.normalize("NFKC", text)).strip(".")
    return key[:-1] if ACRONYM_PLURAL_RE.search(text) else key


def _lines(path: Path) -> list[str]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip() if line.lstrip().startswith("#") else line.strip()
        if line:
            out.append(line)
    return out


#: How a gazetteer pattern may be found in text (docs/extraction.md, "Gazetteer format").
MATCH_POLICIES = ("any", "case", "context", "merge")
_INNER_CAPITAL_RE = re.compile(r"[A-Za-z][A-Z]")


@dataclass(frozen=True, slots=True)
class GazetteerEntry:
    label: EntityType
    pattern: str
    id: str
    match: str = "any"
    source: str = ""
    curated: bool = True  # written or picked by hand, not built from a lexicon
    ambiguous: bool = False  # names several things: merges nothing (kg.extract.concepts)


def default_match(pattern: str, label: EntityType) -> str:
    """A capital after a letter (ImageNet, ReCoRD, SGD) matches as written, so "records" is not
    ReCoRD; so does a data name in capitals ("Natural Questions" is not "a natural question");
    other patterns match in any case, with a plural "s". (A hand-written entry that is also an
    ordinary word or a person's name says ``"match": "context"``: "Adam".)"""
    if _INNER_CAPITAL_RE.search(pattern):
        return "case"
    data = label in (EntityType.DATASET, EntityType.BENCHMARK)
    return "case" if data and " " in pattern and not pattern.islower() else "any"


def read_gazetteer(path: Path) -> list[GazetteerEntry]:
    """Read one JSONL gazetteer; a line is ``{"label": "Dataset", "pattern": "ImageNet"}``,
    optionally with ``"id"`` (patterns sharing one are one entity), ``"match"`` (one of
    MATCH_POLICIES), ``"source"`` and ``"ambiguous"`` (the name stands for several things)."""
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
            match = str(row.get("match") or default_match(pattern, label))
            if match not in MATCH_POLICIES:
                raise ValueError(match)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(
                f'{path}:{number}: expected a JSON object with "label" (one of '
                f'{", ".join(t.value for t in EntityType)}), "pattern" (text) and optionally '
                f'"id" and "match" (one of {", ".join(MATCH_POLICIES)})'
            ) from exc
        if pattern:
            ident = str(row.get("id") or name_key(pattern))
            source = str(row.get("source") or path.name)
            entries.append(
                GazetteerEntry(
                    label,
                    pattern,
                    ident,
                    match,
                    source,
                    curated=path.name not in BUILT,
                    ambiguous=bool(row.get("ambiguous")),
                )
            )
    return entries


#: The lexicon built by tools/build_lexicons.py from public name lists and the corpus.
LEXICON_FILE = "lexicon.jsonl"
#: The method names kg's own rules find in many corpus abstracts, built by
#: tools/build_corpus_methods.py.
CORPUS_METHODS_FILE = "corpus_methods.jsonl"
#: The gazetteers a tool builds: no name in them is written or picked by hand.
BUILT = (LEXICON_FILE, CORPUS_METHODS_FILE)
#: Bundled gazetteers in priority order: when two give one name different types, the earlier
#: wins (hand-written lists before the built lexicon, the public lists before kg's own).
BUNDLED = ("ml_core.jsonl", "ml_recent.jsonl", *BUILT)


def bundled_gazetteers() -> list[Path]:
    rest = sorted(p for p in GAZETTEER_DIR.glob("*.jsonl") if p.name not in BUNDLED)
    return [GAZETTEER_DIR / name for name in BUNDLED if (GAZETTEER_DIR / name).is_file()] + rest


@cache
def generic_keys() -> frozenset[str]:
    return frozenset(name_key(w) for w in _lines(DATA_DIR / "generic.txt"))


@cache
def generic_shapes() -> tuple[frozenset[str], frozenset[str]]:
    """The keys whose generic entries are all one word without a hyphen ("RTX": "RT-X" is
    another name), and those whose entries all start in lower case and have a capital ("dBm",
    "mW": "DBM", "MW" are other names)."""
    entries: dict[str, list[str]] = {}
    for w in _lines(DATA_DIR / "generic.txt"):
        entries.setdefault(name_key(w), []).append(w)
    solid = {k for k, ws in entries.items() if not any(c in w for w in ws for c in " -\u2013")}
    lower = {k for k, ws in entries.items() if all(w[:1].islower() and not w.islower() for w in ws)}
    return frozenset(solid), frozenset(lower)


@cache
def metric_keys() -> frozenset[str]:
    return frozenset(name_key(w) for w in _lines(DATA_DIR / "metrics.txt"))


def with_british(words: Iterable[str]) -> list[str]:
    """The words with the British spelling of each "-ization" noun after it ("regularization",
    "regularisation"): the lists are written once, in American spelling."""
    return unique(
        spelling for w in words for spelling in (w, re.sub(r"ization(s?)$", r"isation\1", w))
    )


@cache
def heads() -> dict[str, frozenset[str]]:
    raw = json.loads((DATA_DIR / "heads.json").read_text(encoding="utf-8"))
    return {k: frozenset(with_british(v)) for k, v in raw.items() if not k.startswith("_")}


@cache
def triggers() -> dict[str, list[list[str]]]:
    """Trigger phrases by kind, each a list of tokens; an entry's token that is a list of
    alternatives stands for one phrase per alternative ("we first/then … propose/build")."""
    raw = json.loads((DATA_DIR / "triggers.json").read_text(encoding="utf-8"))
    return {
        kind: [
            list(phrase)
            for entry in entries
            for phrase in product(*(t if isinstance(t, list) else [t] for t in entry))
        ]
        for kind, entries in raw.items()
        if not kind.startswith("_")
    }


@cache
def word_data() -> dict[str, dict]:
    raw = json.loads((DATA_DIR / "words.json").read_text(encoding="utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def all_gazetteer_entries(extra: Sequence[Path] = ()) -> list[GazetteerEntry]:
    """The user's files first (they override), then the bundled ones in priority order."""
    return [e for path in (*extra, *bundled_gazetteers()) for e in read_gazetteer(path)]


def unique(items: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(items))
