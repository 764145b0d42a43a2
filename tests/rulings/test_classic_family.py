"""The worked examples of §5 for classic, classic-3/4/6, scoperta and briscolone.

Each test is named after its example id. Positions are built from explicit decks
(``c1`` = top card, §0.3) and scripted or seeded-random legal moves.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from briscola import (
    Card,
    IllegalMoveError,
    Pass,
    Play,
    State,
    Suit,
    SwapTrump,
    VariantId,
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    score,
)
from helpers import (
    ALL_CODES,
    after_trick,
    at_trick_start,
    card,
    codes,
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
    trick_count,
    trick_state,
    variant_codes,
    with_points,
)

# --- 5.1 card constants ----------------------------------------------------------------------


def test_ex_k1_card_points() -> None:
    expected = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2, "7": 0, "6": 0, "5": 0, "4": 0, "2": 0}
    for code in ALL_CODES:
        assert card(code).points == expected[code[0]]
    for variant, size in (("classic", 40), ("classic-3", 39), ("classic-6", 36)):
        deck = new_game(variant, seed=1).deck  # type: ignore[arg-type]
        assert len(deck) == size
        assert sum(c.points for c in deck) == 120
    assert "2C" not in codes(new_game("classic-3", seed=1).deck)
    assert not [c for c in codes(new_game("classic-6", seed=1).deck) if c[0] == "2"]


STANDARD_ORDER = "A3KQJ76542"


def test_ex_k2_strength_order() -> None:
    # Every pair of Swords under Denari trumps: the stronger card takes the trick.
    for stronger, weaker in itertools.combinations(STANDARD_ORDER, 2):
        led_weak = first_trick("classic", "D", [weaker + "S", stronger + "S"])
        assert led_weak.tricks[0].winner == 1, (weaker, stronger)
        led_strong = first_trick("classic", "D", [stronger + "S", weaker + "S"])
        assert led_strong.tricks[0].winner == 0, (stronger, weaker)
    for winner_code, loser_code in (("3S", "KS"), ("KS", "QS"), ("JS", "7S"), ("4S", "2S")):
        assert first_trick("classic", "D", [loser_code, winner_code]).tricks[0].winner == 1


# --- 5.2 tricks ------------------------------------------------------------------------------

TRICKS = {
    "t1": ("classic", "C", ["4B", "AD"], 0, 11),
    "t2": ("classic", "C", ["AS", "2C"], 1, 11),
    "t3": ("classic-4", "C", ["4B", "3S", "AD", "2B"], 0, 21),
    "t4": ("classic-4", "C", ["4B", "3S", "AD", "2C"], 3, 21),
    "t5": ("classic-4", "S", ["KD", "7S", "3D", "2S"], 1, 14),
    "t6": ("classic", "D", ["KB", "3B"], 1, 14),
    "t7": ("classic", "D", ["3B", "AB"], 1, 21),
    "t8": ("classic", "D", ["JC", "QC"], 1, 5),
    "t9": ("classic-4", "B", ["5B", "4B", "AS", "3B"], 3, 21),
    "t10": ("classic-3", "C", ["2D", "5S", "KB"], 0, 4),
    "t11": ("classic-6", "C", ["4D", "6D", "AD", "7C", "3D", "5C"], 3, 21),
    "t13": ("briscolone", None, ["4B", "AD"], 0, 11),
    "t14": ("briscolone", None, ["KD", "3D"], 1, 14),
    "t15": ("classic-4", "D", ["7B", "7S", "7C", "6B"], 0, 0),
}


def check_trick(example: str) -> State:
    variant, trump, plays, winner, taken = TRICKS[example]
    state = trick_state(variant, trump, plays)  # type: ignore[arg-type]
    if trump is None:
        assert state.trump_suit is None
    else:
        assert state.trump_suit is Suit(trump)
    state = play(state, *plays)
    (trick,) = state.tricks
    assert codes(trick.cards) == plays
    assert trick.winner == winner
    expected = [0] * len(plays)
    expected[winner] = taken
    assert list(score(state).points) == expected
    assert current_player(state) == winner  # the winner leads the next trick (§1.4)
    return state


def test_t1_off_suit_ace_never_wins() -> None:
    check_trick("t1")


def test_t2_lowest_trump_beats_a_non_trump_ace() -> None:
    check_trick("t2")


def test_t3_no_trump_played_highest_of_led_suit() -> None:
    check_trick("t3")


def test_t4_the_only_trump_wins() -> None:
    check_trick("t4")


def test_t5_the_higher_of_two_trumps() -> None:
    check_trick("t5")


def test_t6_three_beats_king_in_the_led_suit() -> None:
    check_trick("t6")


def test_t7_ace_beats_three() -> None:
    check_trick("t7")


def test_t8_knight_beats_jack() -> None:
    check_trick("t8")


def test_t9_trump_led_highest_trump_wins() -> None:
    check_trick("t9")


def test_t10_third_suit_never_wins() -> None:
    check_trick("t10")


def test_t11_six_players_highest_trump_team_takes_21() -> None:
    state = check_trick("t11")
    points = score(state).points
    assert points[1] + points[3] + points[5] == 21
    assert points[0] + points[2] + points[4] == 0


def test_t13_briscolone_no_trumps_led_suit_only() -> None:
    check_trick("t13")


def test_t14_briscolone_three_beats_king() -> None:
    check_trick("t14")


def test_t15_other_sevens_are_off_suit() -> None:
    check_trick("t15")


# --- 5.3 deals, stock and drawing ------------------------------------------------------------


def position_codes(deck: list[Card], *positions: int) -> tuple[Card, ...]:
    return hand(*(str(deck[p - 1]) for p in positions))


def test_ex_d1_two_player_deal_and_first_draw() -> None:
    deck = deck_from({}, "classic")
    state = new_game("classic", deck=deck, dealer=1)
    assert state.hands[0] == position_codes(deck, 1, 3, 5)
    assert state.hands[1] == position_codes(deck, 2, 4, 6)
    assert state.trump_card == deck[6]
    assert state.trump_suit is deck[6].suit
    assert stock_size(state) == 34
    assert current_player(state) == 0
    # Seat 1 wins trick 1 (6D over 5D): seat 1 draws c8, then seat 0 draws c9.
    assert codes(deck[4:6]) == ["5D", "6D"]
    state = play(state, "5D", "6D")
    assert state.tricks[0].winner == 1
    assert state.hands[1] == position_codes(deck, 2, 4, 8)
    assert state.hands[0] == position_codes(deck, 1, 3, 9)
    assert stock_size(state) == 32


def test_ex_d1_stock_draw_order_is_c8_to_c40_then_c7() -> None:
    deck = deck_from({}, "classic")
    state = new_game("classic", deck=deck)
    rng = random.Random(1)
    drawn: list[Card] = []
    while trick_count(state) < 17:
        before = [set(h) for h in state.hands]
        state = finish_trick(state, rng)
        winner = state.tricks[-1].winner
        for seat in (winner, 1 - winner):
            (new,) = set(state.hands[seat]) - before[seat]
            drawn.append(new)
    assert drawn == [*deck[7:40], deck[6]]


@pytest.mark.parametrize("seed", range(6))
def test_ex_d2_last_draw(seed: int) -> None:
    deck = deck_from({}, "classic")
    state = new_game("classic", deck=deck)
    rng = random.Random(seed)
    state = random_play(state, rng, at_trick_start(17))
    assert stock_size(state) == 2
    assert state.trump_card == deck[6]
    state = random_play(state, rng, at_trick_start(18))
    winner = state.tricks[-1].winner
    loser = 1 - winner
    assert deck[39] in state.hands[winner]
    assert deck[6] in state.hands[loser]
    assert stock_size(state) == 0
    assert state.trump_card is None
    for seat in (0, 1):
        view = observe(state, seat)
        assert view.trump_card is None
        assert deck[6] in view.known_cards[loser]  # who drew the face-up card is public
    for number in (18, 19, 20):
        assert [len(h) for h in state.hands] == [21 - number, 21 - number]
        state = random_play(state, rng, after_trick(number))
    assert is_over(state)
    assert state.hands == ((), ())
    assert len(state.tricks) == 20


def test_ex_d2_both_winners_of_trick_17_are_covered() -> None:
    winners = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = random_play(new_game("classic", deck=deck_from({})), rng, at_trick_start(18))
        winners.add(state.tricks[-1].winner)
    assert winners == {0, 1}


def test_ex_d3_three_player_deal() -> None:
    deck = deck_from({}, "classic-3")
    assert len(deck) == 39
    state = new_game("classic-3", deck=deck, dealer=2)
    for k in range(3):
        assert state.hands[k] == position_codes(deck, k + 1, k + 4, k + 7)
    assert state.trump_card == deck[9]
    assert stock_size(state) == 30
    rng = random.Random(3)
    sizes = []
    for number in range(1, 14):
        state = random_play(state, rng, at_trick_start(number))
        sizes.append(stock_size(state))
        state = random_play(state, rng, after_trick(number))
    assert sizes == [30, 27, 24, 21, 18, 15, 12, 9, 6, 3, 0, 0, 0]
    assert is_over(state)
    assert len(state.tricks) == 13


def test_ex_d3_face_up_card_goes_to_prev_of_trick_10_winner() -> None:
    deck = deck_from({}, "classic-3")
    for seed in range(3):
        state = new_game("classic-3", deck=deck, dealer=2)
        state = random_play(state, random.Random(seed), at_trick_start(11))
        w = state.tricks[9].winner
        assert deck[9] in state.hands[(w - 1) % 3]


def test_ex_d4_four_player_deal_and_draw_order() -> None:
    deck = deck_from({}, "classic-4")
    state = new_game("classic-4", deck=deck, dealer=3)
    for k in range(4):
        assert state.hands[k] == position_codes(deck, k + 1, k + 5, k + 9)
    assert state.trump_card == deck[12]
    assert codes([deck[12]]) == ["3C"]
    assert stock_size(state) == 28
    # Seat 2 wins trick 1 with the Ace of trumps: the draw order is 2, 3, 0, 1.
    assert codes(state.hands[2]) == ["3D", "7D", "AC"]
    state = play(state, "5D", "2D", "AC", "4D")
    assert state.tricks[0].winner == 2
    assert deck[13] in state.hands[2]
    assert deck[14] in state.hands[3]
    assert deck[15] in state.hands[0]
    assert deck[16] in state.hands[1]
    assert stock_size(state) == 24


@pytest.mark.parametrize("seed", range(4))
def test_ex_d4_last_draw_gives_the_face_up_card_to_prev_winner(seed: int) -> None:
    deck = deck_from({}, "classic-4")
    state = new_game("classic-4", deck=deck, dealer=3)
    state = random_play(state, random.Random(seed), at_trick_start(8))
    w = state.tricks[6].winner
    assert deck[12] in state.hands[(w - 1) % 4]
    assert deck[39] in state.hands[(w - 2) % 4]
    assert stock_size(state) == 0


def test_ex_d5_six_player_deal() -> None:
    deck = deck_from({}, "classic-6")
    assert len(deck) == 36
    state = new_game("classic-6", deck=deck, dealer=5)
    for k in range(6):
        assert state.hands[k] == position_codes(deck, k + 1, k + 7, k + 13)
    assert state.trump_card == deck[18]
    assert stock_size(state) == 18
    rng = random.Random(5)
    sizes = []
    for number in range(1, 7):
        state = random_play(state, rng, at_trick_start(number))
        sizes.append(stock_size(state))
        assert all(len(h) == (3 if number <= 4 else 7 - number) for h in state.hands)
        state = random_play(state, rng, after_trick(number))
    assert sizes == [18, 12, 6, 0, 0, 0]
    assert is_over(state)
    result = score(state)
    assert sum(result.points) == 120
    team_a = sum(result.points[s] for s in (0, 2, 4))
    assert result.winners in (frozenset(), frozenset({0, 2, 4}), frozenset({1, 3, 5}))
    if team_a >= 61:
        assert result.deltas == (1, -1, 1, -1, 1, -1)
    elif team_a <= 59:
        assert result.deltas == (-1, 1, -1, 1, -1, 1)


def test_ex_d9_briscolone_deal() -> None:
    deck = deck_from({}, "briscolone")
    state = new_game("briscolone", deck=deck, dealer=1)
    assert state.hands[0] == position_codes(deck, 1, 3, 5, 7, 9)
    assert state.hands[1] == position_codes(deck, 2, 4, 6, 8, 10)
    assert state.trump_card is None
    assert state.trump_suit is None
    assert stock_size(state) == 30
    rng = random.Random(9)
    sizes = []
    for number in range(1, 21):
        state = random_play(state, rng, at_trick_start(number))
        sizes.append(stock_size(state))
        state = random_play(state, rng, after_trick(number))
    assert sizes == [30 - 2 * k for k in range(16)] + [0, 0, 0, 0]
    assert is_over(state)


def test_ex_d9_briscolone_draws_c11_to_c40_in_order() -> None:
    deck = deck_from({}, "briscolone")
    state = new_game("briscolone", deck=deck)
    rng = random.Random(4)
    drawn: list[Card] = []
    while trick_count(state) < 15:
        before = [set(h) for h in state.hands]
        state = finish_trick(state, rng)
        winner = state.tricks[-1].winner
        for seat in (winner, 1 - winner):
            (new,) = set(state.hands[seat]) - before[seat]
            drawn.append(new)
    assert drawn == deck[10:]


def test_ex_d10_a_worked_hand() -> None:
    deck = deck_from({7: "5C"}, "classic")
    state = new_game("classic", deck=deck, dealer=1)
    assert state.trump_card == card("5C")
    assert state.trump_suit is Suit.COPPE
    assert current_player(state) == 0
    assert state.leader == 0
    for seat in (0, 1):
        assert observe(state, seat).trump_card == card("5C")


def test_ex_d11_deal_packet_size_three() -> None:
    deck = deck_from({}, "classic")
    state = new_game("classic", deck=deck, dealer=1, deal_packet_size=3)
    assert state.hands[0] == position_codes(deck, 1, 2, 3)
    assert state.hands[1] == position_codes(deck, 4, 5, 6)
    assert state.trump_card == deck[6]
    assert current_player(state) == 0


# --- 5.4 seven-swap and two-swap -------------------------------------------------------------


def test_sw1_seven_swap_in_trick_5() -> None:
    deck = deck_from({2: "7C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, seven_swap=True)
    rng = random.Random(1)
    state = random_play(state, rng, at_trick_start(5), avoid=("7C",))
    state = to_seat(state, 1, rng)
    assert stock_size(state) == 26
    assert card("7C") in state.hands[1]
    assert swap("7C") in legal_moves(state)
    after = apply(state, swap("7C"))
    assert card("KC") in after.hands[1]
    assert card("7C") not in after.hands[1]
    assert after.trump_card == card("7C")
    assert after.trump_suit is Suit.COPPE
    assert current_player(after) == 1
    assert stock_size(after) == 26
    plays = [m for m in legal_moves(after) if isinstance(m, Play)]
    assert {m.card for m in plays} == set(after.hands[1])
    assert not [m for m in legal_moves(after) if isinstance(m, SwapTrump)]
    for seat in (0, 1):
        assert card("KC") in observe(after, seat).known_cards[1]
    assert len(after.trick) == len(state.trick)


@pytest.mark.parametrize("requires_higher", [True, False])
def test_sw2_face_up_four_is_not_higher_than_the_seven(requires_higher: bool) -> None:
    deck = deck_from({1: "7C", 7: "4C"}, "classic")
    state = new_game(
        "classic", deck=deck, seven_swap=True, seven_swap_requires_higher=requires_higher
    )
    if requires_higher:
        assert swap("7C") not in legal_moves(state)
        with pytest.raises(IllegalMoveError):
            apply(state, swap("7C"))
    else:
        after = apply(state, swap("7C"))
        assert after.trump_card == card("7C")
        assert card("4C") in after.hands[0]


def test_sw3_not_on_the_other_players_turn() -> None:
    deck = deck_from({2: "7C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, seven_swap=True)
    assert current_player(state) == 0
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))
    state = play(state, str(state.hands[0][0]))
    assert swap("7C") in legal_moves(state)


def test_sw4_not_once_the_stock_is_empty() -> None:
    deck = deck_from({1: "7C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, seven_swap=True)
    rng = random.Random(4)
    state = random_play(state, rng, at_trick_start(18), avoid=("7C",))
    state = to_seat(state, 0, rng)
    assert card("7C") in state.hands[0]
    assert stock_size(state) == 0
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))


@pytest.mark.parametrize("seed", range(4))
def test_sw5_seven_swap_at_trick_17(seed: int) -> None:
    deck = deck_from({1: "7C", 7: "JC"}, "classic")
    state = new_game("classic", deck=deck, seven_swap=True)
    rng = random.Random(seed)
    state = random_play(state, rng, at_trick_start(17), avoid=("7C",))
    assert stock_size(state) == 2
    state = to_seat(state, 0, rng)
    assert swap("7C") in legal_moves(state)
    state = apply(state, swap("7C"))
    assert state.trump_card == card("7C")
    assert card("JC") in state.hands[0]
    state = random_play(state, rng, at_trick_start(18))
    winner = state.tricks[-1].winner
    assert card("7C") in state.hands[1 - winner]
    assert deck[39] in state.hands[winner]


def test_sw6_four_players_third_to_play() -> None:
    deck = deck_from({3: "7C", 13: "QC"}, "classic-4")
    for seed in range(50):
        rng = random.Random(seed)
        state = new_game("classic-4", deck=deck, seven_swap=True)
        state = random_play(state, rng, at_trick_start(3), avoid=("7C",))
        if state.leader == 0:
            break
    else:
        pytest.fail("no seed lets seat 0 lead trick 3")
    for seat in (0, 1):
        assert current_player(state) == seat
        assert swap("7C") not in legal_moves(state)
        state = play(state, str(state.hands[seat][0]))
    assert current_player(state) == 2
    assert len(state.trick) == 2
    assert swap("7C") in legal_moves(state)
    after = apply(state, swap("7C"))
    assert after.trump_card == card("7C")
    assert card("QC") in after.hands[2]


def test_sw7_deadline_before_penultimate_trick() -> None:
    deck = deck_from({1: "7C", 7: "JC"}, "classic")
    state = new_game(
        "classic", deck=deck, seven_swap=True, seven_swap_deadline="before_penultimate_trick"
    )
    rng = random.Random(7)
    state = random_play(state, rng, at_trick_start(16), avoid=("7C",))
    state = to_seat(state, 0, rng)
    assert stock_size(state) == 4
    assert swap("7C") in legal_moves(state)
    state = random_play(state, rng, at_trick_start(17), avoid=("7C",))
    state = to_seat(state, 0, rng)
    assert stock_size(state) == 2
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))


def test_sw8_only_the_leader_may_swap() -> None:
    deck = deck_from({2: "7C", 7: "KC"}, "classic")
    for seed in range(50):
        rng = random.Random(seed)
        state = new_game("classic", deck=deck, seven_swap=True, seven_swap_only_leader=True)
        state = random_play(state, rng, at_trick_start(5), avoid=("7C",))
        if state.leader == 0:
            break
    else:
        pytest.fail("no seed lets seat 0 lead trick 5")
    state = play(state, str(state.hands[0][0]))
    assert current_player(state) == 1
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))


def test_sw8_the_leader_may_swap_before_leading() -> None:
    deck = deck_from({2: "7C", 7: "KC"}, "classic")
    for seed in range(50):
        rng = random.Random(seed)
        state = new_game("classic", deck=deck, seven_swap=True, seven_swap_only_leader=True)
        state = random_play(state, rng, at_trick_start(5), avoid=("7C",))
        if state.leader == 1:
            break
    else:
        pytest.fail("no seed lets seat 1 lead trick 5")
    assert swap("7C") in legal_moves(state)


def test_tw1_two_swap_in_trick_1() -> None:
    deck = deck_from({1: "2C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True)
    assert swap("2C") in legal_moves(state)
    state = apply(state, swap("2C"))
    assert card("AC") in state.hands[0]
    assert card("2C") not in state.hands[0]
    assert state.trump_card == card("2C")
    assert current_player(state) == 0
    assert state.trick == ()


def test_tw2_not_in_trick_2() -> None:
    deck = deck_from({1: "2C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True)
    rng = random.Random(2)
    state = random_play(state, rng, at_trick_start(2), avoid=("2C",))
    state = to_seat(state, 0, rng)
    assert card("2C") in state.hands[0]
    assert swap("2C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("2C"))


def test_tw3_second_player_after_the_lead() -> None:
    deck = deck_from({2: "2C", 7: "3C"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True)
    assert swap("2C") not in legal_moves(state)
    state = play(state, str(state.hands[0][0]))
    assert current_player(state) == 1
    assert swap("2C") in legal_moves(state)
    state = apply(state, swap("2C"))
    assert card("3C") in state.hands[1]
    assert state.trump_card == card("2C")


def test_tw4_no_seven_swap_for_a_face_up_two() -> None:
    deck = deck_from({1: "2C", 2: "7C", 7: "AC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, seven_swap=True)
    state = apply(state, swap("2C"))
    state = play(state, "AC")
    assert current_player(state) == 1
    assert state.trump_card == card("2C")
    assert swap("7C") not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, swap("7C"))


def test_tw5_before_first_lead_round() -> None:
    deck = deck_from({2: "2C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, two_swap_window="before_first_lead")
    assert current_player(state) == 0
    assert legal_moves(state) == (Pass(),)
    state = apply(state, Pass())
    assert current_player(state) == 1
    assert swap("2C") in legal_moves(state)
    state = apply(state, swap("2C"))
    assert current_player(state) == 0
    assert state.trick == ()
    assert state.trump_card == card("2C")
    assert card("KC") in state.hands[1]
    assert observe(state, 0).trump_card == card("2C")
    assert all(isinstance(m, Play) for m in legal_moves(state))


def test_tw6_seven_then_two_chain() -> None:
    deck = deck_from({1: "7C", 2: "2C", 7: "KC"}, "classic")
    state = new_game("classic", deck=deck, two_swap=True, seven_swap=True)
    state = apply(state, swap("7C"))
    assert state.trump_card == card("7C")
    assert card("KC") in state.hands[0]
    lead = next(c for c in state.hands[0] if str(c) != "KC")
    state = apply(state, Play(lead))
    assert swap("2C") in legal_moves(state)
    state = apply(state, swap("2C"))
    assert card("KC") in state.hands[0]
    assert card("7C") in state.hands[1]
    assert state.trump_card == card("2C")


# --- 5.5 classic deal results ----------------------------------------------------------------


def finished(variant: VariantId, seed: int = 0, **options: Any) -> State:
    state = play_out(new_game(variant, seed=seed, **options), random.Random(seed))
    assert is_over(state)
    return state


@pytest.mark.parametrize(("points", "deltas"), [((61, 59), (1, -1)), ((59, 61), (-1, 1))])
def test_cl_1_sixty_one_wins(points: tuple[int, int], deltas: tuple[int, int]) -> None:
    result = score(with_points(finished("classic"), points))
    assert result.final
    assert not result.void
    assert result.deltas == deltas
    assert result.winners == frozenset({deltas.index(1)})
    assert result.points == points


def test_cl_2_sixty_all_is_a_draw() -> None:
    result = score(with_points(finished("classic"), (60, 60)))
    assert result.final
    assert result.deltas == (0, 0)
    assert result.winners == frozenset()
    assert result.void is False


@pytest.mark.parametrize(
    ("points", "deltas", "winners"),
    [
        ((50, 40, 30), (2, -1, -1), {0}),
        ((30, 50, 40), (-1, 2, -1), {1}),
        ((40, 30, 50), (-1, -1, 2), {2}),
        ((45, 45, 30), (1, 1, -2), set()),
        ((30, 45, 45), (-2, 1, 1), set()),
        ((45, 30, 45), (1, -2, 1), set()),
        ((40, 40, 40), (0, 0, 0), set()),
    ],
)
def test_cl_3_three_players(
    points: tuple[int, int, int], deltas: tuple[int, int, int], winners: set[int]
) -> None:
    result = score(with_points(finished("classic-3"), points))
    assert result.final
    assert result.deltas == deltas
    assert result.winners == frozenset(winners)
    assert sum(result.deltas) == 0


def test_cl_4_four_players_team_points() -> None:
    result = score(with_points(finished("classic-4"), (30, 40, 28, 22)))
    assert result.deltas == (-1, 1, -1, 1)
    assert result.winners == frozenset({1, 3})


def test_cl_5_six_players_team_points() -> None:
    result = score(with_points(finished("classic-6"), (21, 20, 20, 19, 20, 20)))
    assert result.deltas == (1, -1, 1, -1, 1, -1)
    assert result.winners == frozenset({0, 2, 4})


def test_cl_real_deal_results_follow_the_61_rule() -> None:
    for variant in ("classic", "classic-4", "classic-6", "scoperta", "briscolone"):
        teams = {"classic-4": ((0, 2), (1, 3)), "classic-6": ((0, 2, 4), (1, 3, 5))}.get(
            variant, ((0,), (1,))
        )
        for seed in range(5):
            result = score(finished(variant, seed))
            assert sum(result.points) == 120
            side_points = [sum(result.points[s] for s in side) for side in teams]
            if side_points[0] == 60:
                assert result.winners == frozenset()
                assert set(result.deltas) == {0}
            else:
                side = 0 if side_points[0] >= 61 else 1
                assert result.winners == frozenset(teams[side])
                for seat, delta in enumerate(result.deltas):
                    assert delta == (1 if seat in teams[side] else -1)


# --- 5.9 options -----------------------------------------------------------------------------


def test_opt_1_must_follow_suit() -> None:
    deck = deck_from({1: "5D", 2: "2D", 4: "AC", 6: "KS", 7: "3C"}, "classic")
    state = play(new_game("classic", deck=deck, must_follow_suit=True), "5D")
    assert legal_moves(state) == (Play(card("2D")),)
    with pytest.raises(IllegalMoveError):
        apply(state, Play(card("AC")))
    deck = deck_from({1: "5D", 2: "AC", 4: "KS", 6: "4S", 7: "3C"}, "classic")
    state = play(new_game("classic", deck=deck, must_follow_suit=True), "5D")
    assert {str(m) for m in legal_moves(state)} == {"AC", "KS", "4S"}


def test_opt_2_seven_high() -> None:
    state = first_trick("classic", "B", ["3D", "7D"], rank_variant="seven_high")
    assert state.tricks[0].winner == 1
    assert score(state).points == (0, 10)


def test_opt_3_three_natural() -> None:
    state = first_trick("classic", "B", ["3D", "4D"], rank_variant="three_natural")
    assert state.tricks[0].winner == 1
    assert score(state).points == (0, 10)


def test_opt_4_scoperta_open_hands() -> None:
    deck = deck_from({}, "scoperta")
    state = new_game("scoperta", deck=deck)
    for seat in (0, 1):
        view = observe(state, seat)
        assert view.hands == (state.hands[0], state.hands[1])
        assert view.stock is None
    state = new_game("scoperta", deck=deck, open_stock=True)
    for seat in (0, 1):
        view = observe(state, seat)
        assert view.hands == (state.hands[0], state.hands[1])
        assert view.stock is not None
        assert list(view.stock) == deck[7:]
        assert view.trump_card == deck[6]


def test_every_example_uses_cards_of_its_deck() -> None:
    for variant, _trump, plays, _winner, _taken in TRICKS.values():
        assert set(plays) <= set(variant_codes(variant))  # type: ignore[arg-type]
