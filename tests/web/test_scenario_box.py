"""The scenario's part of the table on the board (web/app/scenario.py) and its rules help in the rules dialog:
a game of each scenario (and of Module 5) started from the start screen shows the engine's lines for the viewer."""

from __future__ import annotations

import html

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage

from kingsburg import variants
from kingsburg.content import ENEMY_BY_ID


def started(scenario: str = "", module: str = "", edition: str = "2") -> App:
    """A 2-player game from the start screen: seat 0 a person (the viewer), seat 1 the computer."""
    app = App(SaveStore(FakeStorage()), "")
    app.handle("edition", edition)
    if scenario:
        app.handle("scenario", scenario)
    if module:
        app.handle("module", module)
    app.handle("count", "2")
    app.handle("start")
    assert app.session is not None and app.session.viewer == 0
    return app


EXPECTED = {
    "goblin-valley": ("Goblin Valley", ["Valley card, year I", "face down"]),
    "demanding-capital": ("The Demanding Capital", ["Growth tokens", "6 on the sheet", "only on a die of 3 or less"]),
    "shifting-alliances": ("Shifting Alliances", ["Pledges", "no token pledged yet"]),
    "wheel-and-deal": ("Wheel and Deal", ["Aristocracy", "Secret Society", "Outlaws", "free"]),
}


@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_a_scenario_game_shows_its_box_with_the_engines_lines(scenario: str) -> None:
    app = started(scenario)
    box = app.views()["scenario"]
    title, words = EXPECTED[scenario]
    assert '<section class="scenario" aria-label="Scenario">' in box
    assert f'<h3 class="scn-title">{html.escape(title)}</h3>' in box
    for word in words:
        assert html.escape(word) in box
    # What the scenario is about under its title ("face down" alone said nothing), in the engine's words.
    assert f'<p class="scn-about">{html.escape(variants.VARIANTS[scenario].summary)}</p>' in box
    game = app.session.game
    for _, lines in game.variant_board(0):
        for label, text in lines:
            assert f"<dt>{html.escape(label)}</dt><dd>{html.escape(text)}</dd>" in box


def test_module_5_shows_every_players_tokens_left() -> None:
    box = started(module="soldier-tokens").views()["scenario"]
    assert '<h3 class="scn-title">Module 5: Soldier Tokens</h3>' in box
    assert box.count("<dd>tokens left: 0, 1, 1, 2, 3, 4</dd>") == 2


def test_the_valley_cards_face_down_are_not_on_the_page() -> None:
    app = started("goblin-valley")
    valley = app.session.game.state.variants["goblin-valley"]["valley"]
    box = app.views()["scenario"]
    assert box.count("<dd>face down</dd>") == 5
    assert not any(html.escape(ENEMY_BY_ID[card].name) in box for card in valley)


def test_a_game_without_a_scenario_has_no_box() -> None:
    assert started(edition="1").views()["scenario"] == ""
    assert started().views()["scenario"] == ""  # the second edition's basic game


@pytest.mark.parametrize("scenario", sorted(EXPECTED))
def test_the_rules_dialog_shows_the_help_of_the_games_scenario(scenario: str) -> None:
    app = started(scenario)
    app.handle("rules")
    overlay = app.views()["overlay"]
    variant = variants.VARIANTS[scenario]
    assert "<h3>This game's rules</h3>" in overlay
    assert f"<h4>{html.escape(variant.title)}</h4>" in overlay
    assert html.escape(variant.help) in overlay
    others = [v for name, v in variants.VARIANTS.items() if name not in (scenario, "second-edition")]
    assert not any(html.escape(v.help) in overlay for v in others)


def test_a_first_edition_rules_dialog_has_no_variant_help() -> None:
    app = started(edition="1")
    app.handle("rules")
    overlay = app.views()["overlay"]
    assert "Rules reference" in overlay and "This game" not in overlay
