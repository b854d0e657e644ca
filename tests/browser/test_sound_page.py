"""Sound in Chromium: off by default (no AudioContext is even made), one switch that is remembered, and nothing
while reduced motion is asked for. (Nobody hears the test: it counts the AudioContexts made.)"""

from __future__ import annotations

import pytest
from board_driver import click_action, legal, open_page, wait_for_player
from playwright.sync_api import Page

from tools.browser import QUICK_COMPUTERS, Recorder, wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)
COUNT_CONTEXTS = """
window.kingsburgAudio = 0;
const Plain = window.AudioContext;
window.AudioContext = class extends Plain {
  constructor(...args) { super(...args); window.kingsburgAudio += 1; }
};
"""


def decide(page: Page, count: int) -> None:
    """People's decisions (first choices, by clicks): 12 always reach the next season's dice."""
    for _ in range(count):
        if wait_for_player(page)["handover"]:
            page.click("[data-action=reveal]")
        click_action(page, legal(page)[0])


def contexts(page: Page) -> int:
    return page.evaluate("window.kingsburgAudio")


@pytest.mark.long
def test_sound_is_off_by_default_and_the_switch_toggles_and_persists(
    server: SiteServer, page: Page, recorder: Recorder
) -> None:
    page.add_init_script(COUNT_CONTEXTS + QUICK_COMPUTERS)
    open_page(page, server.url + "?seats=human,random&seed=4&speed=fast")
    switch = "#topbar [data-action=sound]"
    assert page.get_attribute(switch, "aria-pressed") == "false"
    decide(page, 12)
    assert contexts(page) == 0  # off: never made

    page.click(switch)
    page.wait_for_selector(f"{switch}[aria-pressed=true]")
    page.reload()
    wait_until_ready(page)
    assert page.get_attribute(switch, "aria-pressed") == "true"  # remembered
    decide(page, 12)
    assert contexts(page) == 1  # on: made at the first sound, once

    page.emulate_media(reduced_motion="reduce")
    page.reload()
    wait_until_ready(page)
    decide(page, 12)
    assert contexts(page) == 0  # reduced motion: silent
    page.emulate_media(reduced_motion="no-preference")
    page.click(switch)
    page.wait_for_selector(f"{switch}[aria-pressed=false]")
    assert page.evaluate("localStorage.getItem('kingsburg/v1/sound')") == "off"
    assert recorder.errors == []
