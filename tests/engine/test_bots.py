"""The computer opponents: they only choose legal actions, they cannot see hidden enemy cards, and the Hard bot
is reproducible. Single-process and thread-free (the file also runs inside Pyodide)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingsburg import new_game
from kingsburg.bots import BOTS, HardBot
from kingsburg.bots.normal import rank
from kingsburg.game import Game
from kingsburg.tournament import play_one, run, wilson

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]
TINY = {"iterations": 6}  # playouts per decision: enough to exercise the search, fast enough for tests


class Checked:
    """Wraps a bot: asserts it is handed a view of its own seat and answers with a legal action."""

    def __init__(self, bot, seat: int) -> None:
        self.bot = bot
        self.seat = seat

    def choose(self, view: Game):
        assert view.seat == self.seat, "a bot must only be given its own seat's view"
        action = self.bot.choose(view)
        assert action in view.legal_actions(), f"{type(self.bot).__name__} chose illegal {action}"
        return action


def play(names: list[str], seed: int, **hard_options) -> Game:
    game = new_game(NAMES[: len(names)], seed)
    game.state.log = None
    bots = [
        Checked(BOTS[name](seed=seed + seat, **(hard_options if name == "hard" else {})), seat)
        for seat, name in enumerate(names)
    ]
    while game.to_play is not None:
        seat = game.to_play
        game.apply(bots[seat].choose(game.view(seat)))
    return game


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("name", ["random", "easy", "normal"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_full_games_are_legal(name: str, seed: int, players: int) -> None:
    game = play([name] * players, seed)
    assert game.is_over()
    assert game.winners()


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_mixed_table_plays_to_the_end(seed: int, players: int) -> None:
    names = ["normal", "easy", "random", "normal", "easy"][:players]
    assert play(names, seed).is_over()


def random_position(seed: int, players: int, moves: int) -> Game:
    """A game advanced by ``moves`` random decisions (or to its last decision)."""
    game = new_game(NAMES[:players], seed)
    rng = random.Random(seed)
    for _ in range(moves):
        acts = game.legal_actions()
        if game.to_play is None:
            break
        action = rng.choice(acts)
        game.apply(action)
        if game.to_play is None:
            break
    return game


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), moves=st.integers(0, 120))
def test_hard_chooses_legal_actions(seed: int, players: int, moves: int) -> None:
    game = random_position(seed, players, moves)
    if game.to_play is None:
        return
    view = game.view(game.to_play)
    action = HardBot(seed=seed, **TINY).choose(view)
    assert action in view.legal_actions()


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
def test_hard_plays_a_whole_game_legally() -> None:
    game = play(["hard", "normal"], 11, iterations=4)
    assert game.is_over()


# --- Hidden information ----------------------------------------------------------------------------------


def twins(seed: int, players: int) -> tuple[Game, Game]:
    """Two games identical except for the enemy cards of years III to V, which nobody can have seen in years I
    and II."""
    first = ["I-1", "II-2", "III-1", "IV-1", "V-1"]
    second = ["I-1", "II-2", "III-5", "IV-4", "V-5"]
    return new_game(NAMES[:players], seed, enemies=first), new_game(NAMES[:players], seed, enemies=second)


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
@pytest.mark.parametrize("players", [2, 4])
def test_bots_cannot_see_future_enemy_cards(players: int) -> None:
    """Normal and Hard decide identically in two games that differ only in cards they cannot know."""
    a, b = twins(seed=5 + players, players=players)
    normal = BOTS["normal"]()
    checked = 0
    while a.year <= 2 and a.to_play is not None:
        seat = a.to_play
        assert b.to_play == seat
        va, vb = a.view(seat), b.view(seat)
        assert va.state.deck[2:] == [None, None, None]
        assert rank(va) == rank(vb)
        if checked % 7 == 0:  # the search is slower: sample the decisions
            hard_a = HardBot(seed=3, **TINY).start(va)
            hard_b = HardBot(seed=3, **TINY).start(vb)
            while not hard_a.done:
                hard_a.step(3)
                hard_b.step(3)
            assert hard_a.means() == hard_b.means()
            assert hard_a.best() == hard_b.best()
        action = normal.choose(va)
        assert action == normal.choose(vb)
        a.apply(action)
        b.apply(action)
        checked += 1
    assert checked > 40


def test_the_view_really_differs_from_the_game() -> None:
    """The guard above means something: the two full games do hold different future cards."""
    a, b = twins(seed=1, players=2)
    assert a.state.deck != b.state.deck
    assert a.view(0).state.deck == b.view(0).state.deck


# --- Reproducibility and the sliceable search ------------------------------------------------------------------


def test_hard_is_reproducible() -> None:
    game = random_position(seed=21, players=3, moves=30)
    view = game.view(game.to_play)
    first = [HardBot(seed=9, iterations=24).choose(view) for _ in range(2)]
    assert first[0] == first[1]
    one = HardBot(seed=9, iterations=24).start(view)
    two = HardBot(seed=9, iterations=24).start(view)
    assert one.means() == two.means()
    while not one.done:
        one.step(5)
    while not two.done:
        two.step(1)  # slices of any size give the same search
    assert one.means() == two.means()
    assert one.best() == two.best() == first[0]


def test_search_slices_respect_the_budget() -> None:
    game = random_position(seed=4, players=2, moves=12)
    search = HardBot(seed=1, iterations=10).start(game.view(game.to_play))
    search.step(4)
    assert search.iterations <= 4
    while not search.done:
        search.step(100)
    assert search.iterations <= 10
    assert search.best() in game.legal_actions()


def test_trivial_decisions_need_no_search() -> None:
    game = new_game(NAMES[:2], 3)  # year I: each player takes one good from the King
    search = HardBot(seed=1, gap=0.0).start(game.view(game.to_play))
    assert search.done or len(search.candidates) > 1
    while not search.done:
        search.step(50)
    assert search.best() in game.legal_actions()


def test_same_seed_same_games() -> None:
    one = play(["easy", "normal", "random"], 8)
    two = play(["easy", "normal", "random"], 8)
    assert one.actions == two.actions


@pytest.mark.parametrize("name", ["easy", "random"])
def test_a_decision_depends_on_the_seed_and_the_position_only(name: str) -> None:
    """A bot made afresh for each decision (the page's worker, a reload) decides as the one that played the
    whole game: a seeded game never depends on where or when its decisions were thought."""
    game = new_game(NAMES[:3], 5)
    game.state.log = None
    kept = [BOTS[name](seed=40 + seat) for seat in range(3)]
    differ = 0
    while not game.is_over():
        seat = game.to_play
        view = game.view(seat)
        action = kept[seat].choose(view)
        assert BOTS[name](seed=40 + seat).choose(view) == action, len(game.actions)
        differ += BOTS[name](seed=41 + seat).choose(view) != action
        game.apply(action)
    assert differ > 0  # the seed does decide: another seed plays another game


def test_hard_time_budget() -> None:
    game = random_position(seed=2, players=2, moves=5)
    action = HardBot(seed=1, ms=30).choose(game.view(game.to_play))
    assert action in game.legal_actions()


@pytest.mark.parametrize("horizon", ["season", "year", "game"])
def test_hard_horizons(horizon: str) -> None:
    game = random_position(seed=6, players=3, moves=20)
    view = game.view(game.to_play)
    assert HardBot(seed=2, iterations=4, horizon=horizon).choose(view) in view.legal_actions()


def test_hard_rejects_an_unknown_horizon() -> None:
    with pytest.raises(ValueError):
        HardBot(horizon="decade")


def test_search_reports_its_candidates() -> None:
    game = random_position(seed=13, players=2, moves=8)
    view = game.view(game.to_play)
    search = HardBot(seed=5, iterations=12).start(view)
    assert search.progress == (1.0 if search.done else 0.0)
    assert search.best() == rank(view)[0][1]  # before any playout: Normal's favourite
    while not search.done:
        search.step(5)
    assert search.progress == 1.0
    assert sum(n for _, _, n in search.means()) == search.iterations
    assert all(a in view.legal_actions() for a, _, _ in search.means())


# --- The tournament ------------------------------------------------------------------------------------------


def test_tournament_summary() -> None:
    summary = run("normal", "random", games=4, players=2, seed=3)
    assert {"games", "win_rate_a", "ci_low", "ci_high", "mean_score_a", "mean_score_b"} <= set(summary)
    assert summary["games"] == 4
    assert 0 <= summary["ci_low"] <= summary["win_rate_a"] <= summary["ci_high"] <= 1


def test_tournament_rotates_seats() -> None:
    results = [play_one("normal", "random", 4, seed=10 + k, seat_a=k % 4) for k in range(4)]
    assert [r.seat_a for r in results] == [0, 1, 2, 3]
    assert all(len(r.scores_b) == 3 for r in results)


def test_wilson_interval() -> None:
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.84 and 0.94 < high < 0.95
    assert wilson(0, 10)[0] == 0.0


def test_the_bots_read_a_variant_only_through_its_public_accessors() -> None:
    """A bot imports from a variant's module only what the module lists in ``__all__`` (its accessors), and never
    reads the variants' saved state itself (``state.variants[...]``): a variant may change its JSON freely."""
    import ast
    import importlib
    from pathlib import Path
    from types import ModuleType

    import kingsburg.bots

    def variant_state(node: ast.AST) -> bool:  # s.variants[...] or s.variants.get(...)
        if isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            node = node.func.value
        else:
            return False
        return isinstance(node, ast.Attribute) and node.attr == "variants"

    wrong = []
    for path in sorted(Path(kingsburg.bots.__file__).parent.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        whole: dict[str, ModuleType] = {}  # local name -> a variant's module imported whole
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "variants":
                if node.module == "variants":
                    whole |= {
                        a.asname or a.name: importlib.import_module(f"kingsburg.variants.{a.name}") for a in node.names
                    }
                else:
                    public = importlib.import_module(f"kingsburg.{node.module}").__all__
                    wrong += [f"{path.name}: {node.module}.{a.name}" for a in node.names if a.name not in public]
            elif variant_state(node):
                wrong.append(f"{path.name}: {ast.unparse(node)}")
        wrong += [
            f"{path.name}: {node.value.id}.{node.attr}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in whole
            if node.attr not in whole[node.value.id].__all__
        ]
    assert not wrong, wrong
