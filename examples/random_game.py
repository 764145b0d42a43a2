"""Play one seeded game of four-player Briscola between random players and print the result."""

from __future__ import annotations

import random

import briscola


def main(seed: int = 7) -> briscola.Score:
    """Play the game and return its score."""
    state = briscola.new_game("classic-4", seed=seed)
    rng = random.Random(seed)
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    result = briscola.score(state)
    teams = briscola.VARIANTS["classic-4"].teams
    for team, points in zip(teams, result.team_points, strict=True):
        print(f"team {'+'.join(map(str, team))}: {points} card points")
    print("winners:", sorted(result.winners) or "nobody (a draw)")
    return result


if __name__ == "__main__":
    main()
