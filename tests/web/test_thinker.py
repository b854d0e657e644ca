"""The computers and the hint thinking in the worker (web/app/thinker.py), on CPython: the page's request holds
only the seat's view, the worker decides what the main thread would, and an answer for a game that moved on is
dropped."""

from __future__ import annotations

import json

import pytest
from app.controller import App
from app.session import RemoteTurn, make_bot
from app.storage import SaveStore
from app.thinker import BotJob, Thinker
from fake_storage import FakeStorage

import kingsburg


def worked(thinker: Thinker, request: str) -> str:
    job = thinker.start(request)
    while not job.work(0.01):
        pass
    assert job.progress == 1.0
    return job.answer()


def ask_worker(app: App, thinker: Thinker) -> RemoteTurn:
    """What web/page.py does with the worker: ask for the computer's decision and read the answer."""
    turn = app.remote_turn()
    turn.answer(worked(thinker, turn.request))
    return turn


def new_app(query: str) -> App:
    return App(SaveStore(FakeStorage()), query)


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
def test_the_worker_decides_as_the_bot_on_the_main_thread() -> None:
    """Hard, Normal and Easy at one table of four, for a whole year: each decision the worker sends back is the
    one the same bot (same seed, seat and view) chooses on the game itself; Easy's noise draws from one
    generator per seat and session, in the worker as on the main thread."""
    app = new_app("?seats=hard,easy,normal,easy&seed=31&speed=instant")
    s = app.session
    local = {seat: make_bot(kind, s.bot_seed, seat) for seat, kind in enumerate(s.kinds)}
    thinker = Thinker(deadline=None)  # the whole playout budget, as `choose` spends it, however busy the machine
    kinds_seen = set()
    while s.game.year == 1:
        if app.game_screen.scenes:
            app.handle("scene-next")
            continue
        seat = s.game.to_play
        expected = local[seat].choose(s.game.view(seat))
        turn = ask_worker(app, thinker)
        assert turn.action == expected and not turn.cut_short
        assert app.finish_bot(turn).redraw
        kinds_seen.add(s.kinds[seat])
    assert kinds_seen == {"hard", "easy", "normal"} and len(s.game.actions) > 30


def test_a_search_cut_by_the_worker_s_deadline_answers_the_best_move_found() -> None:
    """The worker's deadline (WORKER_DEADLINE on a device) only cuts a search: the answer says so, and it is the
    best move found by then, a legal one."""
    app = new_app("?seats=hard,human&seed=5&speed=instant")
    s = app.session
    while True:  # a decision with something to search
        turn = app.remote_turn()
        job = Thinker(deadline=None).start(turn.request)
        assert isinstance(job, BotJob)
        if not job.search.done:
            break
        s.apply(s.game.legal_actions()[0])
    while not job.work(0.01):
        pass
    assert not job.cut and job.search.progress == 1.0

    hurried = Thinker(deadline=0.0).start(turn.request)
    assert isinstance(hurried, BotJob) and hurried.work(1.0) and hurried.cut
    assert hurried.search.progress == 0.0 and hurried.action == hurried.search.best()
    turn.answer(hurried.answer())
    assert turn.cut_short and app.finish_bot(turn).redraw


def test_the_request_holds_the_seat_s_view_and_nothing_more() -> None:
    app = new_app("?seats=hard,hard&seed=5&speed=instant")
    s = app.session
    turn = app.remote_turn()
    request = json.loads(turn.request)
    assert set(request) == {"kind", "bot", "bot_seed", "session", "view"}
    assert (request["kind"], request["bot"], request["bot_seed"]) == ("bot", "hard", s.bot_seed)
    view = json.loads(request["view"])
    assert view["seat"] == turn.seat == s.game.to_play
    assert "rng" not in view["position"] and "dice" not in view["position"]
    assert view["position"]["enemies"][1:] == [None] * 4
    assert str(s.game.state.rng) not in turn.request and s.game.state.deck[1] not in turn.request


def test_an_answer_for_a_game_that_moved_on_is_dropped() -> None:
    app = new_app("?seats=normal,human&seed=8&speed=instant")
    s = app.session
    thinker = Thinker()
    turn = app.remote_turn()
    answer = worked(thinker, turn.request)
    before = s.game.actions
    app.handle("new")  # the start screen: the game is left while its computer thought
    turn.answer(answer)
    assert not app.finish_bot(turn).redraw and app.dropped == 1
    assert s.game.actions == before

    app = new_app("?seats=normal,human&seed=8&speed=instant")
    first = app.remote_turn()
    answer = worked(thinker, first.request)
    first.answer(answer)
    assert app.finish_bot(first).redraw
    late = RemoteTurn(app.session, first.seat)  # asked for the position before the decision just made
    late.decisions -= 1
    late.answer(answer)
    assert not app.finish_bot(late).redraw and app.dropped == 1


def test_a_decision_the_engine_refuses_changes_nothing() -> None:
    app = new_app("?seats=normal,human&seed=8&speed=instant")
    s = app.session
    before = (s.game.to_json(), list(s.by))
    turn = app.remote_turn()
    turn.answer(json.dumps({"action": "recruit gold+wood"}))  # well-formed, but no legal action now
    with pytest.raises(kingsburg.IllegalAction):
        app.finish_bot(turn)
    assert (s.game.to_json(), list(s.by)) == before
    for reply in ('{"action": "fly away"}', "{}", "[1]"):
        with pytest.raises(ValueError):
            app.remote_turn().answer(reply)


def test_the_hint_from_the_worker_is_the_hint_on_the_main_thread() -> None:
    query = "?seats=human,normal&seed=3&speed=instant"
    here = new_app(query)
    there = App(SaveStore(FakeStorage()), query, worker_ready=lambda: True)
    here.handle("hint")
    asked = there.handle("hint").hint_request
    assert there.game_screen.hint is None
    assert asked is not None and here.handle("hint").hint_request is None
    generation, request = asked
    assert json.loads(request)["kind"] == "hint"
    answer = worked(Thinker(), request)
    assert there.hint_answer(generation, answer)
    assert (
        there.game_screen.hint == here.game_screen.hint
        and there.game_screen.message == here.game_screen.message
        and "Normal computer" in there.game_screen.message
    )
    assert not there.hint_answer(generation - 1, answer)  # asked before the game changed: dropped
    with pytest.raises(ValueError, match="not legal"):
        there.hint_answer(
            generation, json.dumps({"advice": {"action": "recruit gold+wood", "margin": 1.0, "runner_up": None}})
        )
    # The worker failed to answer: the page asks again "here", and the hint is worked out on the page's thread.
    elsewhere = App(SaveStore(FakeStorage()), query, worker_ready=lambda: True)
    assert elsewhere.handle("hint", "here").hint_request is None
    assert elsewhere.game_screen.message == here.game_screen.message


@pytest.mark.parametrize(
    "request_text",
    [
        "{",
        "[]",
        json.dumps({"kind": "bot"}),
        json.dumps({"kind": "bot", "view": "{}"}),
    ],
)
def test_a_malformed_request_is_refused(request_text: str) -> None:
    with pytest.raises(ValueError):
        Thinker().start(request_text)


def test_a_request_for_no_computer_level_is_refused() -> None:
    game = kingsburg.new_game(["Ann", "Brian"], seed=1)
    for level, seed in (("human", 1), ("wizard", 1), ("hard", "1")):
        request = json.dumps({"kind": "bot", "bot": level, "bot_seed": seed, "session": 1, "view": game.view_json(0)})
        with pytest.raises(ValueError, match="level"):
            Thinker().start(request)


def test_only_a_searching_computer_waits_for_the_worker() -> None:
    """web/page.py keeps a decision waiting for a worker that is still starting only when it is a search (Hard):
    a Normal, Easy or random computer decides at once on the page's thread instead."""
    for kind, searches in (("hard", True), ("normal", False), ("easy", False), ("random", False)):
        app = new_app(f"?seats={kind},human&seed=4&speed=instant")
        assert app.session is not None
        while app.session.game.to_play != 0:
            app.session.game.apply(app.session.game.legal_actions()[0])
        assert app.session.searching() is searches, kind
        assert make_bot(kind, 1, 0).searches is searches
    human = new_app("?seats=human,hard&seed=4&speed=instant")
    assert human.session is not None and human.session.game.to_play == 0
    assert human.session.searching() is False  # a person is to play
