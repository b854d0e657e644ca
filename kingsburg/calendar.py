"""The calendar as data: the steps of each phase, the named moments where variants act, and queries on both.

A year is a fixed sequence of (phase, step) pairs; ``State.step`` names the next step to run. The first
edition's sequence is ``BASE_PHASES``. A variant adds calendar steps at *moments* (``STEP_MOMENTS``: a step
inserted before a base step, only in games that use it, so a first-edition game's steps never change) and
callbacks at *inline moments* (``INLINE_MOMENTS``: called from inside a rule). ``Calendar`` is one game's
calendar, built once per ``Rules`` and shared by every copy of the state (``State.calendar``).

Nothing here imports a rule (the records in state.py hold a calendar, and know no rule either): ``rules/flow.py``
runs the steps, ``kingsburg/variants/`` builds calendars.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .content import PRODUCTIVE_PHASES
from .ruleset import FIRST_EDITION_RULES, Rules

if TYPE_CHECKING:
    from .ruleset import Variant
    from .state import State

Step = Callable[["State"], None]
PRODUCTIVE = PRODUCTIVE_PHASES  # spring, summer, fall: the seasons of dice (written once, in content)
_SEASON = ("season", "order", "gifts", "clear", "season_end", "cleanup")
# The first edition's year. "next" is an empty step: the phase ends once the decisions it waits for are taken.
BASE_PHASES: dict[int, tuple[str, ...]] = {
    1: ("aid", "next"),
    2: _SEASON,
    3: ("reward",),
    4: _SEASON,
    5: ("envoy",),
    6: _SEASON,
    7: ("recruit", "next"),
    8: ("battle", "year_end"),
}
# Moments run as calendar steps: the phases they occur in and the base step they come before. Decisions a
# moment's step queues are all taken before the next step runs.
STEP_MOMENTS: dict[str, tuple[tuple[int, ...], str]] = {
    "year_start": ((1,), "aid"),  # before the King's aid (Phase 1)
    "season_start": (PRODUCTIVE, "season"),  # a productive season, before the dice are rolled
    "after_roll": (PRODUCTIVE, "order"),  # dice rolled and every reroll taken, before the turn order is set
    "after_order": (PRODUCTIVE, "influence"),  # the turn order set, before anyone influences (see Calendar)
    "rewards": (PRODUCTIVE, "gifts"),  # influencing is over, before the advisors' gifts
    "season_over": (PRODUCTIVE, "cleanup"),  # after the builds and the season's end effects, dice still held
    "phase5_start": ((5,), "envoy"),  # the start of Phase 5, before the King's Envoy
    "before_reveal": ((8,), "battle"),  # winter, before the King's die and the enemy card
    "year_over": ((8,), "year_end"),  # after the battle and its decisions, before soldiers go home
}
# Moments called from inside a rule, with what each callback receives and returns:
#   influence(s, seat, advisor)           a group was placed on an advisor (seat DUMMY for the dummy dice)
#   king_die(s) -> list[int] | None       winter: soldiers per seat instead of rolling the King's die (first
#                                         callback returning a list wins); None: roll as usual
#   reinforcements(s, sent: list[int])    winter: change the soldiers each seat receives (in place)
#   reveal(s, card: str)                  winter: the enemy card was just revealed
#   foes(s, foes: list[Enemy], sent)      winter, the card revealed and the King's soldiers sent (``sent``, per
#                                         seat): add cards fought with it and soldiers sent, in place (the valley)
#   look(s, seat) -> bool                 a gift lets ``seat`` secretly look at the top enemy card: True if a
#                                         variant takes the look over (the valley: which deck, a decision)
#   scoring(s)                            the end of year V, after the Cathedral: final VP
#   player_dice(s, seat, n) -> int        a productive season: how many player dice ``seat`` rolls (n: 3 so far)
#   turn_order(s)                         the turn order was just set by the dice: change ``s.order`` in place
#   ties(s, tied: list[int]) -> list[int] the seats tied for fewest buildings (phases 1 and 5, after the goods)
#                                         or most (phase 3, the King's Reward): the seats that get it
#   closed(s, seat) -> frozenset[int]     advisors ``seat`` may not influence now, by any means
INLINE_MOMENTS = (
    "influence",
    "king_die",
    "reinforcements",
    "reveal",
    "foes",
    "look",
    "scoring",
    "player_dice",
    "turn_order",
    "ties",
    "closed",
)


class Calendar:
    """One game's calendar: the rules, the variants in force, the steps of each phase, and precomputed answers
    to the calendar queries. Built once per ``Rules`` (``kingsburg.variants.calendar_of``) and never changed
    afterwards, so every copy of a state shares it."""

    def __init__(self, rules: Rules, variants: tuple[Variant, ...]) -> None:
        self.rules = rules
        self.variants = variants
        self.phases: dict[int, tuple[str, ...]] = dict(BASE_PHASES)
        # The winter battle in order: reveal the card, send the King's soldiers, fight (second edition: the
        # King's die first).
        self.winter: tuple[str, ...] = ("reveal", "reinforcements")
        self.steps: dict[str, Step] = {}
        hooks: dict[str, list[Callable[..., Any]]] = {m: [] for m in INLINE_MOMENTS}
        # Influencing starts with the "order" step; a variant acting between the turn order and the first
        # influence gets an "influence" step of its own (a first-edition calendar never has one).
        self.influence_from = "order"
        if any("after_order" in v.steps for v in variants):
            self.influence_from = "influence"
            for ph in PRODUCTIVE:
                steps = list(self.phases[ph])
                steps.insert(steps.index("gifts"), "influence")
                self.phases[ph] = tuple(steps)
        for v in variants:
            for moment, fn in v.steps.items():
                phases, before = STEP_MOMENTS[moment]
                name = f"{moment}:{v.name}"
                self.steps[name] = fn
                for ph in phases:
                    steps = list(self.phases[ph])
                    steps.insert(steps.index(before), name)
                    # Two variants at one moment: the first listed in Rules.names runs first.
                    self.phases[ph] = tuple(steps)
            for moment, hook in v.hooks.items():
                hooks[moment].append(hook)
            v.configure(self)
        self.hooks: dict[str, tuple[Callable[..., Any], ...]] = {m: tuple(h) for m, h in hooks.items()}
        self.first = self.phases[1][0]
        self._year = [(ph, st) for ph in range(1, 9) for st in self.phases[ph]]
        self.next: dict[tuple[int, str], tuple[int, str] | None] = {
            here: (self._year[i + 1] if i + 1 < len(self._year) else None) for i, here in enumerate(self._year)
        }
        self.index = {here: i for i, here in enumerate(self._year)}
        self._battle = self.index[8, "battle"]

    def step_names(self, phase: int) -> tuple[str, ...]:
        return self.phases[phase] if phase else ("over",)

    def ahead(self, s: State, step: str, phase: int = 0, this_year: bool = False) -> int:
        """How many times ``step`` (in ``phase``, or any phase with 0) will still run, counting the current
        step if it has not run yet."""
        if s.phase == 0:
            return 0
        here = self.index[s.phase, s.step]
        now = sum(1 for ph, st in self._year[here:] if st == step and phase in (0, ph))
        if this_year:
            return now
        return now + (5 - s.year) * sum(1 for ph, st in self._year if st == step and phase in (0, ph))

    def influencing(self, s: State) -> bool:
        """Whether a productive season's influencing is under way (the turn order is set, gifts not given)."""
        return s.phase in PRODUCTIVE and self.index[s.phase, s.step] == self.index[s.phase, self.influence_from] + 1

    def previous(self, s: State) -> str | None:
        """The step that ran last this year (None at the start of a year or once the game is over)."""
        if s.phase == 0:
            return None
        i = self.index[s.phase, s.step]
        return self._year[i - 1][1] if i else None

    def enemy_revealed(self, s: State) -> bool:
        """This year's card is face up: the battle step has run (until the year ends), or the game is over."""
        return s.phase == 0 or (s.phase == 8 and self.index[8, s.step] > self._battle)


FIRST_EDITION = Calendar(FIRST_EDITION_RULES, ())
