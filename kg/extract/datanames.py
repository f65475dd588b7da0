"""Data names: the shapes and the words around a name that make it a dataset or benchmark
(used by :func:`kg.extract.context.decide`); and what the words around an abbreviation the
abstract defines say when its long form's head says nothing (:func:`defined_as_method`) or
names a paradigm or problem (:func:`paradigm_used`)."""

from __future__ import annotations

import re

from kg.extract.resources import name_key
from kg.extract.spans import Candidate, model_says_name, overlapping
from kg.extract.words import Vocab, W, alternation, data_type, singular
from kg.model import EntityType, Role

# "We report results on three datasets: A, B and C": a list the sentence evaluates on, not the
# paper's own list ("We consider two instantiations: A and B")
EVAL_CLAUSE_RE = re.compile(
    r"\b(?:on|across|evaluat\w*|test\w*|experiment\w*|report\w*|achiev\w*|validat\w*|"
    r"demonstrat\w*|show\w*|results?|performance|outperform\w*)\b"
)
# one lower-case word between the/on/... and a name before a data noun: "on the challenging Foo
# dataset", "on several Foo datasets"
_ADJ_LEAD_RE = re.compile(
    r"\b(?:(?:the|on|using|from|across)\s+(?!(?:of|for|to|by|and|or)\b)[a-z][\w\-]*|"
    r"the\s+[a-z][\w\-]*(?:ing|ed|ic|al|ous|ive|ble|-[a-z]+)\s+[a-z][\w\-]*)\s+$"
)


def adjective_lead(text: str, s0: int, start: int, name: str) -> bool:
    """An adjective stands between "the"/"on"/... and the name, and the name is not itself
    adjective-shaped ("the stochastic Markovian environments")."""
    if name.lower().endswith((*W.adjective_endings, "an")):
        return False
    return bool(_ADJ_LEAD_RE.search(text, max(s0, start - 40), start))


# a count of items at the end of a name: "Foo-50K", "Bar 1.2M" (a model's size is "-7B", "-350M")
_COUNT_RE = re.compile(r"[\-\u2013 ]\d+(?:\.\d+)?([KkM])$")


def data_size(v: Vocab, name: str, data_ctx: bool, method_ctx: bool) -> bool:
    """The name ends in a count of examples: "-50K" always (the lexicon's 53 names ending in a
    thousands count are all data), "-1M" where the sentence speaks of data ("trained on
    Foo-1M"), since models end in millions too ("-350M"); not a known method's variant
    ("SVM-2K")."""
    m = _COUNT_RE.search(name)
    if m is None or method_ctx or v.known_label(name[: m.start()]) is EntityType.METHOD:
        return False
    return m.group(1) in "Kk" or data_ctx


# the rest of a list of capitalised names, one or two kind words and the noun after them
_NAMES_RE = (
    r"(?:(?:,\s*(?:and\s+)?|\s+and\s+|\s+or\s+)(?:the\s+)?[A-Z0-9][^\s,]*"
    r"(?:\s[A-Z0-9][^\s,]*){0,3})*\s+"
)
_NOT_KIND = frozenset(["a", "an", "the", "of", "our", "its", "their", "standard", "several"])
_KIND_TAILS = (
    re.compile(_NAMES_RE + r"([a-z][\w\-]*)\s+([a-z][\w\-]*)\b"),
    re.compile(_NAMES_RE + r"([a-z][\w\-]*\s+[A-Za-z][\w\-]*)\s+([a-z][\w\-]*)\b"),
)
# three or four kind words after a name that ends in its edition or year: "the Foo-16 lymph
# node metastases detection challenge", "the Bar-2017 visual domain adaptation challenge"
_LONG_KIND_TAIL = re.compile(r"\s+((?:[a-z][\w\-]*\s+){2,3}[a-z][\w\-]*)\s+([a-z][\w\-]*)\b")
_EDITION_RE = re.compile(r"[A-Za-z][\-\s]?(?:\d{2}|\d{4})$")


# a name listed before this one: "[Foo,] Bar and Baz ..."
_LISTED_BEFORE_RE = re.compile(r"[A-Z0-9][^\s,]*(?:,\s*(?:and\s+)?|\s+and\s+)$")


def kind_of_data(
    v: Vocab, text: str, end: int, stop: int, name: str, start: int | None = None
) -> bool:
    """One or two words that say what kind of data stand between a capitalised name (or a
    list of them) and a data noun: "the Foo manipulation benchmark", "the Foo and Bar driving
    datasets", "the Foo offline RL benchmark"; not a method's noun ("the Foo network
    dataset") nor after an adjective-shaped or plural name ("the Gaussian mixture dataset",
    "Yahoos vast datasets"), except as the second of two kind words before a plural data noun
    that ends a list of names: "the Foo, Bar and Baz citation network datasets", or before a
    challenge, which is named for its task: "the Foo-2017 visual domain adaptation
    challenge"."""
    if name.lower().endswith((*W.adjective_endings, "an", "s")):
        return False
    tails = (*_KIND_TAILS, _LONG_KIND_TAIL) if _EDITION_RE.search(name) else _KIND_TAILS
    for tail in tails:
        m = tail.match(text[end:stop])
        if m and m.group(2) in v.data_heads:
            kind = m.group(1).split()  # (not "Foo on standard datasets", "Foo on a suite")
            listed = (
                len(kind) == 2
                and m.group(2).endswith(("sets", "marks", "corpora"))
                and (
                    bool(re.match(r",|\s+and\s", text[end : m.start(1) + end]))
                    or (start is not None and bool(_LISTED_BEFORE_RE.search(text, 0, start)))
                )
            )
            contest = m.group(2) in ("challenge", "competition")  # named for its task
            return not any(
                (w in v.method_heads and not (listed and i == 1) and not contest)
                or w in v.data_heads
                or w in W.np_boundary
                or w in _NOT_KIND
                for i, w in enumerate(kind)
            )
    return False


# "trained on X", "pre-trained solely on X", "fine-tuned on X", "we pretrain our model on X":
# what a model learns from is data (the object: up to four words, no preposition or "and")
_TRAINED_BEFORE_RE = re.compile(
    r"\b(?:(?:pre-?)?train(?:ed|s|ing)?|fine-?tun(?:ed|es|e|ing))\s+(?:[a-z]+ly\s+)?"
    r"(?:(?!(?:on|in|and|or|with|to|for|of|from|at|by)\b)[\w\-]+\s+){0,4}$",
    re.I,
)
# the rest of "On Foo and Bar-2, ...": names up to the comma
_TO_COMMA_RE = re.compile(r"\)?(?:\s*(?:,|and|or)?\s+(?:the\s+)?[A-Z0-9][\w\-.]*)*\s*,")


def on_data(text: str, s0: int, ts: int, end: int) -> bool:
    """An "on" before a name says data even without an evaluation word in the sentence: after
    a verb of training ("trained on Foo-10 and Bar"), or opening the sentence before a comma
    ("On Foo, the attack ...")."""
    if _TRAINED_BEFORE_RE.search(text, max(s0, ts - 60), ts):
        return True
    return ts == s0 and text[ts : ts + 3] == "On " and bool(_TO_COMMA_RE.match(text, end))


_NEXT_WORDS_RE = re.compile(r"\s+((?:[a-z][\w\-]*\s+){0,3}[a-z][\w\-]*)\b")


def hardware_next(v: Vocab, text: str, end: int) -> bool:
    """A hardware noun within four lower-case words after a name, before any data noun or
    conjunction: "runs
    on the TrueNorth chip", "on the NCSA Bluewaters supercomputer" (hardware, not data; not "on
    Atari and simulated robots")."""
    m = _NEXT_WORDS_RE.match(text, end)
    for w in m.group(1).split() if m else ():
        if w in v.data_heads or w in ("and", "or"):
            return False
        if w in W.hardware_heads:
            return True
    return False


# "8 simulated tasks in Foo", "games from the Bar-2 suite": the name holds them
_HELD_IN_RE = re.compile(
    r"\b(?:tasks|environments|games|levels|scenes|episodes|maps)\s+(?:from|in)\s+(?:the\s+)?$"
)


def held_in(text: str, s0: int, start: int, strength: str) -> bool:
    """A name-shaped word after "tasks in", "games from the": a suite or environment that holds
    the tasks (a plain capitalised word is left: "tasks in Computer Vision")."""
    return strength == "strong" and bool(_HELD_IN_RE.search(text, max(s0, start - 30), start))


_DATA = (EntityType.DATASET, EntityType.BENCHMARK)


def said_elsewhere(cands: list[Candidate]) -> None:
    """A name no list knows keeps the kind of data one sentence of the abstract says it is
    where the others say nothing: "We propose Foo, a novel dataset for ... Foo contains 10k
    pairs ...": the later mentions, Methods only by their shape (the default for a name-shaped
    word), become the same kind of data. The sentence must say it (an appositive, a data noun
    after the name, a list of data, a proposed dataset), not only "improves on Foo" or "the
    Foo task"; and no sentence may call the name a method ("we compare against Foo")."""
    said: dict[str, set[EntityType]] = {}
    for c in cands:
        if (
            c.label is None
            and c.hint is None
            and "shape" not in c.cues
            and ("said" in c.cues or c.type is EntityType.METHOD)
        ):
            said.setdefault(name_key(c.text), set()).add(c.type)
    for c in cands:
        if c.type is not EntityType.METHOD or "shape" not in c.cues:
            continue
        types = said.get(name_key(c.text), set())
        if len(types) == 1 and (t := next(iter(types))) in _DATA:
            c.type, c.role = t, Role.EVALUATED_ON


# a data noun right after a name: "the Foo dataset", "the Foo corpus", "the Foo database"
DATA_NOUN_NEXT_RE = re.compile(
    r"\s+(?:datasets?|data[\s\-]+sets?|databases?|corpus|corpora|repository)\b"
)
# the kind of environment after a name: "the Foo control problems", "Bar/BAZ video game",
# "configurations of Qux grid-worlds" (an environment used to evaluate is a benchmark)
ENV_KIND_NEXT_RE = re.compile(
    r"(?:/[A-Z][\w\-]*)?\s+(?:video\s+games?|grid-?worlds?|control\s+(?:problems|tasks|suite))\b"
)
# the verbs of use both patterns below read
_USE_VERBS = (
    r"uses?|used|using|employs?|employed|employing|leverag(?:e|es|ed|ing)|adopts?|adopted|"
    r"adopting|appl(?:y|ies|ied|ying)"
)
# "we use a Foo Bar (FB) to ...", "It employs Foo Bar (FB) to align ...": what one uses
_USE_BEFORE_RE = re.compile(
    r"\b(?:" + _USE_VERBS + r"|(?:variant|extension|version)s?\s+of|utiliz(?:e|es|ed|ing)|"
    r"exploit(?:s|ed|ing)?|combin(?:e|es|ed|ing)|integrat(?:e|es|ed|ing)|"
    r"incorporat(?:e|es|ed|ing))\s+(?:(?:a|an|the)\s+)?$"
)
# "(FB) are increasingly adopted for ...", "(FB) is widely used in ...": what others use
_USED_NEXT_RE = re.compile(
    r"\s+(?:is|are|has\s+been|have\s+been)\s+(?:\w+ly\s+)?(?:used|adopted|employed|applied)\b"
)
_BASED_NEXT_RE = re.compile(r"\s?-?\s?based\b")
# "(FB) are a family of generative models", "(FB) is an effective RL algorithm", "(FB)
# presents a promising approach"
_IS_A_RE = re.compile(
    r"\s+(?:is|are|offers?|provides?|presents?|constitutes?)\s+(?:a|an|one\s+of\s+the)\s+"
    r"((?:[\w\-]+\s+){0,5}[\w\-]+)"
)
_KIND_OF = frozenset(["family", "class", "kind", "type", "variant", "most", "of"])
# "(FBL) learns a policy", "(DQN) then iteratively encode ...": the verb of the defined name;
# "(DQNs) represent the state of the art in ...": what only a method is
_VERB_NEXT_RE = re.compile(
    r"\s+(?:(?:first|then|also|\w+ly)\s+)?((?:is|are|represents?)\s+the\s+state|[a-z]+)\b"
)


def defined_as_method(
    v: Vocab, text: str, s0: int, long_start: int, after: str, long: str = ""
) -> bool:
    """An abbreviation the abstract defines, whose long form's head names no kind ("Quill
    Ramp Tableau (QRT)"), is a method when the words around say so: a verb of use before it
    ("we use a Quill Ramp Tableau (QRT) to ...", "a variant of ... (QRT)"), "-based" or a
    method noun after the bracket ("(QRT)-based controller", "(QRT) models"), "(QRT) is an
    effective ... algorithm", "(QRT) are widely used", or a verb of what a method does
    ("(QRT) learns / encodes / optimizes ..."; words.json ``method_verbs``; data "contains")."""
    if _USE_BEFORE_RE.search(text, max(s0, long_start - 30), long_start):
        return True
    if not after.startswith(")"):
        return False  # a later mention: "classical FB methods" are methods for FB, a task
    after = after[1:]
    if _BASED_NEXT_RE.match(after) or _USED_NEXT_RE.match(after):
        return True
    nxt = re.match(r"\s+([a-z][\w\-]*)", after)
    if nxt and nxt.group(1) in W.method_cue_words:
        return True
    verb = _VERB_NEXT_RE.match(after)
    if verb and verb.group(1) in W.method_verbs and re.search(r"\s[A-Z]", long):
        return True  # "(FBL) learns ...": what a method does, not a collection of data (and
        # a name: "Brain-computer interfaces (BCIs) use ..." is capitalised by the sentence)
    m = _IS_A_RE.match(after)
    if m is None:
        return False
    for w in m.group(1).lower().split():
        if w in v.method_heads or w in W.method_cue_words or singular(w) in W.technique_kinds:
            return True
        if w in W.np_boundary and w not in _KIND_OF:
            return False
    return False


_KINDS = alternation(W.technique_kinds)
# "a collaborative Foo Learning (FL) approach": one technique noun right after the bracket and
# an article before the long form (not "(RL) algorithms": the methods of a field)
_ONE_TECHNIQUE_AFTER_RE = re.compile(r"\)\s+" + _KINDS + r"\b(?![\-\u2013])")
_ARTICLE_LEAD_RE = re.compile(r"\b(?:a|an)\s+(?:[\w\-]+\s+){0,2}$")
# "(AFL) is one of the promising ways to ...", "(SSL) is an emerging technique"
_IS_A_TECHNIQUE_RE = re.compile(
    r"\)\s+(?:is|offers|provides|presents|has\s+emerged\s+as)\s+(?:an?|one\s+of\s+the)\s+"
    r"(?:[\w\-]+\s+){0,3}?" + _KINDS + r"(?:e?s)?\b"
)


def paradigm_used(
    v: Vocab, c: Candidate, text: str, s0: int, after: str, threshold: float | None
) -> bool:
    """A learning paradigm or problem the abstract defines (a list or the long form's head says
    Task, or it is a field: "multi-agent reinforcement learning (MARL)") is a technique the
    sentence uses when one technique noun follows it with an article before ("a collaborative
    ... (MARL) approach", "an ... (IL) framework"; words.json ``technique_kinds``), or the
    sentence says what it is ("(AFL) is one of the promising ways to", "(SSL) is an emerging
    technique"); not the field's methods ("(RL) algorithms"). Only where the span model reads
    a method at `threshold`: not "a ... task-oriented grasping (TOG) model". A verb of use
    before it was tried: 8 of 14 population changes right (issue 9, round 20)."""
    if not (
        model_says_name(c, threshold)
        and c.model is EntityType.METHOD
        and c.long
        and c.long_span
        and c.long_span[0] < c.start
        and (
            c.label is EntityType.TASK
            or v.type_from_head(c.long) is EntityType.TASK
            or name_key(c.long) in v.fields
        )
    ):
        return False
    long_start = c.long_span[0]
    return bool(
        _IS_A_TECHNIQUE_RE.match(after)
        or (
            c.label is None  # a listed task (MARL) stays one in the graph: 3 of 6 right
            and _ONE_TECHNIQUE_AFTER_RE.match(after)
            and _ARTICLE_LEAD_RE.search(text, max(s0, long_start - 40), long_start)
        )
    )


# "using a multivariate convolutional sparse coding (CSC)", "via Fictitious Self-Play (FSP)": a
# verb of use, "via" or "through" up to two words before a long form
USED_VIA_BEFORE_RE = re.compile(
    r"\b(?:" + _USE_VERBS + r"|utiliz(?:e|es|ed|ing)|via|through)\s+(?:(?:a|an|the)\s+)?"
    r"(?:[\w\-]+\s+){0,2}$"
)


# "we use a FOO to learn ...", "employs an FOO": one uses a thing, not a collection of data
USE_A_BEFORE_RE = re.compile(
    r"\b(?:uses?|used|using|employs?|employed|employing|adopts?|adopted|adopting)\s+an?\s+$"
)


# "we use Foo Bar to ...", "by employing Foo Bar Baz", "building on Foo Bar", "integrating
# Foo Bar with ...": right before
_USE_TITLE_BEFORE_RE = re.compile(
    r"\b(?:" + _USE_VERBS + r"|utiliz(?:e|es|ed|ing)|integrat(?:e|es|ed|ing)|"
    r"(?:build|builds|built|building|rel(?:y|ies|ied|ying))\s+(?:up)?on)\s+(?:the\s+)?$"
)
# a data noun or a kind of data right after: "we use Foo Bar images / data / recordings"
_DATA_AFTER_RE = re.compile(
    r"\s*(?:[\-\u2013]\s*)?(?:images?|videos?|data|recordings?|scans?|corpus|corpora|datasets?|"
    r"benchmarks?|suites?|environments?|simulators?|logs?|annotations?|labels?|samples?|"
    r"trajector(?:y|ies)|demonstrations?|platforms?|robots?|arms?|hands?|sensors?|cameras?)\b"
)


def used_title_name(v: Vocab, text: str, s0: int, start: int, end: int, name: str) -> bool:
    """A capitalised name of two or more words right after a verb of use is a method one uses:
    "we use Neural Foo Fields to ...", "by employing Gated Bar Units", "building on Foo Bar"
    — not a name whose head or next word says data or hardware ("we use Foo Bar images",
    "leveraging the Foo Bar Corpus"), nor a place or an organisation (words.json
    ``organisation_words``), nor a name that goes on ("using Foo Bar discriminant analysis")
    or whose head names a mathematical object ("the Representer Theorem")."""
    if not _USE_TITLE_BEFORE_RE.search(text, max(s0, start - 30), start):
        return False
    words = name.split()
    if (
        len(words) < 2
        or not all(w[:1].isupper() for w in words)  # "Markov chain": an eponym's object
        or words[-1].lower() in v.data_heads
        or words[-1].lower() in W.not_method_heads  # "the Representer Theorem"
        or _DATA_AFTER_RE.match(text, end)
        or any(w.lower().strip(".,") in W.organisation_words for w in words)
    ):
        return False
    # the name ends here: punctuation or a word that follows a whole noun phrase, not more of
    # the name ("Kernel Fisher discriminant analysis", "Earth Mover's", "Galaxy S6")
    nxt = re.match(r"\s*(\(cid|[^\w\s]|[\w\-]+)", text[end:])
    if nxt is None:
        return True
    word = nxt.group(1)
    if word in ("(cid", "'", "\u2019", "-"):
        return False
    if not word[:1].isalnum():
        return True
    return word in W.np_boundary or word in W.method_cue_words


def opening_name_acts(text: str, s0: int, start: int, end: int, name: str) -> bool:
    """A capitalised name of two or more words that opens its sentence and whose verb is what
    a method does is a method: "Foo Bar Networks capture local structure ...", "The Foo Bar
    Sampler then optimizes ..." (words.json ``method_verbs``; data "contains")."""
    if text[s0:start] not in ("", "The ") or len(name.split()) < 2:
        return False
    if not all(w[:1].isupper() for w in name.split()):
        return False
    verb = _VERB_NEXT_RE.match(text, end)
    return bool(verb and verb.group(1) in W.method_verbs)


def described_long(
    v: Vocab,
    c: Candidate,
    named: bool,
    trig_kind: tuple[str, int] | None,
    list_tail: re.Match[str] | None,
    text: str,
) -> bool:
    """An abbreviation the abstract defines by a lower-case description ("motor imagery (MI)",
    "simultaneous localization and mapping (SLAM)") is no data name for an "on" alone ("results
    on MI", "on a robotic SLAM problem"): only a data noun after it or a list of data makes it
    one."""
    return bool(
        c.long
        and not named
        and (trig_kind or ("",))[0] not in ("datalist", "datanoun")
        and not (list_tail and list_tail.group(2) in v.data_heads)
        and not DATA_NOUN_NEXT_RE.match(text, c.end)
    )


def described_data(v: Vocab, c: Candidate, text: str, s0: int) -> bool:
    """An abbreviation defined by a lower-case description ("motion capture (MoCap) data",
    "integrated development environments (IDEs)"), with no data noun after its bracket and no
    cue (not proposed): a kind of thing the letters stand for, not a named collection of data,
    whatever a list or the description's head says (a method's description keeps its type:
    "a stochastic path-integrated differential estimator (SPIDER)")."""
    if c.long is None or c.long_span is None or c.long_span[1] > c.start or c.cues:
        return False
    if v.type_from_head(c.long) is EntityType.METHOD or c.long.split()[-1] in W.method_cue_words:
        return False  # ("the recent ... estimator technique (SPIDER)")
    words = c.long.split()
    opening = c.long_span[0] == s0 or text[s0 : c.long_span[0]].strip() in ("", "The")
    return (
        all(w[:1].islower() for w in words[1:])
        and (words[0][:1].islower() or (opening and words[0][1:].islower()))
        and not DATA_NOUN_NEXT_RE.match(text, c.end + (text[c.end : c.end + 1] == ")"))
    )


def _appositive_re(word_end: str) -> re.Pattern[str]:
    """The appositive after a name, up to nine words each ended by `word_end`."""
    return re.compile(
        r"\)?\s*(?:\([^)]*\))?\s*(?:,|\s[\u2014\u2013-]|\u2014)\s*(?:a|an|the)\s+"
        r"((?:[\w\-]+" + word_end + r"){0,8}[\w\-]+)\b"
    )


# (or after a dash: "X — a collection of ... datasets")
_APPOSITIVE_RE = _appositive_re(r"\s+")
# ... with adjectives set off by commas: "an open-source, widely adopted simulation framework"
_APPOSITIVE_ADJ_RE = _appositive_re(r",?\s+")


def appositive(
    v: Vocab, after: str, own: bool = False
) -> tuple[re.Match[str] | None, EntityType | None]:
    """The appositive right after a name ("X, a large-scale benchmark ...", "X, a novel method
    ...") and the type its noun phrase's last head gives ("an unsupervised environment design
    algorithm": a method); of a name the paper makes (`own`), a simulator is its system, a
    method ("we build Foo-Sim, a paper simulator"); a "simulation framework" or "simulation
    platform" is a simulator. Where the first words say nothing, adjectives set off by commas
    may stand before a benchmark's or data's noun ("Foo Lab, an open-source, widely adopted
    simulation framework"; only those: "a slow, unspecific growth process" names no method)."""
    appos = _APPOSITIVE_RE.match(after)
    if appos is None:
        return None, None
    kind = _appositive_kind(v, appos, own)
    if kind is None and (wide := _APPOSITIVE_ADJ_RE.match(after)) is not None:
        wide_kind = _appositive_kind(v, wide, own)
        if wide_kind in (EntityType.BENCHMARK, *_DATA):
            return wide, wide_kind
    return appos, kind


def _appositive_kind(v: Vocab, appos: re.Match[str], own: bool) -> EntityType | None:
    kind, before = None, ""
    for w in appos.group(1).lower().split():
        w = w.rstrip(",")
        if w in W.np_boundary and w not in ("and", "or"):
            break  # "a general and robust framework that [uses data]"
        if w in W.benchmark_nouns and before in ("net", "nets", "network", "networks"):
            pass  # "a neural net simulator", "graph network simulators": software, a method
        elif (before == "simulation" and w in W.simulation_systems) or (
            own and w in W.made_system_nouns
        ):
            # "Foo Lab, an open-source simulation framework" one works in; one the paper makes
            # is its system
            kind = EntityType.METHOD if own else EntityType.BENCHMARK
        elif w in W.benchmark_nouns and appos.group(0).lstrip(")( ,").startswith(("a ", "an ")):
            kind = EntityType.BENCHMARK  # "the Fencing Game, a human-robot competition"
        elif w in v.data_heads:
            kind = data_type(w)
        elif w in v.method_heads or w in W.method_cue_words:
            kind = EntityType.METHOD
        before = w
    return kind


# a data noun a name stands before: "the Foo Bar dataset", "the Foo benchmark"
_DATA_NOUN_AT_RE = re.compile(
    r"(?<=\S )(?:datasets?|data[\s\-]+sets?|benchmarks?|corpus|corpora|databases?|treebank|"
    r"challenge|competition)\b"
)
# the words of such a name: a capitalised word (also "Yahoo!", "Children's"), a count before
# one ("1-Billion", "1B") and the lower-case words that join two capitalised ones
_CAP_WORD_RE = re.compile(r"[A-Z][\w\-'\u2019&.]*!?")
_PLAIN_CAP_RE = re.compile(r"[A-Z][a-z]+(?:-[A-Za-z][a-z]*)*")
_COUNT_WORD_RE = re.compile(r"\d[\d.,]*(?:[KMB]|[\-\u2013][A-Z][a-z]+)")
_INNER_WORDS = frozenset(["of", "to", "the", "in", "for", "on"])


def data_title_names(
    v: Vocab, text: str, cands: list[Candidate], sent_starts: list[int]
) -> list[Candidate]:
    """A name before a data noun that the name runs split is one candidate: with a lower-case
    word joining capitalised ones ("the Microsoft Learning to Rank dataset", "the World of Bits
    benchmark", "the Labeled Faces in the Wild database"), with capitalised stop words ("the
    Children's Book Test and Who Did What datasets", "the Part Labels dataset"), with a "!"
    ("the A1 Yahoo! dataset") or a count before a capitalised word ("the 1-Billion Word
    dataset"). The words before a joining word are plain capitalised words the lists do not
    know ("we train ResNet-50 on the Foo dataset": two names); a capitalised stop word
    that opens the sentence is the sentence's capital ("On the Foo dataset")."""
    starts = set(sent_starts)
    for m in _DATA_NOUN_AT_RE.finditer(text):
        words: list[tuple[int, int]] = []  # (start, end), right to left
        pos = m.start() - 1
        while pos > 0:
            ws = text.rfind(" ", 0, pos) + 1
            if not _name_word(text, ws, pos, words):
                break
            words.append((ws, pos))
            if ws in starts or ws == 0:
                break
            pos = ws - 1
        words.reverse()
        while words and (
            text[words[0][0] : words[0][1]] in _INNER_WORDS
            or (len(words) == 1 and text[words[0][0]].isdigit())
            or (words[0][0] in starts and text[words[0][0] : words[0][1]].lower() in W.leading_stop)
        ):
            words = words[1:]
        if (
            not words
            or (len(words) == 1 and text[words[0][0] : words[0][1]].lower() in W.leading_stop)
            or _joined_names(v, text, words)
        ):
            continue  # ("(1) For datasets ...", "WHO datasets": a word, no name)
        start, end = words[0][0], words[-1][1]
        if not _split_by_runs(text, words) or any((c.start, c.end) == (start, end) for c in cands):
            continue
        strong = any(c.strength == "strong" for c in overlapping(cands, start, end))
        cands = _replace_inside(
            cands, Candidate(start, end, text[start:end], "strong" if strong else "title")
        )
    cands.sort(key=lambda c: c.start)
    return cands


def _replace_inside(cands: list[Candidate], new: Candidate) -> list[Candidate]:
    """``new`` replaces the candidates inside its span, unless one reaches outside it (then the
    name runs read it otherwise, and they stand)."""
    inside = overlapping(cands, new.start, new.end)
    if any(c.start < new.start or c.end > new.end for c in inside):
        return cands
    return [c for c in cands if c not in inside] + [new]


def _name_word(text: str, ws: int, we: int, right: list[tuple[int, int]]) -> bool:
    """May text[ws:we] be the next word, to the left, of a name whose words so far (right to
    left) are `right`: a capitalised word, a count before one, or a joining word before a
    capitalised word or "the"?"""
    word = text[ws:we]
    if _CAP_WORD_RE.fullmatch(word) and not word.endswith("."):
        return True
    if not right:
        return False
    nxt = text[right[-1][0] : right[-1][1]]
    return bool(_COUNT_WORD_RE.fullmatch(word)) or (
        word in _INNER_WORDS and word != nxt and (nxt[:1].isupper() or nxt == "the")
    )


def _joined_names(v: Vocab, text: str, words: list[tuple[int, int]]) -> bool:
    """Joining words stand between words that are no plain capitalised words or that the lists
    know: two names ("ResNet-50 on ImageNet", "Transformer on Foo", "Spotlight in the
    CIFAR-10"), not one."""
    if not any(text[a:b] in _INNER_WORDS for a, b in words):
        return False
    parts = re.split(
        r"\s+(?:" + "|".join(_INNER_WORDS) + r")(?:\s+the)?\s+", text[words[0][0] : words[-1][1]]
    )
    return any(
        not all(_PLAIN_CAP_RE.fullmatch(w) for w in part.split())
        or v.known_label(part) is not None
        or v.known_label(part.split()[-1]) is not None
        for part in parts
    )


def _split_by_runs(text: str, words: list[tuple[int, int]]) -> bool:
    """The name has what splits a name run: a lower-case joining word, a capitalised stop word,
    a "!" or a count before a capitalised word."""
    return any(
        text[a:b] in _INNER_WORDS
        or text[a:b].lower() in W.leading_stop
        or text[a:b].endswith("!")
        or text[a:b][:1].isdigit()
        for a, b in words
    )


# a venue or organisation with its edition, up to four kind words and a contest noun (or the
# noun and then the edition), and a title after "on": "the NIPS 2017 adversarial examples
# defense challenge", "the BCI competition 2005", "the NIPS 2017 competition on Defenses
# against Adversarial Attacks"
_KIND_WORDS = r"(?:\s+(?!(?:and|or|of|for|to|on|in|the)\b)[a-z][\w\-]*){0,4}"
_CONTEST_RE = re.compile(
    r"\b([A-Z][A-Za-z]+)(?:\s+(?:19|20)\d\d" + _KIND_WORDS + r"\s+(?:challenge|competition)s?"
    r"|" + _KIND_WORDS + r"\s+(?:challenge|competition)\s+(?:19|20)\d\d)\b"
    r"(\s+on(?:\s+(?:[A-Z][\w\-]*|and|of|for|against|the|in))*\s+[A-Z][\w\-]*)?"
)


def contest_names(v: Vocab, text: str, cands: list[Candidate]) -> list[Candidate]:
    """A contest named after a venue or organisation with its edition, a word that is no name
    alone (``generic``: NIPS, BCI), is named by the whole phrase up to its noun and the title
    after "on" (the venue and year alone are no data), and the contest noun types it as the
    lists would. Without an edition the capital may be a field ("the AI alignment
    challenge")."""
    for m in _CONTEST_RE.finditer(text):
        if name_key(m.group(1)) not in v.generic:
            continue
        start, end = m.span()
        cands = _replace_inside(
            cands, Candidate(start, end, m.group(), "title", label=EntityType.DATASET)
        )
    cands.sort(key=lambda c: c.start)
    return cands
