"""Collections of lessons: a title and lessons in order, each a built-in lesson's name or a whole lesson written
in the collection (so that one file, or one address, holds several chapters). The built-in tutorial is one
(kingsburg/lessons/tutorial.json).

The format is in docs/lessons.md (schema: docs/schema/collection.schema.json). ``load_collection`` checks a
collection completely before returning it: every lesson written in it is checked as ``load_lesson`` checks a
lesson, and every name is a built-in lesson's. A bad collection raises ``InvalidCollection`` naming the lesson (its
number and title) and the reason; nothing half-loads.

>>> tutorial = builtin_collection()
>>> tutorial.title, len(tutorial.chapters), tutorial.chapters[2].name
('Learn to play', 12, '03-gifts')
>>> tutorial.chapter("08-battle").number, tutorial.chapter("3").title
(8, "The advisors' gifts")
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache

from .errors import InvalidCollection, InvalidLesson, KingsburgError, at
from .i18n import N_, SOURCE_LANGUAGE, _
from .i18n import language as reader_language
from .inputs import InvalidJSON, parse_json
from .lesson import (
    _LANGUAGE,
    MAX_BYTES,
    MAX_TEXT,
    TUTORIAL,
    Lesson,
    _language,
    _placeholders,
    builtin_text,
    lesson_from_dict,
    load_lesson,
    package_text,
    plain_text,
    primary_language,
)

FORMAT = "kingsburg-collection"
VERSION = 1
MAX_LESSONS = 50  # each lesson written in a collection is played through when it loads
TOP_KEYS = {"format", "version", "title", "summary", "lessons", "language", "translations"}
TRANSLATION_KEYS = {"title", "summary"}  # a collection's own texts in another language (its lessons carry theirs)
BUILTIN = "tutorial"  # the built-in collection: kingsburg/lessons/tutorial.json


@dataclass(frozen=True, slots=True)
class Chapter:
    """One lesson of a collection: a built-in lesson (``name``) or one written in the collection (``written``)."""

    number: int  # 1-based, as readers count
    title: str  # in the lesson's main language
    name: str | None = None
    written: Lesson | None = None
    titles: tuple[tuple[str, str], ...] = ()  # (language, the title in it): the lesson's translated titles

    def title_in(self, language: str | None = None) -> str:
        """The title in ``language`` (by default the reader's, ``kingsburg.i18n.language()``) if the lesson has it,
        else in its main language."""
        wanted = primary_language(language if language is not None else reader_language())
        return dict(self.titles).get(wanted, self.title)

    @property
    def key(self) -> str:
        """What the reader's progress knows the lesson by: its name, else its title (unique in a collection)."""
        return self.name or self.title

    def lesson(self) -> Lesson:
        """The lesson itself (a built-in one is read and checked now: a collection lists it by name only)."""
        if self.written is not None:
            return self.written
        assert self.name is not None
        return _builtin_lesson(self.name)


@dataclass(frozen=True, slots=True)
class Collection:
    title: str
    summary: str
    chapters: tuple[Chapter, ...]
    language: str = SOURCE_LANGUAGE  # the language of its title and summary
    translations: tuple[tuple[str, str, str], ...] = ()  # (language, title, summary): "" where not translated

    def title_in(self, language: str | None = None) -> str:
        """The title in ``language`` (by default the reader's) if the collection has it, else its own. Progress
        keeps knowing the collection by its own title (``key``), whatever the language it is read in."""
        return self._in(language)[0] or self.title

    def summary_in(self, language: str | None = None) -> str:
        return self._in(language)[1] or self.summary

    def _in(self, language: str | None) -> tuple[str, str]:
        wanted = primary_language(language if language is not None else reader_language())
        return next(((t, s) for code, t, s in self.translations if code == wanted), ("", ""))

    @property
    def languages(self) -> tuple[str, ...]:
        """Every language the collection or one of its lessons is translated into, its main language first."""
        found = [code for code, _, _ in self.translations]
        for chapter in self.chapters:
            found += [code for code, _ in chapter.titles]
        return (self.language, *sorted(set(found) - {self.language}))

    def missing(self, language: str) -> tuple[str, ...]:
        """What a reader of ``language`` reads in a main language: the collection's texts and each lesson's
        (``Lesson.missing``, named by chapter). Reads and checks every built-in lesson it lists."""
        code = primary_language(language)
        if code == self.language:
            return ()
        title, summary = self._in(code)
        out = [] if title else ["the title"]
        out += ["the summary"] if self.summary and not summary else []
        for chapter in self.chapters:
            out += [f"{_label(chapter.number, chapter.title)}: {m}" for m in chapter.lesson().missing(code)]
        return tuple(out)

    @property
    def key(self) -> str:
        """What the reader's progress knows the collection by: its title (the same collection fetched from a file
        or written in an address is the same to the reader)."""
        return self.title

    @property
    def is_tutorial(self) -> bool:
        """The built-in tutorial's lessons, all of them in order."""
        return tuple(c.name for c in self.chapters) == TUTORIAL

    def chapter(self, ref: str) -> Chapter:
        """A lesson by its number ("3", the first is 1) or by a built-in lesson's name. Raises KingsburgError
        naming what the collection has."""
        ref = ref.strip()
        if ref.isascii() and ref.isdigit():
            if 1 <= int(ref) <= len(self.chapters):
                return self.chapters[int(ref) - 1]
            said = _("the collection has lessons 1 to {last}, not {ref}")
            raise KingsburgError(said.format(last=len(self.chapters), ref=ref[:10]))
        for chapter in self.chapters:
            if chapter.name == ref:
                return chapter
        named = ", ".join(c.name for c in self.chapters if c.name)
        said = (
            _(
                "the collection has no lesson {ref!r}: give its number (1 to {last}) or one of its built-in lessons' "
                "names ({names})"
            )
            if named
            else _("the collection has no lesson {ref!r}: give its number (1 to {last})")
        )
        raise KingsburgError(said.format(ref=ref[:60], last=len(self.chapters), names=named))


def load_collection(text: str | bytes) -> Collection:
    """Read and check a collection. Raises InvalidCollection (and nothing else)."""
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what=N_("the collection"))
    except InvalidJSON as exc:
        raise InvalidCollection(str(exc)) from None
    return collection_from_dict(d)


def collection_from_dict(d: object) -> Collection:
    try:
        return _collection(d)
    except InvalidCollection:
        raise
    except InvalidLesson as exc:  # the lesson checker's words, about the collection's own fields
        raise InvalidCollection(str(exc)) from None


def _collection(d: object) -> Collection:
    if not isinstance(d, dict):
        raise InvalidCollection(_("a collection is a JSON object"))
    if d.get("format") != FORMAT:
        said = _("not a collection: 'format' is {format!r}, expected {expected!r}")
        raise InvalidCollection(said.format(format=d.get("format"), expected=FORMAT))
    if d.get("version") != VERSION:
        said = _("this is a version {version!r} collection; this engine reads version {ours}")
        raise InvalidCollection(said.format(version=d.get("version"), ours=VERSION))
    unknown = sorted(set(d) - TOP_KEYS)
    if unknown:
        said = _("unknown field(s) {names}; a collection has {fields}")
        raise InvalidCollection(said.format(names=", ".join(map(repr, unknown)), fields=", ".join(sorted(TOP_KEYS))))
    title = plain_text(d.get("title"), _("the title"), 120)
    summary = plain_text(d.get("summary", ""), _("the summary"), MAX_TEXT, empty=True)
    language = _language(d.get("language", SOURCE_LANGUAGE), "'language'")
    translations = _translations(d["translations"], title, summary, language) if "translations" in d else ()
    raw = d.get("lessons")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_LESSONS:
        said = _("'lessons' must be a list of 1 to {most} lessons: built-in lessons' names or lessons")
        raise InvalidCollection(said.format(most=MAX_LESSONS))
    chapters: list[Chapter] = []
    for number, entry in enumerate(raw, 1):
        chapter = _chapter(entry, number)
        for earlier in chapters:
            if chapter.title == earlier.title:
                said = _("chapter {n} has the same title: the list of lessons tells them apart by their titles")
                raise InvalidCollection(at(_label(number, chapter.title), said.format(n=earlier.number)))
            # ... in every language the list may be read in, too.
            for code in {c for c, _title in chapter.titles} & {c for c, _title in earlier.titles}:
                if chapter.title_in(code) == earlier.title_in(code):
                    said = _(
                        "chapter {n} has the same title in {code!r} ({title!r}): the list tells the lessons apart by "
                        "their titles"
                    )
                    title = said.format(n=earlier.number, code=code, title=chapter.title_in(code)[:60])
                    raise InvalidCollection(at(_label(number, chapter.title), title))
        chapters.append(chapter)
    return Collection(title, summary, tuple(chapters), language, translations)


def _translations(value: object, title: str, summary: str, language: str) -> tuple[tuple[str, str, str], ...]:
    """The collection's title and summary in other languages: ``{"de": {"title": "...", "summary": "..."}}``."""
    if not isinstance(value, dict) or not value:
        raise InvalidCollection(_("'translations' maps a language code to the title and summary in that language"))
    out = []
    for code, words in value.items():
        code = _language(code, "'translations'")
        where = _("the {code!r} translation").format(code=code)
        if code == language:
            said = _("'translations' has {code!r}, the collection's own language ('language')")
            raise InvalidCollection(said.format(code=code))
        if not isinstance(words, dict) or not set(words) <= TRANSLATION_KEYS:
            said = _("{where} is an object with a 'title' and a 'summary' (either may be left out)")
            raise InvalidCollection(said.format(where=where))
        if "summary" in words and not summary:
            said = _("{where} gives a summary, and the collection has none to translate")
            raise InvalidCollection(said.format(where=where))
        texts = []
        for key, original, most, what in (
            ("title", title, 120, at(where, _("the title"))),
            ("summary", summary, MAX_TEXT, at(where, _("the summary"))),
        ):
            text = plain_text(words[key], what, most) if key in words else ""
            if text:
                _placeholders(original, text, what)
            texts.append(text)
        out.append((code, texts[0], texts[1]))
    return tuple(out)


def _builtin_titles(d: dict[str, object]) -> tuple[tuple[str, str], ...]:
    """A built-in lesson's translated titles, read from its file (the lesson itself is checked when opened, and
    every built-in one by the tests)."""
    translations = d.get("translations")
    if not isinstance(translations, dict):
        return ()
    return tuple(
        (code, words["title"])
        for code, words in translations.items()
        if isinstance(code, str)
        and _LANGUAGE.fullmatch(code)
        and isinstance(words, dict)
        and isinstance(words.get("title"), str)
    )


def _chapter(entry: object, number: int) -> Chapter:
    if isinstance(entry, str):
        if entry not in TUTORIAL:
            said = _("no built-in lesson {name!r}; they are {names} (or write the lesson itself in the list)")
            problem = said.format(name=entry[:60], names=", ".join(TUTORIAL))
            raise InvalidCollection(at(_label(number, None), problem))
        d = json.loads(builtin_text(entry))
        return Chapter(number, d["title"], name=entry, titles=_builtin_titles(d))
    title = entry.get("title") if isinstance(entry, dict) else None
    try:
        lesson = lesson_from_dict(entry)
    except InvalidLesson as exc:
        raise InvalidCollection(at(_label(number, title), str(exc))) from None
    titles = tuple((t.language, t.title) for t in lesson.translations if t.title)
    return Chapter(number, lesson.title, written=lesson, titles=titles)


def _label(number: int, title: object) -> str:
    """'chapter 3 ("The Market")': how messages name a lesson of the collection."""
    if not isinstance(title, str) or not title.strip():
        return _("chapter {n}").format(n=number)
    shown = title.strip() if len(title.strip()) <= 60 else title.strip()[:60] + "…"
    return _('chapter {n} ("{title}")').format(n=number, title=shown)


@cache  # a Lesson does not change; checking one plays it through (the checker's report asks for each, per language)
def _builtin_lesson(name: str) -> Lesson:
    return load_lesson(builtin_text(name))


@cache  # the page asks on every drawing of its start screen; a Collection does not change
def builtin_collection() -> Collection:
    """The built-in tutorial as a collection (kingsburg/lessons/tutorial.json)."""
    return load_collection(package_text("lessons", f"{BUILTIN}.json"))


def load_lesson_or_collection(text: str | bytes) -> Lesson | Collection:
    """A lesson or a collection, by its ``format`` (an author's check of either file). Raises InvalidLesson
    (InvalidCollection for a collection)."""
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what=N_("the file"))
    except InvalidJSON as exc:
        raise InvalidLesson(str(exc)) from None
    if isinstance(d, dict) and d.get("format") == FORMAT:
        return collection_from_dict(d)
    return lesson_from_dict(d)
