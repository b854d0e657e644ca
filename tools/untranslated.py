"""The words of the page that do not go through the message catalogue: render the main screens of the page's
model (``web/app/``) on CPython with a fake translation that wraps every message in markers, and list the visible
text left outside them (text nodes and the attributes a person reads or hears: title, aria-label, placeholder,
alt), numbers, names and notation excepted.

    .venv/bin/python tools/untranslated.py            # the page's words left unwrapped (exit 1 if any)
    .venv/bin/python tools/untranslated.py --engine   # also the engine's words (log lines, prompts, names)
    .venv/bin/python tools/untranslated.py --dump F   # no markers: the screens' English HTML into F, to compare
                                                      # before and after a change (it must stay byte-identical)

The engine's own sentences (``kingsburg/``: log lines, prompts, advisors, buildings, enemies, variants' texts)
are translated in the engine, not here: they are told apart by being the engine's text (``ENGINE``) and listed
only with ``--engine``. ``tests/web/test_untranslated.py`` runs ``walk`` and fails on any page word left out.
"""

from __future__ import annotations

import argparse
import gettext
import json
import re
import string
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: in no message of the page


def mark(message: str) -> str:
    """``message`` with each of its literal pieces between markers and its ``{fields}`` left outside, so that what
    fills a field is checked on its own (a field filled with an untranslated word shows outside the markers)."""
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(message):
        if literal:
            out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
        if field is not None:
            out.append("{" + field + ("!" + conversion if conversion else "") + (":" + spec if spec else "") + "}")
    return "".join(out)


class Marked(gettext.NullTranslations):
    """Every message's words between markers: what is shown outside them was never translated."""

    def gettext(self, message: str) -> str:
        return mark(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return mark(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return mark(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return mark(msgid1 if n == 1 else msgid2)


# --- Driving the page's model -----------------------------------------------------------------------------


def _app(search: str = "", storage: object = None) -> object:
    from app.controller import App
    from app.storage import MemoryStorage, SaveStore

    return App(SaveStore(storage if storage is not None else MemoryStorage()), search)


ENGINE: set[str] = set()
"""The engine's sentences met on the way (log lines, prompts, choices' effects, variants' lines, refusals)."""


def _engine_seen(app: object) -> None:
    session = getattr(app, "session", None)
    if session is None or getattr(app, "mode", "") != "game":
        return
    game = session.game
    view = session.view()
    ENGINE.update(e.text for e in view.events)
    ENGINE.update(e.text for e in game.events)
    ENGINE.add(view.prompt())
    for action in game.legal_actions() if game.to_play is not None else []:
        ENGINE.add(view.effect(action))
    for _title, lines in view.variant_board(session.viewer):
        for label, text in lines:
            ENGINE.update((label, text))
    for e in game.events:  # a damaged piece of data, a refusal: the engine's own words
        ENGINE.update(str(v) for v in e.data.values() if isinstance(v, str))
    if view.decision() == "build":  # why a building cannot be built: the engine's refusal
        from kingsburg import BUILDINGS, KingsburgError

        for b in BUILDINGS:
            for envoy in ("", " envoy"):
                try:
                    view.parse(f"build {b.slug}{envoy}")
                except KingsburgError as exc:
                    ENGINE.add(str(exc))


def _shots(app: object) -> Iterator[str]:
    """What the App shows now: each container's HTML, the tab's title, the announcement waiting."""
    _engine_seen(app)
    views = app.views()  # type: ignore[attr-defined]
    yield from views.values()
    yield "<title>" + app.title() + "</title>"  # type: ignore[attr-defined]
    said = app.announcement(1e9)  # type: ignore[attr-defined]
    if said:
        yield "<p>" + said + "</p>"


def _play(app: object, shots: list[str], limit: int, every: int = 1) -> None:
    """Play on (people choose their first legal action, computers think) taking a shot at every ``every``-th
    person's decision and at every scene, until the game ends or ``limit`` decisions were made."""
    from kingsburg import parse_action

    made = 0
    while made < limit:
        while app.computer_due() or app.game_screen.scenes:  # type: ignore[attr-defined]
            if app.game_screen.scenes:  # type: ignore[attr-defined]
                shots.extend(_shots(app))
                app.handle("scene-next")  # type: ignore[attr-defined]
                continue
            turn = app.bot_turn()  # type: ignore[attr-defined]
            while not turn.work(0.005):
                pass
            app.finish_bot(turn)  # type: ignore[attr-defined]
        session = app.session  # type: ignore[attr-defined]
        if session.game.is_over():
            return
        if session.handover is not None:
            shots.extend(_shots(app))
            app.handle("reveal")  # type: ignore[attr-defined]
            continue
        legal = session.game.legal_actions()
        action = legal[(made * 7) % len(legal)]
        if made % every == 0:
            shots.extend(_shots(app))
        if action.kind == "place":
            _select(app, action)
            if made % every == 0:
                shots.extend(_shots(app))
        app.handle("act", str(parse_action(str(action))))  # type: ignore[attr-defined]
        app.save_now()  # type: ignore[attr-defined]
        made += 1


def walk(quick: bool = False) -> list[str]:
    """The HTML of the main screens: the start screen (and its rules), a game with computers (its decisions,
    the winter scene, the year's review, the end, the replay), a hotseat hand-over, a second-edition game with a
    scenario and a module, the share dialog, the editor, the tutorial's lessons and the lessons list."""
    from app.storage import MemoryStorage

    from kingsburg.lesson import TUTORIAL, builtin_text

    shots: list[str] = []
    storage = MemoryStorage()
    app = _app("", storage)
    shots.extend(_shots(app))
    app.handle("rules")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("close-rules")  # type: ignore[attr-defined]
    app.handle("edit-open", "new")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("edit-field", "9", "year")  # type: ignore[attr-defined]  # refused: said
    app.handle("edit-field", "6 6 x", "dice")  # type: ignore[attr-defined]
    app.handle("edit-copy", "short")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("share-failed")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("edit-close")  # type: ignore[attr-defined]

    # What the page says of a bad address, of a storage it may not use, of a frame; the rescue screen.
    from app.controller import App
    from app.rescue import rescue_screen
    from app.storage import SaveStore

    shots.extend(_shots(_app("?seats=human,robot&speed=warp&theme=pink&seed=x&names=a&lesson=nope&zz=1")))
    shots.extend(_shots(App(SaveStore(None), "")))
    shots.extend(_shots(App(SaveStore(MemoryStorage()), "?seats=human,random", framed=True)))
    shots.extend(_shots(_app("?embed=1")))
    shots.append(rescue_screen("Something failed."))
    ECHOED.update({"Something failed.", "speed", "theme", "light", "dark"})

    # A game against the computers, to its end: its screens, scenes, results and replay.
    app = _app("?seats=human,normal,random&seed=3&speed=instant", storage)
    _play(app, shots, 10_000, every=1 if not quick else 5)
    for action in ("results", "rules", "close-rules", "share", "share-close", "replay-current"):
        app.handle(action)  # type: ignore[attr-defined]
        shots.extend(_shots(app))
    app.handle("replay-step", "-1")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("replay-close")  # type: ignore[attr-defined]
    app.handle("home")  # type: ignore[attr-defined]
    shots.extend(_shots(app))  # the saved games and the record
    app.handle("delete", app.store.list()[0]["id"])  # type: ignore[attr-defined]
    shots.extend(_shots(app))

    # Mid-game: the hint, the share dialog, the editor on the game; a hotseat's hand-over.
    app = _app("?seats=human,human,normal&seed=5&speed=instant", MemoryStorage())
    _play(app, shots, 12)
    app.handle("hint")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("share")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("share-close")  # type: ignore[attr-defined]
    app.handle("undo")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("edit-open", "game")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    app.handle("edit-close")  # type: ignore[attr-defined]

    # The second edition with a scenario and a module: their parts of the table and of the winter scene.
    for search in (
        "?seats=human,random&seed=2&speed=instant&edition=2&scenario=goblin-valley&module=soldier-tokens",
        "?seats=human,random&seed=4&speed=instant&edition=2&scenario=demanding-capital",
        "?seats=human,random&seed=6&speed=instant&edition=2&module=wheel-and-deal",
    ):
        app = _app(search, MemoryStorage())
        if getattr(app, "session", None) is not None:
            _play(app, shots, 10_000 if not quick else 40, every=1 if not quick else 4)

    # The tutorial, every step of every lesson, and the lessons' list.
    app = _app("", MemoryStorage())
    for number, name in enumerate(TUTORIAL, 1):
        app.handle("lesson-text", builtin_text(name))  # type: ignore[attr-defined]
        board = app.session  # type: ignore[attr-defined]
        for _ in range(200):
            shots.extend(_shots(app))
            if board.lesson.finished:
                break
            if board.lesson.can_next:
                app.handle("lesson-next")  # type: ignore[attr-defined]
            else:
                if number == 1:  # a wrong move, Show me
                    app.handle("act", "pass")  # type: ignore[attr-defined]
                    shots.extend(_shots(app))
                    app.handle("lesson-show")  # type: ignore[attr-defined]
                    shots.extend(_shots(app))
                _lesson_move(app, board.lesson.expected[0])
        if quick and number >= 2:
            break
    app.handle("lesson-list")  # type: ignore[attr-defined]
    shots.extend(_shots(app))
    return shots


def _select(app: object, action: object) -> None:
    """Select a placement's dice and extras as a player taps them (the screen's buttons, not the engine)."""
    game = app.session.game  # type: ignore[attr-defined]
    p = game.state.players[game.to_play]
    app.handle("clear")  # type: ignore[attr-defined]
    for value, which, pool in [(d, "c", p.dice) for d in action.dice] + [(d, "w", p.white) for d in action.white]:  # type: ignore[attr-defined]
        sel = app.game_screen.sel  # type: ignore[attr-defined]
        chosen = sel.coloured if which == "c" else sel.white
        index = next(i for i, x in enumerate(pool) if x == value and i not in chosen)
        app.handle("die", f"{which}{index}")  # type: ignore[attr-defined]
    for extra in ("token", "market", "envoy"):
        if getattr(action, extra):
            app.handle("extra", extra)  # type: ignore[attr-defined]


def _lesson_move(app: object, notation: str) -> None:
    from kingsburg import parse_action

    action = parse_action(notation)
    if action.kind == "place":
        _select(app, action)
    app.handle("act", notation)  # type: ignore[attr-defined]


# --- Reading the text --------------------------------------------------------------------------------------

ATTR = re.compile(r'\b(title|aria-label|placeholder|alt|aria-valuetext|aria-description)="([^"]*)"')
SKIP = re.compile(r"<(script|style|svg|textarea)\b.*?</\1>", re.S)
MARKED = re.compile(re.escape(OPEN) + "[^" + re.escape(OPEN + CLOSE) + "]*" + re.escape(CLOSE))
TAG = re.compile(r"<[^>]*>")
# Not words: numbers, signs, symbols, roman years, dice, notation.
NOT_WORDS = re.compile(r"^[\s\d+\-−–—=±×·.,:;!?()\[\]/#%→←↑↓✕◆●▲■★♪✓○…'\"“”‘’IVX<>«»‹›⇤⇥◀▶]*$")


def texts(markup: str) -> Iterator[str]:
    """The text a person reads or hears in ``markup`` once the translated words (between markers) are taken out:
    each text node left, and each readable attribute's text left."""
    import html

    markup = SKIP.sub("<x>", markup)
    attrs = [html.unescape(m.group(2)) for m in ATTR.finditer(markup)]
    for text in [TAG.sub("<x>", markup), *attrs]:
        while True:  # take the marked words out (markup inside them too): a gap where they were
            stripped = MARKED.sub("<x>", text)
            if stripped == text:
                break
            text = stripped
        for node in TAG.split(TAG.sub("<x>", text)):
            node = re.sub(r"\s+", " ", html.unescape(node)).strip()
            if node:
                yield node


def leftovers(runs: Iterator[str], names: set[str], corpus: str | None) -> Iterator[str]:
    """The texts that are words: not a player's name, not a number or sign, and (unless ``corpus`` is None) not
    the engine's text (found in ``corpus``)."""
    for piece in runs:
        if NOT_WORDS.match(piece) or QUOTED.match(piece) or piece in ECHOED:
            continue
        words = piece
        for name in names:
            words = words.replace(name, " ")
        if NOT_WORDS.match(words.strip()):
            continue
        if corpus is not None and all(_engine(chunk, corpus) for chunk in CHUNKS.split(piece)):
            continue
        yield piece


CHUNKS = re.compile(r"[.;:,]\s+|\s+[·/]\s+|\s+=\s+")
LEAD = re.compile(r"^[\s\d+\-−–./#()×]+|[\s.,:;()]+$")


def _engine(chunk: str, corpus: str) -> bool:
    """Whether a piece of a text is the engine's (or a number, a sign, a name): found whole in ``corpus`` once
    the numbers and signs it starts with are taken off."""
    bare = LEAD.sub("", chunk)
    if not bare or NOT_WORDS.match(bare) or bare in NAMES:
        return True
    return re.search(r"(?<!\w)" + re.escape(bare) + r"(?!\w)", corpus) is not None


ECHOED: set[str] = set()
"""What the walk typed that the page says back (a bad address's values, an error's text) and the address's own
words (its parameters and their values: notation, never translated)."""
QUOTED = re.compile(r"^'[^']*'$")  # a value the page repeats as it was typed (repr)

NAMES = {"Ann", "Brian", "Cindy", "David", "Erin", "Bo", "Cy", "Kingsburg"}
"""The players' names in the walk (the default names, the lessons'), and the game's: never translated."""


def endonyms() -> set[str]:
    """The language switch names each language in itself (web/app/languages.py): never translated."""
    from web.app.languages import LANGUAGES

    return set(LANGUAGES.values())


def engine_corpus() -> str:
    """The texts the engine gives (translated in the engine, not by the page): the components' names and texts,
    the variants' titles and texts, the phases, the built-in lessons' texts (translated with the lessons), and
    the sentences met on the way (``ENGINE``), one a line."""
    import kingsburg
    from kingsburg import content
    from kingsburg.lesson import TUTORIAL, builtin_text, package_text

    words: set[str] = set(ENGINE)
    for a in content.ADVISORS:
        words |= {a.name, a.text}
    for b in content.BUILDINGS:
        words |= {b.name, b.effect, b.short or ""}
    for e in content.ENEMIES:
        words |= {e.name, e.type, e.describe()}
    for phase in range(1, 9):
        for edition in (1, 2):
            words.add(content.phase_name(phase, edition))
    words |= set(content.PHASES)
    for v in kingsburg.available_variants():
        words |= {str(v.title), str(getattr(v, "summary", "")), str(getattr(v, "help", ""))}

    def strings(value: object) -> Iterator[str]:
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, list):
            for v in value:
                yield from strings(v)

    for name in TUTORIAL:
        words |= set(strings(json.loads(builtin_text(name))))
    words |= set(strings(json.loads(package_text("lessons", "tutorial.json"))))
    return "\n".join(w for w in words if w)


def report(show_engine: bool = False, quick: bool = False) -> list[str]:
    """The page's words left outside the catalogue on the main screens (with ``show_engine``, the engine's and
    the lessons' too)."""
    from app.session import SPEEDS
    from app.theme import KINDS

    import kingsburg.i18n as i18n

    ENGINE.clear()
    ECHOED.clear()
    ECHOED.update({", ".join(SPEEDS), ", ".join(KINDS)})
    i18n.use(Marked(), "xx")
    try:
        shots = walk(quick)
    finally:
        i18n.use(None)
    corpus = None if show_engine else engine_corpus()
    found: dict[str, None] = {}
    runs = iter(dict.fromkeys(t for shot in dict.fromkeys(shots) for t in texts(shot)))  # each once
    for left in leftovers(runs, NAMES | endonyms(), corpus):
        found.setdefault(left, None)
    return list(found)


def _paths(root: Path) -> None:
    for path in (root / "web", root):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--engine", action="store_true", help="list the engine's words too")
    parser.add_argument("--quick", action="store_true", help="fewer screens (a shorter walk)")
    parser.add_argument("--dump", metavar="FILE", help="write the screens' English HTML to FILE and stop")
    parser.add_argument("--root", default=str(ROOT), help="the checkout whose page is rendered")
    args = parser.parse_args(argv)
    _paths(Path(args.root))
    if args.dump:
        Path(args.dump).write_text(json.dumps(walk(args.quick), indent=0, ensure_ascii=False), encoding="utf-8")
        return 0
    left = report(args.engine, args.quick)
    for text in left:
        print(text)
    print(f"{len(left)} texts outside the catalogue", file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
