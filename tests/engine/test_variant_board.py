"""``Game.variant_board``: what each scenario and module puts on the table, as a seat sees it (docs/variants.md).
Each game is played with real decisions (random legal actions, seeded) up to the moment the test needs;
a secret of another seat (a valley card, a chosen soldier token) must never appear in the lines."""

from __future__ import annotations

import random
from collections.abc import Callable

import kingsburg
from kingsburg import Rules
from kingsburg.content import ENEMY_BY_ID, advisor

NAMES = ["Ann", "Brian", "Cleo"]


def game(scenario: str | None, modules: frozenset[str] = frozenset()) -> kingsburg.Game:
    return kingsburg.new_game(NAMES, seed=7, rules=Rules(2, scenario, modules))


def play_until(g: kingsburg.Game, done: Callable[[kingsburg.Game], bool]) -> kingsburg.Game:
    rng = random.Random(5)
    for _ in range(2000):
        if done(g):
            return g
        g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("the moment never came")


def lines(g: kingsburg.Game, seat: int | None, title: str) -> dict[str, str]:
    boxes = dict(g.variant_board(seat))
    return dict(boxes[title])


def text(g: kingsburg.Game, seat: int) -> str:
    return repr(g.variant_board(seat))


def test_a_first_edition_game_and_the_second_editions_basic_game_show_nothing() -> None:
    assert kingsburg.new_game(NAMES, seed=1).variant_board(0) == []
    assert kingsburg.new_game(NAMES, seed=1, rules=Rules(edition=2)).variant_board(0) == []


def test_goblin_valley_shows_only_the_valley_cards_the_seat_may_know() -> None:
    g = game("goblin-valley")
    valley = g.state.variants["goblin-valley"]["valley"]
    first = lines(g, 0, "Goblin Valley")
    assert list(first) == [f"Valley card, year {r}" for r in ("I", "II", "III", "IV", "V")]
    assert set(first.values()) == {"face down"}
    for seat in range(3):  # no name of a face-down card, in any seat's box
        assert not any(ENEMY_BY_ID[c].name in text(g, seat) for c in valley)
    play_until(g, lambda g: g.year == 2)  # year I's battle fought: its valley card is face up for everyone
    card = ENEMY_BY_ID[valley[0]]
    for seat in range(3):
        shown = lines(g, seat, "Goblin Valley")["Valley card, year I"]
        assert shown.startswith(card.name + ": ")
        assert ("joined the battle" in shown) == (card.type == "Goblins")
        assert lines(g, seat, "Goblin Valley")["Valley card, year II"] == "face down"


def test_goblin_valley_a_look_at_the_valley_shows_the_card_to_that_seat_alone() -> None:
    g = game("goblin-valley")
    play_until(g, lambda g: g.decision() == "look")
    seat = g.to_play
    g.apply("look valley")
    card = ENEMY_BY_ID[g.state.variants["goblin-valley"]["valley"][g.year - 1]]
    here = f"Valley card, year {('I', 'II', 'III', 'IV', 'V')[g.year - 1]}"
    assert lines(g, seat, "Goblin Valley")[here] == f"{card.name}: you looked"
    for other in {0, 1, 2} - {seat}:
        assert lines(g, other, "Goblin Valley")[here] == "face down"


def test_the_demanding_capital_shows_growth_needs_and_the_kings_cap() -> None:
    g = game("demanding-capital")
    shown = lines(g, 0, "The Demanding Capital")
    assert shown["Growth tokens"] == "9 on the sheet"
    assert shown["King's soldiers"].startswith("only on a die of 3 or less (9 ÷ 3 players)")
    needs = g.state.variants["demanding-capital"]["needs"]  # rolled at the start of year I
    assert shown["Needs this year"] == f"{needs[0]} and {needs[1]}"
    play_until(g, lambda g: g.state.variants["demanding-capital"]["growth"] != 9)
    growth = g.state.variants["demanding-capital"]["growth"]
    shown = lines(g, 2, "The Demanding Capital")
    assert shown["Growth tokens"] == f"{growth} on the sheet"
    assert f"of {growth // 3} or less" in shown["King's soldiers"]


def test_shifting_alliances_shows_each_players_pledges_on_each_advisor() -> None:
    g = game("shifting-alliances")
    assert lines(g, 0, "Shifting Alliances") == {"Pledges": "no token pledged yet"}
    play_until(g, lambda g: g.decision() != "pledge" and g.year == 1 and g.phase > 1)
    pledges = g.state.variants["shifting-alliances"]["pledges"]
    shown = lines(g, 0, "Shifting Alliances")
    for seat, held in enumerate(pledges):
        for number in held:
            assert f"{NAMES[seat]} {held.count(number)}" in shown[f"#{number} {advisor(number).name}"]
    assert len(shown) == len({n for held in pledges for n in held})


def test_wheel_and_deal_shows_who_favours_each_group_and_the_closed_advisor() -> None:
    g = game("wheel-and-deal")
    shown = lines(g, 0, "Wheel and Deal")
    assert len(shown) == 8 and set(shown.values()) == {"free"}
    play_until(g, lambda g: g.decision() == "group")
    g.apply("group secret-society")
    play_until(g, lambda g: g.decision() != "society")
    data = g.state.variants["wheel-and-deal"]
    shown = lines(g, 1, "Wheel and Deal")
    society = advisor(data["society"]).name
    for title, held in zip(shown, data["groups"], strict=True):
        assert shown[title].startswith("free" if held is None else NAMES[held])
    assert f"the {society} (#{data['society']}) is closed to everyone else" in shown["Secret Society"]


def test_soldier_tokens_show_the_tokens_left_and_never_another_seats_choice() -> None:
    g = game(None, frozenset({"soldier-tokens"}))
    shown = lines(g, 0, "Module 5: Soldier Tokens")
    assert shown == {name: "tokens left: 0, 1, 1, 2, 3, 4" for name in NAMES}
    play_until(
        g,
        lambda g: g.decision() == "token" and any(v is not None for v in g.state.variants["soldier-tokens"]["chosen"]),
    )
    chosen = g.state.variants["soldier-tokens"]["chosen"]
    chooser = next(i for i, v in enumerate(chosen) if v is not None)
    assert lines(g, chooser, "Module 5: Soldier Tokens")[NAMES[chooser]].endswith(f"; chosen: {chosen[chooser]}")
    for other in {0, 1, 2} - {chooser}:
        theirs = lines(g, other, "Module 5: Soldier Tokens")[NAMES[chooser]]
        assert theirs.endswith("; one chosen in secret") and "chosen:" not in text(g, other)
        assert lines(g.view(other), None, "Module 5: Soldier Tokens") == lines(g, other, "Module 5: Soldier Tokens")
    g.apply(g.legal_actions()[-1])
    play_until(g, lambda g: g.decision() != "token")  # revealed: the used tokens leave the game
    left = g.state.variants["soldier-tokens"]["tokens"]
    for seat, name in enumerate(NAMES):
        assert lines(g, 0, "Module 5: Soldier Tokens")[name] == "tokens left: " + ", ".join(map(str, left[seat]))


def test_a_whole_game_never_shows_a_seat_a_valley_card_or_a_token_it_may_not_know() -> None:
    g = game("goblin-valley", frozenset({"soldier-tokens"}))
    rng = random.Random(11)
    while not g.is_over():
        full = g.state.variants
        for seat in range(3):
            view = g.view(seat).state.variants
            shown = dict(g.variant_board(seat))
            valley = dict(shown["Goblin Valley"])
            for year, (card, seen) in enumerate(
                zip(full["goblin-valley"]["valley"], view["goblin-valley"]["valley"], strict=True), 1
            ):
                line = valley[f"Valley card, year {('I', 'II', 'III', 'IV', 'V')[year - 1]}"]
                assert line == "face down" if seen is None else line.startswith(ENEMY_BY_ID[card].name)
            tokens = dict(shown["Module 5: Soldier Tokens"])
            for other, value in enumerate(full["soldier-tokens"]["chosen"]):
                if value is not None and other != seat:
                    assert tokens[NAMES[other]].endswith("; one chosen in secret")
        g.apply(rng.choice(g.legal_actions()))
