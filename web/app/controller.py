"""The page's state machine, in pure Python: what each click does, what each container of the page shows.

``web/main.py`` turns DOM events into ``App.handle(action, value, seat)`` calls (the elements' ``data-action``,
``data-value`` and ``data-seat``), sets the HTML of the containers that ``App.views()`` changed, saves with
``App.save_now()`` after the screen is updated, and runs computer turns through ``App.bot_turn()`` /
``App.finish_bot()``.
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable
from typing import Any

import kingsburg
from kingsburg import Action
from kingsburg.inputs import name_key, normalize_name

from . import board, hint, history, lesson_view, params, scenes, screens, sound, summary
from .announce import Announcer
from .backup import export_all, import_backup, read_backup
from .board import Ctx, Fresh
from .embed import EmbedControls, embed_store, waiting_screen
from .icons import icon
from .lesson_control import LessonControls
from .lesson_view import LessonBoard
from .panel import label, panel
from .selection import Selection, missed, reachable, targets
from .session import SPEEDS, BotTurn, Session
from .storage import SAVE, SaveStore, Stale, StoreError, file_name, open_text
from .summary import Moment, SeasonSummary
from .theme import KINDS, chip, esc
from .winter import Winter

log = logging.getLogger(__name__)

SKELETON = (
    '<div class="game">'
    '<header id="topbar" class="topbar"></header>'
    '<section id="panel" class="panel" aria-label="Your decision"></section>'
    '<div class="main">'
    '<div id="notice" class="notice"></div>'
    '<section id="court" class="court" aria-label="The King\'s court"></section>'
    '<section id="sheets" class="sheets" aria-label="Province sheets"></section>'
    '<section id="strips" class="strips" aria-label="Players"></section>'
    '<aside id="logbox" class="logbox" aria-label="Game log"><div id="loghead" class="log-top"></div>'
    '<ol id="log" class="log" tabindex="0" aria-label="Game log"></ol></aside>'
    "</div>"
    '<div id="overlay"></div>'
    "</div>"
)
GAME_PARTS = ("topbar", "panel", "notice", "court", "sheets", "strips", "loghead", "overlay")


class App(LessonControls, EmbedControls):
    def __init__(
        self, store: SaveStore, search: str = "", fragment: str = "", now: Callable[[], float] = time.time
    ) -> None:
        self.params = params.parse(search, fragment)
        self.embed = self.params.embed  # the board alone in an iframe: never the player's own storage (embed.py)
        self.store = embed_store() if self.embed else store
        self.now = now
        self.session: Session | None = None
        self.mode = "start"
        self.setup = screens.default_setup()
        self.confirm: str | None = None
        self.notices: list[tuple[str, bool]] = []  # start screen messages (text, is error)
        self.message = ""  # the decision panel's message
        self.error = False
        self.sel = Selection()
        self.tab = 0
        self._tab_key: object = None
        self._point_key: object = None
        self.log_open = True
        self.rules_open = False
        self.results_open = True
        self.download: tuple[str, str] | None = None  # a file main.py should offer to save
        self.clean_url = False  # main.py should drop the game-starting parameters from the address
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
        self.reduced_motion = False  # the page sets it from prefers-reduced-motion: scenes appear complete
        self.hint: hint.Hint | None = None  # the computer's suggestion for the decision now, when asked
        self.lesson_url: str | None = None  # a lesson main.py should fetch (then "lesson-text" or "lesson-error")
        self.announcer = Announcer()  # what the live region says (web/app/announce.py)
        self.sound_on = self.store.note(sound.KEY) == "on"  # off by default
        self.sounds: list[str] = []  # sounds main.py should play (web/sound.js), taken once
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
        if p.position is not None:
            self._open_position(p.position, p.play, p.seats)
            self.clean_url = False  # an embedded position keeps its address
            return
        if p.seats is None:
            return
        names = p.names or [self.setup["seats"][i]["name"] for i in range(len(p.seats))]
        self._new_game(names, p.seats)
        self.clean_url = True

    def _seed(self) -> int:
        return self.params.seed if self.params.seed is not None else random.randrange(2**63)

    def _new_game(self, names: list[str], kinds: list[str]) -> bool:
        try:
            session = Session.new(names, kinds, self._seed(), speed=self.speed)
        except kingsburg.KingsburgError as exc:
            self.notices.append((f"The game could not start: {exc}.", True))
            return False
        session.save_id = self.store.new_id()
        self._enter(session)
        self.announcer.restart(0)  # a new game's first dice are news too
        self.dirty = True
        return True

    def _enter(self, session: Session) -> None:
        self.session = session
        self.mode = "game"
        self.generation += 1
        self.scenes = scenes.restore(session.game, session.scenes)
        self.season = None
        self.sel.reset()
        self.message = ""
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
        session = Session(game, {"seats": [{"kind": k} for k in kinds]}, readonly=not play)
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

    def handle(self, action: str, value: str = "", seat: str = "") -> bool:
        """Do what a click (or a change of a field) asks: the handler of HANDLERS named by the element's
        ``data-action``. Returns False when the screen need not change, or when no handler has that name."""
        handler = HANDLERS.get(action)
        if handler is None:  # a mistyped data-action in the page: a bug to see, not a click to ignore silently
            if __debug__:
                log.warning("no handler for data-action %r", action)
            return False
        if self.mode == "start":
            self.notices = [n for n in self.notices if n[1]] if action != "name" else self.notices
        result = handler(self, value, seat)
        self._catch_up()
        return result is not False

    def _on_name(self, value: str, seat: str) -> bool:
        i = _index(seat, 5)
        if i is not None:
            self.setup["seats"][i]["name"] = value[:40]
        return False  # the field already shows what was typed

    def _on_kind(self, value: str, seat: str) -> None:
        i = _index(seat, 5)
        if i is not None and value in KINDS:
            self.setup["seats"][i]["kind"] = value

    def _on_count(self, value: str, seat: str) -> None:
        if value in ("2", "3", "4", "5"):
            self.setup["count"] = int(value)

    def _on_start(self, value: str, seat: str) -> None:
        seats = self.setup["seats"][: self.setup["count"]]
        self.notices = []
        names = []
        for i, entry in enumerate(seats):
            try:
                names.append(normalize_name(entry["name"]))
            except kingsburg.KingsburgError:
                self.notices.append((f"Player {i + 1} needs a name with at least one visible character.", True))
                return
        if len({name_key(n) for n in names}) < len(names):
            self.notices.append(("Two players have the same name: give each player a different one.", True))
            return
        self._new_game(names, [s["kind"] for s in seats])

    def _on_continue(self, value: str, seat: str) -> None:
        self.notices = []
        self._open(value)

    def _on_delete(self, value: str, seat: str) -> None:
        self.confirm = value

    def _on_delete_no(self, value: str, seat: str) -> None:
        self.confirm = None

    def _on_delete_yes(self, value: str, seat: str) -> None:
        self.store.delete(value)
        self.confirm = None
        self.notices = [("The game was deleted.", False)]

    def _on_export(self, value: str, seat: str) -> None:
        try:
            self.download = self.store.export(value)
        except StoreError as exc:
            self.notices.append((str(exc), True))

    def _on_export_current(self, value: str, seat: str) -> None:
        s = self.session
        if s is None:
            return
        if s.save_id and not s.readonly:
            self.save_now()
            try:
                self.download = self.store.export(s.save_id)
                return
            except StoreError:
                pass  # not stored (storage missing or full): export straight from the game
        data = json.loads(s.game.to_json())
        data["app"] = s.app_data()
        self.download = (file_name(s.names, self.now()), json.dumps(data))

    def _on_export_all(self, value: str, seat: str) -> None:
        self.download = export_all(self.store, self.now())
        if self.download is None:
            self.notices = [("There is no saved game to export.", True)]

    def _on_import_text(self, value: str, seat: str) -> None:
        try:
            backup = read_backup(value)  # a backup of several games, or None for a single game's file
            if backup is not None:
                self.mode = "start"
                said = import_backup(self.store, backup.games)
                self.notices = [(f"{said} {history.add_imported(self.store, backup.statistics)}".strip(), False)]
                return
            save_id = self.store.import_text(value)
        except StoreError as exc:
            self.mode = "start"
            self.notices = [(f"{exc}\n{exc.detail}" if exc.detail else str(exc), True)]
            return
        if self._open(save_id):
            self.message = "The game file was imported."

    def _on_stats_reset(self, value: str, seat: str) -> None:
        if history.reset(self.store):
            self.notices = [("The statistics were reset.", False)]
        else:
            self.notices = [("The statistics could not be reset: this browser refuses to save here.", True)]

    def _on_sound(self, value: str, seat: str) -> None:
        self.sound_on = not self.sound_on
        self.sounds = []
        self.store.set_note(sound.KEY, "on" if self.sound_on else "off")  # refused: on for this tab only

    def _on_import_error(self, value: str, seat: str) -> None:
        self.notices = [(value or "That file could not be read.", True)]

    def _on_home(self, value: str, seat: str) -> None:
        self._home()

    def _on_new(self, value: str, seat: str) -> None:
        self._home()

    def _on_rules(self, value: str, seat: str) -> None:
        self.rules_open = True

    def _on_close_rules(self, value: str, seat: str) -> None:
        self.rules_open = False

    def _on_escape(self, value: str, seat: str) -> bool:
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
        i = _index(value, len(s.names) if s else 0)
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
        if isinstance(s, LessonBoard):
            self._lesson_move(s, value)
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
        key = (len(s.game.actions), to_play)
        view = s.game.view(to_play)
        ctx = self.context()
        self.hint = hint.ask(view, key, lambda a: hint.describe(a, label(a, ctx)))
        if self.hint is not None:
            self._say(self.hint.text)

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
        if forced:
            self._say(" ".join(forced))
        if self.sound_on and not self.reduced_motion:
            self.sounds += sound.after(game, before)
        new, season, year_ended = scenes.after(game, before, self.reduced_motion or self.speed == "instant")
        self.scenes += new
        if year_ended:
            self.season = None
        if season is not None:
            self.season = summary.season_summary(game, *season)
        self._keep_scenes()

    def _keep_scenes(self) -> None:
        """Save the scenes still to be seen with the game."""
        if self.session is not None:
            self.session.scenes = scenes.saved(self.scenes)

    def _on_scene_next(self, value: str, seat: str) -> None:
        if self.scenes:
            self.scenes.pop(0)
            self._keep_scenes()
            self.dirty = True

    def _on_season_close(self, value: str, seat: str) -> None:
        self.season = None

    @property
    def spectator(self) -> bool:
        """Only computers play: scenes play and close by themselves."""
        return self.session is not None and not self.session.humans

    def scene_delay(self) -> float:
        """Seconds between two stages of a scene: the computer speed."""
        return SPEEDS[self.session.speed if self.session is not None else self.speed]

    def scene_step(self) -> bool:
        """Show the next stage of the scene on top (False when it is complete)."""
        return bool(self.scenes) and isinstance(self.scenes[0], Winter) and self.scenes[0].advance()

    def _can_play(self) -> bool:
        return self.mode == "game" and self.session is not None and self.session.my_turn and not self.scenes

    def _say(self, text: str, error: bool = False) -> None:
        self.message = text
        self.error = error

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

    def bot_progress(self, turn: BotTurn) -> None:
        """How far the computer's search has come, for its progress bar."""
        self.progress = turn.progress

    def drop_bot(self) -> None:
        """The game changed while the computer thought (a person undid, or another tab): its turn is dropped."""
        self.thinking = None
        self.progress = None

    def take_download(self) -> tuple[str, str] | None:
        """The file to offer for saving (file name, text), once."""
        download, self.download = self.download, None
        return download

    def take_clean_url(self) -> bool:
        """Whether to drop the game-starting parameters from the address now (once)."""
        clean, self.clean_url = self.clean_url, False
        return clean

    def finish_bot(self, turn: BotTurn) -> bool:
        """Apply a computer's decision if the game is still where it was when the computer started."""
        s = self.session
        self.thinking = None
        self.progress = None
        if s is None or turn.action is None or len(s.game.actions) != turn.decisions or s.to_play != turn.seat:
            return False
        before = Moment.of(s.game)
        s.apply(turn.action)
        self._after_move(before)
        self.generation += 1
        self.dirty = True
        self._catch_up()
        return True

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

    def markers(self) -> dict[str, str]:
        """Data attributes of #app, for tests and the benchmark."""
        s = self.session
        if self.mode != "game" or s is None:
            return {"mode": "start"}
        g = s.game
        return {
            "mode": "game",
            "players": str(len(g.players)),  # the layout packs the player strips tighter for 4 or 5
            "decisions": str(len(g.actions)),
            "toPlay": "" if g.to_play is None else str(g.to_play),
            "decision": g.decision(),
            "myTurn": "1" if s.my_turn and not self.scenes else "0",
            "scene": scenes.kind(self.scenes[0]) if self.scenes else "",
            "handover": "" if s.handover is None else str(s.handover),
            "screen": "" if s.screen is None else str(s.screen),
            "over": "1" if g.is_over() else "0",
            "saveId": s.save_id or "",
            "lesson": f"{s.lesson.number}" if isinstance(s, LessonBoard) else "",
            "lessonName": (s.name or "address") if isinstance(s, LessonBoard) else "",
        }

    def title(self) -> str:
        """The tab's title: whose turn it is, so a player in another tab sees it."""
        s = self.session
        if self.mode != "game" or s is None:
            return "Kingsburg"
        g = s.game
        if g.is_over():
            return "Game over · Kingsburg"
        if s.handover is not None:
            return f"Pass to {s.names[s.handover]} · Kingsburg"
        who = "Your turn" if s.my_turn or g.to_play is None else f"{s.names[g.to_play]} to play"
        return f"{who} · Year {g.year} {g.phase_name} · Kingsburg"

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
        if isinstance(s, LessonBoard) and (id(s), s.lesson.number) != self._point_key:
            self._point_key = (id(s), s.lesson.number)  # a new step shows the sheet it points at, once
            seat = lesson_view.sheet_seat(s)
            self.tab = self.tab if seat is None else seat
        if key != self._snap_key:
            snap = board.snapshot(game)
            self.fresh = board.changes(self._snap, snap)
            self._snap, self._snap_key = snap, key

    def context(self) -> Ctx:
        """What drawing the game needs, read from the App (which it does not change)."""
        s = self.session
        assert s is not None
        game = s.game
        view = s.view()
        key = (len(game.actions), game.to_play)
        legal = game.legal_actions() if s.my_turn else []
        p = game.state.players[game.to_play] if game.to_play is not None else None
        dice, white = (p.dice, p.white) if p is not None else ([], [])
        return Ctx(
            session=s,
            view=view,
            viewer=s.viewer,
            legal=legal,
            sel=self.sel,
            targets=targets(self.sel, dice, white, legal),
            missed=missed(self.sel, dice, white, legal),
            reachable=reachable(self.sel, legal),
            tab=self.tab if self.tab < len(s.names) else 0,
            thinking=self.thinking,
            fresh=self.fresh,
            hint=self.hint.action if self.hint is not None and self.hint.key == key else None,
        )

    def views(self) -> dict[str, str]:
        """Container id -> HTML. In start mode only "app"; in game mode the parts of SKELETON."""
        warning = self.store.warning
        if self.mode != "game" or self.session is None:
            if self.embed:
                return {"app": waiting_screen(self.notices)}
            notices = list(self.notices)
            if warning:
                notices.insert(0, (warning, True))
            saves = self.store.list()
            progress = lesson_view.read_progress(self.store.note(lesson_view.PROGRESS_KEY))
            html = screens.start_screen(
                self.setup,
                saves,
                confirm=self.confirm,
                notices=notices,
                now=self.now(),
                tutorial=lesson_view.learn_card(progress, first=not saves),
                stats=history.section(self.store.note(history.KEY)),
            )
            if self.rules_open:
                html += screens.rules_dialog()
            return {"app": html}  # the icons' sprite is in the page once, outside every container (page.py)
        s = self.session
        ctx = self.context()
        overlay = ""
        if self.rules_open:
            overlay = screens.rules_dialog()
        elif self.scenes:
            overlay = scenes.html(s.game, self.scenes[0], s.names, self.spectator)
        elif s.handover is not None:
            overlay = screens.handover(s)
        elif s.game.is_over() and self.results_open and not isinstance(s, LessonBoard):
            overlay = screens.end_screen(s.game, s, embed=self.embed)
        notice = "".join(f'<p class="msg err" role="alert">{esc(t)}</p>' for t, _ in self.notices)
        if warning:
            notice = f'<p class="msg warn" role="alert">{esc(warning)}</p>' + notice
        screen = ""
        if len(s.humans) > 1 and s.screen is not None:
            screen = f'<span class="whose">{chip(s.screen, s.names[s.screen])}\'s screen</span>'
        buttons: tuple[tuple[str, str, str], ...] = (
            ("rules", "book", "Rules"),
            ("export-current", "scroll", "Export"),
            ("home", "menu", "Games"),
        )
        on = self.sound_on
        switch = (
            f'<button type="button" class="tool" data-action="sound" aria-pressed="{"true" if on else "false"}" '
            f'title="Sound of dice, building and battle: {"on" if on else "off"}">'
            f'<b class="glyph" aria-hidden="true">♪</b><span>Sound</span></button>'
        )
        if self.embed:  # the board alone: nothing to save, list or remember
            buttons, switch = buttons[:1], ""
        tools = (
            f'<div class="bar-tools">{screen}{switch}'
            + "".join(
                f'<button type="button" class="tool" data-action="{a}" title="{t}">{icon(i)}<span>{t}</span></button>'
                for a, i, t in buttons
            )
            + "</div>"
        )
        return {
            "topbar": board.topbar(ctx, tools),
            "panel": (
                lesson_view.panel(ctx, s, self.message, self.error, embed=self.embed)
                if isinstance(s, LessonBoard)
                else panel(ctx, message=self.message, error=self.error, progress=self.progress)
            ),
            "notice": notice + (summary.season_banner(self.season, s.names) if self.season else ""),
            "court": board.court(ctx),
            "sheets": board.sheets(ctx),
            "strips": board.strips(ctx),
            "loghead": (
                f'<h2>Log</h2><button type="button" class="tool small" data-action="log" aria-controls="log" '
                f'aria-expanded="{"true" if self.log_open else "false"}">{"Hide" if self.log_open else "Show"}</button>'
            ),
            "overlay": overlay,
        }

    def announcement(self, now: float) -> str | None:
        """What the live region should say now (None: nothing, or not yet: announcements keep a gap)."""
        s = self.session
        if self.mode == "game" and s is not None and self.generation != self._heard:
            self._heard = self.generation
            g = s.game
            self.announcer.update(g.events, s.viewer, g.players, [p.vp for p in g.state.players])
        return self.announcer.take(now)

    def log_items(self) -> list[str]:
        if self.mode != "game" or self.session is None:
            return []
        s = self.session
        return screens.log_items(s.view(), s.names)

    def debug_position(self) -> str:
        if self.session is None:
            return ""
        return json.dumps(self.session.game.position(), sort_keys=True)


PAGE_ACTIONS = frozenset({"import"})
"""``data-action`` names web/page.py handles itself: the file picker reads the file, then sends ``import-text``."""

Handler = Callable[[App, str, str], bool | None]
"""An event handler: ``(app, value, seat)``; False when the screen need not change."""

HANDLERS: dict[str, Handler] = {
    "name": App._on_name,
    "kind": App._on_kind,
    "count": App._on_count,
    "start": App._on_start,
    "continue": App._on_continue,
    "delete": App._on_delete,
    "delete-no": App._on_delete_no,
    "delete-yes": App._on_delete_yes,
    "export": App._on_export,
    "export-current": App._on_export_current,
    "export-all": App._on_export_all,
    "import-text": App._on_import_text,
    "import-error": App._on_import_error,
    "stats-reset": App._on_stats_reset,
    "sound": App._on_sound,
    "home": App._on_home,
    "new": App._on_new,
    "rules": App._on_rules,
    "close-rules": App._on_close_rules,
    "escape": App._on_escape,
    "log": App._on_log,
    "tab": App._on_tab,
    "results": App._on_results,
    "hide-results": App._on_hide_results,
    "die": App._on_die,
    "extra": App._on_extra,
    "clear": App._on_clear,
    "act": App._on_act,
    "reveal": App._on_reveal,
    "hint": App._on_hint,
    "handovers": App._on_handovers,
    "undo": App._on_undo,
    "skip": App._on_skip,
    "speed": App._on_speed,
    "scene-next": App._on_scene_next,
    "season-close": App._on_season_close,
    "learn": LessonControls._on_learn,
    "lesson-open": LessonControls._on_lesson_open,
    "lesson-text": LessonControls._on_lesson_text,
    "lesson-error": LessonControls._on_lesson_error,
    "lesson-next": LessonControls._on_lesson_next,
    "lesson-back": LessonControls._on_lesson_back,
    "lesson-show": LessonControls._on_lesson_show,
    "lesson-leave": LessonControls._on_lesson_leave,
}
"""Every ``data-action`` the page renders (and the few main.py sends itself: ``name``, ``escape``, ``scene-next``,
``import-text``/``import-error``, ``lesson-text``/``lesson-error``) and its handler."""


def _index(text: str, n: int) -> int | None:
    return int(text) if text.isdigit() and int(text) < n else None
