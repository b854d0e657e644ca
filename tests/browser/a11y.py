"""axe-core in the browser tests: ``audit(page)`` injects the pinned axe (``node_modules/axe-core``, a dev
dependency that never reaches ``_site/``) and fails on any violation, of any impact, naming the rule, its impact,
the offending elements and axe's help text.

The script is evaluated through the DevTools protocol (Playwright's ``evaluate``), not added as a ``<script>``
tag, so a Content-Security-Policy without inline scripts or ``'unsafe-eval'`` does not stop the audit.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
# Every rule axe runs by default (WCAG 2.0-2.2 A and AA, best practices); experimental rules stay off.
OPTIONS = {"resultTypes": ["violations"]}


@cache
def axe_source() -> str:
    if not AXE.is_file():
        raise FileNotFoundError(f"{AXE} is missing: run `make setup` (npm ci installs axe-core)")
    # A trailing expression, so that evaluate() takes the text as a script to run, not as a function.
    return AXE.read_text(encoding="utf-8") + "\n;true"


def violations(page: Page, context: str = "document") -> list[dict]:
    """axe's violations on the page as it is now (axe injected once per document)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    return page.evaluate(f"async (options) => (await axe.run({context}, options)).violations", OPTIONS)


def describe(found: list[dict]) -> str:
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} [{v['helpUrl']}]")
        for node in v["nodes"][:6]:
            target = " ".join(str(t) for t in node["target"])
            lines.append(f"    {target}: {node['html'][:160]}")
            summary = node.get("failureSummary") or ""
            lines.extend(f"        {line.strip()}" for line in summary.splitlines()[1:3] if line.strip())
        if len(v["nodes"]) > 6:
            lines.append(f"    ... and {len(v['nodes']) - 6} more")
    return "\n".join(lines)


def settled(page: Page) -> None:
    """Bring every finite animation to its end state now (a die or a "+1 gold" caught half-faded would fail colour
    contrast with a colour the page never rests on). Finishing, not waiting: how far an animation has got when axe
    reads the colours would otherwise depend on the machine's speed."""
    finite = "document.getAnimations().filter(a => a.effect?.getTiming().iterations !== Infinity)"
    page.evaluate(f"{finite}.forEach(a => a.finish())")
    page.wait_for_function(f"{finite}.every(a => a.playState !== 'running')")  # one begun since: its end too


def audit(page: Page, where: str) -> None:
    """Fail with axe's findings if the page has any accessibility violation; ``where`` names the state."""
    settled(page)
    found = violations(page)
    assert not found, f"axe-core found {len(found)} rule(s) violated on {where}:\n{describe(found)}"
