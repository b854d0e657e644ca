"""What the page shows, for ``App`` (controller.py): the HTML of each container, the tab's title, the log and the
data attributes the tests read, drawn from the App and its screens (the board on screen: ``App.game_screen``).
Drawing only reads them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from kingsburg import Rules
from kingsburg.collection import builtin_collection
from kingsburg.i18n import _, pgettext

from . import board, editor_view, history, lesson_list, scenario, scenes, screens, share, summary, winter
from .board import Ctx
from .editions import phase_name
from .embed import framed_screen, own_tab_link, waiting_screen
from .icons import icon
from .markup import Markup, fill, html, join
from .panel import panel
from .selection import missed, reachable, targets
from .theme import chip
from .winter import Winter

if TYPE_CHECKING:
    from .controller import App


def skeleton() -> Markup:
    """The game's containers, set once (in the reader's language: their names are read out)."""
    return html(
        '<div class="game">'
        '<header id="topbar" class="topbar"></header>'
        '<section id="panel" class="panel" aria-label="{}"></section>'
        '<div class="main">'
        '<div id="notice" class="notice"></div>'
        '<section id="court" class="court" aria-label="{}"></section>'
        '<section id="sheets" class="sheets" aria-label="{}"></section>'
        '<section id="strips" class="strips" aria-label="{}"></section>'
        '<div id="scenario" class="scn-part"></div>'
        '<aside id="logbox" class="logbox" aria-label="{}"><div id="loghead" class="log-top"></div>'
        '<ol id="log" class="log" tabindex="0" aria-label="{}"></ol></aside>'
        "</div>"
        '<div id="overlay"></div>'
        "</div>",
        fill(_("Your decision")),
        fill(_("The King's court")),
        fill(_("Province sheets")),
        fill(_("Players")),
        fill(_("Game log")),
        fill(_("Game log")),
    )


GAME_PARTS = ("topbar", "panel", "notice", "court", "sheets", "strips", "scenario", "loghead", "overlay")
LAYOUTS: dict[str, tuple[Callable[[], Markup], tuple[str, ...]]] = {
    "game": (skeleton, GAME_PARTS),
    "editor": (editor_view.skeleton, editor_view.PARTS),
}
"""The modes drawn in parts: the skeleton (drawn when it is set) set once, then each part (a container's id) only
when it changed."""


def __getattr__(name: str) -> Markup:
    """``SKELETON``: the game's skeleton in the reader's language now (it was a constant)."""
    if name == "SKELETON":
        return skeleton()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def views(app: App) -> dict[str, Markup]:
    """Container id -> HTML. In start mode only "app"; in game mode the parts of SKELETON."""
    shown = app.game_screen
    warning = _(app.store.warning) if app.store.warning else None  # kept as its message id (storage.py)
    if app.mode == "editor":
        return app.editor_screen.views()
    if app.mode != "game" or app.session is None:
        if app.framed:
            return {"app": framed_screen(app.notices, app.own_tab)}
        if app.embed:
            return {"app": waiting_screen(app.notices)}
        notices = list(app.notices)
        if warning:
            notices.insert(0, (warning, True))
        saves = app.store.list()
        tutorial = builtin_collection()
        start = screens.start_screen(
            app.start_screen.setup,
            saves,
            confirm=app.start_screen.confirm,
            notices=notices,
            now=app.now(),
            tutorial=lesson_list.learn_card(tutorial, app.lesson_screen.shelf().get(tutorial.key), first=not saves),
            stats=history.section(app.store.note(history.KEY)),
        )
        if app.rules_open:  # in the words of the edition chosen (a combination refused still has one)
            start += screens.rules_dialog(Rules(edition=app.start_screen.setup["rules"]["edition"]))
        elif app.lesson_screen.listing:
            start += app.lesson_screen.list_dialog()
        return {"app": start}  # the icons' sprite is in the page once, outside every container (page.py)
    s = app.session
    ctx = context(app)
    overlay = Markup()
    if app.rules_open:
        overlay = screens.rules_dialog(s.game.rules)
    elif app.share_dialog.sharing:
        overlay = share.dialog(app.share_dialog.base_url, s, app.share_dialog.copied)
    elif app.lesson_screen.listing:
        overlay = app.lesson_screen.list_dialog()
    elif shown.scenes:
        overlay = scenes.html(s.game, shown.scenes[0], s.names, app.spectator)
    elif s.handover is not None:
        overlay = screens.handover(s)
    elif s.game.is_over() and shown.results_open and s.shows_results:
        overlay = screens.end_screen(s.game, s, embed=app.embed)
    notice = join(html('<p class="msg err" role="alert">{}</p>', t) for t, _ in app.notices)
    if warning:
        notice = html('<p class="msg warn" role="alert">{}</p>', warning) + notice
    screen = Markup()
    if len(s.humans) > 1 and s.screen is not None:
        screen = html(
            '<span class="whose">{}</span>', fill(_("{name}'s screen"), name=chip(s.screen, s.names[s.screen]))
        )
    buttons: tuple[tuple[str, str, str], ...] = (
        ("rules", "book", _("Rules")),
        ("share", "link", _("Share")),
        ("export-current", "scroll", _("Export")),
        ("home", "menu", _("Games")),
    )
    on = app.sound_on
    switch = html(
        '<button type="button" class="tool" data-action="sound" aria-pressed="{}" '
        'title="{}">'
        '<b class="glyph" aria-hidden="true">♪</b><span>{}</span></button>',
        "true" if on else "false",
        fill(_("Sound of dice, building and battle: on") if on else _("Sound of dice, building and battle: off")),
        fill(_("Sound")),
    )
    if app.embed:  # the board alone: nothing to save, list or remember
        buttons, switch = buttons[:1], Markup()
    if app.framed:  # ... and the way to the player's own games is a tab of its own
        switch = own_tab_link(app.own_tab)
    if app.params.view == "compact":  # the court and the strips, in an article: no tools but that way out
        buttons, switch = (), switch if app.framed else Markup()
    tools = (
        html('<div class="bar-tools">{}{}', screen, switch)
        + join(
            html(
                '<button type="button" class="tool" data-action="{}" title="{}">{}<span>{}</span></button>',
                a,
                t,
                icon(i),
                t,
            )
            for a, i, t in buttons
        )
        + Markup("</div>")
    )
    return {
        "topbar": board.topbar(ctx, tools),
        "panel": (
            s.own_panel(ctx, shown.message, shown.error, app.embed)
            or panel(ctx, message=shown.panel_message(), error=shown.error, progress=app.progress)
        ),
        "notice": notice + (summary.season_banner(shown.season, s.names) if shown.season else ""),
        "court": court(app, ctx),
        "sheets": board.sheets(ctx),
        "strips": board.strips(ctx),
        "scenario": scenario.box(ctx),  # its own part: beside the court, in view when its choice is asked
        "loghead": (
            html(
                '<h2>{}</h2><button type="button" class="tool small" data-action="log" aria-controls="log" '
                'aria-expanded="{}">{}</button>',
                fill(_("Log")),
                "true" if app.log_open else "false",
                pgettext("the log", "Hide") if app.log_open else pgettext("the log", "Show"),
            )
        ),
        "overlay": overlay,
    }


def court(app: App, ctx: Ctx) -> Markup:
    """The court, or in its place the scene a lesson's step talks about."""
    s = app.session
    scene = s.lesson_scene() if s is not None else None
    if scene is not None and s is not None:
        return scenes.html(s.game, scene, s.names, spectator=False, inline=True)
    return board.court(ctx)


def markers(app: App) -> dict[str, str]:
    """Data attributes of #app, for tests and the benchmark."""
    shown = app.game_screen
    s = app.session
    if app.mode != "game" or s is None:
        return {"mode": "editor" if app.mode == "editor" else "start"}
    g = s.game
    return {
        "mode": "game",
        "players": str(len(g.players)),  # the layout packs the player strips tighter for 4 or 5
        "decisions": str(len(g.actions)),
        "toPlay": "" if g.to_play is None else str(g.to_play),
        "decision": g.decision(),
        "myTurn": "1" if s.my_turn and not shown.scenes else "0",
        "scene": scenes.kind(shown.scenes[0]) if shown.scenes else "",
        "handover": "" if s.handover is None else str(s.handover),
        "screen": "" if s.screen is None else str(s.screen),
        "over": "1" if g.is_over() else "0",
        "view": app.params.view,  # style.css lays a compact board out as the court and the strips alone
        "saveId": s.save_id or "",
        **s.kind_markers(),
    }


def title(app: App) -> str:
    """The tab's title: whose turn it is, so a player in another tab sees it."""
    s = app.session
    if app.mode == "editor":
        return _("Position editor · Kingsburg")
    if app.mode != "game" or s is None:
        return "Kingsburg"
    g = s.game
    own = s.title()
    if own is not None:
        return own
    if g.is_over():
        return _("Game over · Kingsburg")
    if s.handover is not None:
        return _("Pass to {name} · Kingsburg").format(name=s.names[s.handover])
    who = _("Your turn") if s.my_turn or g.to_play is None else _("{name} to play").format(name=s.names[g.to_play])
    return _("{who} · Year {year} {phase} · Kingsburg").format(who=who, year=g.year, phase=phase_name(g.rules, g.phase))


def context(app: App) -> Ctx:
    """What drawing the game needs, read from the App (which it does not change)."""
    shown = app.game_screen
    s = app.session
    assert s is not None
    game = s.game
    view = s.view()
    key = (len(game.actions), game.to_play)
    legal = game.legal_actions() if s.my_turn else []
    p = game.state.players[game.to_play] if game.to_play is not None else None
    dice, white = (p.dice, p.white) if p is not None else ([], [])
    return Ctx(
        session=s,
        view=view,
        viewer=s.viewer,
        legal=legal,
        sel=shown.sel,
        targets=targets(shown.sel, dice, white, legal),
        missed=missed(shown.sel, dice, white, legal),
        reachable=reachable(shown.sel, legal),
        tab=shown.tab if shown.tab < len(s.names) else 0,
        thinking=app.thinking,
        fresh=shown.fresh,
        hint=shown.hint.action if shown.hint is not None and shown.hint.key == key else None,
        paused=bool(shown.scenes),
    )


def log_items(app: App) -> list[Markup]:
    shown = app.game_screen
    if app.mode != "game" or app.session is None:
        return []
    s = app.session
    own = s.own_log()
    if own is not None:
        return own
    view = s.view()
    # A battle still being told on the scene: its lines wait for the scene's last stage.
    top = shown.scenes[0] if shown.scenes else s.lesson_scene()
    until = winter.untold(top, view.events) if isinstance(top, Winter) else None
    return screens.log_items(view, s.names, until, shown.log_memo)
