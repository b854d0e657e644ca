"""The rules a game is played with, and what a rule variant is.

``Rules`` is chosen when a game is created: the edition, at most one scenario of the second edition and its
modules (``Game.rules``). Each variant in force (``Rules.names``) is a ``Variant``: an edition's changes, a
scenario or a module, written in one module of ``kingsburg/variants/``, which plugs its steps, hooks and decisions
into the game's ``Calendar`` (kingsburg/calendar.py).

Nothing here imports a rule (rules/decisions.py is named for a type only: a variant's DecisionKinds).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from .i18n import _

if TYPE_CHECKING:
    from .calendar import Calendar, Step
    from .events import EventKind, Renderer
    from .rules.decisions import DecisionKind
    from .state import State

EDITIONS = (1, 2)
# The variant an edition=2 game plays with (kingsburg/variants/second_edition.py): named here because it is part of
# the Rules themselves, where a scenario or a module is named in its own module (kingsburg/variants/).
SECOND_EDITION = "second-edition"


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
        edition = (SECOND_EDITION,) if self.edition == 2 else ()
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
    - ``incompatible``: the scenarios the rulebook forbids with this module, each with its reason.
    - ``configure``: change the calendar while it is built (the winter order, a phase's steps).
    - Per-game state: ``setup`` returns it (JSON values only: dicts with string keys, lists, str, int, bool,
      None); it lives in ``State.variants[name]``, is copied with the state, written in positions, checked by
      ``load`` when a position is read, cut down by ``hide`` in a seat's view (read back by ``load_view``) and
      filled back by ``guess`` when a view is determinized.
    - ``board``: what its state shows on the table, as labelled lines of plain text.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    summary: ClassVar[str] = ""  # one line for people choosing the rules (the page's setup screen)
    help: ClassVar[str] = ""  # a paragraph of rules help, plain text, in English (marked N_ for the catalogue)
    decisions: ClassVar[tuple[DecisionKind, ...]] = ()
    events: ClassVar[tuple[EventKind, ...]] = ()
    forced: ClassVar[Mapping[str, Renderer]] = {}
    reasons: ClassVar[Mapping[str, Renderer]] = {}
    steps: ClassVar[Mapping[str, Step]] = {}
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {}
    vp_sources: ClassVar[tuple[str, ...]] = ()
    incompatible: ClassVar[Mapping[str, str]] = {}  # scenario name -> the rulebook's reason (a module's)

    def rules_help(self) -> str:
        """``help`` in the reader's language. A help assembled from parts (each also said elsewhere, written once)
        overrides this to assemble it from their translations."""
        return _(self.help) if self.help else ""

    def configure(self, calendar: Calendar) -> None:
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

    def hide(self, data: Any, seat: int | None, s: State) -> Any:
        """What ``seat`` may know of this variant's state (default: all of it); ``seat`` None: what every player
        knows (``Game.view``'s public view). Must not keep what is hidden."""
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
