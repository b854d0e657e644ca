"""Share a link to the situation on screen (docs/embedding.md, "Short links"): the position as the sharer's seat
sees it, in a short form that goes through the same checks as ``?position=``.

The link's ``s`` parameter is version 1 of the short form: the character ``1``, then the unpadded base64url
(RFC 4648 §5) of the raw DEFLATE stream (RFC 1951: ``zlib`` with ``wbits=-15`` here, ``CompressionStream
("deflate-raw")`` in a browser) of the position's compact JSON with every default left out (``compact``, the
engine's ``kingsburg.compact_position``: ``format`` and version 1, zero goods, empty dice, false flags, the
derived ``step``, ``cursor`` and ``to_play``, an empty court or queue). Nothing secret is in it: the position
is the sharer's view (enemy cards it has not seen replaced by a guess from their year's stack, which ``as=``
keeps face down for the reader), without the dice generator or scripted dice. ``play=1`` makes it playable;
``as=N`` shows it read-only as seat N saw it.

Decoding refuses, with a message for the reader, before any work it would waste: a link over MAX_LINK
characters, characters outside base64url, more than MAX_JSON bytes once unpacked (a "zip bomb" is cut off there,
never unpacked whole), a stream cut short or damaged; the JSON is then read by ``kingsburg.parse_json``
and the position checked by the engine like any other.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import TYPE_CHECKING, Any

from kingsburg import Game, InvalidJSON, compact_position, parse_json

from .icons import icon
from .markup import Markup, html, join
from .session import Session

if TYPE_CHECKING:
    from .controller import App

VERSION = "1"
MAX_LINK = 8_000  # characters of ``s``: a five-player position late in the game packs into about 1,500
MAX_JSON = 100_000  # bytes of position JSON once unpacked (a whole position is under 10,000)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


class ShareError(ValueError):
    """A shared link that cannot be opened; the message is for the reader."""


def situation(session: Session) -> tuple[dict[str, Any], int | None]:
    """The position to share and the seat it is seen as (None: a position every seat may see whole): what the
    screen shows (``Session.view()``), its unseen enemy cards guessed, with no dice to come."""
    view: Game = session.view()
    position = view.determinize(0).position()
    position.pop("rng", None)
    position.pop("dice", None)
    return position, session.viewer


def compact(position: dict[str, Any]) -> dict[str, Any]:
    """The position with every field that a position's reader would fill in the same way left out (the engine's
    rule: ``kingsburg.compact_position``), without the dice generator or scripted dice, and without ``format``
    and version 1 (``decode`` puts them back: a link only ever holds a position)."""
    out = compact_position({k: v for k, v in position.items() if k not in ("rng", "dice")})
    del out["format"]
    if out.get("version") == 1:
        del out["version"]
    return out


def encode(position: dict[str, Any]) -> str:
    text = json.dumps(compact(position), separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(value: str) -> str:
    """The position JSON of a link's ``s`` value (format and version put back). Raises ShareError."""
    value = value.strip()
    if len(value) > MAX_LINK:
        raise ShareError(f"The shared link is longer than {MAX_LINK:,} characters: it was not opened.")
    if not value.startswith(VERSION) or not _BASE64URL.fullmatch(value[1:]):
        raise ShareError("The shared link is damaged (it is not a Kingsburg link this page can read): not opened.")
    body = value[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except ValueError:
        raise ShareError("The shared link is damaged (some of it is missing): it was not opened.") from None
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(packed, MAX_JSON + 1)  # never more than this, whatever the link claims
    except zlib.error:
        raise ShareError("The shared link is damaged (its packed position cannot be read): not opened.") from None
    if len(data) > MAX_JSON or unpacker.unconsumed_tail:
        raise ShareError(
            f"The shared link unpacks to more than {MAX_JSON:,} bytes, far more than any position: not opened."
        )
    if not unpacker.eof:
        raise ShareError("The shared link is cut short (copy all of it): it was not opened.")
    try:
        position = parse_json(data, max_bytes=MAX_JSON, what="the shared position")
    except InvalidJSON as exc:
        raise ShareError(f"The shared link does not hold a position: {exc}.") from None
    if not isinstance(position, dict):
        raise ShareError("The shared link does not hold a position: not opened.")
    return json.dumps({"format": "kingsburg-position", "version": 1, **position})


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
        Markup(
            '<p class="msg err" role="alert">This browser did not let the page copy: select the link and copy it.</p>'
        )
        if copied == "failed"
        else Markup()
    )
    rows = []
    for kind, title, text in (
        ("read", "Read-only link", "Shows this situation; nothing can be played."),
        ("play", "Playable link", "Opens this situation as a new game, every seat a person."),
    ):
        done = Markup('<span class="share-done" role="status">Copied</span>') if copied == kind else Markup()
        rows.append(
            html(
                '<div class="share-row"><label for="share-{}"><b>{}</b> · {}</label>'
                '<div class="share-line"><input id="share-{}" class="share-link" type="text" readonly value="{}" '
                'spellcheck="false"><button type="button" class="primary small" data-action="share-copy" '
                'data-value="{}">Copy</button>{}</div></div>',
                kind,
                title,
                text,
                kind,
                base + query(session, kind == "play"),
                kind,
                done,
            )
        )
    return html(
        '<div class="overlay share" role="dialog" aria-modal="true" aria-labelledby="share-title">'
        '<div class="dialog"><header class="dialog-head"><h2 id="share-title">{}Share this situation</h2>'
        '<button type="button" class="tool" data-action="share-close" autofocus>Close</button></header>'
        "<p>A link to the board as you see it now: nothing you cannot see is in it.</p>{}{}</div></div>",
        icon("link"),
        join(rows),
        failed,
    )
