"""The live region reads the engine's event kinds, never its words: every kind is announced or listed as silent
with a reason, and over random games of every rules option every other seat's decision, of every kind, is heard
(and none of the viewer's own)."""

from __future__ import annotations

import ast
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from app import announce
from app.announce import Sentence, sentences

import kingsburg
from kingsburg import Event
from kingsburg.events import EVENTS
from kingsburg.rules.decisions import DECISIONS
from kingsburg.variants import VARIANTS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_events import OPTIONS  # the engine's list of rules options

WEB_APP = Path(announce.__file__).resolve().parent
ENGINE = Path(kingsburg.__file__).resolve().parent
# Decisions whose line is deliberately left to the log (announce.SILENT says why): an advisor's reward chosen.
SILENT_DECISIONS = {"gift", "reward"}
# What the whole table hears whoever it concerns: the winter's cards, the King's soldiers, each fight.
PUBLIC = {
    "enemy",
    "king",
    "fight",
    "destroyed",
    "valley",
    "valley-back",
    "valley-goblins",
    "goblins",
    "tokens",
    "capital",
}


def engine_kinds() -> set[str]:
    return {k for k, v in EVENTS.items() if v.variant is None or v.variant in VARIANTS}


def test_every_kind_is_announced_or_silent_with_a_reason_and_never_both() -> None:
    groups = [
        set(announce.MOVES),
        announce.ROLLS,
        announce.ENEMY,
        announce.BATTLE,
        announce.LOOT,
        announce.SEASONS,
        announce.YEARS,
        set(announce.SILENT),
    ]
    listed = [k for group in groups for k in group]
    assert len(listed) == len(set(listed)), "a kind is listed twice"
    assert set(listed) == engine_kinds()
    assert all(len(reason) > 20 for reason in announce.SILENT.values())


def uses_re(path: Path) -> bool:
    """Whether a module imports ``re`` (or anything from it), read from its syntax tree."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import) and any(a.name == "re" or a.name.startswith("re.") for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and node.module == "re":
            return True
    return False


def test_nothing_reads_the_log_s_words_with_a_regular_expression() -> None:
    """Only parsers of other texts use regular expressions (notation, saves, names, lessons and their markup, the
    address, short links, stored keys, the hint's HTML); announce.py and the other readers of the log go by kind
    and data. A new user of ``re`` is named here once someone checked it reads no log line."""
    users = {
        path.relative_to(ENGINE.parent).as_posix()
        for path in [*WEB_APP.rglob("*.py"), *ENGINE.rglob("*.py")]
        if uses_re(path)
    }
    assert "web/app/announce.py" not in users
    assert users == {
        "kingsburg/actions.py",
        "kingsburg/inputs.py",
        "kingsburg/lesson.py",
        "kingsburg/links.py",
        "kingsburg/save.py",
        "web/app/hint.py",
        "web/app/lesson_view.py",
        "web/app/params.py",
        "web/app/storage.py",
    }


def steps(game: kingsburg.Game, seed: int) -> Iterator[tuple[int, str, list[Event], int]]:
    """Plays ``game`` at random; for each decision: the seat, the decision's kind, and the log (and where the
    decision's lines begin)."""
    rng = random.Random(seed)
    while not game.is_over():
        seat, decision, before = game.to_play, game.decision(), len(game.events)
        assert seat is not None
        game.apply(rng.choice(game.legal_actions()))
        yield seat, decision, game.events, before


def heard(option: str, seed: int, n: int, viewer: int) -> tuple[set[str], int]:
    """Checks one game; returns the kinds of decision heard from other seats and how many were."""
    game = kingsburg.new_game([f"P{i}" for i in range(n)], seed=seed, rules=OPTIONS[option])
    kinds: set[str] = set()
    count = 0
    for seat, decision, events, before in steps(game, seed):
        scores = [p.vp for p in game.state.players]
        said: list[Sentence] = sentences(events, before, viewer, game.players, scores, game.season_phases())
        texts = [s.text for s in said]
        written = events[before:]
        # None of the viewer's own lines is a move, whoever's decision wrote it.
        for s in said:
            if s.kind == "move":
                assert any(e.text == s.text and e.seat != viewer for e in written), (option, s.text)
        for e in written:
            if e.kind in PUBLIC:
                assert any(e.text in t for t in texts), (option, e.kind, e.text)
        own = written[0] if written and written[0].seat == seat and written[0].kind != "forced" else None
        if own is None:
            continue  # a pass that changes nothing logs nothing (keeping the dice, no Town Hall, ...)
        if seat == viewer:
            assert own.text not in [s.text for s in said if s.kind == "move"], own.text
        elif decision in SILENT_DECISIONS:
            assert own.kind in announce.SILENT, (decision, own.kind)
        else:
            assert any(own.text in t for t in texts), (option, decision, own.kind, own.text)
            kinds.add(decision)
            count += 1
    return kinds, count


@pytest.mark.parametrize("option", sorted(OPTIONS))
def test_every_other_seats_decision_is_announced_and_none_of_the_viewers(option: str) -> None:
    kinds: set[str] = set()
    total = 0
    for seed, n in ((11, 2), (12, 3), (13, 4), (14, 5)):
        got, count = heard(option, seed, n, viewer=seed % n)
        kinds |= got
        total += count
    assert total > 100
    # Each variant's own decisions were met, and heard.
    names = OPTIONS[option].names
    own = {k for k, d in DECISIONS.items() if d.variant in names} - SILENT_DECISIONS
    assert own <= kinds, own - kinds
    assert {"influence", "build", "aid", "recruit"} <= kinds, kinds


def test_every_kind_of_decision_is_heard_in_some_game() -> None:
    """Across the options, every kind of decision but a chosen reward was heard from another seat (these seeds
    reach the rare ones too: a reroll with the Statue or the Chapel, a loss chosen after a defeat)."""
    kinds: set[str] = set()
    for option in OPTIONS:
        for seed, n in ((21, 3), (22, 5)):
            kinds |= heard(option, seed, n, viewer=0)[0]
    shipped = {k for k, d in DECISIONS.items() if d.variant is None or d.variant in VARIANTS}  # no test-only ones
    assert shipped - SILENT_DECISIONS - kinds == set()
