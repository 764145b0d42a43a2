"""Values cached on a `State` or a `Match` are invisible: not in equality, repr or pickles,
and always the same as computing afresh."""

from __future__ import annotations

import pickle
import random

import attrs

import briscola
from briscola import Match


def _played_match(moves: int) -> Match:
    match = briscola.new_match("classic", seed=3, format="rounds(9)")
    rng = random.Random(1)
    for _ in range(moves):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    return match


def test_the_kept_standing_is_the_standing_of_the_results() -> None:
    match = _played_match(200)
    assert len(match.results) >= 3
    # attrs.evolve builds a Match without the kept standing: it is worked out afresh.
    fresh = attrs.evolve(match)
    assert briscola.score(fresh) == briscola.score(match)
    earlier = attrs.evolve(match, results=match.results[:1])
    assert briscola.score(earlier).deals_played <= 1
    assert briscola.score(earlier) != briscola.score(match)


def test_a_pickled_match_keeps_its_value_and_standing() -> None:
    match = _played_match(120)
    again = pickle.loads(pickle.dumps(match))
    assert again == match
    assert briscola.score(again) == briscola.score(match)
    assert "_standing" not in repr(match)


def test_the_hash_of_a_state_is_cached_and_matches_an_equal_state() -> None:
    state = briscola.apply(
        briscola.new_game("classic", seed=4),
        briscola.legal_moves(briscola.new_game("classic", seed=4))[0],
    )
    first = hash(state)
    assert hash(state) == first
    twin = attrs.evolve(state)  # built by attrs: no cache yet
    assert twin == state
    assert hash(twin) == first
    assert hash(pickle.loads(pickle.dumps(state))) == first
    assert "_hash" not in repr(state)
    assert {state: 1}[twin] == 1


def test_the_state_layout_has_a_slot_for_each_field() -> None:
    from briscola.state import State, _Builder, _StateCache

    fields = {field.name for field in attrs.fields(State)}
    assert set(_StateCache.__slots__) == {*fields, "_hash", "_legal"}
    # Neither class adds a slot: the builder is relabelled as a State on their common base.
    assert vars(State)["__slots__"] == ()
    assert vars(_Builder)["__slots__"] == ()


def test_the_legal_moves_and_hash_caches_are_not_fields() -> None:
    state = briscola.new_game("classic", seed=5)
    names = {field.name for field in attrs.fields(briscola.State)}
    assert "_legal" not in names
    assert "_hash" not in names
    assert attrs.evolve(state) == state
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)
