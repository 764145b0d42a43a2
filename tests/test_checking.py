"""`check`: genuine states pass, edited ones raise InvalidStateError and nothing else."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import briscola
from briscola import InvalidStateError, VariantId, check
from helpers import Hostile, untyped

PRESETS = sorted(briscola.VARIANTS)
OPTIONED: list[tuple[str, dict[str, Any]]] = [
    ("classic", {"seven_swap": True, "two_swap": True, "must_follow_suit": True}),
    ("classic-3", {"removed_two": "random"}),
    (
        "classic-4",
        {"signals": True, "public_claims": True, "share_hands_when_stock_empty": "automatic"},
    ),
    ("classic-4", {"share_hands_before_first_trick": "voluntary", "open_stock": True}),
    ("chiamata", {"auction": "points_only", "first_trick_blind": "committed"}),
    ("chiamata", {"players": 6, "six_player_form": "remove_twos", "annul_zero_point_hand": True}),
    ("bugiarda", {"trump_source": "separate_flip", "declaration_round": True}),
    ("briscolone", {"tie_rule": "replay", "rank_variant": "seven_high"}),
]


def _states(variant: VariantId, options: dict[str, Any], seed: int) -> list[briscola.State]:
    rng = random.Random(seed)
    state = briscola.new_game(variant, seed=seed, **options)
    states = [state]
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
        states.append(state)
    return states


@pytest.mark.parametrize(("variant", "options"), [*((p, {}) for p in PRESETS), *OPTIONED])
def test_every_reachable_state_passes(variant: VariantId, options: dict[str, Any]) -> None:
    for seed in range(2):
        for state in _states(variant, options, seed):
            check(state)


def _mid(variant: VariantId = "classic") -> briscola.State:
    states = _states(variant, {}, 3)
    return states[len(states) // 2]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"turn": 7}, "turn"),
        ({"turn": None}, "turn"),
        ({"hands": ((), ())}, "hands"),
        ({"points": (200, 0)}, "points"),
        ({"phase": briscola.Phase.OVER}, "phase"),
        ({"drawn": 0}, "count of cards drawn"),
        ({"talked": True}, "record of what was said this turn"),
        ({"trump_card": None}, "trump card"),
    ],
)
def test_edited_states_name_the_field(changes: dict[str, Any], field: str) -> None:
    state = _mid()
    edited = attrs.evolve(state, **changes)
    assert edited != state
    with pytest.raises(InvalidStateError, match=f"its {field} differ"):
        check(edited)


def test_a_value_equal_to_the_replay_but_of_another_type_is_caught() -> None:
    # True == 1 and 2.0 == 2, but no replayed state holds a bool for a seat or a float for
    # a count: such a state would not round-trip through JSON, nor play on.
    state = _mid()
    assert state.turn == 1
    bool_points = tuple(bool(points) if points in (0, 1) else points for points in state.points)
    for changes in (
        {"turn": True},
        {"drawn": float(state.drawn)},
        {"talked": int(state.talked)},
        {"leader": bool(state.leader)},
        {"points": (float(state.points[0]), state.points[1])},
    ):
        with pytest.raises(InvalidStateError, match="not consistent"):
            check(attrs.evolve(state, **changes))
    if bool_points != state.points:
        with pytest.raises(InvalidStateError, match="its points differ"):
            check(attrs.evolve(state, points=bool_points))


def test_messages_name_no_card() -> None:
    state = briscola.new_game("classic", seed=1)
    twice = attrs.evolve(state, deck=state.deck[:5] + (state.deck[0],) + state.deck[6:])
    with pytest.raises(InvalidStateError) as refused:
        check(twice)
    assert str(state.deck[0]) not in str(refused.value)
    later = _mid()
    (seat, first), (other, _) = later.history[:2]
    assert isinstance(first, briscola.Play)
    replayed = ((seat, first), (other, first), *later.history[2:])  # a card played twice
    with pytest.raises(InvalidStateError, match="move 2 of the history") as refused:
        check(attrs.evolve(later, history=replayed))
    assert str(first.card) not in str(refused.value)


def test_another_dealer_is_caught() -> None:
    state = _mid()
    with pytest.raises(InvalidStateError, match="not the seat to act"):
        check(attrs.evolve(state, dealer=1 - state.dealer))


def test_swapped_hands_are_caught() -> None:
    state = _mid("classic-4")
    hands = state.hands[1:] + state.hands[:1]
    with pytest.raises(InvalidStateError, match="hands"):
        check(attrs.evolve(state, hands=hands))


JUNK: list[object] = [None, 7, -1, 10**5000, "x" * 100_000, (), ((),), 1.5, Hostile(), [1], {}]


@pytest.mark.parametrize("name", [field.name for field in attrs.fields(briscola.State)])
def test_junk_in_any_field_is_an_invalid_state(name: str) -> None:
    state = _mid()
    for junk in JUNK:
        if type(junk) is tuple and junk == getattr(state, name):
            continue  # the same value: nothing edited
        edited = attrs.evolve(state, **{name: junk})  # type: ignore[arg-type]
        with pytest.raises(InvalidStateError):
            check(edited)


def test_history_edits() -> None:
    state = _mid()
    seat, move = state.history[0]
    with pytest.raises(InvalidStateError, match="move 1"):
        check(attrs.evolve(state, history=((1 - seat, move),) + state.history[1:]))
    with pytest.raises(InvalidStateError, match="move 1"):
        check(attrs.evolve(state, history=((seat, briscola.Pass()),) + state.history[1:]))
    with pytest.raises(InvalidStateError, match="move 1"):
        check(attrs.evolve(state, history=(("x", move),) + state.history[1:]))  # type: ignore[arg-type]


def test_not_a_state() -> None:
    for junk in JUNK:
        with pytest.raises(InvalidStateError):
            check(junk)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("hand_size", 40, "edited past their checks: hand_size is not what their options give"),
        ("strength", (), "edited past their checks: strength is not"),
        ("card_points", None, "edited past their checks: card_points is not"),
        ("dealt_cards", 99, "edited past their checks: dealt_cards is not"),
        ("players", "2", "rules are not valid: players='2' does not apply"),
        ("win_threshold", "x", "rules are not valid: win_threshold='x' is not valid"),
        ("win_threshold", 500, "rules are not valid: win_threshold=500 is not valid"),
        ("variant", "nope", "rules are not valid: unknown variant 'nope'"),
    ],
)
def test_rules_edited_past_their_checks_are_caught(field: str, value: Any, message: str) -> None:
    # What rules() refuses, or a derived field no options give: never "consistent", and
    # never Python's own IndexError or TypeError from the replay.
    state = briscola.new_game("classic", seed=1)
    rng = random.Random(0)
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    edited = attrs.evolve(state.rules)
    object.__setattr__(edited, field, value)
    with pytest.raises(InvalidStateError, match=message):
        check(attrs.evolve(state, rules=edited))
    check(state)


def test_fields_are_named_in_words() -> None:
    state = briscola.new_game("classic", seed=1)
    for changes, words in (
        ({"drawn": state.drawn + 1}, "its count of cards drawn differs from the one"),
        ({"shown": ((0, ()),)}, "its hands shown differ from those"),
    ):
        with pytest.raises(InvalidStateError, match=words):
            check(attrs.evolve(state, **changes))


def test_malformed_deck_dealer_and_history_are_named() -> None:
    state = _mid()
    move = state.history[0][1]
    for changes, message in (
        ({"deck": list(state.deck)}, "the state's deck must be a tuple of cards"),
        ({"deck": (*state.deck[:-1], None)}, "the state's deck must be a tuple of cards$"),
        ({"dealer": 2}, "the state's dealer 2 is not a seat"),
        ({"dealer": bool(state.dealer)}, "is not a seat"),
        ({"history": list(state.history)}, "history must be a tuple of"),
        ({"history": ((0, move, 0),)}, "move 1 of the history is not a"),
        ({"history": ((True, move),)}, "move 1 of the history is not a"),
        ({"history": ((0, str(move)),)}, "move 1 of the history is not a"),
    ):
        with pytest.raises(InvalidStateError, match=message):
            check(attrs.evolve(state, **changes))


def test_a_separately_flipped_trump_suit_must_be_a_suit() -> None:
    state = briscola.new_game("bugiarda", seed=1, trump_source="separate_flip")
    with pytest.raises(InvalidStateError, match="the state's trump suit must be a Suit"):
        check(attrs.evolve(state, trump_suit=untyped("C")))


def test_removed_cards_are_named_in_words() -> None:
    state = _mid()
    with pytest.raises(InvalidStateError, match="its cards removed from the deck differ"):
        check(attrs.evolve(state, removed=state.deck[:1]))
