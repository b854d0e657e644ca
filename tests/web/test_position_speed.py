"""A position opened from the address (``?position=`` or ``#position=``) and played against a computer keeps the
address's ``speed=`` (issue 21, fault 10: it was always Normal)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from app.controller import App
from app.session import SPEEDS
from app.storage import SaveStore
from fake_storage import FakeStorage
from htmlquery import parse, select

POSITION = quote(
    json.dumps(
        {
            "format": "kingsburg-position",
            "version": 1,
            "year": 1,
            "phase": 2,
            "step": "gifts",
            "turn_order": [0, 1],
            "enemies": ["I-1", "II-1", "III-1", "IV-1", "V-1"],
            "seats": [{"name": "Ann", "dice": [1, 2, 3]}, {"name": "Brian", "dice": [4, 5, 6]}],
        }
    )
)


@pytest.mark.parametrize("where", ["search", "fragment"])
@pytest.mark.parametrize("speed", ["instant", "slow"])
def test_a_played_position_paces_the_computers_at_the_addresss_speed(where: str, speed: str) -> None:
    params = f"position={POSITION}&play=1&seats=human,normal&speed={speed}"
    app = (
        App(SaveStore(FakeStorage()), f"?{params}")
        if where == "search"
        else App(SaveStore(FakeStorage()), "", f"#{params}")
    )
    assert app.session is not None and app.mode == "game"
    assert app.session.speed == speed and app.scene_delay() == SPEEDS[speed]
    chosen = select(parse(app.views()["panel"]), 'select[data-action="speed"] option[selected]')
    assert [o.attrs["value"] for o in chosen] == [speed]
