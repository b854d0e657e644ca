"""The page's state machine, in pure Python: the ``App`` is the façade web/page.py (and the tests) talk to; what
the page shows changes only in the event handlers of its screens.

``web/page.py`` turns DOM events into ``App.handle(action, value, seat)`` calls (the elements' ``data-action``,
``data-value`` and ``data-seat``; handlers.py names each action's screen and handler) and applies the ``Update``
each returns (update.py: redraw, sounds, a download, the clipboard, a lesson to fetch, ...), setting the HTML of
the containers that ``App.views()`` changed (views.py); it saves with ``App.save_now()`` after the screen is
updated, and runs computer turns through ``App.bot_turn()`` / ``App.finish_bot()``.

The screens are objects of their own, each with its fields and handlers, made once with the App they serve:
``StartScreen`` (start_control.py: the new game's seats, the saved games), ``GameScreen`` (game_control.py: the
board on screen, whatever its kind, and the game's events), ``LessonScreen`` (lesson_control.py),
``ReplayScreen`` (replay_control.py), ``ShareDialog`` (share.py), ``EditorScreen`` (editor_control.py: the
position editor, a mode of its own) and ``EmbedScreen`` (embed.py: the host API's
changes). What differs by the kind of board shown (a game, a lesson, a replay, a shared position) is asked of
the board itself (``Session``'s documented defaults). This module holds what they share (the store, the board on
screen, the generation, the announcer, the settings), enters and leaves games, runs the computers' turns, saves,
and follows other tabs.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass

import kingsburg
from kingsburg.collection import builtin_collection
from kingsburg.i18n import _, language

from . import history, params, scenes, share, sound, views
from .announce import GAP, Announcer
from .board import Ctx
from .editor_control import EditorScreen
from .embed import EmbedScreen, embed_store
from .game_control import GameScreen
from .handlers import HANDLERS
from .languages import LANGUAGES
from .lesson_control import LessonScreen
from .lesson_view import LessonBoard
from .markup import Markup
from .replay_control import ReplayScreen
from .session import SPEEDS, THINKING_DEADLINE, BotTurn, RemoteTurn, Session, board_as
from .share import ShareDialog
from .start_control import StartScreen
from .storage import SAVE, SaveStore, Stale, StoreError, open_text
from .summary import Moment
from .update import Outbox, Update


@dataclass(frozen=True)
class Clocks:
    """The page's clocks that a test may set (web/page.py reads them from ``window.kingsburgClocks``), so that no
    outcome of a test depends on the machine's speed."""

    thinking_deadline: float | None = THINKING_DEADLINE  # a computer thinking on the page's thread (None: none)
    announce_gap: float = GAP  # seconds between two announcements of the live region at least
    scene_delay: float | None = None  # seconds between two stages of a scene (None: the computer speed's)
    computer_delay: float | None = None  # seconds a computer's turn stays visible before it acts (None: the speed's)
    hard_playouts: int | None = None  # Hard's playouts per decision, here and in the worker (None: Hard's own budget)


class App:
    def __init__(
        self,
        store: SaveStore,
        search: str = "",
        fragment: str = "",
        now: Callable[[], float] = time.time,
        framed: bool = False,
        embed_page: bool = False,
        clocks: Clocks | None = None,
        base_url: str = "",
        reduced_motion: bool = False,
        worker_ready: Callable[[], bool] = lambda: False,
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
        p = self.params
        shows = p.position is not None or p.opens_lesson
        self.own_tab = "./" + (search + fragment if shows else "")
        self.embed = self.params.embed or self.framed  # the board alone: never the player's own storage (embed.py)
        self.store = embed_store() if self.embed else store
        self.now = now
        self.session: Session | None = None  # the board on screen (mode "game")
        self.mode = "start"
        self.notices: list[tuple[str, bool]] = []  # start screen messages (text, is error)
        self.log_open = True
        self.rules_open = False
        # What the call into the App under way asks of the page (update.py); the constructor's goes with
        # first_update.
        self._out = Outbox()
        self.generation = 0  # changes whenever the game changes: computer turns in flight are dropped
        self.thinking: int | None = None
        self.progress: float | None = None
        self.dirty = False
        self.reduced_motion = reduced_motion  # the browser's prefers-reduced-motion: scenes appear complete, no sound
        # Whether the computers' worker answers now (web/app/thinker.py; the page asks web/thinking.js): the hint is
        # then worked out there, not on the page's thread.
        self.worker_ready = worker_ready
        self.dropped = 0  # computer decisions dropped because the game moved on while they were worked out
        self.announcer = Announcer(self.clocks.announce_gap)  # what the live region says (web/app/announce.py)
        self.sound_on = self.store.note(sound.KEY) == "on"  # off by default
        self._heard: int | None = None  # the generation the announcer last looked at
        self.speed = self.params.speed or "normal"
        # The screens, each with its own fields and handlers (handlers.py routes every event to one of them).
        self.start_screen = StartScreen(self)
        self.game_screen = GameScreen(self)
        self.lesson_screen = LessonScreen(self)
        self.replay_screen = ReplayScreen(self)
        self.share_dialog = ShareDialog(self, base_url)
        self.editor_screen = EditorScreen(self)
        self.embed_screen = EmbedScreen(self)
        for problem in self.params.problems:
            self.notices.append((problem, True))
        self._start_from_params()
        if self.mode == "start" and not self.params.starts_game and not self.embed:
            last = store.last_id
            if last:
                self.open(last)
        self.game_screen.catch_up()

    # --- Entering and leaving games ---------------------------------------------------------------------

    def _start_from_params(self) -> None:
        p = self.params
        self.lesson_screen.open_at = p.lesson_step  # the address's lesson opens at its step= (taken once)
        self.lesson_screen.open_chapter = p.collection_lesson  # ... and a collection at its lesson= (taken once)
        if p.collection_text is not None:
            self.lesson_screen.on_collection_text(p.collection_text, "")
            return
        if p.collection_builtin:
            self.lesson_screen.open_collection(builtin_collection())
            return
        if p.collection_url is not None:
            self._out.collection_url = p.collection_url  # fetched like a lesson: "collection-text" follows
            return
        if p.lesson_text is not None:
            self.lesson_screen.on_lesson_text(p.lesson_text, "")
            return
        if p.lesson_name is not None:
            self.lesson_screen.on_lesson_open(p.lesson_name, "")
            return
        if p.lesson_url is not None:
            self._out.lesson_url = p.lesson_url  # the page fetches it, then hands in "lesson-text" or "lesson-error"
            return
        if p.rules is not None:  # the start screen shows the address's rules chosen
            self.start_screen.choose_rules(p.rules)
        if p.position is not None:
            self._open_position(p.position, p.play, p.seats)  # a position keeps its address
            return
        if p.seats is None:
            return
        names = p.names or self.start_screen.seat_names(len(p.seats))
        self.new_game(names, p.seats, p.rules)
        self._out.clean_url = True

    def _seed(self) -> int:
        return self.params.seed if self.params.seed is not None else random.randrange(2**63)

    def new_game(self, names: list[str], kinds: list[str], rules: kingsburg.Rules | None = None) -> bool:
        try:
            session = Session.new(names, kinds, self._seed(), speed=self.speed, rules=rules)
        except kingsburg.KingsburgError as exc:
            self.notices.append((_("The game could not start: {error}.").format(error=exc), True))
            return False
        session.save_id = self.store.new_id()
        self.enter(session)
        self.announcer.restart(0)  # a new game's first dice are news too
        self.dirty = True
        return True

    def enter(self, session: Session) -> None:
        """Show ``session``'s board (a game, a lesson's, a replay's or a shared position)."""
        session.thinking_deadline = self.clocks.thinking_deadline
        session.hard_playouts = self.clocks.hard_playouts
        self.session = session
        self.mode = "game"
        self.generation += 1
        self.share_dialog.close()
        self.lesson_screen.close_list()
        self.start_screen.cancel()
        self.game_screen.enter(session)
        self.announcer.restart()  # an opened game's past is in its log, not news

    def open(self, save_id: str) -> bool:
        try:
            game, app = self.store.load(save_id)
        except StoreError as exc:
            self.notices.append((str(exc), True))
            return False
        self.enter(Session(game, app, save_id=save_id))
        return True

    def _open_position(self, text: str, play: bool, seats: list[str] | None) -> None:
        try:
            game, _app = open_text(text, _("The position in the address cannot be shown"))
        except StoreError as exc:
            self.notices.append((str(exc), True))
            return
        if not play and self.params.view_as is not None and self.params.view_as < len(game.players):
            self.enter(share.SharedBoard(game, self.params.view_as))  # a shared link, as its sharer saw it
            return
        self.show_position(game, play, seats)

    def show_position(self, game: kingsburg.Game, play: bool, seats: list[str] | None = None) -> None:
        """Show a position's game: read-only, or played from there (``seats``: each seat's kind, else people),
        unsaved (reopening the address, or the editor, starts it again)."""
        n = len(game.players)
        kinds = seats if seats is not None and len(seats) == n else ["human"] * n
        # The address's speed too: a position played against computers paces them as asked (issue 21).
        self.enter(Session(game, {"seats": [{"kind": k} for k in kinds], "speed": self.speed}, readonly=not play))

    def home(self) -> None:
        if self.embed:  # an embed has no start screen
            return
        self.save_now()
        self.session = None
        self.lesson_screen.close_list()
        self.mode = "start"
        self.generation += 1
        self.rules_open = False
        self.thinking = None
        self.announcer.restart()
        self.store.forget_last()

    def say(self, text: str, error: bool = False) -> None:
        """Say ``text`` in the decision panel (the game screen's message), about the decision waiting now."""
        self.game_screen.say(text, error)

    # --- Events -----------------------------------------------------------------------------------------

    def language_changed(self) -> None:
        """The reader switched language (the start screen's switch, or the host's message): the page draws every
        part again (web/page.py), but what the screens keep as finished text was said in the old language, so the
        passing words go: the panel's message and the hint (asked again, it answers in the new language) and the
        start screen's notes. Its errors stay: a refusal the reader has not read is worth more than its words'
        language; so does a lesson's hint, which the lesson's panel shows again in the language shown now."""
        screen = self.game_screen
        lesson = board_as(self.session, LessonBoard)
        if not (lesson is not None and screen.error and lesson.lesson.is_hint(screen.message)):
            screen.message, screen.message_at, screen.error = "", None, False
        screen.hint = None
        self.notices = [n for n in self.notices if n[1]]
        # A screen reader hears the switch in the new language (the page empties the live region of the old one's
        # sentences), then whatever was waiting to be said, told again from the log in the new one.
        code = language()
        self.announcer.language_changed(_("The page is now in {language}.").format(language=LANGUAGES.get(code, code)))
        self._heard = None

    def language_refused(self, asked: str, shown: str) -> None:
        """The switch's language could not be fetched (offline before the service worker kept it, a site built
        without it): the start screen says so, in the words still shown (``asked``, ``shown``: language codes)."""
        self.notices.append(
            (
                _("{language} could not be loaded (the device may be offline): the page stays in {current}.").format(
                    language=LANGUAGES.get(asked, asked), current=LANGUAGES.get(shown, shown)
                ),
                True,
            )
        )

    def first_update(self) -> Update:
        """What the page must do once its first screen is shown (a game started from the address cleans it; a
        lesson in the address is fetched)."""
        return self.end_call(False)

    def begin_call(self) -> None:
        """A call into the App begins: what it asks of the page is collected afresh."""
        self._out = Outbox()

    def end_call(self, redraw: bool) -> Update:
        """The call ends: what it asked of the page, once (the next call starts from nothing)."""
        out, self._out = self._out, Outbox()
        return out.update(redraw)

    @property
    def out(self) -> Outbox:
        """What the call under way asks of the page: the screens' handlers write into it."""
        return self._out

    def handle(self, action: str, value: str = "", seat: str = "") -> Update:
        """Do what a click (or a change of a field) asks: the handler of HANDLERS named by the element's
        ``data-action``, on its screen. Its Update's ``redraw`` is False when the screen need not change, or when
        no handler has that name."""
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
        self.game_screen.catch_up()
        return self.end_call(result is not False)

    def replay_key(self, key: str, shift: bool) -> bool:
        """A key pressed (web/page.py): True when it stepped a replay (the screen must change)."""
        return self.replay_screen.key(key, shift)

    @property
    def hint_given(self) -> bool:
        """A hint was asked in this game (the page then starts the worker that thinks for it)."""
        return self.game_screen.hint is not None

    def hint_answer(self, generation: int, text: str) -> bool:
        """The worker's answer to a hint (game_control.py)."""
        return self.game_screen.hint_answer(generation, text)

    # --- Scenes -----------------------------------------------------------------------------------------

    @property
    def spectator(self) -> bool:
        """Only computers play: scenes play and close by themselves."""
        return self.session is not None and not self.session.humans

    @property
    def scene(self) -> scenes.Scene | None:
        """The scene shown over the board (None: none)."""
        return self.game_screen.scene

    def scenes_due(self) -> bool:
        """A scene has stages still to show, or shows to nobody but a spectator (who does not click it away)."""
        scene = self.game_screen.scene
        return scene is not None and (not scene.complete or self.spectator)

    def scene_delay(self) -> float:
        """Seconds between two stages of a scene: the computer speed (unless the clocks set another)."""
        if self.clocks.scene_delay is not None:
            return self.clocks.scene_delay
        return SPEEDS[self.session.speed if self.session is not None else self.speed]

    def scene_step(self) -> bool:
        """Show the next stage of the scene on top (False when it is complete)."""
        return self.game_screen.scene_step()

    # --- Computers --------------------------------------------------------------------------------------

    def computer_due(self) -> bool:
        s = self.session
        return self.mode == "game" and s is not None and s.computer_to_play and not self.game_screen.scenes

    def bot_delay(self) -> float:
        """Seconds a computer's turn stays visible before it acts: the speed's, or the clocks' (none while the
        person skips ahead)."""
        if self.session is None or self.session.skipping:
            return 0.0
        if self.clocks.computer_delay is not None:
            return self.clocks.computer_delay
        return self.session.delay()

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
        self.game_screen.after_move(before)
        self.generation += 1
        self.dirty = True
        self.game_screen.catch_up()
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
            self.game_screen.catch_up()
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
        self.game_screen.catch_up()
        return True

    def _follow(self, save_id: str, kept: bool) -> None:
        """Another tab saved this game since this tab last did: show its newer game instead of writing over it
        (``kept``: no decision made here was refused). When that cannot be, this tab stops saving the game."""
        s = self.session
        assert s is not None
        not_kept = "" if kept else " " + _("Your last decision here came after an older position, so it was not kept.")
        if self.store.stored_revision(save_id) is None:
            s.save_id = None
            self.say(_("This game was deleted in another tab, so it is no longer saved here: export it to keep it."))
            return
        try:
            game, app = self.store.load(save_id)
        except StoreError:
            s.save_id = None
            self.say(_("This game was changed in another tab and can no longer be saved here: export it to keep it."))
            return
        self.enter(Session(game, app, save_id=save_id))
        self.say(_("This game was continued in another tab: here is its latest position.") + not_kept)

    # --- What the page shows (views.py draws it; drawing only reads) ------------------------------------

    def views(self) -> dict[str, Markup]:
        """Container id -> HTML. In start mode only "app"; in game mode the parts of views.SKELETON."""
        return views.views(self)

    def markers(self) -> dict[str, str]:
        """Data attributes of #app, for tests and the benchmark."""
        return views.markers(self)

    def title(self) -> str:
        """The tab's title: whose turn it is, so a player in another tab sees it."""
        return views.title(self)

    def context(self) -> Ctx:
        """What drawing the game needs."""
        return views.context(self)

    def log_items(self) -> list[Markup]:
        return views.log_items(self)

    def labels(self) -> dict[str, str]:
        """CSS selector -> the label a lesson's step puts on that pointed part."""
        return self.session.labels() if self.session is not None and self.mode == "game" else {}

    def arrows(self) -> list[tuple[str, str]]:
        """The arrows a lesson's step draws: CSS selectors of the parts each joins (web/arrows.js draws them)."""
        return self.session.arrows() if self.session is not None and self.mode == "game" else []

    def pointers(self) -> list[str]:
        """CSS selectors of the board parts a lesson's step points at (web/page.py marks them)."""
        return self.session.pointers() if self.session is not None and self.mode == "game" else []

    def announcement(self, now: float) -> str | None:
        """What the live region should say now (None: nothing, or not yet: announcements keep a gap)."""
        s = self.session
        if self.mode == "game" and s is not None and self.generation != self._heard:
            self._heard = self.generation
            g = s.game
            self.announcer.update(g.events, s.viewer, g.players, [p.vp for p in g.state.players], g.season_phases())
        return self.announcer.take(now)

    def announcement_wait(self, now: float) -> float | None:
        """Seconds until the live region has something more to say (None: nothing waits): the page asks again then."""
        return self.announcer.wait(now)

    def debug_position(self) -> str:
        if self.session is None:
            return ""
        return json.dumps(self.session.game.position(), sort_keys=True)
