"""The page's replay events, mixed into ``App`` (controller.py): open a replay (from the saved-games list or the end
screen), step, jump to a log line's moment, play on from there as a new game, close. What a replay shows is in
replay_view.py; the positions are the engine's (``kingsburg.Replay``). A replay never writes the game it shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import kingsburg

from . import replay_view
from .replay_view import ReplayBoard
from .session import Session, board_as
from .storage import SaveStore, StoreError

if TYPE_CHECKING:
    from .update import Update


class ReplayControls:
    """Replay events of ``App``; they use its session, store and messages."""

    session: Session | None
    store: SaveStore
    notices: list[tuple[str, bool]]
    mode: str
    dirty: bool
    rules_open: bool
    sharing: bool

    if TYPE_CHECKING:  # App's own methods

        def _enter(self, session: Session) -> None: ...
        def _say(self, text: str, error: bool = False) -> None: ...
        def _home(self) -> None: ...
        def save_now(self) -> bool: ...
        def handle(self, action: str, value: str = "", seat: str = "") -> Update: ...

    def _replaying(self) -> ReplayBoard | None:
        return board_as(self.session, ReplayBoard)

    def _on_replay(self, value: str, seat: str) -> None:
        """Replay a saved game (the saved-games list); the stored entry is only read."""
        try:
            game, app = self.store.load(value)
            board = ReplayBoard(kingsburg.Replay(game), app)
        except (StoreError, kingsburg.KingsburgError) as exc:
            self.notices.append((f"This game cannot be replayed: {exc}", True))
            return
        self._enter(board)

    def _on_replay_current(self, value: str, seat: str) -> None:
        """Replay the game on screen (the end screen): it is saved first, and shown again when the replay closes."""
        s = self.session
        if s is None or self._replaying() is not None:
            return
        self.save_now()
        self._enter(ReplayBoard(kingsburg.Replay(s.game), s.app_data(), back=s))

    def _on_replay_step(self, value: str, seat: str) -> bool:
        board = self._replaying()
        target = board.move(value) if board is not None else None
        if board is None or target is None or target == board.step:
            return False
        board.go(target)
        return True

    def _on_replay_to(self, value: str, seat: str) -> bool:
        board = self._replaying()
        if board is None or not value.isdigit() or int(value) > board.replay.last:
            return False
        board.go(int(value))
        return True

    def _on_replay_play_on(self, value: str, seat: str) -> None:
        board = self._replaying()
        if board is None or board.game.is_over():
            return
        session = board.play_on()
        session.save_id = self.store.new_id()
        self._enter(session)
        self.dirty = True
        self._say(f"A new game from decision {board.step} of the replay: the game replayed is kept as it was.")

    def _on_replay_close(self, value: str, seat: str) -> None:
        board = self._replaying()
        if board is None:
            return
        if board.back is not None:
            self._enter(board.back)
        else:
            self._home()

    def replay_key(self, key: str, shift: bool) -> bool:
        """A key pressed during a replay (web/page.py): True when it stepped (the screen must change)."""
        how = replay_view.key_step(key, shift)
        covered = self.rules_open or self.sharing  # a dialog over the replay takes the keys
        return (
            how is not None and not covered and self._replaying() is not None and self.handle("replay-step", how).redraw
        )
