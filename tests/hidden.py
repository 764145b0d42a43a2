"""What a seat cannot see, worked out from the rules (§1.10) and not from the engine's
views: the cards each seat knows to be in each hand, the cards a seat cannot place, and
`relabel`, which moves hidden cards among their places to give a deal that the seat cannot
tell from the first. Shared by the no-leak properties and the encoding and JSON tests.
"""

from __future__ import annotations

from typing import Any

import attrs

from briscola import Card, Play, State, SwapTrump
from helpers import card_id
from strategies import spec_sides


def active_seats_now(state: State) -> list[int]:
    """The seats that take part in the deal, in play order from the first hand (next(D)):
    those holding cards or having played one (a seat that sits out does neither)."""
    players = state.rules.players
    played = {who for who, move in state.history if isinstance(move, Play)}
    order = [(state.dealer + k) % players for k in range(1, players + 1)]
    return [seat for seat in order if state.hands[seat] or seat in played]


def spec_known_cards(state: State) -> list[set[Card]]:
    """The cards every seat knows to be in each hand (§1.10), worked out from the
    rules and the public moves: the face-up card taken by a `SwapTrump`, the face-up card
    drawn last (by the seat before the winner of the last trick with drawing, §1.7),
    Bugiarda's last dealt card (§2.6.1), and under ``open_stock`` every card drawn from the
    stock, seen there by all (§2.7), each until it is played."""
    r = state.rules
    active = active_seats_now(state)
    dealt = len(active) * r.hand_size
    known: list[set[Card]] = [set() for _ in range(r.players)]
    if r.has_face_up_card:
        face_up = state.deck[dealt]
        for who, move in state.history:
            if isinstance(move, SwapTrump):
                known[who].add(face_up)
                face_up = move.card
        rounds = (len(state.dealt_stock) + 1) // len(active)
        if state.trump_card is None and len(state.tricks) >= rounds:
            winner = state.tricks[rounds - 1].winner
            known[active[(active.index(winner) - 1) % len(active)]].add(face_up)
    elif str(getattr(r, "trump_source", None)) == "last_dealt" and state.deck:
        known[active[-1]].add(state.deck[dealt - 1])
    if r.open_stock:
        for cards in known:
            cards.update(state.dealt_stock[: state.drawn])
    return [cards & set(hand) for cards, hand in zip(known, state.hands, strict=True)]


def hidden_cards(state: State, seat: int) -> list[Card]:
    """The cards ``seat`` cannot place, by the rules (§1.10): those in another
    seat's hand (unless ``open_hands``, a hand shown to it by a partner, or a card known to
    be there) and those of the face-down stock not yet drawn (unless ``open_stock``; then
    the cards other seats drew were seen in the stock too)."""
    r = state.rules
    known = spec_known_cards(state)
    sides = spec_sides(state) or ()
    own_side = next((side for side in sides if seat in side), (seat,))
    seen: set[Card] = set(state.dealt_stock) if r.open_stock else set()
    for shower, cards in getattr(state, "shown", ()):
        if shower in own_side:
            seen.update(cards)
    hidden: set[Card] = set()
    if not r.open_hands:
        for other, hand in enumerate(state.hands):
            if other != seat:
                hidden.update(c for c in hand if c not in known[other] and c not in seen)
    if not r.open_stock:
        hidden.update(state.stock)
    return sorted(hidden, key=card_id)


def put_cards(value: Any, mapping: dict[Card, Card]) -> Any:
    """``value`` with every card found in it (inside tuples) replaced by ``mapping``."""
    if isinstance(value, Card):
        return mapping.get(value, value)
    if isinstance(value, tuple):
        items = [put_cards(item, mapping) for item in value]
        make = getattr(type(value), "_make", None)
        return make(items) if make is not None else tuple(items)
    return value


def relabel(state: State, mapping: dict[Card, Card]) -> State:
    """``state`` with every card ``c`` replaced by ``mapping[c]`` wherever it lies (hands,
    kept sorted by card id; the stock; the deck; any other field holding cards), moves
    excepted: the history keeps what was said and played.

    The mapping only exchanges hidden cards, so every card the seat has seen stays where
    it was, every hand keeps its size, and the drawn part of the stock changes only where
    it holds a card another seat drew and still hides. Relabelling the deck, the stock and
    the hands together keeps the result a consistent deal: the state the same moves reach
    from the relabelled deck.
    """
    changes: dict[str, Any] = {}
    for field in attrs.fields(State):
        if not field.init or field.name in ("rules", "history"):
            continue
        changes[field.name] = put_cards(getattr(state, field.name), mapping)
    changes["hands"] = tuple(tuple(sorted(hand, key=card_id)) for hand in changes["hands"])
    return attrs.evolve(state, **changes)
