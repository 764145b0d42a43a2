"""A bot that samples the hidden cards (perfect-information Monte Carlo).

For each legal move it samples worlds consistent with its own view with
`briscola.determinize`, plays each to the end at random, and keeps the move with the best
average card points for its side. It sees nothing but its view.
"""

from __future__ import annotations

import random

import briscola


def choose(view: briscola.View, rng: random.Random, worlds: int = 8) -> briscola.Move:
    """The move with the best average outcome over ``worlds`` sampled worlds."""
    assert view.seat is not None
    moves = view.legal_moves
    if len(moves) == 1:
        return moves[0]
    totals = dict.fromkeys(moves, 0.0)
    for world in range(worlds):
        state = briscola.determinize(view, seed=rng.randrange(2**32) + world)
        for move in moves:
            final = briscola.random_playout(briscola.apply(state, move), rng)
            teams = final.teams
            side = next(team for team in teams if view.seat in team)
            totals[move] += sum(final.points[seat] for seat in side)
    return max(moves, key=lambda move: totals[move])


def main(games: int = 6, seed: int = 2) -> int:
    """Play ``games`` two-player games, the bot in seat 0; return how many it won."""
    rng = random.Random(seed)
    wins = 0
    for game in range(games):
        state = briscola.new_game("classic", seed=seed * 1000 + game)
        while not briscola.is_over(state):
            if briscola.current_player(state) == 0:
                move = choose(briscola.observe(state, 0), rng)
            else:
                move = rng.choice(briscola.legal_moves(state))
            state = briscola.apply(state, move)
        wins += 0 in briscola.score(state).winners
    print(f"the sampling bot won {wins} of {games} games against a random player")
    return wins


if __name__ == "__main__":
    main()
