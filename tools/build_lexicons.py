"""Build kg's field lexicon from the curated name lists and the paperlists corpus in ../shared.

    python tools/build_lexicons.py              # -> kg/extract/data/gazetteers/lexicon.jsonl
    python tools/build_lexicons.py --out - --explain   # print, with why each match policy

Every output line is a gazetteer entry (docs/extraction.md): ``label``, ``pattern``, ``id`` (the
concept: all patterns of one id are one entity, so "SGD" ≙ "stochastic gradient descent"),
``match`` (how the pattern may be found in text) and ``source`` (the file it came from).

Sources (names and aliases only; licences in kg/extract/data/gazetteers/LICENSES.md):

* ``lexicons/pwc_methods.jsonl``, ``pwc_datasets.jsonl``, ``pwc_tasks.jsonl`` — Papers with Code
  (CC BY-SA 4.0): methods with full names and aliases, datasets with full names (variants such as
  "Rotated MNIST" are other datasets, so they are not aliases), tasks;
* ``lexicons/sota_extractor_names.jsonl`` — sota-extractor (Apache-2.0): dataset, task and model
  names from result tables, model names only when they look like one name;
* ``lexicons/cso_topics.jsonl`` — Computer Science Ontology (CC BY 4.0): multi-word topics of the
  machine-learning and AI subtrees whose head noun makes them a task ("... detection"), and
  lower-case technique names of those subtrees whose head is a technique noun and whose words
  are not all generic ("back propagation", "decision trees"; not "constrained optimization",
  "neural networks", "probabilistic models": `cso_methods`);
* ``lexicons/scirex_entities.jsonl`` — SciREX (Apache-2.0): salient entity names (not its
  coreference aliases, which join unrelated mentions);
* ``paperlists/*.json`` (the 11,283 NeurIPS/ICML abstracts): abbreviations defined the same way
  in >= 3 papers ("stochastic gradient descent (SGD)"), name-shaped words before a data noun in
  >= 3 papers ("the NORB dataset"), task phrases in >= 3 titles ("... for Visual Tracking");
* ``scierc/train.json`` — SciERC train (not dev, which kg eval scores): multi-word Method/Task
  spans that recur in the paperlists abstracts.

The corpus is also the word-frequency signal for ambiguity. A pattern gets the match policy:

* ``any`` — case-insensitive, plural allowed: multi-word names ("proximal policy optimization");
* ``case`` — as written: names with inner capitals or digits (ImageNet, ReCoRD — never "records");
* ``context`` — as written, and only when the sentence already makes it an entity (a comparison,
  a data list, an appositive): one capitalised or lower-case word ("Adam", "Twitter", "spam";
  not a Papers with Code regularizer or activation the corpus writes in lower case: "dropout"),
  acronyms of two letters, and abbreviations the corpus defines in several ways (SC, MLM, BNN);
* ``merge`` — never searched for, only an alias: a lower-case phrase that is mostly an ordinary
  phrase in abstracts.

Names in generic.txt, metrics.txt (for non-metrics) or the ``field`` list of heads.json are never
written. When two sources give one pattern different types, the corpus's own definitions decide
(SGD is defined as stochastic gradient descent, not Schema-Guided Dialogue), then source order.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# this checkout's kg, not whichever is installed: the lexicon follows its word lists
sys.path.insert(0, str(ROOT))
SHARED = ROOT.parent / "shared" / "data"
LEX = SHARED / "lexicons"
OUT = ROOT / "kg" / "extract" / "data" / "gazetteers" / "lexicon.jsonl"

_SENT_RE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w\-+.*']*[\w+*]|[A-Za-z0-9]")
# a clean name: word characters, spaces and a few joiners; no quotes, colons, brackets
_CLEAN_RE = re.compile(r"[A-Za-z0-9][\w .\-+*'&/\u2019]*[\w+*']|[A-Za-z]")
_DATA_NOUN_RE = re.compile(
    r"(?<![\w\-])((?:[A-Z][\w\-.]*[A-Z0-9][\w\-]*|[A-Z][a-z]+[\-\u2013]?\d[\w\-]*|[A-Z]{2,}[\w\-]*)"
    r"(?:\s+(?:[A-Z0-9][\w\-]*))?)\s+(data\s?sets?|datasets?|benchmarks?|corpus|corpora|database)\b"
)
_INNER_CAPS_RE = re.compile(r"\w[A-Z]|[A-Za-z][0-9]|[0-9][A-Za-z]")
# a capital after a letter: the case says it is a name (ReCoRD, ImageNet); digits alone do not
_INNER_CAPITAL_RE = re.compile(r"[A-Za-z][A-Z]")
_BENCH_RE = re.compile(r"bench|leaderboard|challenge|arena|\bgym\b|suite", re.I)
# SciERC spans ending in these say "a kind of model", not which one
_GENERIC_HEADS = frozenset(
    [
        "model", "models", "framework", "method", "methods", "approach", "representation",
        "representations", "algorithm", "algorithms", "technique", "system", "learning", "problem",
        "problems"
    ]
)  # fmt: skip
_VAGUE = frozenset(["new", "novel", "general", "simple", "efficient", "unsupervised", "supervised"])
# head nouns of architecture parts: a lower-case "linear layer" is a part, rarely a named method
_PART_HEADS = frozenset(
    [
        "layer", "layers", "connection", "connections", "block", "blocks", "module", "modules",
        "function", "functions", "activation", "activations", "pooling", "head", "heads",
        "operation", "operations"
    ]
)  # fmt: skip
#: Source order: on a type conflict the earlier wins (after the corpus's definitions).
SOURCES = (
    "pwc_methods.jsonl",
    "pwc_datasets.jsonl",
    "pwc_tasks.jsonl",
    "paperlists-abbreviations",
    "paperlists-data-nouns",
    "sota_extractor_names.jsonl",
    "scierc-train",
    "paperlists-titles",
    "cso_topics.jsonl",
    "scirex_entities.jsonl",
)


@dataclass(slots=True)
class Concept:
    id: str
    label: str  # Method | Dataset | Benchmark | Task | Metric
    source: str
    patterns: list[str] = field(default_factory=list)
    papers: int = 0  # Papers with Code's count of papers using a method
    technique: bool = False  # a regularizer or an activation (Papers with Code's collections)
    spelled: bool = False  # the corpus's long form of a short form only the hand lists type


# --- reading -----------------------------------------------------------------------------------


def _jsonl(path: Path) -> Iterator[dict]:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def _clean(text: str | None) -> str | None:
    """One name, whitespace collapsed, or None when it is no clean name (quotes, colons,
    brackets, a description glued on, too long)."""
    if not text:
        return None
    text = " ".join(unicodedata.normalize("NFKC", text).split()).strip(" .,;")
    if not _CLEAN_RE.fullmatch(text) or len(text) > 60 or len(text.split()) > 6:
        return None
    if " - " in text or text.count("/") > 1 or re.fullmatch(r"[\d\W_]+", text):
        return None
    return text


def _paperlists() -> tuple[list[str], list[str]]:
    from kg.text import clean_abstract

    texts, titles = [], []
    for path in sorted((SHARED / "paperlists").glob("*.json")):
        for rec in json.loads(path.read_text(encoding="utf-8")):
            if rec.get("abstract"):
                texts.append(clean_abstract(rec["abstract"])[0])
            if rec.get("title"):
                titles.append(rec["title"])
    return texts, titles


class Corpus:
    """Document frequencies in the paperlists abstracts: of each word as written, of each word
    written in lower case, and (on demand) of lower-case phrases."""

    def __init__(self, texts: list[str]) -> None:
        self.texts = texts
        self.exact: Counter[str] = Counter()
        self.lower: Counter[str] = Counter()
        self.tokens: list[list[str]] = []
        for text in texts:
            toks = _TOKEN_RE.findall(text)
            self.tokens.append([t.lower() for t in toks])
            self.exact.update(set(toks))
            self.lower.update({t for t in toks if t.islower()})
        self.phrases: Counter[tuple[str, ...]] = Counter()

    def count_phrases(self, phrases: Iterable[str]) -> None:
        wanted = {tuple(_TOKEN_RE.findall(p.lower())) for p in phrases}
        wanted = {w for w in wanted if len(w) > 1}
        sizes = sorted({len(w) for w in wanted})
        for toks in self.tokens:
            seen = set()
            for n in sizes:
                for i in range(len(toks) - n + 1):
                    gram = tuple(toks[i : i + n])
                    if gram in wanted:
                        seen.add(gram)
            self.phrases.update(seen)

    def phrase_df(self, phrase: str) -> int:
        return self.phrases[tuple(_TOKEN_RE.findall(phrase.lower()))]


# --- sources -----------------------------------------------------------------------------------


#: Papers with Code collections whose one-word names are techniques the papers write in lower
#: case ("dropout", "tanh", "coresets"), not ordinary words
_TECHNIQUE_COLLECTIONS = frozenset({"Regularization", "Activation Functions", "Clustering"})


def pwc_methods() -> Iterator[Concept]:
    for row in _jsonl(LEX / "pwc_methods.jsonl"):
        c = Concept(
            f"pwcm:{_key(row['name'])}",
            "Method",
            "pwc_methods.jsonl",
            papers=row["num_papers"],
            technique=bool(_TECHNIQUE_COLLECTIONS & set(row.get("collections") or ())),
        )
        for text in (row["name"], row.get("full_name"), *row.get("aliases", [])):
            _add(c, text)
        if c.technique and row["name"].endswith(" Activation"):
            _add(c, row["name"].removesuffix(" Activation"))  # "Tanh Activation" is tanh
        yield c


def pwc_datasets() -> Iterator[Concept]:
    for row in _jsonl(LEX / "pwc_datasets.jsonl"):
        name = row["name"]
        variants = set(row.get("variants") or [])
        label = "Benchmark" if _BENCH_RE.search(name) else "Dataset"
        c = Concept(f"pwcd:{_key(name)}", label, "pwc_datasets.jsonl")
        full = row.get("full_name")
        # a full name with the name's own words is the name plus a description
        if full and len(full.split()) > 5 and name.lower() in full.lower() and full != name:
            full = None
        for text in (name, full, *(a for a in row.get("aliases", []) if a not in variants)):
            _add(c, text)
        yield c


def pwc_tasks() -> Iterator[Concept]:
    for row in _jsonl(LEX / "pwc_tasks.jsonl"):
        name = row["name"]
        if name.startswith("Translation ") or not re.search(r"[a-z]{3}", name):
            continue  # "Translation acm-deu", "16k": rows of a leaderboard, not tasks
        if len(name.split()) == 1 and not name.islower() and name[1:].lower() != name[1:]:
            continue  # "HellaSwag", "MS-SSIM": a dataset or metric filed as a task
        c = Concept(f"pwct:{_key(name)}", "Task", "pwc_tasks.jsonl")
        _add(c, name)
        yield c


def sota_extractor() -> Iterator[Concept]:
    labels = {"DATASET": "Dataset", "TASK": "Task", "MODEL": "Method", "METRIC": "Metric"}
    for row in _jsonl(LEX / "sota_extractor_names.jsonl"):
        label = labels.get(row.get("label", ""))
        name = row.get("name", "")
        if label is None:
            continue
        if label == "Method" and not re.fullmatch(
            r"[A-Za-z][\w\-.+]*(?: [A-Z0-9][\w\-.+]*){0,2}", name
        ):
            continue  # "Aoitori (single model)", "L6Net + BERT (single model)": table rows
        if label == "Method" and not _INNER_CAPS_RE.search(name):
            continue
        c = Concept(f"sota:{label[0].lower()}:{_key(name)}", label, "sota_extractor_names.jsonl")
        _add(c, name)
        yield c


def cso_topics(vocab) -> Iterator[Concept]:
    from kg.model import EntityType

    for row in _jsonl(LEX / "cso_topics.jsonl"):
        name = row["name"]
        if " " not in name or not re.fullmatch(r"[a-z][a-z0-9\- ]+[a-z0-9]", name):
            continue
        # topics, not names: "constrained optimization", "theoretical analysis" have method
        # heads, so only the tasks of the ML and AI subtrees are taken
        if vocab.type_from_head(name) is not EntityType.TASK or name.split()[0] in _VAGUE:
            continue
        if not (row["under_machine_learning"] or row["under_artificial_intelligence"]):
            continue
        c = Concept(f"cso:{_key(name)}", "Task", "cso_topics.jsonl")
        _add(c, name)
        # aliases are topic groups ("gaussian process regression" under "gaussian processes"):
        # keep only spellings of the name itself
        for alias in row.get("aliases", []):
            if _key(alias) == _key(name):
                _add(c, alias)
        yield c


#: nouns that name a kind of thing after a technique's name: "belief propagation algorithm" is
#: belief propagation, and "SVM classifier" SVM; alone after adjectives they name no technique
#: ("ensemble models", "recurrent neural networks", "machine learning algorithms")
_KIND_NOUNS = frozenset(
    [
        "model", "models", "algorithm", "algorithms", "method", "methods", "classifier",
        "classifiers", "network", "networks", "net", "nets", "estimator", "estimators"
    ]
)  # fmt: skip
#: kind nouns that a proper word before them only qualifies: "a Bayesian model" is any model
_ANY_OF_KIND = frozenset(["model", "models", "estimator", "estimators"])
#: what follows a research area rather than a technique: "image search engines", "black-box
#: optimization problems", "the field of grammatical inference"
_AREA_AFTER = (
    r"(?:problems?|tasks?|community|literature|research|field|area|applications?|systems?|"
    r"settings?|domains?|engines?|languages?|theory)"
)


def _area_share(texts: list[str], phrases: Iterable[str]) -> dict[str, float]:
    """For each lower-case phrase, the share of the abstracts writing it that use it as an area
    at least once: before an area noun ("... problems", "... community") or after "the field/
    study/problem of"."""
    share = {}
    for p in phrases:
        name = r"(?<![\w-])" + re.escape(p).replace(r"\ ", r"[\s-]") + r"s?(?![\w-])"
        any_re = re.compile(name)
        area_re = re.compile(
            name + r"\s+" + _AREA_AFTER + r"\b|\b(?:field|area|study|literature|problem|task)s?"
            r" of\s+" + name
        )
        seen = [t for t in texts if p.split()[0] in t and any_re.search(t)]
        share[p] = sum(1 for t in seen if area_re.search(t)) / len(seen) if seen else 0.0
    return share


def _object_first(texts: list[str], phrase: str) -> bool:
    """Whether some abstract writes a two-word phrase's head before its modifier as the thing it
    acts on ("clustering the data", "matching of shapes"): then "data clustering" and "shape
    matching" say what is done to what, a task, not which technique does it."""
    words = phrase.split()
    if len(words) != 2:
        return False
    mod, head_word = words
    obj_re = re.compile(rf"\b{re.escape(head_word)} (?:of |the )?{re.escape(mod)}s?\b")
    return any(head_word in t and obj_re.search(t) for t in texts)


def _proper_word(corpus: Corpus, word: str) -> bool:
    """Whether the corpus writes a word mostly with a capital (Bayes, Gibbs, Markov, SVM)."""
    low = corpus.exact[word]
    return corpus.exact[word.capitalize()] + corpus.exact[word.upper()] > max(low, 2)


def cso_methods(corpus: Corpus, vocab, known: set[str]) -> Iterator[Concept]:
    """Lower-case technique names among the topics of CSO's machine-learning and AI subtrees
    ("back propagation", "decision trees", "kernel trick", "RBF networks").

    Each spelling of a topic (its name and aliases) is a Method when the rule that reads cued
    lower-case techniques (`names_technique`: a technique noun, not a part, a broad head, a
    mathematical object or a kind noun after adjectives alone) accepts it, it is written in
    >= 3 paperlists abstracts, and:

    * its head makes a method by itself (heads.json, words.json ``tech_heads``) or is an eponym
      the corpus capitalises ("naive bayes"; "random projections" only after a use cue);
    * no vague first word ("approximate inference") but before such an eponym, no task head,
      no field, and no modifier that is a task's verb ("parse trees" are what parsing makes);
    * a kind noun at the end only after a proper word that is no name of its own ("Bayesian
      networks", "Bayes classifier"; not "SVM classifier", which is SVM, nor "belief
      propagation algorithm", nor "ensemble models"), and never a model or an estimator ("a
      Bayesian model", "Bayesian estimators" are any of their kind);
    * not people ("domain experts"), not a problem noun after plain words ("probabilistic
      inference", "numerical optimization"; "Bayesian optimization" has a proper word);
    * not a phrase that a third of the abstracts writing it use as an area ("image search
      engines", "the field of grammatical inference"), nor two words that an abstract writes
      the other way round, the head acting on the modifier ("clustering the data": "data
      clustering" is a task).

    Names another list already has (`known`, name keys) keep that list's concept; fields and
    generic names are left out with the rest of the blocked names, later."""
    from kg.extract.components import names_technique
    from kg.extract.words import W
    from kg.model import EntityType

    def technique(text: str) -> bool:
        words = text.split()
        eponym = _proper_word(corpus, words[-1])  # "naive bayes" is Naive Bayes
        vague = words[0] in W.vague_first or words[0] in _VAGUE
        if (vague and not eponym) or _key(text) in vocab.fields:
            return False
        if vocab.type_from_head(text) not in (EntityType.METHOD, None):
            return False  # "policy evaluation", "manifold learning": tasks by their head
        if not names_technique(vocab, words):
            return False
        last = words[-1].rsplit("-", 1)[-1]
        if last not in vocab.method_heads and last not in W.tech_heads and not eponym:
            return False  # "random projections", "annealing": techniques only after a use cue
        if any(
            w.removesuffix("e") + "ing" in vocab.task_heads for w in words[:-1]
        ):  # "parse trees": what a task makes, not how
            return False
        if words[-1] == "experts":
            return False  # people ("domain experts")
        if words[-1] in _KIND_NOUNS:
            # "Bayesian networks", "RBF networks": a kind noun after a proper word; not when
            # that word is a name of its own ("SVM classifier" is SVM), nor a model or an
            # estimator, which any model of the kind is ("a Bayesian model", "Bayesian
            # estimators")
            rest = words[:-1]
            if words[-1] in _ANY_OF_KIND or _key(" ".join(rest)) in known:
                return False
            return any(_proper_word(corpus, w) for w in rest)
        if words[-1] in W.task_nouns:  # "numerical optimization", "probabilistic inference"
            return any(_proper_word(corpus, w) for w in words[:-1])  # "Bayesian optimization"
        return True

    picked: list[tuple[str, list[str]]] = []
    for row in _jsonl(LEX / "cso_topics.jsonl"):
        if not (row["under_machine_learning"] or row["under_artificial_intelligence"]):
            continue  # other subtrees: "information loss", "web search", "spanning trees"
        names = [
            text
            for text in dict.fromkeys([row["name"], *row.get("aliases", [])])
            if re.fullmatch(r"[a-z][a-z0-9\- ]*[a-z0-9]", text)
            and len(text.split()) <= 5
            and technique(text)
        ]
        if names:
            picked.append((row["name"], names))
    corpus.count_phrases(n for _, names in picked for n in names)
    kept = [
        (topic, [n for n in names if (corpus.phrase_df(n) if " " in n else corpus.lower[n]) >= 3])
        for topic, names in picked
    ]
    lower = [t.lower() for t in corpus.texts]
    area = _area_share(lower, (n for _, ns in kept for n in ns))
    for topic, names in kept:
        c = Concept(f"csom:{_key(topic)}", "Method", "cso_topics.jsonl")
        for text in names:
            if area[text] < 1 / 3 and not _object_first(lower, text):
                _add(c, text)
        if c.patterns:
            yield c


def scirex_entities() -> Iterator[Concept]:
    labels = {"Method": "Method", "Material": "Dataset", "Task": "Task", "Metric": "Metric"}
    for row in _jsonl(LEX / "scirex_entities.jsonl"):
        name = row["name"]
        label = labels.get(row.get("type", ""))
        if label is None or "  " in name or " - " in name or re.search(r"\d\s+\d", name):
            continue
        if label in ("Method", "Dataset") and not _INNER_CAPS_RE.search(name):
            continue  # "Random Erasing" is fine elsewhere; here plain words are mostly phrases
        c = Concept(f"scirex:{_key(name)}", label, "scirex_entities.jsonl")
        _add(c, name)
        yield c


def corpus_abbreviations(
    texts: list[str], vocab, hand: dict[str, str], problems: frozenset[str] = frozenset()
) -> tuple[list[Concept], dict[str, int], dict[str, str]]:
    """Abbreviations defined in >= 3 paperlists abstracts with one dominant long form (>= 60 %
    of the definitions; two letters need >= 10 papers and 85 %), typed by the long form's head
    noun, or, when the head says nothing ("Markov chain Monte Carlo"), by the hand-written
    lists' type of the short form (`hand`: key -> label; MCMC is a Method). Also returns, for
    every short form the corpus defines, how many different long forms it has (>= 2 papers
    each): the ambiguity signal; and the type of each short form with one dominant meaning (a
    task's short form is written nowhere, but no other list may type it: CTC is connectionist
    temporal classification, not a dataset)."""
    from kg.extract.abbrev import find_abbreviations
    from kg.extract.words import head
    from kg.model import EntityType

    longs: dict[str, Counter[str]] = defaultdict(Counter)
    spelled: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    papers_of: dict[str, set[int]] = defaultdict(set)
    for i, text in enumerate(texts):
        for sent in _SENT_RE.split(text):
            for ab in find_abbreviations(sent):
                longs[ab.short][_key(ab.long)] += 1
                spelled[(ab.short, _key(ab.long))][ab.long] += 1
                papers_of[ab.short].add(i)
    meanings = {
        short: _meanings([spelled[(short, k)].most_common(1)[0][0] for k, n in c.items() if n >= 2])
        for short, c in longs.items()
    }
    out = []
    typed: dict[str, str] = {}
    for short, counter in sorted(longs.items()):
        lkey, n = counter.most_common(1)[0]
        share = n / sum(counter.values())
        if len(papers_of[short]) < 3 or share < 0.6 or n < 3:
            continue
        if len(short.rstrip("s")) < 3 and (n < 10 or share < 0.85):
            continue  # two letters (BP, CD, TS) mean too many things unless one meaning rules
        long = spelled[(short, lkey)].most_common(1)[0][0]
        if head(long) == "learning" and " for " not in long.lower():
            continue  # a field of learning, a paradigm by its capitals too ("Deep Foo Learning")
        # a long form the hand lists know only as a task is one whatever its head ("multi-armed
        # bandit (MAB)"; not "neural architecture search", which they also list as a method)
        t = EntityType.TASK if _key(long) in problems else vocab.type_from_head(long)
        by_hand = t is None and hand.get(_key(short)) in ("Method", "Dataset", "Benchmark")
        if by_hand:
            t = EntityType(hand[_key(short)])
        if t is None or t is EntityType.METRIC:
            continue
        if t is EntityType.TASK and (long[:1].isupper() or head(long) == "learning"):
            continue  # "Noise-Contrastive Estimation", "multiple kernel learning": methods too
        c = Concept(f"abbr:{_key(short)}", t.value, "paperlists-abbreviations", spelled=by_hand)
        _add(c, long)
        typed[_key(short)] = t.value
        if t is not EntityType.TASK:
            _add(c, short)
        out.append(c)
    return out, meanings, typed


def _meanings(long_forms: list[str]) -> int:
    """How many different things the long forms of one short form name: spellings of one name
    ("generative adversarial nets" / "networks", "principal component(s) analysis",
    "convolutional (neural) networks") share their first two words, or their first and last
    word, or one is the start of the other."""
    groups: list[tuple[str, str, str]] = []  # (first two words, first + last word, key)
    for long in long_forms:
        words = long.lower().split()
        two, ends = _key(" ".join(words[:2])), _key(words[0] + " " + words[-1])
        key = _key(long)
        if not any(
            two == t or ends == e or key.startswith(k) or k.startswith(key) for t, e, k in groups
        ):
            groups.append((two, ends, key))
    return len(groups)


def corpus_data_nouns(texts: list[str], vocab) -> Iterator[Concept]:
    """Name-shaped words right before "dataset/benchmark/corpus" in >= 3 abstracts."""
    from kg.extract.candidates import is_rejected

    papers: dict[str, set[int]] = defaultdict(set)
    noun: dict[str, Counter[str]] = defaultdict(Counter)
    for i, text in enumerate(texts):
        for m in _DATA_NOUN_RE.finditer(text):
            name = m.group(1).strip(".-")
            papers[name].add(i)
            noun[name][m.group(2).lower()] += 1
    for name, ps in sorted(papers.items()):
        if len(ps) < 3 or is_rejected(vocab, name) or name.split()[0].lower() in vocab.method_heads:
            continue
        bench = noun[name].most_common(1)[0][0].startswith("bench")
        c = Concept(
            f"data:{_key(name)}", "Benchmark" if bench else "Dataset", "paperlists-data-nouns"
        )
        _add(c, name)
        yield c


def scierc_train(corpus: Corpus, vocab) -> Iterator[Concept]:
    """Multi-word SciERC train Method/Task spans, typed by the same head nouns, that recur in
    the paperlists abstracts (>= 3, or >= 5 when only one SciERC document has the span)."""
    from kg.extract.words import W, head
    from kg.model import EntityType

    docs_of: dict[tuple[str, str], set[str]] = defaultdict(set)
    for doc in _jsonl(SHARED / "scierc" / "train.json"):
        words = [w for s in doc["sentences"] for w in s]
        for sent_spans in doc["ner"]:
            for a, b, label in sent_spans:
                if label in ("Method", "Task") and b > a:
                    phrase = " ".join(words[a : b + 1]).replace(" - ", "-").lower()
                    docs_of[(phrase, label)].add(doc["doc_key"])
    picked = []
    for (phrase, label), docs in sorted(docs_of.items()):
        if " " not in phrase or not re.fullmatch(r"[a-z][a-z0-9\- ]+[a-z0-9]", phrase):
            continue
        if head(phrase) in _GENERIC_HEADS or phrase.split()[0] in _VAGUE | W.task_stop:
            continue
        want = EntityType.TASK if label == "Task" else EntityType.METHOD
        if vocab.type_from_head(phrase) is not want:
            continue
        if want is EntityType.METHOD and len(docs) < 2:
            continue  # one SciERC document calls "error analysis" a method: too thin
        picked.append((phrase, want, len(docs)))
    corpus.count_phrases(p for p, _, _ in picked)
    for phrase, want, n_docs in picked:
        if corpus.phrase_df(phrase) >= (3 if n_docs >= 2 else 5):
            c = Concept(f"scierc:{_key(phrase)}", want.value, "scierc-train")
            _add(c, phrase)
            yield c


def title_tasks(titles: list[str], vocab) -> Iterator[Concept]:
    """Task phrases after for/of/in/via/with in >= 3 paperlists titles ("... for Visual
    Tracking"), ending in a task head noun."""
    from kg.extract.words import W

    alt = "|".join(sorted(map(re.escape, vocab.task_heads), key=len, reverse=True))
    title_re = re.compile(
        r"\b(?:for|of|in|to|via|with)\s+((?:[A-Za-z][\w\-]*\s+){1,3}(?:" + alt + r"))\b", re.I
    )
    counts: Counter[str] = Counter()
    for title in titles:
        for m in title_re.finditer(title):
            counts[m.group(1).lower()] += 1
    for phrase, n in sorted(counts.items()):
        if n >= 3 and phrase.split()[0] not in W.task_stop:
            c = Concept(f"title:{_key(phrase)}", "Task", "paperlists-titles")
            _add(c, phrase)
            yield c


# --- policies, conflicts, output ---------------------------------------------------------------


def _key(text: str) -> str:
    from kg.extract.resources import name_key

    return name_key(text)


def _add(c: Concept, text: str | None) -> None:
    text = _clean(text)
    if text and text not in c.patterns:
        c.patterns.append(text)


def match_policy(
    pattern: str, c: Concept, corpus: Corpus, meanings: dict[str, int], method_heads: frozenset[str]
) -> tuple[str, str]:
    """(policy, why) for one pattern of a concept; see the module docstring."""
    words = pattern.split()
    label = c.label
    if len(words) == 1:
        word = words[0]
        bare = word[:-1] if word.endswith("s") and word[:-1].isupper() else word
        n_meanings = max(meanings.get(word, 0), meanings.get(bare, 0))
        if n_meanings > 1:
            return "context", f"defined with {n_meanings} long forms in the corpus"
        if bare.isupper() and len(bare.strip("-")) <= 2:
            if c.source == "paperlists-abbreviations":
                return "case", "two letters, but one meaning in >= 10 corpus definitions"
            return "context", "an acronym of two letters"
        if bare.isalpha() and bare.isupper() and len(bare) <= 4:
            if c.source == "paperlists-abbreviations":
                return "case", "an acronym with one meaning in the corpus"
            return "context", "a short acronym: too many things share it"
        if _INNER_CAPITAL_RE.search(word):
            return "case", "inner capitals"
        if re.search(r"\d", word):
            return "any", "letters with digits"
        lower = corpus.lower[word.lower()]
        if c.technique and lower >= 5:
            return "any", f"a regularizer or activation, lower case in {lower} abstracts"
        return "context", f"one plain word (lower case in {lower} abstracts)"
    if _INNER_CAPITAL_RE.search(pattern):
        return "case", "a name with inner capitals"
    if label in ("Dataset", "Benchmark"):
        if not pattern.islower():
            return "case", "a data name in capitals ('Stanford Question Answering Dataset')"
        return "context", "a data name in lower case: mostly a description"
    if c.spelled and any(w[:1].isupper() for w in words[1:]):
        return "any", "the corpus's long form of a hand-listed short form, a proper name in it"
    last = words[-1].lower().rsplit("-", 1)[-1]
    if label == "Method" and c.source == "cso_topics.jsonl":
        return "any", "a technique's name among CSO's machine-learning and AI topics"
    if label == "Method" and last in _PART_HEADS:
        return "context", "an architecture part"
    if label == "Method" and last not in method_heads and c.papers < 50:
        return "context", f"plain words without a technique noun, used by {c.papers} papers"
    if label != "Task" and all(w.islower() for w in words):
        df = corpus.phrase_df(pattern)
        if df >= 50 and label in ("Dataset", "Benchmark"):
            return "merge", f"an ordinary phrase in {df} abstracts"
    return "any", "several words"


def _lower_technique(pattern: str, c: Concept, corpus: Corpus) -> int:
    """Abstracts that write a one-word CamelCase method ("AutoEncoder") in lower case, when its
    lower-case form is a technique noun (words.json ``tech_heads``) and at least 20 do: a name
    matched only as written would miss the corpus's own spelling; 0 otherwise."""
    from kg.extract.words import W

    word = pattern.lower()
    if c.label != "Method" or " " in pattern or not _INNER_CAPITAL_RE.search(pattern):
        return 0
    if not word.isalpha() or word not in W.tech_heads:
        return 0
    n = corpus.lower[word] + corpus.lower[word + "s"]
    return n if n >= 20 else 0


#: a first word written in lower case in more abstracts than this is an ordinary word
#: ("Experimental", "Visual"), not the proper name that makes a data name distinctive
_RARE_LOWER = 2


def folded_tail(pattern: str, c: Concept, policy: str, corpus: Corpus) -> str | None:
    """The spelling of a case-matched data name with its plain words in lower case, when its
    first word alone makes it a name: "Ubuntu dialogue corpus", "UCI machine learning
    repository" ("Ubuntu Dialogue Corpus"). The first word is an acronym or a word with a
    capital after its first letter (UCI, OpenAI), or a capitalised word the corpus hardly ever
    writes in lower case (Ubuntu, Stanford, Oxford); an ordinary first word ("Experimental
    Results", "Visual Servoing") keeps the name as written. None when there is no such spelling."""
    words = pattern.split()
    if c.label not in ("Dataset", "Benchmark") or policy != "case" or len(words) < 2:
        return None
    first, rest = words[0], words[1:]
    if not first.isalpha() or not first[:1].isupper() or not all(w.isalpha() for w in rest):
        return None  # "20 Newsgroups", "CIFAR-10 Image Recognition" (the task on CIFAR-10)
    if _INNER_CAPITAL_RE.search(" ".join(rest)) or all(w.islower() for w in rest):
        return None  # a later word is a name of its own (CNN/DailyMail) or already lower case
    distinctive = _INNER_CAPITAL_RE.search(first) or (
        first.isalpha() and corpus.lower[first.lower()] <= _RARE_LOWER
    )
    return " ".join([first, *(w.lower() for w in rest)]) if distinctive else None


def build(explain: bool = False) -> list[dict]:
    from kg.extract.resources import GAZETTEER_DIR, generic_keys, heads, metric_keys, read_gazetteer
    from kg.extract.words import Vocab, W

    vocab = Vocab.build({})
    texts, titles = _paperlists()
    corpus = Corpus(texts)
    listed = [
        (_key(e.pattern), e.label.value)
        for name in ("ml_core.jsonl", "ml_recent.jsonl")
        for e in read_gazetteer(GAZETTEER_DIR / name)
    ]
    hand = dict(listed)
    problems = {k for k, v in listed if v == "Task"} - {k for k, v in listed if v != "Task"}
    abbrevs, meanings, defined = corpus_abbreviations(texts, vocab, hand, frozenset(problems))
    concepts = [
        *pwc_methods(),
        *pwc_datasets(),
        *pwc_tasks(),
        *abbrevs,
        *corpus_data_nouns(texts, vocab),
        *sota_extractor(),
        *scierc_train(corpus, vocab),
        *title_tasks(titles, vocab),
        *cso_topics(vocab),
    ]
    known = set(hand) | {_key(p) for c in concepts for p in c.patterns}
    concepts += [*cso_methods(corpus, vocab, known), *scirex_entities()]
    corpus.count_phrases(p for c in concepts for p in c.patterns if " " in p)
    blocked = generic_keys() | {_key(f) for f in heads()["field"]}
    metrics = metric_keys()
    # the label of each pattern key: the corpus's own definition, then source order
    defined.update({_key(p): c.label for c in abbrevs for p in c.patterns})
    rank = {s: i for i, s in enumerate(SOURCES)}
    label_of: dict[str, str] = {}
    for c in sorted(concepts, key=lambda c: rank[c.source]):
        for p in c.patterns:
            k = _key(p)
            label_of.setdefault(k, defined.get(k, c.label))
            # "Visual Question Answering" is a task and (PwC) the full name of VQA: in words,
            # the task
            if (
                c.label == "Task"
                and label_of[k] in ("Dataset", "Benchmark")
                and " " in p
                and not _INNER_CAPITAL_RE.search(p)
            ):
                label_of[k] = "Task"
    out: dict[tuple[str, str], dict] = {}
    known: set[str] = set()
    for c in concepts:
        for p in c.patterns:
            k = _key(p)
            if c.label == "Task" and p.split()[-1].lower() in W.method_cue_words:
                continue  # "Policy Gradient Methods" names methods, not a task
            if len(k) < 2 or k in blocked or (k in metrics and c.label != "Metric"):
                continue
            if c.id.startswith("csom:") and (k in hand or k in known):
                continue  # a name another list has: that concept keeps it, no second id
            known.add(k)
            if label_of[k] != c.label:
                continue  # another source types this name; that concept keeps it
            policy, why = match_policy(p, c, corpus, meanings, vocab.method_heads)
            entry = {
                "label": c.label,
                "pattern": p,
                "id": c.id,
                "match": policy,
                "source": c.source,
            }
            if why.startswith("defined with"):
                entry["ambiguous"] = True  # SC, MLM, BNN: it merges nothing
            if explain:
                entry["why"] = why
            out.setdefault((k, c.id), entry)
            lower = _lower_technique(p, c, corpus)
            if lower:  # "AutoEncoder" as written, and the corpus's "autoencoder" in any case
                low = {**entry, "pattern": p.lower(), "match": "any"}
                if explain:
                    low["why"] = f"a technique noun the corpus writes in lower case in {lower}"
                out.setdefault((k, c.id, "lower"), low)
            folded = folded_tail(p, c, policy, corpus)
            if folded:
                out.setdefault((k + " " + folded, c.id), {**entry, "pattern": folded})
    return sorted(out.values(), key=lambda e: (e["label"], e["id"], e["pattern"]))


def write_gazetteer(out: str, header: str, entries: list[dict]) -> bool:
    """Write a built gazetteer (a header comment, one JSON entry per line) to `out`, or to
    stdout for '-'; True when a file was written."""
    text = "\n".join([header, *(json.dumps(e, ensure_ascii=False) for e in entries)]) + "\n"
    if out == "-":
        sys.stdout.write(text)
        return False
    Path(out).write_text(text, encoding="utf-8")
    return True


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(OUT), help="output file, '-' for stdout")
    ap.add_argument("--explain", action="store_true", help="add why each match policy")
    args = ap.parse_args()
    entries = build(explain=args.explain)
    header = (
        "// Built by tools/build_lexicons.py from ../shared/data (sources and licences: "
        "LICENSES.md). Regenerate, do not edit by hand."
    )
    if not write_gazetteer(args.out, header, entries):
        return
    by_source = Counter(e["source"] for e in entries)
    by_policy = Counter(e["match"] for e in entries)
    print(f"{len(entries)} entries -> {args.out}", file=sys.stderr)
    print(f"  by source: {dict(by_source)}", file=sys.stderr)
    print(f"  by match:  {dict(by_policy)}", file=sys.stderr)


if __name__ == "__main__":
    main()
