"""The lesson screen (controller.py's ``App.lesson_screen``, docs/lessons.md): open a lesson (the tutorial, an
address, a file the page fetched), Next, Back, "Show me", a move, leaving to play on. What a step shows is the
board's (lesson_view.py ``LessonBoard``); whether a move is right is the engine's
(``kingsburg.lesson.LessonSession``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import kingsburg
from kingsburg.lesson import TUTORIAL

from . import lesson_view
from .lesson_view import LessonBoard
from .session import Session, board_as

if TYPE_CHECKING:
    from .controller import App


class LessonScreen:
    """A lesson's events; they act on the board on screen when it is a lesson's."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.open_at: int | None = None  # the step the next lesson opened opens at (the address's step=)

    def move(self, board: LessonBoard, value: str) -> None:
        outcome = board.lesson.try_move(value)
        if outcome.ok:
            self.changed(board)
        else:
            self.app.say(outcome.message, error=True)

    def changed(self, board: LessonBoard) -> None:
        board.sync()
        self.app.generation += 1
        self.app.game_screen.sel.reset()
        self.app.say("")
        progress = lesson_view.write_progress(board)
        if progress is not None:
            self.app.store.set_note(lesson_view.PROGRESS_KEY, progress)

    def enter(self, board: LessonBoard) -> None:
        self.app.enter(board)
        self.changed(board)

    def _board(self) -> LessonBoard | None:
        return board_as(self.app.session, LessonBoard)

    def on_learn(self, value: str, seat: str) -> None:
        progress = lesson_view.read_progress(self.app.store.note(lesson_view.PROGRESS_KEY))
        name, path = progress if progress and value == "resume" else (TUTORIAL[0], [])
        self.on_lesson_open(name, "", path)

    def on_lesson_open(self, value: str, seat: str, path: list[str] | None = None) -> None:
        if value not in TUTORIAL:
            return
        try:
            board = lesson_view.open_builtin(value, path)
        except kingsburg.KingsburgError as exc:  # a built-in lesson the engine no longer accepts
            self.app.notices.append((f"The lesson cannot be opened: {exc}", True))
            return
        self.enter(self._at_step(board))

    def on_lesson_text(self, value: str, seat: str) -> None:
        try:
            board = lesson_view.open_text(value)
        except kingsburg.KingsburgError as exc:
            self.app.mode = "start"
            self.app.notices.append((f"The lesson cannot be opened: {exc}", True))
            return
        self.enter(self._at_step(board))

    def _at_step(self, board: LessonBoard) -> LessonBoard:
        """The board at the step asked for once (the address's ``step=``), else as opened. A step the lesson
        lacks is said, and the lesson opens at its first."""
        number, self.open_at = self.open_at, None
        if number is None:
            return board
        try:
            return lesson_view.at_step(board, number)
        except kingsburg.KingsburgError as exc:
            self.app.notices.append((f"The lesson opens at its first step: {exc}.", True))
            return board

    def on_lesson_error(self, value: str, seat: str) -> None:
        self.app.notices.append((value or "The lesson could not be fetched.", True))

    def on_lesson_next(self, value: str, seat: str) -> None:
        board = self._board()
        if board is not None and board.lesson.can_next:
            board.lesson.next()
            self.changed(board)

    def on_lesson_back(self, value: str, seat: str) -> None:
        board = self._board()
        if board is not None and board.lesson.can_back:
            board.lesson.back()
            self.changed(board)

    def on_lesson_show(self, value: str, seat: str) -> None:
        board = self._board()
        if board is not None and board.lesson.expected:
            board.lesson.answer()

    def on_lesson_leave(self, value: str, seat: str) -> None:
        board = self._board()
        if board is None:
            return
        game = board.lesson.leave()
        seats = [{"kind": "human"}] * len(game.players)
        # The reader was moving for everyone: the screen stays with whoever is to play, without a hand-over.
        session = Session(game, {"seats": seats, "speed": self.app.speed, "screen": game.to_play})
        self.app.enter(session)
        if self.app.embed:  # an embedded board keeps nothing (embed.py)
            self.app.say("You left the lesson: the game goes on from here.")
            return
        session.save_id = self.app.store.new_id()
        self.app.dirty = True
        self.app.say("You left the lesson: the game goes on from here, saved like any other.")
