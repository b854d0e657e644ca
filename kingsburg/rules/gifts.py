"""Receiving help from the advisors: each gift, in advisor order #1 to #18, with its choices."""

from __future__ import annotations

from itertools import combinations_with_replacement

from ..actions import PASS, Action
from ..content import GOODS, STABLES, advisor
from ..state import State, Task
from .common import say, score

_BUNDLES = {n: [Action("gift", goods=c) for c in combinations_with_replacement(GOODS, n)] for n in (1, 2, 3)}
_FIXED = Action("gift")
_TRADES = {g: Action("trade", arg=g) for g in GOODS}
_CHOICES = {n: [Action("gift", goods=b) for b in advisor(n).bundles] for n in range(1, 19)}  # "this or that" gifts


def queue_gifts(s: State) -> None:
    """One task per dice group on the court, in advisor order; the dummy dice give nothing."""
    for number in range(1, 19):
        for placement in s.court[number]:
            if placement.seat >= 0:
                s.queue.append(Task(placement.seat, "gift", number))


def options(s: State, seat: int, number: int) -> list[Action]:
    adv = advisor(number)
    if adv.trade:
        p = s.players[seat]
        return [_TRADES[g] for g in GOODS if p.good(g)] + [PASS]
    if adv.bundles:
        return _CHOICES[number]
    if adv.any:
        return _BUNDLES[adv.any]
    return [_FIXED]


def receive(s: State, seat: int, number: int, a: Action) -> None:
    adv = advisor(number)
    p = s.players[seat]
    if adv.trade:
        if a.kind == "pass":
            say(s, "no-trade", seat, advisor=number)
            return
        others = tuple(g for g in GOODS if g != a.arg)
        p.add_good(a.arg, -1)
        for g in others:
            p.add_good(g, 1)
        say(s, "gift", seat, advisor=number, goods=others, paid=(a.arg,))
        return
    goods = adv.goods + a.goods
    for g in goods:
        p.add_good(g, 1)
    if adv.tokens:
        p.tokens += adv.tokens
    n = 0
    if adv.soldiers:
        n = adv.soldiers + (1 if p.built[STABLES] else 0)  # the Stables add one to every such gift
        p.soldiers += n
    if goods or adv.tokens or n:
        say(s, "gift", seat, advisor=number, goods=tuple(goods), tokens=adv.tokens, soldiers=n)
    if adv.vp:
        score(s, seat, adv.vp, "advisors", "advisor", advisor=number)
    if adv.look and not any(hook(s, seat) for hook in s.calendar.hooks["look"]):
        look(s, seat)


def look(s: State, seat: int, chose: bool = False) -> None:
    """The General's and the Queen's secret look at the top enemy card."""
    p = s.players[seat]
    p.looked = True
    s.chance += 1  # a hidden card was seen: undo may not cross this
    say(s, "look", seat, deck="enemy", chose=int(chose))
    say(s, "seen", seat, secret=seat, deck="enemy", card=s.deck[s.year - 1] or "")
