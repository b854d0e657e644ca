"""A whole game on a small phone (360x740), in German, two people at the device and a computer: the phone's layout
(tests/browser/phone.py) at each of the people's decisions and over every frame, hand-overs between the people, and
no English sentence of the catalogues on any screen (issue 25: each decision, each hand-over, each winter battle
and year's review, the end), ``<html lang>`` "de", the log in German. German's long words on the narrowest screen,
where they are likeliest to be cut off. test_screen_is_the_engine.py plays the phone's layout at 390x844 in English
against computers, under every rules option.

Layout is measured in CSS pixels, so nothing here depends on the machine's speed.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from board_driver import click_action, legal, open_page, wait_for_player
from english import GERMAN_DICE, SENTENCES, english_on_screen
from phone import BOARD_BOXES, PhoneScreen
from playwright.sync_api import BrowserContext

from tools.browser import QUICK_COMPUTERS, Recorder
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(600)


@pytest.mark.long
def test_a_whole_game_in_german_on_a_small_phone_keeps_its_layout_and_shows_no_english(
    new_context: Callable[..., BrowserContext], server: SiteServer, recorder: Recorder
) -> None:
    assert len(SENTENCES) > 300  # the catalogues were read
    context = new_context((360, 740), QUICK_COMPUTERS + BOARD_BOXES)  # a phone's: touch, a mobile viewport
    page = context.new_page()
    open_page(page, server.url + "?lang=de&seats=human,human,normal&names=Ann,Brian,Cindy&seed=4&speed=instant")
    english_on_screen(page, "the board at the start")
    phone = PhoneScreen(page)
    checked = {"decision": 0, "handover": 0, "winter": 0, "year": 0}
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
        elif state["handover"]:
            english_on_screen(page, f"the hand-over to {state['handover']}")
            checked["handover"] += 1
            page.click("[data-action=reveal]")
        else:
            where = f"decision {state['decisions']}"
            english_on_screen(page, where)
            phone.check(where)
            checked["decision"] += 1
            click_action(page, legal(page)[0], GERMAN_DICE)
    else:
        raise AssertionError("the game did not end")
    english_on_screen(page, "the end of the game")
    # The fifth winter may come with the game's end (data-over): the end screen is checked above.
    assert checked["winter"] >= 4 and checked["year"] >= 4, checked
    assert checked["decision"] > 40 and checked["handover"] > 0, checked
    phone.check_end()
    log = page.text_content("#log") or ""
    assert "Jahr 5" in log and "Year " not in log and "Phase 1: Königliche Hilfe" in log
    assert recorder.errors == []
