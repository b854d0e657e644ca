"""The rules reference: every phase, advisor, building and enemy card, for tooltips and the Rules panel.

The components' own texts come from ``kingsburg.content``; the phase summaries paraphrase the rulebook.
"""

from __future__ import annotations

from functools import cache

from kingsburg import Rules
from kingsburg.content import ADVISORS, BUILDINGS, ENEMIES, ROMAN, strength_range
from kingsburg.i18n import N_, _, language, ngettext, pgettext

from .editions import phase_name
from .icons import good, goods_count, icon
from .markup import Markup, fill, html, join

PHASE_SHORT = (
    "",
    N_("Aid"),
    N_("Spring"),
    N_("Reward"),
    N_("Summer"),
    N_("Envoy"),
    N_("Autumn"),
    N_("Recruit"),
    N_("Winter"),
)
PHASE_ICONS = ("", "crown", "spring", "reward", "summer", "envoy", "autumn", "soldier", "winter")
PHASE_TEXT = (
    "",
    N_(
        "The governor with the fewest buildings (then the fewest goods) rolls an extra white die this spring. "
        "If several are still tied, each of them takes one good of their choice instead."
    ),
    N_(
        "A productive season: everyone rolls, the lowest total plays first; in turn order influence the King's "
        "advisors with dice groups that add up exactly to an advisor's number; the advisors help in order #1 to #18; "
        "then everyone may construct one building."
    ),
    N_("The governors with the most buildings gain 1 VP."),
    N_('The second productive season, played like spring. At its end, every Inn gives its owner a "+2" token.'),
    N_(
        "The governor with the fewest buildings (then the fewest goods) receives the King's Envoy: once, influence an "
        "advisor someone already took, or construct a second building in a season. Unused, it returns here a year "
        "later."
    ),
    N_("The third productive season, played like spring."),
    N_("In turn order, hire soldiers for 2 goods each (1 good with the Barracks)."),
    N_(
        "The enemy card is revealed and the King sends everyone the same number of soldiers (one die). Soldiers plus "
        "building bonuses above the enemy's strength win its reward, below it suffer its penalties; a tie is a draw "
        "(a win with the Stone Wall). The strongest victorious governors gain 1 VP. Then soldiers go home."
    ),
)
"""What happens in each phase (marked: ``phase_text`` says it in the reader's language)."""

# The phases whose summary the second edition changes (second-edition.md §1.3–1.4): its words, and in winter
# the King's reinforcements before the enemy card.
SECOND_EDITION_TEXT = {
    1: N_(
        "The governor with the fewest buildings (then the fewest goods) rolls an extra bonus die this spring. "
        "If several are still tied, each of them takes one good of their choice instead."
    ),
    2: N_(
        "A productive season: everyone rolls, the lowest total plays first; in turn order influence the King's "
        "advisors with dice groups that add up exactly to an advisor's number; the advisors give their rewards in "
        "order #1 to #18; then everyone may construct one building."
    ),
    8: N_(
        "The King's reinforcements die is rolled first: everyone gains that many soldiers. Then the enemy card is "
        "revealed. A battle strength (soldiers plus building bonuses) above the enemy's wins its rewards, below it "
        "suffers its penalties; a tie changes nothing (a win with the Stone Wall). The strongest victorious governors "
        "gain 1 VP. Then soldiers go home."
    ),
}


def phase_text(rules: Rules, phase: int) -> str:
    """What happens in ``phase`` (1..8), in the words and order of the edition of ``rules``."""
    text = (SECOND_EDITION_TEXT.get(phase) if rules.edition == 2 else None) or PHASE_TEXT[phase]
    return _(text) if text else text


def second_edition_notes() -> Markup:
    """What the second edition changes, for the rules dialog, in the reader's language."""
    items = (
        _("In winter the King's reinforcements come before the enemy card is revealed."),
        _("Scores can go below zero."),
        _(
            "&ldquo;At the end of&rdquo; effects already work in the season their building is built (an Inn built "
            'in summer gives its "+2" token that summer).'
        ),
        _(
            "Effects that depend on a dice total are used only after all rerolls; building bonuses count only when "
            "battle strength is worked out; effects of different players that clash are resolved in turn order."
        ),
    )
    return html(
        "<p>{}</p><ul>{}</ul>",
        fill(_("The second edition plays the same year, with these differences (its clarifications, pp. 14–15):")),
        join(html("<li>{}</li>", fill(item)) for item in items),
    )


def how_to() -> Markup:
    """How to play, in a few lines, for the rules dialog, in the reader's language."""
    return html(
        "<p>{}</p><p><b>{}</b> {}</p><p>{}</p>",
        fill(
            _(
                "Five years of eight phases. Each productive season (spring, summer, autumn) you roll three dice and, "
                "in turn order, spend dice groups on the King's advisors: the group's total must equal the advisor's "
                "number. Each advisor helps only one governor per season."
            )
        ),
        fill(_("On this board:")),
        fill(
            _(
                "tap your dice to form a group; the advisors it can reach light up. Tap one to place the group. "
                'Switch on a "+2" token, the Market (±1) or the King\'s Envoy to reach more advisors: each is shown '
                "with its own badge. Pass when you are done for the season."
            )
        ),
        fill(
            _(
                "Gold, wood and stone pay for buildings on your province sheet (each row from left to right). "
                "Buildings give victory points (VP), powers and battle bonuses. In winter an enemy attacks: soldiers "
                "and buildings defend you. After year V the most VP wins; ties go to the most goods left, then the "
                "most buildings."
            )
        ),
    )


def advisor_gift(number: int) -> Markup:
    """An advisor's gift drawn as icons (the rulebook's words are in the tooltip)."""
    return _advisor_gift(number, language())


@cache  # pure, and drawn for every tile at every redraw (one entry per language)
def _advisor_gift(number: int, lang: str) -> Markup:
    a = ADVISORS[number - 1]
    parts: list[Markup] = []
    if a.trade:
        parts.append(icon("any", _("give 1 good")) + icon("trade"))
        parts.append(html('{}<span class="gx">×2</span>', icon("any", _("take one of each other good"))))
    if a.bundles:
        options = []
        for bundle in a.bundles:
            options.append(join(good(g, None, "mini") for g in bundle))
        parts.append(join(options, html('<span class="or">{}</span>', fill(_("or")))))
    counts: dict[str, int] = {}
    for g in a.goods:
        counts[g] = counts.get(g, 0) + 1
    parts.extend(
        html('<span class="gx">{}×</span>{}', n, good(g, None, "mini")) if n > 1 else good(g, None, "mini")
        for g, n in counts.items()
    )
    if a.any:
        label = ngettext("{n} good of your choice", "{n} goods of your choice", a.any).format(n=a.any)
        parts.append((html('<span class="gx">{}×</span>', a.any) if a.any > 1 else "") + icon("any", label))
    if a.tokens:
        parts.append(icon("token", _('"+2" token')))
    if a.soldiers:
        label = ngettext("{n} soldier", "{n} soldiers", a.soldiers).format(n=a.soldiers)
        parts.append(
            (html('<span class="gx">{}×</span>', a.soldiers) if a.soldiers > 1 else "") + icon("soldier", label)
        )
    if a.vp:
        sign = "+" if a.vp > 0 else "−"
        parts.append(
            html('<span class="gvp">{}{}</span>{}', sign, abs(a.vp), icon("vp", _("{n} VP").format(n=f"{a.vp:+d}")))
        )
    if a.look:
        parts.append(icon("eye", _("look at the enemy card")))
    return join(html('<span class="gift-part">{}</span>', p) for p in parts)


def cost_html(gold: int, wood: int, stone: int, base_gold: int | None = None) -> Markup:
    return _cost_html(gold, wood, stone, base_gold, language())


@cache  # pure, and drawn for every tile at every redraw (one entry per language)
def _cost_html(gold: int, wood: int, stone: int, base_gold: int | None, lang: str) -> Markup:
    parts = []
    for name, n in (("gold", gold), ("wood", wood), ("stone", stone)):
        if n or (name == "gold" and base_gold):
            was = html("<s>{}</s>", base_gold) if name == "gold" and base_gold is not None and base_gold != n else ""
            parts.append(html('<span class="cost-item">{}{}</span>', was, good(name, n, "mini")))
    return join(parts) or html('<span class="free">{}</span>', fill(pgettext("costs nothing", "free")))


SHORT_EFFECTS = tuple(b.short for b in BUILDINGS)
"""What a building tile says in a few words: the engine's component data (the tooltip and the Rules panel have
the whole text)."""


def battle_short(index: int) -> str:
    """The battle modifier as a tile shows it: "+1", "+1/+2 Zombies", "+1 Goblins"."""
    b = BUILDINGS[index]
    parts = [f"{b.battle:+d}"] if b.battle or not b.battle_vs else []
    for kind, value in b.battle_vs:
        parts.append(f"{value:+d} {_(kind)}")
    return " / ".join(parts)


def battle_text(index: int) -> str:
    b = BUILDINGS[index]
    if not b.battle and not b.battle_vs:
        return ""
    text = f"{b.battle:+d}" if b.battle else ""
    for kind, value in b.battle_vs:
        text += (" " if text else "") + _("({value} vs {enemy})").format(value=f"{value:+d}", enemy=_(kind))
    return text


def building_title(index: int) -> str:
    return _building_title(index, language())


@cache  # one entry per language
def _building_title(index: int, lang: str) -> str:
    b = BUILDINGS[index]
    battle = battle_text(index)
    cost = ", ".join(goods_count(g, n) for g, n in (("gold", b.gold), ("wood", b.wood), ("stone", b.stone)) if n)
    where = _("{building} (row {row}, column {column}): costs {cost}").format(
        building=_(b.name), row=b.row, column=ROMAN[b.col], cost=cost or _("nothing")
    )
    bits = [where, _("{n} VP").format(n=b.vp)]
    if battle:
        bits.append(_("battle {bonus}").format(bonus=battle))
    return "; ".join(bits) + f". {_(b.effect)}"


def enemy_title(card: str) -> str:
    return next(e for e in ENEMIES if e.id == card).describe()


def rules_panel(rules: Rules) -> Markup:
    """The whole reference in the words of the edition of ``rules`` (built once per edition and language: only they
    change it; a scenario's or module's help is a section of its own, web/app/scenario.py)."""
    return _rules_panel(rules, language())


@cache
def _rules_panel(rules: Rules, lang: str) -> Markup:
    phases = join(
        html(
            '<li><span class="ph-icon">{}</span><b>{}. {}</b> {}</li>',
            icon(PHASE_ICONS[n]),
            n,
            phase_name(rules, n),
            phase_text(rules, n),
        )
        for n in range(1, 9)
    )
    advisors = join(
        html(
            '<li><span class="adv-num small">{}</span><b>{}</b> '
            '<span class="gift">{}</span><br><span class="ref-text">{}</span></li>',
            a.number,
            _(a.name),
            advisor_gift(a.number),
            _(a.text),
        )
        for a in ADVISORS
    )
    rows = []
    for b in BUILDINGS:
        battle = battle_text(b.index)
        rows.append(
            html(
                '<tr><th scope=row>{}</th><td>{}·{}</td><td class="cost">{}</td><td>{}</td><td>{}</td><td>{}</td></tr>',
                _(b.name),
                b.row,
                ROMAN[b.col],
                cost_html(b.gold, b.wood, b.stone),
                b.vp,
                battle,
                _(b.effect),
            )
        )
    heads = (_("Building"), _("Row·col"), _("Cost"), _("VP"), pgettext("a building's bonus", "Battle"), _("Power"))
    buildings = html(
        '<table class="ref-table"><thead><tr>{}</tr></thead><tbody>{}</tbody></table><p>{}</p>',
        join(html("<th scope=col>{}</th>", fill(head)) for head in heads),
        join(rows),
        fill(
            _(
                "Build each row from left to right. The Crane takes 1 gold off columns III and IV. A defeat that "
                "destroys a building takes the one in your rightmost column, topmost first."
            )
        ),
    )
    years = []
    for year in range(1, 6):
        low, high = strength_range(year)
        cards = join(html("<li>{}</li>", e.describe()) for e in ENEMIES if e.year == year)
        years.append(
            html(
                "<h4>{}</h4><ul>{}</ul>",
                fill(_("Year {year}: strength {low}–{high}"), year=ROMAN[year], low=low, high=high),
                cards,
            )
        )
    return html(
        '<section class="ref-section"><h3>{}</h3>{}{}</section>'
        '<section class="ref-section"><h3>{}</h3><ol class="ref-phases">{}</ol></section>'
        '<section class="ref-section"><h3>{}</h3><ul class="ref-advisors">{}</ul></section>'
        '<section class="ref-section"><h3>{}</h3>{}</section>'
        '<section class="ref-section"><h3>{}</h3><p>{}</p>{}</section>',
        fill(_("How to play")),
        how_to(),
        second_edition_notes() if rules.edition == 2 else "",
        fill(_("The year: eight phases")),
        phases,
        fill(_("The King's advisors")),
        advisors,
        fill(_("Buildings")),
        buildings,
        fill(_("Enemies")),
        fill(
            _(
                "One card per year, face down. Its back shows the strength range of that year. The General and the "
                "Queen let you look at it secretly."
            )
        ),
        join(years),
    )
