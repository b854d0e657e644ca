"""Which sounds a decision (and all it set off) calls for: dice rolled, a building built, a battle fought.

The page plays them with web/sound.js (synthesised with WebAudio, no audio files) only when the player
switched sound on (off by default, remembered beside the saves) and reduced motion is not asked for."""

from __future__ import annotations

from kingsburg import Game

from .storage import PREFIX
from .summary import Moment

KEY = PREFIX + "sound"
ROLLS = ("aid", "influence", "reroll")  # a productive season's first decisions: its dice were just rolled


def after(game: Game, before: Moment) -> list[str]:
    """The sounds, in order: ``dice``, ``build``, ``battle``."""
    kinds = {e.kind for e in game.events[before.events :]}
    out = []
    if game.phase != before.phase and game.decision() in ROLLS:
        out.append("dice")
    if "build" in kinds:
        out.append("build")
    if "fight" in kinds:
        out.append("battle")
    return out
