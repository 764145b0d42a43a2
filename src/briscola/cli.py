"""The ``briscola`` command: a seeded demo game, records, and the list of variants.

```text
briscola demo [--variant classic-4] [--seed 7] [--dealer N] [--option NAME=VALUE ...]
              [--match [FORMAT]] [--record FILE]
briscola replay FILE       # print a recorded deal trick by trick
briscola validate FILE     # check a record (text or JSON) or a JSON state
briscola variants
briscola play [--variant V] [--seat N] [--opponents greedy|search|random] [--seed S] [--match]
briscola arena --variant V --players greedy,random[,...] --games N [--jobs J] [--seed S]
```
"""

from __future__ import annotations

import argparse
import hashlib
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from .errors import BriscolaError
from .game import apply, is_over, legal_moves, new_game
from .match import new_match
from .moves import Move, Play, SwapTrump
from .records import Record
from .render import render
from .rules import OPTIONS, VARIANTS, rules
from .scoring import score
from .serialize import loads
from .state import Phase, State
from .terminal import add_arena_parser, add_play_parser, run_command

__all__ = ["main"]


class SeededChooser:
    """Picks moves from a seed with SHA-256 in counter mode, the same on every platform."""

    def __init__(self, seed: int) -> None:
        self._seed = str(seed).encode()
        self._counter = 0

    def choose(self, moves: Sequence[Move]) -> Move:
        """One of ``moves``, chosen by the next block of the stream."""
        self._counter += 1
        block = hashlib.sha256(b"briscola/demo/v1:%s:%d" % (self._seed, self._counter)).digest()
        return moves[int.from_bytes(block, "big") % len(moves)]


def _cards(cards: Sequence[object]) -> str:
    return " ".join(str(card) for card in cards) or "-"


def _table(state: State) -> str:
    """The hands as the demo shows them: every card, since nobody at a demo is cheating."""
    return "   ".join(f"seat {seat}: {_cards(hand)}" for seat, hand in enumerate(state.hands))


def play_demo(
    variant: str,
    seed: int,
    dealer: int | None,
    options: dict[str, object],
    record_file: str | None = None,
) -> str:
    """Play one seeded game between random players and describe it trick by trick."""
    state = new_game(rules(variant, **options), seed=seed, dealer=dealer)
    lines = _describe(state, SeededChooser(seed))
    if record_file is not None:
        final = state
        chooser = SeededChooser(seed)
        while final.phase is not Phase.OVER:
            final = apply(final, chooser.choose(legal_moves(final)))
        record = Record.from_state(final, Event=f"briscola demo, seed {seed}")
        Path(record_file).write_text(record.to_text(), encoding="utf-8")
    return lines


def _replay(file: str, *, show: bool) -> int:
    """``briscola replay`` and ``briscola validate``."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except OSError as error:
        print(f"briscola: cannot read {file}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"briscola: {file} is not UTF-8 text", file=sys.stderr)
        return 2
    if text.lstrip().startswith("{"):
        value = loads(text)
        if isinstance(value, State):
            value = Record.from_state(value)
        if not isinstance(value, Record):
            print(
                f"briscola: {file} holds a {type(value).__name__}, not a record", file=sys.stderr
            )
            return 2
        record = value
    else:
        record = Record.from_text(text)
    states = list(record.states())
    final = states[-1]
    if show:
        print(_describe(states[0], _Scripted(record.moves)))
    else:
        outcome = "finished" if final.phase is Phase.OVER else f"unfinished ({final.phase.value})"
        print(f"{file}: valid {final.rules!r} record, {len(record.moves)} moves, {outcome}")
    return 0


class _Scripted:
    """Replays recorded moves in order, in place of a chooser."""

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = iter(moves)

    def choose(self, moves: Sequence[Move]) -> Move:
        return next(self._moves)


def _describe(state: State, chooser: SeededChooser | _Scripted) -> str:
    """The trick-by-trick account of a deal played from ``state`` with ``chooser``."""
    r = state.rules
    lines = [
        f"{r.title} ({r!r})",
        f"dealer: seat {state.dealer}; seat {state.leader} leads the first trick",
    ]
    teams = state.teams
    if teams and len(teams[0]) > 1:
        lines.append("teams: " + " against ".join("+".join(map(str, t)) for t in teams))
    if r.dealer_sits_out:
        lines.append(f"seat {state.dealer} deals and sits out")
    if state.removed:
        lines.append(f"out of the deck: {_cards(state.removed)}")
    if state.trump_card is not None:
        suit = state.trump_card.suit.name.title()
        lines.append(f"face-up card: {state.trump_card}, so {suit} are trumps")
    elif state.trump_suit is not None:
        lines.append(f"trumps: {state.trump_suit.name.title()}")
    elif r.auction is None:
        lines.append("no trumps")
    lines.append("")
    lines.append(render(state))
    lines.append("")
    while state.phase is not Phase.OVER:
        seat = state.turn
        try:
            move = chooser.choose(legal_moves(state))
        except StopIteration:
            lines.append("")
            lines.append("(the record ends here)")
            lines.append(render(state))
            return "\n".join(lines)
        tricks_before = len(state.tricks)
        face_up = state.trump_card
        state = apply(state, move)
        if isinstance(move, SwapTrump):
            lines.append(f"  seat {seat} gives {move.card} for the face-up {face_up}")
        elif not isinstance(move, Play):
            lines.append(f"  seat {seat}: {move}")
        if len(state.tricks) > tricks_before:
            trick = state.tricks[-1]
            pairs = zip(trick.seats, trick.cards, strict=True)
            plays = ", ".join(f"{seat}:{card}" for seat, card in pairs)
            taken = sum(r.card_points[card.id] for card in trick.cards)
            lines.append(
                f"trick {len(state.tricks):>2}: {plays}  ->  seat {trick.winner} takes {taken:>2}"
                f"   points {'/'.join(map(str, state.points))}"
            )
            if state.phase is not Phase.OVER:
                stock = f"stock {state.stock_size:>2}   " if r.has_stock else ""
                lines.append(f"           {stock}{_table(state)}")
    result = score(state)
    lines.append("")
    if result.caller is not None:
        role = "alone" if result.solo else f"with seat {result.partner}"
        called = f"seat {result.caller} called {result.called_card} for {result.target}"
        lines.append(f"{called} and played {role}")
    if teams and len(teams[0]) > 1:
        lines.append(
            "card points by team: "
            + ", ".join(
                f"{'+'.join(map(str, team))} {p}"
                for team, p in zip(teams, result.team_points, strict=True)
            )
        )
    lines.append(f"card points: {', '.join(f'seat {s} {p}' for s, p in enumerate(result.points))}")
    if result.void:
        lines.append("result: void deal, to be played again")
    elif result.winners:
        lines.append(f"result: {' and '.join(f'seat {s}' for s in sorted(result.winners))} won")
    else:
        lines.append("result: no winner")
    lines.append(
        f"game points: {', '.join(f'seat {s} {d:+d}' for s, d in enumerate(result.deltas))}"
    )
    return "\n".join(lines)


def play_match_demo(
    variant: str,
    seed: int,
    dealer: int | None,
    options: dict[str, object],
    match_format: str | None,
) -> str:
    """Play a whole seeded match between random players and summarize each deal."""
    match = new_match(variant, format=match_format, seed=seed, dealer=dealer, **options)
    chooser = SeededChooser(seed)
    lines = [f"{match.rules.title} ({match.rules!r}), match {match.format}, seed {seed}"]
    while not is_over(match):
        match = apply(match, chooser.choose(legal_moves(match)))
        if len(match.results) > len(lines) - 1:
            result = match.results[-1]
            standing = score(match)
            outcome = (
                "void"
                if result.score.void
                else (", ".join(f"seat {s}" for s in sorted(result.score.winners)) or "no winner")
            )
            lines.append(
                f"deal {len(match.results):>2} (dealer {result.dealer}): points "
                f"{'/'.join(map(str, result.score.points))}, won by {outcome}; totals "
                f"{'/'.join(map(str, standing.totals))}"
            )
    final = score(match)
    winners = " and ".join(f"seat {s}" for s in sorted(final.winners)) or "nobody (a drawn match)"
    lines.append(f"match won by {winners}")
    return "\n".join(lines)


def _option(text: str) -> tuple[str, object]:
    name, sep, raw = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"write options as NAME=VALUE, not {text!r}")
    value: object = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    elif re.fullmatch(r"-?[0-9]+", raw):
        value = int(raw)
    return name.strip(), value


def _add_serve(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``briscola serve``: a table in the browser (the ``web`` extra), see `briscola.web`."""
    serve = commands.add_parser("serve", help="open a table in the browser (needs briscola[web])")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument("--variant", default="classic", help="a preset id (default: classic)")
    serve.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a table rule, such as seven_swap=true",
    )
    serve.add_argument(
        "--format", default=None, help="a match format such as best_of(3) (default: a single deal)"
    )
    serve.add_argument(
        "--bots",
        default="",
        metavar="SEATS",
        help="seats the server plays: 1,2 or 1=random,2=search (default greedy)",
    )
    serve.add_argument("--seed", type=int, default=None, help="the match seed")
    serve.add_argument(
        "--save",
        metavar="DIR",
        default=None,
        help="save every table there after every move; restore them at start",
    )
    serve.add_argument("--no-lobby", action="store_true", help="no page to open new tables")
    serve.add_argument("--bot-delay", type=float, default=0.6, help="seconds per bot move")

    def run(args: argparse.Namespace) -> int:
        try:
            from .web.server import serve
            from .web.tables import TableSettings, parse_bots
        except ImportError as error:
            print(f"briscola: {error}", file=sys.stderr)
            return 2
        options = dict(args.option)
        players = rules(args.variant, **options).players
        settings = TableSettings(
            args.variant, options, args.format, args.seed, parse_bots(args.bots, players)
        )
        settings.new_match()
        try:
            serve(
                settings,
                host=args.host,
                port=args.port,
                save_dir=args.save,
                lobby=not args.no_lobby,
                bot_delay=args.bot_delay,
            )
        except ImportError as error:
            print(f"briscola: {error}", file=sys.stderr)
            return 2
        return 0

    serve.set_defaults(handler=run)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="briscola", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser("demo", help="play a seeded game between random players")
    demo.add_argument("--variant", default="classic", help="a preset id (default: classic)")
    demo.add_argument("--seed", type=int, default=7, help="deal and choices (default: 7)")
    demo.add_argument("--dealer", type=int, default=None, help="the dealer's seat")
    demo.add_argument(
        "--match",
        nargs="?",
        const="default",
        default=None,
        metavar="FORMAT",
        help="play a whole match, in the preset's format or one such as best_of(5)",
    )
    demo.add_argument(
        "--option",
        type=_option,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a table rule, such as seven_swap=true (one of: {', '.join(OPTIONS)})",
    )
    demo.add_argument("--record", metavar="FILE", help="also write the deal's record to FILE")
    replay = commands.add_parser("replay", help="print a recorded deal trick by trick")
    replay.add_argument("file", help="a record, as text or JSON")
    validate = commands.add_parser("validate", help="check a record or a JSON state")
    validate.add_argument("file", help="a record (text or JSON) or a JSON state")
    commands.add_parser("variants", help="list the presets")
    add_play_parser(commands)
    add_arena_parser(commands)
    _add_serve(commands)
    args = parser.parse_args(argv)
    if args.command in ("play", "arena"):
        return run_command(args)
    try:
        if getattr(args, "handler", None) is not None:
            return int(args.handler(args))
        if args.command == "variants":
            for name, preset in VARIANTS.items():
                print(f"{name:<15} {preset.title}")
            return 0
        if args.command in ("replay", "validate"):
            return _replay(args.file, show=args.command == "replay")
        if args.match is not None:
            fmt = None if args.match == "default" else args.match
            print(play_match_demo(args.variant, args.seed, args.dealer, dict(args.option), fmt))
        else:
            print(play_demo(args.variant, args.seed, args.dealer, dict(args.option), args.record))
    except BriscolaError as error:
        print(f"briscola: {error}", file=sys.stderr)
        return 2
    return 0
