"""The Hard bot: information-set Monte Carlo search over the Normal bot's best candidates.

One decision:

1. The Normal ranking (``normal.rank``) proposes candidates: its top ``width`` actions, dropping those it
   scores more than ``gap`` below its favourite. One candidate left means the decision is trivial and is
   answered at once.
2. Each *round* draws one determinization of the view (``view.determinize``: the enemy cards the bot cannot
   know are drawn from their year's stack, the dice to come from a fresh generator) and plays every
   candidate in it with the same dice (common random numbers: the candidates are compared on the same luck,
   which removes most of the noise of a dice game from the comparison).
3. A playout lets every seat follow the Normal policy on the determinized game (each seat using only the
   enemy card it may know) until the horizon: by default the end of the current year, through its battle
   ("season": the end of the current season; "game": the end of the game). There the position is scored by
   ``evaluate``: the bot's value minus the best opponent's (``value.Profile``), squashed to a 0-1 "chance to
   be ahead"; at the end of the game, the share of the victory. (Measured against Normal in 2 players, the
   year horizon at 100 playouts won 90% of 100 games, the season horizon 72% at 200 and 70% at 400.)
4. Successive halving: after every ``halving`` rounds the worse half of the candidates (by mean score) is
   dropped, so the budget goes to the close calls.
5. The answer is the candidate with the best mean; ties go to the Normal ranking.

The budget is a number of playouts (``iterations``: the same seed and iterations always give the same
decision) or, if ``ms`` is given, a time limit (then the result depends on the machine's speed).

For the browser, ``start(view)`` returns a ``Search`` that runs in slices: ``step(n)`` does at most ``n``
playouts and returns, ``done`` says the budget is spent, ``best()`` is the answer so far. ``choose`` is
``start`` + ``step`` until done + ``best``.
"""

from __future__ import annotations

import math
import time

from .. import Action, Game, next64
from .base import decision_seed
from .normal import NormalBot, rank
from .value import Profile, clock

HORIZONS = ("season", "year", "game")
DEFAULT_ITERATIONS = 100
"""Playouts per decision at the default level; chosen so that one decision takes at most about 1 s in Pyodide
(see docs/bots.md for the measurements)."""


def evaluate(game: Game, seat: int) -> float:
    """How good the position is for ``seat``, from 0 to 1. At the end of the game: the seat's share of the
    victory (1, 1/2 for a shared one, 0). Before: a logistic of the seat's value minus the best opponent's,
    flatter when more of the game remains (more can still change)."""
    s = game.state
    if game.is_over():
        winners = game.winners()
        return 1 / len(winners) if seat in winners else 0.0
    values = [Profile(s, i, game.known_enemy(i)).current() for i in range(s.n)]
    mine = values[seat]
    best_other = max(v for i, v in enumerate(values) if i != seat)
    scale = 2.0 + 0.4 * clock(s).starts
    return 1 / (1 + math.exp(-(mine - best_other) / scale))


class HardBot:
    """Search. ``iterations``: playouts per decision; ``ms``: a time budget instead; ``width``: most
    candidates searched; ``gap``: candidates scored this much (VP) below Normal's favourite are not searched;
    ``horizon``: "season", "year" or "game" (see the module docstring); ``halving``: rounds between
    eliminations."""

    name = "hard"
    searches = True

    def __init__(
        self,
        seed: int = 0,
        iterations: int = DEFAULT_ITERATIONS,
        ms: float | None = None,
        width: int = 6,
        gap: float = 4.0,
        horizon: str = "year",
        halving: int = 8,
    ) -> None:
        if horizon not in HORIZONS:
            raise ValueError(f"horizon must be one of {', '.join(HORIZONS)}, not {horizon!r}")
        self.seed = seed
        self.iterations = iterations
        self.ms = ms
        self.width = width
        self.gap = gap
        self.horizon = horizon
        self.halving = halving
        self.policy = NormalBot()

    def start(self, view: Game) -> Search:
        """A search for the decision pending in ``view`` (a per-seat view), ready to be stepped."""
        return Search(self, view)

    def choose(self, view: Game) -> Action:
        search = self.start(view)
        while not search.done:
            search.step(16)
        return search.best()


class Search:
    """One decision's search, run in slices (see the module docstring)."""

    def __init__(self, bot: HardBot, view: Game) -> None:
        seat = view.to_play
        if seat is None:
            raise ValueError("the game is over: there is no decision to search")
        self.bot = bot
        self.view = view
        self.seat = seat
        ranked = rank(view)
        top = ranked[0][0]
        self.candidates = [a for v, a in ranked[: bot.width] if v >= top - bot.gap]
        n = len(self.candidates)
        self.totals = [0.0] * n
        self.counts = [0] * n
        self.alive = list(range(n))  # candidates still searched, in Normal's order
        self.iterations = 0  # playouts done
        self.rounds = 0
        self._round_game: Game | None = None
        self._pending: list[int] = []  # candidates still to play in the current round
        # Reproducible, and it cannot leak what the view hides (decision_seed).
        self._state = (decision_seed(bot.seed, view) + seat) & ((1 << 64) - 1)
        self.elapsed = 0.0  # seconds spent inside step(): a time budget ignores the pauses between slices
        self._slice_start: float | None = None

    @property
    def done(self) -> bool:
        if len(self.alive) <= 1:
            return True
        if self.bot.ms is not None:
            return self._spent() * 1000 >= self.bot.ms
        return self.iterations >= self.bot.iterations

    @property
    def progress(self) -> float:
        """How much of the budget is spent, 0 to 1 (for a progress bar)."""
        if self.done:
            return 1.0
        if self.bot.ms is not None:
            return min(1.0, self._spent() * 1000 / self.bot.ms)
        return min(1.0, self.iterations / max(1, self.bot.iterations))

    def step(self, iterations: int = 16) -> None:
        """Run at most ``iterations`` playouts (fewer if the budget runs out first)."""
        self._slice_start = time.perf_counter()
        try:
            self._step(iterations)
        finally:
            self.elapsed += time.perf_counter() - self._slice_start
            self._slice_start = None

    def _step(self, iterations: int) -> None:
        for _ in range(iterations):
            if self.done:
                return
            if not self._pending:
                self._new_round()
            k = self._pending.pop(0)
            self.totals[k] += self._playout(self.candidates[k])
            self.counts[k] += 1
            self.iterations += 1
            if not self._pending:
                self.rounds += 1
                if self.rounds % self.bot.halving == 0 and len(self.alive) > 2:
                    self._halve()

    def best(self) -> Action:
        """The best candidate so far (Normal's favourite before any playout)."""
        return self.candidates[max(self.alive, key=lambda k: (self._mean(k), -k))]

    def means(self) -> list[tuple[Action, float, int]]:
        """(candidate, mean score, playouts) for every candidate, in Normal's order: for display and tests."""
        return [(a, self._mean(k), self.counts[k]) for k, a in enumerate(self.candidates)]

    # --- Internals ----------------------------------------------------------------------------------------

    def _spent(self) -> float:
        if self._slice_start is None:
            return self.elapsed
        return self.elapsed + time.perf_counter() - self._slice_start

    def _mean(self, k: int) -> float:
        return self.totals[k] / self.counts[k] if self.counts[k] else -1.0

    def _new_round(self) -> None:
        value, self._state = next64(self._state)
        self._round_game = self.view.determinize(value)
        self._pending = list(self.alive)

    def _halve(self) -> None:
        keep = max(2, (len(self.alive) + 1) // 2)
        ranked = sorted(self.alive, key=lambda k: (-self._mean(k), k))
        self.alive = sorted(ranked[:keep])

    def _playout(self, action: Action) -> float:
        game = self._round_game.clone(log=False)  # type: ignore[union-attr]
        policy = self.bot.policy
        horizon = self.bot.horizon
        year, phase = game.year, game.phase  # before the action, which may itself end the phase or the year
        if horizon != "season" or phase >= 7:
            phase = 9  # play through the battle: from Phase 7 on, the season's end is the year's end
        game.apply(action)
        while game.to_play is not None:
            if horizon != "game" and (game.year != year or game.phase > phase):
                break
            game.apply(policy.choose(game))
        return evaluate(game, self.seat)
