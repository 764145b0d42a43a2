"""Briscola Chiamata: the auction and naming the trump suit or card (§2.5.2–§2.5.4, §2.5.8).

The auction lives in the state's history: the highest bid, who has passed and whose turn
it is are all read back from the moves made so far, so the state needs no auction fields.
The contract it produces is read back by `briscola._contract`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from ._contract import first_hand, settle, two_rank
from ._play import close_trick
from ._quote import quote
from .cards import Card, Rank, Suit
from .moves import PASS, Bid, BidPoints, Move, NameCard, NameSuit, Pass
from .rules import AfterTwo, AllPass, Auction, FirstLeader, FirstTrickBlind, Rules
from .state import LAST, Phase, State, evolve_state, log_move

_BIDS: Final = {rank: Bid(rank) for rank in Rank}
_POINT_BIDS: Final = {target: BidPoints(target) for target in range(60, 121)}
_NAME_SUITS: Final = tuple(NameSuit(suit) for suit in Suit)
_NAME_CARDS: dict[tuple[tuple[Card, ...], bool], tuple[Move, ...]] = {}


class _Bidding(NamedTuple):
    """The auction so far: the highest bid, who made it, and the seats that have passed
    (bit ``1 << seat`` of ``passed``)."""

    high: Bid | BidPoints | None
    high_seat: int | None
    passed: int


# A named tuple built straight from a tuple, without its Python-level __new__.
_new_bidding: Final = tuple.__new__

# The auction read back for the last state asked about, keyed by the state's last record
# (one per move of the auction): legal_auction(s) and then apply_auction(s) read the same
# auction, and apply_auction leaves the new state's entry for the next legal_auction, so
# each bid reads the auction once instead of twice per move and never re-reads it from the
# start. Records are never changed once made and the entry holds a reference to its own,
# so an identity match is always the same auction.
_last: tuple[object, _Bidding] | None = None


def _bidding(s: State) -> _Bidding:
    last = _last
    if last is not None and last[0] is s._progress[LAST]:
        return last[1]
    return _read_bidding(s)


def _remember(s: State, bidding: _Bidding) -> None:
    global _last
    _last = (s._progress[LAST], bidding)


def read_bidding(history: tuple[tuple[int, Move], ...]) -> _Bidding:
    """The auction so far, read from a deal's ``history`` (a state's or a view's)."""
    high: Bid | BidPoints | None = None
    high_seat = None
    passed = 0
    for seat, move in history:
        if type(move) is Bid or type(move) is BidPoints:
            high, high_seat = move, seat
        elif type(move) is Pass:
            passed |= 1 << seat
    return _new_bidding(_Bidding, (high, high_seat, passed))


def _read_bidding(s: State) -> _Bidding:
    bidding = read_bidding(s.history)
    _remember(s, bidding)
    return bidding


def _is_two_call(r: Rules, bid: Bid | BidPoints | None) -> bool:
    return type(bid) is BidPoints or (type(bid) is Bid and bid.rank is two_rank(r))


def _point_floor(r: Rules, high: Bid | BidPoints | None) -> int | None:
    """The lowest legal point bid over ``high``, or ``None`` if no point bid is open."""
    assert r.min_point_call is not None
    assert r.point_call_step is not None
    if type(high) is BidPoints:
        return high.target + r.point_call_step
    if r.auction is not Auction.RANKS:
        return r.min_point_call
    if r.after_two is not AfterTwo.POINTS:
        return None
    if _is_two_call(r, high) or r.allow_point_jump:
        return r.min_point_call
    return None


def legal_auction(s: State) -> tuple[Move, ...]:
    """`Bid` by ladder position, then `BidPoints` by target, then `Pass` (§2.5.2, §2.5.3)."""
    return _auction_moves(s.rules, _bidding(s))


def _auction_moves(r: Rules, bidding: _Bidding) -> tuple[Move, ...]:
    high = bidding.high
    forced = high is None and bidding.passed.bit_count() == r.active_players
    # The moves depend on the highest bid and on whether the first hand is forced only:
    # each list is worked out once per Rules.
    if high is None:
        key: tuple[str, int, bool] = ("auction", 0, forced)
    elif isinstance(high, Bid):
        key = ("auction", high.rank, forced)
    else:
        key = ("auction", -high.target, forced)  # point bids by negated target
    moves: tuple[Move, ...] | None = r._memo.get(key)
    if moves is None:
        moves = r._memo[key] = _list_auction_moves(r, high, forced)
    return moves


def _list_auction_moves(r: Rules, high: Bid | BidPoints | None, forced: bool) -> tuple[Move, ...]:
    moves: list[Move] = []
    if r.auction is Auction.RANKS and not _is_two_call(r, high):
        ladder = r.call_ranks
        level = -1 if high is None else ladder.index(high.rank)  # type: ignore[union-attr]
        moves.extend(
            _BIDS[rank]
            for position, rank in enumerate(ladder)
            if position > level and (rank is not Rank.ACE or r.allow_ace_call)
        )
    floor = _point_floor(r, high)
    if floor is not None:
        moves.extend(_POINT_BIDS[target] for target in range(floor, 121))
    if not forced:
        moves.append(PASS)
    return tuple(moves)


def apply_auction(s: State, seat: int, move: Move) -> State:
    """Make a legal bid or pass, then end the auction or pass the turn on."""
    r = s.rules
    entry = (seat, move)
    before = _bidding(s)
    kind = type(move)
    active_players = r.active_players
    if kind is Bid or kind is BidPoints:
        bidding = _new_bidding(_Bidding, (move, seat, before.passed))
    elif before.high is None and before.passed.bit_count() == active_players:
        bidding = before  # a forced first hand never passes
    else:
        bidding = _new_bidding(
            _Bidding, (before.high, before.high_seat, before.passed | 1 << seat)
        )
    passed = bidding.passed
    caller = bidding.high_seat
    if caller is None and passed.bit_count() == active_players:
        if r.all_pass is AllPass.REDEAL:
            return _with(s, Phase.OVER, None, entry)  # a void deal (§2.5.2)
        # Forced (§2.5.2): the first hand must bid.
        forced = _auction_moves(r, bidding)
        return _bid(_with(s, Phase.AUCTION, first_hand(r, s.dealer), entry, forced), bidding)
    assert r.point_call_step is not None
    ends = caller is not None and (
        (passed | 1 << caller).bit_count() == active_players
        or (kind is Bid and r.after_two is AfterTwo.ENDS and move.rank is two_rank(r))  # type: ignore[attr-defined]
        or (kind is BidPoints and move.target + r.point_call_step > 120)  # type: ignore[attr-defined]
    )
    if ends:
        assert caller is not None
        if r.first_trick_blind is FirstTrickBlind.FREE_CHOICE:
            leader = caller if r.first_leader is FirstLeader.CALLER else first_hand(r, s.dealer)
            return _with(s, Phase.PLAY, leader, entry, leader=leader)
        return _with(s, Phase.NAME_TRUMP, caller, entry)
    following = r.next_seats[s.dealer]
    turn = following[seat]
    while passed >> turn & 1:
        turn = following[turn]
    return _bid(_with(s, Phase.AUCTION, turn, entry, _auction_moves(r, bidding)), bidding)


def _bid(s: State, bidding: _Bidding) -> State:
    """``s``, in the auction, with its bidding remembered for the next bid."""
    _remember(s, bidding)
    return s


def _with(
    s: State,
    phase: Phase,
    turn: int | None,
    entry: tuple[int, Move],
    legal: tuple[Move, ...] | None = None,
    *,
    leader: int | None = None,
    trump_suit: Suit | None = None,
) -> State:
    """The auction's and the naming's transition: ``entry`` made, the turn passed on."""
    if trump_suit is None:
        if leader is None:
            return log_move(s, entry, phase, turn, legal)
        return evolve_state(s, entry=entry, legal=legal, phase=phase, turn=turn, leader=leader)
    return evolve_state(
        s,
        entry=entry,
        legal=legal,
        phase=phase,
        turn=turn,
        leader=s.leader if leader is None else leader,
        trump_suit=trump_suit,
    )


# --- naming the suit or the card -------------------------------------------------------------


def legal_naming(s: State) -> tuple[Move, ...]:
    """`NameSuit` for each suit, or `NameCard` for each callable card (points-only auction)."""
    r = s.rules
    if r.auction is not Auction.POINTS_ONLY:
        return _NAME_SUITS
    key = (r.deck, r.allow_ace_call)
    moves = _NAME_CARDS.get(key)
    if moves is None:
        moves = tuple(
            NameCard(card) for card in r.deck if r.allow_ace_call or card.rank is not Rank.ACE
        )
        _NAME_CARDS[key] = moves
    return moves


def apply_naming(s: State, seat: int, move: Move) -> State:
    """Fix the trump suit; inside trick 1 (``"free_choice"``) also resolve that trick."""
    r = s.rules
    suit = move.suit if type(move) is NameSuit else move.card.suit  # type: ignore[attr-defined]
    entry = (seat, move)
    if len(s.trick) == r.active_players:
        # "free_choice": the trick's last card is down; resolve it with the named trump.
        return close_trick(settle(_with(s, Phase.PLAY, s.turn, entry, trump_suit=suit)))
    leader = seat if r.first_leader is FirstLeader.CALLER else first_hand(r, s.dealer)
    return settle(_with(s, Phase.PLAY, leader, entry, leader=leader, trump_suit=suit))


# --- why a move is refused -------------------------------------------------------------------


def why_illegal(s: State, move: Move) -> str:
    """Why ``move`` is not legal in the auction or the naming, in a player's words."""
    r = s.rules
    seat = s.turn
    if s.phase is Phase.NAME_TRUMP:
        if r.auction is Auction.POINTS_ONLY and type(move) is not NameCard:
            return f"seat {seat} must name the called card, such as call KD"
        if r.auction is not Auction.POINTS_ONLY and type(move) is not NameSuit:
            return f"seat {seat} must name the trump suit, such as suit C"
        if type(move) is NameCard and move.card not in r.deck:
            return f"{move.card} is not in the deck"
        return "an Ace cannot be called (allow_ace_call is off)"
    bidding = _bidding(s)
    high = bidding.high
    forced = high is None and bidding.passed.bit_count() == r.active_players
    if type(move) is Pass:
        return f"seat {seat} must bid: everyone has passed, and the first hand must call"
    if type(move) is Bid:
        if r.auction is not Auction.RANKS:
            return "this auction takes point bids only, such as points 65"
        if move.rank not in r.call_ranks:
            return f"no {move.rank.code} is in the deck"
        if move.rank is Rank.ACE and not r.allow_ace_call:
            return "the Ace cannot be called (allow_ace_call is off)"
        if _is_two_call(r, high):
            return f"after a call of the {two_rank(r).code} only point bids can follow"
        assert type(high) is Bid  # a point bid is a call of the 2
        return f"a bid of {move.rank.code} does not beat the current bid of {high.rank.code}"
    if type(move) is BidPoints:
        floor = _point_floor(r, high)
        if floor is None and r.after_two is AfterTwo.ENDS:
            return f"this auction has no point bids: a call of the {two_rank(r).code} ends it"
        if floor is None:
            return f"point bids are allowed only after a call of the {two_rank(r).code}"
        return f"a point bid must be from {floor} to 120, not {quote(move.target)}"
    what = "bid or pass" if not forced else "bid"
    return f"seat {seat} cannot do that now: the auction is on, and it must {what}"
