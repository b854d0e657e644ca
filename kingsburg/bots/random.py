"""The random player: a uniformly random legal action. The baseline, and the benchmark's player."""

from __future__ import annotations

import random

from .. import Action, Game
from .base import Immediate


class RandomBot:
    name = "random"
    searches = False

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Game) -> Action:
        return self._rng.choice(view.legal_actions())

    def start(self, view: Game) -> Immediate:
        return Immediate(self.choose, view)
