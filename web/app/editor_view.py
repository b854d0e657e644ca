"""The position editor's screen as HTML (editor.py is its model, editor_control.py its events).

The screen is drawn in parts (``PARTS``), each set only when it changed (web/page.py): a field typed into and
left does not redraw the buttons, so a click on Export right after typing lands on the button it aimed at.
"""

from __future__ import annotations

from kingsburg import BUILDINGS, Rules
from kingsburg.content import ENEMY_BY_ID, ROMAN, enemies_of_year
from kingsburg.i18n import N_, _, pgettext

from . import board
from .board import Ctx
from .editions import label, modules, phase_name, scenarios
from .editor import SEAT_NUMBERS, Editor
from .markup import Markup, fill, html, join
from .selection import Selection
from .session import Session
from .theme import seat_class


def skeleton() -> Markup:
    """The editor's containers, set once (in the reader's language)."""
    return html(
        '<div class="editor">'
        '<header class="ed-head"><h1>{}</h1>'
        '<button type="button" class="tool" data-action="edit-close">{}</button></header>'
        '<p class="ed-intro">{}</p>'
        '<section id="ed-check" class="ed-check" aria-label="{}"></section>'
        '<div id="ed-actions" class="ed-actions"></div>'
        '<div id="ed-links" class="ed-links"></div>'
        '<section id="ed-preview" class="ed-preview" aria-labelledby="ed-preview-title"></section>'
        '<div id="ed-form" class="ed-form"></div>'
        "</div>",
        fill(_("Position editor")),
        fill(pgettext("leave the editor", "Back")),
        fill(
            _(
                "Set up any moment of a game: the engine checks the position as you go. Export it as a file, copy a "
                "link to it, or open it on the board."
            )
        ),
        fill(_("The engine's verdict")),
    )


def __getattr__(name: str) -> Markup:
    """``SKELETON``: the editor's skeleton in the reader's language now (it was a constant)."""
    if name == "SKELETON":
        return skeleton()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


PARTS = ("ed-check", "ed-actions", "ed-links", "ed-preview", "ed-form")


def field_id(key: str) -> str:
    return "ed-" + key.replace(".", "-")


def select(key: str, title: str, options: list[tuple[str, str]], chosen: str) -> Markup:
    """A labelled select of ``options`` (value, text) whose change edits ``key``."""
    return html(
        '<label class="ed-field" for="{}"><span>{}</span><select id="{}" data-action="edit-field" data-seat="{}" '
        'data-value="{}">{}</select></label>',
        field_id(key),
        title,
        field_id(key),
        key,
        key,
        join(html('<option value="{}"{}>{}</option>', v, " selected" if v == chosen else "", t) for v, t in options),
    )


def text(key: str, title: str, value: object, numeric: bool = True, wide: bool = False) -> Markup:
    """A labelled text field whose change edits ``key`` (numbers typed as text: a bad one is said, not dropped)."""
    return html(
        '<label class="ed-field{}" for="{}"><span>{}</span><input id="{}" type="text" value="{}"{} autocomplete="off" '
        'spellcheck="false" data-action="edit-field" data-seat="{}" data-value="{}"></label>',
        " wide" if wide else "",
        field_id(key),
        title,
        field_id(key),
        value,
        Markup(' inputmode="numeric" size="4"') if numeric else Markup(""),
        key,
        key,
    )


def form(ed: Editor) -> Markup:
    p = ed.position
    rules = ed.rules_choice()
    names = [str(s.get("name", _("Player {n}").format(n=i + 1))) for i, s in enumerate(ed.seats)]
    game = html(
        '<fieldset class="ed-group"><legend>{}</legend><div class="ed-row">{}{}{}{}</div>{}</fieldset>',
        fill(pgettext("the editor's fields", "Game")),
        select("count", _("Players"), [(str(n), str(n)) for n in range(2, 6)], str(len(ed.seats))),
        select("year", _("Year"), [(str(y), ROMAN[y]) for y in range(1, 6)], str(p["year"])),
        select(
            "phase",
            _("Phase (at its start)"),
            [(str(n), f"{n}. {phase_name(Rules(edition=rules['edition']), n)}") for n in range(1, 9)],
            str(p["phase"]),
        ),
        select(
            "edition",
            _("Edition"),
            [("1", pgettext("edition", "First")), ("2", pgettext("edition", "Second"))],
            str(rules["edition"]),
        ),
        rules_fields(ed),
    )
    order = html(
        '<fieldset class="ed-group"><legend>{}</legend><div class="ed-row">{}</div></fieldset>',
        fill(_("Turn order")),
        join(
            select(f"order-{place}", f"{place + 1}.", [(str(i), n) for i, n in enumerate(names)], str(seat))
            for place, seat in enumerate(p["turn_order"])
        ),
    )
    cards = ed.enemies()
    enemies = html(
        '<fieldset class="ed-group"><legend>{}</legend><div class="ed-row">{}</div></fieldset>',
        fill(_("Enemy cards")),
        join(
            select(
                f"enemy-{y}",
                _("Year {year}").format(year=ROMAN[y]),
                [("", pgettext("an enemy card", "Random"))] + [(e.id, e.name) for e in enemies_of_year(y)],
                cards[y - 1] or "",
            )
            for y in range(1, 6)
        ),
    )
    dice = html(
        '<fieldset class="ed-group"><legend>{}</legend>{}<p class="hint">{}</p></fieldset>',
        fill(_("Dice")),
        text("dice", _("Scripted dice"), " ".join(map(str, p.get("dice", []))), numeric=False, wide=True),
        fill(
            _(
                "Optional: the faces the next rolls show, in order (the King's die counts), before the generator "
                "takes over."
            )
        ),
    )
    seats = join(seat_fields(ed, i, names[i]) for i in range(len(ed.seats)))
    return html('<div class="ed-grid" data-rev="{}">{}{}{}{}{}</div>', ed.revision, game, order, enemies, dice, seats)


def rules_fields(ed: Editor) -> Markup:
    """The second edition's scenario and modules (the first edition has neither)."""
    rules = ed.rules_choice()
    if rules["edition"] != 2:
        return Markup("")
    scenario = select(
        "scenario", _("Scenario"), [("", _("None"))] + [(o.name, o.title) for o in scenarios()], rules["scenario"]
    )
    boxes = join(
        html(
            '<label class="ed-check-opt"><input type="checkbox" value="{}" data-action="edit-field" data-seat="module"'
            ' data-value="module-{}"{}> {}</label>',
            o.name,
            o.name,
            " checked" if o.name in rules["modules"] else "",
            o.title,
        )
        for o in modules()
    )
    return html('<div class="ed-row">{}{}</div>', scenario, boxes)


def seat_fields(ed: Editor, i: int, name: str) -> Markup:
    seat = ed.seats[i]
    numbers = join(text(f"{i}.{key}", _(title), seat.get(key, 0)) for key, title, _lo, _hi in SEAT_NUMBERS)
    built = set(seat.get("buildings", []))
    rows = join(
        html(
            '<button type="button" class="ed-building" data-action="edit-building" data-value="{}:{}" '
            'aria-pressed="{}">{}</button>',
            i,
            b.slug,
            "true" if b.slug in built else "false",
            _(b.name),
        )
        for b in BUILDINGS
    )
    return html(
        '<fieldset class="ed-group ed-seat {}"><legend>{}</legend>{}<div class="ed-row">{}</div>'
        '<div class="ed-buildings" role="group" aria-label="{}">{}</div>'
        "</fieldset>",
        seat_class(i),
        fill(_("Seat {n}: {name}"), n=i + 1, name=name),
        text(f"{i}.name", _("Name"), name, numeric=False),
        numbers,
        fill(_("{name}'s buildings (a row is built left to right)"), name=name),
        rows,
    )


def check(ed: Editor) -> Markup:
    """The last refused edit, and what the engine says of the position: its refusal, or a summary of it."""
    out = html('<p class="msg err" role="alert">{}</p>', ed.refused) if ed.refused else Markup("")
    verdict = ed.verdict()
    if verdict.game is None:
        return out + html(
            '<p class="msg err" role="status" id="ed-reason"><b>{}</b> {}</p>',
            fill(_("The engine refuses this position:")),
            _("{reason}.").format(reason=verdict.error),
        )
    g = verdict.game
    enemy = g.state.deck[g.year - 1] if g.year else None
    return out + html(
        '<p class="msg ok" role="status"><b>{}</b> {}</p>',
        fill(_("The engine accepts this position.")),
        fill(
            _("Year {year}, {phase} ({rules}): {prompt} This year's enemy: {enemy}."),
            year=ROMAN[g.year],
            phase=phase_name(g.rules, g.phase),
            rules=label(g.rules),
            # The engine's prompt, in the reader's words: the decision's kind ("aid") is the notation's.
            prompt=g.prompt() or _("No decision waits."),
            enemy=enemy_name(enemy),
        ),
    )


def enemy_name(card: str | None) -> str:
    return ENEMY_BY_ID[card].title() if card in ENEMY_BY_ID else _("unknown")


ACTIONS = (
    ("edit-export", "", N_("Export"), N_("Download the position as a file")),
    ("edit-copy", "short", N_("Copy link"), N_("Copy a short ?s= link to the position")),
    ("edit-copy", "full", N_("Copy #position= link"), N_("Copy a link holding the position's JSON")),
    ("edit-show", "read", N_("Show"), N_("Open the position as a read-only board")),
    ("edit-show", "play", N_("Play from here"), N_("Open the position as a game, every seat a person")),
)
"""The editor's buttons: (action, value, words, tooltip), the words marked (``_()`` them where they are shown)."""


def actions(ed: Editor, playable: bool = False) -> Markup:
    """The buttons, disabled while the engine refuses the position (the reason is said above them), and the links'
    option: ``playable``, they open the position as a game to play from there, not as a board to look at."""
    off = ed.verdict().game is None
    option = html(
        '<label class="ed-check-opt ed-playable"><input type="checkbox" data-action="edit-playable" value="{}"{}> '
        "{}</label>",
        "0" if playable else "1",  # what a change sets: the other state
        Markup(" checked") if playable else Markup(""),
        _("Playable links: they open a game to play from this position, not a board to look at"),
    )
    return option + join(
        html(
            '<button type="button" class="{}" data-action="{}" data-value="{}" title="{}"{}>{}</button>',
            "primary" if action == "edit-show" and value == "play" else "tool",
            action,
            value,
            _(title),
            Markup(' disabled aria-describedby="ed-reason"') if off else Markup(""),
            _(text_),
        )
        for action, value, text_, title in ACTIONS
    )


def links(short: str, full: str, copied: str, playable: bool = False) -> Markup:
    """The two links, shown once one was copied (to copy by hand where the browser refused)."""
    if not copied:
        return Markup("")
    said = {
        "short": _("The short link was copied."),
        "full": _("The #position= link was copied."),
        "failed": _("This browser did not let the page copy: select a link and copy it."),
    }[copied]
    if playable and copied != "failed":
        said = _("The playable link was copied: it opens a game to play from this position.")
    return html(
        '<p class="msg{}" role="status">{}</p>'
        '<label class="ed-field wide" for="ed-link-short"><span>{}</span>'
        '<input id="ed-link-short" type="text" readonly value="{}" spellcheck="false"></label>'
        '<label class="ed-field wide" for="ed-link-full"><span>{}</span>'
        '<input id="ed-link-full" type="text" readonly value="{}" spellcheck="false"></label>',
        " err" if copied == "failed" else "",
        said,
        fill(_("Short link")),
        short,
        fill(_("#position= link")),
        full,
    )


def preview(ed: Editor) -> Markup:
    """The board as the position will open, drawn by the board's own renderers (board.py: the top bar, the court,
    the players' strips) from the game the engine loads, read-only: nothing in it can be clicked or focused, and a
    screen reader reads the verdict above instead. While the engine refuses the position, its reason stands here."""
    game = ed.verdict().game
    heading = html(
        '<h2 id="ed-preview-title">{}</h2><p class="hint">{}</p>',
        _("Preview"),
        _("The board as the position will open, drawn again at each change."),
    )
    if game is None:
        return heading + html('<p class="msg err">{}</p>', _("No preview: the engine refuses this position (above)."))
    session = Session(game, {"seats": [{"kind": "human"}] * len(game.players)}, readonly=True)
    ctx = Ctx(
        session=session,
        view=session.view(),
        viewer=session.viewer,
        legal=[],
        sel=Selection(),
        targets={},
        missed={},
        reachable=set(),
        tab=0,
    )
    return heading + html(
        '<div class="ed-board" inert aria-hidden="true"><div class="topbar">{}</div>'
        '<div class="court">{}</div><div class="strips">{}</div></div>',
        board.topbar(ctx),
        board.court(ctx),
        board.strips(ctx),
    )
