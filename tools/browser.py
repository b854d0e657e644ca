"""Headless Chromium for tests, benchmarks and icon rendering, with no network beyond 127.0.0.1.

``playwright install`` cannot download browsers on the build machines, so this launches Debian's
``chromium`` (``apt-get install chromium``) through Playwright.  Override the binary with the
``CHROMIUM`` environment variable.
"""

from __future__ import annotations

import json
import os
import shutil
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Page,
        Playwright,
        Request,
        Route,
        WebError,
    )

# web/page.py sets this once the board is rendered and playable.
READY_SELECTOR = 'body[data-ready="1"]'
# Records every long task (a main-thread task over 50 ms) as [start, duration] in window.__longTasks.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""

# The tests' clocks (web/thinking.js, web/thinking.py and web/page.py read window.kingsburgClocks as the page
# loads), so that no outcome depends on the machine's speed: the worker's search spends its whole playout budget,
# and so does a computer thinking on the page's thread (thinkingDeadline), a Hard computer waits for the worker
# however long it takes to start, and the worker is never given up on for time (a hang is pytest-timeout's to
# report). The announcer's gap (announceGap) and the pacing of scenes (sceneDelay) and of computers' turns
# (computerDelay) keep the page's own unless a test sets them. make bench-page keeps the page's own clocks: it
# measures them.
NO_CLOCKS = (
    "window.kingsburgClocks = { bootMs: null, answerMs: null, workerDeadline: null, workerWait: null,"
    " thinkingDeadline: null };"
)
# After NO_CLOCKS, for a test whose computers must take turns the page draws (their "thinking…", frames between
# moves) but need not stay on screen as long as a person would want: a twentieth of a second each.
QUICK_COMPUTERS = "window.kingsburgClocks.computerDelay = 0.05;"

# The tests' switch of web/interpreter.mjs: Python starts from the build's memory snapshot, fetched from the site
# (web/thinking.js hands the switch to the computers' worker), as a returning visit starts it from the service
# worker's cache. A first visit's normal boot costs about 3.5 s of CPU, a restore under 1 s: the browser tests of
# anything but the first visit set it (tests/browser/conftest.py). The page never sets it.
SNAPSHOT_FROM_SITE = "window.kingsburgSnapshotFromSite = true;"

# Chromium's trace of what each thread runs: every task of the page's main thread with its wall time and its CPU
# time (thread time). On a loaded machine a task's wall time also counts the time the thread waited for a core
# (a 6 ms task was seen taking 210 ms), so a budget on the page's own work reads the CPU time.
TRACE_CATEGORIES = ["toplevel", "blink.user_timing"]
TRACE_MARK = "kingsburg-trace-origin"


def start_main_thread_trace(browser: Browser, page: Page) -> None:
    """Trace ``page`` until ``stop_main_thread_trace``."""
    browser.start_tracing(page=page, categories=TRACE_CATEGORIES)
    page.evaluate(f"performance.mark({TRACE_MARK!r})")


def stop_main_thread_trace(browser: Browser, page: Page) -> list[tuple[float, float, float]]:
    """[start, wall, CPU] in ms of every task the page's main thread ran since ``start_main_thread_trace``,
    ``start`` on the page's ``performance.now()`` clock (a mark made at the start ties the two clocks)."""
    origin = float(page.evaluate(f"performance.getEntriesByName({TRACE_MARK!r})[0].startTime"))
    data = json.loads(browser.stop_tracing())
    events = data["traceEvents"] if isinstance(data, dict) else data
    mark = next(e for e in events if e.get("name") == TRACE_MARK)
    main = {
        (e["pid"], e["tid"])
        for e in events
        if e.get("name") == "thread_name" and e["args"]["name"] == "CrRendererMain" and e["pid"] == mark["pid"]
    }
    shift = mark["ts"] / 1000 - origin
    return [
        (e["ts"] / 1000 - shift, e["dur"] / 1000, e.get("tdur", e["dur"]) / 1000)
        for e in events
        if e.get("ph") == "X" and e.get("name") == "ThreadControllerImpl::RunTask" and (e["pid"], e["tid"]) in main
    ]


# Booting Python takes 3-5 s on a 2-core machine; leave room for a loaded CI box.
READY_TIMEOUT_MS = 60_000

CHROMIUM_ARGS = [
    "--no-sandbox",  # runs as root in CI containers
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    # Every host name fails to resolve except our server's address: the browser's own background
    # lookups cannot leave the machine, so a zero-egress test holds on machines that do have internet. localhost
    # is a second site on the same machine (a framing page on another origin, test_framed_page.py).
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]

# The browser tests' Chromium only (tests/browser/conftest.py; make bench-page measures what players get): V8
# compiles Python's WebAssembly with its baseline compiler alone. The browser suite boots Python in about 370
# pages and workers, and after each boot V8's optimizing compiler works on the hot functions on the second core
# for most of a second, for tests that are mostly over by then: boot-bound browser tests took 22 % less time
# (test_hostile_inputs, test_page and test_a11y: 85 s -> 66 s, -n 2, twice each), whole-game ones the same
# (111 s -> 110 s). The same WebAssembly, the same results: only how fast Python's machine code is.
TEST_ARGS = ["--js-flags=--liftoff-only"]


# Chromium's crash reporter writes a minidump of every crashed process here (Crashpad's pending/ folder in it):
# tests/conftest.py names what the dumps of a test's crashed tab say (tools/minidump.py).
CRASH_DUMPS = Path(__file__).resolve().parents[1] / "test-results" / "crash-dumps"


def writes_crash_dumps() -> bool:
    """Whether the Chromium in use writes crash dumps to CRASH_DUMPS: the headless shell does (its
    ``--crash-dumps-dir``); Debian's browser, picked with ``CHROMIUM=/usr/bin/chromium``, wrote none when tried."""
    path = chromium_path()
    return path is not None and "headless" in path.name


def crash_dumps_since(when: float) -> list[Path]:
    """The crash dumps written since ``when`` (a time.time()), oldest first."""
    written = {dump: dump.stat().st_mtime for dump in (CRASH_DUMPS / "pending").glob("*.dmp")}
    return sorted((dump for dump, at in written.items() if at >= when), key=written.__getitem__)


def chromium_path() -> Path | None:
    """The Chromium binary to use, or None if there is none: ``$CHROMIUM``, else Debian's headless shell (the same
    Blink and V8 as the browser without the browser's own interface: a page boot takes about 40 % less CPU, which
    is most of what the browser tests spend), else the browser."""
    candidates = [
        os.environ.get("CHROMIUM"),
        "/usr/bin/chromium-headless-shell",
        "/usr/bin/chromium",
        shutil.which("chromium"),
    ]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def launch_chromium(playwright: Playwright, extra_args: Sequence[str] = ()) -> Browser:
    path = chromium_path()
    if path is None:
        raise FileNotFoundError("no Chromium found: run `apt-get install -y chromium` or set CHROMIUM")
    crash_reporter = []
    if writes_crash_dumps():
        CRASH_DUMPS.mkdir(parents=True, exist_ok=True)
        crash_reporter = ["--enable-crash-reporter", f"--crash-dumps-dir={CRASH_DUMPS}"]
    args = [*CHROMIUM_ARGS, *extra_args, *crash_reporter]
    return playwright.chromium.launch(executable_path=str(path), headless=True, args=args)


def wait_until_ready(page: Page, timeout_ms: float = READY_TIMEOUT_MS) -> None:
    """Wait for the page's readiness marker, ``<body data-ready="1">``."""
    page.wait_for_selector(READY_SELECTOR, state="attached", timeout=timeout_ms)


def longest_task_during(long_tasks: list[list[float]], windows: list[list[float]]) -> float:
    """The longest of ``long_tasks`` ([start, duration] from LONG_TASKS) that overlaps one of ``windows``
    ([start, end, ...], say when computers thought); 0 if none."""
    return max(
        (d for s, d in long_tasks if any(w[0] <= s + d and s <= w[1] for w in windows)),
        default=0.0,
    )


def busy_during(tasks: list[tuple[float, float, float]], windows: list[list[float]]) -> tuple[float, float]:
    """Over ``windows`` ([start, end, ...] ms, say when computers thought): the longest CPU time of a main-thread
    task that overlaps one, and the share of the windows' time the main thread spent running tasks (CPU)."""
    inside = [(s, w, c) for s, w, c in tasks if any(a <= s + w and s <= b for a, b, *_ in windows)]
    total = sum(b - a for a, b, *_ in windows)
    return max((c for _, _, c in inside), default=0.0), sum(c for _, _, c in inside) / total if total else 0.0


class HeldRequests:
    """The page's requests to ``pattern`` (those ``which`` picks, all by default) held back until the test lets each
    through, in the order they came: what a test must see while a file is on its way stays on screen however fast
    the machine."""

    def __init__(self, page: Page, pattern: str, which: Callable[[Request], bool] = lambda request: True) -> None:
        self.page, self.pattern, self.which = page, pattern, which
        self.routes: list[Route] = []
        page.route(pattern, self._route)

    def _route(self, route: Route) -> None:
        if self.which(route.request):
            self.routes.append(route)
        else:
            route.continue_()

    def next(self) -> Route:
        """The next request held, once the page has made it (Playwright handles its events while the test waits)."""
        while not self.routes:
            self.page.wait_for_timeout(20)
        return self.routes.pop(0)

    def stop(self) -> None:
        """Hold nothing more (requests held already wait for their ``continue_()``)."""
        self.page.unroute(self.pattern)


@dataclass
class Recorder:
    """Every request a browser context makes (its service workers' too), every error it reports, and the last
    things its pages said on their consoles (a failing test's report shows them: tests/browser/conftest.py)."""

    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console: deque[str] = field(default_factory=lambda: deque(maxlen=80))

    def attach(self, context: BrowserContext) -> None:
        context.on("request", self._on_request)
        context.on("requestfailed", self._on_request_failed)
        context.on("console", self._on_console)
        context.on("weberror", self._on_web_error)

    def _on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def _on_request_failed(self, request: Request) -> None:
        self.failed.append(request.url)
        # The console's "Failed to load resource" names no file: the report says which one, and why.
        self.console.append(f"request failed: {request.method} {request.url} ({request.failure})")

    def _on_console(self, message: ConsoleMessage) -> None:
        self.console.append(f"{message.type}: {message.text}")
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _on_web_error(self, error: WebError) -> None:
        self.errors.append(f"page error: {error.error}")
        self.console.append(f"page error: {error.error}")
