"""Module 5's part of the winter scene: the soldier tokens, chosen in secret and revealed together (the
``tokens`` event, which opens the battle in the King's die's place), send each governor the soldiers of their
own token."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kingsburg import Event
from kingsburg.i18n import N_, _

from ..eventdata import seats
from ..markup import Markup, fill, html, join
from ..theme import chip
from .part import WinterPart

if TYPE_CHECKING:
    from ..winter import Winter

NAME = "soldier-tokens"


@dataclass
class SoldierTokens(WinterPart):
    variant: ClassVar[str] = NAME
    kinds: ClassVar[tuple[str, ...]] = ("tokens",)
    starts: ClassVar[tuple[str, ...]] = ("tokens",)
    sender: ClassVar[str] = N_("{n} from the token")

    sent: tuple[int, ...] = ()  # each seat's token (by seat), as revealed

    def fold(self, e: Event) -> None:
        # The token's own value, not the fight's soldiers from the King: those also hold what another part sends
        # as the card is revealed (Goblin Valley's), which the tokens, revealed first, must not give away.
        self.sent = tuple(seats(e.data, "tokens"))

    def king_box(self, w: Winter, names: list[str]) -> Markup:
        if not w.rolled:
            return html(
                '<div class="w-king"><span class="w-label">{}</span>'
                '<span class="w-die unknown" aria-label="{}">?</span>'
                '<span class="w-note">{}</span></div>',
                fill(_("Soldier tokens")),
                fill(_("not revealed yet")),
                fill(_("chosen in secret, revealed together")),
            )
        return html(
            '<div class="w-king{}"><span class="w-label">{}</span>'
            '<span class="w-tokens">{}</span><span class="w-note">{}{}</span></div>',
            " enter" if w.step == w.roll_stage else "",
            fill(_("Soldier tokens")),
            join(html("<span>{} <b>{}</b></span>", chip(f.seat, names[f.seat]), self.sent[f.seat]) for f in w.fights),
            fill(_("each governor gains the soldiers of their own token")),
            w.king_more,
        )
