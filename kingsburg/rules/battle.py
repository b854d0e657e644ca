"""Phase 8, the battle: the enemy card, the King's soldiers, combat values, rewards and penalties."""

from __future__ import annotations

from ..content import ENEMY_BY_ID, FORTRESS, GOODS, STONE_WALL, Enemy
from ..errors import HiddenInformation
from ..state import State, Task
from .buildings import battle_modifier, destroy
from .common import goods_text, roll, say, score


def current_enemy(s: State) -> Enemy:
    card = s.deck[s.year - 1]
    if card is None:
        raise HiddenInformation("this view cannot know the enemy card; determinize it first")
    return ENEMY_BY_ID[card]


def combat_value(s: State, seat: int, enemy: Enemy, king: int) -> int:
    p = s.players[seat]
    return p.soldiers + king + battle_modifier(p, enemy.type)


def fight(s: State) -> None:
    """The winter battle: the card revealed and the King's soldiers sent (in the ruleset's order), then each
    player's battle in turn order."""
    enemy = current_enemy(s)
    sent: list[int] = []
    for stage in s.rules.winter:
        if stage == "reveal":
            s.chance += 1  # the card is revealed
            say(s, f"Winter, year {s.year}: the enemy is {enemy.describe()}", kind="enemy", card=enemy.id)
            for hook in s.rules.hooks["reveal"]:
                hook(s, enemy.id)
        else:
            sent = _reinforcements(s)
    values = {seat: combat_value(s, seat, enemy, sent[seat]) for seat in s.order}
    won = []
    for seat in s.order:
        p = s.players[seat]
        v = values[seat]
        # What the fight was made of, before a defeat can destroy a building.
        fight = {
            "soldiers": p.soldiers,
            "king": sent[seat],
            "buildings": battle_modifier(p, enemy.type),
            "base": battle_modifier(p, ""),
            "strength": v,
        }
        if v > enemy.strength or (v == enemy.strength and p.built[STONE_WALL]):
            won.append(seat)
            wall = v == enemy.strength
            note = " (the Stone Wall turns the tie into a win)" if wall else ""
            say(
                s,
                f"{p.name} fights with {v} and wins{note}.",
                seat,
                kind="fight",
                outcome="victory",
                wall=int(wall),
                **fight,
            )
            _reward(s, seat, enemy)
        elif v == enemy.strength:
            say(
                s,
                f"{p.name} fights with {v}: a draw, nothing is won or lost.",
                seat,
                kind="fight",
                outcome="draw",
                wall=0,
                **fight,
            )
        else:
            say(s, f"{p.name} fights with {v} and is defeated.", seat, kind="fight", outcome="defeat", wall=0, **fight)
            _penalty(s, seat, enemy)
    if won:
        best = max(values[seat] for seat in won)
        for seat in won:
            if values[seat] == best:
                score(s, seat, 1, "battle", "strongest victorious governor", bonus=1)


def _reinforcements(s: State) -> list[int]:
    """The soldiers the King sends to each seat: the King's die for everyone, unless a variant says otherwise."""
    for hook in s.rules.hooks["king_die"]:
        replaced: list[int] | None = hook(s)
        if replaced is not None:
            sent = replaced
            break
    else:
        king = roll(s)
        sent = [king] * s.n
        who = s.players[s.order[0]].name
        many = f"{king} soldier{'s' if king > 1 else ''}"
        say(s, f"{who} rolls the King's die: {king}. The King sends {many} to everyone.", kind="king", die=king)
    for hook in s.rules.hooks["reinforcements"]:
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
        say(s, f"{p.name} takes {goods_text(got)} from the spoils.", seat, kind="spoils", goods=tuple(got))
    if enemy.gain.get("vp"):
        score(s, seat, enemy.gain["vp"], "battle", f"victory over the {enemy.type}")
    if enemy.gain.get("any"):
        s.queue.append(Task(seat, "gain", enemy.gain["any"]))
    if p.built[FORTRESS]:
        score(s, seat, 1, "battle", "the Fortress")


def _penalty(s: State, seat: int, enemy: Enemy) -> None:
    p = s.players[seat]
    lost = []
    for g in GOODS:
        n = min(enemy.lose.get(g, 0), p.good(g))
        if n:
            p.add_good(g, -n)
            lost += [g] * n
    if lost:
        say(s, f"{p.name} loses {goods_text(lost)}.", seat, kind="loss", goods=tuple(lost))
    if enemy.lose.get("buildings"):
        for _ in range(enemy.lose["buildings"]):
            destroy(s, seat, enemy.type)
    if enemy.lose.get("vp"):
        score(s, seat, -enemy.lose["vp"], "battle", f"defeat by the {enemy.type}")
    task = lose_any(s, seat, enemy.lose.get("any", 0))
    if task:
        s.queue.append(task)


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
        say(s, f"{p.name} loses {goods_text(lost)}.", seat, kind="loss", goods=tuple(lost))
        return None
    return Task(seat, "lose", n)
