"""Run the web table with uvicorn: what ``briscola serve`` does."""

from __future__ import annotations

import asyncio
import functools
import os
import socket
from collections.abc import Callable
from typing import Any

from .._quote import count, quote
from ..errors import RulesError
from .tables import KEEP_FINISHED, KEEP_IDLE, MAX_TABLES, Table, Tables, TableSettings

__all__ = ["MAX_HEAD", "SHUTDOWN_TIMEOUT", "STALLED_TIMEOUT", "config", "links", "serve"]

MAX_HEAD = 16 * 1024
"""The most bytes of a request's line and headers the server holds while waiting for the
rest of them (a head that arrives whole in one read is bounded by the read, 256 KiB)."""
STALLED_TIMEOUT = 60.0
"""Seconds after which the system drops a connection whose client takes nothing it is
sent (on Linux)."""
SHUTDOWN_TIMEOUT = 5
"""Seconds a stopped server waits for its connections to close before it cuts them."""


def links(table: Table, base: str) -> list[str]:
    """The lines that give a table's links: one private link per seat, then the spectators'.

    Examples:
        >>> table = Table(TableSettings("classic", seed=1), table_id="example-1",
        ...               tokens=["secret-0", "secret-1"])
        >>> print("\\n".join(links(table, "http://127.0.0.1:8000")))
        seat 0: http://127.0.0.1:8000/t/example-1#secret-0
        seat 1: http://127.0.0.1:8000/t/example-1#secret-1
        spectators: http://127.0.0.1:8000/t/example-1

    Raises:
        RulesError: if ``table`` is not a `Table` or ``base`` is not text.
    """
    if not isinstance(table, Table):
        raise RulesError(f"links() needs a Table, not {type(table).__name__}")
    if not isinstance(base, str):
        raise RulesError(f"base must be the server's address as text, not {quote(base)}")
    lines = []
    for seat, token in enumerate(table.tokens):
        if seat in table.bots:
            lines.append(f"seat {seat}: {table.settings.bots[seat]} bot")
        else:
            lines.append(f"seat {seat}: {base}/t/{table.id}#{token}")
    lines.append(f"spectators: {base}/t/{table.id}")
    return lines


def serve(
    settings: TableSettings | None,
    *,
    host: str = "127.0.0.1",
    port: int = 8000,
    save_dir: str | os.PathLike[str] | None = None,
    lobby: bool = True,
    bot_delay: float = 0.6,
    limit: int = MAX_TABLES,
    keep_finished: float = KEEP_FINISHED,
    keep_idle: float = KEEP_IDLE,
    echo: Callable[[str], None] = print,
) -> None:
    """Open a table (or restore the saved ones), print the links and serve until stopped.

    With ``save_dir``, every table is saved there after every move and the tables found
    there are restored at start; when some are, no new table is opened, and the first line
    printed says so. The server keeps
    at most ``limit`` tables, drops a finished table ``keep_finished`` seconds after its
    last move and an unfinished one after ``keep_idle`` seconds without a move (see
    `Tables`).

    Raises:
        ImportError: naming the ``web`` extra if Starlette or uvicorn is missing.
        RulesError: for bad settings or a bad ``bot_delay``, or a host and port it cannot
            listen on.
        InvalidStateError: if a saved table cannot be restored.
    """
    try:
        import uvicorn
    except ImportError as error:
        raise ImportError(
            "briscola serve needs uvicorn and Starlette: pip install 'briscola[web]'"
        ) from error
    from .app import check_bot_delay, create_app  # Starlette, once uvicorn is found

    check_bot_delay(bot_delay)
    # Bound first: no table is opened, and no link printed, for a port that is not ours.
    listening = _listen(host, port)
    port = listening[0].getsockname()[1]  # the port given, or the free one found for 0
    try:
        tables = Tables(save_dir, limit=limit, keep_finished=keep_finished, keep_idle=keep_idle)
        opened = tables.load()
        restored = bool(opened)
        if not opened and settings is not None:
            opened = [tables.create(settings)]
    except BaseException:
        for bound in listening:
            bound.close()
        raise
    shown = host or "0.0.0.0"  # "": every interface
    base = f"http://{'[' + shown + ']' if ':' in shown else shown}:{port}"
    if restored:
        # Opening the asked-for table on every restart would pile up tables.
        more = "the lobby opens new ones" if lobby else "a new one needs another --save folder"
        echo(f"restored {count(len(opened), 'saved table')} from {save_dir}: {more}")
    for table in opened:
        echo(f"{table.match.rules.title}, table {table.id}{' (finished)' if table.over else ''}")
        for line in links(table, base):
            echo("  " + line)
    if lobby:
        echo(f"lobby: {base}/")
    app = create_app(tables, lobby=lobby, bot_delay=bot_delay)
    uvicorn.Server(config(app, host=host, port=port)).run(sockets=listening)


def config(app: Any, *, host: str, port: int) -> Any:
    """The ``uvicorn.Config`` that `serve` runs ``app`` with: the server's limits in one
    place, for anyone who serves `create_app` in a program of their own.

    Raises:
        RulesError: if ``app`` is not callable, ``host`` is not text or ``port`` is not a
            port from 0 to 65535.
    """
    if not callable(app):
        raise RulesError(
            f"app must be an ASGI application, such as create_app(), not {quote(app)}"
        )
    _check_address(host, port)
    import uvicorn

    from .app import MAX_FRAME

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        # Frames up to MAX_FRAME reach the application, which refuses one of more than
        # MAX_MESSAGE characters in words (4009); a larger frame is cut off unread (1009).
        ws_max_size=MAX_FRAME,
        server_header=False,
        log_level="warning",
        limit_concurrency=2000,
        # h11 bounds a request's head (httptools reads headers of any size into memory),
        # and this protocol gives each head REQUEST_TIMEOUT seconds to arrive.
        http=_timed_protocol(),
        h11_max_incomplete_event_size=MAX_HEAD,
        # A stop waits this long for the connections to close, then cuts them.
        timeout_graceful_shutdown=SHUTDOWN_TIMEOUT,
    )


@functools.cache
def _timed_protocol() -> type[asyncio.Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request head has not arrived
    within `REQUEST_TIMEOUT` seconds of its opening or of the previous response.

    uvicorn only times a kept-alive connection until its first byte, so a client that sends
    nothing on a new connection, or one byte now and then, would hold it for ever; enough
    of them fill the server's connections and every page load gets 503.
    """
    from uvicorn.protocols.http.h11_impl import H11Protocol

    from . import app

    class TimedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._wait_for_head()

        def on_response_complete(self) -> None:
            self._wait_for_head()  # first: a pipelined request read next stops the wait
            super().on_response_complete()

        def handle_events(self) -> None:
            scope = self.scope
            super().handle_events()
            if self.scope is not scope:  # a new request's head was read (or an upgrade)
                self._stop_waiting()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_waiting()
            super().connection_lost(exc)

        def _wait_for_head(self) -> None:
            self._stop_waiting()
            self._deadline = self.loop.call_later(app.REQUEST_TIMEOUT, self._too_slow)

        def _stop_waiting(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _too_slow(self) -> None:
            self._deadline = None
            if not self.transport.is_closing():
                self.transport.close()

    return TimedH11Protocol


def _check_address(host: object, port: object) -> None:
    if type(host) is not str:
        raise RulesError(f"host={quote(host)} is not valid: use a host name or address")
    if type(port) is not int or not 0 <= port <= 65535:
        raise RulesError(f"port={quote(port)} is not valid: use a port from 0 to 65535")


def _listen(host: str, port: int) -> list[socket.socket]:
    """TCP sockets bound to every address of ``host`` (``""``: every interface) and
    ``port``, as asyncio would bind them, for uvicorn to listen on; with port 0 they all
    take the free port found for the first.

    Raises:
        RulesError: for a port out of range, an unknown host, or an address in use.
    """
    _check_address(host, port)
    try:
        found = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (OSError, UnicodeError):  # gaierror is an OSError
        raise RulesError(f"cannot listen on {quote(host)}: no such address") from None
    bound: list[socket.socket] = []
    try:
        for family, kind, proto, _, address in dict.fromkeys(found):
            listening = socket.socket(family, kind, proto)
            bound.append(listening)
            if os.name == "posix":  # as asyncio does: a restarted server gets its port back
                listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # as asyncio does: the IPv4 address is bound apart
                listening.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            if hasattr(socket, "TCP_USER_TIMEOUT"):  # Linux; the connections inherit it
                # A client that stops reading would hold its connection, and the kernel's
                # buffers for it, for good: the kernel drops it once nothing it was sent
                # has been taken for this long.
                listening.setsockopt(
                    socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(1000 * STALLED_TIMEOUT)
                )
            listening.bind((address[0], port, *address[2:]))
            # Listening already (at uvicorn's own backlog), so that the links printed before
            # uvicorn starts work at once: a connection waits until it is accepted.
            listening.listen(2048)
            port = port or listening.getsockname()[1]
    except OSError as error:
        for listening in bound:
            listening.close()
        raise RulesError(
            f"cannot listen on {quote(host)} port {port}: {error.strerror or error}"
        ) from None
    return bound
