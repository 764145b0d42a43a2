"""No leak of hidden information (RULES.md §1.10, API.md "Views").

For a reachable state ``a`` and a seat ``s``, a second state ``b`` is built that differs
from ``a`` only in what ``s`` cannot see: the hidden cards (the other seats' hands, the
face-down stock not yet drawn) are shuffled among the hidden places. ``s`` must then see the
same view, have the same legal moves and get the same error messages in ``a`` and ``b``.
"""

from __future__ import annotations

import re
from typing import Final

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import briscola
from briscola import (
    Card,
    Declare,
    Has,
    HasNot,
    IllegalMoveError,
    Move,
    NameCard,
    Play,
    State,
    SwapTrump,
)
from strategies import ALL_CARDS, GameSpec, games, located_cards, replay

SETTINGS: Final = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

PROBES: Final[tuple[Move, ...]] = (
    *(Play(card) for card in ALL_CARDS),
    *(SwapTrump(card) for card in ALL_CARDS),
)


def _card_id(card: Card) -> int:
    return card.id


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
    return known


def hidden_cards(state: State, seat: int) -> list[Card]:
    """The cards ``seat`` cannot place: in another seat's hand (not open, not known to be
    there) or in the face-down stock not yet drawn (not open). Under ``open_stock`` the
    cards another seat drew were seen in the stock, so they are not hidden either."""
    r = state.rules
    view = briscola.observe(state, seat)
    hidden: set[Card] = set()
    seen_in_stock = set(state.stock) if r.open_stock else set()
    if not r.open_hands:
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(
                    card
                    for card in hand
                    if card not in view.known_cards[other] and card not in seen_in_stock
                )
    if not r.open_stock:
        hidden.update(state.stock[state.drawn :])
    return sorted(hidden, key=_card_id)


def relabel(state: State, mapping: dict[Card, Card]) -> State:
    """``state`` with every hidden card ``c`` replaced by ``mapping[c]`` wherever it lies:
    the hands (kept sorted by card id, each the same size), the stock and the deck.

    The permutation only moves cards among hidden places, and the drawn part of the stock
    changes only where it holds a card another seat drew and still hides; every card ``s``
    has seen stays where it was. Relabelling the deck, the whole stock and the hands
    together keeps ``b`` a consistent deal: it is the state reached by the same moves from
    the relabelled deck.
    """

    def put(card: Card) -> Card:
        return mapping.get(card, card)

    return attrs.evolve(
        state,
        hands=tuple(tuple(sorted(map(put, hand), key=_card_id)) for hand in state.hands),
        stock=tuple(map(put, state.stock)),
        deck=tuple(map(put, state.deck)),
    )


def refusal(state: State, move: Move) -> str | None:
    """The message of the `IllegalMoveError` for ``move``, or None if it is legal."""
    try:
        briscola.apply(state, move)
    except IllegalMoveError as error:
        return str(error)
    return None


@st.composite
def views_to_compare(draw: st.DrawFn) -> tuple[State, State, int, GameSpec]:
    """A reachable state ``a``, a seat ``s`` and ``b``: ``a`` with the hidden cards of ``s``
    permuted among their places."""
    spec = draw(games())
    states = replay(spec)
    a = draw(st.sampled_from(states), label="state")
    seat = draw(st.integers(min_value=0, max_value=a.rules.players - 1), label="seat")
    hidden = hidden_cards(a, seat)
    shuffled = draw(st.permutations(hidden), label="permutation")
    b = relabel(a, dict(zip(hidden, shuffled, strict=True)))
    return a, b, seat, spec


@SETTINGS
@given(views_to_compare())
def test_hidden_cards_do_not_change_the_view(case: tuple[State, State, int, GameSpec]) -> None:
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


@SETTINGS
@given(views_to_compare())
def test_the_view_sees_a_change_in_what_the_seat_may_see(
    case: tuple[State, State, int, GameSpec],
) -> None:
    """Control: trading one card of the seat's own hand for a hidden card changes the view,
    so the view comparison above is not vacuous."""
    a, _, seat, _ = case
    hidden = hidden_cards(a, seat)
    own = a.hands[seat]
    if not hidden or not own:
        return
    b = relabel(a, {own[0]: hidden[0], hidden[0]: own[0]})
    assert briscola.observe(a, seat) != briscola.observe(b, seat)


_CARD_REPR: Final = re.compile(r"Card\.parse\('([A2-7JQK][DCSB])'\)")


@SETTINGS
@given(games(), st.data())
def test_no_hidden_card_is_named_in_the_view(spec: GameSpec, data: st.DataObject) -> None:
    states = replay(spec)
    state = data.draw(st.sampled_from(states), label="state")
    seat = data.draw(st.integers(min_value=0, max_value=state.rules.players - 1), label="seat")
    text = repr(briscola.observe(state, seat))
    named = {Card.parse(code) for code in _CARD_REPR.findall(text)}
    hidden = set(hidden_cards(state, seat)) - public_cards(state, seat)
    leaked = sorted(str(card) for card in named & hidden)
    assert not leaked, f"seat {seat} is shown hidden cards {leaked} in {text}"
    # The seat's own hand is shown in full.
    assert set(state.hands[seat]) <= named
