"""The Scenario box is in view at 1280 x 800 when its own choice is asked (issue 21, fault 8): beside the court,
above the log, not under the players where the panel hid it; each choice says its effect under its name."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from board_driver import open_page, wait_for_player
from playwright.sync_api import Browser

from kingsburg import Rules
from tools.browser import READY_TIMEOUT_MS, SNAPSHOT_FROM_SITE
from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

# Ann took the General in a Goblin Valley game: she may look at the enemy deck or the valley deck.
LOOK = {
    "format": "kingsburg-position",
    "version": 2,
    "rules": Rules(2, "goblin-valley").to_dict(),
    "year": 1,
    "phase": 2,
    "step": "clear",
    "turn_order": [0, 1],
    "enemies": ["I-1", "II-3", "III-3", "IV-4", "V-1"],
    "seats": [{"name": "Ann"}, {"name": "Brian", "passed": True}],
    "variants": {"goblin-valley": {"valley": ["I-2", "II-1", "III-2", "IV-1", "V-2"], "seen": []}},
    "queue": [{"seat": 0, "kind": "look"}],
}
GAMES = {
    "wheel-and-deal": ("?seats=human,normal&scenario=wheel-and-deal&seed=1&speed=instant", "group", 8),
    "goblin-valley": (f"?position={quote(json.dumps(LOOK))}&play=1&seats=human,normal&speed=instant", "look", 2),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_scenario_box_is_in_view_when_its_choice_is_asked(
    browser: Browser, server: SiteServer, results_dir: Path, name: str
) -> None:
    query, kind, count = GAMES[name]
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    context.set_default_timeout(READY_TIMEOUT_MS)
    context.add_init_script(SNAPSHOT_FROM_SITE)
    page = context.new_page()
    try:
        open_page(page, server.url + query)
        wait_for_player(page)
        page.wait_for_selector(f"#panel .choices.c-{kind}")
        page.screenshot(path=str(results_dir / f"scenario-in-view-{name}.png"))
        box = page.locator("section.scenario").bounding_box()
        panel = page.locator("#panel").bounding_box()
        assert box is not None and panel is not None
        # Whole in the viewport and clear of the panel pinned at the bottom.
        assert box["y"] >= 0 and box["y"] + box["height"] <= panel["y"], (box, panel)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1280, box
        effects = page.locator(f"#panel button.c-{kind} .c-effect")
        assert effects.count() == count and all(t.strip() for t in effects.all_inner_texts())
    finally:
        context.close()
