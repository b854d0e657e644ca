"""A lesson in the reader's language on the page (docs/lessons.md, Translations): the panel, the list of lessons and
the host's state give a lesson's texts in ``kingsburg.i18n.language()`` when the lesson has them, else in its own
language; a change of language shows at the next redraw."""

from __future__ import annotations

import gettext
import html
import json
from collections.abc import Iterator

import pytest
from app.controller import App
from app.host import Host
from app.storage import SaveStore
from fake_storage import FakeStorage

from kingsburg import i18n


def use(language: str | None) -> None:
    """Install ``language`` as the page does (a catalogue; for the lesson's texts only its language counts)."""
    i18n.use(gettext.NullTranslations() if language else None, language or "en")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    use(None)


def panel(app: App) -> str:
    return html.unescape(app.views()["panel"])


def test_the_tutorial_shows_its_german_texts_when_german_is_installed_and_english_otherwise(storage):
    app = App(SaveStore(storage))
    app.handle("learn")
    assert "Welcome to <strong>Kingsburg</strong>!" in panel(app)
    use("de")
    shown = panel(app)
    assert "Willkommen in <strong>Kingsburg</strong>!" in shown and "Welcome to" not in shown
    assert "Der Spielaufbau und die Königliche Hilfe" in shown  # the lesson's title
    use("en")
    assert "Welcome to <strong>Kingsburg</strong>!" in panel(app)
    use("nl")  # a language the lesson has no translation into: its own
    assert "Welcome to <strong>Kingsburg</strong>!" in panel(app)


def test_a_change_of_language_mid_lesson_redraws_the_step_its_labels_moves_and_hint_in_the_new_one(storage):
    app = App(SaveStore(storage))
    app.handle("lesson-open", "05-white-die")
    app.handle("lesson-next")
    app.handle("lesson-next")
    app.handle("act", "place 4+w3 @7")  # the Wizard, the Queen and the Duchess are played, each narrated
    use("fr")
    assert "16\u00a0: le <strong>Sorcier</strong>, 4 or." in panel(app)
    app.handle("act", "pass")  # not the move the step asks for: its hint
    assert "Choisissez le 2 et le 1" in panel(app)
    use("de")  # switched after the wrong try: the hint kept on screen is told again, in German
    shown = panel(app)
    assert "Wähle die 2 und die 1" in shown and "Choisissez" not in shown
    assert "Cindy ist wieder dran." in shown and "16: der <strong>Zauberer</strong>, 4 Gold." in shown
    app.handle("lesson-open", "08-battle")
    for _ in range(3):
        app.handle("act", app.session.lesson.expected[0]) if app.session.lesson.expected else app.handle("lesson-next")
    assert app.session.lesson.number == 4 and app.labels() == {
        "#court .lesson-scene .w-enemy": "Goblins: 3",
        "#court .lesson-scene .w-king": "+1 Soldat für jeden",
    }


def test_the_list_of_lessons_and_the_learn_card_show_the_translated_titles(storage):
    use("fr")
    app = App(SaveStore(storage))
    app.handle("lesson-list")
    shown = html.unescape(app.views()["app"])
    assert "Apprendre à jouer" in shown and "Le recrutement et la bataille contre les Gobelins" in shown
    app.handle("lesson-list-close")
    app.handle("learn")
    app.handle("home")
    assert "La mise en place et l'Aide du Roi" in html.unescape(app.views()["app"])  # where the reader is
    app.handle("learn", "resume")
    for _ in range(9):
        lesson = app.session.lesson
        app.handle("act", lesson.expected[0]) if lesson.expected else app.handle("lesson-next")
    assert "Le printemps\u00a0: les dés, l'ordre du tour et les conseillers du roi" in panel(app)  # Next lesson


def test_the_host_s_lesson_state_is_in_the_language_shown():
    app = App(SaveStore(FakeStorage()), "?embed=1")
    host = Host(app, public=True)
    host.ready()
    use("de")
    reply = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "lesson", "id": "l", "name": "02-spring"})))
    state = reply["state"]["lesson"]
    assert state["title"].startswith("Frühling: Würfeln") and state["text"].startswith("Frühling, die erste")
    assert state["collection"]["title"] == "Spielen lernen"
    for _ in range(3):
        host.receive(json.dumps({"kingsburg": 1, "type": "next", "id": "n"}))
    wrong = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "action", "id": "a", "action": "pass"})))
    assert wrong["error"] == "illegal" and wrong["message"].startswith("5 + 3 = 8: Wähle die Würfel 5 und 3")
    use(None)
    reply = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "state", "id": "s"})))
    assert reply["state"]["lesson"]["hint"].startswith("5 + 3 = 8: choose the dice 5 and 3")
