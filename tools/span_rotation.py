#!/usr/bin/env python3
"""Leave-one-set-out test of the span model trained in kg's convention (docs/span_model.md,
"Sixth round").

For each of kg's tuning sets whose gold is present (tune … tune6, or ``--sets``) it continues
training the corpus weights (``--base``) on the projected gold of the others
(kg.extract.convention.finetune), then scores the left-out set and dev with ``kg eval``'s
scorer under each use of the model's vote (``USE_MODEL`` in kg/extract/spans.py), each alone
and together. The left-out set was not trained on, so its number is an unseen score; dev is for
choosing only. The held-out set is never used here.

    # the corpus weights: kg train -o /tmp/base with [kg.gold] sets = [] in spanmodel.cfg
    # (stage 1 only, ~5 min; rounds 6-11 used f46e7a1's, which had learnt four evaluation papers)
    B=/tmp/base
    python tools/span_rotation.py --base $B --work /tmp/rot --rehearse 1000   # a fold: ~3 min
    python tools/span_rotation.py --base $B --work /tmp/rot --no-before --only "round 6 votes" \\
        --uses add_task=0.7 task_fill=2 --uses add_task=0.7 task_fill=1 drop_method=0.3
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from statistics import mean

from kg.evalsets import run_sets
from kg.extract import _build, spanmodel
from kg.extract.convention import EVAL_DIR, TRAIN_SETS, describe, finetune
from kg.extract.spans import USE_MODEL

CATS = ("METHOD", "DATA", "TASK", "PROPOSED")
#: the votes before round 6: every trial starts from these
BEFORE: dict[str, float | None] = dict.fromkeys(
    (
        "add_method",
        "add_method_any",
        "add_task",
        "task_fill",
        "add_task_more",
        "task_bonus",
        "drop",
        "drop_method",
    )
)
#: each use alone at a few thresholds, then together (name -> USE_MODEL overrides)
TRIALS: dict[str, dict[str, float | None]] = {
    "votes before round 6": {},
    "round 6 votes": {"add_task": 0.7, "task_fill": 1},
    **{
        f"round 8 votes, second place at {t}": {"add_task": 0.7, "task_fill": 2, "add_task_more": t}
        for t in (0.8, 0.9, 0.95)
    },
    **{f"add_method {t}": {"add_method": t, "add_method_any": t} for t in (0.9, 0.95)},
    **{f"add_task {t}": {"add_task": t} for t in (0.7, 0.8, 0.9)},
    **{f"add_task 0.8 fill {k}": {"add_task": 0.8, "task_fill": k} for k in (1, 2, 3)},
    **{f"add_task 0.7 fill {k}": {"add_task": 0.7, "task_fill": k} for k in (1, 2)},
    **{f"task_bonus {t}": {"task_bonus": t} for t in (0.7, 0.9)},
    "drop 0.3": {"drop": 0.3},
}


def scores(sets: list[str], weights: Path, uses: dict[str, float | None]) -> dict[str, list[float]]:
    saved = dict(USE_MODEL)
    USE_MODEL.update({**BEFORE, **uses})
    old = spanmodel.WEIGHTS_DIR
    spanmodel.WEIGHTS_DIR = weights
    _build.cache_clear()
    try:
        report = run_sets(sets, jobs=1)
    finally:
        USE_MODEL.clear()
        USE_MODEL.update(saved)
        spanmodel.WEIGHTS_DIR = old
        _build.cache_clear()
    return {n: [r.scores[c].f1 for c in CATS] for n, r in report.results.items()}


def fmt(row: list[float]) -> str:
    return " / ".join(f"{x:.3f}" for x in row)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--work", type=Path, required=True, help="folder for the fold weights")
    ap.add_argument(
        "--base",
        type=Path,
        required=True,
        help="the corpus weights (before round 6: `git archive f46e7a1 "
        "kg/extract/data/spanmodel | tar -x -C DIR`, then DIR/kg/extract/data/spanmodel)",
    )
    ap.add_argument(
        "--sets",
        nargs="*",
        default=[s for s in TRAIN_SETS if (EVAL_DIR / f"gold_{s}.json").is_file()],
        help="the sets to rotate over (default: every tune set whose gold is present)",
    )
    ap.add_argument(
        "--folds",
        nargs="*",
        default=None,
        help="train only the folds leaving out these sets (e.g. one process per fold), "
        "then score the trials if every fold's weights are there",
    )
    ap.add_argument("--epochs", type=int, default=10)
    ap.add_argument("--learn-rate", type=float, default=0.0005)
    ap.add_argument("--rehearse", type=int, default=0, help="old-corpus sentences per epoch")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--uses",
        nargs="*",
        action="append",
        default=[],
        help="an extra trial: KEY=VALUE ... (VALUE none: off; repeatable, one trial each)",
    )
    ap.add_argument(
        "--only", nargs="*", default=None, help="of the built-in trials, run only these"
    )
    ap.add_argument("--no-before", action="store_true", help="skip the corpus weights' scores")
    args = ap.parse_args()
    sets = args.sets
    folds = {held: args.work / f"without-{held}" for held in sets}
    for held, out in folds.items():
        if (out / "cfg").is_file() or (args.folds is not None and held not in args.folds):
            continue
        projection = finetune(
            [s for s in sets if s != held],
            output=out,
            base=args.base,
            epochs=args.epochs,
            learn_rate=args.learn_rate,
            rehearse=args.rehearse,
            seed=args.seed,
            log=sys.stderr,
        )
        print(f"fold without {held}: " + "; ".join(describe(projection)), file=sys.stderr)
    missing = [held for held, out in folds.items() if not (out / "cfg").is_file()]
    if missing:
        print(f"not trained yet: {', '.join(missing)}; no trials scored", file=sys.stderr)
        return 0
    trials = {k: v for k, v in TRIALS.items() if args.only is None or k in args.only}
    for uses in args.uses:
        trials[" ".join(uses)] = {
            k: None if v == "none" else float(v) for k, v in (u.split("=") for u in uses)
        }
    if not args.no_before:
        base = scores([*sets, "dev"], args.base, {})
        print("corpus weights, votes before round 6 (METHOD / DATA / TASK / PROPOSED F1):")
        for h in [*sets, "dev"]:
            print(f"  {h}: {fmt(base[h])}")
        m = [mean(base[h][i] for h in sets) for i in range(4)]
        print(f"  mean of the {len(sets)}: {fmt(m)}")
    for name, uses in trials.items():
        got = {h: scores([h, "dev"], folds[h], uses) for h in sets}
        print(f"{name} (fold weights):")
        for h in sets:
            print(f"  {h} unseen: {fmt(got[h][h])}   dev: {fmt(got[h]['dev'])}")
        m = [mean(got[h][h][i] for h in sets) for i in range(4)]
        d = [mean(got[h]["dev"][i] for h in sets) for i in range(4)]
        print(f"  mean unseen: {fmt(m)}   mean dev: {fmt(d)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
