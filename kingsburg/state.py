"""The game state: plain mutable records with fast hand-written copies (search bots clone a lot).

Nothing here knows a rule; ``rules/`` reads and changes these records. A state holds its game's calendar
(kingsburg/calendar.py: the steps of each phase, as data).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .calendar import FIRST_EDITION, Calendar
from .content import BUILDINGS, GOODS
from .events import Value

DUMMY = -1  # the seat of the two-player game's dummy dice on the court


class Player:
    __slots__ = (
        "aid_die",
        "built",
        "chapel_used",
        "dice",
        "gold",
        "looked",
        "market_used",
        "name",
        "passed",
        "soldiers",
        "statue_used",
        "stone",
        "token_used",
        "tokens",
        "vp",
        "vp_sources",
        "white",
        "wood",
    )

    def __init__(self, name: str) -> None:
        self.name = name
        self.gold = self.wood = self.stone = 0
        self.tokens = 0  # "+2" tokens held
        self.soldiers = 0
        self.vp = 0
        self.vp_sources: dict[str, int] = {}
        self.built = [False] * len(BUILDINGS)
        self.dice: list[int] = []  # coloured dice rolled this season and not yet placed
        self.white: list[int] = []  # white dice rolled this season and not yet placed
        self.aid_die = False  # the King's white die for this spring
        self.statue_used = self.chapel_used = self.market_used = self.token_used = False
        self.passed = False
        self.looked = False  # looked at the top enemy card this year

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.name = self.name
        p.gold, p.wood, p.stone, p.tokens, p.soldiers, p.vp = (
            self.gold,
            self.wood,
            self.stone,
            self.tokens,
            self.soldiers,
            self.vp,
        )
        p.vp_sources = dict(self.vp_sources)
        p.built = self.built[:]
        p.dice = self.dice[:]
        p.white = self.white[:]
        p.aid_die, p.statue_used, p.chapel_used, p.market_used, p.token_used, p.passed, p.looked = (
            self.aid_die,
            self.statue_used,
            self.chapel_used,
            self.market_used,
            self.token_used,
            self.passed,
            self.looked,
        )
        return p

    @property
    def goods(self) -> int:
        return self.gold + self.wood + self.stone

    @property
    def building_count(self) -> int:
        return sum(self.built)

    def good(self, name: str) -> int:
        held: int = getattr(self, name)
        return held

    def add_good(self, name: str, n: int) -> None:
        setattr(self, name, getattr(self, name) + n)

    def goods_held(self) -> list[str]:
        return [g for g in GOODS if getattr(self, g) > 0]


@dataclass(frozen=True, slots=True)
class Placement:
    """A dice group on an advisor. ``seat`` is DUMMY for the two-player game's dummy dice. Frozen: copies of a
    state share their placements."""

    seat: int
    dice: tuple[int, ...]
    white: tuple[int, ...] = ()
    token: bool = False
    market: bool = False
    envoy: bool = False


@dataclass(frozen=True, slots=True)
class Task:
    """A decision the game waits for: who decides, what kind, and one number of context.

    ``arg`` is the advisor for a gift, the goods still to lose or gain in battle, and 1 for the Envoy's second
    build.
    """

    seat: int
    kind: str
    arg: int = 0


class State:
    __slots__ = (
        "calendar",
        "chance",
        "court",
        "cursor",
        "deck",
        "envoy",
        "log",
        "order",
        "phase",
        "players",
        "queue",
        "rng",
        "script",
        "step",
        "variants",
        "year",
    )

    def __init__(self) -> None:
        self.players: list[Player] = []
        self.year = 1
        self.phase = 1  # 1..8 on the calendar; 0 once the game is over
        self.step = "aid"  # the automatic stage to run next within the phase (see rules/flow.py STEPS)
        self.order: list[int] = []  # seats in turn order
        self.court: list[list[Placement]] = [[] for _ in range(19)]  # index = advisor number; 0 unused
        self.envoy: int | None = None  # seat holding the King's Envoy; None: on the calendar
        self.deck: list[str | None] = []  # enemy card ids, year I first; None where a view cannot know
        self.queue: list[Task] = []
        self.cursor = 0  # index into ``order`` of the player to act in a round of influence
        self.rng = 0
        self.script: list[int] = []  # die faces to roll before using ``rng`` (scripted positions)
        self.chance = 0  # counts dice rolls and card reveals, so undo knows where it must stop
        self.log: list[Event] | None = []
        self.calendar: Calendar = FIRST_EDITION  # this game's calendar and its variants; shared, never changed
        self.variants: dict[str, Any] = {}  # each variant's own state (JSON values), by variant name

    def copy(self, log: bool = True) -> State:
        s = State.__new__(State)
        s.players = [p.copy() for p in self.players]
        s.year, s.phase, s.step, s.cursor, s.envoy = self.year, self.phase, self.step, self.cursor, self.envoy
        s.order = self.order[:]
        s.court = [c[:] if c else [] for c in self.court]  # Placements are never mutated, only replaced
        s.deck = self.deck[:]
        s.queue = self.queue[:]
        s.rng, s.chance = self.rng, self.chance
        s.script = self.script[:]
        s.log = self.log[:] if (log and self.log is not None) else None
        s.calendar = self.calendar
        s.variants = {k: copy_json(v) for k, v in self.variants.items()} if self.variants else {}
        return s

    @property
    def n(self) -> int:
        return len(self.players)


def copy_json(value: Any) -> Any:
    """A deep copy of JSON values (a variant's state): dicts, lists and immutable leaves."""
    if isinstance(value, dict):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log. ``vp`` is the score change it records for ``seat``; ``secret`` names the only
    seat allowed to read it (the General's and Queen's look at the enemy card).

    ``kind`` and ``data`` say what happened in a form a program can read without parsing ``text`` (a page
    showing the winter battle, a year's summary, a screen reader's announcements); ``text`` is rendered from
    them (``kingsburg.events``, which lists every kind and its fields, as docs/api.md does)."""

    text: str
    seat: int | None = None
    vp: int = 0
    secret: int | None = None
    year: int = 0
    phase: int = 0
    kind: str = ""
    data: dict[str, Value] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.text
