"""A whole game by keyboard alone, read through the accessibility tree, as a screen-reader user plays it.

The test sees the page only as Chromium's accessibility tree (Playwright's ARIA snapshots: roles, names,
states, which element is focused) and acts only with keys (Tab, Space, Enter). What the live region
announces is recorded as a screen reader hears it, one addition at a time, and compared with the engine's log
of the whole game: every move of the computer, every roll, enemy, battle and end of a season or year.
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter

import pytest
from board_driver import click_action, legal, open_page, wait_for_player
from playwright.sync_api import Locator, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

import kingsburg
from tools.serve import SiteServer
from web.app.announce import sentences

pytestmark = pytest.mark.timeout(600)

# The announcer's gap (seconds), set as the page loads (web/page.py page_clocks): the page's own default.
GAP = 0.6
CLOCKS = "window.kingsburgClocks = Object.assign(window.kingsburgClocks || {}, {announceGap: %s});"
# Every node added to the live region, with its time: what a screen reader is told to say; and what the console
# says, for the report of a test that fails.
RECORD_ANNOUNCEMENTS = """
window.__console = [];
for (const level of ["log", "warn", "error"]) {
  const original = console[level];
  console[level] = (...args) => {
    window.__console.push(level + ": " + args.map(String).join(" ").slice(0, 2000));
    original.apply(console, args);
  };
}
addEventListener("error", (e) => window.__console.push("onerror: " + e.message));
addEventListener("unhandledrejection", (e) => window.__console.push("rejection: " + String(e.reason).slice(0, 2000)));
window.__announced = [];
new MutationObserver((records) => {
  for (const r of records) {
    if (r.target.id !== "announcer") continue;
    for (const node of r.addedNodes) window.__announced.push([performance.now(), node.textContent]);
  }
}).observe(document, { childList: true, subtree: true });
"""
REGIONS = ("Your decision", "The King's court")
# The computer's decisions whose own log line must be announced (as in tests/web/test_announce.py).
ANNOUNCED = {"influence", "build", "aid", "recruit", "reroll", "townhall"}


def snapshot(where: Locator) -> str:
    """The accessibility tree under ``where``; "[active]" marks the focused element."""
    return where.aria_snapshot(mode="ai")


def focused(page: Page) -> str:
    """The focused element's role and name in the accessibility tree, as in 'button "Pass"'. The regions where
    play happens are read first: the whole page's tree (with the game log) is slow to read at every key."""
    lines: list[str] = []
    for where in [page.get_by_role("region", name=name) for name in REGIONS] + [page.locator("body")]:
        lines = [line for line in snapshot(where).splitlines() if "[active]" in line]
        if lines:
            break
    m = re.search(r'(\w+) ("[^"]*")?', lines[-1].lstrip(" -'")) if lines else None
    return f"{m[1]} {m[2] or ''}".strip() if m else ""


def wait_for_turn(page: Page, panel: Locator, before: str, timeout: float = 90.0) -> str:
    """Wait until the decision panel has changed since ``before`` and says it is our turn with the focus in it,
    or the game is over; returns the panel's tree ("" at the end)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if page.locator("#overlay .overlay.winter, #overlay .overlay.year").count():
            page.keyboard.press("Enter")  # the winter battle or the year's summary: one key press moves on
            page.wait_for_timeout(100)
            continue
        if page.locator("#overlay .overlay.end").count():  # not any dialog: a scene may open just now
            return ""
        try:
            tree = panel.aria_snapshot(mode="ai", timeout=2_000)
        except PlaywrightTimeoutError:  # a dialog opened since the check above: the board behind it is inert
            continue
        if tree != before and "Your turn:" in tree and "[active]" in tree:
            return tree
        page.wait_for_timeout(50)
    try:
        now = panel.aria_snapshot(mode="ai", timeout=2_000)
    except PlaywrightTimeoutError:
        now = "(not in the accessibility tree)"
    state = page.evaluate(
        "() => ({active: document.activeElement && document.activeElement.outerHTML.slice(0, 200),"
        " app: Object.assign({}, document.getElementById('app').dataset),"
        " overlay: document.getElementById('overlay').innerHTML.slice(0, 300),"
        " thinker: window.kingsburgThinker && [kingsburgThinker.state, kingsburgThinker.failure,"
        " JSON.stringify(kingsburgThinker.stats)], thinking: JSON.stringify(window.kingsburgThinking.slice(-3)),"
        " console: window.__console})"
    )
    raise AssertionError(f"our turn never came; the panel read before:\n{before}\nand now:\n{now}\npage: {state}")


def tab_to(page: Page, name: re.Pattern[str], limit: int = 80) -> None:
    """Press Tab until the focused element is a button whose name matches."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if name.match(focused(page)):
            return
    raise AssertionError(f"Tab never reached a button like {name.pattern}")


def play_by_keyboard(page: Page) -> int:
    """Ann's decisions: influence with one die where it reaches an advisor (else pass), otherwise the first
    choice, the one the focus lands on. Returns the decisions made."""
    panel = page.get_by_role("region", name="Your decision")
    tree = ""
    for made in range(400):
        tree = wait_for_turn(page, panel, tree)
        if not tree:
            return made
        if "must influence an advisor or pass" in tree:
            assert re.fullmatch(r'button "Die \d"', focused(page)), tree
            page.keyboard.press("Space")
            page.wait_for_function("true")  # let the page redraw
            hint = snapshot(panel)
            if "[pressed]" not in hint:
                raise AssertionError(f"Space did not pick the die:\n{hint}")
            tab_to(page, re.compile(r'button "Pass' if "No advisor can take" in hint else r'button "Place '))
        else:
            assert focused(page).startswith("button "), tree
        tree = snapshot(panel)
        page.keyboard.press("Enter")
    raise AssertionError("the game did not end")


def decisions_and_lines(save: dict) -> list[tuple[int | None, str, str, list[str]]]:
    """Replays the game on CPython: for each decision, (seat, decision, action kind, the log lines it added)."""
    game = kingsburg.new_game(save["game"]["players"], seed=save["game"]["seed"], **save["game"]["options"])
    steps = []
    for text in save["game"]["actions"]:
        seat, decision, before = game.to_play, game.decision(), len(game.events)
        action = game.parse(text)
        game.apply(action)
        steps.append((seat, decision, action.kind, [e.text for e in game.events[before:]]))
    return steps


def sentences_after_each_decision(save: dict) -> list[list[str]]:
    """What the live region must say, in order, for Ann (seat 0): web/app/announce.py's sentences for the game's
    start, then for what each decision added to the log, as the page hears them (replayed on CPython)."""
    game = kingsburg.new_game(save["game"]["players"], seed=save["game"]["seed"], **save["game"]["options"])
    said = [sentences(game.events, 0, 0, game.players, [0] * len(game.players), game.season_phases())]
    for text in save["game"]["actions"]:
        before = len(game.events)
        game.apply(game.parse(text))
        scores = [p.vp for p in game.state.players]
        said.append(sentences(game.events, before, 0, game.players, scores, game.season_phases()))
    return [[s.text for s in chunk] for chunk in said]


@pytest.mark.long
def test_a_whole_game_by_keyboard_through_the_accessibility_tree(server: SiteServer, page: Page) -> None:
    page.add_init_script(CLOCKS % GAP)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    open_page(page, server.url + "?seats=human,random&names=Ann,Bob&seed=11&speed=instant")
    made = play_by_keyboard(page)
    assert made > 20
    dialog = page.get_by_role("dialog")
    assert "After five years" in dialog.aria_snapshot()
    # The last announcement may be held back by the gap: its timer adds it (the game's end is the last sentence).
    page.wait_for_function("window.__announced.some(([, text]) => text.includes('The game is over. Scores: '))")
    heard: list[list] = page.evaluate("window.__announced")
    said = " ".join(text for _, text in heard)

    save = json.loads(page.evaluate("kingsburgDebug.saved()"))
    steps = decisions_and_lines(save)
    assert [seat for seat, *_ in steps] == save["app"]["by"]
    events = kingsburg.load_game(json.dumps(save["game"])).events

    # Bob's every move, in the log's own words, as often as he made it; none of Ann's.
    moves: Counter = Counter()
    for seat, decision, kind, lines in steps:
        chosen = seat == 1 and decision in ANNOUNCED and (kind != "pass" or decision in ("influence", "build"))
        if chosen:
            moves[lines[0]] += 1
        moves.update(line for line in lines[chosen:] if re.fullmatch(r"Bob (passes|must pass)\.", line))
    assert len(moves) > 10
    for line, times in moves.items():
        assert said.count(line) >= times, f"not announced (x{times}): {line}"
    assert not re.search(r"Ann (influences|builds|recruits|passes)", said)
    # Every season's dice, enemy, battle, end of a season and of a year.
    for e in events:
        m = re.fullmatch(r"(Ann|Bob) rolls ([\w ,]+)\.", e.text)
        if m:
            assert f"{'you' if m[1] == 'Ann' else 'Bob'} {m[2]}" in said, e.text
        if e.text.startswith("Winter, year") or " fights with " in e.text:
            assert e.text in said
    assert len(re.findall(r"(Spring|Summer|Autumn) dice: ", said)) == 15
    assert len(re.findall(r"(Spring|Summer|Autumn) is over\.", said)) == 15
    years = re.findall(r"(Year [IV]+ is over|The game is over)\. Scores: ", said)
    assert years == ["Year I is over", "Year II is over", "Year III is over", "Year IV is over", "The game is over"]
    # Every sentence once, in the order of the game, none lost to the merging of those that came within the gap;
    # merged, so there were fewer announcements than sentences (at instant speed a computer's turn and the dice
    # after it come together).
    expected = [text for chunk in sentences_after_each_decision(save) for text in chunk]
    assert said == " ".join(expected)
    assert len(heard) < len(expected)


def test_announcements_keep_the_announcers_gap(server: SiteServer, page: Page) -> None:
    """Announcements are added on the announcer's schedule, never sooner: with a gap longer than the test, the
    live region says the first news of the game (its first dice) and nothing more however many decisions follow;
    what came since waits for the gap's end. (The merging at the gap's end, and the timer that adds a held-back
    announcement, are the whole game's test above; web/app/announce.py's are tests/web/test_announce.py.)"""
    page.add_init_script(CLOCKS % 3600)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    open_page(page, server.url + "?seats=human,random&names=Ann,Bob&seed=11&speed=instant")
    for _ in range(4):
        wait_for_player(page)
        click_action(page, legal(page)[0])
    wait_for_player(page)
    save = json.loads(page.evaluate("kingsburgDebug.saved()"))
    assert save["app"]["by"].count(1) >= 2, save["app"]["by"]  # Bob decided since
    first = next(chunk for chunk in sentences_after_each_decision(save) if chunk)
    heard = [text for _, text in page.evaluate("window.__announced")]
    assert heard == [" ".join(first)], heard
    assert page.evaluate("Array.from(document.querySelectorAll('#announcer p'), (p) => p.textContent)") == heard
