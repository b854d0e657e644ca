"""Screens around the board: the start screen (new game, saved games, import), the hand-over screen, the end
screen with the score breakdown, the rules dialog and the game log."""

from __future__ import annotations

import math
import time
from typing import Any, TypedDict

from kingsburg import Game
from kingsburg.content import PHASES

from .icons import die, icon
from .rulesref import rules_panel
from .session import SeatData, Session
from .theme import DEFAULT_NAMES, KIND_LABELS, KINDS, ROMAN, SYMBOL_NAMES, chip, esc, seat_class, symbol

SOURCES = ("advisors", "buildings", "king's reward", "battle", "town hall", "embassy", "cathedral")


class Setup(TypedDict):
    """The start screen's form: how many seats, and each seat's name and kind."""

    count: int
    seats: list[SeatData]


def default_setup() -> Setup:
    kinds = ["human", "normal", "normal", "normal", "normal"]
    return {"count": 3, "seats": [{"name": n, "kind": k} for n, k in zip(DEFAULT_NAMES, kinds, strict=True)]}


def ago(stamp: object, now: float) -> str:
    if not isinstance(stamp, int | float) or not math.isfinite(stamp) or not 0 < stamp < 1e11:
        return ""
    s = max(0, int(now - stamp))
    if s < 60:
        return "just now"
    if s < 3600:
        return f"{s // 60} min ago"
    if s < 86400:
        return f"{s // 3600} h ago"
    return time.strftime("%d %b %Y", time.localtime(stamp))


def start_screen(
    setup: Setup,
    saves: list[dict[str, Any]],
    *,
    confirm: str | None,
    notices: list[tuple[str, bool]],
    now: float,
    tutorial: str = "",
    stats: str = "",
) -> str:
    """The start screen; ``tutorial`` (the "Learn to play" card) comes first for someone with no saved game;
    ``stats`` (the record of finished games, web/app/history.py) comes last."""
    count = setup["count"]
    radios = "".join(
        f'<label class="count-opt"><input type="radio" name="count" value="{n}" data-action="count"'
        f"{' checked' if n == count else ''}><span>{n}</span></label>"
        for n in range(2, 6)
    )
    seats = []
    for i, seat in enumerate(setup["seats"][:count]):
        options = "".join(
            f'<option value="{k}"{" selected" if k == seat["kind"] else ""}>{esc(KIND_LABELS[k])}</option>'
            for k in KINDS
        )
        seats.append(
            f'<li class="seat-row {seat_class(i)}"><span class="seat-sym" title="{SYMBOL_NAMES[i]}">{symbol(i)}</span>'
            f'<label class="sr" for="name-{i}">Player {i + 1} name</label>'
            f'<input id="name-{i}" class="name-input" type="text" maxlength="40" autocomplete="off" '
            f'spellcheck="false" value="{esc(seat["name"])}" data-action="name" data-seat="{i}">'
            f'<label class="sr" for="kind-{i}">Player {i + 1} is</label>'
            f'<select id="kind-{i}" data-action="kind" data-seat="{i}">{options}</select></li>'
        )
    notes = "".join(_notice(text, err) for text, err in notices)
    return (
        '<div class="start">'
        f'<header class="start-head">{icon("crown")}<div><h1>Kingsburg</h1>'
        "<p>Five years to win the King's favour: influence his advisors, build up your province, "
        "and hold the border against the winter's invaders.</p></div>"
        '<div class="start-dice" aria-hidden="true">'
        + "".join(f'<span class="p{i}">{die(v)}</span>' for i, v in enumerate((5, 3, 6, 2, 4)))
        + "</div>"
        f'<button type="button" class="tool" data-action="rules">{icon("book")}Rules</button></header>'
        f"{notes}{'' if saves else tutorial}"
        '<div class="start-grid">'
        '<section class="card new-game" aria-labelledby="new-title"><h2 id="new-title">New game</h2>'
        f'<fieldset class="count"><legend>Players</legend>{radios}</fieldset>'
        f'<ol class="seats">{"".join(seats)}</ol>'
        '<p class="hint">Several people can share this device: the game hands it over between them and hides '
        "each player's secrets.</p>"
        '<button type="button" class="primary big" data-action="start">Start the game</button></section>'
        '<section class="card saved" aria-labelledby="saved-title"><h2 id="saved-title">Saved games</h2>'
        f"{saved_list(saves, confirm, now)}"
        '<div class="import"><label class="file-btn tool">Import games…'
        '<input type="file" accept=".json,application/json" data-action="import" class="sr-file"></label>'
        + (
            '<button type="button" class="tool" data-action="export-all" title="All saved games in one backup file">'
            "Export all games</button>"
            if saves
            else ""
        )
        + f"</div></section>{tutorial if saves else ''}{stats}</div></div>"
    )


def _notice(text: str, err: bool) -> str:
    """A message on the start screen; what follows its first line (the engine's reason) is a details line."""
    message, _, detail = text.partition("\n")
    attrs = f'class="msg{" err" if err else ""}" role="{"alert" if err else "status"}"'
    if not detail:
        return f"<p {attrs}>{esc(message)}</p>"
    return f"<div {attrs}>{esc(message)}<details><summary>Details</summary>{esc(detail)}</details></div>"


def saved_list(saves: list[dict[str, Any]], confirm: str | None, now: float) -> str:
    if not saves:
        return '<p class="muted">No saved games yet. Every game is saved on this device as you play.</p>'
    items = []
    for s in saves:
        sid = esc(s["id"])
        if s.get("corrupt"):
            status = (
                f'<p class="msg err">Damaged. {esc(s.get("error") or "This save cannot be trusted.")} '
                "Export its raw text to keep it, or delete it.</p>"
            )
        else:
            status = f'<p class="save-sum">{esc(s.get("summary", ""))}</p>'
        if s.get("unsaved"):
            status += '<p class="msg warn">Not saved on this device yet: export it to keep it.</p>'
        if confirm == s["id"]:
            buttons = (
                f'<span class="confirm">Delete this game for good?</span>'
                f'<button type="button" class="danger" data-action="delete-yes" data-value="{sid}">Delete</button>'
                f'<button type="button" class="tool" data-action="delete-no">Keep</button>'
            )
        elif s.get("corrupt"):
            buttons = (
                (
                    f'<button type="button" class="tool" data-action="continue" data-value="{sid}">Try to open</button>'
                    if s.get("readable", True)
                    else ""
                )
                + f'<button type="button" class="tool" data-action="export" data-value="{sid}">Export raw text</button>'
                f'<button type="button" class="tool" data-action="delete" data-value="{sid}">Delete</button>'
            )
        else:
            buttons = (
                f'<button type="button" class="primary" data-action="continue" data-value="{sid}">'
                f"{'View' if s.get('over') else 'Continue'}</button>"
                f'<button type="button" class="tool" data-action="export" data-value="{sid}">Export</button>'
                f'<button type="button" class="tool" data-action="delete" data-value="{sid}">Delete</button>'
            )
        items.append(
            f'<li class="save{" over" if s.get("over") else ""}{" corrupt" if s.get("corrupt") else ""}" '
            f'data-save="{sid}"><div class="save-info"><b class="save-title">{esc(s.get("title", ""))}</b>'
            f'<span class="save-when">{esc(ago(s.get("updated"), now))}</span>{status}</div>'
            f'<div class="save-actions">{buttons}</div></li>'
        )
    return f'<ul class="saves">{"".join(items)}</ul>'


def handover(session: Session) -> str:
    seat = session.handover
    if seat is None:
        return ""
    name = session.names[seat]
    undo = ""
    prev = session.screen
    if prev is not None and session.undo_problem() is None:
        undo = (
            f'<button type="button" class="tool" data-action="undo">{icon("undo")}'
            f"Undo {esc(session.names[prev])}'s last decision</button>"
        )
    return (
        f'<div class="overlay handover {seat_class(seat)}" role="dialog" aria-modal="true" aria-labelledby="ho-title">'
        f'<div class="dialog"><p class="ho-sym" aria-hidden="true">{symbol(seat)}</p>'
        f'<h2 id="ho-title">Pass the device to {esc(name)}</h2>'
        f"<p>{esc(name)} has seen something the others must not: {esc(name)}'s screen stays hidden until "
        f"{esc(name)} is ready.</p>"
        f'<button type="button" class="primary big" data-action="reveal" autofocus>I am {esc(name)}: show my screen'
        f"</button>{undo}"
        '<button type="button" class="tool" data-action="handovers" data-value="off" title="For players who do not '
        "mind seeing each other's look at the enemy card\">Stop hiding secrets in this game</button></div></div>"
    )


def tie_break(game: Game) -> str:
    """Why the winners won, in words: which of the tie-breaks behind the engine's standings() (most VP, then goods
    left, then buildings) decided."""
    s = game.state
    names = game.players
    winners = [seat for seat, place in game.standings() if place == 1]
    best_vp = max(p.vp for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.vp == best_vp]

    def who(seats: list[int]) -> str:
        return " and ".join(names[i] for i in seats) if len(seats) < 3 else ", ".join(names[i] for i in seats)

    if len(tied) == 1:
        return f"{names[tied[0]]} has the most victory points ({best_vp})."
    text = f"{who(tied)} tie on {best_vp} VP, so the most goods left decides"
    goods = {i: s.players[i].goods for i in tied}
    most = max(goods.values())
    tied2 = [i for i in tied if goods[i] == most]
    if len(tied2) == 1:
        return (
            text
            + f": {names[tied2[0]]} has {most}, against "
            + ", ".join(str(goods[i]) for i in tied if i != tied2[0])
            + "."
        )
    text += f"; {who(tied2)} both have {most}, so the most buildings decides"
    built = {i: s.players[i].building_count for i in tied2}
    top = max(built.values())
    if len(winners) == 1:
        return text + f": {names[winners[0]]} has {top}."
    return text + f", and they have {top} each: they share the victory."


def end_screen(game: Game, session: Session, embed: bool = False) -> str:
    s = game.state
    names = game.players
    winners = game.winners()
    if len(winners) == 1:
        title = f"{chip(winners[0], names[winners[0]])} wins!"
    else:
        title = " and ".join(chip(i, names[i]) for i in winners) + " share the victory!"
    sources = list(SOURCES)
    for i in range(s.n):
        sources += [k for k in game.score_breakdown(i) if k not in sources]
    head = "".join(f'<th scope="col">{esc(src.capitalize())}</th>' for src in sources)
    rows = []
    for i, rank in game.standings():  # the engine's places: seats still tied share one
        p = s.players[i]
        br = game.score_breakdown(i)
        cells = "".join(f"<td>{br.get(src, 0)}</td>" for src in sources)
        crown = icon("crown", "winner") if i in winners else ""
        rows.append(
            f'<tr class="{seat_class(i)}{" win" if i in winners else ""}"><td>{rank}</td>'
            f'<th scope="row">{crown}{chip(i, names[i])}</th>{cells}<td class="total">{p.vp}</td>'
            f"<td>{p.goods}</td><td>{p.building_count}</td></tr>"
        )
    return (
        '<div class="overlay end" role="dialog" aria-modal="true" aria-labelledby="end-title">'
        f'<div class="dialog wide"><p class="end-kicker">After five years</p><h2 id="end-title">{title}</h2>'
        f'<p class="tiebreak">{esc(tie_break(game))}</p>'
        # Focusable, so that a keyboard can scroll the table where it is wider than a phone.
        '<div class="table-wrap" tabindex="0" role="region" aria-label="Scores">'
        '<table class="scores"><thead><tr><th scope="col" rowspan="2">#</th>'
        f'<th scope="col" rowspan="2">Player</th><th scope="colgroup" colspan="{len(sources)}" class="group">'
        'Victory points from</th><th scope="col" rowspan="2">Total VP</th>'
        '<th scope="colgroup" colspan="2" class="group">Tie-breaks</th></tr>'
        f'<tr>{head}<th scope="col">Goods left</th><th scope="col">Buildings owned</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
        '<div class="end-actions">'
        + (
            '<button type="button" class="primary" data-action="hide-results">View the board</button>'
            if embed  # an embedded board saves and lists nothing (embed.py)
            else '<button type="button" class="primary" data-action="new">New game</button>'
            '<button type="button" class="tool" data-action="hide-results">View the board</button>'
            '<button type="button" class="tool" data-action="export-current">Export</button>'
            '<button type="button" class="tool" data-action="home">Saved games</button>'
        )
        + "</div></div></div>"
    )


def rules_dialog() -> str:
    return (
        '<div class="overlay rules" role="dialog" aria-modal="true" aria-labelledby="rules-title">'
        '<div class="dialog wide"><header class="dialog-head"><h2 id="rules-title">Rules reference</h2>'
        '<button type="button" class="tool" data-action="close-rules" autofocus>Close</button></header>'
        f'<div class="rules-body">{rules_panel()}</div></div></div>'
    )


def log_items(view: Game, names: list[str]) -> list[str]:
    """One ``<li>`` per log line of the viewer's view, with a heading whenever the year or phase changes."""
    items = []
    where = None
    for e in view.events:
        if (e.year, e.phase) != where and e.phase:
            where = (e.year, e.phase)
            items.append(f'<li class="log-head">Year {ROMAN[min(e.year, 5)]} · {esc(PHASES[e.phase])}</li>')
        cls = "ev"
        mark = ""
        if e.seat is not None and 0 <= e.seat < len(names):
            cls += f" {seat_class(e.seat)}"
            mark = f'<span class="sym" aria-hidden="true">{symbol(e.seat)}</span>'
        if e.secret is not None:
            cls += " secret"
            mark += icon("eye", "only you see this")
        text = esc(e.text)
        if e.vp and e.kind == "vp" and e.seat is not None and 0 <= e.seat < len(names):
            # "Ann +1 VP: the Jester." with the amount drawn as a badge (once, not again after the words).
            badge = f'<span class="vpd{" neg" if e.vp < 0 else ""}">{"+" if e.vp > 0 else "−"}{abs(e.vp)} VP</span>'
            text = f"{esc(names[e.seat])} {badge}: {esc(e.data.get('why', ''))}."
        items.append(f'<li class="{cls}">{mark}{text}</li>')
    return items
