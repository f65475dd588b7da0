"""How far two readers of the annotation guide agree: the ceiling kg's scores sit under.

`benchmarks/data/second_reading_tune5_tune6.json` is a second annotation of 80 of the 120
abstracts of `tune5` and `tune6` (the first 20 of each: CoRL 2024/2025; the last 20: ICLR 2018),
written from docs/annotation.md and the dev gold alone by two helpers told not to read the first
gold, kg's output or run kg on those abstracts. The second reader is an annotator of the same
kind as the first, so this is a test-retest agreement: an upper bound on what two people would
share. This prints, per category, how the second reading agrees with kg's gold (entity against
entity, matched by the scorer's rules), and kg's own score on the same papers beside it (kg's
span model was trained on tune5 and tune6, so that row is not an unseen score).

    python benchmarks/eval_agreement.py [--second FILE]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from kg.evalsets import eval_sets
from kg.evaluate import CATEGORIES, agreement, extract_records, pair_records, score_paired

SECOND = Path(__file__).resolve().parent / "data" / "second_reading_tune5_tune6.json"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--second", type=Path, default=SECOND, help="second annotation (gold format)")
    args = ap.parse_args()
    second = json.loads(args.second.read_text(encoding="utf-8"))
    sets = eval_sets()
    first, abstracts, papers = {}, {}, []
    for name in ("tune5", "tune6"):
        gold = sets[name].load()
        ids = gold.entities.keys() & second.keys()
        first |= {pid: gold.entities[pid] for pid in ids}
        abstracts |= {pid: gold.abstracts[pid] for pid in ids}
        papers += gold.papers  # pairing keeps the records of the papers read twice
    readers = agreement(first, second)
    kg = score_paired(pair_records(extract_records(papers), abstracts), first)
    unknown = len(second) - len(first)
    print(f"{len(first)} papers read twice ({unknown} of the second reading not in the gold)")
    print(f"{'':9s} {'second reader vs gold':>30s}   {'kg vs gold (trained on)':>26s}")
    for cat in CATEGORIES:
        a, k = readers[cat], kg[cat]
        print(
            f"{cat:9s} P {a.precision:.3f} R {a.recall:.3f} F1 {a.f1:.3f} "
            f"({a.tp}/{a.fp}/{a.fn})   P {k.precision:.3f} R {k.recall:.3f} F1 {k.f1:.3f}"
        )


if __name__ == "__main__":
    main()
