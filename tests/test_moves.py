"""Moves: constructors, notation and `parse_move` (the documented "Moves" contract)."""

from __future__ import annotations

import attrs
import pytest

import briscola
from briscola import (
    STRONG_HAND,
    WEAK_HAND,
    Bid,
    BidPoints,
    Declare,
    Has,
    HasNot,
    InvalidMoveError,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Play,
    Rank,
    ShowHand,
    Signal,
    Suit,
    SwapTrump,
    parse_move,
)
from helpers import ALL_CODES, SIGNAL_TOKENS, MisleadingStr, card, untyped

ALL_MOVES: list[Move] = [
    *(Play(card(code)) for code in ALL_CODES),
    *(SwapTrump(card(code)) for code in ALL_CODES),
    *(Bid(rank) for rank in Rank),
    *(BidPoints(target) for target in (0, 60, 61, 65, 100, 120, 121)),
    Pass(),
    *(NameSuit(suit) for suit in Suit),
    *(NameCard(card(code)) for code in ALL_CODES),
    *(Declare(Has(card(code))) for code in ALL_CODES),
    *(Declare(HasNot(card(code))) for code in ALL_CODES),
    Declare(WEAK_HAND),
    Declare(STRONG_HAND),
    *(Signal(token) for token in SIGNAL_TOKENS),
    ShowHand(),
]


# --- constructors check field types only -----------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "value"),
    [
        (Play, "7C"),
        (Play, None),
        (Play, 16),
        (SwapTrump, "7C"),
        (NameCard, "KD"),
        (Bid, "K"),
        (Bid, None),
        (BidPoints, "61"),
        (BidPoints, 61.0),
        (BidPoints, None),
        (NameSuit, "C"),
        (NameSuit, None),
        (Declare, "has AC"),
        (Declare, card("AC")),
        (Signal, 5),
        (Signal, None),
    ],
)
def test_constructor_rejects_a_field_of_the_wrong_type(cls: type[Move], value: object) -> None:
    with pytest.raises(InvalidMoveError) as info:
        untyped(cls)(value)
    assert isinstance(info.value, TypeError)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, briscola.BriscolaError)


def test_play_of_a_string_is_invalid_move_and_type_error() -> None:
    with pytest.raises(TypeError):
        Play(untyped("7C"))
    with pytest.raises(InvalidMoveError):
        Play(untyped("7C"))


@pytest.mark.parametrize("target", [121, 0, -5, 1000, 60])
def test_bid_points_out_of_game_range_is_a_valid_move_object(target: int) -> None:
    move = BidPoints(target)
    assert move.target == target


def test_constructors_accept_good_fields() -> None:
    assert Play(card("7C")).card == card("7C")
    assert SwapTrump(card("2C")).card == card("2C")
    assert Bid(Rank.KING).rank is Rank.KING
    assert NameSuit(Suit.COPPE).suit is Suit.COPPE
    assert NameCard(card("KD")).card == card("KD")
    assert Declare(Has(card("AC"))).claim == Has(card("AC"))
    assert Signal("ACE").token == "ACE"


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_every_move_derives_from_move_and_carries_no_seat(move: Move) -> None:
    assert isinstance(move, Move)
    assert attrs.has(type(move))
    assert not hasattr(move, "seat")
    assert not hasattr(move, "player")


def test_moves_are_frozen_hashable_and_compare_by_value() -> None:
    a = Play(card("7C"))
    b = Play(card("7c"))
    assert a == b
    assert hash(a) == hash(b)
    play_move: object = Play(card("7C"))
    assert play_move != SwapTrump(card("7C"))
    assert Pass() == Pass()
    assert ShowHand() == ShowHand()
    assert len({Pass(), Pass(), ShowHand()}) == 2
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.card = card("AC")  # type: ignore[misc]


# --- notation --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Play(card("7C")), "7C"),
        (Play(card("QB")), "QB"),
        (SwapTrump(card("7C")), "swap 7C"),
        (Bid(Rank.KING), "bid K"),
        (Bid(Rank.TWO), "bid 2"),
        (BidPoints(65), "points 65"),
        (Pass(), "pass"),
        (NameSuit(Suit.COPPE), "suit C"),
        (NameCard(card("KD")), "call KD"),
        (Declare(Has(card("AC"))), "declare has AC"),
        (Declare(HasNot(card("AC"))), "declare lacks AC"),
        (Declare(WEAK_HAND), "declare weak hand"),
        (Declare(STRONG_HAND), "declare strong hand"),
        (Signal("ACE"), "signal ACE"),
        (ShowHand(), "show hand"),
    ],
)
def test_str_notation(move: Move, text: str) -> None:
    assert str(move) == text
    assert parse_move(text) == move


@pytest.mark.parametrize("code", ALL_CODES)
def test_play_notation_is_the_card_code(code: str) -> None:
    assert str(Play(card(code))) == code


@pytest.mark.parametrize("move", ALL_MOVES, ids=str)
def test_parse_move_round_trip(move: Move) -> None:
    assert parse_move(str(move)) == move


def test_parse_move_round_trip_with_a_state() -> None:
    state = briscola.new_game("classic", seed=11)
    for move in ALL_MOVES:
        assert parse_move(str(move), state) == move


def test_parse_move_round_trip_of_every_legal_move_in_a_game() -> None:
    state = briscola.new_game("classic-4", seed=5, seven_swap=True, two_swap=True)
    while not briscola.is_over(state):
        legal = briscola.legal_moves(state)
        for move in legal:
            assert parse_move(str(move), state) == move
        state = briscola.apply(state, legal[-1])


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("7c", Play(card("7C"))),
        ("asso di coppe", Play(card("AC"))),
        ("10♣", Play(card("KB"))),
        ("SWAP 7c", SwapTrump(card("7C"))),
        ("PASS", Pass()),
    ],
)
def test_parse_move_is_forgiving_about_card_spelling_and_case(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("declare weak  hand", Declare(WEAK_HAND)),
        ("declare\thas\tAC", Declare(Has(card("AC")))),
        ("show\thand", ShowHand()),
        ("  asso   di  coppe ", Play(card("AC"))),
        ("points\t\t80", BidPoints(80)),
        ("signal low trumps", Signal("LOW_TRUMPS")),
        ("signal  no trumps", Signal("NO_TRUMPS")),
    ],
)
def test_parse_move_counts_any_run_of_blanks_as_one_space(text: str, move: Move) -> None:
    assert parse_move(text) == move


def test_the_bare_base_class_of_the_moves_has_a_repr() -> None:
    assert repr(Move()) == str(Move()) == "Move()"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "xyz",
        "jolly",
        "swap",
        "swap 9Z",
        "swap jolly",
        "bid X",
        "bid",
        "points abc",
        "points",
        "suit Z",
        "call ZZ",
        "declare maybe",
        "declare has ZZ",
        "pass now",
        "11C",
    ],
)
def test_parse_move_bad_notation(text: str) -> None:
    with pytest.raises(InvalidMoveError) as info:
        parse_move(text)
    if text.strip():
        assert text in str(info.value)


@pytest.mark.parametrize("bad", [None, 7, Play(card("7C")), card("7C")])
def test_parse_move_of_non_text(bad: object) -> None:
    with pytest.raises(InvalidMoveError):
        parse_move(untyped(bad))


def test_a_str_subclass_is_read_as_its_text() -> None:
    assert briscola.parse_move(MisleadingStr("swap 7c")) == briscola.parse_move("swap 7c")


# --- behaviours pinned one by one ------------------------------------------------------------


@pytest.mark.parametrize("number", range(1, 11))
def test_bid_reads_an_int_from_1_to_10_as_its_rank(number: int) -> None:
    assert Bid(untyped(number)).rank is Rank(number)


@pytest.mark.parametrize("value", [True, False, 0, 11])
def test_bid_refuses_a_bool_or_an_int_that_is_no_rank(value: object) -> None:
    with pytest.raises(InvalidMoveError, match=r"^Bid needs a Rank, not "):
        Bid(untyped(value))


def test_type_errors_name_the_move_and_the_type_wanted() -> None:
    with pytest.raises(InvalidMoveError, match=r"^NameSuit needs a Suit, not str 'C'$"):
        NameSuit(untyped("C"))
    with pytest.raises(InvalidMoveError, match=r"^Signal needs a str token, not int 5$"):
        Signal(untyped(5))


def test_a_signal_token_has_at_most_32_characters() -> None:
    assert Signal("X" * 32).token == "X" * 32
    with pytest.raises(InvalidMoveError, match=r"^Signal.token 'X{33}' is too long"):
        Signal("X" * 33)


def test_parse_move_reads_at_most_100_characters() -> None:
    assert parse_move("pass".ljust(100)) == Pass()
    with pytest.raises(InvalidMoveError, match="move notation has at most 100 characters"):
        parse_move("pass".ljust(101))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("show", ShowHand()),
        ("SHOWHAND", ShowHand()),
        ("play 7c", Play(card("7C"))),
        ("Play asso di coppe", Play(card("AC"))),
        ("name C", NameSuit(Suit.COPPE)),
        ("suit coppe", NameSuit(Suit.COPPE)),
        ("declare weak", Declare(WEAK_HAND)),
        ("declare strong", Declare(STRONG_HAND)),
        ("declare HAS ac", Declare(Has(card("AC")))),
        ("Declare Lacks ac", Declare(HasNot(card("AC")))),
        ("declare hasnot AC", Declare(HasNot(card("AC")))),
        ("bid re", Bid(Rank.KING)),
        ("bid 2@65", BidPoints(65)),
        ("points 999999", BidPoints(999999)),
    ],
)
def test_parse_move_reads_the_documented_alternative_spellings(text: str, move: Move) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text", ["points 65x", "points 65 x", "bid 2@65x", "bid 2@", "points 1000000", "bid 2@1000000"]
)
def test_parse_move_refuses_a_malformed_or_over_long_number(text: str) -> None:
    with pytest.raises(InvalidMoveError, match=f"^cannot read a move from '{text}'$"):
        parse_move(text)


def test_parse_move_of_non_text_names_its_type() -> None:
    with pytest.raises(InvalidMoveError, match=r"^cannot read a move from NoneType None$"):
        parse_move(untyped(None))
