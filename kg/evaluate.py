"""Score extraction records against gold annotations (the ``../shared/eval`` format).

The matching rules are those of the project's ``score.py``, reimplemented here so the package
works on its own: a prediction matches a gold entity when one of their name keys is equal
(case, punctuation and a plural "s" aside); tasks match on word overlap (Jaccard ≥ 0.5);
records are paired with gold papers by the first 60 words of the abstract.

Gold files map a paper id to ``{"proposed", "methods", "datasets", "benchmarks", "tasks"}``,
each a list of names with alternatives written ``A|B``; the papers file is a JSON list of
``{"id", "abstract", ...}``.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from kg.errors import InputError

_LATEX = re.compile(r"\\(textbf|textit|emph|textsc|mathcal|mathrm|texttt|mathbf)\b")
_STOP = frozenset({"the", "of", "and", "a", "for", "in", "on", "to", "with"})

#: category -> (gold lists, predicted types, task-style matching, proposed role only)
CATEGORIES: dict[str, tuple[tuple[str, ...], frozenset[str], bool, bool]] = {
    "METHOD": (("proposed", "methods"), frozenset({"method"}), False, False),
    "DATA": (("datasets", "benchmarks"), frozenset({"dataset", "benchmark"}), False, False),
    "TASK": (("tasks",), frozenset({"task"}), True, False),
    "PROPOSED": (("proposed",), frozenset({"method", "dataset", "benchmark"}), False, True),
}


def _key(s: str) -> str:
    s = _LATEX.sub("", unicodedata.normalize("NFKC", s)).lower()
    return re.sub(r"[^a-z0-9+*.]", "", s).strip(".")


def _keys(s: str) -> set[str]:
    k = _key(s)
    return {k, k[:-1]} if k.endswith("s") and len(k) > 3 else {k}


def _words(s: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", s).lower())) - _STOP


def _match_exact(pred: str, alias_sets: list[list[str]]) -> int | None:
    pk = _keys(pred)
    for i, aliases in enumerate(alias_sets):
        if any(pk & _keys(a) for a in aliases):
            return i
    return None


def _match_task(pred: str, alias_sets: list[list[str]]) -> int | None:
    pw = _words(pred)
    if not pw:
        return None
    for i, aliases in enumerate(alias_sets):
        for a in aliases:
            aw = _words(a)
            if aw and len(pw & aw) / len(pw | aw) >= 0.5:
                return i
    return None


def _head(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", _LATEX.sub(" ", text).lower())[:60])


def _load_json(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    except ValueError as exc:
        raise InputError(f"{path} is not valid JSON: {exc}") from exc


def score(
    records: Iterable[dict], papers_path: Path, gold_paths: Sequence[Path]
) -> dict[str, tuple[float, float, float]]:
    """Precision, recall and F1 per category (METHOD, DATA, TASK, PROPOSED).

    A gold paper no record matches counts all its gold entities as misses.
    """
    papers = {p["id"]: p for p in _load_json(papers_path)}
    gold: dict[str, dict] = {}
    for path in gold_paths:
        gold.update(_load_json(path))
    unknown = [pid for pid in gold if pid not in papers]
    if unknown:
        raise InputError(f"gold ids not in {papers_path}: {', '.join(unknown[:5])}")
    heads = {pid: _head(papers[pid]["abstract"]) for pid in gold}
    preds: dict[str, list[dict]] = {}
    for rec in records:
        h = _head(rec.get("abstract", ""))
        best, best_score = None, 0.0
        for pid, gh in heads.items():
            j = len(h & gh) / (len(h | gh) or 1)
            if j > best_score:
                best, best_score = pid, j
        if best is not None and best_score >= 0.6:
            preds[best] = rec.get("entities", [])

    result = {}
    for cat, (lists, types, task_style, proposed_only) in CATEGORIES.items():
        matcher: Callable[[str, list[list[str]]], int | None] = (
            _match_task if task_style else _match_exact
        )
        tp = fp = fn = 0
        for pid, g in gold.items():
            alias_sets = [a.split("|") for name in lists for a in g.get(name, [])]
            hit: set[int] = set()
            seen: set[str] = set()
            for e in preds.get(pid, []):
                if str(e.get("type", "")).lower() not in types:
                    continue
                if proposed_only and str(e.get("role", "")).lower() != "proposed":
                    continue
                name = e.get("name", "")
                key = _key(name)
                if key in seen:
                    continue
                seen.add(key)
                i = matcher(name, alias_sets)
                if i is None:
                    fp += 1
                elif i not in hit:
                    hit.add(i)
                    tp += 1
            fn += len(alias_sets) - len(hit)
        p = tp / (tp + fp) if tp + fp else 0.0
        r = tp / (tp + fn) if tp + fn else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        result[cat] = (p, r, f)
    return result


def default_eval_dir() -> Path:
    """``../shared/eval`` next to the repository this package was installed from."""
    return Path(__file__).resolve().parents[2] / "shared" / "eval"


def evaluate_extraction(
    sources: Sequence[Path] | None = None,
    *,
    papers_path: Path | None = None,
    gold_paths: Sequence[Path] = (),
    model: str | None = None,
    aliases: Path | None = None,
    gazetteers: Sequence[Path] = (),
    n_process: int = 1,
    progress: Callable[[int], None] | None = None,
) -> dict[str, tuple[float, float, float]]:
    """Extract from `sources` (default: the bundled sample) and score against gold.

    Without `papers_path`/`gold_paths`, the dev gold in :func:`default_eval_dir` is used.
    """
    from kg.extract import extract_papers, to_record
    from kg.sources import read_sources

    if papers_path is None or not gold_paths:
        eval_dir = default_eval_dir()
        papers_path = papers_path or eval_dir / "papers_dev.json"
        gold_paths = gold_paths or [eval_dir / "gold_dev.json"]
    for path in (papers_path, *gold_paths):
        if not Path(path).is_file():
            raise InputError(f"gold file {path} not found; pass --papers and --gold")
    batch = read_sources(list(sources) if sources else None)
    extracted = extract_papers(
        batch.papers,
        model=model,
        aliases=aliases,
        gazetteers=gazetteers,
        n_process=n_process,
        progress=progress,
    )
    return score((to_record(ep) for ep in extracted), papers_path, gold_paths)
