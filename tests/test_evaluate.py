"""kg.evaluate and kg.evalsets: score.py's matching rules, the sets `kg eval` scores side by side,
their gold files, and the bars CI gates on."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kg.cli import app
from kg.evalsets import (
    GOLD_LISTS,
    OWN_SETS,
    PACKAGE_EVAL,
    detokenize,
    name_shaped,
    only_names,
    scirex_front,
    span_gold,
)
from kg.evaluate import agreement, name_key, score

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
ABSTRACT = "We propose FooNet for image classification and evaluate it on CIFAR-10 and SVHN."
needs_dev = pytest.mark.skipif(not (SHARED / "eval").is_dir(), reason="needs ../shared/eval")
runner = CliRunner()


@pytest.fixture()
def gold(tmp_path: Path) -> tuple[Path, Path]:
    papers = tmp_path / "papers.json"
    papers.write_text(json.dumps([{"id": "x", "abstract": ABSTRACT}]))
    gold = tmp_path / "gold.json"
    gold.write_text(
        json.dumps(
            {
                "x": {
                    "proposed": ["FooNet|Foo Network"],
                    "methods": [],
                    "datasets": ["CIFAR-10", "SVHN"],
                    "benchmarks": [],
                    "tasks": ["image classification"],
                }
            }
        )
    )
    return papers, gold


def score_one(gold: tuple[Path, Path], *entities: tuple[str, str, str]) -> dict:
    """P/R/F1 of one predicted record (the gold paper's abstract) holding `entities`."""
    papers, g = gold
    rec = {
        "abstract": ABSTRACT,
        "entities": [{"name": n, "type": t, "role": r} for n, t, r in entities],
    }
    return {cat: s.prf for cat, s in score([rec], papers, [g]).items()}


def test_perfect_prediction_scores_one(gold):
    got = score_one(
        gold,
        ("Foo Network", "Method", "proposed"),
        ("CIFAR10", "Dataset", "evaluated_on"),
        ("SVHN", "Benchmark", "evaluated_on"),
        ("image classification tasks", "Task", "addresses"),
    )
    assert {c: v[2] for c, v in got.items()} == {
        "METHOD": 1.0,
        "DATA": 1.0,
        "TASK": 1.0,
        "PROPOSED": 1.0,
    }


def test_false_positive_and_miss_and_role(gold):
    got = score_one(
        gold,
        ("FooNet", "Method", "uses"),
        ("ImageNet", "Dataset", "evaluated_on"),
        ("CIFAR-10", "Dataset", "evaluated_on"),
    )
    assert got["METHOD"] == (1.0, 1.0, 1.0)
    assert got["PROPOSED"] == (0.0, 0.0, 0.0)  # right name, wrong role
    p, r, _ = got["DATA"]
    assert (p, r) == (0.5, 0.5)
    assert got["TASK"][1] == 0.0


def test_unmatched_paper_counts_as_all_misses(gold):
    papers, g = gold
    other = {"abstract": "Something else entirely about graphs and kernels.", "entities": []}
    data = score([other], papers, [g])["DATA"]
    assert (data.tp, data.fn, data.misses) == (0, 2, ("x: CIFAR-10", "x: SVHN"))


# --- span corpora: what SciERC and SciREX gold becomes ---------------------------------------


def tokens(text: str) -> list[str]:
    return text.split()


def test_agreement_matches_entity_to_entity_by_any_alternative():
    first = {
        "p": {
            "proposed": ["Foo|FooNet"],
            "methods": ["proximal policy optimization", "Bar"],
            "tasks": ["grasp planning"],
        }
    }
    second = {
        "p": {
            "proposed": ["FooNet"],  # the same entity by another alternative
            "methods": ["PPO|proximal policy optimization", "Baz"],
            "tasks": ["grasp planning for robots"],  # word overlap 2/3
        },
        "q": {"methods": ["Qux"]},  # a paper the first did not annotate is left out
    }
    got = agreement(first, second)
    assert (got["METHOD"].tp, got["METHOD"].fp, got["METHOD"].fn) == (2, 1, 1)
    assert (got["PROPOSED"].tp, got["PROPOSED"].fp, got["PROPOSED"].fn) == (1, 0, 0)
    assert (got["TASK"].tp, got["TASK"].fp, got["TASK"].fn) == (1, 0, 0)


def test_span_gold_joins_a_name_and_its_parenthesised_abbreviation():
    words = tokens("We use Long Short - Term Memory ( LSTM ) on SNLI ; the LSTM wins .")
    spans = [(2, 7, "Method"), (8, 9, "Method"), (11, 12, "Material"), (14, 15, "Method")]
    assert span_gold(words, spans) == {
        "proposed": [],
        "methods": ["Long Short-Term Memory|LSTM"],
        "datasets": ["SNLI"],
        "benchmarks": [],
        "tasks": [],
    }


def test_span_gold_counts_a_name_and_its_plural_once():
    # a paper that writes "GRNs" and "GRN" names one model: one gold entity, not a miss for each
    words = tokens("the GRNs we train ; each GRN has two FooSets , unlike FooSet")
    spans = [(1, 2, "Method"), (6, 7, "Method"), (9, 10, "Material"), (12, 13, "Material")]
    gold = span_gold(words, spans)
    assert gold["methods"] == ["GRNs|GRN"]
    assert gold["datasets"] == ["FooSets|FooSet"]


def test_detokenize_joins_what_the_tokenizer_split_off_a_word():
    assert (
        detokenize(tokens("the Mary ’s Foo Test and Bar3.6 M")) == "the Mary’s Foo Test and Bar3.6M"
    )
    assert detokenize(tokens("the FooSet ( FS + ) in C ++ , 10 K images")) == (
        "the FooSet (FS+) in C++, 10K images"
    )
    assert detokenize(tokens("and + 0.3 % , Foo + Bar")) == "and + 0.3%, Foo + Bar"


def test_span_gold_gives_a_named_data_span_its_name_without_the_data_noun():
    # SciREX spans keep the noun ("SQuAD dataset"); kg writes the name ("SQuAD"): one entity
    words = tokens("on the SQuAD dataset , two image datasets and SQuAD again ; WikiText-2 corpus")
    spans = [(2, 4, "Material"), (6, 8, "Material"), (9, 10, "Material"), (12, 14, "Material")]
    assert span_gold(words, spans)["datasets"] == [
        "SQuAD dataset|SQuAD",
        "image datasets",  # no name before the noun: nothing to strip
        "WikiText-2 corpus|WikiText-2",
    ]
    words = tokens("the FooNet test set , the Bar-7 face parsing dataset and 3 scan data")
    spans = [(1, 4, "Material"), (6, 10, "Material"), (11, 14, "Material")]
    assert span_gold(words, spans)["datasets"] == [
        "FooNet test set|FooNet",
        "Bar-7 face parsing dataset|Bar-7 face parsing|Bar-7",
        "3 scan data|3",  # an alternative that no name matches: harmless
    ]
    method = span_gold(tokens("the Foo benchmark"), [(0, 3, "Method")])
    assert method["methods"] == ["the Foo benchmark"]  # only data spans


def test_span_gold_splits_a_span_holding_its_abbreviation_and_drops_other_types():
    words = tokens("efficient Additive Operator Splitting -LRB- AOS -RRB- techniques for denoising")
    spans = [(1, 8, "Method"), (9, 10, "Task"), (0, 1, "OtherScientificTerm")]
    gold = span_gold(words, spans)
    assert gold["methods"] == [
        "Additive Operator Splitting techniques|Additive Operator Splitting|AOS"
    ]
    assert gold["tasks"] == ["denoising"]


def test_scirex_front_is_title_and_abstract_without_section_markers():
    words = tokens("Title Words section : Abstract We propose X . section : Introduction Y")
    doc = {
        "words": words,
        "sections": [[0, 2], [2, 9], [9, 12]],
        "ner": [[7, 8, "Method"], [11, 12, "Method"]],  # X in the abstract, Y after it
    }
    _, kept, spans = scirex_front({**doc, "doc_id": "d"})
    assert kept == tokens("Title Words We propose X .")
    assert [kept[s:e] for s, e, _ in spans] == [["X"]]
    assert (
        scirex_front({**doc, "doc_id": "d", "sections": [[0, 12]]}) is None
    )  # no boundary to find


def test_scirex_front_ends_the_title_so_it_does_not_open_the_first_sentence():
    # SciREX's first sentence is the title; without a stop, "Deep Nets Attention is ..." was
    # one sentence, and a name run crossed from the title into the abstract
    words = tokens("document : Deep Nets Attention is useful . We propose X .")
    doc = {
        "doc_id": "d",
        "words": words,
        "sentences": [[0, 4], [4, 8], [8, 12]],
        "sections": [[0, 12], [12, 12]],
        "ner": [[2, 4, "Method"], [10, 11, "Method"]],
    }
    _, kept, spans = scirex_front(doc)
    assert kept == tokens("Deep Nets . Attention is useful . We propose X .")
    assert [kept[s:e] for s, e, _ in spans] == [["Deep", "Nets"], ["X"]]
    ended = {**doc, "words": tokens("document : Deep Nets ! Attention is useful . We propose X")}
    assert scirex_front({**ended, "sentences": [[0, 5], [5, 9], [9, 12]]})[1].count("!") == 1


def test_named_view_keeps_proper_names_on_both_sides():
    assert all(
        map(
            name_shaped,
            [
                "ESIM",
                "GoogLeNet",
                "CIFAR-10",
                "Generative Adversarial Networks",
                "Fully Connected CRFs",
                "Network in Network",
            ],
        )
    )
    assert not any(
        map(
            name_shaped,
            [
                "Attention mechanism",
                "generator",
                "tanh",
                "Highway",
                "word attention",
                "approximation techniques",
            ],
        )
    )
    gold = {"methods": ["dynamic chunk reader|DCR", "generator", "recurrent nets"], "tasks": []}
    names = ("dynamic chunk reader", "ESIM", "generator", "our model", "RNNs", "recurrent net")
    kept_gold, kept_preds = only_names(gold, [{"name": n} for n in names], name_shaped)
    # in scope: an entity with a name-shaped name on either side, with all its names
    assert kept_gold == {"methods": ["dynamic chunk reader|DCR"], "tasks": []}
    assert [e["name"] for e in kept_preds] == ["dynamic chunk reader", "ESIM", "RNNs"]
    # a name-shaped prediction brings a generic-looking gold entity it matches into scope
    kept_gold, _ = only_names(gold, [{"name": "Recurrent Nets"}], name_shaped)
    assert kept_gold["methods"] == ["dynamic chunk reader|DCR", "recurrent nets"]


# --- the annotated sets shipped with the package ----------------------------------------------


@pytest.mark.parametrize("name", OWN_SETS)
def test_shipped_gold_is_in_the_dev_format_and_names_what_the_abstract_says(name):
    papers = json.loads((PACKAGE_EVAL / f"papers_{name}.json").read_text(encoding="utf-8"))
    gold = json.loads((PACKAGE_EVAL / f"gold_{name}.json").read_text(encoding="utf-8"))
    assert len(papers) == len(gold) == 60
    assert [p["id"] for p in papers] == list(gold)
    assert all({"id", "track", "authors", "abstract"} <= set(p) for p in papers)
    abstracts = {p["id"]: name_key(p["abstract"]) for p in papers}
    absent = []
    for pid, lists in gold.items():
        assert tuple(lists) == GOLD_LISTS, pid
        for entity in (e for key in GOLD_LISTS[:4] for e in lists[key]):
            if not any(name_key(a).rstrip("s") in abstracts[pid] for a in entity.split("|")):
                absent.append(f"{pid}: {entity}")
        assert lists["tasks"], f"{pid} has no task"
    assert not absent, absent


def test_the_own_sets_share_no_paper():
    ids = [
        {p["id"] for p in json.loads((PACKAGE_EVAL / f"papers_{n}.json").read_text("utf-8"))}
        for n in OWN_SETS
    ]
    assert all(not a & b for i, a in enumerate(ids) for b in ids[i + 1 :])


@pytest.mark.skipif(not (SHARED / "data" / "authors").is_dir(), reason="needs ../shared/data")
def test_the_shipped_papers_are_the_seeded_draw():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "draw_eval_sets.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


# --- kg eval ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def all_sets() -> dict:
    """`kg eval --json` over every set present (one extraction run for the module)."""
    result = runner.invoke(app, ["eval", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _score_py(papers: Path, gold: Path, records: Path) -> dict[str, tuple[int, int, int]]:
    """tp, fp, fn per category, as ../shared/eval/score.py counts them."""
    with records.open(encoding="utf-8") as stdin:
        done = subprocess.run(
            [sys.executable, str(SHARED / "eval" / "score.py"), str(papers), str(gold)],
            stdin=stdin,
            capture_output=True,
            text=True,
            check=True,
        )
    return {
        m[1]: (int(m[2]), int(m[3]), int(m[4]))
        for m in re.finditer(r"^(\w+) .*\(tp=(\d+) fp=(\d+) fn=(\d+)\)", done.stdout, re.M)
    }


@needs_dev
@pytest.mark.parametrize("name", ["dev", *OWN_SETS])
def test_kg_eval_gives_score_py_numbers_on_the_same_predictions(name, all_sets, tmp_path):
    if name == "dev":
        sources, papers, gold = (
            [],
            SHARED / "eval" / "papers_dev.json",
            SHARED / "eval" / "gold_dev.json",
        )
    else:
        papers, gold = PACKAGE_EVAL / f"papers_{name}.json", PACKAGE_EVAL / f"gold_{name}.json"
        sources = [str(papers)]
    records = tmp_path / "out.jsonl"
    extracted = runner.invoke(app, ["extract", *sources, "--jsonl", str(records)])
    assert extracted.exit_code == 0, extracted.output
    expected = _score_py(papers, gold, records)
    got = {cat: (s["tp"], s["fp"], s["fn"]) for cat, s in all_sets["sets"][name]["scores"].items()}
    assert got == expected
    assert len(expected) == 4


def test_kg_eval_reports_every_set_side_by_side(all_sets):
    sets = all_sets["sets"]
    own = [n for n in OWN_SETS if (PACKAGE_EVAL / f"gold_{n}.json").is_file()]
    assert {"tune", "heldout", *(f"tune{i}" for i in range(2, 11))} <= set(own)
    assert set(own) <= set(sets)  # shipped with the package: always there
    assert set(sets) | set(all_sets["missing"]) == {
        "dev",
        *OWN_SETS,
        "scierc",
        "scirex",
        "scirex-named",
    }
    assert [sets[name]["papers"] for name in own] == [60] * len(own)
    for name, result in sets.items():
        expected = {"METHOD", "DATA", "TASK"} | ({"PROPOSED"} if name in ("dev", *own) else set())
        if name == "scirex-named":
            expected = {"METHOD", "DATA"}  # named models and datasets: tasks are phrases
        assert set(result["scores"]) == expected, name
        assert result["unmatched"] == 0, name


def test_kg_eval_without_the_shared_folder_scores_the_packaged_sets(monkeypatch, tmp_path):
    monkeypatch.setattr("kg.evalsets.shared_dir", lambda: tmp_path / "nowhere")
    result = runner.invoke(app, ["eval"])
    assert result.exit_code == 0, result.output
    own = [n for n in OWN_SETS if (PACKAGE_EVAL / f"gold_{n}.json").is_file()]
    assert result.stdout.splitlines()[0].split() == own
    for name in ("dev", "scierc", "scirex", "scirex-named"):
        assert f"not scored: {name} (" in result.stderr
    result = runner.invoke(app, ["eval", "--set", "scierc"])
    assert result.exit_code == 1
    assert "nowhere/data/scierc/dev.json not found" in result.stderr


needs_scirex = pytest.mark.skipif(
    not (SHARED / "data" / "training" / "scirex").is_dir(), reason="needs ../shared/data"
)


@pytest.fixture
def extractions(monkeypatch):
    """The number of papers of each extraction kg eval runs (which returns nothing)."""
    calls: list[int] = []
    monkeypatch.setattr(
        "kg.evalsets.extract_records", lambda papers, **_: calls.append(len(papers)) or []
    )
    return calls


@needs_scirex
def test_both_scirex_views_are_extracted_once(extractions):
    from kg.evalsets import run_sets

    report = run_sets(["scirex", "scirex-named"])
    assert extractions == [64]  # one extraction of the 64 papers for the two columns
    assert set(report.results) == {"scirex", "scirex-named"}


@needs_scirex
def test_scirex_train_is_scored_only_when_named(extractions):
    # the span model trains on SciREX train: its errors are for reading, not a default column
    from kg.evalsets import run_sets

    report = run_sets(["scirex-train", "scirex-train-named"])
    assert extractions == [300]  # SciREX train's papers with an abstract, extracted once
    assert set(report.results["scirex-train-named"].scores) == {"METHOD", "DATA"}
    result = runner.invoke(app, ["eval", "--set", "dev", "--verbose", "scirex-train"])
    assert result.exit_code == 2  # a usage error
    assert "--verbose scirex-train: not a set of this run (dev)" in result.stderr


def test_kg_eval_table_is_never_cut_to_the_terminal_width(monkeypatch, tmp_path):
    # in a pipe or CI log Rich assumes 80 columns; twelve sets cut every number to "0.9…"
    from rich.console import Console

    monkeypatch.setattr("kg.evalsets.shared_dir", lambda: tmp_path / "nowhere")
    monkeypatch.setattr("kg.cli.build.out", Console(width=40, soft_wrap=True))
    result = runner.invoke(app, ["eval"])
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    method = next(line for line in result.stdout.splitlines() if "METHOD" in line).split()
    own = [n for n in OWN_SETS if (PACKAGE_EVAL / f"gold_{n}.json").is_file()]
    assert len(method) == 2 + len(own)  # "METHOD F1" and one full F1 per set
    assert all(re.fullmatch(r"[01]\.\d{3}", f1) for f1 in method[2:])


@needs_dev
def test_bars_apply_to_dev_unless_a_set_is_named():
    ok = runner.invoke(app, ["eval", "--set", "dev", "--min-f1", "DATA=0.5"])
    assert ok.exit_code == 0, ok.output
    low = runner.invoke(
        app, ["eval", "--set", "dev", "--set", "tune", "--min-f1", "tune:TASK=0.99"]
    )
    assert low.exit_code == 1
    assert re.search(r"below the bar: tune TASK F1 0\.\d+ < 0\.99", low.stderr)
    unscored = runner.invoke(app, ["eval", "--set", "tune", "--min-f1", "METHOD=0.1"])
    assert unscored.exit_code == 2
    assert "dev" in unscored.stderr
    for bad in ("NOPE=0.1", "METHOD=high", "scierc:PROPOSED=0.1"):
        assert runner.invoke(app, ["eval", "--set", "scierc", "--min-f1", bad]).exit_code == 2, bad


def test_unknown_set_is_a_usage_error():
    result = runner.invoke(app, ["eval", "--set", "nope"])
    assert result.exit_code == 2
    assert "unknown set nope" in result.stderr


def test_verbose_lists_misses_of_one_set(tmp_path):
    papers = tmp_path / "papers.json"
    papers.write_text(json.dumps([{"id": "p1", "abstract": ABSTRACT}]))
    gold = tmp_path / "gold.json"
    entry = {key: [] for key in GOLD_LISTS}
    gold.write_text(json.dumps({"p1": {**entry, "tasks": ["quantum origami folding"]}}))
    result = runner.invoke(
        app,
        ["eval", str(papers), "--papers", str(papers), "--gold", str(gold), "--set", "dev",
         "--verbose", "dev"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert re.search(r"dev TASK misses \(1\)\n  p1: quantum origami folding", result.stdout)


#: hand-curated gazetteer entries that predate the sets and happen to occur in their abstracts
#: (widely used names); any other entry found in these abstracts was copied from them
IN_LISTS_BEFORE_THE_DRAW = {
    "tune": {"Argoverse", "Waymo Open", "PhysioNet", "bAbI", "Inception-v3", "SqueezeNet",
             "importance sampling", "knowledge distillation", "TRADES",
             "dynamic mode decomposition", "contrastive divergence",
             "equivariant neural networks", "CartPole"},
    "heldout": {"RoboMimic", "ManiSkill3", "RoboSuite", "Gaussian Splatting", "3DGS", "signSGD",
                "Wasserstein GAN", "importance sampling", "kernel density estimation",
                "Lipschitz networks", "evolution strategies"},
    "tune2": {"Camelyon16", "Classifier Guidance", "Conditional Flow Matching",
              "Conditional Neural Processes", "Neural Processes", "Gaussian Splatting", "Molmo",
              "adversarial training", "amortized inference", "coordinate descent",
              "information bottleneck", "variational information bottleneck",
              "liquid neural networks", "natural gradient", "weight decay"},
    "tune3": {"Argoverse", "Argoverse 2", "Bridge V2", "DROID", "Gaussian Splatting", "Nr3D",
              "ScanRefer", "TL;DR", "Waymo Open", "WikiSQL", "bAbI", "importance sampling",
              "information bottleneck", "knowledge distillation", "sequential Monte Carlo",
              "spectral normalization", "weight decay", "weight normalization"},
    "tune4": {"3DGS", "Gaussian Splatting", "SIREN", "Wasserstein GAN", "adversarial training",
              "alternating minimization", "bAbI", "importance sampling", "knowledge distillation",
              "maximum mean discrepancy"},
    "tune5": {"Argoverse 2", "Atari games", "ENAS", "Koopman operator", "MAPPO", "StarCraft",
              "Wasserstein GAN", "activation steering", "adversarial training",
              "equivariant neural networks"},
    "tune6": {"3DGS", "GAT", "Gaussian Splatting", "Inception-v3", "ManiSkill2", "ODIN",
              "RoboCasa", "graph attention networks", "natural gradient", "neural fields",
              "spectral clustering", "weight decay"},
    "tune7": {"EquiformerV2", "Gaussian Splatting", "JaxMARL", "Stanford Dogs",
              "coordinate descent", "information bottleneck", "population-based training",
              "weight decay"},
    "tune8": {"JaxMARL", "TCAV", "WMT", "autoregressive transformers", "control variates",
              "knowledge distillation", "multilayer perceptrons", "weight normalization"},
    "tune9": {"Atari games", "Diffuser", "Gauss-Newton", "Inception-v3", "Isaac Gym", "MiniGrid",
              "TRADES", "adversarial training", "conjugate gradient", "feedforward networks",
              "natural gradient", "trust region"},
    "tune10": {"BEiT", "BridgeData", "Isaac Gym", "KITTI-360", "Routing Transformer", "ViZDoom",
               "adversarial training"},
}  # fmt: skip


@pytest.mark.parametrize("name", OWN_SETS)
def test_no_hand_written_gazetteer_name_is_copied_from_an_evaluation_abstract(name):
    from kg.extract.resources import GAZETTEER_DIR, read_gazetteer
    from kg.extract.resources import name_key as gazetteer_key

    text = (PACKAGE_EVAL / f"papers_{name}.json").read_text(encoding="utf-8")
    words = [w.strip(".,;:()[]\"'") for w in re.findall(r'[^\s|"\[\],]+', text)]
    spans = {
        gazetteer_key(" ".join(words[i : i + n])) for n in range(1, 6) for i in range(len(words))
    }
    hand_written = read_gazetteer(GAZETTEER_DIR / "ml_recent.jsonl")
    copied = {e.pattern for e in hand_written if gazetteer_key(e.pattern) in spans}
    assert copied <= IN_LISTS_BEFORE_THE_DRAW[name]


def test_f1_interval_is_a_seeded_bootstrap_over_papers():
    from kg.evaluate import CategoryScore

    # 30 papers: each one found, one missed, one wrong — F1 0.5
    score = CategoryScore(30, 30, 30, papers=((1, 1, 1),) * 30)
    assert score.f1_interval() == (0.5, 0.5)  # every resample has the same counts
    mixed = CategoryScore(30, 10, 10, papers=((2, 0, 0),) * 10 + ((1, 1, 1),) * 10)
    lo, hi = mixed.f1_interval()
    assert lo < mixed.f1 < hi  # papers that differ make the F1 of another draw differ
    assert (lo, hi) == mixed.f1_interval()  # the same counts give the same interval
    many = CategoryScore.pooled([mixed] * 9)
    assert many.f1 == mixed.f1
    assert hi - lo > 2 * (many.f1_interval()[1] - many.f1_interval()[0])  # 9x papers: narrower


def test_kg_eval_scores_sets_pooled_and_with_intervals():
    result = runner.invoke(
        app, ["eval", "--set", "tune", "--set", "tune2", "--set", "tune+tune2", "--json"]
    )
    assert result.exit_code == 0, result.output
    sets = json.loads(result.stdout)["sets"]
    assert sets["tune+tune2"]["papers"] == 120
    for cat, pooled in sets["tune+tune2"]["scores"].items():
        for count in ("tp", "fp", "fn"):
            assert (
                pooled[count]
                == sets["tune"]["scores"][cat][count] + sets["tune2"]["scores"][cat][count]
            ), (cat, count)
    table = runner.invoke(app, ["eval", "--set", "tune", "--interval"])
    assert table.exit_code == 0, table.output
    interval = next(line for line in table.stdout.splitlines() if "95%" in line).split()
    lo, hi = (float(x) for x in interval[-1].split("–"))
    method_f1 = float(next(ln for ln in table.stdout.splitlines() if "METHOD" in ln).split()[-1])
    assert lo < method_f1 < hi
    unknown = runner.invoke(app, ["eval", "--set", "tune+tune99"])
    assert unknown.exit_code == 2
    assert "unknown set tune99" in unknown.stderr
