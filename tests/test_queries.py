"""Named queries on the embedded store: the query files, parameters, name resolution, answers a
user would check by hand, and the `kg query` / `kg cypher` commands."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import NotFound, QueryError
from kg.graph import build_graph
from kg.model import Author, ExtractedPaper, Paper, SourceRef
from kg.queries import get_query, list_queries, prepare_params, run_query
from kg.queries.spec import CYPHER_DIR, parse_query
from kg.queries.twins import cypher_round
from kg.store.networkx import NetworkXStore

QUERY_NAMES = [spec.name for spec in list_queries()]


def _paper(n: int, *authors: str) -> ExtractedPaper:
    people = tuple(Author(id=a.lower(), name=a) for a in authors)
    paper = Paper(
        id=f"p{n}", abstract=f"abstract {n}", abstract_raw="", authors=people, source=SourceRef("t")
    )
    return ExtractedPaper(paper, [])


# --- the query files ----------------------------------------------------------------------


def test_the_issue_queries_exist() -> None:
    assert {
        "coauthors",
        "top-collaborations",
        "collaboration-path",
        "author-profile",
        "experts",
        "recommend-collaborators",
        "papers-using",
        "proposed-in",
        "methods-by-track",
        "track-overview",
        "concept-cooccurrence",
        "communities",
        "central-authors",
    } <= set(QUERY_NAMES)
    assert "schema" not in QUERY_NAMES


@pytest.mark.parametrize("name", QUERY_NAMES)
def test_every_header_documents_its_query(name: str) -> None:
    spec = get_query(name)
    assert len(spec.description) > 20
    assert spec.columns
    for param in spec.params:
        assert param.help, f"{name}: parameter {param.name} has no help"
        assert param.required or param.default is not None
    # Values travel as parameters: the statement uses each one as $name, and formats none in.
    used = set(re.findall(r"\$([a-z_]+)", spec.cypher))
    assert used <= {p.name for p in spec.params}
    allowed = r"\{[a-z_]+: [^{}]+\}|CALL \([a-z, ]*\) \{|COUNT \{|COLLECT \{|EXISTS \{|\}"
    assert "{" not in re.sub(allowed, "", spec.cypher)


@pytest.mark.parametrize("name", [n for n in QUERY_NAMES if "engine:" not in get_query(n).notes])
def test_the_statement_returns_the_header_columns(name: str) -> None:
    """The last RETURN of the statement names the header's columns, in order (a query whose
    header names an engine — communities, trends — returns what kg then computes from)."""
    spec = get_query(name)
    assert _returned_columns(spec.cypher) == spec.columns


def _returned_columns(cypher: str) -> list[str]:
    clause = re.split(r"\n(?:ORDER BY|LIMIT)\b", cypher[cypher.rindex("\nRETURN ") + 8 :])[0]
    items, depth, current = [], 0, ""
    for char in clause:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            items.append(current)
            current = ""
        else:
            current += char
    items.append(current)
    return [re.split(r"\s+AS\s+", item.strip())[-1].strip() for item in items]


def test_communities_says_where_its_answer_comes_from() -> None:
    spec = get_query("communities")
    assert "engine: networkx" in spec.notes
    assert "louvain" in spec.notes.lower()


def test_a_header_without_columns_is_an_error() -> None:
    with pytest.raises(QueryError, match="columns"):
        parse_query("// x: a query that says nothing more\nRETURN 1", name="x")
    assert (CYPHER_DIR / "schema.cypher").exists()


# --- parameters -----------------------------------------------------------------------------


def test_unknown_query_names_close_matches() -> None:
    with pytest.raises(QueryError, match="did you mean coauthors"):
        get_query("coauthor")


def test_parameters_are_typed_from_the_header() -> None:
    spec = get_query("recommend-collaborators")
    typed = prepare_params(spec, {"name": "x", "concept_weight": "0.25", "limit": "3"})
    assert typed == {"name": "x", "concept_weight": 0.25, "limit": 3}
    assert prepare_params(spec, {"name": "x"})["limit"] == 20


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({}, r"needs the parameter 'name' \(author\)"),
        ({"name": "  "}, r"needs the parameter 'name'"),
        ({"name": "x", "limit": "ten"}, r"'limit' of coauthors must be an integer \(got 'ten'\)"),
        ({"name": "x", "limit": "-1"}, r"must be 0 or more"),
        ({"name": "x", "nmae": "y"}, r"no parameter 'nmae': did you mean 'name'"),
    ],
)
def test_parameter_errors_say_which_and_what_type(params: dict[str, str], message: str) -> None:
    with pytest.raises(QueryError, match=message):
        prepare_params(get_query("coauthors"), params)


def test_choices_are_checked() -> None:
    with pytest.raises(QueryError, match=r"one of degree, weighted, betweenness.*'betweenness'"):
        prepare_params(get_query("central-authors"), {"measure": "betweeness"})


def test_booleans_and_floats_coerce() -> None:
    param = get_query("communities").param("resolution")
    assert param is not None and param.coerce("2", query="q") == 2.0
    assert param.coerce(1, query="q") == 1.0
    with pytest.raises(QueryError, match="must be a number"):
        param.coerce(True, query="q")


def test_cypher_round_is_half_up_like_neo4j() -> None:
    assert cypher_round(0.0005, 3) == 0.001  # Python's round() gives 0.0
    assert cypher_round(2.5, 0) == 3.0
    assert cypher_round(-0.125, 2) == -0.13
    assert cypher_round(1 / 3, 4) == 0.3333


# --- answers --------------------------------------------------------------------------------


def test_coauthors_of_fazl_barez(sample_store: NetworkXStore) -> None:
    result = run_query(sample_store, "coauthors", {"name": "Fazl Barez"})
    assert result.columns == ["coauthor", "papers", "weight"]
    assert result.rows == [("Tung-Yu Wu", 2, 1.5), ("Lucas Irwin", 1, 0.5)]


def test_names_resolve_through_case_variants_and_nicknames(sample_store: NetworkXStore) -> None:
    assert run_query(sample_store, "coauthors", {"name": "KE LIANG"}).params["name"] == "ke liang"
    profile = run_query(sample_store, "author-profile", {"name": "Zhangyang Atlas Wang"})
    assert profile.params["name"] == "zhangyang wang"
    assert ("track", "Track", "Deep Learning · Large Language Models", 1) in profile.rows
    spaced = run_query(sample_store, "coauthors", {"name": "HantingYan"})
    assert spaced.params["name"] == "hanting yan"


def test_an_unknown_author_gets_suggestions(sample_store: NetworkXStore) -> None:
    with pytest.raises(NotFound, match=r"no author named 'Fazl Bares'.*did you mean: Fazl Barez"):
        run_query(sample_store, "coauthors", {"name": "Fazl Bares"})
    with pytest.raises(NotFound, match="no close name"):
        run_query(sample_store, "coauthors", {"name": "Qqqqxz Wwwwvk"})


def test_an_unknown_track_and_entity_type(sample_store: NetworkXStore) -> None:
    with pytest.raises(NotFound, match=r"did you mean: .*Large Language Models"):
        run_query(sample_store, "track-overview", {"track": "Deep Learning · Large Langauge Model"})
    with pytest.raises(QueryError, match="unknown entity type 'algorithm'"):
        run_query(sample_store, "experts", {"entity": "transformers", "type": "algorithm"})


def test_empty_results_say_why(sample_store: NetworkXStore) -> None:
    result = run_query(sample_store, "proposed-in", {"entity": "transformers"})
    assert result.rows == []
    assert "no paper in the graph is recorded as proposing 'transformers'" in result.empty_reason
    path = run_query(
        sample_store, "collaboration-path", {"source": "Jiahui Gao", "target": "Fazl Barez"}
    )
    assert path.rows == [] and "no chain of co-authors" in path.empty_reason


def test_a_path_needs_two_different_authors(sample_store: NetworkXStore) -> None:
    with pytest.raises(QueryError, match="same author"):
        run_query(sample_store, "collaboration-path", {"source": "Ke Liang", "target": "KE LIANG"})


def test_proposed_in_names_the_paper_and_its_authors(sample_store: NetworkXStore) -> None:
    rows = run_query(sample_store, "proposed-in", {"entity": "causcale"}).rows
    assert [(r[0], r[1], r[3][0]) for r in rows] == [("CauScale", "Method", "Bo Peng")]


def test_limit_sets_the_limit_parameter_or_cuts_rows(sample_store: NetworkXStore) -> None:
    assert len(run_query(sample_store, "top-collaborations", {"min_papers": 1}, limit=3).rows) == 3
    assert len(run_query(sample_store, "author-profile", {"name": "Jiahui Gao"}, limit=2).rows) == 2


def test_the_shortest_path_breaks_ties_by_author_ids(tmp_path: Path) -> None:
    """a–d are linked through b and through c: both chains are shortest; b < c wins."""
    store = NetworkXStore(tmp_path)
    store.write(
        build_graph(
            [_paper(1, "A", "C"), _paper(2, "C", "D"), _paper(3, "A", "B"), _paper(4, "B", "D")]
        )
    )
    rows = run_query(store, "collaboration-path", {"source": "a", "target": "d"}).rows
    assert rows == [(0, "A", None), (1, "B", 1), (2, "D", 1)]


def test_recommendations_exclude_coauthors_and_rank_by_shared_coauthors(tmp_path: Path) -> None:
    store = NetworkXStore(tmp_path)
    store.write(
        build_graph(
            [
                _paper(1, "Ann", "Bob"),
                _paper(2, "Ann", "Cid"),
                _paper(3, "Bob", "Dan"),
                _paper(4, "Cid", "Dan"),
                _paper(5, "Bob", "Eve"),
            ]
        )
    )
    rows = run_query(store, "recommend-collaborators", {"name": "Ann"}).rows
    assert [r[0] for r in rows] == ["Dan", "Eve"]  # Dan shares Bob and Cid, Eve only Bob
    assert rows[0][2] == 2 and rows[1][2] == 1


# --- the commands ---------------------------------------------------------------------------


def _kg(*args: str) -> object:
    return CliRunner().invoke(app, list(args), env={"NEO4J_URI": ""})


def test_kg_query_list_shows_every_query_with_parameters() -> None:
    result = _kg("query", "--list")
    assert result.exit_code == 0
    for name in QUERY_NAMES:
        assert re.search(rf"^{re.escape(name)}\s", result.stdout, re.M)
    assert "name (author, required)" in result.stdout
    listed = json.loads(_kg("query", "--list", "--format", "json").stdout)
    assert {q["name"] for q in listed} == set(QUERY_NAMES)


def test_kg_query_coauthors_answers_in_every_format(sample_store: NetworkXStore) -> None:
    where = ["--backend", "networkx", "--store", str(sample_store.directory)]
    table = _kg("query", "coauthors", "--param", "name=Fazl Barez", *where)
    assert table.exit_code == 0, table.output
    assert re.search(r"Tung-Yu Wu\s+2\s+1\.5", table.stdout)
    assert re.search(r"Lucas Irwin\s+1\s+0\.5", table.stdout)
    as_json = json.loads(
        _kg("query", "coauthors", "-p", "name=Fazl Barez", "-f", "json", *where).stdout
    )
    assert as_json[0] == {"coauthor": "Tung-Yu Wu", "papers": 2, "weight": 1.5}
    as_csv = _kg(
        "query", "coauthors", "-p", "name=Fazl Barez", "--format", "csv", "--limit", "1", *where
    )
    assert list(csv.reader(io.StringIO(as_csv.stdout))) == [
        ["coauthor", "papers", "weight"],
        ["Tung-Yu Wu", "2", "1.5"],
    ]


def test_kg_query_errors_are_one_line_with_exit_code(sample_store: NetworkXStore) -> None:
    where = ["--backend", "networkx", "--store", str(sample_store.directory)]
    unknown = _kg("query", "coauthor", *where)
    assert unknown.exit_code == 2 and "did you mean coauthors" in unknown.stderr
    missing = _kg("query", "coauthors", *where)
    assert missing.exit_code == 2 and "needs the parameter 'name'" in missing.stderr
    bad = _kg("query", "coauthors", "--param", "name", *where)
    assert bad.exit_code == 2 and "key=value" in bad.stderr
    nobody = _kg("query", "coauthors", "-p", "name=Fazl Bares", *where)
    assert nobody.exit_code == 1 and "did you mean: Fazl Barez" in nobody.stderr
    empty = _kg("query", "proposed-in", "-p", "entity=transformers", *where)
    assert empty.exit_code == 0 and "no rows: no paper in the graph is recorded" in empty.stderr


def test_kg_cypher_on_the_embedded_store_says_it_needs_neo4j(sample_store: NetworkXStore) -> None:
    result = _kg(
        "cypher",
        "MATCH (n) RETURN n",
        "--backend",
        "networkx",
        "--store",
        str(sample_store.directory),
    )
    assert result.exit_code == 2
    assert "ad-hoc Cypher needs Neo4j" in result.stderr


def test_communities_partition_the_connected_authors(sample_store: NetworkXStore) -> None:
    everyone = {"min_size": 0, "limit": 10_000, "show": 10_000}
    rows = run_query(sample_store, "communities", everyone).rows
    members = [name for row in rows for name in row[3]]
    assert len(members) == len(set(members))  # nobody is in two communities
    connected = {r[0] for r in run_query(sample_store, "central-authors", {"limit": 10_000}).rows}
    assert set(members) == connected
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert [r[1] for r in rows] == sorted((r[1] for r in rows), reverse=True)


def test_the_docs_describe_every_query() -> None:
    docs = (Path(__file__).resolve().parents[1] / "docs" / "queries.md").read_text(encoding="utf-8")
    for name in QUERY_NAMES:
        assert f"### `{name}`" in docs, f"docs/queries.md has no section for {name}"


def test_an_empty_graph_says_to_build_first(tmp_path: Path) -> None:
    empty = NetworkXStore(tmp_path)
    result = run_query(empty, "top-collaborations", {})
    assert result.rows == [] and "the graph is empty" in result.empty_reason
    with pytest.raises(NotFound, match="run `kg build` first"):
        run_query(empty, "coauthors", {"name": "Fazl Barez"})


def test_every_cypher_file_is_declared_once_in_the_registry() -> None:
    from kg.queries.registry import named, named_queries

    declared = named_queries()
    assert [q.name for q in declared] == QUERY_NAMES
    assert all(q.spec.cypher and q.empty for q in declared)
    with pytest.raises(QueryError, match="declared twice"):
        named("coauthors")(lambda ix, p: [])


def test_metrics_are_not_a_type_in_the_graph() -> None:
    """Metrics are left out of the graph (README, "Metrics"): no label, constraint or type."""
    from kg.queries.names import resolve_entity_type
    from kg.schema import ENTITY_LABELS, NODE_LABELS

    assert "Metric" not in NODE_LABELS and "Metric" not in ENTITY_LABELS
    assert "metric" not in (CYPHER_DIR / "schema.cypher").read_text(encoding="utf-8").lower()
    assert not [q.name for q in list_queries() if "metric" in q.cypher.lower()]
    with pytest.raises(QueryError, match="use one of method, dataset, benchmark, task"):
        resolve_entity_type("metric")


def test_a_metric_mention_adds_no_node() -> None:
    from kg.graph import build_graph
    from kg.model import Author, EntityType, Evidence, ExtractedPaper, Mention, Paper, Role
    from kg.sources.base import SourceRef

    paper = Paper(
        id="p1",
        abstract="We report BLEU for BERT.",
        abstract_raw="We report BLEU for BERT.",
        authors=(Author(id="ann", name="Ann"),),
        source=SourceRef("x", record=0),
    )
    mentions = [
        Mention("BLEU", EntityType.METRIC, Role.USES, 0.9, Evidence("s", 0, 1)),
        Mention("BERT", EntityType.METHOD, Role.USES, 0.9, Evidence("s", 0, 1)),
    ]
    graph = build_graph([ExtractedPaper(paper, mentions)])
    assert {n.label for n in graph.nodes} == {"Paper", "Author", "Method"}
