"""How much things are worth to a player, in victory-point equivalents: the knowledge shared by every bot.

Everything a bot weighs (a good, a "+2" token, a soldier, a building, an advisor's gift) is converted to one
currency, "VP it will probably be worth by the end of the game", so different choices can be compared by
subtraction. The model:

- ``Clock``: how many productive seasons, builds, season ends, summers and battles are still to come. Every
  building effect is worth (value per use) x (uses left), so the same building is worth less in year V.
- ``Profile``: one player's situation with everything that does not change within a decision precomputed
  (building effects, which goods the next buildings need and which of those buildings the goods held would
  already pay for, this year's battle odds). ``Profile.value`` then
  prices a bundle of gold/wood/stone/tokens/soldiers/VP in a few arithmetic operations, which is what makes
  the Normal bot fast enough to be the Hard bot's playout policy.
- ``gift_values``: what each of the 18 advisors would give this player, priced with the profile.

The constants were set by hand from the rules (e.g. a good is worth about 1 VP because buildings return
roughly 1 VP per good spent) and then adjusted with ``python -m kingsburg tournament``.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import Player, State, king_faces
from ..content import (
    ADVISORS,
    BARRACKS,
    BUILDINGS,
    CATHEDRAL,
    CHAPEL,
    CRANE,
    EMBASSY,
    FARMS,
    FORTRESS,
    GOODS,
    INN,
    MARKET,
    MERCHANTS_GUILD,
    STABLES,
    STATUE,
    STONE_WALL,
    TOWN_HALL,
    Building,
    building_lost,
    enemies_of_year,
)
from .capital import Tribute, tribute
from .options import battle_foes, tokens_kept, valley_known

# --- The constants of the model (VP equivalents) -----------------------------------------------------------

GOOD_NEEDED = 1.0  # a good the next buildings need: buildings return about 1 VP per good
GOOD_SPARE = 0.45  # a good beyond that: still useful for soldiers, the Town Hall, the Alchemist, later rows
GOOD_AT_END = 0.02  # after the last build a good only breaks ties (the Cathedral makes it 0.5)
TOKEN = 0.45  # a "+2" token: reaches a better advisor once (0.9 with a Town Hall: it becomes 1 VP)
BATTLE_POINT = 0.9  # +1 combat value in one future battle (a win-or-lose swing is ~5 VP; also saves recruits)
LOOK = 0.35  # seeing this year's enemy card before recruiting
ENVOY = 0.9  # the King's Envoy while it can still be used in a later season
BONUS_VP_SHARE = 0.5  # chance that a victorious player is also the strongest one (the +1 VP)
UNLOCK = 0.35  # share of the next building's surplus credited to the building that opens it
BUILD_READY = 0.45  # share of the surplus of a building the goods held already pay for (it is built soon)
RECRUIT_GOOD = 0.8  # a good spent on a soldier (spare goods go first)

# Value per remaining use of each building's effect, beyond its VP. Battle modifiers are added separately
# (BATTLE_POINT per point per future battle) from the building data.
_PER_START = {  # per productive season still to begin
    STATUE: 0.04,  # triples are rare (1 in 36 with three dice)
    CHAPEL: 0.15,  # a total of 7 or less happens about one season in six
    MARKET: 0.3,  # +-1 rescues a placement about every other season
    FARMS: 0.55,  # a fourth die: more and larger groups
    MERCHANTS_GUILD: 0.9,  # 1 gold
    STABLES: 0.3,  # one more soldier when a soldier advisor is taken
}
_PER_END = {EMBASSY: 1.0, TOWN_HALL: 0.45}  # per season end still to come (Town Hall: 1 VP minus what it costs)
_PER_BATTLE = {BARRACKS: 0.45, STONE_WALL: 0.3, FORTRESS: 0.5}  # besides their combat modifier


@dataclass(frozen=True, slots=True)
class Clock:
    """What is still to come in the game, counted from the current decision."""

    starts: int  # productive seasons not begun yet (Merchants' Guild gold, Farms die, Market, rerolls)
    builds: int  # build steps not begun yet
    ends: int  # productive-season ends not scored yet (Embassy, Town Hall)
    summers: int  # summer ends to come (the Inn's token)
    battles_later: int  # battles in the years after this one
    battle_now: bool  # this year's battle is still to be fought
    recruit_now: bool  # Phase 7 of this year has not finished
    year: int
    phase: int


_CLOCKS: dict[tuple[object, int, int, str], Clock] = {}


def clock(s: State) -> Clock:
    """The clock of a state, counted on its calendar (``Calendar.ahead``): a step still ahead has not run yet.
    The season's dice are rolled at "season", builds are queued at "clear", its end scored at "season_end"."""
    cal = s.calendar
    key = (cal, s.year, s.phase, s.step)
    c = _CLOCKS.get(key)
    if c is not None:
        return c
    if s.phase == 0:
        c = Clock(0, 0, 0, 0, 0, False, False, s.year, s.phase)
    else:
        c = Clock(
            starts=cal.ahead(s, "season"),
            builds=cal.ahead(s, "clear"),
            ends=cal.ahead(s, "season_end"),
            summers=cal.ahead(s, "season_end", phase=4),
            battles_later=5 - s.year,
            battle_now=cal.ahead(s, "battle", this_year=True) > 0,
            recruit_now=cal.ahead(s, "next", phase=7, this_year=True) > 0,
            year=s.year,
            phase=s.phase,
        )
    _CLOCKS[key] = c
    return c


# --- Buildings ------------------------------------------------------------------------------------------

# Expected combat modifier of each building against one random enemy card of each year (the Palisade is +2
# only against Zombies, and so on).
_MOD_BY_YEAR = [
    [sum(b.battle_against(e.type) for e in enemies_of_year(y)) / 5 for b in BUILDINGS] if y else [] for y in range(6)
]


def _effect(b: Building, c: Clock) -> float:
    """What owning ``b`` from now on is still worth beyond its printed VP (not counting this year's battle,
    which ``Profile`` prices exactly)."""
    i = b.index
    v = (
        _PER_START.get(i, 0.0) * c.starts
        + _PER_END.get(i, 0.0) * c.ends
        + _PER_BATTLE.get(i, 0.0) * (c.battles_later + c.battle_now)
    )
    v += BATTLE_POINT * sum(_MOD_BY_YEAR[y][i] for y in range(c.year + 1, 6))
    if i == INN:
        v += TOKEN * c.summers
    elif i == CRANE:
        v += 0.7 * min(4, c.builds // 2)  # 1 gold off most of the column III/IV buildings still to come
    elif i == CATHEDRAL:
        v += 1.0  # the end-of-game goods bonus; goods themselves are priced higher (see Profile)
    return v


_EFFECTS: dict[Clock, list[float]] = {}


def effects(c: Clock) -> list[float]:
    e = _EFFECTS.get(c)
    if e is None:
        e = _EFFECTS[c] = [_effect(b, c) for b in BUILDINGS]
    return e


def cost_value(p: Player, b: Building) -> float:
    return sum(b.cost_with(p.built[CRANE])) * GOOD_NEEDED


def worth(p: Player, b: Building, c: Clock) -> float:
    """What building ``b`` is worth to ``p`` if built now: VP, effects, and a share of what it opens (the next
    building of the row, if that one is worth more than it costs and there is time to build it)."""
    e = effects(c)
    w = b.vp + e[b.index]
    if b.col < 4 and c.builds >= 1:
        nxt = BUILDINGS[b.index + 1]
        if not p.built[nxt.index]:
            w += UNLOCK * max(0.0, nxt.vp + e[nxt.index] - cost_value(p, nxt))
    return w


def next_in_rows(p: Player) -> list[Building]:
    """The buildings the row rule allows next: the leftmost unbuilt one of each row."""
    out = []
    for row in range(5):
        for col in range(4):
            b = BUILDINGS[row * 4 + col]
            if not p.built[b.index]:
                out.append(b)
                break
    return out


# --- A player's profile -----------------------------------------------------------------------------------

Ready = tuple[int, int, int, float]  # a building's gold, wood and stone, and the credit once they are held
Province = tuple[float, list[int], float, float, int, list[Ready]]
_PROVINCES: dict[tuple[tuple[bool, ...], Clock], Province] = {}


def _province(p: Player, c: Clock) -> Province:
    """What a player's buildings give at this point of the game: (value of their effects to come, goods the
    next buildings need, value of a spare good, value of a token, goods per recruited soldier, the buildings
    the row rule allows next that are worth more than they cost, best first: (gold, wood, stone, surplus))."""
    e = effects(c)
    fixed = 0.0
    for b in BUILDINGS:
        if p.built[b.index]:
            fixed += e[b.index]
            if b.col < 4 and c.builds and not p.built[b.index + 1]:
                nxt = BUILDINGS[b.index + 1]
                fixed += UNLOCK * max(0.0, nxt.vp + e[nxt.index] - cost_value(p, nxt))
    # Goods the next one or two best buildings need are worth GOOD_NEEDED, the others GOOD_SPARE.
    demand = [0, 0, 0]
    ready: list[Ready] = []
    if c.builds:
        ranked = sorted(((worth(p, b, c) - cost_value(p, b), b.index, b) for b in next_in_rows(p)), reverse=True)
        for net, _, b in ranked[: min(2, c.builds)]:
            if net > 0:
                for k, n in enumerate(b.cost_with(p.built[CRANE])):
                    demand[k] += n
        ready = [(*b.cost_with(p.built[CRANE]), BUILD_READY * net) for net, _, b in ranked if net > 0]
        end_good = GOOD_SPARE
    else:
        end_good = GOOD_AT_END
    if p.built[CATHEDRAL]:
        end_good = max(end_good, 0.5)
    return fixed, demand, end_good, token_value(p, c), 1 if p.built[BARRACKS] else 2, ready


class Profile:
    """One player's situation, precomputed so that ``value`` is cheap.

    ``value(gold, wood, stone, tokens, soldiers, vp)`` is the player's expected final VP if they held those
    (their buildings, the clock and the enemy knowledge being those of the profile). Bots compare choices by
    the difference in value they make.
    """

    __slots__ = (
        "battle",
        "clock",
        "demand",
        "end_good",
        "fixed",
        "known",
        "per_soldier",
        "player",
        "ready",
        "recruit_memo",
        "token",
        "tribute",
    )
    fixed: float
    demand: list[int]
    end_good: float
    token: float
    per_soldier: int
    ready: list[Ready]

    def __init__(
        self, s: State, seat: int, known: str | None, player: Player | None = None, envoy: bool | None = None
    ) -> None:
        """``player`` replaces the seat's record (to price a position after a hypothetical build) and
        ``envoy`` says whether it holds the King's Envoy (default: whether the seat does now)."""
        p = player or s.players[seat]
        c = clock(s)
        self.player = p
        self.clock = c
        self.known = known
        built = tuple(p.built)
        province = _PROVINCES.get((built, c))
        if province is None:
            if len(_PROVINCES) > 100_000:  # a bound for long runs
                _PROVINCES.clear()
            province = _PROVINCES[built, c] = _province(p, c)
        self.fixed, self.demand, self.end_good, self.token, self.per_soldier, self.ready = province
        if s.envoy == seat if envoy is None else envoy:
            self.fixed += envoy_value(s)
        self.battle = battle_table(s, seat, p, c, known) if c.battle_now else None
        if s.variants:
            self.fixed += tokens_kept(s, seat, c.battle_now)
        self.tribute: Tribute | None = tribute(s)  # The Demanding Capital's needs, until they are paid
        self.recruit_memo: dict[int, float] = {}  # battle_value by (soldiers, soldiers affordable)

    def goods_value(self, gold: int, wood: int, stone: int) -> float:
        dg, dw, ds = self.demand  # all 0 after the last build: then every good is worth end_good
        needed = (gold if gold < dg else dg) + (wood if wood < dw else dw) + (stone if stone < ds else ds)
        return needed * GOOD_NEEDED + (gold + wood + stone - needed) * self.end_good

    def battle_value(self, soldiers: int, goods: int, recruit_more: bool = True) -> float:
        """This year's battle: the expected outcome, recruiting the best number of soldiers in Phase 7 with
        the goods held (if recruiting is still to come and ``recruit_more``)."""
        table = self.battle
        if table is None:
            return 0.0
        top = len(table) - 1
        if soldiers >= top or not (recruit_more and self.clock.recruit_now):
            return table[min(soldiers, top)]
        most = min(goods // self.per_soldier, top - soldiers)
        key = soldiers * 64 + most
        v = self.recruit_memo.get(key)
        if v is None:
            cost = self.per_soldier * RECRUIT_GOOD
            v = self.recruit_memo[key] = max(table[soldiers + r] - r * cost for r in range(most + 1))
        return v

    def value(
        self, gold: int, wood: int, stone: int, tokens: int, soldiers: int, vp: int, recruit_more: bool = True
    ) -> float:
        v = (
            vp
            + self.fixed
            + self.goods_value(gold, wood, stone)
            + tokens * self.token
            + self.battle_value(soldiers, gold + wood + stone, recruit_more)
        )
        if self.tribute is not None:
            v += self.tribute.bonus(gold, wood, stone, tokens, soldiers)
        # Goods are priced one by one, but they pay off together: credit part of the best building they already
        # pay for, so a gift that completes a cost is worth more than the same gift one good short.
        for g, w, st, bonus in self.ready:
            if gold >= g and wood >= w and stone >= st:
                return v + bonus
        return v

    def current(self) -> float:
        p = self.player
        return self.value(p.gold, p.wood, p.stone, p.tokens, p.soldiers, p.vp)


def token_value(p: Player, c: Clock) -> float:
    v = TOKEN * min(1.0, c.starts / 2)
    if p.built[TOWN_HALL] and c.ends:
        v = max(v, 0.9)
    return v


def envoy_value(s: State) -> float:
    """The King's Envoy held now. It goes back at next year's Phase 5, so in summer it is used or lost."""
    if s.phase == 4 or (s.year == 5 and s.phase == 6) or s.phase == 0:
        return 0.1
    return ENVOY


def battle_table(
    s: State, seat: int, p: Player, c: Clock, known: str | None, faces: tuple[int, ...] | None = None
) -> list[float]:
    """Expected value of this year's battle for 0, 1, 2, ... soldiers, averaged over the King's die (or the
    soldier tokens, or the ``faces`` given) and the battles still possible: the enemy cards (only the known one
    after the General or the Queen), with the valley cards that may join them in Goblin Valley."""
    if faces is None:
        faces = king_faces(s, seat)
    built = tuple(p.built)
    # No card takes more than 8 goods, so holdings above 8 of a kind price the same.
    key = (built, c, s.calendar, known, valley_known(s, seat), faces, min(p.gold, 8), min(p.wood, 8), min(p.stone, 8))
    table = _TABLES.get(key)
    if table is not None:
        return table
    lost = building_lost(p.built)
    building_loss = (lost.vp + 0.5 * effects(c)[lost.index] + 1.0) if lost else 0.0
    fortress = p.built[FORTRESS]
    owned = [b for b in BUILDINGS if p.built[b.index]]
    terms = []
    for cards, extra in battle_foes(s, seat, known):
        types = {e.type for e in cards}
        strength = sum(max(b.battle_against(t) for t in types) for b in owned) + extra
        win = loss = 0.0
        goods_lost = 0
        for e in cards:
            strength -= e.strength
            win += e.gain.get("vp", 0) + 0.8 * (sum(e.gain.get(g, 0) for g in GOODS) + e.gain.get("any", 0))
            loss += e.lose.get("vp", 0) + building_loss * e.lose.get("buildings", 0)
            goods_lost += sum(min(e.lose.get(g, 0), p.good(g)) for g in GOODS) + e.lose.get("any", 0)
        terms.append((strength, win + BONUS_VP_SHARE + fortress, loss + 0.8 * min(p.goods, goods_lost)))
    if len(_TABLES) > 100_000:  # a bound for long runs; the keys repeat a lot within a game
        _TABLES.clear()
    table = _TABLES[key] = _outcomes(terms, p.built[STONE_WALL], faces)
    return table


_TABLES: dict[tuple[object, ...], list[float]] = {}
MAX_SOLDIERS = 12  # more soldiers than this rarely change a battle (strength <= 9, King's die >= 1)


def _outcomes(terms: list[tuple[int, float, float]], wall: bool, faces: tuple[int, ...]) -> list[float]:
    table = []
    for soldiers in range(MAX_SOLDIERS + 1):
        total = 0.0
        for offset, win, loss in terms:
            m = soldiers + offset  # combat value minus strength, before the King's soldiers
            wins = sum(1 for king in faces if m + king > 0 or (wall and m + king == 0))
            losses = sum(1 for king in faces if m + king < 0)
            total += wins * win - losses * loss
        table.append(total / (len(faces) * len(terms)))
    return table


# --- Gifts ------------------------------------------------------------------------------------------------


def best_any(prof: Profile, gold: int, wood: int, stone: int, n: int) -> tuple[int, int, int]:
    """The goods held after adding the best ``n`` goods of free choice. Goods are priced kind by kind with a
    falling value per unit, so taking them one at a time where the shortfall is largest is optimal; ties go
    to gold, then wood (gold is in most building costs)."""
    have = [gold, wood, stone]
    d = prof.demand
    for _ in range(n):
        k = max((0, 1, 2), key=lambda i: (d[i] - have[i], -i))
        have[k] += 1
    return have[0], have[1], have[2]


def _counts(goods: tuple[str, ...]) -> tuple[int, int, int]:
    return goods.count("gold"), goods.count("wood"), goods.count("stone")


# Each advisor's gift as numbers: (number, fixed goods, bundles to choose from, goods of free choice, tokens,
# soldiers, VP, looks at the enemy card, is the Alchemist).
_GIFTS = [
    (a.number, _counts(a.goods), [_counts(b) for b in a.bundles], a.any, a.tokens, a.soldiers, a.vp, a.look, a.trade)
    for a in ADVISORS
]


def gift_values(s: State, seat: int, prof: Profile) -> list[float]:
    """gift_values[n]: what the gift of advisor #n adds to this player's value (index 0 unused), with the
    best choice where the gift offers one."""
    p = prof.player
    value = prof.value
    base = prof.current()
    gold, wood, stone, tokens, soldiers, vp = p.gold, p.wood, p.stone, p.tokens, p.soldiers, p.vp
    stables = 1 if p.built[STABLES] else 0
    look = LOOK if prof.clock.battle_now and not p.looked and prof.battle is not None else 0.0
    out = [0.0] * 19
    for number, (fg, fw, fs), bundles, free, tok, sol, dvp, looks, trade in _GIFTS:
        g, w, st = gold + fg, wood + fw, stone + fs
        sol = soldiers + sol + stables if sol else soldiers
        tok += tokens
        if trade:  # the Alchemist: one good for one of each of the other two, if that helps
            best = base
            if g:
                best = max(best, value(g - 1, w + 1, st + 1, tok, sol, vp))
            if w:
                best = max(best, value(g + 1, w - 1, st + 1, tok, sol, vp))
            if st:
                best = max(best, value(g + 1, w + 1, st - 1, tok, sol, vp))
            out[number] = best - base
            continue
        if bundles:
            v = max(value(g + bg, w + bw, st + bs, tok, sol, vp + dvp) for bg, bw, bs in bundles)
        elif free:
            v = value(*best_any(prof, g, w, st, free), tok, sol, vp + dvp)
        else:
            v = value(g, w, st, tok, sol, vp + dvp)
        out[number] = v - base + (look if looks else 0.0)
    return out


__all__ = ["Clock", "Profile", "battle_table", "clock", "gift_values", "worth"]
