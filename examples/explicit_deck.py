"""Deal from an explicit deck and replay moves written in notation, as a test or a UI would."""

from __future__ import annotations

import briscola
from briscola import Card


def main() -> briscola.State:
    """Deal the cards in id order (AD first) and play the first trick by notation."""
    deck = [Card.from_id(i) for i in range(40)]
    state = briscola.new_game("classic", deck=deck, seven_swap=True)
    print("seat 0 holds", " ".join(map(str, state.hands[0])))
    print("seat 1 holds", " ".join(map(str, state.hands[1])))
    print("face-up card:", state.trump_card)
    for text in ("3D", "6D"):
        state = briscola.apply(state, briscola.parse_move(text, state))
    print("seat", state.tricks[-1].winner, "took the first trick")
    try:
        briscola.apply(state, briscola.parse_move("KB"))
    except briscola.IllegalMoveError as error:
        print("refused:", error)
    return state


if __name__ == "__main__":
    main()
