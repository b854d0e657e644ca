"""The rules the rulebook states without a worked example: buildings' effects, two players, battle choices."""

from __future__ import annotations

import pytest
from helpers import ANN, BRIAN, CINDY, legal_texts, position, seat, seat_of

import kingsburg

INFLUENCE = {"phase": 2, "step": "gifts", "queue": [{"seat": ANN, "kind": "influence"}]}


def influencing(ann: dict, **kw) -> kingsburg.Game:
    return position([seat(**ann), seat(passed=True)], **{**INFLUENCE, **kw})


def end_influence(game: kingsburg.Game) -> kingsburg.Game:
    """Everyone passes until the gifts of this season are given."""
    season = (game.year, game.phase)
    while game.decision() == "influence" and (game.year, game.phase) == season:
        game.apply("pass")
    return game


# --- Two players: the dummy dice ---------------------------------------------------------------------------


def two_player_spring(dummy: list[int]) -> kingsburg.Game:
    return position([seat(), seat()], phase=2, dice=[*dummy, 6, 6, 6, 6, 6, 6])


def test_dummy_dice_take_two_advisors():
    game = two_player_spring([1, 2, 3, 4, 4])  # 3 dice: #6; 2 dice: #8
    assert [n for n in range(1, 19) if game.state.court[n]] == [6, 8]
    assert "The dummy dice take the Alchemist (#6), the Treasurer (#8) for this season." in game.log


def test_dummy_dice_with_the_same_total_split_up():
    game = two_player_spring([1, 2, 3, 2, 4])  # 3 dice: #6; 2 dice also total 6: placed on #2 and #4
    assert [n for n in range(1, 19) if game.state.court[n]] == [2, 4, 6]


def test_dummy_dice_with_the_same_total_and_equal_faces_leave_one_aside():
    game = two_player_spring([1, 2, 3, 3, 3])  # 3 dice: #6; 3+3 = 6 too, equal faces: only #3
    assert [n for n in range(1, 19) if game.state.court[n]] == [3, 6]


def test_dummy_advisors_can_only_be_joined_with_the_envoy_and_give_nothing():
    court = {"8": [{"seat": None, "dice": [4, 4]}]}
    game = influencing({"dice": [5, 3, 1]}, court=court)
    assert "place 5+3 @8" not in legal_texts(game)
    game = influencing({"dice": [5, 3, 1]}, court=court, envoy=ANN)
    game.apply("place 5+3 @8 envoy")
    game.apply("pass")
    assert seat_of(game, "Ann").gold == 2  # the Treasurer gives once: to Ann, nothing to the dummy


# --- Influence rules -------------------------------------------------------------------------------------


def test_white_dice_never_influence_alone():
    farms = {"aid_die": True, "buildings": ["inn", "market", "farms"]}  # two white dice this spring
    game = influencing({"dice": [], "white": [3, 4], **farms})
    assert "Ann has only white dice left, which never influence alone: Ann passes." in game.log
    game = influencing({"dice": [1], "white": [3, 4], **farms})
    assert "place 1+w4+w3 @8" in legal_texts(game)
    assert not any(t.startswith("place w") for t in legal_texts(game))


def test_one_plus_two_token_per_season():
    game = influencing({"dice": [6, 2, 1], "tokens": 2})
    game.apply("place 6 +2 @8")
    assert seat_of(game, "Ann").tokens == 1
    assert not any("+2" in t for t in legal_texts(game))
    with pytest.raises(kingsburg.IllegalAction, match='one "\\+2" token'):
        game.apply("place 2 +2 @4")


def test_a_token_and_white_dice_together():
    game = influencing({"dice": [1, 1, 1], "white": [6], "tokens": 1, "aid_die": True})
    assert "place 1+w6 +2 @9" in legal_texts(game)


def test_exact_sums_only():
    game = influencing({"dice": [5, 3, 1]})
    with pytest.raises(kingsburg.IllegalAction, match="totals 8, not 9"):
        game.apply("place 5+3 @9")


def test_passing_is_final():
    game = position([seat(dice=[1, 2, 3]), seat(dice=[4, 5, 6])], **INFLUENCE)
    game.apply("pass")
    game.apply("place 6 @6")
    assert game.to_play == BRIAN  # Ann passed: Brian plays on alone
    game.apply("place 5 @5")


# --- Gifts -----------------------------------------------------------------------------------------------


def test_alchemist_without_goods_gives_nothing():
    game = influencing({"dice": [6]})
    game.apply("place 6 @6")
    assert "Ann makes no trade with the Alchemist (#6)." in game.log


def test_smuggler_may_take_the_score_below_zero():
    game = influencing({"dice": [6, 6, 2]})
    game.apply("place 6+6+2 @14")
    game.apply("gift gold+wood+stone")
    ann = seat_of(game, "Ann")
    assert ann.vp == -1 and (ann.gold, ann.wood, ann.stone) == (1, 1, 1)


def test_queen_and_general_let_the_seat_look_at_the_enemy():
    game = influencing({"dice": [6, 6, 5]})
    game.apply("place 6+6+5 @17")
    game.apply("gift stone+stone")
    ann = seat_of(game, "Ann")
    assert ann.vp_sources["advisors"] == 3 and ann.looked
    assert game.view(ANN).known_enemy() == "I-3" and game.view(BRIAN).known_enemy() is None


@pytest.mark.parametrize("number, dice, soldiers", [(5, [5], 2), (10, [6, 4], 3), (18, [6, 6, 6], 2)])
def test_stables_add_a_soldier_to_every_soldier_gift(number, dice, soldiers):
    game = influencing({"dice": dice + [1] * (3 - len(dice)), "buildings": ["palisade", "stables"]})
    end_influence(game.apply(f"place {'+'.join(map(str, dice))} @{number}") or game)
    assert seat_of(game, "Ann").soldiers == soldiers


def test_stables_with_an_envoy_doubled_general():
    court = {"10": [{"seat": ANN, "dice": [5], "white": [5]}]}  # a white die from the Farms
    row = ["inn", "market", "farms", "palisade", "stables"]
    game = influencing({"dice": [6, 4], "buildings": row}, court=court, envoy=ANN)
    game.apply("place 6+4 @10 envoy")
    end_influence(game)
    assert seat_of(game, "Ann").soldiers == 6


# --- Buildings' effects in the season ----------------------------------------------------------------------


def test_merchants_guild_and_farms_at_the_start_of_a_season():
    guild = ["inn", "market", "farms", "merchants-guild"]
    game = position([seat(buildings=guild), seat()], phase=4, dice=[1] * 20)
    ann = seat_of(game, "Ann")
    assert ann.gold == 1 and len(ann.white) == 1


def test_the_aid_white_die_is_for_spring_only():
    game = position([seat(aid_die=True, gold=5), seat(gold=5)], phase=4, dice=[1] * 20)
    assert seat_of(game, "Ann").white == []


def test_inn_token_can_go_straight_to_the_town_hall():
    town = ["inn", "barricade", "crane", "town-hall"]
    game = position([seat(buildings=town), seat()], phase=4, step="season_end")
    assert legal_texts(game) == ["townhall token", "pass"]
    game.apply("townhall token")
    ann = seat_of(game, "Ann")
    assert ann.vp == 1 and ann.tokens == 0


def test_town_hall_gives_one_vp_a_season_for_a_token_or_a_good():
    town = ["barricade", "crane", "town-hall"]
    game = position([seat(buildings=town, tokens=2, gold=2), seat()], phase=2, step="season_end")
    assert legal_texts(game) == ["townhall token", "townhall gold", "pass"]
    game.apply("townhall gold")
    ann = seat_of(game, "Ann")
    assert ann.vp_sources["town hall"] == 1 and (ann.gold, ann.tokens) == (1, 2)  # once a season only
    assert game.phase == 4


def test_embassy_scores_every_productive_season_including_the_one_it_is_built():
    row = ["barricade", "crane", "town-hall"]
    game = position([seat(buildings=row, gold=2, wood=2, stone=2), seat()], phase=2, step="clear")
    game.apply("build embassy")
    ann = seat_of(game, "Ann")
    assert ann.vp_sources["embassy"] == 1 and ann.vp_sources["buildings"] == 4


def test_barracks_recruit_for_one_good_each():
    barracks = ["guard-tower", "blacksmith", "barracks"]
    game = position([seat(buildings=barracks, gold=1, wood=2), seat(gold=3)], phase=7)
    assert legal_texts(game) == ["recruit gold", "recruit wood", "pass"]
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert seat_of(game, "Ann").soldiers == 3
    assert legal_texts(game) == ["recruit gold+gold", "pass"]  # Brian pays two goods a soldier
    game.apply("recruit gold+gold")
    assert "Brian recruits a soldier for 2 gold (1 in all)." in game.log


def test_cathedral_scores_one_vp_for_every_two_goods_at_the_end():
    row = ["statue", "chapel", "church", "cathedral"]
    game = position([seat(buildings=row, vp=24, gold=3, wood=2, soldiers=9), seat()], year=5, phase=8, dice=[6])
    assert game.is_over()
    assert seat_of(game, "Ann").vp_sources["cathedral"] == 2


# --- The battle ------------------------------------------------------------------------------------------


def battle(card: str, ann: dict, king: int = 1, year: int = 1) -> kingsburg.Game:
    deck = ["I-1", "II-1", "III-1", "IV-1", "V-1"]
    deck[year - 1] = card
    return position([seat(**ann), seat(soldiers=9)], year=year, phase=8, enemies=deck, dice=[king] + [1] * 40)


def test_stone_wall_turns_a_draw_into_a_win():
    game = battle("I-3", {"buildings": ["palisade", "stables", "stone-wall"], "soldiers": 0})  # 1 + 2 = 3
    assert "Ann fights with 3 and wins (the Stone Wall turns the tie into a win)." in game.log
    assert seat_of(game, "Ann").stone == 1


def test_fortress_adds_a_vp_to_every_victory():
    game = battle("I-3", {"buildings": ["palisade", "stables", "stone-wall", "fortress"], "soldiers": 9})
    ann = seat_of(game, "Ann")
    assert ann.vp_sources["battle"] == 1 + 1  # the Fortress, and the bonus (tied strongest with Brian: 10+3 vs 10)


def test_type_modifiers_church_palisade_and_farms():
    church = battle("III-5", {"buildings": ["statue", "chapel", "church"], "soldiers": 4}, year=3)  # Demons 6
    assert "Ann fights with 6: a draw, nothing is won or lost." in church.log  # 4 + 1 + Church 1
    zombies = battle("I-5", {"buildings": ["palisade"], "soldiers": 1})  # Zombies 4: 1 + 1 + Palisade 2
    assert "Ann fights with 4: a draw, nothing is won or lost." in zombies.log
    farms = battle("I-5", {"buildings": ["inn", "market", "farms"], "soldiers": 4})  # 4 + 1 - 1 = 4
    assert "Ann fights with 4: a draw, nothing is won or lost." in farms.log


def test_the_loser_chooses_which_goods_to_lose():
    game = battle("I-4", {"gold": 2, "wood": 1})  # Orcs 3: lose 2 goods of choice and 1 VP
    assert game.decision() == "lose" and legal_texts(game) == ["lose gold", "lose wood"]
    game.apply("lose wood")
    assert game.year == 2  # only gold was left: the second loss was forced
    ann = seat_of(game, "Ann")
    assert (ann.gold, ann.wood, ann.vp) == (1, 0, -1)


def test_goods_beyond_holdings_are_not_owed():
    game = battle("I-4", {"stone": 1})
    assert seat_of(game, "Ann").stone == 0 and game.year == 2


def test_a_reward_of_a_good_of_choice():
    game = battle("IV-4", {"soldiers": 9}, year=4)  # Orcs 7: win one good of choice
    assert game.to_play == ANN and legal_texts(game) == ["gain gold", "gain wood", "gain stone"]
    game.apply("gain stone")
    assert seat_of(game, "Ann").stone == 1


def test_only_the_strongest_victorious_players_gain_the_bonus():
    game = battle("I-1", {"soldiers": 9})  # Barbarians 2: both win, both fight with 10
    assert seat_of(game, "Ann").vp == 1 and seat_of(game, "Brian").vp == 1


def test_destroyed_building_with_none_built():
    game = battle("I-3", {})
    assert "The Goblins find nothing of Ann's to destroy." in game.log


def test_kings_reward_goes_to_all_tied_for_most_buildings():
    game = position([seat(buildings=["inn"]), seat(buildings=["statue"]), seat()], phase=3, dice=[1] * 40)
    assert [p.vp for p in game.state.players] == [1, 1, 0]


# --- Counting legal actions (like chess perft: every count derived by hand) --------------------------------


@pytest.mark.parametrize(
    "extra, count",
    [
        # Dice 1, 3, 5: seven groups with totals 1, 3, 4, 5, 6, 8, 9, each on its advisor, and pass.
        ({}, 7 + 1),
        # A "+2" token: each group also reaches total + 2.
        ({"tokens": 1}, 7 * 2 + 1),
        # Token and Market: each total t reaches t, t+2, t-1, t+1, t+1 (token and Market -1: a distinct action),
        # t+3; only t-1 = 0 for the lone 1 is off the court.
        ({"tokens": 1, "buildings": ["inn", "market"]}, 7 * 6 - 1 + 1),
    ],
)
def test_legal_placement_counts(extra, count):
    game = influencing({"dice": [1, 3, 5], **extra})
    assert len(game.legal_actions()) == count
    assert len(set(game.legal_actions())) == count


def test_legal_counts_with_taken_advisors_and_the_envoy():
    court = {"4": [{"seat": BRIAN, "dice": [4]}], "9": [{"seat": BRIAN, "dice": [6, 3]}]}
    game = influencing({"dice": [1, 3, 5]}, court=court)
    assert len(game.legal_actions()) == 5 + 1  # #4 and #9 are taken
    game = influencing({"dice": [1, 3, 5]}, court=court, envoy=ANN)
    assert len(game.legal_actions()) == 7 + 1  # with the Envoy they can be joined
    assert {str(a) for a in game.legal_actions() if a.envoy} == {"place 3+1 @4 envoy", "place 5+3+1 @9 envoy"}


def test_decisions_taken_for_a_player_are_logged_as_forced():
    # Recruiting: Ann has nothing to pay with, Brian one good without the Barracks (a soldier costs two). The
    # engine passes for both; the log says why, with kind "forced" for a page to show it.
    game = position([seat(), seat(gold=1), seat(gold=2)], phase=7)
    assert game.to_play == CINDY and game.decision() == "recruit"
    forced = {game.players[e.seat]: e.text for e in game.events if e.kind == "forced"}
    assert forced == {
        "Ann": "Ann has no goods to recruit with.",
        "Brian": "Brian has too few goods (2 a soldier) to recruit with.",
    }
    assert [e.data for e in game.events if e.kind == "forced"] == [
        {"decision": "recruit", "held": 0, "per": 2},
        {"decision": "recruit", "held": 1, "per": 2},
    ]
