"""The match layer: formats, dealer rotation, void and drawn deals, first dealer
(§3.7, §2.5.7, §2.6.3, §2.8, §8 "Matches", rulings R9 and R14).

The worked examples ML-1…ML-4, BR-1, BR-2 (§5.5) and CM-1 (§5.7) come first, then one test
per clause, then properties of whole matches played with random moves. A deal with a
chosen outcome is a real deal played to its end whose captured card points are then set
to the example's (see ``_match_helpers``); every expected value is taken from the rules reference.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Sequence
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import briscola
from _match_helpers import (
    PLAYERS,
    chiamata_deal,
    finish,
    finish_all,
    hand_points,
    trick_winner,
)
from briscola import (
    IllegalMoveError,
    Match,
    MatchFormat,
    Pass,
    RulesError,
    VariantId,
    apply,
    best_of,
    cumulative_points,
    current_player,
    first_to_deals,
    first_to_game_points,
    fixed_deals,
    is_over,
    legal_moves,
    new_game,
    new_match,
    observe,
    rounds,
    score,
    two_wins_or_120,
)
from briscola.match import after_deal
from briscola.records import MatchRecord
from helpers import (
    CHIAMATA,
    TWO_SIDED,
    HostileComparison,
    HostileStr,
    bugiarda5_sides,
    chiamata_deck,
    play_out,
    side_points,
    untyped,
    with_points,
)


def check(
    match: Match,
    *,
    totals: Sequence[int],
    deals_won: Sequence[int],
    played: int,
    winners: Sequence[int] = (),
    final: bool = False,
    dealer: int | None = None,
) -> None:
    """Assert the standing of ``match`` and, while it is played, the next deal's dealer."""
    result = score(match)
    assert result.totals == tuple(totals)
    assert result.deals_won == tuple(deals_won)
    assert result.deals_played == played
    assert result.winners == frozenset(winners)
    assert result.final is final
    assert is_over(match) is final
    if final:
        assert legal_moves(match) == ()
        assert current_player(match) is None
    else:
        assert legal_moves(match) != ()
        assert current_player(match) is not None
    if dealer is not None:
        assert not final
        assert match.dealer == dealer
        assert match.state.dealer == dealer
        assert not is_over(match.state)


def dealers(match: Match) -> list[int]:
    """The dealer of every recorded deal."""
    return [result.dealer for result in match.results]


# === §5.5 and §5.7 worked examples ===========================================================


def test_ml_1() -> None:
    # Best of three, 2p, first dealer seat 1: win for 0, a 60-60 draw, win for 1, win for 0.
    match = new_match("classic", seed=11)
    assert match.format == best_of(3)
    assert match.dealer == 1
    match = finish(match, (70, 50), seed=1)
    check(match, totals=(1, -1), deals_won=(1, 0), played=1, dealer=0)
    match = finish(match, (60, 60), seed=2)
    drawn = match.results[-1].score
    assert (drawn.deltas, drawn.winners, drawn.void) == ((0, 0), frozenset(), False)
    # The draw is not counted in the best of three: play goes on, the dealer rotates.
    check(match, totals=(1, -1), deals_won=(1, 0), played=2, dealer=1)
    match = finish(match, (40, 80), seed=3)
    check(match, totals=(0, 0), deals_won=(1, 1), played=3, dealer=0)
    match = finish(match, (61, 59), seed=4)
    check(match, totals=(1, -1), deals_won=(2, 1), played=4, winners=(0,), final=True)
    assert dealers(match) == [1, 0, 1, 0]


def test_ml_2() -> None:
    # tie_rule="replay": a 60-60 deal under dealer 1 is void and replayed under dealer 1.
    match = new_match("classic", seed=12, tie_rule="replay")
    assert match.dealer == 1
    state = with_points(play_out(match.state, random.Random(0)), (60, 60))
    deal = score(state)
    assert is_over(state)
    assert (deal.void, deal.deltas, deal.winners) == (True, (0, 0), frozenset())
    match = after_deal(match, state)
    assert match.results[-1].score.void
    check(match, totals=(0, 0), deals_won=(0, 0), played=0, dealer=1)
    assert score(match).card_points == (0, 0)


def test_ml_3() -> None:
    # tie_rule="last_trick": at 60-60 the winner of trick 20 wins the deal, deltas ±1.
    match = new_match("classic", seed=13, tie_rule="last_trick")
    state = with_points(play_out(match.state, random.Random(3)), (60, 60))
    assert len(state.tricks) == 20
    last = state.tricks[-1]
    trump = state.trump_suit.value if state.trump_suit is not None else None
    taker = trick_winner(last.cards, last.seats, trump)
    deal = score(state)
    assert deal.winners == frozenset({taker})
    assert deal.deltas == tuple(1 if seat == taker else -1 for seat in range(2))
    assert not deal.void
    match = after_deal(match, state)
    won = tuple(1 if seat == taker else 0 for seat in range(2))
    check(match, totals=deal.deltas, deals_won=won, played=1, dealer=0)


def test_ml_4() -> None:
    # tie_rule="draw", redeal_same_dealer_after_draw=True: dealer 1 deals again after 60-60.
    match = new_match("classic", seed=14, redeal_same_dealer_after_draw=True)
    match = finish(match, (60, 60))
    drawn = match.results[-1].score
    assert (drawn.void, drawn.winners, drawn.deltas) == (False, frozenset(), (0, 0))
    check(match, totals=(0, 0), deals_won=(0, 0), played=1, dealer=1)
    # A deal that is won passes the deal on as usual.
    match = finish(match, (80, 40), seed=1)
    check(match, totals=(1, -1), deals_won=(1, 0), played=2, dealer=0)


def test_br_1() -> None:
    # Briscolone to 151: A (seat 0) 70, B 50; then A +85 (155), B +35 (85): A wins.
    match = new_match("briscolone", seed=21)
    assert match.format == cumulative_points(151)
    match = finish(match, (70, 50))
    assert match.results[0].score.deltas == (1, -1)
    check(match, totals=(70, 50), deals_won=(1, 0), played=1, dealer=0)
    assert score(match).game_points == (1, -1)
    match = finish(match, (85, 35), seed=1)
    check(match, totals=(155, 85), deals_won=(2, 0), played=2, winners=(0,), final=True)
    assert score(match).game_points == (2, -2)
    assert sum(score(match).totals) == 120 * 2


def test_br_2() -> None:
    # After deal 2, A 140 and B 100; deal 3 A +15 (155), B +105 (205): both past 151, B wins.
    match = new_match("briscolone", seed=22)
    match = finish_all(match, [(70, 50), (70, 50)])
    check(match, totals=(140, 100), deals_won=(2, 0), played=2, dealer=1)
    match = finish(match, (15, 105), seed=9)
    check(match, totals=(155, 205), deals_won=(2, 1), played=3, winners=(1,), final=True)
    assert sum(score(match).totals) == 360


def test_cm_1() -> None:
    # chiamata-milan, fixed_deals(5): dealers 4, 0, 1, 2, 3; deals S1, S8, M2, S3, S9.
    r = briscola.rules("chiamata-milan")
    match = new_match(r, format=fixed_deals(5), seed=31)
    deals = [
        # S1: AU-1, caller 0 calls rank 4 and names D; 4D is seat 3's; caller side 75.
        (
            4,
            {3: ["4D"], 0: ["KC"]},
            [
                (0, "bid K"),
                (1, "pass"),
                (2, "bid 7"),
                (3, "pass"),
                (4, "bid 5"),
                (0, "bid 4"),
                (2, "pass"),
                (4, "pass"),
                (0, "suit D"),
            ],
            side_points(5, (0, 3), 75, (1, 2, 4)),
            (2, -1, -1, 1, -1),
        ),
        # S8: caller 2 calls rank 3, names C and holds 3C (solo); 59 points, a loss.
        (
            0,
            {2: ["3C"]},
            [(1, "pass"), (2, "bid 3"), (3, "pass"), (4, "pass"), (0, "pass"), (2, "suit C")],
            side_points(5, (2,), 59, (0, 1, 3, 4)),
            (1, 1, -4, 1, 1),
        ),
        # M2: caller 2, target 70 by a point bid after the 2, partner 4 (2D); 85 points.
        (
            1,
            {4: ["2D"]},
            [
                (2, "bid 2"),
                (3, "points 65"),
                (4, "pass"),
                (0, "pass"),
                (1, "pass"),
                (2, "points 70"),
                (3, "pass"),
                (2, "suit D"),
            ],
            side_points(5, (2, 4), 85, (0, 1, 3)),
            (-1, -1, 2, -1, 1),
        ),
        # S3: caller 0, partner 3 (4D), target 61; 60 points, a loss.
        (
            2,
            {3: ["4D"]},
            [(3, "pass"), (4, "pass"), (0, "bid 4"), (1, "pass"), (2, "pass"), (0, "suit D")],
            side_points(5, (0, 3), 60, (1, 2, 4)),
            (-2, 1, 1, -1, 1),
        ),
        # S9: caller 2 solo again (3C), all 120: a cappotto win.
        (
            3,
            {2: ["3C"]},
            [(4, "pass"), (0, "pass"), (1, "pass"), (2, "bid 3"), (3, "pass"), (2, "suit C")],
            (0, 0, 120, 0, 0),
            (-2, -2, 8, -2, -2),
        ),
    ]
    running = [0] * 5
    for number, (dealer, placed, script, points, deltas) in enumerate(deals):
        assert match.dealer == dealer
        state = chiamata_deal(r, dealer, placed, script, points, seed=number)
        assert score(state).deltas == deltas
        match = after_deal(match, state)
        running = [total + delta for total, delta in zip(running, deltas, strict=True)]
        assert sum(running) == 0
        assert score(match).totals == tuple(running)
        assert score(match).deals_played == number + 1
        if number < 4:
            assert not is_over(match)
            assert match.dealer == (dealer + 1) % 5
    assert running == [-2, -2, 6, -2, 0]
    # Winners of each deal: the caller's side on a win, the defenders on a loss (§2.5.6).
    check(
        match,
        totals=(-2, -2, 6, -2, 0),
        deals_won=(2, 2, 3, 2, 3),
        played=5,
        winners=(2,),
        final=True,
    )
    assert dealers(match) == [4, 0, 1, 2, 3]


# === §8 "Matches": default formats, format spellings =========================================


@pytest.mark.parametrize(
    ("variant", "options", "expected"),
    [
        ("classic", {}, best_of(3)),
        ("classic-3", {}, best_of(3)),
        ("classic-4", {}, best_of(3)),
        ("classic-6", {}, best_of(3)),
        ("bugiarda", {}, best_of(3)),
        ("bugiarda-2", {}, best_of(3)),
        ("scoperta", {}, best_of(3)),
        ("briscolone", {}, cumulative_points(151)),
        ("bugiarda-5", {}, fixed_deals(5)),
        ("chiamata", {}, fixed_deals(5)),
        ("chiamata-milan", {}, fixed_deals(5)),
        ("chiamata", {"players": 6}, fixed_deals(6)),
        ("chiamata", {"players": 6, "six_player_form": "remove_fours"}, fixed_deals(6)),
        ("chiamata-milan", {"players": 6}, fixed_deals(6)),
    ],
)
def test_s8_default_format_per_preset(
    variant: VariantId, options: dict[str, Any], expected: MatchFormat
) -> None:
    match = new_match(variant, seed=1, **options)
    assert match.format == expected
    assert str(match.format) == str(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("best_of(5)", best_of(5)),
        ("two_wins_or_120", two_wins_or_120),
        ("rounds(3)", rounds(3)),
        ("first_to_deals(5)", first_to_deals(5)),
        ("cumulative_points(121)", cumulative_points(121)),
        ("fixed_deals(4)", fixed_deals(4)),
    ],
)
def test_s3_7_format_spellings(text: str, expected: MatchFormat) -> None:
    match = new_match("classic", format=text, seed=2)
    assert match.format == expected
    assert str(match.format) == text


def test_s3_7_format_spelling_first_to_game_points() -> None:
    match = new_match("chiamata", format="first_to_game_points(7)", seed=2)
    assert match.format == first_to_game_points(7)


@pytest.mark.parametrize("text", ["best_of(2)", "best_of", "foo(3)", "best_of(0)", "rounds", ""])
def test_s3_7_bad_format_strings(text: str) -> None:
    with pytest.raises(RulesError):
        new_match("classic", format=text, seed=1)


@pytest.mark.parametrize("text", ["best_of(9999999999)", "rounds(" + "7" * 5000 + ")"])
def test_s3_7_a_format_with_too_long_a_number_says_so(text: str) -> None:
    digits = len(text) - text.index("(") - 2
    with pytest.raises(RulesError) as raised:
        new_match("classic", format=text, seed=1)
    assert str(raised.value) == (
        f"{text[: text.index('(')]}(...) with a number of {digits:,} digits is not valid: a "
        "match format's number has at most nine"
    )


@pytest.mark.parametrize("k", [2, 4, 0, -1])
def test_s3_7_best_of_needs_an_odd_number(k: int) -> None:
    with pytest.raises(RulesError):
        best_of(k)


def test_s3_7_format_of_the_wrong_type() -> None:
    with pytest.raises(RulesError):
        new_match("classic", format=untyped(3), seed=1)


def test_s3_7_best_of_5_from_its_spelling_needs_three_wins() -> None:
    match = new_match("classic", format="best_of(5)", seed=3)
    match = finish_all(match, [(70, 50), (70, 50), (50, 70), (50, 70)])
    check(match, totals=(0, 0), deals_won=(2, 2), played=4, dealer=1)
    match = finish(match, (50, 70), seed=7)
    check(match, totals=(-1, 1), deals_won=(2, 3), played=5, winners=(1,), final=True)


def test_s3_7_rounds_3_from_its_spelling_plays_three_deals() -> None:
    match = new_match("classic", format="rounds(3)", seed=4)
    match = finish_all(match, [(70, 50), (70, 50)])
    # Two wins do not end a match of exactly three deals.
    check(match, totals=(2, -2), deals_won=(2, 0), played=2, dealer=1)
    match = finish(match, (30, 90), seed=5)
    check(match, totals=(1, -1), deals_won=(2, 1), played=3, winners=(0,), final=True)


# === §3.7 first dealer (ruling R14) =========================================================


@pytest.mark.parametrize(
    ("variant", "options"),
    [(variant, {}) for variant in PLAYERS] + [("chiamata", {"players": 6})],
)
def test_s3_7_first_dealer_defaults_to_seat_n_minus_1(
    variant: VariantId, options: dict[str, Any]
) -> None:
    players = 6 if options else PLAYERS[variant]
    match = new_match(variant, seed=5, **options)
    assert match.dealer == players - 1
    assert match.state.dealer == players - 1


@pytest.mark.parametrize("variant", ["classic", "classic-3", "classic-6", "chiamata"])
def test_s3_7_random_first_dealer_comes_from_the_seed(variant: VariantId) -> None:
    players = PLAYERS[variant]
    seen = set()
    for seed in range(200):
        first = new_match(variant, seed=seed, dealer="random")
        again = new_match(variant, seed=seed, dealer="random")
        assert first.dealer == again.dealer
        assert first == again
        assert 0 <= first.dealer < players
        seen.add(first.dealer)
    assert seen == set(range(players))


def test_s3_7_explicit_first_dealer() -> None:
    match = new_match("classic-4", seed=6, dealer=1, format=rounds(3))
    assert match.dealer == 1
    match = play_whole(match, 6)
    assert dealers(match) == [1, 2, 3]


@pytest.mark.parametrize("dealer", [2, -1, 5, "2", "Random", "first", True, 1.0])
def test_s3_7_bad_first_dealer(dealer: object) -> None:
    with pytest.raises(RulesError) as refused:
        new_match("classic", seed=1, dealer=untyped(dealer))
    # Worded as new_game words it, with the two values only a match takes.
    assert str(refused.value).endswith(
        "is not a seat of 'classic': use a seat from 0 to 1, None or 'random'"
    )


# === §3.7 dealer rotation ====================================================================


def play_whole(match: Match, seed: int) -> Match:
    rng = random.Random(seed)
    while not is_over(match):
        match = apply(match, rng.choice(legal_moves(match)))
    return match


@pytest.mark.parametrize(
    ("rotation", "expected"),
    [
        (None, [3, 0, 1, 2, 3]),
        ("play_direction", [3, 0, 1, 2, 3]),
        ("against_play_direction", [3, 2, 1, 0, 3]),
    ],
)
def test_s3_7_dealer_rotation(rotation: str | None, expected: list[int]) -> None:
    options: dict[str, Any] = {} if rotation is None else {"dealer_rotation": rotation}
    match = play_whole(new_match("classic-4", seed=7, format=rounds(5), **options), 7)
    assert dealers(match) == expected


@pytest.mark.parametrize(
    ("rotation", "expected"),
    [("play_direction", [1, 0, 1, 0]), ("against_play_direction", [1, 0, 1, 0])],
)
def test_s3_7_two_players_simply_alternate(rotation: str, expected: list[int]) -> None:
    match = new_match("classic", seed=8, format=rounds(4), dealer_rotation=rotation)  # type: ignore[arg-type]
    assert dealers(play_whole(match, 8)) == expected


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("bugiarda", {"first_leader_offset": -1}),
        ("bugiarda-5", {"first_leader_offset": -1}),
        ("chiamata", {"first_leader": "caller"}),
    ],
)
def test_s3_7_the_first_leader_does_not_change_the_rotation(
    variant: VariantId, options: dict[str, Any]
) -> None:
    players = PLAYERS[variant]
    match = play_whole(new_match(variant, seed=9, format=rounds(players), **options), 9)
    first = players - 1
    assert dealers(match) == [(first + k) % players for k in range(players)]


def test_s3_7_bugiarda_5_dealer_rotates_and_sits_out() -> None:
    match = play_whole(new_match("bugiarda-5", seed=10), 10)
    assert dealers(match) == [4, 0, 1, 2, 3]
    for result in match.results:
        assert result.score.deltas[result.dealer] == 0


def test_s3_7_bad_dealer_rotation() -> None:
    for rotation in ("clockwise", 1, None, HostileComparison(), HostileStr("play_direction")):
        with pytest.raises(RulesError, match=r"dealer_rotation=.* is not valid"):
            new_match("classic", seed=1, dealer_rotation=rotation)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "name",
    ["redeal_same_dealer_after_draw", "redeal_same_dealer_after_void", "cappotto_wins_match"],
)
def test_s3_7_match_flags_are_booleans(name: str) -> None:
    with pytest.raises(RulesError):
        new_match("classic", seed=1, **{name: "yes"})  # type: ignore[arg-type]


# === §3.7 drawn deals ========================================================================


def test_s3_7_after_a_draw_the_dealer_rotates_by_default() -> None:
    match = finish(new_match("classic-4", seed=15), (30, 30, 30, 30))
    assert not match.results[-1].score.void
    check(match, totals=(0, 0, 0, 0), deals_won=(0, 0, 0, 0), played=1, dealer=0)


@pytest.mark.parametrize(
    ("rotation", "after_win"),
    [("play_direction", 0), ("against_play_direction", 2)],
)
def test_s3_7_redeal_same_dealer_after_draw(rotation: str, after_win: int) -> None:
    match = new_match(
        "classic-4",
        seed=16,
        redeal_same_dealer_after_draw=True,
        dealer_rotation=rotation,  # type: ignore[arg-type]
    )
    match = finish(match, (30, 30, 30, 30))
    check(match, totals=(0, 0, 0, 0), deals_won=(0, 0, 0, 0), played=1, dealer=3)
    match = finish(match, (30, 30, 30, 30), seed=1)
    check(match, totals=(0, 0, 0, 0), deals_won=(0, 0, 0, 0), played=2, dealer=3)
    match = finish(match, (40, 20, 40, 20), seed=2)
    check(match, totals=(1, -1, 1, -1), deals_won=(1, 0, 1, 0), played=3, dealer=after_win)


def test_s3_7_draws_count_as_deals_in_rounds_but_are_not_wins() -> None:
    match = new_match("classic", seed=17, format=rounds(3))
    match = finish_all(match, [(60, 60), (60, 60)])
    check(match, totals=(0, 0), deals_won=(0, 0), played=2, dealer=1)
    match = finish(match, (70, 50), seed=3)
    check(match, totals=(1, -1), deals_won=(1, 0), played=3, winners=(0,), final=True)


def test_s3_7_rounds_all_drawn_is_a_drawn_match() -> None:
    match = finish_all(new_match("classic", seed=18, format=rounds(2)), [(60, 60), (60, 60)])
    check(match, totals=(0, 0), deals_won=(0, 0), played=2, final=True)


def test_s3_7_rounds_tie_in_deal_wins_is_a_drawn_match() -> None:
    match = new_match("classic", seed=19, format=rounds(3))
    match = finish_all(match, [(70, 50), (60, 60), (40, 80)])
    check(match, totals=(0, 0), deals_won=(1, 1), played=3, final=True)


def test_s3_7_rounds_in_teams() -> None:
    match = new_match("classic-4", seed=20, format=rounds(3))
    match = finish_all(match, [(20, 40, 20, 40), (30, 30, 30, 30), (20, 45, 20, 35)])
    check(
        match, totals=(-2, 2, -2, 2), deals_won=(0, 2, 0, 2), played=3, winners=(1, 3), final=True
    )


def test_s3_7_draws_count_as_deals_in_fixed_deals_but_are_not_wins() -> None:
    match = new_match("classic", seed=23, format=fixed_deals(2))
    match = finish(match, (60, 60))
    check(match, totals=(0, 0), deals_won=(0, 0), played=1, dealer=0)
    match = finish(match, (30, 90), seed=1)
    check(match, totals=(-1, 1), deals_won=(0, 1), played=2, winners=(1,), final=True)


# === §3.7 void deals =========================================================================


@pytest.mark.parametrize(("redeal", "next_dealer"), [(None, 1), (True, 1), (False, 0)])
def test_s3_7_void_replay_deal(redeal: bool | None, next_dealer: int) -> None:
    options: dict[str, Any] = {"tie_rule": "replay"}
    if redeal is not None:
        options["redeal_same_dealer_after_void"] = redeal
    match = finish(new_match("classic", seed=24, **options), (60, 60))
    assert match.results[-1].score.void
    # Counted for nothing: no deal, no win, no game points, no card points.
    check(match, totals=(0, 0), deals_won=(0, 0), played=0, dealer=next_dealer)
    assert score(match).card_points == (0, 0)
    assert score(match).game_points == (0, 0)


def test_s3_7_void_deals_add_no_card_points_to_cumulative_formats() -> None:
    match = new_match("briscolone", seed=25, tie_rule="replay", format=cumulative_points(121))
    match = finish_all(match, [(60, 60), (60, 60), (70, 50)])
    check(match, totals=(70, 50), deals_won=(1, 0), played=1, dealer=0)


def test_s3_7_void_deal_does_not_count_in_rounds() -> None:
    match = new_match("classic", seed=26, tie_rule="replay", format=rounds(1))
    match = finish(match, (60, 60))
    check(match, totals=(0, 0), deals_won=(0, 0), played=0, dealer=1)
    match = finish(match, (61, 59), seed=1)
    check(match, totals=(1, -1), deals_won=(1, 0), played=1, winners=(0,), final=True)


@pytest.mark.parametrize(("redeal", "next_dealer"), [(True, 4), (False, 0)])
def test_s3_7_chiamata_passed_out_deal_is_void(redeal: bool, next_dealer: int) -> None:
    # AU-4: everyone passes under all_pass="redeal"; in a match the same dealer deals again.
    match = new_match(
        "chiamata",
        seed=27,
        all_pass="redeal",
        format=fixed_deals(1),
        redeal_same_dealer_after_void=redeal,
    )
    assert match.dealer == 4
    for seat in (0, 1, 2, 3, 4):
        assert current_player(match) == seat
        match = apply(match, Pass())
    assert len(match.results) == 1
    assert match.results[0].score.void
    assert match.results[0].dealer == 4
    check(match, totals=(0,) * 5, deals_won=(0,) * 5, played=0, dealer=next_dealer)
    # The first hand of the new deal, next(D), speaks first.
    assert current_player(match) == (next_dealer + 1) % 5


@pytest.mark.parametrize(("redeal", "next_dealer"), [(True, 4), (False, 0)])
def test_s3_7_annulled_zero_point_hand_is_void(redeal: bool, next_dealer: int) -> None:
    # PA-5: seat 3 is dealt a hand worth 0 points; the deal is void before the auction.
    match = new_match(
        "chiamata", seed=28, annul_zero_point_hand=True, redeal_same_dealer_after_void=redeal
    )
    deck = chiamata_deck({3: ["7B", "6B", "5C", "4C", "2C", "6S", "5S", "4D"]}, dealer=4)
    state = new_game(match.rules, deck=deck, dealer=4)
    assert is_over(state)
    assert score(state).void
    match = after_deal(match, state)
    check(match, totals=(0,) * 5, deals_won=(0,) * 5, played=0, dealer=next_dealer)


def zero_hand_dealt(state: briscola.State) -> bool:
    """§2.5.6: some active seat was dealt a hand worth 0 card points."""
    r = state.rules
    return any(
        hand_points(cards) == 0
        for seat, cards in enumerate(state.hands)
        if not (r.dealer_sits_out and seat == state.dealer)
    )


def test_s2_5_6_match_whose_first_deal_is_annulled_deals_again() -> None:
    # A match seed whose first deal gives some seat a 0-point hand: that deal is annulled,
    # and the same dealer deals again (§2.5.6, §3.7), so the match can be played on.
    for seed in range(5000):  # pragma: no branch
        match = new_match("chiamata", seed=seed, annul_zero_point_hand=True)
        if zero_hand_dealt(match.state) or match.results:
            break
    else:
        pytest.fail("no match seed deals a 0-point hand first")
    for result in match.results:
        assert result.score.void
        assert result.dealer == 4
    assert score(match).deals_played == 0
    assert not is_over(match)
    assert match.dealer == 4
    assert legal_moves(match) != ()
    assert current_player(match) is not None


def test_s2_5_6_deal_annulled_mid_match_deals_again() -> None:
    # Matches played until a deal after the first is annulled at the deal: the same dealer
    # deals again and the match can be played on.
    for seed in range(400):  # pragma: no branch
        match = new_match("chiamata", seed=seed, annul_zero_point_hand=True)
        if zero_hand_dealt(match.state) or match.results:
            continue
        rng = random.Random(seed)
        while not is_over(match):
            before = len(match.results)
            assert legal_moves(match) != (), "a match in progress has no legal move"
            match = apply(match, rng.choice(legal_moves(match)))
            annulled = [r for r in match.results[before + 1 :] if r.score.void]
            if annulled:
                assert match.dealer == annulled[-1].dealer
                assert is_over(match) or legal_moves(match) != ()
                return
            fresh = not is_over(match) and not match.state.history
            if len(match.results) > before and fresh and zero_hand_dealt(match.state):
                assert legal_moves(match) != ()
                assert current_player(match) is not None
                return
    pytest.fail("no match with a deal annulled after the first")


# === §3.7 best_of, first_to_deals ============================================================


def test_s3_7_classic_3_best_of_counts_single_winners_only() -> None:
    match = new_match("classic-3", seed=29)
    assert match.format == best_of(3)
    assert match.dealer == 2
    match = finish(match, (45, 45, 30))  # CL-3: no single winner
    assert match.results[-1].score.winners == frozenset()
    assert score(match).deals_won == (0, 0, 0)
    assert not is_over(match)
    assert match.dealer == 0
    match = finish(match, (50, 40, 30), seed=1)
    assert score(match).deals_won == (1, 0, 0)
    match = finish(match, (40, 40, 40), seed=2)  # all three tied: no winner either
    assert score(match).deals_won == (1, 0, 0)
    match = finish(match, (30, 50, 40), seed=3)
    assert score(match).deals_won == (1, 1, 0)
    assert not is_over(match)
    assert match.dealer == 0
    match = finish(match, (20, 30, 70), seed=4)
    assert score(match).deals_won == (1, 1, 1)
    assert not is_over(match)
    match = finish(match, (30, 31, 59), seed=5)
    result = score(match)
    assert (result.final, result.winners, result.deals_won) == (True, frozenset({2}), (1, 1, 2))
    assert dealers(match) == [2, 0, 1, 2, 0, 1]


def test_s3_7_best_of_3_in_teams() -> None:
    match = new_match("classic-6", seed=30)
    match = finish_all(match, [(20, 20, 20, 20, 21, 19), (20, 20, 20, 20, 20, 20)])
    check(match, totals=(1, -1) * 3, deals_won=(1, 0) * 3, played=2, dealer=1)
    match = finish(match, (30, 30, 30, 10, 10, 10), seed=2)
    check(match, totals=(2, -2) * 3, deals_won=(2, 0) * 3, played=3, winners=(0, 2, 4), final=True)


def test_s3_7_first_to_deals() -> None:
    match = new_match("classic", seed=32, format=first_to_deals(5))
    deals = [(70, 50), (50, 70)] * 4 + [(60, 60)]
    match = finish_all(match, deals)
    check(match, totals=(0, 0), deals_won=(4, 4), played=9, dealer=0)
    match = finish(match, (50, 70), seed=40)
    check(match, totals=(-1, 1), deals_won=(4, 5), played=10, winners=(1,), final=True)


# === §3.7 fixed_deals ========================================================================


def test_s3_7_fixed_deals_ranked_by_game_points() -> None:
    match = new_match("classic-3", seed=33, format=fixed_deals(3))
    match = finish_all(match, [(50, 40, 30), (40, 50, 30)])
    check(match, totals=(1, 1, -2), deals_won=(1, 1, 0), played=2, dealer=1)
    match = finish(match, (50, 45, 25), seed=5)
    check(match, totals=(3, 0, -3), deals_won=(2, 1, 0), played=3, winners=(0,), final=True)


def test_s3_7_fixed_deals_ties_share_first_place() -> None:
    match = new_match("classic-3", seed=34, format=fixed_deals(3))
    match = finish_all(match, [(50, 40, 30), (40, 50, 30), (45, 45, 30)])
    check(match, totals=(2, 2, -4), deals_won=(1, 1, 0), played=3, winners=(0, 1), final=True)


def test_s3_7_fixed_deals_everyone_level_everyone_shares() -> None:
    match = new_match("classic", seed=35, format=fixed_deals(2))
    match = finish_all(match, [(70, 50), (50, 70)])
    check(match, totals=(0, 0), deals_won=(1, 1), played=2, winners=(0, 1), final=True)


def test_s2_6_3_bugiarda_5_fixed_deals_with_changing_partnerships() -> None:
    # Dealers 4, 0, 1, 2, 3; the side {a0, a2} wins every deal but the second.
    match = new_match("bugiarda-5", seed=36)
    assert match.format == fixed_deals(5)
    for number, dealer in enumerate([4, 0, 1, 2, 3]):
        assert match.dealer == dealer
        first, second = bugiarda5_sides(dealer)
        won, lost = (second, first) if number == 1 else (first, second)
        points = [0] * 5
        for seat in won:
            points[seat] = 35
        for seat in lost:
            points[seat] = 25
        match = finish(match, points, seed=number)
        assert match.results[-1].score.winners == frozenset(won)
    # §2.6.3, a0 = next(D), sides {a0,a2} and {a1,a3}; the dealer gets 0:
    # D=4 {0,2} beat {1,3}; D=0 {2,4} beat {1,3}; D=1 {2,4} beat {3,0};
    # D=2 {3,0} beat {4,1}; D=3 {4,1} beat {0,2}.
    check(
        match,
        totals=(0, -2, 2, -2, 2),
        deals_won=(2, 1, 3, 1, 3),
        played=5,
        winners=(2, 4),
        final=True,
    )


# === §3.7 cumulative_points, two_wins_or_120 =================================================


def test_s2_8_cumulative_equal_past_the_target_plays_on() -> None:
    match = new_match("briscolone", seed=37)
    match = finish_all(match, [(60, 60), (60, 60), (60, 60)])
    # 180-180: both past 151 and level: another deal.
    check(match, totals=(180, 180), deals_won=(0, 0), played=3, dealer=0)
    match = finish(match, (70, 50), seed=3)
    check(match, totals=(250, 230), deals_won=(1, 0), played=4, winners=(0,), final=True)


def test_s3_7_cumulative_reaching_exactly_the_target_wins() -> None:
    match = new_match("classic", seed=38, format=cumulative_points(120))
    match = finish(match, (60, 60))
    check(match, totals=(60, 60), deals_won=(0, 0), played=1, dealer=0)
    match = finish(match, (60, 60), seed=1)
    check(match, totals=(120, 120), deals_won=(0, 0), played=2, dealer=1)
    match = finish(match, (59, 61), seed=2)
    check(match, totals=(179, 181), deals_won=(0, 1), played=3, winners=(1,), final=True)


def test_s3_7_cumulative_in_teams() -> None:
    match = new_match("classic-4", seed=39, format=cumulative_points(121))
    match = finish(match, (40, 30, 30, 20))
    check(match, totals=(40, 30, 30, 20), deals_won=(1, 0, 1, 0), played=1, dealer=0)
    match = finish(match, (30, 10, 30, 50), seed=1)
    # Sides: {0,2} 70 + 60 = 130, {1,3} 50 + 60 = 110.
    result = score(match)
    assert result.final
    assert result.winners == frozenset({0, 2})


def test_s3_7_two_wins_or_120_two_wins() -> None:
    match = new_match("classic", seed=41, format=two_wins_or_120)
    match = finish(match, (61, 59))
    check(match, totals=(61, 59), deals_won=(1, 0), played=1, dealer=0)
    match = finish(match, (61, 59), seed=1)
    check(match, totals=(122, 118), deals_won=(2, 0), played=2, winners=(0,), final=True)


def test_s3_7_two_wins_or_120_in_one_deal() -> None:
    match = finish(new_match("classic", seed=42, format="two_wins_or_120"), (0, 120))
    check(match, totals=(0, 120), deals_won=(0, 1), played=1, winners=(1,), final=True)


def test_s3_7_two_wins_or_120_points_before_two_wins() -> None:
    match = new_match("classic", seed=43, format=two_wins_or_120)
    match = finish(match, (60, 60))
    match = finish(match, (61, 59), seed=1)
    check(match, totals=(121, 119), deals_won=(1, 0), played=2, winners=(0,), final=True)


def test_s3_7_two_wins_or_120_at_120_120_more_deal_wins_or_play_on() -> None:
    match = new_match("classic", seed=44, format=two_wins_or_120)
    match = finish_all(match, [(70, 50), (50, 70)])
    # 120-120 with one deal win each: play on.
    check(match, totals=(120, 120), deals_won=(1, 1), played=2, dealer=1)
    match = finish(match, (60, 60), seed=2)  # a draw decides nothing
    check(match, totals=(180, 180), deals_won=(1, 1), played=3, dealer=0)
    match = finish(match, (55, 65), seed=3)
    check(match, totals=(235, 245), deals_won=(1, 2), played=4, winners=(1,), final=True)


def test_s3_7_two_wins_or_120_at_120_120_without_wins_the_next_deal_winner_takes_it() -> None:
    match = new_match("classic", seed=45, format=two_wins_or_120)
    match = finish_all(match, [(60, 60), (60, 60)])
    check(match, totals=(120, 120), deals_won=(0, 0), played=2, dealer=1)
    match = finish(match, (59, 61), seed=2)
    check(match, totals=(179, 181), deals_won=(0, 1), played=3, winners=(1,), final=True)


def test_s3_7_two_wins_or_120_a_second_deal_win_beats_120_reached_after_the_same_deal() -> None:
    # Under last_trick with win_threshold=71, a deal is won by the last trick with 55 card
    # points: seat 1 wins two deals with 110 while seat 0 reaches 130 (library rule).
    match = new_match(
        "classic", seed=1, format=two_wins_or_120, tie_rule="last_trick", win_threshold=71
    )
    rng = random.Random(0)
    for _ in range(2):
        state = play_out(match.state, rng)
        while state.tricks[-1].winner != 1:
            state = play_out(match.state, rng)
        match = after_deal(match, with_points(state, (65, 55)))
        assert match.results[-1].score.winners == frozenset({1})
    check(match, totals=(130, 110), deals_won=(0, 2), played=2, winners=(1,), final=True)


def test_s3_7_two_wins_or_120_with_more_sides_totals_past_120_after_one_deal_are_level() -> None:
    # In classic-3 two players can pass 120 after the same deal at different totals: they
    # count as level, as at 120-120 (library rule); the next deal winner with two wins takes
    # the match, whatever its total.
    match = new_match("classic-3", seed=46, format=two_wins_or_120)
    match = finish_all(match, [(50, 30, 40), (30, 40, 50), (45, 50, 25)])
    check(match, totals=(125, 120, 115), deals_won=(1, 1, 1), played=3, dealer=2)
    match = finish(match, (58, 0, 62), seed=3)
    check(match, totals=(183, 120, 177), deals_won=(1, 1, 2), played=4, winners=(2,), final=True)


# === §3.7 first_to_game_points (Chiamata) ====================================================


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {}),
        ("classic-3", {}),
        ("classic-4", {}),
        ("bugiarda-5", {}),
        ("briscolone", {}),
        ("scoperta", {}),
    ],
)
def test_s3_7_first_to_game_points_is_a_chiamata_format(
    variant: VariantId, options: dict[str, Any]
) -> None:
    with pytest.raises(RulesError):
        new_match(variant, format=first_to_game_points(5), seed=1, **options)
    with pytest.raises(RulesError):
        new_match(variant, format="first_to_game_points(5)", seed=1, **options)


@pytest.mark.parametrize("variant", ["chiamata", "chiamata-milan"])
@pytest.mark.parametrize("k", [5, 7, 11])
def test_s3_7_first_to_game_points_values(variant: VariantId, k: int) -> None:
    assert new_match(variant, format=first_to_game_points(k), seed=1).format.value == k


def test_s3_7_first_to_game_points_tie_at_the_top_plays_on() -> None:
    r = briscola.rules("chiamata")
    match = new_match(r, format=first_to_game_points(5), seed=46)
    # Deal 1 (D=4): caller 0, partner 2 (KD), cappotto win: 0 +4, 2 +2, defenders -2.
    state = chiamata_deal(
        r,
        4,
        {2: ["KD"]},
        [(0, "bid K"), (1, "pass"), (2, "pass"), (3, "pass"), (4, "pass"), (0, "suit D")],
        side_points(5, (0, 2), 120, (1, 3, 4)),
    )
    match = after_deal(match, state)
    check(match, totals=(4, -2, 2, -2, -2), deals_won=(1, 0, 1, 0, 0), played=1, dealer=0)
    # Deal 2 (D=0): caller 2, partner 0 (KD), cappotto win: 6 and 6 on top, level: play on.
    state = chiamata_deal(
        r,
        0,
        {0: ["KD"]},
        [(1, "pass"), (2, "bid K"), (3, "pass"), (4, "pass"), (0, "pass"), (2, "suit D")],
        side_points(5, (2, 0), 120, (1, 3, 4)),
        seed=1,
    )
    match = after_deal(match, state)
    check(match, totals=(6, -4, 6, -4, -4), deals_won=(2, 0, 2, 0, 0), played=2, dealer=1)
    # Deal 3 (D=1): caller 0, partner 3 (KD), 70 points: 0 +2 (8), 3 +1, others -1.
    state = chiamata_deal(
        r,
        1,
        {3: ["KD"]},
        [(2, "pass"), (3, "pass"), (4, "pass"), (0, "bid K"), (1, "pass"), (0, "suit D")],
        side_points(5, (0, 3), 70, (1, 2, 4)),
        seed=2,
    )
    match = after_deal(match, state)
    check(
        match,
        totals=(8, -5, 5, -3, -5),
        deals_won=(3, 0, 2, 1, 0),
        played=3,
        winners=(0,),
        final=True,
    )


# === §3.7 cappotto_wins_match ================================================================


@pytest.mark.parametrize(
    ("variant", "points", "winners"),
    [
        ("classic", (0, 120), (1,)),
        ("scoperta", (120, 0), (0,)),
        ("bugiarda-2", (0, 120), (1,)),
        ("briscolone", (120, 0), (0,)),
        ("classic-4", (50, 0, 70, 0), (0, 2)),
        ("bugiarda", (0, 60, 0, 60), (1, 3)),
        ("classic-6", (0, 40, 0, 40, 0, 40), (1, 3, 5)),
        ("classic-3", (0, 120, 0), (1,)),
        # bugiarda-5, dealer 4: sides {0,2} and {1,3} (§2.6.3); seat 4 sits out.
        ("bugiarda-5", (70, 0, 50, 0, 0), (0, 2)),
    ],
)
def test_s3_7_cappotto_wins_match(
    variant: VariantId, points: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    match = finish(new_match(variant, seed=47, cappotto_wins_match=True), points)
    result = score(match)
    assert result.final
    assert result.winners == frozenset(winners)
    assert is_over(match)
    assert legal_moves(match) == ()
    # Without the option the same deal does not end the match.
    plain = finish(new_match(variant, seed=47), points)
    assert not is_over(plain)


@pytest.mark.parametrize(
    ("variant", "points"),
    [
        ("classic", (119, 1)),
        ("classic-3", (60, 60, 0)),
        ("classic-4", (60, 0, 59, 1)),
    ],
)
def test_s3_7_cappotto_wins_match_needs_all_120(
    variant: VariantId, points: tuple[int, ...]
) -> None:
    match = finish(new_match(variant, seed=48, cappotto_wins_match=True), points)
    assert not is_over(match)


@pytest.mark.parametrize("value", [True, False])
@pytest.mark.parametrize("variant", sorted(CHIAMATA))
def test_s3_7_cappotto_wins_match_is_an_error_with_chiamata_whatever_its_value(
    variant: VariantId, value: bool
) -> None:
    with pytest.raises(
        RulesError,
        match=f"^cappotto_wins_match={value} does not apply to '{variant}': a cappotto doubles",
    ):
        new_match(variant, seed=1, cappotto_wins_match=value)


@pytest.mark.parametrize("variant", sorted(CHIAMATA))
def test_s3_7_a_chiamata_match_keeps_the_field_through_json_and_records(
    variant: VariantId,
) -> None:
    match = new_match(variant, seed=3)
    assert match.cappotto_wins_match is False
    assert briscola.loads(briscola.dumps(match), Match) == match
    record = MatchRecord.from_state(match)
    assert MatchRecord.from_text(record.to_text()).first_match() == match
    assert briscola.loads(briscola.dumps(record), MatchRecord).first_match() == match


# === Ruling R9: the verbs on a match ========================================================


def test_r9_apply_on_a_finished_match_raises() -> None:
    match = play_whole(new_match("classic", seed=49), 49)
    last_move = match.state.history[-1][1]
    with pytest.raises(IllegalMoveError):
        apply(match, last_move)
    with pytest.raises(IllegalMoveError):
        apply(match, Pass())


def test_r9_a_deal_in_a_match_is_a_plain_deal() -> None:
    match = new_match("classic-4", seed=50)
    alone = new_game(match.rules, deck=match.state.deck, dealer=match.dealer)
    assert match.state == alone
    assert legal_moves(match) == legal_moves(alone)
    for seat in range(4):
        assert observe(match, seat).deal == observe(alone, seat)


# === Properties ==============================================================================


@attrs.frozen
class Setup:
    variant: VariantId
    options: dict[str, Any]
    format: MatchFormat | None
    dealer: int | str | None
    seed: int
    moves: int


def _formats(variant: VariantId, chiamata: bool) -> st.SearchStrategy[MatchFormat | None]:
    choices: list[st.SearchStrategy[MatchFormat | None]] = [
        st.none(),
        st.sampled_from([best_of(1), best_of(3), best_of(5)]),
        st.sampled_from([5, 7]).map(first_to_deals),
        st.integers(1, 4).map(rounds),
        st.sampled_from([cumulative_points(120), cumulative_points(151)]),
        st.just(two_wins_or_120),
        st.integers(1, 6).map(fixed_deals),
    ]
    if chiamata:
        choices.append(st.sampled_from([5, 7]).map(first_to_game_points))
    return st.one_of(choices)


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    variant = draw(st.sampled_from(sorted(PLAYERS)))
    options: dict[str, Any] = {}
    chiamata = variant in CHIAMATA
    if variant in TWO_SIDED:
        options["tie_rule"] = draw(st.sampled_from(["draw", "replay", "last_trick"]))
        # High thresholds make drawn and void deals common, and with them the redeals by
        # the same dealer.
        threshold = draw(st.sampled_from([None, 61, 65, 71, 81, 81]))
        if threshold is not None:
            options["win_threshold"] = threshold
    if chiamata:
        options["all_pass"] = draw(st.sampled_from(["forced", "redeal"]))
        options["annul_zero_point_hand"] = draw(st.booleans())
        if draw(st.booleans()):
            options["players"] = 6
            options["six_player_form"] = draw(
                st.sampled_from(["dealer_sits_out", "remove_fours", "remove_twos"])
            )
    options["dealer_rotation"] = draw(
        st.sampled_from(["play_direction", "against_play_direction"])
    )
    options["redeal_same_dealer_after_void"] = draw(st.booleans())
    if variant in TWO_SIDED:
        options["redeal_same_dealer_after_draw"] = draw(st.booleans())
    if not chiamata:
        options["cappotto_wins_match"] = draw(st.booleans())
    players = int(str(options.get("players", PLAYERS[variant])))
    dealer = draw(st.one_of(st.none(), st.just("random"), st.integers(0, players - 1)))
    fmt = draw(_formats(variant, chiamata))  # type: ignore[arg-type]
    return Setup(
        variant,  # type: ignore[arg-type]
        options,
        fmt,
        dealer,
        draw(st.integers(0, 2**32)),
        draw(st.integers(0, 2**32)),
    )


def start(setup: Setup) -> Match:
    return new_match(
        setup.variant, format=setup.format, seed=setup.seed, dealer=setup.dealer, **setup.options
    )


def expected_next_dealer(setup: Setup, match: Match, index: int) -> int:
    """§3.7: the dealer after ``match.results[index]``, from its outcome."""
    result = match.results[index]
    players = match.rules.players
    outcome = result.score
    drawn = (
        setup.variant in TWO_SIDED
        and setup.options.get("tie_rule") == "draw"
        and not outcome.void
        and not outcome.winners
    )
    same = (outcome.void and bool(setup.options["redeal_same_dealer_after_void"])) or (
        drawn and bool(setup.options.get("redeal_same_dealer_after_draw", False))
    )
    if same:
        return result.dealer
    step = 1 if setup.options["dealer_rotation"] == "play_direction" else -1
    return (result.dealer + step) % players


def verbs_agree(match: Match) -> None:
    """legal_moves == () iff is_over iff current_player is None; views match the deal."""
    over = is_over(match)
    assert (legal_moves(match) == ()) is over
    assert (current_player(match) is None) is over
    for seat in range(match.rules.players):
        view = observe(match, seat)
        assert view.deal == observe(match.state, seat)
        assert view.results == match.results
        assert view.score == score(match)


def play_match(setup: Setup) -> tuple[Match, list[int]]:
    """Play a whole match with random moves, checking it after every deal."""
    match = start(setup)
    rng = random.Random(setup.moves)
    choices: list[int] = []
    verbs_agree(match)
    while not is_over(match):
        moves = legal_moves(match)
        assert moves, "a match in progress must have a legal move"
        choice = rng.randrange(len(moves))
        choices.append(choice)
        before = len(match.results)
        match = apply(match, moves[choice])
        assert not (legal_moves(match) == ()) ^ is_over(match)
        if len(match.results) != before:
            # A deal annulled as it is dealt is recorded at once, with the deal before it.
            assert all(r.score.void for r in match.results[before + 1 :])
            assert len(match.results) <= 60, "the match did not end within 60 deals"
            result = score(match)
            assert sum(result.game_points) == 0
            if match.format.kind in ("cumulative_points", "two_wins_or_120"):
                assert result.totals == result.card_points
            else:
                assert sum(result.totals) == 0
            assert sum(result.card_points) == 120 * result.deals_played
            assert result.deals_played == sum(not r.score.void for r in match.results)
            verbs_agree(match)
    return match, choices


@settings(max_examples=150, deadline=None)
@given(setups())
def test_property_whole_matches(setup: Setup) -> None:
    match, choices = play_match(setup)
    final = score(match)
    assert final.final
    players = match.rules.players
    # The first dealer (ruling R14), then the rotation rule after every deal.
    if setup.dealer is None:
        assert match.results[0].dealer == players - 1
    elif isinstance(setup.dealer, int):
        assert match.results[0].dealer == setup.dealer
    for index in range(len(match.results) - 1):
        assert match.results[index + 1].dealer == expected_next_dealer(setup, match, index)
    assert match.state.dealer == match.results[-1].dealer
    assert all(seat in range(players) for seat in final.winners)
    # The same seed and the same choices replay the same match.
    again = start(setup)
    for choice in choices:
        again = apply(again, legal_moves(again)[choice])
    assert again == match
    # Its JSON and its text record give it back.
    assert briscola.loads(briscola.dumps(match)) == match
    assert MatchRecord.from_text(MatchRecord.from_state(match).to_text()).final_match() == match
    # A finished match accepts no move.
    with pytest.raises(IllegalMoveError):
        apply(match, Pass())
    if match.state.history:
        with pytest.raises(IllegalMoveError):
            apply(match, match.state.history[-1][1])


@settings(max_examples=60, deadline=None)
@given(setups(), st.integers(0, 400))
def test_property_verbs_never_mutate_a_match(setup: Setup, steps: int) -> None:
    match = start(setup)
    rng = random.Random(setup.moves)
    for _ in range(steps):
        if is_over(match):
            break
        match = apply(match, rng.choice(legal_moves(match)))
    frozen = pickle.dumps(match)
    copy = pickle.loads(frozen)
    moves = legal_moves(match)
    score(match)
    is_over(match)
    current_player(match)
    for seat in range(match.rules.players):
        observe(match, seat)
    if moves:
        apply(match, moves[0])
        apply(match, moves[-1])
    else:
        with pytest.raises(IllegalMoveError):
            apply(match, Pass())
    assert pickle.dumps(match) == frozen
    assert match == copy


@pytest.mark.parametrize("seed", range(8))
def test_s3_7_first_to_game_points_ends_as_soon_as_one_player_reaches_k(seed: int) -> None:
    """§3.7: the first player to reach K at the end of a deal wins, reaching it exactly
    included; a tie at the top plays on."""
    match = new_match("chiamata", seed=seed, format=first_to_game_points(5))
    rng = random.Random(seed)
    while not is_over(match):
        match = apply(match, rng.choice(legal_moves(match)))
    totals = [0] * 5
    for number, result in enumerate(match.results, 1):
        totals = [total + delta for total, delta in zip(totals, result.score.deltas, strict=True)]
        top = max(totals)
        decided = top >= 5 and totals.count(top) == 1
        assert decided == (number == len(match.results)), (number, totals)
    assert score(match).winners == frozenset({totals.index(max(totals))})
    assert max(totals) >= 5
