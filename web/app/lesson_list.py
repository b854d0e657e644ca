"""The lessons of a collection as the page shows them (docs/lessons.md, Collections): the start screen's "Learn to
play" card (the built-in tutorial, where the reader is in it) and the list of a collection's lessons, each marked
done or not and each a button that opens it. What is done is the reader's stored progress (progress.py)."""

from __future__ import annotations

from kingsburg.collection import Chapter, Collection

from .icons import icon
from .lesson_view import plain, steps_of
from .markup import Markup, html, join
from .progress import Progress

# How a lesson's state is shown: a symbol (not read out) beside words, never a colour alone.
DONE = ("✓", "Done")
NOT_DONE = ("○", "Not done")


def placed(collection: Collection, progress: Progress | None) -> Chapter | None:
    """The lesson of ``collection`` where the reader is (None: none, or one the collection no longer has)."""
    if progress is None or progress.place is None:
        return None
    return next((c for c in collection.chapters if c.key == progress.place.lesson), None)


def done_count(collection: Collection, progress: Progress | None) -> int:
    done = set(progress.done) if progress else set()
    return sum(1 for c in collection.chapters if c.key in done)


def learn_card(tutorial: Collection, progress: Progress | None, first: bool) -> Markup:
    """The start screen's invitation to the tutorial (``first``: before everything else)."""
    chapter, place = placed(tutorial, progress), progress.place if progress else None
    lessons = Markup('<button type="button" class="tool" data-action="lesson-list">Lessons</button>')
    if chapter is not None and chapter.name is not None and place is not None:
        total = steps_of(chapter.name)
        path = place.path
        done = len(path) if len(path) <= total else 0  # longer than the lesson: it starts again (resume)
        at = f"all {total} steps done" if done == total else f"step {done + 1} of {total}"
        finished = done_count(tutorial, progress)
        so_far = f" {finished} of {len(tutorial.chapters)} lessons done." if finished else ""
        where = f"Lesson {chapter.number} of {len(tutorial.chapters)}: {plain(chapter.title_in())}, {at}."
        buttons = Markup(
            '<button type="button" class="primary big" data-action="learn" data-value="resume">'
            "Continue learning</button>"
            '<button type="button" class="tool" data-action="learn" data-value="restart">Start over</button>'
        )
        text = html("<p>You are learning to play.{} {}</p>", so_far, where)
    else:
        buttons = Markup('<button type="button" class="primary big" data-action="learn">Learn to play</button>')
        text = html(
            "<p>New to Kingsburg? A guided first game, through the rulebook's own examples: "
            "{} short lessons, about 15 minutes.</p>",
            len(tutorial.chapters),
        )
    return html(
        '<section class="card learn{}" aria-labelledby="learn-title">'
        '<h2 id="learn-title">{}Learn to play</h2>{}<div class="learn-buttons">{}{}</div>'
        "</section>",
        " first" if first else "",
        icon("book"),
        text,
        buttons,
        lessons,
    )


def dialog(collection: Collection, progress: Progress | None, current: Chapter | None) -> Markup:
    """The list of ``collection``'s lessons: each a button that opens it, with its number, its title and whether
    it is done; ``current`` (the lesson on the board, or where the reader is) is marked, and has the focus."""
    done = set(progress.done) if progress else set()
    items = []
    for chapter in collection.chapters:
        symbol, state = DONE if chapter.key in done else NOT_DONE
        here = current is not None and chapter.number == current.number
        items.append(
            html(
                '<li><button type="button" class="lesson-item{}" data-action="lesson-chapter" data-value="{}"{}>'
                '<span class="lesson-num">{}.</span><span class="lesson-name">{}</span>'
                '<span class="lesson-state{}"><b aria-hidden="true">{}</b> {}</span>{}</button></li>',
                " current" if here else "",
                chapter.number,
                Markup(' aria-current="step" autofocus') if here else "",
                chapter.number,
                plain(chapter.title_in()),  # in the reader's language, when the lesson has it
                " done" if chapter.key in done else "",
                symbol,
                state,
                Markup('<span class="lesson-here">You are here</span>') if here else "",
            )
        )
    summary = html("<p>{}</p>", plain(collection.summary_in())) if collection.summary else ""
    return html(
        '<div class="overlay lessons" role="dialog" aria-modal="true" aria-labelledby="lessons-title">'
        '<div class="dialog"><header class="dialog-head"><h2 id="lessons-title">{}{}</h2>'
        '<button type="button" class="tool" data-action="lesson-list-close"{}>Close</button></header>'
        '{}<p class="lessons-done">{} of {} lessons done.</p>'
        '<ol class="lesson-list" aria-labelledby="lessons-title">{}</ol></div></div>',
        icon("book"),
        plain(collection.title_in()),
        "" if current is not None else Markup(" autofocus"),
        summary,
        done_count(collection, progress),
        len(collection.chapters),
        join(items),
    )
