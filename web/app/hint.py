""" "What would the computer do?": the Normal computer's choice for the person at the screen, with its reason,
computed on that person's view (never on the game itself, so asking cannot change or reveal anything)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kingsburg import Action, Game, parse_action
from kingsburg.content import ADVISORS
from kingsburg.i18n import _

if TYPE_CHECKING:
    from kingsburg.bots import Advice


@dataclass(frozen=True)
class Hint:
    key: object  # the decision it answers (it goes when that decision is made)
    action: Action
    text: str


def top(view: Game) -> Advice | None:
    """The Normal computer's choice on ``view`` (a seat's view), with its margin over the next best."""
    from kingsburg.bots import advise  # loaded on the first question only

    return advise(view)


def ask(view: Game, key: object, words: Callable[[Action], str]) -> Hint | None:
    """The best action by the Normal computer's value model on ``view`` (a seat's view), and why, with
    ``words(action)`` naming each choice."""
    return explain(key, top(view), words)


def explain(key: object, advice: Advice | None, words: Callable[[Action], str]) -> Hint | None:
    """The hint for ``advice`` (from ``top``, here or in the worker). One sentence at every kind of decision:
    the bot's own margin over the next best choice, the one number a player can compare (the scores themselves
    are worths of whole positions, not of the choices)."""
    if advice is None:
        return None
    choice = words(advice.action)
    if advice.runner_up is None:
        said = _("The Normal computer would choose {choice}: the only choice.").format(choice=choice)
    elif f"{advice.margin:.1f}" == "0.0":  # what the sentence would round to nothing: a tie, said as one
        said = _("The Normal computer would choose {choice}: as good as the next best choice ({other}).").format(
            choice=choice, other=words(advice.runner_up)
        )
    else:
        said = _(
            "The Normal computer would choose {choice}: about {margin} VP better than the next best choice ({other})."
        ).format(choice=choice, margin=f"{advice.margin:.1f}", other=words(advice.runner_up))
    return Hint(key, advice.action, said)


def request(view_json: str) -> str:
    """What the worker is sent for a hint: the person's view (``Game.view_json``)."""
    return json.dumps({"kind": "hint", "view": view_json})


def answer(advice: Advice | None) -> str:
    """The worker's answer (web/app/thinker.py): the bot's advice as JSON, its margin as it computed it."""
    if advice is None:
        return json.dumps({"advice": None})
    runner_up = None if advice.runner_up is None else str(advice.runner_up)
    return json.dumps({"advice": {"action": str(advice.action), "margin": advice.margin, "runner_up": runner_up}})


def advice_of(text: str) -> Advice | None:
    """The worker's answer read back; ValueError when it is not the bot's advice."""
    from kingsburg.bots import Advice

    reply = json.loads(text)
    if not isinstance(reply, dict) or "advice" not in reply:
        raise ValueError(f"the worker's hint is not advice: {text[:200]!r}")
    a = reply["advice"]
    if a is None:
        return None
    if not (
        isinstance(a, dict)
        and isinstance(a.get("action"), str)
        and isinstance(a.get("margin"), int | float)
        and a["margin"] >= 0
        and (a.get("runner_up") is None or isinstance(a.get("runner_up"), str))
    ):
        raise ValueError(f"the worker's hint is not advice: {text[:200]!r}")
    runner_up = None if a.get("runner_up") is None else parse_action(a["runner_up"])
    return Advice(parse_action(a["action"]), float(a["margin"]), runner_up)


def plain(markup: str) -> str:
    """A button's label as words (the hint names the choice as its button says it): the HTML's text."""
    import html  # here, not at the top: its table of entities costs the page's start some 10 ms

    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def words(action: Action, label: str) -> str:
    """A choice in words (the hint's, the host API's): its button's text (``label``: panel.py's), or for a placement,
    which has no button of its own (the reader taps dice, then an advisor), the dice on the advisor."""
    if action.kind == "place":
        white = _("white {value}")
        dice = " + ".join([str(d) for d in action.dice] + [white.format(value=d) for d in action.white])
        extras = [n for n, on in ((_('the "+2" token'), action.token), (_("the Market"), action.market)) if on]
        using = " " + _("using {extras}").format(extras=_(" and ").join(extras)) if extras else ""
        if action.envoy:
            using += " " + _("with the King's Envoy")
        return _("{dice} on the {advisor} (#{number}){using}").format(
            dice=dice, advisor=_(ADVISORS[action.advisor - 1].name), number=action.advisor, using=using
        )
    return plain(label)


def describe(action: Action, label: str) -> str:
    """The choice as the hint names it: a button's words in quotes."""
    said = words(action, label)
    return said if action.kind == "place" else _("“{choice}”").format(choice=said)
