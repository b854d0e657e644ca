"""The start screen's events, mixed into ``App`` (controller.py): the new game's seats, starting it, the saved
games (continue, delete, export, import) and the record of finished games."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

import kingsburg
from kingsburg import name_key, normalize_name

from . import history
from .backup import export_all, import_backup, read_backup
from .editions import rules_of
from .storage import SaveStore, StoreError, file_name
from .theme import KINDS

if TYPE_CHECKING:
    from .screens import Setup
    from .session import Session
    from .update import Outbox


class StartControls:
    """Start-screen events of ``App``; they use its store, setup, notices and the game it opens."""

    store: SaveStore
    setup: Setup
    session: Session | None
    mode: str
    notices: list[tuple[str, bool]]
    confirm: str | None
    message: str
    _out: Outbox
    now: Callable[[], float]

    if TYPE_CHECKING:  # App's own methods

        def _new_game(self, names: list[str], kinds: list[str], rules: kingsburg.Rules | None = None) -> bool: ...
        def _open(self, save_id: str) -> bool: ...
        def _say(self, text: str, error: bool = False) -> None: ...
        def _home(self) -> None: ...
        def save_now(self) -> bool: ...

    def _on_name(self, value: str, seat: str) -> bool:
        i = index_in(seat, 5)
        if i is not None:
            self.setup["seats"][i]["name"] = value[:40]
        return False  # the field already shows what was typed

    def _on_kind(self, value: str, seat: str) -> None:
        i = index_in(seat, 5)
        if i is not None and value in KINDS:
            self.setup["seats"][i]["kind"] = value

    def _on_count(self, value: str, seat: str) -> None:
        if value in ("2", "3", "4", "5"):
            self.setup["count"] = int(value)

    def _on_edition(self, value: str, seat: str) -> None:
        if value in ("1", "2"):
            self.setup["rules"]["edition"] = int(value)

    def _on_scenario(self, value: str, seat: str) -> None:
        self.setup["rules"]["scenario"] = value[:40]  # the engine judges the name when the game starts

    def _on_module(self, value: str, seat: str) -> None:
        chosen = self.setup["rules"]["modules"]
        if value in chosen:
            chosen.remove(value)
        else:
            chosen.append(value[:40])

    def _on_start(self, value: str, seat: str) -> None:
        seats = self.setup["seats"][: self.setup["count"]]
        self.notices = []
        names = []
        for i, entry in enumerate(seats):
            try:
                names.append(normalize_name(entry["name"]))
            except kingsburg.KingsburgError:
                self.notices.append((f"Player {i + 1} needs a name with at least one visible character.", True))
                return
        if len({name_key(n) for n in names}) < len(names):
            self.notices.append(("Two players have the same name: give each player a different one.", True))
            return
        choice = self.setup["rules"]
        if choice["edition"] != 2:  # the second edition's options, hidden with it, are not asked for
            choice = {"edition": choice["edition"], "scenario": "", "modules": []}
        try:
            rules = rules_of(choice)
        except kingsburg.KingsburgError as exc:  # a combination the rulebook forbids: the engine says why
            self.notices.append((f"These rules cannot be played together: {exc}.", True))
            return
        self._new_game(names, [s["kind"] for s in seats], rules)

    def _on_continue(self, value: str, seat: str) -> None:
        self.notices = []
        self._open(value)

    def _on_delete(self, value: str, seat: str) -> None:
        self.confirm = value

    def _on_delete_no(self, value: str, seat: str) -> None:
        self.confirm = None

    def _on_delete_yes(self, value: str, seat: str) -> None:
        self.store.delete(value)
        self.confirm = None
        self.notices = [("The game was deleted.", False)]

    def _on_export(self, value: str, seat: str) -> None:
        try:
            self._out.download = self.store.export(value)
        except StoreError as exc:
            self.notices.append((str(exc), True))

    def _on_export_current(self, value: str, seat: str) -> None:
        s = self.session
        if s is None:
            return
        if s.save_id and not s.readonly:
            self.save_now()
            try:
                self._out.download = self.store.export(s.save_id)
                return
            except StoreError:
                pass  # not stored (storage missing or full): export straight from the game
        data = json.loads(s.game.to_json())
        data["app"] = s.app_data()
        self._out.download = (file_name(s.names, self.now()), json.dumps(data))

    def _on_export_all(self, value: str, seat: str) -> None:
        self._out.download = export_all(self.store, self.now())
        if self._out.download is None:
            self.notices = [("There is no saved game to export.", True)]

    def _on_import_text(self, value: str, seat: str) -> None:
        try:
            backup = read_backup(value)  # a backup of several games, or None for a single game's file
            if backup is not None:
                self.mode = "start"
                said = import_backup(self.store, backup.games)
                self.notices = [(f"{said} {history.add_imported(self.store, backup.statistics)}".strip(), False)]
                return
            save_id = self.store.import_text(value)
        except StoreError as exc:
            self.mode = "start"
            self.notices = [(f"{exc}\n{exc.detail}" if exc.detail else str(exc), True)]
            return
        if self._open(save_id):
            self._say("The game file was imported.")

    def _on_stats_reset(self, value: str, seat: str) -> None:
        if history.reset(self.store):
            self.notices = [("The statistics were reset.", False)]
        else:
            self.notices = [("The statistics could not be reset: this browser refuses to save here.", True)]

    def _on_import_error(self, value: str, seat: str) -> None:
        self.notices = [(value or "That file could not be read.", True)]

    def _on_home(self, value: str, seat: str) -> None:
        self._home()

    def _on_new(self, value: str, seat: str) -> None:
        self._home()


def index_in(text: str, n: int) -> int | None:
    """``text`` as an index below ``n`` (a seat, a tab), or None."""
    return int(text) if text.isdigit() and int(text) < n else None
