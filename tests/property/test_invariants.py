"""Invariants of every deal of every preset with random table rules (RULES.md §1, §3, §8,
Appendix A; API.md "The game", "Score").

Each test replays random deals (`strategies.games`) and checks one property at every state
of the deal.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from typing import Final

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import briscola
from briscola import (
    WEAK_HAND,
    Bid,
    BidPoints,
    Card,
    Declare,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    NameSuit,
    Pass,
    Phase,
    Play,
    Rank,
    Score,
    ShowHand,
    Signal,
    State,
    Suit,
    SwapTrump,
    TieRule,
)
from strategies import (
    ALL_CARDS,
    SPEC_SIDES,
    SPEC_THREE_SINGLES,
    SPEC_TIMELINE,
    TOTAL_POINTS,
    GameSpec,
    active_seats,
    games,
    located_cards,
    replay,
    spec_points,
    spec_strength,
    start,
)

SETTINGS: Final = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
FEW: Final = settings(SETTINGS, max_examples=40)

# Well-formed moves of every kind; those not in legal_moves must raise IllegalMoveError.
OTHER_MOVES: Final[tuple[Move, ...]] = (
    Pass(),
    Bid(Rank.KING),
    BidPoints(70),
    NameSuit(Suit.COPPE),
    Declare(WEAK_HAND),
    Signal("ACE"),
    ShowHand(),
)
CANDIDATE_MOVES: Final[tuple[Move, ...]] = (
    *(Play(card) for card in ALL_CARDS),
    *(SwapTrump(card) for card in ALL_CARDS),
    *OTHER_MOVES,
)
NOT_MOVES: Final[tuple[object, ...]] = (None, "7C", 3, Card.parse("7C"), ("play", "7C"))


def last_move(state: State) -> Move:
    """The move that led to ``state`` (the last entry of its history)."""
    return state.history[-1][1]


def expected_tricks(first: State) -> int:
    """Tricks in a whole deal: RULES.md §1.8 for a preset at its default shape, else every
    card in play divided among the active seats."""
    r = first.rules
    in_play = 40 - len(first.removed)
    computed = in_play // len(active_seats(first))
    shape = SPEC_TIMELINE.get(r.variant)
    if shape is not None and shape[0] == r.players:
        assert computed == shape[2], f"{r!r}: {in_play} cards among the active seats"
        return shape[2]
    return computed


def check_score_invariants(state: State) -> Score:
    """`score` obeys API.md "Score" in ``state`` (finished or not)."""
    s = briscola.score(state)
    players = state.rules.players
    assert len(s.points) == players
    assert len(s.deltas) == players
    assert sum(s.deltas) == 0, s
    assert s.final == briscola.is_over(state)
    if not s.final:
        assert s.deltas == (0,) * players, s
        assert s.winners == frozenset(), s
        assert not s.void, s
        return s
    if s.void:
        assert s.deltas == (0,) * players, s
        assert s.winners == frozenset(), s
    if state.tricks:
        assert sum(s.points) == TOTAL_POINTS, s
    else:
        # Only a deal made void before the first card is played ends without tricks.
        assert s.void, s
        assert s.points == (0,) * players, s
    return s


# --- cards and points ------------------------------------------------------------------


@SETTINGS
@given(games())
def test_every_card_is_in_exactly_one_place(spec: GameSpec) -> None:
    for state in replay(spec):
        found = located_cards(state)
        counts = Counter(card.id for card in found)
        twice = sorted(str(Card.from_id(i)) for i, n in counts.items() if n > 1)
        missing = sorted(str(card) for card in ALL_CARDS if card.id not in counts)
        assert not twice and not missing, (
            f"cards in two places: {twice}; cards nowhere: {missing}; state {state!r}"
        )
        for hand in state.hands:
            assert list(hand) == sorted(hand, key=lambda card: card.id)


@SETTINGS
@given(games())
def test_card_points_add_up_to_120_at_every_step(spec: GameSpec) -> None:
    for state in replay(spec):
        r = state.rules
        values = r.card_points
        assert values == spec_points(r)
        held = sum(values[card.id] for hand in state.hands for card in hand)
        table = sum(values[card.id] for card in state.trick)
        stock = sum(values[card.id] for card in state.stock[state.drawn :])
        face_up = values[state.trump_card.id] if state.trump_card is not None else 0
        out = sum(values[card.id] for card in state.removed)
        captured = briscola.score(state).points
        assert held + table + stock + face_up + out + sum(captured) == TOTAL_POINTS
        # Each seat's captured points are the points of the tricks it took.
        taken = [0] * r.players
        for trick in state.tricks:
            taken[trick.winner] += sum(values[card.id] for card in trick.cards)
        assert list(captured) == taken


@SETTINGS
@given(games())
def test_score_invariants_at_every_step(spec: GameSpec) -> None:
    for state in replay(spec):
        check_score_invariants(state)


@SETTINGS
@given(games())
def test_deal_result_follows_the_rules(spec: GameSpec) -> None:
    """RULES.md §1.9, §3.8 (two sides) and §2.2 / decision 3 (three players alone)."""
    final = replay(spec)[-1]
    r = final.rules
    s = briscola.score(final)
    players = r.players
    if r.variant in SPEC_SIDES:
        sides = SPEC_SIDES[r.variant]
        totals = [sum(s.points[seat] for seat in side) for side in sides]
        winner: int | None = None
        void = False
        for index, total in enumerate(totals):
            if total >= r.win_threshold:
                winner = index
        if winner is None and r.tie_rule is TieRule.LAST_TRICK:
            last = final.tricks[-1].winner
            winner = next(i for i, side in enumerate(sides) if last in side)
        elif winner is None and r.tie_rule is TieRule.REPLAY:
            void = True
        assert s.void == void, s
        if winner is None:
            assert s.winners == frozenset() and s.deltas == (0,) * players, s
        else:
            assert s.winners == frozenset(sides[winner]), s
            for seat in range(players):
                assert s.deltas[seat] == (1 if seat in sides[winner] else -1), s
    elif r.variant in SPEC_THREE_SINGLES:
        top = max(s.points)
        leaders = [seat for seat in range(players) if s.points[seat] == top]
        assert not s.void
        if len(leaders) == 1:
            assert s.winners == frozenset(leaders), s
            assert s.deltas == tuple(2 if seat in leaders else -1 for seat in range(players))
        elif len(leaders) == 2:
            assert s.winners == frozenset(), s
            assert s.deltas == tuple(1 if seat in leaders else -2 for seat in range(players))
        else:
            assert s.winners == frozenset() and s.deltas == (0,) * players, s


# --- apply, legal_moves -----------------------------------------------------------------


@SETTINGS
@given(games())
def test_apply_does_not_change_its_input(spec: GameSpec) -> None:
    states = replay(spec)
    for before, after in zip(states, states[1:], strict=False):
        move = last_move(after)
        twin = attrs.evolve(before)
        dumped = pickle.dumps(before)
        digest = hash(before)
        briscola.apply(before, move)
        assert pickle.dumps(before) == dumped
        assert before == twin
        assert hash(before) == digest


@SETTINGS
@given(games())
def test_apply_does_not_change_a_fresh_input(spec: GameSpec) -> None:
    """As above, on a state that no verb has been called on yet (``attrs.evolve`` builds an
    equal copy): its pickle must not change when it is passed to ``apply``."""
    states = replay(spec)
    for before, after in zip(states, states[1:], strict=False):
        move = last_move(after)
        fresh = attrs.evolve(before)
        dumped = pickle.dumps(fresh)
        digest = hash(fresh)
        briscola.apply(fresh, move)
        assert pickle.dumps(fresh) == dumped, (
            f"apply changed the pickle of its input {fresh!r} (move {move})"
        )
        assert fresh == before
        assert hash(fresh) == digest


@SETTINGS
@given(games())
def test_every_legal_move_applies_and_apply_is_deterministic(spec: GameSpec) -> None:
    for state in replay(spec):
        for move in briscola.legal_moves(state):
            first = briscola.apply(state, move)
            second = briscola.apply(state, move)
            assert first == second
            assert pickle.dumps(first) == pickle.dumps(second)
            assert first.history[-1] == (state.turn, move)


@FEW
@given(games())
def test_every_other_move_is_illegal(spec: GameSpec) -> None:
    for state in replay(spec):
        legal = set(briscola.legal_moves(state))
        for move in CANDIDATE_MOVES:
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as caught:
                briscola.apply(state, move)
            assert str(caught.value), move


@SETTINGS
@given(games())
def test_objects_that_are_not_moves_raise_invalid_move_error(spec: GameSpec) -> None:
    for state in replay(spec):
        for thing in NOT_MOVES:
            with pytest.raises(InvalidMoveError) as caught:
                briscola.apply(state, thing)  # type: ignore[arg-type]
            assert isinstance(caught.value, TypeError)


@SETTINGS
@given(games())
def test_over_iff_no_legal_move_iff_nobody_to_act(spec: GameSpec) -> None:
    states = replay(spec)
    for state in states:
        over = briscola.is_over(state)
        assert (briscola.legal_moves(state) == ()) == over
        assert (briscola.current_player(state) is None) == over
    assert briscola.is_over(states[-1])
    assert not any(briscola.is_over(state) for state in states[:-1])


def _order_key(move: Move) -> tuple[int, int]:
    if isinstance(move, Play):
        return (0, move.card.id)
    if isinstance(move, SwapTrump):
        return (1, move.card.id)
    return (2, 0)


@SETTINGS
@given(games())
def test_legal_moves_are_in_the_documented_order(spec: GameSpec) -> None:
    """Plays by card id, then swaps by card id, then Pass; no move twice."""
    for state in replay(spec):
        legal = briscola.legal_moves(state)
        assert len(set(legal)) == len(legal)
        ordered = [m for m in legal if isinstance(m, Play | SwapTrump | Pass)]
        assert ordered == sorted(ordered, key=_order_key)
        if state.phase is Phase.PLAY:
            hand = state.hands[state.turn] if state.turn is not None else ()
            for move in legal:
                if isinstance(move, Play | SwapTrump):
                    assert move.card in hand


# --- dealing, drawing and the timeline --------------------------------------------------


@SETTINGS
@given(games())
def test_hand_sizes_follow_the_stock(spec: GameSpec) -> None:
    """RULES.md Appendix A: each hand holds ``hand_size`` cards at the start of every trick
    while the stock lasts, then one fewer per trick."""
    states = replay(spec)
    first = states[0]
    r = first.rules
    active = active_seats(first)
    shape = SPEC_TIMELINE.get(r.variant)
    if shape is not None and shape[0] == r.players:
        assert r.hand_size == shape[1]
        assert first.stock_size == shape[3]
    rounds = first.stock_size // len(active)
    for state in states:
        if briscola.is_over(state):
            assert all(not hand for hand in state.hands)
            continue
        done = len(state.tricks)
        size = r.hand_size if done < rounds else r.hand_size - (done - rounds)
        played = {(state.leader + i) % r.players for i in range(len(state.trick))}
        for seat in range(r.players):
            if seat not in active:
                assert not state.hands[seat]
            else:
                assert len(state.hands[seat]) == size - (seat in played), (seat, state)


@SETTINGS
@given(games())
def test_stock_size_is_a_multiple_of_the_players_between_tricks(spec: GameSpec) -> None:
    states = replay(spec)
    active = len(active_seats(states[0]))
    for state in states:
        assert state.stock_size == len(state.stock) - state.drawn + (state.trump_card is not None)
        if state.trick:
            continue
        assert state.stock_size % active == 0, state
        if state.trump_card is not None:
            # The face-up card lies under at least one face-down card (RULES.md §1.7).
            assert state.stock_size >= active
            assert len(state.stock) - state.drawn >= 1


@SETTINGS
@given(games())
def test_draw_order_winner_first_face_up_card_last(spec: GameSpec) -> None:
    """RULES.md §1.7: after a trick with drawing the winner draws first, then the others in
    play order; the face-up card is the last card drawn, by the seat before the winner."""
    states = replay(spec)
    r = states[0].rules
    active = active_seats(states[0])
    for before, after in zip(states, states[1:], strict=False):
        if len(after.tricks) == len(before.tricks):
            continue
        winner = after.tricks[-1].winner
        mover, move = after.history[-1]
        assert isinstance(move, Play)
        expected = [list(hand) for hand in before.hands]
        expected[mover].remove(move.card)
        if before.stock_size:
            start_at = active.index(winner)
            order = [active[(start_at + k) % len(active)] for k in range(len(active))]
            position = before.drawn
            for k, seat in enumerate(order):
                if position < len(before.stock):
                    expected[seat].append(before.stock[position])
                    position += 1
                else:
                    assert before.trump_card is not None
                    assert k == len(order) - 1, "the face-up card was not the last drawn"
                    assert seat == order[-1] == active[(start_at - 1) % len(active)]
                    expected[seat].append(before.trump_card)
            assert after.drawn == position
            assert after.stock_size == before.stock_size - len(active)
            assert (after.trump_card is None) == (position == len(before.stock))
        else:
            assert after.drawn == before.drawn
            assert after.trump_card is None
        assert after.hands == tuple(tuple(sorted(h, key=lambda card: card.id)) for h in expected)


@SETTINGS
@given(games())
def test_tricks_follow_the_rules(spec: GameSpec) -> None:
    """RULES.md §1.4 (the winner of a trick) and §1.8 (how many tricks a deal has)."""
    states = replay(spec)
    final = states[-1]
    r = final.rules
    active = active_seats(states[0])
    strength = spec_strength(r)
    assert r.strength == strength
    if briscola.score(final).void and not final.tricks:
        return
    assert len(final.tricks) == expected_tricks(states[0])
    leader = final.tricks[0].leader
    if r.variant in SPEC_SIDES or r.variant in SPEC_THREE_SINGLES:
        # These presets have no option that moves the first lead from next(D) (§0.2).
        assert leader == active[(active.index(final.dealer) + 1) % len(active)]
    for trick in final.tricks:
        assert trick.leader == leader
        assert len(trick.cards) == len(active)
        trump = final.trump_suit
        cards = trick.cards
        contenders = [c for c in cards if c.suit is trump] or [
            c for c in cards if c.suit is cards[0].suit
        ]
        best = max(contenders, key=lambda card: strength[card.id])
        assert trick.winner == trick.player_of(cards.index(best), r.players)
        leader = trick.winner


# --- reproducibility and pickling -------------------------------------------------------


@SETTINGS
@given(games())
def test_same_seed_same_deal(spec: GameSpec) -> None:
    first = start(spec)
    assert start(spec) == first
    again = briscola.new_game(
        spec.rules.variant, seed=spec.seed, dealer=spec.dealer, **spec.rules.options
    )
    assert again == first
    assert replay(spec) == replay(spec)


@FEW
@given(games(), st.data())
def test_random_playout_ends_a_valid_deal(spec: GameSpec, data: st.DataObject) -> None:
    states = replay(spec)
    state = data.draw(st.sampled_from(states), label="from")
    k = data.draw(st.integers(min_value=0, max_value=2**32), label="k")
    dumped = pickle.dumps(state)
    final = briscola.random_playout(state, random.Random(k))
    assert pickle.dumps(state) == dumped
    assert briscola.is_over(final)
    assert briscola.legal_moves(final) == ()
    assert final.history[: len(state.history)] == state.history
    assert final == briscola.random_playout(state, random.Random(k))
    found = located_cards(final)
    assert sorted(card.id for card in found) == list(range(40))
    check_score_invariants(final)
    assert len(final.tricks) == expected_tricks(states[0]) or (
        briscola.score(final).void and not final.tricks
    )


@SETTINGS
@given(games())
def test_pickle_round_trip(spec: GameSpec) -> None:
    for state in replay(spec):
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state
        assert hash(copy) == hash(state)
        assert briscola.legal_moves(copy) == briscola.legal_moves(state)
