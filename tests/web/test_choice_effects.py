"""A second-edition choice says what it does under its name (issue 21, fault 8): Wheel and Deal's groups, the
valley's two looks, the Capital's tributes and the soldier tokens, in the engine's words (``Game.effect``, written
once in the variant's module; the rules help is made from the same data)."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from app.controller import App
from app.storage import SaveStore
from fake_storage import FakeStorage
from htmlquery import parse, select

from kingsburg import Rules, variants
from kingsburg.variants import demanding_capital, goblin_valley, wheel_and_deal


def facing(option: tuple[str, str], kind: str) -> App:
    """A 2-player game from the start screen played on (first choices) until the person faces ``kind``."""
    app = App(SaveStore(FakeStorage()), "?seed=3")
    app.handle("edition", "2")
    app.handle(*option)
    app.handle("start")
    assert app.session is not None
    game = app.session.game
    for _ in range(600):
        if game.decision() == kind and app.session.is_human(game.to_play):
            break
        game.apply(game.legal_actions()[0])
    else:
        pytest.fail(f"no {kind} decision for the person")
    app.game_screen.catch_up()
    return app


def looking() -> App:
    """Ann took the General in a Goblin Valley game: she may look at either deck."""
    position = {
        "format": "kingsburg-position",
        "version": 2,
        "rules": Rules(2, "goblin-valley").to_dict(),
        "year": 1,
        "phase": 2,
        "step": "clear",  # the General's gift, just given
        "turn_order": [0, 1],
        "enemies": ["I-1", "II-3", "III-3", "IV-4", "V-1"],
        "seats": [{"name": "Ann"}, {"name": "Brian", "passed": True}],
        "variants": {"goblin-valley": {"valley": ["I-2", "II-1", "III-2", "IV-1", "V-2"], "seen": []}},
        "queue": [{"seat": 0, "kind": "look"}],
    }
    app = App(SaveStore(FakeStorage()), f"?position={quote(json.dumps(position))}&play=1&seats=human,human")
    app.handle("reveal")
    return app


CASES = {
    "group": lambda: facing(("scenario", "wheel-and-deal"), "group"),
    "look": looking,
    "tribute": lambda: facing(("scenario", "demanding-capital"), "tribute"),
    "token": lambda: facing(("module", "soldier-tokens"), "token"),
}


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_choice_of_a_second_edition_decision_says_its_effect_in_the_engines_words(kind: str) -> None:
    app = CASES[kind]()
    assert app.session is not None
    game = app.session.game
    assert game.decision() == kind
    buttons = select(parse(app.views()["panel"]), f'.choices button[data-action="act"].c-{kind}')
    legal = [a for a in game.legal_actions() if a.kind != "pass"]
    assert [b.attrs["data-value"] for b in buttons] == [str(a) for a in legal]
    effects = []
    for button, action in zip(buttons, legal, strict=True):
        shown = [e.text() for e in select(button, ".c-effect")]
        assert shown == [game.effect(action)] and shown[0], (str(action), shown)
        effects.append(shown[0])
    if kind != "tribute":  # a tribute to one need or the other does the same
        assert len(set(effects)) == len(effects)


def test_the_effects_are_the_variants_own_words_and_its_rules_help_says_the_same() -> None:
    """Written once: each group's effect is the help's sentence about it; the looks and tributes likewise."""
    help_text = variants.VARIANTS["wheel-and-deal"].help
    for group, title in wheel_and_deal.TITLES.items():
        text = wheel_and_deal.EFFECTS[group]
        assert f"{title}: {text[0].lower()}{text[1:]}" in help_text
    app = looking()
    assert app.session is not None
    panel = parse(app.views()["panel"])
    shown = {b.attrs["data-value"]: select(b, ".c-effect")[0].text() for b in select(panel, "button.c-look")}
    assert shown == {f"look {k}": v for k, v in goblin_valley.LOOK_EFFECTS.items()}
    capital = variants.VARIANTS["demanding-capital"].help
    assert all(f"({text})" in capital for text in demanding_capital.OUTCOMES.values())
