"""Wheel and Deal's part of the winter scene: the Military's holder rolls two dice for the King's reinforcements
(the ``king`` event, with ``low``), takes the higher and everyone else gets the lower."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kingsburg import Event
from kingsburg.i18n import ngettext

from ..eventdata import number
from ..icons import die
from ..markup import Markup
from .part import WinterPart

if TYPE_CHECKING:
    from ..winter import Winter

NAME = "wheel-and-deal"


@dataclass
class WheelAndDeal(WinterPart):
    variant: ClassVar[str] = NAME
    kinds: ClassVar[tuple[str, ...]] = ("king",)

    holder: int = 0  # the Military's seat, who takes the higher die (``Winter.king``)
    low: int = 0  # the lower die, everyone else's

    @classmethod
    def reads(cls, e: Event) -> bool:
        # The King's event is the first edition's too: the Military's has two dice and the holder's seat.
        return e.kind == "king" and "low" in e.data and e.seat is not None

    def fold(self, e: Event) -> None:
        assert e.seat is not None  # reads() takes only the holder's event
        self.holder, self.low = e.seat, number(e.data, "low")

    def king_dice(self, w: Winter) -> Markup:
        return die(self.low, cls="die-xl")

    def king_note(self, w: Winter, names: list[str]) -> str:
        return ngettext(
            "{name} (the Military) takes the higher die, +{n} soldier; everyone else +{low}",
            "{name} (the Military) takes the higher die, +{n} soldiers; everyone else +{low}",
            w.king,
        ).format(name=names[self.holder], n=w.king, low=self.low)
