"""JSON documents: `briscola.dumps` and `briscola.loads`.

* Round trips (``loads(dumps(x)) == x``) and pickle round trips of states, views, rules,
  moves, scores and records, over random games of every preset (each one in every run) with
  random table rules.
* A view's document names no card its seat cannot see (§1.10).
* Every document written validates against its JSON Schema, shipped in the package's
  ``schemas/`` folder, and the schemas themselves are well formed and not vacuous.
* Hostile input: random JSON, random text and tampered real documents raise only
  `InvalidNotationError` or `InvalidStateError`, quickly; a tampered state is refused unless
  it is exactly the document of the state it decodes to; size and depth limits, duplicate
  keys and non-finite numbers are refused.

The option tables below are copied from §8, not read from the engine.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
import sys
import time
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any, Final, TypeAlias

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

import briscola
from briscola import (
    VARIANTS,
    Bid,
    BidPoints,
    Card,
    Declare,
    InvalidNotationError,
    InvalidStateError,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Rank,
    Record,
    Rules,
    State,
    dumps,
    legal_moves,
    loads,
    observe,
    parse_move,
    public_view,
    rules,
    score,
)
from briscola._frozen import builder
from briscola._numbers import real_number, same
from briscola._quote import count, quote
from briscola.rules import TieRule
from briscola.serialize import SCHEMA_NAMES
from briscola.serialize import Serializable as SerializableValue
from briscola.state import Phase
from helpers import (
    ALL_CODES,
    BUGIARDA,
    CARD_CODE,
    CHIAMATA,
    DEALT_TRUMP,
    FACE_UP,
    PARTNERS,
    PRESET_IDS,
    SHARE,
    SIGNAL_TOKENS,
    STOCK,
    TWO_SIDED,
    card_codes_in,
    deal_states,
    require_fresh_schemas,
    seeded_game,
)
from hidden import hidden_cards
from strategies import EVERY_PRESET, deal_settings, table_rules

JSON: TypeAlias = Any
Serializable: TypeAlias = SerializableValue

SCHEMA_DIR: Final = Path(__file__).resolve().parent.parent / "src" / "briscola" / "schemas"
SCHEMA_BASE: Final = "https://briscola.invalid/schemas/"
KINDS: Final = SCHEMA_NAMES
ALLOWED: Final = (InvalidNotationError, InvalidStateError)

PRESETS: Final = tuple(VARIANTS)

# For each preset (`EVERY_PRESET`): 55 deals a test.
SETTINGS: Final = deal_settings(5, HealthCheck.data_too_large)
# Hostile input must be handled quickly: a single example over 5 s counts as a hang.
FUZZ: Final = settings(
    max_examples=300,
    deadline=5000,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


# --- random games --------------------------------------------------------------------------


def option_choices(variant: str) -> dict[str, st.SearchStrategy[object]]:
    """The options §8 lists for ``variant``, each with the values it may take."""
    flag = st.booleans()
    choices: dict[str, st.SearchStrategy[object]] = {
        "public_claims": flag,
        "rank_variant": st.sampled_from(
            ["standard", "seven_high", "seven_high_bisca", "three_natural"]
        ),
        "must_follow_suit": flag,
    }
    if variant not in CHIAMATA:
        choices["open_hands"] = flag
    if variant in STOCK:
        choices["open_stock"] = flag
    if variant == "classic-3":
        choices["removed_two"] = st.sampled_from(["2C", "2B", "2D", "2S", "random"])
    if variant in DEALT_TRUMP:
        choices["trump_source"] = st.sampled_from(["last_dealt", "separate_flip"])
        choices["first_leader_offset"] = st.sampled_from([1, -1])
    if variant in BUGIARDA:
        choices["declaration_round"] = flag
    if variant in FACE_UP:
        for name in (
            "seven_swap",
            "seven_swap_requires_higher",
            "seven_swap_only_if_drawn",
            "seven_swap_requires_won_trick",
            "seven_swap_only_leader",
            "two_swap",
        ):
            choices[name] = flag
        choices["seven_swap_deadline"] = st.sampled_from(
            ["stock_empty", "before_penultimate_trick"]
        )
        choices["two_swap_window"] = st.sampled_from(["first_trick", "before_first_lead", "both"])
    if variant in PARTNERS:
        choices["signals"] = flag
        choices["signal_tokens"] = st.lists(
            st.sampled_from(SIGNAL_TOKENS), min_size=1, max_size=4, unique=True
        ).map(tuple)
        choices["no_signals_first_trick"] = flag
        choices["share_hands_before_first_trick"] = st.sampled_from(SHARE)
        choices["share_hands_when_stock_empty"] = st.sampled_from(SHARE)
    if variant in TWO_SIDED:
        choices["tie_rule"] = st.sampled_from(["draw", "replay", "last_trick"])
        choices["win_threshold"] = st.integers(61, 120)
    if variant in CHIAMATA:
        choices.update(
            auction=st.sampled_from(["ranks", "points_only", "two_only"]),
            after_two=st.sampled_from(["ends", "points"]),
            allow_ace_call=flag,
            min_point_call=st.sampled_from([61, 62]),
            point_call_step=st.integers(1, 59),
            allow_point_jump=flag,
            all_pass=st.sampled_from(["forced", "redeal"]),
            base_target=st.sampled_from([60, 61]),
            first_leader=st.sampled_from(["first_hand", "caller"]),
            first_trick_blind=st.sampled_from(["off", "committed", "free_choice"]),
            stakes=st.sampled_from(["flat", "bands", "tedaldi"]),
            cappotto=st.sampled_from(["points", "tricks"]),
            players=st.sampled_from([5, 6]),
            six_player_form=st.sampled_from(["dealer_sits_out", "remove_fours", "remove_twos"]),
            annul_zero_point_hand=flag,
        )
    return choices


def game_rules(presets: tuple[str, ...] = PRESETS) -> st.SearchStrategy[Rules]:
    """A preset with a random set of the table rules that apply to it."""
    return table_rules(option_choices, presets, packet_of_one=True)


@st.composite
def games(draw: st.DrawFn, presets: tuple[str, ...] = PRESETS) -> list[State]:
    """A few states of one random deal: the deal, some intermediate states, the end."""
    r = draw(game_rules(presets))
    seed = draw(st.integers(0, 2**40))
    dealer = draw(st.none() | st.integers(0, r.players - 1))
    states = deal_states(r, seed, dealer, draw(st.integers(0, 2**32)))
    picks = draw(st.lists(st.integers(1, len(states) - 1), max_size=3)) if len(states) > 1 else []
    return [states[0], *(states[i] for i in sorted(set(picks))), states[-1]]


# --- schemas -------------------------------------------------------------------------------


@cache
def schemas() -> dict[str, dict[str, JSON]]:
    require_fresh_schemas()
    return {
        kind: json.loads((SCHEMA_DIR / f"{kind}.schema.json").read_text(encoding="utf-8"))
        for kind in KINDS
    }


@cache
def registry() -> Registry[JSON]:
    return Registry().with_resources(
        (schema["$id"], Resource.from_contents(schema)) for schema in schemas().values()
    )


@cache
def validator(kind: str) -> Any:
    return Draft202012Validator(schemas()[kind], registry=registry())


def assert_valid(text: str) -> None:
    """The document validates against the schema of its ``type``."""
    document = json.loads(text)
    errors = sorted(validator(document["type"]).iter_errors(document), key=str)
    assert not errors, f"{document['type']}: {errors[0].message} at {list(errors[0].path)}"


def canonical(document: JSON) -> str:
    return json.dumps(document, sort_keys=True, ensure_ascii=False)


def walk(node: JSON) -> Iterator[JSON]:
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


# --- round trips ---------------------------------------------------------------------------


def round_trip(value: Serializable) -> str:
    """Check every round trip of ``value``; return its JSON text."""
    text = dumps(value)
    back = loads(text)
    assert back == value
    assert type(back) is type(value)
    assert hash(back) == hash(value)
    assert loads(text.encode("utf-8")) == value
    assert loads(dumps(value, indent=2)) == value
    assert dumps(back) == text
    pickled = pickle.loads(pickle.dumps(value))
    assert pickled == value
    assert type(pickled) is type(value)
    document = json.loads(text)
    assert document["format"] == 1
    return text


def test_the_contract_presets_are_all_there() -> None:
    assert set(PRESET_IDS) <= set(VARIANTS)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_state_round_trip(preset: str, data: st.DataObject) -> None:
    states = data.draw(games((preset,)), label="states")
    for state in states:
        text = round_trip(state)
        assert json.loads(text)["type"] == "state"
        back = loads(text)
        assert isinstance(back, State)
        assert legal_moves(back) == legal_moves(state)
        assert score(back) == score(state)
        assert back.history == state.history
    assert_valid(dumps(states[-1]))


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_view_round_trip(preset: str, data: st.DataObject) -> None:
    states = data.draw(games((preset,)), label="states")
    for state in states:
        views = [observe(state, seat) for seat in range(state.rules.players)]
        views.append(public_view(state))
        for view in views:
            text = round_trip(view)
            assert json.loads(text)["type"] == "view"
    state = data.draw(st.sampled_from(states))
    seat = data.draw(st.integers(0, state.rules.players - 1))
    assert_valid(dumps(observe(state, seat)))
    assert_valid(dumps(public_view(state)))


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_rules_moves_and_scores_round_trip(preset: str, data: st.DataObject) -> None:
    states = data.draw(games((preset,)), label="states")
    r = states[0].rules
    assert json.loads(round_trip(r))["type"] == "rules"
    assert loads(dumps(r)) == r
    assert_valid(dumps(r))
    for state in states:
        assert json.loads(round_trip(score(state)))["type"] == "score"
        for move in legal_moves(state):
            assert json.loads(round_trip(move))["type"] == "move"
            assert_valid(dumps(move))
    assert_valid(dumps(score(states[-1])))


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_record_round_trip(preset: str, data: st.DataObject) -> None:
    states = data.draw(games((preset,)), label="states")
    tags = data.draw(
        st.dictionaries(
            st.sampled_from(["White", "Black", "Date", "Event", "Site", "Round"]),
            st.text(max_size=20),
            max_size=4,
        )
    )
    for state in states:
        record = Record.from_state(state, **tags)
        text = round_trip(record)
        assert json.loads(text)["type"] == "record"
        back = loads(text)
        assert isinstance(back, Record)
        assert back.final_state() == state
    assert_valid(dumps(Record.from_state(states[-1], **tags)))


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_record_with_a_seed_round_trip(preset: str, data: st.DataObject) -> None:
    r = data.draw(game_rules((preset,)), label="rules")
    seed = data.draw(st.integers(0, 2**40), label="seed")
    states = deal_states(r, seed, None, data.draw(st.integers(0, 2**32), label="move_seed"))
    moves = tuple(move for _, move in states[-1].history)
    record = Record(r, r.players - 1, moves, seed=seed, tags=(("Event", "test"),))
    text = round_trip(record)
    assert_valid(text)
    back = loads(text)
    assert isinstance(back, Record)
    assert back.final_state() == states[-1]


def _edited(value: Serializable, **changes: Any) -> str:
    document = json.loads(dumps(value))
    document.update(changes)
    return json.dumps(document)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"deck": None}, "document: give exactly one of deck and seed"),
        ({"deck": ["AD"]}, "document: a record's deck: the deck of 'classic' has 40 cards, not 1"),
        ({"tags": [["Seed", "3"]]}, "document: Seed is a reserved tag"),
        ({"tags": [["A B", "x"]]}, "document: 'A B' cannot be the name of a record tag"),
    ],
)
def test_a_record_document_names_the_place_of_its_problem(
    changes: dict[str, Any], message: str
) -> None:
    """Errors of the record's own checks, as those of each field, start from ``document``."""
    records: list[Serializable] = [Record.from_state(briscola.new_game("classic", seed=1))]
    if "tags" in changes:
        records.append(Record.from_state(briscola.new_match("classic", seed=1)))
    for record in records:
        with pytest.raises(InvalidNotationError) as raised:
            loads(_edited(record, **changes))
        assert str(raised.value).startswith(message)


def test_a_number_longer_than_python_reads_is_refused_in_words() -> None:
    text = _edited(Record.from_state(briscola.new_game("classic", seed=1)), deck=None)
    text = text.replace('"seed": null', '"seed": ' + "9" * 4301)
    with pytest.raises(InvalidNotationError) as raised:
        loads(text)
    assert str(raised.value) == (
        "not valid JSON: a number of 4301 digits; a JSON number holds at most 4,300 digits"
    )


@pytest.mark.parametrize("variant", PRESETS)
def test_every_preset_writes_valid_documents(variant: str) -> None:
    states = seeded_game(variant, 11)  # type: ignore[arg-type]
    for state in (states[0], states[len(states) // 2], states[-1]):
        values: list[Serializable] = [
            state,
            public_view(state),
            *(observe(state, seat) for seat in range(state.rules.players)),
            score(state),
            Record.from_state(state, White="Anna", Black="Bruno", Date="2024.01.01"),
        ]
        for value in values:
            assert_valid(round_trip(value))
        for move in legal_moves(state):
            assert_valid(dumps(move))
    assert_valid(dumps(states[0].rules))


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}),
        ("classic", {"open_stock": True, "must_follow_suit": True, "rank_variant": "seven_high"}),
        ("classic-3", {"removed_two": "random", "deal_packet_size": 3}),
        (
            "classic-4",
            {"signals": True, "signal_tokens": ("ACE", "CARICHI"), "public_claims": True},
        ),
        ("classic-4", {"share_hands_before_first_trick": "voluntary"}),
        ("classic-6", {"share_hands_when_stock_empty": "automatic", "deal_packet_size": 3}),
        ("chiamata", {"first_trick_blind": "committed", "stakes": "bands"}),
        ("chiamata", {"first_trick_blind": "free_choice", "players": 6}),
        ("chiamata", {"players": 6, "six_player_form": "remove_fours"}),
        ("chiamata-milan", {"auction": "points_only", "allow_ace_call": True}),
        ("bugiarda", {"trump_source": "separate_flip", "trump_suit": "S"}),
        ("bugiarda-5", {"trump_source": "separate_flip", "first_leader_offset": -1}),
        ("briscolone", {"tie_rule": "replay", "win_threshold": 70}),
    ],
)
def test_table_rules_write_valid_documents(variant: str, options: dict[str, object]) -> None:
    for seed in (1, 2):
        states = seeded_game(variant, seed, **options)  # type: ignore[arg-type]
        for state in (states[0], states[len(states) // 3], states[-1]):
            assert_valid(round_trip(state))
            assert_valid(round_trip(observe(state, seed % state.rules.players)))
            assert_valid(round_trip(Record.from_state(state, Event="table rules")))
        assert_valid(round_trip(states[0].rules))


# --- the schemas themselves ----------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_schema_file_is_well_formed(kind: str) -> None:
    schema = schemas()[kind]
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"{SCHEMA_BASE}{kind}.schema.json"
    assert schema["title"]
    assert schema["description"]
    assert schema["properties"]["type"] == {**schema["properties"]["type"], "const": kind}
    assert schema["properties"]["format"]["const"] == 1
    assert schema["additionalProperties"] is False
    for node in walk(schema):
        if isinstance(node, dict) and "properties" in node and node is not schema:
            # Every object schema is closed, except the conditional pieces that only narrow
            # properties already declared elsewhere.
            declared = node.get("type") == "object"
            assert not declared or node.get("additionalProperties") is False, node
        if isinstance(node, dict) and "$ref" in node:
            resolver = registry().resolver(base_uri=schema["$id"])
            resolver.lookup(node["$ref"])  # raises if the reference does not resolve


def test_schema_card_and_suit_codes() -> None:
    card = schemas()["move"]["$defs"]["card"]
    assert card["pattern"] == "^[A2-7JQK][DCSB]$"
    assert schemas()["move"]["$defs"]["suit"]["enum"] == ["D", "C", "S", "B"]
    pattern = re.compile(card["pattern"])
    assert all(pattern.match(code) for code in ALL_CODES)
    assert all(pattern.match(str(Card.from_id(i))) for i in range(40))
    for bad in ("1D", "10C", "AX", "ad", "A", "8S", "AD "):
        assert not pattern.match(bad)


def _state_document() -> JSON:
    return json.loads(dumps(seeded_game("classic", 3)[10]))


def _set(document: JSON, path: tuple[str | int, ...], value: JSON) -> JSON:
    document = copy.deepcopy(document)
    node = document
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return document


def _drop(document: JSON, key: str) -> JSON:
    document = copy.deepcopy(document)
    del document[key]
    return document


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: _set(d, ("extra",), 1),
        lambda d: _drop(d, "moves"),
        lambda d: _set(d, ("format",), 2),
        lambda d: _set(d, ("type",), "view"),
        lambda d: _set(d, ("deck", 0), "ZZ"),
        lambda d: _set(d, ("deck", 0), "10C"),
        lambda d: _set(d, ("deck", 1), d["deck"][0]),
        lambda d: _set(d, ("hands", 0, 0), "ad"),
        lambda d: _set(d, ("moves", 0), [0, "fly away"]),
        lambda d: _set(d, ("moves", 0), [0]),
        lambda d: _set(d, ("moves", 0), [7, "pass"]),
        lambda d: _set(d, ("trump_suit",), "X"),
        lambda d: _set(d, ("phase",), "dancing"),
        lambda d: _set(d, ("points", 0), True),
        lambda d: _set(d, ("points", 0), 1.5),
        lambda d: _set(d, ("rules", "variant"), "poker"),
        lambda d: _set(d, ("rules", "options"), {"signals": True}),
        lambda d: _set(d, ("rules", "options"), {"seven_swp": True}),
        lambda d: _set(d, ("rules", "options"), {"win_threshold": 200}),
        lambda d: _set(d, ("rules", "extra"), None),
    ],
)
def test_the_state_schema_refuses_a_tampered_document(tamper: Any) -> None:
    document = _state_document()
    assert validator("state").is_valid(document)
    assert not validator("state").is_valid(tamper(document))


def test_the_other_schemas_refuse_tampered_documents() -> None:
    state = seeded_game("chiamata", 4)[-1]
    view = json.loads(dumps(observe(state, 0)))
    assert validator("view").is_valid(view)
    assert not validator("view").is_valid(_set(view, ("tricks", 0, "extra"), 1))
    assert not validator("view").is_valid(_set(view, ("score", "final"), "yes"))
    assert not validator("view").is_valid(_set(view, ("hands", 0), ["AD", "AD"]))
    assert not validator("view").is_valid(_set(view, ("legal_moves",), ["jump"]))
    record = json.loads(dumps(Record.from_state(state, White="Anna")))
    assert validator("record").is_valid(record)
    assert not validator("record").is_valid(_set(record, ("seed",), 5))  # deck and seed
    assert not validator("record").is_valid(_set(record, ("deck",), None))  # neither
    assert not validator("record").is_valid(_set(record, ("tags",), [["Rules", "x"]]))
    assert not validator("record").is_valid(_set(record, ("moves", 0), "bid 8"))
    move = json.loads(dumps(BidPoints(70)))
    assert validator("move").is_valid(move)
    assert not validator("move").is_valid(_set(move, ("move",), "points 070"))
    assert not validator("move").is_valid(_set(move, ("move",), "signal WINK"))
    result = json.loads(dumps(score(state)))
    assert validator("score").is_valid(result)
    assert not validator("score").is_valid(_set(result, ("winners",), [1, 1]))
    assert not validator("score").is_valid(_set(result, ("called_card",), "XX"))
    chiamata = json.loads(dumps(rules("chiamata", stakes="bands")))
    assert validator("rules").is_valid(chiamata)
    assert not validator("rules").is_valid(_set(chiamata, ("options", "open_hands"), True))
    assert not validator("rules").is_valid(_set(chiamata, ("options", "stakes"), "high"))


# Fields set out of their bounds (the schemas' own, and the seats of the game): `loads`
# refuses each, naming it.
_OUT_OF_BOUNDS: Final[list[tuple[str, tuple[str | int, ...], JSON]]] = [
    ("view", ("hand",), ["AD", "AD"]),
    ("view", ("trick",), ["AD", "AD"]),
    ("view", ("removed",), ["2C", "2C"]),
    ("view", ("known_cards", 1), ["AD", "AD"]),
    ("view", ("hand_sizes", 0), -5),
    ("view", ("hand_sizes", 1), 10**20),
    ("view", ("stock_size",), -3),
    ("view", ("target",), 0),
    ("view", ("target",), 10**19),
    ("view", ("score", "caller"), -1),
    ("view", ("score", "partner"), 10**19),
    ("view", ("score", "winners"), [0, 7]),
    ("view", ("score", "points", 0), 121),
    ("view", ("score", "target"), -1),
    ("score", ("points",), []),
    ("score", ("caller",), -1),
    ("score", ("caller",), 5),
    ("score", ("winners",), [0, 5]),
    ("score", ("winners",), [1, 1]),  # the schema: each seat once
    ("score", ("winners",), [2, 1]),  # the schema: in increasing order
    ("score", ("team_points",), [-1, 0]),
]


@pytest.mark.parametrize(
    ("kind", "path", "value"),
    _OUT_OF_BOUNDS,
    ids=[
        f"{kind}.{'.'.join(map(str, path))}={value}"[:60] for kind, path, value in _OUT_OF_BOUNDS
    ],
)
def test_loads_refuses_fields_out_of_bounds(
    kind: str, path: tuple[str | int, ...], value: JSON
) -> None:
    state = seeded_game("chiamata", 4)[20]
    document = json.loads(dumps(observe(state, 0) if kind == "view" else score(state)))
    assert validator(kind).is_valid(document)
    tampered = _set(document, path, value)
    with pytest.raises(InvalidNotationError, match=re.escape(f"document.{path[0]}")):
        loads(json.dumps(tampered))


def test_a_card_received_twice_is_read() -> None:
    """A card given up in an exchange and taken back is received twice (the schema says so)."""
    document = json.loads(dumps(observe(seeded_game("classic", 4)[0], 0)))
    card = document["hand"][0]
    document["received"] = [card, *document["received"], card]
    assert validator("view").is_valid(document)
    assert loads(json.dumps(document), briscola.View).received[-1] == Card.parse(card)


# --- hostile input -------------------------------------------------------------------------


def loads_or_none(text: str | bytes, **kwargs: int) -> Serializable | None:
    """`loads`, with the two errors it may raise on bad input turned into ``None``."""
    try:
        return loads(text, **kwargs)
    except ALLOWED:
        return None


@cache
def real_documents() -> tuple[tuple[JSON, Serializable], ...]:
    """A pool of real documents of every kind, from a few deals of every preset."""
    pool: list[tuple[JSON, Serializable]] = []
    option_sets: list[tuple[str, dict[str, object]]] = [(v, {}) for v in PRESETS]
    option_sets += [
        ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}),
        ("classic-4", {"signals": True, "share_hands_before_first_trick": "voluntary"}),
        ("chiamata", {"first_trick_blind": "committed"}),
        ("bugiarda", {"trump_source": "separate_flip"}),
    ]
    for variant, options in option_sets:
        states = seeded_game(variant, 5, **options)  # type: ignore[arg-type]
        r = states[0].rules
        picked = [states[0], states[len(states) // 2], states[-1]]
        values: list[Serializable] = [r, score(states[-1]), *legal_moves(states[0])[:2]]
        for state in picked:
            values += [state, observe(state, 0), public_view(state), Record.from_state(state)]
        values.append(Record(r, r.players - 1, (), seed=5))
        for value in values:
            pool.append((json.loads(dumps(value)), value))
    return tuple(pool)


FIELD_NAMES: Final = (
    "type",
    "format",
    "rules",
    "variant",
    "options",
    "dealer",
    "deck",
    "seed",
    "trump_suit",
    "moves",
    "phase",
    "turn",
    "hands",
    "trick",
    "points",
    "seat",
    "hand",
    "tricks",
    "history",
    "score",
    "move",
    "tags",
    "winners",
    "leader",
    "cards",
)
json_scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | st.sampled_from([*KINDS, *ALL_CODES[:8], "pass", "swap 7C", "play", "over", "D"])
)
json_values = st.recursive(
    json_scalars,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6), children, max_size=6)
    ),
    max_leaves=30,
)


@st.composite
def document_like(draw: st.DrawFn) -> JSON:
    """An object with a real ``type`` and ``format`` and random fields of real names."""
    fields: dict[str, JSON] = draw(
        st.dictionaries(st.sampled_from(FIELD_NAMES), json_values, max_size=10)
    )
    format_values: list[JSON] = [1, 1, 1, 0, 2, True, "1"]
    fields["type"] = draw(st.sampled_from(KINDS))
    fields["format"] = draw(st.sampled_from(format_values))
    return fields


def assert_refused_or_sound(text: str | bytes) -> None:
    """``loads`` refuses ``text`` with one of its two errors, or reads a sound value."""
    value = loads_or_none(text)
    if value is not None:
        assert loads(dumps(value)) == value


@FUZZ
@given(json_values)
def test_random_json_is_refused_cleanly(value: JSON) -> None:
    assert_refused_or_sound(json.dumps(value))


@FUZZ
@given(document_like())
def test_random_documents_are_refused_cleanly(document: JSON) -> None:
    assert_refused_or_sound(json.dumps(document))


@FUZZ
@given(st.text(max_size=300) | st.binary(max_size=300).map(lambda b: b.decode("latin-1")))
def test_random_text_is_refused_cleanly(text: str) -> None:
    assert_refused_or_sound(text)


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_are_refused_cleanly(data: bytes) -> None:
    assert_refused_or_sound(data)


PathKey: TypeAlias = tuple[str | int, ...]


def paths(node: JSON, prefix: PathKey = ()) -> Iterator[PathKey]:
    """The path of every value inside ``node`` (not ``node`` itself)."""
    items: Iterator[tuple[str | int, JSON]]
    if isinstance(node, dict):
        items = iter(node.items())
    elif isinstance(node, list):
        items = iter(enumerate(node))
    else:
        return
    for key, value in items:
        yield (*prefix, key)
        yield from paths(value, (*prefix, key))


def get(node: JSON, path: PathKey) -> JSON:
    for key in path:
        node = node[key]
    return node


OTHER_VALUES: Final[tuple[JSON, ...]] = (None, True, False, 0, 7, -1, 1.5, "", "x", [], {})


def json_type(value: JSON) -> str:
    return type(value).__name__


@st.composite
def mutation(draw: st.DrawFn, document: JSON) -> JSON:
    """``document`` with one random change of the kinds a careless or hostile writer makes."""
    document = copy.deepcopy(document)
    every = list(paths(document))
    kind = draw(
        st.sampled_from(["drop", "add", "retype", "card", "swap", "number", "nest", "string"])
    )
    if kind == "drop":
        keyed = [p for p in every if isinstance(p[-1], str)]
        if keyed:
            path = draw(st.sampled_from(keyed))
            del get(document, path[:-1])[path[-1]]
    elif kind == "add":
        objects = [(), *(p for p in every if isinstance(get(document, p), dict))]
        path = draw(st.sampled_from(objects))
        key = draw(st.sampled_from(FIELD_NAMES) | st.text(max_size=5))
        get(document, path)[key] = draw(json_values)
    elif kind == "retype":
        path = draw(st.sampled_from(every))
        old = get(document, path)
        new = draw(st.sampled_from([v for v in OTHER_VALUES if json_type(v) != json_type(old)]))
        get(document, path[:-1])[path[-1]] = new
    elif kind == "card":
        coded = [
            p
            for p in every
            if isinstance(get(document, p), str) and CARD_CODE.search(get(document, p))
        ]
        if coded:
            path = draw(st.sampled_from(coded))
            code = draw(st.sampled_from(ALL_CODES))
            get(document, path[:-1])[path[-1]] = CARD_CODE.sub(code, get(document, path), count=1)
    elif kind == "swap":
        lists = [p for p in [(), *every] if isinstance(get(document, p), list)]
        lists = [p for p in lists if len(get(document, p)) >= 2]
        if lists:
            items = get(document, draw(st.sampled_from(lists)))
            i = draw(st.integers(0, len(items) - 1))
            j = draw(st.integers(0, len(items) - 1).filter(lambda k: k != i))
            items[i], items[j] = items[j], items[i]
    elif kind == "number":
        numbers = [p for p in every if type(get(document, p)) is int]
        if numbers:
            path = draw(st.sampled_from(numbers))
            old = get(document, path)
            new = draw(
                st.sampled_from([old + 1, old - 1, -old - 1, old + 40, 10**6, -(10**6), 10**30])
            )
            get(document, path[:-1])[path[-1]] = new
    elif kind == "nest":
        path = draw(st.sampled_from(every))
        value = get(document, path)
        for _ in range(draw(st.integers(1, 40))):
            value = draw(st.sampled_from([[value], {"x": value}]))
        get(document, path[:-1])[path[-1]] = value
    else:
        strings = [p for p in every if isinstance(get(document, p), str)]
        if strings:
            path = draw(st.sampled_from(strings))
            old = get(document, path)
            new = draw(
                st.sampled_from(
                    [old.lower(), old.upper(), old + " ", " " + old, old[:1], old * 2, "points ²"]
                )
            )
            get(document, path[:-1])[path[-1]] = new
    return document


@FUZZ
@given(st.data())
def test_tampered_documents_are_refused_cleanly(data: st.DataObject) -> None:
    document, original = data.draw(st.sampled_from(real_documents()))
    tampered = document
    for _ in range(data.draw(st.integers(1, 3))):
        tampered = data.draw(mutation(tampered))
    text = json.dumps(tampered, ensure_ascii=data.draw(st.booleans()))
    if data.draw(st.integers(0, 9)) == 0:
        text = text[: data.draw(st.integers(0, len(text)))]  # truncated
    value = loads_or_none(text)
    if value is None:
        return
    assert loads(dumps(value)) == value
    if isinstance(original, State) and isinstance(value, State):
        # A tampered state is accepted only if it reads as the original state, or if it is
        # exactly the document of the state it reads as, up to the forgiving spelling of
        # moves and rules (so nothing written in it was ignored).
        assert value == original or canonical(json.loads(dumps(value))) == canonical(
            spelled_out(tampered)
        )


def spelled_out(document: JSON) -> JSON:
    """A state document with its moves and rules in the spelling `dumps` uses."""
    document = copy.deepcopy(document)
    document["moves"] = [[seat, str(parse_move(text))] for seat, text in document["moves"]]
    read = loads(json.dumps({"type": "rules", "format": 1, **document["rules"]}))
    document["rules"] = {
        key: value for key, value in json.loads(dumps(read)).items() if key not in KIND_KEYS
    }
    return document


KIND_KEYS: Final = ("type", "format")


@pytest.mark.parametrize("index", range(0, 40, 3))
def test_tampered_state_fields_are_refused(index: int) -> None:
    """Each field written beside the moves must agree with their replay."""
    states = seeded_game("classic-4", 17)
    state = states[index]
    document = json.loads(dumps(state))
    tampered = [
        _set(document, ("turn",), (state.turn or 0) + 1),
        _set(document, ("phase",), "over" if state.turn is not None else "play"),
        _set(document, ("points",), [p + 1 for p in state.points]),
        _set(document, ("hands",), list(reversed(document["hands"]))),
        _set(document, ("trick",), [*document["trick"], "AD"]),
        _set(document, ("trump_suit",), "D" if state.trump_suit != briscola.Suit.DENARI else "C"),
        _set(document, ("dealer",), (state.dealer + 1) % state.rules.players),
        _set(document, ("moves",), [*document["moves"], [0, "pass"]]),
        _set(document, ("deck",), document["deck"][:-1]),
        _set(
            document, ("deck",), [document["deck"][1], document["deck"][0], *document["deck"][2:]]
        ),
    ]
    for changed in tampered:
        if changed == document:
            continue
        with pytest.raises(ALLOWED):
            loads(json.dumps(changed))


WRONG_TYPES: Final[dict[str, Callable[[int], JSON]]] = {
    "float": lambda number: float(number),
    "bool": lambda number: bool(number),
    "string": lambda number: str(number),
    "list": lambda number: [number],
    "null": lambda number: None,
}


@pytest.mark.parametrize("field", [("points", 0), ("dealer",), ("turn",), ("format",)])
@pytest.mark.parametrize("kind", WRONG_TYPES)
def test_a_number_of_the_wrong_json_type_is_refused(field: PathKey, kind: str) -> None:
    """A number written as a float, a boolean, a string, a list or null is refused, even
    when it compares equal to the right number in Python (``0 == 0.0 == False``)."""
    state = seeded_game("classic", 21)[1]  # one card played: points 0/0, seat 1 to act
    document = json.loads(dumps(state))
    original = get(document, field)
    assert type(original) is int
    assert original in (0, 1)
    with pytest.raises(ALLOWED):
        loads(json.dumps(_set(document, field, WRONG_TYPES[kind](original))))


NASTY_MOVES: Final = (
    "points ²",
    "points ٦٥",
    "points " + "9" * 70,
    "bid @²",
    "bid @" + "9" * 70,
    "signal " + "x" * 200,
    "swap",
    "play",
    "declare has",
    "declare",
    "",
    " ",
    "\x00",
    "AD\nAD",
    "\u2028",
    "\ud800",
)


@pytest.mark.parametrize("move", NASTY_MOVES)
@pytest.mark.parametrize("where", ["move", "state", "record", "view"])
def test_odd_move_text_is_refused_cleanly(move: str, where: str) -> None:
    state = seeded_game("chiamata", 2)[3]
    if where == "move":
        document: JSON = {"type": "move", "format": 1, "move": move}
    elif where == "state":
        document = json.loads(dumps(state))
        document["moves"][-1][1] = move
    elif where == "record":
        document = json.loads(dumps(Record.from_state(state)))
        document["moves"][-1] = move
    else:
        document = json.loads(dumps(observe(state, 0)))
        document["history"][-1][1] = move
    assert_refused_or_sound(json.dumps(document))


# --- limits ----------------------------------------------------------------------------------


def test_max_size() -> None:
    text = dumps(seeded_game("classic", 1)[-1], indent=2)
    size = len(text) - text.count(" ") - text.count("\n")  # layout is not counted
    assert loads(text, max_size=size) is not None
    assert loads(text.encode("utf-8"), max_size=size) is not None
    with pytest.raises(InvalidNotationError, match=r"longer than .* characters .not counting"):
        loads(text, max_size=size - 1)
    with pytest.raises(InvalidNotationError, match=r"longer than .* bytes .not counting"):
        loads(text.encode("utf-8"), max_size=size - 1)
    assert loads(" " * 1_000_001 + dumps(Pass())) == Pass()  # layout, however long
    with pytest.raises(
        InvalidNotationError,
        match=r"^the text is longer than 64000 characters, spaces and line breaks included "
        r"\(64 times max_size\)$",
    ):
        loads(" " * 64_001 + dumps(Pass()), max_size=1000)  # but at most 64 times the limit
    with pytest.raises(InvalidNotationError, match=r"longer than 64000 bytes, spaces and"):
        loads(b" " * 64_001 + dumps(Pass()).encode(), max_size=1000)
    with pytest.raises(InvalidNotationError, match="longer than 1000000 characters"):
        loads(dumps(Pass())[:-1] + "9" * 1_000_001 + "}")


def test_spaces_inside_strings_count_against_max_size() -> None:
    """Only the layout between values is free: a tag of spaces is content."""
    record = Record.from_state(seeded_game("classic", 1)[0], Site=" " * 5000)
    text = dumps(record)
    assert loads(text, max_size=len(text)) == record
    assert len(text) < 6000  # the rest of the document is short
    for value in (text, text.encode("utf-8")):
        with pytest.raises(InvalidNotationError, match="not counting spaces"):
            loads(value, max_size=4999)  # fewer than the tag's own spaces


@pytest.mark.parametrize("key", ["teams", "trick_seats"])
def test_a_view_documents_derived_fields_are_checked_in_words(key: str) -> None:
    """Fields a view document repeats for other languages must agree with the rest; a
    wrong one is named, however long its numbers, whatever limit the process set."""
    document = json.loads(dumps(observe(seeded_game("classic-4", 3)[5], 1)))
    document[key] = [10**700, 4]
    text = json.dumps(document)
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        with pytest.raises(InvalidNotationError, match=rf"^document\.{key}: the view's"):
            loads(text)
    finally:
        sys.set_int_max_str_digits(before)


def test_a_match_document_missing_its_deal_says_how_many_it_lists() -> None:
    document = json.loads(dumps(briscola.new_match("classic", seed=1)))
    document["deals"] = []
    refusal = r"^document\.deals lists 0 deals, but the replay gives 1 deal$"
    with pytest.raises(InvalidStateError, match=refusal):
        loads(json.dumps(document))


def test_the_longest_match_reads_back_at_the_widest_indent() -> None:
    """A match capped at its most deals, written at the widest indent, is read with the
    default limit: only its layout is longer than the one-line text."""
    match = briscola.new_match(
        "classic-4", seed=3667, win_threshold=120, format="first_to_deals(5)"
    )
    rng = random.Random(1)
    while not briscola.is_over(match):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    assert len(match.results) == briscola.match.MAX_DEALS
    text = dumps(match, indent=briscola.serialize.MAX_INDENT)
    assert len(text) > briscola.serialize.MAX_SIZE
    assert loads(text, briscola.Match) == match


@pytest.mark.parametrize("depth", [33, 40, 1000, 200_000])
def test_deep_nesting_is_refused_quickly(depth: int) -> None:
    for opening, closing in (("[", "]"), ('{"a":', "}")):
        text = opening * depth + "1" + closing * depth
        started = time.perf_counter()
        with pytest.raises(InvalidNotationError):
            loads(text)
        with pytest.raises(InvalidNotationError):
            loads(text[: len(text) // 2])
        assert time.perf_counter() - started < 5
    inside = json.loads(dumps(Record.from_state(seeded_game("classic", 1)[0])))
    for _ in range(depth if depth < 100 else 100):
        inside = [inside]
    with pytest.raises(InvalidNotationError):
        loads(json.dumps(inside))


def test_documents_within_the_depth_limit_are_read() -> None:
    """Brackets inside strings are text, not nesting."""
    record = Record.from_state(
        seeded_game("classic", 1)[4], Event="[" * 100 + "{" * 100, Site="]}" * 50 + '"\\'
    )
    assert loads(dumps(record)) == record
    nested = '{"a":' * 31 + "1" + "}" * 31  # 31 levels: read as JSON, refused as a document
    with pytest.raises(InvalidNotationError):
        loads(nested)


def test_duplicate_keys_are_refused() -> None:
    with pytest.raises(InvalidNotationError):
        loads('{"type": "move", "format": 1, "move": "pass", "move": "pass"}')
    with pytest.raises(InvalidNotationError):
        loads('{"type": "move", "type": "move", "format": 1, "move": "pass"}')
    text = dumps(rules("classic", seven_swap=True))
    doubled = text.replace('"seven_swap": true', '"seven_swap": true, "seven_swap": false')
    assert doubled != text
    with pytest.raises(InvalidNotationError):
        loads(doubled)


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_are_refused(constant: str) -> None:
    document = json.loads(dumps(score(seeded_game("classic", 1)[-1])))
    text = json.dumps(document).replace('"points": [', f'"points": [{constant}, ', 1)
    assert constant in text
    with pytest.raises(InvalidNotationError):
        loads(text)
    with pytest.raises(InvalidNotationError):
        loads(f'{{"type": "move", "format": {constant}, "move": "pass"}}')


@pytest.mark.parametrize("value", [None, 5, 1.5, ["x"], {"type": "move"}, bytearray(b"\xff")])
def test_loads_reads_only_text(value: Any) -> None:
    with pytest.raises(InvalidNotationError):
        loads(value)


def test_dumps_refuses_other_values() -> None:
    for value in (None, 5, "pass", Card.from_id(0), [Pass()], {"type": "move"}):
        with pytest.raises(InvalidNotationError):
            dumps(value)  # type: ignore[arg-type]


def test_a_state_document_is_checked_by_replaying_it() -> None:
    """A state cannot be smuggled in: every field is replayed from the deck and moves."""
    states = seeded_game("classic", 8)
    state = states[6]
    document = json.loads(dumps(state))
    # Giving seat 0 the other seat's hand is refused even if hands are swapped consistently.
    document["hands"] = [document["hands"][1], document["hands"][0]]
    with pytest.raises(InvalidStateError):
        loads(json.dumps(document))
    # An illegal move in the history is refused as a state error, not a crash.
    document = json.loads(dumps(state))
    held = {str(card) for card in state.hands[state.turn or 0]}
    foreign = next(code for code in ALL_CODES if code not in held)
    document["moves"].append([state.turn, foreign])
    with pytest.raises(ALLOWED):
        loads(json.dumps(document))


def test_a_view_is_never_mistaken_for_another_kind() -> None:
    state = seeded_game("classic-4", 9)[9]
    for value in (state, observe(state, 1), public_view(state), score(state), state.rules):
        document = json.loads(dumps(value))
        for kind in KINDS:
            if kind == document["type"]:
                continue
            with pytest.raises(ALLOWED):
                loads(json.dumps({**document, "type": kind}))


def hidden_codes(state: State, seat: int) -> set[str]:
    """The codes of the cards ``seat`` cannot place (§1.10), less those named by a move (a
    call or a claim names a card wherever it lies)."""
    hidden = set(hidden_cards(state, seat))
    named = {code for _, move in state.history for code in card_codes_in(str(move))}
    # §2.5.4: naming a suit calls the card of the last rank bid (the 2 after bids on
    # points alone) in that suit.
    ranks = [move.rank for _, move in state.history if isinstance(move, Bid)]
    for _, move in state.history:
        if isinstance(move, NameSuit):
            named.add(str(Card(ranks[-1] if ranks else Rank.TWO, move.suit)))
    return {str(card) for card in hidden} - named


# Deals of every preset, and under table rules that let a seat see more: swaps of the
# face-up card (seed 2: a 7 is swapped), an open stock, hands shown to a partner, signals,
# a caller's secret call.
HIDING_CASES: Final[list[tuple[str, dict[str, object], int]]] = [
    *((variant, {}, 12) for variant in PRESETS),
    ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}, 2),
    ("classic-3", {"open_stock": True}, 12),
    ("classic-4", {"share_hands_before_first_trick": "automatic", "signals": True}, 12),
    ("classic-6", {"share_hands_when_stock_empty": "automatic"}, 12),
    ("chiamata", {"first_trick_blind": "committed"}, 12),
    ("bugiarda-5", {"trump_source": "separate_flip"}, 12),
]


@pytest.mark.parametrize(("variant", "options", "seed"), HIDING_CASES)
def test_a_view_keeps_what_it_hides(variant: str, options: dict[str, object], seed: int) -> None:
    """A view's document names no card its seat cannot see (it is the view, nothing more),
    at every third move of a deal and for every seat."""
    states = seeded_game(variant, seed, **options)  # type: ignore[arg-type]
    for state in states[::3]:
        for seat in range(state.rules.players):
            document = json.loads(dumps(observe(state, seat)))
            # A claim may name any card, and a caller may call any card of the deck: those
            # legal moves list every card, wherever it lies, and place none of them.
            document["legal_moves"] = [
                text
                for text in document["legal_moves"]
                if not isinstance(parse_move(text), Declare | NameCard)
            ]
            named = card_codes_in(json.dumps(document))
            leaked = sorted(named & hidden_codes(state, seat))
            assert not leaked, f"seat {seat} is shown {leaked}"
            # Control: the codes are found where they are written.
            assert {str(card) for card in state.hands[seat]} <= named


@pytest.mark.parametrize("name", [3, None, ["state"]])
def test_schema_refuses_a_name_that_is_not_text_before_comparing_it(name: object) -> None:
    from briscola.serialize import schema
    from helpers import Hostile, HostileInt, untyped

    for value in (name, Hostile(), HostileInt(3)):
        with pytest.raises(InvalidNotationError, match="no schema named"):
            schema(untyped(value))


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        ("Classic", {}, "document.variant: write the preset id 'classic', not 'Classic'"),
        ("classic-2", {}, "document.variant: write the preset id 'classic', not 'classic-2'"),
        ("scoperta ", {}, "document.variant: write the preset id 'scoperta', not 'scoperta '"),
        ("classic", {"tie_rule": "Replay"}, 'document.options.tie_rule: write "replay", not'),
        (
            "bugiarda",
            {"trump_source": "separate_flip", "trump_suit": "c"},
            'document.options.trump_suit: write "C", not "c"',
        ),
    ],
)
def test_a_rules_document_holds_the_spelling_dumps_writes(
    variant: str, options: dict[str, JSON], message: str
) -> None:
    """`rules()` reads many spellings; a document holds the one the schema allows."""
    document = {"type": "rules", "format": 1, "variant": variant, "options": options}
    assert not validator("rules").is_valid(document)
    with pytest.raises(InvalidNotationError) as raised:
        loads(json.dumps(document))
    assert str(raised.value).startswith(message)


@pytest.mark.parametrize("variant", ["classic-4", "bugiarda-5", "chiamata"])
def test_a_view_document_carries_its_sides_and_the_seats_of_its_trick(variant: str) -> None:
    state = next(s for s in seeded_game(variant, 4) if len(s.trick) == 2)  # type: ignore[arg-type]
    view = observe(state, 1)
    document = json.loads(dumps(view))
    assert document["teams"] == [list(team) for team in state.teams]
    assert document["trick_seats"] == list(view.trick_seats) != []
    for key, wrong in (("teams", [[0, 1, 2, 3, 4]]), ("trick_seats", [9])):
        tampered = {**document, key: wrong}
        with pytest.raises(InvalidNotationError, match=f"document.{key}: the view's"):
            loads(json.dumps(tampered))
    # A view written before the two were added still loads.
    older = {k: v for k, v in document.items() if k not in ("teams", "trick_seats")}
    assert validator("view").is_valid(older)
    assert loads(json.dumps(older)) == view


def test_a_card_or_move_in_a_lookalike_letter_is_shown_escaped() -> None:
    # The Kelvin sign (U+212A) lowers to "k": Card.parse reads it, and the message must show
    # what differs from the canonical spelling, not two quotes that look the same.
    state = briscola.new_game("classic", seed=1)
    state = briscola.apply(state, briscola.legal_moves(state)[0])
    document = json.loads(dumps(Record.from_state(state)))
    document["moves"][0] = "\u212aC"
    with pytest.raises(InvalidNotationError, match=r"write the move '\\u212aC' as 'KC'$"):
        loads(json.dumps(document))
    document = json.loads(dumps(Record.from_state(state)))
    document["deck"][1] = "\u212aS"
    with pytest.raises(InvalidNotationError, match=r"write the card '\\u212aS' as 'KS'$"):
        loads(json.dumps(document))
    document["deck"][1] = "K\u2660"  # a suit symbol is no lookalike: shown as typed
    with pytest.raises(InvalidNotationError, match=re.escape("write the card 'K\u2660' as 'KS'")):
        loads(json.dumps(document, ensure_ascii=False))


@pytest.mark.parametrize(
    "move",
    [BidPoints(-5), BidPoints(10**6), BidPoints(10**5000), briscola.Signal("ace")],
    ids=["below zero", "seven digits", "huge", "small letters"],
)
def test_a_move_whose_notation_does_not_read_back_is_not_written(move: Move) -> None:
    """dumps never writes a move document that loads refuses or reads as another move."""
    with pytest.raises(InvalidNotationError, match="does not read back as the same move"):
        dumps(move)


@pytest.mark.parametrize(
    "move", [BidPoints(0), BidPoints(999_999), briscola.Signal("LOW_TRUMPS"), Pass()]
)
def test_moves_no_deal_offers_still_read_back_when_their_notation_does(move: Move) -> None:
    assert loads(dumps(move)) == move


def test_a_move_after_the_end_of_a_state_document_says_the_deal_is_over() -> None:
    import random

    final = briscola.random_playout(briscola.new_game("classic", seed=1), random.Random(1))
    document = json.loads(dumps(final))
    for seat in (0, 1):
        document["moves"].append([seat, "AD"])
        with pytest.raises(
            InvalidStateError, match=r"^document.moves\[40\]: the deal is already over$"
        ):
            loads(json.dumps(document))
        document["moves"].pop()


# --- the readers of callers' numbers ---------------------------------------------------------


class _Seconds(float):
    def __add__(self, other: object) -> float:
        raise AssertionError("a caller's float subclass ran inside the library")


def test_a_number_of_seconds_is_read_as_a_plain_finite_or_infinite_float() -> None:
    assert real_number(float("nan")) is None
    assert real_number(10**400) == float("inf")
    assert real_number(-(10**400)) == float("-inf")
    read = real_number(_Seconds(2.5))
    assert read == 2.5
    assert type(read) is float


def test_same_tells_a_list_from_a_tuple_of_equal_items() -> None:
    """A document's list is not the tuple a value holds, though Python finds them equal."""
    assert same((1, [2]), (1, [2]))
    assert not same([1, 2], (1, 2))
    assert not same((1, [2]), (1, (2,)))


class _Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def test_a_quoted_value_is_cut_to_forty_characters_and_never_fails() -> None:
    long_text = quote("x" * 100)
    assert long_text == "'" + "x" * 38 + "…"
    assert len(long_text) == 40
    assert quote("x" * 38) == "'" + "x" * 38 + "'"
    assert quote(2**200) == "<an integer of 201 bits>"
    assert quote(_Unprintable()) == "<_Unprintable>"
    assert [count(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


@attrs.frozen(weakref_slot=False)
class _Pair:
    first: int
    second: int = 7


@attrs.frozen(weakref_slot=False)
class _Listed:
    items: list[int] = attrs.field(factory=list)


def test_a_fast_builder_makes_the_frozen_value_with_its_defaults() -> None:
    build = builder(_Pair)
    made = build(1)
    assert type(made) is _Pair
    assert made == _Pair(1)
    assert made.second == 7
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        made.first = 2  # type: ignore[misc]
    with pytest.raises(TypeError, match=r"^_Listed\.items has a factory default$"):
        builder(_Listed)


def test_a_bad_enum_value_raises_the_error_of_its_kind_naming_the_choices() -> None:
    with pytest.raises(briscola.RulesError) as rules_error:
        TieRule("sometimes")
    assert type(rules_error.value) is briscola.RulesError
    with pytest.raises(InvalidStateError) as state_error:
        Phase("dancing")
    assert type(state_error.value) is InvalidStateError
    with pytest.raises(InvalidNotationError) as raised:
        briscola.Suit("X" * 1000)
    assert str(raised.value) == "'" + "X" * 38 + "… is not a Suit: use one of 'D', 'C', 'S', 'B'"
