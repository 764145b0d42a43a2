"""The web table's WebSocket protocol, from raw clients: seats, tokens, stale and bad messages."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect, WebSocketState

import briscola
from briscola import Record, apply, legal_moves, observe
from briscola.web import app as web_app
from briscola.web.app import create_app
from briscola.web.tables import Table, Tables, TableSettings
from helpers import Hostile, card_codes_in, untyped
from web_support import FakeClock, cards_in, hidden_from, live_server

Socket = Any


def hello(ws: Socket, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    return receive(ws)


def watch_to_the_end(ws: Socket, token: str | None) -> dict[str, Any]:
    """Say hello with ``token`` (a spectator's for None) and read until the match is over."""
    message = hello(ws, token)
    while not message["match"]["final"]:
        message = receive(ws)
    return message


def receive(ws: Socket) -> dict[str, Any]:
    value: dict[str, Any] = json.loads(ws.receive_text())
    return value


def move(ws: Socket, message: dict[str, Any], notation: str) -> None:
    ws.send_text(
        json.dumps(
            {
                "type": "move",
                "move": notation,
                "ply": message["view"]["ply"],
                "deal": message["deal"],
            }
        )
    )


def until_table(ws: Socket) -> tuple[list[str], dict[str, Any]]:
    """The error messages received, up to and including the next table message."""
    errors: list[str] = []
    while True:
        message = receive(ws)
        if message["type"] == "table":
            return errors, message
        errors.append(message["message"])


@pytest.fixture
def served() -> Any:
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=11))
    with TestClient(create_app(tables)) as client:
        yield client, table, tables


def test_each_seat_gets_only_its_own_view(served: Any) -> None:
    client, table, _ = served
    for seat in range(2):
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            message = hello(ws, table.tokens[seat])
            assert message["seat"] == seat
            assert message["view"] == json.loads(briscola.dumps(observe(table.match.state, seat)))
            text = json.dumps(message)
            assert not cards_in(text) & hidden_from(table, seat)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        message = hello(ws, None)
        assert message["seat"] is None
        assert message["view"]["hand"] == []
        assert not cards_in(json.dumps(message)) & hidden_from(table, None)


def test_a_wrong_token_is_refused_and_closed(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        token = table.tokens[0]
        wrong = token[:-1] + ("y" if token.endswith("x") else "x")  # tokens are random
        reply = hello(ws, wrong)
        assert reply == {"type": "error", "message": "this link is not valid for this table"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4003


def test_an_unknown_table_is_refused(served: Any) -> None:
    client, _, _ = served
    with client.websocket_connect("/ws/no-such-table") as ws:
        assert receive(ws)["type"] == "error"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4004


def test_a_seat_cannot_move_for_another_seat(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        message = hello(ws, table.tokens[1])  # seat 0 is to act
        card = str(legal_moves(table.match.state)[0])
        move(ws, message, card)
        errors, again = until_table(ws)
        assert len(errors) == 1
        assert "turn" in errors[0]
        assert "seat 0" in errors[0]
        assert "seat 1" in errors[0]
        assert again["view"]["ply"] == 0
        assert table.moves == []


def test_a_spectator_can_never_act(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        message = hello(ws, None)
        move(ws, message, str(legal_moves(table.match.state)[0]))
        assert receive(ws) == {"type": "error", "message": "spectators cannot play"}
        assert table.moves == []


def _seed_where_seat_0_leads_twice() -> tuple[int, str, str]:
    """A seed and two plays after which seat 0 (the first to act) is to act again."""
    for seed in range(100):
        state = TableSettings("classic", seed=seed).new_match().state
        for first in legal_moves(state):
            after = apply(state, first)
            for second in legal_moves(after):
                if apply(after, second).turn == 0:
                    return seed, str(first), str(second)
    raise AssertionError("no such seed")


def test_a_replayed_or_stale_move_is_refused() -> None:
    seed, first, second = _seed_where_seat_0_leads_twice()
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=seed))
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as zero,
        client.websocket_connect(f"/ws/{table.id}") as one,
    ):
        start = hello(zero, table.tokens[0])
        seen_by_one = hello(one, table.tokens[1])
        move(zero, start, first)
        until_table(zero)
        _, seen_by_one = until_table(one)
        move(one, seen_by_one, second)
        until_table(one)
        _, now = until_table(zero)
        assert now["view"]["turn"] == 0
        assert now["view"]["ply"] == 2
        hand_card = now["view"]["legal_moves"][0]
        # The very same message again, and a fresh move with the old ply: both stale.
        move(zero, start, first)
        move(zero, start, hand_card)
        errors, _ = until_table(zero)
        errors += until_table(zero)[0]
        assert len(errors) == 2, errors
        assert all("ply 0" in error and "ply 2" in error for error in errors)
        assert table.moves == [first, second]
        # The right ply but another deal's number is refused too.
        zero.send_text(json.dumps({"type": "move", "move": hand_card, "ply": 2, "deal": 1}))
        errors, _ = until_table(zero)
        assert errors == ["that move was meant for deal 2, but deal 1 is being played"]
        move(zero, now, hand_card)
        assert until_table(zero)[1]["view"]["ply"] == 3


@pytest.mark.parametrize(
    ("text", "reply"),
    [
        ("not json", "a message must be a JSON object"),
        ("[1, 2]", 'a message must be a JSON object with a "type"'),
        ('{"type": 3}', 'a message must be a JSON object with a "type"'),
        ('{"type": "dance"}', "unknown message type 'dance'"),
        (
            '{"type": "move", "move": "AD"}',
            'a move needs "move" (its notation), "ply" and "deal" (numbers)',
        ),
        (
            '{"type": "move", "move": "AD", "ply": true, "deal": 0}',
            'a move needs "move" (its notation), "ply" and "deal" (numbers)',
        ),
        (
            '{"type": "move", "move": ["AD"], "ply": 0, "deal": 0}',
            'a move needs "move" (its notation), "ply" and "deal" (numbers)',
        ),
        ('{"type": "move", "move": "the queen of hearts", "ply": 0, "deal": 0}', "cannot read"),
        ('{"type": "move", "move": "bid 9", "ply": 0, "deal": 0}', "not"),
        ('{"type": "record", "deal": "0"}', "records go to the players, for a deal number"),
        ('{"type": "record", "deal": 0}', "deal 1 has no record: only finished deals"),
    ],
)
def test_malformed_messages_get_an_error_and_change_nothing(
    served: Any, text: str, reply: str
) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, table.tokens[0])
        ws.send_text(text)
        answer = receive(ws)
        assert answer["type"] == "error"
        assert reply in answer["message"]
        assert table.moves == []
        # The connection stays usable (a refused move is followed by the current view).
        ws.send_text('{"type": "record", "deal": 5}')
        answer = receive(ws)
        if answer["type"] == "table":
            assert answer["view"]["ply"] == 0
            answer = receive(ws)
        assert "deal 6 has no record" in answer["message"]


def _opening_moves(variant: str) -> list[str]:
    """The notations of the moves legal in the first position of a seeded table."""
    return [str(m) for m in legal_moves(Table(TableSettings(variant, seed=11)).match.state)]


_FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 3),
    st.sampled_from([10**300, -(10**300), 1.5, math.inf, "", "0", [], {}, [0], {"a": 1}]),
    st.text(max_size=8),
    st.sampled_from(
        ["AD", "7C", "pass", "bid 9", "bid 61", "call AC", "swap", "\ud800", "x" * 300]
        + _opening_moves("classic")
        + _opening_moves("chiamata")
    ),
)
_MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["move", "record", "hello", "signal", ""])},
        optional={"move": _FIELD_VALUES, "ply": _FIELD_VALUES, "deal": _FIELD_VALUES},
    ).map(json.dumps),
    _FIELD_VALUES.map(json.dumps),
    st.text(max_size=30),
)


_LEGAL = "a well-formed move for the position the table is in"


@settings(max_examples=40, derandomize=True, deadline=None, database=None)
@given(
    variant=st.sampled_from(["classic", "chiamata"]),
    seat=st.sampled_from([0, None]),
    texts=st.lists(_MESSAGES, min_size=1, max_size=4),
    at=st.integers(0, 4),
)
def test_any_message_is_answered_in_words_and_never_shows_a_hidden_card(
    variant: str, seat: int | None, texts: list[str], at: int
) -> None:
    tables = Tables()
    table = tables.create(TableSettings(variant, seed=11))
    # One move in each run that is legal in the position, though not always the sender's
    # to make: it is made, or refused with the table as it is, so views are checked too.
    texts = [*texts[:at], _LEGAL, *texts[at:]]
    views = 0

    def shows_nothing_hidden(reply: str, sent: str) -> None:
        answer = json.loads(reply)
        assert answer["type"] in {"table", "error"}, answer
        # A hidden card never shows, unless an error repeats what the client wrote. The
        # table's random id is left out: "…-QC" would read as a card one time in 1,400.
        named = card_codes_in(reply.replace(table.id, "")) & hidden_from(table, seat)
        if answer["type"] == "error":
            named -= card_codes_in(sent)
        assert not named, reply

    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        first = hello(ws, None if seat is None else table.tokens[seat])
        assert first["type"] == "table"
        shows_nothing_hidden(json.dumps(first), "")
        views += 1
        sent = ""
        for text in texts:
            if text is _LEGAL:
                state = table.match.state
                text = json.dumps(
                    {
                        "type": "move",
                        "move": str(legal_moves(state)[0]),
                        "ply": observe(state, 0).ply,
                        "deal": table.deal_number,
                    }
                )
                ws.send_text(text)
                sent += text
                if seat is not None:  # the table comes once the move is made or refused
                    while True:
                        reply = ws.receive_text()
                        shows_nothing_hidden(reply, sent)
                        if json.loads(reply)["type"] == "table":
                            views += 1
                            break
            else:
                ws.send_text(text)
                sent += text
            # A request every connection gets one error for, whatever came before: the
            # answers to ``text`` are the messages up to that error.
            ws.send_text('{"type": "record", "deal": -1}')
            while True:
                reply = ws.receive_text()
                shows_nothing_hidden(reply, sent)
                answer = json.loads(reply)
                if answer["type"] == "table":
                    views += 1
                    continue
                assert "Traceback" not in answer["message"]
                assert len(answer["message"]) <= 300
                if answer["message"] in {
                    "deal must be a whole number from 0, not -1",
                    "records go to the players, for a deal number",
                }:
                    break
        if seat is None:
            assert table.moves == []
        assert len(table.moves) <= 1
    # A seat is sent the table after its move, or with the refusal of it.
    assert views >= (1 if seat is None else 2)


def test_the_served_app_says_why_it_refuses_a_long_message() -> None:
    """Through the server's own configuration: a message longer than MAX_MESSAGE characters
    gets its reason and 4009, however it is encoded, up to MAX_FRAME bytes; a larger frame
    is cut off unread."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    tables = Tables()
    table = tables.create(TableSettings("classic", seed=11))
    longest = web_app.MAX_FRAME - len('{"type": "hello", "token": ""}')
    with live_server(tables) as base:
        url = base.replace("http", "ws", 1) + f"/ws/{table.id}"
        for token in ("x" * 5000, "é" * 3000, "x" * longest):
            with connect(url, open_timeout=5) as ws:
                ws.send(json.dumps({"type": "hello", "token": token}, ensure_ascii=False))
                assert "at most 1024 characters" in json.loads(ws.recv(timeout=5))["message"]
                with pytest.raises(ConnectionClosed) as closed:
                    ws.recv(timeout=5)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == 4009
        with connect(url, open_timeout=5) as ws:
            ws.send(json.dumps({"type": "hello", "token": "x" * web_app.MAX_FRAME}))
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1009


def _closed_within(sock: socket.socket, seconds: float, *, trickle: bytes = b"") -> bool:
    """Whether the server closes ``sock`` within ``seconds``, while it sends ``trickle`` a
    byte at a time, every tenth of a second."""
    sock.settimeout(0.1)
    deadline = time.monotonic() + seconds
    sent = 0
    while time.monotonic() < deadline:
        try:
            if sock.recv(4096) == b"":
                return True
        except TimeoutError:
            pass
        except ConnectionError:
            return True
        if sent < len(trickle):
            with contextlib.suppress(OSError):
                sock.sendall(trickle[sent : sent + 1])
            sent += 1
    return False


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


def test_a_request_that_does_not_arrive_in_time_is_cut_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A connection that says nothing, or a head sent a byte at a time, would otherwise hold
    # one of the server's connections for ever; enough of them lock every visitor out.
    from websockets.sync.client import connect

    monkeypatch.setattr(web_app, "REQUEST_TIMEOUT", 0.5)
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=11))
    with live_server(tables) as base:
        port = int(base.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port)) as silent:
            assert _closed_within(silent, 3)
        with socket.create_connection(("127.0.0.1", port)) as slow:
            head = b"GET /api/presets HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"a" * 200
            assert _closed_within(slow, 3, trickle=head)
        with socket.create_connection(("127.0.0.1", port)) as body:
            body.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{")
            body.settimeout(3)
            assert body.recv(4096).startswith(b"HTTP/1.1 408 ")
        errors = _Errors()
        logging.getLogger("uvicorn.error").addHandler(errors)  # uvicorn's, not propagated
        with socket.create_connection(("127.0.0.1", port)) as dropped:
            dropped.sendall(b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{")
        time.sleep(0.3)  # a client gone in the middle of its body is no error of the server's
        logging.getLogger("uvicorn.error").removeHandler(errors)
        assert errors.messages == []
        with socket.create_connection(("127.0.0.1", port)) as kept:
            request = b"GET /api/presets HTTP/1.1\r\nHost: x\r\n\r\n"
            kept.sendall(request)
            kept.settimeout(3)
            assert kept.recv(65536).startswith(b"HTTP/1.1 200 ")
            time.sleep(0.2)
            kept.sendall(request)  # a second request on the kept-alive connection
            assert kept.recv(65536).startswith(b"HTTP/1.1 200 ")
        url = base.replace("http", "ws", 1) + f"/ws/{table.id}"
        with connect(url, open_timeout=5) as ws:
            time.sleep(1.5)  # an open WebSocket has nothing more to send in time
            ws.send(json.dumps({"type": "hello", "token": table.tokens[0]}))
            assert json.loads(ws.recv(timeout=5))["type"] == "table"


def test_the_lobby_answers_503_when_every_table_is_in_play() -> None:
    tables = Tables(limit=1)
    tables.create(TableSettings("classic", seed=1))
    client = TestClient(create_app(tables))
    response = client.post("/api/tables", json={"variant": "classic"})
    assert response.status_code == 503
    assert response.headers["retry-after"] == "60"
    assert response.json()["error"] == "this server already has 1 table in play: try again later"
    # A request that could never succeed is refused as such, full or not.
    for bad in (
        {"variant": "classic", "options": {"seven_swap": "maybe"}},
        {"variant": "classic", "format": "best_of(x)"},
        {"variant": "classic", "bots": {"7": "greedy"}},
    ):
        response = client.post("/api/tables", json=bad)
        assert response.status_code == 400, bad
        assert "retry-after" not in response.headers


def test_every_request_sent_at_once_is_answered_in_order() -> None:
    # Twelve records asked for in one go (a client saving a whole match) and a burst of
    # bad messages: no reply is dropped, however many wait at once.
    from websockets.sync.client import connect

    tables = Tables()
    table = tables.create(TableSettings("classic", format="fixed_deals(12)", seed=3))
    while not table.over:
        seat = briscola.current_player(table.match)
        assert seat is not None
        ply = observe(table.match.state, seat).ply
        table.play(seat, str(legal_moves(table.match)[0]), ply=ply, deal=table.deal_number)
    url = f"/ws/{table.id}"
    with live_server(tables) as base, connect(base.replace("http", "ws", 1) + url) as ws:
        ws.send(json.dumps({"type": "hello", "token": table.tokens[0]}))
        assert json.loads(ws.recv(timeout=5))["type"] == "table"
        for deal in range(12):
            ws.send(json.dumps({"type": "record", "deal": deal}))
        for _ in range(40):
            ws.send("not JSON")
        replies = [json.loads(ws.recv(timeout=5)) for _ in range(52)]
    assert [reply.get("deal") for reply in replies[:12]] == list(range(12))
    assert all(reply["type"] == "record" for reply in replies[:12])
    assert all(reply["type"] == "error" for reply in replies[12:])


def test_an_oversized_message_closes_the_connection(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, table.tokens[0])
        ws.send_text(json.dumps({"type": "move", "move": "x" * 2000, "ply": 0, "deal": 0}))
        assert "at most 1024 characters" in receive(ws)["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4009
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": "x" * 5000}))  # an oversized hello
        assert "at most 1024 characters" in receive(ws)["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()
    assert table.moves == []


def test_binary_frames_and_floods_close_the_connection(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, table.tokens[0])
        ws.send_bytes(b"\x00\x01")
        assert receive(ws)["message"] == "send text messages only"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, table.tokens[0])
        for _ in range(web_app.RATE[0] + 1):
            ws.send_text('{"type": "dance"}')
        messages = [receive(ws) for _ in range(web_app.RATE[0] + 1)]
        assert "too many" not in messages[-2]["message"]  # the allowance itself is served
        assert messages[-1]["message"] == "too many messages: slow down"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4029


def test_spectators_never_keep_a_player_from_their_seat(
    served: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, table, _ = served
    monkeypatch.setattr(web_app, "MAX_SPECTATORS", 2)
    with contextlib.ExitStack() as stack:
        for _ in range(2):
            hello(stack.enter_context(client.websocket_connect(f"/ws/{table.id}")), None)
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            assert hello(ws, None)["message"] == "this table has as many spectators as it can take"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4013
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            assert hello(ws, table.tokens[0])["seat"] == 0


def test_a_seat_s_newest_tab_closes_its_oldest(
    served: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, table, _ = served
    monkeypatch.setattr(web_app, "MAX_TABS", 2)
    with contextlib.ExitStack() as stack:
        tabs = [stack.enter_context(client.websocket_connect(f"/ws/{table.id}")) for _ in range(3)]
        assert hello(tabs[0], table.tokens[0])["seat"] == 0
        assert hello(tabs[1], table.tokens[0])["seat"] == 0
        newest = hello(tabs[2], table.tokens[0])
        assert newest["seat"] == 0
        assert receive(tabs[0])["message"] == "this seat has been opened in another tab"
        with pytest.raises(WebSocketDisconnect) as closed:
            tabs[0].receive_text()
        assert closed.value.code == 4008
        move(tabs[2], newest, str(legal_moves(table.match.state)[0]))
        assert until_table(tabs[1])[1]["view"]["ply"] == 1


def test_a_silent_connection_is_closed(served: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    client, table, _ = served
    monkeypatch.setattr(web_app, "HELLO_TIMEOUT", 0.05)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        assert receive(ws) == {"type": "error", "message": "say hello first"}
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()


def test_reconnecting_with_the_same_link_restores_the_seat(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        first = hello(ws, table.tokens[0])
        move(ws, first, first["view"]["legal_moves"][0])
        _, after = until_table(ws)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        again = hello(ws, table.tokens[0])
    assert again["seat"] == 0
    assert again["view"] == after["view"]


def test_bots_play_and_a_finished_deal_can_be_downloaded() -> None:
    tables = Tables()
    table = tables.create(
        TableSettings("classic-4", seed=4, bots={1: "random", 2: "random", 3: "random"})
    )
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        message = hello(ws, table.tokens[0])
        while not message["match"]["final"]:
            if message["view"]["legal_moves"]:
                move(ws, message, message["view"]["legal_moves"][-1])
            message = receive(ws)
            assert message["type"] == "table"
            assert not cards_in(json.dumps(message["view"])) & hidden_from(table, 0)
        assert message["view"]["phase"] == "over"
        ws.send_text('{"type": "record", "deal": 0}')
        reply = receive(ws)
    assert reply["type"] == "record"
    record = Record.from_text(reply["text"])
    assert record.final_state() == table.match.state
    assert len(table.moves) == 40


def test_a_failing_bot_does_not_stall_the_table() -> None:
    def broken(kind: str, seed: int) -> Any:
        def bot(view: briscola.View) -> briscola.Move:
            raise ZeroDivisionError

        return bot

    tables = Tables(bot_factory=broken)
    table = tables.create(TableSettings("classic", seed=2, bots={0: "random", 1: "random"}))
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        watch_to_the_end(ws, None)
    assert table.over
    assert len(table.moves) == 40


def test_the_lobby_opens_tables_and_checks_what_it_is_sent(served: Any) -> None:
    client, _, tables = served
    presets = client.get("/api/presets").json()
    assert [p["id"] for p in presets["presets"]] == list(briscola.VARIANTS)
    # The shapes that Build a UI gives for a client of its own.
    assert set(presets) == {"presets", "bots"}
    assert presets["bots"] == ["random", "greedy", "search"]
    for preset in presets["presets"]:
        assert set(preset) == {"id", "title", "players", "options"}
        assert all(set(option) == {"name", "values", "default"} for option in preset["options"])
        # Every table rule the preset takes, with the preset's own value.
        shown = {option["name"]: option["default"] for option in preset["options"]}
        takes = [o.name for o in briscola.OPTIONS.values() if preset["id"] in o.applies_to]
        assert list(shown) == takes
        if "signal_tokens" in shown:
            tokens = briscola.VARIANTS[preset["id"]].signal_tokens
            assert shown["signal_tokens"] == list(tokens)
    # Every signal token fits in a lobby request, as text or as a list; the presets'
    # default list is taken back as it was given.
    every = ",".join(briscola.SIGNAL_TOKENS)
    default = next(p for p in presets["presets"] if p["id"] == "classic-4")["options"]
    for tokens, expected in [
        (every, briscola.SIGNAL_TOKENS),
        (list(briscola.SIGNAL_TOKENS), briscola.SIGNAL_TOKENS),
        (next(o["default"] for o in default if o["name"] == "signal_tokens"), None),
    ]:
        reply = client.post(
            "/api/tables",
            json={"variant": "classic-4", "options": {"signals": True, "signal_tokens": tokens}},
        )
        assert reply.status_code == 201, reply.json()
        created = tables.get(reply.json()["table"])
        wanted = expected or briscola.VARIANTS["classic-4"].signal_tokens
        assert created.match.rules.signal_tokens == wanted
    reply = client.post(
        "/api/tables",
        json={
            "variant": "chiamata",
            "options": {"stakes": "bands"},
            "format": "fixed_deals(2)",
            "bots": {"1": "greedy", "4": "random"},
        },
    )
    assert reply.status_code == 201
    links = reply.json()
    assert set(links) == {"table", "variant", "seats", "bots", "spectator"}
    assert links["bots"] == {"1": "greedy", "4": "random"}
    assert links["spectator"] == f"/t/{links['table']}"
    table: Table = tables.get(links["table"])
    assert table.match.rules == briscola.rules("chiamata", stakes="bands")
    assert links["seats"][1] is None
    assert links["seats"][0] == f"/t/{table.id}#{table.tokens[0]}"
    for body, error in [
        ({"variant": "poker"}, "choose a preset"),
        ({"variant": "classic", "options": {"stakes": "bands"}}, "stakes"),
        ({"variant": "classic", "options": {"nope": 1}}, "'nope' is not a table rule"),
        ({"variant": "classic", "options": {"seven_swap": [1]}}, "must be short text"),
        ({"variant": "classic", "options": {"win_threshold": 71.5}}, "a whole number"),
        ({"variant": "classic", "format": "best_of(x)"}, "best_of"),
        ({"variant": "classic", "bots": {"7": "random"}}, "seat=7 is not a seat"),
        ({"variant": "classic", "bots": {"1": "genius"}}, "bots must map seats"),
        ({"variant": "classic", "bots": {"\u00b2": "greedy"}}, "bots must map seats"),
    ]:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400, body
        assert error in answer.json()["error"], body
    # A whole number written as 71.0, as some JSON writers do, is the number 71.
    whole = client.post(
        "/api/tables", json={"variant": "classic", "options": {"win_threshold": 71.0}}
    )
    assert whole.status_code == 201
    assert tables.get(whole.json()["table"]).match.rules.win_threshold == 71
    assert client.post("/api/tables", content=b"{" * 9000).status_code == 413
    assert client.post("/api/tables", content=b"\xff").status_code == 400
    # An integer longer than Python reads from JSON (4,300 digits), within the size limit.
    assert client.post("/api/tables", content=b"8" * 8000).status_code == 400


def test_pages_carry_security_headers(served: Any) -> None:
    client, table, _ = served
    for path in ("/", f"/t/{table.id}", "/static/table.js", "/api/presets", "/t/unknown"):
        reply = client.get(path)
        assert reply.status_code == (404 if path == "/t/unknown" else 200), path
        headers = reply.headers
        assert "default-src 'self'" in headers["content-security-policy"], path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY", path
        assert headers["x-content-type-options"] == "nosniff", path
        assert headers["referrer-policy"] == "no-referrer", path
        assert headers["cache-control"] == "no-store", path


def test_the_lobby_opens_tables_past_the_limit_once_old_ones_are_finished() -> None:
    clock = FakeClock()
    tables = Tables(limit=2, keep_finished=3600, keep_idle=7200, clock=clock)
    with TestClient(create_app(tables)) as client:
        first = client.post("/api/tables", json={"variant": "classic", "bots": {"1": "random"}})
        second = client.post("/api/tables", json={"variant": "classic"})
        assert (first.status_code, second.status_code) == (201, 201)
        full = client.post("/api/tables", json={"variant": "classic"})
        assert full.status_code == 503
        assert "already has 2 tables in play" in full.json()["error"]
        table = tables.get(first.json()["table"])
        assert table is not None
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            message = hello(ws, table.tokens[0])
            while not message["match"]["final"]:
                if message["view"]["legal_moves"]:
                    move(ws, message, message["view"]["legal_moves"][0])
                message = receive(ws)
            clock.now += 60  # well inside the hour a finished table is kept
            third = client.post("/api/tables", json={"variant": "classic"})
            assert third.status_code == 201
            # The finished table made room: its players are told, and its links are gone.
            assert receive(ws) == {"type": "error", "message": "this table has been closed"}
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_text()
            assert closed.value.code == 4004
        assert client.get(f"/t/{table.id}").status_code == 404
        assert {t.id for t in tables} == {second.json()["table"], third.json()["table"]}
        # No table has finished now, so the lobby is full again until one is abandoned.
        assert client.post("/api/tables", json={"variant": "classic"}).status_code == 503
        clock.now += 7200
        assert client.post("/api/tables", json={"variant": "classic"}).status_code == 201
        assert len(tables) == 1


def test_the_server_sweeps_abandoned_tables_on_its_own() -> None:
    clock = FakeClock()
    tables = Tables(keep_idle=600, clock=clock)
    table = tables.create(TableSettings("classic", seed=3))
    with (
        TestClient(create_app(tables, sweep_every=0.01)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        hello(ws, None)
        clock.now += 600
        assert receive(ws) == {"type": "error", "message": "this table has been closed"}
        with pytest.raises(WebSocketDisconnect):
            ws.receive_text()
    assert len(tables) == 0


def test_the_app_refuses_what_is_not_tables() -> None:
    junks: list[object] = [None, [], Hostile()]
    for junk in junks:
        with pytest.raises(briscola.RulesError, match="create_app\\(\\) needs Tables, not "):
            create_app(untyped(junk))


@pytest.mark.parametrize(
    "every", [0, -1.0, float("nan"), "60", pytest.param(-(10**5000), id="huge")]
)
def test_a_bad_sweep_period_is_refused(every: Any) -> None:
    with pytest.raises(
        briscola.RulesError, match=r"sweep_every=.* is not valid: use a number of seconds above 0"
    ):
        create_app(Tables(), sweep_every=every)


@pytest.mark.parametrize("lobby", [pytest.param(Hostile(), id="hostile"), 1, None])
def test_the_lobby_flag_is_true_or_false(lobby: Any) -> None:
    with pytest.raises(briscola.RulesError, match=r"lobby=.* is not valid: use True or False"):
        create_app(Tables(), lobby=lobby)


@pytest.mark.parametrize("every", [math.inf, pytest.param(10**5000, id="huge")])
def test_a_server_that_never_sweeps_on_its_own_starts_and_stops(every: Any) -> None:
    clock = FakeClock()
    tables = Tables(keep_idle=600, clock=clock)
    abandoned = tables.create(TableSettings("classic", seed=3))
    with TestClient(create_app(tables, sweep_every=every)) as client:
        clock.now += 600
        time.sleep(0.05)
        assert tables.get(abandoned.id) is abandoned
        assert client.post("/api/tables", json={"variant": "classic"}).status_code == 201
        assert tables.get(abandoned.id) is None  # the lobby swept it


def test_a_lone_surrogate_token_is_refused_like_any_wrong_token(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_text('{"type": "hello", "token": "\\ud800"}')
        assert receive(ws) == {"type": "error", "message": "this link is not valid for this table"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4003


def test_opponents_and_spectators_are_not_told_that_a_signal_was_made() -> None:
    tables = Tables()
    table = tables.create(TableSettings("classic-4", {"signals": True}, seed=5))
    for _ in range(4):  # the first trick: no signal may be made during it
        state = table.match.state
        assert state.turn is not None
        table.play(state.turn, str(legal_moves(state)[0]), ply=observe(state, 0).ply, deal=0)
    signaller = table.match.state.turn
    assert signaller is not None
    opponent = (signaller + 1) % 4
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as mover,
        client.websocket_connect(f"/ws/{table.id}") as other,
        client.websocket_connect(f"/ws/{table.id}") as spectator,
    ):
        seen = hello(mover, table.tokens[signaller])
        before = {
            "other": hello(other, table.tokens[opponent]),
            "spectator": hello(spectator, None),
        }
        signal = next(m for m in legal_moves(table.match.state) if type(m) is briscola.Signal)
        move(mover, seen, str(signal))
        _, seen = until_table(mover)
        card = str(next(m for m in legal_moves(table.match.state) if type(m) is briscola.Play))
        move(mover, seen, card)
        for name, ws in (("other", other), ("spectator", spectator)):
            after = receive(ws)  # the first message since the signal: the card's
            assert after["view"]["trick"] == [*before[name]["view"]["trick"], card], name


def test_a_bot_that_signals_waits_once_in_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # Opponents see no signal, so they must not see a longer pause before the card either.
    def signaller(kind: str, seed: int) -> Any:
        def bot(view: briscola.View) -> briscola.Move:
            signals = [m for m in view.legal_moves if type(m) is briscola.Signal]
            return signals[0] if signals else view.legal_moves[0]

        return bot

    waits: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        if seconds == 0.5:  # a bot's wait; the server's sweeper waits too, for longer
            waits.append(seconds)
            seconds = 0
        await real_sleep(seconds)

    monkeypatch.setattr(asyncio, "sleep", sleep)  # the module the server waits with
    tables = Tables(bot_factory=signaller)
    bots = dict.fromkeys(range(4), "greedy")
    table = tables.create(TableSettings("classic-4", {"signals": True}, seed=3, bots=bots))
    with (
        TestClient(create_app(tables, bot_delay=0.5)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        watch_to_the_end(ws, None)
    signals = sum(1 for notation in table.moves if notation.startswith("signal"))
    assert signals > 0
    assert len(table.moves) == 40 + signals
    assert waits == [0.5] * 40  # one a card, none for a signal


def _failing_save(table: Table, *, finished_before: int | None = None) -> None:
    raise OSError(28, "No space left on device")


def _slow_failing_save(saving: threading.Event, release: threading.Event) -> Callable[..., None]:
    """A save that says it started, waits for ``release``, then fails as a full disk."""

    def save(table: Table, *, finished_before: int | None = None) -> None:
        saving.set()
        release.wait(10)
        _failing_save(table)

    return save


def test_a_move_that_cannot_be_saved_is_not_made(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file is written before anyone is told of a move: when it cannot be written, the
    move is undone and its player told, and the table plays on once it can be saved."""
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=11))
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        message = hello(ws, table.tokens[0])
        monkeypatch.setattr(tables, "save", _failing_save)
        move(ws, message, str(legal_moves(table.match.state)[0]))
        errors, again = until_table(ws)
        assert errors == ["the server could not save this move, so it was not made: try again"]
        assert again["view"]["ply"] == 0
        assert table.moves == []
        monkeypatch.undo()
        move(ws, again, str(legal_moves(table.match.state)[0]))
        errors, after = until_table(ws)
        assert errors == []
        assert after["view"]["ply"] == 1


def test_a_move_being_saved_is_shown_to_nobody(monkeypatch: pytest.MonkeyPatch) -> None:
    """Until a move is saved it may be undone: a seat that connects meanwhile, and a bot,
    see the table as it was, so nobody sees a card that goes back into a hand."""
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=7, bots={1: "greedy"}))
    saving, release = threading.Event(), threading.Event()

    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as mover,
    ):
        message = hello(mover, table.tokens[0])
        monkeypatch.setattr(tables, "save", _slow_failing_save(saving, release))
        played = str(legal_moves(table.match.state)[0])
        move(mover, message, played)
        assert saving.wait(10)
        with client.websocket_connect(f"/ws/{table.id}") as watcher:
            watcher.send_text(json.dumps({"type": "hello"}))
            time.sleep(0.2)  # the hello waits for the save
            release.set()
            seen = receive(watcher)
            assert seen["view"]["ply"] == 0
            assert seen["view"]["trick"] == []
        errors, again = until_table(mover)
        assert errors == ["the server could not save this move, so it was not made: try again"]
        assert played in again["view"]["legal_moves"]
        assert table.moves == []


def test_a_table_that_cannot_be_saved_is_not_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = Tables(limit=1)
    monkeypatch.setattr(tables, "save", _failing_save)
    with TestClient(create_app(tables)) as client:
        for _ in range(2):  # a refused table takes no place of the limit
            answer = client.post("/api/tables", json={"variant": "classic"})
            assert answer.status_code == 503
            assert answer.headers["retry-after"] == "60"  # a state that passes, as a full server
            assert answer.json() == {
                "error": "the server cannot save a new table now: try again later"
            }
            assert len(tables) == 0
        monkeypatch.undo()
        assert client.post("/api/tables", json={"variant": "classic"}).status_code == 201
        assert len(tables) == 1


def test_a_sweep_that_fails_once_does_not_stop_the_sweeps() -> None:
    class Faltering(FakeClock):
        failures = 0

        def __call__(self) -> float:
            if self.failures:
                self.failures -= 1
                raise OSError("the clock is out")
            return self.now

    clock = Faltering()
    tables = Tables(keep_idle=600, clock=clock)
    tables.create(TableSettings("classic", seed=3))
    with TestClient(create_app(tables, sweep_every=0.01)):
        clock.failures = 3
        time.sleep(0.1)  # several sweeps fail meanwhile
        clock.now += 600
        deadline = time.monotonic() + 10
        while len(tables) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(tables) == 0  # a later sweep dropped the abandoned table


def test_bots_stop_while_their_moves_cannot_be_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=2, bots={0: "random", 1: "random"}))
    monkeypatch.setattr(tables, "save", _failing_save)
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        message = hello(ws, None)
        assert message["view"]["ply"] == 0
        time.sleep(0.2)  # the bots try, fail to save, and stop
        assert table.moves == []
        assert table.match.state.history == ()


class _Stuck:
    """A WebSocket whose client has stopped reading: every send waits for ever."""

    application_state = WebSocketState.CONNECTED

    def __init__(self) -> None:
        self.closed: list[int] = []

    async def send_text(self, text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int) -> None:
        self.closed.append(code)


class _Reading(_Stuck):
    def __init__(self) -> None:
        super().__init__()
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


def test_a_client_that_stops_reading_holds_up_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sends to a client that reads nothing give up after SEND_TIMEOUT: its writer ends,
    and closing the table still tells every other client at once."""
    monkeypatch.setattr(web_app, "SEND_TIMEOUT", 0.05)
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=1))

    async def scenario() -> tuple[float, list[str], list[int]]:
        room = web_app.Room(table, tables, 0.0)
        stuck, reading = _Stuck(), _Reading()
        writer = web_app._Client(untyped(stuck), None)
        writer.post_table("hello")
        with pytest.raises(TimeoutError):
            await writer.write()
        room.clients.update(
            {
                writer,
                web_app._Client(untyped(reading), None),
                web_app._Client(untyped(_Stuck()), 0),
            }
        )
        start = time.monotonic()
        await room.close()
        return time.monotonic() - start, reading.sent, reading.closed

    elapsed, sent, closed = asyncio.run(scenario())
    assert elapsed < 1.0
    assert [json.loads(text)["message"] for text in sent] == ["this table has been closed"]
    assert closed == [4004]


def test_a_newer_table_message_replaces_one_not_yet_sent() -> None:
    """Only `table` messages are ever left out: replies all go, in order."""

    async def scenario() -> list[str]:
        reading = _Reading()
        client = web_app._Client(untyped(reading), 0)
        client.post_table("old table")
        client.post("first reply")
        client.post_table("new table")
        client.post("second reply")
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(0.1):
                await client.write()
        return reading.sent

    assert asyncio.run(scenario()) == ["first reply", "new table", "second reply"]


class _Asking(_Reading):
    """A client that sends a request as soon as one is read, and takes no reply."""

    def __init__(self) -> None:
        super().__init__()
        self.read = 0

    async def receive(self) -> dict[str, Any]:
        self.read += 1
        await asyncio.sleep(0)
        return {"type": "websocket.receive", "text": '{"type": "dance"}'}


def test_the_server_reads_no_more_while_max_replies_wait() -> None:
    async def scenario() -> tuple[int, int]:
        tables = Tables()
        table = tables.create(TableSettings("classic", seed=1))
        asking = _Asking()
        client = web_app._Client(untyped(asking), 0)  # no writer: nothing is taken
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(0.2):
                await web_app._serve(web_app.Room(table, tables, 0.0), client)
        return asking.read, len(client.outbox)

    # The replies to the first MAX_REPLIES messages wait; the next message is read, and
    # waits for one of them to go before it is answered.
    assert asyncio.run(scenario()) == (
        web_app.MAX_REPLIES + 1,
        web_app.MAX_REPLIES,
    )


def test_a_move_keeps_its_table_from_being_dropped_as_abandoned() -> None:
    clock = FakeClock()
    tables = Tables(keep_idle=600, clock=clock)
    table = tables.create(TableSettings("classic", seed=11))
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        message = hello(ws, table.tokens[0])
        clock.now += 500
        move(ws, message, message["view"]["legal_moves"][0])
        until_table(ws)
        assert tables.last_move(table.id) == clock.now
        clock.now += 500  # 1,000 seconds after the table opened, 500 after the move
        assert tables.sweep() == []
        assert tables.get(table.id) is table


def test_the_server_writes_the_record_of_every_deal_it_finishes(tmp_path: Path) -> None:
    tables = Tables(tmp_path)
    bots = {0: "random", 1: "random"}
    table = tables.create(TableSettings("classic", format="fixed_deals(2)", seed=2, bots=bots))
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        watch_to_the_end(ws, None)
    for deal in (0, 1):
        text = (tmp_path / f"{table.id}-deal-{deal + 1}.txt").read_text(encoding="utf-8")
        assert Record.from_text(text).final_state() == table.finished[deal]


def test_a_bot_that_returns_no_legal_move_is_replaced() -> None:
    def wrong(kind: str, seed: int) -> Any:
        def bot(view: briscola.View) -> Any:
            return None if view.ply % 2 else briscola.Pass()  # not a move; not legal

        return bot

    tables = Tables(bot_factory=wrong)
    table = tables.create(TableSettings("classic", seed=2, bots={0: "random", 1: "random"}))
    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as ws,
    ):
        hello(ws, None)
        deadline = time.monotonic() + 10
        while not table.over and time.monotonic() < deadline:
            time.sleep(0.01)  # a stalled table would leave nothing more to receive
    assert table.over
    assert len(table.moves) == 40


def test_a_bot_delay_may_be_anything_from_0_to_60_seconds() -> None:
    for delay in (0, 0.0, 0.5, 60, web_app.MAX_BOT_DELAY):
        create_app(Tables(), bot_delay=delay)
        web_app.check_bot_delay(delay)


def test_the_lobby_takes_a_body_of_max_body_bytes_and_no_more(served: Any) -> None:
    client, _, tables = served
    body = json.dumps({"variant": "classic"}).encode()
    whole = body + b" " * (web_app.MAX_BODY - len(body))
    assert len(whole) == web_app.MAX_BODY
    reply = client.post("/api/tables", content=whole)
    assert reply.status_code == 201, reply.json()
    assert client.post("/api/tables", content=whole + b" ").status_code == 413
    # An empty format is no format: a single deal, as the lobby page sends it.
    reply = client.post("/api/tables", json={"variant": "classic", "format": ""})
    assert reply.status_code == 201, reply.json()
    assert tables.get(reply.json()["table"]).settings.format is None
    # A seat's number is short: one too long for Python to read is refused as such.
    reply = client.post("/api/tables", json={"variant": "classic", "bots": {"1" * 5000: "greedy"}})
    assert reply.status_code == 400
    assert "bots must map seats" in reply.json()["error"]


def test_a_hello_of_max_message_characters_is_read() -> None:
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=11))
    with TestClient(create_app(tables)) as client:
        for extra, code in ((0, 4003), (1, 4009)):
            hello_text = json.dumps({"type": "hello", "token": ""})
            token = "x" * (web_app.MAX_MESSAGE - len(hello_text) + extra)
            text = json.dumps({"type": "hello", "token": token})
            assert len(text) == web_app.MAX_MESSAGE + extra
            with client.websocket_connect(f"/ws/{table.id}") as ws:
                ws.send_text(text)
                assert receive(ws)["type"] == "error"
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_text()
                assert closed.value.code == code


def test_the_rate_limit_counts_only_the_last_five_seconds(
    served: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    client, table, _ = served
    monkeypatch.setattr(web_app, "RATE", (5, 0.3))  # 5 messages in 0.3 seconds
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, table.tokens[0])
        for _ in range(3):  # 15 messages in all, never more than 5 in 0.3 seconds
            for _ in range(5):
                ws.send_text('{"type": "dance"}')
            for _ in range(5):
                assert receive(ws)["message"] == "unknown message type 'dance'"
            time.sleep(0.35)


def test_records_go_to_the_players_only(served: Any) -> None:
    client, table, _ = served
    while not table.over:
        seat = briscola.current_player(table.match)
        assert seat is not None
        ply = observe(table.match.state, seat).ply
        table.play(seat, str(legal_moves(table.match)[0]), ply=ply, deal=0)
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, None)
        ws.send_text('{"type": "record", "deal": 0}')
        assert receive(ws) == {
            "type": "error",
            "message": "records go to the players, for a deal number",
        }
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        hello(ws, table.tokens[1])
        ws.send_text('{"type": "record", "deal": 0}')
        assert receive(ws)["type"] == "record"


def test_a_server_without_a_lobby_opens_no_table() -> None:
    tables = Tables()
    with TestClient(create_app(tables, lobby=False)) as client:
        assert client.get("/").status_code == 404
        reply = client.post("/api/tables", json={"variant": "classic"})
        assert reply.status_code == 404
        assert reply.json() == {"error": "this server has no lobby"}
        assert len(tables) == 0


def test_the_first_message_must_be_a_hello(served: Any) -> None:
    client, table, _ = served
    with client.websocket_connect(f"/ws/{table.id}") as ws:
        ws.send_text(json.dumps({"type": "move", "move": "AD", "ply": 0, "deal": 0}))
        assert receive(ws) == {"type": "error", "message": "say hello first"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 4000


def test_closing_a_table_tells_its_clients_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Clients that read nothing are given up on together, not one after another: the
    lobby, which closes dropped tables before it answers, is held up once at most."""
    monkeypatch.setattr(web_app, "SEND_TIMEOUT", 0.05)
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=1))

    async def scenario() -> float:
        room = web_app.Room(table, tables, 0.0)
        room.clients.update(web_app._Client(untyped(_Stuck()), None) for _ in range(40))
        start = time.monotonic()
        await room.close()
        return time.monotonic() - start

    assert asyncio.run(scenario()) < 1.0  # one after another: 40 x 0.05 = 2 seconds


def test_bots_try_once_while_their_move_cannot_be_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    """They wait for someone to come back to the table, then play on."""
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=2, bots={0: "random", 1: "random"}))
    tries: list[int] = []

    def failing(table: Table, *, finished_before: int | None = None) -> None:
        tries.append(len(table.moves))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tables, "save", failing)
    with TestClient(create_app(tables)) as client:
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            hello(ws, None)
            deadline = time.monotonic() + 10
            while not tries and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.3)  # time enough for a second try, which must not come
        assert tries == [1]
        assert table.moves == []
        monkeypatch.undo()
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            watch_to_the_end(ws, None)  # someone comes back: the bots play on
    assert len(table.moves) == 40


def test_the_record_of_a_deal_ended_by_a_move_being_saved_waits_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move that cannot be saved is undone: no one may have read the record it made."""
    tables = Tables()
    table = tables.create(TableSettings("classic", seed=7))
    while len(table.moves) < 39:
        seat = briscola.current_player(table.match)
        assert seat is not None
        ply = observe(table.match.state, seat).ply
        table.play(seat, str(legal_moves(table.match)[0]), ply=ply, deal=0)
    last = briscola.current_player(table.match)
    assert last is not None
    saving, release = threading.Event(), threading.Event()

    with (
        TestClient(create_app(tables)) as client,
        client.websocket_connect(f"/ws/{table.id}") as mover,
        client.websocket_connect(f"/ws/{table.id}") as other,
    ):
        message = hello(mover, table.tokens[last])
        hello(other, table.tokens[1 - last])
        monkeypatch.setattr(tables, "save", _slow_failing_save(saving, release))
        move(mover, message, message["view"]["legal_moves"][0])  # the deal's last card
        assert saving.wait(10)
        other.send_text('{"type": "record", "deal": 0}')
        time.sleep(0.2)  # the request waits for the save
        release.set()
        assert receive(other) == {
            "type": "error",
            "message": "deal 1 has no record: only finished deals can be downloaded",
        }
        errors, _ = until_table(mover)
        assert errors == ["the server could not save this move, so it was not made: try again"]
    assert len(table.moves) == 39
