"""Briscola Bugiarda: the worked examples of §5.3 (EX-D7, EX-D8) and §5.8, and the
clauses of §2.6 they rest on.

Deals come from explicit decks (``c1`` = top card, §0.3) dealt by the canonical deal of
§1.6: one card at a time from ``next(D)``, skipping a dealer who sits out.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest

from briscola import (
    DECK,
    OPTIONS,
    STRONG_HAND,
    WEAK_HAND,
    Declare,
    Has,
    HasNot,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    RulesError,
    State,
    Suit,
    VariantId,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    new_match,
    observe,
    public_view,
    rules,
    score,
)
from helpers import (
    build_deck,
    card,
    dealing_order,
    move,
    play,
    random_play,
    shuffled,
    with_points,
)


def declare_round(state: State, *notations: str) -> State:
    """Play the declaration round; seats not given pass."""
    texts = list(notations)
    while state.phase is Phase.DECLARATIONS:
        state = play(state, texts.pop(0) if texts else "pass")
    assert not texts
    return state


def finished_with(state: State, points: tuple[int, ...], seed: int) -> State:
    """``state`` played out with random cards, then given these captured card points."""
    final = random_play(declare_round(state), random.Random(seed), is_over)
    return with_points(final, points)


def all_declarations() -> set[Declare]:
    claims = [Has(x) for x in DECK] + [HasNot(x) for x in DECK] + [WEAK_HAND, STRONG_HAND]
    return {Declare(claim) for claim in claims}


# --- §5.3 deals ------------------------------------------------------------------------------


def test_ex_d7() -> None:
    deck = shuffled(7)
    state = new_game("bugiarda", deck=deck, dealer=3)
    for seat in range(4):
        view = observe(state, seat)
        assert set(view.hand) == {deck[seat + 4 * j] for j in range(10)}
        assert len(view.hand) == 10
    last = deck[39]
    assert last in observe(state, 3).hand  # c40 goes to the dealer and stays in hand
    assert state.trump_suit is last.suit
    for seat in range(4):
        view = observe(state, seat)
        assert view.trump_suit is last.suit
        assert view.trump_card == last  # shown to everyone
        assert view.known_cards == ((), (), (), (last,))
        assert view.stock_size == 0
    assert state.phase is Phase.DECLARATIONS
    assert current_player(state) == 0
    state = declare_round(state)
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0  # F = 0 leads


def test_ex_d8() -> None:
    deck = shuffled(8)
    state = new_game("bugiarda-5", deck=deck)
    assert state.dealer == 4
    for seat in range(4):
        assert set(observe(state, seat).hand) == {deck[seat + 4 * j] for j in range(10)}
    assert observe(state, 4).hand == ()
    last = deck[39]
    assert last in observe(state, 3).hand  # prev(D)
    for seat in range(5):
        view = observe(state, seat)
        assert view.trump_card == last
        assert view.known_cards == ((), (), (), (last,), ())
    assert current_player(state) == 0
    # Teams {0, 2} against {1, 3}; the dealer scores 0.
    result = score(finished_with(state, (31, 29, 30, 30, 0), seed=8))
    assert result.winners == frozenset({0, 2})
    assert result.deltas == (1, -1, 1, -1, 0)
    # Next deal: seat 0 deals and sits out; 1, 2, 3, 4 play; c40 goes to seat 4.
    nxt = new_game("bugiarda-5", deck=deck, dealer=0)
    for seat in range(1, 5):
        assert set(observe(nxt, seat).hand) == {deck[seat - 1 + 4 * j] for j in range(10)}
    assert observe(nxt, 0).hand == ()
    assert last in observe(nxt, 4).hand
    assert observe(nxt, 0).known_cards == ((), (), (), (), (last,))
    assert current_player(nxt) == 1
    result = score(finished_with(nxt, (0, 35, 25, 30, 30), seed=9))
    assert result.winners == frozenset({1, 3})
    assert result.deltas == (0, 1, -1, 1, -1)
    result = score(finished_with(nxt, (0, 30, 35, 25, 30), seed=10))
    assert result.winners == frozenset({2, 4})
    assert result.deltas == (0, -1, 1, -1, 1)


# --- §5.8 ------------------------------------------------------------------------------------


def test_bg_1() -> None:
    deck = build_deck({1: ["AC"]}, dealing_order(4, 3), 10)
    state = new_game("bugiarda", deck=deck)
    assert card("AC") not in observe(state, 0).hand
    assert set(legal_moves(state)) == all_declarations() | {Pass()}
    lie = move("declare has AC")
    declared = apply(state, lie)
    assert current_player(declared) == 1
    for seat in range(4):
        assert (0, lie) in observe(declared, seat).history
    assert (0, lie) in public_view(declared).history
    quiet = play(state, "pass")
    declared, quiet = declare_round(declared), declare_round(quiet)
    # No penalty and no change to any legal move, all the way to the end of the deal.
    rng = random.Random(1)
    while not is_over(quiet):
        assert legal_moves(declared) == legal_moves(quiet)
        assert current_player(declared) == current_player(quiet)
        assert score(declared) == score(quiet)
        chosen = rng.choice(legal_moves(quiet))
        declared, quiet = apply(declared, chosen), apply(quiet, chosen)
    assert is_over(declared)
    assert score(declared) == score(quiet)


def test_bg_2() -> None:
    state = new_game("bugiarda", seed=2)
    turns = []
    while state.phase is Phase.DECLARATIONS:
        turns.append(current_player(state))
        state = play(state, "pass")
    assert turns == [0, 1, 2, 3]
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0
    assert all(isinstance(m, Play) for m in legal_moves(state))


def test_bg_3() -> None:
    deck = build_deck({}, dealing_order(4, 3), 10, at={40: "KS"})
    state = new_game("bugiarda", deck=deck)
    assert card("KS") in observe(state, 3).hand
    assert state.trump_suit is Suit.SPADE
    state = declare_round(state)
    rng = random.Random(3)
    while card("KS") in observe(state, 3).hand:
        for seat in range(4):
            view = observe(state, seat)
            assert view.trump_suit is Suit.SPADE
            assert view.trump_card == card("KS")
            assert view.known_cards == ((), (), (), (card("KS"),))
        state = apply(state, rng.choice(legal_moves(state)))
    for seat in range(4):
        view = observe(state, seat)
        assert view.trump_suit is Suit.SPADE
        assert view.known_cards == ((), (), (), ())
    final = random_play(state, rng, is_over)
    result = score(attrs.evolve(final, points=(25, 30, 35, 30)))
    assert result.final
    assert not result.void
    assert result.deltas == (0, 0, 0, 0)
    assert result.winners == frozenset()


def test_bg_4() -> None:
    for seed in range(5):
        deck = shuffled(40 + seed)
        classic = new_game("classic", deck=deck)
        liar = new_game("bugiarda-2", deck=deck)
        assert liar.phase is Phase.PLAY  # no declaration round by default
        rng = random.Random(seed)
        while not is_over(classic):
            for seat in range(2):
                a, b = observe(classic, seat), observe(liar, seat)
                assert (a.hand, a.trump_card, a.trump_suit, a.stock_size) == (
                    b.hand,
                    b.trump_card,
                    b.trump_suit,
                    b.stock_size,
                )
            assert legal_moves(classic) == legal_moves(liar)
            assert current_player(classic) == current_player(liar)
            chosen = rng.choice(legal_moves(classic))
            classic, liar = apply(classic, chosen), apply(liar, chosen)
        assert is_over(liar)
        ours, theirs = score(classic), score(liar)
        assert (ours.points, ours.deltas, ours.winners) == (
            theirs.points,
            theirs.deltas,
            theirs.winners,
        )
    # With declaration_round=True: one round, F first, then the dealer, before trick 1.
    state = new_game("bugiarda-2", seed=4, declaration_round=True)
    assert state.phase is Phase.DECLARATIONS
    assert current_player(state) == 0
    assert set(legal_moves(state)) == all_declarations() | {Pass()}
    state = play(state, "declare strong hand")
    assert state.phase is Phase.DECLARATIONS
    assert current_player(state) == 1
    state = play(state, "declare lacks 3B")
    assert state.phase is Phase.PLAY
    assert current_player(state) == 0
    assert not any(isinstance(m, Declare) for m in legal_moves(state))
    assert len(observe(state, 0).hand) == 3


def test_bg_5() -> None:
    state = new_game("bugiarda-5", seed=5)
    assert state.dealer == 4
    result = score(finished_with(state, (35, 25, 35, 25, 0), seed=5))
    assert result.deltas == (1, -1, 1, -1, 0)
    assert result.winners == frozenset({0, 2})


def test_bg_6() -> None:
    deck = shuffled(6)
    with pytest.raises(RulesError):
        new_game("bugiarda", deck=deck, trump_source="separate_flip")
    state = new_game("bugiarda", deck=deck, trump_source="separate_flip", trump_suit="C")
    assert state.trump_suit is Suit.COPPE
    dealt = [x for seat in range(4) for x in observe(state, seat).hand]
    assert sorted(dealt, key=lambda x: x.id) == sorted(deck, key=lambda x: x.id)
    assert observe(state, 0).hand_sizes == (10, 10, 10, 10)
    rng = random.Random(6)
    while True:
        for seat in range(4):
            view = observe(state, seat)
            assert view.trump_suit is Suit.COPPE
            assert view.trump_card is None
            assert view.known_cards == ((), (), (), ())
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))


def test_bg_7() -> None:
    state = new_game("bugiarda", seed=7)
    state = play(state, "declare weak hand")
    assert current_player(state) == 1
    state = play(state, "pass", "declare has 7S", "pass")
    assert state.phase is Phase.PLAY
    declarations = [m for _, m in observe(state, 0).history if isinstance(m, Declare)]
    assert len(declarations) == 2
    rng = random.Random(7)
    while not is_over(state):
        assert not any(isinstance(m, Declare) for m in legal_moves(state))
        with pytest.raises(IllegalMoveError):
            apply(state, Declare(WEAK_HAND))
        state = apply(state, rng.choice(legal_moves(state)))


# --- §2.6.1 trump_source="separate_flip" -------------------------------------------------------


def test_s2_6_1_separate_flip_suit_from_the_seed() -> None:
    counts: Counter[Suit] = Counter()
    for seed in range(400):
        state = new_game("bugiarda", seed=seed, trump_source="separate_flip")
        assert state.trump_suit is not None
        counts[state.trump_suit] += 1
        again = new_game("bugiarda", seed=seed, trump_source="separate_flip")
        assert again.trump_suit is state.trump_suit  # drawn from the seed of the deal
        view = observe(state, seed % 4)
        assert view.trump_card is None
        assert view.known_cards == ((), (), (), ())
    assert set(counts) == set(Suit)
    assert min(counts.values()) >= 60, counts


@pytest.mark.parametrize("suit", ["D", "C", "S", "B"])
def test_s2_6_1_separate_flip_given_suit(suit: str) -> None:
    for seed in range(20):
        for variant in ("bugiarda", "bugiarda-5"):
            state = new_game(variant, seed=seed, trump_source="separate_flip", trump_suit=suit)
            assert state.trump_suit is Suit(suit)
            view = public_view(state)
            assert view.trump_suit is Suit(suit)
            assert view.trump_card is None
            assert all(known == () for known in view.known_cards)


def test_s2_6_1_trump_suit_needs_separate_flip() -> None:
    with pytest.raises(RulesError):
        rules("bugiarda", trump_suit="C")
    with pytest.raises(RulesError):
        new_game("bugiarda-5", seed=1, trump_source="last_dealt", trump_suit="D")


def test_s2_6_1_trump_suit_none_is_the_same_as_leaving_it_out() -> None:
    # A caller may forward an optional suit as it is: None names no suit, under either source.
    assert rules("bugiarda", trump_suit=None) == rules("bugiarda")
    for source in ("last_dealt", "separate_flip"):
        given = new_game("bugiarda-5", seed=1, trump_source=source, trump_suit=None)
        assert given == new_game("bugiarda-5", seed=1, trump_source=source)


# --- §2.6.1 first_leader_offset ---------------------------------------------------------------


def test_s2_6_1_first_leader_offset_minus_one() -> None:
    deck = shuffled(61)
    state = new_game("bugiarda", deck=deck, dealer=3, first_leader_offset=-1)
    # Dealing still starts at next(D) = 0, so c40 still goes to the dealer.
    for seat in range(4):
        assert set(observe(state, seat).hand) == {deck[seat + 4 * j] for j in range(10)}
    assert deck[39] in observe(state, 3).hand
    assert observe(state, 0).known_cards == ((), (), (), (deck[39],))
    turns = []
    while state.phase is Phase.DECLARATIONS:
        turns.append(current_player(state))
        state = play(state, "pass")
    assert turns == [2, 3, 0, 1]  # from prev(D)
    assert state.phase is Phase.PLAY
    assert current_player(state) == 2
    # With dealer 1: prev(D) = 0 leads; the dealer is dealt the last card.
    other = new_game("bugiarda", deck=deck, dealer=1, first_leader_offset=-1)
    assert deck[0] in observe(other, 2).hand
    assert deck[39] in observe(other, 1).hand
    assert current_player(other) == 0


def test_s2_6_3_first_leader_offset_minus_one_with_five() -> None:
    state = new_game("bugiarda-5", seed=63, first_leader_offset=-1)
    turns = []
    while state.phase is Phase.DECLARATIONS:
        turns.append(current_player(state))
        state = play(state, "pass")
    assert turns == [3, 0, 1, 2]  # prev(D) = 3, skipping the dealer 4
    assert current_player(state) == 3


# --- §2.6.1 declarations ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_s2_6_1_declarations_change_no_play_and_no_score(seed: int) -> None:
    rng = random.Random(seed)
    talkative = new_game("bugiarda", seed=seed)
    silent = new_game("bugiarda", seed=seed)
    while talkative.phase is Phase.DECLARATIONS:
        talkative = apply(talkative, rng.choice(legal_moves(talkative)))
        silent = play(silent, "pass")
    assert silent.phase is Phase.PLAY
    while not is_over(silent):
        assert legal_moves(talkative) == legal_moves(silent)
        chosen = rng.choice(legal_moves(silent))
        talkative, silent = apply(talkative, chosen), apply(silent, chosen)
    a, b = score(talkative), score(silent)
    assert (a.points, a.deltas, a.winners, a.void) == (b.points, b.deltas, b.winners, b.void)


# --- §2.6.2 bugiarda-2 is classic -------------------------------------------------------------


def accepts(variant: VariantId, name: str, value: object) -> bool:
    """Whether ``rules(variant)`` takes the option ``name`` at ``value``."""
    given: dict[str, Any] = {name: value}
    try:
        rules(variant, **given)
    except RulesError:
        return False
    return True


def test_s2_6_2_bugiarda_2_takes_the_options_of_classic() -> None:
    # Fails if bugiarda-2 stops taking exactly the options classic takes, plus
    # declaration_round (off by default), or if its presets' defaults or default match
    # format differ from classic's.
    for name, info in OPTIONS.items():
        value = info.default_for(next(iter(sorted(info.applies_to))))
        wanted = accepts("classic", name, value) or name == "declaration_round"
        assert accepts("bugiarda-2", name, value) is wanted, name
    mine, theirs = rules("bugiarda-2"), rules("classic")
    assert mine.declaration_round is False
    assert attrs.evolve(mine, variant="classic") == theirs
    assert new_match("bugiarda-2", seed=1).format == new_match("classic", seed=1).format


B2_OPTIONS: list[dict[str, Any]] = [
    {},
    {"seven_swap": True, "two_swap": True, "two_swap_window": "both"},
    {"tie_rule": "last_trick", "win_threshold": 71, "open_stock": True, "public_claims": True},
    {"deal_packet_size": 3, "must_follow_suit": True, "rank_variant": "seven_high"},
]


@pytest.mark.parametrize("options", B2_OPTIONS)
@pytest.mark.parametrize("dealer", [0, 1])
def test_s2_6_2_after_its_round_bugiarda_2_plays_as_classic(
    dealer: int, options: dict[str, Any]
) -> None:
    # Fails if the optional round is not one turn each, F = next(D) first and the dealer
    # second, before trick 1, or if after it the deal does not play exactly as classic with
    # the same options: the same turns, legal moves, hands, face-up card and score.
    for seed in range(3):
        rng = random.Random(seed)
        classic = new_game("classic", seed=seed, dealer=dealer, **options)
        liar = new_game("bugiarda-2", seed=seed, dealer=dealer, declaration_round=True, **options)
        turns = []
        while liar.phase is Phase.DECLARATIONS:
            turns.append(current_player(liar))
            liar = apply(liar, rng.choice(legal_moves(liar)))
        assert turns == [1 - dealer, dealer]
        while not is_over(classic):
            assert current_player(liar) == current_player(classic)
            assert legal_moves(liar) == legal_moves(classic)
            assert liar.hands == classic.hands
            assert liar.trump_card == classic.trump_card
            chosen = rng.choice(legal_moves(classic))
            classic, liar = apply(classic, chosen), apply(liar, chosen)
        assert is_over(liar)
        assert score(liar) == score(classic)


# --- §2.6.3 the dealer of bugiarda-5 sits out -------------------------------------------------


@pytest.mark.parametrize("dealer", range(5))
def test_s2_6_3_dealer_sits_out(dealer: int) -> None:
    state = new_game("bugiarda-5", seed=70 + dealer, dealer=dealer)
    rng = random.Random(dealer)
    others = [seat for seat in range(5) if seat != dealer]
    while True:
        assert current_player(state) != dealer
        view = observe(state, dealer)
        spectator = public_view(state)
        assert view.hand == ()
        assert view.legal_moves == ()
        assert view.shown == ()
        assert all(view.hands[seat] is None for seat in others)
        assert attrs.evolve(view, seat=None, hands=spectator.hands) == spectator
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    result = score(state)
    assert result.deltas[dealer] == 0
    assert result.points[dealer] == 0
    assert dealer not in result.winners
    assert sum(result.deltas) == 0
    active = [(dealer + k) % 5 for k in range(1, 5)]
    pairs = (frozenset(active[0::2]), frozenset(active[1::2]))
    assert result.winners in (frozenset(), *pairs)
