"""The replay screen (controller.py's ``App.replay_screen``): open a replay (from the saved-games list or the end
screen), step, jump to a log line's moment, play on from there as a new game, close. What a replay shows is the
board's (replay_view.py ``ReplayBoard``); the positions are the engine's (``kingsburg.Replay``). A replay never
writes the game it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import kingsburg
from kingsburg.i18n import _

from . import replay_view
from .replay_view import ReplayBoard
from .session import board_as
from .storage import StoreError

if TYPE_CHECKING:
    from .controller import App


class ReplayScreen:
    """A replay's events; they act on the board on screen when it is a replay's."""

    def __init__(self, app: App) -> None:
        self.app = app

    def _replaying(self) -> ReplayBoard | None:
        return board_as(self.app.session, ReplayBoard)

    def on_replay(self, value: str, seat: str) -> None:
        """Replay a saved game (the saved-games list); the stored entry is only read."""
        try:
            game, app = self.app.store.load(value)
            board = ReplayBoard(kingsburg.Replay(game), app)
        except (StoreError, kingsburg.KingsburgError) as exc:
            self.app.notices.append((_("This game cannot be replayed: {error}").format(error=exc), True))
            return
        self.app.enter(board)

    def on_replay_current(self, value: str, seat: str) -> None:
        """Replay the game on screen (the end screen): it is saved first, and shown again when the replay closes."""
        s = self.app.session
        if s is None or self._replaying() is not None:
            return
        self.app.save_now()
        self.app.enter(ReplayBoard(kingsburg.Replay(s.game), s.app_data(), back=s))

    def on_replay_step(self, value: str, seat: str) -> bool:
        board = self._replaying()
        target = board.move(value) if board is not None else None
        if board is None or target is None or target == board.step:
            return False
        board.go(target)
        return True

    def on_replay_to(self, value: str, seat: str) -> bool:
        board = self._replaying()
        if board is None or not value.isdigit() or int(value) > board.replay.last:
            return False
        board.go(int(value))
        return True

    def on_replay_play_on(self, value: str, seat: str) -> None:
        board = self._replaying()
        if board is None or board.game.is_over():
            return
        session = board.play_on()
        session.save_id = self.app.store.new_id()
        self.app.enter(session)
        self.app.dirty = True
        self.app.say(f"A new game from decision {board.step} of the replay: the game replayed is kept as it was.")

    def on_replay_close(self, value: str, seat: str) -> None:
        board = self._replaying()
        if board is None:
            return
        if board.back is not None:
            self.app.enter(board.back)
        else:
            self.app.home()

    def key(self, key: str, shift: bool) -> bool:
        """A key pressed during a replay (web/page.py): True when it stepped (the screen must change)."""
        how = replay_view.key_step(key, shift)
        covered = self.app.rules_open or self.app.share_dialog.sharing  # a dialog over the replay takes the keys
        return (
            how is not None
            and not covered
            and self._replaying() is not None
            and self.app.handle("replay-step", how).redraw
        )
