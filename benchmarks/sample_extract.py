"""Print the extraction of N random paperlists abstracts, for a hand-check of precision/recall.

python benchmarks/sample_extract.py --seed 7 -n 30
"""

from __future__ import annotations

import argparse
import json
import random
import textwrap
from pathlib import Path

PAPERLISTS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "paperlists"


def main() -> None:
    from kg.extract import extract_papers
    from kg.model import Author, Paper, SourceRef
    from kg.text import clean_abstract

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-n", type=int, default=30)
    ap.add_argument("--no-text", action="store_true", help="entities only")
    args = ap.parse_args()
    rows = []
    for path in sorted(PAPERLISTS.glob("*.json")):
        for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            if rec.get("abstract"):
                rows.append((f"{path.stem}-{i}", rec))
    picked = random.Random(args.seed).sample(rows, args.n)
    papers = []
    for pid, rec in picked:
        text, _ = clean_abstract(rec["abstract"])
        papers.append(
            Paper(
                id=pid,
                abstract=text,
                abstract_raw=text,
                title=rec.get("title"),
                authors=(Author("x", "X"),),
                source=SourceRef(pid),
            )
        )
    for ep in extract_papers(papers):
        print(f"=== {ep.paper.id}: {ep.paper.title}")
        if not args.no_text:
            print(textwrap.fill(ep.paper.abstract, 110))
        for m in ep.mentions:
            print(f"   {m.type.value[:4]:4s} {m.role.value[:4]:4s} {m.confidence:.2f} {m.name}")
        print()


if __name__ == "__main__":
    main()
