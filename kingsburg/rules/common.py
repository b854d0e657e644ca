"""Small helpers every rule uses: the log, scoring, dice, and the rulebook's "fewest buildings" judgement."""

from __future__ import annotations

from ..events import EVENTS, REASONS, Facts, Value, dice_text, goods_text
from ..i18n import source_language
from ..rng import below
from ..state import Event, State

__all__ = ["dice_text", "goods_text", "least_developed", "roll", "say", "score"]


def say(s: State, kind: str, seat: int | None = None, secret: int | None = None, **data: Value) -> None:
    """Log an event of ``kind`` (``kingsburg.events``); its sentence is rendered from the kind and ``data``."""
    if s.log is not None:
        s.log.append(_event(s, [p.name for p in s.players], kind, seat, 0, secret, data))


def _event(
    s: State, names: list[str], kind: str, seat: int | None, vp: int, secret: int | None, data: dict[str, Value]
) -> Event:
    # Stored in English whatever the page shows (kingsburg.events.sentence renders it in the reader's language).
    with source_language():
        text = EVENTS[kind].text(Facts(names, seat, data, vp))
    return Event(text, seat, vp, secret, s.year, s.phase, kind, data)


def score(s: State, seat: int, n: int, source: str, reason: str, **data: Value) -> None:
    """Change a score. Every change is logged with its amount, so the log accounts for every VP: its ``source``
    (``score_breakdown``'s key), its ``reason`` (``kingsburg.events.REASONS``) and the reason's facts; the
    reason's words (``why``) are made from them."""
    p = s.players[seat]
    p.vp += n
    p.vp_sources[source] = p.vp_sources.get(source, 0) + n
    if s.log is not None:
        names = [q.name for q in s.players]
        facts: dict[str, Value] = {"source": source, "reason": reason, **data}
        with source_language():
            why = REASONS[reason](Facts(names, seat, facts, n))
        s.log.append(_event(s, names, "vp", seat, n, None, {"source": source, "why": why, "reason": reason, **data}))


def roll(s: State) -> int:
    """One die, from the scripted faces first (positions may fix them), then from the game's generator."""
    s.chance += 1
    if s.script:
        return s.script.pop(0)
    value, s.rng = below(s.rng, 6)
    return value + 1


def least_developed(s: State) -> list[int]:
    """Aid from the King and the King's Envoy: fewest buildings, then fewest goods. Returns every seat still
    tied, in turn order (a variant's ``ties`` hook may break the tie)."""
    fewest = min(p.building_count for p in s.players)
    tied = [i for i in s.order if s.players[i].building_count == fewest]
    least = min(s.players[i].goods for i in tied)
    tied = [i for i in tied if s.players[i].goods == least]
    for hook in s.calendar.hooks["ties"]:
        tied = hook(s, tied)
    return tied
