"""The Normal bot's scorers for Wheel and Deal's decisions: which group to favour, where to put the Secret
Society's token, and which advisor the Peasants reward again (the Artists' reroll, the Craftsmen's good and the
extra rewards are priced in ``normal.py`` with the scorers they share).

A group is priced as what it should bring this year, in VP equivalents (``value.py``), plus half of what it takes
from the opponents (the Military's lower die, the Secret Society's closed advisor, the Aristocracy's ties): the
other groups' gains are the player's own, but a lead is what wins.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from .. import Action, Game
from ..variants.wheel_and_deal import PEASANTS_TOP, holder, played

__all__ = ["PEASANTS_TOP", "SCORERS", "peasants_so_far"]
from .value import BATTLE_POINT, ENVOY, Profile, gift_values

HARM = 0.5  # share of the opponents' loss counted as the player's gain
# Set from the rules, then checked against games where one Normal seat was made to favour each group in turn
# (100 two-player games a group): the Clergy and the Aristocracy came out best, the Secret Society worst.
CLERGY_CHANCE = 81 / 216  # three dice totalling 9 or less
MILITARY_EDGE = 161 / 36 - 3.5  # the higher of two dice over one die; the lower is as far under
FIRST = 0.4  # choosing first among the advisors, a season
ARTISTS = 0.25  # one die rerolled, a season
PEASANTS_CHANCE = 0.45  # every group placed on #1-6, a season
SOCIETY = 0.1  # a season with an advisor nobody else may take
CRAFTSMEN_EMPTY = (0.4, 0.6)  # chance of ending a season without goods, holding some now or none
OUTLAWS_LOWEST = (0.6, 0.25, 0.15)  # how often #1, #2, #3 is the lowest advisor nobody took


@cache
def reach_chance() -> tuple[float, ...]:
    """reach_chance()[n]: the chance that some group of three player dice totals n (index 0 unused)."""
    hits = [0] * 19
    for roll in product(range(1, 7), repeat=3):
        sums = {sum(roll[i] for i in range(3) if mask >> i & 1) for mask in range(1, 8)}
        for n in sums:
            hits[n] += 1
    return tuple(h / 216 for h in hits)


def _seasons(view: Game) -> int:
    return view.steps_ahead("season", this_year=True)


def _opponents(view: Game, seat: int) -> list[int]:
    return [i for i in range(len(view.players)) if i != seat]


def group_worth(view: Game, seat: int, prof: Profile, group: str) -> float:
    """What favouring ``group`` for the rest of this year should be worth to ``seat``."""
    s = view.state
    seasons = _seasons(view)
    p = prof.player
    if group == "aristocracy":
        counts = [q.building_count for q in s.players]
        tied_fewest = counts.count(min(counts)) > 1 and counts[seat] == min(counts)
        aid = view.steps_ahead("aid", phase=1, this_year=True) > 0
        return FIRST * seasons + (1.0 + HARM if tied_fewest and aid else 0.0) + 0.3 * ENVOY
    if group == "clergy":
        return 2 * CLERGY_CHANCE * seasons
    if group == "military":
        battle = view.steps_ahead("battle", this_year=True) > 0
        return (1 + HARM) * MILITARY_EDGE * BATTLE_POINT if battle else 0.0
    if group == "secret-society":
        return (1 + HARM) * SOCIETY * seasons
    if group == "craftsmen":
        good = 1.0 if view.builds_left() else prof.end_good
        return CRAFTSMEN_EMPTY[p.goods == 0] * seasons * good
    if group == "artists":
        return ARTISTS * seasons
    gifts = gift_values(s, seat, prof)
    if group == "peasants":
        return PEASANTS_CHANCE * seasons * sum(gifts[1:7]) / 6
    # The Outlaws: -2 VP now, then the lowest advisor nobody took each season.
    return -2 + seasons * sum(w * gifts[n] for n, w in enumerate(OUTLAWS_LOWEST, start=1))


def score_group(view: Game, seat: int, prof: Profile, a: Action) -> float:
    return prof.current() + group_worth(view, seat, prof, a.arg)


def score_society(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """Close the advisor the opponents would miss most (their gift, as likely as their dice reach it), and that
    the player may reach itself."""
    s = view.state
    n = a.advisor
    chance = reach_chance()[n]
    others = _opponents(view, seat)
    harm = sum(gift_values(s, i, Profile(s, i, None))[n] for i in others) / len(others)
    own = gift_values(s, seat, prof)[n]
    return prof.current() + chance * _seasons(view) * (HARM * harm + 0.2 * own)


def score_peasants(view: Game, seat: int, prof: Profile, a: Action) -> float:
    return prof.current() + gift_values(view.state, seat, prof)[a.advisor]


def peasants_so_far(view: Game, seat: int) -> list[int] | None:
    """While ``seat`` favours the Peasants and has influenced only advisors #1-6 this season: those advisors (the
    Peasants will give one of their rewards again, if the season's other groups stay within #1-6). None when the
    seat does not favour the Peasants or already went beyond #6."""
    s = view.state
    if not played(s) or holder(s, "peasants") != seat:
        return None
    mine = [n for n in range(1, 19) if any(pl.seat == seat for pl in s.court[n])]
    return None if mine and mine[-1] > PEASANTS_TOP else mine


SCORERS = {"group": score_group, "society": score_society, "peasants": score_peasants}
