"""Moves: a closed family of frozen, seat-free values, their notation and `parse_move`.

A move never names its seat: the seat to act is implied by the state. Constructors check
the *types* of their fields and nothing else (``Play("7C")`` is an `InvalidMoveError`,
``BidPoints(121)`` is a valid move object that `apply` refuses as illegal).

Notation (``str(move)``), read back by `parse_move`:

| move | notation |
| --- | --- |
| ``Play(card)`` | ``7C`` |
| ``SwapTrump(card)`` | ``swap 7C`` |
| ``Bid(rank)`` | ``bid K`` |
| ``BidPoints(target)`` | ``points 65`` |
| ``Pass()`` | ``pass`` |
| ``NameSuit(suit)`` | ``suit C`` |
| ``NameCard(card)`` | ``call KD`` |
| ``Declare(claim)`` | ``declare has AC``, ``declare lacks AC``, ``declare weak hand``, ``declare strong hand`` |
| ``Signal(token)`` | ``signal ACE`` |
| ``ShowHand()`` | ``show hand`` |
"""  # noqa: E501

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final, TypeAlias

import attrs

from ._enums import NotationEnum
from ._quote import number_text, quote
from ._repr import fields_repr
from .cards import DECK, RANK_WORDS, SUIT_WORDS, Card, Rank, Suit
from .errors import InvalidMoveError, InvalidNotationError

__all__ = [
    "MAX_NOTATION_LENGTH",
    "MAX_TOKEN_LENGTH",
    "STRONG_HAND",
    "WEAK_HAND",
    "AnyMove",
    "Bid",
    "BidPoints",
    "Claim",
    "Declare",
    "HandStrength",
    "Has",
    "HasNot",
    "Move",
    "NameCard",
    "NameSuit",
    "Pass",
    "Play",
    "ShowHand",
    "Signal",
    "SwapTrump",
    "parse_move",
]


def _type_error(move: str, field: str, expected: str, value: object) -> InvalidMoveError:
    hint = ""
    if isinstance(value, str) and expected == "a Card":
        hint = f" (use Card.parse({quote(value)}))"
    return InvalidMoveError(
        f"{move} needs {expected}, not {type(value).__name__} {quote(value)}{hint}"
        if field == ""
        else f"{move}.{field} must be {expected}, not {type(value).__name__} {quote(value)}{hint}"
    )


_Validator: TypeAlias = Callable[[Any, "attrs.Attribute[Any]", Any], None]


def _check_card(move: str) -> _Validator:
    def check(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
        if not isinstance(value, Card):
            raise _type_error(move, "", "a Card", value)

    return check


class Move:
    """Base class of every move. Moves are frozen, hashable and compare by value."""

    __slots__ = ()

    __repr__ = fields_repr  # one repr for every move, not one generated per class


@attrs.frozen(repr=False)
class Play(Move):
    """Play a card from the hand to the current trick."""

    card: Card = attrs.field(validator=_check_card("Play"))
    """The card played."""

    def __str__(self) -> str:
        return str(self.card)


@attrs.frozen(repr=False)
class SwapTrump(Move):
    """Give the 7 (§3.1) or the 2 (§3.2) of trumps for the face-up trump card.

    During trick play the same seat then still plays a card; in the ``before_first_lead``
    exchange round the swap is that seat's whole turn.
    """

    card: Card = attrs.field(validator=_check_card("SwapTrump"))
    """The 7 or the 2 of the trump suit, given in exchange."""

    def __str__(self) -> str:
        return f"swap {self.card}"


def _to_rank(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool | Rank) and 1 <= value <= 10:
        return Rank(value)
    return value


def _check_rank(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Rank):
        raise _type_error("Bid", "", "a Rank", value)


@attrs.frozen(repr=False)
class Bid(Move):
    """Chiamata: call a rank in the auction (§2.5.2). A weaker rank is a higher bid."""

    rank: Rank = attrs.field(converter=_to_rank, validator=_check_rank)
    """The rank called (an ``int`` from 1 to 10 is converted to `Rank`)."""

    def __str__(self) -> str:
        return f"bid {self.rank.code}"


def _check_int(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int:
        raise _type_error("BidPoints", "", "an int", value)


@attrs.frozen(repr=False)
class BidPoints(Move):
    """Chiamata: a point bid, the card points the caller's side commits to (§2.5.3)."""

    target: int = attrs.field(validator=_check_int, repr=number_text)
    """The target, legal from 61 to 120 where the auction allows it."""

    def __str__(self) -> str:
        return f"points {number_text(self.target)}"


@attrs.frozen(repr=False)
class Pass(Move):
    """Decline: pass in an auction, skip a declaration, a swap window or a showing round."""

    def __str__(self) -> str:
        return "pass"


def _check_suit(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Suit):
        raise _type_error("NameSuit", "", "a Suit", value)


@attrs.frozen(repr=False)
class NameSuit(Move):
    """Chiamata: the caller names the trump suit; the called card is (bid rank, suit)."""

    suit: Suit = attrs.field(validator=_check_suit)
    """The trump suit named."""

    def __str__(self) -> str:
        return f"suit {self.suit.value}"


@attrs.frozen(repr=False)
class NameCard(Move):
    """Chiamata, points-only auction: the caller names a whole card (§2.5.8)."""

    card: Card = attrs.field(validator=_check_card("NameCard"))
    """The card called; its suit becomes trump."""

    def __str__(self) -> str:
        return f"call {self.card}"


@attrs.frozen(repr=False)
class Has:
    """Claim: "I hold this card"."""

    __repr__ = fields_repr

    card: Card = attrs.field(validator=_check_card("Has"))
    """The card claimed."""

    def __str__(self) -> str:
        return f"has {self.card}"


@attrs.frozen(repr=False)
class HasNot:
    """Claim: "I do not hold this card"."""

    __repr__ = fields_repr

    card: Card = attrs.field(validator=_check_card("HasNot"))
    """The card claimed to be missing."""

    def __str__(self) -> str:
        return f"lacks {self.card}"


class HandStrength(NotationEnum):
    """Claims about the hand as a whole."""

    WEAK = "weak hand"
    STRONG = "strong hand"

    def __str__(self) -> str:
        return self.value


WEAK_HAND: Final = HandStrength.WEAK
"""Claim: "my hand is weak"."""
STRONG_HAND: Final = HandStrength.STRONG
"""Claim: "my hand is strong"."""

Claim: TypeAlias = Has | HasNot | HandStrength
"""A public claim about one's own hand (§2.6.1): true or false, never checked."""


def _check_claim(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, Has | HasNot | HandStrength):
        raise _type_error("Declare", "", "a claim (Has, HasNot, WEAK_HAND, STRONG_HAND)", value)


@attrs.frozen(repr=False)
class Declare(Move):
    """A public claim about one's own hand, true or false (§2.6.1, §3.5)."""

    claim: Claim = attrs.field(validator=_check_claim)
    """What is claimed."""

    def __str__(self) -> str:
        return f"declare {self.claim}"


MAX_TOKEN_LENGTH: Final = 32
"""The longest `Signal` token, in characters; a longer one is an `InvalidMoveError`."""
MAX_NOTATION_LENGTH: Final = 100
"""The longest text `parse_move` reads, in characters; a longer one is an `InvalidMoveError`."""


def _check_token(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise _type_error("Signal", "", "a str token", value)
    if len(value) > MAX_TOKEN_LENGTH:
        raise InvalidMoveError(
            f"Signal.token {quote(value)} is too long: a token has at most "
            f"{MAX_TOKEN_LENGTH} characters"
        )


@attrs.frozen(repr=False)
class Signal(Move):
    """A private signal to the partner(s) (§3.5): a token of ``signal_tokens``."""

    token: str = attrs.field(validator=_check_token)
    """The token, such as ``"ACE"``: a ``str`` of at most 32 characters."""

    def __str__(self) -> str:
        return f"signal {self.token}"


@attrs.frozen(repr=False)
class ShowHand(Move):
    """Show one's hand to the partner(s) in a voluntary showing round (§3.3, §3.4)."""

    def __str__(self) -> str:
        return "show hand"


MOVE_TYPES: Final = (
    Play,
    SwapTrump,
    Bid,
    BidPoints,
    Pass,
    NameSuit,
    NameCard,
    Declare,
    Signal,
    ShowHand,
)
"""Every move class, in the order `legal_moves` lists them."""

# Shared instances: legal_moves hands these out instead of building new moves.
PLAYS: Final = tuple(Play(card) for card in DECK)
SWAPS: Final = tuple(SwapTrump(card) for card in DECK)
PASS: Final = Pass()
_NUMBER: Final = re.compile(r"[0-9]{1,6}")
_TWO_AT: Final = re.compile(r"2@[0-9]{1,6}")


def _card(text: str, original: str) -> Card:
    try:
        return Card.parse(text)
    except InvalidNotationError:
        raise InvalidMoveError(f"cannot read a move from {quote(original)}") from None


def parse_move(text: str, state: object = None) -> Move:
    """Read a move from its notation (the table in this module's docs), forgivingly.

    A bare card is a `Play`; every card spelling of `Card.parse` is accepted. Keywords are
    case-insensitive, any run of spaces or tabs counts as one space, and a signal's token
    may be written with spaces for its underscores (``"signal low trumps"``). ``state`` is
    accepted for symmetry with records and is not needed to read any move; it does not make
    the move legal.

    Raises:
        InvalidMoveError: naming the text, if it is not a move or is longer than
            `MAX_NOTATION_LENGTH` (100) characters.

    Examples:
        >>> parse_move("swap 7c"), parse_move("asso di coppe"), parse_move("pass")
        (SwapTrump(card=Card.parse('7C')), Play(card=Card.parse('AC')), Pass())
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"cannot read a move from {type(text).__name__} {quote(text)}")
    text = str.__str__(text)  # a subclass is read as its text: none of its methods run
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidMoveError(
            f"cannot read a move from {quote(text)}: move notation has at most "
            f"{MAX_NOTATION_LENGTH} characters"
        )
    # Any run of spaces or tabs counts as one space: "declare weak  hand" is "declare weak hand".
    words = " ".join(text.split()).split(" ", 1)
    if not words[0]:
        raise InvalidMoveError("cannot read a move from an empty text")
    keyword = words[0].lower()
    rest = words[1].strip() if len(words) == 2 else ""
    if not rest:
        if keyword == "pass":
            return PASS
        if keyword in ("show", "showhand"):
            return ShowHand()
        return Play(_card(keyword, text))
    lowered = rest.lower()
    if keyword == "play":
        return Play(_card(rest, text))
    if keyword == "swap":
        return SwapTrump(_card(rest, text))
    if keyword == "show" and lowered == "hand":
        return ShowHand()
    if keyword == "call":
        return NameCard(_card(rest, text))
    if keyword == "signal":  # "signal low trumps" is the token LOW_TRUMPS
        return Signal(rest.upper().replace(" ", "_"))
    if keyword == "points" and _NUMBER.fullmatch(lowered):
        return BidPoints(int(lowered))
    if keyword == "bid" and _TWO_AT.fullmatch(lowered):
        return BidPoints(int(lowered.partition("@")[2]))
    if keyword == "bid":
        rank = RANK_WORDS.get(lowered)
        if rank is not None:
            return Bid(rank)
    if keyword in ("suit", "name"):
        suit = SUIT_WORDS.get(lowered)
        if suit is not None:
            return NameSuit(suit)
    if keyword == "declare":
        if lowered in ("weak", "weak hand"):
            return Declare(WEAK_HAND)
        if lowered in ("strong", "strong hand"):
            return Declare(STRONG_HAND)
        kind, _, card_text = rest.partition(" ")
        if kind.lower() == "has":
            return Declare(Has(_card(card_text, text)))
        if kind.lower() in ("lacks", "hasnot"):
            return Declare(HasNot(_card(card_text, text)))
    if keyword not in ("bid", "suit", "name", "declare", "points"):
        # "asso di coppe", "10 ♣": a card written in words is a Play.
        return Play(_card(text, text))
    raise InvalidMoveError(f"cannot read a move from {quote(text)}")


AnyMove: TypeAlias = (
    Play | SwapTrump | Bid | BidPoints | Pass | NameSuit | NameCard | Declare | Signal | ShowHand
)
"""Every kind of move, as a closed union: a ``match`` over an `AnyMove` that ends in
``assert_never`` type-checks only when it handles all ten (`Move` stays their base class)."""
