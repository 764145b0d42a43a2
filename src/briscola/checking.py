"""`check`: whether a state is one the rules can reach, replayed from its own deck.

States built by hand or edited with ``attrs.evolve`` can hold anything: a turn that is no
seat, empty hands mid-deal, points no trick gave. `check` tells such a state from a genuine
one by replaying it: it deals the state's deck with its rules, dealer and trump suit, applies
every move of its history in turn, and compares the result with the state field by field.
"""

from __future__ import annotations

import attrs

from ._engine import apply, current_player, deal_from
from ._numbers import same
from ._quote import quote
from .cards import Card, Suit
from .errors import BriscolaError, InvalidStateError
from .moves import Move
from .rules import Rules, TrumpSource
from .state import State

__all__ = ["check"]


def check(state: State) -> None:
    """Raise `InvalidStateError` unless ``state`` is reachable by the rules.

    A state is consistent when it equals the state obtained by dealing its `State.deck`
    with its rules, dealer and (for ``trump_source="separate_flip"``) trump suit, and
    applying each move of its `State.history` in turn, each by the seat recorded with it.
    Every state from `new_game` and `apply` passes, under every preset and option.

    Raises:
        InvalidStateError: naming the first field that disagrees with the replay, the move
            of the history that cannot be made, or the field of the wrong type. Messages
            name fields and move numbers, never a hidden card.

    Examples:
        >>> import attrs, briscola
        >>> state = briscola.new_game("classic", seed=1)
        >>> briscola.check(state)
        >>> briscola.check(attrs.evolve(state, points=(200, 0)))
        Traceback (most recent call last):
        ...
        briscola.errors.InvalidStateError: the state is not consistent: its points differ from those its deck and history give
    """  # noqa: E501
    if not isinstance(state, State):
        raise InvalidStateError(
            f"check() needs a State from new_game(), not {type(state).__name__}"
        )
    replayed = _replay(state)
    for field in attrs.fields(State):
        name = field.name
        try:
            agrees = same(getattr(replayed, name), getattr(state, name))
        except Exception:  # a hand-built field whose comparison fails is not the replay's
            agrees = False
        if not agrees:
            raise InvalidStateError(
                f"the state is not consistent: its {name.replace('_', ' ')} differ from "
                "those its deck and history give"
                if name.endswith("s")
                else f"the state is not consistent: its {name.replace('_', ' ')} differs "
                "from the one its deck and history give"
            )


def _replay(state: State) -> State:
    r = state.rules
    if not isinstance(r, Rules):
        raise InvalidStateError(f"the state's rules must be a Rules, not {type(r).__name__}")
    deck = state.deck
    if type(deck) is not tuple or not all(isinstance(card, Card) for card in deck):
        raise InvalidStateError("the state's deck must be a tuple of cards")
    dealer = state.dealer
    if type(dealer) is not int or not 0 <= dealer < r.players:
        raise InvalidStateError(f"the state's dealer {quote(dealer)} is not a seat")
    trump_suit = state.trump_suit
    if r.trump_source is TrumpSource.SEPARATE_FLIP:
        if not isinstance(trump_suit, Suit):
            raise InvalidStateError("the state's trump suit must be a Suit")
    else:
        trump_suit = None
    try:
        replayed = deal_from(r, deck, dealer, trump_suit)
    except BriscolaError:
        # Not the reason's words: they may name a card of the deck.
        raise InvalidStateError(
            "the state's deck cannot be dealt with its rules: it must hold the preset's "
            "cards once each"
        ) from None
    history = state.history
    if type(history) is not tuple:
        raise InvalidStateError("the state's history must be a tuple of (seat, move) pairs")
    for number, entry in enumerate(history, 1):
        if (
            type(entry) is not tuple
            or len(entry) != 2
            or type(entry[0]) is not int
            or not isinstance(entry[1], Move)
        ):
            raise InvalidStateError(f"move {number} of the history is not a (seat, move) pair")
        seat, move = entry
        if current_player(replayed) != seat:
            raise InvalidStateError(
                f"move {number} of the history is recorded for seat {quote(seat)}, "
                "which was not the seat to act"
            )
        try:
            replayed = apply(replayed, move)
        except BriscolaError:
            raise InvalidStateError(
                f"move {number} of the history (a {type(move).__name__}) cannot be made there"
            ) from None
    return replayed
