"""The public queries computer players and the page use instead of the rules modules: standings, reach, dice
groups, building costs and losses, the short effect texts, and the Bot protocol."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from helpers import position, seat

import kingsburg
from kingsburg.bots import BOTS, Bot
from kingsburg.content import BUILDINGS, CRANE, building_lost


def test_standings_follow_the_rulebook_tie_break():
    game = position(
        [
            seat(vp=9, gold=1),  # VP first
            seat(vp=7, gold=3, buildings=["statue"]),
            seat(vp=7, gold=3, buildings=["statue", "chapel"]),  # same VP and goods: more buildings
            seat(vp=7, gold=4),  # same VP: more goods
            seat(vp=7, gold=3, buildings=["inn"]),  # shares a place with seat 1
        ],
        names=["Ann", "Brian", "Cindy", "David", "Emma"],
    )
    assert game.standings() == [(0, 1), (3, 2), (2, 3), (1, 4), (4, 4)]
    assert game.winners() == [0]


def test_a_full_tie_is_a_shared_first_place():
    game = position([seat(vp=4, wood=2, buildings=["inn"]), seat(vp=4, stone=2, buildings=["statue"])])
    assert game.standings() == [(0, 1), (1, 1)]
    assert game.winners() == [0, 1]
    assert [tuple(step) for step in game.tie_break()] == [
        ("vp", {0: 4, 1: 4}, [0, 1]),
        ("goods", {0: 2, 1: 2}, [0, 1]),
        ("buildings", {0: 1, 1: 1}, [0, 1]),
    ]


def test_tie_break_names_each_criterion_compared_until_one_seat_leads():
    one = position([seat(vp=9), seat(vp=7, gold=5)])
    assert [tuple(step) for step in one.tie_break()] == [("vp", {0: 9, 1: 7}, [0])]
    goods = position([seat(vp=7, gold=1, buildings=["inn"]), seat(vp=7, gold=3), seat(vp=5, gold=9)])
    assert [tuple(step) for step in goods.tie_break()] == [
        ("vp", {0: 7, 1: 7, 2: 5}, [0, 1]),
        ("goods", {0: 1, 1: 3}, [1]),
    ]
    built = position([seat(vp=7, gold=3, buildings=["statue", "chapel"]), seat(vp=7, wood=3, buildings=["inn"])])
    assert [tuple(step) for step in built.tie_break()] == [
        ("vp", {0: 7, 1: 7}, [0, 1]),
        ("goods", {0: 3, 1: 3}, [0, 1]),
        ("buildings", {0: 2, 1: 1}, [0]),
    ]
    for game in (one, goods, built):
        assert game.tie_break()[-1].best == game.winners()


def test_reach_covers_every_legal_placement_and_nothing_free_beyond():
    """Over random games: the advisors of the legal placements are within reach, and every free advisor
    within reach can be influenced (in Wheel and Deal too, whose Secret Society closes an advisor)."""
    checked = 0
    wheel_and_deal = kingsburg.Rules(2, "wheel-and-deal")
    for seed, rules in [(seed, None) for seed in range(3)] + [(seed, wheel_and_deal) for seed in range(6)]:
        game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed, rules=rules)
        rng = random.Random(seed)
        while not game.is_over():
            if game.decision() == "influence":
                me = game.to_play
                assert me is not None
                reach = game.reach(me)
                placed = {a.advisor for a in game.legal_actions() if a.kind == "place"}
                free = {n for n in range(1, 19) if not game.state.court[n]}
                assert placed <= reach and reach & free <= placed
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 50


def test_reach_of_a_seat_without_dice_is_empty():
    game = position([seat(), seat()])
    assert game.reach(0) == frozenset()
    with pytest.raises(kingsburg.KingsburgError):
        game.reach(2)


def test_dice_groups_are_every_distinct_group_with_a_coloured_die():
    dice, white = (5, 5, 2), (3,)
    groups = kingsburg.dice_groups(dice, white)
    expected = set()
    for k in range(1, 4):
        for ci in combinations(range(3), k):
            for j in range(2):
                for wi in combinations(range(1), j):
                    expected.add((tuple(dice[i] for i in ci), tuple(white[i] for i in wi)))
    assert {(g[1], g[2]) for g in groups} == expected and len(groups) == len(expected)
    for total, coloured, whites, rest_c, rest_w in groups:
        assert total == sum(coloured) + sum(whites)
        assert sorted(coloured + rest_c) == sorted(dice) and sorted(whites + rest_w) == sorted(white)
    assert kingsburg.dice_groups((), (4,)) == ()


def test_costs_with_the_crane_and_the_building_a_defeat_takes():
    for b in BUILDINGS:
        g, w, s = b.cost_with(crane=True)
        assert (w, s) == (b.wood, b.stone)
        assert g == (b.gold - 1 if b.col >= 3 and b.gold else b.gold)
        assert b.cost_with(crane=False) == b.cost
    built = [False] * len(BUILDINGS)
    assert building_lost(built) is None
    built[CRANE] = built[0] = built[1] = True  # Crane: row 5, column 2; Chapel: row 1, column 2
    lost = building_lost(built)
    assert lost is not None and lost.name == "Chapel"  # rightmost column, then topmost


def test_short_effects_are_component_data():
    shorts = {b.name: b.short for b in BUILDINGS}
    assert shorts["Crane"] == "Columns III–IV: 1 gold less" and shorts["Guard Tower"] == ""
    assert all(b.short or b.battle or b.battle_vs for b in BUILDINGS)  # every building says something


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_follows_the_protocol(name):
    game = kingsburg.new_game(["Ann", "Brian"], 3)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    view = game.view(game.to_play)
    options = {"iterations": 8} if name == "hard" else {}
    bot: Bot = BOTS[name](seed=5, **options)
    decision = BOTS[name](seed=5, **options).start(view)
    while not decision.done:
        decision.step(4)
    assert decision.progress == 1.0
    assert decision.best() == bot.choose(view) and decision.best() in game.legal_actions()
