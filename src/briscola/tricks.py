"""Who takes a trick: `trick_winner` and `beats` (rules §1.4).

These are the questions every bot and every table display asks: which card of a trick
wins, and whether one card would take the trick from another. A trump beats every card
that is not a trump; otherwise only a stronger card of the led suit takes the trick, and a
card of any other suit never does. Strength is the order of `Rules.strength`, so the
regional rank orders of ``rank_variant`` (§3.9) are respected.

Examples:
    >>> import briscola
    >>> from briscola import Card, Suit
    >>> r = briscola.rules("classic-3")
    >>> cards = [Card.parse(text) for text in ("3D", "AD", "2C")]
    >>> trick_winner(cards, Suit.COPPE, r), trick_winner(cards, Suit.SPADE, r)
    (2, 1)
    >>> beats(Card.parse("KS"), Card.parse("AD"), led_suit=Suit.DENARI,
    ...       trump_suit=None, rules=r)
    False
"""

from __future__ import annotations

from collections.abc import Sequence

from ._quote import quote
from .cards import DECK, Card, Suit
from .errors import RulesError
from .rules import Rules

__all__ = ["beats", "trick_winner"]


def beats(
    card: Card,
    other: Card,
    *,
    led_suit: Suit,
    trump_suit: Suit | None,
    rules: Rules,
) -> bool:
    """Whether ``card`` would take a trick led in ``led_suit`` from ``other`` (rules §1.4).

    A trump beats any card that is not a trump and a weaker trump; a card of the led suit
    beats a weaker card of the led suit and any card of a third suit; a card of a third suit
    beats nothing. ``beats(a, b, ...)`` and ``beats(b, a, ...)`` are never both true.

    Args:
        card: The card that may take the trick.
        other: The card it is compared with (usually the one winning the trick so far).
        led_suit: The suit of the trick's first card.
        trump_suit: The trump suit, or ``None`` where there is none (``briscolone``, or a
            Chiamata trump not yet named).
        rules: The rules in force; their `Rules.strength` orders the cards of a suit.

    Raises:
        RulesError: if an argument has the wrong type.

    Examples:
        >>> import briscola
        >>> from briscola import Card, Suit
        >>> r = briscola.rules("classic")
        >>> beats(Card.parse("2C"), Card.parse("AD"), led_suit=Suit.DENARI,
        ...       trump_suit=Suit.COPPE, rules=r)
        True
        >>> beats(Card.parse("KD"), Card.parse("3D"), led_suit=Suit.DENARI,
        ...       trump_suit=Suit.COPPE, rules=r)
        False
    """
    _check_card(card, "card")
    _check_card(other, "other")
    _check_suits(led_suit, trump_suit)
    _check_rules(rules)
    return _beats(card, other, led_suit, trump_suit, rules.strength)


def trick_winner(cards: Sequence[Card], trump_suit: Suit | None, rules: Rules) -> int:
    """The index in ``cards`` (play order, the led card first) of the card taking the trick.

    The highest trump wins if any trump was played, else the highest card of the led suit
    (rules §1.4). A partial trick is allowed: the result is then the card winning so far.

    Args:
        cards: The cards of the trick in the order they were played (at least one).
        trump_suit: The trump suit, or ``None`` where there is none.
        rules: The rules in force; their `Rules.strength` orders the cards of a suit.

    Raises:
        RulesError: if ``cards`` is empty, holds a card twice or more cards than the
            rules have seats in a trick, or an argument has the wrong type.

    Examples:
        >>> import briscola
        >>> from briscola import Card, Suit
        >>> r = briscola.rules("classic")
        >>> trick_winner([Card.parse("KB"), Card.parse("3B")], Suit.DENARI, r)
        1
    """
    if isinstance(cards, str | bytes) or not isinstance(cards, Sequence):
        raise RulesError(f"cards must be a sequence of Card, not {type(cards).__name__}")
    if not cards:
        raise RulesError("a trick needs at least one card")
    for card in cards:
        _check_card(card, "every card of the trick")
    _check_suits(cards[0].suit, trump_suit)
    _check_rules(rules)
    if len(cards) > rules.active_players:
        raise RulesError(
            f"a trick of {rules.variant!r} has at most {rules.active_players} cards, "
            f"not {len(cards)}"
        )
    if len(set(cards)) < len(cards):
        twice = next(card for i, card in enumerate(cards) if card in cards[:i])
        raise RulesError(f"a trick holds each card once: {twice} is in it twice")
    return _winning_index(cards, trump_suit, rules.strength)


def _winning_index(cards: Sequence[Card], trump: Suit | None, strength: tuple[int, ...]) -> int:
    """`trick_winner` without the argument checks, for the engine and the bots' playouts:
    the one definition of who takes a trick (§1.4)."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is top.suit:
            if strength[card.id] > strength[top.id]:
                best, top = i, card
        elif card.suit is trump:
            best, top = i, card
    return best


def _taking_table(trump: Suit | None, strength: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    """``table[top.id][card.id]``: whether ``card``, played after ``top``, the card winning
    the trick so far, takes the trick from it. `_winning_index` of the pair, for every pair:
    the engine reads a trick's winner from it card by card (the led suit needs no look, as
    ``top`` is of the led suit or a trump)."""
    return tuple(
        tuple(_winning_index((top, card), trump, strength) == 1 for card in DECK) for top in DECK
    )


def _beats(
    card: Card, other: Card, led: Suit, trump: Suit | None, strength: tuple[int, ...]
) -> bool:
    if card.suit is other.suit:
        return (card.suit is trump or card.suit is led) and strength[card.id] > strength[other.id]
    if card.suit is trump:
        return True
    return card.suit is led and other.suit is not trump


def _check_card(value: object, name: str) -> None:
    if not isinstance(value, Card):
        raise RulesError(
            f"{name} must be a Card, not {type(value).__name__} {quote(value)}"
            + (" (use Card.parse for text)" if isinstance(value, str) else "")
        )


def _check_suits(led: object, trump: object) -> None:
    if not isinstance(led, Suit):
        raise RulesError(f"led_suit must be a Suit, not {type(led).__name__} {quote(led)}")
    if trump is not None and not isinstance(trump, Suit):
        raise RulesError(
            f"trump_suit must be a Suit or None, not {type(trump).__name__} {quote(trump)}"
        )


def _check_rules(value: object) -> None:
    if not isinstance(value, Rules):
        raise RulesError(
            f"rules must be a Rules from briscola.rules(), not {type(value).__name__}"
        )
