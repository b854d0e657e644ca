"""Issue 21: "What would the computer do?" says one thing, in one unit, at every kind of decision: how much better
the Normal computer finds its choice than the next best, the bot's own margin (``kingsburg.bots.normal.advise``)."""

from __future__ import annotations

import html
import random
import re

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import rules_queries

from kingsburg.bots.normal import advise, rank
from kingsburg.variants import VARIANTS

# The one sentence of every hint: the choice, then the margin over the next best choice (or a tie, or no other).
SENTENCE = re.compile(
    r"The Normal computer would choose (?P<best>.+?): (?:about (?P<margin>\d+\.\d) VP better than the next best "
    r"choice \((?P<other>.+)\)|as good as the next best choice \((?P<tie>.+)\)|the only choice)\.$"
)
PER_KIND = 3  # hints asked at the first decisions of each kind in each game


def panel_message(app: App) -> str:
    found = re.search(r'<p class="msg[^"]*" role="[^"]*">(.*?)</p>', app.views()["panel"], re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""


@pytest.mark.parametrize(("name", "query"), rules_queries(), ids=[n for n, _ in rules_queries()])
def test_the_hint_says_the_bot_s_own_margin_over_the_next_best_choice(name: str, query: str) -> None:
    app = App(SaveStore(FakeStorage()), f"?seats=human,human,human&seed=23&speed=instant&{query}")
    s = app.session
    assert s is not None and (name == "first-edition") == (s.game.rules.edition == 1)
    chooser = random.Random(23)
    asked: dict[str, int] = {}
    for _ in range(3000):
        while app.game_screen.scenes:
            app.handle("scene-next")
        game = s.game
        if game.is_over():
            break
        if s.handover is not None:
            app.handle("reveal")
            continue
        kind = game.decision()
        if asked.get(kind, 0) < PER_KIND:
            asked[kind] = asked.get(kind, 0) + 1
            before = game.to_json()
            assert app.handle("hint").redraw
            assert game.to_json() == before  # asking changes nothing
            view = game.view(game.to_play)
            advice = advise(view)  # the bot's own answer, asked here through its API
            assert (
                advice is not None and app.game_screen.hint is not None and app.game_screen.hint.action == advice.action
            )
            ranked = rank(view)
            assert advice.margin == ranked[0][0] - ranked[1][0] if len(ranked) > 1 else advice.margin == 0
            text = app.game_screen.hint.text
            assert panel_message(app) == text  # the page shows the hint as the model said it
            said = SENTENCE.match(text)
            assert said is not None, f"{kind}: {text!r}"  # one wording at every kind of decision
            assert advice.margin >= 0 and "−" not in text
            if said["margin"] is not None:
                assert said["margin"] == f"{advice.margin:.1f}" != "0.0", (kind, text, advice)
            elif said["tie"] is not None:
                assert f"{advice.margin:.1f}" == "0.0", (kind, text, advice)
            else:
                assert advice.runner_up is None and len(game.legal_actions()) == 1
            assert "worth" not in text and "as much as" not in text
        # Ann and Brian mostly play the Normal computer's choice (they build, reach the Town Hall, fight), Cindy
        # anything (she runs out of goods and loses battles): between them, every kind of decision comes.
        legal = game.legal_actions()
        careless = game.to_play == 2 or chooser.random() < 0.2
        choice = chooser.choice(legal) if careless else rank(game.view(game.to_play))[0][1]
        app.handle("act", str(choice))
        assert not app.game_screen.error, app.game_screen.message
    assert s.game.is_over()
    own = {d.kind for d in VARIANTS[name].decisions} if name in VARIANTS else set()
    assert {"influence", "gift", "reroll", "build", "recruit", "townhall"} | own <= set(asked), asked
