"""The scenario's and modules' part of the table (the valley cards, the Capital's growth tokens, the pledges, the
groups of the Realm, the soldier tokens) and their rules help. The lines are the engine's
(``Game.variant_board``), drawn from the viewer's view, so the page shows nothing a seat may not know."""

from __future__ import annotations

from kingsburg import Rules, available_variants, variant
from kingsburg.i18n import _

from .board import Ctx
from .markup import NOTHING, Markup, fill, html, join


def box(ctx: Ctx) -> Markup:
    """A "Scenario" box with one titled list per variant that has something on the table (nothing otherwise)."""
    parts = ctx.view.variant_board(ctx.viewer)
    if not parts:
        return NOTHING
    # Under each title its one-line summary, so "face down" reads as part of a rule (the engine's words).
    about = {v.title: _(v.summary) for v in available_variants()}  # by the engine's (English) title
    lists = join(
        html(
            '<h3 class="scn-title">{}</h3>{}<dl class="scn-lines">{}</dl>',
            _(title),
            html('<p class="scn-about">{}</p>', about[title]) if about.get(title) else NOTHING,
            join(html('<div class="scn-line"><dt>{}</dt><dd>{}</dd></div>', label, text) for label, text in lines),
        )
        for title, lines in parts
    )
    return html(
        '<section class="scenario" aria-label="{}"><h2 class="scn-head">{}</h2>{}</section>',
        fill(_("Scenario")),
        fill(_("Scenario")),
        lists,
    )


def help_section(rules: Rules | None) -> Markup:
    """The rules help of each variant in force, for the rules dialog (nothing for a first-edition game)."""
    if rules is None:
        return NOTHING
    helps = [v for name in rules.names if (v := variant(name)) is not None and v.help]
    if not helps:
        return NOTHING
    return html(
        '<section class="ref-section ref-variants"><h3>{}</h3>{}</section>',
        fill(_("This game's rules")),
        join(html('<h4>{}</h4><p class="ref-text">{}</p>', _(v.title), v.rules_help()) for v in helps),
    )
