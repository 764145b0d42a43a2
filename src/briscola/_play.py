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
from .state import Phase, State, Trick, make_state

_SEVEN_OF: Final = {suit: Card(Rank.SEVEN, suit) for suit in Suit}
_TWO_OF: Final = {suit: Card(Rank.TWO, suit) for suit in Suit}
_PLAY_OF: Final = {play.card: play for play in PLAYS}
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER


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


_new_trick: Final = tuple.__new__


def _insert(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` with ``card`` added, kept in card-id order."""
    card_id = card.id
    for i, held in enumerate(hand):
        if held.id > card_id:
            return hand[:i] + (card,) + hand[i:]
    return hand + (card,)


# --- trick play ------------------------------------------------------------------------------


def legal_play(s: State) -> tuple[Move, ...]:
    """The moves of the seat to act during trick play."""
    r = s.rules
    hand = s.hands[s.turn]  # type: ignore[index]
    if r.plain_play:
        return tuple(map(_PLAY_OF.__getitem__, hand))
    cards = hand
    if r.must_follow_suit and s.trick:
        led = s.trick[0].suit
        follow = tuple(card for card in hand if card.suit is led)
        if follow:
            cards = follow
    moves: tuple[Move, ...] = tuple(map(_PLAY_OF.__getitem__, cards))
    if (r.seven_swap or r.two_swap) and s.trump_card is not None:
        moves += swap_moves(s)
    return moves


def swap_moves(s: State) -> tuple[Move, ...]:
    """The `SwapTrump` moves open to the seat to act in trick play (§3.1, §3.2)."""
    seat = s.turn
    assert seat is not None
    assert s.trump_suit is not None
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
    trick = s.trick + (card,)
    history = s.history + ((seat, move),)
    if len(trick) < players:
        return make_state(
            r,
            _PLAY,
            s.dealer,
            s.deck,
            s.removed,
            hands[:seat] + (hand,) + hands[seat + 1 :],
            s.stock,
            s.drawn,
            s.trump_card,
            s.trump_suit,
            s.leader,
            seat + 1 if seat + 1 < players else 0,
            trick,
            s.tricks,
            s.points,
            history,
        )
    # The trick is complete: resolve it, collect it and draw.
    leader = s.leader
    winner = leader + trick_winner(trick, s.trump_suit, r.strength)
    if winner >= players:
        winner -= players
    values = r.card_points
    taken = sum([values[played.id] for played in trick])
    points = s.points
    if taken:
        points = points[:winner] + (points[winner] + taken,) + points[winner + 1 :]
    new_hands = list(hands)
    new_hands[seat] = hand
    stock = s.stock
    drawn = s.drawn
    trump_card = s.trump_card
    if trump_card is not None or drawn < len(stock):
        # One card each, the winner first (§1.7); the face-up card completes the last round.
        batch = stock[drawn : drawn + players]
        drawn += len(batch)
        if trump_card is not None and len(batch) < players:
            batch += (trump_card,)
            trump_card = None
        drawer = winner
        for drawn_card in batch:
            new_hands[drawer] = _insert(new_hands[drawer], drawn_card)
            drawer += 1
            if drawer == players:
                drawer = 0
    over = not new_hands[winner]
    return make_state(
        r,
        _OVER if over else _PLAY,
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
        s.tricks + (_new_trick(Trick, (leader, trick, winner)),),
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
    return make_state(
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
    assert s.turn is not None
    assert s.trump_suit is not None
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
    return make_state(
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
