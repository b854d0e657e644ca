"""Shared links (web/app/share.py): the short form round-trips every position, leaves defaults out, holds nothing
the sharer's seat cannot see, and a tampered, truncated, oversized or packed-bomb link gets a clear message and
changes nothing."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest
from app import share
from app.controller import App
from app.params import parse
from app.session import Session
from app.storage import SaveStore

import kingsburg
from kingsburg.rules.flow import PHASE_START


def played(seed: int, n: int, stop: int, rules: kingsburg.Rules | None = None, **options) -> kingsburg.Game:
    game = kingsburg.new_game(["Ann", "Brian", "Cindy", "David", "Eve"][:n], seed=seed, rules=rules, **options)
    pick = random.Random(seed)
    while not game.is_over() and len(game.actions) < stop:
        game.apply(pick.choice(game.legal_actions()))
    return game


def solo(game: kingsburg.Game, seat: int = 0) -> Session:
    kinds = ["normal"] * len(game.players)
    kinds[seat] = "human"
    return Session(game, {"seats": [{"kind": k} for k in kinds]})


def value(query: str) -> str:
    return query.split("s=", 1)[1].split("&", 1)[0]


@pytest.mark.parametrize(("seed", "n", "stop"), [(1, 2, 0), (2, 3, 37), (3, 4, 150), (4, 5, 260), (5, 2, 10_000)])
def test_a_link_round_trips_the_shared_position(seed, n, stop):
    game = played(seed, n, stop)
    session = solo(game)
    position, seat = share.situation(session)
    assert seat == 0 and "rng" not in position and "dice" not in position
    text = share.decode(share.encode(position))
    opened = kingsburg.load_game(text).position()
    for key in ("rng", "dice"):
        opened.pop(key)
    assert opened == position
    plain = len(json.dumps(game.position(), separators=(",", ":")))
    assert len(share.encode(position)) < plain / 2  # short: packed, defaults left out


def test_a_link_keeps_the_rules_of_another_edition():
    game = played(7, 3, 90, rules=kingsburg.Rules(edition=2))
    position, _ = share.situation(solo(game))
    assert position["version"] == 2 and "rules" in position
    opened = kingsburg.load_game(share.decode(share.encode(position))).position()
    for key in ("rng", "dice"):
        opened.pop(key)
    assert opened == position


def test_defaults_are_left_out():
    game = played(2, 3, 37)
    short = share.compact(share.situation(solo(game))[0])
    for key in ("format", "version", "to_play", "rng", "dice"):
        assert key not in short
    assert short.get("step") != PHASE_START[short["phase"]]
    for seat in short["seats"]:
        assert all(v not in (0, False, []) for k, v in seat.items() if k != "vp_sources")
    assert short["turn_order"] and short["enemies"]


def test_a_link_holds_nothing_the_sharers_seat_cannot_see():
    # Two games the same in everything Ann can see: their enemies of years II to V differ.
    kept = ["I-1", "II-1", "III-1", "IV-1", "V-1"]
    other = ["I-1", "II-2", "III-3", "IV-4", "V-5"]
    a, b = (played(0, 3, 20, enemies=cards) for cards in (kept, other))
    assert a.actions == b.actions and a.year == 1
    assert share.query(solo(a), False) == share.query(solo(b), False)  # not one character from what she cannot see
    assert share.query(solo(a), False).endswith("&as=0") and share.query(solo(a), True).endswith("&play=1")
    looked = played(0, 3, 132)  # Brian (seat 1) has just looked at this year's card: his link holds it
    assert looked.state.players[1].looked and not looked.enemy_revealed()
    seen = json.loads(share.decode(value(share.query(solo(looked, seat=1), False))))
    assert seen["enemies"][looked.year - 1] == looked.state.deck[looked.year - 1]


def packed(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return "1" + base64.urlsafe_b64encode(packer.compress(data) + packer.flush()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("link", "message"),
    [
        ("1" + "A" * (share.MAX_LINK + 1), "longer than 8,000 characters"),
        ("2" + packed(b"{}")[1:], "damaged"),
        ("1abc$%", "damaged"),
        ("1A", "missing"),
        ("1" + "A" * 12, "cannot be read"),
        (packed(b'{"a":"' + b"x" * 5_000_000 + b'"}'), "more than 100,000 bytes"),
        (packed(b"[1,2]"), "does not hold a position"),
        (packed(b"\xff\xfe"), "does not hold a position"),
    ],
)
def test_bad_links_are_refused_with_a_clear_message(link, message):
    with pytest.raises(share.ShareError, match=message):
        share.decode(link)


def test_a_truncated_link_is_refused():
    link = share.encode(share.situation(solo(played(3, 4, 150)))[0])
    for cut in (len(link) // 2, len(link) - 3):
        with pytest.raises(share.ShareError, match=r"cut short|damaged|missing"):
            share.decode(link[:cut])


def test_the_address_opens_a_link_read_only_as_the_sharer_saw_it(storage):
    game = played(0, 3, 132)  # Brian (seat 1) has looked at this year's enemy card
    query = share.query(solo(game, seat=0), False)
    app = App(SaveStore(storage), query)
    s = app.session
    assert isinstance(s, share.SharedBoard) and s.readonly and s.viewer == 0
    assert s.view().known_enemy() is None  # Ann had not seen it: face down for the reader too
    assert storage.data == {} or all("save/" not in k for k in storage.data)  # nothing saved
    played_on = App(SaveStore(storage), share.query(solo(game, seat=0), True))
    assert not played_on.session.readonly and played_on.session.game.actions == []
    assert played_on.session.game.state.players[0].gold == game.state.players[0].gold


def test_a_bad_link_in_the_address_changes_nothing(storage):
    store = SaveStore(storage)
    store.save("g1", played(1, 2, 20), {"seats": [{"kind": "human"}, {"kind": "easy"}]})
    assert store.last_id == "g1"  # a bad link opens no game, not even the last one: the start screen says why
    before = dict(storage.data)
    link = share.encode(share.situation(solo(played(2, 3, 37)))[0])
    for bad in (link[:-5], link[:40] + ("B" if link[40] != "B" else "C") + link[41:], "1" + "A" * 9000):
        app = App(store, f"?s={bad}")
        assert app.mode == "start" and app.session is None
        assert any("shared link" in text or "position" in text for text, error in app.notices if error)
        assert storage.data == before
    tampered = json.loads(share.decode(link))
    tampered["seats"][0]["gold"] = -5
    app = App(store, f"?s={packed(json.dumps(tampered).encode())}")
    assert app.mode == "start" and any("gold" in text for text, _ in app.notices)
    assert parse("?as=9").problems and parse("?s=1A").problems


def test_the_share_dialog_offers_both_links_and_copies_one(storage):
    app = App(SaveStore(storage), "?seats=human,easy&seed=3")
    app.share_dialog.base_url = "https://example.org/kingsburg/"
    assert 'data-action="share"' in app.views()["topbar"]
    assert app.handle("share").redraw
    overlay = app.views()["overlay"]
    assert overlay.count("https://example.org/kingsburg/?s=1") == 2 and "&amp;play=1" in overlay
    update = app.handle("share-copy", "play")
    assert update.redraw
    copied = update.clipboard
    assert copied is not None and copied.startswith("https://example.org/kingsburg/?s=1") and copied.endswith("play=1")
    assert "Copied" in app.views()["overlay"]
    assert app.handle("share-failed").clipboard is None  # copied once, by the click that asked
    assert "did not let the page copy" in app.views()["overlay"]
    assert app.handle("escape").redraw and app.views()["overlay"] == ""
