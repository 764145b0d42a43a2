"""The library's greedy player against a random player, then a bot of your own.

`briscola.GreedyPlayer` decides from its seat's `View` alone; `briscola.simulate` plays
seeded games with the seats rotated and summarizes them. A player is any callable from a
view to one of its legal moves, so writing your own takes a few lines (see ``cautious``).
"""

from __future__ import annotations

import briscola
from briscola import GreedyPlayer, Move, Play, RandomPlayer, View


def cautious(view: View) -> Move:
    """A bot of one rule: take the trick with a card that is not a trump when one can (so
    never when trumps are led), else play low, trumps last."""
    plays = [move for move in view.legal_moves if isinstance(move, Play)]
    if not plays:
        return view.legal_moves[0]
    points = view.rules.card_points
    if view.trick:
        led = view.trick[0].suit
        best = view.trick[briscola.trick_winner(view.trick, view.trump_suit, view.rules)]
        takers = [
            move
            for move in plays
            if briscola.beats(
                move.card, best, led_suit=led, trump_suit=view.trump_suit, rules=view.rules
            )
            and move.card.suit is not view.trump_suit
        ]
        if takers:
            return max(takers, key=lambda move: points[move.card.id])
    return min(plays, key=lambda move: (move.card.suit is view.trump_suit, points[move.card.id]))


def main(games: int = 200, seed: int = 1) -> float:
    """Greedy against random, then the cautious bot against random; return greedy's share."""
    run = briscola.simulate("classic", [GreedyPlayer(), RandomPlayer()], games, seed=seed)
    greedy = run.summary[0]
    print(f"greedy won {greedy.wins} of {games} games ({greedy.win_rate:.0%}) against random")
    mine = briscola.simulate("classic", [cautious, RandomPlayer()], games, seed=seed).summary[0]
    print(f"the cautious bot won {mine.wins} of {games} games against random")
    return greedy.win_rate


if __name__ == "__main__":
    main()
