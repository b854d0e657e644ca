"""The page's pure-Python model (web/app/) on CPython: no browser needed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from fake_storage import FakeStorage  # noqa: E402


@pytest.fixture
def storage() -> FakeStorage:
    return FakeStorage()
