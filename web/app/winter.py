"""The winter scene: the year's battle told in stages, from the engine's battle events (``Event.kind`` ``enemy``,
``king``, ``fight``, ``spoils``, ``loss``, ``destroyed``, ``vp``; docs/api.md), never from the log's words.

Stages: 0 before the reveal (the strength range, each player's soldiers and buildings), then the card revealed
(what victory and defeat bring) and the King's die in the order the events tell them (the first edition reveals
the card first, the second rolls the die first), then one stage per player in turn order, and a last one with
the bonus VP. The page advances ``Winter.step`` at the computer speed, or shows every stage at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from kingsburg import Event, Game
from kingsburg.content import BUILDING_BY_SLUG, ENEMY_BY_ID, Enemy, enemies_of_year, strength_range

from .enemy_terms import terms
from .eventdata import names, number
from .icons import die, good, icon
from .markup import NOTHING, Markup, html, join
from .theme import ROMAN, chip, plural, seat_class

# The events a battle may begin with: the enemy card, or the King's soldiers (his die, or Module 5's tokens).
BATTLE_STARTS = ("enemy", "king", "tokens")
OUTCOME_WORDS = {"victory": "Victory", "draw": "Draw", "defeat": "Defeat"}


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
    # Goblin Valley: the valley card revealed with the enemy; when it joins as Goblins, the invaders' strength
    # together and the extra soldiers the King sends to everyone (the "valley" and "goblins" events).
    valley: str = ""
    joined: int = 0
    extra: int = 0
    # How else the King's soldiers came: Module 5's soldier tokens (each seat's own, in its fight), Wheel and
    # Deal's Military (two dice: ``military`` the holder's seat, who gets the higher, everyone else ``low``), The
    # Demanding Capital's cap (a die above ``cap`` sends nobody anything; -1: no cap).
    tokens: bool = False
    military: int | None = None
    low: int = 0
    cap: int = -1

    @property
    def enemy_strength(self) -> int:
        """The strength every governor fights: the enemy card's, or the invaders' together."""
        return self.joined or self.enemy.strength

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
        if e.kind == "enemy":
            winter.card = str(d["card"])
        elif e.kind == "king":
            winter.king = number(d, "die")
            if "low" in d:
                winter.military, winter.low = e.seat, number(d, "low")
        elif e.kind == "tokens":
            winter.tokens = True
        elif e.kind == "capital":
            winter.cap = number(d, "cap")
        elif e.kind == "valley":
            winter.valley = str(d["card"])
        elif e.kind == "goblins":
            winter.joined, winter.extra = number(d, "strength"), number(d, "soldiers")
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
            '<div class="w-enemy back"><span class="w-label">The enemy</span>'
            '<span class="w-face">{}<b>?</b></span>'
            '<span class="w-range">strength {}–{}</span>'
            '<span class="w-maybe">one of {}</span></div>',
            icon("swords"),
            low,
            high,
            " · ".join(e.name for e in enemies_of_year(w.year)),
        )
    e = w.enemy
    return html(
        '<div class="w-enemy shown{}"><span class="w-label">The enemy</span>'
        '<span class="w-face">{}<b>{}</b></span>'
        '<span class="w-strength" title="Strength {}">{}</span>'
        '<span class="w-terms"><span class="w-win">Victory</span>{}</span>'
        '<span class="w-terms"><span class="w-lose">Defeat</span>{}</span>{}</div>',
        " enter" if w.step == w.reveal_stage else "",
        icon("swords"),
        e.type,
        e.strength,
        e.strength,
        terms(e.gain, "+"),
        terms(e.lose, "−"),
        valley_card(w),
    )


def valley_card(w: Winter) -> Markup:
    """Goblin Valley's card, revealed with the enemy: joining as Goblins (its strength added, its terms too), or
    going back to the box."""
    if not w.valley:
        return NOTHING
    v = ENEMY_BY_ID[w.valley]
    if not w.joined:
        return html(
            '<span class="w-valley muted">Valley card: {} ({}), not Goblins: back to the box</span>', v.type, v.strength
        )
    kind = "Goblins" if v.type == "Goblins" else f"{v.type}, as Goblins"
    return html(
        '<span class="w-valley">+ from the valley: <b>{}</b> {} · together <b class="w-together">{}</b></span>'
        '<span class="w-terms"><span class="w-win">Victory</span>{}</span>'
        '<span class="w-terms"><span class="w-lose">Defeat</span>{}</span>',
        kind,
        v.strength,
        w.joined,
        terms(v.gain, "+"),
        terms(v.lose, "−"),
    )


def king_box(w: Winter, names: list[str]) -> Markup:
    if w.tokens:
        if not w.rolled:
            return Markup(
                '<div class="w-king"><span class="w-label">Soldier tokens</span>'
                '<span class="w-die unknown" aria-label="not revealed yet">?</span>'
                '<span class="w-note">chosen in secret, revealed together</span></div>'
            )
        return html(
            '<div class="w-king{}"><span class="w-label">Soldier tokens</span>'
            '<span class="w-tokens">{}</span><span class="w-note">each governor gains the soldiers of their own '
            "token</span></div>",
            " enter" if w.step == w.roll_stage else "",
            join(html("<span>{} <b>{}</b></span>", chip(f.seat, names[f.seat]), f.king) for f in w.fights),
        )
    if not w.rolled:
        return Markup(
            '<div class="w-king"><span class="w-label">The King’s die</span>'
            '<span class="w-die unknown" aria-label="not rolled yet">?</span>'
            '<span class="w-note">soldiers the King sends to everyone</span></div>'
        )
    return html(
        '<div class="w-king{}"><span class="w-label">The King’s die</span>'
        '<span class="w-die">{}</span>'
        '<span class="w-note">{}{}</span></div>',
        " enter" if w.step == w.roll_stage else "",
        die(w.king, cls="die-xl") + (die(w.low, cls="die-xl") if w.military is not None else ""),
        king_note(w, names),
        f", and {w.extra} more as the Goblins join" if w.extra and w.revealed else "",
    )


def king_note(w: Winter, names: list[str]) -> str:
    """Who the King's die sends how many soldiers to."""
    if w.military is not None:
        return (
            f"{names[w.military]} (the Military) takes the higher die, +{plural(w.king, 'soldier')}; "
            f"everyone else +{w.low}"
        )
    if 0 <= w.cap < w.king:
        return f"a {w.king}: above the Capital's cap of {w.cap}, the King sends no soldiers"
    return f"+{plural(w.king, 'soldier')} to everyone"


def fight_row(w: Winter, k: int, f: Fight, names: list[str]) -> Markup:
    shown = w.step >= 3 + k
    revealed, rolled = w.revealed, w.rolled
    bonus = f.buildings if revealed else f.base
    typed = "" if revealed or f.buildings == f.base else Markup('<span class="w-typed">+ the card’s type</span>')
    king = f.king if revealed else f.king - w.extra  # the Goblins' soldiers come with the valley card
    parts = [
        html('<span class="w-part">{}{}</span>', icon("soldier"), plural(f.soldiers, "soldier")),
        html('<span class="w-part">{}{} from buildings{}</span>', icon("build"), signed(bonus), typed),
        (
            html(
                '<span class="w-part">{}{:+d} from {}</span>',
                icon("crown"),
                king,
                "the token" if w.tokens else "the King",
            )
            if rolled
            else html(
                '<span class="w-part muted">{}+? from {}</span>', icon("crown"), "the token" if w.tokens else "the King"
            )
        ),
    ]
    if revealed and rolled:
        total = f"{f.strength}"
    elif rolled:  # the second edition's die before the card: the card's type may still change the bonus
        total = f"{f.soldiers + bonus + king}" + ("" if f.buildings == f.base else "+?")
    else:
        total = f"{f.soldiers + bonus}+?"
    head = html(
        '<div class="w-who">{}</div>'
        '<div class="w-sum">{}<span class="w-eq">=</span>'
        '<b class="w-total" title="Battle strength">{}</b></div>',
        chip(f.seat, names[f.seat]),
        join(parts),
        total,
    )
    if not shown:
        return html('<li class="w-fight {} waiting">{}<div class="w-result"></div></li>', seat_class(f.seat), head)
    versus = {"victory": ">", "draw": "=", "defeat": "<"}[f.outcome]
    if f.wall:
        versus = "="
    out = [
        html(
            '<span class="w-outcome o-{}">{}</span><span class="w-vs">{} {} {}</span>',
            f.outcome,
            OUTCOME_WORDS[f.outcome],
            f.strength,
            versus,
            w.enemy_strength,
        )
    ]
    if f.wall:
        out.append(Markup('<span class="w-gain">the Stone Wall turns the tie into a victory</span>'))
    out += [html('<span class="w-gain">+{}</span>', good(g, n)) for g, n in _counts(f.spoils)]
    out += [html('<span class="w-loss">−{}</span>', good(g, n)) for g, n in _counts(f.lost)]
    for name in f.destroyed:
        out.append(
            html('<span class="w-loss">{}loses the {}</span>', icon("build"), name)
            if name
            else Markup('<span class="w-note">no building to lose</span>')
        )
    for n, why in f.vp:
        out.append(
            html(
                '<span class="{}">{}{} VP <small>{}</small></span>',
                "w-gain" if n > 0 else "w-loss",
                icon("vp"),
                signed(n),
                why,
            )
        )
    if f.bonus and w.complete:
        out.append(
            html(
                '<span class="w-gain w-bonus">{}+{} VP <small>strongest victorious governor</small></span>',
                icon("crown"),
                f.bonus,
            )
        )
    if f.outcome == "draw":
        out.append(Markup('<span class="w-note">nothing won or lost</span>'))
    if f.seat in w.pending:
        kind, n = w.pending[f.seat]
        out.append(html('<span class="w-note w-choose">chooses {} to {}</span>', plural(n, "good"), kind))
    return html(
        '<li class="w-fight {} shown o-{}{}">{}<div class="w-result">{}</div></li>',
        seat_class(f.seat),
        f.outcome,
        " enter" if w.step == 3 + k else "",
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


def scene(w: Winter, names: list[str], spectator: bool) -> Markup:
    """The winter dialog at its current stage. ``spectator``: only computers play (it closes by itself)."""
    rows = join(fight_row(w, k, f, names) for k, f in enumerate(w.fights))
    if w.complete:
        winners = [f for f in w.fights if f.outcome == "victory"]
        verdict = (
            f"{plural(len(winners), 'governor')} of {len(w.fights)} held the border."
            if winners
            else "Nobody defeated the enemy."
        )
    else:
        told = ["The enemy is revealed.", "The King sends his soldiers."]
        if w.king_first:
            told.reverse()
        verdict = ["The enemy approaches…", *told][min(w.step, 2)]
        if w.step >= 3:
            verdict = "The governors fight, in turn order."
    button = "Continue" if not spectator else "Continue now"
    return html(
        '<div class="overlay winter" role="dialog" aria-modal="true" aria-labelledby="w-title" '
        'data-step="{}" data-complete="{}">'
        '<div class="dialog wide w-dialog">'
        '<p class="end-kicker">Year {} · Winter</p>'
        '<h2 id="w-title">{}The battle</h2>'
        '<div class="w-top">{}{}</div>'
        '<p class="w-verdict">{}</p>'
        '<ol class="w-fights">{}</ol>'
        '<div class="end-actions">'
        '<button type="button" class="primary" data-action="scene-next" autofocus>{}</button></div>'
        "</div></div>",
        w.step,
        "1" if w.complete else "0",
        ROMAN[w.year],
        icon("swords"),
        king_box(w, names) if w.king_first else enemy_card(w),
        enemy_card(w) if w.king_first else king_box(w, names),
        verdict,
        rows,
        button,
    )
