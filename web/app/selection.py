"""Choosing a dice group to influence an advisor: which dice are picked, which extras are allowed, and which legal
placements that reaches.

The page never works out a rule: every target comes from the engine's ``legal_actions()``. The extras ("+2"
token, Market, Envoy) are switches that *allow* their use. Among the allowed placements of the chosen dice, each
advisor shows the one using the most allowed extras (the player switched them on to use them), so every legal
placement can be reached by picking its dice and switching on exactly its extras.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kingsburg import Action

EXTRAS = ("token", "market", "envoy")


def extras_of(action: Action) -> tuple[str, ...]:
    return tuple(name for name in EXTRAS if getattr(action, name))


@dataclass
class Selection:
    """The dice picked (indices into the player's unplaced coloured and white dice) and the extras allowed."""

    coloured: set[int] = field(default_factory=set)
    white: set[int] = field(default_factory=set)
    token: bool = False
    market: bool = False
    envoy: bool = False
    key: object = None  # the decision this selection belongs to; a new decision starts a new selection

    def reset(self, key: object = None) -> None:
        self.coloured.clear()
        self.white.clear()
        self.token = self.market = self.envoy = False
        self.key = key

    def follow(self, key: object, dice: list[int], white: list[int]) -> None:
        """Start afresh when the decision changed; drop indices that no longer name a die."""
        if key != self.key:
            self.reset(key)
        self.coloured = {i for i in self.coloured if i < len(dice)}
        self.white = {i for i in self.white if i < len(white)}

    def toggle_die(self, which: str, index: int) -> None:
        chosen = self.white if which == "w" else self.coloured
        chosen.symmetric_difference_update({index})

    def toggle(self, extra: str) -> None:
        if extra in EXTRAS:
            setattr(self, extra, not getattr(self, extra))

    def allowed(self, action: Action) -> bool:
        return all(getattr(self, name) for name in extras_of(action))

    @property
    def empty(self) -> bool:
        return not self.coloured and not self.white

    def group(self, dice: list[int], white: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The picked dice as the engine writes them: values, highest first."""
        return (
            tuple(sorted((dice[i] for i in self.coloured), reverse=True)),
            tuple(sorted((white[i] for i in self.white), reverse=True)),
        )

    def total(self, dice: list[int], white: list[int]) -> int:
        coloured, whites = self.group(dice, white)
        return sum(coloured) + sum(whites)


def placements(legal: list[Action]) -> list[Action]:
    return [a for a in legal if a.kind == "place"]


def available_extras(legal: list[Action]) -> dict[str, bool]:
    """Which switches are worth showing: an extra some legal placement uses."""
    places = placements(legal)
    return {name: any(getattr(a, name) for a in places) for name in EXTRAS}


def targets(sel: Selection, dice: list[int], white: list[int], legal: list[Action]) -> dict[int, Action]:
    """Advisor number -> the placement a tap on it makes, for the picked dice and allowed extras."""
    if sel.empty:
        return {}
    coloured, whites = sel.group(dice, white)
    best: dict[int, Action] = {}
    for a in placements(legal):
        if a.dice != coloured or a.white != whites or not sel.allowed(a):
            continue
        held = best.get(a.advisor)
        if held is None or len(extras_of(a)) > len(extras_of(held)):
            best[a.advisor] = a
    return best


def reachable(sel: Selection, legal: list[Action]) -> set[int]:
    """Advisors some group of the player's dice can reach with the allowed extras (a hint before picking)."""
    return {a.advisor for a in placements(legal) if sel.allowed(a)}


def missed(sel: Selection, dice: list[int], white: list[int], legal: list[Action]) -> dict[int, tuple[str, ...]]:
    """Advisors the picked dice would reach with an extra that is switched off: advisor -> the extras needed."""
    if sel.empty:
        return {}
    coloured, whites = sel.group(dice, white)
    now = targets(sel, dice, white, legal)
    out: dict[int, tuple[str, ...]] = {}
    for a in placements(legal):
        if a.dice == coloured and a.white == whites and a.advisor not in now:
            need = tuple(x for x in extras_of(a) if not getattr(sel, x))
            if a.advisor not in out or len(need) < len(out[a.advisor]):
                out[a.advisor] = need
    return out
