"""The host API's state as data (web/app/host_state.py, docs/embedding.md): over games of every rules option each
seat's battle strength adds up to the engine's and the last battle's fights to what was fought, the standings are
the engine's, each choice's words are its button's on the page, and the changes' events are exactly the view's new
events; a public board tells no seat's secret (the enemy card one seat looked at, a soldier token chosen)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from app.controller import App
from app.host import Host
from app.lesson_view import LessonBoard, plain
from app.storage import SaveStore
from fake_storage import FakeStorage
from htmlquery import Node, parse, select
from webhelpers import rules_queries

from kingsburg import ADVISORS, Game, Rules, new_game, parse_action
from kingsburg.content import ENEMY_BY_ID

QUERIES = rules_queries()
IDS = [name for name, _ in QUERIES]
SEED = 5
# Ann has looked at the year III card, Zombies (strength 6): her Palisade counts +2 against them, +1 otherwise.
LOOKED = {
    "format": "kingsburg-position",
    "version": 1,
    "year": 3,
    "phase": 7,
    "turn_order": [0, 1],
    "enemies": ["I-1", "II-1", "III-4", "IV-1", "V-1"],
    "seats": [
        {"name": "Ann", "gold": 2, "soldiers": 2, "buildings": ["statue", "palisade"], "looked": True},
        {"name": "Brian", "stone": 2},
    ],
}


def moments(query: str, public: bool, every: int = 1) -> Iterator[tuple[Game, Host]]:
    """Each ``every``-th moment of a three-person game with these rules (random decisions through the screen,
    the scenes clicked away, the device handed over), with the host of its board."""
    app = App(SaveStore(FakeStorage()), f"?seats=human,human,human&seed={SEED}&speed=instant&{query}")
    host = Host(app, public=public)
    host.ready()
    rng = random.Random(SEED)
    assert app.session is not None
    k = 0
    while not app.session.game.is_over():
        while app.game_screen.scenes:
            app.handle("scene-next")
        if app.session.handover is not None:
            app.handle("reveal")
        if k % every == 0:
            yield app.session.game, host
        k += 1
        app.handle("act", str(rng.choice(app.session.game.legal_actions())))
        assert not app.game_screen.error, app.game_screen.message


def words_of(node: Node) -> str:
    """A button's text, what it does under its name (``.c-effect``) left out."""
    if "c-effect" in node.classes:
        return ""
    return "".join(c if isinstance(c, str) else words_of(c) for c in node.children)


def total(parts: list[dict[str, object]]) -> int:
    values = [p["value"] for p in parts]
    assert all(isinstance(v, int) for v in values)
    return sum(values)  # type: ignore[arg-type]


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("public", [False, True], ids=["pinned", "public"])
@pytest.mark.parametrize("query", [q for _, q in QUERIES], ids=IDS)
def test_each_seat_s_strength_adds_up_to_the_engine_s_against_the_enemy_the_host_may_know(
    query: str, public: bool
) -> None:
    fought = 0
    for game, host in moments(query, public):
        state = host.state(log=False)
        strength, seat = state["strength"], state["seat"]
        card = game.state.deck[game.year - 1]
        may_know = game.enemy_revealed() or (not public and game.state.players[seat].looked)
        assert strength["enemy"]["card"] == (card if may_know else None)
        enemy_type = ENEMY_BY_ID[card].type if may_know else ""
        for k, entry in enumerate(strength["seats"]):
            soldiers = game.state.players[k].soldiers
            assert entry["seat"] == k and entry["parts"][0] == {"part": "soldiers", "value": soldiers}
            assert total(entry["parts"]) == entry["strength"] == game.battle_strength(k, enemy_type)
            assert entry["king"]["low"] <= entry["king"]["high"]
        battle = state["battle"]
        if battle is None:
            continue
        fights = {e.seat: e for e in game.events if e.kind == "fight" and e.year == battle["year"]}
        assert [f["seat"] for f in battle["fights"]] == list(fights)  # in turn order, as fought
        for f in battle["fights"]:
            event = fights[f["seat"]]
            assert total(f["parts"]) == f["strength"] == event.data["strength"]
            assert f["outcome"] == event.data["outcome"]
            parts = {p["part"]: p["value"] for p in f["parts"]}
            assert (parts.pop("soldiers"), parts.pop("buildings")) == (event.data["soldiers"], event.data["buildings"])
            assert sum(parts.values()) == event.data["king"]  # the King's, however they came
            assert set(parts) <= {"king", *game.rules.names}  # the King's die, or a variant's part by its name
        fought += 1
    assert fought > 20, fought


@pytest.mark.parametrize("query", [q for _, q in QUERIES], ids=IDS)
def test_the_standings_are_the_engine_s_with_each_criterion_of_the_tie_break(query: str) -> None:
    for game, host in moments(query, public=True, every=7):
        standings = host.state(log=False)["standings"]
        assert [(p["seat"], p["place"]) for p in standings["places"]] == game.standings()
        steps = game.tie_break()
        assert [(s["by"], {v["seat"]: v["value"] for v in s["values"]}, s["best"]) for s in standings["tie_break"]] == [
            (s.by, s.values, s.best) for s in steps
        ]
        by_seat = {p["seat"]: p for p in standings["places"]}
        for step in steps:  # each place carries the values the tie-break compares, under the same names
            assert all(by_seat[seat][step.by] == value for seat, value in step.values.items())


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("query", [q for _, q in QUERIES], ids=IDS)
def test_each_choice_is_its_notation_and_the_words_of_its_button_on_the_page(query: str) -> None:
    buttons = 0
    for _, host in moments(query, public=False, every=3):
        state = host.state(log=False)
        assert [c["action"] for c in state["choices"]] == state["legal"]
        panel = parse(host.app.views()["panel"])
        for choice in state["choices"]:
            action = parse_action(choice["action"])
            if action.kind == "place":  # dice and an advisor are tapped: no button of its own
                assert f"on the {ADVISORS[action.advisor - 1].name} (#{action.advisor})" in choice["words"]
                continue
            [button] = select(panel, f'button[data-action="act"][data-value="{choice["action"]}"]')
            said = words_of(button)
            # The same characters (the words space the button's parts as its layout does: "Take 1 gold").
            assert "".join(choice["words"].split()) == "".join(said.split()), (choice, said)
            buttons += 1
    assert buttons > 30, buttons


@pytest.mark.parametrize("public", [False, True], ids=["pinned", "public"])
@pytest.mark.parametrize("query", [q for _, q in QUERIES], ids=IDS)
def test_a_change_s_events_are_exactly_the_view_s_new_events(query: str, public: bool) -> None:
    log: list[str] = []
    events: list[dict[str, object]] = []
    heard = 0
    for k, (game, host) in enumerate(moments(query, public)):
        if k == 0:  # the host hears the board from here: the whole log, then what changes
            ready = json.loads(host.ready())["state"]
            log, events = ready["log"], ready["events"]
        for text in host.changes():
            change = json.loads(text)
            start = change["log_start"]
            assert len(change["events"]) == len(change["log"])
            view = game.view(change["state"]["seat"], public=public)
            assert [e["kind"] for e in change["events"]] == [e.kind for e in view.events[start:]]
            log, events = log[:start] + change["log"], events[:start] + change["events"]
            heard += len(change["events"])
        if k % 5 == 0:  # the changes, kept, are the whole log (compared now and then: the whole log is long)
            state = json.loads(json.dumps(host.state()))  # as sent
            assert (log, events) == (state["log"], state["events"])
            assert [e["seat"] for e in events] == [e.seat for e in host.view(state["seat"]).events]
    assert heard > 100, heard


def looked_board(public: bool) -> tuple[App, Host]:
    app = App(SaveStore(FakeStorage()), f"?embed=1&position={quote(json.dumps(LOOKED))}&play=1&seats=human,human")
    host = Host(app, public=public)
    host.ready()
    return app, host


def test_the_enemy_a_seat_looked_at_is_told_only_to_a_pinned_host() -> None:
    _, pinned = looked_board(public=False)
    state = pinned.state()
    assert state["seat"] == 0 and state["strength"]["enemy"]["card"] == "III-4"
    assert state["strength"]["enemy"]["strength"] == 6 and state["strength"]["enemy"]["type"] == "Zombies"
    assert state["strength"]["seats"][0]["strength"] == 4  # 2 soldiers, the Palisade +2 against Zombies
    assert "strength 4 → 5" in state["choices"][0]["words"]
    _, public = looked_board(public=True)
    state = public.state()
    assert state["strength"]["enemy"] == {"card": None, "type": None, "strength": None, "low": 4, "high": 6}
    assert state["strength"]["seats"][0]["strength"] == 3  # the Palisade +1 against an enemy of any type
    assert state["strength"]["seats"][0]["parts"] == [
        {"part": "soldiers", "value": 2},
        {"part": "building", "building": "palisade", "value": 1},
    ]
    assert "strength 3 → 4" in state["choices"][0]["words"]
    text = json.dumps(state)
    assert "III-4" not in text and "Zombies" not in text


def test_a_soldier_token_chosen_in_secret_is_told_only_to_a_pinned_host_of_its_seat() -> None:
    game = new_game(["Ann", "Brian"], seed=3, rules=Rules(2, None, frozenset({"soldier-tokens"})))
    while game.decision() != "token":
        game.apply(game.legal_actions()[0])
    assert game.to_play == 0
    position = json.loads(game.to_json())
    for public in (False, True):
        app = App(SaveStore(FakeStorage()), "?embed=1")
        host = Host(app, public=public)
        host.ready()
        # Ann, the person at the screen, chooses; Brian, a computer, chooses next.
        message = {"kingsburg": 1, "type": "position", "position": position, "play": True, "seats": ["human", "easy"]}
        assert json.loads(host.receive(json.dumps(message)))["type"] == "reply"
        host.changes()
        reply = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "action", "action": "token 4"})))
        [change] = [json.loads(c) for c in host.changes()]
        assert reply["state"]["seat"] == change["state"]["seat"] == 0 and reply["state"]["to_play"] == 1
        king = reply["state"]["strength"]["seats"][0]["king"]
        chosen = reply["state"]["position"]["variants"]["soldier-tokens"]["chosen"][0]
        secret = [e for e in change["events"] + reply["state"]["events"] if e["kind"] == "token-seen"]
        if public:
            assert change["actions"] == ["hidden"]  # the host hears a token was chosen, not which
            assert king == {"low": 0, "high": 4} and chosen == "hidden" and secret == []
        else:
            assert change["actions"] == ["token 4"] and king == {"low": 4, "high": 4} and chosen == 4
            assert [e["data"] for e in secret] == [{"token": 4}] * 2  # Ann's own line, in the change and the state


def test_a_lesson_step_s_text_pointers_and_hint() -> None:
    app = App(SaveStore(FakeStorage()), "?embed=1")
    host = Host(app, public=True)
    host.ready()
    host.receive(json.dumps({"kingsburg": 1, "type": "lesson", "name": "02-spring"}))
    board = app.session
    assert isinstance(board, LessonBoard)
    while not board.lesson.expected:
        state = host.state()["lesson"]
        step = board.lesson.step
        assert step is not None
        assert (state["text"], state["point"], state["hint"]) == (plain(step.text), list(step.point), "")
        assert "**" not in state["text"]
        host.receive(json.dumps({"kingsburg": 1, "type": "next"}))
    step = board.lesson.step
    assert step is not None and host.state()["lesson"]["hint"] == ""
    wrong = next(str(a) for a in board.game.legal_actions() if str(a) not in step.expect)
    refused = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "action", "action": wrong})))
    hint = host.state()["lesson"]["hint"]
    assert hint and hint == refused["message"] == plain(step.hint or "That is not the move this step asks for.")
    host.receive(json.dumps({"kingsburg": 1, "type": "action", "action": step.expect[0]}))
    assert host.state()["lesson"]["hint"] == ""  # a new step: no wrong try yet
