"""The page's Content-Security-Policy (index.html): a whole game plays under it, and injected script never runs."""

from __future__ import annotations

import pytest
from board_driver import markers, open_page
from playwright.sync_api import Page

from tools.serve import SiteServer

pytestmark = pytest.mark.timeout(300)

# Recorded from the first moment, before any of the page's own scripts.
VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""
INJECT = """() => {
  // An inline event handler and a script element, as an injection into the page's HTML would add them.
  document.getElementById("notice").innerHTML =
    '<img src="./web/icons/icon.svg" onload="window.__pwned = 1"><script>window.__pwned = 2<\\/script>';
  const script = document.createElement("script");
  script.textContent = "window.__pwned = 3";
  document.body.append(script);
}"""


@pytest.mark.first_visit  # the normal boot under the policy (test_snapshot.py: the restore's)
def test_a_whole_game_plays_under_the_policy_and_injected_script_never_runs(server: SiteServer, page: Page) -> None:
    page.add_init_script(VIOLATIONS)
    # Hostile names reach the page too: shown as text, never as HTML.
    names = "%3Cscript%3Ewindow.__pwned%3D5%3C%2Fscript%3E,%3Cimg%20src%3Dx%20onerror%3D__pwned%3D6%3E"
    open_page(page, server.url + f"?seats=easy,easy&speed=instant&seed=21&names={names}")
    assert "<script>window.__pwned=5</script>" in page.inner_text("#strips")
    page.wait_for_selector("#app[data-over='1']", timeout=180_000)  # every phase, battle and year rendered
    assert page.locator(".overlay.end").is_visible()
    assert page.evaluate("window.__violations") == [], "the page itself breaks its policy"

    page.evaluate(INJECT)
    page.wait_for_function("window.__violations.length >= 2")
    page.wait_for_timeout(300)
    assert page.evaluate("window.__pwned") is None
    directives = " ".join(page.evaluate("window.__violations"))
    assert "script-src-attr" in directives and "script-src-elem" in directives
    assert markers(page)["over"] == "1"


def test_the_policy_is_in_the_page_and_has_no_inline_allowance(server: SiteServer, page: Page) -> None:
    page.goto(server.url, wait_until="domcontentloaded")
    policy = page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["default-src"] == "'none'"
    assert "'unsafe-inline'" not in policy and "data:" not in policy and "*" not in policy
    assert directives["script-src"] == "'self' 'unsafe-eval' 'wasm-unsafe-eval'"
    assert page.locator("script:not([src])").count() == 0
