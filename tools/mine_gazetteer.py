"""Mine real entity names from the paperlists corpus and SciERC into a gazetteer.

    python tools/mine_gazetteer.py                    # -> kg/extract/data/gazetteers/mined.jsonl
    python tools/mine_gazetteer.py --out - --explain  # print with the evidence counts

Three sources, each kept only when a name recurs across papers (so a one-off shorthand never
becomes a known name):

1. Abbreviation definitions in the 11,283 paperlists abstracts ("Hidden Markov Model (HMM)"):
   a short form defined in >= 3 papers whose commonest long form covers >= 60 % of its
   definitions. The long form's head noun (kg/extract/data/heads.json) gives the type
   ("...model" -> Method, "...dataset" -> Dataset, "...detection" -> Task); untyped pairs
   (metrics, quantities, fields) are dropped. Both the short and the long form are written.
2. Names right before a data noun ("the Caltech-101 dataset", "on the UCI benchmark"): a
   name-shaped word (capitals, digits) used that way in >= 3 papers.
3. SciERC train+dev spans, multi-word, typed by the same head nouns and not ending in a
   generic head (model, framework, ...): Methods in >= 2 SciERC documents and >= 3 paperlists
   abstracts; Tasks in >= 2 documents and >= 3 abstracts, or 1 document and >= 5 abstracts.

4. Task phrases after "for/of/in/via/with" in >= 3 paperlists titles ("... for Object
   Recognition"), ending in a task head noun.

Names in generic.txt / metrics.txt / heads.json "field" are never written, nor any name of the
hand-written ml_core.jsonl (it wins). The output lists source files nowhere; it holds names only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data"
OUT = ROOT / "kg" / "extract" / "data" / "gazetteers" / "mined.jsonl"

_SENT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_DATA_NOUN_RE = re.compile(
    r"(?<![\w\-])((?:[A-Z][\w\-.]*[A-Z0-9][\w\-]*|[A-Z][a-z]+[\-\u2013]?\d[\w\-]*|[A-Z]{2,}[\w\-]*)"
    r"(?:\s+(?:[A-Z0-9][\w\-]*))?)\s+(data\s?sets?|datasets?|benchmarks?|corpus|corpora|database)\b"
)


# reviewed by hand: long forms whose head noun types them wrongly (a hospital unit is no method)
_NOT_NAMES = frozenset({"intensivecareunit"})
# SciERC spans ending in these say "a kind of model", not which one
_GENERIC_HEADS = frozenset(
    {
        "model",
        "models",
        "framework",
        "method",
        "methods",
        "approach",
        "representation",
        "representations",
        "algorithm",
        "algorithms",
        "technique",
        "system",
        "learning",
        "problem",
        "problems",
    }
)
_VAGUE = frozenset({"new", "novel", "general", "simple", "efficient", "unsupervised", "supervised"})


def _paperlists() -> tuple[list[str], list[str]]:
    from kg.text import clean_abstract

    texts, titles = [], []
    for path in sorted((SHARED / "paperlists").glob("*.json")):
        for rec in json.loads(path.read_text(encoding="utf-8")):
            if rec.get("abstract"):
                texts.append(clean_abstract(rec["abstract"])[0])
            if rec.get("title"):
                titles.append(rec["title"])
    return texts, titles


def mine(explain: bool = False) -> list[dict]:
    from kg.extract.abbrev import find_abbreviations
    from kg.extract.candidates import is_rejected
    from kg.extract.resources import (
        GAZETTEER_DIR,
        generic_keys,
        heads,
        metric_keys,
        name_key,
        read_gazetteer,
    )
    from kg.extract.words import Vocab, W, head
    from kg.model import EntityType

    typer = Vocab.build({})
    blocked = generic_keys() | metric_keys() | {name_key(f) for f in heads()["field"]}
    known = {name_key(e.pattern) for e in read_gazetteer(GAZETTEER_DIR / "ml_core.jsonl")}
    texts, titles = _paperlists()
    lowered = [t.lower() for t in texts]
    out: dict[str, dict] = {}

    def add(label: EntityType, pattern: str, ident: str, why: str) -> None:
        key = name_key(pattern)
        if key in blocked or key in known or key in out or len(key) < 2:
            return
        out[key] = {"label": label.value, "pattern": pattern, "id": ident}
        if explain:
            out[key]["why"] = why

    # 1. abbreviation definitions
    longs: dict[str, Counter] = defaultdict(Counter)
    spelled: dict[str, Counter] = defaultdict(Counter)
    papers_of: dict[str, set[int]] = defaultdict(set)
    for i, text in enumerate(texts):
        for sent in _SENT_RE.split(text):
            for ab in find_abbreviations(sent):
                s = ab.short
                longs[s][name_key(ab.long)] += 1
                spelled[(s, name_key(ab.long))][ab.long] += 1
                papers_of[s].add(i)
    for short, counter in sorted(longs.items()):
        n_papers = len(papers_of[short])
        lkey, n = counter.most_common(1)[0]
        share = n / sum(counter.values())
        if n_papers < 3 or share < 0.6 or n < 3:
            continue
        if len(short.rstrip("s")) < 3 and (n < 10 or share < 0.85):
            continue  # two letters (BP, CD, TS) mean too many things unless one meaning rules
        forms = spelled[(short, lkey)]
        # the spelling most papers use, preferring lower case for common nouns
        long = forms.most_common(1)[0][0]
        t = typer.type_from_head(long)
        if t is None or name_key(short) in blocked or name_key(long) in blocked:
            continue
        if t is EntityType.TASK and (long[:1].isupper() or head(long) == "learning"):
            continue  # "Noise-Contrastive Estimation", "multiple kernel learning": methods too
        if name_key(long) in _NOT_NAMES:
            continue
        if t is EntityType.TASK:
            long = long[0].lower() + long[1:] if not long[:2].isupper() else long
        ident = name_key(short)
        why = f"defined in {n_papers} papers as {long!r} ({n}/{sum(counter.values())})"
        if t is not EntityType.TASK:
            add(t, short, ident, why)
        add(t, long, ident, why)

    # 2. "<Name> dataset|benchmark|corpus"
    data_papers: dict[str, set[int]] = defaultdict(set)
    data_noun: dict[str, Counter] = defaultdict(Counter)
    for i, text in enumerate(texts):
        for m in _DATA_NOUN_RE.finditer(text):
            name = m.group(1).strip(".-")
            data_papers[name].add(i)
            data_noun[name][m.group(2).lower()] += 1
    for name, ps in sorted(data_papers.items()):
        if len(ps) < 3 or is_rejected(typer, name) or name.split()[0].lower() in typer.method_heads:
            continue
        label = (
            EntityType.BENCHMARK
            if data_noun[name].most_common(1)[0][0].startswith("bench")
            else EntityType.DATASET
        )
        add(label, name, name_key(name), f"before a data noun in {len(ps)} papers")

    # 3. SciERC spans that also recur in the paperlists corpus
    span_docs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for split in ("train.json", "dev.json"):
        path = SHARED / "scierc" / split
        if not path.is_file():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            doc = json.loads(line)
            words = [w for s in doc["sentences"] for w in s]
            for sent_spans in doc["ner"]:
                for a, b, label in sent_spans:
                    if label in ("Method", "Task") and b > a:
                        phrase = " ".join(words[a : b + 1]).replace(" - ", "-").lower()
                        span_docs[(phrase, label)].add(doc["doc_key"])
    for (phrase, label), docs in sorted(span_docs.items()):
        if " " not in phrase or not re.fullmatch(r"[a-z][a-z0-9\- ]+[a-z0-9]", phrase):
            continue
        if head(phrase) in _GENERIC_HEADS or phrase.split()[0] in _VAGUE:
            continue
        t = typer.type_from_head(phrase)
        want = EntityType.TASK if label == "Task" else EntityType.METHOD
        if t is not want or phrase.split()[0] in W.task_stop:
            continue
        pattern = re.compile(r"(?<![\w\-])" + re.escape(phrase) + r"s?\b")
        n = sum(1 for t_ in lowered if pattern.search(t_))
        if len(docs) < 2 and want is EntityType.METHOD:
            continue  # one SciERC document calls "error analysis" a method: too thin
        if n >= (3 if len(docs) >= 2 else 5):
            why = f"SciERC {label} in {len(docs)} docs, {n} abstracts"
            add(want, phrase, name_key(phrase), why)
    # 4. task phrases in titles: "... for Multi-Label Classification" in >= 3 titles
    alt = "|".join(sorted(map(re.escape, typer.task_heads), key=len, reverse=True))
    title_re = re.compile(
        r"\b(?:for|of|in|to|via|with)\s+((?:[A-Za-z][\w\-]*\s+){1,3}(?:" + alt + r"))\b", re.I
    )
    title_tasks: Counter = Counter()
    for title in titles:
        for m in title_re.finditer(title):
            title_tasks[m.group(1).lower()] += 1
    for phrase, n in sorted(title_tasks.items()):
        if n >= 3 and phrase.split()[0] not in W.task_stop:
            add(EntityType.TASK, phrase, name_key(phrase), f"task phrase in {n} titles")
    return sorted(out.values(), key=lambda e: (e["label"], e["pattern"].lower()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(OUT), help="output file, '-' for stdout")
    ap.add_argument("--explain", action="store_true", help="add the evidence to each line")
    args = ap.parse_args()
    entries = mine(explain=args.explain)
    lines = [
        "// Mined by tools/mine_gazetteer.py from ../shared/data (paperlists abbreviation "
        "definitions and data-noun names recurring in >= 3 papers; SciERC Method/Task spans "
        "recurring in SciERC and paperlists). Regenerate, do not edit by hand.",
        *(json.dumps(e, ensure_ascii=False) for e in entries),
    ]
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        Path(args.out).write_text(text, encoding="utf-8")
        counts = Counter(e["label"] for e in entries)
        print(f"{len(entries)} entries -> {args.out}: {dict(counts)}", file=sys.stderr)


if __name__ == "__main__":
    main()
