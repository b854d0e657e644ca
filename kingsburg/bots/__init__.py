"""Computer opponents. Each bot sees only ``game.view(seat)`` and uses the public API.

A bot is any object with ``choose(view) -> Action``.
"""

from .random import RandomBot

BOTS = {"random": RandomBot}

__all__ = ["BOTS", "RandomBot"]
