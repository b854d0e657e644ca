"""The public API: errors, undo, clone, views, saves and positions."""

from __future__ import annotations

import json
import random

import pytest
from helpers import NAMES, position, seat

import kingsburg


def started(seed: int = 5, players: int = 4, moves: int = 30) -> kingsburg.Game:
    game = kingsburg.new_game(NAMES[:players], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_errors_are_value_errors_with_precise_classes():
    for cls in (kingsburg.IllegalAction, kingsburg.InvalidAction, kingsburg.InvalidSave, kingsburg.UndoRefused):
        assert issubclass(cls, ValueError) and issubclass(cls, kingsburg.KingsburgError)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "fly",
        "place",
        "place 7 @3",
        "place 3 @19",
        "place 3",
        "aid gems",
        "gift gold+",
        "build palace",
        "pass now",
        "townhall",
        "statue black",
    ],
)
def test_bad_notation_raises_invalid_action_quoting_the_text(text):
    with pytest.raises(kingsburg.InvalidAction) as info:
        kingsburg.parse_action(text)
    assert text == "" or repr(text.strip().lower()) in str(info.value) or text.split()[0] in str(info.value)


def test_illegal_action_names_the_action_and_the_reason():
    game = kingsburg.new_game(NAMES, 1, turn_order=[0, 1, 2, 3])
    with pytest.raises(kingsburg.IllegalAction, match=r"'build statue'.*Ann takes one good"):
        game.apply("build statue")
    with pytest.raises(kingsburg.IllegalAction, match="expected an Action"):
        game.apply(42)


def test_parse_gives_the_legal_action_back():
    game = started()
    for action in game.legal_actions():
        assert game.parse(f"  {str(action).upper()}  ") == action


def test_new_game_validates_its_arguments():
    with pytest.raises(kingsburg.KingsburgError, match="2 to 5 players"):
        kingsburg.new_game(["Solo"], 1)
    with pytest.raises(kingsburg.KingsburgError, match="name"):
        kingsburg.new_game(["Ann", ""], 1)
    with pytest.raises(kingsburg.KingsburgError, match="seed"):
        kingsburg.new_game(["Ann", "Bob"], -1)
    with pytest.raises(kingsburg.KingsburgError, match="unknown option"):
        kingsburg.new_game(["Ann", "Bob"], 1, colour="red")
    with pytest.raises(kingsburg.KingsburgError, match="turn_order"):
        kingsburg.new_game(["Ann", "Bob"], 1, turn_order=[0, 0])
    with pytest.raises(kingsburg.KingsburgError, match="enemies"):
        kingsburg.new_game(["Ann", "Bob"], 1, enemies=["II-1"] * 5)
    with pytest.raises(kingsburg.KingsburgError, match="dice"):
        kingsburg.new_game(["Ann", "Bob"], 1, dice=[7])


def test_options_fix_chance_outcomes():
    game = kingsburg.new_game(
        NAMES, 9, turn_order=[3, 2, 1, 0], enemies=["I-5", "II-5", "III-5", "IV-5", "V-5"], dice=[6] * 12
    )
    assert game.state.order == [3, 2, 1, 0] and game.state.deck[0] == "I-5"
    for _ in range(4):
        game.apply("aid gold")
    assert all(p.dice == [6, 6, 6] for p in game.state.players)


def test_clone_is_independent():
    game = started()
    copy = game.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.actions != game.actions
    assert game.clone().to_json() == game.to_json()


def test_undo_takes_back_a_decision_and_refuses_across_dice():
    game = kingsburg.new_game(NAMES, 2, turn_order=[0, 1, 2, 3])
    game.apply("aid gold")
    before = game.to_json()
    game.apply("aid wood")
    game.undo()
    assert game.to_json() == before
    with pytest.raises(kingsburg.UndoRefused, match="no decision"):
        kingsburg.new_game(NAMES, 2).undo()
    for good in ("wood", "stone", "gold"):
        game.apply(f"aid {good}")  # the last aid rolls the spring dice
    assert game.phase == 2 and not game.can_undo()
    with pytest.raises(kingsburg.UndoRefused, match="dice were rolled"):
        game.undo()


def test_undo_works_within_a_season_until_the_roll():
    game = started(moves=6)
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    count = len(game.actions)
    game.apply(game.legal_actions()[0])
    if game.can_undo():
        game.undo()
        assert len(game.actions) == count


def test_view_cannot_resolve_the_hidden_battle_but_determinize_can():
    game = position([seat(gold=2), seat(gold=2)], phase=7)
    view = game.view(0)
    assert view.state.deck[0] is None
    view.apply("pass")  # Ann recruits nobody: fine, nothing hidden is needed
    with pytest.raises(kingsburg.HiddenInformation):
        view.apply("pass")  # Brian's pass would start the battle against a card the view cannot know
    assert view.state.deck[0] is None and view.phase == 7 and view.to_play == 1  # nothing half-applied
    full = view.determinize(4)
    assert full.state.deck[0] is not None
    full.apply("pass")
    assert full.year == 2


@pytest.mark.parametrize("seat", [4, -1, "0", True, None])
def test_bad_seats_raise_a_clear_error(seat):
    game = started(players=2)
    for call in (game.view, game.score_breakdown, game.known_enemy, game.battle_bonus, game.battle_strength):
        if seat is None and call.__name__ == "known_enemy":
            continue  # None means "the full game" there
        with pytest.raises(kingsburg.KingsburgError, match="no seat"):
            call(seat)


def test_to_json_is_versioned_and_replays():
    game = started(moves=50)
    d = json.loads(game.to_json())
    assert d["format"] == "kingsburg-game" and d["version"] == 1
    assert d["players"] == NAMES and d["actions"] == game.actions and d["seed"] == 5
    assert kingsburg.load_game(game.to_json()).position() == game.position()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda t: t[: len(t) // 2], "not valid JSON"),
        (lambda t: "[]", "not an object"),
        (lambda t: t.replace('"kingsburg-game"', '"chess-pgn"'), "format"),
        (lambda t: t.replace('"version": 1', '"version": 99'), "version 99"),
        (lambda t: t.replace('"seed": 5', '"seed": "five"'), "seed"),
        (lambda t: t.replace('"aid', '"xaid', 1), "cannot be replayed"),
        (lambda t: t.replace('"seed": 5', '"seed": 6'), "modified|cannot be replayed"),
        (lambda t: t.replace('"Ann"', '"Anne"'), "modified"),
        (lambda t: "\ufeff{", "not valid JSON"),
    ],
)
def test_broken_or_tampered_saves_raise_invalid_save(mutate, message):
    text = started(moves=50).to_json()
    with pytest.raises(kingsburg.InvalidSave, match=message):
        kingsburg.load_game(mutate(text))


def test_load_game_rejects_non_text_and_huge_input():
    with pytest.raises(kingsburg.InvalidSave):
        kingsburg.load_game(12)
    with pytest.raises(kingsburg.InvalidSave, match="at most 2000000"):
        kingsburg.load_game("x" * 3_000_000)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("year", 6, "year"),
        ("phase", "two", "phase"),
        ("turn_order", [0, 0], "turn_order"),
        ("enemies", ["I-1"] * 5, "enemies"),
        ("envoy", 7, "envoy"),
        ("step", "dance", "step"),
        ("court", {"19": []}, "court"),
        ("queue", [{"seat": 0, "kind": "fly"}], "queue"),
        ("rng", "zz", "rng"),
        ("seats", [{"gold": -1}, {}], "gold"),
        ("seats", [{"buildings": ["church"]}, {}], "left"),
        ("seats", [{"vp": 3, "vp_sources": {"x": 2}}, {}], "vp_sources"),
        ("seats", [{}], "2 to 5"),
        ("seats", [{"dice": [0]}, {}], "die faces"),
        ("seats", [{"passed": "yes"}, {}], "passed"),
    ],
)
def test_bad_positions_raise_invalid_save(field, value, message):
    d = {
        "format": "kingsburg-position",
        "version": 1,
        "year": 1,
        "phase": 1,
        "turn_order": [0, 1],
        "seats": [{}, {}],
        field: value,
    }
    with pytest.raises(kingsburg.InvalidSave, match=message):
        kingsburg.load_game(json.dumps(d))


def test_a_minimal_position_starts_the_phase():
    game = kingsburg.load_game(
        '{"format": "kingsburg-position", "version": 1, "year": 2, "phase": 7, '
        '"turn_order": [1, 0], "seats": [{"gold": 4}, {"name": "Bo"}]}'
    )
    assert (game.decision() == "recruit" and game.to_play == 1) or game.to_play == 0
    assert game.players == ["Player 1", "Bo"]


def test_score_breakdown_and_winners_tie_breaks():
    game = position(
        [seat(vp=5, gold=1), seat(vp=5, gold=1, buildings=["inn"]), seat(vp=5, gold=2)],
        year=5,
        phase=8,
        enemies=["I-1", "II-1", "III-1", "IV-1", "V-1"],
        dice=[6],
    )
    # Barbarians (7) take 8 VP from everyone; King's die 6 makes everyone fight with 6 (or more).
    assert game.is_over()
    assert game.winners() == [2]  # all on the same VP: most goods wins
    assert game.score_breakdown(0) == {"position": 5, "battle": -8}


def test_prompt_says_who_does_what():
    game = kingsburg.new_game(NAMES, 1, turn_order=[2, 0, 1, 3])
    assert game.prompt() == "Cindy takes one good of their choice from the King."


def test_building_cost_includes_the_crane_discount():
    game = position([seat(buildings=["barricade", "crane"]), seat()])
    assert game.building_cost(0, "church") == (2, 1, 2)  # column III: 1 gold less
    assert game.building_cost(1, "church") == (3, 1, 2)
    assert game.building_cost(0, "town-hall") == (1, 1, 1)  # column III
    assert game.building_cost(0, "palisade") == (0, 2, 0)  # column I: no discount
    with pytest.raises(kingsburg.KingsburgError, match="no building"):
        game.building_cost(0, "moat")


def test_battle_bonus_adds_the_buildings_against_an_enemy_type():
    game = position([seat(buildings=["inn", "market", "farms", "guard-tower", "palisade"]), seat()])
    assert game.battle_bonus(0) == 1  # Farms -1, Guard Tower +1, Palisade +1
    assert game.battle_bonus(0, "Zombies") == 2  # the Palisade gives +2 against Zombies
    assert game.battle_bonus(1, "Goblins") == 0
    strong = position([seat(soldiers=3, buildings=["inn", "market", "farms", "guard-tower", "palisade"]), seat()])
    assert strong.battle_strength(0, "Zombies") == 5 and strong.battle_strength(0) == 4  # 3 soldiers + bonus
    with pytest.raises(kingsburg.KingsburgError, match="no enemy type"):
        game.battle_bonus(0, "Trolls")


def test_undo_n_takes_back_several_decisions_or_none():
    game = kingsburg.new_game(NAMES, 2, turn_order=[0, 1, 2, 3])
    start = game.to_json()
    game.apply("aid gold")
    game.apply("aid wood")
    assert game.can_undo(2) and not game.can_undo(3) and not game.can_undo(0)
    with pytest.raises(kingsburg.UndoRefused, match="before the last 2"):
        game.undo(3)
    assert game.actions == ["aid gold", "aid wood"]  # refused as a whole: nothing changed
    for bad in (0, -1, True, 1.5, "2"):
        with pytest.raises(kingsburg.KingsburgError, match="at least 1"):
            game.undo(bad)
    game.undo(2)
    assert game.to_json() == start and game.log == kingsburg.load_game(start).log


def test_a_view_cannot_undo():
    game = started()
    view = game.view(game.to_play)
    assert not view.can_undo()
    with pytest.raises(kingsburg.UndoRefused, match="per-seat view"):
        view.undo()


def test_the_enemy_is_revealed_to_everyone_after_the_battle_and_not_before():
    # Random play (seed 2) reaches a decision after a winter battle (phase 8, step "year_end").
    game = kingsburg.new_game(NAMES[:3], seed=2)
    rng = random.Random(2)
    seen: set[tuple[int, bool]] = set()
    while not game.is_over():
        revealed = game.enemy_revealed()
        seen.add((game.state.phase, revealed))
        if revealed:  # every seat knows the card, looked or not
            assert all(game.view(seat).known_enemy() == game.known_enemy() for seat in range(3))
        game.apply(rng.choice(game.legal_actions()))
    assert (8, True) in seen
    assert {r for phase, r in seen if phase < 8} == {False}


def test_compact_position_leaves_out_only_what_the_reader_fills_in_the_same_way():
    """kingsburg.compact_position (the page's short links): the position read back from the compact form is the
    same one, at every moment of games with several kinds of rules, and the compact form is shorter."""
    rules = (
        None,
        kingsburg.Rules(2, "goblin-valley", frozenset({"soldier-tokens"})),
        kingsburg.Rules(2, "wheel-and-deal"),
    )
    for k, r in enumerate(rules):
        game = kingsburg.new_game(NAMES[: 2 + k], seed=k, rules=r)
        pick = random.Random(k)
        while not game.is_over():
            full = game.position()
            short = kingsburg.compact_position(full)
            assert kingsburg.load_game(short).position() == full
            assert full == game.position()  # not changed
            game.apply(pick.choice(game.legal_actions()))
    assert len(json.dumps(short)) < len(json.dumps(full)) * 3 / 4


def test_compact_position_leaves_out_exactly_the_reader_s_defaults():
    """The defaults compact_position leaves out (kingsburg.record) are the ones the reader (kingsburg.save) fills
    in: a seat and a court group given only what is required are read as those defaults."""
    from kingsburg.record import GROUP_DEFAULTS, SEAT_DEFAULTS, position_dict
    from kingsburg.save import _state

    bare = {"year": 1, "phase": 2, "step": "gifts", "turn_order": [0, 1], "seats": [{"name": "Ann"}, {"name": "Bo"}],
            "court": {"5": [{"seat": 0, "dice": [5]}]}, "queue": [{"seat": 1, "kind": "influence"}]}  # fmt: skip
    read = position_dict(_state(bare), None, True)  # as read, before any step runs
    assert {k: v for k, v in read["seats"][0].items() if k in SEAT_DEFAULTS} == SEAT_DEFAULTS
    assert set(read["seats"][0]) == {*SEAT_DEFAULTS, "name", "vp_sources"}
    group = read["court"]["5"][0]
    assert {k: v for k, v in group.items() if k in GROUP_DEFAULTS} == GROUP_DEFAULTS
    assert set(group) == {*GROUP_DEFAULTS, "seat", "dice"}
    assert read["cursor"] == 1  # the cursor rule: the seat waiting to influence
