"""Every word the page's model shows goes through the message catalogue (issue 25): the main screens drawn with a
translation that marks every message show no word outside the marks but the engine's, names and numbers
(tools/untranslated.py walks them: the start screen and its rules, a game with computers to its end with its
scenes, results and replay, a hotseat's hand-over, the hint, the share dialog, the editor, the second edition's
variants, every step of the tutorial and the lessons' list)."""

from __future__ import annotations

from app.markup import fill, html

import kingsburg.i18n as i18n
from tools import untranslated


def test_no_word_of_the_main_screens_is_left_out_of_the_catalogue() -> None:
    assert untranslated.report() == []
    assert i18n.language() == "en"  # the walk puts English back


def test_a_word_left_out_is_found_and_a_field_is_checked_on_its_own() -> None:
    i18n.use(untranslated.Marked(), "xx")
    try:
        wrapped = fill(i18n._("Take {good}"), good=html("<b>{}</b>", "gold"))  # the field's word is not translated
        shown = html('<p title="{}">{}</p>', i18n._("Close"), "Hello there") + wrapped
    finally:
        i18n.use(None)
    left = list(untranslated.leftovers(untranslated.texts(shown), untranslated.NAMES, "Jester\nthe King"))
    assert left == ["Hello there", "gold"]


def test_the_engine_s_words_names_and_numbers_are_not_the_page_s() -> None:
    runs = iter(["Ann", "3 + 2 = 5", "+1 Jester", "the King · 12", "IV"])
    assert list(untranslated.leftovers(runs, untranslated.NAMES, "Jester\nthe King")) == []
