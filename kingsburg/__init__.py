"""Kingsburg: a faithful rules engine for the dice-placement board game (2-5 players; the first edition, and the
second edition's changes as variants, see docs/variants.md).

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
    IncompatibleRules,
    InvalidAction,
    InvalidLesson,
    InvalidRules,
    InvalidSave,
    KingsburgError,
    UndoRefused,
)
from .game import Game, new_game
from .replay import Replay, Step
from .rules.calendar import Rules
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
    "IncompatibleRules",
    "InvalidAction",
    "InvalidLesson",
    "InvalidRules",
    "InvalidSave",
    "KingsburgError",
    "Placement",
    "Player",
    "Replay",
    "Rules",
    "State",
    "Step",
    "Task",
    "UndoRefused",
    "dice_groups",
    "load_game",
    "load_view",
    "new_game",
    "parse_action",
]
