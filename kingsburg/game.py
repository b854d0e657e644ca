"""The public face of the engine: ``Game``.

A game is its start (players, seed, options, or a position) plus the list of decisions made since; every chance
outcome comes from the game's own generator, so the same start and decisions always give the same game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .actions import Action, parse
from .content import (
    BUILDING_BY_SLUG,
    ENEMIES,
    ENEMY_BY_ID,
    ENEMY_TYPES,
    GOODS,
    enemies_of_year,
    phase_name,
    strength_range,
)
from .errors import IllegalAction, KingsburgError, UndoRefused
from .i18n import _
from .inputs import name_key, normalize_name
from .record import game_json, position_dict, view_json
from .rng import below, seed_state
from .rules.buildings import battle_bonuses, battle_modifier, cost
from .rules.decisions import DECISIONS, describe, effect, perform, why_illegal
from .rules.flow import advance
from .rules.influence import reach
from .ruleset import FIRST_EDITION_RULES, Rules
from .state import Event, Player, State
from .variants import calendar_of

OPTION_NAMES = ("turn_order", "enemies", "dice")
TIE_BREAK = ("vp", "goods", "buildings")
"""What decides places, in the rulebook's order: most VP, then most goods left, then most buildings."""


class TieBreakStep(NamedTuple):
    """One criterion of ``Game.tie_break()``: the value of each seat still tied before it, and those with the
    most."""

    by: str  # one of TIE_BREAK
    values: dict[int, int]  # seat -> its VP, goods or buildings
    best: list[int]


class BattleParts(NamedTuple):
    """A seat's battle strength before the King's soldiers, part by part (``Game.battle_parts``): its soldiers and
    what each building adds against the enemy's type, as (slug, bonus) in the sheet's order; ``total`` is
    ``Game.battle_strength``."""

    soldiers: int
    buildings: tuple[tuple[str, int], ...]

    @property
    def total(self) -> int:
        return self.soldiers + sum(n for _, n in self.buildings)


def _rank(p: Player) -> tuple[int, int, int]:
    """A player's values for TIE_BREAK, in its order."""
    return (p.vp, p.goods, p.building_count)


class Game:
    """A game of Kingsburg in progress. Create one with ``new_game`` or ``load_game``."""

    def __init__(self, state: State, start: dict[str, Any]) -> None:
        self._s = state
        self._start = start  # how to rebuild the game from nothing: see save.py
        self._actions: list[str] = []
        self._secret: dict[int, int] = {}  # index in _actions -> seat, for the answers to secret decisions
        self._seat: int | None = None  # set on a per-seat view
        self._legal = advance(state)
        # Undo never crosses a chance barrier (a die rolled, a card seen): the decisions before index
        # ``_barrier`` are final, and ``_base`` is the state (and legal actions) right after the barrier, never
        # changed, so undo replays only the decisions since. None on a view or a determinization: no undo there.
        self._barrier = 0
        self._base: tuple[State, list[Action]] | None = (state.copy(), self._legal)

    # --- Who decides and what they may do ---------------------------------------------------------------

    @property
    def to_play(self) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        q = self._s.queue
        return q[0].seat if q else None

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def decision(self) -> str:
        """What kind of decision is pending: influence, gift, build, reroll, townhall, recruit, aid, lose,
        gain; '' when the game is over."""
        q = self._s.queue
        return q[0].kind if q else ""

    def prompt(self) -> str:
        """One sentence saying who must do what now."""
        q = self._s.queue
        return describe(self._s, q[0]) + "." if q else _("The game is over.")

    def effect(self, action: Action) -> str:
        """What choosing ``action`` now does, in a few words, where its name alone does not say it (a group of
        Wheel and Deal, the valley's look, a tribute, a soldier token); "" otherwise."""
        return effect(self._s, action)

    def parse(self, text: str) -> Action:
        """The legal action written ``text``. Raises InvalidAction (not notation) or IllegalAction."""
        action = parse(text)
        if action not in self._legal:
            raise self._illegal(action)
        return action

    def apply(self, action: Action | str) -> None:
        """Make a decision. An illegal one raises IllegalAction and changes nothing; whatever fails while the
        rules carry it out leaves the game exactly as before (except a search copy, see ``clone``)."""
        if isinstance(action, str):
            action = parse(action)
        elif not isinstance(action, Action):
            raise IllegalAction(_("expected an Action or its text, not {type}").format(type=type(action).__name__))
        if action not in self._legal:
            raise self._illegal(action)
        # Atomic: the rules work on a copy, which replaces the state only once everything has run, so nothing
        # that fails half-way (a view meeting hidden information, a bug) leaves the game half-changed. The log is
        # append-only, so the copy shares it and a failure cuts it back. A search copy (a full game with its log
        # off: clone(log=False)) is thrown away when anything fails, and skips the copy (a third of its speed).
        old = self._s
        if old.log is None and self._seat is None:
            s = old
        else:
            s = old.copy(log=False)
            s.log = old.log
        logged = len(old.log) if old.log is not None else 0
        task = s.queue[0]
        try:
            perform(s, task, action)
            legal = advance(s)
        except BaseException:
            if old.log is not None:
                del old.log[logged:]
            raise
        self._s, self._legal = s, legal
        if DECISIONS[task.kind].secret:
            self._secret[len(self._actions)] = task.seat
        self._actions.append(str(action))
        if s.chance != old.chance:
            self._barrier = len(self._actions)
            if self._base is not None:
                self._base = (s.copy(), self._legal)

    def _illegal(self, action: Action) -> IllegalAction:
        why = why_illegal(self._s, action)
        return IllegalAction(_("illegal action {action!r}: {why}").format(action=str(action), why=why), why)

    # --- The end ----------------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self._s.phase == 0

    def scores(self) -> list[int]:
        return [p.vp for p in self._s.players]

    def score_breakdown(self, seat: int) -> dict[str, int]:
        """Where a seat's VP came from: advisors, buildings, king's reward, battle, town hall, embassy,
        cathedral. The values add up to the score."""
        self._check_seat(seat)
        return dict(self._s.players[seat].vp_sources)

    def winners(self) -> list[int]:
        """The seats that win (or would win if the game ended now): most VP, then most goods, then most
        buildings; a tie after that is a shared victory."""
        return [seat for seat, place in self.standings() if place == 1]

    def standings(self) -> list[tuple[int, int]]:
        """Every seat with its place (1 = first), best first, by the rulebook's tie-break: most VP, then most
        goods, then most buildings. Seats still tied share a place (the next place is skipped: 1, 1, 3)."""
        players = self._s.players
        order = sorted(range(len(players)), key=lambda i: (tuple(-v for v in _rank(players[i])), i))
        out: list[tuple[int, int]] = []
        for k, seat in enumerate(order):
            tied = k > 0 and _rank(players[seat]) == _rank(players[order[k - 1]])
            out.append((seat, out[-1][1] if tied else k + 1))
        return out

    def tie_break(self) -> list[TieBreakStep]:
        """How first place is decided (or would be, if the game ended now), criterion by criterion of
        TIE_BREAK: the first step compares every seat's VP; each next one only the seats that shared the most
        at the step before. It stops at the first step whose most is held by one seat; after the last, the
        seats left share the victory. The last step's ``best`` is ``winners()``."""
        players = self._s.players
        left = list(range(len(players)))
        steps: list[TieBreakStep] = []
        for k, by in enumerate(TIE_BREAK):
            values = {seat: _rank(players[seat])[k] for seat in left}
            most = max(values.values())
            left = [seat for seat in left if values[seat] == most]
            steps.append(TieBreakStep(by, values, left))
            if len(left) == 1:
                break
        return steps

    # --- Copies, views, history -------------------------------------------------------------------------

    def clone(self, log: bool = True) -> Game:
        """An independent copy. ``log=False`` skips the log, for fast search: such a copy's ``apply`` works in
        place, so a copy that raised while applying must be thrown away."""
        g = Game.__new__(Game)
        g._s = self._s.copy(log)
        g._start = self._start
        g._actions = self._actions[:]
        g._secret = dict(self._secret) if self._secret else {}
        g._barrier = self._barrier
        g._base = self._base  # never changed, so shared
        g._seat = self._seat
        g._legal = self._legal
        return g

    def view(self, seat: int, public: bool = False) -> Game:
        """What ``seat`` may know: enemy cards it has not seen are None, the log lines secret to other seats
        are gone, and the dice to come are unknown (the view rolls its own). Search bots call ``determinize``
        on it to fill the unknowns with guesses. ``public``: only what every player knows, from ``seat``'s place
        at the table: its own look at the enemy card, its secret log lines and its secret choices are left out
        too (what may be shown to anyone: a page around an embedded board, a replay watched together)."""
        self._check_seat(seat)
        own = None if public else seat  # whose secrets the view keeps
        g = self.clone()
        s = g._s
        for i in range(len(s.deck)):
            if not self._known(own, i):
                s.deck[i] = None
        if s.log is not None:
            s.log = [e for e in s.log if e.secret is None or e.secret == own]
        for v in s.calendar.variants:
            if v.name in s.variants:
                s.variants[v.name] = v.hide(s.variants[v.name], own, s)
        for i, owner in self._secret.items():
            if owner != own:
                g._actions[i] = "hidden"  # another seat's secret choice
        s.rng = seed_state(len(self._actions))  # not the game's generator: a view cannot foresee dice
        s.script = []
        g._seat = seat
        g._start = {"view": seat}
        g._base = None  # the state at the barrier holds the game's generator
        return g

    def _check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._s.n:
            raise KingsburgError(_("no seat {seat!r}: seats are 0 to {last}").format(seat=seat, last=self._s.n - 1))

    def _known(self, seat: int | None, index: int) -> bool:
        """Whether ``seat`` (None: every player) knows enemy card ``index``."""
        s = self._s
        year = index + 1
        if s.phase == 0 or year < s.year:
            return True  # fought already, so revealed to everyone
        if year > s.year:
            return False
        return self.enemy_revealed() or (seat is not None and s.players[seat].looked)

    def determinize(self, seed: int) -> Game:
        """A full game consistent with this view: unknown enemy cards drawn from their year's stack, a fresh
        dice generator. (On a full game it only reseeds the dice.)"""
        g = self.clone(log=False)
        s = g._s
        state = seed_state(seed)
        for i, card in enumerate(s.deck):
            if card is None:
                stack = enemies_of_year(i + 1)
                k, state = below(state, len(stack))
                s.deck[i] = stack[k].id
        s.rng = state
        for v in s.calendar.variants:
            if v.name in s.variants:
                s.variants[v.name] = v.guess(s.variants[v.name], s)
        g._seat = None
        g._base = None  # a guess at the hidden, for search: nothing to take back
        return g

    @property
    def seat(self) -> int | None:
        """The seat of a per-seat view, None for the full game."""
        return self._seat

    @property
    def actions(self) -> list[str]:
        """The decisions made so far, in notation."""
        return list(self._actions)

    def can_undo(self, n: int = 1) -> bool:
        """Whether the last ``n`` decisions can be taken back (none of them rolled dice or revealed a card)."""
        return self._base is not None and 1 <= n <= len(self._actions) - self._barrier

    def undo(self, n: int = 1) -> None:
        """Take back the last ``n`` decisions. Refused as a whole (UndoRefused, nothing changes) if that would
        cross a dice roll or a card reveal, and on a per-seat view."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise KingsburgError(_("undo takes a number of decisions of at least 1, not {n!r}").format(n=n))
        if self._base is None:
            raise UndoRefused(_("a per-seat view has no history to take back; undo on the full game"))
        if not self._actions:
            raise UndoRefused(_("there is no decision to undo"))
        undoable = len(self._actions) - self._barrier
        if not undoable:
            raise UndoRefused(
                _("cannot undo {action!r}: dice were rolled or a hidden card was seen after it").format(
                    action=self._actions[-1]
                )
            )
        if n > undoable:
            raise UndoRefused(
                _(
                    "cannot undo {n} decisions: dice were rolled or a hidden card was seen before the last {undoable}"
                ).format(n=n, undoable=undoable)
            )
        base, legal = self._base
        s = base.copy(self._s.log is not None)
        keep = self._actions[: len(self._actions) - n]
        for text in keep[self._barrier :]:  # no chance in these: they replay exactly
            perform(s, s.queue[0], parse(text))
            legal = advance(s)
        self._s, self._legal, self._actions = s, legal, keep
        self._secret = {i: seat for i, seat in self._secret.items() if i < len(keep)}

    # --- Reading the position ---------------------------------------------------------------------------

    @property
    def state(self) -> State:
        """The raw state records (read them; change them only through ``apply``, which replaces them: read them
        afresh after a decision)."""
        return self._s

    @property
    def players(self) -> list[str]:
        return [p.name for p in self._s.players]

    @property
    def year(self) -> int:
        return self._s.year

    @property
    def phase(self) -> int:
        """1..8 on the calendar; 0 once the game is over."""
        return self._s.phase

    @property
    def phase_name(self) -> str:
        return phase_name(self._s.phase, self.rules.edition) if self._s.phase else "Game over"

    def strength_range(self) -> tuple[int, int]:
        """The strengths this year's enemy may have (what the card backs say)."""
        return strength_range(min(self._s.year, 5))

    def building_cost(self, seat: int, building: str) -> tuple[int, int, int]:
        """Gold, wood and stone ``seat`` would pay for ``building`` (a slug), the Crane's discount included."""
        self._check_seat(seat)
        if building not in BUILDING_BY_SLUG:
            raise KingsburgError(_("no building {building!r}").format(building=building))
        return cost(self._s.players[seat], BUILDING_BY_SLUG[building])

    def battle_bonus(self, seat: int, enemy_type: str = "") -> int:
        """Strength ``seat``'s buildings add (or take away) in the battle against an enemy of this type, or of
        an unknown type with ``""``. Soldiers, the King's reinforcements and the dice are not included."""
        self._check_battle(seat, enemy_type)
        return battle_modifier(self._s.players[seat], enemy_type)

    def battle_parts(self, seat: int, enemy_type: str = "") -> BattleParts:
        """``seat``'s strength in the battle before the King's soldiers, part by part: its soldiers and each
        building's bonus against an enemy of this type (``""``: unknown). The King's are ``king_faces``."""
        self._check_battle(seat, enemy_type)
        p = self._s.players[seat]
        return BattleParts(p.soldiers, tuple((b.slug, n) for b, n in battle_bonuses(p, enemy_type)))

    def battle_strength(self, seat: int, enemy_type: str = "") -> int:
        """``seat``'s strength in the battle before the King's die: soldiers plus ``battle_bonus``, the sum of
        ``battle_parts``."""
        return self.battle_parts(seat, enemy_type).total

    def _check_battle(self, seat: int, enemy_type: str) -> None:
        self._check_seat(seat)
        if enemy_type and enemy_type not in ENEMY_TYPES:
            raise KingsburgError(_("no enemy type {type!r}").format(type=enemy_type))

    def king_faces(self, seat: int) -> tuple[int, ...]:
        """The soldiers the King may send ``seat`` this winter, equally likely: the die's six faces in the first
        edition; a variant may change them (the soldier tokens left, the Capital's cap)."""
        self._check_seat(seat)
        return king_faces(self._s, seat)

    def reach(self, seat: int) -> frozenset[int]:
        """The advisors ``seat``'s unplaced dice could influence this season by their sums (a "+2" token and the
        Market counted if still unused), whether taken or not, except those a rule closes to the seat: what an
        opponent may still take."""
        self._check_seat(seat)
        return reach(self._s, seat)

    def enemy_revealed(self) -> bool:
        """Whether this year's enemy card is face up for everyone: from the winter battle (once fought) to the
        end of the year, and between years."""
        return self._s.calendar.enemy_revealed(self._s)

    # --- The calendar -----------------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The edition, scenario and modules this game is played with."""
        return self._s.calendar.rules

    def season_phases(self) -> tuple[int, ...]:
        """The phases that are productive seasons (dice rolled, advisors influenced, buildings built)."""
        cal = self._s.calendar
        return tuple(ph for ph in range(1, 9) if "season" in cal.phases[ph])

    def steps(self, phase: int) -> tuple[str, ...]:
        """The automatic steps of ``phase`` in order (``state.step`` names the next to run); ("over",) for 0."""
        if isinstance(phase, bool) or phase not in range(9):
            raise KingsburgError(
                _("no phase {phase!r}: phases are 1 to 8, and 0 once the game is over").format(phase=phase)
            )
        return self._s.calendar.step_names(phase)

    def steps_ahead(self, step: str, phase: int = 0, this_year: bool = False) -> int:
        """How many times the calendar step ``step`` (of ``phase``, or of any phase with 0) is still to run,
        the current one included if it has not run yet; ``this_year``: only until the end of this year."""
        return self._s.calendar.ahead(self._s, step, phase, this_year)

    def seasons_left(self) -> int:
        """Productive seasons whose dice are not rolled yet."""
        return self.steps_ahead("season")

    def builds_left(self) -> int:
        """Build steps not begun yet (one a productive season)."""
        return self.steps_ahead("clear")

    def battles_left(self) -> int:
        """Winter battles not fought yet, this year's included."""
        return self.steps_ahead("battle")

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has passed in this season's influencing (and so places no more dice)."""
        self._check_seat(seat)
        return self._s.players[seat].passed and self._s.calendar.influencing(self._s)

    def known_enemy(self, seat: int | None = None) -> str | None:
        """This year's enemy card id if ``seat`` (or a view's own seat) may know it, else None."""
        seat = self._seat if seat is None else seat
        if seat is None:
            return self._s.deck[self._s.year - 1]
        self._check_seat(seat)
        return self._s.deck[self._s.year - 1] if self._known(seat, self._s.year - 1) else None

    def variant_board(self, seat: int | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
        """Each variant's part of the table as ``seat`` (or a view's own seat; None on a full game: everything)
        sees it: (title, [(label, text)]) for the variants with something to show. Drawn from ``seat``'s
        view, so a hidden card or a secret choice cannot appear."""
        if not self._s.calendar.variants:  # the first edition: nothing to draw, and no view to build on every render
            return []
        seat = self._seat if seat is None else seat
        view = self if seat is None or seat == self._seat else self.view(seat)
        s = view._s
        out = []
        for v in s.calendar.variants:
            lines = v.board(s.variants.get(v.name), s, seat)
            if lines:
                out.append((v.title, lines))
        return out

    @property
    def events(self) -> list[Event]:
        """The log as records (text, seat, vp, secret, year, phase)."""
        return list(self._s.log or [])

    @property
    def log(self) -> list[str]:
        """Human-readable lines for everything that happened. Lines secret to one seat are left out of the
        full game's log; a seat's view includes its own."""
        return [e.text for e in self._s.log or [] if e.secret is None or e.secret == self._seat]

    def position(self) -> dict[str, Any]:
        """The position form (docs/save-format.md): everything about the situation now."""
        return position_dict(self._s, self.to_play, self._seat is None)

    def to_json(self) -> str:
        if self._seat is not None:
            raise KingsburgError(_("a per-seat view cannot be saved as a game; save the full game"))
        return game_json(self._start, self._actions, self._s, self.to_play)

    def view_json(self, seat: int) -> str:
        """``view(seat)`` as JSON text (``kingsburg.load_view`` reads it back): for a bot that thinks elsewhere,
        given nothing its seat may not know."""
        if self._seat is not None and self._seat != seat:
            said = _("this is seat {view}'s view: it cannot give seat {seat}'s")
            raise KingsburgError(said.format(view=self._seat, seat=seat))
        view = self if self._seat == seat else self.view(seat)
        return view_json(seat, view._actions, view._s, view.to_play)

    def __repr__(self) -> str:
        who = f"{self._s.players[self.to_play].name} to play" if self.to_play is not None else "over"
        return f"<Game year {self._s.year} {self.phase_name}, {who}, {len(self._actions)} decisions>"


KING_DIE = (1, 2, 3, 4, 5, 6)


def king_faces(s: State, seat: int) -> tuple[int, ...]:
    """``Game.king_faces`` on a state (a bot's view): each variant in force changes what the one before gave."""
    faces: tuple[int, ...] = KING_DIE
    for v in s.calendar.variants:
        faces = v.king_faces(s.variants.get(v.name), s, seat, faces)
    return faces


def setup(players: list[str], seed: int, options: dict[str, Any], rules: Rules | None = None) -> State:
    """A fresh state at the start of year I: random turn order and enemy deck unless the options fix them, then
    each variant's own setup."""
    if not isinstance(players, list | tuple) or not 2 <= len(players) <= 5:
        raise KingsburgError(_("Kingsburg is played by 2 to 5 players"))
    names = player_names(players)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise KingsburgError(_("the seed must be an integer from 0 to 2**64 - 1, not {seed!r}").format(seed=seed))
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        said = _("unknown option(s) {unknown}; options are {options}")
        raise KingsburgError(said.format(unknown=sorted(unknown), options=", ".join(OPTION_NAMES)))
    n = len(players)
    s = State()
    s.players = [Player(name) for name in names]
    rng = seed_state(seed)
    order = list(range(n))
    for i in range(n - 1, 0, -1):  # Fisher-Yates
        j, rng = below(rng, i + 1)
        order[i], order[j] = order[j], order[i]
    deck: list[str | None] = []
    for year in range(1, 6):
        k, rng = below(rng, 5)
        deck.append(enemies_of_year(year)[k].id)
    if "turn_order" in options:
        order = options["turn_order"]
        if not isinstance(order, list) or any(type(x) is not int for x in order) or sorted(order) != list(range(n)):
            said = _("turn_order must list every seat 0..{last} once, not {order!r}")
            raise KingsburgError(said.format(last=n - 1, order=order))
        order = list(order)
    if "enemies" in options:
        deck = options["enemies"]
        if (
            not isinstance(deck, list)
            or len(deck) != 5
            or any(
                not isinstance(c, str) or c not in ENEMY_BY_ID or ENEMY_BY_ID[c].year != y + 1
                for y, c in enumerate(deck)
            )
        ):
            said = _("enemies must be five card ids, one per year in order (e.g. {example}), not {deck!r}")
            raise KingsburgError(said.format(example=[e.id for e in ENEMIES[::5]], deck=deck))
        deck = list(deck)
    if "dice" in options:
        dice = options["dice"]
        if not isinstance(dice, list) or any(type(d) is not int or not 1 <= d <= 6 for d in dice):
            raise KingsburgError(_("dice must be a list of die faces 1-6, not {dice!r}").format(dice=dice))
        s.script = list(dice)
    s.order, s.deck, s.rng = order, deck, rng
    s.calendar = calendar_of(rules)
    s.step = s.calendar.first  # a variant may add a step before the King's aid (the year_start moment)
    start_variants(s)
    return s


def start_variants(s: State) -> None:
    """Each variant's state at the start of a game, in the order the rules list them."""
    for v in s.calendar.variants:
        data = v.setup(s)
        if data is not None:
            s.variants[v.name] = data


def player_names(names: Sequence[object]) -> list[str]:
    """The players' names as the game keeps them (``normalize_name``). Raises KingsburgError for a name with no
    visible character or over 40 characters, and for two names that are the same player's (``name_key``:
    "Ann", "ANN" and "Ann" with a zero-width space)."""
    clean = [normalize_name(name) for name in names]
    keys = [name_key(name) for name in clean]
    for i, key in enumerate(keys):
        if key in keys[:i]:
            said = _(
                "two players are named {first!r} and {second!r}: names must differ in more than case, spacing or "
                "invisible characters"
            )
            raise KingsburgError(said.format(first=clean[keys.index(key)], second=clean[i]))
    return clean


def new_game(players: list[str], seed: int = 0, rules: Rules | None = None, **options: Any) -> Game:
    """A new game. ``rules``: the edition, scenario and modules (``Rules(edition=2, ...)``; the first edition by
    default); InvalidRules, or IncompatibleRules for a combination the rulebook forbids. Options fix chance
    outcomes for scripted situations: ``turn_order`` (seats, first player first), ``enemies`` (five card ids,
    year I first, e.g. "I-3"), ``dice`` (die faces rolled before the seeded generator is used)."""
    s = setup(list(players), seed, options, rules)
    # The options stay only in the start record (no rule reads them): a view replaces that record, so the
    # scripted dice and enemy cards never reach one.
    fixed = {k: list(v) for k, v in options.items()}
    start: dict[str, Any] = {"players": [p.name for p in s.players], "seed": seed, "options": fixed}
    if s.calendar.rules != FIRST_EDITION_RULES:
        start["rules"] = s.calendar.rules.to_dict()
    return Game(s, start)


__all__ = ["GOODS", "Game", "new_game"]
