"""Wheel and Deal (second-edition.md §2.10): each year every player favours one of eight groups of the Realm.

"At the start of each year, in turn order, each player chooses 1 of the 8 groups ... Each group can be chosen by
only 1 player each year. At the end of each year, remove all tokens from this sheet." Each group's effect, and
where it happens here:

1. Aristocracy: first in turn order (the ``turn_order`` hook, and at once when chosen); wins ties for fewest
   buildings (phases 1 and 5) and most (phase 3) outright (the ``ties`` hook).
2. Clergy: +2 VP each productive season when the player dice total 9 or less after every reroll (``after_roll``).
3. Military: winter, two dice for the King's reinforcements: the holder gets the higher, the others the lower
   (the ``king_die`` hook).
4. Secret Society: on choosing, a token on any advisor; no other player may influence it this year (``closed``).
5. Craftsmen: end of each productive season, no goods: 1 good of choice (``season_over``).
6. Artists: each productive season, after the turn order is set, reroll 1 player die (``after_order``).
7. Peasants: when rewards are given, only advisors #1-6 influenced: one of their rewards again (``rewards``).
8. Outlaws: on choosing, -2 VP; when rewards are given, the reward of the lowest advisor nobody influenced.

The open cases are decided in docs/rulings.md ("Wheel and Deal, ..."); the Peasants' and the Outlaws' rewards
come at the start of the rewards, before the advisors' own in rank order. No state is hidden: the groups and the
Secret Society's token are on the table.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..actions import PASS, Action
from ..actions import register as notation
from ..content import GOODS, count_of
from ..errors import InvalidSave, at
from ..events import INT, STR, STRS, EventKind, Renderer, advisor_text
from ..i18n import N_, SOURCE_LANGUAGE, _, language
from ..rules import gifts
from ..rules.common import roll, say, score
from ..rules.decisions import DecisionKind
from ..ruleset import Variant
from ..state import State, Task

NAME = "wheel-and-deal"
GROUPS = ("aristocracy", "clergy", "military", "secret-society", "craftsmen", "artists", "peasants", "outlaws")
TITLES = {
    "aristocracy": N_("Aristocracy"),
    "clergy": N_("Clergy"),
    "military": N_("Military"),
    "secret-society": N_("Secret Society"),
    "craftsmen": N_("Craftsmen"),
    "artists": N_("Artists"),
    "peasants": N_("Peasants"),
    "outlaws": N_("Outlaws"),
}
# Each group's gift, as its choice and the rules help say it (written once: the help is made from these).
EFFECTS = {
    "aristocracy": N_("First in turn order, and wins ties for fewest or most buildings."),
    "clergy": N_("+2 VP each season your player dice total 9 or less."),
    "military": N_(
        "In winter two dice are rolled for the King's reinforcements; you get the higher, everyone else the lower."
    ),
    "secret-society": N_("Put a token on an advisor; nobody else may influence it this year."),
    "craftsmen": N_("At the end of each season, with no goods, take 1 good of your choice."),
    "artists": N_("Each season, after the turn order is set, you may reroll one die."),
    "peasants": N_("Each season, if you influenced only advisors #1-6, gain one of their rewards a second time."),
    "outlaws": N_("Lose 2 VP on choosing; each season, also gain the reward of the lowest advisor nobody influenced."),
}
# The rules help around the groups' sentences (WheelAndDeal.help).
HELP_START = N_(
    "At the start of each year, in turn order, each player chooses one of the eight groups; each group is "
    "chosen by one player a year."
)
HELP_END = N_("Not playable with Module 5 (soldier tokens).")
CLERGY_MOST = 9  # "if your dice total (after all rerolls) is 9 or less"
CLERGY_VP = 2
OUTLAWS_VP = -2
PEASANTS_TOP = 6  # "if you influenced only advisors ranked #1-6"

notation("group", GROUPS)
notation("society", advisor=True)
notation("artists", tuple(str(f) for f in range(1, 7)))
notation("peasants", advisor=True)
notation("craftsmen", GOODS)


def holder(s: State, group: str) -> int | None:
    """The seat that favours ``group`` this year, or None."""
    seat: int | None = s.variants[NAME]["groups"][GROUPS.index(group)]
    return seat


def played(s: State) -> bool:
    """Whether the game ``s`` is played with this variant."""
    return NAME in s.variants


# --- Choosing the groups (Phase 1, before the King's aid) -------------------------------------------------


def _year_start(s: State) -> None:
    say(s, "groups", year=s.year)
    s.queue.extend(Task(seat, "group") for seat in s.order)


_GROUP = {g: Action("group", arg=g) for g in GROUPS}


class Group(DecisionKind):
    kind, answers, variant = "group", ("group",), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        groups = s.variants[NAME]["groups"]
        return [_GROUP[g] for g, seat in zip(GROUPS, groups, strict=True) if seat is None]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        seat = task.seat
        s.variants[NAME]["groups"][GROUPS.index(a.arg)] = seat
        say(s, "group", seat, group=a.arg)
        if a.arg == "aristocracy":
            s.order.remove(seat)
            s.order.insert(0, seat)
            say(s, "aristocracy", seat)
        elif a.arg == "secret-society":
            s.queue.insert(0, Task(seat, "society"))
        elif a.arg == "outlaws":
            score(s, seat, OUTLAWS_VP, NAME, "outlaws")

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must choose a group to favour this year").format(name=s.players[task.seat].name)

    def effect(self, s: State, task: Task, a: Action) -> str:
        return _(EFFECTS[a.arg])

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        taken = holder(s, a.arg)
        if taken is not None:
            return _("the {group} are already favoured by {name} this year").format(
                group=_(TITLES[a.arg]), name=s.players[taken].name
            )
        return super().why_illegal(s, task, a)


_SOCIETY = [Action("society", advisor=n) for n in range(1, 19)]


class Society(DecisionKind):
    kind, answers, variant = "society", ("society",), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return _SOCIETY

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        s.variants[NAME]["society"] = a.advisor
        say(s, "society", task.seat, advisor=a.advisor)

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must put the Secret Society's token on an advisor").format(name=s.players[task.seat].name)


def _closed(s: State, seat: int) -> frozenset[int]:
    """The Secret Society's advisor, to every player but its holder ("by any means": Envoy and Market too)."""
    data = s.variants[NAME]
    society = data["society"]
    if society is None or data["groups"][GROUPS.index("secret-society")] == seat:
        return frozenset()
    return frozenset({society})


# --- Turn order and ties: the Aristocracy --------------------------------------------------------------------


def _turn_order(s: State) -> None:
    seat = holder(s, "aristocracy")
    if seat is not None:
        s.order.remove(seat)
        s.order.insert(0, seat)


def _ties(s: State, tied: list[int]) -> list[int]:
    """The Aristocracy wins a tie for fewest (phases 1 and 5) or most (phase 3) buildings outright, whatever the
    goods (docs/rulings.md)."""
    seat = holder(s, "aristocracy")
    if seat is None:
        return tied
    counts = [p.building_count for p in s.players]
    best = max(counts) if s.phase == 3 else min(counts)
    return [seat] if counts[seat] == best else tied


# --- The productive seasons ----------------------------------------------------------------------------------


def _clergy(s: State) -> None:
    seat = holder(s, "clergy")
    if seat is not None and sum(s.players[seat].dice) <= CLERGY_MOST:
        total = sum(s.players[seat].dice)
        score(s, seat, CLERGY_VP, NAME, "clergy", total=total)


_ARTISTS = {f: Action("artists", arg=str(f)) for f in range(1, 7)}


def _artists(s: State) -> None:
    seat = holder(s, "artists")
    if seat is not None and s.players[seat].dice:
        s.queue.append(Task(seat, "artists"))


class Artists(DecisionKind):
    kind, answers, variant = "artists", ("artists", "pass"), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return [_ARTISTS[f] for f in sorted(set(s.players[task.seat].dice))] + [PASS]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        if a.kind == "pass":
            return
        p = s.players[task.seat]
        i = p.dice.index(int(a.arg))
        p.dice[i] = roll(s)
        say(s, "artists", task.seat, old=int(a.arg), new=p.dice[i])

    def describe(self, s: State, task: Task) -> str:
        return _("{name} may reroll one die with the Artists, or keep the dice").format(name=s.players[task.seat].name)


def _rewards(s: State) -> None:
    """The Peasants' and the Outlaws' extra rewards, before the advisors' own."""
    seat = holder(s, "peasants")
    if seat is not None and _peasants_advisors(s, seat):
        s.queue.append(Task(seat, "peasants"))
    seat = holder(s, "outlaws")
    if seat is not None:
        free = [n for n in range(1, 19) if not s.court[n]]  # the dummy dice count as influence (rulings)
        if free:
            say(s, "outlaws", seat, advisor=free[0])
            s.queue.append(Task(seat, "reward", free[0]))


def _peasants_advisors(s: State, seat: int) -> list[int]:
    """The advisors ``seat`` influenced this season if all are ranked #1-6 (at least one), else none."""
    mine = [n for n in range(1, 19) if any(pl.seat == seat for pl in s.court[n])]
    return mine if mine and mine[-1] <= PEASANTS_TOP else []


_PEASANTS = {n: Action("peasants", advisor=n) for n in range(1, PEASANTS_TOP + 1)}


class Peasants(DecisionKind):
    kind, answers, variant = "peasants", ("peasants",), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return [_PEASANTS[n] for n in _peasants_advisors(s, task.seat)]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        say(s, "peasants", task.seat, advisor=a.advisor)
        s.queue.insert(0, Task(task.seat, "reward", a.advisor))

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must choose an advisor whose reward the Peasants give again").format(
            name=s.players[task.seat].name
        )


class Reward(DecisionKind):
    """An advisor's reward given by the Peasants or the Outlaws (``arg``: the advisor), chosen as its gift."""

    kind, answers, args, variant = "reward", ("gift", "trade", "pass"), (1, 18), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return gifts.options(s, task.seat, task.arg)

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        gifts.receive(s, task.seat, task.arg, a)

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must choose the reward of {advisor}").format(
            name=s.players[task.seat].name, advisor=advisor_text(task.arg)
        )


_CRAFTSMEN = [Action("craftsmen", arg=g) for g in GOODS]


def _craftsmen(s: State) -> None:
    seat = holder(s, "craftsmen")
    if seat is not None and s.players[seat].goods == 0:
        s.queue.append(Task(seat, "craftsmen"))


class Craftsmen(DecisionKind):
    kind, answers, variant = "craftsmen", ("craftsmen",), NAME

    def legal(self, s: State, task: Task) -> list[Action]:
        return _CRAFTSMEN

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        p = s.players[task.seat]
        p.add_good(a.arg, 1)
        say(s, "craftsmen", task.seat, goods=(a.arg,))

    def describe(self, s: State, task: Task) -> str:
        return _("{name} has no goods and takes one of their choice from the Craftsmen").format(
            name=s.players[task.seat].name
        )


# --- Winter and the year's end -------------------------------------------------------------------------------


def _king_die(s: State) -> list[int] | None:
    seat = holder(s, "military")
    if seat is None:
        return None
    dice = (roll(s), roll(s))
    high, low = max(dice), min(dice)
    say(s, "king", seat, die=high, low=low, dice=dice)
    return [high if i == seat else low for i in range(s.n)]


def _year_over(s: State) -> None:
    s.variants[NAME] = _fresh()


def _fresh() -> dict[str, Any]:
    return {"groups": [None] * len(GROUPS), "society": None}


EVENTS = (
    EventKind(
        "groups",
        "",
        {"year": INT},
        "Year {year}: each governor favours one group of the Realm, in turn order.",
        variant=NAME,
    ),
    EventKind(
        "group",
        "who chose",
        {"group": STR},
        lambda f: _("{name} favours the {group} this year.").format(name=f.name, group=_(TITLES[f.word("group")])),
        variant=NAME,
    ),
    EventKind("aristocracy", "the holder", {}, N_("{name} is first in turn order (the Aristocracy)."), variant=NAME),
    EventKind(
        "society",
        "the holder",
        {"advisor": INT},
        lambda f: _("{name} puts the Secret Society's token on {advisor}: closed to everyone else this year.").format(
            name=f.name, advisor=advisor_text(f.num("advisor"))
        ),
        variant=NAME,
    ),
    EventKind(
        "artists",
        "the holder",
        {"old": INT, "new": INT},
        N_("{name} rerolls a {old} with the Artists: {new}."),
        variant=NAME,
    ),
    EventKind(
        "outlaws",
        "the holder",
        {"advisor": INT},
        lambda f: _("{name} gains the reward of {advisor} with the Outlaws.").format(
            name=f.name, advisor=advisor_text(f.num("advisor"))
        ),
        variant=NAME,
    ),
    EventKind(
        "peasants",
        "the holder",
        {"advisor": INT},
        lambda f: _("{name} gains the reward of {advisor} a second time with the Peasants.").format(
            name=f.name, advisor=advisor_text(f.num("advisor"))
        ),
        variant=NAME,
    ),
    EventKind(
        "craftsmen",
        "the holder",
        {"goods": STRS},
        lambda f: _("{name} has no goods: the Craftsmen give {good}.").format(
            name=f.name, good=count_of(f.words("goods")[0], 1)
        ),
        variant=NAME,
    ),
)


class WheelAndDeal(Variant):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = N_("Wheel and Deal")
    vp_sources: ClassVar[tuple[str, ...]] = (NAME,)
    summary: ClassVar[str] = N_(
        "Each year every governor favours one of eight groups of the Realm, each with its gift."
    )
    help: ClassVar[str] = (
        HELP_START
        + " "
        + " ".join(f"{TITLES[g]}: {EFFECTS[g][0].lower()}{EFFECTS[g][1:]}" for g in GROUPS)
        + " "
        + HELP_END
    )

    def rules_help(self) -> str:
        # Each group's sentence is its choice's own words (written once), taken translated. The English help
        # lower-cases each effect's first letter after its group; a translation keeps the catalogue's sentence as
        # it is (German capitalises a whole sentence after a colon, and nouns), the group before it as a label.
        if language() == SOURCE_LANGUAGE:
            return self.help
        groups = (_("{group}: {effect}").format(group=_(TITLES[g]), effect=_(EFFECTS[g])) for g in GROUPS)
        return " ".join([_(HELP_START), *groups, _(HELP_END)])

    events: ClassVar[tuple[EventKind, ...]] = EVENTS
    reasons: ClassVar[Mapping[str, Renderer]] = {
        "outlaws": lambda f: _("the Outlaws"),
        "clergy": lambda f: _("the Clergy, for a dice total of {total}").format(total=f.num("total")),
    }
    decisions: ClassVar[tuple[DecisionKind, ...]] = (
        Group(),
        Society(),
        Artists(),
        Peasants(),
        Reward(),
        Craftsmen(),
    )
    steps: ClassVar[Mapping[str, Callable[[State], None]]] = {
        "year_start": _year_start,
        "after_roll": _clergy,
        "after_order": _artists,
        "rewards": _rewards,
        "season_over": _craftsmen,
        "year_over": _year_over,
    }
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {
        "turn_order": _turn_order,
        "ties": _ties,
        "closed": _closed,
        "king_die": _king_die,
    }

    def setup(self, s: State) -> Any:
        return _fresh()

    def load(self, data: Any, s: State) -> Any:
        where = f"'variants' {NAME}"
        if not isinstance(data, dict) or set(data) != {"groups", "society"}:
            raise InvalidSave(_("{where} holds 'groups' and 'society'").format(where=where))
        groups = data["groups"]
        if (
            not isinstance(groups, list)
            or len(groups) != len(GROUPS)
            or any(g is not None and (type(g) is not int or not 0 <= g < s.n) for g in groups)
        ):
            said = _("'groups' lists the seat or null for each of the {n} groups")
            raise InvalidSave(at(where, said.format(n=len(GROUPS))))
        held = [g for g in groups if g is not None]
        if len(set(held)) != len(held):
            said = _("a player favours one group a year, not {n}")
            raise InvalidSave(at(where, said.format(n=len(held) - len(set(held)) + 1)))
        society = data["society"]
        if society is not None and (type(society) is not int or not 1 <= society <= 18):
            said = _("'society' is the advisor (1 to 18) of the Secret Society's token, or null")
            raise InvalidSave(at(where, said))
        if society is not None and groups[GROUPS.index("secret-society")] is None:
            said = _("the Secret Society's token is on an advisor but nobody favours the group")
            raise InvalidSave(at(where, said))
        return {"groups": list(groups), "society": society}

    def board(self, data: Any, s: State, seat: int | None) -> list[tuple[str, str]]:
        """Each group and who favours it this year; the Secret Society's closed advisor."""
        lines = []
        for group, held in zip(GROUPS, data["groups"], strict=True):
            text = _("free") if held is None else s.players[held].name
            if group == "secret-society" and data["society"] is not None:
                text = _("{holder}: {advisor} is closed to everyone else").format(
                    holder=text, advisor=advisor_text(data["society"])
                )
            lines.append((_(TITLES[group]), text))
        return lines


# What other modules may use (the bots read a game only through these; tests/engine/test_bots.py checks it).
__all__ = ["GROUPS", "NAME", "PEASANTS_TOP", "WheelAndDeal", "holder", "played"]
