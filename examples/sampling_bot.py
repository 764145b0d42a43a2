"""The search player: perfect-information Monte Carlo over sampled deals.

`briscola.SearchPlayer` samples full deals consistent with its view (`briscola.determinize`),
plays each candidate card to the end in each of them, and keeps the best card on average.
Its budget is a number of sampled deals (``worlds``) or a time limit (``time_ms``).
"""

from __future__ import annotations

import briscola
from briscola import GreedyPlayer, SearchPlayer


def main(games: int = 6, seed: int = 2) -> int:
    """Play ``games`` classic games, a small search player against the greedy player."""
    players = [SearchPlayer(worlds=8), GreedyPlayer()]
    run = briscola.simulate("classic", players, games, seed=seed)
    search = run.summary[0]
    print(f"the search player won {search.wins} of {games} games against the greedy player")
    return search.wins


if __name__ == "__main__":
    main()
