"""The fields of a `State`: the stock and the cards drawn, the history of a deal with table
talk, and states built from their fields that play on as the engine's own."""

from __future__ import annotations

import random

import attrs
import pytest

import briscola
from briscola import Move, State
from helpers import finish_trick


def test_the_stock_size_counts_the_face_up_card() -> None:
    """§1.6: classic deals six cards and turns the next face up; 33 lie face down."""
    state = briscola.new_game("classic", seed=1)
    assert state.trump_card is not None
    assert len(state.stock) == 33
    assert state.stock_size == 34
    state = briscola.random_playout(state, random.Random(1))
    assert state.trump_card is None
    assert state.stock_size == 0


def test_a_state_rebuilt_mid_deal_counts_the_cards_drawn_before_it() -> None:
    """§1.7: a state built from its fields after two tricks has drawn four cards, and the
    trick played from it draws two more, as from the engine's own state."""
    rng = random.Random(2)
    state = briscola.new_game("classic", seed=2)
    state = finish_trick(finish_trick(state, rng), rng)
    assert state.drawn == 4
    rebuilt = attrs.evolve(state)
    seed = rng.random()
    after = finish_trick(state, random.Random(seed))
    rebuilt_after = finish_trick(rebuilt, random.Random(seed))
    assert after.drawn == rebuilt_after.drawn == 6
    assert rebuilt_after.stock == after.stock
    assert rebuilt_after == after


def _history_as_made(state: State, rng: random.Random) -> None:
    made: list[tuple[int, Move]] = []
    while not briscola.is_over(state):
        seat = briscola.current_player(state)
        assert seat is not None
        move = rng.choice(briscola.legal_moves(state))
        state = briscola.apply(state, move)
        made.append((seat, move))
        assert state.history == tuple(made)
    assert attrs.evolve(state).history == tuple(made)


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic-4", {"signals": True}),
        ("bugiarda", {"public_claims": True}),
        ("chiamata", {"first_trick_blind": "free_choice"}),
        ("classic", {"seven_swap": True}),
    ],
)
def test_the_history_holds_each_move_once_in_the_order_made(
    variant: str, options: dict[str, object]
) -> None:
    """Signals and claims made in the middle of a trick (§3.5, §2.6.1), and a trump suit
    named after trick 1's last card (§2.5.8), come after the cards played before them."""
    for seed in range(4):
        state = briscola.new_game(variant, seed=seed, **options)  # type: ignore[arg-type]
        _history_as_made(state, random.Random(seed))


def test_a_state_rebuilt_in_the_middle_of_a_trick_keeps_its_history() -> None:
    rng = random.Random(3)
    state = briscola.new_game("classic-4", seed=3, signals=True)
    state = finish_trick(state, rng)
    while len(state.trick) < 2:
        plays = [m for m in briscola.legal_moves(state) if type(m) is briscola.Play]
        state = briscola.apply(state, rng.choice(plays))
    rebuilt = attrs.evolve(state)
    assert rebuilt.history == state.history
    for move in briscola.legal_moves(state):
        assert briscola.apply(rebuilt, move).history == briscola.apply(state, move).history
