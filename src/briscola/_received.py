"""The order in which one seat received its own cards (`View.received`).

Information-state keys of search frameworks (OpenSpiel's among them) tell apart histories
in which a seat got the same cards in another order. A hand is kept sorted, so the order is
rebuilt here from the deck and the public course of the deal: the dealt cards in deal order
(§1.6), then each card drawn after a trick (§1.7) and each face-up card taken by a
`SwapTrump` (§3.1, §3.2), in the order they happened.
"""

from __future__ import annotations

from functools import cache

from .cards import Card
from .moves import Play, SwapTrump
from .state import State


def received(state: State, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` received so far in this deal, in the order it received them."""
    r = state.rules
    order = r.seats_for(state.dealer)
    if seat not in order:
        return ()
    if not (r.seven_swap or r.two_swap) and r.has_stock and r.deal_packet_size == 1:
        return _from_tricks(state, seat, order)
    deck = state.deck
    count = r.dealt_cards
    mine = list(map(deck.__getitem__, _dealt_to(order, seat, r.deal_packet_size, count)))
    if not r.has_stock:
        return tuple(mine)
    face_up = deck[count] if r.has_face_up_card else None
    stock = deck[count + r.has_face_up_card :]
    drawn = 0
    in_trick = 0
    tricks = state.tricks
    finished = 0
    for who, move in state.history:
        if type(move) is SwapTrump:
            if who == seat and face_up is not None:
                mine.append(face_up)
            face_up = move.card
        elif type(move) is Play:
            in_trick += 1
            if in_trick < r.active_players:
                continue
            in_trick = 0
            if finished >= len(tricks):
                break
            drawers = r.trick_seats[state.dealer][tricks[finished].winner]  # §1.7's order
            finished += 1
            if drawn >= len(stock) and face_up is None:
                continue
            for drawer in drawers:
                if drawn < len(stock):
                    card = stock[drawn]
                    drawn += 1
                elif face_up is not None:
                    card, face_up = face_up, None
                else:
                    break
                if drawer == seat:
                    mine.append(card)
    return tuple(mine)


@cache
def _dealt_to(order: tuple[int, ...], seat: int, packet: int, count: int) -> tuple[int, ...]:
    """The deck positions of the cards dealt to ``seat`` (§1.6): packets of ``packet`` cards
    in ``order``, ``count`` cards in all. Few shapes exist, so each is worked out once."""
    span = packet * len(order)
    return tuple(position for position in range(count) if order[position % span // packet] == seat)


def _from_tricks(state: State, seat: int, order: tuple[int, ...]) -> tuple[Card, ...]:
    """`received` read from the tricks alone, when no exchange with the face-up card can
    happen and cards are dealt one at a time: the seat's dealt cards, then after each trick
    while the stock lasts the card at its place in that draw round (the winner draws first,
    the face-up card last). Observing a deal asks this often, so it skips the history."""
    r = state.rules
    deck = state.deck
    count = r.dealt_cards
    mine = list(deck[order.index(seat) : count : len(order)])
    draws = deck[count + 1 :] + deck[count : count + 1] if r.has_face_up_card else deck[count:]
    rounds = r.trick_seats[state.dealer]
    position = 0
    for trick in state.tricks:
        at = position + rounds[trick.winner].index(seat)
        if at >= len(draws):
            break
        mine.append(draws[at])
        position += len(order)
    return tuple(mine)
