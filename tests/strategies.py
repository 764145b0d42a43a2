"""Hypothesis strategies for the property tests, and helpers shared by them.

* `rules_strategy()`: the `Rules` of any preset of `briscola.VARIANTS` with a random subset
  of the options of `briscola.OPTIONS` that apply to it. Presets and options are read from
  the library at run time, so a new preset or option is picked up without editing this file.
* `games()`: a `GameSpec` (rules, seed, dealer, move-choice indices, and sometimes a deck
  rigged so that swaps come up); `replay()` plays it and returns every state of the deal.
* `table_rules()`: a preset with a random set of the options a test file lists for it (the
  file's own table of options and values, written from §8).
* `deal_settings()`: the Hypothesis settings of the tests that play whole deals.
* `EVERY_PRESET`: runs a property test once for each preset.
* The spec tables below (and those imported from `helpers`) are copied from the rules, not
  read from the engine.
"""

from __future__ import annotations

import contextlib
import enum
import importlib
import itertools
import re
import warnings
from collections.abc import Callable, Sequence
from typing import Any, Final, NamedTuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import briscola
from briscola import (
    OPTIONS,
    SIGNAL_TOKENS,
    VARIANTS,
    Card,
    Rank,
    RankVariant,
    Rules,
    RulesError,
    SevenSwapDeadline,
    State,
    TieRule,
    TwoSwapWindow,
)
from helpers import HAND_SIZE, RANK_ORDER, RANK_POINTS, bugiarda5_sides

# When a Hypothesis test fails, Hypothesis's pytest plugin imports libcst to suggest a
# patch; libcst warns on import (a DeprecationWarning from mypy_extensions), and the
# project turns warnings into errors, so the failure report would end in an INTERNALERROR
# instead of showing the failing example. Import that module once here, quietly.
with warnings.catch_warnings(), contextlib.suppress(ImportError):
    warnings.simplefilter("ignore", DeprecationWarning)
    importlib.import_module("hypothesis.extra._patching")

ALL_CARDS: Final[tuple[Card, ...]] = tuple(Card.from_id(i) for i in range(40))
"""The 40 cards in id order."""

TOTAL_POINTS: Final = 120
"""§1.3: the card points of a deal, in every rank variant (§3.9)."""

MAX_MOVES: Final = 1000
"""No deal of any preset needs this many moves; `replay` fails past it."""

# §1.8 (preset defaults): preset -> (players, hand size, tricks,
# stock size including the face-up card right after the deal).
SPEC_TIMELINE: Final[dict[str, tuple[int, int, int, int]]] = {
    "classic": (2, 3, 20, 34),
    "classic-3": (3, 3, 13, 30),
    "classic-4": (4, 3, 10, 28),
    "classic-6": (6, 3, 6, 18),
    "scoperta": (2, 3, 20, 34),
    "bugiarda-2": (2, 3, 20, 34),
    "briscolone": (2, 5, 20, 30),
    "chiamata": (5, 8, 8, 0),
    "chiamata-milan": (5, 8, 8, 0),
    "bugiarda": (4, 10, 10, 0),
    "bugiarda-5": (5, 10, 10, 0),
}

# §2 (preset overview): the sides of the two-sided presets whose sides do not
# depend on the deal, and the presets where everyone plays alone with three players (§2.2).
SPEC_SIDES: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    "classic": ((0,), (1,)),
    "scoperta": ((0,), (1,)),
    "bugiarda-2": ((0,), (1,)),
    "briscolone": ((0,), (1,)),
    "classic-4": ((0, 2), (1, 3)),
    "bugiarda": ((0, 2), (1, 3)),
    "classic-6": ((0, 2, 4), (1, 3, 5)),
}
SPEC_THREE_SINGLES: Final = frozenset({"classic-3"})


PRESETS: Final = tuple(sorted(VARIANTS))
EVERY_PRESET: Final = pytest.mark.parametrize("preset", PRESETS)
"""Runs a property test once for each preset, so that every run checks every preset;
drawing the preset with the other values would leave some out of a run now and then."""


def spec_sides(state: State) -> tuple[tuple[int, ...], ...] | None:
    """The fixed sides of a deal (§2; ``bugiarda-5``: opposite among the active
    four, §2.6.3), or ``None`` where the sides are not fixed by the preset."""
    r = state.rules
    if r.variant in SPEC_SIDES:
        return SPEC_SIDES[r.variant]
    if r.variant == "bugiarda-5":
        return bugiarda5_sides(state.dealer)
    return None


# The enums whose members are option values; `OPTIONS[name].values` lists their values
# ('"draw", "replay" or "last_trick"'), and the members are drawn as well as the text.
_ENUMS: Final[tuple[type[enum.Enum], ...]] = (
    briscola.AfterTwo,
    briscola.AllPass,
    briscola.Auction,
    briscola.Cappotto,
    briscola.FirstLeader,
    briscola.FirstTrickBlind,
    RankVariant,
    SevenSwapDeadline,
    briscola.ShareHands,
    briscola.SixPlayerForm,
    briscola.Stakes,
    TieRule,
    briscola.TrumpSource,
    TwoSwapWindow,
)

# Options drawn as "on" most of the time: they add moves (SwapTrump) and a phase.
_MOSTLY_ON: Final = frozenset({"seven_swap", "two_swap"})

_QUOTED: Final = re.compile(r'"([^"]*)"')
_QUOTED_LIST: Final = re.compile(r'\s*"[^"]*"(\s*(,|or|,\s*or)\s*"[^"]*")*\s*')
_QUOTED_IN_PARENS: Final = re.compile(r'[^"(]*\(((?:\s*"[^"]*"\s*,?)+)\)\s*( or None)?\s*')
_INT_LIST: Final = re.compile(r"\s*[-+]?\d+(\s*(,|or|,\s*or)\s*[-+]?\d+)*\s*")
_INT_RANGE: Final = re.compile(r"\s*an? int(?:eger)? from ([-+]?\d+) to ([-+]?\d+)\s*")


def option_choices(name: str, preset: str) -> tuple[object, ...] | None:
    """Every legal value of option ``name`` in ``preset``, read from `OPTIONS`.

    Returns ``None`` for an option whose values cannot be derived from its description
    (such as a free-form tuple of tokens or an unbounded int): the strategies skip it.
    """
    text = OPTIONS[name].values.replace("\u2212", "-")
    if text.strip() == "bool":
        return (False, True)
    if text.strip() == "1 or the hand size":
        return tuple(sorted({1, VARIANTS[preset].hand_size}))
    match = _INT_RANGE.fullmatch(text)
    if match:
        return tuple(range(int(match.group(1)), int(match.group(2)) + 1))
    if text.strip() == "a tuple of token names":
        # `signal_tokens`: every set of tokens, in the documented order and reversed.
        subsets = (
            subset
            for size in range(1, len(SIGNAL_TOKENS) + 1)
            for subset in itertools.combinations(SIGNAL_TOKENS, size)
        )
        return tuple(
            ordered
            for subset in subsets
            for ordered in ((subset,) if len(subset) == 1 else (subset, subset[::-1]))
        )
    match = _QUOTED_IN_PARENS.fullmatch(text)
    if match:
        # 'a suit code ("D", "C", "S", "B") or None'
        listed: list[object] = list(_QUOTED.findall(match.group(1)))
        return (*listed, None) if match.group(2) else tuple(listed)
    if _QUOTED_LIST.fullmatch(text):
        values: list[object] = list(_QUOTED.findall(text))
        for kind in _ENUMS:
            if {member.value for member in kind} == set(values):
                # The enum members are accepted as well as their string values.
                values.extend(kind)
        return tuple(values)
    if _INT_LIST.fullmatch(text):
        return tuple(int(word) for word in re.findall(r"[-+]?\d+", text))
    # Anything else cannot be derived from the description alone, and the option is left
    # at its default; `test_every_option_has_values_to_draw` keeps that list empty.
    return None


# §8, Validation point 2: the one option that is a RulesError unless another
# option has a given value.
REQUIRES: Final[dict[str, dict[str, Any]]] = {
    "trump_suit": {"trump_source": "separate_flip"},
}


def applicable_options(preset: str) -> list[str]:
    """The options of `OPTIONS` that apply to ``preset``, in `OPTIONS` order."""
    return [name for name, info in OPTIONS.items() if preset in info.applies_to]


@st.composite
def rules_strategy(draw: st.DrawFn, presets: Sequence[str] | None = None) -> Rules:
    """`briscola.rules(preset, **options)` for a preset of `VARIANTS` (or of ``presets``)
    and a random subset of the options that apply to it, with legal values."""
    preset = draw(st.sampled_from(sorted(presets if presets is not None else VARIANTS)))
    result = VARIANTS[preset]
    for name in applicable_options(preset):
        choices = option_choices(name, preset)
        if choices is None:
            continue
        if name in _MOSTLY_ON and choices == (False, True):
            value: object = draw(st.sampled_from((True, True, True, False)))
        elif draw(st.booleans()):
            value = draw(st.sampled_from(choices))
        else:
            continue
        try:
            result = briscola.rules(result, **{name: value})  # type: ignore[arg-type]
        except RulesError:
            # A combination that the options' own rules forbid (an option that needs
            # another one set first). Each value on its own is checked to be accepted by
            # test_conformance.test_every_derived_option_value_is_accepted.
            continue
    return result


def deal_settings(max_examples: int, *also: HealthCheck) -> settings:
    """Settings for tests whose examples play whole deals: no deadline, slow examples
    allowed (and the health checks ``also`` names suppressed too)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, *also],
    )


@st.composite
def table_rules(
    draw: st.DrawFn,
    option_choices: Callable[[str], dict[str, st.SearchStrategy[object]]],
    presets: Sequence[str],
    *,
    packet_of_one: bool,
) -> Rules:
    """A preset of ``presets`` with a random set of the options ``option_choices(preset)``
    offers, each with a value drawn from its strategy; a ``trump_suit`` now and then under
    a separate flip; and now and then a ``deal_packet_size``: a whole hand, or (with
    ``packet_of_one``) one card or a whole hand."""
    variant = draw(st.sampled_from(presets))
    options: dict[str, Any] = draw(st.fixed_dictionaries({}, optional=option_choices(variant)))
    if options.get("trump_source") == "separate_flip" and draw(st.booleans()):
        options["trump_suit"] = draw(st.sampled_from("DCSB"))
    hand = HAND_SIZE.get(variant, 1)
    if options.get("players") == 6 and options.get("six_player_form") in (
        "remove_fours",
        "remove_twos",
    ):
        hand = 6  # §2.5.8: 36 cards, 6 each
    if draw(st.booleans()):
        options["deal_packet_size"] = draw(st.sampled_from([1, hand])) if packet_of_one else hand
    return briscola.rules(variant, **options)  # type: ignore[arg-type]


class GameSpec(NamedTuple):
    """A reproducible deal: rules, seed, dealer and the move-choice indices; ``deck``, when
    given, is dealt instead of the seed's shuffle."""

    rules: Rules
    seed: int
    dealer: int | None
    choices: list[int]
    deck: tuple[Card, ...] | None = None


def rigged_deck(r: Rules, seed: int, dealer: int | None, seat: int) -> tuple[Card, ...]:
    """The deck of ``seed`` with the 7 and the 2 of the face-up card's suit moved into
    ``seat``'s first hand (where the deck holds them), so that swaps (§3.1, §3.2)
    come up often. The cards they replace go where the 7 and the 2 were."""
    first = briscola.new_game(r, seed=seed, dealer=dealer)
    deck = list(first.deck)
    face_up = first.trump_card
    if face_up is None:
        return first.deck
    wanted = [
        card
        for card in (Card(Rank.SEVEN, face_up.suit), Card(Rank.TWO, face_up.suit))
        if card in deck and card is not face_up
    ]
    given_up = [card for card in first.hands[seat] if card not in wanted]
    for card, other in zip(wanted, given_up, strict=False):
        if card in first.hands[seat]:
            continue
        i, j = deck.index(card), deck.index(other)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@st.composite
def games(draw: st.DrawFn, presets: Sequence[str] | None = None) -> GameSpec:
    """A random `GameSpec` of any preset (or of ``presets``) with random options."""
    r = draw(rules_strategy(presets))
    seed = draw(st.integers(min_value=0, max_value=2**64))
    dealer = draw(st.none() | st.integers(min_value=0, max_value=r.players - 1))
    # Negative indices count from the end of the legal moves (Python's modulo), where the
    # swaps and passes are listed; drawing them often makes swaps frequent.
    choice = st.integers(min_value=-2, max_value=-1) | st.integers(min_value=0, max_value=2**16)
    choices = draw(st.lists(choice, min_size=1, max_size=80))
    deck = None
    if r.has_face_up_card and (r.seven_swap or r.two_swap) and draw(st.booleans()):
        seat = draw(st.integers(min_value=0, max_value=r.players - 1))
        deck = rigged_deck(r, seed, dealer, seat)
    return GameSpec(r, seed, dealer, choices, deck)


def start(spec: GameSpec) -> State:
    """The first state of the deal of ``spec``."""
    if spec.deck is not None:
        return briscola.new_game(spec.rules, deck=spec.deck, dealer=spec.dealer)
    return briscola.new_game(spec.rules, seed=spec.seed, dealer=spec.dealer)


def replay(spec: GameSpec) -> list[State]:
    """Play the deal of ``spec`` to its end and return every state, the first included.

    Move ``k`` is ``legal[c % len(legal)]`` where ``c`` is ``choices[k % len(choices)]``
    (the choices are reused in a cycle once used up; no choices means always the first
    legal move).
    """
    state = start(spec)
    states = [state]
    choices = spec.choices
    k = 0
    while not briscola.is_over(state):
        legal = briscola.legal_moves(state)
        assert legal, f"no legal move in a state that is not over: {state!r}"
        c = choices[k % len(choices)] if choices else 0
        state = briscola.apply(state, legal[c % len(legal)])
        states.append(state)
        k += 1
        assert k <= MAX_MOVES, f"the deal did not end within {MAX_MOVES} moves"
    return states


def active_seats(first: State) -> tuple[int, ...]:
    """The seats dealt cards in the first state of a deal (a seat may sit out)."""
    return tuple(seat for seat, hand in enumerate(first.hands) if hand)


def located_cards(state: State) -> list[Card]:
    """Every card of the state, from every place it can be: hands, the current trick,
    the stock not yet drawn, the face-up card, the finished tricks and the removed cards."""
    found: list[Card] = []
    for hand in state.hands:
        found.extend(hand)
    found.extend(state.trick)
    found.extend(state.stock)
    if state.trump_card is not None:
        found.append(state.trump_card)
    for trick in state.tricks:
        found.extend(trick.cards)
    found.extend(state.removed)
    return found


def spec_points(r: Rules) -> tuple[int, ...]:
    """Card points by card id under ``r.rank_variant`` (§1.3, §3.9); the engine's
    own table for a rank variant `helpers.RANK_POINTS` does not know."""
    table = RANK_POINTS.get(str(r.rank_variant.value))
    if table is None:
        return r.card_points
    return tuple(table.get(card.rank.code, 0) for card in ALL_CARDS)


def spec_strength(r: Rules) -> tuple[int, ...]:
    """Trick-taking strength by card id (higher is stronger), §1.2, §3.9; the
    engine's own table for a rank variant `helpers.RANK_ORDER` does not know."""
    order = RANK_ORDER.get(str(r.rank_variant.value))
    if order is None:
        return r.strength
    return tuple(len(order) - order.index(card.rank.code) for card in ALL_CARDS)
