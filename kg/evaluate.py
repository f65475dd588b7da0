"""Score extraction records against gold annotations (the ``../shared/eval`` format).

The matching rules are those of the project's ``score.py``, reimplemented here so the package
works on its own (a test checks both count the same): a prediction matches a gold entity when
one of their name keys is equal (case, punctuation and a plural "s" aside); tasks match on word
overlap (Jaccard ≥ 0.5); a predicted name counts once per paper; records are paired with gold
papers by the first 60 words of the abstract.

Gold files map a paper id to ``{"proposed", "methods", "datasets", "benchmarks", "tasks"}``,
each a list of names with alternatives written ``A|B``; the papers file is a JSON list of
``{"id", "abstract", ...}``. The sets `kg eval` scores are in :mod:`kg.evalsets`.
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kg.errors import InputError

if TYPE_CHECKING:
    from kg.model import Paper

_LATEX = re.compile(r"\\(textbf|textit|emph|textsc|mathcal|mathrm|texttt|mathbf)\b")
_STOP = frozenset({"the", "of", "and", "a", "for", "in", "on", "to", "with"})


@dataclass(frozen=True, slots=True)
class Category:
    lists: tuple[str, ...]  # the gold lists it is scored against
    types: frozenset[str]  # the predicted types that count
    task_style: bool = False  # word-overlap matching instead of name keys
    proposed_only: bool = False  # only predictions with role "proposed"


CATEGORIES: dict[str, Category] = {
    "METHOD": Category(("proposed", "methods"), frozenset({"method"})),
    "DATA": Category(("datasets", "benchmarks"), frozenset({"dataset", "benchmark"})),
    "TASK": Category(("tasks",), frozenset({"task"}), task_style=True),
    "PROPOSED": Category(
        ("proposed",), frozenset({"method", "dataset", "benchmark"}), proposed_only=True
    ),
}


@dataclass(frozen=True, slots=True)
class CategoryScore:
    """Counts of one category over a set, with what was wrong (``paper id: name``) and the
    counts of each gold paper (``(tp, fp, fn)``, for intervals and pooled sets)."""

    tp: int
    fp: int
    fn: int
    false_positives: tuple[str, ...] = ()
    misses: tuple[str, ...] = ()
    papers: tuple[tuple[int, int, int], ...] = ()

    @classmethod
    def pooled(cls, scores: Sequence[CategoryScore]) -> CategoryScore:
        """The scores of several sets as one set of all their papers."""
        return cls(
            sum(s.tp for s in scores),
            sum(s.fp for s in scores),
            sum(s.fn for s in scores),
            tuple(x for s in scores for x in s.false_positives),
            tuple(x for s in scores for x in s.misses),
            tuple(x for s in scores for x in s.papers),
        )

    def f1_interval(self, *, samples: int = 1000, seed: int = 0) -> tuple[float, float]:
        """A 95% interval of F1 by the percentile bootstrap over papers: how far the F1 of
        another draw of as many papers of the same kind may fall (60 papers with 16 gold
        datasets: about ±0.1). Seeded, so the same counts give the same interval."""
        if not self.papers:
            return self.f1, self.f1
        rng = random.Random(seed)
        n = len(self.papers)
        f1s = []
        for _ in range(samples):
            tp = fp = fn = 0
            for i in rng.choices(range(n), k=n):
                a, b, c = self.papers[i]
                tp, fp, fn = tp + a, fp + b, fn + c
            f1s.append(2 * tp / (2 * tp + fp + fn) if tp else 0.0)
        f1s.sort()
        return f1s[int(samples * 0.025)], f1s[int(samples * 0.975) - 1]

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0

    @property
    def prf(self) -> tuple[float, float, float]:
        return self.precision, self.recall, self.f1

    def as_dict(self, *, errors: bool = False, interval: bool = False) -> dict[str, Any]:
        row: dict[str, Any] = {
            "precision": round(self.precision, 4),
            "recall": round(self.recall, 4),
            "f1": round(self.f1, 4),
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
        }
        if interval:
            row["f1_interval"] = [round(x, 4) for x in self.f1_interval()]
        if errors:
            row |= {"false_positives": list(self.false_positives), "misses": list(self.misses)}
        return row


def name_key(s: str) -> str:
    """score.py's ``key``: lower case, letters, digits and ``+ * .`` only."""
    s = _LATEX.sub("", unicodedata.normalize("NFKC", s)).lower()
    return re.sub(r"[^a-z0-9+*.]", "", s).strip(".")


def name_keys(s: str) -> set[str]:
    """The keys a name matches by: its key, and the key without a plural "s"."""
    k = name_key(s)
    return {k, k[:-1]} if k.endswith("s") and len(k) > 3 else {k}


def _words(s: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", s).lower())) - _STOP


def _match_exact(pred: str, alias_sets: list[list[str]]) -> int | None:
    pk = name_keys(pred)
    for i, aliases in enumerate(alias_sets):
        if any(pk & name_keys(a) for a in aliases):
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


def pair_records(records: Iterable[dict], abstracts: Mapping[str, str]) -> dict[str, list[dict]]:
    """Predicted entities per gold paper id: each record goes to the gold abstract whose first 60
    words it shares most (Jaccard ≥ 0.6); a later record for the same paper replaces it."""
    heads = {pid: _head(text) for pid, text in abstracts.items()}
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
    return preds


def score_paired(
    preds: Mapping[str, list[dict]],
    gold: Mapping[str, Mapping[str, list[str]]],
    *,
    categories: Sequence[str] = tuple(CATEGORIES),
) -> dict[str, CategoryScore]:
    """Counts per category of predicted entities by gold paper id (:func:`pair_records`).
    A gold paper without predictions counts all its entities as misses."""
    result = {}
    for cat in categories:
        spec = CATEGORIES[cat]
        matcher: Callable[[str, list[list[str]]], int | None] = (
            _match_task if spec.task_style else _match_exact
        )
        tp = fp = fn = 0
        fps: list[str] = []
        fns: list[str] = []
        papers: list[tuple[int, int, int]] = []
        for pid, g in gold.items():
            alias_sets = [a.split("|") for name in spec.lists for a in g.get(name, [])]
            hit: set[int] = set()
            seen: set[str] = set()
            paper_fp = fp
            for e in preds.get(pid, []):
                if str(e.get("type", "")).lower() not in spec.types:
                    continue
                if spec.proposed_only and str(e.get("role", "")).lower() != "proposed":
                    continue
                name = e.get("name", "")
                key = name_key(name)
                if key in seen:
                    continue
                seen.add(key)
                i = matcher(name, alias_sets)
                if i is None:
                    fp += 1
                    fps.append(f"{pid}: {name}")
                elif i not in hit:
                    hit.add(i)
                    tp += 1
            fn += len(alias_sets) - len(hit)
            fns += [f"{pid}: {alias_sets[i][0]}" for i in range(len(alias_sets)) if i not in hit]
            papers.append((len(hit), fp - paper_fp, len(alias_sets) - len(hit)))
        result[cat] = CategoryScore(tp, fp, fn, tuple(fps), tuple(fns), tuple(papers))
    return result


def agreement(
    first: Mapping[str, Mapping[str, list[str]]],
    second: Mapping[str, Mapping[str, list[str]]],
) -> dict[str, CategoryScore]:
    """How far a second annotation of the same papers agrees with the first, per category:
    entity against entity, matched when any of their alternatives match (the scorer's rules);
    `fp` counts what only the second lists, `fn` what only the first does. Papers only one
    of them annotates are left out."""
    result = {}
    for cat, spec in CATEGORIES.items():
        matcher = _match_task if spec.task_style else _match_exact
        tp = fp = fn = 0
        for pid in first.keys() & second.keys():
            ones, twos = (
                list(dict.fromkeys(a for name in spec.lists for a in gold[pid].get(name, [])))
                for gold in (first, second)
            )
            left = list(range(len(ones)))
            for entity in twos:
                hit = next(
                    (
                        i
                        for i in left
                        for a in entity.split("|")
                        if matcher(a, [ones[i].split("|")]) is not None
                    ),
                    None,
                )
                if hit is None:
                    fp += 1
                else:
                    left.remove(hit)
                    tp += 1
            fn += len(left)
        result[cat] = CategoryScore(tp, fp, fn)
    return result


def load_json(path: Path) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read {path}: {exc.strerror}") from exc
    except ValueError as exc:
        raise InputError(f"{path} is not valid JSON: {exc}") from exc


def read_gold(papers_path: Path, gold_paths: Sequence[Path]) -> tuple[dict[str, str], dict]:
    """Abstracts (by gold paper id) and gold entities of files in the dev gold's format."""
    for path in (papers_path, *gold_paths):
        if not Path(path).is_file():
            raise InputError(f"gold file {path} not found; pass --papers and --gold")
    abstracts = {p["id"]: p["abstract"] for p in load_json(papers_path)}
    gold: dict[str, dict] = {}
    for path in gold_paths:
        gold.update(load_json(path))
    unknown = [pid for pid in gold if pid not in abstracts]
    if unknown:
        raise InputError(f"gold ids not in {papers_path}: {', '.join(unknown[:5])}")
    return {pid: abstracts[pid] for pid in gold}, gold


def score(
    records: Iterable[dict], papers_path: Path, gold_paths: Sequence[Path]
) -> dict[str, CategoryScore]:
    """score.py on `records` (``kg extract --jsonl`` records): counts per category."""
    abstracts, gold = read_gold(papers_path, gold_paths)
    return score_paired(pair_records(records, abstracts), gold)


def extract_records(
    papers: Sequence[Paper],
    *,
    model: str | None = None,
    aliases: Path | None = None,
    gazetteers: Sequence[Path] = (),
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[dict]:
    """``kg extract --jsonl`` records of `papers`."""
    from kg.extract import extract_papers, to_record

    extracted = extract_papers(
        papers,
        model=model,
        aliases=aliases,
        gazetteers=gazetteers,
        jobs=jobs,
        progress=progress,
    )
    return [to_record(ep) for ep in extracted]


def shared_dir() -> Path:
    """``../shared`` next to the repository this package was installed from."""
    return Path(__file__).resolve().parents[2] / "shared"


def evaluate_extraction(
    sources: Sequence[Path] | None = None,
    *,
    papers_path: Path | None = None,
    gold_paths: Sequence[Path] = (),
    **options: Any,
) -> dict[str, tuple[float, float, float]]:
    """Extract from `sources` (default: the bundled sample) and score against gold files
    (default: the dev gold): precision, recall and F1 per category. `options` go to
    :func:`extract_records`."""
    from kg.sources import read_sources

    eval_dir = shared_dir() / "eval"
    abstracts, gold = read_gold(
        papers_path or eval_dir / "papers_dev.json",
        list(gold_paths) or [eval_dir / "gold_dev.json"],
    )
    records = extract_records(read_sources(list(sources) if sources else None).papers, **options)
    return {cat: s.prf for cat, s in score_paired(pair_records(records, abstracts), gold).items()}
