"""docs/buttons.md is what tools/make_buttons_doc.py writes from the page's own button labels."""

from __future__ import annotations

from tools.make_buttons_doc import DOC, render


def test_the_buttons_doc_is_the_page_s_labels() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert text == render(), "run: python -m tools.make_buttons_doc"
    assert "| recruit | `recruit gold+gold` | Recruit 1 soldier for 2 gold" in text  # the words a hint needs
