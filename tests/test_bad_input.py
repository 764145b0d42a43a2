"""Bad input from a new user's point of view: only errors of the documented hierarchy, clear
messages, nothing echoed at length."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import briscola
from briscola import (
    DECK,
    BidPoints,
    Card,
    IllegalMoveError,
    Pass,
    Play,
    Rank,
    Record,
    Signal,
    State,
    SwapTrump,
    apply,
    determinize,
    dumps,
    legal_moves,
    loads,
    new_game,
    new_match,
    observe,
    parse_move,
    random_playout,
    render,
    rules,
)
from briscola.checking import check
from briscola.match import parse_format
from briscola.players import unseen_cards
from briscola.records import MatchRecord, parse_rules, read_record
from briscola.serialize import MAX_INDENT
from helpers import untyped


@pytest.mark.parametrize("value", [0, False, 0.0, 7, "6", None])
def test_chiamata_players_must_be_5_or_6(value: object) -> None:
    with pytest.raises(briscola.RulesError, match="players"):
        rules("chiamata", players=value)  # type: ignore[arg-type]
    with pytest.raises(briscola.RulesError, match="players"):
        rules(rules("chiamata", players=6), players=value)  # type: ignore[arg-type]


def test_the_deck_message_names_the_cards_a_form_leaves_out() -> None:
    with pytest.raises(briscola.RulesError, match="every card but 4D 4C 4S 4B"):
        new_game("chiamata", players=6, six_player_form="remove_fours", deck=list(DECK))


def test_the_deck_message_names_the_card_held_and_the_card_missing() -> None:
    deck = [card for card in DECK if str(card) != "2C"]
    with pytest.raises(briscola.RulesError) as caught:
        new_game("classic-3", removed_two="2B", deck=deck)
    assert str(caught.value) == (
        "the deck given holds 2B and lacks 2C, but 2B is not in the deck of 'classic-3' "
        "(every card but 2B)"
    )


@pytest.mark.parametrize("text", ["A D C", "K D B", "a c di", "di asso coppe"])
def test_card_parse_refuses_words_outside_the_grammar(text: str) -> None:
    with pytest.raises(briscola.InvalidNotationError):
        Card.parse(text)


def test_card_parse_reads_connectors_between_rank_and_suit() -> None:
    assert str(Card.parse("sette d'ori")) == "7D"
    assert str(Card.parse("re de bastoni")) == "KB"


def test_long_text_is_not_echoed_whole() -> None:
    for call in (
        lambda: Card.parse("x" * 10_000),
        lambda: parse_move("x" * 10_000),
        lambda: rules("x" * 10_000),  # type: ignore[arg-type]
    ):
        with pytest.raises(briscola.BriscolaError) as caught:
            call()
        assert len(str(caught.value)) < 400


@pytest.mark.parametrize("spacing", [" ", "\t"])
def test_a_match_format_with_long_spacing_is_refused_in_linear_time(spacing: str) -> None:
    # A format's spacing once took quadratic time to refuse: 50,000 spaces took half a
    # minute, and a record or JSON document may hold a million characters.
    text = "a" + spacing * 50_000 + "!"
    started = time.perf_counter()
    with pytest.raises(briscola.RulesError, match="unknown match format"):
        parse_format(text)
    with pytest.raises(briscola.RulesError, match="unknown match format"):
        briscola.new_match("classic", format=text)
    assert time.perf_counter() - started < 5
    assert parse_format(f"best_of{spacing * 50_000}(3)") == briscola.match.best_of(3)


def test_auction_refusals_say_what_to_type() -> None:
    # §2.5: a player is told the notation of the move wanted, not the name of its class.
    state = briscola.new_game("chiamata", seed=1, auction="points_only")
    with pytest.raises(IllegalMoveError, match=r"point bids only, such as points 65$"):
        briscola.apply(state, parse_move("bid K"))
    for _ in range(4):
        state = briscola.apply(state, parse_move("pass"))
    state = briscola.apply(state, parse_move("points 61"))
    with pytest.raises(IllegalMoveError, match=r"must name the called card, such as call KD$"):
        briscola.apply(state, parse_move("pass"))
    state = briscola.new_game("chiamata", seed=1)
    for text in ("bid K", "pass", "pass", "pass", "pass"):
        state = briscola.apply(state, parse_move(text))
    with pytest.raises(IllegalMoveError, match=r"must name the trump suit, such as suit C$"):
        briscola.apply(state, parse_move("pass"))


def test_point_bids_name_the_two_and_take_plain_ints() -> None:
    assert parse_move("bid 2@65") == BidPoints(65)
    with pytest.raises(briscola.InvalidMoveError):
        parse_move("bid 3@65")
    with pytest.raises(briscola.InvalidMoveError):
        BidPoints(Rank.KING)
    with pytest.raises(briscola.InvalidMoveError):
        BidPoints(True)


def test_the_spelling_tables_are_read_only() -> None:
    from briscola.cards import RANK_WORDS, SUIT_WORDS

    with pytest.raises(TypeError):
        RANK_WORDS["jolly"] = Rank.ACE  # type: ignore[index]
    with pytest.raises(TypeError):
        SUIT_WORDS["stars"] = briscola.Suit.COPPE  # type: ignore[index]


def test_functions_of_a_deal_accept_a_match_or_refuse_clearly() -> None:
    match = new_match("classic", seed=1)
    assert "classic" in render(match)
    assert "classic" in render(observe(match, 0))
    assert observe(determinize(observe(match, 0), seed=1), 0) == observe(match.state, 0)
    assert Record.from_state(match).deals == ((),)  # the whole match: one deal, no move yet
    junks: tuple[object, ...] = (None, 5, "x", {}, rules("classic"), DECK[0])
    for junk in junks:
        with pytest.raises(briscola.InvalidStateError):
            render(junk)  # type: ignore[arg-type]
        with pytest.raises(briscola.InvalidStateError):
            determinize(junk)  # type: ignore[arg-type]
        with pytest.raises(briscola.InvalidStateError):
            Record.from_state(junk)  # type: ignore[call-overload]


def test_the_state_class_is_not_a_state() -> None:
    with pytest.raises(briscola.InvalidStateError):
        legal_moves(State)  # type: ignore[arg-type]
    with pytest.raises(briscola.InvalidStateError):
        apply(State, Pass())  # type: ignore[call-overload]


def test_arguments_of_the_wrong_kind() -> None:
    state = new_game("classic", seed=3)
    with pytest.raises(briscola.RulesError, match="rng"):
        random_playout(state, rng=5)  # type: ignore[arg-type]
    with pytest.raises(briscola.RulesError, match="seed"):
        determinize(observe(state, 0), seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(briscola.RulesError, match="seed"):
        new_game("classic", deck=list(DECK), seed="bad")  # type: ignore[arg-type]
    with pytest.raises(briscola.InvalidNotationError):
        loads("{}", max_size=None)  # type: ignore[call-overload]
    for read in (loads, Record.from_text, MatchRecord.from_text, read_record):
        with pytest.raises(briscola.InvalidNotationError, match=r"^max_size=-1 is not valid"):
            read("{}", max_size=-1)
    with pytest.raises(briscola.InvalidNotationError):
        dumps(state, indent=1.5)  # type: ignore[arg-type]
    for indent in (-1, MAX_INDENT + 1, 10**9, 10**5000):  # a huge indent, a huge text
        with pytest.raises(briscola.InvalidNotationError, match="indent"):
            dumps(state, indent=indent)
    assert loads(dumps(state, indent=MAX_INDENT)) == loads(dumps(state, indent=0)) == state
    with pytest.raises(briscola.RulesError):
        briscola.VARIANTS["classic"].teams_for(5)
    with pytest.raises(briscola.RulesError):
        briscola.VARIANTS["bugiarda-5"].teams_for(7)


def test_records_are_checked_when_built() -> None:
    classic = rules("classic")
    with pytest.raises(briscola.InvalidNotationError):
        Record("classic", 1, (), seed=1)  # type: ignore[arg-type]
    with pytest.raises(briscola.InvalidNotationError):
        Record(classic, 1, (), seed=1, tags=(("Format", "x"),))
    with pytest.raises(briscola.InvalidNotationError):
        Record(classic, 1, (), seed=1, tags=(("bad name", "x"),))
    with pytest.raises(briscola.InvalidNotationError):
        Record(classic, 1, (), seed=1, trump_suit="C")  # type: ignore[arg-type]
    with pytest.raises(briscola.InvalidNotationError):
        Record(classic, 1, None, seed=1)  # type: ignore[arg-type]
    with pytest.raises(briscola.InvalidNotationError):
        Record(classic, 2, (), seed=1)


def test_a_record_may_start_with_a_byte_order_mark() -> None:
    state = random_playout(new_game("classic", seed=3), random.Random(3))
    text = Record.from_state(state).to_text()
    assert Record.from_text("\ufeff" + text).final_state() == state


def test_messages_say_what_the_table_lacks() -> None:
    with pytest.raises(briscola.IllegalMoveError, match="no fixed partners"):
        apply(new_game("classic", seed=1), Signal("ACE"))
    with pytest.raises(briscola.IllegalMoveError, match="cannot play a card now"):
        apply(new_game("chiamata", seed=1), Play(DECK[0]))
    state = new_game("classic-6", seed=1, two_swap=True)
    assert state.trump_suit is not None
    two = Card(Rank.TWO, state.trump_suit)
    with pytest.raises(briscola.IllegalMoveError, match="out of the deck"):
        apply(state, SwapTrump(two))


def _short_error(call: Callable[[], object], error: type[Exception]) -> str:
    with pytest.raises(error) as info:
        call()
    message = str(info.value)
    assert len(message) < 200, message[:80]
    return message


@pytest.mark.parametrize("digits", [4000, 5000], ids=["4000-digits", "5000-digits"])
def test_an_integer_too_long_to_print_is_described_by_its_size(digits: int) -> None:
    huge = 10**digits
    bits = f"<an integer of {huge.bit_length()} bits>"
    state = new_game("classic", seed=1)
    move = legal_moves(state)[0]
    assert bits in _short_error(lambda: apply(state, move, seat=0, ply=huge), IllegalMoveError)
    chiamata = apply(new_game("chiamata-milan", seed=1), briscola.Bid(Rank.TWO))
    assert bits in _short_error(lambda: apply(chiamata, BidPoints(huge)), IllegalMoveError)
    assert str(BidPoints(huge)) == (f"points {bits}" if digits > 4300 else f"points {huge}")
    edited = attrs.evolve(state, history=((huge, Pass()),))
    assert bits in _short_error(lambda: briscola.check(edited), briscola.InvalidStateError)
    if digits <= 4300:  # longer integers are not JSON that Python reads
        document = json.loads(dumps(state))
        document["dealer"] = huge
        text = json.dumps(document)
        assert bits in _short_error(lambda: loads(text), briscola.InvalidNotationError)
        document = {"type": "move", "format": huge, "move": "AD"}
        text = json.dumps(document)
        assert bits in _short_error(lambda: loads(text), briscola.InvalidNotationError)


@pytest.mark.parametrize(
    ("name", "call"),
    [
        ("seat", lambda s: observe(s, 9)),
        ("seat", lambda s: apply(s, legal_moves(s)[0], seat=9)),
        ("dealer", lambda s: new_game("classic", seed=1, dealer=9)),
        ("dealer", lambda s: s.rules.seats_for(9)),
    ],
)
def test_every_seat_refusal_names_the_argument_and_the_seats(
    name: str, call: Callable[[State], object]
) -> None:
    state = new_game("classic", seed=1)
    expected = rf"^{name}=9 is not a seat of 'classic': seats run from 0 to 1$"
    with pytest.raises(briscola.RulesError, match=expected):
        call(state)


def _a_match_record_with(**fields: Any) -> object:
    record = MatchRecord.from_state(briscola.new_match("classic", seed=1))
    return attrs.evolve(record, **fields)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: check(untyped(5)), "check() needs a State from new_game()"),
        (
            lambda: unseen_cards(untyped(5)),
            "unseen_cards() needs a View from observe()",
        ),
        (lambda: briscola.rounds(0), "rounds(0) is not valid: use a whole number from 1"),
        (
            lambda: briscola.rules("chiamata", point_call_step=0),
            "point_call_step=0 is not valid: use a whole number from 1",
        ),
        (
            lambda: read_record("", max_size=-1),
            "max_size=-1 is not valid: use a whole number from 0",
        ),
        (
            lambda: _a_match_record_with(cappotto_wins_match="yes"),
            "cappotto_wins_match='yes' is not valid: use True or False",
        ),
        (
            lambda: _a_match_record_with(dealer=7),
            "dealer=7 is not a seat of 'classic': seats run from 0 to 1",
        ),
        (
            lambda: _a_match_record_with(seed="x"),
            "seed='x' is not valid: use a whole number, not str",
        ),
        (
            lambda: briscola.new_game("classic", deck=untyped(["7C"] * 40)),
            "every card of the deck must be a Card, not str '7C' (use Card.parse for text)",
        ),
        (
            lambda: briscola.trick_winner(untyped(["7C"]), None, briscola.rules("classic")),
            "every card of the trick must be a Card, not str '7C' (use Card.parse for text)",
        ),
        (lambda: briscola.loads(untyped(5)), "a JSON document is text, not int"),
        (lambda: parse_rules(untyped(5)), "rules are text, not int"),
        (lambda: read_record(untyped(5)), "a record is text, not int"),
        (lambda: parse_format(untyped(5)), "a match format is text, not int"),
    ],
)
def test_one_kind_of_refusal_is_worded_one_way(call: Callable[[], object], message: str) -> None:
    with pytest.raises(briscola.BriscolaError) as refused:
        call()
    assert str(refused.value).startswith(message)


def test_another_librarys_refusal_is_passed_on_as_its_first_line_cut_short() -> None:
    from briscola._quote import reason

    class Unprintable(Exception):
        def __str__(self) -> str:
            raise KeyError("str")

    assert reason(ValueError("the mask is wrong\nat line 3")) == "the mask is wrong"
    assert reason(ValueError("x" * 1_000)) == "x" * 200
    assert reason(ValueError("x" * 1_000), width=5) == "xxxxx"
    assert reason(Unprintable()) == "Unprintable"


def test_a_play_built_without_its_constructor_is_the_moves_fault() -> None:
    # The step loop's fast path: a Play without its card is an InvalidMoveError, as in the
    # full path, never a state called inconsistent.
    state = briscola.new_game("classic", seed=1)
    for move in (untyped(object.__new__(briscola.Play)),):
        with pytest.raises(briscola.InvalidMoveError, match="this Play lacks a field"):
            briscola.apply(state, move)
        with pytest.raises(briscola.InvalidMoveError, match="this Play lacks a field"):
            briscola.apply(state, move, seat=0)


def test_a_refusal_shows_no_internal_error_behind_it() -> None:
    # The library's own error stands alone in a traceback: no AttributeError or TypeError
    # of the library's checks is chained to it.
    calls: list[Callable[[], object]] = [
        lambda: briscola.legal_moves(untyped("AC 2D")),
        lambda: briscola.apply(untyped(None), briscola.Pass()),
        lambda: rules(untyped(["classic"])),
        lambda: rules("classic", seven_swap=untyped(["x"])),
    ]
    for call in calls:
        with pytest.raises(briscola.BriscolaError) as caught:
            call()
        error = caught.value
        assert error.__cause__ is None
        assert error.__context__ is None or error.__suppress_context__


class _TwoLines:
    def __repr__(self) -> str:
        return "array([[1, 2],\n       [3, 4]])"


def test_a_value_whose_repr_has_line_breaks_is_shown_on_one_line() -> None:
    state = briscola.new_game("classic", seed=1)
    calls: list[Callable[[], object]] = [
        lambda: briscola.apply(state, untyped(_TwoLines())),
        lambda: briscola.new_game("classic", seed=untyped(_TwoLines())),
    ]
    for call in calls:
        with pytest.raises(briscola.BriscolaError) as caught:
            call()
        assert "\n" not in str(caught.value)
        assert "array([[1, 2], [3, 4]])" in str(caught.value)


def test_a_value_that_is_not_plain_is_refused_in_the_words_of_any_wrong_value() -> None:
    for name, words in (
        ("seven_swap", "use True or False"),
        ("tie_rule", "use one of 'draw', 'replay', 'last_trick'"),
        ("win_threshold", "use a whole number from 61 to 120"),
    ):
        for value, kind in (({}, "dict"), (b"x", "bytes"), (object(), "object")):
            options: dict[str, Any] = {name: value}
            with pytest.raises(
                briscola.RulesError,
                match=f"^{name}=.* is not valid: {words} \\(a plain value, not {kind}\\)$",
            ):
                rules("classic", **options)
    np = pytest.importorskip("numpy")
    with pytest.raises(briscola.RulesError, match=r"\(a plain value, not numpy\.int64\)$"):
        rules("classic", win_threshold=untyped(np.int64(71)))
