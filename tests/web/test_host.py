"""The host API of an embedded board (web/app/host.py, web/app/embed.py): every message type, every malformed
shape refused with an error reply that changes nothing, the announcements, and an embed's hands off the saves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from app.controller import App
from app.host import FIELDS, HANDLERS, MAX_MESSAGE, TYPES, Host
from app.lesson_view import LessonBoard
from app.params import parse
from app.storage import LAST, SaveStore
from fake_storage import FakeStorage
from inputhelpers import nested, stored_game

import kingsburg
from kingsburg.lesson import builtin_text

POSITIONS = Path(__file__).parents[1] / "positions"
HOTSEAT = json.loads((POSITIONS / "hotseat-secret.json").read_text())
START = kingsburg.new_game(["Ann", "Brian"], seed=4).position()
COLLECTION = {"format": "kingsburg-collection", "version": 1, "title": "Two", "lessons": ["11-market", "12-crane"]}


def board(search: str = "?embed=1", public: bool = True) -> tuple[App, Host]:
    app = App(SaveStore(FakeStorage()), search)
    host = Host(app, public=public)
    ready = json.loads(host.ready())
    assert ready["type"] == "ready" and ready["kingsburg"] == 1
    return app, host


def send(host: Host, message: object) -> dict[str, Any]:
    text = message if isinstance(message, str) or message is None else json.dumps(message)
    return json.loads(host.receive(text))


def ask(host: Host, type_: str, **fields: object) -> dict[str, Any]:
    reply = send(host, {"kingsburg": 1, "type": type_, "id": f"m-{type_}", **fields})
    assert reply["type"] == "reply", reply
    assert reply["id"] == f"m-{type_}" and reply["to"] == type_
    return reply


def changes(host: Host) -> list[dict[str, Any]]:
    return [json.loads(c) for c in host.changes()]


def snapshot(app: App) -> tuple[object, ...]:
    s = app.session
    path = s.lesson.path if isinstance(s, LessonBoard) else None
    return (app.mode, s, app.debug_position(), s.game.actions if s else None, path)


def test_ready_before_anything_then_a_position_opens_read_only_and_is_announced() -> None:
    app, host = board()
    assert ask(host, "state")["state"] == {"board": "none"}
    reply = ask(host, "position", position=START)
    assert reply["state"]["board"] == "read-only" and reply["state"]["to_play"] == 0
    assert reply["state"]["legal"] == ["aid gold", "aid wood", "aid stone"]
    [change] = changes(host)
    assert change["cause"] == "open" and change["actions"] == [] and change["log_start"] == 0
    assert change["state"]["decision"] == "aid" and "log" not in change["state"]
    assert changes(host) == []  # announced once
    assert app.session is not None and app.session.readonly and app.session.save_id is None


def test_actions_undo_and_state_are_answered_and_each_change_announced() -> None:
    app, host = board()
    ask(host, "position", position=START, play=True)
    changes(host)
    reply = ask(host, "action", action="aid wood")
    assert reply["state"]["to_play"] == 1 and reply["state"]["decisions"] == 1
    [change] = changes(host)
    assert change["cause"] == "move" and change["actions"] == ["aid wood"] and change["undone"] == 0
    assert change["log_start"] == 0 and change["log"] == ["The King aids Ann with 1 wood."]
    assert change["state"]["prompt"].startswith("Brian")
    ask(host, "undo")
    [change] = changes(host)
    assert change["cause"] == "undo" and change["undone"] == 1 and change["actions"] == [] and change["log"] == []
    assert app.session.game.actions == []
    ask(host, "action", action="aid wood")
    changes(host)
    ask(host, "action", action="aid gold")  # the spring's dice are rolled after it
    [change] = changes(host)
    assert change["actions"] == ["aid gold"] and change["log_start"] == 1
    assert any("rolls" in line for line in change["log"])
    state = ask(host, "state")["state"]
    assert state["log"][:2] == ["The King aids Ann with 1 wood.", "The King aids Brian with 1 gold."]
    assert state["decision"] == "influence" and state["legal"]
    # Undo across the dice roll: refused, nothing changed, and the board says so.
    before = snapshot(app)
    refused = send(host, {"kingsburg": 1, "type": "undo", "id": 7})
    assert refused["type"] == "error" and refused["error"] == "refused" and refused["id"] == 7
    assert "dice were rolled" in refused["message"]
    assert snapshot(app) == before and changes(host) == []
    assert app.game_screen.error and "refused" in app.game_screen.message


def test_the_board_s_own_moves_are_announced_too() -> None:
    app, host = board()
    ask(host, "position", position=START, play=True)
    changes(host)
    app.handle("act", "aid stone")  # the reader clicks in the board
    [change] = changes(host)
    assert change["cause"] == "move" and change["actions"] == ["aid stone"]


def test_a_position_with_a_computer_plays_itself_and_the_host_may_not_move_for_it() -> None:
    app, host = board()
    ask(host, "position", position=HOTSEAT, play=True, seats=["human", "normal"])
    assert app.session.kinds == ["human", "normal"] and app.session.game.to_play == 1
    before = snapshot(app)
    legal = str(app.session.game.legal_actions()[0])
    reply = send(host, {"kingsburg": 1, "type": "action", "action": legal})
    assert reply["error"] == "refused" and "computer" in reply["message"]
    assert snapshot(app) == before


def test_secrets_never_leave_and_the_seat_s_own_look_only_to_a_pinned_host() -> None:
    # Ann (the only person) looked at the enemy card; Brian, a computer, did not.
    for public, card in ((True, None), (False, "I-3")):
        _, host = board(public=public)
        state = ask(host, "position", position=HOTSEAT, play=True, seats=["human", "normal"])["state"]
        assert state["seat"] == 0
        position = state["position"]
        assert position["enemies"] == [card, None, None, None, None]
        assert "rng" not in position and "dice" not in position  # the dice to come stay the game's


def test_the_view_sent_to_a_pinned_host_follows_the_screen_not_a_hand_over() -> None:
    app, host = board(public=False)
    ask(host, "position", position=HOTSEAT, play=True)  # two people: Brian first, then Ann, who looked
    assert ask(host, "state")["state"]["position"]["enemies"][0] is None  # Brian's screen
    ask(host, "action", action=str(app.session.game.legal_actions()[0]))
    assert app.session.handover == 0
    [change] = changes(host)  # the screen is still Brian's, covered until Ann takes the device
    assert change["state"]["seat"] == 1 and change["state"]["position"]["enemies"][0] is None
    app.handle("reveal")
    [change] = changes(host)
    assert change["cause"] == "view" and change["state"]["position"]["enemies"][0] == "I-3"


def test_a_read_only_position_is_announced_from_a_seat_s_view_not_the_whole_game() -> None:
    _, host = board(public=False)
    position = ask(host, "position", position=HOTSEAT)["state"]["position"]
    assert "rng" not in position and position["enemies"][1:] == [None] * 4


def test_a_lesson_by_name_and_by_value_with_its_steps_and_moves() -> None:
    app, host = board()
    state = ask(host, "lesson", name="01-setup")["state"]
    assert state["board"] == "lesson" and state["lesson"]["step"] == 1 and state["lesson"]["name"] == "01-setup"
    [change] = changes(host)
    assert change["cause"] == "open"
    ask(host, "next")
    [change] = changes(host)
    assert change["cause"] == "step" and change["state"]["lesson"]["step"] == 2
    ask(host, "back")
    assert changes(host)[0]["state"]["lesson"]["step"] == 1
    # A lesson of one's own, then a wrong move (the hint, nothing changed) and the right one.
    lesson = json.loads(builtin_text("02-spring"))
    ask(host, "lesson", lesson=lesson)
    changes(host)
    lesson_session = app.session.lesson
    while not lesson_session.expected:
        ask(host, "next")
    changes(host)
    right = lesson_session.expected[0]
    wrong = next(str(a) for a in app.session.game.legal_actions() if str(a) not in lesson_session.expected)
    before = snapshot(app)
    reply = send(host, {"kingsburg": 1, "type": "action", "action": wrong})
    assert reply["error"] == "illegal" and reply["message"]
    assert snapshot(app) == before and changes(host) == []
    ask(host, "action", action=right)
    [change] = changes(host)
    assert change["cause"] == "step" and change["actions"][0] == right


def test_a_collection_opens_at_the_lesson_and_step_a_host_asks_and_the_state_says_where() -> None:
    app, host = board()
    state = ask(host, "lesson", collection=COLLECTION)["state"]
    assert state["lesson"]["name"] == "11-market" and state["lesson"]["step"] == 1
    assert state["lesson"]["collection"] == {"title": "Two", "chapter": 1, "chapters": 2}
    state = ask(host, "lesson", collection=COLLECTION, chapter=2, step=2)["state"]
    assert state["lesson"]["name"] == "12-crane" and state["lesson"]["step"] == 2
    assert state["lesson"]["collection"]["chapter"] == 2
    state = ask(host, "lesson", collection=COLLECTION, name="12-crane")["state"]
    assert state["lesson"]["name"] == "12-crane" and state["lesson"]["step"] == 1
    # At the end of the first lesson the board offers the next; the reader's click opens it, announced.
    ask(host, "lesson", collection=COLLECTION)
    while app.session.lesson.can_next or app.session.lesson.expected:
        if app.session.lesson.can_next:
            ask(host, "next")
        else:
            ask(host, "action", action=app.session.lesson.expected[0])
    changes(host)
    assert "Next lesson: The Crane" in app.views()["panel"]
    app.handle("lesson-chapter", "2")
    [change] = changes(host)
    assert change["cause"] == "open" and change["state"]["lesson"]["collection"]["chapter"] == 2
    assert ask(host, "lesson", name="08-battle")["state"]["lesson"]["collection"]["title"] == "Learn to play"
    assert ask(host, "lesson", lesson=json.loads(builtin_text("08-battle")))["state"]["lesson"]["collection"] is None
    reply = send(host, {"kingsburg": 1, "type": "lesson", "chapter": 2})  # a lesson's number, but of what?
    assert reply["error"] == "bad-field" and '"chapter" goes with it' in reply["message"]


def test_a_lesson_opens_at_the_step_a_host_asks_or_is_refused_and_nothing_changes() -> None:
    app, host = board()
    state = ask(host, "lesson", name="08-battle", step=3)["state"]
    assert state["lesson"]["step"] == 3 and state["lesson"]["name"] == "08-battle"
    [change] = changes(host)
    assert change["cause"] == "open"
    ask(host, "back")  # the steps before it were done: Back goes to them
    assert changes(host)[0]["state"]["lesson"]["step"] == 2
    ask(host, "lesson", lesson=json.loads(builtin_text("08-battle")), step=2)
    assert changes(host)[0]["state"]["lesson"]["step"] == 2
    before = snapshot(app)
    for step in (0, -1, "2", True, 2.0, None):
        reply = send(host, {"kingsburg": 1, "type": "lesson", "name": "08-battle", "step": step})
        assert reply["error"] == "bad-field" and "step number" in reply["message"], step
    reply = send(host, {"kingsburg": 1, "type": "lesson", "name": "08-battle", "step": 99})
    assert reply["type"] == "error" and "steps 1 to" in reply["message"]
    assert snapshot(app) == before and changes(host) == []


def test_an_embed_never_lists_opens_or_writes_the_player_s_saves(storage: FakeStorage) -> None:
    save_id = stored_game(storage)
    kept = dict(storage.data)
    assert storage.data[LAST] == save_id
    app = App(SaveStore(storage), "?embed=1")
    assert app.mode == "start" and app.session is None  # the last game is not continued in the frame
    html = app.views()["app"]
    assert save_id not in html and 'data-action="continue"' not in html and "position or lesson" in html
    host = Host(app, public=True)
    host.ready()
    ask(host, "lesson", name="01-setup")
    app.handle("lesson-next")
    app.handle("lesson-leave")  # play on from the lesson: not saved
    assert app.session.save_id is None
    ask(host, "position", position=START, play=True)
    ask(host, "action", action="aid wood")
    app.handle("home")  # no start screen: nothing happens
    app.handle("sound")
    assert app.mode == "game" and app.save_now()
    assert storage.data == kept


def test_an_embedded_board_shows_no_menu_and_its_end_screen_no_saved_games() -> None:
    app, host = board()
    ask(host, "lesson", name="12-crane")
    while app.session.lesson.can_next or app.session.lesson.expected:
        if app.session.lesson.expected:
            ask(host, "action", action=app.session.lesson.expected[0])
        else:
            ask(host, "next")
    views = app.views()
    html = views["topbar"] + views["panel"]
    for action in ("home", "new", "export-current", "export-all", "sound"):
        assert f'data-action="{action}"' not in html
    assert 'data-action="rules"' in views["topbar"]
    over = kingsburg.new_game(["Ann", "Brian"], seed=1)
    while not over.is_over():
        over.apply(over.legal_actions()[0])
    ask(host, "position", position=json.loads(over.to_json()), play=True)
    overlay = app.views()["overlay"]
    assert "wins" in overlay or "share" in overlay
    assert 'data-action="home"' not in overlay and 'data-action="new"' not in overlay


MALFORMED = [
    (None, "not-json"),
    ("{", "not-json"),
    ("NaN", "not-json"),
    ("x" * (MAX_MESSAGE + 1), "not-json"),
    ('{"kingsburg": 1, "type": "state", "a": ' + nested(40) + "}", "not-json"),
    ("[1, 2]", "not-object"),
    ('"state"', "not-object"),
    ({"type": "state"}, "version"),
    ({"kingsburg": 2, "type": "state"}, "version"),
    ({"kingsburg": True, "type": "state"}, "version"),
    ({"kingsburg": "1", "type": "state"}, "version"),
    ({"kingsburg": 1}, "unknown-type"),
    ({"kingsburg": 1, "type": "reset"}, "unknown-type"),
    ({"kingsburg": 1, "type": ["state"]}, "unknown-type"),
    ({"kingsburg": 1, "type": "state", "id": True}, "bad-field"),
    ({"kingsburg": 1, "type": "state", "id": 1.5}, "bad-field"),
    ({"kingsburg": 1, "type": "state", "id": "x" * 101}, "bad-field"),
    ({"kingsburg": 1, "type": "state", "id": {"a": 1}}, "bad-field"),
    ({"kingsburg": 1, "type": "undo", "steps": 2}, "bad-field"),
    ({"kingsburg": 1, "type": "position"}, "bad-field"),
    ({"kingsburg": 1, "type": "position", "position": json.dumps(START)}, "bad-field"),
    ({"kingsburg": 1, "type": "position", "position": START, "play": "yes"}, "bad-field"),
    ({"kingsburg": 1, "type": "position", "position": START, "seats": "human,human"}, "bad-field"),
    ({"kingsburg": 1, "type": "position", "position": START, "seats": ["human", "god"]}, "bad-field"),
    ({"kingsburg": 1, "type": "position", "position": START, "seats": ["human"]}, "bad-field"),
    ({"kingsburg": 1, "type": "position", "position": {"format": "kingsburg-position"}}, "refused"),
    ({"kingsburg": 1, "type": "position", "position": {**START, "year": 9}}, "refused"),
    ({"kingsburg": 1, "type": "lesson"}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "name": "01-setup", "lesson": {}}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "name": "lessons/01-setup.json"}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "lesson": "01-setup"}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "lesson": {"format": "kingsburg-lesson"}}, "refused"),
    ({"kingsburg": 1, "type": "lesson", "collection": "tutorial"}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "chapter": 2}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "lesson": {}}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "name": "12-crane", "chapter": 2}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "chapter": 0}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "chapter": "2"}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "name": 12}, "bad-field"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "chapter": 3}, "refused"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "name": "01-setup"}, "refused"),
    ({"kingsburg": 1, "type": "lesson", "collection": COLLECTION, "chapter": 2, "step": 9}, "refused"),
    ({"kingsburg": 1, "type": "lesson", "collection": {**COLLECTION, "lessons": ["13-wizard"]}}, "refused"),
    ({"kingsburg": 1, "type": "action"}, "bad-field"),
    ({"kingsburg": 1, "type": "action", "action": 3}, "bad-field"),
    ({"kingsburg": 1, "type": "action", "action": ""}, "bad-field"),
    ({"kingsburg": 1, "type": "action", "action": "aid " * 60}, "bad-field"),
    ({"kingsburg": 1, "type": "action", "action": "fly away"}, "illegal"),
    ({"kingsburg": 1, "type": "action", "action": "influence 18 c1"}, "illegal"),
    ({"kingsburg": 1, "type": "next"}, "refused"),
    ({"kingsburg": 1, "type": "back"}, "refused"),
]


@pytest.mark.parametrize(("message", "code"), MALFORMED)
def test_every_malformed_message_gets_an_error_reply_and_changes_nothing(message: object, code: str) -> None:
    app, host = board()
    ask(host, "position", position=START, play=True)
    ask(host, "action", action="aid wood")
    changes(host)
    before = snapshot(app)
    reply = send(host, message)
    assert reply["kingsburg"] == 1 and reply["type"] == "error" and reply["error"] == code
    assert isinstance(reply["message"], str) and reply["message"]
    assert snapshot(app) == before and changes(host) == []
    if isinstance(message, dict) and "kingsburg" not in message:  # another protocol's: answered, not shown
        assert not app.game_screen.error
    else:
        assert app.game_screen.error and reply["message"] in app.game_screen.message  # said in the board too


def test_the_id_comes_back_and_the_type_when_it_was_readable() -> None:
    _, host = board()
    reply = send(host, {"kingsburg": 2, "type": "state", "id": 42})
    assert (reply["id"], reply["to"], reply["error"]) == (42, "state", "version")
    reply = send(host, {"kingsburg": 1, "type": "action", "id": "a", "action": "aid wood"})
    assert (reply["id"], reply["to"], reply["error"]) == ("a", "action", "no-board")
    assert "send a position or a lesson" in reply["message"]


@pytest.mark.parametrize("type_", ["action", "undo", "next", "back"])
def test_a_board_without_a_game_refuses_moves(type_: str) -> None:
    app, host = board()
    fields = {"action": "aid wood"} if type_ == "action" else {}
    reply = send(host, {"kingsburg": 1, "type": type_, **fields})
    assert reply["error"] == "no-board" and app.mode == "start"
    assert "refused" in app.views()["app"]  # the waiting screen says it


def test_undo_on_a_lesson_and_steps_on_a_game_are_refused() -> None:
    _, host = board()
    ask(host, "lesson", name="01-setup")
    assert send(host, {"kingsburg": 1, "type": "undo"})["error"] == "refused"
    ask(host, "position", position=START)
    assert send(host, {"kingsburg": 1, "type": "next"})["error"] == "refused"


def test_the_address_parameters_of_an_embed() -> None:
    p = parse("?embed=1&host=https://Tutorials.example:8443")
    assert p.embed and p.host == "https://tutorials.example:8443" and not p.problems and not p.starts_game
    for bad in ("https://a.example/path", "javascript:alert(1)", "*", "a.example", "https://a.example/"):
        p = parse(f"?embed=1&host={bad}")
        assert p.host is None and "host" in p.problems[0]
    p = parse("?host=https://a.example")
    assert not p.embed and p.host is None and "embed=1" in p.problems[0]
    assert not parse("?embed=0").embed and parse("#embed=yes").embed


def test_every_type_has_a_handler_and_its_fields() -> None:
    assert set(HANDLERS) == set(FIELDS) == set(TYPES)


def test_a_host_may_ask_for_a_language_and_a_bad_one_is_refused() -> None:
    app, host = board()
    ask(host, "position", position=START)
    app.begin_call()
    reply = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "language", "lang": "DE"})))
    assert reply["type"] == "reply" and app.end_call(True).language == "de"  # the page fetches it, then redraws
    for bad in ("xx", 3, None, "pseudo"):
        answer = send(host, {"kingsburg": 1, "type": "language", "lang": bad})
        assert answer["error"] == "bad-field" and '"en", "de", "fr"' in answer["message"]
