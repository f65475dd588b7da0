"""A third held-out check for tasks: paperlists titles as weak gold.

A title usually names the problem a paper works on ("Learning to Rank with ...", "... for Video
Object Segmentation"), so a predicted task most of whose words are title words is probably
right. Scores ICML 2017-2019 abstracts (the newest in ../shared/data/paperlists):

* support: share of predicted tasks with at least half their content words in the title (a
  precision proxy; a right task need not be in the title, so it is a lower bound);
* papers with a supported task: a recall proxy;
* tasks per paper.

    python benchmarks/eval_titles.py [--limit 1500]
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

PAPERLISTS = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "paperlists"
_STOP = {"the", "of", "and", "a", "an", "for", "in", "on", "to", "with", "via", "by", "from"}


def _words(s: str) -> set[str]:
    out = set()
    for w in re.findall(r"[a-z0-9]+", s.lower()):
        if w not in _STOP:
            out.add(w[:-1] if w.endswith("s") and len(w) > 3 else w)
    return out


def main() -> None:
    from kg.extract import extract_papers
    from kg.model import Author, Paper, SourceRef
    from kg.text import clean_abstract

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=1500)
    ap.add_argument("--show", action="store_true", help="print every predicted task")
    args = ap.parse_args()
    papers, titles = [], []
    for year in ("2019", "2018", "2017"):
        for i, rec in enumerate(json.loads((PAPERLISTS / f"icml{year}.json").read_text("utf-8"))):
            if rec.get("abstract") and rec.get("title") and len(papers) < args.limit:
                text, _ = clean_abstract(rec["abstract"])
                pid = f"icml{year}-{i}"
                papers.append(
                    Paper(
                        id=pid,
                        abstract=text,
                        abstract_raw=text,
                        authors=(Author("x", "X"),),
                        source=SourceRef(pid),
                    )
                )
                titles.append(rec["title"])
    n = supported = hit_papers = 0
    for ep, title in zip(extract_papers(papers), titles, strict=True):
        tw = _words(title)
        tasks = {m.name for m in ep.mentions if m.type.value == "Task"}
        good = [t for t in tasks if _words(t) and len(_words(t) & tw) * 2 >= len(_words(t))]
        n, supported, hit_papers = n + len(tasks), supported + len(good), hit_papers + bool(good)
        if args.show and tasks:
            print(f"{title}\n    {sorted(tasks)} supported={sorted(good)}")
    print(
        f"papers={len(papers)} tasks={n} ({n / len(papers):.2f}/paper) "
        f"support={supported / max(n, 1):.3f} papers with a supported task={hit_papers}"
    )


if __name__ == "__main__":
    main()
