"""HTML is escaped by default (web/app/markup.py): player names, lesson texts, log lines and error messages reach
the page only as text, on every screen; and no HTML the page builds itself is escaped twice (it would show as
``<span …`` on the screen)."""

from __future__ import annotations

import html as stdlib_html
import json
import random
import re
from html.parser import HTMLParser

import pytest
from app.controller import App
from app.hint import plain
from app.icons import icon
from app.lesson_view import rich
from app.markup import Markup, escape, html, join
from app.storage import SaveStore
from fake_storage import FakeStorage
from webhelpers import click

from kingsburg import parse_action
from kingsburg.lesson import builtin_text

EVIL = ("<img src=x onerror=alert(1)>", '"><script>bad()</script>', "<b onclick=x>Bo</b>", "&lt; 'Q' &amp;")
TAG = re.compile(r"<[a-zA-Z/!]|=\"|&(?:[a-zA-Z]+|#[0-9]+|#x[0-9a-fA-F]+);")  # a tag, an attribute, an entity


class Page(HTMLParser):
    """What a browser would make of the HTML: its elements, attributes and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [(name, value or "") for name, value in attrs]

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(markup: str) -> Page:
    page = Page()
    page.feed(markup)
    page.close()
    return page


def check(markup: str, untrusted: tuple[str, ...] = EVIL) -> None:
    """No untrusted text became an element or an attribute, and no HTML shows as text (escaped twice)."""
    page = parsed(markup)
    assert not {"img", "script"} & set(page.tags), markup
    assert not [name for name, _ in page.attrs if name.startswith("on") or name == "src"], markup
    shown = [*page.text, *(value for _, value in page.attrs)]
    for piece in shown:
        for text in untrusted:
            piece = piece.replace(text, "")
        assert not TAG.search(piece), f"HTML shown as text: {piece[:200]!r}"


def screens(app: App) -> str:
    views = app.views()
    return "".join(views.values()) + "".join(app.log_items())


def test_markup_escapes_what_is_not_markup() -> None:
    name = EVIL[0]
    assert html("<b>{}</b>", name) == "<b>&lt;img src=x onerror=alert(1)&gt;</b>"
    assert html('<i title="{}">{}</i>', EVIL[1], html("<u>{}</u>", 1)) == (
        '<i title="&quot;&gt;&lt;script&gt;bad()&lt;/script&gt;"><u>1</u></i>'
    )
    assert html("{:.1f} VP", 2.25) == "2.2 VP"
    assert join([html("<b>{}</b>", "&"), escape("<")], Markup("<br>")) == "<b>&amp;</b><br>&lt;"
    assert isinstance(Markup("<p>") + html("{}", "<"), Markup)
    assert Markup("<p>") + "<" == "<p>&lt;"  # type: ignore[operator]  # refused by mypy; escaped if it ran
    assert "<" + Markup("<p>") == "&lt;<p>"  # type: ignore[operator]
    with pytest.raises(ValueError, match="2 arguments for 1 fields"):
        html("<b>{}</b>", 1, 2)
    with pytest.raises(ValueError, match="1 arguments for 2 fields"):
        html("<b>{}{}</b>", 1)
    with pytest.raises(ValueError, match="positional"):
        html("<b>{name}</b>", 1)


def test_escaping_is_the_standard_library_s() -> None:
    """markup.py escapes without the html module (whose import is slow in the page): the same text comes out."""
    rng = random.Random(7)
    alphabet = "&<>\"'a; #x\u00e9\u2014"
    samples = [*EVIL, "", "&amp;", "'\"'", *("".join(rng.choices(alphabet, k=rng.randint(1, 30))) for _ in range(300))]
    for text in samples:
        assert escape(text) == stdlib_html.escape(text, quote=True)
        assert html("<i>{}</i>", text) == f"<i>{stdlib_html.escape(text, quote=True)}</i>"


def test_a_hint_names_a_button_by_its_text() -> None:
    """The hint quotes a button's label as text: a Merchants' Guild is not a Merchants&#x27; Guild."""
    label = html('<span class="b-name">Build the {}</span> {}', "Merchants' Guild", icon("vp"))
    assert plain(label) == "Build the Merchants' Guild"
    assert escape(plain(label)) == "Build the Merchants&#x27; Guild"  # escaped once, where it is drawn


@pytest.mark.no_cover  # other tests trace every line it runs: untraced, it takes half the time (tests/conftest.py)
def test_no_player_name_log_line_or_message_reaches_the_page_as_html() -> None:
    """A whole game of two people and two computers named like attacks: every decision, hand-over, scene,
    banner, log line, the end screen, the saved list, the record of finished games and the rules."""
    storage = FakeStorage()
    app = App(SaveStore(storage))
    app.handle("count", "4")
    for seat, (name, kind) in enumerate(zip(EVIL, ("human", "human", "easy", "random"), strict=True)):
        app.handle("name", name, str(seat))
        app.handle("kind", kind, str(seat))
    check(screens(app))
    app.handle("start")
    assert app.mode == "game" and app.session.names == list(EVIL)
    seen_names = hinted = False
    rng = random.Random(3)
    for _ in range(3000):
        page = screens(app)
        check(page)
        seen_names |= all(escape(name) in page for name in EVIL)
        game = app.session.game
        if game.is_over() and not app.game_screen.scenes:
            break
        if app.game_screen.scenes:
            while app.scene_step():  # the winter battle, stage by stage up to every fight's outcome
                check(screens(app))
            check(screens(app))
            app.handle("scene-next")
        elif app.game_screen.season is not None:
            app.handle("season-close")
        elif app.computer_due():
            turn = app.bot_turn()
            while not turn.work(0.005):
                pass
            app.finish_bot(turn)
        elif app.session.handover is not None:
            app.handle("reveal")
        else:
            if game.decision() == "build" and not hinted:  # the hint names a choice by its button's words
                hinted = app.handle("hint").redraw
                check(screens(app))
            click(app, rng.choice(game.legal_actions()))
    assert app.session.game.is_over() and seen_names and hinted
    check(screens(app))  # the end screen
    app.save_now()
    app.handle("rules")
    check(screens(app))
    app.handle("close-rules")
    app.handle("home")  # the saved list and the record of finished games name the players
    page = screens(app)
    check(page)
    assert escape(EVIL[0]) in page
    app.handle("import-text", json.dumps({"format": EVIL[1]}))  # an error message quoting what it read
    page = screens(app)
    check(page)
    assert 'class="msg err' in page


def test_no_lesson_text_reaches_the_page_as_html() -> None:
    """The engine refuses HTML and entities in a lesson (its message, quoting them, is escaped); what it lets
    through (``&``, quotes, ``**bold**``) is drawn as text, and ``rich`` would escape HTML too."""
    assert rich(f"**{EVIL[1]}** and *{EVIL[2]}*\n{EVIL[3]}") == (
        f"<strong>{escape(EVIL[1])}</strong> and <em>{escape(EVIL[2])}</em><br>{escape(EVIL[3])}"
    )
    lesson = json.loads(builtin_text("02-spring"))
    lesson["title"] = EVIL[0]
    app = App(SaveStore(FakeStorage()))
    app.handle("lesson-text", json.dumps(lesson))
    page = screens(app)
    check(page, ("('<i'",))  # the engine's message quotes the start of the HTML it refused
    assert app.mode == "start" and "the title holds HTML (&#x27;&lt;i&#x27;…)" in page

    lesson["title"] = "Q&A: \"quotes\" & 'apostrophes'"
    lesson["steps"][0]["text"] = '**Tom & Jerry\'s** "dice"\n*a & b*'
    app = App(SaveStore(FakeStorage()))
    app.handle("lesson-text", json.dumps(lesson))
    assert app.mode == "game", app.notices
    page = screens(app)
    check(page, (lesson["title"],))
    assert escape(lesson["title"]) in page
    assert "<strong>Tom &amp; Jerry&#x27;s</strong> &quot;dice&quot;<br><em>a &amp; b</em>" in page
    while not app.session.lesson.finished:
        check(screens(app))
        if app.session.lesson.can_next:
            app.handle("lesson-next")
        else:
            click(app, parse_action(app.session.lesson.expected[0]))
    check(screens(app))
