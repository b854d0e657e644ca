"""Replay in Chromium: a finished game replayed from its end screen back to the start and forward to its end (the
same final position as the save), keys and a log line, Play on from here from the saved-games list, the saved
entry unchanged byte for byte; no axe violation on the replay screen at desktop and phone widths."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from a11y import audit, settled
from board_driver import markers, open_page, wait_for_player
from playwright.sync_api import Page

import kingsburg
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

SAVES = "Object.keys(localStorage).filter(k => k.startsWith('kingsburg/v1/save/'))"


def played(seed: int, stop: int | None = None) -> kingsburg.Game:
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=seed)
    pick = random.Random(seed)
    while not game.is_over() and (stop is None or len(game.actions) < stop):
        game.apply(pick.choice(game.legal_actions()))
    return game


def import_game(page: Page, folder: Path, game: kingsburg.Game, kinds: list[str]) -> str:
    """Import ``game`` through the start screen (so it is a saved game); returns its storage key."""
    data = json.loads(game.to_json())
    data["app"] = {"seats": [{"kind": k} for k in kinds], "speed": "instant"}
    path = folder / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    before = set(page.evaluate(SAVES))
    page.set_input_files("input[type=file][data-action=import]", str(path))
    page.wait_for_selector("#app[data-mode=game]")
    page.wait_for_function(f"{SAVES}.length > {len(before)}")
    (key,) = set(page.evaluate(SAVES)) - before
    return key


def step(page: Page) -> tuple[int, int]:
    at, last = markers(page)["replay"].split("/")
    return int(at), int(last)


def position(page: Page) -> dict:
    return json.loads(page.evaluate("kingsburgDebug.position()"))


def test_a_finished_game_replays_back_and_forth_to_the_same_end(server: SiteServer, page: Page, tmp_path: Path) -> None:
    game = played(8)
    open_page(page, server.url)
    key = import_game(page, tmp_path, game, ["human", "easy", "easy"])
    stored = page.evaluate(f"localStorage.getItem({key!r})")
    page.wait_for_selector("#overlay .overlay.end")
    page.click("#overlay [data-action=replay-current]")
    page.wait_for_selector("#app[data-replay]:not([data-replay=''])")
    assert step(page) == (len(game.actions), len(game.actions))
    assert position(page) == json.loads(json.dumps(game.position()))
    assert page.locator("#overlay .overlay").count() == 0  # no end screen over the replay

    # Keys: Home to the start, arrows by decision, visible focus on the step button that has it.
    page.focus("#panel [data-action=replay-step][data-value=next]")
    page.keyboard.press("Home")
    page.wait_for_function("document.getElementById('app').dataset.replay.startsWith('0/')")
    assert position(page) == json.loads(json.dumps(kingsburg.new_game(game.players, seed=8).position()))
    for k in range(1, 4):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"document.getElementById('app').dataset.replay.startsWith('{k}/')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.getElementById('app').dataset.replay.startsWith('2/')")
    assert page.evaluate("document.activeElement.matches('[data-action=replay-step]:focus-visible')")
    assert page.locator("#log li.now").count() >= 1
    assert page.locator("#log li.now[aria-current=step]").count() == page.locator("#log li.now").count()

    # Forward by season to the end: the save's final position.
    last = len(game.actions)
    for _ in range(200):
        if step(page)[0] == last:
            break
        before = step(page)[0]
        page.click("#panel [data-action=replay-step][data-value=season-next]")
        page.wait_for_function(f"!document.getElementById('app').dataset.replay.startsWith('{before}/')")
    assert step(page)[0] == last
    assert position(page) == json.loads(json.dumps(game.position()))

    # A log line shows the board at its moment.
    line = page.locator('#log .log-step[data-value="40"]').first
    line.click()
    page.wait_for_function("document.getElementById('app').dataset.replay.startsWith('40/')")
    assert position(page) == json.loads(json.dumps(played_to(game, 40).position()))
    assert "Decision 40 of" in page.inner_text("#panel")
    audit_replay(page, "the replay of a finished game")
    page.click("#panel [data-action=replay-close]")
    page.wait_for_selector("#overlay .overlay.end")  # back to the game and its end screen
    assert page.evaluate(f"localStorage.getItem({key!r})") == stored


def played_to(game: kingsburg.Game, k: int) -> kingsburg.Game:
    at = kingsburg.new_game(game.players, seed=8)
    for text in game.actions[:k]:
        at.apply(text)
    return at


def audit_replay(page: Page, where: str) -> None:
    for name, (width, height) in {"desktop": (1280, 800), "phone": (390, 844)}.items():
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        audit(page, f"{where} ({name})")
    page.set_viewport_size({"width": 1280, "height": 800})


def test_play_on_from_a_replayed_save_starts_a_new_saved_game(server: SiteServer, page: Page, tmp_path: Path) -> None:
    game = played(3, stop=80)
    open_page(page, server.url)
    key = import_game(page, tmp_path, game, ["human", "human", "normal"])
    # The computer's turn after the import first (and a hand-over it may bring): a click on Games while it was
    # under way was lost once on a loaded machine (the start screen never came); at a person's decision the page
    # is at rest, whatever the machine's speed.
    if wait_for_player(page)["handover"]:
        page.click("[data-action=reveal]")
    page.click("#topbar [data-action=home]")
    page.wait_for_selector("#app[data-mode=start]")
    stored = page.evaluate(f"localStorage.getItem({key!r})")
    save_id = key.rsplit("/", 1)[1]
    page.click(f'.saves [data-action=replay][data-value="{save_id}"]')
    page.wait_for_selector("#app[data-replay]:not([data-replay=''])")
    assert "what everyone at the table knew" in page.inner_text("#panel")  # two people: nobody's secret
    page.click("#panel [data-action=replay-step][data-value=year-back]")
    page.wait_for_function(f"!document.getElementById('app').dataset.replay.startsWith('{len(game.actions)}/')")
    at = step(page)[0]
    assert 0 < at < len(game.actions)
    audit_replay(page, "the replay of a game in progress")
    page.click("#panel [data-action=replay-play-on]")
    page.wait_for_function("(document.getElementById('app').dataset.replay || '') === ''")
    state = markers(page)
    assert state["decisions"] == str(at) and state["saveId"] not in ("", save_id)
    page.wait_for_function(f"{SAVES}.length === 2")
    new = json.loads(page.evaluate(f"localStorage.getItem('kingsburg/v1/save/{state['saveId']}')"))
    assert new["actions"] == game.actions[:at]
    assert page.evaluate(f"localStorage.getItem({key!r})") == stored  # the replayed save, byte for byte
