""" "What would the computer do?": the Normal computer's choice for the person at the screen, with its reason,
computed on that person's view (never on the game itself, so asking cannot change or reveal anything)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass

from kingsburg import Action, Game, parse_action
from kingsburg.content import ADVISORS


@dataclass(frozen=True)
class Hint:
    key: object  # the decision it answers (it goes when that decision is made)
    action: Action
    text: str


def top(view: Game) -> list[tuple[float, Action]]:
    """The Normal computer's two best actions on ``view`` (a seat's view), with their scores."""
    from kingsburg.bots.normal import rank  # loaded on the first question only

    return rank(view)[:2]


def ask(view: Game, key: object, words: Callable[[Action], str]) -> Hint | None:
    """The best action by the Normal computer's value model on ``view`` (a seat's view), and why, with
    ``words(action)`` naming each choice."""
    return explain(key, top(view), words)


def explain(key: object, ranked: list[tuple[float, Action]], words: Callable[[Action], str]) -> Hint | None:
    """The hint for ``ranked``, the two best actions (from ``top``, here or in the worker)."""
    if not ranked:
        return None
    best, action = ranked[0]
    why = f"worth about {best:.1f} VP to you"
    if len(ranked) > 1:
        second, other = ranked[1]
        gap = best - second
        why += f", {gap:.1f} more than {words(other)}" if gap >= 0.05 else f", as much as {words(other)}"
    return Hint(key, action, f"The Normal computer would choose {words(action)}: {why}.")


def request(view_json: str) -> str:
    """What the worker is sent for a hint: the person's view (``Game.view_json``)."""
    return json.dumps({"kind": "hint", "view": view_json})


def ranking(text: str) -> list[tuple[float, Action]]:
    """The worker's answer (web/app/thinker.py) read back; ValueError when it is not a ranking."""
    reply = json.loads(text)
    ranked = reply.get("ranked") if isinstance(reply, dict) else None
    if not isinstance(ranked, list) or not all(
        isinstance(r, list) and len(r) == 2 and isinstance(r[0], int | float) and isinstance(r[1], str) for r in ranked
    ):
        raise ValueError(f"the worker's hint is not a ranking: {text[:200]!r}")
    return [(float(score), parse_action(action)) for score, action in ranked]


def plain(markup: str) -> str:
    """A button's label as words (the hint names the choice as its button says it): the HTML's text."""
    import html  # here, not at the top: its table of entities costs the page's start some 10 ms

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
