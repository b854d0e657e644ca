"""The page's clocks that a test sets (web/page.py reads them from window.kingsburgClocks): App hands them to every
game it enters, its announcer and its scenes, so that no outcome of a browser test depends on the machine's speed
(issue 22)."""

from __future__ import annotations

from app.announce import GAP
from app.controller import App, Clocks
from app.session import SPEEDS, THINKING_DEADLINE
from app.storage import SaveStore
from fake_storage import FakeStorage

URL = "?seats=human,normal&names=Ann,Bob&seed=3&speed=fast"


def test_the_page_s_own_clocks_unless_set() -> None:
    app = App(SaveStore(FakeStorage()), URL)
    assert app.session is not None and app.session.thinking_deadline == THINKING_DEADLINE
    assert app.announcer.gap == GAP and app.scene_delay() == SPEEDS["fast"] and app.bot_delay() == SPEEDS["fast"]


def test_set_clocks_reach_every_game_the_announcer_and_the_scenes() -> None:
    app = App(
        SaveStore(FakeStorage()),
        URL,
        clocks=Clocks(thinking_deadline=None, announce_gap=0.0, scene_delay=0.05, computer_delay=0.02),
    )
    assert app.session is not None and app.session.thinking_deadline is None
    assert app.announcer.gap == 0.0 and app.scene_delay() == 0.05 and app.bot_delay() == 0.02
    app.session.skipping = True  # "skip": the computers act at once, whatever the clocks
    assert app.bot_delay() == 0.0
    app.session.skipping = False
    first = app.session
    app.handle("home")
    app.handle("start")  # a game started from the start screen gets them too
    assert app.session is not None and app.session is not first and app.session.thinking_deadline is None
