"""Text cleanup shared by every reader: LaTeX out of abstracts, author names into one spelling."""

from __future__ import annotations

import re
import unicodedata

from kg.model import Author, fold

# Formatting commands whose argument is the text itself: \textbf{BinaryPC} -> BinaryPC.
_WRAPPERS = (
    "textbf|textit|textsc|texttt|textrm|textsf|text|emph|underline|mathcal|mathrm|mathbf|mathit|"
    "mathtt|mathsf|mathbb|mathfrak|boldsymbol|bm|operatorname|mbox|hbox|textnormal|textup"
)
_WRAPPER_RE = re.compile(r"\\(?:" + _WRAPPERS + r")\s*\{([^{}]*)\}")
_HREF_RE = re.compile(r"\\href\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_URLCMD_RE = re.compile(r"\\url\s*\{([^{}]*)\}")
_URL_RE = re.compile(r"https?://[^\s<>\"'{}\\]+")
_MATH_RE = re.compile(r"(?<!\\)\$\$?(.+?)(?<!\\)\$\$?", re.S)
_MD_EMPH_RE = re.compile(r"(?<![\w*])\*{1,2}(?=\S)([^*\n]+?)(?<=\S)\*{1,2}(?![\w*])")

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
_TRAILING_URL_PUNCT = ".,;:)]}'\""


def _strip_wrappers(text: str) -> str:
    previous = None
    while previous != text:  # nested wrappers: \textbf{\textit{X}}
        previous = text
        text = _WRAPPER_RE.sub(r"\1", text)
    return text


def _clean_math(expr: str) -> str:
    expr = _strip_wrappers(expr)
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
    links = collect_urls(raw)
    text = _HREF_RE.sub(lambda m: m.group(2), raw)
    text = _URLCMD_RE.sub(lambda m: m.group(1), text)
    for escaped, plain in _ESCAPES.items():
        text = text.replace(escaped, "\x00" + plain + "\x00")
    text = _strip_wrappers(text)
    text = _MATH_RE.sub(lambda m: _clean_math(m.group(1)), text)
    # Commands left outside math: \emph without braces, \cite{...}, stray \LaTeX words.
    text = re.sub(r"\\(?:cite[pt]?|ref|eqref|footnote)\s*\{[^{}]*\}", "", text)
    text = re.sub(r"\\([A-Za-z]+)\s*", lambda m: _GREEK.get(m.group(1), m.group(1)) + " ", text)
    text = text.replace("\x00", "")
    text = _MD_EMPH_RE.sub(r"\1", text)
    text = re.sub(r"(?:''|``)((?:(?!``).)+?)''", r"“\1”", text)  # no `` inside: linear time
    text = text.replace("---", "—").replace("--", "–")
    text = unicodedata.normalize("NFC", text)
    text = " ".join(text.split())
    return text, tuple(links)


# --- author names -------------------------------------------------------------------------

# The nickname holds no quote or bracket, so a name of many “ takes linear time, not quadratic.
_NICKNAME_RE = re.compile(r"\s*[“\"«(]([^“”\"«»()]+)[”\"»)]\s*")
_CAMEL_SPLIT_RE = re.compile(r"(?<=[a-z]{2})(?=[A-Z][a-z])")
_PARTICLES = frozenset(
    [
        "van",
        "von",
        "der",
        "den",
        "de",
        "del",
        "della",
        "di",
        "da",
        "dos",
        "du",
        "la",
        "le",
        "ter",
        "ten",
        "bin",
        "al",
        "el",
        "y",
    ]
)


def _recase_token(token: str, *, first: bool) -> str:
    if not any(c.isalpha() for c in token):
        return token
    if not first and token.lower() in _PARTICLES and token.islower():
        return token
    if re.fullmatch(r"(?:[A-Z]\.)+[A-Z]?", token) or len(token) == 1:
        return token  # initials: "A.", "A.J."
    if token.isupper() or token.islower():
        return "-".join(part[:1].upper() + part[1:].lower() for part in token.split("-"))
    return token


def normalize_author(raw: str) -> Author | None:
    """One display spelling per person, the raw spelling and nicknames kept as variants.

    >>> normalize_author("KE LIANG").name, normalize_author("HantingYan").name
    ('Ke Liang', 'Hanting Yan')
    >>> a = normalize_author("Zhangyang “Atlas” Wang"); a.name, a.variants
    ('Zhangyang Wang', ('Zhangyang “Atlas” Wang', 'Atlas'))
    """
    text = unicodedata.normalize("NFC", " ".join(raw.split())).strip(" ,;")
    if not text or not any(c.isalpha() for c in text):
        return None
    nicknames = [m.group(1).strip() for m in _NICKNAME_RE.finditer(text)]
    base = " ".join(_NICKNAME_RE.sub(" ", text).split())
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


def split_authors(line: str) -> tuple[list[str], bool]:
    """Split an author line on commas / semicolons; a trailing "等" (et al.) marks a cut list."""
    text = line.strip()
    truncated = False
    for marker in ("等", "et al.", "et al"):
        if text.endswith(marker):
            text, truncated = text[: -len(marker)].rstrip(" ,;"), True
            break
    sep = ";" if ";" in text else ","
    return [part.strip() for part in text.split(sep) if part.strip()], truncated
