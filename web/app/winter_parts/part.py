"""What a variant's part of the winter scene is: the battle events it reads, the small state it folds them into,
and what it adds to the generic scene (``web/app/winter.py``). Every addition defaults to nothing, so a part
writes only what its variant changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from kingsburg import Event

from ..markup import NOTHING, Markup

if TYPE_CHECKING:  # the scene imports the parts: a type only, never at run time
    from ..winter import Winter


class WinterPart:
    """One variant's part of a battle, made when the battle's events first name one of its ``kinds``."""

    variant: ClassVar[str]  # the variant's name, as the engine's event table gives it (``EventKind.variant``)
    kinds: ClassVar[tuple[str, ...]]  # the event kinds it reads
    # Among ``kinds``, those that can open the battle: the King's soldiers sent another way than his die.
    starts: ClassVar[tuple[str, ...]] = ()
    # Whence each governor's soldiers are said to come, when not from the King (the fights' rows): a whole phrase
    # with {n}, their number (winter.KING).
    sender: ClassVar[str] = ""

    @classmethod
    def reads(cls, e: Event) -> bool:
        """Whether the part reads ``e``, a phase-8 event of the battle: by its kind, unless a part shares a kind
        with the first edition (and then says which of those events are its own)."""
        return e.kind in cls.kinds

    def fold(self, e: Event) -> None:
        """Take in one of the events it reads, in the order they were logged."""
        raise NotImplementedError

    def strength(self) -> int | None:
        """The strength every governor fights, when not the enemy card's alone."""
        return None

    def on_card(self, w: Winter) -> Markup:
        """Drawn on the enemy card once it is revealed (another card fought with it)."""
        return NOTHING

    def sent_on_reveal(self) -> int:
        """Soldiers every governor gets only as the card is revealed: the fights leave them out before it."""
        return 0

    def king_box(self, w: Winter, names: list[str]) -> Markup | None:
        """The whole King's box, when the King's soldiers do not come from his die (None: the die's box)."""
        return None

    def king_dice(self, w: Winter) -> Markup:
        """Dice shown after the King's die."""
        return NOTHING

    def king_note(self, w: Winter, names: list[str]) -> str | None:
        """Who the King's die sends how many soldiers to, when not the die to everyone (None: the die's note)."""
        return None

    def king_more(self, w: Winter) -> str:
        """What else the King sends, said after the note."""
        return ""
