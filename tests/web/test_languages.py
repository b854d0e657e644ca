"""Choosing the page's language (web/app/languages.py, ``?lang=`` in web/app/params.py): the address's, else the
start screen's kept choice, else the browser's languages, else English; a bad ``lang`` said, changing nothing."""

from __future__ import annotations

import pytest
from app.controller import App
from app.languages import LANGUAGES, SOURCE, best_match, catalogue_urls, choose, language_switch
from app.params import language_in, parse
from app.storage import SaveStore
from fake_storage import FakeStorage

from kingsburg import i18n


@pytest.mark.parametrize(
    ("asked", "stored", "browser", "shown"),
    [
        ("fr", "de", ["de-DE"], "fr"),  # the address wins
        (None, "de", ["fr-FR"], "de"),  # then the choice kept on this device
        (None, None, ["it-IT", "fr-CA", "de"], "fr"),  # then the first of the browser's the game speaks
        (None, "klingon", ["en-GB"], "en"),  # a damaged stored value is passed over
        (None, 42, [], "en"),  # storage holding something else entirely
        (None, None, ["it", "es"], "en"),  # none spoken: English
        (None, None, [], "en"),
    ],
)
def test_the_language_shown(asked: str | None, stored: object, browser: list[str], shown: str) -> None:
    assert choose(asked, stored, browser) == shown


def test_browser_tags_match_by_their_primary_subtag() -> None:
    assert best_match(["DE-at"]) == "de"
    assert best_match(["fr_BE"]) == "fr"
    assert best_match(["x-klingon", "en-US"]) == "en"


def test_english_fetches_nothing_and_another_language_its_two_catalogues() -> None:
    assert catalogue_urls(SOURCE) == []
    assert catalogue_urls("de") == ["./locale/de/page.mo", "./locale/de/engine.mo"]


@pytest.mark.parametrize("code", [*LANGUAGES, "pseudo"])
def test_lang_in_the_address(code: str) -> None:
    p = parse(f"?lang={code.upper()}")
    assert p.lang == code and not p.problems
    assert language_in(f"?lang={code}") == code


@pytest.mark.parametrize("raw", ["xx", "deutsch", "de-DE", "", "../locale"])
def test_a_bad_lang_is_said_and_changes_nothing(raw: str) -> None:
    p = parse(f"?lang={raw}")
    assert p.lang is None
    assert len(p.problems) == 1 and "the languages are en (English), de (Deutsch), fr (Français)" in p.problems[0]
    assert language_in(f"?lang={raw}") is None


def test_a_bad_lang_is_shown_on_the_start_screen(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?lang=xx")
    assert "the languages are en (English)" in app.views()["app"]


def test_the_start_screen_offers_each_language_by_its_own_name(storage: FakeStorage) -> None:
    html = App(SaveStore(storage), "").views()["app"]
    assert 'data-action="language"' in html
    for code, name in LANGUAGES.items():
        assert f'value="{code}"' in html and name in html
    assert 'value="en" lang="en" selected' in str(language_switch(i18n.language()))
