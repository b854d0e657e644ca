"""The reader's progress through collections of lessons (docs/lessons.md, Collections): for each collection, by
its title, the lessons finished to their last step and where the reader is (a lesson and the steps done in it).

It is one note beside the saved games (storage.py), under the key the tutorial's progress always had. Its first
form, ``{"lesson": NAME, "path": [...]}`` (the tutorial's place, nothing else), still reads: the reader's place is
kept. Nothing stored is trusted: a collection's entry that is not what ``write`` makes is dropped, the others are
kept, and no stored text makes reading fail.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from kingsburg import InvalidJSON, parse_json
from kingsburg.collection import MAX_LESSONS, builtin_collection
from kingsburg.i18n import _
from kingsburg.lesson import MAX_STEPS, TUTORIAL

from .lesson_view import steps_of
from .storage import PREFIX, SaveStore

KEY = PREFIX + "tutorial"  # the tutorial's progress had it before collections: an old save of it is found there
VERSION = 2  # the first form had none
MAX_COLLECTIONS = 10  # kept, the most recently read last; an older one is forgotten first
MAX_NAME = 120  # characters of a collection's or a lesson's title (a built-in lesson's name is shorter)
MAX_MOVE = 200  # characters of one move of a path (the notation's are at most 100)
MAX_BYTES = 400_000  # of the whole note: ten collections' paths of 200 moves fit with room to spare


@dataclass(frozen=True, slots=True)
class Place:
    lesson: str  # the lesson's key in its collection (kingsburg.collection.Chapter.key)
    path: tuple[str, ...]  # what the reader did at each step done (kingsburg.lesson.LessonSession.path)


@dataclass(frozen=True, slots=True)
class Progress:
    """One collection's: the lessons done (their keys, in the order they were first finished) and the place."""

    done: tuple[str, ...] = ()
    place: Place | None = None

    def after(self, lesson: str, path: list[str], finished: bool) -> Progress:
        """This progress once the reader is at ``path`` in ``lesson`` (``finished``: its last step is done)."""
        done = (*self.done, lesson) if finished and lesson not in self.done else self.done
        return Progress(done, Place(lesson, tuple(path)))


Shelf = dict[str, Progress]
"""Every collection's progress, by the collection's key (its title), the most recently changed last."""


def read(raw: str | None) -> Shelf:
    """The stored progress; {} when there is none or it cannot be read."""
    try:
        d = parse_json(raw or "null", max_bytes=MAX_BYTES, max_depth=6, what="the progress")
    except InvalidJSON:
        return {}
    if isinstance(d, dict) and "version" not in d:
        return _first_form(d)
    if not isinstance(d, dict) or d.get("version") != VERSION or not isinstance(d.get("collections"), dict):
        return {}
    shelf: Shelf = {}
    for key, entry in list(d["collections"].items())[-MAX_COLLECTIONS:]:
        progress = _progress(entry)
        if _name(key) and progress is not None:
            shelf[key] = progress
    return shelf


def _first_form(d: dict[str, object]) -> Shelf:
    """The tutorial's place as it was stored before collections; its lesson is done if the path reaches its end."""
    name, path = d.get("lesson"), _path(d.get("path")) or ()  # a bad path: the lesson from its start, as before
    if not isinstance(name, str) or name not in TUTORIAL:
        return {}
    finished = bool(path) and len(path) == steps_of(name)
    return {builtin_collection().key: Progress((name,) if finished else (), Place(name, path))}


def _progress(entry: object) -> Progress | None:
    if not isinstance(entry, dict) or not set(entry) <= {"done", "lesson", "path"}:
        return None
    done = entry.get("done", [])
    if not isinstance(done, list) or len(done) > MAX_LESSONS or not all(_name(k) for k in done):
        return None
    if "lesson" not in entry:
        return Progress(tuple(done))
    lesson, path = entry["lesson"], _path(entry.get("path"))
    if not _name(lesson) or path is None:
        return None
    return Progress(tuple(done), Place(lesson, path))


def _name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME


def _path(value: object) -> tuple[str, ...] | None:
    if not isinstance(value, list) or len(value) > MAX_STEPS:
        return None
    if not all(isinstance(m, str) and len(m) <= MAX_MOVE for m in value):
        return None
    return tuple(value)


def write(shelf: Shelf, key: str, progress: Progress) -> str:
    """The note to store once ``key``'s collection has ``progress`` (it becomes the most recent)."""
    kept = {k: p for k, p in shelf.items() if k != key}
    kept[key] = progress
    return dump(kept)


def merge(mine: Shelf, theirs: Shelf) -> Shelf:
    """This device's progress with a backup's: the lessons done on either, and this device's place where it has
    one (the reader is here; the backup's place only where this device has none)."""
    out = dict(theirs)
    for key, p in mine.items():
        other = out.pop(key, Progress())
        done = (*p.done, *(k for k in other.done if k not in p.done))[:MAX_LESSONS]
        out[key] = Progress(done, p.place or other.place)
    return out


def add_imported(store: SaveStore, text: object) -> str:
    """Merge the lesson progress of a backup (``text`` as it was stored); what happened, in words ("" when the
    backup had none, or nothing new). What cannot be read in it is left out, as when it is read from storage."""
    theirs = read(text) if isinstance(text, str) else {}
    if not theirs:
        return ""
    mine = read(store.note(KEY))
    merged = merge(mine, theirs)
    if merged == mine:
        return ""
    if not store.set_note(KEY, dump(merged)):
        return _("The lessons' progress in the backup could not be saved (storage full or refused).")
    return _("The lessons' progress in the backup was added.")


def dump(shelf: Shelf) -> str:
    """The note that stores ``shelf`` (its last MAX_COLLECTIONS collections)."""
    collections = {}
    for k, p in list(shelf.items())[-MAX_COLLECTIONS:]:
        entry: dict[str, object] = {"done": list(p.done)}
        if p.place is not None:
            entry |= {"lesson": p.place.lesson, "path": list(p.place.path)}
        collections[k] = entry
    return json.dumps({"version": VERSION, "collections": collections}, separators=(",", ":"))
