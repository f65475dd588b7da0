"""Golden answers: the rows every named query gives on two fixed graphs, recorded from a real Neo4j.

- ``golden/sample-graph.json``: the graph of the bundled sample plus tests/fixtures/venue2023.json
  (ids, homonyms, institutions), frozen, so the answers do not move when extraction changes;
- the tied graph (:func:`tied_graph`), generated from a seed: almost everything ties, so each
  order rests on its tiebreaks;
- ``golden/answers-sample.json``, ``golden/answers-tied.json``: for each case (query,
  parameters), the columns, rows and empty-result message Neo4j gave.

tests/test_queries_golden.py compares the embedded store with them without a JVM; the parity
tests (``-m neo4j``) compare Neo4j with them, and record them anew when asked::

    KG_UPDATE_GOLDEN=1 python -m pytest -m neo4j -k "parity or ties"

(which also freezes the sample graph again from the current extraction).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

from kg.graph import GraphData, Node, Rel, build_graph
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
from kg.queries import QueryResult
from kg.schema import ENTITY_LABELS

GOLDEN = Path(__file__).parent / "golden"
IDENTITY_FIXTURE = Path(__file__).parent / "fixtures" / "venue2023.json"
YEARS_FIXTURE = Path(__file__).parent / "fixtures" / "years.jsonl"  # ten years, for trends
UPDATE = bool(os.environ.get("KG_UPDATE_GOLDEN"))

#: Cases on the sample graph: every query, several parameter values, ties.
SAMPLE_CASES: list[tuple[str, dict[str, Any]]] = [
    ("coauthors", {"name": "Fazl Barez"}),
    ("coauthors", {"name": "KE LIANG"}),
    ("coauthors", {"name": "Jiahui Gao", "limit": 5}),
    ("top-collaborations", {}),
    ("top-collaborations", {"min_papers": 1, "limit": 40}),
    ("collaboration-path", {"source": "Fazl Barez", "target": "Lucas Irwin"}),
    ("collaboration-path", {"source": "Jiahui Gao", "target": "Zhangyang Wang"}),
    ("collaboration-path", {"source": "Changlong Yu", "target": "Ruisi Cai"}),
    ("collaboration-path", {"source": "Jiahui Gao", "target": "Fazl Barez"}),
    ("author-profile", {"name": "Fazl Barez"}),
    ("author-profile", {"name": "Zhangyang Atlas Wang"}),
    ("author-profile", {"name": "Jiahui Gao", "per_facet": 2}),
    ("experts", {"entity": "Transformers"}),
    ("experts", {"entity": "Flow Matching", "limit": 3}),
    ("experts", {"entity": "causal discovery", "type": "task"}),
    ("recommend-collaborators", {"name": "Jiahui Gao"}),
    ("recommend-collaborators", {"name": "Zhangyang Wang", "concept_weight": 2.0}),
    ("recommend-collaborators", {"name": "Shenglei Fang", "concept_weight": 0.0, "limit": 10}),
    ("papers-using", {"entity": "Transformers"}),
    ("papers-using", {"entity": "causal discovery", "type": "task"}),
    ("papers-using", {"entity": "graph neural network", "limit": 2}),
    ("proposed-in", {"entity": "AES"}),
    ("proposed-in", {"entity": "CauScale"}),
    ("proposed-in", {"entity": "Transformers"}),
    ("methods-by-track", {}),
    ("methods-by-track", {"track": "Deep Learning / Attention Mechanisms", "per_track": 3}),
    ("track-overview", {"track": "Deep Learning · Large Language Models"}),
    ("track-overview", {"track": "general machine learning causality", "limit": 2}),
    ("concept-cooccurrence", {}),
    ("concept-cooccurrence", {"min_papers": 1, "limit": 60}),
    ("concept-cooccurrence", {"entity": "Transformers", "min_papers": 1}),
    ("coauthor-graph", {"limit": 100}),
    ("communities", {}),
    ("communities", {"min_size": 2, "limit": 60, "show": 3}),
    ("communities", {"name": "Zhangyang Wang"}),
    ("communities", {"resolution": 0.5, "seed": 7}),
    ("central-authors", {}),
    ("central-authors", {"measure": "weighted", "limit": 40}),
    ("central-authors", {"measure": "betweenness"}),
    ("central-authors", {"measure": "betweenness", "samples": 50, "seed": 1}),
    ("top-institutions", {}),
    ("top-institutions", {"entity": "", "track": "VENUE 2023", "limit": 2}),
    ("top-institutions", {"entity": "Transformers"}),
    ("institution-collaborations", {}),
    ("institution-collaborations", {"min_papers": 1, "limit": 3}),
    ("institution-collaborations", {"institution": "Stanford University", "min_papers": 1}),
]


def tied_graph(seed: int = 7) -> GraphData:
    """A small random graph where almost everything ties: few authors, few entities, confidences
    from three values, some years and tracks missing, and one name that is both a Method and a
    Task — so each order rests on its tiebreaks."""
    rng = random.Random(seed)
    # Mixed case, so that sorting by display name and by id (the folded name) differ.
    names = ["amy", "Bob", "cat", "Dan", "eve", "Fay", "gus", "Hal"]
    names += ["ivy", "Jon", "kim", "Lou", "max", "Ned", "oz", "Pam"]
    people = [Author(id=fold(n), name=n) for n in names]
    types = [EntityType(label) for label in ENTITY_LABELS]  # the graph keeps no metrics
    entities = [(f"thing {i}", rng.choice(types)) for i in range(12)]
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


#: Cases on the tied graph: every order must rest on its tiebreaks.
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


#: The trends query on a graph with ten years of papers (the sample has one year).
YEARS_CASES: list[tuple[str, dict[str, Any]]] = [
    ("trends", {}),
    ("trends", {"entity": "Gaussian process"}),
    ("trends", {"entity": "LSTM", "from": 2012, "to": 2017}),
    ("trends", {"type": "dataset", "min_papers": 1, "limit": 2}),
    ("trends", {"type": "benchmark", "min_papers": 1, "from": 2015}),
]


CASES = {"sample": SAMPLE_CASES, "tied": TIED_CASES, "years": YEARS_CASES}


def case_id(name: str, params: dict[str, Any]) -> str:
    return f"{name} {json.dumps(params, sort_keys=True, ensure_ascii=False)}"


def answer(result: QueryResult) -> dict[str, Any]:
    """A result as the golden files keep it (JSON: tuples are lists)."""
    return json.loads(
        json.dumps(
            {"columns": result.columns, "rows": result.rows, "empty": result.empty_reason},
            ensure_ascii=False,
        )
    )


def load_answers(graph: str) -> dict[str, dict[str, Any]]:
    path = GOLDEN / f"answers-{graph}.json"
    return json.loads(path.read_text("utf-8"))  # type: ignore[no-any-return]


def save_answers(graph: str, answers: dict[str, dict[str, Any]]) -> None:
    """One case per block and one row per line, so a change of answer reads as a short diff."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    blocks = [
        f'{dump(case)}: {{"columns": {dump(a["columns"])}, "empty": {dump(a["empty"])}, '
        + '"rows": ['
        + ",".join(f"\n  {dump(row)}" for row in a["rows"])
        + "]}"
        for case, a in answers.items()
    ]
    (GOLDEN / f"answers-{graph}.json").write_text("{\n" + ",\n".join(blocks) + "\n}\n", "utf-8")


def load_graph(name: str) -> GraphData:
    """A frozen graph (``sample``, ``years``) or the generated one (``tied``)."""
    if name == "tied":
        return tied_graph()
    data = json.loads((GOLDEN / f"{name}-graph.json").read_text("utf-8"))
    return GraphData(
        nodes=[Node(label, id_, props) for label, id_, props in data["nodes"]],
        rels=[Rel(t, (s[0], s[1]), (e[0], e[1]), props) for t, s, e, props in data["rels"]],
        authors_complete=data["authors_complete"],
    )


def save_graph(name: str, graph: GraphData) -> None:
    """One node or relationship per line, so a refreeze shows as a readable diff."""
    complete = json.dumps(graph.authors_complete)
    lines = ['{"authors_complete": ' + complete + ",", '"nodes": [']
    lines.append(
        ",\n".join(json.dumps([n.label, n.id, n.props], ensure_ascii=False) for n in graph.nodes)
    )
    lines.append('], "rels": [')
    lines.append(
        ",\n".join(
            json.dumps([r.type, r.start, r.end, r.props], ensure_ascii=False) for r in graph.rels
        )
    )
    lines.append("]}")
    (GOLDEN / f"{name}-graph.json").write_text("\n".join(lines) + "\n", "utf-8")


def sample_graph_of(records: list[ExtractedPaper]) -> GraphData:
    """What the sample graph is frozen from: the sample's records and the identity fixture."""
    from kg.sources import read_sources

    identity = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    return build_graph([*records, *identity])


def years_graph() -> GraphData:
    """What the years graph is frozen from: tests/fixtures/years.jsonl, extracted."""
    from kg.extract import extract_papers
    from kg.sources import read_sources

    return build_graph(extract_papers(read_sources([YEARS_FIXTURE]).papers))
