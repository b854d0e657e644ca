"""Hostile input to the engine (issue 14): every bad save, position, action text or name gets the engine's own
error with a clear message, and nothing changes. These tests also run inside Pyodide (tests/pyodide), whose
stack is far smaller than CPython's: deep nesting there once killed the interpreter instead of raising."""

from __future__ import annotations

import json
import sys

import pytest

import kingsburg
from kingsburg import InvalidSave

LEVELS = [10_000, 100_000]
# Pyodide (3.14 on WebAssembly) dies freeing a Python list nested 10,000 deep, whoever built it, so a nested
# dict is tested there at a depth it survives; JSON text is refused before any such value exists.
DICT_LEVELS = [3_000] if sys.platform == "emscripten" else LEVELS
NESTS = {"arrays": ("[", "]"), "objects": ('{"a":', "}"), "both": ('{"a":[', "]}")}


def deep(levels: int, kind: str) -> str:
    open_, close = NESTS[kind]
    return open_ * levels + "0" + close * levels


def saved() -> str:
    game = kingsburg.new_game(["Ann", "Brian"], 3)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    return game.to_json()


def position_text() -> str:
    return json.dumps(kingsburg.load_game(saved()).position())


@pytest.mark.parametrize("levels", LEVELS)
@pytest.mark.parametrize("kind", NESTS)
def test_deeply_nested_text_is_an_invalid_save(levels: int, kind: str) -> None:
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(deep(levels, kind))


@pytest.mark.parametrize("levels", LEVELS)
@pytest.mark.parametrize(
    "where",
    [
        "save.actions",
        "save.players",
        "save.options",
        "save.check",
        "save.extra",
        "position.seats",
        "position.court",
        "position.queue",
        "position.enemies",
        "position.extra",
        "start.seats",
    ],
)
def test_deep_nesting_inside_a_valid_save_is_an_invalid_save(levels: int, where: str) -> None:
    form, key = where.split(".")
    d = json.loads(saved() if form == "save" else position_text())
    if form == "start":
        d = json.loads(saved())
        d["start"] = json.loads(position_text())
        del d["players"], d["seed"], d["options"], d["check"]
        target = d["start"]
    else:
        target = d
    target[key] = "HOLE"
    text = json.dumps(d).replace('"HOLE"', deep(levels, "both"))
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(text)


@pytest.mark.parametrize("levels", DICT_LEVELS)
def test_a_deeply_nested_dict_is_an_invalid_save_without_recursion(levels: int) -> None:
    d = json.loads(position_text())
    hole: list = []
    for _ in range(levels):
        hole = [hole]
    d["seats"][0]["name"] = hole
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(d)


def test_a_dict_that_contains_itself_is_an_invalid_save() -> None:
    d = json.loads(position_text())
    d["extra"] = d
    with pytest.raises(InvalidSave, match="nests more than 32 levels deep"):
        kingsburg.load_game(d)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), {1, 2}, b"x"])
def test_a_dict_holding_what_json_cannot_is_an_invalid_save(value: object) -> None:
    d = json.loads(position_text())
    d["extra"] = value
    with pytest.raises(InvalidSave, match="cannot be written as JSON"):
        kingsburg.load_game(d)


def test_the_game_keeps_its_own_copy_of_a_position_dict() -> None:
    d = json.loads(position_text())
    game = kingsburg.load_game(d)
    before = game.to_json()
    d["seats"][0]["name"] = "Mallory"
    d["seats"].append({"name": "Eve"})
    assert game.to_json() == before


@pytest.mark.parametrize("text", ['{"format": "kingsburg-game", "seed": NaN}', '{"a": 1e999}', '{"a": Infinity}'])
def test_numbers_json_cannot_hold_are_an_invalid_save(text: str) -> None:
    with pytest.raises(InvalidSave, match=r"not a number JSON allows|too large for a float"):
        kingsburg.load_game(text)


# --- The notation ------------------------------------------------------------------------------------------


def influencing() -> kingsburg.Game:
    """A two-player game at its first influence decision (a 5 among the dice)."""
    game = kingsburg.new_game(["Ann", "Brian"], 0, dice=[1, 1, 1, 2, 2] + [5, 5, 5] * 4)
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    assert "place 5 @5" in [str(a) for a in game.legal_actions()]
    return game


@pytest.mark.parametrize(
    "text",
    [
        "place 5 @²",  # superscript two: str.isdigit() says yes, int() says no
        "place 5 @\u0665",  # Arabic-Indic five
        "place 5 @\uff15",  # fullwidth five
        "place \uff15 @5",
        "place 5 @5\u200b",  # a zero-width space
        "pla\u0441e 5 @5",  # a Cyrillic es
        "place 5 @5 mar\u212aet",  # the Kelvin sign lowers to k
        "bu\u0130ld statue",  # dotted capital I lowers to two characters
        "place\u00a05 @5",  # a no-break space
        "place 5\x00 @5",
        "place 5 @5\x1c",  # str.split() splits on this control character
        "place 5 @\ud800",
    ],
)
def test_only_ascii_is_notation(text: str) -> None:
    game = influencing()
    before = game.to_json()
    for read in (kingsburg.parse_action, game.parse, game.apply):
        with pytest.raises(kingsburg.InvalidAction, match="is not part of the notation"):
            read(text)
    assert game.to_json() == before


@pytest.mark.parametrize("text", ["place 5 @²", "place 5 @\u0665", "aid gold\x00"])
def test_a_save_holding_unicode_digits_is_an_invalid_save(text: str) -> None:
    d = json.loads(saved())
    d["actions"].append(text)
    del d["check"]
    with pytest.raises(InvalidSave, match=r"decision 6 of 6 cannot be replayed: .* is not part of the notation"):
        kingsburg.load_game(json.dumps(d))


@pytest.mark.parametrize("text", ["place 5 @05", "place 5 @5" + "5" * 5000, "place 5 @" + "1" * 5000])
def test_an_advisor_is_written_1_to_18(text: str) -> None:
    with pytest.raises(kingsburg.InvalidAction, match=r"@1 to @18|at most 100 characters"):
        kingsburg.parse_action(text)


def test_a_long_text_is_refused_without_quoting_it_whole() -> None:
    with pytest.raises(kingsburg.InvalidAction, match="at most 100 characters, not 100000") as info:
        kingsburg.parse_action("pass " * 20_000)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("text", ["PLACE 5 @5", "  place   5  @5 ", "place\t5\n@5", "Place 5 @5"])
def test_ascii_case_and_spaces_are_still_free(text: str) -> None:
    game = influencing()
    assert str(game.parse(text)) == "place 5 @5"


@pytest.mark.parametrize("value", [None, 5, b"pass", ["pass"]])
def test_an_action_that_is_not_text_is_refused(value: object) -> None:
    game = influencing()
    with pytest.raises(kingsburg.KingsburgError):
        game.apply(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("rng", ["0x1f", "1_0", "\u0661\u0662", " ff", "ff\n", "1" * 17, ""])
def test_a_position_rng_is_plain_hexadecimal(rng: str) -> None:
    d = json.loads(position_text())
    d["rng"] = rng
    with pytest.raises(InvalidSave, match="'rng' must be a 64-bit hexadecimal state"):
        kingsburg.load_game(d)


@pytest.mark.parametrize("key", ["²", "\u0665", "\uff15", "05", " 5", "5 ", "+5"])
def test_a_court_entry_names_its_advisor_in_ascii_digits(key: str) -> None:
    d = json.loads(position_text())
    d["court"] = {key: []}
    with pytest.raises(InvalidSave, match="'court' entry"):
        kingsburg.load_game(d)


# --- Positions: fields that cannot belong together ---------------------------------------------------------


def influence_position(**kw) -> dict:
    """Spring, two players: Ann to influence with 5, 3, 1; Brian has placed 6+2 on #8 and passed."""
    d = {
        "format": "kingsburg-position",
        "version": 1,
        "year": 1,
        "phase": 2,
        "step": "gifts",
        "turn_order": [1, 0],
        "cursor": 1,
        "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
        "seats": [{"name": "Ann", "dice": [5, 3, 1]}, {"name": "Brian", "dice": [4], "passed": True}],
        "court": {"8": [{"seat": 1, "dice": [6, 2]}]},
        "queue": [{"seat": 0, "kind": "influence"}],
    }
    d.update(kw)
    return d


def test_the_influence_position_is_valid() -> None:
    game = kingsburg.load_game(influence_position())
    assert game.to_play == 0 and game.decision() == "influence"


def ann(**kw) -> list[dict]:
    return [{"name": "Ann", "dice": [5, 3, 1], **kw}, {"name": "Brian", "dice": [4], "passed": True}]


ANN_TOWN = ["barricade", "crane", "town-hall"]
INCONSISTENT = {
    "a phase-7 step in phase 8": ({"phase": 8, "step": "next", "queue": [], "court": {}, "seats": [{}, {}]}, "'step'"),
    "the recruit step in phase 8": ({"phase": 8, "step": "recruit", "queue": [], "court": {}}, "'step'"),
    "a season step in phase 7": ({"phase": 7, "step": "gifts"}, "'step' 'gifts' is not a step of phase 7"),
    "the end before year 5": ({"phase": 0, "step": "over", "year": 3, "queue": [], "court": {}}, "'phase' 0"),
    "an influence decision in phase 7": ({"phase": 7, "step": "next", "court": {}, "seats": [{}, {}]}, "'queue'"),
    "a decision before the roll": ({"step": "season", "court": {}, "seats": [{}, {}]}, "no decision"),
    "two influencers at once": ({"queue": [{"seat": 0, "kind": "influence"}] * 2}, "'queue'"),
    "the cursor elsewhere": ({"cursor": 0}, "'cursor' 0 must point at seat 0"),
    "a passed influencer": ({"seats": ann(passed=True)}, "has passed"),
    "a gift without dice there": ({"step": "clear", "queue": [{"seat": 0, "kind": "gift", "arg": 8}]}, "gift"),
    "a second build without the Envoy": (
        {"step": "season_end", "court": {}, "queue": [{"seat": 0, "kind": "build", "arg": 1}], "seats": ann()},
        "second build",
    ),
    "no goods to lose": (
        {"phase": 8, "step": "year_end", "court": {}, "seats": [{}, {}], "queue": [{"seat": 0, "kind": "lose"}]},
        "'arg' counts the goods",
    ),
    "a Town Hall decision without one": (
        {"step": "cleanup", "court": {}, "queue": [{"seat": 0, "kind": "townhall"}]},
        "no Town Hall",
    ),
    "a reroll without dice": (
        {
            "step": "order",
            "court": {},
            "queue": [{"seat": 0, "kind": "reroll"}],
            "seats": [{"buildings": ["statue"]}, {}],
        },
        "a reroll needs rolled dice",
    ),
    "one seat recruiting twice": (
        {"phase": 7, "step": "next", "court": {}, "seats": [{}, {}], "queue": [{"seat": 0, "kind": "recruit"}] * 2},
        "already has this decision",
    ),
    "dice held in phase 7": ({"phase": 7, "step": "recruit", "court": {}, "queue": []}, "'dice' and 'white'"),
    "passed in phase 7": (
        {"phase": 7, "step": "recruit", "court": {}, "queue": [], "seats": [{}, {"passed": True}]},
        "'passed'",
    ),
    "four coloured dice": ({"seats": [{"dice": [5, 3, 1]}, {"dice": [4, 4], "passed": True}]}, "4 coloured dice"),
    "white dice without Farms or aid": ({"seats": ann(white=[2])}, "1 white dice"),
    "a group of the wrong total": ({"court": {"9": [{"seat": 1, "dice": [6, 2]}]}}, "totalling 8 cannot influence #9"),
    "dice on the court in phase 7": ({"phase": 7, "step": "recruit", "queue": [], "seats": [{}, {}]}, "court"),
    "a group of white dice only": (
        {
            "court": {"8": [{"seat": 1, "dice": [], "white": [6, 2]}]},
            "seats": [*ann()[:1], {"passed": True, "aid_die": True, "buildings": ["inn", "market", "farms"]}],
        },
        "coloured die",
    ),
    "two groups without the Envoy": (
        {"court": {"8": [{"seat": 1, "dice": [6, 2]}, {"seat": 0, "dice": [5, 3]}]}, "seats": ann(dice=[1])},
        "King's Envoy",
    ),
    "the Envoy first": ({"court": {"8": [{"seat": 1, "dice": [6, 2], "envoy": True}]}}, "King's Envoy"),
    "the Envoy used and still held": (
        {
            "envoy": 0,
            "court": {"8": [{"seat": 1, "dice": [6, 2]}, {"seat": 0, "dice": [5, 3], "envoy": True}]},
            "seats": ann(dice=[1]),
        },
        "used once",
    ),
    "dummy dice with three players": (
        {
            "turn_order": [0, 1, 2],
            "cursor": 0,
            "seats": [*ann(), {"name": "Cindy"}],
            "court": {"8": [{"seat": None, "dice": [6, 2]}]},
        },
        "dummy dice",
    ),
    "a token without token_used": ({"court": {"8": [{"seat": 1, "dice": [6], "token": True}]}}, "token"),
    "the Market without a Market": (
        {
            "court": {"9": [{"seat": 1, "dice": [6, 2], "market": True}]},
            "seats": [{"dice": [1]}, {"market_used": True}],
        },
        "Market",
    ),
    "to_play not the seat to play": ({"to_play": 1}, "'to_play'"),
    "to_play false for seat 0": ({"to_play": False}, "'to_play'"),
    "to_play 0.0 for seat 0": ({"to_play": 0.0}, "'to_play'"),
    "a seat 1.0 in the queue": ({"queue": [{"seat": 0.0, "kind": "influence"}]}, "'queue' entry"),
    "a turn order of floats": ({"turn_order": [1.0, 0.0]}, "'turn_order'"),
    "an Envoy seat 1.0": ({"envoy": 1.0}, "'envoy'"),
    "an unknown VP source": ({"seats": ann(vp=2, vp_sources={"bribes": 2})}, "'vp_sources'"),
    "a huge VP source": ({"seats": ann(vp=1, vp_sources={"battle": 10**30, "advisors": 1 - 10**30})}, "'vp_sources'"),
    "a building list holding a list": ({"seats": ann(buildings=[["statue"]])}, "'buildings'"),
    "VP from buildings it does not have": (
        {"seats": ann(vp=5, vp_sources={"buildings": 5}, buildings=["statue"])},
        "counts 5 VP from buildings, but its buildings are worth 3",
    ),
    "an enemy card that is a list": ({"enemies": [["I-3"], "II-1", "III-1", "IV-1", "V-1"]}, "'enemies'"),
}


@pytest.mark.parametrize(("change", "message"), INCONSISTENT.values(), ids=INCONSISTENT.keys())
def test_an_inconsistent_position_is_an_invalid_save_naming_the_field(change: dict, message: str) -> None:
    d = influence_position(**change)
    with pytest.raises(InvalidSave, match=message):
        kingsburg.load_game(d)


def test_the_issue_14_position_is_refused_before_any_decision() -> None:
    # Phase 8 with the phase-7 step 'next' loaded, then its next decision raised KeyError: 9 half-way.
    game = kingsburg.new_game(["Ann", "Brian"], 4)
    while game.phase != 7:
        game.apply(game.legal_actions()[0])
    d = game.position()
    assert d["step"] == "next" and d["queue"]
    d["phase"] = 8
    with pytest.raises(InvalidSave, match="'step' 'next' is not a step of phase 8, which has battle, year_end"):
        kingsburg.load_game(d)


# --- apply is atomic ---------------------------------------------------------------------------------------


class Injected(Exception):
    """A failure planted inside the rules."""


def snapshot(game: kingsburg.Game) -> tuple:
    saved = game.to_json() if game.seat is None else None  # a view cannot be saved
    return (saved, game.position(), game.log, game.events, game.legal_actions(), game.can_undo(), repr(game))


def after(real):
    """``real`` run to the end, then a failure: the copy the rules worked on is fully changed when it comes."""

    def broken(*args, **kw):
        real(*args, **kw)
        raise Injected

    return broken


def battle_next() -> kingsburg.Game:
    """Phase 7, the last recruit decision of a year: passing runs the battle and the start of the next year."""
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], 11)
    while not (game.phase == 7 and game.decision() == "recruit"):
        game.apply(game.legal_actions()[-1])
    while True:
        probe = game.clone()
        probe.apply("pass")
        if probe.phase != 7:
            return game
        game.apply("pass")


@pytest.mark.parametrize(
    "where",
    ["kingsburg.game.perform", "kingsburg.game.advance", "kingsburg.rules.flow.fight", "kingsburg.rules.battle.say"],
)
def test_a_failure_inside_apply_leaves_the_game_exactly_as_before(monkeypatch, where: str) -> None:
    game = battle_next()
    year = game.year
    control = game.clone()
    before = snapshot(game)
    module, _, name = where.rpartition(".")
    real = getattr(sys.modules[module], name)
    if name == "say":  # fail at the third line logged: after some of the decision's effects
        count = iter(range(1_000))

        def broken(*args, **kw):
            real(*args, **kw)
            if next(count) == 2:
                raise Injected

        monkeypatch.setattr(f"{module}.{name}", broken)
    else:
        monkeypatch.setattr(f"{module}.{name}", after(real))
    with pytest.raises(Injected):
        game.apply("pass")
    assert snapshot(game) == before
    monkeypatch.undo()
    game.apply("pass")  # and the game goes on as if nothing had happened
    control.apply("pass")
    assert snapshot(game) == snapshot(control) and game.year == year + 1


def test_a_view_meeting_the_hidden_enemy_is_left_as_it_was() -> None:
    game = battle_next()
    view = game.view(game.to_play)
    before = snapshot(view)
    with pytest.raises(kingsburg.HiddenInformation):
        view.apply("pass")
    assert snapshot(view) == before


# --- Names -------------------------------------------------------------------------------------------------


def test_new_game_keeps_names_normalised() -> None:
    game = kingsburg.new_game(["  Ann\u200b ", "Zoe\u0301", "Lee\tChan"], 1)
    assert game.players == ["Ann", "Zoé", "Lee Chan"]
    assert json.loads(game.to_json())["players"] == ["Ann", "Zoé", "Lee Chan"]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ann", "\u200b\u200b"], "visible character"),
        (["Ann", "\u3164"], "visible character"),
        (["Ann", "Ann\u200b"], "two players are named 'Ann' and 'Ann'"),
        (["Ann", "ANN"], "two players are named 'Ann' and 'ANN'"),
        (["Ann", "Bob", "ａｎｎ"], "two players are named"),
        (["Ann", "B" * 41], "at most 40 characters"),
        (["Ann", 7], "must be text"),
    ],
)
def test_bad_or_repeated_names_are_refused(names: list, message: str) -> None:
    with pytest.raises(kingsburg.KingsburgError, match=message):
        kingsburg.new_game(names, 1)
    d = json.loads(position_text())
    d["seats"] = [{"name": name} for name in names]
    d["turn_order"] = list(range(len(names)))
    with pytest.raises(InvalidSave, match=message):
        kingsburg.load_game(d)
    save = json.loads(saved())
    save["players"] = names
    del save["check"]
    with pytest.raises(InvalidSave, match=message):
        kingsburg.load_game(save)


def test_a_position_keeps_names_normalised() -> None:
    d = json.loads(position_text())
    d["seats"][0]["name"] = "\u202eAnn  Lee\u200b"
    assert kingsburg.load_game(d).players[0] == "Ann Lee"
