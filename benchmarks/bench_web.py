"""A bounded load test of the web table on localhost: messages per second and move latency.

The server runs in a child process (``--serve``, the same application as ``briscola serve``)
with ``--tables`` tables of ``classic-4``, seat 0 played by a client and seats 1-3 by random
bots (no delay); each table also has ``--spectators`` spectators, for ``--tables`` x (1 +
spectators) connections (200 by default). For ``--seconds`` seconds each seat-0 client
plays a random legal move ``--think`` seconds (0.1) after it becomes its turn, a very fast
player, well inside the server's limit of messages per connection. The script reports the
table messages received per second over all connections, the latency of a move (from sending it to
receiving the view that shows it) as percentiles, and then checks that no move was lost:
every move the server accepted is in the table's saved file, and every move a client sent
was accepted (a refusal would mean a client saw a stale view).

    python benchmarks/bench_web.py [--tables 50] [--spectators 3] [--seconds 20] [--no-save]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from briscola import current_player, observe, parse_move
from briscola.web.tables import Table, Tables, TableSettings


def serve(port: int, tables: int, save: str | None) -> None:
    """The child process: open the tables, print their ids and seat-0 tokens, and serve."""
    import uvicorn

    from briscola.web.app import create_app
    from briscola.web.server import config

    registry = Tables(save, limit=tables)
    opened = [
        registry.create(
            TableSettings(
                "classic-4",
                format="fixed_deals(100)",
                seed=seed,
                bots={1: "random", 2: "random", 3: "random"},
            )
        )
        for seed in range(tables)
    ]
    print(json.dumps([[table.id, table.tokens[0]] for table in opened]), flush=True)
    uvicorn.Server(config(create_app(registry), host="127.0.0.1", port=port)).run()


class Counters:
    def __init__(self) -> None:
        self.messages = 0
        self.latencies: list[float] = []
        self.sent: dict[str, int] = {}
        self.refused: list[str] = []


async def player(
    url: str, table_id: str, token: str, stop: float, think: float, counters: Counters
) -> None:
    """Seat 0: a random legal move whenever it is its turn, timing each one."""
    from websockets.asyncio.client import connect

    rng = random.Random(table_id)
    async with connect(f"{url}/ws/{table_id}") as socket:
        await socket.send(json.dumps({"type": "hello", "token": token}))
        waiting: tuple[int, int, float] | None = None  # (deal, ply, sent at)
        # After the stop, wait for the answer to the last move sent, so every move is counted.
        while time.monotonic() < stop or waiting is not None:
            try:
                text = await asyncio.wait_for(socket.recv(), max(5.0, stop - time.monotonic()))
            except TimeoutError:
                break
            message = json.loads(text)
            counters.messages += 1
            if message["type"] == "error":
                counters.refused.append(message["message"])
                continue
            deal, view = message["deal"], message["view"]
            if waiting is not None and (deal, view["ply"]) > waiting[:2]:
                counters.latencies.append(time.monotonic() - waiting[2])
                waiting = None
            if waiting is None and view["legal_moves"] and time.monotonic() < stop:
                await asyncio.sleep(think)
                move = rng.choice(view["legal_moves"])
                await socket.send(
                    json.dumps({"type": "move", "move": move, "ply": view["ply"], "deal": deal})
                )
                counters.sent[table_id] = counters.sent.get(table_id, 0) + 1
                waiting = (deal, view["ply"], time.monotonic())


async def spectator(url: str, table_id: str, stop: float, counters: Counters) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"{url}/ws/{table_id}") as socket:
        await socket.send(json.dumps({"type": "hello"}))
        while time.monotonic() < stop:
            try:
                await asyncio.wait_for(socket.recv(), max(0.01, stop - time.monotonic()))
            except TimeoutError:
                break
            counters.messages += 1


async def load(
    port: int, tables: list[list[str]], spectators: int, seconds: float, think: float
) -> Counters:
    url = f"ws://127.0.0.1:{port}"
    counters = Counters()
    stop = time.monotonic() + seconds
    tasks = []
    for table_id, token in tables:
        tasks.append(player(url, table_id, token, stop, think, counters))
        tasks.extend(spectator(url, table_id, stop, counters) for _ in range(spectators))
    await asyncio.gather(*tasks)
    return counters


def seat_zero_moves(saved: dict[str, Any]) -> int:
    """How many of a saved table's moves seat 0 made, replayed through the public API."""
    table = Table(
        TableSettings.from_json(saved["settings"]), table_id=saved["id"], tokens=saved["tokens"]
    )
    count = 0
    for notation in saved["moves"]:
        seat = current_player(table.match)
        assert seat is not None
        count += seat == 0
        table.apply(seat, parse_move(notation), ply=observe(table.match.state, seat).ply)
    return count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument(
        "--think", type=float, default=0.1, help="seconds a client waits before each move"
    )
    parser.add_argument("--no-save", action="store_true", help="do not save after every move")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--save-dir", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.port, args.tables, args.save_dir)
        return 0
    with tempfile.TemporaryDirectory(prefix="briscola-bench-web-") as folder:
        command = [
            sys.executable,
            __file__,
            "--serve",
            "--port",
            str(args.port),
            "--tables",
            str(args.tables),
        ]
        if not args.no_save:
            command += ["--save-dir", folder]
        child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=os.environ)
        try:
            assert child.stdout is not None
            tables = json.loads(child.stdout.readline())
            time.sleep(1.0)  # let uvicorn bind the port
            counters = asyncio.run(
                load(args.port, tables, args.spectators, args.seconds, args.think)
            )
            time.sleep(0.5)  # the last moves' bots finish and their files are written
        finally:
            child.terminate()
            child.wait(10)
            if child.stdout is not None:
                child.stdout.close()
        connections = args.tables * (1 + args.spectators)
        moves = len(counters.latencies)
        print(
            f"{args.tables} tables of classic-4 (seat 0 a client, 3 random bots), "
            f"{connections} connections, {args.seconds:.0f} s, "
            f"{'no saving' if args.no_save else 'saved after every move'}"
        )
        print(f"  table messages received: {counters.messages / args.seconds:,.0f} per second")
        print(f"  client moves answered:   {moves / args.seconds:,.0f} per second")
        if counters.latencies:
            ms = sorted(1000 * latency for latency in counters.latencies)
            cuts = statistics.quantiles(ms, n=100, method="inclusive")
            print(
                f"  move latency (ms): p50 {cuts[49]:.1f}  p90 {cuts[89]:.1f}  "
                f"p99 {cuts[98]:.1f}  max {ms[-1]:.1f}"
            )
        lost = 0
        if not args.no_save:
            for table_id, _ in tables:
                saved = json.loads((Path(folder) / f"{table_id}.json").read_text("utf-8"))
                if seat_zero_moves(saved) != counters.sent.get(table_id, 0):
                    lost += 1
            print(f"  tables whose saved moves miss a client move: {lost} of {len(tables)}")
        print(f"  moves refused: {len(counters.refused)}")
        return 1 if lost or counters.refused else 0


if __name__ == "__main__":
    sys.exit(main())
