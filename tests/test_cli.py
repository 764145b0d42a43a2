"""The ``briscola`` command: ``demo``, ``replay``, ``validate``, ``schema`` and ``variants``.

Most commands are run in-process through `briscola.cli.main`, with their output captured;
the last tests run ``python -m briscola`` as a process, as a user does. A bad input ends
with exit status 2 and one line on stderr, never a traceback.
"""

from __future__ import annotations

import json
import os
import random
import re
import runpy
import subprocess
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Final

import pytest

import briscola
from briscola import VARIANTS, Record
from briscola.cli import main
from briscola.records import MatchRecord
from briscola.serialize import SCHEMA_NAMES, schema
from helpers import PRESET_IDS, untyped

PRESETS: Final = tuple(VARIANTS)
GAME_POINTS: Final = re.compile(r"seat (\d+) ([+-]?\d+)")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command line; return the exit status, stdout and stderr."""
    try:
        status = main(list(argv))
    except SystemExit as stop:  # argparse exits on usage errors
        status = stop.code if isinstance(stop.code, int) else 2
    out, err = capsys.readouterr()
    return status, out, err


def final_game_points(out: str) -> dict[int, int]:
    """The seats and game points of the last "game points" line."""
    lines = [line for line in out.splitlines() if line.startswith("game points")]
    assert lines, out
    return {int(seat): int(delta) for seat, delta in GAME_POINTS.findall(lines[-1])}


@pytest.mark.parametrize("variant", PRESETS)
def test_demo_plays_every_preset(capsys: pytest.CaptureFixture[str], variant: str) -> None:
    status, out, err = run(capsys, "demo", "--variant", variant, "--seed", "3")
    assert status == 0
    assert err == ""
    assert out.rstrip().splitlines()[-1].startswith("game points")
    points = final_game_points(out)
    assert sorted(points) == list(range(VARIANTS[variant].players))
    assert sum(points.values()) == 0  # §1.9: game points are zero-sum
    again = run(capsys, "demo", "--variant", variant, "--seed", "3")
    assert again == (0, out, "")  # seeded: the same game every time


def test_demo_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo")
    assert (status, err) == (0, "")
    assert "game points" in out
    assert len(final_game_points(out)) == 2


def test_demo_with_a_table_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "demo", "--option", "seven_swap=true", "--seed", "11")
    assert (status, err) == (0, "")
    assert "seven_swap=True" in out  # the rules are shown as their repr
    assert "game points" in out
    status, out, err = run(
        capsys,
        "demo",
        "--variant",
        "classic-4",
        "--option",
        "signals=true",
        "--option",
        "win_threshold=70",
        "--dealer",
        "2",
    )
    assert (status, err) == (0, "")
    assert sum(final_game_points(out).values()) == 0


@pytest.mark.parametrize("fmt", [None, "best_of(3)", "fixed_deals(2)"])
def test_demo_match(capsys: pytest.CaptureFixture[str], fmt: str | None) -> None:
    argv = ["demo", "--match"] if fmt is None else ["demo", "--match", fmt]
    status, out, err = run(capsys, *argv)
    assert (status, err) == (0, "")
    assert "match" in out.lower()
    assert out.strip()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--dealer", "5"), "--dealer 5 is not a seat of 'classic': use a seat from 0 to 1"),
        (("--dealer", "2"), "--dealer 2 is not a seat of 'classic': use a seat from 0 to 1"),
        (
            ("--match", "--dealer", "5"),
            "--dealer 5 is not a seat of 'classic': use a seat from 0 to 1, or random",
        ),
        (("--dealer", "random"), "--dealer random draws a match's first dealer: add --match"),
    ],
)
def test_demo_says_which_dealers_it_takes(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    status, _, err = run(capsys, "demo", *argv)
    assert (status, err) == (2, f"briscola: {said}\n")


def test_demo_match_draws_a_random_first_dealer_from_the_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "demo", "--match", "--dealer", "Random", "--seed", "3")
    assert status == 0
    first = briscola.new_match("classic", seed=3, dealer="random").state.dealer
    assert f"deal  1 (dealer {first}):" in out


def test_demo_match_shows_every_deal_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """§2.5.6: the deal after deal 1 is annulled as soon as it is dealt, by the same move."""
    argv = ["demo", "--variant", "chiamata", "--match", "--seed", "20", "--record"]
    argv += [str(tmp_path / "match.txt"), "--option", "annul_zero_point_hand=true"]
    status, out, _ = run(capsys, *argv)
    assert status == 0
    record = MatchRecord.from_text((tmp_path / "match.txt").read_text(encoding="utf-8"))
    deals = [line.split()[1] for line in out.splitlines() if line.startswith("deal ")]
    assert deals == [str(n) for n in range(1, len(record.deals) + 1)]
    assert "deal  2 (dealer 0): points 0/0/0/0/0, void; " in out


@pytest.mark.parametrize(
    ("argv", "shown", "not_shown"),
    [
        (("--variant", "classic"), ["face-up card: 5D, so Denari are trumps"], ["teams:"]),
        (
            ("--variant", "classic-6"),
            ["teams: 0+2+4 against 1+3+5", "out of the deck: 2D 2C 2S 2B"],
            ["no trumps"],
        ),
        (
            ("--variant", "chiamata"),
            [
                "  seat 0: bid 7",
                "  seat 3: pass",
                "seat 4 called 2D for 61 and played with seat 3",
            ],
            ["teams:", "no trumps"],
        ),
        (
            ("--variant", "bugiarda-5"),
            ["seat 4 deals and sits out", "trumps: Bastoni", "  seat 0: declare lacks 3C"],
            ["face-up card:"],
        ),
        (("--variant", "briscolone"), ["no trumps"], ["face-up card:", "teams:"]),
        (
            ("--option", "seven_swap=true", "--seed", "6"),
            ["  seat 0 gives 7C for the face-up JC"],
            [],
        ),
        (
            ("--variant", "chiamata", "--option", "annul_zero_point_hand=true", "--seed", "17"),
            ["result: void deal, to be played again"],
            ["result: no winner"],
        ),
        (("--match", "rounds(2)", "--seed", "1"), ["match won by nobody (a drawn match)"], []),
    ],
    ids=[
        "classic",
        "classic-6",
        "chiamata",
        "bugiarda-5",
        "briscolone",
        "seven swap",
        "void deal",
        "drawn match",
    ],
)
def test_the_demo_says_what_the_table_and_the_moves_add(
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...],
    shown: list[str],
    not_shown: list[str],
) -> None:
    """Teams, cards out of the deck, a dealer who sits out, the trumps or their absence, the
    moves that are not plays, the call of Chiamata, a void deal and a drawn match each have
    their line (seed 3 unless given)."""
    status, out, err = run(capsys, "demo", "--seed", "3", *argv)
    assert (status, err) == (0, "")
    lines = out.splitlines()
    for line in shown:
        assert line in lines
    for start in not_shown:
        assert not any(line.startswith(start) for line in lines)


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--option", "nosuch=1"],
        ["demo", "--option", "seven_swap=maybe"],
        ["demo", "--option", "seven_swap"],
        ["demo", "--variant", "chiamata", "--option", "seven_swap=true"],
        ["demo", "--variant", "poker"],
        ["demo", "--dealer", "9"],
        ["demo", "--seed", "seven"],
        ["demo", "--match", "best_of(x)"],
        ["demo", "--variant", "classic", "--option", "win_threshold=500"],
        ["nosuchcommand"],
        [],
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    capsys: pytest.CaptureFixture[str], argv: Sequence[str]
) -> None:
    status, _, err = run(capsys, *argv)
    assert status == 2
    assert err.strip()
    assert "Traceback" not in err


def test_a_bad_option_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "demo", "--option", "seven_swp=true")
    assert status == 2
    assert "seven_swp" in err
    status, _, err = run(capsys, "demo", "--option", "variant=classic")
    assert status == 2
    assert "choose the variant with --variant, not --option" in err


@pytest.mark.parametrize("variant", ["classic", "classic-4", "chiamata", "bugiarda-5"])
def test_record_then_validate_then_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str
) -> None:
    file = tmp_path / "deal.txt"
    status, demo_out, err = run(
        capsys, "demo", "--variant", variant, "--seed", "5", "--record", str(file)
    )
    assert (status, err) == (0, "")
    assert file.exists()
    record = Record.from_text(file.read_text(encoding="utf-8"))
    assert record.rules == VARIANTS[variant]
    final = record.final_state()
    assert briscola.is_over(final)

    status, out, err = run(capsys, "validate", str(file))
    assert (status, err) == (0, "")
    assert out.strip()

    status, replay_out, err = run(capsys, "replay", str(file))
    assert (status, err) == (0, "")
    # The replay tells the same deal as the demo that recorded it.
    assert final_game_points(replay_out) == final_game_points(demo_out)
    tricks = [line for line in demo_out.splitlines() if line.startswith("trick")]
    assert tricks
    assert tricks == [line for line in replay_out.splitlines() if line.startswith("trick")]
    expected = dict(enumerate(briscola.score(final).deltas))
    assert final_game_points(replay_out) == expected


def test_validate_and_replay_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = briscola.random_playout(briscola.new_game("classic-3", seed=4), random.Random(4))
    for name, value in (("state", state), ("record", Record.from_state(state, White="Anna"))):
        file = tmp_path / f"{name}.json"
        file.write_text(briscola.dumps(value, indent=2), encoding="utf-8")
        for command in ("validate", "replay"):
            status, out, err = run(capsys, command, str(file))
            assert (status, err) == (0, ""), (command, name)
            assert out.strip()


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[1, 2, 3]", "document: expected an object, not a list"),
        ("[" * 10_000, "the text is nested deeper than 32 levels"),
        ('[true, "x"]', "document: expected an object, not a list"),
    ],
)
def test_a_json_array_is_read_as_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, said: str
) -> None:
    (tmp_path / "array.json").write_text(text, encoding="utf-8")
    status, _, err = run(capsys, "validate", str(tmp_path / "array.json"))
    assert (status, err) == (2, f"briscola: {said}\n")


def test_validate_an_unfinished_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = briscola.new_game("classic", seed=4)
    for _ in range(5):
        state = briscola.apply(state, briscola.legal_moves(state)[0])
    file = tmp_path / "unfinished.txt"
    file.write_text(Record.from_state(state).to_text(), encoding="utf-8")
    assert run(capsys, "validate", str(file))[0] == 0
    status, out, err = run(capsys, "replay", str(file))
    assert (status, err) == (0, "")
    assert out.strip()


def _good_record_text() -> str:
    state = briscola.random_playout(briscola.new_game("classic", seed=2), random.Random(2))
    return Record.from_state(state).to_text()


def _illegal_record_text() -> str:
    text = _good_record_text()
    lines = text.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("3."))
    first = briscola.new_game("classic", seed=2)
    held = {str(card) for hand in first.hands for card in hand}
    stranger = next(str(card) for card in first.rules.deck if str(card) not in held)
    head, _, _ = lines[number].partition(",")
    lines[number] = f"{head.split('.')[0]}. {stranger}, {stranger}"
    return "\n".join(lines) + "\n"


BROKEN: Final[dict[str, bytes]] = {
    "garbage": b"this is not a record\n",
    "empty": b"",
    "bad json": b'{"type": "state", "format": 1, ',
    "json of the wrong kind": briscola.dumps(briscola.Pass()).encode(),
    "json view": briscola.dumps(
        briscola.observe(briscola.new_game("classic", seed=1), 0)
    ).encode(),
    "json nonsense": b"{}",
    "illegal move": _illegal_record_text().encode(),
    "bad rules": _good_record_text().replace("rules('classic')", "rules('poker')").encode(),
    "bad dealer": _good_record_text().replace('[Dealer "1"]', '[Dealer "9"]').encode(),
    "not utf-8": b"\xff\xfe\x00\x01 broken bytes",
    "deep json": b"[" * 5000 + b"]" * 5000,
}


@pytest.mark.parametrize("command", ["validate", "replay"])
@pytest.mark.parametrize("name", BROKEN)
def test_a_broken_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, name: str
) -> None:
    file = tmp_path / "broken.txt"
    file.write_bytes(BROKEN[name])
    status, _, err = run(capsys, command, str(file))
    assert status == 2, name
    assert err.strip()
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["validate", "replay"])
def test_a_missing_file_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    status, _, err = run(capsys, command, str(tmp_path / "nowhere.txt"))
    assert status == 2
    assert err.strip()
    status, _, err = run(capsys, command, str(tmp_path))  # a directory
    assert status == 2


def test_variants_lists_every_preset(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "variants")
    assert (status, err) == (0, "")
    listed = [line.split()[0] for line in out.splitlines() if line.strip()]
    assert listed == list(VARIANTS)
    for line in out.splitlines():  # each with its title
        name, title = line.split(maxsplit=1)
        assert title == VARIANTS[name].title
    for variant in PRESET_IDS:
        assert variant in listed


def test_the_module_runs_as_a_program(capsys: pytest.CaptureFixture[str]) -> None:
    saved = sys.argv
    sys.argv = ["briscola", "variants"]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # briscola.__main__ seen before
            with pytest.raises(SystemExit) as stop:
                runpy.run_module("briscola", run_name="__main__")
    finally:
        sys.argv = saved
    assert stop.value.code in (0, None)
    assert "classic" in capsys.readouterr().out


def test_json_documents_from_the_demo_record(tmp_path: Path) -> None:
    file = tmp_path / "deal.txt"
    assert main(["demo", "--seed", "9", "--record", str(file)]) == 0
    record = Record.from_text(file.read_text(encoding="utf-8"))
    assert json.loads(briscola.dumps(record))["type"] == "record"


# --- as a process --------------------------------------------------------------------------

SRC: Final = Path(__file__).resolve().parent.parent / "src"


def process(*argv: str, stdout: int | None = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """Run ``python -m briscola`` with this tree's code, as a user would."""
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "briscola", *argv],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        timeout=120,
        check=False,
    )


def test_version_as_a_process() -> None:
    done = process("--version")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.strip() == f"briscola {briscola.__version__}"


@pytest.mark.parametrize(
    "environment",
    [{"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}, {"PYTHONIOENCODING": "ascii"}],
)
@pytest.mark.parametrize(
    ("argv", "stdin"),
    [(("demo", "--variant", "chiamata"), ""), (("play", "--opponents", "random"), "è\nquit\n")],
)
def test_an_ascii_terminal_gets_question_marks_not_an_error(
    environment: dict[str, str], argv: tuple[str, ...], stdin: str
) -> None:
    """A C locale (or an ASCII stream) cannot show "·" or read "è": they become "?"."""
    settings = {key: value for key, value in os.environ.items() if key != "PYTHONIOENCODING"}
    settings.update(PYTHONPATH=str(SRC), **environment)
    done = subprocess.run(
        [sys.executable, "-m", "briscola", *argv],
        input=stdin.encode(),
        capture_output=True,
        env=settings,
        timeout=120,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, b"")
    assert b"?" in done.stdout


def test_a_closed_pipe_ends_quietly() -> None:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line is written, as after `head`
    try:
        done = process("demo", "--match", "--variant", "chiamata", stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 141
    assert done.stderr == ""


def test_schema_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "schema")
    assert (status, err) == (0, "")
    assert out.split() == list(SCHEMA_NAMES)
    for name in SCHEMA_NAMES:
        status, out, err = run(capsys, "schema", name)
        assert (status, err) == (0, "")
        assert json.loads(out) == schema(name)
    status, out, err = run(capsys, "schema", "nope")
    assert status == 2
    assert err.startswith("briscola: no schema named 'nope'")


@pytest.mark.parametrize("word", ["true", "TRUE", "True", "yes", "On", "1"])
def test_boolean_options_accept_the_usual_words(
    capsys: pytest.CaptureFixture[str], word: str
) -> None:
    status, out, err = run(capsys, "demo", "--option", f"seven_swap={word}")
    assert (status, err) == (0, "")
    assert "seven_swap=True" in out
    status, out, err = run(
        capsys, "demo", "--option", f"seven_swap={word}", "--option", "two_swap=off"
    )
    assert (status, err) == (0, "")
    assert "two_swap" not in out.splitlines()[0]  # off is the default: not shown


@pytest.mark.parametrize("word", ["yes", "On", "1", "true"])
def test_match_flags_accept_the_usual_words_and_need_a_match(
    capsys: pytest.CaptureFixture[str], word: str, tmp_path: Path
) -> None:
    file = tmp_path / "match.txt"
    option = f"cappotto_wins_match={word}"
    status, _, err = run(capsys, "demo", "--match", "--option", option, "--record", str(file))
    assert (status, err) == (0, "")
    assert MatchRecord.from_text(file.read_text(encoding="utf-8")).cappotto_wins_match is True
    status, out, err = run(capsys, "demo", "--option", option)
    assert (status, out) == (2, "")
    assert err == "briscola: cappotto_wins_match is a match option: add --match\n"


def test_several_match_options_without_a_match_are_named_in_the_plural(
    capsys: pytest.CaptureFixture[str],
) -> None:
    options = ("--option", "dealer_rotation=fixed", "--option", "cappotto_wins_match=true")
    status, out, err = run(capsys, "demo", *options)
    assert (status, out) == (2, "")
    assert err == "briscola: dealer_rotation, cappotto_wins_match are match options: add --match\n"


def test_demo_match_record_then_validate_and_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "match.txt"
    status, out, err = run(capsys, "demo", "--match", "--seed", "4", "--record", str(file))
    assert (status, err) == (0, "")
    record = MatchRecord.from_text(file.read_text(encoding="utf-8"))
    match = record.final_match()
    assert briscola.is_over(match)
    assert len(record.deals) == len(match.results)
    assert (
        out.rstrip().splitlines()[-1]
        == run(capsys, "replay", str(file))[1].rstrip().splitlines()[-1]
    )
    status, out, err = run(capsys, "validate", str(file))
    assert (status, err) == (0, "")
    assert out.startswith(f"{file}: valid match record, rules('classic'), match best_of(3),")
    json_file = tmp_path / "match.json"
    json_file.write_text(briscola.dumps(match), encoding="utf-8")
    status, out, err = run(capsys, "validate", str(json_file))
    assert (status, err) == (0, "")
    assert out.startswith(f"{json_file}: valid JSON match,")


def test_validate_counts_the_deals_and_moves_of_a_match_and_says_whether_it_is_over(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    file = tmp_path / "match.txt"
    status, out, _ = run(capsys, "demo", "--match", "--seed", "4", "--record", str(file))
    assert status == 0
    assert out.splitlines()[0] == "Briscola for two (rules('classic')), match best_of(3), seed 4"
    record = MatchRecord.from_text(file.read_text(encoding="utf-8"))
    assert record.tags == (("Event", "briscola demo, seed 4"),)
    deals, moves = len(record.deals), sum(len(deal) for deal in record.deals)
    assert deals > 1
    status, out, err = run(capsys, "validate", str(file))
    assert (status, err) == (0, "")
    head = f"{file}: valid match record, rules('classic'), match best_of(3)"
    assert out == f"{head}, {deals} deals, {moves} moves, finished\n"
    cut = MatchRecord(record.rules, record.format, record.seed, record.dealer, record.deals[:1])
    file.write_text(cut.to_text(), encoding="utf-8")
    status, out, err = run(capsys, "validate", str(file))
    assert (status, err) == (0, "")
    assert out == f"{head}, 1 deal, {len(record.deals[0])} moves, unfinished\n"


def test_replay_prints_a_match_between_deals_and_one_of_any_seed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A match record that ends with a finished deal, and no section yet for the next
    one, replays like the match it is; a seed too long for decimal digits is printed as
    records write it."""
    match = briscola.new_match("classic", seed=10**4400, format="best_of(3)")
    rng = random.Random(2)
    while not match.results:
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    assert not briscola.is_over(match)
    record = MatchRecord.from_state(match)
    cut = MatchRecord(record.rules, record.format, record.seed, record.dealer, record.deals[:1])
    file = tmp_path / "match.txt"
    file.write_text(cut.to_text(), encoding="utf-8")
    status, out, err = run(capsys, "replay", str(file))
    assert (status, err) == (0, "")
    assert f"seed 0x{10**4400:x}" in out.splitlines()[0]
    assert "== deal 1, dealer seat 1" in out
    assert "== deal 2, dealer seat 0" in out
    assert out.rstrip().splitlines()[-1].startswith("match unfinished; totals ")


def test_validate_names_the_kind_of_document(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = briscola.random_playout(briscola.new_game("classic", seed=4), random.Random(4))
    documents = {
        "state.json": (briscola.dumps(state), "JSON state"),
        "record.json": (briscola.dumps(Record.from_state(state)), "JSON record"),
        "record.txt": (Record.from_state(state).to_text(), "record"),
    }
    for name, (text, kind) in documents.items():
        file = tmp_path / name
        file.write_text(text, encoding="utf-8")
        status, out, err = run(capsys, "validate", str(file))
        assert (status, err) == (0, "")
        assert out.startswith(f"{file}: valid {kind}, rules('classic'), 40 moves, finished")


def test_validate_counts_one_move_as_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = briscola.new_game("classic", seed=4)
    state = briscola.apply(state, briscola.legal_moves(state)[0])
    file = tmp_path / "record.txt"
    file.write_text(Record.from_state(state).to_text(), encoding="utf-8")
    status, out, err = run(capsys, "validate", str(file))
    assert (status, err) == (0, "")
    assert out == f"{file}: valid record, rules('classic'), 1 move, unfinished (play)\n"


HOSTILE: Final[dict[str, bytes]] = {
    "crafted rules tag": _good_record_text()
    .replace("rules('classic')", "rules('classic', signal_tokens=(['ACE'],))")
    .encode(),
    "arabic-indic dealer": _good_record_text().replace('[Dealer "1"]', '[Dealer "١"]').encode(),
    "two byte-order marks": ("\ufeff\ufeff" + _good_record_text()).encode(),
    "match view": briscola.dumps(
        briscola.observe(briscola.new_match("classic", seed=1), 0)
    ).encode(),
    "tampered match": briscola.dumps(briscola.new_match("classic", seed=1))
    .replace('"seed": 1', '"seed": 2')
    .replace('"moves": []', '"moves": [[0, "AD"]]')
    .encode(),
    "huge number": b'{"type": "match", "format": 1, "seed": ' + b"9" * 5000 + b"}",
    "latin-1": '[Event "caff\xe8"]'.encode("latin-1"),
}


@pytest.mark.parametrize("command", ["validate", "replay"])
@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_files_give_one_line_and_status_2_as_a_process(
    tmp_path: Path, command: str, name: str
) -> None:
    file = tmp_path / "hostile"
    file.write_bytes(HOSTILE[name])
    done = process(command, str(file))
    assert done.returncode == 2, name
    assert done.stderr.startswith("briscola: ")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--option", "seven_swap=perhaps"],
        ["demo", "--match", "best_of(٣)"],
        ["demo", "--record", "/nonexistent/folder/file.txt"],
        ["demo", "--match", "--record", "/nonexistent/folder/file.txt"],
        ["schema", "nope"],
        ["demo", "--seed", "seven"],
        ["nosuchcommand"],
        [],
    ],
)
def test_bad_commands_give_one_line_and_status_2_as_a_process(argv: list[str]) -> None:
    done = process(*argv)
    assert done.returncode == 2
    assert done.stderr.startswith("briscola: ")
    assert done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_options_take_a_signed_number_and_a_list_of_tokens(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(
        capsys, "demo", "--variant", "bugiarda", "--option", "first_leader_offset=+1"
    )
    assert status == 0, err
    assert "rules('bugiarda'" in out
    status, out, err = run(
        capsys,
        "demo",
        "--variant",
        "classic-4",
        "--option",
        "signals=true",
        "--option",
        "signal_tokens=ACE, KING",
    )
    assert status == 0, err
    assert "signal_tokens=('ACE', 'KING')" in out


def test_an_indented_document_is_read_whatever_its_layout(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    state = briscola.new_game("classic", seed=4)
    spaced = tmp_path / "spaced.json"
    spaced.write_text(briscola.dumps(state, indent=2) + "\n" * 1_100_000, encoding="utf-8")
    status, out, err = run(capsys, "validate", str(spaced))
    assert (status, err) == (0, "")
    assert out.startswith(f"{spaced}: valid JSON state")


def test_files_are_read_only_as_far_as_a_record_can_go(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    huge = tmp_path / "huge.txt"
    with huge.open("wb") as stream:
        stream.truncate(200_000_000)  # sparse: 200 MB of NUL bytes that take no disk
    status, _, err = run(capsys, "validate", str(huge))
    assert status == 2
    assert "is not UTF-8 text (it holds NUL characters)" in err
    long = tmp_path / "long.txt"
    long.write_text("x" * 3_000_000, encoding="utf-8")
    status, _, err = run(capsys, "validate", str(long))
    assert status == 2
    assert "longer than 1000000 characters" in err
    if Path("/dev/zero").exists():
        status, _, err = run(capsys, "replay", "/dev/zero")
        assert status == 2
        assert err.startswith("briscola: ")


def test_what_a_file_cannot_be_is_said_in_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    move = tmp_path / "move.json"
    move.write_text(briscola.dumps(briscola.parse_move("AD")), encoding="utf-8")
    status, _, err = run(capsys, "validate", str(move))
    assert (status, err) == (
        2,
        f"briscola: {move} holds a move, which cannot be replayed: "
        "give a record, a state or a match\n",
    )
    assert run(capsys, "validate", "") == (2, "", "briscola: give the name of a file\n")
    # Refused before the game is played, not by the system once it is ("Is a directory").
    for match in ([], ["--match"]):
        refused = run(capsys, "demo", *match, "--record", "")
        assert refused == (2, "", "briscola: give the name of a file\n")


def _finished_deal() -> briscola.State:
    return briscola.random_playout(briscola.new_game("classic", seed=1), random.Random(1))


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (briscola.observe(briscola.new_game("classic", seed=1), 0), "a view"),
        (briscola.rules("classic"), "a rules document"),
        (briscola.score(_finished_deal()), "a score"),
        (briscola.observe(briscola.new_match("classic", seed=1), 0), "a match view"),
        (briscola.score(briscola.new_match("classic", seed=1)), "a match score"),
    ],
    ids=["view", "rules", "score", "match view", "match score"],
)
def test_a_document_that_cannot_be_replayed_is_named_by_its_kind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, value: object, kind: str
) -> None:
    file = tmp_path / "document.json"
    file.write_text(briscola.dumps(untyped(value)), encoding="utf-8")
    for command in ("validate", "replay"):
        assert run(capsys, command, str(file)) == (
            2,
            "",
            f"briscola: {file} holds {kind}, which cannot be replayed: "
            "give a record, a state or a match\n",
        )


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_failed_write_names_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "demo", "--record", "/dev/full")
    assert status == 2
    assert err == "briscola: cannot read or write /dev/full: No space left on device\n"


def test_a_closed_standard_output_is_one_line_and_status_2() -> None:
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "demo"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(1),
    )
    assert (done.returncode, done.stderr) == (2, "briscola: the standard output is closed\n")


def test_play_with_a_closed_standard_input_is_one_line_and_status_2() -> None:
    environment = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-m", "briscola", "play"],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
        check=False,
        preexec_fn=lambda: os.close(0),
    )
    assert done.returncode == 2
    assert done.stderr == "briscola: the standard input is closed: play reads your moves from it\n"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("demo", "--seed", "9" * 5000), "--seed: give a whole number of at most 4,300 digits"),
        (("demo", "--dealer", "one"), "--dealer: give a whole number in digits 0 to 9, not 'one'"),
        (("play", "--seat", "1.0"), "--seat: give a whole number in digits 0 to 9, not '1.0'"),
        (("arena", "--players", "greedy", "--games", "1e3"), "--games: give a whole number"),
        (
            ("serve", "--seed", "x" * 5000),
            "--seed: give a whole number in digits 0 to 9, not 'xxx",
        ),
        # As everywhere else in the program: no other script's digits, no separators.
        (("demo", "--seed", "١٢"), "--seed: give a whole number in digits 0 to 9, not '١٢'"),
        (("arena", "--games", "1_000"), "--games: give a whole number in digits 0 to 9"),
        (("play", "--seat", "١"), "--seat: give a whole number in digits 0 to 9, not '١'"),
    ],
)
def test_a_number_argument_that_is_no_whole_number_is_refused_in_one_short_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert said in err
    assert err.count("\n") == 1
    assert len(err) < 200


def test_a_file_name_is_shown_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "validate", "no\nsuch\x1b[0m")
    assert status == 2
    assert err == "briscola: cannot read or write no?such?[0m: No such file or directory\n"


def test_a_valid_file_is_named_on_one_line_too(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    name = tmp_path / "a\nb\x1b[31m.txt"
    name.write_text(briscola.Record.from_state(briscola.new_game("classic", seed=1)).to_text())
    status, out, _ = run(capsys, "validate", str(name))
    assert status == 0
    assert out.count("\n") == 1
    assert out.startswith(f"{tmp_path}/a?b?[31m.txt: valid record, ")


def test_an_unknown_option_before_the_command_points_to_the_programs_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv, hint in ((("--bogus", "demo"), "briscola"), (("demo", "--bogus"), "briscola demo")):
        status, _, err = run(capsys, *argv)
        assert status == 2
        assert err == f"briscola: unrecognized arguments: --bogus (see {hint} --help)\n"


def test_usage_errors_never_echo_a_whole_argument_or_a_control_character(
    capsys: pytest.CaptureFixture[str],
) -> None:
    long = "y" * 100_000
    for argv in (
        ("demo", long),
        ("demo", "\x1b[31mRED", "a", "b", "c", "d", "e", "f"),
        ("serve", "--bot-delay", long),
        ("play", "--opponents", long),
        (long,),
    ):
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "")
        assert len(err) < 400
        assert err.isprintable() or err[:-1].isprintable()
    status, _, err = run(capsys, "demo", "\x1b[31mRED", "a", "b", "c", "d", "e", "f")
    assert "unrecognized arguments: '\\x1b[31mRED' a b c d and 2 more" in err
    status, _, err = run(capsys, "play", "--opponents", "Smart")
    assert "unknown bot 'Smart': use one of greedy, random, search" in err


@pytest.mark.parametrize("option", ["--bot-delay", "--keep-finished", "--keep-idle"])
@pytest.mark.parametrize("text", ["٣", "３", "1_0", "x"])
def test_serve_reads_seconds_in_ascii_digits_only(
    capsys: pytest.CaptureFixture[str], option: str, text: str
) -> None:
    # As --port, --max-tables and --seed: int() and float() would read other scripts' digits.
    # Parsed only, so that a server is never started.
    with pytest.raises(SystemExit) as stopped:
        briscola.cli._parser().parse_args(["serve", option, text])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}: give a number of seconds from 0" in err
    assert repr(text) in err


def test_serve_takes_the_bounds_its_help_gives() -> None:
    # Parsed only, so that a server is never started: port 65535 and 0, and 0 seconds.
    argv = ["serve", "--port", "65535", "--keep-finished", "0", "--keep-idle", "0"]
    args = briscola.cli._parser().parse_args([*argv, "--bot-delay", "0"])
    assert (args.port, args.keep_finished, args.keep_idle, args.bot_delay) == (65535, 0, 0, 0)
    assert briscola.cli._parser().parse_args(["serve", "--port", "0"]).port == 0


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs a device that is always full")
def test_output_that_cannot_be_written_says_so_in_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "briscola", "demo"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONPATH=str(SRC)),
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == (
        "briscola: cannot read or write the standard streams: No space left on device\n"
    )


def test_an_unrecognized_argument_points_at_the_command_s_own_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "variants", "extra")
    assert (status, out) == (2, "")
    assert err == "briscola: unrecognized arguments: extra (see briscola variants --help)\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "latin-1"])
def test_a_record_in_another_encoding_is_called_not_utf8(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str
) -> None:
    record = briscola.Record.from_state(briscola.new_game("classic", seed=1))
    text = record.to_text().replace("[Rules", '[Event "caffè"]\n[Rules', 1)
    file = tmp_path / "record.txt"
    file.write_bytes(text.encode(encoding))
    for command in ("validate", "replay"):
        status, out, err = run(capsys, command, str(file))
        assert (status, out) == (2, "")
        assert err.startswith(f"briscola: {file} is not UTF-8 text"), err
