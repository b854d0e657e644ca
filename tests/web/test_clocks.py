"""The page's clocks that a test sets (web/page.py reads them from window.kingsburgClocks): App hands them to every
game it enters, its announcer and its scenes, so that no outcome of a browser test depends on the machine's speed
(issue 22)."""

from __future__ import annotations

import json

from app.announce import GAP
from app.controller import App, Clocks
from app.session import SPEEDS, THINKING_DEADLINE, make_bot
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


def test_hard_s_playouts_are_a_clock_the_page_and_the_worker_both_keep() -> None:
    """A test may give Hard a smaller playout budget; the page's own bots and the worker's are made with it, so a
    decision thought in either is the same (web/app/thinker.py)."""
    from app.thinker import Thinker

    from kingsburg.bots.hard import DEFAULT_ITERATIONS

    query = "?seats=hard,human&seed=3&speed=instant"
    own = App(SaveStore(FakeStorage()), query)
    assert own.session is not None and own.session.bot(0).iterations == DEFAULT_ITERATIONS
    app = App(SaveStore(FakeStorage()), query, clocks=Clocks(hard_playouts=7))
    s = app.session
    assert s is not None and s.bot(0).iterations == 7
    while not app.computer_due():
        app.handle("act", str(s.game.legal_actions()[0]))
    turn = app.remote_turn()
    job = Thinker(None, playouts=7).start(turn.request)
    while not job.work(1.0):
        pass
    assert json.loads(job.answer())["action"] == str(make_bot("hard", s.bot_seed, 0, 7).choose(s.game.view(0)))
    assert Thinker(None).start(turn.request).search.bot.iterations == DEFAULT_ITERATIONS  # type: ignore[attr-defined]
