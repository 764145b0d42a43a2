"""Instructions a game of the step loop and of the fused playout, counted by callgrind.

Wall-clock ratios on a shared machine move from run to run; the number of instructions a
program runs does not, whatever else the machine is doing. This script runs itself under
``valgrind --tool=callgrind`` twice per mode: once with the warm-up games and N more, once
with the warm-up games alone. The difference over N is the cost of one game, imports and
warm-up excluded. The warm-up (50 games) does the work a process does once: the tables of
each trump suit and the code written out for each shape of deal. The modes are the fused
``classic`` playout of ``bench_speed.py`` (the yardstick) and the step loop of ``classic``
and ``chiamata``:

    python benchmarks/bench_instructions.py [--fused 200] [--classic 50] [--chiamata 30]

It needs valgrind (Debian's package ``valgrind``). A run takes about a minute.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_speed import fused_classic, step_loop

WARM_UP = 50


def play(mode: str, games: int) -> None:
    """The warm-up games of ``mode``, then ``games`` more."""
    rng = random.Random(1)
    if mode == "fused":
        for _ in range(games + WARM_UP):
            fused_classic(rng)
        return
    game = step_loop("classic" if mode == "classic" else "chiamata", rng)
    for i in range(WARM_UP):
        game(10**6 + i)
    for i in range(games):
        game(i)


def count(mode: str, games: int) -> int:
    """Instructions run by this script playing ``mode`` (warm-up and ``games`` games)."""
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "callgrind.out")
        result = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                f"--callgrind-out-file={out}",
                sys.executable,
                __file__,
                "--play",
                mode,
                str(games),
            ],
            capture_output=True,
            text=True,
            check=True,
            # The same string hashes in every run, so the same dict and set layouts: the
            # counts then repeat to the instruction.
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = re.search(r"Collected : (\d+)", result.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{result.stderr}")
    return int(found.group(1))


def per_game(mode: str, games: int) -> float:
    """Instructions of one game of ``mode``: the difference of two runs over ``games``."""
    return (count(mode, games) - count(mode, 0)) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fused", type=int, default=200, help="fused playouts counted")
    parser.add_argument("--classic", type=int, default=50, help="classic games counted")
    parser.add_argument("--chiamata", type=int, default=30, help="chiamata deals counted")
    parser.add_argument("--play", nargs=2, metavar=("MODE", "GAMES"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:
        play(args.play[0], int(args.play[1]))
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("this benchmark needs valgrind (Debian: apt-get install valgrind)")
    fused = per_game("fused", args.fused)
    print(f"{'mode':<34}{'instructions a game':>20}{'ratio':>8}")
    print(f"{'fused playout, classic (yardstick)':<34}{fused:>20,.0f}{1:>8.3f}")
    for mode in ("classic", "chiamata"):
        cost = per_game(mode, getattr(args, mode))
        print(f"{'step loop, ' + mode:<34}{cost:>20,.0f}{fused / cost:>8.3f}")


if __name__ == "__main__":
    main()
