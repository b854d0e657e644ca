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


def test_a_backup_carries_the_lessons_progress_and_importing_it_adds_what_was_done_elsewhere() -> None:
    """The reader's progress travels with the games (docs/hosting.md says a backup holds it): lessons done on
    either device are done after the import, and this device keeps its own place in a collection."""
    from app import progress

    from kingsburg.collection import builtin_collection

    tutorial = builtin_collection().key
    there, here = SaveStore(FakeStorage()), SaveStore(FakeStorage())
    there_shelf = {tutorial: progress.Progress(("01-setup", "02-spring"), progress.Place("03-gifts", ("",)))}
    assert there.set_note(progress.KEY, progress.dump(there_shelf))
    here_shelf = {tutorial: progress.Progress(("05-white-die",), progress.Place("06-envoy", ()))}
    assert here.set_note(progress.KEY, progress.dump(here_shelf))
    exported = App(there).handle("export-all").download
    assert exported is not None
    _, text = exported
    assert read_backup(text).lessons == there.note(progress.KEY)
    app = App(here)
    app.handle("import-text", text)
    merged = progress.read(here.note(progress.KEY))[tutorial]
    assert set(merged.done) == {"01-setup", "02-spring", "05-white-die"}
    assert merged.place == progress.Place("06-envoy", ())  # this device's place, not the backup's
    assert "progress in the backup was added" in " ".join(t for t, _ in app.notices)
    # Imported again: nothing new, nothing said of it.
    app.handle("import-text", text)
    assert "progress" not in " ".join(t for t, _ in app.notices)
    assert progress.read(here.note(progress.KEY))[tutorial] == merged


def test_a_backup_s_damaged_lessons_progress_is_left_out_and_the_games_still_come() -> None:
    from app import progress

    here = SaveStore(FakeStorage())
    text = json.dumps({"format": FORMAT, "version": 1, "exported": 0, "games": [], "lessons": "{broken"})
    app = App(here)
    app.handle("import-text", text)
    assert here.note(progress.KEY) is None and not any(error for _, error in app.notices)
