"""The decision panel: one sentence saying who must do what now, and the legal choices as buttons."""

from __future__ import annotations

from kingsburg import KING_DIE, PASS, Action
from kingsburg.content import ADVISORS, BUILDING_BY_SLUG, ENEMY_BY_ID, enemies_of_year

from .board import EXTRA_BADGES, Ctx
from .editions import term
from .enemy_terms import terms
from .icons import die, good, goods_list, icon
from .markup import NOTHING, Markup, escape, html, join
from .rulesref import cost_html
from .selection import available_extras, extras_of
from .session import SPEEDS
from .theme import KIND_SHORT, ROMAN, chip, plural, score, seat_class

SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}


def label(action: Action, ctx: Ctx) -> Markup:
    """What a button for ``action`` says (HTML)."""
    k = action.kind
    if k == "aid":
        return html("Take {}", good(action.arg, 1))
    if k == "statue":
        bonus = term(ctx.view.rules, "bonus die")
        return html("{} Statue: reroll {}", icon("build"), f"the {bonus}" if action.arg else "one die")
    if k == "chapel":
        return html("{} Chapel: reroll all dice", icon("build"))
    if k == "gift":
        if action.goods:
            return html("Take {}", goods_list(action.goods))
        return html("Receive the {}", term(ctx.view.rules, "reward"))
    if k == "trade":
        others = [g for g in ("gold", "wood", "stone") if g != action.arg]
        return html("Give {} {} take {}", good(action.arg, 1), icon("trade"), goods_list(others))
    if k == "build":
        b = BUILDING_BY_SLUG[action.arg]
        g, w, s = ctx.view.building_cost(ctx.deciding, b.slug)
        second = " (second build, King's Envoy)" if action.envoy else ""
        return html(
            '<span class="b-name">Build the {}{}</span><span class="b-cost">{}</span><span class="b-vp">{} VP</span>',
            b.name,
            second,
            cost_html(g, w, s, b.gold),
            b.vp,
        )
    if k == "townhall":
        what = html('{} a "+2" token', icon("token")) if action.arg == "token" else good(action.arg, 1)
        return html("Pay {} for {} 1 VP", what, icon("vp"))
    if k == "recruit":
        now = _strength(ctx)[0]
        return html(
            'Recruit {} 1 soldier for {}<span class="b-after">strength {} → {}</span>',
            icon("soldier"),
            goods_list(action.goods),
            now,
            now + 1,
        )
    if k == "lose":
        return html("Lose {}", good(action.arg, 1))
    if k == "gain":
        return html("Take {}", good(action.arg, 1))
    if k == "place":
        return placement_label(action)
    if k == PASS.kind:
        return pass_label(ctx)
    return variant_label(action)


def variant_label(action: Action) -> Markup:
    """A decision a variant added (a scenario's group, tribute, pledge, token…): its kind and what it names, so
    every choice reads differently ("Group: Aristocracy", "Pledge: #7 Astronomer", "Token: 3")."""
    what: list[Markup] = []
    if action.advisor:
        what.append(html('<span class="adv-num small">{}</span> {}', action.advisor, ADVISORS[action.advisor - 1].name))
    if action.arg:
        what.append(escape(action.arg.replace("-", " ").capitalize()))
    if action.goods:
        what.append(goods_list(action.goods))
    head = action.kind.replace("-", " ").capitalize()
    return html("{}: {}", head, join(what, Markup(" "))) if what else escape(head)


def effect(action: Action, ctx: Ctx) -> Markup:
    """What a choice does, under its name, where the name alone does not say it (a scenario's group, the valley's
    look): the engine's words, as a building tile shows its short effect."""
    text = ctx.view.effect(action)
    return html('<span class="c-effect">{}</span>', text) if text else NOTHING


def pass_label(ctx: Ctx) -> Markup:
    return escape(
        {
            "influence": "Pass: no more advisors this season",
            "gift": "Make no trade",
            "build": "Build nothing",
            "reroll": "Keep these dice",
            "townhall": "Pay nothing",
            "recruit": "Done recruiting",
        }.get(ctx.view.decision(), "Pass")
    )


def placement_label(a: Action) -> Markup:
    adv = ADVISORS[a.advisor - 1]
    badges = join(html('<span class="tbadge tb-{}">{}</span>', x, EXTRA_BADGES[x][0]) for x in extras_of(a))
    return html('<span class="adv-num small">{}</span> {}{}', a.advisor, adv.name, badges)


def panel(ctx: Ctx, *, message: str = "", error: bool = False, progress: float | None = None) -> Markup:
    session, view = ctx.session, ctx.view
    seat = view.to_play
    names = ctx.names
    parts = []
    if seat is None:
        parts.append(
            Markup(
                '<p class="prompt">The game is over.</p><div class="choices">'
                '<button type="button" class="primary" data-action="results">See the results</button></div>'
            )
        )
    elif session.readonly:
        parts.append(html('<p class="prompt">{} {}</p>', chip(seat, names[seat]), _rest(view.prompt(), names[seat])))
        parts.append(Markup('<p class="hint">A position shown for study: nothing can be played here.</p>'))
    elif ctx.legal:
        parts.append(
            html(
                '<p class="prompt" id="prompt"><span class="you">Your turn:</span> {} {}</p>',
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
            doing = (
                Markup(" plays next")
                if waiting
                else Markup(' is thinking<span class="dots" aria-hidden="true"><i>.</i><i>.</i><i>.</i></span>')
            )
            bar = ""
            if not waiting and progress is not None and kind == "hard":
                bar = html('<progress max="100" value="{}" aria-label="Thinking"></progress>', int(progress * 100))
            parts.append(
                html(
                    '<p class="prompt{}" id="prompt">{} <span class="kind">({} computer)</span>{}</p>'
                    '<p class="hint">{}</p>{}',
                    "" if waiting else " thinking",
                    chip(seat, names[seat]),
                    KIND_SHORT[kind],
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
        # Disabled (but focusable, so its reason can be read) when undo cannot work.
        tools.append(
            html(
                '<button type="button" class="tool{}" data-action="undo" aria-disabled="{}" title="{}">{}Undo</button>',
                " dim" if problem else "",
                "true" if problem else "false",
                problem or "Take back your last decision",
                icon("undo"),
            )
        )
    if ctx.legal:
        tools.append(
            html(
                '<button type="button" class="tool" data-action="hint" title="The Normal computer looks at your '
                'position (only what you may see) and says what it would choose, and why. Nothing is played.">'
                "{}What would the computer do?</button>",
                icon("eye"),
            )
        )
    if len(session.humans) > 1 and not session.readonly and seat is not None:
        on = session.handovers
        # A switch, not a pressed button: a track and knob, the state in words too (hidden from the name: a
        # screen reader says it from aria-checked).
        tools.append(
            html(
                '<button type="button" class="tool switch" role="switch" data-action="handovers" data-value="{}" '
                'aria-checked="{}" title="Hide a player\'s look at the enemy card from the '
                'others: the device is handed over when it would show">'
                '<span class="switch-track" aria-hidden="true"><span class="switch-knob"></span></span>'
                'Hide secrets<b class="switch-state" aria-hidden="true">{}</b></button>',
                "off" if on else "on",
                "true" if on else "false",
                "On" if on else "Off",
            )
        )
    if any(k != "human" for k in session.kinds) and not session.readonly and seat is not None:
        if session.computer_to_play:
            tools.append(
                html(
                    '<button type="button" class="tool" data-action="skip" title="Let the computers finish their '
                    'turns now">{}Skip</button>',
                    icon("fast"),
                )
            )
        options = join(
            html('<option value="{}"{}>{}</option>', k, " selected" if k == session.speed else "", v)
            for k, v in SPEED_LABELS.items()
            if k in SPEEDS
        )
        tools.append(
            html(
                '<label class="speed">Computer speed <select data-action="speed" name="speed">{}</select></label>',
                options,
            )
        )
    msg = ""
    if message:
        role = "alert" if error else "status"
        msg = html('<p class="msg{}" role="{}">{}</p>', " err" if error else "", role, message)
    return html('<div class="panel-main">{}{}</div><div class="panel-tools">{}</div>', join(parts), msg, join(tools))


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
                '<div class="my-dice {}{}">Your dice: ', seat_class(seat), " fresh" if seat in ctx.fresh.rolled else ""
            )
            + join(die(d, cls="die-lg") for d in p.dice)
            + join(die(d, white=True, cls="die-lg") for d in p.white)
            + Markup("</div>")
        )
    if decision == "build":
        head = Markup('<p class="hint">Choose an outlined building on your province sheet, or here.</p>')
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
                'aria-pressed="{}" aria-label="Die {}">{}</button>',
                " on" if on else "",
                i,
                "true" if on else "false",
                d,
                die(d, cls="die-lg"),
            )
        )
    for i, d in enumerate(p.white):
        on = i in sel.white
        dice_buttons.append(
            html(
                '<button type="button" class="die-btn white{}" data-action="die" data-value="w{}" '
                'aria-pressed="{}" aria-label="{} {}">{}</button>',
                " on" if on else "",
                i,
                "true" if on else "false",
                term(view.rules, "bonus die", capital=True),
                d,
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
                        'aria-disabled="true" title="You hold the King’s Envoy: it lets you influence an advisor '
                        'another player took, and none is in reach of your dice now. Keep it for later.">'
                        '<span class="tbadge tb-envoy">{}</span> Envoy</button>',
                        short,
                    )
                )
            continue
        on = getattr(sel, extra)
        words = {"token": f"token ({p.tokens})", "market": "Market", "envoy": "Envoy"}[extra]
        toggles.append(
            html(
                '<button type="button" class="toggle tg-{}{}" data-action="extra" '
                'data-value="{}" aria-pressed="{}" title="Use the {}">'
                '<span class="tbadge tb-{}">{}</span> {}</button>',
                extra,
                " on" if on else "",
                extra,
                "true" if on else "false",
                name,
                extra,
                short,
                words,
            )
        )
    coloured, whites = sel.group(p.dice, p.white)
    if sel.empty:
        summary = "Choose dice to form a group: the advisors it can reach light up."
    else:
        total = sum(coloured) + sum(whites)
        bonus = term(view.rules, "bonus die").split()[0]  # "white 3", "bonus 3"
        summary = " + ".join([str(d) for d in coloured] + [f"{bonus} {d}" for d in whites]) + f" = {total}"
        if sel.token:
            total += 2
            summary += f', {total} with the "+2" token'
        if sel.market:
            summary += f", {total - 1} to {total + 1} with the Market"
        if not coloured:
            dice, needs = term(view.rules, "bonus dice", capital=True), term(view.rules, "player die")
            summary += f". {dice} need at least one {needs}."
        elif not ctx.targets:
            summary += ". No advisor can take this group"
            if ctx.missed:
                summary += " unless you switch on an extra below"
            summary += "."
        else:
            summary += f": {plural(len(ctx.targets), 'advisor')} in reach. Choose one on the court or below."
    targets = join(
        html(
            '<button type="button" class="target-btn" data-action="act" data-value="{}">{}</button>',
            str(a),
            placement_label(a),
        )
        for _, a in sorted(ctx.targets.items())
    )
    clear = (
        Markup('<button type="button" class="tool small" data-action="clear">Clear</button>') if not sel.empty else ""
    )
    return (
        html(
            '<div class="inf-row"><div class="my-dice {}{}" role="group" aria-label="Your dice">{}{}</div>',
            seat_class(seat),
            " fresh" if seat in ctx.fresh.rolled else "",
            join(dice_buttons),
            clear,
        )
        + (html('<div class="toggles" role="group" aria-label="Extras">{}</div>', join(toggles)) if toggles else "")
        + html(
            '<button type="button" class="choice c-pass{}" data-action="act" data-value="pass">'
            '<span>Pass<span class="long">: no more advisors this season</span></span></button></div>',
            " hinted" if ctx.hint == PASS else "",
        )
        + html('<div class="inf-row"><p class="hint" aria-live="polite">{}</p>', summary)
        + (
            html('<div class="targets" role="group" aria-label="Advisors in reach">{}</div>', targets)
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
            '<span class="rc-enemy">{}You looked: <b>{} {}</b></span>'
            '<span class="rc-terms"><span class="w-win">Victory</span>{}</span>'
            '<span class="rc-terms"><span class="w-lose">Defeat</span>{}</span>',
            icon("eye"),
            e.type,
            e.strength,
            terms(e.gain, "+"),
            terms(e.lose, "−"),
        )
    else:
        names = " · ".join(e.name for e in enemies_of_year(min(view.year, 5)))
        enemy = html(
            '<span class="rc-enemy">{}Year {} enemy: strength '
            "<b>{}–{}</b></span>"
            '<span class="rc-terms muted">one of {}; the card says what victory and defeat bring, '
            "and buildings may count for more against its type</span>",
            icon("swords"),
            ROMAN[min(view.year, 5)],
            low,
            high,
            names,
        )
    return html(
        '<div class="recruit-box">'
        '<span class="rc-now">{}Your {} <b>{}</b> '
        "<small>({}, {}{} buildings)</small></span>"
        '<span class="rc-now">{}with {} ({}–{}): <b>{}–{}</b></span>'
        "{}</div>",
        icon("soldier"),
        term(view.rules, "strength"),
        now,
        plural(p.soldiers, "soldier"),
        "+" if bonus >= 0 else "−",
        abs(bonus),
        icon("crown"),
        "the King’s die" if faces == KING_DIE else "the King’s soldiers",
        min(faces),
        max(faces),
        now + min(faces),
        now + max(faces),
        enemy,
    )


def my_goods(ctx: Ctx) -> Markup:
    """What the deciding player holds, beside the choice (on a phone their strip is often scrolled away)."""
    p = ctx.view.state.players[ctx.deciding]
    return html(
        '<p class="my-goods" aria-label="You hold">{}{}'
        '{}<span class="good" title="{}">{}'
        '<b class="n">{}</b></span><span class="good" title="{}">'
        '{}<b class="n">{}</b></span>'
        '<span class="good" title="{} VP">{}<b class="n">{}</b></span></p>',
        good("gold", p.gold),
        good("wood", p.wood),
        good("stone", p.stone),
        plural(p.tokens, "+2 token"),
        icon("token"),
        p.tokens,
        plural(p.soldiers, "soldier"),
        icon("soldier"),
        p.soldiers,
        score(p.vp),
        icon("vp"),
        score(p.vp),
    )
