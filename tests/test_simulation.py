"""`simulate`: seeded games between players, in one process or many, with a summary.

* The same run gives the same games, game for game, in process, in a process pool, with any
  chunk size, and on Ray when it is installed.
* Seats rotate: player i sits at seat (i + g) % n in game g.
* The summary's counts, means and intervals match a computation by hand.
* Matches as well as single deals; bad arguments raise the library's errors.
"""

from __future__ import annotations

import hashlib
import importlib.util
import math
import operator
import random
import re
import socket
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import (
    CancelledError,
    Executor,
    Future,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    wait,
)
from itertools import pairwise
from typing import Any

import attrs
import pytest

import briscola
from briscola import (
    GreedyPlayer,
    IllegalMoveError,
    MatchScore,
    Move,
    RandomPlayer,
    RulesError,
    Score,
    SearchPlayer,
    View,
    simulate,
)
from briscola._quote import quote
from briscola.simulation import Simulation, _mean_interval, _wilson_interval, game_seed
from helpers import Hostile, untyped


def _players(n: int) -> list[briscola.Player]:
    return [GreedyPlayer(1) if i % 2 == 0 else RandomPlayer(2) for i in range(n)]


def test_serial_equals_process_pool_and_any_chunk_size() -> None:
    serial = simulate("classic-4", _players(4), 24, seed=5)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate("classic-4", _players(4), 24, seed=5, executor=pool, chunk=5)
        default_chunk = simulate("classic-4", _players(4), 24, seed=5, executor=pool)
    with ThreadPoolExecutor(max_workers=3) as threads:
        threaded = simulate("classic-4", _players(4), 24, seed=5, executor=threads, chunk=1)
    assert serial.games == pooled.games == default_chunk.games == threaded.games
    assert [game.index for game in serial.games] == list(range(24))


def test_a_game_depends_only_on_the_run_seed_and_its_number() -> None:
    long = simulate("chiamata", _players(5), 6, seed=9)
    short = simulate("chiamata", _players(5), 3, seed=9)
    assert long.games[:3] == short.games
    assert simulate("chiamata", _players(5), 3, seed=10).games != short.games
    assert [game.seed for game in short.games] == [game_seed(9, g) for g in range(3)]


@pytest.mark.parametrize(
    ("seed", "game", "refused"),
    [("9", 0, "seed='9'"), (True, 0, "seed=True"), (9, -1, "game=-1"), (9, 1.0, "game=1.0")],
)
def test_game_seed_checks_its_arguments(seed: object, game: object, refused: str) -> None:
    with pytest.raises(RulesError, match=re.escape(refused)):
        game_seed(untyped(seed), untyped(game))


def test_game_seed_takes_any_game_number() -> None:
    # A game number too long to print in decimal is hashed by its hexadecimal text, as a
    # seed is; the numbers that have a decimal form keep the seeds they always had.
    huge = 10**5000
    assert 0 <= game_seed(1, huge) < 2**63
    assert game_seed(1, huge) != game_seed(1, huge + 1)
    # SHA-256 of the label, the run seed and the game number: the seeds runs gave stay.
    digest = hashlib.sha256(b"briscola/simulate/v1:7:12").digest()
    assert game_seed(7, 12) == int.from_bytes(digest[:8], "big") >> 1


def test_a_players_state_does_not_leak_between_games() -> None:
    # The same player object, used before, gives the same run: each game gets a fresh copy.
    greedy = GreedyPlayer(3)
    first = simulate("classic", [greedy, RandomPlayer(4)], 10, seed=1)
    greedy(briscola.observe(briscola.new_game("classic", seed=1), 0))
    again = simulate("classic", [greedy, RandomPlayer(4)], 10, seed=1)
    assert first.games == again.games


def test_plain_functions_are_players() -> None:
    def first_move(view: View) -> Move:
        return view.legal_moves[0]

    run = simulate("classic", [first_move, first_move], 3, seed=1)
    assert len(run.games) == 3
    assert run.players[0].startswith("<function")


class _SeatRecorder:
    """A player that writes down, game by game, the seats it is asked to act for.

    `simulate` replaces each player by ``with_seed(...)`` once before every game, in game
    order when it plays in this process, so each call opens the record of a new game; the
    fresh player shares the record and adds to it the seat of every view it is given.
    """

    def __init__(self, games: list[set[int]]) -> None:
        self.games = games

    def with_seed(self, seed: int) -> _SeatRecorder:
        self.games.append(set())
        return _SeatRecorder(self.games)

    def __call__(self, view: View) -> Move:
        assert view.seat is not None
        self.games[-1].add(view.seat)
        return view.legal_moves[0]


def test_seats_rotate() -> None:
    # The seats a game reports must be where each player really acted: player i is asked
    # to move for seat (i + g) % n in game g, and for no other seat.
    records: list[list[set[int]]] = [[], [], []]
    run = simulate("classic-3", [_SeatRecorder(games) for games in records], 6, seed=2)
    assert [len(games) for games in records] == [6, 6, 6]
    for game in run.games:
        for player in range(3):
            assert game.seats[(player + game.index) % 3] == player
            assert records[player][game.index] == {(player + game.index) % 3}
        for seat, player in enumerate(game.seats):
            assert records[player][game.index] == {seat}


def test_the_summary_matches_a_hand_computation() -> None:
    run = simulate("classic", [GreedyPlayer(1), RandomPlayer(2)], 40, seed=3)
    greedy = run.summary[0]
    seats = [game.seats.index(0) for game in run.games]
    scores = [game.score for game in run.games]
    assert all(isinstance(result, Score) for result in scores)
    wins = sum(seat in result.winners for seat, result in zip(seats, scores, strict=True))
    decided = sum(bool(result.winners) for result in scores)
    deltas = [
        result.deltas[seat]  # type: ignore[union-attr]
        for seat, result in zip(seats, scores, strict=True)
    ]
    mean = sum(deltas) / len(deltas)
    sd = math.sqrt(sum((d - mean) ** 2 for d in deltas) / (len(deltas) - 1))
    assert (greedy.games, greedy.wins, greedy.decided) == (40, wins, decided)
    assert greedy.mean_points == pytest.approx(mean)
    half = 1.959963984540054 * sd / math.sqrt(40)
    assert greedy.points_interval == pytest.approx((mean - half, mean + half))
    assert greedy.win_rate == pytest.approx(wins / 40)
    assert greedy.decided_win_rate == pytest.approx(wins / decided)
    p, n, z = wins / decided, decided, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert greedy.decided_interval == pytest.approx((centre - spread, centre + spread))
    assert run.summary[1].wins + greedy.wins + run.undecided == 40
    assert greedy.name == "GreedyPlayer(seed=1)"


def test_pooling_players() -> None:
    # Three players of classic-3 each play for themselves, so two of them pooled score
    # differently from either alone: a game counts as a win when either won it, and its
    # points are the mean of their two seats' points.
    run = simulate("classic-3", _players(3), 12, seed=4)
    pooled = run.summarize([0, 1], name="first two")
    wins = decided = 0
    values: list[float] = []
    for game in run.games:
        seats = [game.seats.index(0), game.seats.index(1)]
        winners = game.score.winners
        wins += any(seat in winners for seat in seats)
        decided += bool(winners)
        values.append(sum(game.points(seat) for seat in seats) / 2)
    mean = sum(values) / len(values)
    assert (pooled.wins, pooled.decided) == (wins, decided)
    assert pooled.mean_points == pytest.approx(mean)
    assert (pooled.name, pooled.player, pooled.games) == ("first two", -1, 12)
    # The pool's figures are not those of either of its players alone.
    for alone in run.summary[:2]:
        assert alone.mean_points != pytest.approx(pooled.mean_points)
    assert run.summarize([0, 1]).name == f"{run.players[0]} + {run.players[1]}"
    with pytest.raises(RulesError, match="indices"):
        run.summarize([7])


def test_undecided_counts_the_games_tied_on_top() -> None:
    """`Simulation.undecided`: drawn, void or (classic-3) tied on top; game 19 of this run
    ends 51/51/18, which no seat wins, and it is no void deal."""
    run = simulate("classic-3", [RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)], 20, seed=1)
    tied = run.games[19].score
    assert isinstance(tied, Score)
    assert (tied.points, tied.winners, tied.void) == ((51, 51, 18), frozenset(), False)
    assert run.undecided == 1
    assert sum(summary.wins for summary in run.summary) + run.undecided == 20
    for summary in run.summary:
        assert summary.decided == 19
        # Rates and intervals over the 20 games played, or over the 19 decided ones.
        assert summary.win_rate == summary.wins / 20
        assert summary.win_interval == _wilson_interval(summary.wins, 20)
        assert summary.decided_win_rate == summary.wins / 19
        assert summary.decided_interval == _wilson_interval(summary.wins, 19)


def test_a_run_of_no_games() -> None:
    """``games`` runs from 0: an empty run, whose rates and intervals are ``nan``."""
    run = simulate("classic", _players(2), 0, seed=1)
    assert (run.games, run.undecided) == ((), 0)
    for summary in (*run.summary, run.summarize([0, 1])):
        assert (summary.games, summary.wins, summary.decided) == (0, 0, 0)
        figures = [summary.win_rate, summary.decided_win_rate, summary.mean_points]
        figures += [*summary.win_interval, *summary.decided_interval, *summary.points_interval]
        assert all(math.isnan(x) for x in figures)


class _SeedRecorder:
    """A player that writes down every seed its ``with_seed`` is given."""

    def __init__(self, seeds: list[int]) -> None:
        self.seeds = seeds

    def with_seed(self, seed: int) -> _SeedRecorder:
        self.seeds.append(seed)
        return self

    def __call__(self, view: View) -> Move:
        return view.legal_moves[0]


def test_each_player_is_reseeded_from_the_game_and_its_index() -> None:
    # Two copies of one bot must not play from the same random stream, nor one bot repeat
    # its stream from game to game: the seed depends on the game's seed and the player.
    seeds: list[int] = []
    simulate("classic", [_SeedRecorder(seeds), _SeedRecorder(seeds)], 3, seed=1)
    assert len(seeds) == 6
    assert len(set(seeds)) == 6
    again: list[int] = []
    simulate("classic", [_SeedRecorder(again), _SeedRecorder(again)], 3, seed=1)
    assert again == seeds


def test_match_points_are_game_points_in_a_cumulative_format() -> None:
    """`GameResult.points` and `mean_points` count the match's game points, not the card
    points that a cumulative format adds up towards its target."""
    run = simulate("classic", _players(2), 3, seed=2, match="cumulative_points(120)")
    for game in run.games:
        result = game.score
        assert isinstance(result, MatchScore)
        assert result.totals != result.game_points
        assert [game.points(seat) for seat in (0, 1)] == list(result.game_points)
    first = run.summary[0]
    points = [game.score.game_points[game.seats.index(0)] for game in run.games]  # type: ignore[union-attr]
    assert first.mean_points == pytest.approx(sum(points) / 3)


def test_interval_helpers() -> None:
    assert all(math.isnan(x) for x in _wilson_interval(0, 0))
    low, high = _wilson_interval(10, 10)
    assert high == pytest.approx(1.0)
    assert 0.7 < low < 0.75
    # All wins or none: the bounds stay in [0, 1], where the formula's rounding leaves them.
    for trials in range(1, 60):
        assert _wilson_interval(trials, trials)[1] <= 1.0
        assert _wilson_interval(0, trials)[0] >= 0.0
    mean, (a, b) = _mean_interval([2.0])
    assert mean == 2.0
    assert math.isnan(a)
    assert math.isnan(b)


def test_matches() -> None:
    run = simulate("classic", _players(2), 4, seed=6, match="best_of(3)")
    assert run.match_format is not None
    assert str(run.match_format) == "best_of(3)"
    for game in run.games:
        assert isinstance(game.score, MatchScore)
        assert game.score.final
        assert game.deals >= 2
        assert game.points(0) == game.score.game_points[0]
    default = simulate("chiamata", _players(5), 1, seed=6, match=True)
    assert default.games[0].deals >= 5
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate("classic", _players(2), 4, seed=6, match="best_of(3)", executor=pool)
    assert pooled.games == run.games


def _dealers(**options: Any) -> list[int]:
    """The dealer of each deal of one classic-3 match, in order, as the players saw it."""
    dealers: list[int] = []

    def first_move(view: View) -> Move:
        if not dealers or dealers[-1] != view.dealer:
            dealers.append(view.dealer)
        return view.legal_moves[0]

    # A plain function is shared by every seat and every game, so one list sees them all.
    simulate("classic-3", [first_move] * 3, 1, seed=1, match="best_of(3)", **options)
    return dealers


def test_options_reach_the_rules_and_the_match() -> None:
    run = simulate("classic", _players(2), 2, seed=1, seven_swap=True)
    assert run.rules.seven_swap
    # Chiamata's table rule `players`, beside the positional players of the run.
    six = simulate("chiamata", _players(6), 2, seed=1, players=6)
    assert six.rules == briscola.rules("chiamata", players=6)
    assert all(len(game.seats) == 6 for game in six.games)
    # With three seats the two rotations differ: the deal passes the other way round.
    along = _dealers()
    against = _dealers(dealer_rotation="against_play_direction")
    assert len(along) >= 2
    assert len(against) >= 2
    assert along[0] == against[0] == 2  # the first dealer is the last seat either way
    step = (along[1] - along[0]) % 3
    assert step != 0
    assert all((b - a) % 3 == step for a, b in pairwise(along))
    assert all((b - a) % 3 == 3 - step for a, b in pairwise(against))
    with pytest.raises(RulesError, match="match option"):
        simulate("classic", _players(2), 2, seed=1, dealer_rotation="against_play_direction")


def test_several_match_options_without_a_match_are_named_in_the_plural() -> None:
    with pytest.raises(
        RulesError,
        match=r"^dealer_rotation, cappotto_wins_match are match options: pass match=True or a",
    ):
        simulate(
            "classic",
            _players(2),
            2,
            seed=1,
            dealer_rotation="against_play_direction",
            cappotto_wins_match=True,
        )


def test_a_search_player_in_a_pool() -> None:
    players: list[briscola.Player] = [SearchPlayer(1, worlds=1), GreedyPlayer(2)]
    serial = simulate("classic", players, 2, seed=8)
    with ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate("classic", players, 2, seed=8, executor=pool, chunk=1).games == (
            serial.games
        )


class _Locked:
    """A player that holds a lock, which cannot be copied, and has no ``with_seed``."""

    def __init__(self) -> None:
        self.lock = threading.Lock()

    def __call__(self, view: View) -> Move:
        return view.legal_moves[0]


class _Forgetful(RandomPlayer):
    """A bot whose ``with_seed`` forgets to return the new player."""

    def with_seed(self, seed: int) -> Any:
        RandomPlayer(seed)


def _run() -> Simulation:
    return simulate("classic", _players(2), 2, seed=1)


def test_huge_seeds_have_a_repr() -> None:
    run = simulate("classic", [GreedyPlayer(seed=10**5000), RandomPlayer(1)], 1, seed=10**5000)
    shown = repr(run)
    assert "GreedyPlayer(seed=<an integer of 16610 bits>)" in shown
    assert "seed=<an integer of 16610 bits>, match_format" in shown
    with pytest.raises(RulesError, match="worlds=<an integer of 16610 bits> is not valid"):
        SearchPlayer(worlds=10**5000)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: simulate("classic", _players(3), 1, seed=1), "2 seats"),
        (lambda: simulate("classic", _players(2), -1, seed=1), "games="),
        (lambda: simulate("classic", _players(2), untyped(2.0), seed=1), "games=2.0"),
        (lambda: simulate("classic", _players(2), untyped(True), seed=1), "games=True"),
        (lambda: simulate("classic", _players(2), 0, seed=untyped("1")), "seed="),
        (lambda: simulate("classic", _players(2), 1, seed=untyped("1")), "seed="),
        (lambda: simulate("classic", _players(2), 1, seed=untyped(None)), "a whole number, not"),
        (lambda: simulate("classic", _players(2), 1, seed=1, chunk=0), "chunk="),
        (lambda: simulate("classic", _players(2), 1, seed=1, chunk=untyped(True)), "chunk=True"),
        (lambda: simulate("classic", _players(2), 1, seed=1, chunk=untyped(2.0)), "chunk=2.0"),
        (lambda: simulate("classic", untyped([1, 2]), 1, seed=1), "callable"),
        (lambda: simulate("classic", untyped("ab"), 1, seed=1), "sequence"),
        (lambda: simulate("classic", _players(2), 1, seed=1, executor=untyped(3)), "Executor"),
        (lambda: simulate("classic", _players(2), 1, seed=1, match=untyped(3)), "match="),
        (
            lambda: simulate("classic", _players(2), 1, seed=1, progress=untyped(Hostile())),
            "progress=<Hostile> is not valid: use True or False",
        ),
        (lambda: simulate("classic", _players(2), 1, seed=1, match="best_of(x)"), "format"),
        (lambda: simulate("nope", _players(2), 1, seed=1), "unknown variant"),  # type: ignore[arg-type]
        (lambda: simulate("classic", untyped([RandomPlayer] * 2), 1, seed=1), "not the class"),
        (lambda: simulate("classic", [_Locked(), RandomPlayer(1)], 1, seed=1), "copied"),
        (
            lambda: simulate("classic", [RandomPlayer(1), _Forgetful(2)], 1, seed=1),
            r"player 1 \(_Forgetful\(seed=2\)\) has a with_seed\(seed\) that returns None, "
            "not a player",
        ),
        (lambda: _run().games[0].points(2), "seat=2 is not a seat"),
        (lambda: _run().games[0].points(untyped("0")), "not a seat"),
        (lambda: _run().summarize(untyped(0)), "list of player indices"),
        (lambda: _run().summarize([0], name=untyped(5)), "name must be text"),
        (lambda: _run().summarize([]), r"indices from 0 to 1, not \[\]"),
        (lambda: _run().summarize(untyped([1.0])), r"indices from 0 to 1, not \[1\.0\]"),
        (lambda: _run().summarize(untyped([True])), r"indices from 0 to 1, not \[True\]"),
    ],
)
def test_bad_arguments(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(RulesError, match=message):
        call()


class _ReturnsItsClass(RandomPlayer):
    """A bot whose ``with_seed`` returns its class rather than a player built from it."""

    def with_seed(self, seed: int) -> Any:
        return RandomPlayer


def test_a_with_seed_that_returns_a_class_is_named() -> None:
    # Called with a view, the class would build a player, not choose a move.
    with pytest.raises(
        RulesError,
        match=r"player 1 \(_ReturnsItsClass\(seed=2\)\) has a with_seed\(seed\) that returns "
        r"<class 'briscola.players.RandomPlayer'>, not a player",
    ):
        simulate("classic", [RandomPlayer(1), _ReturnsItsClass(2)], 1, seed=1)


def test_a_player_that_cheats_is_named() -> None:
    def cheat(view: View) -> Move:
        return briscola.Pass()

    with pytest.raises(IllegalMoveError, match="player 1"):
        simulate("classic", [RandomPlayer(1), cheat], 1, seed=1)


def test_a_player_that_answers_with_no_move_is_named_without_comparing_it() -> None:
    def hostile(view: View) -> Move:
        move: Move = untyped(Hostile())  # its __eq__, __repr__ and __getattr__ raise
        return move

    with pytest.raises(
        IllegalMoveError, match=r"player 1 \(<function .*\) at seat 1 chose <Hostile>"
    ):
        simulate("classic", [RandomPlayer(1), hostile], 1, seed=1)


class _Unprintable(RandomPlayer):
    """A player whose ``repr`` fails."""

    def __repr__(self) -> str:
        raise KeyError("repr")


class _Verbose(RandomPlayer):
    """A player whose ``repr`` runs long."""

    def __repr__(self) -> str:
        return "Verbose(" + "x" * 10_000 + ")"


def test_each_player_is_named_by_a_bounded_repr_even_when_its_repr_fails() -> None:
    run = simulate("classic", [_Unprintable(1), _Verbose(2)], 2, seed=1)
    assert run.players[0] == "<_Unprintable>"
    assert run.players[1].startswith("Verbose(xxx")
    assert len(run.players[1]) == 200
    assert [summary.name for summary in run.summary] == list(run.players)


def test_progress_is_off_without_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    run = simulate("classic", _players(2), 3, seed=1, progress=True)
    assert len(run.games) == 3
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_gives_the_same_games_and_leaves_the_global_random_alone() -> None:
    from briscola.ray_executor import RayExecutor

    serial = simulate("classic", _players(2), 12, seed=7)
    before = random.getstate()
    with RayExecutor(num_cpus=2, include_dashboard=False, log_to_driver=False) as executor:
        remote = simulate("classic", _players(2), 12, seed=7, executor=executor, chunk=5)
        later = executor.submit(time.sleep, 0.5)
    assert random.getstate() == before
    assert remote.games == serial.games
    assert later.done()  # leaving the block waited for it
    assert later.result(timeout=0) is None


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_cancels_the_work_of_the_ray_it_stops_without_waiting() -> None:
    import ray

    from briscola.ray_executor import RayExecutor

    if ray.is_initialized():
        pytest.skip("Ray is running in this process: the executor would not stop it")
    executor = RayExecutor(num_cpus=1, include_dashboard=False, log_to_driver=False)
    running = executor.submit(time.sleep, 60)
    executor.shutdown(wait=False)
    assert not ray.is_initialized()
    assert wait([running], timeout=5).done == {running}
    with pytest.raises(CancelledError):
        running.result(timeout=0)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_refuses_an_address_that_is_not_text_and_options_it_does_not_take() -> None:
    import ray

    from briscola.ray_executor import RayExecutor

    for address in (5, b"auto", 1.5):
        with pytest.raises(RulesError, match="address must be text such as 'auto', or None"):
            RayExecutor(untyped(address))
    for name in ("num_cpus", "num_gpus"):
        # Ray itself refuses them only after starting processes that it leaves running.
        with pytest.raises(RulesError, match=rf"^{name}=-1 is not valid: use a number from 0 up"):
            RayExecutor(None, **{name: -1})
    if ray.is_initialized():
        pytest.skip("Ray is running in this process: the executor would not start it")
    with pytest.raises(RulesError, match=r"Ray could not start: .*bogus"):
        RayExecutor(bogus=1)  # refused before Ray starts anything
    assert not ray.is_initialized()


def test_an_executor_that_has_been_shut_down_is_refused() -> None:
    threads = ThreadPoolExecutor(max_workers=1)
    threads.shutdown()
    with pytest.raises(RulesError, match="the executor takes no more work: cannot schedule"):
        simulate("classic", _players(2), 3, seed=1, executor=threads)


class _Misbehaving(Executor):
    """An executor that runs each piece of work at once and spoils what it gives back."""

    def __init__(self, spoil: Callable[[Future[Any]], object]) -> None:
        self.spoil = spoil

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return self.spoil(future)


def _result(value: object) -> Future[Any]:
    future: Future[Any] = Future()
    future.set_result(value)
    return future


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda future: 42, "submit\\(\\) must return a concurrent.futures.Future, not int"),
        (lambda future: _result(7), "did not give back games 0 to 1"),
        (lambda future: _result(()), "did not give back games 0 to 1"),
        (lambda future: _result("ab"), "did not give back games 0 to 1"),
        (lambda future: _result(future.result()[::-1]), "did not give back games 0 to 1"),
        (lambda future: _result(future.result()[:1]), "did not give back games 0 to 1"),
        (
            lambda future: _result(simulate("classic", _players(2), 2, seed=99).games),
            "did not give back games 0 to 1",
        ),
        (
            lambda future: _result(
                tuple(attrs.evolve(game, seats=game.seats[::-1]) for game in future.result())
            ),
            "did not give back games 0 to 1",
        ),
        (
            lambda future: _result(
                tuple(attrs.evolve(game, index=game.index + 2) for game in future.result())
            ),
            "did not give back games 0 to 1",
        ),
    ],
    ids=[
        "not a future",
        "not a tuple",
        "no games",
        "text",
        "reversed",
        "one game short",
        "another run's games",
        "seats turned",
        "renumbered",
    ],
)
def test_an_executor_that_spoils_the_work_is_refused(
    spoil: Callable[[Future[Any]], object], message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        simulate("classic", _players(2), 2, seed=1, executor=_Misbehaving(spoil), chunk=2)


def test_an_executor_that_fails_to_say_its_workers_gets_the_default_chunk() -> None:
    class Odd(_Misbehaving):
        @property
        def _max_workers(self) -> int:
            raise KeyError("workers")

    run = simulate("classic", _players(2), 3, seed=1, executor=Odd(lambda future: future))
    assert run.games == simulate("classic", _players(2), 3, seed=1).games


class _Counted(_Misbehaving):
    """An executor that says it has `workers` workers and counts the work it is given."""

    def __init__(self, workers: object) -> None:
        super().__init__(lambda future: future)
        self._max_workers = workers
        self.sizes: list[int] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        start, stop = args
        self.sizes.append(stop - start)
        return super().submit(fn, *args, **kwargs)


@pytest.mark.parametrize(
    ("workers", "sizes"),
    [(2, [10] * 8), (3, [7] * 11 + [3]), (0, [64, 16]), (-1, [64, 16]), (1.5, [64, 16])],
)
def test_the_default_chunk_is_about_four_per_worker(workers: object, sizes: list[int]) -> None:
    # A worker count that is no whole number from 1 gets chunks of 64 games.
    executor = _Counted(workers)
    run = simulate("classic", [RandomPlayer(1), RandomPlayer(2)], 80, seed=1, executor=executor)
    assert executor.sizes == sizes
    assert [game.index for game in run.games] == list(range(80))


@pytest.mark.parametrize("threads", [None, 2])
def test_the_progress_bar_counts_every_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], threads: int | None
) -> None:
    pytest.importorskip("tqdm")
    monkeypatch.setattr(briscola.simulation, "_stderr_is_a_terminal", lambda: True)
    if threads is None:
        simulate("classic", _players(2), 5, seed=1, progress=True)
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            simulate("classic", _players(2), 5, seed=1, progress=True, executor=pool, chunk=2)
    shown = capsys.readouterr().err
    assert "5/5" in shown
    assert shown.endswith("\n")  # closed: the line of the bar is finished


def test_a_progress_bar_without_tqdm_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(briscola.simulation, "_stderr_is_a_terminal", lambda: True)
    monkeypatch.setitem(sys.modules, "tqdm", None)  # as if it were not installed
    with pytest.raises(
        ModuleNotFoundError,
        match=r"^a progress bar needs tqdm: pip install 'briscola\[progress\]'$",
    ):
        simulate("classic", _players(2), 5, seed=1, progress=True)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_takes_no_work_after_shutdown_instead_of_starting_ray_again() -> None:
    import ray

    from briscola.ray_executor import RayExecutor

    if ray.is_initialized():
        pytest.skip("Ray is running in this process: the executor would not stop it")
    with RayExecutor(num_cpus=1, include_dashboard=False, log_to_driver=False) as executor:
        assert executor.submit(pow, 2, 5).result() == 32
    assert not ray.is_initialized()
    with pytest.raises(RuntimeError, match="cannot schedule new futures after shutdown"):
        executor.submit(pow, 2, 5)
    assert not ray.is_initialized()
    with pytest.raises(RulesError, match="the executor takes no more work"):
        simulate("classic", _players(2), 3, seed=1, executor=executor)


class _LockedReseeded(_Locked):
    """A player holding a lock, which no serializer sends, with a ``with_seed``."""

    def with_seed(self, seed: int) -> _LockedReseeded:
        return _LockedReseeded()


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_gives_the_library_errors_as_a_process_pool_does() -> None:
    import ray

    from briscola.ray_executor import RayExecutor

    if ray.is_initialized():
        pytest.skip("Ray is running in this process: the executor would not start it")
    # No address="auto" here: the cluster another test is running would answer.
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    started = time.monotonic()
    for address in (f"127.0.0.1:{free}", f"ray://127.0.0.1:{free}"):
        with pytest.raises(RulesError, match=f"nothing answers at '{address}'"):
            RayExecutor(address=address)  # Ray would try for minutes
    assert time.monotonic() - started < 30
    # A player the workers can import that answers with its moves, not one of them.
    players = [untyped(operator.attrgetter("legal_moves")), briscola.RandomPlayer(1)]
    with (
        ProcessPoolExecutor(max_workers=1) as processes,
        pytest.raises(briscola.IllegalMoveError) as in_processes,
    ):
        simulate("classic", players, 2, seed=1, executor=processes)
    with RayExecutor(num_cpus=1, include_dashboard=False, log_to_driver=False) as executor:
        with pytest.raises(briscola.IllegalMoveError) as in_ray:
            simulate("classic", players, 2, seed=1, executor=executor)
        assert str(in_ray.value) == str(in_processes.value)
        with pytest.raises(RulesError, match="Ray cannot send this work to its workers"):
            simulate("classic", [_LockedReseeded()] * 2, 2, seed=1, executor=executor)
        slow = executor.submit(time.sleep, 30)
        assert slow.cancel()
        assert slow.cancelled()
        assert wait([slow], timeout=5).done == {slow}
        left = executor.submit(time.sleep, 30)
        executor.shutdown(cancel_futures=True)
    assert left.cancelled()


def test_a_player_a_process_pool_cannot_take_is_named_at_once() -> None:
    def first(view: View) -> Move:
        return view.legal_moves[0]

    with (
        ProcessPoolExecutor(max_workers=1) as processes,
        pytest.raises(RulesError, match=r"player 0 .* cannot be sent to a process pool"),
    ):
        simulate("classic", [first, RandomPlayer(1)], 2, seed=1, executor=processes)


class _FailsOnce:
    """Raises on its first move of the run, then plays on."""

    def __init__(self) -> None:
        self.failed = False

    def with_seed(self, seed: int) -> _FailsOnce:
        return self  # one player over every game

    def __call__(self, view: briscola.View) -> briscola.Move:
        if not self.failed:
            self.failed = True
            raise ValueError("a broken player")
        return view.legal_moves[0]


class _Counting:
    """Counts its moves; once `broken` has failed, waits for `gate` before each move, so
    that the game the worker is playing when the failure is seen cannot end before the
    games after it have been cancelled (whatever the threads' timing)."""

    def __init__(self, broken: _FailsOnce, gate: threading.Event) -> None:
        self.moves = 0
        self.lock = threading.Lock()
        self.broken = broken
        self.gate = gate

    def with_seed(self, seed: int) -> _Counting:
        return self  # one count over every game

    def __call__(self, view: briscola.View) -> briscola.Move:
        if self.broken.failed:
            assert self.gate.wait(timeout=60)
        with self.lock:
            self.moves += 1
        return view.legal_moves[0]


def test_a_failing_game_cancels_the_games_not_yet_started() -> None:
    broken, gate = _FailsOnce(), threading.Event()
    counting = _Counting(broken, gate)
    with ThreadPoolExecutor(max_workers=1) as pool:
        with pytest.raises(ValueError, match="a broken player"):
            simulate("classic", [broken, counting], 40, seed=1, executor=pool, chunk=1)
        gate.set()  # let the game in progress, if any, finish
    # At most one move in the failing game and the one game the worker may have started
    # before the failure was seen: the other 38 were cancelled.
    assert counting.moves <= 1 + 20


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_refuses_bad_addresses_and_options_with_the_library_error() -> None:
    import ray

    from briscola.ray_executor import RayExecutor

    if ray.is_initialized():
        pytest.skip("Ray is running in this process: the executor would not start it")
    for address in (f"127.0.0.1:{2**70}", "\ud800:80"):  # no such port; no such host name
        unanswered = re.escape(f"Ray could not start: nothing answers at {quote(address)}: ")
        with pytest.raises(RulesError, match=rf"^{unanswered}\S"):
            RayExecutor(address=address)
    with pytest.raises(RulesError, match=r"^Ray could not start: ") as malformed:
        RayExecutor(address="127.0.0.1:abc")
    # A port that is not a number is Ray's to explain: nothing was asked at it.
    assert "nothing answers" not in str(malformed.value)
    assert malformed.value.__suppress_context__  # Ray's traceback stays out of it
    assert not ray.is_initialized()


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_address_check_reaches_what_listens_behind_the_client_scheme() -> None:
    from briscola.ray_executor import _unanswered

    assert _unanswered("auto") is None  # Ray finds that cluster itself
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        port = listener.getsockname()[1]
        assert _unanswered(f"127.0.0.1:{port}") is None
        assert _unanswered(f"ray://127.0.0.1:{port}") is None
    if not socket.has_ipv6:
        return
    with socket.socket(socket.AF_INET6) as listener:
        try:
            listener.bind(("::1", 0))
        except OSError:
            return
        listener.listen()
        port = listener.getsockname()[1]
        assert _unanswered(f"[::1]:{port}") is None
        assert _unanswered(f"ray://[::1]:{port}") is None


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")
def test_ray_frees_a_cancelled_task_and_stops_only_the_ray_it_started() -> None:
    import ray

    from briscola.ray_executor import RayExecutor

    if ray.is_initialized():
        pytest.skip("Ray is running in this process: the executor would not start it")
    earlier = RayExecutor(num_cpus=1, include_dashboard=False, log_to_driver=False)
    earlier.shutdown()
    with RayExecutor(num_cpus=1, include_dashboard=False, log_to_driver=False) as executor:
        earlier.shutdown()  # the Ray running now is not the one it started
        assert ray.is_initialized()
        assert executor.submit(int, "ff", base=16).result(timeout=60) == 255
        slow = executor.submit(time.sleep, 600)
        assert slow.cancel()
        assert slow.cancel()  # cancelling again changes nothing
        assert slow.cancelled()
        # The only CPU is free again: the cancelled task does not hold it. (Ray may start a
        # new worker process for the next task, which takes a while on a busy machine.)
        assert executor.submit(pow, 2, 5).result(timeout=120) == 32
        # Ray's own first line says what it could not send.
        with pytest.raises(RulesError, match=r"^Ray cannot send this work .*\.\.\.\): '.+'$"):
            executor.submit(_Locked(), None)
    assert not ray.is_initialized()
