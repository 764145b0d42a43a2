"""Suits, ranks and the forty cards of the Italian pack (§1.1–§1.3).

The 40 cards are built once, in id order, and shared: ``Card(rank, suit)``,
`Card.from_id` and `Card.parse` all return one of those 40 instances, and unpickling or
copying a card gives the same instance back. Equality is therefore identity, which keeps
dictionary and set lookups as fast as with plain integers (``card in hand`` calls
``Card.__eq__`` for each card before a match, so the hot paths compare by identity).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Final, NoReturn, final

from ._enums import NotationEnum, NotationIntEnum
from ._numbers import whole_number
from ._quote import quote
from .errors import InvalidNotationError

__all__ = ["DECK", "RANK_WORDS", "SUIT_WORDS", "Card", "Rank", "Suit"]


class Suit(NotationEnum):
    """The four suits, in this fixed order; the value is the one-letter code.

    | member | code | English | French-suited equivalent |
    | --- | --- | --- | --- |
    | `DENARI` | `D` | coins | diamonds ♦ |
    | `COPPE` | `C` | cups | hearts ♥ |
    | `SPADE` | `S` | swords | spades ♠ |
    | `BASTONI` | `B` | batons, clubs | clubs ♣ |
    """

    DENARI = "D"
    COPPE = "C"
    SPADE = "S"
    BASTONI = "B"

    @property
    def index(self) -> int:
        """Position of the suit in the order above (0–3); ``card.id // 10``."""
        return _SUIT_INDEX[self]

    def __str__(self) -> str:
        return self.value


_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(Suit)}


class Rank(NotationIntEnum):
    """The ten ranks; the value is the number printed on Italian cards.

    The figures are the Fante (8, ``JACK``), the Cavallo (9, ``KNIGHT``; the Queen of a
    French-suited pack) and the Re (10, ``KING``). Their Italian names are aliases:
    ``Rank.FANTE is Rank.JACK``.
    """

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    JACK = 8
    KNIGHT = 9
    KING = 10
    FANTE = 8
    CAVALLO = 9
    RE = 10

    @property
    def code(self) -> str:
        """The canonical rank letter: ``A 2 3 4 5 6 7 J Q K``."""
        return _RANK_CODES[self - 1]

    def __str__(self) -> str:
        return self.code


_RANK_CODES: Final = "A234567JQK"
_MAX_CARD_TEXT: Final = 100
# Standard card points by rank value (index 0 unused): A 11, 3 10, K 4, Q 3, J 2.
_STANDARD_POINTS: Final = (0, 11, 0, 10, 0, 0, 0, 0, 2, 3, 4)


@final
class Card:
    """One of the 40 cards: a `Rank` and a `Suit`.

    ``Card(Rank.ACE, Suit.COPPE)`` returns the shared instance for the Ace of Cups; the
    rank may also be given as its number (``Card(1, Suit.COPPE)``). Cards are immutable,
    hashable and ordered by `id`.

    Attributes:
        rank: The rank.
        suit: The suit.
        id: ``suit.index * 10 + (rank - 1)``, from 0 (``AD``) to 39 (``KB``); stable forever.
        points: The standard card points (§1.3): 11, 10, 4, 3, 2 or 0. Rules
            that count points use the active ``rank_variant`` instead (see `Rules`).

    Examples:
        >>> card = Card.parse("asso di coppe")
        >>> str(card), card.id, card.points
        ('AC', 10, 11)
        >>> Card(Rank.ACE, Suit.COPPE) is card
        True
    """

    __slots__ = ("_code", "id", "points", "rank", "suit")

    rank: Rank
    suit: Suit
    id: int
    points: int
    _code: str

    def __new__(cls, rank: Rank | int, suit: Suit) -> Card:
        if type(rank) is not bool and isinstance(rank, int) and isinstance(suit, Suit):
            card = _BY_RANK_SUIT.get((int(rank), suit))
            if card is not None:
                return card
        if not isinstance(suit, Suit):
            raise InvalidNotationError(
                f"Card needs a Suit, not {type(suit).__name__} {quote(suit)} "
                "(use Suit.COPPE, or Card.parse for text such as 'AC')"
            )
        raise InvalidNotationError(f"no card has rank {quote(rank)}: ranks run from 1 to 10")

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "id", suit.index * 10 + rank - 1)
        object.__setattr__(card, "points", _STANDARD_POINTS[rank])
        object.__setattr__(card, "_code", rank.code + suit.value)
        return card

    @staticmethod
    def from_id(card_id: int) -> Card:
        """The card with this `id` (0–39); a numpy integer, as `briscola.vector` gives
        them, is read as its value.

        Raises:
            InvalidNotationError: if ``card_id`` is not an integer from 0 to 39.
        """
        if type(card_id) is int and 0 <= card_id < 40:
            return DECK[card_id]
        number = whole_number(card_id)  # a numpy integer; never a bool or a float
        if number is not None and 0 <= number < 40:
            return DECK[number]
        raise InvalidNotationError(f"no card has id {quote(card_id)}: ids run from 0 to 39")

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card from text, forgivingly.

        Accepted spellings (any letter case, surrounding spaces ignored):

        * the canonical code: rank ``A 2 3 4 5 6 7 J Q K`` then suit ``D C S B`` (``"QB"``);
        * numeric ranks 1–10 (``"1D"``, ``"8S"``, ``"10C"``): 8, 9 and 10 are the Fante,
          Cavallo and Re, also with French suit symbols (``"10♣"`` is the Re di Bastoni);
        * French suit symbols ``♦ ♥ ♠ ♣`` (and ``♢ ♡ ♤ ♧``) in place of the suit letter;
        * Italian and English names: ``"asso di denari"``, ``"re di coppe"``,
          ``"ace of coins"``, ``"knight of batons"``, ``"queen of hearts"``.
          ``"donna"``, ``"regina"`` and ``"queen"`` are the Cavallo (9).

        Raises:
            InvalidNotationError: naming the text, if it is not one of the spellings above
                (text of more than 100 characters is refused unread).

        Examples:
            >>> [str(Card.parse(t)) for t in ("ad", "10♣", "re di coppe", "knight of batons")]
            ['AD', 'KB', 'KC', 'QB']
        """
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"cannot read a card from {type(text).__name__} {quote(text)}: "
                "give text such as 'AC'"
            )
        text = str.__str__(text)  # a subclass is read as its text: none of its methods run
        if len(text) > _MAX_CARD_TEXT:
            raise InvalidNotationError(f"cannot read a card from {quote(text)}: it is too long")
        key = text.strip().lower().replace("\ufe0f", "")
        card = _PARSE_CACHE.get(key)
        if card is None:
            card = _parse_words(key)
            if card is None:
                raise InvalidNotationError(f"cannot read a card from {quote(text)}")
        return card

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.parse({self._code!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_id, (self.id,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cards are immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cards are immutable: cannot delete {name!r}")

    # Defining any ordering method makes every comparison, `==` included, go through a
    # Python-level slot: without this `__eq__`, `==` between two different cards (each miss
    # of `hand.index`, `in hand`, tuple `==`) looks up and calls `object.__eq__` for both
    # operands before falling back to identity. Cards are interned, so equality is
    # identity; this answers in one call. The hash stays the identity hash.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is Card:
            return False
        return NotImplemented

    if TYPE_CHECKING:  # typed as a method, as the base class types it

        def __hash__(self) -> int: ...

    else:
        __hash__ = object.__hash__

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.id < other.id
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.id <= other.id
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.id > other.id
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.id >= other.id
        return NotImplemented


DECK: Final[tuple[Card, ...]] = tuple(Card._make(rank, suit) for suit in Suit for rank in Rank)
"""The 40 cards in id order: ``DECK[i].id == i``."""

_BY_RANK_SUIT: Final = {(int(card.rank), card.suit): card for card in DECK}

# One table of spellings, read by Card.parse and printed by the docs.
RANK_WORDS: Final[Mapping[str, Rank]] = MappingProxyType(
    {
        **dict.fromkeys(("a", "1", "asso", "ace"), Rank.ACE),
        **dict.fromkeys(("2", "due", "two", "deuce"), Rank.TWO),
        **dict.fromkeys(("3", "tre", "three"), Rank.THREE),
        **dict.fromkeys(("4", "quattro", "four"), Rank.FOUR),
        **dict.fromkeys(("5", "cinque", "five"), Rank.FIVE),
        **dict.fromkeys(("6", "sei", "six"), Rank.SIX),
        **dict.fromkeys(("7", "sette", "seven"), Rank.SEVEN),
        **dict.fromkeys(("j", "8", "fante", "jack", "knave"), Rank.JACK),
        **dict.fromkeys(
            ("q", "9", "cavallo", "knight", "horse", "queen", "donna", "regina"), Rank.KNIGHT
        ),
        **dict.fromkeys(("k", "10", "re", "king"), Rank.KING),
    }
)
"""Every rank spelling `Card.parse` accepts (lower case)."""

SUIT_WORDS: Final[Mapping[str, Suit]] = MappingProxyType(
    {
        **dict.fromkeys(("d", "♦", "♢", "denari", "ori", "coins", "diamonds"), Suit.DENARI),
        **dict.fromkeys(("c", "♥", "♡", "coppe", "cups", "hearts"), Suit.COPPE),
        **dict.fromkeys(("s", "♠", "♤", "spade", "swords", "spades"), Suit.SPADE),
        **dict.fromkeys(
            ("b", "♣", "♧", "bastoni", "batons", "clubs", "cudgels", "staves"), Suit.BASTONI
        ),
    }
)
"""Every suit spelling `Card.parse` accepts (lower case)."""

_COMPACT_SUITS: Final = frozenset(word for word in SUIT_WORDS if len(word) == 1)
_CONNECTORS: Final = frozenset(("di", "of", "de"))
_PARSE_CACHE: Final[dict[str, Card]] = {
    rank + suit: _BY_RANK_SUIT[int(RANK_WORDS[rank]), SUIT_WORDS[suit]]
    for rank in RANK_WORDS
    if (len(rank) <= 2 and not rank.isalpha()) or len(rank) == 1
    for suit in _COMPACT_SUITS
}


def _parse_words(key: str) -> Card | None:
    # "d'ori" as typed, or with the typographic apostrophe that phones and editors put in.
    elided = re.sub(r"d['\u2019\u02bc]", "di ", key)
    words = [word for word in re.split(r"[\s_-]+", elided) if word]
    if len(words) == 3 and words[1] in _CONNECTORS:  # "asso di coppe", "sette d'ori"
        words = [words[0], words[2]]
    if len(words) != 2:
        return None
    rank = RANK_WORDS.get(words[0])
    suit = SUIT_WORDS.get(words[1])
    if rank is None or suit is None:
        return None
    return _BY_RANK_SUIT[int(rank), suit]
