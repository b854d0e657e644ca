"""The lesson screen (controller.py's ``App.lesson_screen``, docs/lessons.md): open a lesson (the tutorial, an
address, a file the page fetched, a lesson of a collection), Next, Back, "Show me", a move, leaving to play on, and
the list of a collection's lessons. What a step shows is the board's (lesson_view.py ``LessonBoard``); whether a
move is right is the engine's (``kingsburg.lesson.LessonSession``); the reader's progress is progress.py's.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import kingsburg
from kingsburg.collection import Chapter, Collection, builtin_collection, load_collection
from kingsburg.i18n import _
from kingsburg.lesson import TUTORIAL

from . import lesson_list, lesson_view, progress
from .lesson_view import LessonBoard
from .markup import Markup
from .progress import Progress, Shelf
from .session import AppData, Session, board_as

if TYPE_CHECKING:
    from .controller import App


class LessonScreen:
    """A lesson's events; they act on the board on screen when it is a lesson's."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.open_at: int | None = None  # the step the next lesson opened opens at (the address's step=)
        self.open_chapter: str | None = None  # the lesson the next collection opened opens at (the address's lesson=)
        self.listing = False  # the list of a collection's lessons is open

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
        if board.collection is not None and board.chapter is not None:
            shelf, key = self.shelf(), board.collection.key
            now = shelf.get(key, Progress()).after(board.chapter.key, board.lesson.path, board.lesson.finished)
            self.app.store.set_note(progress.KEY, progress.write(shelf, key, now))

    def shelf(self) -> Shelf:
        """The reader's progress in every collection, as stored."""
        return progress.read(self.app.store.note(progress.KEY))

    def enter(self, board: LessonBoard) -> None:
        self.app.enter(board)
        self.changed(board)

    def _board(self) -> LessonBoard | None:
        return board_as(self.app.session, LessonBoard)

    def on_learn(self, value: str, seat: str) -> None:
        """The tutorial: where the reader is in it ("resume"), else from its first lesson."""
        tutorial = builtin_collection()
        had = self.shelf().get(tutorial.key)
        chapter = lesson_list.placed(tutorial, had) if value == "resume" else None
        if chapter is None or had is None or had.place is None:
            self.open(tutorial, tutorial.chapters[0], [])
        else:
            self.open(tutorial, chapter, list(had.place.path))

    def on_lesson_open(self, value: str, seat: str) -> None:
        """A built-in lesson by name (the address's ``lesson=NAME``), as a lesson of the tutorial."""
        if value in TUTORIAL:
            tutorial = builtin_collection()
            self.open(tutorial, tutorial.chapter(value), [])

    def open(self, collection: Collection, chapter: Chapter, path: list[str] | None = None) -> None:
        """A lesson of a collection, resumed along ``path``; by default where the reader left it, or from its start
        once it was finished there."""
        resumed = path is None
        if path is None:
            had = self.shelf().get(collection.key)
            place = had.place if had else None
            path = list(place.path) if place and place.lesson == chapter.key else []
        try:
            board = lesson_view.open_chapter(collection, chapter, path)
            if resumed and board.lesson.finished:
                board = lesson_view.open_chapter(collection, chapter)
        except kingsburg.KingsburgError as exc:  # a built-in lesson the engine no longer accepts
            self.app.notices.append((_("The lesson cannot be opened: {error}").format(error=exc), True))
            return
        self.enter(self._at_step(board))

    def on_collection_text(self, value: str, seat: str) -> None:
        """A collection from the address (fetched or written in it)."""
        try:
            collection = load_collection(value)
        except kingsburg.KingsburgError as exc:
            self.app.notices.append((_("The collection cannot be opened: {error}").format(error=exc), True))
            return
        self.open_collection(collection)

    def open_collection(self, collection: Collection) -> None:
        """A collection at the lesson the address asks for once (``lesson=``), else at its first, from its start. A
        lesson it lacks is said, and the first opens."""
        ref, self.open_chapter = self.open_chapter, None
        chapter = collection.chapters[0]
        if ref is not None:
            try:
                chapter = collection.chapter(ref)
            except kingsburg.KingsburgError as exc:
                self.app.notices.append(
                    (_("The collection opens at its first lesson: {error}.").format(error=exc), True)
                )
        self.open(collection, chapter, [])

    # --- The list of a collection's lessons ------------------------------------------------------------

    def listed(self) -> tuple[Collection, Chapter | None]:
        """The collection the list shows (the lesson board's, else the tutorial) and its current lesson (the one on
        the board, else where the reader is)."""
        board = self._board() if self.app.mode == "game" else None
        if board is not None and board.collection is not None:
            return board.collection, board.chapter
        tutorial = builtin_collection()
        return tutorial, lesson_list.placed(tutorial, self.shelf().get(tutorial.key))

    def list_dialog(self) -> Markup:
        collection, current = self.listed()
        return lesson_list.dialog(collection, self.shelf().get(collection.key), current)

    def on_lesson_list(self, value: str, seat: str) -> None:
        self.listing = True

    def on_lesson_list_close(self, value: str, seat: str) -> None:
        self.listing = False

    def close_list(self) -> bool:
        """Close the list if it is open (Escape); whether it was."""
        was, self.listing = self.listing, False
        return was

    def on_lesson_chapter(self, value: str, seat: str) -> bool:
        """A lesson of the list (or the next one, at a lesson's end), by its number in the collection."""
        collection, _ = self.listed()
        try:
            chapter = collection.chapter(value)
        except kingsburg.KingsburgError:  # not a lesson of the list on screen (a stale click): nothing changes
            return False
        self.listing = False
        self.open(collection, chapter)
        return True

    def on_lesson_text(self, value: str, seat: str) -> None:
        try:
            board = lesson_view.open_text(value)
        except kingsburg.KingsburgError as exc:
            self.app.mode = "start"
            self.app.notices.append((_("The lesson cannot be opened: {error}").format(error=exc), True))
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
            self.app.notices.append((_("The lesson opens at its first step: {error}.").format(error=exc), True))
            return board

    def on_lesson_error(self, value: str, seat: str) -> None:
        self.app.notices.append((value or _("The lesson could not be fetched."), True))

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
        # The seats the lesson says play on (a puzzle's computers), else people at every seat.
        kinds = list(board.lesson.lesson.then) or ["human"] * len(game.players)
        now = game.to_play
        # The reader was moving for everyone: the screen stays with whoever is to play if a person is, without a
        # hand-over (else the Session shows its person's).
        app: AppData = {
            "seats": [{"name": n, "kind": k} for n, k in zip(game.players, kinds, strict=True)],
            "speed": self.app.speed,
            "screen": now if now is not None and kinds[now] == "human" else None,
            "bot_seed": random.randrange(1 << 31),  # the computers' own chance, as a new game's
        }
        session = Session(game, app)
        self.app.enter(session)
        if self.app.embed:  # an embedded board keeps nothing (embed.py)
            self.app.say(_("You left the lesson: the game goes on from here."))
            return
        session.save_id = self.app.store.new_id()
        self.app.dirty = True
        self.app.say(_("You left the lesson: the game goes on from here, saved like any other."))
