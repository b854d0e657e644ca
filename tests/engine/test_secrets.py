"""A view never holds a secret: not the enemy cards its seat has not seen, not the scripted dice, not the
game's seed or generator state, for games started with fixed options and from positions alike."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES
from secrets_check import find_secret, leaves, secrets

import kingsburg
from kingsburg.state import Event

SEED = 0x5EC2E7_5EED_1234  # large, so it cannot be mistaken for a count or a die
ENEMIES = ["I-4", "II-3", "III-2", "IV-5", "V-1"]
DICE = [((i * 7) % 6) + 1 for i in range(400)]  # every run of six faces differs from a real game's lists


def fixed_game() -> kingsburg.Game:
    return kingsburg.new_game(NAMES, SEED, turn_order=[2, 0, 3, 1], enemies=ENEMIES, dice=DICE)


def position_game() -> kingsburg.Game:
    start = kingsburg.new_game(NAMES, 3).position()
    start.update(enemies=ENEMIES, dice=DICE, rng=f"{SEED:016x}")
    return kingsburg.load_game(start)


def check_views(game: kingsburg.Game, seed: int | None, moves: int, rng: random.Random) -> int:
    """Play ``moves`` random decisions, searching every seat's view after each; return the views checked."""
    rngs = [game.state.rng]
    checked = 0
    for _ in range(moves):
        if game.is_over():
            break
        for seat in range(len(game.players)):
            secret = secrets(game, seat, rngs, seed, DICE)
            view = game.view(seat)
            assert find_secret(view, secret) == []
            assert view.state.script == [] and view.state.rng not in rngs
            assert find_secret(view.position(), secret) == []
            assert find_secret(json.loads(game.view_json(seat)), secret) == []  # what the page's worker gets
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
        rngs.append(game.state.rng)
    return checked


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("make", [fixed_game, position_game])
def test_no_view_holds_the_hidden_cards_the_script_or_the_generator(make):
    game = make()
    assert check_views(game, SEED, 60, random.Random(1)) > 100


def test_the_search_finds_a_planted_secret():
    """The search itself can fail: a secret planted in a view is found, wherever it hides."""
    game = fixed_game()
    secret = secrets(game, 0, [game.state.rng], SEED, DICE)
    assert "I-4" in secret["cards"] and "V-1" in secret["cards"]
    for plant in (
        lambda v: setattr(v, "_start", {"options": {"enemies": ENEMIES}}),
        lambda v: setattr(v, "_start", {"options": {"dice": DICE}}),
        lambda v: setattr(v.state, "rng", game.state.rng),
        lambda v: v.state.players[1].vp_sources.update(seed=SEED),
        lambda v: v.state.log.append(Event("Ann sees the Zombies of IV-5")),
    ):
        view = game.view(0)
        plant(view)
        assert find_secret(view, secret), plant


def test_the_walk_reaches_every_record_of_a_view():
    game = fixed_game()
    for _ in range(12):
        game.apply(game.legal_actions()[-1])
    paths = [p for p, _ in leaves(game.view(1))]
    for part in ("._start", "._s.players[0].built", "._s.queue[0].seat", "._s.deck", "._legal"):
        assert any(part in p for p in paths), part
