"""Build kg's self-trained method list: names kg's own rules type Method in many corpus abstracts.

    python tools/build_corpus_methods.py   # -> kg/extract/data/gazetteers/corpus_methods.jsonl
    python tools/build_corpus_methods.py --out - --explain   # print, with the counts

A name that a cue, a definition or a list makes a method in one abstract ("using particle
filtering", "Dirichlet process (DP)") is often written bare in another, where nothing says what it
is. This tool runs kg's pipeline (without this list) over the unannotated population — the
paperlists and authors abstracts in ``../shared/data``, every evaluation abstract left out
(``kg.extract.training.evaluation_keys``) — and keeps a name when kg types it Method in at least
:data:`MIN_ABSTRACTS` distinct abstracts and in :data:`MIN_SHARE` of those that write it, and
otherwise in at most :data:`MAX_OTHER`, no other gazetteer knows it, and it is no generic name,
metric or field. Each entry is a gazetteer entry (docs/extraction.md, source
``paperlists-kg-methods``) whose match policy follows its shape:

* left out: a lower-case word alone (an ordinary word far more often than a name), an acronym of
  up to four letters (its shape finds it; a hint would ask for more context), a word the PDF
  text garbled ("mUltiple"), a problem's name ("MAP-inference", "probabilistic inference");
* ``case``: inner capitals ("KL divergence", "sparse PCA");
* ``context``: one capitalised word ("Hopfield", "Boosting"), which types only what the
  sentence already makes a name;
* ``any``: a phrase that names a technique — a proper word in it ("Dirichlet process",
  "Laplace approximation"; not ending in an adjective or a mathematical object: "Markov
  chain"), or a head and modifiers the cued lower-case rule accepts (``names_technique``:
  "particle filtering", "hinge loss"); a kind noun ("networks", "algorithm") only after a
  proper word ("Markov networks", not "recurrent networks"), never "model" or "estimator".
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # this checkout's kg, not whichever is installed

from kg.extract.resources import CORPUS_METHODS_FILE as OUT_NAME  # noqa: E402

SHARED = ROOT.parent / "shared" / "data"
SOURCE = "paperlists-kg-methods"

#: distinct abstracts in which kg's rules type a name Method
MIN_ABSTRACTS = 3
#: abstracts in which kg types it otherwise (a dataset, a task)
MAX_OTHER = 1
#: the share of the abstracts writing it in which kg types it Method: a name the corpus mostly
#: writes without making it one is mostly an ordinary phrase there ("maximum likelihood
#: parameters", "Gibbs distribution")
MIN_SHARE = 0.2


def population() -> list:
    """The paperlists and authors abstracts, each once, evaluation abstracts left out."""
    from kg.extract.training import evaluation_keys, text_keys
    from kg.sources import read_sources

    skip = evaluation_keys(SHARED)
    papers = read_sources([SHARED / "paperlists", SHARED / "authors"]).papers
    return [
        p
        for p in papers
        if len((p.abstract or "").split()) >= 5 and not text_keys(p.abstract) & skip
    ]


def mentions(papers: list) -> list[list[dict]]:
    """kg's per-abstract mentions, read without this list (a name must not confirm itself)."""
    from kg.extract import find_mentions, resources
    from kg.extract.parallel import cpu_count

    bundled = resources.bundled_gazetteers
    resources.bundled_gazetteers = lambda: [p for p in bundled() if p.name != OUT_NAME]
    try:  # the pipeline's processes are forked, so they read the same list
        return find_mentions(papers, jobs=cpu_count())
    finally:
        resources.bundled_gazetteers = bundled


#: a kind noun ends a name only after a proper word ("Markov networks", "Bayesian neural
#: networks"); after plain words it names any of its kind ("recurrent networks", "binary
#: classifiers"), and a model or an estimator is any of its kind even then ("a Bayesian model")
_KIND_NOUNS = frozenset(["algorithm", "method", "classifier", "network", "net"])
_ANY_OF_KIND = frozenset(["model", "estimator"])
#: one word glued or misread by the PDF text ("mUltiple", "cO", "VVe"), not a name
_GARBLED_RE = re.compile(r"[a-z]+[A-Z].*|[A-Z]+[a-rt-z]")
#: an adjective's ending ("nonparametric", "Bayesian")
_ADJECTIVE_RE = re.compile(r"(?:al|ic|ive|ous|ar|ian)$")


def policy(pattern: str, vocab, proper: Callable[[str], bool]) -> str | None:
    """How the name may be found (module docstring); None: left out."""
    from kg.extract.components import names_technique
    from kg.extract.resources import default_match
    from kg.extract.words import W
    from kg.model import EntityType

    words = pattern.split()
    match = default_match(pattern, EntityType.METHOD)
    low = pattern.lower().replace("-", " ").split()
    if match == "case" and low[-1] in W.task_nouns:
        return None  # a problem, whatever its case: "MAP-inference"
    if len(words) == 1:
        if pattern.islower() or _GARBLED_RE.fullmatch(pattern):
            return None
        bare = pattern.removesuffix("s") if pattern[:-1].isupper() else pattern
        if bare.isalpha() and bare.isupper() and len(bare) <= 4:
            return None  # its shape finds it already, and a hint would only need more context
        if bare[:1].isupper() and bare[1:].islower():
            return "context"
        return match
    if match == "case":
        return match  # inner capitals: "KL divergence", "sparse PCA"
    singular = low[-1].rsplit("-", 1)[-1].removesuffix("s")
    named = any(proper(w.lower()) for w in words if w[:1].isupper())
    if low[0] in W.vague_first or vocab.type_from_head(" ".join(low)) not in (
        EntityType.METHOD,
        None,
    ):
        return None
    if singular in _ANY_OF_KIND or (singular in _KIND_NOUNS and not named):
        return None
    if singular in ("algorithm", "method") and all(_ADJECTIVE_RE.search(w) for w in low[:-1]):
        return None  # any of its kind: "Bayesian algorithms"
    if len(low) == 2 and low[-1] in W.task_nouns and _ADJECTIVE_RE.search(low[0]):
        return None  # a problem after an adjective: "probabilistic inference"
    if named:  # an eponym's technique or object, not its adjective or a mathematical object
        last = low[-1].rsplit("-", 1)[-1]
        return None if _ADJECTIVE_RE.search(last) or last in W.not_method_heads else match
    return match if names_technique(vocab, low) else None


def build(texts: list[str], found: list[list[dict]], explain: bool = False) -> list[dict]:
    from build_lexicons import Corpus, _proper_word

    from kg.extract.resources import (
        bundled_gazetteers,
        generic_keys,
        heads,
        metric_keys,
        name_key,
        read_gazetteer,
    )
    from kg.extract.words import Vocab

    vocab = Vocab.build({})
    known = {
        name_key(e.pattern)
        for path in bundled_gazetteers()
        if path.name != OUT_NAME
        for e in read_gazetteer(path)
    }
    blocked = known | generic_keys() | metric_keys() | {name_key(f) for f in heads()["field"]}
    methods: Counter[str] = Counter()
    other: Counter[str] = Counter()
    spellings: dict[str, Counter[str]] = defaultdict(Counter)
    for paper in found:
        typed: dict[str, set[str]] = defaultdict(set)
        for m in paper:
            for name in {m["name"], m.get("long") or m["name"]}:
                key = name_key(name)
                typed[key].add(m["type"])
                if m["type"] == "Method":
                    spellings[key][name] += 1
        for key, types in typed.items():
            methods[key] += "Method" in types
            other[key] += bool(types - {"Method"})
    corpus = Corpus(texts)
    picked = []
    for key, n in methods.items():
        if n < MIN_ABSTRACTS or other[key] > MAX_OTHER or key in blocked or len(key) < 2:
            continue
        # the spelling most abstracts use; ties: the first in sort order, so the build is stable
        pattern = min(spellings[key].items(), key=lambda kv: (-kv[1], kv[0]))[0]
        match = policy(pattern, vocab, lambda w: _proper_word(corpus, w))
        if match is not None:
            picked.append((pattern, match, n, other[key]))
    corpus.count_phrases(p for p, *_ in picked)
    out = []
    for pattern, match, n, n_other in picked:
        written = corpus.phrase_df(pattern) if " " in pattern else corpus.exact[pattern]
        if n < MIN_SHARE * written:
            continue
        entry = {"label": "Method", "pattern": pattern, "match": match, "source": SOURCE}
        if explain:
            entry["why"] = f"Method in {n} of {written} abstracts, otherwise in {n_other}"
        out.append(entry)
    return sorted(out, key=lambda e: e["pattern"])


def main() -> None:
    from kg.extract.resources import GAZETTEER_DIR

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(GAZETTEER_DIR / OUT_NAME), help="'-' for stdout")
    ap.add_argument("--explain", action="store_true", help="add the counts behind each entry")
    ap.add_argument("--mentions", help="cache of the pipeline's mentions (JSON), for tuning")
    args = ap.parse_args()
    cache = Path(args.mentions) if args.mentions else None
    if cache and cache.is_file():
        texts, found = json.loads(cache.read_text(encoding="utf-8"))
    else:
        papers = population()
        print(f"{len(papers)} abstracts", file=sys.stderr)
        texts, found = [p.abstract for p in papers], mentions(papers)
        if cache:
            cache.write_text(json.dumps([texts, found]), encoding="utf-8")
    entries = build(texts, found, explain=args.explain)
    from build_lexicons import write_gazetteer

    header = (
        f"// Built by tools/build_corpus_methods.py from kg's own Method mentions in "
        f"../shared/data/paperlists and authors (>= {MIN_ABSTRACTS} abstracts, evaluation "
        "abstracts left out). Regenerate, do not edit by hand."
    )
    if not write_gazetteer(args.out, header, entries):
        return
    print(
        f"{len(entries)} entries -> {args.out}: {dict(Counter(e['match'] for e in entries))}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
