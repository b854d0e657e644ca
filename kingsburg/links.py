"""Links to a position or a lesson, as the page's address reads them (docs/embedding.md): ``?s=`` (a position's
short form, the page's Share button), ``#position=`` and ``#lesson=`` (the JSON itself).

The ``s`` value is version 1 of the short form: the character ``1``, then the unpadded base64url (RFC 4648 §5) of
the raw DEFLATE stream (RFC 1951: ``zlib`` with ``wbits=-15`` here, ``CompressionStream("deflate-raw")`` in a
browser) of the position's compact JSON with every default left out (``compact``, ``compact_position``: ``format``
and version 1, zero goods, empty dice, false flags, the derived ``step``, ``cursor`` and ``to_play``, an empty court
or queue), without the dice generator or scripted dice.

Unpacking refuses, with a message for the reader, before any work it would waste: a link over MAX_LINK
characters, characters outside base64url, more than MAX_JSON bytes once unpacked (a "zip bomb" is cut off there,
never unpacked whole), a stream cut short or damaged; the JSON is then read by ``parse_json`` and the position
checked by the engine like any other.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from typing import Any

from .errors import KingsburgError
from .i18n import N_, _
from .inputs import InvalidJSON, parse_json
from .record import compact_position

VERSION = "1"
MAX_LINK = 8_000  # characters of ``s``: a five-player position late in the game packs into about 1,500
MAX_JSON = 100_000  # bytes of position JSON once unpacked (a whole position is under 10,000)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


MAX_FILE = 2_000_000  # bytes of a position or lesson file given to ``address_parts`` (the page's own bound)


class InvalidLink(KingsburgError):
    """A shared link that cannot be opened; the message is for the reader."""


def compact(position: dict[str, Any]) -> dict[str, Any]:
    """The position with every field that a position's reader would fill in the same way left out (the engine's
    rule: ``kingsburg.compact_position``), without the dice generator or scripted dice, and without ``format``
    and version 1 (``unpack`` puts them back: a link only ever holds a position)."""
    out = compact_position({k: v for k, v in position.items() if k not in ("rng", "dice")})
    del out["format"]
    if out.get("version") == 1:
        del out["version"]
    return out


def pack(position: dict[str, Any]) -> str:
    text = json.dumps(compact(position), separators=(",", ":"), ensure_ascii=False)
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return VERSION + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(value: str) -> str:
    """The position JSON of a link's ``s`` value (format and version put back). Raises InvalidLink."""
    value = value.strip()
    if len(value) > MAX_LINK:
        raise InvalidLink(
            _("The shared link is longer than {n} characters: it was not opened.").format(n=f"{MAX_LINK:,}")
        )
    if not value.startswith(VERSION) or not _BASE64URL.fullmatch(value[1:]):
        raise InvalidLink(_("The shared link is damaged (it is not a Kingsburg link this page can read): not opened."))
    body = value[1:]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except ValueError:
        raise InvalidLink(_("The shared link is damaged (some of it is missing): it was not opened.")) from None
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(packed, MAX_JSON + 1)  # never more than this, whatever the link claims
    except zlib.error:
        raise InvalidLink(_("The shared link is damaged (its packed position cannot be read): not opened.")) from None
    if len(data) > MAX_JSON or unpacker.unconsumed_tail:
        said = _("The shared link unpacks to more than {n} bytes, far more than any position: not opened.")
        raise InvalidLink(said.format(n=f"{MAX_JSON:,}"))
    if not unpacker.eof:
        raise InvalidLink(_("The shared link is cut short (copy all of it): it was not opened."))
    try:
        position = parse_json(data, max_bytes=MAX_JSON, what=N_("the shared position"))
    except InvalidJSON as exc:
        raise InvalidLink(_("The shared link does not hold a position: {error}.").format(error=exc)) from None
    if not isinstance(position, dict):
        raise InvalidLink(_("The shared link does not hold a position: not opened."))
    return json.dumps({"format": "kingsburg-position", "version": 1, **position})


def address_parts(text: str) -> dict[str, str]:
    """The address parts that open ``text``, a position (or a saved game), a lesson or a collection of lessons as
    JSON, each checked as the page checks it: ``s`` (the short form of the position it reaches, positions and games
    only), ``position``, ``lesson`` or ``collection`` (the JSON as written, percent-encoded, for after ``#``).
    Raises KingsburgError."""
    from urllib.parse import quote  # only here: the page never needs it (about 60 ms of its start in Pyodide)

    from .collection import FORMAT as COLLECTION
    from .collection import collection_from_dict
    from .lesson import lesson_from_dict
    from .save import load_game

    data = parse_json(text, max_bytes=MAX_FILE, what=N_("the file"))
    if not isinstance(data, dict):
        raise KingsburgError(_("the file is not a position, a game, a lesson or a collection (a JSON object)"))
    plain = quote(json.dumps(data, separators=(",", ":"), ensure_ascii=False), safe="")
    if data.get("format") == "kingsburg-lesson":
        lesson_from_dict(data)
        return {"lesson": plain}
    if data.get("format") == COLLECTION:
        collection_from_dict(data)
        return {"collection": plain}
    return {"s": pack(load_game(data).position()), "position": plain}
