"""Write docs/buttons.md: for each kind of decision, examples of an action in notation and the words on the button
a reader sees for it (web/app/panel.py ``label``), taken from seeded games of every rules option. A lesson's hint
can then name a move as the reader sees it ("Recruit 1 soldier for 2 gold"). tests/docs/test_buttons_doc.py
checks that the file is what this writes.

    python -m tools.make_buttons_doc
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web"))

from app.controller import App  # noqa: E402  (web/ is on the path only now)
from app.hint import plain  # noqa: E402
from app.panel import label  # noqa: E402
from app.storage import SaveStore  # noqa: E402

from kingsburg.bots import BOTS  # noqa: E402

DOC = ROOT / "docs" / "buttons.md"
OPTIONS = ("", "edition=2", "scenario=goblin-valley", "scenario=demanding-capital", "scenario=shifting-alliances")
OPTIONS += ("scenario=wheel-and-deal", "module=soldier-tokens")
EXAMPLES = 3  # per kind of action, the first ones met with different words


def collect() -> dict[str, list[tuple[str, str]]]:
    found: dict[str, list[tuple[str, str]]] = {}
    for option in OPTIONS:
        app = App(SaveStore(None), f"?seats=human,human,human&seed=11&speed=instant&{option}")
        session = app.session
        assert session is not None
        bot = BOTS["normal"](seed=11)
        while not session.game.is_over():
            ctx = app.context()
            for action in session.game.legal_actions():
                if action.kind == "place":
                    continue  # dice and an advisor are tapped, not a button (docs/notation.md)
                examples = found.setdefault(action.kind, [])
                said = plain(label(action, ctx))
                if len(examples) < EXAMPLES and all(said != s for _, s in examples):
                    examples.append((str(action), said))
            seat = session.game.to_play
            assert seat is not None
            session.game.apply(bot.choose(session.game.view(seat)))
    return found


def render() -> str:
    lines = [
        "# What the buttons say",
        "",
        "<!-- Written by `python -m tools.make_buttons_doc` from the page's own labels: edit web/app/panel.py. -->",
        "",
        "Each decision the page offers as a button, in [notation](notation.md) and in the words on its button, so",
        "a lesson's text or hint can name a move as the reader sees it. The examples come from seeded games of",
        "every rules option; a button's numbers (a cost, the strength a soldier brings) are those of the moment.",
        "Placing dice is not a button: the reader taps the dice, then the advisor (`place 5+3 @8`).",
        "",
        "| Kind | Notation | The button says |",
        "|---|---|---|",
    ]
    for kind, examples in sorted(collect().items()):
        for action, said in examples:
            lines.append(f"| {kind} | `{action}` | {said.replace('|', '/')} |")
    return "\n".join(lines) + "\n"


def main() -> int:
    DOC.write_text(render(), encoding="utf-8")
    print(f"wrote {DOC}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
