"""History and statistics of finished games: recorded once, shown on the start screen, never trusted, backed up."""

from __future__ import annotations

import json

import pytest
from app import history
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import play_to_end


def finish(storage: FakeStorage, seed: int, seats: str = "human,random") -> App:
    app = App(SaveStore(storage), f"?seats={seats}&seed={seed}&speed=fast")
    play_to_end(app)
    app.save_now()
    return app


def entry(i: str, ended: float, players: list[tuple[str, str, int]], winners: list[int]) -> dict:
    return {
        "id": i,
        "ended": ended,
        "players": [{"name": n, "kind": k, "vp": v} for n, k, v in players],
        "winners": winners,
    }


def test_two_finished_games_are_recorded_once_each_and_shown_on_the_start_screen() -> None:
    storage = FakeStorage()
    apps = [finish(storage, seed) for seed in (1, 2)]
    games = history.parse(storage.data[history.KEY])
    assert len(games) == 2 and len({g["id"] for g in games}) == 2
    for app, g in zip(apps, games, strict=True):
        assert [p["vp"] for p in g["players"]] == app.session.game.scores()
        assert g["winners"] == app.session.game.winners()
        assert [p["kind"] for p in g["players"]] == ["human", "random"]
    # Reloading the finished game (or a second tab saving it) records nothing new.
    again = App(SaveStore(storage))
    again.handle("continue", apps[0].session.save_id)
    again.dirty = True
    again.save_now()
    assert len(history.parse(storage.data[history.KEY])) == 2
    again.handle("home")
    html = again.views()["app"]
    won = sum(1 for app in apps if 0 in app.session.game.winners())
    assert "2</b> finished games" in html and f"Against Random: won <b>{won} of 2</b>" in html
    best = max(app.session.game.scores()[0] for app in apps)
    assert f"Best score <b>{best} VP</b>" in html


def test_statistics_count_wins_per_computer_level_and_the_best_score_of_a_person() -> None:
    games = [
        entry("a", 100, [("Ann", "human", 40), ("Bot", "normal", 30)], [0]),
        entry("b", 200, [("Ann", "human", 20), ("Bot", "normal", 30), ("Hal", "hard", 35)], [2]),
        entry("c", 300, [("Bo", "normal", 90), ("Hal", "hard", 35)], [0]),  # computers only: no win rate
        entry("d", 400, [("Ann", "human", 44), ("Cy", "human", 50)], [1]),
    ]
    st = history.stats(games)
    assert st.against == {"normal": (2, 1), "hard": (1, 0)}
    assert st.best == {"name": "Cy", "vp": 50, "ended": 400}
    assert [g["id"] for g in st.games] == ["d", "c", "b", "a"]  # newest first


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[1]",
        '{"version": 2, "games": []}',
        json.dumps({"version": 1, "games": [{"id": "x"}]}),
        json.dumps({"version": 1, "games": [entry("x", 1, [("Ann", "human", 1), ("B", "god", 2)], [0])]}),
        json.dumps({"version": 1, "games": [entry("x", 1, [("Ann", "human", 1), ("B", "easy", 2)], [5])]}),
        json.dumps({"version": 1, "games": [entry("x", float("nan"), [("A", "human", 1), ("B", "easy", 2)], [0])]}),
        "[" * 100_000,
    ],
)
def test_a_damaged_statistics_entry_is_reported_resettable_and_never_touches_the_saves(text: str) -> None:
    storage = FakeStorage()
    storage.data[history.KEY] = text
    app = finish(storage, 3)  # finishing a game leaves the damaged entry as it is
    assert storage.data[history.KEY] == text
    save_id = app.session.save_id
    app.handle("home")
    html = app.views()["app"]
    assert "The statistics on this device are damaged" in html and 'data-action="stats-reset"' in html
    assert save_id in html  # the saved game is listed as ever
    app.handle("stats-reset")
    assert history.parse(storage.data[history.KEY]) == [] and not app.notices[0][1]
    assert "stats-reset" not in app.views()["app"]


def test_statistics_travel_in_the_backup_and_are_not_counted_twice_on_import() -> None:
    source = FakeStorage()
    finish(source, 1)
    finish(source, 2)
    app = App(SaveStore(source))
    download = app.handle("export-all").download
    assert download is not None
    data = json.loads(download[1])
    assert data["statistics"] == source.data[history.KEY]

    target = FakeStorage()
    finish(target, 1)  # the same game, finished here too
    app = App(SaveStore(target))
    app.handle("import-text", json.dumps(data))
    assert "1 finished game added to the statistics" in app.notices[0][0]
    assert len(history.parse(target.data[history.KEY])) == 2
    app.handle("import-text", json.dumps(data))
    assert "statistics" not in app.notices[0][0]
    assert len(history.parse(target.data[history.KEY])) == 2

    data["statistics"] = "{damaged"
    app.handle("import-text", json.dumps(data))
    assert "statistics in the backup are damaged" in app.notices[0][0]
    assert len(history.parse(target.data[history.KEY])) == 2
