"""Command line: ``python -m kingsburg simulate|bench|tournament|lesson check`` (see docs/api.md)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from .errors import InvalidRules
from .game import Game, new_game
from .ruleset import EDITIONS, Rules
from .variants import MODULES, SCENARIOS, check

if TYPE_CHECKING:  # the commands import what they use when they run (a quick start for the others)
    from .collection import Collection
    from .lesson import Lesson

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]


T = TypeVar("T")


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    """``--edition``, ``--scenario`` and ``--module``: the rules the games are played with."""
    parser.add_argument("--edition", type=int, choices=EDITIONS, default=None, help="1 (default) or 2")
    parser.add_argument("--scenario", choices=SCENARIOS, default=None, help="a second-edition scenario")
    parser.add_argument("--module", choices=MODULES, action="append", default=[], help="a second-edition module")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules asked for: a scenario or a module means the second edition unless ``--edition`` says otherwise
    (then the engine refuses with the reason). Raises InvalidRules (IncompatibleRules) as ``new_game`` would."""
    edition = args.edition or (2 if args.scenario or args.module else 1)
    return check(Rules(edition, args.scenario, frozenset(args.module)))


def play_random(players: int, seed: int, log: bool = False, rules: Rules | None = None) -> Game:
    """One game of uniformly random legal play (the players' choices drawn from their own generator)."""
    game = new_game(NAMES[:players], seed, rules=rules)
    if not log:
        game.state.log = None
    rng = random.Random(seed)
    while game.to_play is not None:
        game.apply(rng.choice(game._legal))
    return game


def simulate(players: int, games: int, seed: int, rules: Rules | None = None) -> None:
    scores: list[list[int]] = [[] for _ in range(players)]
    wins = [0.0] * players
    lengths = []
    for g in range(games):
        game = play_random(players, seed + g, rules=rules)
        for seat, vp in enumerate(game.scores()):
            scores[seat].append(vp)
        winners = game.winners()
        for seat in winners:
            wins[seat] += 1 / len(winners)
        lengths.append(len(game.actions))
    every = [v for seat in scores for v in seat]
    print(f"{games} random {players}-player games from seed {seed}{rules_text(rules)}")
    print(
        f"score: mean {statistics.mean(every):.2f}, sd {statistics.pstdev(every):.2f}, "
        f"min {min(every)}, max {max(every)}"
    )
    for seat in range(players):
        print(f"  seat {seat}: mean score {statistics.mean(scores[seat]):6.2f}, wins {100 * wins[seat] / games:5.1f}%")
    print(f"game length: mean {statistics.mean(lengths):.1f} decisions (min {min(lengths)}, max {max(lengths)})")


def rules_text(rules: Rules | None) -> str:
    """ ", edition 2, demanding-capital" for a report's first line ("" for the first edition)."""
    if rules is None or rules.edition == 1:
        return ""
    return ", edition 2" + "".join(f", {x}" for x in [rules.scenario, *sorted(rules.modules)] if x)


def bench(games: int, players: int, seed: int) -> float:
    play_random(players, seed)  # warm the caches
    start = time.perf_counter()
    for g in range(games):
        play_random(players, seed + g)
    rate = games / (time.perf_counter() - start)
    print(f"{games} random {players}-player games")
    print(f"games/s: {rate:.1f}")
    return rate


def undo_position(players: int, seed: int) -> Game:
    """A random game with its log (as the page keeps it) near its end, at the last decision that can be undone."""
    rng = random.Random(seed)
    game = new_game(NAMES[:players], seed)
    best = game.clone()
    while game.to_play is not None:
        game.apply(rng.choice(game.legal_actions()))
        if game.can_undo() and game.to_play is not None:
            best = game.clone()
    return best


def bench_undo(players: int, seed: int, repeat: int = 20) -> float:
    """Milliseconds one ``undo()`` takes near the end of a game (the page's worst case)."""
    game = undo_position(players, seed)
    copies = [game.clone() for _ in range(repeat + 1)]
    copies.pop().undo()  # warm up
    start = time.perf_counter()
    for g in copies:
        g.undo()
    ms = 1000 * (time.perf_counter() - start) / repeat
    since = max(n for n in range(1, len(game.actions) + 1) if game.can_undo(n))
    print(
        f"undo at decision {len(game.actions)} of a random {players}-player game (seed {seed}), {since} since the roll"
    )
    print(f"undo ms: {ms:.3f}")
    return ms


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kingsburg", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sim = sub.add_parser("simulate", help="play random games and summarise them")
    sim.add_argument("--players", type=int, default=4, choices=range(2, 6))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=0)
    add_rules_arguments(sim)
    b = sub.add_parser("bench", help="random 4-player games per second on one core")
    b.add_argument("--games", type=int, default=300)
    b.add_argument("--players", type=int, default=4, choices=range(2, 6))
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--undo", action="store_true", help="instead: milliseconds per undo late in a 5-player game")
    from . import tournament

    tournament.add_arguments(sub.add_parser("tournament", help="bot A against bot B, seats rotated"))
    lesson = sub.add_parser("lesson", help="lessons for authors (docs/lessons.md)")
    lesson_sub = lesson.add_subparsers(dest="lesson_command", required=True)
    check = lesson_sub.add_parser("check", help="check lesson and collection files: exit 0 when every one is good")
    check.add_argument("files", nargs="+", type=Path)
    position = sub.add_parser("position", help="positions for authors (docs/save-format.md)")
    position_sub = position.add_subparsers(dest="position_command", required=True)
    position_check = position_sub.add_parser("check", help="check position files: exit 0 when every one loads")
    position_check.add_argument("files", nargs="+", type=Path)
    link = sub.add_parser("link", help="the page's links that open a position or lesson file (docs/embedding.md)")
    link.add_argument("file", type=Path)
    link.add_argument("--base", default="./", help="the game's address, e.g. https://example.org/kingsburg/")
    args = parser.parse_args(argv)
    if args.command in ("simulate", "tournament"):
        try:
            args.rules = rules_from_args(args)
        except InvalidRules as exc:
            print(f"python -m kingsburg {args.command}: {exc}", file=sys.stderr)
            return 2
    if args.command == "tournament":
        return tournament.main(args)
    if args.command == "lesson":
        return check_lessons(args.files)
    if args.command == "position":
        return check_positions(args.files)
    if args.command == "link":
        return print_links(args.file, args.base)
    if args.command == "simulate":
        simulate(args.players, args.games, args.seed, args.rules)
    elif args.command == "bench" and args.undo:
        bench_undo(5, args.seed)
    elif args.command == "bench":
        bench(args.games, args.players, args.seed)
    return 0


def check_files(
    files: list[Path],
    load: Callable[[bytes], T],
    said: Callable[[T], str],
    warn: Callable[[T], list[str]] = lambda loaded: [],
) -> int:
    """One line per file: ``said(loaded)`` after "ok" on stdout, or why it was refused on stderr (the engine's
    message names the field or the step), and after an "ok" a line on stderr per ``warn(loaded)``: what is
    accepted but worth the author's eye. Exit 1 if any was refused (a warning refuses nothing)."""
    from .errors import KingsburgError

    bad = 0
    for path in files:
        try:
            loaded = load(path.read_bytes())
        except OSError as exc:
            print(f"{path}: cannot be read: {exc.strerror or exc}", file=sys.stderr)
            bad += 1
        except KingsburgError as exc:
            print(f"{path}: {exc}", file=sys.stderr)
            bad += 1
        else:
            print(f"{path}: ok, {said(loaded)}")
            for warning in warn(loaded):
                print(f"{path}: warning: {warning}", file=sys.stderr)
    return 1 if bad else 0


def check_lessons(files: list[Path]) -> int:
    """``lesson check``: a lesson's steps and title, or a collection's lessons and title, or the reason (with the
    step, and a collection's chapter)."""
    from .collection import Collection, load_lesson_or_collection

    def said(loaded: Lesson | Collection) -> str:
        if isinstance(loaded, Collection):
            what = f"a collection of {len(loaded.chapters)} lessons ({loaded.title})"
        else:
            steps = f"{len(loaded.steps)} step{'' if len(loaded.steps) == 1 else 's'}"
            what = f"{'a puzzle of ' if loaded.is_puzzle else ''}{steps} ({loaded.title})"
        return what + languages(loaded)

    return check_files(files, load_lesson_or_collection, said, untranslated)


def languages(loaded: Lesson | Collection) -> str:
    """The languages a translated lesson or collection can be read in, each complete or not ("" untranslated)."""
    if len(loaded.languages) == 1:
        return ""
    main, *others = loaded.languages
    shown = [f"{main} (main)"]
    for code in others:
        missing = len(loaded.missing(code))
        shown.append(f"{code} ({f'{missing} missing' if missing else 'complete'})")
    return f"; in {', '.join(shown)}"


def untranslated(loaded: Lesson | Collection) -> list[str]:
    """A warning per incomplete translation, with the texts it lacks: a reader of that language reads them in the
    main language (docs/lessons.md, Translations)."""
    main, *others = loaded.languages
    out = []
    for code in others:
        missing = loaded.missing(code)
        if missing:
            listed = "; ".join(missing[:12]) + (f"; and {len(missing) - 12} more" if len(missing) > 12 else "")
            out.append(f"the {code!r} translation lacks {listed}: shown in {main!r} instead")
    return out


def check_positions(files: list[Path]) -> int:
    """``position check``: a position's (or saved game's) players and moment, or the reason."""
    from .save import load_game

    def said(game: Game) -> str:
        where = "game over" if game.is_over() else f"year {game.year}, phase {game.phase}"
        return f"{len(game.players)} players, {where}"

    return check_files(files, load_game, said)


def print_links(path: Path, base: str) -> int:
    """``link``: the addresses that open a position (``?s=``, ``#position=``), a lesson (``#lesson=``) or a
    collection of lessons (``#collection=``) on the game's site at ``base``; the file is checked as the page would
    check it."""
    from .errors import KingsburgError
    from .links import address_parts

    try:
        parts = address_parts(path.read_text(encoding="utf-8"))
    except OSError as exc:
        print(f"{path}: cannot be read: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except KingsburgError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 1
    if "s" in parts:
        print(f"{base}?s={parts['s']}")
        print(f"{base}?s={parts['s']}&play=1")
        print(f"{base}#position={parts['position']}")
    else:
        kind = "lesson" if "lesson" in parts else "collection"
        print(f"{base}#{kind}={parts[kind]}")
    return 0
