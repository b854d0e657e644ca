"""A seat's view as JSON under every rules option: what the page's worker thinks on. Each seat's view read back
is the same view (written again, it is the same text; it holds nothing the seat may not know) and a bot decides
the same on it as on ``game.view(seat)``. A view that did not load sent the computers back to the page's thread."""

from __future__ import annotations

import itertools
import json

import pytest
from secrets_check import find_secret, secrets

import kingsburg
from kingsburg import Rules
from kingsburg.bots import BOTS
from kingsburg.variants import FORBIDDEN, MODULES, SCENARIOS, VARIANTS

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]


def every_rules() -> list[Rules]:
    """The first edition, the second edition's basic game, each scenario, each module, and every combination of
    a scenario and modules the rulebook allows."""
    out = [Rules()]
    for scenario in (None, *SCENARIOS):
        for k in range(len(MODULES) + 1):
            for modules in itertools.combinations(MODULES, k):
                if not any((m, scenario) in FORBIDDEN for m in modules):
                    out.append(Rules(edition=2, scenario=scenario, modules=frozenset(modules)))
    return out


RULES = every_rules()


def decisions(rules: Rules, players: int, seed: int):
    """Each moment of a game between computers (Random with an even number of players, else Normal) with a
    decision waiting: the full game, read before the decision is made."""
    game = kingsburg.new_game(NAMES[:players], seed=seed, rules=rules)
    bot = BOTS["random" if players % 2 == 0 else "normal"](seed=seed)
    while not game.is_over():
        yield game
        game.apply(bot.choose(game.view(game.to_play)))


@pytest.mark.sweep
@pytest.mark.parametrize("rules", RULES, ids=lambda r: "+".join(r.names) or "first-edition")
def test_every_view_reads_back_unchanged_and_the_bots_decide_the_same_on_it(rules: Rules) -> None:
    assert {name for r in RULES for name in r.names} == set(VARIANTS)  # no rules option left out
    checked = decided = hard = 0
    for players in range(2, 6):
        for k, game in enumerate(decisions(rules, players, seed=players + 7)):
            for seat in range(players) if k % 2 == 0 else (game.to_play,):
                text = game.view_json(seat)
                loaded = kingsburg.load_view(text)
                assert loaded.view_json(seat) == text, (players, len(game.actions), seat)
                assert loaded.seat == seat and loaded.to_play == game.to_play
                checked += 1
                if k % 25 == 0:  # the walk is slow: sampled
                    secret = secrets(game, seat, [game.state.rng], None, [])
                    assert find_secret(loaded, secret) == [], (players, len(game.actions), seat)
            seat = game.to_play
            if k % 6 == 0:
                view, loaded = game.view(seat), kingsburg.load_view(game.view_json(seat))
                assert BOTS["normal"](seed=k).choose(loaded) == BOTS["normal"](seed=k).choose(view)
                decided += 1
            if k % 90 == 0:  # a small fixed budget and no time limit: the same playouts on both (sampled: slow)
                view, loaded = game.view(seat), kingsburg.load_view(game.view_json(seat))
                assert BOTS["hard"](seed=k, iterations=6).choose(loaded) == BOTS["hard"](seed=k, iterations=6).choose(
                    view
                ), (players, len(game.actions))
                hard += 1
    assert checked > 600 and decided > 40 and hard >= 8, (checked, decided, hard)


def test_a_view_with_a_hidden_valley_card_keeps_it_hidden() -> None:
    game = kingsburg.new_game(NAMES[:3], seed=5, rules=Rules(edition=2, scenario="goblin-valley"))
    d = json.loads(game.view_json(1))
    valley = d["position"]["variants"]["goblin-valley"]["valley"]
    assert valley == [None] * 5  # nothing revealed or looked at yet
    assert kingsburg.load_view(json.dumps(d)).state.variants["goblin-valley"]["valley"] == [None] * 5
    # A view that names a card its seat has not seen is refused, as is one missing the valley's state.
    valley[2] = game.state.variants["goblin-valley"]["valley"][2]
    with pytest.raises(kingsburg.InvalidSave, match="has not seen it"):
        kingsburg.load_view(json.dumps(d))
    del d["position"]["variants"]["goblin-valley"]
    with pytest.raises(kingsburg.InvalidSave, match="'goblin-valley' is missing"):
        kingsburg.load_view(json.dumps(d))


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("rules", RULES, ids=lambda r: "+".join(r.names) or "first-edition")
def test_a_public_view_is_the_same_from_every_seat_and_holds_no_seat_s_secret(rules: Rules) -> None:
    """``view(seat, public=True)``: only what every player knows. From every seat's place it is the same (so it
    keeps none of that seat's own secrets: its look at the card, its soldier token, its look at the valley), and
    it holds nothing any seat may not know."""
    checked = 0
    for players in (2, 4):  # Random computers play both: quick
        for k, game in enumerate(decisions(rules, players, seed=players + 3)):
            views = [game.view(seat, public=True) for seat in range(players)]
            first = views[0]
            assert all(v.seat == seat for seat, v in enumerate(views))
            for v in views[1:]:
                assert (v.position(), v.events, v.actions) == (first.position(), first.events, first.actions)
            assert all(e.secret is None for e in first.events) and first.log == game.log
            if k % 20 == 0:  # the walk is slow: sampled
                for seat in range(players):
                    secret = secrets(game, seat, [game.state.rng], None, [])
                    assert find_secret(first, secret) == [], (players, len(game.actions), seat)
                    assert find_secret(first.position(), secret) == [], (players, len(game.actions), seat)
                checked += 1
    assert checked > 12, checked
