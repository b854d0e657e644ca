"""All saved games as one backup file: exported, imported with a single file's checks, nothing overwritten."""

from __future__ import annotations

import json

import pytest
from app.backup import FORMAT, read_backup
from app.controller import App
from app.storage import SAVE, SaveStore, StoreError
from fake_storage import FakeStorage
from inputhelpers import nested, play, stored_game


def backup_of(storage: FakeStorage) -> dict:
    app = App(SaveStore(storage))
    app.handle("home")
    download = app.handle("export-all").download
    assert download is not None
    name, text = download
    assert name.startswith("kingsburg-backup-") and name.endswith(".json")
    return json.loads(text)


def test_a_backup_holds_every_game_exactly_as_stored_even_a_damaged_one() -> None:
    storage = FakeStorage()
    ids = [stored_game(storage, n) for n in (2, 5)]
    storage.data[SAVE + "broken"] = "{not json"
    storage.data["kingsburg/v1/meta/" + ids[0]] = '{"updated": NaN}'  # a backup needs no summary
    data = backup_of(storage)
    assert data["format"] == FORMAT and data["version"] == 1
    assert {g["id"]: g["text"] for g in data["games"]} == {i: storage.data[SAVE + i] for i in [*ids, "broken"]}


def test_importing_a_backup_adds_new_games_skips_the_same_and_copies_a_different_one() -> None:
    source = FakeStorage()
    first, second = stored_game(source, 2), stored_game(source, 4)
    data = backup_of(source)
    data["games"].append({"id": "deep", "text": nested(10_000)})

    target = FakeStorage()
    app = App(SaveStore(target), "?seats=human,human&seed=5")  # same seed: 'first' continued differently here
    app.session.save_id = first
    play(app, 3)
    app.handle("home")
    mine = target.data[SAVE + first]
    app.handle("import-text", json.dumps(data))
    text, is_error = app.notices[0]
    assert not is_error
    assert "2 games imported" in text and "1 as a copy" in text and "1 refused" in text and "nests more" in text
    assert target.data[SAVE + first] == mine  # nothing overwritten
    listed = app.store.list()
    assert len(listed) == 3 and SAVE + second in target.data
    app.handle("import-text", json.dumps(data))  # again: everything is already here
    assert "0 games imported" in app.notices[0][0] and "2 already here" in app.notices[0][0]
    assert len(app.store.list()) == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"format": "kingsburg-backup", "version": 2, "games": []}', "version 2"),
        ('{"format": "kingsburg-backup", "version": 1, "games": {}}', "must be a list"),
        ('{"format": "kingsburg-backup", "version": 1, "games": [{"id": 5, "text": "{}"}]}', "needs an 'id'"),
        ('{"format": "kingsburg-backup", "version": 1, "games": ' + nested(100) + "}", "nests more"),
    ],
)
def test_a_damaged_backup_is_refused_and_changes_nothing(text: str, message: str) -> None:
    with pytest.raises(StoreError, match=message):
        read_backup(text)
    storage = FakeStorage()
    app = App(SaveStore(storage))
    app.handle("import-text", text)
    assert storage.data == {} and message in app.notices[0][0] and app.notices[0][1]


def test_a_single_game_file_is_still_imported_as_before() -> None:
    source = FakeStorage()
    save_id = stored_game(source, 3)
    assert read_backup(source.data[SAVE + save_id]) is None
    app = App(SaveStore(FakeStorage()))
    app.handle("import-text", source.data[SAVE + save_id])
    assert app.mode == "game" and len(app.session.game.actions) == 3
