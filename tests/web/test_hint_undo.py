"""The hint belongs to the decision it was asked at: after Undo its outline is gone, even where the same decision
comes back (issue 21, fault 10: the outline stayed)."""

from __future__ import annotations

from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import click, run_computers


def test_undo_takes_the_hints_outline_away() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=human,normal&seed=5&speed=instant")
    game = app.session.game
    for _ in range(40):  # to a placement whose undo comes back to it (no dice rolled in between)
        run_computers(app)
        at = (len(game.actions), game.to_play)
        assert app.handle("hint").redraw and app.game_screen.hint is not None
        views = app.views()
        assert any("hinted" in views[part] for part in ("panel", "court", "sheets"))  # the outline, before
        click(app, app.game_screen.hint.action)
        run_computers(app)
        if game.decision() == "influence" and app.session.undo_problem() is None:
            app.handle("undo")
            if (len(game.actions), game.to_play) == at:  # the same decision again
                break
    else:
        raise AssertionError("no decision came back after an undo")
    views = app.views()
    assert not any("hinted" in views[part] for part in ("panel", "court", "sheets")), "the hint outlived undo"
    assert app.game_screen.hint is None
