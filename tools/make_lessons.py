"""Write the built-in tutorial, ``kingsburg/lessons/*.json``, from the rulebook's worked examples.

    python tools/make_lessons.py          # rewrite the files (tests/engine/test_lessons.py checks they are current)

Every starting position is written by the engine itself (``game.position()``) from a game that got there by play:
the opening is a scripted new game (turn order, enemies and dice fixed), and each lesson of the first spring
starts where the one before ended. Examples that start elsewhere in the game begin at the start of a phase (the
situation the rulebook describes), which the engine then plays up to the first decision.
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
    }
    lesson_from_dict(json.loads(json.dumps(d)))  # raises InvalidLesson naming the step
    for step in steps:
        moves = step.get("expect", [])
        scripted = [m["move"] if isinstance(m, dict) else m for m in step.get("play", [])]
        for move in ([moves] if isinstance(moves, str) else moves)[:1] + scripted:
            game.apply(move)
    return d


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


def text_of(d: dict) -> str:
    return json.dumps(d, indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    OUT.mkdir(exist_ok=True)
    for name, d in build_all().items():
        (OUT / f"{name}.json").write_text(text_of(d), encoding="utf-8")
        print(f"{name}: {len(d['steps'])} steps")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
