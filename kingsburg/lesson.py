"""Lessons: a starting position and steps that explain, point at the board and wait for the reader's moves.

The format is in docs/lessons.md (schema: docs/schema/lesson.schema.json). ``load_lesson`` checks a lesson
completely before returning it: the position loads, every pointer names a real part of the board, no text holds
HTML, and every expected and scripted move is legal in order, along every path a reader can take through the
alternatives. A bad lesson raises ``InvalidLesson`` naming the step and the reason; nothing half-loads.

``LessonSession`` walks a reader through a lesson (the page and a host page both drive it):

>>> session = LessonSession(load_lesson(builtin_text("01-setup")))
>>> for _ in range(4):
...     session.next()
>>> session.number, session.expected
(5, ('aid gold',))
>>> session.try_move("aid stone").ok, session.game.actions
(False, [])
>>> session.try_move("aid gold").ok, session.game.actions
(True, ['aid gold'])
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .actions import parse as parse_action
from .content import BUILDING_BY_SLUG
from .errors import IllegalAction, InvalidAction, InvalidLesson, InvalidSave, KingsburgError, at
from .game import Game
from .i18n import N_, SOURCE_LANGUAGE, _
from .i18n import language as reader_language
from .inputs import InvalidJSON, parse_json
from .record import POSITION_FORMAT
from .save import load_game

FORMAT = "kingsburg-lesson"
VERSION = 1
MAX_BYTES = 300_000
MAX_STEPS = 200
MAX_TEXT = 1_500
MAX_MOVES = 60  # scripted moves in one step
MAX_PATHS = 64  # ways through a lesson's alternatives: each is replayed when the lesson loads


def package_text(*path: str) -> str:
    """A data file of the engine's package, such as ``package_text("lessons", "tutorial.json")``, read by the
    loader that imported the engine: the page runs it from a zip (its kingsburg.whl), and importing
    importlib.resources would cost every page start ~10 ms in Pyodide."""
    loader: Any = __spec__.loader
    data: bytes = loader.get_data(os.path.join(os.path.dirname(__file__), *path))
    return data.decode("utf-8")


# The built-in tutorial, in the order it is taught: the lessons (kingsburg/lessons/NAME.json) that the collection
# kingsburg/lessons/tutorial.json lists. Its names are all this module needs; kingsburg.collection checks it whole.
TUTORIAL: tuple[str, ...] = tuple(json.loads(package_text("lessons", "tutorial.json"))["lessons"])

# The parts of the board a step may point at: a word, or a word and what it names.
POINT_WORDS = ("calendar", "year", "turn-order", "envoy", "enemy", "log", "court", "choices")
POINT_SEATED = ("goods", "dice", "soldiers", "tokens", "vp", "seat", "sheet")
# The parts of a battle shown by a step's scene: the enemy card, the King's box, a seat's fight.
POINT_BATTLE = ("enemy", "king")
# What a step's scene shows: the last battle fought, told up to a stage (before the reveal, the card, the King's
# soldiers, a seat's fight, or whole), the review of the last year that ended, or the banner of the last productive
# season that ended (what each governor got from the advisors).
SCENE_STAGES = ("approach", "enemy", "king")
SCENES = ("battle", "year", "season")  # a scene's kind (a battle's may name a stage: "battle:king")
MAX_LABEL = 60  # characters of a label put on a pointed part
MAX_ARROWS = 4
MAX_WRONG = 20  # wrong answers one step gives a hint of their own
STEP_KEYS = {"text", "point", "expect", "hint", "wrong", "next", "play", "scene", "labels", "arrows"}
PLAY_KEYS = {"move", "say"}
TOP_KEYS = {"format", "version", "title", "summary", "solved", "then", "start", "steps", "language", "translations"}
THEN_KEYS = {"seats"}
# A translation of the lesson's texts into one language (docs/lessons.md, Translations): its fields, and a step's.
TRANSLATION_KEYS = {"title", "summary", "solved", "steps"}
STEP_TRANSLATION_KEYS = {"text", "hint", "labels", "say", "wrong"}
# A language as a lesson names it: a BCP 47 primary language subtag ("en", "de", "fr", "nds"). Lowercase only, so
# that one language has one spelling in a file; a region ("de-CH") would need fallbacks nobody has asked for yet.
_LANGUAGE = re.compile(r"[a-z]{2,3}")
# A placeholder an author may write in a text ("{name}"): a translation must keep every one its original has.
_PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")

_HTML = re.compile(r"<\s*[A-Za-z/!?]|&#?[A-Za-z0-9]+;")
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")

# The texts of a lesson as its refusals name them (each a sentence's subject: "its hint must be text").
_SOLVED = N_("the success text ('solved')")
_ITS_TEXT = N_("its text")
_ITS_HINT = N_("its hint")
_HINT_FOR = N_("the hint for {name!r}")
_TRANSLATION = N_("the {code!r} translation")
# A step translation's maps: how a text of one is named, and the refusal of one for what the step has none of.
_MAP_WORDS = {
    "labels": (N_("the label of {name!r}"), N_("{key!r} translates {name!r}, which the step has no label for ({has})")),
    "say": (
        N_("the words for move {name!r}"),
        N_("{key!r} translates {name!r}, which the step has no words for ({has})"),
    ),
    "wrong": (_HINT_FOR, N_("{key!r} translates {name!r}, which the step has no hint for ({has})")),
}


@dataclass(frozen=True, slots=True)
class Step:
    number: int  # 1-based, as authors count
    text: str
    point: tuple[str, ...] = ()
    expect: tuple[str, ...] = ()  # canonical action texts; empty: the reader just goes on with Next
    hint: str = ""
    wrong: tuple[tuple[str, str], ...] = ()  # (a wrong answer's canonical text, the hint for it)
    play: tuple[str, ...] = ()  # moves made for the other seats when the step is done
    said: tuple[str, ...] = ()  # what the lesson says of each scripted move as it is shown ("" for nothing)
    scene: str = ""  # "battle", "battle:STAGE", "year", "season" or "" (docs/lessons.md)
    labels: tuple[tuple[str, str], ...] = ()  # (pointer, a short label put on that pointed part)
    arrows: tuple[tuple[str, str], ...] = ()  # (from, to): two board parts, as pointers

    @property
    def label(self) -> str:
        """ "step 3 ("Ann rolls 1, 3 and 5…")": how messages name the step."""
        return _label(self.number, self.text)

    def hint_for(self, move: str) -> str:
        """What a wrong ``move`` (canonical text) is told: its own hint, else the step's, else a default."""
        return dict(self.wrong).get(move) or self.hint or "That is not the move this step asks for."


@dataclass(frozen=True, slots=True)
class StepWords:
    """One step's texts in another language. A text the translation leaves out ("", or a label, a move's words or
    a wrong answer's hint it does not give) is read in the lesson's main language."""

    text: str = ""
    hint: str = ""
    labels: tuple[tuple[str, str], ...] = ()  # (pointer, its label)
    said: tuple[tuple[int, str], ...] = ()  # (a scripted move's number, 1-based, what the lesson says of it)
    wrong: tuple[tuple[str, str], ...] = ()  # (a wrong answer's canonical text, its hint)


@dataclass(frozen=True, slots=True)
class Translation:
    """A lesson's texts in one more language ("translations" in the file): the fields it gives, by step number."""

    language: str
    title: str = ""
    summary: str = ""
    solved: str = ""
    steps: tuple[tuple[int, StepWords], ...] = ()


@dataclass(frozen=True, slots=True)
class Lesson:
    title: str
    summary: str
    start: dict[str, Any]  # a position (docs/save-format.md)
    steps: tuple[Step, ...]
    solved: str = ""  # a puzzle's success text ("": a lesson, not a puzzle)
    then: tuple[str, ...] = ()  # who plays each seat when the reader plays on ("human" or a bot's name); (): people
    language: str = SOURCE_LANGUAGE  # the language of the texts above
    translations: tuple[Translation, ...] = ()  # the same texts in other languages, each possibly incomplete
    # The lesson in each language asked for, made once: the page asks on every redraw (in_language).
    _in: dict[str, Lesson] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def is_puzzle(self) -> bool:
        return bool(self.solved)

    def game(self) -> Game:
        """A fresh game at the lesson's starting position."""
        return load_game(copy.deepcopy(self.start))

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the lesson can be read in: its main language first, then its translations'."""
        return (self.language, *(t.language for t in self.translations))

    def in_language(self, language: str | None = None) -> Lesson:
        """The lesson with its texts in ``language`` (by default the reader's, ``kingsburg.i18n.language()``): a
        translation's texts where it gives them, the main language's elsewhere, field by field. A language the
        lesson has no translation into gives the lesson as written. The result has no translations of its own."""
        wanted = primary_language(language if language is not None else reader_language())
        found = next((t for t in self.translations if t.language == wanted), None)
        if found is None:
            return self
        made = self._in.get(wanted)
        if made is None:
            made = self._in[wanted] = _translated(self, found)
        return made

    def missing(self, language: str) -> tuple[str, ...]:
        """The texts the translation into ``language`` does not give, in the words of the checker ("step 3's
        hint"): each is read in the main language. () for a complete translation (or the main language)."""
        found = next((t for t in self.translations if t.language == primary_language(language)), None)
        if found is None:
            return () if primary_language(language) == self.language else ("every text",)
        out = [] if found.title else ["the title"]
        out += ["the summary"] if self.summary and not found.summary else []
        words = dict(found.steps)
        for step in self.steps:
            w = words.get(step.number, StepWords())
            where = f"step {step.number}'s"
            out += [f"{where} text"] if not w.text else []
            out += [f"{where} hint"] if step.hint and not w.hint else []
            out += [f"{where} label of {p!r}" for p, _ in step.labels if p not in dict(w.labels)]
            out += [
                f"{where} words for move {k}" for k, say in enumerate(step.said, 1) if say and k not in dict(w.said)
            ]
            out += [f"{where} hint for {m!r}" for m, _ in step.wrong if m not in dict(w.wrong)]
        if self.solved and not found.solved:
            out.append("the success text ('solved')")
        return tuple(out)


def primary_language(tag: str) -> str:
    """The primary language subtag of a language tag, as lessons name languages: "de-CH" and "de_CH" -> "de"."""
    return re.split(r"[-_]", tag.strip().lower(), maxsplit=1)[0]


def _translated(lesson: Lesson, tr: Translation) -> Lesson:
    """``lesson`` read in ``tr``'s language: each text from ``tr`` when it gives it, else the lesson's own."""
    words = dict(tr.steps)
    steps = []
    for step in lesson.steps:
        w = words.get(step.number)
        if w is None:
            steps.append(step)
            continue
        labels, said, wrong = dict(w.labels), dict(w.said), dict(w.wrong)
        steps.append(
            dataclasses.replace(
                step,
                text=w.text or step.text,
                hint=w.hint or step.hint,
                labels=tuple((p, labels.get(p, text)) for p, text in step.labels),
                said=tuple(said.get(k, say) if say else say for k, say in enumerate(step.said, 1)),
                wrong=tuple((m, wrong.get(m, hint)) for m, hint in step.wrong),
            )
        )
    return Lesson(
        tr.title or lesson.title,
        tr.summary or lesson.summary,
        lesson.start,
        tuple(steps),
        tr.solved or lesson.solved,
        lesson.then,
        tr.language,
    )


def _label(number: int, text: object) -> str:
    words = str(text).split() if isinstance(text, str) else []
    first = " ".join(words[:6]).replace("*", "")
    if len(words) > 6:
        first += "…"
    return _('step {n} ("{text}")').format(n=number, text=first) if first else _("step {n}").format(n=number)


# --- Loading ----------------------------------------------------------------------------------------------


def load_lesson(text: str | bytes) -> Lesson:
    """Read and check a lesson. Raises InvalidLesson (and nothing else) when it is not a good lesson."""
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what=N_("the lesson"))
    except InvalidJSON as exc:
        raise InvalidLesson(str(exc)) from None
    return lesson_from_dict(d)


def lesson_from_dict(d: object) -> Lesson:
    if not isinstance(d, dict):
        raise InvalidLesson(_("a lesson is a JSON object"))
    if d.get("format") != FORMAT:
        refusal = _("not a lesson: 'format' is {format!r}, expected {expected!r}")
        raise InvalidLesson(refusal.format(format=d.get("format"), expected=FORMAT))
    if d.get("version") != VERSION:
        refusal = _("this is a version {version!r} lesson; this engine reads version {ours}")
        raise InvalidLesson(refusal.format(version=d.get("version"), ours=VERSION))
    unknown = sorted(set(d) - TOP_KEYS)
    if unknown:
        refusal = _("unknown field(s) {names}; a lesson has {fields}")
        raise InvalidLesson(refusal.format(names=", ".join(map(repr, unknown)), fields=", ".join(sorted(TOP_KEYS))))
    title = plain_text(d.get("title"), _("the title"), 120)
    summary = plain_text(d.get("summary", ""), _("the summary"), MAX_TEXT, empty=True)
    start = d.get("start")
    if not isinstance(start, dict) or start.get("format") != POSITION_FORMAT:
        refusal = _("'start' must be a position (an object with \"format\": {format!r})")
        raise InvalidLesson(refusal.format(format=POSITION_FORMAT))
    try:
        game = load_game(copy.deepcopy(start))
    except (InvalidSave, KingsburgError) as exc:
        raise InvalidLesson(_("the starting position is not valid: {error}").format(error=exc)) from None
    raw = d.get("steps")
    if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_STEPS:
        raise InvalidLesson(_("'steps' must be a list of 1 to {most} steps").format(most=MAX_STEPS))
    steps = tuple(_step(s, i + 1, len(game.players)) for i, s in enumerate(raw))
    solved = plain_text(d.get("solved", ""), _(_SOLVED), MAX_TEXT, empty=True)
    if solved and not steps[-1].expect:
        # The success text is shown once the last expected move is made: that move ends the puzzle.
        refusal = _("a puzzle ('solved') ends with a step that expects the answer")
        raise InvalidLesson(at(steps[-1].label, refusal))
    then = _then(d["then"], game.players) if "then" in d else ()
    language = _language(d.get("language", SOURCE_LANGUAGE), "'language'")
    lesson = Lesson(title, summary, copy.deepcopy(start), steps, solved, then, language)
    translations = _translations(d["translations"], lesson) if "translations" in d else ()
    _walk(steps, 0, game, [0])
    return dataclasses.replace(lesson, translations=translations)


def plain_text(value: object, what: str, most: int, empty: bool = False) -> str:
    """A text a lesson or a collection shows the reader, checked: a string of at most ``most`` characters (and not
    blank unless ``empty``), plain text with ``**bold**``, ``*italic*`` and line breaks only: no HTML (``<b``,
    ``</``, ``<!``, ``&amp;``) and no control character but the line break. Returns it stripped; raises
    InvalidLesson naming ``what`` ("the title", "its hint") and the reason.

    >>> plain_text("  Ann hires a **soldier**. ", "its text", 100)
    'Ann hires a **soldier**.'
    >>> plain_text("<b>Ann</b>", "its text", 100)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    kingsburg.errors.InvalidLesson: its text holds HTML ('<b'…): lesson text is plain text with **bold**, ...
    """
    if not isinstance(value, str) or (not value.strip() and not empty):
        raise InvalidLesson(_("{what} must be text").format(what=what))
    if len(value) > most:
        refusal = _("{what} is {n} characters long; at most {most} are allowed")
        raise InvalidLesson(refusal.format(what=what, n=len(value), most=most))
    found = _HTML.search(value)
    if found:
        refusal = _("{what} holds HTML ({found!r}…): lesson text is plain text with **bold**, *italic* and line breaks")
        raise InvalidLesson(refusal.format(what=what, found=found.group()))
    if _CONTROL.search(value):
        raise InvalidLesson(_("{what} holds control characters (only line breaks are allowed)").format(what=what))
    return value.strip()


def _language(value: object, what: str) -> str:
    """A language code as lessons write them: a BCP 47 primary language subtag, 2 or 3 lowercase letters."""
    if not isinstance(value, str) or not _LANGUAGE.fullmatch(value):
        refusal = _(
            "{value!r} is not a language code; write a BCP 47 primary language tag, two or three lowercase letters "
            "such as 'en', 'de' or 'fr'"
        )
        raise InvalidLesson(at(what, refusal.format(value=str(value)[:20])))
    return value


def _translations(value: object, lesson: Lesson) -> tuple[Translation, ...]:
    """``"translations": {"de": {...}, "fr": {...}}``: each language's texts, checked as the originals are (the
    same limits, no HTML) and against them: a text it translates must exist, and keep its {placeholders}."""
    if not isinstance(value, dict) or not value:
        raise InvalidLesson(
            _(
                "'translations' maps a language code to the texts in that language, e.g. "
                '{{"de": {{"title": "...", "steps": {{"1": {{"text": "..."}}}}}}}}'
            ).format()
        )
    out = []
    for code, words in value.items():
        language = _language(code, "'translations'")
        if language == lesson.language:
            refusal = _(
                "'translations' has {code!r}, the lesson's own language ('language'): its texts are the lesson's"
            )
            raise InvalidLesson(refusal.format(code=language))
        out.append(_translation(words, language, lesson))
    return tuple(out)


def _translation(value: object, language: str, lesson: Lesson) -> Translation:
    where = _(_TRANSLATION).format(code=language)
    if not isinstance(value, dict):
        refusal = _("{where} is an object with any of {fields}")
        raise InvalidLesson(refusal.format(where=where, fields=", ".join(sorted(TRANSLATION_KEYS))))
    unknown = sorted(set(value) - TRANSLATION_KEYS)
    if unknown:
        refusal = _("unknown field(s) {names}; it has {fields}")
        names, fields = ", ".join(map(repr, unknown)), ", ".join(sorted(TRANSLATION_KEYS))
        raise InvalidLesson(at(where, refusal.format(names=names, fields=fields)))
    title = _translated_text(value, "title", lesson.title, at(where, _("the title")), 120)
    if "summary" in value and not lesson.summary:
        raise InvalidLesson(_("{where} gives a summary, and the lesson has none to translate").format(where=where))
    summary = _translated_text(value, "summary", lesson.summary, at(where, _("the summary")), MAX_TEXT)
    if "solved" in value and not lesson.solved:
        refusal = _("{where} gives a success text ('solved'), and the lesson is not a puzzle")
        raise InvalidLesson(refusal.format(where=where))
    solved = _translated_text(value, "solved", lesson.solved, at(where, _(_SOLVED)), MAX_TEXT)
    raw = value.get("steps", {})
    if not isinstance(raw, dict):
        refusal = _('\'steps\' maps step numbers to their texts, e.g. {{"1": {{"text": "...", "hint": "..."}}}}')
        raise InvalidLesson(at(where, refusal.format()))
    steps = []
    for key, words in raw.items():
        if not (key.isascii() and key.isdigit() and 1 <= int(key) <= len(lesson.steps)):
            refusal = _("there is no step {key!r}: 'steps' names steps by their number, 1 to {last}")
            raise InvalidLesson(at(where, refusal.format(key=key[:20], last=len(lesson.steps))))
        step = lesson.steps[int(key) - 1]
        try:
            steps.append((step.number, _step_words(words, step)))
        except InvalidLesson as exc:
            raise InvalidLesson(at(step.label, at(where, str(exc)))) from None
    return Translation(language, title, summary, solved, tuple(sorted(steps)))


def _step_words(raw: object, step: Step) -> StepWords:
    if not isinstance(raw, dict):
        refusal = _("a step's translation is an object with any of {fields}")
        raise InvalidLesson(refusal.format(fields=", ".join(sorted(STEP_TRANSLATION_KEYS))))
    unknown = sorted(set(raw) - STEP_TRANSLATION_KEYS)
    if unknown:
        refusal = _("unknown field(s) {names}; a step's translation has {fields}")
        names, fields = ", ".join(map(repr, unknown)), ", ".join(sorted(STEP_TRANSLATION_KEYS))
        raise InvalidLesson(refusal.format(names=names, fields=fields))
    text = _translated_text(raw, "text", step.text, _(_ITS_TEXT), MAX_TEXT)
    if "hint" in raw and not step.hint:
        raise InvalidLesson(_("it gives a hint, and the step has none to translate"))
    hint = _translated_text(raw, "hint", step.hint, _(_ITS_HINT), MAX_TEXT)
    labels = _translated_map(raw.get("labels", {}), dict(step.labels), "labels", MAX_LABEL)
    said = dict(enumerate(step.said, 1))
    says = _translated_map(raw.get("say", {}), {str(k): t for k, t in said.items() if t}, "say", MAX_TEXT)
    wrong = {}
    if not isinstance(raw.get("wrong", {}), dict):
        raise InvalidLesson(_("'wrong' maps wrong answers, as the step writes them, to their hints"))
    for move, hint_for in raw.get("wrong", {}).items():
        try:
            canonical = str(parse_action(move))
        except InvalidAction as exc:
            raise InvalidLesson(_wrong_move(move, exc)) from None
        wrong[canonical] = hint_for
    wrongs = _translated_map(wrong, dict(step.wrong), "wrong", MAX_TEXT)
    return StepWords(
        text, hint, tuple(labels.items()), tuple((int(k), t) for k, t in says.items()), tuple(wrongs.items())
    )


def _translated_text(raw: dict[str, Any], key: str, original: str, what: str, most: int) -> str:
    """A translated text (or "" when ``raw`` gives none): checked as the original is, and for its placeholders."""
    if key not in raw:
        return ""
    text = plain_text(raw[key], what, most)
    _placeholders(original, text, what)
    return text


def _translated_map(value: object, originals: dict[str, str], key: str, most: int) -> dict[str, str]:
    """A translation's labels, move words or wrong answers' hints (``key``): each for one the step has in its main
    language."""
    if not isinstance(value, dict):
        raise InvalidLesson(_("{key!r} maps each of the step's own {key} to its translation").format(key=key))
    what, lacking = _MAP_WORDS[key]
    out = {}
    for name, text in value.items():
        if name not in originals:
            has = ", ".join(map(repr, originals)) or _("none")
            raise InvalidLesson(_(lacking).format(key=key, name=name[:40], has=has))
        out[name] = _translated_text({name: text}, name, originals[name], _(what).format(name=name), most)
    return out


def _placeholders(original: str, translated: str, what: str) -> None:
    """A translation keeps every {placeholder} of its original, and adds none (a misspelt one shows as is)."""
    want, got = set(_PLACEHOLDER.findall(original)), set(_PLACEHOLDER.findall(translated))
    if want - got:
        refusal = _("{what} lacks {names}, which the original has")
        raise InvalidLesson(refusal.format(what=what, names=", ".join(sorted(want - got))))
    if got - want:
        refusal = _("{what} has {names}, which the original does not")
        raise InvalidLesson(refusal.format(what=what, names=", ".join(sorted(got - want))))


def _wrong_move(move: str, exc: InvalidAction) -> str:
    """A wrong answer that is not written in the notation."""
    return at(_("'wrong' {move!r}").format(move=move[:40]), str(exc))


def _step(raw: object, number: int, seats: int) -> Step:
    label = _label(number, raw.get("text") if isinstance(raw, dict) else None)
    try:
        if not isinstance(raw, dict):
            raise InvalidLesson(_("a step is an object with 'text' and 'expect' or 'next'"))
        unknown = sorted(set(raw) - STEP_KEYS)
        if unknown:
            raise InvalidLesson(_("unknown field(s) {names}").format(names=", ".join(map(repr, unknown))))
        text = plain_text(raw.get("text"), _(_ITS_TEXT), MAX_TEXT)
        if ("expect" in raw) == ("next" in raw):
            raise InvalidLesson(_("a step has either 'expect' (moves the reader makes) or \"next\": true"))
        if "next" in raw and raw["next"] is not True:
            raise InvalidLesson(_("'next' must be true"))
        expect = _moves(raw["expect"], "'expect'", 1, 8) if "expect" in raw else ()
        if "hint" in raw and not expect:
            raise InvalidLesson(_("a 'hint' belongs to a step that expects a move"))
        hint = plain_text(raw.get("hint", ""), _(_ITS_HINT), MAX_TEXT, empty=True)
        wrong = _wrong(raw["wrong"], expect) if "wrong" in raw else ()
        play, said = _play(raw.get("play", []))
        scene = _scene(raw.get("scene", ""), seats)
        if scene and expect:
            raise InvalidLesson(_("a step with a 'scene' is one the reader goes on from with Next, not a move"))
        point = raw.get("point", [])
        if not isinstance(point, list) or len(point) > 8:
            raise InvalidLesson(_("'point' must be a list of at most 8 board parts"))
        for p in point:
            _pointer(p, seats, scene)
        labels = _labels(raw.get("labels", {}), point)
        arrows = _arrows(raw.get("arrows", []), seats, scene)
        return Step(number, text, tuple(point), expect, hint, wrong, play, said, scene, labels, arrows)
    except InvalidLesson as exc:
        raise InvalidLesson(at(label, str(exc))) from None


def _moves(value: object, key: str, least: int, most: int) -> tuple[str, ...]:
    """The moves of a step's field ``key`` ("'expect'", "'play'"), in canonical notation."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not least <= len(value) <= most:
        refusal = _("{key} must be a move or a list of {least} to {most} moves in action notation")
        raise InvalidLesson(refusal.format(key=key, least=least, most=most))
    out = []
    for move in value:
        try:
            out.append(str(parse_action(move)))
        except InvalidAction as exc:
            raise InvalidLesson(at(key, str(exc))) from None
    if key == "'expect'" and len(set(out)) != len(out):
        raise InvalidLesson(_("{key} lists the same move twice").format(key=key))
    return tuple(out)


def _wrong(value: object, expect: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """A step's wrong answers, each with its own hint (``{"place 5+4 @9": "..."}``); their legality is checked
    where the step is played (``_walk``)."""
    if not expect:
        raise InvalidLesson(_("'wrong' belongs to a step that expects a move"))
    if not isinstance(value, dict) or not 1 <= len(value) <= MAX_WRONG:
        refusal = _('\'wrong\' maps 1 to {most} wrong moves to a hint each, e.g. {{"place 5+4 @9": "Not the Hunter."}}')
        raise InvalidLesson(refusal.format(most=MAX_WRONG))
    out: dict[str, str] = {}
    for move, hint in value.items():
        try:
            text = str(parse_action(move))
        except InvalidAction as exc:
            raise InvalidLesson(_wrong_move(move, exc)) from None
        if text in expect:
            raise InvalidLesson(_("'wrong' lists {move!r}, which the step expects").format(move=text))
        if text in out:
            raise InvalidLesson(_("'wrong' lists {move!r} twice").format(move=text))
        out[text] = plain_text(hint, _(_HINT_FOR).format(name=text), MAX_TEXT)
    return tuple(out.items())


def _then(value: object, players: list[str]) -> tuple[str, ...]:
    """Who plays each seat when the reader plays on from the lesson: ``{"seats": ["human", "normal"]}``."""
    from .bots import BOTS  # only a lesson that says who plays on pays for importing the bots

    kinds = ("human", *BOTS)
    seats = value.get("seats") if isinstance(value, dict) else None
    if not isinstance(value, dict) or set(value) != THEN_KEYS or not isinstance(seats, list):
        raise InvalidLesson(_("'then' is {{\"seats\": [...]}}: who plays each seat when the reader plays on").format())
    if len(seats) != len(players) or not all(isinstance(k, str) and k in kinds for k in seats):
        refusal = _("'then' gives each of the {n} seats ({players}) one of {kinds}")
        raise InvalidLesson(refusal.format(n=len(players), players=", ".join(players), kinds=", ".join(kinds)))
    return tuple(seats)


def _play(value: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The scripted moves and what the lesson says of each: a move, or ``{"move": ..., "say": ...}``."""
    if isinstance(value, str | dict):
        value = [value]
    if not isinstance(value, list):
        refusal = _("{key} must be a move or a list of {least} to {most} moves in action notation")
        raise InvalidLesson(refusal.format(key="'play'", least=0, most=MAX_MOVES))
    items: list[object] = value
    moves: list[object] = []
    said: list[str] = []
    for k, item in enumerate(items, 1):
        if isinstance(item, dict):
            unknown = sorted(set(item) - PLAY_KEYS)
            if unknown or "move" not in item:
                raise InvalidLesson(_("'play' move {k} is a move, or an object with 'move' and 'say'").format(k=k))
            what = _("what 'play' move {k} says").format(k=k)
            said.append(plain_text(item.get("say", ""), what, MAX_TEXT, empty=True))
            moves.append(item["move"])
        else:
            said.append("")
            moves.append(item)
    played = _moves(moves, "'play'", 0, MAX_MOVES)
    return played, tuple(said) if any(said) else ()


def _scene(value: object, seats: int) -> str:
    if value == "":
        return ""
    if isinstance(value, str):
        kind, _colon, stage = value.partition(":")
        if value in SCENES or (
            kind == "battle" and (stage in SCENE_STAGES or (stage.isdigit() and int(stage) < seats))
        ):
            return value
    refusal = _(
        "'scene' is 'battle', 'battle:STAGE' ({stages}, or a seat 0..{last}: the fights told up to that seat's), "
        "'year' or 'season', not {value!r}"
    )
    raise InvalidLesson(refusal.format(stages=", ".join(SCENE_STAGES), last=seats - 1, value=str(value)[:40]))


def _labels(value: object, point: list[str]) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, dict):
        raise InvalidLesson(_('\'labels\' maps pointed parts to short labels, e.g. {{"advisor:8": "1 gold"}}').format())
    out = []
    for where, text in value.items():
        if where not in point:
            refusal = _("label {part!r} is not on a part the step points at (add it to 'point')")
            raise InvalidLesson(refusal.format(part=where[:40]))
        out.append((where, plain_text(text, _(_MAP_WORDS["labels"][0]).format(name=where), MAX_LABEL)))
    return tuple(out)


def _arrows(value: object, seats: int, scene: str) -> tuple[tuple[str, str], ...]:
    """Arrows from one board part to another: pairs of pointers (any part a step may point at)."""
    if not isinstance(value, list) or len(value) > MAX_ARROWS:
        refusal = _("'arrows' must be a list of at most {most} [from, to] pairs of board parts")
        raise InvalidLesson(refusal.format(most=MAX_ARROWS))
    out = []
    for pair in value:
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            refusal = _('an arrow is [from, to], two different board parts such as ["dice:0", "advisor:8"]: {pair}')
            raise InvalidLesson(refusal.format(pair=str(pair)[:60]))
        for end in pair:
            _pointer(end, seats, scene)
        out.append((pair[0], pair[1]))
    return tuple(out)


def _pointer(p: object, seats: int, scene: str = "") -> None:
    """Refuse anything outside the closed vocabulary (docs/lessons.md)."""
    if not isinstance(p, str):
        raise InvalidLesson(_("a pointer is text such as 'advisor:8', not {pointer!r}").format(pointer=p))
    word, _colon, rest = p.partition(":")
    if word == "battle":
        if not scene.startswith("battle"):
            refusal = _('cannot point at {pointer!r}: the step shows no battle (give it "scene": "battle")')
            raise InvalidLesson(refusal.format(pointer=p))
        if rest in POINT_BATTLE or (rest.isdigit() and int(rest) < seats):
            return
    if word == "review":
        if scene != "year":
            refusal = _('cannot point at {pointer!r}: the step shows no year\'s review (give it "scene": "year")')
            raise InvalidLesson(refusal.format(pointer=p))
        if rest.isdigit() and int(rest) < seats:
            return
    if word == "season":
        if scene != "season":
            refusal = _('cannot point at {pointer!r}: the step shows no season\'s banner (give it "scene": "season")')
            raise InvalidLesson(refusal.format(pointer=p))
        if rest.isdigit() and int(rest) < seats:
            return
    if word in POINT_WORDS and not rest:
        return
    if word == "advisor" and rest.isdigit() and 1 <= int(rest) <= 18:
        return
    if word == "building":
        slug, _colon, seat = rest.partition(":")
        if slug in BUILDING_BY_SLUG and (not seat or (seat.isdigit() and int(seat) < seats)):
            return
    if word in POINT_SEATED and rest.isdigit() and int(rest) < seats:
        return
    refusal = _(
        "cannot point at {pointer!r}: point at {words}, advisor:1..18, building:SLUG[:SEAT], {seated}:SEAT (seats "
        "0..{last}) or, on a battle's scene, battle:{battle}/SEAT, on a year's review, review:SEAT, and on a season's "
        "banner, season:SEAT"
    )
    raise InvalidLesson(
        refusal.format(
            pointer=p[:40],
            words=", ".join(POINT_WORDS),
            seated="/".join(POINT_SEATED),
            last=seats - 1,
            battle="/".join(POINT_BATTLE),
        )
    )


def shown_battle(game: Game) -> int | None:
    """The year of the last battle fought in ``game`` (what a "battle" scene shows), if one was."""
    return next((e.year for e in reversed(game.events) if e.kind == "fight"), None)


def ended_year(game: Game) -> int | None:
    """The last year that ended in ``game`` (what a "year" scene shows), if one did."""
    for e in reversed(game.events):
        if e.kind == "end":
            return 5
        if e.kind == "year" and e.year > 1:
            return e.year - 1
    return None


def ended_season(game: Game) -> tuple[int, int] | None:
    """The last productive season (year, phase) that ended in ``game`` (what a "season" scene shows): one whose
    dice were placed (or passed) in ``game``, so that its advisors gave everything in it, and whose events a later
    phase's follow. None before the first such season ends (a lesson that starts after the influencing, at the
    season's building, has none)."""
    seasons = set(game.season_phases())
    current: tuple[int, int] | None = None
    ended: tuple[int, int] | None = None
    for e in game.events:
        moment = (e.year, e.phase)
        if current is not None and moment > current:
            ended, current = current, None
        if e.phase in seasons and e.kind in ("place", "pass"):
            current = moment
    return ended


def _check_scene(step: Step, game: Game) -> None:
    """A scene shows what happened in the lesson: a battle fought, a year or a season ended, since its start."""
    if step.scene == "year" and ended_year(game) is None:
        raise InvalidLesson(at(step.label, _("its scene is the year's review, but no year has ended by then")))
    if step.scene == "season" and ended_season(game) is None:
        refusal = _(
            "its scene is a season's banner, but no productive season whose dice were placed in the lesson has ended "
            "by then"
        )
        raise InvalidLesson(at(step.label, refusal))
    if step.scene.startswith("battle"):
        year = shown_battle(game)
        if year is None:
            raise InvalidLesson(at(step.label, _("its scene is a battle, but no battle has been fought by then")))
        fought = {e.seat for e in game.events if e.kind == "fight" and e.year == year}
        seat = step.scene.partition(":")[2]
        named = [int(seat)] if seat.isdigit() else []
        parts = [*step.point, *(end for arrow in step.arrows for end in arrow)]
        named += [int(p[7:]) for p in parts if p.startswith("battle:") and p[7:].isdigit()]
        for s in named:
            if s not in fought:
                refusal = _("{name} did not fight in the battle of year {year}")
                raise InvalidLesson(at(step.label, refusal.format(name=game.players[s], year=year)))


@dataclass(frozen=True, slots=True)
class Played:
    """A scripted move as the reader is shown it: who made it, what the lesson says of it (``say``, may be "")
    and the log's line for it ("" when it logged none of its own)."""

    seat: int | None
    move: str
    say: str
    line: str


def _perform(game: Game, step: Step, move: str | None) -> tuple[Played, ...]:
    """The reader's ``move`` (None for a Next step) and the step's scripted moves, which are the other seats'
    (docs/lessons.md): one that is the reader's seat's decision belongs in a later step's ``expect``. Returns the
    scripted moves as played. Raises InvalidLesson."""
    played = []
    reader = None
    if move is not None:
        reader = game.to_play
        try:
            game.apply(move)
        except IllegalAction as exc:
            refusal = _("the expected move {move!r} is not legal here ({error})")
            raise InvalidLesson(at(step.label, refusal.format(move=move, error=exc))) from None
    for i, scripted in enumerate(step.play, 1):
        if reader is not None and game.to_play == reader:
            refusal = _(
                "scripted move {i} {move!r} would be {name}'s, the seat the reader moves for in this step: 'play' "
                "makes the other seats' moves; {name}'s next one is a later step's 'expect'"
            )
            raise InvalidLesson(at(step.label, refusal.format(i=i, move=scripted, name=game.players[reader])))
        seat, first = game.to_play, len(game.events)
        try:
            game.apply(scripted)
        except IllegalAction as exc:
            refusal = _("scripted move {i} {move!r} is not legal here ({error})")
            raise InvalidLesson(at(step.label, refusal.format(i=i, move=scripted, error=exc))) from None
        # The move's own line: what it logged before anything that followed it (a pass may log nothing).
        own = game.events[first] if len(game.events) > first else None
        line = own.text if own is not None and own.seat == seat else ""
        played.append(Played(seat, scripted, step.said[i - 1] if step.said else "", line))
    return tuple(played)


def _walk(steps: tuple[Step, ...], k: int, game: Game, paths: list[int]) -> None:
    """Play the lesson from step ``k`` along the first expected moves; branch off at every other alternative so
    that no choice a reader may make leads to a step that cannot be played."""
    while k < len(steps):
        step = steps[k]
        _check_scene(step, game)
        for move, _hint in step.wrong:
            try:
                game.parse(move)
            except IllegalAction as exc:
                refusal = _("the wrong answer {move!r} is not legal here ({error})")
                raise InvalidLesson(at(step.label, refusal.format(move=move, error=exc))) from None
        for other in step.expect[1:]:
            paths[0] += 1
            if paths[0] > MAX_PATHS:
                refusal = _("more than {most} ways through the lesson's alternatives")
                raise InvalidLesson(at(step.label, refusal.format(most=MAX_PATHS)))
            branch = game.clone()
            try:
                _perform(branch, step, other)
                _walk(steps, k + 1, branch, paths)
            except InvalidLesson as exc:
                refusal = _("{error} (when {move!r} is played at step {n})")
                raise InvalidLesson(refusal.format(error=exc, move=other, n=step.number)) from None
        _perform(game, step, step.expect[0] if step.expect else None)
        k += 1


# --- The built-in lessons -----------------------------------------------------------------------------------


def builtin_text(name: str) -> str:
    """The JSON text of a built-in lesson (one of TUTORIAL)."""
    if name not in TUTORIAL:
        raise KingsburgError(
            _("no built-in lesson {name!r}; they are {names}").format(name=name, names=", ".join(TUTORIAL))
        )
    return package_text("lessons", f"{name}.json")


# --- A reader going through a lesson ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    ok: bool
    message: str  # the hint after a wrong try; "" when the move was right


class LessonSession:
    """One reader's way through a lesson. ``game`` is the situation shown (do not change it: moves go through
    ``try_move``); ``back`` restores the exact earlier situation; ``leave`` hands over a normal Game."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self._games = [lesson.game()]  # the situation at the start of each step reached
        self._played: list[tuple[Played, ...]] = [()]  # the scripted moves that led to each of those situations
        self._path: list[str] = []  # what the reader did at each step passed: a move, or "" for Next
        self.tries = 0  # wrong tries at this step
        self.shown = False  # the answer was asked for at this step
        self._missed = ""  # the last wrong move tried at this step (its hint is shown)
        # The reader's record, over the whole lesson (a puzzle's host is told it): wrong tries, and "Show me".
        self.wrong_tries = 0
        self.helped = False

    @classmethod
    def resume(cls, lesson: Lesson, path: list[str]) -> LessonSession:
        """A session that has gone through ``path`` (from ``path``); a path that does not fit the lesson (it
        was changed since) starts again from its first step."""
        session = cls(lesson)
        if not isinstance(path, list) or len(path) > len(lesson.steps):
            return session
        for move in path:
            if move == "" and session.can_next:
                session.next()
            elif not isinstance(move, str) or not move or not session.try_move(move).ok:
                return cls(lesson)
        return session

    @classmethod
    def at_step(cls, lesson: Lesson, number: int) -> LessonSession:
        """A session opened at step ``number`` (1 is the first), the steps before it done as the lesson expects
        (Next, or the first of the moves a step expects). Raises KingsburgError for a step the lesson lacks."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(lesson.steps):
            refusal = _("the lesson has steps 1 to {last}, not {number!r}")
            raise KingsburgError(refusal.format(last=len(lesson.steps), number=number))
        session = cls(lesson)
        while session.number < number:
            session._advance(session.expected[0] if session.expected else None)
        return session

    # --- Where the reader is ----------------------------------------------------------------------------

    @property
    def index(self) -> int:
        """0-based index of the current step; ``len(lesson.steps)`` once the lesson is finished."""
        return len(self._path)

    @property
    def number(self) -> int:
        return self.index + 1

    @property
    def total(self) -> int:
        return len(self.lesson.steps)

    @property
    def finished(self) -> bool:
        return self.index == self.total

    @property
    def localized(self) -> Lesson:
        """The lesson as the reader reads it now: in ``kingsburg.i18n.language()`` where the lesson has a translation
        into it, else in its main language. Asked afresh each time, so a change of language shows at the next
        redraw; the session keeps nothing in a language (the situation, the path and the tries are the same in all)."""
        return self.lesson.in_language()

    @property
    def step(self) -> Step | None:
        """The current step, its texts in the reader's language (``localized``)."""
        return None if self.finished else self.localized.steps[self.index]

    @property
    def game(self) -> Game:
        return self._games[-1]

    @property
    def path(self) -> list[str]:
        """What the reader did at each step so far (a move, or "" for Next): ``resume`` takes it."""
        return list(self._path)

    @property
    def played(self) -> tuple[Played, ...]:
        """The scripted moves the last step ended with, as the reader is to be shown them (none at the start), with
        what the lesson says of each in the reader's language."""
        moves = self._played[-1]
        said = self.localized.steps[self.index - 1].said if moves else ()
        return tuple(dataclasses.replace(p, say=said[k]) if said else p for k, p in enumerate(moves))

    @property
    def expected(self) -> tuple[str, ...]:
        step = self.step
        return step.expect if step else ()

    @property
    def hint(self) -> str:
        """The hint for the last wrong move tried at this step: its own (``wrong``), else the step's ("" before
        any)."""
        step = self.step
        if not step or not self.tries:
            return ""
        return step.hint_for(self._missed)

    def is_hint(self, message: str) -> bool:
        """Whether ``message`` is the hint for the last wrong move tried at this step, in any of the lesson's
        languages: a page that kept the message shows ``hint`` instead, in the language shown now."""
        step = self.index
        return bool(self.tries) and any(
            message == self.lesson.in_language(code).steps[step].hint_for(self._missed)
            for code in self.lesson.languages
        )

    @property
    def solved(self) -> bool:
        """A puzzle whose answer was made (with "Show me" or not: ``helped`` says)."""
        return self.lesson.is_puzzle and self.finished

    def answer(self) -> str:
        """The move the step asks for, shown on request ("Show me")."""
        if not self.expected:
            raise KingsburgError(_("this step asks for no move: go on with Next"))
        self.shown = self.helped = True
        return self.expected[0]

    # --- Moving through it ------------------------------------------------------------------------------

    @property
    def can_back(self) -> bool:
        return self.index > 0

    @property
    def can_next(self) -> bool:
        return not self.finished and not self.expected

    def back(self) -> None:
        if not self.can_back:
            raise KingsburgError(_("this is the lesson's first step"))
        self._games.pop()
        self._played.pop()
        self._path.pop()
        self._fresh_step()

    def next(self) -> None:
        """Go on from a step that asks for no move (its scripted moves are played)."""
        if not self.can_next:
            raise KingsburgError(_("this step waits for a move") if self.expected else _("the lesson is finished"))
        self._advance(None)

    def try_move(self, move: Action | str) -> Outcome:
        """The reader's move: if it is one the step expects, it is made (with the step's scripted moves after
        it); otherwise nothing changes and the hint is returned."""
        if not self.expected:
            return Outcome(False, _("This step asks for no move: go on with Next."))
        try:
            text = str(move if isinstance(move, Action) else parse_action(move))
        except InvalidAction as exc:
            return Outcome(False, f"{exc}.")
        if text not in self.expected:
            self.tries += 1
            self.wrong_tries += 1
            self._missed = text
            return Outcome(False, self.hint)
        self._advance(text)
        return Outcome(True, "")

    def leave(self) -> Game:
        """A normal game from the current situation (the lesson's moves so far are its history)."""
        return self.game.clone()

    def _advance(self, move: str | None) -> None:
        assert not self.finished
        step = self.lesson.steps[self.index]
        game = self.game.clone()
        played = _perform(game, step, move)  # checked when the lesson loaded: cannot fail
        self._games.append(game)
        self._played.append(played)
        self._path.append(move or "")
        self._fresh_step()

    def _fresh_step(self) -> None:
        self.tries = 0
        self.shown = False
        self._missed = ""
