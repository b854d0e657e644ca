"""The scenes between decisions: the winter battle told in stages, the year's summary, the season's banner."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from app.controller import App
from app.storage import SaveStore
from app.summary import YearSummary
from app.winter import Winter
from fake_storage import FakeStorage
from webhelpers import computer_move

# Year III, Goblins of strength 4 (defeat: 3 wood, 3 stone, 1 VP, 1 building; victory: 1 wood), the King's die 2.
# Ann (5 = 2 soldiers + 1 Palisade + 2) wins, Brian (4) draws, Cindy (2) is defeated. Ann decides first.
BATTLE = json.loads((Path(__file__).parents[1] / "positions" / "goblins-year-3.json").read_text())


def battle_app(position: dict = BATTLE, speed: str = "normal", storage: FakeStorage | None = None) -> App:
    text = quote(json.dumps(position))
    return App(SaveStore(storage or FakeStorage()), f"?position={text}&play=1&seats=human,normal,normal&speed={speed}")


def test_the_winter_scene_tells_the_battle_in_stages() -> None:
    app = battle_app()
    app.handle("act", "pass")  # Ann is done recruiting; Brian and Cindy cannot pay: the battle is fought
    assert app.markers()["scene"] == "winter" and app.markers()["myTurn"] == "0"
    assert not app.computer_due()  # the computers wait for the scene
    w = app.game_screen.scenes[0]
    assert isinstance(w, Winter) and (w.year, w.card, w.king, w.step) == (3, "III-1", 2, 0)
    before = app.views()["overlay"]
    assert "strength 4–6" in before and "w-strength" not in before  # not revealed yet
    assert "one of Goblins (4) · Goblins (5) · Orcs (5) · Zombies (6) · Demons (6)" in before  # the year's stack
    assert "+2 from the King" not in before and "3+?" in before  # Ann: 2 soldiers + the Palisade, then the die
    steps = [app.views()["overlay"]]
    while app.scene_step():
        steps.append(app.views()["overlay"])
    assert len(steps) == w.last + 1 == 7  # before, card, die, three fights, the bonus VP
    assert "<b>Goblins</b>" in steps[1] and "+2 from the King" not in steps[1]
    assert "+2 soldiers to everyone" in steps[2] and "Victory</span><span" not in steps[2].split("w-fights")[1]
    done = steps[-1]
    outcomes = {f.seat: f.outcome for f in w.fights}
    assert outcomes == {0: "victory", 1: "draw", 2: "defeat"}
    ann, brian, cindy = w.fights
    assert (ann.strength, ann.spoils, ann.bonus) == (5, ["wood"], 1)
    assert (brian.strength, brian.spoils, brian.lost, brian.vp) == (4, [], [], [])
    assert (cindy.strength, cindy.lost, cindy.destroyed) == (2, ["wood"], ["Market"])
    assert sorted(n for n, _ in cindy.vp) == [-1, -1]  # the Market's VP and the defeat
    assert "strongest victorious governor" in done and "loses the Market" in done
    assert "nothing won or lost" in done and "1 governor of 3 held the border." in done
    assert "strongest victorious governor" not in steps[-2]  # the bonus VP comes last


def test_continue_shows_the_year_summary_then_the_game_goes_on() -> None:
    app = battle_app()
    app.handle("act", "pass")
    app.handle("scene-next")  # mid-battle: the first click shows the battle whole
    assert app.markers()["scene"] == "winter" and app.game_screen.scenes[0].complete
    app.handle("scene-next")
    assert app.markers()["scene"] == "year"
    summary = app.game_screen.scenes[0]
    assert isinstance(summary, YearSummary) and summary.year == 3
    standings = [(r.seat, r.vp_before, r.vp, r.sources, r.lost) for r in summary.rows]
    assert standings == [
        (1, 10, 10, {}, []),
        (0, 8, 9, {"battle": 1}, []),
        (2, 6, 4, {"buildings": -1, "battle": -1}, ["Market"]),
    ]
    html = app.views()["overlay"]
    assert "End of year III" in html and "On to year IV" in html and "Market" in html
    app.handle("scene-next")
    assert app.game_screen.scenes == [] and app.markers()["scene"] == ""
    assert app.computer_due()  # year IV begins: the computers take their aid


def test_reduced_motion_and_instant_speed_show_the_scene_complete() -> None:
    for speed, reduced in (("instant", False), ("slow", True)):
        app = battle_app(speed=speed)
        app.reduced_motion = reduced
        app.handle("act", "pass")
        w = app.game_screen.scenes[0]
        assert w.complete and not app.scene_step()
        assert "strongest victorious governor" in app.views()["overlay"]


def test_the_stone_wall_turns_a_tie_into_a_victory_on_the_scene() -> None:
    position = json.loads(json.dumps(BATTLE))
    position["seats"][1]["buildings"] = ["palisade", "stables", "stone-wall"]
    position["seats"][1]["soldiers"] = 0
    app = battle_app(position, speed="instant")
    app.handle("act", "pass")
    brian = app.game_screen.scenes[0].fights[1]
    assert (brian.outcome, brian.wall, brian.strength) == ("victory", True, 4)
    assert "the Stone Wall turns the tie into a victory" in app.views()["overlay"]


def test_scenes_not_yet_seen_come_back_after_a_reload() -> None:
    storage = FakeStorage()
    app = App(SaveStore(storage), "?seats=human,random&seed=8&speed=fast")
    for _ in range(400):
        if app.game_screen.scenes:
            break
        run_computers_only(app)
        if app.game_screen.scenes:
            break
        app.handle("act", str(app.session.game.legal_actions()[-1]))
    assert app.markers()["scene"] == "winter"
    app.save_now()
    again = App(SaveStore(storage))
    assert again.markers()["scene"] == "winter" and again.game_screen.scenes[0].complete  # seen once: shown whole
    assert again.game_screen.scenes[0].fights == app.game_screen.scenes[0].fights
    again.handle("scene-next")
    again.save_now()
    assert App(SaveStore(storage)).markers()["scene"] == "year"


def run_computers_only(app: App) -> None:
    """Computers play until a person decides or a scene opens (unlike webhelpers.run_computers)."""
    while app.computer_due():
        turn = app.bot_turn()
        while not turn.work(0.005):
            pass
        app.finish_bot(turn)


def test_a_game_of_computers_shows_every_winter_and_year() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=easy,random,easy&seed=12&speed=fast")
    assert app.spectator
    seen = []
    while not app.session.game.is_over() or app.game_screen.scenes:
        run_computers_only(app)
        while app.game_screen.scenes:
            scene = app.game_screen.scenes[0]
            seen.append(("winter" if isinstance(scene, Winter) else "year", scene.year))
            while app.scene_step():
                pass
            assert "Continue now" in app.views()["overlay"]  # nobody needs to click: it closes by itself
            app.handle("scene-next")
    years = [(kind, y) for y in range(1, 6) for kind in ("winter", "year")]
    assert seen == years[:-1]  # the fifth year ends with the game: the end screen sums it up


def test_the_season_banner_says_what_the_advisors_gave() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=random,random&seed=3&speed=instant")
    game = app.session.game
    while app.game_screen.season is None:
        turn = app.bot_turn()
        while not turn.work(0.005):
            pass
        app.finish_bot(turn)
    season = app.game_screen.season
    assert (season.year, season.phase) == (1, 2)
    for row in season.rows:
        gifts = [e for e in game.events if e.kind == "gift" and e.seat == row.seat and e.phase == 2 and e.year == 1]
        assert sorted(row.goods) == sorted(g for e in gifts for g in e.data["goods"])
    notice = app.views()["notice"]
    assert "Spring, year I: what the advisors gave" in notice
    assert all(name in notice for name in game.players)
    app.handle("season-close")
    assert "season-banner" not in app.views()["notice"]


def test_goods_a_loser_must_choose_are_shown_then_counted() -> None:
    # Year III Orcs (strength 5; defeat: 2 goods of your choice, 1 building): Ann, a person, loses with 2 + 1.
    position = json.loads(json.dumps(BATTLE))
    position["enemies"][2] = "III-3"
    position["dice"] = [1]
    position["seats"][0].update(gold=2, wood=1, stone=1, soldiers=0)
    app = battle_app(position, speed="instant")
    app.handle("act", "pass")
    assert "chooses 2 goods to lose" in app.views()["overlay"]
    app.handle("scene-next")
    assert app.session.game.decision() == "lose" and app.markers()["myTurn"] == "1"
    app.handle("act", "lose wood")
    app.handle("act", "lose stone")
    assert app.markers()["scene"] == "year"
    rows = {r.seat: r for r in app.game_screen.scenes[0].rows}
    assert rows[0].lost == ["Statue"]  # the rightmost column's topmost building


def test_what_a_decision_changed_floats_beside_each_player() -> None:
    app = battle_app(speed="instant")
    app.views()  # the board as it was before the decision
    app.handle("act", "pass")
    strips = app.views()["strips"]
    cindy = strips.split('aria-label="Cindy')[1].split("</section>")[0]
    ann = strips.split('aria-label="Ann')[1].split("</section>")[0]
    assert '<span class="float down">−2 VP</span>' in cindy and '<span class="float down">−1 wood</span>' in cindy
    assert '<span class="float up">+1 VP</span>' in ann and '<span class="float up">+1 wood</span>' in ann
    assert "float" not in strips.split('aria-label="Brian')[1].split("</section>")[0]  # a draw changes nothing


def test_behind_a_scene_a_computer_waits_instead_of_thinking() -> None:
    """While the battle or the year's summary is open nobody plays: a computer next to play is shown waiting,
    not thinking; closing the scenes lets it think."""
    app = App(SaveStore(FakeStorage()), "?seats=random,human&seed=3&speed=instant")
    for _ in range(600):
        s = app.session
        assert s is not None and not s.game.is_over(), "no scene opened with a computer next to play"
        if app.game_screen.scenes:
            if not s.my_turn:
                break
            app.handle("scene-next")
        elif app.computer_due():
            computer_move(app)
        else:
            app.handle("act", str(s.game.legal_actions()[0]))
    views = app.views()
    assert "plays next" in views["panel"] and "is thinking" not in views["panel"]
    assert "thinking…" not in views["strips"]
    while app.game_screen.scenes:
        app.handle("scene-next")
    views = app.views()
    assert app.computer_due() and "is thinking" in views["panel"] and "thinking…" in views["strips"]


# Whence the soldiers came is one phrase in each language (a sender's noun dropped into "from {sender}" read "von
# der König" in German: the case a preposition asks for changes the article). By language: [unknown, known].
KING_SAYS = {"de": ("+? vom König", "+2 vom König"), "fr": ("+? du Roi", "+2 du Roi")}


def test_the_king_s_soldiers_are_said_to_come_from_him_in_the_reader_s_language(language: str) -> None:
    unknown, known = KING_SAYS[language]
    app = battle_app()
    app.handle("act", "pass")
    steps = [app.views()["overlay"]]
    while app.scene_step():
        steps.append(app.views()["overlay"])
    assert unknown in steps[0] and known not in steps[0]  # the die not yet rolled
    assert known in steps[-1] and "von der" not in steps[-1] and "de le" not in steps[-1]
