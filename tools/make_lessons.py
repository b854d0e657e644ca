"""Write the built-in tutorial, ``kingsburg/lessons/*.json``, from the rulebook's worked examples.

    python tools/make_lessons.py          # rewrite the files (tests/engine/test_lessons.py checks they are current)

Every starting position is written by the engine itself (``game.position()``) from a game that got there by play:
the opening is a scripted new game (turn order, enemies and dice fixed), and each lesson of the first spring
starts where the one before ended. Examples that start elsewhere in the game begin at the start of a phase (the
situation the rulebook describes), which the engine then plays up to the first decision.

The lessons are written in English; ``WORDS`` (at the end) gives each English text in German and French, and every
lesson carries them as its ``translations`` (docs/lessons.md, Translations). A text without its translations stops
the generator, naming it: the built-in tutorial is complete in every language it offers
(tests/engine/test_lessons.py checks it too). The terms follow the German and French editions of the game where
they are known: the comment above WORDS lists them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import kingsburg  # noqa: E402
from kingsburg.content import BUILDING_BY_SLUG  # noqa: E402
from kingsburg.lesson import TUTORIAL, lesson_from_dict  # noqa: E402

OUT = ROOT / "kingsburg" / "lessons"
LANGUAGES = ("de", "fr")  # the built-in tutorial's translations, in the order of WORDS's pairs
NAMES = ["Ann", "Brian", "Cindy", "David"]
ANN, BRIAN, CINDY, DAVID = range(4)
ENEMIES = ["I-3", "II-1", "III-1", "IV-1", "V-1"]  # I-3: Goblins of strength 3, the battle example's card
SPRING_ROLLS = [2, 2, 6, 1, 3, 5, 2, 3, 5, 4, 4, 5]  # the turn-order example, in the order the players roll


def say(
    text: str,
    point: str = "",
    play: tuple = (),
    scene: str = "",
    labels: dict | None = None,
    arrows: list[list[str]] | None = None,
) -> dict:
    """A step the reader goes on from with Next; ``point``: pointers separated by spaces; ``scene``: the battle or
    the year's review shown in the court's place; ``labels``: pointer -> a short label on it; ``arrows``: [from,
    to] pairs of pointers."""
    step: dict = {"text": text}
    if scene:
        step["scene"] = scene
    if point:
        step["point"] = point.split()
    if labels:
        step["labels"] = labels
    if arrows:
        step["arrows"] = arrows
    step["next"] = True
    if play:
        step["play"] = list(play)
    return step


def told(move: str, words: str) -> dict:
    """A scripted move with what the lesson says of it, shown as it is played."""
    return {"move": move, "say": words}


def ask(
    text: str,
    moves: str | list[str],
    hint: str,
    point: str = "",
    play: tuple = (),
    arrows: list[list[str]] | None = None,
) -> dict:
    """A step that waits for ``moves`` (the first is the lesson's own); ``arrows``: [from, to] pairs of pointers."""
    step: dict = {"text": text}
    if point:
        step["point"] = point.split()
    if arrows:
        step["arrows"] = arrows
    step["expect"] = moves
    step["hint"] = hint
    if play:
        step["play"] = list(play)
    return step


def position(seats: list[dict], names: list[str] = NAMES, **kw) -> kingsburg.Game:
    """The start of a phase as the rulebook describes it; the engine plays up to the first decision."""
    d = {
        "format": "kingsburg-position",
        "version": 1,
        "year": 1,
        "phase": 1,
        "turn_order": list(range(len(seats))),
        "enemies": ENEMIES,
        "seats": [{"name": n, **_worth(s)} for n, s in zip(names, seats, strict=False)],
    }
    d.update(kw)
    return kingsburg.load_game(d)


def _worth(seat: dict) -> dict:
    """A seat whose VP are not given has those of its buildings: a player gains each building's VP as it is built
    (and loses them with it), so the rulebook's examples start from that."""
    if "vp" in seat:
        return seat
    vp = sum(BUILDING_BY_SLUG[b].vp for b in seat.get("buildings", []))
    return {**seat, "vp": vp, "vp_sources": {"buildings": vp}} if vp else seat


def lesson(title: str, summary: str, game: kingsburg.Game, steps: list[dict]) -> dict:
    """The lesson starting at ``game``'s situation; ``game`` is then played through it (first expected moves),
    so that the next lesson can start where this one ends."""
    d = {
        "format": "kingsburg-lesson",
        "version": 1,
        "title": title,
        "summary": summary,
        "start": game.position(),
        "steps": steps,
        "translations": {code: translation(title, summary, steps, code) for code in LANGUAGES},
    }
    lesson_from_dict(json.loads(json.dumps(d)))  # raises InvalidLesson naming the step
    for step in steps:
        moves = step.get("expect", [])
        scripted = [m["move"] if isinstance(m, dict) else m for m in step.get("play", [])]
        for move in ([moves] if isinstance(moves, str) else moves)[:1] + scripted:
            game.apply(move)
    return d


def words(text: str, language: str) -> str:
    """``text`` in ``language``, from WORDS; French gets its typography (a no-break space before : ; ! ? and inside
    « », so that no line starts with the mark)."""
    if text not in WORDS:
        raise SystemExit(f"no translation of {text!r} in WORDS (tools/make_lessons.py): add its German and French")
    out = WORDS[text][LANGUAGES.index(language)]
    if language == "fr":
        for mark in ":;!?»":
            out = out.replace(f" {mark}", f"\u00a0{mark}")
        out = out.replace("« ", "«\u00a0").replace("n° ", "n°\u00a0")
    return out


def translation(title: str, summary: str, steps: list[dict], language: str) -> dict:
    """Every text of a lesson in ``language`` (the file's "translations" entry for it), by step number."""
    by_step = {}
    for number, step in enumerate(steps, 1):
        said = {}
        if "hint" in step:
            said["hint"] = words(step["hint"], language)
        if "labels" in step:
            said["labels"] = {p: words(label, language) for p, label in step["labels"].items()}
        moves = [m for m in step.get("play", [])]
        says = {str(k): words(m["say"], language) for k, m in enumerate(moves, 1) if isinstance(m, dict)}
        if says:
            said["say"] = says
        by_step[str(number)] = {"text": words(step["text"], language), **said}
    return {"title": words(title, language), "summary": words(summary, language), "steps": by_step}


def first_spring() -> list[dict]:
    game = kingsburg.new_game(NAMES, seed=1, turn_order=[CINDY, ANN, DAVID, BRIAN], enemies=ENEMIES, dice=SPRING_ROLLS)
    setup = lesson(
        "Setting up, and the Aid from the King",
        "The board, the five years of a game, and the first thing that happens each year.",
        game,
        [
            say(
                "Welcome to **Kingsburg**! Ann, Brian, Cindy and David govern four provinces of King Tritus. "
                "The game lasts **five years**; whoever has the most **victory points** (VP) at the end wins.",
                point="year",
            ),
            say(
                "Each year has eight phases, on the calendar: three **productive seasons** (spring, summer, "
                "autumn) to gather goods and build, and between them the King's help, his Envoy, recruiting, "
                "and in winter a **battle**.",
                point="calendar",
            ),
            say(
                "At the start the turn order is drawn at random: here **Cindy, Ann, David, Brian**.",
                point="turn-order",
            ),
            say(
                "One enemy card per year lies face down. Nobody knows this year's enemy yet, only how strong "
                "it may be (the range shown).",
                point="enemy",
            ),
            ask(
                "Phase 1, the **Aid from the King**: the King helps whoever has the fewest buildings (then the "
                "fewest goods). In year I nobody has anything, so **everyone takes one good**. Cindy is first: "
                "she takes a **gold**.",
                "aid gold",
                "Not that one: Cindy wants a gold (Take 1 gold).",
                point="choices",
            ),
            ask("Ann takes a **wood**.", "aid wood", "Ann wants a wood.", point="choices"),
            ask(
                "David takes a **gold** too. (Brian will take a stone.)",
                "aid gold",
                "David wants a gold.",
                point="choices",
                play=("aid stone",),
            ),
            say("Everyone's goods are shown with their name.", point="goods:0 goods:1 goods:2 goods:3"),
            say(
                "Later years are different. At the start of year III, say Ann has six buildings and no goods, "
                "Brian five and two goods, Cindy five and no goods, David six and one good. Cindy has the least: "
                "she rolls an extra **white die** that spring.\nHad two players tied on buildings *and* goods, "
                "each would have taken a good instead, and nobody the white die.",
            ),
        ],
    )
    spring = lesson(
        "Spring: rolling, turn order and the King's advisors",
        "Dice totals set the turn order; dice that add up exactly to an advisor's number influence them.",
        game,
        [
            say(
                "**Spring**, the first productive season. Everyone rolls their three dice:\nAnn 1, 3, 5 (total 9)"
                "\nBrian 4, 4, 5 (13)\nCindy 2, 2, 6 (10)\nDavid 2, 3, 5 (10)",
                point="dice:0 dice:1 dice:2 dice:3",
            ),
            say(
                "The turn order follows the totals, **lowest first**: Ann (9), then Cindy (10: tied with David, "
                "but she was ahead of him before), David (10), and Brian (13) last.",
                point="turn-order",
            ),
            say(
                "Now the players **influence the King's advisors**, numbered 1 to 18. To influence one, you "
                "place dice that add up **exactly** to its number. Each advisor takes only one player a season.",
                point="court",
            ),
            ask(
                "Ann sees nobody else rolled a 1, so she keeps hers. She puts her **5 and 3** on the "
                "**Treasurer (#8)**, who gives two gold. Pick her 5 and her 3, then the Treasurer.",
                "place 5+3 @8",
                "5 + 3 = 8: choose the dice 5 and 3, then the Treasurer (#8).",
                point="advisor:8 dice:0",
            ),
            ask(
                "Cindy wanted the Treasurer with her 2 and 6, but **Ann is already there**. She puts **2 and 2** "
                "on the **Merchant (#4)**.",
                "place 2+2 @4",
                "2 + 2 = 4: the Merchant.",
                point="advisor:4 dice:2",
            ),
            ask(
                "David sees Ann used her 3, so he places **5 and 2** on the **Astronomer (#7)**.",
                "place 5+2 @7",
                "5 + 2 = 7: the Astronomer.",
                point="advisor:7 dice:3",
            ),
            ask(
                "Brian could put all three dice on the Champion (#13) for three stone, but he has a stone "
                "already, and the Treasurer is taken. He puts **5 and 4** on the **Master Hunter (#9)**.",
                "place 5+4 @9",
                "5 + 4 = 9: the Master Hunter.",
                point="advisor:9 dice:1",
            ),
            ask("Ann has only her **1** left: the **Jester (#1)**.", "place 1 @1", "Her 1 on #1.", point="advisor:1"),
            ask(
                "Cindy's last die, a **6**, goes on the **Alchemist (#6)**.", "place 6 @6", "Her 6.", point="advisor:6"
            ),
            ask("David's **3** goes on the **Architect (#3)**.", "place 3 @3", "His 3 on #3.", point="advisor:3"),
            say(
                "Brian's last die is a 4, but the Merchant is taken: he **must pass**. (You may also pass by "
                "choice; once you pass you are done for the season.) Nobody has dice left: the step is over.",
                point="log",
            ),
        ],
    )
    gifts = lesson(
        "The advisors' gifts",
        "Advisors help in order from #1 to #18; some let the player choose.",
        game,
        [
            say(
                "Each advisor now helps whoever influenced them, **from #1 up to #18**. The **Jester** gave Ann "
                "1 VP; nobody is on the Squire (#2); the **Architect** gave David a wood.",
                point="advisor:1 advisor:3 log",
            ),
            ask(
                "The **Merchant** lets Cindy choose a gold *or* a wood. She has a gold, so she takes the **wood**.",
                "gift wood",
                "Cindy takes the wood.",
                point="advisor:4 choices",
            ),
            ask(
                "The **Alchemist** trades one good for the other two. Cindy gives back the wood she just took "
                "and gets a gold and a stone.",
                "trade wood",
                "Cindy trades her wood.",
                point="advisor:6 goods:2",
            ),
            ask(
                'The **Astronomer** gives David a **"+2" token** and one good of his choice: a **wood**.',
                "gift wood",
                "David takes a wood.",
                point="advisor:7 tokens:3",
            ),
            ask(
                "The **Treasurer** gave Ann two gold. The **Master Hunter** gives Brian a wood and a gold, or a "
                "wood and a stone: he takes **wood and gold**.",
                "gift gold+wood",
                "Brian takes the wood and the gold.",
                point="advisor:9 goods:1",
            ),
            say(
                'Then everyone takes their dice back; used "+2" tokens and white dice go back to the supply.',
                point="goods:0 goods:1 goods:2 goods:3",
            ),
        ],
    )
    building = lesson(
        "Building, and the King's Reward",
        "One building a season, paid from your goods; each row is built from left to right.",
        game,
        [
            say(
                "The season's last step: in turn order, each governor may **construct one building**, paying "
                "the cost shown on their province sheet.",
                point="sheet:0",
            ),
            say(
                "Each row is built **from left to right**: you can build the Church only once you have the "
                "Statue and the Chapel. You may always start a new row.",
                point="building:statue:0 building:chapel:0 building:church:0",
            ),
            ask(
                "Ann has two gold and one wood. She pays the two gold for the **Statue**, worth **3 VP**.",
                "build statue",
                "Ann builds the Statue.",
                point="building:statue:0 goods:0",
            ),
            ask(
                "Cindy has two gold and one stone. She builds the **Guard Tower** for one gold and one stone "
                "(1 VP, and +1 in battle).",
                "build guard-tower",
                "Cindy builds the Guard Tower.",
                point="building:guard-tower:2",
            ),
            ask(
                "David spends two wood on the **Palisade**: no VP, but +1 in battle.",
                "build palisade",
                "David builds the Palisade.",
                point="building:palisade:3",
            ),
            ask(
                'Brian pays a gold and a wood for the **Inn**: no VP, but a "+2" token every summer.',
                "build inn",
                "Brian builds the Inn.",
                point="building:inn:1",
            ),
            say(
                "Phase 3, **the King's Reward**: whoever has the most buildings gains 1 VP. They all have one, "
                "so all four gain 1 VP. Then summer begins, played just like spring.",
                point="vp:0 vp:1 vp:2 vp:3",
            ),
        ],
    )
    return [setup, spring, gifts, building]


def white_die() -> dict:
    six = ["statue", "chapel", "inn", "market", "guard-tower", "palisade"]
    seats = [
        {"buildings": six},
        {"buildings": six[:5], "gold": 2},
        {"buildings": six[:5], "tokens": 1},
        {"buildings": six, "wood": 1},
    ]
    rolls = [6, 6, 5, 6, 5, 5, 1, 2, 4, 3, 6, 6, 5]
    game = position(seats, year=3, dice=rolls + [3] * 30)
    return lesson(
        'The white die, the "+2" token, and passing',
        'Year III: Cindy has the King\'s white die and a "+2" token.',
        game,
        [
            say(
                "Year III. Ann has six buildings and no goods, Brian five and two goods, Cindy five and no goods, "
                "David six and one good. Cindy has the least, so she rolled the King's **white die** with her "
                "dice: 1, 2, 4 and a white 3.",
                point="dice:2",
            ),
            say(
                "Her total, 10, is the lowest, so Cindy goes first, then Brian (16), Ann and David (17 each, Ann "
                "was ahead).",
                point="turn-order",
            ),
            ask(
                "A white die counts like any die, but it must go **with at least one coloured die**. Cindy puts "
                "her **4 and white 3** on the **Astronomer (#7)**.",
                "place 4+w3 @7",
                "Choose the 4 and the white 3, then the Astronomer (#7).",
                point="advisor:7 dice:2",
                play=(
                    told("place 6+5+5 @16", "16: the **Wizard**, 4 gold."),
                    told("place 6+6+5 @17", "17: the **Queen**, 2 goods, 3 VP, a look at the enemy."),
                    told("place 6+6 @12", 'David\'s 12, the **Duchess**: 2 goods and a "+2" token.'),
                ),
            ),
            ask(
                'Cindy\'s turn again. She has a **"+2" token**: once a '
                "season she may add one to a group. 2 + 1 + 2 = 5: the **Sergeant (#5)**, a soldier.",
                "place 2+1 +2 @5",
                'Choose the 2 and the 1, switch on the "+2" token, then the Sergeant (#5).',
                point="advisor:5 tokens:2",
            ),
            ask(
                "David has a 5 left, and the Sergeant is taken. His Market could move it to #4 or #6, but he "
                "wants neither: he **passes**, and is done for this season.",
                "pass",
                "David passes.",
                point="choices",
            ),
        ],
    )


def envoy() -> dict:
    five = ["inn", "market", "farms", "guard-tower", "palisade"]
    four = ["inn", "market", "guard-tower", "palisade"]
    seats = [
        {"buildings": five},
        {"buildings": four, "gold": 2},
        {"buildings": four, "stone": 1},
        {"buildings": four},
    ]
    return lesson(
        "The King's Envoy",
        "Given in summer to the least developed governor; used once to join a taken advisor or to build twice.",
        position(seats, year=2, phase=5, dice=[6, 5, 4, 6, 3, 4, 5, 2, 5, 6, 3, 6, 6] + [3] * 30),
        [
            say(
                "Year II, phase 5: the **King's Envoy**. Ann has five buildings and no goods, Brian four and two "
                "goods, Cindy four and one good, David four and none. **David** has developed least: the Envoy "
                "is his. (Had Cindy no goods either, nobody would have it this year.)",
                point="envoy",
            ),
            say(
                "He may use it **once**, in any productive season: to influence an advisor someone already "
                "took, or to build twice in one season. Unused, it goes back at next year's phase 5.",
                point="envoy",
                play=("place 3 @3", "place 6+5 @11", "place 6+6 @12", "place 6+5+4 @15", "place 5+4 @9", "place 2 @2"),
            ),
            ask(
                "Autumn. Brian put a **3** on the **Architect (#3)** first. Now David has only a 3 left, and the "
                "Architect is taken: he calls on the **Envoy** and places his die **with Brian's**.",
                "place 3 @3 envoy",
                "Choose David's 3, switch on the Envoy, then the Architect (#3).",
                point="advisor:3 envoy",
            ),
            say(
                "This season the Architect helps twice: Brian **and** David each get a wood. The Envoy goes back "
                "to the board.",
                point="advisor:3 goods:1 goods:3",
            ),
        ],
    )


def double_build() -> dict:
    return lesson(
        "The Envoy's double build",
        "David builds the Barricade and the Blacksmith in one season.",
        position(
            [{}, {}, {}, {"gold": 1, "wood": 3, "buildings": ["guard-tower"]}],
            phase=4,
            envoy=DAVID,
            dice=[6, 6, 6, 6, 6, 5, 6, 5, 5, 1, 1, 2] + [3] * 30,
        ),
        [
            say(
                "Summer. David holds the King's Envoy. This season nobody influences an advisor: everyone "
                "passes, straight to the building step.",
                point="envoy",
                play=("pass", "pass", "pass", "pass"),
            ),
            ask(
                "David has one gold and three wood: enough for two buildings, but only one is allowed a season. "
                "First he builds the **Barricade** (one wood).",
                "build barricade",
                "David builds the Barricade first.",
                point="building:barricade:3 envoy",
            ),
            ask(
                "Then he calls on the Envoy for a **second building**: the **Blacksmith** (one gold, two wood). "
                "The Envoy goes back to the board.",
                "build blacksmith envoy",
                "Build the Blacksmith with the Envoy.",
                point="building:blacksmith:3 envoy",
            ),
        ],
    )


def battle() -> dict:
    seats = [
        {"buildings": ["statue", "palisade", "barricade"]},
        {"buildings": ["inn", "guard-tower"], "gold": 2, "wood": 1, "stone": 1},
        {"buildings": ["guard-tower", "blacksmith", "barricade"]},
        {"buildings": ["inn", "barricade", "crane"], "wood": 1},
    ]
    return lesson(
        "Recruiting and the battle against the Goblins",
        "Soldiers for two goods each; the King's die; buildings' battle bonuses; victory, draw and defeat.",
        position(seats, phase=7, dice=[1, 3, 3] * 10),
        [
            say(
                "Phase 7, **recruiting soldiers**: in turn order, each governor may hire soldiers for **two "
                "goods each** (any two).",
                point="soldiers:1",
            ),
            ask(
                "Brian has two gold, a wood and a stone. He hires **one soldier** with the two gold.",
                "recruit gold+gold",
                "Brian pays gold and gold for one soldier.",
                point="goods:1 soldiers:1",
            ),
            ask(
                "He keeps his wood and stone, and **passes**. Nobody else has goods to pay with.",
                "pass",
                "Brian passes: he is done recruiting.",
                point="choices",
            ),
            say(
                "**Winter** comes at once. The enemy card is turned over: **Goblins, strength 3**. Ann, first in "
                "turn order, rolls the **King's die**: a 1. The King sends **1 soldier** to everyone.",
                scene="battle:king",
                point="battle:enemy battle:king",
                labels={"battle:enemy": "Goblins: 3", "battle:king": "+1 soldier each"},
            ),
            say(
                "Each governor fights alone: their soldiers, the King's, and their buildings' bonuses. Ann: no "
                "soldier of her own, +1 from the King, +1 Palisade, +1 Barricade (against Goblins) = **3**: a "
                "draw, nothing won or lost. Brian: his 1 soldier +1 from the King +1 Guard Tower = **3**: a draw "
                "too.",
                scene="battle:1",
                point="battle:0 battle:1",
                labels={"battle:0": "3 = 3: draw", "battle:1": "3 = 3: draw"},
            ),
            say(
                "Cindy: +1 from the King +1 Guard Tower +1 Blacksmith +1 Barricade = **4**: she **wins** the "
                "Goblins' reward, a stone, and as the strongest winner **1 bonus VP**.",
                scene="battle:2",
                point="battle:2",
                labels={"battle:2": "4 > 3: victory"},
            ),
            say(
                "David: +1 from the King +1 Barricade = **2**: **defeated**. He should lose a gold but has none. The "
                "Goblins also **destroy a building**: the one in his rightmost column, the top one there: the "
                "**Crane**, and its 1 VP with it. (Had he a Market, the Market would go.)",
                scene="battle",
                point="battle:3",
                labels={"battle:3": "2 < 3: defeat"},
            ),
            say(
                "After the battle, on the board: Cindy's stone and bonus VP, and David's sheet without the Crane.",
                point="goods:2 vp:2 sheet:3 vp:3",
            ),
            say(
                "All soldiers go home, and the year ends: the year marker moves on and the calendar starts "
                "again at the Aid from the King. The year's review sums it up: who gained VP, and from what.",
                scene="year",
                point="year calendar review:2",
            ),
        ],
    )


def scoring() -> dict:
    seats = [
        {"vp": 20, "gold": 1, "buildings": ["statue", "chapel", "inn", "guard-tower"]},
        {"vp": 20, "gold": 2, "wood": 1, "buildings": ["statue", "inn", "guard-tower"]},
        {"vp": 18, "stone": 4, "buildings": ["statue", "chapel", "church", "inn", "market", "guard-tower"]},
        {"vp": 20, "buildings": ["inn", "guard-tower", "blacksmith", "barracks"]},
    ]
    return lesson(
        "The end of the game, and the winner",
        "After the fifth winter the most VP wins; ties go to the most goods, then the most buildings.",
        position(seats, year=5, phase=7, dice=[6] * 10),
        [
            say(
                "Year V, the last. After each winter the year ends; after the **fifth** winter the game ends and "
                "the most **VP** wins. Ann, Brian and David have 20 VP, Cindy 18.",
                point="year vp:0 vp:1 vp:2 vp:3",
            ),
            ask(
                "Ann has a single gold: too little for a soldier. Brian hires **one soldier** with two gold and "
                "keeps his wood.",
                "recruit gold+gold",
                "Brian pays gold and gold for one soldier.",
                point="goods:1 soldiers:1",
            ),
            ask(
                "Brian has one good left, too few for another soldier, so his turn ends. Cindy could pay with "
                "her four stone, but she keeps them: she **passes**.",
                "pass",
                "Cindy passes.",
                point="choices",
            ),
            say(
                "Winter: **Barbarians, strength 7**; the King's die gives everyone **6** soldiers. Ann 6 + 1 "
                "(Guard Tower) = 7 and Cindy 7 (the Church counts only against Demons): draws. Brian 6 + 1 + 1 "
                "= 8 and David 6 + 1 + 1 (Guard Tower, Blacksmith) = 8: both **win** 1 VP, and as the strongest "
                "winners 1 bonus VP each.",
                scene="battle",
                point="battle:1 battle:3",
                labels={"battle:1": "8 > 7", "battle:3": "8 > 7"},
            ),
            say(
                "Brian and David both end with **22 VP**. A tie goes to the **most goods left**: Brian has a "
                "wood, David nothing, so **Brian wins**. (Still tied: the most buildings; then they share the "
                "victory.)",
                point="vp:1 vp:3 goods:1",
            ),
        ],
    )


def statue_chapel() -> dict:
    return lesson(
        "The Statue and the Chapel",
        "Rerolls after rolling: one die when all match, all dice when the total is 7 or less.",
        position(
            [{"buildings": ["statue", "chapel", "inn", "market", "farms"]}, {}],
            names=["Ann", "Brian"],
            phase=2,
            dice=[5, 5, 5, 2, 2, 3, 3, 4, 2, 2, 2, 2, 1, 3, 3, 3, 3] + [3] * 20,
            turn_order=[BRIAN, ANN],
        ),
        [
            say(
                "A two-player game: before the players roll, dice of an unused colour block two advisors this "
                "season (grey, with ✕).",
                point="court",
            ),
            ask(
                "Ann owns the Statue and the Chapel, and rolled **2, 2, 2** and a white **2** (the Farms give her "
                "a white die). All dice match, so the **Statue** lets her reroll one. (Not the Chapel: the total "
                "is 8.)",
                "statue",
                "Use the Statue: reroll one coloured die.",
                point="dice:0 building:statue:0",
            ),
            ask(
                "The reroll gives a **1**: the total is now 7, so the **Chapel** lets her reroll **all** her dice.",
                "chapel",
                "Use the Chapel: reroll everything.",
                point="dice:0 building:chapel:0",
            ),
            say(
                "She rolls 3, 3, 3 and a white 3. All match again, but each building works once a season: no "
                "more rerolls.",
                point="dice:0",
            ),
        ],
    )


def market() -> dict:
    return lesson(
        "The Market",
        "Once a season, influence the advisor one above or one below your dice total.",
        position(
            [{"buildings": ["inn", "market"]}, {}],
            names=["Ann", "Brian"],
            phase=2,
            dice=[6, 6, 6, 1, 1, 4, 5, 1, 6, 6, 6] + [3] * 30,
        ),
        [
            say(
                "With a **Market**, a group of dice totalling 9 may influence #8 or #10 as well as #9, without "
                "changing the dice. Once a season.",
                point="building:market:0 advisor:8 advisor:9 advisor:10",
                labels={"advisor:8": "9 − 1", "advisor:10": "9 + 1"},
            ),
            ask(
                "Ann rolled 4, 5 and 1. She puts her **5 and 4** (9) on the **General (#10)** with her Market.",
                "place 5+4 @10 market",
                "Choose 5 and 4, switch on the Market, then the General (#10).",
                point="advisor:10 dice:0",
                arrows=[["dice:0", "advisor:10"]],
            ),
        ],
    )


def crane() -> dict:
    return lesson(
        "The Crane",
        "Buildings in the third and fourth columns cost one gold less.",
        position(
            [{"gold": 1, "wood": 3, "stone": 1, "buildings": ["inn", "market", "barricade", "crane"]}, {}],
            names=["Ann", "Brian"],
            phase=2,
            dice=[6, 6, 6, 1, 1, 1, 2, 3, 6, 6, 6] + [3] * 30,
        ),
        [
            say(
                "Ann owns the **Crane**: buildings in columns III and IV cost her one gold less. (This spring "
                "both players pass without influencing anyone, straight to building.)",
                point="building:crane:0",
                play=("pass", "pass"),
            ),
            ask(
                "The Farms cost two gold, three wood and a stone; with the Crane, **one gold**, three wood and a "
                "stone: just what Ann has. She builds them.",
                "build farms",
                "Build the Farms.",
                point="building:farms:0 goods:0",
            ),
        ],
    )


def build_all() -> dict[str, dict]:
    lessons = [*first_spring(), white_die(), envoy(), double_build(), battle(), scoring()]
    lessons += [statue_chapel(), market(), crane()]
    return dict(zip(TUTORIAL, lessons, strict=True))


def tutorial() -> dict:
    """The collection that lists the built-in lessons in order (kingsburg/lessons/tutorial.json)."""
    title, summary = "Learn to play", "A guided first game, through the rulebook's own examples."
    return {
        "format": "kingsburg-collection",
        "version": 1,
        "title": title,
        "summary": summary,
        "lessons": list(TUTORIAL),
        "translations": {code: {"title": words(title, code), "summary": words(summary, code)} for code in LANGUAGES},
    }


def text_of(d: dict) -> str:
    return json.dumps(d, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name, d in build_all().items():
        (OUT / f"{name}.json").write_text(text_of(d), encoding="utf-8")
        print(f"{name}: {len(d['steps'])} steps")
    (OUT / "tutorial.json").write_text(text_of(tutorial()), encoding="utf-8")
    print(f"tutorial: {len(TUTORIAL)} lessons")
    return 0


# Each English text of the lessons, in German and in French (LANGUAGES). A component's name is the engine's
# catalogue's (locale/<lang>/LC_MESSAGES/engine.po, the table in docs/translating.md): the reader sees the same word
# on the board and in the lesson (tests/engine/test_lesson_terms.py checks it), declined where German needs it
# ("den Kämpen", "dem Gutsherrn"). German speaks to the reader with "du", French with "vous", as each language's
# games usually do.

WORDS: dict[str, tuple[str, str]] = {
    "Learn to play": ("Spielen lernen", "Apprendre à jouer"),
    "A guided first game, through the rulebook's own examples.": (
        "Eine geführte erste Partie anhand der Beispiele aus der Spielregel.",
        "Une première partie guidée, à travers les exemples de la règle du jeu.",
    ),
    "Setting up, and the Aid from the King": (
        "Der Spielaufbau und die Königliche Hilfe",
        "La mise en place et l'Aide du Roi",
    ),
    "The board, the five years of a game, and the first thing that happens each year.": (
        "Der Spielplan, die fünf Jahre einer Partie und was jedes Jahr als Erstes geschieht.",
        "Le plateau, les cinq années d'une partie, et ce qui arrive en premier chaque année.",
    ),
    "Welcome to **Kingsburg**! Ann, Brian, Cindy and David govern four provinces of King Tritus. The game lasts "
    "**five years**; whoever has the most **victory points** (VP) at the end wins.": (
        "Willkommen in **Kingsburg**! Ann, Brian, Cindy und David verwalten als Gouverneure vier Provinzen von "
        "König Tritus. Eine Partie dauert **fünf Jahre**; wer am Ende die meisten **Siegpunkte** (SP) hat, gewinnt.",
        "Bienvenue à **Kingsburg** ! Ann, Brian, Cindy et David gouvernent quatre provinces du roi Tritus. La "
        "partie dure **cinq années** ; à la fin, qui a le plus de **points de victoire** (PV) l'emporte.",
    ),
    "Each year has eight phases, on the calendar: three **productive seasons** (spring, summer, autumn) to gather "
    "goods and build, and between them the King's help, his Envoy, recruiting, and in winter a **battle**.": (
        "Jedes Jahr hat acht Phasen, zu sehen auf dem Kalender: drei **Produktionsphasen** (Frühling, Sommer, "
        "Herbst), um Waren zu sammeln und zu bauen, und dazwischen die Hilfe des Königs, sein Gesandter, das "
        "Anwerben von Soldaten und im Winter eine **Schlacht**.",
        "Chaque année compte huit phases, indiquées sur le calendrier : trois **saisons productives** (printemps, "
        "été, automne) pour réunir des ressources et construire, et entre elles l'aide du roi, son Envoyé, le "
        "recrutement et, en hiver, une **bataille**.",
    ),
    "At the start the turn order is drawn at random: here **Cindy, Ann, David, Brian**.": (
        "Zu Beginn wird die Spielreihenfolge ausgelost: hier **Cindy, Ann, David, Brian**.",
        "Au début, l'ordre du tour est tiré au sort : ici **Cindy, Ann, David, Brian**.",
    ),
    "One enemy card per year lies face down. Nobody knows this year's enemy yet, only how strong it may be (the "
    "range shown).": (
        "Für jedes Jahr liegt eine Feindeskarte verdeckt bereit. Noch kennt niemand den Feind dieses Jahres, nur "
        "wie stark er sein kann (der angezeigte Bereich).",
        "Une carte Ennemi par année attend face cachée. Personne ne connaît encore l'ennemi de cette année, "
        "seulement la force qu'il peut avoir (la fourchette affichée).",
    ),
    "Phase 1, the **Aid from the King**: the King helps whoever has the fewest buildings (then the fewest goods). "
    "In year I nobody has anything, so **everyone takes one good**. Cindy is first: she takes a **gold**.": (
        "Phase 1, die **Königliche Hilfe**: Der König hilft dem Gouverneur mit den wenigsten Gebäuden (dann mit den "
        "wenigsten Waren). Im Jahr I hat noch niemand etwas, also **nimmt sich jeder eine Ware**. Cindy ist zuerst "
        "dran: Sie nimmt ein **Gold**.",
        "Phase 1, l'**Aide du Roi** : le roi aide le gouverneur qui a le moins de bâtiments (puis le moins de "
        "ressources). En année I, personne n'a rien : **chacun prend une ressource**. Cindy commence : elle prend "
        "un **or**.",
    ),
    "Not that one: Cindy wants a gold (Take 1 gold).": (
        "Nicht diese: Cindy möchte ein Gold.",
        "Pas celle-là : Cindy veut un or.",
    ),
    "Ann takes a **wood**.": (
        "Ann nimmt ein **Holz**.",
        "Ann prend un **bois**.",
    ),
    "Ann wants a wood.": (
        "Ann möchte ein Holz.",
        "Ann veut un bois.",
    ),
    "David takes a **gold** too. (Brian will take a stone.)": (
        "Auch David nimmt ein **Gold**. (Brian wird einen Stein nehmen.)",
        "David prend lui aussi un **or**. (Brian prendra une pierre.)",
    ),
    "David wants a gold.": (
        "David möchte ein Gold.",
        "David veut un or.",
    ),
    "Everyone's goods are shown with their name.": (
        "Die Waren aller Spieler stehen bei ihrem Namen.",
        "Les ressources de chacun sont affichées avec son nom.",
    ),
    "Later years are different. At the start of year III, say Ann has six buildings and no goods, Brian five and "
    "two goods, Cindy five and no goods, David six and one good. Cindy has the least: she rolls an extra **white "
    "die** that spring.\nHad two players tied on buildings *and* goods, each would have taken a good instead, and "
    "nobody the white die.": (
        "In späteren Jahren ist es anders. Angenommen, zu Beginn von Jahr III hat Ann sechs Gebäude und keine "
        "Waren, Brian fünf und zwei Waren, Cindy fünf und keine Waren, David sechs und eine Ware. Cindy hat am "
        "wenigsten: Sie würfelt in diesem Frühling mit einem zusätzlichen **weißen Würfel**.\nHätten zwei Spieler "
        "gleich viele Gebäude *und* Waren, hätte stattdessen jeder von ihnen eine Ware genommen und niemand den "
        "weißen Würfel.",
        "Les années suivantes, c'est différent. Disons qu'au début de l'année III, Ann a six bâtiments et aucune "
        "ressource, Brian cinq et deux ressources, Cindy cinq et aucune ressource, David six et une ressource. "
        "Cindy a le moins : ce printemps-là, elle lance un **dé blanc** en plus.\nSi deux joueurs avaient été à "
        "égalité de bâtiments *et* de ressources, chacun aurait pris une ressource à la place, et personne n'aurait "
        "eu le dé blanc.",
    ),
    "Spring: rolling, turn order and the King's advisors": (
        "Frühling: Würfeln, Spielreihenfolge und die Berater des Königs",
        "Le printemps : les dés, l'ordre du tour et les conseillers du roi",
    ),
    "Dice totals set the turn order; dice that add up exactly to an advisor's number influence them.": (
        "Die Augensummen bestimmen die Spielreihenfolge; Würfel, deren Summe genau die Zahl eines Beraters ergibt, "
        "beeinflussen ihn.",
        "Le total des dés fixe l'ordre du tour ; des dés dont la somme vaut exactement le numéro d'un conseiller "
        "l'influencent.",
    ),
    "**Spring**, the first productive season. Everyone rolls their three dice:\nAnn 1, 3, 5 (total 9)\nBrian 4, 4, "
    "5 (13)\nCindy 2, 2, 6 (10)\nDavid 2, 3, 5 (10)": (
        "**Frühling**, die erste Produktionsphase. Alle werfen ihre drei Würfel:\nAnn 1, 3, 5 (Summe 9)\nBrian 4, "
        "4, 5 (13)\nCindy 2, 2, 6 (10)\nDavid 2, 3, 5 (10)",
        "Le **printemps**, première saison productive. Chacun lance ses trois dés :\nAnn 1, 3, 5 (total 9)\nBrian "
        "4, 4, 5 (13)\nCindy 2, 2, 6 (10)\nDavid 2, 3, 5 (10)",
    ),
    "The turn order follows the totals, **lowest first**: Ann (9), then Cindy (10: tied with David, but she was "
    "ahead of him before), David (10), and Brian (13) last.": (
        "Die Spielreihenfolge folgt den Summen, **die niedrigste zuerst**: Ann (9), dann Cindy (10: gleichauf mit "
        "David, aber sie lag schon vorher vor ihm), David (10) und Brian (13) als Letzter.",
        "L'ordre du tour suit les totaux, **le plus bas d'abord** : Ann (9), puis Cindy (10 : à égalité avec David, "
        "mais elle était devant lui auparavant), David (10), et Brian (13) en dernier.",
    ),
    "Now the players **influence the King's advisors**, numbered 1 to 18. To influence one, you place dice that add "
    "up **exactly** to its number. Each advisor takes only one player a season.": (
        "Jetzt **beeinflussen** die Spieler **die Berater des Königs**, nummeriert von 1 bis 18. Um einen zu "
        "beeinflussen, setzt man Würfel, deren Summe **genau** seine Zahl ergibt. Jeder Berater hilft pro "
        "Jahreszeit nur einem Spieler.",
        "Les joueurs **influencent** maintenant **les conseillers du roi**, numérotés de 1 à 18. Pour en influencer "
        "un, on place des dés dont la somme fait **exactement** son numéro. Chaque conseiller n'aide qu'un joueur "
        "par saison.",
    ),
    "Ann sees nobody else rolled a 1, so she keeps hers. She puts her **5 and 3** on the **Treasurer (#8)**, who "
    "gives two gold. Pick her 5 and her 3, then the Treasurer.": (
        "Ann sieht, dass sonst niemand eine 1 gewürfelt hat, also behält sie ihre. Sie setzt ihre **5 und 3** auf "
        "den **Schatzmeister (Nr. 8)**, der zwei Gold gibt. Wähle ihre 5 und ihre 3, dann den Schatzmeister.",
        "Ann voit que personne d'autre n'a fait de 1 : elle garde le sien. Elle place son **5 et son 3** sur le "
        "**Trésorier (n° 8)**, qui donne deux or. Choisissez son 5 et son 3, puis le Trésorier.",
    ),
    "5 + 3 = 8: choose the dice 5 and 3, then the Treasurer (#8).": (
        "5 + 3 = 8: Wähle die Würfel 5 und 3, dann den Schatzmeister (Nr. 8).",
        "5 + 3 = 8 : choisissez les dés 5 et 3, puis le Trésorier (n° 8).",
    ),
    "Cindy wanted the Treasurer with her 2 and 6, but **Ann is already there**. She puts **2 and 2** on the "
    "**Merchant (#4)**.": (
        "Cindy wollte mit ihrer 2 und 6 zum Schatzmeister, aber **Ann ist schon dort**. Sie setzt **2 und 2** auf "
        "den **Händler (Nr. 4)**.",
        "Cindy visait le Trésorier avec son 2 et son 6, mais **Ann y est déjà**. Elle place **2 et 2** sur le "
        "**Marchand (n° 4)**.",
    ),
    "2 + 2 = 4: the Merchant.": (
        "2 + 2 = 4: der Händler.",
        "2 + 2 = 4 : le Marchand.",
    ),
    "David sees Ann used her 3, so he places **5 and 2** on the **Astronomer (#7)**.": (
        "David sieht, dass Ann ihre 3 verbraucht hat, also setzt er **5 und 2** auf den **Astronomen (Nr. 7)**.",
        "David voit qu'Ann a utilisé son 3 : il place **5 et 2** sur l'**Astronome (n° 7)**.",
    ),
    "5 + 2 = 7: the Astronomer.": (
        "5 + 2 = 7: der Astronom.",
        "5 + 2 = 7 : l'Astronome.",
    ),
    "Brian could put all three dice on the Champion (#13) for three stone, but he has a stone already, and the "
    "Treasurer is taken. He puts **5 and 4** on the **Master Hunter (#9)**.": (
        "Brian könnte alle drei Würfel für drei Stein auf den Kämpen (Nr. 13) setzen, aber er hat schon einen "
        "Stein, und der Schatzmeister ist besetzt. Er setzt **5 und 4** auf den **Meisterjäger (Nr. 9)**.",
        "Brian pourrait mettre ses trois dés sur le Champion (n° 13) pour trois pierres, mais il a déjà une pierre, "
        "et le Trésorier est pris. Il place **5 et 4** sur le **Maître chasseur (n° 9)**.",
    ),
    "5 + 4 = 9: the Master Hunter.": (
        "5 + 4 = 9: der Meisterjäger.",
        "5 + 4 = 9 : le Maître chasseur.",
    ),
    "Ann has only her **1** left: the **Jester (#1)**.": (
        "Ann bleibt nur ihre **1**: der **Hofnarr (Nr. 1)**.",
        "Il ne reste à Ann que son **1** : le **Bouffon (n° 1)**.",
    ),
    "Her 1 on #1.": (
        "Ihre 1 auf Nr. 1.",
        "Son 1 sur le n° 1.",
    ),
    "Cindy's last die, a **6**, goes on the **Alchemist (#6)**.": (
        "Cindys letzter Würfel, eine **6**, kommt auf den **Alchemisten (Nr. 6)**.",
        "Le dernier dé de Cindy, un **6**, va sur l'**Alchimiste (n° 6)**.",
    ),
    "Her 6.": (
        "Ihre 6.",
        "Son 6.",
    ),
    "David's **3** goes on the **Architect (#3)**.": (
        "Davids **3** kommt auf den **Baumeister (Nr. 3)**.",
        "Le **3** de David va sur l'**Architecte (n° 3)**.",
    ),
    "His 3 on #3.": (
        "Seine 3 auf Nr. 3.",
        "Son 3 sur le n° 3.",
    ),
    "Brian's last die is a 4, but the Merchant is taken: he **must pass**. (You may also pass by choice; once you "
    "pass you are done for the season.) Nobody has dice left: the step is over.": (
        "Brians letzter Würfel ist eine 4, aber der Händler ist besetzt: Er **muss passen**. (Man darf auch "
        "freiwillig passen; wer passt, ist für diese Jahreszeit fertig.) Niemand hat mehr Würfel: Dieser Schritt "
        "ist vorbei.",
        "Le dernier dé de Brian est un 4, mais le Marchand est pris : il **doit passer**. (On peut aussi passer par "
        "choix ; qui passe a fini pour la saison.) Plus personne n'a de dé : l'étape est terminée.",
    ),
    "The advisors' gifts": (
        "Die Gaben der Berater",
        "Les faveurs des conseillers",
    ),
    "Advisors help in order from #1 to #18; some let the player choose.": (
        "Die Berater helfen der Reihe nach von Nr. 1 bis Nr. 18; bei manchen darf der Spieler wählen.",
        "Les conseillers aident dans l'ordre, du n° 1 au n° 18 ; certains laissent le joueur choisir.",
    ),
    "Each advisor now helps whoever influenced them, **from #1 up to #18**. The **Jester** gave Ann 1 VP; nobody is "
    "on the Squire (#2); the **Architect** gave David a wood.": (
        "Jetzt hilft jeder Berater dem, der ihn beeinflusst hat, **von Nr. 1 bis Nr. 18**. Der **Hofnarr** gab Ann "
        "1 SP; auf dem Gutsherrn (Nr. 2) steht niemand; der **Baumeister** gab David ein Holz.",
        "Chaque conseiller aide maintenant qui l'a influencé, **du n° 1 au n° 18**. Le **Bouffon** a donné 1 PV à "
        "Ann ; personne n'est sur l'Écuyer (n° 2) ; l'**Architecte** a donné un bois à David.",
    ),
    "The **Merchant** lets Cindy choose a gold *or* a wood. She has a gold, so she takes the **wood**.": (
        "Beim **Händler** darf Cindy ein Gold *oder* ein Holz wählen. Sie hat schon ein Gold, also nimmt sie das "
        "**Holz**.",
        "Le **Marchand** laisse Cindy choisir un or *ou* un bois. Elle a déjà un or : elle prend le **bois**.",
    ),
    "Cindy takes the wood.": (
        "Cindy nimmt das Holz.",
        "Cindy prend le bois.",
    ),
    "The **Alchemist** trades one good for the other two. Cindy gives back the wood she just took and gets a gold "
    "and a stone.": (
        "Der **Alchemist** tauscht eine Ware gegen die beiden anderen. Cindy gibt das eben genommene Holz zurück "
        "und erhält ein Gold und einen Stein.",
        "L'**Alchimiste** échange une ressource contre les deux autres. Cindy rend le bois qu'elle vient de prendre "
        "et reçoit un or et une pierre.",
    ),
    "Cindy trades her wood.": (
        "Cindy tauscht ihr Holz.",
        "Cindy échange son bois.",
    ),
    'The **Astronomer** gives David a **"+2" token** and one good of his choice: a **wood**.': (
        "Der **Astronom** gibt David einen **„+2“-Marker** und eine Ware seiner Wahl: ein **Holz**.",
        "L'**Astronome** donne à David un **marqueur +2** et une ressource de son choix : un **bois**.",
    ),
    "David takes a wood.": (
        "David nimmt ein Holz.",
        "David prend un bois.",
    ),
    "The **Treasurer** gave Ann two gold. The **Master Hunter** gives Brian a wood and a gold, or a wood and a "
    "stone: he takes **wood and gold**.": (
        "Der **Schatzmeister** gab Ann zwei Gold. Der **Meisterjäger** gibt Brian ein Holz und ein Gold oder ein "
        "Holz und einen Stein: Er nimmt **Holz und Gold**.",
        "Le **Trésorier** a donné deux or à Ann. Le **Maître chasseur** donne à Brian un bois et un or, ou un bois "
        "et une pierre : il prend **bois et or**.",
    ),
    "Brian takes the wood and the gold.": (
        "Brian nimmt das Holz und das Gold.",
        "Brian prend le bois et l'or.",
    ),
    'Then everyone takes their dice back; used "+2" tokens and white dice go back to the supply.': (
        "Dann nehmen alle ihre Würfel zurück; benutzte „+2“-Marker und weiße Würfel kommen zurück in den Vorrat.",
        "Puis chacun reprend ses dés ; les marqueurs +2 utilisés et les dés blancs retournent à la réserve.",
    ),
    "Building, and the King's Reward": (
        "Bauen und die Belohnung des Königs",
        "Construire, et la Récompense du Roi",
    ),
    "One building a season, paid from your goods; each row is built from left to right.": (
        "Ein Gebäude pro Jahreszeit, bezahlt mit deinen Waren; jede Reihe wird von links nach rechts gebaut.",
        "Un bâtiment par saison, payé avec vos ressources ; chaque rangée se construit de gauche à droite.",
    ),
    "The season's last step: in turn order, each governor may **construct one building**, paying the cost shown on "
    "their province sheet.": (
        "Der letzte Schritt der Jahreszeit: In Spielreihenfolge darf jeder Gouverneur **ein Gebäude errichten** und "
        "zahlt die Kosten, die auf seiner Provinzkarte stehen.",
        "Dernière étape de la saison : dans l'ordre du tour, chaque gouverneur peut **construire un bâtiment**, en "
        "payant le coût indiqué sur son plateau province.",
    ),
    "Each row is built **from left to right**: you can build the Church only once you have the Statue and the "
    "Chapel. You may always start a new row.": (
        "Jede Reihe wird **von links nach rechts** gebaut: Die Kirche kannst du erst bauen, wenn du das Standbild und "
        "die Kapelle hast. Eine neue Reihe darfst du jederzeit beginnen.",
        "Chaque rangée se construit **de gauche à droite** : vous ne pouvez bâtir l'Église qu'une fois la Statue et "
        "la Chapelle construites. Vous pouvez toujours commencer une nouvelle rangée.",
    ),
    "Ann has two gold and one wood. She pays the two gold for the **Statue**, worth **3 VP**.": (
        "Ann hat zwei Gold und ein Holz. Sie zahlt die zwei Gold für das **Standbild**, das **3 SP** wert ist.",
        "Ann a deux or et un bois. Elle paie les deux or pour la **Statue**, qui vaut **3 PV**.",
    ),
    "Ann builds the Statue.": (
        "Ann baut das Standbild.",
        "Ann construit la Statue.",
    ),
    "Cindy has two gold and one stone. She builds the **Guard Tower** for one gold and one stone (1 VP, and +1 in "
    "battle).": (
        "Cindy hat zwei Gold und einen Stein. Sie baut den **Wachturm** für ein Gold und einen Stein (1 SP und +1 "
        "in der Schlacht).",
        "Cindy a deux or et une pierre. Elle construit la **Tour de garde** pour un or et une pierre (1 PV, et +1 "
        "au combat).",
    ),
    "Cindy builds the Guard Tower.": (
        "Cindy baut den Wachturm.",
        "Cindy construit la Tour de garde.",
    ),
    "David spends two wood on the **Palisade**: no VP, but +1 in battle.": (
        "David gibt zwei Holz für die **Palisaden** aus: keine SP, aber +1 in der Schlacht.",
        "David dépense deux bois pour les **Palissades** : pas de PV, mais +1 au combat.",
    ),
    "David builds the Palisade.": (
        "David baut die Palisaden.",
        "David construit les Palissades.",
    ),
    'Brian pays a gold and a wood for the **Inn**: no VP, but a "+2" token every summer.': (
        "Brian zahlt ein Gold und ein Holz für die **Kneipe**: keine SP, aber jeden Sommer einen „+2“-Marker.",
        "Brian paie un or et un bois pour l'**Auberge** : pas de PV, mais un marqueur +2 chaque été.",
    ),
    "Brian builds the Inn.": (
        "Brian baut die Kneipe.",
        "Brian construit l'Auberge.",
    ),
    "Phase 3, **the King's Reward**: whoever has the most buildings gains 1 VP. They all have one, so all four gain "
    "1 VP. Then summer begins, played just like spring.": (
        "Phase 3, **die Belohnung des Königs**: Wer die meisten Gebäude hat, erhält 1 SP. Alle haben eines, also "
        "erhalten alle vier 1 SP. Dann beginnt der Sommer, der genau wie der Frühling abläuft.",
        "Phase 3, **la Récompense du Roi** : qui a le plus de bâtiments gagne 1 PV. Chacun en a un : les quatre "
        "gagnent 1 PV. Puis l'été commence, et se joue exactement comme le printemps.",
    ),
    'The white die, the "+2" token, and passing': (
        "Der weiße Würfel, der „+2“-Marker und das Passen",
        "Le dé blanc, le marqueur +2, et passer",
    ),
    'Year III: Cindy has the King\'s white die and a "+2" token.': (
        "Jahr III: Cindy hat den weißen Würfel des Königs und einen „+2“-Marker.",
        "Année III : Cindy a le dé blanc du roi et un marqueur +2.",
    ),
    "Year III. Ann has six buildings and no goods, Brian five and two goods, Cindy five and no goods, David six and "
    "one good. Cindy has the least, so she rolled the King's **white die** with her dice: 1, 2, 4 and a white 3.": (
        "Jahr III. Ann hat sechs Gebäude und keine Waren, Brian fünf und zwei Waren, Cindy fünf und keine Waren, "
        "David sechs und eine Ware. Cindy hat am wenigsten, also hat sie mit ihren Würfeln den **weißen Würfel** "
        "des Königs geworfen: 1, 2, 4 und eine weiße 3.",
        "Année III. Ann a six bâtiments et aucune ressource, Brian cinq et deux ressources, Cindy cinq et aucune "
        "ressource, David six et une ressource. Cindy a le moins : elle a lancé le **dé blanc** du roi avec ses dés "
        ": 1, 2, 4 et un 3 blanc.",
    ),
    "Her total, 10, is the lowest, so Cindy goes first, then Brian (16), Ann and David (17 each, Ann was ahead).": (
        "Ihre Summe, 10, ist die niedrigste, also ist Cindy zuerst dran, dann Brian (16), dann Ann und David (je "
        "17, Ann lag vorn).",
        "Son total, 10, est le plus bas : Cindy joue la première, puis Brian (16), Ann et David (17 chacun, Ann "
        "était devant).",
    ),
    "A white die counts like any die, but it must go **with at least one coloured die**. Cindy puts her **4 and "
    "white 3** on the **Astronomer (#7)**.": (
        "Ein weißer Würfel zählt wie jeder andere, muss aber **mit mindestens einem farbigen Würfel** gesetzt "
        "werden. Cindy setzt ihre **4 und die weiße 3** auf den **Astronomen (Nr. 7)**.",
        "Un dé blanc compte comme n'importe quel dé, mais il doit être placé **avec au moins un dé de couleur**. "
        "Cindy place son **4 et son 3 blanc** sur l'**Astronome (n° 7)**.",
    ),
    "Choose the 4 and the white 3, then the Astronomer (#7).": (
        "Wähle die 4 und die weiße 3, dann den Astronomen (Nr. 7).",
        "Choisissez le 4 et le 3 blanc, puis l'Astronome (n° 7).",
    ),
    "16: the **Wizard**, 4 gold.": (
        "16: der **Zauberer**, 4 Gold.",
        "16 : le **Sorcier**, 4 or.",
    ),
    "17: the **Queen**, 2 goods, 3 VP, a look at the enemy.": (
        "17: die **Königin**, 2 Waren, 3 SP und ein Blick auf den Feind.",
        "17 : la **Reine**, 2 ressources, 3 PV et un coup d'œil à l'ennemi.",
    ),
    'David\'s 12, the **Duchess**: 2 goods and a "+2" token.': (
        "Davids 12, die **Edelfrau**: 2 Waren und ein „+2“-Marker.",
        "Le 12 de David, la **Duchesse** : 2 ressources et un marqueur +2.",
    ),
    'Cindy\'s turn again. She has a **"+2" token**: once a season she may add one to a group. 2 + 1 + 2 = 5: the '
    "**Sergeant (#5)**, a soldier.": (
        "Cindy ist wieder dran. Sie hat einen **„+2“-Marker**: Einmal pro Jahreszeit darf sie einen zu einer "
        "Würfelgruppe legen. 2 + 1 + 2 = 5: der **Feldwebel (Nr. 5)**, ein Soldat.",
        "De nouveau le tour de Cindy. Elle a un **marqueur +2** : une fois par saison, elle peut en ajouter un à "
        "un groupe de dés. 2 + 1 + 2 = 5 : le **Sergent (n° 5)**, un soldat.",
    ),
    'Choose the 2 and the 1, switch on the "+2" token, then the Sergeant (#5).': (
        "Wähle die 2 und die 1, schalte den „+2“-Marker ein, dann den Feldwebel (Nr. 5).",
        "Choisissez le 2 et le 1, activez le marqueur +2, puis le Sergent (n° 5).",
    ),
    "David has a 5 left, and the Sergeant is taken. His Market could move it to #4 or #6, but he wants neither: he "
    "**passes**, and is done for this season.": (
        "David hat noch eine 5, und der Feldwebel ist besetzt. Sein Markt könnte daraus Nr. 4 oder Nr. 6 machen, "
        "aber er will keinen von beiden: Er **passt** und ist für diese Jahreszeit fertig.",
        "Il reste un 5 à David, et le Sergent est pris. Son Marché pourrait le porter au n° 4 ou au n° 6, mais il "
        "ne veut ni l'un ni l'autre : il **passe**, et a fini pour cette saison.",
    ),
    "David passes.": (
        "David passt.",
        "David passe.",
    ),
    "The King's Envoy": (
        "Der Gesandte des Königs",
        "L'Envoyé du Roi",
    ),
    "Given in summer to the least developed governor; used once to join a taken advisor or to build twice.": (
        "Der am wenigsten entwickelte Gouverneur erhält ihn im Sommer; mit ihm darf er einmal einen schon "
        "besetzten Berater beeinflussen oder in einer Jahreszeit zweimal bauen.",
        "Remis en été au gouverneur le moins développé ; il sert une fois, pour rejoindre un conseiller déjà pris "
        "ou pour construire deux fois.",
    ),
    "Year II, phase 5: the **King's Envoy**. Ann has five buildings and no goods, Brian four and two goods, Cindy "
    "four and one good, David four and none. **David** has developed least: the Envoy is his. (Had Cindy no goods "
    "either, nobody would have it this year.)": (
        "Jahr II, Phase 5: der **Gesandte des Königs**. Ann hat fünf Gebäude und keine Waren, Brian vier und zwei "
        "Waren, Cindy vier und eine Ware, David vier und keine. **David** ist am wenigsten entwickelt: Der Gesandte "
        "gehört ihm. (Hätte auch Cindy keine Waren, bekäme ihn dieses Jahr niemand.)",
        "Année II, phase 5 : l'**Envoyé du Roi**. Ann a cinq bâtiments et aucune ressource, Brian quatre et deux "
        "ressources, Cindy quatre et une ressource, David quatre et aucune. **David** est le moins développé : "
        "l'Envoyé est pour lui. (Si Cindy n'avait pas de ressource non plus, personne ne l'aurait cette année.)",
    ),
    "He may use it **once**, in any productive season: to influence an advisor someone already took, or to build "
    "twice in one season. Unused, it goes back at next year's phase 5.": (
        "Er darf ihn **einmal** einsetzen, in einer beliebigen Produktionsphase: um einen Berater zu beeinflussen, "
        "den schon jemand besetzt hat, oder um in einer Jahreszeit zweimal zu bauen. Unbenutzt geht er in Phase 5 "
        "des nächsten Jahres zurück.",
        "Il peut l'utiliser **une fois**, lors de n'importe quelle saison productive : pour influencer un "
        "conseiller déjà pris, ou pour construire deux fois dans la même saison. S'il ne s'en sert pas, il le rend "
        "à la phase 5 de l'année suivante.",
    ),
    "Autumn. Brian put a **3** on the **Architect (#3)** first. Now David has only a 3 left, and the Architect is "
    "taken: he calls on the **Envoy** and places his die **with Brian's**.": (
        "Herbst. Brian hat als Erster eine **3** auf den **Baumeister (Nr. 3)** gesetzt. Jetzt hat David nur noch "
        "eine 3, und der Baumeister ist besetzt: Er ruft den **Gesandten** zu Hilfe und setzt seinen Würfel **zu "
        "Brians**.",
        "Automne. Brian a d'abord placé un **3** sur l'**Architecte (n° 3)**. Il ne reste à David qu'un 3, et "
        "l'Architecte est pris : il fait appel à l'**Envoyé** et place son dé **avec celui de Brian**.",
    ),
    "Choose David's 3, switch on the Envoy, then the Architect (#3).": (
        "Wähle Davids 3, schalte den Gesandten ein, dann den Baumeister (Nr. 3).",
        "Choisissez le 3 de David, activez l'Envoyé, puis l'Architecte (n° 3).",
    ),
    "This season the Architect helps twice: Brian **and** David each get a wood. The Envoy goes back to the board.": (
        "In dieser Jahreszeit hilft der Baumeister zweimal: Brian **und** David erhalten je ein Holz. Der Gesandte "
        "kommt zurück auf den Spielplan.",
        "Cette saison, l'Architecte aide deux fois : Brian **et** David reçoivent chacun un bois. L'Envoyé retourne "
        "sur le plateau.",
    ),
    "The Envoy's double build": (
        "Doppelt bauen mit dem Gesandten",
        "La double construction de l'Envoyé",
    ),
    "David builds the Barricade and the Blacksmith in one season.": (
        "David baut in einer Jahreszeit die Barrikade und die Schmiede.",
        "David construit la Barricade et le Forgeron dans la même saison.",
    ),
    "Summer. David holds the King's Envoy. This season nobody influences an advisor: everyone passes, straight to "
    "the building step.": (
        "Sommer. David hat den Gesandten des Königs. In dieser Jahreszeit beeinflusst niemand einen Berater: Alle "
        "passen, und es geht direkt zum Bauen.",
        "Été. David détient l'Envoyé du Roi. Cette saison, personne n'influence de conseiller : tout le monde "
        "passe, et l'on passe directement à la construction.",
    ),
    "David has one gold and three wood: enough for two buildings, but only one is allowed a season. First he builds "
    "the **Barricade** (one wood).": (
        "David hat ein Gold und drei Holz: genug für zwei Gebäude, aber erlaubt ist nur eines pro Jahreszeit. "
        "Zuerst baut er die **Barrikade** (ein Holz).",
        "David a un or et trois bois : assez pour deux bâtiments, mais un seul est permis par saison. Il construit "
        "d'abord la **Barricade** (un bois).",
    ),
    "David builds the Barricade first.": (
        "David baut zuerst die Barrikade.",
        "David construit d'abord la Barricade.",
    ),
    "Then he calls on the Envoy for a **second building**: the **Blacksmith** (one gold, two wood). The Envoy goes "
    "back to the board.": (
        "Dann ruft er den Gesandten für ein **zweites Gebäude** zu Hilfe: die **Schmiede** (ein Gold, zwei Holz). "
        "Der Gesandte kommt zurück auf den Spielplan.",
        "Puis il fait appel à l'Envoyé pour un **second bâtiment** : le **Forgeron** (un or, deux bois). L'Envoyé "
        "retourne sur le plateau.",
    ),
    "Build the Blacksmith with the Envoy.": (
        "Baue die Schmiede mit dem Gesandten.",
        "Construisez le Forgeron avec l'Envoyé.",
    ),
    "Recruiting and the battle against the Goblins": (
        "Soldaten anwerben und die Schlacht gegen die Goblins",
        "Le recrutement et la bataille contre les Gobelins",
    ),
    "Soldiers for two goods each; the King's die; buildings' battle bonuses; victory, draw and defeat.": (
        "Soldaten für je zwei Waren; der Würfel des Königs; die Kampfboni der Gebäude; Sieg, Unentschieden und "
        "Niederlage.",
        "Des soldats pour deux ressources chacun ; le dé du roi ; les bonus de combat des bâtiments ; victoire, "
        "égalité et défaite.",
    ),
    "Phase 7, **recruiting soldiers**: in turn order, each governor may hire soldiers for **two goods each** (any "
    "two).": (
        "Phase 7, **Soldaten anwerben**: In Spielreihenfolge darf jeder Gouverneur Soldaten für **je zwei Waren** "
        "(beliebige) anwerben.",
        "Phase 7, **le recrutement** : dans l'ordre du tour, chaque gouverneur peut recruter des soldats pour "
        "**deux ressources chacun** (deux quelconques).",
    ),
    "Brian has two gold, a wood and a stone. He hires **one soldier** with the two gold.": (
        "Brian hat zwei Gold, ein Holz und einen Stein. Er wirbt mit den zwei Gold **einen Soldaten** an.",
        "Brian a deux or, un bois et une pierre. Il recrute **un soldat** avec les deux or.",
    ),
    "Brian pays gold and gold for one soldier.": (
        "Brian zahlt Gold und Gold für einen Soldaten.",
        "Brian paie or et or pour un soldat.",
    ),
    "He keeps his wood and stone, and **passes**. Nobody else has goods to pay with.": (
        "Sein Holz und seinen Stein behält er und **passt**. Sonst hat niemand Waren, um zu bezahlen.",
        "Il garde son bois et sa pierre, et **passe**. Personne d'autre n'a de ressources pour payer.",
    ),
    "Brian passes: he is done recruiting.": (
        "Brian passt: Er ist mit dem Anwerben fertig.",
        "Brian passe : il a fini de recruter.",
    ),
    "**Winter** comes at once. The enemy card is turned over: **Goblins, strength 3**. Ann, first in turn order, "
    "rolls the **King's die**: a 1. The King sends **1 soldier** to everyone.": (
        "Sofort kommt der **Winter**. Die Feindeskarte wird aufgedeckt: **Goblins, Stärke 3**. Ann, die Erste in "
        "der Spielreihenfolge, wirft den **Würfel des Königs**: eine 1. Der König schickt jedem **1 Soldaten**.",
        "L'**hiver** arrive aussitôt. La carte Ennemi est retournée : **Gobelins, force 3**. Ann, première dans "
        "l'ordre du tour, lance le **dé du roi** : un 1. Le roi envoie **1 soldat** à chacun.",
    ),
    "Goblins: 3": (
        "Goblins: 3",
        "Gobelins : 3",
    ),
    "+1 soldier each": (
        "+1 Soldat für jeden",
        "+1 soldat chacun",
    ),
    "Each governor fights alone: their soldiers, the King's, and their buildings' bonuses. Ann: no soldier of her "
    "own, +1 from the King, +1 Palisade, +1 Barricade (against Goblins) = **3**: a draw, nothing won or lost. "
    "Brian: his 1 soldier +1 from the King +1 Guard Tower = **3**: a draw too.": (
        "Jeder Gouverneur kämpft allein: mit seinen Soldaten, denen des Königs und den Boni seiner Gebäude. Ann: "
        "kein eigener Soldat, +1 vom König, +1 Palisaden, +1 Barrikade (gegen Goblins) = **3**: unentschieden, "
        "nichts gewonnen, nichts verloren. Brian: sein 1 Soldat +1 vom König +1 Wachturm = **3**: ebenfalls "
        "unentschieden.",
        "Chaque gouverneur combat seul : ses soldats, ceux du roi et les bonus de ses bâtiments. Ann : aucun soldat "
        "à elle, +1 du roi, +1 Palissades, +1 Barricade (contre les Gobelins) = **3** : égalité, rien de gagné ni de "
        "perdu. Brian : son soldat +1 du roi +1 Tour de garde = **3** : égalité aussi.",
    ),
    "3 = 3: draw": (
        "3 = 3: unentschieden",
        "3 = 3 : égalité",
    ),
    "Cindy: +1 from the King +1 Guard Tower +1 Blacksmith +1 Barricade = **4**: she **wins** the Goblins' reward, a "
    "stone, and as the strongest winner **1 bonus VP**.": (
        "Cindy: +1 vom König +1 Wachturm +1 Schmiede +1 Barrikade = **4**: Sie **gewinnt** die Belohnung der "
        "Goblins, einen Stein, und als stärkste Siegerin **1 Bonus-SP**.",
        "Cindy : +1 du roi +1 Tour de garde +1 Forgeron +1 Barricade = **4** : elle **remporte** la récompense des "
        "Gobelins, une pierre, et, en tant que vainqueur le plus fort, **1 PV de bonus**.",
    ),
    "4 > 3: victory": (
        "4 > 3: Sieg",
        "4 > 3 : victoire",
    ),
    "David: +1 from the King +1 Barricade = **2**: **defeated**. He should lose a gold but has none. The Goblins "
    "also **destroy a building**: the one in his rightmost column, the top one there: the **Crane**, and its 1 VP "
    "with it. (Had he a Market, the Market would go.)": (
        "David: +1 vom König +1 Barrikade = **2**: **besiegt**. Er müsste ein Gold abgeben, hat aber keines. Die "
        "Goblins **zerstören** außerdem **ein Gebäude**: in seiner Spalte ganz rechts das oberste, den **Kran**, "
        "und mit ihm dessen 1 SP. (Hätte er einen Markt, wäre es der Markt.)",
        "David : +1 du roi +1 Barricade = **2** : **vaincu**. Il devrait perdre un or, mais n'en a pas. Les "
        "Gobelins **détruisent** aussi **un bâtiment** : dans sa colonne la plus à droite, celui du haut, la "
        "**Grue**, et son 1 PV avec elle. (S'il avait un Marché, ce serait le Marché.)",
    ),
    "2 < 3: defeat": (
        "2 < 3: Niederlage",
        "2 < 3 : défaite",
    ),
    "After the battle, on the board: Cindy's stone and bonus VP, and David's sheet without the Crane.": (
        "Nach der Schlacht, auf dem Spielplan: Cindys Stein und Bonus-SP und Davids Provinzkarte ohne den Kran.",
        "Après la bataille, sur le plateau : la pierre et le PV de bonus de Cindy, et le plateau de David sans la "
        "Grue.",
    ),
    "All soldiers go home, and the year ends: the year marker moves on and the calendar starts again at the Aid "
    "from the King. The year's review sums it up: who gained VP, and from what.": (
        "Alle Soldaten gehen nach Hause, und das Jahr endet: Der Jahresmarker rückt weiter, und der Kalender "
        "beginnt wieder bei der Königlichen Hilfe. Der Jahresrückblick fasst zusammen, wer SP gewonnen hat und "
        "wodurch.",
        "Tous les soldats rentrent chez eux, et l'année s'achève : le marqueur d'année avance et le calendrier "
        "reprend à l'Aide du Roi. Le bilan de l'année résume qui a gagné des PV, et grâce à quoi.",
    ),
    "The end of the game, and the winner": (
        "Das Spielende und der Sieger",
        "La fin de la partie, et le vainqueur",
    ),
    "After the fifth winter the most VP wins; ties go to the most goods, then the most buildings.": (
        "Nach dem fünften Winter gewinnt, wer die meisten SP hat; bei Gleichstand entscheiden die meisten Waren, "
        "dann die meisten Gebäude.",
        "Après le cinquième hiver, le plus de PV l'emporte ; en cas d'égalité, le plus de ressources, puis le plus "
        "de bâtiments.",
    ),
    "Year V, the last. After each winter the year ends; after the **fifth** winter the game ends and the most "
    "**VP** wins. Ann, Brian and David have 20 VP, Cindy 18.": (
        "Jahr V, das letzte. Nach jedem Winter endet das Jahr; nach dem **fünften** Winter endet die Partie, und "
        "wer die meisten **SP** hat, gewinnt. Ann, Brian und David haben 20 SP, Cindy 18.",
        "Année V, la dernière. Après chaque hiver, l'année s'achève ; après le **cinquième** hiver, la partie "
        "s'achève et le plus de **PV** l'emporte. Ann, Brian et David ont 20 PV, Cindy 18.",
    ),
    "Ann has a single gold: too little for a soldier. Brian hires **one soldier** with two gold and keeps his wood.": (
        "Ann hat nur ein Gold: zu wenig für einen Soldaten. Brian wirbt mit zwei Gold **einen Soldaten** an und "
        "behält sein Holz.",
        "Ann n'a qu'un or : trop peu pour un soldat. Brian recrute **un soldat** avec deux or et garde son bois.",
    ),
    "Brian has one good left, too few for another soldier, so his turn ends. Cindy could pay with her four stone, "
    "but she keeps them: she **passes**.": (
        "Brian bleibt nur eine Ware, zu wenig für einen weiteren Soldaten, also endet sein Zug. Cindy könnte mit "
        "ihren vier Stein bezahlen, behält sie aber: Sie **passt**.",
        "Il ne reste qu'une ressource à Brian, trop peu pour un autre soldat : son tour s'achève. Cindy pourrait "
        "payer avec ses quatre pierres, mais elle les garde : elle **passe**.",
    ),
    "Cindy passes.": (
        "Cindy passt.",
        "Cindy passe.",
    ),
    "Winter: **Barbarians, strength 7**; the King's die gives everyone **6** soldiers. Ann 6 + 1 (Guard Tower) = 7 "
    "and Cindy 7 (the Church counts only against Demons): draws. Brian 6 + 1 + 1 = 8 and David 6 + 1 + 1 (Guard "
    "Tower, Blacksmith) = 8: both **win** 1 VP, and as the strongest winners 1 bonus VP each.": (
        "Winter: **Barbaren, Stärke 7**; der Würfel des Königs gibt allen **6** Soldaten. Ann 6 + 1 (Wachturm) = 7 "
        "und Cindy 7 (die Kirche zählt nur gegen Dämonen): unentschieden. Brian 6 + 1 + 1 = 8 und David 6 + 1 + 1 "
        "(Wachturm, Schmiede) = 8: Beide **gewinnen** 1 SP und als stärkste Sieger je 1 Bonus-SP.",
        "Hiver : **Barbares, force 7** ; le dé du roi donne **6** soldats à chacun. Ann 6 + 1 (Tour de garde) = 7 "
        "et Cindy 7 (l'Église ne compte que contre les Démons) : égalités. Brian 6 + 1 + 1 = 8 et David 6 + 1 + 1 "
        "(Tour de garde, Forgeron) = 8 : tous deux **gagnent** 1 PV et, vainqueurs les plus forts, 1 PV de bonus "
        "chacun.",
    ),
    "8 > 7": (
        "8 > 7",
        "8 > 7",
    ),
    "Brian and David both end with **22 VP**. A tie goes to the **most goods left**: Brian has a wood, David "
    "nothing, so **Brian wins**. (Still tied: the most buildings; then they share the victory.)": (
        "Brian und David beenden die Partie beide mit **22 SP**. Bei Gleichstand gewinnt, wer **die meisten Waren "
        "übrig** hat: Brian hat ein Holz, David nichts, also **gewinnt Brian**. (Bei erneutem Gleichstand zählen "
        "die meisten Gebäude; danach teilen sie sich den Sieg.)",
        "Brian et David finissent tous deux avec **22 PV**. L'égalité se départage au **plus de ressources "
        "restantes** : Brian a un bois, David rien, donc **Brian gagne**. (Toujours à égalité : le plus de "
        "bâtiments ; sinon, ils se partagent la victoire.)",
    ),
    "The Statue and the Chapel": (
        "Das Standbild und die Kapelle",
        "La Statue et la Chapelle",
    ),
    "Rerolls after rolling: one die when all match, all dice when the total is 7 or less.": (
        "Nachwürfeln: ein Würfel, wenn alle gleich sind, alle Würfel, wenn die Summe 7 oder weniger beträgt.",
        "Relancer après le lancer : un dé quand tous sont identiques, tous les dés quand le total est de 7 ou moins.",
    ),
    "A two-player game: before the players roll, dice of an unused colour block two advisors this season (grey, "
    "with ✕).": (
        "Eine Partie zu zweit: Bevor die Spieler würfeln, blockieren Würfel einer unbenutzten Farbe in dieser "
        "Jahreszeit zwei Berater (grau, mit ✕).",
        "Une partie à deux joueurs : avant que les joueurs lancent leurs dés, des dés d'une couleur inutilisée "
        "bloquent deux conseillers pour cette saison (gris, avec ✕).",
    ),
    "Ann owns the Statue and the Chapel, and rolled **2, 2, 2** and a white **2** (the Farms give her a white die). "
    "All dice match, so the **Statue** lets her reroll one. (Not the Chapel: the total is 8.)": (
        "Ann besitzt das Standbild und die Kapelle und hat **2, 2, 2** und eine weiße **2** gewürfelt (der Bauernhof "
        "gibt ihr einen weißen Würfel). Alle Würfel sind gleich, also darf sie dank dem **Standbild** einen davon neu "
        "werfen. (Nicht die Kapelle: Die Summe ist 8.)",
        "Ann possède la Statue et la Chapelle, et a obtenu **2, 2, 2** et un **2** blanc (la Ferme lui donne un dé "
        "blanc). Tous les dés sont identiques : la **Statue** lui permet d'en relancer un. (Pas la Chapelle : le "
        "total est de 8.)",
    ),
    "Use the Statue: reroll one coloured die.": (
        "Nutze das Standbild: Wirf einen farbigen Würfel neu.",
        "Utilisez la Statue : relancez un dé de couleur.",
    ),
    "The reroll gives a **1**: the total is now 7, so the **Chapel** lets her reroll **all** her dice.": (
        "Der neue Wurf ergibt eine **1**: Die Summe ist jetzt 7, also darf sie dank der **Kapelle** **alle** ihre "
        "Würfel neu werfen.",
        "La relance donne un **1** : le total est maintenant de 7, donc la **Chapelle** lui permet de relancer "
        "**tous** ses dés.",
    ),
    "Use the Chapel: reroll everything.": (
        "Nutze die Kapelle: Wirf alles neu.",
        "Utilisez la Chapelle : relancez tout.",
    ),
    "She rolls 3, 3, 3 and a white 3. All match again, but each building works once a season: no more rerolls.": (
        "Sie wirft 3, 3, 3 und eine weiße 3. Wieder sind alle gleich, aber jedes Gebäude wirkt nur einmal pro "
        "Jahreszeit: kein weiteres Nachwürfeln.",
        "Elle obtient 3, 3, 3 et un 3 blanc. Tous identiques à nouveau, mais chaque bâtiment ne sert qu'une fois "
        "par saison : plus de relance.",
    ),
    "The Market": (
        "Der Markt",
        "Le Marché",
    ),
    "Once a season, influence the advisor one above or one below your dice total.": (
        "Einmal pro Jahreszeit den Berater beeinflussen, dessen Zahl eins über oder eins unter deiner Augensumme "
        "liegt.",
        "Une fois par saison, influencer le conseiller juste au-dessus ou juste en dessous du total de vos dés.",
    ),
    "With a **Market**, a group of dice totalling 9 may influence #8 or #10 as well as #9, without changing the "
    "dice. Once a season.": (
        "Mit einem **Markt** darf eine Würfelgruppe mit der Summe 9 außer Nr. 9 auch Nr. 8 oder Nr. 10 "
        "beeinflussen, ohne die Würfel zu ändern. Einmal pro Jahreszeit.",
        "Avec un **Marché**, un groupe de dés totalisant 9 peut influencer le n° 8 ou le n° 10 aussi bien que le n° "
        "9, sans changer les dés. Une fois par saison.",
    ),
    "9 − 1": (
        "9 − 1",
        "9 − 1",
    ),
    "9 + 1": (
        "9 + 1",
        "9 + 1",
    ),
    "Ann rolled 4, 5 and 1. She puts her **5 and 4** (9) on the **General (#10)** with her Market.": (
        "Ann hat 4, 5 und 1 gewürfelt. Mit ihrem Markt setzt sie ihre **5 und 4** (9) auf den **Heerführer (Nr. 10)**.",
        "Ann a obtenu 4, 5 et 1. Elle place son **5 et son 4** (9) sur le **Général (n° 10)** grâce à son Marché.",
    ),
    "Choose 5 and 4, switch on the Market, then the General (#10).": (
        "Wähle 5 und 4, schalte den Markt ein, dann den Heerführer (Nr. 10).",
        "Choisissez 5 et 4, activez le Marché, puis le Général (n° 10).",
    ),
    "The Crane": (
        "Der Kran",
        "La Grue",
    ),
    "Buildings in the third and fourth columns cost one gold less.": (
        "Gebäude der dritten und vierten Spalte kosten ein Gold weniger.",
        "Les bâtiments des troisième et quatrième colonnes coûtent un or de moins.",
    ),
    "Ann owns the **Crane**: buildings in columns III and IV cost her one gold less. (This spring both players pass "
    "without influencing anyone, straight to building.)": (
        "Ann besitzt den **Kran**: Gebäude in den Spalten III und IV kosten sie ein Gold weniger. (In diesem "
        "Frühling passen beide Spieler, ohne jemanden zu beeinflussen; es geht direkt zum Bauen.)",
        "Ann possède la **Grue** : les bâtiments des colonnes III et IV lui coûtent un or de moins. (Ce printemps, "
        "les deux joueurs passent sans influencer personne : on passe directement à la construction.)",
    ),
    "The Farms cost two gold, three wood and a stone; with the Crane, **one gold**, three wood and a stone: just "
    "what Ann has. She builds them.": (
        "Der Bauernhof kostet zwei Gold, drei Holz und einen Stein; mit dem Kran **ein Gold**, drei Holz und einen "
        "Stein: genau das, was Ann hat. Sie baut ihn.",
        "La Ferme coûte deux or, trois bois et une pierre ; avec la Grue, **un or**, trois bois et une pierre : "
        "exactement ce qu'a Ann. Elle la construit.",
    ),
    "Build the Farms.": (
        "Baue den Bauernhof.",
        "Construisez la Ferme.",
    ),
}


if __name__ == "__main__":
    raise SystemExit(main())
