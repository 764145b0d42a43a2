"""The exceptions raised by ``briscola``.

Every error is a :class:`BriscolaError` and also a :class:`ValueError`, so callers can catch
either. Messages are written for a player: they name what was wrong in the words of the
table and never reveal a card the acting seat could not see.

```text
BriscolaError(Exception)
├── RulesError(BriscolaError, ValueError)
├── IllegalMoveError(BriscolaError, ValueError)
├── InvalidMoveError(BriscolaError, ValueError, TypeError)
├── InvalidNotationError(BriscolaError, ValueError)
└── InvalidStateError(BriscolaError, ValueError)
```
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "BriscolaError",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidNotationError",
    "InvalidStateError",
    "RulesError",
]


# What code raises when a value built or edited by hand breaks an assumption of the library
# (a state, a view, a record, rules edited past their checks). The public functions catch
# these, after letting their own errors (a BriscolaError is a ValueError) pass through, and
# raise an error of the hierarchy below instead.
_FOREIGN: Final = (IndexError, KeyError, TypeError, AttributeError, AssertionError, ValueError)


class BriscolaError(Exception):
    """Base class of every error this library raises on bad input."""


class RulesError(BriscolaError, ValueError):
    """A bad variant, option, dealer or deck.

    Raised by `rules()` and `new_game()`. One error gathers every problem found, each naming
    the option, its value and the reason.

    Examples:
        >>> import briscola
        >>> briscola.rules("briscolone", seven_swap=True)
        Traceback (most recent call last):
        ...
        briscola.errors.RulesError: seven_swap=True does not apply to 'briscolone': it has no face-up trump card under a stock
    """  # noqa: E501


class IllegalMoveError(BriscolaError, ValueError):
    """A well-formed move that is not legal in this state (including after the deal ends).

    Examples:
        >>> import briscola
        >>> state = briscola.new_game("classic", seed=1)
        >>> briscola.apply(state, briscola.Pass())
        Traceback (most recent call last):
        ...
        briscola.errors.IllegalMoveError: seat 0 cannot pass now: it must play a card
    """


class InvalidMoveError(BriscolaError, ValueError, TypeError):
    """Not a move at all, a move field of the wrong type, or unreadable move notation.

    Examples:
        >>> import briscola
        >>> briscola.Play("7C")
        Traceback (most recent call last):
        ...
        briscola.errors.InvalidMoveError: Play needs a Card, not str '7C' (use Card.parse('7C'))
    """


class InvalidNotationError(BriscolaError, ValueError):
    """Unreadable card or record text.

    Examples:
        >>> import briscola
        >>> briscola.Card.parse("jolly")
        Traceback (most recent call last):
        ...
        briscola.errors.InvalidNotationError: cannot read a card from 'jolly'
    """


class InvalidStateError(BriscolaError, ValueError):
    """A loaded or hand-built state that breaks the rules."""


_WHERE_FROM: Final = {
    "state": "build states with new_game() and apply()",
    "view": "take views from observe() or public_view()",
    "match": "build matches with new_match() and apply()",
    "match view": "take match views from observe()",
}


def _inconsistent(who: str, kind: str) -> InvalidStateError:
    """The refusal of a ``kind`` ("state", "view", "match" or "match view") built or edited by
    hand whose fields do not fit together: such values have no validators, so they reach
    code that trusts them, and every function words the refusal this one way."""
    return InvalidStateError(
        f"{who} cannot use this {kind}: it is inconsistent (a {kind} built or edited by "
        f"hand whose fields do not fit together); {_WHERE_FROM[kind]}"
    )
