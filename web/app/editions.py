"""The rules a new game is played with, as the start screen offers them, and each edition's terms.

The choices are read from the engine: the editions, and the scenarios and modules whose variant the engine
has (``kingsburg.variant``); a variant that lands in the engine appears here with its title and its
one-line ``summary``. Whether a combination may be played is the engine's answer (``kingsburg.check_rules``),
never the page's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from kingsburg import EDITIONS, MODULES, SCENARIOS, SECOND_EDITION, KingsburgError, Rules, check_rules, content, variant
from kingsburg.i18n import N_, _

EDITION_TITLES = {1: N_("First edition"), 2: N_("Second edition")}
EDITION_SUMMARIES = {
    1: N_("The original rules: the enemy is revealed before the King sends his soldiers."),
    2: N_("The second edition: the King's die is rolled before the enemy card is revealed; scores may go below zero."),
}


class RulesChoice(TypedDict):
    """The start screen's choice of rules: the edition, the scenario ("" for none) and the modules."""

    edition: int
    scenario: str
    modules: list[str]


def default_choice() -> RulesChoice:
    return {"edition": 1, "scenario": "", "modules": []}


@dataclass(frozen=True)
class Option:
    """One choice the start screen offers: its name in ``Rules``, its title and its one-line description."""

    name: str
    title: str
    summary: str


def _option(name: str) -> Option | None:
    found = variant(name)
    if found is None:  # the engine would refuse it as "not available yet": not offered
        return None
    return Option(name, _(str(found.title)), _(str(getattr(found, "summary", ""))))


def scenarios() -> list[Option]:
    """The scenarios this engine can play, in the rulebook's order."""
    return [o for o in map(_option, SCENARIOS) if o is not None]


def modules() -> list[Option]:
    """The modules this engine can play."""
    return [o for o in map(_option, MODULES) if o is not None]


def editions() -> list[Option]:
    return [Option(str(e), _(EDITION_TITLES[e]), _(EDITION_SUMMARIES[e])) for e in EDITIONS]


def rules_of(choice: RulesChoice) -> Rules:
    """The engine's rules for ``choice``, checked by the engine: raises its error (KingsburgError) with the
    reason when it refuses the combination."""
    rules = Rules(choice["edition"], choice["scenario"] or None, frozenset(choice["modules"]))
    return check_rules(rules)


def refusal(choice: RulesChoice) -> str:
    """Why the engine refuses ``choice`` ("" when a game can be played with it)."""
    try:
        rules_of(choice)
    except KingsburgError as exc:
        return str(exc)
    return ""


def label(rules: Rules) -> str:
    """ "Second edition · Goblin Valley · Soldier tokens": the rules as one line for people."""
    edition = EDITION_TITLES.get(rules.edition)
    parts = [_(edition) if edition else _("Edition {n}").format(n=rules.edition)]
    for name in rules.names:
        found = variant(name)
        if name != SECOND_EDITION:
            parts.append(_(str(found.title)) if found is not None else name)
    return " · ".join(parts)


# --- Terms ---------------------------------------------------------------------------------------------
# The second edition renames some things (second-edition.md §1.3, same functions): the page says them in the
# words of the edition being played. The first edition's are the words this page has always used.
TERMS: dict[int, dict[str, str]] = {
    1: {
        "favor, short": N_("Aid"),
        "bonus die": N_("white die"),
        "bonus die short": N_("white"),  # before a die's number: "white 3"
        "bonus dice": N_("white dice"),
        "player die": N_("coloured die"),
        "strength": N_("strength"),
        "reward": N_("gift"),
    },
    2: {
        "favor, short": N_("Favor"),
        "bonus die": N_("bonus die"),
        "bonus die short": N_("bonus"),
        "bonus dice": N_("bonus dice"),
        "player die": N_("player die"),
        "strength": N_("battle strength"),
        "reward": N_("reward"),
    },
}


def term(rules: Rules, key: str, capital: bool = False) -> str:
    """``key``'s word in the edition of ``rules`` (TERMS), with a capital letter for the start of a sentence."""
    word = _(TERMS[rules.edition if rules.edition in TERMS else 1][key])
    return word[:1].upper() + word[1:] if capital else word


def phase_short(rules: Rules, phase: int, short: str) -> str:
    """``short`` (the calendar's one-word name of ``phase``) in the edition's words."""
    return {1: term(rules, "favor, short"), 6: _(content.phase_name(6, rules.edition))}.get(phase, short)


def phase_name(rules: Rules, phase: int) -> str:
    """The name of ``phase`` (1..8; 0: the game is over) in the edition's words."""
    if phase == 0:
        return _("Game over")
    return _(content.phase_name(phase, rules.edition))
