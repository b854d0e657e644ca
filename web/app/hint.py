""" "What would the computer do?": the Normal computer's choice for the person at the screen, with its reason,
computed on that person's view (never on the game itself, so asking cannot change or reveal anything)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass

from kingsburg import Action, Game
from kingsburg.content import ADVISORS


@dataclass(frozen=True)
class Hint:
    key: object  # the decision it answers (it goes when that decision is made)
    action: Action
    text: str


def ask(view: Game, key: object, words: Callable[[Action], str]) -> Hint | None:
    """The best action by the Normal computer's value model on ``view`` (a seat's view), and why, with
    ``words(action)`` naming each choice."""
    from kingsburg.bots.normal import rank  # loaded on the first question only

    ranked = rank(view)
    if not ranked:
        return None
    best, action = ranked[0]
    why = f"worth about {best:.1f} VP to you"
    if len(ranked) > 1:
        second, other = ranked[1]
        gap = best - second
        why += f", {gap:.1f} more than {words(other)}" if gap >= 0.05 else f", as much as {words(other)}"
    return Hint(key, action, f"The Normal computer would choose {words(action)}: {why}.")


def plain(markup: str) -> str:
    """A button's label as words (the hint names the choice as its button says it): the HTML's text."""
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def describe(action: Action, label: str) -> str:
    if action.kind == "place":
        dice = " + ".join([str(d) for d in action.dice] + [f"white {d}" for d in action.white])
        extras = [n for n, on in (('the "+2" token', action.token), ("the Market", action.market)) if on]
        using = f" using {' and '.join(extras)}" if extras else ""
        if action.envoy:
            using += " with the King's Envoy"
        return f"{dice} on the {ADVISORS[action.advisor - 1].name} (#{action.advisor}){using}"
    return f"“{plain(label)}”"
