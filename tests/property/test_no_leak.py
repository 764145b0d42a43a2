"""No leak of hidden information (§1.10, and the documented "Views" contract).

For a reachable state ``a`` and a seat ``s``, a second state ``b`` is built that differs
from ``a`` only in what ``s`` cannot see: the hidden cards (the other seats' hands, the
face-down stock not yet drawn) are shuffled among the hidden places. ``s`` must then see the
same view, have the same legal moves and get the same error messages in ``a`` and ``b``.
"""

from __future__ import annotations

import re
from typing import Final

import attrs
from hypothesis import given
from hypothesis import strategies as st

import briscola
from briscola import (
    WEAK_HAND,
    Bid,
    BidPoints,
    Card,
    Declare,
    Has,
    HasNot,
    IllegalMoveError,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Play,
    Rank,
    ShowHand,
    Signal,
    State,
    Suit,
    SwapTrump,
)
from briscola._contract import contract
from helpers import card_id
from hidden import hidden_cards, relabel, spec_known_cards
from strategies import (
    ALL_CARDS,
    EVERY_PRESET,
    GameSpec,
    deal_settings,
    games,
    located_cards,
    replay,
    spec_sides,
)

SETTINGS: Final = deal_settings(14)  # a preset: 154 deals a test

# Moves the seat to act may try; each refusal must read the same in both states.
PROBES: Final[tuple[Move, ...]] = (
    *(Play(card) for card in ALL_CARDS),
    *(SwapTrump(card) for card in ALL_CARDS),
    *(NameCard(card) for card in ALL_CARDS),
    *(NameSuit(suit) for suit in Suit),
    *(Bid(rank) for rank in Rank),
    BidPoints(61),
    BidPoints(121),
    Pass(),
    ShowHand(),
    Signal("ACE"),
    Declare(WEAK_HAND),
)


def public_cards(state: State, seat: int) -> set[Card]:
    """Cards a view of ``seat`` may name: played, face up, out of the deck, known to be in
    a hand, or named by a public move."""
    view = briscola.observe(state, seat)
    known: set[Card] = set(state.removed)
    known.update(state.trick)
    for trick in state.tricks:
        known.update(trick.cards)
    if state.trump_card is not None:
        known.add(state.trump_card)
    for cards in view.known_cards:
        known.update(cards)
    for _, move in state.history:
        # Cards named by a public move: swaps, a called card, a claim.
        if isinstance(move, SwapTrump | NameCard):
            known.add(move.card)
        if isinstance(move, Declare) and isinstance(move.claim, Has | HasNot):
            known.add(move.claim.card)
    called = briscola.score(state).called_card
    if called is not None:
        known.add(called)
    deal = contract(state)
    if deal is not None and deal.caller == seat and deal.card is not None:
        known.add(deal.card)  # the caller named it, even in secret (first_trick_blind)
    return known


def refusal(state: State, move: Move) -> str | None:
    """The message of the `IllegalMoveError` for ``move``, or None if it is legal."""
    try:
        briscola.apply(state, move)
    except IllegalMoveError as error:
        return str(error)
    return None


@st.composite
def views_to_compare(draw: st.DrawFn, preset: str) -> tuple[State, State, int, GameSpec]:
    """A reachable state ``a`` of a deal of ``preset``, a seat ``s`` and ``b``: ``a`` with
    the hidden cards of ``s`` permuted among their places, and the tokens of the signals
    between its opponents changed (§1.10: an opponent's view records neither the token nor
    the signal)."""
    spec = draw(games([preset]))
    states = replay(spec)
    a = draw(st.sampled_from(states), label="state")
    seat = draw(st.integers(min_value=0, max_value=a.rules.players - 1), label="seat")
    hidden = hidden_cards(a, seat)
    shuffled = draw(st.permutations(hidden), label="permutation")
    b = relabel(a, dict(zip(hidden, shuffled, strict=True)))
    sides = spec_sides(a)
    tokens = tuple(getattr(a.rules, "signal_tokens", None) or ())
    if sides is not None and tokens:
        own_side = next((side for side in sides if seat in side), (seat,))
        history = []
        for who, move in b.history:
            if isinstance(move, Signal) and who not in own_side:
                move = Signal(draw(st.sampled_from(tokens), label="token"))
            history.append((who, move))
        b = attrs.evolve(b, history=tuple(history))
    return a, b, seat, spec


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_hidden_cards_do_not_change_the_view(preset: str, data: st.DataObject) -> None:
    case = data.draw(views_to_compare(preset), label="case")
    a, b, seat, _ = case
    # The construction keeps b a deal: every card in one place, hands the same sizes.
    assert sorted(card.id for card in located_cards(b)) == list(range(40))
    assert [len(hand) for hand in b.hands] == [len(hand) for hand in a.hands]
    assert b.hands[seat] == a.hands[seat]
    assert briscola.observe(a, seat) == briscola.observe(b, seat)
    if briscola.current_player(a) == seat:
        assert briscola.legal_moves(a) == briscola.legal_moves(b)
        legal = set(briscola.legal_moves(a))
        for move in PROBES:
            if move not in legal:
                assert refusal(a, move) == refusal(b, move), move


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_known_cards_are_the_public_ones(preset: str, data: st.DataObject) -> None:
    case = data.draw(views_to_compare(preset), label="case")
    a, _, seat, _ = case
    view = briscola.observe(a, seat)
    expected = tuple(tuple(sorted(cards, key=card_id)) for cards in spec_known_cards(a))
    assert view.known_cards == expected


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_the_view_sees_a_change_in_what_the_seat_may_see(preset: str, data: st.DataObject) -> None:
    """Control: trading one card of the seat's own hand for a hidden card changes the view,
    so the view comparison above is not vacuous."""
    case = data.draw(views_to_compare(preset), label="case")
    a, _, seat, _ = case
    hidden = hidden_cards(a, seat)
    own = a.hands[seat]
    if not hidden or not own:
        return
    b = relabel(a, {own[0]: hidden[0], hidden[0]: own[0]})
    assert briscola.observe(a, seat) != briscola.observe(b, seat)


_CARD_REPR: Final = re.compile(r"Card\.parse\('([A2-7JQK][DCSB])'\)")


@EVERY_PRESET
@SETTINGS
@given(data=st.data())
def test_no_hidden_card_is_named_in_the_view(preset: str, data: st.DataObject) -> None:
    spec = data.draw(games([preset]), label="spec")
    states = replay(spec)
    state = data.draw(st.sampled_from(states), label="state")
    seat = data.draw(st.integers(min_value=0, max_value=state.rules.players - 1), label="seat")
    view = briscola.observe(state, seat)
    # A claim may name any card, true or false, and a caller may call any card of the deck
    # (§2.5.8): those legal moves list cards wherever they are, and place none of them.
    claims_left_out = tuple(m for m in view.legal_moves if not isinstance(m, Declare | NameCard))
    text = repr(attrs.evolve(view, legal_moves=claims_left_out))
    named = {Card.parse(code) for code in _CARD_REPR.findall(text)}
    hidden = set(hidden_cards(state, seat)) - public_cards(state, seat)
    leaked = sorted(str(card) for card in named & hidden)
    assert not leaked, f"seat {seat} is shown hidden cards {leaked} in {text}"
    # The seat's own hand is shown in full.
    assert set(state.hands[seat]) <= named
