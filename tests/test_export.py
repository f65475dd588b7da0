"""kg export: each format loaded back the way its tool reads it — GraphML and GEXF by NetworkX,
VOSviewer JSON against VOSviewer's documented shape, neo4j-admin CSVs by the real import tool into
a database a real Neo4j then opens — from either store."""

from __future__ import annotations

import csv
import json
import secrets
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from test_viz import EVIL_NAME, evil_records
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import ConfigError, ExportError
from kg.export import export_graph
from kg.export.tables import ARRAY_DELIMITER
from kg.extract import extract_papers
from kg.graph import GraphData, build_graph
from kg.model import ExtractedPaper
from kg.sources import read_sources
from kg.store.base import GraphStore
from kg.store.networkx import NetworkXStore
from kg.viz import make_view

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def graph(sample_records: list[ExtractedPaper]) -> GraphData:
    """The sample, the identity fixture (ids, institutions) and ten years of papers."""
    more = read_sources([FIXTURES / "venue2023.json", FIXTURES / "years.jsonl"]).papers
    return build_graph([*sample_records, *extract_papers(more), *evil_records()])


@pytest.fixture(scope="module")
def embedded(graph: GraphData, tmp_path_factory: pytest.TempPathFactory) -> NetworkXStore:
    store = NetworkXStore(tmp_path_factory.mktemp("kg"))
    store.write(graph, fresh=True)
    return store


def _keys(store: GraphStore) -> set[str]:
    return set(store.to_networkx().nodes)


# --- GraphML and GEXF ----------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_the_whole_graph_loads_back_with_every_node(
    embedded: NetworkXStore, fmt: str, tmp_path: Path
) -> None:
    path = tmp_path / f"graph.{fmt}"
    done = export_graph(embedded, fmt, path)
    G = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    assert set(G.nodes) == _keys(embedded)
    counts = embedded.counts()
    assert G.number_of_edges() == sum(counts.rels.values()) == done.written.relationships
    types = Counter(t for _, t in G.nodes(data="type"))
    assert types == Counter(counts.nodes)
    paper = next(a for _, a in G.nodes(data=True) if a["type"] == "Paper" and "year" in a)
    assert isinstance(paper["year"], int)
    author = G.nodes["Author:yang liu 3"]
    assert json.loads(author["variants"]) == ["Y. Liu"]  # lists travel as JSON text
    assert author["label"] == "Yang Liu"
    edge_types = Counter(d["label"] for *_, d in G.edges(data=True))
    assert edge_types == Counter(counts.rels)


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_a_view_carries_names_years_communities_and_positions(
    embedded: NetworkXStore, fmt: str, tmp_path: Path
) -> None:
    path = tmp_path / f"coauthors.{fmt}"
    export_graph(embedded, fmt, path, view="coauthors")
    G = nx.read_graphml(path) if fmt == "graphml" else nx.read_gexf(path)
    view = make_view(embedded, "coauthors")
    assert set(G.nodes) == {n.id for n in view.nodes}
    assert {n.id: n.community for n in view.nodes} == dict(G.nodes(data="community"))
    assert all(
        isinstance(a["x"], float) and isinstance(a["y"], float) for _, a in G.nodes(data=True)
    )
    trend = G.nodes["Author:trend author1"]
    assert (trend["first_year"], trend["last_year"], trend["papers"]) == (2010, 2010, 1)
    assert EVIL_NAME in {a["label"] for _, a in G.nodes(data=True)}  # as written, not escaped


def test_the_same_graph_gives_the_same_file(embedded: NetworkXStore, tmp_path: Path) -> None:
    export_graph(embedded, "gexf", tmp_path / "a.gexf", view="topics")
    export_graph(embedded, "gexf", tmp_path / "b.gexf", view="topics")
    a, b = ((tmp_path / n).read_text().splitlines() for n in ("a.gexf", "b.gexf"))
    assert [x for x in a if "lastmodified" not in x] == [x for x in b if "lastmodified" not in x]


# --- VOSviewer -------------------------------------------------------------------------------


def check_vosviewer(doc: dict[str, Any]) -> None:
    """VOSviewer's JSON format (app.vosviewer.com/docs/file-types/json-file-type)."""
    items, links = doc["network"]["items"], doc["network"]["links"]
    ids = [i["id"] for i in items]
    assert items and len(set(ids)) == len(ids)
    for item in items:
        assert isinstance(item["id"], int | str) and isinstance(item["label"], str)
        assert isinstance(item["x"], float) and isinstance(item["y"], float)
        assert "cluster" not in item or 1 <= item["cluster"] <= 1000
        assert all(isinstance(k, str) and v >= 0 for k, v in item["weights"].items())
        assert all(isinstance(v, int | float) for v in item.get("scores", {}).values())
    for link in links:
        assert link["source_id"] in ids and link["target_id"] in ids
        assert link["strength"] >= 0
    for cluster in doc["network"]["clusters"]:
        assert 1 <= cluster["cluster"] <= 1000 and isinstance(cluster["label"], str)


@pytest.mark.parametrize("view", ["coauthors", "topics"])
def test_vosviewer_json_has_items_and_links_in_vosviewers_shape(
    embedded: NetworkXStore, view: str, tmp_path: Path
) -> None:
    path = tmp_path / "map.json"
    done = export_graph(embedded, "vosviewer", path, view=view)
    doc = json.loads(path.read_text(encoding="utf-8"))
    check_vosviewer(doc)
    assert len(doc["network"]["items"]) == done.written.nodes
    assert len(doc["network"]["links"]) == done.written.relationships > 0
    assert doc["config"]["terminology"]["item"] in {"author", "term"}


def test_vosviewer_escapes_the_description_it_reads_as_html(
    embedded: NetworkXStore, tmp_path: Path
) -> None:
    path = tmp_path / "map.json"
    export_graph(embedded, "vosviewer", path)  # coauthors by default
    items = json.loads(path.read_text(encoding="utf-8"))["network"]["items"]
    eve = next(i for i in items if i["label"] == EVIL_NAME)
    assert "<script" not in eve["description"]  # its track's markup, escaped
    assert "&lt;script&gt;" in eve["description"]
    jordan = next(i for i in items if i["label"] == "Michael I. Jordan")
    assert jordan["weights"]["Papers"] == 2 and jordan["weights"]["Links"] >= 1


# --- JSON lines and CSV ----------------------------------------------------------------------


def test_jsonl_has_every_node_then_every_relationship(
    embedded: NetworkXStore, tmp_path: Path
) -> None:
    path = tmp_path / "graph.jsonl"
    export_graph(embedded, "jsonl", path)
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    nodes = [x for x in lines if x["type"] == "node"]
    rels = [x for x in lines if x["type"] == "relationship"]
    assert lines == nodes + rels
    assert {n["id"] for n in nodes} == _keys(embedded)
    assert Counter(r["label"] for r in rels) == Counter(embedded.counts().rels)
    ids = {n["id"] for n in nodes}
    assert all(r["start"]["id"] in ids and r["end"]["id"] in ids for r in rels)
    yang = next(n for n in nodes if n["id"] == "Author:yang liu 3")
    assert yang["labels"] == ["Author"] and yang["properties"]["variants"] == ["Y. Liu"]


def test_csv_is_an_edge_list_gephi_reads(embedded: NetworkXStore, tmp_path: Path) -> None:
    path = tmp_path / "edges.csv"
    export_graph(embedded, "csv", path, view="coauthors", min_weight=2)
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    assert rows and set(rows[0]) == {"Source", "Target", "Type", "Weight", "Relationship"}
    assert {r["Type"] for r in rows} == {"Undirected"}
    assert all(int(r["Weight"]) >= 2 for r in rows)  # --min-weight as in kg viz
    whole = tmp_path / "all.csv"
    export_graph(embedded, "csv", whole)
    relationships = list(csv.DictReader(whole.open(encoding="utf-8")))
    assert len(relationships) == sum(embedded.counts().rels.values())


# --- neo4j-admin -----------------------------------------------------------------------------


def test_neo4j_admin_csvs_carry_the_import_headers(embedded: NetworkXStore, tmp_path: Path) -> None:
    out = tmp_path / "import"
    done = export_graph(embedded, "neo4j-admin", out)
    with (out / "nodes" / "Paper.csv").open(encoding="utf-8") as fh:
        header = next(csv.reader(fh))
    assert header[:2] == ["id:ID(Paper)", ":LABEL"] and "year:long" in header
    with (out / "relationships" / "AUTHORED-Author-Paper.csv").open(encoding="utf-8") as fh:
        reader = csv.reader(fh)
        header = next(reader)
        first = next(reader)
    assert header[:3] == [":START_ID(Author)", ":END_ID(Paper)", ":TYPE"]
    assert "position:long" in header and "ids:string[]" in header
    assert first[2] == "AUTHORED"
    rows = sum(1 for p in out.rglob("*.csv") for _ in p.open(encoding="utf-8")) - len(
        done.written.paths
    )
    assert done.written.nodes + done.written.relationships <= rows  # abstracts span lines
    command = done.written.command
    assert command.startswith("neo4j-admin database import full neo4j --array-delimiter=U+001F")
    assert f"--nodes={(out / 'nodes' / 'Paper.csv').resolve()}" in command
    assert ARRAY_DELIMITER not in command


def test_the_cli_prints_what_it_wrote_and_the_import_command(
    embedded: NetworkXStore, tmp_path: Path
) -> None:
    out = tmp_path / "import"
    args = ["export", "-f", "neo4j-admin", "-o", str(out), "--store", str(embedded.directory)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("neo4j-admin (all): ") and lines[0].endswith(f"→ {out}")
    assert lines[-1].startswith("neo4j-admin database import full neo4j ")
    again = CliRunner().invoke(app, args)  # the folder now holds files: never mixed
    assert again.exit_code == 1 and "not an empty folder" in again.stderr


@pytest.mark.parametrize(
    ("fmt", "view", "error", "message"),
    [
        ("pajek", None, ConfigError, "unknown export format 'pajek'"),
        ("vosviewer", "all", ConfigError, "--view coauthors or --view topics"),
        ("neo4j-admin", "topics", ConfigError, "the whole graph"),
        ("graphml", "author", ConfigError, "unknown view 'author'"),
    ],
)
def test_what_cannot_be_exported_says_why(
    embedded: NetworkXStore, fmt: str, view: str | None, error: type, message: str, tmp_path: Path
) -> None:
    with pytest.raises(error, match=message):
        export_graph(embedded, fmt, tmp_path / "out", view=view)


def test_an_empty_graph_and_a_missing_folder_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="build it first"):
        export_graph(NetworkXStore(tmp_path / "empty"), "jsonl", tmp_path / "x.jsonl")
    with pytest.raises(ExportError, match="does not exist"):
        export_graph(NetworkXStore(tmp_path / "empty"), "jsonl", tmp_path / "no" / "x.jsonl")


# --- from Neo4j, and into Neo4j ------------------------------------------------------------


@pytest.mark.neo4j
def test_neo4j_exports_the_same_graph(
    graph: GraphData, embedded: NetworkXStore, neo4j_store: GraphStore, tmp_path: Path
) -> None:
    from kg.export import records

    neo4j_store.write(graph, fresh=True)
    records.PAGE, page = 7, records.PAGE  # many pages, even from a small graph
    try:
        for name, store in (("embedded", embedded), ("neo4j", neo4j_store)):
            export_graph(store, "jsonl", tmp_path / f"{name}.jsonl")
            export_graph(store, "neo4j-admin", tmp_path / name)
    finally:
        records.PAGE = page
    seen = {}
    for name in ("embedded", "neo4j"):
        lines = [json.loads(x) for x in (tmp_path / f"{name}.jsonl").read_text().splitlines()]
        seen[name] = (
            {x["id"] for x in lines if x["type"] == "node"},
            Counter(
                (x["label"], x["start"]["id"], x["end"]["id"])
                for x in lines
                if x["type"] == "relationship"
            ),
        )
        files = sorted(p.relative_to(tmp_path / name) for p in (tmp_path / name).rglob("*.csv"))
        seen[name + " files"] = files  # type: ignore[assignment]
    assert seen["embedded"] == seen["neo4j"]
    assert seen["embedded files"] == seen["neo4j files"]


@pytest.fixture
def imported(embedded: NetworkXStore, tmp_path: Path) -> Iterator[Any]:
    """A Neo4j started on a database that neo4j-admin built from kg's export."""
    from conftest import require_launcher

    require_launcher()
    from neo4j_server import admin_import, start_server

    done = export_graph(embedded, "neo4j-admin", tmp_path / "import")
    args = done.written.command.split()[1:]  # the command kg printed (paths have no spaces)
    home = tmp_path / "neo4j-home"
    output = admin_import(home, args)
    assert "IMPORT DONE" in output
    password = "kg-test-" + secrets.token_hex(8)
    server = start_server(password=password, data_dir=home, env={"KG_NEO4J_HEAP": "512m"})
    try:
        yield server, password
    finally:
        server.stop()


@pytest.mark.neo4j
def test_neo4j_admin_imports_the_export(embedded: NetworkXStore, imported: Any) -> None:
    from neo4j import GraphDatabase

    server, password = imported
    counts = embedded.counts()
    with GraphDatabase.driver(server.uri, auth=("neo4j", password)) as driver:
        labels = {
            r["label"]: r["n"]
            for r in driver.execute_query(
                "MATCH (n) RETURN labels(n)[0] AS label, count(*) AS n"
            ).records
        }
        types = {
            r["type"]: r["n"]
            for r in driver.execute_query(
                "MATCH ()-[r]->() RETURN type(r) AS type, count(*) AS n"
            ).records
        }
        yang = driver.execute_query(
            "MATCH (a:Author {id: 'yang liu 3'})-[r:AUTHORED]->(p:Paper) "
            "RETURN a.variants AS variants, p.year AS year, r.position AS position LIMIT 1"
        ).records[0]
        eve = driver.execute_query(
            "MATCH (a:Author) WHERE a.name = $name RETURN count(a) AS n", name=EVIL_NAME
        ).records[0]
    assert labels == counts.nodes
    assert types == counts.rels
    assert yang["variants"] == ["Y. Liu"] and yang["year"] == 2023
    assert isinstance(yang["position"], int)
    assert eve["n"] == 1


def test_the_layout_is_seeded_bounded_and_needs_no_scipy() -> None:
    from math import dist

    from kg.export.records import SCALE, spring_layout

    G = nx.connected_watts_strogatz_graph(600, 4, 0.1, seed=1)  # NetworkX needs SciPy from 500
    pos = spring_layout(G)
    assert pos == spring_layout(G)
    assert all(abs(c) <= SCALE for xy in pos.values() for c in xy)
    linked = [dist(pos[a], pos[b]) for a, b in G.edges]
    apart = [dist(pos[i], pos[(7 * i + 300) % 600]) for i in range(600)]
    assert sum(linked) / len(linked) < sum(apart) / len(apart) / 2  # links pull their ends close
