"""The engine's exceptions. All are ``ValueError`` subclasses, so callers may catch broadly or precisely."""


class KingsburgError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidAction(KingsburgError):
    """Text that is not an action in the notation at all (see docs/notation.md)."""


class IllegalAction(KingsburgError):
    """A well-formed action that the rules do not allow now. The game is left exactly as it was."""


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
