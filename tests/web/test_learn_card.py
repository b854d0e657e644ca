"""The start screen's tutorial card says where the reader is, never at a step beyond the lesson (issue 21, fault
10: a finished seven-step lesson read "step 8", a stored path longer than the lesson "step 31")."""

from __future__ import annotations

import html
import json
import re

import pytest
from app.controller import App
from app.progress import KEY as PROGRESS_KEY
from app.storage import SaveStore
from fake_storage import FakeStorage

from kingsburg.lesson import TUTORIAL, builtin_text, load_lesson

NAME = TUTORIAL[3]
TOTAL = len(load_lesson(builtin_text(NAME)).steps)


def card_text(path: list[str]) -> str:
    store = SaveStore(FakeStorage())
    store.set_note(PROGRESS_KEY, json.dumps({"lesson": NAME, "path": path}))
    app = App(store, "")
    assert app.mode == "start"
    [card] = re.findall(r'<section class="card learn.*?</section>', app.views()["app"], re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", card))


@pytest.mark.parametrize(
    "done, said",
    [
        (0, f"step 1 of {TOTAL}."),
        (TOTAL - 1, f"step {TOTAL} of {TOTAL}."),
        (TOTAL, f"all {TOTAL} steps done."),  # finished: was "step TOTAL + 1"
        (TOTAL + 24, f"step 1 of {TOTAL}."),  # the lesson changed since: resuming starts it again
    ],
)
def test_the_tutorial_card_never_names_a_step_beyond_the_lesson(done: int, said: str) -> None:
    text = card_text([""] * done)
    assert f"Lesson 4 of {len(TUTORIAL)}" in text and text.endswith(said + "Continue learningStart overLessons"), text
    for n in re.findall(r"step (\d+)", text):
        assert 1 <= int(n) <= TOTAL
