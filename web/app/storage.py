"""Saved games in the browser's localStorage: several games, export and import, and no game ever lost.

Pure Python: the page hands in ``window.localStorage`` (or None when the browser has none); tests hand in a
dict-backed fake. Every failure of the storage is caught and turned into ``warning`` so the game goes on.

Keys (version 1)::

    kingsburg/v1/save/<id>   {"revision": n, ...the engine's game save (kingsburg-game JSON)..., "app": {...}}
    kingsburg/v1/meta/<id>   a small summary for the list of games (title, players, updated, summary, over)
    kingsburg/v1/last        the id of the game to continue on reload

Nothing read from storage is trusted: every entry goes through ``kingsburg.inputs.parse_json`` (size and depth
checked before parsing) and is checked before use; a damaged one is listed as damaged (export its raw text,
delete it) and never deleted or rewritten behind the player's back.

Two tabs on one game: each write raises the save's ``revision`` by one, and a tab writes only over the revision it
last read or wrote itself. Otherwise ``save`` raises ``Stale``: another tab moved the game on, and this tab must
follow it (``load`` again) instead of writing over newer decisions.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
import time
import unicodedata
from collections.abc import Mapping
from typing import Any, TypedDict

import kingsburg
from kingsburg import InvalidJSON, parse_json
from kingsburg.i18n import N_, _, language, ngettext

from .editions import label, phase_name
from .theme import KINDS

PREFIX = "kingsburg/v1/"
SAVE, META, LAST = PREFIX + "save/", PREFIX + "meta/", PREFIX + "last"
MAX_SAVE_BYTES = 2_000_000  # a save of a whole 5-player game is under 100 kB; the engine reads 2 MB at most
MAX_META_BYTES = 4_000
MAX_ID = 64
# Our own writes put the revision first, so it is read without parsing the whole save.
_REVISION = re.compile(r'\{"revision": (\d{1,12}),')

# The store's warnings are kept as these message ids (compared as they are) and said with _() where shown.
REFUSED = N_(
    "This browser does not allow this page to save (private browsing, or storage turned off for this site): "
    "play on, and export the game to keep it."
)
UNREADABLE = N_(
    "This browser does not let this page use its storage, so saved games cannot be shown or saved: "
    "play on, and export the game to keep it."
)
FULL = N_(
    "Storage is full, so this game is not being saved: delete old games to make room (export them first to "
    "keep them). Saving resumes by itself."
)
MISSING = UNREADABLE  # the name older code and tests use
NOT_A_GAME = N_(
    "That file is not a Kingsburg game this page can open. Choose a file made with “Export” or “Export all "
    "games” on this page; a file that was changed or cut short cannot be opened."
)


class SaveSummary(TypedDict):
    """What storage keeps beside each save (under META): the saved list shows it without opening the game."""

    title: str
    players: list[str]
    updated: float  # seconds since the epoch
    summary: str
    over: bool
    rules: str  # "Second edition · Goblin Valley" (summaries written before the editions have none)


class StoreError(Exception):
    """A save that cannot be opened or imported. The message is meant for the player; ``detail`` is the
    engine's reason, for a details line."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.detail = detail


class Stale(StoreError):
    """Another tab saved this game since this tab last read or wrote it: writing would lose its decisions."""


class MemoryStorage:
    """Stands in for localStorage when the browser has none, so the game goes on for this tab (the tests'
    storage too)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)

    def key(self, i: int) -> str | None:
        keys = list(self.data)
        return keys[i] if 0 <= i < len(keys) else None

    @property
    def length(self) -> int:
        return len(self.data)


def write_problem(exc: BaseException) -> str:
    """What a refused write means for the player: storage full, or saving not allowed at all. Browsers throw a
    DOMException named QuotaExceededError (Pyodide shows its name in the message) for a full storage."""
    text = f"{getattr(exc, 'name', '')} {type(exc).__name__} {exc}"
    return FULL if "quota" in text.lower() else REFUSED


class SaveStore:
    def __init__(self, backend: Any) -> None:
        self.warning: str | None = None
        # id -> the language it was said in, and why it could not be opened (this session)
        self.broken: dict[str, tuple[str, str]] = {}
        self.saved = 0  # games written to the storage by this tab
        self._revisions: dict[str, int] = {}  # id -> the revision this tab last read or wrote
        # id -> (save text, its summary, its revision): games whose last write the storage refused
        self._unsaved: dict[str, tuple[str, SaveSummary, int]] = {}
        if backend is None or not _readable(backend):
            backend = MemoryStorage()
            self.warning = UNREADABLE
        else:
            # Reading works: the saved games are listed even when writing is refused or the storage is full.
            try:
                backend.setItem(PREFIX + "probe", "1")
                backend.removeItem(PREFIX + "probe")
            except Exception as exc:  # SecurityError, QuotaExceededError, or any other refusal
                self.warning = write_problem(exc)
        self._b = backend

    # --- Small notes beside the saves (the tutorial's progress) ---------------------------------------------

    def note(self, key: str) -> str | None:
        return self._get(key) if key.startswith(PREFIX) else None

    def set_note(self, key: str, value: str) -> bool:
        """Write a small note; False when the storage refuses it (the note is a convenience, never a game)."""
        if not key.startswith(PREFIX):
            return False
        try:
            self._set(key, value)
        except Exception:  # full or refused: the tutorial just does not remember its place
            return False
        return True

    # --- Low-level access that never throws -----------------------------------------------------------

    def _get(self, key: str) -> str | None:
        try:
            value = self._b.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> None:
        """Write or raise: callers decide what a refusal means."""
        self._b.setItem(key, value)

    def _remove(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self._b.removeItem(key)

    def _keys(self) -> list[str]:
        try:
            n = int(self._b.length)
            keys = [self._b.key(i) for i in range(n)]
        except Exception:
            return []
        return [k for k in keys if isinstance(k, str)]

    def ids(self) -> list[str]:
        stored = [k[len(SAVE) :] for k in self._keys() if k.startswith(SAVE)]
        return stored + [i for i in self._unsaved if i not in stored]

    # --- Games -----------------------------------------------------------------------------------------

    @staticmethod
    def new_id() -> str:
        return f"{int(time.time() * 1000):x}-{random.getrandbits(24):06x}"

    def stored_revision(self, save_id: str) -> int | None:
        """The revision of the stored save (0 for one written without a revision); None when there is none."""
        text = self._get(SAVE + save_id)
        if text is None:
            return None
        match = _REVISION.match(text)
        return int(match.group(1)) if match else 0

    def is_newer(self, save_id: str) -> bool:
        """Whether another tab saved (or deleted) this game since this tab last read or wrote it."""
        return save_id in self._revisions and self.stored_revision(save_id) != self._revisions[save_id]

    def save(
        self,
        save_id: str,
        game: kingsburg.Game,
        app: Mapping[str, Any],
        *,
        updated: float | None = None,
        last: bool = True,
    ) -> bool:
        """Write the game after a decision, with the page's data (``Session.app_data()``, or an imported file's
        as it came: Session checks it when the game opens). False (and ``warning`` set) when the storage refuses
        it: the game is then kept in memory (listed, exportable) and every later save tries again, this one's and
        the others'.
        ``updated``: when it was last played (an imported game keeps its own date; now by default), written in the
        save as ``saved`` so that an exported file carries it. ``last``: the game to continue on reload (an
        imported game is not: reloading after an import shows the start screen).
        Raises Stale when another tab saved or deleted this game since this tab read or wrote it."""
        stored = self.stored_revision(save_id)
        if stored != self._revisions.get(save_id):
            raise Stale(_("This game was continued (or deleted) in another tab."))
        revision = (stored or 0) + 1
        when = time.time() if updated is None else updated
        text = json.dumps({"revision": revision, "saved": when, **json.loads(game.to_json()), "app": app})
        self._unsaved[save_id] = (text, _meta(game, app, when), revision)
        return save_id in self._flush(save_id, last)

    def _flush(self, current: str, last: bool = True) -> set[str]:
        """Write every game kept in memory, ``current`` first, unless another tab has saved it meanwhile (then it
        stays in memory, listed and exportable). The ones written leave memory. Sets or clears ``warning``."""
        written: set[str] = set()
        for save_id in sorted(self._unsaved, key=lambda i: i != current):
            text, meta, revision = self._unsaved[save_id]
            if self.stored_revision(save_id) != self._revisions.get(save_id):
                continue
            try:
                self._set(SAVE + save_id, text)
            except Exception as exc:
                if self.warning != UNREADABLE:
                    self.warning = write_problem(exc)
                return written
            written.add(save_id)
            self.saved += 1
            self._revisions[save_id] = revision
            del self._unsaved[save_id]
            with contextlib.suppress(Exception):  # the summary and "last" are conveniences
                self._set(META + save_id, json.dumps(meta))
                if save_id == current and last:
                    self._set(LAST, save_id)
        if self.warning in (FULL, REFUSED):
            self.warning = None  # it works again (say, after deleting old games)
        return written

    def load(self, save_id: str) -> tuple[kingsburg.Game, dict[str, Any]]:
        text = self._text(save_id)
        if text is None:
            raise StoreError(_("This saved game no longer exists."))
        try:
            game, app = _open_saved(text)
        except StoreError as exc:
            self.broken[save_id] = (language(), str(exc))
            raise
        self.broken.pop(save_id, None)
        if save_id not in self._unsaved:
            self._revisions[save_id] = self.stored_revision(save_id) or 0
            if not self._summary(save_id):  # write a damaged or missing summary again from the game itself
                with contextlib.suppress(Exception):
                    self._set(META + save_id, json.dumps(_meta(game, app, saved_at(text) or time.time())))
        return game, app

    def _why_broken(self, save_id: str) -> str:
        """Why a save could not be opened, in the language shown now: after a switch the engine says it again (the
        list is drawn again in the new language, and a reason kept from before would stay in the old one)."""
        said_in, why = self.broken[save_id]
        if said_in != language():
            try:
                _open_saved(self._text(save_id))
            except StoreError as exc:
                why = str(exc)
            self.broken[save_id] = (language(), why)
        return why

    def _text(self, save_id: str) -> str | None:
        """A save's text: the one this tab holds because the storage refused it, else the stored one (None: none)."""
        kept = self._unsaved.get(save_id)
        return kept[0] if kept else self._get(SAVE + save_id)

    def _summary(self, save_id: str) -> Mapping[str, Any] | None:
        """The stored summary if it is whole and sound; {} when there is none; None when it is damaged."""
        kept = self._unsaved.get(save_id)
        if kept:
            return kept[1]
        text = self._get(META + save_id)
        if text is None:
            return {}  # never written (the storage filled up just after the save): not damage
        try:
            meta = parse_json(text, max_bytes=MAX_META_BYTES, max_depth=3)
        except InvalidJSON:
            return None
        return meta if _sound_meta(meta) else None

    def _unreadable(self, save_id: str) -> str:
        """For a save listed without a summary: why its text is not a saved game at all ("" when it may be one;
        whether it replays is only known when it is opened). Only these saves are parsed to be listed."""
        text = self._text(save_id)
        try:
            data = parse_json(text or "", max_bytes=MAX_SAVE_BYTES, what=N_("the text"))
        except InvalidJSON as exc:
            return _("Its text cannot be read ({error}).").format(error=exc)
        if not isinstance(data, dict) or data.get("format") != "kingsburg-game":
            return _("Its text is not a saved Kingsburg game.")
        return ""

    def list(self) -> list[dict[str, Any]]:
        """Every saved game, newest first. A damaged one is listed with ``corrupt`` and ``error``; one only in
        memory (the storage refused it) with ``unsaved``."""
        games = []
        for save_id in self.ids():
            entry: dict[str, Any] = {
                "id": save_id,
                "title": "A saved game",
                "players": [],
                "updated": 0.0,
                "summary": "",
                "over": False,
                "corrupt": False,
                "error": "",
                "unsaved": save_id in self._unsaved,
                "readable": True,
            }
            meta = self._summary(save_id)
            if save_id in self.broken:
                entry.update(corrupt=True, readable=False, error=self._why_broken(save_id))
            elif meta is None:
                entry.update(corrupt=True, error=_("Its summary cannot be read, so it is not shown."))
            if meta == {}:
                problem = self._unreadable(save_id)
                if problem:
                    entry.update(corrupt=True, readable=False, error=problem)
                else:
                    entry["summary"] = _("Open it to see where it stands.")
            elif meta is not None:
                entry.update({k: meta[k] for k in ("title", "players", "updated", "summary", "over")})
                rules = meta.get("rules")
                if isinstance(rules, str) and len(rules) <= 200:
                    entry["rules"] = rules
            games.append(entry)
        games.sort(key=lambda e: -e["updated"])
        return games

    def delete(self, save_id: str) -> None:
        self._unsaved.pop(save_id, None)
        self._revisions.pop(save_id, None)
        self.broken.pop(save_id, None)
        self._remove(SAVE + save_id)
        self._remove(META + save_id)
        if self._get(LAST) == save_id:
            self._remove(LAST)

    @property
    def last_id(self) -> str | None:
        """The game to continue on reload, if it still exists."""
        save_id = self._get(LAST)
        if not save_id or len(save_id) > MAX_ID:
            return None
        return save_id if self._get(SAVE + save_id) is not None else None

    def forget_last(self) -> None:
        self._remove(LAST)

    # --- Files -----------------------------------------------------------------------------------------

    def export(self, save_id: str) -> tuple[str, str]:
        """The file name and text of a saved game, exactly as stored (even a damaged one: never lose it)."""
        text = self._text(save_id)
        if text is None:
            raise StoreError(_("This saved game no longer exists."))
        summary = self._summary(save_id)
        if summary and save_id not in self.broken:
            return file_name(summary["players"], time.time()), text
        return f"kingsburg-{_file_safe(save_id)}.json", text  # damaged: its id says which save it was

    def import_text(self, text: str) -> str:
        """Store a game from a file; returns its new id (kept in memory, with ``warning`` set, when the storage
        refuses it). StoreError if the file is not a Kingsburg game."""
        try:
            game, app = open_text(text, _("That file is not a Kingsburg game"))
        except StoreError as exc:
            raise StoreError(_(NOT_A_GAME), exc.detail) from None
        save_id = self.new_id()
        self.save(save_id, game, app, updated=saved_at(text), last=False)
        return save_id


def _readable(backend: Any) -> bool:
    try:
        backend.getItem(LAST)
        int(backend.length)
        return True
    except Exception:  # a browser may throw SecurityError on any use of a storage it refuses
        return False


def file_name(players: list[str], now: float) -> str:
    """``kingsburg-Ann-Brian-Cindy-2026-11-24.json``: the players and the day, in characters safe everywhere."""
    words = [_file_word(p) for p in players]
    names = "-".join(w for w in words if w)[:80] or "game"
    return f"kingsburg-{names}-{time.strftime('%Y-%m-%d', time.localtime(now))}.json"


def _file_word(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9]+", "_", ascii_name).strip("_")[:20]


def _file_safe(save_id: str) -> str:
    return re.sub(r"[^0-9A-Za-z_-]", "_", save_id)[:MAX_ID] or "game"


def _open_saved(text: str | None) -> tuple[kingsburg.Game, dict[str, Any]]:
    """A game of this device's saves (its refusal said as a saved game's, in the language shown now)."""
    return open_text(text, _("This saved game cannot be opened"))


def open_text(text: Any, what: str) -> tuple[kingsburg.Game, dict[str, Any]]:
    """A game and its page data from untrusted save text. Raises StoreError (only) when it cannot be opened."""
    try:
        data = parse_json(text, max_bytes=MAX_SAVE_BYTES, what=N_("the text"))
        if not isinstance(data, dict):
            raise StoreError(_("{what}: it is not a saved game.").format(what=what), _("The JSON is not an object."))
        game = kingsburg.load_game(data)
        app = _app(data.get("app"), game)
    except StoreError:
        raise
    except kingsburg.KingsburgError as exc:  # InvalidJSON, InvalidSave, and any other refusal of the engine
        raise StoreError(_("{what}: {error}.").format(what=what, error=exc), f"{exc}.") from None
    except Exception as exc:  # whatever a damaged save does to the engine, the page goes on
        damaged = _("it is damaged ({error}).").format(error=type(exc).__name__)
        raise StoreError(_("{what}: {error}").format(what=what, error=damaged), damaged) from None
    return game, app


def saved_at(text: str) -> float | None:
    """When a save's game was last played (its ``saved``, seconds since 1970), None when it does not say (a file
    from before the page wrote it) or says nonsense."""
    try:
        when = json.loads(text).get("saved")
    except (ValueError, AttributeError, RecursionError):
        return None
    ok = isinstance(when, int | float) and not isinstance(when, bool) and math.isfinite(when) and 0 <= when < 1e11
    return float(when) if ok else None


def _app(app: Any, game: kingsburg.Game) -> dict[str, Any]:
    """The page's data about a game (AppData), its seats repaired when missing or damaged: every seat human by
    default. The rest is still untrusted: Session checks each field."""
    names = game.players
    seats = app.get("seats") if isinstance(app, dict) else None
    if (
        not isinstance(seats, list)
        or len(seats) != len(names)
        or any(not isinstance(s, dict) or s.get("kind") not in KINDS for s in seats)
    ):
        seats = [{"kind": "human"} for _ in names]
    out = dict(app) if isinstance(app, dict) else {}
    out["seats"] = [{"name": n, "kind": s["kind"]} for n, s in zip(names, seats, strict=True)]
    return out


def _sound_meta(meta: Any) -> bool:
    """A summary the list may show: the right types, a real time, text of a sane length."""
    if not isinstance(meta, dict):
        return False
    updated = meta.get("updated")
    players = meta.get("players")
    return (
        isinstance(meta.get("title"), str)
        and len(meta["title"]) <= 300
        and isinstance(meta.get("summary"), str)
        and len(meta["summary"]) <= 300
        and isinstance(meta.get("over"), bool)
        and isinstance(updated, int | float)
        and not isinstance(updated, bool)
        and math.isfinite(updated)
        and 0 <= updated < 1e11
        and isinstance(players, list)
        and len(players) <= 5
        and all(isinstance(p, str) and len(p) <= 60 for p in players)
    )


def _meta(game: kingsburg.Game, app: Mapping[str, Any], updated: float) -> SaveSummary:
    names = game.players
    computers = [s for s in app.get("seats", []) if s.get("kind") != "human"]
    # Stored with the save, in the language it was saved in (the list shows them as they are).
    title = _(" vs ").join(names) if len(names) == 2 else ", ".join(names)
    if computers:
        n = len(computers)
        title += " " + ngettext("({n} computer)", "({n} computers)", n).format(n=n)
    if game.is_over():
        won = _(" and ").join(names[i] for i in game.winners())
        summary = _("Finished: {names} won").format(names=won)
    else:
        to_play = game.to_play
        assert to_play is not None  # someone is to play in a game not over
        summary = _("Year {year}, {phase}: {name} to play").format(
            year=game.year, phase=phase_name(game.rules, game.phase), name=names[to_play]
        )
    return {
        "title": title,
        "players": names,
        "updated": updated,
        "summary": summary,
        "over": game.is_over(),
        "rules": label(game.rules),
    }
