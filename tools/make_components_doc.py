"""Write docs/components.md from ``kingsburg.content``: the advisors and their rewards, the province sheet's
buildings (cost, VP, battle bonus, effect) and the enemy cards by year, as the engine plays them. A tutorial
author quotes these tables; tests/docs/test_components_doc.py checks that the file is what this writes.

    python -m tools.make_components_doc          write docs/components.md
    python -m tools.make_components_doc --check  exit 1 if the file is not what it would write
"""

from __future__ import annotations

import sys
from pathlib import Path

from kingsburg.content import (
    ADVISORS,
    ALTERNATE_IV_3,
    BUILDINGS,
    ENEMIES,
    PHASES,
    ROMAN,
    SECOND_EDITION_PHASES,
    Building,
    Enemy,
)

DOC = Path(__file__).resolve().parents[1] / "docs" / "components.md"
TERMS = {
    "any": ("good of your choice", "goods of your choice"),
    "vp": ("VP", "VP"),
    "buildings": ("building", "buildings"),
}


def cost(b: Building) -> str:
    parts = [f"{n} {good}" for good, n in (("gold", b.gold), ("wood", b.wood), ("stone", b.stone)) if n]
    return ", ".join(parts) or "nothing"


def battle(b: Building) -> str:
    parts = [f"{b.battle:+d}"] if b.battle else []
    parts += [f"{value:+d} against {kind}" for kind, value in b.battle_vs]
    return ", ".join(parts) or "–"


def terms(what: dict[str, int]) -> str:
    out = []
    for key, n in what.items():
        one, many = TERMS.get(key, (key, key))
        out.append(f"{n} {one if n == 1 else many}")
    return ", ".join(out) or "nothing"


def enemy_row(e: Enemy) -> str:
    return f"| {e.id} | {e.type} | {e.strength} | {terms(e.gain)} | {terms(e.lose)} |"


def render() -> str:
    lines = [
        "# Components",
        "",
        "<!-- Written by `python -m tools.make_components_doc` from `kingsburg/content.py`: edit that, not this. -->",
        "",
        "The cards and the province sheet as the engine plays them. Both editions print the same 18 advisors and",
        "rewards, the same 20 buildings of the basic province sheet (the second edition's blue side: its rows B–F are",
        "rows 1–5 here) with the same costs and VP, and the same 25 enemy cards; the second edition renames some",
        'terms ("gifts" are "rewards") and two phases:',
        "",
        "| Phase | First edition | Second edition |",
        "|---|---|---|",
    ]
    for number in range(1, len(PHASES)):
        lines.append(f"| {number} | {PHASES[number]} | {SECOND_EDITION_PHASES.get(number, PHASES[number])} |")
    lines += [
        "",
        "## Advisors",
        "",
        "An advisor is influenced with dice totalling its number exactly.",
        "",
        "| # | Advisor | Reward |",
        "|---|---|---|",
    ]
    lines += [f"| {a.number} | {a.name} | {a.text} |" for a in ADVISORS]
    lines += [
        "",
        "## Buildings",
        "",
        "Each row is built from left to right (column I first). The battle bonus counts in every winter battle, or",
        "only against the enemy type named.",
        "",
        "| Row | Column | Building | Cost | VP | Battle | Effect |",
        "|---|---|---|---|---|---|---|",
    ]
    for b in BUILDINGS:
        lines.append(f"| {b.row} | {ROMAN[b.col]} | {b.name} | {cost(b)} | {b.vp} | {battle(b)} | {b.effect} |")
    lines += [
        "",
        "## Enemy cards",
        "",
        "One card is drawn for each year's winter from that year's five. Victory: a governor's strength is greater",
        "than the enemy's; defeat: smaller (a tie is neither, except with the Stone Wall).",
        "",
    ]
    for year in range(1, 6):
        lines += [
            f"### Year {ROMAN[year]}",
            "",
            "| Card | Enemy | Strength | Victory brings | Defeat costs |",
            "|---|---|---|---|---|",
        ]
        lines += [enemy_row(e) for e in ENEMIES if e.year == year]
        lines.append("")
    lines += [
        f"The sources conflict on card {ALTERNATE_IV_3.id}: the engine plays the reading above (docs/rulings.md); the",
        "other is:",
        "",
        "| Card | Enemy | Strength | Victory brings | Defeat costs |",
        "|---|---|---|---|---|",
        enemy_row(ALTERNATE_IV_3),
        "",
    ]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if DOC.read_text(encoding="utf-8") != text:
            print(f"{DOC} is not what tools/make_components_doc.py writes: run it", file=sys.stderr)
            return 1
        return 0
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
