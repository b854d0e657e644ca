"""A board laid out by its address (docs/embedding.md): the dark theme passes axe (colour contrast among its rules)
at desktop and phone widths; a compact board shows the court and the strips, no log and no sheets; ``seat=N`` shows
seat N's strip first and the enemy card only seat N looked at."""

from __future__ import annotations

import json
import random
import urllib.parse

from a11y import audit, settled
from board_driver import open_page
from playwright.sync_api import Page

import kingsburg
from tools.serve import SiteServer


def looked() -> str:
    """Seats 0 and 2 have looked at the enemy card, seat 1 has not (tests/web/test_layout_params.py)."""
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=1)
    pick = random.Random(1)
    for _ in range(17):
        game.apply(pick.choice(game.legal_actions()))
    return json.dumps(game.position(), separators=(",", ":"))


def test_dark_compact_and_a_seats_view(page: Page, server: SiteServer) -> None:
    open_page(page, server.url + "?seats=human,easy,normal&seed=5&theme=dark")
    page.wait_for_selector("#app[data-mode=game]")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        audit(page, f"the dark theme at {width} px")
    query = urllib.parse.urlencode({"embed": "1", "view": "compact", "seat": "2", "position": looked()})
    open_page(page, server.url + "?" + query)
    page.wait_for_selector("#app[data-mode=game]")
    for part in ("#court", "#strips"):
        assert page.locator(part).is_visible()
    for part in ("#sheets", "#logbox", "[data-action=rules]"):
        assert not page.locator(part).is_visible()
    assert page.locator("#strips .strip").first.get_attribute("data-seat") == "2"
    assert page.locator("#topbar .enemy-card.known").count() == 1  # seat 2 looked at it
    open_page(page, server.url + "?" + query.replace("seat=2", "seat=1"))
    page.wait_for_selector("#app[data-mode=game]")
    assert page.locator("#strips .strip").first.get_attribute("data-seat") == "1"
    assert page.locator("#topbar .enemy-card.known").count() == 0  # seat 1 did not
    audit(page, "a compact board in the light theme")
