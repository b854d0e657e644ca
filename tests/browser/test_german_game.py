"""A whole game in German in Chromium (issue 25): one person against a computer, ``?lang=de``; at each of the
person's decisions, each winter battle and each year's review, no English sentence of the catalogues is on screen,
``<html lang>`` is "de" and the log speaks German.

The sentences are the English msgids of ``locale/page.pot`` and ``locale/engine.pot`` of at least two words, each
placeholder a wildcard; a message whose German translation is the English one (a name, "Ok") is left out."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
from babel.messages.pofile import read_po
from board_driver import click_action, legal, open_page, wait_for_player
from playwright.sync_api import Browser, Page

from tools.browser import NO_CLOCKS, QUICK_COMPUTERS, READY_TIMEOUT_MS, SNAPSHOT_FROM_SITE
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(600)

LOCALE = Path(__file__).resolve().parents[2] / "locale"
WORD = re.compile(r"[A-Za-z]{2,}")
FIELD = re.compile(r"\{[^{}]*\}")


class Sentence(NamedTuple):
    parts: tuple[str, ...]  # the message's words between its placeholders
    pattern: re.Pattern[str]  # the parts in order, each placeholder anything within one line

    def on(self, text: str) -> bool:
        # The parts as plain substrings first: a thousand lazy patterns over a whole screen took a quarter of a
        # second per screen; a sentence whose parts are not all there cannot match.
        return all(part in text for part in self.parts) and self.pattern.search(text) is not None


def english_sentences() -> dict[str, Sentence]:
    """Each English message of two words or more (not counting its placeholders) whose German differs, as a
    pattern that finds it in a page's text whatever its placeholders hold (within one line)."""
    out: dict[str, Sentence] = {}
    for domain in ("page", "engine"):
        with (LOCALE / f"{domain}.pot").open("rb") as f:
            template = read_po(f)
        with (LOCALE / "de" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            german = read_po(f)
        for message in template:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            translated = german.get(message.id, message.context)
            strings = translated.string if translated is not None else ""
            germans = set(strings) if isinstance(strings, tuple) else {strings}
            for english in ids:
                if english in germans or len(WORD.findall(FIELD.sub(" ", english))) < 2:
                    continue
                parts = FIELD.split(english)
                # A placeholder holds a name, a number or a phrase of one line: never the whole screen.
                pattern = re.compile(r"[^\n]+?".join(re.escape(p) for p in parts))
                out[english] = Sentence(tuple(p for p in parts if p), pattern)
    return out


SENTENCES = english_sentences()
GERMAN_DICE = ("Würfel {}", "Weißer Würfel {}", "Bonuswürfel {}")  # board_driver.DICE_LABELS in German


def english_on_screen(page: Page, where: str) -> None:
    text = page.evaluate("document.body.innerText")
    found = [english for english, sentence in SENTENCES.items() if sentence.on(text)]
    assert found == [], f"{where}: English on screen: {found}"
    assert page.evaluate("document.documentElement.lang") == "de", where


@pytest.mark.long
def test_a_whole_game_in_german_shows_no_english_sentence(browser: Browser, server: SiteServer) -> None:
    assert len(SENTENCES) > 300  # the catalogues were read
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(NO_CLOCKS + QUICK_COMPUTERS + SNAPSHOT_FROM_SITE)
    try:
        page = context.new_page()
        open_page(page, server.url + "?lang=de&seats=human,normal&names=Ann,Brian&seed=4&speed=instant")
        english_on_screen(page, "the board at the start")
        checked = {"decision": 0, "winter": 0, "year": 0}
        for _ in range(1500):
            state = wait_for_player(page, close_scenes=False)
            if state["over"] == "1":
                break
            if state["scene"]:
                page.wait_for_selector("#overlay [data-action=scene-next]")
                english_on_screen(page, f"the {state['scene']} scene")
                checked[state["scene"]] = checked.get(state["scene"], 0) + 1
                page.click("#overlay [data-action=scene-next]")
                page.wait_for_function(f"document.getElementById('app').dataset.scene !== '{state['scene']}'")
                continue
            english_on_screen(page, f"decision {state['decisions']}")
            checked["decision"] += 1
            click_action(page, legal(page)[0], GERMAN_DICE)
        else:
            raise AssertionError("the game did not end")
        english_on_screen(page, "the end of the game")
        # The fifth winter may come with the game's end (data-over): the end screen is checked above.
        assert checked["winter"] >= 4 and checked["year"] >= 4 and checked["decision"] > 20, checked
        log = page.text_content("#log") or ""
        assert "Jahr 5" in log and "Year " not in log and "Phase 1: Königliche Hilfe" in log
    finally:
        context.close()
