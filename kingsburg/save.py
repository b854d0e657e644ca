"""Saves and positions as versioned JSON (docs/save-format.md, schema in docs/schema/).

- A *game* file is the start (players, seed, options, or a position) and the decisions made since. Loading
  replays it, so a game can never load into a state the rules could not reach; ``check`` (a hash of the final
  position) catches a file edited by hand.
- A *position* file describes a situation directly (resources, buildings, dice, whose turn), for tutorials
  and tests.
- A *view* file is one seat's view (``Game.view_json``): its position, unseen enemy cards null and no dice
  generator, and the decisions' texts. It is what a bot thinking elsewhere (the page's worker) is given: nothing
  its seat may not know.

Anything malformed raises ``InvalidSave`` and nothing half-loads: a Game is only returned once complete.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeGuard

from .consistency import check_position
from .content import BUILDING_BY_SLUG, BUILDINGS, ENEMY_BY_ID, GOODS, enemies_of_year
from .errors import InvalidRules, InvalidSave, KingsburgError
from .game import Game, new_game, player_names
from .inputs import MAX_DEPTH, InvalidJSON, normalize_name, parse_json, value_depth
from .record import FLAGS, GAME_FORMAT, POSITION_FORMAT, VERSION, VIEW_FORMAT, VIEW_VERSION, check, default_cursor
from .rng import below, seed_state
from .rules.decisions import DECISIONS
from .state import DUMMY, Placement, Player, State, Task
from .variants import calendar_of, rules_from_dict

VERSIONS = (1, VERSION)
MAX_BYTES = 2_000_000
_V1_RULES = "a version 1 file is a first-edition game: 'rules' and 'variants' need version 2"
_HEX = re.compile(r"[0-9a-fA-F]{1,16}")
_ADVISOR_KEY = re.compile(r"[1-9]|1[0-8]")  # ASCII only: str.isdigit() takes "²", which int() refuses
# Where a score came from (rules: every call of score()); "position" for points a position starts with.
VP_SOURCES = (
    "advisors",
    "buildings",
    "king's reward",
    "battle",
    "town hall",
    "embassy",
    "cathedral",
    "position",
)


# --- Reading --------------------------------------------------------------------------------------------


def load_game(text: str | bytes | dict[str, Any]) -> Game:
    """Load a game or a position written by ``to_json``/``position`` (or by hand). Raises InvalidSave.

    Text is read with ``parse_json`` (size and nesting checked before parsing). A dict is checked the same way
    through its JSON text, which also makes the game's copy independent of the caller's dict."""
    if isinstance(text, dict):
        if value_depth(text) > MAX_DEPTH:
            raise InvalidSave(f"not a Kingsburg save: it nests more than {MAX_DEPTH} levels deep")
        try:
            text = json.dumps(text, allow_nan=False)
        except (TypeError, ValueError) as exc:  # a value JSON cannot hold (a set, NaN, a key that is a tuple)
            raise InvalidSave(f"not a Kingsburg save: it cannot be written as JSON ({exc})") from None
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what="the text")
    except InvalidJSON as exc:
        raise InvalidSave(f"not a Kingsburg save: {exc}") from None
    if not isinstance(d, dict):
        raise InvalidSave("not a Kingsburg save: the JSON is not an object")
    fmt, version = d.get("format"), d.get("version")
    if fmt not in (GAME_FORMAT, POSITION_FORMAT):
        raise InvalidSave(f"not a Kingsburg save: format is {_show(fmt)}, not {GAME_FORMAT!r} or {POSITION_FORMAT!r}")
    if version not in VERSIONS or isinstance(version, bool):
        raise InvalidSave(f"this is a version {_show(version)} {fmt} file; this engine reads versions 1 and {VERSION}")
    if version == 1 and ("rules" in d or "variants" in d):
        raise InvalidSave(_V1_RULES)
    if fmt == POSITION_FORMAT:
        return _from_position(d)
    actions = _get(d, "actions", list)
    if len(actions) > 20_000 or not all(isinstance(a, str) for a in actions):
        raise InvalidSave("'actions' must be a list of action texts")
    if "start" in d:
        start = {"position": _get(d, "start", dict)}
    else:
        start = {"players": _get(d, "players", list), "seed": _get(d, "seed", int), "options": d.get("options", {})}
        if not isinstance(start["options"], dict):
            raise InvalidSave("'options' must be an object")
        if "rules" in d:
            start["rules"] = d["rules"]
    game = replay(start, actions)
    if "check" in d and d["check"] != check(game.state, game.to_play):
        raise InvalidSave("the save was modified: replaying its actions does not reach the position it records")
    return game


def replay(start: dict[str, Any], actions: list[str]) -> Game:
    """Rebuild a game from its start and decisions."""
    try:
        if "position" in start:
            game = _from_position(start["position"])
        else:
            rules = rules_from_dict(start["rules"]) if "rules" in start else None
            game = new_game(start["players"], start["seed"], rules, **start["options"])
    except InvalidSave:
        raise
    except (KingsburgError, TypeError) as exc:
        raise InvalidSave(f"the save's start is not valid: {exc}") from None
    for i, text in enumerate(actions):
        try:
            game.apply(text)
        except KingsburgError as exc:
            raise InvalidSave(f"decision {i + 1} of {len(actions)} cannot be replayed: {exc}") from None
    return game


def _show(value: object) -> str:
    """A value from the file for a message: its repr, cut short (a field may hold a megabyte)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _get(d: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in d:
        raise InvalidSave(f"{where}{_show(key)} is missing")
    value = d[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        raise InvalidSave(f"{where}{_show(key)} must be {kind.__name__}, not {_show(value)}")
    return value


def _int(d: dict[str, Any], key: str, lo: int, hi: int, where: str = "", default: int | None = None) -> int:
    if default is not None and key not in d:
        return default
    value: int = _get(d, key, int, where)
    if not lo <= value <= hi:
        raise InvalidSave(f"{where}{_show(key)} is {value}, outside {lo}..{hi}")
    return value


def _faces(value: object, what: str, most: int) -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) > most
        or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in value)
    ):
        raise InvalidSave(f"{what} must be a list of at most {most} die faces 1-6, not {_show(value)}")
    return list(value)


def load_view(text: str | bytes) -> Game:
    """A seat's view written by ``Game.view_json``: what ``game.view(seat)`` was, for a bot (its decisions are the
    same on both; the view's log is not in the file). Raises InvalidSave."""
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what="the text")
    except InvalidJSON as exc:
        raise InvalidSave(f"not a Kingsburg view: {exc}") from None
    if not isinstance(d, dict) or d.get("format") != VIEW_FORMAT or d.get("version") != VIEW_VERSION:
        raise InvalidSave(f"not a version {VIEW_VERSION} {VIEW_FORMAT!r}")
    actions = _get(d, "actions", list)
    if len(actions) > 20_000 or not all(isinstance(a, str) for a in actions):
        raise InvalidSave("'actions' must be a list of action texts")
    position = _get(d, "position", dict)
    version = position.get("version", 1)
    if version not in VERSIONS or isinstance(version, bool) or (version == 1 and "rules" in position):
        raise InvalidSave(f"a view's position must be a version 1 or {VERSION} {POSITION_FORMAT!r}")
    if not isinstance(position.get("enemies"), list):
        raise InvalidSave("a view lists the five enemy cards, null where its seat has not seen one")
    if "rng" in position or "dice" in position:
        raise InvalidSave("a view cannot hold the dice generator or the dice to come")
    seat = d.get("seat")
    if type(seat) is not int:  # its range is checked once the seats are read
        raise InvalidSave(f"'seat' must be a seat of the position, not {_show(seat)}")
    state = _state(position, view=seat)
    check_position(state)
    state.rng = seed_state(len(actions))  # as Game.view: the view rolls its own dice
    game = Game(state, {"view": seat})
    game._seat, game._actions, game._base = seat, list(actions), None
    if position.get("to_play", game.to_play) != game.to_play:
        raise InvalidSave(f"'to_play' is {_show(position.get('to_play'))}, but seat {game.to_play} is to play")
    return game


def _from_position(d: dict[str, Any]) -> Game:
    version = d.get("version", 1)
    if d.get("format", POSITION_FORMAT) != POSITION_FORMAT or version not in VERSIONS or isinstance(version, bool):
        raise InvalidSave(f"a start position must be a version 1 or {VERSION} {POSITION_FORMAT!r}")
    if version == 1 and ("rules" in d or "variants" in d):
        raise InvalidSave(_V1_RULES)
    state = _state(d)
    check_position(state)
    game = Game(state, {"position": d})
    to_play = d.get("to_play", game.to_play)
    if to_play != game.to_play or type(to_play) is not type(game.to_play):  # not true for 1, not 1.0
        raise InvalidSave(f"'to_play' is {_show(to_play)}, but the position has seat {game.to_play} to play")
    return game


def _is_seat(value: object, n: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < n  # not a bool, not 1.0 (which `in range(n)` accepts)


def _state(d: dict[str, Any], view: int | None = None) -> State:
    """The state a position describes; ``view``: the seat whose view it is (what it may not know is left out)."""
    s = State()
    try:
        s.calendar = calendar_of(rules_from_dict(d["rules"]) if "rules" in d else None)
    except InvalidRules as exc:
        raise InvalidSave(f"'rules': {exc}") from None
    seats = _get(d, "seats", list)
    n = len(seats)
    if not 2 <= n <= 5:
        raise InvalidSave(f"a position has 2 to 5 seats, not {n}")
    if view is not None and not _is_seat(view, n):
        raise InvalidSave(f"'seat' must be a seat of the position, not {_show(view)}")
    sources = (*VP_SOURCES, *(src for v in s.calendar.variants for src in v.vp_sources))
    s.players = [_player(seat, i, sources) for i, seat in enumerate(seats)]
    try:
        player_names([p.name for p in s.players])
    except KingsburgError as exc:
        raise InvalidSave(f"'seats': {exc}") from None
    s.phase = _int(d, "phase", 0, 8)
    s.year = _int(d, "year", 1, 5)
    s.step = d.get("step", s.calendar.step_names(s.phase)[0])
    if not isinstance(s.step, str):
        raise InvalidSave(f"'step' must be the name of a step, not {_show(s.step)}")
    order = _get(d, "turn_order", list)
    if not all(_is_seat(x, n) for x in order) or sorted(order) != list(range(n)):
        raise InvalidSave(f"'turn_order' must list every seat 0..{n - 1} once, not {_show(order)}")
    s.order = list(order)
    envoy = d.get("envoy")
    if envoy is not None and not _is_seat(envoy, n):
        raise InvalidSave(f"'envoy' must be a seat or null, not {_show(envoy)}")
    s.envoy = envoy
    rng = d.get("rng", "0")
    if not isinstance(rng, str) or not _HEX.fullmatch(rng):  # int(x, 16) would take "0x1f", "1_0", "١"
        raise InvalidSave(f"'rng' must be a 64-bit hexadecimal state, not {_show(rng)}")
    s.rng = int(rng, 16)
    s.script = _faces(d.get("dice", []), "'dice'", 10_000)
    s.deck = _deck(d.get("enemies"), s.rng, view is not None)
    s.court = _court(d.get("court", {}), n)
    queue = _get(d, "queue", list) if "queue" in d else []
    if len(queue) > 100:
        raise InvalidSave(f"'queue' holds {len(queue)} decisions; a position has at most 100 waiting")
    s.queue = [_task(t, s) for t in queue]
    # The influencer waiting is the one the cursor points at: that is the cursor unless the file says otherwise.
    influencer = s.queue[0].seat if s.queue and s.queue[0].kind == "influence" else None
    s.cursor = _int(d, "cursor", -1, n - 1, default=default_cursor(s.order, influencer))
    _variants(d, s, view)
    return s


def _variants(d: dict[str, Any], s: State, view: int | None = None) -> None:
    """Each variant's state: as written (checked by the variant), or its start-of-game state if left out (not in
    a view: a fresh setup would hold cards the seat has not seen)."""
    data = d.get("variants", {})
    names = [v.name for v in s.calendar.variants]
    if not isinstance(data, dict) or any(k not in names for k in data):
        raise InvalidSave(f"'variants' maps the names of the variants in force ({', '.join(names) or 'none'}) to state")
    # A variant whose state is written is not set up again: its setup may draw from the position's generator.
    for v in s.calendar.variants:
        if v.name in data:
            s.variants[v.name] = v.load(data[v.name], s) if view is None else v.load_view(data[v.name], s, view)
        elif (fresh := v.setup(s)) is not None:
            if view is not None:
                raise InvalidSave(f"a view gives the state of every variant that keeps one: {v.name!r} is missing")
            s.variants[v.name] = fresh


def _player(d: object, i: int, vp_sources: tuple[str, ...] = VP_SOURCES) -> Player:
    where = f"seat {i}: "
    if not isinstance(d, dict):
        raise InvalidSave(f"{where}must be an object")
    try:
        p = Player(normalize_name(d.get("name", f"Player {i + 1}")))
    except KingsburgError as exc:
        raise InvalidSave(f"{where}'name': {exc}") from None
    for key in (*GOODS, "tokens", "soldiers"):
        setattr(p, key, _int(d, key, 0, 999, where, default=0))
    p.vp = _int(d, "vp", -999, 999, where, default=0)
    sources = d.get("vp_sources", {"position": p.vp} if p.vp else {})
    if (
        not isinstance(sources, dict)
        or any(k not in vp_sources or type(v) is not int or not -999 <= v <= 999 for k, v in sources.items())
        or sum(sources.values()) != p.vp
    ):
        raise InvalidSave(
            f"{where}'vp_sources' must map sources ({', '.join(vp_sources)}) to numbers adding up to 'vp' ({p.vp})"
        )
    p.vp_sources = dict(sources)
    built = d.get("buildings", [])
    if (
        not isinstance(built, list)
        or any(not isinstance(b, str) or b not in BUILDING_BY_SLUG for b in built)
        or len(set(built)) != len(built)
    ):
        raise InvalidSave(f"{where}'buildings' must be distinct building names such as 'guard-tower'")
    for slug in built:
        p.built[BUILDING_BY_SLUG[slug].index] = True
    for b in BUILDINGS:
        if p.built[b.index] and not all(p.built[b.index - b.col + 1 : b.index]):
            raise InvalidSave(f"{where}the {b.name} is built but a building to its left in its row is not")
    # Building scores its VP under "buildings" and losing one takes them back: the two always agree in a game.
    worth = sum(b.vp for b in BUILDINGS if p.built[b.index])
    if "buildings" in p.vp_sources and p.vp_sources["buildings"] != worth:
        raise InvalidSave(
            f"{where}'vp_sources' counts {p.vp_sources['buildings']} VP from buildings, but its buildings are worth "
            f"{worth}"
        )
    p.dice = _faces(d.get("dice", []), f"{where}'dice'", 3)
    p.white = _faces(d.get("white", []), f"{where}'white'", 5)
    for flag in FLAGS:
        value = d.get(flag, False)
        if not isinstance(value, bool):
            raise InvalidSave(f"{where}{flag!r} must be true or false")
        setattr(p, flag, value)
    return p


def _deck(cards: object, rng: int, unknown: bool = False) -> list[str | None]:
    if cards is None:  # not given: draw one per year from the position's generator
        deck: list[str | None] = []
        for year in range(1, 6):
            k, rng = below(rng or seed_state(0), 5)
            deck.append(enemies_of_year(year)[k].id)
        return deck
    if not isinstance(cards, list) or len(cards) != 5:
        raise InvalidSave("'enemies' must list five enemy cards, year I first")
    for year, card in enumerate(cards, 1):
        if card is None and unknown:  # a card a seat's view has not seen
            continue
        if not isinstance(card, str) or card not in ENEMY_BY_ID or ENEMY_BY_ID[card].year != year:
            raise InvalidSave(
                f"'enemies' entry {year} must be a year-{year} card id such as "
                f"{enemies_of_year(year)[0].id!r}, not {_show(card)}"
            )
    return list(cards)


def _court(court: object, n: int) -> list[list[Placement]]:
    if not isinstance(court, dict):
        raise InvalidSave("'court' must map advisor numbers to dice groups")
    out: list[list[Placement]] = [[] for _ in range(19)]
    for key, groups in court.items():
        if not _ADVISOR_KEY.fullmatch(key) or not isinstance(groups, list) or len(groups) > 3:
            raise InvalidSave(f"'court' entry {_show(key)} is not an advisor 1..18 with a list of dice groups")
        for g in groups:
            if not isinstance(g, dict):
                raise InvalidSave(f"'court' entry {_show(key)} holds a dice group that is not an object")
            seat = g.get("seat")
            if seat is not None and not _is_seat(seat, n):
                raise InvalidSave(f"'court' entry {_show(key)}: seat {_show(seat)} is not a player or null (dummy)")
            flags = [g.get(f, False) for f in ("token", "market", "envoy")]
            if not all(isinstance(f, bool) for f in flags):
                raise InvalidSave(f"'court' entry {_show(key)}: token, market and envoy are true or false")
            out[int(key)].append(
                Placement(
                    DUMMY if seat is None else seat,
                    tuple(_faces(g.get("dice", []), "court dice", 3)),
                    tuple(_faces(g.get("white", []), "court white dice", 5)),
                    *flags,
                )
            )
    return out


def _task(t: object, s: State) -> Task:
    n = s.n
    kinds = [k for k, d in DECISIONS.items() if d.variant is None or d.variant in s.calendar.rules.names]
    if not isinstance(t, dict) or t.get("kind") not in kinds:
        raise InvalidSave(f"'queue' entries are {{seat, kind, arg}} with kind one of {', '.join(kinds)}")
    seat = t.get("seat")
    if not _is_seat(seat, n):
        raise InvalidSave(f"'queue' entry {_show(t)}: seat must be 0..{n - 1}")
    arg = t.get("arg", 0)
    if type(arg) is not int or not 0 <= arg <= 18:
        raise InvalidSave(f"'queue' entry {_show(t)}: arg must be 0..18")
    if t["kind"] == "gift" and not 1 <= arg <= 18:
        raise InvalidSave(f"'queue' entry {_show(t)}: a gift names its advisor 1..18")
    return Task(seat, t["kind"], arg)
