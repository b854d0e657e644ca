"""Properties that hold in every game: random games over seeds and 2-5 players."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingsburg
from kingsburg.content import BUILDINGS

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]
games = st.tuples(st.integers(2, 5), st.integers(0, 2**32))
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(game: kingsburg.Game) -> None:
    for p in game.state.players:
        assert min(p.gold, p.wood, p.stone, p.tokens, p.soldiers) >= 0, p.name
        for b in BUILDINGS:  # rows are built left to right
            if p.built[b.index]:
                assert all(p.built[b.index - b.col + 1 : b.index]), (p.name, b.name)
        assert len(p.dice) <= 3


def random_game(players: int, seed: int, check: bool = True) -> kingsburg.Game:
    game = kingsburg.new_game(NAMES[:players], seed)
    rng = random.Random(seed)
    while not game.is_over():
        if check:
            check_invariants(game)
        game.apply(rng.choice(game.legal_actions()))
    return game


def partial_game(players: int, seed: int, stop: int) -> tuple[kingsburg.Game, random.Random]:
    """A random game played up to ``stop`` decisions (or its end), and the generator that chose them."""
    game = kingsburg.new_game(NAMES[:players], seed)
    rng = random.Random(seed)
    while not game.is_over() and len(game.actions) < stop:
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


@SETTINGS
@given(games)
def test_random_games_end_after_year_five(args):
    game = random_game(*args)
    assert game.is_over() and game.to_play is None and game.legal_actions() == []
    assert game.year == 5 and game.phase == 0
    assert game.log[-1] == "The fifth year is over."
    assert set(game.winners()) <= set(range(args[0])) and game.winners()
    check_invariants(game)


@SETTINGS
@given(games)
def test_the_log_accounts_for_every_victory_point(args):
    game = random_game(*args, check=False)
    for seat, vp in enumerate(game.scores()):
        assert sum(e.vp for e in game.events if e.seat == seat) == vp
        assert sum(game.score_breakdown(seat).values()) == vp


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@SETTINGS
@given(games)
def test_the_same_seed_and_actions_give_the_same_game(args):
    a = random_game(*args, check=False)
    b = kingsburg.new_game(NAMES[: args[0]], args[1])
    for text in a.actions:
        b.apply(text)
    assert a.to_json() == b.to_json() and a.log == b.log


@SETTINGS
@given(games, st.integers(0, 400))
def test_load_game_round_trips_at_any_point(args, stop):
    players, seed = args
    game, rng = partial_game(players, seed, stop)
    text = game.to_json()
    loaded = kingsburg.load_game(text)
    assert loaded.to_json() == text
    assert loaded.position() == game.position()
    assert loaded.log == game.log
    # The position form round-trips too, and plays on identically.
    from_position = kingsburg.load_game(json.dumps(game.position()))
    assert from_position.position() == game.position()
    if not game.is_over():
        action = rng.choice(game.legal_actions())
        game.apply(action)
        from_position.apply(action)
        assert from_position.position() == game.position()


ILLEGAL = [
    "pass",
    "aid gold",
    "statue",
    "chapel",
    "place 6+6+6 @18",
    "place 1 @1 envoy",
    "place 3 +2 @5",
    "place w3 @3",
    "gift gold",
    "gift stone+stone+stone",
    "trade gold",
    "build cathedral",
    "build crane envoy",
    "townhall token",
    "recruit gold+gold",
    "lose stone",
    "gain wood",
]


@SETTINGS
@given(games, st.integers(0, 300))
def test_every_illegal_action_leaves_the_game_unchanged(args, stop):
    players, seed = args
    game, _ = partial_game(players, seed, stop)
    before = (game.to_json(), game.position(), game.log)
    legal = {str(a) for a in game.legal_actions()}
    for text in ILLEGAL:
        if text in legal:
            continue
        try:
            game.apply(text)
        except kingsburg.IllegalAction as exc:
            assert repr(text) in str(exc)
        else:
            raise AssertionError(f"{text!r} was accepted but is not among the legal actions")
        assert (game.to_json(), game.position(), game.log) == before


@SETTINGS
@given(games, st.integers(0, 300))
def test_notation_round_trips_for_every_legal_action(args, stop):
    players, seed = args
    game = kingsburg.new_game(NAMES[:players], seed)
    rng = random.Random(seed)
    while not game.is_over() and len(game.actions) < stop:
        for action in game.legal_actions():
            assert kingsburg.parse_action(str(action)) == action
            assert game.parse(str(action)) == action
        game.apply(rng.choice(game.legal_actions()))


def test_views_hide_the_enemy_deck_unless_the_seat_looked():
    game = kingsburg.new_game(NAMES[:3], 11)
    rng = random.Random(11)
    looked_seen = False
    while not game.is_over():
        for seat in range(3):
            view = game.view(seat)
            deck = view.state.deck
            year = game.year
            assert all(card is None for card in deck[year:])  # next years: nobody knows
            assert deck[: year - 1] == game.state.deck[: year - 1]  # past years: fought, public
            if game.state.players[seat].looked:
                looked_seen = True
                assert deck[year - 1] == game.state.deck[year - 1]
                assert view.known_enemy() == game.state.deck[year - 1]
            elif game.phase != 8:
                assert deck[year - 1] is None and view.known_enemy() is None
            assert "rng" not in view.position()
        game.apply(rng.choice(game.legal_actions()))
    assert looked_seen


def test_secret_log_lines_reach_only_their_seat():
    game = kingsburg.new_game(NAMES[:2], 3)
    rng = random.Random(3)
    while not any(e.secret is not None for e in game.events):
        game.apply(rng.choice(game.legal_actions()))
    secret = next(e for e in game.events if e.secret is not None)
    assert secret.text not in game.log
    assert secret.text in game.view(secret.secret).log
    assert secret.text not in game.view(1 - secret.secret).log
