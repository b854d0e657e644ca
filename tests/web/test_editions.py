"""The rules a new game is played with, chosen on the start screen: the edition, the scenarios and modules the
engine has, the engine's refusals shown as they are; the second edition's terms and winter order on the page."""

from __future__ import annotations

import html
import json
from pathlib import Path
from urllib.parse import quote

import pytest
from app import editions
from app.controller import App
from app.storage import SaveStore
from app.summary import season_banner, season_summary
from app.winter import Winter
from fake_storage import FakeStorage
from webhelpers import click, run_computers

import kingsburg
from kingsburg import Rules

BATTLE = json.loads((Path(__file__).parents[1] / "positions" / "goblins-year-3.json").read_text())


def start(app: App, count: int = 2) -> None:
    app.handle("count", str(count))
    app.handle("kind", "normal", "0")  # computers only: the game can be played to its winter by the page itself
    app.handle("start")


def test_the_start_screen_offers_the_editions_first_edition_chosen() -> None:
    app = App(SaveStore(FakeStorage()), "")
    page = app.views()["app"]
    assert 'value="1" data-action="edition" checked' in page and 'value="2" data-action="edition">' in page
    assert "Second edition" in page and "the King&#x27;s die is rolled before the enemy card" in page
    app.handle("edition", "2")
    assert 'value="2" data-action="edition" checked' in app.views()["app"]


@pytest.fixture
def without_wheel_and_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine on which one scenario is not written: variants.SCENARIOS names it, VARIANTS lacks it."""
    rest = {k: v for k, v in kingsburg.variants.VARIANTS.items() if k != "wheel-and-deal"}
    monkeypatch.setattr(kingsburg.variants, "VARIANTS", rest)
    kingsburg.variants._calendar.cache_clear()
    yield
    kingsburg.variants._calendar.cache_clear()


def test_every_scenario_and_module_of_the_engine_is_offered_with_its_summary() -> None:
    app = App(SaveStore(FakeStorage()), "")
    assert 'data-action="scenario"' not in app.views()["app"]  # the first edition has no scenario
    app.handle("edition", "2")
    page = app.views()["app"]
    assert [o.name for o in editions.scenarios()] == list(kingsburg.variants.SCENARIOS)  # the rulebook's order
    assert [o.name for o in editions.modules()] == list(kingsburg.variants.MODULES)
    for name in (*kingsburg.variants.SCENARIOS, *kingsburg.variants.MODULES):
        variant = kingsburg.variants.VARIANTS[name]
        assert variant.summary and html.escape(variant.summary, quote=True) in page, name
        assert html.escape(variant.title, quote=True) in page, name


def test_only_the_variants_the_engine_has_are_offered(without_wheel_and_deal: None) -> None:
    assert "wheel-and-deal" in kingsburg.variants.SCENARIOS
    assert "wheel-and-deal" not in [o.name for o in editions.scenarios()]
    app = App(SaveStore(FakeStorage()), "")
    app.handle("edition", "2")
    page = app.views()["app"]
    assert 'value="goblin-valley" data-action="scenario"' in page
    assert 'value="wheel-and-deal"' not in page


def test_a_refused_combination_shows_the_engines_reason_and_starts_nothing() -> None:
    storage = FakeStorage()
    app = App(SaveStore(storage), "")
    app.handle("edition", "2")
    app.handle("scenario", "demanding-capital")
    app.handle("module", "soldier-tokens")
    start(app)
    assert app.session is None and app.mode == "start" and not SaveStore(storage).list()
    reason = kingsburg.variants.FORBIDDEN["soldier-tokens", "demanding-capital"]
    assert app.notices == [(f"These rules cannot be played together: {reason}.", True)]
    assert "The Demanding Capital: its winter reinforcement cap" in app.views()["app"]
    app.handle("module", "soldier-tokens")  # unticked: the same scenario alone is allowed
    assert editions.refusal(app.start_screen.setup["rules"]) == ""


def test_a_name_the_engine_does_not_have_is_refused_with_its_words(without_wheel_and_deal: None) -> None:
    app = App(SaveStore(FakeStorage()), "")
    app.handle("edition", "2")
    app.handle("scenario", "wheel-and-deal")  # a forged event: the screen never offers it on this engine
    start(app)
    assert app.session is None
    assert "wheel-and-deal: not available in this version of the engine yet" in app.notices[0][0]


def test_an_edition_2_game_is_saved_with_its_rules_and_listed_with_them() -> None:
    storage = FakeStorage()
    app = App(SaveStore(storage), "")
    app.handle("edition", "2")
    start(app)
    assert app.session is not None and app.session.game.rules == Rules(edition=2)
    app.save_now()
    store = SaveStore(storage)
    [entry] = store.list()
    assert entry["rules"] == "Second edition"
    saved = json.loads(store.export(entry["id"])[1])
    assert saved["version"] == 2 and saved["rules"] == {"edition": 2, "scenario": None, "modules": []}
    app.handle("home")
    assert '<p class="save-rules">Second edition</p>' in app.views()["app"]
    reopened = App(SaveStore(storage), "")
    reopened.handle("continue", entry["id"])
    assert reopened.session is not None and reopened.session.game.rules == Rules(edition=2)


def test_a_first_edition_game_keeps_its_words_and_the_second_uses_its_own() -> None:
    first, second = Rules(), Rules(edition=2)
    assert [editions.phase_name(first, n) for n in (1, 6)] == ["Aid from the King", "Autumn"]
    assert [editions.phase_name(second, n) for n in (1, 6)] == ["The King's Favor", "Fall"]
    assert editions.term(second, "bonus dice") == "bonus dice" and editions.term(first, "bonus dice") == "white dice"
    assert set(editions.TERMS[1]) == set(editions.TERMS[2])  # every term has both editions' words
    app = App(SaveStore(FakeStorage()), "")
    app.handle("edition", "2")
    start(app)
    top = app.views()["topbar"]
    assert "The King&#x27;s Favor" in top and ">Fall<" in top and ">Autumn<" not in top
    for rules, season in ((first, "Autumn"), (second, "Fall")):
        game = kingsburg.new_game(["Ann", "Brian"], seed=1, rules=rules)
        assert f"{season}, year I: what the advisors gave" in season_banner(season_summary(game, 1, 6), game.players)


def test_an_edition_2_winter_scene_rolls_the_kings_die_before_the_card() -> None:
    position = {**BATTLE, "version": 2, "rules": {"edition": 2, "scenario": None, "modules": []}, "variants": {}}
    app = App(SaveStore(FakeStorage()), f"?position={quote(json.dumps(position))}&play=1&seats=human,normal,normal")
    assert app.session is not None and app.session.game.rules.edition == 2
    app.handle("act", "pass")  # Ann is done recruiting: the battle is fought
    w = app.game_screen.scenes[0]
    assert isinstance(w, Winter) and w.king_first and (w.card, w.king) == ("III-1", 2)
    steps = [app.views()["overlay"]]
    while app.scene_step():
        steps.append(app.views()["overlay"])
    assert len(steps) == w.last + 1 == 7
    top = steps[0].split('class="w-top"')[1]
    assert top.index("w-king") < top.index("w-enemy")  # the die's box comes first
    # Stage 1: the die rolled, the card still face down; stage 2: the card revealed.
    assert "+2 soldiers to everyone" in steps[1] and "w-strength" not in steps[1] and "strength 4–6" in steps[1]
    assert "The King sends his soldiers." in steps[1]
    assert "<b>Goblins</b>" in steps[2] and "The enemy is revealed." in steps[2]
    # Ann: 2 soldiers, the Palisade's +1 and the King's 2, counted in before the card is seen.
    assert '<b class="w-total" title="Battle strength">5</b>' in steps[1].split("w-fights")[1]
    assert {f.seat: f.outcome for f in w.fights} == {0: "victory", 1: "draw", 2: "defeat"}  # same battle


def test_a_first_edition_winter_scene_reveals_the_card_first() -> None:
    app = App(SaveStore(FakeStorage()), f"?position={quote(json.dumps(BATTLE))}&play=1&seats=human,normal,normal")
    app.handle("act", "pass")
    w = app.game_screen.scenes[0]
    assert isinstance(w, Winter) and not w.king_first
    app.scene_step()
    assert "<b>Goblins</b>" in app.views()["overlay"] and "+2 soldiers to everyone" not in app.views()["overlay"]


def test_negative_scores_are_shown_negative() -> None:
    position = {**BATTLE, "version": 2, "rules": {"edition": 2, "scenario": None, "modules": []}, "variants": {}}
    position["seats"] = [{**seat, "vp": -2, "vp_sources": {"battle": -2}} for seat in position["seats"]]
    app = App(SaveStore(FakeStorage()), f"?position={quote(json.dumps(position))}&play=1&seats=human,normal,normal")
    assert app.session is not None and [p.vp for p in app.session.game.state.players] == [-2, -2, -2]
    strips = app.views()["strips"]
    assert strips.count('<b class="rk-vp">−2</b>') == 3 and "-2" not in strips  # a true minus sign


@pytest.mark.parametrize(
    ("edition", "bonus", "not_said"), [(1, "White die", "Bonus die"), (2, "Bonus die", "White die")]
)
def test_the_panel_says_the_editions_word_for_the_extra_die(edition: int, bonus: str, not_said: str) -> None:
    app = App(SaveStore(FakeStorage()), "?seed=3")
    app.handle("edition", str(edition))
    app.handle("count", "2")
    app.handle("start")
    for _ in range(300):  # Ann plays the first choice until she holds the extra die while influencing
        run_computers(app)
        assert app.session is not None
        game = app.session.game
        if game.decision() == "influence" and game.state.players[0].white:
            break
        click(app, game.legal_actions()[0])
    else:
        raise AssertionError("Ann never held the extra die")
    panel = app.views()["panel"]
    assert f'aria-label="{bonus} ' in panel and not_said not in panel


def test_the_rules_reference_and_the_log_speak_the_games_edition() -> None:
    """The Rules dialog names the phases and tells winter in the edition's order; the log's headings name the
    phases in its words; a first-edition game keeps its own."""
    for edition, favor, fall, winter_first, not_said in (
        (1, "Aid from the King", "Autumn", "The enemy card is revealed", "bonus die"),
        (2, "The King's Favor", "Fall", "The King's reinforcements die is rolled first", "white die"),
    ):
        app = App(SaveStore(FakeStorage()), "")
        app.handle("edition", str(edition))
        app.handle("rules")  # on the start screen: the edition chosen
        for text in (app.views()["app"], None):
            if text is None:
                app.handle("close-rules")
                start(app)
                run_computers(app)
                app.handle("rules")
                text = app.views()["overlay"]
            rules = html.unescape(text)
            phases = rules[rules.index("The year: eight phases") : rules.index("The King's advisors")]
            assert f"1. {favor}" in phases and f"6. {fall}" in phases
            winter = phases[phases.index("8. Winter") :]
            assert winter_first in winter and not_said not in phases
            assert ("Scores can go below zero" in rules) == (edition == 2)
        log = html.unescape("".join(app.log_items()))
        assert f"Year I · {favor}" in log and f"Year I · {fall}" in log
        assert (f"Year I · {'Autumn' if edition == 2 else 'Fall'}" in log) is False
