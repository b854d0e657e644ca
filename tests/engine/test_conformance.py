"""Conformance at every decision (in the manner of OpenSpiel's API tests), over seeded random games of 2-5
players: at each decision of each game,

- a clone equals the original and evolves identically;
- ``undo()`` restores ``to_json()`` exactly whenever ``can_undo()`` (and ``undo(n)`` as ``n`` single undos);
- ``view(to_play)`` offers the same legal actions and holds no secret;
- ``load_game(to_json())`` and ``load_game(position())`` continue identically for the next decisions.

One game per size, and one 3-player game with each second-edition option, keep the file at seconds on CPython
(and twice that inside Pyodide).
"""

from __future__ import annotations

import json
import random

import pytest
from secrets_check import find_secret, secrets

import kingsburg
from kingsburg.variants import SCENARIOS

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]
FOLLOW = 3  # decisions a loaded copy is followed for before it is dropped


def same(a: kingsburg.Game, b: kingsburg.Game, log: bool = True) -> None:
    assert a.position() == b.position()
    assert a.legal_actions() == b.legal_actions()
    assert (a.to_play, a.decision(), a.prompt()) == (b.to_play, b.decision(), b.prompt())
    if log:  # a game loaded from a position starts a new history
        assert a.log == b.log and a.actions == b.actions and a.can_undo() == b.can_undo()


# Every option of the second edition that a game can be played with: the basic game, each scenario, Module 5
# alone and with each scenario that allows it.
OPTIONS = [
    kingsburg.Rules(2),
    *(kingsburg.Rules(2, name) for name in SCENARIOS),
    kingsburg.Rules(2, modules=frozenset({"soldier-tokens"})),
    kingsburg.Rules(2, "goblin-valley", frozenset({"soldier-tokens"})),
    kingsburg.Rules(2, "shifting-alliances", frozenset({"soldier-tokens"})),
]


@pytest.mark.sweep
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_decision_conforms(players):
    check_every_decision(players)


@pytest.mark.sweep
@pytest.mark.parametrize("rules", OPTIONS, ids=lambda r: "+".join(r.names))
def test_every_decision_conforms_with_every_option(rules):
    check_every_decision(3, rules)


def check_every_decision(players: int, rules: kingsburg.Rules | None = None) -> None:
    seed = 9_000_000_000 + players
    dice = [random.Random(players).randint(1, 6) for _ in range(30)]
    game = kingsburg.new_game(NAMES[:players], seed, dice=dice, rules=rules)
    rng = random.Random(players)
    rngs = [game.state.rng]
    followers: list[tuple[kingsburg.Game, int, bool]] = []  # (copy, decisions left to follow, compare logs)
    decisions = 0
    while not game.is_over():
        seat = game.to_play
        assert seat is not None
        before = game.to_json()
        view = game.view(seat)
        assert view.legal_actions() == game.legal_actions()
        assert view.to_play == seat and view.decision() == game.decision()
        assert find_secret(view, secrets(game, seat, rngs, seed, dice)) == []

        clone, before_game = game.clone(), game.clone()
        same(clone, game)
        assert clone.to_json() == before
        followers += [
            (clone, FOLLOW, True),
            (kingsburg.load_game(before), FOLLOW, True),
            (kingsburg.load_game(json.loads(json.dumps(game.position()))), FOLLOW, False),
        ]

        action = rng.choice(game.legal_actions())
        game.apply(action)
        rngs.append(game.state.rng)
        decisions += 1
        kept = []
        for copy, left, log in followers:
            copy.apply(action)
            same(copy, game, log)
            if left > 1:
                kept.append((copy, left - 1, log))
        followers = kept

        if game.can_undo():
            back = game.clone()
            back.undo()
            assert back.to_json() == before
            same(back, before_game)
            k = 1
            while game.can_undo(k + 1):
                k += 1
            many, one_by_one, whole = game.clone(), game.clone(), game.clone()
            many.undo(k)
            for _ in range(k):
                one_by_one.undo()
            same(many, one_by_one)
            assert many.to_json() == one_by_one.to_json()
            with pytest.raises(kingsburg.UndoRefused):
                whole.undo(k + 1)
            same(whole, game)
    assert decisions > 40 * players
    assert find_secret(game.view(0), secrets(game, 0, rngs, seed, dice)) == []
