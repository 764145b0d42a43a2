"""JSON for states, views, rules, moves, scores, records and matches: `dumps` and `loads`.

Every document is an object with a ``"type"`` (``"state"``, ``"view"``, ``"rules"``,
``"move"``, ``"score"``, ``"record"``, ``"match"``, ``"match_view"``, ``"match_score"`` or
``"match_record"``) and a ``"format"`` version (1). Cards are written as their canonical
codes (``"AC"``), moves in their notation (``"swap 7C"``), rules as the preset and the
options that differ from its defaults. ``loads(dumps(x)) == x``.

`loads` is safe for untrusted input: it refuses texts over ``max_size`` characters (bytes
over ``max_size`` bytes, before they are decoded) or nested deeper than 32 levels, never
evaluates anything, and checks what it reads, refusing any field or list entry it does not
expect. A state or a match is rebuilt by replaying its moves, and every field written
beside them must agree with the replay; anything wrong raises `InvalidNotationError`
(unreadable) or `InvalidStateError` (readable but against the rules), naming the first
problem. ``loads(text, View)`` reads a document of one known type and is typed as such.

The JSON Schemas of these documents ship with the package: `schema` returns one of them,
`SCHEMA_NAMES` lists them.
"""

from __future__ import annotations

import enum
import json
import re
import sys
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, Final, TypeAlias, TypeVar, overload

from ._deal import DECIMAL_DIGITS, DECIMAL_LIMIT, seed_from_text
from ._engine import apply, deal_from
from ._numbers import same
from ._quote import count, quote
from ._schemas import MAX_HAND, MAX_RECEIVED, MAX_REMOVED, MAX_STOCK, MAX_TRICKS
from .cards import Card, Suit
from .errors import (
    BriscolaError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidNotationError,
    InvalidStateError,
    RulesError,
    _inconsistent,
)
from .match import (
    DealerRotation,
    DealResult,
    Match,
    MatchScore,
    MatchView,
    match_apply,
    match_options,
    match_score,
    new_match,
    parse_format,
)
from .moves import Move, parse_move
from .records import MAX_DEALS, MAX_MOVES, MAX_TAGS, MatchRecord, Record, check_max_size
from .rules import OPTIONS, Rules, rules
from .scoring import Score
from .state import Phase, State, Trick
from .views import View

__all__ = [
    "FORMAT",
    "MAX_DEPTH",
    "MAX_INDENT",
    "MAX_SIZE",
    "SCHEMA_NAMES",
    "Serializable",
    "dumps",
    "loads",
    "schema",
]

FORMAT: Final = 1
"""The version of the JSON documents this library writes and reads."""
MAX_SIZE: Final = 1_000_000
"""The default limit on the length of a text given to `loads`."""
MAX_DEPTH: Final = 32
"""The deepest nesting of arrays and objects `loads` accepts."""
MAX_INDENT: Final = 16
"""The widest ``indent`` `dumps` takes."""


Serializable: TypeAlias = (
    State | View | Rules | Move | Score | Record | Match | MatchView | MatchScore | MatchRecord
)
"""Every type `dumps` writes and `loads` reads."""
JSON: TypeAlias = Any
_T = TypeVar("_T", bound=Serializable)  # bound, so that ``loads(text, Play)`` is a Play


_KINDS: Final[dict[type, str]] = {
    State: "state",
    View: "view",
    Match: "match",
    MatchView: "match view",
}
"""What a refusal calls a value of these types built or edited by hand."""


def dumps(value: Serializable, *, indent: int | None = None) -> str:
    """The JSON text of a `State`, `View`, `Rules`, `Move`, `Score`, `Record`, `Match`,
    `MatchView`, `MatchScore` or `MatchRecord`.

    A `Match` is written with every move of every deal, as its referee knows it: never send
    one to a player; send `observe(match, seat)` (a `MatchView`) instead.

    Args:
        value: What to write.
        indent: Spaces per level of nesting, from 0 to `MAX_INDENT`; ``None`` writes one
            line.

    Raises:
        InvalidNotationError: for any other value, or an ``indent`` out of range.
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= MAX_INDENT):
        # Bounded: every level of a document repeats the indent, so a huge one is a huge text.
        raise InvalidNotationError(
            f"indent={quote(indent)} is not valid: use a whole number from 0 to "
            f"{MAX_INDENT}, or None"
        )
    for kind, (cls, encode) in _ENCODERS.items():
        if isinstance(value, cls):
            try:
                document = {"type": kind, "format": FORMAT, **encode(value)}
                # Inside the guard: a field edited by hand to a value JSON cannot hold
                # fails only here.
                return json.dumps(document, indent=indent, ensure_ascii=False)
            except BriscolaError:
                raise
            except (AttributeError, IndexError, KeyError, TypeError, ValueError, RecursionError):
                # A value built or edited by hand whose fields do not fit together.
                named = _KINDS.get(type(value))
                if named is not None:
                    raise _inconsistent("dumps()", named) from None
                raise InvalidStateError(
                    f"cannot write this {type(value).__name__} as JSON: it is inconsistent"
                ) from None
    raise InvalidNotationError(f"cannot write {type(value).__name__} as JSON")


@overload
def loads(text: str | bytes, *, max_size: int = MAX_SIZE) -> Serializable: ...
@overload
def loads(text: str | bytes, expected: type[_T], *, max_size: int = MAX_SIZE) -> _T: ...
def loads(
    text: str | bytes, expected: type[Any] | None = None, *, max_size: int = MAX_SIZE
) -> Serializable:
    """Read a document written by `dumps`.

    Args:
        text: The JSON text, or its UTF-8 bytes. One leading byte-order mark is ignored.
        expected: The type the caller expects (`State`, `View`, `Match`, …): a document of
            another type is refused, and the result is typed as ``expected``, so
            ``loads(text, View)`` is a `View` to a type checker. ``None`` (the default)
            reads any document.
        max_size: The longest text accepted, in characters (in bytes for ``bytes``, checked
            before decoding), not counting spaces and line breaks, so that an indented
            document reads as its one-line form does; the whole text, layout included, may
            be at most 64 times as long.

    Raises:
        InvalidNotationError: the text is not such a document (bad JSON, too large or too
            deep, a missing, unknown or misspelled field, an extra list entry, a value of the
            wrong kind, a document of another type than ``expected``).
        InvalidStateError: a state or match whose fields break the rules or disagree with a
            replay of its moves.

    Examples:
        >>> import briscola
        >>> text = briscola.dumps(briscola.observe(briscola.new_game("classic", seed=7), 0))
        >>> view = loads(text, briscola.View)  # typed: a View
        >>> view.seat
        0
        >>> loads(text, briscola.State)
        Traceback (most recent call last):
          ...
        briscola.errors.InvalidNotationError: document.type: expected 'state', not 'view'
    """
    check_max_size(max_size)
    wanted = _wanted_kinds(expected)
    if isinstance(text, bytes | bytearray):
        if too_long := _too_long(text, max_size, "bytes"):
            raise InvalidNotationError(too_long)
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidNotationError("the text is not UTF-8") from None
    elif not isinstance(text, str):
        raise InvalidNotationError(f"a JSON document is text, not {type(text).__name__}")
    elif too_long := _too_long(text, max_size, "characters"):
        raise InvalidNotationError(too_long)
    text = text.removeprefix("\ufeff")  # one byte-order mark, as some editors write
    if text.startswith("\ufeff"):
        raise InvalidNotationError("the text starts with more than one byte-order mark")
    _check_depth(text)
    try:
        document = json.loads(
            text,
            parse_int=_json_int,
            parse_constant=_no_constant,
            object_pairs_hook=_no_duplicate_keys,
        )
    except BriscolaError:
        raise
    except (ValueError, RecursionError) as error:
        raise InvalidNotationError(f"not valid JSON: {str(error)[:120]}") from None
    reader = _Reader(document, "document")
    kind = reader.get("type", str)
    version = reader.get("format", int)
    if version != FORMAT:
        raise InvalidNotationError(f"document.format: version {quote(version)} is not {FORMAT}")
    if kind not in _DECODERS:
        raise InvalidNotationError(
            f"document.type: {quote(kind)} is not one of {', '.join(map(repr, _DECODERS))}"
        )
    if wanted is not None and kind not in wanted:
        raise InvalidNotationError(
            f"document.type: expected {' or '.join(map(repr, wanted))}, not {quote(kind)}"
        )
    value = _DECODERS[kind](reader)
    reader.done()
    if expected is not None and not isinstance(value, expected):
        raise InvalidNotationError(
            f"document: expected a {expected.__name__}, not a {type(value).__name__}"
        )
    return value


def _wanted_kinds(expected: object) -> tuple[str, ...] | None:
    """The document types that can give an ``expected`` value."""
    if expected is None:
        return None
    if isinstance(expected, type):
        kinds = tuple(
            kind
            for kind, (cls, _) in _ENCODERS.items()
            if issubclass(expected, cls) or issubclass(cls, expected)
        )
        if kinds:
            return kinds
    names = ", ".join(cls.__name__ for cls, _ in _ENCODERS.values())
    raise InvalidNotationError(f"loads() reads one of {names}, not {quote(expected, 60)}")


SCHEMA_NAMES: Final = (
    "state",
    "view",
    "rules",
    "move",
    "score",
    "record",
    "match",
    "match_view",
    "match_score",
    "match_record",
)
"""The names of the JSON Schemas shipped with the package, one per document type."""


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the documents of type ``name``, as shipped with
    the package (``briscola/schemas/<name>.schema.json``).

    The schemas refer to each other by ``$ref`` (``move.schema.json``,
    ``rules.schema.json``, …): give a validator all of them, keyed by their ``$id``.

    Raises:
        InvalidNotationError: if ``name`` is not one of `SCHEMA_NAMES`.

    Examples:
        >>> schema("move")["$id"]
        'https://briscola.invalid/schemas/move.schema.json'
    """
    if type(name) is not str or name not in SCHEMA_NAMES:
        raise InvalidNotationError(
            f"no schema named {quote(name)}: use one of {', '.join(SCHEMA_NAMES)}"
        )
    text = (
        resources.files(__package__)
        .joinpath("schemas", f"{name}.schema.json")
        .read_text(encoding="utf-8")
    )
    value: dict[str, Any] = json.loads(text)
    return value


# --- safety ----------------------------------------------------------------------------------


# Strings (an unclosed one runs to the end) and everything but brackets, dropped by the
# regular expression engine so that only the brackets are counted one by one.
_STRINGS: Final = re.compile(r'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_BYTE_STRINGS: Final = re.compile(rb'"(?:[^"\\]++|\\.)*+"?', re.DOTALL)
_NOT_BRACKETS: Final = re.compile(r"[^\[\]{}]++")


def _check_depth(text: str) -> None:
    depth = 0
    for char in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise InvalidNotationError(f"the text is nested deeper than {MAX_DEPTH} levels")
        else:
            depth -= 1


# The spaces and line breaks of an indented document are not counted against `max_size`:
# `dumps(value, indent=MAX_INDENT)` of a long match is over 25 times its compact size, and
# reading it is no more work. The whole text is still bounded, at `_LAYOUT_ALLOWANCE` times.
_LAYOUT_ALLOWANCE: Final = 64


def _as_typed(text: str) -> str:
    """``text`` quoted as typed, but with a letter or digit from beyond ASCII escaped: the
    Kelvin sign reads as K, and ``'KC'`` beside ``'KC'`` would not say what to change."""
    if all(char.isascii() or not char.isalnum() for char in text):
        return repr(text)
    return ascii(text)


def _too_long(text: str | bytes | bytearray, max_size: int, unit: str) -> str | None:
    """Why ``text`` is too long to read, or ``None``."""
    if len(text) <= max_size:
        return None
    if len(text) > _LAYOUT_ALLOWANCE * max_size:
        return (
            f"the text is longer than {_LAYOUT_ALLOWANCE * max_size} {unit}, spaces and line "
            f"breaks included ({_LAYOUT_ALLOWANCE} times max_size)"
        )
    # Only the layout between values is discounted: spaces inside strings are content. All
    # of them, counted first, already refuse most long texts without a pass of the regex.
    longer = f"the text is longer than {max_size} {unit} (not counting spaces and line breaks)"
    if len(text) - _layout(text) > max_size:
        return longer
    between = _STRINGS.sub("", text) if isinstance(text, str) else _BYTE_STRINGS.sub(b"", text)
    return longer if len(text) - _layout(between) > max_size else None


def _layout(text: str | bytes | bytearray) -> int:
    """How many spaces, tabs and line breaks ``text`` holds."""
    if isinstance(text, str):
        return text.count(" ") + text.count("\n") + text.count("\r") + text.count("\t")
    return text.count(b" ") + text.count(b"\n") + text.count(b"\r") + text.count(b"\t")


def _json_int(text: str) -> int:
    # Read in pieces past 600 digits, so that the limit a process may set on int(text)
    # (sys.set_int_max_str_digits) neither refuses nor admits a document: Python's default
    # of 4,300 digits holds everywhere.
    number = int(text) if len(text) <= 600 else seed_from_text(text)
    if number is None:
        raise InvalidNotationError(
            f"not valid JSON: a number of {len(text.lstrip('-'))} digits; a JSON number holds "
            f"at most {DECIMAL_DIGITS:,} digits"
        )
    return number


def _no_constant(name: str) -> None:
    raise InvalidNotationError(f"not valid JSON: {name} is not a number")


def _no_duplicate_keys(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
    result: dict[str, JSON] = {}
    for key, value in pairs:
        if key in result:
            raise InvalidNotationError(f"the key {quote(key)} appears twice in one object")
        result[key] = value
    return result


class _Reader:
    """Reads one JSON object field by field, naming the path of every problem."""

    def __init__(self, value: JSON, path: str) -> None:
        if not isinstance(value, dict):
            raise InvalidNotationError(f"{path}: expected an object, not {_kind(value)}")
        self.value = value
        self.path = path
        self.seen: set[str] = set()

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in self.value:
            raise InvalidNotationError(f"{self.path}: the field {quote(key)} is missing")
        self.seen.add(key)
        return _expect(self.value[key], kind, f"{self.path}.{key}")

    def child(self, key: str) -> _Reader:
        self.seen.add(key)
        if key not in self.value:
            raise InvalidNotationError(f"{self.path}: the field {quote(key)} is missing")
        return _Reader(self.value[key], f"{self.path}.{key}")

    def done(self) -> None:
        extra = sorted(set(self.value) - self.seen)
        if extra:
            raise InvalidNotationError(f"{self.path}: unknown field {quote(extra[0])}")


def _kind(value: JSON) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "a string",
        bool: "a boolean",
        int: "a whole number",
        float: "a fraction",
    }.get(type(value), "null")


def _expect(value: JSON, kind: type | tuple[type, ...], path: str) -> Any:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if type(value) is bool and bool not in kinds:
        raise InvalidNotationError(f"{path}: expected {_names(kinds)}, not a boolean")
    if not isinstance(value, kinds):
        raise InvalidNotationError(f"{path}: expected {_names(kinds)}, not {_kind(value)}")
    return value


def _names(kinds: tuple[type, ...]) -> str:
    words = {int: "a whole number", str: "a string", list: "a list", bool: "a boolean"}
    return " or ".join(words.get(kind, "null") for kind in kinds)


def _card(value: JSON, path: str) -> Card:
    code = _expect(value, str, path)
    if len(code) != 2:
        raise InvalidNotationError(f"{path}: {code[:10]!r} is not a card code")
    try:
        card = Card.parse(code)
    except InvalidNotationError:
        raise InvalidNotationError(f"{path}: {quote(code, 10)} is not a card code") from None
    if str(card) != code:
        raise InvalidNotationError(f"{path}: write the card {_as_typed(code)} as {str(card)!r}")
    return card


def _cards(value: JSON, path: str, *, limit: int = 40, once: bool = True) -> tuple[Card, ...]:
    items = _expect(value, list, path)
    if len(items) > limit:
        raise InvalidNotationError(f"{path}: more than {limit} cards")
    cards = tuple(_card(item, f"{path}[{i}]") for i, item in enumerate(items))
    if once and len(set(cards)) != len(cards):  # but a seat may receive a card twice
        twice = next(card for i, card in enumerate(cards) if card in cards[:i])
        raise InvalidNotationError(f"{path}: {twice} appears twice")
    return cards


def _number(value: JSON, path: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    number = _expect(value, int, path)
    if not low <= number <= high:
        raise InvalidNotationError(f"{path}: {quote(number)} is not from {low} to {high}")
    return number  # type: ignore[no-any-return]


def _items(value: JSON, path: str, limit: int, what: str = "entries") -> list[JSON]:
    """A list of at most ``limit`` entries: a longer one is refused, never cut short."""
    items: list[JSON] = _expect(value, list, path)
    if len(items) > limit:
        raise InvalidNotationError(f"{path}: more than {limit} {what}")
    return items


def _per_seat(value: JSON, path: str, r: Rules) -> list[JSON]:
    """A list with exactly one entry per seat of ``r``."""
    items: list[JSON] = _expect(value, list, path)
    if len(items) != r.players:
        raise InvalidNotationError(
            f"{path}: expected one entry per seat ({r.players}), not {len(items)}"
        )
    return items


def _optional_card(value: JSON, path: str) -> Card | None:
    return None if value is None else _card(value, path)


def _move(value: JSON, path: str) -> Move:
    text = _expect(value, str, path)
    try:
        move = parse_move(text[:80])
    except BriscolaError:
        raise InvalidNotationError(f"{path}: {text[:40]!r} is not a move") from None
    if str(move) != text:
        raise InvalidNotationError(
            f"{path}: write the move {_as_typed(text[:40])} as {str(move)!r}"
        )
    return move


def _suit(value: JSON, path: str) -> Suit | None:
    if value is None:
        return None
    code = _expect(value, str, path)
    try:
        return Suit(code)
    except ValueError:
        raise InvalidNotationError(f"{path}: {code[:10]!r} is not a suit code") from None


def _int_list(
    value: JSON, path: str, *, limit: int = 6, low: int | None = None, high: int | None = None
) -> tuple[int, ...]:
    items = _expect(value, list, path)
    if len(items) > limit:
        raise InvalidNotationError(f"{path}: more than {limit} numbers")
    if low is None or high is None:
        return tuple(_expect(item, int, f"{path}[{i}]") for i, item in enumerate(items))
    return tuple(_number(item, f"{path}[{i}]", low, high) for i, item in enumerate(items))


def _winners(value: JSON, path: str, seats: int) -> frozenset[int]:
    """A set of seats, written as `dumps` writes it: distinct, in increasing order."""
    numbers = _int_list(value, path)
    if list(numbers) != sorted(set(numbers)) or any(seat < 0 for seat in numbers):
        raise InvalidNotationError(f"{path}: expected different seats in increasing order")
    for seat in numbers:
        if seat >= seats:
            raise InvalidNotationError(f"{path}: {seat} is not one of the {seats} seats")
    return frozenset(numbers)


def _seat(value: JSON, path: str, r: Rules) -> int:
    seat = _expect(value, int, path)
    if not 0 <= seat < r.players:
        raise InvalidNotationError(f"{path}: {quote(seat)} is not a seat of {r.variant!r}")
    return seat  # type: ignore[no-any-return]


def _optional_seat(value: JSON, path: str, r: Rules) -> int | None:
    return None if value is None else _seat(value, path, r)


# --- rules, moves, scores --------------------------------------------------------------------


def _plain(value: object) -> JSON:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


def _encode_rules(r: Rules) -> dict[str, JSON]:
    return {"variant": r.variant, "options": {k: _plain(v) for k, v in r.options.items()}}


def _decode_rules(reader: _Reader) -> Rules:
    variant = reader.get("variant", str)
    options_reader = reader.child("options")
    written: dict[str, JSON] = dict(options_reader.value)
    options: dict[str, object] = {}
    for name, value in written.items():
        if name not in OPTIONS:
            raise InvalidNotationError(f"{options_reader.path}: unknown option {name[:40]!r}")
        options_reader.seen.add(name)
        where = f"{options_reader.path}.{name}"
        if isinstance(value, list):
            value = tuple(
                _expect(item, str, f"{where}[{i}]")
                for i, item in enumerate(_items(value, where, 20))
            )
        elif isinstance(value, dict | float):
            raise InvalidNotationError(f"{where}: not a valid value")
        options[name] = value
    reader.done()
    try:
        r = rules(variant, **options)  # type: ignore[arg-type]
    except (BriscolaError, TypeError, ValueError) as error:
        raise InvalidNotationError(f"{reader.path}: {str(error)[:200]}") from None
    # `rules` reads many spellings; a document holds the one `dumps` writes, as the
    # schema says, so that every reader of the format reads the same documents.
    if variant != r.variant:
        raise InvalidNotationError(
            f"{reader.path}.variant: write the preset id {r.variant!r}, not {quote(variant, 40)}"
        )
    for name, value in written.items():
        canonical = _plain(getattr(r, name))
        if not same(value, canonical):
            raise InvalidNotationError(
                f"{options_reader.path}.{name}: write {json.dumps(canonical)}, not "
                f"{json.dumps(value)[:40]}"
            )
    return r


def _rules_at(reader: _Reader, key: str = "rules") -> Rules:
    return _decode_rules(reader.child(key))


def _encode_move(move: Move) -> dict[str, JSON]:
    text = str(move)
    # A move object no deal offers (a point bid of seven digits or below zero, a signal
    # token in small letters) may have a notation that reads back otherwise, or not at all.
    try:
        same = parse_move(text) == move
    except InvalidMoveError:
        same = False
    if not same:
        raise InvalidNotationError(
            f"{quote(move, 60)} cannot be written: its notation {quote(text, 40)} does not "
            "read back as the same move (point bids are read from 0 to 999999, signal "
            "tokens in capitals)"
        )
    return {"move": text}


def _decode_move(reader: _Reader) -> Move:
    move = _move(reader.get("move", str), f"{reader.path}.move")
    reader.done()
    return move


def _encode_score(result: Score) -> dict[str, JSON]:
    return {
        "points": list(result.points),
        "deltas": list(result.deltas),
        "winners": sorted(result.winners),
        "final": result.final,
        "void": result.void,
        "team_points": list(result.team_points),
        "caller": result.caller,
        "target": result.target,
        "called_card": None if result.called_card is None else str(result.called_card),
        "partner": result.partner,
        "solo": result.solo,
        "cappotto": result.cappotto,
    }


def _decode_score(reader: _Reader) -> Score:
    path = reader.path
    points = _int_list(reader.get("points", list), f"{path}.points", low=0, high=120)
    deltas = _int_list(reader.get("deltas", list), f"{path}.deltas")
    seats = len(points)  # a score names no variant: its seats are those it gives points
    if not 2 <= seats <= 6 or len(deltas) != seats:
        raise InvalidNotationError(
            f"{path}.points: points and deltas give one number for each of 2 to 6 seats"
        )

    def seat(key: str) -> int | None:
        value = reader.get(key, (int, type(None)))
        return None if value is None else _number(value, f"{path}.{key}", 0, seats - 1)

    result = Score(
        points=points,
        deltas=deltas,
        winners=_winners(reader.get("winners", list), f"{path}.winners", seats),
        final=reader.get("final", bool),
        void=reader.get("void", bool),
        team_points=_int_list(
            reader.get("team_points", list), f"{path}.team_points", low=0, high=120
        ),
        caller=seat("caller"),
        target=_target(reader.get("target", (int, type(None))), f"{path}.target"),
        called_card=_optional_card(reader.get("called_card", (str, type(None))), path),
        partner=seat("partner"),
        solo=reader.get("solo", (bool, type(None))),
        cappotto=reader.get("cappotto", (bool, type(None))),
    )
    reader.done()
    return result


def _target(value: int | None, path: str) -> int | None:
    """Chiamata's target: the card points the caller's side needs, 60 to 120."""
    return None if value is None else _number(value, path, 60, 120)


# --- states ----------------------------------------------------------------------------------


def _encode_state(state: State) -> dict[str, JSON]:
    return {
        "rules": _encode_rules(state.rules),
        "dealer": state.dealer,
        "deck": [str(card) for card in state.deck],
        "trump_suit": None if state.trump_suit is None else state.trump_suit.value,
        "moves": [[seat, str(move)] for seat, move in state.history],
        "phase": state.phase.value,
        "turn": state.turn,
        "hands": [[str(card) for card in hand] for hand in state.hands],
        "trick": [str(card) for card in state.trick],
        "points": list(state.points),
    }


def _decode_state(reader: _Reader) -> State:
    r = _rules_at(reader)
    path = reader.path
    dealer = _seat(reader.get("dealer", int), f"{path}.dealer", r)
    deck = _cards(reader.get("deck", list), f"{path}.deck")
    trump_suit = _suit(reader.get("trump_suit", (str, type(None))), f"{path}.trump_suit")
    moves = _items(reader.get("moves", list), f"{path}.moves", MAX_MOVES, "moves")
    try:
        # The document gives the state's trump suit: deal_from reads it only under a
        # separate flip, and the replay is compared with it below.
        state = deal_from(r, deck, dealer, trump_suit)
    except BriscolaError as error:
        raise InvalidStateError(f"{path}.deck: {error}") from None
    for i, entry in enumerate(moves):
        where = f"{path}.moves[{i}]"
        pair = _expect(entry, list, where)
        if len(pair) != 2:
            raise InvalidNotationError(f"{where}: expected [seat, move]")
        seat = _seat(pair[0], f"{where}[0]", r)
        move = _move(pair[1], f"{where}[1]")
        if state.phase is Phase.OVER:
            raise InvalidStateError(f"{where}: the deal is already over")
        if state.turn != seat:
            raise InvalidStateError(f"{where}: it is not seat {seat}'s turn")
        try:
            state = _apply(state, move)
        except IllegalMoveError as error:
            raise InvalidStateError(f"{where}: {error}") from None
    if trump_suit != state.trump_suit:
        raise InvalidStateError(f"{path}.trump_suit: the replay gives {_code(state.trump_suit)}")
    checks: Mapping[str, tuple[JSON, JSON]] = {
        "phase": (reader.get("phase", str), state.phase.value),
        "turn": (
            _optional_seat(reader.get("turn", (int, type(None))), f"{path}.turn", r),
            state.turn,
        ),
        "hands": (
            tuple(
                _cards(hand, f"{path}.hands[{i}]")
                for i, hand in enumerate(_per_seat(reader.get("hands", list), f"{path}.hands", r))
            ),
            state.hands,
        ),
        "trick": (_cards(reader.get("trick", list), f"{path}.trick", limit=6), state.trick),
        "points": (_int_list(reader.get("points", list), f"{path}.points"), state.points),
    }
    for name, (written, replayed) in checks.items():
        if written != replayed:
            raise InvalidStateError(f"{path}.{name} does not match a replay of the moves")
    return state


def _apply(state: State, move: Move) -> State:
    return apply(state, move)


def _apply_match(match: Match, move: Move) -> Match:
    return match_apply(match, move, None, None)


def _code(suit: Suit | None) -> str:
    return "no trump suit" if suit is None else suit.value


# --- views -----------------------------------------------------------------------------------


def _encode_trick(trick: Trick) -> dict[str, JSON]:
    return {
        "leader": trick.leader,
        "cards": [str(card) for card in trick.cards],
        "winner": trick.winner,
        "seats": list(trick.seats),
    }


def _decode_trick(value: JSON, path: str, r: Rules) -> Trick:
    reader = _Reader(value, path)
    trick = Trick(
        _seat(reader.get("leader", int), f"{path}.leader", r),
        _cards(reader.get("cards", list), f"{path}.cards", limit=6),
        _seat(reader.get("winner", int), f"{path}.winner", r),
        tuple(
            _seat(s, f"{path}.seats[{i}]", r)
            for i, s in enumerate(_items(reader.get("seats", list), f"{path}.seats", 6, "seats"))
        ),
    )
    reader.done()
    if len(trick.seats) != len(trick.cards):
        raise InvalidNotationError(f"{path}.seats: one seat per card of the trick")
    if len(set(trick.seats)) != len(trick.seats):
        raise InvalidNotationError(f"{path}.seats: a seat plays once to a trick")
    return trick


def _encode_view(view: View) -> dict[str, JSON]:
    def cards(values: tuple[Card, ...] | None) -> JSON:
        return None if values is None else [str(card) for card in values]

    return {
        "rules": _encode_rules(view.rules),
        "seat": view.seat,
        "phase": view.phase.value,
        "dealer": view.dealer,
        "teams": [list(team) for team in view.teams],
        "hand": cards(view.hand),
        "hands": [cards(hand) for hand in view.hands],
        "hand_sizes": list(view.hand_sizes),
        "known_cards": [cards(known) for known in view.known_cards],
        "shown": [[seat, cards(hand)] for seat, hand in view.shown],
        "removed": cards(view.removed),
        "initial_trump_card": (
            None if view.initial_trump_card is None else str(view.initial_trump_card)
        ),
        "trump_card": None if view.trump_card is None else str(view.trump_card),
        "trump_suit": None if view.trump_suit is None else view.trump_suit.value,
        "stock_size": view.stock_size,
        "stock": cards(view.stock),
        "leader": view.leader,
        "turn": view.turn,
        "trick": cards(view.trick),
        "trick_seats": list(view.trick_seats),
        "tricks": [_encode_trick(trick) for trick in view.tricks],
        "history": [[seat, str(move)] for seat, move in view.history],
        "ply": view.ply,
        "score": _encode_score(view.score),
        "legal_moves": [str(move) for move in view.legal_moves],
        "caller": view.caller,
        "target": view.target,
        "called_card": None if view.called_card is None else str(view.called_card),
        "partner": view.partner,
        "received": cards(view.received),
        "dealt_stock": cards(view.dealt_stock),
    }


def _decode_view(reader: _Reader) -> View:
    r = _rules_at(reader)
    p = reader.path
    none = type(None)

    def cards_or_none(key: str) -> tuple[Card, ...] | None:
        value = reader.get(key, (list, none))
        return None if value is None else _cards(value, f"{p}.{key}")

    def per_seat(key: str, *, nullable: bool, limit: int = 40) -> tuple[Any, ...]:
        items = _per_seat(reader.get(key, list), f"{p}.{key}", r)
        return tuple(
            None if item is None and nullable else _cards(item, f"{p}.{key}[{i}]", limit=limit)
            for i, item in enumerate(items)
        )

    try:
        phase = Phase(reader.get("phase", str))
    except ValueError:
        raise InvalidNotationError(f"{p}.phase: not a phase") from None
    shown_items = _items(reader.get("shown", list), f"{p}.shown", 12)
    history_items = _items(reader.get("history", list), f"{p}.history", MAX_MOVES, "moves")
    view = View(
        rules=r,
        seat=_optional_seat(reader.get("seat", (int, none)), f"{p}.seat", r),
        phase=phase,
        dealer=_seat(reader.get("dealer", int), f"{p}.dealer", r),
        hand=_cards(reader.get("hand", list), f"{p}.hand", limit=MAX_HAND),
        hands=per_seat("hands", nullable=True, limit=MAX_HAND),
        hand_sizes=tuple(
            _number(size, f"{p}.hand_sizes[{i}]", 0, MAX_HAND)
            for i, size in enumerate(
                _per_seat(reader.get("hand_sizes", list), f"{p}.hand_sizes", r)
            )
        ),
        known_cards=per_seat("known_cards", nullable=False),
        shown=tuple(
            (
                _seat(_expect(item, list, f"{p}.shown[{i}]")[0], f"{p}.shown[{i}]", r),
                _cards(item[1], f"{p}.shown[{i}]"),
            )
            for i, item in enumerate(shown_items)
            if _pair(item, f"{p}.shown[{i}]")
        ),
        removed=_cards(reader.get("removed", list), f"{p}.removed", limit=MAX_REMOVED),
        initial_trump_card=_optional_card(
            reader.get("initial_trump_card", (str, none)), f"{p}.initial_trump_card"
        ),
        trump_card=_optional_card(reader.get("trump_card", (str, none)), f"{p}.trump_card"),
        trump_suit=_suit(reader.get("trump_suit", (str, none)), f"{p}.trump_suit"),
        stock_size=_number(reader.get("stock_size", int), f"{p}.stock_size", 0, MAX_STOCK),
        stock=cards_or_none("stock"),
        leader=_seat(reader.get("leader", int), f"{p}.leader", r),
        turn=_optional_seat(reader.get("turn", (int, none)), f"{p}.turn", r),
        trick=_cards(reader.get("trick", list), f"{p}.trick", limit=6),
        tricks=tuple(
            _decode_trick(item, f"{p}.tricks[{i}]", r)
            for i, item in enumerate(
                _items(reader.get("tricks", list), f"{p}.tricks", MAX_TRICKS, "tricks")
            )
        ),
        history=tuple(
            (
                _seat(_expect(item, list, f"{p}.history[{i}]")[0], f"{p}.history[{i}]", r),
                _move(item[1], f"{p}.history[{i}]"),
            )
            for i, item in enumerate(history_items)
            if _pair(item, f"{p}.history[{i}]")
        ),
        ply=_ply(reader.get("ply", int), f"{p}.ply", len(history_items)),
        score=_decode_score(reader.child("score")),
        legal_moves=tuple(
            _move(item, f"{p}.legal_moves[{i}]")
            for i, item in enumerate(
                _items(reader.get("legal_moves", list), f"{p}.legal_moves", 200, "moves")
            )
        ),
        caller=_optional_seat(reader.get("caller", (int, none)), f"{p}.caller", r),
        target=_target(reader.get("target", (int, none)), f"{p}.target"),
        called_card=_optional_card(reader.get("called_card", (str, none)), f"{p}.called_card"),
        partner=_optional_seat(reader.get("partner", (int, none)), f"{p}.partner", r),
        # Optional: views written before the field existed load with an empty order.
        received=_cards(
            reader.get("received", list), f"{p}.received", limit=MAX_RECEIVED, once=False
        )
        if "received" in reader.value
        else (),
        dealt_stock=cards_or_none("dealt_stock") if "dealt_stock" in reader.value else None,
    )
    # Read from the fields, written for clients in other languages; optional, as views
    # written before they were added load without them.
    for key, derived, source in (
        ("teams", view.teams, "rules and dealer"),
        ("trick_seats", view.trick_seats, "dealer, leader and trick"),
    ):
        if key in reader.value:
            written = reader.get(key, list)
            if not same(written, json.loads(json.dumps(derived))):
                raise InvalidNotationError(
                    f"{p}.{key}: the view's {source} give {json.dumps(derived)}, not "
                    f"{quote(written, 60)}"
                )
    reader.done()
    return view


def _ply(value: int, path: str, history: int) -> int:
    # The ply may exceed the visible history by the moves hidden from this seat: the suit
    # named under first_trick_blind (§2.5.8) is kept from the other seats until trick 1 ends.
    if not 0 <= value <= min(history + 1, MAX_MOVES):
        raise InvalidNotationError(f"{path}: not the number of moves made in the deal")
    return value


def _pair(item: JSON, path: str) -> bool:
    if not isinstance(item, list) or len(item) != 2:
        raise InvalidNotationError(f"{path}: expected a pair")
    return True


# --- records ---------------------------------------------------------------------------------


def _seed_number(seed: int) -> int:
    """A seed as a JSON number: at most 4,300 digits, Python's default limit, so that every
    process reads the document back whatever limit the writing one had set."""
    if not -DECIMAL_LIMIT < seed < DECIMAL_LIMIT:
        raise InvalidNotationError(
            f"a seed of {seed.bit_length()} bits has too many digits for a JSON number "
            f"(at most {DECIMAL_DIGITS:,}); a record's text form (to_text) can hold it"
        )
    try:
        str(seed)
    except ValueError:  # json writes numbers with str(), which obeys the process's limit
        raise InvalidNotationError(
            f"a seed of {seed.bit_length()} bits has more digits than this process writes "
            f"(sys.set_int_max_str_digits({sys.get_int_max_str_digits()}))"
        ) from None
    return seed


def _encode_record(record: Record) -> dict[str, JSON]:
    return {
        "rules": _encode_rules(record.rules),
        "dealer": record.dealer,
        "deck": None if record.deck is None else [str(card) for card in record.deck],
        "seed": None if record.seed is None else _seed_number(record.seed),
        "trump_suit": None if record.trump_suit is None else record.trump_suit.value,
        "moves": [str(move) for move in record.moves],
        "tags": [[name, value] for name, value in record.tags],
    }


def _decode_record(reader: _Reader) -> Record:
    r = _rules_at(reader)
    p = reader.path
    deck_value = reader.get("deck", (list, type(None)))
    seed = reader.get("seed", (int, type(None)))
    if (deck_value is None) == (seed is None):
        raise InvalidNotationError(f"{p}: give exactly one of deck and seed")
    moves = _items(reader.get("moves", list), f"{p}.moves", MAX_MOVES, "moves")
    dealer = _seat(reader.get("dealer", int), f"{p}.dealer", r)
    played = tuple(_move(move, f"{p}.moves[{i}]") for i, move in enumerate(moves))
    deck = None if deck_value is None else _cards(deck_value, f"{p}.deck")
    trump_suit = _suit(reader.get("trump_suit", (str, type(None))), f"{p}.trump_suit")
    tags = _tags(reader)
    reader.done()
    return _built(
        p, Record, r, dealer, played, deck=deck, seed=seed, trump_suit=trump_suit, tags=tags
    )


def _tags(reader: _Reader) -> tuple[tuple[str, str], ...]:
    """The free tags of a record document, each a pair of texts."""
    p = reader.path
    tags = _items(reader.get("tags", list), f"{p}.tags", MAX_TAGS, "tags")
    return tuple(
        (_expect(tag[0], str, f"{p}.tags[{i}]"), _expect(tag[1], str, f"{p}.tags[{i}]"))
        for i, tag in enumerate(tags)
        if _pair(tag, f"{p}.tags[{i}]")
    )


_Built = TypeVar("_Built", Record, MatchRecord)


def _built(path: str, kind: type[_Built], *args: Any, **kwargs: Any) -> _Built:
    """``kind(*args, **kwargs)``, its own checks' errors named by the document's ``path``."""
    try:
        return kind(*args, **kwargs)
    except (RulesError, InvalidNotationError) as error:
        raise InvalidNotationError(f"{path}: {error}") from None


# --- matches ---------------------------------------------------------------------------------


def _match_deals(match: Match) -> tuple[State, ...]:
    """Every deal of ``match`` as played: the finished ones, then the one in progress."""
    if len(match.deals) != len(match.results):
        raise InvalidNotationError(
            "cannot write this match: it does not hold its finished deals (build matches "
            "with new_match and apply)"
        )
    if match_score(match).final:
        return match.deals
    return match.deals + (match.state,)


def _encode_match(match: Match) -> dict[str, JSON]:
    deals = _match_deals(match)
    return {
        "rules": _encode_rules(match.rules),
        "match_format": str(match.format),
        "seed": _seed_number(match.seed),
        "dealer": deals[0].dealer,
        "dealer_rotation": match.dealer_rotation.value,
        "redeal_same_dealer_after_draw": match.redeal_same_dealer_after_draw,
        "redeal_same_dealer_after_void": match.redeal_same_dealer_after_void,
        "cappotto_wins_match": match.cappotto_wins_match,
        "deals": [
            {
                "dealer": deal.dealer,
                "moves": [[seat, str(move)] for seat, move in deal.history],
            }
            for deal in deals
        ],
        "score": _encode_match_score(match_score(match)),
    }


def _match_format(reader: _Reader, key: str = "match_format") -> Any:
    text = reader.get(key, str)
    try:
        fmt = parse_format(text)
    except RulesError:
        raise InvalidNotationError(
            f"{reader.path}.{key}: {text[:40]!r} is not a match format"
        ) from None
    if str(fmt) != text:  # one spelling, the one the schema describes
        raise InvalidNotationError(f"{reader.path}.{key}: write {text[:40]!r} as {str(fmt)!r}")
    return fmt


def _decode_match(reader: _Reader) -> Match:
    r = _rules_at(reader)
    p = reader.path
    fmt = _match_format(reader)
    seed = reader.get("seed", int)
    dealer = _seat(reader.get("dealer", int), f"{p}.dealer", r)
    rotation = reader.get("dealer_rotation", str)
    if rotation not in tuple(DealerRotation):
        raise InvalidNotationError(f"{p}.dealer_rotation: {rotation[:40]!r} is not a rotation")
    options = match_options(
        DealerRotation(rotation),
        reader.get("redeal_same_dealer_after_draw", bool),
        reader.get("redeal_same_dealer_after_void", bool),
        reader.get("cappotto_wins_match", bool),
    )
    deals = _items(reader.get("deals", list), f"{p}.deals", MAX_DEALS, "deals")
    try:
        match = new_match(r, format=fmt, seed=seed, dealer=dealer, **options)
    except RulesError as error:
        raise InvalidNotationError(f"{p}: {error}") from None
    for number, value in enumerate(deals):
        where = f"{p}.deals[{number}]"
        deal = _Reader(value, where)
        written_dealer = _seat(deal.get("dealer", int), f"{where}.dealer", r)
        moves = _items(deal.get("moves", list), f"{where}.moves", MAX_MOVES, "moves")
        deal.done()
        if number < len(match.results):  # over as soon as it was dealt (an annulled hand)
            replayed_dealer = match.results[number].dealer
        elif number == len(match.results) and not match_score(match).final:
            replayed_dealer = match.state.dealer
        else:
            raise InvalidStateError(f"{where}: the replay has no such deal")
        if written_dealer != replayed_dealer:
            raise InvalidStateError(f"{where}.dealer: the replay gives seat {replayed_dealer}")
        for i, entry in enumerate(moves):
            at = f"{where}.moves[{i}]"
            pair = _expect(entry, list, at)
            if len(pair) != 2:
                raise InvalidNotationError(f"{at}: expected [seat, move]")
            seat = _seat(pair[0], f"{at}[0]", r)
            move = _move(pair[1], f"{at}[1]")
            if len(match.results) > number:
                raise InvalidStateError(f"{at}: the deal is already over")
            if match.state.turn != seat:
                raise InvalidStateError(f"{at}: it is not seat {seat}'s turn")
            try:
                match = _apply_match(match, move)
            except IllegalMoveError as error:
                raise InvalidStateError(f"{at}: {error}") from None
        if number < len(deals) - 1 and len(match.results) <= number:
            raise InvalidStateError(f"{where}: the deal is not over, yet another one follows")
    replayed = len(_match_deals(match))
    if len(deals) != replayed:
        raise InvalidStateError(
            f"{p}.deals lists {count(len(deals), 'deal')}, but the replay gives "
            f"{count(replayed, 'deal')}"
        )
    written = _decode_match_score(reader.child("score"))
    if written != match_score(match):
        raise InvalidStateError(f"{p}.score does not match a replay of the moves")
    return match


def _encode_match_score(standing: MatchScore) -> dict[str, JSON]:
    return {
        "totals": list(standing.totals),
        "game_points": list(standing.game_points),
        "card_points": list(standing.card_points),
        "deals_won": list(standing.deals_won),
        "deals_played": standing.deals_played,
        "winners": sorted(standing.winners),
        "final": standing.final,
    }


def _decode_match_score(reader: _Reader) -> MatchScore:
    p = reader.path

    def per_seat(key: str, low: int | None = None) -> tuple[int, ...]:
        numbers = _int_list(reader.get(key, list), f"{p}.{key}")
        if len(numbers) < 2:
            raise InvalidNotationError(f"{p}.{key}: expected one number per seat, 2 to 6")
        for i, number in enumerate(numbers):
            if low is not None and number < low:
                raise InvalidNotationError(f"{p}.{key}[{i}]: {quote(number)} is below {low}")
        return numbers

    totals = per_seat("totals")
    standing = MatchScore(
        totals=totals,
        game_points=per_seat("game_points"),
        card_points=per_seat("card_points", 0),
        deals_won=per_seat("deals_won", 0),
        deals_played=_number(reader.get("deals_played", int), f"{p}.deals_played", 0, MAX_DEALS),
        winners=_winners(reader.get("winners", list), f"{p}.winners", len(totals)),
        final=reader.get("final", bool),
    )
    reader.done()
    return standing


def _encode_match_view(view: MatchView) -> dict[str, JSON]:
    return {
        "match_format": str(view.format),
        "results": [
            {"dealer": result.dealer, "score": _encode_score(result.score)}
            for result in view.results
        ],
        "score": _encode_match_score(view.score),
        "deal": _encode_view(view.deal),
    }


def _decode_match_view(reader: _Reader) -> MatchView:
    p = reader.path
    fmt = _match_format(reader)
    results = []
    for i, value in enumerate(_items(reader.get("results", list), f"{p}.results", MAX_DEALS)):
        entry = _Reader(value, f"{p}.results[{i}]")
        dealer = entry.get("dealer", int)
        if not 0 <= dealer < 6:
            raise InvalidNotationError(f"{entry.path}.dealer: {dealer} is not a seat")
        results.append(DealResult(dealer, _decode_score(entry.child("score"))))
        entry.done()
    standing = _decode_match_score(reader.child("score"))
    deal = _decode_view(reader.child("deal"))
    for i, result in enumerate(results):
        if result.dealer >= deal.rules.players:
            raise InvalidNotationError(
                f"{p}.results[{i}].dealer: {result.dealer} is not a seat of {deal.rules.variant!r}"
            )
    return MatchView(fmt, tuple(results), standing, deal)


def _encode_match_record(record: MatchRecord) -> dict[str, JSON]:
    return {
        "rules": _encode_rules(record.rules),
        "match_format": str(record.format),
        "seed": _seed_number(record.seed),
        "dealer": record.dealer,
        "dealer_rotation": record.dealer_rotation.value,
        "redeal_same_dealer_after_draw": record.redeal_same_dealer_after_draw,
        "redeal_same_dealer_after_void": record.redeal_same_dealer_after_void,
        "cappotto_wins_match": record.cappotto_wins_match,
        "deals": [[str(move) for move in moves] for moves in record.deals],
        "tags": [[name, value] for name, value in record.tags],
    }


def _decode_match_record(reader: _Reader) -> MatchRecord:
    r = _rules_at(reader)
    p = reader.path
    fmt = _match_format(reader)
    rotation = reader.get("dealer_rotation", str)
    if rotation not in tuple(DealerRotation):
        raise InvalidNotationError(f"{p}.dealer_rotation: {rotation[:40]!r} is not a rotation")
    deals = _items(reader.get("deals", list), f"{p}.deals", MAX_DEALS, "deals")
    seed = reader.get("seed", int)
    dealer = _seat(reader.get("dealer", int), f"{p}.dealer", r)
    played = tuple(
        tuple(
            _move(move, f"{p}.deals[{i}][{j}]")
            for j, move in enumerate(_items(moves, f"{p}.deals[{i}]", MAX_MOVES, "moves"))
        )
        for i, moves in enumerate(deals)
    )
    options = {
        name: reader.get(name, bool)
        for name in (
            "redeal_same_dealer_after_draw",
            "redeal_same_dealer_after_void",
            "cappotto_wins_match",
        )
    }
    tags = _tags(reader)
    reader.done()
    return _built(
        p,
        MatchRecord,
        r,
        fmt,
        seed,
        dealer,
        played,
        dealer_rotation=DealerRotation(rotation),
        tags=tags,
        **options,
    )


_ENCODERS: Final[Mapping[str, tuple[type, Callable[[Any], dict[str, JSON]]]]] = {
    "state": (State, _encode_state),
    "view": (View, _encode_view),
    "rules": (Rules, _encode_rules),
    "move": (Move, _encode_move),
    "score": (Score, _encode_score),
    "record": (Record, _encode_record),
    "match": (Match, _encode_match),
    "match_view": (MatchView, _encode_match_view),
    "match_score": (MatchScore, _encode_match_score),
    "match_record": (MatchRecord, _encode_match_record),
}


_DECODERS: Final[Mapping[str, Callable[[_Reader], Serializable]]] = {
    "state": _decode_state,
    "view": _decode_view,
    "rules": _decode_rules,
    "move": _decode_move,
    "score": _decode_score,
    "record": _decode_record,
    "match": _decode_match,
    "match_view": _decode_match_view,
    "match_score": _decode_match_score,
    "match_record": _decode_match_record,
}
