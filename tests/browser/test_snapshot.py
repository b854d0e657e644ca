"""Returning visits start Python from the build's memory snapshot (web/interpreter.mjs), and only a good one.

One page per test walks the visits: the first boots the normal way and never fetches the snapshot itself; the
service worker caches it; the next visits restore it. ``<html data-kingsburg-boot>`` says which path was taken.
"""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import Page

from tools.browser import Recorder, wait_until_ready
from tools.serve import SiteServer

pytestmark = [pytest.mark.timeout(300), pytest.mark.service_worker]

NEW_GAME = "?seats=human,human"  # a new game at once, with a seed from `random`


def visit(page: Page, url: str) -> tuple[str, dict | None]:
    """Open ``url`` to a playable board; return the boot path and the page's saved game (None if none)."""
    page.goto(url)
    wait_until_ready(page)
    assert page.get_attribute("body", "data-engine") == "ok"
    saved = page.evaluate("kingsburgDebug.saved()")
    return page.get_attribute("html", "data-kingsburg-boot"), json.loads(saved) if saved else None


def wait_for_cached_snapshot(page: Page) -> str:
    """Wait until the service worker controls the page and has cached the snapshot; return its URL."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null")
    deadline = time.monotonic() + 60
    while True:
        urls = page.evaluate(
            """async () => {
                const urls = [];
                for (const name of await caches.keys()) {
                    for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
                }
                return urls.filter((url) => url.includes("/pyodide/snapshot-"));
            }"""
        )
        if urls:
            return urls[0]
        assert time.monotonic() < deadline, "the service worker never cached the snapshot"
        time.sleep(0.2)


def replace_cached(page: Page, url: str, how: str) -> None:
    """Put a broken snapshot in the cache under ``url``: ``garbage`` bytes, or ``stale`` (a real snapshot
    whose recorded build id is another build's, as an old release's would be)."""
    page.evaluate(
        """async ([url, how]) => {
            const [name] = (await caches.keys()).filter((n) => n.startsWith("kingsburg:"));
            const cache = await caches.open(name);
            let bytes = new Uint8Array(4096).fill(7);
            if (how === "stale") {
                bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());  // cached unpacked
                const id = new TextEncoder().encode(url.match(/snapshot-([0-9a-f]{16})/)[1]);
                let found = 0;
                for (let i = 0; i <= bytes.length - id.length; i++) {
                    if (bytes[i] === id[0] && id.every((b, j) => bytes[i + j] === b)) {
                        bytes.set(new TextEncoder().encode("0123456789abcdef"), i);
                        found++;
                    }
                }
                if (!found) throw new Error("build id not found in the snapshot");
            }
            await cache.put(url, new Response(bytes));
        }""",
        [url, how],
    )


# Counts the page's looks into the Cache API (the service worker's own are not in the page).
COUNT_CACHE_LOOKS = """
window.__cacheLooks = 0;
if (window.caches) {
  const match = CacheStorage.prototype.match;
  CacheStorage.prototype.match = function (...args) { window.__cacheLooks++; return match.apply(this, args); };
}
"""


def test_a_returning_visit_boots_from_the_snapshot_with_fresh_dice(
    server: SiteServer, page: Page, recorder: Recorder
) -> None:
    page.add_init_script(COUNT_CACHE_LOOKS)
    path, first = visit(page, server.url + NEW_GAME)
    assert path == "normal"
    # No service worker controls a first visit: Python's start does not wait for a look into the Cache API.
    assert page.evaluate("window.__cacheLooks") == 0
    fetched = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
    assert not [url for url in fetched if "/snapshot-" in url], "the first visit fetched the snapshot itself"
    wait_for_cached_snapshot(page)

    seeds = [first["game"]["seed"]]
    for _ in range(2):
        path, saved = visit(page, server.url + NEW_GAME)
        assert path == "snapshot"
        assert page.evaluate("window.__cacheLooks") == 1
        seeds.append(saved["game"]["seed"])
    # Without reseeding after the restore, every snapshot boot would deal the same game.
    assert len(set(seeds)) == 3, seeds
    # ...and the board is alive: a click applies.
    assert page.get_attribute("#app", "data-decisions") == "0"
    if page.locator("[data-action=reveal]").count():  # two people share the device: only a secret hands it over
        page.click("[data-action=reveal]")
    page.locator("#panel button[data-action=act]").first.click()
    page.wait_for_selector('#app[data-decisions="1"]')

    # The computers' worker starts the same interpreter: from the snapshot too, and it plays.
    # Hard computers: a search waits for the worker (Normal and Easy would decide on the page while it starts).
    path, _ = visit(page, server.url + "?seats=hard,hard&speed=instant")
    assert path == "snapshot"
    page.wait_for_function("window.kingsburgThinking.length >= 2", timeout=60_000)
    assert page.evaluate("[kingsburgThinker.state, kingsburgThinker.boot]") == ["ready", "snapshot"]
    assert {where for *_, where in page.evaluate("Array.from(kingsburgThinking)")} == {"worker"}
    assert recorder.errors == []


def test_a_stale_or_corrupt_snapshot_falls_back_to_the_normal_boot(
    server: SiteServer, page: Page, recorder: Recorder
) -> None:
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)
    visit(page, server.url)
    url = wait_for_cached_snapshot(page)
    # Stale first (it is made from the real snapshot's bytes); each is refused by its own check.
    for how, why in (("stale", "not this build's snapshot"), ("garbage", "invalid magic number")):
        replace_cached(page, url, how)
        warnings.clear()
        path, saved = visit(page, server.url + NEW_GAME)
        assert (path, how) == ("normal", how)
        assert saved is not None
        assert any("Python snapshot refused" in w and why in w for w in warnings), warnings
    assert recorder.errors == []
