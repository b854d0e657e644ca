"""Writing saves and positions as versioned JSON (docs/save-format.md); ``save.py`` reads them.

Kept apart from ``save.py`` so that ``Game`` can write itself without importing the reader, which builds
games: ``game.py`` imports this module, ``save.py`` imports both, and nothing imports back.
"""

from __future__ import annotations

import json
from typing import Any

from .content import BUILDINGS
from .rules.calendar import FIRST_EDITION_RULES, Rules
from .state import DUMMY, State, copy_json

VERSION = 2  # written for games with other rules than the first edition's; a first-edition game is version 1
GAME_FORMAT = "kingsburg-game"
POSITION_FORMAT = "kingsburg-position"
VIEW_FORMAT = "kingsburg-view"  # one seat's view, for a bot that thinks elsewhere (the page's worker)
VIEW_VERSION = 1
FLAGS = ("aid_die", "statue_used", "chapel_used", "market_used", "token_used", "passed", "looked")


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
    rules = s.rules.rules
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
    d: dict[str, Any] = {"format": GAME_FORMAT, "version": _version(s.rules.rules)}
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
