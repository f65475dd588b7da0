"""The trained span model alone: mention-level scores on the dev sets, calibration, and what it
could add to the rules on the dev gold.

1. Exact-span P/R/F1 per label on SciREX dev (the abstract, and whole papers), SciERC dev and the
   held-out TDMSci block (kg.extract.training.evaluate; partial labels count neither way).
2. Precision by score bucket over the dev sets (is the score a probability?).
3. Document level on every `kg eval` set (dev gold, tune, heldout, SciERC and SciREX dev) with
   score.py's conventions: the model's spans as entities (Method → METHOD, Dataset → DATA,
   Task → TASK; Metric left out) at a few score thresholds, kg's rules alone, and the rules plus
   the model's names they do not have. ``--verbose`` lists the model's false positives and misses.

    python benchmarks/eval_spanmodel.py [--weights DIR] [--skip-papers] [--verbose]
"""

from __future__ import annotations

import argparse
from pathlib import Path

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


def union(rules: list[dict], model: list[dict]) -> list[dict]:
    """The rules' records plus the model's names they do not have."""
    from kg.extract.resources import name_key

    out = []
    for r, m in zip(rules, model, strict=True):
        have = {name_key(e["name"]) for e in r["entities"]}
        extra = [e for e in m["entities"] if name_key(e["name"]) not in have]
        out.append({**r, "entities": r["entities"] + extra})
    return out


def gold_sets(weights: Path, *, verbose: bool) -> None:
    """Every `kg eval` set: the rules, the model alone and the two together, METHOD/DATA/TASK."""
    from kg.evalsets import eval_sets
    from kg.evaluate import extract_records, pair_records, score_paired

    cats = ("METHOD", "DATA", "TASK")
    print(
        f"\nkg eval's sets (score.py's rules): F1, then P/R\n{'set':8s} {'extraction':24s} "
        + " ".join(f"{c:>9s}" for c in cats)
    )
    for name, es in eval_sets().items():
        if not es.available:
            print(f"{name:8s} (no data)")
            continue
        gold = es.load()
        texts = [p.abstract for p in gold.papers]
        rules = extract_records(gold.papers)
        runs = [("rules (kg extract)", rules)]
        for threshold in (0.0, 0.5, 0.8):
            model = model_records(texts, weights, threshold)
            runs += [
                (f"model >= {threshold}", model),
                (f"rules + model >= {threshold}", union(rules, model)),
            ]
        for label, records in runs:
            s = score_paired(pair_records(records, gold.abstracts), gold.entities, categories=cats)
            print(f"{name:8s} {label:24s} " + " ".join(f"{s[c].f1:9.3f}" for c in cats))
            print(
                f"{'':33s} " + " ".join(f"{s[c].precision:4.2f}/{s[c].recall:4.2f}" for c in cats)
            )
            if verbose and label == "model >= 0.5":
                for c in cats:
                    print(f"   {c} false positives: " + "; ".join(s[c].false_positives[:40]))
                    print(f"   {c} misses: " + "; ".join(s[c].misses[:40]))


def main() -> int:
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

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=Path, default=WEIGHTS_DIR)
    parser.add_argument("--skip-papers", action="store_true", help="no whole SciREX papers")
    parser.add_argument("--verbose", action="store_true", help="list the model's errors")
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
    gold_sets(args.weights, verbose=args.verbose)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
