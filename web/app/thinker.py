"""The computers' thinking beside the page: what runs in the worker (web/thinker.mjs starts Pyodide in a Web
Worker, writes the same two archives the page runs from, and calls ``Thinker``).

The page sends a request as JSON text (``Session.bot_request``, ``hint_request``): the seat's view as the engine
writes it (``Game.view_json``: nothing that seat may not know) and, for a computer, its level, the game's bot
seed and its seat. The worker answers with the decision in notation; the page applies it through the engine,
checked as any action, and drops an answer that comes for a game that has moved on. A computer decides in the
worker exactly as on the main thread: the same bot (``session.make_bot``), made once per seat of a session, on
the same view. Only the deadline differs: the worker spends the whole playout budget, unless a search on a very
slow device reaches its deadline (``WORKER_DEADLINE``; ``Thinker(deadline=None)``, as the tests ask through
web/thinking.js, never cuts one, so the decision does not depend on the machine's speed).
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Protocol

import kingsburg
from kingsburg import parse_json

from . import hint
from .session import make_bot
from .theme import KINDS

if TYPE_CHECKING:
    from kingsburg.bots import Advice, Bot, Decision

WORKER_DEADLINE = 10.0
"""Seconds a computer may think in the worker: far beyond any search at the default budget (the slowest Hard
decision measured on a quiet 2-core machine is under 1 s; 5.6 s with that machine's cores shared twentyfold), so
it only cuts a search on a very slow device rather than keep the table waiting without end."""
MAX_REQUEST = 2_000_000  # characters: a view's text is under 20,000


class Job(Protocol):
    """One request being worked out: ``work(seconds)`` until it returns True, then ``answer()``."""

    @property
    def progress(self) -> float: ...

    def work(self, seconds: float) -> bool: ...

    def answer(self) -> str: ...


class BotJob:
    def __init__(self, bot: Bot, view: kingsburg.Game, deadline: float | None = WORKER_DEADLINE) -> None:
        self.started = time.perf_counter()
        self.deadline = deadline  # seconds, or None: the whole playout budget whatever the time
        self.search: Decision = bot.start(view)
        self.action: kingsburg.Action | None = None
        self.cut = False

    @property
    def progress(self) -> float:
        return 1.0 if self.action is not None else self.search.progress

    def work(self, seconds: float) -> bool:
        """Playouts for about ``seconds`` (one playout cannot be cut); True once the decision is known."""
        start = time.perf_counter()
        while self.action is None and not self.search.done:
            if self.deadline is not None and time.perf_counter() - self.started > self.deadline:
                self.cut = True
                break
            if time.perf_counter() - start > seconds:
                return False
            self.search.step(1)
        if self.action is None:
            self.action = self.search.best()
        return True

    def answer(self) -> str:
        assert self.action is not None  # work() returned True
        return json.dumps({"action": str(self.action), "cut": self.cut})


class HintJob:
    def __init__(self, view: kingsburg.Game) -> None:
        self.view = view
        self.done = False
        self.advice: Advice | None = None

    @property
    def progress(self) -> float:
        return 1.0 if self.done else 0.0

    def work(self, seconds: float) -> bool:
        self.advice, self.done = hint.top(self.view), True
        return True

    def answer(self) -> str:
        assert self.done  # work() returned True
        return hint.answer(self.advice)


class Thinker:
    """The worker's side: turns each request into a job. The bots of the last session asked about are kept; a bot's
    decision depends only on its seed and the position, so one made here decides as the page's own would.
    ``deadline``: seconds a search may take (None: no limit, the whole playout budget); ``playouts``: Hard's budget
    per decision (None: its own), as the page's ``Clocks.hard_playouts``."""

    def __init__(self, deadline: float | None = WORKER_DEADLINE, playouts: int | None = None) -> None:
        self.deadline = deadline
        self.playouts = playouts
        self._session: object = None
        self._bots: dict[tuple[str, int, int], Bot] = {}

    def start(self, text: str) -> Job:
        """A job for a request (JSON text); ValueError (kingsburg.InvalidSave, ...) when it is malformed."""
        request = parse_json(text, max_bytes=MAX_REQUEST, what="the request")
        if not isinstance(request, dict) or not isinstance(request.get("view"), str):
            raise ValueError("a request is an object with the seat's view")
        view = kingsburg.load_view(request["view"])
        if request.get("kind") == "hint":
            return HintJob(view)
        level, bot_seed, session = request.get("bot"), request.get("bot_seed"), request.get("session")
        if level not in KINDS or level == "human" or not isinstance(bot_seed, int) or view.seat is None:
            raise ValueError("a computer's request names its level and the game's bot seed")
        if session != self._session:
            self._session, self._bots = session, {}
        key = (level, bot_seed, view.seat)
        if key not in self._bots:
            self._bots[key] = make_bot(level, bot_seed, view.seat, self.playouts)
        return BotJob(self._bots[key], view, self.deadline)
