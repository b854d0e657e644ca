"""``Game.battle_parts``: a seat's battle strength before the King's soldiers, part by part, under every rules
option. The parts add up to ``battle_strength`` (soldiers plus ``battle_bonus``), they name only buildings the seat
owns that count against the type, and each winter's fight is made of them: its soldiers, its buildings' bonus
against the card (when no other card joins it) and the soldiers the King sent."""

from __future__ import annotations

import random

import pytest
from helpers import position, seat
from test_view_variants import RULES

import kingsburg
from kingsburg import Rules
from kingsburg.content import BUILDING_BY_SLUG, ENEMY_BY_ID, ENEMY_TYPES

NAMES = ["Ann", "Brian", "Cindy"]


def check_parts(game: kingsburg.Game) -> None:
    for k, p in enumerate(game.state.players):
        for enemy_type in ("", *sorted(ENEMY_TYPES)):
            parts = game.battle_parts(k, enemy_type)
            assert parts.soldiers == p.soldiers
            assert parts.total == game.battle_strength(k, enemy_type) == p.soldiers + game.battle_bonus(k, enemy_type)
            for slug, bonus in parts.buildings:
                b = BUILDING_BY_SLUG[slug]
                assert p.built[b.index] and bonus == b.battle_against(enemy_type) != 0
            owned = [b.slug for b in kingsburg.BUILDINGS if p.built[b.index] and b.battle_against(enemy_type)]
            assert [slug for slug, _ in parts.buildings] == owned  # every one that counts, in the sheet's order


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("rules", RULES, ids=lambda r: "+".join(r.names) or "first-edition")
def test_the_parts_add_up_to_the_battle_strength_and_make_each_fight(rules: Rules) -> None:
    fights = 0
    for seed in (1, 2):
        game = kingsburg.new_game(NAMES, seed=seed, rules=rules)
        rng = random.Random(seed)
        while not game.is_over():
            check_parts(game)
            logged = len(game.events)
            # The parts before the decision that begins a battle: only the seat deciding may still recruit.
            card = ENEMY_BY_ID[game.state.deck[game.year - 1]]
            before = [(game.battle_parts(k, card.type), game.battle_parts(k)) for k in range(3)]
            deciding = game.to_play
            game.apply(rng.choice(game.legal_actions()))
            new = game.events[logged:]
            joined = any(e.kind == "goblins" for e in new)  # a second card: the bonus of each building counts once
            for e in new:
                if e.kind != "fight":
                    continue
                assert e.seat is not None
                against, untyped = before[e.seat]
                if e.seat != deciding:
                    assert e.data["soldiers"] == against.soldiers
                if not joined:
                    assert e.data["buildings"] == against.total - against.soldiers
                assert e.data["base"] == untyped.total - untyped.soldiers
                assert e.data["strength"] == e.data["soldiers"] + e.data["buildings"] + e.data["king"]
                fights += 1
    assert fights >= 20, fights


def test_a_building_that_counts_against_one_type_only_is_named_against_it() -> None:
    game = position([seat(soldiers=2, buildings=["inn", "market", "farms", "guard-tower", "palisade"]), seat()])
    assert game.battle_parts(0) == (2, (("farms", -1), ("guard-tower", 1), ("palisade", 1)))
    assert game.battle_parts(0, "Zombies").buildings[-1] == ("palisade", 2)  # +2 against Zombies
    assert game.battle_parts(1) == (0, ()) and game.battle_parts(1).total == 0
    with pytest.raises(kingsburg.KingsburgError, match="no enemy type"):
        game.battle_parts(0, "Trolls")
