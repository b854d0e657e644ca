"""The variants' parts of the winter scene (web/app/winter_parts/): every variant whose events shape the battle has
one, each part is found in its variant's battles and only there, and an event kind the page does not know leaves
the scene as it was."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from types import SimpleNamespace

import pytest
from app.winter import BATTLE_STARTS, Winter, battle_of, scene
from app.winter_parts import PARTS, READERS, WinterPart

import kingsburg
from kingsburg import Event, Rules
from kingsburg.events import EVENTS
from kingsburg.variants import FORBIDDEN, MODULES, SCENARIOS, VARIANTS

NAMES = ["Ann", "Brian", "Cindy"]
SEEDS = (1, 2, 3)


def every_rules() -> list[Rules]:
    """The first edition, the second alone, and every scenario and module with every module the rules allow."""
    out = [Rules(), Rules(2)]
    for scenario in (None, *SCENARIOS):
        for module in (None, *MODULES):
            if (scenario or module) and (module, scenario) not in FORBIDDEN:
                out.append(Rules(2, scenario, frozenset({module} if module else ())))
    return out


@cache
def played(rules: Rules, seed: int) -> kingsburg.Game:
    """A random game of three, taking the Military whenever it may (so Wheel and Deal's two dice are rolled)."""
    game = kingsburg.new_game(NAMES, seed, rules=rules)
    rng = random.Random(seed)
    while not game.is_over():
        legal = [str(a) for a in game.legal_actions()]
        game.apply("group military" if "group military" in legal else rng.choice(legal))
    return game


def battle_events(game: kingsburg.Game, year: int) -> list[Event]:
    """The events that shape ``year``'s battle: from the first (the card, or the King's soldiers) to the last fight."""
    events = [e for e in game.events if e.year == year and e.phase == 8]
    start = next(i for i, e in enumerate(events) if e.kind in BATTLE_STARTS)
    end = max(i for i, e in enumerate(events) if e.kind == "fight")
    return events[start : end + 1]


def test_every_variant_whose_events_shape_the_battle_has_a_part() -> None:
    shaping = {
        EVENTS[e.kind].variant
        for rules in every_rules()
        for seed in SEEDS
        for year in range(1, 6)
        for e in battle_events(played(rules, seed), year)
    } - {None}
    assert shaping >= {"goblin-valley", "soldier-tokens", "demanding-capital"}  # the games are not vacuous
    assert shaping <= {part.variant for part in PARTS}, "a variant logs battle events and has no winter part"


def test_every_part_reads_kinds_of_its_own_variant_or_of_the_first_edition() -> None:
    assert len({part.variant for part in PARTS}) == len(PARTS) and {p.variant for p in PARTS} <= set(VARIANTS)
    for part in PARTS:
        assert part.kinds and set(part.starts) <= set(part.kinds), part
        for kind in part.kinds:
            assert EVENTS[kind].variant in (None, part.variant), (part, kind)
            assert part in READERS[kind]


@pytest.mark.parametrize("part", PARTS, ids=[p.variant for p in PARTS])
def test_a_part_is_found_in_its_variant_s_battles_and_in_no_other(part: type[WinterPart]) -> None:
    found = 0
    for rules in every_rules():
        for seed in SEEDS:
            game = played(rules, seed)
            for year in range(1, 6):
                w = battle_of(game, year)
                assert w is not None
                if w.part(part) is None:
                    continue
                assert part.variant in rules.names, (rules, year)
                assert sum(isinstance(p, part) for p in w.parts) == 1  # one part a battle, taking all its events
                found += 1
    assert found >= 3, found


def stages(w: Winter) -> list[str]:
    """Every stage of the scene, drawn on a copy."""
    out = []
    for step in range(w.last + 1):
        out.append(scene(replace(w, step=step), NAMES, False))
    return out


def omen(year: int, seat: int | None) -> Event:
    """A battle event of a kind from an engine newer than the page (with fields the parts' kinds have too)."""
    return Event("An omen.", seat, year=year, phase=8, kind="omen", data={"card": "I-1", "low": 1})


@pytest.mark.parametrize("rules", every_rules(), ids=lambda r: "+".join(r.names) or "first-edition")
def test_an_unknown_event_kind_in_the_battle_leaves_the_scene_as_it_was(rules: Rules) -> None:
    game = played(rules, 1)
    assert "omen" not in EVENTS
    for year in range(1, 6):
        events = list(game.events)
        start = next(i for i, e in enumerate(events) if e.year == year and e.phase == 8 and e.kind in BATTLE_STARTS)
        last = max(i for i, e in enumerate(events) if e.year == year and e.phase == 8)
        told = [
            *events[: start + 1],
            omen(year, None),
            *events[start + 1 : last + 1],
            omen(year, 0),
            *events[last + 1 :],
        ]
        w = battle_of(game, year)
        unknown = battle_of(SimpleNamespace(events=told), year)  # type: ignore[arg-type]
        assert w is not None and unknown is not None
        assert unknown == w and stages(unknown) == stages(w)
