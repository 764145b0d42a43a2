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
from .state import CLOSE, KIND, LAST, PREVIOUS, RECEIVED, START, TRICKS, State, _Deal


def received(state: State, seat: int) -> tuple[Card, ...]:
    """The cards ``seat`` received so far in this deal, in the order it received them."""
    kept = state._progress[LAST][RECEIVED]
    if kept is not None:  # kept on the last record by `_from_tricks`, for every seat
        return kept[seat]  # type: ignore[no-any-return]
    deal = state._deal
    r = deal.rules
    order = deal.orders[deal.following[deal.dealer]]  # `Rules.seats_for` the dealer
    if seat not in order:
        return ()
    if not (r.seven_swap or r.two_swap) and r.has_stock and r.deal_packet_size == 1:
        return _from_tricks(state, seat, order)
    deck = deal.deck
    count = r.dealt_cards
    if not r.has_stock:  # the cards dealt are all a seat receives: kept on the deal
        kept = deal.received
        if kept is None:
            packet = r.deal_packet_size
            kept = deal.received = tuple(
                tuple(map(deck.__getitem__, _dealt_to(order, other, packet, count)))
                if other in order
                else ()
                for other in range(r.players)
            )
        return kept[seat]
    mine = list(map(deck.__getitem__, _dealt_to(order, seat, r.deal_packet_size, count)))
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
    the face-up card last). Observing a deal asks this often, so it skips the history, and
    keeps every seat's cards on the record of each finished trick for the deal's later
    states."""
    deal = state._deal
    record = state._progress[LAST]
    todo = []
    while record[KIND] != START and record[RECEIVED] is None:
        todo.append(record)
        record = record[PREVIOUS]
    if record[KIND] == START:  # shared by every deal dealt by the engine: nothing kept on it
        deck = deal.deck
        count = deal.rules.dealt_cards
        if not todo and not record[TRICKS]:  # the first trick: the cards dealt
            return deck[order.index(seat) : count : len(order)]
        kept = [
            tuple(deck[order.index(other) : count : len(order)]) if other in order else ()
            for other in range(len(state._hands))
        ]
        for trick in record[TRICKS]:  # the tricks given to a state built by hand
            _draw_round(kept, deal, order, trick.winner)
    else:
        kept = list(record[RECEIVED])
    for step in reversed(todo):
        if step[KIND] == CLOSE:
            _draw_round(kept, deal, order, step[6])
        step[RECEIVED] = tuple(kept)
    return kept[seat]


def _draw_round(
    kept: list[tuple[Card, ...]], deal: _Deal, order: tuple[int, ...], winner: int
) -> None:
    """Add to ``kept`` (each seat's cards so far) the cards drawn after a trick taken by
    ``winner``, while the stock lasts."""
    r = deal.rules
    deck = deal.deck
    count = r.dealt_cards
    draws = deck[count + 1 :] + deck[count : count + 1] if r.has_face_up_card else deck[count:]
    rounds = len(kept[order[0]]) - r.hand_size  # draw rounds so far
    position = rounds * len(order)
    drawers = deal.orders[winner]
    for place, drawer in enumerate(drawers):
        at = position + place
        if at < len(draws):
            kept[drawer] += (draws[at],)
