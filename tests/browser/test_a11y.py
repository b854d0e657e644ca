"""Accessibility: axe-core finds no violation on any screen or state of the page, at desktop and phone widths;
axe never reaches the built site."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from urllib.parse import quote

import pytest
from a11y import AXE, audit, violations
from board_driver import click_action, legal, markers, open_page, wait_for_player
from playwright.sync_api import Page

import kingsburg
from tools.browser import wait_until_ready
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(600)


def test_the_built_site_holds_no_axe(site: Path) -> None:
    """axe-core is a test tool: no file of it, and no reference to it, may be served to players."""
    assert AXE.is_file()
    files = [f for f in site.rglob("*") if f.is_file()]
    assert len(files) > 20
    assert [f for f in files if "axe" in f.name.lower()] == []
    for f in files:
        if f.suffix in (".html", ".js", ".mjs", ".json", ".toml", ".py", ".css", ".webmanifest"):
            text = f.read_text(encoding="utf-8", errors="replace")
            assert "axe-core" not in text and "axe.min" not in text, f"{f.relative_to(site)} mentions axe"


def test_axe_runs_under_a_strict_content_security_policy(page: Page) -> None:
    """The page's CSP allows no inline script and no eval; axe still runs, evaluated through DevTools."""
    page.set_content(
        "<!doctype html><html lang=en><head><meta http-equiv='Content-Security-Policy' "
        "content=\"default-src 'self'; script-src 'self'\"><title>before</title></head>"
        "<body><main><h1>CSP</h1><img src='./x.png'></main><script>document.title = 'inline'</script></body></html>"
    )
    assert page.title() == "before"  # the policy is in force: the inline script was blocked
    found = violations(page)
    assert [v["id"] for v in found] == ["image-alt"]
    with pytest.raises(AssertionError, match=r"image-alt \(critical\).*\n.*img: <img src=\"./x.png\">"):
        audit(page, "a test page")


# --- Every screen and state, desktop and phone ---------------------------------------------------------------

WIDTHS = {"desktop": (1280, 800), "phone": (390, 844)}
DECISIONS = ("aid", "influence", "gift", "build", "reroll", "townhall", "recruit", "lose", "gain")


def audit_both_widths(page: Page, where: str) -> None:
    """Audit at desktop width, then at phone width (resized, not reloaded), then back."""
    for name, (width, height) in WIDTHS.items():
        page.set_viewport_size({"width": width, "height": height})
        audit(page, f"{where} ({name}, {width}x{height})")
    page.set_viewport_size({"width": 1280, "height": 800})


@cache
def positions() -> dict[str, str]:
    """For each kind of decision, a position where Ann (seat 0) must make it: random two-player games played on
    CPython until each kind has come to her (a fraction of a second)."""
    found: dict[str, str] = {}
    for seed in range(500):
        game = kingsburg.new_game(["Ann", "Brian"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over():
            kind = game.decision()
            if game.to_play == 0 and kind not in found:
                found[kind] = json.dumps(game.position(), separators=(",", ":"))
            game.apply(rng.choice(game.legal_actions()))
        if set(DECISIONS) <= set(found):
            return found
    raise AssertionError(f"no random game reached {set(DECISIONS) - set(found)}")


def import_position(page: Page, folder: Path, decision: str) -> None:
    """Open the position where Ann must make ``decision`` through the start screen's import (against a random
    computer): one page load serves every decision."""
    data = json.loads(kingsburg.load_game(positions()[decision]).to_json())
    data["app"] = {"seats": [{"kind": "human"}, {"kind": "random"}], "speed": "slow"}
    path = folder / f"{decision}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    if markers(page)["mode"] == "game":
        page.click("#topbar [data-action=home]")
    page.set_input_files("input[type=file][data-action=import]", str(path))
    page.wait_for_selector("#app[data-mode=game]")
    state = wait_for_player(page)
    assert (state["decision"], state["myTurn"]) == (decision, "1")


@pytest.mark.long
def test_no_violation_on_the_start_screen_at_any_decision_and_in_the_saved_games(
    server: SiteServer, page: Page, tmp_path: Path
) -> None:
    open_page(page, server.url)
    assert markers(page)["mode"] == "start"
    audit_both_widths(page, "the start screen")
    page.click("[data-action=rules]")
    page.wait_for_selector(".overlay.rules")
    audit_both_widths(page, "the rules over the start screen")
    page.keyboard.press("Escape")

    for decision in DECISIONS:
        import_position(page, tmp_path, decision)
        audit_both_widths(page, f"the board, {decision} decision")
        if decision == "influence":
            page.locator("#panel .die-btn").first.click()
            extras = page.locator("#panel [data-action=extra]")
            if extras.count():
                extras.first.click()
            assert page.locator("#panel .die-btn[aria-pressed=true]").count() == 1
            audit_both_widths(page, "the board, influence with a die selected")

    page.click("#topbar [data-action=rules]")
    page.wait_for_selector("#overlay .overlay.rules")
    audit_both_widths(page, "the rules over the board")
    page.keyboard.press("Escape")
    page.evaluate("localStorage.setItem('kingsburg/v1/save/damaged', '{garbage')")
    page.click("#topbar [data-action=home]")
    page.wait_for_selector(".saves .save.corrupt")
    assert page.locator(".saves .save").count() == len(DECISIONS) + 1
    audit_both_widths(page, "the saved games, one damaged")
    # Its text is no game at all: listed with its reason, raw export and delete, and no "Try to open".
    assert page.locator('.saves [data-save="damaged"] .msg.err').count() == 1
    assert page.locator('.saves [data-action=continue][data-value="damaged"]').count() == 0
    page.click('.saves [data-action=delete][data-value="damaged"]')
    page.wait_for_selector(".saves .confirm")
    audit_both_widths(page, "the saved games, a message and a delete to confirm")


def test_no_violation_on_the_hand_over_screen_or_while_a_computer_plays(server: SiteServer, page: Page) -> None:
    # The device is handed over only when a secret would show: Ann, who looked at the enemy card, after Brian.
    hotseat = json.loads((Path(__file__).parents[1] / "positions" / "hotseat-secret.json").read_text())
    open_page(page, server.url + "?position=" + quote(json.dumps(hotseat), safe="") + "&play=1&seats=human,human")
    wait_for_player(page)
    click_action(page, "place 1 @1")
    assert wait_for_player(page)["handover"] != ""
    page.wait_for_selector("#overlay .handover")
    audit_both_widths(page, "the hand-over screen")
    # Cindy, the computer, keeps her turn on screen for an hour (her clock), so the audit never races her move.
    page.add_init_script("window.kingsburgClocks.computerDelay = 3600;")
    open_page(page, server.url + "?seats=human,human,random&names=Ann,Brian,Cindy&seed=5")
    for _ in range(60):
        state = wait_for_player(page)
        if state["handover"]:
            page.click("[data-action=reveal]")
            continue
        click_action(page, legal(page)[0])
        state = markers(page)
        if state["toPlay"] == "2":
            audit(page, "a computer's turn")
            assert markers(page)["decisions"] == state["decisions"], "Cindy moved although her clock held her"
            return
    raise AssertionError("the computer's turn never came")


def test_no_violation_on_the_end_screen_or_a_position_shown_for_study(server: SiteServer, page: Page) -> None:
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=8)
    rng = random.Random(8)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    open_page(page, server.url + "#position=" + quote(game.to_json(), safe=""))
    page.wait_for_selector("#overlay .overlay.end")
    audit_both_widths(page, "the end screen")
    page.click("[data-action=hide-results]")
    page.wait_for_selector("#overlay .overlay.end", state="detached")
    audit_both_widths(page, "the board after the game")
    page.goto(server.url + "?position=" + quote(positions()["recruit"], safe=""))
    wait_until_ready(page)
    assert "nothing can be played" in page.inner_text("#panel")
    audit_both_widths(page, "a position shown for study")


@pytest.mark.first_visit
def test_no_violation_in_the_statistics_a_bad_import_or_the_loading_screen(
    server: SiteServer, page: Page, tmp_path: Path
) -> None:
    games = [
        {
            "id": f"g{i}",
            "ended": 1_790_000_000 + 86_400 * i,
            "players": [
                {"name": "Ann", "kind": "human", "vp": 30 + i},
                {"name": "Brian", "kind": ("easy", "normal", "hard")[i % 3], "vp": 33 - i},
                {"name": "Cindy", "kind": "normal", "vp": 20},
            ],
            "winners": [0 if i > 1 else 1],
        }
        for i in range(5)
    ]
    # First, in this fresh profile (no service worker yet to answer from its cache): the loading screen.
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answered: the page stays on its loading screen
    page.goto(server.url)
    # Every file but Python's WebAssembly is downloaded, and counted by its bytes, however late the page's <meta>
    # that lists them was parsed (a busy machine parsed it after the first files, which were never counted).
    page.wait_for_function(
        """() => {
            const sizes = document.querySelector('meta[name="kingsburg-downloads"]')?.content.split(" ")
                .map((pair) => pair.split("=")).map(([file, n]) => [file, Number(n)]);
            if (!sizes) return false;
            const total = sizes.reduce((sum, [, n]) => sum + n, 0);
            const wasm = sizes.find(([file]) => file === "pyodide.asm.wasm")[1];
            return document.getElementById("loading-bar").value === 10 + Math.floor((70 * (total - wasm)) / total);
        }"""
    )
    assert " MB…" in page.inner_text("#loading-stage")
    audit_both_widths(page, "the loading screen")
    page.unroute("**/pyodide.asm.wasm")
    open_page(page, server.url)
    page.evaluate(
        "(text) => localStorage.setItem('kingsburg/v1/history', text)", json.dumps({"version": 1, "games": games})
    )
    page.reload()
    wait_until_ready(page)
    page.click(".card.stats summary")
    page.wait_for_selector(".card.stats table.history")
    audit_both_widths(page, "the statistics, the finished games open")

    page.evaluate("localStorage.setItem('kingsburg/v1/history', '{damaged')")
    bad = tmp_path / "not-a-game.json"
    bad.write_text('{"format": "kingsburg-game", "version": 7}')
    page.reload()
    wait_until_ready(page)
    page.set_input_files("input[type=file][data-action=import]", str(bad))
    page.wait_for_selector("#app .msg.err details")
    page.click("#app .msg.err details summary")
    audit_both_widths(page, "damaged statistics and a file that is not a game, its details open")
