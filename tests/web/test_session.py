"""Sessions: hotseat hand-over, whose screen is shown, undo, and computer turns that think in slices."""

from __future__ import annotations

import pytest
from app.session import Session

import kingsburg
from kingsburg import Action


def to_human(session: Session) -> None:
    while session.computer_to_play:
        turn = session.bot_turn()
        while not turn.work(0.005):
            pass
        session.apply(turn.action)


def test_one_person_against_computers_never_needs_a_hand_over() -> None:
    s = Session.new(["Ann", "Brian", "Cindy"], ["normal", "human", "random"], seed=4)
    assert s.screen == 1
    for _ in range(60):
        to_human(s)
        if s.game.is_over():
            break
        assert s.handover is None and s.my_turn and s.screen == 1
        s.apply(s.game.legal_actions()[0])


def test_the_device_is_handed_over_only_when_a_secret_would_show() -> None:
    # People who reach the General or the Queen look at the enemy card: from then until the winter, passing the
    # device to them needs a hand-over (their screen shows the card); any other change of person does not.
    s = Session.new(["Ann", "Brian", "Cindy"], ["human", "human", "easy"], seed=7)
    game = s.game
    handed = switched = 0
    last = None
    for _ in range(400):
        to_human(s)
        seat = game.to_play
        if seat is None:
            break
        if last is None:
            assert s.handover is None  # the first person's screen opens at once
        elif seat != last:
            secret = game.known_enemy(seat) is not None and game.known_enemy(seat) != game.known_enemy(last)
            assert (s.handover == seat) == secret
            if secret:
                assert not s.my_turn and s.viewer == last, "the last person's screen stays until the reveal"
                s.reveal()
                handed += 1
            else:
                switched += 1
        assert s.my_turn and s.screen == seat and s.viewer == seat
        legal = game.legal_actions()
        looks = [a for a in legal if a.kind == "place" and a.advisor in (10, 17)]
        s.apply(looks[0] if looks else legal[0])
        last = seat
    assert handed >= 1 and switched >= 10


def test_hand_overs_can_be_switched_off() -> None:
    s = Session.new(["Ann", "Brian"], ["human", "human"], seed=7, enemies=["I-3", "II-1", "III-1", "IV-1", "V-1"])
    s.game.state.players[0].looked = s.game.state.players[1].looked = False
    s.set_handovers(False)
    assert s.app_data()["handovers"] is False
    for _ in range(200):
        if s.game.is_over():
            break
        assert s.handover is None and s.my_turn
        legal = s.game.legal_actions()
        looks = [a for a in legal if a.kind == "place" and a.advisor in (10, 17)]
        s.apply(looks[0] if looks else legal[0])
    assert Session(s.game, s.app_data()).handovers is False


def test_the_screen_shows_only_the_viewer_s_secret_look() -> None:
    s = Session.new(["Ann", "Brian"], ["human", "human"], seed=1, enemies=["I-3", "II-1", "III-1", "IV-1", "V-1"])
    game = s.game
    for _ in range(400):
        if any(p.looked for p in game.state.players) or game.is_over():
            break
        if s.handover is not None:
            s.reveal()
        legal = game.legal_actions()
        general = [a for a in legal if a.kind == "place" and a.advisor in (10, 17)]
        s.apply(general[0] if general else legal[0])
    looker = next(i for i, p in enumerate(game.state.players) if p.looked)
    other = 1 - looker
    assert game.view(looker).known_enemy() == "I-3"
    assert game.view(other).known_enemy() is None
    s.screen, s.handover = other, None
    assert s.view().known_enemy() is None
    assert not any(e.secret is not None for e in s.view().events)


def test_undo_takes_back_my_decision_and_the_computers_after_it() -> None:
    s = Session.new(["Ann", "Brian", "Cindy"], ["human", "random", "random"], seed=11)
    to_human(s)
    # The first placement of mine after which the computers decide and roll no dice (a roll would bar the undo).
    while True:
        while s.game.decision() != "influence" or not s.my_turn:
            s.apply(s.game.legal_actions()[0])
            to_human(s)
        before = s.game.position()
        decisions = len(s.game.actions)
        place = next(a for a in s.game.legal_actions() if a.kind == "place")
        s.apply(place)
        to_human(s)
        if len(s.game.actions) > decisions + 1 and s.undo_problem() is None:
            break
        assert not s.game.is_over(), "no placement of mine was followed by computers' decisions alone"
    taken_back = len(s.game.actions) - decisions
    calls: list[int] = []
    real = s.game.undo
    s.game.undo = lambda n=1: (calls.append(n), real(n))[1]  # type: ignore[method-assign]
    assert s.undo() is None
    assert calls == [taken_back]  # one engine undo for all the decisions taken back
    assert s.game.position() == before
    assert len(s.by) == decisions == len(s.game.actions)
    assert s.my_turn


def test_undo_is_refused_with_a_reason() -> None:
    s = Session.new(["Ann", "Brian"], ["human", "human"], seed=2)
    if s.handover is not None:
        s.reveal()
    assert s.undo() == "There is nothing to undo yet."
    first = s.game.to_play
    s.apply(s.game.legal_actions()[0])
    if s.screen != first:  # someone else decides next: only the one who decided may undo
        assert "only your own last decision" in s.undo()
    # Play on until a decision rolls dice (the end of the aid: spring's roll), then undo is too late.
    s2 = Session.new(["Ann", "Brian"], ["human", "normal"], seed=2)
    while s2.game.phase == 1:
        to_human(s2)
        s2.apply(s2.game.legal_actions()[0])
    to_human(s2)
    if s2.by and s2.by[-1] == 0 and not s2.game.can_undo():
        assert s2.undo().startswith("Too late to undo")
    assert first in (0, 1)


def test_hard_thinks_in_slices_and_sees_only_its_view() -> None:
    s = Session.new(["Ann", "Brian"], ["hard", "human"], seed=3, turn_order=[0, 1])
    while not (s.computer_to_play and s.game.decision() == "influence"):
        s.apply(s.game.legal_actions()[0])
    turn = s.bot_turn()
    assert turn.view.seat == turn.seat
    slices = 0
    while not turn.work(0.0005):
        slices += 1
        assert 0.0 <= turn.progress <= 1.0
    assert slices >= 1
    assert turn.action in s.game.legal_actions()


@pytest.mark.parametrize("kind", ["random", "easy", "normal"])
def test_every_level_plays_a_whole_game(kind: str) -> None:
    s = Session.new(["A", "B", "C"], [kind, kind, kind], seed=5)
    assert s.viewer is None  # nobody plays here: the whole game is shown
    to_human(s)
    assert s.game.is_over()
    assert len(s.by) == len(s.game.actions)


def test_app_data_round_trips_the_screen_and_the_hand_over() -> None:
    s = Session.new(["Ann", "Brian", "Cindy"], ["human", "human", "random"], seed=9)
    s.reveal()
    s.apply(s.game.legal_actions()[0])
    data = s.app_data()
    again = Session(kingsburg.load_game(s.game.to_json()), data)
    assert (again.screen, again.handover, again.by, again.kinds) == (s.screen, s.handover, s.by, s.kinds)


def test_damaged_app_data_falls_back_to_safe_values() -> None:
    game = kingsburg.new_game(["Ann", "Brian"], seed=1)
    game.apply(game.legal_actions()[0])
    s = Session(game, {"seats": [{"kind": "wizard"}, "x"], "by": [7, 8, 9], "screen": 9, "handover": "x"})
    assert s.kinds == ["human", "human"]
    assert s.by == [None]
    assert s.undo_problem() is not None  # who decided is unknown: nothing is taken back blindly
    assert isinstance(Action("pass"), Action)


def test_a_computer_moves_by_the_deadline_with_the_best_move_found() -> None:
    s = Session.new(["Ann", "Brian", "Cindy"], ["hard", "hard", "hard"], seed=5)
    while True:  # a decision with something to search
        turn = s.bot_turn()
        if turn.search is not None and not turn.search.done:
            break
        while not turn.work(1.0):
            pass
        s.apply(turn.action)
    s.thinking_deadline = None  # the whole playout budget, however busy the machine
    relaxed = s.bot_turn()
    while not relaxed.work(0.05):
        pass
    assert not relaxed.cut_short and relaxed.search.iterations == relaxed.bot.iterations

    s.thinking_deadline = 0.0
    hurried = s.bot_turn()
    assert hurried.work(0.05) and hurried.cut_short
    assert hurried.search.iterations == 0 and hurried.action == hurried.search.best()
    assert hurried.action in s.game.legal_actions()
