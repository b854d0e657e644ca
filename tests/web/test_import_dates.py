"""An imported game keeps its own date and is not the game a reload continues (issue 21, fault 10: imported games
were re-dated "just now", and reloading after importing a backup opened its last game, often a finished one)."""

from __future__ import annotations

import json

import pytest
from app import storage as storage_module
from app.controller import App
from app.storage import SAVE, SaveStore
from fake_storage import FakeStorage
from inputhelpers import play, stored_game

PLAYED, IMPORTED = 1_600_000_000.0, 1_700_000_000.0  # when the games were played; when they are imported


def exported(monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    """A backup of two games played at PLAYED (one finished), and one of them as a single game's file."""
    monkeypatch.setattr(storage_module.time, "time", lambda: PLAYED)
    source = FakeStorage()
    first = stored_game(source, 4)
    app = App(SaveStore(source), "?seats=random,random&seed=9&speed=instant")
    while not app.session.game.is_over():
        app.session.game.apply(app.session.game.legal_actions()[0])
    app.save_now()
    app.handle("home")
    download = app.handle("export-all").download
    assert download is not None
    monkeypatch.setattr(storage_module.time, "time", lambda: IMPORTED)
    return download[1], source.data[SAVE + first]


def test_games_imported_from_a_backup_keep_their_dates_and_a_reload_shows_the_start_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    backup, _ = exported(monkeypatch)
    target = FakeStorage()
    app = App(SaveStore(target), "?seats=human,human&seed=5")
    play(app, 2)  # a game of this device, then back to the start screen: nothing to continue
    app.handle("home")
    app.handle("import-text", backup)
    assert not app.notices[0][1] and "2 games imported" in app.notices[0][0]
    listed = SaveStore(target).list()
    assert sorted(e["updated"] for e in listed) == [PLAYED, PLAYED, IMPORTED]
    assert SaveStore(target).last_id is None
    again = App(SaveStore(target), "")  # a reload
    assert again.mode == "start" and again.session is None


def test_a_single_imported_game_keeps_its_date(monkeypatch: pytest.MonkeyPatch) -> None:
    _, single = exported(monkeypatch)
    assert json.loads(single)["saved"] == PLAYED
    target = FakeStorage()
    app = App(SaveStore(target))
    app.handle("import-text", single)
    assert app.mode == "game"
    [entry] = SaveStore(target).list()
    assert entry["updated"] == PLAYED
