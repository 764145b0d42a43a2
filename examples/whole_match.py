"""A whole best-of-three match of two-player Briscola between random players."""

from __future__ import annotations

import random

import briscola


def main(seed: int = 5) -> briscola.MatchScore:
    """Play the match and return its final standing."""
    rng = random.Random(seed)
    match = briscola.new_match("classic", seed=seed)
    while not briscola.is_over(match):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    for number, deal in enumerate(match.results, 1):
        points = "-".join(map(str, deal.score.points))
        winner = ", ".join(map(str, sorted(deal.score.winners))) or "nobody"
        print(f"deal {number}, dealt by seat {deal.dealer}: {points}, won by seat {winner}")
    standing = briscola.score(match)
    print("deals won:", standing.deals_won, "match won by seat", *sorted(standing.winners))
    return standing


if __name__ == "__main__":
    main()
