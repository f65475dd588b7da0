"""Proposals read from the whole clause (kg/extract/proposals.py): made-up sentences."""

from __future__ import annotations

import pytest
from test_extract import found

from kg.extract import extract_papers
from kg.model import SourceRef
from kg.sources.base import make_paper


def proposed(abstract: str) -> set[str]:
    return {name for name, (_, role) in found(abstract).items() if role == "proposed"}


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # the name set off after the description of the new thing
        ("This paper presents a novel variant of recurrent neural networks (RNNs), the "
         "braided gating unit network (BGUN), and a training scheme for it.",
         "braided gating unit network"),
        ("This work introduces a new kind of memory for long documents, the Folded Ring "
         "Buffer Memory (FRBM), and proves bounds.", "FRBM"),
        ("We develop a novel class of hierarchical Dirichlet processes (HDPs), the Nested "
         "Restaurant Franchise Process (NRFP), and an inference scheme.", "NRFP"),
        # a passive sentence whose subject is the name with its description
        ("An efficient and light cross-frame pooling Transformer (CFP-Former) for fusing "
         "video features is introduced. It runs fast.", "cross-frame pooling Transformer"),
        # no proposal cue, but we (or our paper) make the new thing: "provide", "give"
        ("We provide a new learning to search algorithm, QUOLS, which does well. We show "
         "that QUOLS is fast.", "QUOLS"),
        ("Next, we give a new algorithm, UCB-QT, that exploits historical data. We show "
         "that UCB-QT is fast.", "UCB-QT"),
        # a dash sets the name off
        ("We introduce a novel fast adaptation algorithm \u2013 Quorl Exploration Network "
         "(QEN) \u2013 to learn exploration. We show that QEN is fast.", "QEN"),
    ],
)  # fmt: skip
def test_name_of_the_described_new_thing_is_proposed(abstract, name):
    assert any(name in n for n in proposed(abstract)), found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # a clause between the description and the name: someone else's
        ("We propose a novel planner that is faster than the baseline, the Rapid Tree Search "
         "(RTS), on all maps.", "Rapid Tree Search"),
        # no "novel" or "new": not a description of the paper's thing
        ("We study a variant of recurrent neural networks, the braided gating unit network "
         "(BGUN), and its limits.", "braided gating unit network"),
        # a new thing we compare with is someone else's
        ("We compare our planner with a new baseline, QuorlTree, on all maps. We show that "
         "QuorlTree is slow.", "QuorlTree"),
        # a passive of something else than a proposal
        ("An efficient cross-frame pooling Transformer (CFP-Former) for fusing video features "
         "is used as the backbone.", "cross-frame pooling Transformer"),
    ],
)  # fmt: skip
def test_names_beside_a_description_are_not_always_proposed(abstract, name):
    assert not any(name in n for n in proposed(abstract)), found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name", "role"),
    [
        # without "novel"/"new": we make the described thing and its name ends the appositive
        ("We develop a fast streaming algorithm for set cover, QuorlCover, that summarises "
         "data in one pass.", "QuorlCover", "proposed"),
        ("In this paper, we propose a domain-scalable generator, i.e., QuorlGAN for joint "
         "distribution matching.", "QuorlGAN", "proposed"),
        ("We propose a hybrid approach \u2013 the Braided Quorl Network (BQN), which combines "
         "features with a linear solver.", "BQN", "proposed"),
        # not when we only study the thing, or the appositive lists examples of others'
        ("We study a fast streaming algorithm for set cover, QuorlCover, that summarises "
         "data in one pass.", "QuorlCover", "uses"),
        ("We propose a pruning method for deep networks such as ResNets, QuorlNet, and "
         "show gains.", "QuorlNet", "uses"),
    ],
)  # fmt: skip
def test_name_set_off_after_what_we_make_is_proposed(abstract, name, role):
    got = found(abstract)
    assert got[name][1] == role, got


def test_the_name_a_title_opens_with_is_proposed():
    abstract = (
        "Grasping soft fruit is hard. We build a low-cost gripper interface with a camera. "
        "QuickGrip achieves a 90% success rate, twice that of PincerNet."
    )
    got = found(abstract, "QuickGrip: A Low-Cost Interface for Soft Fruit Grasping")
    assert got["QuickGrip"] == ("Method", "proposed"), got
    assert got["PincerNet"][1] != "proposed", got
    # a phrase before the colon is no name: nothing is marked for it
    got = found(abstract, "Soft Fruit: A Low-Cost Interface")
    assert got["QuickGrip"][1] != "proposed", got


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        ("Training is slow. We tackle this with two contributions: layer folding, which "
         "prunes layers, and Mixed-Gate Norm (MGN) conditioning, which cuts parameters.",
         "MGN"),
        ("We present QuickBot, a method for shelving. QuickBot consists of two parts: 1) "
         "Shelf Policy Transformer, a network for control, and 2) a fine-tuning procedure.",
         "Shelf Policy Transformer"),
    ],
)  # fmt: skip
def test_the_parts_the_paper_lists_as_its_own_are_proposed(abstract, name):
    assert found(abstract)[name] == ("Method", "proposed"), found(abstract)


def test_the_parts_of_others_work_are_not_proposed():
    got = found(
        "We study two popular components of detectors: Spatial Pyramid Pooling (SPP) and "
        "Feature Pyramid Fusion (FPF)."
    )
    assert all(role != "proposed" for _, role in got.values()), got


def test_a_short_title_that_is_a_name_is_proposed():
    abstract = (
        "Generative models need a good critic. We train the critic with a smoothness penalty. "
        "Finally, Ridge GAN reaches competitive results on image benchmarks."
    )
    assert found(abstract, "Ridge GAN")["Ridge GAN"] == ("Method", "proposed")
    # a whole title of four words ("Lie-Access Neural Turing Machines" for LANTM)
    four = (
        "Generative models need a good critic. Ridge Critic Adversarial Networks (RCANs) train "
        "the critic with a smoothness penalty. RCANs reach competitive results on images."
    )
    got = found(four, "Ridge Critic Adversarial Networks")
    assert got["RCANs"] == ("Method", "proposed"), got
    # a longer title is a description, not a name
    got = found(abstract, "On Ridge GAN and the Training of Critics in Image Models")
    assert got["Ridge GAN"][1] != "proposed", got


def test_a_lone_short_form_the_title_names_is_kept_and_proposed():
    abstract = (
        "Stiff contact is hard to learn. We present an approach to learn Soft Contact from "
        "Rigid Replay Experiences (SCORRE) that turns position demonstrations into stiffness "
        "demonstrations, and test it on a robot arm."
    )
    got = found(abstract, "SCORRE: Learning Soft Contact from Rigid Replays")
    assert got.get("SCORRE") == ("Method", "proposed"), got


@pytest.mark.parametrize(
    ("abstract", "title", "name"),
    [
        ("Message passing is slow on deep graphs. First, we propose braided relay networks "
         "that pass messages in both directions. Experiments show gains.",
         "Fast Message Passing with Braided Relay Networks", "braided relay networks"),
        ("Features are usually taken from one layer. We propose a whole-stack encoding which "
         "joins all layers. The whole-stack encoding is compact.",
         "A Whole-Stack Encoding for Image Features", "whole-stack encoding"),
    ],
)  # fmt: skip
def test_a_phrase_after_a_cue_that_the_title_spells_is_proposed(abstract, title, name):
    got = found(abstract, title)
    assert got.get(name) == ("Method", "proposed"), got


@pytest.mark.parametrize(
    ("abstract", "title"),
    [
        # said once after "a": a description
        ("We introduce a layered planner for kitchen robots. It plans fast.",
         "A Layered Planner for Kitchen Robots"),
        # someone else's term
        ("Decoders use a model of motion, a so-called motion prior. We extend it.",
         "Motion Prior Decoding"),
    ],
)  # fmt: skip
def test_a_described_or_common_phrase_in_the_title_is_not_proposed(abstract, title):
    got = found(abstract, title)
    assert all(role != "proposed" for _, role in got.values()), got


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # "we refer to X as Y": the paper names its own thing
        ("We refer to the resulting sampler as Gliding Tempered Sampling (GTS), since it "
         "glides between modes.", "GTS"),
        ("Our approach, which we refer to as QUILT (QUIck Latent Tiling), is fast.", "QUILT"),
        ("We refer to our method as ripple pooling and it can process long inputs.",
         "ripple pooling"),
        ("We introduce a method, which we refer to as gate reification, that involves "
         "modeling hidden states.", "gate reification"),
        ("We refer to this branched architecture as \"twined ensembles\".", "twined ensembles"),
        # a naming cue with "a", in quotes, or ended by "and"; an -ed word inside the name
        ("We design a new policy, called a lattice gait policy, that needs no tuning.",
         "lattice gait policy"),
        ("The second method we propose is called pruned distillation and leverages replay.",
         "pruned distillation"),
        ("We propose a new sampler (RNN) architecture called a ripple network in which each "
         "unit fires rarely.", "ripple network"),
        # the paper's own, though a word of something existing stands before the cue
        ("Unlike recent methods, we propose QuuxNet, a planner.", "QuuxNet"),
        ("Different from prior work, this paper proposes ZorbNet for planning.", "ZorbNet"),
        ("We propose an extension of the popular Foo method, called BarNet, for speed.",
         "BarNet"),
        ("We propose a new prior called FooPrior for trees.", "FooPrior"),
        # a known name in quotes after "we call" is the paper's (paperlists' BitNet paper)
        ("We present a novel regularization strategy which we call \u201cBitNet\u201d.",
         "BitNet"),
        # "we call" with what it names first, or a two-word name ending in "model"
        ("The loss is a variant of the ramp loss; hence, we call it the unramped loss.",
         "unramped loss"),
        ("For ease of reference, we call the proposed approach mirrored supervised learning.",
         "mirrored supervised learning"),
        ("As such, we call our model a toggled Gaussian process.", "toggled Gaussian process"),
        ("We call this approach \u201cteaching to prune\u201d.", "teaching to prune"),
        ("We develop a new latent variable model that we call the gatekeeper model, in which "
         "skills combine.", "gatekeeper model"),
        # an -ing word inside the name
        ("This structure is used by a new integrator which we call the alternating blockwise "
         "frog algorithm.", "alternating blockwise frog algorithm"),
        # "a novel/new <noun> called X": the paper names a new thing of its own, whatever X's
        # head
        ("We introduce a new measure called the tangled margin, which bounds error.",
         "tangled margin"),
        ("Both algorithms rely on a novel exploration strategy called quiet exploration, which "
         "is cheap.", "quiet exploration"),
        # what "we" name is a concept of ours, whatever its head (paperlists, ICML 2019;
        # CoRL 2025; NeurIPS 2015)
        ("Moreover, we propose a multi-step inference objective that we name latent "
         "overtaking.", "latent overtaking"),
        ("Fine-tuning on individual shapes, a process we refer to as red-boxing, improves "
         "success.", "red-boxing"),
        ("We identify a phenomenon, which we refer to as multi-model unlearning, that occurs "
         "when models share weights.", "multi-model unlearning"),
        # "we call this solution X": the object named goes first
        ("A simple fix becomes obvious. We call this solution QuadConv, which works by adding "
         "coordinates.", "QuadConv"),
    ],
)  # fmt: skip
def test_names_the_paper_gives_with_a_naming_cue_are_proposed(abstract, name):
    assert name in proposed(abstract), found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # someone else's name after a naming cue
        ("It outperforms a widely-used method called the lattice scale-up estimator in many "
         "settings.", "lattice scale-up estimator"),
        ("The graph follows a certain latent position model called a random tangle graph, "
         "then both fail.", "random tangle graph"),
        ("In this work, we analyze one such model, called a supervised tangle encoder: a "
         "network.", "supervised tangle encoder"),
        # a named problem is no method
        ("We develop a new model which we refer to as the two-stage tangle covering problem.",
         "two-stage tangle covering problem"),
        # a property we name is no contribution (paperlists, NeurIPS 2016)
        ("We obtain an algorithm for a family of networks that we call quintet-learnable, "
         "meaning that every variable is found.", "quintet-learnable"),
    ],
)  # fmt: skip
def test_names_after_a_naming_cue_that_are_not_proposed(abstract, name):
    assert name not in proposed(abstract), found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # someone else's method named or proposed: kept, as a method the paper uses
        ("We study a recently proposed regularizer, named FooReg, and show it clusters "
         "features.", "FooReg"),
        ("Recent work proposes Implicit Bar Cloning (IBC), which models actions with energy "
         "functions. We show that it fails.", "IBC"),
        ("We extend a recent subspace method called Dual Quux Pursuit (DQP) to many planes.",
         "DQP"),
    ],
)  # fmt: skip
def test_a_name_someone_else_gave_is_a_used_method(abstract, name):
    assert found(abstract).get(name) == ("Method", "uses"), found(abstract)


def test_a_name_given_to_what_has_been_used_is_not_proposed():
    abstract = (
        "Such problems have been tackled by means of adaptive sampling schemes called "
        "pacing algorithms. However, we differ."
    )
    assert "pacing algorithms" not in proposed(abstract), found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name", "known"),
    [
        # a modifier before a known method name right after a proposal cue, then an
        # appositive or a relative clause: the paper's variant, the known one stays used
        ("We introduce braided dropout, a procedure for removing coherent units.",
         "braided dropout", "dropout"),
        ("Here we present tempered Bayesian optimization, which places a prior on both.",
         "tempered Bayesian optimization", "Bayesian optimization"),
        ("We propose the gate-tied LSTM, which shares gates across layers.", "gate-tied LSTM",
         "LSTM"),
    ],
)  # fmt: skip
def test_a_modified_known_method_after_a_cue_is_the_papers(abstract, name, known):
    got = found(abstract)
    assert got.get(name) == ("Method", "proposed"), got
    assert got.get(known) == ("Method", "uses"), got


def test_a_vague_word_before_a_known_method_makes_no_new_name():
    assert "simple dropout" not in proposed("We propose simple dropout, which removes units.")


@pytest.mark.parametrize(
    ("abstract", "name"),
    [
        # the known name after two modifier words, or before "as a ... framework"
        ("We propose moment-based variational inference as a flexible framework for "
         "smoothing.", "moment-based variational inference"),
        ("We propose gated variational inference, which keeps the bound tight.",
         "gated variational inference"),
    ],
)  # fmt: skip
def test_a_modified_known_method_in_more_forms(abstract, name):
    assert name in proposed(abstract), found(abstract)


def test_what_we_formulate_as_something_is_no_new_name():
    got = proposed("We formulate data imputation as an MDP and develop models.")
    assert "data imputation" not in got


def test_a_name_set_off_after_a_long_description_is_proposed():
    abstract = (
        "We propose a small change to the common deep network layers, ladder encoding, which "
        "raises robustness."
    )
    assert "ladder encoding" in proposed(abstract), found(abstract)


def test_what_we_term_a_described_thing_is_proposed():
    abstract = "We term this choice of wiring Sparse Field Recombination (SFR) networks."
    assert "SFR" in proposed(abstract), found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name", "kind"),
    [
        # a longer description after the cue, whose last word (a method or data noun) the
        # name follows
        ("In this work, we propose a learning framework and system QuillStar that splits "
         "demonstrations.", "QuillStar", "Method"),
        ("In this paper we propose a simple and fast algorithm RVP (Ranked Value Projection) "
         "for rank minimization.", "RVP", "Method"),
        ("We propose the first large-scale human-written riddle test dataset RIDDLEX in "
         "which questions come from exams.", "RIDDLEX", "Dataset"),
    ],
)  # fmt: skip
def test_the_name_after_a_longer_description_ending_in_its_noun(abstract, name, kind):
    assert found(abstract).get(name) == (kind, "proposed"), found(abstract)


def test_a_name_after_a_preposition_in_the_description_is_someone_elses():
    abstract = (
        "We present two novel enhancements of an online active learning algorithm QWAL, "
        "using disagreements."
    )
    assert "QWAL" not in proposed(abstract), found(abstract)


def test_a_new_task_termed_x_is_no_proposed_method():
    abstract = "This is done by a novel task termed multi-robot scene filling, where robots share."
    assert "multi-robot scene filling" not in proposed(abstract), found(abstract)


def test_a_recently_proposed_thing_named_after_a_long_description_is_used():
    abstract = (
        "In this paper, we adopt a recently proposed sparsity-inducing regularizer, named "
        "QuROWL (quantile ordered weighted l1), which encourages sparsity."
    )
    got = found(abstract)
    assert ("Method", "uses") in [got.get("QuROWL"), got.get("quantile ordered weighted l1")], got


def test_a_new_thing_entitled_or_named_as_x_is_proposed_with_its_noun_type():
    # "entitled"/"titled" name a new thing as "called" does
    got = found("We propose a fast ranking approach, titled ZerbPush, for precision at the top.")
    assert got["ZerbPush"] == ("Method", "proposed")
    # ... and "named as" / "entitled as" leave the noun before them to type the name
    got = found("In this paper, we introduce a new dataset, entitled as Quorvanet, of city maps.")
    assert got["Quorvanet"] == ("Dataset", "proposed")
    got = found("We build a new dialogue corpus, named as Quorvachat, from online forums.")
    assert got["Quorvachat"] == ("Dataset", "proposed")


@pytest.mark.parametrize(
    ("abstract", "name", "is_proposed"),
    [
        # a later mention of a coined abbreviation after "our proposed" / "our": its own words
        ("We learn generative models via Variational Quorl Flow (VQF) on probability spaces. "
         "Connections of our proposed VQF method with other methods are shown.", "VQF", True),
        ("Person images are synthesized via a Soft-Gated Quorl Network (SG-QN). Studies show "
         "the superiority of our SG-QN that beats all methods.", "SG-QN", True),
        # a term, not a coined name: a lower-case or known long form
        ("The dynamics are described with quorl neural networks (QNNs) with noise. We then "
         "train our QNNs by minimizing a divergence.", "QNNs", False),
        # a bare "our" before a noun the name modifies: the noun is ours, not the name
        ("We encode the problem as an Integer Quorl Program (IQP) by lifting. Our IQP "
         "encoding is lifted in this sense.", "IQP", False),
        # one capitalised word opening a sentence is no coined long form; "-based" modifies
        ("Time-quorl (TQ) features help. We show that our TQ-based network beats a GAN.",
         "TQ", False),
    ],
)  # fmt: skip
def test_a_later_mention_of_a_coined_name_after_our_is_proposed(abstract, name, is_proposed):
    assert (name in proposed(abstract)) is is_proposed, found(abstract)


@pytest.mark.parametrize(
    ("abstract", "name", "kind"),
    [
        ("We train and test the model on a new dataset, QuorlFacts. It helps.", "QuorlFacts",
         "Dataset"),
        ("Moreover, we design a new multi-agent environment, ZubSumo, for games.", "ZubSumo",
         "Dataset"),
        ("We also contribute a new benchmark - ZetaQuorl - with 50 tasks.", "ZetaQuorl",
         "Benchmark"),
        ("We evaluate on a new corpus (Quorl Long Horizon Tasks (QLHT)) of videos.",
         "Quorl Long Horizon Tasks", "Dataset"),
    ],
)  # fmt: skip
def test_the_name_after_a_new_data_noun_is_new_data(abstract, name, kind):
    got = found(abstract)
    assert any(name in n and t == (kind, "proposed") for n, t in got.items()), got


def found_raw(raw: str) -> dict[str, tuple[str, str]]:
    """name -> (type, role) for one raw abstract, cleaned as a source reads it: what it
    emphasised reaches the extraction (``doc._.kg_emphasis``)."""
    [ep] = extract_papers([make_paper(abstract=raw, authors=["A B"], source=SourceRef("t"))])
    return {m.name: (m.type.value, m.role.value) for m in ep.mentions}


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        # the emphasis marks the name a proposal cue gives, up to a clause the cue rules miss
        (r"To detect policies, we propose the \emph{folded trust model} taking advantage of "
         r"the \emph{opponent model} to infer rewards.", {"folded trust model"}),
        # a naming cue and a list of emphasised names (markdown too)
        ("We propose two strategies, which we call *ripple compression* and *lattice "
         "compression*. We analyze both.", {"ripple compression", "lattice compression"}),
        # "our", and a kind noun after the name; a known name inside it is its family
        (r"Our \textit{quorl signal propagation} theory can cover dropout. We propose an "
         r"efficient dropout (named {\em evolving quorl dropout}) for deep nets.",
         {"quorl signal propagation theory", "evolving quorl dropout"}),
    ],
)  # fmt: skip
def test_an_emphasised_name_where_the_sentence_makes_it_is_proposed(raw, names):
    got = found_raw(raw)
    assert {n for n, (kind, role) in got.items() if role == "proposed"} == names, got
    assert all(got[n][0] == "Method" for n in names), got


@pytest.mark.parametrize(
    "raw",
    [
        # stressed words and properties are no names
        r"We show that the quorl game does \emph{not} converge for \emph{any} learning rate.",
        r"We suggest a new \emph{adaptive} generalized quorl algorithm for online learning.",
        r"We introduce the concepts of \emph{conditionally concave} and \emph{probably "
        r"conditionally concave} energies on polytopes.",
        # a naming cue for a term that exists already
        r"When inputs drift (i.e., the situation called {\em covariate quorl}), we study it.",
    ],
)
def test_an_emphasised_word_or_term_is_no_proposed_name(raw):
    got = found_raw(raw)
    assert not [n for n, (_, role) in got.items() if role == "proposed"], got
