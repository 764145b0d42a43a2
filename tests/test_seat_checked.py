"""Seat-checked moves: ``apply(..., seat=, ply=)`` and `View.ply`."""

from __future__ import annotations

import pytest

import briscola
from briscola import IllegalMoveError, RulesError, Signal, apply, legal_moves, observe


def test_a_move_from_another_seat_is_refused_without_looking_at_it() -> None:
    state = briscola.new_game("classic", seed=3)
    other_hand = state.hands[1]
    for card in other_hand:
        with pytest.raises(IllegalMoveError, match="it is not your turn") as caught:
            apply(state, briscola.Play(card), seat=1)
        assert all(str(c) not in str(caught.value) for c in other_hand + state.hands[0])


def test_the_seat_to_act_with_the_current_ply_is_accepted() -> None:
    state = briscola.new_game("classic-4", seed=5)
    for _ in range(12):
        seat = state.turn
        assert seat is not None
        view = observe(state, seat)
        state = apply(state, view.legal_moves[0], seat=seat, ply=view.ply)


def test_a_stale_or_replayed_request_is_refused() -> None:
    state = briscola.new_game("classic", seed=8)
    view = observe(state, 0)
    move = view.legal_moves[0]
    after = apply(state, move, seat=0, ply=view.ply)
    with pytest.raises(IllegalMoveError):  # the retry now comes from the wrong seat
        apply(after, move, seat=0, ply=view.ply)
    with pytest.raises(IllegalMoveError, match="ply"):
        apply(after, legal_moves(after)[0], seat=1, ply=view.ply)


@pytest.mark.parametrize("kind", ["deal", "match"])
def test_a_seat_out_of_turn_is_refused_even_with_the_current_ply(kind: str) -> None:
    # The ply is right, the seat is not: the seat check alone must refuse it.
    game = (
        briscola.new_game("classic", seed=8)
        if kind == "deal"
        else briscola.new_match("classic", seed=8)
    )
    view = observe(game, 1)
    ply = view.ply if isinstance(view, briscola.View) else view.deal.ply
    with pytest.raises(
        IllegalMoveError, match="it is not your turn: seat 0 is to act, not seat 1"
    ):
        apply(game, legal_moves(game)[0], seat=1, ply=ply)


def test_signals_do_not_move_the_ply_so_opponents_cannot_count_them() -> None:
    state = briscola.new_game("classic-4", seed=2, signals=True)
    for _ in range(4):  # signals are not allowed during the first trick
        state = apply(state, legal_moves(state)[0])
    signal = next(m for m in legal_moves(state) if isinstance(m, Signal))
    seat = state.turn
    assert seat is not None
    before = [observe(state, s).ply for s in range(4)]
    after = apply(state, signal, seat=seat, ply=before[seat])
    assert [observe(after, s).ply for s in range(4)] == before


def test_on_a_match_the_ply_is_that_of_the_deal_in_progress() -> None:
    match = briscola.new_match("classic", seed=4)
    view = observe(match, 0)
    match = apply(match, view.deal.legal_moves[0], seat=0, ply=view.deal.ply)
    with pytest.raises(IllegalMoveError, match="not your turn"):
        apply(match, legal_moves(match)[0], seat=0)


@pytest.mark.parametrize("seat", [-1, 2, True, "0", 1.0])
def test_a_seat_that_does_not_exist_is_a_rules_error(seat: object) -> None:
    state = briscola.new_game("classic", seed=1)
    with pytest.raises(RulesError):
        apply(state, legal_moves(state)[0], seat=seat)  # type: ignore[call-overload]
