"""The second edition's basic game (``Rules(edition=2)``), where it differs from the first.

- Phase 8, Winter: "the first player rolls the king's reinforcements die, and every player advances that many
  spaces; reveal the enemy card; resolve each player's battle; reset the soldier track" (second-edition.md
  §1.4): the King's die is rolled before the enemy card is revealed.
- Negative scores: "Scores can go below zero" (§1.5), and the Smuggler may spend 1 VP at zero or below (§1.4).
  The engine already scores below zero in the first edition (docs/rulings.md, "Smuggler at 0 VP"), so this
  edition changes nothing there; tests/engine/test_variants.py holds it to the text.
"""

from __future__ import annotations

from typing import ClassVar

from ..calendar import Calendar
from ..i18n import N_
from ..ruleset import SECOND_EDITION, Variant

NAME = SECOND_EDITION


class SecondEdition(Variant):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = N_("Second edition")

    def configure(self, calendar: Calendar) -> None:
        calendar.winter = ("reinforcements", "reveal")


__all__ = ["NAME", "SecondEdition"]
