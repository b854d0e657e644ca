"""History and statistics on this device, in Chromium: finished games recorded once, shown on the start screen,
and a damaged statistics entry that is reported, resettable, and costs no saved game."""

from __future__ import annotations

import pytest
from board_driver import markers, open_page, wait_for_player
from playwright.sync_api import Page

from tools.browser import Recorder, wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)
KEY = "kingsburg/v1/history"


def near_the_end(query: str) -> tuple[str, dict[str, str]]:
    """A game of computers started by ``query``, played on by this process (the page's own model and bots) to the
    last year's recruiting, and saved: its save id and the storage entries holding it. The page plays the rest:
    what is tested is that a game finished in the page is recorded, not four years of computer turns."""
    from web.app.controller import App
    from web.app.storage import MemoryStorage, SaveStore

    storage = MemoryStorage()
    app = App(SaveStore(storage), query)
    game = app.session.game
    while (game.year, game.phase) < (5, 7):
        if app.game_screen.scenes:
            app.handle("scene-next")
            continue
        turn = app.bot_turn()
        while not turn.work(0.01):
            pass
        app.finish_bot(turn)
    app.handle("scene-next")
    app.save_now()
    # The save and its summary (not "last": a returning player's page would open that game at once).
    return app.session.save_id, {k: v for k, v in storage.data.items() if "/save/" in k or "/meta/" in k}


def finish_a_game(page: Page, url: str, query: str) -> str:
    """A game of computers, saved near its end in this device's storage, continued on the start screen and
    played to its end by the page; then back to the start screen. Returns the game's save id."""
    save_id, entries = near_the_end(query)
    page.evaluate("(entries) => Object.entries(entries).forEach(([k, v]) => localStorage.setItem(k, v))", entries)
    open_page(page, url)
    page.click(f"li.save[data-save='{save_id}'] [data-action=continue]")
    page.wait_for_selector("#app[data-over='1']", timeout=120_000)
    assert markers(page)["saveId"] == save_id
    page.click("#overlay [data-action=home]")
    page.wait_for_selector("#app[data-mode=start]")
    return save_id


def test_statistics_after_two_finished_games(server: SiteServer, page: Page, recorder: Recorder) -> None:
    open_page(page, server.url)
    first = finish_a_game(page, server.url, "?seats=random,easy&speed=instant&seed=3")
    finish_a_game(page, server.url, "?seats=easy,random,random&speed=instant&seed=4")
    page.wait_for_selector(".card.stats >> text=2 finished games")
    # Opening a finished game again records nothing new.
    page.click(f"li.save[data-save='{first}'] [data-action=continue]")
    page.wait_for_selector("#app[data-mode=game]")
    page.click("#overlay [data-action=home]")
    page.wait_for_selector(".card.stats >> text=2 finished games")
    page.click(".card.stats summary")
    rows = page.locator(".card.stats table.history tbody tr")
    assert rows.count() == 2
    assert "Easy" in rows.nth(0).inner_text() and "Random" in rows.nth(1).inner_text()
    stored = page.evaluate(f"JSON.parse(localStorage.getItem('{KEY}')).games.length")
    assert stored == 2
    assert recorder.errors == []


def test_a_damaged_statistics_entry_is_reported_and_reset(server: SiteServer, page: Page, recorder: Recorder) -> None:
    open_page(page, server.url)
    save_id = finish_a_game(page, server.url, "?seats=random,random&speed=instant&seed=5")
    page.evaluate(f'localStorage.setItem(\'{KEY}\', \'{{"version": 1, "games": [{{"id": 7}}]}}\')')
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector(".card.stats >> text=The statistics on this device are damaged")
    assert page.locator(f"li.save[data-save='{save_id}']").count() == 1  # the saved game is still there
    page.click("[data-action=stats-reset]")
    page.wait_for_selector("#app .msg >> text=The statistics were reset.")
    assert page.locator(".card.stats").count() == 0  # nothing recorded since: no card
    finish_a_game(page, server.url, "?seats=random,easy&speed=instant&seed=6")
    page.wait_for_selector(".card.stats >> text=1 finished game")
    assert recorder.errors == []


def test_the_record_is_in_sight_at_1280x800_beside_the_new_game(server: SiteServer, page: Page) -> None:
    """With saved games and a finished game the start screen shows the record without scrolling (issue 21)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_page(page, server.url)
    finish_a_game(page, server.url, "?seats=random,easy&speed=instant&seed=3")
    open_page(page, server.url + "?seats=human,random&seed=1")  # and a game going on
    wait_for_player(page)
    page.click("#topbar [data-action=home]")
    page.wait_for_selector(".card.stats >> text=1 finished game")
    assert page.locator("li.save").count() == 2 and page.evaluate("scrollY") == 0
    box = page.locator(".card.stats").bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
