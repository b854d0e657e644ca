"""The page's address parameters, checked: a bad value gives a message for the player, never a crash.

?seed=42                 the seed of the next new game (0 to 2**64 - 1)
?seats=human,easy        start a new game at once with these seats (2 to 5; human, random, easy, normal, hard)
?names=Ann,Bob           ... and these names (as many as seats; normalised, different when case-folded)
?edition=2               the rules of the game started (and of the start screen's choice): edition 1 or 2;
?scenario=goblin-valley  a second-edition scenario (goblin-valley, demanding-capital, shifting-alliances,
?module=soldier-tokens   wheel-and-deal) and modules (comma-separated); either alone means the second edition.
                         A combination the rulebook forbids is refused with its reason, and no game starts
?speed=fast              computer speed: slow, normal, fast or instant
?position=<JSON>         show a position (docs/embedding.md); also after # instead of ?  (at most MAX_POSITION
                         characters as written in the address; its JSON is read by kingsburg.inputs.parse_json)
?s=1<packed>             a shared link's position (web/app/share.py: packed, defaults left out), read like
                         ``position`` after it is unpacked; at most share.MAX_LINK characters
?as=1                    ... shown read-only as that seat saw it (its unseen enemy cards face down; 0 is the first)
?seat=1                  the same as ``as`` (the name docs/embedding.md gives it): seat 1's view, its strip first
?play=1                  ... and let it be played (with ``seats``, computers can take part)
?worker=0                computers think on the page's own thread, not in a worker (for tests and comparisons)
?lesson=lessons/NAME.json  open a lesson (docs/lessons.md): a relative URL on this site, fetched by the page;
                         a built-in lesson's name (``?lesson=08-battle``); or the lesson's JSON itself after #
                         (``#lesson={...}``)
?step=3                  ... open the lesson at that step (1 is the first), the steps before it done as it expects
?collection=lessons/NAME.json  open a collection of lessons (docs/lessons.md): a relative URL on this site, fetched
                         like a lesson's; ``tutorial`` (the built-in one); or its JSON after # (``#collection={...}``).
                         It opens at its first lesson, or at ``lesson=N`` (its number) or ``lesson=NAME`` (a
                         built-in lesson it lists), and ``step=``
?embed=1                 the board alone, for an <iframe>: no menus, no saved games (web/app/embed.py); the page
                         opened as embed.html always is (docs/hosting.md)
?host=ORIGIN             ... the origin (scheme://host[:port], no path) of the page around the board: the only
                         one whose messages are read and which replies reach (web/app/host.py); without it
                         replies carry only public information
?theme=dark              the colours: light or dark; without it, the browser's prefers-color-scheme
?view=compact            the court and the players' strips only (for an article): full (the default) or compact
?log=0                   the log hidden (0, hidden, off, no); log=1 shows it (the default)
?lang=de                 the language: en, de or fr (web/app/languages.py); without it the one chosen on the start
                         screen, else the browser's languages, else English
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kingsburg import MODULES, KingsburgError, Rules, name_key, normalize_name
from kingsburg.collection import BUILTIN
from kingsburg.i18n import N_, _, ngettext
from kingsburg.lesson import TUTORIAL

from .editions import rules_of
from .languages import LANGUAGES, PSEUDO
from .session import SPEEDS
from .share import ShareError, decode
from .theme import KINDS

MAX_SEED = 2**64
# A lesson's address: a relative path on this site, never another origin ("//host", "scheme:") or a parent folder.
LESSON_URL = re.compile(r"^(?!/)(?!.*\.\.)[A-Za-z0-9_./-]{1,200}\.json$")
# An origin as a browser writes it (scheme, host, optional port; nothing after): what postMessage compares.
ORIGIN = re.compile(r"^https?://(?:[A-Za-z0-9-]{1,63}\.)*[A-Za-z0-9-]{1,63}(?::[0-9]{1,5})?$")
# Every parameter the page reads; any other is named in a message (a mistyped one must not do nothing silently).
KNOWN = frozenset(
    {"seed", "seats", "names", "speed", "edition", "scenario", "module", "position", "play", "as", "s", "lesson"}
    | {"step", "collection", "worker", "embed", "host", "seat", "theme", "view", "log", "lang"}
)
THEMES = ("light", "dark")
VIEWS = ("full", "compact")
LOG = {"1": True, "shown": True, "on": True, "yes": True, "0": False, "hidden": False, "off": False, "no": False}
MAX_POSITION = 200_000  # characters of the address's position, percent-encoded (a real one is under 20,000)


@dataclass
class Params:
    seed: int | None = None
    seats: list[str] | None = None
    names: list[str] | None = None
    speed: str | None = None
    rules: Rules | None = None  # ``edition``, ``scenario``, ``module``, checked by the engine
    position: str | None = None
    play: bool = False
    view_as: int | None = None  # ``as``: the seat a shared position is shown as
    refused: bool = False  # the address asked for a shared position that cannot be opened: the start screen says why
    lesson_url: str | None = None
    lesson_text: str | None = None
    lesson_name: str | None = None  # a built-in lesson (kingsburg.lesson.TUTORIAL)
    lesson_step: int | None = None  # ``step``: the lesson's step to open at (1 is the first)
    collection_url: str | None = None
    collection_text: str | None = None
    collection_builtin: bool = False  # ``collection=tutorial``
    collection_lesson: str | None = None  # ``lesson=`` with a collection: its lesson's number or built-in name
    worker: bool = True
    embed: bool = False
    host: str | None = None
    theme: str | None = None  # None: the browser's prefers-color-scheme
    view: str = "full"
    log: bool = True
    lang: str | None = None  # None: the start screen's choice, else the browser's languages (web/app/languages.py)
    problems: list[str] = field(default_factory=list)

    @property
    def opens_collection(self) -> bool:
        return self.collection_builtin or self.collection_url is not None or self.collection_text is not None

    @property
    def opens_lesson(self) -> bool:
        found = (self.lesson_url, self.lesson_text, self.lesson_name)
        return self.opens_collection or any(v is not None for v in found)

    @property
    def starts_game(self) -> bool:
        found = (self.seats, self.position)
        return self.refused or any(v is not None for v in found) or self.rules is not None or self.opens_lesson


def unquote(text: str) -> str:
    """Percent-decoding of a query value ("+" is a space); bad escapes are kept as they are. (urllib.parse
    would add about 60 ms to the page's start in Pyodide.)"""
    data = bytearray()
    raw = text.replace("+", " ").encode("utf-8")
    i = 0
    while i < len(raw):
        if raw[i] == 0x25 and i + 2 < len(raw) and _is_hex(raw[i + 1 : i + 3]):
            data.append(int(raw[i + 1 : i + 3], 16))
            i += 3
        else:
            data.append(raw[i])
            i += 1
    return data.decode("utf-8", errors="replace")


_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def quote(text: str) -> str:
    """Percent-encoding of a value for an address (every byte but RFC 3986's unreserved ones): what ``unquote``
    reads back."""
    return "".join(chr(b) if b in _UNRESERVED else f"%{b:02X}" for b in text.encode("utf-8"))


def _is_hex(pair: bytes) -> bool:
    return len(pair) == 2 and all(c in b"0123456789abcdefABCDEF" for c in pair)


def _values(text: str, too_long: set[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for field_ in text.lstrip("?#").split("&")[:20]:
        if not field_:
            continue
        key, _, value = field_.partition("=")
        # Decoding costs time per character: a value longer than any the page reads is refused undecoded.
        key = unquote(key[:100])
        if len(value) > MAX_POSITION:
            too_long.add(key)
        else:
            out[key] = unquote(value)
    return out


def parse(search: str = "", fragment: str = "", embed_page: bool = False) -> Params:
    """``embed_page``: the page was opened as embed.html, which is always an embedded board."""
    out = Params(embed=embed_page)
    too_long: set[str] = set()
    values = _values(fragment, too_long)
    values.update(_values(search, too_long))  # the query wins over the fragment
    unknown = sorted(k for k in {*values, *too_long} if k not in KNOWN)
    if unknown:
        shown = ", ".join(repr(k[:30]) for k in unknown[:5])
        out.problems.append(
            ngettext(
                "The address has a parameter this page does not know: {names}; ignored (see docs/embedding.md for "
                "those it reads).",
                "The address has parameters this page does not know: {names}; ignored (see docs/embedding.md for "
                "those it reads).",
                len(unknown),
            ).format(names=shown)
        )
    if "seed" in values:
        raw = values["seed"].strip()
        if raw.isdigit() and int(raw) < MAX_SEED:
            out.seed = int(raw)
        else:
            out.problems.append(
                _(
                    "The address asks for seed {seed}, which is not a whole number from 0 to 2^64 − 1: a random seed "
                    "is used instead."
                ).format(seed=repr(raw[:30]))
            )
    if "speed" in values:
        out.speed = _word(values, "speed", tuple(SPEEDS), out, _("Normal is used.")) or out.speed
    if "seats" in values:
        kinds = [k.strip().lower() for k in values["seats"].split(",")]
        bad = [k for k in kinds if k not in KINDS]
        if bad or not 2 <= len(kinds) <= 5:
            out.problems.append(
                _(
                    "The address asks for seats {seats}: give 2 to 5 of {kinds}, separated by commas. No game was "
                    "started."
                ).format(seats=repr(values["seats"][:60]), kinds=", ".join(KINDS))
            )
        else:
            out.seats = kinds
    if "names" in values:
        out.names = _names(values["names"].split(",")[:6], out)
    if {"edition", "scenario", "module"} & values.keys():
        out.rules = _rules(values, out)
    if "position" in too_long:
        out.problems.append(
            _("The position in the address is longer than {n} characters: not shown.").format(n=f"{MAX_POSITION:,}")
        )
    elif "position" in values:
        out.position = values["position"]
    if "s" in too_long:
        out.refused = True
        out.problems.append(
            _("The shared link is longer than {n} characters: it was not opened.").format(n=f"{MAX_POSITION:,}")
        )
    elif "s" in values and out.position is None:
        try:
            out.position = decode(values["s"])
        except ShareError as exc:
            out.refused = True
            out.problems.append(str(exc))
    for name in ("as", "seat"):  # two names, one meaning: ``as`` is the Share button's, ``seat`` the embed's
        if name not in values:
            continue
        raw = values[name].strip()
        if raw not in ("0", "1", "2", "3", "4"):
            out.problems.append(
                _("The address asks to show seat {seat}; seats are 0 to 4. Shown whole.").format(seat=repr(raw[:10]))
            )
        elif out.view_as is not None and out.view_as != int(raw):
            out.problems.append(
                _("The address gives as={shown} and seat={seat}: seat {shown} is shown.").format(
                    shown=out.view_as, seat=raw
                )
            )
        else:
            out.view_as = int(raw)
    if "collection" in values:
        raw = values["collection"].strip()
        if raw.startswith("{"):
            out.collection_text = raw
        elif raw == BUILTIN:
            out.collection_builtin = True
        elif LESSON_URL.match(raw):
            out.collection_url = raw
        else:
            out.problems.append(
                _(
                    "The address asks for collection {collection}: give {builtin} (the built-in one), a .json file on "
                    "this site, such as lessons/tutorial.json, or the collection itself after #collection=."
                ).format(collection=repr(raw[:60]), builtin=BUILTIN)
            )
    if "lesson" in values and out.opens_collection:
        out.collection_lesson = values["lesson"].strip()[:60]  # the collection, once read, says if it has it
    elif "lesson" in values:
        raw = values["lesson"].strip()
        if raw.startswith("{"):
            out.lesson_text = raw
        elif raw in TUTORIAL:
            out.lesson_name = raw
        elif LESSON_URL.match(raw):
            out.lesson_url = raw
        else:
            out.problems.append(
                _(
                    "The address asks for lesson {lesson}: give a built-in lesson ({lessons}), a .json file on this "
                    "site, such as lessons/01-setup.json, or the lesson itself after #lesson=."
                ).format(lesson=repr(raw[:60]), lessons=", ".join(TUTORIAL))
            )
    if "step" in values:
        raw = values["step"].strip()
        if not out.opens_lesson:
            out.problems.append(
                _("The address gives a lesson step but no lesson: step= goes with lesson= or collection=.")
            )
        elif raw.isascii() and raw.isdigit() and 1 <= int(raw) <= 999:
            out.lesson_step = int(raw)
        else:
            out.problems.append(
                _("The address asks for lesson step {step}: steps are 1, 2, 3… The first is shown.").format(
                    step=repr(raw[:10])
                )
            )
    if "worker" in values:
        out.worker = values["worker"].strip().lower() not in ("0", "false", "no", "off")
    if "play" in values:
        out.play = _yes(values["play"])
    if "embed" in values and not embed_page:
        out.embed = _yes(values["embed"])
    if "host" in values:
        raw = values["host"].strip()
        if not out.embed:
            out.problems.append(_("The address gives host= without embed=1: only an embedded board talks to a host."))
        elif ORIGIN.match(raw):
            out.host = raw.lower()
        else:
            out.problems.append(
                _(
                    "The address asks for host {host}: give the origin of the page around the board, as "
                    "scheme://host[:port] with no path. Messages are answered with public information only."
                ).format(host=repr(raw[:60]))
            )
    if "theme" in values:
        out.theme = _word(values, "theme", THEMES, out, _("The browser's own choice is followed.")) or out.theme
    if "lang" in values:
        out.lang = asked_language(values["lang"], out)
    if "view" in values:
        out.view = _word(values, "view", VIEWS, out, _("The full board is shown.")) or out.view
    if "log" in values:
        raw = values["log"].strip().lower()
        if raw in LOG:
            out.log = LOG[raw]
        else:
            out.problems.append(
                _(
                    "The address asks for log {log}: give log=0 (or hidden) to hide the log, log=1 to show it. It is "
                    "shown."
                ).format(log=repr(raw[:30]))
            )
    if out.view_as is not None and (out.play or (out.position is None and not out.refused)):
        out.view_as = None
        out.problems.append(
            _(
                "The address asks to show a seat's view: seat= (or as=) goes with a read-only position= or s=, "
                "without play=1. The board is shown as it would be without it."
            )
        )
    if out.rules is not None and (out.position is not None or out.opens_lesson):
        out.rules = None
        out.problems.append(
            _("A position or a lesson carries its own rules: edition=, scenario= and module= are ignored.")
        )
    return out


def language_in(search: str, fragment: str = "") -> str | None:
    """The address's ``lang`` alone (the page installs the language before it reads the rest, so that every
    message is in it): None when there is none or it is not one the game speaks (``parse`` then says so)."""
    values = _values(fragment, set())
    values.update(_values(search, set()))
    return asked_language(values["lang"], Params()) if "lang" in values else None


def asked_language(raw: str, out: Params) -> str | None:
    """``?lang=``: a language the game speaks (or the test language ``pseudo``); None, and the problem said."""
    code = raw.strip().lower()
    if code in LANGUAGES or code == PSEUDO:
        return code
    listed = ", ".join(f"{c} ({name})" for c, name in LANGUAGES.items())
    out.problems.append(
        f"The address asks for lang {raw.strip()[:30]!r}; the languages are {listed}. "
        "The language chosen before, or the browser's, is shown."
    )
    return None


def _word(values: dict[str, str], key: str, words: tuple[str, ...], out: Params, otherwise: str) -> str | None:
    """A parameter that is one of ``words`` (None, and the problem said, when it is not)."""
    raw = values[key].strip().lower()
    if raw in words:
        return raw
    listed = _(" and ").join(words) if len(words) == 2 else ", ".join(words)
    out.problems.append(
        _("The address asks for {key} {value}; the {key}s are {listed}. {otherwise}").format(
            key=key, value=repr(raw[:30]), listed=listed, otherwise=otherwise
        )
    )
    return None


def _rules(values: dict[str, str], out: Params) -> Rules | None:
    """The rules the address asks for, checked by the engine; None, with the reason in ``out.problems`` and no
    game started, when the game cannot be played with them."""
    edition = values.get("edition", "").strip()
    scenario = values.get("scenario", "").strip().lower() or None
    modules = [m.strip().lower() for m in values.get("module", "").split(",")[:5] if m.strip()]
    try:
        if edition not in ("", "1", "2"):
            raise KingsburgError(_("no edition {edition}: the editions are 1 and 2").format(edition=repr(edition[:10])))
        unknown = [m[:30] for m in modules if m not in MODULES]
        if unknown:
            raise KingsburgError(
                _("no module {names}: the modules are {modules}").format(
                    names=", ".join(map(repr, unknown)), modules=", ".join(MODULES)
                )
            )
        number = int(edition) if edition else 2 if scenario or modules else 1
        return rules_of({"edition": number, "scenario": (scenario or "")[:40], "modules": modules})
    except KingsburgError as exc:
        said = (
            _("The address asks for rules the game cannot be played with: {error}. No game was started.")
            if out.seats is not None
            else _(
                "The address asks for rules the game cannot be played with: {error}. The start screen keeps its own "
                "choice."
            )
        )
        out.seats = None
        out.refused = True  # the start screen says why, rather than the last game opening over it
        out.problems.append(said.format(error=exc))
        return None


def _yes(raw: str) -> bool:
    return raw.strip().lower() not in ("0", "false", "no", "")


def _names(raw: list[str], out: Params) -> list[str] | None:
    """The address's player names, normalised like the start screen's (kingsburg.inputs.normalize_name)."""
    if out.seats is not None and len(raw) != len(out.seats):
        out.problems.append(
            _("The address gives {names} names for {seats} seats: default names used.").format(
                names=len(raw), seats=len(out.seats)
            )
        )
        return None
    try:
        names = [normalize_name(n) for n in raw]
    except KingsburgError:
        out.problems.append(
            _("The address gives a player name that is empty, invisible or over 40 characters: default names used.")
        )
        return None
    if len({name_key(n) for n in names}) < len(names):
        out.problems.append(_("The address gives two players the same name: default names used."))
        return None
    return names


# Said on a page framed by another site, whose address asked to start a game (docs/hosting.md).
NOT_IN_A_FRAME = N_(
    "This page is inside another site's frame, so it starts no game and changes none of your saved games here: "
    "open Kingsburg in its own tab to play."
)


def for_a_frame(p: Params) -> Params:
    """The address of the player's own page when another site frames it (not ``embed=1``): what shows a position
    or a lesson is kept, to be shown as an embedded board would; what would start a game in the player's storage
    (``seats``, ``names`` and the rules of a new game) is dropped, with a message. Such a page never reads or
    writes the player's saved games (controller.py)."""
    if p.seats is not None and p.position is None:
        p.problems.append(_(NOT_IN_A_FRAME))
    if p.position is None:
        p.seats = None
    p.names = None
    p.rules = None
    return p
