"""The page's Python files: web/app/ never needs a browser, and start-up stays light."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app"
BROWSER_ONLY = {"js", "pyodide", "pyscript"}


def test_web_app_never_imports_the_browser() -> None:
    for path in APP.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in BROWSER_ONLY, f"{path.name} imports {name}"


def test_bots_are_not_imported_at_start_up() -> None:
    """Boot stays light: kingsburg.bots is imported only when a game has a computer seat."""
    for path in APP.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        for node in top_level:
            module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
            assert not (module or "").startswith("kingsburg.bots"), path.name
