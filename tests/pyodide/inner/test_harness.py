"""Checks of the Pyodide harness itself, run by tests/pyodide/test_in_pyodide.py inside Pyodide.

Not collected on CPython (tests/pyodide/conftest.py ignores this folder).
"""

from __future__ import annotations

import sys
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st


def test_runs_inside_pyodide() -> None:
    assert sys.platform == "emscripten"


def test_engine_comes_from_the_wheel() -> None:
    import kingsburg

    assert "site-packages" in Path(kingsburg.__file__).parts


def test_no_bytecode_written_to_host() -> None:
    assert sys.dont_write_bytecode


@given(st.integers())
def test_hypothesis_works(n: int) -> None:
    assert n - n == 0
