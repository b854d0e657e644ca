"""What Shifting Alliances changes in a player's choices (the scenario: kingsburg/variants/shifting_alliances.py).

- Influence: an advisor holding none of the player's tokens gives every other player 1 VP per token of theirs
  there, so its gift counts for that much less (``adjust_gifts``; VP given to one of several opponents weigh
  ``1 / (players - 1)``).
- Pledge: a token is worth the VP it should earn, each productive season still to come, when another player (or,
  with 2 players, the neutral dice) takes that advisor, plus what it saves the player on the advisors they take
  themselves. How often an advisor is taken is estimated from the dice: the chance that three player dice can
  make its number (``REACH``) times ``TAKE``, the share of those chances a player uses (measured: Normal players
  take an advisor about 0.3 times as often as their dice could reach it).
- Whispers of Distrust: remove the token worth most to its owner, and one that costs the player most.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING

from .. import Action, Game, State
from ..variants.shifting_alliances import every_pledge, left_of
from .value import clock

if TYPE_CHECKING:
    from .value import Profile

TAKE = 0.3


def _reach() -> list[float]:
    """REACH[n]: the chance that a roll of three player dice has a group summing to n."""
    hits = [0] * 19
    for roll in product(range(1, 7), repeat=3):
        sums = {sum(c) for k in (1, 2, 3) for c in combinations(roll, k)}
        for n in sums:
            hits[n] += 1
    return [h / 216 for h in hits]


def _neutral() -> list[float]:
    """NEUTRAL[n]: the chance that the 2-player neutral dice take advisor n in a season (three dice on their sum,
    then two on theirs, or each alone when the sums are equal)."""
    hits = [0] * 19
    for three in product(range(1, 7), repeat=3):
        for two in product(range(1, 7), repeat=2):
            taken = {sum(three)}
            taken |= {sum(two)} if sum(two) != sum(three) else set(two)
            for n in taken:
                hits[n] += 1
    return [h / 6**5 for h in hits]


REACH = _reach()
NEUTRAL = _neutral()


def _give(s: State) -> float:
    """What 1 VP to one opponent costs a player who wants to win."""
    return 1 / (s.n - 1)


def adjust_gifts(view: Game, seat: int, gifts: list[float]) -> None:
    """Take off each advisor's gift the VP influencing it would hand the other players."""
    s = view.state
    tokens = every_pledge(s)
    give = _give(s)
    for n in range(1, 19):
        if n not in tokens[seat]:
            others = sum(t.count(n) for i, t in enumerate(tokens) if i != seat)
            if others:
                gifts[n] -= give * others


def _earns(s: State, seat: int, n: int) -> float:
    """VP one of ``seat``'s tokens on advisor n should earn per season: others take it (and the neutral dice)."""
    tokens = every_pledge(s)
    rivals = sum(1 for i, t in enumerate(tokens) if i != seat and n not in t)
    return TAKE * REACH[n] * rivals + (NEUTRAL[n] if s.n == 2 else 0.0)


def _saves(s: State, seat: int, n: int) -> float:
    """VP a first token of ``seat``'s on advisor n saves per season: what it would hand the others' tokens there."""
    tokens = every_pledge(s)
    if n in tokens[seat]:
        return 0.0
    return TAKE * REACH[n] * _give(s) * sum(t.count(n) for i, t in enumerate(tokens) if i != seat)


def score_pledge(view: Game, seat: int, prof: Profile, a: Action) -> float:
    s = view.state
    seasons = clock(s).starts
    return prof.current() + seasons * (_earns(s, seat, a.advisor) + _saves(s, seat, a.advisor))


def score_distrust(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """Removing the left player's token on n: what it would still earn them, and what it costs this player."""
    if a.kind != "remove":
        return prof.current()
    s = view.state
    left = left_of(s, seat)
    seasons = clock(s).starts
    n = a.advisor
    theirs = _earns(s, left, n) * _give(s)
    mine = 0.0 if n in every_pledge(s)[seat] else TAKE * REACH[n] * _give(s)
    return prof.current() + seasons * (theirs + mine)


SCORERS = {"pledge": score_pledge, "distrust": score_distrust}
