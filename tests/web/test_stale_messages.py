"""Issue 21: a message in the panel belongs to the decision it was said at, and goes when any decision is made
("Nothing Ann can afford..." was still shown at the next season's reroll, the recruiting message at the game's
end); the season's banner leaves by itself (at a person's next decision, or after the page's number of them)."""

from __future__ import annotations

import html
import random
import re

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import computer_move, rules_queries

RULES = rules_queries()


def panel_message(app: App) -> str:
    found = re.search(r'<p class="msg[^"]*" role="[^"]*">(.*?)</p>', app.views()["panel"], re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""


@pytest.mark.parametrize("query", [q for _, q in RULES], ids=[n for n, _ in RULES])
def test_a_message_is_shown_only_at_the_decision_it_was_said_at(query: str) -> None:
    # People and computers at one table: two people (hand-overs between them), a Normal and a Random computer.
    app = App(SaveStore(FakeStorage()), f"?seats=normal,human,random,human&seed=7&speed=normal&{query}")
    s = app.session
    said: list[tuple[str, int]] = []  # every message the app said, with the number of decisions made then
    say = app.game_screen.say

    def recording(text: str, error: bool = False) -> None:
        said.append((text, len(s.game.actions)))
        say(text, error)

    app.game_screen.say = recording  # type: ignore[method-assign]
    chooser = random.Random(7)
    banner_at: int | None = None  # decisions made when the season's banner now up came
    shown_season: object = None
    banner_seen = 0
    checked = forced = 0
    person_since = False  # a person has decided since the banner came
    for _ in range(4000):
        made = len(s.game.actions)
        if app.game_screen.season is not None and (banner_at is None or app.game_screen.season is not shown_season):
            banner_at, shown_season, person_since = made, app.game_screen.season, False
            banner_seen += 1
        if banner_at is not None and app.game_screen.season is None:
            banner_at = None
        if banner_at is not None:
            # Gone after a person's decision, or after the page's number of decisions, never later.
            assert not person_since and made - banner_at < app.game_screen.banner_decisions, (banner_at, made)
            assert "season-banner" in app.views()["notice"]
        else:
            assert "season-banner" not in app.views()["notice"]
        message = panel_message(app)
        if message:  # said at this decision, never at an earlier one
            at = [n for text, n in said if text == message]
            assert at and at[-1] == made, (message, at, made)
            checked += 1
        if s.game.is_over() and not app.game_screen.scenes:
            break
        if app.game_screen.scenes:
            app.handle("scene-next")
        elif app.computer_due():
            if chooser.random() < 0.1:
                app.handle("act", "pass")  # a person's click while a computer is to play: said now
            computer_move(app)
        elif s.handover is not None:
            app.handle("reveal")
        else:
            before = list(said)
            if chooser.random() < 0.1:
                app.handle("hint")
            legal = s.game.legal_actions()
            app.handle("act", str(chooser.choice(legal)))
            person_since = True
            forced += sum(1 for text, _ in said[len(before) :] if "Normal computer" not in text)
    assert s.game.is_over()
    assert panel_message(app) == ""  # the end: no decision left for a message to be about
    assert checked > 10 and banner_seen > 5 and forced > 0, (checked, banner_seen, forced)
