"""The host API (docs/embedding.md): what the page around an embedded board (``?embed=1``) may ask through
``postMessage``, and what the board answers and announces. Pure Python: web/host.js hands in every message of the
parent window as JSON text, web/page.py posts back the JSON text this module writes.

A message is a JSON object ``{"kingsburg": 1, "type": TYPE, "id": ID, ...}``; ``id`` is optional (a string of at
most 100 characters or an integer) and comes back in the reply. The types and their fields:

    state                                            the board's state
    position  position: {...}, play?: bool, seats?: ["human", "normal", ...]
    lesson    lesson: {...}  or  name: "03-influence"  (a built-in lesson); step?: 3  (opens at that step)
              or  collection: {...}, chapter?: 2  or  name?: "03-influence"  (a lesson of it; the first by default)
    action    action: "influence 7 c1+c2"            a decision, in notation, for whoever is to play
    undo                                             take back the last decision
    next, back                                       a lesson's steps
    language  lang: "de"                              the board's language (en, de, fr: web/app/languages.py); the
                                                     reply comes at once, the board is redrawn in it once its
                                                     words are fetched. The log and prompt in replies and changes
                                                     stay English (``log``, ``prompt``: what a program reads)

Each gets one answer: ``{"type": "reply", "id", "to": TYPE, "state"}`` or ``{"type": "error", "id", "to", "error":
CODE, "message"}`` (then nothing changed). Every change of the board, whoever made it, is announced once:
``{"type": "change", "cause", "actions", "undone", "log_start", "log", "events", "state"}``; the first message is
``ready``. A message's answer is posted before the change it made (web/page.py posts the answer, then redraws,
which announces), and each message is whole: its state, log and events are of the same moment.

What is sent never holds a secret of the game: positions come from a seat's view (``Game.view``: no dice to come,
no unseen card). With ``host=`` (replies go to that origin only) the view is the board's own seat's, with what
that seat looked at; without it (replies to any origin, ``"*"``) only what every player may know.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from kingsburg import Event, Game, InvalidJSON, parse_json
from kingsburg.i18n import source_language
from kingsburg.lesson import TUTORIAL

from . import host_state
from .embed import Refused
from .languages import LANGUAGES
from .theme import KINDS

if TYPE_CHECKING:
    from .controller import App
    from .update import Update

T = TypeVar("T")
VERSION = 1
MAX_MESSAGE = 400_000  # characters: a lesson is read up to 300,000, a position from the address up to 200,000
MAX_ID = 100
MAX_ACTION = 200
# The fields each type may have besides "kingsburg", "type" and "id" (any other is refused, so a typo is seen).
FIELDS: dict[str, frozenset[str]] = {
    "state": frozenset(),
    "position": frozenset({"position", "play", "seats"}),
    "lesson": frozenset({"lesson", "name", "step", "collection", "chapter"}),
    "action": frozenset({"action"}),
    "undo": frozenset(),
    "next": frozenset(),
    "back": frozenset(),
    "language": frozenset({"lang"}),
}
TYPES = tuple(FIELDS)


class BadMessage(Exception):
    """A message that is not one of the protocol's: ``code`` names the fault for the host's code."""

    def __init__(
        self, code: str, message: str, to: str | None = None, id_: object = None, foreign: bool = False
    ) -> None:
        super().__init__(message)
        self.code = code
        self.to = to
        self.id = id_
        self.foreign = foreign  # an object of another protocol (no "kingsburg" field): answered, not shown


def read(text: object) -> dict[str, Any]:
    """The message in ``text``, checked for its shape (the fields' values are checked by the handlers).
    Raises BadMessage."""
    if not isinstance(text, str):
        raise BadMessage("not-json", "The message is not JSON (an object that JSON.stringify refuses, or no data).")
    try:
        with source_language():  # the host's developer's words (web/app/embed.py): English
            data = parse_json(text, max_bytes=MAX_MESSAGE, what="the message")
    except InvalidJSON as exc:
        raise BadMessage("not-json", f"{str(exc)[:1].upper()}{str(exc)[1:200]}.") from None
    if not isinstance(data, dict):
        raise BadMessage("not-object", f'The message is JSON but not an object: send {{"kingsburg": {VERSION}, ...}}.')
    id_ = data.get("id")
    if id_ is not None and not _good_id(id_):
        raise BadMessage("bad-field", f'"id" must be a string of at most {MAX_ID} characters or an integer.')
    kind = data.get("type")
    to = kind if isinstance(kind, str) and kind in TYPES else None
    version = data.get("kingsburg")
    if version != VERSION or isinstance(version, bool):
        said = f'This board speaks version {VERSION} of the protocol: give "kingsburg": {VERSION}.'
        raise BadMessage("version", said, to, id_, foreign="kingsburg" not in data)
    if to is None:
        known = ", ".join(TYPES)
        raise BadMessage("unknown-type", f"No message type {str(kind)[:40]!r}: the types are {known}.", None, id_)
    extra = sorted(set(data) - {"kingsburg", "type", "id"} - FIELDS[to])
    if extra:
        raise BadMessage("bad-field", f"A {to!r} message has no field {extra[0][:40]!r}.", to, id_)
    return data


def _good_id(value: object) -> bool:
    if isinstance(value, str):
        return len(value) <= MAX_ID
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53


class Seen(NamedTuple):
    """What the host was last told, to announce what changed since."""

    board: object  # the session: another one is another position or lesson
    actions: list[str]  # the game's decisions, to tell a move from an undo (never sent: secret choices in clear)
    shown: list[str]  # the same as the view has them (another seat's secret choice "hidden"): what is sent
    events: list[Event]  # the view's log as records (the log is their text)
    where: tuple[int, object]  # the seat whose view is sent, and the lesson's step


NOTHING_SEEN = Seen(None, [], [], [], (-1, None))


class Host:
    """The board's side of the conversation. ``receive`` answers a message (after doing what it asks);
    ``changes`` announces what changed since it was last called (page.py calls it after every redraw)."""

    def __init__(self, app: App, public: bool) -> None:
        self.app = app
        self.public = public  # replies may reach any origin: only what every player may know
        self._seen: Seen | None = None

    # --- Messages in -----------------------------------------------------------------------------------

    def message(self, text: object) -> tuple[str, Update]:
        """``receive``, and what the page must do after it (a move it made plays its sounds)."""
        self.app.begin_call()
        reply = self.receive(text)
        return reply, self.app.end_call(True)  # the page redraws after every message: the board announces it

    def receive(self, text: object) -> str:
        """The JSON text of the answer to one message; on an error nothing changed and the board says why."""
        try:
            data = read(text)
        except BadMessage as exc:
            return self._refuse(exc)
        to = data["type"]
        try:
            HANDLERS[to](self, data)
        except Refused as exc:
            return self._refuse(BadMessage(exc.code, str(exc), to, data.get("id")))
        return _dump({"kingsburg": VERSION, "type": "reply", "id": data.get("id"), "to": to, "state": self.state()})

    def stranger(self, why: str) -> None:
        """A message meant for this board came from another window than the parent (or another origin than
        ``host=``): the board says it ignored it."""
        self.app.embed_screen.stranger(why)

    def _refuse(self, exc: BadMessage) -> str:
        # Other scripts of the host page post their own objects to every frame (test tools, extensions): such a
        # message is answered, but the board does not show it.
        if not exc.foreign:
            self.app.embed_screen.problem(str(exc))
        reply = {"kingsburg": VERSION, "type": "error", "id": exc.id, "to": exc.to, "error": exc.code}
        return _dump({**reply, "message": str(exc)})

    def _on_state(self, data: dict[str, Any]) -> None:
        pass  # the reply carries the state

    def _on_position(self, data: dict[str, Any]) -> None:
        position, play, seats = data.get("position"), data.get("play", False), data.get("seats")
        if not isinstance(position, dict):
            raise Refused('"position" must be a position object (docs/save-format.md) or a game save.', "bad-field")
        if not isinstance(play, bool):
            raise Refused('"play" must be true or false.', "bad-field")
        if seats is not None and (
            not isinstance(seats, list) or not all(isinstance(k, str) and k in KINDS for k in seats)
        ):
            raise Refused(f'"seats" must be a list of {", ".join(KINDS)}.', "bad-field")
        self.app.embed_screen.position(json.dumps(position), play, seats)

    def _on_lesson(self, data: dict[str, Any]) -> None:
        if "collection" in data or "chapter" in data:
            self._on_collection(data)
            return
        lesson, name = data.get("lesson"), data.get("name")
        if (lesson is None) == (name is None):
            raise Refused('A lesson message gives either "lesson" (the lesson itself) or "name".', "bad-field")
        step = _number(data, "step", "a step number")
        if name is not None:
            if name not in TUTORIAL:
                raise Refused(f'"name" must be a built-in lesson: {", ".join(TUTORIAL)}.', "bad-field")
            self.app.embed_screen.lesson(None, name, step)
        elif not isinstance(lesson, dict):
            raise Refused('"lesson" must be a lesson object (docs/lessons.md).', "bad-field")
        else:
            self.app.embed_screen.lesson(json.dumps(lesson), None, step)

    def _on_collection(self, data: dict[str, Any]) -> None:
        """A lesson of a collection: ``chapter`` (its number) or ``name`` (a built-in lesson it lists), else its
        first; at ``step``."""
        collection, name = data.get("collection"), data.get("name")
        if not isinstance(collection, dict):
            raise Refused(
                '"collection" must be a collection object (docs/lessons.md); "chapter" goes with it.', "bad-field"
            )
        if "lesson" in data:
            raise Refused('A lesson message gives "collection" or "lesson", not both.', "bad-field")
        if name is not None and "chapter" in data:
            raise Refused('A collection\'s lesson is given by "chapter" or "name", not both.', "bad-field")
        if name is not None and not isinstance(name, str):
            raise Refused('"name" must be a built-in lesson\'s name that the collection lists.', "bad-field")
        chapter = _number(data, "chapter", "a lesson's number in the collection")
        step = _number(data, "step", "a step number")
        self.app.embed_screen.collection(json.dumps(collection), str(chapter) if name is None else name, step)

    def _on_action(self, data: dict[str, Any]) -> None:
        action = data.get("action")
        if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION:
            raise Refused(f'"action" must be a decision in notation, at most {MAX_ACTION} characters.', "bad-field")
        self.app.embed_screen.action(action)

    def _on_undo(self, data: dict[str, Any]) -> None:
        self.app.embed_screen.undo()

    def _on_next(self, data: dict[str, Any]) -> None:
        self.app.embed_screen.step(forward=True)

    def _on_back(self, data: dict[str, Any]) -> None:
        self.app.embed_screen.step(forward=False)

    def _on_language(self, data: dict[str, Any]) -> None:
        code = data.get("lang")
        if not isinstance(code, str) or code.strip().lower() not in LANGUAGES:
            listed = ", ".join(f'"{c}"' for c in LANGUAGES)
            raise Refused(f'"lang" must be one of the languages the board speaks: {listed}.', "bad-field")
        self.app.out.language = code.strip().lower()

    # --- Messages out ----------------------------------------------------------------------------------

    def ready(self) -> str:
        """The first message: the board is listening (messages sent before were kept and come next)."""
        self._seen = self._now()
        return _dump({"kingsburg": VERSION, "type": "ready", "state": self.state()})

    def changes(self) -> list[str]:
        """A ``change`` message if the board changed since the last one (or since ``ready``)."""
        now = self._now()
        seen, self._seen = self._seen, now
        if seen is None or now == seen:
            return []
        kept = _common(seen.actions, now.actions)
        undone = len(seen.actions) - kept
        if now.board is not seen.board:
            cause, kept, undone, seen = "open", 0, 0, NOTHING_SEEN
        elif now.where[1] != seen.where[1]:
            # A lesson's step (Back may take moves back, a step moves on with some); a puzzle's answer made is told
            # apart, for the host to record.
            cause = "solved" if self._solved() else "step"
        elif undone:
            cause = "undo"
        elif kept < len(now.actions):
            cause = "move"
        else:
            cause = "view"  # the screen turned to another seat
        start = _common(seen.events, now.events)
        change = {
            "kingsburg": VERSION,
            "type": "change",
            "cause": cause,
            "actions": now.shown[kept:],
            "undone": undone,
            "log_start": start,
            "log": [e.text for e in now.events[start:]],
            "events": [host_state.event(e) for e in now.events[start:]],
            "state": self.state(log=False),
        }
        return [_dump(change)]

    def _now(self) -> Seen:
        app = self.app
        s = app.session if app.mode == "game" else None
        if s is None:
            return NOTHING_SEEN
        seat = self._seat()
        view = self.view(seat)
        return Seen(s, s.game.actions, view.actions, view.events, (seat, s.lesson_step))

    def _solved(self) -> bool:
        """The board is a puzzle whose answer was made."""
        lesson = self.app.session.host_lesson() if self.app.session is not None else None
        return lesson is not None and lesson["puzzle"] is not None and lesson["puzzle"]["solved"] is True

    def _seat(self) -> int:
        """The seat whose view is sent: the screen's, else whoever is to play (else the first)."""
        s = self.app.session
        assert s is not None
        seat = s.host_seat
        if seat is None:
            seat = s.game.to_play
        return 0 if seat is None else seat

    def view(self, seat: int) -> Game:
        """What the host may know: ``seat``'s view, or without ``host=`` only what every player knows (the view
        of no seat's secret: not its look at the enemy card, its soldier token, its secret log lines)."""
        assert self.app.session is not None
        return self.app.session.game.view(seat, public=self.public)

    def state(self, log: bool = True) -> dict[str, Any]:
        """What the host may know of the board now; ``log``: with the whole log, as lines and as events."""
        app = self.app
        s = app.session if app.mode == "game" else None
        if s is None:
            return {"board": "none"}
        game = s.game
        seat = self._seat()
        view = self.view(seat)
        legal = game.legal_actions()
        out: dict[str, Any] = {
            "board": s.host_board,
            "seat": seat,
            "players": game.players,
            "year": game.year,
            "phase": game.phase,
            "to_play": game.to_play,
            "decision": game.decision(),
            "prompt": english(game.prompt),  # what a program reads: English, whatever the board shows
            "decisions": len(game.actions),
            "over": game.is_over(),
            "legal": [str(a) for a in legal],
            # The words of the page's buttons, drawn from the host's view so that they say no more than it.
            "choices": host_state.choices(legal, replace(app.context(), view=view)),
            "position": view.position(),
            "strength": host_state.strength(view),
            "battle": host_state.battle(view),
            "standings": host_state.standings(view),
        }
        lesson = s.host_lesson()
        if lesson is not None:
            out["lesson"] = lesson
        if log:
            events = view.events
            out["log"] = [e.text for e in events]
            out["events"] = [host_state.event(e) for e in events]
        return out


def english(words: Callable[[], str]) -> str:
    """``words()`` in English (the engine's language for programs), whatever language the board shows."""
    with source_language():
        return words()


def _number(data: dict[str, Any], field: str, what: str) -> int:
    """A message's field that counts from 1 (1 when it is not given). Raises Refused."""
    value = data.get(field, 1)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise Refused(f'"{field}" must be {what}: 1, 2, 3…', "bad-field")
    return value


def _common(a: Sequence[T], b: Sequence[T]) -> int:
    """How many items ``a`` and ``b`` begin with in common."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


HANDLERS: dict[str, Callable[[Host, dict[str, Any]], None]] = {
    "state": Host._on_state,
    "position": Host._on_position,
    "lesson": Host._on_lesson,
    "action": Host._on_action,
    "undo": Host._on_undo,
    "next": Host._on_next,
    "back": Host._on_back,
    "language": Host._on_language,
}
"""Each message type's handler: it changes the board or raises Refused having changed nothing."""
