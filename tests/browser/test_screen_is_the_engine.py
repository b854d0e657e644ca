"""The screen and the engine never disagree (issue 21): a whole game of every rules option, played by clicks in
Chromium, at desktop and phone sizes, checked at every decision of the person and at every winter battle
against the engine's own state, read from the page's own save (``kingsburgDebug.saved``) and replayed by the
engine in this process:

* every player strip, found by its own ``data-seat``, states that seat's VP, gold, wood, stone, "+2" tokens,
  soldiers and building bonus;
* the ranking gives each seat the engine's place (its standings, with the rulebook's tie-break) and VP;
* the strip marked as the one to play, the seat the panel names and the engine's ``to_play`` are one seat;
* every decision a button offers is legal, and every legal decision that is not a placement has its button;
* the battle scene, once shown whole, states each governor's strength as the engine's fight;
* the top bar's year is the engine's;
* each part of the board is exactly the HTML the model drew for it (web/morph.js changes only what differs), and
  most of its elements are kept from one decision of the person to the next;
* every computer decision is thought in the worker (so every option's views reach it whole);
* the end screen names the winner and gives each player's scores (two, three and four players);
* at phone size (a phone's context: touch, a mobile viewport), the phone's layout (tests/browser/phone.py) at each
  of the person's decisions and over every frame of the game, computers' turns and scenes included;
* at every sixth decision, "What would the computer do?" outlines the Normal bot's choice and says its margin, both
  worked out again here by the engine on the person's view.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from board_driver import click_action, legal, markers, open_page, wait_for_player
from phone import BOARD_BOXES, PHONE_WIDTH, PhoneScreen
from playwright.sync_api import Page

import kingsburg
from tools.browser import Recorder
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(900)

# Every rules option in a whole game, the sizes taking turns, one in an embedded board. A module or scenario that
# combines is played in its combination (Goblin Valley and Shifting Alliances with Module 5's soldier tokens), not
# also alone: whole games are long, and the numbers checked are read from the same markup either way.
# Two, three and four players; with seed 1 the person plays first in each game (see the test).
THREE = "human,normal,easy"
OPTIONS = [
    ("first edition", "", (1280, 800), "human,random"),
    ("second edition", "edition=2", (390, 844), THREE),
    ("demanding capital, embedded", "scenario=demanding-capital&embed=1", (390, 844), THREE),  # an embed's board
    ("wheel and deal", "scenario=wheel-and-deal", (1280, 800), "easy,human,random,random"),
    ("goblin valley with soldier tokens", "scenario=goblin-valley&module=soldier-tokens", (390, 844), THREE),
    ("shifting alliances with soldier tokens", "scenario=shifting-alliances&module=soldier-tokens", (1280, 800), THREE),
]


ROMAN = ["", "I", "II", "III", "IV", "V"]

SCREEN = """() => {
  const num = (el) => (el ? Number(el.textContent.trim().replace("\\u2212", "-").replace(/^\\+/, "")) : null);
  const seatOf = (el) => {
    const chip = el.querySelector(".chip");
    const m = chip && /\\bp(\\d)\\b/.exec(chip.className);
    return m ? Number(m[1]) : null;
  };
  const stat = (strip, label) => {
    const found = [...strip.querySelectorAll(".strip-stats .stat")].find(
      (s) => s.querySelector(".lbl")?.textContent.trim() === label);
    return found ? num(found.querySelector("b")) : null;
  };
  return {
    strips: [...document.querySelectorAll("#strips .strip[data-seat]")].map((s) => ({
      seat: Number(s.dataset.seat),
      named: seatOf(s.querySelector(".strip-head")),
      turn: s.classList.contains("turn"),
      vp: stat(s, "VP"),
      gold: num(s.querySelector(".good-gold .n")),
      wood: num(s.querySelector(".good-wood .n")),
      stone: num(s.querySelector(".good-stone .n")),
      tokens: stat(s, "tokens"),
      soldiers: stat(s, "soldiers"),
      battle: stat(s, "battle"),
    })),
    ranking: [...document.querySelectorAll("#strips .ranking li")].map((li) => ({
      seat: seatOf(li), place: num(li.querySelector(".rk-place")), vp: num(li.querySelector(".rk-vp")),
    })),
    panelSeat: (() => { const p = document.querySelector("#panel .prompt"); return p ? seatOf(p) : null; })(),
    buttons: [...document.querySelectorAll("#panel [data-action=act], #court [data-action=act], " +
                                            "#sheets [data-action=act]")].map((b) => b.dataset.value),
    year: document.querySelector("#topbar .years [aria-current]")?.textContent.trim() ?? null,
  };
}"""

FIGHTS = """() => [...document.querySelectorAll("#overlay .w-fight")].map((row) => {
  const chip = row.querySelector(".w-who .chip");
  const total = row.querySelector(".w-total").textContent.trim();
  return {seat: Number(/\\bp(\\d)\\b/.exec(chip.className)[1]), total};
})"""


# Each part of the board, as it is in the page, against the HTML the model last drew for it (web/morph.js changes
# only what differs between two drawings: what is left must be exactly what a fresh drawing would show). What the
# page's scripts change on their own is put back first: a tooltip's title held back while it shows (web/tips.js),
# a lesson's pointers (web/page.py). Each element also gets a mark, so the next call can count those it kept.
DRAWN = """() => {
  const drawn = JSON.parse(kingsburgDebug.drawn());
  const differ = [];
  let kept = 0, all = 0;
  for (const [id, html] of Object.entries(drawn)) {
    const live = document.getElementById(id);
    if (id === "app" || !live) continue;
    for (const el of live.querySelectorAll("*")) { all += 1; if (el.__drawnBefore) kept += 1; el.__drawnBefore = true; }
    const shown = live.cloneNode(true);
    for (const el of shown.querySelectorAll("[data-tip]")) {
      el.setAttribute("title", el.getAttribute("data-tip"));
      el.removeAttribute("data-tip");
    }
    for (const el of shown.querySelectorAll(".pointed")) {
      el.classList.remove("pointed");
      el.removeAttribute("data-label");
    }
    const template = document.createElement("template");
    template.innerHTML = html;
    const want = [...template.content.childNodes], got = [...shown.childNodes];
    const at = want.findIndex((node, i) => !got[i] || !node.isEqualNode(got[i]));
    if (at >= 0 || got.length !== want.length) {
      const i = at >= 0 ? at : want.length;
      const text = (node) => (node ? node.outerHTML || node.textContent : "(none)").slice(0, 300);
      differ.push(`#${id}, child ${i}: drawn ${text(want[i])}, shown ${text(got[i])}`);
    }
  }
  return {differ, kept, all};
}"""


def check_drawn(page: Page, where: str) -> tuple[int, int]:
    """The board is exactly what the model drew; (elements kept since the last call, elements now)."""
    found = page.evaluate(DRAWN)
    assert found["differ"] == [], f"{where}: the page is not what the model drew: {found['differ']}"
    return found["kept"], found["all"]


def engine_game(page: Page) -> kingsburg.Game:
    """The game as the page holds it, replayed by the engine from the page's own save."""
    return kingsburg.load_game(json.dumps(json.loads(page.evaluate("kingsburgDebug.saved()"))["game"]))


def check_decision(page: Page, where: str, person: int) -> dict[str, Any]:
    """``person``: the seat of the one person playing, whose screen it is (the enemy card as they know it)."""
    game = engine_game(page)
    shown = page.evaluate(SCREEN)
    players = game.state.players
    assert sorted(s["seat"] for s in shown["strips"]) == list(range(len(players))), where
    enemy = game.known_enemy(person)
    enemy_type = kingsburg.ENEMIES[[e.id for e in kingsburg.ENEMIES].index(enemy)].type if enemy else ""
    for strip in shown["strips"]:
        seat, p = strip["seat"], players[strip["seat"]]
        engine = {
            "named": seat,
            "vp": p.vp,
            "gold": p.gold,
            "wood": p.wood,
            "stone": p.stone,
            "tokens": p.tokens,
            "soldiers": p.soldiers,
            "battle": game.battle_bonus(seat, enemy_type),
            "turn": seat == game.to_play,
        }
        assert {k: strip[k] for k in engine} == engine, f"{where}: seat {seat}'s strip"
    standings = dict(game.standings())
    assert [(r["seat"], r["place"], r["vp"]) for r in shown["ranking"]] == [
        (seat, place, players[seat].vp) for seat, place in game.standings()
    ], f"{where}: the ranking ({standings})"
    if game.to_play is not None and not game.is_over():
        assert shown["panelSeat"] == game.to_play, f"{where}: the panel names another seat than the engine's"
    if not game.is_over():
        assert shown["year"] == ROMAN[game.year], f"{where}: the year"
    allowed = {str(a) for a in game.legal_actions()}
    assert set(shown["buttons"]) <= allowed, f"{where}: buttons for illegal decisions"
    unplaced = {a for a in allowed if not a.startswith("place ")}
    assert unplaced <= set(shown["buttons"]), f"{where}: legal decisions without a button"
    return shown


HINTED = """() => [...document.querySelectorAll(".hinted")].map((el) => ({
  advisor: el.dataset.advisor ?? null, building: el.dataset.building ?? null, value: el.dataset.value ?? null,
}))"""


def check_hint(page: Page, where: str) -> None:
    """ "What would the computer do?": the choice outlined and the margin said are the Normal bot's own, worked out
    here by the engine on the person's view."""
    from kingsburg.bots.normal import advise

    game = engine_game(page)
    assert game.to_play is not None
    advice = advise(game.view(game.to_play))
    assert advice is not None
    page.click("#panel [data-action=hint]")
    page.wait_for_function("document.querySelector('.hinted') && document.querySelector('#panel .msg')")
    said = page.inner_text("#panel .msg")
    if advice.runner_up is None:
        assert "the only choice" in said, f"{where}: {said}"
    elif f"{advice.margin:.1f}" == "0.0":
        assert "as good as the next best choice" in said, f"{where}: {said}"
    else:
        assert f"about {advice.margin:.1f} VP better than the next best choice" in said, f"{where}: {said}"
    action = advice.action
    outlined = page.evaluate(HINTED)
    if action.kind == "place":  # the advisor its dice reach, on the court
        assert {"advisor": str(action.advisor), "building": None, "value": None} in outlined, f"{where}: {outlined}"
    else:  # its button, in the panel or on the province sheet
        assert any(o["value"] == str(action) for o in outlined) or any(
            o["building"] and str(action) == f"build {o['building']}" for o in outlined
        ), f"{where}: {action} but {outlined} outlined"


def check_battle(page: Page, where: str) -> None:
    """The battle scene, shown whole: each governor's strength is the engine's fight of that winter."""
    game = engine_game(page)
    year = max(e.year for e in game.events if e.kind == "fight")  # the engine may be in the next year already
    fights = {e.seat: e.data["strength"] for e in game.events if e.kind == "fight" and e.year == year}
    shown = {row["seat"]: row["total"] for row in page.evaluate(FIGHTS)}
    stated = {seat: str(v).replace("-", "\u2212") for seat, v in fights.items()}  # a true minus sign
    assert shown and shown == stated, f"{where}: {shown} on screen, {fights} in the engine"


def test_every_scenario_and_module_is_in_a_game_below() -> None:
    from kingsburg.variants import MODULES, SCENARIOS

    played = {
        value
        for _, rules, _, _ in OPTIONS
        for key, _, value in (p.partition("=") for p in rules.split("&"))
        if key in ("scenario", "module")
    }
    assert played == set(SCENARIOS) | set(MODULES)


@pytest.mark.long
@pytest.mark.parametrize(("name", "rules", "viewport", "seats"), OPTIONS, ids=[f"{o[0]}-{o[2][0]}" for o in OPTIONS])
def test_every_number_on_screen_is_the_engine_s(
    page: Page,
    server: SiteServer,
    recorder: Recorder,
    results_dir: Path,
    name: str,
    rules: str,
    viewport: tuple[int, int],
    seats: str,
) -> None:
    on_phone = viewport[0] < PHONE_WIDTH
    if on_phone:
        page.add_init_script(BOARD_BOXES)
    # Seed 1: the person plays first under every option, so no computer decides before the worker is ready (while
    # it starts, a quick decision is taken on the page's thread rather than kept waiting).
    query = "&".join(x for x in (rules, f"seats={seats}", "seed=1", "speed=instant") if x)
    person = seats.split(",").index("human")
    open_page(page, f"{server.url}?{query}")
    page.wait_for_function("window.kingsburgThinker && window.kingsburgThinker.state === 'ready'", timeout=120_000)
    phone = PhoneScreen(page) if on_phone else None
    checked = battles = hints = 0
    kept_ratios: list[float] = []
    for _ in range(1500):
        state = wait_for_player(page, timeout_ms=120_000, close_scenes=False)
        if state.get("scene"):
            if state["scene"] == "winter":
                if page.locator("#overlay .w-fight.waiting").count():  # stages still to come
                    page.click("#overlay [data-action=scene-next]")  # shows the whole battle, and stays on it
                    page.wait_for_function("!document.querySelector('#overlay .w-fight.waiting')")
                    assert markers(page)["scene"] == "winter", f"{name}: Continue skipped the battle"
                check_battle(page, f"{name}, a winter")
                battles += 1
            if page.locator("#overlay [data-action=scene-next]").count():
                page.click("#overlay [data-action=scene-next]")
            continue
        if state["over"] == "1":
            break
        check_decision(page, f"{name}, decision {state['decisions']}", person)
        if phone is not None:
            phone.check(f"{name}, decision {state['decisions']}")
        kept, drawn = check_drawn(page, f"{name}, decision {state['decisions']}")
        if checked:
            kept_ratios.append(kept / drawn)
        checked += 1
        if checked % 6 == 1:
            check_hint(page, f"{name}, decision {state['decisions']}")
            hints += 1
        choices = legal(page)
        click_action(page, choices[-1] if checked % 3 == 0 else choices[0])  # the last: a pass, a look at the valley
    else:
        raise AssertionError("the game did not end")
    check_decision(page, f"{name}, the end", person)
    check_drawn(page, f"{name}, the end")
    # The end screen: the winner, a row of scores for each player and how they were counted.
    end = page.inner_text("#overlay .overlay.end")
    assert "wins" in end or "share the victory" in end, end
    assert page.locator("#overlay .scores tbody tr").count() == len(seats.split(",")), end
    assert "victory points from" in end.lower() and "tie-breaks" in end.lower(), end
    page.screenshot(path=str(results_dir / f"end-{name.replace(' ', '-').replace(',', '')}.png"))
    assert recorder.errors == []
    # A redraw keeps the elements whose drawing did not change: between two of the person's decisions (the
    # computers' decisions and a winter between them), most of the board's elements are the same ones.
    kept_ratios.sort()
    assert kept_ratios[len(kept_ratios) // 2] > 0.5, kept_ratios
    assert checked > 20 and battles >= 1 and hints > 3, (checked, battles, hints)
    assert markers(page)["over"] == "1"
    if phone is not None:
        phone.check_end()
    # Every computer decision was thought in the worker: it reads every option's views (hidden valley cards, hidden
    # soldier tokens), so none fell back to the page's thread.
    where = [entry[3] for entry in page.evaluate("Array.from(window.kingsburgThinking)")]
    assert len(where) > 20 and where == ["worker"] * len(where), (name, where)
    assert re.fullmatch(r"\d+", state["decisions"])
