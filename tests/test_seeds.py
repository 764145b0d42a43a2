"""Seeds: every public function that takes one reads it the same way (see `_deal.check_seed`)."""

from __future__ import annotations

import decimal
import hashlib
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import briscola
from briscola._deal import check_seed, seed_from_text, seed_text
from briscola.records import MatchRecord
from briscola.sampling import determinize

HUGE = 10**5000


class Index:
    """An integer-like object, as numpy's integers are."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


class BrokenIndex:
    def __index__(self) -> int:
        raise KeyError("inside")


def _game(seed: Any) -> object:
    return briscola.new_game("classic", seed=seed)


def _match(seed: Any) -> object:
    return briscola.new_match("classic", seed=seed)


def _record(seed: Any) -> object:
    return briscola.Record(briscola.rules("classic"), 1, (), seed=seed).first_state()


def _world(seed: Any) -> object:
    return determinize(briscola.observe(briscola.new_game("classic", seed=1), 0), seed=seed)


TAKERS: list[Callable[[Any], object]] = [_game, _match, _record, _world]


@pytest.fixture
def low_str_limit() -> Iterator[None]:
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(640)
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


@pytest.mark.parametrize("take", TAKERS)
@pytest.mark.parametrize(
    "seed", [HUGE, -HUGE, 2**20000 + 1, -(10**700)], ids=["1e5000", "-1e5000", "2^20000", "-1e700"]
)
def test_any_integer_is_a_seed(take: Callable[[Any], object], seed: int) -> None:
    assert take(seed) == take(seed)


@pytest.mark.parametrize("take", TAKERS)
def test_integer_like_objects_are_seeds(take: Callable[[Any], object]) -> None:
    assert take(Index(7)) == take(7)


@pytest.mark.parametrize("take", TAKERS)
@pytest.mark.parametrize("bad", [True, False, 1.5, float("nan"), "7", b"7", [7], BrokenIndex()])
def test_anything_else_is_a_rules_error_naming_the_seed(
    take: Callable[[Any], object], bad: object
) -> None:
    with pytest.raises(briscola.RulesError, match="seed="):
        take(bad)


def test_numpy_integers_are_seeds() -> None:
    numpy = pytest.importorskip("numpy")
    assert _game(numpy.int64(12)) == _game(12)
    assert _game(numpy.uint8(200)) == _game(200)
    with pytest.raises(briscola.RulesError, match="seed="):
        _game(numpy.float64(3.0))
    with pytest.raises(briscola.RulesError, match="seed="):
        _game(numpy.bool_(True))


def test_negative_seeds_hash_their_decimal_text() -> None:
    digest = hashlib.sha512(b"briscola/shuffle/v1:-5").digest()
    x = int.from_bytes(digest, "big")
    deck = list(briscola.rules("classic").deck)
    for i in range(len(deck) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert _game(-5).deck == tuple(deck)  # type: ignore[attr-defined]


def test_seed_text_is_the_decimal_form_up_to_4300_digits(low_str_limit: None) -> None:
    # Independent of the interpreter's int-to-text limit (lowered here to its minimum).
    for seed in (0, 7, -7, 10**600, 10**600 - 1, -(10**601) - 3, 10**4300 - 1, 3**9000):
        assert seed_text(seed) == str(decimal.Decimal(seed))
    assert seed_text(10**4300) == f"0x{10**4300:x}"
    assert seed_text(-(10**4300)) == f"-0x{10**4300:x}"


def test_seed_from_text_reads_what_seed_text_writes(low_str_limit: None) -> None:
    for seed in (0, 7, -7, 10**600, -(10**4300) + 1, 10**4300, -HUGE, 3**9000):
        assert seed_from_text(seed_text(seed)) == seed
    assert seed_from_text("007") == 7
    for bad in ("", "-", "0x", "0X1f", "1e5", " 1", "+1", "\uff11", "1" * 4301, "0x1F"):
        assert seed_from_text(bad) is None


@pytest.mark.parametrize(
    "seed",
    [HUGE, -HUGE, 10**100, 2**20000 + 1, -7],
    ids=["1e5000", "-1e5000", "1e100", "2^20000", "-7"],
)
def test_records_of_any_seed_read_back_from_their_text(seed: int) -> None:
    record = briscola.Record(briscola.rules("classic"), 1, (), seed=seed)
    assert briscola.Record.from_text(record.to_text()) == record
    match = briscola.new_match("classic", seed=seed)
    match_record = MatchRecord.from_state(match)
    assert MatchRecord.from_text(match_record.to_text()) == match_record
    for value in (match, record, match_record):
        assert "seed=" in repr(value)


def test_simulate_takes_a_seed_of_any_size() -> None:
    players = [briscola.RandomPlayer(), briscola.RandomPlayer()]
    run = briscola.simulate("classic", players, 2, seed=HUGE)
    assert run == briscola.simulate("classic", players, 2, seed=HUGE)


def test_json_refuses_a_seed_too_long_for_its_numbers_and_says_what_can_hold_it() -> None:
    for value in (
        briscola.new_match("classic", seed=HUGE),
        briscola.Record(briscola.rules("classic"), 1, (), seed=-HUGE),
    ):
        with pytest.raises(briscola.InvalidNotationError, match="to_text"):
            briscola.dumps(value)
    match = briscola.new_match("classic", seed=10**4299)
    assert briscola.loads(briscola.dumps(match)) == match


@pytest.fixture
def high_str_limit() -> Iterator[None]:
    before = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)  # no limit
    try:
        yield
    finally:
        sys.set_int_max_str_digits(before)


def test_json_seeds_keep_their_limit_in_a_process_without_one(high_str_limit: None) -> None:
    """A process that lifted Python's limit still writes and reads documents that every
    other process reads: seeds of at most 4,300 digits."""
    record = briscola.Record(briscola.rules("classic"), 1, (), seed=10**4300)
    with pytest.raises(briscola.InvalidNotationError, match="at most 4,300"):
        briscola.dumps(record)
    longest = briscola.Record(briscola.rules("classic"), 1, (), seed=-(10**4300) + 1)
    text = briscola.dumps(longest)
    with pytest.raises(briscola.InvalidNotationError, match="at most 4,300 digits"):
        briscola.loads(text.replace('"seed": -', '"seed": -1'))


def test_json_seeds_read_whatever_limit_the_process_set(low_str_limit: None) -> None:
    """A document with a 4,300-digit seed, written under Python's default limit, reads back
    in a process that lowered it; writing one there is refused in the library's words."""
    sys.set_int_max_str_digits(4300)
    longest = briscola.Record(briscola.rules("classic"), 1, (), seed=10**4300 - 1)
    text = briscola.dumps(longest)
    sys.set_int_max_str_digits(640)
    assert briscola.loads(text) == longest
    with pytest.raises(briscola.InvalidNotationError, match="more digits than this process"):
        briscola.dumps(longest)


def test_check_seed_returns_a_plain_int() -> None:
    class Sub(int):
        def __int__(self) -> int:
            raise KeyError

    value = check_seed(Sub(9))
    assert type(value) is int
    assert value == 9


def test_the_message_quotes_the_value_cut_short() -> None:
    with pytest.raises(briscola.RulesError) as info:
        _game("9" * 10_000)
    assert len(str(info.value)) < 200


def _draw(seed: int, label: str) -> int:
    text = f"briscola/match/v1:{seed}:{label}".encode()
    return int.from_bytes(hashlib.sha256(text).digest(), "big")


@pytest.mark.parametrize(
    ("variant", "options"),
    [("classic", {}), ("chiamata", {"all_pass": "redeal"})],
    ids=["classic", "chiamata, a void deal first"],
)
def test_each_deal_of_a_match_is_dealt_from_its_number(
    variant: briscola.VariantId, options: dict[str, Any]
) -> None:
    # Deal i of a match (void deals counted) is dealt from the seed drawn for "deal:<i>".
    match = briscola.new_match(variant, seed=3, format="fixed_deals(3)", **options)
    rng = random.Random(3)
    while len(match.results) < 2:
        moves = briscola.legal_moves(match)
        passes = [move for move in moves if isinstance(move, briscola.Pass)]
        move = passes[0] if passes and not match.results else rng.choice(moves)
        match = briscola.apply(match, move)
        if len(match.results) in (1, 2) and not match.state.history:
            i = len(match.results)
            expected = briscola.new_game(
                match.rules, seed=_draw(3, f"deal:{i}"), dealer=match.state.dealer
            )
            assert match.state == expected, i
    if options:
        assert match.results[0].score.void
