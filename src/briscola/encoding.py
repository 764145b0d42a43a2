"""Numbers for learning agents: one action index space and a fixed-size observation vector.

Every move of every preset has one fixed action index (`action_index`), the same for every
preset and option set, so one policy head can serve them all; `action_move` decodes an
index through the legal moves of a view or state, and `action_mask` marks the legal ones.

`observation` turns a `View` into a ``float32`` vector of a length fixed per `Rules`
(`observation_shape`). It is built from the view alone, relative to the observing seat
(seat-relative slot ``k`` is the seat ``k`` places after it in play order), with only the
parts the rules need: Chiamata's auction only in Chiamata, claims only where seats may
declare, and so on. Every value lies in ``[0, 1]``. Because the vector depends on the view
only, every world `determinize` samples from a view encodes to the same vector.

The layouts are plain data (`ACTION_LAYOUT`, `observation_layout`) so that other code (a
batched engine, the docs' tables) can lay its arrays out the same way.

`utility_bounds` and `max_game_length` give the range of a deal's game points and an upper
bound on its number of moves, per `Rules`, as search frameworks ask for them.

This module needs ``numpy``: ``pip install 'briscola[rl]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple, SupportsIndex, cast

from ._contract import is_revealed
from ._engine import _malformed
from ._numbers import whole_number
from ._quote import quote
from .cards import Card, Rank, Suit
from .errors import (
    _FOREIGN,
    BriscolaError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
)
from .game import _inconsistent, _inconsistent_view, apply, legal_moves
from .moves import (
    STRONG_HAND,
    WEAK_HAND,
    Bid,
    BidPoints,
    Declare,
    Has,
    HasNot,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Play,
    ShowHand,
    Signal,
    SwapTrump,
)
from .rules import (
    SIGNAL_TOKENS,
    Rules,
    ShareHands,
    Stakes,
    TrumpKind,
    TrumpSource,
    check_seat,
    rules,
)
from .scoring import called_card_played, contract_of, holds
from .state import AT, CLOSE, KIND, LAST, LEADER, POINTS, TRUMP_CARD, Phase, State
from .views import View, _public_cards, observe

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    _Cells = memoryview[float]  # a float32 vector's entries, or an int8 mask's

__all__ = [
    "ACTION_LAYOUT",
    "ACTION_MOVES",
    "NUM_ACTIONS",
    "ActionRange",
    "Segment",
    "Tracker",
    "action_index",
    "action_mask",
    "action_move",
    "max_game_length",
    "observation",
    "observation_layout",
    "observation_shape",
    "utility_bounds",
]


def _numpy() -> Any:
    try:
        import numpy
    except ImportError:  # pragma: no cover - exercised only without the extra
        raise ImportError("briscola.encoding needs numpy: pip install 'briscola[rl]'") from None
    return numpy


# --- actions ------------------------------------------------------------------------------


class ActionRange(NamedTuple):
    """One kind of move in the action index space: indices ``start`` to ``start + size - 1``."""

    name: str
    """The kind of move, such as ``"play"``."""
    start: int
    """The first index of the range."""
    size: int
    """How many indices the range holds."""
    description: str
    """Which move each index of the range stands for."""


MIN_POINT_BID: Final = 61
"""The lowest target a `BidPoints` move can have an index for."""
MAX_POINT_BID: Final = 120
"""The highest target a `BidPoints` move can have an index for."""


def _ranges() -> tuple[ActionRange, ...]:
    spec = (
        ("play", 40, "`Play(card)`, by card id"),
        ("swap", 40, "`SwapTrump(card)`, by card id"),
        ("bid", 10, "`Bid(rank)`, by rank value 1–10"),
        ("bid_points", 60, "`BidPoints(target)`, targets 61–120"),
        ("pass", 1, "`Pass()`"),
        ("name_suit", 4, "`NameSuit(suit)`, suits in the order D, C, S, B"),
        ("name_card", 40, "`NameCard(card)`, by card id"),
        ("declare_has", 40, "`Declare(Has(card))`, by card id"),
        ("declare_has_not", 40, "`Declare(HasNot(card))`, by card id"),
        ("declare_hand", 2, "`Declare(WEAK_HAND)`, `Declare(STRONG_HAND)`"),
        ("signal", len(SIGNAL_TOKENS), "`Signal(token)`, tokens " + ", ".join(SIGNAL_TOKENS)),
        ("show_hand", 1, "`ShowHand()`"),
    )
    result, start = [], 0
    for name, size, description in spec:
        result.append(ActionRange(name, start, size, description))
        start += size
    return tuple(result)


ACTION_LAYOUT: Final[tuple[ActionRange, ...]] = _ranges()
"""The action index space, range by range, in index order."""
NUM_ACTIONS: Final[int] = ACTION_LAYOUT[-1].start + ACTION_LAYOUT[-1].size
"""The number of action indices (the same for every preset)."""

_START: Final = {entry.name: entry.start for entry in ACTION_LAYOUT}
_PLAY: Final = _START["play"]
_SWAP: Final = _START["swap"]
_BID: Final = _START["bid"]
_BID_POINTS: Final = _START["bid_points"]
_PASS: Final = _START["pass"]
_NAME_SUIT: Final = _START["name_suit"]
_NAME_CARD: Final = _START["name_card"]
_HAS: Final = _START["declare_has"]
_HAS_NOT: Final = _START["declare_has_not"]
_HAND: Final = _START["declare_hand"]
_SIGNAL: Final = _START["signal"]
_SHOW: Final = _START["show_hand"]
_SUIT_INDEX: Final = {suit: index for index, suit in enumerate(Suit)}
_TOKEN_INDEX: Final = {token: index for index, token in enumerate(SIGNAL_TOKENS)}


def action_index(move: Move) -> int:
    """The fixed action index of ``move`` (see `ACTION_LAYOUT`).

    Raises:
        InvalidMoveError: if ``move`` is not a move, or one of its fields has the wrong type.
        IllegalMoveError: for a move no preset allows, which has no index: a point bid
            outside 61–120 or a signal token that is not a known token.

    Examples:
        >>> from briscola import Card, Pass, Play
        >>> action_index(Play(Card.parse("AD"))), action_index(Pass())
        (0, 150)
    """
    try:
        return _action_index(move)
    except BriscolaError:
        raise
    except _FOREIGN:
        # A move made without its constructor (unpickled, or edited with
        # object.__setattr__) whose field is of the wrong type: refused as `apply` does.
        raise _malformed_move(move) from None


def _malformed_move(move: Move) -> InvalidMoveError:
    return InvalidMoveError(
        _malformed(move) or f"this {type(move).__name__} was not built by {type(move).__name__}()"
    )


def _action_index(move: Move) -> int:
    """`action_index` of a move whose fields are of their types (one of `legal_moves`)."""
    if type(move) is Play:
        return _PLAY + move.card.id
    if type(move) is SwapTrump:
        return _SWAP + move.card.id
    if type(move) is Pass:
        return _PASS
    if type(move) is Bid:
        return _BID + int(move.rank) - 1
    if type(move) is BidPoints:
        target = move.target
        if type(target) is not int:  # 70.0 would give an index that is not a whole number
            raise _malformed_move(move)
        if not MIN_POINT_BID <= target <= MAX_POINT_BID:
            raise IllegalMoveError(
                f"a point bid of {quote(target)} has no action index: bids run from "
                f"{MIN_POINT_BID} to {MAX_POINT_BID}"
            )
        return _BID_POINTS + target - MIN_POINT_BID
    if type(move) is NameSuit:
        return _NAME_SUIT + _SUIT_INDEX[move.suit]
    if type(move) is NameCard:
        return _NAME_CARD + move.card.id
    if type(move) is Declare:
        claim = move.claim
        if type(claim) is Has:
            return _HAS + claim.card.id
        if type(claim) is HasNot:
            return _HAS_NOT + claim.card.id
        if claim is not STRONG_HAND and claim is not WEAK_HAND:
            raise _malformed_move(move)
        return _HAND + (claim is STRONG_HAND)
    if type(move) is Signal:
        token = move.token
        index = _TOKEN_INDEX.get(token)
        if index is None:
            raise IllegalMoveError(
                f"the signal {token[:20]!r} has no action index: the tokens are "
                + ", ".join(SIGNAL_TOKENS)
            )
        return _SIGNAL + index
    if type(move) is ShowHand:
        return _SHOW
    raise InvalidMoveError(f"action_index() needs a move, not {type(move).__name__}")


def _index_move(index: int) -> Move:
    """The move of an index, legal or not (the inverse of `action_index`)."""
    for entry in reversed(ACTION_LAYOUT):
        if index >= entry.start:
            offset = index - entry.start
            break
    name = entry.name
    if name in ("play", "swap", "name_card", "declare_has", "declare_has_not"):
        card = Card.from_id(offset)
        if name == "play":
            return Play(card)
        if name == "swap":
            return SwapTrump(card)
        if name == "name_card":
            return NameCard(card)
        return Declare(Has(card) if name == "declare_has" else HasNot(card))
    if name == "bid":
        return Bid(Rank(offset + 1))
    if name == "bid_points":
        return BidPoints(MIN_POINT_BID + offset)
    if name == "pass":
        return Pass()
    if name == "name_suit":
        return NameSuit(tuple(Suit)[offset])
    if name == "declare_hand":
        return Declare(STRONG_HAND if offset else WEAK_HAND)
    if name == "signal":
        return Signal(SIGNAL_TOKENS[offset])
    return ShowHand()


ACTION_MOVES: Final[tuple[Move, ...]] = tuple(_index_move(i) for i in range(NUM_ACTIONS))
"""The move of every action index, legal or not: ``ACTION_MOVES[action_index(m)] == m``."""
_MOVES: Final = ACTION_MOVES


def _legal(view_or_state: View | State, caller: str) -> tuple[Move, ...]:
    if isinstance(view_or_state, View):
        legal = view_or_state.legal_moves
        if type(legal) is not tuple:
            _inconsistent_view(f"{caller}()")
        return legal
    if isinstance(view_or_state, State):
        return legal_moves(view_or_state)
    raise InvalidStateError(
        f"{caller}() needs a View or a State, not {type(view_or_state).__name__}"
    )


def _as_index(index: object) -> int:
    value = whole_number(index)
    if value is None:
        raise InvalidMoveError(
            f"an action index is a whole number, not {type(index).__name__} {quote(index)}"
        )
    if not 0 <= value < NUM_ACTIONS:
        raise IllegalMoveError(
            f"action {quote(value)} does not exist: indices run from 0 to {NUM_ACTIONS - 1}"
        )
    return value


def action_move(index: SupportsIndex, view_or_state: View | State) -> Move:
    """The legal move with action index ``index`` in ``view_or_state``.

    ``index`` may be any integer, a ``numpy`` integer included.

    Raises:
        InvalidMoveError: if ``index`` is not a whole number.
        IllegalMoveError: if no legal move has that index (or the index does not exist).
        InvalidStateError: if ``view_or_state`` is neither a `View` nor a `State`.

    Examples:
        >>> import briscola
        >>> state = briscola.new_game("classic", seed=1)
        >>> move = briscola.legal_moves(state)[0]
        >>> action_move(action_index(move), state) == move
        True
    """
    value = _as_index(index)
    legal = _legal(view_or_state, "action_move")
    for candidate in legal:
        # Comparing indices avoids attrs' field-by-field equality of the moves.
        if _action_index(candidate) == value:
            return candidate
    move = _MOVES[value]
    if not legal:
        raise IllegalMoveError(f"action {value} ({move}) is not legal: this seat is not to act")
    raise IllegalMoveError(f"action {value} ({move}) is not a legal move now")


def legal_indices(view_or_state: View | State) -> list[int]:
    """The action indices of the legal moves, in the order `legal_moves` lists them."""
    return [_action_index(move) for move in _legal(view_or_state, "legal_indices")]


def action_mask(view_or_state: View | State) -> npt.NDArray[np.int8]:
    """An ``int8`` vector of length `NUM_ACTIONS`: 1 at the index of each legal move.

    A `View` gives its seat's legal moves (all zeros when that seat is not to act); a
    `State` gives the legal moves of the seat to act.

    Raises:
        InvalidStateError: if the argument is neither a `View` nor a `State`.
    """
    np = _numpy()
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    for move in _legal(view_or_state, "action_mask"):
        mask[_action_index(move)] = 1  # a few moves: item stores beat a fancy assignment
    return mask  # type: ignore[no-any-return]


# --- observations -------------------------------------------------------------------------


class Segment(NamedTuple):
    """One part of an observation vector: ``size`` values from ``offset``."""

    name: str
    """A short name, such as ``"hand"`` or ``"played/1"``."""
    offset: int
    """The index of its first value."""
    size: int
    """How many values it holds."""
    description: str
    """What the values mean."""


_CARDS: Final = 40
_PHASES: Final = tuple(Phase)
_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(_PHASES)}
_RANKS: Final = tuple(Rank)


class _Layout:
    """The observation layout of one `Rules`, with the offsets the encoder needs."""

    def __init__(self, r: Rules) -> None:
        n = r.players
        self.rules = r
        self.players = n
        segments: list[Segment] = []
        self.offsets: dict[str, int] = {}

        def add(name: str, size: int, description: str) -> None:
            offset = segments[-1].offset + segments[-1].size if segments else 0
            segments.append(Segment(name, offset, size, description))
            self.offsets[name] = offset

        def per_seat(name: str, size: int, description: str, first: int = 0) -> None:
            for k in range(first, n):
                add(f"{name}/{k}", size, description.replace("{k}", str(k)))

        add("hand", _CARDS, "1 for each card in this seat's hand, by card id")
        per_seat("trick", _CARDS, "the card seat +{k} played to the current trick, by card id")
        per_seat("played", _CARDS, "cards seat +{k} played to finished tricks, by card id")
        self.open_hands = r.open_hands
        self.sharing = (
            r.share_hands_before_first_trick is not ShareHands.OFF
            or r.share_hands_when_stock_empty is not ShareHands.OFF
        )
        self.open_stock = r.open_stock and r.has_stock
        self.known = (
            r.open_hands
            or r.has_face_up_card
            or r.trump_source is TrumpSource.LAST_DEALT
            or self.sharing
            or self.open_stock
        )
        if self.known:
            per_seat(
                "known",
                _CARDS,
                "cards this seat knows to be in the hand of seat +{k} (open hands, the "
                "face-up card taken or drawn, Bugiarda's trump card, hands shown to it, "
                "cards drawn from an open stock)",
                first=1,
            )
        self.face_up = r.has_face_up_card or r.trump_source is TrumpSource.LAST_DEALT
        if self.face_up:
            add("trump_card", _CARDS, "the face-up trump card while it is face up, by card id")
        self.removed = bool(r.removed) or r.removed_two == "random" or r.players == 6
        if self.removed:
            add("removed", _CARDS, "cards out of play for this deal, by card id")
        if self.open_stock:
            add("stock", _CARDS, "the face-down cards still to be drawn (open stock)")
        self.chiamata = r.auction is not None
        if self.chiamata:
            add("called_card", _CARDS, "the called card once this seat knows it, by card id")
        self.trump = r.trump_kind is not TrumpKind.NONE
        if self.trump:
            add("trump_suit", 4, "the trump suit once known, one-hot in the order D, C, S, B")
        add("phase", len(_PHASES), "the phase, one-hot: " + ", ".join(p.value for p in _PHASES))
        add("turn", n, "the seat to act, one-hot by relative seat (0 = this seat)")
        add("leader", n, "the leader of the current trick, one-hot by relative seat")
        add("dealer", n, "the dealer, one-hot by relative seat")
        add("hand_sizes", n, "each relative seat's hand size, divided by the hand size")
        add("points", n, "card points captured by each relative seat, divided by 120")
        self.stock = r.has_stock
        if self.stock:
            add("stock_size", 1, "cards left to draw (face-up card included) / cards in play")
        add("tricks", 1, "finished tricks / tricks in a deal")
        if self.chiamata:
            add("caller", n, "the caller once the auction is over, one-hot by relative seat")
            add("partner", n, "the partner once this seat knows it, one-hot by relative seat")
            add("target", 1, "the caller's side's target once known: (target − 60) / 60")
            add("passed", n, "1 for each relative seat that has passed in the auction")
            per_seat("bid_rank", len(_RANKS), "seat +{k}'s last rank bid, one-hot by rank 1–10")
            add("bid_points", n, "each relative seat's last point bid: (target − 60) / 60")
        self.claims = r.declaration_round or r.public_claims
        if self.claims:
            per_seat("claim_has", _CARDS, "cards seat +{k} claimed to hold, by card id")
            per_seat("claim_has_not", _CARDS, "cards seat +{k} claimed not to hold, by card id")
            add("claim_hand", 2 * n, "per relative seat: claimed a weak hand, a strong hand")
        self.signals = r.signals
        if self.signals:
            per_seat(
                "signal",
                len(SIGNAL_TOKENS),
                "seat +{k}'s last signal this seat saw, one-hot: " + ", ".join(SIGNAL_TOKENS),
            )
        self.segments = tuple(segments)
        self.size = segments[-1].offset + segments[-1].size
        self.in_play = r.tricks_per_deal * r.active_players
        self.tricks_per_deal = r.tricks_per_deal
        o = self.offsets
        self.o_trick = [o[f"trick/{k}"] for k in range(n)]
        self.o_played = [o[f"played/{k}"] for k in range(n)]
        self.o_known = [0] + [o[f"known/{k}"] for k in range(1, n)] if self.known else []
        self.canvas: _Canvas | None = None  # made when a tracker first needs it


_LAYOUTS: dict[Rules, _Layout] = {}
_LAYOUTS_SIZE: Final = 256
"""The most layouts kept (about 40 KB each with a tracker's canvas): a process that meets
more distinct table rules, a sweep over them say, builds them again rather than keep
them all."""


def _layout(r: Rules) -> _Layout:
    layout = _LAYOUTS.get(r)
    if layout is None:
        if not isinstance(r, Rules):  # a view or a state edited by hand: its caller says so
            raise TypeError(f"expected a Rules value, not {type(r).__name__}")
        if len(_LAYOUTS) >= _LAYOUTS_SIZE:
            _LAYOUTS.clear()  # those in use stay with their trackers and environments
        layout = _LAYOUTS[r] = _Layout(r)
    return layout


def _as_rules(rules_or_variant: Rules | str) -> Rules:
    if isinstance(rules_or_variant, Rules):
        return rules_or_variant
    return rules(rules_or_variant)  # type: ignore[arg-type]  # any text is checked at run time


def observation_layout(rules: Rules | str) -> tuple[Segment, ...]:
    """The parts of the observation vector of ``rules`` (a `Rules` or a preset name).

    Examples:
        >>> [segment.name for segment in observation_layout("classic")][:4]
        ['hand', 'trick/0', 'trick/1', 'played/0']
    """
    return _layout(_as_rules(rules)).segments


def observation_shape(rules: Rules | str) -> tuple[int]:
    """The shape of `observation` for ``rules`` (a `Rules` or a preset name).

    Raises:
        RulesError: ``rules`` is neither a `Rules` nor the name of a preset.

    Examples:
        >>> observation_shape("classic")
        (303,)
    """
    return (_layout(_as_rules(rules)).size,)


def observation(view: View) -> npt.NDArray[np.float32]:
    """The ``float32`` observation vector of ``view``, laid out by `observation_layout`.

    Seat-relative: slot ``k`` of a per-seat part is the seat ``k`` places after the
    observing seat (a spectator's `public_view` is read from seat 0). Every value is in
    ``[0, 1]``.

    Raises:
        InvalidStateError: if ``view`` is not a `View`.
    """
    if not isinstance(view, View):
        raise InvalidStateError(
            f"observation() needs a View from observe(), not {type(view).__name__}"
        )
    np = _numpy()
    try:
        return _observation(np, view)
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent_view("observation()")


def _observation(np: Any, view: View) -> npt.NDArray[np.float32]:
    layout = _layout(view.rules)
    o = layout.offsets
    n = layout.players
    me = 0 if view.seat is None else view.seat
    ones: list[int] = [card.id for card in view.hand]
    values: list[tuple[int, float]] = []
    r = view.rules
    if view.trick:
        seats = r.trick_seats[view.dealer][view.leader]
        o_trick = layout.o_trick
        for seat, card in zip(seats, view.trick, strict=False):
            ones.append(o_trick[(seat - me) % n] + card.id)
    o_played = layout.o_played
    for trick in view.tricks:
        for seat, card in zip(trick.seats, trick.cards, strict=True):
            ones.append(o_played[(seat - me) % n] + card.id)
    if layout.known:
        o_known = layout.o_known
        for seat in range(n):
            k = (seat - me) % n
            if k == 0:
                continue
            base = o_known[k]
            hand = view.hands[seat]
            if hand is not None:
                ones.extend(base + card.id for card in hand)
            ones.extend(base + card.id for card in view.known_cards[seat])
        if view.shown:
            in_play = set(view.trick)
            for trick in view.tricks:
                in_play.update(trick.cards)
            for seat, cards in view.shown:
                k = (seat - me) % n
                if k:
                    ones.extend(o_known[k] + c.id for c in cards if c not in in_play)
    if layout.face_up and view.trump_card is not None:
        ones.append(o["trump_card"] + view.trump_card.id)
    if layout.removed:
        ones.extend(o["removed"] + card.id for card in view.removed)
    if layout.open_stock and view.stock is not None:
        ones.extend(o["stock"] + card.id for card in view.stock)
    if layout.trump and view.trump_suit is not None:
        ones.append(o["trump_suit"] + _SUIT_INDEX[view.trump_suit])
    ones.append(o["phase"] + _PHASES.index(view.phase))
    if view.turn is not None:
        ones.append(o["turn"] + (view.turn - me) % n)
    ones.append(o["leader"] + (view.leader - me) % n)
    ones.append(o["dealer"] + (view.dealer - me) % n)
    hand_size = r.hand_size
    base = o["hand_sizes"]
    for seat, size in enumerate(view.hand_sizes):
        if size:
            values.append((base + (seat - me) % n, size / hand_size))
    base = o["points"]
    for seat, points in enumerate(view.score.points):
        if points:
            values.append((base + (seat - me) % n, points / 120))
    if layout.stock:
        values.append((o["stock_size"], view.stock_size / layout.in_play))
    values.append((o["tricks"], len(view.tricks) / layout.tricks_per_deal))
    if layout.chiamata:
        _chiamata(view, layout, me, ones, values)
    if layout.claims or layout.signals:
        _talk(view, layout, me, ones)
    vector = np.zeros(layout.size, dtype=np.float32)
    vector[ones] = 1.0
    for index, value in values:
        vector[index] = value
    return vector  # type: ignore[no-any-return]


def _chiamata(
    view: View, layout: _Layout, me: int, ones: list[int], values: list[tuple[int, float]]
) -> None:
    o = layout.offsets
    n = layout.players
    if view.called_card is not None:
        ones.append(o["called_card"] + view.called_card.id)
    if view.caller is not None:
        ones.append(o["caller"] + (view.caller - me) % n)
    if view.partner is not None:
        ones.append(o["partner"] + (view.partner - me) % n)
    if view.target is not None:
        values.append((o["target"], (view.target - 60) / 60))
    last_rank: dict[int, Rank] = {}
    last_points: dict[int, int] = {}
    passed: set[int] = set()
    active = view.rules.active_players
    # The auction is the run of bids and passes that opens the deal; it is over once every
    # seat but the high bidder has passed, and later passes belong to other rounds. When
    # everyone passes, the first hand's forced bid (§2.5.2 step 7) still belongs to it.
    for seat, move in view.history:
        kind = type(move)
        if kind is Bid:
            last_rank[seat] = move.rank  # type: ignore[attr-defined]
        elif kind is BidPoints:
            last_points[seat] = move.target  # type: ignore[attr-defined]
        elif kind is Pass:
            passed.add(seat)
        else:
            break
        if len(passed) >= active - 1 and (last_rank or last_points):
            break
    for seat in passed:
        ones.append(o["passed"] + (seat - me) % n)
    for seat, rank in last_rank.items():
        ones.append(o[f"bid_rank/{(seat - me) % n}"] + int(rank) - 1)
    for seat, target in last_points.items():
        values.append((o["bid_points"] + (seat - me) % n, max(0, target - 60) / 60))


def _talk(view: View, layout: _Layout, me: int, ones: list[int]) -> None:
    o = layout.offsets
    n = layout.players
    claims: set[int] = set()
    last_signal: dict[int, str] = {}
    for seat, move in view.history:
        kind = type(move)
        k = (seat - me) % n
        if kind is Declare and layout.claims:
            claim = move.claim  # type: ignore[attr-defined]
            if type(claim) is Has:
                claims.add(o[f"claim_has/{k}"] + claim.card.id)
            elif type(claim) is HasNot:
                claims.add(o[f"claim_has_not/{k}"] + claim.card.id)
            else:
                claims.add(o["claim_hand"] + 2 * k + (claim is STRONG_HAND))
        elif kind is Signal and layout.signals:
            last_signal[k] = move.token  # type: ignore[attr-defined]
    ones.extend(claims)
    for k, token in last_signal.items():
        index = _TOKEN_INDEX.get(token)
        if index is not None:
            ones.append(o[f"signal/{k}"] + index)


# --- following a deal ---------------------------------------------------------------------


class _Canvas:
    """Where each value of every seat's observation of one `Rules` lives in one array.

    Most of what seats observe is public and the same for all of them, only in
    seat-relative order: the canvas holds it once, by absolute seat, and a seat's vector
    is a gather through ``index[seat]``. What differs between seats (its own hand, what it
    knows of the others' hands, Chiamata's contract before it is public, the signals it
    saw) has a part per observing seat. A move then changes a few entries once, not once
    per seat.
    """

    def __init__(self, layout: _Layout) -> None:
        n = layout.players
        self.size = 0

        def block(size: int) -> int:
            start = self.size
            self.size += size
            return start

        def per_seat(size: int) -> list[int]:
            return [block(size) for _ in range(n)]

        self.hand = per_seat(_CARDS)
        self.trick = per_seat(_CARDS)
        self.played = per_seat(_CARDS)
        # known[observer][seat]: what the observer knows to be in the seat's hand.
        self.known = [per_seat(_CARDS) for _ in range(n)] if layout.known else []
        # Per seat, where the others keep what they know of its hand.
        self.known_by_others = (
            [
                [self.known[observer][seat] for observer in range(n) if observer != seat]
                for seat in range(n)
            ]
            if self.known
            else [[] for _ in range(n)]
        )
        self.trump_card = block(_CARDS) if layout.face_up else -1
        self.removed = block(_CARDS) if layout.removed else -1
        self.stock = block(_CARDS) if layout.open_stock else -1
        self.called_card = per_seat(_CARDS) if layout.chiamata else []
        self.trump_suit = per_seat(4) if layout.chiamata else [block(4)] * n
        self.phase = block(len(_PHASES))
        self.turn = block(n)
        self.leader = block(n)
        self.dealer = block(n)
        self.hand_sizes = block(n)
        self.points = block(n)
        self.stock_size = block(1)
        self.tricks = block(1)
        self.caller = block(n)
        self.partner = per_seat(n)  # partner[observer] + seat
        self.target = block(1)
        self.passed = block(n)
        self.bid_rank = per_seat(len(_RANKS))
        self.bid_points = block(n)
        self.claim_has = per_seat(_CARDS) if layout.claims else []
        self.claim_has_not = per_seat(_CARDS) if layout.claims else []
        self.claim_hand = block(2 * n)
        tokens = len(SIGNAL_TOKENS)
        # signal[observer][seat]: the seat's last signal the observer saw.
        self.signal = [per_seat(tokens) for _ in range(n)] if layout.signals else []
        np = _numpy()
        self.index = [np.array(self._gather(layout, me), dtype=np.intp) for me in range(n)]

    def _gather(self, layout: _Layout, me: int) -> list[int]:
        """The canvas index of each value of ``me``'s vector, in layout order."""
        n = layout.players
        shared = {
            "trump_card": self.trump_card,
            "removed": self.removed,
            "stock": self.stock,
            "phase": self.phase,
            "stock_size": self.stock_size,
            "tricks": self.tricks,
            "target": self.target,
            "called_card": self.called_card[me] if self.called_card else -1,
            "trump_suit": self.trump_suit[me],
        }
        by_seat = {
            "turn": self.turn,
            "leader": self.leader,
            "dealer": self.dealer,
            "hand_sizes": self.hand_sizes,
            "points": self.points,
            "caller": self.caller,
            "passed": self.passed,
            "bid_points": self.bid_points,
            "partner": self.partner[me],
        }
        planes = {
            "trick": self.trick,
            "played": self.played,
            "known": self.known[me] if self.known else [],
            "bid_rank": self.bid_rank,
            "claim_has": self.claim_has,
            "claim_has_not": self.claim_has_not,
            "signal": self.signal[me] if self.signal else [],
        }
        out: list[int] = []
        for segment in layout.segments:
            name, _, relative = segment.name.partition("/")
            size = segment.size
            if name == "hand":
                out.extend(range(self.hand[me], self.hand[me] + size))
            elif name in shared:
                out.extend(range(shared[name], shared[name] + size))
            elif name in by_seat:
                out.extend(by_seat[name] + (me + k) % n for k in range(size))
            elif name == "claim_hand":
                out.extend(self.claim_hand + 2 * ((me + k // 2) % n) + k % 2 for k in range(size))
            else:
                base = planes[name][(me + int(relative)) % n]
                out.extend(range(base, base + size))
        return out


def _canvas(layout: _Layout) -> _Canvas:
    canvas = layout.canvas
    if canvas is None:
        canvas = layout.canvas = _Canvas(layout)
    return canvas


# The public facts of Chiamata's contract as one seat sees them: the called card, the
# caller, the partner, the target and the trump suit (hidden by a blind first trick).
_Contract = tuple[Card | None, int | None, int | None, int | None, Suit | None]
_NO_CONTRACT: Final[_Contract] = (None, None, None, None, None)
_AUCTION_MOVES: Final = (Bid, BidPoints, Pass)
_SETTLED_PHASES: Final = (Phase.PLAY, Phase.OVER)


class Tracker:
    """The observations of one deal, followed move by move without rebuilding views.

    Environments observe after every move. `observation` goes through a `View`, whose
    construction (every hidden card checked, the score, the history filtered) costs more
    than the move itself. A tracker keeps the values of every seat's vector in one array,
    the public ones once, and at each move changes only the entries that move changes: the
    card leaving a hand and entering the trick, a closed trick's cards moving to the played
    cards with the points, the drawn cards, the turn and the phase, Chiamata's auction and
    contract, claims and signals. A rare event (a swap, hands shown, the trump named after
    a blind first trick) rebuilds the values instead, when next asked for. Either way
    ``tracker.observation(seat)`` equals ``observation(observe(tracker.state, seat))``.

    A tracker copies (`copy.copy`, `copy.deepcopy`) and pickles as a new tracker of the same
    state, so that a copy follows its own deal: an environment holding one can be copied
    or sent to another process.

    Args:
        state: The deal to follow, at any point.

    Raises:
        InvalidStateError: if ``state`` is not a `State`, or is inconsistent (a state
            edited by hand whose fields do not fit together).
    """

    def __init__(self, state: State) -> None:
        if not isinstance(state, State):
            raise InvalidStateError(
                f"Tracker() needs a State from new_game(), not {type(state).__name__}"
            )
        try:
            self._start(state)
        except BriscolaError:
            raise
        except _FOREIGN:
            _inconsistent("Tracker")

    def _start(self, state: State) -> None:
        layout = self._layout = _layout(state.rules)
        canvas = self._canvas = _canvas(layout)
        self._state = state
        numpy = _numpy()
        self._zeros, self._int8 = numpy.zeros, numpy.int8
        self._values: npt.NDArray[np.float32] = numpy.zeros(canvas.size, dtype=numpy.float32)
        # Item stores through a memoryview cost half what numpy's own indexing does.
        self._cells = cast("_Cells", memoryview(self._values))
        # The seats whose own parts of the canvas are up to date; the public parts are
        # up to date while any seat is.
        self._ready: set[int] = set()
        self._hand_size = state.rules.hand_size
        self._contracts: dict[int, _Contract] = {}
        self._settled = not layout.chiamata
        # The face-up card in view: under the stock, or Bugiarda's last dealt card while
        # its receiver holds it.
        self._stock_face_up = state.rules.has_face_up_card
        self._open_hands = state.rules.open_hands
        self._face_up = self._face_up_card(state)
        self._was_face_up = self._face_up
        # The auction as `observation` reads it: the opening run of bids and passes.
        self._auction_open = layout.chiamata
        self._passed: set[int] = set()
        self._bids = False
        for seat, move in state.history:
            if not self._auction_open:
                break
            self._auction(seat, move)

    def __reduce__(self) -> tuple[type[Tracker], tuple[State]]:
        # A copy or an unpickled tracker starts afresh from the same state: its values
        # are an array of its own, never shared with this one.
        return (Tracker, (self._state,))

    @property
    def state(self) -> State:
        """The current state of the deal."""
        return self._state

    def apply(self, move: Move) -> State:
        """Apply ``move`` (as `briscola.apply` does) and follow the deal to the new state.

        Raises:
            IllegalMoveError: if ``move`` is not legal now.
            InvalidMoveError: if ``move`` is not a move.
            InvalidStateError: if the deal followed is inconsistent (a state edited by
                hand), as `briscola.apply` refuses it.
        """
        before = self._state
        after = apply(before, move)
        self._state = after
        try:
            # The states' stored values are read directly (their fields are properties).
            if self._layout.face_up:
                self._was_face_up = self._face_up
                self._face_up = (
                    after._progress[TRUMP_CARD]
                    if self._stock_face_up
                    else self._face_up_card(after)
                )
            seat = before._turn
            bidding = self._auction_open and seat is not None
            if bidding:
                self._auction(seat, move)  # type: ignore[arg-type]  # kept with no vector too
            if self._ready:
                if (
                    type(move) is Play
                    and seat is not None
                    and after._deal.shown is before._deal.shown
                ):
                    if not self._play(before, after, seat, move.card):
                        self._ready.clear()
                else:
                    self._follow(before, after, move, seat, bidding)
            if not self._settled:
                self._contract(after)
        except BriscolaError:
            raise
        except _FOREIGN:
            _inconsistent("Tracker.apply")
        return after

    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """``observation(observe(state, seat))`` for the current state, as a new array.

        Raises:
            RulesError: if ``seat`` is not a seat of the variant.
            InvalidStateError: if the deal followed is inconsistent (a state edited by
                hand), as `observe` refuses it.
        """
        if type(seat) is int and seat in self._ready:
            return self._values.take(self._canvas.index[seat])  # type: ignore[no-any-return]
        state = self._state
        r = state.rules
        if type(seat) is not int or not 0 <= seat < r.players:
            seat = check_seat(r, seat)
        try:
            if not (self._ready or state.history or state.tricks or state.trick or state.shown):
                self._deal(state)
                return self._values.take(self._canvas.index[seat])  # type: ignore[no-any-return]
            return self._build(seat)
        except BriscolaError:
            raise
        except _FOREIGN:
            _inconsistent("Tracker.observation")

    def _face_up_card(self, state: State) -> Card | None:
        r = state.rules
        if r.trump_source is TrumpSource.LAST_DEALT:
            return _public_cards(state)[0]
        return state.trump_card if r.has_face_up_card else None

    # --- building a vector ----------------------------------------------------------------

    def _build(self, me: int) -> npt.NDArray[np.float32]:
        """A seat's vector from scratch, written into the canvas to be followed from then
        on (a new array: the canvas keeps no reference to it)."""
        state = self._state
        layout = self._layout
        if state.shown or (state.history and (layout.chiamata or layout.claims or layout.signals)):
            vector = observation(observe(state, me))
        else:
            vector = self._encode(state, me)
        self._values[self._canvas.index[me]] = vector
        self._ready.add(me)
        if layout.chiamata:
            self._contracts[me] = self._contract_of(state, me)
        return vector

    def _deal(self, state: State) -> None:
        """Write every seat's values of a deal no one has moved in yet, each value once."""
        layout = self._layout
        canvas = self._canvas
        cells = self._cells
        n = layout.players
        r = state.rules
        self._values[:] = 0.0
        hands = state.hands
        hand_size = r.hand_size
        for seat, hand in enumerate(hands):
            base = canvas.hand[seat]
            for card in hand:
                cells[base + card.id] = 1.0
            cells[canvas.hand_sizes + seat] = len(hand) / hand_size
        trump_card, known = _public_cards(state)
        if layout.known:
            for observer in range(n):
                for seat in range(n):
                    if seat != observer:
                        base = canvas.known[observer][seat]
                        cards = hands[seat] if r.open_hands else known[seat]
                        for card in cards:
                            cells[base + card.id] = 1.0
        if layout.face_up and trump_card is not None:
            cells[canvas.trump_card + trump_card.id] = 1.0
        if layout.removed:
            for card in state.removed:
                cells[canvas.removed + card.id] = 1.0
        if layout.open_stock:
            for card in state.stock:
                cells[canvas.stock + card.id] = 1.0
        if layout.trump and state.trump_suit is not None:
            for base in set(canvas.trump_suit):
                cells[base + _SUIT_INDEX[state.trump_suit]] = 1.0
        cells[canvas.phase + _PHASE_INDEX[state.phase]] = 1.0
        if state.turn is not None:
            cells[canvas.turn + state.turn] = 1.0
        cells[canvas.leader + state.leader] = 1.0
        cells[canvas.dealer + state.dealer] = 1.0
        if layout.stock:
            cells[canvas.stock_size] = state.stock_size / layout.in_play
        self._ready.update(range(n))
        if layout.chiamata:
            for seat in range(n):
                self._contracts[seat] = self._contract_of(state, seat)

    def _encode(self, state: State, me: int) -> npt.NDArray[np.float32]:
        """The vector of a state with no hands shown and no talk, Chiamata's auction or
        contract in its history (any deal of the classic family), straight from the state."""
        np = _numpy()
        layout = self._layout
        o = layout.offsets
        n = layout.players
        r = state.rules
        ks = [(seat - me) % n for seat in range(n)]
        hands = state.hands
        ones: list[int] = [card.id for card in hands[me]]
        if state.trick:
            seats = r.trick_seats[state.dealer][state.leader]
            for seat, card in zip(seats, state.trick, strict=False):
                ones.append(layout.o_trick[ks[seat]] + card.id)
        o_played = layout.o_played
        for trick in state.tricks:
            for seat, card in zip(trick.seats, trick.cards, strict=True):
                ones.append(o_played[ks[seat]] + card.id)
        trump_card, known = _public_cards(state)
        if layout.known:
            o_known = layout.o_known
            for seat in range(n):
                if seat != me:
                    at = o_known[ks[seat]]
                    if r.open_hands:
                        ones.extend(at + card.id for card in hands[seat])
                    ones.extend(at + card.id for card in known[seat])
        if layout.face_up and trump_card is not None:
            ones.append(o["trump_card"] + trump_card.id)
        if layout.removed:
            ones.extend(o["removed"] + card.id for card in state.removed)
        if layout.open_stock:
            ones.extend(o["stock"] + card.id for card in state.stock)
        if layout.trump and state.trump_suit is not None:
            ones.append(o["trump_suit"] + _SUIT_INDEX[state.trump_suit])
        ones.append(o["phase"] + _PHASE_INDEX[state.phase])
        if state.turn is not None:
            ones.append(o["turn"] + ks[state.turn])
        ones.append(o["leader"] + ks[state.leader])
        ones.append(o["dealer"] + ks[state.dealer])
        values = [1.0] * len(ones)
        hand_size = r.hand_size
        for seat, hand in enumerate(hands):
            ones.append(o["hand_sizes"] + ks[seat])
            values.append(len(hand) / hand_size)
        for seat, points in enumerate(state.points):
            ones.append(o["points"] + ks[seat])
            values.append(points / 120)
        if layout.stock:
            ones.append(o["stock_size"])
            values.append(state.stock_size / layout.in_play)
        ones.append(o["tricks"])
        values.append(len(state.tricks) / layout.tricks_per_deal)
        vector = np.zeros(layout.size, dtype=np.float32)
        vector.put(ones, values)
        return vector  # type: ignore[no-any-return]

    # --- following a move -----------------------------------------------------------------

    def _follow(
        self, before: State, after: State, move: Move, mover: int | None, bidding: bool
    ) -> None:
        """Change the canvas by what a move other than a plain play changed, or mark it
        for a rebuild (when next asked for) after a rare event."""
        kind = type(move)
        if mover is None or after.shown != before.shown:
            self._ready.clear()
        elif kind is Play:
            if not self._play(before, after, mover, move.card):  # type: ignore[attr-defined]
                self._ready.clear()
        elif (
            kind is SwapTrump
            or kind is ShowHand
            or after.hands != before.hands
            or len(after.trick) != len(before.trick)
            or len(after.tricks) != len(before.tricks)
        ):
            self._ready.clear()  # cards changed hands or a trick closed without a play
        else:
            if kind is Declare:
                self._claim(mover, move)  # type: ignore[arg-type]
            elif kind is Signal:
                self._signal(before, mover, move)  # type: ignore[arg-type]
            elif bidding and kind in _AUCTION_MOVES:
                self._bid(mover, move)
            self._scalars(before, after)

    def _play(self, before: State, after: State, mover: int, card: Card) -> bool:
        """Follow a `Play`; ``False`` if it did something this cannot follow."""
        record = after._progress[LAST]
        if record is not before._progress[LAST]:  # a new record: the trick was closed
            if after._trick or record[KIND] != CLOSE:
                return False
            self._close(before, after, mover, card.id)
            return True
        if len(after._trick) != len(before._trick) + 1:
            return False
        # The commonest move of all: a card from a hand to the trick, the next seat to act.
        canvas = self._canvas
        cells = self._cells
        cid = card.id
        self._leave_hand(before, mover, cid)
        cells[canvas.trick[mover] + cid] = 1.0
        cells[canvas.hand_sizes + mover] = len(after._hands[mover]) / self._hand_size
        if (
            before._phase is not after._phase
            or before._progress[LEADER] != after._progress[LEADER]
            or self._was_face_up is not self._face_up
        ):
            self._scalars(before, after)
        else:
            cells[canvas.turn + mover] = 0.0
            turn = after._turn
            if turn is not None:
                cells[canvas.turn + turn] = 1.0
        return True

    def _leave_hand(self, before: State, mover: int, cid: int) -> None:
        """The card ``cid`` leaves ``mover``'s hand, and no seat knows it there any more."""
        cells = self._cells
        cells[self._canvas.hand[mover] + cid] = 0.0
        if before._deal.shown:
            # A shown card stays known to be its shower's until played, even once it left
            # that hand (swapped under the stock, then drawn by another seat): forget it
            # in every hand.
            known = self._canvas.known
            players = range(self._layout.players)
            for observer in players:
                for holder in players:
                    if holder != observer:
                        cells[known[observer][holder] + cid] = 0.0
        else:
            for base in self._canvas.known_by_others[mover]:
                cells[base + cid] = 0.0

    def _close(self, before: State, after: State, mover: int, cid: int) -> None:
        """Follow the play that ends a trick: played cards, points, leader, draws."""
        layout = self._layout
        canvas = self._canvas
        cells = self._cells
        self._leave_hand(before, mover, cid)
        trick, played = canvas.trick, canvas.played
        # The record of the trick just closed: its leader, cards and winner.
        closed = after._progress[LAST]
        led_by = closed[4]
        for seat, card in zip(after._deal.orders[led_by], closed[5], strict=True):
            card_id = card.id
            cells[trick[seat] + card_id] = 0.0
            cells[played[seat] + card_id] = 1.0
        hands = after._hands
        old_hands = before._hands
        hand_size = self._hand_size
        at_hand, at_size = canvas.hand, canvas.hand_sizes
        drew = False
        for seat, hand in enumerate(hands):
            if hand is not old_hands[seat]:  # the mover's, and those that drew
                cells[at_size + seat] = len(hand) / hand_size
                base = at_hand[seat]
                for c in hand:
                    cells[base + c.id] = 1.0  # the drawn card, and the others again
                drew = drew or seat != mover
        progress, old_progress = after._progress, before._progress
        winner = closed[6]  # the one seat whose card points change
        cells[canvas.points + winner] = progress[POINTS][winner] / 120
        turn, leader = canvas.turn, canvas.leader
        cells[turn + mover] = 0.0
        if after._turn is not None:
            cells[turn + after._turn] = 1.0
        cells[leader + old_progress[LEADER]] = 0.0
        cells[leader + progress[LEADER]] = 1.0
        # One more trick than the canvas holds, read back from it: cheaper than the state's
        # `tricks`, which builds a tuple (the stored fraction times the count is within
        # float32's rounding of a whole number).
        per_deal = layout.tricks_per_deal
        cells[canvas.tricks] = (round(cells[canvas.tricks] * per_deal) + 1) / per_deal
        if layout.stock:
            # `State.stock_size` without slicing the stock.
            left = len(after._deal.stock) - progress[AT] + (progress[TRUMP_CARD] is not None)
            cells[canvas.stock_size] = left / layout.in_play
        if drew and (
            self._open_hands
            or layout.open_stock
            or (
                self._stock_face_up
                and old_progress[TRUMP_CARD] is not None
                and progress[TRUMP_CARD] is None
            )
        ):
            self._draws(before, after)
        if layout.open_stock and after.stock != before.stock:
            base = canvas.stock
            for c in before.stock:
                cells[base + c.id] = 0.0
            for c in after.stock:
                cells[base + c.id] = 1.0
        if (
            before._phase is not after._phase
            or self._was_face_up is not self._face_up
            or before._deal.trump_suit is not after._deal.trump_suit
        ):
            self._scalars(before, after)  # turn and leader again: no harm

    def _draws(self, before: State, after: State) -> None:
        """Follow the drawn cards other seats know of: every card under open hands or an
        open stock, the face-up card drawn last."""
        r = after.rules
        hands = after.hands
        players = range(r.players)
        known = self._canvas.known
        cells = self._cells
        if r.open_hands or r.open_stock:
            # Open hands show every card; an open stock, the cards just drawn from it.
            drawn = None if r.open_hands else set(before.stock) - set(after.stock)
            for observer in players:
                for seat in players:
                    if seat != observer:
                        base = known[observer][seat]
                        for c in hands[seat]:
                            if drawn is None or c in drawn:
                                cells[base + c.id] = 1.0
        face_up = before.trump_card if r.has_face_up_card else None
        if face_up is not None and after.trump_card is None:
            drawer = next(seat for seat in players if holds(hands[seat], face_up))
            for observer in players:
                if observer != drawer:
                    cells[known[observer][drawer] + face_up.id] = 1.0

    def _scalars(self, before: State, after: State) -> None:
        """Follow the one-hot turn, phase and leader, the face-up card and the trump suit."""
        layout = self._layout
        canvas = self._canvas
        cells = self._cells
        old, new = before.turn, after.turn
        if old != new:
            if old is not None:
                cells[canvas.turn + old] = 0.0
            if new is not None:
                cells[canvas.turn + new] = 1.0
        if before.leader != after.leader:
            cells[canvas.leader + before.leader] = 0.0
            cells[canvas.leader + after.leader] = 1.0
        if before.phase is not after.phase:
            cells[canvas.phase + _PHASE_INDEX[before.phase]] = 0.0
            cells[canvas.phase + _PHASE_INDEX[after.phase]] = 1.0
        if layout.face_up:
            _swap_one(cells, canvas.trump_card, self._was_face_up, self._face_up)
        # Chiamata's trump suit may be hidden: it is followed with the contract.
        if layout.trump and not layout.chiamata:
            _swap_suit(cells, canvas.trump_suit[0], before.trump_suit, after.trump_suit)

    def _claim(self, mover: int, move: Declare) -> None:
        """Follow a `Declare`: claims are public."""
        claim = move.claim
        canvas = self._canvas
        if type(claim) is Has:
            self._cells[canvas.claim_has[mover] + claim.card.id] = 1.0
        elif type(claim) is HasNot:
            self._cells[canvas.claim_has_not[mover] + claim.card.id] = 1.0
        else:
            self._cells[canvas.claim_hand + 2 * mover + (claim is STRONG_HAND)] = 1.0

    def _signal(self, before: State, mover: int, move: Signal) -> None:
        """Follow a `Signal`: only the signaller and its partners see it (§3.5)."""
        side = next((side for side in before.teams if mover in side), (mover,))
        index = _TOKEN_INDEX.get(move.token)
        cells = self._cells
        for observer in range(self._layout.players):
            if observer == mover or observer in side:
                base = self._canvas.signal[observer][mover]
                for i in range(len(SIGNAL_TOKENS)):
                    cells[base + i] = 0.0
                if index is not None:
                    cells[base + index] = 1.0

    def _auction(self, seat: int, move: Move) -> None:
        """Follow the opening run of bids and passes as `observation` reads it."""
        kind = type(move)
        if kind is Bid or kind is BidPoints:
            self._bids = True
        elif kind is Pass:
            self._passed.add(seat)
        else:
            self._auction_open = False
            return
        if self._bids and len(self._passed) >= self._state.rules.active_players - 1:
            self._auction_open = False

    def _bid(self, mover: int, move: Move) -> None:
        """Write a bid or a pass of the auction."""
        canvas = self._canvas
        cells = self._cells
        kind = type(move)
        if kind is Bid:
            # The seat's previous bid is cleared from the vector itself: the vector may have
            # been built from scratch since that bid, so no record kept here would be sure.
            base = canvas.bid_rank[mover]
            for rank in range(len(Rank)):
                cells[base + rank] = 0.0
            cells[base + int(move.rank) - 1] = 1.0  # type: ignore[attr-defined]
        elif kind is BidPoints:
            target = move.target  # type: ignore[attr-defined]
            cells[canvas.bid_points + mover] = max(0, target - 60) / 60
        else:
            cells[canvas.passed + mover] = 1.0

    # --- Chiamata's contract --------------------------------------------------------------

    def _contract_of(self, state: State, me: int) -> _Contract:
        """The contract's public facts as ``me`` sees them (as `observe` shows them)."""
        deal, holder = contract_of(state)
        if deal is None:
            return (None, None, None, None, state.trump_suit)
        suit = state.trump_suit
        called = None
        if is_revealed(state) or me == deal.caller:
            called = deal.card
        else:
            suit = None  # a blind first trick: the named suit is the caller's secret
        partner = None
        if (
            called is not None
            and holder is not None
            and (holder == me or called_card_played(state, called, holder))
        ):
            partner = holder
        return (called, deal.caller, partner, deal.target, suit)

    def _contract(self, state: State) -> None:
        """Rewrite the contract parts of the ready seats where they changed."""
        if state.phase is Phase.AUCTION:
            return
        deal, holder = contract_of(state)
        if (
            deal is not None
            and deal.card is not None
            and holder is not None
            and state.phase in _SETTLED_PHASES
            and is_revealed(state)
            and called_card_played(state, deal.card, holder)
        ) or (deal is None and state.phase is Phase.OVER):
            self._settled = True  # every seat knows it all: nothing more will change
        canvas = self._canvas
        cells = self._cells
        contracts = self._contracts
        trump = self._layout.trump
        for me in self._ready:
            old = contracts.get(me, _NO_CONTRACT)
            new = self._contract_of(state, me)
            if new == old:
                continue
            contracts[me] = new
            _swap_one(cells, canvas.called_card[me], old[0], new[0])
            if old[1] != new[1]:  # public, written again for each seat: no harm
                if old[1] is not None:
                    cells[canvas.caller + old[1]] = 0.0
                if new[1] is not None:
                    cells[canvas.caller + new[1]] = 1.0
            if old[2] != new[2]:
                if old[2] is not None:
                    cells[canvas.partner[me] + old[2]] = 0.0
                if new[2] is not None:
                    cells[canvas.partner[me] + new[2]] = 1.0
            cells[canvas.target] = 0.0 if new[3] is None else (new[3] - 60) / 60
            if trump:
                _swap_suit(cells, canvas.trump_suit[me], old[4], new[4])

    # --- actions --------------------------------------------------------------------------

    def action_mask(self) -> npt.NDArray[np.int8]:
        """The action mask of the seat to act (all zeros once the deal is over), as a new
        array.

        Raises:
            InvalidStateError: if the deal followed is inconsistent (a state edited by
                hand), as `legal_moves` refuses it.
        """
        # A few item stores into new zeros cost less than copying a kept mask.
        mask: npt.NDArray[np.int8] = self._zeros(NUM_ACTIONS, dtype=self._int8)
        cells = cast("_Cells", memoryview(mask))  # type: ignore[arg-type]
        for move in legal_moves(self._state):
            # Plays, the commonest moves, without a call.
            cells[_PLAY + move.card.id if type(move) is Play else _action_index(move)] = 1
        return mask


def _swap_one(mv: _Cells, base: int, old: Card | None, new: Card | None) -> None:
    """Move a one-hot card entry from ``old`` to ``new`` (either may be ``None``)."""
    if old is not new:
        if old is not None:
            mv[base + old.id] = 0.0
        if new is not None:
            mv[base + new.id] = 1.0


def _swap_suit(mv: _Cells, base: int, old: Suit | None, new: Suit | None) -> None:
    """Move the one-hot trump suit entry from ``old`` to ``new`` (either may be ``None``)."""
    if old is not new:
        if old is not None:
            mv[base + _SUIT_INDEX[old]] = 0.0
        if new is not None:
            mv[base + _SUIT_INDEX[new]] = 1.0


# --- bounds -------------------------------------------------------------------------------


def utility_bounds(rules: Rules | str) -> tuple[int, int]:
    """The lowest and highest game points (`Score.deltas`) a seat can get in one deal.

    Examples:
        >>> utility_bounds("classic"), utility_bounds("classic-3")
        ((-1, 1), (-2, 2))
    """
    r = _as_rules(rules)
    if r.auction is not None:
        if r.stakes is Stakes.BANDS:
            unit = 10  # the top band, 5, doubled for a cappotto (§2.5.6)
        elif r.stakes is Stakes.TEDALDI:
            unit = 4
        else:
            unit = 2
        most = (r.active_players - 1) * unit  # a solo caller against every defender
        return (-most, most)
    if len(r.teams) == 2:
        return (-1, 1)
    return (-2, 2)


def max_game_length(rules: Rules | str) -> int:
    """An upper bound on the number of moves of one deal of ``rules``, signals included.

    Examples:
        >>> max_game_length("classic")
        40
    """
    r = _as_rules(rules)
    n = r.players
    moves = len(r.deck)  # every card in play is played once, and no more
    if r.has_face_up_card and (r.seven_swap or r.two_swap):
        moves += 2 + n  # the 7 and the 2 of trumps change hands once each; a swap round
    if r.share_hands_before_first_trick is ShareHands.VOLUNTARY:
        moves += n
    if r.share_hands_when_stock_empty is ShareHands.VOLUNTARY:
        moves += n
    if r.declaration_round:
        moves += n
    if r.auction is not None:
        # Each bid beats the one before, so there are at most as many bids as steps of the
        # ladder (ranks, then every point target), and each seat passes once.
        ladder = len(r.call_ranks) + (MAX_POINT_BID - MIN_POINT_BID + 1)
        moves += ladder + n + 1
    if r.public_claims or r.signals:
        moves *= 2  # at most one Declare or Signal a turn
    return moves
