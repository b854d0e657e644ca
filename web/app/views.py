"""What the page shows, mixed into ``App`` (controller.py): the HTML of each container, the tab's title, the
live region's next sentence, the log and the data attributes the tests read. Drawing only reads the App."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from kingsburg import Rules

from . import board, history, lesson_view, scenario, scenes, screens, share, summary, winter
from .board import Ctx, Fresh
from .editions import phase_name
from .embed import framed_screen, own_tab_link, waiting_screen
from .icons import icon
from .markup import Markup, html, join
from .panel import panel
from .selection import Selection, missed, reachable, targets
from .theme import chip
from .winter import Winter

if TYPE_CHECKING:
    from .announce import Announcer
    from .hint import Hint
    from .screens import Setup
    from .session import Session
    from .storage import SaveStore
    from .summary import SeasonSummary

SKELETON = Markup(
    '<div class="game">'
    '<header id="topbar" class="topbar"></header>'
    '<section id="panel" class="panel" aria-label="Your decision"></section>'
    '<div class="main">'
    '<div id="notice" class="notice"></div>'
    '<section id="court" class="court" aria-label="The King\'s court"></section>'
    '<section id="sheets" class="sheets" aria-label="Province sheets"></section>'
    '<section id="strips" class="strips" aria-label="Players"></section>'
    '<div id="scenario" class="scn-part"></div>'
    '<aside id="logbox" class="logbox" aria-label="Game log"><div id="loghead" class="log-top"></div>'
    '<ol id="log" class="log" tabindex="0" aria-label="Game log"></ol></aside>'
    "</div>"
    '<div id="overlay"></div>'
    "</div>"
)
GAME_PARTS = ("topbar", "panel", "notice", "court", "sheets", "strips", "scenario", "loghead", "overlay")


class Views:
    """The drawing side of ``App``: pure functions of its state."""

    store: SaveStore
    session: Session | None
    mode: str
    setup: Setup
    confirm: str | None
    notices: list[tuple[str, bool]]
    message: str
    message_at: int | None
    error: bool
    sel: Selection
    tab: int
    log_open: bool
    rules_open: bool
    sharing: bool
    copied: str
    base_url: str
    results_open: bool
    generation: int
    thinking: int | None
    progress: float | None
    fresh: Fresh
    scenes: list[scenes.Scene]
    season: SeasonSummary | None
    hint: Hint | None
    announcer: Announcer
    sound_on: bool
    embed: bool
    framed: bool
    own_tab: str
    now: Callable[[], float]
    _heard: int | None

    if TYPE_CHECKING:  # App's own

        @property
        def spectator(self) -> bool: ...

    def panel_message(self) -> str:
        """The panel's message, only at the decision it was said at: a message tells of that decision ("Nothing
        Ann can afford..." means nothing at the next season's reroll), so any decision made since, whoever's,
        ends it."""
        s = self.session
        if self.message_at is not None and s is not None and len(s.game.actions) != self.message_at:
            return ""
        return self.message

    def markers(self) -> dict[str, str]:
        """Data attributes of #app, for tests and the benchmark."""
        s = self.session
        if self.mode != "game" or s is None:
            return {"mode": "start"}
        g = s.game
        return {
            "mode": "game",
            "players": str(len(g.players)),  # the layout packs the player strips tighter for 4 or 5
            "decisions": str(len(g.actions)),
            "toPlay": "" if g.to_play is None else str(g.to_play),
            "decision": g.decision(),
            "myTurn": "1" if s.my_turn and not self.scenes else "0",
            "scene": scenes.kind(self.scenes[0]) if self.scenes else "",
            "handover": "" if s.handover is None else str(s.handover),
            "screen": "" if s.screen is None else str(s.screen),
            "over": "1" if g.is_over() else "0",
            "saveId": s.save_id or "",
            **s.kind_markers(),
        }

    def title(self) -> str:
        """The tab's title: whose turn it is, so a player in another tab sees it."""
        s = self.session
        if self.mode != "game" or s is None:
            return "Kingsburg"
        g = s.game
        own = s.title()
        if own is not None:
            return own
        if g.is_over():
            return "Game over · Kingsburg"
        if s.handover is not None:
            return f"Pass to {s.names[s.handover]} · Kingsburg"
        who = "Your turn" if s.my_turn or g.to_play is None else f"{s.names[g.to_play]} to play"
        return f"{who} · Year {g.year} {phase_name(g.rules, g.phase)} · Kingsburg"

    def context(self) -> Ctx:
        """What drawing the game needs, read from the App (which it does not change)."""
        s = self.session
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
            sel=self.sel,
            targets=targets(self.sel, dice, white, legal),
            missed=missed(self.sel, dice, white, legal),
            reachable=reachable(self.sel, legal),
            tab=self.tab if self.tab < len(s.names) else 0,
            thinking=self.thinking,
            fresh=self.fresh,
            hint=self.hint.action if self.hint is not None and self.hint.key == key else None,
            paused=bool(self.scenes),
        )

    def views(self) -> dict[str, Markup]:
        """Container id -> HTML. In start mode only "app"; in game mode the parts of SKELETON."""
        warning = self.store.warning
        if self.mode != "game" or self.session is None:
            if self.framed:
                return {"app": framed_screen(self.notices, self.own_tab)}
            if self.embed:
                return {"app": waiting_screen(self.notices)}
            notices = list(self.notices)
            if warning:
                notices.insert(0, (warning, True))
            saves = self.store.list()
            progress = lesson_view.read_progress(self.store.note(lesson_view.PROGRESS_KEY))
            start = screens.start_screen(
                self.setup,
                saves,
                confirm=self.confirm,
                notices=notices,
                now=self.now(),
                tutorial=lesson_view.learn_card(progress, first=not saves),
                stats=history.section(self.store.note(history.KEY)),
            )
            if self.rules_open:  # in the words of the edition chosen (a combination refused still has one)
                start += screens.rules_dialog(Rules(edition=self.setup["rules"]["edition"]))
            return {"app": start}  # the icons' sprite is in the page once, outside every container (page.py)
        s = self.session
        ctx = self.context()
        overlay = Markup()
        if self.rules_open:
            overlay = screens.rules_dialog(s.game.rules)
        elif self.sharing:
            overlay = share.dialog(self.base_url, s, self.copied)
        elif self.scenes:
            overlay = scenes.html(s.game, self.scenes[0], s.names, self.spectator)
        elif s.handover is not None:
            overlay = screens.handover(s)
        elif s.game.is_over() and self.results_open and s.shows_results:
            overlay = screens.end_screen(s.game, s, embed=self.embed)
        notice = join(html('<p class="msg err" role="alert">{}</p>', t) for t, _ in self.notices)
        if warning:
            notice = html('<p class="msg warn" role="alert">{}</p>', warning) + notice
        screen = Markup()
        if len(s.humans) > 1 and s.screen is not None:
            screen = html('<span class="whose">{}\'s screen</span>', chip(s.screen, s.names[s.screen]))
        buttons: tuple[tuple[str, str, str], ...] = (
            ("rules", "book", "Rules"),
            ("share", "link", "Share"),
            ("export-current", "scroll", "Export"),
            ("home", "menu", "Games"),
        )
        on = self.sound_on
        switch = html(
            '<button type="button" class="tool" data-action="sound" aria-pressed="{}" '
            'title="Sound of dice, building and battle: {}">'
            '<b class="glyph" aria-hidden="true">♪</b><span>Sound</span></button>',
            "true" if on else "false",
            "on" if on else "off",
        )
        if self.embed:  # the board alone: nothing to save, list or remember
            buttons, switch = buttons[:1], Markup()
        if self.framed:  # ... and the way to the player's own games is a tab of its own
            switch = own_tab_link(self.own_tab)
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
                s.own_panel(ctx, self.message, self.error, self.embed)
                or panel(ctx, message=self.panel_message(), error=self.error, progress=self.progress)
            ),
            "notice": notice + (summary.season_banner(self.season, s.names) if self.season else ""),
            "court": board.court(ctx),
            "sheets": board.sheets(ctx),
            "strips": board.strips(ctx),
            "scenario": scenario.box(ctx),  # its own part: beside the court, in view when its choice is asked
            "loghead": (
                html(
                    '<h2>Log</h2><button type="button" class="tool small" data-action="log" aria-controls="log" '
                    'aria-expanded="{}">{}</button>',
                    "true" if self.log_open else "false",
                    "Hide" if self.log_open else "Show",
                )
            ),
            "overlay": overlay,
        }

    def announcement(self, now: float) -> str | None:
        """What the live region should say now (None: nothing, or not yet: announcements keep a gap)."""
        s = self.session
        if self.mode == "game" and s is not None and self.generation != self._heard:
            self._heard = self.generation
            g = s.game
            self.announcer.update(g.events, s.viewer, g.players, [p.vp for p in g.state.players], g.season_phases())
        return self.announcer.take(now)

    def log_items(self) -> list[Markup]:
        if self.mode != "game" or self.session is None:
            return []
        s = self.session
        own = s.own_log()
        if own is not None:
            return own
        view = s.view()
        # A battle still being told on the scene: its lines wait for the scene's last stage.
        top = self.scenes[0] if self.scenes else None
        until = winter.untold(top, view.events) if isinstance(top, Winter) else None
        return screens.log_items(view, s.names, until)

    def debug_position(self) -> str:
        if self.session is None:
            return ""
        return json.dumps(self.session.game.position(), sort_keys=True)
