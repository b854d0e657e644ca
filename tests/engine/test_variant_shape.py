"""The variant interface itself (docs/variants.md), exercised by a small test-only variant, "sealed orders":
before the winter reveal each player secretly seals a number of soldiers (1 to 3) that replaces the King's die.
It uses every part a real variant uses: a calendar step at a moment, a secret decision kind with its own
notation, per-game state that is saved, hidden in views, guessed when a view is determinized, and an inline hook.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import pytest
from helpers import NAMES
from secrets_check import find_secret, secrets

import kingsburg
import kingsburg.variants as variants
from kingsburg import Action, Rules, State, Task
from kingsburg.actions import register as register_action
from kingsburg.events import INTS, EventKind
from kingsburg.events import register as register_event
from kingsburg.rng import below
from kingsburg.rules.common import say
from kingsburg.rules.decisions import DecisionKind, register
from kingsburg.variants import Variant

NAME = "sealed-orders"
register_action("seal", ("1", "2", "3"))
_SEALS = [Action("seal", arg=str(n)) for n in (1, 2, 3)]


def _token(seat: int, n: int) -> str:
    return f"sealed{n}by{seat}"  # a text the secrets search can find anywhere


class Seal(DecisionKind):
    kind, answers, variant, secret = "seal", ("seal",), NAME, True

    def legal(self, s: State, task: Task) -> list[Action]:
        return _SEALS

    def perform(self, s: State, task: Task, a: Action, forced: bool) -> None:
        s.variants[NAME]["sealed"][task.seat] = _token(task.seat, int(a.arg))
        say(s, "seal", task.seat)

    def describe(self, s: State, task: Task) -> str:
        return f"{s.players[task.seat].name} must seal 1 to 3 soldiers in secret"


def _before_reveal(s: State) -> None:
    s.queue.extend(Task(seat, "seal") for seat in s.order)


def _king_die(s: State) -> list[int]:
    sealed = s.variants[NAME]["sealed"]
    sent = [int(t[len("sealed")]) for t in sealed]
    say(s, "sealed", sent=tuple(sent))
    s.variants[NAME]["sealed"] = [None] * s.n
    return sent


# A variant's events, registered as kingsburg.variants registers those of the variants it lists.
EVENTS = (
    EventKind("seal", "the sealer", {}, "{name} seals an order.", variant=NAME),
    EventKind(
        "sealed",
        "",
        {"sent": INTS},
        lambda f: "The orders are opened: " + ", ".join(map(str, f.nums("sent"))) + ".",
        variant=NAME,
    ),
)
for _event in EVENTS:
    register_event(_event)


class SealedOrders(Variant):
    name: ClassVar[str] = NAME
    title: ClassVar[str] = "Sealed orders (test only)"
    decisions: ClassVar[tuple[DecisionKind, ...]] = (register(Seal()),)
    events: ClassVar[tuple[EventKind, ...]] = EVENTS
    steps: ClassVar[Mapping[str, Callable[[State], None]]] = {"before_reveal": _before_reveal}
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {"king_die": _king_die}

    def setup(self, s: State) -> Any:
        return {"sealed": [None] * s.n}

    def load(self, data: Any, s: State) -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("sealed"), list) or len(data["sealed"]) != s.n:
            raise kingsburg.InvalidSave(f"'variants' {NAME}: 'sealed' lists one order or null per seat")
        return data

    def hide(self, data: Any, seat: int, s: State) -> Any:
        return {"sealed": [t if i == seat or t is None else "hidden" for i, t in enumerate(data["sealed"])]}

    def guess(self, data: Any, s: State) -> Any:
        sealed = []
        for seat, t in enumerate(data["sealed"]):
            if t == "hidden":
                k, s.rng = below(s.rng, 3)
                t = _token(seat, k + 1)
            sealed.append(t)
        return {"sealed": sealed}

    def secrets(self, data: Any, seat: int, s: State) -> list[str]:
        return [t for i, t in enumerate(data["sealed"]) if i != seat and t]


RULES = Rules(edition=2, modules=frozenset({NAME}))


@pytest.fixture(autouse=True)
def sealed_orders(monkeypatch):
    """The test variant, known to the rules for this test only."""
    monkeypatch.setattr(variants, "MODULES", (*variants.MODULES, NAME))
    monkeypatch.setitem(variants.VARIANTS, NAME, SealedOrders())
    variants._calendar.cache_clear()
    yield
    variants._calendar.cache_clear()


def to_seal(game: kingsburg.Game, rng: random.Random) -> kingsburg.Game:
    while game.decision() != "seal":
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_variant_step_runs_at_its_moment_and_its_decisions_are_asked():
    game = kingsburg.new_game(NAMES[:3], seed=8, rules=RULES)
    assert game.steps(8) == ("before_reveal:sealed-orders", "battle", "year_end")
    to_seal(game, random.Random(1))
    assert game.phase == 8 and not game.enemy_revealed() and game.battles_left() == 5
    assert game.prompt().endswith("must seal 1 to 3 soldiers in secret.")
    with pytest.raises(kingsburg.IllegalAction, match="'pass' is not an answer"):
        game.apply("pass")
    with pytest.raises(kingsburg.InvalidAction, match="not one of 1, 2, 3"):
        game.apply("seal 4")
    for n in (3, 1, 2):
        game.apply(f"seal {n}")
    opened = [e for e in game.events if e.kind == "sealed"]
    assert len(opened) == 1 and game.battles_left() == 4
    kings = [e.data["king"] for e in game.events if e.kind == "fight"][-3:]
    assert sorted(kings) == [1, 2, 3] and not any(e.kind == "king" for e in game.events)


def test_a_variant_state_is_saved_loaded_and_replayed():
    game = to_seal(kingsburg.new_game(NAMES[:2], seed=3, rules=RULES), random.Random(2))
    first = game.to_play
    game.apply("seal 2")
    position = game.position()
    sealed = [_token(first, 2) if seat == first else None for seat in range(2)]
    assert position["version"] == 2 and position["variants"] == {NAME: {"sealed": sealed}}
    again = kingsburg.load_game(position)
    assert again.state.variants == game.state.variants and again.to_play == game.to_play
    loaded = kingsburg.load_game(game.to_json())
    assert loaded.position() == position
    bad = json.loads(json.dumps(position))
    bad["variants"] = {NAME: {"sealed": [None]}}
    with pytest.raises(kingsburg.InvalidSave, match="one order or null per seat"):
        kingsburg.load_game(bad)
    bad["variants"] = {"goblin-valley": {}}
    with pytest.raises(kingsburg.InvalidSave, match="'variants' maps the names"):
        kingsburg.load_game(bad)


def test_a_variant_secret_never_reaches_another_seat():
    game = to_seal(kingsburg.new_game(NAMES[:3], seed=5, rules=RULES), random.Random(3))
    first = game.to_play
    game.apply("seal 3")
    others = [seat for seat in range(3) if seat != first]
    for seat in others:
        secret = secrets(game, seat, [game.state.rng], None, [])
        assert secret["texts"] == [_token(first, 3)]
        view = game.view(seat)
        assert find_secret(view, secret) == [] and find_secret(view.position(), secret) == []
        assert view.actions[-1] == "hidden" and game.actions[-1] == "seal 3"
    own = game.view(first)
    assert own.actions[-1] == "seal 3" and own.state.variants[NAME]["sealed"][first] == _token(first, 3)
    planted = game.view(others[0])
    planted.state.variants[NAME] = game.state.variants[NAME]
    assert find_secret(planted, secrets(game, others[0], [game.state.rng], None, []))  # the search can fail


def test_a_view_with_a_variant_secret_can_be_determinized_and_played_on():
    game = to_seal(kingsburg.new_game(NAMES[:2], seed=6, rules=RULES), random.Random(4))
    game.apply("seal 1")
    view = game.view(game.to_play)
    guess = view.determinize(9)
    assert "hidden" not in guess.state.variants[NAME]["sealed"]
    guess.apply("seal 2")
    assert guess.battles_left() == 4


def test_undo_forgets_a_secret_answer():
    game = to_seal(kingsburg.new_game(NAMES[:2], seed=6, rules=RULES), random.Random(4))
    game.apply("seal 1")
    game.undo()
    assert game.view(1 - game.to_play).actions == game.actions


def test_random_games_with_the_variant_keep_every_invariant():
    for players in (2, 5):
        rng = random.Random(players)
        game = kingsburg.new_game([*NAMES, "Eve"][:players], seed=players, rules=RULES)
        while not game.is_over():
            game.apply(rng.choice(game.legal_actions()))
        assert len([e for e in game.events if e.kind == "sealed"]) == 5
        assert kingsburg.load_game(game.to_json()).scores() == game.scores()


def test_no_view_holds_a_variant_secret_at_any_decision():
    from test_secrets import check_views

    game = kingsburg.new_game(NAMES, seed=0x5EC2E7_5EED_1234, rules=RULES)
    to_seal(game, random.Random(5))
    assert check_views(game, 0x5EC2E7_5EED_1234, 12, random.Random(6)) > 40


def test_the_computer_opponents_play_a_variant_decision_they_do_not_know():
    from kingsburg.bots import HardBot, NormalBot

    game = kingsburg.new_game(NAMES[:2], seed=12, rules=RULES)
    bots = [NormalBot(seed=1), HardBot(seed=2, iterations=8)]
    sealed = 0
    while game.battles_left() == 5:
        seat = game.to_play
        sealed += game.decision() == "seal"
        game.apply(bots[seat].choose(game.view(seat)))
    assert sealed == 2 and any(e.kind == "sealed" for e in game.events)


# --- The other inline moments and the "after_order" step, with a second test-only variant ---------------------

CROWN = "crowned"


def _after_order(s: State) -> None:
    say(s, "crown", order=tuple(s.order))


register_event(
    EventKind(
        "crown", "", {"order": INTS}, lambda f: f"Turn order seen by the crown: {list(f.nums('order'))}.", variant=CROWN
    )
)


class Crowned(Variant):
    """Seat 0 is always first in turn order, wins every tie, rolls two player dice, and nobody may take #18."""

    name: ClassVar[str] = CROWN
    title: ClassVar[str] = "Crowned (test only)"
    steps: ClassVar[Mapping[str, Callable[[State], None]]] = {"after_order": _after_order}
    hooks: ClassVar[Mapping[str, Callable[..., Any]]] = {
        "turn_order": lambda s: s.order.sort(key=lambda seat: seat != 0),
        "ties": lambda s, tied: [0] if 0 in tied else tied,
        "player_dice": lambda s, seat, n: 2 if seat == 0 else n,
        "closed": lambda s, seat: frozenset({18}),
    }


@pytest.fixture
def crowned(monkeypatch):
    monkeypatch.setattr(variants, "MODULES", (*variants.MODULES, CROWN))
    monkeypatch.setitem(variants.VARIANTS, CROWN, Crowned())
    variants._calendar.cache_clear()
    yield Rules(edition=2, modules=frozenset({CROWN}))
    variants._calendar.cache_clear()


def test_the_after_order_step_runs_before_anyone_influences(crowned):
    game = kingsburg.new_game(NAMES[:3], seed=2, rules=crowned)
    assert game.steps(2) == (
        "season",
        "order",
        "after_order:crowned",
        "influence",
        "gifts",
        "clear",
        "season_end",
        "cleanup",
    )
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    events = game.events
    crown = max(i for i, e in enumerate(events) if e.kind == "crown")
    assert not any("influences" in e.text or "passes" in e.text for e in events[crown:])
    assert not game.has_passed(game.to_play)
    game.apply("pass")
    assert game.has_passed(game.state.order[0]) and game.decision() == "influence"
    assert kingsburg.load_game(game.position()).legal_actions() == game.legal_actions()


def test_turn_order_ties_player_dice_and_closed_advisors(crowned):
    game = kingsburg.new_game(NAMES[:3], seed=2, rules=crowned)
    assert game.state.players[0].aid_die  # year I: all tied for least developed; the hook gives seat 0 the die
    while game.decision() != "influence":
        game.apply(game.legal_actions()[0])
    assert game.state.order[0] == 0 and len(game.state.players[0].dice) == 2
    assert all(len(game.state.players[i].dice) == 3 for i in (1, 2))
    assert not any(a.advisor == 18 for a in game.legal_actions())
    rng = random.Random(3)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    rewards = [e for e in game.events if e.kind == "vp" and e.data["source"] == "king's reward"]
    for year in range(1, 6):
        seats = [e.seat for e in rewards if e.year == year]
        assert seats and (0 not in seats or seats == [0]), seats


def test_a_closed_advisor_is_refused_with_the_reason(crowned):
    d = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": crowned.to_dict(),
        "year": 1,
        "phase": 2,
        "step": "gifts",
        "turn_order": [0, 1],
        "seats": [{"name": "Ann", "dice": [6, 6, 6]}, {"name": "Brian", "dice": [1, 1, 1]}],
        "queue": [{"seat": 0, "kind": "influence"}],
    }
    game = kingsburg.load_game(d)
    with pytest.raises(kingsburg.IllegalAction, match="closed to Ann by a rule of this game"):
        game.apply("place 6+6+6 @18")
