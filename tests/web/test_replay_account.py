"""The replay tells each step in the game's own words: the decision as the log words it, under the seat that made
it, and what followed on its own (the winter battle, the end of a season or a year) under a heading of its own,
never filed under the last decision (issue 21)."""

from __future__ import annotations

import random
import re

import pytest
from app.controller import App
from app.replay_view import ReplayBoard
from app.storage import SaveStore
from fake_storage import FakeStorage

import kingsburg
from kingsburg import Rules, parse_action

DECISION = re.compile(r'<p class="replay-decision[^"]*">(.*?)</p>')
THEN = re.compile(r'<p class="replay-then"><b class="replay-when">(.*?)</b>(.*?)</p>')
LOG_HEAD = re.compile(r'<li class="log-head">(.*?)</li>')
TAG = re.compile(r'<span class="sym" aria-hidden="true">[^<]*</span>|<[^>]+>')


def text(markup: str) -> str:
    return TAG.sub("", markup).replace("&#x27;", "'").replace("&quot;", '"').replace("&amp;", "&").strip()


def not_notation(heading: str, name: str) -> None:
    for words in (heading, heading.removeprefix(name).strip(" :")):
        with pytest.raises(kingsburg.KingsburgError):
            parse_action(words)


@pytest.mark.parametrize("rules", [Rules(), Rules(2)], ids=["first-edition", "second-edition"])
def test_every_step_of_a_whole_game_is_told_in_words_under_its_seat_and_the_battle_under_its_own_heading(
    rules: Rules,
) -> None:
    names = ["Ann", "Brian", "Cindy"]
    game = kingsburg.new_game(names, seed=2, rules=rules)
    pick = random.Random(2)
    while not game.is_over():
        game.apply(pick.choice(game.legal_actions()))
    store = SaveStore(FakeStorage())
    save_id = store.new_id()
    assert store.save(save_id, game, {"seats": [{"name": n, "kind": "human"} for n in names]})
    app = App(store)
    assert app.handle("replay", save_id).redraw
    board = app.session
    assert isinstance(board, ReplayBoard)
    battles = 0
    for step in board.replay.steps[1:]:
        app.handle("replay-to", str(step.index))
        assert board.step == step.index
        panel = app.views()["panel"]
        [decision] = DECISION.findall(panel)
        said = text(decision)
        assert step.seat is not None and names[step.seat] in said, (step, said)
        not_notation(said, names[step.seat])
        followed = [(text(head), text(lines)) for head, lines in THEN.findall(panel)]
        for head, _ in followed:
            not_notation(head, "")
        # Every line the step wrote is told once: in the decision or under one of the headings after it.
        wrote = [board.replay.events[i].text for i in step.events]
        rest = [lines for _, lines in followed]
        assert " ".join(wrote) in (" ".join([said, *rest]), " ".join(rest))  # the latter: no line of its own
        fights = [line for line in wrote if " fights with " in line]
        if fights:
            battles += 1
            assert not any(f in said for f in fights)
            [(head, lines)] = [(h, lines) for h, lines in followed if fights[0] in lines]
            assert "Winter" in head and all(f in lines for f in fights)
    assert battles == 5
    for head in LOG_HEAD.findall(" ".join(app.log_items())):
        not_notation(text(head), "")
