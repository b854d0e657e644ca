"""The live region's sentences (web/app/announce.py), checked against the engine's own log and decisions."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable

import pytest
from app.announce import GAP, Announcer, Sentence, sentences
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage

import kingsburg
from kingsburg import Game, i18n
from tools.messages import translation

# Decisions whose own log line (their first) a screen-reader user must hear when another seat makes them:
# every placement, pass and build, and the aid, recruit, reroll and Town Hall choices that do something (gifts
# and trades are left to the log; losses and spoils are battle results).
ANNOUNCED = {"influence", "build", "aid", "recruit", "reroll", "townhall"}
# The engine passes for a seat left without a move, and says why ("P1 cannot reach any advisor with 4: P1 passes.").
PASS = re.compile(r"^P(?P<seat>\d) (passes|must pass|.+: P\d passes)\.$")


def announced_moves(steps: list[tuple[int, str, str, list[str]]], viewer: int | None) -> Counter:
    """The log lines of the other seats' decisions, and of the passes made for them."""
    expected: Counter = Counter()
    for seat, decision, kind, lines in steps:
        chosen = seat != viewer and decision in ANNOUNCED and (kind != "pass" or decision in ("influence", "build"))
        if chosen:
            expected[lines[0]] += 1
        for line in lines[1 if chosen else 0 :]:
            m = PASS.match(line)
            if m and int(m["seat"]) != viewer:
                expected[line] += 1
    return expected


def play(seed: int, n: int, viewer: int | None) -> tuple[Game, list[Sentence], list[tuple[int, str, str, list[str]]]]:
    """A random game, its sentences made after every decision; returns the game, every sentence, and for each
    decision (seat, decision, action kind, the log lines it added)."""
    game = kingsburg.new_game([f"P{i}" for i in range(n)], seed=seed)
    rng = random.Random(seed)
    said: list[Sentence] = sentences(game.events, 0, viewer, game.players, [0] * n, game.season_phases())
    steps = []
    while not game.is_over():
        seat, decision, before = game.to_play, game.decision(), len(game.events)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        scores = [p.vp for p in game.state.players]
        said += sentences(game.events, before, viewer, game.players, scores, game.season_phases())
        steps.append((seat, decision, action.kind, [e.text for e in game.events[before:]]))
    return game, said, steps


@pytest.mark.parametrize(("seed", "n"), [(1, 2), (2, 3), (3, 5)])
def test_every_decision_of_another_seat_is_announced_in_its_own_words(seed: int, n: int) -> None:
    _, said, steps = play(seed, n, viewer=0)
    moves = Counter(s.text for s in said if s.kind == "move")
    expected = announced_moves(steps, viewer=0)
    assert sum(expected.values()) > 30
    assert moves == expected  # each once, and nothing else: not the viewer's own decisions, not the gifts
    assert not any(text.startswith("P0 ") for text in moves)


@pytest.mark.parametrize(("seed", "n"), [(4, 2), (5, 4)])
def test_dice_enemies_battles_seasons_and_years_are_announced(seed: int, n: int) -> None:
    game, said, _ = play(seed, n, viewer=1)
    kinds = Counter(s.kind for s in said)
    texts = [s.text for s in said]
    assert kinds["enemy"] == 5 and kinds["season"] == 15 and kinds["year"] == 5
    rolls = [e for e in game.events if " rolls " in e.text and "King's die" not in e.text]
    assert len(rolls) >= 15 * n  # every seat rolls every season (Statue and Chapel rerolls are moves)
    for e in rolls:
        dice = e.text.split(" rolls ")[1].rstrip(".")
        who = "you" if e.seat == 1 else game.players[e.seat]
        assert any(f"{who} {dice}" in t for t in texts if "dice:" in t), e.text
    fights = [e.text for e in game.events if " fights with " in e.text]
    assert len(fights) == 5 * n and all(f in texts for f in fights)
    assert [t.split(".")[0] for t in texts if t.startswith(("Year ", "The game is over"))] == [
        "Year I is over",
        "Year II is over",
        "Year III is over",
        "Year IV is over",
        "The game is over",
    ]
    final = ", ".join(
        f"{'you' if i == 1 else name} {p.vp} VP"
        for i, (name, p) in enumerate(zip(game.players, game.state.players, strict=True))
    )
    assert texts[-1] == f"The game is over. Scores: {final}."
    assert any(t.startswith("Spring is over. Next: the King's Reward.") for t in texts)


def test_secrets_and_automatic_steps_are_not_announced() -> None:
    game, said, _ = play(6, 3, viewer=None)
    texts = " ".join(s.text for s in said)
    secret = [e.text for e in game.events if e.secret is not None]
    assert secret and not any(t in texts for t in secret)
    gifts = [e.text for e in game.events if " receives " in e.text]
    assert gifts and not any(t in texts for t in gifts)
    assert "Phase 3: the King's Reward." not in texts  # the season's end says it instead


def test_with_nobody_at_the_screen_every_seat_is_announced() -> None:
    _, said, steps = play(7, 2, viewer=None)
    moves = Counter(s.text for s in said if s.kind == "move")
    assert moves == announced_moves(steps, viewer=None)
    assert any(text.startswith("P0 ") for text in moves) and any(text.startswith("P1 ") for text in moves)


def test_the_announcer_merges_what_comes_faster_than_the_gap() -> None:
    game = kingsburg.new_game(["Ann", "Bob"], seed=1)
    rng = random.Random(1)
    announcer = Announcer()
    announcer.restart(0)
    while not announcer.pending:
        game.apply(rng.choice(game.legal_actions()))
        announcer.update(game.events, 0, game.players, [p.vp for p in game.state.players], game.season_phases())
    first = announcer.take(100.0)
    assert first and announcer.wait(100.0) is None
    assert announcer.take(100.1) is None  # nothing new
    while len(announcer.pending) < 2:
        game.apply(rng.choice(game.legal_actions()))
        announcer.update(game.events, 0, game.players, [p.vp for p in game.state.players], game.season_phases())
    assert announcer.take(100.0 + GAP / 2) is None  # too soon after the last one: held back
    assert announcer.wait(100.0 + GAP / 2) == pytest.approx(GAP / 2)
    merged = announcer.take(100.0 + GAP + 0.01)
    assert merged and merged.count(".") >= 2 and announcer.pending == []


def test_opening_a_game_or_undoing_announces_nothing_of_the_past() -> None:
    game = kingsburg.new_game(["Ann", "Bob"], seed=2)
    for action in ["aid wood", "aid gold"] if game.decision() == "aid" else []:
        game.apply(action)
    announcer = Announcer()
    announcer.update(game.events, 0, game.players, [0, 0], game.season_phases())  # seen for the first time: the past
    assert announcer.take(0.0) is None
    shorter = game.events[:2]
    announcer.update(shorter, 0, game.players, [0, 0], game.season_phases())  # an undo: the log shrank
    assert announcer.take(1.0) is None and announcer.seen == 2


def test_the_page_model_announces_a_computers_move_but_not_yours() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=human,random&names=Ann,Bob&seed=3&speed=instant")
    said = [app.announcement(0.0)]
    clock = 0.0
    for _ in range(200):
        s = app.session
        if s.game.is_over():
            break
        if app.computer_due():
            turn = app.bot_turn()
            while not turn.work(1.0):
                pass
            app.finish_bot(turn)
        else:
            app.handle("act", str(s.game.legal_actions()[-1]))
        clock += GAP
        said.append(app.announcement(clock))
    text = " ".join(t for t in said if t)
    assert "Bob influences" in text and "Ann influences" not in text
    assert "Spring dice: " in text and "Spring is over." in text


def play_until(app: App, done: Callable[[], bool]) -> None:
    """Play the first legal action (the computers theirs) until ``done``, each announcement held back by the gap."""
    while not done():
        if app.computer_due():
            turn = app.bot_turn()
            while not turn.work(1.0):
                pass
            app.finish_bot(turn)
        else:
            app.handle("act", str(app.session.game.legal_actions()[0]))
        app.announcement(-1.0)  # the last announcement was just made: these wait


def test_leaving_a_game_drops_what_was_not_yet_announced() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=human,random&names=Ann,Bob&seed=3&speed=instant")
    play_until(app, lambda: bool(app.announcer.pending))
    app.handle("home")
    assert app.announcement(100.0) is None


def test_a_switch_of_language_is_said_in_the_new_one_and_what_waited_is_told_again_in_it() -> None:
    """A screen-reader user hears the switch in the new language first; the sentences that waited for the gap
    were made in the old one, so they are made again from the log, in the new one (the page empties the live
    region of the old one's: web/page.py)."""
    app = App(SaveStore(FakeStorage()), "?seats=human,random&names=Ann,Bob&seed=3&speed=instant")
    app.announcement(-1.0)
    play_until(app, lambda: any(s.kind == "move" for s in app.announcer.pending))
    english = " ".join(s.text for s in app.announcer.pending)
    told_from = app.announcer.told_from
    assert told_from is not None and "Bob" in english
    i18n.use(translation("de"), "de")
    try:
        app.language_changed()
        said = app.announcement(100.0)
        g = app.session.game
        again = sentences(g.events, told_from, 0, g.players, [p.vp for p in g.state.players], g.season_phases())
    finally:
        i18n.use(None)
    assert said == " ".join(["Die Seite ist jetzt auf Deutsch.", *(s.text for s in again)])
    assert english not in said and "Bob" in said


def test_on_the_start_screen_the_switch_alone_is_said() -> None:
    app = App(SaveStore(FakeStorage()))
    assert app.mode == "start" and app.announcement(0.0) is None
    i18n.use(translation("fr"), "fr")
    try:
        app.language_changed()
        assert app.announcement(1.0) == "Langue de la page\u00a0: Français."
    finally:
        i18n.use(None)
    app.language_changed()
    assert app.announcement(2.0) == "The page is now in English."
