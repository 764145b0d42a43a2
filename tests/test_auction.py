"""The Chiamata auction and the call that ends it (§2.5.2–§2.5.4, §2.5.8): who must bid,
what a refused bid or call is told, and an auction read back from an earlier state."""

from __future__ import annotations

import pytest

from briscola import (
    BidPoints,
    IllegalMoveError,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Phase,
    State,
    Suit,
    apply,
    current_player,
    legal_moves,
    new_game,
)
from helpers import card, play


def refusal(state: State, move: Move) -> str:
    with pytest.raises(IllegalMoveError) as refused:
        apply(state, move)
    return str(refused.value)


def test_a_forced_first_hand_is_told_it_must_bid() -> None:
    """§2.5.2 step 7: once everyone has passed, the first hand (not the dealer) must call."""
    state = play(new_game("chiamata", seed=1), *["pass"] * 5)
    assert (state.dealer, current_player(state)) == (4, 0)
    assert refusal(state, Pass()) == (
        "seat 0 must bid: everyone has passed, and the first hand must call"
    )


def test_a_forced_first_hand_may_not_pass_when_the_dealer_sits_out() -> None:
    """§2.5.8: at six the dealer sits the deal out, so five passes are everyone's
    (§2.5.2 step 7)."""
    state = play(new_game("chiamata", seed=1, players=6), *["pass"] * 5)
    assert state.phase is Phase.AUCTION
    assert (state.dealer, current_player(state)) == (5, 0)
    assert Pass() not in legal_moves(state)
    assert refusal(state, NameSuit(Suit.COPPE)) == (
        "seat 0 cannot do that now: the auction is on, and it must bid"
    )


def test_a_point_bid_too_low_is_told_the_lowest_it_may_bid() -> None:
    """§2.5.3: a point call tops the last one by at least point_call_step."""
    state = play(new_game("chiamata-milan", seed=1, point_call_step=5), "bid 2", "points 70")
    assert refusal(state, BidPoints(72)) == "a point bid must be from 75 to 120, not 72"


def test_a_card_named_after_a_two_only_auction_is_told_to_name_the_suit() -> None:
    """§2.5.8: under two_only the winner names the suit with NameSuit, not a card."""
    state = play(new_game("chiamata", seed=1, auction="two_only"), "points 61", *["pass"] * 4)
    assert state.phase is Phase.NAME_TRUMP
    assert refusal(state, NameCard(card("KD"))) == (
        "seat 0 must name the trump suit, such as suit C"
    )


def test_a_card_taken_out_of_the_deck_cannot_be_named() -> None:
    """§2.5.8: without the 4s a points_only caller may not name a 4, nor an Ace (§2.5.2 step 6)."""
    six = new_game(
        "chiamata", seed=1, players=6, six_player_form="remove_fours", auction="points_only"
    )
    state = play(six, "points 61", *["pass"] * 5)
    assert state.phase is Phase.NAME_TRUMP
    assert refusal(state, NameCard(card("4D"))) == "4D is not in the deck"
    assert refusal(state, NameCard(card("AD"))) == (
        "an Ace cannot be called (allow_ace_call is off)"
    )


def test_an_auction_read_again_from_an_earlier_state_offers_the_same_bids() -> None:
    """§2.5.3: after a point call of 70 the next is from 71, whichever state came last."""
    state = play(new_game("chiamata-milan", seed=1), "bid 2", "points 70")
    first = apply(state, Pass())
    again = apply(state, Pass())
    assert legal_moves(again) == legal_moves(first)
    assert min(m.target for m in legal_moves(again) if isinstance(m, BidPoints)) == 71
