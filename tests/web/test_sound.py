"""Sound: off by default, one switch remembered beside the saves, and the sounds a game calls for."""

from __future__ import annotations

from app import sound
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import play_to_end


def game_sounds(storage: FakeStorage, reduced_motion: bool = False) -> list[str]:
    app = App(SaveStore(storage), "?seats=human,random&seed=4&speed=fast", reduced_motion=reduced_motion)
    heard: list[str] = []

    def listening(call):  # what the page would play after each call into the App
        def heard_after(*args):
            update = call(*args)
            heard.extend(update.sounds)
            return update

        return heard_after

    app.handle, app.finish_bot = listening(app.handle), listening(app.finish_bot)
    play_to_end(app)
    return heard


def test_sound_is_off_by_default_and_the_switch_is_remembered() -> None:
    storage = FakeStorage()
    app = App(SaveStore(storage), "?seats=human,random&seed=4")
    assert not app.sound_on and 'data-action="sound" aria-pressed="false"' in app.views()["topbar"]
    app.handle("sound")
    assert storage.data[sound.KEY] == "on" and 'aria-pressed="true"' in app.views()["topbar"]
    assert App(SaveStore(storage)).sound_on  # a reload
    app.handle("sound")
    assert storage.data[sound.KEY] == "off" and not App(SaveStore(storage)).sound_on


def test_a_game_calls_for_dice_building_and_battle_only_when_sound_is_on_without_reduced_motion() -> None:
    assert game_sounds(FakeStorage()) == []  # off
    storage = FakeStorage()
    storage.data[sound.KEY] = "on"
    heard = game_sounds(storage)
    assert heard.count("battle") == 5 and heard.count("dice") == 15 and "build" in heard
    assert set(heard) == {"dice", "build", "battle"}
    storage.data[sound.KEY] = "on"
    assert game_sounds(storage, reduced_motion=True) == []
