"""Author identity: which author positions of which papers are one person.

:func:`mentions_of` turns papers into mentions (one per author position, with the evidence the
paper gives); :func:`resolve` clusters them into people (ids first, then names on evidence) —
see kg.identity.resolve for the rules, kg.identity.overrides for the user's corrections.
"""

from __future__ import annotations

from collections.abc import Iterable

from kg.identity.resolve import (
    AuthorMention,
    Decision,
    Person,
    Resolution,
    paper_names,
    resolve,
    topic_words,
)
from kg.model import Paper

__all__ = [
    "AuthorMention",
    "Decision",
    "Person",
    "Resolution",
    "mentions_of",
    "paper_names",
    "resolve",
    "topic_words",
]


def mentions_of(papers: Iterable[Paper]) -> list[AuthorMention]:
    """One mention per author of each paper, positions as the source numbered them."""
    out = []
    for paper in papers:
        words = topic_words(paper.title, paper.abstract)
        names = paper_names([a.name for a in paper.authors])
        for index, author in enumerate(paper.authors):
            out.append(
                AuthorMention(
                    paper=paper.id,
                    position=author.position if author.position is not None else index,
                    name=author.name,
                    ids=author.ids,
                    affiliations=author.affiliations,
                    variants=author.variants,
                    coauthors=names,
                    venue=paper.venue,
                    year=paper.year,
                    words=words,
                )
            )
    return out
