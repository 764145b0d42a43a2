"""Trick play: cards, exchanges with the face-up card and table talk (§1.4–§1.9,
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
from ._frozen import compile_function
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
    MAX_HAND_SIZE,
    SIGNAL_TOKENS,
    FirstTrickBlind,
    Rules,
    SevenSwapDeadline,
    ShareHands,
    TwoSwapWindow,
)
from .state import Phase, State, Trick, evolve_state, evolver
from .tricks import winning_index

SEVEN_OF: Final = {suit: Card(Rank.SEVEN, suit) for suit in Suit}
TWO_OF: Final = {suit: Card(Rank.TWO, suit) for suit in Suit}
PLAY_OF: Final = {play.card: play for play in PLAYS}
"""The one `Play` of each card, by card."""
_play_of: Final = PLAY_OF.__getitem__
# The two commonest transitions, built by position (see `evolver` for what it saves).
_card_played: Final = evolver("hands", "turn", "trick", "history", "talked")
_trick_closed: Final = evolver(
    "phase",
    "hands",
    "stock",
    "drawn",
    "trump_card",
    "leader",
    "turn",
    "trick",
    "tricks",
    "points",
    "history",
    "talked",
    "shown",
)
_SIGNAL_OF: Final = {token: Signal(token) for token in SIGNAL_TOKENS}
# Tables that spare a move its allocations: each card alone in a tuple, and each history
# entry ``(seat, Play(card))`` alone in a tuple, by seat and card id.
_ONE: Final = tuple((card,) for card in DECK)
_ENTRY: Final = tuple(tuple(((seat, play),) for play in PLAYS) for seat in range(6))
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_new_trick: Final = tuple.__new__

# Every claim about a hand, in the documented order: Has by card id, HasNot by card id, then
# the two claims about the whole hand (§2.6.1).
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


trick_winner: Final = winning_index  # the rule of §1.4 lives in briscola.tricks


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
    trump_card: Card | None,
    order: tuple[int, ...],
) -> tuple[tuple[Card, ...], Card | None]:
    """One draw round (§1.7): one card each in ``order`` (the winner first, then in play
    order), the face-up card last. The one definition of the draw, for every caller.

    Updates ``hands`` in place; returns what is left of the stock and the face-up card
    (``None`` once it has been drawn).
    """
    players = len(order)
    batch = stock[:players]
    stock = stock[players:]
    if trump_card is not None and len(batch) < players:
        batch += (trump_card,)
        trump_card = None
    for k, card in enumerate(batch):  # each hand kept in card-id order
        drawer = order[k]
        hand = hands[drawer]
        card_id = card.id
        if len(hand) == 2:  # the three-card hands of the stock games, one card short
            a, b = hand
            i = card_id
            hands[drawer] = (
                (card, a, b) if i < a.id else (a, card, b) if i < b.id else (a, b, card)
            )
            continue
        i = len(hand)
        while i and hand[i - 1].id > card_id:
            i -= 1
        hands[drawer] = hand[:i] + (card,) + hand[i:]
    return stock, trump_card


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
    assert s.trump_suit is not None
    return tuple(
        SWAPS[card.id]
        for card in (TWO_OF[s.trump_suit], SEVEN_OF[s.trump_suit])
        if why_swap_illegal(s, card) is None
    )


def why_swap_illegal(s: State, card: Card) -> str | None:
    """``None`` when the seat to act may exchange ``card`` for the face-up card now, else
    why not, in a player's words (§3.1, §3.2).

    The one definition of both swaps, in trick play and in the round before the first lead:
    the legal moves list a `SwapTrump` exactly when this returns ``None``.
    """
    r = s.rules
    seat = s.turn
    trump = s.trump_suit
    if not r.seven_swap and not r.two_swap:
        return (
            "exchanging a card for the face-up card is not allowed: "
            "seven_swap and two_swap are off"
        )
    if trump is None or card.suit is not trump or card.rank not in (Rank.SEVEN, Rank.TWO):
        return f"only the 7 or the 2 of trumps can be exchanged for the face-up card, not {card}"
    rule = "seven_swap" if card.rank is Rank.SEVEN else "two_swap"
    if not getattr(r, rule):
        return f"{card} cannot be exchanged: {rule} is off"
    if card in s.removed:
        return f"{card} is out of the deck in this deal"
    if card not in s.hands[seat]:  # type: ignore[index]
        return f"{card} is not in seat {seat}'s hand"
    face_up = s.trump_card
    if face_up is None:
        return "the face-up card has already been drawn"
    if card.rank is Rank.TWO:
        if swapped(s, Rank.TWO):
            return "the 2 of trumps has already been exchanged in this deal"
        if s.phase is Phase.SWAP_WINDOW:
            return None
        if s.tricks:
            return "the 2 of trumps can be exchanged only in the first trick"
        if r.two_swap_window is TwoSwapWindow.BEFORE_FIRST_LEAD:
            return "the 2 of trumps can be exchanged only in the round before the first lead"
        return None
    if s.phase is Phase.SWAP_WINDOW:
        return "only the 2 of trumps can be exchanged before the first lead"
    if swapped(s, Rank.SEVEN):
        return "the 7 of trumps has already been exchanged in this deal"
    if r.seven_swap_requires_higher and r.strength[face_up.id] <= r.strength[card.id]:
        return f"the face-up card {face_up} is not stronger than {card}"
    if r.seven_swap_only_if_drawn and card not in s.dealt_stock:
        return f"{card} was not drawn from the stock"
    if r.seven_swap_requires_won_trick and all(t.winner != seat for t in s.tricks):
        return f"seat {seat} has not won a trick yet"
    if r.seven_swap_only_leader and (seat != s.leader or s.trick):
        return "only the leader may exchange the 7, before leading"
    if (
        r.seven_swap_deadline is SevenSwapDeadline.BEFORE_PENULTIMATE_TRICK
        and s.stock_size <= r.players
    ):
        return "the 7 can no longer be exchanged: the last trick with drawing has begun"
    return None


# --- making a move ---------------------------------------------------------------------------


def apply_play(s: State, seat: int, move: Move) -> State:
    """Make a legal move of trick play."""
    if type(move) is not Play:
        return _NON_PLAY[type(move)](s, seat, move)
    card: Card = move.card
    r = s.rules
    hands = s.hands
    hand = hands[seat]
    # The hand less the card, found by identity (cards are interned; `tuple.index` would
    # call `Card.__eq__` for every card before it): in line for three cards, else written
    # out for the hand's size.
    if len(hand) == 3:
        a, b, c = hand
        hand = (b, c) if a is card else (a, c) if b is card else (a, b)
    else:
        hand = _WITHOUT[len(hand)](hand, card)
    trick = s.trick
    history = s.history + _ENTRY[seat][card.id]
    if len(trick) + 1 < r.active_players:
        # The commonest move of all: a card that does not end the trick.
        trick = trick + _ONE[card.id] if trick else _ONE[card.id]
        if len(hands) == 2:
            hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
        else:
            changed = list(hands)  # cheaper than two slices and a concatenation
            changed[seat] = hand
            hands = tuple(changed)
        turn = r.next_seats[s.dealer][seat]
        # With plain play the next seat's moves are its cards: list them now, while the
        # hand is at hand, so that legal_moves() finds them cached.
        legal: tuple[Move, ...] | None = None
        if r.plain_play:
            following = hands[turn]
            if len(following) == 3:
                a, b, c = following
                legal = (PLAYS[a.id], PLAYS[b.id], PLAYS[c.id])
            else:
                legal = _PLAYS_OF[len(following)](following)
        return _card_played(s, hands, turn, trick, history, False, legal)
    trick = trick + _ONE[card.id]
    if s.trump_suit is None and r.first_trick_blind is FirstTrickBlind.FREE_CHOICE:
        # Chiamata "free_choice": the caller names the trump before trick 1 is resolved.
        return await_naming(s, hands[:seat] + (hand,) + hands[seat + 1 :], trick, history)
    return close_trick(s, seat, hand, trick, history)


def _write_out(size: int) -> None:
    """Compile, for hands of ``size`` cards, the hand less a card (found by identity) into
    `_WITHOUT` and the hand's `Play`s into `_PLAYS_OF`, written out card by card: a loop, a
    slice or a ``map`` over a hand costs several times as much in CPython, and every move of
    trick play makes one of each."""
    cards = [f"h[{k}]" for k in range(size)]
    lines = ["def without(h, card):"]
    for k in range(size):
        rest = ", ".join(cards[:k] + cards[k + 1 :])
        lines.append(f"    if h[{k}] is card:\n        return ({rest}{',' if size == 2 else ''})")
    lines.append("    raise ValueError('the card is not in the hand')")
    plays = ", ".join(f"PLAYS[{card}.id]" for card in cards)
    plays_source = f"def plays_of(h):\n    return ({plays}{',' if size == 1 else ''})\n"
    _WITHOUT[size] = compile_function("without", "\n".join(lines) + "\n", {})
    _PLAYS_OF[size] = compile_function("plays_of", plays_source, {"PLAYS": PLAYS})


def _on_first_use(table: list[Callable[..., Any]], size: int) -> Callable[..., Any]:
    """A stand-in that writes out the functions of ``size`` when first called, then hands
    over: compiling every size at import would cost several milliseconds."""

    def first_call(*args: Any) -> Any:
        _write_out(size)
        return table[size](*args)

    return first_call


_WITHOUT: Final[list[Callable[..., tuple[Card, ...]]]] = []
_PLAYS_OF: Final[list[Callable[..., tuple[Move, ...]]]] = []
_WITHOUT.extend(_on_first_use(_WITHOUT, size) for size in range(MAX_HAND_SIZE + 1))
_PLAYS_OF.extend(_on_first_use(_PLAYS_OF, size) for size in range(MAX_HAND_SIZE + 1))


def close_trick(
    s: State,
    seat: int,
    hand: tuple[Card, ...],
    trick: tuple[Card, ...],
    history: tuple[tuple[int, Move], ...],
) -> State:
    """Resolve the complete ``trick``, collect it and draw (§1.4, §1.7)."""
    r = s.rules
    leader = s.leader
    dealer = s.dealer
    seats = r.trick_seats[dealer][leader]
    values = r.card_points
    hands = s.hands
    points = s.points
    stock = s.stock
    if len(trick) == 2:
        # Two players, the commonest table, written out: the winner of a pair of cards
        # (§1.4), the points, and a draw of one card each from the stock (§1.7).
        first, second = trick
        if second.suit is first.suit:
            second_wins = r.strength[second.id] > r.strength[first.id]
        else:
            second_wins = second.suit is s.trump_suit
        winner = seats[second_wins]
        taken = values[first.id] + values[second.id]
        if taken:
            points = (
                (points[0] + taken, points[1]) if winner == 0 else (points[0], points[1] + taken)
            )
        if len(hand) == 2 and (len(stock) > 2 or (len(stock) == 2 and s.trump_card is not None)):
            # Both hands are one card short of three: the winner draws the top card of the
            # stock and the other seat the next, each into its place in card-id order.
            other = hands[1 - seat]
            (a, b), (c, d) = (hand, other) if winner == seat else (other, hand)
            x, y = stock[0], stock[1]
            gains = (x, a, b) if x.id < a.id else (a, x, b) if x.id < b.id else (a, b, x)
            loses = (y, c, d) if y.id < c.id else (c, y, d) if y.id < d.id else (c, d, y)
            a, b, c = gains
            return _trick_closed(
                s,
                _PLAY,
                (gains, loses) if winner == 0 else (loses, gains),
                stock[2:],
                s.drawn + 2,
                s.trump_card,
                winner,
                winner,
                (),
                s.tricks + (_new_trick(Trick, (leader, trick, winner, seats)),),
                points,
                history,
                False,
                s.shown,
                (PLAYS[a.id], PLAYS[b.id], PLAYS[c.id]) if r.plain_play else None,
            )
        new_hands = [hand, hands[1]] if seat == 0 else [hands[0], hand]
    else:
        winner = seats[trick_winner(trick, s.trump_suit, r.strength)]
        taken = 0
        for played in trick:
            taken += values[played.id]
        if taken:
            points = points[:winner] + (points[winner] + taken,) + points[winner + 1 :]
        new_hands = list(hands)
        new_hands[seat] = hand
    trump_card = s.trump_card
    phase = _PLAY
    turn: int | None = winner
    shown = s.shown
    if trump_card is not None or stock:
        stock, trump_card = draw(new_hands, stock, trump_card, r.trick_seats[dealer][winner])
        if trump_card is None and not stock:
            # The stock has just run out (§3.4).
            sharing = r.share_hands_when_stock_empty
            if sharing is ShareHands.VOLUNTARY:
                phase = Phase.SHARE_HANDS
            elif sharing is ShareHands.AUTOMATIC:
                shown = shown + tuple((s_, new_hands[s_]) for s_ in range(r.players))
    next_hand = new_hands[winner]
    legal: tuple[Move, ...] | None = None
    if not next_hand:
        phase = _OVER
        turn = None
    elif phase is _PLAY and r.plain_play:
        legal = _PLAYS_OF[len(next_hand)](next_hand)
    return _trick_closed(
        s,
        phase,
        tuple(new_hands),
        stock,
        s.drawn + len(s.stock) - len(stock),
        trump_card,
        winner,
        turn,
        (),
        s.tricks + (_new_trick(Trick, (leader, trick, winner, seats)),),
        points,
        history,
        False,
        shown,
        legal,
    )


def await_naming(
    s: State,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    history: tuple[tuple[int, Move], ...],
) -> State:
    """Trick 1 is complete under ``"free_choice"``: the caller now names the suit."""
    deal = contract(s)
    assert deal is not None
    return evolve_state(
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
    return evolve_state(
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
    # A Declare or Signal: one per turn, and the same seat still acts (§3.5, ruling R2).
    return evolve_state(s, turn=seat, history=s.history + ((seat, move),), talked=True)


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
    draw_orders = r.trick_seats[s.dealer]
    stock = s.stock
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
        if trump_card is not None or stock:
            stock, trump_card = draw(hands, stock, trump_card, draw_orders[winner])
        leader = seat = winner
        if not hands[winner]:
            break
    return evolve_state(
        s,
        phase=_OVER,
        hands=tuple(hands),
        stock=stock,
        drawn=s.drawn + len(s.stock) - len(stock),
        trump_card=trump_card,
        leader=winner,
        turn=None,
        trick=(),
        tricks=tuple(tricks),
        points=tuple(points),
        history=tuple(history),
        talked=False,
    )
