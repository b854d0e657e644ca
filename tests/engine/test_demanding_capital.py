"""The Demanding Capital, tested from its scenario sheet (second-edition.md §2.8; the rulebook text quoted in each
test) and the rulings in docs/rulings.md."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES, seat, seat_of
from secrets_check import find_secret, secrets

import kingsburg
from kingsburg import IllegalAction, InvalidSave, Rules
from kingsburg.variants import VARIANTS

RULES = Rules(edition=2, scenario="demanding-capital")
NAME = "demanding-capital"


def capital(seats: list[dict], growth: int = 6, needs=("gold", "troops"), manpower=None, **kw) -> kingsburg.Game:
    """A position of this scenario, by default at the start of phase 5 (the Midsummer Tributes come next)."""
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": RULES.to_dict(),
        "year": 1,
        "phase": 5,
        "step": "phase5_start:demanding-capital",
        "turn_order": list(range(len(seats))),
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": n, **s} for n, s in zip(NAMES, seats, strict=False)],
        "variants": {NAME: {"growth": growth, "needs": list(needs), "manpower": manpower or [0] * len(seats)}},
    }
    d.update(kw)
    return kingsburg.load_game(d)


def data(game: kingsburg.Game) -> dict:
    return game.state.variants[NAME]


def texts(game: kingsburg.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def play(game: kingsburg.Game, seed: int) -> kingsburg.Game:
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return game


# --- Setup and the needs -------------------------------------------------------------------------------------


def test_three_growth_tokens_per_player():
    """ "Place 3 growth tokens on this sheet for each player (e.g. 12 tokens in a 4-player game)." """
    assert data(kingsburg.new_game(NAMES, seed=1, rules=RULES))["growth"] == 12
    assert data(kingsburg.new_game(NAMES[:2], seed=1, rules=RULES))["growth"] == 6


@pytest.mark.parametrize(
    "dice, needs",
    [((1, 2), ["gold", "wood"]), ((3, 4), ["stone", "troops"]), ((5, 6), ["luxuries", "manpower"])],
)
def test_two_dice_at_the_start_of_each_year_set_the_needs(dice, needs):
    """ "At the start of each year, roll 2 dice ... 1. Gold ... 2. Wood ... 3. Stone ... 4. Troops ... 5. Luxuries
    ... 6. Manpower" — rolled before the King's Favor, in year I too."""
    game = kingsburg.new_game(NAMES[:3], seed=2, rules=RULES, dice=list(dice))
    assert game.steps(1)[0] == "year_start:demanding-capital"
    assert data(game)["needs"] == needs
    first = game.events[0]
    assert first.kind == "needs" and list(first.data["needs"]) == needs
    assert game.log.index(f"Year 1: the Capital needs {needs[0]} and {needs[1]}.") == 0


def test_new_needs_are_rolled_every_year():
    game = play(kingsburg.new_game(NAMES[:2], seed=3, rules=RULES), seed=3)
    rolled = [e for e in game.events if e.kind == "needs"]
    assert [e.year for e in rolled] == [1, 2, 3, 4, 5]


# --- The Midsummer Tributes ------------------------------------------------------------------------------------


def test_both_needs_met_gain_2_vp_and_add_a_growth_token():
    """ "If you contribute to both needs, the king is pleased: gain 2 VP and place a growth token on this sheet." """
    game = capital([seat(gold=2, soldiers=1), seat(gold=1)])
    assert game.decision() == "tribute" and texts(game) == [
        "tribute both",
        "tribute gold",
        "tribute troops",
        "tribute none",
    ]
    game.apply("tribute both")
    ann = seat_of(game, "Ann")
    assert (ann.vp, ann.gold, ann.soldiers) == (2, 1, 0)
    assert data(game)["growth"] == 7 and game.score_breakdown(0) == {"tributes": 2}


def test_one_need_met_nothing_happens():
    """ "If you contribute to one of the needs, you fail to please the king: nothing happens." """
    game = capital([seat(gold=2, soldiers=1), seat(gold=1)])
    game.apply("tribute gold")
    ann = seat_of(game, "Ann")
    assert (ann.vp, ann.gold, ann.soldiers) == (0, 1, 1) and data(game)["growth"] == 6


def test_no_need_met_lose_1_vp_and_remove_a_growth_token():
    """ "If you do not contribute at all, the king is angry: lose 1 VP and remove a growth token from this
    sheet." """
    game = capital([seat(gold=2, soldiers=1, vp=3), seat(gold=1)])
    game.apply("tribute none")
    assert seat_of(game, "Ann").vp == 2 and seat_of(game, "Ann").gold == 2 and data(game)["growth"] == 5


def test_a_player_with_nothing_to_give_angers_the_king_without_deciding():
    game = capital([seat(wood=3), seat(gold=1)])
    assert game.to_play == 1  # Ann could give nothing: the engine answered for her
    assert seat_of(game, "Ann").vp == -1 and data(game)["growth"] == 5
    forced = [e for e in game.events if e.kind == "forced"]
    assert forced[0].seat == 0 and forced[0].data["decision"] == "tribute"


def test_the_tributes_go_in_turn_order():
    """ "at the start of phase 5, in turn order, each player may contribute" """
    game = capital([seat(gold=1), seat(gold=1), seat(gold=1)], turn_order=[2, 0, 1])
    seen = []
    while game.decision() == "tribute":
        seen.append(game.to_play)
        game.apply("tribute gold")
    assert seen == [2, 0, 1]


def test_two_dice_showing_the_same_need_ask_for_two():
    """Ruling: "Each die represents a separate need": gold and gold are two needs, both met with 2 gold."""
    one = capital([seat(gold=1), seat()], needs=("gold", "gold"))
    assert texts(one) == ["tribute gold", "tribute none"]
    with pytest.raises(IllegalAction, match="cannot give 1 gold and 1 gold now"):
        one.apply("tribute both")
    two = capital([seat(gold=2), seat()], needs=("gold", "gold"))
    two.apply("tribute both")
    assert seat_of(two, "Ann").gold == 0 and seat_of(two, "Ann").vp == 2


def test_no_growth_token_left_to_remove():
    """Ruling: removing a growth token when none is left removes nothing; the VP is still lost."""
    game = capital([seat(gold=1), seat(gold=1)], growth=0)
    game.apply("tribute none")
    assert data(game)["growth"] == 0 and seat_of(game, "Ann").vp == -1


def test_only_what_is_held_can_be_given():
    """Ruling: Troops needs a soldier on the soldier track, Luxuries a "+2" token."""
    game = capital([seat(tokens=1), seat()], needs=("troops", "luxuries"))
    assert texts(game) == ["tribute luxuries", "tribute none"]
    with pytest.raises(IllegalAction, match="cannot give 1 soldier now"):
        game.apply("tribute troops")
    with pytest.raises(IllegalAction, match="needs troops and luxuries this year, not gold"):
        game.apply("tribute gold")
    game.apply("tribute luxuries")
    assert seat_of(game, "Ann").tokens == 0


def test_troops_move_the_soldier_back_one_space():
    """ "Troops: Contribute 1 soldier (i.e. move your disk back 1 space on the soldier track)." """
    game = capital([seat(soldiers=3, stone=1), seat()], needs=("troops", "stone"))
    game.apply("tribute both")
    assert seat_of(game, "Ann").soldiers == 2


def test_manpower_is_one_fewer_die_in_fall():
    """ "Manpower: Contribute 1 die during fall (i.e. roll one fewer die during fall)." Promised in phase 5."""
    game = capital([seat(gold=1), seat(gold=1)], needs=("manpower", "gold"))
    game.apply("tribute both")
    game.apply("tribute gold")
    assert data(game)["manpower"] == [1, 0]
    while game.phase != 6 or game.decision() != "influence":
        game.apply(game.legal_actions()[-1])
    assert [len(p.dice) for p in game.state.players] == [2, 3]
    assert "Ann gives the Capital 1 of their dice: 2 this fall." in game.log


def test_two_manpower_needs_leave_one_die_in_fall():
    game = capital([seat(), seat()], needs=("manpower", "manpower"))
    game.apply("tribute both")
    game.apply("tribute none")
    while game.phase != 6 or game.decision() != "influence":
        game.apply(game.legal_actions()[-1])
    assert [len(p.dice) for p in game.state.players] == [1, 3]


def test_manpower_is_paid_in_fall_only():
    game = capital([seat(), seat()], needs=("manpower", "wood"), manpower=[1, 0], phase=4, step="season")
    while game.decision() != "influence":
        game.apply(game.legal_actions()[-1])
    assert [len(p.dice) for p in game.state.players] == [3, 3]  # summer: the promise is for fall


def test_the_tributes_come_before_the_kings_envoy():
    """Ruling: the Tributes first, then the Envoy (they can change who has the fewest goods)."""
    game = capital([seat(gold=1, wood=1), seat(wood=2)], needs=("gold", "stone"))
    game.apply("tribute gold")  # Ann: 1 good left, Brian 2; Brian has nothing the Capital needs
    assert game.state.envoy == 0 and "The King's Envoy goes to Ann." in game.log


# --- Winter reinforcements ---------------------------------------------------------------------------------


def winter(growth: int, king: int, players: int = 2) -> kingsburg.Game:
    seats = [seat(soldiers=1) for _ in range(players)]
    return capital(seats, growth=growth, phase=8, step="battle", dice=[king] + [1] * 40)


@pytest.mark.parametrize("growth, king, sent", [(7, 3, 3), (7, 4, 0), (6, 3, 3), (5, 3, 0), (12, 6, 6), (0, 1, 0)])
def test_a_kings_die_above_growth_tokens_per_player_sends_nobody(growth, king, sent):
    """ "if the die result is higher than the number of growth tokens divided by players (rounded down), the
    king's reinforcement is considered to be 0." 7 tokens for 2 players: 3."""
    fights = [e for e in winter(growth, king).events if e.kind == "fight"]
    assert [f.data["king"] for f in fights] == [sent, sent]
    assert all(f.data["strength"] == 1 + sent for f in fights)


def test_the_cap_counts_players():
    fights = [e for e in winter(9, 3, players=3).events if e.kind == "fight"]
    assert [f.data["king"] for f in fights] == [3, 3, 3]
    fights = [e for e in winter(8, 3, players=3).events if e.kind == "fight"]
    assert [f.data["king"] for f in fights] == [0, 0, 0]


def test_not_playable_with_module_5():
    """ "(This scenario is not compatible with Module 5: Soldier Tokens)" """
    with pytest.raises(kingsburg.IncompatibleRules, match="The Demanding Capital"):
        kingsburg.new_game(NAMES[:2], rules=Rules(2, NAME, frozenset({"soldier-tokens"})))


# --- The whole game: invariants, saves, views, bots ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    names = [*NAMES, "Emma"][:players]
    game = kingsburg.new_game(names, seed=40 + players, rules=RULES)
    rng = random.Random(players)
    checked = 0
    while not game.is_over():
        if rng.random() < 0.05:  # a position and a save load back at a sample of decisions
            again = kingsburg.load_game(json.loads(json.dumps(game.position())))
            assert again.legal_actions() == game.legal_actions() and again.state.variants == game.state.variants
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
        tokens = data(game)["growth"]
        assert 0 <= tokens <= 3 * players + 5 * players
    assert checked and sum(game.scores()) == sum(sum(game.score_breakdown(i).values()) for i in range(players))
    loaded = kingsburg.load_game(game.to_json())
    assert loaded.scores() == game.scores() and loaded.state.variants == game.state.variants


def test_bad_scenario_state_in_a_position_is_refused():
    for bad, words in [
        ({"growth": -1, "needs": [], "manpower": [0, 0]}, "growth is the number"),
        ({"growth": 6, "needs": ["gold"], "manpower": [0, 0]}, "needs are two of"),
        ({"growth": 6, "needs": ["gold", "silk"], "manpower": [0, 0]}, "needs are two of"),
        ({"growth": 6, "needs": [], "manpower": [0]}, "manpower lists"),
        ({"growth": 6, "needs": []}, "holds growth, needs and manpower"),
    ]:
        with pytest.raises(InvalidSave, match=words):
            capital([seat(), seat()], growth=0, phase=1, step="aid", queue=[], variants={NAME: bad})
    with pytest.raises(InvalidSave, match="tribute is asked for with no needs"):
        capital([seat(), seat()], needs=(), queue=[{"seat": 0, "kind": "tribute"}], step="envoy")


def test_the_capital_is_public_in_every_view():
    seed = 0x5EC2E7_5EED_0011
    game = kingsburg.new_game(NAMES[:3], seed=seed, rules=RULES)
    rng = random.Random(5)
    for _ in range(50):
        game.apply(rng.choice(game.legal_actions()))
        for s in range(3):
            view = game.view(s)
            assert view.state.variants == game.state.variants
            assert find_secret(view, secrets(game, s, [game.state.rng], seed, [])) == []


def test_the_rules_help_is_data_next_to_the_variant():
    variant = VARIANTS[NAME]
    assert variant.title == "The Demanding Capital"
    assert "growth token" in variant.summary and "+2 VP" in variant.help and "Module 5" in variant.help


def test_the_normal_bot_meets_both_needs_when_it_can():
    from kingsburg.bots import NormalBot

    game = capital([seat(gold=2, soldiers=1), seat(gold=1)])
    assert NormalBot().choose(game.view(0)) == kingsburg.Action("tribute", arg="both")
    game = capital([seat(gold=2, soldiers=1), seat()], needs=("gold", "manpower"), year=5)
    assert NormalBot().choose(game.view(0)).arg in ("both", "gold")


def test_the_bots_know_the_capped_kings_die():
    """With 2 growth tokens per player a die of 3-6 sends nobody: the same soldiers are worth less in battle."""
    from kingsburg.bots.value import Profile

    low, high = (capital([seat(soldiers=2), seat()], growth=g, phase=7, step="recruit") for g in (4, 12))
    assert Profile(low.state, 0, None).current() < Profile(high.state, 0, None).current()


def test_the_computer_opponents_play_a_year():
    from kingsburg.bots import HardBot, NormalBot

    game = kingsburg.new_game(NAMES[:2], seed=21, rules=RULES)
    bots = [NormalBot(), HardBot(seed=2, iterations=4)]
    while game.year == 1:
        game.apply(bots[game.to_play].choose(game.view(game.to_play)))
    tributes = [e for e in game.events if e.kind in ("tribute", "forced") and e.phase == 5]
    assert len(tributes) == 2
