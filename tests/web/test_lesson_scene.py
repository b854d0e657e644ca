"""A lesson step's scene: the battle told up to the stage the step names, or the year's review, shown in the
court's place with the lesson beside it; its pointers pick the part of the seat they name, its labels sit on
them, the log waits for what the scene has not told, and the numbers shown are the engine's."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from htmlquery import Node, parse, select
from test_lesson_pointers import only, page

import kingsburg
from kingsburg import Rules
from kingsburg.lesson import builtin_text


def opened(text: str) -> App:
    app = App(SaveStore(FakeStorage()), "", "#lesson=" + quote(text))
    assert app.mode == "game" and app.session.lesson_step is not None
    return app


def to_scene(app: App, word: str) -> Node:
    """Go on to the first step whose scene is ``word``; the scene in the page."""
    lesson = app.session.lesson
    while lesson.step.scene != word:
        app.handle("lesson-next") if lesson.can_next else app.handle("act", lesson.answer())
    app.views()
    return page(app)


def fights(game: kingsburg.Game) -> dict[int, dict]:
    """Each seat's fight in the last battle, as the engine logged it."""
    year = max(e.year for e in game.events if e.kind == "fight")
    return {e.seat: dict(e.data) for e in game.events if e.kind == "fight" and e.year == year}


def shown_fights(root: Node) -> dict[int, str]:
    """Seat -> the total shown, for each fight the scene has told."""
    return {
        int(li.attrs["data-seat"]): select(li, ".w-total")[0].text()
        for li in select(root, "#court .lesson-scene .w-fights > li")
        if "shown" in li.classes
    }


def test_the_battle_lesson_tells_the_battle_stage_by_stage_with_the_engine_s_numbers() -> None:
    app = opened(builtin_text("08-battle"))
    names = app.session.names
    order = None
    for word, told in (("battle:king", []), ("battle:1", [0, 1]), ("battle:2", [0, 1, 2]), ("battle", [0, 1, 2, 3])):
        root = to_scene(app, word)
        game = app.session.game
        scene = only(root, "#court .lesson-scene.winter")
        assert not select(root, "#court .court-grid") and not select(root, "#overlay .overlay")  # in the court's place
        assert select(root, "#panel .lesson-text")  # the lesson beside it
        logged = fights(game)
        order = order or list(logged)
        shown = shown_fights(root)
        assert sorted(shown) == told, word
        assert all(shown[seat] == str(logged[seat]["strength"]) for seat in told)
        assert scene.attrs["data-complete"] == ("1" if word == "battle" else "0")
        # The King's die is shown from "battle:king" on (the first edition reveals the card first, then rolls).
        king = next(e for e in game.events if e.kind == "king").data["die"]
        assert select(scene, ".w-king .w-die svg")[0].attrs["aria-label"] == str(king)
        # Each pointer picks one part: a fight of the seat it names, or the card, or the King's box.
        step = app.session.lesson.step
        labels = app.labels()
        for pointer, css in zip(step.point, app.pointers(), strict=True):
            el = only(root, css)
            what, _, seat = pointer.partition(":")[2].partition(":")
            if what.isdigit():
                assert el.attrs["data-seat"] == what and names[int(what)] in el.text()
            else:
                assert f"w-{what}" in el.classes
            assert labels.get(css) == dict(step.labels).get(pointer)
        # The log keeps the lines of fights not yet told.
        log = " ".join(parse(item).text() for item in app.log_items())
        for seat in range(4):
            line = f"{names[seat]} fights with {logged[seat]['strength']}"
            assert (line in log) == (word == "battle"), (word, seat)
    assert order == [0, 1, 2, 3]


def test_the_year_s_review_shows_each_seat_s_vp_and_points_at_the_seat_named() -> None:
    app = opened(builtin_text("08-battle"))
    root = to_scene(app, "year")
    game = app.session.game
    only(root, "#court .lesson-scene.year")
    rows = select(root, "#court .lesson-scene .ys-table tbody tr")
    assert len(rows) == 4
    for row in rows:
        seat = int(row.attrs["data-seat"])
        assert select(row, ".ys-vp b")[0].text() == str(game.state.players[seat].vp)
        assert game.players[seat] in select(row, "th")[0].text()
    (css,) = [c for c in app.pointers() if "review" in c or "ys-table" in c]
    assert only(root, css).attrs["data-seat"] == "2"


def second_edition_battle(stage: str) -> str:
    """A two-player second-edition lesson: both pass their recruiting, and the next step shows the battle."""
    game = kingsburg.new_game(
        ["Ann", "Brian"], seed=5, rules=Rules(edition=2), enemies=["I-3", "II-1", "III-1", "IV-1", "V-1"]
    )
    while game.decision() != "recruit":
        game.apply(game.legal_actions()[-1])
    steps = [{"text": "Both pass.", "expect": "pass", "play": ["pass"]}]
    steps.append({"text": "The battle.", "scene": stage, "point": ["battle:king", "battle:enemy"], "next": True})
    start = game.position()
    return json.dumps({"format": "kingsburg-lesson", "version": 1, "title": "Second", "start": start, "steps": steps})


@pytest.mark.parametrize("stage, die, card", [("battle:king", True, False), ("battle:enemy", True, True)])
def test_in_the_second_edition_the_king_s_die_comes_before_the_card(stage: str, die: bool, card: bool) -> None:
    """The stage words name what the reader sees, whatever the edition's order: "king" shows the die (the card
    still face down), "enemy" the card (and the die rolled before it)."""
    app = opened(second_edition_battle(stage))
    root = to_scene(app, stage)
    scene = only(root, "#court .lesson-scene.winter")
    (shown_die,) = select(scene, ".w-king .w-die")
    assert ("unknown" not in shown_die.classes) == die
    assert ("shown" in only(scene, ".w-enemy").classes) == card


def test_the_other_seats_scripted_moves_are_told_with_who_made_them_and_the_lesson_s_words() -> None:
    app = opened(builtin_text("05-white-die"))
    lesson = app.session.lesson
    while not lesson.step.play:
        app.handle("lesson-next") if lesson.can_next else app.handle("act", lesson.answer())
    step = lesson.step
    app.views()
    assert not select(page(app), "#panel .lesson-played")  # nothing played yet
    app.handle("act", lesson.answer())
    app.views()
    rows = select(page(app), "#panel .lesson-played > li")
    names = app.session.names
    assert len(rows) == len(step.play)
    for row, played, said in zip(rows, lesson.played, step.said, strict=True):
        assert select(row, ".chip-name")[0].text() == names[played.seat]
        assert select(row, ".played-say")[0].text() == said.replace("**", "")
        assert row.attrs["title"] == played.line and played.line.startswith(names[played.seat])  # its own line
    app.handle("lesson-back")
    app.views()
    assert not select(page(app), "#panel .lesson-played")


def season_lesson() -> str:
    """The season's banner example of the authors' guide (docs/lessons.md)."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "lessons.md").read_text(encoding="utf-8")
    return guide.split("## A season's banner\n", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]


def test_a_season_s_banner_shows_what_the_engine_says_each_seat_got_and_points_at_the_seat_named() -> None:
    app = opened(season_lesson())
    root = to_scene(app, "season")
    game = app.session.game
    scene = only(root, "#court .lesson-scene.season")
    assert select(scene, '[data-action="season-close"]')  # the banner as a game shows it (style.css hides Close)
    assert "Spring, year I" in select(scene, "h2")[0].text()
    lines = select(scene, ".sb-list > li")
    assert [game.players[k] in li.text() for k, li in enumerate(lines)] == [True, True]
    # What the engine logged for spring: Ann's soldiers and VP from the General and the Jester, Brian's two gold
    # and token from the Duchess.
    gifts = [e for e in game.events if e.year == 1 and e.phase == 2 and e.kind in ("gift", "vp")]
    soldiers = sum(e.data.get("soldiers", 0) for e in gifts if e.seat == 0 and e.kind == "gift")
    vp = sum(e.vp for e in gifts if e.seat == 0 and e.kind == "vp")
    assert (soldiers, vp) == (2, 1)
    assert f"+{soldiers}" in lines[0].text() and f"+{vp}" in lines[0].text()
    brian = [g for e in gifts if e.seat == 1 and e.kind == "gift" for g in e.data.get("goods", ())]
    assert brian == ["gold", "gold"] and "gold" in lines[1].text()
    css = app.pointers()
    assert [only(root, c) for c in css] == lines
    assert only(root, css[0]).attrs.get("class", "").split()[0] == "p0"
    assert app.labels() == {css[0]: "2 soldiers, 1 VP"}
