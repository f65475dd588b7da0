"""Person names as identity sees them: a family name and given names that may be initials.

Two spellings are *compatible* when they could be one person: the same family name, and given
names that line up in order — equal, or one an initial of the other — with names missing from one
side allowed ("Michael Jordan" ~ "Michael I. Jordan", "Y. LeCun" ~ "Yann LeCun",
"J. Zico Kolter" ~ "Zico Kolter"). Hyphens and spaces inside given names do not count
("Zhi-Quan Luo" = "Zhiquan Luo"), nor do case and diacritics. Compatibility is only the
*possibility*; kg.identity.resolve decides on the evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from kg.model import fold
from kg.text import name_words


@dataclass(frozen=True, slots=True)
class Given:
    """One given name: the folded full form (None for an initial) and its initials
    ("Zhi-Quan" → full "zhiquan", initials "zq")."""

    full: str | None
    initials: str

    @property
    def initial(self) -> str:
        return self.initials[:1]


@dataclass(frozen=True, slots=True)
class PersonName:
    family: str  # the last word, folded, hyphens out: "Martín-Martín" → "martinmartin"
    given: tuple[Given, ...]

    @property
    def key(self) -> str:
        """Spellings that are surely the same name share it: "zhiquan luo"."""
        return " ".join([*(g.full or g.initials for g in self.given), self.family])

    @property
    def block(self) -> str:
        """Compatible names share their block: the family name and the first initial."""
        return f"{self.family}/{self.given[0].initial if self.given else ''}"

    @property
    def full_first(self) -> bool:
        return bool(self.given) and self.given[0].full is not None

    @property
    def initials_only(self) -> bool:
        """Given names, all of them initials ("J. Wu"): the name alone does not say who."""
        return bool(self.given) and not self.full_given

    @property
    def full_given(self) -> int:
        """How many given names are spelled out (not initials)."""
        return sum(1 for g in self.given if g.full)


@lru_cache(maxsize=1 << 17)
def parse_name(name: str) -> PersonName:
    """A display name → its family name (the last word, particles and suffixes aside) and given
    names.

    >>> parse_name("Zhi-Quan Luo").key, parse_name("Y. LeCun").key
    ('zhiquan luo', 'y lecun')
    >>> parse_name("Laurens van der Maaten").key
    'laurens maaten'
    """
    words = name_words()
    tokens = name.replace(".", ". ").split()
    while len(tokens) > 1 and fold(tokens[-1]).replace(" ", "") in words.suffixes:
        tokens.pop()
    if not tokens:
        return PersonName("", ())
    family = fold(tokens[-1]).replace(" ", "")
    given: list[Given] = []
    for token in tokens[:-1]:
        if token.lower() in words.particles:
            continue
        parts = [p for p in fold(token).split() if p]
        if not parts:
            continue
        if token.endswith(".") or (len(parts) == 1 and len(parts[0]) == 1):
            given.append(Given(None, "".join(p[0] for p in parts)))
        elif all(len(p) == 1 for p in parts):  # "J.-P." or "JP" style initials
            given.append(Given(None, "".join(parts)))
        else:
            given.append(Given("".join(parts), "".join(p[0] for p in parts)))
    return PersonName(family, tuple(given))


def _pair(a: Given, b: Given) -> int:
    """How well two given names agree: 2 the same full name, 1 an initial of the other (or the
    same initials), 0 not at all."""
    if a.full and b.full:
        return 2 if a.full == b.full else 0
    if a.full is None and b.full is None:
        return 1 if a.initials == b.initials or a.initial == b.initial else 0
    initials = a.initials if a.full is None else b.initials
    full = b if a.full is None else a
    return 1 if full.initials.startswith(initials) or full.initial == initials[:1] else 0


@lru_cache(maxsize=1 << 18)
def agreement(a: str, b: str) -> int:
    """How strongly two display names agree as one person's, when compatible at all:

    - 0: not compatible (different family names, or given names that contradict);
    - 1: compatible only through initials ("Y. Liu" ~ "Yang Liu");
    - 2: the spelled-out first names agree, one side has more ("Michael Jordan" ~
      "Michael I. Jordan");
    - 3: the same name ("Zhi-Quan Luo" = "Zhiquan Luo") with a given name spelled out.
    """
    pa, pb = parse_name(a), parse_name(b)
    if not pa.family or pa.family != pb.family:
        return 0
    if pa.key == pb.key:
        return 1 if pa.initials_only else 3  # "J. Wu" = "J. Wu" says little
    ga, gb = pa.given, pb.given
    if "".join(g.full or "" for g in ga) == "".join(g.full or "" for g in gb) and all(
        g.full for g in (*ga, *gb)
    ):
        return 3  # "Zhi Quan" = "Zhiquan"
    if not ga or not gb:
        return 0
    short, long = (ga, gb) if len(ga) <= len(gb) else (gb, ga)
    best = _align(short, long)
    if best < 0:
        return 0
    # 2 needs the first names spelled out and equal; "J. Zico Kolter" (who goes by a middle
    # name) or "Y. Liu" agree through initials only
    return 2 if _pair(short[0], long[0]) == 2 else 1


def _align(short: tuple[Given, ...], long: tuple[Given, ...]) -> int:
    """An order-keeping match of every name of ``short`` to one of ``long`` (names of ``long``
    may go unmatched); the number of full-name matches of the best one, or -1 if none."""
    n, m = len(short), len(long)
    # best[i][j]: best full matches aligning short[i:] within long[j:]
    best = [[-1] * (m + 1) for _ in range(n + 1)]
    for j in range(m + 1):
        best[n][j] = 0
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            skip = best[i][j + 1]
            score = _pair(short[i], long[j])
            take = best[i + 1][j + 1] + (score == 2) if score and best[i + 1][j + 1] >= 0 else -1
            best[i][j] = max(skip, take)
    return best[0][0]
