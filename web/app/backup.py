"""All saved games as one backup file, and reading it back: nothing lost, nothing overwritten without asking.

The file (docs/inputs.md, "The page")::

    {"format": "kingsburg-backup", "version": 1, "exported": <seconds since 1970>,
     "games": [{"id": "<save id>", "text": "<the save exactly as stored, JSON text>"}, ...],
     "statistics": "<the finished games' history exactly as stored, JSON text (web/app/history.py)>",
     "lessons": "<the reader's progress through the lessons exactly as stored, JSON text (web/app/progress.py)>"}

Each game is kept as the text that was stored, so a damaged save travels too (it is refused on import, with
the reason). "statistics" and "lessons" are optional, and kept as text so that the file's depth stays what readers of
version 1 accept: they ignore keys they do not know. Each game in a backup gets the same checks as a single
imported file (``storage.open_text``). A game whose id is already here is skipped when it is the same game,
and added as a copy (a new id) otherwise.
"""

from __future__ import annotations

import json
import time
from typing import NamedTuple

from kingsburg import InvalidJSON, parse_json
from kingsburg.i18n import N_, _, ngettext

from .history import KEY as HISTORY
from .progress import KEY as PROGRESS
from .storage import MAX_ID, SaveStore, StoreError, open_text, saved_at

FORMAT, VERSION = "kingsburg-backup", 1
MAX_BACKUP_BYTES = 20_000_000  # localStorage holds 5 to 10 MB per site; a backup of all of it fits
MAX_GAMES = 1000


class Backup(NamedTuple):
    games: list[tuple[str, str]]  # (id, save text)
    statistics: str | None  # the history entry's text, unread (``history.add_imported`` checks it)
    lessons: str | None = None  # the lessons' progress as stored, unread (``progress.add_imported`` checks it)


def export_all(store: SaveStore, now: float) -> tuple[str, str] | None:
    """The backup file's name and text, or None when there is no game, statistics or lesson progress to back up."""
    games = []
    for save_id in store.ids():  # not list(): no summary is needed, so even damaged ones cannot stop a backup
        try:
            _, text = store.export(save_id)
        except StoreError:
            continue  # deleted meanwhile (in another tab)
        games.append({"id": save_id, "text": text})
    statistics = store.note(HISTORY)  # as stored, even when damaged: a backup loses nothing
    lessons = store.note(PROGRESS)
    if not games and statistics is None and lessons is None:
        return None
    day = time.strftime("%Y-%m-%d", time.gmtime(now))
    data: dict[str, object] = {"format": FORMAT, "version": VERSION, "exported": now, "games": games}
    if statistics is not None:
        data["statistics"] = statistics
    if lessons is not None:
        data["lessons"] = lessons
    return f"kingsburg-backup-{day}.json", json.dumps(data, separators=(",", ":"))


def read_backup(text: str) -> Backup | None:
    """The games and statistics of a backup file; None when ``text`` is not a backup at all (a single game,
    say). Raises StoreError for a backup that cannot be read."""
    try:
        data = parse_json(text, max_bytes=MAX_BACKUP_BYTES, max_depth=4, what=N_("the file"))
    except InvalidJSON as exc:
        if isinstance(text, str) and '"kingsburg-backup"' in text[:200]:
            raise StoreError(_("That backup cannot be read: {error}.").format(error=exc)) from None
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return None
    if data.get("version") != VERSION:
        raise StoreError(
            _("That backup is version {version}; this page reads version {ours}.").format(
                version=repr(data.get("version")), ours=VERSION
            )
        )
    games = data.get("games")
    if not isinstance(games, list) or len(games) > MAX_GAMES:
        raise StoreError(_("That backup is damaged: 'games' must be a list of at most {n} games.").format(n=MAX_GAMES))
    out = []
    for game in games:
        if not (isinstance(game, dict) and isinstance(game.get("id"), str) and isinstance(game.get("text"), str)):
            raise StoreError(_("That backup is damaged: each game needs an 'id' and a 'text'."))
        out.append((game["id"], game["text"]))
    statistics, lessons = data.get("statistics"), data.get("lessons")
    return Backup(
        out, statistics if isinstance(statistics, str) else None, lessons if isinstance(lessons, str) else None
    )


def import_backup(store: SaveStore, games: list[tuple[str, str]]) -> str:
    """Add every sound game of a backup; returns what happened, in words for the player. A game already here
    (the same game, under any id) is skipped; one whose id is taken by a different game is added as a copy."""
    added = copies = same = 0
    refused: list[str] = []
    ids = {entry["id"] for entry in store.list()}
    here = {_engine_json(store, save_id) for save_id in ids}
    for save_id, text in games:
        try:
            game, app = open_text(text, _("a game in it cannot be opened"))
        except StoreError as exc:
            refused.append(str(exc))
            continue
        engine_json = game.to_json()
        if engine_json in here:
            same += 1
            continue
        if save_id in ids or not _good_id(save_id):
            save_id = store.new_id()
            copies += 1
        else:
            added += 1
        # Its own date, and not the game to continue on reload (that stays the one the player was at).
        store.save(save_id, game, app, updated=saved_at(text), last=False)
        ids.add(save_id)
        here.add(engine_json)
    n = added + copies
    parts = [ngettext("{n} game imported", "{n} games imported", n).format(n=n)]
    if copies:
        parts.append(_("{n} as a copy beside a different game with the same id").format(n=copies))
    if same:
        parts.append(_("{n} already here (skipped)").format(n=same))
    if refused:
        parts.append(_("{n} refused ({first})").format(n=len(refused), first=refused[0]))
    return _("Backup read: {parts}.").format(parts="; ".join(parts))


def _good_id(save_id: str) -> bool:
    return 0 < len(save_id) <= MAX_ID and all(c.isascii() and (c.isalnum() or c in "-_") for c in save_id)


def _engine_json(store: SaveStore, save_id: str) -> str | None:
    try:
        game, _ = store.load(save_id)
    except StoreError:
        return None
    return game.to_json()
