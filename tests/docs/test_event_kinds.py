"""docs/api.md's table of event kinds is the engine's (kingsburg/events.py): every kind, and only those, each
row naming every data field the kind declares."""

from __future__ import annotations

import re
from pathlib import Path

import kingsburg.variants
from kingsburg.events import EVENTS

API = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def documented() -> dict[str, str]:
    """kind -> its row's seat and data cells, from the table under "### Event kinds"."""
    text = API.read_text(encoding="utf-8")
    section = text[text.index("### Event kinds") :]
    section = section[: section.index("\n## ")]
    rows = {}
    for line in section.splitlines():
        m = re.match(r"^\| `([a-z-]+)` \| (.+) \|$", line)
        if m and m[1] != "kind":  # not the header
            assert m[1] not in rows, f"{m[1]} is documented twice"
            rows[m[1]] = m[2]
    return rows


def test_every_event_kind_is_documented_and_every_documented_kind_exists() -> None:
    kinds = {k for k, v in EVENTS.items() if v.variant is None or v.variant in kingsburg.variants.VARIANTS}
    assert set(documented()) == kinds


def test_each_kind_s_row_names_its_data_fields() -> None:
    rows = documented()
    for kind, row in rows.items():
        declared = {**EVENTS[kind].fields, **EVENTS[kind].optional}
        missing = [f for f in declared if f"`{f}`" not in row and f"`{f}:" not in row]
        assert not missing, f"{kind}: the docs do not name {missing}"
        variant = EVENTS[kind].variant
        if variant is not None:  # a variant's kind says whose it is
            assert row.split("| ", 1)[1].startswith(kingsburg.variants.VARIANTS[variant].title.split(":")[0]), kind
