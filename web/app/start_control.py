"""The start screen (controller.py's ``App.start_screen``): the new game's seats and rules, starting it, the saved
games (continue, delete, export, import) and the record of finished games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import kingsburg
from kingsburg import name_key, normalize_name
from kingsburg.i18n import _

from . import history, progress, screens
from .backup import export_all, import_backup, read_backup
from .editions import rules_of
from .storage import StoreError
from .theme import KINDS

if TYPE_CHECKING:
    from .controller import App


class StartScreen:
    """The start screen's fields (the new game being set up, the saved game asked to be deleted) and events."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.setup = screens.default_setup()
        self.confirm: str | None = None  # the saved game whose deletion waits to be confirmed

    def cancel(self) -> bool:
        """Forget the deletion waiting to be confirmed; whether one was."""
        was, self.confirm = self.confirm, None
        return bool(was)

    def choose_rules(self, rules: kingsburg.Rules) -> None:
        """Show ``rules`` chosen (the address's)."""
        self.setup["rules"] = {
            "edition": rules.edition,
            "scenario": rules.scenario or "",
            "modules": sorted(rules.modules),
        }

    def seat_names(self, n: int) -> list[str]:
        """The names of the first ``n`` seats as set up."""
        return [self.setup["seats"][i]["name"] for i in range(n)]

    def on_name(self, value: str, seat: str) -> bool:
        i = index_in(seat, 5)
        if i is not None:
            self.setup["seats"][i]["name"] = value[:40]
        return False  # the field already shows what was typed

    def on_kind(self, value: str, seat: str) -> None:
        i = index_in(seat, 5)
        if i is not None and value in KINDS:
            self.setup["seats"][i]["kind"] = value

    def on_count(self, value: str, seat: str) -> None:
        if value in ("2", "3", "4", "5"):
            self.setup["count"] = int(value)

    def on_edition(self, value: str, seat: str) -> None:
        if value in ("1", "2"):
            self.setup["rules"]["edition"] = int(value)

    def on_scenario(self, value: str, seat: str) -> None:
        self.setup["rules"]["scenario"] = value[:40]  # the engine judges the name when the game starts

    def on_module(self, value: str, seat: str) -> None:
        chosen = self.setup["rules"]["modules"]
        if value in chosen:
            chosen.remove(value)
        else:
            chosen.append(value[:40])

    def on_start(self, value: str, seat: str) -> None:
        seats = self.setup["seats"][: self.setup["count"]]
        self.app.notices = []
        names = []
        for i, entry in enumerate(seats):
            try:
                names.append(normalize_name(entry["name"]))
            except kingsburg.KingsburgError:
                self.app.notices.append(
                    (_("Player {n} needs a name with at least one visible character.").format(n=i + 1), True)
                )
                return
        if len({name_key(n) for n in names}) < len(names):
            self.app.notices.append((_("Two players have the same name: give each player a different one."), True))
            return
        choice = self.setup["rules"]
        if choice["edition"] != 2:  # the second edition's options, hidden with it, are not asked for
            choice = {"edition": choice["edition"], "scenario": "", "modules": []}
        try:
            rules = rules_of(choice)
        except kingsburg.KingsburgError as exc:  # a combination the rulebook forbids: the engine says why
            self.app.notices.append((_("These rules cannot be played together: {error}.").format(error=exc), True))
            return
        self.app.new_game(names, [s["kind"] for s in seats], rules)

    def on_continue(self, value: str, seat: str) -> None:
        self.app.notices = []
        self.app.open(value)

    def on_delete(self, value: str, seat: str) -> None:
        self.confirm = value

    def on_delete_no(self, value: str, seat: str) -> None:
        self.confirm = None

    def on_delete_yes(self, value: str, seat: str) -> None:
        self.app.store.delete(value)
        self.confirm = None
        self.app.notices = [(_("The game was deleted."), False)]

    def on_export(self, value: str, seat: str) -> None:
        try:
            self.app.out.download = self.app.store.export(value)
        except StoreError as exc:
            self.app.notices.append((str(exc), True))

    def on_export_all(self, value: str, seat: str) -> None:
        self.app.out.download = export_all(self.app.store, self.app.now())
        if self.app.out.download is None:
            self.app.notices = [(_("There is no saved game to export."), True)]

    def on_import_text(self, value: str, seat: str) -> None:
        try:
            backup = read_backup(value)  # a backup of several games, or None for a single game's file
            if backup is not None:
                self.app.mode = "start"
                said = import_backup(self.app.store, backup.games)
                added = (
                    history.add_imported(self.app.store, backup.statistics),
                    progress.add_imported(self.app.store, backup.lessons),
                )
                self.app.notices = [(" ".join(x for x in (said, *added) if x), False)]
                return
            save_id = self.app.store.import_text(value)
        except StoreError as exc:
            self.app.mode = "start"
            self.app.notices = [(f"{exc}\n{exc.detail}" if exc.detail else str(exc), True)]
            return
        if self.app.open(save_id):
            self.app.say(_("The game file was imported."))

    def on_stats_reset(self, value: str, seat: str) -> None:
        if history.reset(self.app.store):
            self.app.notices = [(_("The statistics were reset."), False)]
        else:
            self.app.notices = [(_("The statistics could not be reset: this browser refuses to save here."), True)]

    def on_import_error(self, value: str, seat: str) -> None:
        self.app.notices = [(value or _("That file could not be read."), True)]

    def on_home(self, value: str, seat: str) -> None:
        self.app.home()

    def on_new(self, value: str, seat: str) -> None:
        self.app.home()


def index_in(text: str, n: int) -> int | None:
    """``text`` as an index below ``n`` (a seat, a tab), or None."""
    return int(text) if text.isdigit() and int(text) < n else None
