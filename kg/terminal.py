"""Text from the input, made safe to show on a terminal.

Names, titles and file names come from files anyone can write. Printed raw, an escape sequence
in one (``\\x1b[2J`` clears the screen; ``\\x1b]8;;…`` plants a link) acts on the user's terminal,
and a right-to-left override reorders what follows. Tables and plain messages show such
characters as visible escapes instead; JSON and CSV output stay exact, for programs.
"""

from __future__ import annotations

import re

# C0 controls and DEL, C1 controls (U+009B is a one-character CSI), and the bidirectional
# embedding, override and isolate characters.
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(match: re.Match[str]) -> str:
    char = match.group(0)
    code = ord(char)
    return _NAMED.get(char) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def printable(text: str) -> str:
    """``text`` with control characters written as escapes; everything else unchanged.

    >>> printable("Ann\\x1b[2J Lee\\u202e and Zoë\\n")
    'Ann\\\\x1b[2J Lee\\\\u202e and Zoë\\\\n'
    """
    return _UNSAFE.sub(_escape, text)
