"""The second edition's options as the bots see them, from a seat's view: the battle of Goblin Valley (the
valley card that may join the enemy) and Module 5's soldier tokens (chosen instead of the King's die).

The bots read only what the seat may know, through the variants' accessors: a view's state holds the valley
cards that seat has seen and its own token; a card seen by another seat in a determinized game is not used
(``goblin_valley.valley_seen``), so a playout plays each seat on its own knowledge.
"""

from __future__ import annotations

import statistics

from .. import State
from ..content import ENEMY_BY_ID, Enemy, enemies_of_year
from ..variants import goblin_valley, soldier_tokens
from ..variants.goblin_valley import GOBLINS, is_goblins

TOKEN_POINT = 0.9  # a token point kept: a soldier in a later battle or 1 VP at the end

Foes = tuple[tuple[Enemy, ...], int]  # cards fought together, the King's extra soldiers


def valley_known(s: State, seat: int) -> str | None:
    """This year's valley card if ``seat`` has looked at it (None otherwise, or without the valley)."""
    return goblin_valley.valley_seen(s, seat) if goblin_valley.played(s) else None


def battle_foes(s: State, seat: int, known: str | None) -> list[Foes]:
    """This year's possible battles, equally likely: the enemy cards still possible (only ``known`` if seen),
    each with the valley cards still possible when Goblin Valley is played (a Goblin card, or any card in year
    V, joins with the year's extra soldiers)."""
    cards = (ENEMY_BY_ID[known],) if known else enemies_of_year(s.year)
    if not goblin_valley.played(s):
        return [((e,), 0) for e in cards]
    seen = valley_known(s, seat)
    out: list[Foes] = []
    for e in cards:
        valley = [ENEMY_BY_ID[seen]] if seen else [v for v in enemies_of_year(s.year) if v.id != e.id]
        for v in valley:
            joins = is_goblins(v, s.year)
            out.append(((e, Enemy(v.id, v.year, GOBLINS, v.strength, v.lose, v.gain)), s.year) if joins else ((e,), 0))
    return out


def tokens_kept(s: State, seat: int, battle_now: bool) -> float:
    """What the soldier tokens left are still worth beyond this year's battle (which prices the one used now)."""
    if not soldier_tokens.played(s):
        return 0.0
    left = soldier_tokens.tokens_left(s, seat)
    if not left:
        return 0.0
    chosen = soldier_tokens.chosen(s, seat)
    used = (chosen if isinstance(chosen, int) else statistics.mean(left)) if battle_now else 0
    return TOKEN_POINT * (sum(left) - used)


def look_spread(s: State, seat: int, deck: str) -> float:
    """How much seeing this year's top ``deck`` card ("enemy" or "valley") would tell: the spread of the
    strength it adds (net of the Goblins' extra soldiers) over the cards it may be."""
    if deck == "enemy":
        return statistics.pstdev([e.strength for e in enemies_of_year(s.year)])
    net = [v.strength - s.year if is_goblins(v, s.year) else 0 for v in enemies_of_year(s.year)]
    return statistics.pstdev(net)
