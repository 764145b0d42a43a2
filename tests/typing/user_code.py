"""A typed user script: every public verb, checked by mypy --strict (and pyright) in CI.

It is also run by the test suite, so it must work as well as type-check.
"""

from __future__ import annotations

import random
from typing import assert_never

import briscola
from briscola import (
    AnyMove,
    Bid,
    BidPoints,
    Declare,
    MatchOptions,
    NameCard,
    NameSuit,
    Pass,
    Play,
    ShowHand,
    Signal,
    SwapTrump,
    TableRules,
    VariantId,
)


def describe(move: AnyMove) -> str:
    """An exhaustive match: leaving out a kind of move fails the type checkers."""
    match move:
        case Play(card=card):
            return f"play {card}"
        case SwapTrump(card=card):
            return f"swap for {card}"
        case Bid(rank=rank):
            return f"bid {rank.code}"
        case BidPoints(target=target):
            return f"bid {target} points"
        case Pass():
            return "pass"
        case NameSuit(suit=suit):
            return f"name {suit}"
        case NameCard(card=card):
            return f"call {card}"
        case Declare(claim=claim):
            return f"declare {claim}"
        case Signal(token=token):
            return f"signal {token}"
        case ShowHand():
            return "show hand"
        case _:
            assert_never(move)


def play_one(variant: VariantId, seed: int) -> briscola.Score:
    table: TableRules = {"must_follow_suit": True}
    rules = briscola.rules(variant, **table)
    state = briscola.new_game(rules, seed=seed, dealer=rules.players - 1)
    rng = random.Random(seed)
    while not briscola.is_over(state):
        seat = briscola.current_player(state)
        assert seat is not None
        view = briscola.observe(state, seat)
        world = briscola.determinize(view, seed=seed)
        briscola.check(world)
        moves = briscola.legal_moves(state)
        move = rng.choice(moves)
        assert isinstance(move, AnyMove)
        describe(move)
        again = briscola.parse_move(str(move))
        state = briscola.apply(state, again, seat=seat, ply=view.ply)
    briscola.check(state)
    record = briscola.Record.from_state(state)
    assert briscola.Record.from_text(record.to_text()).final_state() == state
    assert briscola.loads(briscola.dumps(state)) == state
    briscola.render(state)
    briscola.public_view(state)
    return briscola.score(state)


def play_match(seed: int) -> briscola.MatchScore:
    options: MatchOptions = {"tie_rule": "last_trick", "cappotto_wins_match": True}
    match = briscola.new_match("classic", format=briscola.best_of(3), seed=seed, **options)
    rng = random.Random(seed)
    while not briscola.is_over(match):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    return briscola.score(match)


def main() -> None:
    for variant in ("classic", "classic-4", "chiamata", "bugiarda"):
        assert variant in briscola.VARIANTS
    print(play_one("classic", 1).points, play_one("chiamata", 2).points)
    print(play_match(3).winners)
    print(briscola.random_playout(briscola.new_game("briscolone", seed=4)).phase)


if __name__ == "__main__":
    main()
