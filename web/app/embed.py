"""An embedded board (``?embed=1``, docs/embedding.md): the board alone in an <iframe>, and what the page around
it may do to it through the host API (the messages are host.py's; these are the changes they make).

An embed never touches the player's own games on this origin: it keeps whatever it plays, the tutorial's
progress and the sound switch in a store of its own in memory (``embed_store``), so it lists no saved game,
continues none and overwrites none; reloading it shows its address's position or lesson again. A tutorial
reader who wants to keep a game opens the site itself.

A refusal (``Refused``) is English, whatever language the board shows: it is the host page's developer's, who
reads it in the console, finds it in docs/embedding.md and searches for it, and it is the same for every board;
a program tells refusals apart by their ``code``. So the engine is asked under ``source_language`` where its
refusal becomes one. The board says a refusal to its own reader in its language around the English reason
(``problem``); a lesson's wrong move is refused with its hint, the lesson's own words in the language shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import kingsburg
from kingsburg.collection import load_collection
from kingsburg.i18n import _, source_language

from . import lesson_view
from .icons import icon
from .lesson_view import LessonBoard
from .markup import Markup, fill, html, join
from .session import Session, board_as
from .storage import SaveStore, StoreError, open_text

if TYPE_CHECKING:
    from .controller import App


class Refused(Exception):
    """What the host asked cannot be done now (nothing was changed); the message says why."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


def embed_store() -> SaveStore:
    """A store in memory, never the browser's: an embed reads and writes nothing of the player's own games."""
    store = SaveStore(None)
    store.warning = None  # nothing is meant to be kept: no warning that nothing is
    return store


def waiting_screen(notices: list[tuple[str, bool]]) -> Markup:
    """An embedded board with nothing to show yet (or whose position or lesson did not load)."""
    said = join(html('<p class="msg{}" role="alert">{}</p>', " err" if err else "", t) for t, err in notices)
    return html(
        '<div class="embed-wait"><section class="card" aria-labelledby="wait-title">'
        '<h1 id="wait-title">Kingsburg</h1>'
        "{}<p>{}</p></section></div>",
        said,
        fill(
            _(
                "This board shows the position or lesson given in its address (<code>?position=</code>, "
                "<code>?lesson=</code>, <code>?collection=</code>) or sent by the page around it."
            )
        ),
    )


def own_tab_link(url: str, primary: bool = False) -> Markup:
    """A link that opens this address in a tab of its own (a new top-level page, which keeps the saved games)."""
    return html(
        '<a class="button-link {}" href="{}" target="_blank" rel="noopener" data-own-tab '
        'title="{}">{}'
        '<span>{}</span><span class="sr"> {}</span></a>',
        "primary big" if primary else "tool",
        url,
        fill(_("Open Kingsburg in its own tab, with your saved games")),
        Markup() if primary else icon("open"),
        fill(_("Open Kingsburg in its own tab")),
        fill(_("(opens a new tab)")),
    )


def framed_screen(notices: list[tuple[str, bool]], own_tab: str) -> Markup:
    """The player's own page inside another site's frame, with no position or lesson to show (docs/hosting.md)."""
    said = join(html('<p class="msg{}" role="alert">{}</p>', " err" if err else "", t) for t, err in notices)
    return html(
        '<div class="embed-wait framed"><section class="card" aria-labelledby="wait-title">'
        '<h1 id="wait-title">Kingsburg</h1>'
        "{}<p>{}</p>"
        '<div class="end-actions">{}</div></section></div>',
        said,
        fill(
            _(
                "This page is shown inside another site. Your saved games open only in Kingsburg's own tab, where "
                "no other site can see or steer them."
            )
        ),
        own_tab_link(own_tab, primary=True),
    )


class EmbedScreen:
    """The host API's changes to an embedded board (controller.py's ``App.embed_screen``; host.py reads and
    answers the messages): each either changes the board or raises Refused having changed nothing."""

    def __init__(self, app: App) -> None:
        self.app = app

    def problem(self, text: str) -> None:
        """A refused message is said in the board too (the host's developer may be looking at the board)."""
        self._say_anywhere(_("The page around this board sent a message that was refused: {why}").format(why=text))

    def stranger(self, why: str) -> None:
        """A message meant for a board came from another window than the parent (or another origin than host=)."""
        said = (
            _("A message from another origin than the page's host was ignored: this board listens to its page only.")
            if why == "origin"
            else _(
                "A message from another window than the page around it was ignored: this board listens to its page "
                "only."
            )
        )
        self._say_anywhere(said)

    def _say_anywhere(self, text: str) -> None:
        if self.app.mode == "game" and self.app.session is not None:
            self.app.say(text, error=True)
        else:
            self.app.notices = [(text, True)]

    def position(self, text: str, play: bool, seats: list[str] | None) -> None:
        try:
            with source_language():
                game, _ = open_text(text, "The position cannot be shown")
        except StoreError as exc:
            raise Refused(str(exc)) from None
        n = len(game.players)
        if seats is not None and len(seats) != n:
            raise Refused(f'"seats" gives {len(seats)} seats for a position of {n} players.', "bad-field")
        kinds = seats if seats is not None else ["human"] * n
        self.app.notices = []
        self.app.enter(
            Session(game, {"seats": [{"kind": k} for k in kinds], "speed": self.app.speed}, readonly=not play)
        )

    def lesson(self, text: str | None, name: str | None, step: int = 1) -> None:
        def board() -> LessonBoard:
            return lesson_view.open_text(text) if text is not None else lesson_view.open_builtin(str(name))

        self._open_lesson(board, step, "The lesson")

    def collection(self, text: str, lesson: str, step: int = 1) -> None:
        """A collection at its ``lesson`` (a number or a built-in lesson's name) and ``step``."""

        def board() -> LessonBoard:
            collection = load_collection(text)
            return lesson_view.open_chapter(collection, collection.chapter(lesson))

        self._open_lesson(board, step, "The collection")

    def _open_lesson(self, make: Callable[[], LessonBoard], step: int, what: str) -> None:
        """Open the board ``make`` reads at ``step``; refused, changing nothing, when either cannot be."""
        try:
            with source_language():  # a lesson keeps no words of a language: it shows its texts in the one shown
                board = make()
                if step != 1:
                    board = lesson_view.at_step(board, step)
        except kingsburg.KingsburgError as exc:
            raise Refused(f"{what} cannot be opened: {exc}") from None
        self.app.notices = []
        self.app.lesson_screen.enter(board)

    def _game_session(self) -> Session:
        if self.app.mode != "game" or self.app.session is None:
            raise Refused("There is no game on the board yet: send a position or a lesson first.", "no-board")
        return self.app.session

    def action(self, text: str) -> None:
        """A decision for whoever is to play (the host may play a read-only board; a computer plays its own)."""
        s = self._game_session()
        seat = s.game.to_play
        if seat is None:
            raise Refused("The game is over: there is no decision to make.")
        lesson = board_as(s, LessonBoard)
        if lesson is not None:
            with source_language():
                outcome = lesson.lesson.try_move(text)
            if not outcome.ok:
                # A wrong move's hint is the lesson's words: in the language the board shows, as on its panel.
                said = lesson.lesson.hint if lesson.lesson.is_hint(outcome.message) else outcome.message
                raise Refused(lesson_view.plain(said), "illegal")  # the host shows plain text
            self.app.lesson_screen.changed(lesson)
            return
        if not s.is_human(seat) and not s.readonly:
            raise Refused(f"{s.names[seat]} is a computer player and makes its own decisions.")
        try:
            with source_language():
                action = s.game.parse(text)
        except kingsburg.KingsburgError as exc:
            raise Refused(f"That is not possible: {exc}.", "illegal") from None
        self.app.game_screen.apply(action)

    def undo(self) -> None:
        """Take back the last decision, whoever made it (refused across dice rolled or a card seen)."""
        s = self._game_session()
        if s.lesson_step is not None:
            raise Refused('A lesson goes back a step with "back", not undo.')
        try:
            with source_language():
                s.take_back()
        except kingsburg.KingsburgError as exc:
            raise Refused(f"Nothing was taken back: {exc}.") from None
        self.app.generation += 1
        self.app.dirty = True
        self.app.thinking = None
        self.app.say(_("The last decision was taken back."))

    def step(self, forward: bool) -> None:
        s = board_as(self._game_session(), LessonBoard)
        if s is None:
            raise Refused('"next" and "back" move through a lesson: the board shows none.')
        lesson = s.lesson
        if forward and not lesson.can_next:
            raise Refused("This step waits for a move." if lesson.expected else "The lesson is finished.")
        if not forward and not lesson.can_back:
            raise Refused("This is the lesson's first step.")
        if forward:
            lesson.next()
        else:
            lesson.back()
        self.app.lesson_screen.changed(s)
