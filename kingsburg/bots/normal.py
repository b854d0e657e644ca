"""The Normal bot (a heuristic player) and the Easy bot (the same with noise and slips).

Every decision is scored directly, without looking ahead in the game: ``rank(view)`` returns the legal actions
with a score each (in VP equivalents, see ``value.py``), best first.

- Influence: price every advisor's gift for this player, then for each legal placement add the best way to
  use the dice it leaves on the advisors still free (an exhaustive search over at most five dice). Advisors an
  opponent could still take count for less in the part of the plan left for later turns, so the contested
  advisor is taken first.
- Gifts, the Alchemist, the King's aid, spoils and losses: the choice that leaves the player worth most.
- Build: the building whose worth (VP, remaining uses of its effect, what it opens) most exceeds its cost.
- Reroll: the Statue's six outcomes, or a fixed sample of Chapel rerolls, against the dice kept.
- Recruit: soldiers while this year's battle odds gain more than the goods they cost.
- Town Hall: pay when 1 VP is worth more than the token or good.
- The scenarios' decisions: ``capital.py`` (The Demanding Capital's tributes) and ``alliances.py`` (Shifting
  Alliances' pledges and removals, and the VP influencing hands to other players' tokens).

The Hard bot uses ``rank`` to choose its candidates and ``NormalBot`` as its playout policy, so this module is
written for speed: one ``Profile`` per decision, no game copies.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .. import Action, Game, Player, State, dice_groups
from ..content import BUILDING_BY_SLUG, CRANE, GOODS, MARKET
from ..variants import shifting_alliances
from . import alliances, capital
from .base import Immediate, decision_rng
from .options import TOKEN_POINT, look_spread
from .value import Profile, battle_table, envoy_value, gift_values
from .wheel_and_deal import PEASANTS_TOP, peasants_so_far
from .wheel_and_deal import SCORERS as WHEEL_AND_DEAL

Ranked = list[tuple[float, Action]]


def rank(view: Game) -> Ranked:
    """The legal actions of the seat to play, scored and sorted best first. A score is the player's value after
    the action (for influence: the worth of the best plan the placement starts), so only differences between
    the scores of one decision mean something. Ties keep the engine's order: the ranking is deterministic."""
    seat = view.to_play
    if seat is None:
        return []
    s = view.state
    legal = view.legal_actions()
    prof = Profile(s, seat, view.known_enemy(seat))
    kind = view.decision()
    if kind == "influence":
        scored = _score_influence(view, seat, prof, legal)
    else:
        scorer = _SCORERS.get(kind)
        # A variant's decision this bot has no scorer for: every answer scores the same (the engine's order).
        scored = [(scorer(view, seat, prof, a) if scorer else 0.0, i, a) for i, a in enumerate(legal)]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(v, a) for v, _, a in scored]


@dataclass(frozen=True)
class Advice:
    """The Normal bot's choice and how much better it finds it than the next best choice: ``margin`` in the
    ranking's one unit (VP equivalents), never negative; ``runner_up`` None (and ``margin`` 0) when the choice
    is the only one. Scores alone mean nothing to a reader (``rank``): only this difference does."""

    action: Action
    margin: float
    runner_up: Action | None


def advise(view: Game) -> Advice | None:
    """What the Normal bot would choose on ``view`` and by how much (None when nobody is to play)."""
    ranked = rank(view)
    if not ranked:
        return None
    best, action = ranked[0]
    if len(ranked) == 1:
        return Advice(action, 0.0, None)
    second, other = ranked[1]
    return Advice(action, best - second, other)


# --- Influence ----------------------------------------------------------------------------------------------

Dice = tuple[int, ...]


CONTEST = 0.6  # share of an advisor's gift counted when an opponent could take it before our next turn


class _Planner:
    """Best total gift value reachable with some dice on the advisors still free (memoised per decision).

    The group placed now gets its gift for sure; the groups left for later turns count an advisor that an
    opponent can still reach at CONTEST of its value, since it may be gone by then. This makes the bot take the
    contested advisor first and prefer plans that do not depend on uncontested luck."""

    def __init__(self, gifts: list[float], contested: int, token_cost: float, envoy_cost: float) -> None:
        self.gifts = gifts
        self.later = [v * CONTEST if contested >> n & 1 else v for n, v in enumerate(gifts)]
        self.token_cost = token_cost
        self.envoy_cost = envoy_cost
        self.memo: dict[tuple[Dice, Dice, bool, bool, bool, int, bool], float] = {}

    def below(self, top: int) -> _Planner:
        """The same plans kept to advisors #1-``top``: the others are worth nothing (and left alone)."""
        low = _Planner([v if n <= top else 0.0 for n, v in enumerate(self.gifts)], 0, self.token_cost, self.envoy_cost)
        low.later = [v if n <= top else 0.0 for n, v in enumerate(self.later)]
        return low

    def best(
        self, dice: Dice, white: Dice, token: bool, market: bool, envoy: bool, taken: int, now: bool = False
    ) -> float:
        """The best plan for these dice; ``now``: its first group is placed at once (not contested)."""
        if not dice:
            return 0.0
        key = (dice, white, token, market, envoy, taken, now)
        v = self.memo.get(key)
        if v is not None:
            return v
        best = 0.0  # leaving the dice unused is always possible
        gifts = self.gifts if now else self.later
        for total, _cg, _wg, rest_c, rest_w in dice_groups(dice, white):
            for tok in (False, True) if token else (False,):
                for delta in (0, -1, 1) if market else (0,):
                    n = total + 2 * tok + delta
                    if not 1 <= n <= 18:
                        continue
                    use_envoy = bool(taken >> n & 1)
                    if use_envoy and not envoy:
                        continue
                    v = gifts[n] - tok * self.token_cost - use_envoy * self.envoy_cost
                    if v <= 0:
                        continue
                    v += self.best(
                        rest_c, rest_w, token and not tok, market and not delta, envoy and not use_envoy, taken | 1 << n
                    )
                    if v > best:
                        best = v
        self.memo[key] = best
        return best


def _taken(s: State) -> int:
    mask = 0
    for n in range(1, 19):
        if s.court[n]:
            mask |= 1 << n
    return mask


def _contested(view: Game, seat: int) -> int:
    """Advisors (bit n) that another player still influencing could take with a group of their unplaced dice."""
    mask = 0
    for other, p in enumerate(view.state.players):
        if other == seat or p.passed:
            continue
        for n in view.reach(other):
            mask |= 1 << n
    return mask


def _planner(view: Game, seat: int, prof: Profile) -> _Planner:
    s = view.state
    gifts = gift_values(s, seat, prof)
    if shifting_alliances.played(s):
        alliances.adjust_gifts(view, seat, gifts)
    return _Planner(gifts, _contested(view, seat), prof.token, envoy_value(s))


def _score_influence(view: Game, seat: int, prof: Profile, legal: list[Action]) -> list[tuple[float, int, Action]]:
    s = view.state
    p = s.players[seat]
    plan = _planner(view, seat, prof)
    taken = _taken(s)
    token = p.tokens > 0 and not p.token_used
    market = p.built[MARKET] and not p.market_used
    envoy = s.envoy == seat
    # Wheel and Deal's Peasants: a season spent on advisors #1-6 only gets one of their rewards again. Each
    # placement on #1-6 is also priced as the start of such a season (the rest of the plan kept to #1-6), and
    # passing keeps the reward again of what was placed so far.
    peasants = peasants_so_far(view, seat)
    low = plan.below(PEASANTS_TOP) if peasants is not None else None
    out = []
    for i, a in enumerate(legal):
        if a.kind == "pass":
            out.append((max((plan.gifts[n] for n in peasants or ()), default=0.0), i, a))
            continue
        rest_c = list(p.dice)
        for d in a.dice:
            rest_c.remove(d)
        rest_w = list(p.white)
        for d in a.white:
            rest_w.remove(d)
        own = plan.gifts[a.advisor] - a.token * plan.token_cost - a.envoy * plan.envoy_cost
        # What the dice left can still do after this placement: the same plan arguments for both planners.
        left = (
            tuple(sorted(rest_c, reverse=True)),
            tuple(sorted(rest_w, reverse=True)),
            token and not a.token,
            market and not a.market,
            envoy and not a.envoy,
            taken | 1 << a.advisor,
        )
        rest = plan.best(*left)
        if low is not None and peasants is not None and a.advisor <= PEASANTS_TOP:
            again = max(plan.gifts[n] for n in [*peasants, a.advisor])
            rest = max(rest, low.best(*left) + again)
        # Tie-break plans of equal worth towards placing the most valuable group first, and towards keeping
        # dice that are otherwise wasted (fewer dice for the same gift).
        out.append((own + rest + 0.01 * own - 0.001 * (len(a.dice) + len(a.white)), i, a))
    return out


def dice_worth(view: Game, seat: int, prof: Profile, dice: Dice, white: Dice) -> float:
    """What a roll is worth before anyone has placed: the best plan on the advisors free now."""
    s = view.state
    p = s.players[seat]
    plan = _planner(view, seat, prof)
    return plan.best(
        tuple(sorted(dice, reverse=True)),
        tuple(sorted(white, reverse=True)),
        p.tokens > 0 and not p.token_used,
        p.built[MARKET] and not p.market_used,
        s.envoy == seat,
        _taken(s),
        now=True,
    )


# A fixed sample of rerolls for the Chapel: deterministic, and the same for every game.
_SAMPLE = [tuple(random.Random(i).randint(1, 6) for _ in range(5)) for i in range(24)]


def _score_reroll(view: Game, seat: int, prof: Profile, a: Action) -> float:
    p = view.state.players[seat]
    dice, white = tuple(p.dice), tuple(p.white)
    keep = dice_worth(view, seat, prof, dice, white)
    if a.kind == "pass":
        return keep
    if a.kind == "statue":  # reroll one die: the six outcomes are equally likely
        if a.arg == "white":
            return sum(dice_worth(view, seat, prof, dice, (f, *white[1:])) for f in range(1, 7)) / 6
        return sum(dice_worth(view, seat, prof, (f, *dice[1:]), white) for f in range(1, 7)) / 6
    n = len(dice)
    return sum(dice_worth(view, seat, prof, r[:n], r[n : n + len(white)]) for r in _SAMPLE) / len(_SAMPLE)


def _score_artists(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """Wheel and Deal's Artists: one die showing ``a.arg`` rerolled (six equally likely faces), or none."""
    p = view.state.players[seat]
    dice, white = list(p.dice), tuple(p.white)
    if a.kind == "pass":
        return dice_worth(view, seat, prof, tuple(dice), white)
    dice.remove(int(a.arg))
    return sum(dice_worth(view, seat, prof, (f, *dice), white) for f in range(1, 7)) / 6


# --- Everything else: price the position after the action ------------------------------------------------------


def _with_goods(prof: Profile, p: Player, goods: tuple[str, ...], sign: int = 1, **extra: int) -> float:
    g, w, st = p.gold, p.wood, p.stone
    for good in goods:
        if good == "gold":
            g += sign
        elif good == "wood":
            w += sign
        else:
            st += sign
    return prof.value(
        g, w, st, p.tokens + extra.get("tokens", 0), p.soldiers + extra.get("soldiers", 0), p.vp + extra.get("vp", 0)
    )


def _score_gift(view: Game, seat: int, prof: Profile, a: Action) -> float:
    p = prof.player
    if a.kind == "trade":  # the Alchemist: one good back for one of each of the other two
        after = p.copy()
        for g in GOODS:
            after.add_good(g, -1 if g == a.arg else 1)
        return prof.value(after.gold, after.wood, after.stone, p.tokens, p.soldiers, p.vp)
    if a.kind == "pass":
        return prof.current()
    return _with_goods(prof, p, a.goods)


def _score_good(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """The King's aid and the spoils add a good; a defeat takes one."""
    return _with_goods(prof, prof.player, (a.arg,), sign=-1 if a.kind == "lose" else 1)


def _score_townhall(view: Game, seat: int, prof: Profile, a: Action) -> float:
    p = prof.player
    if a.kind == "pass":
        return prof.current()
    if a.arg == "token":
        return _with_goods(prof, p, (), tokens=-1, vp=1)
    return _with_goods(prof, p, (a.arg,), sign=-1, vp=1)


def _score_recruit(view: Game, seat: int, prof: Profile, a: Action) -> float:
    # The battle is priced with the soldiers as they stand (recruit_more=False): the question of recruiting more
    # is the one being answered, one soldier at a time.
    p = prof.player
    if a.kind == "pass":
        return prof.value(p.gold, p.wood, p.stone, p.tokens, p.soldiers, p.vp, recruit_more=False)
    g, w, st = p.gold, p.wood, p.stone
    for good in a.goods:
        g, w, st = g - (good == "gold"), w - (good == "wood"), st - (good == "stone")
    return prof.value(g, w, st, p.tokens, p.soldiers + 1, p.vp, recruit_more=False)


def _score_build(view: Game, seat: int, prof: Profile, a: Action) -> float:
    if a.kind == "pass":
        return prof.current()
    s = view.state
    p = prof.player
    b = BUILDING_BY_SLUG[a.arg]
    after = p.copy()
    g, w, st = b.cost_with(p.built[CRANE])
    after.gold -= g
    after.wood -= w
    after.stone -= st
    after.built[b.index] = True
    after.vp += b.vp
    envoy = s.envoy == seat and not a.envoy
    return Profile(s, seat, prof.known, player=after, envoy=envoy).current()


def _score_look(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """Goblin Valley: look at the deck whose card would say more about this winter's strength."""
    return look_spread(view.state, seat, a.arg)


def _score_token(view: Game, seat: int, prof: Profile, a: Action) -> float:
    """Module 5: this battle with the token's soldiers, plus the points kept for later battles or the end."""
    s = view.state
    p = prof.player
    value = int(a.arg)
    table = battle_table(s, seat, p, prof.clock, prof.known, (value,))
    kept = 1.0 if s.year == 5 else TOKEN_POINT  # in year V the token left is VP
    return table[min(p.soldiers, len(table) - 1)] - kept * value


_SCORERS = {
    "gift": _score_gift,
    "build": _score_build,
    "reroll": _score_reroll,
    "townhall": _score_townhall,
    "recruit": _score_recruit,
    "aid": _score_good,
    "lose": _score_good,
    "gain": _score_good,
    "look": _score_look,
    "token": _score_token,
    **capital.SCORERS,  # the second edition's scenarios, each in its own small module
    **alliances.SCORERS,
    # Wheel and Deal: the Artists' reroll, the Craftsmen's good, the Peasants' and the Outlaws' rewards, and
    # (bots/wheel_and_deal.py) the group, the Secret Society's advisor and the Peasants' advisor.
    "artists": _score_artists,
    "craftsmen": _score_good,
    "reward": _score_gift,
    **WHEEL_AND_DEAL,
}


# --- The bots --------------------------------------------------------------------------------------------


class NormalBot:
    """A solid heuristic player: the best-ranked action, every time."""

    name = "normal"
    searches = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # unused: the Normal bot is deterministic

    def choose(self, view: Game) -> Action:
        return rank(view)[0][1]

    def start(self, view: Game) -> Immediate:
        return Immediate(self.choose, view)


class EasyBot:
    """Plausible but loose: the Normal ranking blurred by noise, and now and then a clearly worse choice.

    ``noise`` is the spread (VP equivalents) added to every score; ``slip`` the chance of picking uniformly
    among the top ``slip_width`` actions instead of the best one.
    """

    name = "easy"
    searches = False

    def __init__(self, seed: int = 0, noise: float = 1.0, slip: float = 0.15, slip_width: int = 4) -> None:
        self.seed = seed
        self.noise = noise
        self.slip = slip
        self.slip_width = slip_width

    def choose(self, view: Game) -> Action:
        ranked = rank(view)
        if len(ranked) == 1:
            return ranked[0][1]
        rng = decision_rng(self.seed, view)
        if rng.random() < self.slip:
            return rng.choice(ranked[: self.slip_width])[1]
        return max(ranked, key=lambda t: t[0] + rng.gauss(0, self.noise))[1]

    def start(self, view: Game) -> Immediate:
        return Immediate(self.choose, view)
