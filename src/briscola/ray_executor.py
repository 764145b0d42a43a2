"""`RayExecutor`: run `simulate` on a Ray cluster (optional extra ``briscola[ray]``).

A `concurrent.futures.Executor` whose tasks are Ray remote tasks, so anything that accepts
an executor (`simulate` in particular) can spread its work over a Ray cluster, or over the
local cores with a local Ray instance. Games are seeded by number, so a Ray run gives the
same games as a run in one process.

```python
from briscola import GreedyPlayer, RandomPlayer, simulate
from briscola.ray_executor import RayExecutor

with RayExecutor(num_cpus=2) as executor:  # or address="auto" to join a running cluster
    run = simulate("classic", [GreedyPlayer(), RandomPlayer()], 10_000, seed=1,
                   executor=executor)
```
"""

from __future__ import annotations

import contextlib
import importlib
import random
import socket
import threading
from collections.abc import Callable, Iterator
from concurrent import futures
from concurrent.futures import Executor, Future, InvalidStateError
from typing import Any

from ._quote import quote, reason
from .errors import _FOREIGN, RulesError

__all__ = ["RayExecutor"]


def _ray() -> Any:
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise ModuleNotFoundError("RayExecutor needs Ray: pip install 'briscola[ray]'") from None


@contextlib.contextmanager
def _global_random_kept() -> Iterator[None]:
    """Put `random`'s global state back afterwards: starting and stopping Ray draws from it,
    and the library leaves it alone."""
    state = random.getstate()
    try:
        yield
    finally:
        random.setstate(state)


# How long a cluster's address may take to accept a connection: Ray itself retries for many
# minutes before it gives up on an address where nothing answers.
_CONNECT_TIMEOUT = 10.0


def _unanswered(address: str) -> str | None:
    """Why nothing answers at a cluster's ``host:port`` (or ``ray://host:port``) address;
    ``None`` when something does, or for addresses Ray resolves itself (``"auto"``)."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdecimal() or not host:
        return None
    try:
        with socket.create_connection((host.strip("[]"), int(port)), _CONNECT_TIMEOUT):
            return None
    except (OSError, ValueError, OverflowError) as error:
        return f"nothing answers at {quote(address, 200)}: {reason(error)}"


def _call(fn: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    return fn(*args, **kwargs)


class _RayFuture(Future[Any]):
    """The future of one Ray task: cancelling it cancels the task, and the task's error
    arrives as the exception it raised, as a process pool gives it."""

    def __init__(self, ray: Any, reference: Any) -> None:
        super().__init__()
        self._ray = ray
        self._reference = reference
        self._cancelling = threading.Lock()
        reference.future().add_done_callback(self._settle)

    def cancel(self) -> bool:
        with self._cancelling:
            already = self.cancelled()
            cancelled = super().cancel()
            if not cancelled or already:
                return cancelled
            # What an executor's worker does on taking a cancelled call: until then
            # `concurrent.futures.wait` and `as_completed` do not count the future as done.
            self.set_running_or_notify_cancel()
        with contextlib.suppress(Exception):  # the task may have ended meanwhile
            self._ray.cancel(self._reference)
        return True

    def _settle(self, task: Future[Any]) -> None:
        try:
            result = task.result()
        except BaseException as error:
            # Ray wraps what the task raised, its text holding the worker's traceback.
            cause = getattr(error, "cause", None)
            with contextlib.suppress(InvalidStateError):  # cancelled meanwhile
                self.set_exception(cause if isinstance(cause, BaseException) else error)
        else:
            with contextlib.suppress(InvalidStateError):
                self.set_result(result)


class RayExecutor(Executor):
    """An executor that runs each submitted call as a Ray task.

    Args:
        address: The cluster to join (``"auto"`` for the one this machine belongs to);
            ``None`` starts a local Ray instance. When Ray is already initialized in this
            process, the executor runs on that Ray, and ``address`` and ``init_options``
            are not used.
        **init_options: Passed on to ``ray.init`` (``num_cpus=2``, ...) when this executor
            starts Ray.

    Raises:
        ModuleNotFoundError: if Ray is not installed (``pip install 'briscola[ray]'``).
        RulesError: if ``address`` is not text or ``None``, Ray refuses ``init_options``
            (an unknown name, a negative number of CPUs, ...), or no Ray cluster answers
            at ``address``.

    When this executor started Ray, `shutdown` (or leaving a ``with`` block) stops it.
    """

    def __init__(self, address: str | None = None, **init_options: Any) -> None:
        if address is not None and type(address) is not str:
            raise RulesError(f"address must be text such as 'auto', or None, not {quote(address)}")
        for name in ("num_cpus", "num_gpus"):
            # Refused here: Ray refuses them only after starting processes it then leaves.
            value = init_options.get(name)
            if isinstance(value, int | float) and value < 0:
                raise RulesError(f"{name}={quote(value)} is not valid: use a number from 0 up")
        ray = _ray()
        self._ray = ray
        self._owns = not ray.is_initialized()
        if self._owns and address is not None:
            unanswered = _unanswered(address)
            if unanswered is not None:
                raise RulesError(f"Ray could not start: {unanswered}")
        with _global_random_kept():
            if self._owns:
                try:
                    ray.init(address=address, **init_options)
                except (*_FOREIGN, RuntimeError, ConnectionError) as error:  # Ray's refusals
                    raise RulesError(f"Ray could not start: {reason(error)}") from None
            self._remote = ray.remote(_call)
            resources = ray.cluster_resources()
        self._max_workers = max(1, int(resources.get("CPU", 1)))
        self._shut = False
        self._pending: set[Future[Any]] = set()
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its result arrives in the future.

        Cancelling the future cancels the task, and the task's error is raised by the
        future's ``result()`` as the task raised it.

        Raises:
            RuntimeError: after `shutdown`, as every `concurrent.futures.Executor` does.
            RulesError: if Ray cannot serialize the call (a player holding a lock, say).
        """
        if self._shut:
            # A Ray task would start a new local Ray that no one stops.
            raise RuntimeError("cannot schedule new futures after shutdown")
        try:
            reference = self._remote.remote(fn, args, kwargs)
        except TypeError as error:  # how Ray refuses what it cannot serialize
            lines = str(error).strip().splitlines()
            first = lines[0] if lines else ""
            raise RulesError(
                "Ray cannot send this work to its workers: something in it cannot be "
                f"serialized (a lock, an open file, ...): {quote(first, 200)}"
            ) from None
        future = _RayFuture(self._ray, reference)
        with self._lock:
            self._pending.add(future)
        future.add_done_callback(self._settled)
        return future

    def _settled(self, future: Future[Any]) -> None:
        with self._lock:
            self._pending.discard(future)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Take no more work, and stop Ray if this executor started it.

        As with every executor, ``wait`` waits for the work submitted to end (leaving a
        ``with`` block does) and ``cancel_futures`` cancels the work that has not ended.
        Work still running when this executor stops the Ray it started is cancelled: its
        futures raise `concurrent.futures.CancelledError` rather than wait for ever.
        """
        self._shut = True
        with self._lock:
            pending = list(self._pending)
        if cancel_futures:
            for future in pending:
                future.cancel()
        if wait:
            futures.wait(pending)  # the argument `wait` hides the function
        if self._owns and self._ray.is_initialized():
            for future in pending:
                future.cancel()
            with _global_random_kept():
                self._ray.shutdown()
            self._owns = False
