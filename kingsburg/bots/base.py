"""What every computer player is: the ``Bot`` protocol, and the ``Decision`` its ``start`` returns.

A page or a tournament drives any bot the same way: ``bot.choose(view)`` at once, or ``bot.start(view)`` and then
``step`` until ``done`` and ``best()``, so a search can run in slices between frames. Bots that do not search
return an ``Immediate`` decision (done from the start).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from .. import Action, Game


class Decision(Protocol):
    """One decision being worked out in slices."""

    @property
    def done(self) -> bool: ...

    @property
    def progress(self) -> float:
        """How much of the budget is spent, 0 to 1."""
        ...

    def step(self, iterations: int = 16) -> None:
        """Work a little more (for a search: at most ``iterations`` playouts)."""
        ...

    def best(self) -> Action:
        """The answer so far (valid at any time)."""
        ...


class Bot(Protocol):
    """A computer player. It is only ever given its own seat's view (``game.view(seat)``)."""

    name: str
    # Whether its decisions take a search (worth waiting for another thread) or come at once.
    searches: bool

    def choose(self, view: Game) -> Action: ...

    def start(self, view: Game) -> Decision: ...


class Immediate:
    """The Decision of a bot that decides without searching: done at once, worked out when first asked."""

    done = True
    progress = 1.0

    def __init__(self, choose: Callable[[Game], Action], view: Game) -> None:
        self._choose = choose
        self._view = view
        self._action: Action | None = None

    def step(self, iterations: int = 16) -> None:
        """Nothing to search."""

    def best(self) -> Action:
        if self._action is None:
            self._action = self._choose(self._view)
        return self._action


__all__ = ["Bot", "Decision", "Immediate"]


def decision_seed(seed: int, view: Game) -> int:
    """The seed of one decision, from the bot's seed and the position (how many decisions the game has seen),
    never from the hidden cards: a seeded game takes the same decisions wherever and whenever they are thought
    (the page's thread or its worker, before or after a reload). A generator kept from decision to decision made
    them depend on which thread had thought the earlier ones, so on the machine's speed."""
    return (seed * 0x9E3779B1 + len(view.actions) * 0x85EBCA77) & ((1 << 64) - 1)


def decision_rng(seed: int, view: Game) -> random.Random:
    """The generator of one decision of Easy or Random (``decision_seed``)."""
    return random.Random(decision_seed(seed, view))
