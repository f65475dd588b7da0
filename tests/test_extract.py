"""Extraction: each pattern family on real-style sentences, canonicalization, generic phrases,
the dev-gold bars and robustness on the 11,283-paper corpus."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from kg.extract import build_pipeline, extract_papers, to_record
from kg.extract.abbrev import best_long_form, find_abbreviations
from kg.extract.namedtwice import kind_noun_spellings
from kg.extract.spans import USE_MODEL, sentences
from kg.extract.words import Vocab
from kg.model import Author, EntityType, Paper, SourceRef
from kg.text import clean_abstract

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
TOOLS = Path(__file__).resolve().parents[1] / "tools"
HAND_WRITTEN_REVIEWED = Path(__file__).parent / "data" / "hand_written_names_2026-11-30.txt"
LEXICON_SOURCES = {
    "pwc_methods.jsonl",
    "pwc_datasets.jsonl",
    "pwc_tasks.jsonl",
    "sota_extractor_names.jsonl",
    "cso_topics.jsonl",
    "scirex_entities.jsonl",
    "scierc-train",
    "paperlists-abbreviations",
    "paperlists-data-nouns",
    "paperlists-titles",
}


def paper(abstract: str, pid: str = "p", title: str | None = None) -> Paper:
    return Paper(
        id=pid,
        title=title,
        abstract=abstract,
        abstract_raw=abstract,
        authors=(Author("ada lovelace", "Ada Lovelace"),),
        source=SourceRef("t.txt"),
    )


def found(abstract: str, title: str | None = None) -> dict[str, tuple[str, str]]:
    """name -> (type, role) for one abstract (of a paper with this title)."""
    [ep] = extract_papers([paper(abstract, title=title)])
    return {m.name: (m.type.value, m.role.value) for m in ep.mentions}


# --- definitions and abbreviations ------------------------------------------------------------


def test_schwartz_hearst_finds_the_shortest_long_form():
    text = "We train it with a variational information bottleneck (VIB) objective."
    [ab] = find_abbreviations(text)
    assert (ab.short, ab.long) == ("VIB", "variational information bottleneck")
    assert text[ab.long_start : ab.long_end] == ab.long


def test_a_long_form_does_not_open_with_a_function_word():
    # "and" gives ARC its A by the shortest match; the name's own first word does
    text = "Patterns found in the Abstraction and Reasoning Corpus (ARC) are hard."
    [ab] = find_abbreviations(text)
    assert ab.long == "Abstraction and Reasoning Corpus"
    assert found(text)["ARC"][0] in ("Dataset", "Benchmark")
    [ab] = find_abbreviations("We use a Bag of Words (BoW) model.")
    assert ab.long == "Bag of Words"


def test_abbreviation_digit_repeats_a_letter_and_reversed_order_works():
    assert best_long_form("T2PO", "Token- and Turn-level Policy Optimization") == 0
    [ab] = find_abbreviations("We propose GRACE (Graph Contrastive Embedding) for nodes.")
    assert (ab.short, ab.long) == ("GRACE", "Graph Contrastive Embedding")
    # a 2 that says "to" or "two", a 4 that says "for"
    assert best_long_form("L2D", "this paper introduces Learning to Discern") == 22
    assert best_long_form("C2ST", "such Classifier Two-Sample Tests") == 5
    assert best_long_form("D4M", "we propose Design for Manipulation") == 11


@pytest.mark.parametrize(
    ("text", "defined"),
    [
        ("To close this gap, we introduce ZORB, the Zonal Outlier Regression Bank.",
         [("ZORB", "Zonal Outlier Regression Bank")]),
        ("This paper describes QUAN: Quiet Unified Attention Network, a new architecture.",
         [("QUAN", "Quiet Unified Attention Network")]),
        ("We train it with Quick Iterative Boosting, or QIB, which converges fast.",
         [("QIB", "Quick Iterative Boosting")]),
        ("We propose zonal basis pursuit, or ZBP, which grows the active set.",
         [("ZBP", "zonal basis pursuit")]),
        ("Results on MNIST, CIFAR-10 and SVHN, the Street View House Numbers, improve.",
         [("SVHN", "Street View House Numbers")]),
        # the words after a comma spell nothing: no definition
        ("We compare PCA, the Most Common Baseline, with ours.", []),
        ("Results on MNIST, CIFAR-10 and ImageNet, then SVHN, improve.", []),
    ],
)  # fmt: skip
def test_a_definition_without_a_bracket_spells_its_short_form_word_by_word(text, defined):
    found = find_abbreviations(text)
    assert [(ab.short, ab.long) for ab in found] == defined
    for ab in found:
        assert text[ab.long_start : ab.long_end] == ab.long
    if defined:  # one entity, not the short form and its long form apart
        short, long = defined[0]
        names = [m.name for m in extract_papers([paper(text)])[0].mentions]
        assert short in names or long in names
        assert not (short in names and long in names)


def test_a_technique_noun_after_the_bracket_ends_the_defined_name():
    # the long form alone names no kind: the noun after the bracket is part of the name
    [ab] = find_abbreviations(
        "We factorize the weights by a tensor train (TT) decomposition of low rank.",
        heads={"decomposition"},
    )
    assert (ab.short, ab.long, ab.head) == ("TT", "tensor train", "decomposition")
    got = found(
        "We factorize the weights by a tensor train (TT) decomposition of low rank. "
        "We minimize the Jensen-Shannon (JS) divergence between the two models."
    )
    assert got["tensor train decomposition"][0] == "Method"
    # (the corpus's method list knows the long form, which then names the pair)
    assert (got.get("JS divergence") or got["Jensen-Shannon divergence"])[0] == "Method"
    # ... restated inside the bracket
    got = found("We propose Mixed-Sample learning (MS learning), a training method for CNNs.")
    assert got["MS learning"] == ("Method", "proposed")
    # not after a long form that names its kind or a listed method, nor before a kind noun
    got = found(
        "We use the Proximal Policy Optimization (PPO) algorithm and Hybrid Monte Carlo (HMC) "
        "sampling. We introduce the Key-state Online Imitation (KOI) learning approach."
    )
    assert {"PPO", "HMC", "KOI"} <= set(got)


def test_short_form_that_only_starts_with_the_initials_still_defines():
    [ab] = find_abbreviations(
        "We propose Scheduled Auxiliary Control (SAC-X), a new learning paradigm."
    )
    assert (ab.short, ab.long) == ("SAC-X", "Scheduled Auxiliary Control")


def test_defined_method_keeps_long_form_as_alias():
    [ep] = extract_papers(
        [
            paper(
                "We propose Stochastic Weight Smoothing (SWS), a regularizer for deep networks. "
                "SWS improves accuracy on CIFAR-10."
            )
        ]
    )
    sws = next(m for m in ep.mentions if m.name == "SWS")
    assert (sws.type.value, sws.role.value) == ("Method", "proposed")
    assert "Stochastic Weight Smoothing" in sws.aliases
    assert ep.paper.abstract[sws.evidence.start : sws.evidence.end] == "SWS"
    assert sws.evidence.sentence.startswith("We propose Stochastic Weight Smoothing")


# --- introductions ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence, name",
    [
        (
            "In this paper we introduce GraphZip, a lossless compression scheme for sparse graphs.",
            "GraphZip",
        ),
        (
            "We develop a new sampler called BlockSwap that mixes faster on multimodal targets.",
            "BlockSwap",
        ),
        ("We present a simple baseline, dubbed MixNorm, for test-time normalization.", "MixNorm"),
        ("Our method, DeepCluster-v3, learns features without labels.", "DeepCluster-v3"),
    ],
)
def test_introduced_name_is_proposed(sentence, name):
    assert found(sentence)[name] == ("Method", "proposed")


def test_only_the_first_name_after_the_trigger_is_proposed():
    got = found("We propose FastKV, an extension of PagedAttention for long prompts.")
    assert got["FastKV"] == ("Method", "proposed")
    assert got["PagedAttention"] == ("Method", "uses")


def test_introduced_benchmark_is_data_not_a_method():
    got = found("We further introduce VidQA-1K, a large-scale benchmark of annotated clips.")
    assert got["VidQA-1K"][0] in ("Dataset", "Benchmark")


# --- evaluation context -----------------------------------------------------------------------


def test_list_after_on_in_an_experiment_sentence_is_data():
    got = found("Experiments on CIFAR-10, SVHN and STL-10 show that the method improves accuracy.")
    for name in ("CIFAR-10", "SVHN", "STL-10"):
        assert got[name] == ("Dataset", "evaluated_on"), name


def test_names_before_benchmarks_noun_are_data():
    got = found("Our model reaches the best scores on the WinoBias and BOLD benchmarks.")
    assert got["WinoBias"][1] == "evaluated_on"
    assert got["BOLD"][1] == "evaluated_on"


def test_benchmarks_in_parentheses_are_data():
    got = found("Across four benchmarks (HotpotQA, FEVER, and NQ), retrieval improves recall.")
    assert {n for n, (t, _) in got.items() if t in ("Dataset", "Benchmark")} >= {
        "HotpotQA",
        "FEVER",
        "NQ",
    }


def test_capitalised_words_listed_after_a_data_noun_and_a_bracket_or_colon_are_data():
    # a plain capitalised word is data when the list follows "datasets (" or "benchmarks:"
    got = found("Experiments on two benchmarks (Zorbix and Quaxel) show that the method is robust.")
    assert got["Zorbix"] == ("Dataset", "evaluated_on")
    assert got["Quaxel"] == ("Dataset", "evaluated_on")
    got = found("We obtain good accuracy on standard benchmarks: Zorb-15, Quax-7 and Caltech-256.")
    assert got["Zorb-15"] == ("Dataset", "evaluated_on")
    assert got["Quax-7"] == ("Dataset", "evaluated_on")


def test_a_list_of_datasets_the_sentence_evaluates_on_is_not_our_own():
    got = found("We report strong results on three real world datasets: Zorb-15 and Caltech-256.")
    assert got["Zorb-15"] == ("Dataset", "evaluated_on")
    got = found("We introduce three new benchmarks: Zorb-15, Quax-7 and Quaxel-Hard.")
    assert got["Quax-7"] == ("Benchmark", "proposed")
    got = found("We consider two instantiations: Zorb-Linear and Zorb-MLP.")
    assert got["Zorb-MLP"] == ("Method", "proposed")


def test_a_capitalised_name_after_an_adjective_and_before_a_data_noun_is_data():
    got = found("We evaluate on the challenging Zorbo dataset and demonstrate improvements.")
    assert got["Zorbo"] == ("Dataset", "evaluated_on")
    got = found("Our model predicts well on several Quaxel datasets.")
    assert got["Quaxel"] == ("Dataset", "evaluated_on")
    # an adjective-shaped capitalised word is no name
    got = found("We study regret in the stochastic Markovian environments of online learning.")
    assert "Markovian" not in got


def test_a_name_ending_in_a_count_of_thousands_is_data_and_of_millions_in_a_data_context():
    got = found("Our model, pretrained on Zorbo-50K, transfers to real-world tasks.")
    assert got["Zorbo-50K"] == ("Dataset", "evaluated_on")
    got = found("Experiments on Zorbo-1M and Quaxel-2M show that our method scales.")
    assert got["Zorbo-1M"] == ("Dataset", "evaluated_on")
    got = found("We compare with Quax-350M and Quax-1.3B on language modeling.")
    assert got["Quax-350M"] == ("Method", "uses")


def test_a_capitalised_name_with_a_kind_of_data_before_the_data_noun_is_data():
    got = found("Our method outperforms prior work on the Zorbo manipulation benchmark.")
    assert got["Zorbo"] == ("Dataset", "evaluated_on")
    got = found("Experiments on the Zorbo and Quaxel simulation benchmarks show gains.")
    assert got["Quaxel"] == ("Dataset", "evaluated_on")
    assert "Gaussian" not in found("We evaluate on the Gaussian mixture dataset.")


def test_names_a_model_is_trained_on_or_a_sentence_opens_on_are_data():
    got = found("These networks were trained on MOKEC-100 and JAKAR-10, two vision collections.")
    assert got["MOKEC-100"] == ("Dataset", "evaluated_on")
    assert got["JAKAR-10"] == ("Dataset", "evaluated_on")
    got = found("On GopibAho, our adversarial training yields strong robustness.")
    assert got["GopibAho"] == ("Dataset", "evaluated_on")
    # the verb's object between it and "on": "we pretrain our model on X"
    got = found("We pretrain our model on Quxil Pabo and then use Quxil Pabo to tune it.")
    assert got["Quxil Pabo"] == ("Dataset", "evaluated_on")


def test_two_kind_of_data_words_before_the_data_noun_and_the_kind_still_opens_a_task():
    got = found("We reach good results on a subset of the L4PU offline RL benchmark.")
    assert got["L4PU"] == ("Dataset", "evaluated_on")
    got = found("Our classifier beats softmax on the Zorbo and Quaxel fine-grained classification"
                " datasets.")  # fmt: skip
    assert got["Quaxel"] == ("Dataset", "evaluated_on")
    assert any("fine-grained classification" in n and t == "Task" for n, (t, _) in got.items())
    assert "Vowpal" not in str(found("We beat Vowpal Wabbit on standard datasets (MNIST)."))


def test_a_long_appositive_is_typed_by_its_last_head_noun():
    got = found("These networks were trained on TAJEH-100 and DIROG-10, the most commonly used"
                " deep learning computer vision datasets.")  # fmt: skip
    assert got["DIROG-10"] == ("Dataset", "evaluated_on")
    assert got["TAJEH-100"] == ("Dataset", "evaluated_on")


def test_a_suite_holding_tasks_and_a_name_after_two_adjectives_are_data():
    got = found("SafeArm is better on 8 simulated tasks in TacaFigi with a higher success rate.")
    assert got["TacaFigi"] == ("Dataset", "evaluated_on")
    got = found("We compare on the challenging large-scale Halapobus dataset.")
    assert got["Halapobus"] == ("Dataset", "evaluated_on")
    assert found("Many tasks in Computer Vision need labels.") == {}


def test_bench_arena_gym_names_are_benchmarks():
    got = found("Our agent outperforms GPT-4 on LongBench. We introduce ToolBench-v2 for tools.")
    assert got["LongBench"] == ("Benchmark", "evaluated_on")
    assert got["ToolBench-v2"][0] == "Benchmark"


# --- comparison context -----------------------------------------------------------------------


def test_compared_methods_are_used_methods():
    got = found("The resulting classifier outperforms AdaBoost and XGBoost on tabular data.")
    assert got["AdaBoost"] == ("Method", "uses")
    assert got["XGBoost"] == ("Method", "uses")


def test_names_listed_after_methodologies_are_methods():
    got = found("Many methodologies exist for sales data, including SARMAX and Kalmanboost.")
    assert got["SARMAX"] == ("Method", "uses")
    assert got["Kalmanboost"] == ("Method", "uses")


def test_capitalised_word_needs_a_comparison_cue():
    got = found("Our solver is 3x faster than Gurobi. The proof uses a Lorentz transform.")
    assert got["Gurobi"] == ("Method", "uses")
    assert "Lorentz" not in got


# --- name shapes ------------------------------------------------------------------------------


def test_name_shapes_are_kept_and_units_metrics_hardware_rejected():
    got = found(
        "Using Llama-3.1-8B and RAT+ on 8 GPUs, a 1.5B model reaches 10% fewer FLOPs "
        "and a higher BLEU than GPT-4."
    )
    assert {"Llama-3.1-8B", "RAT+", "GPT-4"} <= set(got)
    assert not {"GPUs", "GPU", "1.5B", "FLOPs", "BLEU", "10%"} & set(got)
    # the transfer setting is no method
    assert "Sim2Real" not in found("Unlike prior Sim2Real pipelines, the policy runs at 50 Hz.")
    # a unit symbol written apart from its number (generic.txt, as "GHz" and "TFLOPs" were)
    got = found("The recorder samples at 30 kHz, draws 5 mW on a 600 MHz core, peaks at 2 TFLOPS.")
    assert not {"kHz", "mW", "MHz", "TFLOPS"} & set(got)
    # a count with a plus, an area or a volume glued to its number
    got = found("We evaluated FooVLA in an 836m2 office with 100K+ particles on 2.2mm2 chips.")
    assert not {"836m2", "100K+", "2.2mm2"} & set(got)
    # chips and recording modalities are hardware and kinds of data, not methods
    got = found("Twelve subjects were scanned with fMRI and EEG while a CMOS VLSI chip decoded.")
    assert not {"fMRI", "EEG", "CMOS", "VLSI", "CMOS VLSI"} & set(got)
    # a brain-computer interface is a device, and "BCI data" no named dataset
    got = found("Non-invasive BCI systems decode EEG; we test on BCI data from 9 subjects.")
    assert "BCI" not in got
    # robot platforms and sensors by maker and model are hardware; a benchmark named after one
    # is not
    got = found(
        "The policy runs on the ANYmal legged robot, quadrupeds (e.g., Unitree Go1) and a "
        "TurtleBot with a RealSense camera, and is evaluated on Franka Kitchen."
    )
    assert not {"ANYmal", "Unitree Go1", "TurtleBot", "RealSense"} & set(got)
    assert got["Franka Kitchen"][0] == "Benchmark"
    # vehicles and degrees of freedom are no methods or data either
    got = found(
        "We validate the planner on a 7 DoF robotic arm using offline data. Errors are added "
        "to the planning cost to reason about their impact on the AV. Our detector is fast."
    )
    assert not {"DoF", "AV"} & set(got)
    got = found("It runs with high-speed UAV and handheld camera agents (FooBird and EuRoC).")
    assert "UAV" not in got
    got = found(
        "We design a VR-based teleoperation interface. Augmented reality (AR) technologies "
        "let people see the robot state."
    )
    assert not {"VR", "augmented reality", "Augmented reality"} & set(got)


def test_a_generic_word_hyphened_to_a_lower_case_word_is_an_adjective():
    got = found(
        "We present FooTouch, bringing LLM-crafted rewards and LLM/VLM-integrated manipulation "
        "to human-AI teams with RGB-color perception on multi-GPU servers."
    )
    assert not {"LLM-crafted", "VLM-integrated", "human-AI", "RGB-color", "multi-GPU"} & set(got)
    # a Greek letter's name before it makes a name
    got = found("To that end, we introduce rho-POMDPs, an extension of POMDPs for beliefs.")
    assert got["rho-POMDPs"] == ("Method", "proposed")


def test_a_generic_entry_matches_only_in_its_own_shape():
    # "RTX" (a GPU) and "dBm" (a unit) are generic; a hyphen or capitals make another name
    v = Vocab.build({})
    assert v.is_generic("RTX") and v.is_generic("dBm") and v.is_generic("Monte-Carlo")
    assert not (v.is_generic("RT-X") or v.is_generic("DBM"))
    got = found("Prior work such as RT-X needs action normalization; we train on an RTX 4090.")
    assert got["RT-X"][0] == "Method" and not {"RTX", "RTX 4090"} & set(got)


def test_a_stop_word_in_capitals_after_a_naming_cue_opens_the_name():
    got = found("We thus propose a new metric, called AM Score, to rate the samples.")
    assert "AM Score" in got
    got = found("We evaluate on the US State of the Union Address corpus.")
    assert "US State" not in got


def test_a_capital_greek_letter_hyphened_to_a_word_is_a_name():
    got = found("In this work, we present \u03a8-agent, an end-to-end imitation learning agent.")
    assert got["\u03a8-agent"] == ("Method", "proposed")
    # not a formula, a property word or a small Greek letter's adjective
    got = found(
        "We derive a O(K \u0394-1 log n) bound; such losses are called \u03a6-mixable, and we "
        "compare with \u03b5-greedy exploration."
    )
    assert not {"\u0394-1", "\u03a6-mixable", "\u03b5-greedy"} & set(got)


def test_sizes_of_average_precision_and_motion_sensors_are_no_methods():
    got = found(
        "FooDet beats the best few-shot detector by 2.8 AP50 and reads IMU data with "
        "a wide FoV camera; inertial measurement unit (IMU) readings help."
    )
    assert not {"AP50", "IMU", "FoV", "inertial measurement unit"} & set(got)


def test_an_adverb_opening_the_sentence_is_no_part_of_the_name_after_it():
    got = found("Currently FooPGA is the standard. Unfortunately QuRNNs need many features.")
    assert {"FooPGA", "QuRNNs"} <= set(got)
    # an adverb before another capitalised word is a word of the name
    assert "Massively Parallel FooMST" in found("Massively Parallel FooMST is fast on graphs.")


def test_a_group_written_with_its_dimension_is_no_name():
    got = found(
        "We present FooMann, a near Real-time SE(3)-Equivariant manipulation framework. "
        "Rotations live in SO(3), an SE (3) equivariant encoder and a SIM(3)-invariant "
        "descriptor read the scene."
    )
    assert not {"SE", "SO", "SIM", "Real-time SE"} & set(got)
    assert "SIM" not in found("Then, by using a SIM(3)-invariant shape descriptor, we decouple.")
    assert "GF" not in found("GF(2) arithmetic maps activations into vectors over GF(2).")
    assert "SE-ResNet" in found("We compare with SE-ResNet on the same data.")


def test_formula_leftovers_and_words_split_at_an_accent_are_not_names():
    got = found(
        "We present a novel convergence analysis that achieves a rate at O(√fracλ_1λ_1-λ_p+1). "
        "EMaC allows perfect recovery as soon as the number of samples exceeds mathcalO (rlog "
        "^2 n). We show that the divergence on the Lov´asz extension is natural."
    )
    assert not {n for n in got if n.startswith(("frac", "mathcal", "Lov"))}
    # a logarithm's or an epsilon's exponent glued to it ("n log2 n") is a formula
    got = found("The sort costs O(n log2 n) steps and the error shrinks as O(eps2) with EXP3.")
    assert not {"log2", "eps2"} & set(got)
    assert "EXP3" in got
    # bounds whose spaces and braces the PDF lost, optima and indexed variables
    got = found(
        "Our algorithm computes a sparsifier in O(nlog3(n)) time and O(k2log(n)) work, with "
        "regret O(4sqrtK) and minfracn9 queries; the error is at most (1+ε)θ* when s-s* is "
        "short, using mn2 and k1+ε samples with SVRG."
    )
    assert not {"nlog3", "k2log", "4sqrtK", "minfracn9", "θ*", "s-s*", "mn2", "k1+ε"} & set(got)
    assert "SVRG" in got
    got = found("Regret is tildeO(√T) and widetildeO(d); hatB on 512X512 images with SVRG.")
    assert not {"tildeO", "widetildeO", "hatB", "512X512"} & set(got)
    # a symbol or acronym hyphened to a past participle is an adjective
    got = found(
        "We fit the KL-regularized model and an l1-penalized, LP-relaxed program on a K-armed "
        "bandit with ReLU-deactivated units and SVRG."
    )
    assert not {"KL-regularized", "l1-penalized", "LP-relaxed", "K-armed"} & set(got)
    assert "ReLU-deactivated" not in got
    assert "SVRG" in got


def test_introduced_abbreviated_dataset_and_names_that_are_no_methods():
    got = found(
        "To support scalable learning, we introduce LightYourFace-160K (LYF-160K), a large-scale "
        "paired dataset. Experiments across twenty models from nine families (OpenAI, Anthropic, "
        "Google, Meta) show that models reinforce rather than forget injected state. This is "
        "achieved through non-BP learning mechanisms under an NTK-separable assumption."
    )
    assert got["LYF-160K"][0] == "Dataset"
    assert not {"OpenAI", "Anthropic", "Google", "Meta", "reinforce", "non-BP"} & set(got)
    assert "NTK" in got and "NTK-separable" not in got


def test_capitalised_name_with_a_technique_noun_is_one_method():
    got = found(
        "Common BNN algorithms such as variational inference, Laplace approximation and SGLD "
        "fail. We use Gibbs sampling. Interpretable machine learning matters."
    )
    assert got["Laplace approximation"][0] == "Method"
    assert got["Gibbs sampling"][0] == "Method"
    assert "Interpretable machine" not in got


def test_a_name_s_method_or_algorithm_is_one_method():
    got = found(
        "The alignment is solved in closed form with Quimby's method. We then run "
        "Zorblat\u2019s accelerated algorithm on the dual problem."
    )
    assert got["Quimby's method"][0] == "Method"
    assert got["Zorblat\u2019s accelerated algorithm"][0] == "Method"


def test_a_name_before_any_technique_noun_is_a_method_but_a_chain_is_an_object():
    got = found(
        "We denoise the tracks with Quimby smoothing and solve the rest by Zorblat "
        "relaxation. The states form a Markov chain."
    )
    assert got["Quimby smoothing"][0] == "Method"
    assert got["Zorblat relaxation"][0] == "Method"
    assert "Markov chain" not in got


def test_a_name_with_an_adjective_before_a_technique_noun_is_one_method():
    got = found("The pairs are embedded by a Quimby neural network and then clustered.")
    assert got["Quimby neural network"][0] == "Method"
    assert "Quimby" not in got


def test_markdown_bold_inside_words_leaves_no_stars_in_names():
    [ep] = extract_papers(
        [
            paper(
                "To address this, we propose con**T**extualized equivari**A**nt **P**osition "
                "**E**ncoding (TAPE), a novel framework."
            )
        ]
    )
    [tape] = ep.mentions
    assert (tape.name, tape.role.value) == ("TAPE", "proposed")
    assert "**" not in tape.aliases[0]


def test_x_based_keeps_the_name_without_the_suffix():
    got = found("We build a BERT-based encoder and a CRF-inspired decoder.")
    assert "BERT" in got and "CRF" in got
    assert "LLM-enabled" not in found("Unlike prior LLM-enabled planners, ours runs on-device.")


def test_a_recurrent_variant_of_a_known_technique_keeps_its_adjective():
    got = found("The agent builds on a recurrent state space model to infer intents.")
    assert got.get("recurrent state space model", ("", ""))[0] == "Method", got


def test_citations_are_not_names():
    got = found("This extends the estimator of Kocaoglu et al. (2019) and Pearl (2009).")
    assert "Kocaoglu" not in got and "Pearl" not in got
    # two authors, with "and" or "&", then the year
    got = found("It predicts better than Denton and Fergus (2018) and Seibert & Waxman, 1989.")
    assert "Denton" not in got and "Seibert" not in got


# --- gazetteer --------------------------------------------------------------------------------


def test_gazetteer_types_known_names_and_extra_files_extend_it(tmp_path):
    got = found("We fine-tune the model with LoRA and test on ImageNet.")
    assert got["LoRA"][0] == "Method"
    assert got["ImageNet"] == ("Dataset", "evaluated_on")
    extra = tmp_path / "mine.jsonl"
    extra.write_text('{"label": "Dataset", "pattern": "frogcalls", "id": "frogcalls"}\n')
    [ep] = extract_papers([paper("Results on frogcalls are strong.")], gazetteers=[extra])
    assert [(m.name, m.type.value) for m in ep.mentions] == [("frogcalls", "Dataset")]


def test_every_spelling_of_a_known_name_is_found(tmp_path):
    # one key, two spellings: the glued one must not decide the shape the text may have
    extra = tmp_path / "mine.jsonl"
    extra.write_text(
        '{"label": "Dataset", "pattern": "Frog/ToadCalls", "id": "ftc"}\n'
        '{"label": "Dataset", "pattern": "Frog / Toad Calls", "id": "ftc"}\n'
    )
    [ep] = extract_papers([paper("Results on the Frog/Toad Calls corpus.")], gazetteers=[extra])
    assert [(m.name, m.type.value) for m in ep.mentions] == [("Frog/Toad Calls", "Dataset")]
    got = found("Our model obtains a 41.2 ROUGE-1 score on the CNN/Daily Mail dataset.")
    assert got["CNN/Daily Mail"] == ("Dataset", "evaluated_on")
    assert "CNN" not in got


def test_new_version_of_a_known_family_gets_the_family_type():
    got = found(
        "It yields a relative improvement of 17.5% on GPT-5 and on CIFAR-20. Sink tokens also "
        "appear in GPT-OSS."
    )
    assert got["GPT-5"][0] == "Method"
    assert got["GPT-OSS"][0] == "Method"
    assert got["CIFAR-20"][0] == "Dataset"
    # a name the lists know as written, numbered, keeps its type where "tested on" says data
    # (paperlists, ICML 2018)
    got = found("We tested our method on LeNet-5 and FCNs, performing classification.")
    assert got["LeNet-5"][0] == "Method"


def test_a_two_digit_year_after_an_apostrophe_stays_in_the_name():
    got = found("Our system is evaluated on the IWSLT'15 and FooQA’09 test sets.")
    assert "IWSLT'15" in got and "FooQA’09" in got
    assert "IWSLT" not in got and "FooQA" not in got
    got = found("It extends the sketch of Li et al. [NIPS'12] and improves on BarNet.")
    assert not any("NIPS" in name for name in got)


# --- tasks ------------------------------------------------------------------------------------


def test_task_phrase_from_the_opening_sentence():
    [ep] = extract_papers(
        [paper("Multi-object tracking in crowded scenes remains hard. We propose TrackX for it.")]
    )
    tasks = [m.name for m in ep.mentions if m.type.value == "Task"]
    assert tasks and tasks[0].lower() == "multi-object tracking"
    assert all(m.role.value == "addresses" for m in ep.mentions if m.type.value == "Task")


def tasks_of(abstract: str) -> list[str]:
    [ep] = extract_papers([paper(abstract)])
    return [m.name for m in ep.mentions if m.type.value == "Task"]


# real sentences from the paperlists corpus (NeurIPS/ICML), one per task pattern
@pytest.mark.parametrize(
    "abstract, task",
    [
        (  # "the X problem"
            "We study the off-policy evaluation problem—estimating the value of a target policy "
            "using data collected by another policy—under the contextual bandit model.",
            "off-policy evaluation",
        ),
        (  # "the problem/task of X"
            "In this paper, we use this data to build 3D point clouds of full indoor scenes and "
            "address the task of semantic labeling of these 3D point clouds.",
            "semantic labeling",
        ),
        (  # the opening subject of "X is essential/crucial/...", vague adjectives left out
            "Efficient graph partitioning is essential for distributed training. We propose a "
            "solver.",
            "graph partitioning",
        ),
        (  # ... after a vague adjective, ending in an -ing noun (paperlists nips1996-29 style)
            "This paper tackles the hard robotic task of generalizable cloth folding with two "
            "arms. We fold shirts.",
            "cloth folding",
        ),
        (  # "X is a fundamental problem"
            "Graph matching is a fundamental problem in computer vision. We propose a solver.",
            "graph matching",
        ),
        (  # a gerund subject names the task by its noun
            "Estimating insurance premia from data is a difficult regression problem for several "
            "reasons.",
            "insurance premia estimation",
        ),
        (  # "the problem of <gerund> X"
            "In this paper we study the problem of recovering a low-rank matrix from linear "
            "measurements.",
            "low-rank matrix recovery",
        ),
        (  # "the setting of X", where X may end in "optimization"
            "We extend our algorithm and analysis to the setting of stochastic non-convex "
            "optimization with noisy gradient feedback, attaining the same convergence rate.",
            "stochastic non-convex optimization",
        ),
        (  # a specific task head alone before a method noun
            "We propose a new attribution method for neural networks developed using first "
            "principles of causality.",
            "attribution",
        ),
        (  # "a problem called X" (NeurIPS 2017)
            "Attempts to train a comprehensive artificial intelligence capable of solving "
            "multiple tasks have been impeded by a chronic problem called catastrophic "
            "forgetting.",
            "catastrophic forgetting",
        ),
        (  # "... adaptation" heads a task (ICML 2019)
            "Due to the ability of deep neural nets to learn rich representations, recent "
            "advances in unsupervised domain adaptation have focused on learning "
            "domain-invariant features that achieve a small error on the source domain.",
            "domain adaptation",
        ),
        (  # a defined task abbreviation heads a task phrase
            "Deep reinforcement learning (RL) has achieved many successes. However, model-free "
            "RL suffers from high sample complexity.",
            "model-free RL",
        ),
        (  # "the problem of" + a clause no task noun names (NeurIPS 2017)
            "In this paper, we study the problem of maximizing continuous submodular functions "
            "that naturally arise in many learning applications.",
            "maximizing continuous submodular functions",
        ),
        (  # a vague adjective is left out: data-driven (NeurIPS 2015)
            "We present a data-driven stochastic optimal control framework that is derived "
            "using the path integral control approach.",
            "stochastic optimal control",
        ),
        (  # entailment heads a task (NeurIPS 2018)
            "Our hyperbolic networks outperform or are on par with their Euclidean variants on "
            "textual entailment and noisy-prefix recognition tasks.",
            "textual entailment",
        ),
    ],
)
def test_task_patterns_on_corpus_sentences(abstract, task):
    assert task in [t.lower() if t[:1].isupper() else t for t in tasks_of(abstract)]


def test_what_a_task_is_crucial_for_is_a_task_only_when_nothing_else_is():
    # SciERC: the one task phrase in the abstract follows "essential for"
    only = (
        "The ambiguity resolution of right-side dependencies is essential for dependency "
        "parsing of sentences with two or more verbs."
    )
    assert tasks_of(only) == ["dependency parsing"]
    # paperlists sentences: a fundamental problem, then what something is crucial for
    both = "Graph matching is a fundamental problem. Contexts are crucial for action recognition."
    assert tasks_of(both) == ["Graph matching"]


def test_what_a_method_is_for_is_a_task_beyond_the_opening_sentences():
    # paperlists (ICML 2018): "an algorithm for X" in the third sentence
    abstract = (
        "Dynamic programming (DP) solves a variety of structured combinatorial problems by "
        "iteratively breaking them down into smaller subproblems. In spite of their "
        "versatility, many DP algorithms are non-differentiable, which hampers their use as a "
        "layer in neural networks trained by backpropagation. We derive two particular "
        "instantiations of our framework, a smoothed Viterbi algorithm for sequence prediction "
        "and a smoothed DTW algorithm for time-series alignment."
    )
    assert tasks_of(abstract) == ["sequence prediction", "time-series alignment"]


def test_what_the_abstract_frames_as_its_domain_or_problem_is_a_task_beyond_the_opening():
    # made-up: "in the domain of X" in the third sentence
    abstract = (
        "Learned controllers often fail when conditions change. Prior work tunes them by hand. "
        "We validate our simulator in the domain of aerial package delivery, where drones must "
        "plan routes."
    )
    assert tasks_of(abstract) == ["aerial package delivery"]


def test_what_a_claim_says_the_work_improves_is_a_task_beyond_the_opening():
    # made-up: "improves results in X" in the third sentence
    abstract = (
        "Phones have weak chips. Their cameras are noisy. Our network improves results in "
        "glove segmentation on small devices."
    )
    assert tasks_of(abstract) == ["glove segmentation"]


def test_each_conjunct_of_a_list_before_tasks_is_a_task():
    # made-up: "A, B and C tasks"; a capitalised or non-task single word is no conjunct
    abstract = (
        "Robots need many skills. Prior work is slow. Our policy outperforms baselines on "
        "shelf stocking, door opening and cable routing tasks."
    )
    assert set(tasks_of(abstract)) == {"shelf stocking", "door opening", "cable routing"}
    abstract = (
        "Robots need many skills. Prior work is slow. Our policy outperforms baselines on "
        "Kitchen, vision and tabletop manipulation tasks."
    )
    assert tasks_of(abstract) == ["tabletop manipulation"]


def test_each_item_of_a_list_after_tasks_or_problems_is_a_task():
    # made-up: "tasks: A and B", "problems, including A, B and C"; the list ends at a word
    # that is no task phrase, and an item whose noun phrase goes on ("X of Y") is none
    abstract = (
        "Embeddings matter. Prior work is slow. Our features help two downstream tasks: "
        "tense tagging and clause boundary detection."
    )
    assert tasks_of(abstract) == ["tense tagging", "clause boundary detection"]
    abstract = (
        "Embeddings matter. Prior work is slow. We report gains on six problems, including "
        "(1) tense tagging, (2) word sense induction and parsing."
    )
    assert tasks_of(abstract) == ["tense tagging", "word sense induction", "parsing"]
    abstract = (
        "Embeddings matter. Prior work is slow. We report gains on household tasks such as "
        "folding of towels and table wiping."
    )
    assert tasks_of(abstract) == []


def test_a_task_phrase_that_opens_with_a_dataset_name_is_the_task_after_it():
    # made-up: the dataset's name is typed where it is introduced; the one word after a name is
    # a task only when it ends the noun phrase
    abstract = (
        "Robots need many skills. We collect the Zorbex-40 dataset of shop talk. Our model sets "
        "a new record on the Zorbex-40 speech tagging task."
    )
    assert tasks_of(abstract) == ["speech tagging"]
    abstract = (
        "Robots need many skills. We collect the Zorbex-40 dataset of shop talk. Our model sets "
        "a new record on Zorbex-40 segmentation environments."
    )
    assert "segmentation" not in tasks_of(abstract)


def tasks_with_title(abstract: str, title: str | None) -> list[str]:
    [ep] = extract_papers([dataclasses.replace(paper(abstract), title=title)])
    return [m.name for m in ep.mentions if m.type.value == "Task"]


def test_a_task_phrase_the_title_names_is_a_task_beyond_the_opening():
    # made-up: a task phrase in the last sentence only, with no cue but the title
    abstract = (
        "Warehouses use many robots. Their routes often conflict. We train a small network on "
        "camera images. It also supports shelf label detection in crowded aisles."
    )
    assert tasks_with_title(abstract, None) == []
    assert tasks_with_title(abstract, "Shelf Label Detection from Camera Images") == [
        "shelf label detection"
    ]
    # the title shares only the head: no evidence
    assert tasks_with_title(abstract, "Learning Object Detection") == []


def test_state_of_the_art_is_no_part_of_a_task_phrase():
    # made-up: "state of the art X" with a title that would name "art X"
    abstract = (
        "Cheap sensors are common. We study them. Our model outperforms a state of the art "
        "video frame segmentation."
    )
    assert tasks_with_title(abstract, "Video Frame Segmentation With Art") == []


def test_a_learning_paradigm_named_as_the_kind_of_a_method_is_no_task():
    # made-up: "a X learning framework", "X reinforcement learning (RL) methods" name what a
    # method is, not the problem; the paper's own "X learning algorithm" and the subject of an
    # opening "Existing X learning methods ..." still name its problem
    abstract = (
        "Shelf robots drop parcels. We build on a Bayesian deep learning framework and "
        "compare with model-free reinforcement learning (RL) methods on parcel detection tasks."
    )
    assert tasks_of(abstract) == ["parcel detection"]
    abstract = (
        "Shelf robots drop parcels. We propose a sparse kernel learning algorithm that stacks them."
    )
    assert tasks_of(abstract) == ["sparse kernel learning"]
    abstract = "Existing multi-robot reinforcement learning methods ignore parcels. We fix this."
    assert tasks_of(abstract) == ["multi-robot reinforcement learning"]


def test_a_comparative_or_a_verb_opens_no_task_phrase():
    # made-up: "larger planning problems", "arbitrary trajectory tracking": a comparative or a
    # vague "arbitrary" before the task is no part of its name
    abstract = (
        "Cheap sensors are noisy. Our solver handles larger planning problems on small robots."
    )
    assert tasks_of(abstract) == []
    abstract = "Precise arbitrary trajectory tracking for drones is hard. We fix it."
    assert tasks_of(abstract) == ["trajectory tracking"]


def test_robustness_to_what_the_paper_studies_is_a_task_but_not_a_claimed_property():
    # made-up: "robustness to/against X" names the problem; in a claim's list of properties
    # ("shows robustness to X and runs fast") it is what the method has
    abstract = (
        "Vision models are brittle. We find four design rules for improved robustness against "
        "salt noise."
    )
    assert tasks_of(abstract) == ["robustness against salt noise"]
    abstract = (
        "Speech models are brittle. We prove bounds on the robustness to reverberation of small "
        "recognizers."
    )
    assert tasks_of(abstract) == ["robustness to reverberation"]
    abstract = (
        "Speech models are brittle. Our recognizer shows robustness to reverberation and runs fast."
    )
    assert tasks_of(abstract) == []


def test_a_learning_paradigm_a_method_uses_is_no_task():
    # made-up: "leverages X learning to ..." names a tool; "we study X learning" the problem
    abstract = (
        "Drones carry parcels badly. Our planner leverages multi-agent reinforcement learning "
        "to steer parcel drones."
    )
    assert tasks_of(abstract) == []
    abstract = (
        "Drones carry parcels badly. We study multi-agent reinforcement learning for parcel drones."
    )
    assert tasks_of(abstract) == ["multi-agent reinforcement learning"]


def test_a_task_phrase_a_method_uses_is_no_task():
    # made-up: "using X as a first step" names a tool of the method; "through a X task" (no
    # verb of use) is where it is shown and stays
    abstract = (
        "Cheap cameras blur frames. By using image segmentation as a first step, our tracker "
        "follows balloons through fog."
    )
    assert tasks_of(abstract) == []
    abstract = (
        "Cheap cameras blur frames. Our tracker follows balloons through a balloon "
        "segmentation task."
    )
    assert tasks_of(abstract) == ["balloon segmentation"]


def test_what_a_framework_is_for_is_a_task_whatever_its_head():
    # made-up: "a framework for X" with a head no task list knows; a gerund's clause or a
    # generic "research" after "for" is none
    abstract = (
        "Warehouses are busy. Robots are slow. We present a framework for parcel route "
        "assignment in large warehouses."
    )
    assert tasks_of(abstract) == ["parcel route assignment"]
    abstract = (
        "Warehouses are busy. Robots are slow. We present a framework for robotics research in "
        "large warehouses."
    )
    assert tasks_of(abstract) == []


@pytest.mark.parametrize(
    "abstract, listed",
    [
        (  # ICLR 2018 (population): a comma before "including"
            "Neural program embeddings have shown much promise recently for a variety of program "
            "analysis tasks, including program synthesis, program repair, code completion, and "
            "fault localization. We propose a new embedding.",
            "program repair",
        ),
        (  # NeurIPS 2014 (population): "settings such as"
            "The success of machine learning has led to numerous attempts to apply it in "
            "adversarial settings such as spam and malware detection. We propose a new attack.",
            "malware detection",
        ),
    ],
)
def test_a_list_after_a_comma_or_settings_is_background(abstract, listed):
    assert listed not in tasks_of(abstract)


def test_a_list_after_a_comma_the_paper_evaluates_stays():
    abstract = (
        "Message passing is slow. We evaluate our scheme on several tasks, including traffic "
        "forecasting and road labeling."
    )
    assert "traffic forecasting" in tasks_of(abstract)


def test_tasks_in_a_list_of_domains_others_work_in_are_background():
    # made-up: "in domains such as A and B" after others' success is the setting, no task; a
    # list of applications the paper's own method serves ("our", "we", "us") stays
    abstract = (
        "Graph networks have achieved success in domains such as traffic forecasting and "
        "protein folding prediction. We propose a faster message passing scheme."
    )
    assert tasks_of(abstract) == []
    abstract = (
        "Message passing is slow. We propose a faster message passing scheme, which benefits "
        "our applications such as traffic forecasting."
    )
    assert tasks_of(abstract) == ["traffic forecasting"]
    # and a list of tasks or problems others' work is known for; not one the sentence evaluates
    abstract = (
        "Graph networks had success on tasks such as traffic forecasting and road labeling. We "
        "propose a faster message passing scheme."
    )
    assert tasks_of(abstract) == []
    abstract = (
        "Message passing is slow. Experiments on tasks such as traffic forecasting show a "
        "faster scheme."
    )
    assert tasks_of(abstract) == ["traffic forecasting"]
    abstract = (
        "Message passing is slow. The new scheme is fast, enabling tasks such as traffic "
        "forecasting on phones."
    )
    assert tasks_of(abstract) == ["traffic forecasting"]


def test_where_a_topic_finds_applications_is_background():
    # made-up: "has found many applications in A and B", "with applications ranging from A to
    # B": where the topic is of use, not what the paper works on; the paper's own
    # demonstration ("we demonstrate applications to A") stays
    abstract = (
        "Sparse matrix sketches have found many applications in tide forecasting and crop "
        "yield estimation. We give a faster sketch."
    )
    assert tasks_of(abstract) == []
    abstract = (
        "Sparse matrix sketches are a problem with applications ranging from tide forecasting "
        "to crop yield estimation. We give a faster sketch."
    )
    assert tasks_of(abstract) == []
    abstract = (
        "Sketches are slow. We give a faster sketch and demonstrate applications to tide "
        "forecasting."
    )
    assert tasks_of(abstract) == ["tide forecasting"]


def test_a_verb_after_its_subject_is_no_part_of_the_task():
    # made-up: after "we", "they" the first word is the verb ("we revisit X", "can we push
    # X"), not a modifier of the task
    abstract = "We revisit multi-port tide forecasting with a graph network."
    assert tasks_of(abstract) == ["multi-port tide forecasting"]


def test_how_big_or_real_a_problem_is_is_no_part_of_the_task():
    # made-up: "real world", "high dimensional" written without a hyphen say only the scale of
    # the problem, as "real-world" and "large-scale" do
    abstract = "We address real world tide image labeling with a graph network."
    assert tasks_of(abstract) == ["tide image labeling"]
    abstract = "We study high dimensional tide classification with a graph network."
    assert tasks_of(abstract) == ["tide classification"]


def test_joined_modifiers_of_a_later_noun_name_no_task():
    # made-up: "to generate safe and efficient X": "safe" modifies the noun after the list,
    # no object of its own; a noun joined to another keeps its task ("to predict depth and
    # row-wise pose")
    abstract = (
        "Our planner is trained to generate safe and efficient tide gate schedules. It beats "
        "the baselines."
    )
    assert "safe generation" not in tasks_of(abstract)
    abstract = "We train a network to predict depth and row-wise pose from a single tide image."
    assert tasks_of(abstract) == ["depth prediction"]


def test_where_or_when_a_task_is_used_is_no_task():
    # made-up, after paperlists sentences: the span model's "X applications", "the X case"
    # say where a task is used or which case a result covers
    abstract = (
        "Ensembles of tide models enable significant accuracy gains in computer vision "
        "applications. However, parameter estimation is hard."
    )
    assert tasks_of(abstract) == ["parameter estimation"]
    abstract = (
        "In real world applications such as scene recognition, tide data is scarce. We propose "
        "a gauge model."
    )
    assert "real world applications" not in tasks_of(abstract)
    abstract = "For the generative case, we derive an entropy-based tide estimator."
    assert tasks_of(abstract) == []


def test_what_earlier_work_focuses_on_is_the_contrast_not_the_task():
    # made-up: "Most existing methods focus on A", "prior work has mainly focused on A": what
    # others did, set against the paper's problem; the paper's own focus and its experiments'
    # stay
    abstract = (
        "Most existing methods focus on tide forecasting at a single port. We propose a graph "
        "network for multi-port tide forecasting."
    )
    assert tasks_of(abstract) == ["multi-port tide forecasting"]
    abstract = (
        "Prior work has mainly focused on crop yield estimation, but we focus on crop "
        "disease detection with a graph network."
    )
    assert "crop yield estimation" not in tasks_of(abstract)
    abstract = (
        "Unlike prior methods, we focus on crop disease detection. We propose a graph network."
    )
    assert tasks_of(abstract) == ["crop disease detection"]


def test_a_learning_paradigm_named_as_a_problem_is_a_task():
    # made-up: a bare field is the setting ("We apply active learning to ..."), but the
    # problem a sentence names it as is the paper's task ("the problem of active learning",
    # "a multi-task learning problem"); never a broad area ("on computer vision tasks") or a
    # family ("self-supervised learning tasks")
    abstract = (
        "We study the problem of active learning for tide gauges. Our sampler picks gauges "
        "greedily."
    )
    assert tasks_of(abstract) == ["active learning"]
    abstract = "We cast tide forecasting at many ports as a multi-task learning problem."
    assert "multi-task learning" in tasks_of(abstract)
    abstract = "We apply active learning to tide gauges. Our sampler picks gauges greedily."
    assert tasks_of(abstract) == []
    abstract = (
        "Tide models do well on computer vision tasks. We study the problem of computer vision "
        "for tide gauges."
    )
    assert "computer vision" not in tasks_of(abstract)


def test_a_field_that_names_a_learning_problem_is_a_task_after_the_narrower_ones():
    # made-up: "active learning", "semi-supervised learning" name a learning problem, a task
    # where the paper works on it; it ranks after the paper's own narrower tasks, so it takes
    # no place they need
    abstract = (
        "This work addresses active learning with tide gauges of two kinds. Our sampler picks "
        "gauges greedily."
    )
    assert tasks_of(abstract) == ["active learning"]
    abstract = (
        "Semi-supervised learning of tide models is studied here. We propose a tide model for "
        "tide forecasting, surge detection and gauge calibration tasks."
    )
    assert tasks_of(abstract) == ["tide forecasting", "surge detection", "gauge calibration"]


def test_a_part_of_the_method_named_by_what_it_does_is_no_task():
    # made-up: "a tide segmentation module", "a crater detection stage": a part of the
    # system, not the problem the paper addresses; the same phrase said as the problem stays
    abstract = (
        "We propose a gauge reader for harbour logs. Its tide segmentation module feeds a "
        "small recurrent decoder."
    )
    assert "tide segmentation" not in tasks_of(abstract)
    abstract = "We propose a gauge reader for tide segmentation in harbour logs."
    assert tasks_of(abstract) == ["tide segmentation"]


def test_a_learning_paradigm_applied_or_built_on_is_a_tool():
    # made-up: "we apply X to", "an approach based on X", "a X-based search": the paradigm is
    # what the method uses, not its problem; "we propose a X algorithm" is its kind
    abstract = (
        "We apply multi-agent reinforcement learning to train tide gate controllers. The "
        "gates cut flooding."
    )
    assert "multi-agent reinforcement learning" not in tasks_of(abstract)
    abstract = "We propose a tide gate scheduler based on ensemble learning for harbours."
    assert "ensemble learning" not in tasks_of(abstract)
    abstract = "We propose a novel two-phase reinforcement learning-based search for tide gates."
    assert "two-phase reinforcement learning" not in tasks_of(abstract)
    abstract = "We propose a manifold learning algorithm for tide gauge records."
    assert "manifold learning" in tasks_of(abstract)


def test_where_others_tools_are_acclaimed_is_background():
    # made-up: "X have achieved great success in A" names A only there: the background;
    # A stays when the abstract names it again, when the sentence goes on to a shortfall, or
    # when it is the paper's own sentence
    abstract = (
        "Graph networks have achieved remarkable success in traffic forecasting. We propose a "
        "sparse tide gauge imputation method for harbour logs."
    )
    assert "traffic forecasting" not in tasks_of(abstract)
    abstract = (
        "Graph networks have achieved remarkable success in traffic forecasting, but they "
        "ignore road closures. We propose a closure-aware graph network."
    )
    assert "traffic forecasting" in tasks_of(abstract)
    abstract = (
        "Graph networks have achieved remarkable success in traffic forecasting. We propose "
        "a closure-aware graph network for traffic forecasting."
    )
    assert "traffic forecasting" in tasks_of(abstract)


def test_a_verb_of_furthering_opens_no_task_phrase():
    # real phrasings (CoRL, ICLR): "to advance X research", "To foster X research"
    assert tasks_of(
        "We offer open-source resources to advance contact-rich manipulation research."
    ) == ["contact-rich manipulation"]
    assert not any(
        t.lower().startswith(("foster", "advance", "promote"))
        for t in tasks_of("To foster reinforcement learning research, we introduce a platform.")
    )


def test_a_task_head_before_another_is_read_to_the_last():
    # made-up: "automatic control synthesis": "control" before the head "synthesis" is its
    # modifier, not the end of a phrase "automatic control"
    abstract = "We propose the first automatic control synthesis approach for tide gates."
    assert tasks_of(abstract) == ["automatic control synthesis"]


def test_a_task_and_the_abbreviation_the_abstract_defines_for_it_are_one_task():
    # made-up: the span model reads the short form as a task too; it is the long form's alias,
    # not a second task ("VQA" beside "visual question answering" in the graph)
    text = (
        "We study visual question answering (VQA) in cluttered scenes. "
        "On VQA our model answers more questions than earlier models."
    )
    tasks = [
        m for m in _mentions_with_model_spans(text, [("VQA", "Task", 0.99)]) if m["type"] == "Task"
    ]
    assert [(m["name"], m["aliases"]) for m in tasks] == [("visual question answering", ["VQA"])]


def test_learning_to_do_something_is_the_task_as_written():
    # made-up: "we study learning to X", "the problem of learning to X", "Learning to X is
    # hard": the skill to learn is the task, with its object or one prepositional phrase; not
    # a verb whose object is not read ("to detect and track cells", "to produce fast, ...")
    # nor one the paper sidesteps
    abstract = (
        "We study the problem of learning to fold paper cranes. Our planner uses a graph network."
    )
    assert tasks_of(abstract) == ["learning to fold paper cranes"]
    abstract = (
        "Learning to cooperate with strangers is hard for agents. We propose a graph network."
    )
    assert tasks_of(abstract) == ["Learning to cooperate with strangers"]
    abstract = "We study learning to plan in unknown mazes. We propose a graph network."
    assert tasks_of(abstract) == ["learning to plan"]
    abstract = (
        "Motivated by the problem of learning to detect and track cells, we propose a graph "
        "network."
    )
    assert not any(t.startswith("learning to") for t in tasks_of(abstract))
    abstract = (
        "We evade the hard task of learning to fold paper cranes. We propose a graph network."
    )
    assert not any(t.startswith("learning to") for t in tasks_of(abstract))


def test_learning_from_a_source_is_the_task_as_written():
    # made-up: "we study learning from X", "an algorithm for learning from X": what is learned
    # from is the task, as the clause writes it; not "learning from scratch", not a source whose
    # noun phrase goes on unread ("from data gathered by ..."), nor a sentence that opens with
    # the paradigm
    abstract = (
        "We study the problem of learning from blurry crowd-sourced sketches. Our planner uses "
        "a graph network."
    )
    assert tasks_of(abstract) == ["learning from blurry crowd-sourced sketches"]
    abstract = (
        "We present an algorithm for learning from sparse and delayed rewards in mazes. It "
        "uses a graph network."
    )
    assert tasks_of(abstract) == ["learning from sparse and delayed rewards"]
    for abstract in (
        "We consider learning from scratch in mazes. We propose a graph network.",
        "We consider learning from data gathered by drones. We propose a graph network.",
        "Learning from cooking videos has proven useful. We propose a graph network.",
    ):
        assert not any(t.lower().startswith("learning from") for t in tasks_of(abstract))


def test_bridging_the_sim_to_real_gap_is_sim_to_real_transfer():
    # made-up: the paper's own sentence says it closes the gap between simulation and the real
    # world: the task is sim-to-real transfer (in the abstract's spelling); not when the gap is
    # only why a problem is hard
    abstract = (
        "We teach a drone to perch on branches. To overcome the sim-to-real gap, we randomize "
        "the wind in a graph network simulator."
    )
    assert "sim-to-real transfer" in tasks_of(abstract)
    abstract = "We propose a graph network to bridge the Sim2Real gap for perching drones."
    assert "sim2real transfer" in tasks_of(abstract)
    abstract = (
        "Perching is hard because of the sim-to-real gap and the wind. We propose a graph network."
    )
    assert "sim-to-real transfer" not in tasks_of(abstract)


def test_a_full_stop_kept_on_its_word_ends_the_sentence():
    # made-up: spaCy keeps the stop on a single letter (its exception for initials) and after a
    # name ending in a capital, and the sentencizer ran the sentences together; an initial
    # before a surname stays inside its sentence
    nlp = build_pipeline(span_model=False)
    text = (
        "The bound does not grow with n. We train on CelebA. Our attack works in 3D. "
        "Its cost is linear in a matrix A. The idea is due to M. Abeles and others."
    )
    got = [text[s.start_char : s.end_char].strip() for s in sentences(nlp(text), text)]
    assert got == [
        "The bound does not grow with n.",
        "We train on CelebA.",
        "Our attack works in 3D.",
        "Its cost is linear in a matrix A.",
        "The idea is due to M. Abeles and others.",
    ]


def test_training_a_kind_of_model_is_a_task():
    # made-up: "a method for training X", "However, training X is hard": training the model is
    # the problem, the model name inside it no reason to drop it; not when the noun phrase goes
    # on ("training kernel Ridge Regressors": the model is longer than what is kept)
    abstract = (
        "Sensor chips are cheap. We present a new method for training tiny neural networks "
        "with sparse gradients."
    )
    assert tasks_of(abstract) == ["training tiny neural networks"]
    abstract = "Gliders are cheap. However, training GANs is hard. We fix the loss."
    assert tasks_of(abstract) == ["training GANs"]
    abstract = "Gliders are cheap. We give an algorithm for training kernel Ridge Regressors."
    assert "training kernel" not in tasks_of(abstract)


def test_task_heads_of_papers_with_code_task_names():
    # made-up: heads that many Papers with Code task names end in ("X counting", "X removal")
    abstract = "Drones fly over the ice. Our network improves penguin counting from above."
    assert tasks_of(abstract) == ["penguin counting"]
    abstract = "Old scans fade. Our network improves stain removal in archive photos."
    assert tasks_of(abstract) == ["stain removal"]


def test_a_noun_ending_in_ly_stays_inside_a_task_phrase():
    # made-up: "butterfly", "anomaly" are nouns, not adverbs like "efficiently"
    abstract = "Field photos are noisy. Our network improves butterfly classification on phones."
    assert tasks_of(abstract) == ["butterfly classification"]


def test_transfer_heads_a_task_phrase_unless_a_noun_follows():
    # made-up: "X transfer" is a task ("skill transfer"); before "learning" or "functions" the
    # head is a modifier of another noun phrase
    abstract = (
        "Voice clones sound flat. Our model improves gripper-to-hand skill transfer in kitchens."
    )
    assert tasks_of(abstract) == ["gripper-to-hand skill transfer"]
    abstract = (
        "Robots trained in simulation fail on hardware. We study sensor transfer functions for "
        "wheeled robots."
    )
    assert tasks_of(abstract) == []


def test_a_repeated_task_is_scored_by_its_best_mention():
    # paperlists (ICML 2017), its verb changed ("apply X to" now makes X a tool): a weak first
    # mention ("extend X to"), a better one later ("of X")
    abstract = (
        "Here we propose a way to learn such a time-series model by training a backward model "
        "for the time-reversed time-series. Our key observation is that only a subset of the "
        "parameters is hard to learn. We extend bidirectional learning to a dynamic Boltzmann "
        "machine extended with hidden units. Numerical experiments with synthetic and real "
        "datasets clearly demonstrate advantages of bidirectional learning."
    )
    assert tasks_of(abstract) == ["bidirectional learning"]


@pytest.mark.parametrize(
    "abstract, wrong",
    [
        ("We study causal discovery from observational data.", "study causal discovery"),
        # a field after vague words is still the bare field, the setting
        (
            "We solve it end to end with any off-the-shelf reinforcement learning method.",
            "off-the-shelf reinforcement learning",
        ),
        # the subject that matters is the whole noun phrase, not the end of a clause
        (
            "Aligning dialogue agents with user preferences is crucial for deployment.",
            "user preferences",
        ),
        (
            "This paradigm leads to substantial performance drop when facing heavy long-tail "
            "problems, where very few samples are available for rare classes.",
            "heavy long-tail",
        ),
        (  # SciERC: a task word before a measurement noun is about the task
            "We use a cascade of classifiers each trained to achieve high detection rates and "
            "modest false positive rates.",
            "high detection",
        ),
        (  # SciERC: an adjective before "machine translation"
            "The sentences are used as reference sets in objective machine translation "
            "evaluation measures like BLEU.",
            "objective machine translation",
        ),
        (  # a possessive goes on: the object is "the subject's internal model"
            "We consider the problem of learning the subject\u2019s internal model from data.",
            "subject learning",
        ),
        (  # a word broken at a line end by a PDF soft hyphen
            "This allows us to formulate the maxi(cid:173) mum clique problem in terms of a "
            "continuous quadratic program.",
            "mum clique",
        ),
        (  # paperlists (ICML 2018): a base-form verb ends the phrase on the left
            "Whether neural networks can learn abstract reasoning or whether they merely rely on "
            "superficial statistics is a topic of recent debate.",
            "learn abstract reasoning",
        ),
        (  # paperlists (ICML 2019): a vague adjective is no part of the task
            "We then demonstrate the efficacy of our approach on federated learning problems "
            "simulated from two popular image classification datasets.",
            "popular image classification",
        ),
        (  # paperlists (ICML 2018): a broad task head alone is no task
            "We establish novel generalization bounds for learning algorithms that converge to "
            "global minima.",
            "learning",
        ),
        (  # CoRL 2022 (population): robot learning is the field, the setting, no task
            "Robot learning provides a number of ways to teach robots simple skills.",
            "Robot learning",
        ),
        (  # paperlists (NeurIPS 1995): optimal control is a field, the setting
            "Much work in optimal control and inverse control has assumed that the controller "
            "has perfect knowledge of the plant.",
            "optimal control",
        ),
        (  # paperlists (ICML 2013): pattern recognition is a field, as computer vision is
            "Learning a distance function on a given data manifold is of great importance in "
            "machine learning and pattern recognition.",
            "pattern recognition",
        ),
        (  # CoRL 2023 (population): policy learning is what every RL paper does
            "Practical Imitation Learning (IL) systems rely on large human demonstration datasets "
            "for successful policy learning.",
            "policy learning",
        ),
        (  # paperlists (ICML 2017): "we propose X ... via/with/using Y": Y is a component
            "To tackle the challenges of extensive communication costs when handling massive "
            "high-dimensional and distributed data, we propose an efficient and accurate "
            "covariance matrix estimation method via data compression.",
            "data compression",
        ),
        (  # paperlists (ICML 2017): an example in parentheses is not the paper's task
            "We describe a framework for multitask deep reinforcement learning guided by policy "
            "sketches. Sketches annotate tasks with sequences of named subtasks, not providing "
            "the detailed guidance used by much previous work on learning policy abstractions "
            "for RL (e.g. intermediate rewards, subtask completion signals, or intrinsic "
            "motivations).",
            "subtask completion",
        ),
        (  # paperlists (NeurIPS 2004): "missing" is an adjective, not a verb's clause
            "Our method is applied to the problem of missing data, where it outperforms direct "
            "imputation.",
            "missing data",
        ),
        (  # "finding" names only what is found
            "We consider the problem of finding a subset of data points that represents the "
            "whole collection.",
            "finding a subset",
        ),
        # a quantity, a flaw and an action before the task are no part of it
        ("Transformers are the best models in numerous machine learning tasks.",
         "numerous machine learning"),
        ("The gap to LiDAR is largely due to inaccurate depth estimation.",
         "inaccurate depth estimation"),
        ("We feed them to a planner to execute collaborative manipulation tasks.",
         "execute collaborative manipulation"),
        ("We propose to treat active learning algorithm design as a meta-learning problem.",
         "treat active learning"),
        ("It suffers from poor boundary localization in semantic segmentation.",
         "poor boundary localization"),
        ("Realistic music generation is a challenging task for generative models.",
         "Realistic music generation"),
    ],
)  # fmt: skip
def test_task_phrases_stop_at_verbs_adjectives_and_broken_words(abstract, wrong):
    assert wrong not in tasks_of(abstract)


def test_a_flavour_of_a_broad_area_is_a_task():
    # the bare "policy learning" is a field (words.json task_fields); a flavour is a task
    tasks = tasks_of("We study goal-conditioned policy learning from offline data.")
    assert tasks[:1] == ["goal-conditioned policy learning"]


# --- proposals in other words ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("abstract", "names"),
    [
        # the issue's classes: a new abbreviation for what "we" make, named instantiations, an
        # appositive or "our approach, X", a name the paper keeps as its subject
        ("To this end, we construct Federated Inverse Propensity Weighting (Fed-IPW) and "
         "Federated Augmented IPW (Fed-AIPW), two privacy-preserving estimators.",
         ["Fed-IPW", "Fed-AIPW"]),
        ("To remove shading, we first pretrain a physics-aware lighting prompt (PALP) on "
         "synthetic renders.", ["physics-aware lighting prompt"]),
        ("We consider two instantiations: TTT-Linear and TTT-MLP. Both beat the baseline.",
         ["TTT-Linear", "TTT-MLP"]),
        ("We present AgentKit, a framework for building agents from prompts.", ["AgentKit"]),
        ("Our approach, Haptics-based Curiosity, learns how contact should feel.",
         ["Haptics-based Curiosity"]),
        ("Our approach, called adaptive softmax, clusters the vocabulary by frequency.",
         ["adaptive softmax"]),
        ("We study sampling in this model, called leaky RBM, and its mixing.", ["leaky RBM"]),
        ("We develop new recurrent models, namely GRU-D, for sparse clinical series.", ["GRU-D"]),
        ("We present task-oriented Koopman-based control that learns a linear controller.",
         ["task-oriented Koopman-based control"]),
        ("We introduce a new grasping approach for cluttered bins. We benchmark GRASPY-9 against "
         "prior planners. GRASPY-9 delivers higher success rates in the real world.",
         ["GRASPY-9"]),
        ("The Shift Aggregate Extract Network SAEN is an architecture for learning on graphs.",
         ["SAEN"]),
        # tune2's classes: a lower-case name after the noun phrase it names, a phrase the
        # abstract repeats, "our proposed X approach", a known name the paper defines after "a
        # family of models,"
        ("By bounding the regret, we devise a scalable solver, lazy cut-generation, which "
         "prunes constraints.", ["lazy cut-generation"]),
        ("We propose gradient sketching to compress updates. Unlike quantization, gradient "
         "sketching is unbiased, and gradient sketching halves the traffic.",
         ["gradient sketching"]),
        ("Experiments show that our proposed FooNet approach beats the baselines.", ["FooNet"]),
        # "the" after propose/introduce/present opens the lower-case name
        ("As an alternative, we propose the double pinball loss. We prove it converges.",
         ["double pinball loss"]),
        ("We introduce the pointer sentinel mixture architecture for neural sequence models.",
         ["pointer sentinel mixture architecture"]),
        # "the new X": a name-shaped X is the paper's ("resulting in the new PONSS algorithm")
        ("We add a waiting arm, resulting in the new Quorl-UCB algorithm, which beats UCB.",
         ["Quorl-UCB"]),
        ("We propose a family of neural models, Neural Processes (NPs), that learn "
         "distributions over functions.", ["Neural Processes"]),
        # tune3's classes: an appositive calls the phrase a method (nips2016-530), a longer
        # noun phrase before the apposed name, an appositive typed by its last head (an
        # "environment" inside it makes no dataset), "a general and robust framework"
        # (nips2014-328)
        ("We introduce convolutional DRAW, a homogeneous deep generative model achieving "
         "state-of-the-art results.", ["convolutional DRAW"]),
        ("We propose a new second-order score for noisy labels, label volatility, "
         "that flags errors.", ["label volatility"]),
        ("We introduce FooVerse, an open environment design algorithm that samples tasks.",
         ["FooVerse"]),
        ("We present max-margin Bayesian clustering (BMC), a general and robust framework "
         "that incorporates the max-margin criterion.", ["BMC"]),
        # tune4's classes: "this work develops", "our X" and "our approach X" without a
        # comma, a name that starts with digits and an acronym, a list of three words before
        # the colon, a name-adjective phrase before a colon that the abstract repeats
        ("This work develops Cup Grasp Planner (CGP), a method for grasping cups.", ["CGP"]),
        ("Our approach ZapNet casts planning as search over sketches.", ["ZapNet"]),
        ("In the real world, our QuuxAfford significantly outperforms prior work.",
         ["QuuxAfford"]),
        ("To this end we propose 3DX-VLM, which lifts 2D features to 3D.", ["3DX-VLM"]),
        ("We propose two new recurrent cell architectures: FooCell and BarCell.",
         ["FooCell", "BarCell"]),
        ("We propose Riemannian flowlets: a framework for sampling on manifolds. Riemannian "
         "flowlets are fast.", ["Riemannian flowlets"]),
        # a new abbreviation for "a version of" a known method (tune3's AdamWR class)
        ("We propose a variant of RMSProp with lookahead steps (RMSLA) for noisy objectives.",
         ["RMSProp with lookahead steps"]),
        # a name the lexicon knows, named right after "a novel/new <noun>,": the paper that
        # made it (paperlists' SQLNet, TRADES and MusicNet papers say it so)
        ("In this paper, we propose a novel approach, i.e., SQLNet, to solve this problem.",
         ["SQLNet"]),
        ("We propose a new model, namely BERT, for reading text.", ["BERT"]),
    ],
)  # fmt: skip
def test_what_the_paper_introduces_is_proposed(abstract, names):
    got = found(abstract)
    for name in names:
        assert got[name] == ("Method", "proposed"), (name, got)


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # a known family with a modifier, a name that only modifies, someone else's term
        ("We propose a cross-view transformer to fuse the camera views.", "transformer"),
        ("We propose a method that builds on a popular model, BERT, for this.", "BERT"),
        # an opening "X is a ... approach for" that says X exists already, or cites it
        ("Quux Belief Propagation (QBP) is a popular message-passing algorithm for inference.",
         "QBP"),
        ("Foo State Networks (FSNs) (Smith et al.) are an approach for modeling time series.",
         "FSNs"),
        ("We design a fully parallel Model Predictive Path Integral (MPPI)-based controller.",
         "MPPI"),
        ("Data from a different policy, commonly called the behavior policy, is reused.",
         "behavior policy"),
        ("We establish asymptotic normality via martingale Central Limit Theorems (CLTs).",
         "CLTs"),
        # "introducing" after "to" or "of" is no proposal
        ("This heuristic is prone to introducing spurious shortcuts, which hurt transfer.",
         "spurious shortcuts"),
        ("Pruning saves memory at the cost of introducing quantization noise, which we bound.",
         "quantization noise"),
        # a known name before "-style", someone else's listed methods, a name-adjective
        # phrase said once (paperlists nips2008-194, nips2013-50)
        ("This paper proposes a new actor-critic-style algorithm for control.", "actor-critic"),
        ("We propose two novel algorithms by adding L2-regularization to two widely-used "
         "policy evaluation methods: Bellman residual minimization (BRM) and least-squares "
         "temporal difference learning (LSTD).", "BRM"),
        ("Here we develop Bayesian estimators for the entropy of spike trains.",
         "Bayesian estimators"),
        # released artefacts that are neither data nor a method
        ("Finally, we release model checkpoints, evaluation notebooks, and our code.",
         "model checkpoints"),
        # a validation or an evaluation the paper presents is no method
        ("We also present real robot validation to showcase the planner's use.",
         "real robot validation"),
        # a descriptive phrase ending in "algorithm/framework/..." names nothing
        ("We propose a novel graph sparsification algorithm for fast training.",
         "graph sparsification algorithm"),
        ("We also introduce weight-transport-free variants of difference target propagation "
         "(DTP) modified to remove backpropagation.", "DTP"),
        # "the" opens a name only after propose/introduce/present
        ("We formulate the learning process as a game between two agents.", "learning process"),
    ],
)  # fmt: skip
def test_what_the_paper_only_uses_or_states_is_not_proposed(abstract, name):
    assert found(abstract).get(name, ("", ""))[1] != "proposed"


@pytest.mark.parametrize(
    ("abstract", "name", "expected"),
    [
        # the upper-confidence-bound family of algorithms, by its definition
        ("We propose a new algorithm called thinly spread zebra confidence bound (TSZCB) for "
         "bandits. We prove that TSZCB achieves low regret.", "thinly spread zebra confidence "
         "bound", ("Method", "proposed")),
        ("We propose an Adaptive Zorp-Confidence-Bound (AdaZCB) algorithm for bandits.",
         "AdaZCB", ("Method", "proposed")),
        ("Our sampler builds on the kernelized quux upper confidence bound (KQ-UCB) rule.",
         "kernelized quux upper confidence bound", ("Method", "uses")),
        # ... while other bounds stay mathematical objects
        ("We derive a new Zorp Generalization Bound (ZGB) for deep networks.",
         "Zorp Generalization Bound", None),
    ],
)  # fmt: skip
def test_a_bound_that_names_an_algorithm_or_objective_is_a_method(abstract, name, expected):
    assert found(abstract).get(name) == expected


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("We answer this by designing a new algorithm Zorblax for streaming maximization. Our "
         "experiments show that Zorblax outperforms the baselines.", "Zorblax"),
        ("This study introduces a novel feature selection approach QUIXOT, which extends "
         "filter methods.", "QUIXOT"),
        ("We provide a novel confidence-bound based algorithm ZorbOpt for this purpose.",
         "ZorbOpt"),
        # the paper's own name after the sentence's "Our", or marked "(ours)"
        ("We study sampling. Our Zephyr Kernel Walker achieves the best results on ImageNet.",
         "Zephyr Kernel Walker"),
        ("We study sampling. Results show that Zorblax (ours) is faster than DDIM.", "Zorblax"),
    ],
)  # fmt: skip
def test_a_name_the_clause_marks_as_the_papers_own_is_proposed(abstract, name):
    assert found(abstract).get(name) == ("Method", "proposed")


def test_a_long_form_for_a_field_is_named_by_the_words_before_for():
    # "A for B": the head is A's ("sampling"), not the field after "for" ("learning")
    got = found(
        "We study an alternative approach to exploration, zorp sampling for reinforcement "
        "learning (ZSRL). ZSRL updates a prior distribution."
    )
    assert got.get("zorp sampling for reinforcement learning") == ("Method", "uses")


def test_a_simulator_of_networks_is_software_not_an_environment():
    # paperlists (NeurIPS 1996): a tool the paper runs its model in, not where it is evaluated
    got = found("Using SPIKETOOL, a neural net simulator based on integrate-and-fire units, we "
                "show the code is fast.")  # fmt: skip
    assert got["SPIKETOOL"][0] == "Method"
    got = found("We evaluate in QuuxSim, a physics simulator for legged robots.")
    assert got["QuuxSim"][0] == "Benchmark"


def test_a_simulator_the_paper_builds_is_its_system():
    # a simulator one evaluates in is a benchmark; one the paper makes is its method
    got = found("For lack of data, we build QuuxCut-Sim, a paper simulator supporting fracture.")
    assert got["QuuxCut-Sim"] == ("Method", "proposed")


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("We demonstrate the applicability of the method to Zorbag control problems.", "Zorbag"),
        ("We use Quxilar/QXR video game to demonstrate that our approach needs few samples.",
         "Quxilar"),
        ("We evaluate on configurations of Fimbaro grid-worlds of several sizes.", "Fimbaro"),
    ],
)  # fmt: skip
def test_a_name_before_a_kind_of_environment_is_a_benchmark(abstract, name):
    assert found(abstract)[name][0] == "Benchmark"


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # "state of the art" unhyphenated is an evaluation word as "state-of-the-art" is
        ("We propose a new sampler. It sets a new state of the art on Zorbaga Vunior.",
         "Zorbaga Vunior"),
        # a capitalised word after "experiments on" that the span model reads as data
        ("We propose a new sampler. Extensive experiments on Zorbaga-10 and Quxil-100 show "
         "gains.", "Zorbaga-10"),
    ],
)  # fmt: skip
def test_a_name_the_evaluation_sentence_reads_as_data_is_data(abstract, name):
    assert found(abstract)[name][0] == "Dataset"


@pytest.mark.parametrize(
    ("abstract", "names"),
    [
        # issue 9: a dataset or benchmark the paper introduces is proposed, with its own type
        ("We introduce two new benchmarks, MSRS-Story and MSRS-Meet, for retrieval.",
         {"MSRS-Story": "Benchmark", "MSRS-Meet": "Benchmark"}),
        ("We introduce the Fencing Game, a human-robot competition for evaluation.",
         {"Fencing Game": "Benchmark"}),
        ("We release LYF-160K, a dataset of 160,000 annotated frames, and evaluate on COCO.",
         {"LYF-160K": "Dataset"}),
        ("We approach this by collecting a Kitchen Activity Video Dataset (KAVD) of 40 cooks.",
         {"KAVD": "Dataset"}),
        ("We collect KitchenVid, with 40 hours of cooking, and train on it.",
         {"KitchenVid": "Dataset"}),
        ("We release our code and the FooBar-3 benchmark.", {"FooBar-3": "Benchmark"}),
        ("Training uses a novel Kitchen Touch (KiTo) dataset of 3 million frames.",
         {"KiTo": "Dataset"}),
        # the data noun before "namely"/"called", however long the description before it
        ("We curate a planning-oriented decision reasoning dataset, namely QDR, of 210k "
         "samples.", {"QDR": "Dataset"}),
        ("We release two large benchmarks, namely FooBench and BarQuux, for planning.",
         {"FooBench": "Benchmark", "BarQuux": "Benchmark"}),
    ],
)  # fmt: skip
def test_data_the_paper_introduces_is_proposed_with_its_type(abstract, names):
    got = found(abstract)
    for name, label in names.items():
        assert got[name] == (label, "proposed"), (name, got)


def test_a_defined_task_before_task_is_no_data():
    got = found("We introduce approximations to the maximum a posteriori (MAP) task in graphs.")
    assert got.get("MAP", ("", ""))[0] not in ("Dataset", "Benchmark")
    got = found("Methods work on independent and identically distributed (IID) datasets only.")
    assert not [n for n, (t, _) in got.items() if t in ("Dataset", "Benchmark")], got


def test_a_method_the_opening_sentence_describes_as_existing_is_used():
    got = found("Finite-State Quuxers (FSQ) are a standard tool for modeling paired sequences.")
    assert got["FSQ"] == ("Method", "uses")


def test_a_known_data_name_the_paper_gives_its_own_method_is_a_method():
    # Papers with Code lists a dataset PRIME; this paper's PRIME is its framework, however
    # its later mentions read
    got = found(
        "We introduce a novel prediction framework called PRIME for trajectory forecasting. "
        "We evaluate PRIME on a dataset of urban scenes, and PRIME beats the baselines on it."
    )
    assert got["PRIME"] == ("Method", "proposed")
    got = found("We introduce PRIME, a novel approach to planning. We test PRIME on a dataset.")
    assert got["PRIME"] == ("Method", "proposed")
    # a proposal the text does not call a method keeps the kind its other mentions say
    got = found(
        "Existing benchmarks give few insights. To address this, we introduce QUUB, where we "
        "divide robot tasks into 14 atomic skills. QUUB comprises 4,469 entries across 14 "
        "skills. We evaluate 20 models on QUUB and find gaps. Our agent yields a gain of 17.5% "
        "on GPT-5 on QUUB and beats baselines on QUUB."
    )
    assert got["QUUB"] == ("Dataset", "proposed")


def test_data_the_paper_only_uses_is_not_proposed():
    got = found("We release LYF-160K, a dataset of frames, and evaluate on Kinetics, a dataset.")
    assert got["Kinetics"] == ("Dataset", "evaluated_on")
    got = found("We propose FooNet and evaluate it on the BarQA benchmark and CIFAR-10.")
    assert got["FooNet"] == ("Method", "proposed")
    assert got["BarQA"][1] == got["CIFAR-10"][1] == "evaluated_on"


def test_unknown_names_listed_with_known_datasets_are_datasets():
    got = found("Our evaluations span CORD, FUNSD, Kleister-NDA, RVL-CDIP and SROIE.")
    for name in ("CORD", "FUNSD", "Kleister-NDA", "RVL-CDIP", "SROIE"):
        assert got[name][0] == "Dataset", name


def test_passive_proposal_and_called_a_and_b():
    got = found(
        "A Greedy Direction Method of Multiplier (GDMM) algorithm is proposed to exploit "
        "sparsity of messages. We propose two learning algorithms called Combinatorial Linear "
        "Thompson Sampling (CombLinTS) and Combinatorial Linear UCB (CombLinUCB)."
    )
    for name in ("GDMM", "CombLinTS", "CombLinUCB"):
        assert got[name] == ("Method", "proposed"), name


def test_known_method_that_only_modifies_the_proposal_is_used():
    got = found(
        "We propose a black-box variational inference method to approximate intractable "
        "distributions."
    )
    assert got["black-box variational inference"] == ("Method", "uses")


def test_passive_mention_of_a_known_method_is_not_a_proposal():
    got = found("A variant of the Baum-Welch algorithm is developed for model learning.")
    assert got.get("Baum-Welch", ("Method", "uses"))[1] != "proposed"


def test_bare_lower_case_name_after_a_proposal_cue():
    got = found(
        "We introduce paired-dual learning, a framework that greatly speeds up training. "
        "Such graphs, which we call triplet-learnable, were studied before."
    )
    assert got["paired-dual learning"] == ("Method", "proposed")
    # a naming cue also names properties: an adjective is no contribution (a concept we name
    # is: "an effect we term short-horizon bias", tests/test_proposals.py)
    assert "triplet-learnable" not in got


def test_lower_case_technique_before_a_citation_is_a_used_method():
    got = found(
        "Moreover, it builds upon the recent development of score matching (Hyvarinen, 2005), "
        "which we use with the junction tree method [6]. This extends models that require "
        "approximate inference (Siepel et al., 2004)."
    )
    assert got["score matching"] == ("Method", "uses")
    assert got["junction tree method"] == ("Method", "uses")
    assert not [n for n in got if n.startswith("require")]


def test_long_form_partly_inside_a_gazetteer_task_is_still_a_method():
    got = found(
        "To address this problem, we develop a novel nonparametric algorithm, called enhanced "
        "matrix completion (EMaC), based on structured matrix completion."
    )
    assert got["enhanced matrix completion"] == ("Method", "proposed")


def test_name_run_before_the_shortest_long_form_is_one_entity():
    [ep] = extract_papers(
        [paper("We propose the Deep Planning Network (PlaNet), a model-based agent.")]
    )
    [planet] = [m for m in ep.mentions if m.type.value == "Method"]
    assert planet.name == "PlaNet" and planet.role.value == "proposed"
    assert planet.aliases == ("Deep Planning Network",)


def test_lexicon_is_typed_traceable_and_holds_no_generic_names():
    from kg.extract.resources import (
        GAZETTEER_DIR,
        MATCH_POLICIES,
        generic_keys,
        metric_keys,
        name_key,
        read_gazetteer,
    )

    entries = read_gazetteer(GAZETTEER_DIR / "lexicon.jsonl")
    assert len(entries) > 10_000
    assert {e.match for e in entries} <= set(MATCH_POLICIES)
    assert {e.source for e in entries} <= LEXICON_SOURCES
    generic = [
        e.pattern
        for e in entries
        if name_key(e.pattern) in generic_keys()
        or (e.label.value != "Metric" and name_key(e.pattern) in metric_keys())
    ]
    assert not generic


def test_a_topic_list_technique_never_gives_a_known_name_a_second_concept():
    from kg.extract.resources import GAZETTEER_DIR, name_key, read_gazetteer

    entries = [e for f in sorted(GAZETTEER_DIR.glob("*.jsonl")) for e in read_gazetteer(f)]
    topics = {name_key(e.pattern) for e in entries if e.id.startswith("csom:")}
    others = {name_key(e.pattern) for e in entries if not e.id.startswith("csom:")}
    assert topics and not topics & others


def test_a_topic_list_technique_may_open_with_a_vague_word_before_an_eponym():
    # CSO's "naive bayes": "naive" says "the usual kind" before a plain head, not before Bayes
    assert found("We compare logistic regression and naive Bayes on text data.").get(
        "naive Bayes"
    ) == ("Method", "uses")


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "data" / "lexicons").is_dir(), reason="needs ../shared/data")
def test_every_lexicon_entry_is_found_in_the_source_it_names():
    import re
    import unicodedata

    from kg.extract.resources import GAZETTEER_DIR, read_gazetteer

    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9]+", unicodedata.normalize("NFKC", text).lower())

    data = SHARED / "data"
    corpus = sorted((data / "paperlists").glob("*.json"))
    files = {
        "paperlists-abbreviations": corpus,
        "paperlists-data-nouns": corpus,
        "paperlists-titles": corpus,
        "scierc-train": [data / "scierc" / "train.json"],
    }
    wanted: dict[str, set[tuple[str, ...]]] = {}
    for e in read_gazetteer(GAZETTEER_DIR / "lexicon.jsonl"):
        wanted.setdefault(e.source, set()).add(tuple(words(e.pattern)))  # as the source writes it
    missing = []
    for source, patterns in wanted.items():
        paths = files.get(source, [data / "lexicons" / source])
        text = " " + " ".join(words(" ".join(p.read_text() for p in paths))) + " "
        missing += [(source, p) for p in map(" ".join, patterns) if f" {p} " not in text]
    assert not missing


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "data" / "lexicons").is_dir(), reason="needs ../shared/data")
def test_the_shipped_lexicon_is_what_the_build_tool_writes(tmp_path):
    # a word list or builder change without a rebuild leaves the package data stale
    assert_rebuilt_as_shipped("build_lexicons", "lexicon.jsonl", tmp_path)


def assert_rebuilt_as_shipped(tool: str, file_name: str, tmp_path: Path) -> None:
    """tools/TOOL.py writes the gazetteer ``file_name`` the package ships, line for line."""
    from kg.extract.resources import GAZETTEER_DIR

    out = tmp_path / file_name
    script = TOOLS / f"{tool}.py"
    subprocess.run(
        [sys.executable, str(script), "--out", str(out)], check=True, capture_output=True
    )
    shipped = (GAZETTEER_DIR / file_name).read_text().splitlines()
    assert sorted(set(out.read_text().splitlines()) ^ set(shipped)) == []


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="needs ../shared/seeds")
def test_no_new_hand_written_name_comes_from_an_evaluation_abstract():
    """A hand-written entry added after the review of 2026-11-30 must not occur in an
    evaluation abstract (seeds, dev gold, kg's tune and held-out sets) unless a public lexicon
    knows it too; the entries reviewed then are listed by key in tests/data."""
    import re

    from kg.extract.resources import (
        BUILT,
        GAZETTEER_DIR,
        bundled_gazetteers,
        name_key,
        read_gazetteer,
    )

    eval_dir = Path(__file__).resolve().parents[1] / "kg" / "data" / "eval"
    seen: set[str] = set()
    for path in [
        *(SHARED / "seeds").glob("*"),
        *(SHARED / "eval").glob("papers_*.json"),
        *eval_dir.glob("papers_*.json"),
    ]:
        words = [w.strip(".,;:()[]\"'") for w in re.findall(r'[^\s|"\[\],]+', path.read_text())]
        for n in range(1, 6):
            seen.update(name_key(" ".join(words[i : i + n])) for i in range(len(words)))
    reviewed = set(HAND_WRITTEN_REVIEWED.read_text(encoding="utf-8").split("\n"))
    public = {name_key(e.pattern) for e in read_gazetteer(GAZETTEER_DIR / "lexicon.jsonl")}
    suspect = seen - reviewed - public
    copied = [
        e.pattern
        for path in bundled_gazetteers()
        if path.name not in BUILT  # built by a tool, evaluation abstracts left out
        for e in read_gazetteer(path)
        if name_key(e.pattern) in suspect
    ]
    assert not copied


@pytest.mark.parametrize(
    ("abstract", "name", "etype"),
    [
        # widely used names the hand-written lists lack, known from the public lexicons
        ("We train the agent with proximal policy optimization and Q-learning.",
         "proximal policy optimization", "Method"),
        ("Results on WikiTableQuestions and SearchQA improve over prior work.",
         "WikiTableQuestions", "Dataset"),
        ("We report results on the Stanford Question Answering Dataset.",
         "Stanford Question Answering Dataset", "Dataset"),
        # its plain words in lower case: the proper name that opens it still makes it a name
        ("Our reader improves the F1 score on the Stanford question answering dataset.",
         "Stanford question answering dataset", "Dataset"),
        ("The policy is trained with behavior-cloning and decoded with beam-search.",
         "behavior-cloning", "Method"),
        # a one-word regularizer the corpus writes in lower case needs no context
        ("Hidden units are randomly zeroed by dropout during training.",
         "dropout", "Method"),
        # ... and an activation's one-word name ("Tanh Activation"), a clustering technique
        ("The hidden layer uses tanh units and a shallow readout.", "tanh", "Method"),
        ("We summarise the stream by a small coreset before clustering.", "coreset",
         "Method"),
    ],
)  # fmt: skip
def test_public_lexicons_type_widely_used_names(abstract, name, etype):
    assert found(abstract)[name][0] == etype


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # a mixed-case name matches only as written: "records" is not ReCoRD
        ("We collected 2,000 records of patient visits and report accuracy.", "records"),
        # one plain word, or two capitals, needs context: not an entity by the lexicon alone
        ("In 2014, Adam moved to Twitter and founded a small company there.", "Adam"),
        ("In 2014, Adam moved to Twitter and founded a small company there.", "Twitter"),
        ("We detect spam in the ID of each SQL query.", "spam"),
        ("We detect spam in the ID of each SQL query.", "ID"),
        ("We detect spam in the ID of each SQL query.", "SQL"),
        # ... and a capitalised data name opened by an ordinary word needs its capitals
        ("Experimental results show that the learned policy transfers well.",
         "Experimental results"),
        # a data name that is an ordinary word ("Jigsaw", the toxic-comment data)
        ("Tasks include sorting numbers and solving jigsaw puzzles.", "jigsaw"),
        # a final capital S is a letter of the name, not a plural: "2D-3D-S" (data) is not
        # "2D-3D"
        ("We estimate the pose by matching 2D-3D features with depth.", "2D-3D"),
    ],
)  # fmt: skip
def test_ambiguous_lexicon_names_need_their_case_or_context(abstract, wrong):
    assert wrong not in found(abstract)


def test_ambiguous_lexicon_name_is_typed_when_context_says_it_is_a_name():
    got = found("We compare optimizers such as Adam and RMSProp on image data.")
    assert got["Adam"][0] == "Method"
    got = found("We evaluate toxicity classifiers on the Jigsaw and Civil Comments datasets.")
    assert got["Jigsaw"][0] == "Dataset"


def test_recent_gazetteer_is_disjoint_from_the_other_lists_and_matches_no_english_word():
    from kg.extract.resources import GAZETTEER_DIR, generic_keys, name_key, read_gazetteer

    recent = read_gazetteer(GAZETTEER_DIR / "ml_recent.jsonl")
    older = {name_key(e.pattern) for e in read_gazetteer(GAZETTEER_DIR / "ml_core.jsonl")}
    assert len(recent) > 500
    assert not [e.pattern for e in recent if name_key(e.pattern) in older | generic_keys()]
    # a lower-case English word ("the well", "traffic") must not become a dataset
    got = found("We study the well known problem of traffic and weather on a small dataset.")
    assert not [n for n, (t, _) in got.items() if t in ("Dataset", "Benchmark")]
    # paperlists nips2017-184: a mixed-case name ("BEATs") would match the verb
    assert "beats" not in found(
        "A network with Leaky ReLU and progressive curriculum beats the rule-based built-in AI."
    )


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="needs ../shared/seeds")
def test_recent_gazetteer_names_nothing_from_the_seed_or_dev_abstracts():
    import re

    from kg.extract.resources import GAZETTEER_DIR, name_key, read_gazetteer

    seen: set[str] = set()
    for path in [*(SHARED / "seeds").glob("*"), *(SHARED / "eval").glob("*.json")]:
        words = re.findall(r'[^\s|"\[\],]+', path.read_text(encoding="utf-8"))
        for n in range(1, 6):
            for i in range(len(words) - n + 1):
                seen.add(name_key(" ".join(words[i : i + n]).strip(".,;:()[]\"'")))
    recent = read_gazetteer(GAZETTEER_DIR / "ml_recent.jsonl")
    assert not [e.pattern for e in recent if name_key(e.pattern) in seen]


@pytest.mark.parametrize(
    ("abstract", "name", "etype"),
    [
        # paperlists nips2003-72, nips2018-483, nips1992-49
        ("These algorithms compare favorably to Laplacian Eigenmaps, both in terms of speed and "
         "embedding quality.", "Laplacian Eigenmaps", "Method"),
        ("We use regularization techniques such as weight decay, dropout, and batch norm.",
         "weight decay", "Method"),
        ("We compare our algorithm with the Baum-Welch method of estimating fixed-size models.",
         "Baum-Welch", "Method"),
        ("Results on ogbn-proteins and ZINC250k improve over GATv2.", "ZINC250k", "Dataset"),
        # icml2019-65, icml2019-706: games and simulators are benchmarks, not methods
        ("It exceeds the state-of-the-art in challenging combinatorial domains such as Sokoban.",
         "Sokoban", "Benchmark"),
        ("We evaluate on a navigation task and the large action space domain of StarCraft II.",
         "StarCraft II", "Benchmark"),
    ],
)  # fmt: skip
def test_recent_gazetteer_types_widely_used_names(abstract, name, etype):
    assert found(abstract)[name][0] == etype


@pytest.mark.parametrize(
    ("abstract", "name", "etype"),
    [
        # paperlists nips2018-101, icml2019-703
        ("Experiments of LeNet-5 and VGG-19 benchmarks on a testbed with 9 dual-GPU servers "
         "show gains.", "LeNet-5", "Method"),
        ("We evaluate on four language tasks: WMT 2014 English-German, WMT 2014 English-French, "
         "WMT 2014 English-Czech and LM1B.", "LM1B", "Dataset"),
    ],
)  # fmt: skip
def test_a_list_takes_the_type_of_its_known_names(abstract, name, etype):
    assert found(abstract)[name][0] == etype


def test_one_known_name_is_no_majority_in_a_list():
    got = found("It is used in several statistical methods, including CART, ID3, C4, MARS.")
    assert got["ID3"][0] == "Method"


def test_a_known_name_is_found_in_its_ies_plural():
    assert found("Our planner outperforms diffusion policies on six tasks.")[
        "diffusion policies"
    ] == ("Method", "uses")


def test_a_robot_is_neither_data_nor_a_method_but_its_environment_is_data():
    got = found("We evaluate on the Unitree A1 robot and a Kinova Gen3 arm, and on MetaWorld.")
    assert "A1" not in got and "Unitree A1" not in got and "Kinova Gen3" not in got
    assert got["MetaWorld"][0] in ("Dataset", "Benchmark")
    got = found("It solves tasks from the Franka Kitchen robot manipulation environment.")
    assert got["Franka Kitchen"][0] in ("Dataset", "Benchmark")


def test_names_listed_before_a_method_noun_are_methods_but_not_authors():
    got = found("Our planner cuts the error of Wayfarer, QZPT, and Scene Transformer models by 3%.")
    assert got["Wayfarer"] == ("Method", "uses") and got["QZPT"] == ("Method", "uses")
    got = found("Our bound offers an alternative approach to that of Kutin and Niyogi's method.")
    assert "Kutin" not in got


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # paperlists nips2014-256, icml2019-372, nips2004-132, icml2019-158, nips2016-140
        ("Spike-timing plasticity can implement a form of Bayesian inference similar to Monte "
         "Carlo methods such as particle filtering.", "particle filtering"),
        ("The proposed approach, based on kernel mean matching, is applicable to any generative "
         "models.", "kernel mean matching"),
        ("Unlike previous work using diffusion kernels and Gaussian random field kernels, a "
         "nonparametric kernel is learned.", "diffusion kernels"),
        ("It enables informed parameter selection via kernel density estimators.",
         "kernel density estimators"),
        ("Compared with feed-forward neural networks, DANN learns contexts of local features.",
         "feed-forward neural networks"),
        # nips2008-53, nips2011-29: a vague first word is left out, "random" is not vague
        ("It improves the covariance estimate compared to traditional shrinkage estimators.",
         "shrinkage estimators"),
        ("We optimize hyper-parameters using random search and two new greedy sequential "
         "methods.", "random search"),
        # nips2010-66, nips2011-25: after use verbs too
        ("We apply the double estimator to Q-learning to construct Double Q-learning.",
         "double estimator"),
        ("Additive GPs generalize the standard GP models which use squared-exponential kernels.",
         "squared-exponential kernels"),
        # tune3 round: more technique nouns, and a method noun after the name (nips2018-878,
        # icml2017-430, nips2002-164)
        ("Algorithms for constraint satisfaction problems are based on survey propagation, a "
         "variational inference scheme.", "survey propagation"),
        ("We save up to another 1.7x in data movement compared with uniform quantization.",
         "uniform quantization"),
        ("Both approaches outperform existing ordinal regression algorithms applied for "
         "ranking.", "ordinal regression"),
        # issue 9 extract19: rendering, shaping, programming, odometry and convolutions
        ("Unlike soft rasterized rendering, our mesh fitting needs no gradients.",
         "soft rasterized rendering"),
        ("The agent explores faster using potential-difference shaping in sparse mazes.",
         "potential-difference shaping"),
        ("The matching step is solved via mixed binary programming, which is exact.",
         "mixed binary programming"),
        ("Our drone beats stereo event odometry on the dark flights.", "stereo event odometry"),
        ("Compared with hexagonal lattice convolutions, our filter is local.",
         "hexagonal lattice convolutions"),
        # issue 9 mlow25: heads that are no technique alone (made-up sentences)
        ("Our sampler converges faster via nested variance reduction on each epoch.",
         "nested variance reduction"),
        ("The factors are recovered using quaternion tensor factorization in linear time.",
         "quaternion tensor factorization"),
        ("The model is fitted by an algorithm based on alternated minimization, which is fast.",
         "alternated minimization"),
        ("The solver is accelerated by leveraging randomized sketching and warm starts.",
         "randomized sketching"),
        ("We use a fixed point iteration on the dual to find the weights.",
         "fixed point iteration"),
        ("Unlike one-shot parameter averaging, our estimator is unbiased.",
         "one-shot parameter averaging"),
        ("The path is traced using arclength continuation on a coarse grid.",
         "arclength continuation"),
        ("The solver uses cyclic coordinate ascent on the dual objective.",
         "cyclic coordinate ascent"),
        # the next item of a list whose first is a known method (mlow25)
        ("We compare with recoding methods such as PCA and sparse projection pursuit.",
         "sparse projection pursuit"),
        ("The model is fitted using the Lasso and weighted kernel smoothing on each day.",
         "weighted kernel smoothing"),
        # mlow25: what a problem is solved or a model fitted with
        ("The relaxed problem is then solved by deterministic annealing in a few steps.",
         "deterministic annealing"),
        ("The daily rates are estimated by weighted kernel smoothing on held-out data.",
         "weighted kernel smoothing"),
        ("It was attacked by means of integer programming, which does not scale.",
         "integer programming"),
    ],
)  # fmt: skip
def test_lower_case_technique_after_a_comparison_or_use_cue_is_a_used_method(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # paperlists icml2019-150, nips2018-917, nips2016-560: domains and vague kinds
        ("Models operate on graph data, such as social networks and recommender systems.",
         "social networks"),
        ("We find that linear networks suffer worse conditioning than nonlinear networks.",
         "nonlinear networks"),
        # nips2017-522, nips1991-43: "leverage" is also a noun; "separate" says no name
        ("While leverage score sampling has long been known to give strong guarantees, it is "
         "slow.", "score sampling"),
        ("The system uses separate neural networks to locate segment boundaries.",
         "separate neural networks"),
        ("Its weights are initialized using pre-trained convolutional neural network (CNN).",
         "pre-trained convolutional neural network"),
        # mlow25: "simpler" says no name, as "simple" does
        ("It is more accurate than simpler sketching algorithms, yet fast.", "simpler sketching"),
    ],
)  # fmt: skip
def test_domains_and_vague_kinds_after_a_cue_are_no_methods(abstract, wrong):
    assert found(abstract).get(wrong, ("none",))[0] != "Method"


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # paperlists icml2018-417, nips2014-200, icml2018-373
        ("In a case study, examining non-certified white-box-secure defenses at ICLR 2018, we "
         "find obfuscated gradients are a common occurrence.", "ICLR 2018"),
        ("It is faster than a constraint satisfaction based algorithm (Corander et al., "
         "NIPS 2013).", "NIPS 2013"),
        ("In a COLT 2017 open problem, Agarwal et al. asked for a bound.", "COLT 2017"),
        ("Training takes two days on 8 V100 GPUs.", "V100"),
    ],
)  # fmt: skip
def test_venues_with_a_year_and_accelerators_are_no_methods(abstract, wrong):
    assert wrong not in found(abstract)


def test_a_capitalised_word_right_before_a_data_noun_is_a_dataset():
    # paperlists nips2014-41, nips2016-148
    got = found(
        "Our method significantly outperforms the state of the art methods on the LSP and FLIC "
        "datasets and also performs very well on the Buffy dataset without any training. It "
        "yields good results for the premise selection task on the Mizar corpus."
    )
    assert got["Buffy"] == ("Dataset", "evaluated_on")
    assert got["Mizar"][0] == "Dataset"


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # paperlists nips2010-241, nips2010-197, icml2019-136, nips2017-543, nips2017-620
        ("The method is demonstrated on the benchmark INRIA pedestrian detection dataset of Dalal "
         "and Triggs and the PASCAL VOC dataset.", "Triggs"),
        ("We consider online learning in finite stochastic Markovian environments where a new "
         "reward function is chosen.", "Markovian"),
        ("Deep networks have achieved impressive performance in various domains.",
         "Deep networks"),
        ("We show that derandomizing this solution is NP-hard in general.", "NP-hard"),
        ("High network communication cost for synchronizing gradients is the bottleneck.",
         "High network"),
        # nips2014-332, icml2016-321, nips1988-33, nips2000-59
        ("The observations are noisy realization of a low-rank tensor W* and a sparse "
         "corruption tensor V*.", "W*"),
        ("It gives a bias+variance approximation bound of the global optimum.", "bias+variance"),
        ("Spurious fIxed points, whose regions of attraction are not recognized, are skipped.",
         "Spurious fIxed"),
        ("Our algorithm improves the signal-to-noise ratio up to 3 dB compared to DCT.", "dB"),
    ],
)  # fmt: skip
def test_people_adjectives_openers_and_complexity_classes_are_no_entities(abstract, wrong):
    assert wrong not in found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name", "kind"),
    [
        # a cue with an adverb after "we"; a name in quotes after a cue or "our solution"
        ("We first present Quillbot, a low-cost system for bimanual teleoperation.", "Quillbot",
         "Method"),
        ('We propose a training scheme termed as "ZAGE" that discretizes weights.', "ZAGE",
         "Method"),
        ("Our solution \u201cCASE\u201d aims to reduce the cost of labelling.", "CASE", "Method"),
        # "so" before a cue is no "so-called"
        ("Agents are hard to train, so we introduce the Free FooTrainer, a toolkit.",
         "Free FooTrainer", "Method"),
        # a name in brackets after the noun phrase the cue introduces
        ("We introduce a novel hybrid temporal convolutional and recurrent network (TrocorNet), "
         "which segments actions.", "TrocorNet", "Method"),
        # the noun before "named", or the name's own head, says it is data
        ("We release a large-scale simulation dataset named SafeDrawer50k for articulated "
         "objects.", "SafeDrawer50k", "Dataset"),
        ("We develop the ASIMOV Benchmark to evaluate the semantic safety of robot policies.",
         "ASIMOV Benchmark", "Benchmark"),
        # a lower-case name an appositive defines as a kind of method
        ("This paper presents the gameplay filter, a new class of predictive safety filter.",
         "gameplay filter", "Method"),
    ],
)  # fmt: skip
def test_proposals_said_in_other_ways_have_their_type(abstract, name, kind):
    assert found(abstract).get(name) == (kind, "proposed")


def test_a_method_name_before_dataset_is_that_data():
    assert found("We co-train the policy with the RT-1 dataset and test it on real robots.")[
        "RT-1"
    ] == ("Dataset", "evaluated_on")


def test_a_subject_the_sentence_calls_a_common_technique_is_a_used_method():
    assert found("Backtracking is a common technique to resolve conflicts in solvers.").get(
        "Backtracking"
    ) == ("Method", "uses")
    assert "Simulators" not in found("Simulators are a popular tool for robot learning.")


def test_a_web_address_without_a_scheme_gives_no_name():
    assert found("Code is available at www.example.ac.at/42d2 for everyone.") == {}


# --- generic phrases --------------------------------------------------------------------------


def test_lexicon_entries_in_their_ordinary_sense_are_no_datasets():
    # Papers with Code lists "E2E" and "Supplementary material" as datasets; in abstracts they
    # are "end-to-end" and the paper's appendix
    got = found(
        "Existing end-to-end (E2E) driving models fail. We train on nuScenes. Code and "
        "Supplementary material are available online."
    )
    assert "nuScenes" in got
    assert not {n.lower() for n in got} & {"e2e", "supplementary material"}


def test_generic_phrases_never_become_entities():
    got = found(
        "Large Language Models (LLMs) are strong. Our method outperforms state-of-the-art (SOTA) "
        "baselines and prior work. Existing methods use AI on GPUs."
    )
    lowered = {n.lower() for n in got}
    for generic in (
        "llms",
        "large language models",
        "sota",
        "state-of-the-art",
        "baselines",
        "our method",
        "prior work",
        "existing methods",
        "ai",
        "gpus",
    ):
        assert generic not in lowered
    # classes of large models, as LLMs: the guide lists only named ones (CoRL 2024/2025 wording)
    got = found(
        "We query Vision Foundation Models (VFMs) and instruction-tuned Large Multimodal Models "
        "(LMMs), and distil small language model (SLM)-enabled planners that run on-device."
    )
    assert not {n.lower() for n in got} & {
        "vision foundation models",
        "vfms",
        "large multimodal models",
        "lmms",
        "small language model",
    }


def test_a_generic_model_family_named_as_a_class_is_no_method():
    got = found(
        "Deep generative models (DGMs) are hard to evaluate. We fit latent variable models (LVMs) "
        "with EM and distil them into a small language model. Our Variational Autoencoder (VAE) "
        "beats them."
    )
    lowered = {n.lower() for n in got}
    for generic in ("deep generative models", "dgms", "latent variable models", "lvms"):
        assert generic not in lowered
    assert "small language model" not in lowered
    assert any(n in got for n in ("VAE", "Variational Autoencoder"))


def test_recording_modalities_and_boards_are_no_methods():
    got = found(
        "We decode grip force from EMG and ECoG signals with a Kalman filter running on an "
        "Arduino, a Raspberry Pi and an ASIC."
    )
    assert not {"EMG", "ECoG", "Arduino", "Raspberry Pi", "ASIC"} & set(got)
    assert "Kalman filter" in got


def test_mathematical_objects_molecules_and_platforms_are_no_methods():
    got = found(
        "We learn a function in a reproducing kernel Hilbert space (RKHS) and bound its VC "
        "dimension. Spikes follow an inhomogeneous Poisson process and states a Markov process; "
        "the noise is Poisson. We read DNA and mRNA sequences and in-the-wild YouTube videos "
        "with a Kalman filter. The VC dimension (VCD) is finite."
    )
    lowered = {n.lower() for n in got}
    for name in ("reproducing kernel hilbert space", "rkhs", "vc dimension", "vc"):
        assert name not in lowered
    for name in ("poisson process", "markov process", "poisson", "dna", "mrna"):
        assert name not in lowered
    assert not {"youtube", "vcd"} & lowered
    # "NN" is "neural network" written short: as generic as "DNN"
    short = found("Neural networks (NNs) on embedded devices; we compare NN and CNN models.")
    assert not {"NN", "NNs"} & set(short)
    assert "Kalman filter" in got


def test_a_function_word_glued_to_a_name_is_cut_off():
    got = found(
        "Our solver is as fast asSVRG. Further evaluation onImageNet shows it, and tables "
        "fromWikipedia make the training set."
    )
    assert not {"asSVRG", "onImageNet", "fromWikipedia"} & set(got)
    assert got["SVRG"][0] == "Method" and got["ImageNet"][0] == "Dataset"
    got = found("The states ofHMM models are fit with the Viterbi algorithm.")
    assert "ofHMM" not in got and got["HMM"][0] == "Method"


# --- canonicalization -------------------------------------------------------------------------


def test_variants_merge_across_papers_into_one_name_and_type():
    eps = extract_papers(
        [
            paper("We compare against Transformers on long sequences.", "a"),
            paper("Unlike the Transformer, our model is linear.", "b"),
            paper("We propose T2PO for agents; T2PO outperforms PPO.", "c"),
            paper(clean_abstract(r"Compared with T$^2$PO, our learner is stable.")[0], "d"),
        ]
    )
    names = [{m.name for m in ep.mentions if m.type.value == "Method"} for ep in eps]
    assert names[0] & names[1] and len({next(iter(names[0] & names[1]))}) == 1
    assert any("T2PO" in n for n in names[2]) and any("T2PO" in n for n in names[3])


def test_a_year_written_with_or_without_an_apostrophe_is_one_dataset_across_papers():
    eps = extract_papers(
        [
            paper("We train on the FooText’14 English-German corpus and beat all baselines.", "a"),
            paper("We train on the FooText14 English-German corpus and beat all baselines.", "b"),
        ]
    )
    keys = [{m.key for m in ep.mentions if m.name.startswith("FooText")} for ep in eps]
    assert keys[0] and keys[0] == keys[1]


def test_display_name_follows_the_prevailing_case_of_a_method_but_tasks_stay_lower_case():
    eps = extract_papers(
        [
            # 3 × "transformers", but 4 capitalised spellings (2 + 2): the capital style wins
            paper("Our model is more accurate than transformers on long sequences.", "a"),
            paper("Our model is more accurate than transformers on short sequences.", "b"),
            paper("Our model trains faster than transformers on code.", "c"),
            paper("Unlike the Transformer, our model is linear in the sequence length.", "d"),
            paper("Compared with the Transformer, our kernel method is faster.", "e"),
            paper("Compared with Transformers, our recurrent model uses less memory.", "f"),
            paper("Our model is more robust than Transformers to noise.", "g"),
        ]
    )
    methods = {m.name for ep in eps for m in ep.mentions if m.type.value == "Method"}
    assert "Transformer" in methods
    assert not {"transformers", "Transformers"} & methods


def test_short_and_long_form_merge_and_keep_aliases():
    eps = extract_papers(
        [
            paper("We improve Direct Preference Optimization (DPO) with margins.", "a"),
            paper("Our approach outperforms DPO on chat data.", "b"),
        ]
    )
    first = next(m for m in eps[0].mentions if "DPO" in (m.name, *m.aliases))
    second = next(m for m in eps[1].mentions if "DPO" in (m.name, *m.aliases))
    assert first.name == second.name and first.entity_id == second.entity_id
    assert "Direct Preference Optimization" in (first.name, *first.aliases)


def test_ambiguous_short_form_does_not_merge_two_long_forms():
    eps = extract_papers(
        [
            paper("We analyse Sharpness-Aware Minimization (SAM) for overparameterized nets.", "a"),
            paper("We adapt the Segment Anything Model (SAM) to medical images.", "b"),
        ]
    )
    a = {m.entity_id for m in eps[0].mentions}
    b = {m.entity_id for m in eps[1].mentions}
    assert not a & b


def test_lexicon_aliases_merge_across_papers():
    eps = extract_papers(
        [
            paper("We place GPs over the latent functions and compare with SGD.", "a"),
            paper("Unlike Gaussian processes, our model scales to large data.", "b"),
            paper("A Gaussian process prior is trained by stochastic gradient descent.", "c"),
        ]
    )
    keys = [{m.entity_id for m in ep.mentions} for ep in eps]
    assert "gaussian process" in keys[0] & keys[1] & keys[2]
    assert "stochastic gradient descent" in keys[0] & keys[2]


def test_a_hand_listed_acronym_has_the_long_form_the_corpus_spells_out():
    """The hand lists know MCMC by its short form only; the corpus defines it as "Markov chain
    Monte Carlo" so often that the long form is a known name too (tools/build_lexicons.py),
    found in any case and one entity with the acronym — not cut into "Markov chain"."""
    eps = extract_papers(
        [
            paper("We sample the posterior with Markov Chain Monte Carlo, not with SGD.", "a"),
            paper("Our sampler mixes faster than MCMC on three models.", "b"),
        ]
    )
    found = [{(m.entity_id, m.type) for m in ep.mentions} for ep in eps]
    assert ("markov chain monte carlo", EntityType.METHOD) in found[0] & found[1], found
    names = {m.name for ep in eps for m in ep.mentions if m.entity_id == "markov chain monte carlo"}
    assert len(names) == 1  # one entity, one name for it in every paper


def test_a_defined_method_is_not_cut_into_a_task():
    """The long form of "multiple kernel learning (MKL)" ends in a task head, but the lists
    know it as a method: no task "kernel learning" is cut from it."""
    (ep,) = extract_papers(
        [
            paper(
                "We bound the complexity of Lp-norm multiple kernel learning. We consider the "
                "problem of multiple kernel learning (MKL), a convex-concave problem.",
                "a",
            )
        ]
    )
    found = {(m.entity_id, m.type) for m in ep.mentions}
    assert ("multiple kernel learning", EntityType.METHOD) in found
    assert not [k for k, t in found if t is EntityType.TASK]


def test_data_names_the_lists_type_apart_are_one_entity_of_one_type():
    """A dataset list and a benchmark list may name one collection ("One Billion Word",
    "Billion Word Benchmark"; "GLUE" and its long form): one entity, one type."""
    eps = extract_papers(
        [
            paper("Our language model reaches a low perplexity on One Billion Word.", "a"),
            paper("GANs improve on CelebA and the One Billion Word Benchmark.", "b"),
            paper("We fine-tune on the GLUE benchmark.", "c"),
            paper("Results on General Language Understanding Evaluation benchmark tasks.", "d"),
        ]
    )
    words = [{(m.entity_id, m.type) for m in ep.mentions if "Word" in m.name} for ep in eps[:2]]
    assert len(words[0]) == 1 and words[0] == words[1]
    assert {t for _, t in words[0]} == {EntityType.DATASET}
    glue = [{(m.entity_id, m.type) for m in ep.mentions} for ep in eps[2:]]
    assert len(glue[0]) == 1 and glue[0] == glue[1]


def test_one_abbreviation_with_two_long_forms_is_two_entities_and_a_bare_one_a_third():
    eps = extract_papers(
        [
            paper("We revisit spectral clustering (SC) for graphs. SC is fast.", "a"),
            paper("We estimate effects with synthetic control (SC). SC needs donors.", "b"),
            paper("Our method outperforms SC on three benchmarks.", "c"),
        ]
    )
    sc = [{m.entity_id for m in ep.mentions if "SC" in (m.name, *m.aliases)} for ep in eps]
    assert sc[0] and sc[1] and sc[2]
    assert not sc[0] & sc[1] and not sc[0] & sc[2] and not sc[1] & sc[2]


def test_a_name_and_its_kind_are_the_name():
    eps = extract_papers(
        [
            paper("We run the Frank-Wolfe algorithm and the K-means algorithm on graphs.", "a"),
            paper(
                "Unlike Frank-Wolfe, our method is projection-free; we compare with k-means.", "b"
            ),
        ]
    )
    keys = [{m.entity_id for m in ep.mentions} for ep in eps]
    assert {"frank wolfe", "k mean"} <= keys[0] & keys[1], keys


def test_a_data_name_the_lists_know_with_a_kind_noun_is_that_entry():
    # the lists know "Atari games"; "Atari" alone is no entity of its own
    eps = extract_papers(
        [
            paper("Our agent outperforms the previous state of the art on Atari.", "a"),
            paper("We evaluate the agent on Atari games and beat DQN.", "b"),
        ]
    )
    keys = [{m.entity_id for m in ep.mentions if m.type.value == "Benchmark"} for ep in eps]
    assert keys[0] and keys[0] == keys[1], keys


def test_a_benchmark_before_a_task_is_no_part_of_it():
    got = found("We report results on benchmark image classification tasks.")
    assert got.get("image classification") == ("Task", "addresses"), got


def test_a_name_inside_a_defined_long_form_is_the_abbreviation_not_a_second_entity():
    # a later rule reads the long form as a family of networks; it is the abbreviation's entity
    [ep] = extract_papers(
        [
            paper(
                "Despite being impactful, the generative adversarial nets (GANs) are hard to train."
            )
        ]
    )
    methods = [(m.name, m.aliases) for m in ep.mentions if m.type.value == "Method"]
    assert methods == [("GANs", ("generative adversarial nets",))]


def test_a_method_named_bare_and_with_its_kind_noun_is_one_entity_named_bare():
    # made-up names: "the Zorb-Q algorithm" is Zorb-Q; a network keeps its noun (a
    # "Hopfield network" names more than "Hopfield"), and so does a possessive ("Stein's method")
    text = (
        "We compare Zorb-Q with QuellNet. The Zorb-Q algorithm converges, and the Quell "
        "loss is smaller than the QuellNet loss."
    )
    names = [m.name for m in extract_papers([paper(text)])[0].mentions]
    assert "Zorb-Q" in names and "Zorb-Q algorithm" not in names
    mentions = kind_noun_spellings(
        [
            {"name": "Hopfield", "type": "Method", "aliases": []},
            {"name": "Hopfield network", "type": "Method", "aliases": []},
            {"name": "Stein", "type": "Method", "aliases": []},
            {"name": "Stein's method", "type": "Method", "aliases": []},
        ]
    )
    assert [m["name"] for m in mentions] == [
        "Hopfield",
        "Hopfield network",
        "Stein",
        "Stein's method",
    ]


def test_a_folded_long_form_still_keeps_its_words_out_of_the_task_list():
    # a real abstract (NeurIPS): the long form of the paper's own "multi-task vector field
    # learning (MTVFL)", read again by the proposal rule, is folded into the definition; it
    # must still keep its words out of the task phrases, where "multi-task vector field
    # learning" would crowd out "Multi-task learning" (half their words are shared)
    abstract = (
        "Multi-task learning (MTL) aims to improve generalization performance by learning "
        "multiple related tasks simultaneously and identifying the shared information among "
        "tasks. Most of existing MTL methods focus on learning linear models under the "
        "supervised setting. We propose a novel semi-supervised and nonlinear approach for MTL "
        "using vector fields. In this paper, we develop multi-task vector field learning "
        "(MTVFL) which learns the prediction functions and the vector fields simultaneously."
    )
    [ep] = extract_papers([paper(abstract, title="Multi-task Vector Field Learning")])
    tasks = [m.name for m in ep.mentions if m.type.value == "Task"]
    assert tasks == ["Multi-task learning"]


def test_a_misspelt_long_form_of_a_known_abbreviation_is_no_new_entity():
    eps = extract_papers(
        [
            paper("We evaluate on the Arcade Lerning Environment (ALE) and beat DQN.", "a"),
            paper("Results on the Arcade Learning Environment show gains.", "b"),
        ]
    )
    ale = [{m.entity_id for m in ep.mentions if m.type.value == "Benchmark"} for ep in eps]
    assert ale[0] and ale[0] == ale[1]


def test_an_entity_key_depends_on_its_own_paper_only():
    a = paper("We propose Direct Preference Optimization (DPO) for alignment.", "a")
    b = paper("Our approach outperforms DPO and PPO on chat benchmarks.", "b")
    alone = extract_papers([a])[0]
    together = extract_papers([a, b])[0]
    assert [m.entity_id for m in alone.mentions] == [m.entity_id for m in together.mentions]


def test_a_long_form_that_is_no_name_is_no_alias():
    [ep] = extract_papers(
        [
            paper(
                "We test on three different datasets for neural networks with convolutional "
                "layers (FashionMNIST). FashionMNIST is small."
            )
        ]
    )
    assert all(
        len(a.split()) <= 8 and not a.startswith("for ") for m in ep.mentions for a in m.aliases
    )


def test_alias_file_forces_merge_split_and_type(tmp_path):
    aliases = tmp_path / "aliases.csv"
    aliases.write_text(
        "alias,canonical,type\n"
        "ResNets,Residual Network,Method\n"
        "# a split: never merge this short form with a long form\n"
        "DVAE,,\n"
    )
    eps = extract_papers(
        [
            paper("We compare against ResNets on images.", "a"),
            paper("We train a deep variational autoencoder (DVAE). DVAE helps.", "b"),
        ],
        aliases=aliases,
    )
    assert [m.name for m in eps[0].mentions if m.type.value == "Method"] == ["Residual Network"]
    dvae = [m for m in eps[1].mentions if m.name == "DVAE"]
    assert dvae and "deep variational autoencoder" not in dvae[0].aliases


def test_one_type_per_entity_across_the_corpus():
    eps = extract_papers(
        [
            paper("Experiments on QuixBench show gains.", "a"),
            paper("Results on QuixBench and on the QuixBench suite improve.", "b"),
            paper("We outperform QuixBench by far.", "c"),
        ]
    )
    types = {m.type for ep in eps for m in ep.mentions if m.name == "QuixBench"}
    assert len(types) == 1


# --- interface --------------------------------------------------------------------------------


def test_record_has_the_score_py_shape_and_progress_is_reported():
    calls: list[int] = []
    eps = extract_papers([paper("We propose FooNet. Experiments on MNIST.")], progress=calls.append)
    assert sum(calls) == 1
    rec = to_record(eps[0])
    assert set(rec) == {"id", "title", "abstract", "authors", "track", "entities"}
    ent = rec["entities"][0]
    assert set(ent) == {"name", "entity", "type", "role", "confidence", "aliases", "evidence"}
    assert set(ent["evidence"]) == {"sentence", "start", "end"}
    json.dumps(rec)


def test_pipeline_is_built_once_and_needs_no_model():
    nlp = build_pipeline()
    assert nlp is build_pipeline()
    assert nlp.pipe_names == [
        "sentencizer",
        "kg_sentence_ends",
        "kg_span_model",
        "kg_gazetteer",
        "kg_entities",
    ]


def test_two_processes_give_the_same_result_in_the_same_order(monkeypatch):
    import kg.extract.parallel

    monkeypatch.setattr(kg.extract.parallel, "CHUNK", 2)  # several chunks per worker
    papers = [
        paper(f"We propose Net{i}X. Experiments on CIFAR-10 and SVHN.", str(i)) for i in range(9)
    ]
    one = [to_record(ep) for ep in extract_papers(papers, jobs=1)]
    two = [to_record(ep) for ep in extract_papers(papers, jobs=2)]
    assert one == two
    assert [r["id"] for r in two] == [p.id for p in papers]
    assert {"Net8X", "CIFAR-10"} <= {e["name"] for e in two[-1]["entities"]}


# --- quality bars and robustness ----------------------------------------------------------------


@pytest.mark.skipif(not (SHARED / "eval").is_dir(), reason="needs ../shared/eval")
def test_dev_gold_scores_stay_above_the_bars():
    from kg.evaluate import evaluate_extraction

    scores = evaluate_extraction(
        papers_path=SHARED / "eval" / "papers_dev.json",
        gold_paths=[SHARED / "eval" / "gold_dev.json"],
    )
    f1 = {cat: round(v[2], 3) for cat, v in scores.items()}
    assert f1["METHOD"] >= 0.90, f1
    assert f1["DATA"] >= 0.90, f1
    assert f1["PROPOSED"] >= 0.95, f1
    assert f1["TASK"] >= 0.72, f1


@pytest.mark.slow
@pytest.mark.skipif(not (SHARED / "data" / "paperlists").is_dir(), reason="needs the corpus")
def test_never_raises_on_the_paperlists_corpus():
    papers = []
    for path in sorted((SHARED / "data" / "paperlists").glob("*.json")):
        for i, rec in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            text, _ = clean_abstract(rec.get("abstract") or "")
            papers.append(paper(text, f"{path.stem}-{i}"))
    assert len(papers) == 11283
    eps = extract_papers(papers)
    assert len(eps) == len(papers)
    for ep in eps:
        for m in ep.mentions:
            assert 0 <= m.evidence.start < m.evidence.end <= len(ep.paper.abstract)


def test_cli_extract_writes_jsonl_that_score_py_reads(tmp_path):
    out = tmp_path / "out.jsonl"
    subprocess.run([sys.executable, "-m", "kg", "extract", "--jsonl", str(out)], check=True)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 80
    assert all("entities" in json.loads(line) for line in lines)


# --- the span model's vote --------------------------------------------------------------------


def _with_model_spans(text: str, spans: list[tuple[str, str, float]]) -> dict[str, str]:
    """Run the rules on `text` with the given span-model output (name, label, score)."""
    return {m["name"]: m["type"] for m in _mentions_with_model_spans(text, spans)}


def _mentions_with_model_spans(text: str, spans: list[tuple[str, str, float]]) -> list[dict]:
    """The mentions the rules find in `text` with the given span-model output."""
    from spacy.tokens import SpanGroup

    nlp = build_pipeline(span_model=False)
    doc = nlp.make_doc(text)
    for name in ("sentencizer", "kg_gazetteer"):
        doc = nlp.get_pipe(name)(doc)
    group = [doc.char_span(text.index(n), text.index(n) + len(n), label=lab) for n, lab, _ in spans]
    doc.spans["kg_model"] = SpanGroup(doc, spans=group, attrs={"scores": [p for *_, p in spans]})
    return nlp.get_pipe("kg_entities")(doc)._.kg_mentions


def test_span_model_types_a_known_ambiguous_name_only_when_sure(monkeypatch):
    text = "Training with Adam converges after a few epochs of the loop."
    # off by default: the shipped weights are as sure of "Adam moved to Twitter" (0.995)
    assert "Adam" not in _with_model_spans(text, [("Adam", "Method", 0.999)])
    monkeypatch.setitem(USE_MODEL, "hint", 0.97)
    assert "Adam" not in _with_model_spans(text, [])
    assert "Adam" not in _with_model_spans(text, [("Adam", "Method", 0.6)])
    assert _with_model_spans(text, [("Adam", "Method", 0.97)])["Adam"] == "Method"


def test_span_model_reads_an_unknown_name_as_data():
    text = "Scans are taken from ObjNet-3D and cleaned by hand."
    # the shape alone makes no method where the model reads none (issue 9 round 26) ...
    assert "ObjNet-3D" not in _with_model_spans(text, [])
    assert _with_model_spans(text, [("ObjNet-3D", "Method", 0.9)])["ObjNet-3D"] == "Method"
    assert _with_model_spans(text, [("ObjNet-3D", "Dataset", 0.95)])["ObjNet-3D"] == "Dataset"


def test_span_model_types_a_defined_abbreviation_whose_long_form_says_no_kind():
    text = "Prior controllers rely on the Quill Ramp Tableau (QRT) to stay stable."
    # the long form's head says nothing: the defined name needs the model's sure vote
    assert "QRT" not in _with_model_spans(text, [])
    assert "QRT" not in _with_model_spans(text, [("QRT", "Method", 0.8)])
    assert _with_model_spans(text, [("QRT", "Method", 0.99)])["QRT"] == "Method"


def test_a_defined_paradigm_its_sentence_uses_as_a_technique_is_a_method():
    text = "We employ a collaborative quux-agent reinforcement learning (QARL) approach to train."
    assert "Method" in _with_model_spans(text, [("QARL", "Method", 0.99)]).values()
    assert "Method" not in _with_model_spans(text, [("QARL", "Task", 0.99)]).values()
    text = "Gloopy feature learning (GFL) is one of the promising ways to learn fair features."
    got = _mentions_with_model_spans(text, [("GFL", "Method", 0.99)])
    assert "Method" in [m["type"] for m in got]
    # the field's methods and its own problem are not the paradigm used as a technique
    text = "Existing quux-agent reinforcement learning (QARL) algorithms scale poorly."
    assert "Method" not in _with_model_spans(text, [("QARL", "Method", 0.99)]).values()
    text = "Unsupervised gloopy feature learning (GFL) is a promising paradigm for robots."
    assert "Method" not in _with_model_spans(text, [("GFL", "Method", 0.99)]).values()


def test_a_known_acronym_in_capitals_is_a_method_where_the_model_reads_one():
    text = "Results for SAGA appear in the appendix."
    assert "SAGA" not in _with_model_spans(text, [])  # a hint: "SAGA" is also a word
    assert "SAGA" not in _with_model_spans(text, [("SAGA", "Method", 0.9)])
    assert _with_model_spans(text, [("SAGA", "Method", 0.99)])["SAGA"] == "Method"
    # "Adam" is an ordinary word as well: its vote stays off
    text = "Results for Adam appear in the appendix."
    assert "Adam" not in _with_model_spans(text, [("Adam", "Method", 0.99)])
    # artificial neural networks are a broad class, as DNNs are (the guide)
    text = "We fit artificial neural networks (ANNs) to spikes. The ANNs are small."
    assert "Method" not in _with_model_spans(text, [("ANNs", "Method", 0.99)]).values()


def test_a_defined_name_that_presents_an_approach_is_a_method():
    text = "Constrained gloop-based RL (CGBRL) presents a promising approach to this problem."
    assert "Method" in [t for t, *_ in found(text).values()]
    text = "Quux Thresholding Pursuit (QTP) is an iterative greedy selection procedure for x."
    assert "Method" in [t for t, *_ in found(text).values()]


def test_a_defined_name_after_a_verb_of_use_or_via_takes_a_lower_model_vote():
    text = "The policy is trained via Quixotic Self-Rehearsal (QSR) in the end."
    assert "Method" not in _with_model_spans(text, [("QSR", "Method", 0.7)]).values()
    assert "Method" in _with_model_spans(text, [("QSR", "Method", 0.85)]).values()
    text = "The policy is trained for Quixotic Self-Rehearsal (QSR) in the end."
    assert "Method" not in _with_model_spans(text, [("QSR", "Method", 0.85)]).values()


def test_a_defined_abbreviation_of_hardware_is_no_method_even_when_the_model_says_so():
    text = "Testing the floating reed vehicle (FRV) on lakes is slow."
    assert "Method" not in _with_model_spans(text, [("FRV", "Method", 0.99)]).values()
    text = "Prior crawlers rely on quadruped climbing robots (QCRs) to stay stable."
    assert "Method" not in _with_model_spans(text, [("QCRs", "Method", 0.99)]).values()
    text = "Spikes are read from flexible polymer probe arrays (FPPAs) in awake mice."
    assert "Method" not in _with_model_spans(text, [("FPPAs", "Method", 0.99)]).values()


def test_a_task_named_by_its_gerund_keeps_its_nouns_english():
    from kg.extract.words import singular

    got = [singular(w) for w in ("prices", "devices", "matrices", "vertices", "indices")]
    assert got == ["price", "device", "matrix", "vertex", "index"]
    assert "house price prediction" in found("The task of predicting house prices is hard.")


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("We solve it with projected gradient descent on the simplex.",
         "projected gradient descent"),
        ("Our baseline is Bayesian linear regression with a Gaussian prior.",
         "Bayesian linear regression"),
        ("We compare with the celebrated dynamic time warping.", "dynamic time warping"),
        ("We use a policy transformer to act.", "transformer"),
        ("We fit a conditional VAE to the sketches of chairs.", "conditional VAE"),
        ("Weights are shrunk with group elastic net penalties, then retrained.",
         "group elastic net"),
        ("Our solver runs sparse group ridge regression on gene panels.",
         "sparse group ridge regression"),
    ],
)  # fmt: skip
def test_a_known_technique_keeps_the_words_that_make_it_a_variant(abstract, name):
    assert found(abstract)[name][0] == "Method"


def tasks_with_model_spans(abstract: str, spans: list[tuple[str, str, float]]) -> list[str]:
    """The tasks kg finds when the span model reads ``spans`` (text, label, probability)."""
    from spacy.tokens import SpanGroup

    from kg.extract.spanmodel import SPAN_KEY

    nlp = build_pipeline(span_model=False)
    doc = nlp.make_doc(abstract)
    model = [
        doc.char_span(abstract.index(t), abstract.index(t) + len(t), label=label)
        for t, label, _ in spans
    ]
    scores = {"scores": [p for *_, p in spans]}
    doc.spans[SPAN_KEY] = SpanGroup(doc, name=SPAN_KEY, spans=model, attrs=scores)
    for _, proc in nlp.pipeline:
        doc = proc(doc)
    return [m["name"] for m in doc._.kg_mentions if m["type"] == "Task"]


def test_a_sure_task_span_of_the_model_fills_an_empty_task_list():
    text = (
        "We train a small network on satellite images and report results on crop yield forecasting."
    )
    assert tasks_with_model_spans(text, []) == []
    assert tasks_with_model_spans(text, [("crop yield forecasting", "Task", 0.95)]) == [
        "crop yield forecasting"
    ]
    assert tasks_with_model_spans(text, [("crop yield forecasting", "Task", 0.3)]) == []


def test_the_model_adds_a_task_next_to_the_rules_only_when_it_is_sure():
    text = (
        "We address the task of semantic labeling of 3D point clouds. Our network also helps "
        "crop yield forecasting."
    )
    assert tasks_with_model_spans(text, [("crop yield forecasting", "Task", 0.9)]) == [
        "semantic labeling"
    ]
    assert tasks_with_model_spans(text, [("crop yield forecasting", "Task", 0.99)]) == [
        "semantic labeling",
        "crop yield forecasting",
    ]


def test_a_model_task_the_method_is_for_ranks_before_a_weaker_rule_task():
    # "a method for X" in the opening sentence: the model's phrase outscores the rules' phrase
    # and takes the first place (at p 0.9, below the second place's 0.95); without the cue the
    # rules' phrase keeps it
    text = (
        "We propose a method for crop yield forecasting from satellite images. Our network is "
        "trained with noisy labels. We also report results on semantic labeling tasks."
    )
    assert tasks_with_model_spans(text, [("crop yield forecasting", "Task", 0.9)]) == [
        "crop yield forecasting",
        "semantic labeling",
    ]
    background = text.replace(
        "We propose a method for", "Satellite images have been used with great care in"
    )
    assert tasks_with_model_spans(background, [("crop yield forecasting", "Task", 0.9)]) == [
        "semantic labeling"
    ]


@pytest.mark.parametrize(
    ("abstract", "span"),
    [
        # a noun modifier before it (also a verb's form after "while"), a noun after it, a word
        # cut in two: the span is a fragment of a longer noun phrase
        ("While leverage score sampling has long been known to give strong guarantees, it is "
         "slow.", "score sampling"),
        ("Our network lowers hospital readmission risk.", "readmission risk"),
        ("We train crop yield forecasting models on satellite images.",
         "crop yield forecasting"),
        ("We train a small network for multi-crop forecasting.", "crop forecasting"),
    ],
)  # fmt: skip
def test_a_model_task_span_cut_out_of_a_longer_noun_phrase_is_no_task(abstract, span):
    assert span not in tasks_with_model_spans(abstract, [(span, "Task", 0.99)])


def test_a_known_camelcase_data_name_in_another_case_is_data_only_where_context_says_data():
    # the lists know MovieLens and tieredImageNet only as written (so "records" is no ReCoRD)
    got = found(
        "Experiments on Movielens and on the SVHN, tiered-imagenet and STL-10 datasets show "
        "gains. We store the records of cross-task runs."
    )
    assert got["Movielens"] == ("Dataset", "evaluated_on")
    assert got["tiered-imagenet"][0] == "Dataset"
    assert not {"records", "cross-task"} & set(got)
    # without a data list or a data noun, a lower-case variant is no name
    assert "tiered-imagenet" not in found("We propose a tiered-imagenet loss for training.")


def test_the_name_after_a_colon_that_ends_a_proposal_clause_is_proposed():
    got = found(
        "We propose a new sampler for sparse graphs with many hubs: Tempered Hub Walks (THW). "
        "We then develop ZorbaNet: a hashed route planning (HRP) pipeline for robots."
    )
    assert got["THW"] == ("Method", "proposed")
    assert got["ZorbaNet"] == ("Method", "proposed")
    assert got.get("HRP", ("", ""))[1] != "proposed"  # a part of ZorbaNet, named first
    # someone else's names after a colon are not the paper's
    got = found("We present fast solvers for two well-known models: Quorl Trees and Vexa Nets.")
    assert not any(role == "proposed" for _, role in got.values())


def test_a_plain_capitalised_word_in_a_list_of_data_names_is_data():
    got = found("We report results on the SVHN, STL-10 and Quokkabase digit datasets.")
    assert got["Quokkabase"] == ("Dataset", "evaluated_on")
    got = found("Our agent wins on Quokkabase, RLBench, Meta-World, and real robot tasks.")
    assert got["Quokkabase"][0] == "Dataset"
    # a list of methods makes no plain word data
    got = found("We compare with BERT, GPT-2 and Quokkabase on translation.")
    assert got.get("Quokkabase", ("",))[0] != "Dataset"


def test_names_each_after_the_in_a_list_before_a_data_noun_are_data():
    got = found("It enables transfer between the Quorlset and the Vexa datasets.")
    assert got["Quorlset"] == ("Dataset", "evaluated_on")
    got = found(
        "It enables transfer between the Quorl Street Scenes and the Vexa Drive Motion "
        "Forecasting datasets."
    )
    assert got["Quorl Street Scenes"] == ("Dataset", "evaluated_on")
    # authors before "and the X dataset" are no data
    got = found("We test on the pedestrian dataset of Quorl and Vexa and the Zorb Street dataset.")
    assert "Vexa" not in got


def test_names_in_a_list_before_a_hardware_noun_are_neither_data_nor_methods():
    got = found(
        "We show 3x speedups over dense layers in ResNet-50 on Quorl Lite, Vexa, and Vexa Max "
        "processors across the experiments."
    )
    assert not {"Quorl Lite", "Vexa", "Vexa Max"} & set(got)
    assert got["ResNet-50"][0] == "Method"


def test_a_derived_suffix_is_cut_like_based():
    got = found("We train on QUORL-derived goals and evaluate against QUORL baselines.")
    assert "QUORL-derived" not in got


def test_a_name_after_on_a_is_one_thing_not_named_data():
    got = found("Our real-world experiments on a Quorlbot Zeta show gains in success rate.")
    assert not {"Quorlbot Zeta", "Zeta"} & set(got)
    # ... unless a data noun follows, or the name is known
    got = found("On a Quorl GWAS dataset, the algorithm reduces the running time.")
    assert got["Quorl GWAS"][0] == "Dataset"
    got = found("The net reaches 98.3% accuracy on a Quorl Speech test set.")
    assert got["Quorl Speech"][0] == "Dataset"


def test_a_known_data_name_the_abstract_defines_as_a_method_is_a_method():
    got = found(
        "We propose a new training method that leverages Cross-Object Contrastive Optimization "
        "(COCO). COCO outperforms prior methods on ImageNet."
    )
    assert got["COCO"][0] == "Method"
    assert got["ImageNet"][0] == "Dataset"


def test_a_name_the_abstracts_own_web_address_spells_is_proposed():
    text = (
        "Robots need gentle grasps. We show how compliance feedback from QuorlGrip policies "
        "helps downstream tasks. Our code and videos are available at: https://quorlgrip.github.io"
    )
    assert found(text)["QuorlGrip"] == ("Method", "proposed")
    # a known name in the address is not the paper's
    got = found("We fine-tune BERT with our trick. Code: https://github.com/someone/bert")
    assert got["BERT"][1] != "proposed"


def test_a_name_run_may_end_in_an_indefinite_pronoun():
    got = found("In this work, we introduce Grasp Everything, a novel system for picking objects.")
    assert got["Grasp Everything"] == ("Method", "proposed")


def test_a_bibtex_key_left_in_the_text_is_no_name_nor_part_of_one():
    got = found(
        "Our starting point is QuorlNet bellamy2019quorl, which we extend with gated "
        "memories, as in zorbek2021gated."
    )
    assert "QuorlNet" in got
    assert not {n for n in got if "2019" in n or "2021" in n}


def test_front_matter_left_after_an_abstract_names_no_method():
    text = (
        "We train QuorlNet on robot logs and compare it with BERT. "
        "AdaQuorlby1, BoZedwick2, CyWexford1, DanYorvik2 [1] QuorlUniversity, Quorltown "
        "{ ada, bo } @quorl.edu. "
        "tree /.appendstyle = draw = black, thick, fill = blue, colLabel /.appendstyle = font=, "
        "stepLabel /.appendstyle = textwidth=2 cm"
    )
    got = found(text)
    assert {"QuorlNet", "BERT"} <= set(got)
    assert not {n for n in got if "Quorl" in n and n != "QuorlNet"}
    assert not {"colLabel", "stepLabel", "AdaQuorlby1"} & set(got)


def test_a_capitalised_preposition_splits_a_heading_not_prose():
    got = found(
        "Quorl Denoising Using Stacked Wexford Networks. We study image denoising. "
        "Our method works better than Quorl Via Blending, a two-step process."
    )
    assert "Quorl Denoising Using Stacked Wexford Networks" not in got
    assert "Stacked Wexford Networks" in got
    assert "Quorl Via Blending" in got


def test_words_a_pdf_glued_together_are_no_name():
    got = found(
        "QuorlNet beats BERT on our tasks. QuorlInstituteofWexfordTechnology, Quorltown. "
        "See also DeepQuorlingforWexfordPrediction."
    )
    assert {"QuorlNet", "BERT"} <= set(got)
    assert not {n for n in got if "Quorlingfor" in n or "Instituteof" in n}


def test_a_name_before_codebase_or_implementation_is_not_what_is_proposed():
    got = found(
        "We study grasp planning with deep networks. Finally, we release model checkpoints "
        "and our QuorlTorch codebase for training policies at scale."
    )
    assert got.get("QuorlTorch", ("", ""))[1] != "proposed"
    got = found("We propose a QuorlVLSI implementation of a spiking network.")
    assert got.get("QuorlVLSI", ("", ""))[1] != "proposed"


def test_a_deep_learning_library_is_a_method_not_a_generic_word():
    # a library is a method (annotation.md), so a cue that makes a name a method keeps it
    got = found("QuorlNet runs faster than JAX on one accelerator.")
    assert got.get("JAX", ("",))[0] == "Method"


def test_a_known_name_that_is_also_a_word_is_typed_by_a_list_of_its_kind():
    got = found("We tune QuorlNet with AdaGrad, RMSProp and Adam on three tasks.")
    assert got.get("Adam", ("",))[0] == "Method"
    # alone, an ordinary word stays a word
    assert "Adam" not in found("Adam and his team built QuorlNet for robot grasping.")


# --- issue 9 round 15 (recall27): the span model's lower-case techniques after a cue ----------


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # a head no technique-noun list knows, after "with", a list cue or a use verb
        ("Paired with frame interpolation, our controller transfers to hardware without tuning.",
         "frame interpolation"),
        ("Compression methods such as weight clustering or low-bit arithmetic shrink the network.",
         "weight clustering"),
        ("We show that smoothing via nuclear norm minimization recovers the matrix.",
         "nuclear norm minimization"),
        ("The estimates are refined using kernel mean embedding of the samples.",
         "kernel mean embedding"),
        # "against", and the nouns that say a method is applied
        ("The critic is stabilized by the use of spectral tail clipping on every layer.",
         "spectral tail clipping"),
        ("We benchmark the planner against lattice roadmap search on three robots.",
         "lattice roadmap search"),
        ("Labels are denoised through the lens of robust mixture regression.",
         "robust mixture regression"),
        # a word that says "the usual one" between the cue and the name
        ("Our solver is faster than conventional nuclear norm minimization on three graphs.",
         "nuclear norm minimization"),
        ("The loss is smoothed via standard moment interpolation on each batch.",
         "moment interpolation"),
        # more verbs of use: utilize, exploit, employing, leverages
        ("The planner utilizes lattice impedance shaping on hardware.",
         "lattice impedance shaping"),
        ("We exploit tree-reweighted smoothing to bound the partition function.",
         "tree-reweighted smoothing"),
        # a method the proposed one is trained with, in the proposing sentence
        ("We propose FooNet, a grasp planner trained with nuclear norm minimization on real "
         "scenes.", "nuclear norm minimization"),
        # a passive verb of use after the name, also when it opens the sentence
        ("To speed up the solver, nuclear norm minimization is employed on each block.",
         "nuclear norm minimization"),
        ("Lattice impedance shaping is commonly used to stabilize legged robots.",
         "Lattice impedance shaping"),
        # what it has shown or emerged as
        ("Lattice-based planners have shown strong performance on short tasks.",
         "Lattice-based planners"),
        ("Lattice impedance shaping has emerged as a reliable tool for legged robots.",
         "Lattice impedance shaping"),
        # what a model minimizes or maximizes
        ("Each head maximizes the penalized pseudo log-likelihood of the graph.",
         "penalized pseudo log-likelihood"),
        # "method" after one hyphened noun that names it
        ("We then fit the weights using the log-barrier method on each split.",
         "log-barrier method"),
        # a later item of a list after a cue whose first item is no method
        ("We train it using noisy labels and nuclear norm minimization on every split.",
         "nuclear norm minimization"),
    ],
)  # fmt: skip
def test_model_method_after_a_use_or_comparison_cue_is_a_used_method(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # the paper's own unnamed part, a count, adjectives before a kind noun
        ("We present FooNet, a planner that resolves this via a parallel lattice search.",
         "parallel lattice search"),
        ("The policy is compressed via four-round lattice pruning into a student.",
         "four-round lattice pruning"),
        ("The features are compressed with a discriminative probabilistic model.",
         "discriminative probabilistic model"),
        # what is "based on" something is the paper's own
        ("We build a gamma shrinkage model based on the beta process.", "gamma shrinkage model"),
    ],
)  # fmt: skip
def test_cued_model_methods_leave_out_own_parts_counts_and_kinds(abstract, wrong):
    assert wrong not in found(abstract)


# --- issue 9 round 16 (method28): what the cued technique rule took wrongly, names filters dropped


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # a network's layer is a building block or the paper's own part
        ("The answers are ranked by combining it with a recurrent mixing layer over the tokens.",
         "recurrent mixing layer"),
        # a network named by its role in a system is a part
        ("The experts are weighted using a gating network trained on held-out tasks.",
         "gating network"),
        # networks of a physical substrate are hardware
        ("Our controller is compared against analog resistive networks on three chips.",
         "analog resistive networks"),
    ],
)  # fmt: skip
def test_cued_model_methods_leave_out_layers_roles_and_substrates(abstract, wrong):
    assert wrong not in found(abstract)


# --- issue 9 round 20: a kind noun after a lower-case technique names it ----------------------


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # a plural kind noun: a class of existing techniques
        ("Transfer is usually mitigated with compute-heavy tree-reweighted smoothing methods or "
         "further tuning.", "tree-reweighted smoothing"),
        # a singular one after "the"
        ("The estimates are refined in the nuclear norm minimization framework on each split.",
         "nuclear norm minimization"),
    ],
)  # fmt: skip
def test_a_kind_noun_after_a_model_method_names_a_used_technique(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # the paper's own
        ("Unlike earlier work, our trace norm minimization methods handle missing entries.",
         "trace norm minimization"),
        ("Unlike earlier work, the proposed trace norm minimization approach handles missing "
         "entries.", "trace norm minimization"),
        # a problem's algorithms, how a technique is run
        ("The empirical means kept by stochastic bandit algorithms are biased downwards.",
         "stochastic bandit"),
        ("The library supports several parallel lattice training methods for large graphs.",
         "parallel lattice training"),
        ("The library supports distributed batch optimization procedures for large graphs.",
         "distributed batch optimization"),
    ],
)  # fmt: skip
def test_a_kind_noun_leaves_out_own_techniques_problems_and_ways_of_running(abstract, wrong):
    assert wrong not in found(abstract)


def test_cued_model_methods_keep_a_network_named_by_its_technique():
    got = found("The experts are weighted using a mixture network trained on held-out tasks.")
    assert got["mixture network"] == ("Method", "uses")


# --- issue 9 round 25 (mlearn25): families of networks; nouns with an adjective's ending ------


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # no cue needed: the span model reads a family of networks
        ("We show that lattice recurrent networks generalize better than standard baselines on "
         "three tasks.", "lattice recurrent networks"),
        ("The theory predicts the trainability of gated lattice networks across depths.",
         "gated lattice networks"),
    ],
)  # fmt: skip
def test_a_family_of_networks_the_model_reads_is_a_used_method(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # its wiring, the paper's own unnamed network, two families, a part
        ("We find that fully-connected networks fail on long sequences of lattice states.",
         "fully-connected networks"),
        ("We propose a gated lattice network that discovers an unbounded number of states.",
         "gated lattice network"),
        ("Results on both convolutional and lattice networks show that pruning helps.",
         "convolutional and lattice networks"),
        ("The parameters learned by the classifier networks discard stylistic information.",
         "classifier networks"),
    ],
)  # fmt: skip
def test_a_network_named_by_its_shape_role_or_as_our_own_is_no_family(abstract, wrong):
    assert wrong not in found(abstract)


def test_a_noun_with_an_adjective_ending_names_a_kind_of_model():
    # "topic" ends like "tropic", but "topic models" are a kind of model, used here
    got = found("We build on earlier samplers by combining topic models with a Quorl decoder.")
    assert got["topic models"] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "name", "role"),
    [
        # a dimension, a hyphen and a capitalised noun is a name, not a unit
        ("We present 3D-Quorlnet, a tactile transformer for dexterous grasping, and test it on "
         "real robots.", "3D-Quorlnet", "proposed"),
        ("We apply 4D-Quorlformer to two lidar benchmarks, where it beats prior trackers.",
         "4D-Quorlformer", "uses"),
    ],
)  # fmt: skip
def test_a_digit_prefix_before_a_capitalised_noun_is_a_name(abstract, name, role):
    assert found(abstract)[name] == ("Method", role)


def test_a_digit_prefix_before_a_capitalised_adjective_stays_a_unit():
    got = found("Our 3D-aware generator renders 3D-Consistent views of the scene at 7B-Scale.")
    assert not {"3D-Consistent", "7B-Scale"} & set(got)


def test_a_generic_acronym_given_as_the_name_after_a_naming_cue_is_the_method():
    got = found(
        "This work proposes a retrieve-and-plan framework for tabletop grasping, dubbed GPU, "
        "which transfers skills across robots."
    )
    assert got["GPU"] == ("Method", "proposed")
    assert "GPU" not in found("Training takes one day on a single GPU with 40 GB of memory.")


def test_a_known_family_before_the_new_name_in_apposition_is_its_kind():
    got = found(
        "For this attack, we introduce a novel GAN, QuorlGAN. In QuorlGAN, the generator "
        "inverts the features of the classifier."
    )
    assert got["QuorlGAN"] == ("Method", "proposed")
    assert got["GAN"] == ("Method", "uses")


def tool_module(name: str):
    """tools/NAME.py as a module, its sibling scripts importable as when it runs."""
    import importlib.util

    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def test_a_camelcase_method_that_is_a_technique_noun_in_lower_case_is_also_matched_so():
    bl = tool_module("build_lexicons")
    often = bl.Corpus(["We fit a traversal to the graph and compare."] * 20)
    rare = bl.Corpus(["We fit a traversal to the graph and compare."] * 3)
    method = bl.Concept("pwcm:traversal", "Method", "pwc_methods.jsonl", ["TraVersal"])
    assert bl._lower_technique("TraVersal", method, often) == 20
    assert bl._lower_technique("TraVersal", method, rare) == 0  # the corpus rarely writes it
    quorl = bl.Concept("pwcm:quorlnet", "Method", "pwc_methods.jsonl", ["QuorlNet"])
    assert bl._lower_technique("QuorlNet", quorl, often) == 0  # no technique noun


def test_a_long_form_the_hand_lists_know_only_as_a_task_makes_a_task_abbreviation():
    from kg.extract.resources import name_key
    from kg.extract.words import Vocab

    bl = tool_module("build_lexicons")
    texts = [f"Paper {i} studies the quorl-armed bandit (QAB) problem." for i in range(4)]
    vocab = Vocab.build({})
    [method], _, _ = bl.corpus_abbreviations(texts, vocab, {})
    assert method.label == "Method"  # by its head, "bandit"
    problems = frozenset([name_key("quorl-armed bandit")])
    [task], _, typed = bl.corpus_abbreviations(texts, vocab, {}, problems)
    assert (task.label, task.patterns) == ("Task", ["quorl-armed bandit"])
    assert typed["qab"] == "Task"


def test_a_field_of_learning_in_capitals_makes_no_method_abbreviation():
    from kg.extract.words import Vocab

    bl = tool_module("build_lexicons")
    vocab = Vocab.build({})
    field = [f"Paper {i} applies Deep Quorl Learning (DQL) to robots." for i in range(4)]
    assert bl.corpus_abbreviations(field, vocab, {})[0] == []  # a paradigm, not a method
    tool = [f"Paper {i} uses Posterior Sampling for Quorl Learning (PSQL)." for i in range(4)]
    [method], _, _ = bl.corpus_abbreviations(tool, vocab, {})
    assert method.label == "Method"  # "A for B": A's head types it


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("The codes are smoothed using a gated autoencoder on each frame.", "gated autoencoder"),
        ("Among these techniques, Boltzmann machines or relational autoencoders consider "
         "projections of the images.", "relational autoencoders"),
    ],
)  # fmt: skip
def test_a_one_word_family_gives_way_to_its_named_kind_after_a_cue(abstract, name):
    got = found(abstract)
    assert got[name] == ("Method", "uses")
    assert "autoencoder" not in got


def test_a_one_word_family_stays_itself_before_a_noun_that_is_not_its_kind():
    got = found("We then improve the linear model by means of dropout training on each batch.")
    assert got.get("dropout", ("",))[0] == "Method"
    assert "dropout training" not in got


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # after a use cue whatever the span model reads: a role or a substrate names no technique
        ("The actions are scored using a value network and a lookahead planner.", "value network"),
        ("Connectivity is studied using functional brain networks from twenty subjects.",
         "functional brain networks"),
    ],
)  # fmt: skip
def test_compared_phrases_leave_out_roles_and_substrates(abstract, wrong):
    assert wrong not in found(abstract)


# --- issue 9 round 16 (method16): a lone acronym the sentence makes a method (lone.py) ------


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # a method noun right after it, or after one lower-case word
        ("The bound is tight because the corresponding ZQ relaxation solves the program.", "ZQ"),
        ("We compare the exact KWB learning algorithm with mean field theory.", "KWB"),
        # a list it shares with a known method
        ("In particular, we analyze non-convex versions of SVRG, ZORBA and SARAH.", "ZORBA"),
        # ... also with a lower-case word before it
        ("Our solver beats distributed SVRG and multi-core ZORBA on sparse problems.", "ZORBA"),
        # an appositive that calls it, or its list, a kind of method
        ("We extend ZORBIX, a classic sampling procedure, to sparse graphs.", "ZORBIX"),
        ("ZORBIX and QUALMIX, two popular selection methods, are special cases.", "QUALMIX"),
        # a list opened by a kind of method
        ("The model builds on recurrent cells such as ZKMTs: they keep long memories.", "ZKMTs"),
        ("The TCN outperforms baseline recurrent methods (ZKWs, QMTs, and vanilla RNNs).", "ZKWs"),
        # a blend of names, one of them a method the abstract names
        ("Zorbic Barrier Functions (ZBFs) offer safety. We then train the QNET-ZBF on data.",
         "QNET-ZBF"),
        # ... a list a kind of method opens, one lower-case word before the first name (round 23)
        ("Several learning algorithms including blockwise ZKW with adaptive ranks are given.",
         "ZKW"),
        # what a method is built on, extends or fine-tunes (round 23)
        ("Existing models based on ZKWMs require a large number of parameters.", "ZKWMs"),
        ("We develop fast inference algorithms based on the ZQT; to do so, we use a prior.",
         "ZQT"),
        ("We describe variants of ZKDCA that do not require explicit regularization.", "ZKDCA"),
    ],
)  # fmt: skip
def test_a_lone_acronym_that_the_sentence_makes_a_method_is_kept(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # nothing around it, data or things listed after a kind of data, a field, a numeral
        ("Sketches track frequencies of data such as ZKLs, IP addresses, and n-grams.", "ZKLs"),
        ("We trained the model on a single ZKW board for three days.", "ZKW"),
        ("Current IRL techniques rely on user-supplied features.", "IRL"),
        ("The mixed ML-RL objective is optimized with policy gradients.", "ML-RL"),
        ("We have trained networks of E - II units with short-range connections.", "II"),
        # built on, but a longer name goes on after it (round 23)
        ("Unlike previous work based on the ZK geometry, we learn elliptical distributions.",
         "ZK"),
        # a letter's variant of a name, or one name twice, is no blend
        ("Zorbic Barrier Functions (ZBFs) offer safety. We then train the Q-ZBF on data.",
         "Q-ZBF"),
    ],
)  # fmt: skip
def test_a_lone_acronym_with_nothing_that_makes_it_a_method_stays_dropped(abstract, wrong):
    assert wrong not in found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # what a method is built on, its name ending there (round 23)
        ("A synthesis network based on Zorbatron 2, which generates a spectrogram from text.",
         "Zorbatron 2"),
        ("We propose a multi-label method based on Quorvel Bixton Mixtures.",
         "Quorvel Bixton Mixtures"),
        # a title-case name right after "integrating" is one the paper uses (round 23)
        ("We build a simulator by integrating Quorvel Plifbun with quadrotor dynamics.",
         "Quorvel Plifbun"),
    ],
)  # fmt: skip
def test_a_name_a_method_is_built_on_or_integrates_is_a_method(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


@pytest.mark.parametrize(
    ("abstract", "wrong"),
    [
        # an author's object, or a longer name going on after it
        ("The proof is based on Zorbin's coalescent and a new inequality.", "Zorbin"),
        ("Bounds based on Quorvel Complexity theory are derived.", "Quorvel Complexity"),
    ],
)  # fmt: skip
def test_a_name_before_more_of_a_name_is_not_what_a_method_is_built_on(abstract, wrong):
    assert wrong not in found(abstract)


def test_a_lower_case_technique_listed_before_a_used_method_is_a_method():
    got = found("Our method combines elements of advantage-weighted regression and QT-Opt.")
    assert got["advantage-weighted regression"] == ("Method", "uses")
    # a comma alone is an appositive: the phrase describes the name, it is no second item
    got = found("We present a novel hybrid model, EigenNet, that uses the eigenstructures.")
    assert "hybrid model" not in got


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("Existing preference optimization frameworks, such as Duwezh Bwepemocde Enrevedahaud "
         "(DBE), typically treat ambiguous pairs identically.", "DBE"),
        ("Unlike Cupawond-Dunfewigi Memcofm (CDM) with data-independent random projections, our "
         "method is learned.", "CDM"),
    ],
)  # fmt: skip
def test_a_defined_name_stands_in_a_list_or_a_comparison_by_its_long_form(abstract, name):
    assert found(abstract)[name] == ("Method", "uses")


def test_a_defined_name_after_a_weak_cue_by_its_long_form_stays_untyped():
    got = found("Activity is observed via Zorbic Magnetic Qeltron Imaging (ZMQI) in ten subjects.")
    assert "ZMQI" not in got


def test_an_unknown_acronym_takes_the_adjective_that_names_its_variant():
    text = "Later, we combine this with a conditional PUN to generate images from the labels."
    got = found(text)
    assert got["conditional PUN"][0] == "Method"
    assert "PUN" not in got


def test_a_vague_adjective_stays_out_of_an_acronym():
    text = "Later, we combine this with a standard PUN to generate images from the labels."
    assert found(text)["PUN"][0] == "Method"


def test_a_loss_or_distance_named_after_someone_is_a_method():
    got = found("We train the ranker with a Zorvel-Quin loss and compare the Bramov distance.")
    assert got["Zorvel-Quin loss"][0] == "Method"
    assert got["Bramov distance"][0] == "Method"


def test_a_class_of_loss_functions_or_an_adjectives_distance_is_no_method():
    got = found("Our bound holds for convex and Zorvel losses and for Zorvel loss functions.")
    assert not any(n.startswith("Zorvel") for n in got)
    got = found("Points are matched by their Euclidean distance to the center.")
    assert "Euclidean distance" not in got


def test_a_lower_case_loss_the_method_minimizes_is_a_used_method():
    got = found(
        "We study ranking over sparse graphs. Our estimator minimizes the KL divergence between "
        "two posteriors and is trained with a squared hinge loss. A convex loss is also studied."
    )
    assert got["KL divergence"] == ("Method", "uses")
    assert got["squared hinge loss"] == ("Method", "uses")
    assert not any("convex loss" in n for n in got)
    # a norm's symbol leads the loss: "the ℓ_∞ loss"
    got = found("We fit the graph weights using the ℓ_∞ loss.")
    assert [v for n, v in got.items() if n.endswith("_∞ loss")] == [("Method", "uses")]
    # without a verb of use the phrase is not read as a method
    assert "pinball loss" not in found(
        "The pinball loss is a topic of this note on ranking graphs."
    )


def test_lower_case_techniques_of_a_public_topic_list_are_found_without_a_cue():
    # CSO's machine-learning topics give technique names the corpus writes in lower case; topics
    # that name people, objects a task makes or a problem stay out
    got = found(
        "Labels spread slowly on sparse citation graphs, and the kernel trick does not help. "
        "Decision trees grown on the codes stay shallow. Domain experts checked the parse "
        "trees, and probabilistic inference remains hard."
    )
    assert got["kernel trick"] == ("Method", "uses")
    assert got["Decision trees"] == ("Method", "uses")
    got = found("Sparse codes come from orthogonal matching pursuit, which stops after ten atoms.")
    assert got == {"orthogonal matching pursuit": ("Method", "uses")}
    # the corpus writes "clustering the data": what is done to what, a task
    got = found("A key difficulty in data clustering is choosing the number of groups.")
    assert got.get("data clustering", ("", ""))[0] != "Method"
    assert not {"Domain experts", "parse trees", "probabilistic inference"} & set(got)


def test_a_kind_noun_after_a_proper_word_keeps_the_topic_name_whole():
    # "RBF networks" is the technique; "Small RBF" is no name, and a "Bayesian model" any model
    got = found(
        "Small RBF networks fit the residuals poorly, and a Bayesian model of the noise is no "
        "better."
    )
    assert got == {"RBF networks": ("Method", "uses")}


def test_words_spelling_an_acronyms_letters_are_no_names_of_their_own():
    got = found(
        "We present FOOBLE, a method for FOOd data BLEnding in few-shot imitation learning. "
        "We also define GRAVER, short for Global Robust Average of Visual nEtwork Robustness."
    )
    assert got["FOOBLE"] == ("Method", "proposed")
    assert not any(k in n for n in got for k in ("FOOd", "BLEnding", "nEtwork"))
    # a name built on an acronym the abstract uses stays a name
    got = found("We present QRTlib, a library of routines for QRT and PQRTS solvers.")
    assert "QRTlib" in got


def test_a_capitalised_name_before_regularization_or_heuristic_names_a_method():
    got = found("We learn on graphs with Quorvian regularization and the Zell Vote heuristic.")
    assert got["Quorvian regularization"] == ("Method", "uses")
    assert got["Zell Vote heuristic"] == ("Method", "uses")
    # not where the capital opens the sentence, nor a known name's modifier use
    got = found("Network regularization techniques focus on convolutions. Pooling is left out.")
    assert "Network regularization" not in got
    assert "group Lasso" in found("We penalize the weights with a group Lasso regularization.")


def test_hardware_the_abstract_defines_is_no_method_a_list_knows_by_its_name():
    # PCA is a method in the lists; here the abstract defines hardware of that name
    got = found("We read the voltages with a Portable Charge Array (PCA) mounted on the arm.")
    assert "PCA" not in got
    # a mathematical head does not outweigh the list: UCB stays a method
    got = found("We combine our estimator with the upper confidence bound (UCB) method.")
    assert [v[0] for n, v in got.items() if "confidence bound" in n.lower()] == ["Method"]


def test_british_spellings_of_technique_heads_read_like_american_ones():
    # (the lists are written in American spelling; the loader adds "-isation")
    got = found("We train the network with spectral regularisation and dropout.")
    assert got.get("spectral regularisation") == ("Method", "uses")


def test_temporal_difference_and_hebbian_learning_are_methods_not_tasks():
    # the titles' task list has "temporal difference learning"; the hand list knows better
    got = found("Agents are trained with temporal difference learning and Hebbian learning.")
    assert got.get("temporal difference learning") == ("Method", "uses")
    assert got.get("Hebbian learning") == ("Method", "uses")


def test_capitalised_words_listed_with_known_methods_are_methods():
    got = found("We evaluate Zorvex, Plimkar and XGBoost on tabular data.")
    assert got.get("Zorvex") == ("Method", "uses")
    assert got.get("Plimkar") == ("Method", "uses")
    # not people ("the work of"), nor the words an acronym stands for
    assert "Zorvex" not in found("Starting with the work of Zorvex and LightGBM, many followed.")
    got = found("We present ZQX (Zorp, Quell, XGBoost), an agentic framework.")
    assert "Zorp" not in got and "Quell" not in got


def test_names_in_a_bracket_after_a_plural_method_noun_are_methods():
    got = found("Classical algorithms (Zorvex, Plimkar) fail on this problem.")
    assert got.get("Zorvex") == ("Method", "uses")
    assert got.get("Plimkar") == ("Method", "uses")
    # not a bracket of citations
    got = found("It unites two memory models (Zorvex, Plimkar, & Quell, 2002) into one.")
    assert "Zorvex" not in got and "Plimkar" not in got


def test_a_title_case_phrase_listed_with_a_known_method_is_a_method():
    got = found("We compare with Plimkar Quell and XGBoost on tabular data.")
    assert got.get("Plimkar Quell") == ("Method", "uses")


def test_names_set_off_by_commas_after_a_plural_method_noun_are_methods():
    got = found("We compare with strong baselines, Zorvex, Plimkar and Quell, on three tasks.")
    assert {got.get(n) for n in ("Zorvex", "Plimkar", "Quell")} == {("Method", "uses")}


@pytest.mark.parametrize(
    "abstract, wrong",
    [
        ("Birdsong was recorded in the CAl region of the songbird brain.", "CAl"),
        ("Grid cells in the mEC of the rat fire along hexagonal lattices.", "mEC"),
        ("The bound holds whenever matQ is a rank-k matrix with bounded entries.", "matQ"),
    ],
)
def test_a_name_only_its_shape_types_is_no_method_where_the_model_reads_none(abstract, wrong):
    assert wrong not in found(abstract)


def test_a_shape_typed_name_a_copula_calls_a_kind_of_method_stays_a_method():
    text = "Our results show that ZorbQ is an effective architecture for transfer."
    assert _with_model_spans(text, []).get("ZorbQ") == "Method"  # the model reads nothing
    assert "ZorbQ" not in _with_model_spans("Our results show that ZorbQ helps transfer.", [])


def test_a_shape_typed_variant_of_a_known_method_stays_a_method():
    assert found("Zorbit builds on Deep CCA to align the two views.").get("Deep CCA") == (
        "Method",
        "uses",
    )


def test_a_named_task_before_task_is_no_data_where_the_model_reads_a_task():
    text = "Our graph models learn to solve the VarZorb task in many cases."
    assert _with_model_spans(text, [("VarZorb", "Task", 0.95)]).get("VarZorb") != "Dataset"
    # ... as an acronym is ("the NER task"); a name the model reads as data stays data
    assert _with_model_spans(text, [("VarZorb", "Dataset", 0.95)]).get("VarZorb") == "Dataset"


@pytest.mark.parametrize(
    "abstract, wrong",
    [
        ("Unlike Zorvak matrices, which need many columns, our codes are sparse.", "Zorvak"),
        ("The walk does not behave like Quellian motion near critical points.", "Quellian"),
        ("We prove an extension of Plimkar's inequality for unbounded metric spaces.", "Plimkar"),
    ],
)
def test_a_name_before_a_mathematical_object_noun_is_no_method(abstract, wrong):
    assert wrong not in found(abstract)


def test_a_name_before_an_object_noun_and_a_technique_noun_stays_a_method():
    got = found("Our method outperforms the Zorvak matrix decomposition on three tasks.")
    assert got.get("Zorvak") == ("Method", "uses")


def test_a_sampling_that_only_says_how_it_draws_is_no_method():
    got = found("Our sampler beats uniform sampling and importance sampling on the grid.")
    assert "uniform sampling" not in got
    assert got.get("importance sampling") == ("Method", "uses")
    assert "non-adaptive sampling" not in found(
        "The estimator is far better than what non-adaptive sampling could achieve."
    )


def test_the_words_an_acronym_spells_out_are_no_methods_of_their_own():
    got = found("We present ZQV (Zorp, Quell, Vex), an agentic exploration framework.")
    assert not {"Zorp", "Quell", "Vex"} & set(got)
    got = found(
        "We propose Zorplets + Quellings to Vexation, a two-step framework for grasping. "
        "ZQTV first grounds an instruction in the scene."
    )
    assert not {"Zorplets", "Quellings", "Vexation"} & set(got)
    # a long form before its bracket stays a definition
    got = found("We propose a method called Zorp Quell and Vex Blend (ZQVB) for grasping.")
    assert got.get("ZQVB") == ("Method", "proposed")


def test_a_capitalised_word_before_a_possessive_is_a_person_not_a_method():
    got = found("Our proof extends Quellmann's techniques to the multi-class case.")
    assert "Quellmann" not in got
    got = found("We train it with a variant of Zorvak and Plimkar's adaptive critic rule.")
    assert "Zorvak" not in got and "Plimkar" not in got
