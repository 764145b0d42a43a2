"""`briscola.encoding`: the action index space, the masks and the observation vectors.

* Over random deals of every preset (each one in every run) with random table rules, for
  every state and seat: the mask marks exactly the legal moves; every legal move's index
  decodes back to it; the observation has the shape of its rules and values in [0, 1]; a
  world `determinize` samples from the view encodes to the same observation and mask; the
  deal ends within `max_game_length` moves with game points within `utility_bounds`.
* A seat's observation is the same whichever way the cards it cannot see (§1.10) are placed,
  and changes with the cards it can see.
* The index space is one fixed table: every index decodes to a distinct move.
* Bad input raises the library's own errors.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any, Final

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

np = pytest.importorskip("numpy")

import briscola  # noqa: E402
from briscola import (  # noqa: E402
    VARIANTS,
    WEAK_HAND,
    Bid,
    BidPoints,
    Card,
    Declare,
    Has,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Move,
    Pass,
    Play,
    Rank,
    Signal,
    VariantId,
    determinize,
    legal_moves,
    new_game,
    observe,
)
from briscola.encoding import (  # noqa: E402
    ACTION_LAYOUT,
    NUM_ACTIONS,
    Tracker,
    action_index,
    action_mask,
    action_move,
    max_game_length,
    observation,
    observation_layout,
    observation_shape,
    utility_bounds,
)
from helpers import untyped  # noqa: E402
from hidden import hidden_cards, relabel  # noqa: E402
from strategies import EVERY_PRESET, GameSpec, deal_settings, games, replay  # noqa: E402

SETTINGS: Final = deal_settings(6)  # for each preset (`EVERY_PRESET`): 66 deals a test


def check_view(view: briscola.View) -> None:
    legal = view.legal_moves
    mask = action_mask(view)
    assert mask.dtype == np.int8
    assert mask.shape == (NUM_ACTIONS,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(action_index(m) for m in legal)
    assert int(mask.sum()) == len(legal)  # no two legal moves share an index
    for move in legal:
        assert action_move(action_index(move), view) == move
    vector = observation(view)
    assert vector.dtype == np.float32
    assert vector.shape == observation_shape(view.rules)
    assert float(vector.min()) >= 0.0
    assert float(vector.max()) <= 1.0


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_masks_codec_and_observations_over_random_deals(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    r = spec.rules
    assert len(states) - 1 <= max_game_length(r)
    low, high = utility_bounds(r)
    final = briscola.score(states[-1])
    assert all(low <= delta <= high for delta in final.deltas)
    for state in states:
        for seat in range(r.players):
            check_view(observe(state, seat))
        if not briscola.is_over(state):
            mask = action_mask(state)
            assert int(mask.sum()) == len(legal_moves(state))


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_a_tracker_encodes_like_the_view(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    r = spec.rules
    tracker = Tracker(states[0])
    for index, state in enumerate(states):
        if index:
            tracker.apply(state.history[-1][1])
        assert tracker.state == state
        for seat in range(r.players):
            assert np.array_equal(tracker.observation(seat), observation(observe(state, seat)))
        assert np.array_equal(tracker.action_mask(), action_mask(state))
    # Joining a deal under way gives the same observations.
    middle = states[len(states) // 2]
    joined = Tracker(middle)
    for seat in range(r.players):
        assert np.array_equal(joined.observation(seat), observation(observe(middle, seat)))


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_a_tracker_kept_vector_follows_every_move(preset: str, data: st.DataObject) -> None:
    # Seats observed now and then, not at every move: a seat's vector must follow the moves
    # made while nobody asked for it, and survive the caller writing into its copy.
    spec = data.draw(games([preset]), label="spec")
    rng = data.draw(st.randoms(use_true_random=False), label="rng")
    states = replay(spec)
    r = spec.rules
    tracker = Tracker(states[0])
    watched = rng.sample(range(r.players), rng.randint(1, r.players))
    for index, state in enumerate(states):
        if index:
            tracker.apply(state.history[-1][1])
        for seat in watched:
            if rng.random() < 0.5:
                vector = tracker.observation(seat)
                assert np.array_equal(vector, observation(observe(state, seat)))
                vector[:] = 1.0
    for seat in range(r.players):
        assert np.array_equal(tracker.observation(seat), observation(observe(states[-1], seat)))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_tracker_rebuilds_nothing_in_a_plain_deal(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every preset's commonest moves (plays, bids, passes, claims) are followed in place:
    # a deal without swaps or shown hands is written once, from the state, when first
    # observed, and never rebuilt.
    import briscola.encoding as encoding

    calls: list[str] = []
    for name in ("_build", "_deal"):
        real = getattr(encoding.Tracker, name)

        def counting(self: Tracker, *args: object, _real: Any = real, _name: str = name) -> Any:
            calls.append(_name)
            return _real(self, *args)

        monkeypatch.setattr(encoding.Tracker, name, counting)
    monkeypatch.setattr(encoding, "observe", None)  # the state alone must do
    state = new_game(variant, seed=3)  # type: ignore[arg-type]
    tracker = Tracker(state)
    rng = random.Random(3)
    while not briscola.is_over(state):
        for seat in range(state.rules.players):
            tracker.observation(seat)
        legal = [m for m in legal_moves(state) if not isinstance(m, briscola.ShowHand)]
        state = tracker.apply(rng.choice(legal))
    monkeypatch.undo()
    for seat in range(state.rules.players):
        assert np.array_equal(tracker.observation(seat), observation(observe(state, seat)))
    assert calls == ["_deal"]


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_a_sampled_world_encodes_like_the_view(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    rng = random.Random(spec.seed)
    for state in rng.sample(states, min(3, len(states))):
        seat = rng.randrange(spec.rules.players)
        view = observe(state, seat)
        world = observe(determinize(view, seed=spec.seed), seat)
        assert np.array_equal(observation(world), observation(view))
        assert np.array_equal(action_mask(world), action_mask(view))


def test_every_index_decodes_to_a_distinct_move() -> None:
    from briscola.encoding import _MOVES

    assert len(set(_MOVES)) == NUM_ACTIONS == 286
    assert [action_index(move) for move in _MOVES] == list(range(NUM_ACTIONS))
    starts = [entry.start for entry in ACTION_LAYOUT]
    assert starts == sorted(starts)
    assert starts[0] == 0


def test_fixed_indices() -> None:
    assert action_index(Play(Card.parse("AD"))) == 0
    assert action_index(Play(Card.parse("KB"))) == 39
    assert action_index(Bid(Rank.ACE)) == 80
    assert action_index(BidPoints(61)) == 90
    assert action_index(BidPoints(120)) == 149
    assert action_index(Pass()) == 150
    assert action_index(Declare(WEAK_HAND)) == 275
    assert action_index(Signal("ACE")) == 277


@pytest.mark.parametrize(
    "target", [60, 121, -5, 10**4000, 10**5000], ids=["60", "121", "-5", "1e4000", "1e5000"]
)
def test_a_point_bid_outside_the_action_space_is_refused_in_a_short_message(
    target: int,
) -> None:
    with pytest.raises(IllegalMoveError, match="has no action index") as refused:
        action_index(BidPoints(target))
    assert len(str(refused.value)) < 120


def test_numpy_integers_are_indices() -> None:
    state = new_game("classic", seed=5)
    move = legal_moves(state)[1]
    assert action_move(np.int64(action_index(move)), state) == move
    assert action_move(np.uint8(action_index(move)), observe(state, 0)) == move


@pytest.mark.parametrize("copy_of", ["copy", "deepcopy", "pickle"])
def test_a_copied_tracker_follows_its_own_deal(copy_of: str) -> None:
    states = replay(GameSpec(briscola.rules("classic-4"), seed=4, dealer=None, choices=[1, 2]))
    tracker = Tracker(states[0])
    for state in states[1:6]:
        tracker.apply(state.history[-1][1])
    copies: dict[str, Callable[[Tracker], Tracker]] = {
        "copy": copy.copy,
        "deepcopy": copy.deepcopy,
        "pickle": lambda t: pickle.loads(pickle.dumps(t)),
    }
    twin = copies[copy_of](tracker)
    assert twin.state == tracker.state
    for state in states[6:]:
        tracker.apply(state.history[-1][1])  # the original moves on; the twin stays
    for seat in range(4):
        assert np.array_equal(twin.observation(seat), observation(observe(states[5], seat)))
        assert np.array_equal(tracker.observation(seat), observation(observe(states[-1], seat)))


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_layout_covers_the_vector(variant: str) -> None:
    segments = observation_layout(variant)
    offset = 0
    for segment in segments:
        assert segment.offset == offset
        assert segment.size > 0
        assert segment.description
        offset += segment.size
    assert observation_shape(variant) == (offset,)
    assert len({segment.name for segment in segments}) == len(segments)


def test_only_the_parts_a_preset_needs() -> None:
    classic = {segment.name for segment in observation_layout("classic")}
    chiamata = {segment.name for segment in observation_layout("chiamata")}
    assert "caller" not in classic
    assert "called_card" in chiamata
    assert "trump_card" in classic
    assert "trump_card" not in chiamata
    assert "trump_suit" not in {s.name for s in observation_layout("briscolone")}
    assert "claim_has/0" in {s.name for s in observation_layout("bugiarda")}


def test_the_observation_is_seat_relative() -> None:
    state = new_game("classic-4", seed=11)
    rng = random.Random(3)
    for _ in range(9):
        state = briscola.apply(state, rng.choice(legal_moves(state)))
    # Seat 1 seen by seat 0 sits where seat 2 sits seen by seat 1: one place after.
    names = list(observation_layout(state.rules))
    trick_1 = next(s for s in names if s.name == "trick/1")
    played_1 = next(s for s in names if s.name == "played/1")
    v0, v1 = observation(observe(state, 0)), observation(observe(state, 1))
    cards_of_1 = [
        c.id for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == 1
    ]
    cards_of_2 = [
        c.id for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == 2
    ]
    window0 = v0[played_1.offset : played_1.offset + 40]
    window1 = v1[played_1.offset : played_1.offset + 40]
    assert sorted(np.flatnonzero(window0).tolist()) == sorted(cards_of_1)
    assert sorted(np.flatnonzero(window1).tolist()) == sorted(cards_of_2)
    assert trick_1.size == 40


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_the_observation_hides_what_the_view_hides(preset: str, data: st.DataObject) -> None:
    """A seat's whole observation is the same in two states that differ only in where the
    cards it cannot see lie, and changes when a card of its own hand does."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    hand_part = observation_layout(spec.rules)[0]
    assert hand_part.name == "hand"
    picked = data.draw(st.lists(st.sampled_from(states), min_size=3, max_size=3), label="states")
    for state in picked:
        for seat in range(state.rules.players):
            vector = observation(observe(state, seat))
            ones = np.flatnonzero(vector[: hand_part.size]).tolist()
            assert sorted(ones) == sorted(card.id for card in state.hands[seat])
            hidden = hidden_cards(state, seat)
            # Every hidden card takes the place of the next one (by id): wherever hidden
            # cards lie in two places or more (hands, the stock), each of those places gets
            # other cards, so a hidden card the vector showed would change it.
            moved = relabel(state, dict(zip(hidden, hidden[1:] + hidden[:1], strict=True)))
            assert np.array_equal(observation(observe(moved, seat)), vector)
            own = state.hands[seat]
            if hidden and own:
                # Control: trading a card of its own hand for a hidden one is seen.
                traded = relabel(state, {own[0]: hidden[0], hidden[0]: own[0]})
                assert not np.array_equal(observation(observe(traded, seat)), vector)


def test_bounds_of_chiamata_stakes() -> None:
    assert utility_bounds("chiamata") == (-8, 8)
    assert utility_bounds(briscola.rules("chiamata", stakes="bands")) == (-40, 40)
    assert max_game_length("classic") == 40


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: action_index("7C"), InvalidMoveError),  # type: ignore[arg-type]
        (lambda: action_index(BidPoints(121)), IllegalMoveError),
        (lambda: action_index(Signal("WAVE")), IllegalMoveError),
        (lambda: action_move(-1, new_game("classic", seed=1)), IllegalMoveError),
        (lambda: action_move(NUM_ACTIONS, new_game("classic", seed=1)), IllegalMoveError),
        (lambda: action_move("3", new_game("classic", seed=1)), InvalidMoveError),  # type: ignore[arg-type]
        (lambda: action_move(True, new_game("classic", seed=1)), InvalidMoveError),
        (lambda: action_move(150, new_game("classic", seed=1)), IllegalMoveError),
        (lambda: action_move(0, "state"), InvalidStateError),  # type: ignore[arg-type]
        (lambda: action_mask(None), InvalidStateError),  # type: ignore[arg-type]
        (lambda: observation(new_game("classic", seed=1)), InvalidStateError),  # type: ignore[arg-type]
        (lambda: observation_shape("nonsense"), briscola.RulesError),
        (lambda: Tracker("state"), InvalidStateError),  # type: ignore[arg-type]
        (lambda: Tracker(new_game("classic", seed=1)).observation([0]), briscola.RulesError),  # type: ignore[arg-type]
        (lambda: Tracker(new_game("classic", seed=1)).observation(2), briscola.RulesError),
    ],
)
def test_bad_input(call: object, error: type[Exception]) -> None:
    with pytest.raises(error):
        call()  # type: ignore[operator]


def test_an_index_not_legal_for_a_waiting_seat() -> None:
    state = new_game("classic", seed=1)
    view = observe(state, 1)
    assert not action_mask(view).any()
    with pytest.raises(IllegalMoveError, match="not to act"):
        action_move(action_index(Play(state.hands[1][0])), view)


def test_claims_are_encoded() -> None:
    state = new_game("bugiarda", seed=4)
    card = state.hands[0][0]
    state = briscola.apply(state, Declare(Has(card)))
    layout = {s.name: s for s in observation_layout(state.rules)}
    vector = observation(observe(state, 1))
    # Seat 0 is three places after seat 1 in a four-seat game.
    assert vector[layout["claim_has/3"].offset + card.id] == 1.0


def test_a_tracker_clears_a_rebid_made_after_its_vector_was_rebuilt() -> None:
    # Seats observed every other move only: a seat bids, nobody follows the move, its
    # vector is rebuilt later, then it bids again; the first bid must not stay in the
    # vector (seed 18: seat 0 bids, then calls the 2).
    for seed in range(40):
        state = briscola.new_game("chiamata", seed=seed)
        rng = random.Random(seed)
        tracker = Tracker(state)
        while not briscola.is_over(state):
            state = tracker.apply(rng.choice(briscola.legal_moves(state)))
            if rng.random() < 0.5:
                assert np.array_equal(tracker.observation(0), observation(observe(state, 0)))


def test_the_layouts_kept_are_bounded_whatever_the_table_rules_met() -> None:
    # A sweep over table rules (every win threshold, signal token sets) must not keep a
    # layout for each Rules it meets.
    from briscola import encoding as module

    for threshold in range(61, 121):
        for tokens in (("ACE",), ("ACE", "KING"), ("THREE",), ("JACK", "KNIGHT"), ("KING",)):
            r = briscola.rules(
                "classic-4", win_threshold=threshold, signals=True, signal_tokens=tokens
            )
            assert observation_shape(r) == observation_shape(r)
    assert 0 < len(module._LAYOUTS) <= module._LAYOUTS_SIZE


def test_a_tracker_follows_a_called_card_played_in_a_blind_first_trick() -> None:
    # §2.5.8 first_trick_blind: the called card may fall in trick 1, before the trump suit
    # is shown; the contract is settled for every seat only once it is.
    r = briscola.rules("chiamata", first_trick_blind="committed")
    called_in_trick_1 = 0
    for seed in range(40):
        state = new_game(r, seed=seed)
        tracker = Tracker(state)
        rng = random.Random(seed)
        while not briscola.is_over(state):
            state = tracker.apply(rng.choice(legal_moves(state)))
            for seat in range(r.players):
                assert np.array_equal(
                    tracker.observation(seat), observation(observe(state, seat))
                ), (seed, len(state.history), seat)
        first = state.tricks[0] if state.tricks else None
        called = briscola.score(state).called_card
        called_in_trick_1 += first is not None and called in first.cards
    assert called_in_trick_1 > 0  # the case this test is about came up


def test_the_removed_two_is_encoded_when_it_is_drawn_at_random() -> None:
    # §1.10: which 2 is out of classic-3 is public, also under removed_two="random".
    r = briscola.rules("classic-3", removed_two="random")
    (removed,) = (segment for segment in observation_layout(r) if segment.name == "removed")
    for seed in range(8):
        view = observe(new_game(r, seed=seed), 0)
        (card,) = view.removed
        window = observation(view)[removed.offset : removed.offset + removed.size]
        assert np.flatnonzero(window).tolist() == [card.id]


@pytest.mark.parametrize("variant", ["briscolone", "classic-3"])
def test_a_card_drawn_from_an_open_stock_is_encoded_in_its_drawers_hand(
    variant: VariantId,
) -> None:
    # §2.7: every seat saw the open stock, so it knows the card the next seat drew.
    r = briscola.rules(variant, open_stock=True)
    (known,) = (segment for segment in observation_layout(r) if segment.name == "known/1")
    state = new_game(r, seed=4)
    rng = random.Random(4)
    while not state.drawn:
        state = briscola.apply(state, rng.choice(legal_moves(state)))
    drawn = set(state.dealt_stock[: state.drawn]) & set(state.hands[1])
    window = observation(observe(state, 0))[known.offset : known.offset + known.size]
    assert set(np.flatnonzero(window).tolist()) == {card.id for card in drawn}
    assert drawn


def test_a_spectator_is_encoded_from_seat_0_with_no_hand() -> None:
    # The public view is read from seat 0's place, and no seat's cards are its hand, even
    # open hands (§3.2) or the face-up card drawn by seat 0 (§1.7).
    names = ("trick", "played", "turn", "leader", "dealer", "hand_sizes", "points")
    for open_hands in (False, True):
        r = briscola.rules("classic-3", open_hands=open_hands)
        layout = observation_layout(r)
        hand = next(segment for segment in layout if segment.name == "hand")
        public = [s for s in layout if s.name.split("/")[0] in names]
        assert {s.name.split("/")[0] for s in public} == set(names)
        rng = random.Random(5)
        state = new_game(r, seed=5)
        while not briscola.is_over(state):
            spectator = observation(briscola.public_view(state))
            seat_0 = observation(observe(state, 0))
            assert not spectator[hand.offset : hand.offset + hand.size].any()
            for s in public:
                part = slice(s.offset, s.offset + s.size)
                assert np.array_equal(spectator[part], seat_0[part]), s.name
            state = briscola.apply(state, rng.choice(legal_moves(state)))


@pytest.mark.parametrize("variant", ["classic-4", "classic-6"])
def test_max_game_length_is_reached_by_a_deal_that_shows_every_hand(variant: VariantId) -> None:
    # Every seat shows its hand whenever it may (§3.3, §3.4): the bound must hold, and no
    # lower bound would (the share of the empty stock counts a move a seat).
    r = briscola.rules(
        variant,
        share_hands_before_first_trick="voluntary",
        share_hands_when_stock_empty="voluntary",
    )
    bound = max_game_length(r)
    longest = 0
    for seed in range(10):
        state = new_game(r, seed=seed)
        while not briscola.is_over(state):
            moves = legal_moves(state)
            talk = [move for move in moves if type(move) is not Play]
            state = briscola.apply(state, (talk or moves)[0])
        longest = max(longest, len(state.history))
    assert bound - r.players < longest <= bound


@pytest.mark.parametrize("index", [-1, NUM_ACTIONS, 10**30])
def test_an_index_outside_the_space_is_named_with_the_range(index: int) -> None:
    state = new_game("classic", seed=1)
    with pytest.raises(IllegalMoveError) as refused:
        action_move(index, state)
    assert str(refused.value) == f"action {index} does not exist: indices run from 0 to 285"


def test_an_edited_signal_token_is_quoted_short_in_the_refusal() -> None:
    signal = Signal("ACE")
    object.__setattr__(signal, "token", "W" * 10_000)  # past the 32-character check
    with pytest.raises(IllegalMoveError, match="has no action index") as refused:
        action_index(signal)
    assert len(str(refused.value)) < 200


def test_legal_indices_keep_the_order_of_the_legal_moves() -> None:
    from briscola.encoding import legal_indices

    state = new_game("chiamata", seed=1)  # bids by ladder position: not by index
    expected = [action_index(move) for move in legal_moves(state)]
    assert expected != sorted(expected)
    assert legal_indices(state) == expected
    assert state.turn is not None
    assert legal_indices(observe(state, state.turn)) == expected


@pytest.mark.parametrize(
    ("options", "most"),
    [
        ({}, 8),
        ({"stakes": "bands"}, 40),
        ({"stakes": "tedaldi"}, 16),
        ({"players": 6, "six_player_form": "dealer_sits_out"}, 8),
        ({"players": 6, "six_player_form": "remove_fours"}, 10),
    ],
)
def test_utility_bounds_are_a_solo_cappotto_against_every_active_defender(
    options: dict[str, Any], most: int
) -> None:
    """§2.5.6, §2.5.8: a solo caller's cappotto wins or loses the top stake (2 flat, the
    bands' 5 doubled, Tedaldi's volata 4) from each active seat but its own."""
    assert utility_bounds(briscola.rules("chiamata", **options)) == (-most, most)


def test_the_six_player_forms_of_chiamata_share_one_layout() -> None:
    """§2.5.8: with the dealer sitting out no card is removed, yet the layout keeps the
    removed cards' part, as the forms that remove the 4s or the 2s need it."""
    layouts = {
        form: observation_layout(briscola.rules("chiamata", players=6, six_player_form=form))
        for form in ("dealer_sits_out", "remove_fours", "remove_twos")
    }
    assert layouts["dealer_sits_out"] == layouts["remove_fours"] == layouts["remove_twos"]
    assert "removed" in {segment.name for segment in layouts["dealer_sits_out"]}


@pytest.mark.parametrize(
    ("options", "forced"),
    [
        ({}, Bid(Rank.KING)),
        ({"first_trick_blind": "committed"}, Bid(Rank.KNIGHT)),
        ({"auction": "points_only"}, BidPoints(64)),
    ],
)
def test_s2_5_2_a_forced_bid_after_everyone_passed_is_in_every_observation(
    options: dict[str, Any], forced: Move
) -> None:
    """§2.5.2 step 7: when every seat passes, the first hand's forced bid is public."""
    state = new_game("chiamata", seed=1, **options)
    tracker = Tracker(state)
    for move in (*[Pass()] * 5, forced):
        state = tracker.apply(move)
    assert briscola.current_player(state) == 0
    layout = {segment.name: segment for segment in observation_layout(state.rules)}
    for seat in range(5):
        vector = observation(observe(state, seat))
        assert np.array_equal(tracker.observation(seat), vector)
        mover = (0 - seat) % 5
        passed = layout["passed"]
        assert list(vector[passed.offset : passed.offset + passed.size]) == [1.0] * 5
        if isinstance(forced, Bid):
            ranks = layout[f"bid_rank/{mover}"]
            marked = np.flatnonzero(vector[ranks.offset : ranks.offset + ranks.size])
            assert list(marked) == [int(forced.rank) - 1]
        else:
            assert isinstance(forced, BidPoints)
            value = vector[layout["bid_points"].offset + mover]
            assert value == np.float32((forced.target - 60) / 60)


def test_a_view_or_state_whose_rules_were_edited_away_is_inconsistent() -> None:
    state = new_game("classic", seed=1)
    edited = attrs.evolve(observe(state, 0), rules=untyped(5))
    with pytest.raises(InvalidStateError, match=r"^observation\(\) cannot use this view"):
        observation(edited)
    with pytest.raises(InvalidStateError, match=r"^Tracker\(\) cannot use this state"):
        Tracker(attrs.evolve(state, rules=untyped(5)))


@pytest.mark.parametrize(
    ("move", "field", "value"),
    [
        (BidPoints(70), "target", 70.0),
        (BidPoints(70), "target", None),
        (Signal(briscola.SIGNAL_TOKENS[0]), "token", 5),
        (Signal(briscola.SIGNAL_TOKENS[0]), "token", ["x"]),
        (Play(Card.parse("AD")), "card", 0),
        (Bid(Rank.ACE), "rank", "ace"),
        (Declare(Has(Card.parse("AD"))), "claim", None),
    ],
)
def test_action_index_refuses_a_move_edited_past_its_checks(
    move: Move, field: str, value: object
) -> None:
    edited = copy.copy(move)
    object.__setattr__(edited, field, value)
    with pytest.raises(InvalidMoveError):
        action_index(edited)


def test_the_tracker_documents_the_error_it_raises_for_an_edited_deal() -> None:
    state = new_game("classic", seed=1)
    edited = attrs.evolve(state, phase=untyped(None))
    tracker = Tracker(edited)
    calls: dict[str, Callable[[], object]] = {
        "observation": lambda: tracker.observation(0),
        "apply": lambda: tracker.apply(legal_moves(state)[0]),
        "action_mask": tracker.action_mask,
    }
    for name, call in calls.items():
        with pytest.raises(InvalidStateError):
            call()
        doc = getattr(Tracker, name).__doc__
        assert "InvalidStateError" in doc.split("Raises:", 1)[-1], name
    with pytest.raises(InvalidStateError, match="inconsistent"):
        Tracker(attrs.evolve(state, rules=untyped(None)))
    assert "inconsistent" in (Tracker.__doc__ or "").split("Raises:", 1)[1]
