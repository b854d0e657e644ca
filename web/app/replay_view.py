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

from kingsburg import Game, Replay
from kingsburg.content import PHASES

from .icons import icon
from .session import Session
from .theme import ROMAN, chip, esc, seat_class, symbol

FULL = "full"  # the replay shows the whole game
TABLE = "table"  # ... what every seat at the table knew

# data-value of "replay-step" -> what it does; the arrow keys send the same values (``key_step``).
MOVES = ("start", "year-back", "season-back", "back", "next", "season-next", "year-next", "end")
_LABELS = {
    "start": ("⇤", "To the start"),
    "year-back": ("«", "Year back"),
    "season-back": ("‹", "Season back"),
    "back": ("◀", "Back"),
    "next": ("▶", "Next"),
    "season-next": ("›", "Next season"),
    "year-next": ("»", "Next year"),
    "end": ("⇥", "To the end"),
}


class ReplayBoard(Session):
    """A saved game shown at one step of its replay: read-only, never saved, no computer plays. ``back`` is the
    game to return to when the replay closes (None: the saved-games list)."""

    def __init__(
        self, replay: Replay, app: Mapping[str, object], save_id: str | None, back: Session | None = None
    ) -> None:
        self.replay = replay
        self.step = replay.last
        self.source_id = save_id  # the save replayed: never written (a replay board has no save_id of its own)
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
        return "Game over"
    return f"Year {ROMAN[min(step.year, 5)]} · {PHASES[step.phase]}"


def panel(board: ReplayBoard) -> str:
    r, k = board.replay, board.step
    step = r.steps[k]
    names = board.names
    if step.index == 0:
        did = "The start of the game."
    else:
        lines = [esc(r.events[i].text) for i in step.events if board.sees(r.events[i].secret)]
        who = chip(step.seat, names[step.seat]) if step.seat is not None else ""
        did = f"{who} <code>{esc(step.action or '')}</code>" + (f": {' '.join(lines)}" if lines else "")
    seen = {FULL: "the whole game", TABLE: "what everyone at the table knew"}.get(
        str(board.shown), f"what {esc(names[board.viewer or 0])} knew"
    )
    nav = []
    for how in MOVES:
        glyph, text = _LABELS[how]
        stuck = ' aria-disabled="true"' if board.move(how) == k else ""
        nav.append(
            f'<button type="button" class="tool replay-move" data-action="replay-step" data-value="{how}" '
            f'title="{text}" aria-label="{text}"{stuck}>'
            f'<b class="glyph" aria-hidden="true">{glyph}</b><span>{text}</span></button>'
        )
    tools = []
    if not board.game.is_over():
        tools.append('<button type="button" class="primary" data-action="replay-play-on">Play on from here</button>')
    tools.append(f'<button type="button" class="tool" data-action="replay-close">{icon("undo")}Close replay</button>')
    return (
        '<div class="panel-main replay" aria-labelledby="replay-title">'
        f'<p class="replay-head"><span class="replay-title" id="replay-title">Replay</span>'
        f'<span class="replay-count">Decision {k} of {r.last} · {where(board)}</span></p>'
        f'<p class="replay-did" role="status">{did}</p>'
        f'<p class="replay-seen">Showing {seen}. Arrow keys step; with Shift by season; Page Up and Page Down by '
        "year.</p>"
        f'<div class="replay-nav" role="group" aria-label="Step through the game">{"".join(nav)}</div></div>'
        f'<div class="panel-tools replay-tools">{"".join(tools)}</div>'
    )


def log_items(board: ReplayBoard) -> list[str]:
    """The whole game's log as this replay may show it: a button per line to see the board at that moment; the
    lines of the step shown are marked, the ones after it dimmed."""
    r = board.replay
    names = board.names
    now = r.steps[board.step].events
    items = []
    heading = None
    step = 0
    for i, e in enumerate(r.events):
        while i >= r.steps[step].events.stop:
            step += 1
        if not board.sees(e.secret):
            continue
        if (e.year, e.phase) != heading and e.phase:
            heading = (e.year, e.phase)
            items.append(f'<li class="log-head">Year {ROMAN[min(e.year, 5)]} · {esc(PHASES[e.phase])}</li>')
        cls = "ev"
        mark = ""
        if e.seat is not None and 0 <= e.seat < len(names):
            cls += f" {seat_class(e.seat)}"
            mark = f'<span class="sym" aria-hidden="true">{symbol(e.seat)}</span>'
        if e.secret is not None and 0 <= e.secret < len(names):
            cls += " secret"
            mark += icon("eye", f"seen only by {names[e.secret]}")
        current = ""
        if i in now:
            cls += " now"
            current = ' aria-current="step"'
        elif step > board.step:
            cls += " future"
        items.append(
            f'<li class="{cls}"{current}><button type="button" class="log-step" data-action="replay-to" '
            f'data-value="{step}">{mark}{esc(e.text)}</button></li>'
        )
    return items
