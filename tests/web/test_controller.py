"""The page model end to end on CPython: starting, playing by clicks, saving, reloading, files, bad input."""

from __future__ import annotations

import json
import re

import pytest
from app.controller import App
from app.screens import tie_break
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import clickable, play_to_end, run_computers

import kingsburg

TAGS = re.compile(r"<[^>]*>")


def start(storage: FakeStorage, search: str = "", count: int = 2, kinds=("human", "random")) -> App:
    app = App(SaveStore(storage), search)
    if app.mode == "start":
        app.handle("count", str(count))
        for i, kind in enumerate(kinds):
            app.handle("kind", kind, str(i))
        app.handle("start")
    app.save_now()
    return app


@pytest.mark.parametrize(("players", "kinds"), [(2, ("human", "random")), (4, ("random", "human", "easy", "random"))])
def test_a_whole_game_by_clicks_reaches_the_end_screen(storage: FakeStorage, players: int, kinds) -> None:
    app = start(storage, "?seed=21", players, kinds)
    assert app.mode == "game"
    made = play_to_end(app)
    assert made > 10
    views = app.views()
    assert 'class="overlay end"' in views["overlay"]
    game = app.session.game
    for seat in game.winners():
        assert game.players[seat] in TAGS.sub(" ", views["overlay"])
    for seat in range(players):
        assert sum(game.score_breakdown(seat).values()) == game.scores()[seat]
    assert app.markers()["over"] == "1"


def test_the_end_screen_shows_each_total_next_to_the_name(storage: FakeStorage) -> None:
    """On a phone the scores table scrolls sideways: the total is the column after the player's name, so it shows
    without scrolling (the breakdown and the tie-breaks follow)."""
    app = start(storage, "?seed=21", 3, ("human", "random", "easy"))
    play_to_end(app)
    overlay = str(app.views()["overlay"])
    headers = re.findall(r'<th scope="col[^"]*"[^>]*>([^<]+)</th>', overlay)
    assert headers[:3] == ["#", "Player", "Total VP"], headers
    game = app.session.game
    rows = re.findall(r'<th scope="row">(.*?)</th><td class="total">(.*?)</td>', overlay)
    assert len(rows) == 3
    for name_cell, total in rows:
        [seat] = [i for i, name in enumerate(game.players) if name in name_cell]
        assert TAGS.sub("", total).strip() == str(game.scores()[seat]), (name_cell, total)


def test_every_decision_s_legal_choices_have_a_button(storage: FakeStorage) -> None:
    app = start(storage, "?seed=5", 3, ("human", "human", "human"))
    kinds_seen = set()
    for _ in range(400):
        s = app.session
        if s.game.is_over():
            break
        if s.handover is not None:
            app.handle("reveal")
        legal = s.game.legal_actions()
        kinds_seen.add(s.game.decision())
        others = {str(a) for a in legal if a.kind != "place"}
        assert others <= clickable(app), s.game.decision()
        app.handle("act", str(legal[-1] if s.game.decision() != "influence" else legal[0]))
    assert {"aid", "influence", "build", "recruit"} <= kinds_seen


def test_reload_brings_back_the_same_position_and_screen(storage: FakeStorage) -> None:
    app = start(storage, "?seed=8", 3, ("human", "human", "normal"))
    for _ in range(25):
        run_computers(app)
        if app.session.handover is not None:
            app.handle("reveal")
        app.handle("act", str(app.session.game.legal_actions()[0]))
        app.save_now()
    run_computers(app)
    app.save_now()
    before = (app.debug_position(), app.markers())
    again = App(SaveStore(storage))
    assert again.mode == "game"
    assert (again.debug_position(), again.markers()) == before


def test_going_home_then_reloading_shows_the_start_screen_with_the_game_listed(storage: FakeStorage) -> None:
    app = start(storage)
    app.handle("act", str(app.session.game.legal_actions()[0]))
    app.handle("home")
    again = App(SaveStore(storage))
    assert again.mode == "start"
    assert "Continue" in again.views()["app"]


def test_a_corrupted_save_gives_a_message_and_leaves_the_others_alone(storage: FakeStorage) -> None:
    first = start(storage, "?seed=1")
    first.handle("act", str(first.session.game.legal_actions()[0]))
    first.save_now()
    good_id = first.session.save_id
    first.handle("home")
    second = start(storage, "?seed=2")
    bad_id = second.session.save_id
    key = f"kingsburg/v1/save/{bad_id}"
    storage.data[key] = storage.data[key].replace('"actions": [', '"actions": ["build cathedral", ', 1)
    good_before = storage.data[f"kingsburg/v1/save/{good_id}"]

    app = App(SaveStore(storage))  # the damaged game was the last one: reload tries it
    assert app.mode == "start"
    text = TAGS.sub(" ", app.views()["app"])
    assert "cannot be opened" in text
    app.handle("continue", good_id)
    assert app.mode == "game" and app.session.save_id == good_id
    assert storage.data[f"kingsburg/v1/save/{good_id}"] == good_before
    assert f"kingsburg/v1/save/{bad_id}" in storage.data  # kept, so it can still be exported


def test_export_then_import_gives_the_same_game(storage: FakeStorage) -> None:
    app = start(storage, "?seed=3")
    for _ in range(6):
        run_computers(app)
        app.handle("act", str(app.session.game.legal_actions()[0]))
    app.save_now()
    download = app.handle("export-current").download
    assert download is not None
    name, text = download
    assert name.startswith("kingsburg-" + "-".join(app.session.names) + "-") and name.endswith(".json")
    assert json.loads(text)["app"]["seats"][1]["kind"] == "random"
    app.handle("home")
    app.handle("import-text", text)
    assert app.mode == "game"
    assert app.session.game.actions == kingsburg.load_game(text).actions
    assert len(app.store.list()) == 2


@pytest.mark.parametrize("text", ["", "hello", '{"format": "kingsburg-game"}', "[1, 2]", json.dumps({"a": 1})])
def test_importing_a_file_that_is_not_a_game_explains_and_changes_nothing(storage: FakeStorage, text: str) -> None:
    app = start(storage)
    app.handle("home")
    keys = dict(storage.data)
    app.handle("import-text", text)
    assert app.mode == "start"
    assert "not a Kingsburg game" in TAGS.sub(" ", app.views()["app"])
    assert storage.data == keys


def test_delete_asks_first(storage: FakeStorage) -> None:
    app = start(storage)
    save_id = app.session.save_id
    app.handle("home")
    app.handle("delete", save_id)
    assert "Delete this game for good?" in app.views()["app"]
    app.handle("delete-no")
    assert save_id in app.views()["app"]
    app.handle("delete", save_id)
    app.handle("delete-yes", save_id)
    assert f"kingsburg/v1/save/{save_id}" not in storage.data
    assert "No saved games yet" in app.views()["app"]


def test_without_storage_the_game_goes_on_with_a_warning() -> None:
    app = App(SaveStore(None), "?seats=human,random&seed=4")
    assert app.mode == "game"
    assert "does not let this page use its storage" in app.views()["notice"]
    app.handle("act", str(app.session.game.legal_actions()[0]))
    assert app.save_now() is True or app.store.warning


def test_full_storage_warns_and_keeps_playing() -> None:
    storage = FakeStorage()
    app = App(SaveStore(storage), "?seats=human,random&seed=4")
    app.save_now()
    storage.quota = sum(len(k) + len(v) for k, v in storage.data.items()) + 200  # full a few decisions later
    for _ in range(40):
        run_computers(app)
        app.handle("act", str(app.session.game.legal_actions()[0]))
        app.save_now()
    assert "Storage is full" in app.views()["notice"]
    assert not app.game_screen.error


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("?seed=abc", "not a whole number"),
        ("?seed=-4", "not a whole number"),
        ("?seed=99999999999999999999999", "not a whole number"),
        ("?speed=warp", "the speeds are"),
        ("?seats=human,dragon", "No game was started"),
        ("?seats=human", "No game was started"),
        ("?seats=human,easy&names=A", "default names used"),
        ("?position=%7Bnot%20json", "cannot be shown"),
        ("?%zz=1&&=&seed", "not a whole number"),
        ("?seats=human,easy&edition=3", "the editions are 1 and 2. No game was started"),
        ("?seats=human,easy&scenario=dragons", "the scenarios are goblin-valley, demanding-capital"),
        ("?seats=human,easy&module=ships", "the modules are soldier-tokens. No game was started"),
        ("?seats=human,easy&edition=1&scenario=goblin-valley", "belong to the second edition"),
        ("?seats=human,easy&scenario=wheel-and-deal&module=soldier-tokens", "not compatible with Wheel and Deal"),
        ("?edition=2&position=%7Bnot%20json", "carries its own rules"),
    ],
)
def test_bad_address_parameters_give_a_clear_message(storage: FakeStorage, search: str, expected: str) -> None:
    app = App(SaveStore(storage), search)
    text = TAGS.sub(" ", " ".join(app.views().values()))
    assert expected in text


def test_a_good_address_starts_a_game_and_asks_to_clean_the_address(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?seats=human,easy,hard&names=Ann,Bo,Cy&seed=12&speed=fast")
    assert app.mode == "game" and app.first_update().clean_url
    assert app.session.names == ["Ann", "Bo", "Cy"]
    assert app.session.kinds == ["human", "easy", "hard"]
    assert app.session.speed == "fast"


def test_the_address_chooses_the_rules_of_the_game_it_starts_and_of_the_start_screen(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?seats=human,normal&scenario=goblin-valley&module=soldier-tokens&seed=3")
    assert app.mode == "game"
    assert app.session.game.rules == kingsburg.Rules(2, "goblin-valley", frozenset({"soldier-tokens"}))
    refused = App(SaveStore(storage), "?seats=human,normal&scenario=demanding-capital&module=soldier-tokens")
    assert refused.mode == "start" and refused.session is None  # nothing started, not a first-edition game
    chosen = App(SaveStore(storage), "?edition=2")  # no seats: the start screen, second edition chosen
    assert chosen.mode == "start" and chosen.start_screen.setup["rules"] == {
        "edition": 2,
        "scenario": "",
        "modules": [],
    }
    assert 'value="2" data-action="edition" checked' in chosen.views()["app"]


def test_player_names_are_text_never_html(storage: FakeStorage) -> None:
    evil = '<zz src=x onerror="alert(1)">'
    app = App(SaveStore(storage))
    app.handle("name", evil, "0")
    app.handle("name", "Bob & <script>", "1")
    app.handle("count", "2")
    assert evil not in app.views()["app"]
    app.handle("start")
    app.save_now()
    for _ in range(30):
        run_computers(app)
        views = app.views()
        for html in [*views.values(), *app.log_items()]:
            assert "<zz" not in html and "<script" not in html
        app.handle("act", str(app.session.game.legal_actions()[0]))
    app.handle("home")
    assert "<zz" not in app.views()["app"]


def test_starting_needs_distinct_non_empty_names(storage: FakeStorage) -> None:
    app = App(SaveStore(storage))
    app.handle("name", "  ", "1")
    app.handle("start")
    assert app.mode == "start" and "needs a name" in app.views()["app"]
    app.handle("name", "ann", "1")
    app.handle("start")
    assert app.mode == "start" and "same name" in app.views()["app"]


def test_clicks_out_of_turn_are_refused(storage: FakeStorage) -> None:
    app = start(storage, "?seed=6", 2, ("random", "human"))
    game = app.session.game
    if app.session.computer_to_play:
        decisions = len(game.actions)
        app.handle("act", "pass")
        assert app.game_screen.error and len(game.actions) == decisions
    run_computers(app)
    app.handle("act", "place 6+6+6 @18")
    assert app.game_screen.error and "not possible" in app.game_screen.message


def test_undo_button_message(storage: FakeStorage) -> None:
    app = start(storage, "?seed=6", 2, ("human", "random"))
    run_computers(app)
    app.handle("undo")
    assert app.game_screen.error and "nothing to undo" in app.game_screen.message.lower()


def test_address_values_are_percent_decoded() -> None:
    from app.params import parse, unquote

    assert unquote("Ann%20%26%20Bo+x%zz%E2%98%85") == "Ann & Bo x%zz★"
    p = parse("?seats=human%2Ceasy&names=Ann,Bo%C3%ABl&seed=7", "#speed=fast")
    assert (p.seats, p.names, p.seed, p.speed, p.problems) == (["human", "easy"], ["Ann", "Boël"], 7, "fast", [])


BATTLE = {
    "format": "kingsburg-position",
    "version": 1,
    "year": 1,
    "phase": 7,
    "turn_order": [0, 1],
    "enemies": ["I-3", "II-1", "III-1", "IV-1", "V-1"],
    "dice": [1],
    "seats": [{"name": "Ann", "gold": 2, "wood": 2}, {"name": "Brian", "stone": 1, "wood": 1}],
}


def quote(text: str) -> str:
    from urllib.parse import quote as q

    return q(text, safe="")


def test_a_position_in_the_address_is_shown_read_only(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "?position=" + quote(json.dumps(BATTLE)))
    assert app.mode == "game" and app.session.readonly
    views = app.views()
    text = TAGS.sub(" ", views["panel"])
    assert "recruit soldiers or pass" in text and "nothing can be played" in text
    assert clickable(app) == set()
    app.handle("act", "pass")
    assert app.game_screen.error and len(app.session.game.actions) == 0
    assert not app.computer_due()
    app.save_now()
    assert not any(k.startswith("kingsburg/v1/save/") for k in storage.data)


def test_a_position_in_the_fragment_can_be_played(storage: FakeStorage) -> None:
    app = App(SaveStore(storage), "", "#position=" + quote(json.dumps(BATTLE)) + "&play=1&seats=human,random")
    assert app.mode == "game" and not app.session.readonly
    assert app.session.my_turn
    play_to_end(app)
    assert app.session.game.is_over()


def _standing(*seats: dict) -> kingsburg.Game:
    names = ["Ann", "Brian", "Cindy"][: len(seats)]
    enemies = ["I-3", "II-1", "III-1", "IV-1", "V-1"]
    return kingsburg.load_game(
        {
            "format": "kingsburg-position", "version": 1, "year": 1, "phase": 1, "enemies": enemies,
            "turn_order": list(range(len(seats))),
            "seats": [{"name": n, **s} for n, s in zip(names, seats, strict=True)],
        }
    )  # fmt: skip


def test_the_end_screen_words_the_engine_tie_break() -> None:
    """The winner's reason follows Game.tie_break(): VP, then goods left, then buildings, then a shared win."""
    assert tie_break(_standing({"vp": 9}, {"vp": 7, "gold": 5})) == "Ann has the most victory points (9)."
    assert tie_break(_standing({"vp": 7, "gold": 1}, {"vp": 7, "gold": 3}, {"vp": 7, "wood": 2})) == (
        "Ann, Brian, Cindy tie on 7 VP, so the most goods left decides: Brian has 3, against 1, 2."
    )
    assert tie_break(_standing({"vp": 7, "gold": 3, "buildings": ["statue", "chapel"]}, {"vp": 7, "wood": 3})) == (
        "Ann and Brian tie on 7 VP, so the most goods left decides; Ann and Brian both have 3, so the most "
        "buildings decides: Ann has 2."
    )
    assert tie_break(
        _standing({"vp": 4, "wood": 2, "buildings": ["inn"]}, {"vp": 4, "stone": 2, "buildings": ["statue"]})
    ) == (
        "Ann and Brian tie on 4 VP, so the most goods left decides; Ann and Brian both have 2, so the most "
        "buildings decides, and they have 1 each: they share the victory."
    )


def test_an_unknown_address_parameter_is_named_in_a_message_and_changes_nothing(storage: FakeStorage) -> None:
    plain = App(SaveStore(storage), "?seats=human,random&seed=5")
    app = App(SaveStore(FakeStorage()), "?seats=human,random&seed=5&sead=6&spead=fast")
    assert app.session is not None and plain.session is not None
    assert app.session.game.to_json() == plain.session.game.to_json()  # the known ones read as without the others
    [(text, error)] = app.notices
    assert error and "'sead', 'spead'" in text and "does not know" in text
    assert "does not know" in app.views()["notice"]
    assert plain.notices == []


def test_the_log_drawn_after_each_decision_is_the_log_drawn_afresh() -> None:
    """The log keeps its lines as drawn (screens.LogMemo): after every decision of a hotseat game with secret
    lines, an undo and a change of names, what it gives is what drawing the whole log anew gives, and the lines
    drawn before are reused, not drawn again."""
    from app import screens

    app = App(SaveStore(FakeStorage()), "?seats=human,human,human&seed=3")
    before: list = []
    for step in range(400):
        s = app.session
        if s.game.is_over():
            break
        if app.game_screen.scenes:
            app.handle("scene-next")
            continue
        if s.handover is not None:
            app.handle("reveal")
            continue
        if step == 60:
            app.handle("undo")
        else:
            app.handle("act", str(s.game.legal_actions()[-1]))
        if app.game_screen.scenes:  # a battle being told holds its lines back until its last stage
            continue
        drawn = app.log_items()
        assert drawn == screens.log_items(app.session.view(), app.session.names)
        reused = {id(x) for x in before} & {id(x) for x in drawn}
        if step not in (60, 61) and len(before) > 5:
            assert len(reused) >= len([x for x in before if 'class="log-head"' not in x]) - 2
        before = drawn
    while app.game_screen.scenes:
        app.handle("scene-next")
    # The same memo for another game with other names, then this one again: each drawn as it is.
    other = kingsburg.new_game(["Xena", "Yuri"], seed=2)
    while not any(e.kind == "vp" and e.vp for e in other.events):
        other.apply(other.legal_actions()[0])
    names = ["Xena", "Yuri"]
    assert screens.log_items(other, names, None, app.game_screen.log_memo) == screens.log_items(other, names)
    drawn = screens.log_items(other, names, None, app.game_screen.log_memo)
    assert any(("Xena" in line or "Yuri" in line) and "vpd" in line for line in drawn)
    assert app.log_items() == screens.log_items(app.session.view(), app.session.names)
