"""The deal engine's edges: seeded and explicit deals, seat-checked moves, refusals."""

from __future__ import annotations

import hashlib
import random

import pytest

import briscola
from briscola import (
    STRONG_HAND,
    WEAK_HAND,
    Bid,
    Declare,
    Has,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Pass,
    Phase,
    Play,
    Rank,
    RulesError,
    Signal,
    State,
    Suit,
    apply,
    legal_moves,
    new_game,
    random_playout,
    rules,
)
from briscola._engine import deal_from
from helpers import ALL_CODES, card, cards, codes, play_out, untyped, variant_codes

SUIT_ORDER = ["D", "C", "S", "B"]


def _documented_shuffle_after_a_choice(
    seed: int, choices: int, card_codes: list[str]
) -> tuple[int, list[str]]:
    digest = hashlib.sha512(b"briscola/shuffle/v1:" + str(seed).encode()).digest()
    x, choice = divmod(int.from_bytes(digest, "big"), choices)
    deck = list(card_codes)
    for i in range(len(deck) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return choice, deck


@pytest.mark.parametrize("seed", [0, 1, 2, 7, 99, 2**70])
def test_separate_flip_draws_the_suit_before_the_shuffle_even_when_named(seed: int) -> None:
    """§2.6.1 (R6): the flipped suit is the seed's first choice, and the shuffle goes on
    with what is left of it, whether or not ``trump_suit`` names the suit."""
    choice, deck = _documented_shuffle_after_a_choice(seed, 4, variant_codes("bugiarda"))
    drawn = new_game("bugiarda", seed=seed, trump_source="separate_flip")
    named = new_game("bugiarda", seed=seed, trump_source="separate_flip", trump_suit="B")
    assert drawn.trump_suit is not None
    assert drawn.trump_suit.value == SUIT_ORDER[choice]
    assert codes(drawn.deck) == codes(named.deck) == deck


def test_an_explicit_deal_refuses_a_flipped_suit_other_than_the_fixed_one() -> None:
    r = rules("bugiarda", trump_source="separate_flip", trump_suit="C")
    with pytest.raises(RulesError, match="fix the trump suit to 'C'"):
        deal_from(r, r.deck, r.players - 1, Suit("D"))
    assert deal_from(r, r.deck, r.players - 1, Suit("C")).trump_suit is Suit("C")


def test_an_explicit_deal_ignores_a_flipped_suit_outside_separate_flip() -> None:
    r = rules("chiamata")
    state = deal_from(r, r.deck, r.players - 1, Suit("C"))
    assert state.trump_suit is None
    assert state == new_game("chiamata", deck=r.deck)


def test_an_explicit_deal_stores_a_numpy_dealer_as_an_int() -> None:
    """Records and saved states deal through the same path as `new_game`, with its seat
    check: a numpy integer dealer becomes a plain int."""
    np = pytest.importorskip("numpy")
    r = rules("classic")
    state = deal_from(r, r.deck, np.int64(0))
    assert type(state.dealer) is int
    assert state == new_game("classic", deck=r.deck, dealer=0)


@pytest.mark.parametrize("deck", [" ".join(ALL_CODES), " ".join(ALL_CODES).encode()])
def test_a_deck_as_text_is_refused_as_not_a_sequence_of_cards(deck: object) -> None:
    with pytest.raises(RulesError, match=r"^deck must be a sequence of cards, not (str|bytes)$"):
        new_game("classic", deck=untyped(deck))


def test_a_40_card_deck_under_random_removed_two_is_refused_for_its_size() -> None:
    """§2.2: the classic-3 deck without one 2 has 39 cards."""
    with pytest.raises(RulesError, match="every card but one 2, not 40 cards"):
        new_game("classic-3", deck=cards(*ALL_CODES), removed_two="random")


def test_a_short_deck_under_random_removed_two_says_which_cards_it_needs() -> None:
    deck = cards(*(c for c in ALL_CODES if c not in ("2D", "AB")))
    with pytest.raises(
        RulesError, match=r"has 39 cards, not 38 \(39 cards: every card but one 2\)$"
    ):
        new_game("classic-3", deck=deck, removed_two="random")


def test_a_one_card_deck_under_random_removed_two_is_counted_in_words() -> None:
    with pytest.raises(RulesError, match=r"every card but one 2, not 1 card$"):
        new_game("classic-3", deck=cards("AD"), removed_two="random")


def test_a_negative_ply_is_a_rules_error() -> None:
    state = new_game("classic", seed=1)
    with pytest.raises(RulesError, match=r"^ply=-1 is not valid"):
        apply(state, legal_moves(state)[0], ply=-1)


def test_a_seat_checked_move_after_the_end_says_the_deal_is_over() -> None:
    final = random_playout(new_game("classic", seed=2), random.Random(2))
    move = Play(card("AD"))
    with pytest.raises(IllegalMoveError, match=r"^the deal is over: no move is legal$"):
        apply(final, move, seat=0)
    with pytest.raises(IllegalMoveError, match=r"^the deal is over: no move is legal$"):
        apply(final, move, ply=0)


def test_a_stale_move_from_a_seat_no_longer_to_act_is_refused_for_the_seat() -> None:
    state = new_game("classic", seed=8)
    move = legal_moves(state)[0]
    after = apply(state, move, seat=0, ply=0)
    with pytest.raises(IllegalMoveError, match="it is not your turn: seat 1 is to act"):
        apply(after, move, seat=0, ply=0)


def test_random_playout_without_an_rng_leaves_the_global_generator_alone() -> None:
    random.seed(11)
    before = random.getstate()
    random_playout(new_game("classic", seed=3))
    assert random.getstate() == before


def test_a_card_play_while_the_trump_is_to_be_named_is_refused_for_the_phase() -> None:
    """§2.5.4: after the auction the caller must name the trump before any card is played."""
    state = apply(new_game("chiamata", seed=1), Bid(Rank.TWO))
    while state.phase is Phase.AUCTION:
        state = apply(state, Pass())
    assert state.phase is Phase.NAME_TRUMP
    with pytest.raises(IllegalMoveError, match=r"cannot play a card now: it must name the trump$"):
        apply(state, Play(card("AD")))


def test_a_subclass_of_a_move_is_not_a_move() -> None:
    class MyPlay(Play):
        pass

    state = new_game("classic", seed=1)
    with pytest.raises(InvalidMoveError, match="needs a move such as"):
        apply(state, MyPlay(card("AD")))


def test_a_claim_about_a_card_out_of_the_deal_says_so() -> None:
    """§3.5: a public claim about a card removed from the deck (§2.2) is refused as such."""
    state = new_game("classic-3", seed=1, public_claims=True)
    with pytest.raises(IllegalMoveError, match=r"^2C is not in play in this deal$"):
        apply(state, Declare(Has(card("2C"))))


def _after_first_trick(variant: briscola.VariantId, **options: bool) -> briscola.State:
    state = new_game(variant, seed=2, **options)  # type: ignore[arg-type]
    for _ in range(state.rules.players):
        state = apply(state, next(m for m in legal_moves(state) if isinstance(m, Play)))
    return state


def test_talk_refusals_name_the_table_rule() -> None:
    """§3.5: declarations need ``public_claims``, signals need ``signals`` and a listed
    token, and a seat talks at most once a turn."""
    with pytest.raises(IllegalMoveError, match=r"\(public_claims is off\)$"):
        apply(_after_first_trick("classic"), Declare(WEAK_HAND))
    with pytest.raises(IllegalMoveError, match=r"\(signals is off\)$"):
        apply(_after_first_trick("classic-4"), Signal("ACE"))
    signalling = _after_first_trick("classic-4", signals=True)
    with pytest.raises(IllegalMoveError, match=r"^'BOGUS' is not a signal of this table"):
        apply(signalling, Signal("BOGUS"))
    claiming = _after_first_trick("classic", public_claims=True)
    claimed = apply(claiming, next(m for m in legal_moves(claiming) if isinstance(m, Declare)))
    with pytest.raises(IllegalMoveError, match="already made its one declaration or signal"):
        apply(claimed, Declare(STRONG_HAND))


@pytest.mark.parametrize("junk", [5, None, State])
def test_refusing_a_non_state_names_what_was_given(junk: object) -> None:
    for verb, call in (
        ("legal_moves", lambda: legal_moves(untyped(junk))),
        ("apply", lambda: apply(untyped(junk), Play(card("AD")))),
        ("random_playout", lambda: random_playout(untyped(junk), random.Random(0))),
    ):
        with pytest.raises(InvalidStateError) as caught:
            call()
        expected = f"{verb}() needs a State from new_game(), not {type(junk).__name__}"
        assert str(caught.value) == expected


def test_a_seat_checked_move_after_a_match_ends_says_the_match_is_over() -> None:
    match = play_out(briscola.new_match("classic", seed=4), random.Random(4))
    assert briscola.is_over(match)
    move = Play(card("AD"))
    with pytest.raises(IllegalMoveError, match=r"^the match is over: no move is legal$"):
        apply(match, move, seat=0)
    with pytest.raises(IllegalMoveError, match=r"^the match is over: no move is legal$"):
        apply(match, move, ply=0)
