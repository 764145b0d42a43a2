"""Helpers for the Chiamata, Bugiarda and table-talk rulings.

Deck positions follow RULES.md §0.3 (``c1`` is the top card) and the canonical deal of §1.6:
one card at a time, from the first hand round the seats that play, in play order. The
dealing order and the deck contents are written here from RULES.md, never read from the
engine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

import briscola
from briscola import Card, Move, Play, State

RANK_CODES = "A234567JQK"
SUIT_CODES = "DCSB"

# Every card code in id order (API.md: id = suit_index * 10 + rank - 1).
ALL_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUIT_CODES for rank in RANK_CODES)

# RULES.md §1.3.
POINTS: Mapping[str, int] = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def card(code: str) -> Card:
    """The card with this canonical code."""
    return Card.parse(code)


def cards(*codes: str) -> tuple[Card, ...]:
    """The cards with these codes, in the order given."""
    return tuple(Card.parse(code) for code in codes)


def hand(*codes: str) -> tuple[Card, ...]:
    """The cards sorted by card id, as a hand is kept."""
    return tuple(sorted(cards(*codes), key=lambda c: c.id))


def codes(cs: Iterable[Card]) -> list[str]:
    """The canonical codes of some cards."""
    return [str(c) for c in cs]


def pool_without(rank: str | None = None) -> tuple[str, ...]:
    """The 40 card codes, or the 36 left when every card of ``rank`` is removed (§2.5.8)."""
    if rank is None:
        return ALL_CODES
    return tuple(code for code in ALL_CODES if code[0] != rank)


def dealing_order(players: int, dealer: int, dealer_sits_out: bool = False) -> list[int]:
    """The seats in the order they receive cards: ``next(D)`` first (§1.6)."""
    seats = [(dealer + 1 + k) % players for k in range(players)]
    if dealer_sits_out:
        seats.remove(dealer)
    return seats


def slots_of(order: Sequence[int], hand_size: int) -> dict[int, list[int]]:
    """The 0-based deck positions each seat receives, one card at a time (§1.6)."""
    slots: dict[int, list[int]] = {seat: [] for seat in order}
    for position in range(len(order) * hand_size):
        slots[order[position % len(order)]].append(position)
    return slots


def build_deck(
    placed: Mapping[int, Sequence[str]],
    order: Sequence[int],
    hand_size: int,
    pool: Sequence[str] = ALL_CODES,
    at: Mapping[int, str] | None = None,
) -> list[Card]:
    """An explicit deck in which seat ``s`` is dealt the cards ``placed[s]``.

    ``at`` additionally fixes cards by 1-based deck position. Every other position gets the
    remaining cards of ``pool`` in id order.
    """
    slots = slots_of(order, hand_size)
    deck: list[str | None] = [None] * len(pool)
    for position, code in (at or {}).items():
        deck[position - 1] = code
    for seat, wanted in placed.items():
        free = [p for p in slots[seat] if deck[p] is None]
        assert len(wanted) <= len(free), f"seat {seat} cannot hold {list(wanted)}"
        for position, code in zip(free, wanted, strict=False):
            deck[position] = code
    chosen = [code for code in deck if code is not None]
    assert len(set(chosen)) == len(chosen), f"a card is placed twice: {chosen}"
    assert all(code in pool for code in chosen), f"a card is not in the deck: {chosen}"
    rest = iter(code for code in pool if code not in chosen)
    return [Card.parse(code if code is not None else next(rest)) for code in deck]


def chiamata_deck(
    placed: Mapping[int, Sequence[str]],
    *,
    players: int = 5,
    dealer: int | None = None,
    form: str = "dealer_sits_out",
) -> list[Card]:
    """A Chiamata deck (§2.5.1, §2.5.8) with ``placed[s]`` dealt to seat ``s``."""
    if dealer is None:
        dealer = players - 1
    if players == 5:
        return build_deck(placed, dealing_order(5, dealer), 8)
    if form == "dealer_sits_out":
        return build_deck(placed, dealing_order(6, dealer, dealer_sits_out=True), 8)
    gone = "4" if form == "remove_fours" else "2"
    return build_deck(placed, dealing_order(6, dealer), 6, pool_without(gone))


def run(state: State, *notations: str) -> State:
    """Apply moves written in move notation (``"bid K"``, ``"points 65"``, ``"7C"``, …)."""
    for text in notations:
        state = briscola.apply(state, briscola.parse_move(text))
    return state


def move(text: str) -> Move:
    """The move written ``text``."""
    return briscola.parse_move(text)


def play_until(
    state: State,
    rng: random.Random,
    stop: Callable[[State], bool],
    avoid: Iterable[str] = (),
) -> State:
    """Apply random legal `Play` moves until ``stop(state)``.

    A card in ``avoid`` is played only when the seat to act has nothing else.
    """
    keep = set(avoid)
    while not stop(state):
        assert not briscola.is_over(state), "the deal ended before the wanted position"
        plays = [m for m in briscola.legal_moves(state) if isinstance(m, Play)]
        preferred = [m for m in plays if str(m.card) not in keep] or plays
        state = briscola.apply(state, rng.choice(preferred))
    return state


def play_out(state: State, rng: random.Random) -> State:
    """Apply random legal moves of any kind until the deal is over."""
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    return state


def with_points(state: State, points: Sequence[int]) -> State:
    """``state`` with each seat's captured card points replaced (a finished-deal fixture)."""
    return attrs.evolve(state, points=tuple(points))


def spread(total: int, seats: Sequence[int]) -> dict[int, int]:
    """``total`` card points shared as evenly as possible among ``seats``."""
    share, extra = divmod(total, len(seats))
    return {seat: share + (1 if i < extra else 0) for i, seat in enumerate(seats)}


def side_points(
    players: int, side: Sequence[int], side_total: int, others: Sequence[int]
) -> tuple[int, ...]:
    """Per-seat points: ``side_total`` over ``side``, the rest of 120 over ``others``."""
    points = [0] * players
    for seat, value in spread(side_total, side).items():
        points[seat] = value
    for seat, value in spread(120 - side_total, others).items():
        points[seat] = value
    assert sum(points) == 120
    return tuple(points)
