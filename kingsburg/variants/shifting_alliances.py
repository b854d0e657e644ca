"""Shifting Alliances, a scenario of the second edition (second-edition.md §2.9; the rulebook's scenario sheet).

- Pledge of Loyalty: "At the start of each year, in turn order, each player places 1 of his building tokens on
  any advisor, even an advisor who already has 1 or more building tokens. These tokens ... stay on the advisors
  until the end of the game."
- Friends or Foes?: "Whenever a player influences an advisor who does not have a building token of his color,
  each other player gains 1 VP for each of his tokens on that advisor. In a 2-player game, this is also resolved
  when influencing advisors during the additional step at the start of each productive season."
- Whispers of Distrust: "At the end of year III, in turn order, each player removes 1 building token of the
  player on his left from any advisor. With 4–5 players, do this again at the end of year IV."

The rulings (docs/rulings.md) live here: the King's Envoy and the Market still influence the advisor, so they
score like any group (the ``influence`` hook sees every placement); the 2-player neutral dice have no colour,
so both players score for their tokens where they land (``_friends_or_foes``); the player on the left is the
next seat, and a player with no token left loses none (``Distrust``).

State (``s.variants["shifting-alliances"]``): ``pledges``, one sorted list of advisor numbers per seat (a number
once per token there).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..actions import PASS, Action
from ..actions import register as register_action
from ..content import advisor
from ..errors import InvalidSave, at
from ..events import INT, EventKind, Facts, Renderer, advisor_text
from ..i18n import N_, _, ngettext
from ..rules.common import say, score
from ..rules.decisions import DecisionKind
from ..ruleset import Variant
from ..state import DUMMY, State, Task

NAME = "shifting-alliances"
register_action("pledge", advisor=True)
register_action("remove", advisor=True)
_PLEDGES = [Action("pledge", advisor=n) for n in range(1, 19)]


def pledges(s: State, seat: int) -> list[int]:
    """The advisors holding ``seat``'s tokens, one entry per token, in rank order."""
    tokens: list[int] = s.variants[NAME]["pledges"][seat]
    return tokens


def every_pledge(s: State) -> tuple[tuple[int, ...], ...]:
    """``pledges`` of every seat, by seat: a copy, for the bots to read (the variant's state stays its own)."""
    return tuple(tuple(tokens) for tokens in s.variants[NAME]["pledges"])


def played(s: State) -> bool:
    """Whether the game ``s`` is played with this variant."""
    return NAME in s.variants


def left_of(s: State, seat: int) -> int:
    """The player on a seat's left: the next seat in seating order (a ruling)."""
    return (seat + 1) % s.n


def distrust_years(s: State) -> tuple[int, ...]:
    """The years at whose end the Whispers of Distrust remove tokens: III, and IV too with 4-5 players."""
    return (3, 4) if s.n >= 4 else (3,)


class Pledge(DecisionKind):
    """Pledge of Loyalty: one token on any advisor."""

    kind, answers, variant = "pledge", ("pledge",), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return _PLEDGES

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        insort(pledges(s, task.seat), a.advisor)
        say(s, "pledge", task.seat, advisor=a.advisor, there=pledges(s, task.seat).count(a.advisor))

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must pledge a token to an advisor").format(name=s.players[task.seat].name)


class Distrust(DecisionKind):
    """Whispers of Distrust: remove one token of the player on the left."""

    kind, answers, variant = "distrust", ("remove", "pass"), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        held = sorted(set(pledges(s, left_of(s, task.seat))))
        return [Action("remove", advisor=n) for n in held] or [PASS]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        left = left_of(s, task.seat)
        if a.kind == "pass":
            say(s, "forced", task.seat, decision=self.kind, left=left)
            return
        pledges(s, left).remove(a.advisor)
        say(s, "unpledge", task.seat, advisor=a.advisor, left=left)

    def describe(self, s: State, task: Task) -> str:
        left = s.players[left_of(s, task.seat)].name
        return _("{name} must remove a token of {left}'s (the player on the left) from an advisor").format(
            name=s.players[task.seat].name, left=left
        )

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        left = s.players[left_of(s, task.seat)].name
        if a.kind == "remove":
            where = ", ".join(f"#{n}" for n in sorted(set(pledges(s, left_of(s, task.seat))))) or _("none")
            return _("{left} has no token on {advisor}; {left}'s tokens: {where}").format(
                left=left, advisor=advisor_text(a.advisor), where=where
            )
        return _("{left} still has tokens on the advisors: one must be removed").format(left=left)


# --- The calendar steps and the hook ---------------------------------------------------------------------------


def _pledge_of_loyalty(s: State) -> None:
    say(s, "loyalty", year=s.year)
    s.queue.extend(Task(seat, "pledge") for seat in s.order)


def _friends_or_foes(s: State, seat: int, number: int) -> None:
    """An advisor was influenced: if the influencer has no token there, every other player with tokens there
    scores 1 VP per token. The neutral dice (seat DUMMY) have no colour: every player with tokens scores."""
    data = s.variants[NAME]["pledges"]
    if seat != DUMMY and number in data[seat]:
        return
    for other in s.order:
        k = data[other].count(number) if other != seat else 0
        if k:
            score(s, other, k, "pledges", "pledges", count=k, advisor=number, by=seat)


def _whispers_of_distrust(s: State) -> None:
    if s.year not in distrust_years(s):
        return
    say(s, "distrust", year=s.year)
    s.queue.extend(Task(seat, "distrust") for seat in s.order)


def _pledge(f: Facts) -> str:
    there, who = f.num("there"), advisor_text(f.num("advisor"))
    if there > 1:
        return _("{name} pledges a token to {advisor} ({there} of {name}'s tokens there).").format(
            name=f.name, advisor=who, there=there
        )
    return _("{name} pledges a token to {advisor}.").format(name=f.name, advisor=who)


def _unpledge(f: Facts) -> str:
    return _("{name} removes a token of {left}'s from {advisor}.").format(
        name=f.name, left=f.names[f.num("left")], advisor=advisor_text(f.num("advisor"))
    )


EVENTS = (
    EventKind("loyalty", "", {"year": INT}, N_("Year {year}: the Pledge of Loyalty."), variant=NAME),
    EventKind("pledge", "the pledger", {"advisor": INT, "there": INT}, _pledge, variant=NAME),
    EventKind("distrust", "", {"year": INT}, N_("The end of year {year}: the Whispers of Distrust."), variant=NAME),
    EventKind("unpledge", "the remover", {"advisor": INT, "left": INT}, _unpledge, variant=NAME),
)


def _pledged(f: Facts) -> str:
    """Friends or Foes?: VP for a player's tokens on an advisor another influenced (``by``: DUMMY for the
    neutral dice)."""
    k, by = f.num("count"), f.num("by")
    who = _("the neutral dice") if by == DUMMY else f.names[by]
    return ngettext(
        "{n} token on {advisor}, influenced by {who}", "{n} tokens on {advisor}, influenced by {who}", k
    ).format(n=k, advisor=advisor_text(f.num("advisor")), who=who)


def _forced_distrust(f: Facts) -> str:
    return _("{left} has no token left for {name} to remove.").format(left=f.names[f.num("left")], name=f.name)


class ShiftingAlliances(Variant):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = N_("Shifting Alliances")
    summary: ClassVar[str] = N_("Pledge tokens on the advisors: score whenever a rival influences one of yours.")
    help: ClassVar[str] = N_(
        "At the start of each year, in turn order, each player pledges one of their tokens to any advisor, even "
        "one that already holds tokens; pledges stay until the end of the game. Whenever a player influences an "
        "advisor holding no token of their own colour (with the King's Envoy and the Market too), every other "
        "player gains 1 VP per token of theirs on it. With 2 players the neutral dice count as well: both players "
        "score for their tokens where the neutral dice land. At the end of year III (and of year IV with 4 or 5 "
        "players), in turn order, each player removes one token of the player on their left."
    )
    vp_sources: ClassVar[tuple[str, ...]] = ("pledges",)
    decisions: ClassVar[tuple[DecisionKind, ...]] = (Pledge(), Distrust())
    events: ClassVar[tuple[EventKind, ...]] = EVENTS
    forced: ClassVar[Mapping[str, Renderer]] = {"distrust": _forced_distrust}
    reasons: ClassVar[Mapping[str, Renderer]] = {"pledges": _pledged}
    steps: ClassVar[Mapping[str, Callable[[State], None]]] = {
        "year_start": _pledge_of_loyalty,
        "year_over": _whispers_of_distrust,
    }
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {"influence": _friends_or_foes}

    def setup(self, s: State) -> Any:
        return {"pledges": [[] for _ in range(s.n)]}

    def load(self, data: Any, s: State) -> Any:
        where = f"'variants' {NAME}"
        if not isinstance(data, dict) or set(data) != {"pledges"}:
            raise InvalidSave(_("{where} holds pledges").format(where=where))
        lists = data["pledges"]
        if (
            not isinstance(lists, list)
            or len(lists) != s.n
            or not all(isinstance(t, list) and len(t) <= 5 for t in lists)
            or not all(type(n) is int and 1 <= n <= 18 for t in lists for n in t)
        ):
            raise InvalidSave(at(where, _("pledges lists, for each seat, the advisors (1-18) holding its tokens")))
        return {"pledges": [sorted(t) for t in lists]}

    def board(self, data: Any, s: State, seat: int | None) -> list[tuple[str, str]]:
        """The advisors holding pledge tokens, with each player's count there."""
        lines = []
        for number in range(1, 19):
            held = [(s.players[i].name, t.count(number)) for i, t in enumerate(data["pledges"]) if number in t]
            if held:
                text = ", ".join(f"{name} {k}" for name, k in held)
                lines.append((f"#{number} {_(advisor(number).name)}", text))
        return lines or [("Pledges", "no token pledged yet")]


# What other modules may use (the bots read a game only through these; tests/engine/test_bots.py checks it).
__all__ = ["NAME", "ShiftingAlliances", "distrust_years", "every_pledge", "left_of", "played", "pledges"]
