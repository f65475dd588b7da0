"""Parity of the named queries on a graph made to tie: the two stores agree only if every ORDER BY
and its twin break ties the same way. (Its own module: it replaces the graph in Neo4j.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from kg.graph import GraphData, build_graph
from kg.model import (
    Author,
    EntityType,
    Evidence,
    ExtractedPaper,
    Mention,
    Paper,
    Role,
    SourceRef,
    Track,
    fold,
)
from kg.queries import run_query
from kg.store.networkx import NetworkXStore

pytestmark = pytest.mark.neo4j


def tied_graph(seed: int = 7) -> GraphData:
    """A small random graph where almost everything ties: few authors, few entities, confidences
    from three values, some years and tracks missing, and one name that is both a Method and a
    Task — so each order rests on its tiebreaks."""
    rng = random.Random(seed)
    # Mixed case, so that sorting by display name and by id (the folded name) differ.
    names = ["amy", "Bob", "cat", "Dan", "eve", "Fay", "gus", "Hal"]
    names += ["ivy", "Jon", "kim", "Lou", "max", "Ned", "oz", "Pam"]
    people = [Author(id=fold(n), name=n) for n in names]
    entities = [(f"thing {i}", rng.choice(list(EntityType))) for i in range(12)]
    entities += [("transformer", EntityType.METHOD), ("transformer", EntityType.TASK)]
    tracks = [Track("Area One", "Sub A"), Track("Area One", "Sub B"), Track("Area Two"), None]
    records = []
    for n in range(40):
        authors = tuple(rng.sample(people, rng.randint(1, 5)))
        mentions = [
            Mention(
                name=name,
                type=type_,
                role=rng.choice(list(Role)),
                confidence=rng.choice([0.5, 0.7, 0.9]),
                evidence=Evidence("s", 0, 1),
            )
            for name, type_ in rng.sample(entities, rng.randint(0, 5))
        ]
        paper = Paper(
            id=f"paper{n:03d}",
            abstract=f"abstract {n}",
            abstract_raw=f"abstract {n}",
            authors=authors,
            source=SourceRef("tied", record=n),
            # Beyond U+FFFF vs U+FF21: stored strings sort by code point in Neo4j as in Python
            # (a Cypher parameter string would sort by UTF-16 unit, "𝒜" first; none is sorted).
            title=rng.choice([None, None, "𝒜 model", "Ａ model", "a model"]),
            track=rng.choice(tracks),
            year=rng.choice([None, 2019, 2020, 2021]),
        )
        records.append(ExtractedPaper(paper, mentions))
    rng.shuffle(records)  # stores see papers out of id order: insertion order must not matter
    return build_graph(records)


TIED_CASES: list[tuple[str, dict[str, Any]]] = [
    ("coauthors", {"name": "amy"}),
    ("top-collaborations", {"min_papers": 1, "limit": 200}),
    ("collaboration-path", {"source": "amy", "target": "Pam"}),
    ("collaboration-path", {"source": "CAT", "target": "kim"}),
    ("author-profile", {"name": "bob", "per_facet": 3}),
    ("author-profile", {"name": "Jon", "per_facet": 50}),
    ("author-profile", {"name": "ivy", "per_facet": 50}),
    ("experts", {"entity": "transformer"}),
    ("experts", {"entity": "transformer", "type": "task"}),
    ("recommend-collaborators", {"name": "dan", "limit": 100}),
    ("papers-using", {"entity": "transformer", "limit": 100}),
    ("papers-using", {"entity": "thing 3"}),
    ("proposed-in", {"entity": "transformer"}),
    ("proposed-in", {"entity": "thing 1"}),
    ("methods-by-track", {"per_track": 50}),
    ("track-overview", {"track": "Area One · Sub A", "limit": 50}),
    ("concept-cooccurrence", {"min_papers": 1, "limit": 500}),
    ("concept-cooccurrence", {"entity": "transformer", "min_papers": 1, "limit": 500}),
    ("coauthor-graph", {}),
    ("communities", {"min_size": 1, "show": 50}),
    ("central-authors", {"limit": 50}),
    ("central-authors", {"measure": "weighted", "limit": 50}),
    ("central-authors", {"measure": "betweenness", "limit": 50, "samples": 5}),
]


def test_both_stores_agree_where_everything_ties(neo4j_server: Any, tmp_path: Path) -> None:
    from kg.store.neo4j import Neo4jStore

    graph = tied_graph()
    embedded = NetworkXStore(tmp_path / "kg")
    embedded.write(graph, fresh=True)
    neo4j = Neo4jStore.connect(neo4j_server.settings(tmp_path / "unused"))
    try:
        neo4j.write(graph, fresh=True)
        empty = 0
        for name, params in TIED_CASES:
            mine = run_query(embedded, name, params)
            theirs = run_query(neo4j, name, params)
            assert mine.rows == theirs.rows, (name, params)
            empty += not mine.rows
        assert empty <= 3
    finally:
        neo4j.close()
