"""The shipped JSON Schemas draw the same lines as `briscola.loads`.

A client that checks documents with the schemas must refuse what `loads` refuses (a seat
past the sixth, a card total past 120, a trick with no card, a tag name with a space, a
match format or dealer rotation that does not exist, a required field left out) and accept
what `loads` reads (a view written before its optional fields were added).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from typing import Any, Final, TypeAlias

import pytest
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

import briscola
from briscola import (
    InvalidNotationError,
    InvalidStateError,
    Record,
    dumps,
    loads,
    new_match,
    observe,
    score,
)
from briscola.records import MatchRecord
from briscola.serialize import SCHEMA_NAMES, schema
from helpers import require_fresh_schemas, seeded_game

JSON: TypeAlias = Any
Change: TypeAlias = Callable[[JSON], None]


@cache
def registry() -> Registry[JSON]:
    require_fresh_schemas()
    return Registry().with_resources(
        (schema(name)["$id"], Resource.from_contents(schema(name))) for name in SCHEMA_NAMES
    )


def is_valid(document: JSON) -> bool:
    validator = Draft202012Validator(schema(document["type"]), registry=registry())
    return bool(validator.is_valid(document))


@cache
def _documents() -> dict[str, str]:
    chiamata = seeded_game("chiamata", 4)
    classic = seeded_game("classic", 3)
    return {
        "state": dumps(classic[10]),
        "view": dumps(observe(chiamata[20], 0)),
        "finished_view": dumps(observe(chiamata[-1], 0)),
        "score": dumps(score(chiamata[20])),
        "record": dumps(Record.from_state(classic[10], White="Anna")),
        "match": dumps(new_match("classic", seed=1)),
        "match_record": dumps(MatchRecord.from_state(new_match("classic", seed=1))),
    }


def document(name: str) -> JSON:
    return json.loads(_documents()[name])


def _set_move_seat(seat: int) -> Change:
    def change(d: JSON) -> None:
        d["moves"][0][0] = seat

    return change


# Each change makes a document that `loads` refuses; the schema must refuse it too.
_REFUSED: Final[list[tuple[str, str, Change]]] = [
    ("seat 6", "state", _set_move_seat(6)),
    ("seat_move of three", "state", lambda d: d["moves"][0].append(0)),
    ("deck of 35", "state", lambda d: d.update(deck=d["deck"][:35])),
    ("121 card points", "score", lambda d: d["points"].__setitem__(0, 121)),
    ("target 59", "score", lambda d: d.update(target=59)),
    ("one seat's points", "score", lambda d: d.update(points=[0])),
    ("fractional delta", "score", lambda d: d["deltas"].__setitem__(0, 1.5)),
    ("an empty side", "view", lambda d: d.update(teams=[[]])),
    ("ply -1", "view", lambda d: d.update(ply=-1)),
    ("five removed cards", "view", lambda d: d.update(removed=["2C", "2D", "2S", "2B", "4C"])),
    ("no hand", "view", lambda d: d.pop("hand")),
    ("a seat twice in a trick", "finished_view", lambda d: d["tricks"][0].update(seats=[0, 0])),
    ("a trick without cards", "finished_view", lambda d: d["tricks"][0].update(cards=[])),
    ("a tag name with a space", "record", lambda d: d.update(tags=[["A B", "x"]])),
    ("first_to_deals(9)", "match_record", lambda d: d.update(match_format="first_to_deals(9)")),
    ("rotation sideways", "match_record", lambda d: d.update(dealer_rotation="sideways")),
    ("no deals", "match", lambda d: d.update(deals=[])),
]


@pytest.mark.parametrize(
    ("name", "change"),
    [(kind, change) for _, kind, change in _REFUSED],
    ids=[label for label, _, _ in _REFUSED],
)
def test_the_schemas_refuse_what_loads_refuses(name: str, change: Change) -> None:
    original = document(name)
    assert is_valid(original)
    tampered = copy.deepcopy(original)
    change(tampered)
    assert not is_valid(tampered)
    with pytest.raises((InvalidNotationError, InvalidStateError)):
        loads(json.dumps(tampered))


def test_a_view_without_its_optional_fields_is_valid_and_read() -> None:
    """Views written before ``received``, ``teams``, ``trick_seats`` and ``dealt_stock``
    were added still validate and load."""
    view = document("view")
    for key in ("received", "teams", "trick_seats", "dealt_stock"):
        del view[key]
    assert is_valid(view)
    assert isinstance(loads(json.dumps(view)), briscola.View)


def test_the_seat_schema_runs_from_0_to_5() -> None:
    seat = schema("move")["$defs"]["seat"]
    assert (seat["minimum"], seat["maximum"]) == (0, 5)


@pytest.mark.parametrize(
    "notation",
    [
        "show hands",
        "declare weak hands",
        "declare strong hands",
        "declare strong",
        "swap 7",
        "bid 8",
        "suit X",
        "call 8D",
        "points -0",
        "signal",
        "pass ",
        " AD",
    ],
)
def test_the_move_schema_refuses_near_misses_of_the_notation(notation: str) -> None:
    move = {"type": "move", "format": 1, "move": notation}
    assert not is_valid(move)
    with pytest.raises(InvalidNotationError):
        loads(json.dumps(move))


@pytest.mark.parametrize(
    "notation",
    [
        "show hand",
        "declare weak hand",
        "declare strong hand",
        "declare has AC",
        "declare lacks 7B",
        "swap 7C",
        "bid K",
        "suit S",
        "call KD",
        "points 65",
        "signal ACE",
        "pass",
        "QB",
    ],
)
def test_the_move_schema_accepts_every_kind_of_move(notation: str) -> None:
    move = {"type": "move", "format": 1, "move": notation}
    assert is_valid(move)
    assert str(loads(json.dumps(move))) == notation
