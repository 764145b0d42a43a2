"""`View` and `observe()`: what one seat may know (RULES.md §1.10).

A view is built from an allowlist: each field is copied from the state only if the seat
may see it, so a field added to `State` later cannot leak by default. Two states that
differ only in what the seat cannot see give equal views.
"""

from __future__ import annotations

import attrs

from .cards import Card, Suit
from .errors import RulesError
from .game import check_state, legal_moves
from .moves import Move, SwapTrump
from .rules import Rules
from .scoring import Score, score
from .state import Phase, State, Trick

__all__ = ["View", "observe"]


@attrs.frozen
class View:
    """Everything one seat may know at one moment of a deal.

    Public to every seat: the face-up trump card while it lies under the stock, the stock
    size, every hand's size, every card played and who played it, who took each trick,
    every exchange with the face-up card, the seat that drew the face-up card, and which
    cards are out of the deck. Private: the other hands (unless ``open_hands``) and the
    order of the stock (unless ``open_stock``).
    """

    rules: Rules
    """The variant and table rules in force."""
    seat: int
    """The seat this view belongs to."""
    phase: Phase
    """The stage of the deal."""
    dealer: int
    """The dealer's seat."""
    hand: tuple[Card, ...]
    """This seat's hand, sorted by card id."""
    hands: tuple[tuple[Card, ...] | None, ...]
    """Every hand this seat can see (its own; all of them under ``open_hands``); ``None``
    for a hidden hand."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    known_cards: tuple[tuple[Card, ...], ...]
    """Cards every seat knows to be in each hand: the face-up card taken by a
    `SwapTrump` or drawn as the last card of the stock, until it is played."""
    removed: tuple[Card, ...]
    """Cards out of play for this deal (the 2 of ``classic-3``, the 2s of ``classic-6``)."""
    trump_card: Card | None
    """The face-up card under the stock, until it is drawn."""
    trump_suit: Suit | None
    """The trump suit (``None`` in ``briscolone``)."""
    stock_size: int
    """Cards left to draw, the face-up card included."""
    stock: tuple[Card, ...] | None
    """The face-down cards still to be drawn, in order, under ``open_stock``; else ``None``."""
    leader: int
    """The seat that leads (or led) the current trick."""
    turn: int | None
    """The seat to act, or ``None`` once the deal is over."""
    trick: tuple[Card, ...]
    """The current trick's cards, in play order from `leader`."""
    tricks: tuple[Trick, ...]
    """The finished tricks."""
    history: tuple[tuple[int, Move], ...]
    """Every public move so far, with the seat that made it."""
    score: Score
    """The score so far (public)."""
    legal_moves: tuple[Move, ...]
    """This seat's legal moves when it is to act; ``()`` otherwise."""


def observe(state: State, seat: int) -> View:
    """What ``seat`` may know of ``state``.

    Raises:
        RulesError: if ``seat`` is not a seat of the variant.

    >>> import briscola
    >>> view = observe(briscola.new_game("classic", seed=7), 1)
    >>> view.hands[0] is None, len(view.hand), view.stock_size
    (True, 3, 34)
    """
    check_state(state, "observe")
    r = state.rules
    if type(seat) is not int or not 0 <= seat < r.players:
        raise RulesError(
            f"seat {seat!r} is not a seat of {r.variant!r}: seats run from 0 to {r.players - 1}"
        )
    hands = state.hands
    visible = tuple(
        hand if (other == seat or r.open_hands) else None for other, hand in enumerate(hands)
    )
    stock = state.stock[state.drawn :] if r.open_stock else None
    return View(
        rules=r,
        seat=seat,
        phase=state.phase,
        dealer=state.dealer,
        hand=hands[seat],
        hands=visible,
        hand_sizes=tuple(len(hand) for hand in hands),
        known_cards=_known_cards(state),
        removed=state.removed,
        trump_card=state.trump_card,
        trump_suit=state.trump_suit,
        stock_size=state.stock_size,
        stock=stock,
        leader=state.leader,
        turn=state.turn,
        trick=state.trick,
        tricks=state.tricks,
        history=state.history,
        score=score(state),
        legal_moves=legal_moves(state) if state.turn == seat else (),
    )


def _known_cards(state: State) -> tuple[tuple[Card, ...], ...]:
    """The cards everyone knows to be in each hand (RULES.md §1.10)."""
    r = state.rules
    players = r.players
    known: list[list[Card]] = [[] for _ in range(players)]
    if not r.has_face_up_card:
        return tuple(() for _ in range(players))
    face_up = state.deck[players * r.hand_size]
    for seat, move in state.history:
        if type(move) is SwapTrump:
            known[seat].append(face_up)
            face_up = move.card
    rounds = (len(state.stock) + 1) // players
    if state.trump_card is None and len(state.tricks) >= rounds:
        # The last draw round gives the face-up card to the winner's predecessor (§1.7).
        known[(state.tricks[rounds - 1].winner - 1) % players].append(face_up)
    hands = state.hands
    return tuple(
        tuple(sorted((card for card in cards if card in hands[seat]), key=_card_id))
        for seat, cards in enumerate(known)
    )


def _card_id(card: Card) -> int:
    return card.id
