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
from .errors import InvalidRules, InvalidSave, KingsburgError, at
from .game import Game, new_game, player_names
from .i18n import N_, _
from .inputs import MAX_DEPTH, InvalidJSON, normalize_name, parse_json, value_depth
from .record import FLAGS, GAME_FORMAT, POSITION_FORMAT, VERSION, VIEW_FORMAT, VIEW_VERSION, check, default_cursor
from .rng import below, seed_state
from .rules.decisions import DECISIONS
from .state import DUMMY, Placement, Player, State, Task
from .variants import calendar_of, rules_from_dict

VERSIONS = (1, VERSION)
MAX_BYTES = 2_000_000
_ACTIONS = N_("'actions' must be a list of action texts")
_NOT_A_SEAT = N_("'seat' must be a seat of the position, not {seat}")
_V1_RULES = N_("a version 1 file is a first-edition game: 'rules' and 'variants' need version 2")
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
            raise _not_a_save(_("it nests more than {most} levels deep").format(most=MAX_DEPTH))
        try:
            text = json.dumps(text, allow_nan=False)
        except (TypeError, ValueError):  # a value JSON cannot hold (a set, NaN, a key that is a tuple)
            said = _("it cannot be written as JSON (it holds a value JSON has not: a set, NaN, bytes, a key not text)")
            raise _not_a_save(said) from None
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what=N_("the text"))
    except InvalidJSON as exc:
        raise _not_a_save(str(exc)) from None
    if not isinstance(d, dict):
        raise _not_a_save(_("the JSON is not an object"))
    fmt, version = d.get("format"), d.get("version")
    if fmt not in (GAME_FORMAT, POSITION_FORMAT):
        said = _("format is {format}, not {game!r} or {position!r}")
        raise _not_a_save(said.format(format=_show(fmt), game=GAME_FORMAT, position=POSITION_FORMAT))
    if version not in VERSIONS or isinstance(version, bool):
        said = _("this is a version {version} {format} file; this engine reads versions 1 and {ours}")
        raise InvalidSave(said.format(version=_show(version), format=fmt, ours=VERSION))
    if version == 1 and ("rules" in d or "variants" in d):
        raise InvalidSave(_(_V1_RULES))
    if fmt == POSITION_FORMAT:
        return _from_position(d)
    actions = _get(d, "actions", list)
    if len(actions) > 20_000 or not all(isinstance(a, str) for a in actions):
        raise InvalidSave(_(_ACTIONS))
    if "start" in d:
        start = {"position": _get(d, "start", dict)}
    else:
        start = {"players": _get(d, "players", list), "seed": _get(d, "seed", int), "options": d.get("options", {})}
        if not isinstance(start["options"], dict):
            raise InvalidSave(_("'options' must be an object"))
        if "rules" in d:
            start["rules"] = d["rules"]
    game = replay(start, actions)
    if "check" in d and d["check"] != check(game.state, game.to_play):
        raise InvalidSave(_("the save was modified: replaying its actions does not reach the position it records"))
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
        raise InvalidSave(_("the save's start is not valid: {error}").format(error=exc)) from None
    for i, text in enumerate(actions):
        try:
            game.apply(text)
        except KingsburgError as exc:
            said = _("decision {n} of {total} cannot be replayed: {error}")
            raise InvalidSave(said.format(n=i + 1, total=len(actions), error=exc)) from None
    return game


def _show(value: object) -> str:
    """A value from the file for a message: its repr, cut short (a field may hold a megabyte)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _refused(where: str, problem: str) -> InvalidSave:
    """``problem`` of the part of the file ``where`` names ("seat 2"; "" for the file's top level)."""
    return InvalidSave(at(where, problem) if where else problem)


def _not_a_save(why: str) -> InvalidSave:
    return InvalidSave(_("not a Kingsburg save: {why}").format(why=why))


def _get(d: dict[str, Any], key: str, kind: type, where: str = "") -> Any:
    if key not in d:
        raise _refused(where, _("{key} is missing").format(key=_show(key)))
    value = d[key]
    if (kind is int and isinstance(value, bool)) or not isinstance(value, kind):
        # Translators: {type} is the JSON type's name as Python writes it (int, list, dict, str).
        said = _("{key} must be {type}, not {value}")
        raise _refused(where, said.format(key=_show(key), type=kind.__name__, value=_show(value)))
    return value


def _int(d: dict[str, Any], key: str, lo: int, hi: int, where: str = "", default: int | None = None) -> int:
    if default is not None and key not in d:
        return default
    value: int = _get(d, key, int, where)
    if not lo <= value <= hi:
        raise _refused(
            where, _("{key} is {value}, outside {lo}..{hi}").format(key=_show(key), value=value, lo=lo, hi=hi)
        )
    return value


def _faces(value: object, key: str, most: int, where: str = "") -> list[int]:
    if (
        not isinstance(value, list)
        or len(value) > most
        or any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6 for v in value)
    ):
        said = _("{key!r} must be a list of at most {most} die faces 1-6, not {value}")
        raise _refused(where, said.format(key=key, most=most, value=_show(value)))
    return list(value)


def load_view(text: str | bytes) -> Game:
    """A seat's view written by ``Game.view_json``: what ``game.view(seat)`` was, for a bot (its decisions are the
    same on both; the view's log is not in the file). Raises InvalidSave."""
    try:
        d = parse_json(text, max_bytes=MAX_BYTES, what=N_("the text"))
    except InvalidJSON as exc:
        raise InvalidSave(_("not a Kingsburg view: {why}").format(why=exc)) from None
    if not isinstance(d, dict) or d.get("format") != VIEW_FORMAT or d.get("version") != VIEW_VERSION:
        raise InvalidSave(_("not a version {version} {format!r}").format(version=VIEW_VERSION, format=VIEW_FORMAT))
    actions = _get(d, "actions", list)
    if len(actions) > 20_000 or not all(isinstance(a, str) for a in actions):
        raise InvalidSave(_(_ACTIONS))
    position = _get(d, "position", dict)
    version = position.get("version", 1)
    if version not in VERSIONS or isinstance(version, bool) or (version == 1 and "rules" in position):
        said = _("a view's position must be a version 1 or {version} {format!r}")
        raise InvalidSave(said.format(version=VERSION, format=POSITION_FORMAT))
    if not isinstance(position.get("enemies"), list):
        raise InvalidSave(_("a view lists the five enemy cards, null where its seat has not seen one"))
    if "rng" in position or "dice" in position:
        raise InvalidSave(_("a view cannot hold the dice generator or the dice to come"))
    seat = d.get("seat")
    if type(seat) is not int:  # its range is checked once the seats are read
        raise InvalidSave(_(_NOT_A_SEAT).format(seat=_show(seat)))
    state = _state(position, view=seat)
    check_position(state)
    state.rng = seed_state(len(actions))  # as Game.view: the view rolls its own dice
    game = Game(state, {"view": seat})
    game._seat, game._actions, game._base = seat, list(actions), None
    if position.get("to_play", game.to_play) != game.to_play:
        said = _("'to_play' is {to_play}, but seat {seat} is to play")
        raise InvalidSave(said.format(to_play=_show(position.get("to_play")), seat=game.to_play))
    return game


def _from_position(d: dict[str, Any]) -> Game:
    version = d.get("version", 1)
    if d.get("format", POSITION_FORMAT) != POSITION_FORMAT or version not in VERSIONS or isinstance(version, bool):
        said = _("a start position must be a version 1 or {version} {format!r}")
        raise InvalidSave(said.format(version=VERSION, format=POSITION_FORMAT))
    if version == 1 and ("rules" in d or "variants" in d):
        raise InvalidSave(_(_V1_RULES))
    state = _state(d)
    check_position(state)
    game = Game(state, {"position": d})
    to_play = d.get("to_play", game.to_play)
    if to_play != game.to_play or type(to_play) is not type(game.to_play):  # not true for 1, not 1.0
        said = _("'to_play' is {to_play}, but the position has seat {seat} to play")
        raise InvalidSave(said.format(to_play=_show(to_play), seat=game.to_play))
    return game


def _is_seat(value: object, n: int) -> TypeGuard[int]:
    return type(value) is int and 0 <= value < n  # not a bool, not 1.0 (which `in range(n)` accepts)


def _state(d: dict[str, Any], view: int | None = None) -> State:
    """The state a position describes; ``view``: the seat whose view it is (what it may not know is left out)."""
    s = State()
    try:
        s.calendar = calendar_of(rules_from_dict(d["rules"]) if "rules" in d else None)
    except InvalidRules as exc:
        raise InvalidSave(at("'rules'", str(exc))) from None
    seats = _get(d, "seats", list)
    n = len(seats)
    if not 2 <= n <= 5:
        raise InvalidSave(_("a position has 2 to 5 seats, not {n}").format(n=n))
    if view is not None and not _is_seat(view, n):
        raise InvalidSave(_(_NOT_A_SEAT).format(seat=_show(view)))
    sources = (*VP_SOURCES, *(src for v in s.calendar.variants for src in v.vp_sources))
    s.players = [_player(seat, i, sources) for i, seat in enumerate(seats)]
    try:
        player_names([p.name for p in s.players])
    except KingsburgError as exc:
        raise InvalidSave(at("'seats'", str(exc))) from None
    s.phase = _int(d, "phase", 0, 8)
    s.year = _int(d, "year", 1, 5)
    s.step = d.get("step", s.calendar.step_names(s.phase)[0])
    if not isinstance(s.step, str):
        raise InvalidSave(_("'step' must be the name of a step, not {step}").format(step=_show(s.step)))
    order = _get(d, "turn_order", list)
    if not all(_is_seat(x, n) for x in order) or sorted(order) != list(range(n)):
        said = _("'turn_order' must list every seat 0..{last} once, not {order}")
        raise InvalidSave(said.format(last=n - 1, order=_show(order)))
    s.order = list(order)
    envoy = d.get("envoy")
    if envoy is not None and not _is_seat(envoy, n):
        raise InvalidSave(_("'envoy' must be a seat or null, not {envoy}").format(envoy=_show(envoy)))
    s.envoy = envoy
    rng = d.get("rng", "0")
    if not isinstance(rng, str) or not _HEX.fullmatch(rng):  # int(x, 16) would take "0x1f", "1_0", "١"
        raise InvalidSave(_("'rng' must be a 64-bit hexadecimal state, not {rng}").format(rng=_show(rng)))
    s.rng = int(rng, 16)
    s.script = _faces(d.get("dice", []), "dice", 10_000)
    s.deck = _deck(d.get("enemies"), s.rng, view is not None)
    s.court = _court(d.get("court", {}), n)
    queue = _get(d, "queue", list) if "queue" in d else []
    if len(queue) > 100:
        raise InvalidSave(_("'queue' holds {n} decisions; a position has at most 100 waiting").format(n=len(queue)))
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
        said = _("'variants' maps the names of the variants in force ({names}) to state")
        raise InvalidSave(said.format(names=", ".join(names) or _("none")))
    # A variant whose state is written is not set up again: its setup may draw from the position's generator.
    for v in s.calendar.variants:
        if v.name in data:
            s.variants[v.name] = v.load(data[v.name], s) if view is None else v.load_view(data[v.name], s, view)
        elif (fresh := v.setup(s)) is not None:
            if view is not None:
                said = _("a view gives the state of every variant that keeps one: {name!r} is missing")
                raise InvalidSave(said.format(name=v.name))
            s.variants[v.name] = fresh


def _player(d: object, i: int, vp_sources: tuple[str, ...] = VP_SOURCES) -> Player:
    where = _("seat {seat}").format(seat=i)
    if not isinstance(d, dict):
        raise _refused(where, _("must be an object"))
    try:
        p = Player(normalize_name(d.get("name", f"Player {i + 1}")))
    except KingsburgError as exc:
        raise _refused(where, at("'name'", str(exc))) from None
    for key in (*GOODS, "tokens", "soldiers"):
        setattr(p, key, _int(d, key, 0, 999, where, default=0))
    p.vp = _int(d, "vp", -999, 999, where, default=0)
    sources = d.get("vp_sources", {"position": p.vp} if p.vp else {})
    if (
        not isinstance(sources, dict)
        or any(k not in vp_sources or type(v) is not int or not -999 <= v <= 999 for k, v in sources.items())
        or sum(sources.values()) != p.vp
    ):
        said = _("'vp_sources' must map sources ({sources}) to numbers adding up to 'vp' ({vp})")
        raise _refused(where, said.format(sources=", ".join(vp_sources), vp=p.vp))
    p.vp_sources = dict(sources)
    built = d.get("buildings", [])
    if (
        not isinstance(built, list)
        or any(not isinstance(b, str) or b not in BUILDING_BY_SLUG for b in built)
        or len(set(built)) != len(built)
    ):
        raise _refused(where, _("'buildings' must be distinct building names such as 'guard-tower'"))
    for slug in built:
        p.built[BUILDING_BY_SLUG[slug].index] = True
    for b in BUILDINGS:
        if p.built[b.index] and not all(p.built[b.index - b.col + 1 : b.index]):
            said = _("the {building} is built but a building to its left in its row is not")
            raise _refused(where, said.format(building=_(b.name)))
    # Building scores its VP under "buildings" and losing one takes them back: the two always agree in a game.
    worth = sum(b.vp for b in BUILDINGS if p.built[b.index])
    if "buildings" in p.vp_sources and p.vp_sources["buildings"] != worth:
        said = _("'vp_sources' counts {vp} VP from buildings, but its buildings are worth {worth}")
        raise _refused(where, said.format(vp=p.vp_sources["buildings"], worth=worth))
    p.dice = _faces(d.get("dice", []), "dice", 3, where)
    p.white = _faces(d.get("white", []), "white", 5, where)
    for flag in FLAGS:
        value = d.get(flag, False)
        if not isinstance(value, bool):
            raise _refused(where, _("{flag!r} must be true or false").format(flag=flag))
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
        raise InvalidSave(_("'enemies' must list five enemy cards, year I first"))
    for year, card in enumerate(cards, 1):
        if card is None and unknown:  # a card a seat's view has not seen
            continue
        if not isinstance(card, str) or card not in ENEMY_BY_ID or ENEMY_BY_ID[card].year != year:
            said = _("'enemies' entry {year} must be a year-{year} card id such as {example!r}, not {card}")
            raise InvalidSave(said.format(year=year, example=enemies_of_year(year)[0].id, card=_show(card)))
    return list(cards)


def _court(court: object, n: int) -> list[list[Placement]]:
    if not isinstance(court, dict):
        raise InvalidSave(_("'court' must map advisor numbers to dice groups"))
    out: list[list[Placement]] = [[] for _ in range(19)]
    for key, groups in court.items():
        where = _("'court' entry {key}").format(key=_show(key))
        if not _ADVISOR_KEY.fullmatch(key) or not isinstance(groups, list) or len(groups) > 3:
            raise _refused(where, _("it is not an advisor 1..18 with a list of dice groups"))
        for g in groups:
            if not isinstance(g, dict):
                raise _refused(where, _("it holds a dice group that is not an object"))
            seat = g.get("seat")
            if seat is not None and not _is_seat(seat, n):
                raise _refused(where, _("seat {seat} is not a player or null (dummy)").format(seat=_show(seat)))
            flags = [g.get(f, False) for f in ("token", "market", "envoy")]
            if not all(isinstance(f, bool) for f in flags):
                raise _refused(where, _("token, market and envoy are true or false"))
            out[int(key)].append(
                Placement(
                    DUMMY if seat is None else seat,
                    tuple(_faces(g.get("dice", []), "dice", 3, where)),
                    tuple(_faces(g.get("white", []), "white", 5, where)),
                    *flags,
                )
            )
    return out


def _task(t: object, s: State) -> Task:
    n = s.n
    kinds = [k for k, d in DECISIONS.items() if d.variant is None or d.variant in s.calendar.rules.names]
    if not isinstance(t, dict) or t.get("kind") not in kinds:
        said = _("'queue' entries are {{seat, kind, arg}} with kind one of {kinds}")
        raise InvalidSave(said.format(kinds=", ".join(kinds)))
    where = _("'queue' entry {entry}").format(entry=_show(t))
    seat = t.get("seat")
    if not _is_seat(seat, n):
        raise _refused(where, _("seat must be 0..{last}").format(last=n - 1))
    arg = t.get("arg", 0)
    if type(arg) is not int or not 0 <= arg <= 18:
        raise _refused(where, _("arg must be 0..18"))
    if t["kind"] == "gift" and not 1 <= arg <= 18:
        raise _refused(where, _("a gift names its advisor 1..18"))
    return Task(seat, t["kind"], arg)
