"""A deal of Briscola Chiamata between random players, as each seat would follow it.

Shows the auction, the call, and what seat 0 knows (and does not know) about the partner
before and after the called card is played.
"""

from __future__ import annotations

import random

import briscola


def main(seed: int = 11) -> briscola.Score:
    """Play one deal and return its score."""
    rng = random.Random(seed)
    state = briscola.new_game("chiamata", seed=seed)
    partner_known_at = None
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
        view = briscola.observe(state, 0)
        if partner_known_at is None and view.score.partner is not None:
            partner_known_at = len(state.tricks)
            print(briscola.render(view))
            print()
    result = briscola.score(state)
    print(f"caller seat {result.caller}, called {result.called_card} for {result.target}")
    print("solo" if result.solo else f"partner seat {result.partner}", end="; ")
    print(f"the partner became public in trick {(partner_known_at or 0) + 1}")
    print("game points:", " ".join(f"{d:+d}" for d in result.deltas))
    return result


if __name__ == "__main__":
    main()
