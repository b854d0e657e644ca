"""Shifting Alliances, tested from its scenario sheet (second-edition.md §2.9; the rulebook text quoted in each
test) and the rulings in docs/rulings.md."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES, seat
from secrets_check import find_secret, secrets

import kingsburg
from kingsburg import IllegalAction, InvalidSave, Rules
from kingsburg.variants import VARIANTS

RULES = Rules(edition=2, scenario="shifting-alliances")
NAME = "shifting-alliances"
INFLUENCE = {"phase": 2, "step": "gifts", "queue": [{"seat": 0, "kind": "influence"}]}


def alliances(seats: list[dict], pledges: list[list[int]], **kw) -> kingsburg.Game:
    """A position of this scenario with these tokens on the advisors (by default: Ann to influence in spring)."""
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": RULES.to_dict(),
        "year": 1,
        "turn_order": list(range(len(seats))),
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": n, **s} for n, s in zip([*NAMES, "Emma"], seats, strict=False)],
        "variants": {NAME: {"pledges": pledges}},
        **INFLUENCE,
    }
    d.update(kw)
    return kingsburg.load_game(d)


def tokens(game: kingsburg.Game) -> list[list[int]]:
    return game.state.variants[NAME]["pledges"]


def vps(game: kingsburg.Game) -> list[int]:
    return game.scores()


# --- Pledge of Loyalty ---------------------------------------------------------------------------------------


def test_each_year_starts_with_a_pledge_in_turn_order():
    """ "At the start of each year, in turn order, each player places 1 of his building tokens on any advisor" """
    game = kingsburg.new_game(NAMES[:3], seed=4, rules=RULES, turn_order=[2, 0, 1])
    assert game.steps(1)[0] == "year_start:shifting-alliances"
    assert game.decision() == "pledge" and game.prompt() == "Cindy must pledge a token to an advisor."
    assert len(game.legal_actions()) == 18
    order = []
    for advisor in (7, 7, 12):
        order.append(game.to_play)
        game.apply(f"pledge @{advisor}")
    assert order == [2, 0, 1] and tokens(game) == [[7], [12], [7]]
    assert game.decision() == "aid"  # then the King's Favor


def test_a_pledge_may_join_tokens_already_there():
    """ "even an advisor who already has 1 or more building tokens" — one's own included."""
    game = alliances([seat(), seat()], [[5], [5]], phase=1, step="year_start:shifting-alliances", queue=[])
    game.apply("pledge @5")
    game.apply("pledge @5")
    assert tokens(game) == [[5, 5], [5, 5]]
    with pytest.raises(kingsburg.InvalidAction, match="@1 to @18"):
        game.parse("pledge @19")


def test_pledges_stay_until_the_end_of_the_game():
    """ "These tokens are not removed at the end of the year, and stay on the advisors until the end of the game." """
    game = kingsburg.new_game(NAMES[:3], seed=6, rules=RULES)  # 3 players: only year III's removals
    rng = random.Random(6)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    pledged = [e for e in game.events if e.kind == "pledge"]
    removed = [e for e in game.events if e.kind == "unpledge"]
    assert len(pledged) == 15 and len(removed) == 3
    assert sum(len(t) for t in tokens(game)) == 15 - 3


# --- Friends or Foes? --------------------------------------------------------------------------------------


def test_influencing_an_advisor_without_your_token_pays_the_others_1_vp_per_token():
    """ "Whenever a player influences an advisor who does not have a building token of his color, each other
    player gains 1 VP for each of his tokens on that advisor." """
    game = alliances([seat(dice=[4, 3, 1]), seat(passed=True), seat(passed=True)], [[], [7, 7], [7, 2]])
    game.apply("place 4+3 @7")
    assert vps(game) == [0, 2, 1]
    assert game.score_breakdown(1) == {"pledges": 2}
    assert "Brian +2 VP: 2 tokens on the Astronomer (#7), influenced by Ann." in game.log


def test_your_own_token_there_pays_nobody():
    game = alliances([seat(dice=[4, 3, 1]), seat(passed=True)], [[7], [7, 7]])
    game.apply("place 4+3 @7")
    assert vps(game) == [0, 0]


def test_an_advisor_without_tokens_pays_nobody():
    game = alliances([seat(dice=[4, 3, 1]), seat(passed=True)], [[], [8]])
    game.apply("place 4+3 @7")
    assert vps(game) == [0, 0]


def test_the_kings_envoy_and_the_market_still_influence():
    """Ruling: the King's Envoy and the Market still influence that advisor."""
    court = {"7": [{"seat": 1, "dice": [4, 3]}]}
    game = alliances([seat(dice=[6, 1, 1]), seat(passed=True)], [[], [7]], court=court, envoy=0)
    game.apply("place 6+1 @7 envoy")
    assert vps(game) == [0, 1]
    game = alliances([seat(dice=[6, 2, 2], buildings=["inn", "market"]), seat(passed=True)], [[], [7]])
    game.apply("place 6 @7 market")
    assert vps(game) == [0, 1]


def test_two_players_the_neutral_dice_pay_both_players():
    """ "In a 2-player game, this is also resolved when influencing advisors during the additional step" — the
    neutral dice have no colour, so both players score for their tokens (ruling). Three dice 1+2+4 take the
    Astronomer (#7), two dice 3+3 the Alchemist (#6)."""
    dice = [1, 2, 4, 3, 3] + [1] * 6
    game = alliances([seat(), seat()], [[7], [6, 7, 7]], step="season", queue=[], dice=dice)
    assert vps(game) == [1, 3]
    assert "Brian +2 VP: 2 tokens on the Astronomer (#7), influenced by the neutral dice." in game.log


# --- Whispers of Distrust ----------------------------------------------------------------------------------


def year_end(players: int, year: int, pledges: list[list[int]]) -> kingsburg.Game:
    seats = [seat() for _ in range(players)]
    return alliances(seats, pledges, year=year, phase=8, step="year_over:shifting-alliances", queue=[])


def test_at_the_end_of_year_iii_each_player_removes_a_token_of_the_player_on_the_left():
    """ "At the end of year III, in turn order, each player removes 1 building token of the player on his left
    from any advisor." The left of the last seat is the first (ruling: the next seat)."""
    game = year_end(3, 3, [[1, 2], [3, 4], [5, 5]])
    assert game.decision() == "distrust" and game.to_play == 0
    assert [str(a) for a in game.legal_actions()] == ["remove @3", "remove @4"]
    assert game.prompt() == "Ann must remove a token of Brian's (the player on the left) from an advisor."
    with pytest.raises(IllegalAction, match="Brian has no token on the Jester"):
        game.apply("remove @1")
    game.apply("remove @4")
    game.apply("remove @2")  # Brian removes one of Cindy's: only #5, so it is taken at once
    assert tokens(game) == [[1], [3], [5]]
    assert game.year == 4


def test_removals_follow_turn_order():
    game = alliances(
        [seat(), seat(), seat()],
        [[1, 2], [3, 4], [5, 6]],
        year=3,
        phase=8,
        step="year_over:shifting-alliances",
        queue=[],
        turn_order=[2, 1, 0],
    )
    order = []
    while game.decision() == "distrust":
        order.append(game.to_play)
        game.apply(game.legal_actions()[0])
    assert order == [2, 1, 0] and tokens(game) == [[2], [4], [6]]


@pytest.mark.parametrize("players, removals", [(2, 0), (3, 0), (4, 4), (5, 5)])
def test_with_4_or_5_players_again_at_the_end_of_year_iv(players, removals):
    """ "With 4–5 players, do this again at the end of year IV." """
    game = year_end(players, 4, [[n + 1, n + 2] for n in range(players)])
    while game.decision() == "distrust":
        game.apply(game.legal_actions()[0])
    removed = [e for e in game.events if e.kind == "unpledge"]
    assert len(removed) == removals
    assert sum(len(t) for t in tokens(game)) == 2 * players - removals


def test_no_removals_at_the_end_of_other_years():
    for year in (1, 2, 5):
        game = year_end(4, year, [[1], [2], [3], [4]])
        assert not any(e.kind == "unpledge" for e in game.events) and tokens(game) == [[1], [2], [3], [4]]


def test_a_player_with_no_token_left_loses_nothing():
    """Ruling: if the player on the left has no token on the board, nothing is removed."""
    game = year_end(2, 3, [[4], []])
    assert tokens(game) == [[], []]  # Brian had none for Ann to take; Brian took Ann's only one
    assert "Brian has no token left for Ann to remove." in game.log


# --- The whole game: invariants, saves, views, bots ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    names = [*NAMES, "Emma"][:players]
    game = kingsburg.new_game(names, seed=50 + players, rules=RULES)
    rng = random.Random(players)
    checked = 0
    while not game.is_over():
        if rng.random() < 0.05:
            again = kingsburg.load_game(json.loads(json.dumps(game.position())))
            assert again.legal_actions() == game.legal_actions() and again.state.variants == game.state.variants
            checked += 1
        game.apply(rng.choice(game.legal_actions()))
    removals = players if players >= 4 else 0
    assert sum(len(t) for t in tokens(game)) == 5 * players - players - removals
    pledge_vp = sum(e.vp for e in game.events if e.kind == "vp" and e.data["source"] == "pledges")
    assert pledge_vp == sum(game.score_breakdown(i).get("pledges", 0) for i in range(players))
    assert checked
    loaded = kingsburg.load_game(game.to_json())
    assert loaded.scores() == game.scores() and loaded.state.variants == game.state.variants


def test_bad_pledges_in_a_position_are_refused():
    for bad in ({"pledges": [[0], []]}, {"pledges": [[1]]}, {"pledges": [[19], []]}, {"tokens": [[], []]}):
        with pytest.raises(InvalidSave, match="pledges"):
            alliances([seat(), seat()], [], variants={NAME: bad})


def test_the_pledges_are_public_in_every_view():
    seed = 0x5EC2E7_5EED_0022
    game = kingsburg.new_game(NAMES[:3], seed=seed, rules=RULES)
    rng = random.Random(7)
    for _ in range(50):
        game.apply(rng.choice(game.legal_actions()))
        for s in range(3):
            view = game.view(s)
            assert view.state.variants == game.state.variants and view.actions == game.actions
            assert find_secret(view, secrets(game, s, [game.state.rng], seed, [])) == []


def test_the_rules_help_is_data_next_to_the_variant():
    variant = VARIANTS[NAME]
    assert variant.title == "Shifting Alliances"
    assert "pledge" in variant.summary.lower() and "year III" in variant.help and "neutral dice" in variant.help


def test_the_bots_count_the_vp_an_influence_hands_to_other_tokens():
    """Brian's 3 tokens on #2: Ann's gift there is worth 3 VP less to her (2 players: each VP Brian gains counts
    fully), nothing less once Ann has a token there too; with 4 players a third of that."""
    from kingsburg.bots.alliances import adjust_gifts

    cases = (([[], [2, 2, 2]], 2, 3.0), ([[2], [2, 2, 2]], 2, 0.0), ([[], [2, 2, 2], [], []], 4, 1.0))
    for pledges, players, cut in cases:
        game = alliances([seat(dice=[2, 1, 1]), *[seat(passed=True)] * (players - 1)], pledges)
        gifts = [0.0] * 19
        adjust_gifts(game.view(0), 0, gifts)
        assert gifts[2] == pytest.approx(-cut) and not any(gifts[n] for n in range(19) if n != 2)


def test_the_normal_bot_pledges_where_others_pay():
    from kingsburg.bots import NormalBot

    game = kingsburg.new_game(NAMES[:2], seed=8, rules=RULES)
    first = NormalBot().choose(game.view(game.to_play))
    assert first.kind == "pledge" and 2 <= first.advisor <= 12  # an advisor the dice often reach


def test_the_computer_opponents_play_a_year():
    from kingsburg.bots import HardBot, NormalBot

    game = kingsburg.new_game(NAMES[:2], seed=22, rules=RULES)
    bots = [HardBot(seed=3, iterations=4), NormalBot()]
    while game.year == 1:
        game.apply(bots[game.to_play].choose(game.view(game.to_play)))
    assert sum(len(t) for t in tokens(game)) == 2 and game.decision() == "pledge"  # year II's pledges next
