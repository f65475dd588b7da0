"""Draw the abstracts of the `tune` and `heldout` evaluation sets (kg/data/eval/).

Both sets come from ../shared/data/authors (OpenReview paperlists JSON), which no extraction rule
was written on. Each set is half CoRL (robot learning), half ICLR (machine learning), drawn with a
fixed seed from the records of each file sorted by OpenReview id, skipping placeholder abstracts
("Placeholder", "withdrawn", empty: fewer than 30 words):

    tune     12 each from corl2021, corl2022, corl2023 + 24 from iclr2017
    heldout  15 each from corl2024, corl2025          + 30 from iclr2018

The papers files use the dev gold's format (``id, track, authors, abstract, file``, plus
``title`` and ``url`` for the reader); the gold files next to them are written by hand, following
docs/annotation.md, and never by this script.

    python tools/draw_eval_sets.py           # (re)write kg/data/eval/papers_{tune,heldout}.json
    python tools/draw_eval_sets.py --check   # exit 1 if the committed files differ from the draw
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AUTHORS = ROOT.parent / "shared" / "data" / "authors"
OUT = ROOT / "kg" / "data" / "eval"
SEED = 9  # issue 9
MIN_WORDS = 30

SETS: dict[str, dict[str, int]] = {
    "tune": {"corl2021": 12, "corl2022": 12, "corl2023": 12, "iclr2017": 24},
    "heldout": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
}


def draw(name: str, *, authors_dir: Path = AUTHORS) -> list[dict]:
    """The papers of set `name`, in draw order: per file, `n` records by a seeded sample."""
    rng = random.Random(f"{SEED}-{name}")
    papers = []
    for stem, n in SETS[name].items():
        records = json.loads((authors_dir / f"{stem}.json").read_text(encoding="utf-8"))
        eligible = sorted(
            (r for r in records if len(str(r.get("abstract") or "").split()) >= MIN_WORDS),
            key=lambda r: r["id"],
        )
        venue, year = stem[:-4], stem[-4:]
        for r in rng.sample(eligible, n):
            papers.append(
                {
                    "id": f"{stem}-{r['id']}",
                    "track": f"{venue.upper() if venue == 'iclr' else 'CoRL'} {year}",
                    "authors": ", ".join(a.strip() for a in r["author"].split(";") if a.strip()),
                    "abstract": r["abstract"],
                    "file": f"{stem}.json",
                    "title": r["title"],
                    "url": r["site"],
                }
            )
    return papers


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    args = ap.parse_args()
    status = 0
    for name in SETS:
        path = OUT / f"papers_{name}.json"
        text = json.dumps(draw(name), ensure_ascii=False, indent=1) + "\n"
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                print(f"{path} differs from the seeded draw", file=sys.stderr)
                status = 1
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path}")
    return status


if __name__ == "__main__":
    sys.exit(main())
