"""Kingsburg: a faithful rules engine for the dice-placement board game (first edition, 2-5 players).

>>> import kingsburg
>>> game = kingsburg.new_game(["Ann", "Brian"], seed=7)
>>> game.to_play in (0, 1)
True
>>> game.apply(game.legal_actions()[0])
>>> kingsburg.load_game(game.to_json()).actions == game.actions
True

See docs/api.md for the API, docs/notation.md for the action notation and docs/save-format.md for saves.
"""

from .actions import Action
from .actions import parse as parse_action
from .content import ADVISORS, BUILDINGS, ENEMIES
from .errors import (
    HiddenInformation,
    IllegalAction,
    InvalidAction,
    InvalidLesson,
    InvalidSave,
    KingsburgError,
    UndoRefused,
)
from .game import Game, new_game
from .rules.influence import dice_groups
from .save import load_game, load_view
from .state import Event, Placement, Player, State, Task

__version__ = "0.1.0"

__all__ = [
    "ADVISORS",
    "BUILDINGS",
    "ENEMIES",
    "Action",
    "Event",
    "Game",
    "HiddenInformation",
    "IllegalAction",
    "InvalidAction",
    "InvalidLesson",
    "InvalidSave",
    "KingsburgError",
    "Placement",
    "Player",
    "State",
    "Task",
    "UndoRefused",
    "dice_groups",
    "load_game",
    "load_view",
    "new_game",
    "parse_action",
]
