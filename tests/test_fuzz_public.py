"""Fuzzing the public API: bad input of every kind raises only the library's own errors.

Every public function and class exported by `briscola`, by its modules that it does not
export (records, rules, serialize, simulation, the terminal, tricks, the web tables, and
where their dependencies are installed encoding, vector, the environments, the web app and
the server's helpers), the methods of a live `Tracker`, `VectorGame`,
environment and web table, and the Python methods of an OpenSpiel game, state and observer
are called with generated junk: wrong types, huge integers and strings, NaN, None, nested
containers, objects whose ``__eq__``, ``__hash__``, ``__index__``, ``__repr__``, ``__len__``
or ``__iter__`` raise, and states and matches edited with ``attrs.evolve``. Each call must
succeed or raise a `BriscolaError`.
The runs are derandomized, so a failure here is reproducible.
"""

from __future__ import annotations

import enum
import importlib.util
import inspect
import math
import random
import typing
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import briscola
from helpers import Hostile, HostileInt, HostileStr


def _huge(digits: int) -> int:
    """An integer of ``abs(digits)`` digits, too long for ``str()`` beyond 4,300."""
    value: int = 10 ** abs(digits)
    return value if digits > 0 else -value


_STATE = briscola.new_game("classic", seed=1)
_MID = briscola.random_playout(_STATE, random.Random(1))
_MATCH = briscola.new_match("classic", seed=1)
_PLAYED = briscola.apply(_MATCH, briscola.legal_moves(_MATCH)[0])
_FIELDS = [field.name for field in attrs.fields(briscola.State)]
_MATCH_FIELDS = [field.name for field in attrs.fields(briscola.Match)]

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-5, max_value=50),
    st.sampled_from([5000, -5000, 20]).map(_huge),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just(math.nan),
    st.text(max_size=20),
    st.sampled_from(["x" * 1_000_000, "classic", "AC", "pass", "draw", "7C", "", " "]),
    st.binary(max_size=10),
    st.builds(Hostile),
    st.builds(HostileStr, st.sampled_from(["classic", "AC", "draw"])),
    st.builds(HostileInt, st.integers(0, 3)),
    st.sampled_from(list(briscola.DECK[:3]) + [briscola.Suit.COPPE, briscola.Rank.ACE]),
    st.sampled_from([briscola.Pass(), briscola.Play(briscola.DECK[0]), object(), int, print]),
)
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=5), inner, max_size=3),
        st.frozensets(st.integers(0, 3), max_size=3),
    ),
    max_leaves=6,
)


@st.composite
def edited_states(draw: st.DrawFn) -> briscola.State:
    base = draw(st.sampled_from([_STATE, _MID]))
    name = draw(st.sampled_from(_FIELDS))
    return attrs.evolve(base, **{name: draw(junk)})


@st.composite
def edited_matches(draw: st.DrawFn) -> briscola.Match:
    base = draw(st.sampled_from([_MATCH, _PLAYED]))
    name = draw(st.sampled_from(_MATCH_FIELDS))
    broken_result = briscola.DealResult(0, None)  # type: ignore[arg-type]
    value: Any = draw(st.one_of(junk, edited_states(), st.just((broken_result,))))
    return attrs.evolve(base, **{name: value})


anything = st.one_of(
    junk, edited_states(), edited_matches(), st.sampled_from([_STATE, _MID, _MATCH])
)


def _public() -> list[tuple[str, Callable[..., Any]]]:
    found: list[tuple[str, Callable[..., Any]]] = []
    for name in briscola.__all__:
        value = getattr(briscola, name)
        if inspect.isclass(value) and typing.is_typeddict(value):
            continue  # a type for type checkers, not a constructor
        if inspect.isclass(value) and getattr(value, "_is_protocol", False):
            continue  # a protocol describes callables; it is not one
        if inspect.isclass(value) or inspect.isfunction(value):
            found.append((name, value))
    found.append(("Card.parse", briscola.Card.parse))
    found.append(("Card.from_id", briscola.Card.from_id))
    found.append(("Record.from_text", briscola.Record.from_text))
    found.append(("Record.from_state", briscola.Record.from_state))
    found += _module_names()
    return found


# The public names of the modules that `import briscola` does not export, with the
# dependencies they need; calling them must not start a game or read the terminal.
_MODULES: dict[str, tuple[str, ...]] = {
    "briscola.records": (),
    "briscola.rules": (),
    "briscola.serialize": (),
    "briscola.simulation": (),
    "briscola.terminal": (),
    "briscola.tricks": (),
    "briscola.web.tables": (),
    "briscola.encoding": ("numpy",),
    "briscola.vector": ("numpy",),
    "briscola.envs.gymnasium": ("gymnasium",),
    "briscola.envs.pettingzoo": ("pettingzoo",),
    "briscola.envs.openspiel": ("pyspiel",),
    "briscola.web.app": ("starlette",),
    "briscola.web.server": ("uvicorn",),
}
# The command line, Ray and the server are tried with bad input by tests of their own.
_NOT_CALLED = {
    "briscola.terminal.play",
    "briscola.terminal.run_arena",
    "briscola.web.server.serve",
}


def _module_names() -> list[tuple[str, Callable[..., Any]]]:
    """The public names of `_MODULES` whose dependencies are installed, and the methods of
    `_live_objects`."""
    found: list[tuple[str, Callable[..., Any]]] = []
    seen: set[int] = set()
    for module_name, needs in _MODULES.items():
        if any(importlib.util.find_spec(need) is None for need in needs):
            continue
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if name in briscola.__all__ or f"{module_name}.{name}" in _NOT_CALLED:
                continue
            if id(value) in seen:  # the same object under another module's name
                continue
            seen.add(id(value))
            if inspect.isfunction(value) or (
                inspect.isclass(value) and not issubclass(value, tuple)  # not a NamedTuple
            ):
                found.append((f"{module_name.removeprefix('briscola.')}.{name}", value))
    for owner, names in _live_objects():
        for name in names:
            found.append((f"{type(owner).__name__}.{name}", getattr(owner, name)))
    return found


def _live_objects() -> list[tuple[object, tuple[str, ...]]]:
    """Objects of the optional layers, each with the methods a program calls on it."""
    found: list[tuple[object, tuple[str, ...]]] = []
    if importlib.util.find_spec("numpy") is not None:
        from briscola import encoding, vector

        found.append((encoding.Tracker(_STATE), ("apply", "observation", "action_mask")))
        game = vector.VectorGame("classic", decks=vector.shuffled_decks("classic", 3, seed=1))
        found.append(
            (game, ("step", "legal_mask", "action_masks", "observations", "random_actions"))
        )
    if importlib.util.find_spec("gymnasium") is not None:
        from briscola.envs.gymnasium import BriscolaEnv

        single = BriscolaEnv("classic")
        single.reset(seed=1)
        found.append((single, ("reset", "step")))
        found.append((single.action_space, ("sample",)))
    if importlib.util.find_spec("pettingzoo") is not None:
        from briscola.envs.pettingzoo import env, raw_env

        aec = ("reset", "step", "observe", "last", "state", "agent_iter", "render")
        many = raw_env("classic")
        many.reset(seed=1)
        found.append((many, (*aec, "action_space", "observation_space")))
        wrapped = env("classic")
        found.append((wrapped, aec))  # not reset: every call but reset comes too early
    if importlib.util.find_spec("pyspiel") is not None:
        import pyspiel

        from briscola.envs import openspiel  # registers the game

        game = pyspiel.load_game("briscola", {"variant": "classic"})
        dealing = game.new_initial_state()
        for card_id in (0, 11, 22):
            dealing.apply_action(card_id)
        # The methods written in Python; the rest are OpenSpiel's, which check their own.
        found.append((game, ("make_py_observer", "new_initial_state")))
        found.append((dealing, ("chance_outcomes", "resample_from_infostate", "returns")))
        observer = game.make_py_observer()
        assert isinstance(observer, openspiel.BriscolaObserver)
        found.append((observer, ("set_from", "string_from")))
    if importlib.util.find_spec("starlette") is not None:
        from briscola.web import Tables, TableSettings

        tables = Tables()
        table = tables.create(TableSettings("classic", seed=1, bots={1: "random"}))
        found.append((tables, ("get", "expires", "last_move", "drop", "touch", "save", "create")))
        found.append(
            (
                table,
                (
                    "seat_of",
                    "play",
                    "apply",
                    "legal_for",
                    "view_of",
                    "message",
                    "messages",
                    "record",
                    "restore",
                ),
            )
        )
    return found


PUBLIC = _public()


def _arity(func: Callable[..., Any]) -> tuple[int, list[str]]:
    try:
        signature = inspect.signature(func)
    except (TypeError, ValueError):
        return 1, []
    required = 0
    optional = []
    for parameter in signature.parameters.values():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.default is parameter.empty and parameter.kind is not parameter.KEYWORD_ONLY:
            required += 1
        elif parameter.default is parameter.empty:
            optional.append(parameter.name)  # a required keyword: always given below
        else:
            optional.append(parameter.name)
    return required, optional


def _call(func: Callable[..., Any], data: st.DataObject) -> None:
    required, optional = _arity(func)
    count = data.draw(st.integers(max(required - 1, 0), required + 1), label="arguments")
    if isinstance(func, enum.EnumType):
        count, optional = 1, []  # more arguments are Python's functional API: a new enum
    args = [data.draw(anything, label=f"arg {i}") for i in range(count)]
    keywords = {}
    for name in optional:
        if data.draw(st.booleans(), label=f"give {name}"):
            keywords[name] = data.draw(anything, label=name)
    try:
        func(*args, **keywords)
    except briscola.BriscolaError:
        pass
    except TypeError as error:
        # A call Python itself refuses (too many or too few arguments) is not bad input to
        # the library; anything raised from inside it is.
        if error.__traceback__ is not None and error.__traceback__.tb_next is not None:
            raise


def _params() -> list[Any]:
    return [pytest.param(func, id=name) for name, func in PUBLIC]


@pytest.mark.parametrize("func", _params())
@settings(
    max_examples=30,
    derandomize=True,
    phases=[Phase.explicit, Phase.generate],  # no shrinking: known failures stay fast
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)
@given(data=st.data())
def test_public_names_raise_only_library_errors(
    func: Callable[..., Any], data: st.DataObject
) -> None:
    _call(func, data)
