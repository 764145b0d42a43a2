"""``briscola play`` and ``briscola arena``, driven end to end as separate processes.

The human's moves come from a scripted standard input. The script does not know the cards
in advance, so at every prompt it offers lines in turn (a pass, a bid, a suit, every card
of the deck) until one is legal: typos and illegal moves are answered and the game goes on.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import briscola
from briscola import RulesError
from briscola.terminal import make_player, play, run_arena
from helpers import Hostile, untyped

ROOT = Path(__file__).resolve().parent.parent
CARDS = [str(card) for card in briscola.DECK]
# Everything a human might answer, over and over: the first legal line is taken each time.
SCRIPT = "\n".join((["pass", "bid 2", "points 61", "suit D", "show hand", *CARDS]) * 60) + "\n"


def _run(*argv: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run(
        [sys.executable, "-m", "briscola", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )


@pytest.mark.parametrize(
    ("variant", "seat"),
    [("classic", 0), ("chiamata", 1), ("bugiarda", 2), ("classic-4", 3), ("briscolone", 1)],
)
def test_a_whole_deal(variant: str, seat: int) -> None:
    done = _run("play", "--variant", variant, "--seat", str(seat), "--seed", "4", stdin=SCRIPT)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    out = done.stdout
    assert f"you are seat {seat}" in out
    assert "Seed 4: the same seed deals the same game again." in out
    assert "your moves:" in out
    # The end: the finished deal as the human sees it, then what it means for them.
    final = out[out.rindex(f"{variant} · dealer") :].splitlines()
    assert final[0].endswith(" · over")
    assert final[-2].startswith("points: ")
    assert " game points " in final[-2]
    assert final[-1].startswith(("You won the deal", "You lost the deal", "No side won"))
    assert "is not legal now" in out  # the script's wrong guesses were answered


def test_the_end_of_a_chiamata_deal_says_who_called_what_and_the_sides_points() -> None:
    done = _run("play", "--variant", "chiamata", "--seed", "4", stdin=SCRIPT)
    final = done.stdout[done.stdout.rindex("chiamata · dealer") :]
    assert " called " in final
    assert "; partner seat " in final


def test_the_end_of_a_partnership_deal_gives_each_sides_points() -> None:
    done = _run("play", "--variant", "classic-4", "--seed", "4", stdin=SCRIPT)
    final = done.stdout[done.stdout.rindex("classic-4 · dealer") :]
    assert "points: 0+2 " in final
    assert ", 1+3 " in final


def test_a_game_without_a_seed_says_its_seed_and_the_seed_replays_it() -> None:
    first = _run("play", stdin="")
    seed = first.stdout.split("Seed ", 1)[1].split(":", 1)[0]
    again = _run("play", "--seed", seed.replace(",", ""), stdin="")
    assert again.stdout == first.stdout


def test_table_rules_with_option() -> None:
    done = _run(
        "play", "--variant", "classic-4", "--seed", "4", "--option", "seven_swap=true", stdin=""
    )
    assert done.returncode == 0, done.stderr
    assert "your moves: 7C, 5S, 6B, swap 7C" in done.stdout
    done = _run("play", "--option", "dealer_rotation=fixed", stdin="")
    assert done.returncode == 2
    assert done.stderr == "briscola: dealer_rotation is a match option: add --match\n"
    done = _run("play", "--match", "--option", "dealer_rotation=against_play_direction", stdin="")
    assert done.returncode == 0, done.stderr
    done = _run("play", "--option", "seven_swap=perhaps", stdin="")
    assert done.returncode == 2
    assert "seven_swap" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("name", ["seed", "seat", "opponents", "match", "stdin"])
def test_an_option_named_as_an_argument_of_play_is_unknown(name: str) -> None:
    done = _run("play", "--option", f"{name}=1", stdin="")
    assert done.returncode == 2
    assert f"argument --option: unknown option '{name}'" in done.stderr
    assert "internal error" not in done.stderr


@pytest.mark.parametrize("name", ["seed", "jobs", "games", "names", "progress"])
def test_an_option_named_as_an_argument_of_arena_is_unknown(name: str) -> None:
    done = _run("arena", "--games", "1", "--option", f"{name}=1")
    assert done.returncode == 2
    assert f"argument --option: unknown option '{name}'" in done.stderr


def test_a_deal_annulled_as_dealt_is_shown_once_and_a_match_says_so() -> None:
    # §2.5.6: the deal ends as it is dealt; a match goes on to the next deal.
    out = io.StringIO()
    play(
        "chiamata", seed=17, seat=1, annul_zero_point_hand=True, stdin=io.StringIO(""), stdout=out
    )
    assert out.getvalue().count("chiamata · dealer 4 · over") == 1
    assert out.getvalue().rstrip().endswith("The deal is void.")
    out = io.StringIO()
    play(
        "chiamata",
        seed=141,
        seat=1,
        match=True,
        annul_zero_point_hand=True,
        stdin=io.StringIO(""),
        stdout=out,
    )
    assert "Deal 1 was annulled as it was dealt: a hand held no card points." in out.getvalue()
    assert "match fixed_deals(5) · deal 2 · " in out.getvalue()


def test_many_claims_are_folded_in_every_list_of_moves() -> None:
    done = _run(
        "play", "--variant", "bugiarda", "--seed", "5", "--seat", "2", stdin="moves\nxyz\n7C\n"
    )
    shown = [line for line in done.stdout.splitlines() if "declare has CARD" in line]
    assert len(shown) == 4  # the table, moves, the typo, the illegal move
    assert all("declare has CARD or declare lacks CARD (80 claims" in line for line in shown)
    assert all(len(line) < 200 for line in shown)


def test_the_human_sees_only_its_own_hand() -> None:
    done = _run("play", "--variant", "classic", "--seed", "4", stdin="")
    state = briscola.new_game("classic", seed=4)
    hidden = " ".join(str(card) for card in state.hands[1])
    assert hidden not in done.stdout
    assert " ".join(str(card) for card in state.hands[0]) in done.stdout


def test_typos_help_and_eof() -> None:
    done = _run("play", "--seed", "3", stdin="help\nxyz\nmoves\ntable\n")
    assert done.returncode == 0
    assert "Type a move" in done.stdout
    assert "I cannot read 'xyz' as a move" in done.stdout
    assert done.stdout.count("classic · dealer") == 2  # the table, and again on request
    assert done.stdout.rstrip().endswith("Goodbye.")
    assert done.stderr == ""


def test_quit() -> None:
    done = _run("play", "--seed", "3", stdin="quit\n")
    assert done.returncode == 0
    assert "Goodbye." in done.stdout


def test_a_whole_match() -> None:
    done = _run("play", "--variant", "classic", "--seed", "5", "--match", stdin=SCRIPT * 3)
    assert done.returncode == 0, done.stderr
    assert "Match: best_of(3)" in done.stdout
    assert "match best_of(3) · deal 2 · deals won " in done.stdout  # before each new deal
    assert re.search(r"The match is over: .* won \(deals won ./.; totals .*\)\.", done.stdout)


def test_search_opponents() -> None:
    done = _run(
        "play", "--variant", "classic", "--opponents", "search", "--seed", "2", stdin=SCRIPT
    )
    assert done.returncode == 0, done.stderr
    assert "classic · dealer 1 · over" in done.stdout


def test_the_opponents_are_named_in_any_case_as_arena_names_its_players() -> None:
    done = _run("play", "--opponents", " Greedy", "--seed", "2", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "you are seat 0; the other seat is a greedy bot." in done.stdout


def test_the_intro_counts_the_other_seats() -> None:
    out = io.StringIO()
    play("classic-4", opponents="random", seed=1, stdin=io.StringIO(""), stdout=out)
    assert "you are seat 0; the other seats are random bots." in out.getvalue()
    out = io.StringIO()
    play("classic", opponents="random", seed=1, stdin=io.StringIO(""), stdout=out)
    assert "you are seat 0; the other seat is a random bot." in out.getvalue()


def test_bad_arguments_exit_2() -> None:
    done = _run("play", "--variant", "nope")
    assert done.returncode == 2
    assert "unknown variant" in done.stderr
    assert "Traceback" not in done.stderr
    done = _run("play", "--seat", "5")
    assert done.returncode == 2
    assert "seat=5 is not a seat of 'classic'" in done.stderr
    done = _run("arena", "--players", "greedy,smart")
    assert done.returncode == 2
    assert "unknown bot 'smart'" in done.stderr


def test_arena() -> None:
    done = _run("arena", "--variant", "classic", "--players", "greedy,random", "--games", "20")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("player")
    assert lines[1].startswith("0: greedy")
    assert lines[2].startswith("1: random")
    assert "classic, 20 games, seed 1" in done.stdout


def test_arena_takes_table_rules() -> None:
    done = _run(
        "arena", "--variant", "chiamata", "--option", "players=6", "--games", "6", "--seed", "2"
    )
    assert done.returncode == 0, done.stderr
    assert "5: random " in done.stdout
    assert done.stdout.rstrip().endswith("chiamata, 6 games, seed 2; 0 games without a winner")
    expected = run_arena(
        briscola.rules("chiamata", players=6), ["greedy", "random"], 6, seed=2, progress=False
    )
    assert done.stdout.rstrip() == expected
    done = _run("arena", "--option", "dealer_rotation=against_play_direction", "--games", "2")
    assert done.returncode == 2
    assert done.stderr == (
        "briscola: dealer_rotation is a match option: arena plays single deals\n"
    )


def test_arena_plays_the_games_of_its_seed() -> None:
    done = _run("arena", "--players", "greedy,random", "--games", "6", "--seed", "5")
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_arena("classic", ["greedy", "random"], 6, seed=5) + "\n"
    assert "classic, 6 games, seed 5" in done.stdout
    assert done.stdout != run_arena("classic", ["greedy", "random"], 6, seed=1) + "\n"


def test_arena_with_jobs_gives_the_same_table() -> None:
    argv = ("arena", "--variant", "chiamata", "--players", "greedy,random", "--games", "10")
    serial = _run(*argv)
    pooled = _run(*argv, "--jobs", "2")
    assert serial.returncode == pooled.returncode == 0, pooled.stderr
    assert serial.stdout == pooled.stdout
    # Chiamata's sides are made by each call: no bot's seats are pooled.
    assert "pooled by bot" not in serial.stdout
    assert "greedy: not pooled, its seats are not always partners" in serial.stdout


@pytest.mark.parametrize(
    ("variant", "names", "pooled"),
    [
        ("classic-4", ["greedy", "random"], True),  # seats 0, 2 and 1, 3: partners
        ("classic-6", ["greedy", "random"], True),
        ("classic-4", ["greedy", "random", "random"], False),  # greedy at 0 and 3
        ("classic-3", ["greedy", "random"], False),  # greedy at 0 and 2, every man for himself
        ("chiamata", ["greedy", "random"], False),
    ],
)
def test_arena_pools_a_bot_only_when_its_seats_are_always_partners(
    variant: briscola.VariantId, names: list[str], pooled: bool
) -> None:
    table = run_arena(variant, names, 4, progress=False)
    assert ("pooled by bot (each game once: a win if its side won)" in table) is pooled
    assert ("not pooled, its seats are not always partners" in table) is not pooled
    if pooled:  # each pooled row is one side, so the wins of the two rows add up
        rows = [line.split() for line in table.splitlines() if line.startswith(tuple(names))]
        undecided = int(table.rsplit("; ", 1)[1].split()[0])
        assert sum(int(row[2]) for row in rows) + undecided == 4


def test_arena_counts_one_game_in_the_singular() -> None:
    assert "classic, 1 game, seed 1; " in run_arena("classic", ["random"], 1, progress=False)


def test_play_in_process() -> None:
    out = io.StringIO()
    status = play("classic", seed=1, stdin=io.StringIO(SCRIPT), stdout=out)
    assert status == 0
    assert "classic · dealer 1 · over" in out.getvalue()
    out = io.StringIO()
    table = briscola.rules("classic-4", signals=True)
    play(table, seed=1, stdin=io.StringIO(""), stdout=out, no_signals_first_trick=False)
    assert "your moves: 4C, AS, QS, signal " in out.getvalue()
    with pytest.raises(RulesError, match="dealer_rotation is a match option: pass match=True"):
        play("classic", dealer_rotation="fixed", stdin=io.StringIO(""), stdout=io.StringIO())


def test_in_process_errors() -> None:
    with pytest.raises(RulesError, match="unknown bot"):
        make_player("nobody", 1)
    with pytest.raises(RulesError, match="at least one player"):
        run_arena("classic", [], 1)
    with pytest.raises(RulesError, match="jobs="):
        run_arena("classic", ["greedy"], 1, jobs=0)
    with pytest.raises(RulesError, match="from 1 to 256"):
        run_arena("classic", ["greedy"], 1, jobs=100_000)
    with pytest.raises(RulesError, match="seed="):
        play("classic", seed=untyped("x"), stdin=io.StringIO(""), stdout=io.StringIO())


@pytest.mark.parametrize(
    "names",
    [7, "greedy", None, [None, "random"], (b"greedy",), pytest.param(Hostile(), id="hostile")],
)
def test_arena_names_must_be_a_list_of_text(names: object) -> None:
    with pytest.raises(RulesError, match=r"names must be a list of bot names"):
        run_arena("classic", untyped(names), 1, progress=False)


@pytest.mark.parametrize("flag", [pytest.param(Hostile(), id="hostile"), 1, None, "yes"])
def test_flags_must_be_true_or_false(flag: object) -> None:
    with pytest.raises(RulesError, match=r"progress=.* is not valid: use True or False"):
        run_arena("classic", ["random"], 1, progress=untyped(flag))
    with pytest.raises(RulesError, match=r"match=.* is not valid: use True or False"):
        play("classic", match=untyped(flag), stdin=io.StringIO(""), stdout=io.StringIO())


@pytest.mark.parametrize(
    ("stream", "method"), [("stdin", "readline"), ("stdout", "write"), ("stdout", "flush")]
)
def test_play_refuses_a_stream_it_cannot_use_before_dealing(stream: str, method: str) -> None:
    class Partial(io.StringIO):
        """A stream without ``method``."""

    setattr(Partial, method, None)
    streams: dict[str, object] = {"stdin": io.StringIO(""), "stdout": io.StringIO()}
    for value in (Partial(), Hostile(), 3):
        streams[stream] = value
        with pytest.raises(RulesError, match=rf"{stream} must be a text stream"):
            play("classic", seed=1, **untyped(streams))


def test_play_refuses_binary_streams() -> None:
    class Bytes:
        """Not an io object, but reads bytes."""

        def readline(self, size: int = -1) -> bytes:
            return b"AD\n"

    for stdin, stdout in (
        (io.BytesIO(b"AD\n"), io.StringIO()),
        (io.StringIO("AD\n"), io.BytesIO()),
        (io.BufferedReader(io.BytesIO(b"AD\n")), io.StringIO()),
    ):
        with pytest.raises(RulesError, match="must be a text stream, not a binary one"):
            play("classic", seed=1, stdin=untyped(stdin), stdout=untyped(stdout))
    out = io.StringIO()
    with pytest.raises(RulesError, match="stdin must be a text stream: it gave bytes"):
        play("classic", seed=1, stdin=untyped(Bytes()), stdout=out)
    assert "your move> " in out.getvalue()


def test_an_arena_seed_too_long_to_print_is_shown_by_its_size() -> None:
    table = run_arena("classic", ["random"], 1, seed=10**5000, progress=False)
    assert "seed <an integer of 16610 bits>; " in table


@contextlib.contextmanager
def _children_hear_ctrl_c() -> Iterator[None]:
    """Start processes that act on Ctrl-C even when this suite runs with it ignored (as a
    shell's background job does): an ignored signal stays ignored in a child, a handled one
    does not."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        yield
        return
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_ends_cleanly() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    with _children_hear_ctrl_c():
        process = subprocess.Popen(
            [sys.executable, "-m", "briscola", "play", "--seed", "3"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    assert process.stdout is not None
    seen = ""
    while not seen.endswith("your move> "):
        char = process.stdout.read(1)
        assert char, seen
        seen += char
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert "Interrupted." in out
    assert "Traceback" not in err


def test_arena_refuses_what_it_cannot_show() -> None:
    for argv, error in (
        (["--games", "0"], "games=0 is not valid: use a whole number from 1"),
        (["--games", "99999999999999999999"], "for more, call simulate()"),
        (["--players", "greedy,random,search"], "'classic' has 2 seats: name at most 2"),
    ):
        done = _run("arena", *argv)
        assert done.returncode == 2, argv
        assert error in done.stderr
        assert done.stderr.count("\n") == 1
    one = _run("arena", "--games", "1")
    assert one.returncode == 0, one.stderr
    assert "nan" not in one.stdout
    assert "[n/a]" in one.stdout


def _arena_with_two_workers() -> subprocess.Popen[str]:
    """``briscola arena`` with two workers and more games than a test waits for."""
    return subprocess.Popen(
        [sys.executable, "-m", "briscola", "arena", "--games", "1000000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT / "src")),
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_stops_an_arena_with_workers_at_once() -> None:
    with _children_hear_ctrl_c():
        process = _arena_with_two_workers()
    try:
        time.sleep(3)  # the workers are playing
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C sends: every process of the job
        _, err = process.communicate(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert "Traceback" not in err


@pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="finds the workers in Linux's /proc"
)
def test_sigterm_to_an_arena_stops_its_workers_too() -> None:
    """`kill PID` signals that one process: its workers must not be left playing on."""
    process = _arena_with_two_workers()
    try:
        workers: list[int] = []
        deadline = time.monotonic() + 30
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) == 2
        time.sleep(1)  # the workers are playing
        process.send_signal(signal.SIGTERM)  # to the parent alone
        # The pipes close only once every process holding them is gone.
        _, err = process.communicate(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 143
    assert "Traceback" not in err
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``, from Linux's /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    return found


def test_the_dealer_who_sits_out_is_told_so() -> None:
    done = _run("play", "--variant", "bugiarda-5", "--seat", "4", "--seed", "15")
    assert done.returncode == 0, done.stderr
    assert "your move>" not in done.stdout  # never asked
    assert done.stdout.rstrip().endswith("You dealt and sat out this deal.")


def test_play_answers_unreadable_input_in_plain_text_and_bounds_a_line() -> None:
    out = io.StringIO()
    play("classic", seed=1, stdin=io.StringIO("\udcff\x1b[31m\n"), stdout=out)
    assert "I cannot read '??[31m' as a move" in out.getvalue()
    with pytest.raises(RulesError, match="at most 1000 characters"):
        play("classic", seed=1, stdin=io.StringIO("x" * 5000), stdout=io.StringIO())


def test_play_refuses_a_closed_stream_or_one_it_cannot_read() -> None:
    for name in ("stdin", "stdout"):
        closed = io.StringIO("AD\n")
        closed.close()
        streams: dict[str, object] = {"stdin": io.StringIO("AD\n"), "stdout": io.StringIO()}
        streams[name] = closed
        with pytest.raises(RulesError, match=f"{name} is closed"):
            play("classic", seed=1, **untyped(streams))

    class NoSize:
        """A stream whose readline() takes no size."""

        def readline(self) -> str:
            return "AD\n"

    with pytest.raises(RulesError, match="stdin could not be read as a text stream"):
        play("classic", seed=1, stdin=untyped(NoSize()), stdout=io.StringIO())


def test_progress_is_left_out_without_a_stderr(monkeypatch: pytest.MonkeyPatch) -> None:
    # A program started without a stderr (pythonw, some services) has sys.stderr None.
    monkeypatch.setattr(sys, "stderr", None)
    run = briscola.simulate(
        "classic", [briscola.RandomPlayer(1), briscola.RandomPlayer(2)], 2, seed=1, progress=True
    )
    assert len(run.games) == 2
    assert "random" in run_arena("classic", ["random"], 2, seed=1)


def _played(variant: str, stdin: str, **options: object) -> str:
    out = io.StringIO()
    assert play(untyped(variant), stdin=io.StringIO(stdin), stdout=out, **untyped(options)) == 0
    return out.getvalue()


@pytest.mark.parametrize("name", [7, None, b"greedy"])
def test_make_player_refuses_a_name_that_is_not_text(name: object) -> None:
    with pytest.raises(RulesError, match="unknown bot"):
        make_player(untyped(name), 1)


def test_every_trick_of_the_deal_is_reported_once_in_order() -> None:
    out = _played("classic", SCRIPT, seed=1)
    numbers = [int(n) for n in re.findall(r"\btrick (\d+): \d", out)]
    assert numbers == list(range(1, 21))


def test_a_bots_move_is_reported_before_the_human_is_asked() -> None:
    out = _played("classic", SCRIPT, seed=1)
    lead = out.index("  seat 1: 4B\n")
    taken = out.index("trick 3: 1:4B, 0:AS -> seat 1 takes 11\n")
    assert lead < out.index("trick: 1:4B\n") < taken


def test_a_match_numbers_its_deals_and_annuls_none_that_were_played() -> None:
    out = _played("classic", SCRIPT * 3, seed=5, match=True)
    headers = re.findall(r"^Deal (\d+):$", out, flags=re.MULTILINE)
    assert headers[0] == "2"
    assert headers == [str(n) for n in range(2, len(headers) + 2)]
    assert "annulled" not in out


def test_a_partnership_match_names_both_partners_as_its_winners() -> None:
    out = _played("classic-4", SCRIPT * 10, seed=1, match=True)
    assert "The match is over: seat 0 and seat 2 won (deals won 2/0/2/0;" in out


def test_a_drawn_deal_is_won_by_no_side() -> None:
    """§1.9: 60 card points each, so neither seat wins."""
    out = _played("classic", SCRIPT, seed=154)
    assert out.splitlines()[-2].startswith("points: 60/60")
    assert out.rstrip().endswith("No side won the deal.")


def test_each_move_of_a_bot_is_reported_once_and_the_humans_own_never() -> None:
    out = _played("classic", SCRIPT, seed=1)
    assert out.count("  seat 1: ") == 20
    assert "  seat 0: " not in out


def test_a_line_of_the_longest_length_is_read() -> None:
    out = _played("classic", "x" * 1000 + "\n", seed=1)
    assert "I cannot read '" + "x" * 40 + "…' as a move" in out
    assert out.rstrip().endswith("Goodbye.")


def test_blank_lines_are_skipped() -> None:
    out = _played("classic", "\n   \nmoves\n", seed=1)
    assert "your move> your move> your move> your moves: 2D, 4C, AS\n" in out


def test_commands_have_short_forms_in_any_case() -> None:
    out = _played("classic", "?\nh\nHELP\nm\nMoves\nT\n", seed=1)
    assert out.count("Type a move") == 3
    assert out.count("your moves: 2D, 4C, AS\n") == 4  # the table twice, moves twice
    assert out.count("classic · dealer 1 · trick 1 of 20") == 2


@pytest.mark.parametrize("word", ["quit", "q", "exit", "Quit", " EXIT "])
def test_quit_in_any_form_ends_the_game_at_once(word: str) -> None:
    out = _played("classic", f"{word}\nhelp\n", seed=1)
    assert "Type a move" not in out
    assert out.rstrip().endswith("Goodbye.")


def test_table_in_a_match_shows_the_match_line_too() -> None:
    out = _played("classic", "table\n", seed=1, match=True)
    assert out.count("match best_of(3) · deal 1 · deals won 0/0 · totals 0/0\n") == 2


def test_arena_names_its_bots_in_lower_case() -> None:
    table = run_arena("classic", [" Greedy", "RANDOM"], 1, progress=False)
    assert table.splitlines()[1].startswith("0: greedy ")
    assert table.splitlines()[2].startswith("1: random ")


def test_arena_with_one_bot_name_pools_nothing() -> None:
    table = run_arena("classic-4", ["random"], 2, progress=False)
    assert "pooled" not in table
    assert table.splitlines()[5] == ""


@pytest.mark.parametrize(
    ("variant", "seat", "seed", "end"),
    [
        ("classic", 0, 1, "You lost the deal (-1)."),
        ("classic-3", 1, 4, "You won the deal (+2)."),
        ("classic-3", 2, 1, "You lost the deal (-1)."),
        ("chiamata", 2, 3, "You won the deal (+1)."),
    ],
)
def test_the_end_of_a_deal_gives_the_humans_own_result(
    variant: str, seat: int, seed: int, end: str
) -> None:
    out = _played(variant, SCRIPT, seat=seat, seed=seed)
    assert out.rstrip().endswith(end)
    assert out.rsplit("your hand (", 1)[1].startswith(f"seat {seat}): -\n")


def test_an_unreadable_line_of_40_characters_is_shown_whole() -> None:
    out = _played("classic", "y" * 40 + "\n" + "z" * 41 + "\n", seed=1)
    assert "I cannot read '" + "y" * 40 + "' as a move" in out
    assert "I cannot read '" + "z" * 40 + "…' as a move" in out


@pytest.mark.parametrize("argument", ["games", "jobs"])
def test_arena_refuses_true_as_a_number(argument: str) -> None:
    refused = rf"{argument}=True is not valid: use a whole number from 1 to "
    with pytest.raises(RulesError, match=refused):
        run_arena("classic", ["random"], **untyped({"games": 1, argument: True}))


def test_a_seat_may_be_given_with_a_plus_sign() -> None:
    done = _run("play", "--seat", "+1", "--seed", "2", stdin="quit\n")
    assert done.returncode == 0, done.stderr
    assert "you are seat 1;" in done.stdout


def test_arena_skips_empty_names_in_its_list_of_players() -> None:
    done = _run("arena", "--players", "greedy,, random,", "--games", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[1].startswith("0: greedy ")
    assert lines[2].startswith("1: random ")


def test_an_illegal_move_is_answered_in_the_notation_of_the_moves() -> None:
    out = _played("classic", "play AD\nasso di denari\n", seed=1)
    assert out.count("AD is not legal now. Your moves: 2D, 4C, AS\n") == 2
    assert "play AD is not legal" not in out


def test_several_match_options_without_a_match_are_named_in_the_plural() -> None:
    options = ("--option", "dealer_rotation=fixed", "--option", "cappotto_wins_match=true")
    plural = "dealer_rotation, cappotto_wins_match are match options"
    done = _run("play", *options, stdin="")
    assert (done.returncode, done.stderr) == (2, f"briscola: {plural}: add --match\n")
    done = _run("arena", *options, "--games", "2")
    assert (done.returncode, done.stderr) == (2, f"briscola: {plural}: arena plays single deals\n")
    with pytest.raises(RulesError, match=f"^{plural}: pass match=True$"):
        play(
            "classic",
            dealer_rotation="fixed",
            cappotto_wins_match=True,
            stdin=io.StringIO(""),
            stdout=io.StringIO(),
        )
