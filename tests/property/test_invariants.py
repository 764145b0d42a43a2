"""Invariants of every deal of every preset with random table rules (§1, §3, §8,
Appendix A; the documented contract of the game verbs and of `Score`).

Each test replays random deals (`strategies.games`) and checks one property at every state
of the deal.
"""

from __future__ import annotations

import itertools
import pickle
import random
from collections import Counter
from typing import Any, Final, cast

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import briscola
from briscola import (
    WEAK_HAND,
    Bid,
    BidPoints,
    Card,
    Declare,
    Has,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    NameCard,
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
    EVERY_PRESET,
    SPEC_THREE_SINGLES,
    SPEC_TIMELINE,
    TOTAL_POINTS,
    active_seats,
    deal_settings,
    games,
    located_cards,
    replay,
    spec_points,
    spec_sides,
    spec_strength,
    start,
)

# Examples for each preset (`EVERY_PRESET`): 154 deals a test, and 66 for the slow ones.
SETTINGS: Final = deal_settings(14)
FEW: Final = settings(SETTINGS, max_examples=6)

# Well-formed moves of every kind; those not in legal_moves must raise IllegalMoveError.
OTHER_MOVES: Final[tuple[Move, ...]] = (
    Pass(),
    Bid(Rank.KING),
    BidPoints(70),
    BidPoints(121),
    BidPoints(0),
    NameSuit(Suit.COPPE),
    NameCard(Card.parse("KD")),
    Declare(WEAK_HAND),
    Declare(Has(Card.parse("AC"))),
    Signal("ACE"),
    Signal("NOT_A_TOKEN"),
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


def play_order(active: tuple[int, ...], first: int) -> list[int]:
    """The active seats in play order, starting with ``first``."""
    start_at = active.index(first)
    return [active[(start_at + k) % len(active)] for k in range(len(active))]


def expected_tricks(first: State) -> int:
    """Tricks in a whole deal: §1.8 for a preset at its default shape, else every
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
    """`score` obeys the documented `Score` contract in ``state`` (finished or not)."""
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


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_every_card_is_in_exactly_one_place(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        found = located_cards(state)
        counts = Counter(card.id for card in found)
        twice = sorted(str(Card.from_id(i)) for i, n in counts.items() if n > 1)
        missing = sorted(str(card) for card in ALL_CARDS if card.id not in counts)
        assert not twice, f"cards in two places: {twice}; state {state!r}"
        assert not missing, f"cards nowhere: {missing}; state {state!r}"
        for hand in state.hands:
            assert list(hand) == sorted(hand, key=lambda card: card.id)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_card_points_add_up_to_120_at_every_step(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        r = state.rules
        values = r.card_points
        assert values == spec_points(r)
        held = sum(values[card.id] for hand in state.hands for card in hand)
        table = sum(values[card.id] for card in state.trick)
        stock = sum(values[card.id] for card in state.stock)
        face_up = values[state.trump_card.id] if state.trump_card is not None else 0
        out = sum(values[card.id] for card in state.removed)
        captured = briscola.score(state).points
        assert held + table + stock + face_up + out + sum(captured) == TOTAL_POINTS
        # Each seat's captured points are the points of the tricks it took.
        taken = [0] * r.players
        for trick in state.tricks:
            taken[trick.winner] += sum(values[card.id] for card in trick.cards)
        assert list(captured) == taken


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_score_invariants_at_every_step(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        check_score_invariants(state)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_deal_result_follows_the_rules(preset: str, data: st.DataObject) -> None:
    """§1.9, §3.8 (two sides; in `bugiarda-5` the sides of the deal's dealer, §2.6.3) and
    §2.2 / ruling R3 (three players alone)."""
    spec = data.draw(games([preset]), label="spec")
    final = replay(spec)[-1]
    r = final.rules
    s = briscola.score(final)
    players = r.players
    sides = spec_sides(final)
    if sides is not None:
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
            assert s.winners == frozenset(), s
            assert s.deltas == (0,) * players, s
        else:
            assert s.winners == frozenset(sides[winner]), s
            for seat in range(players):
                # A seat on neither side (bugiarda-5's dealer) scores 0 (§2.6.3).
                sided = any(seat in side for side in sides)
                expected = 1 if seat in sides[winner] else -1 if sided else 0
                assert s.deltas[seat] == expected, s
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
            assert s.winners == frozenset(), s
            assert s.deltas == (0,) * players, s


# --- apply, legal_moves -----------------------------------------------------------------


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_apply_does_not_change_its_input(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    for before, after in itertools.pairwise(states):
        move = last_move(after)
        twin = attrs.evolve(before)
        dumped = pickle.dumps(before)
        digest = hash(before)
        briscola.apply(before, move)
        assert pickle.dumps(before) == dumped
        assert before == twin
        assert hash(before) == digest


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_apply_does_not_change_a_fresh_input(preset: str, data: st.DataObject) -> None:
    """As above, on a state that no verb has been called on yet (``attrs.evolve`` builds an
    equal copy): its pickle must not change when it is passed to ``apply``."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    for before, after in itertools.pairwise(states):
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


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_every_legal_move_applies_and_apply_is_deterministic(
    preset: str, data: st.DataObject
) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        legal = briscola.legal_moves(state)
        for index, move in enumerate(legal):
            first = briscola.apply(state, move)
            assert first.history[-1] == (state.turn, move)
            if 3 <= index < len(legal) - 3:
                continue  # long lists (claims, point bids): the ends are checked in full
            second = briscola.apply(state, move)
            assert first == second
            assert pickle.dumps(first) == pickle.dumps(second)


@EVERY_PRESET
@FEW
@given(data=st.data())
def test_every_other_move_is_illegal(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        legal = set(briscola.legal_moves(state))
        for move in CANDIDATE_MOVES:
            if move in legal:
                continue
            with pytest.raises(IllegalMoveError) as caught:
                briscola.apply(state, move)
            assert str(caught.value), move


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_objects_that_are_not_moves_raise_invalid_move_error(
    preset: str, data: st.DataObject
) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        for thing in NOT_MOVES:
            with pytest.raises(InvalidMoveError) as caught:
                briscola.apply(state, cast(Move, thing))
            assert isinstance(caught.value, TypeError)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_over_iff_no_legal_move_iff_nobody_to_act(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
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


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_legal_moves_are_in_the_documented_order(preset: str, data: st.DataObject) -> None:
    """Plays by card id, then swaps by card id, then Pass; no move twice."""
    spec = data.draw(games([preset]), label="spec")
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


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_hand_sizes_follow_the_stock(preset: str, data: st.DataObject) -> None:
    """rules Appendix A: each hand holds ``hand_size`` cards at the start of every trick
    while the stock lasts, then one fewer per trick."""
    spec = data.draw(games([preset]), label="spec")
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
            # Every card is played, unless the deal was made void before the first trick.
            if state.tricks or not briscola.score(state).void:
                assert all(not hand for hand in state.hands)
            continue
        done = len(state.tricks)
        size = r.hand_size if done < rounds else r.hand_size - (done - rounds)
        played = set(play_order(active, state.leader)[: len(state.trick)])
        for seat in range(r.players):
            if seat not in active:
                assert not state.hands[seat]
            else:
                assert len(state.hands[seat]) == size - (seat in played), (seat, state)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_stock_size_is_a_multiple_of_the_players_between_tricks(
    preset: str, data: st.DataObject
) -> None:
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    active = len(active_seats(states[0]))
    for state in states:
        assert state.stock_size == len(state.stock) + (state.trump_card is not None)
        assert state.stock == state.dealt_stock[state.drawn :]
        if state.trick:
            continue
        assert state.stock_size % active == 0, state
        if state.trump_card is not None:
            # The face-up card lies under at least one face-down card (§1.7).
            assert state.stock_size >= active
            assert len(state.stock) >= 1


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_draw_order_winner_first_face_up_card_last(preset: str, data: st.DataObject) -> None:
    """§1.7: after a trick with drawing the winner draws first, then the others in
    play order; the face-up card is the last card drawn, by the seat before the winner."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    active = active_seats(states[0])
    for before, after in itertools.pairwise(states):
        if len(after.tricks) == len(before.tricks):
            continue
        winner = after.tricks[-1].winner
        taken = after.tricks[-1].cards
        expected = [[card for card in hand if card not in taken] for hand in before.hands]
        if before.stock_size:
            start_at = active.index(winner)
            order = play_order(active, winner)
            position = before.drawn
            face_up = before.trump_card
            for k, seat in enumerate(order):
                if position < len(before.dealt_stock):
                    expected[seat].append(before.dealt_stock[position])
                    position += 1
                else:
                    assert face_up is not None, "a seat drew from an empty stock"
                    assert k == len(order) - 1, "the face-up card was not the last drawn"
                    assert seat == active[(start_at - 1) % len(active)]
                    expected[seat].append(face_up)
                    face_up = None
            assert after.drawn == position
            assert after.stock_size == before.stock_size - len(active)
            assert after.trump_card == face_up
        else:
            assert after.drawn == before.drawn
            assert after.trump_card is None
        assert after.hands == tuple(tuple(sorted(h, key=lambda card: card.id)) for h in expected)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_tricks_follow_the_rules(preset: str, data: st.DataObject) -> None:
    """§1.4 (the winner of a trick) and §1.8 (how many tricks a deal has)."""
    spec = data.draw(games([preset]), label="spec")
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
    if r.variant in SPEC_TIMELINE:
        # The first leader (§0.2): F = next(D); prev(D) with first_leader_offset=-1
        # (§2.6.1); the caller with first_leader="caller" (§2.5.5). A seat that sits out
        # the deal is skipped.
        if getattr(r, "first_leader", None) == "caller":
            expected = briscola.score(final).caller
        else:
            offset = getattr(r, "first_leader_offset", None) or 1
            expected = (final.dealer + offset) % r.players
            while expected not in active:
                expected = (expected + offset) % r.players
        assert leader == expected, f"trick 1 led by seat {leader}, not seat {expected}"
    for trick in final.tricks:
        assert trick.leader == leader
        assert len(trick.cards) == len(active)
        trump = final.trump_suit
        cards = trick.cards
        contenders = [c for c in cards if c.suit is trump] or [
            c for c in cards if c.suit is cards[0].suit
        ]
        best = max(contenders, key=lambda card: strength[card.id])
        seats = play_order(active, trick.leader)
        assert trick.winner == seats[cards.index(best)]
        assert tuple(getattr(trick, "seats", seats)) == tuple(seats)
        leader = trick.winner


# --- reproducibility and pickling -------------------------------------------------------


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_same_seed_same_deal(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    first = start(spec)
    assert start(spec) == first
    options: dict[str, Any] = dict(spec.rules.options)
    again = briscola.new_game(
        spec.rules.variant,  # type: ignore[arg-type]
        seed=spec.seed,
        deck=spec.deck,
        dealer=spec.dealer,
        **options,
    )
    assert again == first
    assert replay(spec) == replay(spec)


@EVERY_PRESET
@FEW
@given(data=st.data())
def test_random_playout_ends_a_valid_deal(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
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


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_history_tricks_and_stock_are_those_the_moves_give(
    preset: str, data: st.DataObject
) -> None:
    """The fields a state reads from the values its deal shares (its history, finished
    tricks and stock) are, at every step, the ones the moves made give: the history grows by
    the move made, a card that ends a trick adds it to the tricks, and the stock is what is
    left of the dealt stock."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    history: tuple[tuple[int, Move], ...] = ()
    tricks: tuple[briscola.Trick, ...] = ()
    for before, after in itertools.pairwise(states):
        assert before.history == history
        assert before.tricks == tricks
        assert before.stock == before.dealt_stock[before.drawn :]
        move = last_move(after)
        history += ((cast(int, before.turn), move),)
        if len(after.tricks) != len(tricks):
            closed = after.tricks[-1]
            assert closed.leader == before.leader
            assert closed.cards[: len(before.trick)] == before.trick
            assert closed.seats == before.rules.trick_seats[before.dealer][before.leader]
            tricks += (closed,)
    assert states[-1].history == history
    assert states[-1].tricks == tricks


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_a_state_rebuilt_from_its_fields_plays_on_the_same(
    preset: str, data: st.DataObject
) -> None:
    """A state built from its fields (``attrs.evolve``, unpickling) keeps them as given, and
    the moves made from it give the states the engine gives."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    for before, after in itertools.pairwise(states):
        rebuilt = attrs.evolve(before)
        again = briscola.apply(rebuilt, last_move(after))
        assert again == after
        assert hash(again) == hash(after)
        assert briscola.legal_moves(again) == briscola.legal_moves(after)
        assert briscola.score(again) == briscola.score(after)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_pickle_round_trip(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    for state in replay(spec):
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state
        assert hash(copy) == hash(state)
        assert briscola.legal_moves(copy) == briscola.legal_moves(state)


# --- communication and Chiamata (rules Appendix A) -----------------------------------


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_a_communication_move_keeps_the_turn(preset: str, data: st.DataObject) -> None:
    """A `Declare` or `Signal` during trick play never changes whose turn it is, no turn
    holds more than one, and a card played ends the turn's talk (ruling R2, Appendix A)."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    for before, after in itertools.pairwise(states):
        move = last_move(after)
        if isinstance(move, Play):  # a card ends the turn: the next one may talk again
            assert not after.talked, f"talked is still set after {move}"
        if before.phase is not Phase.PLAY or not isinstance(move, Declare | Signal):
            continue
        assert after.phase is Phase.PLAY
        assert briscola.current_player(after) == briscola.current_player(before)
        talk = [m for m in briscola.legal_moves(after) if isinstance(m, Declare | Signal)]
        assert not talk, f"a second communication move is legal after {move}: {talk}"


def _played(state: State, card: Card) -> bool:
    return card in state.trick or any(card in trick.cards for trick in state.tricks)


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_caller_and_partner(preset: str, data: st.DataObject) -> None:
    """§2.5.4, §2.5.6 (every deal with an auction): exactly one caller once the
    auction is over; the partner is the seat dealt the called card, public only once that
    card is played; the caller's side wins iff it reaches the target; deltas by side."""
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    first, final = states[0], states[-1]
    for state in states:
        s = briscola.score(state)
        if s.partner is not None or s.solo is not None:
            assert s.called_card is not None
            assert _played(state, s.called_card), "the partner is public too early"
    s = briscola.score(final)
    if s.caller is None:
        auction = (Bid, BidPoints, NameSuit)
        assert s.void or not any(isinstance(m, auction) for _, m in final.history)
        return
    assert s.target is not None
    assert s.called_card is not None
    holder = next(seat for seat, hand in enumerate(first.hands) if s.called_card in hand)
    assert s.partner == holder
    assert s.solo == (holder == s.caller)
    if s.void:
        return
    side = {s.caller, holder}
    active = set(active_seats(first))
    defenders = active - side
    won = sum(s.points[seat] for seat in side) >= s.target
    assert s.winners == frozenset(side if won else defenders)
    sign = 1 if won else -1
    assert s.deltas[s.caller] * sign > 0
    for seat in defenders:
        assert s.deltas[seat] * sign < 0
        assert s.deltas[seat] == s.deltas[next(iter(defenders))]
    if holder != s.caller:
        assert s.deltas[holder] == -s.deltas[next(iter(defenders))]
    for seat in range(final.rules.players):
        if seat not in active:
            assert s.deltas[seat] == 0
