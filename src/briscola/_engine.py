"""The verbs of one deal, on a `State` only: `new_game`, `legal_moves`, `apply`, `is_over`,
`current_player`, `random_playout`.

This is the engine under the public verbs of `briscola.game`, which also route a `Match` to
`briscola.match`. A deal never knows whether it is part of a match.

`legal_moves` and `apply` dispatch on `State.phase` to one pure handler per phase. Legality
has one definition: ``apply(state, move)`` succeeds exactly when ``move in
legal_moves(state)``. Only when that test fails does `apply` work out which error to raise
and why, in words the acting seat can be shown.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, Unpack

import attrs

from . import _play
from ._auction import apply_auction, apply_naming, legal_auction, legal_naming
from ._auction import why_illegal as why_auction_illegal
from ._deal import check_seed, deal_hands, entropy, fresh_seed, shuffle
from ._numbers import whole_number
from ._quote import count, quote
from ._rounds import (
    apply_round,
    automatic_snapshot,
    legal_round,
    opening,
    opening_depends_on_deal,
    shows_hands_at_first_lead,
)
from .cards import Card, Suit
from .errors import (
    _FOREIGN,
    BriscolaError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    RulesError,
)
from .moves import (
    MOVE_TYPES,
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
    OPTIONS,
    VARIANTS,
    Rules,
    TableRules,
    TrumpSource,
    VariantId,
    check_seat,
    rules,
)
from .state import EMPTY, Phase, State, build, new_deal

__all__ = [
    "apply",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "random_playout",
]

_TWOS: Final = tuple(_play.TWO_OF.values())  # in Suit order


def new_game(
    variant: VariantId | Rules,
    /,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
    **options: Unpack[TableRules],
) -> State:
    """Shuffle (or take ``deck``), deal, and return the first state of a deal.

    Args:
        variant: A preset id of `VARIANTS` or a `Rules`.
        seed: Drives the shuffle (and any random choice of the deal, such as
            ``removed_two="random"``): the same seed deals the same cards on every platform.
            ``None`` draws a seed from the operating system's entropy.
        deck: The whole ordered deck of the variant, top card first; it is dealt as given
            and ``seed`` is not used.
        dealer: The dealer's seat; ``None`` makes seat ``n - 1`` the dealer, so seat 0 is the
            first hand and leads the first trick.
        **options: Table rules (§8), as for `rules()`.

    Raises:
        RulesError: for a bad variant, option, dealer, seed or deck.

    Examples:
        >>> s = new_game("classic", deck=[Card.from_id(i) for i in range(40)])
        >>> [str(c) for c in s.hands[0]], [str(c) for c in s.hands[1]], str(s.trump_card)
        (['AD', '3D', '5D'], ['2D', '4D', '6D'], '7D')
    """
    try:
        if options:
            r = rules(variant, **options)
        elif type(variant) is str:
            preset = VARIANTS.get(variant)
            r = preset if preset is not None else rules(variant)
        elif isinstance(variant, Rules):
            r = variant
        else:
            r = rules(variant)
        dealer = r.players - 1 if dealer is None else check_seat(r, dealer, "dealer")
        trump_suit = None if r.trump_suit is None else Suit(r.trump_suit)
        if seed is not None and type(seed) is not int:
            seed = check_seed(seed)
        if deck is not None:
            return deal_from(r, deck, dealer, trump_suit)
        if seed is None:
            seed = fresh_seed()
        x = entropy(seed)
        cards = r.deck
        removed = r.removed
        if r.removed_two == "random":
            x, choice = divmod(x, 4)
            removed = (_TWOS[choice],)
            cards = tuple(card for card in cards if card is not _TWOS[choice])
        if r.trump_source is TrumpSource.SEPARATE_FLIP:
            # A card turned and shuffled back: only its suit matters (ruling R6).
            x, choice = divmod(x, 4)
            if trump_suit is None:
                trump_suit = tuple(Suit)[choice]
        dealt, _ = shuffle(cards, x)
        return _deal(r, dealt, dealer, removed, trump_suit)
    except BriscolaError:
        raise
    except _FOREIGN:
        # Only a Rules edited past its checks (object.__setattr__ on a copy) gets here.
        raise RulesError(
            "these rules are inconsistent (edited past their checks): build them with rules()"
        ) from None


def deal_from(
    r: Rules, deck: Sequence[Card], dealer: int, trump_suit: Suit | None = None
) -> State:
    """Deal an explicit ``deck``; ``trump_suit`` is the separately flipped suit (Bugiarda).

    Raises:
        RulesError: for a deck that is not the variant's, or a flipped suit missing or other
            than the one the rules fix.
    """
    dealer = check_seat(r, dealer, "dealer")
    if r.trump_source is TrumpSource.SEPARATE_FLIP:
        if r.trump_suit is not None:
            fixed = Suit(r.trump_suit)
            if trump_suit is not None and trump_suit is not fixed:
                raise RulesError(
                    f"the table rules fix the trump suit to {fixed.value!r} "
                    f"(trump_suit={fixed.value!r}), so a deal cannot have {trump_suit.value!r}"
                )
            trump_suit = fixed
        if trump_suit is None:
            raise RulesError(
                "with trump_source='separate_flip' and an explicit deck, give trump_suit "
                "(a suit code such as 'C'): no dealt card fixes the trump suit"
            )
    else:
        trump_suit = None
    dealt, removed = _check_deck(r, deck, r.removed)
    return _deal(r, dealt, dealer, removed, trump_suit)


def _check_deck(
    r: Rules, deck: Sequence[Card], removed: tuple[Card, ...]
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if isinstance(deck, str | bytes) or not isinstance(deck, Sequence):
        raise RulesError(f"deck must be a sequence of cards, not {type(deck).__name__}")
    cards = tuple(deck)
    for card in cards:
        if not isinstance(card, Card):
            raise RulesError(
                f"every card of the deck must be a Card, not {type(card).__name__} "
                f"{quote(card)} (use Card.parse for text)"
            )
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RulesError(f"the deck holds {card} twice")
        seen.add(card)
    if r.removed_two == "random":
        missing = [two for two in _TWOS if two not in seen]
        if len(missing) != 1:
            raise RulesError(
                f"the deck of {r.variant!r} has 39 cards, every card but one 2, "
                f"not {count(len(cards), 'card')}"
            )
        removed = (missing[0],)
    expected = [card for card in r.deck if card not in removed]
    if len(cards) != len(expected):
        raise RulesError(
            f"the deck of {r.variant!r} has {len(expected)} cards, not {len(cards)}"
            + _removal_hint(r)
        )
    for card in expected:
        if card not in seen:
            extra = next(c for c in cards if c not in expected)
            raise RulesError(
                f"the deck given holds {extra} and lacks {card}, but {extra} is not in the "
                f"deck of {r.variant!r}" + _removal_hint(r)
            )
    return cards, removed


def _removal_hint(r: Rules) -> str:
    if r.removed_two == "random":
        return " (39 cards: every card but one 2)"
    if r.removed:
        return f" (every card but {' '.join(map(str, r.removed))})"
    return ""


def _deal(
    r: Rules,
    deck: tuple[Card, ...],
    dealer: int,
    removed: tuple[Card, ...],
    trump_suit: Suit | None,
) -> State:
    """The canonical deal of §1.6, then the first phase of the deal."""
    plan = _plan(r, dealer)
    hands = deal_hands(deck, plan.seats, r.hand_size, r.deal_packet_size, r.players)
    dealt = plan.dealt
    trump_card: Card | None = None
    if r.has_face_up_card:
        trump_card = deck[dealt]
        trump_suit = trump_card.suit
        stock = deck[dealt + 1 :]
    else:
        stock = deck[dealt:]
        if r.trump_source is TrumpSource.LAST_DEALT:
            trump_suit = deck[dealt - 1].suit
    leader = plan.leader
    turn: int | None = leader
    phase = plan.phase
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    if phase is None:  # the round before the first lead depends on the trump suit (§3.2)
        phase = opening(r, trump_suit, removed, None)
    if phase is _AUCTION:
        if r.annul_zero_point_hand and any(
            sum(r.card_points[card.id] for card in hands[seat]) == 0 for seat in plan.seats
        ):
            phase, turn = _OVER, None  # annulled before the auction (§2.5.6)
    elif phase is _PLAY and plan.shows_hands:
        shown = automatic_snapshot(r, hands, dealer)
    return build(
        new_deal(r, dealer, deck, removed, trump_suit, shown, stock),
        (leader, plan.no_points, 0, trump_card, False, EMPTY),
        phase,
        hands,
        (),
        turn,
        tuple(map(_PLAY_OF, hands[leader])) if phase is _PLAY and r.plain_play else None,
    )


class _Plan(NamedTuple):
    """What every deal of one `Rules` and dealer has in common, worked out once."""

    seats: tuple[int, ...]
    """The seats dealt to, in dealing order from the first hand."""
    dealt: int
    """Cards dealt into the hands; the face-up card (if any) is the next one."""
    leader: int
    """The seat that acts first."""
    phase: Phase | None
    """The first phase, or ``None`` where it depends on the deal's trump suit."""
    shows_hands: bool
    """Whether the hands are shown to partners automatically before the first lead."""
    no_points: tuple[int, ...]
    """Every seat's card points at the deal: zeros."""


def _plan(r: Rules, dealer: int) -> _Plan:
    plans: dict[int, _Plan] | None = r._memo.get("deal")
    if plans is None:
        plans = r._memo["deal"] = {}
    found = plans.get(dealer)
    if found is not None:
        return found
    players = r.players
    seats = r.seats_for(dealer)
    # first_leader_offset=-1: the seat before the dealer in play order leads (§2.6.1).
    leader = seats[0] if r.first_leader_offset != -1 else (dealer - 1) % players
    phase: Phase | None
    if r.auction is not None:
        phase = _AUCTION
    elif opening_depends_on_deal(r):
        phase = None
    else:
        phase = opening(r, None, (), None)
    plan = _Plan(
        seats,
        r.dealt_cards,
        leader,
        phase,
        r.auction is None and shows_hands_at_first_lead(r),
        (0,) * players,
    )
    plans[dealer] = plan
    return plan


_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
_AUCTION: Final = Phase.AUCTION
_PLAY_OF: Final = _play.PLAY_OF.__getitem__
_legal_play: Final = _play.legal_play
_apply_play: Final = _play.apply_play
_LEGAL: Final[dict[Phase, Callable[[State], tuple[Move, ...]]]] = {
    Phase.PLAY: _play.legal_play,
    Phase.DECLARATIONS: legal_round,
    Phase.SWAP_WINDOW: legal_round,
    Phase.SHARE_HANDS: legal_round,
    Phase.AUCTION: legal_auction,
    Phase.NAME_TRUMP: legal_naming,
    Phase.OVER: lambda _state: (),
}
_APPLY: Final[dict[Phase, Callable[[State, int, Move], State]]] = {
    Phase.PLAY: _play.apply_play,
    Phase.DECLARATIONS: apply_round,
    Phase.SWAP_WINDOW: apply_round,
    Phase.SHARE_HANDS: apply_round,
    Phase.AUCTION: apply_auction,
    Phase.NAME_TRUMP: apply_naming,
}


def check_state(state: object, verb: str) -> None:
    """Raise `InvalidStateError` unless ``state`` is a `State`."""
    if not isinstance(state, State):
        # From None: callers check here while handling the AttributeError of a non-State.
        raise InvalidStateError(
            f"{verb}() needs a State from new_game(), not {type(state).__name__}"
        ) from None


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the seat to act, in a fixed order; ``()`` once it is over.

    The order: by kind, as listed in
    `briscola.moves` (``Play``, ``SwapTrump``, ``Bid``, ``BidPoints``, ``Pass``,
    ``NameSuit``, ``NameCard``, ``Declare``, ``Signal``, ``ShowHand``); plays, swaps and
    named cards by card id, bids up the ladder, point bids by target, suits in `Suit`
    order, claims as `Has` by card id, `HasNot` by card id, ``WEAK_HAND``,
    ``STRONG_HAND``, and signals in the order of ``signal_tokens``.

    Examples:
        >>> s = new_game("classic", deck=[Card.from_id(i) for i in range(40)])
        >>> [str(m) for m in legal_moves(s)]
        ['AD', '3D', '5D']
    """
    cached: tuple[Move, ...] | None
    try:
        cached = state._legal
    except AttributeError:  # a State built by attrs rather than the engine, or junk
        check_state(state, "legal_moves")
        cached = None
    if cached is None:
        phase = state.phase
        cached = _legal_play(state) if phase is _PLAY else _LEGAL[phase](state)
        state._legal = cached
    elif type(cached) is not tuple:  # the State class itself, not one of its instances
        check_state(state, "legal_moves")
    return cached


def apply(state: State, move: Move, *, seat: int | None = None, ply: int | None = None) -> State:
    """The deal after the seat to act makes ``move``; the argument is unchanged.

    A server that takes moves from several clients passes who sent the move and what they
    saw: ``seat`` is the sender's seat and ``ply`` the `View.ply` of the view the sender
    acted on. Both are checked before the move or any hand is looked at, so a refusal says
    nothing about the cards.

    Args:
        state: The deal.
        move: The move, usually one of ``legal_moves(state)``.
        seat: The seat sending the move; ``None`` trusts the caller to speak for the seat
            to act.
        ply: The number of moves made in the deal when the sender decided; ``None`` skips
            the check. A different number means the request is stale or replayed.

    Raises:
        IllegalMoveError: ``move`` is a well-formed move that is not legal now, ``seat`` is
            not the seat to act, or ``ply`` is not the number of moves made so far.
        InvalidMoveError: ``move`` is not a move, or one of its fields has the wrong type.

    Examples:
        >>> s = new_game("classic", deck=[Card.from_id(i) for i in range(40)])
        >>> apply(s, legal_moves(s)[0], seat=1)
        Traceback (most recent call last):
        ...
        briscola.errors.IllegalMoveError: it is not your turn: seat 0 is to act, not seat 1
    """
    if seat is not None or ply is not None:
        check_sender(state, seat, ply)
    legal: tuple[Move, ...] | None
    try:
        legal = state._legal
    except AttributeError:
        check_state(state, "apply")
        legal = None
    phase = state.phase
    if legal is None:
        legal = _legal_play(state) if phase is _PLAY else _LEGAL[phase](state)
        state._legal = legal
    elif type(legal) is not tuple:  # the State class itself
        check_state(state, "apply")
    # Identity first: moves taken from legal_moves() skip attrs' Python-level __eq__.
    for candidate in legal:
        if candidate is move:
            break
    else:
        # A move not taken from the list: its fields are checked before it is compared, so
        # that BidPoints(70.0), equal to BidPoints(70), is refused as malformed.
        if type(move) not in MOVE_TYPES or _malformed(move) or move not in legal:
            raise _why_illegal(state, move)
    if phase is _PLAY:
        return _apply_play(state, state.turn, move)  # type: ignore[arg-type]
    return _APPLY[phase](state, state.turn, move)  # type: ignore[arg-type]


def check_sender(
    deal: State, seat: object, ply: object, *, match_over: bool | None = None
) -> None:
    """Refuse a move sent by a seat that is not to act, or decided on an older view.

    ``match_over`` is given when ``deal`` is the deal in progress of a match: then a finished
    match, rather than a finished deal, is what refuses every move.
    """
    check_state(deal, "apply")
    players = deal.rules.players
    if seat is not None and (type(seat) is not int or not 0 <= seat < players):
        seat = check_seat(deal.rules, seat)
    if ply is not None and (type(ply) is not int or ply < 0):
        number = whole_number(ply)
        if number is None or number < 0:
            raise RulesError(f"ply={quote(ply)} is not valid: use the ply of the sender's view")
        ply = number
    if match_over is not None:
        if match_over:
            raise IllegalMoveError("the match is over: no move is legal")
    elif deal.phase is _OVER:
        raise IllegalMoveError("the deal is over: no move is legal")
    if seat is not None and seat != deal.turn:
        raise IllegalMoveError(f"it is not your turn: seat {deal.turn} is to act, not seat {seat}")
    if ply is not None and ply != ply_of(deal):
        raise IllegalMoveError(
            f"this move was decided at ply {quote(ply)}, but the deal is at ply {ply_of(deal)}: "
            "look at the table again"
        )


def ply_of(state: State) -> int:
    """The moves made so far in the deal, signals apart (see `View.ply`)."""
    history = state.history
    if not state.rules.signals:
        return len(history)
    return sum(1 for _seat, move in history if type(move) is not Signal)


def is_over(state: State) -> bool:
    """Whether the deal has ended."""
    check_state(state, "is_over")
    return state.phase is _OVER


def current_player(state: State) -> int | None:
    """The seat to act, or ``None`` once the deal is over."""
    check_state(state, "current_player")
    return state.turn


def random_playout(state: State, rng: random.Random | None = None) -> State:
    """Play uniformly random legal moves until the deal is over; return the final state.

    The result is the state that ``apply(state, rng.choice(legal_moves(state)))`` repeated
    until the end would give, with the same ``rng`` draws, but faster: once only card plays
    remain, the rest of the deal is played in one loop over plain lists.

    Args:
        state: Where to start.
        rng: The source of the choices; ``None`` uses a new unseeded `random.Random`.
            The global random generator is never touched.
    """
    check_state(state, "random_playout")
    if rng is None:
        rng = random.Random()
    choice = getattr(rng, "choice", None)
    if not callable(choice):
        raise RulesError(
            f"rng must be a random.Random (or have a choice method), not {quote(rng)}"
        )
    while state.phase is not Phase.OVER:
        if state.phase is _PLAY and _play.fused(state):
            return _play.play_out(state, choice)
        moves = getattr(state, "_legal", None)
        if moves is None:
            moves = _LEGAL[state.phase](state)
        state = _APPLY[state.phase](state, state.turn, choice(moves))  # type: ignore[arg-type]
    return state


# --- why a move is refused -------------------------------------------------------------------

_KIND_WORDS: Final = {
    Play: "play a card",
    SwapTrump: "exchange a card for the face-up card",
    Bid: "bid",
    BidPoints: "make a point bid",
    Pass: "pass",
    NameSuit: "name a suit",
    NameCard: "name a card",
    Declare: "make a declaration",
    Signal: "signal",
    ShowHand: "show its hand",
}


_ROUND_RULES: Final = {
    Phase.DECLARATIONS: "in the declaration round each seat in turn declares once or passes",
    Phase.SWAP_WINDOW: (
        "before the first lead each seat in turn may exchange the 2 of trumps for the "
        "face-up card or pass"
    ),
    Phase.SHARE_HANDS: "each seat in turn may show its hand to its partners or pass",
}


def _why_illegal(state: State, move: object) -> Exception:
    if not isinstance(move, Move) or type(move) not in MOVE_TYPES:
        return InvalidMoveError(
            f"apply() needs a move such as Play(card) or Pass(), not {type(move).__name__} "
            f"{quote(move)}"
        )
    malformed = _malformed(move)
    if malformed:
        return InvalidMoveError(malformed)
    phase = state.phase
    if phase is Phase.OVER:
        return IllegalMoveError("the deal is over: no move is legal")
    seat = state.turn
    kind = _KIND_WORDS[type(move)]
    if isinstance(move, SwapTrump) and phase in (Phase.PLAY, Phase.SWAP_WINDOW):
        why = _play.why_swap_illegal(state, move.card)
        return IllegalMoveError(why or f"seat {seat} cannot {kind} now")
    claim = move.claim if isinstance(move, Declare) else None
    if isinstance(claim, Has | HasNot) and claim.card in state.removed:
        return IllegalMoveError(f"{claim.card} is not in play in this deal")
    if phase in (Phase.AUCTION, Phase.NAME_TRUMP):
        if not isinstance(move, Bid | BidPoints | Pass | NameSuit | NameCard):
            what = "name the trump" if phase is Phase.NAME_TRUMP else "bid or pass"
            return IllegalMoveError(f"seat {seat} cannot {kind} now: it must {what}")
        return IllegalMoveError(why_auction_illegal(state, move))
    if phase is not Phase.PLAY:
        return IllegalMoveError(f"seat {seat} cannot {kind} now: {_ROUND_RULES[phase]}")
    if isinstance(move, Play):
        return IllegalMoveError(_why_play_illegal(state, move.card))
    if isinstance(move, Declare | Signal):
        return IllegalMoveError(_why_talk_illegal(state, move))
    return IllegalMoveError(f"seat {seat} cannot {kind} now: it must play a card")


def _options_of(r: Rules) -> frozenset[str]:
    return frozenset(name for name, info in OPTIONS.items() if r.variant in info.applies_to)


def _why_talk_illegal(state: State, move: Declare | Signal) -> str:
    r = state.rules
    seat = state.turn
    if isinstance(move, Declare) and not r.public_claims:
        return "declarations during play are not allowed at this table (public_claims is off)"
    if isinstance(move, Signal):
        if "signals" not in _options_of(r):
            return f"{r.variant!r} has no fixed partners to signal to"
        if not r.signals:
            return "signals are not allowed at this table (signals is off)"
        if move.token not in r.signal_tokens:
            tokens = ", ".join(map(repr, r.signal_tokens))
            return f"{quote(move.token)} is not a signal of this table: use one of {tokens}"
    if state.talked:
        return f"seat {seat} has already made its one declaration or signal this turn"
    return "no signal may be made during the first trick"


def _malformed(move: Move) -> str | None:
    """Why a move's fields are not of their types, or ``None``.

    The constructors check the types, so only a move made without them (unpickled, or
    edited with ``object.__setattr__``) can fail: its own validators are run again, with a
    claim's card inside a `Declare`.
    """
    try:
        attrs.validate(move)  # type: ignore[arg-type]
        claim = getattr(move, "claim", None)
        if isinstance(claim, Has | HasNot):
            attrs.validate(claim)
    except InvalidMoveError as error:
        return str(error)
    except AttributeError:  # a field deleted with object.__delattr__
        return (
            f"this {type(move).__name__} lacks a field: build it with {type(move).__name__}(...)"
        )
    return None


def _why_play_illegal(state: State, card: Card) -> str:
    seat = state.turn
    hand = state.hands[seat]  # type: ignore[index]
    if card not in hand:
        return f"{card} is not in seat {seat}'s hand"
    led = state.trick[0].suit
    return (
        f"seat {seat} must follow suit: it holds a card of the led suit, {led.name.title()}, "
        f"so it cannot play {card}"
    )
