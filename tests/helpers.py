"""Shared helpers for the example-based tests.

Deck positions follow RULES.md §0.3: ``c1`` is the top card of the deck. The shapes of the
presets below are copied from RULES.md §1.8 and §2, not read from the engine, so that a
test can catch an engine that deals the wrong number of cards.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import briscola
from briscola import Card, Play, State

RANK_CODES = "A234567JQK"
SUIT_CODES = "DCSB"

# The canonical code of every card in id order (API.md: id = suit_index * 10 + rank - 1).
ALL_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUIT_CODES for rank in RANK_CODES)

# RULES.md §1.8: preset -> (players, hand size).
SHAPE: Mapping[str, tuple[int, int]] = {
    "classic": (2, 3),
    "classic-3": (3, 3),
    "classic-4": (4, 3),
    "classic-6": (6, 3),
    "scoperta": (2, 3),
    "briscolone": (2, 5),
}

# RULES.md §1.3: card points by rank code.
POINTS: Mapping[str, int] = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}

_CODE = re.compile(r"(?<![A-Za-z0-9])([A2-7JQK][DCSB])(?![A-Za-z0-9])")


def untyped(value: object) -> Any:
    """``value`` typed as ``Any``: for tests that pass deliberately wrong arguments."""
    return value


def card(code: str) -> Card:
    """The card with this canonical code."""
    return Card.parse(code)


def cards(*codes: str) -> tuple[Card, ...]:
    """The cards with these codes, in the order given."""
    return tuple(Card.parse(code) for code in codes)


def hand(*codes: str) -> tuple[Card, ...]:
    """The cards with these codes sorted by card id, as a hand is kept."""
    return tuple(sorted(cards(*codes), key=lambda c: c.id))


def codes(cs: Iterable[Card]) -> list[str]:
    """The canonical codes of some cards."""
    return [str(c) for c in cs]


def variant_codes(variant: str, removed_two: str = "2C") -> list[str]:
    """The codes of a preset's deck in id order (RULES.md §1.8, §2.2, §2.4)."""
    if variant == "classic-3":
        return [c for c in ALL_CODES if c != removed_two]
    if variant == "classic-6":
        return [c for c in ALL_CODES if c[0] != "2"]
    return list(ALL_CODES)


def deck_from(
    placed: Mapping[int, str], variant: str = "classic", removed_two: str = "2C"
) -> list[Card]:
    """An explicit deck: ``placed`` maps positions (1 = top card) to card codes.

    Every other position gets the remaining cards of the variant's deck in id order.
    """
    pool = variant_codes(variant, removed_two)
    size = len(pool)
    chosen = list(placed.values())
    assert len(set(chosen)) == len(chosen), f"a card is placed twice: {chosen}"
    for position, code in placed.items():
        assert 1 <= position <= size, f"position c{position} is outside a {size}-card deck"
        assert code in pool, f"{code} is not in the deck of {variant}"
    rest = iter(code for code in pool if code not in chosen)
    return [Card.parse(placed[i] if i in placed else next(rest)) for i in range(1, size + 1)]


def play(state: State, *notations: str) -> State:
    """Apply moves written in move notation (``"7C"``, ``"swap 7C"``, ``"pass"``)."""
    for text in notations:
        state = briscola.apply(state, briscola.parse_move(text))
    return state


def trick_state(
    variant: str,
    trump: str | None,
    plays: Sequence[str],
    dealer: int | None = None,
    **options: Any,
) -> State:
    """A new deal in which seat ``k`` holds ``plays[k]`` and the face-up card is a trump.

    With the default dealer, seat 0 leads and the seats play in order 0, 1, …, so
    ``plays`` is also the order of the cards in trick 1. ``trump`` is a suit code, or
    ``None`` for Briscolone, which turns no card.
    """
    players, hand_size = SHAPE[variant]
    assert len(plays) == players
    placed = {seat + 1: code for seat, code in enumerate(plays)}
    if trump is not None:
        face_up = next(c for c in variant_codes(variant) if c[1] == trump and c not in plays)
        placed[players * hand_size + 1] = face_up
    deck = deck_from(placed, variant)
    return briscola.new_game(variant, deck=deck, dealer=dealer, **options)


def first_trick(variant: str, trump: str | None, plays: Sequence[str], **options: Any) -> State:
    """`trick_state`, then every seat plays its card in order: the state after trick 1."""
    state = trick_state(variant, trump, plays, **options)
    return play(state, *plays)


def random_play(
    state: State,
    rng: random.Random,
    stop: Callable[[State], bool],
    avoid: Iterable[str] = (),
) -> State:
    """Play random legal ``Play`` moves (never a swap) until ``stop(state)`` holds.

    A card in ``avoid`` is played only when the seat to act has nothing else.
    """
    keep = set(avoid)
    while not stop(state):
        assert not briscola.is_over(state), "the deal ended before the wanted position"
        plays = [m for m in briscola.legal_moves(state) if isinstance(m, Play)]
        preferred = [m for m in plays if str(m.card) not in keep] or plays
        state = briscola.apply(state, rng.choice(preferred))
    return state


def finish_trick(state: State, rng: random.Random) -> State:
    """Play random legal ``Play`` moves until one more trick is complete."""
    done = len(state.tricks)
    return random_play(state, rng, lambda s: len(s.tricks) > done)


def play_out(state: State, rng: random.Random) -> State:
    """Play random legal moves of any kind until the deal is over."""
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    return state


def trick_count(state: State) -> int:
    """How many tricks have been completed."""
    return len(state.tricks)


def at_trick_start(number: int) -> Callable[[State], bool]:
    """A stop condition: trick ``number`` (1-based) is about to be led."""

    def stop(state: State) -> bool:
        return trick_count(state) == number - 1 and not state.trick

    return stop


def after_trick(number: int) -> Callable[[State], bool]:
    """A stop condition: trick ``number`` (1-based) has just been completed."""

    def stop(state: State) -> bool:
        return trick_count(state) == number

    return stop


def stock_size(state: State) -> int:
    """Cards left to draw, the face-up card included, as every seat sees it."""
    return briscola.observe(state, 0).stock_size


def card_codes_in(text: str) -> set[str]:
    """Every canonical card code written in ``text``."""
    return set(_CODE.findall(text))
