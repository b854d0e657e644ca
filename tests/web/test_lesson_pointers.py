"""A lesson's pointers pick the board part of the seat, advisor or building they name, whatever order the board
shows the players in (the ranking comes before the strips; a player's own strip comes first)."""

from __future__ import annotations

import json
from urllib.parse import quote

from app.controller import App
from app.storage import SaveStore
from app.views import SKELETON
from fake_storage import FakeStorage
from htmlquery import Node, parse, select

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]
VP = [3, 1, 4, 0, 5]  # the ranking's order is not the seats' either
SEATED = ("goods", "dice", "soldiers", "tokens", "vp", "seat", "sheet")
ADVISORS = (1, 2, 9, 17, 18)
PART = {"goods": "strip-stats", "soldiers": "strip-stats", "tokens": "strip-stats", "dice": "strip-dice"}
PART |= {"vp": "vp", "seat": "strip", "sheet": "sheet", "building": "bld"}


def lesson() -> str:
    """Five seats; step k points at every part of seat k, the last step at advisors and a seatless building."""
    seats = [
        {"name": name, "vp": vp, "soldiers": seat, "buildings": ["statue"]}
        for seat, (name, vp) in enumerate(zip(NAMES, VP, strict=True))
    ]
    position = {"format": "kingsburg-position", "version": 1, "year": 2, "phase": 1}
    position |= {"turn_order": [3, 1, 4, 0, 2], "seats": seats}
    steps = [
        {"text": f"{name}.", "point": [f"{w}:{seat}" for w in SEATED] + [f"building:statue:{seat}"], "next": True}
        for seat, name in enumerate(NAMES)
    ]
    steps.append({"text": "The court.", "point": [f"advisor:{n}" for n in ADVISORS] + ["building:crane"], "next": True})
    return json.dumps({"format": "kingsburg-lesson", "version": 1, "title": "Five", "start": position, "steps": steps})


def page(app: App) -> Node:
    """The board as the page puts it together: the skeleton with each container's markup in it."""
    root = parse(SKELETON)
    for part, markup in app.views().items():
        (container,) = select(root, f"#{part}")
        container.children = parse(markup).children
        for child in container.elements:
            child.parent = container
    return root


def owner(el: Node, names: list[str]) -> int:
    """The seat a board part belongs to, read from its strip or sheet: the name shown in it (and its data-seat)."""
    holder = el.closest(".strip") or el.closest(".sheet")
    assert holder is not None, f"<{el.tag} class={el.attrs.get('class')!r}> is in no strip or sheet"
    (name,) = select(holder, ".strip-head .chip-name, .sheet-title .chip-name")
    seat = names.index(name.text().removesuffix("’s"))
    assert holder.attrs.get("data-seat") == str(seat)
    return seat


def only(root: Node, css: str) -> Node:
    found = select(root, css)
    assert len(found) == 1, f"{css!r} picks {len(found)} elements"
    return found[0]


def check_seat(app: App, root: Node, pointers: tuple[str, ...], selectors: list[str], seat: int) -> None:
    """Each pointer at ``seat`` picks one element, of that seat, the part it names."""
    game = app.session.game
    for pointer, css in zip(pointers, selectors, strict=True):
        el = only(root, css)
        assert owner(el, app.session.names) == seat, (pointer, css)
        word = pointer.split(":")[0]
        assert PART[word] in el.classes, (pointer, css)
        if word == "vp":
            assert select(el, "b")[0].text() == str(game.state.players[seat].vp)
        if word == "building":
            assert select(el, ".bld-name")[0].text() == "Statue"


def test_every_pointer_picks_the_part_it_names_whatever_the_order_of_the_strips() -> None:
    app = App(SaveStore(FakeStorage()), "", "#lesson=" + quote(lesson()))
    assert app.mode == "game" and app.session.names == NAMES
    # A board of five with its own player first: its strips are in neither seat nor ranking order.
    other = App(SaveStore(FakeStorage()), "?seed=4")
    other.handle("count", "5")
    for seat, kind in enumerate(("easy", "easy", "easy", "human", "easy")):
        other.handle("kind", kind, str(seat))
    other.handle("start")
    shown = [n.text() for n in select(page(other), "#strips > .strip .strip-head .chip-name")]
    names = other.session.names
    assert shown[0] == names[3] and shown != names
    for seat in range(len(NAMES)):
        app.views()
        step = app.session.lesson.step
        assert step is not None and len(step.point) == len(SEATED) + 1
        selectors = app.pointers()
        check_seat(app, page(app), step.point, selectors, seat)
        other.handle("tab", str(seat))  # as the lesson shows the sheet of a seat pointed at
        check_seat(other, page(other), step.point, selectors, seat)
        app.handle("lesson-next")
    app.views()
    root = page(app)
    *advisors, building = app.pointers()
    assert [select(only(root, css), ".adv-num")[0].text() for css in advisors] == [str(n) for n in ADVISORS]
    assert select(only(root, building), ".bld-name")[0].text() == "Crane"
