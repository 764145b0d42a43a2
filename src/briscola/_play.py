"""Trick play and the exchanges with the face-up card (RULES.md §1.4–§1.9, §3.1, §3.2).

Each phase has two pure functions: ``legal_*`` lists the moves of the seat to act, in the
documented order (plays by card id, then swaps by card id, then ``Pass``), and ``apply_*``
makes one move that is already known to be legal. Trick collection and drawing (winner
first, the face-up card last) happen inside `apply_play`.
"""

from __future__ import annotations

from typing import Final

from .cards import Card, Rank, Suit
from .moves import PASS, PLAYS, SWAPS, Move, SwapTrump
from .rules import Rules, SevenSwapDeadline, TwoSwapWindow
from .state import Phase, State, Trick

_SEVEN_OF: Final = {suit: Card(Rank.SEVEN, suit) for suit in Suit}
_TWO_OF: Final = {suit: Card(Rank.TWO, suit) for suit in Suit}


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


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` added in card-id order."""
    card_id = card.id
    i = 0
    for held in hand:
        if held.id > card_id:
            break
        i += 1
    return (*hand[:i], card, *hand[i:])


# --- trick play ------------------------------------------------------------------------------


def legal_play(s: State) -> tuple[Move, ...]:
    """The moves of the seat to act during trick play."""
    r = s.rules
    hand = s.hands[s.turn]  # type: ignore[index]
    cards = hand
    if r.must_follow_suit and s.trick:
        led = s.trick[0].suit
        follow = tuple(card for card in hand if card.suit is led)
        if follow:
            cards = follow
    moves: tuple[Move, ...] = tuple([PLAYS[card.id] for card in cards])
    if (r.seven_swap or r.two_swap) and s.trump_card is not None:
        moves += swap_moves(s)
    return moves


def swap_moves(s: State) -> tuple[Move, ...]:
    """The `SwapTrump` moves open to the seat to act in trick play (§3.1, §3.2)."""
    seat = s.turn
    assert seat is not None and s.trump_card is not None and s.trump_suit is not None
    hand = s.hands[seat]
    found: list[Move] = []
    two = _TWO_OF[s.trump_suit]
    if _two_swap_open_in_trick(s) and two in hand:
        found.append(SWAPS[two.id])
    seven = _SEVEN_OF[s.trump_suit]
    if seven in hand and _seven_swap_allowed(s, seat, seven):
        found.append(SWAPS[seven.id])
    found.sort(key=lambda move: move.card.id)  # type: ignore[attr-defined]
    return tuple(found)


def _two_swap_open_in_trick(s: State) -> bool:
    r = s.rules
    return (
        r.two_swap
        and r.two_swap_window is not TwoSwapWindow.BEFORE_FIRST_LEAD
        and not s.tricks
        and not _swapped(s, Rank.TWO)
    )


def _seven_swap_allowed(s: State, seat: int, seven: Card) -> bool:
    r = s.rules
    if not r.seven_swap or _swapped(s, Rank.SEVEN):
        return False
    face_up = s.trump_card
    assert face_up is not None
    if r.seven_swap_requires_higher and r.strength[face_up.id] <= r.strength[seven.id]:
        return False
    if r.seven_swap_only_if_drawn and seven not in s.stock:
        return False
    if r.seven_swap_requires_won_trick and not any(t.winner == seat for t in s.tricks):
        return False
    if r.seven_swap_only_leader and (seat != s.leader or s.trick):
        return False
    return not (
        r.seven_swap_deadline is SevenSwapDeadline.BEFORE_PENULTIMATE_TRICK
        and s.stock_size <= r.players
    )


def _swapped(s: State, rank: Rank) -> bool:
    """Whether a swap of the trump ``rank`` has already been made in this deal."""
    return any(type(move) is SwapTrump and move.card.rank is rank for _, move in s.history)


def apply_play(s: State, seat: int, move: Move) -> State:
    """Make a legal move of trick play."""
    if type(move) is SwapTrump:
        return _apply_swap(s, seat, move.card, s.phase)
    card: Card = move.card  # type: ignore[attr-defined]
    r = s.rules
    players = r.players
    hands = s.hands
    hand = hands[seat]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    trick = (*s.trick, card)
    history = (*s.history, (seat, PLAYS[card.id]))
    if len(trick) < players:
        return State(
            r,
            Phase.PLAY,
            s.dealer,
            s.deck,
            s.removed,
            (*hands[:seat], hand, *hands[seat + 1 :]),
            s.stock,
            s.drawn,
            s.trump_card,
            s.trump_suit,
            s.leader,
            (seat + 1) % players,
            trick,
            s.tricks,
            s.points,
            history,
        )
    # The trick is complete: resolve it, collect it and draw.
    leader = s.leader
    winner = (leader + trick_winner(trick, s.trump_suit, r.strength)) % players
    values = r.card_points
    taken = 0
    for played in trick:
        taken += values[played.id]
    points = s.points
    if taken:
        points = (*points[:winner], points[winner] + taken, *points[winner + 1 :])
    new_hands = [*hands[:seat], hand, *hands[seat + 1 :]]
    stock = s.stock
    drawn = s.drawn
    trump_card = s.trump_card
    if drawn < len(stock) or trump_card is not None:
        for k in range(players):
            drawer = (winner + k) % players
            if drawn < len(stock):
                new_hands[drawer] = _insert(new_hands[drawer], stock[drawn])
                drawn += 1
            else:
                assert trump_card is not None
                new_hands[drawer] = _insert(new_hands[drawer], trump_card)
                trump_card = None
    tricks = (*s.tricks, Trick(leader, trick, winner))
    over = not new_hands[winner]
    return State(
        r,
        Phase.OVER if over else Phase.PLAY,
        s.dealer,
        s.deck,
        s.removed,
        tuple(new_hands),
        stock,
        drawn,
        trump_card,
        s.trump_suit,
        winner,
        None if over else winner,
        (),
        tricks,
        points,
        history,
    )


def _apply_swap(s: State, seat: int, card: Card, phase: Phase) -> State:
    """Exchange ``card`` (the 7 or 2 of trumps) for the face-up card."""
    face_up = s.trump_card
    assert face_up is not None
    hand = s.hands[seat]
    i = hand.index(card)
    hand = _insert(hand[:i] + hand[i + 1 :], face_up)
    hands = (*s.hands[:seat], hand, *s.hands[seat + 1 :])
    turn: int | None = seat
    if phase is Phase.SWAP_WINDOW:
        turn, phase = _next_in_window(s, seat)
    return State(
        s.rules,
        phase,
        s.dealer,
        s.deck,
        s.removed,
        hands,
        s.stock,
        s.drawn,
        card,
        s.trump_suit,
        s.leader,
        turn,
        s.trick,
        s.tricks,
        s.points,
        (*s.history, (seat, SWAPS[card.id])),
    )


# --- the exchange round before the first lead (§3.2 "before_first_lead") ---------------------


def has_swap_window(r: Rules, trump_suit: Suit | None, removed: tuple[Card, ...]) -> bool:
    """Whether a deal opens with the round of 2-of-trumps exchanges (§3.2)."""
    return (
        r.two_swap
        and r.two_swap_window is not TwoSwapWindow.FIRST_TRICK
        and trump_suit is not None
        and _TWO_OF[trump_suit] not in removed
    )


def legal_window(s: State) -> tuple[Move, ...]:
    """``SwapTrump`` of the 2 of trumps if the seat holds it, then ``Pass``."""
    assert s.turn is not None and s.trump_suit is not None
    two = _TWO_OF[s.trump_suit]
    if two in s.hands[s.turn]:
        return (SWAPS[two.id], PASS)
    return (PASS,)


def _next_in_window(s: State, seat: int) -> tuple[int, Phase]:
    players = s.rules.players
    following = (seat + 1) % players
    if following == s.leader:
        return s.leader, Phase.PLAY
    return following, Phase.SWAP_WINDOW


def apply_window(s: State, seat: int, move: Move) -> State:
    """Make a legal move of the exchange round."""
    if type(move) is SwapTrump:
        return _apply_swap(s, seat, move.card, Phase.SWAP_WINDOW)
    turn, phase = _next_in_window(s, seat)
    return State(
        s.rules,
        phase,
        s.dealer,
        s.deck,
        s.removed,
        s.hands,
        s.stock,
        s.drawn,
        s.trump_card,
        s.trump_suit,
        s.leader,
        turn,
        s.trick,
        s.tricks,
        s.points,
        (*s.history, (seat, PASS)),
    )
