"""The player's own page inside another site's frame (issue 26, docs/hosting.md): whatever its address asks, it
never opens, lists, creates or changes a saved game, shows a position or a lesson as an embedded board would,
and offers its own tab; ``embed=1`` and a top-level page are unchanged."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from app.controller import App
from app.params import NOT_IN_A_FRAME
from app.storage import LAST, SaveStore
from fake_storage import FakeStorage
from inputhelpers import stored_game
from webhelpers import click

import kingsburg
from kingsburg.lesson import builtin_text

OWN_TAB = re.compile(r'<a class="[^"]*" href="([^"]*)" target="_blank" rel="noopener" data-own-tab\b')


def own_tab_links(app: App) -> list[str]:
    return [m.replace("&amp;", "&") for m in OWN_TAB.findall("".join(app.views().values()))]


def everything_shown(app: App) -> str:
    return "".join(app.views().values()) + "".join(app.log_items())


POSITION = quote(json.dumps(kingsburg.new_game(["Ann", "Brian"], seed=4).position()))
LESSON = quote(builtin_text("01-setup"))

# Every address a framing site might give: the plain page, one that starts a game, one that continues or chooses
# rules, a position (read-only and playable), a lesson (in the query and the fragment), a shared link's parts.
ADDRESSES = [
    ("", ""),
    ("?seats=human,normal&names=Evil,Bot", ""),
    ("?seats=human,human&seed=5", ""),
    ("?edition=2&scenario=goblin-valley", ""),
    ("?speed=fast", ""),
    (f"?position={POSITION}", ""),
    (f"?position={POSITION}&play=1&seats=human,normal", ""),
    ("", f"#position={POSITION}"),
    ("", f"#lesson={LESSON}"),
    ("?lesson=lessons/01-setup.json", ""),
]


@pytest.mark.parametrize(("search", "fragment"), ADDRESSES)
def test_a_framed_page_never_reads_or_writes_the_player_s_saves(
    storage: FakeStorage, search: str, fragment: str
) -> None:
    save_id = stored_game(storage)
    name_of_the_saved_game = "Player 1"
    kept = dict(storage.data)
    assert storage.data[LAST] == save_id

    app = App(SaveStore(storage), search, fragment, framed=True)
    if app.first_update().lesson_url:  # the page fetches it, then hands its text in
        app.handle("lesson-text", builtin_text("01-setup"))
    shown = everything_shown(app)
    assert save_id not in shown and 'data-action="continue"' not in shown and 'data-action="new"' not in shown
    if app.session is None:
        assert name_of_the_saved_game not in shown
        assert own_tab_links(app) == ["./"]  # nothing the framing site put in the address is carried over
    else:  # a position or a lesson, as an embed shows it, with the way to its own tab
        assert own_tab_links(app) == ["./" + search + fragment]
        assert app.session.save_id is None
    if "seats=" in search and "position=" not in search:
        assert (NOT_IN_A_FRAME, True) in app.notices and app.session is None

    # Whatever is clicked: a decision, the lesson's steps, leaving it, the sound, home, saving.
    if app.session is not None and app.session.my_turn and not app.session.readonly:
        click(app, app.session.game.legal_actions()[0])
    for action in ("lesson-next", "lesson-leave", "sound", "home", "export-current"):
        app.handle(action)
    app.save_now()
    assert storage.data == kept
    assert app.store.list() == [] or all(s.id != save_id for s in app.store.list())


def test_the_same_address_in_a_tab_of_its_own_is_the_player_s_page(storage: FakeStorage) -> None:
    """The framed page's restrictions are the frame's alone: top level, the saved game continues, and an address
    that starts a game starts it."""
    save_id = stored_game(storage)
    assert App(SaveStore(storage)).session.save_id == save_id
    app = App(SaveStore(storage), "?seats=human,normal&names=Ann,Bot")
    assert app.session is not None and app.session.save_id and app.session.save_id != save_id
    assert not app.framed and own_tab_links(app) == []


def test_embed_is_an_embed_in_a_frame_or_not(storage: FakeStorage) -> None:
    """embed=1 asks to be framed: it is not the framed player's page (no own-tab offer, its host API as before)."""
    stored_game(storage)
    kept = dict(storage.data)
    app = App(SaveStore(storage), "?embed=1", framed=True)
    assert app.embed and not app.framed and own_tab_links(app) == []
    assert "position or lesson" in app.views()["app"]
    assert storage.data == kept


def test_embed_html_is_always_an_embed(storage: FakeStorage) -> None:
    """The page opened as embed.html is an embedded board whatever its address says, so that a host can protect
    the player's page with a frame-ancestors header that the embed does not get (docs/hosting.md)."""
    stored_game(storage)
    kept = dict(storage.data)
    for search in ("", "?embed=0", "?seats=human,normal", "?host=https://tutorials.example"):
        app = App(SaveStore(storage), search, embed_page=True)
        assert app.embed and not app.framed and storage.data == kept  # an embed plays in memory
    app = App(SaveStore(storage), "?host=https://tutorials.example", embed_page=True)
    assert app.params.host == "https://tutorials.example" and not app.params.problems
