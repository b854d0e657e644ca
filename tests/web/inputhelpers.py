"""Helpers of the untrusted-input tests: nested JSON, and saved games made through the page's model."""

from __future__ import annotations

from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import click


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def encoded(depth: int) -> str:
    return "%5B" * depth + "%5D" * depth


def stored_game(storage: FakeStorage, decisions: int = 6) -> str:
    """A saved 2-person game with ``decisions`` made, stored as the page stores it; returns its id."""
    app = App(SaveStore(storage), "?seats=human,human&seed=5")
    play(app, decisions)
    return app.session.save_id


def play(app: App, decisions: int) -> None:
    for _ in range(decisions):
        while app.game_screen.scenes:  # the winter battle and the year's summary are clicked away, as a person does
            app.handle("scene-next")
        if app.session.handover is not None:
            app.handle("reveal")
        click(app, app.session.game.legal_actions()[0])
        app.save_now()
