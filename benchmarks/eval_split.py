"""Dev-gold scores per seed file: a held-out check for extraction rules.

Scores the bundled sample's extraction against ../shared/eval gold for seed 000, seed 001 and
both, so a rule written while looking at one half can be checked on the other.

    python benchmarks/eval_split.py            # F1 per category for 000, 001 and all
    python benchmarks/eval_split.py --verbose  # also false positives and misses per half
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

EVAL = Path(__file__).resolve().parents[1].parent / "shared" / "eval"


def main() -> None:
    from kg.evaluate import score
    from kg.extract import extract_papers, to_record
    from kg.sources import read_sources

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    gold = json.loads((EVAL / "gold_dev.json").read_text(encoding="utf-8"))
    papers = {p["id"]: p for p in json.loads((EVAL / "papers_dev.json").read_text("utf-8"))}
    records = [to_record(ep) for ep in extract_papers(read_sources(None).papers)]
    with tempfile.TemporaryDirectory() as tmp:
        for half in ("000", "001", "all"):
            subset = {
                k: v for k, v in gold.items() if half == "all" or papers[k]["file"].startswith(half)
            }
            path = Path(tmp) / f"gold_{half}.json"
            path.write_text(json.dumps(subset), encoding="utf-8")
            result = score(records, EVAL / "papers_dev.json", [path])
            print(
                f"{half:4s} "
                + " ".join(f"{cat}={f:.3f}(P{p:.2f}/R{r:.2f})" for cat, (p, r, f) in result.items())
            )
            if args.verbose and half != "all":
                _verbose(records, papers, subset)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / (len(a | b) or 1)


def _verbose(records: list[dict], papers: dict, gold: dict) -> None:
    import re

    def head(t: str) -> set[str]:
        return set(re.findall(r"[a-z0-9]+", t.lower())[:60])

    for pid, g in gold.items():
        h = head(papers[pid]["abstract"])
        rec = max(records, key=lambda r: _jaccard(head(r["abstract"]), h))
        pred = sorted({(e["type"], e["role"], e["name"]) for e in rec["entities"]})
        print(f"  {pid} gold={ {k: v for k, v in g.items() if v} }")
        print(f"        pred={[f'{t[0][0]}{t[1][0]}:{t[2]}' for t in pred]}")


if __name__ == "__main__":
    main()
