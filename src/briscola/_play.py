"""Trick play: cards, exchanges with the face-up card and table talk (§1.4–§1.9,
§3.1, §3.2, §3.5).

`legal_play` lists the moves of the seat to act in the documented order (plays by card id,
then swaps, then declarations, then signals), and `apply_play` makes one move already known
to be legal. `play_card` plays a card in every variant, the one place `apply` does: it
collects a finished trick and draws (winner first, the face-up card last), through
`finish_trick` where the commonest shapes are not written out in it. `play_out` plays a
deal to its end over plain lists, for `random_playout`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ._contract import contract
from ._frozen import compile_function
from .cards import DECK, Card, Rank, Suit
from .errors import InvalidStateError
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
from .state import (
    AT,
    CARRY,
    CLOSE,
    LAST,
    LEADER,
    POINTS,
    TALKED,
    TRUMP_CARD,
    Phase,
    Progress,
    State,
    _Deal,
    evolve_state,
)

SEVEN_OF: Final = {suit: Card(Rank.SEVEN, suit) for suit in Suit}
TWO_OF: Final = {suit: Card(Rank.TWO, suit) for suit in Suit}
PLAY_OF: Final = {play.card: play for play in PLAYS}
"""The one `Play` of each card, by card."""
_play_of: Final = PLAY_OF.__getitem__
_SIGNAL_OF: Final = {token: Signal(token) for token in SIGNAL_TOKENS}
# Each card alone in a tuple: the trick after its lead, without building a tuple.
_ONE: Final = tuple((card,) for card in DECK)
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_new: Final = object.__new__

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
    at: int,
    trump_card: Card | None,
    order: tuple[int, ...],
) -> tuple[int, Card | None]:
    """One draw round (§1.7): one card each in ``order`` (the winner first, then in play
    order) from ``stock`` after its first ``at`` cards, the face-up card last. The one
    definition of the draw, for every caller.

    Updates ``hands`` in place; returns how many cards of ``stock`` are now drawn, and the
    face-up card (``None`` once it has been drawn).
    """
    players = len(order)
    batch = stock[at : at + players]
    at += len(batch)
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
    return at, trump_card


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
    if type(move) is Play:
        after = play_card(s, move)
        if after is None:  # listed as legal, yet not in the hand: a state built by hand
            raise InvalidStateError(
                "apply() cannot use this state: its legal moves do not fit its hands"
            )
        return after
    return _NON_PLAY[type(move)](s, seat, move)


def play_card(s: State, move: Play) -> State | None:
    """The state after the seat to act plays ``move``'s card, in any variant; ``None`` when
    it may not play that card (the caller then finds out why).

    Every card played goes through here, and the step loop spends most of its time here:
    the commonest cases (a card within a trick; a two-player trick closed and followed by
    its draw) are written out, and the new state is filled in place of calling `build`.
    """
    deal = s._deal
    card = move.card
    seat: int = s._turn  # type: ignore[assignment]
    hands = s._hands
    hand = hands[seat]
    size = len(hand)
    # The hand less the card, found by identity (cards are interned; `tuple.index` would
    # call `Card.__eq__` for every card before it): in line for three cards, else written
    # out for the hand's size. Not finding it means the card may not be played.
    if size == 3:
        a, b, c = hand
        if a is card:
            hand = (b, c)
        elif b is card:
            hand = (a, c)
        elif c is card:
            hand = (a, b)
        else:
            return None
    else:
        found = _WITHOUT[size](hand, card)
        if found is None:
            return None
        hand = found
    k = s._progress
    plain = deal.plain
    if not plain:
        # Following suit, exchanges or talk: the card must be one of the listed moves.
        if not _listed(s, move):
            return None
        if k[TALKED]:
            k = (*k[:TALKED], False, k[LAST])
    trick = s._trick
    x: Any
    if deal.two:
        # Two players, the commonest table.
        if not trick:
            other = 1 - seat
            x = _new(State)
            x._deal = deal
            x._progress = k
            x._phase = _PLAY
            x._hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
            x._trick = _ONE[card.id]
            x._turn = other
            if plain:
                following = hands[other]
                if len(following) == 3:
                    a, b, c = following
                    x._legal = (PLAYS[a.id], PLAYS[b.id], PLAYS[c.id])
                else:
                    x._legal = tuple(map(_play_of, following))
            else:
                x._legal = None
            x._hash = None
            return x  # type: ignore[no-any-return]
        at = k[AT]
        if at < deal.limit:
            # Three-card hands and a stock that outlasts this draw, written out: the winner
            # of the pair (§1.4), the points, and a draw of one card each (§1.7), the winner
            # first, each card into its place in card-id order.
            first = trick[0]
            leader = k[LEADER]
            second_takes, taken = deal.pairs[first.id][card.id]
            points = k[POINTS]
            if second_takes:
                winner = seat
                a, b = hand
                c, d = hands[leader]
            else:
                winner = leader
                a, b = hands[leader]
                c, d = hand
            if taken:
                points = (
                    (points[0] + taken, points[1])
                    if winner == 0
                    else (points[0], points[1] + taken)
                )
            stock = deal.stock
            top = stock[at]
            i = top.id
            if i < a.id:
                gains = (top, a, b)
            elif i < b.id:
                gains = (a, top, b)
            else:
                gains = (a, b, top)
            top = stock[at + 1]
            i = top.id
            if i < c.id:
                loses = (top, c, d)
            elif i < d.id:
                loses = (c, top, d)
            else:
                loses = (c, d, top)
            last = k[LAST]
            x = _new(State)
            x._deal = deal
            x._progress = (
                winner,
                points,
                at + 2,
                k[TRUMP_CARD],
                False,
                [last, 0, CLOSE, last[CARRY], leader, (first, card), winner, None, None, None],
            )
            x._phase = _PLAY
            x._hands = (gains, loses) if winner == 0 else (loses, gains)
            x._trick = ()
            x._turn = winner
            if plain:
                a, b, c = gains
                x._legal = (PLAYS[a.id], PLAYS[b.id], PLAYS[c.id])
            else:
                x._legal = None
            x._hash = None
            return x  # type: ignore[no-any-return]
    elif len(trick) < deal.last:
        # A card that does not end the trick.
        turn = deal.following[seat]
        changed = list(hands)  # cheaper than two slices and a concatenation
        changed[seat] = hand
        hands = tuple(changed)
        x = _new(State)
        x._deal = deal
        x._progress = k
        x._phase = _PLAY
        x._hands = hands
        x._trick = trick + (card,) if trick else _ONE[card.id]
        x._turn = turn
        x._legal = tuple(map(_play_of, hands[turn])) if plain else None
        x._hash = None
        return x  # type: ignore[no-any-return]
    changed = list(hands)
    changed[seat] = hand
    trick += (card,)
    if deal.trump_suit is None and deal.rules.first_trick_blind is FirstTrickBlind.FREE_CHOICE:
        # Chiamata "free_choice": the caller names the trump before trick 1 is resolved.
        named = contract(s)
        assert named is not None
        return evolve_state(
            s,
            phase=Phase.NAME_TRUMP,
            hands=tuple(changed),
            trick=trick,
            turn=named.caller,
            talked=False,
        )
    return finish_trick(deal, k, changed, trick)


def finish_trick(
    deal: _Deal, k: Progress, hands: list[tuple[Card, ...]], trick: tuple[Card, ...]
) -> State:
    """Resolve a complete ``trick``, collect it and draw (§1.4, §1.7): the state after it,
    from the deal, the progress before it and the hands less the trick's cards."""
    best, taken = outcome(trick, deal.takes, deal.values)
    leader = k[LEADER]
    winner = deal.orders[leader][best]
    points = k[POINTS]
    if taken:
        points = points[:winner] + (points[winner] + taken,) + points[winner + 1 :]
    last = k[LAST]
    record = [last, 0, CLOSE, last[CARRY], leader, trick, winner, None, None, None]
    stock = deal.stock
    at = k[AT]
    trump_card = k[TRUMP_CARD]
    phase = _PLAY
    turn: int | None = winner
    if trump_card is not None or at < len(stock):
        at, trump_card = draw(hands, stock, at, trump_card, deal.orders[winner])
        if trump_card is None and at == len(stock):
            # The stock has just run out (§3.4).
            sharing = deal.rules.share_hands_when_stock_empty
            if sharing is ShareHands.VOLUNTARY:
                phase = Phase.SHARE_HANDS
            elif sharing is ShareHands.AUTOMATIC:
                shown = tuple((seat, hands[seat]) for seat in range(len(hands)))
                deal = deal.replace(trump_suit=deal.trump_suit, shown=deal.shown + shown)
    next_hand = hands[winner]
    legal: tuple[Move, ...] | None = None
    if not next_hand:
        phase = _OVER
        turn = None
    elif phase is _PLAY and deal.plain:
        legal = tuple(map(_play_of, next_hand))
    x = _new(State)
    x._deal = deal
    x._progress = (winner, points, at, trump_card, False, record)
    x._phase = phase
    x._hands = tuple(hands)
    x._trick = ()
    x._turn = turn
    x._legal = legal
    x._hash = None
    return x


def outcome(
    trick: tuple[Card, ...], takes: tuple[tuple[bool, ...], ...], values: tuple[int, ...]
) -> tuple[int, int]:
    """The place in ``trick`` of the card that takes it (by ``takes``, a `_Deal.takes`: the
    rule of `tricks._winning_index`) and the trick's card points, in one pass."""
    top = trick[0].id
    taken = values[top]
    best = 0
    for place, played in enumerate(trick[1:], 1):
        card_id = played.id
        taken += values[card_id]
        if takes[top][card_id]:
            best = place
            top = card_id
    return best, taken


def close_trick(s: State) -> State:
    """Resolve the complete trick of ``s`` (Chiamata's trick 1 once the suit is named)."""
    return finish_trick(s._deal, s._progress, list(s._hands), s._trick)


def _listed(s: State, move: Play) -> bool:
    """Whether ``move`` is one of the legal moves of ``s`` (trick play that is not plain)."""
    legal = s._legal
    if legal is None:
        legal = legal_play(s)
    for candidate in legal:
        if candidate is move:
            return True
    return move in legal


def _write_out(size: int) -> None:
    """Compile, for hands of ``size`` cards, the hand less a card (found by identity; ``None``
    when it is not there) into `_WITHOUT` and the hand's `Play`s into `_PLAYS_OF`, written out
    card by card: a loop, a slice or a ``map`` over a hand costs several times as much in
    CPython, and every move of trick play makes one of each."""
    cards = [f"h[{k}]" for k in range(size)]
    lines = ["def without(h, card):"]
    for k in range(size):
        rest = ", ".join(cards[:k] + cards[k + 1 :])
        lines.append(f"    if h[{k}] is card:\n        return ({rest}{',' if size == 2 else ''})")
    lines.append("    return None")
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


_WITHOUT: Final[list[Callable[..., tuple[Card, ...] | None]]] = []
_PLAYS_OF: Final[list[Callable[..., tuple[Move, ...]]]] = []
_WITHOUT.extend(_on_first_use(_WITHOUT, size) for size in range(MAX_HAND_SIZE + 1))
_PLAYS_OF.extend(_on_first_use(_PLAYS_OF, size) for size in range(MAX_HAND_SIZE + 1))


def apply_swap(s: State, seat: int, card: Card, phase: Phase, turn: int | None) -> State:
    """Exchange ``card`` (the 7 or 2 of trumps) for the face-up card."""
    face_up = s.trump_card
    assert face_up is not None
    hand = s.hands[seat]
    i = hand.index(card)
    hand = insert(hand[:i] + hand[i + 1 :], face_up)
    return evolve_state(
        s,
        entry=(seat, SWAPS[card.id]),
        phase=phase,
        hands=s.hands[:seat] + (hand,) + s.hands[seat + 1 :],
        trump_card=card,
        turn=turn,
    )


def _swap_in_play(s: State, seat: int, move: Move) -> State:
    # During trick play the same seat still plays a card (§3.1).
    return apply_swap(s, seat, move.card, _PLAY, seat)  # type: ignore[attr-defined]


def _talk(s: State, seat: int, move: Move) -> State:
    # A Declare or Signal: one per turn, and the same seat still acts (§3.5, ruling R2).
    return evolve_state(s, entry=(seat, move), turn=seat, talked=True)


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
    deal = s._deal
    k = s._progress
    active = deal.active
    takes = deal.takes
    values = deal.values
    following = deal.following
    orders = deal.orders
    stock = deal.stock
    without = _WITHOUT
    hands = list(s._hands)
    trick = list(s._trick)
    points = list(k[POINTS])
    at = k[AT]
    trump_card = k[TRUMP_CARD]
    last = k[LAST]
    leader = k[LEADER]
    seat = s._turn
    assert seat is not None
    while True:
        hand = hands[seat]
        card = choice(hand)
        hands[seat] = without[len(hand)](hand, card)  # type: ignore[assignment]  # it holds it
        trick.append(card)
        if len(trick) < active:
            seat = following[seat]
            continue
        cards = tuple(trick)
        best, taken = outcome(cards, takes, values)
        winner = orders[leader][best]
        points[winner] += taken
        last = [last, 0, CLOSE, last[CARRY], leader, cards, winner, None, None, None]
        trick.clear()
        if trump_card is not None or at < len(stock):
            at, trump_card = draw(hands, stock, at, trump_card, orders[winner])
        leader = seat = winner
        if not hands[winner]:
            break
    x = _new(State)
    x._deal = deal
    x._progress = (winner, tuple(points), at, trump_card, False, last)
    x._phase = _OVER
    x._hands = tuple(hands)
    x._trick = ()
    x._turn = None
    x._legal = ()
    x._hash = None
    return x
