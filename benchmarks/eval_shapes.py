"""How much kg finds of names it cannot know from a list: gold names swapped for made-up ones.

    python benchmarks/eval_shapes.py [--set dev --set tune …] [--seed 0] [--verbose]

kg's rules are read on the tune sets and its name lists hold the names those sets use, so its
scores there overstate what it finds in new text. This yardstick takes every gold DATA name
(datasets and benchmarks) and every name-shaped gold METHOD name (methods and proposed;
``kg.evalsets.name_shaped``, the `scirex-named` scope) that occurs verbatim in its abstract,
replaces each occurrence of it and of its listed alternatives (in any case, in the abstract and
the title) with a made-up name of the same shape — every letter swapped for a random one of its
kind (vowel for vowel, consonant for consonant, case kept), digits, hyphens, spaces and length
in place; lower-case ordinary words ("of", "the", "games") are kept; an acronym of another
alternative is made from that one's made-up letters ("Penn Treebank (PTB)" → "Tozp Vziabivn
(TVB)") — and extracts the real and the perturbed abstracts in one ``extract_papers`` call. A
made-up name is never an ordinary word or a name kg's gazetteers know (it is drawn again), and
it is the same for a given ``--seed``.

Per set and pooled, per type: `names` perturbed; `real` and `made-up`, how many kg finds with
the real name and with the made-up one (found: a mention whose name matches by key, as ``kg
eval`` matches, with the right type: DATA = Dataset or Benchmark, METHOD = Method); `lost`,
found real and not made-up; `wrong type`, found with another type (a typing error, not a missed
candidate); `skipped`, entities in the abstract left as they are because a form of them there
has nothing to make up ("behavior cloning (BC)": the acronym must stay that of its words). The
gap between `real` and `made-up` is what the name lists, not the rules, find. ``--verbose``
lists the names lost with their sentence and what kg made of them; ``--keep-heads`` keeps a
capitalised ordinary word that ends a name ("Foo Bar Networks"), the cue a new name would have.

The default sets are those helpers may read (dev, tune … tune6); the unseen sets are scored
by the lead with totals only (no ``--verbose``).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kg.model import Paper

READABLE_SETS = ("dev", "tune", "tune2", "tune3", "tune4", "tune5", "tune6")
#: gold lists per type, and the predicted types that count as found
KINDS = {
    "DATA": (("datasets", "benchmarks"), frozenset({"dataset", "benchmark"})),
    "METHOD": (("methods", "proposed"), frozenset({"method"})),
}
VOWELS = "aeiou"
CONSONANTS = "bcdfghjklmnprtvwz"  # no s (a plural), q, x, y
_RUN = re.compile(r"[A-Za-z]+")
_TRIES = 200
#: (set, gold paper id, the paper extraction reads for it, its gold entities)
Item = tuple[str, str, "Paper", dict[str, list[str]]]


# --- made-up names --------------------------------------------------------------------------


@cache
def lexicon_keys() -> frozenset[str]:
    """The keys of every name kg's gazetteers know, and of each of their words."""
    from kg.extract.resources import all_gazetteer_entries, name_key

    keys = set()
    for entry in all_gazetteer_entries():
        keys.add(name_key(entry.pattern))
        keys.update(name_key(w) for w in re.split(r"[\s\-]+", entry.pattern))
    return frozenset(keys - {""})


@cache
def ordinary_words() -> frozenset[str]:
    """Lower-case words of ordinary text: spaCy's English stop words, kg's word lists, the
    lower-case words of the bundled sample and, when ``../shared`` is there, of the paperlists
    abstracts (those in at least two)."""
    import json
    from collections import Counter

    from spacy.lang.en.stop_words import STOP_WORDS

    from kg.evaluate import shared_dir
    from kg.extract.resources import DATA_DIR, word_data
    from kg.sources import read_sources

    words = set(STOP_WORDS)
    for entry in word_data().values():
        words.update(w for w in entry.get("words", []) if isinstance(w, str))
    words.update((DATA_DIR / "generic.txt").read_text(encoding="utf-8").split())
    counts: Counter[str] = Counter()
    texts = [p.abstract for p in read_sources(None).papers]
    for path in sorted((shared_dir() / "data" / "paperlists").glob("*.json")):
        texts += [r.get("abstract") or "" for r in json.loads(path.read_text(encoding="utf-8"))]
    for text in texts:
        counts.update(set(re.findall(r"(?<![\w-])[a-z]+(?![\w-])", text)))
    words.update(w for w, n in counts.items() if n >= 2)
    return frozenset(w.lower() for w in words if w.isalpha())


def taken_by_lexicon(piece: str) -> bool:
    """A name kg's gazetteers know (or a word of one), or an ordinary word."""
    from kg.extract.resources import name_key

    key = name_key(piece)
    return (bool(key) and key in lexicon_keys()) or (
        len(piece) > 1 and piece.isalpha() and piece.lower() in ordinary_words()
    )


def _shaped_like(run: str, rng: random.Random) -> str:
    """Letters of the same kind and case as `run`'s; a plural "s" at the end is kept."""
    out = []
    for i, ch in enumerate(run):
        if ch.lower() == "s" and i == len(run) - 1 and i > 2:
            out.append(ch)
            continue
        pool = VOWELS if ch.lower() in VOWELS else CONSONANTS
        letter = rng.choice(pool)
        out.append(letter.upper() if ch.isupper() else letter)
    return "".join(out)


def _with_case(letters: str, like: str) -> str:
    return "".join(
        c.upper() if o.isupper() else c.lower() for c, o in zip(letters, like, strict=True)
    )


def acronym_positions(short: str, long: str) -> list[int] | None:
    """Where `short`'s letters are in `long`: its words' first letters (with its capitals) if
    they spell it, else aligned from the right as Schwartz and Hearst do (the first letter
    starts a word); None if they are not there."""
    starts = [m.start() for m in _RUN.finditer(long)]
    capitals = sorted({*starts, *(i for i, c in enumerate(long) if c.isupper())})
    for at in (starts, capitals):
        if "".join(long[i] for i in at).lower() == short.lower():
            return at
    positions = []
    j = len(long) - 1
    for i in range(len(short) - 1, -1, -1):
        ch = short[i].lower()
        while j >= 0 and (long[j].lower() != ch or (i == 0 and j > 0 and long[j - 1].isalnum())):
            j -= 1
        if j < 0:
            return None
        positions.append(j)
        j -= 1
    return positions[::-1]


def acronym_like(text: str) -> bool:
    """Letters all capitals ("PTB", "SA-GD"), or a short word with two ("MoE", "FoTa")."""
    letters = "".join(_RUN.findall(text))
    capitals = sum(c.isupper() for c in letters)
    return len(letters) > 1 and (letters.isupper() or (capitals > 1 and len(letters) <= 8))


@dataclass
class Faker:
    """Made-up names for one paper: a letter run is made up once ("CIFAR" in "CIFAR-10" and
    "CIFAR-100" alike), in any case, and two runs never get the same one."""

    rng: random.Random
    taken: Callable[[str], bool] = taken_by_lexicon
    keep: Callable[[str], bool] = lambda word: word.lower() in ordinary_words()
    #: keep a capitalised ordinary word that ends a name of several words ("Foo Networks")
    keep_heads: bool = False
    runs: dict[str, str] = field(default_factory=dict)  # lower-case run -> made-up

    def name(self, text: str, alternatives: Sequence[str] = ()) -> str:
        """`text` made up: its lower-case ordinary words kept, every other letter run swapped
        (an acronym of one of `alternatives` takes that one's made-up letters)."""
        runs = _RUN.findall(text)
        letters = "".join(runs)
        if acronym_like(text) and any(r.lower() not in self.runs for r in runs):
            for long in alternatives:
                if long != text and (at := acronym_positions(letters, long)) is not None:
                    self._spell(text, runs, long, at)
                    break
        for _ in range(_TRIES):
            fresh: dict[str, str] = {}
            out = self._swap(text, fresh)
            if not fresh or not (
                self.taken(out) or any(self.taken(r) for r in fresh.values() if len(r) > 1)
            ):
                self.runs.update(fresh)
                return out
        raise RuntimeError(f"no made-up name for {text!r} in {_TRIES} tries")

    def _spell(self, text: str, runs: list[str], long: str, at: list[int]) -> None:
        """Make acronym `text` up from the made-up letters of `long` at `at`, drawing `long`
        again while that spells a taken name (in the end, the acronym is made up alone)."""
        for _ in range(20):
            before = set(self.runs)
            made = iter(self.name(long)[i] for i in at)
            spelt = {r.lower(): "".join(next(made) for _ in r).lower() for r in runs}
            out = _RUN.sub(lambda m, sp=spelt: _with_case(sp[m[0].lower()], m[0]), text)
            if not self.taken(out) and not any(self.taken(v) for v in spelt.values() if v[1:]):
                for r, v in spelt.items():
                    self.runs.setdefault(r, v)
                return
            for r in set(self.runs) - before:  # long's own runs, drawn for this
                del self.runs[r]

    def _swap(self, text: str, fresh: dict[str, str]) -> str:
        tokens = list(re.finditer(r"\S+", text))

        def word(m: re.Match[str]) -> str:
            token = m[0]
            if token.lower() == token and not re.search(r"\d", token):  # "chain-of-thought"
                return _RUN.sub(lambda r: r[0] if self.keep(r[0]) else run(r, token), token)
            if self.keep_heads and len(tokens) > 1 and m is tokens[-1] and self.keep(token):
                return token
            return _RUN.sub(lambda r: run(r, token), token)

        def run(m: re.Match[str], token: str) -> str:
            if len(m[0]) == 1 and m.start() and token[m.start() - 1] in "0123456789'’":
                return m[0]  # a unit after a number, a possessive: "1.3B", "50K", "Foo's"
            low = m[0].lower()
            made = self.runs.get(low) or fresh.get(low)
            if made is None:
                used = set(self.runs.values()) | set(fresh.values())
                made = _shaped_like(low, self.rng)
                if made in used:  # two runs never share a made-up one; draw again next try
                    made = _shaped_like(low, self.rng)
                fresh[low] = made
            return _with_case(made, m[0])

        return (
            "".join(
                text[end : m.start()] + word(m)
                for end, m in zip([0, *(t.end() for t in tokens)], tokens, strict=False)
            )
            + text[tokens[-1].end() if tokens else 0 :]
        )


# --- perturbing a paper ---------------------------------------------------------------------


@dataclass
class Swap:
    """One gold entity of a paper: its type, real alternatives and their made-up ones."""

    kind: str
    real: list[str]
    made_up: list[str]
    shown: str  # the alternative that occurs in the abstract


def gold_entities(gold: dict[str, list[str]]) -> list[tuple[str, list[str]]]:
    """(type, alternatives) of the gold entities to perturb: every DATA one, and the METHOD
    ones with a name-shaped alternative that are not also DATA (a new dataset is listed under
    ``proposed`` too)."""
    from kg.evalsets import name_shaped
    from kg.evaluate import name_keys

    data = [item.split("|") for lst in KINDS["DATA"][0] for item in gold.get(lst, [])]
    data_keys = set().union(*(name_keys(a) for alts in data for a in alts))
    out = [("DATA", alts) for alts in data]
    for lst in KINDS["METHOD"][0]:
        for item in gold.get(lst, []):
            alts = item.split("|")
            if any(name_shaped(a) for a in alts) and not any(
                name_keys(a) & data_keys for a in alts
            ):
                out.append(("METHOD", alts))
    return out


def _pattern(names: Iterable[str], flags: int = re.IGNORECASE) -> re.Pattern[str] | None:
    """Any of `names` as a whole word or its plural ("GAN" in "GANs", not in "GANet")."""
    names = sorted({n for n in names if n.strip()}, key=len, reverse=True)
    if not names:
        return None
    body = "|".join(re.escape(n) for n in names)
    return re.compile(rf"(?<![A-Za-z0-9])(?:{body})(?=(?:e?s)?(?![A-Za-z0-9]))", flags)


def perturb(
    text: str, gold: dict[str, list[str]], faker: Faker
) -> tuple[str, list[Swap], list[tuple[str, list[str]]]]:
    """`text` with every gold name that occurs in it verbatim (and its alternatives, in any
    case) made up; the entities swapped, and those left as they are because a form of them in
    the text has nothing to make up ("convolutional neural networks (CNNs)": the acronym
    must stay that of its ordinary words)."""
    swaps, skipped = [], []
    for kind, alts in gold_entities(gold):
        verbatim = [a for a in alts if (p := _pattern([a], 0)) and p.search(text)]
        if not verbatim:
            continue
        in_text = [a for a in alts if (p := _pattern([a])) and p.search(text)]
        # acronyms first, so that their long form is drawn until it spells a free one
        made = {a: faker.name(a, in_text) for a in sorted(alts, key=acronym_like, reverse=True)}
        if any(made[a] == a for a in in_text):
            skipped.append((kind, alts))
            continue
        swaps.append(Swap(kind, alts, [made[a] for a in alts], verbatim[0]))
    return replace(text, swaps, faker), swaps, skipped


def replace(text: str, swaps: Sequence[Swap], faker: Faker) -> str:
    """Every occurrence in `text` of the swapped entities' names (in any case, plural or not)
    made up."""
    pattern = _pattern(a for s in swaps for a in s.real)
    return text if pattern is None else pattern.sub(lambda m: faker.name(m[0]), text)


# --- scoring --------------------------------------------------------------------------------


def verdict(entities: list[dict], names: Sequence[str], kind: str) -> str:
    """What kg made of an entity: "found", "wrong type" (a mention of one of its `names` with
    another type) or "missed"."""
    from kg.evaluate import name_keys

    keys = set().union(*(name_keys(n) for n in names))
    types = {str(e.get("type", "")).lower() for e in entities if name_keys(e["name"]) & keys}
    if types & KINDS[kind][1]:
        return "found"
    return "wrong type" if types else "missed"


@dataclass
class Count:
    skipped: int = 0  # in the text, but a form of it has nothing to make up
    names: int = 0
    real: int = 0
    made_up: int = 0
    lost: int = 0  # found with the real name, not with the made-up one
    real_wrong: int = 0
    made_up_wrong: int = 0

    def add(self, other: Count) -> None:
        for f in dataclasses.fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class Lost:
    set: str
    paper: str
    kind: str
    real: str
    made_up: str
    now: list[str]  # what kg made of the made-up name ("Method: Foo-3 encoder")
    context: str


def measure(
    items: Sequence[Item],
    *,
    seed: int = 0,
    keep_heads: bool = False,
    extract: Callable[[list[Paper]], list[dict]] | None = None,
) -> tuple[dict[str, dict[str, Count]], list[Lost]]:
    """Counts per set and type for `items` ``(set, gold id, paper, gold entities)``, and the
    names lost. All the real and perturbed papers are extracted in one call."""
    from kg.evaluate import extract_records, name_key

    extract = extract or extract_records
    originals: list[Paper] = []
    perturbed: list[Paper] = []
    plans = []
    counts: dict[str, dict[str, Count]] = {}
    for set_name, pid, paper, gold in items:
        rng = random.Random(f"{seed}:{set_name}:{pid}")
        faker = Faker(rng, keep_heads=keep_heads)
        text, swaps, skipped = perturb(paper.abstract, gold, faker)
        for kind, _ in skipped:
            counts.setdefault(set_name, {k: Count() for k in KINDS})[kind].skipped += 1
        originals.append(paper)
        if swaps:
            title = paper.title and replace(paper.title, swaps, faker)
            twin = dataclasses.replace(
                paper, id=f"{paper.id}#made-up", abstract=text, abstract_raw=text, title=title
            )
            perturbed.append(twin)
            plans.append((set_name, pid, len(originals) - 1, len(perturbed) - 1, swaps))
    records = extract([*originals, *perturbed])
    real, fake = records[: len(originals)], records[len(originals) :]
    lost = []
    for set_name, pid, i, j, swaps in plans:
        for s in swaps:
            c = counts.setdefault(set_name, {k: Count() for k in KINDS})[s.kind]
            before = verdict(real[i]["entities"], s.real, s.kind)
            after = verdict(fake[j]["entities"], s.made_up, s.kind)
            c.names += 1
            c.real += before == "found"
            c.made_up += after == "found"
            c.real_wrong += before == "wrong type"
            c.made_up_wrong += after == "wrong type"
            c.lost += before == "found" and after != "found"
            if before == "found" and after != "found":
                text = fake[j]["abstract"]
                shown = s.made_up[s.real.index(s.shown)]
                at = text.lower().find(shown.lower())
                keys = {name_key(n) for n in s.made_up} - {""}
                now = [
                    f"{e['type']}: {e['name']}"
                    for e in fake[j]["entities"]
                    if any(k in name_key(e["name"]) for k in keys)
                ]
                lost.append(
                    Lost(
                        set_name,
                        pid,
                        s.kind,
                        s.shown,
                        shown,
                        now,
                        text[max(0, at - 110) : at + len(shown) + 90] if at >= 0 else "",
                    )
                )
    return counts, lost


def set_items(names: Sequence[str]) -> list[Item]:
    """``(set, gold id, paper, gold entities)`` of every gold paper of the sets, with the
    paper extraction reads for it (paired by abstract, as ``kg eval`` pairs them)."""
    from kg.errors import ConfigError
    from kg.evalsets import eval_sets
    from kg.evaluate import pair_records

    sets = eval_sets()
    items = []
    for name in names:
        if name not in sets:
            raise ConfigError(f"unknown set {name}; sets: {', '.join(sets)}")
        gold = sets[name].load()
        records = ({"abstract": p.abstract, "entities": [p]} for p in gold.papers)
        paired = pair_records(records, gold.abstracts)
        items += [
            (name, pid, paired[pid][0], g) for pid, g in gold.entities.items() if pid in paired
        ]
    return items


def table(counts: dict[str, dict[str, Count]]) -> list[str]:
    head = f"{'set':8s} {'type':6s} {'names':>5s} {'real':>5s} {'made-up':>7s} {'lost':>5s}"
    lines = [head + f" {'wrong type real / made-up':>26s} {'skipped':>7s}"]
    pooled = {k: Count() for k in KINDS}
    for per in counts.values():
        for kind, c in per.items():
            pooled[kind].add(c)
    for name, per in [*counts.items(), ("pooled", pooled)]:
        for kind in KINDS:
            c = per[kind]
            lines.append(
                f"{name:8s} {kind:6s} {c.names:5d} {c.real:5d} {c.made_up:7d} "
                f"{c.lost:5d} {c.real_wrong:14d} / {c.made_up_wrong:<9d} {c.skipped:7d}"
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--set",
        action="append",
        dest="sets",
        help=f"a kg eval set, repeatable (default: {', '.join(READABLE_SETS)})",
    )
    ap.add_argument("--seed", type=int, default=0, help="made-up names' seed (default 0)")
    ap.add_argument(
        "--verbose", action="store_true", help="list the names lost, with their sentence"
    )
    ap.add_argument(
        "--keep-heads",
        action="store_true",
        help='keep a capitalised ordinary word ending a name ("Foo Bar Networks")',
    )
    args = ap.parse_args(argv)
    from kg.errors import KGError

    try:
        items = set_items(args.sets or READABLE_SETS)
    except KGError as exc:
        ap.error(str(exc))
    counts, lost = measure(items, seed=args.seed, keep_heads=args.keep_heads)
    print("\n".join(table(counts)))
    if args.verbose:
        print(f"\nlost ({len(lost)}): found with the real name, not with the made-up one")
        for x in lost:
            print(
                f"{x.set} {x.paper} {x.kind} {x.real} -> {x.made_up}"
                f" | kg: {'; '.join(x.now) or 'nothing'}\n    …{' '.join(x.context.split())}…"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
