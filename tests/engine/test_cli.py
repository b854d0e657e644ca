"""The command line (``python -m kingsburg``): each command runs and prints what docs/api.md says it prints."""

from __future__ import annotations

import json
import re
import runpy

import pytest

from kingsburg.cli import main, play_random, undo_position


def test_simulate_summarises_random_games(capsys):
    assert main(["simulate", "--players", "3", "--games", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 random 3-player games from seed 2")
    assert len(re.findall(r"^  seat \d: mean score", out, re.M)) == 3
    assert re.search(r"^game length: mean [\d.]+ decisions", out, re.M)


def test_simulate_and_tournament_take_the_rules_of_the_game(capsys):
    args = ["--players", "2", "--games", "2", "--scenario", "goblin-valley", "--module", "soldier-tokens"]
    assert main(["simulate", *args]) == 0
    assert capsys.readouterr().out.startswith(
        "2 random 2-player games from seed 0, edition 2 + goblin-valley + soldier-tokens"
    )
    assert main(["tournament", "--a", "normal", "--b", "random", "--json", *args]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["rules"] == {"edition": 2, "scenario": "goblin-valley", "modules": ["soldier-tokens"]}


@pytest.mark.parametrize(
    "args, reason",
    [
        (["--scenario", "wheel-and-deal", "--module", "soldier-tokens"], "not compatible with Wheel and Deal"),
        (["--scenario", "demanding-capital", "--module", "soldier-tokens"], "not compatible with The Demanding"),
        (["--edition", "1", "--scenario", "goblin-valley"], "belong to the second edition's rulebook"),
    ],
)
def test_a_combination_the_rulebook_forbids_exits_with_the_reason(capsys, args, reason):
    for command in ("simulate", "tournament"):
        assert main([command, "--games", "1", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"python -m kingsburg {command}: ") and reason in err


def test_bench_ends_with_games_per_second(capsys):
    assert main(["bench", "--games", "2", "--players", "2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"games/s: [\d.]+", last) and float(last.split()[1]) > 0


def test_bench_undo_times_an_undo_late_in_a_five_player_game(capsys):
    assert main(["bench", "--undo"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^undo at decision \d+ of a random 5-player game \(seed 1\), \d+ since the roll$", out, re.M)
    assert re.search(r"^undo ms: [\d.]+$", out, re.M)


def test_the_undo_benchmark_position_is_late_and_undoable():
    game = undo_position(5, 1)
    full = play_random(5, 1, log=True)
    assert game.can_undo() and not game.is_over()
    assert len(game.actions) > 0.8 * len(full.actions)


def test_tournament_prints_a_json_summary(capsys):
    args = ["tournament", "--a", "normal", "--b", "random", "--games", "2", "--players", "2", "--seed", "4", "--json"]
    assert main(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["games"], summary["a"], summary["b"], summary["players"]) == (2, "normal", "random", 2)
    assert 0 <= summary["win_rate_a"] <= 1 and summary["ci_low"] <= summary["win_rate_a"] <= summary["ci_high"]


def test_tournament_report_reads_as_text(capsys):
    assert main(["tournament", "--a", "random", "--b", "random", "--games", "1", "--seed", "9"]) == 0
    assert "A's win rate:" in capsys.readouterr().out


def test_bad_arguments_exit_with_usage(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "--players", "7"])
    assert exc.value.code == 2 and "invalid choice" in capsys.readouterr().err


def test_python_dash_m_kingsburg_runs_the_command_line(monkeypatch, capsys):
    monkeypatch.setattr("sys.argv", ["kingsburg", "bench", "--games", "1", "--players", "2"])
    with pytest.raises(SystemExit) as exc:
        runpy.run_module("kingsburg", run_name="__main__")
    assert exc.value.code == 0 and "games/s:" in capsys.readouterr().out


@pytest.mark.parametrize("scenario", ["demanding-capital", "shifting-alliances"])
def test_simulate_and_tournament_take_a_scenario(capsys, scenario):
    assert main(["simulate", "--players", "2", "--games", "1", "--scenario", scenario]) == 0
    assert capsys.readouterr().out.startswith(f"1 random 2-player games from seed 0, edition 2, {scenario}")
    args = ["tournament", "--a", "normal", "--b", "random", "--games", "1", "--scenario", scenario, "--json"]
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == {"edition": 2, "scenario": scenario, "modules": []}


@pytest.mark.parametrize(
    "args, words",
    [
        (["--scenario", "demanding-capital", "--module", "soldier-tokens"], "not compatible with The Demanding"),
        (["--edition", "1", "--scenario", "shifting-alliances"], "use edition=2"),
    ],
)
def test_rules_the_rulebook_forbids_exit_non_zero_with_the_reason(capsys, args, words):
    for command in ("simulate", "tournament"):
        assert main([command, "--games", "1", *args]) == 2
        assert words in capsys.readouterr().err
