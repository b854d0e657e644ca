"""The decision panel's buttons for a variant's own decisions (a scenario's group, pledge, tribute, a soldier
token): each reads as what it chooses, never as a bare "Pass", so a person can tell them apart."""

from __future__ import annotations

import re

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage

BASE = {"influence", "aid", "gift", "build", "recruit", "reroll", "lose", "gain", "townhall"}


@pytest.mark.parametrize(
    "option, kind",
    [
        (("scenario", "wheel-and-deal"), "group"),
        (("scenario", "shifting-alliances"), "pledge"),
        (("scenario", "demanding-capital"), "tribute"),
        (("module", "soldier-tokens"), "token"),
    ],
)
def test_a_variant_decision_has_a_button_for_each_choice_that_names_it(option: tuple[str, str], kind: str) -> None:
    app = App(SaveStore(FakeStorage()), "?seed=3")
    app.handle("edition", "2")
    app.handle(*option)
    app.handle("start")
    assert app.session is not None
    game = app.session.game
    for _ in range(600):
        task = game.state.queue[0] if game.state.queue else None
        if task is not None and task.kind == kind and app.session.is_human(game.to_play):
            break
        game.apply(game.legal_actions()[0])
    else:
        pytest.fail(f"no {kind} decision for the person")
    app.game_screen.catch_up()
    buttons = re.findall(r'data-action="act"[^>]*>(.*?)</button>', app.views()["panel"], re.S)
    texts = [re.sub(r"<[^>]+>", "", b).strip() for b in buttons]
    legal = [a for a in game.legal_actions() if a.kind != "pass"]
    named = [t for t in texts if t.lower().startswith(kind)]
    assert len(named) == len(legal) and len(set(named)) == len(named), texts
