"""Dice selection: every legal placement can be reached by tapping its dice and its extras, and only legal ones."""

from __future__ import annotations

import random

import pytest
from app.selection import Selection, available_extras, missed, reachable, targets

import kingsburg
from kingsburg import Action


def influence_positions(seed: int, players: int = 3, limit: int = 40):
    """Positions where someone must influence, from a random game."""
    rng = random.Random(seed)
    game = kingsburg.new_game([f"P{i}" for i in range(players)], seed=seed)
    found = 0
    while not game.is_over() and found < limit:
        if game.decision() == "influence":
            found += 1
            yield game
        game.apply(rng.choice(game.legal_actions()))


def select(action: Action, dice: list[int], white: list[int]) -> Selection:
    sel = Selection()
    for value in action.dice:
        sel.coloured.add(next(i for i, d in enumerate(dice) if d == value and i not in sel.coloured))
    for value in action.white:
        sel.white.add(next(i for i, d in enumerate(white) if d == value and i not in sel.white))
    for extra in ("token", "market", "envoy"):
        setattr(sel, extra, getattr(action, extra))
    return sel


@pytest.mark.parametrize("seed", range(12))
def test_every_legal_placement_is_one_tap_after_its_dice_and_extras(seed: int) -> None:
    for game in influence_positions(seed, players=2 + seed % 4):
        p = game.state.players[game.to_play]
        legal = game.legal_actions()
        for action in legal:
            if action.kind != "place":
                continue
            lit = targets(select(action, p.dice, p.white), p.dice, p.white, legal)
            assert lit[action.advisor] == action


@pytest.mark.parametrize("seed", range(6))
def test_only_legal_placements_light_up(seed: int) -> None:
    rng = random.Random(seed)
    for game in influence_positions(seed, players=4):
        p = game.state.players[game.to_play]
        legal = game.legal_actions()
        sel = Selection()
        sel.coloured = {i for i in range(len(p.dice)) if rng.random() < 0.5}
        sel.white = {i for i in range(len(p.white)) if rng.random() < 0.5}
        sel.token, sel.market, sel.envoy = (rng.random() < 0.5 for _ in range(3))
        for advisor, action in targets(sel, p.dice, p.white, legal).items():
            assert action in legal
            assert action.advisor == advisor
            assert all(getattr(sel, x) for x in ("token", "market", "envoy") if getattr(action, x))
        assert reachable(sel, legal) <= {a.advisor for a in legal if a.kind == "place"}


def test_nothing_lights_up_before_a_die_is_picked_and_white_dice_alone_reach_nothing() -> None:
    game = kingsburg.new_game(["Ann", "Brian"], seed=1, dice=[1, 1, 1, 1, 1, 2, 3, 4, 5, 1, 2])
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    p = game.state.players[game.to_play]
    legal = game.legal_actions()
    assert targets(Selection(), p.dice, p.white, legal) == {}
    if p.white:
        sel = Selection(white={0})
        assert targets(sel, p.dice, p.white, legal) == {}


def test_an_extra_switched_off_is_reported_as_needed() -> None:
    dice = [4, 3, 1]
    legal = [
        kingsburg.Action("place", dice=(4,), advisor=4),
        kingsburg.Action("place", dice=(4,), advisor=6, token=True),
        kingsburg.Action("place", dice=(4,), advisor=5, market=True),
        kingsburg.Action("pass"),
    ]
    sel = Selection(coloured={0})
    assert set(targets(sel, dice, [], legal)) == {4}
    assert missed(sel, dice, [], legal) == {6: ("token",), 5: ("market",)}
    assert available_extras(legal) == {"token": True, "market": True, "envoy": False}
    sel.toggle("token")
    assert targets(sel, dice, [], legal)[6].token


def test_a_new_decision_starts_a_new_selection() -> None:
    sel = Selection(coloured={0, 2}, token=True, key=(3, 0))
    sel.follow((3, 0), [1, 2, 3], [])
    assert sel.coloured == {0, 2}
    sel.follow((4, 1), [1, 2, 3], [])
    assert sel.empty and not sel.token
    sel = Selection(coloured={0, 2}, key="k")
    sel.follow("k", [5], [])
    assert sel.coloured == {0}
