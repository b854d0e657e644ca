"""A seat's view as JSON (``Game.view_json`` / ``kingsburg.load_view``): what the page's worker is given to think
on. Read back, it is the same view for every purpose of a bot, and it refuses what a view cannot hold."""

from __future__ import annotations

import json

import pytest
from helpers import NAMES

import kingsburg
from kingsburg.bots import BOTS


def positions(players: int, seed: int, every: int) -> list[kingsburg.Game]:
    """Every ``every``-th moment of a game between Normal computers, each a copy of the full game."""
    game = kingsburg.new_game(NAMES[:players], seed=seed)
    bot = BOTS["normal"](seed=seed)
    out = []
    while not game.is_over():
        if len(game.actions) % every == 0:
            out.append(game.clone())
        game.apply(bot.choose(game.view(game.to_play)))
    return out


def test_a_view_read_back_is_the_same_view() -> None:
    checked = 0
    for game in positions(3, 5, 3):
        for seat in range(3):
            view = game.view(seat)
            loaded = kingsburg.load_view(game.view_json(seat))
            assert loaded.seat == seat and loaded.actions == view.actions
            assert loaded.position() == view.position()
            assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in view.legal_actions()]
            assert loaded.state.rng == view.state.rng  # the view's own dice generator, not the game's
            assert not loaded.can_undo()
            assert view.view_json(seat) == game.view_json(seat)
            checked += 1
    assert checked > 150


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize(("kind", "players", "seed"), [("hard", 4, 11), ("normal", 2, 3), ("easy", 3, 8)])
def test_a_bot_decides_the_same_on_the_view_read_back(kind: str, players: int, seed: int) -> None:
    games = positions(players, seed, 17)
    assert len(games) >= 8
    for game in games:
        seat = game.to_play
        options = {"iterations": 24} if kind == "hard" else {}
        on_view = BOTS[kind](seed=seed, **options).choose(game.view(seat))
        on_text = BOTS[kind](seed=seed, **options).choose(kingsburg.load_view(game.view_json(seat)))
        assert on_text == on_view, (len(game.actions), seat)


def test_a_view_text_holds_no_unseen_card() -> None:
    game = kingsburg.new_game(NAMES[:2], seed=9)
    d = json.loads(game.view_json(0))
    assert d["format"] == "kingsburg-view" and d["seat"] == 0
    assert d["position"]["enemies"][1:] == [None] * 4
    assert "rng" not in d["position"] and "dice" not in d["position"]
    assert kingsburg.load_view(json.dumps(d)).state.deck[1:] == [None] * 4


def test_another_seats_view_cannot_give_this_seats() -> None:
    game = kingsburg.new_game(NAMES[:2], seed=9)
    with pytest.raises(kingsburg.KingsburgError, match="seat 1's view"):
        game.view(1).view_json(0)


def damaged(change) -> str:
    game = kingsburg.new_game(NAMES[:3], seed=2)
    game.apply(game.legal_actions()[0])
    d = json.loads(game.view_json(1))
    change(d)
    return json.dumps(d)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="kingsburg-position"), "not a version 1 'kingsburg-view'"),
        (lambda d: d.update(version=2), "not a version 1 'kingsburg-view'"),
        (lambda d: d.update(seat=3), "'seat' must be a seat"),
        (lambda d: d.update(seat=True), "'seat' must be a seat"),
        (lambda d: d.update(actions=[1]), "'actions' must be a list of action texts"),
        (lambda d: d["position"].update(rng="1f"), "cannot hold the dice generator"),
        (lambda d: d["position"].update(dice=[6, 6]), "cannot hold the dice generator"),
        (lambda d: d["position"].pop("enemies"), "lists the five enemy cards"),
        (lambda d: d["position"]["enemies"].__setitem__(0, "II-1"), "'enemies' entry 1"),
        (lambda d: d["position"].update(to_play=2), "'to_play'"),
    ],
)
def test_a_damaged_view_is_refused(change, message: str) -> None:
    with pytest.raises(kingsburg.InvalidSave, match=message):
        kingsburg.load_view(damaged(change))


def test_text_that_is_no_json_is_refused() -> None:
    with pytest.raises(kingsburg.InvalidSave, match="not a Kingsburg view"):
        kingsburg.load_view("{")
