"""The evaluation sets `kg eval` scores, and where their gold comes from.

Every set becomes the same :class:`Gold`: the papers extraction reads, and per gold paper its
abstract (to pair predictions with it, as ``score.py`` does) and its entities in the dev gold's
format (``proposed, methods, datasets, benchmarks, tasks``, alternatives written ``A|B``).

======== =====================================================================================
dev      ``../shared/eval``: 40 ICML 2026 abstracts; extraction reads the bundled sample
tune     ``kg/data/eval``: 60 CoRL 2021–23 / ICLR 2017 abstracts kg's rules may be tuned on
heldout  ``kg/data/eval``: 60 CoRL 2024–25 / ICLR 2018 abstracts nobody tunes on
tune2    ``kg/data/eval``: 60 more from heldout's venues (none of its papers) and NeurIPS/ICML
         2015–19, a second set rules may be tuned on, drawn after the rules had fitted `tune`
tune3    ``kg/data/eval``: 60 more from heldout's venues and proportions (none of heldout's,
         tune's or tune2's papers), a third set, drawn after the rules had fitted `tune2`
tune4    ``kg/data/eval``: 60 more the same way (none of the four sets' papers), a fourth,
         drawn after the rules had fitted `tune3`
tune5    ``kg/data/eval``: 60 more the same way (none of the five sets' papers), gold for the
tune6    span model to learn kg's convention from (and, until it does, two more unseen sets)
tune7    ``kg/data/eval``: 60 more the same way (none of the seven sets' papers), annotated
         blind: unseen by the rules and not span-model training data, to measure changes on
tune8    ``kg/data/eval``: 60 more the same way (none of the eight sets' papers), annotated
         blind a round after tune7, as tune7 was: unseen by that round's rules, not trained on
tune9    ``kg/data/eval``: 60 more the same way (none of the nine sets' papers), annotated
         blind a round after tune8, as tune8 was: unseen by that round's rules, not trained on
tune10   ``kg/data/eval``: 60 more the same way (none of the ten sets' papers), annotated
         blind a round after tune9, as tune9 was: unseen by that round's rules, not trained on
scierc   ``../shared/data/scierc/dev.json``: 50 AI abstracts, Method/Material/Task spans
scirex   ``../shared/data/training/scirex/dev.jsonl``: 64 ML papers' title and abstract,
         Method/Material/Task mentions (`scirex-named`: name-shaped methods and datasets only)
scirex-  ``…/scirex/train.jsonl``, the same for SciREX's 306 train papers (and
train    `scirex-train-named`), scored only on request (``--set``): errors to read and rules
         to write on, while SciREX dev measures them (the span model trains on these papers)
======== =====================================================================================

SciERC and SciREX are annotated by others, at the span level: every distinct mention string of
a mapped type (Method → METHOD, Material → DATA, Task → TASK; others dropped) is one gold
entity of its paper, names equal up to case, punctuation and a plural "s" are one entity, and a
name directly followed by another in parentheses ("Long Short-Term Memory ( LSTM )", both spans
of the same type) is one entity with two alternatives. They mark nothing as proposed, so their
PROPOSED is not scored. Details of what is scored: docs/annotation.md.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from kg.errors import ConfigError, InputError
from kg.evaluate import (
    CATEGORIES,
    CategoryScore,
    extract_records,
    name_key,
    name_keys,
    pair_records,
    read_gold,
    score_paired,
    shared_dir,
)
from kg.model import Paper, SourceRef

GOLD_LISTS = ("proposed", "methods", "datasets", "benchmarks", "tasks")
SPAN_CATEGORIES = ("METHOD", "DATA", "TASK")
#: span corpora's types → the gold list they are scored as
SPAN_TYPES = {"Method": "methods", "Material": "datasets", "Task": "tasks"}

PACKAGE_EVAL = Path(__file__).resolve().parent / "data" / "eval"
#: kg's own annotated sets (``kg/data/eval``), in the order they were drawn
OWN_SETS = (
    "tune", "heldout", "tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9",
    "tune10",
)  # fmt: skip


@dataclass(slots=True)
class Gold:
    """What one set is scored on: `papers` are extracted, `abstracts` pair predictions with
    gold papers, `entities` is the gold per paper id."""

    papers: list[Paper]
    abstracts: dict[str, str]
    entities: dict[str, dict[str, list[str]]]


@dataclass(frozen=True, slots=True)
class EvalSet:
    name: str
    data: Path  # the file whose presence makes the set available
    load: Callable[[], Gold] = field(repr=False)
    categories: tuple[str, ...] = tuple(CATEGORIES)
    #: scores only the names this accepts, gold alternatives and predictions alike
    names: Callable[[str], bool] | None = field(default=None, repr=False)
    #: scored only when named (``--set``), not in the default table
    on_request: bool = False

    @property
    def available(self) -> bool:
        return self.data.is_file()


def gold_file_set(
    papers_path: Path, gold_paths: Sequence[Path], sources: Sequence[Path] | None
) -> Gold:
    """A set in the dev gold's format; extraction reads `sources` (None: the bundled sample)."""
    from kg.sources import read_sources

    abstracts, gold = read_gold(papers_path, gold_paths)
    return Gold(read_sources(list(sources) if sources else None).papers, abstracts, gold)


# --- span corpora -------------------------------------------------------------------------

#: the corpora's bracket tokens (SciREX, SciERC: Penn Treebank style), read back as brackets
PTB_BRACKETS = {"-LRB-": "(", "-RRB-": ")", "-LSB-": "[", "-RSB-": "]", "-LCB-": "{", "-RCB-": "}"}
# gold names are compared as text, so quotes come back too (training keeps the corpora's quote
# tokens: the shipped weights were trained on them)
_PTB = {**PTB_BRACKETS, "``": '"', "''": '"'}


def detokenize(words: Iterable[str]) -> str:
    """Text from corpus tokens: brackets and quotes back, no space before punctuation,
    "Bi - LSTM" → "Bi-LSTM" (SciREX splits hyphens), "Children ’s", "Human3.6 M", "CK +" back
    to one word each."""
    text = " ".join(_PTB.get(w, w) for w in words)
    text = re.sub(r" ([.,;:!?%)\]]|['\u2019]s\b|n't\b)", r"\1", text)
    text = re.sub(r"([(\[]) ", r"\1", text)
    # a unit after a number and a plus after a name were one word: "Human3.6 M" → "Human3.6M",
    # "CK +" → "CK+", "C ++" → "C++" (not "and + 0.3%", "+ 1.6%")
    text = re.sub(r"(?<=\d) ([KMB])\b", r"\1", text)
    text = re.sub(r"(?<=[A-Z0-9]) (\+\+?)(?=[\s),.;:]|$)", r"\1", text)
    return re.sub(r"(?<=\w) - (?=\w)", "-", text)


_PARENTHESIS = re.compile(r"(.+?) ?\(([^()]+)\) ?(.*)")


_DATA_NOUNS = r"data\s*sets?|corpus|corpora|benchmarks?"
_DATA_NOUN_END = re.compile(rf"\s+(?:{_DATA_NOUNS})$", re.IGNORECASE)
# also a split or a kind of data between the name and the noun, and "set", "data", "database":
# "ImageNet test set", "WIDER FACE validation dataset", "IJB-B face recognition dataset",
# "Gigaword benchmark dataset", "AFLW database", "SWB-1 training data"
_DATA_WORDS_END = re.compile(
    rf"(?:\s+[a-z][a-z\-]*){{0,3}}?\s+(?:(?:{_DATA_NOUNS}|database|data|sets?)\s*)+$"
)
_NAME_CHAR = re.compile(r"[A-Z0-9]")


def _span_names(words: Sequence[str], *, data: bool = False) -> list[str]:
    """A span's names: its text, and for "X (Y) Z" also "X Z", X and Y (a year in the brackets
    is dropped); an unbalanced bracket at either end is dropped ("NMT )"). A `data` span that
    ends in a data noun after a name ("SQuAD dataset", "WikiText-2 datasets") also has the name
    alone, as kg's convention writes it (annotation.md); so does one whose name is followed by
    lower-case words and a data noun, "set", "data" or "database" ("ImageNet test set",
    "IJB-B face recognition dataset", "AFLW database")."""
    name = detokenize(words)
    if name.count("(") != name.count(")"):
        name = name.strip("() ")
    m = _PARENTHESIS.fullmatch(name)
    if m is None:
        names = [name]
    elif m[2].strip().isdigit():  # a year: "Collins (1999)"
        names = [f"{m[1]} {m[3]}".strip()]
    else:
        names = [f"{m[1]} {m[3]}".strip(), m[1], m[2]]
    if data:
        names += [
            n[: end.start()]
            for n in names
            for pattern in (_DATA_NOUN_END, _DATA_WORDS_END)
            if (end := pattern.search(n)) and _NAME_CHAR.search(n, 0, end.start())
        ]
    return [n for n in dict.fromkeys(names) if name_key(n)]


def span_gold(words: Sequence[str], spans: Iterable[tuple[int, int, str]]) -> dict[str, list[str]]:
    """Gold lists from `(start, end_exclusive, type)` spans over `words`: one entity per
    distinct name (up to case, punctuation and a plural "s": "GAT" and "GATs" are one); the
    names of one span ("X (Y)") and a name followed by another of the same type in parentheses
    ("X ( Y )") are alternatives of one entity, written ``A|B``."""
    named = [
        (s, e, [(t, min(name_keys(n), key=len)) for n in names], names)
        for s, e, t in sorted(spans)
        if t in SPAN_TYPES and (names := _span_names(words[s:e], data=t == "Material"))
    ]
    parent = {k: k for _, _, keys, _ in named for k in keys}

    def root(k: tuple[str, str]) -> tuple[str, str]:
        while parent[k] != k:
            k = parent[k]
        return k

    def token(i: int) -> str:
        return _PTB.get(words[i], words[i]) if i < len(words) else ""

    for _, _, keys, _ in named:
        for k in keys[1:]:
            parent[root(k)] = root(keys[0])
    for (_, e1, k1, _), (s2, e2, k2, _) in pairwise(named):
        if k1[0][0] == k2[0][0] and s2 == e1 + 1 and token(e1) == "(" and token(e2) == ")":
            parent[root(k2[0])] = root(k1[0])
    groups: dict[tuple[str, str], list[str]] = {}
    for _, _, keys, names in named:
        alternatives = groups.setdefault(root(keys[0]), [])
        alternatives += [n for n in names if n not in alternatives]
    gold: dict[str, list[str]] = {name: [] for name in GOLD_LISTS}
    for (t, _), alternatives in groups.items():
        gold[SPAN_TYPES[t]].append("|".join(alternatives))
    return gold


SpanDoc = tuple[str, list[str], list[tuple[int, int, str]]]  # paper id, words, typed spans


def load_spans(path: Path, read: Callable[[dict], SpanDoc | None]) -> Gold:
    """A span corpus (one JSON document per line); `read` gives each document's id, words and
    `(start, end_exclusive, type)` spans, or None to leave it out."""
    from kg.sources.base import make_paper

    gold = Gold([], {}, {})
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        doc = read(json.loads(line)) if line.strip() else None
        if doc is None:
            continue
        pid, words, spans = doc
        text = detokenize(words)
        where = SourceRef(path.name, record=i)
        gold.papers.append(make_paper(abstract=text, authors=(), source=where))
        gold.abstracts[pid] = text
        gold.entities[pid] = span_gold(words, spans)
    return gold


def scierc_doc(doc: dict) -> SpanDoc:
    """SciERC (Luan et al., 2018): per-sentence ``ner`` spans with inclusive ends."""
    words = [w for sentence in doc["sentences"] for w in sentence]
    spans = [(s, e + 1, t) for sentence in doc["ner"] for s, e, t in sentence]
    return str(doc["doc_key"]), words, spans


def scirex_front(doc: dict) -> SpanDoc | None:
    """The title and abstract of a SciREX (Jain et al., 2020) document, with the mentions in them.

    SciREX splits a paper into sections; the first holds the title (after a "document :"
    marker) and, in most papers, the abstract. When the second section is headed "Abstract" it
    is the abstract. The title (SciREX's first sentence) ends with a full stop, so that it is
    not read as the start of the abstract's first sentence. Documents that are one single
    section (no boundary to find) give None.
    """
    words, sections = doc["words"], doc["sections"]
    if len(sections) < 2:
        return None
    start, end = sections[0]
    skip: set[int] = set()
    if words[start : start + 2] == ["document", ":"]:
        skip |= {start, start + 1}
    s1, e1 = sections[1]
    if [w.lower() for w in words[s1 : s1 + 3]] == ["section", ":", "abstract"]:
        end = e1
        skip |= {s1, s1 + 1, s1 + 2}
    keep = [i for i in range(start, end) if i not in skip]
    kept = [words[i] for i in keep]
    index = {old: new for new, old in enumerate(keep)}
    # the title is SciREX's first sentence: end it, or it runs into the abstract's first one
    title_end = doc.get("sentences", [[start, start]])[0][1]
    if title_end - 1 in index and kept[index[title_end - 1]] not in (".", "?", "!"):
        at = index[title_end - 1] + 1
        kept.insert(at, ".")
        index = {old: new + (new >= at) for old, new in index.items()}
    spans = [
        (index[s], index[e - 1] + 1, t)
        for s, e, t in doc["ner"]
        if start <= s and e <= end and s in index and e - 1 in index
    ]
    return str(doc["doc_id"])[:12], kept, spans


_FUNCTION_WORDS = frozenset(
    ["a", "an", "and", "by", "for", "in", "of", "on", "the", "to", "via", "with"]
)


def name_shaped(name: str) -> bool:
    """A proper name by its shape alone, whoever wrote it: a word with a digit or a capital
    after its first letter ("ESIM", "GoogLeNet", "CIFAR-10"), or two or more words that all
    start with a capital, short function words aside ("Generative Adversarial Networks").
    "Attention mechanism", "generator" and "tanh" are not. The `scirex-named` view's scope
    (:func:`only_names`), for the issue's "named model" measure."""
    words = name.split()
    if any(re.search(r"\d|.[A-Z]", w) for w in words):
        return True
    content = [w for w in words if w.lower() not in _FUNCTION_WORDS]
    return len(content) >= 2 and all(w[:1].isupper() for w in content)


def only_names(
    entities: dict[str, list[str]], preds: list[dict], keep: Callable[[str], bool]
) -> tuple[dict[str, list[str]], list[dict]]:
    """One paper's gold lists and predictions in the scope of `keep`: an entity is in scope
    when one of its names, gold or predicted, is accepted. A gold entity is kept (with all its
    alternatives) when one of them is accepted ("dynamic chunk reader|DCR") or an accepted
    prediction matches it; a prediction when its name is accepted or it matches a kept gold
    entity (kg may write the long form where the abbreviation gives the entity its shape)."""

    shaped = set().union(*(name_keys(e.get("name", "")) for e in preds if keep(e.get("name", ""))))
    gold = {
        kind: [
            item for item in items if any(keep(a) or name_keys(a) & shaped for a in item.split("|"))
        ]
        for kind, items in entities.items()
    }
    names = set().union(
        *(name_keys(a) for items in gold.values() for item in items for a in item.split("|"))
    )
    kept = [e for e in preds if keep(n := e.get("name", "")) or name_keys(n) & names]
    return gold, kept


# --- the registry -------------------------------------------------------------------------


def eval_sets(
    *,
    sources: Sequence[Path] | None = None,
    papers_path: Path | None = None,
    gold_paths: Sequence[Path] = (),
) -> dict[str, EvalSet]:
    """All sets by name. `sources`, `papers_path` and `gold_paths` replace the dev set's."""
    shared = shared_dir()
    dev_papers = papers_path or shared / "eval" / "papers_dev.json"
    dev_gold = list(gold_paths) or [shared / "eval" / "gold_dev.json"]
    scierc = shared / "data" / "scierc" / "dev.json"
    scirex = shared / "data" / "training" / "scirex" / "dev.jsonl"
    scirex_train = scirex.with_name("train.jsonl")

    def scirex_load() -> Gold:  # one loader: run_sets extracts both SciREX views once
        return load_spans(scirex, scirex_front)

    def scirex_train_load() -> Gold:
        return load_spans(scirex_train, scirex_front)

    def own(name: str) -> Callable[[], Gold]:
        papers = PACKAGE_EVAL / f"papers_{name}.json"
        return lambda: gold_file_set(papers, [PACKAGE_EVAL / f"gold_{name}.json"], [papers])

    sets = [
        EvalSet("dev", dev_gold[0], lambda: gold_file_set(dev_papers, dev_gold, sources)),
        *(EvalSet(name, PACKAGE_EVAL / f"gold_{name}.json", own(name)) for name in OWN_SETS),
        EvalSet("scierc", scierc, lambda: load_spans(scierc, scierc_doc), SPAN_CATEGORIES),
        EvalSet("scirex", scirex, scirex_load, SPAN_CATEGORIES),
        EvalSet("scirex-named", scirex, scirex_load, ("METHOD", "DATA"), name_shaped),
        EvalSet("scirex-train", scirex_train, scirex_train_load, SPAN_CATEGORIES, on_request=True),
        EvalSet(
            "scirex-train-named",
            scirex_train,
            scirex_train_load,
            ("METHOD", "DATA"),
            name_shaped,
            on_request=True,
        ),
    ]
    return {s.name: s for s in sets}


# --- running sets, and bars ---------------------------------------------------------------


@dataclass(slots=True)
class SetResult:
    name: str
    papers: int  # gold papers
    unmatched: int  # gold papers no extracted record was paired with
    scores: dict[str, CategoryScore]  # the categories the set scores


@dataclass(slots=True)
class EvalReport:
    results: dict[str, SetResult] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)  # set → why it was not scored

    def rows(self, *, interval: bool = False) -> list[list[str]]:
        """The sets side by side: a header, the papers, then F1 (with its 95% interval if
        `interval`), P and R per category ("—": the set does not score it)."""
        results = list(self.results.values())
        rows = [
            ["", "", *(r.name for r in results)],
            ["papers", "", *(str(r.papers) for r in results)],
        ]
        measures = ["F1", "95%", "P", "R"] if interval else ["F1", "P", "R"]
        for cat in CATEGORIES:
            for label in measures:
                cells = (_cell(s, label) if (s := r.scores.get(cat)) else "—" for r in results)
                rows.append([cat if label == "F1" else "", label, *cells])
        return rows

    def errors(self, name: str) -> list[tuple[str, tuple[str, ...]]]:
        """Titled lists of the false positives and misses of set `name`, per category."""
        result = self.results.get(name)
        if result is None:
            raise ConfigError(
                f"--verbose {name}: not a set of this run ({', '.join(self.results)})"
            )
        return [
            (f"{name} {cat} {label} ({len(items)})", items)
            for cat, s in result.scores.items()
            for label, items in (("false positives", s.false_positives), ("misses", s.misses))
        ]

    def notes(self) -> list[str]:
        """What a reader of the numbers must know: sets left out, gold papers never paired."""
        notes = [f"not scored: {name} ({why})" for name, why in self.missing.items()]
        notes += [
            f"{r.name}: {r.unmatched} of {r.papers} gold papers had no extracted record "
            "(counted as misses)"
            for r in self.results.values()
            if r.unmatched
        ]
        return notes

    def as_json(
        self, *, details: str | None = None, below_bar: Sequence[str] = (), interval: bool = False
    ) -> dict:
        """Everything, with the false positives and misses of set `details` (and the 95%
        interval of each F1 if `interval`)."""
        return {
            "sets": {
                r.name: {
                    "papers": r.papers,
                    "unmatched": r.unmatched,
                    "scores": {
                        cat: s.as_dict(errors=r.name == details, interval=interval)
                        for cat, s in r.scores.items()
                    },
                }
                for r in self.results.values()
            },
            "missing": self.missing,
            "below_bar": list(below_bar),
        }


def _cell(score: CategoryScore, label: str) -> str:
    if label == "95%":
        return "{:.2f}–{:.2f}".format(*score.f1_interval())
    value = {"F1": score.f1, "P": score.precision, "R": score.recall}[label]
    return f"{value:.3f}"


def run_sets(
    names: Sequence[str] = (),
    *,
    sources: Sequence[Path] | None = None,
    papers_path: Path | None = None,
    gold_paths: Sequence[Path] = (),
    **options: Any,
) -> EvalReport:
    """Extract each set's papers and score them. No `names`: every set whose data is present
    (the others are listed in ``missing``) but those scored on request; a named set without its
    data is an error. A name ``A+B+…`` is one column of all those sets' papers (the categories
    they all score): ``heldout+tune7`` weighs unseen text by its papers, not by its sets.
    `options` go to :func:`kg.evaluate.extract_records`."""
    sets = eval_sets(sources=sources, papers_path=papers_path, gold_paths=gold_paths)
    parts = {name: name.split("+") for name in dict.fromkeys(names)}
    unknown = [p for ps in parts.values() for p in ps if p not in sets]
    if unknown:
        raise ConfigError(f"unknown set {', '.join(unknown)}; sets: {', '.join(sets)}")
    if not names:
        parts = {n: [n] for n, spec in sets.items() if not spec.on_request}
    report = EvalReport()
    extracted: dict[Callable[[], Gold], tuple[Gold, dict[str, list[dict]]]] = {}
    scored: dict[str, SetResult] = {}
    for name in dict.fromkeys(p for ps in parts.values() for p in ps):
        spec = sets[name]
        if not spec.available:
            if names:
                raise InputError(f"set {name}: {spec.data} not found")
            report.missing[name] = f"{spec.data} not found"
            continue
        if spec.load not in extracted:  # sets that share a loader share the extraction
            loaded = spec.load()
            extracted[spec.load] = (
                loaded,
                pair_records(extract_records(loaded.papers, **options), loaded.abstracts),
            )
        gold, preds = extracted[spec.load]
        entities = gold.entities
        if (keep := spec.names) is not None:
            scoped = {pid: only_names(g, preds.get(pid, []), keep) for pid, g in entities.items()}
            entities = {pid: g for pid, (g, _) in scoped.items()}
            preds = {pid: es for pid, (_, es) in scoped.items() if pid in preds}
        scored[name] = SetResult(
            name,
            len(entities),
            sum(pid not in preds for pid in entities),
            score_paired(preds, entities, categories=spec.categories),
        )
    for name, members in parts.items():
        if name in scored:
            report.results[name] = scored[name]
        elif name not in report.missing:
            results = [scored[m] for m in members]
            report.results[name] = SetResult(
                name,
                sum(r.papers for r in results),
                sum(r.unmatched for r in results),
                {
                    cat: CategoryScore.pooled([r.scores[cat] for r in results])
                    for cat in results[0].scores
                    if all(cat in r.scores for r in results)
                },
            )
    return report


@dataclass(frozen=True, slots=True)
class Bar:
    """``--min-f1 [SET:]CATEGORY=VALUE``: F1 of CATEGORY on SET (default dev) at least VALUE."""

    set: str
    category: str
    value: float

    @classmethod
    def parse(cls, text: str) -> Bar:
        target, _, value = text.partition("=")
        where, _, category = target.rpartition(":")
        category = category.strip().upper()
        try:
            bar = cls(where.strip().lower() or "dev", category, float(value))
        except ValueError:
            raise ConfigError(f"--min-f1 expects [SET:]CATEGORY=VALUE, got {text!r}") from None
        if category not in CATEGORIES:
            raise ConfigError(
                f"unknown category {category or '(none)'} in {text!r}; use {', '.join(CATEGORIES)}"
            )
        return bar


def failed_bars(report: EvalReport, bars: Iterable[Bar]) -> list[str]:
    """The bars `report` is below, as "SET CATEGORY F1 x < bar". A bar on a set or category
    that was not scored is an error, not a pass."""
    failed = []
    for bar in bars:
        result = report.results.get(bar.set)
        if result is None:
            why = report.missing.get(bar.set, "it is not among the sets of this run")
            raise ConfigError(f"--min-f1 {bar.set}:{bar.category} cannot be checked: {why}")
        score = result.scores.get(bar.category)
        if score is None:
            raise ConfigError(f"set {bar.set} does not score {bar.category}")
        if score.f1 < bar.value:
            failed.append(f"{bar.set} {bar.category} F1 {score.f1:.3f} < {bar.value}")
    return failed
