"""The ASGI application: the lobby, the table page and one WebSocket per browser tab.

The message protocol (JSON text frames, each at most `MAX_MESSAGE` characters):

From the browser to the server:

* ``{"type": "hello", "token": T}`` first, within `HELLO_TIMEOUT` seconds: ``T`` is the
  seat's secret from its link, or absent for a spectator.
* ``{"type": "move", "move": NOTATION, "ply": P, "deal": D}``: the move as its notation
  (``str(move)``), with the ``ply`` of the view it was chosen from and the deal's number, so
  the server refuses a replayed or stale message.
* ``{"type": "record", "deal": D}``: ask for the record of a finished deal.

From the server to the browser:

* ``{"type": "table", ...}``: after the hello, after a move that changes what this
  connection may see (so a signal between partners reaches no one else), and after a
  refused move; see `Table.message`.
* ``{"type": "error", "message": M}``: a move or request was refused, in words.
* ``{"type": "record", "deal": D, "text": R}``: a finished deal's record.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from .. import OPTIONS, VARIANTS, BriscolaError, RulesError
from .._numbers import real_number
from .._option_text import option_value
from .._quote import quote
from ..rules import SIGNAL_TOKENS, check_flag
from .tables import BOT_KINDS, Checkpoint, Table, Tables, TableSettings, TablesFull

try:
    from starlette.applications import Starlette
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState
except ImportError as error:  # pragma: no cover - depends on the installed extras
    raise ImportError(
        "the briscola web table needs Starlette and uvicorn: pip install 'briscola[web]'"
    ) from error

__all__ = [
    "HELLO_TIMEOUT",
    "MAX_BODY",
    "MAX_BOT_DELAY",
    "MAX_FRAME",
    "MAX_MESSAGE",
    "MAX_REPLIES",
    "MAX_SPECTATORS",
    "MAX_TABS",
    "REQUEST_TIMEOUT",
    "SEND_TIMEOUT",
    "SWEEP_EVERY",
    "Room",
    "check_bot_delay",
    "create_app",
]

MAX_MESSAGE = 1024
"""The longest message a browser may send, in characters."""
MAX_FRAME = 65536
"""The longest WebSocket frame read, in bytes: a longer message than `MAX_MESSAGE` up to this
size is refused with a reason (code 4009), and a larger frame is cut off unread (1009)."""
MAX_BODY = 8192
"""The longest request body the lobby accepts, in bytes."""
HELLO_TIMEOUT = 15.0
"""Seconds a new connection has to say who it is."""
MAX_SPECTATORS = 64
"""The most spectators' connections one table accepts. Seats are counted apart, so that
spectators can never keep a player from their seat; one turned away is told to come back
(close code 4013) and the page tries again."""
MAX_TABS = 4
"""The most connections one seat may hold at once (its tabs): a new one closes the seat's
oldest (close code 4008), so a player who reloads or changes device always gets in."""
RATE = (100, 5.0)
"""At most this many messages in this many seconds from one connection (its hello not
counted); one more closes it (close code 4029)."""
MAX_BOT_DELAY = 60.0
"""The longest a bot may wait before each of its moves, in seconds."""
SWEEP_EVERY = 60.0
"""Seconds between two sweeps of the tables whose time is up, by default."""
REQUEST_TIMEOUT = 10.0
"""Seconds a client has to send a request's line and headers, and then its body: a
connection that sends nothing, or sends a request a byte at a time, is closed rather than
left holding one of the server's connections."""
MAX_REPLIES = 8
"""The most replies (errors and records) that may wait to be sent to one connection: while
that many wait, its next message is not read. No reply is ever dropped."""
SEND_TIMEOUT = 10.0
"""Seconds a message may wait for a client to take it; a client that reads nothing for
that long (its connection's buffers full) is disconnected."""

# The longest value of a table rule in a lobby request: room for every signal token.
_MAX_VALUE = 80

STATIC = Path(__file__).parent / "static"

_log = logging.getLogger("briscola.web")

_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; "
        b"base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _SecurityHeaders:
    """Adds the security headers to every HTTP response: no framing, no sniffing, no CDN."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + _HEADERS
            await send(message)

        await self.app(scope, receive, with_headers)


class _Client:
    """One open WebSocket: its seat and an outbox that never grows without bound.

    Only the newest ``table`` message matters to a browser, so a slow reader gets the latest
    one instead of a backlog. Every reply (an error or a record) is sent, in order: once
    `MAX_REPLIES` wait, the connection's next message is read only when one has gone, so
    a client that asks faster than it reads is slowed down rather than left unanswered.
    """

    def __init__(self, socket: WebSocket, seat: int | None) -> None:
        self.socket = socket
        self.seat = seat
        self.opened = time.monotonic()
        self.outbox: collections.deque[tuple[bool, str]] = collections.deque()
        self.wake = asyncio.Event()
        self.sent = asyncio.Event()
        """Set each time a message has gone."""
        self.table_text: str | None = None
        """The last table message posted to this connection."""

    def post_table(self, text: str) -> None:
        """Queue a table message in place of any older one still waiting."""
        self.table_text = text
        self.outbox = collections.deque(item for item in self.outbox if not item[0])
        self.outbox.append((True, text))
        self.wake.set()

    def post(self, text: str) -> None:
        """Queue a reply (an error or a record)."""
        self.outbox.append((False, text))
        self.wake.set()

    async def room_for_replies(self) -> None:
        """Wait until fewer than `MAX_REPLIES` replies wait to be sent."""
        while sum(1 for is_table, _ in self.outbox if not is_table) >= MAX_REPLIES:
            self.sent.clear()
            await self.sent.wait()

    async def write(self) -> None:
        """Send what is posted, in order, until the socket closes.

        A client that stops reading fills its connection's buffers and then blocks each
        send: after `SEND_TIMEOUT` seconds it is dropped, so that it holds up nothing.
        """
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox:
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.socket.send_text(self.outbox.popleft()[1])
                self.sent.set()


class Room:
    """The live side of a table: its connections and the task that runs its bots."""

    def __init__(self, table: Table, tables: Tables, bot_delay: float) -> None:
        self.table = table
        self.tables = tables
        self.bot_delay = bot_delay
        self.clients: set[_Client] = set()
        self.lock: asyncio.Lock = asyncio.Lock()
        """Held from a move until its table is saved: moves at one table are made in turn."""
        self._bots: asyncio.Task[None] | None = None

    def broadcast(self) -> None:
        """Post each connection its own seat's message (built once per seat), if it changed.

        A connection whose view did not change gets nothing: a message at that moment would
        tell it that someone made a move it may not see (a signal to a partner).
        """
        built = self.table.messages({client.seat for client in self.clients})
        for client in self.clients:
            if built[client.seat] != client.table_text:
                client.post_table(built[client.seat])

    async def moved(self, undo: Checkpoint) -> bool:
        """After a move (under `lock`): save the table, then tell everyone; ``False`` when
        the table could not be saved, and the move made since ``undo`` was undone.

        The file is written before anyone is told, so a move that a player has seen is
        never lost; the writing happens in a thread so that other tables play on meanwhile.
        A move that cannot be written (a full disk, a folder made read-only) is not made.
        """
        self.tables.touch(self.table)
        try:
            await asyncio.to_thread(self.tables.save, self.table, finished_before=undo.finished)
        except OSError as error:
            self.table.restore(undo)
            _log.error(
                "table %s could not be saved, so its last move was undone: %s",
                self.table.id,
                error,
            )
            return False
        self.broadcast()
        return True

    def wake_bots(self) -> None:
        """Start the bots' task if a bot is to act and the task is not running."""
        if self.table.bot_to_act() is None:
            return
        if self._bots is None or self._bots.done():
            self._bots = asyncio.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        table = self.table
        while (seat := table.bot_to_act()) is not None:
            # One wait a turn: a bot that has just signalled plays on at once, since a
            # second wait would tell everyone that a move they cannot see was made.
            if self.bot_delay and not table.match.state.talked:
                await asyncio.sleep(self.bot_delay)
            async with self.lock:  # not a move still being saved: it may be undone
                seat = table.bot_to_act()
                if seat is None:
                    return
                view = table.view_of(seat)
            try:
                move = await asyncio.to_thread(table.bots[seat], view)
            except Exception:
                # A bot is any user callable: one that fails must not stall the table.
                _log.exception("the bot at seat %d of table %s failed", seat, table.id)
                move = view.legal_moves[0]
            async with self.lock:
                undo = table.checkpoint()
                try:
                    table.apply(seat, move, ply=view.ply)
                except BriscolaError as error:
                    _log.warning("the bot at seat %d of table %s: %s", seat, table.id, error)
                    table.apply(seat, view.legal_moves[0], ply=view.ply)
                if not await self.moved(undo):
                    return  # the bots try again when someone comes back to the table

    async def stop(self) -> None:
        """Cancel the bots' task."""
        if self._bots is not None:
            self._bots.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._bots

    async def close(self) -> None:
        """The table was dropped: stop its bots and close every connection, saying why."""
        await self.stop()
        await asyncio.gather(
            *(
                _refuse(client.socket, "this table has been closed", 4004)
                for client in self.clients
            )
        )


def check_bot_delay(bot_delay: object) -> None:
    """Refuse a bot delay that is not a number of seconds from 0 to `MAX_BOT_DELAY` (``nan``
    and ``inf`` would stop the bots for ever)."""
    if type(bot_delay) not in (int, float) or not 0 <= bot_delay <= MAX_BOT_DELAY:  # type: ignore[operator]
        raise RulesError(
            f"bot_delay={quote(bot_delay)} is not valid: use a number of seconds from 0 to "
            f"{MAX_BOT_DELAY:g}"
        )


def create_app(
    tables: Tables,
    *,
    lobby: bool = True,
    bot_delay: float = 0.0,
    sweep_every: float = SWEEP_EVERY,
) -> Starlette:
    """The web application serving ``tables``.

    Args:
        tables: The tables to serve (`Tables.load` them first to restore saved ones).
        lobby: Whether ``/`` offers a form that opens new tables.
        bot_delay: Seconds a bot waits before each move, so that people can follow.
        sweep_every: Seconds between two sweeps of the tables whose time is up (see
            `Tables.sweep`; ``math.inf``: only when the lobby opens a table, since the lobby
            also sweeps before it opens one). The connections to a dropped table are closed
            with code 4004.

    Raises:
        RulesError: if ``tables`` is not a `Tables`, ``sweep_every`` not a number of
            seconds above 0, ``bot_delay`` not one from 0 to `MAX_BOT_DELAY`, or ``lobby``
            not ``True`` or ``False``.
    """
    if not isinstance(tables, Tables):
        raise RulesError(f"create_app() needs Tables, not {type(tables).__name__}")
    check_flag(lobby, "lobby")
    period = real_number(sweep_every)
    if period is None or period <= 0:
        raise RulesError(
            f"sweep_every={quote(sweep_every)} is not valid: use a number of seconds above 0"
        )
    check_bot_delay(bot_delay)
    rooms: dict[str, Room] = {}

    async def forget_dropped() -> None:
        """Close the rooms of the tables that `tables` no longer holds."""
        for table_id, room in list(rooms.items()):
            if tables.get(table_id) is not room.table:
                del rooms[table_id]
                await room.close()

    async def sweeper() -> None:
        while True:
            await asyncio.sleep(period)
            try:
                tables.sweep()
            except Exception:  # a clock or a folder failing once must not stop the sweeps
                _log.exception("the sweep of finished and idle tables failed")
            await forget_dropped()

    def room_of(table_id: str) -> Room | None:
        room = rooms.get(table_id)
        if room is None:
            table = tables.get(table_id)
            if table is None:
                return None
            room = rooms[table_id] = Room(table, tables, bot_delay)
        return room

    async def lobby_page(request: Request) -> Response:
        if not lobby:
            return Response("This server has no lobby: use a table's link.", 404)
        return FileResponse(STATIC / "lobby.html")

    async def table_page(request: Request) -> Response:
        if tables.get(request.path_params["table_id"]) is None:
            return Response("There is no such table on this server.", 404)
        return FileResponse(STATIC / "table.html")

    async def presets(request: Request) -> Response:
        return JSONResponse(
            {"presets": [_preset(name) for name in VARIANTS], "bots": list(BOT_KINDS)}
        )

    async def open_table(request: Request) -> Response:
        if not lobby:
            return JSONResponse({"error": "this server has no lobby"}, 404)
        body = bytearray()
        try:
            async with asyncio.timeout(REQUEST_TIMEOUT):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > MAX_BODY:
                        return JSONResponse({"error": "the request is too long"}, 413)
        except TimeoutError:
            return JSONResponse({"error": "the request took too long to arrive"}, 408)
        except ClientDisconnect:  # no one is left to answer
            return Response(status_code=400)
        try:
            settings = _settings(bytes(body))
            table = tables.create(settings)
        except TablesFull as error:
            await forget_dropped()
            return JSONResponse({"error": str(error)}, 503, headers={"Retry-After": "60"})
        except BriscolaError as error:
            await forget_dropped()
            return JSONResponse({"error": str(error)[:400]}, 400)
        except OSError as error:
            await forget_dropped()
            _log.error("a new table could not be saved, so it was not opened: %s", error)
            return JSONResponse(
                {"error": "the server cannot save a new table now: try again later"},
                503,
                headers={"Retry-After": "60"},
            )
        await forget_dropped()
        room_of(table.id)
        rooms[table.id].wake_bots()
        return JSONResponse(links(table), 201)

    async def play(socket: WebSocket) -> None:
        await socket.accept()
        room = room_of(socket.path_params["table_id"])
        if room is None:
            await _refuse(socket, "there is no such table on this server", 4004)
            return
        try:
            hello = await asyncio.wait_for(socket.receive_text(), HELLO_TIMEOUT)
        except (TimeoutError, WebSocketDisconnect, KeyError, RuntimeError):
            await _refuse(socket, "say hello first", 4000)
            return
        if len(hello) > MAX_MESSAGE:
            await _refuse(socket, f"a message may have at most {MAX_MESSAGE} characters", 4009)
            return
        request = _read(hello)
        if isinstance(request, str) or request.get("type") != "hello":
            await _refuse(socket, request if isinstance(request, str) else "say hello first", 4000)
            return
        token = request.get("token")
        seat = None
        if token is not None:
            seat = room.table.seat_of(token) if isinstance(token, str) else None
            if seat is None:
                await _refuse(socket, "this link is not valid for this table", 4003)
                return
        same = [client for client in room.clients if client.seat == seat]
        if seat is None and len(same) >= MAX_SPECTATORS:
            await _refuse(socket, "this table has as many spectators as it can take", 4013)
            return
        if seat is not None and len(same) >= MAX_TABS:
            oldest = min(same, key=lambda client: client.opened)
            room.clients.discard(oldest)
            await _refuse(oldest.socket, "this seat has been opened in another tab", 4008)
        client = _Client(socket, seat)
        writer = asyncio.create_task(client.write())
        async with room.lock:  # a move still being saved is not shown: it may be undone
            room.clients.add(client)
            client.post_table(room.table.message(seat))
        room.wake_bots()
        serving = asyncio.create_task(_serve(room, client))
        try:
            # Either ends the connection: the client leaves, or it stopped reading.
            await asyncio.wait((serving, writer), return_when=asyncio.FIRST_COMPLETED)
        finally:
            room.clients.discard(client)
            for task in (serving, writer):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    def links(table: Table) -> dict[str, Any]:
        return {
            "table": table.id,
            "variant": table.settings.variant,
            "seats": [
                None if seat in table.bots else f"/t/{table.id}#{token}"
                for seat, token in enumerate(table.tokens)
            ],
            "bots": {str(seat): kind for seat, kind in table.settings.bots.items()},
            "spectator": f"/t/{table.id}",
        }

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeping = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            sweeping.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeping
            for room in rooms.values():
                await room.stop()

    app = Starlette(
        routes=[
            Route("/", lobby_page),
            Route("/t/{table_id}", table_page),
            Route("/api/presets", presets),
            Route("/api/tables", open_table, methods=["POST"]),
            WebSocketRoute("/ws/{table_id}", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=lifespan,
    )
    app.add_middleware(_SecurityHeaders)
    app.state.tables = tables
    app.state.rooms = rooms
    app.state.links = links
    app.state.forget_dropped = forget_dropped
    return app


async def _serve(room: Room, client: _Client) -> None:
    """Read one connection's messages until it closes."""
    socket = client.socket
    # The times of the last RATE[0] + 1 messages: the one past the allowance is refused.
    times: collections.deque[float] = collections.deque(maxlen=RATE[0] + 1)
    while True:
        try:
            message = await socket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            await _refuse(socket, "send text messages only", 4000)
            return
        if len(text) > MAX_MESSAGE:
            await _refuse(socket, f"a message may have at most {MAX_MESSAGE} characters", 4009)
            return
        now = time.monotonic()
        times.append(now)
        if len(times) > RATE[0] and now - times[0] < RATE[1]:
            await _refuse(socket, "too many messages: slow down", 4029)
            return
        await client.room_for_replies()
        request = _read(text)
        if isinstance(request, str):
            client.post(_error(request))
            continue
        kind = request.get("type")
        if kind == "move":
            await _move(room, client, request)
        elif kind == "record":
            deal = request.get("deal")
            if type(deal) is not int or client.seat is None:
                client.post(_error("records go to the players, for a deal number"))
                continue
            try:
                async with room.lock:  # a deal ended by a move still being saved is not told
                    text = room.table.record(deal)
            except BriscolaError as error:
                client.post(_error(str(error)))
                continue
            client.post(json.dumps({"type": "record", "deal": deal, "text": text}))
        else:
            client.post(_error(f"unknown message type {str(kind)[:20]!r}"))


async def _move(room: Room, client: _Client, request: dict[str, Any]) -> None:
    if client.seat is None:
        client.post(_error("spectators cannot play"))
        return
    notation, ply, deal = request.get("move"), request.get("ply"), request.get("deal")
    if not isinstance(notation, str) or type(ply) is not int or type(deal) is not int:
        client.post(_error('a move needs "move" (its notation), "ply" and "deal" (numbers)'))
        return
    async with room.lock:
        undo = room.table.checkpoint()
        try:
            room.table.play(client.seat, notation, ply=ply, deal=deal)
        except BriscolaError as error:
            _refused(room, client, str(error)[:300])
            return
        if not await room.moved(undo):
            _refused(
                room, client, "the server could not save this move, so it was not made: try again"
            )
            return
    room.wake_bots()


def _refused(room: Room, client: _Client, message: str) -> None:
    """Tell a player why its move was not made, and send it the table as it is: it may
    hold a stale view."""
    client.post(_error(message))
    client.post_table(room.table.message(client.seat))


def _read(text: str) -> dict[str, Any] | str:
    """The message as a JSON object, or why it is not one."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):  # ValueError: bad JSON, or an integer too long
        return "a message must be a JSON object"
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        return 'a message must be a JSON object with a "type"'
    return value


def _error(message: str) -> str:
    return json.dumps({"type": "error", "message": message})


async def _refuse(socket: WebSocket, message: str, code: int) -> None:
    """Tell the client why, then close the connection (giving up after `SEND_TIMEOUT`
    seconds on a client that does not read)."""
    with contextlib.suppress(Exception):
        if socket.application_state is WebSocketState.CONNECTED:
            async with asyncio.timeout(SEND_TIMEOUT):
                await socket.send_text(_error(message))
                await socket.close(code)


def _preset(name: str) -> dict[str, Any]:
    preset = VARIANTS[name]
    options = []
    for option in OPTIONS.values():
        if name not in option.applies_to:
            continue
        default = getattr(preset, option.name, None)
        default = getattr(default, "value", default)
        values = option.values
        if isinstance(default, tuple):  # signal_tokens: a list, and the words it may hold
            default = list(default)
            values = f"token names separated by commas, from {', '.join(SIGNAL_TOKENS)}"
        options.append({"name": option.name, "values": values, "default": default})
    return {"id": name, "title": preset.title, "players": preset.players, "options": options}


def _settings(body: bytes) -> TableSettings:
    """Validate a lobby request: a preset, table rules, a format and bots."""
    try:
        value = json.loads(body)
    except (ValueError, RecursionError):  # bad JSON or UTF-8, or an integer too long
        raise RulesError("the request must be a JSON object") from None
    if not isinstance(value, dict):
        raise RulesError("the request must be a JSON object")
    variant = value.get("variant")
    options = value.get("options", {})
    fmt = value.get("format")
    bots = value.get("bots", {})
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise RulesError(f"choose a preset: one of {', '.join(VARIANTS)}")
    if not isinstance(options, dict) or len(options) > len(OPTIONS):
        raise RulesError("table rules must be an object of NAME: VALUE")
    texts = {}
    for name, raw in options.items():
        if name not in OPTIONS:
            raise RulesError(f"{name[:40]!r} is not a table rule")
        if isinstance(raw, list) and all(isinstance(item, str) for item in raw):
            raw = ",".join(raw)  # a list, as GET /api/presets gives signal_tokens
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)  # a JSON writer may send 71 as 71.0
        if not (raw is None or isinstance(raw, bool | int | str)) or len(str(raw)) > _MAX_VALUE:
            raise RulesError(
                f"the value of {name} must be short text, a whole number, true/false or a list "
                "of words"
            )
        texts[name] = raw
    if fmt is not None and (not isinstance(fmt, str) or len(fmt) > 40):
        raise RulesError("the match format must be short text, such as best_of(3)")
    if not isinstance(bots, dict) or not all(
        isinstance(seat, str)
        and seat.isascii()
        and seat.isdigit()
        and len(seat) < 3
        and kind in BOT_KINDS
        for seat, kind in bots.items()
    ):
        raise RulesError(f"bots must map seats to one of {', '.join(BOT_KINDS)}")
    return TableSettings(
        variant,
        {name: option_value(raw, name) for name, raw in texts.items()},
        fmt or None,
        bots={int(seat): kind for seat, kind in bots.items()},
    )
