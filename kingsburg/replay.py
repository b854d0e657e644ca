"""Step-through replay of a game: the position after every decision, where seasons and years begin, and which log
lines each decision wrote (docs/api.md, "Replay").

The game is replayed once, keeping a copy of the game (without its log) after every decision and the length of the
log then; a step's game is that copy with the log cut to its length. Stepping, jumping by season or year and
opening any step never replay the game again, and nothing here changes the game or save it was made from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .errors import HiddenInformation, KingsburgError
from .game import Game
from .i18n import _
from .save import load_game, replay
from .state import Event


@dataclass(frozen=True, slots=True)
class Step:
    """One moment of the replay: step 0 is the start, step k the position right after decision k."""

    index: int
    action: str | None  # decision k in notation (None for the start)
    seat: int | None  # who made it (None for the start)
    year: int  # where the game stands at this step: the year, and the phase (0 once the game is over)
    phase: int
    events: range  # indices into the full log (``Replay.events``) of the lines decision k wrote


class Replay:
    """Every position of a game, decision by decision. Built from a full ``Game`` (not a per-seat view, which
    cannot know the hidden start) or from save text or a dict (read like ``load_game``; raises InvalidSave)."""

    def __init__(self, source: Game | str | bytes | dict[str, Any]) -> None:
        if isinstance(source, Game):
            if source.seat is not None:
                raise HiddenInformation(_("a per-seat view has no history to replay: replay the full game"))
            game = source
        elif isinstance(source, str | bytes | dict):
            game = load_game(source)
        else:
            said = _("a replay is made from a Game or a save, not {type}")
            raise KingsburgError(said.format(type=type(source).__name__))
        data = json.loads(game.to_json())
        keys = ("players", "seed", "options", "rules")  # what save.replay rebuilds a game from (save-format.md)
        start = {"position": data["start"]} if "start" in data else {k: data[k] for k in keys if k in data}
        g = replay(start, [])
        self._games: list[Game] = [g.clone(log=False)]
        ends = [len(g.events)]
        steps = [Step(0, None, None, g.year, g.phase, range(0, ends[0]))]
        for k, text in enumerate(data["actions"], 1):
            seat = g.to_play
            g.apply(text)  # replays exactly: the same start and decisions give the same game (game.py)
            self._games.append(g.clone(log=False))
            ends.append(len(g.events))
            steps.append(Step(k, text, seat, g.year, g.phase, range(ends[-2], ends[-1])))
        self._events = g.events
        self._ends = ends
        self.steps: tuple[Step, ...] = tuple(steps)
        # The first step of every season (a phase of the calendar with a decision in it) and of every year.
        self.season_starts: tuple[int, ...] = tuple(
            s.index
            for s in steps
            if s.index == 0 or (s.year, s.phase) != (steps[s.index - 1].year, steps[s.index - 1].phase)
        )
        self.year_starts: tuple[int, ...] = tuple(
            s.index for s in steps if s.index == 0 or (s.year != steps[s.index - 1].year and s.phase != 0)
        )

    @property
    def last(self) -> int:
        """The last step: the number of decisions in the game."""
        return len(self.steps) - 1

    @property
    def events(self) -> list[Event]:
        """The whole game's log (secret lines included): ``Step.events`` index it."""
        return list(self._events)

    def _check(self, step: object) -> int:
        if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= self.last:
            said = _("no step {step!r}: the steps are 0 (the start) to {last}")
            raise KingsburgError(said.format(step=step, last=self.last))
        return step

    def game(self, step: int) -> Game:
        """The full game at ``step``, independent of the replay: it can be played on (as a new game: its save
        holds the decisions up to ``step``), and undo works as it did at that moment."""
        g = self._games[self._check(step)].clone()
        g.state.log = self._events[: self._ends[step]]  # the copy kept no log: give it the lines written by then
        return g

    def view(self, step: int, seat: int | None) -> Game:
        """What ``seat`` knew at ``step`` (``Game.view``). ``seat`` None: what every seat knew, no seat's secret
        (enemy cards face down until the battle, nobody's secret log lines): a hotseat table's shared view."""
        game = self.game(step)
        return game.view(0, public=True) if seat is None else game.view(seat)

    def step_of_event(self, index: int) -> int:
        """The step whose decision wrote log line ``index`` (of ``events``): the board at that moment."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(self._events):
            said = _("no log line {index!r}: the lines are 0 to {last}")
            raise KingsburgError(said.format(index=index, last=len(self._events) - 1))
        return next(s.index for s in self.steps if index < self._ends[s.index])

    def next_season(self, step: int) -> int:
        """The first step of the next season (the last step when there is none)."""
        return _after(self.season_starts, self._check(step), self.last)

    def previous_season(self, step: int) -> int:
        """The first step of this season, or of the one before when ``step`` is its first."""
        return _before(self.season_starts, self._check(step))

    def next_year(self, step: int) -> int:
        return _after(self.year_starts, self._check(step), self.last)

    def previous_year(self, step: int) -> int:
        return _before(self.year_starts, self._check(step))

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        return f"<Replay of {self.last} decisions, {len(self.year_starts)} years>"


def _after(starts: tuple[int, ...], step: int, last: int) -> int:
    return next((s for s in starts if s > step), last)


def _before(starts: tuple[int, ...], step: int) -> int:
    return max((s for s in starts if s < step), default=0)
