"""Trick play: the moves listed to the seat to act, exchanges with the face-up card, table
talk and the draw after each trick (§1.7, §3.1, §3.2, §3.5)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from briscola import (
    Declare,
    Has,
    HasNot,
    IllegalMoveError,
    Signal,
    SwapTrump,
    VariantId,
    apply,
    legal_moves,
    new_game,
    observe,
    random_playout,
)
from helpers import card, deck_from, play_out, random_play, stock_size


def test_claims_never_name_the_two_taken_out_of_classic_3() -> None:
    """§2.2, §3.5: a claim is about a card in play; the 2 out of the deck is public."""
    state = new_game("classic-3", seed=1, public_claims=True, removed_two="2B")
    moves = legal_moves(state)
    assert Declare(Has(card("2B"))) not in moves
    assert Declare(HasNot(card("2B"))) not in moves
    assert Declare(Has(card("2C"))) in moves
    assert Declare(HasNot(card("2C"))) in moves


def test_only_the_chosen_signal_tokens_are_listed() -> None:
    """§3.5: `signal_tokens` limits the tokens a `Signal` may carry."""
    state = new_game(
        "classic-4",
        seed=3,
        signals=True,
        no_signals_first_trick=False,
        signal_tokens=("ACE", "NO_TRUMPS"),
    )
    signals = [move for move in legal_moves(state) if isinstance(move, Signal)]
    assert signals == [Signal("ACE"), Signal("NO_TRUMPS")]
    with pytest.raises(IllegalMoveError):
        apply(state, Signal("KING"))


def test_an_exchange_with_both_swaps_off_names_both_options() -> None:
    """§3.1, §3.2: without `seven_swap` or `two_swap` no card can be exchanged."""
    state = new_game("classic", deck=deck_from({1: "7C", 7: "KC"}))
    refusal = r"^exchanging .*: seven_swap and two_swap are off$"
    with pytest.raises(IllegalMoveError, match=refusal):
        apply(state, SwapTrump(card("7C")))


@pytest.mark.parametrize("code", ["AC", "3C", "KC", "6C"])
def test_only_the_seven_or_the_two_of_trumps_can_be_exchanged(code: str) -> None:
    """§3.1, §3.2: any other trump held is refused, and the message says which cards may."""
    state = new_game(
        "classic",
        deck=deck_from({1: code, 3: "7C", 5: "2C", 7: "JC"}),
        seven_swap=True,
        two_swap=True,
        seven_swap_requires_higher=False,
    )
    with pytest.raises(IllegalMoveError, match=rf"^only the 7 or the 2 of trumps .*, not {code}$"):
        apply(state, SwapTrump(card(code)))


@pytest.mark.parametrize(
    ("option", "open_code", "shut_code", "shut_option"),
    [("seven_swap", "7C", "2C", "two_swap"), ("two_swap", "2C", "7C", "seven_swap")],
)
def test_each_swap_needs_its_own_option(
    option: str, open_code: str, shut_code: str, shut_option: str
) -> None:
    """§3.1 condition 1, §3.2 condition 1."""
    options: dict[str, Any] = {option: True}
    state = new_game("classic", deck=deck_from({1: "7C", 3: "2C", 7: "KC"}), **options)
    swaps = [move for move in legal_moves(state) if isinstance(move, SwapTrump)]
    assert swaps == [SwapTrump(card(open_code))]
    refusal = rf"^{shut_code} cannot be exchanged: {shut_option} is off$"
    with pytest.raises(IllegalMoveError, match=refusal):
        apply(state, SwapTrump(card(shut_code)))


def test_the_two_taken_out_of_classic_3_cannot_be_exchanged() -> None:
    """§3.2: where the 2 of trumps is out of the deck no 2-swap can happen, and the message
    says so rather than pointing at a hand."""
    state = new_game("classic-3", deck=deck_from({10: "KC"}, "classic-3"), two_swap=True)
    assert not any(isinstance(move, SwapTrump) for move in legal_moves(state))
    with pytest.raises(IllegalMoveError, match=r"^2C is out of the deck in this deal$"):
        apply(state, SwapTrump(card("2C")))


def test_hands_shown_before_trick_1_stay_shown_when_the_stock_runs_out() -> None:
    """§3.3, §3.4: with both options automatic a partner's hand is shown twice, each time
    as it is then; the second showing adds to the first."""
    state = new_game(
        "classic-4",
        seed=4,
        share_hands_before_first_trick="automatic",
        share_hands_when_stock_empty="automatic",
    )
    before = observe(state, 0).shown
    assert [seat for seat, _ in before] == [2]
    state = random_play(state, random.Random(4), lambda s: stock_size(s) == 0)
    after = observe(state, 0).shown
    assert after[: len(before)] == before
    assert after[len(before) :] == ((2, state.hands[2]),)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic-4", {"share_hands_when_stock_empty": "voluntary"}),
        ("classic-4", {"share_hands_when_stock_empty": "automatic"}),
        ("classic-6", {"share_hands_when_stock_empty": "automatic"}),
        ("chiamata", {"first_trick_blind": "free_choice"}),
    ],
)
def test_random_playout_keeps_the_rounds_that_interrupt_plain_play(
    variant: VariantId, options: dict[str, Any]
) -> None:
    """§2.5.8, §3.4: the round of showing hands once the stock runs out and the naming of
    the trump inside trick 1 are moves (or effects) that `random_playout` must not skip."""
    for seed in range(4):
        start = new_game(variant, seed=seed, **options)
        expected = play_out(start, random.Random(seed))
        played = random_playout(start, random.Random(seed))
        assert played == expected
        assert played.history == expected.history
        assert played.shown == expected.shown
