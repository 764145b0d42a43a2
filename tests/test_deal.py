"""The seeded deal (§1.6), option text, and the errors' contract, pinned beyond their callers."""

from __future__ import annotations

import copy
import hashlib

import attrs
import pytest

import briscola
from briscola import RulesError
from briscola._deal import derived_seed, entropy, fresh_seed, seed_text, shuffle
from briscola._option_text import option_value, parse_option
from briscola.simulation import game_seed


def test_a_seed_refusal_offers_none_only_where_none_is_taken() -> None:
    with pytest.raises(RulesError, match=r"^seed=1\.5 is not valid: use a whole number or None"):
        briscola.new_game("classic", seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"^seed=1\.5 is not valid: use a whole number, not"):
        game_seed(1.5, 0)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("label", "seed", "index"),
    [("simulate/player", 7, 2), ("play/v1", -(10**4300), 0), ("x", 0, 10**5)],
    ids=["small", "hexadecimal", "large index"],
)
def test_a_derived_seed_is_the_first_8_bytes_of_its_documented_hash(
    label: str, seed: int, index: int
) -> None:
    text = f"briscola/{label}:{seed_text(seed)}:{seed_text(index)}".encode()
    expected = int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
    assert derived_seed(label, seed, index) == expected


def test_a_fresh_seed_has_128_bits_of_entropy() -> None:
    seeds = {fresh_seed() for _ in range(16)}
    assert len(seeds) == 16
    assert all(0 <= seed < 2**128 for seed in seeds)
    assert max(seeds) >= 2**120


# --- option text ------------------------------------------------------------------------------


def test_a_table_rule_needs_a_name_before_its_equals_sign() -> None:
    for text in ("=yes", "  =1"):
        with pytest.raises(RulesError, match="NAME=VALUE"):
            parse_option(text)
    assert parse_option("  win_threshold =  71 ") == ("win_threshold", 71)
    assert parse_option(" signals = Yes") == ("signals", True)


@pytest.mark.parametrize("name", ["seven_swap", "cappotto_wins_match"])
def test_a_bool_option_reads_each_of_the_six_spellings_in_any_case(name: str) -> None:
    for word in ("true", "YES", "On", "1"):
        assert option_value(word, name) is True
    for word in ("False", "no", "OFF", "0"):
        assert option_value(word, name) is False
    with pytest.raises(RulesError, match=rf"^{name}='none' is not valid: use true or false"):
        option_value("none", name)


def test_an_untyped_option_reads_bools_none_and_short_whole_numbers() -> None:
    assert option_value("TRUE", "tie_rule") is True
    assert option_value("false", None) is False
    assert option_value("None", "trump_suit") is None
    assert option_value("+65", "win_threshold") == 65
    assert option_value("-123456789") == -123456789
    for text in ("1234567890", "12abc", "1.5", "65 "):
        assert option_value(text, "win_threshold") == text


def test_a_tuple_option_splits_on_commas_or_plus_signs() -> None:
    assert option_value("ACE+KING", "signal_tokens") == ("ACE", "KING")
    assert option_value(" ace , low_trumps ", "signal_tokens") == ("ace", "low_trumps")
    assert option_value("ACE+KING", "tie_rule") == "ACE+KING"


def test_a_value_that_is_not_text_is_kept_as_it_is() -> None:
    for value in (1, True, None, ("ACE",)):
        assert option_value(value, "seven_swap") is value


# --- errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "error",
    [
        briscola.RulesError,
        briscola.IllegalMoveError,
        briscola.InvalidMoveError,
        briscola.InvalidNotationError,
        briscola.InvalidStateError,
    ],
)
def test_every_error_is_a_briscola_error_and_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, briscola.BriscolaError)
    assert issubclass(error, ValueError)


def test_a_move_that_is_not_a_move_is_also_a_type_error() -> None:
    assert issubclass(briscola.InvalidMoveError, TypeError)
    assert not issubclass(briscola.IllegalMoveError, TypeError)


@pytest.mark.parametrize("length", [1, 2, 3, 10, 33, 40, 52])
def test_the_shuffle_is_the_documented_fisher_yates_for_any_length(length: int) -> None:
    cards = list(briscola.DECK[:length]) if length <= 40 else list(briscola.DECK) * 2
    cards = cards[:length]
    x = entropy(length)
    expected = list(cards)
    left = x
    for i in range(length - 1, 0, -1):
        left, j = divmod(left, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert shuffle(cards, x) == (tuple(expected), left)


def test_a_record_whose_rules_were_edited_away_is_refused_as_inconsistent() -> None:
    """A Python error from a record edited past its checks (here an attribute missing from
    its rules) reaches the caller as an `InvalidStateError` naming the record."""
    record = briscola.Record.from_state(briscola.new_game("classic", seed=1))
    edited = copy.copy(record)
    object.__setattr__(edited, "rules", None)
    for call in (edited.first_state, edited.to_text):
        with pytest.raises(briscola.InvalidStateError, match=r"^this Record is inconsistent"):
            call()


def test_an_inconsistent_view_or_match_view_is_told_where_views_come_from() -> None:
    view = attrs.evolve(briscola.observe(briscola.new_game("classic", seed=1), 0), leader=9)
    with pytest.raises(briscola.InvalidStateError) as refused:
        view.trick_seats  # noqa: B018
    assert str(refused.value).endswith("; take views from observe() or public_view()")
    match_view = briscola.observe(briscola.new_match("classic", seed=1), 0)
    edited = attrs.evolve(match_view, format=attrs.evolve(match_view.format, value=10**5000))
    with pytest.raises(briscola.InvalidStateError) as refused:
        briscola.render(edited)
    assert str(refused.value).endswith("; take match views from observe()")
