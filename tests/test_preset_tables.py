"""The tables the suite keeps by hand, preset by preset, name every preset they are for.

Their values are written from the rules reference, apart from the code they check; the price
is that a new preset needs a row in each. A missing row would leave the preset out of what
the table checks without a word: these tests name the table, its file and the row.
"""

from __future__ import annotations

from collections.abc import Collection

import pytest

import briscola
import helpers
import reference.model
from _match_helpers import PLAYERS
from helpers import HAND_SIZE, PRESET_IDS, SHAPE
from strategies import SPEC_SIDES, SPEC_TIMELINE
from test_reference import PLAIN_PRESETS
from test_rules_reference import PRESET_SHORT_NAMES

EVERY = frozenset(briscola.VARIANTS)
# §1.8: the presets with a stock that are not Bugiarda games, whose deals share one shape.
STOCK_GAMES = frozenset(
    p for p, r in briscola.VARIANTS.items() if r.has_stock and not p.startswith("bugiarda")
)
# §2: the presets whose two sides the seating fixes.
FIXED_SIDES = frozenset(
    p for p, r in briscola.VARIANTS.items() if len(r.teams) == 2 and not r.dealer_sits_out
)

VARIANTS = briscola.VARIANTS
# The groups of presets the tests keep by hand, each with the presets the rules put in it.
STOCK = frozenset(p for p, r in VARIANTS.items() if r.has_stock)  # §1.8
FACE_UP = frozenset(p for p, r in VARIANTS.items() if r.trump_kind.value == "face_up")  # §1.3
TWO_SIDED = frozenset(p for p, r in VARIANTS.items() if len(r.teams) == 2)  # §2, §3.8
PARTNERS = frozenset(p for p, r in VARIANTS.items() if any(len(t) > 1 for t in r.teams))  # §2
CHIAMATA = frozenset(p for p, r in VARIANTS.items() if r.auction is not None)  # §2.5
DEALT_TRUMP = frozenset(p for p, r in VARIANTS.items() if r.trump_kind.value == "dealt")  # §2.6


@pytest.mark.parametrize(
    ("table", "where", "keys", "wanted"),
    [
        ("PRESET_IDS", "tests/helpers.py", PRESET_IDS, EVERY),
        ("SHAPE", "tests/helpers.py", SHAPE, STOCK_GAMES),
        ("HAND_SIZE", "tests/helpers.py", HAND_SIZE, EVERY),
        ("SPEC_TIMELINE", "tests/strategies.py", SPEC_TIMELINE, EVERY),
        ("SPEC_SIDES", "tests/strategies.py", SPEC_SIDES, FIXED_SIDES),
        ("PLAYERS", "tests/_match_helpers.py", PLAYERS, EVERY),
        ("PRESET_SHORT_NAMES", "tests/test_rules_reference.py", PRESET_SHORT_NAMES, EVERY),
        ("STOCK", "tests/helpers.py", helpers.STOCK, STOCK),
        ("FACE_UP", "tests/helpers.py", helpers.FACE_UP, FACE_UP),
        ("TWO_SIDED", "tests/helpers.py", helpers.TWO_SIDED, TWO_SIDED),
        ("PARTNERS", "tests/helpers.py", helpers.PARTNERS, PARTNERS),
        ("CHIAMATA", "tests/helpers.py", helpers.CHIAMATA, CHIAMATA),
        ("DEALT_TRUMP", "tests/helpers.py", helpers.DEALT_TRUMP, DEALT_TRUMP),
        (
            "CHIAMATA_PRESETS",
            "tests/reference/model.py",
            reference.model.CHIAMATA_PRESETS,
            CHIAMATA,
        ),
        ("FACE_UP_PRESETS", "tests/reference/model.py", reference.model.FACE_UP_PRESETS, FACE_UP),
        ("STOCK_PRESETS", "tests/reference/model.py", reference.model.STOCK_PRESETS, STOCK),
        (
            "TWO_SIDED_PRESETS",
            "tests/reference/model.py",
            reference.model.TWO_SIDED_PRESETS,
            TWO_SIDED,
        ),
        ("PLAIN_PRESETS", "tests/test_reference.py", PLAIN_PRESETS, EVERY - CHIAMATA),
    ],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_every_preset_has_its_row(
    table: str, where: str, keys: Collection[str], wanted: frozenset[str]
) -> None:
    missing = sorted(wanted - set(keys))
    extra = sorted(set(keys) - wanted)
    assert not missing, f"{table} in {where} has no row for {missing}: write it from the rules"
    assert not extra, f"{table} in {where} has rows for {extra}, which it is not about"
