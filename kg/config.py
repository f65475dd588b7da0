"""Settings from flags and the environment. The Neo4j password comes only from the environment
(or a prompt in the CLI): it is never a flag, never printed, and kept out of reprs."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from kg.errors import ConfigError

DEFAULT_HOME = Path(".kg")
DEFAULT_NEO4J_USER = "neo4j"
#: Seconds a build waits for another process's write to the same embedded store.
DEFAULT_LOCK_TIMEOUT = 300.0
#: Papers with more authors than this get AUTHORED links but no COAUTHOR pairs (``kg build
#: --max-coauthors``; kg.graph). The 11,283-paper corpus has at most 69 authors on a paper.
MAX_COAUTHORS = 100


@dataclass(frozen=True, slots=True)
class Settings:
    home: Path
    neo4j_uri: str | None = None
    neo4j_user: str = DEFAULT_NEO4J_USER
    neo4j_password: str | None = field(default=None, repr=False)
    neo4j_database: str | None = None
    lock_timeout: float = DEFAULT_LOCK_TIMEOUT

    @property
    def author_overrides(self) -> Path | None:
        """The override file `kg build` and `kg authors` read when none is named."""
        path = self.home / "author-overrides.txt"
        return path if path.exists() else None


def load_settings(
    *, store: Path | None = None, neo4j_uri: str | None = None, neo4j_user: str | None = None
) -> Settings:
    """Flags win over the environment.

    Variables: KG_HOME, NEO4J_URI, NEO4J_USER, NEO4J_PASSWORD, NEO4J_DATABASE, KG_LOCK_TIMEOUT.
    """
    env = os.environ
    timeout = env.get("KG_LOCK_TIMEOUT") or str(DEFAULT_LOCK_TIMEOUT)
    try:
        lock_timeout = float(timeout)
    except ValueError:
        raise ConfigError(f"KG_LOCK_TIMEOUT must be a number of seconds, not {timeout!r}") from None
    return Settings(
        home=store or Path(env.get("KG_HOME") or DEFAULT_HOME),
        neo4j_uri=neo4j_uri or env.get("NEO4J_URI") or None,
        neo4j_user=neo4j_user or env.get("NEO4J_USER") or DEFAULT_NEO4J_USER,
        neo4j_password=env.get("NEO4J_PASSWORD") or None,
        neo4j_database=env.get("NEO4J_DATABASE") or None,
        lock_timeout=lock_timeout,
    )
