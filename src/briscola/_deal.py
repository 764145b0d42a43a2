"""The documented shuffle and the canonical deal (§1.6).

The shuffle does not use `random`, so a seed deals the same cards on every platform and
every Python version:

1. ``digest = SHA-512("briscola/shuffle/v1:" + str(seed))``, read as a 512-bit big-endian
   integer ``x``;
2. where a deal needs a choice before the shuffle (``removed_two="random"``), it is taken
   first as ``x, choice = divmod(x, number_of_choices)``;
3. Fisher–Yates from the bottom of the deck: for ``i`` from ``len(deck) - 1`` down to 1,
   ``x, j = divmod(x, i + 1)`` and cards ``i`` and ``j`` change places.

Starting from the variant's cards in id order, this gives every ordering with the same
probability up to a bias below 2⁻³⁵⁰ (40! is about 2¹⁵⁹).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from operator import attrgetter

from .cards import Card

__all__ = ["deal_hands", "entropy", "fresh_seed", "shuffle"]

_DOMAIN = b"briscola/shuffle/v1:"


def entropy(seed: int) -> int:
    """The 512-bit integer that drives every random choice of a deal dealt from ``seed``."""
    return int.from_bytes(hashlib.sha512(_DOMAIN + str(seed).encode()).digest(), "big")


def fresh_seed() -> int:
    """A 128-bit seed from the operating system's entropy source."""
    return secrets.randbits(128)


def shuffle(cards: Sequence[Card], x: int) -> tuple[tuple[Card, ...], int]:
    """Fisher–Yates over ``cards`` driven by ``x``; returns the deck and what is left of ``x``."""
    deck = list(cards)
    for i in range(len(deck) - 1, 0, -1):
        x, j = divmod(x, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck), x


def deal_hands(
    deck: Sequence[Card], seats: Sequence[int], hand_size: int, packet: int, players: int
) -> tuple[tuple[Card, ...], ...]:
    """Deal ``hand_size`` cards to each of ``seats`` (in dealing order), ``packet`` at a time.

    ``packet`` is 1 or ``hand_size`` (§1.6 offers no other packets).

    Returns every seat's hand sorted by card id; seats not dealt to get an empty hand.
    """
    active = len(seats)
    dealt = active * hand_size
    hands: list[tuple[Card, ...]] = [()] * players
    for k, seat in enumerate(seats):
        # One card at a time: every active-th card from the k-th; else whole hands in turn.
        cards = deck[k:dealt:active] if packet == 1 else deck[k * hand_size : (k + 1) * hand_size]
        hands[seat] = tuple(sorted(cards, key=_by_id))
    return tuple(hands)


_by_id = attrgetter("id")
