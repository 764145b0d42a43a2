"""A deal of Briscola Chiamata between random players, followed from seat 0.

Shows what seat 0 sees once the auction is over and the card is called, when nobody but
its holder knows the partner, and again when the called card is played and the partner
becomes known to all; then the result.
"""

from __future__ import annotations

import random

import briscola


def main(seed: int = 11) -> briscola.Score:
    """Play one deal and return its score."""
    rng = random.Random(seed)
    state = briscola.new_game("chiamata", seed=seed)
    partner_known_at = None
    called = False
    while not briscola.is_over(state):
        state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
        view = briscola.observe(state, 0)
        if not called and state.phase is briscola.Phase.PLAY:
            called = True
            print("The card is called; seat 0 sees:")
            print(briscola.render(view))
            print()
        if partner_known_at is None and view.score.partner is not None:
            partner_known_at = len(state.tricks)
            print("The called card is played; seat 0 sees:")
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
