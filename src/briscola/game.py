"""The public verbs: `new_game`, `legal_moves`, `apply`, `is_over`, `current_player`,
`score`, `observe`, and the `random_playout` helper.

`legal_moves`, `apply`, `is_over`, `current_player`, `score` and `observe` take a deal
(`State`) or a `Match`: a match goes to `briscola.match`, a deal to the engine of one deal.
Legality has one definition: ``apply(state, move)`` succeeds exactly when ``move in
legal_moves(state)``.

A state built by hand or edited with ``attrs.evolve`` can break the engine's assumptions
(a ``turn`` that is not a seat, hands that do not match the deck). Whatever goes wrong
inside, a verb then raises `InvalidStateError`, never a Python error from deep inside.

Examples:
    >>> from briscola import Card
    >>> s = new_game("classic", deck=[Card.from_id(i) for i in range(40)])
    >>> [str(m) for m in legal_moves(s)]
    ['AD', '3D', '5D']
"""

from __future__ import annotations

import random
from typing import Final, NoReturn, overload

from . import _engine, _play
from ._engine import new_game
from .errors import _FOREIGN, BriscolaError
from .errors import _inconsistent as inconsistent
from .match import (
    Match,
    MatchScore,
    MatchView,
    match_apply,
    match_current_player,
    match_is_over,
    match_legal_moves,
    match_score,
    observe_match,
    public_match_view,
)
from .moves import Move, Play
from .scoring import Score
from .scoring import score as score_deal
from .state import Phase, State
from .views import View
from .views import observe as observe_deal
from .views import public_view as public_deal_view

__all__ = [
    "apply",
    "current_player",
    "is_over",
    "legal_moves",
    "new_game",
    "observe",
    "public_view",
    "random_playout",
    "score",
]


def _inconsistent(verb: str, value: object = None) -> NoReturn:
    kind = "match" if type(value) is Match else "state"
    raise inconsistent(f"{verb}()", kind) from None


def _inconsistent_view(who: str) -> NoReturn:
    """What a function that reads a `View` raises when the view breaks its assumptions:
    views have no validators, so one edited by hand reaches code that trusts it."""
    raise inconsistent(who, "view") from None


def legal_moves(state: State | Match) -> tuple[Move, ...]:
    """Every legal move of the seat to act, in a fixed order; ``()`` once it is over.

    Works on a deal (`State`) or a `Match`. The order: by kind, as listed in
    `briscola.moves` (``Play``, ``SwapTrump``, ``Bid``, ``BidPoints``, ``Pass``,
    ``NameSuit``, ``NameCard``, ``Declare``, ``Signal``, ``ShowHand``); plays, swaps and
    named cards by card id, bids up the ladder, point bids by target, suits in `Suit`
    order, claims as `Has` by card id, `HasNot` by card id, ``WEAK_HAND``,
    ``STRONG_HAND``, and signals in the order of ``signal_tokens``.

    Raises:
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is inconsistent.

    Examples:
        >>> from briscola import Card
        >>> s = new_game("classic", deck=[Card.from_id(i) for i in range(40)])
        >>> [str(m) for m in legal_moves(s)]
        ['AD', '3D', '5D']
    """
    if type(state) is State:
        cached = state._legal  # listed already: the commonest call of all
        if cached is not None:
            return cached
    try:
        if type(state) is Match:
            return match_legal_moves(state)
        return _legal_moves(state)  # type: ignore[arg-type]
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent("legal_moves", state)


_OVER: Final = Phase.OVER
_PLAY: Final = Phase.PLAY
_legal_moves: Final = _engine.legal_moves
_apply: Final = _engine.apply
_play_card: Final = _play.play_card


@overload
def apply(
    state: State, move: Move, *, seat: int | None = None, ply: int | None = None
) -> State: ...
@overload
def apply(
    state: Match, move: Move, *, seat: int | None = None, ply: int | None = None
) -> Match: ...
def apply(
    state: State | Match, move: Move, *, seat: int | None = None, ply: int | None = None
) -> State | Match:
    """The deal (or match) after the seat to act makes ``move``; the argument is unchanged.

    On a `Match`, the move is made in the deal in progress; when that deal ends it is
    recorded and, unless the match is over, the next deal is dealt.

    A server that takes moves from several clients passes who sent the move and what they
    saw: ``seat`` is the sender's seat and ``ply`` the `View.ply` of the view the sender
    acted on. Both are checked before the move or any hand is looked at, so a refusal says
    nothing about the cards.

    Args:
        state: The deal or match.
        move: The move, usually one of ``legal_moves(state)``.
        seat: The seat sending the move; ``None`` trusts the caller to speak for the seat
            to act.
        ply: The number of moves made in the deal when the sender decided; ``None`` skips
            the check. A different number means the request is stale or replayed.

    Raises:
        IllegalMoveError: ``move`` is a well-formed move that is not legal now, ``seat`` is
            not the seat to act, or ``ply`` is not the number of moves made so far.
        InvalidMoveError: ``move`` is not a move, or one of its fields has the wrong type.
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is inconsistent.
        RulesError: ``seat`` is not a seat of the variant, or ``ply`` is not a whole number
            from 0.

    Examples:
        >>> from briscola import Card
        >>> s = new_game("classic", deck=[Card.from_id(i) for i in range(40)])
        >>> apply(s, legal_moves(s)[0], seat=1)
        Traceback (most recent call last):
        ...
        briscola.errors.IllegalMoveError: it is not your turn: seat 0 is to act, not seat 1
    """
    if (
        type(move) is Play
        and type(state) is State
        and seat is None
        and ply is None
        and state._phase is _PLAY
    ):
        # The step loop's commonest call: a card played goes straight to trick play, which
        # checks that the seat may play it (docs/performance.md says what this saves).
        try:
            after = _play_card(state, move)
        except BriscolaError:
            raise
        except _FOREIGN:  # a move or a state built by hand: the full path says which
            after = None
        if after is not None:
            return after
    try:
        if type(state) is Match:
            return match_apply(state, move, seat, ply)
        if seat is None and ply is None:
            return _apply(state, move)  # type: ignore[arg-type]
        return _apply(state, move, seat=seat, ply=ply)  # type: ignore[arg-type]
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent("apply", state)


def is_over(state: State | Match) -> bool:
    """Whether the deal (or the match) has ended.

    Raises:
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is an inconsistent
            `Match`.
    """
    if type(state) is State:
        return state._phase is _OVER
    if type(state) is Match:
        try:
            return match_is_over(state)
        except _FOREIGN:
            _inconsistent("is_over", state)
    return _engine.is_over(state)  # type: ignore[arg-type]


def current_player(state: State | Match) -> int | None:
    """The seat to act, or ``None`` once the deal (or the match) is over.

    Raises:
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is an inconsistent
            `Match`.
    """
    if type(state) is State:
        return state._turn
    if type(state) is Match:
        try:
            return match_current_player(state)
        except _FOREIGN:
            _inconsistent("current_player", state)
    return _engine.current_player(state)  # type: ignore[arg-type]


@overload
def score(state: State) -> Score: ...
@overload
def score(state: Match) -> MatchScore: ...
def score(state: State | Match) -> Score | MatchScore:
    """The score of a deal, finished or not, or the standing of a match.

    Raises:
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is inconsistent.

    Examples:
        >>> import briscola
        >>> result = briscola.score(briscola.new_game("classic", seed=3))
        >>> result.points, result.deltas, result.final
        ((0, 0), (0, 0), False)
    """
    try:
        if type(state) is Match:
            return match_score(state)
        return score_deal(state)  # type: ignore[arg-type]
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent("score", state)


@overload
def observe(state: State, seat: int) -> View: ...
@overload
def observe(state: Match, seat: int) -> MatchView: ...
def observe(state: State | Match, seat: int) -> View | MatchView:
    """What ``seat`` may know of ``state``: a `View` of a deal, a `MatchView` of a match.

    Raises:
        RulesError: if ``seat`` is not a seat of the variant.
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is inconsistent.

    Examples:
        >>> import briscola
        >>> view = observe(briscola.new_game("classic", seed=7), 1)
        >>> view.hands[0] is None, len(view.hand), view.stock_size
        (True, 3, 34)
    """
    try:
        if type(state) is Match:
            return observe_match(state, seat)
        return observe_deal(state, seat)  # type: ignore[arg-type]
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent("observe", state)


@overload
def public_view(state: State) -> View: ...
@overload
def public_view(state: Match) -> MatchView: ...
def public_view(state: State | Match) -> View | MatchView:
    """What a spectator may know of ``state``: only the public information.

    Its `View.seat` is ``None``, its `View.hand` is empty and no hand is visible unless the
    table plays with open hands. For a `Match`, a `MatchView` whose deal is the spectator's
    view of the deal in progress.

    Raises:
        InvalidStateError: ``state`` is not a `State` or a `Match`, or is inconsistent.

    Examples:
        >>> import briscola
        >>> view = public_view(briscola.new_match("classic", seed=7))
        >>> view.deal.seat, view.deal.hand, view.score.deals_played
        (None, (), 0)
    """
    try:
        if type(state) is Match:
            return public_match_view(state)
        return public_deal_view(state)  # type: ignore[arg-type]
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent("public_view", state)


def random_playout(state: State, rng: random.Random | None = None) -> State:
    """Play uniformly random legal moves until the deal is over; return the final state.

    The result is the state that ``apply(state, rng.choice(legal_moves(state)))`` repeated
    until the end would give, with the same ``rng`` draws, but faster: once only card plays
    remain, the rest of the deal is played in one loop over plain lists.

    Args:
        state: Where to start.
        rng: The source of the choices; ``None`` uses a new unseeded `random.Random`.
            The global random generator is never touched.

    Raises:
        InvalidStateError: ``state`` is not a `State`, or is inconsistent.
        RulesError: ``rng`` has no ``choice`` method.
    """
    try:
        return _engine.random_playout(state, rng)
    except BriscolaError:
        raise
    except _FOREIGN:
        _inconsistent("random_playout")
