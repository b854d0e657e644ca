"""The ranking always in sight is the engine's standings (Game.standings: most VP, then the rulebook's tie-break),
never a ranking of its own by VP alone (issue 21: with VP tied it put the seat with fewer goods first)."""

from __future__ import annotations

import random
import re

from app.controller import App
from app.storage import SaveStore
from conftest import FakeStorage

ITEM = re.compile(r'<li class="p(\d)"><span class="rk-place">(\d)</span>')


def test_the_ranking_is_the_engine_s_standings_at_every_decision(storage: FakeStorage) -> None:
    ties = 0
    for seed, seats in ((1, "human,human"), (2, "human,human,human"), (3, "human,human,human,human,human")):
        app = App(SaveStore(storage), f"?seats={seats}&seed={seed}&edition={1 + seed % 2}")
        game = app.session.game
        pick = random.Random(seed)
        while not game.is_over():
            while app.scenes:
                app.handle("scene-next")
            if app.session.handover is not None:
                app.handle("reveal")
            shown = [(int(seat), int(place)) for seat, place in ITEM.findall(app.views()["strips"])]
            assert shown == game.standings(), f"decision {len(game.actions)}"
            vps = [p.vp for p in game.state.players]
            ties += len(vps) - len(set(vps))
            game.apply(pick.choice(game.legal_actions()))
            app.generation += 1  # the page redraws after every decision
    assert ties > 0  # the tie-break was met, not only distinct scores
