"""A simple bot that decides from its own view only, against a random player.

The bot sees what a player at the table sees (`briscola.observe`) and nothing more. Its rule
of thumb: when following, take the trick as cheaply as possible if it is worth points,
otherwise throw the least valuable card; when leading, lead the least valuable card.
"""

from __future__ import annotations

import random

import briscola
from briscola import Move, Play, View


def card_value(view: View, card: briscola.Card) -> int:
    """Points plus a bonus for trumps, so the bot keeps its trumps when it can."""
    bonus = 5 if card.suit is view.trump_suit else 0
    return view.rules.card_points[card.id] + bonus


def beats(view: View, card: briscola.Card, best: briscola.Card) -> bool:
    """Whether ``card`` beats ``best``, the card currently winning the trick (rules §1.4)."""
    if card.suit is best.suit:
        return view.rules.strength[card.id] > view.rules.strength[best.id]
    return card.suit is view.trump_suit


def winning_card(view: View) -> briscola.Card:
    """The card currently winning the trick in progress."""
    best = view.trick[0]
    for card in view.trick[1:]:
        if beats(view, card, best):
            best = card
    return best


def choose(view: View) -> Move:
    """The bot's move, from its view alone."""
    plays = [move for move in view.legal_moves if isinstance(move, Play)]
    if len(plays) < len(view.legal_moves):
        return view.legal_moves[-1]  # an exchange with the face-up card is always worth it
    cheapest = min(plays, key=lambda move: card_value(view, move.card))
    if not view.trick:
        return cheapest
    best = winning_card(view)
    at_stake = sum(view.rules.card_points[card.id] for card in view.trick)
    winners = [move for move in plays if beats(view, move.card, best)]
    if winners and at_stake >= 3:
        return min(winners, key=lambda move: card_value(view, move.card))
    return cheapest


def main(games: int = 200, seed: int = 1) -> float:
    """Play ``games`` games (the bot in seat 0) and return the bot's share of the wins."""
    rng = random.Random(seed)
    wins = 0
    for game in range(games):
        state = briscola.new_game("classic", seed=seed * 100_000 + game)
        while not briscola.is_over(state):
            seat = briscola.current_player(state)
            if seat == 0:
                move = choose(briscola.observe(state, 0))
            else:
                move = rng.choice(briscola.legal_moves(state))
            state = briscola.apply(state, move)
        wins += 0 in briscola.score(state).winners
    share = wins / games
    print(f"the greedy bot won {wins} of {games} games ({share:.0%}) against a random player")
    return share


if __name__ == "__main__":
    main()
