"""The Demanding Capital's part of the winter scene: a King's die above the Capital's cap (its growth tokens for
each player) sends nobody anything (the ``capital`` event, logged only then)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kingsburg import Event
from kingsburg.i18n import _

from ..eventdata import number
from .part import WinterPart

if TYPE_CHECKING:
    from ..winter import Winter

NAME = "demanding-capital"


@dataclass
class DemandingCapital(WinterPart):
    variant: ClassVar[str] = NAME
    kinds: ClassVar[tuple[str, ...]] = ("capital",)

    cap: int = 0  # the highest die that would have sent soldiers

    def fold(self, e: Event) -> None:
        self.cap = number(e.data, "cap")

    def king_note(self, w: Winter, names: list[str]) -> str:
        # the event says so
        return _("a {die}: above the Capital's cap of {cap}, the King sends no soldiers").format(
            die=w.king, cap=self.cap
        )
