"""The fuzzing machinery behind tests/engine/test_fuzz.py (and ``make fuzz``): what it generates, how it damages
valid input, and what it checks.

Properties:

- **actions**: any text (ASCII, Unicode, very long, NUL and controls, near misses of the legal actions) applied
  at a random point of a random game either is a legal decision or raises InvalidAction/IllegalAction, and a
  refused text changes nothing (``to_json()``, the position and the log compared before and after).
- **targets**: a valid input (a save, a position) damaged by a mutator either loads or raises the target's own
  error; one that loads saves and reloads to the same game, and plays on to the end with random legal moves.

Every outcome is counted in ``TALLY`` (property -> outcome -> count): "applied", "loaded", or the error class
with the field its message names, e.g. "InvalidSave 'step'". ``make fuzz`` prints it.

A new input format (a lesson, issue 10) plugs in as one more ``Target``: how to make a valid sample, how to
load it, its error class, how to play on what loaded, and any mutators of its own on top of ``JSON_MUTATORS``.
"""

from __future__ import annotations

import json
import random
import re
import string
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

import kingsburg
from kingsburg import Game, KingsburgError

NAMES = ["Ann", "Brian", "Cindy", "David", "Emma"]
MAX_DECISIONS = 20_000  # a game played on from a loaded file must end within this many decisions
TALLY: defaultdict[str, Counter[str]] = defaultdict(Counter)  # property -> outcome -> examples
MUTATIONS: defaultdict[str, Counter[str]] = defaultdict(Counter)  # target -> mutator -> times used


def report() -> str:
    """What the fuzzing tried, for ``make fuzz``: examples and outcomes per property, mutators per target."""
    lines = []
    for name, counts in TALLY.items():
        lines.append(f"{name}: {sum(counts.values())} examples")
        lines += [f"    {n:7d}  {what}" for what, n in counts.most_common()]
        if MUTATIONS[name]:
            used = ", ".join(f"{what} {n}" for what, n in sorted(MUTATIONS[name].items()))
            lines.append(f"    mutations: {used}")
    return "\n".join(lines)


# Numbers, code points and quoted values, left out of outcomes.
_VALUES = r"-?\d[\w.+-]*|U\+[0-9A-F]+|'[^']*'|\"[^\"]*\"|\bNone\b"


def outcome(exc: BaseException | None, what: str = "loaded") -> str:
    """How to count a result: ``what`` when nothing was raised, else the error class and the field its message
    names, or the message's first clause with numbers and quoted values left out."""
    if exc is None:
        return what
    message = str(exc)
    replay = re.match(r"decision \d+ of \d+ cannot be replayed: (\w+ \w+)", message)
    if replay:  # the reason's first words: "illegal action", "cannot read", "unknown action"...
        return f"{type(exc).__name__} a decision cannot be replayed: {replay.group(1)}"
    named = re.search(r"'([a-z_]+)'", message)
    if named:
        return f"{type(exc).__name__} {named.group(0)}"
    head = re.split(r"[:;(]", message)[0]
    return f"{type(exc).__name__} {re.sub(_VALUES, '…', head).strip()[:60]}"


def action_outcome(exc: KingsburgError, text: str) -> str:
    """A refused action counted by its reason: the message without the text, names and numbers."""
    reason = str(exc).replace(repr(text), "…").split(": ", 1)[-1]
    reason = re.sub(_VALUES + "|" + "|".join(NAMES), "…", re.split(r"[;,]", reason)[0])
    return f"{type(exc).__name__}: {reason.strip()[:60]}"


# --- Random games --------------------------------------------------------------------------------------------

game_points = st.tuples(st.integers(2, 5), st.integers(0, 2**32), st.integers(0, 500))


def random_game(players: int, seed: int, stop: int) -> Game:
    """A game of random legal decisions, stopped after ``stop`` of them (or at its end)."""
    game = kingsburg.new_game(NAMES[:players], seed)
    rng = random.Random(seed)
    while not game.is_over() and len(game.actions) < stop:
        game.apply(rng.choice(game.legal_actions()))
    return game


def play_to_the_end(game: Game, seed: int) -> None:
    """Random legal decisions until the game ends: every one must be applied without an error."""
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if game.is_over():
            assert game.legal_actions() == [] and game.to_play is None
            return
        legal = game.legal_actions()
        assert legal and game.to_play is not None, "a game that is not over has a decision to make"
        game.apply(rng.choice(legal))
    raise AssertionError(f"the game did not end within {MAX_DECISIONS} decisions")


# --- Action text -----------------------------------------------------------------------------------------------

# Characters chosen to trip a notation reader: Unicode digits and look-alikes, case-mapping surprises (the Kelvin
# sign, dotted and dotless i, a titlecase digraph), invisible and control characters, quotes and separators.
TRICKY = "²³¹٥١５₅⑤Ⅴ\u212aİıǅßﬁ\u00a0\u2003\u200b\u200d\u202e\ufeff\x00\x1c\x0b\x85\u2028'\"\\@+-_.,;: \t\n"
WORDS = ["place", "pass", "build", "gift", "trade", "aid", "recruit", "lose", "gain", "statue", "chapel", "townhall"]
WORDS += ["gold", "wood", "stone", "white", "token", "market", "envoy", "+2", "@8", "@18", "@0", "w3", "5+3"]

ascii_text = st.text(alphabet=string.printable, min_size=1, max_size=60)
unicode_text = st.text(max_size=40)
word_salad = st.lists(st.sampled_from(WORDS + list(TRICKY)), min_size=1, max_size=8).map(" ".join)
long_text = st.tuples(st.sampled_from(["pass ", "place 5 @5 ", "\u200b", "@", "9"]), st.integers(20, 20_000)).map(
    lambda t: t[0] * t[1]
)


@st.composite
def near_miss(draw: st.DrawFn, legal: list[str]) -> str:
    """A legal action's text with one small change: a character replaced, inserted or deleted, a word
    duplicated or dropped, the case changed."""
    text = draw(st.sampled_from(legal)) if legal else "pass"
    i = draw(st.integers(0, len(text)))
    ch = draw(st.sampled_from(TRICKY + string.ascii_letters + string.digits) | st.characters())
    words = text.split()
    k = draw(st.integers(0, len(words) - 1))
    change = draw(st.sampled_from(["replace", "insert", "delete", "double", "drop", "upper", "title", "tail"]))
    if change == "replace":
        return text[:i] + ch + text[i + 1 :]
    if change == "insert":
        return text[:i] + ch + text[i:]
    if change == "delete":
        return text[:i] + text[i + 1 :]
    if change == "double":
        return " ".join(words[: k + 1] + words[k:])
    if change == "drop":
        return " ".join(words[:k] + words[k + 1 :])
    if change == "tail":
        return text + " " + draw(st.sampled_from(["envoy", "market", "+2", "@3", "white", "w6", "gold+wood"]))
    return text.upper() if change == "upper" else text.title()


def action_texts(legal: list[str]) -> st.SearchStrategy[str]:
    return st.one_of(ascii_text, unicode_text, word_salad, long_text, near_miss(legal), st.sampled_from(legal))


def check_action_text(game: Game, text: str) -> str:
    """Apply ``text``: a legal decision, or only InvalidAction/IllegalAction and nothing changed."""
    before = (game.to_json(), game.position(), game.log)
    legal = game.legal_actions()
    try:
        game.apply(text)
    except (kingsburg.InvalidAction, kingsburg.IllegalAction) as exc:
        assert str(exc)
        assert (game.to_json(), game.position(), game.log) == before, f"{text!r} was refused but changed the game"
        return action_outcome(exc, text)
    assert kingsburg.parse_action(text) in legal
    return "applied"


# --- Damaging JSON ---------------------------------------------------------------------------------------------

Path = tuple[str | int, ...]
# A mutator takes the draw function and a valid JSON value (a fresh copy it may change) and returns the damaged
# value, or the damaged JSON text when the damage is below the level of values (a cut, a stray character).
Mutator = Callable[[st.DrawFn, Any], Any]


def _containers(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)


any_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    _containers,
    max_leaves=6,
)
numbers = st.one_of(
    st.integers(-3, 20),
    st.sampled_from([0, -1, 1, 255, 999, 1000, 2**31, 2**63, 2**64, -(2**64), 10**30]),
    st.floats(-1e6, 1e6),
    st.sampled_from([True, False, 1.0, 0.5, -0.0, None, "1", "0x10", "²"]),
)


def paths(value: Any, prefix: Path = ()) -> list[Path]:
    """Every place in a JSON value, the value itself first."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


def get(value: Any, path: Path) -> Any:
    for key in path:
        value = value[key]
    return value


def put(value: Any, path: Path, new: Any) -> Any:
    if not path:
        return new
    get(value, path[:-1])[path[-1]] = new
    return value


def _pick(draw: st.DrawFn, value: Any, keep: Callable[[Any], bool] = lambda v: True) -> Path | None:
    where = [p for p in paths(value) if keep(get(value, p))]
    return draw(st.sampled_from(where)) if where else None


def flip_number(draw: st.DrawFn, value: Any) -> Any:
    where = _pick(draw, value, lambda v: isinstance(v, int | float) and not isinstance(v, bool))
    return value if where is None else put(value, where, draw(numbers))


def remove_key(draw: st.DrawFn, value: Any) -> Any:
    where = _pick(draw, value, lambda v: isinstance(v, dict) and v)
    if where is not None:
        target = get(value, where)
        del target[draw(st.sampled_from(sorted(target)))]
    return value


def change_type(draw: st.DrawFn, value: Any) -> Any:
    where = _pick(draw, value)
    return put(value, where, draw(any_json))


def change_list(draw: st.DrawFn, value: Any) -> Any:
    """An entry of a list duplicated, dropped, or two entries swapped."""
    where = _pick(draw, value, lambda v: isinstance(v, list) and v)
    if where is None:
        return value
    items = get(value, where)
    i, j = draw(st.integers(0, len(items) - 1)), draw(st.integers(0, len(items) - 1))
    how = draw(st.sampled_from(["duplicate", "drop", "swap"]))
    if how == "duplicate":
        items.insert(i, items[j])
    elif how == "drop":
        del items[i]
    else:
        items[i], items[j] = items[j], items[i]
    return value


def deep_nesting(draw: st.DrawFn, value: Any) -> str:
    where = _pick(draw, value)
    levels = draw(st.sampled_from([33, 100, 1_000, 10_000, 100_000]))
    open_, close = draw(st.sampled_from([("[", "]"), ('{"a":', "}"), ('{"a":[', "]}")]))
    return json.dumps(put(value, where, "HOLE")).replace('"HOLE"', open_ * levels + "0" + close * levels, 1)


def truncate(draw: st.DrawFn, value: Any) -> str:
    text = json.dumps(value)
    return text[: draw(st.integers(0, len(text) - 1))]


def stray_character(draw: st.DrawFn, value: Any) -> str:
    text = json.dumps(value)
    i = draw(st.integers(0, len(text) - 1))
    return text[:i] + draw(st.characters()) + text[i + 1 :]


JSON_MUTATORS: dict[str, Mutator] = {
    "flip number": flip_number,
    "remove key": remove_key,
    "change type": change_type,
    "change list": change_list,
    "deep nesting": deep_nesting,
    "truncate": truncate,
    "stray character": stray_character,
}


# --- Targets: inputs the engine loads --------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """An input format under fuzz: a valid sample, its loader, the one error class the loader may raise, how to
    play on what loaded (and check it saves and reloads), and extra mutators for the format."""

    name: str
    sample: Callable[[st.DrawFn], Any]
    load: Callable[[Any], Any]
    error: type[KingsburgError]
    play_on: Callable[[Any, int], None]
    mutators: dict[str, Mutator] = field(default_factory=dict)
    weights: dict[str, int] = field(default_factory=dict)  # how often a mutator is drawn against the others (1)

    def all_mutators(self) -> dict[str, Mutator]:
        return {**JSON_MUTATORS, **self.mutators}


def check_target(target: Target, draw: st.DrawFn) -> str:
    """Damage a valid sample one to three times, load it: the target's error with a message, or a game that
    saves, reloads and plays on."""
    damaged = target.sample(draw)
    mutators = target.all_mutators()
    names = [name for name in sorted(mutators) for _ in range(target.weights.get(name, 1))]
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(names))
        MUTATIONS[target.name][name] += 1
        damaged = mutators[name](draw, damaged)
        if isinstance(damaged, str):  # damage below the level of values: nothing more to mutate
            break
    try:
        loaded = target.load(damaged)
    except target.error as exc:
        assert str(exc)
        return outcome(exc)
    target.play_on(loaded, draw(st.integers(0, 2**32)))
    return "loaded"


def play_on_game(game: Game, seed: int) -> None:
    """A file that loaded: it saves and reloads to the same game, and plays on to the end."""
    text = game.to_json()
    again = kingsburg.load_game(text)
    assert again.to_json() == text and again.position() == game.position()
    play_to_the_end(game, seed)
    assert kingsburg.load_game(game.to_json()).position() == game.position()


def sample_save(draw: st.DrawFn) -> dict:
    d = json.loads(random_game(*draw(game_points)).to_json())
    if draw(st.booleans()):
        del d["check"]  # without the check, damage to the start or the actions must be caught by replaying
    return d


def sample_position(draw: st.DrawFn) -> dict:
    return random_game(*draw(game_points)).position()


def sample_started_save(draw: st.DrawFn) -> dict:
    """A game that began from a position (``"start"``), played on for a while."""
    game = kingsburg.load_game(sample_position(draw))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.integers(0, 60))):
        if game.is_over():
            break
        game.apply(rng.choice(game.legal_actions()))
    d = json.loads(game.to_json())
    if draw(st.booleans()):
        del d["check"]
    return d


def replace_action(draw: st.DrawFn, value: Any) -> Any:
    """One decision of a save replaced by other text: a near miss, another legal-looking action, junk."""
    actions = value.get("actions") if isinstance(value, dict) else None
    if not isinstance(actions, list) or not actions:
        return value
    i = draw(st.integers(0, len(actions) - 1))
    texts = [a for a in actions if isinstance(a, str)] or ["pass"]
    actions[i] = draw(near_miss(texts) | st.sampled_from(texts) | word_salad)
    return value


POSITION_FIELDS = {
    "phase": st.integers(-1, 9),
    "step": st.sampled_from(["aid", "season", "order", "gifts", "clear", "season_end", "cleanup", "reward"])
    | st.sampled_from(["envoy", "recruit", "next", "battle", "year_end", "over", "dance", ""]),
    "year": st.integers(0, 6),
    "cursor": st.integers(-2, 5),
    "envoy": st.none() | st.integers(-1, 5),
    "to_play": st.none() | st.integers(-1, 5),
    "queue": st.lists(
        st.fixed_dictionaries(
            {
                "seat": st.integers(-1, 5),
                "kind": st.sampled_from(["influence", "gift", "build", "reroll", "townhall", "recruit", "aid"])
                | st.sampled_from(["lose", "gain", "fly"]),
                "arg": st.integers(-1, 19),
            }
        ),
        max_size=4,
    ),
    "court": st.dictionaries(
        st.integers(0, 19).map(str),
        st.lists(
            st.fixed_dictionaries(
                {"seat": st.none() | st.integers(0, 4), "dice": st.lists(st.integers(1, 6), max_size=4)},
                optional={
                    "white": st.lists(st.integers(1, 6), max_size=2),
                    "token": st.booleans(),
                    "market": st.booleans(),
                    "envoy": st.booleans(),
                },
            ),
            max_size=3,
        ),
        max_size=3,
    ),
}
SEAT_FIELDS = {
    "dice": st.lists(st.integers(0, 7), max_size=4),
    "white": st.lists(st.integers(1, 6), max_size=3),
    "passed": st.booleans(),
    "aid_die": st.booleans(),
    "token_used": st.booleans(),
    "market_used": st.booleans(),
    "statue_used": st.booleans(),
    "chapel_used": st.booleans(),
    "looked": st.booleans(),
    "tokens": st.integers(-1, 1000),
    "soldiers": st.integers(-1, 1000),
    "gold": st.integers(-1, 1000),
    "buildings": st.lists(st.sampled_from(["statue", "chapel", "inn", "market", "farms", "town-hall", "crane"])),
    "name": st.sampled_from(["Ann", "ann", "ANN\u200b", "\u200b", "", "Zoé", "Lee"]),
}


def position_field(draw: st.DrawFn, value: Any) -> Any:
    """A field of a position (or of a seat) set to a plausible but possibly inconsistent value: the calendar's
    steps, decisions waiting, court groups, dice and flags, in combinations the rules never reach."""
    if not isinstance(value, dict):
        return value
    target = value["start"] if isinstance(value.get("start"), dict) else value
    seats = target.get("seats")
    if draw(st.booleans()) and isinstance(seats, list) and seats and isinstance(seats[0], dict):
        seat = draw(st.sampled_from([s for s in seats if isinstance(s, dict)] or [{}]))
        key = draw(st.sampled_from(sorted(SEAT_FIELDS)))
        seat[key] = draw(SEAT_FIELDS[key])
    else:
        key = draw(st.sampled_from(sorted(POSITION_FIELDS)))
        target[key] = draw(POSITION_FIELDS[key])
    return value


SAVE = Target(
    "save", sample_save, kingsburg.load_game, kingsburg.InvalidSave, play_on_game, {"replace action": replace_action}
)
STARTED_SAVE = Target(
    "save from a position",
    sample_started_save,
    kingsburg.load_game,
    kingsburg.InvalidSave,
    play_on_game,
    {"replace action": replace_action, "position field": position_field},
    {"replace action": 2, "position field": 2},
)
POSITION = Target(
    "position",
    sample_position,
    kingsburg.load_game,
    kingsburg.InvalidSave,
    play_on_game,
    {"position field": position_field},
    {"position field": 4, "flip number": 2, "remove key": 2},  # damage the rules may meet, more than broken text
)
TARGETS = [SAVE, STARTED_SAVE, POSITION]
