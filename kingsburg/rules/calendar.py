"""The calendar as data: the steps of each phase, the named moments where variants act, and queries on both.

A year is a fixed sequence of (phase, step) pairs; ``State.step`` names the next step to run. The first
edition's sequence is ``BASE_PHASES``. A variant adds calendar steps at *moments* (``STEP_MOMENTS``: a step
inserted before a base step, only in games that use it, so a first-edition game's steps never change) and
callbacks at *inline moments* (``INLINE_MOMENTS``: called from inside a rule). ``Ruleset`` is one game's
calendar, built once per ``Rules`` and shared by every copy of the state.

Nothing here imports a rule: ``flow.py`` runs the steps, ``kingsburg/variants/`` builds rulesets.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from ..content import PRODUCTIVE_PHASES

if TYPE_CHECKING:
    from ..events import EventKind, Renderer
    from ..state import State
    from .decisions import DecisionKind

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
    "after_order": (PRODUCTIVE, "influence"),  # the turn order set, before anyone influences (see Ruleset)
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
EDITIONS = (1, 2)
SCENARIOS = ("goblin-valley", "demanding-capital", "shifting-alliances", "wheel-and-deal")
MODULES = ("soldier-tokens",)
# Combinations the second-edition rulebook forbids, each with the reason the error gives.
FORBIDDEN: dict[tuple[str, str], str] = {
    ("soldier-tokens", "demanding-capital"): "Module 5 (soldier tokens) is not compatible with The Demanding "
    "Capital: its winter reinforcement cap works on the King's die, which the soldier tokens replace",
    ("soldier-tokens", "wheel-and-deal"): "Module 5 (soldier tokens) is not compatible with Wheel and Deal: "
    "the Military group rolls the King's die, which the soldier tokens replace",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules of a game, chosen when it is created: the edition (1 or 2), at most one scenario of the
    second edition, and its modules. ``kingsburg.variants.check`` validates them."""

    edition: int = 1
    scenario: str | None = None
    modules: frozenset[str] = field(default_factory=frozenset)

    def to_dict(self) -> dict[str, Any]:
        return {"edition": self.edition, "scenario": self.scenario, "modules": sorted(self.modules)}

    @property
    def names(self) -> tuple[str, ...]:
        """The variants in force, in the order their effects apply: the edition, the scenario, the modules."""
        edition = ("second-edition",) if self.edition == 2 else ()
        scenario = (self.scenario,) if self.scenario else ()
        return (*edition, *scenario, *sorted(self.modules))


FIRST_EDITION_RULES = Rules()


class Variant:
    """One rule variant: an edition's changes, a scenario or a module. Subclass it in one module of
    ``kingsburg/variants/`` and list it there (docs/variants.md).

    - ``name``: the name in ``Rules`` (``"goblin-valley"``), ``title`` for people, ``summary`` (one line) and
      ``help`` (a paragraph of rules help) for the page.
    - ``decisions``: its kinds of decision (``DecisionKind`` instances, with ``variant = name``).
    - ``events``: its kinds of event (``kingsburg.events.EventKind``, with ``variant=name``), and ``forced``: the
      sentence of a ``forced`` event for each of its decisions the engine can take alone; ``reasons``: the words
      (``why``) of the VP its rules score, by reason (``kingsburg.events.REASONS``).
    - ``steps``: moment (``STEP_MOMENTS``) -> function(State) run as a calendar step.
    - ``hooks``: inline moment (``INLINE_MOMENTS``) -> callback.
    - ``vp_sources``: the sources its rules score VP under (``score_breakdown`` keys) besides the first edition's.
    - ``configure``: change the ruleset while it is built (the winter order, a phase's steps).
    - Per-game state: ``setup`` returns it (JSON values only: dicts with string keys, lists, str, int, bool,
      None); it lives in ``State.variants[name]``, is copied with the state, written in positions, checked by
      ``load`` when a position is read, cut down by ``hide`` in a seat's view (read back by ``load_view``) and
      filled back by ``guess`` when a view is determinized.
    - ``board``: what its state shows on the table, as labelled lines of plain text.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""  # one line for people choosing the rules (the page's setup screen)
    help: ClassVar[str] = ""  # a paragraph of rules help, plain text
    decisions: ClassVar[tuple[DecisionKind, ...]] = ()
    events: ClassVar[tuple[EventKind, ...]] = ()
    forced: ClassVar[Mapping[str, Renderer]] = {}
    reasons: ClassVar[Mapping[str, Renderer]] = {}
    steps: ClassVar[Mapping[str, Step]] = {}
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {}
    vp_sources: ClassVar[tuple[str, ...]] = ()

    def configure(self, ruleset: Ruleset) -> None:
        """Change the calendar being built for a game with this variant (default: nothing)."""

    def setup(self, s: State) -> Any:
        """This variant's state at the start of a game (players, turn order and enemy deck already set; draw
        from ``s.rng`` with ``kingsburg.rng.below`` for random setup). None: the variant keeps no state."""
        return None

    def load(self, data: Any, s: State) -> Any:
        """This variant's state read from a position: return it checked, or raise InvalidSave."""
        return data

    def load_view(self, data: Any, s: State, seat: int) -> Any:
        """This variant's state read from ``seat``'s view (``kingsburg.load_view``): as ``hide`` leaves it, with
        what the seat may not know left out, and nothing of that. Default: as ``load`` (nothing is hidden)."""
        return self.load(data, s)

    def hide(self, data: Any, seat: int, s: State) -> Any:
        """What ``seat`` may know of this variant's state (default: all of it). Must not keep what is hidden."""
        return data

    def guess(self, data: Any, s: State) -> Any:
        """Fill what ``hide`` took out with a guess drawn from ``s.rng`` (a view being determinized)."""
        return data

    def secrets(self, data: Any, seat: int, s: State) -> list[str]:
        """Texts in the full state that ``seat``'s view must not hold (for the secrets tests)."""
        return []

    def king_faces(self, data: Any, s: State, seat: int, faces: tuple[int, ...]) -> tuple[int, ...]:
        """The soldiers the King may send ``seat`` this winter, equally likely, given ``faces`` from the rules
        before this variant (the die's six faces to start with). Default: unchanged."""
        return faces

    def board(self, data: Any, s: State, seat: int | None) -> list[tuple[str, str]]:
        """What this variant puts on the table, as (label, plain text) lines for the page's board. ``data`` and
        ``s`` are already ``seat``'s view (``Game.variant_board``), so nothing hidden can reach the lines;
        ``seat`` is None for a referee's full view. Default: nothing to show."""
        return []


class Ruleset:
    """One game's calendar: the rules, the variants in force, the steps of each phase, and precomputed answers
    to the calendar queries. Built once per ``Rules`` (``kingsburg.variants.ruleset``) and never changed
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


FIRST_EDITION = Ruleset(FIRST_EDITION_RULES, ())
