"""`State`, the referee's complete and immutable picture of a deal, and its parts.

A `State` holds every card, hidden or not: it is what the engine needs, not what a player
may see (that is `observe`). It is never mutated: `apply` returns a new one. There are no
validators on these classes, so that `apply` stays cheap; `new_game` builds valid states
and `apply` keeps them valid.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, Final, NamedTuple

import attrs

from ._enums import StateEnum
from ._frozen import compile_function, twin
from .cards import Card, Suit
from .moves import Move
from .rules import Rules

__all__ = ["Phase", "State", "Trick"]


class Phase(StateEnum):
    """The stage of a deal (rules Appendix A). Dealing happens inside `new_game`."""

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


class _StateCache:
    """The memory layout of a `State`, in slots: one per field (a test checks that they
    match), and two private caches that are not attrs fields, so they take no part in
    equality, hashing, the repr or pickling.

    ``_legal`` holds the legal moves once listed, ``_hash`` the hash once computed; ``None``
    means not yet. A state unpickled or built with attrs has neither slot set.

    `State` and the engine's builder both take this layout and add no slot of their own:
    relabelling a builder as a `State` is then checked by CPython against their common
    base, without comparing lists of slots (see `_Builder`).
    """

    __slots__ = (
        "_hash",
        "_legal",
        "dealer",
        "deck",
        "drawn",
        "hands",
        "history",
        "leader",
        "phase",
        "points",
        "removed",
        "rules",
        "shown",
        "stock",
        "talked",
        "trick",
        "tricks",
        "trump_card",
        "trump_suit",
        "turn",
    )
    _legal: tuple[Move, ...] | None
    _hash: int | None


# hash=False: attrs leaves the cached __hash__ below in place (equality is still by value).
@attrs.frozen(weakref_slot=False, hash=False)
class State(_StateCache):
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
    """The face-down cards still to be drawn, in drawing order (the face-up card, drawn
    last, is `trump_card`). The whole stock as dealt is `dealt_stock`."""
    drawn: int
    """How many face-down cards have been drawn from the stock so far."""
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
        return len(self.stock) + (self.trump_card is not None)

    @property
    def dealt_stock(self) -> tuple[Card, ...]:
        """The face-down stock as it was dealt, in drawing order, drawn cards included."""
        r = self.rules
        return self.deck[r.dealt_cards + r.has_face_up_card :]

    def __hash__(self) -> int:
        try:
            cached = self._hash
        except AttributeError:  # unpickled, or built with attrs
            cached = None
        if cached is None:
            cached = hash(_field_values(self))
            _set_hash(self, cached)
        return cached


_FIELDS: Final = tuple(field.name for field in attrs.fields(State))
_field_values: Final = attrgetter(*_FIELDS)
_set_hash: Final = vars(_StateCache)["_hash"].__set__


# The engine's builders fill this mutable twin and relabel it as a `State` (see
# `briscola._frozen`): `apply` makes one state per move.
_Builder: Final = twin(State)
_SCOPE: Final[dict[str, Any]] = {"_Builder": _Builder, "State": State}
_KEEP: Final = object()
_TAIL: Final = "    s._legal = _legal\n    s._hash = None\n    s.__class__ = State\n    return s\n"


def _generate() -> tuple[Callable[..., State], Callable[..., State]]:
    """The two keyword builders, written out from the fields of `State` (its one layout)."""
    fields = ", ".join(_FIELDS)
    keep = ", ".join(f"{name}=_KEEP" for name in _FIELDS)
    fresh = "".join(f"    s.{name} = {name}\n" for name in _FIELDS)
    kept = "".join(
        f"    s.{name} = old.{name} if {name} is _KEEP else {name}\n" for name in _FIELDS
    )
    new = compile_function(
        "new_state",
        f"def new_state(*, {fields}, _legal=None):\n    s = _new(_Builder)\n{fresh}{_TAIL}",
        _SCOPE,
    )
    evolve = compile_function(
        "evolve_state",
        f"def evolve_state(old, *, {keep}, _legal=None):\n    s = _new(_Builder)\n{kept}{_TAIL}",
        {**_SCOPE, "_KEEP": _KEEP},
    )
    return new, evolve


def builder() -> Callable[..., State]:
    """A builder that takes every field of `State` by position, in field order, then the
    legal moves (or ``None``): `new_state` without the keyword handling, for the deal."""
    body = "".join(f"    s.{name} = {name}\n" for name in _FIELDS)
    source = f"def build({', '.join(_FIELDS)}, _legal):\n    s = _new(_Builder)\n{body}{_TAIL}"
    return compile_function("build", source, _SCOPE)


def evolver(*names: str) -> Callable[..., State]:
    """A builder that copies a state with the fields ``names`` changed, taken by position.

    ``evolver("turn", "talked")(state, 2, False)`` is ``evolve_state(state, turn=2,
    talked=False)`` without the keyword handling: the hot paths of trick play use it
    (a card played: 1.6 µs a move with an evolver, 2.3 µs with `evolve_state`).
    """
    unknown = set(names) - set(_FIELDS)
    if unknown:
        raise ValueError(f"State has no fields {sorted(unknown)}")
    body = "".join(
        f"    s.{name} = {name}\n" if name in names else f"    s.{name} = old.{name}\n"
        for name in _FIELDS
    )
    source = (
        f"def evolve(old, {', '.join(names)}, _legal=None):\n    s = _new(_Builder)\n{body}{_TAIL}"
    )
    return compile_function("evolve", source, _SCOPE)


# new_state(**fields) builds a State from every field by name; evolve_state(state, **changes)
# copies a state with some fields changed. Both take _legal, the legal moves of the new state
# when the caller already knows them. Every transition of the engine goes through them.
new_state, evolve_state = _generate()
