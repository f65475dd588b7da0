"""The trained span model alone: mention-level scores on the dev sets, calibration, and what it
could add to the rules on the dev gold.

1. Exact-span P/R/F1 per label on SciREX dev (the abstract, and whole papers), SciERC dev and the
   held-out TDMSci block (kg.extract.training.evaluate; partial labels count neither way).
2. Precision by score bucket over the dev sets (is the score a probability?).
3. Document level on ../shared/eval/gold_dev.json with score.py's conventions: the model's spans
   as entities (Method → METHOD, Dataset → DATA, Task → TASK; Metric left out) at a few score
   thresholds, kg's rules alone, and the rules plus the model's names they do not have.
   ``--verbose`` lists the model's false positives and misses there (score.py's SCORE_VERBOSE).

    python benchmarks/eval_spanmodel.py [--weights DIR] [--skip-papers] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

EVAL = Path(__file__).resolve().parents[1].parent / "shared" / "eval"
TYPES = {"Method": "Method", "Dataset": "Dataset", "Task": "Task"}


def model_records(texts: list[str], weights: Path, threshold: float) -> list[dict]:
    import spacy

    from kg.extract.spanmodel import SPAN_KEY

    nlp = spacy.blank("en")
    nlp.add_pipe("kg_span_model", config={"weights": str(weights)})
    records = []
    for text, doc in zip(texts, nlp.pipe(texts), strict=True):
        group = doc.spans[SPAN_KEY]
        entities = [
            {"name": span.text, "type": TYPES[span.label_], "role": "uses", "confidence": score}
            for span, score in zip(group, group.attrs["scores"], strict=True)
            if span.label_ in TYPES and score >= threshold
        ]
        records.append({"abstract": text, "entities": entities})
    return records


def rules_records(papers: list[dict]) -> list[dict]:
    from kg.extract import extract_papers, to_record
    from kg.model import Author, Paper, SourceRef
    from kg.text import clean_abstract

    ps = [
        Paper(
            id=p["id"],
            abstract=clean_abstract(p["abstract"])[0],
            abstract_raw=p["abstract"],
            authors=(Author("x", "X"),),
            source=SourceRef("dev"),
        )
        for p in papers
    ]
    return [to_record(ep) for ep in extract_papers(ps, span_model=False)]


def union(rules: list[dict], model: list[dict]) -> list[dict]:
    from kg.extract.resources import name_key

    out = []
    for r, m in zip(rules, model, strict=True):
        have = {name_key(e["name"]) for e in r["entities"]}
        extra = [e for e in m["entities"] if name_key(e["name"]) not in have]
        out.append({**r, "entities": r["entities"] + extra})
    return out


def main() -> int:
    from kg.evaluate import score
    from kg.extract.spanmodel import WEIGHTS_DIR
    from kg.extract.training import (
        BUCKETS,
        DEFAULT_DATA,
        calibration,
        dev_sentences,
        evaluate,
        read_settings,
        score_rows,
    )
    from kg.text import clean_abstract

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=Path, default=WEIGHTS_DIR)
    parser.add_argument("--skip-papers", action="store_true", help="no whole SciREX papers")
    parser.add_argument("--verbose", action="store_true", help="list errors on the dev gold")
    args = parser.parse_args()

    sets = dev_sentences(DEFAULT_DATA, read_settings(), whole_papers=not args.skip_papers)
    scores, judged = evaluate(sets, weights=args.weights)
    print(f"{'dev set':16s} {'label':8s} {'P':>6s} {'R':>6s} {'F1':>6s}")
    for name, label, p, r, f in score_rows(scores):
        print(f"{name:16s} {label:8s} {p:6.3f} {r:6.3f} {f:6.3f}")
    print("\nprecision by score (exact span and label): spans, precision")
    judged["all"] = [j for name, js in judged.items() if name != "scirex-paper" for j in js]
    print(f"{'score':>11s} " + " ".join(f"{name[:16]:>22s}" for name in judged))
    table = {name: calibration(js) for name, js in judged.items()}
    for i, (low, high) in enumerate(BUCKETS):
        cells = (f"{table[n][i][2]:7,d} {table[n][i][3]:14.3f}" for n in judged)
        print(f"{low:4.2f}–{high:4.2f} " + " ".join(cells))

    papers_path, gold_path = EVAL / "papers_dev.json", EVAL / "gold_dev.json"
    papers = json.loads(papers_path.read_text(encoding="utf-8"))
    texts = [clean_abstract(p["abstract"])[0] for p in papers]
    print(f"\ndev gold ({len(papers)} abstracts), score.py conventions")
    print(f"{'extraction':28s} {'METHOD':>6s} {'DATA':>6s} {'TASK':>6s}   (F1; P/R below)")
    rules = rules_records(papers)
    runs = [("rules (kg extract)", rules)]
    for threshold in (0.0, 0.5, 0.8):
        model = model_records(texts, args.weights, threshold)
        runs.append((f"model, score >= {threshold}", model))
        runs.append((f"rules + model >= {threshold}", union(rules, model)))
    for name, records in runs:
        s = score(records, papers_path, [gold_path])
        cats = ("METHOD", "DATA", "TASK")
        print(f"{name:28s} " + " ".join(f"{s[c][2]:6.3f}" for c in cats))
        print(f"{'':28s} " + " ".join(f"{s[c][0]:.2f}/{s[c][1]:.2f}" for c in cats))
    if args.verbose:
        lines = "".join(json.dumps(r) + "\n" for r in model_records(texts, args.weights, 0.5))
        result = subprocess.run(
            [sys.executable, str(EVAL / "score.py"), str(papers_path), str(gold_path)],
            input=lines,
            capture_output=True,
            text=True,
            env={**os.environ, "SCORE_VERBOSE": "1"},
            check=True,
        )
        print("\nmodel (score >= 0.5) against the dev gold, as score.py reports it")
        print(result.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
