"""Each variant's part of the winter scene, one module per variant that changes the battle (named as its module in
``kingsburg/variants/``): the events it reads, the state it folds them into, what it adds to the scene.

``web/app/winter.py`` draws what every battle has (the enemy card, the King's die, each governor's fight) and asks
the parts found in the battle's events for the rest. To show a new variant's battle, write its module here (a
``WinterPart``, ``part.py``) and list it in ``PARTS``; ``tests/web/test_winter_parts.py`` checks that every variant
logging events in the battle has one.
"""

from __future__ import annotations

from .demanding_capital import DemandingCapital
from .goblin_valley import GoblinValley
from .part import WinterPart
from .soldier_tokens import SoldierTokens
from .wheel_and_deal import WheelAndDeal

PARTS: tuple[type[WinterPart], ...] = (GoblinValley, DemandingCapital, WheelAndDeal, SoldierTokens)

# Which parts read an event kind: the battle's events are handed to them by kind.
READERS: dict[str, tuple[type[WinterPart], ...]] = {
    kind: tuple(reader for reader in PARTS if kind in reader.kinds) for part in PARTS for kind in part.kinds
}

__all__ = ["PARTS", "READERS", "DemandingCapital", "GoblinValley", "SoldierTokens", "WheelAndDeal", "WinterPart"]
