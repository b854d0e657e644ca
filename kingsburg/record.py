"""Writing saves and positions as versioned JSON (docs/save-format.md); ``save.py`` reads them.

Kept apart from ``save.py`` so that ``Game`` can write itself without importing the reader, which builds
games: ``game.py`` imports this module, ``save.py`` imports both, and nothing imports back.
"""

from __future__ import annotations

import json
from typing import Any

from .calendar import BASE_PHASES
from .content import BUILDINGS
from .ruleset import FIRST_EDITION_RULES, Rules
from .state import DUMMY, State, copy_json

VERSION = 2  # written for games with other rules than the first edition's; a first-edition game is version 1
GAME_FORMAT = "kingsburg-game"
POSITION_FORMAT = "kingsburg-position"
VIEW_FORMAT = "kingsburg-view"  # one seat's view, for a bot that thinks elsewhere (the page's worker)
VIEW_VERSION = 1
FLAGS = ("aid_die", "statue_used", "chapel_used", "market_used", "token_used", "passed", "looked")
# What a position's reader (save.py) puts in a seat or a court group left out: written once, for compact_position.
SEAT_DEFAULTS: dict[str, Any] = {
    **dict.fromkeys(("gold", "wood", "stone", "tokens", "soldiers", "vp"), 0),
    **{k: [] for k in ("buildings", "dice", "white")},
    **dict.fromkeys(FLAGS, False),
}
GROUP_DEFAULTS: dict[str, Any] = {"white": [], "token": False, "market": False, "envoy": False}


def default_cursor(order: list[int], influencer: int | None) -> int:
    """A position's ``cursor`` when it is left out: the seat waiting to influence (its index in the turn
    order), -1 when nobody is."""
    return -1 if influencer is None else order.index(influencer)


def compact_position(position: dict[str, Any]) -> dict[str, Any]:
    """``position`` (a position dict, as ``Game.position`` writes it) with every field left out that the reader
    (``load_game``) fills in the same way: ``to_play``, a first-edition phase's first step, the cursor it would
    derive, no envoy, an empty court or queue, a task's ``arg`` 0, zero goods, empty
    dice, false flags, VP sources that only say ``position``, a generator state "0" and no scripted dice. The
    position read back is the same one (``format`` and ``version`` stay: ``load_game`` needs them). A new copy;
    ``position`` is not changed."""
    out = {k: v for k, v in position.items() if k != "to_play"}
    if out.get("rng") == "0":
        del out["rng"]
    if out.get("dice") == []:
        del out["dice"]
    # The first edition's calendar only: with other rules the step is kept (short links have always been so).
    first = BASE_PHASES.get(out.get("phase", -1), (None,))[0]
    if out.get("version") == 1 and "step" in out and out["step"] == first:
        del out["step"]
    queue = out.get("queue") or []
    influencer = queue[0]["seat"] if queue and queue[0]["kind"] == "influence" else None
    cursor = default_cursor(out["turn_order"], influencer)
    for key, default in (("cursor", cursor), ("envoy", None), ("court", {}), ("queue", [])):
        if out.get(key, default) == default:
            out.pop(key, None)
    if "queue" in out:
        out["queue"] = [{k: v for k, v in t.items() if not (k == "arg" and v == 0)} for t in queue]
    seats = []
    for seat in out["seats"]:
        vp = seat.get("vp", 0)
        kept = {k: v for k, v in seat.items() if SEAT_DEFAULTS.get(k, object()) != v}
        if kept.get("vp_sources") == ({"position": vp} if vp else {}):
            del kept["vp_sources"]
        seats.append(kept)
    out["seats"] = seats
    if "court" in out:
        out["court"] = {
            n: [{k: v for k, v in g.items() if GROUP_DEFAULTS.get(k, object()) != v} for g in groups]
            for n, groups in out["court"].items()
        }
    return out


def position_dict(s: State, to_play: int | None, full: bool) -> dict[str, Any]:
    """The position form of ``s``; ``full``: a full game's (a view's leaves out the generator and script)."""
    seats = []
    for p in s.players:
        seat = {
            "name": p.name,
            "gold": p.gold,
            "wood": p.wood,
            "stone": p.stone,
            "tokens": p.tokens,
            "soldiers": p.soldiers,
            "vp": p.vp,
            "vp_sources": dict(p.vp_sources),
            "buildings": [b.slug for b in BUILDINGS if p.built[b.index]],
            "dice": list(p.dice),
            "white": list(p.white),
        }
        seat.update({f: getattr(p, f) for f in FLAGS})
        seats.append(seat)
    court = {
        str(n): [
            {
                "seat": None if pl.seat == DUMMY else pl.seat,
                "dice": list(pl.dice),
                "white": list(pl.white),
                "token": pl.token,
                "market": pl.market,
                "envoy": pl.envoy,
            }
            for pl in s.court[n]
        ]
        for n in range(1, 19)
        if s.court[n]
    }
    rules = s.calendar.rules
    d: dict[str, Any] = {"format": POSITION_FORMAT, "version": _version(rules)}
    if rules != FIRST_EDITION_RULES:
        d["rules"] = rules.to_dict()
    d.update(
        {
            "year": s.year,
            "phase": s.phase,
            "step": s.step,
            "turn_order": list(s.order),
            "cursor": s.cursor,
            "envoy": s.envoy,
            "enemies": list(s.deck),
            "seats": seats,
            "court": court,
            "queue": [{"seat": t.seat, "kind": t.kind, "arg": t.arg} for t in s.queue],
            "to_play": to_play,
        }
    )
    if s.variants:
        d["variants"] = {k: copy_json(v) for k, v in s.variants.items()}
    if full:  # a view must not carry what decides the dice to come
        d["rng"] = f"{s.rng:016x}"
        d["dice"] = list(s.script)
    return d


def _version(rules: Rules) -> int:
    """A first-edition game is written exactly as before (version 1), so older engines still read it."""
    return 1 if rules == FIRST_EDITION_RULES else VERSION


def check(s: State, to_play: int | None) -> str:
    """A hash of a full game's position: a save records it, loading compares."""
    from hashlib import sha256  # imported when first needed: a page that starts a new game does not pay for it

    d = position_dict(s, to_play, True)
    return sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:20]


def game_json(start: dict[str, Any], actions: list[str], s: State, to_play: int | None) -> str:
    """A full game's save: its start record and its decisions, with the check of where they lead."""
    d: dict[str, Any] = {"format": GAME_FORMAT, "version": _version(s.calendar.rules)}
    if "position" in start:
        d["start"] = start["position"]
    else:
        d.update(players=start["players"], seed=start["seed"], options=start["options"])
        if "rules" in start:
            d["rules"] = start["rules"]
    d["actions"] = list(actions)
    d["check"] = check(s, to_play)
    return json.dumps(d)


def view_json(seat: int, actions: list[str], s: State, to_play: int | None) -> str:
    """A seat's view (``s`` is the view's state): its position, which has neither the generator nor the dice to
    come, and the decisions made so far."""
    d = {"format": VIEW_FORMAT, "version": VIEW_VERSION, "seat": seat, "actions": list(actions)}
    d["position"] = position_dict(s, to_play, False)
    return json.dumps(d)
