"""briscola: the rules of the Italian card game Briscola and its variants.

Immutable states, every table rule of RULES.md, and the verbs ``new_game``,
``legal_moves``, ``apply``, ``score`` and ``observe``.

Examples:
    >>> import random, briscola
    >>> state = briscola.new_game("classic-4", seed=7)
    >>> rng = random.Random(7)
    >>> while not briscola.is_over(state):
    ...     state = briscola.apply(state, rng.choice(briscola.legal_moves(state)))
    >>> sum(briscola.score(state).points)
    120
"""

from .cards import DECK, Card, Rank, Suit
from .errors import (
    BriscolaError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidNotationError,
    InvalidStateError,
    RulesError,
)
from .game import apply, current_player, is_over, legal_moves, new_game, random_playout
from .match import (
    DealerRotation,
    DealResult,
    Match,
    MatchFormat,
    MatchScore,
    MatchView,
    best_of,
    cumulative_points,
    first_to_deals,
    first_to_game_points,
    fixed_deals,
    new_match,
    rounds,
    two_wins_or_120,
)
from .moves import (
    STRONG_HAND,
    WEAK_HAND,
    Bid,
    BidPoints,
    Claim,
    Declare,
    HandStrength,
    Has,
    HasNot,
    Move,
    NameCard,
    NameSuit,
    Pass,
    Play,
    ShowHand,
    Signal,
    SwapTrump,
    parse_move,
)
from .players import GreedyPlayer, Player, RandomPlayer, SearchPlayer, unseen_cards
from .records import Record
from .render import render
from .rules import (
    OPTIONS,
    SIGNAL_TOKENS,
    VARIANTS,
    AfterTwo,
    AllPass,
    Auction,
    Cappotto,
    FirstLeader,
    FirstTrickBlind,
    OptionInfo,
    RankVariant,
    Rules,
    SevenSwapDeadline,
    ShareHands,
    SixPlayerForm,
    Stakes,
    TieRule,
    TrumpSource,
    TwoSwapWindow,
    rules,
)
from .sampling import determinize
from .scoring import Score, score
from .serialize import dumps, loads
from .simulation import GameResult, PlayerSummary, Simulation, simulate
from .state import Phase, State, Trick
from .tricks import beats, trick_winner
from .views import View, observe, public_view

__version__ = "0.1.0.dev0"

__all__ = [
    "DECK",
    "OPTIONS",
    "SIGNAL_TOKENS",
    "STRONG_HAND",
    "VARIANTS",
    "WEAK_HAND",
    "AfterTwo",
    "AllPass",
    "Auction",
    "Bid",
    "BidPoints",
    "BriscolaError",
    "Cappotto",
    "Card",
    "Claim",
    "DealResult",
    "DealerRotation",
    "Declare",
    "FirstLeader",
    "FirstTrickBlind",
    "GameResult",
    "GreedyPlayer",
    "HandStrength",
    "Has",
    "HasNot",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidNotationError",
    "InvalidStateError",
    "Match",
    "MatchFormat",
    "MatchScore",
    "MatchView",
    "Move",
    "NameCard",
    "NameSuit",
    "OptionInfo",
    "Pass",
    "Phase",
    "Play",
    "Player",
    "PlayerSummary",
    "RandomPlayer",
    "Rank",
    "RankVariant",
    "Record",
    "Rules",
    "RulesError",
    "Score",
    "SearchPlayer",
    "SevenSwapDeadline",
    "ShareHands",
    "ShowHand",
    "Signal",
    "Simulation",
    "SixPlayerForm",
    "Stakes",
    "State",
    "Suit",
    "SwapTrump",
    "TieRule",
    "Trick",
    "TrumpSource",
    "TwoSwapWindow",
    "View",
    "apply",
    "beats",
    "best_of",
    "cumulative_points",
    "current_player",
    "determinize",
    "dumps",
    "first_to_deals",
    "first_to_game_points",
    "fixed_deals",
    "is_over",
    "legal_moves",
    "loads",
    "new_game",
    "new_match",
    "observe",
    "parse_move",
    "public_view",
    "random_playout",
    "render",
    "rounds",
    "rules",
    "score",
    "simulate",
    "trick_winner",
    "two_wins_or_120",
    "unseen_cards",
]
