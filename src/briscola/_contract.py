"""Briscola Chiamata's contract: what the auction decided, read back from a deal (§2.5.2,
§2.5.4, §2.5.6).

The contract lives in the state's history, so this module only reads states. It sits below
the phase handlers: trick play needs the caller when trick 1 ends under ``free_choice``, and
scoring, views and rendering need the caller, the target and the called card.
"""

from __future__ import annotations

import attrs

from ._repr import fields_repr
from .cards import Card, Rank
from .moves import Bid, BidPoints, NameCard, NameSuit, Play
from .rules import Auction, FirstTrickBlind, Rules
from .state import Phase, State

__all__ = [
    "Contract",
    "contract",
    "dealt_to",
    "first_hand",
    "is_revealed",
    "settle",
    "two_rank",
]


@attrs.frozen(repr=False)
class Contract:
    """What the auction decided: who called, for how many points, and which card."""

    __repr__ = fields_repr

    caller: int
    """The seat that won the auction."""
    target: int
    """The card points the caller's side needs."""
    rank: Rank | None
    """The called rank; ``None`` in the points-only auction until a card is named."""
    card: Card | None
    """The called card once named (the referee's knowledge: under ``first_trick_blind``
    it is still secret until trick 1 is complete)."""


def first_hand(r: Rules, dealer: int) -> int:
    """The first hand: the seat after the dealer that plays (§0.2)."""
    return r.seats_for(dealer)[0]


def two_rank(r: Rules) -> Rank:
    """The rank that plays the 2's role: the weakest rank in the deck (§2.5.8)."""
    return r.call_ranks[-1]


def contract(s: State) -> Contract | None:
    """The contract once the auction is over; ``None`` before, or in a void deal."""
    settled = s._deal.settled
    if settled is not None:
        return settled[0]  # type: ignore[no-any-return]
    r = s.rules
    if s.phase is Phase.AUCTION or r.auction is None:
        return None
    caller = target = None
    rank: Rank | None = None
    card: Card | None = None
    for seat, move in s.history:
        kind = type(move)
        if kind is Bid:
            caller, target, rank = seat, r.base_target, move.rank  # type: ignore[attr-defined]
        elif kind is BidPoints:
            caller, target = seat, move.target  # type: ignore[attr-defined]
            rank = two_rank(r) if r.auction is not Auction.POINTS_ONLY else None
        elif kind is NameSuit:
            assert rank is not None
            card = Card(rank, move.suit)  # type: ignore[attr-defined]
        elif kind is NameCard:
            card = move.card  # type: ignore[attr-defined]
            rank = card.rank
        elif kind is Play and card is not None:
            break
    if caller is None or target is None:
        return None
    return Contract(caller, target, rank, card)


def settle(s: State) -> State:
    """``s``, the state in which the called card has just been named, keeping its contract
    and the seat dealt the called card for the deal's later states (nothing else changes
    them)."""
    deal = contract(s)
    if deal is not None and deal.card is not None:
        s._deal.settled = (deal, dealt_to(s, deal.card))
    return s


def dealt_to(s: State, card: Card) -> int:
    """The seat that was dealt ``card`` (§1.6; every card is dealt in Chiamata)."""
    r = s.rules
    position = list(map(id, s.deck)).index(id(card))  # by identity: see `scoring.holds`
    packet = r.deal_packet_size
    within_round = position % (packet * r.active_players)
    return r.seats_for(s.dealer)[within_round // packet]


def is_revealed(s: State) -> bool:
    """Whether the named suit is public (under ``first_trick_blind``, once trick 1 is done)."""
    return s._deal.rules.first_trick_blind is FirstTrickBlind.OFF or bool(s.tricks)
