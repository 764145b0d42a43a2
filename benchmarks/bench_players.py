"""Strength of the bots: greedy against random, search against greedy, per preset.

Each duel is a `briscola.simulate` run: bot A takes the even player slots and bot B the odd
ones (A, B, A, B, A in five-seat Chiamata), and seats rotate from game to game, so over any
``n`` consecutive games each bot plays each deal position from each seat. Figures:

* the share of decided games won by bot A's side, with a 95% Wilson interval (two-sided
  fixed-partnership presets only; in Chiamata sides change from deal to deal);
* the paired margin: for every game, the mean game points (deal deltas) of A's seats less
  the mean game points of B's seats, averaged over the games, with a 95% interval. A margin
  whose interval excludes zero means A is the stronger bot;
* for the search player, its mean time to decide a move, in CPU time of its own process
  (the machine may be shared; CPU time is what one core spends), over every move it was
  asked for, and over the moves where it had a real choice.

    python benchmarks/bench_players.py [--games 2000] [--search-games 400] [--jobs 2]
        [--variant classic ...] [--seed 1]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

import briscola
from briscola import (
    GreedyPlayer,
    Move,
    Player,
    RandomPlayer,
    SearchPlayer,
    VariantId,
    View,
    simulate,
)
from briscola.simulation import Simulation

VARIANTS = ("classic", "classic-4", "chiamata", "chiamata-milan", "bugiarda")


class Timed:
    """A player that measures the CPU time its inner player spends per move."""

    def __init__(self, inner: SearchPlayer) -> None:
        self.inner = inner
        self.moves = 0
        self.choices = 0
        self.seconds = 0.0
        self.choice_seconds = 0.0

    def __call__(self, view: View) -> Move:
        start = time.process_time()
        move = self.inner(view)
        spent = time.process_time() - start
        self.moves += 1
        self.seconds += spent
        if len(view.legal_moves) > 1:
            self.choices += 1
            self.choice_seconds += spent
        return move


def duel(
    variant: VariantId, a: Player, b: Player, games: int, seed: int, jobs: int
) -> tuple[Simulation, tuple[float, float, float]]:
    """Play bot ``a`` against bot ``b``; return the run and the paired margin with its CI."""
    n = briscola.rules(variant).players
    players = [a if i % 2 == 0 else b for i in range(n)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            run = simulate(variant, players, games, seed=seed, executor=pool)
    else:
        run = simulate(variant, players, games, seed=seed)
    margins = []
    for game in run.games:
        mine = [game.points(s) for s in range(n) if game.seats[s] % 2 == 0]
        theirs = [game.points(s) for s in range(n) if game.seats[s] % 2 == 1]
        margins.append(sum(mine) / len(mine) - sum(theirs) / len(theirs))
    mean = statistics.fmean(margins)
    # A 95% interval, by the normal approximation.
    half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5 if len(margins) > 1 else math.nan
    return run, (mean, mean - half, mean + half)


def search_speed(variant: VariantId, moves: int, seed: int) -> tuple[float, float]:
    """Mean CPU milliseconds per move of `SearchPlayer` at its default budget (all moves,
    and moves with a choice), over games against `GreedyPlayer` in this process."""
    timed = Timed(SearchPlayer(seed))
    n = briscola.rules(variant).players
    game = 0
    while timed.moves < moves:
        state = briscola.new_game(variant, seed=seed * 1000 + game)
        greedy = GreedyPlayer(game)
        while not briscola.is_over(state):
            seat = briscola.current_player(state)
            assert seat is not None
            view = briscola.observe(state, seat)
            player: Player = timed if (seat + game) % n == 0 else greedy
            state = briscola.apply(state, player(view))
        game += 1
    return (
        1000 * timed.seconds / timed.moves,
        1000 * timed.choice_seconds / max(1, timed.choices),
    )


def main() -> None:
    """Run the duels and print one table row per duel."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games of greedy vs random")
    parser.add_argument("--search-games", type=int, default=400, help="games of search duels")
    parser.add_argument("--speed-moves", type=int, default=300, help="search moves timed")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", action="append", choices=VARIANTS, help="presets to run")
    parser.add_argument(
        "--duel", action="append", choices=("greedy-random", "search-greedy", "speed")
    )
    args = parser.parse_args()
    variants = args.variant or list(VARIANTS)
    duels = args.duel or ["greedy-random", "search-greedy", "speed"]
    print("| preset | A vs B | games | A's share of decided games | margin (A - B) per game |")
    print("| --- | --- | ---: | --- | --- |")
    for variant in variants:
        pairs: list[tuple[str, Player, Player, int]] = []
        if "greedy-random" in duels:
            pairs.append(("greedy vs random", GreedyPlayer(), RandomPlayer(), args.games))
        if "search-greedy" in duels:
            pairs.append(("search vs greedy", SearchPlayer(), GreedyPlayer(), args.search_games))
        for label, a, b, games in pairs:
            start = time.perf_counter()
            run, (mean, low, high) = duel(variant, a, b, games, args.seed, args.jobs)
            share = "—"
            r = run.rules
            if r.auction is None and len(r.teams) == 2:
                pooled = run.summarize(
                    [i for i in range(r.players) if i % 2 == 0], name=label.split()[0]
                )
                lo, hi = pooled.decided_interval
                share = f"{pooled.decided_win_rate:.1%} [{lo:.1%}, {hi:.1%}]"
            print(
                f"| {variant} | {label} | {games} | {share} | "
                f"{mean:+.3f} [{low:+.3f}, {high:+.3f}] |"
                f"  <!-- {time.perf_counter() - start:.0f} s -->",
                flush=True,
            )
        if "speed" in duels:
            every, chosen = search_speed(variant, args.speed_moves, args.seed)
            print(
                f"<!-- {variant}: SearchPlayer() {every:.1f} ms CPU per move, "
                f"{chosen:.1f} ms per move with a choice -->",
                flush=True,
            )


if __name__ == "__main__":
    main()
