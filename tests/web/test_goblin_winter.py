"""Goblin Valley's winter in the battle scene: the valley card is shown with the enemy, and when it joins as
Goblins every fight is told against the invaders' strength together, with the King's extra soldiers."""

from __future__ import annotations

import html
import re

from app.winter import battle_of, scene

import kingsburg
from kingsburg import Rules
from kingsburg.bots import BOTS
from kingsburg.content import ENEMY_BY_ID


def text_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def played(seed: int) -> kingsburg.Game:
    game = kingsburg.new_game(["Ann", "Brian"], seed, rules=Rules(2, "goblin-valley"))
    bots = [BOTS["normal"](seed=seed + i) for i in range(2)]
    while not game.is_over():
        seat = game.to_play
        game.apply(bots[seat].choose(game.view(seat)))
    return game


def test_the_valley_card_joins_in_year_5_and_every_fight_is_told_against_both_cards() -> None:
    joined = back = 0
    for seed in range(4):
        game = played(seed)
        for year in range(1, 6):
            w = battle_of(game, year)
            assert w is not None and w.valley, (seed, year)
            enemy, valley = ENEMY_BY_ID[w.card], ENEMY_BY_ID[w.valley]
            if not w.joined:
                assert year < 5  # year V always counts as Goblins
                back += 1
                w.step = w.last
                assert "back to the box" in text_of(scene(w, ["Ann", "Brian"], False))
                continue
            joined += 1
            assert w.joined == enemy.strength + valley.strength and w.extra == year
            w.step = w.last
            text = text_of(scene(w, ["Ann", "Brian"], False))
            assert f"together {w.joined}" in text and f"{w.extra} more as the Goblins join" in text
            for f in w.fights:
                versus = "=" if f.wall or f.outcome == "draw" else ">" if f.outcome == "victory" else "<"
                assert f"{f.strength} {versus} {w.joined}" in text, (f, text)
                assert f.strength == f.soldiers + f.buildings + f.king
            # Before the card is revealed (the second edition rolls the King's die first), the Goblins'
            # soldiers are not given away: the fights show the die alone.
            w.step = w.roll_stage
            early = text_of(scene(w, ["Ann", "Brian"], False))
            assert f"+{w.king} from the King" in early and "as the Goblins join" not in early
    assert joined >= 4 and back >= 1, (joined, back)
