"""The Python examples in README.md and docs/*.md run as written.

Each ```python block runs in order in one namespace per file (a later block may use what an earlier one made).
A block written as a ``>>>`` session is a doctest: its printed results are checked too. CPython only: the
Pyodide run mounts tests/engine alone, and the examples are plain engine calls already tested there.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


def blocks(path: Path) -> list[str]:
    return BLOCK.findall(path.read_text(encoding="utf-8"))


def test_the_docs_have_examples() -> None:
    counts = {p.name: len(blocks(p)) for p in FILES}
    assert counts["README.md"] >= 1 and counts["api.md"] >= 1 and counts["bots.md"] >= 2, counts


@pytest.mark.parametrize("path", [p for p in FILES if blocks(p)], ids=lambda p: p.name)
def test_examples_run(path: Path) -> None:
    namespace: dict[str, object] = {"__name__": f"example_{path.stem}"}
    for i, code in enumerate(blocks(path)):
        where = f"{path.name} block {i + 1}"
        if code.lstrip().startswith(">>>"):
            test = doctest.DocTestParser().get_doctest(code, namespace, where, str(path), 0)
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            out = io.StringIO()
            result = runner.run(test, out=out.write, clear_globs=False)
            assert result.failed == 0, out.getvalue()
        else:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, where, "exec"), namespace)
