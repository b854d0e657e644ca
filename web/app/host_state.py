"""The host API's state as data (docs/embedding.md, "The state"), so that no host parses English: each seat's
battle strength part by part, the standings with the tie-break, each legal decision in notation and in its
button's words, and the game's events by kind. Everything is read from the view the host may see (``Host.view``)
through the computations the page itself draws with: the engine's (``battle_parts``, ``king_faces``,
``standings``, ``tie_break``), the winter scene's for a battle fought (``winter.battle_of``) and the decision
panel's labels for the words.
"""

from __future__ import annotations

from typing import Any

from kingsburg import Action, Event, Game
from kingsburg.content import ENEMY_BY_ID

from .board import Ctx
from .hint import words
from .panel import label
from .winter import battle_of


def strength(view: Game) -> dict[str, Any] | None:
    """The battle to come as ``view`` knows it (None once the game is over): the enemy, each seat's strength
    before the King's soldiers with its parts (they add up to ``Game.battle_strength``) and the soldiers the King
    may send it."""
    if view.is_over():
        return None
    card = view.known_enemy()  # the view's seat's knowledge: a public view knows it only once revealed
    enemy = ENEMY_BY_ID[card] if card else None
    low, high = view.strength_range()
    seats = []
    for seat in range(len(view.players)):
        parts = view.battle_parts(seat, enemy.type if enemy else "")
        faces = view.king_faces(seat)
        seats.append(
            {
                "seat": seat,
                "strength": parts.total,
                "parts": [
                    {"part": "soldiers", "value": parts.soldiers},
                    *({"part": "building", "building": slug, "value": n} for slug, n in parts.buildings),
                ],
                "king": {"low": min(faces), "high": max(faces)},
            }
        )
    return {
        "year": view.year,
        "enemy": {
            "card": card,
            "type": enemy.type if enemy else None,
            "strength": enemy.strength if enemy else None,
            "low": low,
            "high": high,
        },
        "seats": seats,
    }


def battle(view: Game) -> dict[str, Any] | None:
    """The last battle fought (this year's once fought, else last year's; None before the first), as the winter
    scene tells it: the invaders' strength together, and each fight with its parts, which add up to its strength:
    the King's soldiers split as the scene splits them (his die, or the token that replaces it, named by its rules'
    name; what a variant sends besides, the Goblins', by its rules' name)."""
    w = next((w for w in (battle_of(view, view.year), battle_of(view, view.year - 1)) if w and w.fights), None)
    if w is None:
        return None
    besides = [(part.variant, part.sent_on_reveal()) for part in w.parts if part.sent_on_reveal()]
    box = next((part.variant for part in w.parts if part.sender), "king")
    fights = []
    for f in w.fights:
        king = f.king - sum(n for _, n in besides)
        parts = [("soldiers", f.soldiers), ("buildings", f.buildings), (box, king), *besides]
        fights.append(
            {
                "seat": f.seat,
                "strength": f.strength,
                "parts": [{"part": name, "value": n} for name, n in parts],
                "outcome": f.outcome,
            }
        )
    return {"year": w.year, "card": w.card, "enemy": w.enemy_strength, "fights": fights}


def standings(view: Game) -> dict[str, Any]:
    """Each seat's place (best first; tied seats share one) with the values the tie-break compares, and how first
    place is decided, criterion by criterion (``Game.standings``, ``Game.tie_break``)."""
    players = view.state.players
    return {
        "places": [
            # The criteria of Game.tie_break, by their names there (TIE_BREAK): VP, goods left, buildings.
            {
                "seat": seat,
                "place": place,
                "vp": players[seat].vp,
                "goods": players[seat].goods,
                "buildings": players[seat].building_count,
            }
            for seat, place in view.standings()
        ],
        "tie_break": [
            {"by": step.by, "values": [{"seat": k, "value": v} for k, v in step.values.items()], "best": step.best}
            for step in view.tie_break()
        ],
    }


def choices(legal: list[Action], ctx: Ctx) -> list[dict[str, str]]:
    """Each legal decision in notation and in the words of its button on the page (``ctx``: drawn from the view
    the host may see, so the words say no more than it)."""
    return [{"action": str(a), "words": words(a, label(a, ctx))} for a in legal]


def event(e: Event) -> dict[str, Any]:
    """One line of the log as a record (docs/api.md, "Event kinds"): what happened, to whom, and its data."""
    return {"kind": e.kind, "seat": e.seat, "data": dict(e.data), "vp": e.vp, "year": e.year, "phase": e.phase}
