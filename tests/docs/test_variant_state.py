"""docs/save-format.md documents every variant's saved state: each key a variant keeps in a position's
``variants``, as a game of every set of rules writes it, has its row in the table (variant, key), and the table
names nothing a variant does not keep."""

from __future__ import annotations

import re
from pathlib import Path

import kingsburg
from kingsburg.variants import FORBIDDEN, MODULES, SCENARIOS, VARIANTS

ROOT = Path(__file__).resolve().parents[2]
ROW = re.compile(r"^\| `([a-z-]+)` \| `([a-z_]+)` \|", re.M)


def written() -> set[tuple[str, str]]:
    """(variant, key) for every key of every variant's state in the positions of games with every rules."""
    out: set[tuple[str, str]] = set()
    for scenario in (None, *SCENARIOS):
        for modules in ((), *((m,) for m in MODULES)):
            if any((m, scenario) in FORBIDDEN for m in modules):
                continue
            rules = kingsburg.Rules(2, scenario, frozenset(modules))
            position = kingsburg.new_game(["Ann", "Brian", "Cindy"], seed=1, rules=rules).position()
            out |= {(name, key) for name, data in position.get("variants", {}).items() for key in data}
    return out


def test_every_variant_s_state_is_documented_in_the_save_format() -> None:
    documented = set(ROW.findall((ROOT / "docs" / "save-format.md").read_text(encoding="utf-8")))
    keys = written()
    assert {name for name, _ in keys} == set(VARIANTS) - {kingsburg.SECOND_EDITION}  # every variant that keeps state
    assert keys == documented
