"""The page's pure-Python model (web/app/) on CPython: no browser needed."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))

from fake_storage import FakeStorage  # noqa: E402

from kingsburg import i18n  # noqa: E402
from tools.messages import translation  # noqa: E402


@pytest.fixture
def storage() -> FakeStorage:
    return FakeStorage()


@pytest.fixture(params=["de", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The page model in German, then in French (the catalogues of locale/, read by Babel); English after."""
    code: str = request.param
    i18n.use(translation(code), code)
    yield code
    i18n.use(None)
