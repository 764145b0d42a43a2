"""`determinize`: a full state drawn at random among those that agree with a view.

* Agreement: observing the sampled state from the same seat gives the same view back, for
  random states of every preset with random table rules and for every seat (spectators'
  public views too); the sample is a genuine state that can be played to the end; the same
  seed gives the same state.
* Uniformity: on a small classic endgame every possible opponent hand comes up about
  equally often.
* Altered views that no state agrees with raise `InvalidStateError`.

The option tables below are copied from §8, not read from the engine.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Final, Literal

import attrs
import pytest
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

import briscola
from briscola import (
    VARIANTS,
    Card,
    InvalidStateError,
    Phase,
    Rank,
    State,
    Suit,
    SwapTrump,
    VariantId,
    View,
    apply,
    determinize,
    is_over,
    legal_moves,
    new_game,
    observe,
    public_view,
    random_playout,
    rules,
    score,
)
from briscola._contract import contract
from briscola.sampling import _Placements, _Stream
from helpers import (
    BUGIARDA,
    CHIAMATA,
    DEALT_TRUMP,
    FACE_UP,
    PARTNERS,
    SHARE,
    SIGNAL_TOKENS,
    STOCK,
    TWO_SIDED,
    card_id,
    deal_states,
)
from strategies import deal_settings, table_rules

PRESETS: Final = tuple(VARIANTS)
SETTINGS: Final = deal_settings(100, HealthCheck.data_too_large)


def option_choices(variant: VariantId) -> dict[str, st.SearchStrategy[object]]:
    """The options §8 lists for ``variant`` that change what a seat knows or holds."""
    flag = st.booleans()
    choices: dict[str, st.SearchStrategy[object]] = {
        "must_follow_suit": flag,
        "public_claims": flag,
        "rank_variant": st.sampled_from(["standard", "seven_high", "three_natural"]),
    }
    if variant not in CHIAMATA:
        choices["open_hands"] = flag
    if variant in STOCK:
        choices["open_stock"] = flag
    if variant == "classic-3":
        choices["removed_two"] = st.sampled_from(["2C", "2S", "random"])
    if variant in DEALT_TRUMP:
        choices["trump_source"] = st.sampled_from(["last_dealt", "separate_flip"])
        choices["first_leader_offset"] = st.sampled_from([1, -1])
    if variant in BUGIARDA:
        choices["declaration_round"] = flag
    if variant in FACE_UP:
        choices.update(
            seven_swap=flag,
            seven_swap_requires_higher=flag,
            seven_swap_only_if_drawn=flag,
            seven_swap_requires_won_trick=flag,
            seven_swap_only_leader=flag,
            seven_swap_deadline=st.sampled_from(["stock_empty", "before_penultimate_trick"]),
            two_swap=flag,
            two_swap_window=st.sampled_from(["first_trick", "before_first_lead", "both"]),
        )
    if variant in PARTNERS:
        choices.update(
            signals=flag,
            signal_tokens=st.lists(
                st.sampled_from(SIGNAL_TOKENS), min_size=1, max_size=3, unique=True
            ).map(tuple),
            no_signals_first_trick=flag,
            share_hands_before_first_trick=st.sampled_from(SHARE),
            share_hands_when_stock_empty=st.sampled_from(SHARE),
        )
    if variant in TWO_SIDED:
        choices["tie_rule"] = st.sampled_from(["draw", "replay", "last_trick"])
    if variant in CHIAMATA:
        choices.update(
            auction=st.sampled_from(["ranks", "points_only", "two_only"]),
            allow_ace_call=flag,
            all_pass=st.sampled_from(["forced", "redeal"]),
            first_leader=st.sampled_from(["first_hand", "caller"]),
            first_trick_blind=st.sampled_from(["off", "committed", "free_choice"]),
            players=st.sampled_from([5, 6]),
            six_player_form=st.sampled_from(["dealer_sits_out", "remove_fours", "remove_twos"]),
            annul_zero_point_hand=flag,
        )
    return choices


@st.composite
def game_states(draw: st.DrawFn) -> list[State]:
    """A few states of one random deal, the last one included."""
    r = draw(table_rules(option_choices, PRESETS, packet_of_one=False))  # type: ignore[arg-type]
    dealer = draw(st.none() | st.integers(0, r.players - 1))
    states = deal_states(r, draw(st.integers(0, 2**40)), dealer, draw(st.integers(0, 2**32)))
    picks = draw(st.lists(st.integers(0, len(states) - 1), min_size=1, max_size=3, unique=True))
    return [states[i] for i in sorted(picks)]


def check_sample(state: State, seat: int | None, seed: int) -> State:
    """Sample from the view of ``seat`` (a spectator for None) and check the sample."""
    view = public_view(state) if seat is None else observe(state, seat)
    sample = determinize(view, seed=seed)
    assert isinstance(sample, State)
    assert sample.rules == state.rules
    if seat is None:
        assert public_view(sample) == view
    else:
        assert observe(sample, seat) == view
        assert public_view(sample) == public_view(state)
    assert determinize(view, seed=seed) == sample  # the same seed, the same state
    final = random_playout(sample, random.Random(seed))
    assert is_over(final)
    assert sum(score(final).deltas) == 0
    return sample


# --- agreement -------------------------------------------------------------------------------


@SETTINGS
@given(game_states(), st.integers(0, 2**32))
def test_a_sample_agrees_with_every_seats_view(states: list[State], seed: int) -> None:
    for state in states:
        for seat in range(state.rules.players):
            check_sample(state, seat, seed + seat)


@SETTINGS
@given(game_states(), st.integers(0, 2**32))
def test_a_sample_agrees_with_a_spectators_view(states: list[State], seed: int) -> None:
    for state in states:
        check_sample(state, None, seed)


# The table rules that change what a seat knows, each in at least one deterministic case.
CASES: Final[list[tuple[str, dict[str, Any]]]] = [
    *((variant, {}) for variant in PRESETS),
    ("classic", {"must_follow_suit": True}),
    ("classic", {"seven_swap": True, "two_swap": True, "two_swap_window": "both"}),
    ("classic", {"seven_swap": True, "seven_swap_only_if_drawn": True, "open_stock": True}),
    ("classic-3", {"removed_two": "random", "must_follow_suit": True}),
    ("classic-4", {"must_follow_suit": True, "seven_swap": True}),
    ("classic-4", {"two_swap": True, "two_swap_window": "both", "seven_swap": True}),
    ("classic-4", {"share_hands_before_first_trick": "voluntary"}),
    ("classic-4", {"share_hands_before_first_trick": "automatic"}),
    ("classic-4", {"share_hands_when_stock_empty": "voluntary", "signals": True}),
    ("classic-4", {"share_hands_when_stock_empty": "automatic", "public_claims": True}),
    ("classic-6", {"signals": True, "no_signals_first_trick": False, "public_claims": True}),
    ("classic-6", {"share_hands_before_first_trick": "voluntary", "open_stock": True}),
    ("chiamata", {"first_trick_blind": "committed"}),
    ("chiamata", {"first_trick_blind": "free_choice"}),
    ("chiamata", {"players": 6}),
    ("chiamata", {"players": 6, "six_player_form": "remove_fours"}),
    ("chiamata-milan", {"players": 6, "six_player_form": "remove_twos", "must_follow_suit": True}),
    ("chiamata-milan", {"auction": "points_only", "first_trick_blind": "committed"}),
    ("bugiarda", {"trump_source": "separate_flip"}),
    ("bugiarda", {"share_hands_when_stock_empty": "voluntary", "signals": True}),
    ("bugiarda-5", {"trump_source": "separate_flip", "first_leader_offset": -1}),
    ("bugiarda-5", {"must_follow_suit": True, "public_claims": True}),
    ("bugiarda-2", {"declaration_round": True, "seven_swap": True}),
    ("scoperta", {"must_follow_suit": True}),
    ("briscolone", {"must_follow_suit": True, "open_stock": True}),
    ("classic-3", {"open_stock": True}),
    ("classic-4", {"open_stock": True, "must_follow_suit": True}),
]


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_a_sample_agrees_under_each_table_rule(
    variant: VariantId, options: dict[str, Any]
) -> None:
    r = rules(variant, **options)
    for game in range(2):
        states = deal_states(r, 100 + game, None, 200 + game)
        for state in states[:: max(1, len(states) // 6)]:
            for seat in range(r.players):
                check_sample(state, seat, 7 * game + seat)
            check_sample(state, None, game)


def test_samples_differ_where_the_view_hides_something() -> None:
    state = new_game("classic", seed=4)
    view = observe(state, 0)
    samples = {determinize(view, seed=seed) for seed in range(20)}
    assert len(samples) > 1
    assert all(sample.hands[0] == state.hands[0] for sample in samples)
    assert len({sample.hands[1] for sample in samples}) > 1


def test_open_information_is_kept() -> None:
    """Under open hands and an open stock nothing is hidden: every sample is the state."""
    for variant in ("scoperta", "classic"):
        r = rules(variant, open_hands=True, open_stock=True)
        for state in deal_states(r, 3, None, 3)[::5]:
            for seat in range(r.players):
                sample = determinize(observe(state, seat), seed=seat)
                assert sample.hands == state.hands
                assert sample.stock == state.stock


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic-4", {}),
        ("classic-3", {"must_follow_suit": True}),
        ("classic-6", {"seven_swap": True}),
    ],
)
def test_an_open_stock_keeps_each_drawn_card_with_its_drawer(
    variant: VariantId, options: dict[str, Any]
) -> None:
    """Everyone saw which card each seat drew: every world keeps the stock as dealt, and
    the drawn cards still held in the hands that drew them."""
    r = rules(variant, open_stock=True, **options)
    states = deal_states(r, 11, None, 11)
    state = next(s for s in states if s.drawn >= 2 * r.players and s.tricks)
    drawn = set(state.dealt_stock[: state.drawn])
    for seat in range(r.players):
        view = observe(state, seat)
        for seed in range(15):
            world = determinize(view, seed=seed)
            assert world.dealt_stock == state.dealt_stock
            for other in range(r.players):
                assert drawn & set(world.hands[other]) == drawn & set(state.hands[other])


def test_a_seed_of_none_draws_a_consistent_state() -> None:
    state = deal_states(VARIANTS["classic-4"], 5, None, 5)[13]
    view = observe(state, 2)
    assert observe(determinize(view), 2) == view
    assert observe(determinize(view, seed=None), 2) == view


# --- uniformity ------------------------------------------------------------------------------

SAMPLES: Final = 3000


def _endgame() -> tuple[State, View]:
    """A classic state in which seat 0 cannot see exactly three cards, some of them in the
    opponent's hand and the rest in the stock (found from fixed seeds)."""
    for seed in range(1000):
        rng = random.Random(seed)
        state = new_game("classic", seed=seed)
        while not is_over(state):
            view = observe(state, 0)
            unknown = view.hand_sizes[1] - len(view.known_cards[1])
            face_down = view.stock_size - (view.trump_card is not None)
            if state.phase is Phase.PLAY and unknown + face_down == 3 and 0 < unknown < 3:
                return state, view
            state = apply(state, rng.choice(legal_moves(state)))
    raise AssertionError("no suitable classic endgame in 1000 seeds")


def test_every_possible_opponent_hand_is_about_equally_likely() -> None:
    state, view = _endgame()
    played = {card for trick in view.tricks for card in trick.cards} | set(view.trick)
    seen = played | set(view.hand) | set(view.known_cards[1]) | set(view.removed)
    if view.trump_card is not None:
        seen.add(view.trump_card)
    hidden = frozenset(card for card in view.rules.deck if card not in seen)
    assert len(hidden) == 3
    # Where the hidden cards really are: the opponent's unknown cards and the stock.
    known = frozenset(view.known_cards[1])
    assert hidden == (frozenset(state.hands[1]) - known) | frozenset(state.stock)
    unknown = view.hand_sizes[1] - len(known)
    hands = [
        frozenset(c) | known for c in itertools.combinations(sorted(hidden, key=card_id), unknown)
    ]
    counts: Counter[frozenset[Card]] = Counter()
    for seed in range(SAMPLES):
        sample = determinize(view, seed=seed)
        hand = frozenset(sample.hands[1])
        assert hand in hands
        counts[hand] += 1
    expected = SAMPLES / len(hands)
    chi_square = sum((counts[hand] - expected) ** 2 / expected for hand in hands)
    # Two degrees of freedom: P(chi-square > 30) is about 3e-7.
    assert chi_square < 30, (chi_square, counts)
    for hand in hands:
        assert abs(counts[hand] - expected) < 0.2 * expected, counts
    assert math.isclose(sum(counts.values()), SAMPLES)


def test_the_opening_deal_is_sampled_evenly() -> None:
    """Right after the deal each hidden card is as likely to be in the opponent's hand."""
    state = new_game("classic", seed=77)
    view = observe(state, 0)
    hidden = [
        card for card in view.rules.deck if card not in view.hand and card != view.trump_card
    ]
    assert len(hidden) == 36
    counts: Counter[Card] = Counter()
    runs = 600
    for seed in range(runs):
        counts.update(determinize(view, seed=seed).hands[1])
    expected = runs * 3 / 36  # 50 each
    for card in hidden:
        assert 15 <= counts[card] <= 95, (card, counts[card])
    chi_square = sum((counts[card] - expected) ** 2 / expected for card in hidden)
    assert chi_square < 90  # 35 degrees of freedom: P(> 90) is below 1e-6


# --- altered views ---------------------------------------------------------------------------


def _duplicate_in_hand(view: View) -> View | None:
    if not view.hand or view.seat is None:
        return None
    hand = (*view.hand, view.hand[0])
    hands = tuple(hand if i == view.seat else h for i, h in enumerate(view.hands))
    sizes = tuple(len(hand) if i == view.seat else n for i, n in enumerate(view.hand_sizes))
    return attrs.evolve(view, hand=hand, hands=hands, hand_sizes=sizes)


def _played_card_in_hand(view: View) -> View | None:
    played = [card for trick in view.tricks for card in trick.cards]
    if not view.hand or not played or view.seat is None:
        return None
    hand = (played[0], *view.hand[1:])
    hands = tuple(hand if i == view.seat else h for i, h in enumerate(view.hands))
    return attrs.evolve(view, hand=hand, hands=hands)


def _face_up_card_in_hand(view: View) -> View | None:
    if not view.hand or view.trump_card is None or view.seat is None:
        return None
    if not view.rules.has_face_up_card:
        return None
    hand = (view.trump_card, *view.hand[1:])
    hands = tuple(hand if i == view.seat else h for i, h in enumerate(view.hands))
    return attrs.evolve(view, hand=hand, hands=hands)


def _opponent_holds_one_more(view: View) -> View | None:
    seat = view.seat or 0
    other = (seat + 1) % view.rules.players
    if view.hands[other] is not None:
        return None
    sizes = tuple(n + 1 if i == other else n for i, n in enumerate(view.hand_sizes))
    return attrs.evolve(view, hand_sizes=sizes)


def _stock_grows(view: View) -> View | None:
    if not view.rules.has_stock or view.stock is not None:
        return None
    return attrs.evolve(view, stock_size=view.stock_size + view.rules.players)


def _played_twice(view: View) -> View | None:
    if not view.tricks or not view.hand or view.seat is None:
        return None
    trick = view.tricks[0]
    doubled = trick._replace(cards=(view.hand[0], *trick.cards[1:]))
    return attrs.evolve(view, tricks=(doubled, *view.tricks[1:]))


ALTERATIONS: Final[dict[str, Callable[[View], View | None]]] = {
    "a card twice in the hand": _duplicate_in_hand,
    "a played card in the hand": _played_card_in_hand,
    "the face-up card in the hand": _face_up_card_in_hand,
    "an opponent with one card too many": _opponent_holds_one_more,
    "a stock that grew": _stock_grows,
    "a card both played and held": _played_twice,
}


@pytest.mark.parametrize("alteration", ALTERATIONS)
@pytest.mark.parametrize("variant", PRESETS)
def test_an_altered_view_is_refused(variant: VariantId, alteration: str) -> None:
    states = deal_states(VARIANTS[variant], 21, None, 21)
    tried = 0
    for state in states[1:-1:3]:
        for seat in range(state.rules.players):
            altered = ALTERATIONS[alteration](observe(state, seat))
            if altered is None:
                continue
            tried += 1
            with pytest.raises(InvalidStateError):
                determinize(altered, seed=seat)
    if alteration == "a card twice in the hand":
        assert tried > 0


@SETTINGS
@given(game_states(), st.sampled_from(sorted(ALTERATIONS)), st.data())
def test_random_altered_views_are_refused(
    states: list[State], alteration: str, data: st.DataObject
) -> None:
    state = states[0]
    seat = data.draw(st.integers(0, state.rules.players - 1))
    altered = ALTERATIONS[alteration](observe(state, seat))
    if altered is None:
        return
    with pytest.raises(InvalidStateError):
        determinize(altered, seed=seat)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("turn", 1),
        ("ply", 99),
        ("hand", (Card.parse("AC"),)),
        ("leader", 1),
        ("legal_moves", (briscola.Play(Card.parse("AC")),)),
    ],
)
def test_an_altered_spectators_view_is_refused(name: str, value: Any) -> None:
    seen = public_view(new_game("classic", seed=1))
    edit: dict[str, Any] = {name: value}
    altered = attrs.evolve(seen, **edit)
    assert altered != seen
    with pytest.raises(InvalidStateError, match="no state agrees with this view"):
        determinize(altered, seed=1)
    assert public_view(determinize(seen, seed=1)) == seen


def test_a_view_whose_hidden_cards_must_break_a_shown_void_says_so() -> None:
    # Under must_follow_suit, seat 1 failed to follow a suit after the stock ran out. Seat 0
    # swaps a card of that suit in its hand for one of seat 1's: every hidden card is then
    # seat 1's, and one of them is of the suit seat 1 showed it lacked.
    expected = (
        "no state agrees with this view (the hidden cards cannot avoid a suit a seat showed "
        "it lacked)"
    )
    table = rules("classic", must_follow_suit=True)
    for seed in range(20):
        state = new_game(table, seed=seed)
        moves = random.Random(seed)
        while not is_over(state):
            view = observe(state, 0)
            lacked = {
                trick.cards[0].suit
                for trick in view.tricks
                for seat, card in zip(trick.seats, trick.cards, strict=True)
                if seat == 1 and card.suit != trick.cards[0].suit
            }
            mine = [card for card in view.hand if card.suit in lacked]
            if view.stock_size == 0 and view.turn == 1 and mine:
                hidden = state.hands[1][0]
                hand = tuple(hidden if card == mine[0] else card for card in view.hand)
                altered = attrs.evolve(view, hand=hand, hands=(hand, *view.hands[1:]))
                with pytest.raises(InvalidStateError) as refused:
                    determinize(altered, seed=1)
                if str(refused.value) == expected:  # other swaps break the view otherwise
                    return
            state = apply(state, moves.choice(legal_moves(state)))
    pytest.fail(f"no altered view of the seeds tried was refused with {expected!r}")


def test_cards_edited_into_deep_nests_are_an_inconsistent_view() -> None:
    nest: Any = ()
    for _ in range(3000):
        nest = (nest,)
    twin: Any = ()
    for _ in range(3000):
        twin = (twin,)
    view = observe(new_game("classic", seed=1), 0)
    with pytest.raises(InvalidStateError, match="no state agrees with this view"):
        determinize(attrs.evolve(view, removed=(nest,), trick=(twin,)), seed=1)


def test_determinize_is_exported() -> None:
    assert briscola.determinize is determinize


def test_a_shown_hand_that_swaps_the_two_and_back_can_be_sampled() -> None:
    r = briscola.rules(
        "classic-4",
        seven_swap=True,
        seven_swap_requires_higher=False,
        two_swap=True,
        share_hands_before_first_trick="voluntary",
    )
    state = briscola.new_game(r, seed=567607)
    choices = [-1, -1, -1, -2, -1, -1, 0, -1]
    for k in range(43):
        legal = briscola.legal_moves(state)
        state = briscola.apply(state, legal[choices[k % len(choices)] % len(legal)])
    assert [str(move) for _, move in state.history[4:6]] == ["swap 2D", "swap 7D"]
    view = briscola.observe(state, 3)
    world = briscola.determinize(view, seed=1)
    assert briscola.observe(world, 3) == view


@pytest.mark.parametrize("seed", [17, 406, 566])
def test_a_deal_annulled_as_dealt_always_has_worlds(seed: int) -> None:
    # §2.5.6: some hand held no card points. Few placements of the hidden cards have one,
    # and every view of such a deal must still be sampled.
    deal = new_game("chiamata", seed=seed, annul_zero_point_hand=True)
    assert deal.phase is Phase.OVER
    for view in [*(observe(deal, seat) for seat in range(5)), public_view(deal)]:
        for world_seed in range(8):
            world = determinize(view, seed=world_seed)
            assert world.phase is Phase.OVER
            assert world.history == ()
            if view.seat is not None:
                assert observe(world, view.seat) == view


def test_a_view_whose_placements_mostly_fail_the_history_is_still_sampled() -> None:
    # §3.10 must_follow_suit, late in a classic-4 deal: of the placements that fit the suits
    # each seat showed it lacked, 97% cannot have been dealt and drawn so. These seeds once
    # ran out of rebuilds and called a real view one no state agrees with.
    deck_text = "5B AS QD 7D AD 5S KD 4D AC 7B AB QS 2D 4B 2S JB 6D 5D QB 6C 3C 5C 4S KB JD"
    deck_text += " 3S 3D 3B 2B KS KC 4C 2C 7C JS 6S 6B QC 7S JC"
    moves = "AC 7B AB 4D 4B 5B JB KD QD 7D AD 5S 6C 3C 6D JD QS 2S 4S 2B KS 3D AS 2C KC 4C"
    moves += " 6S 6B 7C 7S JC"
    deck = [Card.parse(code) for code in deck_text.split()]
    state = new_game("classic-4", deck=deck, dealer=3, must_follow_suit=True)
    for text in moves.split():
        state = briscola.apply(state, briscola.parse_move(text))
    for view, seeds in ((public_view(state), (758, 798)), (observe(state, 1), (383, 1157))):
        for seed in seeds:
            world = determinize(view, seed=seed)
            assert (public_view(world) if view.seat is None else observe(world, 1)) == view


def test_s3_10_views_with_several_seats_void_in_several_suits_are_sampled() -> None:
    # §3.10 must_follow_suit in Chiamata: four seats each hold one suit, so after a trick
    # or two most seats showed they lack several suits, and hardly one random placement in
    # 50,000 keeps every limit. Every seat's view at every step has worlds, found quickly.
    deck_text = "AD AC AS AB QD 2D 2C 2S 2B KD 3D 3C 3S 3B QC 4D 4C 4S 4B KC 5D 5C 5S 5B QS"
    deck_text += " 6D 6C 6S 6B KS 7D 7C 7S 7B QB JD JC JS JB KB"
    deck = [Card.parse(code) for code in deck_text.split()]
    state = new_game("chiamata", deck=deck, dealer=0, must_follow_suit=True)
    for text in ("bid 5", "bid 2", "suit D"):
        state = apply(state, briscola.parse_move(text))
    rng = random.Random(5)
    while not is_over(state):
        for seat in range(5):
            view = observe(state, seat)
            assert observe(determinize(view, seed=len(state.history)), seat) == view
        state = apply(state, rng.choice(legal_moves(state)))


def test_exact_placements_count_and_draw_every_placement_evenly() -> None:
    """The exact sampler behind determinize, against every placement listed by hand: the
    same number, each drawn about equally often."""
    pool = [Card.parse(code) for code in ["AD", "3D", "KD", "AC", "3C", "KC", "QC", "AS", "JS"]]
    slots = [3, 0, 3]  # seat 1's hand is known; three cards go to the stock
    limits = {(0, Suit.DENARI): 0, (2, Suit.COPPE): 1, (2, Suit.SPADE): 0}

    def keeps(hand: tuple[Card, ...], seat: int) -> bool:
        return all(
            sum(card.suit is suit for card in hand) <= most
            for (limited, suit), most in limits.items()
            if limited == seat
        )

    placements = [
        (frozenset(first), frozenset(third))
        for first in itertools.combinations(pool, 3)
        for third in itertools.combinations([c for c in pool if c not in first], 3)
        if keeps(first, 0) and keeps(third, 2)
    ]
    exact = _Placements(pool, slots, limits)
    assert exact.count() == len(placements) == 140
    each = 200
    counts: Counter[tuple[frozenset[Card], frozenset[Card]]] = Counter()
    stream = _Stream(1)
    for _ in range(each * len(placements)):
        dealt, stock = exact.draw(stream)
        assert (len(dealt[0]), len(dealt[1]), len(dealt[2]), len(stock)) == (3, 0, 3, 3)
        counts[frozenset(dealt[0]), frozenset(dealt[2])] += 1
    assert set(counts) == set(placements)
    chi_square = sum((counts[p] - each) ** 2 / each for p in placements)
    # 139 degrees of freedom: P(chi-square > 260) is below 1e-8.
    assert chi_square < 260, chi_square


def test_exact_placements_deal_the_free_cards_and_order_the_stock_evenly() -> None:
    """With one seat limited, the cards left over go evenly to the other seat and to every
    order of the stock."""
    pool = [Card.parse(code) for code in ["AD", "3D", "KD", "AC", "3C", "KC"]]
    slots = [2, 2]  # seat 0 holds at most one Denari card; seat 1 anything; two in the stock
    limits = {(0, Suit.DENARI): 1}
    placements = [
        (frozenset(first), frozenset(second), stock)
        for first in itertools.combinations(pool, 2)
        if sum(card.suit is Suit.DENARI for card in first) <= 1
        for second in itertools.combinations([c for c in pool if c not in first], 2)
        for stock in itertools.permutations([c for c in pool if c not in first + second])
    ]
    exact = _Placements(pool, slots, limits)
    each = 100
    counts: Counter[tuple[frozenset[Card], frozenset[Card], tuple[Card, ...]]] = Counter()
    stream = _Stream(2)
    for _ in range(each * len(placements)):
        dealt, stock = exact.draw(stream)
        counts[frozenset(dealt[0]), frozenset(dealt[1]), tuple(stock)] += 1
    assert set(counts) == set(placements)
    chi_square = sum((counts[p] - each) ** 2 / each for p in placements)
    # len(placements) - 1 = 143 degrees of freedom: P(chi-square > 265) is below 1e-8.
    assert chi_square < 265, chi_square


def test_seven_swapped_only_if_drawn_reaches_its_swapper_from_the_stock() -> None:
    """Under seven_swap_only_if_drawn (§3.1), a 7 given for the face-up card was drawn: every
    world gives it to the swapper from the stock, never in the deal."""
    r = rules("classic-4", seven_swap=True, seven_swap_only_if_drawn=True)
    found = 0
    for seed in range(40):
        states = deal_states(r, seed)
        swaps = [
            index
            for index, state in enumerate(states)
            if state.history and isinstance(state.history[-1][1], SwapTrump)
        ]
        if not swaps:
            continue
        state = states[swaps[0]]
        swapper = state.history[-1][0]
        found += 1
        for seat in range(4):
            if seat != swapper:
                for k in range(10):
                    world = determinize(observe(state, seat), seed=k)
                    assert observe(world, seat) == observe(state, seat)
        if found == 3:
            break
    assert found == 3


def test_the_stream_draws_below_numbers_of_any_size() -> None:
    stream = _Stream(3)
    for n in (1, 2, 1 << 64, (1 << 64) + 1, 10**22, 3**200):
        draws = [stream.below(n) for _ in range(200)]
        assert all(0 <= value < n for value in draws)
        if n > 1000:  # about half the draws in each half of the range
            assert 60 < sum(value < n // 2 for value in draws) < 140, n


def test_an_edited_view_with_vast_numbers_of_placements_is_refused_quickly() -> None:
    # must_follow_suit, classic-6: tricks edited so that seats 1 to 5 showed they lack the
    # led suit, with some 10^22 ways to place the hidden cards. Drawing one of so many
    # placements exactly once never ended.
    text = (
        '{"type": "view", "format": 1, "rules": {"variant": "classic-6", "options": {"mus'
        't_follow_suit": true}}, "seat": null, "phase": "play", "dealer": 5, "teams": [[0'
        ', 2, 4], [1, 3, 5]], "hand": [], "hands": [null, null, null, null, null, null], '
        '"hand_sizes": [6, 6, 6, 6, 6, 5], "known_cards": [[], [], [], [], [], []], "show'
        'n": [], "removed": ["2D", "2C", "2S", "2B"], "initial_trump_card": "6S", "trump_'
        'card": "6S", "trump_suit": "S", "stock_size": 1, "stock": null, "leader": 0, "tu'
        'rn": 0, "trick": [], "trick_seats": [], "tricks": [{"leader": 0, "cards": ["2B",'
        ' "2C"], "winner": 0, "seats": [0, 1]}, {"leader": 0, "cards": ["2B", "2C"], "win'
        'ner": 0, "seats": [0, 2]}, {"leader": 0, "cards": ["2B", "2C"], "winner": 0, "se'
        'ats": [0, 3]}, {"leader": 0, "cards": ["2B", "2C"], "winner": 0, "seats": [0, 4]'
        '}, {"leader": 0, "cards": ["2B", "2C"], "winner": 0, "seats": [0, 5]}], "history'
        '": [], "ply": 0, "score": {"points": [0, 0, 0, 0, 0, 0], "deltas": [0, 0, 0, 0, '
        '0, 0], "winners": [], "final": false, "void": false, "team_points": [0, 0], "cal'
        'ler": null, "target": null, "called_card": null, "partner": null, "solo": null, '
        '"cappotto": null}, "legal_moves": [], "caller": null, "target": null, "called_ca'
        'rd": null, "partner": null, "received": []}'
    )
    view = briscola.loads(text, View)
    started = time.perf_counter()
    with pytest.raises(InvalidStateError, match="no state agrees with this view"):
        determinize(view, seed=1)
    assert time.perf_counter() - started < 10


@pytest.mark.parametrize("auction", ["points_only", "ranks"])
def test_s2_5_8_a_card_named_in_secret_is_sampled_among_every_callable_card(
    auction: Literal["points_only", "ranks"],
) -> None:
    """Under first_trick_blind="committed" the trump suit (and, in the points-only auction,
    the called card) is named in secret: a sample names each card the caller could have
    named, every suit about as often."""
    rng = random.Random(2)
    state = new_game("chiamata", seed=0, first_trick_blind="committed", auction=auction)
    while state.phase in (Phase.AUCTION, Phase.NAME_TRUMP):
        state = apply(state, rng.choice(legal_moves(state)))
    assert state.phase is Phase.PLAY
    view = observe(state, (score(state).caller or 0) + 1)
    assert view.called_card is None
    counts: Counter[Card] = Counter()
    for k in range(600):
        deal = contract(determinize(view, seed=k))
        assert deal is not None
        assert deal.card is not None
        counts[deal.card] += 1
    if auction == "points_only":
        callable_cards = {card for card in state.rules.deck if card.rank is not Rank.ACE}
    else:
        rank = next(iter(counts)).rank
        callable_cards = {card for card in state.rules.deck if card.rank is rank}
    assert set(counts) == callable_cards
    suits = Counter(card.suit for card in counts.elements())
    assert all(110 < suits[suit] < 190 for suit in Suit), suits
