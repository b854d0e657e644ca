"""The page's side of a replay (``kingsburg.Replay``): the board at one step of a saved or finished game, the
replay panel (forward and back by decision, season and year), the log with the step's lines highlighted and every
line a way to its moment, and the keys that step.

Whose knowledge a replay shows (the engine's per-seat views):

- a finished game hides nothing: the whole game, every secret line included (all cards are face up by then);
- an unfinished game with one person (against computers) shows that person's view: their own looks at the enemy
  card, nobody else's;
- an unfinished game of several people at one device shows what the whole table knew (``Replay.view(step, None)``):
  no one's secret, since anyone may be watching;
- an unfinished game of computers only shows the whole game, as the page does while they play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from kingsburg import Game, Replay
from kingsburg.content import PHASES
from kingsburg.events import sentence
from kingsburg.i18n import N_, _, pgettext

from .editions import phase_name
from .icons import icon
from .markup import Markup, fill, html, join
from .screens import LogLines
from .session import Session
from .theme import ROMAN, seat_class, symbol

if TYPE_CHECKING:
    from .board import Ctx

FULL = "full"  # the replay shows the whole game
TABLE = "table"  # ... what every seat at the table knew

# data-value of "replay-step" -> what it does; the arrow keys send the same values (``key_step``).
MOVES = ("start", "year-back", "season-back", "back", "next", "season-next", "year-next", "end")


def _labels() -> dict[str, tuple[str, str]]:
    """Each move's glyph and words, in the reader's language."""
    return {
        "start": ("⇤", _("To the start")),
        "year-back": ("«", _("Year back")),
        "season-back": ("‹", _("Season back")),
        "back": ("◀", pgettext("a replay's step", "Back")),
        "next": ("▶", pgettext("a replay's step", "Next")),
        "season-next": ("›", _("Next season")),
        "year-next": ("»", _("Next year")),
        "end": ("⇥", _("To the end")),
    }


class ReplayBoard(Session):
    """A saved game shown at one step of its replay: read-only and without a save of its own (the game replayed
    is never written), no computer plays. ``back`` is the game to return to when the replay closes (None: the
    saved-games list)."""

    def __init__(self, replay: Replay, app: Mapping[str, object], back: Session | None = None) -> None:
        self.replay = replay
        self.step = replay.last
        self.back = back
        kept = {k: app[k] for k in ("seats", "bot_seed", "speed", "handovers") if k in app}
        super().__init__(replay.game(replay.last), kept, readonly=True)
        humans = self.humans
        final = self.game
        self.shown: int | str = FULL if final.is_over() or not humans else humans[0] if len(humans) == 1 else TABLE
        self.app = kept

    def go(self, step: int) -> None:
        self.step = step
        self.game = self.replay.game(step)

    def move(self, how: str) -> int | None:
        """The step a "replay-step" value leads to (None: not one of MOVES)."""
        r, k = self.replay, self.step
        targets = {
            "start": 0,
            "year-back": r.previous_year(k),
            "season-back": r.previous_season(k),
            "back": max(k - 1, 0),
            "next": min(k + 1, r.last),
            "season-next": r.next_season(k),
            "year-next": r.next_year(k),
            "end": r.last,
        }
        return targets.get(how)

    @property
    def viewer(self) -> int | None:
        return self.shown if isinstance(self.shown, int) else None

    def view(self) -> Game:
        if self.shown == FULL:
            return self.game
        return self.replay.view(self.step, self.viewer)

    shows_results = False

    def kind_markers(self) -> dict[str, str]:
        return {"lesson": "", "lessonName": "", "replay": f"{self.step}/{self.replay.last}"}

    def title(self) -> str:
        return _("Replay · {where} · Kingsburg").format(where=where(self))

    def own_panel(self, ctx: Ctx, message: str, error: bool, embed: bool) -> Markup:
        return panel(self)

    def own_log(self) -> list[Markup]:
        return log_items(self)

    def sees(self, secret: int | None) -> bool:
        """Whether this replay shows a log line secret to ``secret`` (None: a line for everyone)."""
        return secret is None or self.shown == FULL or secret == self.shown

    @property
    def my_turn(self) -> bool:
        return False

    def is_human(self, seat: int | None) -> bool:
        """Nobody thinks in a replay: the board says "to play" of a computer's seat too."""
        return seat is not None

    @property
    def computer_to_play(self) -> bool:
        return False

    def _settle(self) -> None:
        self.handover = None

    def play_on(self) -> Session:
        """A new game from this step (the save replayed stays as it is): the same seats, who made each decision
        so far, the same computers' seed."""
        game = self.replay.game(self.step)
        humans = self.humans
        app = {**self.app, "by": [s.seat for s in self.replay.steps[1 : self.step + 1]]}
        if len(humans) == 1:
            app["screen"] = humans[0]
        return Session(game, app)


def key_step(key: str, shift: bool) -> str | None:
    """The "replay-step" value of a key: arrows step by decision (with Shift by season), Page Up / Page Down by
    year, Home and End to the ends."""
    if key in ("ArrowLeft", "ArrowRight"):
        forward = key == "ArrowRight"
        if shift:
            return "season-next" if forward else "season-back"
        return "next" if forward else "back"
    return {"PageUp": "year-back", "PageDown": "year-next", "Home": "start", "End": "end"}.get(key)


def where(board: ReplayBoard) -> str:
    step = board.replay.steps[board.step]
    if step.phase == 0:
        return _("Game over")
    return _("Year {year} · {phase}").format(year=ROMAN[min(step.year, 5)], phase=_(PHASES[step.phase]))


def panel(board: ReplayBoard) -> Markup:
    r, k = board.replay, board.step
    step = r.steps[k]
    names = board.names
    if step.index == 0 or step.seat is None:
        did = html('<p class="replay-decision">{}</p>', fill(_("The start of the game.")))
    else:
        did = account(board)
    if board.shown == FULL:
        seen = _("Showing the whole game. Arrow keys step; with Shift by season; Page Up and Page Down by year.")
    elif board.shown == TABLE:
        seen = _(
            "Showing what everyone at the table knew. Arrow keys step; with Shift by season; Page Up and Page Down "
            "by year."
        )
    else:
        seen = _(
            "Showing what {name} knew. Arrow keys step; with Shift by season; Page Up and Page Down by year."
        ).format(name=names[board.viewer or 0])
    nav = []
    labels = _labels()
    for how in MOVES:
        glyph, text = labels[how]
        nav.append(
            html(
                '<button type="button" class="tool replay-move" data-action="replay-step" data-value="{}" '
                'title="{}" aria-label="{}"{}><b class="glyph" aria-hidden="true">{}</b><span>{}</span></button>',
                how,
                text,
                text,
                Markup(' aria-disabled="true"') if board.move(how) == k else Markup(),
                glyph,
                text,
            )
        )
    tools = []
    if not board.game.is_over():
        tools.append(
            html(
                '<button type="button" class="primary" data-action="replay-play-on">{}</button>',
                fill(_("Play on from here")),
            )
        )
    tools.append(
        html(
            '<button type="button" class="tool" data-action="replay-close">{}{}</button>',
            icon("undo"),
            fill(_("Close replay")),
        )
    )
    return html(
        '<div class="panel-main replay" aria-labelledby="replay-title">'
        '<p class="replay-head"><span class="replay-title" id="replay-title">{}</span>'
        '<span class="replay-count">{}</span></p>'
        '<div class="replay-did" role="status">{}</div>'
        '<p class="replay-seen">{}</p>'
        '<div class="replay-nav" role="group" aria-label="{}">{}</div></div>'
        '<div class="panel-tools replay-tools">{}</div>',
        fill(_("Replay")),
        _("Decision {n} of {last} · {where}").format(n=k, last=r.last, where=where(board)),
        did,
        seen,
        fill(_("Step through the game")),
        join(nav),
        join(tools),
    )


# Decisions the engine writes no line for: what the replay says of them instead.
_UNLOGGED = {
    "recruit": N_("{name} recruits no soldiers."),
    "townhall": N_("{name} does not use the Town Hall."),
    "reroll": N_("{name} keeps the dice."),
    "artists": N_("{name} keeps the dice."),
}  # marked: _() when said


def account(board: ReplayBoard) -> Markup:
    """What the step's decision did, in the log's own words under the seat that made it, then what followed on
    its own (forced passes, rewards, the end of a season, the winter battle, a new year), under "Then" or the
    heading the log gives that season: a battle is never told as part of the last decision before it."""
    r, k = board.replay, board.step
    step = r.steps[k]
    assert step.seat is not None and step.index > 0
    name = board.names[step.seat]
    events = [r.events[i] for i in step.events if board.sees(r.events[i].secret)]
    own = 0
    if events and events[0].seat == step.seat and events[0].kind != "forced":
        own = 1  # the decision's line comes first; a build's or a reward's VP belongs to it
        while own < len(events) and events[0].kind in ("build", "gift") and events[own].kind == "vp":
            own += 1
    if own:
        words = " ".join(sentence(e, board.names) for e in events[:own])
    else:
        kind = r.game(k - 1).decision()
        said = _UNLOGGED.get(kind, N_("{name} passes.") if step.action == "pass" else N_("{name} decides."))
        words = _(said).format(name=name)
    # The words name the seat (the engine's lines do, and so do ours): its symbol and colour mark it, as in the log.
    parts = [
        html(
            '<p class="replay-decision {}"><span class="sym" aria-hidden="true">{}</span> {}</p>',
            seat_class(step.seat),
            symbol(step.seat),
            words,
        )
    ]
    before = r.steps[k - 1]
    groups: list[tuple[str, list[str]]] = []
    for e in events[own:]:
        if (e.year, e.phase) == (before.year, before.phase):
            head = _("Then")
        elif not e.phase:
            head = _("Game over")
        else:
            head = _("Year {year} · {phase}").format(
                year=ROMAN[min(e.year, 5)], phase=phase_name(board.game.rules, e.phase)
            )
        if not groups or groups[-1][0] != head:
            groups.append((head, []))
        groups[-1][1].append(sentence(e, board.names))
    for head, lines in groups:
        parts.append(html('<p class="replay-then"><b class="replay-when">{}</b> {}</p>', head, " ".join(lines)))
    return join(parts)


def log_items(board: ReplayBoard) -> list[Markup]:
    """The whole game's log as this replay may show it: a button per line to see the board at that moment; the
    lines of the step shown are marked, the ones after it dimmed."""
    r = board.replay
    names = board.names
    now = r.steps[board.step].events
    lines = LogLines(names, board.game.rules)
    items = []
    step = 0
    for i, e in enumerate(r.events):
        while i >= r.steps[step].events.stop:
            step += 1
        if not board.sees(e.secret):
            continue
        head = lines.head(e)
        if head is not None:
            items.append(head)
        cls, mark = lines.seat(e)
        if e.secret is not None and 0 <= e.secret < len(names):
            cls += " secret"
            mark += icon("eye", _("seen only by {name}").format(name=names[e.secret]))
        current = Markup()
        if i in now:
            cls += " now"
            current = Markup(' aria-current="step"')
        elif step > board.step:
            cls += " future"
        items.append(
            html(
                '<li class="{}"{}><button type="button" class="log-step" data-action="replay-to" data-value="{}">'
                "{}{}</button></li>",
                cls,
                current,
                step,
                mark,
                sentence(e, names),
            )
        )
    return items
