"""Issue 21: Continue pressed while the winter battle is being told shows the whole battle first (the next press
moves on), and the log behind the scene never tells an outcome the scene has not shown yet."""

from __future__ import annotations

import copy
import re
from types import SimpleNamespace

import pytest
from app import screens
from app.controller import App
from app.storage import SaveStore
from app.summary import YearSummary
from app.winter import Winter
from fake_storage import FakeStorage
from webhelpers import computer_move, rules_queries

from kingsburg import Event

# Every rules option: each changes the winter or leaves it as the edition tells it (web/app/winter.py: the second
# edition rolls the King's die first, the valley's card, the soldier tokens, the Military, the Capital's cap).
RULES = rules_queries()


def to_battle(query: str) -> App:
    """A person and a computer play until the first winter battle opens, at a speed that tells it in stages."""
    app = App(SaveStore(FakeStorage()), f"?seats=human,normal&seed=5&speed=normal&{query}")
    s = app.session
    for _ in range(500):
        if app.game_screen.scenes:
            assert isinstance(app.game_screen.scenes[0], Winter)  # the first scene of a game is its first battle
            return app
        if app.computer_due():
            computer_move(app)
        elif s.handover is not None:
            app.handle("reveal")
        else:
            app.handle("act", str(s.game.legal_actions()[0]))
    raise AssertionError("no battle came")


def stage_of(w: Winter, e: Event) -> int:
    """The stage of the scene that tells what the battle's log line ``e`` tells (the last: anything after)."""
    seats = [f.seat for f in w.fights]
    if e.kind in ("enemy", "valley", "goblins"):
        return w.reveal_stage
    if e.kind in ("king", "tokens", "capital"):
        return w.roll_stage
    if e.kind in ("fight", "spoils", "loss", "destroyed") and e.seat in seats:
        return 3 + seats.index(e.seat)
    if e.kind == "vp" and e.seat in seats and not e.data.get("bonus"):
        return 3 + seats.index(e.seat)
    return w.last


def line(app: App, e: Event) -> str:
    """The log item the page draws for the line ``e`` (the same renderer, given that line alone)."""
    s = app.session
    return screens.log_items(SimpleNamespace(events=[e], rules=s.game.rules), s.names)[-1]  # type: ignore[arg-type]


def untold_in_log(app: App, w: Winter) -> list[str]:
    """Log items of the app that tell a line of the battle (or after it) that the scene has not shown."""
    events = app.session.view().events
    start = next(
        i for i, e in enumerate(events) if e.year == w.year and e.phase == 8 and e.kind in ("enemy", "king", "tokens")
    )
    shown = [line(app, e) for e in events[:start]] + [line(app, e) for e in events[start:] if stage_of(w, e) <= w.step]
    items = app.log_items()
    return [
        line(app, e)
        for e in events[start:]
        if stage_of(w, e) > w.step and items.count(line(app, e)) > shown.count(line(app, e))
    ]


@pytest.mark.parametrize("query", [q for _, q in RULES], ids=[n for n, _ in RULES])
def test_continue_mid_battle_shows_it_whole_then_moves_on(query: str) -> None:
    start = to_battle(query)
    w = start.game_screen.scenes[0]
    assert isinstance(w, Winter) and w.step == 0 and w.last == 3 + len(w.fights)
    for k in range(w.last):
        app = copy.deepcopy(start)
        battle = app.game_screen.scenes[0]
        assert isinstance(battle, Winter)
        for _ in range(k):
            assert app.scene_step()  # the page's pacing
        assert battle.step == k and not battle.complete
        assert untold_in_log(app, battle) == [], f"stage {k}"
        app.handle("scene-next")
        assert app.game_screen.scenes[0] is battle and battle.complete and app.markers()["scene"] == "winter", (
            f"stage {k}"
        )
        overlay = app.views()["overlay"]
        assert f'data-step="{battle.last}" data-complete="1"' in overlay
        assert len(re.findall(r'<li class="w-fight [^"]* shown o-', overlay)) == len(battle.fights)
        assert untold_in_log(app, battle) == []
        app.handle("scene-next")
        assert isinstance(app.game_screen.scenes[0], YearSummary) and app.markers()["scene"] == "year", f"stage {k}"
    # Paced to the end, the log holds every line of the battle: the whole log of the view.
    app = copy.deepcopy(start)
    while app.scene_step():
        assert untold_in_log(app, app.game_screen.scenes[0]) == []
    assert app.log_items() == screens.log_items(app.session.view(), app.session.names)
