"""The page's state machine, in pure Python: the ``App`` holds what the page shows and changes it only in its
event handlers.

``web/page.py`` turns DOM events into ``App.handle(action, value, seat)`` calls (the elements' ``data-action``,
``data-value`` and ``data-seat``; handlers.py names each action's handler) and applies the ``Update`` each returns
(update.py: redraw, sounds, a download, the clipboard, ...), setting the HTML of the containers that
``App.views()`` changed (views.py); it saves with ``App.save_now()`` after the screen is updated, and runs computer
turns through ``App.bot_turn()`` / ``App.finish_bot()``. The handlers are in start_control.py (the start
screen), game_control.py (the game) and lesson_control.py (the lessons); this module enters and leaves games,
runs the computers' turns, saves, and follows other tabs.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import kingsburg

from . import board, hint, history, params, scenes, screens, share, sound
from .announce import GAP, Announcer
from .board import Fresh
from .embed import EmbedControls, embed_store
from .game_control import GameControls
from .handlers import HANDLERS
from .lesson_control import LessonControls
from .replay_control import ReplayControls
from .selection import Selection
from .session import SPEEDS, THINKING_DEADLINE, BotTurn, RemoteTurn, Session
from .share import ShareControls
from .start_control import StartControls
from .storage import SAVE, SaveStore, Stale, StoreError, open_text
from .summary import Moment, SeasonSummary
from .update import Outbox, Update
from .views import Views
from .winter import Winter


@dataclass(frozen=True)
class Clocks:
    """The page's clocks that a test may set (web/page.py reads them from ``window.kingsburgClocks``), so that no
    outcome of a test depends on the machine's speed."""

    thinking_deadline: float | None = THINKING_DEADLINE  # a computer thinking on the page's thread (None: none)
    announce_gap: float = GAP  # seconds between two announcements of the live region at least
    scene_delay: float | None = None  # seconds between two stages of a scene (None: the computer speed's)


BANNER_DECISIONS = 3
"""Decisions (of anyone) the season's banner stays up for, unless a person decides first."""


class App(StartControls, GameControls, LessonControls, ReplayControls, ShareControls, EmbedControls, Views):
    def __init__(
        self,
        store: SaveStore,
        search: str = "",
        fragment: str = "",
        now: Callable[[], float] = time.time,
        framed: bool = False,
        embed_page: bool = False,
        clocks: Clocks | None = None,
    ) -> None:
        self.params = params.parse(search, fragment, embed_page)
        self.clocks = clocks or Clocks()
        # The player's own page inside another site's frame (``framed``, not embed=1) could be steered by that
        # site (clickjacking): it shows its address's position or lesson as an embedded board would, and offers
        # its own tab; it never opens, lists, creates or changes a saved game (docs/hosting.md).
        self.framed = framed and not self.params.embed
        if self.framed:
            self.params = params.for_a_frame(self.params)
        # A framed page's link to its own tab: this address when it shows a position or a lesson, else the plain
        # page (what the framing site put in the address to start a game is not carried over).
        shows = self.params.position is not None or self.params.lesson_url or self.params.lesson_text
        self.own_tab = "./" + (search + fragment if shows else "")
        self.embed = self.params.embed or self.framed  # the board alone: never the player's own storage (embed.py)
        self.store = embed_store() if self.embed else store
        self.now = now
        self.session: Session | None = None
        self.mode = "start"
        self.setup = screens.default_setup()
        self.confirm: str | None = None
        self.notices: list[tuple[str, bool]] = []  # start screen messages (text, is error)
        self.message = ""  # the decision panel's message
        # The decision it was said at (the number of decisions made then): it goes when the next one is made.
        self.message_at: int | None = None
        self.error = False
        self.sel = Selection()
        self.tab = 0
        self._tab_key: object = None
        self._point_key: object = None
        self.log_open = True
        self.rules_open = False
        self.results_open = True
        # What the call into the App under way asks of the page (update.py); the constructor's goes with
        # first_update.
        self._out = Outbox()
        self.generation = 0  # changes whenever the game changes: computer turns in flight are dropped
        self.thinking: int | None = None
        self.progress: float | None = None
        self.dirty = False
        self._snap: dict[str, Any] | None = None
        self._snap_key: object = None
        self.fresh = Fresh()
        # Scenes between decisions, shown in turn over the board: the winter battle, then the year's summary.
        self.scenes: list[scenes.Scene] = []
        self.season: SeasonSummary | None = None  # what the advisors gave in the season that just ended
        self.season_at = 0  # the decision the season's banner came with
        # The banner leaves by itself: at a person's next decision, or after this many decisions of anyone (the
        # page may set it; computers at the table keep it up for about a round).
        self.banner_decisions = BANNER_DECISIONS
        self.reduced_motion = False  # the page sets it from prefers-reduced-motion: scenes appear complete
        self.hint: hint.Hint | None = None  # the computer's suggestion for the decision now, when asked
        # The worker thinks for the computers and the hint (web/app/thinker.py): web/page.py sets it while it answers.
        self.think_elsewhere = False
        self.dropped = 0  # computer decisions dropped because the game moved on while they were worked out
        self.lesson_url: str | None = None  # a lesson main.py should fetch (then "lesson-text" or "lesson-error")
        self.announcer = Announcer(self.clocks.announce_gap)  # what the live region says (web/app/announce.py)
        self.sound_on = self.store.note(sound.KEY) == "on"  # off by default
        self._heard: int | None = None  # the generation the announcer last looked at
        self.speed = self.params.speed or "normal"
        for problem in self.params.problems:
            self.notices.append((problem, True))
        self._start_from_params()
        if self.mode == "start" and not self.params.starts_game and not self.embed:
            last = store.last_id
            if last:
                self._open(last)
        self._catch_up()

    # --- Entering and leaving games ---------------------------------------------------------------------

    def _start_from_params(self) -> None:
        p = self.params
        if p.lesson_text is not None:
            self._on_lesson_text(p.lesson_text, "")
            return
        if p.lesson_url is not None:
            self.lesson_url = p.lesson_url
            return
        if p.rules is not None:  # the start screen shows the address's rules chosen
            r = p.rules
            self.setup["rules"] = {"edition": r.edition, "scenario": r.scenario or "", "modules": sorted(r.modules)}
        if p.position is not None:
            self._open_position(p.position, p.play, p.seats)  # a position keeps its address
            return
        if p.seats is None:
            return
        names = p.names or [self.setup["seats"][i]["name"] for i in range(len(p.seats))]
        self._new_game(names, p.seats, p.rules)
        self._out.clean_url = True

    def _seed(self) -> int:
        return self.params.seed if self.params.seed is not None else random.randrange(2**63)

    def _new_game(self, names: list[str], kinds: list[str], rules: kingsburg.Rules | None = None) -> bool:
        try:
            session = Session.new(names, kinds, self._seed(), speed=self.speed, rules=rules)
        except kingsburg.KingsburgError as exc:
            self.notices.append((f"The game could not start: {exc}.", True))
            return False
        session.save_id = self.store.new_id()
        self._enter(session)
        self.announcer.restart(0)  # a new game's first dice are news too
        self.dirty = True
        return True

    def _enter(self, session: Session) -> None:
        session.thinking_deadline = self.clocks.thinking_deadline
        self.session = session
        self.mode = "game"
        self.generation += 1
        self.sharing = False
        self.scenes = scenes.restore(session.game, session.scenes)
        self.season = None
        self.sel.reset()
        self.message = ""
        self.message_at = None
        self.error = False
        self.results_open = True
        self.confirm = None
        self._snap = None
        self._snap_key = None
        self.announcer.restart()  # an opened game's past is in its log, not news
        viewer = session.viewer
        self.tab = viewer if viewer is not None else (session.to_play or 0)
        self._tab_key = None

    def _open(self, save_id: str) -> bool:
        try:
            game, app = self.store.load(save_id)
        except StoreError as exc:
            self.notices.append((str(exc), True))
            return False
        self._enter(Session(game, app, save_id=save_id))
        return True

    def _open_position(self, text: str, play: bool, seats: list[str] | None) -> None:
        try:
            game, _ = open_text(text, "The position in the address cannot be shown")
        except StoreError as exc:
            self.notices.append((str(exc), True))
            return
        n = len(game.players)
        kinds = seats if seats is not None and len(seats) == n else ["human"] * n
        # The address's speed too: a position played against computers paces them as asked (issue 21).
        session = Session(game, {"seats": [{"kind": k} for k in kinds], "speed": self.speed}, readonly=not play)
        if not play and self.params.view_as is not None and self.params.view_as < n:
            session = share.SharedBoard(game, self.params.view_as)  # a shared link, as its sharer saw it
        self._enter(session)

    def _home(self) -> None:
        if self.embed:  # an embed has no start screen
            return
        self.save_now()
        self.session = None
        self.mode = "start"
        self.generation += 1
        self.rules_open = False
        self.thinking = None
        self.announcer.restart()
        self.store.forget_last()

    # --- Events -----------------------------------------------------------------------------------------

    def first_update(self) -> Update:
        """What the page must do once its first screen is shown (a game started from the address cleans it)."""
        return self.end_call(False)

    def begin_call(self) -> None:
        """A call into the App begins: what it asks of the page is collected afresh."""
        self._out = Outbox()

    def end_call(self, redraw: bool) -> Update:
        """The call ends: what it asked of the page, once (the next call starts from nothing)."""
        out, self._out = self._out, Outbox()
        return out.update(redraw)

    def handle(self, action: str, value: str = "", seat: str = "") -> Update:
        """Do what a click (or a change of a field) asks: the handler of HANDLERS named by the element's
        ``data-action``. Its Update's ``redraw`` is False when the screen need not change, or when no handler
        has that name."""
        self.begin_call()
        handler = HANDLERS.get(action)
        if handler is None:  # a mistyped data-action in the page: a bug to see, not a click to ignore silently
            if __debug__:
                import logging  # only for this bug report: the page's start does not pay for the logging module

                logging.getLogger(__name__).warning("no handler for data-action %r", action)
            return self.end_call(False)
        if self.mode == "start":
            self.notices = [n for n in self.notices if n[1]] if action != "name" else self.notices
        result = handler(self, value, seat)
        self._catch_up()
        return self.end_call(result is not False)

    @property
    def spectator(self) -> bool:
        """Only computers play: scenes play and close by themselves."""
        return self.session is not None and not self.session.humans

    def scene_delay(self) -> float:
        """Seconds between two stages of a scene: the computer speed (unless the clocks set another)."""
        if self.clocks.scene_delay is not None:
            return self.clocks.scene_delay
        return SPEEDS[self.session.speed if self.session is not None else self.speed]

    def scene_step(self) -> bool:
        """Show the next stage of the scene on top (False when it is complete)."""
        return bool(self.scenes) and isinstance(self.scenes[0], Winter) and self.scenes[0].advance()

    def _can_play(self) -> bool:
        return self.mode == "game" and self.session is not None and self.session.my_turn and not self.scenes

    def _say(self, text: str, error: bool = False) -> None:
        """Say ``text`` in the panel, about the decision waiting now (views.panel_message drops it after)."""
        self.message = text
        self.error = error
        self.message_at = len(self.session.game.actions) if self.session is not None else None

    # --- Computers --------------------------------------------------------------------------------------

    def computer_due(self) -> bool:
        s = self.session
        return self.mode == "game" and s is not None and s.computer_to_play and not self.scenes

    def bot_delay(self) -> float:
        return self.session.delay() if self.session is not None else 0.0

    def bot_turn(self) -> BotTurn:
        assert self.session is not None
        turn = self.session.bot_turn()
        self.thinking = turn.seat
        self.progress = 0.0
        return turn

    def remote_turn(self) -> RemoteTurn:
        """The computer's decision now, to be asked of the worker."""
        assert self.session is not None
        turn = self.session.remote_turn()
        self.thinking = turn.seat
        self.progress = 0.0
        return turn

    def bot_progress(self, turn: BotTurn | RemoteTurn) -> None:
        """How far the computer's search has come, for its progress bar."""
        self.progress = turn.progress

    def drop_bot(self) -> None:
        """The game changed while the computer thought (a person undid, or another tab): its turn is dropped."""
        self.dropped += 1
        self.thinking = None
        self.progress = None

    def finish_bot(self, turn: BotTurn | RemoteTurn) -> Update:
        """Apply a computer's decision if the game is still where it was when the computer started (the
        Update's ``redraw``: it was applied). The engine checks it as any action (a decision it refuses raises
        its error, and nothing changes)."""
        self.begin_call()
        s = self.session
        self.thinking = None
        self.progress = None
        if s is None or turn.action is None or len(s.game.actions) != turn.decisions or s.to_play != turn.seat:
            self.dropped += 1
            return self.end_call(False)
        before = Moment.of(s.game)
        s.apply(turn.action)
        self._after_move(before)
        self.generation += 1
        self.dirty = True
        self._catch_up()
        return self.end_call(True)

    # --- Saving -----------------------------------------------------------------------------------------

    def save_now(self) -> bool:
        """Write the game if it changed; False when the storage refused (its warning is then shown)."""
        s = self.session
        if not self.dirty or s is None or s.readonly or not s.save_id:
            self.dirty = False
            return True
        self.dirty = False
        try:
            saved = self.store.save(s.save_id, s.game, s.app_data())
        except Stale:
            self._follow(s.save_id, kept=False)
            self._catch_up()
            return False
        if s.game.is_over():  # once: the history knows each finished game by its fingerprint
            history.record(self.store, s.game, list(s.kinds), self.now())
        return saved

    def storage_changed(self, key: str | None) -> bool:
        """Another tab wrote to the storage (the browser's ``storage`` event; ``key`` None when it was cleared):
        the game on screen follows a newer save of itself; the list of games is redrawn. Returns whether the
        screen must change."""
        s = self.session
        if self.mode != "game" or s is None:
            return True
        if not s.save_id or s.readonly or key not in (None, SAVE + s.save_id) or not self.store.is_newer(s.save_id):
            return False
        self._follow(s.save_id, kept=True)
        self._catch_up()
        return True

    def _follow(self, save_id: str, kept: bool) -> None:
        """Another tab saved this game since this tab last did: show its newer game instead of writing over it
        (``kept``: no decision made here was refused). When that cannot be, this tab stops saving the game."""
        s = self.session
        assert s is not None
        not_kept = "" if kept else " Your last decision here came after an older position, so it was not kept."
        if self.store.stored_revision(save_id) is None:
            s.save_id = None
            self._say("This game was deleted in another tab, so it is no longer saved here: export it to keep it.")
            return
        try:
            game, app = self.store.load(save_id)
        except StoreError:
            s.save_id = None
            self._say("This game was changed in another tab and can no longer be saved here: export it to keep it.")
            return
        self._enter(Session(game, app, save_id=save_id))
        self._say("This game was continued in another tab: here is its latest position." + not_kept)

    # --- What the page shows ------------------------------------------------------------------------------

    def _catch_up(self) -> None:
        """After every event: what the screen keeps about the position follows it. The dice selection belongs
        to one decision; the sheet tab turns to the deciding person once per decision (and to the sheet a lesson
        step points at, once); the board's marks of what just changed compare with the last snapshot. Drawing
        (``context``, ``views``) only reads all this."""
        s = self.session
        if self.mode != "game" or s is None:
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
