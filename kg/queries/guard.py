"""What makes an ad-hoc Cypher statement more than a read: the check behind ``kg cypher``.

A read transaction already makes Neo4j refuse graph writes, but not everything a server does on
request is a graph write: ``TERMINATE TRANSACTIONS`` kills other sessions' queries, ``SHOW
TRANSACTIONS`` shows their text and parameters, ``CALL dbms.setConfigValue(…)`` changes the server,
and all of them run in a read transaction. So the statement is read as Cypher tokens (strings,
comments, `quoted` names and parameters are single tokens, never keywords), and a keyword counts
only where a clause can start: at the start, after ``EXPLAIN``/``PROFILE``/``UNION``, or right
after a complete expression or pattern. ``n.set``, ``'x' AS set``, ``{delete: 1}``, ``$create``,
``(:Set)`` and ``RETURN set`` are names there, not clauses.

>>> commands("MATCH (n) WHERE n.set = 'DELETE' RETURN n.delete AS set, {create: 1} // DROP")
[]
>>> commands("MATCH (n) SET n.x = 1 WITH n CALL dbms.setConfigValue('a', 'b')")
['SET', 'CALL dbms.setConfigValue']
>>> commands("TERMINATE TRANSACTIONS 'neo4j-transaction-42'")
['TERMINATE TRANSACTIONS']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Clauses that write the graph, or run outside the one read transaction (LOAD CSV reads files
#: and URLs from the server; CALL {…} IN TRANSACTIONS commits on its own).
WRITE_CLAUSES = frozenset({"CREATE", "INSERT", "MERGE", "DELETE", "DETACH", "SET", "REMOVE"})
WRITE_CLAUSES |= {"FOREACH", "LOAD"}
#: Administration: databases, users, roles, privileges, servers, transactions, schema.
ADMIN_COMMANDS = frozenset(
    {"SHOW", "TERMINATE", "DROP", "ALTER", "RENAME", "GRANT", "DENY", "REVOKE", "START", "STOP"}
) | {"ENABLE", "DEALLOCATE", "REALLOCATE", "DRYRUN"}
#: SHOW commands that only describe the schema, and are left to read-only use.
SCHEMA_SHOWS = frozenset({"INDEX", "INDEXES", "CONSTRAINT", "CONSTRAINTS"})
SCHEMA_SHOWS |= {"FUNCTION", "FUNCTIONS", "PROCEDURE", "PROCEDURES"}
#: Procedures run in a read transaction, but those in DBMS mode change the server, and some
#: library procedures start transactions of their own or touch files and the network. Refused:
#: every dbms.* procedure but these, and any procedure with a name part starting with a verb below.
INFO_DBMS_PROCEDURES = frozenset({"dbms.components", "dbms.info", "dbms.showcurrentuser"})
CHANGING_VERBS = (
    "create", "drop", "delete", "remove", "set", "merge", "write", "mutate", "kill", "terminate",
    "clear", "checkpoint", "install", "uninstall", "refactor", "import", "export", "load",
    "periodic", "trigger", "run", "doit", "schedule", "submit", "add", "update", "reset",
    "upgrade", "start", "stop", "enable", "disable", "rename", "lock", "atomic",
)  # fmt: skip

# How a keyword sets up the next word: another keyword (ORDER BY, IS NULL, UNION ALL, OPTIONAL
# MATCH), or the end of an expression (DESC, END, NULL); after any other, a name or value follows.
_KEYWORD_NEXT = frozenset({"EXPLAIN", "PROFILE", "UNION", "ALL", "OPTIONAL", "DETACH", "ORDER"})
_KEYWORD_NEXT |= {"STARTS", "ENDS", "IS", "ON", "LOAD"}
_ENDS_EXPRESSION = frozenset({"ASC", "DESC", "ASCENDING", "DESCENDING", "END", "NULL", "TRUE"})
_ENDS_EXPRESSION |= {"FALSE"}
# Where a value is expected, these are still keywords: NOT x, DISTINCT x, CASE WHEN …
_PREFIX_KEYWORDS = frozenset({"NOT", "DISTINCT", "CASE"})
_SUBQUERY_AFTER = frozenset({"CALL", "EXISTS", "COUNT", "COLLECT"})
_DISPLAY = {"DETACH": "DETACH DELETE", "LOAD": "LOAD CSV"}

# The parser's states: a keyword must come next (a clause starts), a name or value must come
# next (an operand), or an expression or pattern has just ended (a keyword or operator follows).
CLAUSE, OPERAND, ENDED = "clause", "operand", "ended"

_TOKEN = re.compile(
    r"""
     (?P<space>\s+)
    |(?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
    |(?P<string>'(?:[^'\\]|\\.)*(?:'|\Z)|"(?:[^"\\]|\\.)*(?:"|\Z))
    |(?P<quoted>`(?:[^`]|``)*(?:`|\Z))
    |(?P<param>\$(?:\w+|`[^`]*`?))
    |(?P<number>\d[\w.]*)
    |(?P<word>[^\W\d]\w*)
    |(?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # string, quoted, param, number, word or punct
    text: str

    @property
    def upper(self) -> str:
        return self.text.upper() if self.kind == "word" else ""


def tokens(cypher: str) -> list[Token]:
    """The statement's tokens, without spaces and comments."""
    return [
        Token(m.lastgroup or "punct", m.group())
        for m in _TOKEN.finditer(cypher)
        if m.lastgroup not in ("space", "comment")
    ]


def commands(cypher: str) -> list[str]:
    """The writing or administrative commands in a statement, in order, each once.

    Every word is read as a keyword or a name from where it stands (Neo4j accepts keywords as
    names: ``WITH 1 AS call CALL …`` is valid), so a name never hides the clause that follows it.
    """
    toks = tokens(cypher)
    found: list[str] = []
    state = CLAUSE
    # One entry per open bracket: does it hold clauses (a CALL/EXISTS/COUNT { … } subquery)?
    blocks: list[bool] = []
    for i, tok in enumerate(toks):
        if tok.kind == "punct":
            if tok.text in "([{":
                block = tok.text == "{" and i > 0 and _opens_subquery(toks, i)
                blocks.append(block)
                state = CLAUSE if block else OPERAND
            elif tok.text in ")]}":
                if blocks:
                    blocks.pop()
                state = ENDED
            elif tok.text == ";":
                state = CLAUSE
            elif tok.text == "*" and state == OPERAND:
                state = ENDED  # RETURN *, count(*); otherwise * multiplies
            else:
                state = OPERAND  # , . : = + - < > | …: a name or value follows
            continue
        if tok.kind != "word":
            state = ENDED  # a string, number, parameter or `quoted name`
            continue
        word = tok.upper
        is_keyword = state != OPERAND or word in _PREFIX_KEYWORDS
        is_keyword |= word == "WHEN" and toks[i - 1].upper == "CASE"
        if not is_keyword:
            state = ENDED  # a name: variable, alias, property, label, function, map key
            continue
        if not blocks or blocks[-1]:
            found.extend(_command(toks, i))
        if word in _KEYWORD_NEXT:
            state = CLAUSE
        elif word in _ENDS_EXPRESSION:
            state = ENDED
        else:
            state = OPERAND
    return list(dict.fromkeys(found))


def _command(toks: list[Token], i: int) -> list[str]:
    """What the keyword at ``i`` does that a read-only statement may not, if anything."""
    word = toks[i].upper
    if word in WRITE_CLAUSES:
        return (
            [] if word == "DELETE" and toks[i - 1].upper == "DETACH" else [_DISPLAY.get(word, word)]
        )
    if word in ADMIN_COMMANDS and not _schema_show(toks, i):
        following = toks[i + 1].upper if i + 1 < len(toks) else ""
        return [f"{word} {following}".strip()]
    if word == "IN" and _in_transactions(toks, i):
        return ["CALL { … } IN TRANSACTIONS"]
    if word == "CALL" and (name := _procedure(toks, i)) and _changes(name):
        return [f"CALL {name}"]
    return []


def _opens_subquery(toks: list[Token], i: int) -> bool:
    """``{`` at ``i`` opens a subquery: CALL {, EXISTS {, COUNT {, COLLECT {, CALL (x) {."""
    prev = toks[i - 1]
    if prev.upper in _SUBQUERY_AFTER:
        return True
    if prev.text != ")":
        return False
    depth = 0
    for j in range(i - 1, -1, -1):  # find the "(" of CALL (a, b) {
        depth += {")": 1, "(": -1}.get(toks[j].text, 0) if toks[j].kind == "punct" else 0
        if depth == 0:
            return j > 0 and toks[j - 1].upper == "CALL"
    return False


def _schema_show(toks: list[Token], i: int) -> bool:
    if toks[i].upper != "SHOW":
        return False
    for tok in toks[i + 1 : i + 5]:
        if tok.upper in SCHEMA_SHOWS:
            return True
        if tok.kind != "word" or tok.upper in ("YIELD", "WHERE"):
            break
    return False


def _in_transactions(toks: list[Token], i: int) -> bool:
    """``IN [n] [CONCURRENT] TRANSACTIONS`` after a CALL { … } subquery."""
    for tok in toks[i + 1 : i + 4]:
        if tok.upper in ("TRANSACTIONS", "TRANSACTION"):
            return True
        if not (tok.kind in ("number", "param") or tok.upper == "CONCURRENT"):
            return False
    return False


def _procedure(toks: list[Token], i: int) -> str:
    """The dotted name after CALL (empty for a CALL { … } subquery)."""
    parts: list[str] = []
    for tok in toks[i + 1 :]:
        if tok.kind in ("word", "quoted"):
            parts.append(tok.text.strip("`"))
        elif tok.text != ".":
            break
    return ".".join(parts)


def _changes(name: str) -> bool:
    folded = name.casefold()
    if folded.startswith("dbms."):
        return folded not in INFO_DBMS_PROCEDURES
    return any(part.startswith(CHANGING_VERBS) for part in folded.split(".")[1:])
