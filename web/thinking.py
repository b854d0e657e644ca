"""Page glue for the computers' worker: the Python side of web/thinking.js (which carries the messages) and
web/thinker.mjs (the worker, running web/app/thinker.py in its own Pyodide).

The worker is started once a game with computers is open (or the hint was asked), after the board is playable:
web/thinking.js is loaded then, not with the page. Each computer decision is then asked of it with the seat's
view; the page draws the search's progress and applies the answer through the engine, unless the game moved on
meanwhile. Without a worker (``?worker=0``, no Web Workers, a start that fails or takes too long, an answer
that fails or that the engine refuses) the page's computers think on its own thread, in slices (web/page.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from app.controller import App
from app.session import RemoteTurn
from app.update import Update
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

PROGRESS_EVERY = 0.15  # seconds between redraws of a thinking computer's progress
WORKER_WAIT = 10.0  # seconds a computer waits for the worker to start before it thinks on the page's thread
PROGRESS_BAR = '#panel progress[aria-label="Thinking"]'  # web/app/panel.py draws it while Hard thinks
ARCHIVES = ("kingsburg.whl", "page.zip")  # what the page runs from (web/main.py); the worker runs from them too


def clock(name: str, otherwise: float | None) -> float | None:
    """``window.kingsburgClocks[name]`` if it was set before the page loaded (a number, or null: None), else
    ``otherwise``. The tests set the page's clocks (tools/browser.py NO_CLOCKS), so that none decides an outcome."""
    clocks = getattr(window, "kingsburgClocks", None)
    if clocks is None or not window.Object.hasOwn(clocks, name):
        return otherwise
    value = getattr(clocks, name)
    return float(value) if isinstance(value, int | float) else None


def worker_ready() -> bool:
    """Whether the computers' worker (web/thinking.js's ``kingsburgThinker``) is started and answers."""
    thinker = getattr(window, "kingsburgThinker", None)
    return thinker is not None and str(thinker.state) == "ready"


class Worker:
    def __init__(self, app: App, render: Callable[[], None], apply: Callable[[Update], None]) -> None:
        self.app = app
        self.render = render
        self.apply = apply  # the page's: what a call into the App asked (a hint asked on the page's thread)
        self.thinker: Any = None  # window.kingsburgThinker once started (web/thinking.js)
        self.loading = False  # web/thinking.js is being loaded
        self.asked_at: int | None = None  # the game's generation when the decision in flight was asked

    def state(self) -> str:
        """ "off" (not asked for yet, or ``?worker=0``), "starting", "ready" or "failed"."""
        if self.thinker is not None:
            return str(self.thinker.state)
        return "starting" if self.loading else "off"

    def start(self) -> None:
        """Start the worker, once (never with ``?worker=0``)."""
        if self.thinker is not None or self.loading or not self.app.params.worker:
            return
        self.loading = True
        script = document.createElement("script")
        script.src = "./web/thinking.js"
        script.addEventListener("load", create_once_callable(self._loaded))
        script.addEventListener("error", create_once_callable(self._not_loaded))
        document.head.append(script)

    def _not_loaded(self, *_: Any) -> None:
        self.loading = False  # no worker: state "off" from now on, and the computers think here

    def _loaded(self, *_: Any) -> None:
        thinker = window.kingsburgThinker
        interpreter = getattr(window, "kingsburgInterpreter", None)
        try:
            archives = {}
            for name in ARCHIVES:
                with open(name, "rb") as file:
                    archives[name] = to_js(file.read())
        except OSError as exc:
            thinker.disable(f"the game's archives cannot be read: {exc}")
        else:
            if isinstance(interpreter, str):
                url = window.URL.new("./web/thinker.mjs", document.baseURI).href
                thinker.start(url, interpreter, to_js(archives, dict_converter=window.Object.fromEntries))
            else:
                thinker.disable("the interpreter module did not say where it is")
        self.thinker = thinker
        self.loading = False

    @staticmethod
    def wait_limit() -> float | None:
        """WORKER_WAIT, unless ``window.kingsburgClocks.workerWait`` was set before the page loaded (a number, or
        null: no limit; the tests set it, so the machine's speed never decides where a computer thinks)."""
        return clock("workerWait", WORKER_WAIT)

    async def ready(self, generation: int, wait: bool) -> bool:
        """Whether the worker thinks for the decision now: if ``wait`` (a search, which the page's thread would
        cut short), waits while it starts (``wait_limit``), and gives up when the game moves on meanwhile. A
        decision taken at once is not kept waiting for a worker that is still starting."""
        if not wait and self.state() == "starting":
            return False
        since, limit = time.perf_counter(), self.wait_limit()
        while self.app.generation == generation and (limit is None or time.perf_counter() - since < limit):
            state = self.state()
            if state != "starting":
                return state == "ready"
            await asyncio.sleep(0.05)
        return False

    async def ask(self, request: str) -> str | None:
        """The worker's answer, or None (it failed, or a newer request took its place)."""
        text = await self.thinker.ask(request)
        return text if isinstance(text, str) else None

    async def think(self, generation: int) -> tuple[RemoteTurn, Update] | None:
        """One computer decision asked of the worker: the page draws its progress, then applies the answer
        (checked by the engine), unless the game moved on meanwhile. Returns the turn once applied, with what
        the page must do after it (its sounds)."""
        turn = self.app.remote_turn()
        self.asked_at = generation
        reply = asyncio.ensure_future(self.ask(turn.request))
        self.render()
        while not reply.done() and self.app.generation == generation:
            await asyncio.wait([reply], timeout=PROGRESS_EVERY)
            if not reply.done():
                # Only the progress bar moves: a whole redraw would cost the page's thread 10 ms or more each time.
                turn.progress = float(self.thinker.progress)
                self.app.bot_progress(turn)
                bar = document.querySelector(PROGRESS_BAR)
                if bar:
                    bar.value = int(turn.progress * 100)
        self.asked_at = None
        if self.app.generation != generation:
            self.thinker.cancel()
            self.app.drop_bot()
            return None
        text = reply.result()
        if text is None:  # the worker failed meanwhile: this decision is thought on the page's thread
            self.app.thinking = None
            return None
        try:
            turn.answer(text)
            update = self.app.finish_bot(turn)
        except ValueError as exc:  # an answer that is no legal decision: nothing changed; no more asking
            self.thinker.disable(f"an answer was refused: {exc}")
            return None
        return (turn, update) if update.redraw else None

    def moved_on(self) -> None:
        """The game changed (a decision taken back, another tab's save): the worker stops the search in flight
        at once, and its answer, if already on its way, is counted late and dropped. Called on every redraw, so
        this happens before the change is shown, not at the next progress poll."""
        if self.asked_at is not None and self.asked_at != self.app.generation and self.thinker is not None:
            self.asked_at = None
            self.thinker.cancel()

    async def hint(self, generation: int, request: str) -> None:
        """Show the worker's hint, asked at ``generation``; asked on the page's thread if the worker failed."""
        text = await self.ask(request)
        try:
            shown = text is not None and self.app.hint_answer(generation, text)
        except ValueError as exc:
            self.thinker.disable(f"a hint was refused: {exc}")
            text = None
            shown = False
        if text is None and self.app.generation == generation:
            self.apply(self.app.handle("hint", "here"))
        elif shown:
            self.render()
