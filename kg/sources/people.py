"""Who the authors of a record are, as far as the source says: ids and affiliations, aligned with
the author list.

Ids are kept as ``kind:value`` — ``openreview:~Yang_Liu3`` (an OpenReview profile), ``orcid:…``,
``dblp:…`` (a DBLP person id), ``email:…`` — and only in forms that name one person:
OpenReview group ids ("ICLR.cc/2018/Conference/Paper1107/Authors") and "withdrawn" are not ids.

paperlists records give ``authorids`` (profile ids or e-mails, ``;``-aligned with ``author``) and
affiliations as ``aff`` (raw), ``aff_unique_norm`` (the distinct institutions, normalized) with
``aff_unique_index`` (per author, ``+`` between several) and ``aff_country_unique`` with
``aff_country_unique_index``. Their ``orcid`` and ``dblp`` lists are *not* used: in the OpenReview
exports they are shifted against the author list (one ORCID lands on two or three different
profiles), so trusting them would merge different people.

Generic records may give ``authorids`` the same way, or authors as objects:
``{"name": …, "orcid"|"dblp"|"openreview"|"email"|"id": …, "affiliation": …, "country": …}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from kg.model import Affiliation, fold
from kg.sources.base import AuthorEntry
from kg.text import name_words

_ORCID_RE = re.compile(r"(\d{4}-\d{4}-\d{4}-\d{3}[\dXx])")
_DBLP_RE = re.compile(
    r"^(?:https?://dblp\.(?:org|uni-trier\.de)/pid/)?([\w-]+/[\w-]+?)(?:\.html)?$"
)
_PROFILE_RE = re.compile(r"^~\S+\d+$")
_EMAIL_RE = re.compile(r"^[^@\s;]+@[^@\s;]+\.[^@\s;]+$")
ID_KINDS = ("openreview", "orcid", "dblp", "email")


def parse_id(value: Any, kind: str | None = None) -> str | None:
    """A source's author id → ``kind:value``, or None when it does not name one person.

    >>> parse_id("~Yang_Liu3"), parse_id("Zemel@CS.Toronto.edu"), parse_id("https://orcid.org/0000-0002-1825-0097")
    ('openreview:~Yang_Liu3', 'email:zemel@cs.toronto.edu', 'orcid:0000-0002-1825-0097')
    >>> parse_id("ICLR.cc/2018/Conference/Paper1107/Authors"), parse_id("67/4241", "dblp")
    (None, 'dblp:67/4241')
    """
    text = str(value or "").strip()
    if not text:
        return None
    if kind in (None, "openreview") and _PROFILE_RE.match(text):
        return f"openreview:{text}"
    if kind in (None, "email") and _EMAIL_RE.match(text):
        return f"email:{text.lower()}"
    if kind in (None, "orcid") and (m := _ORCID_RE.search(text)):
        return f"orcid:{m.group(1).upper()}"
    if kind == "dblp" and (m := _DBLP_RE.match(text)):
        return f"dblp:{m.group(1)}"
    return None


def _split(value: Any, sep: str = ";") -> list[str]:
    if isinstance(value, list):
        return [str(v or "").strip() for v in value]
    return [part.strip() for part in value.split(sep)] if isinstance(value, str) else []


def paperlists_entries(
    record: Mapping[str, Any], names: Sequence[str]
) -> tuple[list[AuthorEntry], list[str]]:
    """The author list of a paperlists (or generic) record with its ids and affiliations; and
    what could not be aligned, as warnings."""
    warnings: list[str] = []
    ids: list[tuple[str, ...]] = [() for _ in names]
    given = record.get("authorids") or record.get("or_profile")
    if given:
        raw_ids = _split(given)
        if len(raw_ids) == len(names):
            parsed = [parse_id(v) for v in raw_ids]
            order = _order_by_name(parsed, names)
            if order is not None:
                parsed = [parsed[j] for j in order]
                moved = sum(j != k for k, j in enumerate(order))
                warnings.append(
                    f"author ids out of order with the names: {moved} matched to their names"
                )
            ids = [tuple(i for i in [v] if i) for v in parsed]
        else:
            warnings.append(
                f"{len(raw_ids)} author ids for {len(names)} authors: ids not used for this record"
            )
    affiliations, problem = _paperlists_affiliations(record, len(names))
    if problem:
        warnings.append(problem)
    return [
        AuthorEntry(n, i, a) for n, i, a in zip(names, ids, affiliations, strict=True)
    ], warnings


def _order_by_name(ids: Sequence[str | None], names: Sequence[str]) -> list[int] | None:
    """Which id belongs to which name, when the ids spell names (e-mails, profile ids) and the
    source listed them in another order than the names: ``order[k]`` is the id of name ``k``.
    None when the order given is as good as any (the usual case): an id moves only to a name it
    spells clearly better than the one it was given with."""
    scores = [[_spells(i, n) for n in names] for i in ids]
    if all(scores[k][k] >= max(row) for k, row in enumerate(scores)):
        return None
    pairs = sorted(
        ((-scores[i][n], i, n) for i in range(len(ids)) for n in range(len(names))),
    )
    order: dict[int, int] = {}
    taken: set[int] = set()
    for negative, i, n in pairs:
        if negative < 0 and i not in taken and n not in order:
            order[n] = i
            taken.add(i)
    rest = iter(i for i in range(len(ids)) if i not in taken)
    for n in range(len(names)):  # ids that spell no name keep the places left, in their order
        if n not in order:
            order[n] = next(rest)
    ordered = [order[n] for n in range(len(names))]
    gain = sum(scores[ordered[n]][n] - scores[n][n] for n in range(len(names)))
    return ordered if gain >= 2 else None


def _spells(author_id: str | None, name: str) -> int:
    """How clearly an e-mail or profile id spells a name: 2 per name word of three or more
    letters in it (``victor@victorzhong.com`` → Victor Zhong 4), 2 for the initials
    (``qvl@`` → Quoc V. Le)."""
    if not author_id or not author_id.startswith(("email:", "openreview:")):
        return 0
    text = author_id.partition(":")[2]
    local, _, domain = text.partition("@")
    spelled = re.sub(r"[^a-z]", "", fold(local + " " + domain.rpartition(".")[0]))
    words = [re.sub(r"[^a-z]", "", w) for w in fold(name).split()]
    words = [w for w in words if w]
    score = sum(2 for w in words if len(w) >= 3 and w in spelled)
    initials = "".join(w[0] for w in words)
    if len(initials) >= 2 and re.sub(r"[^a-z]", "", fold(local)) in (initials, initials[::-1]):
        score += 2
    return score


def _paperlists_affiliations(
    record: Mapping[str, Any], n: int
) -> tuple[list[tuple[Affiliation, ...]], str]:
    """Per author, its affiliations. ``aff_unique_index`` has one entry per author, or one per
    author with a non-empty ``aff``; countries only where their index has the same shape."""
    none: list[tuple[Affiliation, ...]] = [() for _ in range(n)]
    raw = _split(record.get("aff"))
    norm = _split(record.get("aff_unique_norm"))
    index = _split(record.get("aff_unique_index")) if record.get("aff_unique_index") else []
    if not norm or not index:
        if raw and len(raw) == n:  # no normalized names: the raw ones, "+" between several
            return [
                tuple(Affiliation(a.strip(" ,")) for a in r.split("+") if a.strip(" ,"))
                for r in raw
            ], ""
        return none, ""
    countries = _split(record.get("aff_country_unique"))
    country_index = _split(record.get("aff_country_unique_index"))
    shape = [len(e.split("+")) for e in index]
    aligned_countries = [len(e.split("+")) for e in country_index] == shape
    if len(index) == n:
        owners = list(range(n))
    elif raw and len(raw) == n and len(index) == sum(1 for r in raw if r.strip()):
        owners = [i for i, r in enumerate(raw) if r.strip()]
    else:
        return none, (
            f"{len(index)} affiliation entries for {n} authors: "
            "affiliations not used for this record"
        )
    out = list(none)
    for k, (owner, entry) in enumerate(zip(owners, index, strict=True)):
        found: list[Affiliation] = []
        parts = country_index[k].split("+") if aligned_countries else []
        for j, part in enumerate(entry.split("+")):
            name = _pick(norm, part)
            if name:
                country = _pick(countries, parts[j]) if parts else None
                found.append(Affiliation(name, country or None))
        out[owner] = tuple(dict.fromkeys(found))
    return out, ""


def _pick(values: list[str], index: str) -> str:
    try:
        value = values[int(index)].strip()
    except (ValueError, IndexError):
        return ""
    return "" if _is_placeholder(value) else value


@lru_cache(maxsize=1 << 14)
def _is_placeholder(institution: str) -> bool:
    return fold(institution) in name_words().institution_placeholders


def object_entry(value: Mapping[str, Any]) -> AuthorEntry:
    """An author given as an object: ``{"name": …, "orcid": …, "affiliation": …, …}``."""
    name = str(value.get("name") or value.get("full_name") or "")
    found = [
        parse_id(value.get(kind), kind)
        for kind in ("openreview", "orcid", "dblp", "email")
        if value.get(kind)
    ]
    if value.get("id"):
        found.append(parse_id(value.get("id")))
    ids = tuple(dict.fromkeys(i for i in found if i))
    affs = value.get("affiliations", value.get("affiliation", value.get("institution")))
    country = str(value.get("country") or "").strip() or None
    names = affs if isinstance(affs, list) else [affs] if affs else []
    kept = (_pick([str(a or "")], "0") for a in names)
    affiliations = tuple(Affiliation(a, country) for a in kept if a)
    return AuthorEntry(name, ids, affiliations)
