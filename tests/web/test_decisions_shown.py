"""What a decision needs, and decisions taken for a player, said on the screen: the recruit box, forced passes,
the standings."""

from __future__ import annotations

import gettext
import html
import io
import json
import re
from pathlib import Path
from urllib.parse import quote

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage

import kingsburg
from kingsburg import i18n
from tools import pseudo_locale


def position_app(position: dict, seats: str) -> App:
    app = App(SaveStore(FakeStorage()), f"?position={quote(json.dumps(position))}&play=1&seats={seats}&speed=instant")
    app.handle("reveal")  # the person to decide is at the screen
    return app


RECRUIT = {
    "format": "kingsburg-position",
    "version": 1,
    "year": 3,
    "phase": 7,
    "turn_order": [0, 1],
    "enemies": ["I-1", "II-1", "III-1", "IV-1", "V-1"],
    "seats": [
        {
            "name": "Ann",
            "gold": 2,
            "soldiers": 2,
            "buildings": ["statue", "palisade"],
            "vp": 3,
            "vp_sources": {"buildings": 3},
        },
        {"name": "Brian", "stone": 2, "vp": 5, "vp_sources": {"advisors": 5}},
    ],
}


def test_recruiting_shows_the_strength_the_die_and_the_enemy() -> None:
    panel = position_app(RECRUIT, "human,human").views()["panel"]
    assert "Your strength <b>3</b>" in panel and "(2 soldiers, +1 buildings)" in panel
    assert "with the King’s die (1–6): <b>4–9</b>" in panel
    assert "strength <b>4–6</b>" in panel and "Victory" not in panel  # the card is not known
    assert "strength 3 → 4" in panel  # after the purchase


def test_recruiting_after_a_look_shows_the_card_and_its_type_bonus() -> None:
    position = json.loads(json.dumps(RECRUIT))
    position["enemies"][2] = "III-4"  # Zombies: the Palisade counts +2 against them
    position["seats"][0]["looked"] = True
    panel = position_app(position, "human,human").views()["panel"]
    assert "You looked: <b>Zombies 6</b>" in panel
    assert "Your strength <b>4</b>" in panel and "+2 buildings" in panel
    assert "Victory" in panel and "Defeat" in panel


def test_a_forced_pass_is_said_in_the_panel_and_the_log() -> None:
    # Brian, a person, has a single die showing 6 and every advisor it could reach is taken: he must pass.
    position = json.loads((Path(__file__).parents[1] / "positions" / "forced-pass.json").read_text())
    app = position_app(position, "human,human")
    app.handle("act", "place 2+3 @5")
    app.handle("reveal")
    text = "Brian cannot reach any advisor with 6: Brian passes."
    assert text in app.views()["panel"]
    assert any(text in item for item in app.log_items())
    # Said for that season only: once the game has moved to another phase the panel no longer tells of it.
    game = app.session.game
    phase = (game.state.year, game.state.phase)
    while (game.state.year, game.state.phase) == phase:
        game.apply(game.legal_actions()[0])
    assert text not in app.views()["panel"]
    assert any(text in item for item in app.log_items())  # the log keeps it


def test_the_standings_are_always_shown_most_vp_first() -> None:
    strips = position_app(RECRUIT, "human,normal").views()["strips"]
    ranking = strips.split('<ol class="ranking"')[1].split("</ol>")[0]
    assert ranking.index("Brian") < ranking.index("Ann")
    assert '<b class="rk-vp">5</b>' in ranking and '<b class="rk-vp">3</b>' in ranking


# Spring's influencing over: Ann, with 2 gold and 1 wood, builds.
BUILDING = {
    "format": "kingsburg-position",
    "version": 1,
    "year": 1,
    "phase": 2,
    "step": "clear",
    "turn_order": [0, 1],
    "enemies": ["I-1", "II-1", "III-1", "IV-1", "V-1"],
    "seats": [{"name": "Ann", "gold": 2, "wood": 1}, {"name": "Brian"}],
}


def test_the_sheet_says_why_a_building_cannot_be_built_now() -> None:
    sheets = position_app(BUILDING, "human,human").views()["sheets"]
    assert "Not now: rows are built left to right: the Chapel needs the Statue first." in sheets
    assert "Not now: the Inn costs 1 gold, 1 wood, 0 stone" not in sheets  # affordable: it can be built
    assert "Not now: the Guard Tower costs 1 gold, 0 wood, 1 stone and Ann has 2 gold, 1 wood, 0 stone." in sheets


def test_the_hint_names_the_computer_s_choice_and_never_changes_the_game() -> None:
    app = App(SaveStore(FakeStorage()), "?seats=human,normal&seed=3&speed=instant")
    s = app.session
    while s.game.decision() != "influence" or not s.my_turn:
        if s.my_turn:
            app.handle("act", str(s.game.legal_actions()[0]))
        else:
            turn = app.bot_turn()
            while not turn.work(0.005):
                pass
            app.finish_bot(turn)
    before = (s.game.to_json(), s.game.position(), app.generation)
    app.handle("hint")
    assert (s.game.to_json(), s.game.position(), app.generation) == before
    from kingsburg.bots.normal import rank

    best = rank(s.game.view(s.game.to_play))[0][1]
    assert app.game_screen.hint is not None and app.game_screen.hint.action == best
    views = app.views()
    assert "The Normal computer would " in views["panel"] and "VP" in views["panel"]
    if best.kind == "place":
        lit = re.search(r'<li class="adv[^"]*hinted[^"]*"[^>]*>.*?<span class="adv-num">(\d+)<', views["court"])
        assert lit and int(lit.group(1)) == best.advisor
        assert f"(#{best.advisor})" in views["panel"]
    else:
        assert re.search(r'class="choice[^"]*hinted', views["panel"])
    app.handle("act", str(best))
    assert "hinted" not in app.views()["court"] + app.views()["panel"]  # it answered that decision only


def test_recruiting_with_soldier_tokens_shows_the_tokens_not_the_die() -> None:
    app = App(SaveStore(FakeStorage()), "?seed=2")
    app.handle("edition", "2")
    app.handle("module", "soldier-tokens")
    app.handle("start")
    game = app.session.game
    while not (game.decision() == "recruit" and app.session.is_human(game.to_play)):
        game.apply(game.legal_actions()[-1])
    app.game_screen.catch_up()
    panel = app.views()["panel"]
    seat = game.to_play
    now, left = game.battle_strength(seat), game.state.variants["soldier-tokens"]["tokens"][seat]
    lo, hi = min(left), max(left)
    assert f"with the King’s soldiers ({lo}–{hi}): <b>{now + lo}–{now + hi}</b>" in panel
    assert "King’s die" not in panel


def test_the_sheet_s_reason_is_the_engine_s_in_a_language_whose_sentence_goes_on_after_it() -> None:
    """The reason beside a building is the refusal's reason, not its message cut at the first colon: a language
    may put words after the reason, as the pseudo-locale does (and a colon inside it)."""
    page = gettext.GNUTranslations(io.BytesIO(pseudo_locale.compiled("page")))
    page.add_fallback(gettext.GNUTranslations(io.BytesIO(pseudo_locale.compiled("engine"))))
    i18n.use(page, "pseudo")
    try:
        app = position_app(BUILDING, "human,human")
        sheets = html.unescape(app.views()["sheets"])
        with pytest.raises(kingsburg.IllegalAction) as refused:
            app.session.game.parse("build chapel")
        message = str(refused.value)
        before, after = pseudo_locale.pseudo("illegal action {action!r}: {why}").split("{why}")
        reason = message[len(before.format(action="build chapel")) : -len(after)]
        assert pseudo_locale.pseudo(" Not now: {why}.").format(why=reason) in sheets
    finally:
        i18n.use(None)
