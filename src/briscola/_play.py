"""Trick play: cards, exchanges with the face-up card and table talk (RULES.md §1.4–§1.9,
§3.1, §3.2, §3.5).

`legal_play` lists the moves of the seat to act in the documented order (plays by card id,
then swaps, then declarations, then signals), and `apply_play` makes one move already known
to be legal. Trick collection and drawing (winner first, the face-up card last) happen
inside `apply_play`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ._contract import contract
from .cards import DECK, Card, Rank, Suit
from .moves import (
    PLAYS,
    STRONG_HAND,
    SWAPS,
    WEAK_HAND,
    Declare,
    Has,
    HasNot,
    Move,
    Play,
    Signal,
    SwapTrump,
)
from .rules import (
    SIGNAL_TOKENS,
    FirstTrickBlind,
    Rules,
    SevenSwapDeadline,
    ShareHands,
    TwoSwapWindow,
)
from .state import Phase, State, Trick, _Builder, changed, make_state

SEVEN_OF: Final = {suit: Card(Rank.SEVEN, suit) for suit in Suit}
TWO_OF: Final = {suit: Card(Rank.TWO, suit) for suit in Suit}
_PLAY_OF: Final = {play.card: play for play in PLAYS}
_play_of: Final = _PLAY_OF.__getitem__
_SIGNAL_OF: Final = {token: Signal(token) for token in SIGNAL_TOKENS}
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_new_trick: Final = tuple.__new__
_new: Final = object.__new__

# Every claim about a hand, in the documented order: Has by card id, HasNot by card id, then
# the two claims about the whole hand (RULES.md §2.6.1).
_DECLARES: Final = (
    *(Declare(Has(card)) for card in DECK),
    *(Declare(HasNot(card)) for card in DECK),
    Declare(WEAK_HAND),
    Declare(STRONG_HAND),
)
_DECLARES_WITHOUT: dict[tuple[Card, ...], tuple[Move, ...]] = {}


def declare_moves(removed: tuple[Card, ...]) -> tuple[Move, ...]:
    """Every `Declare` about the cards in play when ``removed`` are out of the deck."""
    moves = _DECLARES_WITHOUT.get(removed)
    if moves is None:
        moves = tuple(
            move
            for move in _DECLARES
            if not isinstance(move.claim, Has | HasNot) or move.claim.card not in removed
        )
        _DECLARES_WITHOUT[removed] = moves
    return moves


def next_seat(r: Rules, dealer: int, seat: int) -> int:
    """The seat that acts after ``seat``, skipping a dealer who sits out."""
    return r.next_seats[dealer][seat]


def trick_winner(cards: tuple[Card, ...], trump: Suit | None, strength: tuple[int, ...]) -> int:
    """Index in ``cards`` (play order) of the card that takes the trick (RULES.md §1.4)."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is top.suit:
            if strength[card.id] > strength[top.id]:
                best, top = i, card
        elif card.suit is trump:
            best, top = i, card
    return best


def insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` added, kept in card-id order."""
    card_id = card.id
    for i, held in enumerate(hand):
        if held.id > card_id:
            return hand[:i] + (card,) + hand[i:]
    return hand + (card,)


def draw(
    hands: list[tuple[Card, ...]],
    stock: tuple[Card, ...],
    drawn: int,
    trump_card: Card | None,
    winner: int,
    players: int,
) -> tuple[int, Card | None]:
    """One draw round (§1.7): one card each, the winner first, the face-up card last.

    Updates ``hands`` in place; returns the new number of cards drawn and the face-up card
    (``None`` once it has been drawn).
    """
    batch = stock[drawn : drawn + players]
    drawn += len(batch)
    if trump_card is not None and len(batch) < players:
        batch += (trump_card,)
        trump_card = None
    drawer = winner
    for card in batch:
        hand = hands[drawer]
        card_id = card.id
        i = len(hand)
        while i and hand[i - 1].id > card_id:  # keep the hand in card-id order
            i -= 1
        hands[drawer] = hand[:i] + (card,) + hand[i:]
        drawer = drawer + 1 if drawer + 1 < players else 0
    return drawn, trump_card


def swapped(s: State, rank: Rank) -> bool:
    """Whether a swap of the trump ``rank`` has already been made in this deal."""
    return any(type(move) is SwapTrump and move.card.rank is rank for _, move in s.history)


# --- legal moves -----------------------------------------------------------------------------


def legal_play(s: State) -> tuple[Move, ...]:
    """The moves of the seat to act during trick play."""
    r = s.rules
    hand = s.hands[s.turn]  # type: ignore[index]
    if r.plain_play:
        return tuple(map(_play_of, hand))
    cards = hand
    if r.must_follow_suit and s.trick:
        led = s.trick[0].suit
        follow = tuple(card for card in hand if card.suit is led)
        if follow:
            cards = follow
    moves: tuple[Move, ...] = tuple(map(_play_of, cards))
    if (r.seven_swap or r.two_swap) and s.trump_card is not None:
        moves += swap_moves(s)
    if not s.talked:
        if r.public_claims:
            moves += declare_moves(s.removed)
        if r.signals and (s.tricks or not r.no_signals_first_trick):
            moves += tuple(_SIGNAL_OF[token] for token in r.signal_tokens)
    return moves


def swap_moves(s: State) -> tuple[Move, ...]:
    """The `SwapTrump` moves open to the seat to act in trick play (§3.1, §3.2)."""
    seat = s.turn
    assert seat is not None
    assert s.trump_suit is not None
    hand = s.hands[seat]
    found: list[Move] = []
    two = TWO_OF[s.trump_suit]
    if two in hand and two_swap_open_in_trick(s):
        found.append(SWAPS[two.id])
    seven = SEVEN_OF[s.trump_suit]
    if seven in hand and seven_swap_allowed(s, seat, seven):
        found.append(SWAPS[seven.id])
    return tuple(found)


def two_swap_open_in_trick(s: State) -> bool:
    """Whether the first-trick window of the 2-swap is open (§3.2 conditions 1, 3 and 5)."""
    r = s.rules
    return (
        r.two_swap
        and r.two_swap_window is not TwoSwapWindow.BEFORE_FIRST_LEAD
        and not s.tricks
        and not swapped(s, Rank.TWO)
    )


def seven_swap_allowed(s: State, seat: int, seven: Card) -> bool:
    """§3.1 conditions 1, 3, 5 and 6 and the sub-options, for ``seat`` holding ``seven``."""
    r = s.rules
    if not r.seven_swap or swapped(s, Rank.SEVEN):
        return False
    face_up = s.trump_card
    assert face_up is not None
    if r.seven_swap_requires_higher and r.strength[face_up.id] <= r.strength[seven.id]:
        return False
    if r.seven_swap_only_if_drawn and seven not in s.stock:
        return False
    if r.seven_swap_requires_won_trick and all(t.winner != seat for t in s.tricks):
        return False
    if r.seven_swap_only_leader and (seat != s.leader or s.trick):
        return False
    return not (
        r.seven_swap_deadline is SevenSwapDeadline.BEFORE_PENULTIMATE_TRICK
        and s.stock_size <= r.players
    )


# --- making a move ---------------------------------------------------------------------------


def apply_play(s: State, seat: int, move: Move) -> State:
    """Make a legal move of trick play."""
    if type(move) is not Play:
        return _NON_PLAY[type(move)](s, seat, move)
    card: Card = move.card
    r = s.rules
    hands = s.hands
    hand = hands[seat]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    trick = s.trick + (card,)
    history = s.history + ((seat, move),)
    if len(trick) < r.active_players:
        # The commonest move of all: a card that does not end the trick. The new state is
        # filled in place (as make_state does) to save a call on the hot path.
        new: Any = _new(_Builder)
        new.rules = r
        new.phase = _PLAY
        new.dealer = dealer = s.dealer
        new.deck = s.deck
        new.removed = s.removed
        new.hands = hands[:seat] + (hand,) + hands[seat + 1 :]
        new.stock = s.stock
        new.drawn = s.drawn
        new.trump_card = s.trump_card
        new.trump_suit = s.trump_suit
        new.leader = s.leader
        new.turn = turn = r.next_seats[dealer][seat]
        new.trick = trick
        new.tricks = s.tricks
        new.points = s.points
        new.history = history
        new.talked = False
        new.shown = s.shown
        # With plain play the next seat's moves are its cards: list them now, while the
        # hand is at hand, so that legal_moves() finds them cached.
        new._legal = tuple(map(_play_of, new.hands[turn])) if r.plain_play else None
        new.__class__ = State
        return new  # type: ignore[no-any-return]
    if s.trump_suit is None and r.first_trick_blind is FirstTrickBlind.FREE_CHOICE:
        # Chiamata "free_choice": the caller names the trump before trick 1 is resolved.
        return await_naming(s, hands[:seat] + (hand,) + hands[seat + 1 :], trick, history)
    return close_trick(s, seat, hand, trick, history)


def close_trick(
    s: State,
    seat: int,
    hand: tuple[Card, ...],
    trick: tuple[Card, ...],
    history: tuple[tuple[int, Move], ...],
) -> State:
    """Resolve the complete ``trick``, collect it and draw (§1.4, §1.7)."""
    r = s.rules
    players = r.players
    leader = s.leader
    seats = r.trick_seats[s.dealer][leader]
    winner = seats[trick_winner(trick, s.trump_suit, r.strength)]
    values = r.card_points
    taken = 0
    for played in trick:
        taken += values[played.id]
    points = s.points
    if taken:
        points = points[:winner] + (points[winner] + taken,) + points[winner + 1 :]
    new_hands = list(s.hands)
    new_hands[seat] = hand
    stock = s.stock
    drawn = s.drawn
    trump_card = s.trump_card
    phase = _PLAY
    turn: int | None = winner
    shown = s.shown
    if trump_card is not None or drawn < len(stock):
        drawn, trump_card = draw(new_hands, stock, drawn, trump_card, winner, players)
        if trump_card is None and drawn == len(stock):
            # The stock has just run out (§3.4).
            sharing = r.share_hands_when_stock_empty
            if sharing is ShareHands.VOLUNTARY:
                phase = Phase.SHARE_HANDS
            elif sharing is ShareHands.AUTOMATIC:
                shown = shown + tuple((s_, new_hands[s_]) for s_ in range(players))
    if not new_hands[winner]:
        phase = _OVER
        turn = None
    new: Any = _new(_Builder)  # filled in place, as in apply_play
    new.rules = r
    new.phase = phase
    new.dealer = s.dealer
    new.deck = s.deck
    new.removed = s.removed
    new.hands = tuple(new_hands)
    new.stock = stock
    new.drawn = drawn
    new.trump_card = trump_card
    new.trump_suit = s.trump_suit
    new.leader = winner
    new.turn = turn
    new.trick = ()
    new.tricks = s.tricks + (_new_trick(Trick, (leader, trick, winner, seats)),)
    new.points = points
    new.history = history
    new.talked = False
    new.shown = shown
    new._legal = (
        tuple(map(_play_of, new_hands[winner])) if phase is _PLAY and r.plain_play else None
    )
    new.__class__ = State
    return new  # type: ignore[no-any-return]


def await_naming(
    s: State,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    history: tuple[tuple[int, Move], ...],
) -> State:
    """Trick 1 is complete under ``"free_choice"``: the caller now names the suit."""
    deal = contract(s)
    assert deal is not None
    return changed(
        s,
        phase=Phase.NAME_TRUMP,
        hands=hands,
        trump_suit=None,
        turn=deal.caller,
        trick=trick,
        history=history,
        talked=False,
    )


def apply_swap(s: State, seat: int, card: Card, phase: Phase, turn: int | None) -> State:
    """Exchange ``card`` (the 7 or 2 of trumps) for the face-up card."""
    face_up = s.trump_card
    assert face_up is not None
    hand = s.hands[seat]
    i = hand.index(card)
    hand = insert(hand[:i] + hand[i + 1 :], face_up)
    return changed(
        s,
        phase=phase,
        hands=s.hands[:seat] + (hand,) + s.hands[seat + 1 :],
        trump_card=card,
        turn=turn,
        history=s.history + ((seat, SWAPS[card.id]),),
    )


def _swap_in_play(s: State, seat: int, move: Move) -> State:
    # During trick play the same seat still plays a card (§3.1).
    return apply_swap(s, seat, move.card, _PLAY, seat)  # type: ignore[attr-defined]


def _talk(s: State, seat: int, move: Move) -> State:
    # A Declare or Signal: one per turn, and the same seat still acts (§3.5, decision 2).
    return changed(s, turn=seat, history=s.history + ((seat, move),), talked=True)


_NON_PLAY: Final[dict[type, Callable[[State, int, Move], State]]] = {
    SwapTrump: _swap_in_play,
    Declare: _talk,
    Signal: _talk,
}


# --- a whole deal in one loop (random_playout) -----------------------------------------------


def fused(s: State) -> bool:
    """Whether the rest of the deal is plain card play, so `play_out` may finish it."""
    r = s.rules
    return (
        r.plain_play
        and r.share_hands_when_stock_empty is ShareHands.OFF
        and not (s.trump_suit is None and r.first_trick_blind is FirstTrickBlind.FREE_CHOICE)
    )


def play_out(s: State, choice: Callable[[tuple[Card, ...]], Card]) -> State:
    """Play the deal to its end, each seat playing ``choice(hand)``; return the final state.

    The same as applying ``choice(legal_moves(state))`` move by move (the plays are listed in
    hand order, and ``choice`` draws the same way from a list as from a tuple), with the
    state kept in local lists instead of one frozen `State` per move.
    """
    r = s.rules
    active = r.active_players
    players = r.players
    strength = r.strength
    values = r.card_points
    following = r.next_seats[s.dealer]
    orders = r.trick_seats[s.dealer]
    trump = s.trump_suit
    hands = list(s.hands)
    trick = list(s.trick)
    history = list(s.history)
    tricks = list(s.tricks)
    points = list(s.points)
    stock = s.stock
    drawn = s.drawn
    trump_card = s.trump_card
    leader = s.leader
    seat = s.turn
    assert seat is not None
    while True:
        hand = hands[seat]
        card = choice(hand)
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        history.append((seat, PLAYS[card.id]))
        trick.append(card)
        if len(trick) < active:
            seat = following[seat]
            continue
        cards = tuple(trick)
        seats = orders[leader]
        winner = seats[trick_winner(cards, trump, strength)]
        for played in cards:
            points[winner] += values[played.id]
        tricks.append(_new_trick(Trick, (leader, cards, winner, seats)))
        trick.clear()
        if trump_card is not None or drawn < len(stock):
            drawn, trump_card = draw(hands, stock, drawn, trump_card, winner, players)
        leader = seat = winner
        if not hands[winner]:
            break
    return make_state(
        r,
        _OVER,
        s.dealer,
        s.deck,
        s.removed,
        tuple(hands),
        stock,
        drawn,
        trump_card,
        trump,
        winner,
        None,
        (),
        tuple(tricks),
        tuple(points),
        tuple(history),
        False,
        s.shown,
    )
