"""Nothing a link, a file, the storage or a second tab does breaks the page or loses a save (issue 14)."""

from __future__ import annotations

import json

import pytest
from app.controller import App
from app.storage import FULL, META, REFUSED, SAVE, SaveStore
from fake_storage import FakeStorage
from inputhelpers import encoded, nested, play, stored_game

import kingsburg

# --- Deep nesting -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_a_deeply_nested_position_in_the_address_gives_a_message(depth: int) -> None:
    for address in (("", "#position=" + encoded(depth)), ("?position=" + encoded(depth), "")):
        app = App(SaveStore(FakeStorage()), *address)
        assert app.mode == "start"
        notices = " ".join(text for text, _ in app.notices)
        assert "nests more than 32 levels" in notices or "longer than 200,000 characters" in notices, notices
        assert "Kingsburg" in app.views()["app"]


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_a_deeply_nested_file_is_refused_and_the_page_goes_on(depth: int) -> None:
    storage = FakeStorage()
    app = App(SaveStore(storage))
    app.handle("import-text", nested(depth))
    assert app.mode == "start" and storage.data == {}
    message, detail = app.notices[0][0].split("\n")
    assert "not a Kingsburg game" in message and "the text nests more than 32 levels deep" in detail
    html = app.views()["app"]
    assert "<summary>Details</summary>the text nests more than 32 levels deep" in html
    app.handle("start")
    assert app.mode == "game"


@pytest.mark.parametrize("depth", [10_000, 100_000])
def test_a_deeply_nested_save_in_storage_is_listed_as_damaged_and_kept(depth: int) -> None:
    storage = FakeStorage()
    good = stored_game(storage)
    storage.data[SAVE + "deep"] = nested(depth)
    storage.data[META + "deep"] = nested(depth)
    storage.data["kingsburg/v1/last"] = "deep"
    before = dict(storage.data)
    app = App(SaveStore(storage))
    assert app.mode == "start" and "nests more than 32 levels" in app.notices[0][0]
    html = app.views()["app"]
    assert 'data-save="deep"' in html and "Export raw text" in html and "Damaged" in html
    assert app.handle("export", "deep").download == ("kingsburg-deep.json", nested(depth))  # the raw text, exactly
    assert storage.data == before  # nothing deleted or rewritten
    app.handle("continue", good)
    assert app.mode == "game"


# --- Damaged summaries ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "updated", ["NaN", "Infinity", "-Infinity", '"yesterday"', "1e400", "-5", "true", "null", nested(40)]
)
def test_a_damaged_summary_never_stops_the_start_screen(updated: str) -> None:
    storage = FakeStorage()
    save_id = stored_game(storage)
    meta = json.loads(storage.data[META + save_id])
    storage.data[META + save_id] = json.dumps(meta).replace(str(meta["updated"]), updated)
    del storage.data["kingsburg/v1/last"]  # the path: the list is drawn on every reload
    app = App(SaveStore(storage))
    html = app.views()["app"]
    assert f'data-save="{save_id}"' in html and "Damaged" in html and "Export raw text" in html
    (entry,) = app.store.list()
    assert entry["corrupt"] and entry["updated"] == 0.0  # never trusted
    app.handle("continue", save_id)  # the game itself is sound: it opens, and its summary is repaired
    assert app.mode == "game" and not app.store.list()[0]["corrupt"]


@pytest.mark.parametrize(
    "meta",
    ['{"title": 5}', "[]", '"text"', "{", '{"title": "' + "x" * 5000 + '"}', '{"title": "t", "players": [[1]]}'],
)
def test_any_damaged_summary_is_listed_as_damaged(meta: str) -> None:
    storage = FakeStorage()
    save_id = stored_game(storage)
    storage.data[META + save_id] = meta
    (entry,) = SaveStore(storage).list()
    assert entry["corrupt"] and entry["title"] == "A saved game"


def test_a_save_that_breaks_the_engine_is_listed_as_damaged_without_try_to_open() -> None:
    storage = FakeStorage()
    save_id = stored_game(storage)
    data = json.loads(storage.data[SAVE + save_id])
    data["actions"].append("place 5 @\u00b2")  # a Unicode digit in the notation (issue 14, item 3)
    storage.data[SAVE + save_id] = json.dumps(data)
    app = App(SaveStore(storage))
    app.handle("continue", save_id)
    assert app.mode == "start" and "cannot be opened" in app.notices[0][0]
    html = app.views()["app"]
    assert "Export raw text" in html and "Try to open" not in html


# --- Names ------------------------------------------------------------------------------------------------


def test_start_screen_names_are_normalised_and_compared_case_folded() -> None:
    app = App(SaveStore(FakeStorage()))
    app.handle("count", "2")
    app.handle("name", "\u200b\u200c", "0")
    app.handle("start")
    assert app.mode == "start" and "Player 1 needs a name with at least one visible character" in app.notices[0][0]
    app.handle("name", "Ann", "0")
    app.handle("name", "ANN\u200b ", "1")
    app.handle("start")
    assert app.mode == "start" and "same name" in app.notices[0][0]
    app.handle("name", "  Bo\u0301b  ", "1")
    app.handle("start")
    assert app.mode == "game" and app.session.names == ["Ann", "B\u00f3b"]


@pytest.mark.parametrize(
    ("names", "problem"),
    [("Ann,%E2%80%8B", "empty, invisible"), ("Ann,ann%E2%80%8B", "same name"), ("Ann," + "x" * 41, "over 40")],
)
def test_address_names_are_normalised_and_checked(names: str, problem: str) -> None:
    app = App(SaveStore(FakeStorage()), f"?seats=human,human&names={names}")
    assert app.mode == "game" and app.session.names == ["Ann", "Brian"]  # the defaults
    assert problem in app.notices[0][0]
    app = App(SaveStore(FakeStorage()), "?seats=human,human&names=%20Ann%E2%80%8B,Bob")
    assert app.session.names == ["Ann", "Bob"] and not app.notices


# --- Two tabs ---------------------------------------------------------------------------------------------


def test_a_stale_tab_never_writes_over_the_other_tabs_decisions() -> None:
    storage = FakeStorage()
    save_id = stored_game(storage, 2)
    a, b = App(SaveStore(storage)), App(SaveStore(storage))  # both continue the last game
    assert a.session.save_id == b.session.save_id == save_id
    play(a, 15)
    newest = list(a.session.game.actions)
    assert len(newest) >= 17
    # Tab B heard nothing (no storage event): its decision comes after an older position.
    play(b, 1)
    assert b.session.game.actions == newest  # B followed the newer game instead of writing over it
    assert "continued in another tab" in b.game_screen.message and "not kept" in b.game_screen.message
    stored = kingsburg.load_game(storage.data[SAVE + save_id])
    assert stored.actions == newest
    play(b, 1)  # and B goes on saving from there
    assert kingsburg.load_game(storage.data[SAVE + save_id]).actions == [*newest, b.session.game.actions[-1]]


def test_the_storage_event_makes_the_other_tab_follow() -> None:
    storage = FakeStorage()
    save_id = stored_game(storage, 2)
    a, b = App(SaveStore(storage)), App(SaveStore(storage))
    play(a, 3)
    assert b.storage_changed(META + save_id) is False  # not the save itself
    assert b.storage_changed(SAVE + save_id) is True
    assert b.session.game.actions == a.session.game.actions and "not kept" not in b.game_screen.message
    assert b.storage_changed(SAVE + save_id) is False  # nothing newer now
    a.handle("home")
    a.store.delete(save_id)  # deleted in tab A: B keeps its game on screen and stops saving it
    assert b.storage_changed(None) is True and "deleted in another tab" in b.game_screen.message
    play(b, 1)
    assert storage.data == {}  # not written back


# --- Full or refused storage ------------------------------------------------------------------------------


def test_full_storage_lists_the_games_says_so_and_resumes_saving() -> None:
    storage = FakeStorage()
    old = stored_game(storage)
    app = App(SaveStore(storage), "?seats=human,human&seed=9")
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
    play(app, 1)
    assert app.store.warning == FULL and "Storage is full" in app.views()["notice"]
    app.handle("home")  # the unsaved game is kept in memory, listed beside the stored one
    listed = {e["id"]: e for e in app.store.list()}
    assert set(listed) == {old, app.store.list()[0]["id"]} and any(e["unsaved"] for e in listed.values())
    assert "Not saved on this device yet" in app.views()["app"]
    app.handle("delete-yes", old)  # make room
    new_id = next(i for i, e in listed.items() if e["unsaved"])
    app.handle("continue", new_id)
    play(app, 1)
    assert app.store.warning is None
    assert kingsburg.load_game(storage.data[SAVE + new_id]).actions == app.session.game.actions


def test_refused_storage_is_not_called_full_and_the_games_stay_listed() -> None:
    storage = FakeStorage()
    save_id = stored_game(storage)

    def refuse(key: str, value: str) -> None:
        raise RuntimeError("SecurityError: The operation is insecure.")

    storage.setItem = refuse  # type: ignore[method-assign]
    app = App(SaveStore(storage))
    assert app.store.warning == REFUSED
    assert app.mode == "game" and app.session.save_id == save_id  # still readable: the game continues
    app.handle("home")
    assert [e["id"] for e in app.store.list()] == [save_id]


# --- Starting fails anyway --------------------------------------------------------------------------------


def test_when_the_first_screen_fails_the_page_starts_without_the_saved_games(monkeypatch) -> None:
    from app import screens
    from app.rescue import rescue_screen, rescue_store

    storage = FakeStorage()
    stored_game(storage)
    del storage.data["kingsburg/v1/last"]
    before = dict(storage.data)

    def broken(*args: object, **kwargs: object) -> str:
        raise ValueError("cannot convert float NaN to integer")

    monkeypatch.setattr(screens, "saved_list", broken)
    with pytest.raises(ValueError):
        App(SaveStore(storage)).views()  # what web/page.py's main() tries first
    html = rescue_screen("ValueError: cannot convert float NaN to integer <b>")
    assert 'data-action="rescue"' in html and "&lt;b&gt;" in html and "nothing was deleted" in html
    assert 'data-action="rescue-export"' in html
    monkeypatch.undo()
    app = App(rescue_store())
    assert "started without your saved games" in app.views()["app"]
    app.handle("count", "2")
    app.handle("kind", "human", "1")
    app.handle("start")
    play(app, 2)
    assert storage.data == before  # the saved games are kept, untouched


def test_a_missing_summary_is_not_damage_and_is_written_when_the_game_opens() -> None:
    storage = FakeStorage()
    save_id = stored_game(storage)
    del storage.data[META + save_id]
    store = SaveStore(storage)
    (entry,) = store.list()
    assert not entry["corrupt"] and entry["title"] == "A saved game"
    store.load(save_id)
    assert store.list()[0]["title"] == "Ann vs Brian"


@pytest.mark.parametrize("text", ["{garbage", "[1, 2]", '{"format": "kingsburg-position"}', "[" * 10_000])
def test_a_save_without_a_summary_whose_text_is_no_game_is_listed_as_damaged(text: str) -> None:
    storage = FakeStorage()
    good = stored_game(storage)
    storage.data[SAVE + "damaged"] = text  # no summary beside it
    listed = {e["id"]: e for e in SaveStore(storage).list()}
    assert listed["damaged"]["corrupt"] and not listed["damaged"]["readable"]
    assert listed["damaged"]["error"].startswith("Its text")
    assert not listed[good]["corrupt"]
    assert storage.data[SAVE + "damaged"] == text  # listed, never rewritten


def test_a_game_kept_in_memory_is_written_after_the_current_one_and_last_stays_current() -> None:
    storage = FakeStorage()
    store = SaveStore(storage)
    first = App(store, "?seats=human,human&seed=1")
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items())
    play(first, 1)  # refused: kept in memory
    assert store.list()[0]["unsaved"]
    storage.quota = None
    second = App(store, "?seats=human,human&seed=2")
    play(second, 1)
    assert storage.data["kingsburg/v1/last"] == second.session.save_id
    assert SAVE + first.session.save_id in storage.data and not any(e["unsaved"] for e in store.list())
