"""The random player: a uniformly random legal action. The baseline, and the benchmark's player."""

from __future__ import annotations

from .. import Action, Game
from .base import Immediate, decision_rng


class RandomBot:
    name = "random"
    searches = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: Game) -> Action:
        return decision_rng(self.seed, view).choice(view.legal_actions())

    def start(self, view: Game) -> Immediate:
        return Immediate(self.choose, view)
