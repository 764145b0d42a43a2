"""A cheap conformance check of the core invariants, run for every preset of `VARIANTS`.

`check_conformance(rules)` plays seeded random deals of any `Rules` and checks the
invariants of the documented API and rules Appendix A that need no hypothesis machinery. It is
parametrized over `VARIANTS`, so a new preset is covered as soon as it is added.
"""

from __future__ import annotations

import pickle
import random
from typing import Any, cast

import pytest

import briscola
from briscola import VARIANTS, IllegalMoveError, InvalidMoveError, Move, Play, Rules, State
from strategies import (
    ALL_CARDS,
    REQUIRES,
    SPEC_TIMELINE,
    TOTAL_POINTS,
    active_seats,
    applicable_options,
    located_cards,
    option_choices,
)


def _check_state(state: State, active: tuple[int, ...]) -> None:
    r = state.rules
    # Every card in exactly one place.
    assert sorted(card.id for card in located_cards(state)) == list(range(40)), state
    # Card points everywhere add up to 120.
    values = r.card_points
    s = briscola.score(state)
    loose = sum(values[card.id] for card in located_cards(state))
    captured_cards = sum(values[card.id] for trick in state.tricks for card in trick.cards)
    assert loose - captured_cards + sum(s.points) == TOTAL_POINTS
    # Zero-sum deltas, all zero and no winners until the end.
    assert sum(s.deltas) == 0
    over = briscola.is_over(state)
    assert s.final == over
    if not over:
        assert s.deltas == (0,) * r.players
        assert s.winners == frozenset()
        assert not s.void
    # Over iff no legal move iff nobody to act.
    assert (briscola.legal_moves(state) == ()) == over
    assert (briscola.current_player(state) is None) == over
    # Between tricks the stock holds a whole number of draw rounds.
    if not state.trick:
        assert state.stock_size % len(active) == 0


def check_conformance(rules: Rules, games: int = 20) -> None:
    """Play ``games`` seeded random deals of ``rules`` and check the core invariants."""
    for k in range(games):
        rng = random.Random(k)
        seed = rng.randrange(2**64)
        dealer = rng.randrange(rules.players)
        state = briscola.new_game(rules, seed=seed, dealer=dealer)
        assert briscola.new_game(rules, seed=seed, dealer=dealer) == state
        active = active_seats(state)
        shape = SPEC_TIMELINE[rules.variant]  # every preset has its row
        if shape[0] == rules.players:
            assert all(len(state.hands[seat]) == shape[1] for seat in active)
            assert state.stock_size == shape[3]
        moves = 0
        while True:
            _check_state(state, active)
            if briscola.is_over(state):
                break
            legal = briscola.legal_moves(state)
            before = pickle.dumps(state)
            # A card the seat to act does not hold cannot be played.
            holding = state.hands[state.turn or 0]
            outside = next(card for card in ALL_CARDS if card not in holding)
            if Play(outside) not in legal:
                with pytest.raises(IllegalMoveError):
                    briscola.apply(state, Play(outside))
            with pytest.raises(InvalidMoveError):
                briscola.apply(state, cast(Move, None))
            move = rng.choice(legal)
            following = briscola.apply(state, move)
            assert pickle.dumps(state) == before
            assert briscola.apply(state, move) == following
            state = following
            moves += 1
            assert moves < 1000
        s = briscola.score(state)
        if state.tricks:
            assert sum(s.points) == TOTAL_POINTS
            if shape is not None and shape[0] == rules.players:
                assert len(state.tricks) == shape[2]
        else:
            assert s.void
            assert s.points == (0,) * rules.players
        if s.void:
            assert s.deltas == (0,) * rules.players
            assert s.winners == frozenset()
        assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize("preset", sorted(VARIANTS))
def test_conformance(preset: str) -> None:
    check_conformance(VARIANTS[preset])


@pytest.mark.parametrize("preset", sorted(VARIANTS))
def test_conformance_with_every_bool_option_on(preset: str) -> None:
    options = {
        name: True
        for name in applicable_options(preset)
        if option_choices(name, preset) == (False, True)
    }
    check_conformance(briscola.rules(preset, **options), games=5)  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", sorted(VARIANTS))
def test_every_derived_option_value_is_accepted(preset: str) -> None:
    """Each value the strategies draw for an option is accepted on its own (§8)."""
    for name in applicable_options(preset):
        for value in option_choices(name, preset) or ():
            needed = REQUIRES.get(name, {})
            r = briscola.rules(preset, **needed, **{name: value})  # type: ignore[arg-type]
            stored = getattr(r, name)
            assert stored == value or getattr(stored, "value", stored) == value, (name, value)


def test_every_option_has_values_to_draw() -> None:
    """The strategies vary every option of every preset: none is left at its default."""
    undrawn = [
        (preset, name)
        for preset in sorted(VARIANTS)
        for name in applicable_options(preset)
        if not option_choices(name, preset)
    ]
    assert undrawn == []


def test_variants_is_read_only() -> None:
    target: Any = VARIANTS
    with pytest.raises(TypeError):
        target["classic"] = VARIANTS["classic-4"]
    with pytest.raises(TypeError):
        target["new"] = VARIANTS["classic"]
    with pytest.raises(TypeError):
        del target["classic"]
    assert VARIANTS["classic"].variant == "classic"
    assert "new" not in VARIANTS
