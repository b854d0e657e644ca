"""Goblin Valley, tested from the scenario sheet (second-edition.md §2.7, the rulebook's text quoted in each test)
and the rulings in docs/rulings.md."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES, seat, seat_of

import kingsburg
from kingsburg import InvalidSave, Rules

VALLEY = Rules(edition=2, scenario="goblin-valley")
WITH_TOKENS = Rules(2, "goblin-valley", frozenset({"soldier-tokens"}))
ENEMIES = ["I-1", "II-3", "III-3", "IV-4", "V-1"]  # no Goblins in the enemy deck unless a test says so


def valley_game(seats: list[dict], valley: list[str], rules: Rules = VALLEY, **kw) -> kingsburg.Game:
    """A Goblin Valley position with its valley deck written out."""
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": rules.to_dict(),
        "year": 1,
        "phase": 1,
        "turn_order": list(range(len(seats))),
        "enemies": ENEMIES,
        "seats": [{"name": n, **s} for n, s in zip(NAMES, seats, strict=False)],
        "variants": {"goblin-valley": {"valley": valley, "seen": []}},
    }
    if rules.modules:
        d["variants"]["soldier-tokens"] = {"tokens": [[0, 1, 1, 2, 3, 4]] * len(seats), "chosen": [None] * len(seats)}
    d.update(kw)
    return kingsburg.load_game(d)


def fights(game: kingsburg.Game) -> dict[str, dict]:
    return {game.players[e.seat]: e.data for e in game.events if e.kind == "fight"}


def play(game: kingsburg.Game, seed: int = 1) -> kingsburg.Game:
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    return game


# --- Setup --------------------------------------------------------------------------------------------------


def test_the_valley_deck_is_one_leftover_card_per_year_hidden_like_the_enemy_deck():
    """ "create the valley deck using the remaining cards (following the same rules; i.e. 1 card for each of the
    5 years) and place it facedown"."""
    for seed in range(20):
        game = kingsburg.new_game(NAMES[:3], seed=seed, rules=VALLEY)
        valley = game.state.variants["goblin-valley"]["valley"]
        assert [int(kingsburg.content.ENEMY_BY_ID[c].year) for c in valley] == [1, 2, 3, 4, 5]
        assert all(v != e for v, e in zip(valley, game.state.deck, strict=True))
        assert game.view(0).state.variants["goblin-valley"]["valley"] == [None] * 5
    again = kingsburg.new_game(NAMES[:3], seed=19, rules=VALLEY)
    assert again.state.variants == game.state.variants  # dealt from the game's own generator
    assert again.state.deck == kingsburg.new_game(NAMES[:3], seed=19, rules=Rules(edition=2)).state.deck


# --- The winter -----------------------------------------------------------------------------------------------


def test_year_iii_goblins_every_player_advances_3_soldier_spaces_and_the_strengths_add():
    """ "The king immediately sends additional reinforcements equal to the current year (e.g. if you are
    currently in year III, advance each player's disk 3 spaces on the soldier track). ... the Goblins' strength
    is added to the other enemy's strength": Orcs (5) and Goblins (5) make 10."""
    seats = [seat(soldiers=2), seat(soldiers=6)]
    game = valley_game(seats, ["I-2", "II-1", "III-2", "IV-1", "V-2"], year=3, phase=8, dice=[2] * 10)
    goblins = next(e for e in game.events if e.kind == "goblins")
    assert goblins.data == {"soldiers": 3, "strength": 10}
    result = fights(game)
    assert result["Ann"]["king"] == result["Brian"]["king"] == 2 + 3
    assert (result["Ann"]["strength"], result["Ann"]["outcome"]) == (7, "defeat")
    assert (result["Brian"]["strength"], result["Brian"]["outcome"]) == (11, "victory")


def test_defeated_players_suffer_the_penalties_of_both_cards():
    """ "Defeated players suffer the penalties shown on both enemy cards": the Orcs (III-3: 2 goods of choice and
    a building) and the Goblins (III-2: 3 gold and a building)."""
    ann = seat(soldiers=0, gold=3, wood=2, stone=1, buildings=["guard-tower", "blacksmith"])
    game = valley_game([ann, seat(soldiers=9)], ["I-2", "II-1", "III-2", "IV-1", "V-2"], year=3, phase=8, dice=[1] * 9)
    assert game.decision() == "lose" and game.prompt() == "Ann must choose 2 goods to lose."
    game.apply("lose wood")
    assert game.prompt() == "Ann must choose 1 good to lose."
    game.apply("lose stone")
    ann = seat_of(game, "Ann")
    assert (ann.gold, ann.wood, ann.stone) == (0, 1, 0)  # 3 gold to the Goblins, 2 goods of choice to the Orcs
    assert ann.building_count == 0
    destroyed = [e.data["building"] for e in game.events if e.kind == "destroyed"]
    assert destroyed == ["blacksmith", "guard-tower"]


def test_the_goods_of_choice_are_taken_after_both_cards_fixed_losses():
    """The Orcs (IV-4) take 2 goods of choice, the Goblins (IV-1) 4 wood and 4 stone: the Goblins' losses leave
    nothing to choose from, so no choice is asked (it once was, with nothing left to lose)."""
    ann = seat(wood=4, stone=1)
    game = valley_game([ann, seat(soldiers=20)], ["I-2", "II-1", "III-2", "IV-1", "V-2"], year=4, phase=8)
    assert game.decision() != "lose" and seat_of(game, "Ann").goods == 0


def test_victorious_players_gain_the_rewards_of_both_cards_and_the_bonus_vp_once():
    """ "Victorious players gain the rewards shown on both enemy cards" (Orcs: 1 gold; Goblins: 1 stone); the +1
    VP of the strongest victorious player is given once (ruling)."""
    game = valley_game([seat(soldiers=9), seat(soldiers=0)], ["I-2", "II-1", "III-2", "IV-1", "V-2"], year=3, phase=8)
    ann = seat_of(game, "Ann")
    assert (ann.gold, ann.stone) == (1, 1)
    assert ann.vp_sources == {"battle": 1}


def test_a_valley_card_that_is_not_goblins_goes_back_to_the_box():
    """ "If it is not a Goblin card, return it to the box and proceed as normal": no extra soldiers, the enemy's
    strength alone (II-3, Orcs 4)."""
    game = valley_game([seat(soldiers=2), seat(soldiers=1)], ["I-2", "II-5", "III-2", "IV-1", "V-2"], year=2, phase=8)
    assert not any(e.kind == "goblins" for e in game.events)
    assert any(e.kind == "valley" and e.data["card"] == "II-5" for e in game.events)
    result = fights(game)
    die = result["Ann"]["king"]
    assert result["Ann"]["strength"] == 2 + die and result["Brian"]["king"] == die
    assert "No goblin tribe joins: the Zombies go back to the box." in game.log


def test_in_year_v_the_valley_card_is_always_goblins():
    """ "During year V, the card revealed from the valley deck is considered to be a Goblin card instead of its
    regular card type": the Dragon (V-5, strength 9) joins the Barbarians (V-1, 7) as Goblins (16 in all), every
    player advances 5 spaces, and the Barricade counts against it."""
    seats = [seat(soldiers=10, buildings=["barricade"]), seat(soldiers=10)]
    game = valley_game(seats, ["I-2", "II-1", "III-2", "IV-1", "V-5"], year=5, phase=8, dice=[1] * 9)
    goblins = next(e for e in game.events if e.kind == "goblins")
    assert goblins.data == {"soldiers": 5, "strength": 16}
    result = fights(game)
    assert (result["Ann"]["king"], result["Ann"]["buildings"], result["Ann"]["strength"]) == (6, 1, 17)
    assert (result["Ann"]["outcome"], result["Brian"]["outcome"]) == ("victory", "draw")
    assert "In year V the valley card counts as Goblins: the Dragon join the battle as Goblins." in game.log
    # Both rewards (the Barbarians' 1 VP, the Dragon's 3) and the strongest victorious governor's 1.
    assert seat_of(game, "Ann").vp_sources == {"battle": 1 + 3 + 1}


def test_the_barricade_counts_once_when_both_cards_are_goblins():
    """ "If both enemy cards are Goblins, players may use the Barricade's effect only once": Goblins III-1 (4)
    and III-2 (5); the Barricade adds 1, not 2."""
    deck = ["I-1", "II-3", "III-1", "IV-4", "V-1"]
    seats = [seat(soldiers=3, buildings=["barricade"]), seat(soldiers=3)]
    game = valley_game(seats, ["I-2", "II-1", "III-2", "IV-1", "V-2"], enemies=deck, year=3, phase=8, dice=[3] * 9)
    result = fights(game)
    assert (result["Ann"]["buildings"], result["Ann"]["strength"]) == (1, 3 + 3 + 3 + 1)
    assert (result["Brian"]["buildings"], result["Brian"]["strength"]) == (0, 9)
    assert result["Ann"]["outcome"] == "victory" and result["Brian"]["outcome"] == "draw"  # 10 and 9 against 9


def test_the_barricade_counts_against_a_goblin_valley_card():
    """ "If the card revealed from the valley deck is a Goblin card, players who own the Barricade may use its
    effect", even when the enemy card is not Goblins (II-3, Orcs)."""
    seats = [seat(soldiers=1, buildings=["barricade"]), seat(soldiers=1)]
    game = valley_game(seats, ["I-2", "II-1", "III-2", "IV-1", "V-2"], year=2, phase=8, dice=[1] * 9)
    result = fights(game)
    assert result["Ann"]["strength"] == result["Brian"]["strength"] + 1


def test_with_soldier_tokens_the_goblins_reinforcements_still_apply():
    """Ruling: Module 5 replaces only the King's die; the Goblins' extra soldiers (the year) are still sent."""
    seats = [seat(soldiers=2), seat(soldiers=2)]
    game = valley_game(seats, ["I-2", "II-1", "III-2", "IV-1", "V-2"], rules=WITH_TOKENS, year=3, phase=8)
    assert game.decision() == "token"
    game.apply("token 4")
    game.apply("token 0")
    result = fights(game)
    assert (result["Ann"]["king"], result["Brian"]["king"]) == (4 + 3, 0 + 3)
    assert not any(e.kind == "king" for e in game.events)


# --- The secret look ------------------------------------------------------------------------------------------


def general(valley: list[str] = ["I-2", "II-1", "III-2", "IV-1", "V-2"]) -> kingsburg.Game:  # noqa: B006
    influence = {"phase": 2, "step": "gifts", "queue": [{"seat": 0, "kind": "influence"}]}
    game = valley_game([seat(dice=[5, 5]), seat(passed=True)], valley, **influence)
    game.apply("place 5+5 @10")
    return game


def test_the_general_may_look_at_the_valley_deck_instead():
    """ "When a player would secretly look at the top card of the enemy deck, he may choose to secretly look at
    the top card of the valley deck instead"."""
    game = general()
    assert game.decision() == "look" and [str(a) for a in game.legal_actions()] == ["look enemy", "look valley"]
    assert game.prompt() == "Ann may secretly look at the top enemy card or the top valley card."
    game.apply("look valley")
    ann, brian = game.view(0), game.view(1)
    assert ann.state.variants["goblin-valley"]["valley"][0] == "I-2"
    assert brian.state.variants["goblin-valley"]["valley"][0] is None
    assert ann.known_enemy() is None  # the valley instead of the enemy card
    assert "The top valley card is Goblins (2)." in ann.log and "The top valley card is Goblins (2)." not in brian.log
    assert "Ann secretly looks at the top valley card." in brian.log
    assert not game.can_undo()


def test_the_general_may_still_look_at_the_enemy_deck():
    game = general()
    game.apply("look enemy")
    assert game.view(0).known_enemy() == "I-1" and game.view(1).known_enemy() is None
    assert game.view(0).state.variants["goblin-valley"]["valley"][0] is None


def test_a_look_that_is_not_one_of_the_two_decks_is_refused():
    game = general()
    with pytest.raises(kingsburg.InvalidAction, match="not one of enemy, valley"):
        game.apply("look dragon")
    with pytest.raises(kingsburg.IllegalAction, match="'pass' is not an answer"):
        game.apply("pass")
    assert game.decision() == "look"


# --- Saves, positions, views ----------------------------------------------------------------------------------


def test_a_valley_game_saves_loads_and_replays():
    game = play(kingsburg.new_game(NAMES[:3], seed=8, rules=VALLEY), seed=8)
    assert kingsburg.load_game(game.to_json()).scores() == game.scores()
    half = kingsburg.new_game(NAMES[:3], seed=9, rules=VALLEY)
    rng = random.Random(9)
    for _ in range(60):
        half.apply(rng.choice(half.legal_actions()))
    position = half.position()
    again = kingsburg.load_game(position)
    assert again.position() == position  # the valley is read back, not dealt again from the generator
    assert kingsburg.load_game(half.to_json()).position() == position


@pytest.mark.parametrize(
    "variant, words",
    [
        ({"valley": ["I-2"] * 5, "seen": []}, "'valley' entry 2 must be a year-2 card id"),
        ({"valley": ["I-1", "II-1", "III-2", "IV-1", "V-2"], "seen": []}, "I-1 cannot be in the enemy deck and"),
        ({"valley": ["I-2", "II-1", "III-2", "IV-1"], "seen": []}, "five enemy cards"),
        ({"valley": ["I-2", "II-1", "III-2", "IV-1", "V-2"], "seen": [0, 0]}, "each once"),
        ({"valley": ["I-2", "II-1", "III-2", "IV-1", "V-2"], "seen": [7]}, "seats 0..1"),
        ({"valley": ["I-2", "II-1", "III-2", "IV-1", "V-2"]}, "with 'valley' and 'seen'"),
    ],
)
def test_a_bad_valley_in_a_position_is_refused(variant, words):
    d = kingsburg.new_game(NAMES[:2], seed=1, rules=VALLEY).position()
    d["enemies"] = ENEMIES
    d["variants"]["goblin-valley"] = variant
    with pytest.raises(InvalidSave, match=words):
        kingsburg.load_game(json.loads(json.dumps(d)))


def test_no_view_holds_a_hidden_valley_card():
    from test_secrets import check_views

    seed = 0x5EC2E7_5EED_1234
    game = kingsburg.new_game(NAMES[:3], seed=seed, rules=WITH_TOKENS)
    assert check_views(game, seed, 75, random.Random(5)) > 200
    assert any(e.kind == "valley" for e in game.events)


def test_the_secrets_search_finds_a_planted_valley_card():
    game = kingsburg.new_game(NAMES[:2], seed=4, rules=VALLEY)
    secret_cards = kingsburg.variants.VARIANTS["goblin-valley"].secrets(
        game.state.variants["goblin-valley"], 1, game.state
    )
    assert len(secret_cards) == 5
    view = game.view(1)
    view.state.variants["goblin-valley"]["valley"][2] = game.state.variants["goblin-valley"]["valley"][2]
    from secrets_check import find_secret, secrets

    assert find_secret(view, secrets(game, 1, [game.state.rng], None, []))


def test_a_view_is_determinized_with_a_valley_consistent_with_the_enemy_deck():
    game = kingsburg.new_game(NAMES[:2], seed=6, rules=VALLEY)
    for k in range(20):
        guess = game.view(0).determinize(k)
        valley = guess.state.variants["goblin-valley"]["valley"]
        assert None not in valley and all(v != e for v, e in zip(valley, guess.state.deck, strict=True))


# --- Random games and the bots --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_valley_games_keep_every_invariant(players):
    from kingsburg.consistency import check_position

    rng = random.Random(players)
    for rules in (VALLEY, WITH_TOKENS):
        game = kingsburg.new_game([*NAMES, "Eve"][:players], seed=players, rules=rules)
        while not game.is_over():
            check_position(game.state)
            game.apply(rng.choice(game.legal_actions()))
        assert len([e for e in game.events if e.kind == "valley"]) == 5
        assert any(e.kind == "goblins" and e.year == 5 for e in game.events)
        assert kingsburg.load_game(game.to_json()).scores() == game.scores()
        assert kingsburg.load_game(game.position()).scores() == game.scores()


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
def test_the_computer_opponents_play_goblin_valley_with_soldier_tokens():
    from kingsburg.bots import HardBot, NormalBot

    game = kingsburg.new_game(NAMES[:2], seed=12, rules=WITH_TOKENS)
    bots = [NormalBot(seed=1), HardBot(seed=2, iterations=6)]
    kinds = []
    while game.battles_left() == 5:
        seat_ = game.to_play
        kinds.append(game.decision())
        game.apply(bots[seat_].choose(game.view(seat_)))
    assert kinds.count("token") == 2 and any(e.kind == "valley" for e in game.events)
