"""The second edition's options in the winter battle scene: Goblin Valley's card (its strength added when it
joins), Module 5's soldier tokens, Wheel and Deal's Military and The Demanding Capital's cap on the King's die."""

from __future__ import annotations

import html
import re

from app.winter import Winter, battle_of, scene
from app.winter_parts import DemandingCapital, GoblinValley, SoldierTokens, WheelAndDeal

import kingsburg
from kingsburg import Rules
from kingsburg.bots import BOTS
from kingsburg.content import ENEMY_BY_ID

GOBLIN_VALLEY = Rules(2, "goblin-valley")
NAMES = ["Ann", "Brian"]


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def played(seed: int, rules: Rules = GOBLIN_VALLEY, prefer: str = "") -> kingsburg.Game:
    """A game of Normal bots, except that ``prefer`` is played whenever it is legal."""
    game = kingsburg.new_game(["Ann", "Brian"], seed, rules=rules)
    bots = [BOTS["normal"](seed=seed + i) for i in range(2)]
    while not game.is_over():
        seat = game.to_play
        legal = [str(a) for a in game.legal_actions()]
        game.apply(prefer if prefer in legal else bots[seat].choose(game.view(seat)))
    return game


def test_the_valley_card_joins_in_year_5_and_every_fight_is_told_against_both_cards() -> None:
    joined = back = 0
    for seed in range(4):
        game = played(seed)
        for year in range(1, 6):
            w = battle_of(game, year)
            part = w.part(GoblinValley) if w is not None else None
            assert w is not None and part is not None and part.card, (seed, year)
            enemy, valley = ENEMY_BY_ID[w.card], ENEMY_BY_ID[part.card]
            if not part.joined:
                assert year < 5  # year V always counts as Goblins
                back += 1
                w.step = w.last
                assert "back to the box" in text_of(scene(w, ["Ann", "Brian"], False))
                continue
            joined += 1
            assert part.joined == enemy.strength + valley.strength and part.extra == year
            w.step = w.last
            text = text_of(scene(w, ["Ann", "Brian"], False))
            assert f"together {part.joined}" in text and f"{part.extra} more as the Goblins join" in text
            for f in w.fights:
                versus = "=" if f.wall or f.outcome == "draw" else ">" if f.outcome == "victory" else "<"
                assert f"{f.strength} {versus} {part.joined}" in text, (f, text)
                assert f.strength == f.soldiers + f.buildings + f.king
            # Before the card is revealed (the second edition rolls the King's die first), the Goblins'
            # soldiers are not given away: the fights show the die alone.
            w.step = w.roll_stage
            early = text_of(scene(w, ["Ann", "Brian"], False))
            assert f"+{w.king} from the King" in early and "as the Goblins join" not in early
    assert joined >= 4 and back >= 1, (joined, back)


def complete(game: kingsburg.Game, year: int) -> tuple[Winter, str]:
    w = battle_of(game, year)
    assert w is not None
    w.step = w.last
    return w, text_of(scene(w, NAMES, False))


def test_soldier_tokens_are_shown_instead_of_the_kings_die_and_before_the_card() -> None:
    game = played(1, Rules(2, modules=frozenset({"soldier-tokens"})))
    for year in range(1, 6):
        w, text = complete(game, year)
        assert w.part(SoldierTokens) and w.king_first and "The King’s die" not in text
        assert "Soldier tokens" in text and "from the King" not in text
        for f in w.fights:
            assert f"{NAMES[f.seat]} {f.king}" in text and f"+{f.king} from the token" in text


def test_the_soldier_tokens_never_give_away_that_the_goblins_join_before_the_card_is_revealed() -> None:
    """With Goblin Valley, the tokens are revealed before the enemy and valley cards: the tokens box shows each
    governor's own token (as the engine's ``tokens`` event says), and the Goblins' soldiers only with the cards."""
    rules = Rules(2, "goblin-valley", modules=frozenset({"soldier-tokens"}))
    seen = 0
    for seed in range(3):
        game = played(seed, rules)
        for year in range(1, 6):
            w = battle_of(game, year)
            assert w is not None
            valley = w.part(GoblinValley)
            if valley is None or not valley.joined:
                continue
            tokens = next(e for e in game.events if e.year == year and e.kind == "tokens").data["tokens"]
            w.step = w.roll_stage  # the tokens shown, the cards not yet
            assert not w.revealed
            early = text_of(scene(w, NAMES, False))
            for f in w.fights:
                assert f"{NAMES[f.seat]} {tokens[f.seat]} " in early + " ", (year, early)
                assert f"+{tokens[f.seat]} from the token" in early, (year, early)
            assert "Goblins join" not in early and "from the valley" not in early
            w.step = w.last
            late = text_of(scene(w, NAMES, False))
            assert f"{valley.extra} more as the Goblins join" in late, late
            for f in w.fights:  # the token's soldiers and the Goblins', each said as what it is
                assert f"+{tokens[f.seat]} from the token +{valley.extra} from the King" in late, late
                assert f.king == tokens[f.seat] + valley.extra
            seen += 1
    assert seen >= 3, seen


def test_the_military_takes_the_higher_die_and_everyone_else_the_lower() -> None:
    seen = 0
    for seed in range(6):
        game = played(seed, Rules(2, "wheel-and-deal"), prefer="group military")
        for year in range(1, 6):
            w, text = complete(game, year)
            military = w.part(WheelAndDeal)
            if military is None:
                assert f"+{w.king} soldier" in text and "to everyone" in text
                continue
            seen += 1
            holder, low = military.holder, military.low
            assert f"{NAMES[holder]} (the Military) takes the higher die" in text and f"everyone else +{low}" in text
            assert {f.seat: f.king for f in w.fights} == {i: w.king if i == holder else low for i in range(2)}
    assert seen >= 3


def test_a_die_above_the_capitals_cap_is_said_to_send_nobody_anything() -> None:
    capped = 0
    for seed in range(6):
        game = played(seed, Rules(2, "demanding-capital"))
        for year in range(1, 6):
            w, text = complete(game, year)
            capital = w.part(DemandingCapital)  # the Capital's event is logged only when the die is above its cap
            if capital is not None:
                capped += 1
                assert capital.cap < w.king and f"above the Capital's cap of {capital.cap}" in text
                assert all(f.king == 0 for f in w.fights) and "to everyone" not in text
            else:
                assert all(f.king == w.king for f in w.fights)
    assert capped >= 2
