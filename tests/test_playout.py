"""random_playout: the same deal as stepping through apply with the same random draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

import briscola
from briscola import VariantId, apply, legal_moves, new_game, random_playout
from helpers import play_out

OPTIONS: list[dict[str, Any]] = [
    {},
    {"public_claims": True},
    {"must_follow_suit": True},
    {"rank_variant": "seven_high"},
]


@pytest.mark.parametrize("variant", list(briscola.VARIANTS))
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "defaults")
def test_random_playout_equals_step_by_step(variant: VariantId, options: dict[str, Any]) -> None:
    for seed in range(8):
        start = new_game(briscola.rules(variant, **options), seed=seed)
        expected = play_out(start, random.Random(seed))
        played = random_playout(start, random.Random(seed))
        assert played == expected
        assert played.history == expected.history
        assert played.tricks == expected.tricks
        assert briscola.score(played) == briscola.score(expected)


def test_random_playout_from_the_middle_of_a_deal() -> None:
    rng = random.Random(4)
    state = new_game("classic-4", seed=4, seven_swap=True)
    for _ in range(9):
        state = apply(state, rng.choice(legal_moves(state)))
    assert random_playout(state, random.Random(1)) == play_out(state, random.Random(1))


def test_random_playout_leaves_its_argument_alone_and_needs_a_state() -> None:
    state = new_game("classic", seed=2)
    before = (state, state.hands, state.history)
    random_playout(state, random.Random(0))
    assert (state, state.hands, state.history) == before
    with pytest.raises(briscola.InvalidStateError):
        random_playout("not a state", random.Random(0))  # type: ignore[arg-type]


def test_random_playout_of_a_finished_deal_is_that_deal() -> None:
    final = random_playout(new_game("briscolone", seed=9), random.Random(9))
    assert random_playout(final, random.Random(1)) == final
