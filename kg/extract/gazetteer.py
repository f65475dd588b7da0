"""The ``kg_gazetteer`` component: known names from the gazetteer files, marked in
``doc.spans["kg_gazetteer"]`` with their label."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from spacy.language import Language
from spacy.matcher import PhraseMatcher
from spacy.tokens import Doc, Span

from kg.extract.resources import all_gazetteer_entries, name_key
from kg.model import EntityType


@Language.factory("kg_gazetteer", default_config={"gazetteers": []})
def make_gazetteer(nlp: Language, name: str, gazetteers: list[str]) -> KGGazetteer:
    return KGGazetteer(nlp, [Path(p) for p in gazetteers])


class KGGazetteer:
    """Marks known names. Short all-capital patterns (ARC, MUSE) match case-sensitively, the
    rest on lower-cased text, so "transformer" finds "Transformers" via the plural pattern."""

    def __init__(self, nlp: Language, gazetteers: Sequence[Path] = ()) -> None:
        self.exact = PhraseMatcher(nlp.vocab, attr="ORTH")
        self.lower = PhraseMatcher(nlp.vocab, attr="LOWER")
        self.labels: dict[str, EntityType] = {}
        exact: dict[str, list[Doc]] = {}
        lower: dict[str, list[Doc]] = {}
        for entry in all_gazetteer_entries(gazetteers):
            key = name_key(entry.pattern)
            self.labels.setdefault(key, entry.label)
            # all capitals match as written: "REINFORCE" is not "reinforce"
            case_sensitive = entry.pattern.isupper()
            forms = [entry.pattern]
            if (
                not case_sensitive
                and entry.pattern[-1].isalpha()
                and not entry.pattern.endswith("s")
            ):
                forms.append(entry.pattern + "s")
            target = exact if case_sensitive else lower
            target.setdefault(entry.label.value, []).extend(nlp.make_doc(f) for f in forms)
        for label, docs in exact.items():
            self.exact.add(label, docs)
        for label, docs in lower.items():
            self.lower.add(label, docs)

    def __call__(self, doc: Doc) -> Doc:
        spans = [Span(doc, s, e, label=m) for m, s, e in self.exact(doc)]
        spans += [Span(doc, s, e, label=m) for m, s, e in self.lower(doc)]
        doc.spans["kg_gazetteer"] = spans
        return doc
