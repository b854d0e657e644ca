"""The game screen's events, mixed into ``App`` (controller.py): the dice and extras of a placement, a decision,
hand-overs, undo, the hint, the scenes between decisions, and the toolbar's toggles (rules, log, sound, speed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import kingsburg
from kingsburg import Action

from . import hint, scenes, sound, summary
from .lesson_view import LessonBoard
from .panel import label
from .session import SPEEDS, board_as
from .start_control import index_in
from .summary import Moment
from .winter import Winter

if TYPE_CHECKING:
    from .announce import Announcer
    from .board import Ctx
    from .selection import Selection
    from .session import Session
    from .storage import SaveStore
    from .summary import SeasonSummary
    from .update import Outbox


class GameControls:
    """Game-screen events of ``App``; they use its session, selection, scenes and messages."""

    store: SaveStore
    session: Session | None
    sel: Selection
    tab: int
    message: str
    error: bool
    confirm: str | None
    rules_open: bool
    sharing: bool
    log_open: bool
    results_open: bool
    generation: int
    dirty: bool
    thinking: int | None
    scenes: list[scenes.Scene]
    season: SeasonSummary | None
    season_at: int
    banner_decisions: int
    reduced_motion: bool
    hint: hint.Hint | None
    think_elsewhere: bool
    announcer: Announcer
    sound_on: bool
    _out: Outbox
    speed: str

    if TYPE_CHECKING:  # App's own methods

        def _can_play(self) -> bool: ...
        def _say(self, text: str, error: bool = False) -> None: ...
        def _lesson_move(self, board: LessonBoard, value: str) -> None: ...
        def context(self) -> Ctx: ...

    def _on_sound(self, value: str, seat: str) -> None:
        self.sound_on = not self.sound_on
        self.store.set_note(sound.KEY, "on" if self.sound_on else "off")  # refused: on for this tab only

    def _on_rules(self, value: str, seat: str) -> None:
        self.rules_open = True

    def _on_close_rules(self, value: str, seat: str) -> None:
        self.rules_open = False

    def _on_escape(self, value: str, seat: str) -> bool:
        if self.sharing:
            self.sharing = False
            return True
        if self.rules_open:
            self.rules_open = False
            return True
        if self.confirm:
            self.confirm = None
            return True
        return False

    def _on_log(self, value: str, seat: str) -> None:
        self.log_open = not self.log_open

    def _on_tab(self, value: str, seat: str) -> None:
        s = self.session
        i = index_in(value, len(s.names) if s else 0)
        if i is not None:
            self.tab = i

    def _on_results(self, value: str, seat: str) -> None:
        self.results_open = True

    def _on_hide_results(self, value: str, seat: str) -> None:
        self.results_open = False

    def _on_die(self, value: str, seat: str) -> None:
        if self._can_play() and len(value) >= 2 and value[0] in "cw" and value[1:].isdigit():
            self.sel.toggle_die(value[0], int(value[1:]))
            self.message = ""

    def _on_extra(self, value: str, seat: str) -> None:
        if self._can_play():
            self.sel.toggle(value)
            self.message = ""

    def _on_clear(self, value: str, seat: str) -> None:
        self.sel.reset(self.sel.key)

    def _on_act(self, value: str, seat: str) -> None:
        s = self.session
        if s is None:
            return
        if not self._can_play():
            self._say("It is not your turn to decide.", error=True)
            return
        lesson = board_as(s, LessonBoard)
        if lesson is not None:
            self._lesson_move(lesson, value)
            return
        try:
            action = s.game.parse(value)
        except kingsburg.KingsburgError as exc:
            self._say(f"That is not possible: {exc}.", error=True)
            return
        self._apply(action)

    def _apply(self, action: Action) -> None:
        s = self.session
        assert s is not None
        before = Moment.of(s.game)
        s.apply(action)
        self.generation += 1
        self.dirty = True
        self.message = ""
        self.error = False
        self.season = None  # a person decided: the last season's banner has been seen
        self._after_move(before)

    def _on_reveal(self, value: str, seat: str) -> None:
        if self.session is not None and self.session.handover is not None:
            self.session.reveal()
            self.generation += 1
            self.dirty = True

    def _on_hint(self, value: str, seat: str) -> None:
        """Ask the Normal computer what it would do, on the person's own view; the game is not touched."""
        s = self.session
        if s is None or not self._can_play():
            return
        to_play = s.game.to_play
        assert to_play is not None  # _can_play: a person is to play
        if self.think_elsewhere:  # the worker answers (web/page.py sends the request, then hint_answer)
            self._out.hint_request = (self.generation, hint.request(s.game.view_json(to_play)))
            return
        key = (len(s.game.actions), to_play)
        view = s.game.view(to_play)
        ctx = self.context()
        self.hint = hint.ask(view, key, lambda a: hint.describe(a, label(a, ctx)))
        if self.hint is not None:
            self._say(self.hint.text)

    def hint_answer(self, generation: int, text: str) -> bool:
        """Show the worker's answer to a hint asked at ``generation`` (dropped if the game moved on since).
        Raises ValueError when the answer is not the bot's advice on legal actions."""
        s = self.session
        if s is None or generation != self.generation or not self._can_play():
            return False
        advice = hint.advice_of(text)
        legal = s.game.legal_actions()
        if advice is not None and any(a is not None and a not in legal for a in (advice.action, advice.runner_up)):
            raise ValueError(f"the worker's hint names an action that is not legal: {text[:200]!r}")
        ctx = self.context()
        key = (len(s.game.actions), s.game.to_play)
        self.hint = hint.explain(key, advice, lambda a: hint.describe(a, label(a, ctx)))
        if self.hint is not None:
            self._say(self.hint.text)
        return True

    def _on_handovers(self, value: str, seat: str) -> None:
        if self.session is not None and value in ("on", "off"):
            self.session.set_handovers(value == "on")
            self.generation += 1
            self.dirty = True

    def _on_undo(self, value: str, seat: str) -> None:
        s = self.session
        if s is None:
            return
        problem = s.undo()
        if problem:
            self._say(problem, error=True)
            return
        self.generation += 1
        self.dirty = True
        self.thinking = None
        self.hint = None  # it answered a decision now taken back, even where the same decision comes again
        self.announcer.restart()
        self._say("Your last decision was taken back.")

    def _on_skip(self, value: str, seat: str) -> None:
        if self.session is not None and self.session.computer_to_play:
            self.session.skipping = True

    def _on_speed(self, value: str, seat: str) -> None:
        if value in SPEEDS:
            self.speed = value
            if self.session is not None:
                self.session.speed = value
                self.dirty = True

    def _after_move(self, before: Moment) -> None:
        """Say the decisions the engine took for a person; queue the scenes what just happened calls for: a
        battle fought, a year or a season ended."""
        s = self.session
        assert s is not None  # a move was made in a game
        game = s.game
        forced = [e.text for e in game.events[before.events :] if e.kind == "forced" and s.is_human(e.seat)]
        if forced and not game.is_over():  # at the end there is no decision left for them to explain
            self._say(" ".join(forced))
        if self.sound_on and not self.reduced_motion:
            self._out.sounds += sound.after(game, before)
        new, season, year_ended = scenes.after(game, before, self.reduced_motion or self.speed == "instant")
        self.scenes += new
        if year_ended or len(game.actions) - self.season_at >= self.banner_decisions:
            self.season = None
        if season is not None:
            self.season = summary.season_summary(game, *season)
            self.season_at = len(game.actions)
        self._keep_scenes()

    def _keep_scenes(self) -> None:
        """Save the scenes still to be seen with the game."""
        if self.session is not None:
            self.session.scenes = scenes.saved(self.scenes)

    def _on_scene_next(self, value: str, seat: str) -> None:
        """Continue: a battle still being told is first shown whole (a player who presses it mid-battle wants
        the end of the story, not to skip it); a complete scene gives way to the next."""
        if self.scenes and isinstance(self.scenes[0], Winter) and not self.scenes[0].complete:
            self.scenes[0].step = self.scenes[0].last
        elif self.scenes:
            self.scenes.pop(0)
            self._keep_scenes()
            self.dirty = True

    def _on_season_close(self, value: str, seat: str) -> None:
        self.season = None
