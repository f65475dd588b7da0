"""Author identity: B-cubed precision / recall / F1 of kg's people against source ids, next to
the name-only peer (an author = its folded name, as kg had it before identity resolution, with
today's name cleaning), and
the time identity resolution adds to a build of the 11,283-paper corpus.

    python benchmarks/eval_authors.py [--seeds 11 7 23] [--rates 0.2 0.35 0.5] [--no-speed]

Sets (from ../shared/data/authors):
- CoRL 2021–2025 as given (OpenReview profile ids): ids decide; and with the ids removed but the
  names as given (what evidence merging costs in precision when nothing needs merging);
- CoRL with names varied and every id removed (../shared/eval/make_author_variants.py) — the dev
  set the weights in kg/identity/resolve.py were tuned on (rate 0.35, seed 11);
- ICLR 2017–2018 varied the same way — another venue, never tuned on. Its only ids are e-mails,
  so its gold is "one e-mail = one person" (prefixed "~" for the scorer): people who used two
  e-mails count as two, which caps precision for any resolver (see the name-only line on the
  names as given).

Mentions are written exactly as `kg authors --mentions --format jsonl` writes them and scored by
../shared/eval/author_identity.py.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from kg.identity import mentions_of, resolve
from kg.identity.report import author_report, mention_rows
from kg.model import fold
from kg.sources import read_sources

SHARED = Path(__file__).resolve().parents[2] / "shared"
AUTHORS = SHARED / "data" / "authors"
SCORER = SHARED / "eval" / "author_identity.py"
VARIANTS = SHARED / "eval" / "make_author_variants.py"


def score(gold: Path, rows: list[dict[str, object]], work: Path) -> tuple[float, float, float]:
    pred = work / "pred.jsonl"
    pred.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), "utf-8")
    out = (
        subprocess.run(
            [sys.executable, str(SCORER), str(gold), str(pred)],
            capture_output=True,
            text=True,
            check=True,
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    values = dict(part.split("=") for part in out.split())
    return tuple(float(values[k]) for k in ("AUTHOR_B3_P", "AUTHOR_B3_R", "AUTHOR_B3_F1"))  # type: ignore[return-value]


def kg_rows(inputs: Path) -> list[dict[str, object]]:
    return mention_rows(author_report([inputs]))


def name_only_rows(inputs: Path) -> list[dict[str, object]]:
    """The peer: every author position is the person its folded, cleaned name says."""
    return [
        {"file": p.source.file, "record": p.source.record, "position": a.position, "author": a.id}
        for p in read_sources([inputs]).papers
        for a in p.authors
    ]


def copy_set(files: list[Path], folder: Path, *, emails_as_ids: bool = False) -> Path:
    folder.mkdir(parents=True)
    for f in files:
        if not emails_as_ids:
            shutil.copy(f, folder / f.name)
            continue
        records = json.loads(f.read_text("utf-8"))
        for r in records:
            ids = [x.strip() for x in (r.get("authorids") or "").split(";")]
            r["authorids"] = ";".join("~" + i.lower() if "@" in i else "" for i in ids)
        (folder / f.name).write_text(json.dumps(records), "utf-8")
    return folder


def varied(source: Path, out: Path, rate: float, seed: int) -> tuple[Path, Path]:
    subprocess.run(
        [sys.executable, str(VARIANTS), str(source), str(out), str(rate), str(seed)],
        check=True,
        capture_output=True,
    )
    return out / "input", out / "gold"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[11, 7, 23])
    parser.add_argument("--rates", type=float, nargs="+", default=[0.2, 0.35, 0.5])
    parser.add_argument("--no-speed", action="store_true", help="skip the corpus timing")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        corl = copy_set(sorted(AUTHORS.glob("corl*.json")), work / "corl")
        iclr = copy_set(sorted(AUTHORS.glob("iclr*.json")), work / "iclr", emails_as_ids=True)
        print(
            f"{'set':<26}{'rate':>5}{'seed':>5}   {'kg P':>6}{'R':>7}{'F1':>7}"
            f"   {'name-only P':>11}{'R':>7}{'F1':>7}"
        )

        def line(name: str, inputs: Path, gold: Path, rate: str = "", seed: str = "") -> None:
            ours = score(gold, kg_rows(inputs), work)
            peer = score(gold, name_only_rows(inputs), work)
            print(
                f"{name:<26}{rate:>5}{seed:>5}   {ours[0]:6.4f}{ours[1]:7.4f}{ours[2]:7.4f}"
                f"   {peer[0]:11.4f}{peer[1]:7.4f}{peer[2]:7.4f}",
                flush=True,
            )

        line("CoRL 2021-25, ids", corl, corl)
        line("CoRL, ids removed", *varied(corl, work / "corl-as-given", 0.0, 1))
        line("ICLR 2017-18, e-mails", iclr, iclr)
        for label, source in (("CoRL varied, no ids", corl), ("ICLR varied, no ids", iclr)):
            for rate in args.rates:
                for seed in args.seeds:
                    out = work / f"{source.name}-{rate}-{seed}"
                    inputs, gold = varied(source, out, rate, seed)
                    line(label, inputs, gold, f"{rate:.2f}", str(seed))
    if not args.no_speed:
        speed()


def speed() -> None:
    """What identity adds to `kg build` on the corpus: reading vs resolving."""
    corpus = SHARED / "data" / "paperlists"
    start = time.perf_counter()
    batch = read_sources([corpus])
    read = time.perf_counter() - start
    start = time.perf_counter()
    mentions = mentions_of(batch.papers)
    people = resolve(mentions)
    took = time.perf_counter() - start
    merged = sum(1 for p in people.people.values() if p.merges)
    print(
        f"\ncorpus: {len(batch.papers):,} papers, {len(mentions):,} author positions → "
        f"{len(people.people):,} people ({merged:,} with merged spellings; "
        f"{len({fold(m.name) for m in mentions}):,} folded names)"
    )
    print(f"reading the sources {read:6.1f} s   (peer, part of every build)")
    print(f"identity resolution {took:6.1f} s   (what kg build adds; budget 30 s)")


if __name__ == "__main__":
    main()
