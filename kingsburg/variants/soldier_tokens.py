"""Module 5: Soldier Tokens (second-edition.md §2.5).

- Setup: "Each player takes the 6 soldier tokens of their colour": 0, 1, 1, 2, 3 and 4 (ruling: the values of the
  first edition's expansion, To Forge a Realm; the second edition's are not in the text).
- "In each phase 8, do not roll the king's reinforcements die. Before the enemy card is revealed, each player
  secretly chooses one of their tokens. All reveal at once, and each player gains soldiers equal to their token's
  number. The revealed tokens go back to the box." The choice is a secret decision (``token 3``), in turn order,
  at the ``before_reveal`` moment; the ``king_die`` hook reveals them together.
- "Each player gains VP equal to the numbers on all the tokens they have left" at the end of the game (the
  ``scoring`` hook, after the Cathedral).
- "Not compatible with The Demanding Capital or Wheel and Deal": refused by ``Rules`` validation
  (``SoldierTokens.incompatible``, gathered in ``kingsburg.variants.FORBIDDEN``). With Goblin Valley, the
  Goblins' extra reinforcements are added to the tokens.

State: ``{"tokens": [the values each seat has left], "chosen": [each seat's token this winter, or None]}``. A
chosen token stays in its seat's list until revealed, so the list tells the other seats nothing; their views
show the choice as "hidden".
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from ..actions import Action
from ..actions import register as register_action
from ..errors import InvalidSave, at
from ..events import INT, INTS, EventKind, Facts, Renderer
from ..i18n import N_, _, ngettext
from ..rng import below
from ..rules.common import say, score
from ..rules.decisions import DecisionKind
from ..ruleset import Variant
from ..state import State, Task
from . import demanding_capital, wheel_and_deal

NAME = "soldier-tokens"
TOKENS = (0, 1, 1, 2, 3, 4)
HIDDEN = "hidden"

register_action("token", tuple(str(v) for v in sorted(set(TOKENS))))
_TOKEN = {v: Action("token", arg=str(v)) for v in TOKENS}


def tokens_left(s: State, seat: int) -> list[int]:
    """The values of the tokens ``seat`` has left (this winter's chosen one included until it is revealed)."""
    left: list[int] = s.variants[NAME]["tokens"][seat]
    return left


def chosen(s: State, seat: int) -> int | str | None:
    """The token ``seat`` chose this winter: its value, None before the choice, ``HIDDEN`` in another seat's
    view."""
    value: int | str | None = s.variants[NAME]["chosen"][seat]
    return value


def played(s: State) -> bool:
    """Whether the game ``s`` is played with this variant."""
    return NAME in s.variants


def _secret_line(name: str, value: int) -> str:
    return f"{name} secretly chooses the soldier token {value}"


class Choose(DecisionKind):
    """A token chosen in secret before the enemy card is revealed."""

    kind, answers, variant, secret = "token", ("token",), NAME, True

    def legal(self, s: State, task: Task) -> list[Action]:
        return [_TOKEN[v] for v in sorted(set(s.variants[NAME]["tokens"][task.seat]))]

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        value = int(a.arg)
        s.variants[NAME]["chosen"][task.seat] = value
        say(s, "token", task.seat)
        say(s, "token-seen", task.seat, secret=task.seat, token=value)

    def describe(self, s: State, task: Task) -> str:
        return _("{name} must choose a soldier token in secret").format(name=s.players[task.seat].name)

    def effect(self, s: State, task: Task, a: Action) -> str:
        n = int(a.arg)
        return ngettext(
            "{n} soldier this winter; the token is then spent (unused, it scores {n} VP).",
            "{n} soldiers this winter; the token is then spent (unused, it scores {n} VP).",
            n,
        ).format(n=n)

    def why_illegal(self, s: State, task: Task, a: Action) -> str:
        left = ", ".join(str(v) for v in s.variants[NAME]["tokens"][task.seat])
        return _("{name} has no soldier token {token} left (tokens left: {left})").format(
            name=s.players[task.seat].name, token=a.arg, left=left
        )


def _some_tokens(left: object) -> bool:
    """Whether ``left`` is a list of some of one player's six tokens."""
    rest = list(TOKENS)
    if not isinstance(left, list):
        return False
    for v in left:
        if type(v) is not int or v not in rest:
            return False
        rest.remove(v)
    return True


def _before_reveal(s: State) -> None:
    s.queue.extend(Task(seat, "token") for seat in s.order)


def _king_die(s: State) -> list[int]:
    """The tokens revealed together, instead of the King's die; they go back to the box."""
    data = s.variants[NAME]
    sent: list[int] = list(data["chosen"])
    for seat, value in enumerate(sent):
        data["tokens"][seat].remove(value)
    data["chosen"] = [None] * s.n
    say(s, "tokens", order=tuple(s.order), tokens=tuple(sent))
    return sent


def _tokens(f: Facts) -> str:
    tokens = f.nums("tokens")
    shown = ", ".join(f"{f.names[seat]} {tokens[seat]}" for seat in f.nums("order"))
    return _(
        "The soldier tokens are revealed: {tokens}. Each player gains as many soldiers as the token shows."
    ).format(tokens=shown)


EVENTS = (
    EventKind("token", "the chooser", {}, N_("{name} chooses a soldier token in secret."), variant=NAME),
    EventKind(
        "token-seen",
        "the chooser (secret)",
        {"token": INT},
        # The words of _secret_line (English: what a view's secrets are checked against), with a full stop.
        lambda f: _("{name} secretly chooses the soldier token {token}.").format(name=f.name, token=f.num("token")),
        variant=NAME,
    ),
    EventKind("tokens", "", {"order": INTS, "tokens": INTS}, _tokens, variant=NAME),
)


def _scoring(s: State) -> None:
    for seat in s.order:
        left = s.variants[NAME]["tokens"][seat]
        if sum(left):
            score(s, seat, sum(left), "soldier tokens", "unused tokens", tokens=tuple(left))


class SoldierTokens(Variant):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = N_("Module 5: Soldier Tokens")
    vp_sources: ClassVar[tuple[str, ...]] = ("soldier tokens",)
    incompatible: ClassVar[Mapping[str, str]] = {
        demanding_capital.NAME: N_(
            "Module 5 (soldier tokens) is not compatible with The Demanding Capital: its "
            "winter reinforcement cap works on the King's die, which the soldier tokens replace"
        ),
        wheel_and_deal.NAME: N_(
            "Module 5 (soldier tokens) is not compatible with Wheel and Deal: the Military group "
            "rolls the King's die, which the soldier tokens replace"
        ),
    }

    def king_faces(self, data: Any, s: State, seat: int, faces: tuple[int, ...]) -> tuple[int, ...]:
        """No die: the seat's token once chosen, else one of the tokens it has left."""
        chosen = data["chosen"][seat]
        if isinstance(chosen, int):
            return (chosen,)
        return tuple(data["tokens"][seat]) or (0,)

    summary: ClassVar[str] = N_("Each winter, choose a soldier token in secret instead of rolling the King's die.")
    help: ClassVar[str] = N_(
        "Each player has six soldier tokens: 0, 1, 1, 2, 3 and 4 (the values of the first edition's expansion; "
        "the second edition's rulebook does not print them). In winter nobody rolls the King's die: before the "
        "enemy card is revealed, every player chooses one of their tokens in secret, all are revealed together, "
        "and each player gains as many soldiers as their token shows. Used tokens leave the game. At the end of "
        "the game each player scores the values of the tokens left. Not played with The Demanding Capital or "
        "Wheel and Deal."
    )
    decisions: ClassVar[tuple[DecisionKind, ...]] = (Choose(),)
    events: ClassVar[tuple[EventKind, ...]] = EVENTS
    reasons: ClassVar[Mapping[str, Renderer]] = {
        "unused tokens": lambda f: _("unused soldier tokens ({tokens})").format(
            tokens=", ".join(map(str, f.nums("tokens")))
        )
    }
    steps: ClassVar[Mapping[str, Callable[[State], None]]] = {"before_reveal": _before_reveal}
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {"king_die": _king_die, "scoring": _scoring}

    def setup(self, s: State) -> Any:
        return {"tokens": [list(TOKENS) for _ in range(s.n)], "chosen": [None] * s.n}

    def load(self, data: Any, s: State) -> Any:
        return self._read(data, s, None)

    def load_view(self, data: Any, s: State, seat: int) -> Any:
        return self._read(data, s, seat)

    def _read(self, data: Any, s: State, view: int | None) -> Any:
        """The state as written; in ``view``'s view another seat's token chosen is ``HIDDEN`` (as ``hide`` writes
        it), never its value."""
        where = f"'variants' {NAME}"
        if not isinstance(data, dict) or set(data) != {"tokens", "chosen"}:
            raise InvalidSave(_("{where} must be an object with 'tokens' and 'chosen'").format(where=where))
        tokens, chosen = data["tokens"], data["chosen"]
        if not isinstance(tokens, list) or len(tokens) != s.n or not isinstance(chosen, list) or len(chosen) != s.n:
            raise InvalidSave(at(where, _("'tokens' and 'chosen' hold one entry per seat")))
        for seat, (left, value) in enumerate(zip(tokens, chosen, strict=True)):
            if not _some_tokens(left):
                said = _("seat {seat}'s tokens must be some of {tokens}")
                raise InvalidSave(at(where, said.format(seat=seat, tokens=", ".join(map(str, TOKENS)))))
            if view is not None and seat != view and value is not None:
                if value != HIDDEN:
                    said = _("seat {seat}'s token is secret in seat {view}'s view: {hidden!r} or null")
                    raise InvalidSave(at(where, said.format(seat=seat, view=view, hidden=HIDDEN)))
                continue
            if value is not None and (type(value) is not int or value not in left):
                said = _("seat {seat}'s chosen token must be one of its tokens left, or null")
                raise InvalidSave(at(where, said.format(seat=seat)))
        return {"tokens": [sorted(left) for left in tokens], "chosen": list(chosen)}

    def hide(self, data: Any, seat: int | None, s: State) -> Any:
        chosen = [v if i == seat or v is None else HIDDEN for i, v in enumerate(data["chosen"])]
        return {"tokens": [list(left) for left in data["tokens"]], "chosen": chosen}

    def guess(self, data: Any, s: State) -> Any:
        chosen = []
        for left, value in zip(data["tokens"], data["chosen"], strict=True):
            if value == HIDDEN:
                k, s.rng = below(s.rng, len(left))
                value = left[k]
            chosen.append(value)
        return {"tokens": [list(left) for left in data["tokens"]], "chosen": chosen}

    def secrets(self, data: Any, seat: int, s: State) -> list[str]:
        return [_secret_line(s.players[i].name, v) for i, v in enumerate(data["chosen"]) if i != seat and v is not None]

    def board(self, data: Any, s: State, seat: int | None) -> list[tuple[str, str]]:
        """Each player's tokens left, and this winter's choice: the value only for the viewer's own (or for a
        referee), "chosen in secret" for the others (the view holds ``HIDDEN`` there)."""
        lines = []
        for i, (left, value) in enumerate(zip(data["tokens"], data["chosen"], strict=True)):
            shown = ", ".join(map(str, left)) or _("none")
            if value == HIDDEN or (value is not None and seat not in (i, None)):
                text = _("tokens left: {tokens}; one chosen in secret").format(tokens=shown)
            elif value is not None:
                text = _("tokens left: {tokens}; chosen: {token}").format(tokens=shown, token=value)
            else:
                text = _("tokens left: {tokens}").format(tokens=shown)
            lines.append((s.players[i].name, text))
        return lines


# What other modules may use (the bots read a game only through these; tests/engine/test_bots.py checks it).
__all__ = ["HIDDEN", "NAME", "TOKENS", "SoldierTokens", "chosen", "played", "tokens_left"]
