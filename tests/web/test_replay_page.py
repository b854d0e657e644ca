"""The replay screen's model: opening a replay from the saved-games list and the end screen, stepping by decision,
season and year (buttons and keys), the log's highlighted lines and links, whose knowledge it shows, and "Play on
from here" as a new saved game while the replayed save stays byte for byte as it was."""

from __future__ import annotations

import random
import re

import pytest
from app.board import changes, snapshot
from app.controller import App
from app.replay_view import FULL, TABLE, ReplayBoard, key_step
from app.storage import SAVE, SaveStore

import kingsburg


def played(seed: int, stop: int | None = None, names: tuple[str, ...] = ("Ann", "Brian", "Cindy")) -> kingsburg.Game:
    game = kingsburg.new_game(list(names), seed=seed)
    pick = random.Random(seed)
    while not game.is_over() and (stop is None or len(game.actions) < stop):
        game.apply(pick.choice(game.legal_actions()))
    return game


def stored(storage, game: kingsburg.Game, kinds: list[str]) -> tuple[SaveStore, str]:
    store = SaveStore(storage)
    save_id = store.new_id()
    app = {"seats": [{"name": n, "kind": k} for n, k in zip(game.players, kinds, strict=True)], "bot_seed": 3}
    assert store.save(save_id, game, app)
    store.forget_last()
    return store, save_id


def replaying(store: SaveStore, save_id: str) -> tuple[App, ReplayBoard]:
    app = App(store)
    assert app.mode == "start"
    assert f'data-action="replay" data-value="{save_id}"' in app.views()["app"]
    assert app.handle("replay", save_id).redraw
    board = app.session
    assert isinstance(board, ReplayBoard)
    return app, board


@pytest.fixture(scope="module")
def finished() -> kingsburg.Game:
    return played(0)


def test_a_finished_game_replays_from_its_end_to_its_start_and_back(storage, finished):
    store, save_id = stored(storage, finished, ["human", "normal", "normal"])
    app, board = replaying(store, save_id)
    assert board.shown == FULL and board.step == board.replay.last
    assert app.markers()["replay"] == f"{board.replay.last}/{board.replay.last}"
    assert "overlay" in app.views() and app.views()["overlay"] == ""  # no end screen over a replay
    assert app.handle("replay-step", "start").redraw
    assert board.step == 0 and board.game.position() == kingsburg.new_game(finished.players, seed=0).position()
    assert not app.handle("replay-step", "back").redraw  # nothing before the start: the screen stays
    for k in range(1, 6):
        assert app.handle("replay-step", "next").redraw
        assert board.step == k and board.game.actions == finished.actions[:k]
    assert app.handle("replay-step", "back").redraw and board.step == 4
    assert not app.handle("replay-step", "sideways").redraw
    while app.handle("replay-step", "season-next").redraw:
        assert board.step in board.replay.season_starts
    assert board.step == board.replay.last
    assert board.game.position() == finished.position()  # forward again to the same end
    assert app.handle("replay-step", "year-back").redraw and board.step == board.replay.year_starts[-1]
    seasons = board.replay.season_starts
    assert app.handle("replay-step", "season-back").redraw
    assert board.step == seasons[seasons.index(board.replay.year_starts[-1]) - 1]


def test_buttons_that_cannot_move_are_marked_and_the_panel_says_where(storage, finished):
    store, save_id = stored(storage, finished, ["human", "easy", "easy"])
    app, board = replaying(store, save_id)
    app.handle("replay-step", "start")
    panel = app.views()["panel"]
    assert re.search(r'data-value="back"[^>]*aria-disabled="true"', panel)
    assert not re.search(r'data-value="next"[^>]*aria-disabled', panel)
    assert f"Decision 0 of {board.replay.last} · Year I" in panel and "Play on from here" in panel
    app.handle("replay-step", "end")
    panel = app.views()["panel"]
    assert "Game over" in panel and "Play on from here" not in panel  # nothing to play on after the end
    assert app.title().startswith("Replay · Game over")


def test_the_log_marks_the_steps_lines_and_each_line_opens_its_moment(storage, finished):
    store, save_id = stored(storage, finished, ["human", "hard", "hard"])
    app, board = replaying(store, save_id)
    app.handle("replay-to", "20")
    assert board.step == 20
    items = app.log_items()
    now = [i for i in items if 'aria-current="step"' in i]
    step = board.replay.steps[20]
    assert len(now) == len(step.events) and all(' now"' in i or " now " in i for i in now)
    assert all('data-value="20"' in i for i in now)
    assert any("future" in i and 'data-value="21"' in i for i in items)
    assert not any("future" in i and 'data-value="19"' in i for i in items)
    texts = [board.replay.events[e].text for e in step.events]
    assert all(any(t.replace("'", "&#x27;") in i or t in i for i in now) for t in texts)
    # Every line of a finished game is shown, secret ones included, each naming its step.
    lines = [i for i in items if "log-step" in i]
    assert len(lines) == len(board.replay.events)
    assert not app.handle("replay-to", str(board.replay.last + 1)).redraw and not app.handle("replay-to", "x").redraw
    assert board.step == 20


def board_changes(board: ReplayBoard, before: int, after: int):
    return changes(snapshot(board.replay.game(before)), snapshot(board.replay.game(after)))


def test_keys_step_by_decision_season_and_year(storage, finished):
    assert key_step("ArrowRight", False) == "next" and key_step("ArrowLeft", True) == "season-back"
    assert key_step("PageDown", False) == "year-next" and key_step("Home", False) == "start"
    assert key_step("a", False) is None
    store, save_id = stored(storage, finished, ["human", "easy", "easy"])
    app, board = replaying(store, save_id)
    assert app.replay_key("Home", False) and board.step == 0
    assert app.replay_key("ArrowRight", False) and board.step == 1
    assert app.game_screen.fresh == board_changes(board, 0, 1)  # what the step changed is marked, as after a click
    assert app.replay_key("ArrowRight", True) and board.step == board.replay.season_starts[1]
    assert app.replay_key("PageDown", False) and board.step == board.replay.year_starts[1]
    assert not app.replay_key("Enter", False)
    app.handle("rules")
    assert not app.replay_key("ArrowRight", False)  # the rules dialog over the replay takes the keys
    app.handle("escape")
    app.handle("replay-close")
    assert app.mode == "start" and not app.replay_key("ArrowRight", False)


def test_a_replay_never_writes_the_save_and_play_on_starts_a_new_one(storage):
    game = played(1, stop=70)
    store, save_id = stored(storage, game, ["human", "normal", "normal"])
    before = dict(storage.data)
    app, _board = replaying(store, save_id)
    app.handle("replay-to", "30")
    app.handle("replay-step", "next")
    app.save_now()
    assert storage.data == before  # not a byte changed, nor any other key
    assert app.handle("replay-play-on").redraw
    s = app.session
    assert not isinstance(s, ReplayBoard) and s.save_id and s.save_id != save_id
    assert s.game.actions == game.actions[:31] and s.kinds == ["human", "normal", "normal"]
    assert len(s.by) == 31 and s.screen == 0
    assert app.save_now()
    assert storage.data[SAVE + save_id] == before[SAVE + save_id]
    reopened, _ = store.load(s.save_id)
    assert reopened.actions == game.actions[:31]
    assert {save_id, s.save_id} <= {e["id"] for e in store.list()}


def test_the_end_screen_replays_and_returns_to_the_game(storage, finished):
    store, save_id = stored(storage, finished, ["human", "easy", "easy"])
    app = App(store)
    app.handle("continue", save_id)
    assert 'data-action="replay-current"' in app.views()["overlay"]
    text = storage.data[SAVE + save_id]
    original = app.session
    assert app.handle("replay-current").redraw
    assert isinstance(app.session, ReplayBoard)
    app.handle("replay-step", "start")
    app.handle("replay-close")
    assert app.session is original and "end-title" in app.views()["overlay"]
    assert storage.data[SAVE + save_id] == text


def test_whose_knowledge_an_unfinished_replay_shows(storage):
    game = played(0, stop=132)  # Brian (seat 1) has just looked at this year's enemy card
    card = game.state.deck[game.year - 1]
    for kinds, shown, sees_card in (
        (["normal", "human", "normal"], 1, True),  # one person: theirs
        (["human", "normal", "normal"], 0, False),
        (["human", "human", "normal"], TABLE, False),  # several people: nobody's secret
        (["normal", "normal", "normal"], FULL, True),  # computers only: everything, as while they play
    ):
        store, save_id = stored(storage, game, kinds)
        app, board = replaying(store, save_id)
        assert board.shown == shown
        assert (board.view().known_enemy() == card) is sees_card
        secret = "The top enemy card is"
        assert any(secret in i for i in app.log_items()) is (shown in (1, FULL))
        assert (secret in app.views()["panel"]) is (shown in (1, FULL))
        storage.data.clear()


def test_a_save_that_cannot_be_replayed_says_so(storage, finished):
    store, save_id = stored(storage, finished, ["human", "easy", "easy"])
    storage.data[SAVE + save_id] = storage.data[SAVE + save_id].replace('"actions": [', '"actions": ["pass", ', 1)
    before = dict(storage.data)
    app = App(store)
    assert app.handle("replay", save_id).redraw
    assert app.mode == "start" and any("cannot" in text for text, error in app.notices if error)
    assert storage.data == before


def test_names_and_log_lines_reach_the_replay_and_share_screens_only_as_text(storage):
    from test_escaping import EVIL, check, screens

    game = played(4, names=EVIL)
    store, save_id = stored(storage, game, ["human", "human", "easy", "random"])
    app, board = replaying(store, save_id)
    app.share_dialog.base_url = "https://example.org/kingsburg/"
    for k in (0, 1, board.replay.last // 2, board.replay.last):
        app.handle("replay-to", str(k))
        page = screens(app)
        check(page)
        assert 'aria-current="step"' in page or not board.replay.steps[k].events
    app.handle("share")
    check(screens(app))
    app.handle("share-copy", "read")
    check(screens(app))
