"""One entity where an abstract names one thing twice: the candidates inside a defined long
form are the abbreviation's entity, and a method written bare and with its kind noun is one
entity named bare (issue 9, twenty-sixth round)."""

from __future__ import annotations

import re
from typing import Any

from kg.extract.resources import name_key
from kg.extract.spans import Candidate
from kg.model import EntityType, Role


def long_forms_folded(cands: list[Candidate]) -> set[int]:
    """The candidates (by ``id``) inside the long form of an abbreviation the abstract defines:
    they are that abbreviation's entity, not a second one. A later rule that reads "generative
    adversarial nets" in "generative adversarial nets (GANs)" as a family of networks, or a
    naming cue that makes "the sensor transformation attention network (STAN)" the paper's own,
    adds a candidate over the long form, which gives its role to the abbreviation."""
    defined = [c for c in cands if c.type and c.long_span]
    folded = set()
    for c in cands:
        if not c.type:
            continue
        d = next(
            (
                d
                for d in defined
                if d is not c
                and d.long_span[0] <= c.start
                and c.end <= d.long_span[1]
                and (c.type is EntityType.METHOD) == (d.type is EntityType.METHOD)
            ),
            None,
        )
        if d is not None:
            if c.role is Role.PROPOSED and d.role is not Role.PROPOSED:
                d.role, d.confidence = Role.PROPOSED, max(d.confidence, c.confidence)
                d.cues.add("propose")
            folded.add(id(c))
    return folded


#: the kind nouns a method's name may be written with: "the Viterbi algorithm" is Viterbi (not
#: a network or a model: "Hopfield network", "Markov models" name more than "Hopfield"; not a
#: possessive: "Stein's method")
_KIND_NOUN_TAIL_RE = re.compile(
    r"(.+?)(?<!['\u2019]s)\s+(?:algorithms?|methods?|estimators?|loss|regularization)", re.I
)


def kind_noun_spellings(mentions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A method the abstract names both bare and with a kind noun ("Q-learning" and "the
    Q-learning algorithm", "ShakeDrop" and "ShakeDrop regularization") is one entity, named
    bare: the other spelling is its alias."""
    bare = {
        name_key(m["name"]): m["name"]
        for m in mentions
        if m["type"] == EntityType.METHOD.value and not m.get("long")
    }
    for m in mentions:
        tail = _KIND_NOUN_TAIL_RE.fullmatch(m["name"])
        if m["type"] != EntityType.METHOD.value or m.get("long") or tail is None:
            continue
        name = bare.get(name_key(tail.group(1)))
        if name is not None:
            m["aliases"] = [*m["aliases"], m["name"]]
            m["name"] = name
    return mentions
