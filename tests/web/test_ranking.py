"""The ranking always in sight is the engine's standings (Game.standings: most VP, then the rulebook's tie-break),
never a ranking of its own by VP alone (issue 21: with VP tied it put the seat with fewer goods first)."""

from __future__ import annotations

import random
import re

from app.controller import App
from app.storage import SaveStore
from app.summary import year_summary
from fake_storage import FakeStorage

import kingsburg

ITEM = re.compile(r'<li class="p(\d)"><span class="rk-place">(\d)</span>')


def test_the_ranking_is_the_engine_s_standings_at_every_decision(storage: FakeStorage) -> None:
    ties = 0
    for seed, seats in ((1, "human,human"), (2, "human,human,human"), (3, "human,human,human,human,human")):
        app = App(SaveStore(storage), f"?seats={seats}&seed={seed}&edition={1 + seed % 2}")
        game = app.session.game
        pick = random.Random(seed)
        while not game.is_over():
            while app.game_screen.scenes:
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


def test_a_year_summary_lists_the_players_in_the_engine_s_standings() -> None:
    """The year's summary too (it ordered by VP alone, then seat: with VP tied, the seat with fewer goods first)."""
    tied = 0
    for seed in range(1, 9):
        game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=seed)
        pick = random.Random(seed)
        while not game.is_over():
            year = game.year
            game.apply(pick.choice(game.legal_actions()))
            if game.year != year or game.is_over():
                rows = year_summary(game, year).rows
                assert [r.seat for r in rows] == [seat for seat, _ in game.standings()], (seed, year)
                vps = [r.vp for r in rows]
                tied += any(vps[k] == vps[k + 1] and rows[k].seat > rows[k + 1].seat for k in range(len(rows) - 1))
    assert tied  # a tie the seat order alone would have ranked otherwise was met
