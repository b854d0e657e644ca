"""Recorded games that pin the engine's behaviour, on CPython and in Pyodide alike.

Each file in playthroughs/ holds a start, the decisions, the log lines they wrote and what they led to (scores,
winners, a hash of the log and of the final position; a scenario's file also holds its rules). Replaying must
give exactly that: the same seed and decisions give the same game everywhere. The log lines are compared first,
so a failure shows the first line that differs. After an intended rules change, regenerate with
``KINGSBURG_REGEN=1 pytest -k playthrough`` and review the diff.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
from pathlib import Path

import pytest

import kingsburg
from kingsburg import Rules
from kingsburg.variants import rules_from_dict

HERE = Path(__file__).parent / "playthroughs"
RECORDED: dict[str, tuple[list[str], int, Rules | None]] = {
    "two-players": (["Ann", "Brian"], 2026, None),
    "five-players": (["Ann", "Brian", "Cindy", "David", "Emma"], 7, None),
    "goblin-valley": (["Ann", "Brian", "Cindy"], 11, Rules(2, "goblin-valley")),
    "soldier-tokens": (["Ann", "Brian", "Cindy", "David"], 5, Rules(2, modules=frozenset({"soldier-tokens"}))),
    "demanding-capital": (["Ann", "Brian", "Cindy"], 11, Rules(2, "demanding-capital")),
    "shifting-alliances": (["Ann", "Brian", "Cindy", "David"], 12, Rules(2, "shifting-alliances")),
}


def digest(lines) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def outcome(game: kingsburg.Game) -> dict:
    return {
        "scores": game.scores(),
        "winners": game.winners(),
        "breakdown": [game.score_breakdown(i) for i in range(len(game.players))],
        "log_lines": len(game.log),
        "log_sha256": digest(game.log),
        "position_sha256": digest([json.dumps(game.position(), sort_keys=True)]),
    }


def record(name: str) -> dict:
    players, seed, rules = RECORDED[name]
    game = kingsburg.new_game(players, seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over():
        game.apply(rng.choice(game.legal_actions()))
    played = {"players": players, "seed": seed, "actions": game.actions, "log": game.log, "outcome": outcome(game)}
    return {**played, "rules": rules.to_dict()} if rules else played


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_recorded_playthrough_replays_exactly(name):
    path = HERE / f"{name}.json"
    if os.environ.get("KINGSBURG_REGEN"):
        path.write_text(json.dumps(record(name), indent=1) + "\n")
    recorded = json.loads(path.read_text())
    rules = rules_from_dict(recorded["rules"]) if "rules" in recorded else None
    game = kingsburg.new_game(recorded["players"], recorded["seed"], rules=rules)
    for text in recorded["actions"]:
        game.apply(text)
    assert game.is_over()
    first = next((i for i, (a, b) in enumerate(zip(game.log, recorded["log"], strict=False)) if a != b), None)
    assert first is None, f"log line {first + 1} differs: {game.log[first]!r}, recorded {recorded['log'][first]!r}"
    assert game.log == recorded["log"]
    assert outcome(game) == recorded["outcome"]
