"""Fixtures for the browser tests: the built site served on 127.0.0.1 and headless Debian Chromium.

How Python starts in a test's page. A real first visit boots Pyodide the normal way and imports the game (about
3.5 s of CPU); a returning visit restores the build's memory snapshot from the service worker's cache (under 1 s).
The tests' contexts block service workers (``new_context``, see there), so every test would pay a first visit's
boot, and its computers' worker another. Unless a test is about the first visit, it need not: ``new_context`` (and
so the ``context`` fixture) sets ``SNAPSHOT_FROM_SITE`` (tools/browser.py), which makes web/interpreter.mjs fetch
the snapshot from the site (sent unpacked, as the cache holds it: ``serve``) and restore it exactly as a returning
visit does, in the page and in the computers' worker. A test marked ``first_visit`` boots the normal way (the boot
itself, the loading screen, what a start downloads, the policy under which a whole game plays); so does a test
marked ``service_worker``, whose visits take the real paths (the first normal, the next ones from the service
worker's cache: tests/browser/test_snapshot.py). A test that needs another context than ``context`` (a size,
reduced motion, its own script, several) makes it with ``new_context``, so that it starts the same way.
"""

from __future__ import annotations

import gzip
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from phone import PHONE_WIDTH  # noqa: E402

from tools.browser import (  # noqa: E402
    NO_CLOCKS,
    READY_TIMEOUT_MS,
    SNAPSHOT_FROM_SITE,
    TEST_ARGS,
    Recorder,
    chromium_path,
    launch_chromium,
)
from tools.build_site import ensure_site  # noqa: E402
from tools.serve import SiteServer  # noqa: E402

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Playwright

RESULTS = ROOT / "test-results"


@pytest.fixture(scope="session")
def site() -> Path:
    """The built site (rebuilt first if a source is newer than it)."""
    return ensure_site(ROOT)


@pytest.fixture(scope="session")
def results_dir() -> Path:
    RESULTS.mkdir(exist_ok=True)
    return RESULTS


@pytest.fixture(scope="session")
def unpacked_snapshot(site: Path) -> dict[str, tuple[bytes, str]]:
    """The build's snapshot at its address, unpacked, as the service worker's cache holds it (see ``serve``)."""
    return {
        f"/pyodide/{packed.name}": (gzip.decompress(packed.read_bytes()), "application/octet-stream")
        for packed in (site / "pyodide").glob("snapshot-*.bin.gz")
    }


@pytest.fixture
def serve(
    site: Path, unpacked_snapshot: dict[str, tuple[bytes, str]], request: pytest.FixtureRequest
) -> Iterator[Callable[..., SiteServer]]:
    """Start a server for a folder on a free port; tests may ``stop()`` it. All are stopped at teardown.

    The site's server sends the snapshot unpacked (as a host may, with "Content-Encoding: gzip"), so that the
    tests' switch (``SNAPSHOT_FROM_SITE``) restores bytes as a returning visit reads them from the cache, without
    unpacking 31 MB on the page's thread first (about a tenth of a restore's CPU), in the page and in its worker.
    Not to a test marked ``service_worker``: its worker's cache takes the real path, the packed file unpacked."""
    servers: list[SiteServer] = []
    real = request.node.get_closest_marker("service_worker") is not None

    def start(root: Path) -> SiteServer:
        extra = unpacked_snapshot if root == site and not real else None
        server = SiteServer(root, extra=extra).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


@pytest.fixture
def server(site: Path, serve: Callable[..., SiteServer]) -> SiteServer:
    """The site on its own origin (fresh port, so fresh storage and service workers), stoppable."""
    return serve(site)


@pytest.fixture(scope="session")
def playwright_driver() -> Iterator[Playwright]:
    if chromium_path() is None:
        pytest.skip("Chromium is not installed (`make test` installs Debian's chromium with apt-get)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="session")
def browser(playwright_driver: Playwright) -> Iterator[Browser]:
    browser = launch_chromium(playwright_driver, TEST_ARGS)
    yield browser
    browser.close()


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report ends with what its pages last said on their consoles (the page's warnings
    say why a language, a snapshot or a save was refused): a failure on a machine nobody can watch, explained."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    recorder = getattr(item, "funcargs", {}).get("recorder")
    if report.failed and isinstance(recorder, Recorder) and recorder.console:
        report.sections.append(("browser console (last lines)", "\n".join(recorder.console)))


@pytest.fixture
def viewport() -> tuple[int, int]:
    """The ``context``'s page size; a test may parametrize it. Under PHONE_WIDTH the context is a phone's."""
    return (1280, 800)


@pytest.fixture
def new_context(
    browser: Browser, recorder: Recorder, request: pytest.FixtureRequest
) -> Iterator[Callable[..., BrowserContext]]:
    """Make a fresh profile (no cache, no service worker) that records all its requests, service worker's too; no
    clock of the page's decides an outcome (NO_CLOCKS). The page may install its service worker only in a test
    marked ``service_worker``: installing it copies the whole site and unpacks the Python snapshot, most of a
    second of CPU per test for nothing a test of another feature checks. Python starts from the build's snapshot
    unless the test is marked ``first_visit`` or ``service_worker`` (see the top of this file).

    ``new_context(viewport=(width, height), script="", **options)``: under PHONE_WIDTH a phone's (touch, a mobile
    viewport); ``script`` runs after NO_CLOCKS (a test's own clocks); ``options`` are Playwright's (reduced motion).
    Every context made is closed at the test's end."""
    allowed = request.node.get_closest_marker("service_worker") is not None
    first_visit = allowed or request.node.get_closest_marker("first_visit") is not None
    made: list[BrowserContext] = []

    def make(viewport: tuple[int, int] = (1280, 800), script: str = "", **options: Any) -> BrowserContext:
        width, height = viewport
        phone = width < PHONE_WIDTH
        context = browser.new_context(
            viewport={"width": width, "height": height},
            has_touch=phone,
            is_mobile=phone,
            service_workers="allow" if allowed else "block",
            **options,
        )
        made.append(context)
        context.set_default_timeout(READY_TIMEOUT_MS)
        context.add_init_script(NO_CLOCKS + script + ("" if first_visit else SNAPSHOT_FROM_SITE))
        recorder.attach(context)
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def context(new_context: Callable[..., BrowserContext], viewport: tuple[int, int]) -> BrowserContext:
    """The test's browser context (``new_context``), of the ``viewport`` size."""
    return new_context(viewport)


# What the page says it imported from the rest of the standard library (web/stdlib_rest.py), or [] when it
# cannot say (no game page, closed, crashed).
FETCHED_LATER = "() => window.kingsburgDebug ? JSON.parse(kingsburgDebug.bytecode())['fetched later'] : []"


@pytest.fixture
def page(context: BrowserContext, request: pytest.FixtureRequest) -> Iterator[Page]:
    page = context.new_page()
    yield page
    # Whatever a test did, the page needed no standard library module that a start leaves out: each one would
    # mean a download in the middle of play. tools/snapshot_prepare.py must import it (and so compile it).
    if request.node.get_closest_marker("imports_the_rest_of_the_stdlib") is None:
        try:
            fetched = page.evaluate(FETCHED_LATER)
        except Exception:  # the test closed or crashed the page, or left it navigating
            fetched = []
        assert fetched == [], f"imported from the rest of the standard library: {fetched}"
