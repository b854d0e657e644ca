"""Page glue for Kingsburg: the only module that touches the browser (``pyscript``, ``pyodide``, ``js``).

Everything else is the pure-Python model in ``web/app/`` (tested on CPython in ``tests/web/``). Started by
``web/main.py``, which PyScript runs. This module:

* listens once on ``#app`` for clicks, changes and typing, reading ``data-action`` / ``data-value`` / ``data-seat``;
* sets the HTML of the containers whose content changed, appends new log lines, keeps keyboard focus;
* saves after the screen is updated (and asks once for persistent storage), offers downloads, reads imported files;
* hears other tabs' saves (the ``storage`` event), so a stale tab follows the newer game;
* when the first screen cannot be built, offers to start without the saved games (``rescue``), keeping them;
* has computers (and the hint) think in a worker once the board is playable (web/thinking.js, web/thinker.mjs,
  web/app/thinker.py), or in small slices between browser tasks when there is none, so the page never freezes;
* for an embedded board (``?embed=1``), answers the page around it (web/host.js hands in its messages as text;
  the protocol is ``app.host``) and announces every change of the board to it after each redraw;
* records click -> updated board latencies in ``window.kingsburgLatency`` (read by ``make bench-page``) and
  when computers think in ``window.kingsburgThinking`` ([start, end, cut short by the deadline, "worker" or
  "page"] per decision; the long-task test and the benchmark read them).

Contract with the page shell: ``boot_stage`` reports progress; ``<body data-ready="1">`` once playable.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import sys
import time
from typing import Any

from app.backup import MAX_BACKUP_BYTES, export_all
from app.controller import App, Clocks
from app.host import Host
from app.icons import sprite
from app.languages import LANGUAGES, PSEUDO, SOURCE, STORAGE_KEY, catalogue_urls, choose
from app.markup import Markup
from app.params import language_in
from app.rescue import rescue_screen, rescue_store
from app.storage import PREFIX, SaveStore
from app.update import Update
from app.views import LAYOUTS
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window
from thinking import Worker, clock, worker_ready

from kingsburg import i18n
from kingsburg.i18n import _


def boot_stage(text: str, percent: int) -> None:
    window.kingsburgBoot.stage(text, percent)


ANNOUNCEMENTS_KEPT = 3  # the live region keeps its last few announcements (screen readers read only additions)
SLICE = 0.006  # seconds of computer thinking per browser task (a playout may run a few ms over)
PROGRESS_EVERY = 0.15  # seconds between redraws of a thinking computer's progress
WORKER_LATER_MS = 2000  # a person decides first: the computers' worker starts this long after the board shows
FRAME_AT_THE_LATEST_MS = 100  # after a change, saving and the computers wait for a frame, but no longer than this


def local_storage() -> Any:
    try:
        storage = window.localStorage
        storage.length  # noqa: B018 - a browser may refuse access only when it is used
        return storage
    except Exception:
        return None


def attr(el: Any, name: str) -> str:
    """An attribute's text ("" when missing: JavaScript's null is not None in Pyodide)."""
    value = el.getAttribute(name) if el and hasattr(el, "getAttribute") else None
    return value if isinstance(value, str) else ""


class Page:
    def __init__(self, app: App) -> None:
        self.root = document.getElementById("app")
        self.app = app
        self.persist_asked = False
        self.shown: dict[str, str] = {}
        self.mode: str | None = None
        self.log: list[str] = []
        self.log_scroll = False  # the log's scrolling waits for the next frame
        self.worker_later = False  # the worker's start is set for later (a person decides first)
        self.computers_running = False
        self.worker = Worker(app, self.render, self.apply)  # the computers' worker (web/thinking.py)
        self.scenes_running = False
        self.scene_loops = 0  # pacing loops started (play_scenes): one a scene, which tests check
        self.covered = False  # a modal dialog covers the board (which is then inert)
        self.idle_signalled = False
        self.focused: str | None = None  # the decision whose start moved the focus to the panel
        self.opener: tuple[str, str, str] | None = None  # the control focused when the dialog shown opened
        self.tasks: set[asyncio.Future] = set()
        self.pointed: tuple[str | None, tuple[str, ...]] | None = None  # the lesson step last brought into sight
        self.arrowed = False  # a lesson step's arrows are drawn (web/arrows.js)
        self.latency = window.kingsburgLatency
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_change), create_proxy(self.on_input)]
        self.root.addEventListener("click", self._proxies[0])
        self.root.addEventListener("change", self._proxies[1])
        self.root.addEventListener("input", self._proxies[2])
        self._keys = create_proxy(self.on_key)
        document.addEventListener("keydown", self._keys)
        self._hash = create_proxy(self.on_hash)
        window.addEventListener("hashchange", self._hash)
        self._storage = create_proxy(self.on_storage)
        window.addEventListener("storage", self._storage)
        holder = document.createElement("div")
        holder.id = "sprite"
        holder.innerHTML = sprite()
        document.body.prepend(holder)
        # One polite live region, outside #app so that no redraw replaces it (web/app/announce.py).
        self.announcer = document.createElement("div")
        self.announcer.id = "announcer"
        self.announcer.className = "sr"
        self.announcer.setAttribute("aria-live", "polite")
        document.body.append(self.announcer)
        self.announce_timer = False
        self.host: Host | None = None
        self.ready = False  # the loading screen is gone (page_ready)
        self.fetching_first = False  # the lesson in the address is being fetched: the loading screen waits for it

    def spawn(self, coroutine: Any) -> None:
        """Run a coroutine on the browser's event loop, keeping a reference until it ends."""
        task = asyncio.ensure_future(coroutine)
        self.tasks.add(task)
        task.add_done_callback(self.task_done)

    def task_done(self, task: asyncio.Future[Any]) -> None:
        """A coroutine of the page ended: an error in it is said in the console, not kept until collected."""
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            window.console.error(f"kingsburg: {task.exception()!r}")

    # --- Events -----------------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        started = window.performance.now()
        el = event.target.closest("[data-action]")
        if not el or el.tagName in ("INPUT", "SELECT", "LABEL") or el.getAttribute("aria-disabled") == "true":
            return
        self.dispatch(attr(el, "data-action"), attr(el, "data-value"), attr(el, "data-seat"), started)

    def on_change(self, event: Any) -> None:
        started = window.performance.now()
        el = event.target
        action = attr(el, "data-action")
        if not action:
            return
        if el.type == "file":
            files = el.files
            if files and files.length:
                self.spawn(self.import_file(files.item(0)))
            el.value = ""
            return
        if el.type == "text":
            # Left with Tab (or a click elsewhere): the screen is redrawn once focus has moved on, so that it
            # stays where the person moved it (focus_key reads it then).
            value, seat = str(el.value), attr(el, "data-seat")
            window.setTimeout(create_once_callable(lambda: self.dispatch(action, value, seat, started)), 0)
            return
        self.dispatch(action, str(el.value), attr(el, "data-seat"), started)

    def on_input(self, event: Any) -> None:
        el = event.target
        if attr(el, "data-action") == "name":
            self.apply(self.app.handle("name", str(el.value), attr(el, "data-seat")))

    def on_storage(self, event: Any) -> None:
        """Another tab of this site wrote to localStorage (this tab's own writes fire no event here)."""
        key = event.key
        if isinstance(key, str) and not key.startswith(PREFIX):
            return
        if self.app.storage_changed(key if isinstance(key, str) else None):
            self.render()
            self.after_change(None)

    def on_key(self, event: Any) -> None:
        if event.key == "Escape":
            update = self.app.handle("escape")
            self.apply(update)
            if update.redraw:
                return
        # A replay steps with the arrow keys (and Page Up / Down, Home, End), except while typing in a field.
        typing = event.target.closest("input, select, textarea") if hasattr(event.target, "closest") else None
        if event.altKey or event.ctrlKey or event.metaKey or typing:
            return
        if self.app.replay_key(str(event.key), bool(event.shiftKey)):
            event.preventDefault()
            self.render()

    def on_hash(self, event: Any) -> None:
        """A ``#position=`` link opened in a tab that already shows the game: open that position (the address
        is read afresh, as on a first visit; the game in progress is saved already)."""
        if any(key in str(window.location.hash) for key in ("position=", "lesson=", "collection=", "#s=", "&s=")):
            self.app.save_now()
            window.location.reload()

    def connect_host(self) -> None:
        """An embedded board in a frame talks with the page around it (docs/embedding.md). Without ``host=`` its
        messages may reach any origin, so they carry only what every player may know."""
        if not self.app.params.embed or not window.kingsburgHost.framed:
            return
        self.host = Host(self.app, public=self.app.params.host is None)
        self._host_proxies = [create_proxy(self.on_message), create_proxy(self.on_stranger)]
        window.kingsburgHost.connect(*self._host_proxies, self.app.params.host or "", self.host.ready())

    def on_message(self, text: Any) -> None:
        """A message of the parent window, as JSON text (None: it was no JSON): answered, then the board redrawn,
        which announces what changed."""
        assert self.host is not None
        started = window.performance.now()
        reply, update = self.host.message(text if isinstance(text, str) else None)
        window.kingsburgHost.post(reply)
        self.apply(update)
        self.after_change(started)

    def on_stranger(self, why: str) -> None:
        assert self.host is not None
        self.host.stranger(why)
        self.render()

    async def fetch_lesson(self, url: str, first: bool = False, kind: str = "lesson") -> None:
        """``?lesson=`` (or ``?collection=``, ``kind``): a relative URL (params.py refuses anything else), so the
        request stays on this origin; a redirect is refused rather than followed elsewhere. The engine checks the
        text. ``first``: the page's first lesson, which the loading screen waits for."""
        started = window.performance.now()
        options = to_js({"credentials": "same-origin", "redirect": "error"}, dict_converter=window.Object.fromEntries)
        try:
            response = await window.fetch(url, options)
            if not response.ok:
                raise ValueError(f"the site answered {response.status}")
            text = str(await response.text())
        except Exception as exc:
            said = (
                _("The collection {url} could not be fetched ({error}).")
                if kind == "collection"
                else _("The lesson {url} could not be fetched ({error}).")
            )
            self.dispatch("lesson-error", said.format(url=repr(url), error=exc), "", started)
        else:
            self.dispatch(f"{kind}-text", text, "", started)
        finally:
            if first:
                page_ready(self)

    async def switch_language(self, code: str, keep: bool = True) -> None:
        """The start screen's (``keep``: remembered on this device) or the host's language: fetched, installed,
        drawn."""
        if code not in LANGUAGES and code != PSEUDO:
            return
        loaded = await load_language(code)
        if loaded and keep and not self.app.embed:
            keep_language(code)
        if loaded:
            self.app.language_changed()
            # What the live region said was in the old language: gone, the switch is said in the new (the model's).
            self.announcer.replaceChildren()
            # The skeleton (the containers, their aria-labels and headings) is written only when the mode changes:
            # forgetting the mode shown makes the next drawing write it again, in the new words, and every part.
            self.mode = None
        else:
            self.app.language_refused(code, i18n.language())
        self.render()

    async def copy(self, text: str) -> None:
        """Copy a shared link; when the browser refuses, the Share dialog says to copy it from its box."""
        try:
            await window.navigator.clipboard.writeText(text)
        except Exception:
            self.dispatch("share-failed", "", "", window.performance.now())

    async def import_file(self, file: Any) -> None:
        started = window.performance.now()
        if file.size > MAX_BACKUP_BYTES:  # never read a huge file into memory: refused by its size alone
            mb = MAX_BACKUP_BYTES // 1_000_000
            said = _("That file is too large for a Kingsburg game or backup ({mb} MB at most).").format(mb=mb)
            self.dispatch("import-error", said, "", started)
            return
        try:
            text = str(await file.text())
        except Exception:
            self.dispatch("import-error", _("That file could not be read."), "", started)
            return
        self.dispatch("import-text", text, "", started)

    def dispatch(self, action: str, value: str, seat: str, started: float) -> None:
        if action == "language":  # the start screen's switch: the page's own business (its catalogues, storage)
            self.spawn(self.switch_language(value))
            return
        self.apply(self.app.handle(action, value, seat))
        self.after_change(started)

    def apply(self, update: Update) -> None:
        """Do what one call into the App asked (app/update.py): the only place that reads an Update."""
        if update.redraw:
            self.render()
        for kind in update.sounds:
            window.kingsburgSound.play(kind)
        if update.hint_request is not None:
            self.spawn(self.worker.hint(*update.hint_request))
        if update.download is not None:
            download(*update.download)
        if update.clipboard is not None:
            self.spawn(self.copy(update.clipboard))
        if update.clean_url:
            # The whole address without its query: a path alone such as "//" (an address typed with a double
            # slash) would read as another host, which the browser refuses.
            try:
                window.history.replaceState(None, "", base_url())
            except Exception as exc:  # the address keeps its query: a reload starts that game again, no worse
                window.console.warn(f"kingsburg: the address could not be cleaned: {exc}")
        if update.lesson_url is not None:
            self.fetch(update.lesson_url)
        if update.collection_url is not None:
            self.fetch(update.collection_url, "collection")
        if update.language is not None:  # the host's: this board only, not kept on the player's device
            self.spawn(self.switch_language(update.language, keep=False))

    def fetch(self, url: str, kind: str = "lesson") -> None:
        """Fetch a lesson (or a collection). The page's first one (the address's) keeps the loading screen up until
        it is shown, or its error is, so that a reader never sees the start screen flash by, and "ready" means the
        lesson's board for tests and hosts."""
        first = not self.ready
        if first:
            self.fetching_first = True
            boot_stage(_("Fetching the lesson…"), 97)
        self.spawn(self.fetch_lesson(url, first, kind))

    def after_change(self, started: float | None) -> None:
        """After the DOM update: measure the latency on the next frame, then save and let computers play."""
        # Saving and the computers wait for the next frame, so that they never hold up drawing this change. But a
        # browser draws no frame for a board it does not show (a frame on another site scrolled out of view, a
        # hidden tab): there the page goes on after FRAME_AT_THE_LATEST_MS, whichever comes first.
        went_on = False

        def go_on(drawn: bool) -> None:
            nonlocal went_on
            if went_on:
                return
            went_on = True
            if drawn and started is not None:
                self.latency.push(window.performance.now() - started)
            window.setTimeout(create_once_callable(self.settle), 0)

        window.requestAnimationFrame(create_once_callable(lambda _: go_on(True)))
        window.setTimeout(create_once_callable(lambda *_: go_on(False)), FRAME_AT_THE_LATEST_MS)

    def settle(self, *_: Any) -> None:
        store = self.app.store
        warning, saved_before, generation = store.warning, store.saved, self.app.generation
        self.app.save_now()
        if store.warning != warning or self.app.generation != generation:  # or it followed another tab's save
            self.render()
        if store.saved > saved_before and not self.persist_asked:
            self.persist_asked = True
            self.spawn(ask_persistence())
        session = self.app.session
        if session is not None and (any(k != "human" for k in session.kinds) or self.app.hint_given):
            if self.app.computer_due() or self.app.hint_given:
                self.worker.start()
            elif not self.worker_later:
                # A person decides first: the worker's start (a second Pyodide: its download and compilation)
                # waits a little, so that the board's first moments and clicks keep the machine to themselves.
                # A computer's turn, or the hint, starts it at once.
                self.worker_later = True
                window.setTimeout(create_once_callable(lambda *_: self.worker.start()), WORKER_LATER_MS)
        if self.app.computer_due() and not self.computers_running:
            # Marked at once, not when the task first runs: two saves in a row (two clicks, a click and another
            # tab's save) must not start two loops, which would each cancel the other's question to the worker.
            self.computers_running = True
            self.spawn(self.computers())
        elif not self.computers_running:
            self.signal_idle()

    # --- Computers --------------------------------------------------------------------------------------

    async def computers(self) -> None:
        """Let the computers play while it is their turn: one such loop at a time (``computers_running``)."""
        try:
            while self.app.computer_due():
                generation = self.app.generation
                self.render()
                await asyncio.sleep(0)  # drawing and thinking are separate browser tasks
                waited = time.perf_counter()
                while time.perf_counter() - waited < self.app.bot_delay() and self.app.generation == generation:
                    await asyncio.sleep(0.05)
                if self.app.generation != generation or not self.app.computer_due():
                    continue
                session = self.app.session
                if await self.worker.ready(generation, wait=session is not None and session.searching()):
                    thinking_since = window.performance.now()  # not counting the wait for the worker to start
                    thought = await self.worker.think(generation)
                    if thought is not None:
                        turn, update = thought
                        await self.after_bot(update, thinking_since, turn.cut_short, "worker")
                elif self.app.generation == generation:
                    await self.think_here(generation)
        finally:
            self.computers_running = False
            self.render()
            if not self.app.computer_due():
                self.signal_idle()

    async def think_here(self, generation: int) -> None:
        """One computer decision on this thread: every step below is a browser task of its own, so the page
        answers clicks in between."""
        if "kingsburg.bots" not in sys.modules:
            # Importing the computer players is a browser task of its own, before any of them thinks.
            self.render()
            await asyncio.sleep(0)
            importlib.import_module("kingsburg.bots")
            await asyncio.sleep(0)
        thinking_since = window.performance.now()
        turn = self.app.bot_turn()
        await asyncio.sleep(0)
        self.render()
        shown = time.perf_counter()
        done = False
        while not done and self.app.generation == generation:
            await asyncio.sleep(0)
            done = turn.work(SLICE)
            if not done and time.perf_counter() - shown > PROGRESS_EVERY:
                await asyncio.sleep(0)
                self.app.bot_progress(turn)
                self.render()
                shown = time.perf_counter()
        await asyncio.sleep(0)
        if self.app.generation != generation:
            self.app.drop_bot()
            return
        update = self.app.finish_bot(turn)
        await self.after_bot(update, thinking_since, turn.cut_short, "page")

    async def after_bot(self, update: Update, thinking_since: float, cut_short: bool, where: str) -> None:
        await asyncio.sleep(0)
        self.apply(update)
        if not update.redraw:
            self.render()  # a dropped decision: its progress bar goes all the same
        window.kingsburgThinking.push(to_js([thinking_since, window.performance.now(), cut_short, where]))
        await asyncio.sleep(0)
        self.app.save_now()

    # --- Scenes (the winter battle, the year's summary) ---------------------------------------------------

    async def play_scenes(self) -> None:
        """Show a scene's stages at the computer speed; with only computers playing, close it after a pause.
        One such loop at a time (``scenes_running``)."""
        closed = False
        self.scene_loops += 1
        try:
            while self.app.scenes_due() and self.app.mode == "game":
                scene = self.app.scene
                assert scene is not None  # scenes_due
                wait = self.app.scene_delay() * (1 if not scene.complete else 3)
                await asyncio.sleep(wait)
                if self.app.scene is not scene:
                    continue  # a person closed it meanwhile
                if not self.app.scene_step() and self.app.spectator:
                    self.apply(self.app.handle("scene-next"))
                    closed = True
                else:
                    self.render()
        finally:
            self.scenes_running = False
            if closed:
                self.after_change(None)  # the computers play on

    def signal_idle(self) -> None:
        """A person's turn (or no game): the page shell may start its background work (the offline cache)."""
        if not self.idle_signalled:
            self.idle_signalled = True
            window.kingsburgBoot.idle()

    # --- Drawing ----------------------------------------------------------------------------------------

    def render(self, views: dict[str, Markup] | None = None) -> None:
        """Bring the page up to date with the model (``views``: the model's, when just built by the caller)."""
        self.worker.moved_on()
        app = self.app
        if views is None:
            views = app.views()
        focus = self.focus_key()
        if app.mode != self.mode:
            self.mode = app.mode
            document.documentElement.dataset.mode = app.mode  # style.css: a game's page never scrolls itself
            self.shown = {}
            self.log = []
            self.root.innerHTML = LAYOUTS[app.mode][0]() if app.mode in LAYOUTS else ""
            if app.mode == "game" and app.params.view == "compact":
                # The board scrolls; without the log's list in it, a read-only one may hold nothing to tab to.
                main = self.root.querySelector(".main")
                main.tabIndex = 0
                main.setAttribute("role", "region")
                main.setAttribute("aria-label", _("Board"))
            self.covered = False
        if app.mode in LAYOUTS:
            for part in LAYOUTS[app.mode][1]:
                html = views[part]
                if self.shown.get(part) != html:
                    # Only what differs changes (web/morph.js): a decision's style, layout and paint stay small.
                    window.kingsburgMorph(document.getElementById(part), html)
                    self.shown[part] = html
        if app.mode == "game":
            self.render_log(app.log_items())
            # The dialogs (hand-over, rules, end of game) are modal: the board behind one takes no focus, no
            # click, and is not read out, so Tab cannot wander onto a board that is meant to be covered.
            covered = bool(views["overlay"])
            if self.covered != covered:
                self.covered = covered
                for el in (document.getElementById("topbar"), document.getElementById("panel")):
                    el.toggleAttribute("inert", covered)
                if covered:
                    # The board on the next frame: inert is inherited, so the whole board is styled again (its
                    # log grows to a thousand lines), and with the dialog's own drawing in one task it made the
                    # longest task of a game (the winter's scene). The dialog has the focus already.
                    window.requestAnimationFrame(create_once_callable(lambda _: self.board_inert(self.covered)))
                else:
                    self.board_inert(False)
        elif app.mode not in LAYOUTS and self.shown.get("app") != views["app"]:
            self.root.innerHTML = views["app"]
            self.shown["app"] = views["app"]
        markers = app.markers()
        markers["log"] = "hidden" if not app.params.log else "open" if app.log_open else "closed"
        for key, value in markers.items():
            setattr(self.root.dataset, key, value)
        self.mark_pointed()
        document.title = app.title()
        self.restore_focus(focus)
        if not self.scenes_running and self.app.scenes_due():
            self.scenes_running = True  # at once: two redraws before the task first runs start one loop, not two
            self.spawn(self.play_scenes())
        self.announce()
        for change in self.host.changes() if self.host is not None else ():
            window.kingsburgHost.post(change)

    def board_inert(self, covered: bool) -> None:
        """The board behind a modal dialog takes no focus or click and is not read out (or is given back)."""
        main = self.root.querySelector(".game > .main") if self.app.mode == "game" else None
        if main is not None:
            main.toggleAttribute("inert", covered)

    def announce(self) -> None:
        """Add the next announcement to the live region; one held back by the gap is added by a timer."""
        now = time.perf_counter()
        text = self.app.announcement(now)
        if text:
            line = document.createElement("p")
            line.textContent = text
            self.announcer.append(line)
            while self.announcer.childElementCount > ANNOUNCEMENTS_KEPT:
                self.announcer.firstElementChild.remove()
        wait = self.app.announcement_wait(now)
        if wait is not None and not self.announce_timer:
            self.announce_timer = True
            window.setTimeout(create_once_callable(self.announce_later), wait * 1000 + 20)

    def announce_later(self, *_: Any) -> None:
        self.announce_timer = False
        self.announce()

    def mark_pointed(self) -> None:
        """Highlight the board parts a lesson step points at (selectors from the page's model)."""
        for el in self.root.querySelectorAll(".pointed"):
            el.classList.remove("pointed")
            el.removeAttribute("data-label")
        pointers = self.app.pointers()
        labels = self.app.labels()
        for css in pointers:
            for el in self.root.querySelectorAll(css):
                el.classList.add("pointed")
                if css in labels:  # shown by style.css (attr()), never parsed as HTML
                    el.setAttribute("data-label", labels[css])
        # A new step brings what it points at into sight (on a phone the board scrolls under the panel).
        key = (self.root.getAttribute("data-lesson"), tuple(pointers))
        scene = self.root.querySelector("#court .lesson-scene")
        if (pointers or scene) and key != self.pointed:
            # The scene the step talks about comes first (on a phone it is below the top bar's pointers).
            first = self.root.querySelector("#court .lesson-scene .pointed") or scene
            # Else every part it points at on the board (both ends of its arrows among them), together when they fit.
            parts = [first] if first else list(self.root.querySelectorAll(".main .pointed, #topbar .pointed"))
            if parts:
                bring_into_sight(*parts)
        self.pointed = key
        arrows = self.app.arrows()
        if (arrows or self.arrowed) and hasattr(window, "kingsburgArrows"):
            window.kingsburgArrows.draw(json.dumps(arrows))
        self.arrowed = bool(arrows)

    def render_log(self, items: list[str]) -> None:
        box = document.getElementById("log")
        if items[: len(self.log)] == self.log and self.log:
            fresh = items[len(self.log) :]
            if fresh:
                # The lines the last decision brought are marked until the next one brings its own.
                for el in box.querySelectorAll("li.last"):
                    el.classList.remove("last")
                box.insertAdjacentHTML("beforeend", "".join(fresh))
                children = box.children
                for i in range(children.length - len(fresh), children.length):
                    children.item(i).classList.add("last")
        else:
            box.innerHTML = "".join(items)
        if items != self.log and not self.log_scroll:
            # Scrolled on the next frame: reading the log's size now would make the browser lay out the whole
            # board in the middle of this task, and again once the rest of the redraw is done.
            self.log_scroll = True
            window.requestAnimationFrame(create_once_callable(self.scroll_log))
        self.log = items

    def scroll_log(self, *_: Any) -> None:
        self.log_scroll = False
        box = document.getElementById("log")
        if box is None:
            return
        now = box.querySelector("li.now")  # a replay keeps the step's lines in sight, not the last line
        box.scrollTop = now.offsetTop - box.clientHeight // 2 if now else box.scrollHeight

    def focus_key(self) -> tuple[str, str, str] | None:
        el = document.activeElement
        if not el or el == document.body or not attr(el, "data-action"):
            return None
        inside_panel = bool(el.closest("#panel"))
        return (attr(el, "data-action"), attr(el, "data-value"), "panel" if inside_panel else "")

    def restore_focus(self, key: tuple[str, str, str] | None) -> None:
        """Keep keyboard focus where it was across a redraw; move it into a dialog that opens, and onto the
        decision panel when a new decision of the person at the screen begins with focus nowhere (or on a
        button that the decision took away, such as the advisor just chosen)."""
        # A board inside another site's page moves focus only while the reader is in it: a board that loads, or
        # whose turn comes, must not take the keys from what the reader is typing into elsewhere on that page.
        if window.kingsburgHost.framed and not document.hasFocus():
            return
        no_scroll = to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries)
        first = document.querySelector("#overlay [autofocus], #app > .overlay [autofocus]")
        if first:
            if not first.closest(".overlay").contains(document.activeElement):
                if self.opener is None:
                    self.opener = key  # the control that opened the dialog gets the focus back when it closes
                first.focus(no_scroll)
            return
        opener, self.opener = self.opener, None
        active = document.activeElement
        if active and active != document.body:
            return
        if opener is not None:
            key = opener  # a dialog closed (its button, or Escape) with focus in it: back to what opened it
        el = None
        decision = self.root.getAttribute("data-decisions")
        my_turn = self.root.getAttribute("data-my-turn") == "1"
        # A new decision of the person begins at its panel's first choice, even when the last one ended on a
        # button of the same name (Pass, then Pass again a season later: Enter twice must not pass twice).
        if key is not None and not (key[2] == "panel" and my_turn and decision != self.focused):
            action, value, where = key
            css = f'[data-action="{window.CSS.escape(action)}"]'
            if value:
                css += f'[data-value="{window.CSS.escape(value)}"]'
            el = self.root.querySelector(css)
            if not el and where == "panel":
                el = self.root.querySelector("#panel .panel-main button")
        if not el and my_turn and decision != self.focused:
            el = self.root.querySelector("#panel .panel-main button")
            if el:
                el.focus(no_scroll)
                if document.activeElement == el:  # not yet focusable while the loading screen is up
                    self.focused = decision
            return
        if el:
            el.focus(no_scroll)

    # --- Debug hook (tests, benchmark) ------------------------------------------------------------------

    def expose(self) -> None:
        debug = window.Object.new()
        debug.position = create_proxy(lambda: self.app.debug_position())
        debug.actions = create_proxy(lambda: "\n".join(self.app.session.game.actions) if self.app.session else "")
        debug.legal = create_proxy(
            lambda: "\n".join(str(a) for a in self.app.session.game.legal_actions()) if self.app.session else ""
        )
        debug.bytecode = create_proxy(bytecode_report)
        debug.import_module = create_proxy(import_module)
        debug.dropped = create_proxy(lambda: self.app.dropped)
        debug.unsaved = create_proxy(lambda: self.app.dirty)  # a change not yet written (tests wait on it)
        debug.scene_loops = create_proxy(lambda: self.scene_loops)
        debug.drawn = create_proxy(lambda: json.dumps(self.shown))  # each part's HTML as the model last drew it
        # The game (engine save) and the page's data (seats, who decided what, the computers' seed).
        debug.saved = create_proxy(
            lambda: (
                f'{{"game": {self.app.session.game.to_json()}, "app": {json.dumps(self.app.session.app_data())}}}'
                if self.app.session
                else ""
            )
        )
        window.kingsburgDebug = debug


def download(name: str, text: str) -> None:
    """Offer ``text`` as a file called ``name``."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


async def ask_persistence() -> None:
    """Ask once, after the first save, that the browser keep this site's storage under storage pressure. Quietly:
    the answer changes nothing in the page, and some browsers have no ``navigator.storage`` at all."""
    try:
        storage = getattr(window.navigator, "storage", None)
        if storage is not None and hasattr(storage, "persist"):
            window.kingsburgPersisted = bool(await storage.persist())
    except Exception as exc:
        window.console.warn("persistent storage not granted:", str(exc))


def bytecode_report() -> str:
    """Which modules ran from bytecode compiled at build time instead of being compiled in the page, as JSON:
    ``{"game": [from bytecode, loaded], "stdlib": [...], "compiled here": [names], "fetched later": [names]}``.
    The game's modules come from the archives (tools/pyodide_compile.mjs): zipimport names a module's file after
    the .pyc only when it used it, and it uses it only if the .pyc matches its source's hash. The standard
    library's from Pyodide's archive (tools/compile_stdlib.mjs), leaving out the modules frozen into Pyodide's
    binary; "fetched later": those imported from the rest of the standard library (web/stdlib_rest.py), which
    a start never needs."""
    stdlib = f"{sys.prefix.rstrip('/')}/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    rest = next((getattr(f, "archive", None) for f in sys.meta_path if type(f).__name__ == "RestOfStdlib"), None)
    game: list[str] = []
    std: list[str] = []
    later: list[str] = []
    for name, module in list(sys.modules.items()):
        file = str(getattr(module, "__file__", "") or "")
        if name.split(".")[0] in ("app", "kingsburg", "page"):
            game.append(file)
        elif file.startswith(stdlib) and getattr(module.__spec__, "origin", None) != "frozen":
            std.append(file)
        elif rest and file.startswith(rest + "/"):
            later.append(name)

    def count(files: list[str]) -> list[int]:
        return [sum(f.endswith(".pyc") for f in files), len(files)]

    here = sorted(f.removeprefix(stdlib) for f in game + std if not f.endswith(".pyc"))
    report = {"game": count(game), "stdlib": count(std), "compiled here": here, "fetched later": sorted(later)}
    return json.dumps(report)


def import_module(name: str) -> str:
    """Import a module by name and return its file (tests: the rest of the standard library, web/stdlib_rest.py)."""
    return str(getattr(importlib.import_module(name), "__file__", ""))


async def load_language(code: str) -> bool:
    """Install ``code``'s words (kingsburg.i18n): its two catalogues fetched (none for English: an English visit
    fetches nothing), the page's falling back to the engine's; ``<html lang>`` follows. False, and English kept, if
    they could not be had (offline before the service worker kept them, a site built without them)."""
    if code == SOURCE:
        i18n.use(None)
        document.documentElement.lang = SOURCE
        return True
    import gettext  # already imported by kingsburg.i18n: no cost
    import io

    try:
        found = []
        for url in catalogue_urls(code):
            response = await window.fetch(url)
            if not response.ok:
                raise ValueError(f"{url}: the site answered {response.status}")
            found.append(gettext.GNUTranslations(io.BytesIO((await response.arrayBuffer()).to_bytes())))
    except Exception as exc:
        window.console.warn(f"kingsburg: the language {code!r} could not be loaded ({exc}); English is shown")
        # web/boot.js set <html lang> to the chosen language before Python ran: the words are English now.
        document.documentElement.lang = SOURCE if i18n.language() == PSEUDO else i18n.language()
        return False
    page_words, engine_words = found
    page_words.add_fallback(engine_words)
    i18n.use(page_words, code)
    window.kingsburgLanguageFiles = to_js(catalogue_urls(code))  # web/offline.js has the service worker keep them
    # The pseudo-locale is English underneath (tools/pseudo_locale.py): screen readers read it as English.
    document.documentElement.lang = SOURCE if code == PSEUDO else code
    return True


def stored_language(storage: Any) -> object:
    """The start screen's last choice on this device (None without storage, or when it refuses to be read)."""
    try:
        return None if storage is None else storage.getItem(STORAGE_KEY)
    except Exception:
        return None


def keep_language(code: str) -> None:
    """Remember the start screen's choice; a full or refused storage only forgets it (the page goes on)."""
    storage = local_storage()
    try:
        if storage is not None:
            storage.setItem(STORAGE_KEY, code)
    except Exception as exc:
        window.console.warn(f"kingsburg: the language choice is not kept ({exc})")


async def main() -> None:
    boot_stage(_("Setting up the table…"), 95)
    window.kingsburgLatency = window.Array.new()  # click -> updated board, ms
    window.kingsburgThinking = window.Array.new()  # [start ms, end ms, cut short] of each computer decision
    # Inside another site's frame the player's own page touches no saved game (App's ``framed``; docs/hosting.md):
    # it is not even handed the browser's storage.
    framed = bool(window.kingsburgHost.framed)
    storage = None if framed else local_storage()
    search, fragment = str(window.location.search), str(window.location.hash)
    browser = [str(tag) for tag in (window.navigator.languages or [])]
    await load_language(choose(language_in(search, fragment), stored_language(storage), browser))
    try:
        embed_page = str(window.location.pathname).endswith("/embed.html")
        app = App(
            SaveStore(storage),
            search,
            fragment,
            framed=framed,
            embed_page=embed_page,
            clocks=page_clocks(),
            base_url=base_url(),
            reduced_motion=bool(window.matchMedia("(prefers-reduced-motion: reduce)").matches),
            worker_ready=worker_ready,
        )
        first = app.views()  # the first screen, built before anything is shown: a failure leaves the page untouched
    except Exception as exc:
        rescue(exc, storage, framed)
        return
    start(app, first)


def base_url() -> str:
    """The page's address without its query (the Share dialog's links start with it)."""
    return str(window.location.origin) + str(window.location.pathname)


def page_clocks() -> Clocks:
    """The page's clocks, as ``window.kingsburgClocks`` sets them (web/thinking.py ``clock``): ``thinkingDeadline``
    (seconds a computer may think on the page's thread; null: its whole playout budget), ``announceGap`` (seconds
    between two announcements; null: none), ``sceneDelay`` (seconds between two stages of a scene; null: the
    computer speed's), ``computerDelay`` (seconds a computer's turn stays visible; null: the computer speed's) and
    ``hardPlayouts`` (Hard's playouts per decision, on this thread and in the worker; null: Hard's own budget)."""
    default = Clocks()
    gap = clock("announceGap", default.announce_gap)
    return Clocks(
        thinking_deadline=clock("thinkingDeadline", default.thinking_deadline),
        announce_gap=0.0 if gap is None else gap,
        scene_delay=clock("sceneDelay", default.scene_delay),
        computer_delay=clock("computerDelay", default.computer_delay),
        hard_playouts=playouts if (playouts := clock("hardPlayouts", None)) is None else max(1, int(playouts)),
    )


def rescue(exc: Exception, storage: Any, framed: bool) -> None:
    """Starting failed (whatever the storage or the address held): say so, and offer to start without the
    saved games, which stay in storage untouched (and to export them, except inside another site's frame)."""
    import traceback  # only on this path: every start would pay for importing it

    window.console.error(traceback.format_exc())
    root = document.getElementById("app")
    root.innerHTML = rescue_screen(f"{type(exc).__name__}: {exc}", export=storage is not None)

    def start_without(_: Any) -> None:
        start(App(rescue_store(), framed=framed, clocks=page_clocks(), base_url=base_url()))

    def export_first(_: Any) -> None:
        backup = export_all(SaveStore(storage), time.time())
        if backup is not None:
            download(*backup)

    root.querySelector("[data-action=rescue]").addEventListener("click", create_once_callable(start_without))
    if storage is not None:
        export = create_proxy(export_first)
        root.querySelector("[data-action=rescue-export]").addEventListener("click", export)
        window.kingsburgRescue = export  # kept alive as long as the rescue screen may be used
    document.body.dataset.rescue = "1"
    document.body.dataset.ready = "1"


def bring_into_sight(el: Any, *others: Any) -> None:
    """Centre ``el`` in each box of this document that scrolls it, then in this document's own viewport; never
    further out. (``scrollIntoView`` also scrolls every page that frames this one: an embedded lesson would pull
    the reader's article to itself at each step, and away from what they were reading or clicking.) With
    ``others`` in the same scrolling box (a step's other pointed parts, its arrows' far ends), all of them, centred
    together, when they fit in it; else ``el``."""
    box = el.getBoundingClientRect()
    middle = box.top + box.height / 2
    scroller = scrolling_box(el)
    together = [o.getBoundingClientRect() for o in others if scrolling_box(o) == scroller]
    if together and scroller is not None:
        # Their middles (where web/arrows.js joins them), each at least 16 px inside the box: enough to be told.
        middles = [middle] + [b.top + b.height / 2 for b in together]
        if max(middles) - min(middles) <= scroller.clientHeight - 32:
            middle = (max(middles) + min(middles)) / 2
    parent = el.parentElement
    while parent is not None and parent != document.body and parent != document.documentElement:
        if scrolls(parent):
            outer = parent.getBoundingClientRect()
            before = parent.scrollTop
            parent.scrollTop = before + middle - (outer.top + parent.clientTop + parent.clientHeight / 2)
            middle -= parent.scrollTop - before
        parent = parent.parentElement
    # The page's own viewport, less the top bar and the decision panel that stay over the board's top and bottom.
    top, bottom = 0.0, float(window.innerHeight)
    bar, panel = document.getElementById("topbar"), document.getElementById("panel")
    if bar is not None and 0 < bar.getBoundingClientRect().bottom < bottom / 2:
        top = bar.getBoundingClientRect().bottom
    if panel is not None and bottom / 2 < panel.getBoundingClientRect().top < bottom:
        bottom = panel.getBoundingClientRect().top
    if middle < top or middle > bottom:
        window.scrollBy(0, middle - (top + bottom) / 2)


def scrolls(box: Any) -> bool:
    """``box`` scrolls its content up and down (it has more than it shows)."""
    overflow = str(window.getComputedStyle(box).overflowY)
    return overflow in ("auto", "scroll") and box.scrollHeight > box.clientHeight


def scrolling_box(el: Any) -> Any:
    """The nearest box around ``el`` that scrolls it up and down (None: the page itself)."""
    parent = el.parentElement
    while parent is not None and parent != document.body and parent != document.documentElement:
        if scrolls(parent):
            return parent
        parent = parent.parentElement
    return None


def page_ready(page: Page) -> None:
    """The board is shown: the loading screen goes (web/boot.js) and focus goes where the page wants it."""
    page.ready = True
    document.body.dataset.ready = "1"
    page.restore_focus(None)


def start(app: App, first: dict[str, Markup] | None = None) -> None:
    page = Page(app)
    if app.params.theme is not None:  # style.css's colour-scheme; without it the browser's prefers-color-scheme
        document.documentElement.dataset.theme = app.params.theme
    if app.embed:
        document.body.dataset.embed = "1"
    if app.framed:
        document.body.dataset.framed = "1"
    page.render(first)
    page.connect_host()
    page.expose()
    document.body.dataset.engine = "ok"
    page.apply(app.first_update())  # a lesson in the address is fetched first (Page.fetch)
    if not page.fetching_first:
        page_ready(page)
    page.after_change(None)
    window.kingsburgPage = create_proxy(lambda: page)  # keeps the page (and its listeners) alive
