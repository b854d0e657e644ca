"""docs/buttons.md is what tools/make_buttons_doc.py writes from the page's own button labels."""

from __future__ import annotations

import pytest

from tools.make_buttons_doc import DOC, render


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
def test_the_buttons_doc_is_the_page_s_labels() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text == render(), "run: python -m tools.make_buttons_doc"
    assert "| recruit | `recruit gold+gold` | Recruit 1 soldier for 2 gold" in text  # the words a hint needs
