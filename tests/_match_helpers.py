"""Helpers for the match-layer tests (RULES.md §3.7, §2.5.7, §2.6.3, §2.8, §8 "Matches").

A finished deal with a chosen outcome is a deal played to its end with random legal moves,
whose captured card points are then replaced (keeping 120 in all), and fed to the match
with `briscola.match.after_deal`. Seat counts, sides and dealing orders are written here
from RULES.md, never read from the engine.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import attrs

import briscola
from briscola import Card, Match, Move, Rules, State
from briscola.match import after_deal

RANK_CODES = "A234567JQK"
SUIT_CODES = "DCSB"

# Every card code in id order (API.md: id = suit_index * 10 + rank - 1).
ALL_CODES: tuple[str, ...] = tuple(rank + suit for suit in SUIT_CODES for rank in RANK_CODES)

# RULES.md §1.3: card points by rank code.
POINTS: Mapping[str, int] = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}

# RULES.md §1.2: strength within a suit, strongest first.
STRENGTH = "A3KQJ76542"

# RULES.md §1.8 and §2: the number of seats of every preset.
PLAYERS: Mapping[str, int] = {
    "classic": 2,
    "classic-3": 3,
    "classic-4": 4,
    "classic-6": 6,
    "chiamata": 5,
    "chiamata-milan": 5,
    "bugiarda": 4,
    "bugiarda-2": 2,
    "bugiarda-5": 5,
    "scoperta": 2,
    "briscolone": 2,
}

# RULES.md §8: "Two-sided games are c2, c4, c6, bg, b2, b5, sc and bo."
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


def bugiarda5_sides(dealer: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """§2.6.3: active ``a0 = next(D) … a3 = prev(D)``; sides ``{a0,a2}`` and ``{a1,a3}``."""
    a = [(dealer + 1 + k) % 5 for k in range(4)]
    return (a[0], a[2]), (a[1], a[3])


def play_out(state: State, rng: random.Random) -> State:
    """Apply random legal moves until the deal is over."""
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    return state


def with_points(state: State, points: Sequence[int]) -> State:
    """A finished deal with each seat's captured card points replaced (they sum to 120)."""
    assert briscola.is_over(state)
    assert sum(points) == 120, points
    assert len(points) == state.rules.players
    return attrs.evolve(state, points=tuple(points))


def finish(match: Match, points: Sequence[int], seed: int = 0) -> Match:
    """Play the deal in progress to its end, give it ``points``, and record it."""
    assert not briscola.is_over(match)
    state = play_out(match.state, random.Random(seed))
    return after_deal(match, with_points(state, points))


def finish_all(match: Match, deals: Sequence[Sequence[int]]) -> Match:
    """`finish` once per entry of ``deals``."""
    for number, points in enumerate(deals):
        match = finish(match, points, seed=number)
    return match


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


def trick_winner(cards: Sequence[Card], seats: Sequence[int], trump: str | None) -> int:
    """§1.4: the highest trump, else the highest card of the led suit."""
    codes = [str(c) for c in cards]
    pool = [i for i, code in enumerate(codes) if trump is not None and code[1] == trump]
    if not pool:
        pool = [i for i, code in enumerate(codes) if code[1] == codes[0][1]]
    best = min(pool, key=lambda i: STRENGTH.index(codes[i][0]))
    return seats[best]


def hand_points(hand: Sequence[Card]) -> int:
    """§1.3: the card points of a hand."""
    return sum(POINTS.get(str(c)[0], 0) for c in hand)


# --- Chiamata deals with a scripted auction (§2.5) -------------------------------------------


def chiamata_deck(placed: Mapping[int, Sequence[str]], dealer: int) -> list[Card]:
    """A 40-card 5-player deck in which seat ``s`` is dealt ``placed[s]`` (§1.6, §2.5.1).

    Cards go one at a time from ``next(D)`` round the table, 8 each; every other position
    gets the remaining cards in id order.
    """
    order = [(dealer + 1 + k) % 5 for k in range(5)]
    slots: dict[int, list[int]] = {seat: [] for seat in order}
    for position in range(40):
        slots[order[position % 5]].append(position)
    deck: list[str | None] = [None] * 40
    for seat, wanted in placed.items():
        assert len(wanted) <= 8
        for position, code in zip(slots[seat], wanted, strict=False):
            deck[position] = code
    chosen = [code for code in deck if code is not None]
    assert len(set(chosen)) == len(chosen), chosen
    rest = iter(code for code in ALL_CODES if code not in chosen)
    return [Card.parse(code if code is not None else next(rest)) for code in deck]


def chiamata_deal(
    rules: Rules,
    dealer: int,
    placed: Mapping[int, Sequence[str]],
    script: Sequence[tuple[int, str]],
    points: Sequence[int],
    seed: int = 0,
) -> State:
    """A finished Chiamata deal: the auction and naming in ``script`` (each move with the
    seat that must make it), then random play, then ``points`` as the captured points."""
    state = briscola.new_game(rules, deck=chiamata_deck(placed, dealer), dealer=dealer)
    for seat, text in script:
        assert briscola.current_player(state) == seat, (seat, text)
        move: Move = briscola.parse_move(text)
        state = briscola.apply(state, move)
    return with_points(play_out(state, random.Random(seed)), points)
