"""The real page in headless Chromium: boots, stays on its origin, works offline and under any sub-path."""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tools.browser import HeldRequests, Recorder, wait_until_ready
from tools.build_site import ROOT, render_service_worker
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def off_origin(requests: list[str], base: str) -> list[str]:
    """Requests that leave ``base`` (data: and blob: URLs never touch the network)."""
    return [url for url in requests if not url.startswith(("data:", "blob:")) and not url.startswith(base)]


def wait_for_service_worker(page: Page) -> int:
    """Wait until the service worker controls the page and has precached the site; return the entry count."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    return page.evaluate(
        """async () => {
            const names = (await caches.keys()).filter((name) => name.startsWith("kingsburg:"));
            if (names.length !== 1) throw new Error(`expected one kingsburg cache, got ${names}`);
            return (await (await caches.open(names[0])).keys()).length;
        }"""
    )


@pytest.mark.first_visit
def test_page_boots_to_a_playable_board(server: SiteServer, page: Page, recorder: Recorder, results_dir: Path) -> None:
    # Python's WebAssembly is held until the loading screen was seen: a page that starts as fast as this test
    # process looks (a loaded machine stalls the test, not the browser) would otherwise be ready already.
    held = HeldRequests(page, "**/pyodide.asm.wasm")
    page.goto(server.url, wait_until="domcontentloaded")
    assert page.locator("#loading").is_visible()
    page.screenshot(path=str(results_dir / "loading.png"))
    held.next().continue_()
    held.stop()
    started = time.perf_counter()
    wait_until_ready(page)
    print(f"navigation to ready: {time.perf_counter() - started:.2f} s")
    assert page.locator("#loading").is_hidden()
    assert page.locator("#app").is_visible()
    assert page.get_attribute("body", "data-engine") == "ok", page.inner_text("#app")
    assert page.locator("#app button[data-action]").count() >= 1
    assert page.get_attribute("html", "data-kingsburg-boot") == "normal"  # a first visit has no snapshot
    page.screenshot(path=str(results_dir / "page.png"), full_page=True)
    assert recorder.errors == []


def test_the_tests_switch_starts_the_page_and_its_worker_from_the_snapshot(
    server: SiteServer, page: Page, recorder: Recorder
) -> None:
    """The other browser tests start Python from the build's snapshot (tests/browser/conftest.py): were the switch
    lost, each would silently pay a first visit's boot again, twice with a worker."""
    page.goto(server.url + "?seats=hard,hard&speed=instant")  # Hard: a search waits for the worker
    wait_until_ready(page)
    assert page.get_attribute("html", "data-kingsburg-boot") == "snapshot"
    page.wait_for_function("window.kingsburgThinking.length >= 2", timeout=60_000)
    assert page.evaluate("[kingsburgThinker.state, kingsburgThinker.boot]") == ["ready", "snapshot"]
    assert recorder.errors == []


def test_clicking_a_choice_applies_it(server: SiteServer, page: Page, recorder: Recorder) -> None:
    page.goto(server.url + "?seats=human,human&seed=1")
    wait_until_ready(page)
    assert page.get_attribute("#app", "data-decisions") == "0"
    assert page.get_attribute("#app", "data-handover") == ""  # nothing secret yet: the first screen opens at once
    page.locator("#panel button[data-action=act]").first.click()
    page.wait_for_selector('#app[data-decisions="1"]')
    assert page.locator("#panel .msg.err").count() == 0
    assert recorder.errors == []


DUPLICATE_IDS = """() => {
    const seen = {};
    for (const el of document.querySelectorAll("[id]")) seen[el.id] = (seen[el.id] || 0) + 1;
    return [Object.keys(seen).length, Object.keys(seen).filter((id) => seen[id] > 1)];
}"""


def test_no_id_is_repeated_on_the_start_screen_or_the_board(server: SiteServer, page: Page, recorder: Recorder) -> None:
    # The icons' sprite is inserted once: a second copy would repeat every icon's id (and <use> would pick one).
    page.goto(server.url)
    wait_until_ready(page)
    count, repeated = page.evaluate(DUPLICATE_IDS)
    assert page.locator("#app [data-action=start]").count() == 1 and count > 20
    assert repeated == []
    assert page.locator("svg.sprite").count() == 1
    page.goto(server.url + "?seats=human,human&seed=1")
    wait_until_ready(page)
    assert page.locator("#court").is_visible()
    count, repeated = page.evaluate(DUPLICATE_IDS)
    assert repeated == [] and count > 20
    assert page.locator("svg.sprite").count() == 1
    assert recorder.errors == []


@pytest.mark.service_worker
def test_every_request_stays_on_the_origin(
    server: SiteServer, page: Page, context: BrowserContext, recorder: Recorder
) -> None:
    page.goto(server.url)
    wait_until_ready(page)
    wait_for_service_worker(page)  # the precache downloads count too
    assert recorder.requests, "no requests were recorded"
    assert off_origin(recorder.requests, server.url) == []
    assert any(url.endswith("pyodide.asm.wasm") for url in recorder.requests)


@pytest.mark.service_worker
def test_works_offline_after_the_first_visit(
    server: SiteServer, site: Path, page: Page, recorder: Recorder, results_dir: Path
) -> None:
    page.goto(server.url)
    wait_until_ready(page)
    precached = wait_for_service_worker(page)
    site_files = sum(
        1
        for p in site.rglob("*")
        if p.is_file() and p.name != "sw.js" and p.suffix != ".map" and p.relative_to(site).parts[0] != "locale"
    )
    assert precached == site_files + 1  # every file but source maps and catalogues, plus "./" for the page itself

    server.stop()
    gone = page.evaluate("fetch('./not-precached.txt').then(() => 'served', () => 'unreachable')")
    assert gone == "unreachable", "the server is still answering"

    page.reload()
    wait_until_ready(page)
    assert page.get_attribute("body", "data-engine") == "ok"
    page.screenshot(path=str(results_dir / "offline.png"))
    # The computers' worker starts offline too: its script and Pyodide's files come from the same cache.
    page.goto(server.url + "?seats=normal,easy&speed=instant")
    wait_until_ready(page)
    page.wait_for_function("window.kingsburgThinking.length >= 2", timeout=60_000)
    # Normal and Easy decide on the page's thread while the worker starts: wait for it to be ready, offline.
    page.wait_for_function(
        "window.kingsburgThinker && ['ready', 'failed'].includes(kingsburgThinker.state)", timeout=60_000
    )
    assert page.evaluate("kingsburgThinker.state") == "ready"
    failed = [url for url in recorder.failed if not url.endswith("/not-precached.txt")]
    assert failed == [], "requests failed offline"


@pytest.mark.service_worker
def test_the_offline_cache_waits_while_computers_think(server: SiteServer, page: Page) -> None:
    """Precaching 15 MB would slow a computer's move on a small machine: it starts at a person's turn."""
    page.goto(server.url + "?seats=easy,easy&speed=slow&seed=3")
    wait_until_ready(page)
    page.wait_for_function("window.kingsburgThinking.length >= 2")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r === undefined)")

    page.goto(server.url + "?seats=human,human&seed=3")
    wait_until_ready(page)
    wait_for_service_worker(page)


@pytest.mark.service_worker
def test_works_under_a_sub_path(
    site: Path, serve: Callable[..., SiteServer], page: Page, recorder: Recorder, tmp_path: Path
) -> None:
    (tmp_path / "games" / "kingsburg").mkdir(parents=True)
    (tmp_path / "games" / "kingsburg" / "v1").symlink_to(site, target_is_directory=True)
    server = serve(tmp_path)
    base = server.url + "games/kingsburg/v1/"
    page.goto(base)
    wait_until_ready(page)
    wait_for_service_worker(page)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == base + "sw.js"
    assert off_origin(recorder.requests, base) == []
    assert recorder.errors == []


@pytest.mark.first_visit
def test_loading_screen_reports_progress(server: SiteServer, page: Page) -> None:
    # Every value the bar is given, recorded by the page itself (RECORD_BAR): a test process that samples the
    # screen can be stalled by a loaded machine past the whole start, and see only "Ready".
    page.add_init_script(RECORD_BAR)
    page.goto(server.url)
    wait_until_ready(page)
    seen = [(stage, value) for value, stage in page.evaluate("window.kingsburgBar")]
    values = [value for _, value in seen]
    assert values == sorted(values), f"progress went backwards: {seen}"
    assert len({stage for stage, _ in seen}) >= 3, f"too few stages shown: {seen}"
    assert seen[-1] == ("Ready", 100)


def test_loading_screen_shows_a_python_error(server: SiteServer, page: Page) -> None:
    page.route(
        "**/web/main.py",
        lambda route: route.fulfill(body='raise RuntimeError("boom at setup")\n', content_type="text/plain"),
    )
    page.goto(server.url)
    page.wait_for_selector("#loading-error:not([hidden])")
    assert "RuntimeError: boom at setup" in page.inner_text("#loading-error")
    assert page.locator("#loading details .py-error").count() == 1
    assert page.get_attribute("body", "data-ready") is None


@pytest.mark.service_worker
def test_a_new_build_replaces_the_offline_cache(
    site: Path, serve: Callable[..., SiteServer], page: Page, tmp_path: Path
) -> None:
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    server = serve(copy)
    page.goto(server.url)
    wait_until_ready(page)
    wait_for_service_worker(page)
    [old_cache] = page.evaluate("caches.keys()")

    # A new release: one file changes, so the precache list is the same but the cache version is not.
    with (copy / "web" / "style.css").open("a", encoding="utf-8") as css:
        css.write("\n/* release 2 */\n")
    (copy / "sw.js").unlink()
    render_service_worker(ROOT, copy)
    page.evaluate("navigator.serviceWorker.getRegistration().then((registration) => registration.update())")
    # The new worker precaches into a new cache, takes over and deletes the old one.
    deadline = time.monotonic() + 60
    while (caches := page.evaluate("caches.keys()")) == [old_cache] or len(caches) != 1:
        assert time.monotonic() < deadline, f"the old cache was not replaced: {caches}"
        time.sleep(0.2)

    page.reload()
    wait_until_ready(page)
    css = page.evaluate("fetch('./web/style.css').then((response) => response.text())")
    assert "/* release 2 */" in css


def test_the_page_runs_the_bytecode_compiled_at_build_time(server: SiteServer, page: Page) -> None:
    """Every module of the engine and the page is imported from its .pyc, on the first visit and the next, and so
    is every module of the standard library that a start imports (tools/compile_stdlib.mjs): nothing is compiled
    in the page, with the computers thinking on the page's thread too."""
    page.goto(server.url + "?seats=easy,easy&speed=instant&seed=2&worker=0")  # the bots on the page's thread
    for _ in range(2):
        wait_until_ready(page)
        page.wait_for_function("window.kingsburgThinking.length > 0")  # a computer has played: bots imported
        report = json.loads(page.evaluate("kingsburgDebug.bytecode()"))
        (game_pyc, game), (std_pyc, std) = report["game"], report["stdlib"]
        assert game >= 30 and game_pyc == game, report
        assert std >= 100 and std_pyc == std, report
        assert report["compiled here"] == [], report
        assert report["fetched later"] == [], report
        page.reload()


# Every value the bar is given, with the stage text of that moment: the setter of <progress>.value is wrapped,
# because a MutationObserver sees only the last of several values set in one task (files reported together).
RECORD_BAR = """
window.kingsburgBar = [];
const setter = Object.getOwnPropertyDescriptor(HTMLProgressElement.prototype, "value");
Object.defineProperty(HTMLProgressElement.prototype, "value", {
  ...setter,
  set(value) {
    setter.set.call(this, value);
    if (this.id === "loading-bar") {
      window.kingsburgBar.push([Number(this.value), document.getElementById("loading-stage").textContent]);
    }
  },
});
"""


def test_the_loading_bar_follows_the_bytes_downloaded(server: SiteServer, page: Page) -> None:
    """The bar says how many MB of how many have arrived, file by file, and never goes backwards. The files it
    counts are held back and let through one at a time, each once the last has arrived: on any machine the bar
    shows each file's bytes (otherwise a busy machine reports several files at once, after a later stage)."""
    meta = re.search(r'<meta name="kingsburg-downloads" content="([^"]*)">', page.request.get(server.url).text())
    assert meta, "the page names no downloads"
    sizes = {name: int(size) for name, size in (pair.split("=") for pair in meta.group(1).split())}
    total = sum(sizes.values())
    held = HeldRequests(page, "**/*", lambda request: file_name(request.url) in sizes)
    page.add_init_script(RECORD_BAR)
    page.goto(server.url, wait_until="commit")
    page.wait_for_selector("#loading-bar", state="attached")
    done, expected = 0, []
    for _ in sizes:
        route = held.next()
        name = file_name(route.request.url)
        done += sizes[name]
        percent = 10 + 70 * done // total  # web/boot.js: DOWNLOAD_FROM + (DOWNLOAD_TO - DOWNLOAD_FROM) * done / total
        text = f"{done / 1e6:.1f} of {total / 1e6:.1f} MB…"
        shown, before = page.evaluate("[document.getElementById('loading-bar').value, window.kingsburgBar.length]")
        route.continue_()
        # The file's timing entry first: the bar counts entries in the order they come.
        page.wait_for_function(
            "(name) => performance.getEntriesByType('resource').some((e) => e.name.split('?')[0].endsWith('/' + name))",
            arg=name,
        )
        if done < total and percent > shown:
            # Only the early stages of PyScript's start (14 at most) can pass it: later ones wait for files held.
            try:
                page.wait_for_function(
                    """([text, percent, before]) =>
                        window.kingsburgBar.slice(before).some(([, said]) => said.endsWith(text))
                        || document.getElementById("loading-bar").value > percent""",
                    arg=[text, percent, before],
                )
            except PlaywrightTimeoutError:
                pytest.fail(f"the bar never said {text!r} for {name}: {page.evaluate('window.kingsburgBar')}")
            said = page.evaluate(
                "([text, before]) => window.kingsburgBar.slice(before).filter(([, said]) => said.endsWith(text))",
                [text, before],
            )
            if said:
                assert [value for value, _ in said] == [percent] * len(said), f"{text} at {said}, not {percent}"
                expected.append([percent, text])
            else:
                assert percent <= LAST_EARLY_STAGE, f"the bar skipped {name}: {page.evaluate('window.kingsburgBar')}"
    assert len(expected) >= 3, f"the files that mattered arrived below the bar's stages: {expected}"
    held.stop()
    wait_until_ready(page)
    seen = page.evaluate("window.kingsburgBar")
    values = [value for value, _ in seen]
    assert values == sorted(values), f"the bar went backwards: {seen}"
    downloading = [[value, text.split(": ")[-1]] for value, text in seen if " MB…" in text]
    in_order = iter(downloading)
    assert all(step in in_order for step in expected), f"expected {expected} in this order: {seen}"
    assert values[-1] == 100 and len(set(values)) >= 7, seen


# web/boot.js STAGES: "Loading Storage", the last stage that comes before Pyodide's files are asked for.
LAST_EARLY_STAGE = 14


def file_name(url: str) -> str:
    return url.split("?")[0].rsplit("/", 1)[-1]
