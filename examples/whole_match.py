"""A whole best-of-three match of two-player Briscola between random players.

It shows the match as a spectator sees it, sends it as JSON and writes down its record,
then reads both back: the record's text and the JSON are rebuilt by replaying the moves.
"""

from __future__ import annotations

import random

import briscola
from briscola.records import MatchRecord


def main(seed: int = 5) -> briscola.MatchScore:
    """Play the match, check its record and JSON, and return its final standing."""
    rng = random.Random(seed)
    match = briscola.new_match("classic", seed=seed)
    while not briscola.is_over(match):
        match = briscola.apply(match, rng.choice(briscola.legal_moves(match)))
    for number, deal in enumerate(match.results, 1):
        points = "-".join(map(str, deal.score.points))
        winner = ", ".join(map(str, sorted(deal.score.winners))) or "nobody"
        print(f"deal {number}, dealt by seat {deal.dealer}: {points}, won by seat {winner}")
    print(briscola.render(briscola.public_view(match)).splitlines()[0])  # what a spectator sees
    record = briscola.Record.from_state(match, Event="example")
    assert MatchRecord.from_text(record.to_text()).final_match() == match
    assert briscola.loads(briscola.dumps(match), briscola.Match) == match
    standing = briscola.score(match)
    print("deals won:", standing.deals_won, "match won by seat", *sorted(standing.winners))
    return standing


if __name__ == "__main__":
    main()
