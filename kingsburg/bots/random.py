"""The random player: a uniformly random legal action. The baseline, and the benchmark's player."""

from __future__ import annotations

import random

from ..actions import Action
from ..game import Game


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: Game) -> Action:
        return self._rng.choice(view.legal_actions())
