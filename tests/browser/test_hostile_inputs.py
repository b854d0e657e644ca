"""Issue 14 in Chromium: nothing a link, a file, the storage or a second tab does breaks the page or loses a save."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from board_driver import click_action, legal, markers, open_page, settle, wait_for_player
from playwright.sync_api import Browser, BrowserContext, Page, Route

from tools.browser import READY_TIMEOUT_MS, Recorder, wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

SAVE, META, LAST = "kingsburg/v1/save/", "kingsburg/v1/meta/", "kingsburg/v1/last"


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def stored(page: Page) -> dict[str, str]:
    """Every Kingsburg entry of localStorage."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("kingsburg/"))
                                    .map((k) => [k, localStorage.getItem(k)]))"""
    )


def decide(page: Page, count: int) -> None:
    """Make ``count`` decisions by clicks (revealing hand-overs), each saved before the next."""
    made = 0
    while made < count:
        state = wait_for_player(page)
        if state["handover"]:
            page.click("[data-action=reveal]")
            continue
        click_action(page, legal(page)[0])
        made += 1
    settle(page)


def start_a_game_here(page: Page) -> None:
    """The page still works: a new game starts from the start screen and takes a decision."""
    page.check("input[name=count][value='2']", force=True)
    page.select_option("#kind-1", "human")
    page.click("[data-action=start]")
    page.wait_for_selector("#app[data-mode=game]")
    decide(page, 1)
    assert markers(page)["decisions"] == "1"


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_a_deeply_nested_link_file_or_save_gives_a_message_and_a_working_page(
    server: SiteServer, page: Page, recorder: Recorder, depth: int, tmp_path: Path
) -> None:
    # The link (URL-encoded, as the issue found it).
    open_page(page, server.url + "#position=" + "%5B" * depth + "%5D" * depth)
    text = page.inner_text("#app")
    assert "The position in the address cannot be shown" in text or "longer than 200,000 characters" in text, text
    assert page.get_attribute("#app", "data-mode") == "start"

    # The same text as a file to import.
    file = tmp_path / "deep.json"
    file.write_text(nested(depth))
    page.set_input_files("input[type=file][data-action=import]", str(file))
    page.wait_for_selector("#app .msg.err >> text=nests more than 32 levels deep")
    assert stored(page) == {}

    # The same text as a stored save, the game to continue on reload.
    page.evaluate(
        """([save, meta, last, text]) => {
            localStorage.setItem(save + "deep", text);
            localStorage.setItem(meta + "deep", text);
            localStorage.setItem(last, "deep");
        }""",
        [SAVE, META, LAST, nested(depth)],
    )
    page.goto(server.url)
    wait_until_ready(page)
    assert page.get_attribute("#app", "data-mode") == "start"
    assert "nests more than 32 levels deep" in page.inner_text("#app")
    damaged = page.locator("li.save[data-save=deep]")
    assert "Damaged" in damaged.inner_text() and damaged.locator("text=Export raw text").count() == 1
    start_a_game_here(page)
    assert stored(page)[SAVE + "deep"] == nested(depth)  # kept, never rewritten
    assert recorder.errors == []


@pytest.mark.parametrize("updated", ["NaN", nested(50)])  # tests/web try the others
def test_a_damaged_summary_is_listed_as_damaged_and_the_page_starts(
    server: SiteServer, context: BrowserContext, page: Page, recorder: Recorder, updated: str, results_dir: Path
) -> None:
    open_page(page, server.url + "?seats=human,human&seed=4")
    decide(page, 2)
    save_id = markers(page)["saveId"]
    page.click("[data-action=home]")  # clears 'last': the list is what every reload draws
    page.wait_for_selector("#app[data-mode=start]")
    meta = json.loads(stored(page)[META + save_id])
    damaged = json.dumps(meta).replace(json.dumps(meta["updated"]), updated)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [META + save_id, damaged])
    before = stored(page)
    for _ in range(2):  # every reload
        page.reload()
        wait_until_ready(page)
        entry = page.locator(f"li.save[data-save='{save_id}']")
        assert "Damaged" in entry.inner_text()
        assert (
            entry.locator("button", has_text="Export raw text").count()
            == entry.locator("button[data-action=delete]").count()
            == 1
        )
    assert stored(page) == before
    if updated == "NaN":
        for name, size in (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844})):
            page.set_viewport_size(size)
            page.screenshot(path=str(results_dir / f"damaged-summary-{name}.png"), full_page=True)
    with page.expect_download() as download:
        entry.locator("text=Export raw text").click()
    assert Path(download.value.path()).read_text() == before[SAVE + save_id]
    entry.locator("text=Try to open").click()  # the game itself is sound: it opens, its summary is repaired
    page.wait_for_selector("#app[data-mode=game]")
    assert markers(page)["decisions"] == "2"
    assert recorder.errors == []


def test_a_stale_tab_never_writes_over_the_other_tabs_decisions(
    server: SiteServer, context: BrowserContext, recorder: Recorder
) -> None:
    a = context.new_page()
    open_page(a, server.url + "?seats=human,human&seed=6")
    decide(a, 1)
    b = context.new_page()
    open_page(b, server.url)  # continues the same game
    assert markers(b)["saveId"] == markers(a)["saveId"]
    save_id = markers(a)["saveId"]
    a.bring_to_front()  # a background tab's animation frames (after which the page saves) are held back
    decide(a, 15)
    newest = a.evaluate("kingsburgDebug.actions()").split("\n")
    assert len(newest) == 16
    b.bring_to_front()
    b.wait_for_function("document.getElementById('app').dataset.decisions === '16'")  # B heard A's saves
    decide(b, 1)
    saved = json.loads(stored(b)[SAVE + save_id])
    assert saved["actions"][:16] == newest and len(saved["actions"]) == 17
    a.wait_for_function("document.getElementById('app').dataset.decisions === '17'")  # and A hears B
    assert recorder.errors == []


def test_a_stale_tab_that_heard_nothing_follows_instead_of_writing(
    server: SiteServer, context: BrowserContext, recorder: Recorder
) -> None:
    """The write check on its own: tab B's storage events are held back, as when a browser delays them."""
    a = context.new_page()
    open_page(a, server.url + "?seats=human,human&seed=6")
    decide(a, 1)
    b = context.new_page()
    b.add_init_script("window.addEventListener('storage', (e) => e.stopImmediatePropagation(), true)")
    open_page(b, server.url)
    save_id = markers(a)["saveId"]
    a.bring_to_front()  # a background tab's animation frames (after which the page saves) are held back
    decide(a, 15)
    newest = a.evaluate("kingsburgDebug.actions()").split("\n")
    b.bring_to_front()
    assert markers(b)["decisions"] == "1"  # B is stale
    # B's next step writes: revealing its screen (the hand-over is saved) or a decision.
    wait_for_player(b)
    if markers(b)["handover"]:
        b.click("[data-action=reveal]")
    else:
        b.locator("#panel button[data-action=act]").first.click()
    b.wait_for_selector("#panel >> text=continued in another tab")
    assert markers(b)["decisions"] == "16"  # B follows the newer game
    assert json.loads(stored(b)[SAVE + save_id])["actions"] == newest  # A's 15 decisions survive
    assert recorder.errors == []


FILL = """() => {
    // Fill this origin's localStorage to the last character the browser allows.
    let size = 1 << 20, i = 0;
    while (size >= 16) {
        try { localStorage.setItem("filler/" + i++, "x".repeat(size)); }
        catch (e) { size = size >> 1; }
    }
    return i;
}"""


def test_full_storage_says_so_keeps_playing_and_saves_again_once_there_is_room(
    server: SiteServer, page: Page, recorder: Recorder, results_dir: Path
) -> None:
    open_page(page, server.url + "?seats=human,normal&seed=8&speed=instant")
    decide(page, 1)
    save_id = markers(page)["saveId"]
    page.evaluate(FILL)
    decide(page, 2)
    assert "Storage is full" in page.inner_text("#notice .msg.warn")
    assert len(json.loads(stored(page)[SAVE + save_id])["actions"]) < int(markers(page)["decisions"])
    shots = (("desktop", {"width": 1280, "height": 800}), ("phone", {"width": 390, "height": 844}))
    for name, size in shots:
        page.set_viewport_size(size)
        page.screenshot(path=str(results_dir / f"storage-full-{name}.png"))
    page.click("[data-action=home]")  # the games are still listed; this one only in memory, and says so
    entry = page.locator(f"li.save[data-save='{save_id}']")
    assert "Not saved on this device yet" in entry.inner_text()
    assert "Storage is full" in page.inner_text("#app .msg.err")
    for name, size in shots:
        page.set_viewport_size(size)
        page.screenshot(path=str(results_dir / f"storage-full-start-{name}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    entry.locator("button[data-action=continue]").click()
    decide(page, 1)
    page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('filler/')).slice(0, 4)"
        ".forEach((k) => localStorage.removeItem(k))"
    )
    decide(page, 1)  # the next decision saves again
    assert page.locator("#notice .msg.warn").count() == 0
    actions = page.evaluate("kingsburgDebug.actions()").split("\n")  # a computer may move on meanwhile
    assert json.loads(stored(page)[SAVE + save_id])["actions"][: len(actions)] == actions
    page.reload()
    wait_until_ready(page)
    assert page.evaluate("kingsburgDebug.actions()").split("\n")[: len(actions)] == actions
    assert recorder.errors == []


def test_all_games_go_to_one_backup_file_and_come_back(
    server: SiteServer, page: Page, recorder: Recorder, tmp_path: Path
) -> None:
    open_page(page, server.url + "?seats=human,human&seed=11")
    decide(page, 2)
    save_id = markers(page)["saveId"]
    page.wait_for_function("typeof window.kingsburgPersisted === 'boolean'")  # asked once a game was saved
    page.click("[data-action=home]")
    with page.expect_download() as download:
        page.click("[data-action=export-all]")
    backup = tmp_path / "backup.json"
    download.value.save_as(backup)
    data = json.loads(backup.read_text())
    assert data["format"] == "kingsburg-backup" and [g["id"] for g in data["games"]] == [save_id]

    page.click(f"li.save[data-save='{save_id}'] [data-action=delete]")
    page.click("[data-action=delete-yes]")
    page.wait_for_selector(f"li.save[data-save='{save_id}']", state="detached")
    page.set_input_files("input[type=file][data-action=import]", str(backup))
    page.wait_for_selector("#app .msg >> text=1 game imported")
    page.click(f"li.save[data-save='{save_id}'] [data-action=continue]")
    page.wait_for_selector("#app[data-mode=game]")
    assert markers(page)["decisions"] == "2"
    assert recorder.errors == []


def test_a_browser_without_navigator_storage_saves_quietly(server: SiteServer, page: Page, recorder: Recorder) -> None:
    page.add_init_script("Object.defineProperty(Navigator.prototype, 'storage', { get: () => undefined })")
    open_page(page, server.url + "?seats=human,human&seed=12")
    decide(page, 1)
    assert page.evaluate("navigator.storage === undefined && window.kingsburgPersisted === undefined")
    assert stored(page)[LAST] == markers(page)["saveId"]
    assert recorder.errors == []


def broken_bundle(bundle: bytes) -> bytes:
    """The page's Python bundle with a start screen that fails, as a storage entry no check foresaw might."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(bundle)) as src, zipfile.ZipFile(out, "w") as dst:
        for name in src.namelist():
            data = src.read(name)
            if name == "app/screens.pyc":
                continue
            if name == "app/screens.py":
                data += (
                    b"\n\ndef saved_list(saves, *args):\n    if saves:\n"
                    b'        raise ValueError("cannot convert float NaN to integer")\n    return ""\n'
                )
            dst.writestr(name, data)
    return out.getvalue()


def test_when_starting_fails_anyway_the_page_offers_to_start_without_the_saved_games(
    server: SiteServer, browser: Browser, results_dir: Path
) -> None:
    # No service worker: it would serve the bundle from its cache, out of the reach of page.route.
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    page = context.new_page()
    open_page(page, server.url + "?seats=human,human&seed=13")
    decide(page, 1)
    if page.locator("[data-action=reveal]").count():  # a hand-over screen would cover the game's buttons
        page.click("[data-action=reveal]")
    page.click("[data-action=home]")
    before = stored(page)
    assert any(k.startswith(SAVE) for k in before)

    def fulfil(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=broken_bundle(response.body()))

    page.route("**/web/page-*.zip", fulfil)
    page.reload()
    page.wait_for_selector("body[data-rescue='1']")
    assert "ValueError: cannot convert float NaN to integer" in page.inner_text("#app")
    assert page.locator("#loading").is_hidden()
    page.screenshot(path=str(results_dir / "rescue.png"))
    with page.expect_download() as download:
        page.click("[data-action=rescue-export]")
    backup = json.loads(Path(download.value.path()).read_text())
    assert {SAVE + g["id"]: g["text"] for g in backup["games"]} == {k: v for k, v in before.items() if SAVE in k}
    page.click("[data-action=rescue]")
    page.wait_for_selector("#app[data-mode=start]")
    assert "started without your saved games" in page.inner_text("#app")
    start_a_game_here(page)
    assert stored(page) == before  # the saved games are kept, untouched
    context.close()


@pytest.mark.parametrize("path", ["/", "//", "/index.html"])
def test_a_new_game_from_the_address_starts_whatever_the_path_and_the_address_is_cleaned(
    server: SiteServer, page: Page, recorder: Recorder, path: str
) -> None:
    """The game-starting parameters are dropped from the address once the game starts, so a reload continues it.
    An address typed with a double slash ("//?seats=…") once stopped the page ("The game could not start": the
    browser refused to set the address to "//", read as another host)."""
    open_page(page, f"http://127.0.0.1:{server.port}{path}?seats=human,random&seed=5&speed=instant")
    assert markers(page)["mode"] == "game"
    assert page.evaluate("location.search") == "" and page.evaluate("location.pathname") == path
    wait_for_player(page)
    click_action(page, legal(page)[0])
    settle(page)
    page.reload()
    wait_until_ready(page)
    assert markers(page)["mode"] == "game" and int(markers(page)["decisions"]) >= 1  # the same game, continued
    assert recorder.errors == []
