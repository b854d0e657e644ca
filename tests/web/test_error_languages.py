"""The engine's refusals on the page are in the reader's language (issue 25): a broken or tampered save imported, a
backup's broken game, a bad ``?s=`` or ``#position=`` link, a move typed in bad notation, each shows the engine's
own message translated, not the English one; what the host page is told stays English (web/app/embed.py)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from urllib.parse import quote

import pytest
from app.backup import FORMAT as BACKUP
from app.controller import App
from app.host import Host
from app.lesson_view import plain
from app.storage import SAVE, SaveStore, StoreError
from fake_storage import FakeStorage

import kingsburg
from kingsburg import i18n
from kingsburg.links import pack, unpack

TAGS = re.compile(r"<[^>]*>")


def tampered() -> str:
    """A saved game whose last decision was changed by hand: it no longer replays."""
    game = kingsburg.new_game(["Ann", "Brian"], 3)
    for _turn in range(6):
        game.apply(game.legal_actions()[0])
    d = json.loads(game.to_json())
    d["actions"][-1] = "place 6+6+6 @18"
    return json.dumps(d)


TAMPERED = tampered()
POSITION = kingsburg.new_game(["Ann", "Brian"], 3).position()
CUT_SHORT = pack(POSITION)[:-12]
BROKEN = json.dumps({**POSITION, "year": "V"})


def shown(app: App) -> str:
    """Everything the page shows now, as text."""
    return html.unescape(TAGS.sub(" ", " ".join(app.views().values())))


def refusal(make: Callable[[], object]) -> str:
    """The engine's message for what ``make`` refuses, in the language installed now."""
    with pytest.raises(kingsburg.KingsburgError) as info:
        make()
    return str(info.value)


def in_english(make: Callable[[], str]) -> str:
    with i18n.source_language():
        return make()


CASES: dict[str, tuple[Callable[[], str], Callable[[], object]]] = {}


def case(name: str, refused: Callable[[], object]) -> Callable[[Callable[[], str]], Callable[[], str]]:
    """A way the page meets a refusal: what it shows, and the engine call that refuses the same input."""

    def add(show: Callable[[], str]) -> Callable[[], str]:
        CASES[name] = (show, refused)
        return show

    return add


@case("a tampered save imported", lambda: kingsburg.load_game(TAMPERED))
def _import() -> str:
    app = App(SaveStore(FakeStorage()))
    app.handle("import-text", TAMPERED)
    return shown(app)


@case("a backup's broken game", lambda: kingsburg.load_game(TAMPERED))
def _backup() -> str:
    app = App(SaveStore(FakeStorage()))
    backup = {"format": BACKUP, "version": 1, "exported": 0, "games": [{"id": "g1", "text": TAMPERED}]}
    app.handle("import-text", json.dumps(backup))
    return shown(app)


@case("a ?s= link cut short", lambda: unpack(CUT_SHORT))
def _short_link() -> str:
    return shown(App(SaveStore(FakeStorage()), "?s=" + CUT_SHORT))


@case("a #position= link to a broken position", lambda: kingsburg.load_game(BROKEN))
def _position_link() -> str:
    return shown(App(SaveStore(FakeStorage()), "", "#position=" + quote(BROKEN)))


@case("a move in bad notation", lambda: kingsburg.parse_action("place 7 @3"))
def _notation() -> str:
    app = App(SaveStore(FakeStorage()), "?seats=human,human&seed=5")
    app.handle("act", "place 7 @3")
    return shown(app)


@pytest.mark.parametrize("name", CASES)
def test_the_engine_s_refusal_is_shown_in_the_reader_s_language(name: str, language: str) -> None:
    show, refused = CASES[name]
    page, said = show(), refusal(refused)
    english = in_english(lambda: refusal(refused))
    assert said != english
    assert said in page, f"{name} in {language}: {said!r} not in {page!r}"
    assert english.split(":")[0] not in page  # not even its first words: a sentence around a translated reason


def test_in_english_the_page_shows_the_engine_s_english_message() -> None:
    for name, (show, refused) in CASES.items():
        assert refusal(refused) in show(), name


def test_the_host_is_told_in_english_and_the_board_says_it_around_it_in_its_language(language: str) -> None:
    app = App(SaveStore(FakeStorage()), "?embed=1")
    host = Host(app, public=True)
    host.ready()
    reply = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "position", "position": json.loads(BROKEN)})))
    english = in_english(lambda: refusal(lambda: kingsburg.load_game(BROKEN)))
    assert reply["type"] == "error" and reply["error"] == "refused"
    assert reply["message"] == f"The position cannot be shown: {english}."
    page = shown(app)
    assert english in page and i18n._("The page around this board sent a message that was refused: {why}")[:20] in page


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            json.dumps({"format": BACKUP, "version": 1, "exported": 0, "games": [{"id": "g", "text": TAMPERED}]}),
            "a game in it",
        ),
        ("[1, 2]", "The JSON is not an object"),
    ],
)
def test_the_page_s_own_words_around_an_import_s_refusal_are_translated(text: str, words: str, language: str) -> None:
    app = App(SaveStore(FakeStorage()))
    app.handle("import-text", text)
    page = shown(app)
    assert words not in page, page


def test_a_lesson_refuses_a_host_s_move_in_english_but_gives_its_hint_in_the_board_s_language(language: str) -> None:
    """Text that is not notation is the host's mistake: English. A wrong move gets the step's hint, the lesson's
    own words, in the language the board shows (as its panel shows it)."""
    app = App(SaveStore(FakeStorage()), "?embed=1")
    host = Host(app, public=True)
    host.ready()

    def move(text: str) -> dict[str, str]:
        reply: dict[str, str] = json.loads(host.receive(json.dumps({"kingsburg": 1, "type": "action", "action": text})))
        return reply

    host.receive(json.dumps({"kingsburg": 1, "type": "lesson", "name": "02-spring"}))
    lesson = app.session.lesson
    while not lesson.expected:
        lesson.next()
    wrong = next(str(a) for a in app.session.game.legal_actions() if str(a) not in lesson.expected)
    refused = move("place 7 @3")
    assert refused["error"] == "illegal"
    assert in_english(lambda: refusal(lambda: kingsburg.parse_action("place 7 @3"))) in refused["message"]
    hinted = move(wrong)
    assert hinted["error"] == "illegal" and hinted["message"] == plain(lesson.hint)
    assert hinted["message"] != plain(in_english(lambda: lesson.hint))


def test_a_broken_save_s_reason_in_the_saved_games_follows_a_language_switch(language: str) -> None:
    """The saved games list says why a save cannot be opened; after a switch it says so in the new language (the
    reason was kept as first said, so the list stayed English in a German page)."""
    storage = FakeStorage()
    store = SaveStore(storage)
    store.save("t", kingsburg.new_game(["Ann", "Brian"], 3), {"seats": [{"name": "Ann", "kind": "human"}]})
    storage.data[SAVE + "t"] = TAMPERED
    with i18n.source_language():
        with pytest.raises(StoreError) as english:
            store.load("t")
        (entry,) = store.list()
        assert entry["corrupt"] and entry["error"] == str(english.value)
    with pytest.raises(StoreError) as translated:
        SaveStore(storage).load("t")  # what a page in this language says from its start
    (entry,) = store.list()
    assert entry["error"] == str(translated.value) != str(english.value)
    assert refusal(lambda: kingsburg.load_game(TAMPERED)) in entry["error"]
