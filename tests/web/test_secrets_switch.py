"""'Hide secrets' is a switch (role="switch"): its aria-checked and the state in words follow the setting as it is
switched, and the button says what pressing it does next (issue 21)."""

from __future__ import annotations

import re

from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage

SWITCH = re.compile(r'<button [^>]*data-action="handovers"[^>]*>.*?</button>')


def switch(app: App) -> str:
    [button] = SWITCH.findall(app.views()["panel"])
    return button


def test_hide_secrets_is_a_switch_that_follows_its_state() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=human,human&seed=5")
    assert app.mode == "game" and app.session.handovers
    button = switch(app)
    assert 'role="switch"' in button and 'aria-checked="true"' in button and 'data-value="off"' in button
    assert "aria-pressed" not in button and ">On</b>" in button and "Hide secrets" in button
    app.handle("handovers", "off")
    button = switch(app)
    assert not app.session.handovers
    assert 'aria-checked="false"' in button and 'data-value="on"' in button and ">Off</b>" in button
    app.handle("handovers", "on")
    assert app.session.handovers and 'aria-checked="true"' in switch(app)
