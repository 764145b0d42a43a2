"""`State`, the referee's complete and immutable picture of a deal, and its parts.

A `State` holds every card, hidden or not: it is what the engine needs, not what a player
may see (that is `observe`). It is never mutated: `apply` returns a new one. There are no
validators on these classes, so that `apply` stays cheap; `new_game` builds valid states
and `apply` keeps them valid.

`apply` builds one state per move, so a state stores only what moves change and shares the
rest with the states before it. It stores four of its eighteen fields, `State.phase`,
`State.hands`, `State.trick` and `State.turn`; the others are read from two values that
successive states share. The *deal* holds the rules, the dealer, the deck, the removed
cards, the trump suit, the hands shown, the stock, and the tables that trick play reads;
it changes only when Chiamata's trump suit is named or hands are shown. The *progress*, a
tuple changed once a trick, holds the leader, the points, how far the stock is drawn, the
face-up card, whether the seat to act has talked, and the last *record*. Records form a
chain, one per finished trick and one per move that is not a card played: `State.tricks`
and `State.history` are built from it when first asked for and kept on its records, so
the later states of the deal reuse that work. Every field is a read-only property. The
performance page of the documentation says why the engine is built this way.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, NamedTuple, NoReturn

import attrs

from ._enums import StateEnum
from .cards import Card, Suit
from .errors import _FOREIGN, InvalidStateError
from .moves import PLAYS, Move
from .rules import Rules
from .tricks import _taking_table

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


# --- the deal ---------------------------------------------------------------------------------


class _Deal:
    """What the states of one deal share: the values that change at most a few times in a
    deal, and the tables of `Rules` that trick play reads, taken for the deal's dealer.

    Private to the engine: a `State` shows these values as its own fields. A deal is not
    changed once a state refers to it (`_Deal.replace` makes a changed copy), but for
    `settled` and `received`, filled once with what the deal's states say already.
    """

    __slots__ = (
        "active",
        "dealer",
        "deck",
        "following",
        "last",
        "limit",
        "orders",
        "pairs",
        "plain",
        "received",
        "removed",
        "rules",
        "settled",
        "shown",
        "stock",
        "stock_base",
        "takes",
        "trump_suit",
        "two",
        "values",
    )

    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    removed: tuple[Card, ...]
    trump_suit: Suit | None
    shown: tuple[tuple[int, tuple[Card, ...]], ...]
    stock: tuple[Card, ...]
    """The face-down cards to draw, read by the progress's draw count (see `State.stock`)."""
    stock_base: int
    """`State.drawn` before the first card of `stock` is drawn: 0 but in a state built by
    hand, whose given stock comes after cards already drawn."""
    following: tuple[int, ...]
    """``following[seat]``: the seat that acts after ``seat`` (`Rules.next_seats`)."""
    orders: tuple[tuple[int, ...], ...]
    """``orders[leader]``: the seats of a trick in play order (`Rules.trick_seats`)."""
    values: tuple[int, ...]
    """`Rules.card_points`."""
    takes: tuple[tuple[bool, ...], ...]
    """``takes[top.id][card.id]``: whether ``card`` takes the trick from ``top``, the card
    winning it so far (`tricks._taking_table`)."""
    pairs: tuple[tuple[tuple[bool, int], ...], ...]
    """``pairs[first.id][second.id]``: whether the second card of a two-card trick takes
    it, and the trick's card points."""
    active: int
    """`Rules.active_players`: the cards of a trick."""
    last: int
    """``active - 1``: a card played to a trick of fewer cards does not end it."""
    plain: bool
    """`Rules.plain_play`: the legal moves of trick play are the cards of the hand."""
    two: bool
    """Two seats: the other seat is ``1 - seat``."""
    limit: int
    """Two players with three-card hands: while fewer than ``limit`` stock cards are drawn,
    a trick's draw leaves the stock holding a card (engine-dealt deals only; else -1)."""
    settled: Any
    """Chiamata, once the called card is named: what `briscola._contract` read from the
    history (the contract, and who was dealt the called card), kept for the deal's later
    states; ``None`` before, or where it is read afresh."""
    received: tuple[tuple[Card, ...], ...] | None
    """In a deal without a stock or exchanges, each seat's cards as `briscola._received`
    read them from the deck (all a seat receives), kept for the deal's later states."""

    def replace(
        self, *, trump_suit: Suit | None, shown: tuple[tuple[int, tuple[Card, ...]], ...]
    ) -> _Deal:
        """A copy with another trump suit (Chiamata's, once named) or more hands shown."""
        copy = _new(_Deal)
        copy.rules = self.rules
        copy.dealer = self.dealer
        copy.deck = self.deck
        copy.removed = self.removed
        copy.trump_suit = trump_suit
        copy.shown = shown
        copy.stock = self.stock
        copy.stock_base = self.stock_base
        copy.following = self.following
        copy.orders = self.orders
        copy.values = self.values
        copy.active = self.active
        copy.last = self.last
        copy.plain = self.plain
        copy.two = self.two
        copy.limit = self.limit
        copy.settled = self.settled
        copy.received = self.received
        if trump_suit is self.trump_suit:
            copy.takes = self.takes
            copy.pairs = self.pairs
        else:
            copy.takes, copy.pairs = tables(self.rules, trump_suit)
        return copy


def tables(r: Rules, trump: Suit | None) -> tuple[Any, Any]:
    """`_Deal.takes` and `_Deal.pairs` for ``r`` and the trump suit ``trump``, kept on the
    `Rules` and shared by every `Rules` that ranks and counts the cards alike."""
    by_trump: dict[Suit | None, tuple[Any, Any]] | None = r._memo.get("takes")
    if by_trump is None:
        by_trump = r._memo["takes"] = {}
    found = by_trump.get(trump)
    if found is None:
        key = (r.strength, r.card_points, trump)
        found = _TABLES.get(key)
        if found is None:
            found = _TABLES[key] = _make_tables(r.strength, r.card_points, trump)
        by_trump[trump] = found
    return found


def _make_tables(
    strength: tuple[int, ...], values: tuple[int, ...], trump: Suit | None
) -> tuple[Any, Any]:
    takes = _taking_table(trump, strength)
    outcomes: dict[tuple[bool, int], tuple[bool, int]] = {}  # a few dozen, shared
    pairs = tuple(
        tuple(
            outcomes.setdefault(outcome, outcome)
            for outcome in zip(takes[first], (values[first] + v for v in values), strict=True)
        )
        for first in range(40)
    )
    return takes, pairs


# The tables of each card ranking and trump suit (a few ranks of cards by five trumps).
_TABLES: Final[dict[tuple[tuple[int, ...], tuple[int, ...], Suit | None], tuple[Any, Any]]] = {}


def new_deal(
    r: Rules,
    dealer: int,
    deck: tuple[Card, ...],
    removed: tuple[Card, ...],
    trump_suit: Suit | None,
    shown: tuple[tuple[int, tuple[Card, ...]], ...],
    stock: tuple[Card, ...],
    drawn: int | None = None,
    *,
    playable: bool = True,
) -> _Deal:
    """The deal of a state, with the tables trick play reads for ``r`` and ``dealer``.

    ``drawn`` is None for a deal the engine dealt: ``stock`` is the whole stock, and a
    two-player trick of three-card hands closes by the short path. A number means a state
    built from its fields, ``stock`` being what is left after ``drawn`` cards: it closes by
    the general path, and has no tables (so no card can be played in it) when they cannot
    be filled from what it holds, or when it is not ``playable``.
    """
    d = _new(_Deal)
    d.rules = r
    d.dealer = dealer
    d.deck = deck
    d.removed = removed
    d.trump_suit = trump_suit
    d.shown = shown
    d.stock = stock
    d.stock_base = 0 if drawn is None else drawn
    d.settled = d.received = None
    d.limit = -1
    if playable:
        try:
            d.following = r.next_seats[dealer]
            d.orders = r.trick_seats[dealer]
            d.values = r.card_points
            d.takes, d.pairs = tables(r, trump_suit)
            d.active = r.active_players
            d.last = d.active - 1
            d.plain = r.plain_play
            d.two = r.players == 2
        except Exception:
            if drawn is None:
                raise
            playable = False
    if not playable:
        d.following = d.orders = d.values = d.takes = d.pairs = None  # type: ignore[assignment]
        d.active = d.last = 0
        d.plain = d.two = False
    elif drawn is None and d.two and r.hand_size == 3:
        d.limit = len(stock) - (1 if r.has_face_up_card else 2)
    return d


# --- records ----------------------------------------------------------------------------------
#
# A record is a list: [previous record, carry, kind, a, b, c, d, tricks, history, received].
# ``carry`` is how many cards of the trick in progress the record's history already holds;
# ``tricks`` and ``history`` are the finished tricks and the moves up to the record, filled
# when first asked for, and ``received`` is kept there by `briscola._received` the same way.
# Lists, because those are filled in later; nothing else ever changes.
#
#   a finished trick:  kind CLOSE, a = cards of the trick its predecessor's history already
#                      holds, b = leader, c = cards, d = winner; carry 0.
#   another move:      kind MOVE, a = the entries it adds to the history (the cards played
#                      since its predecessor, then the move); carry = len(trick).
#   a start:           kind START, tricks and history given (a state built by hand).

PREVIOUS: Final = 0
CARRY: Final = 1
KIND: Final = 2
CLOSE: Final = 0
MOVE: Final = 1
START: Final = 2
TRICKS: Final = 7
HISTORY: Final = 8
RECEIVED: Final = 9

Record = list[Any]

EMPTY: Final[Record] = [None, 0, START, None, None, None, None, (), (), None]
"""The record before anything happened in a deal, shared by every deal."""


def start_record(
    tricks: tuple[Trick, ...], history: tuple[tuple[int, Move], ...], carry: int
) -> Record:
    """A record holding given tricks and history (a state built by hand)."""
    return [None, carry, START, None, None, None, None, tricks, history, None]


def move_record(last: Record, carried: tuple[tuple[int, Move], ...], carry: int) -> Record:
    """The record of a move other than a card: ``carried`` are the history entries it adds
    (the cards played since ``last`` and the move itself)."""
    return [last, carry, MOVE, carried, None, None, None, None, None, None]


def plays(
    cards: tuple[Card, ...], seats: tuple[int, ...], skip: int
) -> tuple[tuple[int, Move], ...]:
    """History entries of ``cards`` played by ``seats`` (in order), the first ``skip`` left
    out."""
    return tuple(
        [  # a list first: cheaper than a generator in CPython
            (seat, PLAYS[card.id])
            for seat, card in zip(seats[skip : len(cards)], cards[skip:], strict=True)
        ]
    )


def _kept(
    record: Record, slot: int, grow: Callable[[Any, Record, _Deal], Any], deal: _Deal
) -> Any:
    """The value ``slot`` keeps on ``record``: filled on it and on every record before it
    that lacks it, each from the one before by ``grow(value, record, deal)``. A start holds
    its value as given."""
    value = record[slot]
    if value is not None or record[KIND] == START:
        return value
    todo = [record]  # the records to fill, newest first
    while todo[-1][PREVIOUS][slot] is None and todo[-1][PREVIOUS][KIND] != START:
        todo.append(todo[-1][PREVIOUS])
    value = todo[-1][PREVIOUS][slot]
    for step in reversed(todo):
        value = step[slot] = grow(value, step, deal)
    return value


def _add_trick(tricks: tuple[Trick, ...], step: Record, deal: _Deal) -> tuple[Trick, ...]:
    if step[KIND] != CLOSE:
        return tricks
    leader = step[4]
    return tricks + (_new_trick(Trick, (leader, step[5], step[6], deal.orders[leader])),)


def _add_moves(
    history: tuple[tuple[int, Move], ...], step: Record, deal: _Deal
) -> tuple[tuple[int, Move], ...]:
    if step[KIND] == CLOSE:
        return history + plays(step[5], deal.orders[step[4]], step[3])
    return history + step[3]  # type: ignore[no-any-return]


def tricks_at(record: Record, deal: _Deal) -> tuple[Trick, ...]:
    """The finished tricks up to ``record``, kept on each record on the way."""
    return _kept(record, TRICKS, _add_trick, deal)  # type: ignore[no-any-return]


def history_at(record: Record, deal: _Deal) -> tuple[tuple[int, Move], ...]:
    """Every move up to ``record``, kept on each record on the way."""
    return _kept(record, HISTORY, _add_moves, deal)  # type: ignore[no-any-return]


# --- the state --------------------------------------------------------------------------------

# The progress: a tuple of these, in this order (see the module's docstring).
LEADER: Final = 0
POINTS: Final = 1
AT: Final = 2
"""Cards drawn from `_Deal.stock`: `State.drawn` is ``_Deal.stock_base`` plus this."""
TRUMP_CARD: Final = 3
TALKED: Final = 4
LAST: Final = 5

Progress = tuple[int, tuple[int, ...], int, Card | None, bool, Record]


class _Layout:
    """The memory of a `State`: the values it stores, in slots.

    ``_deal`` and ``_progress`` (shared with other states), ``_phase``, ``_hands``,
    ``_trick`` and ``_turn``; ``_legal``, the legal moves once listed, and ``_hash``, the
    hash once computed. `State` adds no slot: each of its fields is a read-only property.
    """

    __slots__ = ("_deal", "_hands", "_hash", "_legal", "_phase", "_progress", "_trick", "_turn")
    _deal: _Deal
    _progress: Progress
    _phase: Phase
    _hands: tuple[tuple[Card, ...], ...]
    _trick: tuple[Card, ...]
    _turn: int | None
    _legal: tuple[Move, ...] | None
    _hash: int | None


if TYPE_CHECKING:
    from attrs import frozen as _value_class
else:
    # A frozen attrs class sets its fields through `object.__setattr__` and forbids setting
    # them with a `__setattr__` of its own, which makes every attribute store on the class a
    # call. `State` is frozen instead by its fields, read-only properties over the slots of
    # `_Layout` (setting one raises attrs' `FrozenInstanceError`), so that the engine fills
    # a new state with plain slot stores. Type checkers see a frozen attrs class.
    def _value_class(**options: Any) -> Any:
        return attrs.define(slots=False, frozen=False, **options)


# hash=False: the cached __hash__ below stays (equality is still by value). init=False: the
# `__init__` below stores the fields (`__reduce__` pickles through it).
@_value_class(hash=False, init=False)
class State(_Layout):
    """A whole deal: every hand, the stock, the tricks and the history of moves.

    Build one with `new_game`; advance it with `apply`. States are hashable, comparable
    and picklable, and can be kept as keys of a search tree.
    """

    __slots__ = ()

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

    def __init__(
        self,
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
    ) -> None:
        # A state built from its fields (by attrs.evolve, by hand or by unpickling) keeps
        # them as given, whatever they hold: the verbs refuse an inconsistent one later.
        # Trick play reads the deal's tables, drawing from a tuple at a count of cards, and
        # records each move after tuples of tricks and history: a state whose fields cannot
        # serve so cannot be played.
        playable = (
            type(stock) is tuple
            and type(drawn) is int
            and type(tricks) is tuple
            and type(history) is tuple
        )
        deal = new_deal(
            rules, dealer, deck, removed, trump_suit, shown, stock, drawn, playable=playable
        )
        carry = len(trick) if type(trick) is tuple else 0
        self._deal = deal
        self._progress = (
            leader,
            points,
            0,
            trump_card,
            talked,
            start_record(tricks, history, carry),
        )
        self._phase = phase
        self._hands = hands
        self._trick = trick
        self._turn = turn
        self._legal = None
        self._hash = None

    def __reduce__(self) -> tuple[type[State], tuple[Any, ...]]:
        return State, _field_values(self)

    def __setstate__(self, fields: dict[str, Any]) -> None:
        # A state pickled by an earlier version, as attrs did: a dict of its fields.
        self.__init__(**fields)  # type: ignore[misc]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The sides of this deal, each a tuple of seats (see `Rules.teams_for`)."""
        return self.rules.teams_for(self.dealer)

    @property
    def stock_size(self) -> int:
        """Cards left to draw, the face-up card included."""
        return len(self.stock) + (self._progress[TRUMP_CARD] is not None)

    @property
    def dealt_stock(self) -> tuple[Card, ...]:
        """The face-down stock as it was dealt, in drawing order, drawn cards included."""
        r = self.rules
        return self.deck[r.dealt_cards + r.has_face_up_card :]

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = self._hash = hash(_field_values(self))
        return cached


_FIELDS: Final = tuple(field.name for field in attrs.fields(State))
_new: Final = object.__new__
_new_trick: Final = tuple.__new__


# The fields, each a read-only property over the stored values.
def _stock(self: State) -> tuple[Card, ...]:
    at = self._progress[AT]
    stock = self._deal.stock
    return stock if at == 0 else stock[at:]


def _drawn(self: State) -> int:
    at = self._progress[AT]
    base = self._deal.stock_base
    return base if at == 0 else base + at


def _leader(self: State) -> int:
    return self._progress[LEADER]


def _points(self: State) -> tuple[int, ...]:
    return self._progress[POINTS]


def _trump_card(self: State) -> Card | None:
    return self._progress[TRUMP_CARD]


def _talked(self: State) -> bool:
    return self._progress[TALKED]


def _tricks(self: State) -> tuple[Trick, ...]:
    try:
        return tricks_at(self._progress[LAST], self._deal)
    except _FOREIGN:
        _unreadable("tricks")


def _history(self: State) -> tuple[tuple[int, Move], ...]:
    progress = self._progress
    last = progress[LAST]
    deal = self._deal
    try:
        history = history_at(last, deal)
        trick = self._trick
        if type(trick) is tuple and len(trick) > last[CARRY]:  # played since the last record
            # One entry at a time, each alone in a tuple made once: nothing to build.
            seats = deal.orders[progress[LEADER]]
            for place in range(last[CARRY], len(trick)):
                history += _ENTRY[seats[place]][trick[place].id]
    except _FOREIGN:
        _unreadable("history")
    return history


def _unreadable(name: str) -> NoReturn:
    # A state built by hand whose given history or tricks are not tuples cannot be played
    # on; only the moves made from it before that shows are readable.
    raise InvalidStateError(
        f"this state's {name} cannot be read: it was built by hand from a {name} that is "
        "not a tuple; build states with new_game() and apply()"
    ) from None


# Each history entry of a card played, alone in a tuple, by seat and card id.
_ENTRY: Final = tuple(tuple(((seat, play),) for play in PLAYS) for seat in range(6))


def _frozen(self: State, value: object = None) -> None:
    raise attrs.exceptions.FrozenInstanceError


_READERS: Final[dict[str, Any]] = {
    "rules": attrgetter("_deal.rules"),
    "phase": attrgetter("_phase"),
    "dealer": attrgetter("_deal.dealer"),
    "deck": attrgetter("_deal.deck"),
    "removed": attrgetter("_deal.removed"),
    "hands": attrgetter("_hands"),
    "stock": _stock,
    "drawn": _drawn,
    "trump_card": _trump_card,
    "trump_suit": attrgetter("_deal.trump_suit"),
    "leader": _leader,
    "turn": attrgetter("_turn"),
    "trick": attrgetter("_trick"),
    "tricks": _tricks,
    "points": _points,
    "history": _history,
    "talked": _talked,
    "shown": attrgetter("_deal.shown"),
}
assert tuple(_READERS) == _FIELDS
for _name, _read in _READERS.items():
    setattr(State, _name, property(_read, _frozen, _frozen))
del _name, _read
_field_values: Final = attrgetter(*_FIELDS)


# --- building states --------------------------------------------------------------------------

_KEEP: Final[Any] = object()


def build(
    deal: _Deal,
    progress: Progress,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    trick: tuple[Card, ...],
    turn: int | None,
    legal: tuple[Move, ...] | None,
) -> State:
    """A state from its stored values; ``legal`` is its legal moves when already known."""
    s: State = _new(State)
    s._deal = deal
    s._progress = progress
    s._phase = phase
    s._hands = hands
    s._trick = trick
    s._turn = turn
    s._legal = legal
    s._hash = None
    return s


def _logged(old: State, entry: tuple[int, Move], carry: int) -> Record:
    """The record of ``entry``, a move made from ``old`` that is not a card, after which
    the trick in progress holds ``carry`` cards."""
    k = old._progress
    last = k[LAST]
    trick = old._trick
    # None in a state that cannot be played: reading it fails, and apply refuses the state.
    seats = old._deal.orders[k[LEADER]]
    if len(trick) > last[CARRY]:  # the cards played since the last record come first
        return move_record(last, plays(trick, seats, last[CARRY]) + (entry,), carry)
    return move_record(last, (entry,), carry)


def log_move(
    old: State,
    entry: tuple[int, Move],
    phase: Phase,
    turn: int | None,
    legal: tuple[Move, ...] | None,
) -> State:
    """``old`` after ``entry``, a move that changes only the phase and the turn (a bid, a
    pass): `evolve_state` for the auction, by position."""
    k = old._progress
    old_trick = old._trick
    s: State = _new(State)
    s._deal = old._deal
    s._progress = (*k[:LAST], _logged(old, entry, len(old_trick)))
    s._phase = phase
    s._hands = old._hands
    s._trick = old_trick
    s._turn = turn
    s._legal = legal
    s._hash = None
    return s


def evolve_state(
    old: State,
    *,
    entry: tuple[int, Move] | None = None,
    legal: tuple[Move, ...] | None = None,
    phase: Phase = _KEEP,
    hands: tuple[tuple[Card, ...], ...] = _KEEP,
    trick: tuple[Card, ...] = _KEEP,
    turn: int | None = _KEEP,
    leader: int = _KEEP,
    trump_card: Card | None = _KEEP,
    talked: bool = _KEEP,
    trump_suit: Suit | None = _KEEP,
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = _KEEP,
) -> State:
    """``old`` after a move that is not a card played (a bid, a swap, a claim, a round's
    move...), or after a step of trick play with no card: the fields given change.

    ``entry`` is the ``(seat, move)`` added to the history; ``legal`` the legal moves of
    the new state when already known.
    """
    deal = old._deal
    if trump_suit is not _KEEP or shown is not _KEEP:
        deal = deal.replace(
            trump_suit=deal.trump_suit if trump_suit is _KEEP else trump_suit,
            shown=deal.shown if shown is _KEEP else shown,
        )
    k = old._progress
    last = k[LAST]
    new_trick = old._trick if trick is _KEEP else trick
    if entry is not None:
        last = _logged(old, entry, len(new_trick))
    progress: Progress = (
        k[LEADER] if leader is _KEEP else leader,
        k[POINTS],
        k[AT],
        k[TRUMP_CARD] if trump_card is _KEEP else trump_card,
        k[TALKED] if talked is _KEEP else talked,
        last,
    )
    return build(
        deal,
        progress,
        old._phase if phase is _KEEP else phase,
        old._hands if hands is _KEEP else hands,
        new_trick,
        old._turn if turn is _KEEP else turn,
        legal,
    )
