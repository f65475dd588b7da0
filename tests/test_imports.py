"""Every kg module imports on its own: a script or a plugin that starts with ``import kg.viz`` or
``from kg.index import GraphIndex`` must not meet a circular import that the CLI's import order
happens to hide. And every module stays small enough to read whole (issue 9 split the 1,757-line
extraction module by stage; this keeps it split)."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

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


#: the longest a module of kg may grow before it is split by what its parts do
MAX_LINES = 800


def test_no_module_outgrows_one_reading() -> None:
    root = Path(kg.__file__).parent
    sizes = {
        p.relative_to(root.parent): len(p.read_text().splitlines()) for p in root.rglob("*.py")
    }
    assert len(sizes) > 50 and Path("kg/extract/candidates.py") in sizes
    too_long = {str(p): n for p, n in sizes.items() if n > MAX_LINES}
    assert not too_long, f"split by stage, each under {MAX_LINES} lines: {too_long}"
