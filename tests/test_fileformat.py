"""The embedded store's file (graph.kg): the graph comes back exactly, a query reads only what it
needs, damaged or foreign files are refused with a message naming them, and stores written
before this format still open."""

from __future__ import annotations

import json
import random
import struct
from pathlib import Path

import networkx as nx
import pytest
from conftest import comparable
from typer.testing import CliRunner

from kg.cli import app
from kg.graph import GraphData
from kg.index import build_index
from kg.queries import run_query
from kg.store.fileformat import GraphFile, read_node_link, write_graph, write_node_link
from kg.store.networkx import NetworkXStore

runner = CliRunner()


@pytest.fixture
def built(tmp_path: Path, sample_graph: GraphData) -> NetworkXStore:
    store = NetworkXStore(tmp_path / "store")
    store.write(sample_graph)
    return store


def kg(*args: str):
    return runner.invoke(app, list(args))


def test_a_store_reopened_holds_the_graph_it_saved(built: NetworkXStore) -> None:
    reopened = NetworkXStore(built.directory)
    assert reopened.counts() == built.counts()
    assert comparable(reopened.graph) == comparable(built.graph)


def test_values_of_every_kind_come_back_as_written(tmp_path: Path) -> None:
    g = nx.MultiDiGraph()
    g.add_node("Paper:p1", label="Paper", id="p1", title="Ünïcode — “quoted” \x1b[2J", year=2019,
               authors_hidden=False, code_links=["https://x.org/a"], score=0.125)  # fmt: skip
    g.add_node("Paper:p2", label="Paper", id="p2", year=None)  # no nulls are kept
    g.add_node("Author:a b", label="Author", id="a b", variants=[], ids=["orcid:0000"])
    g.add_edge("Author:a b", "Paper:p1", key="AUTHORED", position=0, institutions=[])
    g.add_edge("Author:a b", "Paper:p2", key="AUTHORED", position=3)
    g.add_edge("Paper:p1", "Paper:p2", key="USES", evidence="a\nb", start=0, end=1)
    path = tmp_path / "g.kg"
    with path.open("wb") as fh:
        write_graph(g, fh)

    back = GraphFile(path).to_networkx()

    g.nodes["Paper:p2"].pop("year")
    assert comparable(back) == comparable(g)
    assert back.nodes["Paper:p1"]["year"] == 2019 and back.nodes["Paper:p1"]["score"] == 0.125


def test_one_graph_gives_one_file_whatever_order_it_was_built_in(
    tmp_path: Path, built: NetworkXStore
) -> None:
    g = built.graph
    shuffled = nx.MultiDiGraph()
    nodes = list(g.nodes(data=True))
    edges = list(g.edges(keys=True, data=True))
    random.Random(7).shuffle(nodes)
    random.Random(7).shuffle(edges)
    shuffled.add_nodes_from(nodes)
    shuffled.add_edges_from(edges)
    with (tmp_path / "shuffled.kg").open("wb") as fh:
        write_graph(shuffled, fh)
    assert (tmp_path / "shuffled.kg").read_bytes() == built.path.read_bytes()


def test_a_query_reads_only_the_columns_it_needs(built: NetworkXStore) -> None:
    store = NetworkXStore(built.directory)
    result = run_query(store, "coauthors", {"name": "Murat Kocaoglu"})
    assert result.rows
    file = store.snapshot()
    assert isinstance(file, GraphFile)
    read = {name for t in [*file.nodes.values(), *file.edges] for name in t._columns}  # type: ignore[attr-defined]
    assert {"abstract", "abstract_raw", "evidence", "title", "variants"}.isdisjoint(read)
    assert {"name", "papers", "weight"} <= read
    assert "coauthors" not in store.index().__dict__  # one author's rows, not every pair


def test_one_authors_coauthors_are_those_of_the_whole_index(built: NetworkXStore) -> None:
    for source in (NetworkXStore(built.directory).snapshot(), built.graph):  # file, memory
        one, whole = build_index(source), build_index(source)
        authors = whole.by_label["Author"]
        assert sum(len(whole.coauthors_of(a)) for a in authors) > 0
        assert [one.coauthors_of(a) for a in authors] == [whole.coauthors[a] for a in authors]
        assert one.coauthors_of("nobody") == {}


def test_queries_answer_the_same_from_the_file_and_from_memory(built: NetworkXStore) -> None:
    reopened = NetworkXStore(built.directory)
    for name, params in [
        ("coauthors", {"name": "Murat Kocaoglu"}),
        ("experts", {"entity": "causal discovery"}),
        ("top-collaborations", {}),
        ("papers-using", {"entity": "causal discovery"}),
        ("author-profile", {"name": "Murat Kocaoglu"}),
    ]:
        assert run_query(reopened, name, params).rows == run_query(built, name, params).rows


def damage(path: Path, how: str) -> None:
    data = bytearray(path.read_bytes())
    if how == "cut":
        data = data[: len(data) // 2]
    elif how == "flip":  # a byte of the papers' names, which an author's profile lists
        file = GraphFile(path)
        offset, length, _ = file.nodes["Paper"]._sections["name"]  # type: ignore[attr-defined]
        file.close()
        data[offset + length // 2] ^= 0x01
    elif how == "newer":
        data[8:12] = struct.pack("<I", 99)
    elif how == "foreign":
        data = bytearray(b'{"nodes": []}')
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("how", "says"),
    [
        ("foreign", "is not a kg graph file"),
        ("cut", "is cut off"),
        ("flip", "is damaged (column"),
        ("newer", "was written by a newer kg (store format 99"),
    ],
)
def test_a_damaged_or_foreign_file_is_refused_with_what_to_do(
    built: NetworkXStore, how: str, says: str
) -> None:
    damage(built.path, how)
    result = kg("query", "author-profile", "-p", "name=Murat Kocaoglu", "--store",
                str(built.directory), "--backend", "networkx")  # fmt: skip
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())
    assert says in message
    assert str(built.path) in message
    assert "kg build --fresh" in message


def test_an_old_node_link_store_opens_with_a_note_and_the_next_build_converts_it(
    tmp_path: Path, built: NetworkXStore
) -> None:
    old = tmp_path / "old"
    old.mkdir()
    with (old / "graph.json").open("w", encoding="utf-8") as fh:
        write_node_link(built.graph, fh)

    result = kg("query", "coauthors", "-p", "name=Murat Kocaoglu", "--store", str(old),
                "--backend", "networkx")  # fmt: skip
    assert result.exit_code == 0
    assert "Zihan Zhou" in result.stdout
    assert "old node-link JSON format" in result.stderr and "kg build --fresh" in result.stderr
    assert comparable(NetworkXStore(old).graph) == comparable(built.graph)

    from kg.sources import sample_paths

    result = kg("build", str(sample_paths()[0]), "--store", str(old), "--backend", "networkx")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in old.iterdir()) == [".lock", "graph.kg", "viz-cache"]
    assert NetworkXStore(old).counts().node("Paper") == 80


def test_export_node_link_writes_json_that_networkx_reads(
    built: NetworkXStore, tmp_path: Path
) -> None:
    path = tmp_path / "graph.json"
    result = kg("export", "--format", "node-link", "-o", str(path), "--store",
                str(built.directory), "--backend", "networkx")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text("utf-8"))
    g = nx.node_link_graph(data, directed=True, multigraph=True, edges="edges", name="node_key")
    g.graph.pop("kg_format")
    assert comparable(g) == comparable(built.graph)
    assert comparable(read_node_link(path)) == comparable(built.graph)
