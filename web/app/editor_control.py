"""The position editor's events (controller.py's ``App.editor_screen``): open it on a new position or on the
situation a game shows, edit a field, build or take away a building, and take the position out of the editor:
a file, a link (``#position=`` or the Share button's short ``?s=``), or the board."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from kingsburg import load_game
from kingsburg.links import pack

from . import editor_view, share
from .editor import Editor, blank
from .markup import Markup
from .params import quote
from .session import Session
from .storage import file_name

if TYPE_CHECKING:
    from .controller import App


class EditorScreen:
    """The editor on screen (``editor``, None when closed), the game it was opened from (``back``, shown again on
    Back) and the link just copied (``copied``: "short", "full", or "failed" when the browser refused)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.editor: Editor | None = None
        self.back: Session | None = None
        self.copied = ""
        self.playable = False  # the links open a game to play from the position (play=1), not a board to look at

    def on_edit_open(self, value: str, seat: str) -> None:
        """ "game": the situation the game on screen shows (as the Share button would share it: nothing its viewer
        cannot see); otherwise a new position with the start screen's names."""
        app = self.app
        session = app.session if value == "game" and app.mode == "game" else None
        if session is not None:
            position = share.situation(session)[0]
            app.save_now()
        else:
            setup = app.start_screen.setup
            position = blank(app.start_screen.seat_names(setup["count"]))
        self.editor = Editor(position)
        self.back = session
        self.copied = ""
        app.share_dialog.close()
        app.session = None
        app.mode = "editor"
        app.generation += 1  # a computer's turn in flight belongs to the game left

    def on_edit_field(self, value: str, seat: str) -> None:
        if self.editor is not None and self.editor.edit(seat, value):
            self.copied = ""

    def on_edit_building(self, value: str, seat: str) -> None:
        where, _, slug = value.partition(":")
        if self.editor is not None and self.editor.toggle(where, slug):
            self.copied = ""

    def on_edit_playable(self, value: str, seat: str) -> None:
        """The links' option: "1", they open the position as a game to play (``play=1``); "0", read-only."""
        if self.editor is not None and value in ("0", "1") and self.playable != (value == "1"):
            self.playable = value == "1"
            self.copied = ""

    def on_edit_export(self, value: str, seat: str) -> None:
        ed = self.editor
        if ed is None or ed.verdict().game is None:
            return
        position = ed.exported()
        names = [s["name"] for s in position["seats"]]
        self.app.out.download = (file_name(names, self.app.now()), json.dumps(position, indent=1, ensure_ascii=False))

    def on_edit_copy(self, value: str, seat: str) -> None:
        links = self.links()
        if links is not None and value in links:
            self.app.out.clipboard = links[value]
            self.copied = value

    def on_copy_failed(self, value: str, seat: str) -> None:
        if self.editor is not None and self.copied:
            self.copied = "failed"

    def on_edit_show(self, value: str, seat: str) -> None:
        """Open the position on the board: read-only, or ("play") as a new game between people, not saved."""
        ed = self.editor
        if ed is None or ed.verdict().game is None:
            return
        self.close()
        self.app.show_position(load_game(ed.result()), play=value == "play")  # a game of its own to play on

    def on_edit_close(self, value: str, seat: str) -> None:
        back = self.back
        self.close()
        if back is not None:
            self.app.enter(back)
        else:
            self.app.home()

    def close(self) -> None:
        self.editor, self.back, self.copied = None, None, ""
        self.app.mode = "start"

    def links(self) -> dict[str, str] | None:
        """The short (``?s=``) and the full (``#position=``) link to the position, while the engine accepts it.
        The short one leaves out the scripted dice and the generator, as the Share button's does. With the
        ``playable`` option each ends in ``&play=1``: the link opens a game to play from the position (every seat
        a person, not saved), as the Share button's playable link does."""
        ed = self.editor
        if ed is None or ed.verdict().game is None:
            return None
        base = self.app.share_dialog.base_url
        position = ed.exported()
        plain = json.dumps(position, separators=(",", ":"), ensure_ascii=False)
        play = "&play=1" if self.playable else ""
        return {"short": f"{base}?s={pack(position)}{play}", "full": f"{base}#position={quote(plain)}{play}"}

    def views(self) -> dict[str, Markup]:
        ed = self.editor
        assert ed is not None
        links = (self.links() if self.copied else None) or {"short": "", "full": ""}
        return {
            "ed-check": editor_view.check(ed),
            "ed-actions": editor_view.actions(ed, self.playable),
            "ed-links": editor_view.links(links["short"], links["full"], self.copied, self.playable),
            "ed-preview": editor_view.preview(ed),
            "ed-form": editor_view.form(ed),
        }
