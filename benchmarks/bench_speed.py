"""Speed of the public API, of the search primitives and of the batched engine, as ratios.

The yardstick is a fused playout of ``classic``: one function playing a whole random deal
on plain lists, with the same `random.Random` work as the step loop (one shuffle of the
deck, one ``choice`` a move). In the same process, interleaved over several rounds
(medians shown), this script measures:

1. the public-API step loop: ``new_game(variant, seed=i)``, then
   ``apply(state, rng.choice(legal_moves(state)))`` until ``is_over(state)``, then
   ``score(state)``, for ``classic`` and for ``chiamata`` (auction included), in games/s and
   as a ratio to the fused playout, each round's ratio taken in the round (targets: 0.45
   and 0.27);
2. ``apply``, ``observe`` and ``score`` in µs per call over every state of a set of random
   deals of each preset, and ``determinize`` over 40 of their views (targets: ``observe``
   at most 4 and ``score`` at most 2 times ``apply`` on the same states);
3. `briscola.vector` playing random deals of ``classic`` in lock step, in moves/s by batch
   size and as a ratio to the fused playout, each round timed right after a round of it
   (target: 10 at a batch of 4,096).

Times are the process's CPU time (`time.process_time`), so that other programs running on
a shared machine do not inflate them. Targets are checked here and printed as met or not
met; absolute figures depend on the machine, the ratios much less.

    python benchmarks/bench_speed.py [--rounds 5] [--games 400] [--quick] [--sections 1 3]

``--sections`` runs only some sections; the yardstick is measured in every run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import briscola
from briscola import (
    Rules,
    VariantId,
    apply,
    determinize,
    is_over,
    legal_moves,
    new_game,
    observe,
    score,
)
from briscola.moves import Move
from briscola.state import State
from briscola.views import View

# Card facts by card id (suit * 10 + rank - 1), standard ranking and points (§1.3, §1.4).
_POINTS = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4) * 4
_STRENGTH = (10, 1, 9, 2, 3, 4, 5, 6, 7, 8) * 4


def fused_classic(rng: random.Random) -> tuple[int, int]:
    """One random deal of ``classic`` on plain lists: the practical CPython ceiling.

    The deal of ``new_game``: one card at a time from seat 0, the next card face up, the
    rest the stock; each trick's winner draws first, the face-up card is drawn last.
    """
    deck = list(range(40))
    rng.shuffle(deck)
    choice = rng.choice
    hands = [[deck[0], deck[2], deck[4]], [deck[1], deck[3], deck[5]]]
    face_up = deck[6]
    trump = face_up // 10
    stock = deck[7:] + [face_up]
    drawn = 0
    points = [0, 0]
    leader = 0
    for _ in range(20):
        first = choice(hands[leader])
        hands[leader].remove(first)
        other = 1 - leader
        second = choice(hands[other])
        hands[other].remove(second)
        if second // 10 == first // 10:
            winner = other if _STRENGTH[second] > _STRENGTH[first] else leader
        else:
            winner = other if second // 10 == trump else leader
        points[winner] += _POINTS[first] + _POINTS[second]
        if drawn < 34:
            hands[winner].append(stock[drawn])
            hands[1 - winner].append(stock[drawn + 1])
            drawn += 2
        leader = winner
    return points[0], points[1]


def games_per_second(play: Callable[[int], object], games: int) -> float:
    """Games per second of ``play(i)`` for ``i`` in ``range(games)``."""
    start = time.process_time()
    for i in range(games):
        play(i)
    return games / (time.process_time() - start)


def step_loop(variant: VariantId, rng: random.Random) -> Callable[[int], object]:
    """One game through the public API, dealt from seed ``i``."""
    choice = rng.choice

    def play(i: int) -> object:
        state = new_game(variant, seed=i)
        while not is_over(state):
            state = apply(state, choice(legal_moves(state)))
        return score(state)

    return play


def verdict(value: float, target: float, *, at_most: bool = False) -> str:
    """``met`` or ``not met``."""
    met = value <= target if at_most else value >= target
    return "met" if met else "NOT met"


def section_step_loop(rounds: int, games: int) -> float:
    """Interleaved rounds of the fused playout and the step loops; returns the fused rate.

    Each ratio is the median over the rounds of the step loop's rate over the fused
    playout's in the same round, so that a round timed while the machine was slower counts
    for both."""
    rng = random.Random(1)
    fused: list[float] = []
    rates: dict[VariantId, list[float]] = {"classic": [], "chiamata": []}
    ratios: dict[VariantId, list[float]] = {"classic": [], "chiamata": []}
    for _ in range(rounds):
        base = games_per_second(lambda _i: fused_classic(rng), games)
        fused.append(base)
        for variant, found in rates.items():
            found.append(games_per_second(step_loop(variant, rng), games))
            ratios[variant].append(found[-1] / base)
    base = statistics.median(fused)
    print(f"\n1. Whole random games, median of {rounds} interleaved rounds of {games} games")
    print(f"{'engine':<34}{'games/s':>10}{'ratio':>8}  target")
    print(f"{'fused playout, classic (yardstick)':<34}{base:>10,.0f}{1:>8.2f}")
    for variant, target in (("classic", 0.45), ("chiamata", 0.27)):
        rate = statistics.median(rates[variant])
        ratio = statistics.median(ratios[variant])
        label = f"step loop, {variant}"
        print(f"{label:<34}{rate:>10,.0f}{ratio:>8.2f}  >= {target}: {verdict(ratio, target)}")
    return base


def section_yardstick(rounds: int, games: int) -> float:
    """The fused playout alone, when section 1 is not run; returns its rate."""
    rng = random.Random(1)
    base = statistics.median(
        games_per_second(lambda _i: fused_classic(rng), games) for _ in range(rounds)
    )
    print(f"\nThe yardstick, median of {rounds} rounds of {games} games")
    print(f"{'fused playout, classic (yardstick)':<34}{base:>10,.0f} games/s")
    return base


def sample_states(variant: VariantId | Rules, games: int) -> list[State]:
    """Every state, in order, of ``games`` random deals (the deals search walks through)."""
    rng = random.Random(7)
    states = []
    for i in range(games):
        state = new_game(variant, seed=i)
        while not is_over(state):
            states.append(state)
            state = apply(state, rng.choice(legal_moves(state)))
    return states


def _time_primitives(
    states: list[State], moves: list[Move], seats: list[int], views: list[View]
) -> tuple[float, float, float, float]:
    """µs taken by one pass of apply, observe, score and determinize over the samples."""
    clock = time.process_time
    start = clock()
    for state, move in zip(states, moves, strict=True):
        apply(state, move)
    applied = clock() - start
    start = clock()
    for state, seat in zip(states, seats, strict=True):
        observe(state, seat)
    observed = clock() - start
    start = clock()
    for state in states:
        score(state)
    scored = clock() - start
    start = clock()
    for view in views:
        determinize(view, seed=1)
    sampled = clock() - start
    return applied * 1e6, observed * 1e6, scored * 1e6, sampled * 1e6


def section_search(rounds: int, deals: int) -> None:
    """``apply``, ``observe``, ``score`` and ``determinize`` per call on the same states."""
    print(
        f"\n2. Search primitives, µs per call over every state of {deals} random deals"
        " (determinize: 40 views)"
    )
    print(
        f"{'variant':<16}{'apply':>7}{'observe':>9}{'ratio':>7}{'score':>7}{'ratio':>7}"
        f"{'determinize':>13}  targets (observe <= 4, score <= 2)"
    )
    for variant in briscola.VARIANTS:
        states = sample_states(briscola.VARIANTS[variant], deals)
        moves = [legal_moves(s)[0] for s in states]
        seats = [s.turn for s in states if s.turn is not None]
        views = [observe(s, seat) for s, seat in zip(states, seats, strict=True)]
        sampled = [views[i * len(views) // 40] for i in range(min(40, len(views)))]
        n = len(states)
        timings = [_time_primitives(states, moves, seats, sampled) for _ in range(rounds)]
        medians = [statistics.median(t[k] for t in timings) / n for k in range(3)]
        applied, observed, scored = medians
        samples = [t[3] / len(sampled) for t in timings]
        o_ratio, s_ratio = observed / applied, scored / applied
        met = o_ratio <= 4 and s_ratio <= 2
        print(
            f"{variant:<16}{applied:>7.2f}{observed:>9.2f}{o_ratio:>7.1f}{scored:>7.2f}"
            f"{s_ratio:>7.1f}{statistics.median(samples):>13.0f}  " + ("met" if met else "NOT met")
        )


def section_vector(rounds: int, games: int, batches: list[int]) -> None:
    """The batched engine: random deals of ``classic`` in lock step, by batch size, each
    round timed right after a round of the fused playout, whose ratio it reports."""
    try:
        import numpy as np

        from briscola.vector import VectorGame
    except ImportError:
        print("\n3. briscola.vector: numpy is not installed (pip install 'briscola[rl]')")
        return
    print("\n3. briscola.vector, classic: shuffle, deal, random play to the end, scores")
    print("   (ratio: the median over the rounds of each round's ratio to the fused playout)")
    print(f"{'batch':>7}{'moves/s':>13}{'games/s':>11}{'ratio':>8}")
    rng = np.random.default_rng(3)
    fused_rng = random.Random(2)
    for batch in batches:
        repeat = max(1, min(16_384 // batch, 64))
        rates, ratios = [], []
        for round_ in range(rounds):
            base = games_per_second(lambda _i: fused_classic(fused_rng), games)
            start = time.process_time()
            for k in range(repeat):
                game = VectorGame("classic", count=batch, seed=round_ * repeat + k)
                while not game.done:
                    game.step(game.random_actions(rng))
                game.scores()
            rate = batch * repeat / (time.process_time() - start)
            rates.append(rate)
            ratios.append(rate / base)
        rate, ratio = statistics.median(rates), statistics.median(ratios)
        note = f"  >= 10: {verdict(ratio, 10)}" if batch == 4096 else ""
        print(f"{batch:>7,}{rate * 40:>13,.0f}{rate:>11,.0f}{ratio:>8.1f}{note}")


def main() -> None:
    """Run the sections asked for and print the figures and targets."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds; medians are shown")
    parser.add_argument("--games", type=int, default=400, help="games per round (section 1)")
    parser.add_argument("--deals", type=int, default=10, help="deals sampled (section 2)")
    parser.add_argument("--quick", action="store_true", help="fewer rounds and batches")
    parser.add_argument(
        "--sections",
        type=int,
        nargs="+",
        choices=(1, 2, 3),
        default=[1, 2, 3],
        help="the sections to run (the yardstick is measured in any case)",
    )
    args = parser.parse_args()
    rounds = 3 if args.quick else args.rounds
    batches = [1, 64, 4096] if args.quick else [1, 64, 512, 4096, 16_384]
    if 1 in args.sections:
        section_step_loop(rounds, args.games)
    elif 3 not in args.sections:
        section_yardstick(rounds, args.games)
    if 2 in args.sections:
        section_search(rounds, args.deals)
    if 3 in args.sections:
        section_vector(rounds, args.games, batches)


if __name__ == "__main__":
    main()
