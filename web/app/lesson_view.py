"""The page's side of a lesson (docs/lessons.md): the board under a lesson, the lesson panel, the board parts it
points at, the "Learn to play" card and the tutorial's progress. The rules and the checking are the engine's
(``kingsburg.lesson``); nothing here decides whether a move is right.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from kingsburg import Game, KingsburgError, parse_action
from kingsburg.content import BUILDING_BY_SLUG
from kingsburg.lesson import TUTORIAL, LessonSession, builtin_text, load_lesson

from .board import Ctx
from .icons import icon
from .markup import Markup, escape, html, join
from .panel import choices, influence, label
from .session import Session
from .storage import PREFIX
from .theme import chip

PROGRESS_KEY = PREFIX + "tutorial"  # {"lesson": NAME, "path": [...]}: where the reader of the tutorial is

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

    def __init__(self, lesson: LessonSession, name: str | None) -> None:
        self.lesson = lesson
        self.name = name  # a built-in lesson's name: its progress is kept
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
        return {"lesson": f"{self.lesson.number}", "lessonName": self.name or "address", "replay": ""}

    def own_panel(self, ctx: Ctx, message: str, error: bool, embed: bool) -> Markup:
        return panel(ctx, self, message, error, embed=embed)

    @property
    def lesson_step(self) -> tuple[int, bool]:
        return self.lesson.number, self.lesson.finished

    def pointers(self) -> list[str]:
        return pointed(self)

    def sheet_seat(self) -> int | None:
        return sheet_seat(self)

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
            "title": plain(lesson.lesson.title),
            "name": self.name,
            "step": lesson.number,
            "total": lesson.total,
            "finished": lesson.finished,
            "expects_move": bool(lesson.expected),
            "text": plain(step.text) if step else "",
            "hint": plain(lesson.hint),  # "" until a wrong move was tried at this step
            "point": list(step.point) if step else [],  # the step's pointers, as the lesson gives them
        }


def open_builtin(name: str, path: list[str] | None = None) -> LessonBoard:
    lesson = load_lesson(builtin_text(name))
    session = LessonSession.resume(lesson, path) if path else LessonSession(lesson)
    return LessonBoard(session, name)


def open_text(text: str) -> LessonBoard:
    """A lesson from the address (fetched or inline). Raises InvalidLesson."""
    return LessonBoard(LessonSession(load_lesson(text)), None)


def at_step(board: LessonBoard, number: int) -> LessonBoard:
    """The same lesson opened at step ``number`` (kingsburg.lesson ``LessonSession.at_step``; raises
    KingsburgError for a step it lacks)."""
    return LessonBoard(LessonSession.at_step(board.lesson.lesson, number), board.name)


def next_builtin(name: str | None) -> str | None:
    if name not in TUTORIAL:
        return None
    i = TUTORIAL.index(name) + 1
    return TUTORIAL[i] if i < len(TUTORIAL) else None


@cache  # the start screen and the last step show it on every redraw: check the lesson once
def title_of(name: str) -> str:
    try:
        return plain(load_lesson(builtin_text(name)).title)
    except KingsburgError:
        return name


@cache
def steps_of(name: str) -> int:
    """How many steps a built-in lesson has (0 if the engine no longer accepts it)."""
    try:
        return len(load_lesson(builtin_text(name)).steps)
    except KingsburgError:
        return 0


# --- Progress ---------------------------------------------------------------------------------------------


def read_progress(raw: str | None) -> tuple[str, list[str]] | None:
    """The stored tutorial progress, or None when there is none (or it is not ours any more)."""
    try:
        d = json.loads(raw) if raw else None
    except ValueError:
        return None
    if not isinstance(d, dict) or d.get("lesson") not in TUTORIAL:
        return None
    path = d.get("path")
    if not isinstance(path, list) or not all(isinstance(m, str) for m in path) or len(path) > 500:
        path = []
    return d["lesson"], path


def write_progress(board: LessonBoard) -> str | None:
    if board.name is None:
        return None
    return json.dumps({"lesson": board.name, "path": board.lesson.path})


# --- What the page shows ----------------------------------------------------------------------------------


def learn_card(progress: tuple[str, list[str]] | None, first: bool) -> Markup:
    """The start screen's invitation to the tutorial (``first``: before everything else)."""
    if progress:
        name, path = progress
        total = steps_of(name)
        done = len(path) if len(path) <= total else 0  # longer than the lesson: it starts again (resume)
        at = f"all {total} steps done" if done == total else f"step {done + 1} of {total}"
        where = f"Lesson {TUTORIAL.index(name) + 1} of {len(TUTORIAL)}: {title_of(name)}, {at}."
        buttons = Markup(
            '<button type="button" class="primary big" data-action="learn" data-value="resume">'
            "Continue learning</button>"
            '<button type="button" class="tool" data-action="learn" data-value="restart">Start over</button>'
        )
        text = html("<p>You are learning to play. {}</p>", where)
    else:
        buttons = Markup('<button type="button" class="primary big" data-action="learn">Learn to play</button>')
        text = html(
            "<p>New to Kingsburg? A guided first game, through the rulebook's own examples: "
            "{} short lessons, about 15 minutes.</p>",
            len(TUTORIAL),
        )
    return html(
        '<section class="card learn{}" aria-labelledby="learn-title">'
        '<h2 id="learn-title">{}Learn to play</h2>{}<div class="learn-buttons">{}</div>'
        "</section>",
        " first" if first else "",
        icon("book"),
        text,
        buttons,
    )


def panel(ctx: Ctx, board: LessonBoard, message: str, error: bool, embed: bool = False) -> Markup:
    lesson = board.lesson
    title = plain(lesson.lesson.title)
    counter = f"All {lesson.total} steps done" if lesson.finished else f"Step {lesson.number} of {lesson.total}"
    if board.name in TUTORIAL:
        counter = f"Lesson {TUTORIAL.index(board.name) + 1} of {len(TUTORIAL)} · {counter}"
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
        following = next_builtin(board.name)
        parts.append(Markup('<div class="lesson-text" id="lesson-text"><p><strong>Lesson complete!</strong></p></div>'))
        if following:
            nav.append(
                html(
                    '<button type="button" class="primary" data-action="lesson-open" data-value="{}">'
                    "Next lesson: {}</button>",
                    following,
                    title_of(following),
                )
            )
        elif board.name:
            parts.append(
                Markup("<p>That was the whole tutorial: you know every rule of Kingsburg. Have a good game!</p>")
            )
        if not embed:  # an embedded board has no start screen to go back to
            nav.append(Markup('<button type="button" class="tool" data-action="home">Close the lesson</button>'))
    else:
        parts.append(html('<div class="lesson-text" id="lesson-text"><p>{}</p></div>', rich(step.text)))
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
    if message:
        role = "alert" if error else "status"
        # The step's hint is lesson text (with its **bold**); any other message is the page's own plain text.
        said = rich(message) if error and message == lesson.hint else message
        parts.append(html('<p class="msg{}" role="{}">{}</p>', " err" if error else "", role, said))
    if step is not None and lesson.shown:
        answer = lesson.expected[0]
        parts.append(
            html(
                '<p class="lesson-answer">The move: <span class="answer-label">{}</span> '
                '<button type="button" class="primary small" data-action="act" data-value="{}">'
                "Make this move</button></p>",
                label(parse_action(answer), ctx),
                answer,
            )
        )
    if lesson.can_back:
        nav.insert(
            0, html('<button type="button" class="tool" data-action="lesson-back">{}Back</button>', icon("undo"))
        )
    if lesson.can_next:
        nav.append(Markup('<button type="button" class="primary" data-action="lesson-next">Next</button>'))
    elif step is not None and not lesson.shown:
        nav.append(Markup('<button type="button" class="tool" data-action="lesson-show">Show me</button>'))
    nav.append(
        Markup('<button type="button" class="tool" data-action="lesson-leave">Leave lesson and play on</button>')
    )
    return html(
        '<div class="panel-main lesson" aria-labelledby="lesson-title">{}</div>'
        '<div class="panel-tools lesson-nav">{}</div>',
        join(parts),
        join(nav),
    )


def pointed(board: LessonBoard) -> list[str]:
    """CSS selectors of the board parts the current step points at (the page marks them)."""
    step = board.lesson.step
    if step is None:
        return []
    out = []
    for p in step.point:
        word, _, rest = p.partition(":")
        out.append(_selector(word, rest))
    return out


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
