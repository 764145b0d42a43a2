"""Suits, ranks and cards (the documented "Cards" contract; §1.1–§1.3)."""

from __future__ import annotations

import copy
import pickle

import pytest

from briscola import DECK, BriscolaError, Card, InvalidNotationError, Rank, Suit
from helpers import ALL_CODES, POINTS, MisleadingStr, untyped

ITALIAN_RANKS = {
    "asso": "A",
    "due": "2",
    "tre": "3",
    "quattro": "4",
    "cinque": "5",
    "sei": "6",
    "sette": "7",
    "fante": "J",
    "cavallo": "Q",
    "donna": "Q",
    "regina": "Q",
    "re": "K",
}
ENGLISH_RANKS = {
    "ace": "A",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "jack": "J",
    "knight": "Q",
    "queen": "Q",
    "king": "K",
}
ITALIAN_SUITS = {"denari": "D", "coppe": "C", "spade": "S", "bastoni": "B"}
ENGLISH_SUITS = {"coins": "D", "cups": "C", "swords": "S", "batons": "B"}
FRENCH_SYMBOLS = {"♦": "D", "♥": "C", "♠": "S", "♣": "B"}
NUMBER_TO_CODE = {1: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "J", 9: "Q", 10: "K"}


# --- Suit and Rank ---------------------------------------------------------------------------


def test_suit_members_in_order_with_letter_values() -> None:
    assert [s.name for s in Suit] == ["DENARI", "COPPE", "SPADE", "BASTONI"]
    assert [s.value for s in Suit] == ["D", "C", "S", "B"]


def test_rank_values_are_the_printed_numbers() -> None:
    values = {rank.name: int(rank) for rank in Rank}
    assert values == {
        "ACE": 1,
        "TWO": 2,
        "THREE": 3,
        "FOUR": 4,
        "FIVE": 5,
        "SIX": 6,
        "SEVEN": 7,
        "JACK": 8,
        "KNIGHT": 9,
        "KING": 10,
    }
    assert isinstance(Rank.KING, int)


def test_rank_italian_aliases() -> None:
    assert Rank["FANTE"] is Rank(8)
    assert Rank["CAVALLO"] is Rank(9)
    assert Rank["RE"] is Rank(10)
    assert Rank(8).name == "JACK"


# --- ids, points, codes ----------------------------------------------------------------------


def test_card_ids_follow_suit_index_and_rank() -> None:
    for suit_index, suit in enumerate(Suit):
        for rank in Rank:
            assert Card(rank, suit).id == suit_index * 10 + (rank - 1)


def test_card_ids_are_0_to_39_and_from_id_inverts_them() -> None:
    ids = sorted(Card(rank, suit).id for suit in Suit for rank in Rank)
    assert ids == list(range(40))
    for i in range(40):
        assert Card.from_id(i).id == i


def test_card_from_id_reads_numpy_integers_as_the_vector_engine_gives_them() -> None:
    np = pytest.importorskip("numpy")
    assert [Card.from_id(i) for i in np.arange(40, dtype=np.int8)] == list(DECK)
    for bad in (np.int8(-1), np.int64(40), np.float32(3.0), np.bool_(True)):
        with pytest.raises(BriscolaError, match="ids run from 0 to 39"):
            Card.from_id(untyped(bad))


@pytest.mark.parametrize("bad", [-1, 40, 41, 100, 1.0, "3", None, True])
def test_card_from_id_out_of_range_is_a_library_error(bad: object) -> None:
    with pytest.raises(BriscolaError):
        Card.from_id(untyped(bad))


def test_ex_k1_points_by_rank() -> None:
    expected = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
    for code in ALL_CODES:
        assert Card.parse(code).points == expected[code[0]], code


def test_card_points_add_up_to_120() -> None:
    assert sum(Card.from_id(i).points for i in range(40)) == 120
    assert sum(POINTS.get(code[0], 0) for code in ALL_CODES) == 120


def test_canonical_codes_of_all_40_cards_in_id_order() -> None:
    assert len(ALL_CODES) == 40
    assert ALL_CODES[:10] == ("AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD")
    assert ALL_CODES[39] == "KB"
    for i, code in enumerate(ALL_CODES):
        assert str(Card.from_id(i)) == code


@pytest.mark.parametrize(
    ("rank", "suit", "code"),
    [
        (Rank.ACE, Suit.DENARI, "AD"),
        (Rank.SEVEN, Suit.SPADE, "7S"),
        (Rank.KNIGHT, Suit.BASTONI, "QB"),
        (Rank.KING, Suit.COPPE, "KC"),
        (Rank.JACK, Suit.COPPE, "JC"),
        (Rank.TWO, Suit.BASTONI, "2B"),
    ],
)
def test_str_is_the_canonical_code(rank: Rank, suit: Suit, code: str) -> None:
    assert str(Card(rank, suit)) == code


def test_card_exposes_rank_and_suit() -> None:
    c = Card.parse("QB")
    assert c.rank is Rank.KNIGHT
    assert c.suit is Suit.BASTONI


# --- Card.parse ------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ALL_CODES)
def test_parse_round_trips_every_card(code: str) -> None:
    c = Card.parse(code)
    assert str(c) == code
    assert Card.parse(str(c)) == c


@pytest.mark.parametrize("code", ALL_CODES)
def test_parse_any_letter_case(code: str) -> None:
    lower = code.lower()
    mixed = code[0].lower() + code[1]
    for text in (lower, mixed, code[0] + code[1].lower()):
        assert str(Card.parse(text)) == code


@pytest.mark.parametrize("number", range(1, 11))
@pytest.mark.parametrize("suit", "DCSB")
def test_parse_numeric_ranks(number: int, suit: str) -> None:
    assert str(Card.parse(f"{number}{suit}")) == NUMBER_TO_CODE[number] + suit
    assert str(Card.parse(f"{number}{suit.lower()}")) == NUMBER_TO_CODE[number] + suit


@pytest.mark.parametrize(
    ("text", "code"), [("1D", "AD"), ("8S", "JS"), ("9B", "QB"), ("10C", "KC")]
)
def test_parse_numeric_examples_of_api(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("symbol", FRENCH_SYMBOLS)
@pytest.mark.parametrize("number", range(1, 11))
def test_parse_french_symbols_with_numbers(symbol: str, number: int) -> None:
    suit = FRENCH_SYMBOLS[symbol]
    assert str(Card.parse(f"{number}{symbol}")) == NUMBER_TO_CODE[number] + suit


@pytest.mark.parametrize("symbol", FRENCH_SYMBOLS)
@pytest.mark.parametrize("rank", ["A", "J", "Q", "K", "a", "q"])
def test_parse_french_symbols_with_letters(symbol: str, rank: str) -> None:
    assert str(Card.parse(f"{rank}{symbol}")) == rank.upper() + FRENCH_SYMBOLS[symbol]


def test_parse_ten_of_clubs_is_the_re_di_bastoni() -> None:
    assert Card.parse("10♣") == Card(Rank.KING, Suit.BASTONI)
    assert str(Card.parse("A♦")) == "AD"


@pytest.mark.parametrize("word", ITALIAN_RANKS)
@pytest.mark.parametrize("suit", ITALIAN_SUITS)
def test_parse_italian_names(word: str, suit: str) -> None:
    expected = ITALIAN_RANKS[word] + ITALIAN_SUITS[suit]
    assert str(Card.parse(f"{word} di {suit}")) == expected
    assert str(Card.parse(f"{word.upper()} DI {suit.title()}")) == expected


@pytest.mark.parametrize("word", ENGLISH_RANKS)
@pytest.mark.parametrize("suit", ENGLISH_SUITS)
def test_parse_english_names(word: str, suit: str) -> None:
    expected = ENGLISH_RANKS[word] + ENGLISH_SUITS[suit]
    assert str(Card.parse(f"{word} of {suit}")) == expected
    assert str(Card.parse(f"{word.title()} of {suit.title()}")) == expected


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("asso di denari", "AD"),
        ("re di coppe", "KC"),
        ("ace of coins", "AD"),
        ("knight of batons", "QB"),
        ("donna di spade", "QS"),
        ("regina di bastoni", "QB"),
        ("queen of cups", "QC"),
        ("sette d'ori", "7D"),
        ("sette d' ori", "7D"),
        ("sette d\u2019ori", "7D"),  # the typographic apostrophe of phones and editors
        ("asso d\u02bc coppe", "AC"),
    ],
)
def test_parse_api_examples_and_queen_is_the_nine(text: str, code: str) -> None:
    c = Card.parse(text)
    assert str(c) == code
    if code[0] == "Q":
        assert c.rank is Rank.KNIGHT
        assert int(c.rank) == 9


@pytest.mark.parametrize(
    "text",
    [
        "jolly",
        "",
        "   ",
        "11C",
        "0D",
        "AX",
        "ZZ",
        "1",
        "D",
        "asso di",
        "asso di jolly",
        "7CC",
        "8",
    ],
)
def test_parse_bad_text_raises_naming_the_text(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(text)
    assert text in str(info.value)
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("bad", [None, 7, 1.5, b"AC"])
def test_parse_non_text_raises_invalid_notation(bad: object) -> None:
    with pytest.raises(InvalidNotationError):
        Card.parse(untyped(bad))


@pytest.mark.parametrize(("rank", "suit"), [("A", Suit.COPPE), (11, Suit.COPPE), (1, "C")])
def test_constructor_with_bad_fields_is_a_library_error(rank: object, suit: object) -> None:
    with pytest.raises(BriscolaError):
        Card(untyped(rank), untyped(suit))


# --- interning, pickling, immutability -------------------------------------------------------


def test_cards_are_interned() -> None:
    c = Card(Rank.ACE, Suit.COPPE)
    assert c is Card.parse("AC")
    assert c is Card.from_id(10)
    assert c is Card.parse("asso di coppe")
    assert c is Card.parse("1♥")


@pytest.mark.parametrize("code", ALL_CODES)
def test_pickle_and_copy_give_the_same_instance(code: str) -> None:
    c = Card.parse(code)
    assert pickle.loads(pickle.dumps(c)) is c
    assert copy.copy(c) is c
    assert copy.deepcopy(c) is c
    assert copy.deepcopy([c])[0] is c


def test_cards_are_hashable_and_compare_by_value() -> None:
    assert len({Card.parse("AC"), Card.parse("ac"), Card.from_id(10)}) == 1
    assert Card.parse("AC") != Card.parse("AD")
    assert {Card.parse("7S"): 1}[Card.parse("7♠")] == 1


@pytest.mark.parametrize("field", ["rank", "suit", "id", "points"])
def test_cards_are_immutable(field: str) -> None:
    c = Card.parse("3S")
    with pytest.raises(AttributeError):
        setattr(c, field, 0)
    with pytest.raises(AttributeError):
        delattr(c, field)
    assert c.points == 10
    assert c.id == 22
    assert str(c) == "3S"


def test_a_str_subclass_is_read_as_its_text() -> None:
    assert Card.parse(MisleadingStr(" ad ")) == Card.parse("AD")


# --- constructor messages, length limit, aliases, ordering -----------------------------------


def test_constructor_refuses_a_bool_rank() -> None:
    with pytest.raises(InvalidNotationError, match="no card has rank True"):
        Card(untyped(True), Suit.COPPE)


def test_constructor_messages_name_the_bad_field() -> None:
    with pytest.raises(InvalidNotationError, match=r"^Card needs a Suit, not str 'C'"):
        Card(1, untyped("C"))
    with pytest.raises(InvalidNotationError, match=r"^no card has rank 11: ranks run"):
        Card(11, Suit.COPPE)


def test_parse_reads_at_most_100_characters() -> None:
    assert Card.parse("AC".rjust(100)) is Card.parse("AC")
    with pytest.raises(InvalidNotationError, match=r"^cannot read a card from '.*: it is too"):
        Card.parse("AC".rjust(101))


def test_parse_ignores_the_emoji_variation_selector() -> None:
    assert str(Card.parse("A\u2665\ufe0f")) == "AC"
    assert str(Card.parse("7\u2660\ufe0f")) == "7S"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("2\u2662", "2D"),
        ("2\u2661", "2C"),
        ("2\u2664", "2S"),
        ("2\u2667", "2B"),
        ("knave of diamonds", "JD"),
        ("deuce of hearts", "2C"),
        ("horse of spades", "QS"),
        ("king of clubs", "KB"),
        ("ace of cudgels", "AB"),
        ("ace of staves", "AB"),
        ("re de coppe", "KC"),
    ],
)
def test_parse_reads_the_less_common_spellings(text: str, code: str) -> None:
    assert str(Card.parse(text)) == code


@pytest.mark.parametrize("text", ["asso_di_coppe", "ace-of-cups", "7_c", "asso - di - coppe"])
def test_parse_reads_underscores_and_hyphens_as_spaces(text: str) -> None:
    assert Card.parse(text).suit is Suit.COPPE


def test_cards_are_ordered_by_id() -> None:
    low, high = Card.from_id(3), Card.from_id(30)
    assert (low < high, high < low, low < low) == (True, False, False)
    assert (low <= high, low <= low, high <= low) == (True, True, False)
    assert (high > low, low > high, high > high) == (True, False, False)
    assert (high >= low, high >= high, low >= high) == (True, True, False)
    assert sorted([DECK[30], DECK[3], DECK[12]]) == [DECK[3], DECK[12], DECK[30]]


def test_cards_do_not_order_against_other_values() -> None:
    with pytest.raises(TypeError):
        assert Card.from_id(3) < untyped(5)
    with pytest.raises(TypeError):
        assert Card.from_id(3) >= untyped(5)
