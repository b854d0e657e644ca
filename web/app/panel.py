"""The decision panel: one sentence saying who must do what now, and the legal choices as buttons."""

from __future__ import annotations

from kingsburg import KING_DIE, PASS, Action
from kingsburg.content import ADVISORS, BUILDING_BY_SLUG, ENEMY_BY_ID, enemies_of_year
from kingsburg.i18n import N_, _, ngettext, pgettext

from .board import EXTRA_BADGES, Ctx
from .editions import term
from .enemy_terms import terms
from .icons import die, good, goods_list, icon
from .markup import NOTHING, Markup, escape, fill, html, join
from .rulesref import cost_html
from .selection import available_extras, extras_of
from .session import SPEEDS
from .theme import ROMAN, chip, level, score, seat_class, soldiers


def speed_labels() -> dict[str, str]:
    """The computers' speeds in words, in the reader's language."""
    return {
        "slow": pgettext("computer speed", "Slow"),
        "normal": pgettext("computer speed", "Normal"),
        "fast": pgettext("computer speed", "Fast"),
        "instant": pgettext("computer speed", "Instant"),
    }


def tool_button(action: str, icon_name: str, name: Markup, title: str | Markup, problem: str | None = None) -> Markup:
    """One of the game's tools under the decision: its icon and its name (which a phone's row of tools hides, for a
    screen reader and the tooltip to say). With a ``problem`` it is dimmed, and says so, but stays focusable so
    that its reason can be read."""
    return html(
        '<button type="button" class="tool{}" data-action="{}"{} title="{}">{}<span class="tool-label">{}</span>'
        "</button>",
        " dim" if problem else "",
        action,
        Markup(' aria-disabled="true"') if problem else NOTHING,
        title,
        icon(icon_name),
        name,
    )


def label(action: Action, ctx: Ctx) -> Markup:
    """What a button for ``action`` says (HTML)."""
    k = action.kind
    if k == "aid":
        return fill(_("Take {good}"), good=good(action.arg, 1))
    if k == "statue":
        bonus = term(ctx.view.rules, "bonus die")
        what = _("Statue: reroll the {die}").format(die=bonus) if action.arg else _("Statue: reroll one die")
        return html("{} {}", icon("build"), what)
    if k == "chapel":
        return html("{} {}", icon("build"), fill(_("Chapel: reroll all dice")))
    if k == "gift":
        if action.goods:
            return fill(_("Take {goods}"), goods=goods_list(action.goods))
        return fill(_("Receive the {reward}"), reward=term(ctx.view.rules, "reward"))
    if k == "trade":
        others = [g for g in ("gold", "wood", "stone") if g != action.arg]
        return fill(
            _("Give {good} {icon} take {goods}"), good=good(action.arg, 1), icon=icon("trade"), goods=goods_list(others)
        )
    if k == "build":
        b = BUILDING_BY_SLUG[action.arg]
        g, w, s = ctx.view.building_cost(ctx.deciding, b.slug)
        name = (
            _("Build the {building} (second build, King's Envoy)") if action.envoy else _("Build the {building}")
        ).format(building=_(b.name))
        return html(
            '<span class="b-name">{}</span><span class="b-cost">{}</span><span class="b-vp">{}</span>',
            name,
            cost_html(g, w, s, b.gold),
            _("{n} VP").format(n=b.vp),
        )
    if k == "townhall":
        what = fill(_('{icon} a "+2" token'), icon=icon("token")) if action.arg == "token" else good(action.arg, 1)
        return fill(_("Pay {what} for {icon} 1 VP"), what=what, icon=icon("vp"))
    if k == "recruit":
        now = _strength(ctx)[0]
        return fill(
            _("Recruit {icon} 1 soldier for {goods}"), icon=icon("soldier"), goods=goods_list(action.goods)
        ) + html('<span class="b-after">{}</span>', _("strength {now} → {after}").format(now=now, after=now + 1))
    if k == "lose":
        return fill(_("Lose {good}"), good=good(action.arg, 1))
    if k == "gain":
        return fill(_("Take {good}"), good=good(action.arg, 1))
    if k == "place":
        return placement_label(action)
    if k == PASS.kind:
        return pass_label(ctx)
    return variant_label(action)


# The words of a variant's choices, by the notation's word (marked: ``_()`` where shown); a word not listed is
# shown as the notation writes it, capitalised.
VARIANT_KINDS = {
    "artists": N_("Artists"),
    "craftsmen": N_("Craftsmen"),
    "group": N_("Group"),
    "look": N_("Look"),
    "peasants": N_("Peasants"),
    "pledge": N_("Pledge"),
    "remove": N_("Remove"),
    "society": N_("Society"),
    "token": N_("Token"),
    "tribute": N_("Tribute"),
}
VARIANT_ARGS = {
    "aristocracy": N_("Aristocracy"),
    "clergy": N_("Clergy"),
    "military": N_("Military"),
    "secret-society": N_("Secret society"),
    "craftsmen": N_("Craftsmen"),
    "artists": N_("Artists"),
    "peasants": N_("Peasants"),
    "outlaws": N_("Outlaws"),
    "enemy": N_("Enemy"),
    "valley": N_("Valley"),
    "both": N_("Both"),
    "none": N_("None"),
    "gold": N_("Gold"),
    "wood": N_("Wood"),
    "stone": N_("Stone"),
    "troops": N_("Troops"),
    "luxuries": N_("Luxuries"),
    "manpower": N_("Manpower"),
}


def _word(words: dict[str, str], key: str) -> str:
    return _(words[key]) if key in words else key.replace("-", " ").capitalize()


def variant_label(action: Action) -> Markup:
    """A decision a variant added (a scenario's group, tribute, pledge, token…): its kind and what it names, so
    every choice reads differently ("Group: Aristocracy", "Pledge: #7 Astronomer", "Token: 3")."""
    what: list[Markup] = []
    if action.advisor:
        what.append(
            html('<span class="adv-num small">{}</span> {}', action.advisor, _(ADVISORS[action.advisor - 1].name))
        )
    if action.arg:
        what.append(escape(_word(VARIANT_ARGS, action.arg)))
    if action.goods:
        what.append(goods_list(action.goods))
    head = _word(VARIANT_KINDS, action.kind)
    return fill(_("{kind}: {what}"), kind=head, what=join(what, Markup(" "))) if what else escape(head)


def effect(action: Action, ctx: Ctx) -> Markup:
    """What a choice does, under its name, where the name alone does not say it (a scenario's group, the valley's
    look): the engine's words, as a building tile shows its short effect."""
    text = ctx.view.effect(action)
    return html('<span class="c-effect">{}</span>', text) if text else NOTHING


def pass_label(ctx: Ctx) -> Markup:
    return escape(
        {
            "influence": _("Pass: no more advisors this season"),
            "gift": _("Make no trade"),
            "build": _("Build nothing"),
            "reroll": _("Keep these dice"),
            "townhall": _("Pay nothing"),
            "recruit": _("Done recruiting"),
        }.get(ctx.view.decision(), pgettext("a choice", "Pass"))
    )


def placement_label(a: Action) -> Markup:
    adv = ADVISORS[a.advisor - 1]
    badges = join(html('<span class="tbadge tb-{}">{}</span>', x, _(EXTRA_BADGES[x][0])) for x in extras_of(a))
    return html('<span class="adv-num small">{}</span> {}{}', a.advisor, _(adv.name), badges)


def panel(ctx: Ctx, *, message: str = "", error: bool = False, progress: float | None = None) -> Markup:
    session, view = ctx.session, ctx.view
    seat = view.to_play
    names = ctx.names
    parts = []
    if seat is None:
        parts.append(
            html(
                '<p class="prompt">{}</p><div class="choices">'
                '<button type="button" class="primary" data-action="results">{}</button></div>',
                fill(_("The game is over.")),
                fill(_("See the results")),
            )
        )
    elif session.readonly:
        parts.append(html('<p class="prompt">{} {}</p>', chip(seat, names[seat]), _rest(view.prompt(), names[seat])))
        parts.append(html('<p class="hint">{}</p>', fill(_("A position shown for study: nothing can be played here."))))
    elif ctx.legal:
        parts.append(
            html(
                '<p class="prompt" id="prompt"><span class="you">{}</span> {} {}</p>',
                fill(_("Your turn:")),
                chip(seat, names[seat]),
                _rest(view.prompt(), names[seat]),
            )
        )
        parts.append(influence(ctx) if view.decision() == "influence" else choices(ctx))
        parts.append(my_goods(ctx))
    else:
        kind = session.kinds[seat]
        if kind != "human":
            # Behind the battle or the year's summary nobody plays yet: the computer waits, and thinks once closed.
            waiting = ctx.paused
            who = chip(seat, names[seat])
            computer = html('<span class="kind">{}</span>', _("({level} computer)").format(level=level(kind)))
            dots = Markup('<span class="dots" aria-hidden="true"><i>.</i><i>.</i><i>.</i></span>')
            doing = (
                fill(_("{name} {computer} plays next"), name=who, computer=computer)
                if waiting
                else fill(_("{name} {computer} is thinking{dots}"), name=who, computer=computer, dots=dots)
            )
            bar = ""
            if not waiting and progress is not None and kind == "hard":
                bar = html(
                    '<progress max="100" value="{}" aria-label="{}"></progress>', int(progress * 100), _("Thinking")
                )
            parts.append(
                html(
                    '<p class="prompt{}" id="prompt">{}</p><p class="hint">{}</p>{}',
                    "" if waiting else " thinking",
                    doing,
                    view.prompt(),
                    bar,
                )
            )
        else:
            parts.append(html('<p class="prompt" id="prompt">{}</p>', view.prompt()))
    tools = []
    if session.humans and not session.readonly and seat is not None:
        problem = session.undo_problem()
        tools.append(
            tool_button("undo", "undo", fill(_("Undo")), problem or _("Take back your last decision"), problem)
        )
    if ctx.legal:
        explained = _(
            "The Normal computer looks at your position (only what you may see) and says what it would choose, and "
            "why. Nothing is played."
        )
        tools.append(tool_button("hint", "eye", fill(_("What would the computer do?")), fill(explained)))
    if len(session.humans) > 1 and not session.readonly and seat is not None:
        on = session.handovers
        # A switch, not a pressed button: a track and knob, the state in words too (hidden from the name: a
        # screen reader says it from aria-checked).
        tools.append(
            html(
                '<button type="button" class="tool switch" role="switch" data-action="handovers" data-value="{}" '
                'aria-checked="{}" title="{}">'
                '<span class="switch-track" aria-hidden="true"><span class="switch-knob"></span></span>'
                '{}<b class="switch-state" aria-hidden="true">{}</b></button>',
                "off" if on else "on",
                "true" if on else "false",
                fill(
                    _(
                        "Hide a player's look at the enemy card from the others: the device is handed over when it "
                        "would show"
                    )
                ),
                fill(_("Hide secrets")),
                pgettext("a switch", "On") if on else pgettext("a switch", "Off"),
            )
        )
    if any(k != "human" for k in session.kinds) and not session.readonly and seat is not None:
        if session.computer_to_play:
            tools.append(
                tool_button("skip", "fast", fill(_("Skip")), fill(_("Let the computers finish their turns now")))
            )
        options = join(
            html('<option value="{}"{}>{}</option>', k, " selected" if k == session.speed else "", v)
            for k, v in speed_labels().items()
            if k in SPEEDS
        )
        tools.append(
            html(
                # One of the two words shows (a phone's row of tools has room for the short one), and names the
                # list: the hidden one is not part of its name.
                '<label class="speed"><span class="long">{}</span><span class="short">{}</span> '
                '<select data-action="speed" name="speed">{}</select></label>',
                fill(_("Computer speed")),
                pgettext("computer speed, in a phone's row of tools", "Speed"),
                options,
            )
        )
    msg = ""
    if message:
        role = "alert" if error else "status"
        msg = html('<p class="msg{}" role="{}">{}</p>', " err" if error else "", role, message)
    return html(
        '<div class="panel-main">{}{}</div><div class="panel-tools game-tools">{}</div>', join(parts), msg, join(tools)
    )


def _rest(prompt: str, name: str) -> str:
    """The prompt without the leading name (the chip shows it)."""
    return prompt[len(name) :].lstrip() if prompt.startswith(name) else prompt


def choices(ctx: Ctx) -> Markup:
    view = ctx.view
    seat = ctx.deciding
    decision = view.decision()
    head = ""
    if decision == "reroll":
        p = view.state.players[seat]
        head = (
            html(
                '<div class="my-dice {}{}">{} ',
                seat_class(seat),
                " fresh" if seat in ctx.fresh.rolled else "",
                fill(_("Your dice:")),
            )
            + join(die(d, cls="die-lg") for d in p.dice)
            + join(die(d, white=True, cls="die-lg") for d in p.white)
            + Markup("</div>")
        )
    if decision == "build":
        head = html('<p class="hint">{}</p>', fill(_("Choose an outlined building on your province sheet, or here.")))
    if decision == "recruit":
        head = recruit_head(ctx)
    passes = [a for a in ctx.legal if a.kind == "pass"]
    others = [a for a in ctx.legal if a.kind != "pass"]
    buttons = [
        html(
            '<button type="button" class="choice c-{}{}" data-action="act" data-value="{}">{}{}</button>',
            a.kind,
            " hinted" if a == ctx.hint else "",
            str(a),
            label(a, ctx),
            effect(a, ctx),
        )
        for a in others
    ]
    buttons += [
        html(
            '<button type="button" class="choice c-pass{}" data-action="act" data-value="pass">{}</button>',
            " hinted" if a == ctx.hint else "",
            pass_label(ctx),
        )
        for a in passes
    ]
    return html('{}<div class="choices c-{}">{}</div>', head, decision, join(buttons))


def influence(ctx: Ctx) -> Markup:
    view, sel = ctx.view, ctx.sel
    seat = ctx.deciding
    p = view.state.players[seat]
    dice_buttons = []
    for i, d in enumerate(p.dice):
        on = i in sel.coloured
        dice_buttons.append(
            html(
                '<button type="button" class="die-btn{}" data-action="die" data-value="c{}" '
                'aria-pressed="{}" aria-label="{}">{}</button>',
                " on" if on else "",
                i,
                "true" if on else "false",
                _("Die {value}").format(value=d),
                die(d, cls="die-lg"),
            )
        )
    for i, d in enumerate(p.white):
        on = i in sel.white
        dice_buttons.append(
            html(
                '<button type="button" class="die-btn white{}" data-action="die" data-value="w{}" '
                'aria-pressed="{}" aria-label="{}">{}</button>',
                " on" if on else "",
                i,
                "true" if on else "false",
                _("{die} {value}").format(die=term(view.rules, "bonus die", capital=True), value=d),
                die(d, True, "die-lg"),
            )
        )
    avail = available_extras(ctx.legal)
    toggles = []
    holds_envoy = view.state.envoy == seat
    for extra, (short, name) in EXTRA_BADGES.items():
        if not avail[extra]:
            if extra == "envoy" and holds_envoy:  # held but of no use now: say so rather than hide it
                toggles.append(
                    html(
                        '<button type="button" class="toggle tg-envoy" data-action="extra" data-value="envoy" '
                        'aria-disabled="true" title="{}">'
                        '<span class="tbadge tb-envoy">{}</span> {}</button>',
                        fill(
                            _(
                                "You hold the King’s Envoy: it lets you influence an advisor another player took, "
                                "and none is in reach of your dice now. Keep it for later."
                            )
                        ),
                        _(short),
                        fill(pgettext("the King's Envoy", "Envoy")),
                    )
                )
            continue
        on = getattr(sel, extra)
        words = {
            "token": _("token ({n})").format(n=p.tokens),
            "market": pgettext("the advisor", "Market"),
            "envoy": pgettext("the King's Envoy", "Envoy"),
        }[extra]
        toggles.append(
            html(
                '<button type="button" class="toggle tg-{}{}" data-action="extra" '
                'data-value="{}" aria-pressed="{}" title="{}">'
                '<span class="tbadge tb-{}">{}</span> {}</button>',
                extra,
                " on" if on else "",
                extra,
                "true" if on else "false",
                _("Use the {extra}").format(extra=_(name)),
                extra,
                _(short),
                words,
            )
        )
    coloured, whites = sel.group(p.dice, p.white)
    if sel.empty:
        summary = _("Choose dice to form a group: the advisors it can reach light up.")
    else:
        total = sum(coloured) + sum(whites)
        bonus = term(view.rules, "bonus die short")  # "white 3", "bonus 3"
        summary = " + ".join([str(d) for d in coloured] + [f"{bonus} {d}" for d in whites]) + f" = {total}"
        if sel.token:
            total += 2
            summary += _(', {total} with the "+2" token').format(total=total)
        if sel.market:
            summary += _(", {low} to {high} with the Market").format(low=total - 1, high=total + 1)
        if not coloured:
            dice, needs = term(view.rules, "bonus dice", capital=True), term(view.rules, "player die")
            summary += _(". {dice} need at least one {die}.").format(dice=dice, die=needs)
        elif not ctx.targets:
            summary += (
                _(". No advisor can take this group unless you switch on an extra below.")
                if ctx.missed
                else _(". No advisor can take this group.")
            )
        else:
            n = len(ctx.targets)
            summary += ngettext(
                ": {n} advisor in reach. Choose one on the court or below.",
                ": {n} advisors in reach. Choose one on the court or below.",
                n,
            ).format(n=n)
    targets = join(
        html(
            '<button type="button" class="target-btn" data-action="act" data-value="{}">{}</button>',
            str(a),
            placement_label(a),
        )
        for _, a in sorted(ctx.targets.items())
    )
    clear = (
        html('<button type="button" class="tool small" data-action="clear">{}</button>', fill(_("Clear")))
        if not sel.empty
        else ""
    )
    return (
        html(
            '<div class="inf-row"><div class="my-dice {}{}" role="group" aria-label="{}">{}{}</div>',
            seat_class(seat),
            " fresh" if seat in ctx.fresh.rolled else "",
            fill(_("Your dice")),
            join(dice_buttons),
            clear,
        )
        + (
            html('<div class="toggles" role="group" aria-label="{}">{}</div>', fill(_("Extras")), join(toggles))
            if toggles
            else ""
        )
        + html(
            '<button type="button" class="choice c-pass{}" data-action="act" data-value="pass">'
            '<span>{}<span class="long">{}</span></span></button></div>',
            " hinted" if ctx.hint == PASS else "",
            fill(pgettext("a choice", "Pass")),
            fill(_(": no more advisors this season")),
        )
        + html('<div class="inf-row"><p class="hint" aria-live="polite">{}</p>', summary)
        + (
            html('<div class="targets" role="group" aria-label="{}">{}</div>', fill(_("Advisors in reach")), targets)
            if targets
            else ""
        )
        + Markup("</div>")
    )


def _strength(ctx: Ctx) -> tuple[int, str]:
    """The deciding player's battle strength before the King's die (soldiers and buildings, against the enemy
    if they know it), and the enemy card they know ("" if none)."""
    view = ctx.view
    seat = ctx.deciding
    card = view.known_enemy(seat) or ""
    enemy_type = ENEMY_BY_ID[card].type if card else ""
    return view.battle_strength(seat, enemy_type), card


def recruit_head(ctx: Ctx) -> Markup:
    """What recruiting is for: your strength now, the King's die to come, the enemy (or its range), and what
    winning or losing would bring."""
    view = ctx.view
    seat = ctx.deciding
    p = view.state.players[seat]
    now, card = _strength(ctx)
    bonus = now - p.soldiers
    low, high = view.strength_range()
    faces = view.king_faces(seat)  # the die, or what a scenario or module makes of it
    if card:
        e = ENEMY_BY_ID[card]
        enemy = html(
            '<span class="rc-enemy">{}{}</span>'
            '<span class="rc-terms"><span class="w-win">{}</span>{}</span>'
            '<span class="rc-terms"><span class="w-lose">{}</span>{}</span>',
            icon("eye"),
            fill(_("You looked: <b>{enemy} {strength}</b>"), enemy=_(e.type), strength=e.strength),
            fill(_("Victory")),
            terms(e.gain, "+"),
            fill(_("Defeat")),
            terms(e.lose, "−"),
        )
    else:
        names = " · ".join(e.title() for e in enemies_of_year(min(view.year, 5)))
        enemy = html(
            '<span class="rc-enemy">{}{}</span><span class="rc-terms muted">{}</span>',
            icon("swords"),
            fill(
                _("Year {year} enemy: strength <b>{low}–{high}</b>"), year=ROMAN[min(view.year, 5)], low=low, high=high
            ),
            fill(
                _(
                    "one of {enemies}; the card says what victory and defeat bring, and buildings may count for more "
                    "against its type"
                ),
                enemies=names,
            ),
        )
    return html(
        '<div class="recruit-box"><span class="rc-now">{}{}</span><span class="rc-now">{}{}</span>{}</div>',
        icon("soldier"),
        fill(
            _("Your {strength} <b>{now}</b> <small>({soldiers}, {sign}{bonus} buildings)</small>"),
            strength=term(view.rules, "strength"),
            now=now,
            soldiers=soldiers(p.soldiers),
            sign="+" if bonus >= 0 else "−",
            bonus=abs(bonus),
        ),
        icon("crown"),
        fill(
            _("with {king} ({low}–{high}): <b>{weakest}–{strongest}</b>"),
            king=_("the King’s die") if faces == KING_DIE else _("the King’s soldiers"),
            low=min(faces),
            high=max(faces),
            weakest=now + min(faces),
            strongest=now + max(faces),
        ),
        enemy,
    )


def my_goods(ctx: Ctx) -> Markup:
    """What the deciding player holds, beside the choice (on a phone their strip is often scrolled away)."""
    p = ctx.view.state.players[ctx.deciding]
    return html(
        '<p class="my-goods" aria-label="{}">{}{}'
        '{}<span class="good" title="{}">{}'
        '<b class="n">{}</b></span><span class="good" title="{}">'
        '{}<b class="n">{}</b></span>'
        '<span class="good" title="{}">{}<b class="n">{}</b></span></p>',
        fill(_("You hold")),
        good("gold", p.gold),
        good("wood", p.wood),
        good("stone", p.stone),
        ngettext("{n} +2 token", "{n} +2 tokens", p.tokens).format(n=p.tokens),
        icon("token"),
        p.tokens,
        soldiers(p.soldiers),
        icon("soldier"),
        p.soldiers,
        _("{score} VP").format(score=score(p.vp)),
        icon("vp"),
        score(p.vp),
    )
