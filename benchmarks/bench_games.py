"""Complete random games per second, per preset, through the public API.

One game is ``new_game(variant, seed=i)``, then ``apply(state, rng.choice(legal_moves(state)))``
until ``is_over(state)``, then ``score(state)``: the yardstick of the project's speed
target (10,000 classic games per second in one process). The same games are also played
with ``random_playout``. Machines are noisy: times are CPU time (``process_time``, so that
other processes count less), compare the rows of one run with each other, and take the
median of several rounds, as this script does.

    python benchmarks/bench_games.py [--games 2000] [--rounds 3] [--variant classic ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import briscola
from briscola import VariantId, apply, is_over, legal_moves, new_game, random_playout, score


def play_api(variant: VariantId, games: int) -> tuple[float, int]:
    """Seconds taken and moves made by ``games`` games through the step-by-step API."""
    rng = random.Random(0)
    choice = rng.choice
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = new_game(variant, seed=seed)
        while not is_over(state):
            state = apply(state, choice(legal_moves(state)))
            moves += 1
        score(state)
    return time.process_time() - start, moves


def play_fused(variant: VariantId, games: int) -> float:
    """Seconds taken by the same number of games through `random_playout`."""
    rng = random.Random(0)
    start = time.process_time()
    for seed in range(games):
        score(random_playout(new_game(variant, seed=seed), rng))
    return time.process_time() - start


def main() -> None:
    """Print games/s and moves/s per preset (medians over the rounds)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per round and preset")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is shown")
    parser.add_argument("--variant", action="append", help="presets to run (default: all)")
    args = parser.parse_args()
    variants = args.variant or list(briscola.VARIANTS)
    print(f"{'variant':<16}{'games/s':>10}{'moves/s':>11}{'µs/move':>9}{'playout games/s':>17}")
    for variant in variants:
        api: list[tuple[float, int]] = []
        fused: list[float] = []
        for _ in range(args.rounds):
            api.append(play_api(variant, args.games))
            fused.append(play_fused(variant, args.games))
        seconds = statistics.median(t for t, _ in api)
        moves = api[0][1]
        print(
            f"{variant:<16}{args.games / seconds:>10,.0f}{moves / seconds:>11,.0f}"
            f"{seconds / moves * 1e6:>9.2f}{args.games / statistics.median(fused):>17,.0f}"
        )


if __name__ == "__main__":
    main()
