"""Bot against bot: seeded games with rotating seats, and the win rate of bot A with a confidence interval.

``python -m kingsburg tournament --a hard --b normal --games 400 --players 2 --seed 1``

- Game ``k`` uses engine seed ``seed + k``. With 2 players A and B alternate seats (A is seat 0 in even
  games, seat 1 in odd ones); with more, one A plays against B in every other seat and A's seat rotates
  (seat ``k % players``), so each seat, and so each position in the first turn order, is shared fairly.
- Each bot is a fresh instance per game and seat, seeded from the game and the seat, and only ever sees
  ``game.view(seat)``.
- A's result in a game is its share of the victory: 1 if A alone wins, 1/w if A is among w tied winners
  (the rulebook's shared victory after VP, goods and buildings), 0 otherwise. The win rate is the mean share.
- The 95% interval is Wilson's score interval on that rate with n = games (shares of ties are rare).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from dataclasses import dataclass
from typing import Any

from .bots import BOTS, Bot
from .cli import add_rules_arguments, rules_text
from .game import new_game
from .ruleset import Rules
from .variants import rules_from_dict

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]


@dataclass
class GameResult:
    seed: int
    seat_a: int
    share_a: float  # A's share of the victory
    score_a: int
    scores_b: list[int]
    times_a: list[float]  # CPU seconds A spent on each of its decisions


def bot_options(name: str, budget: int | None) -> dict[str, int]:
    """``--budget`` is the number of playouts for search bots; other bots ignore it."""
    return {"iterations": budget} if budget is not None and name == "hard" else {}


def play_one(
    a: str, b: str, players: int, seed: int, seat_a: int, budget: int | None = None, rules: Rules | None = None
) -> GameResult:
    names = [a if seat == seat_a else b for seat in range(players)]
    game = new_game(NAMES[:players], seed, rules=rules)
    game.state.log = None  # nobody reads it; views copy it otherwise
    bots: list[Bot] = [BOTS[name](seed=seed * 8 + seat, **bot_options(name, budget)) for seat, name in enumerate(names)]
    times: list[float] = []
    while game.to_play is not None:
        seat = game.to_play
        view = game.view(seat)
        # CPU time, not wall time: other processes on a shared machine do not inflate it.
        start = time.process_time()
        action = bots[seat].choose(view)
        if seat == seat_a:
            times.append(time.process_time() - start)
        game.apply(action)
    winners = game.winners()
    scores = game.scores()
    return GameResult(
        seed=seed,
        seat_a=seat_a,
        share_a=1 / len(winners) if seat_a in winners else 0.0,
        score_a=scores[seat_a],
        scores_b=[v for i, v in enumerate(scores) if i != seat_a],
        times_a=times,
    )


def _play_args(args: tuple[str, str, int, int, int, int | None, Rules | None]) -> GameResult:
    return play_one(*args)


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(
    a: str,
    b: str,
    games: int,
    players: int = 2,
    seed: int = 0,
    budget: int | None = None,
    jobs: int = 1,
    rules: Rules | None = None,
) -> dict[str, Any]:
    """Play the tournament and summarise it (the dict printed by ``--json``)."""
    for name in (a, b):
        if name not in BOTS:
            raise ValueError(f"unknown bot {name!r}; bots are {', '.join(BOTS)}")
    tasks = [(a, b, players, seed + k, k % players, budget, rules) for k in range(games)]
    if jobs > 1:
        import multiprocessing  # only here: Pyodide has no processes, and the tests never use jobs > 1

        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_play_args, tasks, chunksize=1)
    else:
        results = [_play_args(t) for t in tasks]
    summary = summarise(a, b, players, seed, budget, results)
    summary["rules"] = (rules or Rules()).to_dict()
    return summary


def summarise(a: str, b: str, players: int, seed: int, budget: int | None, results: list[GameResult]) -> dict[str, Any]:
    n = len(results)
    wins = sum(r.share_a for r in results)
    low, high = wilson(wins, n)
    scores_b = [v for r in results for v in r.scores_b]
    times = sorted(t for r in results for t in r.times_a)
    return {
        "games": n,
        "win_rate_a": wins / n if n else 0.0,
        "ci_low": low,
        "ci_high": high,
        "mean_score_a": statistics.mean(r.score_a for r in results) if n else 0.0,
        "mean_score_b": statistics.mean(scores_b) if scores_b else 0.0,
        "a": a,
        "b": b,
        "players": players,
        "seed": seed,
        "budget": budget,
        "ties_a": sum(1 for r in results if 0 < r.share_a < 1),
        "fair_share_a": 1 / players,
        "decisions_a": len(times),
        "ms_per_decision_a": 1000 * statistics.mean(times) if times else 0.0,
        "ms_p95_decision_a": 1000 * times[int(0.95 * (len(times) - 1))] if times else 0.0,
        "ms_slowest_decision_a": 1000 * times[-1] if times else 0.0,
        "by_seat_a": {
            str(seat): statistics.mean(r.share_a for r in results if r.seat_a == seat)
            for seat in sorted({r.seat_a for r in results})
        },
    }


def report(summary: dict[str, Any]) -> str:
    s = summary
    return "\n".join(
        [
            f"{s['games']} games, {s['players']} players, {s['a']} (A) against {s['b']} (B), seeds from {s['seed']}"
            + (f", budget {s['budget']}" if s["budget"] is not None else "")
            + rules_text(rules_from_dict(s["rules"]) if "rules" in s else None),
            f"A's win rate: {100 * s['win_rate_a']:.1f}%  (95% CI {100 * s['ci_low']:.1f}-{100 * s['ci_high']:.1f}%; "
            f"an even share would be {100 * s['fair_share_a']:.0f}%; shared victories: {s['ties_a']})",
            f"mean score: A {s['mean_score_a']:.2f}, B {s['mean_score_b']:.2f}",
            f"A's CPU time per decision: mean {s['ms_per_decision_a']:.1f} ms, 95th percentile "
            f"{s['ms_p95_decision_a']:.0f} ms, slowest {s['ms_slowest_decision_a']:.0f} ms "
            f"({s['decisions_a']} decisions)",
        ]
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--a", default="hard", choices=sorted(BOTS), help="bot A (default hard)")
    parser.add_argument("--b", default="normal", choices=sorted(BOTS), help="bot B (default normal)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=None, help="playouts per decision for the hard bot")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    add_rules_arguments(parser)  # the same --edition, --scenario and --module as simulate


def main(args: argparse.Namespace) -> int:
    summary = run(args.a, args.b, args.games, args.players, args.seed, args.budget, args.jobs, args.rules)
    print(json.dumps(summary) if args.json else report(summary))
    return 0


__all__ = ["GameResult", "add_arguments", "main", "play_one", "run", "wilson"]
