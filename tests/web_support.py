"""Helpers for the web table's tests: a live uvicorn server in a thread, and what may be seen."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

import briscola
from briscola import Card
from briscola.web.tables import Table, Tables


class FakeClock:
    """A clock the test moves by hand: no test waits for real time to pass."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextlib.contextmanager
def live_server(tables: Tables, *, bot_delay: float = 0.0) -> Iterator[str]:
    """Serve ``tables`` on a free localhost port for the block; yields the base URL."""
    import uvicorn

    from briscola.web.app import create_app
    from briscola.web.server import config

    port = free_port()
    # The configuration of `briscola serve`, so that the tests meet its limits.
    server = uvicorn.Server(
        config(create_app(tables, bot_delay=bot_delay), host="127.0.0.1", port=port)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def hidden_from(table: Table, seat: int | None) -> set[str]:
    """The card codes ``seat`` must not see now: other hands' cards not known to everyone."""
    state = table.match.state
    view = table.view_of(seat)
    visible: set[Card] = set(view.hand)
    for hand in view.hands:
        visible.update(hand or ())
    for known in view.known_cards:
        visible.update(known)
    for _, shown in view.shown:
        visible.update(shown)
    if view.called_card is not None:  # Chiamata: public once named
        visible.add(view.called_card)
    hidden: set[str] = set()
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden.update(str(card) for card in hand if card not in visible)
    return hidden


def cards_in(text: str) -> set[str]:
    """Every quoted card code in a JSON text."""
    return {str(card) for card in briscola.DECK if f'"{card}"' in text}
