"""The game's components as data: advisors, buildings, enemy cards.

Values come from ``shared/rules/components.md`` (first edition). Behaviour lives in the rules modules; this
module says what each card *is* and what is printed on it (a building's cost with the Crane, which building a
defeat takes, a building's short effect).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .i18n import N_, _, ngettext

GOODS: tuple[str, ...] = ("gold", "wood", "stone")
ROMAN = ("", "I", "II", "III", "IV", "V")


@dataclass(frozen=True, slots=True)
class Advisor:
    """An advisor of the King's court and the gift it gives, as data.

    A gift gives ``goods`` (fixed), plus either one of ``bundles`` or ``any`` goods of the player's choice,
    plus "+2" tokens, soldiers and VP; ``look`` lets the player see the top enemy card. The Alchemist's trade is
    the one gift with behaviour of its own (``trade``).
    """

    number: int
    name: str
    text: str  # the rulebook's wording, for tooltips
    goods: tuple[str, ...] = ()
    bundles: tuple[tuple[str, ...], ...] = ()
    any: int = 0
    tokens: int = 0
    soldiers: int = 0
    vp: int = 0
    look: bool = False
    trade: bool = False


G, W, S = "gold", "wood", "stone"
ADVISORS: tuple[Advisor, ...] = (
    Advisor(1, N_("Jester"), N_("Gain 1 VP."), vp=1),
    Advisor(2, N_("Squire"), N_("Take 1 gold."), goods=(G,)),
    Advisor(3, N_("Architect"), N_("Take 1 wood."), goods=(W,)),
    Advisor(4, N_("Merchant"), N_("Take 1 wood OR 1 gold."), bundles=((G,), (W,))),
    Advisor(5, N_("Sergeant"), N_("Recruit 1 soldier."), soldiers=1),
    Advisor(6, N_("Alchemist"), N_("Trade 1 good of your choice for one of each of the other two."), trade=True),
    Advisor(7, N_("Astronomer"), N_('Take 1 good of your choice AND 1 "+2" token.'), any=1, tokens=1),
    Advisor(8, N_("Treasurer"), N_("Take 2 gold."), goods=(G, G)),
    Advisor(9, N_("Master Hunter"), N_("Take 1 wood and 1 gold OR 1 wood and 1 stone."), bundles=((G, W), (W, S))),
    Advisor(
        10, N_("General"), N_("Recruit 2 soldiers AND secretly look at the top enemy card."), soldiers=2, look=True
    ),
    Advisor(11, N_("Swordsmith"), N_("Take 1 stone and 1 wood OR 1 stone and 1 gold."), bundles=((W, S), (G, S))),
    Advisor(12, N_("Duchess"), N_('Take 2 goods of your choice AND 1 "+2" token.'), any=2, tokens=1),
    Advisor(13, N_("Champion"), N_("Take 3 stone."), goods=(S, S, S)),
    Advisor(14, N_("Smuggler"), N_("Pay 1 VP to take 3 goods of your choice."), any=3, vp=-1),
    Advisor(15, N_("Inventor"), N_("Take 1 gold, 1 wood and 1 stone."), goods=(G, W, S)),
    Advisor(16, N_("Wizard"), N_("Take 4 gold."), goods=(G, G, G, G)),
    Advisor(
        17,
        N_("Queen"),
        N_("Take 2 goods of your choice, secretly look at the top enemy card AND gain 3 VP."),
        any=2,
        vp=3,
        look=True,
    ),
    Advisor(18, N_("King"), N_("Take 1 gold, 1 wood and 1 stone AND recruit 1 soldier."), goods=(G, W, S), soldiers=1),
)


def advisor(number: int) -> Advisor:
    return ADVISORS[number - 1]


@dataclass(frozen=True, slots=True)
class Building:
    index: int  # 0..19, row-major on the province sheet
    slug: str  # the name in the action notation
    name: str
    row: int  # 1..5
    col: int  # 1..4
    gold: int
    wood: int
    stone: int
    vp: int
    battle: int
    battle_vs: tuple[tuple[str, int], ...] = ()  # enemy type -> modifier replacing ``battle``
    effect: str = ""  # the rulebook's words
    short: str = ""  # the effect in a few words, as a tile shows it ("" for battle-only buildings)

    @property
    def cost(self) -> tuple[int, int, int]:
        return (self.gold, self.wood, self.stone)

    def cost_with(self, crane: bool) -> tuple[int, int, int]:
        """Gold, wood and stone to pay for it: the Crane takes 1 gold off columns III and IV."""
        if crane and self.col >= 3 and self.gold:
            return (self.gold - 1, self.wood, self.stone)
        return (self.gold, self.wood, self.stone)

    def battle_against(self, enemy_type: str) -> int:
        for kind, value in self.battle_vs:
            if kind == enemy_type:
                return value
        return self.battle


def _b(
    i: int, name: str, g: int, w: int, s: int, vp: int, battle: int, effect: str, vs: tuple[tuple[str, int], ...] = ()
) -> Building:
    slug = name.lower().replace("'", "").replace(" ", "-")
    return Building(i, slug, name, i // 4 + 1, i % 4 + 1, g, w, s, vp, battle, vs, effect, _SHORT.get(name, ""))


_SHORT = {
    "Statue": N_("All dice alike: reroll one"),
    "Chapel": N_("Dice total 7 or less: reroll all"),
    "Cathedral": N_("Game end: 1 VP per 2 goods"),
    "Inn": N_('"+2" token every summer'),
    "Market": N_("Advisor ±1, once a season"),
    "Farms": N_("Extra white die every season"),
    "Merchants' Guild": N_("1 gold every season"),
    "Barracks": N_("Soldiers cost 1 good"),
    "Stables": N_("+1 soldier from advisors"),
    "Stone Wall": N_("A tie with the enemy wins"),
    "Fortress": N_("+1 VP when you win a battle"),
    "Crane": N_("Columns III–IV: 1 gold less"),
    "Town Hall": N_('Season end: a "+2" or a good → 1 VP'),
    "Embassy": N_("1 VP every season"),
}


BUILDINGS: tuple[Building, ...] = (
    _b(0, N_("Statue"), 2, 0, 0, 3, 0, N_("After rolling, if all your dice show the same number, reroll one of them.")),
    _b(1, N_("Chapel"), 3, 0, 1, 5, 0, N_("After rolling, if your dice total 7 or less, reroll all of them.")),
    _b(2, N_("Church"), 3, 1, 2, 7, 0, N_("+1 in battle against Demons."), (("Demons", 1),)),
    _b(3, N_("Cathedral"), 5, 0, 3, 9, 0, N_("At the end of the game, 1 VP for every 2 goods you own.")),
    _b(4, N_("Inn"), 1, 1, 0, 0, 0, N_('At the end of every summer, take a "+2" token.')),
    _b(5, N_("Market"), 2, 2, 0, 1, 0, N_("Once a season, influence an advisor 1 above or 1 below your dice total.")),
    _b(6, N_("Farms"), 2, 3, 1, 2, -1, N_("Roll an extra white die every productive season. -1 in battle.")),
    _b(7, N_("Merchants' Guild"), 3, 1, 2, 4, 0, N_("At the start of every productive season, take 1 gold.")),
    _b(8, N_("Guard Tower"), 1, 0, 1, 1, 1, N_("+1 in battle.")),
    _b(9, N_("Blacksmith"), 1, 2, 0, 2, 1, N_("+1 in battle.")),
    _b(10, N_("Barracks"), 2, 2, 1, 4, 0, N_("Recruit soldiers for 1 good each instead of 2.")),
    _b(11, N_("Wizards' Guild"), 3, 2, 2, 6, 2, N_("+2 in battle.")),
    _b(12, N_("Palisade"), 0, 2, 0, 0, 1, N_("+1 in battle (+2 against Zombies)."), (("Zombies", 2),)),
    _b(13, N_("Stables"), 1, 1, 1, 2, 0, N_("One extra soldier from every advisor that recruits soldiers.")),
    _b(14, N_("Stone Wall"), 2, 0, 2, 2, 1, N_("+1 in battle. A tie with the enemy is a win.")),
    _b(15, N_("Fortress"), 3, 0, 2, 4, 1, N_("+1 in battle. 1 extra VP when you win a battle.")),
    _b(16, N_("Barricade"), 0, 1, 0, 0, 0, N_("+1 in battle against Goblins."), (("Goblins", 1),)),
    _b(17, N_("Crane"), 0, 1, 1, 1, 0, N_("Buildings in columns III and IV cost you 1 gold less.")),
    _b(
        18,
        N_("Town Hall"),
        2,
        1,
        1,
        2,
        0,
        N_('At the end of every productive season, pay a "+2" token or a good for 1 VP.'),
    ),
    _b(
        19,
        N_("Embassy"),
        2,
        2,
        2,
        4,
        0,
        N_("At the end of every productive season, gain 1 VP (also the season you build it)."),
    ),
)

BUILDING_BY_SLUG: dict[str, Building] = {b.slug: b for b in BUILDINGS}


def _index(name: str) -> int:
    return next(b.index for b in BUILDINGS if b.name == name)


# Buildings whose behaviour the rules modules look up by name.
STATUE, CHAPEL, CATHEDRAL = _index("Statue"), _index("Chapel"), _index("Cathedral")
INN, MARKET, FARMS, MERCHANTS_GUILD = _index("Inn"), _index("Market"), _index("Farms"), _index("Merchants' Guild")
BARRACKS, STABLES, STONE_WALL, FORTRESS = (
    _index("Barracks"),
    _index("Stables"),
    _index("Stone Wall"),
    _index("Fortress"),
)
CRANE, TOWN_HALL, EMBASSY = _index("Crane"), _index("Town Hall"), _index("Embassy")


def building_lost(built: Sequence[bool]) -> Building | None:
    """The building a defeat destroys, given which buildings are owned (by index): the topmost one of the
    rightmost column that holds any."""
    for col in (4, 3, 2, 1):
        for row in range(5):
            b = BUILDINGS[row * 4 + col - 1]
            if built[b.index]:
                return b
    return None


@dataclass(frozen=True, slots=True)
class Enemy:
    id: str  # "III-2": year and position in that year's stack
    year: int
    type: str
    strength: int
    lose: dict[str, int] = field(default_factory=dict)  # gold/wood/stone/any/vp/buildings
    gain: dict[str, int] = field(default_factory=dict)  # gold/wood/stone/any/vp

    @property
    def name(self) -> str:
        """The card's name in English, as saves and the notation's words know it: "Goblins (3)"."""
        return f"{self.type} ({self.strength})"

    def title(self) -> str:
        """The card's name in the reader's language."""
        return _("{enemy} ({strength})").format(enemy=_(self.type), strength=self.strength)

    def describe(self) -> str:
        return _("{enemy}, strength {strength}. Defeat: {defeat}. Victory: {victory}.").format(
            enemy=_(self.type), strength=self.strength, defeat=_terms(self.lose), victory=_terms(self.gain)
        )


# The enemy types' names, for the catalogue (the cards below name them in English).
ENEMY_TYPE_NAMES = (N_("Barbarians"), N_("Goblins"), N_("Orcs"), N_("Zombies"), N_("Demons"), N_("Dragon"))


def count_of(key: str, n: int) -> str:
    """``n`` of a good, of goods of one's choice, of VP or of buildings, in words: "2 gold", "1 building". One
    message per word, so that each language makes its own plural (and its own word order)."""
    if key == "gold":
        return ngettext("{n} gold", "{n} gold", n).format(n=n)
    if key == "wood":
        return ngettext("{n} wood", "{n} wood", n).format(n=n)
    if key == "stone":
        return ngettext("{n} stone", "{n} stone", n).format(n=n)
    if key == "any":
        return ngettext("{n} good of your choice", "{n} goods of your choice", n).format(n=n)
    if key == "vp":
        return ngettext("{n} VP", "{n} VP", n).format(n=n)
    if key == "buildings":
        return ngettext("{n} building", "{n} buildings", n).format(n=n)
    raise ValueError(f"no count of {key!r}")


def _terms(terms: dict[str, int]) -> str:
    return ", ".join(count_of(key, n) for key, n in terms.items()) or _("nothing")


def _enemies() -> tuple[Enemy, ...]:
    rows = [
        # year, type, strength, defeat, victory
        (1, "Barbarians", 2, {"any": 1, "buildings": 1}, {"gold": 1}),
        (1, "Goblins", 2, {"wood": 1, "stone": 1, "vp": 1, "buildings": 1}, {"wood": 1}),
        (1, "Goblins", 3, {"gold": 1, "buildings": 1}, {"stone": 1}),
        (1, "Orcs", 3, {"any": 2, "vp": 1}, {"gold": 1}),
        (1, "Zombies", 4, {"vp": 2}, {"vp": 1}),
        (2, "Goblins", 3, {"wood": 2, "stone": 2, "vp": 1, "buildings": 1}, {"wood": 1}),
        (2, "Goblins", 4, {"gold": 2, "buildings": 1}, {"stone": 1}),
        (2, "Orcs", 4, {"any": 2, "buildings": 1}, {"gold": 1}),
        (2, "Barbarians", 5, {"any": 2, "vp": 1}, {"gold": 1}),
        (2, "Zombies", 5, {"vp": 2}, {"vp": 1}),
        (3, "Goblins", 4, {"wood": 3, "stone": 3, "vp": 1, "buildings": 1}, {"wood": 1}),
        (3, "Goblins", 5, {"gold": 3, "buildings": 1}, {"stone": 1}),
        (3, "Orcs", 5, {"any": 2, "buildings": 1}, {"gold": 1}),
        (3, "Zombies", 6, {"vp": 2}, {"vp": 1}),
        (3, "Demons", 6, {"gold": 2, "wood": 1, "stone": 1, "vp": 1}, {"vp": 1}),
        (4, "Goblins", 5, {"wood": 4, "stone": 4, "vp": 1, "buildings": 1}, {"wood": 1}),
        (4, "Goblins", 6, {"gold": 4, "buildings": 1}, {"stone": 1}),
        # Sources conflict on this card; the engine's ruling (components.md §7) follows the 2008 transcription.
        # The other reading is ALTERNATE_IV_3 below.
        (4, "Demons", 6, {"any": 4, "vp": 1}, {"gold": 1, "vp": 1}),
        (4, "Orcs", 7, {"any": 2, "buildings": 1}, {"any": 1}),
        (4, "Zombies", 7, {"vp": 2}, {"vp": 1}),
        (5, "Barbarians", 7, {"vp": 8}, {"vp": 1}),
        (5, "Barbarians", 8, {"buildings": 1}, {"vp": 1}),
        (5, "Demons", 8, {"vp": 2, "buildings": 1}, {"vp": 2}),
        (5, "Demons", 9, {"buildings": 1}, {"vp": 2}),
        (5, "Dragon", 9, {"vp": 5}, {"vp": 3}),
    ]
    out = []
    for i, (year, kind, strength, lose, gain) in enumerate(rows):
        out.append(Enemy(f"{ROMAN[year]}-{i % 5 + 1}", year, kind, strength, lose, gain))
    return tuple(out)


ENEMIES: tuple[Enemy, ...] = _enemies()
ENEMY_BY_ID: dict[str, Enemy] = {e.id: e for e in ENEMIES}
ENEMY_TYPES: frozenset[str] = frozenset(e.type for e in ENEMIES)
ALTERNATE_IV_3 = Enemy("IV-3", 4, "Demons", 6, {"any": 4, "buildings": 1}, {"gold": 1})


def enemies_of_year(year: int) -> tuple[Enemy, ...]:
    return tuple(e for e in ENEMIES if e.year == year)


def strength_range(year: int) -> tuple[int, int]:
    """What the back of the enemy cards tells everyone about a year's invader."""
    values = [e.strength for e in enemies_of_year(year)]
    return (min(values), max(values))


PHASES: tuple[str, ...] = (
    "",
    N_("Aid from the King"),
    N_("Spring"),
    N_("The King's Reward"),
    N_("Summer"),
    N_("The King's Envoy"),
    N_("Autumn"),
    N_("Recruit Soldiers"),
    N_("Winter: the Battle"),
)
# The second edition's names of the same phases (second-edition.md §1.3: renamed, same function).
SECOND_EDITION_PHASES = {1: N_("The King's Favor"), 6: N_("Fall")}


def phase_name(phase: int, edition: int = 1) -> str:
    """The name of ``phase`` (1..8) in the words of the rulebook of ``edition``, in English (``_`` it to show it)."""
    return (SECOND_EDITION_PHASES.get(phase) if edition == 2 else None) or PHASES[phase]


PRODUCTIVE_PHASES = (2, 4, 6)
"""The seasons of dice (spring, summer, autumn: PHASES names them), in the calendar's order."""
