"""How scores are worded (issue 21, fault 10): signed VP with a true minus sign in the season's banner ("−1 VP",
never "+-1 VP"), and the VP sources that are names in the rulebook's capitals ("King's Reward")."""

from __future__ import annotations

import html
import re

from app.controller import App
from app.storage import SaveStore
from app.summary import SeasonRow, SeasonSummary, YearRow, YearSummary, season_banner, year_dialog
from fake_storage import FakeStorage
from webhelpers import play_to_end

TAGS = re.compile(r"<[^>]*>")


def test_the_season_banner_signs_vp_both_ways() -> None:
    """The Smuggler takes 1 VP for his goods; the Jester gives one."""
    summary = SeasonSummary(1, 2, [SeasonRow(0, goods=["gold"] * 3, vp=-1), SeasonRow(1, vp=2)], "Spring")
    banner = season_banner(summary, ["Ann", "Brian"])
    ann, brian = re.findall(r"<li .*?</li>", banner)
    assert re.search(r'<span class="sb-paid">−1<svg[^>]*aria-label="VP"', ann), ann
    assert re.search(r'<span class="sb-got">\+2<svg[^>]*aria-label="VP"', brian), brian
    assert "+-" not in banner and "+−" not in banner


def test_the_year_summary_names_the_kings_reward_as_the_rulebook_does() -> None:
    summary = YearSummary(1, [YearRow(0, 0, 4, {"king's reward": 1, "advisors": 2, "wheel-and-deal": -2})])
    text = html.unescape(TAGS.sub("", year_dialog(summary, ["Ann"], spectator=False)))
    assert "+1 VP King's Reward" in text and "+2 VP advisors" in text and "−2 VP Wheel and Deal" in text
    assert "king's reward" not in text


def test_the_end_screen_heads_its_columns_with_the_sources_names() -> None:
    app = App(SaveStore(FakeStorage()), "?seed=21&seats=random,random&speed=instant")
    play_to_end(app)
    overlay = html.unescape(str(app.views()["overlay"]))
    headers = re.findall(r'<th scope="col[^"]*"[^>]*>([^<]+)</th>', overlay)
    assert "King's Reward" in headers and "Town Hall" in headers and "Advisors" in headers, headers
