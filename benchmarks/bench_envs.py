"""Steps per second of the learning environments, next to the raw engine loop.

Every row plays whole random deals of one preset with uniformly random legal actions:

* ``engine``: ``apply(state, rng.choice(legal_moves(state)))`` until the deal is over (the
  raw loop, no observation at all);
* ``pettingzoo raw``: `briscola.envs.pettingzoo.raw_env`, ``last()`` (observation and mask
  of the agent to act) then ``step`` at every move;
* ``pettingzoo``: the same through the wrapped ``env()``;
* ``gymnasium``: `BriscolaEnv` with random opponents; a step is one move of the learning
  seat, and the opponents' moves happen inside it (moves/s counts every move);
* ``openspiel``: the Python game, ``legal_actions`` and ``apply_action`` at every move
  (the deal's chance nodes not counted), no observations;
* ``encoder``: ``observation(observe(state, seat))`` alone, and `Tracker.observation`.

The environments' rows pick a random legal action from the mask as cheaply as numpy
allows (``rng.choice(mask.nonzero()[0].tolist())``, about 1.3 µs; ``np.flatnonzero`` costs
about twice that), against about 0.3 µs for the engine row's
``rng.choice(legal_moves(state))``.

The target is a PettingZoo raw env at a quarter of the raw loop's moves per second or
more on ``classic``. Machines are noisy: rows are timed in CPU time (``process_time``, so
other processes on a loaded machine count less), run interleaved, round after round, and
the median is shown.

    python benchmarks/bench_envs.py [--games 200] [--rounds 3] [--variant classic ...]
        [--row "pettingzoo raw" ...]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from briscola import VariantId, apply, is_over, legal_moves, new_game, observe
from briscola.encoding import Tracker, observation


def engine(variant: VariantId, games: int) -> tuple[float, int]:
    """Seconds and moves of the raw engine loop."""
    rng = random.Random(0)
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = new_game(variant, seed=seed)
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
            moves += 1
    return time.process_time() - start, moves


def pettingzoo(variant: VariantId, games: int, *, wrapped: bool) -> tuple[float, int]:
    """Seconds and moves of the PettingZoo environment."""
    from briscola.envs.pettingzoo import env, raw_env

    table = env(variant) if wrapped else raw_env(variant)
    rng = random.Random(0)
    moves = 0
    start = time.process_time()
    for seed in range(games):
        table.reset(seed=seed)
        for _ in table.agent_iter():
            obs, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(rng.choice(obs["action_mask"].nonzero()[0].tolist()))
            moves += 1
    return time.process_time() - start, moves


def gymnasium(variant: VariantId, games: int) -> tuple[float, int]:
    """Seconds and moves (every seat's) of the Gymnasium environment."""
    from briscola.envs.gymnasium import BriscolaEnv

    env = BriscolaEnv(variant)
    rng = random.Random(0)
    start = time.process_time()
    moves = 0
    for seed in range(games):
        _, info = env.reset(seed=seed)
        terminated = False
        while not terminated:
            action = rng.choice(info["action_mask"].nonzero()[0].tolist())
            _, _, terminated, _, info = env.step(action)
        moves += len(env.game.history)
    return time.process_time() - start, moves


def openspiel(variant: VariantId, games: int) -> tuple[float, int]:
    """Seconds and player moves of the OpenSpiel game (fixed deals, no chance nodes)."""
    import pyspiel

    import briscola.envs.openspiel  # noqa: F401 - registers the game

    rng = random.Random(0)
    moves = 0
    elapsed = 0.0
    for seed in range(games):
        game = pyspiel.load_game("briscola", {"variant": variant, "seed": seed})
        state = game.new_initial_state()
        start = time.process_time()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        elapsed += time.process_time() - start
    return elapsed, moves


def encoder(variant: VariantId, games: int, *, tracked: bool) -> tuple[float, int]:
    """Seconds and observations: one observation of the seat to act at every move."""
    rng = random.Random(0)
    count = 0
    elapsed = 0.0
    for seed in range(games):
        state = new_game(variant, seed=seed)
        tracker = Tracker(state)
        while not is_over(state):
            seat = state.turn
            assert seat is not None
            start = time.process_time()
            if tracked:
                tracker.observation(seat)
            else:
                observation(observe(state, seat))
            elapsed += time.process_time() - start
            count += 1
            state = tracker.apply(rng.choice(legal_moves(state)))
    return elapsed, count


ROWS: dict[str, Callable[[VariantId, int], tuple[float, int]]] = {
    "engine": engine,
    "pettingzoo raw": lambda v, g: pettingzoo(v, g, wrapped=False),
    "pettingzoo": lambda v, g: pettingzoo(v, g, wrapped=True),
    "gymnasium": gymnasium,
    "openspiel": openspiel,
    "encoder (observe)": lambda v, g: encoder(v, g, tracked=False),
    "encoder (Tracker)": lambda v, g: encoder(v, g, tracked=True),
}


TARGET = 0.25
"""The PettingZoo raw env's moves per second on ``classic``, as a share of the engine loop's."""


def main() -> None:
    """Print moves/s per environment and preset (medians over the rounds)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="deals per round and row")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the median is shown")
    parser.add_argument("--variant", action="append", help="presets to run (default: classic)")
    parser.add_argument(
        "--row",
        action="append",
        choices=list(ROWS),
        help="rows to run (default: all; the engine loop is always run)",
    )
    args = parser.parse_args()
    rows = {
        name: run for name, run in ROWS.items() if name == "engine" or name in (args.row or ROWS)
    }
    for variant in args.variant or ["classic"]:
        rates: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(args.rounds):
            for name, run in rows.items():
                seconds, moves = run(variant, args.games)
                rates[name].append(moves / seconds)
        base = statistics.median(rates["engine"])
        print(f"{variant}: moves (or observations) per second, median of {args.rounds} rounds")
        print(f"{'row':<20}{'per second':>12}{'vs engine':>11}")
        for name, values in rates.items():
            rate = statistics.median(values)
            print(f"{name:<20}{rate:>12,.0f}{rate / base:>10.2f}x")
        if variant == "classic" and "pettingzoo raw" in rates:
            ratio = statistics.median(rates["pettingzoo raw"]) / base
            verdict = "met" if ratio >= TARGET else "NOT met"
            print(f"pettingzoo raw at {ratio:.2f}x the engine loop: >= {TARGET}: {verdict}")
        print()


if __name__ == "__main__":
    main()
