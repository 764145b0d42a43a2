"""Per-clause rulings of §1–§3 for the classic family, beyond the §5 examples.

Each test is named after the clause it pins (``s1_7`` = §1.7).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import attrs
import pytest

from briscola import (
    Card,
    IllegalMoveError,
    Pass,
    Phase,
    Play,
    Rank,
    State,
    SwapTrump,
    VariantId,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    public_view,
    rules,
    score,
)
from helpers import (
    RANK_ORDER,
    RANK_POINTS,
    SHAPE,
    at_trick_start,
    card,
    codes,
    dealt_or_drawn_twins,
    deck_from,
    finish_trick,
    first_trick,
    hand,
    play,
    play_out,
    random_play,
    stock_size,
    swap,
    to_seat,
    variant_codes,
)

PRESETS = tuple(SHAPE)


# --- §1.5 legal plays ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["classic", "briscolone"])
def test_s1_5_no_obligation_to_follow_trump_or_beat(variant: VariantId) -> None:
    # Seat 1 holds a low card of the led suit, a trump and a third suit: all three are legal.
    placed = {1: "5D", 2: "2D", 4: "AC", 6: "KS"}
    if variant == "classic":
        placed[7] = "3C"
    state = play(new_game(variant, deck=deck_from(placed, variant)), "5D")
    plays = {str(m) for m in legal_moves(state)}
    assert {"2D", "AC", "KS"} <= plays
    assert plays == set(codes(state.hands[1]))


# --- §1.6 the deal ---------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
def test_s1_6_one_card_at_a_time_from_the_first_hand(variant: VariantId) -> None:
    players, hand_size = SHAPE[variant]
    deck = deck_from({}, variant)
    for dealer in range(players):
        state = new_game(variant, deck=deck, dealer=dealer)
        first = (dealer + 1) % players
        assert current_player(state) == first
        for k in range(players):
            seat = (first + k) % players
            dealt = [str(deck[k + players * j]) for j in range(hand_size)]
            assert state.hands[seat] == hand(*dealt)
        turned = players * hand_size
        if variant == "briscolone":
            assert state.trump_card is None
        else:
            assert state.trump_card == deck[turned]


@pytest.mark.parametrize("variant", PRESETS)
def test_s1_6_packet_of_a_whole_hand(variant: VariantId) -> None:
    players, hand_size = SHAPE[variant]
    deck = deck_from({}, variant)
    state = new_game(variant, deck=deck, dealer=0, deal_packet_size=hand_size)
    for k in range(players):
        seat = (1 + k) % players
        start = k * hand_size
        assert state.hands[seat] == hand(*codes(deck[start : start + hand_size]))


# --- §1.7 drawing ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
@pytest.mark.parametrize("seed", range(3))
def test_s1_7_winner_draws_first_and_face_up_card_last(variant: VariantId, seed: int) -> None:
    players, hand_size = SHAPE[variant]
    dealer = seed % players
    state = new_game(variant, seed=seed, dealer=dealer)
    deck = list(state.deck)
    dealt = players * hand_size
    if variant == "briscolone":
        pending = deck[dealt:]
        face_up = None
    else:
        pending = [*deck[dealt + 1 :], deck[dealt]]
        face_up = deck[dealt]
    rng = random.Random(seed)
    assert state.leader == (dealer + 1) % players
    while not is_over(state):
        start = state.hands
        state = finish_trick(state, rng)
        trick = state.tricks[-1]
        played = {(trick.leader + i) % players: c for i, c in enumerate(trick.cards)}
        last_round = len(pending) == players
        for k in range(players):
            seat = (trick.winner + k) % players
            expected = set(start[seat]) - {played[seat]}
            if pending:
                expected.add(pending.pop(0))
            assert set(state.hands[seat]) == expected
        if last_round and face_up is not None:
            assert face_up in state.hands[(trick.winner - 1) % players]
    assert not pending


# --- §1.8 timeline ---------------------------------------------------------------------------

# preset -> (stock incl. the face-up card, draw rounds, tricks, tricks without drawing)
TIMELINE = {
    "classic": (34, 17, 20, 3),
    "scoperta": (34, 17, 20, 3),
    "classic-3": (30, 10, 13, 3),
    "classic-4": (28, 7, 10, 3),
    "classic-6": (18, 3, 6, 3),
    "briscolone": (30, 15, 20, 5),
}


def test_s1_8_the_timeline_has_a_row_for_every_preset_of_its_shape() -> None:
    # tests/test_preset_tables.py checks that SHAPE names every such preset.
    assert set(TIMELINE) == set(SHAPE), "TIMELINE needs a row for each preset of SHAPE"


@pytest.mark.parametrize("variant", PRESETS)
def test_s1_8_stock_sizes_at_trick_boundaries(variant: VariantId) -> None:
    players, hand_size = SHAPE[variant]
    stock, rounds, tricks, quiet = TIMELINE[variant]
    assert tricks == rounds + quiet
    for seed in range(2):
        rng = random.Random(seed)
        state = new_game(variant, seed=seed)
        sizes, hands = [], []
        while not is_over(state):
            sizes.append(stock_size(state))
            hands.append({len(h) for h in state.hands})
            state = finish_trick(state, rng)
        assert len(state.tricks) == tricks
        assert sizes == [stock - players * k for k in range(rounds)] + [0] * quiet
        assert all(size % players == 0 for size in sizes)
        expected_hands = [hand_size] * (rounds + 1) + list(range(hand_size - 1, 0, -1))
        assert hands == [{h} for h in expected_hands]
        assert state.hands == ((),) * players


# --- §1.9 end of a deal ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", PRESETS)
@pytest.mark.parametrize(
    "rank_variant", ["standard", "seven_high", "seven_high_bisca", "three_natural"]
)
def test_s1_9_card_points_add_up_to_120_and_deltas_to_0(
    variant: VariantId, rank_variant: str
) -> None:
    for seed in range(2):
        state = new_game(variant, seed=seed, rank_variant=rank_variant)  # type: ignore[arg-type]
        final = play_out(state, random.Random(seed))
        result = score(final)
        assert result.final
        assert sum(result.points) == 120
        assert sum(result.deltas) == 0
        assert not result.void


def test_s1_9_deltas_are_zero_while_playing() -> None:
    state = new_game("classic", seed=5)
    rng = random.Random(5)
    while not is_over(state):
        result = score(state)
        assert result.deltas == (0, 0)
        assert result.winners == frozenset()
        assert not result.final
        assert not result.void
        state = apply(state, rng.choice(legal_moves(state)))


# --- §1.10 / §3.1 public swaps ---------------------------------------------------------------


def test_s1_10_a_swap_is_public() -> None:
    deck = deck_from({1: "7C", 7: "KC"}, "classic")
    state = apply(new_game("classic", deck=deck, seven_swap=True), swap("7C"))
    for seat in (0, 1):
        view = observe(state, seat)
        assert view.trump_card == card("7C")
        assert card("KC") in view.known_cards[0]
        assert (0, swap("7C")) in view.history
    assert observe(state, 1).hands[0] is None


def test_s1_10_a_card_taken_twice_is_known_once() -> None:
    # Seat 0 swaps its 2 of trumps for the face-up 7 and the 7 straight back for the 2,
    # then draws the 7 as the last card of the stock: it is known to hold the 7, once.
    r = rules(
        "classic-4",
        seven_swap=True,
        seven_swap_requires_higher=False,
        two_swap=True,
        share_hands_before_first_trick="voluntary",
    )
    state = new_game(r, seed=567607)
    choices = [-1, -1, -1, -2, -1, -1, 0, -1]
    for k in range(43):
        legal = legal_moves(state)
        state = apply(state, legal[choices[k % len(choices)] % len(legal)])
    assert [str(move) for _, move in state.history[4:6]] == ["swap 2D", "swap 7D"]
    assert state.trump_card is None
    assert card("7D") in state.hands[0]
    for seat in range(4):
        assert observe(state, seat).known_cards[0] == (card("7D"),)


# --- §2.2 classic-3 --------------------------------------------------------------------------


@pytest.mark.parametrize("removed_two", ["2C", "2B", "2D", "2S", "random"])
def test_s2_2_removed_two_is_public_in_every_view(removed_two: str) -> None:
    state = new_game("classic-3", seed=3, removed_two=removed_two)  # type: ignore[arg-type]
    (out,) = observe(state, 0).removed
    if removed_two != "random":
        assert str(out) == removed_two
    assert out not in state.deck
    assert len(state.deck) == 39
    rng = random.Random(3)
    while True:
        for seat in range(3):
            assert observe(state, seat).removed == (out,)
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))


def test_s2_2_default_removes_the_two_of_coppe() -> None:
    state = new_game("classic-3", seed=8)
    assert card("2C") not in state.deck
    assert sorted(codes(state.deck)) == sorted(variant_codes("classic-3"))


# --- §2.7 open hands and open stock ----------------------------------------------------------


def test_s2_7_scoperta_views_show_both_hands() -> None:
    state = new_game("scoperta", seed=4)
    rng = random.Random(4)
    while not is_over(state):
        for seat in (0, 1):
            view = observe(state, seat)
            assert view.hands == state.hands
            assert view.stock is None
        state = apply(state, rng.choice(legal_moves(state)))


def test_s2_7_open_stock_shows_the_stock_order() -> None:
    for variant, open_hands in (("scoperta", True), ("classic", False), ("classic-4", False)):
        players, hand_size = SHAPE[variant]
        state = new_game(variant, seed=6, open_stock=True)  # type: ignore[arg-type]
        deck = list(state.deck)
        rng = random.Random(6)
        while not is_over(state):
            face_down = stock_size(state) - (state.trump_card is not None)
            drawn = len(deck) - players * hand_size - 1 - face_down
            for seat in range(players):
                view = observe(state, seat)
                assert view.stock is not None
                assert list(view.stock) == deck[players * hand_size + 1 + drawn :]
                others = [h for s, h in enumerate(view.hands) if s != seat]
                assert all((h is not None) == open_hands for h in others)
            state = apply(state, rng.choice(legal_moves(state)))


@pytest.mark.parametrize("variant", ["classic", "classic-3", "classic-4", "briscolone"])
def test_s2_7_a_card_drawn_from_an_open_stock_is_known_until_played(variant: VariantId) -> None:
    """Everyone saw the stock and who drew (§1.7): each card drawn is known to be in its
    drawer's hand until it is played, and every view keeps the stock as dealt."""
    players, _ = SHAPE[variant]
    state = new_game(variant, seed=8, open_stock=True)
    dealt_stock = state.dealt_stock
    rng = random.Random(8)
    known_drawn = 0
    while not is_over(state):
        drawn = set(dealt_stock[: state.drawn])
        for seat in (*range(players), None):
            view = public_view(state) if seat is None else observe(state, seat)
            assert view.dealt_stock == dealt_stock
            for other in range(players):
                held = drawn & set(state.hands[other])
                assert held <= set(view.known_cards[other])
                known_drawn += len(held) if other != seat else 0
        state = apply(state, rng.choice(legal_moves(state)))
    assert known_drawn


def test_s2_7_who_drew_a_card_since_played_stays_known() -> None:
    decks, plays = dealt_or_drawn_twins()
    views = []
    for deck in decks:
        state = new_game("classic", deck=deck, open_stock=True)
        for card_played in plays:
            state = apply(state, Play(card_played))
        views.append(observe(state, 1))
    first, second = views
    assert first != second
    assert attrs.evolve(first, dealt_stock=None) == attrs.evolve(second, dealt_stock=None)


def test_s2_7_a_closed_stock_keeps_its_draws_private() -> None:
    state = new_game("classic-3", seed=8)
    rng = random.Random(8)
    while not is_over(state):
        for seat in range(3):
            view = observe(state, seat)
            assert view.dealt_stock is None
            face_up = (view.initial_trump_card,)  # drawn last, by a seat everyone knows
            assert all(known in ((), face_up) for known in view.known_cards)
        state = apply(state, rng.choice(legal_moves(state)))


@pytest.mark.parametrize("variant", ["classic-3", "classic-4", "classic-6"])
def test_s2_7_open_hands_with_more_players(variant: VariantId) -> None:
    state = new_game(variant, seed=2, open_hands=True)
    for seat in range(SHAPE[variant][0]):
        view = observe(state, seat)
        assert view.hands == state.hands
        assert view.stock is None


@pytest.mark.parametrize("variant", ["classic", "classic-4", "briscolone"])
def test_s2_7_by_default_only_ones_own_hand_is_seen(variant: VariantId) -> None:
    state = new_game(variant, seed=2)
    for seat in range(SHAPE[variant][0]):
        view = observe(state, seat)
        assert view.hand == state.hands[seat]
        assert view.hands[seat] == state.hands[seat]
        assert all(h is None for s, h in enumerate(view.hands) if s != seat)
        assert view.stock is None


# --- §2.8 briscolone -------------------------------------------------------------------------


def test_s2_8_briscolone_has_no_trump() -> None:
    state = new_game("briscolone", seed=12)
    assert all(len(h) == 5 for h in state.hands)
    rng = random.Random(12)
    while True:
        assert state.trump_card is None
        assert state.trump_suit is None
        for seat in (0, 1):
            view = observe(state, seat)
            assert view.trump_card is None
            assert view.trump_suit is None
        if is_over(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))


def test_s2_8_briscolone_led_suit_wins_against_any_other_suit() -> None:
    for lead, follow in itertools.product(["2D", "4B"], ["AC", "3S", "KB"]):
        if lead[1] == follow[1]:
            continue
        state = first_trick("briscolone", None, [lead, follow])
        assert state.tricks[0].winner == 0


def test_s2_8_seven_and_two_swap_do_not_apply() -> None:
    with pytest.raises(Exception, match="seven_swap"):
        new_game("briscolone", seed=1, seven_swap=True)
    with pytest.raises(Exception, match="two_swap"):
        new_game("briscolone", seed=1, two_swap=True)


# --- §3.1 and §3.2 swaps ---------------------------------------------------------------------


def test_s3_1_at_most_one_seven_swap_per_deal() -> None:
    deck = deck_from({1: "7C", 2: "2C", 7: "KC"}, "classic")
    state = new_game(
        "classic", deck=deck, seven_swap=True, two_swap=True, seven_swap_requires_higher=False
    )
    state = apply(state, swap("7C"))
    state = apply(state, Play(next(c for c in state.hands[0] if str(c) != "KC")))
    state = apply(state, swap("2C"))
    assert card("7C") in state.hands[1]
    rng = random.Random(0)
    state = random_play(state, rng, at_trick_start(2), avoid=("7C",))
    state = to_seat(state, 1, rng)
    assert card("7C") in state.hands[1]
    assert state.trump_card == card("2C")
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))


def test_s3_1_seven_swap_only_if_drawn() -> None:
    dealt = deck_from({1: "7C", 7: "KC"}, "classic")
    state = new_game("classic", deck=dealt, seven_swap=True, seven_swap_only_if_drawn=True)
    assert swap("7C") not in legal_moves(state)
    drawn = deck_from({8: "7C", 7: "KC"}, "classic")
    state = new_game("classic", deck=drawn, seven_swap=True, seven_swap_only_if_drawn=True)
    state = random_play(state, random.Random(0), at_trick_start(2))
    holder = next(s for s in (0, 1) if card("7C") in state.hands[s])
    state = to_seat(state, holder, random.Random(0))
    assert swap("7C") in legal_moves(state)


def test_s3_1_seven_swap_requires_won_trick() -> None:
    deck = deck_from({1: "7C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, seven_swap=True, seven_swap_requires_won_trick=True)
    assert swap("7C") not in legal_moves(state)
    for seed in range(50):
        rng = random.Random(seed)
        later = random_play(state, rng, at_trick_start(3), avoid=("7C",))
        later = to_seat(later, 0, rng)
        won = any(t.winner == 0 for t in later.tricks)
        assert (swap("7C") in legal_moves(later)) == won
        if won:
            break
    else:
        pytest.fail("seat 0 never won a trick")


def test_s3_1_seven_swap_is_off_by_default() -> None:
    deck = deck_from({1: "7C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck)
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))


# §3.1 condition 5: the face-up ranks stronger than the 7 in each card order (§3.9).
HIGHER_THAN_SEVEN = {
    "standard": "A3KQJ",
    "seven_high": "A",
    "seven_high_bisca": "A",
    "three_natural": "AKQJ",
}


@pytest.mark.parametrize("rank_variant", list(HIGHER_THAN_SEVEN))
def test_s3_1_seven_swap_requires_higher_by_rank_variant(rank_variant: str) -> None:
    for rank in "A23456JQK":
        face_up = rank + "C"
        deck = deck_from({1: "7C", 7: face_up}, "classic")
        state = new_game("classic", deck=deck, seven_swap=True, rank_variant=rank_variant)  # type: ignore[arg-type]
        if rank in HIGHER_THAN_SEVEN[rank_variant]:
            assert swap("7C") in legal_moves(state), face_up
            after = apply(state, swap("7C"))
            assert after.trump_card == card("7C")
            assert card(face_up) in after.hands[0]
        else:
            assert swap("7C") not in legal_moves(state), face_up
            with pytest.raises(IllegalMoveError):
                apply(state, swap("7C"))
        # With seven_swap_requires_higher=False any face-up card may be taken.
        free = new_game(
            "classic",
            deck=deck,
            seven_swap=True,
            seven_swap_requires_higher=False,
            rank_variant=rank_variant,  # type: ignore[arg-type]
        )
        assert swap("7C") in legal_moves(free), face_up


@pytest.mark.parametrize(("variant", "last"), [("classic-3", 9), ("classic-4", 6)])
def test_s3_1_seven_swap_deadline_before_penultimate_trick_with_more_players(
    variant: VariantId, last: int
) -> None:
    # The exchange is legal while the stock, face-up card included, holds more than n cards
    # at the start of the trick: up to trick 9 with three players, trick 6 with four.
    players, hand_size = SHAPE[variant]
    deck = deck_from({1: "7C", players * hand_size + 1: "AC"}, variant)
    for deadline, final in (("before_penultimate_trick", last), ("stock_empty", last + 1)):
        state = new_game(variant, deck=deck, seven_swap=True, seven_swap_deadline=deadline)  # type: ignore[arg-type]
        rng = random.Random(players)
        for number in range(1, last + 2):
            state = random_play(state, rng, at_trick_start(number), avoid=("7C",))
            state = to_seat(state, 0, rng, avoid=("7C",))
            assert card("7C") in state.hands[0]
            assert stock_size(state) == len(deck) - players * (hand_size + number - 1)
            allowed = number <= final
            assert (swap("7C") in legal_moves(state)) is allowed, (deadline, number)
            if not allowed:
                with pytest.raises(IllegalMoveError):
                    apply(state, swap("7C"))


def test_s3_1_seven_swap_only_if_drawn_refuses_a_seven_taken_by_a_two_swap() -> None:
    # Seat 0 is dealt the 2 of trumps and the face-up card is the 7: the 2-swap puts the 7
    # in seat 0's hand without a draw from the stock.
    deck = deck_from({1: "2C", 7: "7C"}, "classic")
    for only_if_drawn in (False, True):
        state = new_game(
            "classic",
            deck=deck,
            seven_swap=True,
            two_swap=True,
            seven_swap_requires_higher=False,
            seven_swap_only_if_drawn=only_if_drawn,
        )
        state = apply(state, swap("2C"))
        assert card("7C") in state.hands[0]
        assert state.trump_card == card("2C")
        assert (swap("7C") in legal_moves(state)) is not only_if_drawn
        if only_if_drawn:
            with pytest.raises(IllegalMoveError):
                apply(state, swap("7C"))
            # Nor at a later turn of the same seat.
            rng = random.Random(5)
            state = random_play(state, rng, at_trick_start(2), avoid=("7C",))
            state = to_seat(state, 0, rng, avoid=("7C",))
            assert card("7C") in state.hands[0]
            assert swap("7C") not in legal_moves(state)
            with pytest.raises(IllegalMoveError):
                apply(state, swap("7C"))


def test_s3_1_seven_swap_requires_won_trick_by_the_seat_not_its_partner() -> None:
    # classic-4: seat 0 holds 2D, 7C, KC; seat 2 (its partner) takes trick 1 with the 3C.
    placed = {1: "2D", 5: "7C", 9: "KC", 2: "4D", 3: "3C", 4: "5D", 13: "AC"}
    deck = deck_from(placed, "classic-4")
    state = new_game("classic-4", deck=deck, seven_swap=True, seven_swap_requires_won_trick=True)
    assert swap("7C") not in legal_moves(state)
    state = play(state, "2D", "4D", "3C", "5D")
    assert state.tricks[0].winner == 2
    rng = random.Random(6)
    state = to_seat(state, 0, rng)
    assert len(state.tricks) == 1
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))
    # Only the AC, face up under the stock, is a stronger trump than the KC still out.
    state = play(state, "KC")
    state = random_play(state, rng, at_trick_start(3))
    assert state.tricks[1].winner == 0
    assert current_player(state) == 0
    assert swap("7C") in legal_moves(state)
    assert apply(state, swap("7C")).trump_card == card("7C")


def test_s3_2_window_both_allows_the_round_then_trick_1() -> None:
    deck = deck_from({1: "2C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, two_swap_window="both")
    assert legal_moves(state) == (swap("2C"), Pass())
    state = apply(state, Pass())
    state = apply(state, Pass())
    assert current_player(state) == 0
    assert swap("2C") in legal_moves(state)
    state = apply(state, swap("2C"))
    assert state.trump_card == card("2C")


def test_s3_2_only_one_two_swap_per_deal() -> None:
    deck = deck_from({1: "2C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, two_swap_window="both")
    state = apply(state, swap("2C"))
    state = apply(state, Pass())
    assert current_player(state) == 0
    assert card("2C") not in state.hands[0]
    assert not [m for m in legal_moves(state) if isinstance(m, SwapTrump)]


@pytest.mark.parametrize("window", ["before_first_lead", "both"])
def test_s3_2_no_round_without_the_two_of_trumps(window: str) -> None:
    state = new_game(
        "classic-6",
        deck=deck_from({19: "AC"}, "classic-6"),
        two_swap=True,
        two_swap_window=window,  # type: ignore[arg-type]
    )
    assert all(isinstance(m, Play) for m in legal_moves(state))
    state = new_game(
        "classic-3",
        deck=deck_from({10: "AC"}, "classic-3"),
        two_swap=True,
        two_swap_window=window,  # type: ignore[arg-type]
    )
    assert all(isinstance(m, Play) for m in legal_moves(state))
    # The removed two is not the trump suit's: the round is held.
    state = new_game(
        "classic-3",
        deck=deck_from({10: "AB"}, "classic-3"),
        two_swap=True,
        two_swap_window=window,  # type: ignore[arg-type]
    )
    assert Pass() in legal_moves(state)


# --- §3.8 deals that no side wins ------------------------------------------------------------


def finished_with_last_trick(variant: VariantId, side_seat: int, **options: Any) -> State:
    for seed in range(100):
        state = play_out(new_game(variant, seed=seed, **options), random.Random(seed))
        if state.tricks[-1].winner == side_seat:
            return state
    raise AssertionError("no seed found")


def test_s3_8_replay_makes_sixty_all_void() -> None:
    state = finished_with_last_trick("classic", 0, tie_rule="replay")
    result = score(attrs.evolve(state, points=(60, 60)))
    assert result.final
    assert result.void is True
    assert result.deltas == (0, 0)
    assert result.winners == frozenset()
    played = score(attrs.evolve(state, points=(61, 59)))
    assert played.void is False
    assert played.deltas == (1, -1)


@pytest.mark.parametrize("last", [0, 1])
def test_s3_8_last_trick_decides_sixty_all(last: int) -> None:
    state = finished_with_last_trick("classic", last, tie_rule="last_trick")
    result = score(attrs.evolve(state, points=(60, 60)))
    assert result.winners == frozenset({last})
    assert result.deltas == ((1, -1) if last == 0 else (-1, 1))
    assert result.void is False


@pytest.mark.parametrize(
    ("taker", "winners", "deltas"),
    [(3, {1, 3}, (-1, 1, -1, 1)), (2, {0, 2}, (1, -1, 1, -1)), (1, {1, 3}, (-1, 1, -1, 1))],
)
def test_s3_8_last_trick_in_four_players_goes_to_the_team(
    taker: int, winners: set[int], deltas: tuple[int, ...]
) -> None:
    # Whichever partner took the last trick, the side wins the 60-60 tie.
    state = finished_with_last_trick("classic-4", taker, tie_rule="last_trick")
    result = score(attrs.evolve(state, points=(30, 30, 30, 30)))
    assert result.winners == frozenset(winners)
    assert result.deltas == deltas


def test_s3_8_win_threshold_71_draw_by_default() -> None:
    state = finished_with_last_trick("classic", 0, win_threshold=71)
    for points in ((65, 55), (55, 65), (70, 50), (60, 60)):
        result = score(attrs.evolve(state, points=points))
        assert result.deltas == (0, 0), points
        assert result.winners == frozenset()
        assert result.void is False
    result = score(attrs.evolve(state, points=(71, 49)))
    assert result.deltas == (1, -1)
    result = score(attrs.evolve(state, points=(49, 71)))
    assert result.deltas == (-1, 1)


def test_s3_8_win_threshold_71_replay_is_void() -> None:
    state = finished_with_last_trick("classic", 0, win_threshold=71, tie_rule="replay")
    result = score(attrs.evolve(state, points=(65, 55)))
    assert result.void is True
    assert result.deltas == (0, 0)
    assert result.winners == frozenset()


def test_s3_8_win_threshold_71_last_trick_may_favour_fewer_points() -> None:
    state = finished_with_last_trick("classic", 1, win_threshold=71, tie_rule="last_trick")
    result = score(attrs.evolve(state, points=(65, 55)))
    assert result.winners == frozenset({1})
    assert result.deltas == (-1, 1)


# --- §3.9 rank variants ----------------------------------------------------------------------


@pytest.mark.parametrize("rank_variant", list(RANK_ORDER))
def test_s3_9_strength_order(rank_variant: str) -> None:
    for stronger, weaker in itertools.combinations(RANK_ORDER[rank_variant], 2):
        state = first_trick(
            "classic", "D", [weaker + "S", stronger + "S"], rank_variant=rank_variant
        )
        assert state.tricks[0].winner == 1, (weaker, stronger)
        state = first_trick(
            "classic", "D", [stronger + "S", weaker + "S"], rank_variant=rank_variant
        )
        assert state.tricks[0].winner == 0, (stronger, weaker)


@pytest.mark.parametrize("rank_variant", list(RANK_ORDER))
def test_s3_9_card_points(rank_variant: str) -> None:
    points = RANK_POINTS[rank_variant]
    assert sum(points.values()) * 4 == 120
    for rank in "A3KQJ7654":
        state = first_trick("classic", "D", [rank + "S", "2S"], rank_variant=rank_variant)
        assert score(state).points == (points.get(rank, 0), 0), rank
    # card.points stays the standard value (the documented contract).
    assert card("7S").points == 0
    assert card("3S").points == 10


def test_s3_9_seven_high_bisca_three_falls_to_its_number() -> None:
    state = first_trick("classic", "B", ["3D", "4D"], rank_variant="seven_high_bisca")
    assert state.tricks[0].winner == 1
    assert score(state).points == (0, 0)
    state = first_trick("classic", "B", ["KD", "7D"], rank_variant="seven_high_bisca")
    assert state.tricks[0].winner == 1
    assert score(state).points == (0, 14)


def test_s3_9_seven_high_three_still_beats_six() -> None:
    state = first_trick("classic", "B", ["3D", "6D"], rank_variant="seven_high")
    assert state.tricks[0].winner == 0
    assert score(state).points == (0, 0)


def test_s3_9_trump_still_beats_the_new_second_card() -> None:
    state = first_trick("classic", "B", ["7D", "2B"], rank_variant="seven_high")
    assert state.tricks[0].winner == 1
    assert score(state).points == (0, 10)


# --- §3.10 must_follow_suit ------------------------------------------------------------------


def test_s3_10_follower_must_follow_but_need_not_beat() -> None:
    deck = deck_from({1: "KD", 2: "2D", 4: "4D", 6: "AC", 7: "3C"}, "classic")
    state = new_game("classic", deck=deck, must_follow_suit=True)
    assert {str(m) for m in legal_moves(state)} == set(codes(state.hands[0]))
    state = play(state, "KD")
    assert [str(m) for m in legal_moves(state)] == ["2D", "4D"]
    with pytest.raises(IllegalMoveError):
        apply(state, Play(card("AC")))


def test_s3_10_void_player_may_trump_or_discard() -> None:
    deck = deck_from({1: "KD", 2: "AC", 4: "5S", 6: "JB", 7: "3C"}, "classic")
    state = play(new_game("classic", deck=deck, must_follow_suit=True), "KD")
    assert {str(m) for m in legal_moves(state)} == {"AC", "5S", "JB"}


def test_s3_10_applies_to_every_follower_in_four_players() -> None:
    placed = {1: "5D", 2: "AS", 6: "KS", 10: "2S", 3: "KD", 7: "2B", 11: "7S"}
    placed |= {4: "AB", 8: "4D", 12: "6D", 13: "3C"}
    state = new_game("classic-4", deck=deck_from(placed, "classic-4"), must_follow_suit=True)
    state = play(state, "5D")
    assert {str(m) for m in legal_moves(state)} == {"AS", "KS", "2S"}  # void in Denari
    state = play(state, "2S")
    assert [str(m) for m in legal_moves(state)] == ["KD"]
    state = play(state, "KD")
    assert [str(m) for m in legal_moves(state)] == ["4D", "6D"]


def test_s3_10_briscolone_with_must_follow_suit() -> None:
    deck = deck_from({1: "5D", 2: "2D", 4: "AC", 6: "KS", 8: "AB", 10: "3S"}, "briscolone")
    state = play(new_game("briscolone", deck=deck, must_follow_suit=True), "5D")
    assert [str(m) for m in legal_moves(state)] == ["2D"]


def test_s3_10_off_by_default() -> None:
    deck = deck_from({1: "KD", 2: "2D", 4: "AC", 6: "5S", 7: "3C"}, "classic")
    state = play(new_game("classic", deck=deck), "KD")
    assert {str(m) for m in legal_moves(state)} == {"2D", "AC", "5S"}


def test_every_card_is_in_one_place() -> None:
    state = new_game("classic-4", seed=3)
    rng = random.Random(3)
    while not is_over(state):
        state = apply(state, rng.choice(legal_moves(state)))
        places: list[Card] = [c for h in state.hands for c in h]
        places += [c for t in state.tricks for c in t.cards] + list(state.trick)
        drawn = 40 - 12 - 1 - (stock_size(state) - (state.trump_card is not None))
        places += list(state.deck[13 + drawn :])
        if state.trump_card is not None:
            places.append(state.trump_card)
        assert sorted(c.id for c in places) == list(range(40))


def test_s3_2_the_swap_round_before_the_first_lead_refuses_the_7_and_says_why() -> None:
    """§3.2: the round before the first lead is for the 2 of trumps alone, even where the 7
    may be exchanged during play (§3.1)."""
    options: dict[str, Any] = {
        "seven_swap": True,
        "two_swap": True,
        "two_swap_window": "before_first_lead",
    }
    for seed in range(500):
        state = new_game("classic", seed=seed, **options)
        seat = current_player(state)
        assert state.trump_suit is not None
        seven = Card(Rank.SEVEN, state.trump_suit)
        if state.phase is Phase.SWAP_WINDOW and seat is not None and seven in state.hands[seat]:
            break
    else:
        raise AssertionError("no deal with the 7 of trumps in the first hand in 500 seeds")
    assert SwapTrump(seven) not in legal_moves(state)
    with pytest.raises(
        IllegalMoveError, match="only the 2 of trumps can be exchanged before the first lead"
    ):
        apply(state, SwapTrump(seven))
