"""Values cached on a `State`, a `Match` or a `Rules` are invisible: not in equality, repr
or pickles, and always the same as computing afresh; values built through a mutable twin
are the frozen values attrs builds."""

from __future__ import annotations

import copyreg
import io
import pickle
import random
from typing import Any

import attrs
import pytest

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


def test_each_field_of_a_state_is_a_read_only_property_over_its_stored_values() -> None:
    from briscola.state import State, _Layout

    state = briscola.new_game("classic", seed=2)
    # State adds no slot and no __setattr__: the engine fills a new state by slot stores.
    assert vars(State)["__slots__"] == ()
    assert not hasattr(state, "__dict__")
    assert State.__setattr__ is object.__setattr__
    assert set(_Layout.__slots__) == {
        "_deal", "_progress", "_phase", "_hands", "_trick", "_turn", "_legal", "_hash"
    }  # fmt: skip
    for field in attrs.fields(State):
        assert isinstance(vars(State)[field.name], property), field.name
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(state, field.name, getattr(state, field.name))
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            delattr(state, field.name)
    with pytest.raises(AttributeError):
        state.anything = 1  # type: ignore[attr-defined]


def test_the_legal_moves_and_hash_caches_are_not_fields() -> None:
    state = briscola.new_game("classic", seed=5)
    names = {field.name for field in attrs.fields(briscola.State)}
    assert "_legal" not in names
    assert "_hash" not in names
    assert attrs.evolve(state) == state
    assert hash(pickle.loads(pickle.dumps(state))) == hash(state)


def _finished(r: briscola.Rules, seed: int) -> briscola.State:
    state = briscola.new_game(r, seed=seed)
    rng = random.Random(seed)
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    return state


def test_what_a_rules_keeps_takes_no_part_in_its_value() -> None:
    used = attrs.evolve(briscola.rules("chiamata"))  # a Rules of its own, tables unfilled
    for seed in range(5):
        briscola.score(_finished(used, seed))  # fills deal plans, sides and auction moves
    fresh = attrs.evolve(used)  # built by attrs: nothing kept yet
    assert used._memo
    assert not fresh._memo
    assert used == fresh
    assert hash(used) == hash(fresh)
    assert repr(used) == repr(fresh)
    assert pickle.dumps(used) == pickle.dumps(fresh)
    again = pickle.loads(pickle.dumps(used))
    assert again == used
    assert not again._memo  # an unpickled Rules works its tables out afresh


def test_a_rules_gives_the_same_deals_and_scores_with_its_tables_kept_or_not() -> None:
    for variant in ("classic", "classic-4", "chiamata", "bugiarda-5"):
        kept = briscola.rules(variant)
        for seed in range(6):
            with_tables = _finished(kept, seed)
            afresh = _finished(attrs.evolve(kept), seed)  # nothing kept yet
            assert with_tables == afresh
            assert briscola.score(with_tables) == briscola.score(afresh)


def test_scores_and_views_built_quickly_are_the_frozen_values_attrs_builds() -> None:
    state = _finished(briscola.rules("classic-4"), 2)
    for built in (briscola.score(state), briscola.observe(state, 1)):
        cls = type(built)
        assert cls in (briscola.Score, briscola.View)
        values = {f.name: getattr(built, f.name) for f in attrs.fields(cls) if f.init}
        assert cls(**values) == built
        assert hash(cls(**values)) == hash(built)
        first = attrs.fields(cls)[0].name
        try:
            setattr(built, first, None)
        except attrs.exceptions.FrozenInstanceError:
            pass
        else:
            raise AssertionError(f"{cls.__name__} is not frozen")


def _deal_states(variant: str, seed: int, **options: object) -> list[briscola.State]:
    state = briscola.new_game(variant, seed=seed, **options)  # type: ignore[arg-type]
    rng = random.Random(seed)
    states = [state]
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
        states.append(state)
    return states


def test_history_and_tricks_do_not_depend_on_which_state_is_read_first() -> None:
    # The states of a deal share the records they are read from: reading them newest first,
    # oldest first or in a shuffled order gives the values of a deal replayed afresh.
    for variant, options in (
        ("classic", {}),
        ("chiamata", {}),
        ("classic-4", {"signals": True}),
        ("bugiarda", {"public_claims": True}),
    ):
        expected = [(s.history, s.tricks, s.stock) for s in _deal_states(variant, 3, **options)]
        for order in ("newest first", "oldest first", "shuffled"):
            states = _deal_states(variant, 3, **options)
            indices = list(range(len(states)))
            if order == "newest first":
                indices.reverse()
            elif order == "shuffled":
                random.Random(5).shuffle(indices)
            for i in indices:
                assert (states[i].history, states[i].tricks, states[i].stock) == expected[i]


def test_a_state_built_with_a_history_or_tricks_that_are_no_tuples_cannot_be_played_on() -> None:
    for variant, index in (("classic", 7), ("classic", 8), ("chiamata", 1), ("bugiarda", 1)):
        state = _deal_states(variant, 4)[index]
        for name in ("history", "tricks"):
            edited = attrs.evolve(state, **{name: None})  # type: ignore[arg-type]
            assert getattr(edited, name) is None  # kept as given
            move = briscola.legal_moves(state)[0]
            with pytest.raises(briscola.InvalidStateError):
                briscola.apply(edited, move)
            with pytest.raises(briscola.InvalidStateError):
                briscola.check(edited)


class _EarlierPickler(pickle.Pickler):
    """Pickles a `State` as an earlier version did (attrs' way): the class, then a dict of
    its fields for ``__setstate__``."""

    def reducer_override(self, obj: object) -> Any:
        if type(obj) is briscola.State:
            fields = {f.name: getattr(obj, f.name) for f in attrs.fields(briscola.State)}
            return (copyreg.__newobj__, (briscola.State,), fields)  # type: ignore[attr-defined]
        return NotImplemented


def _earlier_pickle(state: briscola.State) -> bytes:
    buffer = io.BytesIO()
    _EarlierPickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return buffer.getvalue()


def test_a_state_pickled_by_an_earlier_version_loads_and_plays_on() -> None:
    state = _deal_states("chiamata", 6)[12]
    loaded = pickle.loads(_earlier_pickle(state))
    assert type(loaded) is briscola.State
    assert loaded == state
    move = briscola.legal_moves(state)[0]
    assert briscola.apply(loaded, move) == briscola.apply(state, move)
