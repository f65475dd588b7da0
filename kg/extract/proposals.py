"""Stage 2, roles: proposals that the cue-by-cue reading of :func:`kg.extract.context.decide`
leaves as used, read from the shape of the whole clause once every candidate is typed.

:func:`named_in_apposition` marks the name the paper gives the novel thing it introduces, set off
after that thing's description ("we present a novel variant of X, the Foo Model (FM), and");
:func:`introduced_subject` marks the subject of a passive "... is introduced" whose subject is the
name with its description ("An efficient two-stage Foo Network (FN) for bar is introduced");
:func:`named_in_title` marks the name the title opens with ("FooNet: Fast Bar Estimation");
:func:`named_parts` marks the names listed after "two contributions:" when we or a proposed name
make them; :func:`own_later_mentions` marks a later mention of a coined abbreviation after
"our proposed"; :func:`titled_phrases` adds the lower-case name of a proposal that the title spells
too ("we propose structured foo networks" in a paper titled "Structured Foo Networks for Bar");
:func:`own_url` marks a name the abstract's own web address spells; :func:`naming_cues` finds
the naming cues a phrase list cannot ("we refer to our method as"); :func:`own_subject` marks the
unknown name an abstract that proposes something keeps as its subject ("... X delivers");
:func:`emphasised_proposals` marks the name the raw abstract emphasised where its sentence
makes it ("we propose the \\emph{rectified belief model} taking ...").
"""

from __future__ import annotations

import bisect
import re

from spacy.lang.en.stop_words import STOP_WORDS

from kg.extract.lists import LIST_JOIN_RE, Triggers
from kg.extract.resources import name_key
from kg.extract.spans import Candidate, overlapping
from kg.extract.words import (
    EXISTING_WORDS,
    SO_CALLED_RE,
    Vocab,
    W,
    alternation,
    data_type,
    is_tech_modifier,
)
from kg.model import EntityType, Role
from kg.text import Spans

_OWN_TYPES = (EntityType.METHOD, EntityType.DATASET, EntityType.BENCHMARK)
# emphasis markup an abstract may keep around a name: "{\em foo bar} (FB)", "\emph{foo}"
_MARKUP = r"(?:\{\\(?:em|it|bf)\s+|\\(?:emph|textit|textbf)\{)?"
_OPEN_QUOTES = r"[\"'`\u201c\u2018]*"
# words that open a clause or say the thing exists already: no appositive names it after them
_CLAUSE_WORDS = (
    r"that|which|whose|than|over|outperforms?|outperforming|compared|unlike|versus|vs|"
    r"existing|popular|standard|classical|conventional|traditional|previous|prior"
)
# "we present a novel variant of hierarchical HMMs, the ": the description of a new thing, then a
# comma and the name (no clause between: not "a new method that beats the baseline, the X")
_APPOSITION_GAP_RE = re.compile(
    r"\s+(?:a|an)\s+(?:[a-z][\w\-]*\s+)?(?:novel|new)\s+"
    r"(?:(?!\b(?:" + _CLAUSE_WORDS + r")\b)"
    r"[^.;:!?,\u2013\u2014])*(?:,|\s?[\u2013\u2014])\s*(?:the\s+)?" + _MARKUP + _OPEN_QUOTES
)
# we, our or this paper before "a new ...": "We provide a new learning to search algorithm,
# LOLS, which", "we give a new algorithm, UCB-GT, that" (no proposal cue, we make it); not where
# the sentence compares ("We compare our planner with a new baseline, X")
_WE_BEFORE_NEW_RE = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|[Tt]his\s+(?:paper|work))\b[^.;!?]*?"
    r"(?=\s+(?:a|an)\s+(?:[a-z][\w\-]*\s+)?(?:novel|new)\b)"
)
_COMPARING_RE = re.compile(
    r"\b(?:than|over|outperform\w*|compar\w*|unlike|versus|vs|against|existing|baselines?)\b"
)
# the same without "novel"/"new" when we make the thing and the name ends the appositive: "we
# develop a fast distributed algorithm for submodular cover, FASTCOVER, that ...", "we propose a
# domain-scalable DGM, i.e., MMI-ALI for ...", "we propose a hybrid approach – the Least Squares
# Deep Q-Network (LS-DQN), which"
_WE_APPOSITION_GAP_RE = re.compile(
    r"\s+(?:a|an)\s+"
    r"(?:(?!\b(?:" + _CLAUSE_WORDS + r"|such|including|like|e\.g)\b)"
    r"[^.;:!?,()\u2013\u2014])*(?:,|\s[\u2013\u2014-]-?|\u2014)\s*(?:(?:i\.e\.|namely),?\s+)?"
    r"(?:the\s+)?" + _MARKUP + _OPEN_QUOTES
)
_WE_MAKE_CUE_RE = re.compile(
    r"(?:[Ww]e|[Tt]his\s+(?:paper|work))\s+(?:\w+\s+)?"
    r"(?:propos|introduc|present|develop|design|devis|construct|build)"
)
_APPOSITION_END_RE = re.compile(
    r"\)?\s*(?:[,;.:]|\((?!\s*[A-Z][a-z]+ et al)|(?:that|which|for|to)\b)"
)
# the sentence's subject before the name: "An effective and efficient ", "The new "
_SUBJECT_LEAD_RE = re.compile(
    r"\s*(?:[A-Z][a-z]+,\s*)?(?:a|an|the)\s+(?:(?:[a-z][\w\-]*|and)\s+){0,4}", re.I
)
# after the name: an optional bracket, at most eight lower-case words (no punctuation), then
# "is introduced": "(MVQ-Former) for aggregating semantic information is introduced."
_INTRODUCED_AFTER_RE = re.compile(
    r"\)?(?:\s*\([^()]*\))?(?:\s+[a-z][\w\-]*){0,8}\s+(?:is|are)\s+(?:\w+ly\s+)?"
    r"(?:proposed|introduced|presented|developed)\s*[.;]"
)


def _promote(c: Candidate) -> None:
    c.cues.add("propose")
    c.role, c.confidence = Role.PROPOSED, 0.9


def _opening(c: Candidate, sent_starts: list[int]) -> tuple[int, int]:
    """(start of its sentence, start of the candidate with its long form) — what a rule reads
    between the two."""
    anchor = min(c.start, c.long_span[0]) if c.long_span else c.start
    i = bisect.bisect_right(sent_starts, anchor)
    return (sent_starts[i - 1] if i else 0), anchor


def _end_of(c: Candidate) -> int:
    """Where the candidate ends with a long form written after it ("LF (Long Form)")."""
    return c.long_span[1] if c.long_span and c.long_span[0] > c.start else c.end


def _unknown_name(c: Candidate, strength: str = "strong") -> bool:
    return (
        c.type in _OWN_TYPES
        and c.role is not Role.PROPOSED
        and c.label is None
        and (c.long is not None or c.strength == strength)
    )


def named_in_apposition(
    text: str, cands: list[Candidate], propose: list[tuple[int, int]], sent_starts: list[int]
) -> None:
    """A new name set off by a comma after the description a proposal cue introduces:
    "This paper presents a novel variant of hierarchical hidden Markov models (HMMs), the
    multiscale hidden Markov model (MSHMM), and ..." proposes MSHMM, not HMMs. The description
    must say "novel" or "new" and hold no clause ("that", "than", "outperforms") and no
    sentence or list punctuation, so the name is the thing described. Without "novel" or "new"
    the cue must be ours ("we develop", "this paper presents"), the description hold no example
    list ("such as"), and the name end its appositive ("we develop a fast algorithm for
    submodular cover, FASTCOVER, that"; also after "i.e.," or a dash). A known name in the
    description is the kind of the new thing, not the proposal: "we introduce a novel GAN,
    FooGAN" proposes FooGAN and uses GAN. A description that says "new" needs no proposal cue
    when we or our paper make the thing ("we give a new algorithm, UCB-GT, that"), and a dash
    may set the name off ("a novel ... algorithm \u2013 Foo Exploration (FE) \u2013 to")."""
    ours = [m.span() for m in _WE_BEFORE_NEW_RE.finditer(text)]
    leads = sorted([*propose, *ours])
    for c in cands:
        if not _unknown_name(c):
            continue
        s0, anchor = _opening(c, sent_starts)
        for ts, te in leads:
            if (ts, te) in ours and _COMPARING_RE.search(text, s0, anchor):
                continue
            if (
                s0 <= ts
                and te <= anchor
                and (
                    _APPOSITION_GAP_RE.fullmatch(text, te, anchor)
                    or (
                        _WE_MAKE_CUE_RE.match(text, ts)
                        and _WE_APPOSITION_GAP_RE.fullmatch(text, te, anchor)
                        and _APPOSITION_END_RE.match(text, _end_of(c))
                    )
                )
            ):
                before = [o for o in cands if o.role is Role.PROPOSED and te <= o.start < anchor]
                if all(o.label is not None and o.long is None for o in before):
                    for o in before:
                        o.role, o.confidence = Role.USES, min(o.confidence, 0.6)
                        o.cues.discard("propose")
                    _promote(c)
                break


# "a new dataset, ", "our novel large-scale benchmark (", "a new environment called ", "two
# novel benchmarks, ": a data noun (group 1) a new name follows, set off or right after it; at
# most three words between "new" and the noun, none a preposition or a clause word ("new
# records on benchmark X" makes nothing)
_NEW_DATA_BEFORE_RE = re.compile(
    r"\b(?:new|novel)\s+"
    r"(?:(?!(?:on|in|of|for|at|to|with|by|from|than|that|which|and|or|results?|records?|state)\b)"
    r"[\w\-]+\s+){0,3}?([a-z][a-z\-]*)"
    r"(?:\s*(?:,|:|\(|[\u2013\u2014]|\s-{1,2})\s*|\s+)"
    r"(?:(?:called|named|dubbed|termed|namely|i\.e\.,?)\s+)?(?:the\s+)?" + _OPEN_QUOTES + r"\Z"
)


def new_data_named(v: Vocab, text: str, cands: list[Candidate], sent_starts: list[int]) -> None:
    """The name right after "a new dataset", "a novel benchmark" (set off by a comma, colon,
    bracket or dash, or after "called") is the data the paper makes: "We train and test the
    model on a new dataset, WikiFacts", "we design a new multi-agent competitive environment,
    RoboSumo", "on a new corpus (Franka-Long Horizon Tasks (LHT))"; after a plural noun the
    names listed with it too ("two novel benchmarks, YAGO-10-plus and MovieLens-100k-plus")."""
    noun: str | None = None
    for prev, c in zip([None, *cands], cands, strict=False):
        listed = (
            noun is not None
            and prev is not None
            and prev.role is Role.PROPOSED
            and LIST_JOIN_RE.fullmatch(text, prev.end, c.start)
        )
        if not listed:
            s0, anchor = _opening(c, sent_starts)
            m = _NEW_DATA_BEFORE_RE.search(text, s0, anchor)
            noun = m.group(1) if m and m.group(1) in v.data_heads else None
            if noun is None:
                continue
        if c.type in (None, *_OWN_TYPES) and (
            c.label in (EntityType.DATASET, EntityType.BENCHMARK)
            or (c.label is None and (c.long or c.strength in ("strong", "cap", "title")))
        ):
            c.type = data_type(noun)
            _promote(c)
            if noun != "corpora" and (not noun.endswith("s") or noun.endswith("us")):
                noun = None  # one name for one new dataset (or corpus)


def introduced_subject(text: str, cands: list[Candidate], sent_starts: list[int]) -> None:
    """The name that opens a sentence ending in a passive "is introduced": "An effective and
    efficient multi-view querying Transformer (MVQ-Former) for aggregating semantic
    information is introduced." (up to four lower-case words before the name, eight after;
    :func:`kg.extract.context.decide` reads the short form "A Foo Network (FN) is proposed")."""
    for c in cands:
        if not _unknown_name(c):
            continue
        s0, anchor = _opening(c, sent_starts)
        after = c.long_span[1] + 1 if c.long_span and c.long_span[0] > c.start else c.end
        if _SUBJECT_LEAD_RE.fullmatch(text, s0, anchor) and _INTRODUCED_AFTER_RE.match(text, after):
            _promote(c)


# the name a title opens with, before a colon ("FooNet: Fast Bar Estimation"), or the title
_TITLE_NAME_RE = re.compile(r"\s*([^:]{1,60}?)\s*(?::\s+\S|$)")


def named_in_title(cands: list[Candidate], title: str) -> None:
    """The name a title opens with, before a colon, is the paper's: in "FastFoo: A Scalable
    Bar Interface", a FastFoo the abstract mentions is proposed wherever it stands ("FastFoo
    achieves ..."). The name must be the whole text before the colon or the whole title, of
    at most four words ("Foo GAN", "Lie-Access Neural Turing Machines"); a name a list knows
    is taken only when the title spells it as one word ("TLDR: ..."), not a phrase ("Domain
    Adaptation: ...")."""
    m = _TITLE_NAME_RE.match(title)
    if m is None or len(m.group(1).split()) > 4:
        return
    key = name_key(m.group(1))
    one_word = " " not in m.group(1)
    for c in cands:
        if key not in (name_key(c.text), name_key(c.long or "")):
            continue
        if c.type is None and c.label is None and c.hint is None and c.strength == "strong":
            c.type = EntityType.METHOD  # "SCAPE", said once and dropped as a local shorthand
        if c.type in _OWN_TYPES and c.role is not Role.PROPOSED and (c.label is None or one_word):
            _promote(c)


# two words or more, every one capitalised but short function words: "Variational Gradient
# Flow", "Soft-Gated Warping Generative Adversarial Network" (not "Time-frequency", capitalised
# as a sentence opens)
_TITLE_CASE_RE = re.compile(
    r"[A-Z0-9]\S*(?:\s+(?:(?:of|for|and|with|to|in|on|the|a|via)\s+)*[A-Z0-9]\S*)+"
)
# "the proposed X", "our proposed X", or a bare "our X" (group 1)
_OWN_LATER_BEFORE_RE = re.compile(r"\b(?:(?:[Oo]ur|[Tt]he)\s+(?:newly\s+)?proposed|([Oo]ur))\s+$")
# a lower-case word after the name that is no clause word: the name modifies a noun
_MODIFIES_NOUN_RE = re.compile(
    r"\s+(?!(?:that|which|to|for|with|as|and|or|in|on|by)\b)[a-z][\w\-]*"
)


def own_later_mentions(v: Vocab, text: str, cands: list[Candidate], sent_starts: list[int]) -> None:
    """A later mention of an abbreviation the abstract coined, after "the proposed" or "our":
    "We propose a framework ... via Variational Gradient Flow (VGrow) ... Connections of our
    proposed VGrow method with ...". :func:`kg.extract.context.decide` reads the words before
    the definition for every mention; these are the words before the later mention itself.
    The long form must be unknown and in title case (not "our BNNs": Bayesian neural networks,
    a term), and after a bare "our" the name must not modify a noun ("our HFVC synthesis
    framework" is ours, the controllers are not)."""
    for c in cands:
        if not _unknown_name(c) or c.long_span is None or c.long_span[0] > c.start:
            continue
        s0 = sent_starts[bisect.bisect_right(sent_starts, c.start) - 1]
        if (
            c.long_span[0] < s0
            and _TITLE_CASE_RE.fullmatch(c.long or "")
            and v.known_label(c.long or "") is None
            and (own := _OWN_LATER_BEFORE_RE.search(text, s0, c.start))
            and not (own.group(1) and _MODIFIES_NOUN_RE.match(text, c.end))
            and not text.startswith("-", c.end)  # "our TF-based network"
        ):
            _promote(c)


# "We tackle this with two contributions: ...", "X consists of two key parts: 1) ...": the
# names in the rest of the sentence are the parts the paper makes
_PARTS_RE = re.compile(
    r"\b(?:two|three|four|five|several|\d)\s+(?:(?:key|main|novel|new|core|major|technical|"
    r"complementary|primary)\s+){0,2}(?:parts|components|modules|stages|contributions|"
    r"innovations|novelties|ingredients)\s*(?::|,?\s*(?:namely|i\.e\.,?)\s)[^.;!?]*$"
)
_WE_RE = re.compile(r"\b[Ww]e\b")
_OTHERS_PARTS_RE = re.compile(
    r"\b(?:existing|popular|standard|classical|conventional|traditional|previous|prior|"
    r"compare|analy[sz]e|study)\b"
)


def named_parts(text: str, cands: list[Candidate], sent_starts: list[int]) -> None:
    """The names listed after "two contributions:", "consists of three key components:" in a
    sentence the paper or its proposed method is the subject of: "We tackle this with two
    contributions: fused layers, which ..., and a Foo-Norm (FN) conditioning" or "FooBot
    consists of two parts: 1) Bar Policy Transformer, ... and 2) ...". Only unknown
    names, defined, name-shaped or of several capitalised words, and not where the sentence
    speaks of others' work."""
    own = {name_key(o.text) for o in cands if o.role is Role.PROPOSED}
    for c in cands:
        if not (_unknown_name(c) or (_unknown_name(c, "title") and " " in c.text)):
            continue
        s0, anchor = _opening(c, sent_starts)
        parts = _PARTS_RE.search(text, s0, anchor)
        if parts is None or _OTHERS_PARTS_RE.search(text, s0, anchor):
            continue
        lead = text[s0 : parts.start()]
        if _WE_RE.search(lead) or any(
            name_key(o.text) in own and s0 <= o.start < parts.start() for o in cands
        ):
            _promote(c)


# after a proposal cue: an optional article and "novel"/"new", then two to five lower-case words
# up to a clause ("we propose structured inference networks that ...", "we propose a
# full-network embedding which ...", "we introduce the routing network paradigm, a ...")
_CUE_PHRASE_RE = re.compile(
    r"\s+(?:(?:a|an|the)\s+)?(?:(?:novel|new)\s+)?"
    r"((?:(?!(?:that|which|to|for|with|as|and|or|in|on|by|of|a|an|the)\b)[a-z][a-z\-]*\s+){1,4}"
    r"[a-z][a-z\-]*)"
    r"(?=\s*(?:,|\(|\.|;|:|\s(?:that|which|to|for|with|as|and|in|on|by)\b))"
)


def _words_of(s: str) -> list[str]:
    return [w.rstrip("s") for w in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*", s.lower())]


def titled_phrases(
    v: Vocab, text: str, cands: list[Candidate], propose: list[tuple[int, int]], title: str
) -> None:
    """A lower-case phrase right after a proposal cue that the title spells too is the name of
    what the paper proposes: "we propose structured inference networks that ..." under the
    title "Message Passing with Structured Inference Networks". The longest start of the
    phrase (two words or more) the title holds as consecutive words (up to a plural "s") is
    added as a proposed method, replacing the candidates inside it; not a field ("deep
    reinforcement learning") or a generic or known name."""
    title_words = _words_of(title)
    if len(title_words) < 2:
        return
    title_str = " " + " ".join(title_words) + " "
    for ts, te in propose:
        m = _CUE_PHRASE_RE.match(text, te)
        if m is None or SO_CALLED_RE.search(text, max(0, ts - 4), te):
            continue  # (not "a so-called trajectory model": someone else's term)
        words = list(re.finditer(r"[a-z][a-z\-]*", m.group(1)))
        for n in range(len(words), 1, -1):
            phrase = m.group(1)[: words[n - 1].end()]
            if " " + " ".join(_words_of(phrase)) + " " in title_str:
                break
        else:
            continue
        start = m.start(1)
        end = start + len(phrase)
        key = name_key(phrase)
        if m.group(0).lstrip().startswith(("a ", "an ")) and (
            text.lower().count(phrase.lower().rstrip("s")) < 2
        ):
            continue  # "we introduce a hierarchical model for ...": a description, said once
        inside = overlapping(cands, start, end)
        last = phrase.rsplit(None, 1)[-1].lower()
        if (
            last not in v.method_heads
            or last in W.descriptive_heads
            or last in W.not_proposed_heads
            or key in v.fields
            or key in v.generic
            or key in v.gazetteer
            or any(c.start < start or c.end > end or c.role is Role.PROPOSED for c in inside)
        ):
            continue
        for c in inside:
            cands.remove(c)
        new = Candidate(start, end, phrase, "lower", cues={"propose"})
        new.type, new.sure = EntityType.METHOD, False
        _promote(new)
        cands.append(new)
    cands.sort(key=lambda c: c.start)


_URL_PIECES_RE = re.compile(r"[./]")


def own_url(text: str, cands: list[Candidate], urls: list[str]) -> None:
    """A name the abstract's own web address spells is the paper's: "compliance feedback from
    DeliGrasp policies ... Our code and videos are available at: https://deligrasp.github.io".
    An unknown method or dataset name whose key is the key of a piece of such an address (a
    host label or a path segment) is proposed."""
    pieces = {name_key(p) for url in urls for p in _URL_PIECES_RE.split(url) if len(p) > 2}
    for c in cands:
        if (
            c.type in (EntityType.METHOD, EntityType.DATASET, EntityType.BENCHMARK)
            and c.label is None
            and c.role is not Role.PROPOSED
            and name_key(c.text) in pieces
        ):
            c.cues.add("propose")
            c.role, c.confidence = Role.PROPOSED, 0.75


# "which we refer to as X", "We refer to the resulting algorithm as X": the paper names its own
# thing (not "is often referred to as X": a common term)
_REFER_AS_RE = re.compile(
    r"\b[Ww]e\s+(?:will\s+|shall\s+|then\s+|thus\s+|hence\s+|therefore\s+)?refer\s+to\s+"
    r"(?:[\w\-]+\s+){0,5}?as\b"
)


def naming_cues(text: str) -> list[tuple[int, int]]:
    """Spans of naming cues with words between their parts, which the trigger phrases of
    ``triggers.json`` cannot hold: "we refer to the resulting model as" names what follows
    as a proposal cue and a naming cue ("call", "term" ...) do."""
    return [m.span() for m in _REFER_AS_RE.finditer(text)]


# after a naming cue the name may take "the", "a" or "an" and be one hyphenated word ("the
# glimpse-model"), sit in quotes, end before "and" or "in" ("called a delta network in which",
# "we refer to this architecture as \"coupled ensembles\"", "is called quantized distillation and
# leverages"); no clause word inside it
_CLAUSE_WORD = r"(?!(?:that|which|to|for|with|as|and|in|on|of|by|where|whose)\b)"
NAMED_NP_RE = re.compile(
    r"\s+(?:(?:the|an?)\s+)?[\"'`\u201c\u2018]?([a-z][\w\-]*\s+(?:"
    + _CLAUSE_WORD
    + r"[A-Za-z][\w\-]*\s+){0,3}"
    + _CLAUSE_WORD
    + r"[A-Za-z][\w\-]*|[a-z]\w*-[\w\-]*\w)"
    r"[\"'\u201d\u2019]?(?=\s*(?:,|\(|\.|;|:|\s(?:that|which|to|for|with|as|and|in)\b))"
)
# a name in double quotes after a naming cue, whatever its words: 'We call this approach
# "learning to teach".'
_QUOTED_NP_RE = re.compile(
    r"\s+(?:(?:the|an?)\s+)?[\"\u201c]([a-z][\w\-]*(?:\s+[\w\-]+){1,4})[\"\u201d]"
)
# what "we call" names before the name: "we call it the unhinged loss", "we call the proposed
# approach dual supervised learning", "we call our model a switched Gaussian process"
_NAMED_OBJECT_RE = re.compile(
    r"\s+(?:(?:the|this|our|such)\s+(?:[a-z][\w\-]*\s+){0,2}?("
    r"method|approach|model|framework|algorithm|architecture|technique|system|procedure|"
    r"network|loss|layer|estimator|policy|scheme|strategy|mechanism|module|formulation|"
    r"solution|setting|phenomenon|effect|notion|measure|quantity)s?|"
    r"it|this|these|them)(?:\s+as)?(?=\s)"
)
_WE_CUE_RE = re.compile(r"[Ww]e\b")
_CALL_END_RE = re.compile(r"(?:call|term|name|dub|coin)$")
# what makes "called a X" the paper's own X: "we propose a new policy, called a ..." (not "a
# certain model called a random dot product graph", "we analyze one such model, called a ...")
_OWN_LEAD_RE = re.compile(r"\b(?:new|novel|propos\w*|introduc\w*|design\w*|develop\w*|devis\w*)\b")
# "a widely-used method called X", "A recent approach ... called X": someone else's name
_EXISTING_LEAD_RE = re.compile(
    r"\b(?:" + EXISTING_WORDS + r"|recent|recently|(?:has|have)\s+been)\b"
)  # (and what "has been" used: "tackled by means of sampling schemes called racing algorithms")
_WE_MADE_RE = re.compile(
    r"\b[Ww]e\s+(?:\w+\s+)?(?:propos|introduc|present|develop|design|devis|construct|build)"
)
_NOT_NAMED_ING = frozenset(["using", "including", "following", "being", "having", "making"])


_SENTENCE_END_RE = re.compile(r"[.!?]\s")


def _sentence_lead(text: str, ts: int) -> str:
    """The words of ts's sentence before ts (at most 200 characters back)."""
    return _SENTENCE_END_RE.split(text[max(0, ts - 200) : ts])[-1]


def existing_lead(text: str, ts: int) -> bool:
    """The naming cue at ts names something that exists already: "a widely-used method called
    X" (not "we propose a variant of the classical k-d tree, called X": the variant is new)."""
    lead = _sentence_lead(text, ts)
    return _EXISTING_LEAD_RE.search(lead[-60:]) is not None and _WE_MADE_RE.search(lead) is None


# the last word of a name that is an adjective: a property the paper names ("quartet-learnable",
# "completely regular", "generalized low-noise"), no contribution
_ADJECTIVE_END_RE = re.compile(r"(?:" + "|".join(W.adjective_endings) + r"|ent|uniform|noise)$")


def we_name_a_concept(text: str, ts: int, name: str) -> bool:
    """The naming cue at ts is ours and gives a lower-case name that ends in no adjective: "an
    effect we term short-horizon bias", "a process we refer to as blue-teaming" (the guide's
    named concept the paper defines, whatever its head; a name-shaped one, "e-SNLI", is typed
    by its own candidate)."""
    return (
        name.islower()
        and _WE_CUE_RE.match(text, ts) is not None
        and not _ADJECTIVE_END_RE.search(name)
    )


def named_word(w: str) -> bool:
    """A word that may stand before the last word of a name a naming cue gives: a modifier,
    an -ed or an -ing word ("quantized distillation", "alternating blockwise leapfrog")."""
    lw = w.lower()
    return is_tech_modifier(w) or (
        lw.endswith("ing") and len(lw) > 5 and lw not in _NOT_NAMED_ING and w.islower()
    )


def named_phrase(text: str, ts: int, te: int) -> tuple[re.Match[str] | None, bool, bool]:
    """The lower-case name a naming cue text[ts:te] gives, as a match whose group 1 is the
    name, whether the cue names the paper's method first ("we call our approach X"), and
    whether the name is in double quotes. "called a X" needs a word of making something new
    before it in the sentence, unless we name it."""
    start, own = te, False
    we = _WE_CUE_RE.match(text, ts) is not None
    if we and _CALL_END_RE.search(text, ts, te) and (o := _NAMED_OBJECT_RE.match(text, te)):
        start, own = o.end(), o.group(1) is not None
    if m := _QUOTED_NP_RE.match(text, start):
        return m, own, True
    m = NAMED_NP_RE.match(text, start)
    if m is not None and m.group(0).lstrip().startswith(("a ", "an ")) and not we:
        lead = _sentence_lead(text, ts)
        if not _OWN_LEAD_RE.search(lead):
            return None, own, False  # "called a X" after no word of making something new
    return m, own, False


# "we propose soft actor-critic, an ...", "We propose the weight-dropped LSTM, which ...": one
# or two words before a known method name that ends the phrase the cue introduces, then an
# appositive or a relative clause
_KNOWN_TAIL_LEAD_RE = re.compile(r"\s+(?:the\s+)?((?:[a-z][\w\-]*\s+){1,2})")
_KNOWN_TAIL_END_RE = re.compile(
    r"\s*,\s*(?:a|an|which|that)\b|\s+(?:which|that)\b|\s+as\s+an?\s+(?:[\w\-]+\s+){0,2}"
    r"(?:framework|method|approach|model|algorithm|technique|measure|formulation)\b"
)


def known_tail(
    v: Vocab, text: str, ts: int, te: int, cands: list[Candidate]
) -> tuple[int, int] | None:
    """The span of a lower-case name the paper makes from a known method by a modifier, right
    after a proposal cue ending at te: "we introduce nested dropout, a procedure ...", "we
    present constrained Bayesian optimization, which ...". The words before the known name
    must be modifiers (no vague word: "simple", "novel", "deep"), the phrase no field."""
    m = _KNOWN_TAIL_LEAD_RE.match(text, te)
    if m is None or "formulat" in text[ts:te].lower():  # "we formulate X as an MDP": no name
        return None
    starts = [m.start(1) + w.end() + 1 for w in re.finditer(r"\S+", m.group(1))]
    known = next(
        (c for c in cands if c.start in starts and c.label is EntityType.METHOD and not c.long),
        None,
    )
    if known is None:
        return None
    words = text[m.start(1) : known.start].split()
    if (
        not _KNOWN_TAIL_END_RE.match(text, known.end)
        or any(w in W.vague_first or not named_word(w) for w in words)
        or name_key(text[m.start(1) : known.end]) in v.fields
    ):
        return None
    return m.start(1), known.end


_OWN_WORDS_RE = re.compile(r"\b[Oo]ur (?:method|approach|model|framework|system|algorithm)\b")
# the start of a sentence, or a connective that opens one ("Then, X", "Finally, X")
_SUBJECT_BEFORE_RE = re.compile(r"(?:^|[.!?]\s+|(?:Then|Finally|Moreover|Further|Additionally|"
                                r"Specifically|Empirically|Notably),\s+)$")  # fmt: skip
# a verb in the present tense after the subject: "X delivers", "X outperforms", "X can"
_VERB_AFTER_RE = re.compile(
    r"\s+(?:(?:first|then|also|further|consistently|significantly|successfully)\s+)?"
    r"(?:[a-z]+s|can|is|achieves)\b"
)


def own_subject(text: str, cands: list[Candidate], trig: Triggers) -> None:
    """When the abstract proposes something but no name-shaped candidate is marked proposed,
    its own method is the unknown name it keeps as the subject of what is achieved: "We
    benchmark DYNAMO-GRASP against established approaches ... DYNAMO-GRASP delivers improved
    grasping performance". The unknown name (no gazetteer entry, no definition of someone
    else's) that is a sentence subject followed by a verb, mentioned at least twice, is
    proposed."""
    if not (trig["propose"] or _OWN_WORDS_RE.search(text)):
        return
    if any("propose" in c.cues and c.strength == "strong" for c in cands):
        return
    counts: dict[str, list[Candidate]] = {}
    for c in cands:
        if c.type is EntityType.METHOD and c.label is None and c.strength == "strong":
            counts.setdefault(c.text, []).append(c)
    best = None
    for mentions in counts.values():
        subject = any(_SUBJECT_BEFORE_RE.search(text, max(0, m.start - 30), m.start)
                      and _VERB_AFTER_RE.match(text, m.end) for m in mentions)  # fmt: skip
        if subject and len(mentions) >= 2 and (best is None or len(mentions) > len(best)):
            best = mentions
    for m in best or []:
        m.cues.add("propose")
        m.role, m.confidence = Role.PROPOSED, 0.75


# what may stand between a proposal cue and the name it emphasises: an article, "our", "new"
# and two words ("we propose a solver-induced \emph{foo}", "called as \emph{foo}", "we
# introduce the notion of \emph{foo}"), or a short lower-case description set off by a colon,
# comma or dash ("we introduce two sampling schemes: {\it outcome sampling}"); after a naming
# cue, what it names ("we call this prediction network \emph{value network}")
_QUOTE = r"[\"'`\u201c\u2018]*"
_EMPHASIS_GAP_RE = re.compile(
    r"\s*(?:(?:as|the|a|an|our)\s+){0,2}(?:(?:novel|new)\s+)?"
    r"(?:(?:notion|concept)s?\s+of\s+|(?:" + _CLAUSE_WORD + r"[a-z][\w\-]*\s+){0,2})" + _QUOTE
    + r"|\s+(?:" + _CLAUSE_WORD + r"[a-z][\w\-]*\s+){1,5}?"
    r"[a-z][\w\-]*\s*(?::|,|\u2014|\u2013|\s-)\s*(?:the\s+)?" + _QUOTE
)  # fmt: skip
_NAMING_GAP_RE = re.compile(
    r"\s+(?:(?:it|this|these|the|our|such|resulting|proposed|new)\s+)(?:[a-z][\w\-]*\s+){0,3}?"
    r"(?:as\s+)?(?:(?:the|a|an)\s+)?" + _QUOTE
)
_NAMING_END_RE = re.compile(r"(?:call|term|name|dub|coin|refer)(?:ed|s)?(?:\s+as)?$", re.I)
# "our \emph{foo} theory", "the proposed \emph{foo}": the paper's own, with no cue before
_OWN_BEFORE_EMPHASIS_RE = re.compile(
    r"\b(?:[Oo]ur\s+(?:(?:newly\s+)?proposed\s+|new\s+|novel\s+)?|"
    r"[Tt]he\s+(?:newly\s+)?proposed\s+)" + _QUOTE + "$"
)
# the next emphasised name of a list: "{\em extrapolation compression} and {\em difference ...}"
_EMPHASIS_LIST_RE = re.compile(
    r"\s*(?:\([^()]{1,30}\))?" + _QUOTE + r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)"
    r"(?:the\s+)?" + _QUOTE
)
_NEXT_WORD_RE = re.compile(r"\s+([a-z][\w\-]*)")
# punctuation or a word that follows a complete noun phrase: the name ends there
_CLAUSE_AFTER_RE = re.compile(
    r"[\"'\u201d\u2019]*(?:\s*[^\w\s]|\s+" + alternation(W.np_boundary) + r"\b|$)"
)


def _emphasised_name(v: Vocab, text: str, s: int, e: int) -> int | None:
    r"""Where a name emphasised at text[s:e] ends with a kind noun after it ("\emph{foo}
    algorithm"), or None when the emphasis is no name: a stressed word ("we do \emph{not}"),
    a clause, a part of a word ("**LA**tent"), a known name or field, more than six words, an
    adjective, or a modifier of the words after it."""
    if (s and text[s - 1].isalnum()) or text[e : e + 1].isalnum():
        return None
    words = text[s:e].split()
    lower = [w.lower() for w in words]
    if not 1 <= len(words) <= 6 or not words[0][:1].isalnum():
        return None
    if lower[0] in STOP_WORDS or lower[-1] in STOP_WORDS or lower[0] in W.vague_first:
        return None
    if any(w in STOP_WORDS and w not in W.name_inner for w in lower):
        return None  # a clause: "think before you do it", "just show them"
    if len(words) == 1 and words[0].islower() and "-" not in words[0]:
        return None  # "adaptive", "exactly", "exposure"
    if lower[0].endswith("ly"):
        return None  # "\emph{conditionally concave}": a property
    after = _NEXT_WORD_RE.match(text, e)
    word = after.group(1) if after else ""
    # "the \emph{foo model} taking advantage of" (not "our \emph{foo} based method")
    participle = word.endswith(("ing", "ed")) and word != "based"
    if after and (
        word in v.method_heads
        or word in v.data_heads
        or (not participle and word not in STOP_WORDS and _CLAUSE_AFTER_RE.match(text, after.end()))
    ):
        e = after.end()  # "the \emph{hard concrete} distribution", "\emph{foo} sampling"
    elif not (participle or _CLAUSE_AFTER_RE.match(text, e)):
        return None  # "a new \emph{adaptive} generalized aggregating algorithm"
    lower = text[s:e].lower().split()
    if _ADJECTIVE_END_RE.search(lower[-1]) or lower[-1].endswith("ly"):
        return None
    key = name_key(text[s:e])
    if key in v.gazetteer or key in v.fields or key in v.generic:
        return None
    if lower[-1] in W.not_proposed_heads:
        return None
    return e


def emphasised_proposals(
    v: Vocab,
    text: str,
    cands: list[Candidate],
    propose: list[tuple[int, int]],
    emphasis: Spans,
) -> None:
    """A name the raw abstract emphasised (``\\emph{…}``, ``{\\em …}``, ``*…*``) where its
    sentence says the paper makes it is proposed: right after a proposal cue ("we propose the
    \\emph{rectified belief model}"), after a naming cue and what it names ("which we call
    {\\em extrapolation compression} and {\\em difference compression}", the next emphasised
    name of a list too), or after "our" ("Our \\textit{noisy signal propagation} theory").
    The emphasis is the authors' mark of the name, so a lower-case description the cue rules
    leave alone is taken; typed by its head (data nouns: a dataset or benchmark), a method
    otherwise. A candidate that is the name (or its long form) is promoted; the candidates
    inside it are replaced."""
    last_end, last_kind = -1, None
    for s, e in emphasis:
        q = s
        while q < e and text[q] in "\"'`\u201c\u2018":
            q += 1
        s, e = q, len(text[:e].rstrip("\"'\u201d\u2019"))
        if (bracket := text.find(" (", s, e)) > s:
            e = bracket  # "**Divergence Decoding (DD)**": the abbreviation is its own candidate
        end = _emphasised_name(v, text, s, e) if s < e else None
        if end is None:
            continue
        listed = last_end >= 0 and _EMPHASIS_LIST_RE.fullmatch(text, last_end, s)
        if not (
            listed
            or any(_cue_names(text, ts, te, s) for ts, te in propose)
            or _OWN_BEFORE_EMPHASIS_RE.search(text, max(0, s - 30), s)
        ):
            continue
        kind = _propose_emphasised(v, text, cands, (s, e, end), last_kind if listed else None)
        last_end, last_kind = (end, kind) if kind else (-1, None)
    cands.sort(key=lambda c: c.start)


def _cue_names(text: str, ts: int, te: int, s: int) -> bool:
    """The proposal cue text[ts:te] gives the name that starts at s: the gap between them is
    an article or a short description (:data:`_EMPHASIS_GAP_RE`), or after a naming cue what
    it names; a naming cue must be ours or follow a word of making something new ("this paper
    introduces a new hypothesis called"; not "the situation called \\emph{covariate shift}")."""
    if not ts < te <= s:
        return False
    if not _NAMING_END_RE.search(text, ts, te):
        return _EMPHASIS_GAP_RE.fullmatch(text, te, s) is not None
    lead = _sentence_lead(text, ts)
    return (
        bool(_EMPHASIS_GAP_RE.fullmatch(text, te, s) or _NAMING_GAP_RE.fullmatch(text, te, s))
        and (_WE_CUE_RE.match(text, ts) is not None or _OWN_LEAD_RE.search(lead) is not None)
        and not existing_lead(text, ts)
        and not SO_CALLED_RE.search(text, max(0, ts - 4), te)
    )


def _propose_emphasised(
    v: Vocab,
    text: str,
    cands: list[Candidate],
    span: tuple[int, int, int],
    kind: EntityType | None,
) -> EntityType | None:
    """Mark the name at span (start, end of the emphasis, end with a kind noun after it)
    proposed, of the `kind` of the name listed before it or the kind its head says: the
    candidate that is the emphasis or the name (or their long form), or a new one that
    replaces the candidates inside it. Its type, or None if the name is a known one, a
    candidate reaches out of it, or its head names a task."""
    s, emphasised, e = span
    kind = kind or v.type_from_head(text[s:e]) or EntityType.METHOD
    same = [
        c
        for c in cands
        for at in ((s, emphasised), (s, e))
        if (c.start, c.end) == at or c.long_span == at
    ]
    if any(c.label is not None for c in same):
        return None
    if kind is EntityType.TASK:  # a task head, unless a rule typed the name ("compression")
        kind = next((c.type for c in same if c.type in _OWN_TYPES), None)
        if kind is None:
            return None
    if same:
        for c in same:
            if c.role is not Role.PROPOSED:
                c.type = c.type if c.type in _OWN_TYPES else kind
                _promote(c)
        return kind
    inside = overlapping(cands, s, e)
    if any(c.start < s or c.end > e for c in inside):
        return None
    for c in inside:  # a known name inside is the family: "\emph{evolutional dropout}"
        cands.remove(c)
    new = Candidate(s, e, text[s:e], "lower", cues={"propose"})
    new.type, new.sure = kind, False
    _promote(new)
    cands.append(new)
    return kind
