"""``python -m kingsburg link FILE`` prints the addresses that open a position, a lesson or a collection, and the
page opens each as the file says; ``position check`` says which position files load (an author's tools:
docs/lessons.md)."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage

import kingsburg
from kingsburg.cli import main
from kingsburg.lesson import builtin_text

POSITION = Path(__file__).parents[1] / "positions" / "goblins-year-3.json"


def links(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    assert main(["link", str(path), "--base", "https://example.org/kingsburg/"]) == 0
    return capsys.readouterr().out.split()


def opened(address: str) -> App:
    parts = urlsplit(address)
    assert address.startswith("https://example.org/kingsburg/")
    return App(SaveStore(FakeStorage()), "?" + parts.query if parts.query else "", "#" + parts.fragment)


def same(game: kingsburg.Game) -> dict:
    position = game.position()
    for secret in ("rng", "dice"):  # a link never carries the dice to come
        position.pop(secret, None)
    return position


def test_a_position_s_links_open_it_read_only_playable_and_whole(capsys: pytest.CaptureFixture[str]) -> None:
    short, playable, whole = links(capsys, POSITION)
    expected = same(kingsburg.load_game(POSITION.read_text()))
    for address, play in ((short, False), (playable, True), (whole, False)):
        app = opened(address)
        assert app.mode == "game" and not app.notices, (address[:60], app.notices)
        assert same(app.session.game) == expected
        assert app.session.readonly is not play
    assert len(short) < len(whole) / 2


def test_a_lesson_s_link_opens_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    path.write_text(builtin_text("08-battle"), encoding="utf-8")
    [address] = links(capsys, path)
    app = opened(address)
    assert app.mode == "game" and app.markers()["lesson"] == "1"
    assert app.session.lesson.lesson.title == json.loads(builtin_text("08-battle"))["title"]


def test_a_collection_s_link_opens_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    collection = {"format": "kingsburg-collection", "version": 1, "title": "Two", "lessons": ["11-market", "12-crane"]}
    path = tmp_path / "two.json"
    path.write_text(json.dumps(collection), encoding="utf-8")
    [address] = links(capsys, path)
    assert "#collection=" in address
    app = opened(address)
    assert app.mode == "game" and app.session.collection.title == "Two" and app.session.name == "11-market"


def test_a_bad_file_gets_its_reason_and_no_link(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = json.loads(POSITION.read_text())
    bad["seats"][0]["vp_sources"] = {"buildings": 8}  # a Statue and a Palisade are worth 3
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    assert main(["link", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "worth 3" in out.err
    assert main(["position", "check", str(POSITION), str(path), str(tmp_path / "missing.json")]) == 1
    out = capsys.readouterr()
    assert "goblins-year-3.json: ok, 3 players, year 3, phase 7" in out.out
    assert "bad.json: seat 0: 'vp_sources' counts 8 VP from buildings" in out.err and "cannot be read" in out.err
