"""What The Demanding Capital changes in a player's worth (the scenario: kingsburg/variants/demanding_capital.py).

- The King's die: a face above growth tokens ÷ players sends no soldiers; the battle odds take the faces from the
  engine (``game.king_faces``, the scenario's own rule).
- The Midsummer Tributes are worth a swing of 3 VP and a growth token a year: until they are paid (before
  phase 5), holdings that meet both needs, one or none are worth ``Tribute.bonus``, so a bot keeps what the
  Capital asks for instead of spending it. In phase 5 the ``tribute`` decision itself is priced exactly: the
  player's value after paying, the VP, the growth token and the fall dice promised.

The bots read the scenario's public state in the view through the scenario's accessors (``needs``, ``growth``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Action, Game, State
from ..variants.demanding_capital import NEEDS, growth, needs, played

if TYPE_CHECKING:
    from .value import Profile

BATTLE_POINT = 0.9  # as value.BATTLE_POINT: +1 battle strength in one battle
MANPOWER_DIE = 1.2  # a player die lost in fall: about a third of a season's gifts, and fewer sums
PHASE_5 = 5


def growth_value(s: State) -> float:
    """One growth token more on the sheet, to every player: the cap rises by one for every ``n`` tokens, and the
    face it adds sends that many soldiers in each battle still to come."""
    cap = growth(s) // s.n
    battles = 5 - s.year + (s.phase < 8)
    return BATTLE_POINT * min(cap + 1, 6) / (6 * s.n) * battles if cap < 6 else 0.0


class Tribute:
    """This year's needs, for pricing holdings before the Tributes: ``bonus(gold, wood, stone, tokens,
    soldiers)`` is what meeting both needs, one or none will be worth (VP and growth, not what is paid)."""

    __slots__ = ("counts", "table")

    def __init__(self, needs: list[str], growth: float) -> None:
        self.counts = [needs.count(n) for n in NEEDS]
        self.table = (-1.0 - growth, 0.0, 2.0 + growth)  # none, one, both met

    def bonus(self, gold: int, wood: int, stone: int, tokens: int, soldiers: int) -> float:
        c = self.counts
        met = min(c[0], gold) + min(c[1], wood) + min(c[2], stone) + min(c[3], soldiers) + min(c[4], tokens) + c[5]
        return self.table[met]


def tribute(s: State) -> Tribute | None:
    """The Tributes still to pay this year (None once they are paid, or without the scenario)."""
    if not played(s) or not needs(s) or not 1 <= s.phase < PHASE_5:
        return None
    return Tribute(needs(s), growth_value(s))


def score_tribute(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """The player's value after paying (goods, soldier, "+2" token), the VP and growth token the outcome brings,
    less the fall dice promised for Manpower."""
    s = view.state
    p = s.players[seat]
    paid = needs(s) if a.arg == "both" else [] if a.arg == "none" else [a.arg]
    g, w, st = p.gold - paid.count("gold"), p.wood - paid.count("wood"), p.stone - paid.count("stone")
    tokens, soldiers = p.tokens - paid.count("luxuries"), p.soldiers - paid.count("troops")
    vp, change = (2, 1) if a.arg == "both" else (-1, -1) if a.arg == "none" else (0, 0)
    if change < 0 and not growth(s):
        change = 0  # nothing left to remove
    value = prof.value(g, w, st, tokens, soldiers, p.vp + vp)
    return value + change * growth_value(s) - MANPOWER_DIE * paid.count("manpower")


SCORERS = {"tribute": score_tribute}
