"""The page's lesson events (docs/lessons.md), mixed into ``App`` (controller.py): open a lesson (the tutorial,
an address, a file the page fetched), Next, Back, "Show me", a move, leaving to play on. What a step shows is in
lesson_view.py; whether a move is right is the engine's (``kingsburg.lesson.LessonSession``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import kingsburg
from kingsburg.lesson import TUTORIAL

from . import lesson_view
from .lesson_view import LessonBoard
from .session import Session, board_as

if TYPE_CHECKING:
    from .selection import Selection
    from .storage import SaveStore


class LessonControls:
    """Lesson events of ``App``; they use its session, store, selection and messages."""

    session: Session | None
    store: SaveStore
    sel: Selection
    notices: list[tuple[str, bool]]
    mode: str
    speed: str
    generation: int
    dirty: bool
    embed: bool

    if TYPE_CHECKING:  # App's own methods

        def _enter(self, session: Session) -> None: ...
        def _say(self, text: str, error: bool = False) -> None: ...

    def _lesson_move(self, board: LessonBoard, value: str) -> None:
        outcome = board.lesson.try_move(value)
        if outcome.ok:
            self._lesson_changed(board)
        else:
            self._say(outcome.message, error=True)

    def _lesson_changed(self, board: LessonBoard) -> None:
        board.sync()
        self.generation += 1
        self.sel.reset()
        self._say("")
        progress = lesson_view.write_progress(board)
        if progress is not None:
            self.store.set_note(lesson_view.PROGRESS_KEY, progress)

    def _enter_lesson(self, board: LessonBoard) -> None:
        self._enter(board)
        self._lesson_changed(board)

    def _board(self) -> LessonBoard | None:
        return board_as(self.session, LessonBoard)

    def _on_learn(self, value: str, seat: str) -> None:
        progress = lesson_view.read_progress(self.store.note(lesson_view.PROGRESS_KEY))
        name, path = progress if progress and value == "resume" else (TUTORIAL[0], [])
        self._on_lesson_open(name, "", path)

    def _on_lesson_open(self, value: str, seat: str, path: list[str] | None = None) -> None:
        if value not in TUTORIAL:
            return
        try:
            board = lesson_view.open_builtin(value, path)
        except kingsburg.KingsburgError as exc:  # a built-in lesson the engine no longer accepts
            self.notices.append((f"The lesson cannot be opened: {exc}", True))
            return
        self._enter_lesson(board)

    def _on_lesson_text(self, value: str, seat: str) -> None:
        try:
            board = lesson_view.open_text(value)
        except kingsburg.KingsburgError as exc:
            self.mode = "start"
            self.notices.append((f"The lesson cannot be opened: {exc}", True))
            return
        self._enter_lesson(board)

    def _on_lesson_error(self, value: str, seat: str) -> None:
        self.notices.append((value or "The lesson could not be fetched.", True))

    def _on_lesson_next(self, value: str, seat: str) -> None:
        board = self._board()
        if board is not None and board.lesson.can_next:
            board.lesson.next()
            self._lesson_changed(board)

    def _on_lesson_back(self, value: str, seat: str) -> None:
        board = self._board()
        if board is not None and board.lesson.can_back:
            board.lesson.back()
            self._lesson_changed(board)

    def _on_lesson_show(self, value: str, seat: str) -> None:
        board = self._board()
        if board is not None and board.lesson.expected:
            board.lesson.answer()

    def _on_lesson_leave(self, value: str, seat: str) -> None:
        board = self._board()
        if board is None:
            return
        game = board.lesson.leave()
        seats = [{"kind": "human"}] * len(game.players)
        # The reader was moving for everyone: the screen stays with whoever is to play, without a hand-over.
        session = Session(game, {"seats": seats, "speed": self.speed, "screen": game.to_play})
        self._enter(session)
        if self.embed:  # an embedded board keeps nothing (embed.py)
            self._say("You left the lesson: the game goes on from here.")
            return
        session.save_id = self.store.new_id()
        self.dirty = True
        self._say("You left the lesson: the game goes on from here, saved like any other.")

    def pointers(self) -> list[str]:
        """CSS selectors of the board parts the lesson's step points at (main.py marks them)."""
        return self.session.pointers() if self.session is not None and self.mode == "game" else []
