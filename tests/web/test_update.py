"""What a call into the App asks of the page (app/update.py): each ``Update`` carries what that call, and only
that call, needs done beside drawing: a file to save, a link to copy, the address to clean, sounds to play."""

from __future__ import annotations

import html
import re

from app import sound
from app.controller import App
from app.share import query
from app.storage import SaveStore, open_text
from app.update import Update
from fake_storage import FakeStorage
from webhelpers import run_computers

SHARE_LINK = re.compile(r'id="share-(read|play)" class="share-link" type="text" readonly value="([^"]*)"')


def test_exporting_a_game_offers_its_save_which_loads_back_to_the_same_game(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?seats=human,random&seed=5&speed=instant")
    for i in range(4):
        run_computers(app)
        app.handle("act", str(app.session.game.legal_actions()[0]))
        if i == 1:
            app.save_now()  # stored, then two more decisions: the export is the game now, not its last save
    update = app.handle("export-current")
    assert update.download is not None
    name, text = update.download
    assert name.endswith(".json")
    game, data = open_text(text, "The exported game")
    assert game.actions == app.session.game.actions and game.position() == app.session.game.position()
    assert data["seats"][1]["kind"] == "random"
    assert app.handle("log").download is None  # offered once, by the click that asked


def test_a_share_click_copies_the_very_link_the_dialog_shows(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?seats=human,easy&seed=3")
    app.share_dialog.base_url = "https://example.org/kingsburg/"
    assert app.handle("share").clipboard is None  # opening the dialog copies nothing
    shown = {kind: html.unescape(link) for kind, link in SHARE_LINK.findall(app.views()["overlay"])}
    assert set(shown) == {"read", "play"} and shown["read"] != shown["play"]
    for kind in ("read", "play"):
        assert app.handle("share-copy", kind).clipboard == shown[kind]


def test_a_game_started_from_the_address_cleans_it_once_and_a_position_keeps_it(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?seats=human,easy&seed=3")
    assert app.first_update() == Update(clean_url=True)
    first_click = app.handle("log")
    assert first_click.redraw and not first_click.clean_url  # said once, at the start
    assert not App(SaveStore(storage)).first_update().clean_url  # a plain visit (the game reopened)
    shared = query(app.session, False)  # a position's link (the Share dialog's)
    assert shared.startswith("?s=") and App(SaveStore(FakeStorage()), shared).mode == "game"
    assert not App(SaveStore(FakeStorage()), shared).first_update().clean_url


def calls_to_the_first_battle(sound_on: bool) -> list[tuple[Update, bool]]:
    """Every call of a two-person game, by clicks, up to the first battle: (its Update, whether a battle was
    fought in it)."""
    storage = FakeStorage()
    if sound_on:
        storage.data[sound.KEY] = "on"
    app = App(SaveStore(storage), "?seats=human,human&seed=7&speed=fast")
    assert app.sound_on is sound_on
    calls: list[tuple[Update, bool]] = []
    for _ in range(500):
        s = app.session
        before = len(s.game.events)
        if app.game_screen.scenes:
            update = app.handle("scene-next")
        elif s.handover is not None:
            update = app.handle("reveal")
        else:
            update = app.handle("act", str(s.game.legal_actions()[0]))
        fought = any(e.kind == "fight" for e in s.game.events[before:])
        calls.append((update, fought))
        if fought:
            return calls
    raise AssertionError("no battle")


def test_a_decision_that_sets_off_a_battle_sounds_it_only_when_sound_is_on() -> None:
    on, off = calls_to_the_first_battle(True), calls_to_the_first_battle(False)
    assert len(on) == len(off)  # the same game
    battle, fought = on[-1]
    assert fought and battle.redraw and "battle" in battle.sounds
    assert all("battle" not in u.sounds for u, _ in on[:-1])  # no battle sound before the battle
    assert any(u.sounds == ("dice",) for u, _ in on)  # the seasons' dice too
    assert all(u.sounds == () for u, _ in off)


def test_a_call_that_changes_nothing_asks_nothing(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?seats=human,easy&seed=3")
    app.first_update()
    assert app.handle("escape") == Update() and Update().asks_nothing  # no dialog to close
    assert app.handle("no-such-action").asks_nothing
    assert app.handle("name", "Ann", "0").asks_nothing  # the field already shows what was typed
    assert not app.handle("log").asks_nothing
