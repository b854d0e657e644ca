"""The address parameters of a board laid out by the page around it (web/app/params.py, docs/embedding.md):
``theme``, ``view``, ``log`` and ``seat`` (``as``): good values read, each bad one said and changing nothing."""

from __future__ import annotations

import html
import json
import random
import re
from urllib.parse import quote

import pytest
from app import share
from app.controller import App
from app.params import parse
from app.storage import SaveStore
from fake_storage import FakeStorage

import kingsburg

TAGS = re.compile(r"<[^>]*>")


@pytest.mark.parametrize(
    ("search", "field", "value"),
    [
        ("", "theme", None),
        ("?theme=dark", "theme", "dark"),
        ("?theme=%20Light", "theme", "light"),
        ("", "view", "full"),
        ("?view=compact", "view", "compact"),
        ("", "log", True),
        ("?log=0", "log", False),
        ("?log=hidden", "log", False),
        ("?log=1", "log", True),
        ("?position=%7B%7D&seat=2", "view_as", 2),
        ("?position=%7B%7D&seat=2&as=2", "view_as", 2),
    ],
)
def test_good_values_are_read_without_a_word(search: str, field: str, value: object) -> None:
    p = parse(search)
    assert getattr(p, field) == value and p.problems == []


@pytest.mark.parametrize(
    ("search", "field", "value", "said"),
    [
        ("?theme=blue", "theme", None, "the themes are light and dark. The browser's own choice is followed."),
        ("?view=tiny", "view", "full", "the views are full and compact. The full board is shown."),
        ("?log=maybe", "log", True, "give log=0 (or hidden) to hide the log, log=1 to show it. It is shown."),
        ("?position=%7B%7D&seat=7", "view_as", None, "seats are 0 to 4. Shown whole."),
        ("?position=%7B%7D&seat=1&as=2", "view_as", 2, "as=2 and seat=1: seat 2 is shown."),
        ("?seat=1", "view_as", None, "seat= (or as=) goes with a read-only position= or s="),
        ("?position=%7B%7D&play=1&seat=1", "view_as", None, "without play=1"),
    ],
)
def test_bad_values_are_said_and_change_nothing(search: str, field: str, value: object, said: str) -> None:
    p = parse(search)
    assert getattr(p, field) == value
    [problem] = p.problems
    assert said in problem
    app = App(SaveStore(FakeStorage()), "?seats=human,easy&seed=3&" + search.lstrip("?"))
    assert said in html.unescape(TAGS.sub(" ", " ".join(app.views().values())))


def looked() -> kingsburg.Game:
    """Seats 0 and 2 have looked at the enemy card, seat 1 has not (year I, after the Queen's help)."""
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=1)
    pick = random.Random(1)
    for _ in range(17):
        game.apply(pick.choice(game.legal_actions()))
    assert [p.looked for p in game.state.players] == [True, False, True]
    return game


@pytest.mark.parametrize("name", ["seat", "as"])
def test_seat_shows_that_seats_view_with_its_strip_first(name: str) -> None:
    position = quote(json.dumps(looked().position()))
    for seat, knows in ((2, True), (1, False)):
        app = App(SaveStore(FakeStorage()), f"?position={position}&{name}={seat}")
        assert isinstance(app.session, share.SharedBoard) and app.session.viewer == seat
        views = app.views()
        assert re.findall(r'class="strip [^"]*" data-seat="(\d)"', views["strips"])[0] == str(seat)
        assert ("enemy-card known" in views["topbar"]) is knows
        assert app.session.readonly
    whole = App(SaveStore(FakeStorage()), f"?position={position}").views()
    assert "enemy-card known" in whole["topbar"]  # read-only without a seat: the whole position, as before


def test_a_compact_board_has_no_tools_and_says_so_to_the_style() -> None:
    full = App(SaveStore(FakeStorage()), "?seats=human,easy&seed=3")
    compact = App(SaveStore(FakeStorage()), "?seats=human,easy&seed=3&view=compact")
    assert 'data-action="rules"' in full.views()["topbar"]
    assert 'data-action="rules"' not in compact.views()["topbar"] and "bar-tools" in compact.views()["topbar"]
    assert compact.markers()["view"] == "compact" and full.markers()["view"] == "full"
