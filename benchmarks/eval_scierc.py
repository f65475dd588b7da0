"""A second held-out check: extraction on SciERC abstracts against its Task/Method spans.

SciERC (../shared/data/scierc, train+dev: 400 AI abstracts, mostly NLP/vision/speech) marks
every Task and Method mention, generic ones included, so recall here is low by design (the
pipeline keeps at most three tasks and only named methods). Precision is the useful number: how
many predicted tasks/methods are task/method spans (word Jaccard >= 0.5, as score.py matches
tasks), and how many SciERC documents get at least one task that matches.

    python benchmarks/eval_scierc.py
"""

from __future__ import annotations

import json
import re
from pathlib import Path

SCIERC = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "scierc"
_STOP = {"the", "of", "and", "a", "for", "in", "on", "to", "with"}


def _words(s: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", s.lower())) - _STOP


def _matches(name: str, golds: list[str]) -> bool:
    w = _words(name)
    return bool(w) and any(len(w & g) / len(w | g) >= 0.5 for g in map(_words, golds) if g)


def main() -> None:
    from kg.extract import extract_papers
    from kg.model import Author, Paper, SourceRef

    docs = []
    for split in ("train.json", "dev.json"):
        for line in (SCIERC / split).read_text(encoding="utf-8").splitlines():
            docs.append(json.loads(line))
    papers, gold = [], []
    for i, doc in enumerate(docs):
        words = [w for sent in doc["sentences"] for w in sent]
        words = [{"-LRB-": "(", "-RRB-": ")"}.get(w, w) for w in words]
        text = re.sub(r" ([.,;:)])", r"\1", " ".join(words)).replace("( ", "(")
        spans: dict[str, list[str]] = {"Task": [], "Method": []}
        for sent in doc["ner"]:
            for a, b, label in sent:
                if label in spans:
                    spans[label].append(" ".join(words[a : b + 1]))
        papers.append(
            Paper(
                id=f"scierc-{i}",
                abstract=text,
                abstract_raw=text,
                authors=(Author("x", "X"),),
                source=SourceRef("scierc"),
            )
        )
        gold.append(spans)
    out = extract_papers(papers)
    for label, etype in (("Task", "Task"), ("Method", "Method")):
        tp = n = docs_hit = 0
        for ep, g in zip(out, gold, strict=True):
            names = {m.name for m in ep.mentions if m.type.value == etype}
            hits = sum(_matches(name, g[label]) for name in names)
            tp, n = tp + hits, n + len(names)
            docs_hit += hits > 0
        print(
            f"{label:6s} predicted={n:4d} precision={tp / max(n, 1):.3f} "
            f"docs with a match={docs_hit}/{len(out)}"
        )


if __name__ == "__main__":
    main()
