"""Scenario: Goblin Valley (second-edition.md §2.7; the rulebook's scenario sheet).

- Setup: "After creating the enemy deck, create the valley deck using the remaining cards (following the same
  rules; i.e. 1 card for each of the 5 years)", face down: one of each year's four cards left, hidden like the
  enemy deck.
- "Each winter, when revealing the top card of the enemy deck, also reveal the top card of the valley deck. If it
  is not a Goblin card, return it to the box and proceed as normal." If it is: "The king immediately sends
  additional reinforcements equal to the current year" (year III: every player advances 3 soldier spaces), "the
  Goblins' strength is added to the other enemy's strength", the defeated suffer "the penalties shown on both
  enemy cards", the victorious gain "the rewards shown on both" (the ``foes`` moment of the battle).
- "During year V, the card revealed from the valley deck is considered to be a Goblin card instead of its regular
  card type" (ruling: for everything, and not also its printed type).
- The Barricade works against a Goblin valley card, and only once if both cards are Goblins (a building's bonus
  against a type counts once in ``battle.foes_modifier``).
- "When a player would secretly look at the top card of the enemy deck, he may choose to secretly look at the top
  card of the valley deck instead": the General's and the Queen's look become a decision, ``look enemy`` or
  ``look valley``.
- Rulings (docs/rulings.md): with Module 5 the Goblins' extra reinforcements still apply (they are added here,
  after the tokens); the +1 VP of the strongest victorious player is given once, not once per card.

State: ``{"valley": [five card ids, year I first], "seen": [seats that looked at this year's valley card]}``; a
seat's view keeps only the valley cards revealed (past years, this year's once fought) or seen by that seat, the
others null (and ``kingsburg.load_view`` reads them back so: null exactly there).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from ..actions import Action
from ..actions import register as register_action
from ..content import ENEMY_BY_ID, ROMAN, Enemy, enemies_of_year
from ..errors import InvalidSave, at
from ..events import INT, STR, EventKind, Facts
from ..i18n import N_, _, ngettext
from ..rng import below
from ..rules.common import say
from ..rules.decisions import DecisionKind
from ..rules.gifts import look
from ..ruleset import Variant
from ..state import State, Task

NAME = "goblin-valley"
GOBLINS = "Goblins"
ALWAYS_GOBLINS = 5  # the year whose valley card counts as Goblins whatever it is

register_action("look", ("enemy", "valley"))
_LOOKS = [Action("look", arg="enemy"), Action("look", arg="valley")]
# What each look shows, under its choice.
LOOK_EFFECTS = {
    "enemy": N_("See the enemy card you fight this winter: its strength, and what victory and defeat bring."),
    "valley": N_("See this year's valley card: whether a goblin tribe joins the battle (it always does in year V)."),
}


def valley_card(s: State, year: int) -> str | None:
    """The valley card of ``year`` (None where a view cannot know it)."""
    card: str | None = s.variants[NAME]["valley"][year - 1]
    return card


def valley_seen(s: State, seat: int) -> str | None:
    """This year's valley card if ``seat`` has looked at it (the General's or the Queen's look), else None."""
    if seat not in s.variants[NAME]["seen"]:
        return None
    return valley_card(s, s.year)


def played(s: State) -> bool:
    """Whether the game ``s`` is played with this variant."""
    return NAME in s.variants


def is_goblins(card: Enemy, year: int) -> bool:
    """Whether a valley card joins the battle: a Goblin card, or any card in year V."""
    return card.type == GOBLINS or year == ALWAYS_GOBLINS


class Look(DecisionKind):
    """The General's or the Queen's look: at the top enemy card or at the top valley card."""

    kind, answers, variant = "look", ("look",), NAME
    queued_after = ("gifts",)  # asked for by the General's or the Queen's gift

    def legal(self, s: State, task: Task) -> list[Action]:
        return _LOOKS

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        if a.arg == "enemy":
            look(s, task.seat, chose=True)
            return
        data = s.variants[NAME]
        if task.seat not in data["seen"]:
            data["seen"].append(task.seat)
        s.chance += 1  # a hidden card was seen: undo may not cross this
        say(s, "look", task.seat, deck="valley", chose=1)
        say(s, "seen", task.seat, secret=task.seat, deck="valley", card=valley_card(s, s.year) or "")

    def describe(self, s: State, task: Task) -> str:
        return _("{name} may secretly look at the top enemy card or the top valley card").format(
            name=s.players[task.seat].name
        )

    def effect(self, s: State, task: Task, a: Action) -> str:
        return _(LOOK_EFFECTS[a.arg])


def _look(s: State, seat: int) -> bool:
    s.queue.insert(0, Task(seat, "look"))
    return True


def _foes(s: State, foes: list[Enemy], sent: list[int]) -> None:
    """The valley card revealed with the enemy card; a Goblin card joins the battle with the King's extra soldiers."""
    data = s.variants[NAME]
    data["seen"] = []  # revealed to everyone now
    card = ENEMY_BY_ID[data["valley"][s.year - 1]]
    say(s, "valley", card=card.id)
    if not is_goblins(card, s.year):
        say(s, "valley-back", card=card.id)
        return
    if card.type != GOBLINS:
        say(s, "valley-goblins", card=card.id)
    foes.append(replace(card, type=GOBLINS))
    for seat in range(s.n):
        sent[seat] += s.year
    say(s, "goblins", soldiers=s.year, strength=sum(e.strength for e in foes))


def _goblins(f: Facts) -> str:
    n = f.num("soldiers")
    return ngettext(
        "A goblin tribe joins the invaders (total strength {strength}): the King sends {n} more soldier to everyone.",
        "A goblin tribe joins the invaders (total strength {strength}): the King sends {n} more soldiers to everyone.",
        n,
    ).format(strength=f.num("strength"), n=n)


EVENTS = (
    EventKind(
        "valley",
        "",
        {"card": STR},
        lambda f: _("The valley card is {card}").format(card=ENEMY_BY_ID[f.word("card")].describe()),
        variant=NAME,
    ),
    EventKind(
        "valley-back",
        "",
        {"card": STR},
        lambda f: _("No goblin tribe joins: the {enemy} go back to the box.").format(
            enemy=_(ENEMY_BY_ID[f.word("card")].type)
        ),
        variant=NAME,
    ),
    EventKind(
        "valley-goblins",
        "",
        {"card": STR},
        lambda f: _("In year V the valley card counts as Goblins: the {enemy} join the battle as Goblins.").format(
            enemy=_(ENEMY_BY_ID[f.word("card")].type)
        ),
        variant=NAME,
    ),
    EventKind("goblins", "", {"soldiers": INT, "strength": INT}, _goblins, variant=NAME),
)


class GoblinValley(Variant):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = N_("Goblin Valley")
    summary: ClassVar[str] = N_("A second enemy deck: goblin tribes may join the invaders each winter.")
    help: ClassVar[str] = N_(
        "A valley deck is dealt from the enemy cards left over, one card for each year, face down. Each winter the "
        "top valley card is revealed with the enemy card. If it is not a Goblin card it goes back to the box. If "
        "it is, the King sends extra soldiers equal to the year (3 in year III) to every player, the Goblins' "
        "strength is added to the enemy's, and a defeat costs the penalties of both cards while a victory brings "
        "the rewards of both. In year V the valley card always counts as Goblins. The Barricade works against "
        "the valley's Goblins, once even when both cards are Goblins. The General and the Queen may look at the "
        "top valley card instead of the top enemy card."
    )
    decisions: ClassVar[tuple[DecisionKind, ...]] = (Look(),)
    events: ClassVar[tuple[EventKind, ...]] = EVENTS
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {"foes": _foes, "look": _look}

    def setup(self, s: State) -> Any:
        valley = []
        for year, card in enumerate(s.deck, 1):
            left = [e.id for e in enemies_of_year(year) if e.id != card]
            k, s.rng = below(s.rng, len(left))
            valley.append(left[k])
        return {"valley": valley, "seen": []}

    def load(self, data: Any, s: State) -> Any:
        return self._read(data, s, None)

    def load_view(self, data: Any, s: State, seat: int) -> Any:
        return self._read(data, s, seat)

    def _read(self, data: Any, s: State, view: int | None) -> Any:
        """The state as written; in ``view``'s view a card is null exactly where the seat may not know it (as
        ``hide`` writes it): a card it does know must be given, one it does not must not be."""
        where = f"'variants' {NAME}"
        if not isinstance(data, dict) or set(data) != {"valley", "seen"}:
            raise InvalidSave(_("{where} must be an object with 'valley' and 'seen'").format(where=where))
        valley, seen = data["valley"], data["seen"]
        if not isinstance(valley, list) or len(valley) != 5:
            raise InvalidSave(at(where, _("'valley' must list five enemy cards, year I first")))
        if not isinstance(seen, list) or len(set(seen)) != len(seen) or any(type(x) is not int for x in seen):
            raise InvalidSave(at(where, _("'seen' must list seats, each once")))
        if any(not 0 <= x < s.n for x in seen):
            raise InvalidSave(at(where, _("'seen' must list seats 0..{last}").format(last=s.n - 1)))
        for year, card in enumerate(valley, 1):
            if view is not None and not self._known(data, view, s, year):
                if card is not None:
                    said = _(
                        "seat {seat}'s view cannot hold the year-{year} valley card: the seat has not seen it (null)"
                    )
                    raise InvalidSave(at(where, said.format(seat=view, year=year)))
                continue
            if not isinstance(card, str) or card not in ENEMY_BY_ID or ENEMY_BY_ID[card].year != year:
                said = _("'valley' entry {year} must be a year-{year} card id")
                raise InvalidSave(at(where, said.format(year=year)))
            if card == s.deck[year - 1]:
                said = _("{card} cannot be in the enemy deck and the valley deck")
                raise InvalidSave(at(where, said.format(card=card)))
        return {"valley": list(valley), "seen": list(seen)}

    def _known(self, data: Any, seat: int | None, s: State, year: int) -> bool:
        if s.phase == 0 or year < s.year:
            return True
        return year == s.year and (s.calendar.enemy_revealed(s) or seat in data["seen"])

    def hide(self, data: Any, seat: int | None, s: State) -> Any:
        valley = [c if self._known(data, seat, s, y) else None for y, c in enumerate(data["valley"], 1)]
        return {"valley": valley, "seen": list(data["seen"])}

    def guess(self, data: Any, s: State) -> Any:
        valley = []
        for year, card in enumerate(data["valley"], 1):
            if card is None:
                left = [e.id for e in enemies_of_year(year) if e.id != s.deck[year - 1]]
                k, s.rng = below(s.rng, len(left))
                card = left[k]
            valley.append(card)
        return {"valley": valley, "seen": list(data["seen"])}

    def secrets(self, data: Any, seat: int, s: State) -> list[str]:
        return [c for y, c in enumerate(data["valley"], 1) if not self._known(data, seat, s, y)]

    def board(self, data: Any, s: State, seat: int | None) -> list[tuple[str, str]]:
        """One line a year: the valley card where this view knows it, else face down."""
        lines = []
        for year, card in enumerate(data["valley"], 1):
            if card is None:
                text = _("face down")
            else:
                e = ENEMY_BY_ID[card]
                fought = s.phase == 0 or year < s.year or (year == s.year and s.calendar.enemy_revealed(s))
                if not fought:
                    text = _("{card}: you looked").format(card=e.title())
                elif is_goblins(e, year):
                    text = _("{card}: joined the battle as Goblins").format(card=e.title())
                else:
                    text = _("{card}: back to the box").format(card=e.title())
            lines.append((_("Valley card, year {year}").format(year=ROMAN[year]), text))
        return lines


# What other modules may use (the bots read a game only through these; tests/engine/test_bots.py checks it).
__all__ = ["ALWAYS_GOBLINS", "GOBLINS", "NAME", "GoblinValley", "is_goblins", "played", "valley_card", "valley_seen"]
