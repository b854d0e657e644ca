"""The rule variants: the second edition's changes, its scenarios and its modules, one module each.

``check`` validates the ``Rules`` a game is created with, ``calendar_of`` builds (once) the calendar of a game
played with them. To add a variant, write its module here (docs/variants.md) and list its class in
``_VARIANTS``; the calendar itself never changes.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..calendar import FIRST_EDITION, Calendar
from ..errors import IncompatibleRules, InvalidRules, at
from ..events import FORCED, REASONS
from ..events import register as register_event
from ..i18n import _
from ..rules.decisions import register
from ..ruleset import EDITIONS, FIRST_EDITION_RULES, Rules, Variant
from . import demanding_capital, goblin_valley, shifting_alliances, soldier_tokens, wheel_and_deal
from .demanding_capital import DemandingCapital
from .goblin_valley import GoblinValley
from .second_edition import SecondEdition
from .shifting_alliances import ShiftingAlliances
from .soldier_tokens import SoldierTokens
from .wheel_and_deal import WheelAndDeal

# The names Rules accepts, in the rulebook's order, each written once: in its variant's module (NAME).
SCENARIOS = (goblin_valley.NAME, demanding_capital.NAME, shifting_alliances.NAME, wheel_and_deal.NAME)
MODULES = (soldier_tokens.NAME,)

_VARIANTS: tuple[type[Variant], ...] = (
    SecondEdition,
    GoblinValley,
    DemandingCapital,
    ShiftingAlliances,
    SoldierTokens,
    WheelAndDeal,
)
VARIANTS: dict[str, Variant] = {cls.name: cls() for cls in _VARIANTS}
# Combinations the second-edition rulebook forbids, (module, scenario) -> the reason the error gives: each
# module's ``incompatible``.
FORBIDDEN: dict[tuple[str, str], str] = {
    (cls.name, scenario): reason for cls in _VARIANTS for scenario, reason in cls.incompatible.items()
}
for _variant in VARIANTS.values():
    for _decision in _variant.decisions:
        register(_decision)
    for _event in _variant.events:
        register_event(_event)
    FORCED.update(_variant.forced)
    REASONS.update(_variant.reasons)


def check(rules: object) -> Rules:
    """``rules`` if a game can be played with them; raises InvalidRules (IncompatibleRules for a combination
    the rulebook forbids) naming what is wrong."""
    if rules is None:
        return FIRST_EDITION_RULES
    if not isinstance(rules, Rules):
        said = _("rules must be kingsburg.Rules(edition=..., scenario=..., modules=...), not {rules!r}")
        raise InvalidRules(said.format(rules=rules))
    if isinstance(rules.edition, bool) or rules.edition not in EDITIONS:
        raise InvalidRules(_("no edition {edition!r}: the editions are 1 and 2").format(edition=rules.edition))
    if rules.scenario is not None and rules.scenario not in SCENARIOS:
        said = _("no scenario {scenario!r}: the scenarios are {scenarios}")
        raise InvalidRules(said.format(scenario=rules.scenario, scenarios=", ".join(SCENARIOS)))
    if not isinstance(rules.modules, frozenset) or any(m not in MODULES for m in rules.modules):
        said = _("modules must be a frozenset of {modules}, not {given!r}")
        raise InvalidRules(said.format(modules=", ".join(MODULES), given=rules.modules))
    if rules.edition == 1 and (rules.scenario or rules.modules):
        raise InvalidRules(_("the scenarios and modules belong to the second edition's rulebook: use edition=2"))
    for (module, scenario), reason in FORBIDDEN.items():
        if module in rules.modules and rules.scenario == scenario:
            raise IncompatibleRules(_(reason))
    missing = [name for name in rules.names if name not in VARIANTS]
    if missing:
        raise InvalidRules(at(", ".join(missing), _("not available in this version of the engine yet")))
    return rules


# The page and the bots ask these (exported by ``kingsburg``); they read VARIANTS when called, so a test that
# swaps it (an engine without one variant) is seen.
check_rules = check


def variant(name: str) -> Variant | None:
    """The variant called ``name`` (a scenario, a module, ``second-edition``) if this engine has it: its
    ``title``, ``summary`` and ``help`` for people. None for a name it does not have."""
    return VARIANTS.get(name)


def available_variants() -> tuple[Variant, ...]:
    """Every variant this engine has, in the order they are listed."""
    return tuple(VARIANTS.values())


def rules_from_dict(d: object) -> Rules:
    """The rules written in a save ({"edition": 2, "scenario": null, "modules": []}), checked."""
    if not isinstance(d, dict) or set(d) - {"edition", "scenario", "modules"}:
        raise InvalidRules(_("'rules' must be an object with edition, scenario and modules"))
    modules: Any = d.get("modules", [])
    if not isinstance(modules, list) or not all(isinstance(m, str) for m in modules):
        raise InvalidRules(_("'rules' modules must be a list of names, not {modules!r}").format(modules=modules))
    edition: Any = d.get("edition", 1)
    scenario: Any = d.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise InvalidRules(_("'rules' scenario must be a name or null, not {scenario!r}").format(scenario=scenario))
    return check(Rules(edition, scenario, frozenset(modules)))


def calendar_of(rules: object) -> Calendar:
    """The calendar of games played with ``rules`` (checked first), the same object for equal rules."""
    return _calendar(check(rules))


@cache
def _calendar(rules: Rules) -> Calendar:
    if rules == FIRST_EDITION_RULES:
        return FIRST_EDITION
    return Calendar(rules, tuple(VARIANTS[name] for name in rules.names))


__all__ = [
    "EDITIONS",
    "FORBIDDEN",
    "MODULES",
    "SCENARIOS",
    "VARIANTS",
    "Calendar",
    "Rules",
    "Variant",
    "available_variants",
    "calendar_of",
    "check",
    "check_rules",
    "rules_from_dict",
    "variant",
]
