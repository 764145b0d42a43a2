"""A typed user script: every public verb, checked by mypy --strict (and pyright) in CI.

It is also run by the test suite, so it must work as well as type-check.
"""

from __future__ import annotations

import random
from typing import assert_never, assert_type

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


def first_move(v: briscola.View) -> briscola.Move:
    return v.legal_moves[0]


class LastMove:
    def __call__(self, obs: briscola.View) -> briscola.Move:
        return obs.legal_moves[-1]


def typed_details(name: str, seed: int) -> None:
    assert_type(briscola.Rank(1), briscola.Rank)
    assert_type(briscola.Suit("D"), briscola.Suit)
    play = Play(briscola.Card.parse("AD"))
    assert_type(briscola.loads(briscola.dumps(play), Play), Play)
    players: list[briscola.Player] = [first_move, LastMove()]  # any argument name
    briscola.simulate("classic", players, 2, seed=seed)
    state = briscola.new_game(briscola.VARIANTS[name], seed=seed)  # an id read as text
    rng = random.Random(seed)
    while (seat := briscola.current_player(state)) is not None:  # the quick start's loop
        view = briscola.observe(state, seat)
        state = briscola.apply(state, rng.choice(view.legal_moves))


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
    typed_details("classic-4", 5)
    print(briscola.random_playout(briscola.new_game("briscolone", seed=4)).phase)


if __name__ == "__main__":
    main()
