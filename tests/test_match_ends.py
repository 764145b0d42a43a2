"""Every match ends: refused options, the cap on the number of deals, and who wins."""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs
import pytest

import briscola
from briscola import MatchFormat, Move
from briscola.match import MAX_DEALS, after_deal, match_score
from briscola.scoring import Score
from helpers import play_out


def test_replay_with_a_threshold_no_deal_reaches_is_refused() -> None:
    with pytest.raises(briscola.RulesError, match="win_threshold=118"):
        briscola.new_match("classic", seed=1, tie_rule="replay", win_threshold=118)
    match = briscola.new_match("classic", seed=1, tie_rule="replay", win_threshold=100)
    assert match.rules.win_threshold == 100


@pytest.mark.parametrize("fmt", ["rounds(101)", "fixed_deals(200)", "best_of(1001)"])
def test_formats_longer_than_100_deals_are_refused(fmt: str) -> None:
    with pytest.raises(briscola.RulesError, match="too long"):
        briscola.new_match("classic", seed=1, format=fmt)


def _drawn_deals(match: briscola.Match, count: int, points: tuple[int, int]) -> briscola.Match:
    """The match after ``count`` deals, each ending with ``points``."""
    for _ in range(count):
        match = attrs.evolve(match, results=match.results + (_result(match.state, points),))
    return match


def _result(state: briscola.State, points: tuple[int, int]) -> briscola.DealResult:
    winners = frozenset(seat for seat in (0, 1) if points[seat] >= 61)
    deltas = tuple(1 if seat in winners else 0 for seat in (0, 1))
    score = Score(points, deltas, winners, True)
    return briscola.DealResult(state.dealer, score)


def test_a_match_of_drawn_deals_ends_at_the_cap_as_a_draw() -> None:
    match = briscola.new_match("classic", seed=1, format="best_of(3)", win_threshold=110)
    before = _drawn_deals(match, MAX_DEALS - 1, (60, 60))
    assert not match_score(before).final
    capped = _drawn_deals(before, 1, (60, 60))
    standing = match_score(capped)
    assert standing.final
    assert standing.winners == frozenset()


def test_the_standing_decides_at_the_cap() -> None:
    match = briscola.new_match("classic", seed=1, format="cumulative_points(151)")
    capped = _drawn_deals(match, MAX_DEALS, (0, 0))
    capped = attrs.evolve(capped, results=capped.results[:-1] + (_result(match.state, (1, 0)),))
    standing = match_score(capped)
    assert standing.final
    assert standing.winners == frozenset({0})


def test_after_deal_stops_dealing_at_the_cap() -> None:
    match = briscola.new_match("classic", seed=1, format="best_of(3)", win_threshold=110)
    match = _drawn_deals(match, MAX_DEALS - 1, (60, 60))
    state = briscola.random_playout(match.state)
    finished = after_deal(match, state)
    assert len(finished.results) == MAX_DEALS
    assert match_score(finished).final
    assert finished.state is state


def _random_match(variant: briscola.VariantId, fmt: str, seed: int) -> briscola.Match:
    match = briscola.new_match(variant, format=fmt, seed=seed)
    rng = random.Random(seed)
    while not briscola.is_over(match):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    return match


@pytest.mark.parametrize("variant", ["chiamata", "bugiarda-5"])
def test_seats_that_win_the_deciding_deal_together_win_the_match_together(
    variant: briscola.VariantId,
) -> None:
    # §3.7 best_of: each seat is a side here, and a deal is won by two or three of them.
    match = _random_match(variant, "best_of(1)", 1)
    [deal] = match.results
    assert len(deal.score.winners) > 1
    assert briscola.score(match).winners == deal.score.winners


def test_a_format_built_by_hand_is_checked_like_its_spelling() -> None:
    for bad in (MatchFormat("best_of", 4), MatchFormat("rounds", -1), MatchFormat("bogus", 3)):
        with pytest.raises(briscola.RulesError):
            briscola.new_match("classic", format=bad, seed=1)
    match = briscola.new_match("classic", format=MatchFormat("best_of", 5), seed=1)
    assert briscola.loads(briscola.dumps(match)) == match


@pytest.mark.parametrize("fmt", ["cumulative_points(151)", "two_wins_or_120"])
def test_at_the_deal_cap_a_side_is_judged_by_all_its_seats(fmt: str) -> None:
    # 499 deals replayed as void (tie_rule="replay" under win_threshold=100), then one that
    # side 0+2 wins with 103 card points against 17, though seat 1 took more than seat 0.
    rng = random.Random(0)

    def deal_where(state: briscola.State, wanted: Callable[[briscola.Score], bool]) -> list[Move]:
        while True:
            moves, played = [], state
            while not briscola.is_over(played):
                move = rng.choice(briscola.legal_moves(played))
                moves.append(move)
                played = briscola.apply(played, move)
            if wanted(briscola.score(played)):
                return moves

    match = briscola.new_match(
        "classic-4", format=fmt, seed=3, tie_rule="replay", win_threshold=100
    )
    while len(match.results) < MAX_DEALS - 1:
        for move in deal_where(match.state, lambda s: s.void):
            match = briscola.apply(match, move)

    def decisive(s: briscola.Score) -> bool:
        return not s.void and s.points[0] + s.points[2] >= 100 and s.points[1] > s.points[0]

    for move in deal_where(match.state, decisive):
        match = briscola.apply(match, move)
    standing = briscola.score(match)
    assert standing.final
    assert standing.winners == {0, 2}


def test_at_the_deal_cap_fixed_deals_shares_a_tie_as_at_its_end() -> None:
    # §3.7: every Chiamata deal passed out and redealt, so nobody has a game point after
    # MAX_DEALS deals; seats level on top share the win under fixed_deals, as after N deals.
    match = briscola.new_match("chiamata", seed=1, all_pass="redeal")
    while not briscola.is_over(match):
        match = briscola.apply(match, briscola.Pass())
    standing = briscola.score(match)
    assert len(match.results) == MAX_DEALS
    assert standing.deals_played == 0
    assert standing.winners == frozenset(range(5))
    other = briscola.new_match(
        "chiamata", seed=1, all_pass="redeal", format="first_to_game_points(5)"
    )
    while not briscola.is_over(other):
        other = briscola.apply(other, briscola.Pass())
    assert briscola.score(other).winners == frozenset()  # a drawn match


def test_in_bugiarda_5_each_seat_plays_the_match_for_itself() -> None:
    # §2.6.3: the pairs change with the dealer, who sits out, so a match counts each seat's
    # deals on its own, and the seat that deals first (and sits out) can win it too.
    matches = [briscola.new_match("bugiarda-5", seed=s, format="best_of(3)") for s in range(12)]
    standings = [briscola.score(play_out(m, random.Random(s))) for s, m in enumerate(matches)]
    assert all(standing.final for standing in standings)
    assert any(4 in standing.winners for standing in standings)
    assert any(len(set(standing.deals_won)) > 2 for standing in standings)


@pytest.mark.parametrize("dealer", [0, 4])
def test_a_bugiarda_5_cappotto_ends_the_match_for_the_side_of_its_deal(dealer: int) -> None:
    # §3.7 cappotto_wins_match: the side that took all 120 card points in that deal, whose
    # pairs depend on who dealt it (§2.6.3).
    match = briscola.new_match(
        "bugiarda-5", seed=1, format="best_of(3)", cappotto_wins_match=True, dealer=dealer
    )
    sides = match.rules.teams_for(dealer)
    taker = sides[1]
    points = [0] * 5
    points[taker[0]] = 120
    deltas = [1 if seat in taker else -1 if seat in sides[0] else 0 for seat in range(5)]
    score = Score(tuple(points), tuple(deltas), frozenset(taker), True, False, (0, 120))
    done = attrs.evolve(match, results=(briscola.DealResult(dealer, score),))
    standing = briscola.score(done)
    assert standing.final
    assert standing.winners == frozenset(taker)


def test_a_void_deal_is_not_a_draw_for_the_dealer_rotation() -> None:
    # §3.7: redeal_same_dealer_after_void=False passes the deal on after a passed-out
    # auction, whatever redeal_same_dealer_after_draw says.
    match = briscola.new_match(
        "chiamata",
        seed=0,
        all_pass="redeal",
        redeal_same_dealer_after_void=False,
        redeal_same_dealer_after_draw=True,
    )
    first = match.dealer
    while not match.results:
        moves = briscola.legal_moves(match)
        match = briscola.apply(match, next(m for m in moves if isinstance(m, briscola.Pass)))
    assert match.results[0].score.void
    assert match.dealer == (first + 1) % 5


def test_an_unfinished_chiamata_deal_is_no_cappotto() -> None:
    # §2.5.6: whether the deal is a cappotto is known at its end; before, it is False.
    for seed in range(6):
        state = briscola.new_game("chiamata", seed=seed)
        rng = random.Random(seed)
        while not briscola.is_over(state):
            assert briscola.score(state).cappotto is False
            state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
        assert briscola.score(state).cappotto in (True, False)
