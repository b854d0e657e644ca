"""The loading screen in the reader's language (issue 25): the words shown before Python runs (web/boot.js) follow
the page's choice of language, from locale/<lang>/boot.json, fetched only for that language; <html lang> is set at
once. Observed while the Pyodide files are held back, so Python cannot have started."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route

from tools.browser import wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

# Read from the first poll on, before the body is parsed (the page is opened at "commit").
STAGE = "(document.getElementById('loading-stage')?.textContent ?? '')"


@contextmanager
def pyodide_held(page: Page) -> Iterator[None]:
    """Every request for a Pyodide file waits until the block ends (then all go on, and later ones at once)."""
    held: list[Route] = []
    released = False

    def hold(route: Route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/pyodide/**", hold)
    try:
        yield
    finally:
        released = True
        for route in held:
            route.continue_()


def boot_words(site: Path, language: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((site / "locale" / language / "boot.json").read_text(encoding="utf-8"))
    return words


def test_the_loading_screen_speaks_french_before_python_runs(site: Path, server: SiteServer, page: Page) -> None:
    french = boot_words(site, "fr")
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    with pyodide_held(page):
        page.goto(
            server.url + "?lang=fr&seats=human,normal&seed=1", wait_until="commit"
        )  # "load" waits for the held files
        # The stage, once its words are in: one of the French words (the download's with its numbers).
        page.wait_for_function(
            """([words, stage]) => {
                const text = document.getElementById('loading-stage')?.textContent ?? '';
                return Object.values(words).includes(text) || text.startsWith(stage);
            }""",
            arg=[french, french["Downloading Python and the game: {done} of {total} MB…"].split("{")[0]],
        )
        assert page.evaluate("document.documentElement.lang") == "fr"
        stage = page.evaluate(STAGE)
        assert stage not in french, stage  # not an English msgid: French words shown
        label = page.get_attribute("#loading-bar", "aria-label")
        assert label == french["Loading progress"]
        assert page.evaluate("document.body.dataset.ready") is None  # Python has not run: its files are held
    wait_until_ready(page)
    assert [url for url in requests if url.endswith("boot.json")] == [server.url + "locale/fr/boot.json"]


def test_an_english_loading_screen_fetches_no_words(site: Path, server: SiteServer, page: Page) -> None:
    english = list(boot_words(site, "fr"))  # the msgids
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    with pyodide_held(page):
        page.goto(server.url + "?seats=human,normal&seed=1", wait_until="commit")
        page.wait_for_function(
            f"words => words.includes({STAGE}) || {STAGE}.startsWith('Downloading Python and the game: ')",
            arg=english,
        )
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.get_attribute("#loading-bar", "aria-label") == "Loading progress"
    wait_until_ready(page)
    assert not [url for url in requests if "/locale/" in url]


def test_the_stored_choice_speaks_before_python_too(site: Path, server: SiteServer, page: Page) -> None:
    german = boot_words(site, "de")
    page.add_init_script("localStorage.setItem('kingsburg-language', 'de')")
    with pyodide_held(page):
        page.goto(server.url + "?seats=human,normal&seed=1", wait_until="commit")
        page.wait_for_function(
            "label => document.getElementById('loading-bar')?.getAttribute('aria-label') === label",
            arg=german["Loading progress"],
        )
        assert page.evaluate("document.documentElement.lang") == "de"
    wait_until_ready(page)
