"""Shared helpers for the tests (`strategies` holds the Hypothesis strategies).

Deck positions follow §0.3: ``c1`` is the top card of the deck; explicit decks
are dealt by the canonical deal of §1.6 (one card at a time, from the first hand round the
seats that play, in play order). The tables below (preset shapes and families, card points,
strength orders, signal tokens, preset ids) are copied from the rules and the docs, not read
from the engine, so that a test can catch an engine that deals or scores wrongly.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, SupportsIndex, TypeVar

import attrs
import pytest

import briscola
from briscola import DECK, Card, Match, Move, Play, Rules, State, SwapTrump, VariantId

RANK_CODES = "A234567JQK"
SUIT_CODES = "DCSB"

# The canonical code of every card in id order (as documented: id = suit_index * 10 + rank - 1).
ALL_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUIT_CODES for rank in RANK_CODES)

# §1.8: preset -> (players, hand size).
SHAPE: Mapping[str, tuple[int, int]] = {
    "classic": (2, 3),
    "classic-3": (3, 3),
    "classic-4": (4, 3),
    "classic-6": (6, 3),
    "scoperta": (2, 3),
    "briscolone": (2, 5),
}

# §1.3: card points by rank code.
POINTS: Mapping[str, int] = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}

# §1.2, §1.3 and §3.9: rank codes from strongest to weakest, and card points by
# rank code, in every rank variant.
RANK_ORDER: Mapping[str, str] = {
    "standard": "A3KQJ76542",
    "seven_high": "A7KQJ36542",
    "seven_high_bisca": "A7KQJ65432",
    "three_natural": "AKQJ765432",
}
RANK_POINTS: Mapping[str, Mapping[str, int]] = {
    "standard": {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
    "seven_high": {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2},
    "seven_high_bisca": {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2},
    "three_natural": {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
}

# The documented preset ids, which never change.
PRESET_IDS: tuple[str, ...] = (
    "classic",
    "classic-3",
    "classic-4",
    "classic-6",
    "chiamata",
    "chiamata-milan",
    "bugiarda",
    "bugiarda-2",
    "bugiarda-5",
    "scoperta",
    "briscolone",
)

# §8: which presets each group of options applies to.
STOCK: frozenset[str] = frozenset(
    {"classic", "classic-3", "classic-4", "classic-6", "bugiarda-2", "scoperta", "briscolone"}
)
FACE_UP: frozenset[str] = STOCK - {"briscolone"}
PARTNERS: frozenset[str] = frozenset({"classic-4", "classic-6", "bugiarda", "bugiarda-5"})
# §2, §3.8, §8: the two-sided presets (`tie_rule`, `win_threshold`).
TWO_SIDED: frozenset[str] = frozenset(
    {
        "classic",
        "classic-4",
        "classic-6",
        "bugiarda",
        "bugiarda-2",
        "bugiarda-5",
        "scoperta",
        "briscolone",
    }
)
CHIAMATA: frozenset[str] = frozenset({"chiamata", "chiamata-milan"})
DEALT_TRUMP: frozenset[str] = frozenset({"bugiarda", "bugiarda-5"})
BUGIARDA: frozenset[str] = frozenset({"bugiarda", "bugiarda-2", "bugiarda-5"})
# §3.3, §3.4: the modes of the hand-sharing options.
SHARE: tuple[str, ...] = ("off", "voluntary", "automatic")

# §1.8: cards in a full hand, by preset.
HAND_SIZE: Mapping[str, int] = {
    "classic": 3,
    "classic-3": 3,
    "classic-4": 3,
    "classic-6": 3,
    "scoperta": 3,
    "bugiarda-2": 3,
    "briscolone": 5,
    "chiamata": 8,
    "chiamata-milan": 8,
    "bugiarda": 10,
    "bugiarda-5": 10,
}

# §3.5: the signal tokens.
SIGNAL_TOKENS: tuple[str, ...] = (
    "ACE",
    "THREE",
    "KING",
    "KNIGHT",
    "JACK",
    "LOW_TRUMPS",
    "NO_TRUMPS",
    "CARICHI",
)

# A canonical card code standing alone in a text.
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])([A2-7JQK][DCSB])(?![A-Za-z0-9])")


class HostileComparison:
    """Comparison and hashing that raise, for the hostile values below."""

    def __eq__(self, other: object) -> bool:
        raise KeyError("eq")

    def __hash__(self) -> int:
        raise KeyError("hash")


class Hostile(HostileComparison):
    """An object every dunder of which fails."""

    def __index__(self) -> int:
        raise KeyError("index")

    def __int__(self) -> int:
        raise KeyError("int")

    def __repr__(self) -> str:
        raise KeyError("repr")

    def __str__(self) -> str:
        raise KeyError("str")

    def __len__(self) -> int:
        raise KeyError("len")

    def __iter__(self) -> Iterator[object]:
        raise KeyError("iter")

    def __bool__(self) -> bool:
        raise KeyError("bool")

    def __getattr__(self, name: str) -> object:
        raise KeyError(name)


class HostileStr(HostileComparison, str):
    """Text whose own comparison and hashing raise, as a caller's ``str`` subclass may."""


class MisleadingStr(str):
    """Text whose own methods give what no text gives, as a caller's subclass may."""

    def strip(self, chars: str | None = None) -> Any:
        return 1

    def split(self, sep: str | None = None, maxsplit: SupportsIndex = -1) -> Any:
        return 1

    def lower(self) -> Any:
        return 1


class HostileInt(HostileComparison, int):
    """A whole number whose own comparison and hashing raise."""


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


def card_id(c: Card) -> int:
    """The id of a card: the sort key of a hand."""
    return c.id


def swap(code: str) -> SwapTrump:
    """The move that takes the face-up card in exchange for the card ``code``."""
    return SwapTrump(card(code))


def move(text: str) -> Move:
    """The move written ``text``."""
    return briscola.parse_move(text)


def shuffled(seed: int) -> list[Card]:
    """The 40 cards shuffled by Python's ``random`` with ``seed`` (not the engine's shuffle)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def variant_codes(variant: VariantId, removed_two: str = "2C") -> list[str]:
    """The codes of a preset's deck in id order (§1.8, §2.2, §2.4)."""
    if variant == "classic-3":
        return [c for c in ALL_CODES if c != removed_two]
    if variant == "classic-6":
        return [c for c in ALL_CODES if c[0] != "2"]
    return list(ALL_CODES)


def deck_from(
    placed: Mapping[int, str], variant: VariantId = "classic", removed_two: str = "2C"
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
    """A Chiamata deck (§2.5.1, §2.5.8) with ``placed[s]`` dealt to seat ``s``.

    The dealer defaults to the last seat. Cards go one at a time from ``next(D)`` round the
    seats that play; every other position gets the remaining cards in id order.
    """
    if dealer is None:
        dealer = players - 1
    if players == 5:
        return build_deck(placed, dealing_order(5, dealer), 8)
    if form == "dealer_sits_out":
        return build_deck(placed, dealing_order(6, dealer, dealer_sits_out=True), 8)
    gone = "4" if form == "remove_fours" else "2"
    return build_deck(placed, dealing_order(6, dealer), 6, pool_without(gone))


def bugiarda5_sides(dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """§2.6.3: active ``a0 = next(D) … a3 = prev(D)``; sides ``{a0,a2}`` and ``{a1,a3}``."""
    a = dealing_order(5, dealer, dealer_sits_out=True)
    return (a[0], a[2]), (a[1], a[3])


def play(state: State, *notations: str) -> State:
    """Apply moves written in move notation (``"7C"``, ``"swap 7C"``, ``"pass"``)."""
    for text in notations:
        state = briscola.apply(state, briscola.parse_move(text))
    return state


def trick_state(
    variant: VariantId,
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


def first_trick(
    variant: VariantId, trump: str | None, plays: Sequence[str], **options: Any
) -> State:
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


def to_seat(state: State, seat: int, rng: random.Random, avoid: Iterable[str] = ()) -> State:
    """`random_play` until ``seat`` is to act."""
    return random_play(state, rng, lambda s: briscola.current_player(s) == seat, avoid)


_Game = TypeVar("_Game", State, Match)


def play_out(state: _Game, rng: random.Random) -> _Game:
    """Play random legal moves of any kind until the deal (or the match) is over."""
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    return state


def deal_states(
    r: Rules, seed: int, dealer: int | None = None, move_seed: int | None = None
) -> list[State]:
    """Every state of the deal dealt from ``seed``, the first included, played with random
    legal moves of any kind drawn from ``move_seed`` (by default ``seed``)."""
    rng = random.Random(seed if move_seed is None else move_seed)
    state = briscola.new_game(r, seed=seed, dealer=dealer)
    states = [state]
    while not briscola.is_over(state):
        assert len(states) < 1000, "a deal that never ends"
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
        states.append(state)
    return states


def dealt_or_drawn_twins() -> tuple[tuple[list[Card], list[Card]], list[Card]]:
    """Two decks of ``classic`` and the cards played, in order, for the first three tricks
    of each (§2.7): seat 0 plays the same cards in both, but gets one of them dealt in the
    first deal and drawn from the stock in the second, and the other way round for another.
    Under ``open_stock`` seat 1 saw the stock, so it can tell the deals apart after trick
    3, though it sees the same hands, plays and stock left."""
    deck = list(DECK)
    order = [deck[2], deck[1]]  # trick 1: seat 0 leads (dealer 1), then seat 1
    state = briscola.new_game("classic", deck=deck)  # seat 0 gets 0, 2, 4
    for card in order:
        state = briscola.apply(state, Play(card))
    drawn_at = 7 if state.tricks[0].winner == 0 else 8  # the winner draws first (§1.7)
    other = list(deck)
    other[0], other[drawn_at] = other[drawn_at], other[0]
    plays = {0: [deck[0], deck[drawn_at]], 1: [deck[3], deck[5]]}  # dealt, then drawn
    while len(state.tricks) < 3:
        seat = briscola.current_player(state)
        assert seat is not None
        card = plays[seat].pop(0)
        order.append(card)
        state = briscola.apply(state, Play(card))
    return (deck, other), order


def seeded_game(variant: VariantId, seed: int, **options: object) -> list[State]:
    """`deal_states` of ``variant`` with ``options``, dealt and played from ``seed``."""
    return deal_states(briscola.rules(variant, **options), seed)  # type: ignore[arg-type]


def with_points(state: State, points: Sequence[int]) -> State:
    """A finished deal with each seat's captured card points replaced (they sum to 120)."""
    assert briscola.is_over(state)
    assert sum(points) == 120, points
    assert len(points) == state.rules.players
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
    return set(CARD_CODE.findall(text))


@cache
def require_fresh_schemas() -> None:
    """Stop, with the fix, when the shipped JSON Schemas are not what the code generates:
    the validation failures a stale schema causes do not say why."""
    from briscola import _schemas

    folder = Path(briscola.__file__).parent / "schemas"
    for name, document in _schemas.generate().items():
        shipped = folder / f"{name}.schema.json"
        if not shipped.is_file() or shipped.read_text(encoding="utf-8") != _schemas.text(document):
            pytest.fail(f"{name}.schema.json is stale: run python3 -m briscola._schemas")
