"""Simulation at scale: `simulate` plays many seeded games between players.

Game ``g`` is dealt from a seed derived from the run's ``seed`` and ``g`` alone, and player
``i`` sits at seat ``(i + g) % n`` in it, so over ``n`` consecutive games every player
plays every deal-seed position from every seat. Each player is also re-seeded for every
game (`GreedyPlayer.with_seed` and the like; players without ``with_seed`` are copied
fresh), so the result of a game depends on nothing but the run's seed and its number: the
same run gives the same games in one process, in a process pool or on a Ray cluster, with
any chunk size.

Examples:
    >>> import briscola
    >>> from briscola.players import GreedyPlayer, RandomPlayer
    >>> run = simulate("classic", [GreedyPlayer(), RandomPlayer()], 20, seed=1)
    >>> len(run.games), run.games[1].seats
    (20, (1, 0))
    >>> greedy, random_player = run.summary
    >>> greedy.games, greedy.wins + random_player.wins + run.undecided
    (20, 20)
"""

from __future__ import annotations

import copy
import importlib
import math
import pickle
import sys
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any, Final

import attrs

from ._deal import check_seed, derived_seed
from ._numbers import whole_number
from ._quote import each_is, number_text, quote
from ._repr import fields_repr
from .errors import IllegalMoveError, RulesError
from .game import apply, current_player, is_over, new_game, observe, score
from .match import MatchFormat, MatchScore, new_match
from .moves import MOVE_TYPES, Move
from .players import Player, refuse_class, reseeded
from .rules import MATCH_OPTIONS, Rules, VariantId, check_flag, rules
from .scoring import Score
from .views import View

__all__ = ["GameResult", "PlayerSummary", "Simulation", "game_seed", "simulate"]

_Z95: Final = 1.959963984540054  # the two-sided 95% quantile of the normal distribution
_NAME_WIDTH: Final = 200
"""The most characters of a player's ``repr`` a `Simulation` keeps."""


@attrs.frozen(repr=False)
class GameResult:
    """One game of a `Simulation`: a single deal, or a whole match."""

    __repr__ = fields_repr

    index: int
    """The game's number ``g`` in the run, from 0."""
    seed: int = attrs.field(repr=number_text)
    """The seed the game was dealt from (derived from the run's seed and `index`)."""
    seats: tuple[int, ...]
    """``seats[seat]`` is the index of the player at that seat."""
    score: Score | MatchScore
    """The final `Score` of the deal, or the final `MatchScore` of a match."""
    deals: int = 1
    """Deals played (void deals included): 1 for a single deal."""

    def points(self, seat: int) -> int:
        """The game points ``seat`` won (negative: lost) in this deal or match.

        Raises:
            RulesError: if ``seat`` is not a seat of the game.
        """
        if type(seat) is not int or not 0 <= seat < len(self.seats):
            raise RulesError(
                f"seat={quote(seat)} is not a seat of this game: seats run from 0 to "
                f"{len(self.seats) - 1}"
            )
        result = self.score
        if isinstance(result, MatchScore):
            return result.game_points[seat]
        return result.deltas[seat]


@attrs.frozen(repr=False)
class PlayerSummary:
    """How one player did over a `Simulation`, with 95% confidence intervals."""

    __repr__ = fields_repr

    player: int
    """The player's index in the ``players`` passed to `simulate`."""
    name: str
    """The player's ``repr``."""
    games: int
    """Games played."""
    wins: int
    """Games its side won."""
    decided: int
    """Games that some side won (not drawn, not void)."""
    mean_points: float
    """Mean game points per game (deal deltas, or match game points)."""
    points_interval: tuple[float, float]
    """95% confidence interval of `mean_points` (normal approximation; ``nan`` bounds with
    fewer than two games)."""

    @property
    def win_rate(self) -> float:
        """Wins per game played (``nan`` with no game)."""
        return self.wins / self.games if self.games else math.nan

    @property
    def win_interval(self) -> tuple[float, float]:
        """95% Wilson score interval of `win_rate`."""
        return _wilson_interval(self.wins, self.games)

    @property
    def decided_win_rate(self) -> float:
        """Wins per decided game (``nan`` with no decided game)."""
        return self.wins / self.decided if self.decided else math.nan

    @property
    def decided_interval(self) -> tuple[float, float]:
        """95% Wilson score interval of `decided_win_rate`."""
        return _wilson_interval(self.wins, self.decided)


@attrs.frozen(repr=False)
class Simulation:
    """The games of a `simulate` run, in game order, and their summary."""

    __repr__ = fields_repr

    rules: Rules
    """The rules every game was played under."""
    players: tuple[str, ...]
    """Each player's ``repr`` (cut at 200 characters; ``<TypeName>`` when it fails)."""
    seed: int = attrs.field(repr=number_text)
    """The run's seed."""
    match_format: MatchFormat | None
    """The match format when each game was a whole match; ``None`` for single deals."""
    games: tuple[GameResult, ...]
    """The games, in game order; equal whatever the executor or chunk size."""

    @property
    def undecided(self) -> int:
        """Games that no side won: drawn, void, or (``classic-3``) tied on top."""
        return sum(not game.score.winners for game in self.games)

    @property
    def summary(self) -> tuple[PlayerSummary, ...]:
        """Per player: games, wins, win rate, mean game points, 95% confidence intervals."""
        return tuple(self.summarize([i]) for i in range(len(self.players)))

    def summarize(self, players: Sequence[int], name: str | None = None) -> PlayerSummary:
        """The pooled record of several players (for example every seat of one bot).

        Each game counts once: a win if one of their seats won, and the mean of their
        seats' game points. Pool only players that are on the same side, or accept that a
        game where they faced each other counts as a win for the group.

        Raises:
            RulesError: if ``players`` is empty or holds an unknown index, or ``name`` is
                not text.
        """
        if isinstance(players, str | bytes) or not isinstance(players, Sequence):
            raise RulesError(
                f"players must be a list of player indices, not {type(players).__name__}"
            )
        if name is not None and not isinstance(name, str):
            raise RulesError(f"name must be text or None, not {type(name).__name__}")
        indices = list(players)
        if not indices or any(
            type(i) is not int or not 0 <= i < len(self.players) for i in indices
        ):
            raise RulesError(
                f"players must be indices from 0 to {len(self.players) - 1}, "
                f"not {quote(indices, 60)}"
            )
        wins = decided = 0
        values: list[float] = []
        for game in self.games:
            seats = [seat for seat, player in enumerate(game.seats) if player in indices]
            if not seats:  # only an edited Simulation can name a player that did not play
                raise RulesError(
                    f"players {quote(indices, 60)} sat at no seat of game {game.index}"
                )
            winners = game.score.winners
            decided += bool(winners)
            wins += any(seat in winners for seat in seats)
            values.append(sum(game.points(seat) for seat in seats) / len(seats))
        mean, interval = _mean_interval(values)
        label = name if name is not None else " + ".join(self.players[i] for i in indices)
        return PlayerSummary(
            indices[0] if len(indices) == 1 else -1,
            label,
            len(self.games),
            wins,
            decided,
            mean,
            interval,
        )


def _wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``nan`` bounds with no trial).

    Examples:
        >>> low, high = _wilson_interval(80, 100)
        >>> round(low, 3), round(high, 3)
        (0.711, 0.867)
    """
    if trials <= 0:
        return (math.nan, math.nan)
    p = successes / trials
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _mean_interval(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean of ``values`` and its 95% confidence interval (normal approximation).

    Examples:
        >>> mean, (low, high) = _mean_interval([1, -1, 1, 1])
        >>> mean, round(low, 2), round(high, 2)
        (0.5, -0.48, 1.48)
    """
    n = len(values)
    if n == 0:
        return math.nan, (math.nan, math.nan)
    mean = sum(values) / n
    if n < 2:
        return mean, (math.nan, math.nan)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z95 * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


def game_seed(seed: int, game: int) -> int:
    """The seed of game ``game`` (from 0) of a run seeded with ``seed``: a 63-bit number.

    It depends on the two numbers only, never on how the games are split among workers, so
    ``new_game(variant, seed=game_seed(seed, g))`` deals game ``g`` of a single-deal run
    again (`GameResult.seed` holds it too).

    Raises:
        RulesError: if ``seed`` is not an integer, or ``game`` is not a whole number from 0.

    Examples:
        >>> game_seed(7, 0) == game_seed(7, 0) != game_seed(7, 1)
        True
    """
    seed = check_seed(seed, or_none=False)
    index = whole_number(game)
    if index is None or index < 0:
        raise RulesError(f"game={quote(game)} is not valid: use a game's number from 0")
    return derived_seed("simulate/v1", seed, index) >> 1


def simulate(
    variant: VariantId | Rules,
    players: Sequence[Player],
    games: int,
    /,
    *,
    seed: int,
    executor: Executor | None = None,
    chunk: int | None = None,
    progress: bool = False,
    match: bool | str | MatchFormat = False,
    **options: object,
) -> Simulation:
    """Play ``games`` seeded games between ``players`` and collect the results.

    Args:
        variant: A preset id of `VARIANTS` or a `Rules`.
        players: One `Player` per seat. Player ``i`` sits at seat ``(i + g) % n`` in game
            ``g``. Before each game every player is replaced by ``player.with_seed(s)``
            (``s`` derived from the game's seed and ``i``) when it has that method, else by a
            fresh copy of the player as given.
        games: How many games to play.
        seed: The run's seed; game ``g`` is dealt from `game_seed` ``(seed, g)``.
        executor: Any `concurrent.futures.Executor` (a `ProcessPoolExecutor`, a
            `briscola.ray_executor.RayExecutor`, ...): games are sent to it in chunks.
            Players must then be picklable. ``None`` plays every game in this process.
        chunk: Games per task sent to the executor (default: about four tasks per
            ``executor._max_workers``, or 64 games). It never changes the results.
        progress: Show a progress bar on standard error when it is a terminal (needs the
            ``tqdm`` package: ``pip install 'briscola[progress]'``).
        match: ``False`` plays single deals. ``True`` plays whole matches in the preset's
            default format, a `MatchFormat` or its spelling (``"best_of(3)"``) in that
            format; each `GameResult` then holds the final `MatchScore`.
        **options: Table rules for `rules()` (and, with ``match``, the match options of
            `new_match`). The first three arguments are positional, so that Chiamata's
            table rule ``players`` is one of these: ``simulate("chiamata", bots, 10,
            seed=1, players=6)``.

    Raises:
        RulesError: for a bad variant, option, player count, number of games, seed or chunk,
            an executor that takes no more work (one that has been shut down), or a player
            whose ``with_seed`` returns no player.
        IllegalMoveError: if a player returns a move that is not legal, naming the player.
    """
    rule_options: dict[str, Any] = dict(options)
    match_options: dict[str, Any] = {
        k: rule_options.pop(k) for k in MATCH_OPTIONS if k in rule_options
    }
    if isinstance(variant, Rules) and not rule_options:
        r = variant
    else:
        r = rules(variant, **rule_options)
    if match_options and match is False:
        raise RulesError(f"{each_is(match_options, 'match option')}: pass match=True or a format")
    fmt = _match_format(r, match, match_options)
    seed = check_seed(seed, or_none=False)
    if type(games) is not int or games < 0:
        raise RulesError(f"games={quote(games)} is not valid: use a whole number from 0")
    if isinstance(players, str | bytes) or not isinstance(players, Sequence):
        raise RulesError("players must be a sequence of players, one per seat")
    if len(players) != r.players:
        raise RulesError(
            f"{r.variant!r} has {r.players} seats: give {r.players} players, not {len(players)}"
        )
    for player in players:
        refuse_class(player, "a player must be a player")
        if not callable(player):
            raise RulesError(f"a player must be callable with a View, not {quote(player)}")
    check_flag(progress, "progress")
    if chunk is not None and (type(chunk) is not int or chunk < 1):
        raise RulesError(f"chunk={quote(chunk)} is not valid: use a whole number from 1")
    if executor is not None and not isinstance(executor, Executor):
        raise RulesError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    if isinstance(executor, ProcessPoolExecutor):
        _check_picklable(players)
    # A player's own __repr__ may fail or run long: its name is taken once, bounded.
    names = tuple(quote(player, _NAME_WIDTH) for player in players)
    job = _Job(r, tuple(players), seed, fmt, match_options)
    bar = _progress_bar(games) if progress else None
    results: list[GameResult] = []
    try:
        if executor is None:
            for g in range(games):
                results.extend(job.play(g, g + 1))
                if bar is not None:
                    bar.update(1)
        else:
            size = chunk if chunk is not None else _default_chunk(executor, games)
            futures: list[tuple[int, int, Future[tuple[GameResult, ...]]]] = []
            try:
                for start in range(0, games, size):
                    stop = min(games, start + size)
                    future = executor.submit(job.play, start, stop)
                    if not isinstance(future, Future):
                        raise RulesError(
                            "the executor's submit() must return a concurrent.futures.Future, "
                            f"not {type(future).__name__}"
                        )
                    futures.append((start, stop, future))
            except RuntimeError as error:  # an executor that has been shut down
                _cancel(futures)
                raise RulesError(f"the executor takes no more work: {str(error)[:200]}") from None
            except RulesError:
                _cancel(futures)
                raise
            for start, stop, future in futures:
                try:
                    part = future.result()
                except BaseException:  # a player failed, or Ctrl-C: the rest is not wanted
                    _cancel(futures)
                    raise
                if not _played(part, job, start, stop):
                    _cancel(futures)
                    raise RulesError(
                        f"the executor did not give back games {start} to {stop - 1} as they "
                        "were played: it must return each result unchanged"
                    )
                results.extend(part)
                if bar is not None:
                    bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()
    return Simulation(r, names, seed, fmt, tuple(results))


def _check_picklable(players: Sequence[Player]) -> None:
    """A process pool sends the players to its workers with `pickle`: refuse at once, by
    name, a player it cannot send (a lambda, a function defined inside another)."""
    for index, player in enumerate(players):
        try:
            pickle.dumps(player)
        except Exception:  # pickle raises PicklingError, TypeError or AttributeError
            raise RulesError(
                f"player {index} ({quote(player, 60)}) cannot be sent to a process pool: "
                "define it at the top level of a module, or use a ThreadPoolExecutor"
            ) from None


def _match_format(r: Rules, match: object, options: dict[str, Any]) -> MatchFormat | None:
    """The format of the matches to play (checking the match options), or ``None``."""
    if match is False:
        return None
    if match is True:
        return new_match(r, seed=0, **options).format
    if isinstance(match, MatchFormat | str):
        return new_match(r, format=match, seed=0, **options).format
    raise RulesError(f"match={quote(match)} is not valid: use False, True or a match format")


def _cancel(futures: list[tuple[int, int, Future[tuple[GameResult, ...]]]]) -> None:
    for _, _, future in futures:
        future.cancel()


def _played(part: object, job: _Job, start: int, stop: int) -> bool:
    """Whether ``part`` is what ``job.play`` gives for games ``start`` to ``stop - 1``: the
    games of those numbers, dealt from their seeds, with their seats (a result of another
    run, or of other games of this one, is not)."""
    n = job.rules.players
    return (
        type(part) is tuple
        and len(part) == stop - start
        and all(
            type(game) is GameResult
            and game.index == g
            and game.seed == game_seed(job.seed, g)
            and game.seats == _seats(g, n)
            for g, game in enumerate(part, start)
        )
    )


def _seats(g: int, n: int) -> tuple[int, ...]:
    """Who sits where in game ``g`` of ``n`` players: ``seats[seat]`` is a player's index,
    turned one seat a game, so that every player has every seat in turn."""
    return tuple((seat - g) % n for seat in range(n))


def _default_chunk(executor: Executor, games: int) -> int:
    try:  # the standard pools' worker count; any executor may lack it, or fail to give it
        workers = executor._max_workers  # type: ignore[attr-defined]
    except Exception:
        workers = None
    if type(workers) is not int or workers < 1:
        return 64
    return max(1, math.ceil(games / (4 * workers)))


def _stderr_is_a_terminal() -> bool:
    """Whether a progress bar can be drawn (``sys.stderr`` is ``None`` in a program started
    without one)."""
    return sys.stderr is not None and sys.stderr.isatty()


def _progress_bar(total: int) -> Any:
    if not _stderr_is_a_terminal():
        return None
    try:
        tqdm = importlib.import_module("tqdm")
    except ImportError:
        raise ModuleNotFoundError(
            "a progress bar needs tqdm: pip install 'briscola[progress]'"
        ) from None
    return tqdm.tqdm(total=total, unit="game", file=sys.stderr)


class _Job:
    """Everything a worker needs to play a range of games; picklable."""

    def __init__(
        self,
        r: Rules,
        players: tuple[Player, ...],
        seed: int,
        fmt: MatchFormat | None,
        options: dict[str, Any],
    ) -> None:
        self.rules = r
        self.players = players
        self.seed = seed
        self.format = fmt
        self.options = options

    def play(self, start: int, stop: int) -> tuple[GameResult, ...]:
        """Games ``start`` to ``stop - 1``."""
        return tuple(self._game(g) for g in range(start, stop))

    def _game(self, g: int) -> GameResult:
        r = self.rules
        n = r.players
        deal_seed = game_seed(self.seed, g)
        seats = _seats(g, n)
        fresh = [_fresh(player, deal_seed, i) for i, player in enumerate(self.players)]
        if self.format is None:
            state = new_game(r, seed=deal_seed)
            while not is_over(state):
                seat = current_player(state)
                assert seat is not None
                state = apply(state, _checked(fresh, seats[seat], observe(state, seat), seat))
            return GameResult(g, deal_seed, seats, score(state))
        options: dict[str, Any] = {k: v for k, v in self.options.items() if k in MATCH_OPTIONS}
        game = new_match(r, format=self.format, seed=deal_seed, **options)
        while not is_over(game):
            seat = current_player(game)
            assert seat is not None
            view = observe(game.state, seat)
            game = apply(game, _checked(fresh, seats[seat], view, seat))
        return GameResult(g, deal_seed, seats, score(game), len(game.results))


def _fresh(player: Player, seed: int, index: int) -> Player:
    who = f"player {index} ({quote(player, 60)})"
    fresh = reseeded(player, derived_seed("simulate/player", seed, index), who)
    if fresh is not None:
        return fresh
    try:
        return copy.deepcopy(player)
    except Exception:  # a lock, a file, an open connection: anything copy refuses
        raise RulesError(
            f"{who} cannot be copied for each game: give it a "
            "with_seed(seed) method that returns a fresh player"
        ) from None


def _checked(players: list[Player], index: int, view: View, seat: int) -> Move:
    move = players[index](view)
    # The type first: comparing a foreign object with the legal moves runs its own __eq__.
    if type(move) not in MOVE_TYPES or move not in view.legal_moves:
        raise IllegalMoveError(
            f"player {index} ({quote(players[index], 60)}) at seat {seat} "
            f"chose {quote(move, 60)}, "
            "which is not one of its legal moves"
        )
    return move
