"""The Demanding Capital, a scenario of the second edition (second-edition.md §2.8; the rulebook's scenario sheet).

- Setup: "Place 3 growth tokens on this sheet for each player (e.g. 12 tokens in a 4-player game)."
- His Majesty Has Some Projects: "At the start of each year, roll 2 dice to determine what the Capital needs this
  year ... Each die represents a separate need": 1 gold, 2 wood, 3 stone, 4 troops (1 soldier: back 1 space on
  the soldier track), 5 luxuries (1 "+2" token), 6 manpower ("roll one fewer die during fall").
- Midsummer Tributes: "at the start of phase 5, in turn order, each player may contribute to both, 1, or none of
  the needs": both, "gain 2 VP and place a growth token on this sheet"; one, nothing happens; none, "lose 1 VP and
  remove a growth token from this sheet".
- Winter Reinforcements: "after rolling the die for the king's reinforcement, if the die result is higher than
  the number of growth tokens divided by players (rounded down), the king's reinforcement is considered to be 0."
- Not compatible with Module 5 (refused by ``kingsburg.variants.FORBIDDEN``, from ``SoldierTokens.incompatible``).

The rulings (docs/rulings.md) live here: two dice showing the same need are two needs of that kind
(``NEEDS_TAKEN``); a growth token removed when none is left removes nothing, the VP is still lost (``_angry``);
only what the player holds can be given, and Manpower is promised in phase 5 and paid in fall (``_have``,
``_player_dice``); the Tributes come before the King's Envoy (the ``phase5_start`` moment).

State (``s.variants["demanding-capital"]``): ``growth`` (tokens on the sheet), ``needs`` (this year's two needs,
by name, in die order; empty before the first roll), ``manpower`` (dice each seat owes this fall).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..actions import Action
from ..actions import register as register_action
from ..errors import InvalidSave, at
from ..events import INT, STRS, EventKind, Facts, Renderer, all_of
from ..i18n import N_, _
from ..rules.common import roll, say, score
from ..rules.decisions import DecisionKind
from ..ruleset import Variant
from ..state import Player, State, Task

NAME = "demanding-capital"
NEEDS = ("gold", "wood", "stone", "troops", "luxuries", "manpower")  # by die face, 1 to 6
GROWTH_PER_PLAYER = 3
PLEASED_VP, ANGRY_VP = 2, -1
FALL = 6
# What contributing to each need gives, for the log.
_GIVES = {
    "gold": N_("1 gold"),
    "wood": N_("1 wood"),
    "stone": N_("1 stone"),
    "troops": N_("1 soldier"),
    "luxuries": N_('a "+2" token'),
    "manpower": N_("a die this fall"),
}
# The needs' names as people read them (NEEDS, the notation's words, stay English).
NEED_NAMES = {
    "gold": N_("gold"),
    "wood": N_("wood"),
    "stone": N_("stone"),
    "troops": N_("troops"),
    "luxuries": N_("luxuries"),
    "manpower": N_("manpower"),
}


def _needs_text(needed: list[str] | tuple[str, ...]) -> str:
    return all_of([_(NEED_NAMES[n]) for n in needed])


def _gives_text(needed: list[str] | tuple[str, ...]) -> str:
    return all_of([_(_GIVES[n]) for n in needed])


BOTH, NONE = "both", "none"
# What a tribute to both needs, one or none brings (the rules help and each choice say it).
OUTCOMES = {
    BOTH: N_("+2 VP and a growth token is added"),
    "one": N_("nothing happens"),
    NONE: N_("−1 VP and a growth token is removed"),
}
# The rules help; {both}, {one} and {none} are OUTCOMES.
HELP = N_(
    "The sheet starts with 3 growth tokens per player. At the start of each year two dice set the Capital's "
    'two needs: 1 gold, 2 wood, 3 stone, 4 troops (a soldier), 5 luxuries (a "+2" token), 6 manpower (roll '
    "one fewer die in fall). At the start of phase 5, in turn order, each player contributes to both needs "
    "({both}), one ({one}) or none ({none}). "
    "A double is two needs of the same kind. In winter, if the King's die is higher than the growth tokens "
    "divided by the number of players (rounded down), he sends no soldiers. Not playable with Module 5."
)
# The same, as each choice says it under its button.
EFFECTS = {
    BOTH: N_("+2 VP and a growth token is added."),
    "one": N_("Nothing happens."),
    NONE: N_("−1 VP and a growth token is removed."),
}
register_action("tribute", (BOTH, *NEEDS, NONE))


def needs(s: State) -> list[str]:
    """This year's needs (two names of ``NEEDS``, possibly the same; empty before the first roll)."""
    needed: list[str] = s.variants[NAME]["needs"]
    return needed


def growth(s: State) -> int:
    """The growth tokens on the scenario sheet."""
    tokens: int = s.variants[NAME]["growth"]
    return tokens


def played(s: State) -> bool:
    """Whether the game ``s`` is played with this variant."""
    return NAME in s.variants


def cap(s: State) -> int:
    """The highest King's die that still sends soldiers: growth tokens divided by players, rounded down."""
    return growth(s) // s.n


def _have(s: State, seat: int, need: str) -> int:
    """How many of ``need`` the seat can give now: what it holds (a ruling: Troops needs soldiers on the track,
    Luxuries "+2" tokens); Manpower is a promise of fall dice, always possible."""
    p = s.players[seat]
    if need == "troops":
        return p.soldiers
    if need == "luxuries":
        return p.tokens
    if need == "manpower":
        return 2  # both needs may be Manpower: two fall dice
    return p.good(need)


def contributions(s: State, seat: int) -> list[str]:
    """The tributes ``seat`` can pay now, as action arguments: "both", one need's name, "none"."""
    if not needs(s):  # a hand-written position asking for a tribute before any needs were rolled
        return [NONE]
    first, second = needs(s)
    out = []
    if _have(s, seat, first) >= 1 + (first == second) and _have(s, seat, second) >= 1:
        out.append(BOTH)
    for need in dict.fromkeys((first, second)):
        if _have(s, seat, need) >= 1:
            out.append(need)
    out.append(NONE)
    return out


def _pay(s: State, seat: int, need: str) -> None:
    p = s.players[seat]
    if need == "troops":
        p.soldiers -= 1
    elif need == "luxuries":
        p.tokens -= 1
    elif need == "manpower":
        s.variants[NAME]["manpower"][seat] += 1
    else:
        p.add_good(need, -1)


def _angry(s: State, seat: int) -> None:
    data = s.variants[NAME]
    score(s, seat, ANGRY_VP, "tributes", "angry")
    if data["growth"]:
        data["growth"] -= 1
        say(s, "growth", seat, growth=data["growth"], change=-1)
    else:
        say(s, "growth", seat, growth=0, change=0)


class Tribute(DecisionKind):
    """The Midsummer Tributes: contribute to both needs, one of them, or none."""

    kind, answers, variant = "tribute", ("tribute",), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return [Action("tribute", arg=c) for c in contributions(s, task.seat)]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        paid = needs(s) if a.arg == BOTH else [] if a.arg == NONE else [a.arg]
        for need in paid:
            _pay(s, seat, need)
        if a.arg == BOTH:
            data = s.variants[NAME]
            data["growth"] += 1
            say(s, "tribute", seat, given=tuple(paid))
            score(s, seat, PLEASED_VP, "tributes", "pleased")
            say(s, "growth", seat, growth=data["growth"], change=1)
        elif paid:
            say(s, "tribute", seat, given=tuple(paid))
        elif forced:
            say(s, "forced", seat, decision=self.kind)
            _angry(s, seat)
        else:
            say(s, "tribute", seat, given=())
            _angry(s, seat)

    def describe(self, s: State, task: Task) -> str:
        needed = _needs_text(needs(s)) or _("none rolled")
        return _("{name} may contribute to the Capital's needs ({needs}), one or none").format(
            name=s.players[task.seat].name, needs=needed
        )

    def effect(self, s: State, task: Task, a: Action) -> str:
        return _(EFFECTS.get(a.arg, EFFECTS["one"]))

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        p = s.players[task.seat]
        needed = needs(s)
        if a.arg not in (BOTH, NONE, *needed):
            return _("the Capital needs {needs} this year, not {choice}").format(
                needs=_needs_text(needed) or _("nothing"), choice=a.arg
            )
        short = [need for need in needed if a.arg in (BOTH, need)]
        return _("{name} cannot give {gifts} now: {holding}").format(
            name=p.name, gifts=_gives_text(short), holding=_holding(p)
        )


def _holding(p: Player) -> str:
    return _('{name} has gold {gold}, wood {wood}, stone {stone}, {soldiers} soldiers, {tokens} "+2" tokens').format(
        name=p.name, gold=p.gold, wood=p.wood, stone=p.stone, soldiers=p.soldiers, tokens=p.tokens
    )


# --- The calendar steps and hooks ------------------------------------------------------------------------------


def _projects(s: State) -> None:
    """His Majesty Has Some Projects: two dice, two needs for the year; last year's Manpower is paid."""
    data = s.variants[NAME]
    data["needs"] = [NEEDS[roll(s) - 1], NEEDS[roll(s) - 1]]
    data["manpower"] = [0] * s.n
    first, second = data["needs"]
    say(s, "needs", needs=(first, second), year=s.year)


def _tributes(s: State) -> None:
    say(s, "tributes", phase=s.phase)
    s.queue.extend(Task(seat, "tribute") for seat in s.order)


def _player_dice(s: State, seat: int, n: int) -> int:
    """Manpower: one fewer player die in fall for each die promised."""
    owed: int = s.variants[NAME]["manpower"][seat]
    if s.phase != FALL or not owed:
        return n
    left = max(0, n - owed)
    say(s, "manpower", seat, owed=owed, left=left)
    return left


def _reinforcements(s: State, sent: list[int]) -> None:
    """Winter Reinforcements: a die higher than growth tokens ÷ players (rounded down) sends no soldiers."""
    most = cap(s)
    cut = [seat for seat, n in enumerate(sent) if n > most]
    if not cut:
        return
    for seat in cut:
        sent[seat] = 0
    say(s, "capital", growth=growth(s), cap=most)


def _tribute(f: Facts) -> str:
    given = f.words("given")
    if not given:
        return _("{name} gives the Capital nothing.").format(name=f.name)
    gave = _gives_text(given)
    # Both needs bring VP and growth (logged after); one alone does nothing.
    if len(given) == 2:
        return _("{name} gives the Capital {gifts}.").format(name=f.name, gifts=gave)
    return _("{name} gives the Capital {gifts}: one need of two, nothing happens.").format(name=f.name, gifts=gave)


def _growth(f: Facts) -> str:
    change, tokens = f.num("change"), f.num("growth")
    if change > 0:
        return _("A growth token is added ({tokens} in all).").format(tokens=tokens)
    if change:
        return _("A growth token is removed ({tokens} left).").format(tokens=tokens)
    return _("No growth token is left to remove.")


def _capital(f: Facts) -> str:
    return _(
        "The Capital has {growth} growth tokens for {players} players: the King sends none of his "
        "soldiers (only a die of {cap} or less would count)."
    ).format(growth=f.num("growth"), players=len(f.names), cap=f.num("cap"))


EVENTS = (
    EventKind(
        "needs",
        "",
        {"needs": STRS, "year": INT},
        lambda f: _("Year {year}: the Capital needs {needs}.").format(
            year=f.num("year"), needs=_needs_text(f.words("needs"))
        ),
        variant=NAME,
    ),
    EventKind("tributes", "", {"phase": INT}, N_("Phase {phase}: the Midsummer Tributes."), variant=NAME),
    EventKind("tribute", "the contributor", {"given": STRS}, _tribute, variant=NAME),
    EventKind("growth", "the contributor", {"growth": INT, "change": INT}, _growth, variant=NAME),
    EventKind(
        "manpower",
        "the contributor",
        {"owed": INT, "left": INT},
        N_("{name} gives the Capital {owed} of their dice: {left} this fall."),
        variant=NAME,
    ),
    EventKind("capital", "", {"growth": INT, "cap": INT}, _capital, variant=NAME),
)
FORCED: dict[str, Renderer] = {
    "tribute": lambda f: _("{name} has nothing the Capital needs to give.").format(name=f.name)
}


class DemandingCapital(Variant):
    name: ClassVar[str] = NAME

    def king_faces(self, data: Any, s: State, seat: int, faces: tuple[int, ...]) -> tuple[int, ...]:
        """A face above the cap (growth tokens ÷ players) sends no soldiers."""
        most = cap(s)
        return tuple(f if f <= most else 0 for f in faces)

    title: ClassVar[str] = N_("The Demanding Capital")
    summary: ClassVar[str] = N_(
        "Meet the Capital's two needs each year for VP and growth tokens, or the King's soldiers stay home."
    )
    help: ClassVar[str] = HELP.format(both=OUTCOMES[BOTH], one=OUTCOMES["one"], none=OUTCOMES[NONE])

    def rules_help(self) -> str:
        # The outcomes are each choice's own words too (written once), so the paragraph takes them translated.
        return _(HELP).format(both=_(OUTCOMES[BOTH]), one=_(OUTCOMES["one"]), none=_(OUTCOMES[NONE]))

    vp_sources: ClassVar[tuple[str, ...]] = ("tributes",)
    decisions: ClassVar[tuple[DecisionKind, ...]] = (Tribute(),)
    events: ClassVar[tuple[EventKind, ...]] = EVENTS
    forced: ClassVar[Mapping[str, Renderer]] = FORCED
    reasons: ClassVar[Mapping[str, Renderer]] = {
        "angry": lambda f: _("the King is angry"),
        "pleased": lambda f: _("the King is pleased"),
    }
    steps: ClassVar[Mapping[str, Callable[[State], None]]] = {"year_start": _projects, "phase5_start": _tributes}
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {
        "player_dice": _player_dice,
        "reinforcements": _reinforcements,
    }

    def setup(self, s: State) -> Any:
        return {"growth": GROWTH_PER_PLAYER * s.n, "needs": [], "manpower": [0] * s.n}

    def load(self, data: Any, s: State) -> Any:
        where = f"'variants' {NAME}"
        if not isinstance(data, dict) or set(data) != {"growth", "needs", "manpower"}:
            raise InvalidSave(_("{where} holds growth, needs and manpower").format(where=where))
        tokens, needed, owed = data["growth"], data["needs"], data["manpower"]
        if type(tokens) is not int or not 0 <= tokens <= 200:
            said = _("growth is the number of growth tokens (0 to 200), not {tokens!r}")
            raise InvalidSave(at(where, said.format(tokens=tokens)))
        if not isinstance(needed, list) or len(needed) not in (0, 2) or any(n not in NEEDS for n in needed):
            said = _("needs are two of {needs} (none before year I), not {given!r}")
            raise InvalidSave(at(where, said.format(needs=", ".join(NEEDS), given=needed)))
        if not isinstance(owed, list) or len(owed) != s.n or any(type(k) is not int or not 0 <= k <= 2 for k in owed):
            said = _("manpower lists the fall dice each seat owes (0 to 2), not {owed!r}")
            raise InvalidSave(at(where, said.format(owed=owed)))
        if not needed and any(task.kind == "tribute" for task in s.queue):
            raise InvalidSave(at(where, _("a tribute is asked for with no needs rolled")))
        return {"growth": tokens, "needs": list(needed), "manpower": list(owed)}

    def board(self, data: Any, s: State, seat: int | None) -> list[tuple[str, str]]:
        """The growth tokens, this year's needs and the highest King's die that still sends soldiers."""
        most = data["growth"] // s.n
        growth, players = data["growth"], s.n
        lines = [
            (_("Growth tokens"), _("{growth} on the sheet").format(growth=growth)),
            (_("Needs this year"), _needs_text(data["needs"]) or _("not rolled yet")),
            (
                _("King's soldiers"),
                _("only on a die of {most} or less ({growth} ÷ {players} players)").format(
                    most=most, growth=growth, players=players
                )
                if most < 6
                else _("on any die ({growth} ÷ {players} players)").format(growth=growth, players=players),
            ),
        ]
        owed = [f"{s.players[i].name} {k}" for i, k in enumerate(data["manpower"]) if k]
        if owed:
            lines.append((_("Manpower owed this fall"), ", ".join(owed)))
        return lines


# What other modules may use (the bots read a game only through these; tests/engine/test_bots.py checks it).
__all__ = ["NAME", "NEEDS", "DemandingCapital", "cap", "growth", "needs", "played"]
