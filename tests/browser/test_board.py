"""The board in Chromium: whole games by clicks, hotseat, computers, saving and reloading, files, long tasks,
keyboard, screenshots at desktop and phone widths."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
from board_driver import (
    FRAMES,
    click_action,
    frames_during,
    legal,
    markers,
    open_page,
    settle,
    start_from_the_start_screen,
    wait_for_player,
)
from phone import DESKTOP_AND_PHONE
from playwright.sync_api import BrowserContext, Page

from tools.browser import (
    READY_TIMEOUT_MS,
    Recorder,
    wait_until_ready,
)
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(600)


# Spring of year I: Brian decides first, then Ann, who has looked at the enemy card (Brian has not).
HOTSEAT = json.loads((Path(__file__).parents[1] / "positions" / "hotseat-secret.json").read_text())
HOTSEAT_URL = "?position=" + quote(json.dumps(HOTSEAT), safe="") + "&play=1&seats=human,human&speed=instant"


def one_die(page: Page) -> str:
    """A placement of a single die, so the player keeps dice for another round."""
    return next(a for a in legal(page) if a.startswith("place ") and "+" not in a)


def test_hotseat_hands_the_device_over_only_when_a_secret_would_show(
    server: SiteServer, page: Page, results_dir: Path
) -> None:
    open_page(page, server.url + HOTSEAT_URL)
    state = wait_for_player(page)
    assert (state["handover"], state["screen"]) == ("", "1")  # a position for people opens on the board
    click_action(page, one_die(page))  # Brian places: Ann's screen would show her look at the card
    state = wait_for_player(page)
    assert state["handover"] == "0" and page.inner_text("#overlay h2") == "Pass the device to Ann"
    assert "you looked" not in page.inner_text("#topbar")
    page.screenshot(path=str(results_dir / "handover.png"))
    page.click("[data-action=reveal]")
    assert markers(page)["screen"] == "0" and "you looked" in page.inner_text("#topbar")
    click_action(page, one_die(page))  # Ann places: Brian's screen hides nothing from her
    state = wait_for_player(page)
    assert (state["handover"], state["screen"]) == ("", "1")
    assert "you looked" not in page.inner_text("#topbar")


def test_hand_overs_can_be_switched_off(server: SiteServer, page: Page) -> None:
    open_page(page, server.url + HOTSEAT_URL)
    wait_for_player(page)
    click_action(page, legal(page)[0])
    assert wait_for_player(page)["handover"] == "0"
    page.click("#overlay [data-action=handovers][data-value=off]")
    state = wait_for_player(page)
    assert (state["handover"], state["screen"]) == ("", "0")
    assert page.get_attribute("#panel [data-action=handovers]", "aria-checked") == "false"


def test_reload_in_the_middle_of_a_season_brings_back_the_same_position(
    server: SiteServer, page: Page, results_dir: Path
) -> None:
    open_page(page, server.url)
    start_from_the_start_screen(page, ["human", "human", "easy"], ["Ann", "Brian", "Cindy"])
    # Play into the influence step of the first spring, with dice already on the court.
    for _ in range(60):
        state = wait_for_player(page)
        if state["handover"]:
            page.click("[data-action=reveal]")
            continue
        if state["decision"] == "influence" and page.locator("#court .pl").count() >= 2:
            break
        click_action(page, legal(page)[0])
    settle(page)
    before = (page.evaluate("kingsburgDebug.position()"), markers(page))
    assert json.loads(before[0])["phase"] in (2, 4, 6)  # a productive season, dice on the court
    page.reload()
    wait_until_ready(page)
    wait_for_player(page)
    after = (page.evaluate("kingsburgDebug.position()"), markers(page))
    assert after == before
    page.screenshot(path=str(results_dir / "after-reload.png"))


def test_export_import_and_delete(server: SiteServer, page: Page, tmp_path: Path) -> None:
    open_page(page, server.url + "?seats=human,random&seed=9&speed=instant")
    for _ in range(5):
        wait_for_player(page)
        click_action(page, legal(page)[0])
    wait_for_player(page)  # the computer's replies taken: nothing moves between the capture and the export
    actions = page.evaluate("kingsburgDebug.actions()")
    page.click("#topbar [data-action=home]")
    page.wait_for_selector("#app[data-mode=start] .saves .save")
    with page.expect_download() as download:
        page.click(".saves [data-action=export]")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "kingsburg-game" and data["app"]["seats"][1]["kind"] == "random"

    page.click(".saves [data-action=delete]")
    page.click(".saves [data-action=delete-yes]")
    page.wait_for_selector("text=No saved games yet")

    page.set_input_files("input[type=file][data-action=import]", str(saved))
    page.wait_for_selector("#app[data-mode=game]")
    assert page.evaluate("kingsburgDebug.actions()") == actions
    assert "imported" in page.inner_text("#panel")


def test_importing_a_file_that_is_not_a_game_explains(server: SiteServer, page: Page, tmp_path: Path) -> None:
    bogus = tmp_path / "notes.json"
    bogus.write_text('{"shopping": ["bread"]}', encoding="utf-8")
    open_page(page, server.url)
    page.set_input_files("input[type=file][data-action=import]", str(bogus))
    page.wait_for_selector(".msg.err")
    assert "not a Kingsburg game" in page.inner_text(".msg.err")


def test_a_corrupted_save_gives_a_clear_message_and_spares_the_others(
    server: SiteServer, page: Page, recorder: Recorder
) -> None:
    open_page(page, server.url + "?seats=human,random&seed=1&speed=instant")
    wait_for_player(page)
    click_action(page, legal(page)[0])
    # Read where the game stands once the computer has played its turns too and the person must act: the game
    # is still then, and saved.
    wait_for_player(page)
    settle(page)
    first = markers(page)["saveId"]
    first_position = page.evaluate("kingsburgDebug.position()")
    open_page(page, server.url + "?seats=human,random&seed=2&speed=instant")
    wait_for_player(page)
    settle(page)
    second = markers(page)["saveId"]
    page.evaluate(f"localStorage.setItem('kingsburg/v1/save/{second}', '{{garbage')")
    page.reload()
    wait_until_ready(page)
    assert markers(page)["mode"] == "start"
    message = page.inner_text(".msg.err")
    assert "cannot be opened" in message
    page.click(f'.saves [data-action=continue][data-value="{first}"]')
    page.wait_for_selector("#app[data-mode=game]")
    wait_for_player(page)
    assert page.evaluate("kingsburgDebug.position()") == first_position
    assert recorder.errors == []


def test_bad_address_parameters_give_a_message_not_a_crash(server: SiteServer, page: Page, recorder: Recorder) -> None:
    open_page(page, server.url + "?seed=abc&speed=warp")
    text = page.inner_text("#app")
    assert "not a whole number" in text and "the speeds are" in text
    assert markers(page)["mode"] == "start"
    assert recorder.errors == []


@pytest.mark.parametrize(
    ("error", "warning"),
    [("QuotaExceededError", "Storage is full"), ("SecurityError", "does not allow this page to save")],
)
def test_storage_refused_shows_a_warning_and_the_game_goes_on(
    server: SiteServer, context: BrowserContext, results_dir: Path, error: str, warning: str
) -> None:
    context.add_init_script(f"Storage.prototype.setItem = function () {{ throw new DOMException('no', '{error}'); }};")
    page = context.new_page()
    open_page(page, server.url + "?seats=human,random&seed=3&speed=instant")
    assert warning in page.inner_text("#notice")  # what really happened, not a guess
    wait_for_player(page)
    click_action(page, legal(page)[0])
    assert int(markers(page)["decisions"]) >= 1


def test_computers_think_visibly_and_skip_finishes_their_turns(server: SiteServer, page: Page) -> None:
    open_page(page, server.url + "?seats=normal,normal,human&seed=12&speed=slow")
    for _ in range(30):
        state = markers(page)
        if state["myTurn"] == "0" and "is thinking" in page.inner_text("#panel"):
            break
        wait_for_player(page)
        click_action(page, legal(page)[0])
        page.wait_for_timeout(50)
    assert "is thinking" in page.inner_text("#panel")
    assert page.locator("#strips .st-turn", has_text="thinking").count() == 1
    page.click("#panel [data-action=skip]")
    page.wait_for_function(
        "document.getElementById('app').dataset.myTurn === '1' || document.getElementById('app').dataset.over === '1'",
        timeout=READY_TIMEOUT_MS,
    )


@pytest.mark.long
def test_a_hard_computer_never_blocks_the_page(new_context: Callable[..., BrowserContext], server: SiteServer) -> None:
    """On the page's own thread (``?worker=0``, as when no worker can start) Hard thinks in slices, each its own
    browser task, so the page goes on drawing frames while it thinks. How long a slice's task may take (100 ms of
    CPU time) is a budget of `make bench-page`, which plays the same game: a test's outcome must not depend on how
    busy the machine is."""
    # No deadline: every decision spends its whole budget, half of Hard's own (a slower machine only makes its
    # slices, and so the frames, more numerous: 12 a decision here, the test asks 5).
    context = new_context(script=FRAMES + "window.kingsburgClocks.hardPlayouts = 50;")
    page = context.new_page()
    # Three players: Hard's playouts run to the end of the year, so the later seasons have the longest ones.
    # tests/browser/test_worker.py has the worker's game.
    open_page(page, server.url + "?seats=hard,human,hard&seed=7&speed=instant&worker=0")
    thought = 0
    while thought < 30:
        state = wait_for_player(page, timeout_ms=120_000)
        if state["over"] == "1":
            break
        click_action(page, legal(page)[0])
        thought = page.evaluate("window.kingsburgThinking.length")
    windows = page.evaluate("Array.from(window.kingsburgThinking)")
    drawn = frames_during(page, windows)
    print(f"hard decisions: {len(windows)}, frames drawn while they thought: {drawn}")
    assert len(windows) >= 30 and {where for *_, where in windows} == {"page"}
    assert not any(cut for _, _, cut, _ in windows), "a decision was cut short: the machine's speed decided it"
    # A search in one task would let a frame through only at the few yields around it (one or two a decision);
    # a slower machine makes the slices, and so the frames, more numerous, never fewer.
    assert drawn >= 5 * len(windows), f"the page drew {drawn} frames over {len(windows)} decisions of Hard"


def test_every_decision_works_from_the_keyboard(server: SiteServer, page: Page) -> None:
    open_page(page, server.url + "?seats=human,human&seed=4&speed=instant")
    for _ in range(12):
        state = wait_for_player(page)
        if state["handover"]:
            page.focus("[data-action=reveal]")
            page.keyboard.press("Enter")
            continue
        before = state["decisions"]
        if state["decision"] == "influence":
            page.focus("#panel .die-btn")
            page.keyboard.press("Space")
            assert page.get_attribute("#panel .die-btn >> nth=0", "aria-pressed") == "true"
            assert page.evaluate("document.activeElement.classList.contains('die-btn')"), "focus was lost"
            target = page.locator("#court [data-action=act]")  # the lit advisors are buttons
            if target.count():
                target.first.focus()
            else:
                page.focus("#panel [data-value=pass]")
        else:
            page.focus("#panel [data-action=act]")
        page.keyboard.press("Enter")
        page.wait_for_function(f"document.getElementById('app').dataset.decisions !== '{before}'")


@pytest.mark.parametrize(("width", "height", "name"), DESKTOP_AND_PHONE)
def test_screenshots(
    new_context: Callable[..., BrowserContext],
    server: SiteServer,
    results_dir: Path,
    width: int,
    height: int,
    name: str,
) -> None:
    context = new_context((width, height))
    page = context.new_page()
    open_page(page, server.url)
    page.screenshot(path=str(results_dir / f"{name}-start.png"))
    open_page(page, server.url + "?seats=human,normal,easy,normal&names=Ann,Brian,Cindy,David&seed=5&speed=instant")
    while True:
        state = wait_for_player(page)
        if state["decision"] == "influence" and json.loads(page.evaluate("kingsburgDebug.position()"))["year"] == 2:
            break
        click_action(page, legal(page)[0])
    page.locator("#panel .die-btn").first.click()
    page.wait_for_timeout(700)  # let the dice land
    page.screenshot(path=str(results_dir / f"{name}-board.png"))
    if name == "phone":
        page.evaluate("document.querySelector('.main').scrollTop = document.getElementById('sheets').offsetTop")
        page.screenshot(path=str(results_dir / f"{name}-sheets.png"))
        page.evaluate("document.querySelector('.main').scrollTop = document.getElementById('strips').offsetTop")
        page.screenshot(path=str(results_dir / f"{name}-players.png"))
    else:
        assert page.evaluate("document.querySelector('.main').scrollWidth <= window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    page.click("#topbar [data-action=rules]")
    page.screenshot(path=str(results_dir / f"{name}-rules.png"))


def test_a_position_in_the_address_is_shown_for_study(server: SiteServer, page: Page, results_dir: Path) -> None:
    position = {
        "format": "kingsburg-position",
        "version": 1,
        "year": 1,
        "phase": 7,
        "turn_order": [0, 1],
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": "Ann", "gold": 2, "wood": 2, "buildings": ["statue"]}, {"name": "Brian", "stone": 1}],
    }
    open_page(page, server.url + "#position=" + quote(json.dumps(position), safe=""))
    assert markers(page)["mode"] == "game"
    assert "nothing can be played" in page.inner_text("#panel")
    assert page.locator("[data-action=act]").count() == 0
    assert page.locator("#sheets .bld.built").count() == 1
    page.screenshot(path=str(results_dir / "embedded-position.png"))


def test_focus_moves_to_the_decision_panel_when_your_turn_comes(server: SiteServer, page: Page) -> None:
    open_page(page, server.url + "?seats=random,human&seed=6&speed=instant")
    checked = 0
    for _ in range(10):
        state = wait_for_player(page)
        if state["over"] == "1":
            break
        page.wait_for_function("document.activeElement && document.activeElement.closest('#panel .panel-main')")
        checked += 1
        page.keyboard.press("Enter" if state["decision"] != "influence" else "Space")
        if state["decision"] == "influence":
            # a die was picked from the keyboard; pass (the last button before the tools) to move on
            page.focus("#panel [data-action=act][data-value=pass]")
            page.keyboard.press("Enter")
        page.wait_for_function(f"document.getElementById('app').dataset.decisions !== '{state['decisions']}'")
    assert checked >= 5


def test_reduced_motion_turns_movement_into_highlights(
    new_context: Callable[..., BrowserContext], server: SiteServer
) -> None:
    for motion, moving in (("no-preference", True), ("reduce", False)):
        context = new_context(reduced_motion=motion)
        page = context.new_page()
        try:
            open_page(page, server.url + "?seats=human,human&seed=4&speed=instant")
            while markers(page)["decision"] != "influence":
                if markers(page)["handover"]:
                    page.click("[data-action=reveal]")
                    continue
                click_action(page, legal(page)[0])
            style = page.evaluate(
                """() => {
                    const dice = document.querySelector('#panel .my-dice');
                    dice.classList.add('fresh');
                    const die = dice.querySelector('.die');
                    return [getComputedStyle(die).animationName, getComputedStyle(dice).outlineStyle,
                            getComputedStyle(document.querySelector('#panel .die-btn')).transitionDuration];
                }"""
            )
            if moving:
                assert style[0] == "roll" and style[2] != "0s", style
            else:
                assert style[0] == "none" and style[1] == "solid" and style[2] == "0s", style
        finally:
            context.close()


def test_the_keyboard_sees_the_tooltips(server: SiteServer, page: Page) -> None:
    """A title shows on hover with a mouse; with the keyboard, the same text appears beside the focused element."""
    open_page(page, server.url + "?seats=human,normal&seed=4")
    wait_for_player(page)
    for _ in range(60):
        page.keyboard.press("Tab")
        title = page.evaluate("document.activeElement.closest('#app [title]')?.getAttribute('title') || ''")
        if title:
            break
    assert title, "no element with a tooltip could be reached with Tab"
    tip = page.locator("#focus-tip")
    assert tip.is_visible() and tip.inner_text() == title
    box, focused = tip.bounding_box(), page.evaluate("document.activeElement.getBoundingClientRect().toJSON()")
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 1280 and 0 <= box["y"] <= 800
    assert box["y"] >= focused["bottom"] or box["y"] + box["height"] <= focused["top"]  # beside it, not over it
    page.keyboard.press("Escape")
    assert not tip.is_visible()
    page.mouse.click(5, 5)
    assert not tip.is_visible()


def test_tab_stays_in_the_hand_over_dialog(server: SiteServer, page: Page) -> None:
    """The board behind a modal dialog is inert: the keyboard cannot reach what the dialog covers."""
    open_page(page, server.url + HOTSEAT_URL)
    wait_for_player(page)
    click_action(page, legal(page)[0])
    assert wait_for_player(page)["handover"] != ""
    # The board goes inert on the frame after the dialog's (web/page.py board_inert), the panel and bar at once.
    page.wait_for_function("document.querySelector('.game > .main').inert && document.getElementById('panel').inert")
    for _ in range(8):
        page.keyboard.press("Tab")
        focused = "document.activeElement"
        inside = page.evaluate(f"!!{focused}.closest('#overlay') || {focused} === document.body")
        assert inside, page.evaluate(f"{focused}.outerHTML.slice(0, 120)")
    page.click("[data-action=reveal]")
    page.wait_for_function("document.getElementById('app').dataset.handover === ''")
    assert page.evaluate("!document.querySelector('#panel').inert && !document.querySelector('.game > .main').inert")
