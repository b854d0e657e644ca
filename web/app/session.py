"""A match on this device: the Game, who sits where (a person or a computer level), whose screen is shown, when
the device must be handed over, undo of a person's last decision, and computer turns that think in slices.

Hotseat rule: the screen shows one person's view (``game.view(seat)``: their secret look at the enemy card, their
log). When the next person to decide is not the one whose screen is shown, the screen becomes theirs at once,
unless theirs would show a secret the last person must not see (a look at the enemy card): then a hand-over
screen covers the board until that person taps to reveal it. Players who share everything can switch hand-overs
off for their game.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict, TypeVar

import kingsburg
from kingsburg import Action, Game
from kingsburg.i18n import _

if TYPE_CHECKING:  # the bots are imported only by games with computers (make_bot)
    from kingsburg.bots import Bot, Decision

    from .board import Ctx
    from .markup import Markup
    from .scenes import LessonScene

from .theme import KINDS

SPEEDS = {"slow": 1.6, "normal": 0.8, "fast": 0.3, "instant": 0.0}
"""Seconds a computer's turn stays visible before it acts."""
DEFAULT_SPEED = "normal"
THINKING_DEADLINE = 0.85
"""Seconds from the start of a computer's turn to its move, at most: a Hard search normally spends its playout
budget well before; on a slower (or busy) device it plays the best move found by then, rather than keep the
table waiting over a second. ``Session.thinking_deadline`` (None: no deadline) is what a turn uses."""


_SERIALS = itertools.count(1)


def make_bot(kind: str, bot_seed: int, seat: int, playouts: int | None = None) -> Bot:
    """The computer player of ``kind`` at ``seat`` of a game whose page data has ``bot_seed`` (the benchmark
    rebuilds the page's bots with it to replay their decisions on CPython). ``playouts``: Hard's budget per
    decision, when a test sets it (``Clocks.hard_playouts``; None: the bot's own)."""
    from kingsburg.bots import BOTS  # only games with computers pay for importing them

    if kind == "hard" and playouts is not None:
        return BOTS[kind](seed=bot_seed * 8 + seat, iterations=playouts)
    return BOTS[kind](seed=bot_seed * 8 + seat)


class SeatData(TypedDict):
    name: str
    kind: str  # "human" or a computer level of theme.KINDS


class AppData(TypedDict, total=False):
    """The page's data saved beside the engine's save (its "app" object). Read back from storage it is untrusted:
    Session takes any mapping and repairs what is missing or damaged."""

    seats: list[SeatData]
    by: list[int | None]  # who made each decision (None: unknown)
    screen: int | None
    handover: int | None
    bot_seed: int
    speed: str
    handovers: bool
    scenes: list[tuple[str, int]]  # scenes not yet clicked away: ("winter" or "year", year)


class Session:
    def __init__(
        self, game: Game, app: Mapping[str, object], save_id: str | None = None, readonly: bool = False
    ) -> None:
        self.game = game
        self.save_id = save_id
        self.readonly = readonly  # a tutorial position shown without play
        seats = app.get("seats")
        self.kinds: list[str] = []
        for seat in seats if isinstance(seats, list) else []:
            kind = seat.get("kind") if isinstance(seat, dict) else None
            self.kinds.append(kind if isinstance(kind, str) and kind in KINDS else "human")
        n = len(game.players)
        self.kinds = (self.kinds + ["human"] * n)[:n]
        by = app.get("by")
        # Who made each decision so far (undo takes back a person's own decision and the computers' after it).
        if isinstance(by, list) and len(by) == len(game.actions) and all(isinstance(x, int | None) for x in by):
            self.by: list[int | None] = list(by)
        else:
            self.by = [None] * len(game.actions)
        self.screen: int | None = _seat_or_none(app.get("screen"), n)
        self.handover: int | None = _seat_or_none(app.get("handover"), n)
        bot_seed = app.get("bot_seed")
        self.bot_seed = bot_seed if isinstance(bot_seed, int) else 0
        self.handovers = app.get("handovers") is not False  # hide each person's secrets from the others
        speed = app.get("speed")
        self.speed = speed if isinstance(speed, str) and speed in SPEEDS else DEFAULT_SPEED
        self.skipping = False  # "skip": computers act without pauses until a person must decide
        # Scenes not yet clicked away ([kind, year]: "winter" or "year"), so a reload shows them again.
        scenes = app.get("scenes")
        self.scenes: list[tuple[str, int]] = [
            (k, y)
            for k, y in (x for x in (scenes if isinstance(scenes, list) else []) if isinstance(x, list) and len(x) == 2)
            if isinstance(k, str)
            and k in ("winter", "year")
            and isinstance(y, int)
            and not isinstance(y, bool)
            and 1 <= y <= 5
        ]
        self._bots: dict[int, Bot] = {}
        # Seconds a computer's turn on this thread may think (None: its whole playout budget, however slow the
        # machine; tests set that so a decision never depends on the machine's speed).
        self.thinking_deadline: float | None = THINKING_DEADLINE
        self.hard_playouts: int | None = None  # Hard's playouts per decision (None: its own budget)
        self.serial = next(_SERIALS)  # the worker keeps one set of bots per session, as this one does
        if self.screen is None and len(self.humans) == 1:
            self.screen = self.humans[0]
        self._settle()

    @classmethod
    def new(cls, names: list[str], kinds: list[str], seed: int, speed: str = DEFAULT_SPEED, **options: Any) -> Session:
        game = kingsburg.new_game(names, seed=seed, **options)
        app: AppData = {
            "seats": [{"name": n, "kind": k} for n, k in zip(game.players, kinds, strict=True)],
            "bot_seed": seed % (1 << 31),
            "speed": speed,
        }
        return cls(game, app)

    # --- Seats -----------------------------------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        return self.game.players

    @property
    def humans(self) -> list[int]:
        return [i for i, k in enumerate(self.kinds) if k == "human"]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] == "human"

    @property
    def to_play(self) -> int | None:
        return self.game.to_play

    @property
    def computer_to_play(self) -> bool:
        seat = self.game.to_play
        return seat is not None and not self.is_human(seat) and not self.readonly

    @property
    def viewer(self) -> int | None:
        """The seat whose knowledge the screen shows; None when nobody plays here (computers only, or a position
        shown read-only): then the whole game is shown."""
        if self.readonly:
            return None
        if self.screen is not None:
            return self.screen
        humans = self.humans
        if not humans:
            return None
        seat = self.game.to_play
        return self.handover if self.handover is not None else (seat if self.is_human(seat) else humans[0])

    def view(self) -> Game:
        """What the screen may show: the viewer's view, or the whole game when only computers play."""
        seat = self.viewer
        return self.game if seat is None else self.game.view(seat)

    @property
    def my_turn(self) -> bool:
        """A person decides now, on their own uncovered screen."""
        seat = self.game.to_play
        return (
            not self.readonly
            and seat is not None
            and self.is_human(seat)
            and self.handover is None
            and self.screen == seat
        )

    def app_data(self) -> AppData:
        """The page's data saved beside the engine's save."""
        return {
            "seats": [{"name": n, "kind": k} for n, k in zip(self.names, self.kinds, strict=True)],
            "by": self.by,
            "screen": self.screen,
            "handover": self.handover,
            "bot_seed": self.bot_seed,
            "speed": self.speed,
            "handovers": self.handovers,
            "scenes": self.scenes,
        }

    # --- What differs by kind of board ------------------------------------------------------------------
    # A game's answers; the other boards override what differs: a lesson (lesson_view.LessonBoard), a replay
    # (replay_view.ReplayBoard), a position shared read-only (share.SharedBoard: its viewer only). The page's
    # screens ask the board on screen, never which kind it is (a kind's own events find it with ``board_as``).

    shows_results = True
    """The end of the game covers the board with its results (a lesson or a replay shows its own panel instead)."""

    def kind_markers(self) -> dict[str, str]:
        """#app's data attributes that tell a lesson or a replay (tests and the benchmark read them)."""
        return {"lesson": "", "lessonName": "", "replay": ""}

    def title(self) -> str | None:
        """The tab's title when the board has its own (None: the game's, whose turn it is)."""
        return None

    def own_panel(self, ctx: Ctx, message: str, error: bool, embed: bool) -> Markup | None:
        """The decision panel when the board has its own (None: the game's, panel.panel)."""
        return None

    def own_log(self) -> list[Markup] | None:
        """The log's lines when the board has its own (None: the game's, as the screen's seat sees it)."""
        return None

    @property
    def lesson_step(self) -> tuple[int, bool] | None:
        """A lesson's step on this board (its number, whether the lesson is finished); None: no lesson."""
        return None

    def pointers(self) -> list[str]:
        """CSS selectors of the board parts a lesson's step points at (none on a game)."""
        return []

    def sheet_seat(self) -> int | None:
        """The province sheet a lesson's step wants shown (None: the sheet follows whoever decides)."""
        return None

    def labels(self) -> dict[str, str]:
        """CSS selector -> the short label a lesson's step puts on that pointed part (none on a game)."""
        return {}

    def arrows(self) -> list[tuple[str, str]]:
        """The arrows a lesson's step draws, as CSS selectors of the parts they join (none on a game)."""
        return []

    def lesson_scene(self) -> LessonScene | None:
        """The scene a lesson's step shows in the court's place (None: the court; a game's scenes are the
        game screen's, shown over the board)."""
        return None

    @property
    def host_board(self) -> str:
        """What the host API calls this board (docs/embedding.md): "play", "read-only" or "lesson"."""
        return "read-only" if self.readonly else "play"

    @property
    def host_seat(self) -> int | None:
        """The seat whose view the host API sends (None: whoever is to play)."""
        return self.viewer

    def host_lesson(self) -> dict[str, Any] | None:
        """The lesson the host API describes in the board's state (None: no lesson)."""
        return None

    # --- Decisions -------------------------------------------------------------------------------------

    def apply(self, action: Action | str) -> None:
        seat = self.game.to_play
        self.game.apply(action)
        self.by.append(seat)
        self._settle()

    def reveal(self) -> None:
        """The person the device was handed to taps to see their screen."""
        if self.handover is not None:
            self.screen = self.handover
            self.handover = None

    def _settle(self) -> None:
        """Whose screen to show after a change, and whether the device must be handed over first."""
        seat = self.game.to_play
        if self.readonly or seat is None or not self.is_human(seat):
            self.handover = None
            if seat is None:
                self.skipping = False
            return
        self.skipping = False
        if self.screen is None or not self.handovers or not self.would_reveal(self.screen, seat):
            self.screen = seat
            self.handover = None
        else:
            self.handover = seat

    def would_reveal(self, last: int, seat: int) -> bool:
        """Whether ``seat``'s screen shows something ``last`` must not see: the enemy card only ``seat`` looked at."""
        card = self.game.known_enemy(seat)
        return card is not None and self.game.known_enemy(last) != card

    def set_handovers(self, on: bool) -> None:
        self.handovers = on
        if not on and self.handover is not None:
            self.reveal()

    def undo_problem(self) -> str | None:
        """Why the screen's person cannot undo now (None: they can try)."""
        seat = self.screen
        if self.readonly or not self.is_human(seat):
            return _("Only a player can take back a decision.")
        mine = self._last_human_decision()
        if mine is None:
            return _("There is nothing to undo yet.")
        last = self.by[mine]
        if last != seat:
            if last is None:
                return _("someone decided last; only your own last decision can be taken back.")
            return _("{name} decided last; only your own last decision can be taken back.").format(
                name=self.names[last]
            )
        if not self.game.can_undo():
            return _("Too late to undo: dice were rolled or a hidden card was seen since your last decision.")
        return None

    def _last_human_decision(self) -> int | None:
        for i in range(len(self.by) - 1, -1, -1):
            if self.by[i] is None or self.is_human(self.by[i]):
                return i
        return None

    def undo(self) -> str | None:
        """Take back the screen's person's last decision and any computer decisions after it.
        Returns a message for the player when that is not possible (nothing changes then)."""
        problem = self.undo_problem()
        if problem:
            return problem
        mine = self._last_human_decision()
        assert mine is not None
        try:
            self.game.undo(len(self.by) - mine)  # refused as a whole: nothing changes then
        except kingsburg.UndoRefused:
            return _("Too late to undo: dice were rolled or a hidden card was seen since your last decision.")
        del self.by[mine:]
        self._settle()
        return None

    def take_back(self) -> None:
        """Take back the last decision, whoever made it (the host API of an embedded board). Raises UndoRefused
        (nothing changes) across dice rolled or a card seen."""
        self.game.undo(1)
        del self.by[-1:]
        self._settle()

    # --- Computers -------------------------------------------------------------------------------------

    def bot(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.kinds[seat], self.bot_seed, seat, self.hard_playouts)
        return self._bots[seat]

    def delay(self) -> float:
        """Seconds to wait before a computer acts: the speed setting, none while skipping."""
        return 0.0 if self.skipping else SPEEDS[self.speed]

    def bot_turn(self) -> BotTurn:
        seat = self.game.to_play
        if seat is None or self.is_human(seat):
            raise ValueError("no computer is to play")
        return BotTurn(self, seat)

    def searching(self) -> bool:
        """Whether the computer to play decides by a search (Hard), rather than at once."""
        seat = self.game.to_play
        return seat is not None and not self.is_human(seat) and self.bot(seat).searches

    def remote_turn(self) -> RemoteTurn:
        """The computer's decision now, asked of the worker (web/app/thinker.py)."""
        seat = self.game.to_play
        if seat is None or self.is_human(seat):
            raise ValueError("no computer is to play")
        return RemoteTurn(self, seat)


class RemoteTurn:
    """One computer decision worked out in the worker: ``request`` is what it is sent (the seat's view only),
    ``answer`` takes its reply. Like BotTurn, it knows the position it was asked for, so a late answer is
    dropped by ``App.finish_bot``."""

    def __init__(self, session: Session, seat: int) -> None:
        self.seat = seat
        self.decisions = len(session.game.actions)
        self.request = json.dumps(
            {
                "kind": "bot",
                "bot": session.kinds[seat],
                "bot_seed": session.bot_seed,
                "session": session.serial,
                "view": session.game.view_json(seat),
            }
        )
        self.action: Action | None = None
        self.cut_short = False
        self.progress = 0.0

    def answer(self, text: str) -> None:
        """Read the worker's reply: the decision in notation (the engine checks it again when it is applied).
        Raises ValueError (kingsburg.InvalidAction among them) when the reply is no decision."""
        reply = json.loads(text)
        action = reply.get("action") if isinstance(reply, dict) else None
        if not isinstance(action, str):
            raise ValueError(f"the worker's reply names no decision: {text[:200]!r}")
        self.action = kingsburg.parse_action(action)
        self.cut_short = reply.get("cut") is True
        self.progress = 1.0


class BotTurn:
    """One computer decision, computed in slices: ``work(seconds)`` returns True once the action is known.
    The bot sees only ``game.view(seat)``."""

    def __init__(self, session: Session, seat: int) -> None:
        self.started = time.perf_counter()  # the deadline counts the view and the ranking of candidates too
        self.seat = seat
        self.decisions = len(session.game.actions)  # the position this turn was computed for
        self.view = session.game.view(seat)
        self.bot = session.bot(seat)
        self.search: Decision = self.bot.start(self.view)
        self.action: Action | None = None
        self.deadline = session.thinking_deadline
        self.cut_short = False  # the deadline ended the search before its budget

    @property
    def progress(self) -> float:
        if self.action is not None:
            return 1.0
        return self.search.progress

    def work(self, seconds: float) -> bool:
        if self.action is not None:
            return True
        # One playout cannot be cut, so stop before one that would likely overrun the slice (or the deadline):
        # a slice lasts about max(seconds, one playout) rather than seconds + one playout.
        start = time.perf_counter()
        last = 0.0
        while not self.search.done:
            began = time.perf_counter()
            if self.deadline is not None and began - self.started + last > self.deadline:
                self.cut_short = True
                break
            if began - start + last > seconds:  # never true before the first playout (last is 0)
                return False
            self.search.step(1)
            last = time.perf_counter() - began
        self.action = self.search.best()
        return True


B = TypeVar("B", bound=Session)


def board_as(session: Session | None, kind: type[B]) -> B | None:
    """The board on screen if it is a ``kind`` (a lesson's or a replay's own events act only on their board), else
    None: the one place that asks what kind of board is shown; everything else asks the board itself."""
    return session if isinstance(session, kind) else None


def _seat_or_none(value: object, n: int) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n else None
