"""The game screen (controller.py's ``App.game_screen``): the board on screen, whatever its kind (a game, a lesson's,
a replay's or a shared position: ``App.session``), what the screen keeps about it (the dice selected, the sheet
shown, the panel's message, the scenes, the season's banner, the hint) and the game's events: the dice and extras
of a placement, a decision, hand-overs, undo, the hint, the scenes between decisions, and the toolbar (rules, log,
sound, speed, export)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import kingsburg
from kingsburg import Action
from kingsburg.events import sentence
from kingsburg.i18n import _

from . import board, hint, scenes, screens, sound, summary
from .board import Fresh
from .lesson_view import LessonBoard
from .panel import label
from .selection import Selection
from .session import SPEEDS, Session, board_as
from .start_control import index_in
from .storage import StoreError, file_name
from .summary import Moment, SeasonSummary
from .winter import Winter

if TYPE_CHECKING:
    from .controller import App

BANNER_DECISIONS = 3
"""Decisions (of anyone) the season's banner stays up for, unless a person decides first."""


class GameScreen:
    """The board on screen and the game's events; ``enter`` starts it afresh for another board."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.sel = Selection()
        self.tab = 0
        self._tab_key: object = None
        self._point_key: object = None
        self.message = ""  # the decision panel's message
        # The decision it was said at (the number of decisions made then): it goes when the next one is made.
        self.message_at: int | None = None
        self.error = False
        self.results_open = True
        self._snap: dict[str, object] | None = None
        self._snap_key: object = None
        self.fresh = Fresh()
        self.log_memo = screens.LogMemo()  # the log's lines as drawn: a redraw draws only the new ones
        # Scenes between decisions, shown in turn over the board: the winter battle, then the year's summary.
        self.scenes: list[scenes.Scene] = []
        self.season: SeasonSummary | None = None  # what the advisors gave in the season that just ended
        self.season_at = 0  # the decision the season's banner came with
        # The banner leaves by itself: at a person's next decision, or after this many decisions of anyone (the
        # page may set it; computers at the table keep it up for about a round).
        self.banner_decisions = BANNER_DECISIONS
        self.hint: hint.Hint | None = None  # the computer's suggestion for the decision now, when asked

    def enter(self, session: Session) -> None:
        """Another board comes on screen (the App has made it ``App.session``)."""
        self.scenes = scenes.restore(session.game, session.scenes)
        self.season = None
        self.sel.reset()
        self.message = ""
        self.message_at = None
        self.error = False
        self.results_open = True
        self._snap = None
        self._snap_key = None
        viewer = session.viewer
        self.tab = viewer if viewer is not None else (session.to_play or 0)
        self._tab_key = None

    @property
    def scene(self) -> scenes.Scene | None:
        """The scene shown over the board (None: none)."""
        return self.scenes[0] if self.scenes else None

    def scene_step(self) -> bool:
        """Show the next stage of the scene on top (False when it is complete)."""
        return bool(self.scenes) and isinstance(self.scenes[0], Winter) and self.scenes[0].advance()

    def can_play(self) -> bool:
        s = self.app.session
        return self.app.mode == "game" and s is not None and s.my_turn and not self.scenes

    def say(self, text: str, error: bool = False) -> None:
        """Say ``text`` in the panel, about the decision waiting now (``panel_message`` drops it after)."""
        s = self.app.session
        self.message = text
        self.error = error
        self.message_at = len(s.game.actions) if s is not None else None

    def panel_message(self) -> str:
        """The panel's message, only at the decision it was said at: a message tells of that decision ("Nothing
        Ann can afford..." means nothing at the next season's reroll), so any decision made since, whoever's,
        ends it."""
        s = self.app.session
        if self.message_at is not None and s is not None and len(s.game.actions) != self.message_at:
            return ""
        return self.message

    def catch_up(self) -> None:
        """After every event: what the screen keeps about the position follows it. The dice selection belongs
        to one decision; the sheet tab turns to the deciding person once per decision (and to the sheet a lesson
        step points at, once); the board's marks of what just changed compare with the last snapshot. Drawing
        (views.py) only reads all this."""
        s = self.app.session
        if self.app.mode != "game" or s is None:
            return
        game = s.game
        key = (len(game.actions), game.to_play)
        p = game.state.players[game.to_play] if game.to_play is not None else None
        self.sel.follow(key, p.dice if p is not None else [], p.white if p is not None else [])
        if s.my_turn and game.to_play is not None and key != self._tab_key:
            self._tab_key = key
            self.tab = game.to_play
        if s.lesson_step is not None and (id(s), s.lesson_step) != self._point_key:
            self._point_key = (id(s), s.lesson_step)  # a new step shows the sheet it points at, once
            seat = s.sheet_seat()
            self.tab = self.tab if seat is None else seat
        if key != self._snap_key:
            snap = board.snapshot(game)
            self.fresh = board.changes(self._snap, snap)
            self._snap, self._snap_key = snap, key

    def on_sound(self, value: str, seat: str) -> None:
        self.app.sound_on = not self.app.sound_on
        self.app.store.set_note(sound.KEY, "on" if self.app.sound_on else "off")  # refused: on for this tab only

    def on_export_current(self, value: str, seat: str) -> None:
        s = self.app.session
        if s is None:
            return
        if s.save_id and not s.readonly:
            self.app.save_now()
            try:
                self.app.out.download = self.app.store.export(s.save_id)
                return
            except StoreError:
                pass  # not stored (storage missing or full): export straight from the game
        data = json.loads(s.game.to_json())
        data["app"] = s.app_data()
        self.app.out.download = (file_name(s.names, self.app.now()), json.dumps(data))

    def on_rules(self, value: str, seat: str) -> None:
        self.app.rules_open = True

    def on_close_rules(self, value: str, seat: str) -> None:
        self.app.rules_open = False

    def on_escape(self, value: str, seat: str) -> bool:
        """Close what is open on top (the Share dialog, the rules, the list of lessons, a deletion to confirm), one at
        a time."""
        if self.app.share_dialog.close():
            return True
        if self.app.lesson_screen.close_list():
            return True
        if self.app.rules_open:
            self.app.rules_open = False
            return True
        return self.app.start_screen.cancel()

    def on_log(self, value: str, seat: str) -> None:
        self.app.log_open = not self.app.log_open

    def on_tab(self, value: str, seat: str) -> None:
        s = self.app.session
        i = index_in(value, len(s.names) if s else 0)
        if i is not None:
            self.tab = i

    def on_results(self, value: str, seat: str) -> None:
        self.results_open = True

    def on_hide_results(self, value: str, seat: str) -> None:
        self.results_open = False

    def on_die(self, value: str, seat: str) -> None:
        if self.can_play() and len(value) >= 2 and value[0] in "cw" and value[1:].isdigit():
            self.sel.toggle_die(value[0], int(value[1:]))
            self.message = ""

    def on_extra(self, value: str, seat: str) -> None:
        if self.can_play():
            self.sel.toggle(value)
            self.message = ""

    def on_clear(self, value: str, seat: str) -> None:
        self.sel.reset(self.sel.key)

    def on_act(self, value: str, seat: str) -> None:
        s = self.app.session
        if s is None:
            return
        if not self.can_play():
            self.say(_("It is not your turn to decide."), error=True)
            return
        lesson = board_as(s, LessonBoard)
        if lesson is not None:
            self.app.lesson_screen.move(lesson, value)
            return
        try:
            action = s.game.parse(value)
        except kingsburg.KingsburgError as exc:
            self.say(_("That is not possible: {reason}.").format(reason=exc), error=True)
            return
        self.apply(action)

    def apply(self, action: Action) -> None:
        s = self.app.session
        assert s is not None
        before = Moment.of(s.game)
        s.apply(action)
        self.app.generation += 1
        self.app.dirty = True
        self.message = ""
        self.error = False
        self.season = None  # a person decided: the last season's banner has been seen
        self.after_move(before)

    def on_reveal(self, value: str, seat: str) -> None:
        if self.app.session is not None and self.app.session.handover is not None:
            self.app.session.reveal()
            self.app.generation += 1
            self.app.dirty = True

    def on_hint(self, value: str, seat: str) -> None:
        """Ask the Normal computer what it would do, on the person's own view; the game is not touched. In the
        worker when it is ready, unless ``value`` is "here" (the page asks again after the worker failed)."""
        s = self.app.session
        if s is None or not self.can_play():
            return
        to_play = s.game.to_play
        assert to_play is not None  # _can_play: a person is to play
        if value != "here" and self.app.worker_ready():  # the page sends the request, then calls hint_answer
            self.app.out.hint_request = (self.app.generation, hint.request(s.game.view_json(to_play)))
            return
        key = (len(s.game.actions), to_play)
        view = s.game.view(to_play)
        ctx = self.app.context()
        self.hint = hint.ask(view, key, lambda a: hint.describe(a, label(a, ctx)))
        if self.hint is not None:
            self.say(self.hint.text)

    def hint_answer(self, generation: int, text: str) -> bool:
        """Show the worker's answer to a hint asked at ``generation`` (dropped if the game moved on since).
        Raises ValueError when the answer is not the bot's advice on legal actions."""
        s = self.app.session
        if s is None or generation != self.app.generation or not self.can_play():
            return False
        advice = hint.advice_of(text)
        legal = s.game.legal_actions()
        if advice is not None and any(a is not None and a not in legal for a in (advice.action, advice.runner_up)):
            raise ValueError(f"the worker's hint names an action that is not legal: {text[:200]!r}")
        ctx = self.app.context()
        key = (len(s.game.actions), s.game.to_play)
        self.hint = hint.explain(key, advice, lambda a: hint.describe(a, label(a, ctx)))
        if self.hint is not None:
            self.say(self.hint.text)
        return True

    def on_handovers(self, value: str, seat: str) -> None:
        if self.app.session is not None and value in ("on", "off"):
            self.app.session.set_handovers(value == "on")
            self.app.generation += 1
            self.app.dirty = True

    def on_undo(self, value: str, seat: str) -> None:
        s = self.app.session
        if s is None:
            return
        problem = s.undo()
        if problem:
            self.say(problem, error=True)
            return
        self.app.generation += 1
        self.app.dirty = True
        self.app.thinking = None
        self.hint = None  # it answered a decision now taken back, even where the same decision comes again
        self.app.announcer.restart()
        self.say(_("Your last decision was taken back."))

    def on_skip(self, value: str, seat: str) -> None:
        if self.app.session is not None and self.app.session.computer_to_play:
            self.app.session.skipping = True

    def on_speed(self, value: str, seat: str) -> None:
        if value in SPEEDS:
            self.app.speed = value
            if self.app.session is not None:
                self.app.session.speed = value
                self.app.dirty = True

    def after_move(self, before: Moment) -> None:
        """Say the decisions the engine took for a person; queue the scenes what just happened calls for: a
        battle fought, a year or a season ended."""
        s = self.app.session
        assert s is not None  # a move was made in a game
        game = s.game
        forced = [
            sentence(e, game.players) for e in game.events[before.events :] if e.kind == "forced" and s.is_human(e.seat)
        ]
        if forced and not game.is_over():  # at the end there is no decision left for them to explain
            self.say(" ".join(forced))
        if self.app.sound_on and not self.app.reduced_motion:
            self.app.out.sounds += sound.after(game, before)
        new, season, year_ended = scenes.after(game, before, self.app.reduced_motion or self.app.speed == "instant")
        self.scenes += new
        if year_ended or len(game.actions) - self.season_at >= self.banner_decisions:
            self.season = None
        if season is not None:
            self.season = summary.season_summary(game, *season)
            self.season_at = len(game.actions)
        self._keep_scenes()

    def _keep_scenes(self) -> None:
        """Save the scenes still to be seen with the game."""
        if self.app.session is not None:
            self.app.session.scenes = scenes.saved(self.scenes)

    def on_scene_next(self, value: str, seat: str) -> None:
        """Continue: a battle still being told is first shown whole (a player who presses it mid-battle wants
        the end of the story, not to skip it); a complete scene gives way to the next."""
        if self.scenes and isinstance(self.scenes[0], Winter) and not self.scenes[0].complete:
            self.scenes[0].step = self.scenes[0].last
        elif self.scenes:
            self.scenes.pop(0)
            self._keep_scenes()
            self.app.dirty = True

    def on_season_close(self, value: str, seat: str) -> None:
        self.season = None
