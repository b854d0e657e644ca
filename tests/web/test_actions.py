"""Every ``data-action`` the page renders has a handler in ``HANDLERS``: a mistyped one fails here, and one that
reaches ``App.handle`` anyway is reported rather than ignored. On the way, on every screen: drawing changes
nothing and no element id is repeated."""

from __future__ import annotations

import logging
import random
import re

import pytest
from app.controller import App
from app.handlers import HANDLERS, PAGE_ACTIONS
from app.storage import SAVE, SaveStore
from fake_storage import FakeStorage
from webhelpers import click

from kingsburg import parse_action

ACTION = re.compile(r'data-action="([^"]*)"')
ID = re.compile(r'\sid="([^"]*)"')


def app_state(app: App) -> dict[str, str]:
    """Everything the App holds, as text (its selection and marks are dataclasses, so their fields show)."""
    state = {key: repr(value) for key, value in vars(app).items()}
    if app.session is not None:
        state["session"] = repr((app.session.app_data(), app.session.game.actions))
    return state


def actions_in(app: App) -> set[str]:
    """The data-action names on the screen now. Checks on the way that drawing is a pure function of the App
    (twice the same HTML, nothing in the App changed) and that no element id is repeated (the icons' sprite,
    which page.py inserts once, is in none of the views)."""
    before = app_state(app)
    views = app.views()
    if app.mode == "game":
        app.title(), app.markers()
    assert app.views() == views and app_state(app) == before, "drawing changed the App"
    ids = [i for html in views.values() for i in ID.findall(html)]
    assert len(ids) == len(set(ids)), sorted(i for i in set(ids) if ids.count(i) > 1)
    return {name for html in views.values() for name in ACTION.findall(html)}


def test_every_rendered_action_has_a_handler() -> None:
    storage = FakeStorage()
    seen: set[str] = set()
    decisions: set[str] = set()
    overlays: set[str] = set()

    # The start screen, its rules and a saved list with a damaged entry and a delete to confirm.
    app = App(SaveStore(storage), "?seats=human,human,random&seed=7&speed=instant")
    app.save_now()
    save_id = app.session.save_id
    app.handle("home")
    storage.data[SAVE + "broken"] = "{not json"
    for step in ("", "rules", "close-rules", "lesson-list", "lesson-list-close", "delete"):
        if step:
            app.handle(step, save_id)
        seen |= actions_in(app)
    app.handle("delete-no")
    app.handle("continue", save_id)

    # A whole game of two people and a computer: every decision, hand-overs, scenes, banners, the end screen.
    rng = random.Random(7)
    for _ in range(3000):
        seen |= actions_in(app)
        session = app.session
        overlay = app.views()["overlay"]
        overlays |= {kind for kind in ("handover", "winter", "year", "end") if f'class="overlay {kind}' in overlay}
        if session.game.is_over() and not app.game_screen.scenes:
            break
        if app.game_screen.scenes:
            app.handle("scene-next")
        elif app.game_screen.season is not None and rng.random() < 0.5:
            app.handle("season-close")
        elif app.computer_due():
            turn = app.bot_turn()
            while not turn.work(0.005):
                pass
            app.finish_bot(turn)
        elif session.handover is not None:
            app.handle("reveal")
        else:
            decisions.add(session.game.decision())
            if rng.random() < 0.05:
                app.handle("rules")
                seen |= actions_in(app)
                app.handle("close-rules")
            click(app, rng.choice(session.game.legal_actions()))
    assert app.session.game.is_over()

    # The lessons: the panel of a step to read and of a move to make.
    app.handle("learn")
    while not app.session.lesson.finished:
        seen |= actions_in(app)
        if app.session.lesson.can_next:
            app.handle("lesson-next")
        else:
            click(app, parse_action(app.session.lesson.expected[0]))
    seen |= actions_in(app)
    app.handle("lesson-list")  # the list of the tutorial's lessons, over the board
    seen |= actions_in(app)

    assert {"influence", "build"} <= decisions
    assert overlays == {"handover", "winter", "year", "end"}
    unhandled = seen - set(HANDLERS) - PAGE_ACTIONS
    assert not unhandled, f"data-action without a handler: {sorted(unhandled)}"
    # The walk reached the screens it claims to (else the check above proves little).
    assert {
        "start", "continue", "delete", "delete-yes", "rules", "close-rules", "act", "die", "reveal", "scene-next",
        "new", "hide-results", "lesson-next", "learn", "import", "lesson-list", "lesson-chapter", "lesson-list-close",
    } <= seen  # fmt: skip


def test_an_unknown_action_is_reported_and_changes_nothing(caplog: pytest.LogCaptureFixture) -> None:
    app = App(SaveStore(FakeStorage()), "?seed=3")
    before = app.debug_position()
    with caplog.at_level(logging.WARNING, logger="app.controller"):
        assert app.handle("udno").redraw is False
    assert app.debug_position() == before
    assert "'udno'" in caplog.text
