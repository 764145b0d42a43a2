"""A state built or edited by hand never makes a public verb raise a Python error."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import briscola
from briscola import InvalidStateError, State

EDITS: dict[str, dict[str, object]] = {
    "turn=7": {"turn": 7},
    "turn=None": {"turn": None},
    "empty hands": {"hands": ((), ())},
    "points=(200, 0)": {"points": (200, 0)},
    "turn='x'": {"turn": "x"},
    "hands of the wrong size": {"hands": ((),)},
    "no rules": {"rules": None},
    "turn holding bytes": {"turn": (b"", {"x": 1})},
    "history a dict": {"history": {"": 0, "x": 1}},
    "history of short entries": {"history": ((),)},
}


def _edited(name: str) -> State:
    changes: dict[str, Any] = EDITS[name]
    return attrs.evolve(briscola.new_game("classic", seed=1), **changes)


def _first_move() -> briscola.Move:
    return briscola.legal_moves(briscola.new_game("classic", seed=1))[0]


@pytest.mark.parametrize("name", sorted(EDITS))
def test_verbs_raise_only_library_errors_on_edited_states(name: str) -> None:
    state = _edited(name)
    calls: dict[str, Callable[[], object]] = {
        "legal_moves": lambda: briscola.legal_moves(state),
        "apply": lambda: briscola.apply(state, _first_move()),
        "apply with seat": lambda: briscola.apply(state, _first_move(), seat=0, ply=0),
        "score": lambda: briscola.score(state),
        "observe": lambda: briscola.observe(state, 0),
        "is_over": lambda: briscola.is_over(state),
        "current_player": lambda: briscola.current_player(state),
        "dumps": lambda: briscola.dumps(state),
        "render": lambda: briscola.render(state),
        "public_view": lambda: briscola.public_view(state),
        "Record.from_state": lambda: briscola.Record.from_state(state),
    }
    for verb, call in calls.items():
        try:
            call()
        except briscola.BriscolaError:
            pass
        except Exception as error:  # pragma: no cover - the failure being tested for
            pytest.fail(f"{verb} on {name} raised {type(error).__name__}: {error}")


def test_an_inconsistent_state_is_named_as_such() -> None:
    with pytest.raises(InvalidStateError, match="inconsistent"):
        briscola.legal_moves(_edited("turn=7"))
    with pytest.raises(InvalidStateError, match="inconsistent"):
        briscola.apply(_edited("turn=7"), _first_move())
    # A field JSON cannot hold fails in the encoder itself, inside the same guard.
    with pytest.raises(InvalidStateError, match="inconsistent"):
        briscola.dumps(_edited("turn holding bytes"))


def test_a_record_of_a_state_with_a_broken_history_is_refused() -> None:
    for name in ("history a dict", "history of short entries"):
        with pytest.raises(InvalidStateError, match="history"):
            briscola.Record.from_state(_edited(name))


class _BadHash:
    """A value whose own ``__hash__`` fails with something other than a TypeError."""

    def __hash__(self) -> int:
        raise KeyError("hash")


def test_an_option_whose_hash_fails_is_refused_as_a_rules_error() -> None:
    with pytest.raises(briscola.RulesError):
        briscola.rules("classic", seven_swap=_BadHash())  # type: ignore[arg-type]


class _FailingEq:
    """A value whose own ``==`` fails with something other than a TypeError."""

    def __eq__(self, other: object) -> bool:
        raise KeyError("eq")

    __hash__ = object.__hash__


def test_a_match_format_argument_whose_equality_fails_is_a_rules_error() -> None:
    with pytest.raises(briscola.RulesError):
        briscola.first_to_game_points(_FailingEq())  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(EDITS))
def test_a_tracker_of_an_edited_state_raises_only_library_errors(name: str) -> None:
    pytest.importorskip("numpy")
    from briscola.encoding import Tracker

    state = _edited(name)
    try:
        tracker = Tracker(state)
        tracker.observation(0)
        tracker.apply(_first_move())
        tracker.observation(1)
    except briscola.BriscolaError:
        pass
    except Exception as error:  # pragma: no cover - the failure being tested for
        pytest.fail(f"a Tracker of {name} raised {type(error).__name__}: {error}")
