"""The rest of the standard library in Chromium (web/stdlib_rest.py, web/interpreter.mjs): the modules a start does
not import are not downloaded before the board is playable, and every one of them still imports when first asked
for, in the page and in a worker, offline too."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route
from test_page import wait_for_service_worker

from tools.browser import Recorder, wait_until_ready
from tools.serve import SiteServer

pytestmark = [pytest.mark.timeout(300), pytest.mark.service_worker]

# Modules of three kinds: a top-level one, one inside a package that is wholly in the second archive, and one of
# a package whose __init__ a start imports (cp437 too: zip names; not cp850).
MODULES = ("difflib", "xml.dom.minidom", "encodings.cp850")

# A worker that starts Python as web/thinker.mjs does (the interpreter module the page names) and imports.
WORKER = b"""
self.onmessage = async ({ data }) => {
  try {
    const { loadPyodide } = await import(data.interpreter);
    const pyodide = await loadPyodide({ indexURL: new URL("./", data.interpreter).href });
    const names = JSON.stringify(data.names);
    const found = pyodide.runPython(`import importlib; [importlib.import_module(n).__file__ for n in ${names}]`);
    self.postMessage(found.toJs());
  } catch (err) {
    self.postMessage(String(err));
  }
};
"""
IN_A_WORKER = """([names]) => new Promise((resolve) => {
  const worker = new Worker("./test/import-worker.mjs", { type: "module" });
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.postMessage({ interpreter: globalThis.kingsburgInterpreter, names });
})"""


def rest_requests(urls: list[str]) -> list[str]:
    return [url for url in urls if "/pyodide/python_stdlib_rest-" in url]


def imported_from_the_rest(page: Page, name: str) -> str:
    file = page.evaluate("(name) => kingsburgDebug.import_module(name)", name)
    assert "/python_stdlib_rest-" in file and file.endswith(name.replace(".", "/") + ".py"), file
    return file


@pytest.mark.imports_the_rest_of_the_stdlib
def test_the_rest_is_fetched_at_the_first_import_of_one_of_its_modules_and_offline(
    server: SiteServer, page: Page, recorder: Recorder
) -> None:
    own: list[str] = []  # the page's requests (the service worker's precache of the site is not the page's)
    page.on("request", lambda request: own.append(request.url))
    # Two people, so no computers' worker: its own request ahead for the archive (web/interpreter.mjs findTheRest)
    # would be counted among the page's or not, as it started before or after the counting (it starts 2 s after
    # the board shows): the count would depend on the machine's speed. The worker's finder has its test below.
    page.goto(server.url + "?seats=human,human&seed=4")
    wait_until_ready(page)
    assert rest_requests(own) == []  # the start: not one byte of it
    assert json.loads(page.evaluate("kingsburgDebug.bytecode()"))["fetched later"] == []

    for name in MODULES:
        imported_from_the_rest(page, name)
    assert len(rest_requests(own)) == 1  # once, for all of them
    assert page.evaluate("kingsburgDebug.import_module('difflib')")  # and it works: already imported
    later = json.loads(page.evaluate("kingsburgDebug.bytecode()"))["fetched later"]
    assert set(MODULES) <= set(later)

    # A name the standard library does not have fails as ever, without a request.
    with pytest.raises(Exception, match="No module named '_winapi'"):
        page.evaluate("kingsburgDebug.import_module('_winapi')")

    # Offline: Chromium sends no synchronous request through the service worker, so the page has asked the
    # service worker for the archive in the background, once started.
    wait_for_service_worker(page)
    server.stop()
    own.clear()
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("html[data-kingsburg-stdlib-rest]", state="attached")
    assert page.get_attribute("html", "data-kingsburg-stdlib-rest") == "cached"
    assert json.loads(page.evaluate("kingsburgDebug.bytecode()"))["fetched later"] == []
    for name in MODULES:
        imported_from_the_rest(page, name)
    assert len(rest_requests(own)) == 1  # the one in the background, answered from the cache


def test_a_worker_started_from_the_interpreter_module_imports_the_rest_too(site: Path, page: Page) -> None:
    """The computers' worker (web/thinker.mjs) starts Python from the same interpreter module: a worker may ask
    a synchronous request for bytes directly, which a page may not."""
    server = SiteServer(site, extra={"/test/import-worker.mjs": (WORKER, "text/javascript")}).start()
    try:
        page.goto(server.url)
        wait_until_ready(page)
        files = page.evaluate(IN_A_WORKER, [list(MODULES)])
        assert isinstance(files, list) and len(files) == len(MODULES), files
        for name, file in zip(MODULES, files, strict=True):
            assert "/python_stdlib_rest-" in file and file.endswith(name.replace(".", "/") + ".py"), file
    finally:
        server.stop()


def test_a_finder_that_cannot_be_installed_never_breaks_the_start(server: SiteServer, page: Page) -> None:
    """The interpreter module's finder failing (here: its source replaced by an error) leaves a playable page and
    a warning in the console: only an import the game never makes would then fail."""
    warnings: list[str] = []
    page.on("console", lambda message: warnings.append(message.text) if message.type == "warning" else None)

    def broken(route: Route) -> None:
        response = route.fetch()
        text = response.text()
        finder = re.search(r'"finder":("(?:[^"\\]|\\.)*")', text)
        assert finder, "the interpreter module carries no finder"
        failing = json.dumps("raise RuntimeError('no finder')")
        route.fulfill(response=response, body=text.replace(finder.group(1), failing))

    page.route("**/pyodide/interpreter-*.mjs", broken)
    page.goto(server.url + "?seats=human,easy&speed=instant&seed=4")
    wait_until_ready(page)
    assert any("the rest of the standard library will not be found" in w and "no finder" in w for w in warnings)
    assert page.get_attribute("#app", "data-decisions") == "0"  # a game, dealt and waiting for the person
    with pytest.raises(Exception, match="No module named 'difflib'"):
        page.evaluate("kingsburgDebug.import_module('difflib')")
