"""`State`, the referee's complete and immutable picture of a deal, and its parts.

A `State` holds every card, hidden or not: it is what the engine needs, not what a player
may see (that is `observe`). It is never mutated: `apply` returns a new one. There are no
validators on these classes, so that `apply` stays cheap; `new_game` builds valid states
and `apply` keeps them valid.
"""

from __future__ import annotations

import enum

import attrs

from .cards import Card, Suit
from .moves import Move
from .rules import Rules

__all__ = ["Phase", "State", "Trick"]


class Phase(enum.Enum):
    """The stage of a deal (RULES.md Appendix A). Dealing happens inside `new_game`."""

    SWAP_WINDOW = "swap_window"
    """The round of `SwapTrump`/`Pass` before the first lead (``two_swap_window``, §3.2)."""
    PLAY = "play"
    """Trick play."""
    OVER = "over"
    """The deal has ended; nobody acts."""


@attrs.frozen
class Trick:
    """A finished trick."""

    leader: int
    """The seat that led it."""
    cards: tuple[Card, ...]
    """The cards in play order; ``cards[i]`` was played by seat ``(leader + i) % players``."""
    winner: int
    """The seat that took it."""

    def player_of(self, index: int, players: int) -> int:
        """The seat that played ``cards[index]``."""
        return (self.leader + index) % players


@attrs.frozen
class State:
    """A whole deal: every hand, the stock, the tricks and the history of moves.

    Build one with `new_game`; advance it with `apply`. States are hashable, comparable
    and picklable, and can be kept as keys of a search tree.
    """

    rules: Rules
    """The variant and table rules in force."""
    phase: Phase
    """The stage of the deal."""
    dealer: int
    """The dealer's seat; ``(dealer + 1) % players`` is the first hand."""
    deck: tuple[Card, ...]
    """The deck as dealt, top card first."""
    removed: tuple[Card, ...]
    """Cards out of play for this deal (the 2s of ``classic-3`` and ``classic-6``); public."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted by card id."""
    stock: tuple[Card, ...]
    """The face-down stock in drawing order, including the cards already drawn."""
    drawn: int
    """How many cards of `stock` have been drawn."""
    trump_card: Card | None
    """The face-up card under the stock, until it is drawn (the last card drawn)."""
    trump_suit: Suit | None
    """The trump suit; ``None`` in ``briscolone``."""
    leader: int
    """The seat that leads (or led) the current trick."""
    turn: int | None
    """The seat to act; ``None`` once the deal is over."""
    trick: tuple[Card, ...]
    """The cards of the current trick so far, in play order from `leader`."""
    tricks: tuple[Trick, ...]
    """The finished tricks, in order."""
    points: tuple[int, ...]
    """Card points captured so far by each seat, under the active ``rank_variant``."""
    history: tuple[tuple[int, Move], ...]
    """Every move applied so far, with the seat that made it."""
    _legal: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, alias="_legal"
    )

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the face-up card included."""
        return len(self.stock) - self.drawn + (self.trump_card is not None)
