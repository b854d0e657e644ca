"""Phase 8, the battle: the enemy card, the King's soldiers, combat values, rewards and penalties."""

from __future__ import annotations

from collections.abc import Sequence

from ..content import BUILDINGS, ENEMY_BY_ID, FORTRESS, GOODS, STONE_WALL, Enemy
from ..errors import HiddenInformation
from ..i18n import _
from ..state import Player, State, Task
from .buildings import battle_modifier, destroy
from .common import roll, say, score


def current_enemy(s: State) -> Enemy:
    card = s.deck[s.year - 1]
    if card is None:
        raise HiddenInformation(_("this view cannot know the enemy card; determinize it first"))
    return ENEMY_BY_ID[card]


def foes_modifier(p: Player, foes: Sequence[Enemy]) -> int:
    """What the buildings add against the cards fought together: a building's bonus against a type counts once,
    however many of the cards are of that type (the Barricade against two Goblin cards)."""
    if len(foes) == 1:
        return battle_modifier(p, foes[0].type)
    return sum(max(b.battle_against(e.type) for e in foes) for b in BUILDINGS if p.built[b.index])


def fight(s: State) -> None:
    """The winter battle: the card revealed and the King's soldiers sent (in the calendar's order), then each
    player's battle in turn order, against this card and any a variant adds (``foes``: strengths added, every
    card's penalties and rewards)."""
    enemy = current_enemy(s)
    foes = [enemy]
    sent: list[int] = []
    for stage in s.calendar.winter:
        if stage == "reveal":
            s.chance += 1  # the card is revealed
            say(s, "enemy", card=enemy.id)
            for hook in s.calendar.hooks["reveal"]:
                hook(s, enemy.id)
        else:
            sent = _reinforcements(s)
    for hook in s.calendar.hooks["foes"]:
        hook(s, foes, sent)
    strength = sum(e.strength for e in foes)
    values = {seat: s.players[seat].soldiers + sent[seat] + foes_modifier(s.players[seat], foes) for seat in s.order}
    won = []
    for seat in s.order:
        p = s.players[seat]
        v = values[seat]
        # What the fight was made of, before a defeat can destroy a building.
        fight = {
            "soldiers": p.soldiers,
            "king": sent[seat],
            "buildings": foes_modifier(p, foes),
            "base": battle_modifier(p, ""),
            "strength": v,
        }
        if v > strength or (v == strength and p.built[STONE_WALL]):
            won.append(seat)
            say(s, "fight", seat, outcome="victory", wall=int(v == strength), **fight)
            for foe in foes:
                _reward(s, seat, foe)
            if p.built[FORTRESS]:
                score(s, seat, 1, "battle", "fortress")
        elif v == strength:
            say(s, "fight", seat, outcome="draw", wall=0, **fight)
        else:
            say(s, "fight", seat, outcome="defeat", wall=0, **fight)
            # The goods of choice are asked for once, after every card's fixed losses, so the choice is made on
            # the goods that are really left.
            task = lose_any(s, seat, sum(_penalty(s, seat, foe) for foe in foes))
            if task:
                s.queue.append(task)
    if won:
        best = max(values[seat] for seat in won)
        for seat in won:
            if values[seat] == best:
                score(s, seat, 1, "battle", "strongest", bonus=1)


def _reinforcements(s: State) -> list[int]:
    """The soldiers the King sends to each seat: the King's die for everyone, unless a variant says otherwise."""
    for hook in s.calendar.hooks["king_die"]:
        replaced: list[int] | None = hook(s)
        if replaced is not None:
            sent = replaced
            break
    else:
        king = roll(s)
        sent = [king] * s.n
        say(s, "king", die=king, roller=s.order[0])
    for hook in s.calendar.hooks["reinforcements"]:
        hook(s, sent)
    return sent


def _reward(s: State, seat: int, enemy: Enemy) -> None:
    p = s.players[seat]
    got = []
    for g in GOODS:
        if enemy.gain.get(g):
            p.add_good(g, enemy.gain[g])
            got += [g] * enemy.gain[g]
    if got:
        say(s, "spoils", seat, goods=tuple(got))
    if enemy.gain.get("vp"):
        score(s, seat, enemy.gain["vp"], "battle", "victory", enemy=enemy.type)
    if enemy.gain.get("any"):
        s.queue.append(Task(seat, "gain", enemy.gain["any"]))


def _penalty(s: State, seat: int, enemy: Enemy) -> int:
    """A card's fixed losses; returns the goods of the loser's choice it takes."""
    p = s.players[seat]
    lost = []
    for g in GOODS:
        n = min(enemy.lose.get(g, 0), p.good(g))
        if n:
            p.add_good(g, -n)
            lost += [g] * n
    if lost:
        say(s, "loss", seat, goods=tuple(lost))
    if enemy.lose.get("buildings"):
        for _ in range(enemy.lose["buildings"]):
            destroy(s, seat, enemy.type)
    if enemy.lose.get("vp"):
        score(s, seat, -enemy.lose["vp"], "battle", "defeat", enemy=enemy.type)
    return enemy.lose.get("any", 0)


def lose_any(s: State, seat: int, n: int) -> Task | None:
    """Goods of the loser's choice: a decision only when the choice can matter."""
    p = s.players[seat]
    if n <= 0 or p.goods == 0:
        return None
    if p.goods <= n or len(p.goods_held()) == 1:
        n = min(n, p.goods)
        lost = []
        for g in GOODS:
            while n and p.good(g):
                p.add_good(g, -1)
                lost.append(g)
                n -= 1
        say(s, "loss", seat, goods=tuple(lost))
        return None
    return Task(seat, "lose", n)
