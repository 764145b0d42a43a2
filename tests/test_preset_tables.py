"""The tables the suite keeps by hand, preset by preset, name every preset they are for.

Their values are written from the rules reference, apart from the code they check; the price
is that a new preset needs a row in each. A missing row would leave the preset out of what
the table checks without a word: these tests name the table, its file and the row.
"""

from __future__ import annotations

from collections.abc import Collection

import pytest

import briscola
from _match_helpers import PLAYERS
from helpers import HAND_SIZE, PRESET_IDS, SHAPE
from strategies import SPEC_SIDES, SPEC_TIMELINE
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
