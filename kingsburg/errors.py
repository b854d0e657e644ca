"""The engine's exceptions. All are ``ValueError`` subclasses, so callers may catch broadly or precisely.

Their messages are for people: each is a message of the catalogue, said in the language installed when it is raised
(``kingsburg.i18n``): English on the command line and in the tests, the reader's on the page.
"""

from .i18n import _


class KingsburgError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidAction(KingsburgError):
    """Text that is not an action in the notation at all (see docs/notation.md)."""


class IllegalAction(KingsburgError):
    """A well-formed action that the rules do not allow now. The game is left exactly as it was. ``reason`` says
    why without naming the action ("the Statue is not built"): what a screen says beside the action's own button,
    in any language (a translated message cannot be cut apart where the English one has its colon)."""

    def __init__(self, message: str, reason: str = "") -> None:
        super().__init__(message)
        self.reason = reason or message


class InvalidSave(KingsburgError):
    """A save or position that is malformed, truncated, from an unknown version, or tampered with."""


class UndoRefused(KingsburgError):
    """Undo would cross a dice roll or a hidden-card reveal, or there is nothing to undo."""


class HiddenInformation(KingsburgError):
    """A per-seat view was asked to resolve something its seat cannot know (an unseen enemy card)."""


class InvalidLesson(KingsburgError):
    """A lesson that is malformed or cannot be played through: the message names the step and the reason."""


class InvalidCollection(InvalidLesson):
    """A collection of lessons that is malformed, or one of whose lessons is: the message names the lesson (its
    number and title) and, through the lesson's own message, the step and the reason."""


class InvalidRules(KingsburgError):
    """Rules a game cannot be created with: an unknown edition, scenario or module, or one not available yet."""


class IncompatibleRules(InvalidRules):
    """Options the rulebook forbids together (Module 5's soldier tokens with The Demanding Capital or Wheel and
    Deal); the message gives the rulebook's reason."""


def at(where: str, problem: str) -> str:
    """``problem`` said of ``where`` (a field or an entry of a file, a seat, a lesson's step): "seat 2: 'gold' is
    missing". Every refusal that names where it is goes through this one message."""
    # Translators: a refusal said of a place: {where} names it (a field or an entry of a file, a seat, a lesson's
    # step), {problem} says what is wrong there.
    return _("{where}: {problem}").format(where=where, problem=problem)
