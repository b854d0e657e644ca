"""Under every rules option the computers think in the worker (web/thinker.mjs reads each decision's view with
``kingsburg.load_view``): a whole game of each, every computer decision thought there, none on the page's thread.
A view the worker could not read (Goblin Valley's hidden valley cards, Module 5's hidden tokens) sent the
computers back to the page."""

from __future__ import annotations

import pytest
from board_driver import click_action, legal, open_page, wait_for_player
from playwright.sync_api import Page

pytestmark = pytest.mark.timeout(300)

RULES = [
    "edition=1",
    "edition=2",
    "scenario=goblin-valley",
    "scenario=demanding-capital",
    "scenario=shifting-alliances",
    "scenario=wheel-and-deal",
    "module=soldier-tokens",
    "scenario=goblin-valley&module=soldier-tokens",
    "scenario=shifting-alliances&module=soldier-tokens",
]


@pytest.mark.parametrize("rules", RULES)
def test_every_computer_decision_of_a_whole_game_is_thought_in_the_worker(page: Page, server, rules: str) -> None:
    # Seed 1: the person plays first under every rules option, so no computer decides before the worker is ready
    # (while it starts, a quick decision is taken on the page's thread rather than kept waiting).
    open_page(page, server.url + f"?seats=human,normal,easy&seed=1&speed=instant&{rules}")
    page.wait_for_function("window.kingsburgThinker && window.kingsburgThinker.state === 'ready'", timeout=120_000)
    assert wait_for_player(page)["toPlay"] == "0" and page.evaluate("window.kingsburgThinking.length") == 0
    mine = 0
    while True:
        state = wait_for_player(page, timeout_ms=120_000)
        if state["over"] == "1":
            break
        click_action(page, legal(page)[-1])  # the last choice: a pass or a look at the valley now and then
        mine += 1
    where = [entry[3] for entry in page.evaluate("Array.from(window.kingsburgThinking)")]
    assert mine > 10 and len(where) > 20, (mine, where)
    assert where == ["worker"] * len(where), (rules, where)
