"""A state built or edited by hand never makes a public verb raise a Python error."""

from __future__ import annotations

import contextlib
import copy
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import briscola
from briscola import InvalidStateError, State
from helpers import untyped

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
        "random_playout": lambda: briscola.random_playout(state),
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


def _nested(depth: int) -> Any:
    value: object = ()
    for _ in range(depth):
        value = (value,)
    return value


VIEW_EDITS: dict[str, dict[str, object]] = {
    "no hands": {"hands": ()},
    "no phase": {"phase": None},
    "no stock size": {"stock_size": None},
    "tricks None": {"tricks": None},
    "leader 9 with a card led": {"leader": 9, "trick": (briscola.DECK[0],)},
    "legal moves a card": {"legal_moves": briscola.DECK[0]},
    "legal moves None": {"legal_moves": None},
    "hand of text": {"hand": ("AD", "3D")},
    "a deeply nested dealer": {"dealer": _nested(5000)},
}


def _edited_view(name: str) -> briscola.View:
    view = briscola.observe(briscola.new_game("classic-4", seed=1), 0)
    changes: dict[str, Any] = VIEW_EDITS[name]
    return attrs.evolve(view, **changes)


@pytest.mark.parametrize("name", sorted(VIEW_EDITS))
def test_functions_of_a_view_raise_only_library_errors_on_edited_views(name: str) -> None:
    """A `View` has no validators: one edited by hand reaches the bots, the encoding, the
    renderer and JSON, which raise only library errors on it."""
    pytest.importorskip("numpy")
    from briscola import encoding

    view = _edited_view(name)
    calls: dict[str, Callable[[], object]] = {
        "RandomPlayer": lambda: briscola.RandomPlayer(1)(view),
        "GreedyPlayer": lambda: briscola.GreedyPlayer(1)(view),
        "SearchPlayer": lambda: briscola.SearchPlayer(1, worlds=2)(view),
        "unseen_cards": lambda: briscola.players.unseen_cards(view),
        "observation": lambda: encoding.observation(view),
        "action_mask": lambda: encoding.action_mask(view),
        "legal_indices": lambda: encoding.legal_indices(view),
        "action_move": lambda: encoding.action_move(0, view),
        "render": lambda: briscola.render(view),
        "dumps": lambda: briscola.dumps(view),
    }
    for call in calls.values():
        with contextlib.suppress(briscola.BriscolaError):
            call()


def test_a_bot_names_an_inconsistent_view() -> None:
    with pytest.raises(InvalidStateError, match="GreedyPlayer cannot use this view"):
        briscola.GreedyPlayer(1)(_edited_view("leader 9 with a card led"))


def test_a_match_view_with_a_huge_format_value_is_refused_by_render() -> None:
    view = briscola.observe(briscola.new_match("classic", seed=1), 0)
    edited = attrs.evolve(view, format=attrs.evolve(view.format, value=10**5000))
    with pytest.raises(InvalidStateError, match=r"^render\(\) cannot use this match view"):
        briscola.render(edited)


def test_every_function_words_a_value_edited_out_of_shape_one_way() -> None:
    from briscola.records import Record

    match = attrs.evolve(briscola.new_match("classic", seed=1), results=untyped(5))
    dealt = briscola.new_game("classic", seed=1)
    state = attrs.evolve(dealt, hands=untyped(5))
    advice = {
        "match": "build matches with new_match() and apply()",
        "state": "build states with new_game() and apply()",
    }
    for who, call, kind in (
        ("score()", lambda: briscola.score(match), "match"),
        ("legal_moves()", lambda: briscola.legal_moves(match), "match"),
        ("render()", lambda: briscola.render(match), "match"),
        ("Record.from_state()", lambda: Record.from_state(match), "match"),
        ("observe()", lambda: briscola.observe(state, 0), "state"),
        ("apply()", lambda: briscola.apply(state, briscola.legal_moves(dealt)[0]), "state"),
        ("render()", lambda: briscola.render(state), "state"),
        ("dumps()", lambda: briscola.dumps(state), "state"),
    ):
        with pytest.raises(InvalidStateError) as refused:
            call()
        assert str(refused.value) == (
            f"{who} cannot use this {kind}: it is inconsistent (a {kind} built or edited by "
            f"hand whose fields do not fit together); {advice[kind]}"
        )


def test_a_deeply_nested_score_field_is_refused_by_dumps() -> None:
    state = briscola.new_game("classic", seed=1)
    # Deeper than the JSON encoder goes on any supported Python (3.13 writes 5,000 levels).
    edited = attrs.evolve(briscola.score(state), caller=_nested(100_000))
    with pytest.raises(InvalidStateError, match="inconsistent"):
        briscola.dumps(edited)


@pytest.mark.parametrize(
    ("variant", "field", "value"),
    [
        ("bugiarda", "share_hands_before_first_trick", True),
        ("classic", "players", 1),
        ("chiamata", "variant", "2C"),
        ("classic", "deck", ()),
    ],
)
def test_rules_edited_past_their_checks_are_refused_when_dealt(
    variant: str, field: str, value: object
) -> None:
    """A copy of a `Rules` edited with ``object.__setattr__`` skips its checks; dealing with
    it (or starting a match) raises only library errors."""
    edited = copy.copy(briscola.rules(untyped(variant)))
    object.__setattr__(edited, field, value)
    for deal in (briscola.new_game, briscola.new_match):
        with contextlib.suppress(briscola.BriscolaError):
            deal(edited, seed=1)


def test_rules_edited_past_their_checks_are_named() -> None:
    edited = copy.copy(briscola.rules("classic"))
    object.__setattr__(edited, "players", 1)
    with pytest.raises(briscola.RulesError, match="these rules are inconsistent"):
        briscola.new_game(edited, seed=1)
    with pytest.raises(briscola.RulesError, match="players=1 does not apply"):
        briscola.new_match(edited, seed=1)


@pytest.mark.parametrize(
    ("field", "value"),
    [("moves", 1), ("trump_suit", "x"), ("seed", float("inf")), ("tags", "x"), ("deck", 5)],
)
def test_a_record_edited_past_its_checks_raises_only_library_errors(
    field: str, value: object
) -> None:
    record = briscola.Record.from_state(briscola.new_game("classic", seed=1))
    edited = copy.copy(record)
    object.__setattr__(edited, field, value)
    calls: list[Callable[[], object]] = [
        edited.first_state,
        edited.final_state,
        edited.to_text,
        lambda: list(edited.states()),
    ]
    for call in calls:
        with contextlib.suppress(briscola.BriscolaError):
            call()


def test_a_match_record_edited_past_its_checks_is_named() -> None:
    record = briscola.records.MatchRecord.from_state(briscola.new_match("classic", seed=1))
    edited = copy.copy(record)
    object.__setattr__(edited, "deals", 1.5)
    for call in (edited.final_match, edited.to_text, edited.deal_records):
        with pytest.raises(InvalidStateError, match="this MatchRecord is inconsistent"):
            call()


@pytest.mark.parametrize(("field", "value"), [("strength", ()), ("card_points", (1, 2))])
def test_rules_with_card_tables_edited_past_their_checks_are_refused_when_dealt(
    field: str, value: object
) -> None:
    edited = copy.copy(briscola.rules("classic"))
    object.__setattr__(edited, field, value)
    with pytest.raises(briscola.RulesError, match="these rules are inconsistent"):
        briscola.new_game(edited, seed=1)


def test_the_refusal_of_an_inconsistent_state_hides_the_error_inside() -> None:
    for call in (
        lambda: briscola.legal_moves(_edited("turn=7")),
        lambda: briscola.apply(_edited("turn=7"), _first_move()),
    ):
        with pytest.raises(InvalidStateError, match="inconsistent") as caught:
            call()
        assert caught.value.__cause__ is None
        assert caught.value.__suppress_context__
