"""The winter scene: the year's battle told in stages, from the engine's battle events (``Event.kind`` ``enemy``,
``king``, ``fight``, ``spoils``, ``loss``, ``destroyed``, ``vp``; docs/api.md), never from the log's words.

Stages: 0 before the reveal (the strength range, each player's soldiers and buildings), 1 the card revealed
(what victory and defeat bring), 2 the King's die, then one stage per player in turn order, and a last one
with the bonus VP. The page advances ``Winter.step`` at the computer speed, or shows every stage at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kingsburg import Game
from kingsburg.content import BUILDING_BY_SLUG, ENEMY_BY_ID, Enemy, enemies_of_year, strength_range

from .eventdata import names, number
from .icons import die, good, icon
from .theme import ROMAN, chip, esc, plural, seat_class

OUTCOME_WORDS = {"victory": "Victory", "draw": "Draw", "defeat": "Defeat"}
TERM_WORDS = {"any": ("good of their choice", "goods of their choice"), "buildings": ("building", "buildings")}


@dataclass
class Fight:
    """One player's battle: what it was made of, how it ended, and what it brought."""

    seat: int
    soldiers: int
    king: int
    buildings: int
    base: int  # the buildings' bonus against an enemy of no particular type (known before the reveal)
    strength: int
    outcome: str
    wall: bool
    spoils: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    destroyed: list[str] = field(default_factory=list)  # building names; "" when there was nothing to destroy
    vp: list[tuple[int, str]] = field(default_factory=list)  # (change, why), the bonus VP excluded
    bonus: int = 0  # the strongest victorious governor's VP


@dataclass
class Winter:
    year: int
    card: str
    king: int
    fights: list[Fight]
    step: int = 0
    pending: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat -> ("lose"/"gain", goods to choose)

    @property
    def enemy(self) -> Enemy:
        return ENEMY_BY_ID[self.card]

    @property
    def last(self) -> int:
        """The last stage: every fight told, then the bonus VP."""
        return 3 + len(self.fights)

    @property
    def complete(self) -> bool:
        return self.step >= self.last

    def advance(self) -> bool:
        """Show the next stage; False when everything is shown."""
        if self.complete:
            return False
        self.step += 1
        return True


def battle_of(game: Game, year: int) -> Winter | None:
    """The battle of ``year`` as told by ``game``'s events (None when it has not been fought)."""
    winter: Winter | None = None
    by_seat: dict[int, Fight] = {}
    for e in game.events:
        if e.year != year or e.phase != 8 or not e.kind:
            continue
        d = e.data
        if e.kind == "enemy":
            winter = Winter(year, str(d["card"]), 0, [])
        elif winter is None:
            continue
        elif e.kind == "king":
            winter.king = number(d, "die")
        elif e.kind == "fight" and e.seat is not None:
            fight = Fight(
                e.seat,
                number(d, "soldiers"),
                number(d, "king"),
                number(d, "buildings"),
                number(d, "base"),
                number(d, "strength"),
                str(d["outcome"]),
                bool(d["wall"]),
            )
            by_seat[e.seat] = fight
            winter.fights.append(fight)
        elif e.seat in by_seat:
            fight = by_seat[e.seat]
            if e.kind == "spoils":
                fight.spoils += names(d, "goods")
            elif e.kind == "loss":
                fight.lost += names(d, "goods")
            elif e.kind == "destroyed":
                slug = str(d["building"])
                fight.destroyed.append(BUILDING_BY_SLUG[slug].name if slug else "")
            elif e.kind == "vp" and d.get("bonus"):
                fight.bonus += e.vp
            elif e.kind == "vp":
                fight.vp.append((e.vp, str(d.get("why", ""))))
    return winter


def started_battle(game: Game, since: int) -> int | None:
    """The year whose battle began among ``game``'s events from index ``since`` on, if one did."""
    for e in game.events[since:]:
        if e.kind == "enemy":
            return e.year
    return None


# --- Drawing ---------------------------------------------------------------------------------------------


def terms(what: dict[str, int], sign: str) -> str:
    """An enemy's victory or defeat terms as icons and words."""
    parts = []
    for key, n in what.items():
        if key in ("gold", "wood", "stone"):
            parts.append(f'<span class="term">{sign}{good(key, n)}</span>')
        elif key == "vp":
            parts.append(f'<span class="term">{icon("vp")}{sign}{n} VP</span>')
        else:
            one, many = TERM_WORDS[key]
            parts.append(f'<span class="term">{sign}{n} {one if n == 1 else many}</span>')
    return "".join(parts) or '<span class="term muted">nothing</span>'


def enemy_card(w: Winter) -> str:
    low, high = strength_range(w.year)
    if w.step < 1:
        return (
            '<div class="w-enemy back"><span class="w-label">The enemy</span>'
            f'<span class="w-face">{icon("swords")}<b>?</b></span>'
            f'<span class="w-range">strength {low}–{high}</span>'
            f'<span class="w-maybe">one of {esc(" · ".join(e.name for e in enemies_of_year(w.year)))}</span></div>'
        )
    e = w.enemy
    return (
        f'<div class="w-enemy shown{" enter" if w.step == 1 else ""}"><span class="w-label">The enemy</span>'
        f'<span class="w-face">{icon("swords")}<b>{esc(e.type)}</b></span>'
        f'<span class="w-strength" title="Strength {e.strength}">{e.strength}</span>'
        f'<span class="w-terms"><span class="w-win">Victory</span>{terms(e.gain, "+")}</span>'
        f'<span class="w-terms"><span class="w-lose">Defeat</span>{terms(e.lose, "−")}</span></div>'
    )


def king_box(w: Winter) -> str:
    if w.step < 2:
        return (
            '<div class="w-king"><span class="w-label">The King’s die</span>'
            '<span class="w-die unknown" aria-label="not rolled yet">?</span>'
            '<span class="w-note">soldiers the King sends to everyone</span></div>'
        )
    return (
        f'<div class="w-king{" enter" if w.step == 2 else ""}"><span class="w-label">The King’s die</span>'
        f'<span class="w-die">{die(w.king, cls="die-xl")}</span>'
        f'<span class="w-note">+{plural(w.king, "soldier")} to everyone</span></div>'
    )


def fight_row(w: Winter, k: int, f: Fight, names: list[str]) -> str:
    shown = w.step >= 3 + k
    revealed = w.step >= 1
    rolled = w.step >= 2
    bonus = f.buildings if revealed else f.base
    typed = "" if revealed or f.buildings == f.base else '<span class="w-typed">+ the card’s type</span>'
    parts = [
        f'<span class="w-part">{icon("soldier")}{plural(f.soldiers, "soldier")}</span>',
        f'<span class="w-part">{icon("build")}{signed(bonus)} from buildings{typed}</span>',
        (
            f'<span class="w-part">{icon("crown")}{f.king:+d} from the King</span>'
            if rolled
            else f'<span class="w-part muted">{icon("crown")}+? from the King</span>'
        ),
    ]
    total = f"{f.strength}" if rolled else f"{f.soldiers + bonus}+?"
    head = (
        f'<div class="w-who">{chip(f.seat, names[f.seat])}</div>'
        f'<div class="w-sum">{"".join(parts)}<span class="w-eq">=</span>'
        f'<b class="w-total" title="Battle strength">{total}</b></div>'
    )
    if not shown:
        return f'<li class="w-fight {seat_class(f.seat)} waiting">{head}<div class="w-result"></div></li>'
    e = w.enemy
    versus = {"victory": "&gt;", "draw": "=", "defeat": "&lt;"}[f.outcome]
    if f.wall:
        versus = "="
    out = [
        f'<span class="w-outcome o-{f.outcome}">{OUTCOME_WORDS[f.outcome]}</span>'
        f'<span class="w-vs">{f.strength} {versus} {e.strength}</span>'
    ]
    if f.wall:
        out.append('<span class="w-gain">the Stone Wall turns the tie into a victory</span>')
    out += [f'<span class="w-gain">+{good(g, n)}</span>' for g, n in _counts(f.spoils)]
    out += [f'<span class="w-loss">−{good(g, n)}</span>' for g, n in _counts(f.lost)]
    for name in f.destroyed:
        out.append(
            f'<span class="w-loss">{icon("build")}loses the {esc(name)}</span>'
            if name
            else '<span class="w-note">no building to lose</span>'
        )
    for n, why in f.vp:
        out.append(
            f'<span class="{"w-gain" if n > 0 else "w-loss"}">{icon("vp")}{signed(n)} VP '
            f"<small>{esc(why)}</small></span>"
        )
    if f.bonus and w.complete:
        out.append(
            f'<span class="w-gain w-bonus">{icon("crown")}+{f.bonus} VP '
            "<small>strongest victorious governor</small></span>"
        )
    if f.outcome == "draw":
        out.append('<span class="w-note">nothing won or lost</span>')
    if f.seat in w.pending:
        kind, n = w.pending[f.seat]
        out.append(f'<span class="w-note w-choose">chooses {plural(n, "good")} to {kind}</span>')
    return (
        f'<li class="w-fight {seat_class(f.seat)} shown o-{f.outcome}{" enter" if w.step == 3 + k else ""}">'
        f'{head}<div class="w-result">{"".join(out)}</div></li>'
    )


def signed(n: int) -> str:
    """+2, −1 (a true minus sign)."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def _counts(goods: list[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return list(counts.items())


def scene(w: Winter, names: list[str], spectator: bool) -> str:
    """The winter dialog at its current stage. ``spectator``: only computers play (it closes by itself)."""
    rows = "".join(fight_row(w, k, f, names) for k, f in enumerate(w.fights))
    if w.complete:
        winners = [f for f in w.fights if f.outcome == "victory"]
        verdict = (
            f"{plural(len(winners), 'governor')} of {len(w.fights)} held the border."
            if winners
            else "Nobody defeated the enemy."
        )
    else:
        verdict = ["The enemy approaches…", "The enemy is revealed.", "The King sends his soldiers."][min(w.step, 2)]
        if w.step >= 3:
            verdict = "The governors fight, in turn order."
    button = "Continue" if not spectator else "Continue now"
    return (
        '<div class="overlay winter" role="dialog" aria-modal="true" aria-labelledby="w-title" '
        f'data-step="{w.step}" data-complete="{"1" if w.complete else "0"}">'
        '<div class="dialog wide w-dialog">'
        f'<p class="end-kicker">Year {ROMAN[w.year]} · Winter</p>'
        f'<h2 id="w-title">{icon("swords")}The battle</h2>'
        f'<div class="w-top">{enemy_card(w)}{king_box(w)}</div>'
        f'<p class="w-verdict">{esc(verdict)}</p>'
        f'<ol class="w-fights">{rows}</ol>'
        '<div class="end-actions">'
        f'<button type="button" class="primary" data-action="scene-next" autofocus>{button}</button></div>'
        "</div></div>"
    )
