"""Unknown names typed by what the sentence says about data (kg/extract/datanames.py): made-up
names in made-up sentences, as a new paper's names would be."""

from __future__ import annotations

import pytest
from test_extract import found


def test_an_unknown_name_keeps_the_data_type_one_sentence_gives_it():
    # the later mentions say nothing: only their shape would make them Methods
    text = (
        "We present PloVarix, a large dataset of annotated kitchen scenes. PloVarix holds "
        "12,000 clips recorded by 40 people, and PloVarix covers 300 recipes. PloVarix is "
        "hard: PloVarix needs long-range reasoning."
    )
    assert found(text)["PloVarix"][0] == "Dataset"
    # a method the appositive defines stays a method
    text = (
        "We propose PloVarix, a new method for sparse regression. PloVarix converges in few "
        "steps, and PloVarix is fast. PloVarix is simple."
    )
    assert found(text)["PloVarix"][0] == "Method"
    # "improves on X" alone says too little to retype the other mentions
    text = "Our model improves on PloVarix. PloVarix is fast, and PloVarix is simple."
    assert found(text)["PloVarix"][0] == "Method"


def test_an_abbreviation_defined_for_what_we_collect_is_data():
    text = (
        "We study turn taking by collecting a Quorvid Tabletop Gesture Archive (QTGA) with "
        "40 groups of people. We train our model on QTGA."
    )
    assert found(text)["QTGA"] == ("Dataset", "proposed")
    text = "We develop a Quorvid Tabletop Gesture Archive (QTGA) that plans grasps."
    assert found(text)["QTGA"][0] == "Method"


def test_a_list_item_after_another_items_bracketed_note_is_still_in_the_list():
    text = (
        "Experiments conducted on both ZubaKer (with simulated noise) and QI-VOLT (using real "
        "labels) confirm the benefits of our algorithm."
    )
    assert found(text)["QI-VOLT"][0] == "Dataset"


def test_names_after_a_count_of_datasets_and_a_comma_are_data():
    text = (
        "Our model improves the state of the art on three public QA datasets, Hovrat-Q, "
        "MeloxQA and Tirvel-S, by 8%."
    )
    got = found(text)
    assert {got[n][0] for n in ("Hovrat-Q", "MeloxQA", "Tirvel-S")} == {"Dataset"}


@pytest.mark.parametrize(
    "text, name",
    [
        ("We use a Plimmer Vosk Tavern (PVT) to encode the depth images.", "PVT"),
        ("Multi-compartment Brovel Pastry (BP) models predict neural responses.", "BP"),
        ("Mevkobp Hujkih Behfohus (MHBs) are one of the most popular algorithms.", "MHBs"),
        ("We implement a parallel Pihed Gocv Ekhovjit (PGE)-based controller on a GPU.", "PGE"),
        ("Gihtiz Ggivnvip Jels (GGJs) are increasingly adopted for video synthesis.", "GGJs"),
        ("We propose Zubnet, a variant of Gakow Mounuf Komzot (GMK) for long inputs.", "GMK"),
        ("The critic is trained by exploiting Tosmic Verlap Play (TVP) against old copies.", "TVP"),
        ("Our scheme integrates a Dravik-Lumen (DL) step with a gradient step.", "DL"),
    ],
)
def test_a_defined_name_that_is_used_or_called_a_method_is_a_method(text, name):
    assert found(text)[name][0] == "Method"


@pytest.mark.parametrize(
    "text, name",
    [
        ("Quivel Drambo Sorting (QDS) learns a compact policy from sparse rewards.", "QDS"),
        ("Zidii Gatracuof Nwots (ZGNs) represent the state of the art in video.", "ZGNs"),
        ("Nevdwad Zawfiuk Fofmaks (NZFs) offer an elegant framework for safe control.", "NZFs"),
    ],
)
def test_a_defined_name_that_does_what_a_method_does_is_a_method(text, name):
    assert found(text)[name][0] == "Method"


def test_a_defined_name_that_contains_images_is_no_method():
    text = "The Plovan Chesk Collection (PCC) contains 40k annotated images of street scenes."
    assert found(text)["PCC"][0] == "Dataset"
    text = "Brain-computer interfaces (BCIs) use brain signals to convey intent."
    assert found(text).get("BCIs", ("",))[0] != "Method"


def test_a_defined_lower_case_phrase_is_not_made_a_method_by_its_context():
    text = "We use task-focused plank grasping (TPG) to pick up tools."
    assert found(text).get("TPG", ("",))[0] != "Method"


def test_an_appositive_after_a_dash_types_the_name():
    text = (
        "In this paper, we develop the ZORBAL Quentrix \u2014 a collection of large-scale "
        "semantic safety datasets grounded in real scenes."
    )
    assert found(text)["ZORBAL Quentrix"][0] == "Dataset"


def test_a_lone_acronym_one_uses_a_copy_of_is_a_method():
    text = "Rather than design a distance function, we use a ZBV to learn an embedding."
    assert found(text)["ZBV"][0] == "Method"


def test_a_later_mention_before_a_method_noun_keeps_a_defined_task():
    text = (
        "Quorp zimilation (QZ) is a cornerstone of weather science. Classical high-dimensional "
        "QZ methods, such as the ensemble Kalman filter, rely on Gaussian assumptions."
    )
    assert found(text).get("QZ", ("",))[0] != "Method"


def test_a_list_whose_typed_names_are_data_makes_its_other_items_data():
    # a plain capitalised word beside a name its context made data
    got = found("Experiments on Ombrila and tavoZujeKot verify the effectiveness of our method.")
    assert got["Ombrila"][0] == "Dataset"
    # a name-shaped word only its shape made a Method, beside one the model reads as data
    got = found("Our detector lowers the error on Zebmo (applied to RAFEB-10 and Nizv-Ojuka).")
    assert got["Nizv-Ojuka"][0] == "Dataset"
    # languages and translation directions in a list of data are no data names
    text = "Our model achieves state-of-the-art results on QuvTell-2 and {}."
    assert found(text.format("Vortex"))["Vortex"][0] == "Dataset"
    assert "English-Vietnamese" not in found(text.format("English-Vietnamese"))
    # a capitalised word beside a method is no data
    got = found("We compare Ombrila and tavoZujeKot, two new optimizers.")
    assert got.get("Ombrila", ("",))[0] != "Dataset"


@pytest.mark.parametrize(
    "text, name",
    [
        (
            "To pre-train skills, we use Jorrog Kapoj Kuvdots with a regularizer.",
            "Jorrog Kapoj Kuvdots",
        ),
        ("Scores are aggregated using Toedvizu Ljagbot, giving one measure.", "Toedvizu Ljagbot"),
        ("We propose a planner that relies on Quorbel Tindle Sampling.", "Quorbel Tindle Sampling"),
    ],
)
def test_a_capitalised_name_right_after_a_verb_of_use_is_a_method(text, name):
    assert found(text)[name][0] == "Method"


@pytest.mark.parametrize(
    "text",
    [
        "We use Plovan Chesk images to pre-train the encoder.",
        "We use Stanford University servers for every run.",
        "We use the Zorbi Representer Theorem to bound the error.",
        "We use Kernel Zorbi discriminant analysis to test the samples.",
    ],
)
def test_a_used_capitalised_name_of_data_a_place_or_a_longer_name_is_no_method(text):
    assert "Method" not in {t for t, _ in found(text).values()}


def test_a_capitalised_name_opening_a_sentence_with_a_method_verb_is_a_method():
    got = found("Lmiwr Zeudef Bamkirws capture local structure but are slow on long inputs.")
    assert got["Lmiwr Zeudef Bamkirws"][0] == "Method"
    got = found("The Plovan Chesk Collection contains 40k images of street scenes.")
    assert got["Plovan Chesk Collection"][0] == "Dataset"


def test_an_abbreviation_defined_by_a_description_is_no_data_for_an_on_alone():
    # "results on XY" reads data, but the abstract defined XY as a lower-case description
    text = (
        "We study gaze steering (GS) in cars. This agrees with results on GS obtained with "
        "head trackers."
    )
    assert all(t != "Dataset" for t, _ in found(text).values())
    # a description with a data noun after its abbreviation is data
    text = "We collect a kitchen video archive (KVA). Results on the KVA dataset show gains."
    assert found(text)["kitchen video archive"][0] == "Dataset"


def test_a_list_of_names_before_network_datasets_is_data():
    # "network" says what the data are after a list of names, not whose data they are
    text = "Our model leads on the Tovrel, Mazpik and Orlune citation network datasets."
    got = found(text)
    assert all(got[n][0] == "Dataset" for n in ("Tovrel", "Mazpik", "Orlune"))
    # one name before a network's dataset stays what it was
    text = "Our model leads on the Tovrel network dataset."
    assert found(text).get("Tovrel", ("",))[0] != "Dataset"


def test_a_name_with_its_edition_before_a_long_kind_of_challenge_is_data():
    text = "We report results on the Torvik-19 retinal vessel lesion grading challenge."
    assert found(text)["Torvik-19"][0] == "Dataset"
    # without an edition the long kind says too little
    text = "We report results on the Torvik retinal vessel lesion grading challenge."
    assert found(text).get("Torvik", ("",))[0] != "Dataset"


def test_a_named_data_list_after_on_needs_no_evaluation_word():
    text = "We match strong models on the Torvik-19 retinal vessel lesion grading challenge."
    assert found(text)["Torvik-19"][0] == "Dataset"


@pytest.mark.parametrize(
    "text, name",
    [
        ("Using the QERVO database with 8x8-pixel images, our chip reaches 81% accuracy.", "QERVO"),
        (
            "We compare both tests using the GEO-Plimm data set analyzed by earlier work.",
            "GEO-Plimm",
        ),
        (
            "Tests with the Zorvan Speech Command database show clear gains.",
            "Zorvan Speech Command",
        ),
    ],
)
def test_a_data_noun_right_after_a_name_outweighs_a_verb_of_use(text, name):
    # "using X" alone would make X a method: the database, the data set after it says data
    assert found(text)[name][0] == "Dataset"


def test_a_task_name_in_title_case_before_a_data_noun_names_the_data():
    text = (
        "We report gains on the Visual Object Tracking benchmark and the Image Retrieval dataset."
    )
    got = found(text)
    assert got["Visual Object Tracking"][0] == "Benchmark"
    assert got["Image Retrieval"][0] == "Dataset"
    # in lower case it is the task; a plural data noun after it is a family of benchmarks
    assert found("We study image retrieval on a new dataset.")["image retrieval"][0] == "Task"
    text = "Current methods lag behind on standard Image Retrieval benchmarks."
    assert found(text).get("Image Retrieval", ("Task",))[0] == "Task"


def test_a_named_competition_is_data():
    text = "Our agent won the first track of the Vorlak Maze AI Competition held in 2019."
    assert found(text)["Vorlak Maze AI Competition"][0] == "Dataset"
    text = "We use recordings from the Plimsoll Gait competition to compare both methods."
    assert found(text)["Plimsoll Gait"][0] == "Dataset"
    # competition as a process is nothing
    assert found("Lateral competition between units sharpens the map.") == {}


def test_names_set_off_after_a_fronted_count_of_datasets_are_data():
    text = "Over two public benchmarks, Glorbo-Q and Kintrex, the model beats all baselines."
    got = found(text)
    assert got["Glorbo-Q"][0] == got["Kintrex"][0] == "Dataset"
    text = "On two large datasets, namely, Plovset and Zurvan, the network improves recall."
    got = found(text)
    assert got["Plovset"][0] == got["Zurvan"][0] == "Dataset"


def test_the_kind_noun_nearest_a_list_says_what_it_lists():
    # a data noun earlier in the sentence does not make "networks like X" a list of data
    text = "For the Quorbel-10 dataset, we see good results on shallow networks like ZeNet7."
    got = found(text)
    assert got["Quorbel-10"][0] == "Dataset"
    assert got["ZeNet7"][0] == "Method"


def test_a_known_data_name_defined_by_a_method_headed_long_form_stays_data_before_a_data_noun():
    # ANLI is a lexicon data name; "Inference" is a method head
    text = (
        "We improve the state of the art on the Automated Natural Language Inference (ANLI) "
        "dataset."
    )
    assert found(text)["ANLI"][0] in ("Dataset", "Benchmark")
    text = "We propose Automated Natural Language Inference (ANLI), which is fast."
    assert found(text)["ANLI"][0] == "Method"


def test_a_method_head_does_not_type_a_name_a_data_noun_lists():
    text = "We evaluate on three datasets: Plover Flow, Zorbic Network and Quarl-5."
    got = found(text)
    assert {got[n][0] for n in ("Plover Flow", "Zorbic Network", "Quarl-5")} == {"Dataset"}
    assert found("We train a Plover Flow on images.")["Plover Flow"][0] == "Method"


@pytest.mark.parametrize(
    "text, name",
    [
        ("We report results on the Quimble of Varks benchmark.", "Quimble of Varks"),
        ("We test on problems of the Zorvian Ranking to Plod dataset.", "Zorvian Ranking to Plod"),
        ("We win on the Varkel Book Test and Who Said Zorp datasets.", "Who Said Zorp"),
        ("On the 1-Billion Zorp dataset, we save memory.", "1-Billion Zorp"),
        ("Our method also excels on the large-scale 1B Zorp dataset.", "1B Zorp"),
    ],
)
def test_a_name_the_runs_split_before_a_data_noun_is_one_data_name(text, name):
    assert found(text)[name][0] == "Dataset"


def test_a_joining_word_after_a_known_or_shaped_name_joins_no_names():
    got = found("We train ResNet-50 on the Quorvix dataset. (1) For datasets of images, we win.")
    assert got["Quorvix"][0] == "Dataset"
    assert "For" not in got and not any(" on " in n for n in got)


def test_a_bracket_listing_the_names_of_a_plural_kind_defines_none_of_them():
    text = (
        "Our features match the state of the art for unsupervised learning on several "
        "popular datasets (SPD-10, QUIM-5, Varnel-101)."
    )
    got = found(text)
    assert got["SPD-10"][0] == "Dataset"
    assert not any("popular" in n for n in got)


@pytest.mark.parametrize(
    "text, name",
    [
        (
            "We show that our algorithms do well in the Quorvel Cytometry data-set.",
            "Quorvel Cytometry",
        ),
        ("Experiments on data sets from the Zarvin Irvine repository show gains.", "Zarvin Irvine"),
        ("We win the Varnok-2017 visual domain adaptation challenge.", "Varnok-2017"),
    ],
)
def test_a_hyphenated_data_set_a_repository_and_a_challenge_named_for_its_task_say_data(text, name):
    assert found(text)[name][0] == "Dataset"


def test_an_abbreviation_a_lower_case_description_defines_is_no_data_name():
    text = "To enhance productivity, modern integrated zorble environments (IZEs) suggest code."
    assert not any(t in ("Dataset", "Benchmark") for t, _ in found(text).values())
    # the paper's own data, or a data noun after the bracket, still name data
    got = found("We collect a new multi-view kitchen dataset (MVKD) of 300 videos.")
    assert got["multi-view kitchen dataset"] == ("Dataset", "proposed")


def test_a_contest_named_by_a_venue_and_its_edition_is_named_by_the_whole_phrase():
    text = "Our model won the ICML 2031 zorple quibbling challenge by a wide margin."
    assert found(text)["ICML 2031 zorple quibbling challenge"][0] == "Dataset"
    text = "Our model won the NeurIPS 2030 competition on Zorbing against Quill Attacks."
    assert found(text)["NeurIPS 2030 competition on Zorbing against Quill Attacks"][0] == "Dataset"
    # without an edition the capital may be a field, not a venue
    assert not found("The AI quibbling challenge is hard for our models.")


def test_a_bang_glued_to_a_capitalised_word_is_part_of_a_name_not_a_sentence_end():
    text = "We test news recommendation (on Zarvoo! Quimscope dataset), and influence."
    assert found(text)["Zarvoo! Quimscope"][0] == "Dataset"


def test_the_stem_of_a_family_of_data_names_is_data_where_the_sentence_says_so():
    # "Atari 2600 Alien", "Atari 100k" ... are data: "Atari" alone is their stem
    text = "Our agent significantly outperforms the previous state of the art on Atari."
    assert found(text)["Atari"][0] == "Benchmark"
    assert "Atari" not in found("Atari released a new console in 1977.")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        # a name the lists know as data only with a cue, beside a known data name
        (
            "Over two most popular and challenging face detection benchmarks, FDDB and WIDER "
            "FACE, Face R-FCN achieves superior performance over state-of-the-arts.",
            "FDDB",
        ),
        # a name a method noun's list made a method, beside a known data name
        (
            "We show our embeddings on classification tasks for social networks such as "
            "BlogCatalog, Flickr, and Orkut.",
            "Flickr",
        ),
    ],
)
def test_a_name_read_as_data_beside_a_known_data_name_is_data(text, name):
    assert found(text)[name][0] == "Dataset"


def test_a_name_and_an_edition_before_a_data_noun_is_no_citation():
    # "Foo and Bar 2014" is a citation, but not before a data noun
    got = found("It improves error detection accuracy on both FCE and CoNLL 2014 datasets.")
    assert got["FCE"][0] == "Dataset"


def test_a_translation_pair_written_apart_is_one_name_and_a_pair_alone_is_none():
    got = found(
        "We report BLEU on the WMT'15 English->German task and on WMT 2016 English – Romanian."
    )
    assert {"WMT'15 English->German", "WMT 2016 English – Romanian"} <= set(got)
    got = found(
        "Our method works well for distant language pairs, like English-Russian or English-Chinese."
    )
    assert "English-Russian" not in got and "English-Chinese" not in got


def test_the_subject_after_a_fronted_phrase_is_no_item_of_its_list():
    # "On X, Y verb ...": Y opens the clause; the list "on X" holds only X
    got = found("On ImageNet, ZarnNet improves the accuracy by 3 points.")
    assert got["ImageNet"][0] == "Dataset"
    assert got["ZarnNet"][0] == "Method"
    got = found("Evaluated across various scenarios, ZarnNet outperforms prior methods.")
    assert got["ZarnNet"][0] == "Method"
    # ... but the last item of a longer list stays in it
    got = found("Results on SVHN, CIFAR-10, Zurvan-2 are reported in the appendix.")
    assert got["Zurvan-2"][0] == "Dataset"


def test_what_a_method_is_based_on_is_no_data_without_a_data_noun():
    text = "We build a synthesis network based on Tacotron-Z, which achieves high scores."
    assert found(text)["Tacotron-Z"][0] == "Method"
    assert found("We construct new datasets based on MNIST and report results.")["MNIST"][0] == (
        "Dataset"
    )
    text = "We corroborate our results with numerical experiments based on the Plovar-7 Contest."
    assert found(text)["Plovar-7 Contest"][0] == "Dataset"


def test_an_acronym_the_model_reads_as_a_task_before_task_is_no_data():
    got = found("We test the model on the MT task of IWSLT-2016.")
    assert "MT" not in got
    assert got["IWSLT-2016"][0] == "Dataset"


def test_a_name_before_a_hardware_noun_after_on_is_no_data():
    text = "We trained a sparse network that runs on the Qorvex chip using the MNIST dataset."
    assert "Qorvex" not in found(text)
    text = "We simulate two datasets generated on the NCSA Bluewaters supercomputer."
    assert "NCSA Bluewaters" not in found(text)
    # cloud platforms are where a method runs (generic.txt)
    assert "Amazon EC2" not in found("We experimentally test our approach on Amazon EC2.")
    # one of a kind of thing, after "a" and adjectives: "on a standard PC"
    assert "Qorvex-PC" not in found("It handles a million examples on a standard Qorvex-PC.")
    # a conjunction ends the name's phrase: "on Atari and simulated robots"
    got = found("Our agents achieve higher returns on Atari and simulated robots.")
    assert got["Atari"][0] == "Benchmark"


def test_a_defined_name_after_results_on_is_data():
    text = (
        "It sets new state-of-the-art results on Mavzu Ilob Vunior Wizupih (MIVW) for the "
        "interactive setting."
    )
    assert found(text)["MIVW"] == ("Dataset", "evaluated_on")
    # a noun after the bracket, or data named later in the sentence: not the data
    text = (
        "It achieves comparable accuracy on classifying Transmission Control Protocol (TCP) "
        "streams without expert features."
    )
    assert found(text).get("TCP", ("",))[0] != "Dataset"
    text = (
        "We give results on the Jacobian-based Saliency Map Attack (JSMA) and the CW attack "
        "on the MNIST and Fashion-MNIST datasets."
    )
    assert found(text)["JSMA"][0] == "Method"


def test_a_simulation_framework_one_works_in_is_a_benchmark():
    text = (
        "We integrate our platform with Zorbix Lab, an open-source, widely adopted, and "
        "rapidly growing simulation framework for robotics research."
    )
    assert found(text)["Zorbix Lab"] == ("Benchmark", "evaluated_on")
    text = "We build on Zorbix, a photorealistic simulation platform for embodied AI."
    assert found(text)["Zorbix"][0] == "Benchmark"
    # the paper's own simulation framework is its method
    text = "We present Zorbix, a new simulation framework for soft robots."
    assert found(text)["Zorbix"] == ("Method", "proposed")
    # adjectives set off by commas before a method's noun are left as they were
    text = "Weak synapses elicit local Z-spikes, a slow, unspecific growth process."
    assert found(text).get("Z-spikes", ("",))[0] != "Benchmark"


def test_a_name_ending_in_a_model_family_is_a_model_after_experiments_on():
    got = found("Extensive experiments on VoraLM-2 and QuixBERT demonstrate the effectiveness.")
    assert got["VoraLM-2"][0] == "Method"
    assert got["QuixBERT"][0] == "Method"
    # instruction data and a known corpus keep their type
    got = found("We further curate a GestureInstruct dataset of 36 scenarios.")
    assert got["GestureInstruct"][0] == "Dataset"
    assert found("We train on ShareGPT and LM1B.")["LM1B"][0] == "Dataset"


@pytest.mark.parametrize(
    "text",
    [
        "We conduct experiments on several datasets including Zorblat, Quenta and Farvix.",
        "Experiments on datasets such as Zorblat, Quenta and Farvix show clear gains.",
        "We report gains on public benchmarks like Zorblat, Quenta and Farvix.",
        "We show gains on four benchmark datasets, namely Zorblat, Quenta, Farvix and Molpo.",
    ],
)
def test_plain_names_a_plural_data_noun_lists_with_such_as_are_data(text):
    got = found(text)
    assert {got[n][0] for n in ("Zorblat", "Quenta", "Farvix")} == {"Dataset"}


def test_a_defined_name_a_data_noun_lists_with_including_stays_data():
    text = (
        "Our model beats prior work on several benchmark datasets including the Zorb-5K, "
        "Quenta View Text (QVT) and FARVIX."
    )
    got = found(text)
    assert got["QVT"][0] == "Dataset" and got["FARVIX"][0] == "Dataset"


@pytest.mark.parametrize(
    "text, name",
    [
        ("We report results on the test set of Zorblat.", "Zorblat"),
        ("Our model reaches 80% accuracy on the Zorblat test set.", "Zorblat"),
        ("We obtain the best score on the development set of QuentaQA.", "QuentaQA"),
        (
            "It reaches 61% on the validation set of the Real-World Plimmer Faces (RPF) Database.",
            "RPF",
        ),
    ],
)
def test_a_name_a_split_of_data_is_drawn_from_is_data(text, name):
    assert found(text)[name][0] == "Dataset"


@pytest.mark.parametrize(
    "text",
    [
        "We evaluate our method on the benchmarks Zorblat, Quenta and Farvix.",
        "We report results in Zorblat, Quenta and Farvix, three standard benchmarks.",
        "It sets a new state of the art on Zorblat, Quenta and Farvix, three popular datasets.",
    ],
)
def test_plain_names_a_data_noun_heads_or_counts_after_them_are_data(text):
    got = found(text)
    assert {got[n][0] for n in ("Zorblat", "Quenta", "Farvix")} == {"Dataset"}


def test_a_title_name_after_outperforms_baselines_on_is_the_data_compared_on():
    got = found("Our method outperforms baselines on Zorb Kitchen and Quenta Tabletop.")
    assert got["Zorb Kitchen"][0] == "Dataset" and got["Quenta Tabletop"][0] == "Dataset"
    # what it is compared with stays a method
    got = found("Our method outperforms Zorb Kitchen Networks and Quenta Tabletop Networks.")
    assert all(t != "Dataset" for t, _ in got.values())


def test_a_dimension_word_that_opens_a_task_is_no_part_of_the_data_name():
    got = found("We set a new state of the art on the ZorbScenes 3D tracking benchmark.")
    assert "ZorbScenes" in got and "ZorbScenes 3D" not in got
    got = found("Evaluated on the QUENTA-V and Farvix RGB-D 3D detection benchmarks, it wins.")
    assert "Farvix RGB-D" in got and "Farvix RGB-D 3D" not in got


def test_three_plain_names_after_an_evaluation_on_are_data():
    for text in (
        "Experiments on Zorblat, Quenta and Farvix show that our approach beats baselines.",
        "Our approach obtains new state-of-the-art accuracy on Zorblat, Quenta, and Farvix.",
    ):
        got = found(text)
        assert {got[n][0] for n in ("Zorblat", "Quenta", "Farvix")} == {"Dataset"}
    # two plain words say too little, and a noun after the list says what they are
    assert "Zorblat" not in found("Experiments on Zorblat and Quenta show gains.")
    got = found("We evaluate on Zorblat, Quenta and Farvix phones and report latency.")
    assert "Quenta" not in got
