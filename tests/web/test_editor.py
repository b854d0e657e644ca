"""The position editor (web/app/editor*.py): each field edits exactly its part of the position, a bad input is said
and changes nothing, a position the engine refuses is said in the engine's words and cannot leave the editor, and
what leaves it (a file, a link, a board) is the position edited."""

from __future__ import annotations

import copy
import json
from typing import Any
from urllib.parse import unquote

import pytest
from app import share
from app.controller import App
from app.storage import SaveStore
from htmlquery import parse, select

import kingsburg

BASE = "https://example.org/kingsburg/"


def editing(storage) -> App:
    app = App(SaveStore(storage), "", base_url=BASE)
    app.handle("edit-open", "new")
    assert app.mode == "editor"
    return app


def position(app: App) -> dict[str, Any]:
    ed = app.editor_screen.editor
    assert ed is not None
    return copy.deepcopy(ed.result())


def changes(before: dict[str, Any], after: dict[str, Any], path: str = "") -> set[str]:
    """The paths ("seats.0.gold") where two positions differ."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: set[str] = set()
        for k in before.keys() | after.keys():
            out |= changes(before.get(k), after.get(k), f"{path}.{k}" if path else str(k))
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return {c for i, (b, a) in enumerate(zip(before, after, strict=True)) for c in changes(b, a, f"{path}.{i}")}
    return set() if before == after else {path}


@pytest.mark.parametrize(
    ("key", "value", "path", "expected"),
    [
        ("year", "3", "year", 3),
        ("phase", "6", "phase", 6),
        ("0.name", "Zoe", "seats.0.name", "Zoe"),
        ("0.gold", "3", "seats.0.gold", 3),
        ("1.wood", "2", "seats.1.wood", 2),
        ("2.stone", "4", "seats.2.stone", 4),
        ("0.tokens", "1", "seats.0.tokens", 1),
        ("1.soldiers", "5", "seats.1.soldiers", 5),
        ("2.vp", "-3", "seats.2.vp", -3),
        ("dice", "6 6, 1", "dice", [6, 6, 1]),
        ("edition", "2", "rules", {"edition": 2, "scenario": None, "modules": []}),
    ],
)
def test_each_field_changes_that_field_alone(storage, key, value, path, expected):
    app = editing(storage)
    before = position(app)
    app.handle("edit-field", value, key)
    after = position(app)
    changed = changes(before, after) - ({"version"} if key == "edition" else set())
    assert changed == {path}
    where: Any = after
    for part in path.split("."):
        where = where[int(part)] if part.isdigit() else where[part]
    assert where == expected
    assert app.editor_screen.editor.verdict().error == ""


def test_enemy_cards_order_seats_and_buildings(storage):
    app = editing(storage)
    app.handle("edit-field", "III-4", "enemy-3")
    cards = position(app)["enemies"]
    assert cards[2] == "III-4" and len(cards) == 5  # the years left to chance take the engine's own draw
    app.handle("edit-field", "2", "order-0")
    assert position(app)["turn_order"] == [2, 1, 0]
    app.handle("edit-building", "0:market")  # a row is built left to right: the Inn comes with it
    assert position(app)["seats"][0]["buildings"] == ["inn", "market"]
    app.handle("edit-building", "0:inn")
    assert "buildings" not in position(app)["seats"][0] or position(app)["seats"][0]["buildings"] == []
    app.handle("edit-field", "4", "count")
    p = position(app)
    assert len(p["seats"]) == 4 and p["turn_order"] == [2, 1, 0, 3]


@pytest.mark.parametrize(
    ("key", "value", "said"),
    [
        ("0.gold", "abc", "Ann's Gold: 'abc' is not a whole number"),
        ("0.gold", "-1", "Ann's Gold: -1 is outside 0 to 999"),
        ("1.soldiers", "1.5", "Brian's Soldiers"),
        ("year", "6", "Year: 6 is outside 1 to 5"),
        ("count", "7", "Players: 7 is outside 2 to 5"),
        ("dice", "6 7", "Scripted dice"),
        ("0.name", "   ", "Player 1's name"),
        ("enemy-2", "I-1", "not one of that year's cards"),
        ("scenario", "no-such-scenario", "These rules cannot be played together"),
    ],
)
def test_a_bad_input_is_said_and_changes_nothing(storage, key, value, said):
    app = editing(storage)
    before = position(app)
    app.handle("edit-field", value, key)
    assert position(app) == before
    alerts = select(parse(app.views()["ed-check"]), '[role="alert"]')
    assert len(alerts) == 1 and said in alerts[0].text()
    app.handle("edit-field", "2", "0.gold")  # the next good edit clears it
    assert not select(parse(app.views()["ed-check"]), '[role="alert"]')


def test_a_position_the_engine_refuses_is_said_and_cannot_leave(storage):
    app = editing(storage)
    app.handle("edit-field", "Ann", "1.name")  # two seats named Ann: only the engine knows it is wrong
    ed = app.editor_screen.editor
    message = ed.verdict().error
    assert message and "name" in message
    views = app.views()
    assert message in parse(views["ed-check"]).text()
    buttons = select(parse(views["ed-actions"]), "button")
    assert len(buttons) == 5 and all("disabled" in b.attrs for b in buttons)
    for action, value in (("edit-export", ""), ("edit-copy", "short"), ("edit-copy", "full"), ("edit-show", "play")):
        update = app.handle(action, value)
        assert update.download is None and update.clipboard is None
    assert app.mode == "editor"


def test_an_exported_position_loads_as_the_edited_one(storage):
    app = editing(storage)
    for key, value in (
        ("year", "2"),
        ("phase", "4"),
        ("0.gold", "3"),
        ("1.vp", "7"),
        ("dice", "5 5 5"),
        ("enemy-1", "I-2"),
    ):
        app.handle("edit-field", value, key)
    app.handle("edit-building", "1:blacksmith")
    name, text = app.handle("edit-export").download or ("", "")
    assert name.startswith("kingsburg-Ann-Brian-Cindy-") and name.endswith(".json")
    loaded = kingsburg.load_game(text)
    assert loaded.position() == kingsburg.load_game(position(app)).position()
    ann, brian = loaded.state.players[:2]
    assert (ann.gold, brian.vp, brian.built[9], loaded.phase) == (3, 7, True, 4)
    assert [5, 5, 5] in [p.dice for p in loaded.state.players]  # the scripted dice were the first rolled


def test_a_copied_link_opens_the_edited_position(storage):
    app = editing(storage)
    app.handle("edit-field", "3", "year")
    app.handle("edit-field", "3", "0.gold")
    app.handle("edit-building", "0:market")
    edited = kingsburg.load_game(position(app)).position()
    short = app.handle("edit-copy", "short").clipboard or ""
    full = app.handle("edit-copy", "full").clipboard or ""
    assert short.startswith(BASE + "?s=") and full.startswith(BASE + "#position=")
    assert "Short link" in parse(app.views()["ed-links"]).text()
    for search, fragment in ((short.removeprefix(BASE), ""), ("", full.removeprefix(BASE))):
        opened = App(SaveStore(storage), search, fragment)
        assert opened.mode == "game" and opened.session is not None and opened.session.readonly
        assert opened.session.game.position() == edited
    assert json.loads(unquote(full.split("#position=", 1)[1]))["year"] == 3


def test_show_and_play_open_the_position_unsaved(storage):
    app = editing(storage)
    app.handle("edit-field", "5", "0.soldiers")
    app.handle("edit-show", "read")
    assert app.mode == "game" and app.session.readonly and app.session.game.state.players[0].soldiers == 5
    app.handle("home")
    app.handle("edit-open", "new")
    app.handle("edit-show", "play")
    assert not app.session.readonly and app.session.save_id is None


def test_opening_from_a_game_starts_from_its_position(storage):
    app = App(SaveStore(storage), "?seats=human,human,human&seed=5", base_url=BASE)
    game = app.session.game
    while len(game.actions) < 6:
        game.apply(game.legal_actions()[0])
    shared, _ = share.situation(app.session)
    session = app.session
    app.handle("share")
    assert 'data-action="edit-open"' in app.views()["overlay"]
    app.handle("edit-open", "game")
    assert app.mode == "editor"
    assert kingsburg.load_game(position(app)).position() == kingsburg.load_game(shared).position()
    app.handle("edit-close")
    assert app.mode == "game" and app.session is session  # Back returns to the game


def test_the_start_screen_offers_the_editor(storage):
    app = App(SaveStore(storage), "")
    assert select(parse(app.views()["app"]), '[data-action="edit-open"]')
    app.handle("edit-open", "new")
    form = parse(app.views()["ed-form"])
    fields = select(form, "input, select")
    labelled = {label.attrs.get("for") for label in select(form, "label")}
    assert len(fields) > 30 and all(f.attrs.get("id") in labelled for f in fields)
    app.handle("edit-close")
    assert app.mode == "start"


def test_the_playable_option_makes_both_links_open_a_game_to_play_from_the_position(storage):
    app = editing(storage)
    app.handle("edit-field", "4", "0.gold")
    app.handle("edit-field", "6 6 1", "dice")
    box = select(parse(app.views()["ed-actions"]), 'input[type="checkbox"]')
    assert [b.attrs.get("data-action") for b in box] == ["edit-playable"] and "checked" not in box[0].attrs
    app.handle("edit-playable", "1")
    [box] = select(parse(app.views()["ed-actions"]), 'input[type="checkbox"]')
    assert "checked" in box.attrs and box.attrs["value"] == "0"  # a change now switches it off
    short = app.handle("edit-copy", "short").clipboard or ""
    full = app.handle("edit-copy", "full").clipboard or ""
    assert short.endswith("&play=1") and full.endswith("&play=1")
    assert "The playable link was copied: it opens a game" in parse(app.views()["ed-links"]).text()
    edited = kingsburg.load_game(position(app))
    for search, fragment in ((short.removeprefix(BASE), ""), ("", full.removeprefix(BASE))):
        opened = App(SaveStore(storage), search, fragment)
        assert opened.mode == "game" and opened.session is not None and not opened.session.readonly
        assert opened.session.save_id is None  # played, not saved as one of the reader's games
        game = opened.session.game
        assert game.state.players[0].gold == 4 and game.to_play == edited.to_play
        game.apply(game.legal_actions()[0])  # a move can be made
    # The #position= link keeps the scripted dice (the short one leaves them out, as the Share button's does).
    assert json.loads(unquote(full.split("#position=", 1)[1].removesuffix("&play=1")))["dice"] == [6, 6, 1]
    # Switched off again: read-only links; an edit clears the links shown, a bad value changes nothing.
    app.handle("edit-playable", "0")
    assert not (app.handle("edit-copy", "short").clipboard or "").endswith("&play=1")
    app.handle("edit-playable", "yes")
    assert app.editor_screen.playable is False


def test_the_preview_is_the_board_s_own_drawing_of_the_position_as_it_changes(storage):
    app = editing(storage)
    app.handle("edit-field", "7", "1.gold")
    app.handle("edit-field", "3", "year")
    app.handle("edit-building", "1:market")
    preview = parse(app.views()["ed-preview"])
    [board] = select(preview, ".ed-board")
    assert "inert" in board.attrs and board.attrs["aria-hidden"] == "true"
    assert all(b.attrs.get("data-action") != "act" for b in select(board, "button"))  # nothing to play there
    [brian] = select(board, '.strip[data-seat="1"]')
    assert select(brian, ".good-gold .n")[0].text() == "7"
    assert len(select(brian, ".mini-sheet .cell.on")) == 2  # the Market brings the Inn
    assert "Year III" in select(board, ".now-label")[0].text()
    app.handle("edit-field", "Ann", "1.name")  # refused by the engine: no board, the reason stands above
    preview = parse(app.views()["ed-preview"])
    assert select(preview, ".ed-board") == [] and "refuses" in preview.text()
