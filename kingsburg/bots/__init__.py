"""Computer opponents. Each bot sees only ``game.view(seat)`` and uses the public API.

A bot follows the ``Bot`` protocol (base.py): ``choose(view) -> Action``, or ``start(view)`` for a ``Decision``
worked out in slices; ``BOTS[name](seed=..., **options)`` makes one.

- random: a uniformly random legal action (the baseline).
- easy: the Normal heuristic with noise and occasional slips (normal.py).
- normal: a heuristic player that prices every choice in VP equivalents (value.py, normal.py).
- hard: information-set Monte Carlo search with Normal playouts (hard.py); see docs/bots.md.
"""

from collections.abc import Callable

from .base import Bot, Decision, Immediate
from .hard import HardBot, Search
from .normal import Advice, EasyBot, NormalBot, advise
from .random import RandomBot

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot, "hard": HardBot}

__all__ = [
    "BOTS",
    "Advice",
    "Bot",
    "Decision",
    "EasyBot",
    "HardBot",
    "Immediate",
    "NormalBot",
    "RandomBot",
    "Search",
    "advise",
]
