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
