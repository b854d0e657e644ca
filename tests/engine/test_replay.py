"""Replay: every position of a game by decision, season and year, the log lines of each step, views per seat."""

from __future__ import annotations

import json
import random

import pytest

import kingsburg
from kingsburg.replay import Replay


def random_game(seed: int, stop: int | None = None, names: tuple[str, ...] = ("Ann", "Brian", "Cindy")):
    game = kingsburg.new_game(list(names), seed=seed)
    pick = random.Random(seed)
    while not game.is_over() and (stop is None or len(game.actions) < stop):
        game.apply(pick.choice(game.legal_actions()))
    return game


@pytest.fixture(scope="module")
def finished() -> kingsburg.Game:
    return random_game(0)


def test_every_step_is_the_game_after_that_many_decisions(finished):
    replay = Replay(finished)
    assert replay.last == len(finished.actions) == len(replay) - 1
    rebuilt = kingsburg.new_game(finished.players, seed=0)
    for k in range(0, replay.last + 1, 7):
        while len(rebuilt.actions) < k:
            rebuilt.apply(finished.actions[len(rebuilt.actions)])
        at = replay.game(k)
        assert at.position() == rebuilt.position()
        assert at.actions == finished.actions[:k]
        assert at.events == rebuilt.events
    assert replay.game(replay.last).to_json() == finished.to_json()


def test_a_step_is_an_independent_game_that_plays_on(finished):
    replay = Replay(finished)
    before = finished.to_json()
    game = replay.game(40)
    game.apply(game.legal_actions()[-1])
    assert replay.game(40).actions == finished.actions[:40]  # the replay keeps its copy
    assert finished.to_json() == before
    saved = kingsburg.load_game(game.to_json())  # a new game's save: the 40 decisions and the new one
    assert saved.actions == finished.actions[:40] + game.actions[40:]


def test_steps_name_the_decision_its_seat_and_its_log_lines(finished):
    replay = Replay(finished)
    events = replay.events
    assert replay.steps[0].action is None and replay.steps[0].seat is None
    covered = []
    for step in replay.steps:
        covered.extend(step.events)
        if step.index:
            assert step.action == finished.actions[step.index - 1]
            assert step.seat == replay.game(step.index - 1).to_play
        for e in step.events:
            assert replay.step_of_event(e) == step.index
    assert covered == list(range(len(events)))  # every line belongs to exactly one step, in order
    assert [e.text for e in events] == [e.text for e in finished.events]


def test_seasons_and_years_begin_where_the_calendar_moves(finished):
    replay = Replay(finished)
    steps = replay.steps
    for k in range(1, len(steps)):
        moved = (steps[k].year, steps[k].phase) != (steps[k - 1].year, steps[k - 1].phase)
        assert (k in replay.season_starts) == moved
    assert [steps[k].year for k in replay.year_starts] == [1, 2, 3, 4, 5]
    assert set(replay.year_starts) <= set(replay.season_starts)
    # Forward by season from the start visits every season start, then the end; back again the same way.
    k, seen = 0, [0]
    while k != replay.last:
        k = replay.next_season(k)
        seen.append(k)
    assert seen == sorted({*replay.season_starts, replay.last})
    assert replay.season_starts[-1] == replay.last  # the end (phase 0) is a moment of its own
    mid = replay.season_starts[3] + 1
    assert replay.previous_season(mid) == replay.season_starts[3]  # back to the start of this season first
    assert replay.previous_season(replay.season_starts[3]) == replay.season_starts[2]
    assert replay.previous_year(replay.year_starts[2] + 1) == replay.year_starts[2]
    assert replay.next_year(replay.year_starts[4]) == replay.last
    assert replay.previous_year(0) == 0 and replay.previous_season(0) == 0


def test_a_save_replays_like_its_game_and_is_left_unchanged():
    game = random_game(5, stop=60)
    text = game.to_json()
    data = json.loads(text)
    for source in (text, text.encode(), data):
        replay = Replay(source)
        assert replay.game(replay.last).position() == game.position()
    assert json.loads(text) == data  # the dict handed in is read, never changed


def test_a_position_save_has_one_step():
    position = random_game(2, stop=10).position()
    replay = Replay(position)
    assert replay.last == 0 and replay.season_starts == (0,) and replay.year_starts == (0,)


def test_bad_sources_and_steps_are_refused_precisely(finished):
    with pytest.raises(kingsburg.HiddenInformation, match="per-seat view"):
        Replay(finished.view(0))
    with pytest.raises(kingsburg.KingsburgError, match="not list"):
        Replay([1, 2])  # type: ignore[arg-type]
    tampered = json.loads(finished.to_json())
    tampered["actions"][3] = "pass"
    with pytest.raises(kingsburg.InvalidSave):
        Replay(tampered)
    replay = Replay(finished)
    for bad in (-1, replay.last + 1, True, "3", 2.0):
        with pytest.raises(kingsburg.KingsburgError, match="no step"):
            replay.game(bad)  # type: ignore[arg-type]
    with pytest.raises(kingsburg.KingsburgError, match="no log line"):
        replay.step_of_event(len(replay.events))


def test_views_keep_each_seats_secret():
    game = random_game(0, stop=132)  # seat 1 has just looked at this year's enemy card (a secret line)
    replay = Replay(game)
    k = replay.last
    card = game.state.deck[game.year - 1]
    assert game.state.players[1].looked and not game.enemy_revealed()
    assert replay.view(k, 1).known_enemy() == card
    assert replay.view(k, 0).known_enemy() is None
    table = replay.view(k, None)
    assert table.known_enemy() is None and card not in json.dumps(table.position()["enemies"][game.year - 1 :])
    assert all(e.secret is None for e in table.events)
    assert any(e.secret == 1 for e in replay.view(k, 1).events)
    assert not any(e.secret == 1 for e in replay.view(k, 0).events)
    assert replay.view(k, 1).position() == game.view(1).position()


def test_a_game_started_from_a_position_replays_from_that_position():
    start = random_game(6, stop=25).position()
    game = kingsburg.load_game(start)
    pick = random.Random(6)
    for _ in range(30):
        game.apply(pick.choice(game.legal_actions()))
    replay = Replay(game)
    assert replay.last == 30
    assert replay.game(0).position() == kingsburg.load_game(start).position()
    assert replay.game(30).to_json() == game.to_json()


def test_a_second_edition_game_replays_with_its_rules():
    game = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=9, rules=kingsburg.Rules(edition=2))
    pick = random.Random(9)
    while not game.is_over():
        game.apply(pick.choice(game.legal_actions()))
    replay = Replay(game.to_json())
    assert replay.game(replay.last).to_json() == game.to_json()
    assert replay.game(0).position() == kingsburg.new_game(game.players, 9, kingsburg.Rules(edition=2)).position()
