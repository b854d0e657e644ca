"""The winter scene: the year's battle told in stages, from the engine's battle events (``Event.kind`` ``enemy``,
``king``, ``fight``, ``spoils``, ``loss``, ``destroyed``, ``vp``; docs/api.md), never from the log's words. What a
variant changes in it (another card, the King's soldiers sent another way) is that variant's part
(``winter_parts/``), made from the events it reads and asked here for what it adds.

Stages: 0 before the reveal (the strength range, each player's soldiers and buildings), then the card revealed
(what victory and defeat bring) and the King's die in the order the events tell them (the first edition reveals
the card first, the second rolls the die first), then one stage per player in turn order, and a last one with
the bonus VP. The page advances ``Winter.step`` at the computer speed, or shows every stage at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from kingsburg import Event, Game
from kingsburg.content import BUILDING_BY_SLUG, ENEMY_BY_ID, Enemy, enemies_of_year, strength_range
from kingsburg.events import why as vp_reason
from kingsburg.i18n import N_, _, ngettext

from .enemy_terms import terms
from .eventdata import names, number
from .icons import die, good, icon
from .markup import Markup, fill, html, join, scene_frame
from .theme import ROMAN, chip, seat_class, soldiers
from .winter_parts import PARTS, READERS, WinterPart

# The events a battle may begin with: the enemy card, or the King's soldiers (his die, or a part's: Module 5's
# tokens).
BATTLE_STARTS = ("enemy", "king", *(kind for part in PARTS for kind in part.starts))
OUTCOME_WORDS = {"victory": N_("Victory"), "draw": N_("Draw"), "defeat": N_("Defeat")}  # marked: _() when shown
# Whence the soldiers of the King's box came, unless a part says another (marked: _() when shown), {n} their
# number: the phrase whole, since a language inflects the sender (German "vom König", French "du Roi").
KING = N_("{n} from the King")
P = TypeVar("P", bound=WinterPart)


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
    king_first: bool = False  # the King's die was rolled before the card was revealed (the second edition)
    step: int = 0
    pending: dict[int, tuple[str, int]] = field(default_factory=dict)  # seat -> ("lose"/"gain", goods to choose)
    parts: list[WinterPart] = field(default_factory=list)  # the variants' parts, in the order their events came

    def part(self, kind: type[P]) -> P | None:
        """This battle's part of that kind, if its variant's events were logged."""
        return next((p for p in self.parts if isinstance(p, kind)), None)

    @property
    def enemy_strength(self) -> int:
        """The strength every governor fights: the enemy card's, or what a part says (the invaders' together)."""
        for part in self.parts:
            strength = part.strength()
            if strength is not None:
                return strength
        return self.enemy.strength

    @property
    def sender(self) -> str:
        """Whom each fight says the soldiers of the King's box came from: the King, or a part's (the token)."""
        return next((p.sender for p in self.parts if p.sender), KING)

    @property
    def king_more(self) -> str:
        """What else the King sends, said after the box's note (the Goblins' soldiers as they join)."""
        return "".join(part.king_more(self) for part in self.parts)

    @property
    def sent_on_reveal(self) -> int:
        """Soldiers every governor gets only as the card is revealed (the Goblins')."""
        return sum(p.sent_on_reveal() for p in self.parts)

    @property
    def enemy(self) -> Enemy:
        return ENEMY_BY_ID[self.card]

    @property
    def reveal_stage(self) -> int:
        """The stage that reveals the card (1, or 2 after the King's die)."""
        return 2 if self.king_first else 1

    @property
    def roll_stage(self) -> int:
        """The stage that shows the King's die (2, or 1 before the card)."""
        return 3 - self.reveal_stage

    @property
    def revealed(self) -> bool:
        return self.step >= self.reveal_stage

    @property
    def rolled(self) -> bool:
        return self.step >= self.roll_stage

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
        if winter is None and e.kind in BATTLE_STARTS:  # the battle begins with whichever is first
            winter = Winter(year, "", 0, [], king_first=e.kind != "enemy")
        if winter is None:
            continue
        for reader in READERS.get(e.kind, ()):  # a variant's event: its part, made at the first, takes it in
            if reader.reads(e):
                part = winter.part(reader)
                if part is None:
                    part = reader()
                    winter.parts.append(part)
                part.fold(e)
        if e.kind == "enemy":
            winter.card = str(d["card"])
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
                fight.destroyed.append(_(BUILDING_BY_SLUG[slug].name) if slug else "")
            elif e.kind == "vp" and d.get("bonus"):
                fight.bonus += e.vp
            elif e.kind == "vp":
                # The reason in the reader's words: ``data["why"]`` is stored in English. No reason of a VP
                # (kingsburg.events.REASONS) names a player: the names are not needed.
                fight.vp.append((e.vp, vp_reason(e, ())))
    return winter


def untold(w: Winter, events: Sequence[Event]) -> int | None:
    """While ``w`` is still being told, the index in ``events`` of the battle's first line: the log behind the
    scene holds back from there (the outcomes, and what came after), so it never tells what the scene has not
    shown yet. None once the scene is complete."""
    if w.complete:
        return None
    for i, e in enumerate(events):
        if e.year == w.year and e.phase == 8 and e.kind in BATTLE_STARTS:
            return i
    return None


def started_battle(game: Game, since: int) -> int | None:
    """The year whose battle began among ``game``'s events from index ``since`` on, if one did."""
    for e in game.events[since:]:
        if e.kind in BATTLE_STARTS:
            return e.year
    return None


# --- Drawing ---------------------------------------------------------------------------------------------


def enemy_card(w: Winter) -> Markup:
    low, high = strength_range(w.year)
    if not w.revealed or not w.card:
        return html(
            '<div class="w-enemy back"><span class="w-label">{}</span>'
            '<span class="w-face">{}<b>?</b></span>'
            '<span class="w-range">{}</span>'
            '<span class="w-maybe">{}</span></div>',
            fill(_("The enemy")),
            icon("swords"),
            fill(_("strength {low}–{high}"), low=low, high=high),
            fill(_("one of {enemies}"), enemies=" · ".join(e.title() for e in enemies_of_year(w.year))),
        )
    e = w.enemy
    return html(
        '<div class="w-enemy shown{}"><span class="w-label">{}</span>'
        '<span class="w-face">{}<b>{}</b></span>'
        '<span class="w-strength" title="{}">{}</span>'
        '<span class="w-terms"><span class="w-win">{}</span>{}</span>'
        '<span class="w-terms"><span class="w-lose">{}</span>{}</span>{}</div>',
        " enter" if w.step == w.reveal_stage else "",
        fill(_("The enemy")),
        icon("swords"),
        _(e.type),
        _("Strength {n}").format(n=e.strength),
        e.strength,
        fill(_("Victory")),
        terms(e.gain, "+"),
        fill(_("Defeat")),
        terms(e.lose, "−"),
        join(part.on_card(w) for part in w.parts),
    )


def king_box(w: Winter, names: list[str]) -> Markup:
    for part in w.parts:
        box = part.king_box(w, names)
        if box is not None:  # the King's soldiers came another way than his die (Module 5's tokens)
            return box
    if not w.rolled:
        return html(
            '<div class="w-king"><span class="w-label">{}</span>'
            '<span class="w-die unknown" aria-label="{}">?</span>'
            '<span class="w-note">{}</span></div>',
            fill(_("The King’s die")),
            fill(_("not rolled yet")),
            fill(_("soldiers the King sends to everyone")),
        )
    return html(
        '<div class="w-king{}"><span class="w-label">{}</span>'
        '<span class="w-die">{}</span>'
        '<span class="w-note">{}{}</span></div>',
        " enter" if w.step == w.roll_stage else "",
        fill(_("The King’s die")),
        die(w.king, cls="die-xl") + join(part.king_dice(w) for part in w.parts),
        king_note(w, names),
        w.king_more,
    )


def king_note(w: Winter, names: list[str]) -> str:
    """Who the King's die sends how many soldiers to: everyone the die, unless a part says otherwise."""
    for part in w.parts:
        note = part.king_note(w, names)
        if note is not None:
            return note
    return ngettext("+{n} soldier to everyone", "+{n} soldiers to everyone", w.king).format(n=w.king)


def fight_row(w: Winter, k: int, f: Fight, names: list[str]) -> Markup:
    shown = w.step >= 3 + k
    revealed, rolled = w.revealed, w.rolled
    bonus = f.buildings if revealed else f.base
    typed = (
        ""
        if revealed or f.buildings == f.base
        else html('<span class="w-typed">{}</span>', fill(_("+ the card’s type")))
    )
    king = f.king if revealed else f.king - w.sent_on_reveal
    # What the card's reveal sends (the Goblins' soldiers) is the King's, also when the box's came from a token.
    boxed = king - w.sent_on_reveal if revealed and w.sender != KING else king
    parts = [
        html('<span class="w-part">{}{}</span>', icon("soldier"), soldiers(f.soldiers)),
        html(
            '<span class="w-part">{}{}</span>',
            icon("build"),
            fill(_("{bonus} from buildings{typed}"), bonus=signed(bonus), typed=typed),
        ),
        (
            html(
                '<span class="w-part">{}{}</span>',
                icon("crown"),
                _(w.sender).format(n=f"{boxed:+d}"),
            )
            if rolled
            else html(
                '<span class="w-part muted">{}{}</span>',
                icon("crown"),
                _(w.sender).format(n="+?"),
            )
        ),
    ]
    if rolled and boxed != king:
        parts.append(
            html(
                '<span class="w-part">{}{}</span>',
                icon("crown"),
                _(KING).format(n=f"{king - boxed:+d}"),
            )
        )
    if revealed and rolled:
        total = f"{f.strength}"
    elif rolled:  # the second edition's die before the card: the card's type may still change the bonus
        total = f"{f.soldiers + bonus + king}" + ("" if f.buildings == f.base else "+?")
    else:
        total = f"{f.soldiers + bonus}+?"
    head = html(
        '<div class="w-who">{}</div>'
        '<div class="w-sum">{}<span class="w-eq">=</span>'
        '<b class="w-total" title="{}">{}</b></div>',
        chip(f.seat, names[f.seat]),
        join(parts),
        fill(_("Battle strength")),
        total,
    )
    if not shown:
        return html(
            '<li class="w-fight {} waiting" data-seat="{}">{}<div class="w-result"></div></li>',
            seat_class(f.seat),
            f.seat,
            head,
        )
    versus = {"victory": ">", "draw": "=", "defeat": "<"}[f.outcome]
    if f.wall:
        versus = "="
    out = [
        html(
            '<span class="w-outcome o-{}">{}</span><span class="w-vs">{} {} {}</span>',
            f.outcome,
            _(OUTCOME_WORDS[f.outcome]),
            f.strength,
            versus,
            w.enemy_strength,
        )
    ]
    if f.wall:
        out.append(html('<span class="w-gain">{}</span>', fill(_("the Stone Wall turns the tie into a victory"))))
    out += [html('<span class="w-gain">+{}</span>', good(g, n)) for g, n in _counts(f.spoils)]
    out += [html('<span class="w-loss">−{}</span>', good(g, n)) for g, n in _counts(f.lost)]
    for name in f.destroyed:
        out.append(
            html('<span class="w-loss">{}{}</span>', icon("build"), _("loses the {building}").format(building=name))
            if name
            else html('<span class="w-note">{}</span>', fill(_("no building to lose")))
        )
    for n, why in f.vp:
        out.append(
            html(
                '<span class="{}">{}{} <small>{}</small></span>',
                "w-gain" if n > 0 else "w-loss",
                icon("vp"),
                _("{n} VP").format(n=signed(n)),
                why,
            )
        )
    if f.bonus and w.complete:
        out.append(
            html(
                '<span class="w-gain w-bonus">{}{} <small>{}</small></span>',
                icon("crown"),
                _("{n} VP").format(n=f"+{f.bonus}"),
                fill(_("strongest victorious governor")),
            )
        )
    if f.outcome == "draw":
        out.append(html('<span class="w-note">{}</span>', fill(_("nothing won or lost"))))
    if f.seat in w.pending:
        kind, n = w.pending[f.seat]
        choose = (
            ngettext("chooses {n} good to lose", "chooses {n} goods to lose", n)
            if kind == "lose"
            else ngettext("chooses {n} good to gain", "chooses {n} goods to gain", n)
        )
        out.append(html('<span class="w-note w-choose">{}</span>', choose.format(n=n)))
    return html(
        '<li class="w-fight {} shown o-{}{}" data-seat="{}">{}<div class="w-result">{}</div></li>',
        seat_class(f.seat),
        f.outcome,
        " enter" if w.step == 3 + k else "",
        f.seat,
        head,
        join(out),
    )


def signed(n: int) -> str:
    """+2, −1 (a true minus sign)."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def _counts(goods: list[str]) -> list[tuple[str, int]]:
    counts: dict[str, int] = {}
    for g in goods:
        counts[g] = counts.get(g, 0) + 1
    return list(counts.items())


def scene(w: Winter, names: list[str], spectator: bool, inline: bool = False) -> Markup:
    """The winter dialog at its current stage. ``spectator``: only computers play (it closes by itself);
    ``inline``: in a lesson, in the court's place (markup.scene_frame)."""
    rows = join(fight_row(w, k, f, names) for k, f in enumerate(w.fights))
    if w.complete:
        winners = [f for f in w.fights if f.outcome == "victory"]
        verdict = (
            ngettext(
                "{n} governor of {all} held the border.", "{n} governors of {all} held the border.", len(winners)
            ).format(n=len(winners), all=len(w.fights))
            if winners
            else _("Nobody defeated the enemy.")
        )
    else:
        told = [_("The enemy is revealed."), _("The King sends his soldiers.")]
        if w.king_first:
            told.reverse()
        verdict = [_("The enemy approaches…"), *told][min(w.step, 2)]
        if w.step >= 3:
            verdict = _("The governors fight, in turn order.")
    body = html(
        '<p class="end-kicker">{}</p>'
        '<h2 id="w-title">{}{}</h2>'
        '<div class="w-top">{}{}</div>'
        '<p class="w-verdict">{}</p>'
        '<ol class="w-fights">{}</ol>',
        fill(_("Year {year} · Winter"), year=ROMAN[w.year]),
        icon("swords"),
        fill(_("The battle")),
        king_box(w, names) if w.king_first else enemy_card(w),
        enemy_card(w) if w.king_first else king_box(w, names),
        verdict,
        rows,
    )
    button = html(
        '<button type="button" class="primary" data-action="scene-next" autofocus>{}</button>',
        _("Continue") if not spectator else _("Continue now"),
    )
    attrs = html(' data-step="{}" data-complete="{}"', w.step, "1" if w.complete else "0")
    return scene_frame("winter", "w-dialog", "w-title", attrs, body, button, inline)
