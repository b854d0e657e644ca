"""Rules chosen at creation (edition, scenario, modules), saves of version 2, the calendar queries, and the second
edition's basic game, tested from its rulebook text (/work/shared/rules/second-edition.md §1.4, §1.5)."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES, position, seat, seat_of

import kingsburg
from kingsburg import IncompatibleRules, InvalidRules, InvalidSave, Rules

EDITION_2 = Rules(edition=2)


def position2(seats: list[dict], **kw) -> kingsburg.Game:
    """A second-edition position (version 2, with its rules)."""
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": {"edition": 2, "scenario": None, "modules": []},
        "year": 1,
        "phase": 1,
        "turn_order": list(range(len(seats))),
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": n, **s} for n, s in zip(NAMES, seats, strict=False)],
    }
    d.update(kw)
    return kingsburg.load_game(d)


def play(game: kingsburg.Game, seed: int = 1, moves: int = 10_000) -> kingsburg.Game:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


# --- Rules: chosen at creation, validated ------------------------------------------------------------------


def test_a_game_is_first_edition_unless_told_otherwise():
    game = kingsburg.new_game(NAMES[:2], seed=3)
    assert game.rules == Rules() == Rules(edition=1, scenario=None, modules=frozenset())
    assert kingsburg.new_game(NAMES[:2], seed=3, rules=EDITION_2).rules == EDITION_2


@pytest.mark.parametrize(
    "rules, error, words",
    [
        (Rules(edition=3), InvalidRules, "no edition 3"),
        (Rules(edition=True), InvalidRules, "no edition True"),
        (Rules(edition=2, scenario="goblin-vally"), InvalidRules, "no scenario 'goblin-vally'"),
        (Rules(edition=2, modules=frozenset({"destiny-cards"})), InvalidRules, "modules must be"),
        (Rules(edition=2, modules={"soldier-tokens"}), InvalidRules, "frozenset"),  # type: ignore[arg-type]
        (Rules(edition=1, scenario="goblin-valley"), InvalidRules, "use edition=2"),
        ({"edition": 2}, InvalidRules, "kingsburg.Rules"),
        (
            Rules(2, "demanding-capital", frozenset({"soldier-tokens"})),
            IncompatibleRules,
            "not compatible with The Demanding Capital",
        ),
        (
            Rules(2, "wheel-and-deal", frozenset({"soldier-tokens"})),
            IncompatibleRules,
            "not compatible with Wheel and Deal",
        ),
    ],
)
def test_rules_the_rulebook_does_not_allow_are_refused_with_the_reason(rules, error, words):
    with pytest.raises(error, match=words):
        kingsburg.new_game(NAMES[:2], rules=rules)


def test_forbidden_combinations_are_refused_before_anything_else():
    # Module 5 with Wheel and Deal is refused for the rulebook's reason, not because a module is missing.
    with pytest.raises(IncompatibleRules) as caught:
        kingsburg.new_game(NAMES[:3], rules=Rules(2, "wheel-and-deal", frozenset({"soldier-tokens"})))
    assert "Military" in str(caught.value) and isinstance(caught.value, ValueError)


# --- Saves and positions: version 2 for other rules, version 1 unchanged -----------------------------------


def test_a_first_edition_game_is_still_written_as_version_1():
    game = play(kingsburg.new_game(NAMES[:3], seed=5), moves=40)
    d = json.loads(game.to_json())
    assert d["version"] == 1 and "rules" not in d
    assert game.position()["version"] == 1 and "rules" not in game.position()


def test_a_second_edition_game_is_written_as_version_2_and_replays():
    game = play(kingsburg.new_game(NAMES[:3], seed=5, rules=EDITION_2), moves=120)
    d = json.loads(game.to_json())
    assert d["version"] == 2 and d["rules"] == {"edition": 2, "scenario": None, "modules": []}
    loaded = kingsburg.load_game(game.to_json())
    assert loaded.rules == EDITION_2 and loaded.actions == game.actions
    assert loaded.position() == game.position()
    position = game.position()
    assert position["version"] == 2 and position["rules"]["edition"] == 2
    assert kingsburg.load_game(position).rules == EDITION_2


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.update(rules={"edition": 7}), "no edition 7"),
        (lambda d: d.update(rules={"edition": 2, "colour": "red"}), "edition, scenario and modules"),
        (lambda d: d.update(rules={"edition": 2, "modules": "soldier-tokens"}), "list of names"),
        (lambda d: d.update(version=1), "version 1 file is a first-edition game"),
        (lambda d: d.update(version=3), "reads versions 1 and 2"),
    ],
)
def test_bad_rules_in_a_save_are_refused(change, words):
    d = json.loads(kingsburg.new_game(NAMES[:2], seed=2, rules=EDITION_2).to_json())
    change(d)
    with pytest.raises(InvalidSave, match=words):
        kingsburg.load_game(d)


def test_a_version_1_position_cannot_carry_rules():
    d = kingsburg.new_game(NAMES[:2], seed=2).position()
    d["rules"] = {"edition": 2}
    with pytest.raises(InvalidSave, match="need version 2"):
        kingsburg.load_game(d)


def test_the_same_seed_deals_the_same_start_in_both_editions():
    one, two = (kingsburg.new_game(NAMES, seed=11, rules=r) for r in (None, EDITION_2))
    assert one.state.order == two.state.order and one.state.deck == two.state.deck


# --- The calendar's queries ----------------------------------------------------------------------------------


def test_the_calendar_queries_count_what_is_left():
    game = kingsburg.new_game(NAMES[:2], seed=4)
    assert game.season_phases() == (2, 4, 6)
    assert (game.seasons_left(), game.builds_left(), game.battles_left()) == (15, 15, 5)
    assert game.steps(8) == ("battle", "year_end") and game.steps(0) == ("over",)
    with pytest.raises(kingsburg.KingsburgError, match="no phase 9"):
        game.steps(9)
    while game.phase != 4:
        game.apply(game.legal_actions()[-1])
    assert (game.seasons_left(), game.builds_left(), game.battles_left()) == (13, 14, 5)
    assert not game.enemy_revealed()
    play(game)
    assert (game.seasons_left(), game.builds_left(), game.battles_left()) == (0, 0, 0)
    assert game.enemy_revealed()


def test_has_passed_holds_only_while_influencing():
    game = kingsburg.new_game(NAMES[:2], seed=4)
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    seat = game.to_play
    assert not game.has_passed(seat)
    game.apply("pass")
    assert game.has_passed(seat) == (game.decision() == "influence")
    while game.decision() == "influence":
        game.apply("pass")
    assert not any(game.has_passed(s) for s in range(2))


# --- The second edition (second-edition.md §1.4 and §1.5) -----------------------------------------------------


def winter(edition: int) -> kingsburg.Game:
    seats = [seat(soldiers=1), seat(soldiers=9)]
    make = position2 if edition == 2 else position
    return make(seats, phase=8, dice=[2] + [1] * 40)


def test_second_edition_winter_rolls_the_kings_die_before_the_enemy_is_revealed():
    """ "(1) the first player rolls the king's reinforcements die ... (2) reveal the enemy card; (3) resolve each
    player's battle"."""
    kinds = [e.kind for e in winter(2).events if e.kind in ("king", "enemy", "fight")]
    assert kinds == ["king", "enemy", "fight", "fight"]


def test_first_edition_winter_still_reveals_the_enemy_first():
    kinds = [e.kind for e in winter(1).events if e.kind in ("king", "enemy", "fight")]
    assert kinds == ["enemy", "king", "fight", "fight"]


def test_second_edition_battle_strength_is_the_same_sum():
    """Battle strength = soldier-track position (soldiers and the King's reinforcements) + building modifiers."""
    game = winter(2)
    fights = [e for e in game.events if e.kind == "fight"]
    assert [f.data["strength"] for f in fights] == [1 + 2, 9 + 2]
    assert "Ann fights with 3: a draw, nothing is won or lost." in game.log  # I-3 has strength 3


def test_second_edition_scores_go_below_zero():
    """ "Scores can go below zero. Move back past 0" (§1.5): the Zombies (I-5, strength 4) take 2 VP from a
    governor at 0 VP who fights with 1 soldier and the King's 1."""
    deck = ["I-5", "II-1", "III-1", "IV-1", "V-1"]
    game = position2([seat(soldiers=1), seat(soldiers=9)], phase=8, enemies=deck, dice=[1] * 40)
    assert "Ann fights with 2 and is defeated." in game.log
    assert seat_of(game, "Ann").vp == -2


def test_second_edition_smuggler_may_spend_a_vp_at_zero():
    """ "you may spend 1 VP even at zero or negative VP" (§1.4, the Smuggler)."""
    influence = {"phase": 2, "step": "gifts", "queue": [{"seat": 0, "kind": "influence"}]}
    game = position2([seat(dice=[6, 6, 2]), seat(passed=True)], **influence)
    game.apply("place 6+6+2 @14")
    assert game.decision() == "gift" and seat_of(game, "Ann").vp == 0
    game.apply("gift gold+wood+stone")
    ann = seat_of(game, "Ann")
    assert ann.vp == -1 and (ann.gold, ann.wood, ann.stone) == (1, 1, 1)


def test_second_edition_games_play_to_the_end_with_every_invariant():
    for players in range(2, 6):
        names = [*NAMES, "Eve"][:players]
        game = play(kingsburg.new_game(names, seed=players, rules=EDITION_2), seed=players)
        assert game.is_over() and game.rules.edition == 2
        assert kingsburg.load_game(game.to_json()).scores() == game.scores()


def test_second_edition_end_of_season_effects_work_in_the_season_built():
    """ "At the end of …" effects work in the same season the building is built: "an Inn built in summer gives
    its token that summer" (§1.4)."""
    summer = {"phase": 4, "step": "season_end", "queue": [{"seat": 0, "kind": "build"}, {"seat": 1, "kind": "build"}]}
    game = position2([seat(gold=1, wood=1), seat()], **summer)
    game.apply("build inn")
    assert seat_of(game, "Ann").tokens == 1
    assert 'Ann takes a "+2" token from the Inn.' in game.log


def test_the_king_sends_what_the_rules_in_force_say():
    """``Game.king_faces``: the die in both editions; Module 5's tokens left instead (the chosen one once
    chosen); The Demanding Capital's cap turning faces above growth tokens ÷ players into 0."""
    die = (1, 2, 3, 4, 5, 6)
    assert kingsburg.new_game(["Ann", "Brian"], seed=1).king_faces(0) == die
    assert kingsburg.new_game(["Ann", "Brian"], seed=1, rules=kingsburg.Rules(2)).king_faces(1) == die

    tokens = kingsburg.new_game(
        ["Ann", "Brian"], seed=1, rules=kingsburg.Rules(2, modules=frozenset({"soldier-tokens"}))
    )
    assert tokens.king_faces(0) == (0, 1, 1, 2, 3, 4)
    tokens.state.variants["soldier-tokens"]["chosen"][0] = 3
    assert tokens.king_faces(0) == (3,) and tokens.king_faces(1) == (0, 1, 1, 2, 3, 4)

    capital = kingsburg.new_game(["Ann", "Brian"], seed=1, rules=kingsburg.Rules(2, "demanding-capital"))
    capital.state.variants["demanding-capital"]["growth"] = 7  # 7 // 2 players: the die sends up to 3
    assert capital.king_faces(0) == (1, 2, 3, 0, 0, 0)
    with pytest.raises(kingsburg.KingsburgError):
        capital.king_faces(2)
