"""The GraphStore contract, run once per backend (the `store` fixture): what one store holds after
a write, the other holds too."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import comparable, expected_coauthors, expected_counts

from kg.graph import GraphData, build_graph
from kg.identity.overrides import Overrides
from kg.model import Author, ExtractedPaper, Paper, SourceRef
from kg.pipeline import resolve_people
from kg.schema import ENTITY_LABELS, NODE_LABELS
from kg.sources import read_sources
from kg.store.base import Counts, GraphStore
from kg.store.networkx import NetworkXStore

IDENTITY_FIXTURE = Path(__file__).parent / "fixtures" / "venue2023.json"


def paper(id_: str, *authors: str, variants: dict[str, tuple[str, ...]] | None = None) -> Paper:
    variants = variants or {}
    return Paper(
        id=id_,
        abstract=f"Abstract of {id_}.",
        abstract_raw=f"Abstract of {id_}.",
        authors=tuple(Author(a.lower(), a, variants.get(a, ())) for a in authors),
        source=SourceRef("test.txt", line=1),
    )


def graph_of(*papers: Paper) -> GraphData:
    return build_graph([ExtractedPaper(p) for p in papers])


def test_an_empty_store_counts_nothing(store: GraphStore) -> None:
    assert store.counts() == Counts()
    assert store.coauthor_weights() == {}


def test_write_holds_exactly_the_sample_graph(store: GraphStore, sample_graph: GraphData) -> None:
    store.write(sample_graph)

    counts = store.counts()
    assert counts == expected_counts(sample_graph)
    assert counts.node("Paper") == 80
    assert store.coauthor_weights() == expected_coauthors(sample_graph)


def test_writing_twice_changes_nothing(store: GraphStore, sample_graph: GraphData) -> None:
    store.write(sample_graph)
    first = (store.counts(), store.coauthor_weights(), comparable(store.to_networkx()))

    store.write(sample_graph)

    assert (store.counts(), store.coauthor_weights(), comparable(store.to_networkx())) == first


def test_growing_the_graph_in_two_builds_equals_one_build(
    store: GraphStore, sample_records: list[ExtractedPaper]
) -> None:
    store.write(build_graph(sample_records[:40]))
    store.write(build_graph(sample_records[40:]))

    whole = build_graph(sample_records)
    assert store.counts() == expected_counts(whole)
    assert store.coauthor_weights() == expected_coauthors(whole)


def test_identity_resolved_again_over_the_stored_mentions_equals_one_build(
    store: GraphStore, tmp_path: Path
) -> None:
    """As `kg build` grows a graph: the second listing brings "Michael Jordan" (no ids) and
    "Y. Liu", whom identity merges into people the store already holds."""
    papers = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    for part in (papers[:3], papers[3:]):
        people, known = resolve_people([r.paper for r in part], store)
        store.write(build_graph(part, people=people, known=known))

    whole = NetworkXStore(tmp_path / "whole")
    whole.write(build_graph(papers))
    assert comparable(store.to_networkx()) == comparable(whole.to_networkx())
    assert store.to_networkx().nodes["Author:michael i jordan"]["variants"] == ["Michael Jordan"]


def test_reasons_that_grow_with_the_evidence_are_replaced_not_added_to(
    store: GraphStore, tmp_path: Path
) -> None:
    """Dealt out over three builds, a person's merge reasons change as their papers arrive: the
    store keeps the last build's, as one build of everything would."""
    papers = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    for part in (papers[0::3], papers[1::3], papers[2::3]):
        people, known = resolve_people([r.paper for r in part], store)
        store.write(build_graph(part, people=people, known=known))

    whole = NetworkXStore(tmp_path / "whole")
    whole.write(build_graph(papers))
    assert comparable(store.to_networkx()) == comparable(whole.to_networkx())


def test_rebuilding_after_an_override_changes_the_people(store: GraphStore, tmp_path: Path) -> None:
    papers = [ExtractedPaper(p) for p in read_sources([IDENTITY_FIXTURE]).papers]
    people, known = resolve_people([r.paper for r in papers], store)
    store.write(build_graph(papers, people=people, known=known))
    split = Overrides(different=[("Michael Jordan", "Michael I. Jordan")])
    people, known = resolve_people([r.paper for r in papers], store, overrides=split)
    store.write(build_graph(papers, people=people, known=known))

    g = store.to_networkx()
    assert g.nodes["Author:michael i jordan"]["variants"] == []
    assert "Author:michael jordan" in g
    whole = NetworkXStore(tmp_path / "whole")
    whole.write(build_graph(papers, people=people))
    assert comparable(g) == comparable(whole.to_networkx())


def test_coauthor_pairs_are_recomputed_when_a_later_build_adds_a_joint_paper(
    store: GraphStore,
) -> None:
    store.write(graph_of(paper("p1", "Ann", "Bob")))
    assert store.coauthor_weights() == {("ann", "bob"): (1, 1.0)}

    store.write(graph_of(paper("p2", "Ann", "Bob", "Cy")))

    assert store.coauthor_weights() == {
        ("ann", "bob"): (2, 1.5),
        ("ann", "cy"): (1, 0.5),
        ("bob", "cy"): (1, 0.5),
    }


def test_a_paper_over_the_author_limit_makes_no_pairs_until_the_limit_allows(
    store: GraphStore,
) -> None:
    crowded = paper("p1", "Ann", "Bob", "Cy", "Dee")
    store.write(build_graph([ExtractedPaper(crowded)], max_coauthors=3))
    store.write(graph_of(paper("p2", "Ann", "Bob")))
    assert store.counts().rel("AUTHORED") == 6
    assert store.coauthor_weights() == {("ann", "bob"): (1, 1.0)}

    store.write(build_graph([ExtractedPaper(crowded)], max_coauthors=4))  # written again, allowed
    assert len(store.coauthor_weights()) == 6
    assert store.coauthor_weights()[("ann", "bob")] == (2, round(1 + 1 / 3, 6))

    store.write(build_graph([ExtractedPaper(crowded)], max_coauthors=2))
    assert store.coauthor_weights() == {("ann", "bob"): (1, 1.0)}


def test_fresh_replaces_the_graph(store: GraphStore, sample_records: list[ExtractedPaper]) -> None:
    store.write(build_graph(sample_records))
    part = build_graph(sample_records[:10])

    store.write(part, fresh=True)

    assert store.counts() == expected_counts(part)
    assert store.coauthor_weights() == expected_coauthors(part)


def test_a_fresh_write_keeps_one_of_each_repeated_node_and_relationship(
    store: GraphStore, sample_records: list[ExtractedPaper], tmp_path: Path
) -> None:
    graph = build_graph(sample_records[:20])
    twice = GraphData([*graph.nodes, *graph.nodes], [*graph.rels, *graph.rels])

    store.write(twice, fresh=True)  # Neo4j CREATEs a fresh graph: Python removes the repeats

    assert store.counts() == expected_counts(graph)
    assert store.coauthor_weights() == expected_coauthors(graph)
    once = NetworkXStore(tmp_path / "once")
    once.write(graph, fresh=True)
    assert comparable(store.to_networkx()) == comparable(once.graph)


def test_list_properties_keep_every_spelling_seen(store: GraphStore) -> None:
    store.write(graph_of(paper("p1", "Ann Lee", variants={"Ann Lee": ("A. Lee",)})))
    store.write(graph_of(paper("p2", "Ann Lee", variants={"Ann Lee": ("ANN LEE", "A. Lee")})))

    node = store.to_networkx().nodes["Author:ann lee"]
    assert node["variants"] == ["A. Lee", "ANN LEE"]
    assert node["name"] == "Ann Lee"


def test_to_networkx_uses_the_embedded_layout(store: GraphStore, sample_graph: GraphData) -> None:
    store.write(sample_graph)
    g = store.to_networkx()

    some_paper = next(n for n in sample_graph.nodes if n.label == "Paper")
    attrs = g.nodes[f"Paper:{some_paper.id}"]
    assert attrs["label"] == "Paper"
    assert attrs["id"] == some_paper.id
    assert attrs["name"] == some_paper.props["name"]
    assert attrs["abstract"] == some_paper.props["abstract"]
    authored = next(r for r in sample_graph.rels if r.type == "AUTHORED")
    edge = g.edges[f"Author:{authored.start[1]}", f"Paper:{authored.end[1]}", "AUTHORED"]
    assert edge["position"] == authored.props["position"]
    assert comparable(g)[0].keys() == {f"{n.label}:{n.id}" for n in sample_graph.nodes}


def test_both_stores_name_and_look_up_nodes_alike(
    store: GraphStore, sample_graph: GraphData, tmp_path: Path
) -> None:
    """What the resolver and search read: every node's name and spellings, and which labels
    hold an id (the same on Neo4j as from the embedded store's index)."""
    store.write(sample_graph)
    embedded = NetworkXStore(tmp_path / "embedded")
    embedded.write(sample_graph)
    entries = [sorted(s.name_entries(NODE_LABELS), key=repr) for s in (store, embedded)]
    assert entries[0] == entries[1] and len(entries[0]) == len(sample_graph.nodes)
    assert store.labels_with_id(ENTITY_LABELS, "transformer") == ["Method"]
    assert store.labels_with_id(["Author", "Paper"], "transformer") == []


def test_progress_reports_every_node_and_relationship(
    store: GraphStore, sample_graph: GraphData
) -> None:
    seen: list[int] = []

    store.write(sample_graph, progress=seen.append)

    assert sum(seen) == len(sample_graph.nodes) + len(sample_graph.rels)


@pytest.mark.parametrize("title", [None, "A Title"])
def test_a_missing_title_reads_back_as_missing(store: GraphStore, title: str | None) -> None:
    p = paper("p1", "Ann")
    store.write(graph_of(replace(p, title=title)))

    assert store.to_networkx().nodes["Paper:p1"].get("title") == title


# --- growing the graph listing by listing equals building it at once ---------------------------


def _grow(store: GraphStore, listings: list[list[Paper]]) -> None:
    """What `kg build` does for each listing in turn: extract it alone, decide the entities it
    names over what the store holds, write."""
    from kg.extract import extract_papers

    for i, papers in enumerate(listings):
        records = extract_papers(papers)
        keys = {m.entity_id for r in records for m in r.mentions}
        store.write(build_graph(records, prior=store.entity_links(keys)), fresh=i == 0)


def _snapshot(store: GraphStore) -> tuple[Counts, tuple]:
    return store.counts(), comparable(store.to_networkx())


def test_appending_listings_gives_the_graph_of_one_build(store: GraphStore) -> None:
    from kg.sources import read_sources

    papers = read_sources(None).papers
    by_file: dict[str, list[Paper]] = {}
    for p in papers:
        by_file.setdefault(p.source.file, []).append(p)
    assert len(by_file) == 4

    _grow(store, [papers])
    whole = _snapshot(store)
    _grow(store, list(by_file.values()))

    assert _snapshot(store) == whole


def _abstract(id_: str, text: str) -> Paper:
    return replace(paper(id_, "Ann"), abstract=text, abstract_raw=text)


def test_an_entity_decided_again_moves_to_its_new_type_and_name(store: GraphStore) -> None:
    first = [_abstract("p1", "Our solver is faster than QuixNet on sparse graphs.")]
    later = [
        _abstract("p2", "Experiments on the QuixNets and ZebraSet datasets show gains."),
        _abstract("p3", "Results on QuixNets, ZebraSet and PolarSet improve over priors."),
    ]
    _grow(store, [first + later])
    whole = _snapshot(store)
    _grow(store, [first, later])

    assert _snapshot(store) == whole
    nodes = store.to_networkx().nodes
    assert "Dataset:quixnet" in nodes and "Method:quixnet" not in nodes
    assert nodes["Dataset:quixnet"]["name"] == "QuixNets"  # the spelling most papers use


def test_the_raw_abstract_is_kept_only_where_cleaning_changed_it(store: GraphStore) -> None:
    plain = _abstract("p1", "We train BERT on SQuAD.")
    marked = replace(
        _abstract("p2", "We train BERT on SQuAD with a loss in O(n)."),
        abstract_raw="We train BERT on SQuAD with a loss in $O(n)$.",
    )
    store.write(graph_of(plain, marked))

    nodes = store.to_networkx().nodes
    assert nodes["Paper:p1"].get("abstract_raw") is None  # the cleaned text says it all
    assert nodes["Paper:p1"]["abstract"] == "We train BERT on SQuAD."
    assert nodes["Paper:p2"]["abstract_raw"] == "We train BERT on SQuAD with a loss in $O(n)$."
