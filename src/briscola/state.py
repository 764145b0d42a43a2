"""`State`, the referee's complete and immutable picture of a deal, and its parts.

A `State` holds every card, hidden or not: it is what the engine needs, not what a player
may see (that is `observe`). It is never mutated: `apply` returns a new one. There are no
validators on these classes, so that `apply` stays cheap; `new_game` builds valid states
and `apply` keeps them valid.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import attrs

from ._enums import StateEnum
from .cards import Card, Suit
from .moves import Move
from .rules import Rules

__all__ = ["Phase", "State", "Trick"]


class Phase(StateEnum):
    """The stage of a deal (RULES.md Appendix A). Dealing happens inside `new_game`."""

    AUCTION = "auction"
    """Chiamata: the bidding (§2.5.2, §2.5.3)."""
    NAME_TRUMP = "name_trump"
    """Chiamata: the caller names the trump suit (`NameSuit`) or the called card
    (`NameCard`); under ``first_trick_blind="free_choice"`` after trick 1's last card."""
    DECLARATIONS = "declarations"
    """Bugiarda's round of `Declare`/`Pass` before the first trick (§2.6.1)."""
    SWAP_WINDOW = "swap_window"
    """The round of `SwapTrump`/`Pass` before the first lead (``two_swap_window``, §3.2)."""
    SHARE_HANDS = "share_hands"
    """A round of `ShowHand`/`Pass` (``"voluntary"`` hand sharing, §3.3, §3.4)."""
    PLAY = "play"
    """Trick play."""
    OVER = "over"
    """The deal has ended; nobody acts."""


class Trick(NamedTuple):
    """A finished trick: who led it, the cards in play order, who took it, and who played.

    A `Trick` is a named tuple: ``for seat, card in zip(trick.seats, trick.cards)`` pairs
    each card with its player.
    """

    leader: int
    """The seat that led it."""
    cards: tuple[Card, ...]
    """The cards in play order, the led card first."""
    winner: int
    """The seat that took it."""
    seats: tuple[int, ...]
    """The seats that played ``cards``, in the same order."""


_FIELDS = (
    "rules",
    "phase",
    "dealer",
    "deck",
    "removed",
    "hands",
    "stock",
    "drawn",
    "trump_card",
    "trump_suit",
    "leader",
    "turn",
    "trick",
    "tricks",
    "points",
    "history",
    "talked",
    "shown",
    "_legal",
)


class _StateSlots:
    """The storage of `State`, shared with the private builder below.

    ``_legal`` caches the legal moves of the state. It is not an attrs field, so it takes no
    part in equality, hashing, the repr or pickling.
    """

    __slots__ = _FIELDS


@attrs.frozen(weakref_slot=False)
class State(_StateSlots):
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
    """Cards out of play for this deal (the 2 of ``classic-3``, the 2s of ``classic-6``, the
    4s or 2s of six-player Chiamata); public."""
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
    talked: bool
    """Whether the seat to act has already made its one `Declare` or `Signal` this turn."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    """Hands shown to partners (§3.3, §3.4): each seat with the cards it held then."""

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of this deal, each a tuple of seats (see `Rules.teams_for`)."""
        return self.rules.teams_for(self.dealer)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the face-up card included."""
        return len(self.stock) - self.drawn + (self.trump_card is not None)


class _Builder(_StateSlots):
    """A mutable twin of `State` with the same memory layout.

    `apply` makes one new state per move, and attrs' frozen ``__init__`` pays one
    ``object.__setattr__`` call per field. Filling this twin with plain slot stores and then
    relabelling it as a `State` builds the same object about twice as fast. The result is a
    genuine, frozen `State`; only the engine calls this, and only with valid values.
    """

    __slots__ = ()


def make_state(
    rules: Rules,
    phase: Phase,
    dealer: int,
    deck: tuple[Card, ...],
    removed: tuple[Card, ...],
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    drawn: int,
    trump_card: Card | None,
    trump_suit: Suit | None,
    leader: int,
    turn: int | None,
    trick: tuple[Card, ...],
    tricks: tuple[Trick, ...],
    points: tuple[int, ...],
    history: tuple[tuple[int, Move], ...],
    talked: bool,
    shown: tuple[tuple[int, tuple[Card, ...]], ...],
) -> State:
    """Build a `State` from its fields, in field order, without attrs' ``__init__``."""
    s: Any = _new(_Builder)
    s.rules = rules
    s.phase = phase
    s.dealer = dealer
    s.deck = deck
    s.removed = removed
    s.hands = hands
    s.stock = stock
    s.drawn = drawn
    s.trump_card = trump_card
    s.trump_suit = trump_suit
    s.leader = leader
    s.turn = turn
    s.trick = trick
    s.tricks = tricks
    s.points = points
    s.history = history
    s.talked = talked
    s.shown = shown
    s._legal = None
    s.__class__ = State
    return s  # type: ignore[no-any-return]


_new = object.__new__


def changed(s: State, **changes: Any) -> State:
    """A copy of ``s`` with some fields changed, for the moves off the hot path."""
    fields = {name: getattr(s, name) for name in _FIELDS[:-1]}
    fields.update(changes)
    return make_state(**fields)
