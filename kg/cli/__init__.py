"""The `kg` command line. Commands parse options, call one library function and format its answer;
this package is the only place that prints or exits. Library errors (KGError) become a one-line
message and an exit code (:func:`kg.cli.common.run`). The commands live by what they work on:
:mod:`kg.cli.build` reads listings and makes the graph, :mod:`kg.cli.explore` reads it."""

from __future__ import annotations

import os

from kg.cli import build, explore  # noqa: F401  (registers the commands)
from kg.cli.common import app

__all__ = ["app", "main"]


def main() -> None:
    os.environ.setdefault("PYTHONIOENCODING", "utf-8")
    app()


if __name__ == "__main__":
    main()
