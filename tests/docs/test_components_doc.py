"""docs/components.md is what tools/make_components_doc.py writes from kingsburg.content, and says what the engine
plays: every advisor, building and enemy card once, with the engine's numbers."""

from __future__ import annotations

import re

from kingsburg.content import ADVISORS, BUILDINGS, ENEMIES
from tools.make_components_doc import DOC, cost, render


def test_the_components_doc_is_written_from_the_engine_s_content() -> None:
    assert DOC.read_text(encoding="utf-8") == render(), "run: python -m tools.make_components_doc"


def test_every_component_is_in_its_table_with_the_engine_s_numbers() -> None:
    text = DOC.read_text(encoding="utf-8")
    rows = [line.split(" | ") for line in text.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    advisors = {r[1]: r for r in rows if len(r) == 3 and r[0].lstrip("| ").isdigit()}
    assert [int(advisors[a.name][0].lstrip("| ")) for a in ADVISORS] == [a.number for a in ADVISORS]
    buildings = {r[2]: r for r in rows if len(r) == 7}
    for b in BUILDINGS:
        row = buildings[b.name]
        assert (row[3], int(row[4])) == (cost(b), b.vp), b.name
    cards = [r for r in rows if len(r) == 5 and re.fullmatch(r"\| [IV]+-\d", r[0])]
    assert [(r[0][2:], r[1], int(r[2])) for r in cards[: len(ENEMIES)]] == [(e.id, e.type, e.strength) for e in ENEMIES]
