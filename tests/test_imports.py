"""Every kg module imports on its own: a script or a plugin that starts with ``import kg.viz`` or
``from kg.index import GraphIndex`` must not meet a circular import that the CLI's import order
happens to hide."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import kg

CHECK = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "kg" or m.startswith("kg.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as exc:  # report every module, not the first
        failed.append(f"{name}: {type(exc).__name__}: {exc}")
print("\\n".join(failed))
"""


def test_every_module_imports_first() -> None:
    names = [
        m.name
        for m in pkgutil.walk_packages(kg.__path__, prefix="kg.")
        if not m.name.endswith("__main__")  # runs the CLI
    ]
    assert "kg.index" in names and "kg.store.fileformat" in names
    done = subprocess.run(
        [sys.executable, "-c", CHECK, *names], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""
