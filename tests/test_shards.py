"""Extraction past one machine: shards extracted apart (on a Dask cluster) load into the graph a
single build gives; a missing, cut-off or foreign shard is refused, not loaded in part."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import Neo4jTarget, comparable
from typer.testing import CliRunner

from kg.cli import app
from kg.errors import ConfigError, InputError
from kg.extract import extract_papers
from kg.extract.shards import Shard, read_shards, run_shard, shard_of
from kg.pipeline import build
from kg.sources import read_sources, sample_paths
from kg.store.networkx import NetworkXStore

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from dask_shards import extract_on_dask

runner = CliRunner()
SHARDS = 3


@pytest.fixture(scope="module")
def single(tmp_path_factory: pytest.TempPathFactory) -> NetworkXStore:
    """The sample, built once the usual way."""
    store = NetworkXStore(tmp_path_factory.mktemp("single"))
    build(None, store=store, fresh=True)
    return store


@pytest.fixture(scope="module")
def shard_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample extracted in three shards, each a task on a Dask LocalCluster."""
    from dask.distributed import Client, LocalCluster

    out = tmp_path_factory.mktemp("shards")
    # threads, not processes, to start fast in CI; one thread: each task runs the pipeline alone
    with (
        LocalCluster(processes=False, n_workers=1, threads_per_worker=1) as cluster,
        Client(cluster) as client,
    ):
        files = extract_on_dask(client, None, SHARDS, out, jobs=1)
    assert [f.name for f in files] == [f"shard-{i}-of-{SHARDS}.jsonl" for i in (1, 2, 3)]
    return out


def test_shards_extracted_on_a_dask_cluster_build_the_graph_of_one_build(
    single: NetworkXStore, shard_dir: Path, tmp_path: Path
) -> None:
    sharded = NetworkXStore(tmp_path / "sharded")
    result = build(None, store=sharded, fresh=True, from_extracted=[shard_dir])

    assert result.papers_written == 80
    assert sharded.counts() == single.counts()
    assert comparable(sharded.graph) == comparable(single.graph)
    assert sharded.path.read_bytes() == single.path.read_bytes()


def test_every_paper_is_in_exactly_one_shard_the_same_on_every_run(shard_dir: Path) -> None:
    papers = read_sources(None).papers
    held = {}
    for path in sorted(shard_dir.glob("*.jsonl")):
        header, *lines = path.read_text(encoding="utf-8").splitlines()
        index = json.loads(header)["shard"][0]
        for line in lines:
            held[json.loads(line)["paper"]["id"]] = index
    assert held == {p.id: shard_of(p.id, SHARDS) for p in papers}
    assert len(set(held.values())) == SHARDS  # 80 papers spread over all three


def test_kg_extract_shard_and_build_from_extracted_on_the_command_line(
    single: NetworkXStore, tmp_path: Path
) -> None:
    for i in (1, 2):  # no sources: the bundled sample, as the single build read it
        out = tmp_path / "cli" / f"s{i}.jsonl"
        out.parent.mkdir(exist_ok=True)
        result = runner.invoke(app, ["extract", "--shard", f"{i}/2", "--jsonl", str(out)])
        assert result.exit_code == 0, result.output
        assert f"shard {i}/2:" in result.stderr
    store = tmp_path / "store"
    result = runner.invoke(
        app,
        ["build", "--from-extracted", str(tmp_path / "cli"), "--store", str(store),
         "--backend", "networkx", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["papers_read"] == 80
    assert NetworkXStore(store).path.read_bytes() == single.path.read_bytes()


def test_a_missing_cut_off_or_foreign_shard_is_refused(shard_dir: Path, tmp_path: Path) -> None:
    some = tmp_path / "some"
    some.mkdir()
    for i in (1, 3):
        name = f"shard-{i}-of-{SHARDS}.jsonl"
        (some / name).write_bytes((shard_dir / name).read_bytes())
    with pytest.raises(InputError, match=r"shard\(s\) 2/3 missing"):
        read_shards([some])

    text = (shard_dir / "shard-2-of-3.jsonl").read_text(encoding="utf-8")
    (some / "shard-2-of-3.jsonl").write_text(text[: len(text) // 2].rsplit("\n", 1)[0] + "\n")
    with pytest.raises(InputError, match=r"shard-2-of-3\.jsonl is cut off"):
        read_shards([some])

    (some / "shard-2-of-3.jsonl").write_text('{"id": "x", "entities": []}\n')
    with pytest.raises(InputError, match="is not a shard written by kg extract --shard"):
        read_shards([some])


def test_a_shard_of_another_input_is_refused(shard_dir: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    run_shard([sample_paths()[0]], Shard(2, SHARDS), other, jobs=1)
    for i in (1, 3):
        name = f"shard-{i}-of-{SHARDS}.jsonl"
        (other / name).write_bytes((shard_dir / name).read_bytes())
    with pytest.raises(InputError, match="come from different inputs"):
        read_shards([other])


def test_shards_settle_with_the_gazetteers_they_were_extracted_with(tmp_path: Path) -> None:
    """A concept of a user's gazetteer is keyed by its fullest name when the shards are loaded,
    as in one extraction; a gazetteer changed or gone since is refused, not silently dropped."""
    gazetteer = tmp_path / "lists.jsonl"
    gazetteer.write_text(
        '{"label": "Method", "pattern": "soft interventions", "id": "si"}\n'
        '{"label": "Method", "pattern": "soft intervention design method", "id": "si"}\n'
    )
    whole = extract_papers(read_sources(None).papers, gazetteers=[gazetteer], jobs=1)
    folder = tmp_path / "shards"
    for i in (1, 2):
        run_shard(None, Shard(i, 2), folder, gazetteers=[gazetteer], jobs=1)
    settled = read_shards([folder]).settle()
    keys = [[m.key for m in ep.mentions] for ep in settled]
    assert keys == [[m.key for m in ep.mentions] for ep in whole]
    assert "soft intervention design method" in {k for paper in keys for k in paper}

    gazetteer.write_text(
        gazetteer.read_text() + '{"label": "Method", "pattern": "X1", "id": "x"}\n'
    )
    with pytest.raises(InputError, match=r"lists\.jsonl, which has changed since"):
        read_shards([folder])
    gazetteer.unlink()
    with pytest.raises(InputError, match=r"lists\.jsonl, which is gone"):
        read_shards([folder])


def test_kg_extract_says_what_is_wrong_with_where_it_writes(tmp_path: Path) -> None:
    result = runner.invoke(app, ["extract", "--jsonl", str(tmp_path / "no" / "x.jsonl")])
    assert result.exit_code == 2
    assert f"the folder {tmp_path / 'no'} does not exist" in result.stderr
    aliases = tmp_path / "aliases.csv"
    aliases.write_text("GPs,Gaussian process\n")
    result = runner.invoke(
        app, ["extract", "--shard", "1/2", "--aliases", str(aliases), "--jsonl", "-"]
    )
    assert result.exit_code == 2
    assert "kg build --from-extracted" in result.stderr


@pytest.mark.parametrize("text", ["3", "0/2", "3/2", "a/b", "1/0"])
def test_a_shard_must_be_i_of_n(text: str) -> None:
    with pytest.raises(ConfigError, match="--shard takes I/N"):
        Shard.parse(text)


@pytest.mark.neo4j
def test_shards_load_into_neo4j_through_a_routing_uri(
    neo4j_server: Neo4jTarget, single: NetworkXStore, shard_dir: Path, tmp_path: Path
) -> None:
    from kg.store.neo4j import Neo4jStore

    if not neo4j_server.uri.startswith("bolt://"):
        pytest.skip("the configured server is not addressed with bolt://")
    routed = neo4j_server.settings(tmp_path, neo4j_uri="neo4j://" + neo4j_server.uri[7:])
    store = Neo4jStore.connect(routed)
    try:
        store.delete_all()
        build(None, store=store, fresh=True, from_extracted=[shard_dir])
        assert store.counts() == single.counts()
        assert store.coauthor_weights() == single.coauthor_weights()
        assert comparable(store.to_networkx()) == comparable(single.graph)
    finally:
        store.delete_all()
        store.close()
