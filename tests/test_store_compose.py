"""docker-compose.yml can't be run here (no Docker engine); check what it promises users:
the image, where the data lives, that the password comes only from the environment, and that
the healthcheck command really hands cypher-shell the password from NEO4J_AUTH."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest

yaml = pytest.importorskip("yaml")

COMPOSE = Path(__file__).resolve().parents[1] / "docker-compose.yml"


@pytest.fixture(scope="module")
def neo4j_service() -> dict[str, Any]:
    service: dict[str, Any] = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"][
        "neo4j"
    ]
    return service


def test_runs_neo4j_5_26_community_with_data_in_a_named_volume(
    neo4j_service: dict[str, Any],
) -> None:
    compose = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
    assert neo4j_service["image"] == "neo4j:5.26-community"
    assert "neo4j_data:/data" in neo4j_service["volumes"]
    assert "neo4j_data" in compose["volumes"]
    published = {p.rsplit(":", 1)[-1] for p in neo4j_service["ports"]}
    assert published == {"7474", "7687"}


def test_the_password_comes_only_from_the_environment(neo4j_service: dict[str, Any]) -> None:
    assert neo4j_service["environment"]["NEO4J_AUTH"] == (
        "neo4j/${NEO4J_PASSWORD:?set NEO4J_PASSWORD}"
    )
    # Any other NEO4J_* variable would become a neo4j.conf setting in the official image.
    others = set(neo4j_service["environment"]) - {"NEO4J_AUTH"}
    assert all(name.startswith("NEO4J_server_") for name in others)


def test_healthcheck_gives_cypher_shell_the_password_from_neo4j_auth(
    neo4j_service: dict[str, Any], tmp_path: Path
) -> None:
    kind, command = neo4j_service["healthcheck"]["test"]
    assert kind == "CMD-SHELL" and "'RETURN 1'" in command
    # A stand-in cypher-shell that records what it was given, run the way Docker runs
    # CMD-SHELL (sh -c) after compose turned `$$` into `$`.
    fake = tmp_path / "cypher-shell"
    fake.write_text(
        '#!/bin/sh\nprintf "%s|%s|%s" "$NEO4J_USERNAME" "$NEO4J_PASSWORD" "$*" > "$OUT"\n'
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    env = {
        "PATH": f"{tmp_path}:{os.environ['PATH']}",
        "NEO4J_AUTH": "neo4j/p4ss word's",
        "OUT": str(tmp_path / "seen"),
    }
    done = subprocess.run(["sh", "-c", command.replace("$$", "$")], env=env, check=False)

    assert done.returncode == 0
    user, password, args = (tmp_path / "seen").read_text().split("|")
    assert (user, password) == ("neo4j", "p4ss word's")
    assert "p4ss" not in args and args.endswith("RETURN 1")
