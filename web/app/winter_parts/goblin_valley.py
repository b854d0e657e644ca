"""Goblin Valley's part of the winter scene: the valley card, revealed with the enemy card (the ``valley`` event),
joins the battle as Goblins or goes back to the box; when it joins (``goblins``), the governors fight the
invaders' strength together and the King sends everyone that many more soldiers as the year's number."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from kingsburg import Event
from kingsburg.content import ENEMY_BY_ID
from kingsburg.i18n import _

from ..enemy_terms import terms
from ..eventdata import number
from ..markup import Markup, fill, html
from .part import WinterPart

if TYPE_CHECKING:
    from ..winter import Winter

NAME = "goblin-valley"


@dataclass
class GoblinValley(WinterPart):
    variant: ClassVar[str] = NAME
    kinds: ClassVar[tuple[str, ...]] = ("valley", "goblins")

    card: str = ""  # the valley card
    joined: int = 0  # the invaders' strength together, when it joins as Goblins (0: back to the box)
    extra: int = 0  # the soldiers the King sends everyone as the Goblins join

    def fold(self, e: Event) -> None:
        if e.kind == "valley":
            self.card = str(e.data["card"])
        else:
            self.joined, self.extra = number(e.data, "strength"), number(e.data, "soldiers")

    def strength(self) -> int | None:
        return self.joined or None

    def on_card(self, w: Winter) -> Markup:
        """The valley card: joining as Goblins (its strength added, its terms too), or going back to the box."""
        v = ENEMY_BY_ID[self.card]
        if not self.joined:
            return html(
                '<span class="w-valley muted">{}</span>',
                _("Valley card: {enemy} ({strength}), not Goblins: back to the box").format(
                    enemy=_(v.type), strength=v.strength
                ),
            )
        kind = _(v.type) if v.type == "Goblins" else _("{enemy}, as Goblins").format(enemy=_(v.type))
        return html(
            '<span class="w-valley">{}</span>'
            '<span class="w-terms"><span class="w-win">{}</span>{}</span>'
            '<span class="w-terms"><span class="w-lose">{}</span>{}</span>',
            fill(
                _('+ from the valley: <b>{enemy}</b> {strength} · together <b class="w-together">{together}</b>'),
                enemy=kind,
                strength=v.strength,
                together=self.joined,
            ),
            fill(_("Victory")),
            terms(v.gain, "+"),
            fill(_("Defeat")),
            terms(v.lose, "−"),
        )

    def sent_on_reveal(self) -> int:
        return self.extra  # the Goblins' soldiers come with the valley card

    def king_more(self, w: Winter) -> str:
        return _(", and {n} more as the Goblins join").format(n=self.extra) if self.extra and w.revealed else ""
