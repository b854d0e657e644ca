"""Every event the engine logs has a kind from the table (kingsburg/events.py), its data as the table declares
it, and its text exactly the kind's sentence rendered from that data: over random games of every rules option."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import pytest

import kingsburg
from kingsburg import Game, Rules
from kingsburg.events import EVENTS, REASONS, Facts, render
from kingsburg.variants import VARIANTS

# One game of each rules option: the first edition, the second, each scenario and the module.
OPTIONS: dict[str, Rules] = {
    "first-edition": Rules(),
    "second-edition": Rules(edition=2),
    **{name: Rules(edition=2, scenario=name) for name in ("goblin-valley", "demanding-capital", "shifting-alliances")},
    "wheel-and-deal": Rules(edition=2, scenario="wheel-and-deal"),
    "soldier-tokens": Rules(edition=2, modules=frozenset({"soldier-tokens"})),
    "goblin-valley+soldier-tokens": Rules(edition=2, scenario="goblin-valley", modules=frozenset({"soldier-tokens"})),
}
SEEDS = ((1, 2), (2, 3), (3, 4), (4, 5))  # (seed, players): each count of players


@cache
def random_game(option: str, seed: int, n: int) -> Game:
    game = kingsburg.new_game([f"P{i}" for i in range(n)], seed=seed, rules=OPTIONS[option])
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return game


def engine_kinds() -> set[str]:
    """The kinds of the engine and of the variants it ships (a test may register a test-only variant's)."""
    return {k for k, v in EVENTS.items() if v.variant is None or v.variant in VARIANTS}


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_every_event_has_a_declared_kind_and_its_text_is_rendered_from_its_data(option: str) -> None:
    for seed, n in SEEDS:
        game = random_game(option, seed, n)
        for e in game.events:
            assert e.kind in EVENTS, (e.kind, e.text)
            assert EVENTS[e.kind].problems(e.data) == [], e.text
            assert render(e.kind, game.players, e.seat, e.data, e.vp) == e.text
            if e.kind == "vp":  # a score's reason in words is made from its facts too
                assert REASONS[str(e.data["reason"])](Facts(game.players, e.seat, e.data, e.vp)) == e.data["why"]
            variant = EVENTS[e.kind].variant
            assert variant is None or variant in game.rules.names, (e.kind, option)


def test_the_games_meet_almost_every_kind_and_every_variant_kind() -> None:
    """The games above are not vacuous: they log nearly every kind of the table, each variant's among them."""
    met = Counter(e.kind for option in OPTIONS for seed, n in SEEDS for e in random_game(option, seed, n).events)
    # Rare in random games (the Merchants' Guild is built late, if at all): a few kinds may be missed.
    missing = engine_kinds() - set(met)
    assert not {k for k in missing if EVENTS[k].variant}, missing
    assert len(missing) <= 2, missing


def test_a_forced_event_says_which_decision_and_renders_for_each() -> None:
    forced = {
        e.data["decision"]
        for option in OPTIONS
        for seed, n in SEEDS
        for e in random_game(option, seed, n).events
        if e.kind == "forced"
    }
    assert {"influence", "build", "recruit"} <= forced


def test_an_unknown_kind_or_a_wrong_field_is_refused_by_the_table() -> None:
    assert EVENTS["pass"].problems({"advisor": 3}) == ["pass: undeclared field 'advisor'"]
    assert EVENTS["place"].problems({"advisor": "3"})[0] == "place: no field 'dice'"
    assert "king: field 'die' is '3', not <class 'int'>" in EVENTS["king"].problems({"die": "3"})
    assert EVENTS["aid"].problems({"goods": (1,)}) == ["aid: field 'goods' is (1,), not tuple[str, ...]"]
