"""`check`: whether a state is one the rules can reach, replayed from its own deck.

States built by hand or edited with ``attrs.evolve`` can hold anything: a turn that is no
seat, empty hands mid-deal, points no trick gave. `check` tells such a state from a genuine
one by replaying it: it deals the state's deck with its rules, dealer and trump suit, applies
every move of its history in turn, and compares the result with the state field by field.
"""

from __future__ import annotations

from typing import Final

import attrs

from ._engine import apply, current_player, deal_from
from ._numbers import same
from ._quote import quote
from .cards import Card, Suit
from .errors import _FOREIGN, BriscolaError, InvalidStateError, RulesError
from .moves import Move
from .rules import Rules, TrumpSource, rules
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
    _check_rules(state.rules)
    try:
        replayed = _replay(state)
    except BriscolaError:
        raise
    except _FOREIGN:  # a field of a type nothing above foresaw
        raise InvalidStateError(
            "the state is not consistent: it was built or edited by hand"
        ) from None
    for field in attrs.fields(State):
        name = field.name
        try:
            agrees = same(getattr(replayed, name), getattr(state, name))
        except Exception:  # a hand-built field whose comparison fails is not the replay's
            agrees = False
        if not agrees:
            words, plural = _FIELD_WORDS.get(name, (name.replace("_", " "), name.endswith("s")))
            raise InvalidStateError(
                f"the state is not consistent: its {words} differ from those its deck and "
                "history give"
                if plural
                else f"the state is not consistent: its {words} differs from the one its deck "
                "and history give"
            )


# How a field is named in a message where its own name does not read as words, and whether
# those words are plural.
_FIELD_WORDS: Final = {
    "drawn": ("count of cards drawn", False),
    "talked": ("record of what was said this turn", False),
    "removed": ("cards removed from the deck", True),
    "shown": ("hands shown", True),
}


def _check_rules(r: object) -> None:
    """Refuse rules that `rules` refuses, or whose derived fields (edited past their checks
    with ``object.__setattr__``) are not those their options give."""
    if not isinstance(r, Rules):
        raise InvalidStateError(f"the state's rules must be a Rules, not {type(r).__name__}")
    try:
        genuine = rules(r)
    except RulesError as error:
        raise InvalidStateError(f"the state's rules are not valid: {error}") from None
    for field in attrs.fields(Rules):
        try:
            agrees = same(getattr(genuine, field.name), getattr(r, field.name))
        except Exception:  # as above
            agrees = False
        if not agrees:
            raise InvalidStateError(
                f"the state's rules were edited past their checks: {field.name} is not what "
                "their options give"
            )


def _replay(state: State) -> State:
    r = state.rules
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
