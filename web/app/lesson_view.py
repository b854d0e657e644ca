"""The page's side of a lesson (docs/lessons.md): the board under a lesson, the lesson panel and the board parts it
points at. The rules and the checking are the engine's (``kingsburg.lesson``); nothing here decides whether a move
is right. The lessons of a collection, the "Learn to play" card and the reader's progress: lesson_list.py and
progress.py.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from kingsburg import Game, KingsburgError, parse_action
from kingsburg.collection import Chapter, Collection, builtin_collection
from kingsburg.content import BUILDING_BY_SLUG
from kingsburg.i18n import _, ngettext, pgettext
from kingsburg.lesson import LessonSession, builtin_text, load_lesson

from . import scenes
from .board import Ctx
from .icons import icon
from .markup import Markup, escape, fill, html, join
from .panel import choices, influence, label
from .session import Session
from .theme import chip, seat_class

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_ITALIC = re.compile(r"\*(.+?)\*", re.DOTALL)


def rich(text: str) -> Markup:
    """Lesson text as HTML: escaped first, then **bold**, *italic* and line breaks (nothing else can appear)."""
    out = _BOLD.sub(r"<strong>\1</strong>", escape(text))
    out = _ITALIC.sub(r"<em>\1</em>", out)
    return Markup(out.replace("\n", "<br>"))


def plain(text: str) -> str:
    """Lesson text where plain text is wanted (a title, a host's message): the **bold** and *italic* marks dropped,
    so they never show as asterisks."""
    return _ITALIC.sub(r"\1", _BOLD.sub(r"\1", text))


class LessonBoard(Session):
    """The board under a lesson: everything is shown, the reader moves for whoever is to play, nobody hands over
    the device and no computer plays."""

    def __init__(
        self,
        lesson: LessonSession,
        name: str | None,
        collection: Collection | None = None,
        chapter: Chapter | None = None,
    ) -> None:
        self.lesson = lesson
        self._scene: tuple[tuple[int, int], scenes.LessonScene | None] | None = None  # (step, events) -> scene
        self.name = name  # a built-in lesson's name
        self.collection = collection  # the collection the lesson was opened in (its progress is kept), if any
        self.chapter = chapter  # ... and the lesson's place in it
        n = len(lesson.game.players)
        super().__init__(lesson.game, {"seats": [{"kind": "human"}] * n})

    def sync(self) -> None:
        self.game = self.lesson.game

    @property
    def viewer(self) -> int | None:
        return None

    def view(self) -> Game:
        """What a player at the table would know (this year's enemy stays face down), with every seat shown."""
        seat = self.game.to_play
        return self.game.view(0 if seat is None else seat)

    @property
    def my_turn(self) -> bool:
        return bool(self.lesson.expected) and self.game.to_play is not None

    @property
    def computer_to_play(self) -> bool:
        return False

    def _settle(self) -> None:
        self.handover = None

    shows_results = False

    def kind_markers(self) -> dict[str, str]:
        name = self.name or (f"chapter-{self.chapter.number}" if self.chapter else "address")
        return {"lesson": f"{self.lesson.number}", "lessonName": name, "replay": ""}

    def own_panel(self, ctx: Ctx, message: str, error: bool, embed: bool) -> Markup:
        return panel(ctx, self, message, error, embed=embed)

    @property
    def lesson_step(self) -> tuple[int, bool]:
        return self.lesson.number, self.lesson.finished

    def pointers(self) -> list[str]:
        return pointed(self)

    def sheet_seat(self) -> int | None:
        return sheet_seat(self)

    def labels(self) -> dict[str, str]:
        step = self.lesson.step
        return {_pointer_selector(p): plain(text) for p, text in step.labels} if step else {}

    def arrows(self) -> list[tuple[str, str]]:
        step = self.lesson.step
        return [(_pointer_selector(a), _pointer_selector(b)) for a, b in step.arrows] if step else []

    def lesson_scene(self) -> scenes.LessonScene | None:
        step = self.lesson.step
        if not step or not step.scene:
            return None
        # Asked by the court and the log on every redraw: told from the events once per step (drawing it changes
        # nothing, scenes.html draws from a copy).
        key = (self.lesson.index, len(self.game.events))
        if self._scene is None or self._scene[0] != key:
            self._scene = (key, scenes.lesson_scene(self.game, step.scene))
        return self._scene[1]

    @property
    def host_board(self) -> str:
        return "lesson"

    @property
    def host_seat(self) -> int | None:
        return None  # the reader moves for everyone: the view of whoever is to play

    def host_lesson(self) -> dict[str, Any]:
        lesson = self.lesson
        step = lesson.step
        return {
            "title": plain(lesson.localized.title),  # the texts in the language shown (LessonSession.localized)
            "name": self.name,
            "step": lesson.number,
            "total": lesson.total,
            "finished": lesson.finished,
            "expects_move": bool(lesson.expected),
            "collection": (
                {
                    "title": plain(self.collection.title_in()),
                    "chapter": self.chapter.number,
                    "chapters": len(self.collection.chapters),
                }
                if self.collection and self.chapter
                else None
            ),
            "text": plain(step.text) if step else "",
            "hint": plain(lesson.hint),  # "" until a wrong move was tried at this step
            "point": list(step.point) if step else [],  # the step's pointers, as the lesson gives them
            # A puzzle's record, for the host to keep (None: a lesson, not a puzzle).
            "puzzle": (
                {"solved": lesson.solved, "tries": lesson.wrong_tries, "shown": lesson.helped}
                if lesson.lesson.is_puzzle
                else None
            ),
        }

    @property
    def following(self) -> Chapter | None:
        """The collection's next lesson, if there is one."""
        if self.collection is None or self.chapter is None or self.chapter.number == len(self.collection.chapters):
            return None
        return self.collection.chapters[self.chapter.number]


def open_builtin(name: str, path: list[str] | None = None) -> LessonBoard:
    """A built-in lesson, as a lesson of the tutorial. Raises KingsburgError for a name that is none."""
    tutorial = builtin_collection()
    return open_chapter(tutorial, tutorial.chapter(name), path)


def open_chapter(collection: Collection, chapter: Chapter, path: list[str] | None = None) -> LessonBoard:
    """A lesson of a collection, at its start or resumed along ``path``."""
    lesson = chapter.lesson()
    session = LessonSession.resume(lesson, path) if path else LessonSession(lesson)
    return LessonBoard(session, chapter.name, collection, chapter)


def open_text(text: str) -> LessonBoard:
    """A lesson from the address (fetched or inline). Raises InvalidLesson."""
    return LessonBoard(LessonSession(load_lesson(text)), None)


def at_step(board: LessonBoard, number: int) -> LessonBoard:
    """The same lesson opened at step ``number`` (kingsburg.lesson ``LessonSession.at_step``; raises
    KingsburgError for a step it lacks)."""
    lesson = LessonSession.at_step(board.lesson.lesson, number)
    return LessonBoard(lesson, board.name, board.collection, board.chapter)


@cache
def steps_of(name: str) -> int:
    """How many steps a built-in lesson has (0 if the engine no longer accepts it)."""
    try:
        return len(load_lesson(builtin_text(name)).steps)
    except KingsburgError:
        return 0


# --- What the page shows ----------------------------------------------------------------------------------


def panel(ctx: Ctx, board: LessonBoard, message: str, error: bool, embed: bool = False) -> Markup:
    lesson = board.lesson
    title = plain(lesson.localized.title)  # every text of the lesson in the language shown now
    counter = (
        _("All {n} steps done").format(n=lesson.total)
        if lesson.finished
        else _("Step {n} of {total}").format(n=lesson.number, total=lesson.total)
    )
    puzzle = lesson.lesson.is_puzzle
    if puzzle:  # the reader is asked one thing: to find the move (the steps counted only when there are several)
        counter = _("Solved") if lesson.finished else _("Find the move")
        if lesson.total > 1 and not lesson.finished:
            counter = _("{counter} · step {n} of {total}").format(counter=counter, n=lesson.number, total=lesson.total)
    if board.collection and board.chapter:
        counter = _("Lesson {n} of {total} · {counter}").format(
            n=board.chapter.number, total=len(board.collection.chapters), counter=counter
        )
    parts = [
        html(
            '<p class="lesson-head"><span class="lesson-title" id="lesson-title">{}</span>'
            '<span class="lesson-count">{}</span></p>',
            title,
            counter,
        )
    ]
    step = lesson.step
    nav = []
    if step is None:
        following = board.following
        if puzzle:
            parts.append(
                html(
                    '<div class="lesson-text puzzle-solved" id="lesson-text" role="status"><p>{}</p>'
                    '<p class="puzzle-record">{}</p></div>',
                    rich(lesson.localized.solved),
                    record(lesson),
                )
            )
        else:
            parts.append(
                html(
                    '<div class="lesson-text" id="lesson-text"><p><strong>{}</strong></p></div>',
                    fill(_("Lesson complete!")),
                )
            )
        if following:
            nav.append(
                html(
                    '<button type="button" class="primary" data-action="lesson-chapter" data-value="{}">{}</button>',
                    following.number,
                    fill(_("Next lesson: {title}"), title=plain(following.title_in())),
                )
            )
        elif board.collection and board.collection.is_tutorial:
            parts.append(
                html(
                    "<p>{}</p>",
                    fill(_("That was the whole tutorial: you know every rule of Kingsburg. Have a good game!")),
                )
            )
        elif board.collection:
            parts.append(
                html(
                    "<p>{}</p>",
                    fill(_("That was the last lesson of “{title}”."), title=plain(board.collection.title_in())),
                )
            )
        if not embed:  # an embedded board has no start screen to go back to
            nav.append(
                html('<button type="button" class="tool" data-action="home">{}</button>', fill(_("Close the lesson")))
            )
    else:
        parts.append(
            # Focusable: in a small frame the text scrolls in its own box (style.css), which the keyboard must reach.
            html(
                '<div class="lesson-text" id="lesson-text" tabindex="0">{}<p>{}</p></div>',
                played(ctx, lesson),
                rich(step.text),
            )
        )
    if message:  # before the move: a hint stays in sight under the text it answers, above the choices
        role = "alert" if error else "status"
        # The step's hint is lesson text (with its **bold**), shown in the language shown now (the reader may have
        # switched since the wrong try); any other message is the page's own plain text.
        said = rich(lesson.hint) if error and lesson.is_hint(message) else message
        parts.append(html('<p class="msg{}" role="{}">{}</p>', " err" if error else "", role, said))
    if step is not None and lesson.expected and ctx.view.to_play is not None:
        seat = ctx.view.to_play
        play = influence(ctx) if ctx.view.decision() == "influence" else choices(ctx)
        name, prompt = ctx.names[seat], ctx.view.prompt()
        rest = prompt[len(name) :].lstrip() if prompt.startswith(name) else prompt
        parts.append(
            html(
                '<div class="lesson-play"><p class="prompt" id="prompt">{} {}</p>{}</div>', chip(seat, name), rest, play
            )
        )
    if step is not None and lesson.shown:
        answer = lesson.expected[0]
        parts.append(
            html(
                '<p class="lesson-answer">{} <span class="answer-label">{}</span> '
                '<button type="button" class="primary small" data-action="act" data-value="{}">'
                "{}</button></p>",
                fill(_("The move:")),
                label(parse_action(answer), ctx),
                answer,
                fill(_("Make this move")),
            )
        )
    if lesson.can_back:
        nav.insert(
            0,
            html(
                '<button type="button" class="tool" data-action="lesson-back">{}{}</button>',
                icon("undo"),
                fill(pgettext("a lesson's step", "Back")),
            ),
        )
    if lesson.can_next:
        nav.append(
            html(
                '<button type="button" class="primary" data-action="lesson-next">{}</button>',
                fill(pgettext("a lesson's step", "Next")),
            )
        )
    elif step is not None and not lesson.shown:
        nav.append(html('<button type="button" class="tool" data-action="lesson-show">{}</button>', fill(_("Show me"))))
    if board.collection:
        nav.append(html('<button type="button" class="tool" data-action="lesson-list">{}</button>', fill(_("Lessons"))))
    if lesson.finished and lesson.lesson.then:  # the author lets the game go on, computers playing their seats
        nav.insert(
            0, html('<button type="button" class="primary" data-action="lesson-leave">{}</button>', fill(_("Play on")))
        )
    elif lesson.finished or not puzzle:  # a puzzle is left by its answer (or "Show me")
        nav.append(
            html(
                '<button type="button" class="tool" data-action="lesson-leave">{}</button>',
                fill(_("Leave lesson and play on")),
            )
        )
    return html(
        '<div class="panel-main lesson" aria-labelledby="lesson-title">{}</div>'
        '<div class="panel-tools lesson-nav">{}</div>',
        join(parts),
        join(nav),
    )


def record(lesson: LessonSession) -> str:
    """How the reader solved a puzzle, in a few words."""
    if lesson.helped:
        return _("Solved with the answer shown.")
    if not lesson.wrong_tries:
        return _("Solved at the first try!")
    n = lesson.wrong_tries
    return ngettext("Solved after {n} wrong try.", "Solved after {n} wrong tries.", n).format(n=n)


def played(ctx: Ctx, lesson: LessonSession) -> Markup:
    """The other seats' moves the last step ended with, each with what the lesson says of it (else the log's line,
    which is also its tooltip), when it says something of any (``play`` moves with ``say``, docs/lessons.md)."""
    moves = lesson.played
    if not any(p.say for p in moves):
        return Markup()
    items = join(
        html(
            '<li{}>{}<span class="played-say">{}</span></li>',
            html(' title="{}"', p.line) if p.line else "",
            chip(p.seat, ctx.names[p.seat]) if p.seat is not None else "",
            rich(p.say) if p.say else p.line or label(parse_action(p.move), ctx),
        )
        for p in moves
    )
    return html('<ol class="lesson-played" aria-label="{}">{}</ol>', fill(_("What happened")), items)


def pointed(board: LessonBoard) -> list[str]:
    """CSS selectors of the board parts the current step points at (the page marks them)."""
    step = board.lesson.step
    if step is None:
        return []
    return [_pointer_selector(p) for p in step.point]


def _pointer_selector(p: str) -> str:
    word, _, rest = p.partition(":")
    return _selector(word, rest)


_FIXED = {
    "calendar": "#topbar .calendar",
    "year": "#topbar .years",
    "turn-order": "#topbar .bar-order",
    "envoy": "#topbar .bar-envoy",
    "enemy": "#topbar .bar-enemy",
    "court": "#court",
    "log": "#logbox",
    "choices": "#panel .lesson-play",
}
_BATTLE = {"enemy": ".w-enemy", "king": ".w-king"}
_STAT = {
    "goods": " .strip-stats",
    "dice": " .strip-dice",
    "soldiers": " .strip-stats",
    "tokens": " .strip-stats",
    "vp": " .stat.vp",
    "seat": "",
}


def _selector(word: str, rest: str) -> str:
    """A pointer's board part, found by what the markup says it is (its seat, advisor or building), never by its
    place: the strips follow the ranking and put the screen's own player first."""
    if word in _FIXED:
        return _FIXED[word]
    if word == "advisor":
        return f'#court .court-grid > li[data-advisor="{int(rest)}"]'
    if word == "building":
        slug, _, seat = rest.partition(":")
        sheet = f'.sheet[data-seat="{int(seat)}"]' if seat else ".sheet"
        return f'#sheets {sheet} .sheet-grid > li[data-building="{BUILDING_BY_SLUG[slug].slug}"]'
    if word == "sheet":
        return f'#sheets .sheet[data-seat="{int(rest)}"]'
    if word == "battle":  # the battle the step's scene shows in the court's place
        part = f'.w-fights > li[data-seat="{int(rest)}"]' if rest.isdigit() else _BATTLE[rest]
        return f"#court .lesson-scene {part}"
    if word == "review":
        return f'#court .lesson-scene .ys-table tr[data-seat="{int(rest)}"]'
    if word == "season":  # a seat's line of the season's banner, known by its seat's class
        return f"#court .lesson-scene .sb-list > li.{seat_class(int(rest))}"
    return f'#strips > .strip[data-seat="{int(rest)}"]{_STAT[word]}'


def sheet_seat(board: LessonBoard) -> int | None:
    """The province sheet a step's pointers want shown (a building or sheet pointer naming a seat)."""
    step = board.lesson.step
    for p in step.point if step else ():
        word, _, rest = p.partition(":")
        seat = rest.partition(":")[2] if word == "building" else rest if word == "sheet" else ""
        if seat.isdigit():
            return int(seat)
    return None
