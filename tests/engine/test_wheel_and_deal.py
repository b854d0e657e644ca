"""Wheel and Deal (second-edition.md §2.10), tested from the rulebook text, one rule at a time, with its numbers;
then random games, saves, views and a recorded playthrough of the scenario.

"At the start of each year, in turn order, each player chooses 1 of the 8 groups ... Each group can be chosen by
only 1 player each year. At the end of each year, remove all tokens from this sheet."
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from helpers import NAMES, seat, seat_of
from test_playthroughs import outcome

import kingsburg
from kingsburg import IllegalAction, IncompatibleRules, InvalidSave, Rules
from kingsburg.variants.wheel_and_deal import GROUPS

RULES = Rules(edition=2, scenario="wheel-and-deal")
NAME = "wheel-and-deal"
ANN, BRIAN, CINDY = range(3)


def wheel(seats: list[dict], groups: dict[str, int] | None = None, society: int | None = None, **kw) -> kingsburg.Game:
    """A Wheel and Deal position: ``groups`` maps a group to the seat favouring it this year."""
    chosen = groups or {}
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": RULES.to_dict(),
        "year": 1,
        "phase": 1,
        "turn_order": list(range(len(seats))),
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": n, **s} for n, s in zip(NAMES, seats, strict=False)],
        "variants": {NAME: {"groups": [chosen.get(g) for g in GROUPS], "society": society}},
    }
    d.update(kw)
    return kingsburg.load_game(d)


def season(seats: list[dict], groups: dict[str, int], dice: list[int], **kw) -> kingsburg.Game:
    """Spring about to be rolled, with these die faces (three players: no dummy dice)."""
    return wheel(seats, groups, phase=2, step="season", dice=dice, **kw)


def influencing(seats: list[dict], groups: dict[str, int], to_play: int = ANN, **kw) -> kingsburg.Game:
    """Spring's influencing under way, ``to_play`` to influence."""
    queue = [{"seat": to_play, "kind": "influence"}]
    return wheel(seats, groups, phase=2, step="rewards:wheel-and-deal", queue=queue, **kw)


def groups_of(game: kingsburg.Game) -> list[int | None]:
    return game.state.variants[NAME]["groups"]


# --- Choosing the groups -------------------------------------------------------------------------------------


def test_each_year_starts_with_every_player_choosing_a_group_in_turn_order():
    game = kingsburg.new_game(NAMES[:3], seed=4, rules=RULES, turn_order=[2, 0, 1])
    assert game.steps(1) == ("year_start:wheel-and-deal", "aid", "next")
    assert (game.to_play, game.decision()) == (CINDY, "group")
    assert game.prompt() == "Cindy must choose a group to favour this year."
    assert len(game.legal_actions()) == 8
    game.apply("group clergy")
    assert (game.to_play, game.decision()) == (ANN, "group")
    assert "group clergy" not in [str(a) for a in game.legal_actions()] and len(game.legal_actions()) == 7
    with pytest.raises(IllegalAction, match="the Clergy are already favoured by Cindy this year"):
        game.apply("group clergy")
    game.apply("group military")
    game.apply("group craftsmen")
    assert groups_of(game) == [None, CINDY, ANN, None, BRIAN, None, None, None]
    assert "Brian favours the Craftsmen this year." in game.log
    assert game.decision() == "aid"  # then the King's aid, as usual


def test_all_tokens_are_removed_at_the_end_of_the_year():
    game = wheel([seat(soldiers=5), seat(), seat()], {"military": ANN, "secret-society": BRIAN}, society=8, phase=8)
    assert game.state.year == 2 and groups_of(game) == [None] * 8
    assert game.state.variants[NAME]["society"] is None
    assert game.decision() == "group"


def test_module_5_is_refused_with_this_scenario():
    with pytest.raises(IncompatibleRules, match="not compatible with Wheel and Deal: the Military group rolls"):
        kingsburg.new_game(NAMES[:3], rules=Rules(2, "wheel-and-deal", frozenset({"soldier-tokens"})))


# --- 1. Aristocracy ------------------------------------------------------------------------------------------


def test_aristocracy_is_always_first_in_turn_order():
    """ "You are always first in turn order": Cindy rolls the highest total, 18, and still goes first."""
    game = season([seat(), seat(), seat()], {"aristocracy": CINDY}, dice=[1, 1, 2, 3, 3, 3, 6, 6, 6])
    assert game.state.order == [CINDY, ANN, BRIAN]
    assert game.to_play == CINDY and game.decision() == "influence"


def test_aristocracy_moves_first_as_soon_as_it_is_chosen():
    game = kingsburg.new_game(NAMES[:3], seed=4, rules=RULES, turn_order=[0, 1, 2])
    game.apply("group clergy")
    game.apply("group aristocracy")
    assert game.state.order == [BRIAN, ANN, CINDY]
    assert "Brian is first in turn order (the Aristocracy)." in game.log


def test_aristocracy_wins_the_tie_for_fewest_buildings_in_phase_1():
    """Year I: everyone has no building, so the Aristocracy takes the bonus die and nobody takes a good."""
    game = wheel([seat(), seat(), seat()], {"aristocracy": BRIAN}, step="aid")
    assert seat_of(game, "Brian").aid_die and not seat_of(game, "Ann").aid_die
    assert game.decision() != "aid" and all(p.goods == 0 for p in game.state.players)


def test_aristocracy_wins_the_tie_outright_even_with_more_goods():
    """Tied for fewest buildings, the holder wins before the goods are compared (docs/rulings.md)."""
    game = wheel([seat(), seat(gold=2), seat(buildings=["statue"])], {"aristocracy": BRIAN}, step="aid")
    assert seat_of(game, "Brian").aid_die and not seat_of(game, "Ann").aid_die


def test_aristocracy_takes_the_kings_reward_alone_when_tied_for_most():
    game = wheel(
        [seat(buildings=["statue", "chapel"]), seat(buildings=["statue", "chapel"]), seat(buildings=["statue"])],
        {"aristocracy": BRIAN},
        phase=3,
    )
    assert seat_of(game, "Brian").vp == 1 and seat_of(game, "Ann").vp == 0
    assert game.score_breakdown(BRIAN) == {"king's reward": 1}


def test_aristocracy_takes_the_envoy_when_tied_in_phase_5():
    game = wheel([seat(gold=1), seat(gold=1), seat(buildings=["statue"])], {"aristocracy": BRIAN}, phase=5)
    assert game.state.envoy == BRIAN


def test_without_the_aristocracy_a_tie_is_still_nobodys():
    game = wheel([seat(gold=1), seat(gold=1), seat(buildings=["statue"])], {"aristocracy": CINDY}, phase=5)
    assert game.state.envoy is None


# --- 2. Clergy -----------------------------------------------------------------------------------------------


def test_clergy_gains_2_vp_for_a_dice_total_of_9_or_less():
    game = season([seat(), seat(), seat()], {"clergy": ANN}, dice=[3, 3, 3, 4, 3, 3, 6, 6, 6])
    assert seat_of(game, "Ann").vp == 2
    assert "Ann +2 VP: the Clergy, for a dice total of 9." in game.log
    assert game.score_breakdown(ANN) == {NAME: 2}


def test_clergy_gains_nothing_for_10():
    game = season([seat(), seat(), seat()], {"clergy": BRIAN}, dice=[3, 3, 3, 4, 3, 3, 6, 6, 6])
    assert seat_of(game, "Brian").vp == 0


def test_clergy_counts_the_dice_after_all_rerolls():
    """Ann rolls 4, 4, 4 (12) and rerolls one 4 with the Statue: 1, so her total is 9."""
    game = season([seat(buildings=["statue"]), seat(), seat()], {"clergy": ANN}, dice=[4, 4, 4, 5, 5, 5, 6, 6, 6, 1])
    assert game.decision() == "reroll" and seat_of(game, "Ann").vp == 0
    game.apply("statue")
    assert sorted(seat_of(game, "Ann").dice) == [1, 4, 4] and seat_of(game, "Ann").vp == 2


# --- 3. Military ---------------------------------------------------------------------------------------------


def test_military_rolls_two_dice_the_holder_gains_the_higher_everyone_else_the_lower():
    game = wheel([seat(), seat(), seat()], {"military": BRIAN}, phase=8, dice=[2, 5])
    fights = {e.seat: e.data["king"] for e in game.events if e.kind == "fight"}
    assert fights == {ANN: 2, BRIAN: 5, CINDY: 2}
    assert (
        "Brian rolls two dice for the King's reinforcements (the Military): 2 and 5. "
        "Brian receives 5, everyone else 2." in game.log
    )


def test_without_the_military_one_kings_die_for_everyone():
    game = wheel([seat(), seat(), seat()], {}, phase=8, dice=[4, 1])
    assert {e.data["king"] for e in game.events if e.kind == "fight"} == {4}


# --- 4. Secret Society ---------------------------------------------------------------------------------------


def test_secret_society_puts_a_token_on_any_advisor_when_chosen():
    game = kingsburg.new_game(NAMES[:3], seed=4, rules=RULES, turn_order=[0, 1, 2])
    game.apply("group secret-society")
    assert (game.to_play, game.decision()) == (ANN, "society") and len(game.legal_actions()) == 18
    game.apply("society @18")
    assert game.state.variants[NAME]["society"] == 18 and game.decision() == "group" and game.to_play == BRIAN


def test_no_other_player_may_influence_the_secret_societys_advisor():
    groups = {"secret-society": ANN}
    game = influencing([seat(), seat(dice=[6, 2, 1]), seat(passed=True)], groups, to_play=BRIAN, society=8)
    assert 8 not in [a.advisor for a in game.legal_actions()]
    with pytest.raises(IllegalAction, match=r"the Treasurer \(#8\) is closed to Brian by a rule of this game"):
        game.apply("place 6+2 @8")


def test_not_even_with_the_envoy():
    court = {"8": [{"seat": ANN, "dice": [5, 3]}]}
    seats = [seat(), seat(dice=[6, 2, 1]), seat(passed=True)]
    game = influencing(seats, {"secret-society": ANN}, to_play=BRIAN, society=8, court=court, envoy=BRIAN)
    with pytest.raises(IllegalAction, match="closed to Brian"):
        game.apply("place 6+2 @8 envoy")


def test_the_secret_societys_holder_may_influence_it():
    game = influencing([seat(dice=[6, 2, 1]), seat(), seat(passed=True)], {"secret-society": ANN}, society=8)
    game.apply("place 6+2 @8")
    assert [pl.seat for pl in game.state.court[8]] == [ANN]


# --- 5. Craftsmen --------------------------------------------------------------------------------------------


def test_craftsmen_give_a_good_of_choice_to_a_player_without_goods_at_the_end_of_the_season():
    game = wheel([seat(), seat(), seat()], {"craftsmen": BRIAN}, phase=2, step="season_over:wheel-and-deal")
    assert (game.to_play, game.decision()) == (BRIAN, "craftsmen")
    assert [str(a) for a in game.legal_actions()] == ["craftsmen gold", "craftsmen wood", "craftsmen stone"]
    game.apply("craftsmen stone")
    assert seat_of(game, "Brian").stone == 1 and game.state.phase == 4  # on to summer


def test_craftsmen_give_nothing_to_a_player_with_goods():
    game = wheel([seat(), seat(wood=1), seat()], {"craftsmen": BRIAN}, phase=2, step="season_over:wheel-and-deal")
    assert game.decision() != "craftsmen" and seat_of(game, "Brian").goods == 1


# --- 6. Artists ----------------------------------------------------------------------------------------------


def test_artists_reroll_one_die_after_the_turn_order_is_set_and_it_stays_set():
    """Ann rolls 1, 1, 2 (4): first. She rerolls the 2 with the Artists (a 6) and is still first."""
    game = season([seat(), seat(), seat()], {"artists": ANN}, dice=[1, 1, 2, 3, 3, 3, 5, 5, 5, 6])
    assert (game.to_play, game.decision()) == (ANN, "artists")
    assert [str(a) for a in game.legal_actions()] == ["artists 1", "artists 2", "pass"]
    game.apply("artists 2")
    assert sorted(seat_of(game, "Ann").dice) == [1, 1, 6] and game.state.order == [ANN, BRIAN, CINDY]
    assert "Ann rerolls a 2 with the Artists: 6." in game.log
    assert game.decision() == "influence" and game.to_play == ANN


def test_artists_may_keep_their_dice():
    game = season([seat(), seat(), seat()], {"artists": CINDY}, dice=[1, 1, 2, 3, 3, 3, 5, 5, 5])
    game.apply("pass")
    assert seat_of(game, "Cindy").dice == [5, 5, 5] and game.decision() == "influence"


# --- 7. Peasants ---------------------------------------------------------------------------------------------


def rewards(court: dict, groups: dict[str, int], seats: list[dict] | None = None) -> kingsburg.Game:
    """Influencing just over: everyone has passed and the rewards are next."""
    seats = seats or [seat(), seat(), seat()]
    return wheel(seats, groups, phase=2, step="rewards:wheel-and-deal", court=court)


def test_peasants_gain_the_reward_of_one_advisor_ranked_1_to_6_a_second_time():
    court = {
        "2": [{"seat": ANN, "dice": [2]}],
        "5": [{"seat": ANN, "dice": [3, 2]}],
        "9": [{"seat": BRIAN, "dice": [6, 3]}],
    }
    game = rewards(court, {"peasants": ANN})
    assert (game.to_play, game.decision()) == (ANN, "peasants")
    assert [str(a) for a in game.legal_actions()] == ["peasants @2", "peasants @5"]
    game.apply("peasants @5")
    ann = seat_of(game, "Ann")
    assert (ann.gold, ann.soldiers) == (1, 2)  # the Squire once, the Sergeant twice
    assert "Ann gains the reward of the Sergeant (#5) a second time with the Peasants." in game.log


def test_peasants_gain_nothing_if_they_influenced_an_advisor_above_6():
    court = {"2": [{"seat": ANN, "dice": [2]}], "8": [{"seat": ANN, "dice": [5, 3]}]}
    game = rewards(court, {"peasants": ANN})
    assert not any("Peasants" in line for line in game.log)
    assert seat_of(game, "Ann").gold == 3  # the Squire's 1 and the Treasurer's 2, once each


def test_peasants_gain_nothing_without_influencing():
    game = rewards({"3": [{"seat": BRIAN, "dice": [3]}]}, {"peasants": ANN})
    assert not any("Peasants" in line for line in game.log) and seat_of(game, "Ann").goods == 0


# --- 8. Outlaws ----------------------------------------------------------------------------------------------


def test_outlaws_lose_2_vp_when_chosen():
    game = kingsburg.new_game(NAMES[:3], seed=4, rules=RULES, turn_order=[0, 1, 2])
    game.apply("group outlaws")
    assert seat_of(game, "Ann").vp == -2 and "Ann −2 VP: the Outlaws." in game.log
    assert game.score_breakdown(ANN) == {NAME: -2}
    assert kingsburg.load_game(game.position()).score_breakdown(ANN) == {NAME: -2}  # a VP source of this game
    first = kingsburg.new_game(NAMES[:3], seed=4).position()
    first["seats"][ANN].update(vp=-2, vp_sources={NAME: -2})
    with pytest.raises(InvalidSave, match="'vp_sources' must map sources"):
        kingsburg.load_game(first)  # but not of a first-edition game


def test_outlaws_gain_the_reward_of_the_lowest_advisor_nobody_influenced():
    """Advisors #1 and #2 were influenced: the Outlaws take the Architect's (#3) 1 wood."""
    court = {"1": [{"seat": ANN, "dice": [1]}], "2": [{"seat": BRIAN, "dice": [2]}]}
    game = rewards(court, {"outlaws": CINDY})
    assert seat_of(game, "Cindy").wood == 1
    assert "Cindy gains the reward of the Architect (#3) with the Outlaws." in game.log


def test_outlaws_choose_the_reward_when_it_offers_a_choice():
    court = {str(n): [{"seat": ANN, "dice": [n]}] for n in (1, 2, 3)}
    game = rewards(court, {"outlaws": CINDY})
    assert (game.to_play, game.decision()) == (CINDY, "reward")
    assert game.prompt() == "Cindy must choose the reward of the Merchant (#4)."
    position = game.position()
    assert position["queue"] == [{"seat": CINDY, "kind": "reward", "arg": 4}]
    assert kingsburg.load_game(position).prompt() == game.prompt()
    position["queue"][0]["arg"] = 0
    with pytest.raises(InvalidSave, match="'arg' must be 1 to 18"):
        kingsburg.load_game(position)
    game.apply("gift wood")
    assert seat_of(game, "Cindy").wood == 1


def test_for_the_outlaws_the_dummy_dice_count_as_influence():
    two = [{"name": "Ann"}, {"name": "Brian"}]
    court = {"1": [{"seat": None, "dice": [1]}], "2": [{"seat": None, "dice": [2]}]}
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": RULES.to_dict(),
        "year": 1,
        "phase": 2,
        "step": "rewards:wheel-and-deal",
        "turn_order": [0, 1],
        "seats": two,
        "court": court,
        "variants": {NAME: {"groups": [None, None, None, None, None, None, None, BRIAN], "society": None}},
    }
    game = kingsburg.load_game(d)
    assert seat_of(game, "Brian").wood == 1  # the Architect (#3)


# --- Saves, positions, views, random games -------------------------------------------------------------------


@pytest.mark.parametrize(
    "state, words",
    [
        ({"groups": [None] * 8}, "holds 'groups' and 'society'"),
        ({"groups": [None] * 7, "society": None}, "the seat or null for each of the 8 groups"),
        ({"groups": [0, 0, None, None, None, None, None, None], "society": None}, "one group a year"),
        ({"groups": [True] + [None] * 7, "society": None}, "the seat or null"),
        ({"groups": [None] * 8, "society": 19}, "1 to 18"),
        ({"groups": [None] * 8, "society": 4}, "nobody favours the group"),
    ],
)
def test_a_bad_scenario_state_in_a_position_is_refused(state, words):
    d = kingsburg.new_game(NAMES[:3], seed=1, rules=RULES).position()
    d["variants"] = {NAME: state}
    with pytest.raises(InvalidSave, match=words):
        kingsburg.load_game(d)


def play(game: kingsburg.Game, seed: int) -> kingsburg.Game:
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_load_back(players):
    names = [*NAMES, "Eve"][:players]
    game = kingsburg.new_game(names, seed=100 + players, rules=RULES)
    rng = random.Random(players)
    positions = 0
    while not game.is_over():
        if game.decision() in ("group", "society", "artists", "peasants", "reward", "craftsmen"):
            again = kingsburg.load_game(json.loads(json.dumps(game.position())))
            assert again.legal_actions() == game.legal_actions() and again.prompt() == game.prompt()
            positions += 1
        game.apply(rng.choice(game.legal_actions()))
    assert positions >= 5 * players
    chosen = [e for e in game.events if e.kind == "group"]
    assert len(chosen) == 5 * players
    for year in range(1, 6):
        groups = [e.data["group"] for e in chosen if e.year == year]
        assert len(set(groups)) == players  # each group once a year
    loaded = kingsburg.load_game(game.to_json())
    assert loaded.scores() == game.scores() and loaded.log == game.log
    assert sum(sum(game.score_breakdown(i).values()) for i in range(players)) == sum(game.scores())


def test_no_view_holds_a_secret_in_this_scenario():
    from test_secrets import check_views

    game = kingsburg.new_game(NAMES, seed=0x3EE1_5EED, rules=RULES)
    assert check_views(game, 0x3EE1_5EED, 30, random.Random(7)) > 100


# --- A recorded playthrough ----------------------------------------------------------------------------------

PLAYTHROUGH = Path(__file__).parent / "playthroughs" / "wheel-and-deal.json"


def record() -> dict:
    players, seed = ["Ann", "Brian", "Cindy"], 2013
    game = play(kingsburg.new_game(players, seed, rules=RULES), seed)
    return {
        "players": players,
        "seed": seed,
        "rules": RULES.to_dict(),
        "actions": game.actions,
        "log": game.log,
        "outcome": outcome(game),
    }


def test_recorded_wheel_and_deal_playthrough_replays_exactly():
    if os.environ.get("KINGSBURG_REGEN"):
        PLAYTHROUGH.write_text(json.dumps(record(), indent=1) + "\n")
    recorded = json.loads(PLAYTHROUGH.read_text())
    game = kingsburg.new_game(recorded["players"], recorded["seed"], rules=RULES)
    assert recorded["rules"] == RULES.to_dict()
    for text in recorded["actions"]:
        game.apply(text)
    assert game.is_over()
    first = next((i for i, (a, b) in enumerate(zip(game.log, recorded["log"], strict=False)) if a != b), None)
    assert first is None, f"log line {first + 1} differs: {game.log[first]!r}, recorded {recorded['log'][first]!r}"
    assert game.log == recorded["log"] and outcome(game) == recorded["outcome"]
    used = {a.split()[0] for a in recorded["actions"]}
    assert {"group", "society", "artists", "peasants", "craftsmen"} <= used


# --- The computer opponents and the command line -------------------------------------------------------------


def test_normal_prices_the_groups_and_prefers_the_clergy_to_the_secret_society():
    """At the start of a two-player game the Clergy (2 VP in 3 seasons out of 8) beats the Secret Society."""
    from kingsburg.bots.normal import rank

    game = kingsburg.new_game(NAMES[:2], seed=5, rules=RULES)
    ranked = {a.arg: v for v, a in rank(game.view(game.to_play))}
    assert len(ranked) == 8 and len(set(ranked.values())) == 8
    assert ranked["clergy"] > ranked["secret-society"] and ranked["clergy"] > ranked["artists"]


def test_normal_rerolls_the_artists_die_when_its_dice_reach_nothing():
    """Ann holds 1, 1, 1 and #1 to #3 are taken: a reroll of a 1 can only help."""
    from kingsburg.bots import NormalBot

    court = {
        "1": [{"seat": BRIAN, "dice": [1]}],
        "2": [{"seat": BRIAN, "dice": [2]}],
        "3": [{"seat": CINDY, "dice": [3]}],
    }
    seats = [seat(dice=[1, 1, 1]), seat(dice=[5]), seat(dice=[4, 4])]
    queue = [{"seat": ANN, "kind": "artists"}]
    game = wheel(seats, {"artists": ANN}, phase=2, step="influence", court=court, queue=queue)
    assert [str(a) for a in game.legal_actions()] == ["artists 1", "pass"]
    assert str(NormalBot().choose(game.view(ANN))) == "artists 1"


def test_normal_and_hard_play_the_scenario():
    from kingsburg.bots import HardBot, NormalBot

    game = kingsburg.new_game(NAMES[:2], seed=21, rules=RULES)
    bots = [NormalBot(), HardBot(seed=2, iterations=4)]
    while game.year < 3:  # two years: the groups chosen twice, every season's moments met
        seat_ = game.to_play
        game.apply(bots[seat_].choose(game.view(seat_)))
    assert len([e for e in game.events if e.kind == "group"]) == 4 and game.decision() == "group"


def test_the_command_line_plays_the_scenario_and_refuses_module_5(capsys):
    from kingsburg.cli import main

    assert main(["simulate", "--scenario", "wheel-and-deal", "--players", "3", "--games", "2"]) == 0
    assert "edition 2, wheel-and-deal" in capsys.readouterr().out
    args = ["tournament", "--a", "normal", "--b", "random", "--games", "2", "--scenario", "wheel-and-deal", "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == RULES.to_dict()
    assert main(["tournament", "--scenario", "wheel-and-deal", "--module", "soldier-tokens", "--games", "1"]) == 2
    assert "not compatible with Wheel and Deal" in capsys.readouterr().err
    assert main(["simulate", "--edition", "1", "--scenario", "wheel-and-deal"]) == 2
    assert "use edition=2" in capsys.readouterr().err


def _peasants_rewards(monkeypatch: pytest.MonkeyPatch, aware: bool, games: int) -> tuple[int, int]:
    """Over 2-player games of Normal bots: the seasons a Peasants holder got a reward again, and those it held
    the Peasants. ``aware``: Normal prices the Peasants when it influences (else as if it did not hold them)."""
    from kingsburg.bots import BOTS, normal

    if not aware:
        monkeypatch.setattr(normal, "peasants_so_far", lambda view, seat: None)
    again = held = 0
    for seed in range(games):
        game = kingsburg.new_game(["Ann", "Brian"], seed, rules=Rules(2, "wheel-and-deal"))
        bots = [BOTS["normal"](seed=seed + i) for i in range(2)]
        while not game.is_over():
            seat = game.to_play
            game.apply(bots[seat].choose(game.view(seat)))
        again += sum("a second time with the Peasants" in e.text for e in game.events)
        held += sum("Peasants" in e.text and "favours" in e.text for e in game.events)
    return again, held


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
def test_normal_keeps_to_advisors_1_to_6_when_it_holds_the_peasants(monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal holding the Peasants weighs the reward they give again against going beyond #6: over the same
    games, it gets that reward in clearly more seasons than when it ignores the Peasants while influencing."""
    aware, held = _peasants_rewards(monkeypatch, True, 24)
    monkeypatch.undo()
    blind, held_blind = _peasants_rewards(monkeypatch, False, 24)
    assert held > 10 and held_blind > 10, (held, held_blind)  # the Peasants were chosen in enough years
    assert aware >= blind + 5, (aware, blind)
