"""The web table's game side: settings, saving after every move, restoring, and a restart."""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import briscola
from briscola import (
    IllegalMoveError,
    InvalidStateError,
    Phase,
    RulesError,
    current_player,
    legal_moves,
    observe,
)
from briscola.terminal import _option_argument
from briscola.web.tables import Table, Tables, TableSettings, make_bot, parse_bots, parse_option
from helpers import Hostile, HostileInt, untyped
from web_support import FakeClock

ROOT = Path(__file__).resolve().parent.parent


def play_some(table: Table, moves: int) -> None:
    for _ in range(moves):
        seat = table.match.state.turn
        assert seat is not None
        view = observe(table.match.state, seat)
        table.apply(seat, view.legal_moves[-1], ply=view.ply)


def test_options_and_bots_read_like_the_command_line() -> None:
    assert parse_option("trump_suit=none") == ("trump_suit", None)
    assert parse_option("stakes=bands") == ("stakes", "bands")
    texts = {
        "seven_swap=yes": True,
        "seven_swap= Off": False,
        "seven_swap=1": True,
        "redeal_same_dealer_after_draw=on": True,
        "win_threshold= 71": 71,
        "point_call_step=1234567": 1234567,
        "signal_tokens=ACE, KING": ("ACE", "KING"),
        "tie_rule= replay": "replay",
    }
    for text, value in texts.items():
        name = text.partition("=")[0]
        assert parse_option(text) == (name, value)
        assert _option_argument(text) == (name, value)  # the command line reads it alike
    with pytest.raises(RulesError, match="NAME=VALUE"):
        parse_option("seven_swap")
    with pytest.raises(
        RulesError,
        match=r"^seven_swap='maybe' is not valid: use true or false \(or yes/no, on/off, 1/0\)$",
    ):
        parse_option("seven_swap=maybe")  # in the words of text, not Python's True or False
    with pytest.raises(RulesError, match="NAME=VALUE, not int"):
        parse_option(untyped(3))
    assert parse_bots("", 2) == {}
    assert parse_bots("0=search,3", 4) == {0: "search", 3: "greedy"}
    with pytest.raises(RulesError, match="seat 2 is not a seat"):
        parse_bots("2", 2)
    with pytest.raises(RulesError, match="'x1' is not a seat"):
        parse_bots("x1", 2)
    with pytest.raises(
        RulesError, match="unknown bot 'clever': use one of random, greedy, search"
    ):
        parse_bots("1=clever", 2)
    with pytest.raises(RulesError, match="unknown bot"):
        make_bot("clever", 1)


def test_every_bot_kind_plays_a_legal_move() -> None:
    state = briscola.new_game("classic", seed=1)
    view = observe(state, 0)
    for kind in ("random", "greedy", "search"):
        assert make_bot(kind, 5)(view) in view.legal_moves


def test_a_table_takes_every_spelling_of_a_preset_that_rules_takes() -> None:
    for spelling, preset in (
        ("Classic 4", "classic-4"),
        ("classic-2", "classic"),
        ("BRISCOLA_SCOPERTA", "scoperta"),
    ):
        assert briscola.rules(untyped(spelling)).variant == preset
        assert TableSettings(spelling, seed=1).variant == preset


def test_settings_with_cards_suits_and_enums_save_as_json(tmp_path: Path) -> None:
    # Options may be given as the library's own values; a saved table writes their codes.
    cases = (
        ("classic-3", {"removed_two": briscola.Card.parse("2B")}),
        ("bugiarda", {"trump_source": "separate_flip", "trump_suit": briscola.Suit("S")}),
        ("classic", {"tie_rule": briscola.TieRule.REPLAY, "seven_swap": True}),
        ("classic-4", {"signals": True, "signal_tokens": ("ACE", "KING")}),
    )
    for variant, options in cases:
        settings = TableSettings(variant, options, seed=1)
        table = Tables(save_dir=str(tmp_path)).create(settings)
        text = json.dumps(settings.to_json())
        again = TableSettings.from_json(json.loads(text))
        assert again.new_match() == settings.new_match() == table.match


def test_bad_settings_are_refused() -> None:
    with pytest.raises(RulesError, match="unknown variant 'poker'; the variants are 'classic'"):
        TableSettings("poker")
    with pytest.raises(RulesError, match=r"seed='1' is not valid: use a whole number or None"):
        TableSettings("classic", seed=untyped("1"))
    with pytest.raises(RulesError, match="seven_swap"):
        Table(TableSettings("chiamata", {"seven_swap": True}))
    with pytest.raises(RulesError, match="seat=5 is not a seat of 'classic-4': seats run from"):
        Table(TableSettings("classic-4", bots={5: "random"}))
    with pytest.raises(InvalidStateError, match="needs 2 tokens"):
        Table(TableSettings("classic"), tokens=["a"])
    for tokens in (1.5, 7, True, object(), "ab", [None, None]):
        with pytest.raises(InvalidStateError, match="tokens must be a list of text"):
            Table(TableSettings("classic"), tokens=untyped(tokens))
    # An empty token would let anyone take the seat; a shared one would hide a seat.
    for tokens in (["", "bbbb"], ["same", "same"]):
        with pytest.raises(InvalidStateError, match="its own token"):
            Table(TableSettings("classic"), tokens=tokens)


def test_saved_settings_with_a_missing_or_ill_typed_field_say_which_is_wrong() -> None:
    saved = TableSettings("classic", seed=1).to_json()
    missing = {name: value for name, value in saved.items() if name != "options"}
    with pytest.raises(
        InvalidStateError,
        match=r"^saved table settings are not valid \(the field 'options' is missing\)$",
    ):
        TableSettings.from_json(missing)
    with pytest.raises(
        InvalidStateError,
        match=r"^saved table settings are not valid \(the field 'seed' is of the wrong kind\)$",
    ):
        TableSettings.from_json({**saved, "seed": "1"})
    with pytest.raises(InvalidStateError, match=r"\(the field 'bots' has a key that is not"):
        TableSettings.from_json({**saved, "bots": {"one": "greedy"}})
    with pytest.raises(InvalidStateError, match=r"\(not a mapping of fields but list\)$"):
        TableSettings.from_json([saved])  # type: ignore[arg-type]


def test_seats_given_to_a_table_are_read_as_whole_numbers() -> None:
    table = Table(TableSettings("classic", {}, None, 1))
    turn = current_player(table.match)
    assert turn == 0
    assert table.legal_for(HostileInt(0)) == table.legal_for(0) != ()
    assert table.legal_for(1) == table.legal_for(True) == table.legal_for("0") == ()  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="seat=<an integer of 16610 bits> is not a seat"):
        table.messages([-(10**5000)])
    with pytest.raises(RulesError, match=r"seat=23 is not a seat .* \(None for a spectator\)"):
        table.messages([0, 23])
    with pytest.raises(RulesError, match="seat=<an integer of 16610 bits> is not a seat"):
        Table(TableSettings("classic", {}, None, 1, {10**5000: "greedy"}))


def test_a_deal_number_too_long_to_print_is_refused_by_its_size() -> None:
    table = Table(TableSettings("classic", seed=1))
    with pytest.raises(IllegalMoveError, match="meant for deal <an integer of 16610 bits>"):
        table.play(0, "AD", ply=0, deal=10**5000)
    with pytest.raises(IllegalMoveError, match="meant for deal <an integer of 1661 bits>, "):
        table.play(0, "AD", ply=0, deal=10**500)
    with pytest.raises(RulesError, match=r"from 0, not <an integer of 16610 bits>$"):
        table.record(-(10**5000))
    with pytest.raises(RulesError, match=r"^deal must be a whole number from 0, not -1$"):
        table.record(-1)  # the deals of the messages count from 0: there is no deal -1
    assert table.moves == []


def test_a_table_checks_the_ply_of_every_move() -> None:
    """A table stands between clients and the match: it never skips the stale-move check."""
    table = Table(TableSettings("classic", seed=1))
    move = str(observe(table.match, 0).deal.legal_moves[0])
    for ply in (None, True, "0"):
        with pytest.raises(RulesError, match=f"ply={ply!r} is not valid"):
            table.play(0, move, ply=ply, deal=0)  # type: ignore[arg-type]
    assert table.moves == []
    table.play(0, move, ply=0, deal=0)
    assert len(table.moves) == 1


def test_a_table_is_saved_after_every_move_and_restored(tmp_path: Path) -> None:
    tables = Tables(tmp_path)
    table = tables.create(
        TableSettings("classic", {"seven_swap": True}, "best_of(3)", seed=9, bots={1: "random"})
    )
    saved = tmp_path / f"{table.id}.json"
    for _ in range(45):  # past the end of the first deal
        finished = len(table.finished)
        play_some(table, 1)
        tables.save(table, finished_before=finished)
        on_disk = json.loads(saved.read_text(encoding="utf-8"))
        assert on_disk["moves"] == table.moves
    assert (tmp_path / f"{table.id}-deal-1.txt").exists()
    assert not list(tmp_path.glob(".*.tmp"))
    restored = Tables(tmp_path)
    [again] = restored.load()
    assert again.id == table.id
    assert again.tokens == table.tokens
    assert again.match == table.match
    assert again.finished == table.finished
    assert again.settings.bots == {1: "random"}
    record = briscola.Record.from_text((tmp_path / f"{table.id}-deal-1.txt").read_text("utf-8"))
    assert record.final_state() == table.finished[0]
    saved.write_bytes(b"\xef\xbb\xbf" + saved.read_bytes())  # as an editor may save it
    [again] = Tables(tmp_path).load()
    assert again.match == table.match


def test_a_table_dropped_while_it_is_being_saved_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server saves in worker threads and drops tables on its event loop: a save that
    # was writing when its table was dropped must not leave the file for the next start.
    import briscola.web.tables as module

    tables = Tables(tmp_path)
    table = tables.create(TableSettings("classic", {}, None, seed=9, bots={1: "random"}))
    writing, go_on = threading.Event(), threading.Event()
    write = module._write_atomically

    def slow_write(path: Path, text: str) -> None:
        writing.set()
        go_on.wait(10)
        write(path, text)

    monkeypatch.setattr(module, "_write_atomically", slow_write)
    saving = threading.Thread(target=tables.save, args=(table,))
    saving.start()
    assert writing.wait(10)
    dropping = threading.Thread(target=tables.drop, args=(table.id,))
    dropping.start()
    dropping.join(0.5)  # the drop waits for the save
    go_on.set()
    saving.join(10)
    dropping.join(10)
    assert tables.get(table.id) is None
    assert not list(tmp_path.glob("*.json"))
    assert Tables(tmp_path).load() == []
    tables.save(table)  # a later save of the dropped table writes nothing
    assert not list(tmp_path.glob("*.json"))


def test_save_refuses_what_is_not_a_table_or_a_count_of_finished_deals(tmp_path: Path) -> None:
    tables = Tables(tmp_path)
    table = tables.create(TableSettings("classic", {}, None, seed=9, bots={1: "random"}))
    saved = tmp_path / f"{table.id}.json"
    saved.unlink()  # written when the table was opened
    for junk in (3, None, Hostile()):
        with pytest.raises(RulesError, match="save\\(\\) needs a Table, not"):
            tables.save(junk)  # type: ignore[arg-type]
    for count in (1.0, -1, 1, 2**64, HostileInt(0), Hostile()):
        with pytest.raises(RulesError, match=r"finished_before=.* use None or a number of deals"):
            tables.save(table, finished_before=count)  # type: ignore[arg-type]
    assert not list(tmp_path.iterdir())  # a refused call wrote nothing
    tables.save(table, finished_before=0)
    assert list(tmp_path.iterdir()) == [saved]


def test_restore_takes_only_a_checkpoint_of_the_same_table() -> None:
    tables = Tables()
    table = tables.create(TableSettings("classic", {}, None, seed=9, bots={1: "random"}))
    other = tables.create(TableSettings("classic", {}, None, seed=10, bots={1: "random"}))
    early = table.checkpoint()
    play_some(table, 3)
    later = table.checkpoint()
    before = (table.match, list(table.finished), list(table.moves))
    for wrong in (
        3,
        Hostile(),
        tuple(early),
        other.checkpoint(),
        early._replace(moves=99),
        early._replace(finished=-1),
        early._replace(match=untyped(Hostile())),
    ):
        with pytest.raises(RulesError, match="needs a checkpoint that checkpoint\\(\\) took"):
            table.restore(wrong)  # type: ignore[arg-type]
        assert (table.match, table.finished, table.moves) == before
    table.restore(early)
    assert table.moves == []
    assert table.match == early.match
    with pytest.raises(RulesError):
        table.restore(later)  # moves undone since: it no longer fits the table
    # Nor after as many moves of another line of play: the saved moves would be that
    # line's, and the match this one's.
    first = str(table.legal_for(0)[0])
    assert first != str(later.match.state.history[0][1])
    table.play(0, first, ply=0, deal=0)
    play_some(table, 2)
    assert len(table.moves) >= later.moves
    with pytest.raises(RulesError, match="needs a checkpoint that checkpoint\\(\\) took"):
        table.restore(later)
    assert table.match == Table.from_json(table.to_json()).match


@pytest.mark.parametrize("text", ["zzz", "AD", "points 70"])
def test_turn_and_ply_are_checked_before_the_move_is_read(text: str) -> None:
    """Whatever a message's text, an early or stale one gets the same answer, as with
    `briscola.apply`: the text is not read before the seat and the ply are checked."""
    table = Table(TableSettings("classic", seed=7))
    with pytest.raises(IllegalMoveError, match="it is not your turn"):
        table.play(1, text, ply=0, deal=0)
    with pytest.raises(IllegalMoveError, match="decided at ply 3"):
        table.play(0, text, ply=3, deal=0)
    assert table.moves == []


def test_a_stranger_cannot_move_for_the_seat_to_act() -> None:
    # `seat_of` gives None for a token that is not a seat's: a move "by" None is refused,
    # where briscola.apply would trust its caller and move for whoever is to act.
    table = Table(TableSettings("classic", seed=7), table_id="doc-table", tokens=["a", "b"])
    stranger = table.seat_of("a guess")
    assert stranger is None
    with pytest.raises(RulesError, match="seat=None is not valid: spectators cannot play"):
        table.play(untyped(stranger), "4D", ply=0, deal=0)
    with pytest.raises(RulesError, match="seat=None is not valid"):
        table.apply(untyped(None), table.legal_for(0)[0], ply=0)
    assert table.moves == []


def test_a_damaged_save_is_reported(tmp_path: Path) -> None:
    tables = Tables(tmp_path)
    table = tables.create(TableSettings("classic", seed=1))
    play_some(table, 2)
    tables.save(table)
    path = tmp_path / f"{table.id}.json"
    value = json.loads(path.read_text(encoding="utf-8"))
    value["moves"][1] = "swap KD"
    path.write_text(json.dumps(value), encoding="utf-8")
    with pytest.raises(InvalidStateError, match=r"move 2 \(swap KD\)"):
        Tables(tmp_path).load()
    path.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidStateError, match="cannot read the saved table"):
        Tables(tmp_path).load()
    path.write_text('{"format": 1, "id": 3}', encoding="utf-8")
    with pytest.raises(InvalidStateError, match="needs an id, settings, tokens and moves"):
        Tables(tmp_path).load()
    for damaged in ("[" * 100_000 + "]" * 100_000, '{"seed": ' + "9" * 5000 + "}"):
        path.write_text(damaged, encoding="utf-8")
        with pytest.raises(InvalidStateError, match=f"cannot read the saved table {path.name}"):
            Tables(tmp_path).load()
    path.write_text('{"format": 2, "id": 3}', encoding="utf-8")
    with pytest.raises(InvalidStateError, match="saved in format 2 by another version"):
        Tables(tmp_path).load()
    over = Tables().create(TableSettings("classic", seed=1))
    play_some(over, 40)  # a single deal: the match is over
    value = over.to_json()
    value["id"] = table.id
    value["moves"] = [*value["moves"], value["moves"][0]]
    path.write_text(json.dumps(value), encoding="utf-8")
    with pytest.raises(InvalidStateError, match=f"{path.name}: .*over"):
        Tables(tmp_path).load()


def test_the_server_keeps_a_limit_of_tables() -> None:
    tables = Tables(limit=1)
    tables.create(TableSettings("classic"))
    with pytest.raises(RulesError, match="already has 1 table in play"):
        tables.create(TableSettings("classic"))


def finish(tables: Tables, table: Table) -> None:
    """Play the table's match to its end, noting each move as the server does."""
    while not table.over:
        play_some(table, 1)
        tables.touch(table)
    tables.save(table, finished_before=0)


def test_a_finished_table_is_dropped_after_its_retention_time(tmp_path: Path) -> None:
    clock = FakeClock()
    tables = Tables(tmp_path, keep_finished=600, keep_idle=7200, clock=clock)
    done = tables.create(TableSettings("classic", seed=1))
    playing = tables.create(TableSettings("classic", seed=2))
    clock.now += 100
    finish(tables, done)
    assert tables.last_move(done.id) == 1100
    assert tables.expires(done.id) == 1700
    assert tables.expires(playing.id) == 8200
    assert {path.name for path in tmp_path.iterdir()} == {
        f"{done.id}.json",
        f"{done.id}-deal-1.txt",
        f"{playing.id}.json",
    }
    clock.now = 1699
    assert tables.sweep() == []
    clock.now = 1700
    assert tables.sweep() == [done]
    assert tables.get(done.id) is None
    assert tables.expires(done.id) is None
    assert tables.get(playing.id) is playing
    assert [path.name for path in tmp_path.iterdir()] == [f"{playing.id}.json"]
    tables.save(done)  # a late save of a dropped table writes nothing back
    assert [path.name for path in tmp_path.iterdir()] == [f"{playing.id}.json"]


def test_an_abandoned_table_is_dropped_and_a_move_keeps_a_table(tmp_path: Path) -> None:
    clock = FakeClock()
    tables = Tables(tmp_path, keep_idle=3600, clock=clock)
    moving = tables.create(TableSettings("classic", seed=1))
    abandoned = tables.create(TableSettings("classic", seed=2))
    clock.now += 3000
    play_some(moving, 1)
    tables.touch(moving)
    clock.now += 600
    assert tables.sweep() == [abandoned]
    assert list(tables) == [moving]
    assert not (tmp_path / f"{abandoned.id}.json").exists()
    clock.now += 3000
    assert tables.sweep() == [moving]
    assert len(tables) == 0


def test_at_the_limit_the_oldest_finished_table_makes_room() -> None:
    clock = FakeClock()
    tables = Tables(limit=3, clock=clock)
    first, second, third = (tables.create(TableSettings("classic", seed=n)) for n in (1, 2, 3))
    clock.now += 10
    finish(tables, second)
    clock.now += 10
    finish(tables, first)
    clock.now += 10
    newest = tables.create(TableSettings("classic", seed=4))
    assert set(tables) == {first, third, newest}  # second finished before first
    fifth = tables.create(TableSettings("classic", seed=5))
    assert set(tables) == {third, newest, fifth}
    with pytest.raises(RulesError, match="already has 3 tables in play"):
        tables.create(TableSettings("classic", seed=6))
    assert set(tables) == {third, newest, fifth}


def test_infinite_retention_keeps_tables_until_their_place_is_needed() -> None:
    clock = FakeClock()
    tables = Tables(limit=1, keep_finished=math.inf, keep_idle=math.inf, clock=clock)
    table = tables.create(TableSettings("classic", seed=1))
    clock.now += 1e9
    assert tables.sweep() == []
    finish(tables, table)
    clock.now += 1e9
    assert tables.sweep() == []
    assert tables.expires(table.id) == math.inf
    again = tables.create(TableSettings("classic", seed=2))
    assert list(tables) == [again]


def test_restored_tables_count_from_their_files_last_write(tmp_path: Path) -> None:
    clock = FakeClock(time.time())
    tables = Tables(tmp_path, keep_finished=600, clock=clock)
    done = tables.create(TableSettings("classic", seed=1))
    finish(tables, done)
    playing = tables.create(TableSettings("classic", seed=2))
    written = (tmp_path / f"{done.id}.json").stat().st_mtime
    os.utime(tmp_path / f"{done.id}.json", (written - 900, written - 900))
    restored = Tables(tmp_path, keep_finished=600, clock=clock)
    assert [table.id for table in restored.load()] == [playing.id]
    assert restored.get(done.id) is None
    assert not (tmp_path / f"{done.id}-deal-1.txt").exists()
    last = restored.last_move(playing.id)
    assert last is not None
    assert last <= clock.now


def test_a_restart_with_a_lower_limit_drops_finished_tables_down_to_it(tmp_path: Path) -> None:
    clock = FakeClock(time.time())
    tables = Tables(tmp_path, clock=clock)
    first, second, third, fourth = (
        tables.create(TableSettings("classic", seed=n)) for n in (1, 2, 3, 4)
    )
    for table in (second, first, third):  # second finishes longest ago
        clock.now += 10
        finish(tables, table)
    for table, age in ((second, 30), (first, 20), (third, 10)):
        path = tmp_path / f"{table.id}.json"
        os.utime(path, (clock.now - age, clock.now - age))
    restored = Tables(tmp_path, limit=2, clock=clock)
    assert {table.id for table in restored.load()} == {third.id, fourth.id}
    assert {path.name for path in tmp_path.iterdir()} == {
        f"{third.id}.json",
        f"{third.id}-deal-1.txt",
        f"{fourth.id}.json",
    }
    # Unfinished tables are kept past the limit, and the refusal counts what is held.
    playing = Tables(tmp_path, clock=clock)
    for n in (5, 6):
        playing.create(TableSettings("classic", seed=n))
    crowded = Tables(tmp_path, limit=1, clock=clock)
    assert len(crowded.load()) == 3
    with pytest.raises(RulesError, match="already has 3 tables in play"):
        crowded.create(TableSettings("classic", seed=7))


@pytest.mark.parametrize(
    ("keywords", "error"),
    [
        ({"limit": 0}, "limit=0 is not valid: use a whole number from 1"),
        ({"limit": 2.5}, "limit=2.5 is not valid"),
        ({"keep_finished": -1}, "keep_finished=-1 is not valid: use a number of seconds from 0"),
        ({"keep_idle": math.nan}, "keep_idle=nan is not valid"),
        ({"keep_idle": "1h"}, "keep_idle='1h' is not valid"),
        ({"keep_finished": True}, "keep_finished=True is not valid"),
        ({"keep_idle": {"a": [Hostile()]}}, r"keep_idle=<dict> is not valid"),
        ({"keep_idle": -(10**5000)}, "keep_idle=<an integer of 16610 bits> is not valid"),
    ],
)
def test_bad_limits_and_times_are_refused(keywords: dict[str, Any], error: str) -> None:
    with pytest.raises(RulesError, match=error):
        Tables(**keywords)


def test_times_are_read_as_plain_seconds() -> None:
    class Seconds(float):
        """A clock reading whose own arithmetic and comparisons fail."""

        def __add__(self, other: object) -> float:
            raise KeyError("add")

        __radd__ = __sub__ = __rsub__ = __add__

        def __ge__(self, other: object) -> bool:
            raise KeyError("ge")

        __le__ = __gt__ = __lt__ = __ge__

    huge = Tables(keep_finished=10**5000, keep_idle=HostileInt(60))
    assert (huge.keep_finished, huge.keep_idle) == (math.inf, 60.0)
    assert type(huge.keep_idle) is float
    tables = Tables(keep_idle=60, clock=lambda: Seconds(1000.0))
    table = tables.create(TableSettings("classic", seed=1))
    assert tables.last_move(table.id) == 1000.0
    assert tables.sweep() == []


@pytest.mark.parametrize(
    "reading", [math.nan, "1000", True, None, pytest.param(Hostile(), id="hostile")]
)
def test_a_clock_that_gives_no_number_of_seconds_is_refused(reading: object) -> None:
    tables = Tables(clock=lambda: reading)  # type: ignore[arg-type,return-value]
    with pytest.raises(RulesError, match="the clock must give a number of seconds"):
        tables.create(TableSettings("classic"))
    assert len(tables) == 0


def _start(save: Path, port: int) -> tuple[subprocess.Popen[str], list[str]]:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "briscola",
            "serve",
            "--port",
            str(port),
            "--variant",
            "classic",
            "--seed",
            "3",
            "--save",
            str(save),
            "--no-lobby",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )
    assert process.stdout is not None
    lines = [process.stdout.readline() for _ in range(4)]
    return process, lines


@contextlib.contextmanager
def _connect(url: str, port: int, token: str) -> Iterator[Any]:
    from websockets.sync.client import connect

    # The server listens before it prints its links: they work as soon as they are read.
    with connect(url, open_timeout=10) as websocket:
        websocket.send(json.dumps({"type": "hello", "token": token}))
        yield websocket


def test_a_restarted_server_restores_its_tables_without_losing_a_move(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    from websockets.exceptions import ConnectionClosed

    from web_support import free_port

    port = free_port()
    process, lines = _start(tmp_path, port)
    try:
        links = [re.search(r"http://\S+", line) for line in lines[1:3]]
        assert all(links), lines
        table_id, token = links[0].group().rsplit("/", 1)[1].split("#")  # type: ignore[union-attr]
        other = links[1].group().rsplit("#", 1)[1]  # type: ignore[union-attr]
        url = f"ws://127.0.0.1:{port}/ws/{table_id}"
        tokens = [token, other]
        played = []
        with _connect(url, port, tokens[0]) as zero, _connect(url, port, tokens[1]) as one:
            sockets = [zero, one]
            latest = [json.loads(zero.recv(5)), json.loads(one.recv(5))]
            for _ in range(7):
                seat = latest[0]["view"]["turn"]
                view = latest[seat]["view"]
                notation = view["legal_moves"][0]
                sockets[seat].send(
                    json.dumps({"type": "move", "move": notation, "ply": view["ply"], "deal": 0})
                )
                played.append(notation)
                for s in (0, 1):
                    latest[s] = json.loads(sockets[s].recv(5))
            hand = latest[0]["view"]["hand"]
        process.send_signal(signal.SIGKILL)  # no chance to save anything on the way out
        process.wait(10)
        assert process.stdout is not None
        process.stdout.close()
        saved = json.loads((tmp_path / f"{table_id}.json").read_text(encoding="utf-8"))
        assert saved["moves"] == played
        process, lines = _start(tmp_path, port)
        assert lines[0].startswith("restored 1 saved table from ")  # and no new table
        assert table_id in lines[1]
        with _connect(url, port, tokens[0]) as zero:
            again = json.loads(zero.recv(5))
            process.terminate()  # a stopped server closes its connections as a restart
            with pytest.raises(ConnectionClosed) as closed:
                zero.recv(10)
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1012
        assert again["seat"] == 0
        assert again["view"]["ply"] == 7
        assert again["view"]["hand"] == hand
    finally:
        process.terminate()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (["--variant", "poker"], "poker"),
        (["--bots", "7"], "seat 7 is not a seat"),
        (["--bots", "1=genius"], "unknown bot 'genius'"),
        (["--option", "stakes=bands"], "stakes"),
        (["--format", "best_of(0)"], "best_of"),
        (["--keep-finished", "-1"], "seconds from 0 up"),
        (["--keep-idle", "soon"], "seconds from 0 up"),
        (["--max-tables", "0"], "number of tables from 1 up"),
        (["--port", "70000"], "port from 1 to 65535"),
        (["--port", "-1"], "port from 1 to 65535"),
        (
            ["--bot-delay", "nan"],
            "bot_delay=nan is not valid: use a number of seconds from 0 to 60",
        ),
        (["--bot-delay", "inf"], "seconds from 0 to 60"),
        (["--bot-delay", "-0.5"], "seconds from 0 to 60"),
    ],
)
def test_serve_refuses_bad_settings_before_listening(
    argv: list[str], error: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if argv[0] == "--bot-delay":
        pytest.importorskip("uvicorn")  # the server checks it, once the web extra is found
    from briscola.cli import main

    assert main(["serve", *argv]) == 2
    printed = capsys.readouterr().err
    assert printed.startswith("briscola: ")
    assert error in printed


def test_links_and_config_check_their_arguments() -> None:
    pytest.importorskip("uvicorn")
    from briscola.web.app import create_app
    from briscola.web.server import config, links

    table = Tables().create(TableSettings("classic", seed=1))
    assert links(table, "http://x")[-1] == f"spectators: http://x/t/{table.id}"
    with pytest.raises(RulesError, match="links\\(\\) needs a Table, not NoneType"):
        links(untyped(None), "http://x")
    with pytest.raises(RulesError, match="base must be the server's address as text"):
        links(table, untyped(5))
    app = create_app(Tables())
    assert config(app, host="127.0.0.1", port=0).port == 0
    for wrong, refused in (
        ({"app": None}, "app must be an ASGI application"),
        ({"host": 5}, "host=5 is not valid"),
        ({"port": 70000}, "port=70000 is not valid"),
        ({"port": "80"}, "port='80' is not valid"),
    ):
        arguments: dict[str, Any] = {"app": app, "host": "127.0.0.1", "port": 8000, **wrong}
        with pytest.raises(RulesError, match=refused):
            config(arguments.pop("app"), **arguments)


def test_a_save_folder_that_is_a_file_is_named_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    taken = tmp_path / "tables"
    taken.write_text("notes", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="it is a file, not a folder"):
        Tables(taken).load()
    pytest.importorskip("uvicorn")
    from briscola.cli import main

    assert main(["serve", "--port", "0", "--save", str(taken)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"briscola: cannot read or write {taken}: it is a file, not a folder\n"
    assert taken.read_text(encoding="utf-8") == "notes"


def _saved_table(folder: Path) -> tuple[Tables, Table, Path]:
    """Tables saved to ``folder``, a new table among them, and the table's file."""
    tables = Tables(folder)
    table = tables.create(TableSettings("classic", seed=1))
    return tables, table, folder / f"{table.id}.json"


def test_a_save_that_fails_names_the_table_file_not_the_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables, table, saved = _saved_table(tmp_path)

    def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(30, "Read-only file system", str(tmp_path / ".x.json.tmp"))

    monkeypatch.setattr("tempfile.mkstemp", read_only)
    with pytest.raises(OSError, match="Read-only file system") as refused:
        tables.save(table)
    assert refused.value.filename == str(saved)
    assert refused.value.strerror == "Read-only file system"
    monkeypatch.undo()

    def cannot_replace(source: object, target: object) -> None:
        raise OSError(28, "No space left on device", str(source), str(target))

    monkeypatch.setattr("os.replace", cannot_replace)
    with pytest.raises(OSError, match="No space left on device") as full:
        tables.save(table)
    assert full.value.filename == str(saved)
    assert [path.name for path in tmp_path.iterdir()] == [saved.name]  # no temporary left


def test_a_negative_deal_number_is_refused_as_such() -> None:
    table = Table(TableSettings("classic", seed=1))
    with pytest.raises(RulesError, match="deal must be a whole number from 0, not -1"):
        table.play(0, "AD", ply=0, deal=-1)
    assert table.moves == []


def test_create_keeps_no_table_it_could_not_save(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    tables = Tables(folder)
    tables.create(TableSettings("classic", seed=1))
    for path in folder.iterdir():
        path.unlink()
    folder.rmdir()
    folder.write_text("notes", encoding="utf-8")  # the folder's name now holds a file
    with pytest.raises(NotADirectoryError, match="it is a file, not a folder"):
        tables.create(TableSettings("classic", seed=2))
    assert len(tables) == 1


def test_drop_forgets_a_table_whose_files_cannot_be_deleted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    tables, table, saved = _saved_table(tmp_path)
    saved.unlink()
    saved.mkdir()  # a folder where the file was: it cannot be unlinked as a file
    assert tables.drop(table.id) is table
    assert tables.get(table.id) is None
    assert len(tables) == 0
    assert f"could not delete {table.id}.json of a dropped table" in caplog.text


@pytest.mark.parametrize("name", ["seed", "format"])
def test_options_may_not_name_the_tables_own_settings(name: str, tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=f"{name} is a setting of the table, not a table rule"):
        TableSettings("classic", {name: 1})
    document = {
        "format": 1,
        "id": "abcdefgh1",
        "settings": {
            "variant": "classic",
            "options": {name: 1},
            "format": None,
            "seed": 5,
            "bots": {},
        },
        "tokens": ["aaaa", "bbbb"],
        "moves": [],
    }
    (tmp_path / "abcdefgh1.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(InvalidStateError, match=rf"abcdefgh1.json: .*\({name} is a setting"):
        Tables(tmp_path).load()


def test_an_empty_save_folder_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RulesError, match="save_dir is empty: give the name of a folder"):
        Tables("")
    pytest.importorskip("uvicorn")
    from briscola.cli import main

    assert main(["serve", "--port", "0", "--save", ""]) == 2
    assert capsys.readouterr() == ("", "briscola: give the name of a folder to --save\n")


def test_serve_refuses_a_port_in_use_before_printing_any_link(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("uvicorn")
    from briscola.cli import main

    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--save", str(tmp_path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"briscola: cannot listen on '127.0.0.1' port {port}: Address already in use\n"
    assert list(tmp_path.iterdir()) == []  # no table was opened


def test_serve_on_port_0_prints_the_port_it_found(monkeypatch: pytest.MonkeyPatch) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    from briscola.web import server

    given: list[socket.socket] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: given.extend(sockets))
    printed: list[str] = []
    server.serve(TableSettings("classic", seed=1), port=0, echo=printed.append)
    [listening] = given
    port = listening.getsockname()[1]
    listening.close()
    assert port != 0
    assert printed[-1] == f"lobby: http://127.0.0.1:{port}/"


def test_serve_says_it_restored_saved_tables_rather_than_open_a_new_one(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    uvicorn = pytest.importorskip("uvicorn")
    from briscola.web import server

    saved = Tables(tmp_path)
    done = saved.create(TableSettings("classic", seed=1))
    while not done.over:
        play_some(done, 1)
    saved.save(done, finished_before=0)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets: [s.close() for s in sockets])
    printed: list[str] = []
    server.serve(TableSettings("chiamata"), port=0, save_dir=str(tmp_path), echo=printed.append)
    assert printed[0] == f"restored 1 saved table from {tmp_path}: the lobby opens new ones"
    assert printed[1] == f"Briscola for two, table {done.id} (finished)"
    assert not any("chiamata" in line for line in printed)


def test_serve_passes_the_limit_and_the_retention_times_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from briscola.cli import main
    from briscola.web import server

    given: dict[str, Any] = {}
    monkeypatch.setattr(server, "serve", lambda settings, **keywords: given.update(keywords))
    argv = ["serve", "--max-tables", "5", "--keep-finished", "90", "--keep-idle", "inf"]
    assert main(argv) == 0
    assert (given["limit"], given["keep_finished"], given["keep_idle"]) == (5, 90.0, math.inf)
    assert main(["serve"]) == 0
    assert (given["limit"], given["keep_finished"], given["keep_idle"]) == (200, 3600.0, 86400.0)


def test_serve_takes_match_options_with_the_table_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    from briscola.cli import main
    from briscola.web import server

    given: list[TableSettings] = []
    monkeypatch.setattr(server, "serve", lambda settings, **keywords: given.append(settings))
    argv = ["serve", "--format", "best_of(3)", "--option", "seven_swap=true"]
    argv += ["--option", "dealer_rotation=against_play_direction"]
    assert main(argv) == 0
    match = given[0].new_match()
    assert match.dealer_rotation == "against_play_direction"
    assert match.rules.seven_swap


def test_serve_seats_the_bots_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    from briscola.cli import main
    from briscola.web import server

    given: list[TableSettings] = []
    monkeypatch.setattr(server, "serve", lambda settings, **keywords: given.append(settings))
    assert main(["serve", "--variant", "classic-4", "--bots", "1=random,3"]) == 0
    assert given[0].bots == {1: "random", 3: "greedy"}  # greedy unless told otherwise


def test_previous_is_the_last_deal_played_when_the_next_is_annulled_as_dealt() -> None:
    # Match seed 20: deal 1 is played to its end, deal 2 is annulled as dealt (§2.5.6).
    table = Table(TableSettings("chiamata", {"annul_zero_point_hand": True}, "fixed_deals(5)", 20))
    _play_until_results(table, 1)
    assert len(table.match.results) == 2
    assert table.match.results[1].score.void
    message = json.loads(table.message(0))
    played = table.finished[0]
    assert played is not None
    assert message["previous"] == json.loads(briscola.dumps(observe(played, 0)))
    assert message["finished_deals"] == [0]


def test_an_undone_move_leaves_no_trace_in_the_last_deal_shown() -> None:
    """A move undone by `restore` (one that could not be saved) ended a deal by five
    passes; the deal then played instead is the one shown as the last deal."""
    table = Table(TableSettings("chiamata", {"all_pass": "redeal"}, "fixed_deals(2)", 4))

    def act(move: briscola.Move | None = None) -> None:
        seat = current_player(table.match)
        assert seat is not None
        view = observe(table.match, seat).deal
        table.apply(seat, view.legal_moves[0] if move is None else move, ply=view.ply)

    for _ in range(4):
        act(briscola.Pass())
    undo = table.checkpoint()
    act(briscola.Pass())  # the deal is passed out, and the next one dealt
    assert json.loads(table.message(None))["previous"]["score"]["void"]
    table.restore(undo)
    while not table.match.results:
        act()  # the fifth seat bids instead
    shown = json.loads(table.message(None))["previous"]
    played = table.finished[0]
    assert played is not None
    assert not table.match.results[0].score.void
    assert shown == json.loads(briscola.dumps(briscola.public_view(played)))


def test_the_library_refuses_what_the_command_refuses() -> None:
    pytest.importorskip("starlette")
    from briscola.web.app import create_app

    for delay in (math.nan, math.inf, -1, 61, "1"):
        with pytest.raises(RulesError, match="bot_delay="):
            create_app(Tables(), bot_delay=delay)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="at most 4,300 digits"):
        TableSettings("classic", seed=10**5000)


def test_serve_listens_on_every_address_of_its_host() -> None:
    pytest.importorskip("uvicorn")
    from briscola.web.server import _listen

    every = _listen("", 0)
    try:
        ports = {bound.getsockname()[1] for bound in every}
        assert len(ports) == 1  # one port for all, so that the links hold
        assert {bound.family for bound in every} >= {socket.AF_INET}
        # Listening before uvicorn runs, so that a link printed meanwhile is never refused.
        socket.create_connection(("127.0.0.1", ports.pop()), timeout=1).close()
    finally:
        for bound in every:
            bound.close()
    with pytest.raises(RulesError, match="host=3 is not valid"):
        _listen(3, 0)  # type: ignore[arg-type]


@pytest.mark.skipif(not hasattr(socket, "TCP_USER_TIMEOUT"), reason="a Linux socket option")
def test_a_connection_that_takes_nothing_is_dropped_by_the_system() -> None:
    """The listening sockets carry TCP_USER_TIMEOUT, which their connections inherit: a
    client that stops reading cannot hold its connection open for good."""
    pytest.importorskip("uvicorn")
    from briscola.web.server import STALLED_TIMEOUT, _listen

    every = _listen("127.0.0.1", 0)
    try:
        (listening,) = every
        listening.listen()
        with socket.create_connection(listening.getsockname()) as _client:
            accepted, _ = listening.accept()
            with accepted:
                timeout = accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT)
        assert timeout == int(1000 * STALLED_TIMEOUT)
    finally:
        for bound in every:
            bound.close()


def test_serve_bounds_request_heads_and_its_shutdown(monkeypatch: pytest.MonkeyPatch) -> None:
    """uvicorn is run with h11, which refuses a request head past MAX_HEAD, and a stop that
    cuts the connections still open after SHUTDOWN_TIMEOUT seconds."""
    uvicorn = pytest.importorskip("uvicorn")
    from briscola.web import server

    configs: list[Any] = []

    class Recorder:
        def __init__(self, config: Any) -> None:
            configs.append(config)

        def run(self, sockets: Any) -> None:
            for bound in sockets:
                bound.close()

    monkeypatch.setattr(uvicorn, "Server", Recorder)
    server.serve(TableSettings("classic", seed=1), port=0, echo=lambda line: None)
    (config,) = configs
    from uvicorn.protocols.http.h11_impl import H11Protocol

    assert issubclass(config.http, H11Protocol)  # h11, timing each request's head
    assert config.h11_max_incomplete_event_size == server.MAX_HEAD
    assert config.timeout_graceful_shutdown == server.SHUTDOWN_TIMEOUT


def test_the_build_a_ui_page_lists_every_field_of_the_table_message() -> None:
    table = Table(TableSettings("classic", seed=2, format="best_of(3)"))
    while not table.match.results:
        play_some(table, 1)
    message = json.loads(table.message(0))
    page = (ROOT / "docs" / "ui.md").read_text(encoding="utf-8")
    start = page.index("A `table` message holds:")
    listed = set(re.findall(r"`(\w+)`", page[start : page.index("```", start)]))
    fields = {*message, *message["match"], *message["match"]["results"][0]}
    assert fields - {"type"} <= listed, fields - listed


@pytest.mark.parametrize(
    ("variant", "options", "sits_out"),
    [
        ("classic", {}, None),
        ("bugiarda-5", {}, 4),  # §2.6.3: the dealer sits out
        ("chiamata", {"players": 6, "six_player_form": "dealer_sits_out"}, 5),
        ("chiamata", {"players": 6, "six_player_form": "remove_fours"}, None),
    ],
)
def test_the_table_message_names_a_dealer_who_sits_out(
    variant: str, options: dict[str, Any], sits_out: int | None
) -> None:
    table = Table(TableSettings(variant, options, seed=3))
    message = json.loads(table.message(None))
    assert message["sits_out"] == sits_out
    assert message["title"] == table.match.rules.title


def test_a_deal_annulled_as_dealt_has_no_record_and_says_why() -> None:
    # §2.5.6: the deal ended as it was dealt, with no move to write down.
    table = Table(
        TableSettings("chiamata", {"annul_zero_point_hand": True}, "fixed_deals(2)", 141)
    )
    assert table.match.results[0].score.void
    with pytest.raises(
        IllegalMoveError, match=r"^deal 1 was annulled as it was dealt: it has no moves to record$"
    ):
        table.record(0)
    with pytest.raises(IllegalMoveError, match="deal 2 has no record: only finished deals"):
        table.record(1)


def _play_until_results(table: Table, results: int, tables: Tables | None = None) -> None:
    """Play the table's Chiamata (bidding on to the end of the auction) until it has that
    many deal results, saving after each move as the server does."""
    while len(table.match.results) < results:
        finished = len(table.finished)
        seat = current_player(table.match)
        assert seat is not None
        legal = table.legal_for(seat)
        in_auction = table.match.state.phase is Phase.AUCTION
        table.apply(
            seat, legal[-1] if in_auction else legal[0], ply=observe(table.match, seat).deal.ply
        )
        if tables is not None:
            tables.save(table, finished_before=finished)


def test_a_deal_annulled_after_a_played_one_keeps_the_numbers_of_the_deals(
    tmp_path: Path,
) -> None:
    """Match seed 20: deal 1 is played, deal 2 annulled as dealt (§2.5.6), deal 3 played. The
    annulled deal keeps its place: deal 3's record is deal 3's, and deal 2 has none."""
    tables = Tables(tmp_path)
    table = tables.create(
        TableSettings("chiamata", {"annul_zero_point_hand": True}, "fixed_deals(5)", 20)
    )
    _play_until_results(table, 2, tables)  # one move ends deal 1 and annuls deal 2
    assert len(table.finished) == len(table.match.results) == 2
    assert table.finished[1] is None
    with pytest.raises(IllegalMoveError, match="deal 2 was annulled as it was dealt"):
        table.record(1)
    _play_until_results(table, 3, tables)
    assert [final is None for final in table.finished] == [False, True, False]
    assert json.loads(table.message(0))["finished_deals"] == [0, 2]
    assert "deal 3" in table.record(2)
    names = {path.name for path in tmp_path.iterdir()}
    assert names == {f"{table.id}.json", f"{table.id}-deal-1.txt", f"{table.id}-deal-3.txt"}
    saved = briscola.Record.from_text((tmp_path / f"{table.id}-deal-3.txt").read_text("utf-8"))
    assert saved.final_state() == table.finished[2]


def test_the_last_deal_shown_is_each_seats_own_view_of_the_latest_deal() -> None:
    table = Table(TableSettings("classic", seed=2, format="fixed_deals(3)"))
    while len(table.match.results) < 2:
        play_some(table, 1)
    latest = table.finished[1]
    assert latest is not None
    # Each seat's in turn, after another seat's was built (and kept).
    for seat in (0, 1, None, 1, 0):
        shown = json.loads(table.message(seat))["previous"]
        view = briscola.public_view(latest) if seat is None else observe(latest, seat)
        assert shown == json.loads(briscola.dumps(view)), seat


def test_a_finished_match_shows_its_last_deal_and_no_previous_one() -> None:
    """Once the match is over, the view is the last deal's end: ``deal`` stays on that deal
    and ``previous`` is null, as `Table.deal_number` and `Table.message` say."""
    table = Table(TableSettings("classic", seed=2, format="fixed_deals(2)"))
    while not table.over:
        play_some(table, 1)
    assert table.deal_number == 1
    for seat in (0, 1, None):
        message = json.loads(table.message(seat))
        assert message["deal"] == 1
        assert message["previous"] is None
        assert message["match"]["final"]
    with pytest.raises(IllegalMoveError, match="the match is over"):
        table.play(0, "AD", ply=observe(table.match.state, 0).ply, deal=1)


@pytest.mark.parametrize("table_id", ["short", "../../../tmp/evil-table", "a" * 65, 12345678])
def test_a_table_id_is_8_to_64_letters_digits_dashes_or_underscores(table_id: object) -> None:
    # The id names the table's files: nothing else may reach the save folder's paths.
    with pytest.raises(InvalidStateError, match="a table id is 8 to 64 letters"):
        Table(TableSettings("classic", seed=1), table_id=untyped(table_id))


def test_what_must_be_called_is_checked_and_a_junk_id_finds_no_table() -> None:
    not_callable: list[dict[str, Any]] = [{"clock": 5}, {"bot_factory": None}]
    for keywords in not_callable:
        with pytest.raises(RulesError, match="clock and bot_factory must be callables"):
            Tables(**keywords)
    with pytest.raises(RulesError, match="bot_factory must be a callable"):
        Table(TableSettings("classic", seed=1, bots={1: "random"}), bot_factory=untyped(5))
    tables = Tables()
    tables.create(TableSettings("classic", seed=1))
    for junk in ([1], {"a": 1}, None, 3):
        assert tables.get(untyped(junk)) is None
        assert tables.last_move(untyped(junk)) is None
        assert tables.expires(untyped(junk)) is None


def test_touching_a_dropped_table_does_not_bring_its_time_back() -> None:
    clock = FakeClock()
    tables = Tables(clock=clock)
    table = tables.create(TableSettings("classic", seed=1))
    assert tables.drop(table.id) is table
    clock.now += 10
    tables.touch(table)  # a move saved by the server after the table was dropped
    assert tables.last_move(table.id) is None
    assert tables.expires(table.id) is None
    assert len(tables) == 0


def test_retention_times_may_be_zero_seconds() -> None:
    clock = FakeClock()
    tables = Tables(keep_finished=0, keep_idle=0.0, clock=clock)
    assert (tables.keep_finished, tables.keep_idle) == (0.0, 0.0)
    table = tables.create(TableSettings("classic", seed=1))
    assert tables.expires(table.id) == clock.now
    assert tables.sweep() == [table]


def test_bots_and_options_of_the_wrong_kind_are_refused_in_words() -> None:
    for players in ("2", 0, None, 2.0):
        with pytest.raises(RulesError, match=r"players=.* is not valid: use a whole number"):
            parse_bots("1", untyped(players))
    for options in ({1: True}, [("seven_swap", True)], "seven_swap=true"):
        with pytest.raises(RulesError, match="options must map option names to values"):
            TableSettings("classic", untyped(options))


def test_a_saved_table_with_an_empty_token_is_refused() -> None:
    """An empty token would give the seat to anyone whose hello carries an empty one."""
    document = Table(TableSettings("classic", seed=1)).to_json()
    for tokens in (["", "bbbb"], ["aaaa", ""]):
        with pytest.raises(InvalidStateError, match="needs an id, settings, tokens and moves"):
            Table.from_json({**document, "tokens": tokens})


def test_a_saved_table_with_a_move_after_its_match_ended_is_refused() -> None:
    table = Table(TableSettings("classic", seed=1))
    while (seat := current_player(table.match)) is not None:
        move = legal_moves(table.match)[0]
        table.apply(seat, move, ply=table.view_of(seat).ply)
    document = table.to_json()
    extra = len(document["moves"]) + 1
    with pytest.raises(InvalidStateError, match=rf"^move {extra} \(AD\): the match is over$"):
        Table.from_json({**document, "moves": [*document["moves"], "AD"]})


def test_a_save_waiting_while_its_table_is_dropped_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The drop takes the table's file lock first; a save that began meanwhile waits for it,
    # and then finds the table gone rather than write its file back after it was deleted.
    tables = Tables(tmp_path)
    table = tables.create(TableSettings("classic", seed=9))
    dropping, go_on = threading.Event(), threading.Event()
    forget = tables._forget

    def slow_forget(table_id: str) -> Table | None:
        dropping.set()
        go_on.wait(10)
        return forget(table_id)

    monkeypatch.setattr(tables, "_forget", slow_forget)
    dropper = threading.Thread(target=tables.drop, args=(table.id,))
    dropper.start()
    assert dropping.wait(10)
    saver = threading.Thread(target=tables.save, args=(table,))
    saver.start()
    saver.join(0.3)  # the save waits for the drop's lock
    go_on.set()
    dropper.join(10)
    saver.join(10)
    assert tables.get(table.id) is None
    assert list(tmp_path.iterdir()) == []


def test_a_table_file_is_flushed_to_disk_before_it_replaces_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tables, table, saved = _saved_table(tmp_path)
    steps: list[str] = []
    fsync, replace = os.fsync, os.replace

    def synced(fd: int) -> None:
        steps.append("fsync")
        fsync(fd)

    def replaced(source: str, target: str) -> None:
        steps.append(f"replace {Path(target).name}")
        replace(source, target)

    monkeypatch.setattr(os, "fsync", synced)
    monkeypatch.setattr(os, "replace", replaced)
    tables.save(table)
    assert steps == ["fsync", f"replace {saved.name}"]


def test_the_table_message_holds_every_field_the_build_a_ui_page_lists() -> None:
    table = Table(TableSettings("classic", seed=2, format="best_of(3)", bots={1: "random"}))
    while not table.match.results:
        play_some(table, 1)
    message = json.loads(table.message(0))
    assert set(message) == {
        *("type", "table", "deal", "seat", "players", "variant", "title", "bots"),
        *("sits_out", "finished_deals", "match", "view", "previous"),
    }
    assert set(message["match"]) == {
        *("format", "single_deal", "totals", "game_points", "deals_won", "deals_played"),
        *("winners", "final", "results"),
    }
    [result] = message["match"]["results"]
    assert set(result) == {"dealer", "points", "deltas", "winners", "void"}
    assert (message["bots"], message["match"]["single_deal"]) == ([1], False)
    assert result["deltas"] == list(table.match.results[0].score.deltas)


@pytest.mark.parametrize("value", [1, 1.5])
def test_saved_settings_that_are_a_numpy_number_are_refused(value: float) -> None:
    numpy = pytest.importorskip("numpy")
    for saved in (numpy.int64(value), numpy.float64(value), numpy.array([value])):
        with pytest.raises(InvalidStateError, match="not a mapping of fields"):
            TableSettings.from_json(untyped(saved))


@pytest.mark.parametrize("saved_format", [True, 1.0, "hostile", "1"])
def test_a_saved_table_whose_format_is_not_the_number_1_is_refused(saved_format: object) -> None:
    saved = Table(TableSettings("classic", seed=1)).to_json()
    saved["format"] = Hostile() if saved_format == "hostile" else saved_format
    with pytest.raises(InvalidStateError, match="another version"):
        Table.from_json(saved)
