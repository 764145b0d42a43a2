"""The briscola command: a demo game, records, schemas, variants, play, arena and serve.

```text
briscola --version
briscola demo [--variant classic-4] [--seed 7] [--dealer N] [--option NAME=VALUE ...]
              [--match [FORMAT]] [--record FILE]
briscola replay FILE       # print a recorded deal (or match) trick by trick
briscola validate FILE     # check a record (text or JSON), a JSON state or a JSON match
briscola schema [NAME]     # print a JSON Schema; without NAME, list them
briscola variants
briscola play [--variant V] [--seat N] [--opponents greedy|search|random] [--seed S] [--match]
              [--option NAME=VALUE ...]
briscola arena --variant V --players greedy,random[,...] --games N [--jobs J] [--seed S]
               [--option NAME=VALUE ...]
```

Each subcommand is one function, ``_command_<name>(args) -> int``, registered in
`_parser`. Errors print ``briscola: <message>`` on the standard error and exit with
status 2; the command never shows a traceback.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final, NoReturn

from ._deal import seed_text
from ._quote import count, each_is, number_text, quote
from ._version import __version__
from .errors import BriscolaError, RulesError
from .game import apply, is_over, legal_moves, new_game, score
from .match import Match, new_match
from .moves import Move, Play, SwapTrump
from .records import MAX_SIZE as MAX_RECORD_SIZE
from .records import MatchRecord, Record, deals_of, read_record
from .render import match_totals, render
from .rules import MATCH_OPTIONS, VARIANTS, rules
from .serialize import _LAYOUT_ALLOWANCE, MAX_SIZE, SCHEMA_NAMES, loads, schema
from .state import Phase, State
from .terminal import (
    _whole_argument,
    add_arena_parser,
    add_option_argument,
    add_play_parser,
)

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
    state = new_game(rules(variant, **options), seed=seed, dealer=dealer)  # type: ignore[arg-type]
    lines = _describe(state, SeededChooser(seed))
    if record_file is not None:
        final = state
        chooser = SeededChooser(seed)
        while final.phase is not Phase.OVER:
            final = apply(final, chooser.choose(legal_moves(final)))
        record = Record.from_state(final, Event=f"briscola demo, seed {seed}")
        _write(record_file, record.to_text())
    return lines


def _write(file: str, text: str) -> None:
    """Write ``text`` to ``file``; an error names the file, whatever the system reports."""
    try:
        Path(file).write_text(text, encoding="utf-8")
    except OSError as error:
        raise OSError(error.errno, error.strerror or str(error), file) from None


def _read(file: str) -> tuple[Record | MatchRecord, str, State | Match | None]:
    """The record in ``file``, what kind of document held it (a record's text, or a JSON
    record, state, match or match record: a state or a match is turned into its record),
    and the state or match itself when the file held one, already replayed by `loads`.

    Raises:
        BriscolaError: for a file that holds no such document.
        OSError, UnicodeDecodeError: for a file that cannot be read as UTF-8 text.
    """
    if not file:
        raise _Refused("give the name of a file")
    with open(file, encoding="utf-8") as stream:
        # Never more than the readers take, whatever the file is (a huge one, /dev/zero).
        text = stream.read(max(MAX_SIZE, MAX_RECORD_SIZE) + 1)
        if "\x00" in text:  # valid UTF-8, but UTF-16 without a byte order mark reads so
            raise _Refused(f"{_named(file)} is not UTF-8 text (it holds NUL characters)")
        json_text = _looks_like_json(text.lstrip("\ufeff \t\r\n"))
        if json_text:  # an indented document's layout is not counted against its limit
            text += stream.read(_LAYOUT_ALLOWANCE * MAX_SIZE + 1 - len(text))
    if not json_text:
        record = read_record(text)
        return record, "match record" if isinstance(record, MatchRecord) else "record", None
    value = loads(text)
    if isinstance(value, State):
        return Record.from_state(value), "JSON state", value
    if isinstance(value, Match):
        return Record.from_state(value), "JSON match", value
    if isinstance(value, Record):
        return value, "JSON record", None
    if isinstance(value, MatchRecord):
        return value, "JSON match record", None
    kind = "move" if isinstance(value, Move) else _KIND_NAMES.get(type(value).__name__, "value")
    raise _Refused(
        f"{_named(file)} holds a {kind}, which cannot be replayed: give a record, a state or "
        "a match"
    )


class _Refused(BriscolaError):
    """A file the command cannot use, for a reason of its own."""


_KIND_NAMES: Final = {
    "View": "view",
    "Rules": "rules document",
    "Score": "score",
    "MatchView": "match view",
    "MatchScore": "match score",
}


def _table_rules(options: dict[str, object]) -> dict[str, Any]:
    """The ``--option`` values that are table rules, for `rules`: the match options left out."""
    return {name: value for name, value in options.items() if name not in MATCH_OPTIONS}


def _dealer_argument(text: str) -> int | str:
    """A seat, or ``random`` (a match's first dealer drawn from its seed)."""
    return "random" if text.strip().lower() == "random" else _whole_argument(text)


def _looks_like_json(text: str) -> bool:
    """Whether ``text`` opens a JSON value rather than a record, whose tags also start with
    ``[`` but go on with a tag's name: ``[Format "``."""
    if text.startswith("{"):
        return True
    return text.startswith("[") and re.match(r'\[[A-Za-z0-9_]+[ \t]+"', text) is None


def _command_validate(args: argparse.Namespace) -> int:
    """``briscola validate FILE``: check a record, state or match by replaying it, and say
    what kind of document it was."""
    record, what, replayed = _read(args.file)
    if isinstance(record, MatchRecord):
        final = replayed if isinstance(replayed, Match) else record.final_match()
        outcome = "finished" if score(final).final else "unfinished"
        deals = len(record.deals)
        moves = sum(len(moves) for moves in record.deals)
        print(
            f"{_named(args.file)}: valid {what}, {final.rules!r}, match {final.format}, "
            f"{count(deals, 'deal')}, {count(moves, 'move')}, {outcome}"
        )
        return 0
    last = replayed if isinstance(replayed, State) else record.final_state()
    outcome = "finished" if last.phase is Phase.OVER else f"unfinished ({last.phase.value})"
    print(
        f"{_named(args.file)}: valid {what}, {last.rules!r}, {count(len(record.moves), 'move')}, "
        f"{outcome}"
    )
    return 0


def _command_replay(args: argparse.Namespace) -> int:
    """``briscola replay FILE``: print a recorded deal, or every deal of a match."""
    record, _, replayed = _read(args.file)
    if isinstance(record, Record):
        states = list(record.states())  # an illegal move is named before anything is printed
        print(_describe(states[0], _Scripted(record.moves)))
        return 0
    # One replay of the match (none when loads made it), then each deal from its deck.
    final = replayed if isinstance(replayed, Match) else record.final_match()
    seed = seed_text(record.seed)
    print(f"{final.rules.title} ({final.rules!r}), match {final.format}, seed {seed}")
    for number, deal in enumerate(deals_of(final), 1):
        print()
        print(f"== deal {number}, dealer seat {deal.dealer}")
        played = Record.from_state(deal)
        print(_describe(played.first_state(), _Scripted(played.moves)))
    print()
    print(_standing(final))
    return 0


def _standing(match: Match) -> str:
    standing = score(match)
    if not standing.final:
        return (
            f"match unfinished; totals {match_totals(match.rules, match.format, standing.totals)}"
        )
    winners = " and ".join(f"seat {s}" for s in sorted(standing.winners))
    return f"match won by {winners or 'nobody (a drawn match)'}"


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
    record_file: str | None = None,
) -> str:
    """Play a whole seeded match between random players and summarize each deal; with
    ``record_file``, also write the match's record there."""
    match = new_match(variant, format=match_format, seed=seed, dealer=dealer, **options)  # type: ignore[arg-type]
    chooser = SeededChooser(seed)
    lines = [f"{match.rules.title} ({match.rules!r}), match {match.format}, seed {seed}"]
    while not is_over(match):
        shown = len(match.results)
        match = apply(match, chooser.choose(legal_moves(match)))
        if len(match.results) == shown:
            continue
        # One move can end a deal and record the next as annulled as soon as it was dealt
        # (which adds nothing to the totals): a line for each.
        totals = match_totals(match.rules, match.format, score(match).totals)
        for number, deal in enumerate(match.results[shown:], shown + 1):
            result = deal.score
            winners = ", ".join(f"seat {s}" for s in sorted(result.winners))
            outcome = "void" if result.void else f"won by {winners}" if winners else "drawn"
            lines.append(
                f"deal {number:>2} (dealer {deal.dealer}): points "
                f"{'/'.join(map(str, result.points))}, {outcome}; totals {totals}"
            )
    lines.append(_standing(match))
    if record_file is not None:
        record = Record.from_state(match, Event=f"briscola demo, seed {seed}")
        _write(record_file, record.to_text())
    return "\n".join(lines)


def _number(text: str) -> float | None:
    """A number such as ``0.5``, ``3600`` or ``inf`` as `float` reads it; ``None`` for
    anything else, including what `float` alone would read but nothing else here does:
    digits of other scripts (``٣``), and ``1_0``."""
    if not text.isascii() or "_" in text:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def _seconds(text: str) -> float:
    """A time in seconds from 0 up, such as ``3600`` or ``0.5``; ``inf`` for ever."""
    value = _number(text)
    if value is None or math.isnan(value) or value < 0:
        raise argparse.ArgumentTypeError(
            f"give a number of seconds from 0 up (or inf), not {quote(text)}"
        )
    return value


def _bot_delay(text: str) -> float:
    """The seconds a bot takes for a move, as a number (its range is checked by the web
    table's settings, which say what it is)."""
    value = _number(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"give a number of seconds from 0 to 60, not {quote(text)}"
        )
    return value


def _port(text: str) -> int:
    """A TCP port, from 1 to 65535, or 0 for any free port."""
    if not re.fullmatch(r"[0-9]{1,5}", text.strip()) or int(text) > 65535:
        raise argparse.ArgumentTypeError(
            f"give a port from 1 to 65535 (0: any free port), not {quote(text)}"
        )
    return int(text)


def _table_limit(text: str) -> int:
    """A number of tables, from 1 up."""
    if not re.fullmatch(r"[0-9]{1,7}", text.strip()) or int(text) < 1:
        raise argparse.ArgumentTypeError(f"give a number of tables from 1 up, not {quote(text)}")
    return int(text)


def _add_serve(commands: argparse._SubParsersAction[Any]) -> None:
    """``briscola serve``: a table in the browser (the ``web`` extra), see `briscola.web`."""
    serve = commands.add_parser("serve", help="open a table in the browser (needs briscola[web])")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument(
        "--port", type=_port, default=8000, help="port (default: 8000; 0: any free port)"
    )
    serve.add_argument("--variant", default="classic", help="a preset id (default: classic)")
    add_option_argument(serve, match_flag="--format")
    serve.add_argument(
        "--format", default=None, help="a match format such as best_of(3) (default: a single deal)"
    )
    serve.add_argument(
        "--bots",
        default="",
        metavar="SEATS",
        help="seats the server plays: 1,2 or 1=random,2=search (default greedy)",
    )
    serve.add_argument("--seed", type=_whole_argument, default=None, help="the match seed")
    serve.add_argument(
        "--save",
        metavar="DIR",
        default=None,
        help="save every table there after every move; restore them at start",
    )
    serve.add_argument("--no-lobby", action="store_true", help="no page to open new tables")
    serve.add_argument(
        "--bot-delay",
        type=_bot_delay,
        default=0.6,
        help="seconds per bot move, 0 to 60 (default: 0.6)",
    )
    serve.add_argument(
        "--max-tables",
        type=_table_limit,
        default=200,
        metavar="N",
        help="the most tables kept at once (default: 200)",
    )
    serve.add_argument(
        "--keep-finished",
        type=_seconds,
        default=3600.0,
        metavar="SECONDS",
        help=(
            "drop a finished table this long after its last move (default: 3600; "
            "inf: only when its place is needed)"
        ),
    )
    serve.add_argument(
        "--keep-idle",
        type=_seconds,
        default=86400.0,
        metavar="SECONDS",
        help=(
            "drop an unfinished table after this long without a move (default: 86400; inf: never)"
        ),
    )

    def run(args: argparse.Namespace) -> int:
        if args.save == "":
            raise _Refused("give the name of a folder to --save")
        try:  # imported here: Starlette and uvicorn load only for this command
            from .web.server import serve
            from .web.tables import TableSettings, parse_bots
        except ImportError as error:
            print(f"briscola: {error}", file=sys.stderr)
            return 2
        options = dict(args.option)
        players = rules(args.variant, **_table_rules(options)).players
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
                limit=args.max_tables,
                keep_finished=args.keep_finished,
                keep_idle=args.keep_idle,
            )
        except ImportError as error:
            print(f"briscola: {error}", file=sys.stderr)
            return 2
        return 0

    serve.set_defaults(run=run)


def _command_demo(args: argparse.Namespace) -> int:
    """``briscola demo``: a seeded game (or match) between random players."""
    if args.record == "":  # refused before the game, not after it
        raise _Refused("give the name of a file")
    options = dict(args.option)
    misplaced = [name for name in options if name in MATCH_OPTIONS]
    if misplaced and args.match is None:
        raise RulesError(f"{each_is(misplaced, 'match option')}: add --match")
    if args.dealer == "random" and args.match is None:
        raise RulesError("--dealer random draws a match's first dealer: add --match")
    if isinstance(args.dealer, int):  # said here in the command line's words
        r = rules(args.variant, **_table_rules(options))
        if not 0 <= args.dealer < r.players:
            also = ", or random" if args.match is not None else ""
            raise RulesError(
                f"--dealer {number_text(args.dealer)} is not a seat of {r.variant!r}: use a "
                f"seat from 0 to {r.players - 1}{also}"
            )
    if args.match is not None:
        fmt = None if args.match == "default" else args.match
        print(play_match_demo(args.variant, args.seed, args.dealer, options, fmt, args.record))
    else:
        print(play_demo(args.variant, args.seed, args.dealer, options, args.record))
    return 0


def _command_variants(args: argparse.Namespace) -> int:
    """``briscola variants``: the presets, one per line."""
    for name, preset in VARIANTS.items():
        print(f"{name:<15} {preset.title}")
    return 0


def _command_schema(args: argparse.Namespace) -> int:
    """``briscola schema [NAME]``: print a JSON Schema, or list their names."""
    if args.name is None:
        for name in SCHEMA_NAMES:
            print(name)
        return 0
    print(json.dumps(schema(args.name), indent=2, ensure_ascii=False))
    return 0


def _version() -> str:
    return f"briscola {__version__}"


class _Parser(argparse.ArgumentParser):
    """argparse, with its errors in the command's one-line form."""

    def error(self, message: str) -> NoReturn:
        if len(message) > _MAX_USAGE_ERROR:  # argparse's own may quote a whole argument
            message = message[: _MAX_USAGE_ERROR - 1] + "…"
        self.exit(2, f"briscola: {message} (see {self.prog} --help)\n")


_MAX_USAGE_ERROR: Final = 300


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="briscola", description=__doc__.splitlines()[0])
    parser.add_argument("--version", action="version", version=_version())
    commands = parser.add_subparsers(dest="command", required=True)

    demo = commands.add_parser("demo", help="play a seeded game between random players")
    demo.add_argument("--variant", default="classic", help="a preset id (default: classic)")
    demo.add_argument(
        "--seed", type=_whole_argument, default=7, help="deal and choices (default: 7)"
    )
    demo.add_argument(
        "--dealer",
        type=_dealer_argument,
        default=None,
        help="the dealer's seat; with --match, random draws it from the seed",
    )
    demo.add_argument(
        "--match",
        nargs="?",
        const="default",
        default=None,
        metavar="FORMAT",
        help="play a whole match, in the preset's format or one such as best_of(5)",
    )
    add_option_argument(demo, match_flag="--match")
    demo.add_argument(
        "--record", metavar="FILE", help="also write the deal's (or the match's) record to FILE"
    )
    demo.set_defaults(run=_command_demo)

    replay = commands.add_parser("replay", help="print a recorded deal or match trick by trick")
    replay.add_argument("file", help="a record (text or JSON), or a JSON state or match")
    replay.set_defaults(run=_command_replay)

    validate = commands.add_parser(
        "validate", help="check a record, a JSON state or a JSON match by replaying it"
    )
    validate.add_argument("file", help="a record (text or JSON), or a JSON state or match")
    validate.set_defaults(run=_command_validate)

    shown = commands.add_parser("schema", help="print a JSON Schema; without NAME, list them")
    shown.add_argument("name", nargs="?", metavar="NAME", help=", ".join(SCHEMA_NAMES))
    shown.set_defaults(run=_command_schema)

    variants = commands.add_parser("variants", help="list the presets")
    variants.set_defaults(run=_command_variants)

    add_play_parser(commands)
    add_arena_parser(commands)
    _add_serve(commands)
    return parser


def _named(file: str) -> str:
    """A file name as the program shows it: on one line, whatever characters it holds."""
    return "".join(c if c.isprintable() else "?" for c in file)


def _fail(message: str) -> int:
    print(f"briscola: {message}", file=sys.stderr)
    return 2


def _tolerant_streams() -> None:
    """Replace what the terminal's encoding cannot hold instead of failing on it.

    Under ``LC_ALL=C`` Python's streams are ASCII, while the output uses "·" and "—" and a
    player may type any letter: such characters become "?" rather than an error.
    """
    for stream, failing in (
        (sys.stdin, ("strict",)),
        (sys.stdout, ("strict", "surrogateescape")),  # the C locale's handler, for bytes read
        (sys.stderr, ("strict", "surrogateescape")),
    ):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in failing:
            stream.reconfigure(errors="replace")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    0 on success; 2, with ``briscola: <message>`` on the standard error, for any error;
    141 (as a program stopped by ``SIGPIPE``) when the reader of the output goes away,
    as in ``briscola demo | head -1``; 130 on Ctrl-C; 143 when ``arena`` with workers is
    stopped by ``SIGTERM`` (its workers are stopped too).
    """
    if sys.stdout is None or sys.stderr is None:  # started with the stream closed (>&-)
        if sys.stderr is not None:
            print("briscola: the standard output is closed", file=sys.stderr)
        return 2
    _tolerant_streams()
    try:
        try:
            parser = _parser()
            args, extra = parser.parse_known_args(argv)
            if extra:  # refused here, so that the hint names the --help of where they stood
                given = list(sys.argv[1:] if argv is None else argv)
                command_at = given.index(args.command) if args.command in given else 0
                if extra[0] not in given[:command_at]:
                    parser.prog = f"briscola {args.command}"
                shown = " ".join(
                    text if text.isprintable() and len(text) <= 60 else quote(text)
                    for text in extra[:5]
                )
                more = f" and {len(extra) - 5:,} more" if len(extra) > 5 else ""
                parser.error(f"unrecognized arguments: {shown}{more}")
        except SystemExit as stop:  # --help, --version, or a usage error already reported
            return stop.code if isinstance(stop.code, int) else 0
        run: Callable[[argparse.Namespace], int] = args.run
        status = run(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader closed the pipe: say nothing more, and keep Python's exit-time flush of
        # stdout from failing again on the same pipe.
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):  # a stdout with no file descriptor (captured output)
            pass
        finally:
            os.close(devnull)
        return 141
    except KeyboardInterrupt:
        return 130
    except BriscolaError as error:
        return _fail(str(error))
    except UnicodeDecodeError:
        return _fail(f"{_named(getattr(args, 'file', 'the file'))} is not UTF-8 text")
    except OSError as error:
        where = _named(str(error.filename)) if error.filename else "the standard streams"
        return _fail(f"cannot read or write {where}: {error.strerror or error}")
    except RecursionError:
        return _fail("the input is nested too deeply")
    except MemoryError:
        return _fail("the input is too large")
    except Exception as error:  # the last guard: an internal error still gets one line
        return _fail(f"internal error ({type(error).__name__}): {str(error)[:200]}")
