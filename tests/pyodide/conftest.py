"""Fixtures for running the engine inside Pyodide under Node."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.build_site import ensure_site  # noqa: E402

# tests/pyodide/inner/ holds checks of the harness that only make sense inside Pyodide;
# test_in_pyodide.py runs them there.
collect_ignore = ["inner"]


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site (rebuilt first if a source is newer): run.mjs takes the engine wheel from it."""
    return ensure_site(ROOT)
