"""Share a link to the situation on screen (docs/embedding.md, "Short links"): the position as the sharer's seat
sees it, in a short form that goes through the same checks as ``?position=``.

The link's ``s`` parameter is the engine's short form of a position (``kingsburg.links``: packing, unpacking and
what a damaged link is told). Nothing secret is in it: the position is the sharer's view (enemy cards it has not
seen replaced by a guess from their year's stack, which ``as=`` keeps face down for the reader), without the dice
generator or scripted dice. ``play=1`` makes it playable; ``as=N`` shows it read-only as seat N saw it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kingsburg import Game
from kingsburg.i18n import _
from kingsburg.links import MAX_JSON, MAX_LINK, compact
from kingsburg.links import InvalidLink as ShareError
from kingsburg.links import pack as encode
from kingsburg.links import unpack as decode

from .icons import icon
from .markup import Markup, fill, html, join
from .session import Session

if TYPE_CHECKING:
    from .controller import App

__all__ = ["MAX_JSON", "MAX_LINK", "ShareDialog", "ShareError", "SharedBoard", "compact", "decode", "encode"]


def situation(session: Session) -> tuple[dict[str, Any], int | None]:
    """The position to share and the seat it is seen as (None: a position every seat may see whole): what the
    screen shows (``Session.view()``), its unseen enemy cards guessed, with no dice to come."""
    view: Game = session.view()
    position = view.determinize(0).position()
    position.pop("rng", None)
    position.pop("dice", None)
    return position, session.viewer


def query(session: Session, play: bool) -> str:
    """The address's query for the situation on screen: ``?s=...`` (then ``&play=1`` or ``&as=N``)."""
    position, seat = situation(session)
    q = f"?s={encode(position)}"
    if play:
        return q + "&play=1"
    return q if seat is None else f"{q}&as={seat}"


class SharedBoard(Session):
    """A shared position shown read-only as the sharer's seat saw it (``as=N``): that seat's view, so the enemy
    cards it had not seen stay face down."""

    def __init__(self, game: Game, seat: int) -> None:
        self.seat = seat
        super().__init__(game, {"seats": [{"kind": "human"}] * len(game.players)}, readonly=True)

    @property
    def viewer(self) -> int | None:
        return self.seat


class ShareDialog:
    """The Share dialog (controller.py's ``App.share_dialog``): open it, copy a link (web/page.py writes it to the
    clipboard), the browser refusing, close."""

    def __init__(self, app: App, base_url: str) -> None:
        self.app = app
        self.base_url = base_url  # the page's address without its query
        self.sharing = False  # the Share dialog is open
        self.copied = ""  # "read" or "play": the link just copied; "failed": the browser refused

    def on_share(self, value: str, seat: str) -> None:
        self.sharing = self.app.session is not None
        self.copied = ""

    def on_share_copy(self, value: str, seat: str) -> None:
        session = self.app.session
        if self.sharing and session is not None and value in ("read", "play"):
            self.app.out.clipboard = self.base_url + query(session, value == "play")
            self.copied = value

    def on_share_failed(self, value: str, seat: str) -> None:
        self.copied = "failed"

    def on_share_close(self, value: str, seat: str) -> None:
        self.close()

    def close(self) -> bool:
        """Close the dialog; whether it was open."""
        was, self.sharing = self.sharing, False
        return was


def dialog(base: str, session: Session, copied: str) -> Markup:
    """The Share dialog: a read-only and a playable link, each with its Copy button (``copied``: which was)."""
    failed = (
        html(
            '<p class="msg err" role="alert">{}</p>',
            fill(_("This browser did not let the page copy: select the link and copy it.")),
        )
        if copied == "failed"
        else Markup()
    )
    rows = []
    for kind, title, text in (
        ("read", _("Read-only link"), _("Shows this situation; nothing can be played.")),
        ("play", _("Playable link"), _("Opens this situation as a new game, every seat a person.")),
    ):
        done = (
            html('<span class="share-done" role="status">{}</span>', fill(_("Copied"))) if copied == kind else Markup()
        )
        rows.append(
            html(
                '<div class="share-row"><label for="share-{}"><b>{}</b> · {}</label>'
                '<div class="share-line"><input id="share-{}" class="share-link" type="text" readonly value="{}" '
                'spellcheck="false"><button type="button" class="primary small" data-action="share-copy" '
                'data-value="{}">{}</button>{}</div></div>',
                kind,
                title,
                text,
                kind,
                base + query(session, kind == "play"),
                kind,
                fill(_("Copy")),
                done,
            )
        )
    return html(
        '<div class="overlay share" role="dialog" aria-modal="true" aria-labelledby="share-title">'
        '<div class="dialog"><header class="dialog-head"><h2 id="share-title">{}{}</h2>'
        '<button type="button" class="tool" data-action="share-close" autofocus>{}</button></header>'
        "<p>{}</p>{}{}"
        '<p class="share-edit"><button type="button" class="tool" data-action="edit-open" data-value="game">'
        "{}</button> {}</p></div></div>",
        icon("link"),
        fill(_("Share this situation")),
        fill(_("Close")),
        fill(_("A link to the board as you see it now: nothing you cannot see is in it.")),
        join(rows),
        failed,
        fill(_("Edit this position…")),
        fill(_("Change anything in it, then export or share the result.")),
    )
