"""Every match ends: refused options and the cap on the number of deals."""

from __future__ import annotations

import attrs
import pytest

import briscola
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
