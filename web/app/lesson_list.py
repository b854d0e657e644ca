"""The lessons of a collection as the page shows them (docs/lessons.md, Collections): the start screen's "Learn to
play" card (the built-in tutorial, where the reader is in it) and the list of a collection's lessons, each marked
done or not and each a button that opens it. What is done is the reader's stored progress (progress.py)."""

from __future__ import annotations

from kingsburg.collection import Chapter, Collection
from kingsburg.i18n import N_, _, ngettext

from .icons import icon
from .lesson_view import plain, steps_of
from .markup import Markup, fill, html, join
from .progress import Progress

# How a lesson's state is shown: a symbol (not read out) beside words, never a colour alone.
DONE = ("✓", N_("Done"))
NOT_DONE = ("○", N_("Not done"))  # the words marked: _() when shown


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
    lessons = html('<button type="button" class="tool" data-action="lesson-list">{}</button>', fill(_("Lessons")))
    if chapter is not None and chapter.name is not None and place is not None:
        total = steps_of(chapter.name)
        path = place.path
        done = len(path) if len(path) <= total else 0  # longer than the lesson: it starts again (resume)
        at = (
            _("all {n} steps done").format(n=total)
            if done == total
            else _("step {n} of {total}").format(n=done + 1, total=total)
        )
        finished = done_count(tutorial, progress)
        lessons_done = _("{done} of {total} lessons done.").format(done=finished, total=len(tutorial.chapters))
        so_far = " " + lessons_done if finished else ""
        where = _("Lesson {n} of {total}: {title}, {at}.").format(
            n=chapter.number, total=len(tutorial.chapters), title=plain(chapter.title_in()), at=at
        )
        buttons = html(
            '<button type="button" class="primary big" data-action="learn" data-value="resume">{}</button>'
            '<button type="button" class="tool" data-action="learn" data-value="restart">{}</button>',
            fill(_("Continue learning")),
            fill(_("Start over")),
        )
        text = html("<p>{}</p>", fill(_("You are learning to play.{so_far} {where}"), so_far=so_far, where=where))
    else:
        buttons = html(
            '<button type="button" class="primary big" data-action="learn">{}</button>', fill(_("Learn to play"))
        )
        n = len(tutorial.chapters)
        text = html(
            "<p>{}</p>",
            fill(
                ngettext(
                    "New to Kingsburg? A guided first game, through the rulebook's own examples: {n} short lesson, "
                    "about 15 minutes.",
                    "New to Kingsburg? A guided first game, through the rulebook's own examples: {n} short lessons, "
                    "about 15 minutes.",
                    n,
                ),
                n=n,
            ),
        )
    return html(
        '<section class="card learn{}" aria-labelledby="learn-title">'
        '<h2 id="learn-title">{}{}</h2>{}<div class="learn-buttons">{}{}</div>'
        "</section>",
        " first" if first else "",
        icon("book"),
        fill(_("Learn to play")),
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
                _(state),
                html('<span class="lesson-here">{}</span>', fill(_("You are here"))) if here else "",
            )
        )
    summary = html("<p>{}</p>", plain(collection.summary_in())) if collection.summary else ""
    return html(
        '<div class="overlay lessons" role="dialog" aria-modal="true" aria-labelledby="lessons-title">'
        '<div class="dialog"><header class="dialog-head"><h2 id="lessons-title">{}{}</h2>'
        '<button type="button" class="tool" data-action="lesson-list-close"{}>{}</button></header>'
        '{}<p class="lessons-done">{}</p>'
        '<ol class="lesson-list" aria-labelledby="lessons-title">{}</ol></div></div>',
        icon("book"),
        plain(collection.title_in()),
        "" if current is not None else Markup(" autofocus"),
        fill(_("Close")),
        summary,
        fill(
            _("{done} of {total} lessons done."), done=done_count(collection, progress), total=len(collection.chapters)
        ),
        join(items),
    )
