"""Module 5, the soldier tokens, tested from the rulebook's text (second-edition.md §2.5) and the rulings in
docs/rulings.md (the token values 0, 1, 1, 2, 3, 4 are the first edition's expansion's)."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES, seat, seat_of
from secrets_check import find_secret, secrets

import kingsburg
from kingsburg import IncompatibleRules, InvalidSave, Rules

TOKENS = Rules(edition=2, modules=frozenset({"soldier-tokens"}))
FULL = [0, 1, 1, 2, 3, 4]


def winter(seats: list[dict], tokens: list[list[int]] | None = None, **kw) -> kingsburg.Game:
    """A Module 5 position at the start of winter, before the tokens are chosen."""
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": TOKENS.to_dict(),
        "year": 1,
        "phase": 8,
        "turn_order": list(range(len(seats))),
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": n, **s} for n, s in zip(NAMES, seats, strict=False)],
        "variants": {"soldier-tokens": {"tokens": tokens or [FULL] * len(seats), "chosen": [None] * len(seats)}},
    }
    d.update(kw)
    return kingsburg.load_game(d)


def tokens_left(game: kingsburg.Game) -> list[list[int]]:
    return game.state.variants["soldier-tokens"]["tokens"]


def test_each_player_takes_six_tokens():
    """ "Each player takes the 6 soldier tokens of their colour" (values 0, 1, 1, 2, 3, 4: ruling)."""
    game = kingsburg.new_game(NAMES[:3], seed=1, rules=TOKENS)
    assert tokens_left(game) == [FULL] * 3
    assert game.steps(8) == ("before_reveal:soldier-tokens", "battle", "year_end")


def test_the_tokens_are_chosen_before_the_enemy_card_is_revealed_and_replace_the_kings_die():
    """ "do not roll the king's reinforcements die. Before the enemy card is revealed, each player secretly
    chooses one of their tokens. All reveal at once, and each player gains soldiers equal to their token's
    number." """
    game = winter([seat(soldiers=1), seat(soldiers=1)], dice=[6] * 20)
    assert game.decision() == "token" and not game.enemy_revealed()
    assert game.prompt() == "Ann must choose a soldier token in secret."
    assert [str(a) for a in game.legal_actions()] == ["token 0", "token 1", "token 2", "token 3", "token 4"]
    game.apply("token 3")
    assert game.decision() == "token" and game.to_play == 1 and not game.enemy_revealed()
    game.apply("token 0")
    kinds = [e.kind for e in game.events if e.kind in ("king", "tokens", "enemy", "fight")]
    assert kinds == ["tokens", "enemy", "fight", "fight"]  # no King's die; revealed together, then the card
    revealed = "The soldier tokens are revealed: Ann 3, Brian 0. Each player gains as many soldiers as the token shows."
    assert revealed in game.log
    fights = {game.players[e.seat]: e.data for e in game.events if e.kind == "fight"}
    assert (fights["Ann"]["king"], fights["Ann"]["strength"]) == (3, 4)  # I-3 has strength 3: a win
    assert (fights["Brian"]["king"], fights["Brian"]["strength"]) == (0, 1)


def test_revealed_tokens_go_back_to_the_box():
    """ "The revealed tokens go back to the box": a token used is not offered again."""
    game = winter([seat(), seat()])
    game.apply("token 1")
    game.apply("token 4")
    assert tokens_left(game) == [[0, 1, 2, 3, 4], [0, 1, 1, 2, 3]]
    again = winter([seat(), seat()], tokens=[[0, 1, 2, 3, 4], [0, 1, 1, 2, 3]], year=2)
    assert [str(a) for a in again.legal_actions()] == ["token 0", "token 1", "token 2", "token 3", "token 4"]
    again.apply("token 2")
    assert [str(a) for a in again.legal_actions()] == ["token 0", "token 1", "token 2", "token 3"]
    with pytest.raises(kingsburg.IllegalAction, match=r"Brian has no soldier token 4 left \(tokens left: 0, 1, 1"):
        again.apply("token 4")
    with pytest.raises(kingsburg.InvalidAction, match="not one of 0, 1, 2, 3, 4"):
        again.apply("token 5")


def test_a_last_token_is_played_by_the_engine_without_a_decision():
    game = winter([seat(), seat()], tokens=[[2], [0, 4]], year=5)
    assert game.to_play == 1 and game.legal_actions() != []  # Ann's only token was taken for her
    game.apply("token 4")
    assert tokens_left(game) == [[], [0]]


def test_unused_tokens_score_at_the_end_of_the_game():
    """ "Each player gains VP equal to the numbers on all the tokens they have left": normally one."""
    game = winter([seat(), seat()], tokens=[[3, 4], [0, 1]], year=5)
    game.apply("token 3")
    game.apply("token 1")
    assert game.is_over()
    assert seat_of(game, "Ann").vp_sources.get("soldier tokens") == 4
    assert "soldier tokens" not in seat_of(game, "Brian").vp_sources  # a 0 left scores nothing
    assert "Ann +4 VP: unused soldier tokens (4)." in game.log
    assert kingsburg.load_game(game.position()).scores() == game.scores()


def test_the_choice_is_secret_until_the_reveal():
    game = winter([seat(), seat(), seat()], rng="5ec2e75eed1234ab")
    game.apply("token 4")
    for other in (1, 2):
        view = game.view(other)
        assert view.state.variants["soldier-tokens"] == {"tokens": [FULL] * 3, "chosen": ["hidden", None, None]}
        assert view.actions[-1] == "hidden"
        assert not any("token 4" in line for line in view.log)
        assert find_secret(view, secrets(game, other, [game.state.rng], None, [])) == []
    own = game.view(0)
    assert own.state.variants["soldier-tokens"]["chosen"][0] == 4 and own.actions[-1] == "token 4"
    assert "Ann secretly chooses the soldier token 4." in own.log
    planted = game.view(1)
    planted.state.log.append(kingsburg.state.Event("Ann secretly chooses the soldier token 4."))
    assert find_secret(planted, secrets(game, 1, [game.state.rng], None, []))  # the search can fail
    guess = game.view(1).determinize(3)
    assert guess.state.variants["soldier-tokens"]["chosen"][0] in FULL
    guess.apply("token 0")


@pytest.mark.parametrize("scenario", ["demanding-capital", "wheel-and-deal"])
def test_refused_with_the_demanding_capital_and_wheel_and_deal(scenario):
    """ "Not compatible with The Demanding Capital or Wheel and Deal"."""
    with pytest.raises(IncompatibleRules, match="Module 5 \\(soldier tokens\\) is not compatible with") as caught:
        kingsburg.new_game(NAMES[:2], rules=Rules(2, scenario, frozenset({"soldier-tokens"})))
    assert "King's die, which the soldier tokens replace" in str(caught.value)


@pytest.mark.parametrize(
    "variant, words",
    [
        ({"tokens": [[0, 5], FULL], "chosen": [None, None]}, "seat 0's tokens must be some of 0, 1, 1, 2, 3, 4"),
        ({"tokens": [[4, 4], FULL], "chosen": [None, None]}, "seat 0's tokens must be some of"),
        ({"tokens": [[0], FULL], "chosen": [3, None]}, "seat 0's chosen token must be one of its tokens left"),
        ({"tokens": [FULL], "chosen": [None]}, "one entry per seat"),
        ({"tokens": [FULL, FULL]}, "with 'tokens' and 'chosen'"),
    ],
)
def test_bad_tokens_in_a_position_are_refused(variant, words):
    d = kingsburg.new_game(NAMES[:2], seed=1, rules=TOKENS).position()
    d["variants"]["soldier-tokens"] = variant
    with pytest.raises(InvalidSave, match=words):
        kingsburg.load_game(json.loads(json.dumps(d)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_soldier_tokens_keep_every_invariant(players):
    from kingsburg.consistency import check_position

    rng = random.Random(players)
    game = kingsburg.new_game([*NAMES, "Eve"][:players], seed=players, rules=TOKENS)
    while not game.is_over():
        check_position(game.state)
        game.apply(rng.choice(game.legal_actions()))
    assert len([e for e in game.events if e.kind == "tokens"]) == 5
    assert not any(e.kind == "king" for e in game.events)
    assert all(len(left) == 1 for left in tokens_left(game))
    assert [p.vp_sources.get("soldier tokens", 0) for p in game.state.players] == [sum(x) for x in tokens_left(game)]
    assert kingsburg.load_game(game.to_json()).scores() == game.scores()
