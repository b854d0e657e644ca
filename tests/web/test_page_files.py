"""The page's Python files: start-up stays light. (That web/app/ never imports the browser is a layer contract
in pyproject.toml, checked by import-linter in `make lint`.)"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "web" / "app"


def test_bots_are_not_imported_at_start_up() -> None:
    """Boot stays light: kingsburg.bots is imported only when a game has a computer seat."""
    for path in APP.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top_level = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
        for node in top_level:
            module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
            assert not (module or "").startswith("kingsburg.bots"), path.name


def test_every_rule_of_the_stylesheet_is_closed() -> None:
    """A block left open swallows every rule after it, silently (a merge once dropped one closing brace and the
    compact view's rules stopped applying): outside comments and strings, each '{' is closed, never over-closed."""
    import re

    text = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', '""', text)
    depth = 0
    for number, line in enumerate(text.splitlines(), 1):
        for ch in line:
            depth += {"{": 1, "}": -1}.get(ch, 0)
            assert depth >= 0, f"style.css: a '}}' closes nothing (line {number} without comments)"
    assert depth == 0, f"style.css: {depth} block(s) left open"


def test_without_javascript_the_page_says_so_in_every_language_it_speaks() -> None:
    """Nothing can choose a language without a script: ``<noscript>`` holds the sentence in each, English first,
    each paragraph in its own ``lang`` (so a screen reader reads it in that language's voice), each the catalogue's."""
    import re

    from tools.build_site import NOSCRIPT_PLACEHOLDER, no_script
    from tools.messages import translation
    from web.app.languages import LANGUAGES, NO_SCRIPT

    page = (ROOT / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<noscript>(.*?)</noscript>", page) == [NOSCRIPT_PLACEHOLDER]
    said = dict(re.findall(r'<p lang="([a-z]+)">([^<]*)</p>', no_script()))
    assert list(said) == list(LANGUAGES)
    assert said["en"] == NO_SCRIPT
    for code in LANGUAGES:
        if code != "en":
            assert said[code] == translation(code).gettext(NO_SCRIPT) != NO_SCRIPT, code
    assert "führt Python" in said["de"] and "exécute Python" in said["fr"]


# Animations that web/morph.js need not replay: one that runs for as long as its element is there (the thinking
# dots), and a lesson's pointer, whose class web/page.py puts on after every redraw.
ANIMATED_ALWAYS = {".dots i", ".pointed"}


def test_every_animation_replays_when_its_element_is_drawn_again() -> None:
    """A redraw keeps the elements whose HTML did not change (web/morph.js), so an animation that plays when its
    element appears would not play again: morph.js builds again every element with one of its REBUILT classes.
    Every rule of style.css that starts an animation names one of them, or is one that need not replay."""
    import re

    css = re.sub(r"/\*.*?\*/", "", (ROOT / "web" / "style.css").read_text(encoding="utf-8"), flags=re.S)
    script = (ROOT / "web" / "morph.js").read_text(encoding="utf-8")
    listed = re.search(r"const REBUILT = \[([^\]]*)\]", script)
    assert listed, "web/morph.js names the classes it builds again in `const REBUILT = [...]`"
    animated = set(re.findall(r'"([\w-]+)"', listed.group(1)))
    assert animated
    starting = 0
    for selectors, body in re.findall(r"([^{};]+)\{([^{}]*)\}", css):
        if not re.search(r"(?<![\w-])animation:(?!\s*none)", body):
            continue
        for selector in (s.strip() for s in selectors.split(",")):
            starting += 1
            classes = set(re.findall(r"\.([\w-]+)", selector))
            assert classes & animated or selector in ANIMATED_ALWAYS, (
                f"style.css animates {selector!r}: add its class to web/morph.js's REBUILT"
            )
    assert starting >= 8  # the dice, buildings, VP, winter's cards, floats, pointers...
