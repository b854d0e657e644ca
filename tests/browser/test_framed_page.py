"""The player's own page framed by another site (issue 26, docs/hosting.md), in Chromium: from a page on another
port of the same host (same site: the frame would see the player's own storage) and from another origin, the
plain page, an address that starts a game, a lesson, a position and the examples page, each in a frame. The
player's storage stays byte for byte what it was, no saved game is shown, a lesson and a position still show
as an embedded board would, and the frame's "Open Kingsburg in its own tab" opens the player's own page."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from a11y import audit, settled
from board_driver import click_action, in_sight, legal, markers, open_page, settle, wait_for_player
from playwright.sync_api import BrowserContext, Frame, Page

import kingsburg
from tools.browser import READY_SELECTOR, wait_until_ready
from tools.serve import SiteServer

# The page may install its service worker here, as a browser lets it. Clicks in these frames were once lost now
# and then: a lesson's frame, starting later, scrolled this page to its board (scrollIntoView reaches every frame
# around a page), moving what Playwright was about to click. A board now scrolls only inside itself
# (web/page.py bring_into_sight; test_embed.py checks an article around two lessons never moves).
pytestmark = [pytest.mark.timeout(400), pytest.mark.service_worker]

NAMES = ("Ann", "Brian")  # the player's own saved game
EVERY_KEY = "() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)]))"
POSITION = kingsburg.new_game(["Cara", "Dan"], seed=4).position()  # a position a frame may show and play


def player_storage(context: BrowserContext, server: SiteServer) -> dict[str, str]:
    """Every entry of the game origin's storage, read by a top-level document of that origin that is not the
    game (so that reading writes nothing)."""
    reader = context.new_page()
    reader.goto(server.url + "web/icons/icon.svg")
    try:
        return reader.evaluate(EVERY_KEY)
    finally:
        reader.close()


def framing_page(frames: dict[str, str]) -> bytes:
    """A page of another site that frames the game's addresses, one frame each."""
    body = "".join(
        f'<iframe id="{name}" title="{name}" src="{src}" width="800" height="600"></iframe>'
        for name, src in frames.items()
    )
    return f"<!doctype html><html lang=en><head><title>Elsewhere</title></head><body>{body}</body></html>".encode()


def frame(page: Page, name: str) -> Frame:
    page.frame_locator(f"#{name}").locator(READY_SELECTOR).wait_for(state="attached")
    found = page.frame(url=lambda url: url == page.locator(f"#{name}").get_attribute("src"))
    assert found is not None, name
    return found


@pytest.mark.long
def test_another_site_framing_the_game_never_sees_or_changes_the_player_s_games(
    context: BrowserContext, page: Page, server: SiteServer, serve: Callable[..., SiteServer], tmp_path: Path
) -> None:
    # The player's own game, two decisions in, in their own tab.
    open_page(page, server.url + "?seats=human,human&seed=5&names=" + ",".join(NAMES))
    for _ in range(2):
        state = wait_for_player(page)
        if state["handover"]:
            page.click("[data-action=reveal]")
            state = wait_for_player(page)
        click_action(page, legal(page)[0])
    settle(page)
    save_id = markers(page)["saveId"]
    page.goto("about:blank")
    kept = player_storage(context, server)
    assert kept["kingsburg/v1/last"] == save_id

    game = server.url
    frames = {
        "plain": game,
        "starts": game + "?seats=human,normal&names=Evil,Bot",
        "lesson": game + "?lesson=lessons/01-setup.json",
        "position": game + "?position=" + urllib.parse.quote(json.dumps(POSITION)) + "&play=1",
        "examples": game + "web/examples/",
        "embed": game + "embed.html?lesson=lessons/02-spring.json",  # an embed, meant for frames
    }
    elsewhere = serve(tmp_path)
    (tmp_path / "index.html").write_bytes(framing_page(frames))
    # Another port of the same host (the same site: no storage partitioning protects the player), then another
    # origin altogether.
    for host in ("127.0.0.1", "localhost"):
        page.goto(f"http://{host}:{elsewhere.port}/index.html")
        # Every frame started and settled before the checks: each shows what it will show.
        for name in frames:
            if name != "examples":  # the examples page is no board: its own boards are waited for below
                frame(page, name)
        settle(page, 1.0)

        plain = frame(page, "plain")
        text = plain.inner_text("#app")
        assert markers(plain)["mode"] == "start" and plain.locator(".framed").count() == 1
        assert not any(name in text for name in NAMES) and save_id not in plain.content()
        assert plain.locator("[data-action=continue], [data-action=new], [data-action=start]").count() == 0

        starts = frame(page, "starts")
        assert markers(starts)["mode"] == "start" and "inside another site's frame" in starts.inner_text("#app")

        lesson = frame(page, "lesson")
        lesson.wait_for_function("document.getElementById('app').dataset.lesson === '1'")
        in_sight(lesson).click("#panel [data-action=lesson-next]")
        lesson.wait_for_function(
            "document.getElementById('app').dataset.lesson !== '1' || "
            "document.querySelector('#panel [data-action=lesson-next]') === null"
        )
        assert lesson.locator("#topbar [data-own-tab]").count() == 1

        position = frame(page, "position")
        assert markers(position)["mode"] == "game" and markers(position)["saveId"] == ""
        state = wait_for_player(position)
        if state["handover"]:
            in_sight(position).click("[data-action=reveal]")
        click_action(in_sight(position), legal(position)[0])  # played as an embed plays: in memory
        assert position.locator("#topbar [data-own-tab]").count() == 1

        embed = frame(page, "embed")
        embed.wait_for_function("document.getElementById('app').dataset.lesson === '1'")
        assert embed.locator("[data-own-tab]").count() == 0 and "spring" in embed.inner_text("#panel").lower()

        if host == "127.0.0.1":  # what the framed page shows passes axe, as every screen does
            for shown, where in ((plain, "the framed page"), (position, "a position in a framed page")):
                settled(shown)  # a frame has what the audit uses of a page
                audit(shown, where)
            examples = page.frame_locator("#examples")
            examples.frame_locator("iframe").first.locator(READY_SELECTOR).wait_for(state="attached")
        settle(page, 1.0)  # anything the frames would save after their redraw
        assert player_storage(context, server) == kept, f"framed from {host}"

        # The frame's link opens the player's own page in a tab of its own: their game, continued.
        with context.expect_page() as opened:
            in_sight(plain).click("[data-own-tab]")
        own = opened.value
        wait_until_ready(own)
        wait_for_player(own)
        assert own.url == game and markers(own)["saveId"] == save_id
        own.close()
        kept = player_storage(context, server)  # the player's own tab may save (the same game, continued)
