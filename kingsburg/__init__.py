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

from .actions import PASS, Action
from .actions import parse as parse_action
from .content import ADVISORS, BUILDINGS, ENEMIES
from .errors import (
    HiddenInformation,
    IllegalAction,
    IncompatibleRules,
    InvalidAction,
    InvalidCollection,
    InvalidLesson,
    InvalidRules,
    InvalidSave,
    KingsburgError,
    UndoRefused,
)
from .game import KING_DIE, Game, king_faces, new_game
from .inputs import InvalidJSON, name_key, normalize_name, parse_json
from .record import compact_position
from .replay import Replay, Step
from .rng import next64
from .rules.influence import dice_groups
from .ruleset import EDITIONS, SECOND_EDITION, Rules
from .save import load_game, load_view
from .state import Event, Placement, Player, State, Task
from .variants import MODULES, SCENARIOS, available_variants, check_rules, variant

__version__ = "0.1.0"

__all__ = [
    "ADVISORS",
    "BUILDINGS",
    "EDITIONS",
    "ENEMIES",
    "KING_DIE",
    "MODULES",
    "PASS",
    "SCENARIOS",
    "SECOND_EDITION",
    "Action",
    "Event",
    "Game",
    "HiddenInformation",
    "IllegalAction",
    "IncompatibleRules",
    "InvalidAction",
    "InvalidCollection",
    "InvalidJSON",
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
    "available_variants",
    "check_rules",
    "compact_position",
    "dice_groups",
    "king_faces",
    "load_game",
    "load_view",
    "name_key",
    "new_game",
    "next64",
    "normalize_name",
    "parse_action",
    "parse_json",
    "variant",
]
