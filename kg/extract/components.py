"""spaCy components: the gazetteer and the entity finder.

``kg_gazetteer`` marks known names (PhraseMatcher over the gazetteer files) in
``doc.spans["kg_gazetteer"]``. ``kg_entities`` finds candidate names by their shape (CamelCase,
acronyms, digits, "+"), abbreviation definitions and task phrases, reads the context around them
(trigger phrases found by a Matcher) to decide type and role, and stores one dict per mention in
``doc._.kg_mentions`` (plain dicts so that ``nlp.pipe(n_process=…)`` can ship them back).
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from spacy.attrs import IDX, SENT_START
from spacy.lang.en.stop_words import STOP_WORDS
from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span

from kg.extract.abbrev import find_abbreviations
from kg.extract.resources import (
    all_gazetteer_entries,
    generic_keys,
    heads,
    metric_keys,
    name_key,
    triggers,
)
from kg.model import EntityType, Role

if not Doc.has_extension("kg_mentions"):
    Doc.set_extension("kg_mentions", default=None)

# A word of a name: starts with a letter or digit; inner dots/hyphens only between word chars
# (Wan2.1-14B, C*-RASP, MATH-500); may end in + or * (RAT+).
_NAME_WORD = r"[A-Za-z0-9\u0370-\u03ff](?:[\w+*]|[.\-\u2013](?=[\w*]))*"
_WORD_RE = re.compile(r"(?<![\w.+*\-\u2013])" + _NAME_WORD)
# Shape of a name: two capitals in a row, a capital after a letter, letters next to digits, + or *.
_STRONG_RE = re.compile(r"[A-Za-z][A-Z]|[a-z][0-9]|[0-9][A-Za-z]|[A-Za-z][+*]|\*")
_CAP_RE = re.compile(r"[A-Z][a-z\u2013\-]")
_UNIT_RE = re.compile(
    r"(?:mid|early|late)[\-\u2013]\d{2,4}s?|"
    r"[\d.,\-\u2013×x]+[A-Za-z%×]{0,3}(?:[\-\u2013/][\w.×%]*)*|[A-Za-z]?\d+|.*@.*"
)
# LaTeX left in plain text ("fracλ_1", "mathcalO") and subscripts are formulas, not names
_MATH_LEFTOVER_RE = re.compile(
    r"(?:frac|mathcal|mathbb|mathrm|mathbf|mathit|sqrt|operatorname|left|right)(?=[A-Z0-9\u0370-\u03ff({])|.*_"
)
# a variable with a star ("x1*", "A*"), words joined by "+" ("bias+variance"), and a PDF's
# "fi" ligature read as "fI" ("fInite", "Spurious fIxed points")
_NOT_A_NAME_RE = re.compile(r"^[A-Za-z]\d*\*$|^[a-z]+\+[a-z]+$|(?:^|\s|[a-z])f[I][a-z]")
_ACCENTS = frozenset("\u00b4`\u00a8\u02dc\u02c6\u02dd")
_SUFFIX_RE = re.compile(
    r"[\-\u2013](?:based|inspired|like|style|guided|driven|aware|free|specific|level|wise|only|"
    r"agnostic|augmented|enhanced|powered|conditioned|generated|centric|type|scale|size|sized|"
    r"compatible|friendly|native|ready|trained|tuned|induced|related|dependent|independent|"
    r"separable|invariant|equivariant|consistent|optimal|efficient|robust)$"
)
# a lower-case technique noun after a capitalised name makes it a method name
_EPONYM_HEAD_RE = re.compile(
    r" (?:approximation|sampling|sampler|filter|filters|filtering|regression|process|processes|"
    r"transform|divergence|estimator|algorithm|decomposition|relaxation|descent|"
    r"optimization|kernels?|smoothing|iteration|networks?|chains?)\b(?! (?:learning|models?)\b)"
)
_BENCH_NAME_RE = re.compile(r"[a-z0-9\-](?:[Bb]ench|BENCH|Arena|Gym)(?:[\-\s]?v?\d[\w.]*)?$")
_URL_RE = re.compile(r"https?://\S+|\S+\.(?:com|org|io|net)/\S*")
_CITATION_AFTER_RE = re.compile(r"\s*(?:et al\b|\(?(?:19|20)\d\d\b|,\s*(?:19|20)\d\d)")
_EVAL_CUE_RE = re.compile(
    r"\b(?:experiment|evaluat|benchmark|dataset|test|achiev|outperform|result|accura|score|"
    r"improv|perform|speedup|gain|state-of-the-art|sota|demonstrat|reach|surpass|empirical|"
    r"validat|top-1|error)",
    re.I,
)
# between two items of one list: "X, Y", "X and Y", "X (ours), and Y"
# or parallel results: "1.9x on X, 1.7x on Y, and 1.8x on Z"
_LIST_JOIN_RE = re.compile(
    r"\)?(?:\s*\([^()]{0,40}\))?\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)"
    r"(?:\S*\d\S*\s+(?:on|for|with)\s+)?"
)
_KIND = {
    EntityType.METHOD: "method",
    EntityType.DATASET: "data",
    EntityType.BENCHMARK: "data",
    EntityType.TASK: "task",
    EntityType.METRIC: "metric",
}
# the rest of a list a name starts, up to the noun after it ("[LSP] and FLIC datasets")
_LIST_TAIL_RE = re.compile(
    r"(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)[^\s,]+(?:\s[A-Z0-9][^\s,]*){0,3})*\s+"
    r"((?:[a-z][\w\-]*\s+){0,2}?)([a-z][\w\-]*)\b"
)
_NEXT_ITEM_RE = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
_WORD_CHARS_RE = re.compile(r"\w*")
# a list of capitalised names before a data noun, and what may stand before the first name
_NAMED_DATA_RE = re.compile(
    r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s+or\s+)[A-Z0-9][^\s,]*(?:\s[A-Z0-9][^\s,]*){0,3})*\s+"
)
_NAMED_DATA_LEAD_RE = re.compile(r"(?:\b(?:the|on|and|or|in|from|using|with)|[,(])\s+$")
_VERSION_RE = re.compile(r"v?\d+(?:\.\d+)*[A-Za-z]?")
_MODEL_SIZE_RE = re.compile(r"[\-\u2013 ]\d+(?:\.\d+)?[BMK]$")
_METHOD_CUE_WORDS = frozenset(
    [
        "methods",
        "method",
        "approaches",
        "approach",
        "models",
        "model",
        "baselines",
        "baseline",
        "frameworks",
        "framework",
        "algorithms",
        "algorithm",
        "architectures",
        "architecture",
        "techniques",
        "technique",
        "efforts",
        "works",
        "encodings",
        "variants",
        "solvers",
        "optimizers",
        "losses",
        "mechanisms",
        "designs",
        "networks",
    ]
)
_LEADING_STOP = STOP_WORDS | {
    "like",
    "current",
    "conventional",
    "traditional",
    "vanilla",
    "existing",
    "recent",
    "prior",
    "previous",
    "standard",
    "popular",
    "classical",
    "modern",
    "extensive",
    "experiments",
    "results",
    "unlike",
    "specifically",
    "finally",
    "first",
    "second",
    "third",
    "moreover",
    "furthermore",
    "however",
    "additionally",
    "empirically",
    "inspired",
    "motivated",
    "guided",
    "building",
    "given",
    "using",
    "across",
    "compared",
    "despite",
    "while",
    "although",
    "notably",
    "overall",
    "importantly",
    "crucially",
    "comprehensive",
    "evaluations",
    "code",
    "lastly",
    "theoretically",
}
_TASK_STOP = STOP_WORDS | {
    "existing",
    "recent",
    "prior",
    "previous",
    "standard",
    "various",
    "diverse",
    "downstream",
    "new",
    "novel",
    "different",
    "challenging",
    "complex",
    "real-world",
    "many",
    "several",
    "multiple",
    "efficient",
    "effective",
    "robust",
    "accurate",
    "scalable",
    "general",
    "practical",
    "important",
    "fundamental",
    "key",
    "main",
    "simple",
    "typical",
    "common",
    "conventional",
    "traditional",
    "current",
    "modern",
    "specific",
    "particular",
    "improved",
    "better",
    "high-quality",
    "large-scale",
    "improving",
    "enabling",
    "achieving",
    "learned",
    "proposed",
    "based",
    "using",
    "via",
    "such",
    "e.g.",
    "i.e.",
    "like",
    "including",
    "performance",
    "accuracy",
    "quality",
    "models",
    "method",
    "methods",
    "task",
    "tasks",
    "problem",
    "problems",
    "approach",
    "approaches",
    "framework",
    "step",
    "steps",
    "time",
    "cost",
    "costs",
    "training",
    "inference",
    "stable",
    "unified",
    "significant",
    "theoretical",
    "initial",
    "given",
    "standalone",
    "actionable",
    "parallel",
    "overall",
    "strong",
    "principled",
    "empirical",
    "architectural",
    "final",
    "whole",
    "global",
    "local",
    "joint",
    "end-to-end",
    "reliable",
    "fast",
    "faster",
    "precise",
    "good",
}
_LIST_SEP_RE = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*\(\s*|:\s*|/)\Z")
# between a trigger and the list: "the", numbers and at most two adjective-like words
_GAP_RE = re.compile(
    r"[\s,]*(?:the\s+|a\s+|an\s+|\d+\s+|(?:[a-z]+(?:al|ic|ive|ing|ous|ard|ern|ent|ble|ar|ary|ful|"
    r"less|ed|ar)|[a-z]+-[a-z\-]+|several|multiple|various|diverse|six|two|three|four|five|many|"
    r"both|public|popular|standard|common|widely-used|real-world|large-scale|open)\s+){0,3}"
    r"(?:\(\s*)?"
)
# "we propose a novel X", but not "we present a method for training X"
_PROPOSE_GAP_RE = re.compile(r"[\s,:]*(?:(?!(?:for|of|to|with|on|in|by)\b)[a-z][\w\-]*[\s,]+){0,4}")
# "X (is|are) (newly) proposed/introduced", not "was proposed by Smith" (someone else's)
_PASSIVE_PROPOSE_RE = re.compile(
    r"\)?(?:\s*\([^()]*\))?(?:\s+[a-z][\w\-]*){0,2}\s+(?:is|are)\s+(?:\w+ly\s+)?"
    r"(?:proposed|introduced|presented|developed)\b(?!\s+(?:by|in)\b)"
)
# the sentence opens with the name: "A ...", "The new ...", "Finally, a novel ..."
_SUBJECT_RE = re.compile(r"\s*(?:[A-Z][a-z]+,\s*)?(?:(?:a|an|the)\s+)?(?:(?:novel|new)\s+)?", re.I)
# "we develop [relational causal models], extending": no article, a clause or comma after
_BARE_NP_RE = re.compile(
    r"\s+((?:[a-z][\w\-]*\s+){1,4}[a-z][\w\-]*)"
    r"(?=\s*(?:,|\(|\.|;|:|\s(?:that|which|to|for|with|as)\b))"
)
# "(Pearl 2009)", "(Hinton et al., 2012)", "(Becker and Hinton, 1992; ...)", "[3]", "[7, 8]"
_CITATION_RE = re.compile(
    r"(?<=\s)(?:\((?:e\.g\.,?\s*)?[A-Z][\w\-']+(?:\s+et al\.?|\s+(?:and|&)\s+[A-Z][\w\-']+)?"
    r",?\s+(?:19|20)\d\d[a-z]?(?:[;,][^()]{0,80})?\)|\[\d+(?:\s*[,\-\u2013]\s*\d+)*\])"
)
_NAMING_CUE_RE = re.compile(r"call|term|name|dub|coin", re.I)
# what papers present that is not a method: "we present numerical experiments, ..."
_NOT_PROPOSED_HEADS = frozenset(
    [
        "experiments",
        "results",
        "bounds",
        "guarantees",
        "analyses",
        "analysis",
        "insights",
        "findings",
        "conditions",
        "properties",
        "rates",
        "tools",
        "metrics",
        "simulations",
        "proofs",
        "theorems",
        "techniques",
        "strategies",
        "solutions",
        "extensions",
        "variants",
        "evaluations",
        "studies",
        "ideas",
        "principles",
        "notions",
        "measures",
        "criteria",
        "assumptions",
        "objectives",
        "losses",
        "architectures",
    ]
)
_WEAK_COMPARE = ("via", "using", "with", "adopting", "leveraging", "integrating")
_TASK_WORD_RE = re.compile(r"[A-Za-z0-9][\w\-]*")
# -ing words that are nouns in a task phrase ("language modeling"), not verbs ("improving X")
_NOUN_ING = frozenset(
    [
        "modeling",
        "modelling",
        "learning",
        "training",
        "planning",
        "computing",
        "reasoning",
        "clustering",
        "sequencing",
        "fine-tuning",
        "unlearning",
        "merging",
        "forecasting",
        "editing",
        "labeling",
        "labelling",
        "parsing",
        "tagging",
        "ranking",
        "matching",
        "tracking",
        "captioning",
        "answering",
        "denoising",
        "inpainting",
        "hashing",
        "filtering",
        "sampling",
        "testing",
        "mining",
        "programming",
        "scheduling",
        "routing",
        "pricing",
        "processing",
        "understanding",
    ]
)
# verbs and vague adjectives that end a task phrase on the left ("we study [causal discovery]")
_TASK_VERBS = frozenset(
    [
        "study",
        "studies",
        "address",
        "addresses",
        "tackle",
        "tackles",
        "solve",
        "solves",
        "improve",
        "improves",
        "enable",
        "enables",
        "consider",
        "considers",
        "investigate",
        "investigates",
        "explore",
        "explores",
        "examine",
        "boost",
        "enhance",
        "achieve",
        "facilitate",
        "support",
        "perform",
        "performs",
        "propose",
        "proposes",
        "introduce",
        "present",
        "develop",
        "apply",
        "applies",
        "use",
        "uses",
        "make",
        "makes",
        "yield",
        "yields",
        "allow",
        "allows",
        "show",
        "shows",
        "provide",
        "provides",
        "well-known",
        "small",
        "large",
        "open",
        "difficult",
        "hard",
        "np-hard",
        "classic",
        "well-studied",
        "long-standing",
        "related",
        "underlying",
        "following",
        "original",
        "above",
        "same",
        "entire",
        "central",
        "core",
        "major",
        "critical",
        "crucial",
        "basic",
        "canonical",
        "interesting",
        "certain",
        "broad",
        "wide",
        "posteriori",
        "priori",
        "hierarchical",
        "general-purpose",
        "resulting",
        "corresponding",
        "associated",
        "state-of-the-art",
        "dominant",
        "heavy",
        "unseen",
        "seen",
        "similar",
        "likelihood",
        "regularization",
        "avoid",
        "require",
        "requires",
        "objective",
        "high",
        "low",
        "average",
        "worst-case",
        "best",
        "top-level",
        "flexible",
        # base-form verbs before an object ("learn translation", "quantify causal attribution")
        "learn",
        "find",
        "combine",
        "obtain",
        "compute",
        "derive",
        "establish",
        "formulate",
        "quantify",
        "reduce",
        "handle",
        "capture",
        "ensure",
        "mitigate",
        "accelerate",
        "leverage",
        "exploit",
        "demonstrate",
        "evaluate",
        # vague adjectives ("popular image classification")
        "popular",
        "promising",
        "emerging",
        "successful",
        "powerful",
    ]
)
# heads that make no task alone before "problem" ("this optimization problem")
_PROBLEM_HEAD_STOP = frozenset(
    [
        "optimization",
        "optimisation",
        "learning",
        "inference",
        "estimation",
        "minimization",
        "maximization",
        "problem",
        "problems",
        "task",
        "tasks",
        "setting",
        "settings",
        "case",
        "cases",
        "question",
        "questions",
        "issue",
        "issues",
        "challenge",
        "challenges",
        "version",
        "instance",
        "instances",
        "formulation",
        "objective",
        "program",
        "programs",
        "game",
        "games",
        "model",
        "models",
        "data",
        "set",
        "sets",
        "one",
    ]
)
# nouns that end a task phrase after "the problem of" but say too little before "problem"
_TASK_NOUNS = frozenset(["optimization", "learning", "inference", "estimation", "minimization"])
_PROBLEM_OF_STOP = _PROBLEM_HEAD_STOP - _TASK_NOUNS
# anchored on the rare word, so the scan does not start a match at every word
_PROBLEM_AFTER_RE = re.compile(r"(?<=[\w\-] )(?:problems?|tasks?)\b")
_WORD_BEFORE_RE = re.compile(r"(?<![\w\-])([A-Za-z][\w\-]*)\s$")
_PROBLEM_OF_RE = re.compile(
    r"\b(?:problems?|tasks?|settings?) of\s+(?:the\s+)?((?:[A-Za-z][\w\-]*\s*){1,4})"
)
_IS_A_PROBLEM_RE = re.compile(
    r"\s*(?:The\s+|the\s+)?((?:[A-Za-z][\w\-]*\s+){0,5}[A-Za-z][\w\-]*)\s+(?:is|remains|has been)"
    r"\s+(?:a|an|one of the)\s+(?:[a-z\-]+\s+){0,2}(?:problems?|tasks?|challenges?)\b"
)


# a task head alone names the task when a method noun follows ("an unlearning framework")
_LONE_HEAD_AFTER_RE = re.compile(r"\s+(?:frameworks?|methods?|approach(?:es)?|algorithms?)\b")
# task heads specific enough to name a task alone
_LONE_HEADS = frozenset(
    [
        "unlearning", "forecasting", "summarization", "captioning", "inpainting", "denoising",
        "super-resolution", "imputation", "interpretability", "attribution", "forensics",
        "disambiguation", "merging",
    ]
)  # fmt: skip
# "is central to X", "crucial for X": X is what the task serves
_PURPOSE_BEFORE_RE = re.compile(
    r"\b(?:central|crucial|critical|essential|important|vital|key|indispensable|necessary)"
    r"\s+(?:to|for)\s+(?:the\s+|many\s+)?$"
)
# "a phenomenon known as X": X names the problem
_KNOWN_AS_RE = re.compile(
    r"\b(?:phenomenon|phenomena|problems?|issues?|challenges?|effects?|pathology|failure mode)"
    r",?\s+(?:commonly\s+|often\s+|also\s+|widely\s+)?(?:known as|called|termed|referred to as"
    r"|dubbed)\s+(?:the\s+|an?\s+)?((?:[A-Za-z][\w\-]*\s*){1,5})"
)
# the paper's own proposal earlier in the sentence
_OWN_PROPOSAL_RE = re.compile(
    r"\b(?:[Ww]e|paper|work) (?:propose|introduce|present|develop)[^.;]*$"
)
# an example inside parentheses: "(e.g., X", "(such as X, Y"
_EXAMPLE_BEFORE_RE = re.compile(r"\((?:e\.g\.|for example|for instance|such as)[^()]*$")
_MEASURE_AFTER_RE = re.compile(r"\s+(?:rates?|times?|complexity|speed|costs?|structures?)\b")
# the last word before "problem" is a noun, not an adjective ("a statistical problem")
_ADJECTIVE_ENDINGS = ("al", "ive", "ous", "ble", "ful", "ic", "ar", "less")


# task verbs as gerunds -> the noun of the task ("estimating X" -> "X estimation")
_GERUND_NOUN = {
    "estimating": "estimation",
    "predicting": "prediction",
    "generating": "generation",
    "detecting": "detection",
    "classifying": "classification",
    "recognizing": "recognition",
    "recognising": "recognition",
    "segmenting": "segmentation",
    "reconstructing": "reconstruction",
    "localizing": "localization",
    "synthesizing": "synthesis",
    "translating": "translation",
    "retrieving": "retrieval",
    "summarizing": "summarization",
    "identifying": "identification",
    "inferring": "inference",
    "recovering": "recovery",
    "completing": "completion",
    "discovering": "discovery",
    "solving": "solving",
    "forecasting": "forecasting",
    "learning": "learning",
    "ranking": "ranking",
    "tracking": "tracking",
    "clustering": "clustering",
    "editing": "editing",
    "denoising": "denoising",
    "verifying": "verification",
    "compressing": "compression",
    "parsing": "parsing",
    "labeling": "labeling",
    "captioning": "captioning",
    "approximating": "approximation",
}
# words that may follow a complete noun phrase ("of" may not: "inferring the existence of X")
_NP_BOUNDARY = frozenset(
    [
        "for", "from", "with", "in", "on", "by", "to", "and", "or", "that", "which", "is",
        "are", "was", "were", "using", "via", "under", "given", "when", "where", "while", "as",
        "at", "through", "into", "remains", "has", "have", "can",
    ]
)  # fmt: skip
_GERUND_TASK_RE = re.compile(
    r"(?:(?:^|(?<=[.!?]\s))|\b(?:problems? of|tasks? of|focus(?:es)? on|study|studies|"
    r"address|addresses|tackle|tackles|consider|considers)\s+)([A-Za-z]+ing)\s+(?:the\s+|an?\s+)?"
    r"((?:[A-Za-z][\w\-]*\s+){0,3}[A-Za-z][\w\-]*)"
)


# cues after which a lower-case technique name is someone's method ("unlike neural operators")
_TECH_CUES = frozenset(
    [
        "outperforms", "outperform", "outperforming", "outperformed", "surpasses", "surpass",
        "surpassing", "beats", "compared with", "compared to", "comparison with",
        "comparison to", "than", "unlike", "versus", "vs.", "vs", "such as", "e.g.", "like",
        "including", "based on", "builds on", "built on", "extension of", "variant of",
        "extends", "inspired by", "via", "using", "leveraging", "adopting", "integrating",
    ]
)  # fmt: skip
_TECH_HEADS = (
    r"(?:attention|networks?|operators?|regression|sampling|transformers?|autoencoders?|descent|"
    r"decoding|filters?|filtering|estimators?|kernels?|forests?|machines?|search|matching)"
)
_TECH_PHRASE_RE = re.compile(
    r"[\s,]+((?:[a-z][\w\-]*\s+){1,3}" + _TECH_HEADS + r")(?=\s*(?:[,.;:()]|$)|\s+(?:and|or|in|on|"
    r"for|with|to|which|that|by|as|is|are|has|have|can|under|from|at|when|where|while)\b)"
)
# "we employ dilated attention", "it replaces softmax attention with ..."
_USE_VERB_RE = re.compile(
    r"\b(?:employ|employs|employed|apply|applies|applied|adopt|adopts|adopted|"
    r"use|uses|replace|replaces|replacing|combine|combines|combining)(?=\s+[a-z])"
)
_LIST_CUES = frozenset(["such as", "e.g.", "like", "including"])
# the first word of a lower-case phrase that says "the usual kind", not a technique's name
_VAGUE_FIRST = frozenset(
    [
        "vanilla", "full", "plain", "naive", "regular", "original", "deep", "shallow", "wide",
        "large", "small", "larger", "smaller", "dense", "other", "end-to-end", "traditional",
        "standard",
        "existing", "conventional", "classical", "classic", "popular", "modern", "recent",
        "prior", "previous", "current", "typical", "common", "many", "several", "various",
        "different", "multiple", "simple", "strong", "powerful", "state-of-the-art", "the", "a",
        "an", "our", "their", "its", "these", "those", "such", "more", "most", "less", "all",
        "any", "each", "some", "both", "generic", "general", "exact", "approximate", "individual",
        "learning", "local", "high", "low", "separate", "actual", "appropriate", "suitable",
        "proper", "same", "single", "new", "novel",
        "baseline", "known", "pure", "learned", "trained", "nonlinear", "primitive",
        "pre-trained", "pretrained", "fine-tuned",
    ]
)  # fmt: skip


def _is_tech_modifier(w: str) -> bool:
    """A word inside a technique name: a task-phrase modifier, or an -ed adjective ("dilated
    attention", "weighted regression") that is not a vague or verb-like word."""
    lw = w.lower()
    return _is_modifier(w) or (
        lw.endswith("ed") and len(lw) > 4 and lw not in _TASK_STOP and lw not in _TASK_VERBS
    )


def _singular(w: str) -> str:
    """matrices -> matrix, patches -> patch, probabilities -> probability, effects -> effect."""
    lw = w.lower()
    if lw.endswith("ices") and len(lw) > 5:
        return w[:-4] + "ix"
    if lw.endswith("ies"):
        return w[:-3] + "y"
    if lw.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    return w[:-1] if lw.endswith("s") and not lw.endswith("ss") else w


def _is_head_noun(w: str) -> bool:
    """A plural noun can end a phrase ("prediction of reaction outcomes")."""
    lw = w.lower()
    return (
        lw.endswith("s")
        and _is_modifier(lw[:-1])
        and lw not in _TASK_STOP
        and lw not in _TASK_VERBS
    )


def _is_modifier(w: str) -> bool:
    """A word that can stand inside a task noun phrase."""
    lw = w.lower()
    if lw in _TASK_STOP or lw in _TASK_VERBS or lw.endswith("ly") or not _TASK_WORD_RE.fullmatch(w):
        return False
    if lw.endswith("s") and not lw.endswith(("ss", "ics", "series", "sis", "ous")):
        return False  # "scales inference": a verb or a plural, not a modifier
    if re.fullmatch(r"\d+", w):
        return False
    return not (lw.endswith(("ing", "ed")) and "-" not in lw and lw not in _NOUN_ING)


def _family(key: str) -> str | None:
    """The family of a versioned name key: "gpt4o" -> "gpt", "llama318b" -> "llama"."""
    m = re.match(r"([a-z]{3,})\d", key)
    return m.group(1) if m else None


class _Sent(NamedTuple):
    start_char: int
    end_char: int


def _sentences(doc: Doc, text: str) -> list[_Sent]:
    """Sentence char spans, read from arrays (``doc.sents`` builds a Span per sentence)."""
    arr = doc.to_array([SENT_START, IDX])
    starts = [int(idx) for flag, idx in arr.tolist() if flag == 1] or [0]
    starts[0] = 0
    ends = [*starts[1:], len(text)]
    return [_Sent(s, e) for s, e in zip(starts, ends, strict=True)]


@dataclass(slots=True)
class Candidate:
    start: int
    end: int
    text: str
    strength: str  # "strong" (name shape), "title" (Title Case run), "cap" (one capitalised word)
    label: EntityType | None = None  # from the gazetteer
    long: str | None = None  # long form, when this is a defined abbreviation
    long_span: tuple[int, int] | None = None
    role: Role | None = None
    type: EntityType | None = None
    confidence: float = 0.0
    cues: set[str] = field(default_factory=set)
    sure: bool = False  # typed by a list, a definition or a shape that says it (not by context)


@Language.factory("kg_gazetteer", default_config={"gazetteers": []})
def make_gazetteer(nlp: Language, name: str, gazetteers: list[str]) -> KGGazetteer:
    return KGGazetteer(nlp, [Path(p) for p in gazetteers])


class KGGazetteer:
    """Marks known names. Short all-capital patterns (ARC, MUSE) match case-sensitively, the
    rest on lower-cased text, so "transformer" finds "Transformers" via the plural pattern."""

    def __init__(self, nlp: Language, gazetteers: Sequence[Path] = ()) -> None:
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.labels: dict[str, EntityType] = {}
        exact: dict[str, list[Doc]] = {}
        lower: dict[str, list[Doc]] = {}
        for entry in all_gazetteer_entries(gazetteers):
            key = name_key(entry.pattern)
            self.labels.setdefault(key, entry.label)
            # all capitals match as written: "REINFORCE" is not "reinforce"
            case_sensitive = entry.pattern.isupper()
            forms = [entry.pattern]
            if (
                not case_sensitive
                and entry.pattern[-1].isalpha()
                and not entry.pattern.endswith("s")
            ):
                forms.append(entry.pattern + "s")
            target = exact if case_sensitive else lower
            target.setdefault(entry.label.value, []).extend(nlp.make_doc(f) for f in forms)
        for label, docs in exact.items():
            self.exact.add(label, docs)
        for label, docs in lower.items():
            self.lower.add(label, docs)

    def __call__(self, doc: Doc) -> Doc:
        spans = [Span(doc, s, e, label=m) for m, s, e in self.exact(doc)]
        spans += [Span(doc, s, e, label=m) for m, s, e in self.lower(doc)]
        doc.spans["kg_gazetteer"] = spans
        return doc


@Language.factory("kg_entities", default_config={"max_tasks": 3})
def make_entities(nlp: Language, name: str, max_tasks: int) -> KGEntities:
    return KGEntities(nlp, max_tasks=max_tasks)


class KGEntities:
    def __init__(self, nlp: Language, *, max_tasks: int = 3) -> None:
        self.nlp = nlp
        self.matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
        for kind, phrases in triggers().items():
            self.matcher.add(kind, [Doc(nlp.vocab, words=phrase) for phrase in phrases])
        self.max_tasks = max_tasks
        self._family_labels: dict[str, EntityType] | None = None
        h = heads()
        self.method_heads = h["method"]
        self.method_cues = _METHOD_CUE_WORDS | self.method_heads
        self.data_heads = h["data"]
        self.task_heads = h["task"]
        self.fields = frozenset(name_key(f) for f in h["field"])
        self.generic = generic_keys()
        self.metrics = metric_keys()
        task_alt = "|".join(sorted((re.escape(w) for w in self.task_heads), key=len, reverse=True))
        self.task_re = re.compile(r"(?<![\w\-])(" + task_alt + r")\b", re.I)

    # --- helpers -------------------------------------------------------------------------
    def _gazetteer_keys(self) -> dict[str, EntityType]:
        """Name key → label of every gazetteer entry, to type shape candidates ("ImageNet-1K")."""
        if "kg_gazetteer" in self.nlp.pipe_names:
            gazetteer: Any = self.nlp.get_pipe("kg_gazetteer")
            return gazetteer.labels
        return {}

    def _families(self) -> dict[str, EntityType]:
        """Versioned gazetteer names by family: "gpt" -> Method (GPT-2, GPT-4o), "cifar" ->
        Dataset, so a new version ("GPT-5") is typed like its family. A family with two types
        is left out."""
        if self._family_labels is None:
            labels: dict[str, set[EntityType]] = {}
            for key, label in self._gazetteer_keys().items():
                fam = _family(key)
                if fam:
                    labels.setdefault(fam, set()).add(label)
            self._family_labels = {f: next(iter(t)) for f, t in labels.items() if len(t) == 1}
        return self._family_labels

    def _is_rejected(self, text: str) -> bool:
        key = name_key(text)
        return (
            len(key) < 2
            or key in self.generic
            or key in self.metrics
            or bool(_UNIT_RE.fullmatch(text))
            or bool(_MATH_LEFTOVER_RE.match(text))
            or text[:4].lower() == "non-"  # "non-BP learning": what a method is not
            or bool(_NOT_A_NAME_RE.search(text))
            or (  # "FOCS 2023", "Nvidia 3090": a generic word and a number
                " " in text
                and name_key(text.split()[0]) in self.generic
                and all(re.fullmatch(r"[\d.]+[A-Za-z]?", w) for w in text.split()[1:])
            )
        )

    def _head(self, phrase: str) -> str:
        return phrase.rsplit(" ", 1)[-1].lower().rsplit("-", 1)[-1] if phrase else ""

    def _type_from_head(self, phrase: str) -> EntityType | None:
        head = self._head(phrase)
        full = phrase.lower()
        if head in self.data_heads or full.endswith("data set"):
            return EntityType.BENCHMARK if "bench" in full else EntityType.DATASET
        if name_key(phrase) in self.fields:
            return None
        if head in ("problem", "problems"):
            return EntityType.TASK  # "minimal labeling problem (MLP)"
        if head in self.method_heads:
            titled = sum(w[:1].isupper() for w in phrase.split()) >= max(1, len(phrase.split()) - 1)
            if titled or head not in self.task_heads:
                return EntityType.METHOD
            return EntityType.TASK
        if head in self.task_heads:
            return EntityType.TASK
        return None

    # --- the component -------------------------------------------------------------------
    def __call__(self, doc: Doc) -> Doc:
        text = doc.text  # joins every token: read it once per doc
        sents = _sentences(doc, text)
        sent_starts = [s.start_char for s in sents]

        def sent_of(char: int) -> _Sent:
            return sents[max(0, bisect.bisect_right(sent_starts, char) - 1)]

        blocked = [(m.start(), m.end()) for m in _URL_RE.finditer(text)]

        def in_url(pos: int) -> bool:
            return any(a <= pos < b for a, b in blocked)

        # triggers, as char spans per kind
        trig: dict[str, list[tuple[int, int]]] = {"propose": [], "data": [], "compare": []}
        strings = doc.vocab.strings
        for match_id, s, e in self.matcher(doc):
            last = doc[e - 1]
            trig[strings[match_id]].append((doc[s].idx, last.idx + len(last)))
        for spans in trig.values():
            spans.sort()

        gaz_label: dict[tuple[int, int], EntityType] = {}
        for span in doc.spans.get("kg_gazetteer", []):
            gaz_label[(span.start_char, span.end_char)] = EntityType(span.label_)
        gaz_keys = self._gazetteer_keys()

        cands = self._name_candidates(text, sent_starts, in_url)
        # gazetteer spans that are not already candidates (lower-case methods, tasks)
        for (s, e), label in sorted(gaz_label.items(), key=lambda kv: kv[0][0] - kv[0][1]):
            overlapping = [c for c in cands if c.start < e and s < c.end]
            if any(c.end - c.start >= e - s for c in overlapping):
                continue
            cands = [c for c in cands if c not in overlapping]
            cands.append(Candidate(s, e, text[s:e], "gazetteer", label=label))
        for c in cands:
            if c.label is None:
                key = name_key(c.text)
                c.label = (
                    gaz_keys.get(key)
                    or self._families().get(_family(key) or "")
                    or (
                        self._families().get(name_key(c.text.split("-")[0]))
                        if "-" in c.text
                        else None
                    )
                )
        cands += self._proposed_phrases(text, trig["propose"], cands)

        # abbreviations: attach long forms to the short-form candidate
        by_span = {(c.start, c.end): c for c in cands}
        abbrevs = []
        for sent in sents:
            abbrevs += find_abbreviations(text, sent.start_char, sent.end_char)
        long_of: dict[str, tuple[str, tuple[int, int]]] = {}
        for ab in abbrevs:
            if in_url(ab.short_start) or self._is_rejected(ab.long):
                for other in cands:  # "Large Language Models (LLMs)": neither part is an entity
                    if ab.long_start <= other.start < ab.long_end or other.start == ab.short_start:
                        other.strength = "part"
                continue
            found = by_span.get((ab.short_start, ab.short_end))
            if found is None:
                found = Candidate(ab.short_start, ab.short_end, ab.short, "strong")
                cands.append(found)
                by_span[(found.start, found.end)] = found
            c = found
            long_start = ab.long_start
            # a name run that starts before the shortest long form and ends inside it is the
            # long form: "[Multimodal In-Context Learning] (ICL)"
            for other in cands:
                if other is not c and other.start < long_start < other.end <= ab.long_end:
                    long_start = other.start
            long = text[long_start : ab.long_end]
            c.long, c.long_span = long, (long_start, ab.long_end)
            long_of.setdefault(name_key(ab.short), (long, (long_start, ab.long_end)))
            # a candidate covering the long form is the same thing, not another entity
            for other in cands:
                if other is not c and long_start <= other.start and other.end <= ab.long_end:
                    other.strength = "part"
                    if (
                        other.label
                        and not c.label
                        and (other.start, other.end) == (long_start, ab.long_end)
                    ):
                        c.label = other.label  # not from a part: "enhanced [matrix completion]"
        for c in cands:
            if c.long is None and name_key(c.text) in long_of:
                c.long, c.long_span = long_of[name_key(c.text)]

        cands = [c for c in cands if c.strength != "part"]
        cands.sort(key=lambda c: c.start)
        counts = Counter(name_key(c.text) for c in cands)
        # "(QKT)" that defines nothing: a symbol local to this abstract
        defined = {ab.short_start for ab in abbrevs}
        local = {
            name_key(c.text)
            for c in cands
            if c.long is None
            and c.start not in defined
            and text[c.start - 1 : c.start] == "("
            and text[c.end : c.end + 1] == ")"
            and c.strength == "strong"
        }
        for c in cands:
            self._decide(c, text, sent_of(c.start), trig, cands, counts[name_key(c.text)], local)

        self._type_lists(text, cands)
        cands += self._compared_phrases(text, trig["compare"], cands)
        cands += self._cited_methods(text, cands)
        mentions = [self._as_mention(c, text, sent_of(c.start)) for c in cands if c.type]
        mentions += self._tasks(doc, text, sents, cands, abbrevs)
        doc._.kg_mentions = mentions
        return doc

    def _name_candidates(self, text: str, sent_starts: list[int], in_url) -> list[Candidate]:
        """Runs of name-like words joined by single spaces: "Gemini 2.5 Flash Image"."""
        runs: list[list[tuple[int, int, str]]] = []
        based: set[int] = set()
        for m in _WORD_RE.finditer(text):
            s, e = m.span()
            word = m.group()
            suffix = _SUFFIX_RE.search(word)
            if suffix and suffix.start() > 0:  # "PC-inspired" -> "PC", a method cue
                word, e = word[: suffix.start()], s + suffix.start()
                based.add(s)
            if _STRONG_RE.search(word) and not _UNIT_RE.fullmatch(word):
                kind = "strong"
            elif _CAP_RE.match(word):
                kind = "cap"
            elif runs and _VERSION_RE.fullmatch(word) and runs[-1][-1][1] == s - 1:
                kind = "num"
            else:
                continue
            if in_url(s) or text[e : e + 1] in _ACCENTS:
                continue  # "Lov´asz": a PDF split the word at an accent
            if (
                runs
                and runs[-1][-1][1] == s - 1
                and text[s - 1] == " "
                and not (
                    s in sent_starts
                    or (kind == "strong" and runs[-1][-1][2] == "strong" and word.endswith("s"))
                )
            ):
                runs[-1].append((s, e, kind))
            else:
                runs.append([(s, e, kind)])
        out = []
        for run in runs:
            # trim stop words ("The", "Across", "We") and trailing version-less junk
            while run and text[run[0][0] : run[0][1]].lower() in _LEADING_STOP:
                run = run[1:]
            if (
                len(run) > 1
                and run[0][0] in sent_starts
                and text[run[0][0] : run[0][1]].endswith("ing")
                and not text[run[0][0] : run[0][1]].isupper()
            ):
                run = run[1:]  # "Generating OOPs is fast": a gerund opens the sentence
            while run and (
                (run[-1][2] == "num" and len(run) == 1)
                or text[run[-1][0] : run[-1][1]].lower() in _LEADING_STOP
            ):
                run = run[:-1]
            if not run:
                continue
            s, e = run[0][0], run[-1][1]
            kinds = {k for _, _, k in run}
            phrase = text[s:e]
            if "strong" in kinds:
                strength = "strong"
            elif len(run) > 1:
                strength = "title"
            else:
                strength = "cap"
            opener = text[s:e].lower()
            if strength in ("cap", "title") and not (
                strength == "cap"
                and s in sent_starts
                and (opener in _VAGUE_FIRST or opener in _LEADING_STOP or opener.endswith("ly"))
            ):  # "Deep networks ...", "High network cost ...": an opening capital says little
                ext = _EPONYM_HEAD_RE.match(text, e)
                if ext:  # "Laplace approximation", "Gibbs sampling", "Hopfield networks"
                    e, phrase, strength = ext.end(), text[s : ext.end()], "title"
            if strength == "cap" and s in sent_starts:
                continue  # "However", "Sparse": every sentence starts with a capital
            if _CITATION_AFTER_RE.match(text, e) or (
                text[max(0, s - 1) : s] == "(" and re.match(r"\s*(?:19|20)\d\d", text[e:])
            ):
                continue
            if self._is_rejected(phrase):
                continue
            out.append(
                Candidate(
                    s,
                    e,
                    phrase,
                    strength,
                    cues={"based"} if e == run[-1][1] and run[-1][0] in based else set(),
                )
            )
        return out

    def _decide(
        self,
        c: Candidate,
        text: str,
        sent: _Sent,
        trig,
        cands: list[Candidate],
        count: int,
        local: set[str],
    ) -> None:
        """Type, role and confidence of one candidate from its shape and its context."""
        s0, s1 = sent.start_char, sent.end_char
        before = text[s0 : c.start]
        after_start = c.long_span[1] + 1 if c.long_span and c.long_span[0] > c.start else c.end
        after = text[after_start:s1]
        sentence = text[s0:s1]

        # proposal: a propose trigger right before (≤ 4 lower-case words), or just before the
        # long form of this abbreviation
        anchor = min(c.start, c.long_span[0]) if c.long_span else c.start
        for ts, te in trig["propose"]:
            if s0 <= ts and te <= anchor and text[ts - 1 : ts] != "-":  # not "so-called"
                gap = text[te:anchor]
                if _PROPOSE_GAP_RE.fullmatch(gap) and not any(
                    o is not c and te <= o.start < anchor and o.strength in ("strong", "title")
                    for o in cands
                ):
                    c.cues.add("propose")
        # a known name that only modifies the proposed thing is used, not proposed:
        # "we propose a confidence-aware flow matching objective"
        if (
            "propose" in c.cues
            and c.label is not None
            and not c.long
            and re.match(r"\s+[a-z][\w\-]*", text[c.end : s1])
            and not re.match(
                r"\s+(?:that|which|to|for|with|as|and|or|in|on|by)\b", text[c.end : s1]
            )
        ):
            c.cues.discard("propose")
        # passive: "A Greedy Direction Method (GDMM) algorithm is proposed to ..."
        if (
            c.label is None
            and (c.long or c.strength == "strong")
            and _SUBJECT_RE.fullmatch(text, s0, anchor)
            and _PASSIVE_PROPOSE_RE.match(text, after_start, s1)
        ):
            c.cues.add("propose")
        # "called A (...) and B (...)": the second name is proposed too
        prev = next((o for o in reversed(cands) if o.end <= c.start and o.start >= s0), None)
        if (
            prev is not None
            and c.long is not None
            and "propose" in prev.cues
            and re.fullmatch(r"\)?\s*(?:\([^()]*\))?\s*,?\s*(?:and|or)\s+", text[prev.end : anchor])
        ):
            c.cues.add("propose")
        # appositive: "X, a large-scale benchmark ..." / "X, a novel method ..."
        appos = re.match(
            r"\)?\s*(?:\([^)]*\))?\s*,\s*(?:a|an|the)\s+((?:[\w\-]+\s+){0,5}[\w\-]+)\b", after
        )
        appos_type = None
        if appos:
            words = appos.group(1).lower().split()
            for w in words:
                if w in self.data_heads:
                    appos_type = EntityType.BENCHMARK if "bench" in w else EntityType.DATASET
                    break
                if w in self.method_heads or w in _METHOD_CUE_WORDS:
                    appos_type = EntityType.METHOD
                    break

        # data: a list right after "on", "across", "such as" ..., or a data noun right after
        data_ctx = method_ctx = False
        list_tail = _LIST_TAIL_RE.match(text[c.end : s1])
        # "the Buffy dataset", "the LSP and FLIC datasets" (not "of Dalal and Triggs and the
        # PASCAL VOC dataset", not "stochastic Markovian environments")
        named_data = bool(
            list_tail
            and list_tail.group(2) in self.data_heads
            and not list_tail.group(1)
            and _NAMED_DATA_RE.fullmatch(text, c.end, list_tail.start(2) + c.end)
            and _NAMED_DATA_LEAD_RE.search(text, max(s0, c.start - 12), c.start)
        )
        if (list_tail and list_tail.group(2) in self.data_heads) or (
            list_tail
            and list_tail.group(2) in ("tasks", "task")
            and c.strength == "strong"
            and not list_tail.group(1)
        ):
            data_ctx = True
        trig_kind = self._list_trigger(c, text, s0, trig, cands)
        if trig_kind:
            kind, ts = trig_kind
            lead = text[max(s0, ts - 70) : ts].lower().split()[-8:]
            if kind == "datalist":
                data_ctx = True
            elif kind in ("on", "across"):
                if _EVAL_CUE_RE.search(sentence):
                    data_ctx = True
            elif kind == "list":
                if any(w.strip(",(") in self.data_heads for w in lead):
                    data_ctx = True
                elif any(w.strip(",(") in _METHOD_CUE_WORDS for w in lead):
                    method_ctx = True
            elif kind == "compare":
                # "via X", "using X" say less than "outperforms X": enough for a name-shaped
                # word, not for a plain capitalised one ("via Lorentz geodesic distance")
                weak = text[ts : ts + 12].lower().startswith(_WEAK_COMPARE)
                method_ctx = not weak or c.strength == "strong"
        if re.search(
            r"\b(?:than|over|outperform\w*|surpass\w*|compared (?:with|to)|unlike|versus|vs\.?)"
            r"\s+(?:the\s+|[a-z\-]+\s+){0,2}$",
            before,
        ):
            method_ctx = True
        if "based" in c.cues and c.strength == "strong":
            method_ctx = True
        if re.match(
            r"\s+(?:baselines?|variants?|kernels?|architectures?|backbones?|layers?|models?|solvers?|algorithms?|encoders?|networks?)\b",
            text[c.end : s1],
        ):
            method_ctx = True

        if re.match(r"\s+(?:accuracy|scores?|f1|error|rate|metric)\b", text[c.end : s1], re.I):
            return  # "OCR accuracy": the name of a measurement
        if (
            c.strength == "strong"
            and not (c.label or c.long or c.cues or data_ctx or method_ctx)
            and count == 1
            and re.fullmatch(r"[A-Z][A-Z\-]*s?", c.text)
        ) or (name_key(c.text) in local and not (c.label or c.cues or data_ctx)):
            return  # a lone all-capital word with nothing around it: too often a local shorthand

        # type: the gazetteer, then what the text says about the name, then its shape
        t: EntityType | None = c.label
        long_type = self._type_from_head(c.long) if c.long else None
        proposed = "propose" in c.cues
        if t is None and c.long and name_key(c.long) in self.fields:
            return  # "reinforcement learning (RL)": a field, not a method
        if t is None:
            head_type = self._type_from_head(c.text) if " " in c.text else None
            if appos_type is not None:
                t = appos_type
            elif _BENCH_NAME_RE.search(c.text):
                t = EntityType.BENCHMARK  # "LongBench", "SWE-bench", "ChatArena"
            elif c.long and long_type in (EntityType.DATASET, EntityType.BENCHMARK):
                t = long_type
            elif proposed or _MODEL_SIZE_RE.search(c.text):
                t = EntityType.METHOD
            elif head_type is EntityType.TASK or (c.long and long_type is EntityType.TASK):
                return  # "Temporal Action Localization": task phrases are ranked in _tasks
            elif head_type is EntityType.METHOD:
                t = EntityType.METHOD
            elif data_ctx and not method_ctx and (c.strength != "cap" or named_data):
                t = EntityType.DATASET
            elif c.long:
                t = long_type or (EntityType.METHOD if method_ctx else None)
            elif c.strength == "strong" or (c.strength in ("title", "cap") and method_ctx):
                t = EntityType.METHOD
        elif t is EntityType.TASK:
            return
        if t is None or t is EntityType.METRIC or t is EntityType.TASK:
            return
        c.type = t
        c.sure = bool(
            c.label
            or appos_type
            or c.long
            or _MODEL_SIZE_RE.search(c.text)
            or _BENCH_NAME_RE.search(c.text)
        )

        # role and confidence
        base = {"strong": 0.6, "title": 0.55, "cap": 0.5, "gazetteer": 0.7, "lower": 0.5}[
            c.strength
        ]
        if c.label:
            base = max(base, 0.8)
        if "propose" in c.cues and t is EntityType.METHOD:
            c.role, c.confidence = Role.PROPOSED, 0.9
        elif t in (EntityType.DATASET, EntityType.BENCHMARK):
            c.role, c.confidence = Role.EVALUATED_ON, base + (0.2 if data_ctx else 0.0)
        else:
            c.role, c.confidence = Role.USES, base + (0.15 if method_ctx or c.long else 0.0)
        c.confidence = round(min(c.confidence, 0.95), 2)

    def _type_lists(self, text: str, cands: list[Candidate]) -> None:
        """Names in one coordinated list ("on X, Y and Z") are one kind of thing: a name typed
        only by its context takes the type of the known names (gazetteer, definition, model
        size) beside it, when they agree and are at least half the list: "on Llama-2-7B and
        Foo" makes Foo a model."""
        typed = [c for c in cands if c.type]
        groups: list[list[Candidate]] = []
        for prev, c in zip([None, *typed], typed, strict=False):
            if prev is not None and _LIST_JOIN_RE.fullmatch(text, prev.end, c.start):
                groups[-1].append(c)
            else:
                groups.append([c])
        for group in groups:
            if len(group) < 2:
                continue
            sure = [_KIND[c.type] for c in group if c.sure and c.type]
            known = set(sure)
            if len(known) != 1 or 2 * len(sure) < len(group):
                continue  # "CART, ID3, C4, MARS": one known name is no majority
            kind = known.pop()
            for c in group:
                if c.sure or c.role is Role.PROPOSED or c.type is None or _KIND[c.type] == kind:
                    continue
                if kind == "method":
                    c.type, c.role = EntityType.METHOD, Role.USES
                else:
                    c.type, c.role = EntityType.DATASET, Role.EVALUATED_ON

    def _list_trigger(
        self, c: Candidate, text: str, s0: int, trig, cands: list[Candidate]
    ) -> tuple[str, int] | None:
        """What heads the list this candidate stands in ("on X, Y and Z", "such as X"):
        ("on" | "list" | "datalist" | "compare", start of the trigger) or None."""
        pos = c.start
        ends = {o.end: o for o in cands if s0 <= o.start < c.start}
        # walk left over list items: names, or one lower-case word ("IOI, arithmetic, MMLU")
        for _ in range(10):
            m = _LIST_SEP_RE.search(text, s0, pos)
            if not m:
                break
            if "(" in m.group() or ":" in m.group():
                noun = re.search(r"([a-z][\w\-]*)\s*$", text[s0 : m.start()])
                if noun and noun.group(1) in self.data_heads:
                    return "datalist", s0 + noun.start(1)
                pos = m.start()
                break
            prev = ends.get(m.start())
            if prev is not None:
                pos = prev.start
                continue
            w = re.search(r"(?<![\w\-])([a-z][\w\-]*)$", text[s0 : m.start()])
            if w and w.group(1) not in ("and", "or"):
                pos = s0 + w.start(1)
                continue
            break
        # the last trigger before the list, with at most two modifier words in between
        best: tuple[str, int] | None = None
        for kind in ("data", "compare"):
            for ts, te in trig[kind]:
                if s0 <= ts and te <= pos and _GAP_RE.fullmatch(text, te, pos):
                    word = text[ts:te].lower()
                    if kind == "data" and word in ("on", "across"):
                        label = "on"
                    elif word in (
                        "including",
                        "include",
                        "includes",
                        "such as",
                        "e.g.",
                        "e.g.,",
                        "like",
                    ):
                        label = "list"
                    elif kind == "data":
                        label = "datalist"  # "datasets X and Y"
                    else:
                        label = "compare"
                    if best is None or ts > best[1]:
                        best = (label, ts)
        return best

    def _as_mention(self, c: Candidate, text: str, sent: _Sent) -> dict:
        # markdown bold left inside words: "con**T**extualized" -> "conTextualized"
        long = c.long.replace("**", "") if c.long else None
        name, aliases = c.text.replace("**", ""), [long] if long else []
        if long and sum(w[:1].isupper() for w in long.split()) < len(long.split()) / 2:
            name, aliases = long, [name]  # "flow matching models (FMs)": the words say more
        return {
            "name": name,
            "type": c.type.value if c.type else None,
            "role": c.role.value if c.role else None,
            "confidence": c.confidence,
            "aliases": aliases,
            "start": c.start,
            "end": c.end,
            "sent_start": sent.start_char,
            "sent_end": sent.end_char,
        }

    def _modifiers(self, text: str, pos: int) -> tuple[list[str], int]:
        """The noun-modifier words right before `pos` (at most three) and where they start:
        "... improve [text-to-image] (T2I) generation" -> ["text-to-image"]."""
        mods = text[max(0, pos - 60) : pos].split()[-4:]
        if mods and re.fullmatch(r"\([^()\s]{1,12}\)", mods[-1]):
            mods.pop()  # "text-to-image (T2I) generation"
        if pos >= 60 and mods:
            mods = mods[1:] if len(mods) == 4 else mods  # the first may be cut
        mods = mods[-3:]
        if not mods or text[pos - 1 : pos] != " ":
            return [], pos
        kept: list[str] = []
        for w in reversed(mods):
            if not _is_modifier(w):
                break
            kept.insert(0, w)
        if not kept:
            return [], pos
        start = text.rfind(kept[0], max(0, pos - 60), pos)
        if re.search(r"(?:-|\(cid:\d+\))\s$", text[max(0, start - 12) : start]):
            return [], pos  # "maxi- mum clique", "maxi(cid:173) mum": a word broken at a line end
        return kept, start

    def _compared_phrases(
        self,
        text: str,
        compare: list[tuple[int, int]],
        cands: list[Candidate],
    ) -> list[Candidate]:
        """Lower-case technique names ending in a technique noun ("... attention", "...
        operators", "... regression") right after a comparison or use cue, also as a list
        ("compared with linear attention and state space models", "unlike neural operators")."""
        out: list[Candidate] = []
        cues = [(ts, te) for ts, te in compare if text[ts:te].lower() in _TECH_CUES]
        cues += [m.span() for m in _USE_VERB_RE.finditer(text)]
        for ts, te in sorted(cues):
            cue = text[ts:te].lower()
            lead = re.search(r"([A-Za-z][\w\-]*)[\s,(]*$", text[max(0, ts - 40) : ts])
            if cue in _LIST_CUES and not (lead and lead.group(1).lower() in self.method_cues):
                continue  # "graph data, such as social networks": only "methods such as X"
            pos = te
            for _ in range(3):  # "such as A, B and C"
                m = _TECH_PHRASE_RE.match(text, pos)
                c = self._tech_candidate(text, m.start(1), m.end(1), cands) if m else None
                if m is None or c is None:
                    break
                out.append(c)
                nxt = _NEXT_ITEM_RE.match(text, m.end(1))
                if nxt is None:
                    break
                pos = nxt.end() - 1
        return out

    def _tech_candidate(
        self, text: str, start: int, end: int, cands: list[Candidate]
    ) -> Candidate | None:
        """The technique name in text[start:end] without vague leading words ("end-to-end
        neural operators" -> "neural operators"), or None when nothing specific is left."""
        words = text[start:end].split()
        while len(words) > 2 and words[0].lower() in _VAGUE_FIRST:
            start = text.index(words[1], start + len(words[0]))
            words = words[1:]
        phrase = text[start:end]
        if (
            words[0].lower() in _VAGUE_FIRST
            or not all(_is_tech_modifier(w) for w in words[:-1])
            or name_key(phrase) in self.generic
            or name_key(phrase) in self.fields
            or any(c.start < end and start < c.end for c in cands)
        ):
            return None
        c = Candidate(start, end, phrase, "lower", type=EntityType.METHOD)
        c.role, c.confidence = Role.USES, 0.6
        return c

    def _cited_methods(self, text: str, cands: list[Candidate]) -> list[Candidate]:
        """A lower-case technique name right before a citation is someone's method:
        "extending structural causal models (Pearl 2009)", "score matching [3]"."""
        out: list[Candidate] = []
        for cite in _CITATION_RE.finditer(text):
            m = _WORD_BEFORE_RE.search(text, max(0, cite.start() - 40), cite.start())
            if (
                m is None
                or not m.group(1).islower()
                or self._head(m.group(1)) not in (self.method_heads)
            ):
                continue
            kept, start = self._modifiers(text, m.start(1))
            if not kept:
                kept, start = [], m.start(1)
            phrase = text[start : m.end(1)]
            key = name_key(phrase)
            if (
                (not kept and "-" not in phrase)
                or key in self.generic
                or key in self.fields
                or any(c.type and c.start < m.end(1) and start < c.end for c in cands)
            ):
                continue
            c = Candidate(start, m.end(1), phrase, "lower", type=EntityType.METHOD)
            c.role, c.confidence = Role.USES, 0.65
            out.append(c)
        return out

    def _proposed_phrases(
        self, text: str, propose: list[tuple[int, int]], cands: list[Candidate]
    ) -> list[Candidate]:
        """A lower-case name right after a proposal cue, with no article, ended by a comma or a
        clause: "We develop relational structural causal models, extending ...",
        "We introduce query circuits, which ..."."""
        out = []
        for ts, te in propose:
            m = _BARE_NP_RE.match(text, te)
            if not m or text[ts - 1 : ts] == "-":  # not "so-called"
                continue
            words = m.group(1).split()
            # "which we call order parameters": naming cues also name concepts, so the head
            # must be a method noun; "we introduce query circuits" may end in any plural
            naming = _NAMING_CUE_RE.search(text, ts, te) is not None
            if (
                not all(_is_modifier(w) for w in words[:-1])
                or words[-1].lower() in _NOT_PROPOSED_HEADS
                or (words[-1].lower() in _METHOD_CUE_WORDS and len(words) < 3)
                or not (words[-1] in self.method_heads or (not naming and _is_head_noun(words[-1])))
            ):
                continue
            start, end = m.span(1)
            if name_key(m.group(1)) in self.generic or any(
                c.start < end and start < c.end for c in cands
            ):
                continue
            out.append(Candidate(start, end, m.group(1), "lower", cues={"propose"}))
        return out

    def _task_spans(
        self, text: str, sents: list[_Sent], abbrevs
    ) -> list[tuple[int, int, str, float]]:
        """Task phrase candidates (start, end, phrase, bonus) from five patterns:
        a task head noun with its modifiers ("semantic image segmentation"); a noun phrase
        before "problem/task" ("the off-policy evaluation problem"); after "problem/task of"
        ("the task of rank aggregation"); the subject of "X is a fundamental problem"; a
        defined abbreviation of a task or field as the head ("offline RL")."""
        spans: dict[tuple[int, int], tuple[str, float]] = {}

        def add(start: int, end: int, phrase: str, bonus: float) -> None:
            old = spans.get((start, end))
            if old is None or old[1] < bonus:
                spans[(start, end)] = (phrase, bonus)

        for m in self.task_re.finditer(text):
            kept, start = self._modifiers(text, m.start())
            if kept:
                add(start, m.end(1), " ".join([*kept, m.group(1)]), 0.0)
            elif m.group(1) in _LONE_HEADS and _LONE_HEAD_AFTER_RE.match(text, m.end(1)):
                add(m.start(1), m.end(1), m.group(1), 0.0)  # "a novel unlearning framework"
        # "the off-policy evaluation problem": the head is any noun right before
        for p in _PROBLEM_AFTER_RE.finditer(text):
            before = _WORD_BEFORE_RE.search(text, max(0, p.start() - 40), p.start())
            if before is None:
                continue
            m = before
            head = m.group(1)
            if (
                not _is_modifier(head)
                or head.lower() in _PROBLEM_HEAD_STOP
                or head.lower().endswith(_ADJECTIVE_ENDINGS)
            ):
                continue
            kept, start = self._modifiers(text, m.start(1))
            if kept:
                add(start, m.end(1), " ".join([*kept, head]), 0.0)
        # "the problem of rank aggregation", "the task of semantic labeling"
        for m in _PROBLEM_OF_RE.finditer(text):
            words = []
            for w in m.group(1).split():
                if not _is_modifier(w) or w.lower() in _PROBLEM_OF_STOP:
                    break
                words.append(w)
            if not words or words[0].lower() in _GERUND_NOUN:
                continue  # "the problem of clustering image patches": the gerund pattern's
            phrase = " ".join(words)
            nxt = re.match(r"\s*([A-Za-z(][\w\-:]*)", text[m.start(1) + len(phrase) :])
            if nxt and nxt.group(1).lower() not in _NP_BOUNDARY | {"of"}:
                continue  # the noun phrase goes on
            if len(words) >= 2 or "-" in words[0]:
                add(m.start(1), m.start(1) + len(phrase), phrase, 1.0)
        # "Estimating heterogeneous treatment effects is central to ...", "the problem of
        # estimating X", "we study learning X": the gerund's noun names the task
        for m in _GERUND_TASK_RE.finditer(text):
            noun = _GERUND_NOUN.get(m.group(1).lower())
            if noun is None:
                continue
            words = []
            for w in m.group(2).split():
                if w.lower() in _TASK_STOP or w.lower() in _TASK_VERBS:
                    break
                if not _is_modifier(w):
                    if _is_head_noun(w):
                        words.append(_singular(w))
                    break
                words.append(w)
            if not words or any(len(w) < 2 or w.endswith("-") for w in words):
                continue
            last = _WORD_CHARS_RE.match(text, text.find(words[-1][:-1], m.start(2)))
            end = last.end() if last else m.end(2)
            nxt = re.match(r"\s*([A-Za-z(][\w\-:]*)", text[end : end + 30])
            if text[end : end + 1] in ("'", "\u2019") or (
                nxt and nxt.group(1).lower() not in _NP_BOUNDARY
            ):
                continue  # the noun phrase goes on: "learning [node] embeddings"
            add(m.start(1), end, " ".join([*words, noun]), 1.0)
        # "a phenomenon known as mode collapse", "a problem called catastrophic forgetting"
        for m in _KNOWN_AS_RE.finditer(text):
            words = []
            for w in m.group(1).split():
                lw = w.lower()
                if lw in _NP_BOUNDARY or lw in _TASK_STOP or lw in _TASK_VERBS or lw == "of":
                    break
                if not w.islower() or not _TASK_WORD_RE.fullmatch(w):
                    words = []
                    break
                words.append(w)
            if 1 <= len(words) <= 4:
                phrase = " ".join(words)
                add(m.start(1), m.start(1) + len(phrase), phrase, 1.0)
        # "Matrix completion is a fundamental problem in ..."
        for sent in sents:
            subject = _IS_A_PROBLEM_RE.match(text, sent.start_char, sent.end_char)
            if subject:
                m = subject
                phrase = m.group(1)
                words = phrase.split()
                if (
                    all(_is_modifier(w) or w == "of" for w in words[:-1])
                    and (_is_modifier(words[-1]) or _is_head_noun(words[-1]))
                    and words[0] != "of"
                ):
                    add(m.start(1), m.end(1), phrase, 1.5)
        # "offline RL" when "reinforcement learning (RL)" is defined here
        for ab in abbrevs:
            if self._head(ab.long) not in self.task_heads or not ab.short.isupper():
                continue
            for m in re.finditer(r"(?<![\w\-(])" + re.escape(ab.short) + r"\b", text):
                kept, start = self._modifiers(text, m.start())
                if kept and m.start() != ab.short_start:
                    add(start, m.end(), " ".join([*kept, ab.short]), 0.0)
        return [(s, e, phrase, bonus) for (s, e), (phrase, bonus) in spans.items()]

    def _tasks(self, doc: Doc, text: str, sents, cands, abbrevs) -> list[dict]:
        """Task phrases ("3D shape generation"), ranked; the best `max_tasks` are kept."""
        scored: dict[str, list] = {}
        first_end = sents[1].start_char if len(sents) > 1 else len(text)
        second_end = sents[2].start_char if len(sents) > 2 else len(text)
        abbrev_long = {(a.long_start, a.long_end): a for a in abbrevs}
        gaz_tasks = [
            (sp.start_char, sp.end_char)
            for sp in doc.spans.get("kg_gazetteer", [])
            if sp.label_ == EntityType.TASK.value
        ]

        def gaz_task(start: int, end: int) -> bool:
            return any(gs <= start < ge or start <= gs < end for gs, ge in gaz_tasks)

        for start, end, phrase, bonus in self._task_spans(text, sents, abbrevs):
            if _MEASURE_AFTER_RE.match(text, end):
                continue  # "detection rates", "parsing time": about the task, not the task
            if _EXAMPLE_BEFORE_RE.search(text, max(0, start - 80), start):
                continue  # "circuits (e.g., object identification)": an example, not the task
            if any(
                c.type
                and (
                    (c.start < end and start < c.end)
                    or (c.long_span and c.long_span[0] < end and start < c.long_span[1])
                )
                and not (c.long and self._type_from_head(c.long) is EntityType.TASK)
                for c in cands
            ):
                continue
            key = phrase.lower()
            if name_key(phrase) in self.generic:
                continue
            score = 0.0
            if start < first_end:
                score += 1.5
            elif start < second_end:
                score += 0.75
            follow = text[end : end + 12].lower()
            if re.match(
                r"\s*(?:\([^)]*\)\s*)?(?:tasks?|problems?|settings?|benchmarks?)\b", follow
            ):
                score += 1.0
            lead = text[max(0, start - 30) : start].lower()
            if re.search(r"\b(?:with|via|using|through|by)\s+$", lead) and _OWN_PROPOSAL_RE.search(
                text, max(0, start - 150), start
            ):
                continue  # "We propose X, which integrates A with [B alignment]": a component
            # "X is central to [decision-making]": the purpose, a task only when nothing else is
            purpose = bool(_PURPOSE_BEFORE_RE.search(lead))
            if re.search(
                r"\b(?:study|studies|address|tackle|for|of|on|toward|towards|in)\s+(?:the\s+)?$",
                lead,
            ):
                score += 0.5
                if re.search(
                    r"\b(?:framework|method|approach|algorithm|model|architecture|system|pipeline|"
                    r"paradigm|technique|solution|strategy)s? for\s+(?:the\s+)?$",
                    lead,
                ):
                    score += 0.5  # "a framework for X": what the method is for
            if re.search(
                r"(?:\b(?:on|across|including|such as)|,|\band)\s+(?:the\s+)?$", lead
            ) and _EVAL_CUE_RE.search(text[max(0, start - 120) : start]):
                score += 0.75  # "we evaluate X on time-series forecasting, ..."
            if gaz_task(start, end):
                score += 1.0
            if any(a for (ls, le), a in abbrev_long.items() if ls <= start and end <= le):
                score += 0.5
            score += 0.25 + bonus
            # [best mention score, start, end, mentions, phrase]: the best mention counts
            # ("to combinatorial RL" then "combinatorial RL tasks"), each repeat adds 0.6
            entry = scored.setdefault(key, [score, start, end, 0, phrase, purpose])
            if score > entry[0]:
                entry[0] = score
            entry[3] += 1
            entry[5] = entry[5] and purpose
        ranked = sorted(
            ((e[0] + 0.6 * (e[3] - 1), *e[1:]) for e in scored.values()),
            key=lambda e: (e[5], -e[0], e[1]),
        )
        out: list[dict[str, Any]] = []
        used: set[str] = set()
        for score, start, end, _n, phrase, purpose in ranked:
            if purpose and out:
                break
            if score < 1.0 or len(out) >= self.max_tasks:
                continue
            key = phrase.lower()
            words = set(key.split())
            if any(len(words & set(u.split())) / len(words | set(u.split())) >= 0.5 for u in used):
                continue
            used.add(key)
            sent = sents[max(0, bisect.bisect_right([s.start_char for s in sents], start) - 1)]
            out.append(
                {
                    "name": phrase,
                    "type": EntityType.TASK.value,
                    "role": Role.ADDRESSES.value,
                    "confidence": round(min(0.9, 0.4 + 0.15 * score), 2),
                    "aliases": [],
                    "start": start,
                    "end": end,
                    "sent_start": sent.start_char,
                    "sent_end": sent.end_char,
                }
            )
        return out
