"""Small helpers every rule uses: the log, scoring, dice, and the rulebook's "fewest buildings" judgement."""

from __future__ import annotations

from ..rng import below
from ..state import Event, State


def say(
    s: State,
    text: str,
    seat: int | None = None,
    vp: int = 0,
    secret: int | None = None,
    kind: str = "",
    **data: int | str | tuple[str, ...],
) -> None:
    """Log a line; ``kind`` and ``data`` describe it for programs (see ``Event``)."""
    if s.log is not None:
        s.log.append(Event(text, seat, vp, secret, s.year, s.phase, kind, data))


def score(s: State, seat: int, n: int, source: str, why: str, **data: int | str) -> None:
    """Change a score. Every change is logged with its amount, so the log accounts for every VP."""
    p = s.players[seat]
    p.vp += n
    p.vp_sources[source] = p.vp_sources.get(source, 0) + n
    if s.log is not None:
        sign = "+" if n >= 0 else "−"
        facts: dict[str, int | str | tuple[str, ...]] = {"source": source, "why": why, **data}
        s.log.append(Event(f"{p.name} {sign}{abs(n)} VP: {why}.", seat, n, None, s.year, s.phase, "vp", facts))


def roll(s: State) -> int:
    """One die, from the scripted faces first (positions may fix them), then from the game's generator."""
    s.chance += 1
    if s.script:
        return s.script.pop(0)
    value, s.rng = below(s.rng, 6)
    return value + 1


def goods_text(goods: tuple[str, ...] | list[str]) -> str:
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return ", ".join(f"{n} {g}" for g, n in counts.items()) or "nothing"


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


def dice_text(dice: list[int], white: list[int]) -> str:
    return ", ".join([str(d) for d in dice] + [f"white {d}" for d in white])
