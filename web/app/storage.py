"""Saved games in the browser's localStorage: several games, export and import, and no game ever lost.

Pure Python: the page hands in ``window.localStorage`` (or None when the browser has none); tests hand in a
dict-backed fake. Every failure of the storage is caught and turned into ``warning`` so the game goes on.

Keys (version 1)::

    kingsburg/v1/save/<id>   the engine's game save (kingsburg-game JSON) plus an "app" key for the page
    kingsburg/v1/meta/<id>   a small summary for the list of games (title, players, updated, summary, over)
    kingsburg/v1/last        the id of the game to continue on reload

A save is only ever replaced by a newer save of the same game; a corrupt one is listed (so the player can
export or delete it) and never deleted behind the player's back.
"""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any

import kingsburg

PREFIX = "kingsburg/v1/"
SAVE, META, LAST = PREFIX + "save/", PREFIX + "meta/", PREFIX + "last"
MAX_IMPORT_BYTES = 2_000_000
KINDS = ("human", "random", "easy", "normal", "hard")

MISSING = "This browser does not let the game save (private mode or storage disabled): finish or export the game."
FULL = "The browser's storage is full, so this game is not being saved. Export it, or delete old games."


class StoreError(Exception):
    """A save that cannot be opened or imported. The message is meant for the player."""


class _Memory:
    """Stands in for localStorage when the browser has none, so the game goes on for this tab."""

    def __init__(self) -> None:
        self._d: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self._d.get(key)

    def setItem(self, key: str, value: str) -> None:
        self._d[key] = value

    def removeItem(self, key: str) -> None:
        self._d.pop(key, None)

    def key(self, i: int) -> str | None:
        keys = list(self._d)
        return keys[i] if 0 <= i < len(keys) else None

    @property
    def length(self) -> int:
        return len(self._d)


class SaveStore:
    def __init__(self, backend: Any) -> None:
        self.warning: str | None = None
        if backend is None or not self._usable(backend):
            backend = _Memory()
            self.warning = MISSING
        self._b = backend

    @staticmethod
    def _usable(backend: Any) -> bool:
        try:
            backend.setItem(PREFIX + "probe", "1")
            backend.removeItem(PREFIX + "probe")
            return True
        except Exception:  # a browser may throw SecurityError or QuotaExceededError here
            return False

    # --- Small notes beside the saves (the tutorial's progress) ---------------------------------------------

    def note(self, key: str) -> str | None:
        return self._get(key) if key.startswith(PREFIX) else None

    def set_note(self, key: str, value: str) -> bool:
        return key.startswith(PREFIX) and self._set(key, value)

    # --- Low-level access that never throws -----------------------------------------------------------

    def _get(self, key: str) -> str | None:
        try:
            value = self._b.getItem(key)
        except Exception:
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> bool:
        try:
            self._b.setItem(key, value)
            return True
        except Exception:
            self.warning = FULL
            return False

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

    # --- Games -----------------------------------------------------------------------------------------

    @staticmethod
    def new_id() -> str:
        return f"{int(time.time() * 1000):x}-{random.getrandbits(24):06x}"

    def save(self, save_id: str, game: kingsburg.Game, app: dict) -> bool:
        """Write the game after a decision. False (and ``warning`` set) when the storage refuses it; the
        previous save of this game is then still there."""
        data = json.loads(game.to_json())
        data["app"] = app
        if not self._set(SAVE + save_id, json.dumps(data)):
            return False
        self._set(META + save_id, json.dumps(_meta(game, app)))
        self._set(LAST, save_id)
        if self.warning == FULL:
            self.warning = None  # it worked again (e.g. after deleting old games)
        return True

    def load(self, save_id: str) -> tuple[kingsburg.Game, dict]:
        text = self._get(SAVE + save_id)
        if text is None:
            raise StoreError("This saved game no longer exists.")
        return _open(text, "This saved game cannot be opened")

    def list(self) -> list[dict]:
        """Every saved game, newest first. A damaged one is listed with ``corrupt`` and ``error``."""
        games = []
        for key in self._keys():
            if not key.startswith(SAVE):
                continue
            save_id = key[len(SAVE) :]
            entry = {
                "id": save_id,
                "title": "A saved game",
                "players": [],
                "updated": 0.0,
                "summary": "",
                "over": False,
                "corrupt": False,
                "error": "",
            }
            try:
                meta = json.loads(self._get(META + save_id) or "")
                if not isinstance(meta, dict):
                    raise ValueError
                entry.update({k: meta[k] for k in ("title", "players", "updated", "summary", "over") if k in meta})
            except ValueError:
                entry.update(corrupt=True, error="Its summary is damaged; opening it will tell more.")
            games.append(entry)
        games.sort(key=lambda e: -float(e["updated"]) if isinstance(e["updated"], int | float) else 0)
        return games

    def delete(self, save_id: str) -> None:
        self._remove(SAVE + save_id)
        self._remove(META + save_id)
        if self._get(LAST) == save_id:
            self._remove(LAST)

    @property
    def last_id(self) -> str | None:
        """The game to continue on reload, if it still exists."""
        save_id = self._get(LAST)
        return save_id if save_id and self._get(SAVE + save_id) is not None else None

    def forget_last(self) -> None:
        self._remove(LAST)

    # --- Files -----------------------------------------------------------------------------------------

    def export(self, save_id: str) -> tuple[str, str]:
        """The file name and text of a saved game, exactly as stored (even a damaged one: never lose it)."""
        text = self._get(SAVE + save_id)
        if text is None:
            raise StoreError("This saved game no longer exists.")
        return f"kingsburg-{save_id}.json", text

    def import_text(self, text: str) -> str:
        """Store a game from a file; returns its new id. StoreError if the file is not a Kingsburg game."""
        if not isinstance(text, str) or len(text) > MAX_IMPORT_BYTES:
            raise StoreError("That file is not a Kingsburg game (it is too large).")
        game, app = _open(text, "That file is not a Kingsburg game")
        save_id = self.new_id()
        if not self.save(save_id, game, app):
            raise StoreError(self.warning or FULL)
        return save_id


def _open(text: str, what: str) -> tuple[kingsburg.Game, dict]:
    try:
        game = kingsburg.load_game(text)
    except kingsburg.InvalidSave as exc:
        raise StoreError(f"{what}: {exc}.") from None
    data = json.loads(text) if isinstance(text, str) else {}
    return game, _app(data.get("app") if isinstance(data, dict) else None, game)


def _app(app: Any, game: kingsburg.Game) -> dict:
    """The page's data about a game, repaired when missing or damaged: every seat human by default."""
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


def _meta(game: kingsburg.Game, app: dict) -> dict:
    names = game.players
    computers = [s for s in app.get("seats", []) if s.get("kind") != "human"]
    title = " vs ".join(names) if len(names) == 2 else ", ".join(names)
    if computers:
        title += f" ({len(computers)} computer{'s' if len(computers) > 1 else ''})"
    if game.is_over():
        won = " and ".join(names[i] for i in game.winners())
        summary = f"Finished: {won} won"
    else:
        summary = f"Year {game.year}, {game.phase_name}: {names[game.to_play]} to play"
    return {"title": title, "players": names, "updated": time.time(), "summary": summary, "over": game.is_over()}
