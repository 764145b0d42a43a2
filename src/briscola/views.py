"""`View` and `observe()`: what one seat may know (§1.10).

A view is built from an allowlist: each field is copied from the state only if the seat
may see it, so a field added to `State` later cannot leak by default. Two states that
differ only in what the seat cannot see give equal views.
"""

from __future__ import annotations

from typing import Final

import attrs

from ._contract import is_revealed
from ._engine import check_state, legal_moves, ply_of
from ._frozen import builder
from ._received import received
from .cards import Card, Suit
from .errors import _FOREIGN, _inconsistent
from .moves import Move, NameCard, NameSuit, Signal, SwapTrump
from .rules import Rules, TrumpSource, check_seat
from .scoring import (
    Score,
    called_card_played,
    chiamata_score,
    contract_of,
    holds,
    unchecked_score,
)
from .state import LEADER, TRUMP_CARD, Phase, State, Trick

__all__ = ["View", "observe", "public_view"]

_NAMING = (NameSuit, NameCard)


# weakref_slot=False: `observe` builds a View through its twin (see `briscola._frozen`).
@attrs.frozen(weakref_slot=False)
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
    seat: int | None
    """The seat this view belongs to; ``None`` for a spectator's `public_view`."""
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
    """Cards every seat knows to be in each hand, until they are played: the face-up card
    taken by a `SwapTrump` or drawn as the last card of the stock, Bugiarda's last dealt
    card, and under ``open_stock`` every card drawn from the stock."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    """Hands this seat's partners showed it (§3.3, §3.4): each seat with the cards it held
    then. Later cards stay private."""
    removed: tuple[Card, ...]
    """Cards out of play for this deal (the 2 of ``classic-3``, the 2s of ``classic-6``, the
    4s or 2s of six-player Chiamata)."""
    initial_trump_card: Card | None
    """The card shown face up at the deal (public, §1.10): the one turned under the stock,
    or Bugiarda's last dealt card (``trump_source="last_dealt"``); ``None`` elsewhere."""
    trump_card: Card | None
    """The face-up trump card: under the stock until it is drawn, or (Bugiarda with
    ``trump_source="last_dealt"``) in its receiver's hand until it is played."""
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
    """Every move this seat may know of, with the seat that made it: all moves but the
    signals between its opponents."""
    ply: int
    """How many moves have been made in this deal by every seat, not counting signals
    (private table talk that opponents may not even know was made). A server compares it
    with the ``ply`` a client sends to `apply`."""
    score: Score
    """The score so far (public)."""
    legal_moves: tuple[Move, ...]
    """This seat's legal moves when it is to act; ``()`` otherwise."""
    caller: int | None = None
    """Chiamata: the caller, once the auction is over."""
    target: int | None = None
    """Chiamata: the card points the caller's side needs, once the auction is over."""
    called_card: Card | None = None
    """Chiamata: the called card once named; under ``first_trick_blind`` only the caller
    knows it before trick 1 is complete."""
    partner: int | None = None
    """Chiamata: the partner, if this seat knows it: the holder of the called card knows
    itself (a solo caller too), and everyone knows once the called card is played."""
    received: tuple[Card, ...] = ()
    """This seat's own cards in the order it received them: dealt, drawn, taken by a
    `SwapTrump`, played ones included (``()`` for a spectator). Search frameworks key
    information states on it."""
    dealt_stock: tuple[Card, ...] | None = None
    """The face-down stock as it was dealt, in drawing order, drawn cards included, under
    ``open_stock``; else ``None``. Everyone saw it, so with the tricks' winners it tells
    which seat drew each card (§1.7), even one played since."""

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats that played the cards of `trick`, in the same order (``()`` before the
        lead), as `Trick.seats` does for a finished trick.

        Raises:
            InvalidStateError: for a view edited by hand whose leader or dealer is not a
                seat.
        """
        try:
            dealer, leader, players = self.dealer, self.leader, self.rules.players
            # A negative seat would index the table from its end: a wrong answer, not an error.
            if not (0 <= dealer < players and 0 <= leader < players):
                raise IndexError(dealer, leader)
            return self.rules.trick_seats[dealer][leader][: len(self.trick)]
        except _FOREIGN:
            raise _inconsistent("trick_seats", "view") from None

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of this deal, each a tuple of seats, as `State.teams` gives them
        (``()`` in Chiamata, whose sides the called card decides).

        Raises:
            InvalidStateError: for a view edited by hand whose dealer is not a seat.
        """
        try:
            return self.rules.teams_for(self.dealer)
        except _FOREIGN:
            raise _inconsistent("teams", "view") from None


def observe(state: State, seat: int) -> View:
    """What ``seat`` may know of the deal ``state`` (`briscola.observe` also takes a `Match`).

    Raises:
        RulesError: if ``seat`` is not a seat of the variant.

    Examples:
        >>> import briscola
        >>> view = observe(briscola.new_game("classic", seed=7), 1)
        >>> view.hands[0] is None, len(view.hand), view.stock_size
        (True, 3, 34)
    """
    check_state(state, "observe")
    r = state._deal.rules
    if type(seat) is not int or not 0 <= seat < r.players:
        seat = check_seat(r, seat)
    return _view(state, seat)


def public_view(state: State) -> View:
    """What a spectator may know of ``state``: only the public information.

    Its `View.seat` is ``None``, its `View.hand` is empty and no hand is visible unless the
    table plays with open hands.
    """
    check_state(state, "public_view")
    return _view(state, None)


def _view(state: State, seat: int | None) -> View:
    # Search calls observe thousands of times a move, so each part is skipped when the
    # rules make it trivial: no signals to hide, no hands shown, no auction. The state's
    # stored values are read directly (its fields are properties over them).
    deal = state._deal
    progress = state._progress
    r = deal.rules
    hands = state._hands
    shown = deal.shown
    history = everything = state.history
    signals = r.signals
    visible: tuple[tuple[Card, ...] | None, ...]
    if r.open_hands:
        visible = hands
    elif seat is None:
        visible = _HIDDEN[r.players]
    else:
        hidden: list[tuple[Card, ...] | None] = [None] * r.players
        hidden[seat] = hands[seat]
        visible = tuple(hidden)
    # `_public_cards`, spelled out: observe is the hot path of search.
    trump_card, known = _face_up_known(state)
    if r.open_stock:
        known = _with_drawn(state, known)
    if signals or shown:
        partners = _partners(state, seat)
        if signals:  # without the option no Signal can be in the history
            history = tuple(
                entry
                for entry in history
                if type(entry[1]) is not Signal or entry[0] == seat or entry[0] in partners
            )
        if shown:
            shown = tuple(entry for entry in shown if entry[0] in partners)
    trump_suit = deal.trump_suit
    caller = target = partner = None
    called_card = None
    if r.auction is not None:
        contract, holder = contract_of(state)
        result = chiamata_score(state, contract, holder)
        if contract is not None:
            caller, target = contract.caller, contract.target
            if is_revealed(state) or seat == caller:
                called_card = contract.card
            else:  # "prima mano al buio": the named suit is the caller's secret until trick 1
                trump_suit = None
                history = tuple(entry for entry in history if type(entry[1]) not in _NAMING)
            if (
                called_card is not None
                and holder is not None
                and (holder == seat or called_card_played(state, called_card, holder))
            ):
                partner = holder
    else:
        result = unchecked_score(state)
    turn = state._turn
    stock = state.stock
    return _new_view(
        r,
        seat,
        state._phase,
        deal.dealer,
        () if seat is None else hands[seat],
        visible,
        tuple(map(len, hands)),
        known,
        shown,
        deal.removed,
        _turned_card(state),
        trump_card,
        trump_suit,
        len(stock) + (progress[TRUMP_CARD] is not None),
        stock if r.open_stock else None,
        progress[LEADER],
        turn,
        state._trick,
        state.tricks,
        history,
        ply_of(state) if signals else len(everything),
        result,
        legal_moves(state) if seat is not None and turn == seat else (),
        caller,
        target,
        called_card,
        partner,
        () if seat is None else received(state, seat),
        state.dealt_stock if r.open_stock else None,
    )


_new_view: Final = builder(View)  # View(...) for the values computed here
_HIDDEN: Final = {n: (None,) * n for n in range(1, 7)}


def _partners(state: State, seat: int | None) -> frozenset[int]:
    """The other members of ``seat``'s side: who sees its signals and shown hand (§3.3–§3.5)."""
    if seat is None:
        return frozenset()
    for side in state.teams:
        if seat in side:
            return frozenset(side) - {seat}
    return frozenset()


def _public_cards(state: State) -> tuple[Card | None, tuple[tuple[Card, ...], ...]]:
    """The face-up trump card in view, and the cards everyone knows to be in each hand.

    Public knowledge (§1.10): the face-up card under the stock; a card taken by a
    `SwapTrump`; the face-up card drawn as the last card of the stock (by the winner's
    predecessor, §1.7); Bugiarda's last dealt card, face up in its receiver's hand; under
    ``open_stock``, every card drawn from the stock, seen there before it was drawn (§2.7).
    Each stays known until it is played.
    """
    trump_card, known = _face_up_known(state)
    if state._deal.rules.open_stock:
        known = _with_drawn(state, known)
    return trump_card, known


def _with_drawn(state: State, known: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """``known`` with the cards each seat drew from an open stock and still holds."""
    if not state.drawn:
        return known
    drawn = frozenset(state.dealt_stock[: state.drawn])
    return tuple(
        tuple(sorted({*cards, *(card for card in hand if card in drawn)}, key=_card_id))
        for cards, hand in zip(known, state._hands, strict=True)
    )


def _face_up_known(state: State) -> tuple[Card | None, tuple[tuple[Card, ...], ...]]:
    """`_public_cards` but for the cards drawn from an open stock."""
    deal = state._deal
    r = deal.rules
    players = r.players
    trump_card = state._progress[TRUMP_CARD]
    dealt = r.dealt_cards
    if r.has_face_up_card:
        exchanges = r.seven_swap or r.two_swap
        if trump_card is not None and not exchanges:
            return trump_card, _NO_KNOWN[players]  # the face-up card lies under the stock
        face_up = deal.deck[dealt]
        swaps: list[tuple[int, Card]] = []
        if exchanges:  # without them no SwapTrump can be in the history
            for seat, move in state.history:
                if type(move) is SwapTrump:
                    swaps.append((seat, face_up))
                    face_up = move.card
        rounds = (len(deal.deck) - dealt) // players  # draw rounds: the stock and face-up card
        if trump_card is None:
            tricks = state.tricks
            if len(tricks) >= rounds:
                # The last to draw in the last round with drawing takes it (§1.7).
                drawer = deal.orders[tricks[rounds - 1].winner][-1]
                swaps.append((drawer, face_up))
        if not swaps:
            return trump_card, _NO_KNOWN[players]
        if len(swaps) == 1:  # the common case: the face-up card drawn, or taken once
            seat, card = swaps[0]
            if not holds(state._hands[seat], card):
                return trump_card, _NO_KNOWN[players]
            return trump_card, _NO_KNOWN[seat] + ((card,),) + _NO_KNOWN[players - seat - 1]
        known: list[list[Card]] = [[] for _ in range(players)]
        for seat, card in swaps:
            known[seat].append(card)
    elif r.trump_source is TrumpSource.LAST_DEALT:
        last = state.deck[dealt - 1]
        holder = r.seats_for(state.dealer)[-1]  # dealt the last card (§1.6)
        if not holds(state.hands[holder], last):
            return trump_card, _NO_KNOWN[players]
        return last, tuple((last,) if seat == holder else () for seat in range(players))
    else:
        return trump_card, _NO_KNOWN[players]
    hands = state.hands
    return trump_card, tuple(
        # A card taken, given back and taken again (a 7 swapped out, then drawn as the
        # last card) is listed once.
        tuple(sorted({card for card in cards if holds(hands[seat], card)}, key=_card_id))
        for seat, cards in enumerate(known)
    )


_NO_KNOWN: Final = {n: ((),) * n for n in range(7)}


def _turned_card(state: State) -> Card | None:
    """The card shown face up at the deal: under the stock, or Bugiarda's last dealt card."""
    deal = state._deal
    r = deal.rules
    dealt = r.dealt_cards
    if r.has_face_up_card:
        return deal.deck[dealt]
    if r.trump_source is TrumpSource.LAST_DEALT:
        return deal.deck[dealt - 1]
    return None


def _card_id(card: Card) -> int:
    return card.id
