"""The docs are part of the product: every command has help text and a place in the README, and
the README's install/run/test commands are the ones CI runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from kg.cli import app

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_the_cli_has_the_commands_the_issues_ask_for():
    assert {"sources", "build", "stats", "extract", "eval"} <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_and_a_readme_section(command):
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert len(typer.main.get_command(app).commands[command].help or "") > 20  # type: ignore[attr-defined]
    assert re.search(rf"^### `kg {command}\b", README, re.M), (
        f"README has no section for kg {command}"
    )


def test_ci_runs_the_readme_install_and_test_commands():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", README, re.S).group(1)
    install, run, test = (line.split("#")[0].strip() for line in block.strip().splitlines()[:3])
    assert (install, run, test) == ('pip install -e ".[dev]"', "kg build", "python -m pytest")
    assert install in ci and test in ci


def test_the_readme_python_api_quick_start_runs(tmp_path, monkeypatch):
    code = re.search(r"## Python API\n.*?```python\n(.*?)```", README, re.S).group(1)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("KG_HOME", str(tmp_path / "kg"))
    monkeypatch.delenv("NEO4J_URI", raising=False)
    exec(compile(code, "README.md", "exec"), {})
    page = (tmp_path / "fazl.html").read_text("utf-8")
    assert "Fazl Barez" in page and "Tung-Yu Wu" in page


def test_the_readme_shows_what_the_run_command_prints(tmp_path):
    """The summary under "`kg build` prints:" is what `kg build` prints for the sample."""
    shown = re.search(r"`kg build` prints:\n\n```\n(.*?)```", README, re.S).group(1)
    result = CliRunner().invoke(
        app, ["build", "--store", str(tmp_path / "store"), "--backend", "networkx"]
    )
    assert result.exit_code == 0, result.output
    printed = result.stdout[result.stdout.index("graph now holds") :]
    assert printed == shown[shown.index("graph now holds") :]
