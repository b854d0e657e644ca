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
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OPEN, CLOSE = "\u27e6", "\u27e7"  # ⟦ ⟧: in no message of the page


class Marked(gettext.NullTranslations):
    """Every message between markers: what is shown outside them was never translated."""

    def gettext(self, message: str) -> str:
        return OPEN + message + CLOSE

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return OPEN + (msgid1 if n == 1 else msgid2) + CLOSE

    def pgettext(self, context: str, message: str) -> str:
        return OPEN + message + CLOSE

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return OPEN + (msgid1 if n == 1 else msgid2) + CLOSE


# --- Driving the page's model -----------------------------------------------------------------------------


def _app(search: str = "", storage: object = None) -> object:
    from app.controller import App
    from app.storage import MemoryStorage, SaveStore

    return App(SaveStore(storage if storage is not None else MemoryStorage()), search)


def _shots(app: object) -> Iterator[str]:
    """What the App shows now: each container's HTML, the tab's title, the announcement waiting."""
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
            p = session.game.state.players[session.game.to_play]
            app.handle("clear")  # type: ignore[attr-defined]
            for value, which, pool in [(d, "c", p.dice) for d in action.dice] + [
                (d, "w", p.white) for d in action.white
            ]:
                sel = app.game_screen.sel  # type: ignore[attr-defined]
                chosen = sel.coloured if which == "c" else sel.white
                index = next(i for i, x in enumerate(pool) if x == value and i not in chosen)
                app.handle("die", f"{which}{index}")  # type: ignore[attr-defined]
            for extra in ("token", "market", "envoy"):
                if getattr(action, extra):
                    app.handle("extra", extra)  # type: ignore[attr-defined]
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
    app.handle("edit-close")  # type: ignore[attr-defined]

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


def _lesson_move(app: object, notation: str) -> None:
    from kingsburg import parse_action

    action = parse_action(notation)
    game = app.session.game  # type: ignore[attr-defined]
    if action.kind == "place":
        p = game.state.players[game.to_play]
        app.handle("clear")  # type: ignore[attr-defined]
        for value, which, pool in [(d, "c", p.dice) for d in action.dice] + [(d, "w", p.white) for d in action.white]:
            sel = app.game_screen.sel  # type: ignore[attr-defined]
            chosen = sel.coloured if which == "c" else sel.white
            index = next(i for i, x in enumerate(pool) if x == value and i not in chosen)
            app.handle("die", f"{which}{index}")  # type: ignore[attr-defined]
        for extra in ("token", "market", "envoy"):
            if getattr(action, extra):
                app.handle("extra", extra)  # type: ignore[attr-defined]
    app.handle("act", notation)  # type: ignore[attr-defined]


# --- Reading the text --------------------------------------------------------------------------------------

TAG = re.compile(r"<(/?)([a-zA-Z0-9-]+)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
ATTR = re.compile(r'\b(title|aria-label|placeholder|alt|aria-valuetext|aria-description)="([^"]*)"')
SKIP = re.compile(r"<(script|style|svg|textarea)\b.*?</\1>", re.S)


def texts(markup: str) -> Iterator[str]:
    """The runs of text a person reads or hears in ``markup``: its text between tags (a run goes on across
    inline tags) and its readable attributes."""
    import html

    markup = SKIP.sub(" ", markup)
    for m in ATTR.finditer(markup):
        yield html.unescape(m.group(2))
    for run in TAG.sub(lambda m: "\n" if m.group(2) not in INLINE else "", markup).split("\n"):
        text = html.unescape(run).strip()
        if text:
            yield text


INLINE = {"b", "i", "em", "strong", "small", "span", "a", "abbr", "kbd", "code", "q", "s", "u", "sup", "sub"}
MARKED = re.compile(re.escape(OPEN) + "[^" + re.escape(OPEN + CLOSE) + "]*" + re.escape(CLOSE))
# Not words: numbers, signs, symbols, roman years, dice, notation.
NOT_WORDS = re.compile(r"^[\s\d+\-−–—=±×·.,:;!?()\[\]/#%→←↑↓✕◆●▲■★♪✓…'\"“”‘’IVX]*$")


def leftovers(runs: Iterator[str], known: set[str]) -> Iterator[str]:
    """What is left of each run once its marked messages, the ``known`` texts (names, the engine's words) and
    what is not a word are taken out."""
    for run in runs:
        rest = run
        while True:  # markers nest (a message filled with another): take the innermost first
            stripped = MARKED.sub(" ", rest)
            if stripped == rest:
                break
            rest = stripped
        rest = rest.replace(OPEN, " ").replace(CLOSE, " ")
        for word in sorted(known, key=len, reverse=True):
            if word in rest:
                rest = rest.replace(word, " ")
        rest = re.sub(r"\s+", " ", rest).strip()
        if rest and not NOT_WORDS.match(rest):
            yield rest


def engine_words() -> set[str]:
    """The texts the engine gives (translated there, not in the page): the components' names and texts, the
    variants' titles and texts, the players' default names; log lines and prompts are added as they are seen."""
    from app.theme import DEFAULT_NAMES

    import kingsburg
    from kingsburg import content

    words: set[str] = set(DEFAULT_NAMES) | {"Bo", "Cy"}
    for a in content.ADVISORS:
        words.add(a.name)
    for b in content.BUILDINGS:
        words |= {b.name, getattr(b, "text", "") or ""}
    for e in content.ENEMIES:
        words |= {e.name, e.type}
    for phase in range(1, 9):
        for edition in (1, 2):
            words.add(content.phase_name(phase, edition))
    words |= set(content.PHASES)
    for v in kingsburg.available_variants():
        words |= {str(v.title), str(getattr(v, "summary", "")), str(getattr(v, "help", ""))}
    return {w for w in words if w}


def engine_texts(app_games: list[object]) -> set[str]:
    out: set[str] = set()
    for game in app_games:
        out |= {e.text for e in game.events}  # type: ignore[attr-defined]
    return out


def report(show_engine: bool = False, quick: bool = False) -> list[str]:
    """The page's words left outside the catalogue on the main screens (with ``show_engine``, the engine's too)."""
    import kingsburg.i18n as i18n

    i18n.use(Marked(), "xx")
    try:
        shots = walk(quick)
    finally:
        i18n.use(None)
    known = set() if show_engine else engine_words()
    found: dict[str, None] = {}
    runs = (t for shot in shots for t in texts(shot))
    for left in leftovers(runs, known):
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
