"""The ``kg_entities`` component: runs the stages over one abstract and stores one dict per
mention in ``doc._.kg_mentions`` (plain dicts, so ``nlp.pipe(n_process=…)`` can ship them back).

Stages: :mod:`~kg.extract.candidates` (spans that may be names), :mod:`~kg.extract.context`
(type, role and confidence of each), :mod:`~kg.extract.tasks` (task phrases, ranked). Known
names come from ``kg_gazetteer`` (:mod:`~kg.extract.gazetteer`), which must run before.
"""

from __future__ import annotations

import bisect
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc

from kg.extract import gazetteer as _gazetteer  # noqa: F401  (registers kg_gazetteer)
from kg.extract.abbrev import find_abbreviations, split_trailing_acronyms
from kg.extract.candidates import (
    URL_RE,
    add_gazetteer_hits,
    attach_abbreviations,
    name_candidates,
)
from kg.extract.context import decide
from kg.extract.datanames import contest_names, data_title_names, said_elsewhere
from kg.extract.lists import Triggers, type_lists
from kg.extract.lone import lone_is_method
from kg.extract.losses import loss_methods
from kg.extract.namedtwice import kind_noun_spellings, long_forms_folded
from kg.extract.phrases import cited_methods, compared_phrases, described_methods, proposed_phrases
from kg.extract.proposals import (
    emphasised_proposals,
    introduced_subject,
    named_in_apposition,
    named_in_title,
    named_parts,
    naming_cues,
    new_data_named,
    own_later_mentions,
    own_subject,
    own_url,
    titled_phrases,
)
from kg.extract.resources import name_key, triggers
from kg.extract.spanmodel import SPAN_KEY
from kg.extract.spans import USE_MODEL, Candidate, Sent, front_matter, overlapping, sentences
from kg.extract.tasks import rank_tasks
from kg.extract.words import Vocab, W, alternation
from kg.model import EntityType, Role
from kg.text import Spans

if not Doc.has_extension("kg_mentions"):
    Doc.set_extension("kg_mentions", default=None)
#: the character spans the raw abstract emphasised (:func:`kg.text.emphasized_abstract`)
if not Doc.has_extension("kg_emphasis"):
    Doc.set_extension("kg_emphasis", default=())


#: ``doc.user_data`` key of the paper's title (:func:`titled`), which the proposal rules and
#: the task stage read
TITLE_KEY = "kg_title"


def titled(nlp: Language, text: str, title: str, emphasis: Spans = ()) -> Doc:
    """A Doc of ``text`` (before the pipeline runs) that carries its paper's ``title`` and the
    character spans of ``text`` its raw abstract emphasised (``doc._.kg_emphasis``)."""
    doc = nlp.make_doc(text)
    if title:
        doc.user_data[TITLE_KEY] = title
    if emphasis:
        doc._.kg_emphasis = emphasis
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
        self._vocab: Vocab | None = None

    @property
    def vocab(self) -> Vocab:
        """Built on first use: the gazetteer component may be added after this one."""
        if self._vocab is None:
            if "kg_gazetteer" in self.nlp.pipe_names:
                g: Any = self.nlp.get_pipe("kg_gazetteer")
                self._vocab = Vocab.build(g.labels, g.cased, g.hint_labels, g.curated)
            else:
                self._vocab = Vocab.build({})
        return self._vocab

    def __call__(self, doc: Doc) -> Doc:
        v = self.vocab
        text = doc.text  # joins every token: read it once per doc
        sents = sentences(doc, text)
        sent_starts = [s.start_char for s in sents]

        def sent_of(char: int) -> Sent:
            return sents[max(0, bisect.bisect_right(sent_starts, char) - 1)]

        blocked = [(m.start(), m.end()) for m in URL_RE.finditer(text)]

        def in_url(pos: int) -> bool:
            return any(a <= pos < b for a, b in blocked)

        trig: Triggers = {"propose": [], "data": [], "compare": []}
        strings = doc.vocab.strings
        for match_id, s, e in self.matcher(doc):
            last = doc[e - 1]
            kind = strings[match_id]
            after_to_of = s > 0 and doc[s - 1].lower_ in ("to", "of")
            if kind == "propose" and after_to_of and doc[s].lower_.endswith("ing"):
                continue  # "prone to introducing errors", "at the cost of introducing noise"
            trig[kind].append((doc[s].idx, last.idx + len(last)))
        trig["propose"] += naming_cues(text)
        for spans in trig.values():
            spans.sort()

        hits: dict[tuple[int, int], EntityType] = {}
        for span in doc.spans.get("kg_gazetteer", []):
            hits[(span.start_char, span.end_char)] = EntityType(span.label_)

        cands = name_candidates(v, text, sent_starts, in_url)
        front = {s for s in sents if front_matter(text[s.start_char : s.end_char])}
        cands = [c for c in cands if sent_of(c.start) not in front]
        cands = data_title_names(v, text, cands, sent_starts)
        cands = contest_names(v, text, cands)
        cands = add_gazetteer_hits(v, text, cands, hits)
        cands = proposed_phrases(v, text, trig["propose"], cands)
        abbrevs = [
            ab
            for s in sents
            for ab in find_abbreviations(text, s.start_char, s.end_char, W.defined_heads)
        ]
        cands = attach_abbreviations(v, text, cands, abbrevs, in_url)
        split_trailing_acronyms(cands)
        model = model_spans(doc)
        model_votes(model, cands)

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
            decide(v, c, text, sent_of(c.start), trig, cands, counts[name_key(c.text)], local)
        type_lists(text, cands)
        said_elsewhere(cands)
        own_subject(text, cands, trig)
        title = doc.user_data.get(TITLE_KEY, "")
        named_in_apposition(text, cands, trig["propose"], sent_starts)
        new_data_named(v, text, cands, sent_starts)
        introduced_subject(text, cands, sent_starts)
        named_in_title(cands, title)
        named_parts(text, cands, sent_starts)
        own_later_mentions(v, text, cands, sent_starts)
        titled_phrases(v, text, cands, trig["propose"], title)
        emphasised_proposals(v, text, cands, trig["propose"], doc._.kg_emphasis)
        own_url(text, cands, [text[a:b] for a, b in blocked])
        widened_acronyms(text, model, cands)
        cands += [
            c
            for c in compared_phrases(v, text, trig["compare"], cands)
            if not part_or_substrate(c.text.split())
        ]
        cands += cited_methods(v, text, cands)
        cands += described_methods(v, text, cands)
        cands += model_methods(v, text, model, cands)
        cands += cued_model_methods(v, text, model, cands, trig["propose"], sent_of)
        drop_unread(cands)
        shape_unread(v, text, cands, sent_of)
        plain_sampling(cands)
        cands += loss_methods(text, cands, sent_of)

        # (folded candidates stay in cands: a long form keeps its words out of the task phrases)
        folded = long_forms_folded(cands)
        mentions = kind_noun_spellings(
            [_as_mention(c, sent_of(c.start)) for c in cands if c.type and id(c) not in folded]
        )
        gazetteer_tasks = [
            (sp.start_char, sp.end_char)
            for sp in doc.spans.get("kg_gazetteer", [])
            if sp.label_ == EntityType.TASK.value
        ]
        model_tasks = [(s, e, p) for s, e, t, p in model if t is EntityType.TASK]
        mentions += rank_tasks(
            v,
            text,
            sents,
            cands,
            abbrevs,
            gazetteer_tasks,
            max_tasks=self.max_tasks,
            model_tasks=model_tasks,
            title=title,
        )
        doc._.kg_mentions = mentions
        return doc


#: the span model's labels as kg's types
_MODEL_TYPES = {
    "Method": EntityType.METHOD,
    "Dataset": EntityType.DATASET,
    "Task": EntityType.TASK,
    "Metric": EntityType.METRIC,
}


ModelSpan = tuple[int, int, EntityType, float]  # start, end, type, probability


def model_spans(doc: Doc) -> list[ModelSpan]:
    """The span model's spans as kg types; none when it did not run (``span_model=False``)."""
    group = doc.spans.get(SPAN_KEY)
    if group is None:
        return []
    return [
        (sp.start_char, sp.end_char, _MODEL_TYPES[sp.label_], score)
        for sp, score in zip(group, group.attrs.get("scores", []), strict=False)
        if sp.label_ in _MODEL_TYPES
    ]


def model_votes(spans: list[ModelSpan], cands: list[Candidate]) -> None:
    """Give each candidate the span model's label and probability for the model span that is
    it or contains it ("SurroundDepth" in "SurroundDepth method")."""
    for c in cands:
        for start, end, label, score in spans:
            if start <= c.start and c.end <= end:
                c.model, c.model_score = label, score
                break


# "conditional GAN", "hierarchical VAE", "variational RNN": adjectives that name a variant
_VARIANT_ADJS_RE = re.compile(r"(?:[a-z]+(?:al|ive|ic|ar|ous)\s+){1,2}")
_ACRONYM_RE = re.compile(r"[A-Z][A-Za-z0-9]*[A-Z][A-Za-z0-9]*s?")


def widened_acronyms(text: str, spans: list[ModelSpan], cands: list[Candidate]) -> None:
    """An acronym no list knows, typed a Method with no long form, takes the span model's
    Method span that is it with one or two adjectives before it: "a conditional GAN",
    "a hierarchical VAE" name a variant, which the guide writes with its adjective
    (``USE_MODEL["widen"]``); not a vague adjective ("deep", "standard", "classical"), nor
    over another candidate."""
    at = USE_MODEL["widen"]
    if at is None:
        return
    for c in cands:
        if not (
            c.type is EntityType.METHOD
            and c.label is None
            and c.long is None
            and "propose" not in c.cues
            and _ACRONYM_RE.fullmatch(c.text)
        ):
            continue
        for start, end, label, score in spans:
            if label is not EntityType.METHOD or score < at or end != c.end or start >= c.start:
                continue
            lead = text[start : c.start]
            if (
                _VARIANT_ADJS_RE.fullmatch(lead)
                and not any(w in W.vague_first for w in lead.split())
                and not overlapping([o for o in cands if o is not c and o.type], start, c.start)
                and not any(name_key(o.text) == name_key(text[start : c.end]) for o in cands)
            ):  # (the paper's own "distributional GTD2" stays its own)
                c.start, c.text = start, text[start : c.end]
            break


def model_methods(
    v: Vocab, text: str, spans: list[ModelSpan], cands: list[Candidate]
) -> list[Candidate]:
    """Method spans of the model that no typed candidate overlaps and that have the shape of a
    name: not after a determiner or pronoun, not a vague word first, not a generic word, field
    or metric, not one lower-case word ("domain randomization", yes; "it", "method",
    "training" no). A span whose head noun the method lists know ("... network",
    "... optimization") or that is written with a capital or digit after its first letter
    ("Turn-level Policy Optimization") needs p at least ``USE_MODEL["add_method"]``; a lower-case
    family of networks (:func:`network_family`) ``USE_MODEL["add_network"]``; any other
    ``USE_MODEL["add_method_any"]``."""
    named_at, any_at = USE_MODEL["add_method"], USE_MODEL["add_method_any"]
    net_at = USE_MODEL["add_network"]
    if named_at is None and any_at is None and net_at is None:
        return []
    out = []
    for start, end, label, score in spans:
        if label is not EntityType.METHOD:
            continue
        phrase = text[start:end]
        words = phrase.split()
        key = name_key(phrase)
        named = v.type_from_head(phrase) is EntityType.METHOD or any(
            ch.isupper() or ch.isdigit() for ch in phrase[1:]
        )
        at = named_at if named else any_at
        if net_at is not None and network_family(v, text, start, words):
            at = net_at
        if (
            at is None
            or score < at
            or overlapping(cands, start, end, typed=True)
            or words[0].lower() in W.leading_stop
            or words[0].lower() in W.vague_first
            or key in v.generic
            or key in v.fields
            or key in v.metrics
            or (len(words) == 1 and phrase.islower())
            or len(words) > 5
            or not any(ch.isalpha() for ch in phrase)
        ):
            continue
        out.append(
            Candidate(
                start,
                end,
                phrase,
                "model",
                role=Role.USES,
                type=EntityType.METHOD,
                confidence=round(0.6 * score, 2),
            )
        )
    return out


#: a cue of use or comparison before a lower-case technique, with an optional article after it
#: ("coupled with frame interpolation", "we fit X with the log-barrier method")
_CUE_BEFORE_RE = re.compile(
    r"(?:\b(?:"
    + alternation(W.use_verbs + tuple(W.tech_cues) + ("with",) + W.technique_cues)
    + r")"
    r"|(?<!\w)(?:e\.g\.|vs\.)),?\s+(?:(?:the|an?)\s+)?"
    # "via standard moment interpolation", "compared to conventional nuclear norm minimization"
    r"(?:(?:standard|conventional|traditional|classical|classic|modern|popular|vanilla|existing|"
    r"recent|prior|off-the-shelf|SOTA|state-of-the-art)\s+)?$",
    re.I,
)
#: a passive verb of use, or "based" (not "based on": what is based on something is the
#: paper's own), after a technique
_USED_AFTER_RE = re.compile(
    r"\s+(?:is|are|was|were|has\s+been|have\s+been)\s+(?:then\s+|also\s+|further\s+|"
    r"commonly\s+|widely\s+|often\s+|typically\s+|usually\s+|first\s+)?(?:employed|used|applied|"
    r"adopted|utilized|utilised|leveraged|exploited)\b|[\s\-\u2013]based\b(?!\s+(?:on|upon|in|at)\b)"
    r"|\s+(?:have|has)\s+(?:recently\s+|also\s+)?(?:shown|demonstrated|achieved|emerged\s+as)\b"
)
#: the end of a list's earlier item of lower-case words after a cue ("uses A or B"; not an
#: example list: "graph data such as social networks, regulatory networks")
_LISTED_AFTER_CUE_RE = re.compile(
    r"\b(?:" + alternation(W.use_verbs + tuple(W.tech_cues - W.list_cues) + ("with",)) + r")\s+"
    r"(?:(?:the|an?)\s+)?[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,4}$"
)
#: how the paper's own system does something, in the sentence that proposes it
_OWN_MEANS_RE = re.compile(r"(?:via|through|by)\b", re.I)
#: the next item of a list whose previous item is a used method ("such as A, B or C")
_LIST_BEFORE_RE = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(?:the\s+)?$")
#: before the next item of a list, a used method: "combines advantage-weighted regression and
#: QT-Opt" (not a comma alone: "a hybrid model, EigenNet" names the model)
_LIST_AFTER_RE = re.compile(r",?\s+(?:and|or)\s+(?:the\s+)?")
#: plural kind nouns after a technique say "methods of this kind": the name is before them
#: ("random search methods"); "method" and "algorithm" in the singular are part of it
_KIND_NOUNS = r"(methods|approach(?:es)?|techniques?|algorithms|frameworks?|schemes?|procedures?)"
_KIND_AFTER_RE = re.compile(r"\s+" + _KIND_NOUNS + "$")
#: the same kind nouns right after a span of the model
_KIND_NEXT_RE = re.compile(r"\s+" + _KIND_NOUNS + r"\b")
#: "the" (a few words of modifiers allowed) before a technique named by a singular kind noun
_THE_BEFORE_RE = re.compile(r"\bthe\s+(?:[a-z][\w\-]*,?\s+){0,2}$")
#: the paper's own technique, before its name: "our ...", "the proposed ...", "a new ..."
_OWN_BEFORE_RE = re.compile(
    r"\b(?:our|its|their|proposed|new|novel|first)\s+(?:[a-z][\w\-]*,?\s+){0,2}$", re.I
)
#: heads that make a name with the kind noun after them: a problem's algorithms ("stochastic
#: bandit algorithms": a task) or a class of techniques ("multivariate kernel methods")
_CLASS_HEADS = frozenset(["bandit", "bandits", "kernel"])
#: how a technique is run, not which one: "parallel training methods", "distributed batch
#: optimization procedures", "centralized factorization methods"
_EXECUTION_FIRST = frozenset(
    ["parallel", "distributed", "centralized", "centralised", "decentralized", "batch", "ensemble"]
)
#: a head that needs two modifiers to name something ("tensor power method", not "decoding
#: algorithm")
_KIND_HEADS = frozenset(["method", "algorithm"])
#: an adjective's ending
_ADJECTIVE_RE = re.compile(r"(?:al|ic|ive|ous|ed|ar|ent|ant)$")
#: a hyphened modifier that names a method ("log-barrier", "k-means"), not a kind of one
#: ("gradient-based", "model-free", "low-rank", "data-driven", "two-stage")
_NAMING_COMPOUND_RE = re.compile(
    r"[a-z]+[\-\u2013](?!(?:based|free|driven|aware|level|scale|like|type|rank|order|step|stage|"
    r"time|world|specific|agnostic|efficient|guided|oriented|dimensional|shot|end|batch|"
    r"supervised)$)[a-z]+",
)
#: heads that adjectives alone only qualify ("a discriminative probabilistic model", "a
#: convolutional layer"); a noun names one ("deformable part models")
_KIND_OF_HEADS = frozenset(["model", "models", "classifier", "classifiers", "layer", "layers"])
#: a network's layers: whatever their modifiers, a building block or the paper's own unnamed part
#: ("an embedding layer", "a linear output layer", "continuous-filter convolutional layers")
_PART_HEADS = frozenset(["layer", "layers"])
#: the heads of a model or network, which words.json's role_words and substrate_words make a
#: part, hardware, biology or a graph rather than a technique
_NET_HEADS = frozenset(
    ["model", "models", "network", "networks", "net", "nets", "transformer", "transformers"]
)


#: a kind noun after a family's name: "auto-encoder models", "autoencoder networks"
_KIND_NOUN_AFTER_RE = re.compile(r"\s+(?:models?|networks?)")

_COUNT_FIRST_RE = re.compile(
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|single|multi|double|triple)"
    r"(?:[\-\u2013]|$)",
    re.I,
)


def part_or_substrate(words: list[str]) -> bool:
    """A model or network named by its role in a system or by its substrate: a part, hardware
    or biology, not a technique ("a gating network", "analog resistive networks")."""
    last = words[-1].lower().rsplit("-", 1)[-1]
    return last in _NET_HEADS and any(
        w.lower() in W.role_words or w.lower() in W.substrate_words for w in words[:-1]
    )


def names_technique(v: Vocab, words: list[str]) -> bool:
    """Whether a lower-case phrase's head and modifiers can make a technique's name."""
    last = words[-1].lower().rsplit("-", 1)[-1]
    if last in W.broad_method_heads or last in W.not_method_heads or last in _PART_HEADS:
        return False
    if last not in v.method_heads and last not in W.tech_heads and last not in W.technique_ends:
        return False
    if part_or_substrate(words):
        return False
    if len(words) == 1:  # "hard-thresholding", "back-propagation"; not "fine-tuning"
        return last in W.tech_heads or last in W.technique_ends
    if last in _KIND_HEADS:  # or one hyphened noun: "the log-barrier method", "k-means algorithm"
        return len(words) >= 3 or bool(_NAMING_COMPOUND_RE.fullmatch(words[0]))
    if last in _KIND_OF_HEADS:
        return not all(
            _ADJECTIVE_RE.search(w.lower()) and w.lower() not in W.adjective_nouns
            for w in words[:-1]
        )  # ("topic models": a noun with an adjective's ending)
    return True


#: the heads of a family of networks
_NETWORK_HEADS = frozenset(["network", "networks", "net", "nets"])
#: the paper's own network, unnamed, right before: "we propose a recurrent network that ...",
#: "we introduce an exceptionally simple gated recurrent neural network"
_OWN_UNNAMED_RE = re.compile(
    r"\b(?:propos|present|introduc|develop|design|describ|build|construct)\w*\s+(?:an?|the)\s+"
    r"(?:[\w\-]+\s+){0,2}$",
    re.I,
)


def network_family(v: Vocab, text: str, start: int, words: list[str]) -> bool:
    """Whether a lower-case phrase at `start` names a family of networks ("recurrent networks",
    "radial basis function networks", "stochastic neural networks", "scattering network"),
    which the guide counts as a well-known technique: a network head after modifiers that name
    no part or substrate (:func:`names_technique`), nor how the network is wired, sized,
    trained, built or used (words.json ``net_shape_words``: "fully-connected networks", "batch
    normalized network", "depth-3 networks", "the classifier networks"); one family, not two
    ("convolutional and recurrent networks"); no count first ("two-layer"); not the paper's own
    unnamed network ("we propose a recurrent network that")."""
    if len(words) < 2 or words[-1] not in _NETWORK_HEADS or not " ".join(words).islower():
        return False
    window = max(0, start - 40)
    return not (
        any(w in ("and", "or") for w in words)
        or any(part in W.net_shape_words for w in words[:-1] for part in w.split("-"))
        or _COUNT_FIRST_RE.match(words[0])
        or _OWN_UNNAMED_RE.search(text, window, start)
        or _OWN_BEFORE_RE.search(text, window, start)
        or not names_technique(v, words)
    )


def cued_model_methods(
    v: Vocab,
    text: str,
    spans: list[ModelSpan],
    cands: list[Candidate],
    propose: list[tuple[int, int]],
    sent_of: Callable[[int], Sent],
) -> list[Candidate]:
    """A lower-case technique the span model reads as a Method (p at least
    ``USE_MODEL["cued_method"]``) right after a cue of use or comparison ("coupled with frame
    interpolation", "using the log-barrier method", "such as weight clustering or vector
    quantization"), or right before a used method it is listed with by "and"/"or" ("combines
    advantage-weighted regression and QT-Opt"): whatever its head noun, which the rule of
    :func:`compared_phrases` needs. Not a vague first word, a generic word, a field or metric, a
    single plain word, nor more than five words; a plural kind noun after the name is left out
    ("random search methods"), and so is a count before it ("four-round pruning"). Not after
    "via" in the sentence of a proposal cue: "We present X, which ... via a hierarchical lattice
    sweep" describes the paper's own system, whose unnamed parts the guide leaves out ("We
    propose X, trained with nuclear norm minimization" names a method it uses)."""
    at = USE_MODEL["cued_method"]
    if at is None:
        return []
    out: list[Candidate] = []
    ends: set[int] = {c.end for c in cands if c.type is EntityType.METHOD}
    starts: set[int] = {c.start for c in cands if c.type is EntityType.METHOD}
    for start, end, label, score in sorted(spans):
        if label is not EntityType.METHOD or score < at:
            continue
        phrase = text[start:end]
        kind = _KIND_AFTER_RE.search(phrase)
        if kind and kind.start() > 0:
            end = start + kind.start()
            phrase = text[start:end]
        words = phrase.split()
        if not words or _COUNT_FIRST_RE.match(words[0]):
            continue
        s0 = sent_of(start).start_char
        before = text[max(0, start - 60) : start]
        cued = _CUE_BEFORE_RE.search(before)
        proposing = any(s0 <= ps < start for ps, _ in propose)
        if cued and _OWN_MEANS_RE.match(cued.group(0)) and proposing:
            continue  # "We present X, which resolves this via a hierarchical lattice sweep"
        if not cued and not proposing:
            cued = _named_by_kind(v, text, before, start, end, kind)
        if not cued:
            item = _LIST_BEFORE_RE.search(before)
            cued = item is not None and (start - len(item.group(0))) in ends
        if not cued and item is not None:  # "uses <a field> or <technique>"
            cued = _LISTED_AFTER_CUE_RE.search(before[: len(before) - len(item.group(0))])
        if not cued:  # or the next item, joined by "and"/"or", is: "A and QT-Opt"
            nxt = _LIST_AFTER_RE.match(text, end)
            cued = nxt is not None and nxt.end() in starts
        # or a passive verb of use after it: "nuclear norm minimization is employed to ...",
        # "trace norm regularization based estimators", or what it has shown ("diffusion-based
        # planners have shown strong performance"); a sentence may open with it ("Minwise
        # hashing is used")
        opening = not text[s0:start].strip() and phrase[1:] == phrase[1:].lower()
        used_after = not cued and _USED_AFTER_RE.match(text, end) is not None
        key = name_key(phrase)
        inner = overlapping(cands, start, end, typed=True)
        # a known one-word family inside the span gives way to its named kind: "linear
        # autoencoders", "auto-encoder models" (the lexicon's "autoencoder" inside)
        family = [h for h in inner if _family_word(h, text, start, end)]
        if (
            not (cued or used_after)
            or not (phrase[:1].islower() or (used_after and opening))
            or len(family) < len(inner)
            or overlapping(out, start, end)
            or words[0].lower() in W.leading_stop
            or words[0].lower() in W.vague_first
            or key in v.generic
            or key in v.fields
            or key in v.metrics
            or v.type_from_head(phrase) is EntityType.TASK
            or (len(words) == 1 and "-" not in phrase)
            or len(words) > 5
            or not names_technique(v, words)
        ):
            continue
        c = Candidate(start, end, phrase, "lower", role=Role.USES, type=EntityType.METHOD)
        c.confidence, c.model, c.model_score = 0.6, label, score
        out.append(c)
        ends.add(end)
        for h in family:
            h.type = None
    return out


def _named_by_kind(
    v: Vocab, text: str, before: str, start: int, end: int, kind: re.Match[str] | None
) -> bool:
    """A kind noun right after a lower-case technique (or ending the model's span) makes it a
    technique's name: a plural one a class of existing techniques ("with compute-heavy domain
    randomization methods", "exhaustive grid search methods"), a singular one after "the" ("in
    the variational Bayes framework"). Not the paper's own ("our ...", "the proposed ...", "a
    new surrogate-based stochastic search approach"; the caller leaves out a proposal's
    sentence), not a problem's algorithms ("stochastic bandit algorithms") or a class's
    members ("multivariate kernel methods"), not how a technique is run ("parallel training
    methods"), and not the first words of a name the lists know with the kind noun."""
    m = kind if kind is not None and kind.start() > 0 else _KIND_NEXT_RE.match(text, end)
    if m is None:
        return False
    word = m.group(1)
    last = text[:end].rsplit(None, 1)[-1]
    if (
        _OWN_BEFORE_RE.search(before)
        or last.lower() in _CLASS_HEADS
        or text[start:end].split(None, 1)[0].lower() in _EXECUTION_FIRST
        or v.known_label(f"{last} {word}") is EntityType.METHOD
    ):
        return False
    return word.endswith("s") or _THE_BEFORE_RE.search(before) is not None


def _family_word(h: Candidate, text: str, start: int, end: int) -> bool:
    """A one-word lower-case method the lexicon knows ("autoencoder", "auto-encoder"; not
    "stochastic-coordinate-descent", words joined as one) that ends ``[start, end)``, or ends it
    but for a kind noun: "linear autoencoders", "auto-encoder models" (not "dropout training",
    "k-means trees": another thing)."""
    return (
        start <= h.start
        and (h.end == end or _KIND_NOUN_AFTER_RE.fullmatch(text, h.end, end) is not None)
        and h.end - h.start < end - start
        and h.label is EntityType.METHOD
        and h.role is not Role.PROPOSED
        and " " not in h.text
        and h.text.count("-") <= 1
        and h.text.islower()
    )


def drop_unread(cands: list[Candidate]) -> None:
    """A method or dataset only context typed (no list, definition or shape says it, not the
    paper's own) is dropped when the model reads no name of that kind there with p at least
    ``USE_MODEL["drop"]`` (``USE_MODEL["drop_method"]``: methods only)."""
    for c in cands:
        method = c.type is EntityType.METHOD
        threshold = USE_MODEL["drop"]
        if threshold is None and method:
            threshold = USE_MODEL["drop_method"]
        if (
            threshold is not None
            and c.type in (EntityType.METHOD, EntityType.DATASET, EntityType.BENCHMARK)
            and not c.sure
            and c.label is None
            and c.role is not Role.PROPOSED
            and (
                c.model is None
                or (c.model is EntityType.METHOD) != method
                or c.model_score < threshold
            )
        ):
            c.type = None


#: the pieces of a name: "Deep CCA", "screening+Lasso", "b-SPIBB"
_NAME_PIECES_RE = re.compile(r"[\s+/\-\u2013]+")
#: a kind of method right after a name: "the CG method", "Regular SGVB estimators", "the
#: \u201clogD\u201d divergence", "solvers of the SVMStruct family"
_NAMED_KIND_RE = re.compile(
    r"[\"\u201d\u2019'}]?\s+(?:methods?|estimators?|divergences?|loss(?:es)?|librar(?:y|ies)|"
    r"toolbox|toolkit|packages?|software|samplers?|optimizers?|classifiers?|procedures?|"
    r"approach(?:es)?|techniques?|algorithms?|models?|networks?|solvers?|family|framework)\b"
)
#: ... or that a copula calls a kind of method: "Foo is an effective architecture for ..."
_IS_A_KIND_RE = re.compile(
    r"\s+(?:is|was)\s+(?:a|an)\s+(?:[\w\-]+\s+){0,4}?(?:method|algorithm|model|approach|"
    r"technique|framework|architecture|estimator|procedure|scheme|solver)\b"
)


def shape_unread(
    v: Vocab, text: str, cands: list[Candidate], sent_of: Callable[[int], Sent]
) -> None:
    """A name only its shape typed (no list, definition, cue or proposal) is dropped as a used
    method when the span model reads no method there: alone such a word is as often a
    citation key, a symbol or formula glued to words, a garbled PDF word, an app, a brain
    area or a histone mark ("Felz09", "matA", "cyc1opentenol", "MyFitnessPal", "MSTd",
    "H3K36me3") as a method. Kept: a variant of a method the abstract or the lists name
    ("Deep CCA", "b-SPIBB", "screening+Lasso"), a name a kind of method follows ("the CG
    method", "Foo is an effective architecture"), a name the sentence makes a method as it
    makes a lone acronym one (:func:`lone_is_method`: "the QP relaxation", "distributed SVRG
    and multi-core FOO") and a name another mention types."""
    least = USE_MODEL["shape_read"]
    if least is None:
        return
    typed = {
        name_key(c.text) for c in cands if c.type is EntityType.METHOD and "shape" not in c.cues
    }
    for c in cands:
        if (
            c.type is not EntityType.METHOD
            or c.role is not Role.USES
            or "shape" not in c.cues
            or c.label
            or c.hint
            or c.long
            or c.sure
            or (c.model is EntityType.METHOD and c.model_score >= least)
            or c.model is EntityType.DATASET  # the graph's other papers may say data
            or name_key(c.text) in typed
            or _NAMED_KIND_RE.match(text, c.end)
            or _IS_A_KIND_RE.match(text, c.end)
        ):
            continue
        sent = sent_of(c.start)
        if lone_is_method(c, text, sent.start_char, sent.end_char, cands):
            continue
        pieces = [p for p in _NAME_PIECES_RE.split(c.text) if p]
        if len(pieces) > 1 and any(
            name_key(p) in typed or v.known_label(p) is EntityType.METHOD for p in pieces
        ):
            continue
        c.type = None


def plain_sampling(cands: list[Candidate]) -> None:
    """A sampling that only says how it draws is no method, whatever typed it: "uniform
    sampling", "non-adaptive sampling", "efficient sampling" (``W.sampling_manners``)."""
    for c in cands:
        words = c.text.lower().split()
        if (
            c.type is EntityType.METHOD
            and len(words) > 1
            and words[-1] in ("sampling", "sampler", "samplers")
            and all(w in W.sampling_manners for w in words[:-1])
        ):
            c.type = None


def _as_mention(c: Candidate, sent: Sent) -> dict[str, Any]:
    # markdown bold left inside words: "con**T**extualized" -> "conTextualized"
    long = c.long.replace("**", "") if c.long else None
    name, aliases = c.text.replace("**", ""), [long] if long else []
    if c.head:  # "temporal difference (TD) learning": the paper's name is "TD learning"
        name, aliases = f"{name} {c.head}", [*aliases, name]
    if long and sum(w[:1].isupper() for w in long.split()) < len(long.split()) / 2:
        name, aliases = long, [name]  # "flow matching models (FMs)": the words say more
    return {
        "name": name,
        "short": c.text.replace("**", "") if long else None,
        "long": long,
        "type": c.type.value if c.type else None,
        "role": c.role.value if c.role else None,
        "confidence": c.confidence,
        "aliases": aliases,
        "start": c.start,
        "end": c.end,
        "sent_start": sent.start_char,
        "sent_end": sent.end_char,
        **({"own_kind": True} if "own_kind" in c.cues else {}),
    }
