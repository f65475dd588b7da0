"""Text cleanup shared by every reader: LaTeX out of abstracts, author names into one spelling."""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from importlib import resources

from kg.model import Author, fold

# Formatting commands whose argument is the text itself: \textbf{BinaryPC} -> BinaryPC.
_WRAPPERS = (
    "textbf|textit|textsc|texttt|textrm|textsf|text|emph|underline|mathcal|mathrm|mathbf|mathit|"
    "mathtt|mathsf|mathbb|mathfrak|boldsymbol|bm|operatorname|mbox|hbox|textnormal|textup"
)
_WRAPPER_RE = re.compile(r"\\(" + _WRAPPERS + r")\s*\{([^{}]*)\}")
_HREF_RE = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_URLCMD_RE = re.compile(r"\\url\s*\{([^{}]*)\}")
_URL_RE = re.compile(r"https?://[^\s<>\"'{}\\]+")
_MATH_RE = re.compile(r"(?<!\\)\$\$?(.+?)(?<!\\)\$\$?", re.S)
_MD_EMPH_RE = re.compile(
    r"(?<![\w*])\*{1,2}(?=\S)([^*\n]+?)(?<=\S)\*{1,2}(?![\w*])"
    r"|(?<![\w_])_(?=[^\s_])([^_\n]+?)(?<=[^\s_])_(?![\w_])"
)
# the old font switches: {\em X}, {\bf X}, {\it X} -> X
_FONT_SWITCH_RE = re.compile(r"\{\\(em|bf|it|sc|tt|rm|sf|sl)\s+([^{}]*)\}")
# emphasis, kept as marks through cleaning (:func:`emphasized_abstract`)
_EMPHASIS = frozenset(["emph", "textit", "textbf", "em", "it", "bf"])
_OPEN, _CLOSE = "\ue000", "\ue001"
#: character spans ``(start, end)`` of a text
Spans = tuple[tuple[int, int], ...]
_MARK_SPACE_RE = re.compile("([\ue000]+)(\\s+)")
_SPACE_MARK_RE = re.compile("(\\s+)([\ue001]+)")
_MARK_SPLIT_RE = re.compile("([\ue000\ue001])")

_GREEK = {
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "ell": "ℓ",
    "infty": "∞",
    "times": "×",
    "cdot": "·",
    "leq": "≤",
    "le": "≤",
    "geq": "≥",
    "ge": "≥",
    "neq": "≠",
    "approx": "≈",
    "sim": "~",
    "in": "∈",
    "subseteq": "⊆",
    "subset": "⊂",
    "to": "→",
    "rightarrow": "→",
    "log": "log",
    "exp": "exp",
    "sqrt": "√",
    "pm": "±",
    "ldots": "…",
    "dots": "…",
    "cdots": "…",
    # accents and spacing carry no text of their own
    "tilde": "",
    "hat": "",
    "bar": "",
    "widehat": "",
    "widetilde": "",
    "overline": "",
    "vec": "",
    "left": "",
    "right": "",
    "quad": " ",
    "qquad": " ",
    "mathtt": "",
    "mathsf": "",
}
_ESCAPES = {r"\%": "%", r"\&": "&", r"\_": "_", r"\#": "#", r"\$": "$", r"\{": "{", r"\}": "}"}
#: a PDF's letter ligatures, which break words for every reader ("Netﬂix", "classiﬁcation")
_LIGATURES = str.maketrans(
    {
        "\ufb00": "ff",
        "\ufb01": "fi",
        "\ufb02": "fl",
        "\ufb03": "ffi",
        "\ufb04": "ffl",
        "\ufb05": "st",
        "\ufb06": "st",
    }
)
#: glyphs a PDF extractor wrote as "(cid:N)": a soft hyphen where a line broke a word
#: ("tech(cid:173) nique") and the ligatures of TeX's fonts ("classi(cid:12)ers", "(cid:2)lter")
_CID_RE = re.compile(r"\(cid:(\d+)\)")
_CID_GLYPHS = {"173": "-", "2": "fi", "11": "ff", "12": "fi", "13": "fl", "14": "ffi"}
#: a word a PDF's line break cut ("algo- rithm", "particle fil- ters"); a compound's hyphen stays
#: one ("state-of-the- art", "real- world", "winner- take-all", "Expectation- Maximization"), a
#: suspended one stays as written ("pre- and post-")
_BROKEN_WORD_RE = re.compile(r"(?<![A-Za-z])([A-Za-z][a-z]*)- ([A-Za-z][a-z]+)\b")
#: a word's ending, which a line break leaves alone on the next line ("self-organiz- ing")
_WORD_END_RE = re.compile(
    r"ing|ings|ed|ly|tion|tions|ment|ments|ity|ities|ness|able|ible|ized|ised|izing|ising|"
    r"ization|isation"
)
#: the word after a suspended hyphen: "pre- and post-", "first- or second-order"
_SUSPENDED_BEFORE_RE = re.compile(r"and|or|nor|to|vs|versus|as|but|than|the|of|in|on")
#: first parts that are whole words in compounds the line break cut: "real- world" -> "real-world"
_WHOLE_FIRST_RE = re.compile(
    r"real|high|low|long|short|large|small|well|wide|widely|one|two|three|single|multi|self|non|"
    r"trade|state|end|sub|super|semi|data|model|task|time|space|spatio|information|cross|fine|"
    r"coarse|top|bottom|open|closed|so|co",
    re.IGNORECASE,
)


#: an OCR'd "l" read as "I" where no word starts so: "Q-Iearning", "hidden Iayer", "Iength"
# LaTeX's tie, a space that does not break: "called degree-based hashing~(DBH)", "vs.~real"
# (not "~10%", "(~2 s)": about)
_TIE_RE = re.compile(r"(?<=[A-Za-z.,;:])~(?=[A-Za-z(\[])")
_OCR_L_RE = re.compile(r"(?<![A-Za-z])I(?=(?:earn|ayer|ength|evel)[a-z]*\b)")
_HYPHENATED_RE = re.compile(r"(?<![A-Za-z])(?=([A-Za-z]+-[A-Za-z]+))")  # overlapping pairs


def rejoin_cut_words(text: str) -> str:
    """The words a PDF's line breaks cut, joined ("algo- rithm" -> algorithm) or hyphenated as
    compounds ("real- world" -> real-world); linear in the text's length."""
    written = set(_HYPHENATED_RE.findall(text))  # the compounds the text writes whole

    def rejoined(m: re.Match[str]) -> str:
        first, rest = m.group(1), m.group(2)
        if _SUSPENDED_BEFORE_RE.fullmatch(rest):
            return m.group()
        if _WORD_END_RE.fullmatch(rest):
            return first + rest
        before, after = text[m.start() - 1 : m.start()], text[m.end() : m.end() + 1]
        if (
            "-" in (before, after)  # "state-of-the- art", "winner- take-all"
            or rest[:1].isupper()  # "Expectation- Maximization": no line break leaves a capital
            or _WHOLE_FIRST_RE.fullmatch(first)
            or f"{first}-{rest}" in written
        ):
            return f"{first}-{rest}"
        return first + rest

    return _BROKEN_WORD_RE.sub(rejoined, text)


_TRAILING_URL_PUNCT = ".,;:)]}'\""


def _strip_wrappers(text: str, *, mark: bool = False) -> str:
    """The wrappers' text in place of the wrappers; with `mark`, emphasis between marks."""
    previous = None
    while previous != text:  # nested wrappers: \textbf{\textit{X}}
        previous = text
        text = _WRAPPER_RE.sub(_marked if mark else lambda m: m.group(2), text)
    return text


def _clean_math(expr: str) -> str:
    expr = _strip_wrappers(expr).replace(_OPEN, "").replace(_CLOSE, "")
    expr = re.sub(r"\\([A-Za-z]+)", lambda m: _GREEK.get(m.group(1), m.group(1)), expr)
    expr = re.sub(r"[{}^]", "", expr)
    expr = expr.replace("\\,", " ").replace("\\", "")
    return expr.strip()


def collect_urls(text: str) -> list[str]:
    """URLs in order of appearance, without trailing punctuation, each once."""
    seen: dict[str, None] = {}
    for match in _URL_RE.finditer(text):
        seen.setdefault(match.group(0).rstrip(_TRAILING_URL_PUNCT), None)
    return list(seen)


def clean_abstract(raw: str) -> tuple[str, tuple[str, ...]]:
    """Return (cleaned text, links). LaTeX and markdown emphasis removed; links kept in order.

    >>> clean_abstract(r"We propose T$^2$PO and \\textsc{MaxSafe}: 5\\% better.")[0]
    'We propose T2PO and MaxSafe: 5% better.'
    """
    text, links, _ = emphasized_abstract(raw)
    return text, links


def emphasized_abstract(raw: str) -> tuple[str, tuple[str, ...], Spans]:
    """:func:`clean_abstract` with the character spans, in the cleaned text, of what the raw
    abstract emphasised (``\\emph{}``, ``{\\em }``, ``\\textit{}``, ``{\\it }``, ``\\textbf{}``,
    ``{\\bf }``, markdown ``*…*`` and ``_…_``; not inside math): the names authors coin are
    often marked so.

    >>> emphasized_abstract(r"We call it {\\em foo  bar}, not \\emph{baz}.")
    ('We call it foo bar, not baz.', (), ((11, 18), (24, 27)))
    """
    links = collect_urls(raw)
    text = _HREF_RE.sub(lambda m: m.group(2), raw)
    text = _URLCMD_RE.sub(lambda m: m.group(1), text)
    for escaped, plain in _ESCAPES.items():
        text = text.replace(escaped, "\x00" + plain + "\x00")
    text = _FONT_SWITCH_RE.sub(_marked, _strip_wrappers(text, mark=True))
    text = _MATH_RE.sub(lambda m: _clean_math(m.group(1)), text)
    # Commands left outside math: \emph without braces, \cite{...}, stray \LaTeX words.
    text = re.sub(r"\\(?:cite[pt]?|ref|eqref|footnote)\s*\{[^{}]*\}", "", text)
    text = re.sub(r"\\([A-Za-z]+)\s*", lambda m: _GREEK.get(m.group(1), m.group(1)) + " ", text)
    text = text.replace("\x00", "")
    text = _MD_EMPH_RE.sub(lambda m: _OPEN + (m.group(1) or m.group(2)) + _CLOSE, text)
    text = re.sub(r"(?:''|``)((?:(?!``).)+?)''", r"“\1”", text)  # no `` inside: linear time
    text = text.replace("---", "—").replace("--", "–")
    text = _TIE_RE.sub(" ", text)
    text = _CID_RE.sub(lambda m: _CID_GLYPHS.get(m.group(1), m.group()), text)
    text = rejoin_cut_words(text)
    text = _OCR_L_RE.sub("l", text)
    text = unicodedata.normalize("NFC", text.translate(_LIGATURES))
    text, spans = _unmarked(text)
    return text, tuple(links), spans


def _marked(m: re.Match[str]) -> str:
    """A wrapper's or font switch's text, between marks when it is emphasis ({\\em X})."""
    if m.group(1) in _EMPHASIS:
        return _OPEN + m.group(2) + _CLOSE
    return m.group(2)


def _unmarked(text: str) -> tuple[str, Spans]:
    """The text with its spaces collapsed and its emphasis marks out, and the marked spans."""
    previous = None
    while previous != text:  # the spaces inside a mark go outside it: "{\em  foo }"
        previous = text
        text = _MARK_SPACE_RE.sub(lambda m: m.group(2) + m.group(1), text)
        text = _SPACE_MARK_RE.sub(lambda m: m.group(2) + m.group(1), text)
        text = text.replace(_OPEN + _CLOSE, "")
    text = " ".join(text.split())
    if _OPEN not in text:
        return text.replace(_CLOSE, ""), ()
    out: list[str] = []
    spans: list[tuple[int, int]] = []
    size = depth = start = 0
    for piece in _MARK_SPLIT_RE.split(text):
        if piece == _OPEN:
            start = size if depth == 0 else start
            depth += 1
        elif piece == _CLOSE:
            depth = max(0, depth - 1)
            if depth == 0 and size > start:
                spans.append((start, size))
        else:
            out.append(piece)
            size += len(piece)
    return "".join(out), tuple(spans)


# --- author names -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NameWords:
    """The word lists of kg/data/author_names.json (folded, as sets)."""

    placeholders: frozenset[str]
    particles: frozenset[str]
    suffixes: frozenset[str]
    institution_placeholders: frozenset[str]
    topic_stopwords: frozenset[str]


@cache
def name_words() -> NameWords:
    data = json.loads((resources.files("kg") / "data" / "author_names.json").read_text("utf-8"))
    return NameWords(
        placeholders=frozenset(fold(w) for w in data["placeholders"]),
        particles=frozenset(data["particles"]),
        suffixes=frozenset(fold(w) for w in data["suffixes"]),
        institution_placeholders=frozenset(fold(w) for w in data["institution_placeholders"]),
        topic_stopwords=frozenset(data["topic_stopwords"]),
    )


# LaTeX accents, as sources leave them in names: \'e, \'{e}, {\"o}, \c{c}, \v c, \vc.
_MARKS = {
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    '"': "\u0308",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "u": "\u0306",
    "v": "\u030c",
    "H": "\u030b",
    "c": "\u0327",
    "k": "\u0328",
    "r": "\u030a",
    "d": "\u0323",
}
_LATEX_LETTERS = {
    "ss": "ß",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "aa": "å",
    "AA": "Å",
    "i": "ı",
}
_LETTER_CMD_RE = re.compile(
    r"\\(" + "|".join(sorted(_LATEX_LETTERS, key=len, reverse=True)) + r")(?![A-Za-z])"
)
_SYMBOL_ACCENT_RE = re.compile(r"\\([`'^\"~=.])(?:\{\s*([^\W\d_])\s*\}|([^\W\d_]))")
_LETTER_ACCENT_RE = re.compile(r"\\([uvHckrd])(?:\s*\{\s*([^\W\d_])\s*\}|\s+([^\W\d_])|([^\W\d_]))")
_STRAY_RE = re.compile(r"\\-|\\[^A-Za-z]|\\|[{}*†‡§¶]")
_BRACKETS = {"(": ")", "[": "]"}


def _accented(letter: str, command: str) -> str | None:
    """The letter with the accent as one character, or None when Unicode has no such letter."""
    letter = "i" if letter == "ı" else letter
    composed = unicodedata.normalize("NFC", letter + _MARKS[command])
    return composed if len(composed) == 1 else None


def _letter_accent(m: re.Match[str]) -> str:
    command, letter = m.group(1), m.group(2) or m.group(3) or m.group(4)
    if composed := _accented(letter, command):
        return composed
    if command == "c" and m.group(4):
        # \c{c}on with its braces lost ("Clémen\con"): a cedilla sits on a c
        return "ç" + letter
    return letter if m.group(2) or m.group(3) else m.group(0)[1:]


def decode_latex_name(text: str) -> str:
    """LaTeX accent commands in a name → the characters they stand for.

    >>> decode_latex_name(r"St\\'{e}phan Cl\\'emen\\con"), decode_latex_name(r"Matej Ze\\vcevi\\'c")
    ('Stéphan Clémençon', 'Matej Zečević')
    """
    if "\\" not in text:
        return text
    text = _LETTER_CMD_RE.sub(lambda m: _LATEX_LETTERS[m.group(1)], text)
    text = _SYMBOL_ACCENT_RE.sub(
        lambda m: _accented(m.group(2) or m.group(3), m.group(1)) or (m.group(2) or m.group(3)),
        text,
    )
    return _LETTER_ACCENT_RE.sub(_letter_accent, text)


def clean_name(raw: str) -> str:
    """A name as a source wrote it → plain text: LaTeX accents decoded; stray backslashes,
    braces, footnote marks (*, †) and unmatched brackets gone; spaces collapsed.

    >>> clean_name(r"\\Matthew Lease"), clean_name("Rudolph Triebel)"), clean_name("Hieu Pham*")
    ('Matthew Lease', 'Rudolph Triebel', 'Hieu Pham')
    """
    text = unicodedata.normalize("NFC", _STRAY_RE.sub("", decode_latex_name(raw)))
    if not any(c in text for c in "()[]"):
        return " ".join(text.split()).strip(" ,;")
    kept: list[str] = []
    opened: list[int] = []
    for char in text:
        if char in _BRACKETS:
            opened.append(len(kept))
        elif char in _BRACKETS.values():
            if not opened or _BRACKETS[kept[opened[-1]]] != char:
                continue  # a closing bracket nothing opened
            opened.pop()
        kept.append(char)
    for index in reversed(opened):  # opened and never closed
        del kept[index]
    return " ".join("".join(kept).split()).strip(" ,;")


def is_placeholder(name: str) -> bool:
    """ "Anonymous", "Anonymous Authors", "et al.", "withdrawn": no person (author_names.json)."""
    return fold(name) in name_words().placeholders


def split_name_entry(text: str) -> list[str]:
    """One entry of an author list → its names: "LeCun, Yann" is flipped to "Yann LeCun";
    "Samuel L. Smith and Quoc V. Le" or "Martín Abadi, David G. Andersen" hold two names.

    >>> split_name_entry("LeCun, Yann"), split_name_entry("van der Maaten, Laurens J. P.")
    (['Yann LeCun'], ['Laurens J. P. van der Maaten'])
    >>> split_name_entry("Martín Abadi, David G. Andersen")
    ['Martín Abadi', 'David G. Andersen']
    """
    parts = [p.strip() for p in re.split(r"\s+and\s+|\s*&\s*", text) if p.strip()]
    if len(parts) > 1 and all(len(p.split()) >= 2 for p in parts):
        return [n for p in parts for n in split_name_entry(p)]
    text = " ".join(parts)
    if "," not in text:
        return [text] if text else []
    pieces = [p.strip() for p in text.split(",") if p.strip()]
    words = name_words()
    suffix = ""
    if len(pieces) > 1 and fold(pieces[-1]).replace(" ", "") in words.suffixes:
        suffix = " " + pieces.pop()  # "John Smith, Jr." and "Smith, John, Jr."
    if len(pieces) == 2:
        family, given = pieces
        family_words = family.split()
        if len(family_words) == 1 or all(w.lower() in words.particles for w in family_words[:-1]):
            return [f"{given} {family}{suffix}"]
    if len(pieces) > 1 and all(len(p.split()) >= 2 for p in pieces):
        return pieces
    return [" ".join(pieces) + suffix]


# The nickname holds no quote or bracket, so a name of many “ takes linear time, not quadratic.
_NICKNAME_RE = re.compile(r"\s*[“\"«(]([^“”\"«»()]+)[”\"»)]\s*")
_CAMEL_SPLIT_RE = re.compile(r"(?<=[a-z]{2})(?=[A-Z][a-z])")


def _recase_token(token: str, *, first: bool) -> str:
    if not any(c.isalpha() for c in token):
        return token
    if not first and token.lower() in name_words().particles and token.islower():
        return token
    if re.fullmatch(r"(?:[A-Z]\.)+[A-Z]?", token) or len(token) == 1:
        return token  # initials: "A.", "A.J."
    if token.isupper() or token.islower():
        return "-".join(part[:1].upper() + part[1:].lower() for part in token.split("-"))
    return token


def normalize_author(raw: str) -> Author | None:
    """One display spelling per name, the raw spelling and nicknames kept as variants. Not a
    name (empty, no letters, a placeholder like "Anonymous"): None.

    >>> normalize_author("KE LIANG").name, normalize_author("HantingYan").name
    ('Ke Liang', 'Hanting Yan')
    >>> a = normalize_author("Zhangyang “Atlas” Wang"); a.name, a.variants
    ('Zhangyang Wang', ('Zhangyang “Atlas” Wang', 'Atlas'))
    >>> normalize_author("(Yann LeCun)").name
    'Yann LeCun'
    """
    text = unicodedata.normalize("NFC", " ".join(raw.split())).strip(" ,;")
    if not text or not any(c.isalpha() for c in text) or is_placeholder(text):
        return None
    nicknames = [m.group(1).strip() for m in _NICKNAME_RE.finditer(text)]
    base = " ".join(_NICKNAME_RE.sub(" ", text).split())
    if not any(c.isalpha() for c in base):  # only a quoted or bracketed name: that is the name
        base, nicknames = " ".join(nicknames), []
    tokens = base.split(" ")
    if len(tokens) == 1:
        tokens = _CAMEL_SPLIT_RE.sub(" ", tokens[0]).split(" ")
    all_one_case = base.isupper() or base.islower()
    name = " ".join(
        _recase_token(t, first=i == 0) if all_one_case or t.isupper() or t.islower() else t
        for i, t in enumerate(tokens)
    )
    variants = tuple(dict.fromkeys(v for v in (text, *nicknames) if v and v != name))
    return Author(id=fold(name), name=name, variants=variants)


def read_author_entry(raw: str) -> tuple[list[Author], bool]:
    """One entry of a source's author list → (the authors it names, whether it is a placeholder
    such as "Anonymous" that hides them). Raw LaTeX-damaged spellings stay as variants.

    >>> [a.name for a in read_author_entry(r"Ze\\vcevi\\'c, Matej")[0]]
    ['Matej Zečević']
    >>> read_author_entry("Anonymous")
    ([], True)
    >>> [a.variants for a in read_author_entry("Samuel L. Smith and Quoc V. Le")[0]]
    [(), ()]
    """
    cleaned = clean_name(raw)
    if is_placeholder(cleaned):
        return [], True
    authors = []
    raw_spelling = " ".join(raw.split())
    names = split_name_entry(cleaned)
    for name in names:
        author = normalize_author(name)
        if author is None:
            continue
        # "Samuel L. Smith and Quoc V. Le" is a spelling of neither of its two names
        if len(names) == 1 and raw_spelling != author.name and raw_spelling not in author.variants:
            author = Author(author.id, author.name, (raw_spelling, *author.variants))
        authors.append(author)
    return authors, False


def split_authors(line: str) -> tuple[list[str], bool]:
    """Split an author line on commas / semicolons; a trailing "等" (et al.) marks a cut list.

    Semicolon-separated lists keep empty entries, so each name keeps its position in the list
    (sources align ids and affiliations with it).
    """
    text = line.strip()
    truncated = False
    for marker in ("等", "et al.", "et al"):
        if text.endswith(marker):
            text, truncated = text[: -len(marker)].rstrip(" ,;"), True
            break
    if ";" in text:
        return [part.strip() for part in text.split(";")], truncated
    return [part.strip() for part in text.split(",") if part.strip()], truncated
