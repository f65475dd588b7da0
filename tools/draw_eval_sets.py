"""Draw the abstracts of kg's evaluation sets (kg/data/eval/): tune, heldout, tune2..tune10.

`tune` and `heldout` come from ../shared/data/authors (OpenReview paperlists JSON), which no
extraction rule was written on: half CoRL (robot learning), half ICLR (machine learning), drawn
with a fixed seed from the records of each file sorted by OpenReview id, skipping placeholder
abstracts ("Placeholder", "withdrawn", empty: fewer than 30 words):

    tune     12 each from corl2021, corl2022, corl2023 + 24 from iclr2017
    heldout  15 each from corl2024, corl2025          + 30 from iclr2018

`tune2` is a second tuning set from heldout's population, drawn after the rules had been fitted
to `tune`: its CoRL/ICLR part from heldout's files minus every record of `heldout` and `tune`
(excluded by id, by drawing those sets again: their papers files are not read), plus 20 papers
pooled from ../shared/data/paperlists (NeurIPS 2015-2018, ICML 2017-2019; none is a dev paper):

    tune2    10 each from corl2024, corl2025 + 20 from iclr2018
             + 20 from nips2015-2018 and icml2017-2019 together

`tune3` is a third tuning set, drawn when the rules had been fitted to `tune` and `tune2`: heldout's
population and proportions, minus every record of `tune`, `heldout` and `tune2` (by id, as above):

    tune3    15 each from corl2024, corl2025 + 30 from iclr2018

`tune4` is a fourth, drawn the same way when the rules had been fitted to the three before it:

    tune4    15 each from corl2024, corl2025 + 30 from iclr2018 (none of the four sets' papers)

`tune5` and `tune6` are drawn the same way (each excludes every set before it), to be annotated
as training data for the span model in kg's convention and first scored unseen:

    tune5    15 each from corl2024, corl2025 + 30 from iclr2018 (none of the five sets' papers)
    tune6    15 each from corl2024, corl2025 + 30 from iclr2018 (none of the six sets' papers)

`tune7` is drawn the same way (none of the seven sets' papers) and annotated blind, before kg was
run on it, to measure rule changes on text nobody tuned on; it is not span-model training data:

    tune7    15 each from corl2024, corl2025 + 30 from iclr2018 (none of the seven sets' papers)

`tune8` is drawn the same way (none of the eight sets' papers; each venue file still had well over
its quota of unused papers, so none came from corl2023 / iclr2017) and annotated blind, before kg
was run on it, to measure the rule changes of the round after tune7 on text nobody tuned on or
checked against; it is not span-model training data either:

    tune8    15 each from corl2024, corl2025 + 30 from iclr2018 (none of the eight sets' papers)

`tune9` is drawn the same way (none of the nine sets' papers before it; each venue file still had
more than its quota of unused papers, so none came from corl2023 / iclr2017) and annotated blind,
before kg was run on it, to measure the rule changes of the round after tune8 on text nobody tuned
on or checked against; it is not span-model training data:

    tune9    15 each from corl2024, corl2025 + 30 from iclr2018 (none of the nine sets' papers)

`tune10` is drawn the same way (none of the ten sets' papers before it) and annotated blind,
before kg was run on it, to measure the rule changes of the round after tune9 on text nobody
tuned on or checked against; it is not span-model training data:

    tune10   15 each from corl2024, corl2025 + 30 from iclr2018 (none of the ten sets' papers)

The papers files use the dev gold's format (``id, track, authors, abstract, file``, plus
``title`` and ``url`` for the reader); the gold files next to them are written by hand, following
docs/annotation.md, and never by this script.

    python tools/draw_eval_sets.py              # (re)write kg/data/eval/papers_*.json
    python tools/draw_eval_sets.py --set tune3  # (re)write one set's file only
    python tools/draw_eval_sets.py --check      # exit 1 if the committed files differ from the draw
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
AUTHORS = ROOT.parent / "shared" / "data" / "authors"
PAPERLISTS = ROOT.parent / "shared" / "data" / "paperlists"
OUT = ROOT / "kg" / "data" / "eval"
SEED = 9  # issue 9
MIN_WORDS = 30

SETS: dict[str, dict[str, int]] = {
    "tune": {"corl2021": 12, "corl2022": 12, "corl2023": 12, "iclr2017": 24},
    "heldout": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune2": {"corl2024": 10, "corl2025": 10, "iclr2018": 20},
    "tune3": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune4": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune5": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune6": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune7": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune8": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune9": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
    "tune10": {"corl2024": 15, "corl2025": 15, "iclr2018": 30},
}
#: the order the sets were drawn in: from tune2 on, each excludes every paper of the sets before it
_DRAWN = ("tune", "heldout", "tune2", "tune3", "tune4", "tune5", "tune6", "tune7", "tune8", "tune9",
          "tune10")  # fmt: skip
EXCLUDE = {name: _DRAWN[:i] for i, name in enumerate(_DRAWN) if i >= 2}
#: per set, a pool of paperlists files sampled together, and how many papers from it
POOLS: dict[str, tuple[tuple[str, ...], int]] = {
    "tune2": (
        ("nips2015", "nips2016", "nips2017", "nips2018", "icml2017", "icml2018", "icml2019"),
        20,
    ),
}


TRACKS = {"iclr": "ICLR", "corl": "CoRL", "nips": "NeurIPS", "icml": "ICML"}


def _eligible(path: Path, exclude: set[str]) -> list[tuple[str, dict]]:
    """(paper id, record) of a listing's real abstracts not in `exclude`, sorted by record id."""
    stem = path.stem
    records = json.loads(path.read_text(encoding="utf-8"))
    return sorted(
        (
            (f"{stem}-{r['id']}", r)
            for r in records
            if len(str(r.get("abstract") or "").split()) >= MIN_WORDS
            and f"{stem}-{r['id']}" not in exclude
        ),
        key=lambda pair: pair[1]["id"],
    )


def _paper(paper_id: str, record: dict) -> dict:
    stem = paper_id.split("-", 1)[0]
    venue, year = stem[:-4], stem[-4:]
    return {
        "id": paper_id,
        "track": f"{TRACKS[venue]} {year}",
        "authors": ", ".join(a.strip() for a in record["author"].split(";") if a.strip()),
        "abstract": record["abstract"],
        "file": f"{stem}.json",
        "title": record["title"],
        "url": record["site"],
    }


def draw(
    name: str, *, authors_dir: Path = AUTHORS, paperlists_dir: Path = PAPERLISTS
) -> list[dict]:
    """The papers of set `name`, in draw order: per file, `n` records by a seeded sample, then
    the set's pool of paperlists files sampled as one."""
    exclude = {
        p["id"]
        for earlier in EXCLUDE.get(name, ())
        for p in draw(earlier, authors_dir=authors_dir, paperlists_dir=paperlists_dir)
    }
    rng = random.Random(f"{SEED}-{name}")
    picked: list[tuple[str, dict]] = []
    for stem, n in SETS[name].items():
        picked += rng.sample(_eligible(authors_dir / f"{stem}.json", exclude), n)
    if name in POOLS:
        stems, n = POOLS[name]
        pool = [
            pair for stem in stems for pair in _eligible(paperlists_dir / f"{stem}.json", exclude)
        ]
        picked += rng.sample(pool, n)
    return [_paper(paper_id, record) for paper_id, record in picked]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the committed files")
    ap.add_argument("--set", choices=list(SETS), action="append", help="only this set (repeatable)")
    args = ap.parse_args()
    status = 0
    for name in args.set or SETS:
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
