"""Lists: what a coordinated list of names ("on X, Y and Z", "such as X", "datasets: A, B")
says about each name in it. :func:`list_trigger` finds what heads a candidate's list (used by
:func:`kg.extract.context.decide`); :func:`type_lists` then makes the names of one list one kind
of thing.
"""

from __future__ import annotations

import re
from itertools import pairwise

from kg.extract.spans import USE_MODEL, Candidate, model_says_name
from kg.extract.words import Vocab, W, languages_only
from kg.model import EntityType, Role

#: Trigger char spans by kind ("propose", "data", "compare"), found by the PhraseMatcher.
Triggers = dict[str, list[tuple[int, int]]]

# between two items of one list: "X, Y", "X and Y", "X (ours), and Y"
# or parallel results: "1.9x on X, 1.7x on Y, and 1.8x on Z"
LIST_JOIN_RE = re.compile(
    r"\)?(?:\s*\([^()]{0,40}\))?\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)"
    r"(?:\S*\d\S*\s+(?:on|for|with)\s+)?"
)
KIND = {
    EntityType.METHOD: "method",
    EntityType.DATASET: "data",
    EntityType.BENCHMARK: "data",
    EntityType.TASK: "task",
    EntityType.METRIC: "metric",
}
_LIST_SEP_RE = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*\(\s*|:\s*|/)\Z")
# between a trigger and the list: "the", numbers and at most two adjective-like words
_GAP_RE = re.compile(
    r"[\s,]*(?:the\s+|a\s+|an\s+|\d+\s+|(?:[a-z]+(?:al|ic|ive|ing|ous|ard|ern|ent|ble|ar|ary|ful|"
    r"less|ed|ar)|[a-z]+-[a-z\-]+|several|multiple|various|diverse|six|two|three|four|five|many|"
    r"both|public|popular|standard|common|widely-used|real-world|large-scale|open)\s+){0,3}"
    r"(?:\(\s*)?"
)
_WE_BEFORE_RE = re.compile(r"\b[Ww]e\s+(?:\w+ly\s+)?$")
_LIST_LEAD_NOUN_RE = re.compile(r"([a-z][\w\-]*)\s*$")
_LOWER_WORD_END_RE = re.compile(r"(?<![\w\-])([a-z][\w\-]*)$")
# a short note in brackets after a list item, ending where the separator starts
_NOTE_END_RE = re.compile(r"\s*\([^()]{1,40}\)$")
# a plural data noun, and a count of things
_PLURAL_DATA = r"(?:datasets|data[\s\-]sets|benchmarks|corpora|treebanks|databases)"
_COUNT = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
# a count of data before the comma that opens the list of their names
_COUNTED_DATA_RE = re.compile(r"\b" + _COUNT + r"\s+(?:[\w\-]+\s+){0,3}" + _PLURAL_DATA + "$")
# the counted data open the sentence: "On three datasets, A ..."
_FRONTED_RE = re.compile(r"\s*(?:[A-Z]\w*,\s*)?(?:On|In|Across|Over|For|With)\s+")
# ... unless the names are set off by commas before the clause: "Over two benchmarks, Foo and
# Bar Baz, our model ...", "On two datasets, namely, Foo and Bar, it ..."
_LIST_NAME = r"[A-Z0-9][^\s,]*(?:\s[A-Z0-9][^\s,]*){0,3}"
_SET_OFF_LIST_RE = re.compile(
    r",\s*(?:(?:namely|i\.e\.|viz\.),?\s+)?" + _LIST_NAME + r"(?:,\s*" + _LIST_NAME + r")*,?\s+"
    r"(?:and|or)\s+" + _LIST_NAME + r"\s*,"
)
# a clause's subject after a fronted phrase: "On ImageNet, DSD improved ...", "Evaluated across
# various scenarios, RONAR outperforms ..." (not a list item: "LSUN bedrooms, CelebA faces, ...")
_COMMA_END_RE = re.compile(r",\s*\Z")
_VERB_NEXT_RE = re.compile(
    r"\s+(?:[a-z]+ly\s+)?(?:is|are|was|were|has|have|had|can|could|may|will|would|does|did|"
    r"(?!(?:images|faces|tasks|games|datasets|benchmarks|environments|domains|scenes|videos|"
    r"samples|sets|results|models|networks|digits|words|documents|graphs|instances|based)\b)"
    r"[a-z]+(?:s|ed))\b(?!\s*(?:[,)]|and\b|or\b))"
)
# a list item ends at a separator, not before its head word ("Foo information", "Bar-based",
# "Baz's criterion")
_ITEM_END_RE = re.compile(r"\s*(?:[,;.)]|(?:and|or)\b)")
_POSSESSIVE_RE = re.compile(r"['’]s?\b")
# after the last item of a list of methods: no head word they share
_LIST_END_RE = re.compile(
    r"\s*(?:[,;.:]|\)(?!\s+[a-z])|$|(?:and|or|that|which|while|to|in|on|for|with|is|are|was|"
    r"were|has|have|can|could|may|achieve\w*|outperform\w*|perform\w*)\b)"
)
_BRACKET_AFTER_RE = re.compile(r"\b([A-Z][\w\-]*)\s*\(\s*$")
# a capitalised list word before or after the names that is no candidate (an organisation's)
_CAP_BEFORE_RE = re.compile(r"\b[A-Z][\w\-]*\s*,\s*(?:and\s+|or\s+)?$")
_CAP_AFTER_RE = re.compile(r"\s*,\s*(?:and\s+|or\s+)?[A-Z]")
_AND_RE = re.compile(r"\s+(?:and|or)\s+")
_BY_PEOPLE_RE = re.compile(r"(?:\bby|\bworks?\s+of)\s+$")
# plural kind-of-method nouns that open a bracket or colon list of their names
_METHOD_NOUNS = frozenset(
    w for w in W.method_cue_words if w.endswith("s") and w not in ("works", "efforts")
)
# a bracket of citations: "(Foo, Bar, & Baz, 2002)", "(Foo et al.)"
_CITED_RE = re.compile(r"[^()]*(?:\b(?:19|20)\d\d\b|&|\bet al\b)")
_LIST_WORDS = frozenset(["including", "include", "includes", "such as", "e.g.", "e.g.,", "like"])
# a plural data noun right before the list word: "datasets such as A, B and C", "benchmarks,
# including A and B", "corpora like A" — the names listed are data (not "methods such as A")
_DATA_NOUN_LIST_RE = re.compile(r"\b" + _PLURAL_DATA + r"\s*,?\s*(?:\(\s*)?\Z")
# a count of data set off after the list of their names: "on Foo, Bar and Baz, three popular
# benchmarks", "(Foo and Bar), two public datasets"
_COUNTED_APPOS_RE = re.compile(
    r"\)?\s*,\s*(?:the\s+)?(?:"
    + _COUNT
    + r"|several|multiple)\s+(?:[\w\-]+\s+){0,3}"
    + _PLURAL_DATA
    + r"\b"
)
_PLURAL_DATA_RE = re.compile(_PLURAL_DATA)
# ... or "namely" / "i.e." after it: "four benchmark datasets, namely A, B and C"
_DATA_NOUN_NAMELY_RE = re.compile(r"\b" + _PLURAL_DATA + r"\s*,?\s*(?:namely|i\.e\.|viz\.),?\s*\Z")


def listed_with_a_name(c: Candidate, text: str, cands: list[Candidate]) -> bool:
    """The candidate stands in a coordinated list next to a known or typed name ("CORD,
    FUNSD and SROIE", "TTT-Linear and TTT-MLP"): the list says it is a name too."""
    i = cands.index(c)
    prev = cands[i - 1] if i > 0 else None
    nxt = cands[i + 1] if i + 1 < len(cands) else None
    return bool(
        (prev and (prev.type or prev.label) and LIST_JOIN_RE.fullmatch(text, prev.end, c.start))
        or (nxt and nxt.label and LIST_JOIN_RE.fullmatch(text, c.end, nxt.start))
    )


def listed_with_data(c: Candidate, text: str, cands: list[Candidate]) -> bool:
    """The candidate stands in a coordinated list next to a known data name ("on MNIST,
    mini-imagenet")."""
    return any(
        (o.type or o.label) in (EntityType.DATASET, EntityType.BENCHMARK)
        and (
            LIST_JOIN_RE.fullmatch(text, o.end, c.start)
            or LIST_JOIN_RE.fullmatch(text, c.end, o.start)
        )
        for o in cands
        if o is not c
    )


def clause_subject(text: str, s0: int, c: Candidate, cands: list[Candidate]) -> bool:
    """The candidate opens a clause after a comma that ends a fronted phrase of one item ("On
    ImageNet, DSD improved ..."): it stands in no list with that item (unlike the last name of
    "such as A, B, C are ...")."""
    comma = _COMMA_END_RE.search(text, s0, c.start)
    if not comma or not _VERB_NEXT_RE.match(text, c.end):
        return False
    prev = next((o for o in cands if o.end == comma.start() and o.start >= s0), None)
    words = text[s0 : comma.start()].split() or [""]
    item = prev.start if prev else comma.start() - len(words[-1])
    return not _LIST_SEP_RE.search(text, s0, item)


def type_lists(text: str, cands: list[Candidate]) -> None:
    """Names in one coordinated list ("on X, Y and Z") are one kind of thing: a name typed
    only by its context takes the type of the known names (gazetteer, definition, model
    size) beside it, when they agree and are at least half the list: "on Llama-2-7B and
    Foo" makes Foo a model."""
    typed = [c for c in cands if c.type or c.cues & {"plain", "plain_title", "unsaid"}]
    groups: list[list[Candidate]] = []
    for prev, c in zip([None, *typed], typed, strict=False):
        if (
            prev is not None
            and LIST_JOIN_RE.fullmatch(text, prev.end, c.start)
            and not clause_subject(text, 0, c, typed)
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
    for group in groups:
        if len(group) < 2:
            continue
        listed_data(group)
        unsaid = [c for c in group if c.type is None and "unsaid" in c.cues]
        plain = [c for c in group if c.type is None and "plain" in c.cues]
        titled = [c for c in group if c.type is None and "plain_title" in c.cues]
        group = [c for c in group if c.type]
        sure_kinds = {KIND[c.type] for c in group if c.sure and c.type}
        if unsaid and len(sure_kinds) == 1 and len(group) >= max(2, 2 * len(unsaid)):
            for c in unsaid:  # "(ReLU, LReLU, PReLU, ELU)": a known name among its kind
                if c.hint and KIND[c.hint] in sure_kinds:
                    role = Role.USES if KIND[c.hint] == "method" else Role.EVALUATED_ON
                    c.type, c.role, c.confidence = c.hint, role, 0.6
        said = {KIND[c.type] for c in group if c.type and not _by_shape(c)}
        if said == {"data"} and "propose" not in group[0].cues:
            data_items(group, plain)
        elif said == {"method"}:
            method_items(text, group, plain + titled)
        if len(group) < 2:
            continue
        first = group[0]
        if "propose" in first.cues and first.label is None and first.type:
            for c in group[1:]:  # "we introduce two new benchmarks, A and B": both are new
                if c.label is None and not c.long:
                    c.cues.add("propose")
                    c.type, c.role, c.confidence = first.type, first.role, first.confidence
            continue
        sure = [KIND[c.type] for c in group if c.sure and c.type]
        known = set(sure)
        if len(known) != 1 or 2 * len(sure) < len(group):
            continue  # "CART, ID3, C4, MARS": one known name is no majority
        kind = known.pop()
        for c in group:
            if c.sure or c.role is Role.PROPOSED or c.type is None or KIND[c.type] == kind:
                continue
            if kind == "method":
                c.type, c.role = EntityType.METHOD, Role.USES
            else:
                c.type, c.role = EntityType.DATASET, Role.EVALUATED_ON


_DATA_TYPES = (EntityType.DATASET, EntityType.BENCHMARK)


def _reads_data(c: Candidate) -> bool:
    return c.model is EntityType.DATASET and model_says_name(c, USE_MODEL["list_data"])


def listed_data(group: list[Candidate]) -> None:
    """Next to a known data name and no known method, a name the span model reads as data is
    data too, where the lists know it as data but only with a cue ("benchmarks, FDDB and WIDER
    FACE") or only its context made it a method ("social networks such as BlogCatalog, Flickr,
    and YouTube")."""
    kinds = [KIND[c.type] if c.sure and c.type else None for c in group]
    for i, c in enumerate(group):
        beside = {kinds[j] for j in (i - 1, i + 1) if 0 <= j < len(group)} - {None}
        if beside != {"data"} or not _reads_data(c) or c.sure or c.label is not None:
            continue
        if c.type is None and "unsaid" in c.cues and c.hint in _DATA_TYPES:
            c.type, c.role, c.confidence = c.hint, Role.EVALUATED_ON, 0.6
        elif (
            c.type is EntityType.METHOD
            and c.role is not Role.PROPOSED
            and c.hint in (None, *_DATA_TYPES)
        ):
            c.type, c.role, c.confidence = EntityType.DATASET, Role.EVALUATED_ON, 0.6


def _by_shape(c: Candidate) -> bool:
    """A Method only by its shape: a name-shaped word nothing around it typed."""
    return c.type is EntityType.METHOD and "shape" in c.cues and not (c.label or c.long)


def data_items(group: list[Candidate], plain: list[Candidate]) -> None:
    """The other items of a list whose typed names are all data are data too: a capitalised
    word nothing typed ("on the CUB-200-2011, Oxford 102 Flowers and Leafsnap datasets"; with
    a name only its context made data, "Experiments on Foo and Bar-10", as many such names as
    plain words) and a name-shaped word only its shape made a Method ("applied to Bar-10 and
    Foo-Baz")."""
    shaped = [c for c in group if _by_shape(c)]
    data = len(group) - len(shaped)
    plain = [c for c in plain if not languages_only(c.text)]
    if plain and data >= len(plain):
        for c in plain:
            c.type, c.role, c.confidence = EntityType.DATASET, Role.EVALUATED_ON, 0.6
    if data >= len(shaped):
        for c in shaped:
            c.type, c.role, c.confidence = EntityType.DATASET, Role.EVALUATED_ON, 0.6
            c.cues.discard("shape")


def method_items(text: str, group: list[Candidate], plain: list[Candidate]) -> None:
    """The capitalised words nothing typed in a list whose typed names are all methods, one of
    them known, are methods too ("compared with Foo, Bar and XGBoost"), when the methods are at
    least as many; not a language ("English and BERT") nor a word the span model reads as data."""
    items = sorted((*group, *plain), key=lambda c: c.start)
    if any(_POSSESSIVE_RE.match(text, c.end) for c in items) or _BY_PEOPLE_RE.search(
        text, max(0, items[0].start - 20), items[0].start
    ):
        return  # "Foo and Bar's model", "the work of Foo and Bar": people, not methods
    if not _LIST_END_RE.match(text, items[-1].end):
        return  # "the Foo and Bar-Baz divergences": names of a shared head word
    if any(")" in (gap := text[a.end : b.start]) and "(" not in gap for a, b in pairwise(items)):
        return  # "PDEs (Foo, bar, and Baz), OurNet ...": a bracket closes between them
    if _CAP_BEFORE_RE.search(text, max(0, items[0].start - 40), items[0].start) or (
        _CAP_AFTER_RE.match(text, items[-1].end)
    ):
        return  # "(Acme, Foo, Bar, Baz)": the list goes on with words no name reading kept
    if any(c.role is Role.PROPOSED or "propose" in c.cues for c in items):
        return  # "(Foo, bar and Baz), OurNet is ...": the paper's own name ends no list of others
    acronym = _BRACKET_AFTER_RE.search(text, max(0, items[0].start - 30), items[0].start)
    if acronym and [w[:1] for w in (c.text for c in items)] == re.findall(
        r"[A-Z]", acronym.group(1)
    ):
        return  # "FVB (Foo, Verify, Bar)": the words an acronym stands for, not methods
    sure = [c for c in group if c.sure]
    # (not "Foo and Bar Iteration", "Foo and Bar-Baz divergences": a word the next name ends)
    shared = {
        a.start
        for a, b in pairwise(items)
        if " " in b.text and _AND_RE.fullmatch(text, a.end, b.start)
    }
    plain = [
        c
        for c in plain
        if c.start not in shared
        and not languages_only(c.text)
        and c.model not in (EntityType.DATASET, EntityType.BENCHMARK, EntityType.TASK)
        and _ITEM_END_RE.match(text, c.end)
    ]
    if plain and sure and 2 * len(group) >= len(plain):
        for c in plain:
            c.type, c.role, c.confidence = EntityType.METHOD, Role.USES, 0.6


def list_trigger(
    v: Vocab, c: Candidate, text: str, s0: int, trig: Triggers, cands: list[Candidate]
) -> tuple[str, int] | None:
    """What heads the list this candidate stands in ("on X, Y and Z", "such as X"):
    ("on" | "list" | "datalist" | "datanoun" | "datasuch" | "compare", start of the trigger) or
    None; "datasuch" is a list a plural data noun opens with "such as" / "including" / "namely"
    (the caller reads it as "datanoun")."""
    pos = c.start
    if clause_subject(text, s0, c, cands):
        return None
    last = c  # the list's last item, then a count of data set off after it
    for o in cands[cands.index(c) + 1 :] if c in cands else []:
        if not LIST_JOIN_RE.fullmatch(text, last.end, o.start):
            break
        last = o
    i = cands.index(c) if c in cands else 0
    joined = i > 0 and LIST_JOIN_RE.fullmatch(text, cands[i - 1].end, c.start)
    if (last is not c or joined) and _COUNTED_APPOS_RE.match(text, last.end):
        return "datasuch", c.start  # "on Foo, Bar and Baz, three popular benchmarks"
    ends = {o.end: o for o in cands if s0 <= o.start < c.start}
    # walk left over list items: names, or one lower-case word ("IOI, arithmetic, MMLU")
    for _ in range(10):
        m = _LIST_SEP_RE.search(text, s0, pos)
        if not m:
            break
        if "(" in m.group() or ":" in m.group():
            noun = _LIST_LEAD_NOUN_RE.search(text[s0 : m.start()])
            if noun and noun.group(1) in v.data_heads:
                return "datanoun", s0 + noun.start(1)  # "four datasets: A, B", "(A and B)"
            if (
                noun
                and noun.group(1) in _METHOD_NOUNS
                and "(" in m.group()
                and c.long is None
                and not _CITED_RE.match(text, m.end())
            ):
                return "methodnoun", s0 + noun.start(1)  # "three baselines (A, B and C)"
            pos = m.start()
            break
        prev = ends.get(m.start())
        if prev is None and (note := _NOTE_END_RE.search(text, s0, m.start())):
            prev = ends.get(note.start())  # "on both A (with noise) and B (without)"
        if prev is not None:
            pos = prev.start
            continue
        w = _LOWER_WORD_END_RE.search(text[s0 : m.start()])
        # "on three public QA datasets, A, B and C" (not "On three datasets, A beats B")
        if (
            w
            and m.group().strip() == ","
            and _COUNTED_DATA_RE.search(text, s0, m.start())
            and (not _FRONTED_RE.match(text, s0) or _SET_OFF_LIST_RE.match(text, m.start()))
        ):
            return "datanoun", s0 + w.start(1)
        if (
            w
            and w.group(1) in _METHOD_NOUNS
            and m.group().strip() == ","
            and _SET_OFF_LIST_RE.match(text, m.start())
        ):
            return "methodnoun", s0 + w.start(1)  # "two baselines, Foo and Bar, ..."
        if w and w.group(1) not in ("and", "or"):
            pos = s0 + w.start(1)
            continue
        break
    if (m := _DATA_NOUN_NAMELY_RE.search(text, s0, pos)) is not None:
        return "datasuch", m.start()  # "datasets, namely A, B and C"
    # the last trigger before the list, with at most two modifier words in between
    best: tuple[str, int] | None = None
    for kind in ("data", "compare"):
        for ts, te in trig[kind]:
            if s0 <= ts and te <= pos and _GAP_RE.fullmatch(text, te, pos):
                word = text[ts:te].lower()
                if kind == "data" and _WE_BEFORE_RE.search(text, max(s0, ts - 12), ts):
                    continue  # "we benchmark X against Y": a verb, not the data noun
                if kind == "data" and word in ("on", "across"):
                    label = "on"
                elif word in _LIST_WORDS:
                    label = "list"
                    if _DATA_NOUN_LIST_RE.search(text, s0, ts):
                        label = "datasuch"  # "datasets such as A, B and C"
                elif kind == "data":
                    label = "datalist"  # "datasets X and Y"
                    if _PLURAL_DATA_RE.fullmatch(word) and not text[te:pos].strip():
                        label = "datasuch"  # "the benchmarks Foo, Bar and Baz": named data
                else:
                    label = "compare"
                if best is None or ts > best[1]:
                    best = (label, ts)
    return best
