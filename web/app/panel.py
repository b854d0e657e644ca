"""The decision panel: one sentence saying who must do what now, and the legal choices as buttons."""

from __future__ import annotations

from kingsburg import Action
from kingsburg.actions import PASS
from kingsburg.content import ADVISORS, BUILDING_BY_SLUG, ENEMY_BY_ID, enemies_of_year

from .board import EXTRA_BADGES, Ctx
from .icons import die, good, goods_list, icon
from .rulesref import cost_html
from .selection import available_extras, extras_of
from .session import SPEEDS
from .theme import KIND_SHORT, ROMAN, chip, esc, plural, seat_class
from .winter import terms

SPEED_LABELS = {"slow": "Slow", "normal": "Normal", "fast": "Fast", "instant": "Instant"}


def label(action: Action, ctx: Ctx) -> str:
    """What a button for ``action`` says (HTML)."""
    k = action.kind
    if k == "aid":
        return f"Take {good(action.arg, 1)}"
    if k == "statue":
        return f"{icon('build')} Statue: reroll {'the white die' if action.arg else 'one die'}"
    if k == "chapel":
        return f"{icon('build')} Chapel: reroll all dice"
    if k == "gift":
        return f"Take {goods_list(action.goods)}" if action.goods else "Receive the gift"
    if k == "trade":
        others = [g for g in ("gold", "wood", "stone") if g != action.arg]
        return f"Give {good(action.arg, 1)} {icon('trade')} take {goods_list(others)}"
    if k == "build":
        b = BUILDING_BY_SLUG[action.arg]
        g, w, s = ctx.view.building_cost(ctx.deciding, b.slug)
        second = " (second build, King's Envoy)" if action.envoy else ""
        return (
            f'<span class="b-name">Build the {esc(b.name)}{second}</span>'
            f'<span class="b-cost">{cost_html(g, w, s, b.gold)}</span><span class="b-vp">{b.vp} VP</span>'
        )
    if k == "townhall":
        what = f"{icon('token')} a &quot;+2&quot; token" if action.arg == "token" else good(action.arg, 1)
        return f"Pay {what} for {icon('vp')} 1 VP"
    if k == "recruit":
        now = _strength(ctx)[0]
        return (
            f"Recruit {icon('soldier')} 1 soldier for {goods_list(action.goods)}"
            f'<span class="b-after">strength {now} → {now + 1}</span>'
        )
    if k == "lose":
        return f"Lose {good(action.arg, 1)}"
    if k == "gain":
        return f"Take {good(action.arg, 1)}"
    if k == "place":
        return placement_label(action)
    return pass_label(ctx)


def pass_label(ctx: Ctx) -> str:
    return {
        "influence": "Pass: no more advisors this season",
        "gift": "Make no trade",
        "build": "Build nothing",
        "reroll": "Keep these dice",
        "townhall": "Pay nothing",
        "recruit": "Done recruiting",
    }.get(ctx.view.decision(), "Pass")


def placement_label(a: Action) -> str:
    adv = ADVISORS[a.advisor - 1]
    badges = "".join(f'<span class="tbadge tb-{x}">{EXTRA_BADGES[x][0]}</span>' for x in extras_of(a))
    return f'<span class="adv-num small">{a.advisor}</span> {esc(adv.name)}{badges}'


def panel(ctx: Ctx, *, message: str = "", error: bool = False, progress: float | None = None) -> str:
    session, view = ctx.session, ctx.view
    seat = view.to_play
    names = ctx.names
    parts = []
    if seat is None:
        parts.append(
            '<p class="prompt">The game is over.</p><div class="choices">'
            '<button type="button" class="primary" data-action="results">See the results</button></div>'
        )
    elif session.readonly:
        parts.append(f'<p class="prompt">{chip(seat, names[seat])} {esc(_rest(view.prompt(), names[seat]))}</p>')
        parts.append('<p class="hint">A position shown for study: nothing can be played here.</p>')
    elif ctx.legal:
        parts.append(
            f'<p class="prompt" id="prompt"><span class="you">Your turn:</span> {chip(seat, names[seat])} '
            f"{esc(_rest(view.prompt(), names[seat]))}</p>"
        )
        parts.append(influence(ctx) if view.decision() == "influence" else choices(ctx))
        parts.append(my_goods(ctx))
    else:
        kind = session.kinds[seat]
        if kind != "human":
            bar = ""
            if progress is not None and kind == "hard":
                bar = f'<progress max="100" value="{int(progress * 100)}" aria-label="Thinking"></progress>'
            parts.append(
                f'<p class="prompt thinking" id="prompt">{chip(seat, names[seat])} '
                f'<span class="kind">({esc(KIND_SHORT[kind])} computer)</span> is thinking'
                f'<span class="dots" aria-hidden="true"><i>.</i><i>.</i><i>.</i></span></p>'
                f'<p class="hint">{esc(view.prompt())}</p>{bar}'
            )
        else:
            parts.append(f'<p class="prompt" id="prompt">{esc(view.prompt())}</p>')
    tools = []
    if session.humans and not session.readonly and seat is not None:
        problem = session.undo_problem()
        # Disabled (but focusable, so its reason can be read) when undo cannot work.
        tools.append(
            f'<button type="button" class="tool{" dim" if problem else ""}" data-action="undo" '
            f'aria-disabled="{"true" if problem else "false"}" '
            f'title="{esc(problem or "Take back your last decision")}">{icon("undo")}Undo</button>'
        )
    if ctx.legal:
        tools.append(
            '<button type="button" class="tool" data-action="hint" title="The Normal computer looks at your '
            'position (only what you may see) and says what it would choose, and why. Nothing is played.">'
            f"{icon('eye')}What would the computer do?</button>"
        )
    if len(session.humans) > 1 and not session.readonly and seat is not None:
        on = session.handovers
        tools.append(
            f'<button type="button" class="tool" data-action="handovers" data-value="{"off" if on else "on"}" '
            f'aria-pressed="{"true" if on else "false"}" title="Hide a player\'s look at the enemy card from the '
            f'others: the device is handed over when it would show">{icon("eye")}Hide secrets</button>'
        )
    if any(k != "human" for k in session.kinds) and not session.readonly and seat is not None:
        if session.computer_to_play:
            tools.append(
                f'<button type="button" class="tool" data-action="skip" title="Let the computers finish their '
                f'turns now">{icon("fast")}Skip</button>'
            )
        options = "".join(
            f'<option value="{k}"{" selected" if k == session.speed else ""}>{v}</option>'
            for k, v in SPEED_LABELS.items()
            if k in SPEEDS
        )
        tools.append(
            f'<label class="speed">Computer speed <select data-action="speed" name="speed">{options}</select></label>'
        )
    msg = ""
    if message:
        role = "alert" if error else "status"
        msg = f'<p class="msg{" err" if error else ""}" role="{role}">{esc(message)}</p>'
    return f'<div class="panel-main">{"".join(parts)}{msg}</div><div class="panel-tools">{"".join(tools)}</div>'


def _rest(prompt: str, name: str) -> str:
    """The prompt without the leading name (the chip shows it)."""
    return prompt[len(name) :].lstrip() if prompt.startswith(name) else prompt


def choices(ctx: Ctx) -> str:
    view = ctx.view
    seat = ctx.deciding
    decision = view.decision()
    head = ""
    if decision == "reroll":
        p = view.state.players[seat]
        head = (
            f'<div class="my-dice {seat_class(seat)}{" fresh" if seat in ctx.fresh.rolled else ""}">Your dice: '
            + "".join(die(d, cls="die-lg") for d in p.dice)
            + "".join(die(d, white=True, cls="die-lg") for d in p.white)
            + "</div>"
        )
    if decision == "build":
        head = '<p class="hint">Choose an outlined building on your province sheet, or here.</p>'
    if decision == "recruit":
        head = recruit_head(ctx)
    passes = [a for a in ctx.legal if a.kind == "pass"]
    others = [a for a in ctx.legal if a.kind != "pass"]
    buttons = [
        f'<button type="button" class="choice c-{a.kind}{" hinted" if a == ctx.hint else ""}" data-action="act" '
        f'data-value="{esc(str(a))}">{label(a, ctx)}</button>'
        for a in others
    ]
    buttons += [
        f'<button type="button" class="choice c-pass{" hinted" if a == ctx.hint else ""}" data-action="act" '
        f'data-value="pass">{esc(pass_label(ctx))}</button>'
        for a in passes
    ]
    return f'{head}<div class="choices c-{decision}">{"".join(buttons)}</div>'


def influence(ctx: Ctx) -> str:
    view, sel = ctx.view, ctx.sel
    seat = ctx.deciding
    p = view.state.players[seat]
    dice_buttons = []
    for i, d in enumerate(p.dice):
        on = i in sel.coloured
        dice_buttons.append(
            f'<button type="button" class="die-btn{" on" if on else ""}" data-action="die" data-value="c{i}" '
            f'aria-pressed="{"true" if on else "false"}" aria-label="Die {d}">{die(d, cls="die-lg")}</button>'
        )
    for i, d in enumerate(p.white):
        on = i in sel.white
        dice_buttons.append(
            f'<button type="button" class="die-btn white{" on" if on else ""}" data-action="die" data-value="w{i}" '
            f'aria-pressed="{"true" if on else "false"}" aria-label="White die {d}">{die(d, True, "die-lg")}</button>'
        )
    avail = available_extras(ctx.legal)
    toggles = []
    holds_envoy = view.state.envoy == seat
    for extra, (short, name) in EXTRA_BADGES.items():
        if not avail[extra]:
            if extra == "envoy" and holds_envoy:  # held but of no use now: say so rather than hide it
                toggles.append(
                    '<button type="button" class="toggle tg-envoy" data-action="extra" data-value="envoy" '
                    'aria-disabled="true" title="You hold the King’s Envoy: it lets you influence an advisor '
                    'another player took, and none is in reach of your dice now. Keep it for later.">'
                    f'<span class="tbadge tb-envoy">{short}</span> Envoy</button>'
                )
            continue
        on = getattr(sel, extra)
        words = {"token": f"token ({p.tokens})", "market": "Market", "envoy": "Envoy"}[extra]
        toggles.append(
            f'<button type="button" class="toggle tg-{extra}{" on" if on else ""}" data-action="extra" '
            f'data-value="{extra}" aria-pressed="{"true" if on else "false"}" title="Use the {esc(name)}">'
            f'<span class="tbadge tb-{extra}">{short}</span> {esc(words)}</button>'
        )
    coloured, whites = sel.group(p.dice, p.white)
    if sel.empty:
        summary = "Choose dice to form a group: the advisors it can reach light up."
    else:
        total = sum(coloured) + sum(whites)
        summary = " + ".join([str(d) for d in coloured] + [f"white {d}" for d in whites]) + f" = {total}"
        if sel.token:
            total += 2
            summary += f', {total} with the "+2" token'
        if sel.market:
            summary += f", {total - 1} to {total + 1} with the Market"
        if not coloured:
            summary += ". White dice need at least one coloured die."
        elif not ctx.targets:
            summary += ". No advisor can take this group"
            if ctx.missed:
                summary += " unless you switch on an extra below"
            summary += "."
        else:
            summary += f": {plural(len(ctx.targets), 'advisor')} in reach. Choose one on the court or below."
    targets = "".join(
        f'<button type="button" class="target-btn" data-action="act" data-value="{esc(str(a))}">'
        f"{placement_label(a)}</button>"
        for _, a in sorted(ctx.targets.items())
    )
    clear = '<button type="button" class="tool small" data-action="clear">Clear</button>' if not sel.empty else ""
    return (
        '<div class="inf-row">'
        f'<div class="my-dice {seat_class(seat)}{" fresh" if seat in ctx.fresh.rolled else ""}" role="group" '
        f'aria-label="Your dice">{"".join(dice_buttons)}{clear}</div>'
        + (f'<div class="toggles" role="group" aria-label="Extras">{"".join(toggles)}</div>' if toggles else "")
        + f'<button type="button" class="choice c-pass{" hinted" if ctx.hint == PASS else ""}" data-action="act" '
        'data-value="pass"><span>Pass<span class="long">: no more advisors this season</span></span></button></div>'
        + f'<div class="inf-row"><p class="hint" aria-live="polite">{esc(summary)}</p>'
        + (f'<div class="targets" role="group" aria-label="Advisors in reach">{targets}</div>' if targets else "")
        + "</div>"
    )


def _strength(ctx: Ctx) -> tuple[int, str]:
    """The deciding player's battle strength before the King's die (soldiers and buildings, against the enemy
    if they know it), and the enemy card they know ("" if none)."""
    view = ctx.view
    seat = ctx.deciding
    card = view.known_enemy(seat) or ""
    enemy_type = ENEMY_BY_ID[card].type if card else ""
    return view.state.players[seat].soldiers + view.battle_bonus(seat, enemy_type), card


def recruit_head(ctx: Ctx) -> str:
    """What recruiting is for: your strength now, the King's die to come, the enemy (or its range), and what
    winning or losing would bring."""
    view = ctx.view
    seat = ctx.deciding
    p = view.state.players[seat]
    now, card = _strength(ctx)
    bonus = now - p.soldiers
    low, high = view.strength_range()
    if card:
        e = ENEMY_BY_ID[card]
        enemy = (
            f'<span class="rc-enemy">{icon("eye")}You looked: <b>{esc(e.type)} {e.strength}</b></span>'
            f'<span class="rc-terms"><span class="w-win">Victory</span>{terms(e.gain, "+")}</span>'
            f'<span class="rc-terms"><span class="w-lose">Defeat</span>{terms(e.lose, "−")}</span>'
        )
    else:
        names = " · ".join(e.name for e in enemies_of_year(min(view.year, 5)))
        enemy = (
            f'<span class="rc-enemy">{icon("swords")}Year {ROMAN[min(view.year, 5)]} enemy: strength '
            f"<b>{low}–{high}</b></span>"
            f'<span class="rc-terms muted">one of {esc(names)}; the card says what victory and defeat bring, '
            "and buildings may count for more against its type</span>"
        )
    return (
        '<div class="recruit-box">'
        f'<span class="rc-now">{icon("soldier")}Your strength <b>{now}</b> '
        f"<small>({plural(p.soldiers, 'soldier')}, {'+' if bonus >= 0 else '−'}{abs(bonus)} buildings)</small></span>"
        f'<span class="rc-now">{icon("crown")}with the King’s die (1–6): <b>{now + 1}–{now + 6}</b></span>'
        f"{enemy}</div>"
    )


def my_goods(ctx: Ctx) -> str:
    """What the deciding player holds, beside the choice (on a phone their strip is often scrolled away)."""
    p = ctx.view.state.players[ctx.deciding]
    return (
        f'<p class="my-goods" aria-label="You hold">{good("gold", p.gold)}{good("wood", p.wood)}'
        f'{good("stone", p.stone)}<span class="good" title="{plural(p.tokens, "+2 token")}">{icon("token")}'
        f'<b class="n">{p.tokens}</b></span><span class="good" title="{plural(p.soldiers, "soldier")}">'
        f'{icon("soldier")}<b class="n">{p.soldiers}</b></span>'
        f'<span class="good" title="{p.vp} VP">{icon("vp")}<b class="n">{p.vp}</b></span></p>'
    )
