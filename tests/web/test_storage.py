"""Saved games in localStorage: several games, corrupt saves, full or missing storage, files."""

from __future__ import annotations

import json
import random
import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "web"))

from app.storage import FULL, NOT_A_GAME, REFUSED, SAVE, UNREADABLE, SaveStore, StoreError, file_name

import kingsburg

SEATS = {"seats": [{"name": "Ann", "kind": "human"}, {"name": "Brian", "kind": "normal"}]}


class FakeStorage:
    """localStorage's interface, with a quota and a switch to fail like a browser does."""

    def __init__(self, quota: int = 10**7) -> None:
        self.d: dict[str, str] = {}
        self.quota = quota
        self.broken = False

    def getItem(self, key):
        return self.d.get(key)

    def setItem(self, key, value):
        if self.broken:
            raise RuntimeError("SecurityError")
        if sum(map(len, self.d.values())) - len(self.d.get(key, "")) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError")
        self.d[key] = value

    def removeItem(self, key):
        self.d.pop(key, None)

    def key(self, i):
        return list(self.d)[i] if i < len(self.d) else None

    @property
    def length(self):
        return len(self.d)


def game(moves: int = 40, seed: int = 3) -> kingsburg.Game:
    g = kingsburg.new_game(["Ann", "Brian"], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_save_and_load_puts_the_game_back_exactly():
    store = SaveStore(FakeStorage())
    g = game()
    store.save("a", g, SEATS)
    loaded, app = store.load("a")
    assert loaded.position() == g.position() and loaded.log == g.log
    assert app["seats"] == SEATS["seats"]
    assert store.last_id == "a" and store.warning is None


def test_several_games_are_listed_newest_first_and_deleted_one_by_one():
    storage = FakeStorage()
    store = SaveStore(storage)
    store.save("old", game(10), SEATS)
    store.save("new", game(20, seed=4), SEATS)
    listed = store.list()
    assert [e["id"] for e in listed] == ["new", "old"]
    assert listed[0]["title"] == "Ann vs Brian (1 computer)" and "to play" in listed[0]["summary"]
    store.delete("new")
    assert [e["id"] for e in store.list()] == ["old"] and store.last_id is None
    store.load("old")


def test_a_corrupt_save_gives_a_clear_error_and_touches_no_other_save():
    storage = FakeStorage()
    store = SaveStore(storage)
    store.save("good", game(), SEATS)
    store.save("bad", game(seed=5), SEATS)
    storage.d[SAVE + "bad"] = storage.d[SAVE + "bad"][:300]
    before = dict(storage.d)
    with pytest.raises(StoreError, match=r"cannot be opened: .*not valid JSON"):
        store.load("bad")
    assert storage.d == before  # nothing deleted or rewritten
    store.load("good")


def test_a_tampered_save_is_refused():
    storage = FakeStorage()
    store = SaveStore(storage)
    store.save("t", game(), SEATS)
    data = json.loads(storage.d[SAVE + "t"])
    data["seed"] += 1
    storage.d[SAVE + "t"] = json.dumps(data)
    with pytest.raises(StoreError, match="cannot be opened"):
        store.load("t")


def test_a_damaged_summary_is_listed_as_corrupt_but_the_game_still_opens():
    storage = FakeStorage()
    store = SaveStore(storage)
    store.save("x", game(), SEATS)
    storage.d["kingsburg/v1/meta/x"] = "{{{"
    (entry,) = store.list()
    assert entry["corrupt"] and entry["error"]
    store.load("x")


def test_full_storage_warns_keeps_the_previous_save_and_recovers():
    storage = FakeStorage()
    store = SaveStore(storage)
    first = game(10)
    store.save("g", first, SEATS)
    storage.quota = sum(map(len, storage.d.values()))  # full now
    assert store.save("g", game(60), SEATS) is False
    assert store.warning == FULL
    assert kingsburg.load_game(storage.d[SAVE + "g"]).position() == first.position()  # the previous save stays
    assert store.load("g")[0].position() == game(60).position()  # the newest is kept in memory
    assert [(e["id"], e["unsaved"]) for e in store.list()] == [("g", True)]
    storage.quota = 10**7
    assert store.save("g", game(61), SEATS) and store.warning is None
    assert kingsburg.load_game(storage.d[SAVE + "g"]).position() == game(61).position()


def test_missing_storage_warns_and_keeps_the_game_in_memory():
    for backend, warning in ((None, UNREADABLE), (FakeStorage(), REFUSED)):
        if backend is not None:
            backend.broken = True
        store = SaveStore(backend)
        assert store.warning == warning
        store.save("m", game(), SEATS)
        store.load("m")


def test_export_and_import_round_trip():
    store = SaveStore(FakeStorage())
    g = game(80)
    store.save("e", g, SEATS)
    name, text = store.export("e")
    assert re.fullmatch(r"kingsburg-" + "-".join(g.players) + r"-\d{4}-\d\d-\d\d\.json", name)
    assert kingsburg.load_game(text).position() == g.position()  # an exported file is an engine save too
    new_id = store.import_text(text)
    loaded, app = store.load(new_id)
    assert loaded.position() == g.position() and app["seats"] == SEATS["seats"] and new_id != "e"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "{}",
        "[1, 2]",
        '{"format": "kingsburg-game", "version": 7}',
        '{"format": "kingsburg-game", "version": 1, "players": ["A"], "seed": 1, "actions": []}',
        "x" * 3_000_000,
    ],
)
def test_importing_something_that_is_not_a_game_is_refused(text):
    store = SaveStore(FakeStorage())
    with pytest.raises(StoreError, match="not a Kingsburg game") as caught:
        store.import_text(text)
    assert store.list() == []
    # Words for a player; the engine's reason is kept apart, for a details line.
    assert str(caught.value) == NOT_A_GAME and caught.value.detail and caught.value.detail not in NOT_A_GAME


def test_an_export_file_name_says_the_players_and_the_day_in_safe_characters():
    day = time.mktime((2026, 11, 24, 12, 0, 0, 0, 0, -1))
    assert file_name(["Ann", "Brian", "Cindy"], day) == "kingsburg-Ann-Brian-Cindy-2026-11-24.json"
    assert file_name(["Zoë Ng", "../etc", "李", "a/b\\c:d"], day) == "kingsburg-Zoe_Ng-etc-a_b_c_d-2026-11-24.json"
    assert file_name(["李", "🎲"], day) == "kingsburg-game-2026-11-24.json"


def test_import_repairs_missing_or_bad_page_data():
    store = SaveStore(FakeStorage())
    data = json.loads(game().to_json())
    data["app"] = {"seats": [{"kind": "wizard"}]}
    _, app = store.load(store.import_text(json.dumps(data)))
    assert app["seats"] == [{"name": "Ann", "kind": "human"}, {"name": "Brian", "kind": "human"}]
