"""Playing through the page's model the way a player clicks: dice, extras, then an advisor or a button."""

from __future__ import annotations

import re

from app.controller import App

from kingsburg import Action

ACT = re.compile(r'data-action="act" data-value="([^"]*)"')


def clickable(app: App) -> set[str]:
    """Every action a button on the screen would make now (panel, court and sheets)."""
    views = app.views()
    return {m.group(1) for part in ("panel", "court", "sheets") for m in ACT.finditer(views[part])}


def pick(app: App, action: Action) -> None:
    """Select the dice and extras of a placement, as a player would tap them."""
    game = app.session.game
    p = game.state.players[game.to_play]
    app.handle("clear")
    app.context()
    for value, which, pool in [(d, "c", p.dice) for d in action.dice] + [(d, "w", p.white) for d in action.white]:
        chosen = app.game_screen.sel.coloured if which == "c" else app.game_screen.sel.white
        index = next(i for i, x in enumerate(pool) if x == value and i not in chosen)
        app.handle("die", f"{which}{index}")
    for extra in ("token", "market", "envoy"):
        if getattr(action, extra):
            app.handle("extra", extra)


def click(app: App, action: Action) -> None:
    """Make ``action`` through the screen; fails if no button on the screen makes it."""
    if action.kind == "place":
        pick(app, action)
    assert str(action) in clickable(app), f"no button makes {action}"
    app.handle("act", str(action))
    assert not app.game_screen.error, app.game_screen.message


def computer_move(app: App) -> None:
    """The computer to play decides, thinking to the end, and its decision is applied."""
    turn = app.bot_turn()
    while not turn.work(0.005):
        pass
    assert app.finish_bot(turn).redraw


def run_computers(app: App) -> None:
    """Computers play until a person must decide; scenes between decisions are clicked away as they come."""
    while app.computer_due() or app.game_screen.scenes:
        if app.game_screen.scenes:
            app.handle("scene-next")
            continue
        computer_move(app)


def play_to_end(app: App, choose=lambda legal: legal[0], limit: int = 3000) -> int:
    """Humans pick ``choose(legal)`` through the screen, computers think; returns the human decisions made."""
    made = 0
    for _ in range(limit):
        run_computers(app)
        session = app.session
        if session.game.is_over():
            return made
        if session.handover is not None:
            app.handle("reveal")
            continue
        assert session.my_turn
        click(app, choose(session.game.legal_actions()))
        app.save_now()
        made += 1
    raise AssertionError("the game did not end")


def rules_queries() -> list[tuple[str, str]]:
    """Every rules option a new game can have, as address parameters: the two editions, then each scenario and
    each module of the second edition the engine has (``kingsburg.variants.VARIANTS``)."""
    from kingsburg.variants import MODULES, SCENARIOS, VARIANTS

    out = [("first-edition", "edition=1"), ("second-edition", "edition=2")]
    out += [(name, f"scenario={name}") for name in SCENARIOS if name in VARIANTS]
    out += [(name, f"module={name}") for name in MODULES if name in VARIANTS]
    return out
