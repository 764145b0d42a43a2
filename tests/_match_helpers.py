"""Helpers for the match-layer tests (§3.7, §2.5.7, §2.6.3, §2.8, §8 "Matches").

A finished deal with a chosen outcome is a deal played to its end with random legal moves,
whose captured card points are then replaced (keeping 120 in all), and fed to the match
with `briscola.match.after_deal`. Seat counts and dealing orders are written here from
the rules reference, never read from the engine; the preset families, the card points and the deck
builders shared with other tests are in ``helpers``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import briscola
from briscola import Card, Match, Move, Rules, State
from briscola.match import after_deal
from helpers import POINTS, chiamata_deck, play_out, with_points

# §1.2: strength within a suit, strongest first.
STRENGTH = "A3KQJ76542"

# §1.8 and §2: the number of seats of every preset.
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
    state = briscola.new_game(rules, deck=chiamata_deck(placed, dealer=dealer), dealer=dealer)
    for seat, text in script:
        assert briscola.current_player(state) == seat, (seat, text)
        move: Move = briscola.parse_move(text)
        state = briscola.apply(state, move)
    return with_points(play_out(state, random.Random(seed)), points)
