"""The terminal game (``briscola play``) and the bot arena (``briscola arena``).

``briscola play`` seats a human at one seat of any preset and fills the others with bots.
The human sees only their own view (`render` of `observe`), types moves in the library's
notation (`parse_move`: ``7C``, ``swap 7C``, ``bid K``, ``pass``, ...) and can type
``help`` at any prompt. The game ends at the end of the deal (or of the match with
``--match``), on ``quit``, at the end of the input (exit status 0) or on Ctrl-C (exit
status 130), never with a traceback.

``briscola arena`` plays bots against each other with `simulate` and prints a summary table.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import os
import signal
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final, TextIO

from ._deal import check_seed, derived_seed
from ._option_text import parse_option
from ._quote import count, each_is, number_text, quote
from .errors import BriscolaError, IllegalMoveError, InvalidMoveError, RulesError
from .game import apply, current_player, is_over, new_game, observe, score
from .match import Match, MatchView, new_match
from .moves import Move, parse_move
from .players import BOTS, Player
from .render import match_totals, moves_text, render
from .rules import MATCH_OPTIONS, OPTIONS, Rules, VariantId, check_flag, check_seat, rules
from .simulation import PlayerSummary, Simulation, _stderr_is_a_terminal, simulate
from .state import State
from .views import View

__all__ = [
    "BOTS",
    "make_player",
    "play",
    "run_arena",
]


_HELP: Final = """\
Type a move as shown in "your moves", for example:
  7C              play the 7 of Coppe (also: play 7C, "sette di coppe")
  swap 7C         give the 7 of trumps for the face-up card
  bid K / pass    a call in the Chiamata auction / pass
  points 70       a point bid (Milan)
  suit C          name the trump suit; call KD: name the called card
  declare has AC, declare lacks AC, declare weak hand, declare strong hand
  signal ACE      a signal to your partner;  show hand: show your hand to your partner
Other commands: help, moves (list your legal moves), table (show the table again), quit.
Suits: D Denari, C Coppe, S Spade, B Bastoni. Ranks: A 2 3 4 5 6 7 J Q K
(8, 9 and 10 are read as J, Q and K, as on cards numbered 1 to 10)."""


def make_player(name: str, seed: int | None) -> Player:
    """The bot called ``name`` (``random``, ``greedy`` or ``search``), seeded with ``seed``.

    Raises:
        RulesError: for an unknown name.
    """
    make = BOTS.get(_bot_name(name)) if type(name) is str else None
    if make is None:
        raise RulesError(f"unknown bot {quote(name)}: use one of {', '.join(BOTS)}")
    return make(seed)


def _stream(value: Any, name: str, methods: tuple[str, ...]) -> Any:
    """``value`` once it has the methods the game calls on its ``name`` stream."""
    if isinstance(value, io.IOBase) and not isinstance(value, io.TextIOBase):
        raise RulesError(
            f"{name} must be a text stream, not a binary one ({type(value).__name__})"
        )
    for method in methods:
        try:
            usable = callable(getattr(value, method))
        except Exception:  # a foreign __getattr__ may fail in any way
            usable = False
        if not usable:
            raise RulesError(
                f"{name} must be a text stream with a {method}() method, "
                f"not {type(value).__name__}"
            )
    try:
        closed = getattr(value, "closed", False) is True
    except Exception:  # as above
        closed = False
    if closed:
        raise RulesError(f"{name} is closed")
    return value


def _seed_for(seed: int, seat: int) -> int:
    return derived_seed("play/v1", seed, seat)


class _Quit(Exception):
    """The human ended the game (``quit`` or the end of the input)."""


def play(
    variant: VariantId | Rules,
    *,
    seat: int = 0,
    opponents: str = "greedy",
    seed: int | None = None,
    match: bool = False,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    **options: Any,
) -> int:
    """Play a deal (or a match) in the terminal against bots; return the exit status.

    The game starts by printing its seed: playing again with that seed deals the same
    cards, and the bots make the same choices for the same moves of yours.

    Args:
        variant: A preset id or a `Rules`.
        seat: The human's seat.
        opponents: The bot at every other seat: ``random``, ``greedy`` or ``search``.
        seed: Deals and bots; ``None`` for a fresh game each time.
        match: Play a whole match in the preset's default format.
        stdin: Where moves are read (default: standard input).
        stdout: Where the table is written (default: standard output).
        **options: Table rules, as for `rules`; with ``match``, also the match options of
            `new_match`.

    Raises:
        RulesError: for a bad variant, option, seat, opponent, seed or ``match``, a match
            option without ``match``, a ``stdin`` or ``stdout`` that is not an open text
            stream, or a line of input longer than 1,000 characters.
    """
    reader = _stream(stdin if stdin is not None else sys.stdin, "stdin", ("readline",))
    out = _stream(stdout if stdout is not None else sys.stdout, "stdout", ("write", "flush"))
    check_flag(match, "match")
    match_options = {name: options.pop(name) for name in MATCH_OPTIONS if name in options}
    if match_options and not match:
        raise RulesError(f"{each_is(match_options, 'match option')}: pass match=True")
    r = rules(variant, **options)
    seat = check_seat(r, seat)
    if seed is not None:
        seed = check_seed(seed)
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "big")
    bots = {
        other: make_player(opponents, _seed_for(seed, other))
        for other in range(r.players)
        if other != seat
    }

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    game: State | Match = (
        new_match(r, seed=seed, **match_options) if match else new_game(r, seed=seed)
    )
    others = (
        f"the other seat is a {opponents} bot"
        if len(bots) == 1
        else f"the other seats are {opponents} bots"
    )
    say(f"{r.title}: you are seat {seat}; {others}.")
    if isinstance(game, Match):
        say(f"Match: {game.format}.")
    say(f"Seed {number_text(seed)}: the same seed deals the same game again.")
    say("Type help for help.")
    try:
        _loop(game, seat, bots, say, reader, out)
    except _Quit:
        say("")
        say("Goodbye.")
        return 0
    except KeyboardInterrupt:
        say("")
        say("Interrupted.")
        return 130
    return 0


def _loop(
    game: State | Match,
    seat: int,
    bots: dict[int, Player],
    say: Callable[[str], None],
    reader: TextIO,
    out: TextIO,
) -> None:
    deal = game.state if isinstance(game, Match) else game
    shown = _Shown(deal, seat)
    if isinstance(game, Match):
        _annulled(game, 0, say)
    if not is_over(game):  # a deal annulled as dealt is shown once, with its result
        say("")
        say(render(observe(game, seat)))
    while not is_over(game):
        deal = game.state if isinstance(game, Match) else game
        turn = current_player(game)
        assert turn is not None
        view = observe(deal, turn)
        if turn == seat:
            move = _ask(view, observe(game, seat), say, reader, out)
        else:
            move = bots[turn](view)
        finished = len(game.results) if isinstance(game, Match) else 0
        # The deal's own next state, also when a match moves on to its next deal.
        after = apply(deal, move)
        game = apply(game, move)
        shown.report(after, say)
        if isinstance(game, Match):
            if len(game.results) > finished:
                _deal_result(after, seat, say)
                _annulled(game, finished + 1, say)
                if not is_over(game):
                    shown = _Shown(game.state, seat)
                    say("")
                    say(f"Deal {len(game.results) + 1}:")
                    say(render(observe(game, seat)))  # the match line, then the deal
                continue
        elif is_over(game):
            break
        if current_player(game) == seat:
            say("")
            say(render(observe(after, seat)))
    if isinstance(game, Match):
        final = score(game)
        winners = " and ".join(f"seat {s}" for s in sorted(final.winners)) or "nobody"
        say("")
        say(
            f"The match is over: {winners} won (deals won "
            f"{'/'.join(map(str, final.deals_won))}; totals "
            f"{match_totals(game.rules, game.format, final.totals)})."
        )
    else:
        _deal_result(game, seat, say)


def _annulled(match: Match, start: int, say: Callable[[str], None]) -> None:
    """Say which of the match's deals from number ``start`` on ended as they were dealt."""
    for number in range(start, len(match.results)):
        say("")
        say(f"Deal {number + 1} was annulled as it was dealt: a hand held no card points.")


def _sits_out(deal: State, seat: int) -> bool:
    """Whether ``seat`` dealt ``deal`` and sat it out (six-player forms)."""
    return deal.rules.dealer_sits_out and deal.dealer == seat


class _Shown:
    """Prints what the human may see happen: other seats' moves and finished tricks."""

    def __init__(self, deal: State, seat: int) -> None:
        view = observe(deal, seat)
        self.seat = seat
        self.seen: Counter[tuple[int, Move]] = Counter(view.history)
        self.tricks = len(view.tricks)

    def report(self, deal: State, say: Callable[[str], None]) -> None:
        view = observe(deal, self.seat)
        now: Counter[tuple[int, Move]] = Counter()
        for entry in view.history:
            now[entry] += 1
            if now[entry] > self.seen[entry]:
                actor, move = entry
                if actor != self.seat:
                    say(f"  seat {actor}: {move}")
        self.seen = now
        r = view.rules
        for number in range(self.tricks, len(view.tricks)):
            trick = view.tricks[number]
            taken = sum(r.card_points[card.id] for card in trick.cards)
            cards = ", ".join(f"{s}:{c}" for s, c in zip(trick.seats, trick.cards, strict=True))
            say(f"trick {number + 1}: {cards} -> seat {trick.winner} takes {taken}")
        self.tricks = len(view.tricks)


def _deal_result(deal: State, seat: int, say: Callable[[str], None]) -> None:
    """The finished deal as ``seat`` sees it (the contract, the points of each side, the
    winners and the game points), then what it means for ``seat``."""
    result = score(deal)
    say("")
    say(render(observe(deal, seat)))
    if _sits_out(deal, seat):
        say("You dealt and sat out this deal.")
    elif result.void:
        say("The deal is void.")
    elif not result.winners:
        say("No side won the deal.")
    elif seat in result.winners:
        say(f"You won the deal ({result.deltas[seat]:+d}).")
    else:
        say(f"You lost the deal ({result.deltas[seat]:+d}).")


_MAX_LINE: Final = 1000
"""The longest line ``briscola play`` reads, in characters."""


def _ask(
    view: View,
    table: View | MatchView,
    say: Callable[[str], None],
    reader: TextIO,
    out: TextIO,
) -> Move:
    """The human's move in ``view``, read from ``reader``; ``table`` is what ``table``
    shows (in a match, the match line too)."""
    moves = moves_text(view.legal_moves)
    while True:
        print("your move> ", end="", file=out, flush=True)
        try:
            line = reader.readline(_MAX_LINE + 1)
        except (TypeError, ValueError) as error:  # no size taken, or closed meanwhile
            raise RulesError(f"stdin could not be read as a text stream: {error}") from None
        if not isinstance(line, str):  # a stream that is not an io object, reading bytes
            raise RulesError(f"stdin must be a text stream: it gave {type(line).__name__}")
        if not line:
            raise _Quit
        if len(line) > _MAX_LINE and not line.endswith("\n"):
            raise RulesError(f"a line of input may have at most {_MAX_LINE} characters")
        text = line.strip()
        word = text.lower()
        if not text:
            continue
        if word in ("help", "?", "h"):
            say(_HELP)
            continue
        if word in ("moves", "m"):
            say(f"your moves: {moves}")
            continue
        if word in ("table", "t"):
            say(render(table))
            continue
        if word in ("quit", "exit", "q"):
            raise _Quit
        try:
            move = parse_move(text)
        except InvalidMoveError:
            shown = "".join(c if c.isprintable() else "?" for c in text[:40])
            shown += "…" if len(text) > 40 else ""
            say(f"I cannot read '{shown}' as a move (type help). Your moves:")
            say(f"  {moves}")
            continue
        if move in view.legal_moves:
            return move
        say(f"{move} is not legal now. Your moves: {moves}")


# --- the arena -------------------------------------------------------------------------------


def run_arena(
    variant: VariantId | Rules,
    names: Sequence[str],
    games: int,
    *,
    jobs: int = 1,
    seed: int = 1,
    progress: bool = True,
    **options: Any,
) -> str:
    """Play ``games`` games between the named bots and return the summary table.

    The names fill the seats in turn (``greedy,random`` at five seats gives greedy,
    random, greedy, random, greedy), and seats rotate from game to game. ``options`` are
    table rules, as for `rules`.

    Raises:
        RulesError: for a bad variant, option, name, number of games (1 to 1,000,000),
            jobs, seed or ``progress``, or more names than seats.
    """
    r = rules(variant, **options)
    if (
        isinstance(names, str | bytes)
        or not isinstance(names, Sequence)
        or not all(type(name) is str for name in names)
    ):
        raise RulesError("names must be a list of bot names, such as ['greedy', 'random']")
    if not names:
        raise RulesError("name at least one player, such as --players greedy,random")
    if len(names) > r.players:
        raise RulesError(
            f"{r.variant!r} has {r.players} seats: name at most {r.players} players, "
            f"not {len(names)}"
        )
    if type(games) is not int or not 1 <= games <= _MAX_ARENA_GAMES:
        raise RulesError(
            f"games={quote(games)} is not valid: use a whole number from 1 to "
            f"{_MAX_ARENA_GAMES:,} (for more, call simulate() from Python)"
        )
    if type(jobs) is not int or not 1 <= jobs <= _MAX_JOBS:
        raise RulesError(
            f"jobs={quote(jobs)} is not valid: use a whole number from 1 to {_MAX_JOBS}"
        )
    seats = [_bot_name(names[i % len(names)]) for i in range(r.players)]
    players = [make_player(name, None) for name in seats]
    show = check_flag(progress, "progress") and _stderr_is_a_terminal() and _has_tqdm()
    if jobs == 1:
        return arena_table(simulate(r, players, games, seed=seed, progress=show), seats)
    pool = ProcessPoolExecutor(jobs, initializer=_leave_interrupts_to_the_parent)
    try:
        with _terminated_as_an_exception():
            run = simulate(r, players, games, seed=seed, executor=pool, progress=show)
    except BaseException:
        # Ctrl-C (or a failure): stop the workers now, rather than let each finish the
        # games it holds. The executor has no public way to stop its workers before
        # Python 3.14, so its own table of them is read. Waiting for the pool to wind up
        # (quick, as its workers are gone) keeps its thread from racing the interpreter's
        # exit, which can print a traceback from inside concurrent.futures.
        workers = list((getattr(pool, "_processes", None) or {}).values())
        for worker in workers:
            with contextlib.suppress(Exception):
                worker.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown()
    return arena_table(run, seats)


_MAX_JOBS: Final = 256  # worker processes: each is a whole Python interpreter
_MAX_ARENA_GAMES: Final = 1_000_000
"""The most games one ``briscola arena`` run plays: its results are kept in memory."""


@contextlib.contextmanager
def _terminated_as_an_exception() -> Iterator[None]:
    """``SIGTERM`` (``kill``, a supervisor, a cancelled job) raises `SystemExit` (143, as a
    program stopped by it) in the main thread, so that the workers are stopped: by default
    the signal would end this process alone, and leave them running."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C, which the terminal sends to the whole process group: the
    parent stops the pool. ``SIGTERM``, which the parent sends to stop a worker, ends it
    at once (a forked worker would otherwise inherit the parent's handler)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _has_tqdm() -> bool:
    import importlib.util

    return importlib.util.find_spec("tqdm") is not None


def arena_table(run: Simulation, names: Sequence[str]) -> str:
    """The summary of an arena run: one row per player, and one per bot name pooling its
    seats when a name fills several seats that are always partners."""
    rows = [
        "player               games   wins   win rate [95% CI]      game points per game [95% CI]"
    ]

    def row(label: str, summary: PlayerSummary) -> str:
        low, high = summary.win_interval
        p_low, p_high = summary.points_interval
        # One game has no spread: its interval is shown as n/a.
        spread = "[n/a]" if math.isnan(p_low) else f"[{p_low:+.3f}, {p_high:+.3f}]"
        return (
            f"{label:<20} {summary.games:>5} {summary.wins:>6}   "
            f"{summary.win_rate:>6.1%} [{low:.1%}, {high:.1%}]   "
            f"{summary.mean_points:+.3f} {spread}"
        )

    for index, summary in enumerate(run.summary):
        rows.append(row(f"{index}: {names[index]}", summary))
    counts = Counter(names)
    if any(seats > 1 for seats in counts.values()) and len(counts) > 1:
        pooled, apart = [], []
        for name in counts:
            indices = [i for i, other in enumerate(names) if other == name]
            if len(indices) == 1 or _always_partners(run.rules, indices):
                pooled.append(row(name, run.summarize(indices, name=name)))
            else:
                apart.append(name)
        rows.append("")
        if len(pooled) == len(counts):
            rows.append("pooled by bot (each game once: a win if its side won)")
            rows.extend(pooled)
        # A pool of seats that play against each other "wins" every game one of them wins.
        for name in apart:
            rows.append(f"{name}: not pooled, its seats are not always partners")
    rows.append("")
    rows.append(
        f"{run.rules.variant}, {count(len(run.games), 'game')}, seed {number_text(run.seed)}; "
        f"{count(run.undecided, 'game')} without a winner"
    )
    return "\n".join(rows)


def _always_partners(r: Rules, players: list[int]) -> bool:
    """Whether ``players`` (indices of `simulate`, which moves player ``i`` to seat
    ``(i + g) % n`` in game ``g``) are on one side in every game, whoever deals."""
    if r.auction is not None:  # Chiamata's sides are made by the call, deal by deal
        return False
    n = r.players
    for shift in range(n):
        seats = {(i + shift) % n for i in players}
        for dealer in range(n):
            playing = seats & set(r.seats_for(dealer))
            if not any(playing <= set(team) for team in r.teams_for(dealer)):
                return False
    return True


# --- argument parsing ------------------------------------------------------------------------


def _bot_name(text: str) -> str:
    """A bot's name as ``arena --players`` and `make_player` read it: in any case."""
    return text.strip().lower()


def _bot_argument(text: str) -> str:
    """A bot's name given on the command line, in any case."""
    name = _bot_name(text)
    if name not in BOTS:
        raise argparse.ArgumentTypeError(
            f"unknown bot {quote(text)}: use one of {', '.join(sorted(BOTS))}"
        )
    return name


def _whole_argument(text: str) -> int:
    """A whole number given on the command line (the ``type`` of its arguments), refused in
    a short message: argparse's own would repeat the whole argument, however long."""
    stripped = text.strip()
    digits = stripped[1:] if stripped[:1] in ("+", "-") else stripped
    if not (digits.isascii() and digits.isdigit()):
        # int() would also read "1_000" and other scripts' digits, which nothing else does.
        raise argparse.ArgumentTypeError(
            f"give a whole number in digits 0 to 9, not {quote(text)}"
        )
    try:
        return int(text)
    except ValueError:  # too long for Python to read as a number
        raise argparse.ArgumentTypeError(
            f"give a whole number of at most 4,300 digits, not one of {len(digits):,}"
        ) from None


def _option_argument(text: str) -> tuple[str, object]:
    """``NAME=VALUE`` given with ``--option``, read as the web lobby and OpenSpiel read it."""
    try:
        name, value = parse_option(text)
    except RulesError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if name == "variant":
        raise argparse.ArgumentTypeError("choose the variant with --variant, not --option")
    if name not in OPTIONS and name not in MATCH_OPTIONS:  # never one of the command's own
        raise argparse.ArgumentTypeError(f"unknown option {quote(name, 40)}")
    return name, value


def add_option_argument(parser: argparse.ArgumentParser, *, match_flag: str | None) -> None:
    """Add ``--option NAME=VALUE`` (repeatable) to ``parser``: a table rule, or under
    ``match_flag`` (the flag that plays a match) a match option too."""
    words = f"a table rule, such as seven_swap=true (one of: {', '.join(OPTIONS)})"
    if match_flag is not None:
        words += f", or with {match_flag} a match option ({', '.join(MATCH_OPTIONS)})"
    parser.add_argument(
        "--option",
        type=_option_argument,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=words,
    )


def add_play_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``briscola play`` to the command line's subcommands."""
    parser = commands.add_parser("play", help="play a game in the terminal against bots")
    parser.add_argument("--variant", default="classic", help="a preset id (default: classic)")
    parser.add_argument("--seat", type=_whole_argument, default=0, help="your seat (default: 0)")
    parser.add_argument(
        "--opponents",
        default="greedy",
        type=_bot_argument,
        metavar="{" + ",".join(sorted(BOTS)) + "}",
        help="the bots (default: greedy)",
    )
    parser.add_argument(
        "--seed", type=_whole_argument, default=None, help="deal and bots (default: random)"
    )
    parser.add_argument("--match", action="store_true", help="play a whole match")
    add_option_argument(parser, match_flag="--match")
    parser.set_defaults(run=run_command)


def add_arena_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Add ``briscola arena`` to the command line's subcommands."""
    parser = commands.add_parser("arena", help="play bots against each other and compare them")
    parser.add_argument("--variant", default="classic", help="a preset id (default: classic)")
    parser.add_argument(
        "--players",
        default="greedy,random",
        help=f"bots filling the seats in turn, comma-separated ({', '.join(BOTS)})",
    )
    parser.add_argument(
        "--games", type=_whole_argument, default=100, help="games to play (default: 100)"
    )
    parser.add_argument(
        "--jobs", type=_whole_argument, default=1, help="worker processes (default: 1)"
    )
    parser.add_argument(
        "--seed", type=_whole_argument, default=1, help="the run's seed (default: 1)"
    )
    add_option_argument(parser, match_flag=None)
    parser.set_defaults(run=run_command)


def run_command(args: argparse.Namespace) -> int:
    """Run ``briscola play`` or ``briscola arena`` from parsed arguments."""
    try:
        if args.command == "play":
            if sys.stdin is None:  # started with the input closed (<&-)
                raise RulesError("the standard input is closed: play reads your moves from it")
            options = dict(args.option)
            misplaced = [name for name in options if name in MATCH_OPTIONS]
            if misplaced and not args.match:
                raise RulesError(f"{each_is(misplaced, 'match option')}: add --match")
            return play(
                args.variant,
                seat=args.seat,
                opponents=args.opponents,
                seed=args.seed,
                match=args.match,
                **options,
            )
        names = [name for name in args.players.split(",") if name.strip()]
        table_rules = dict(args.option)
        misplaced = [name for name in table_rules if name in MATCH_OPTIONS]
        if misplaced:
            raise RulesError(f"{each_is(misplaced, 'match option')}: arena plays single deals")
        print(
            run_arena(
                args.variant, names, args.games, jobs=args.jobs, seed=args.seed, **table_rules
            )
        )
    except (BriscolaError, IllegalMoveError) as error:
        print(f"briscola: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return 0
