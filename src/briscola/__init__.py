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

from ._types import AnyMove, MatchOptions, TableRules, VariantId
from .cards import DECK, Card, Rank, Suit
from .checking import check
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
from .state import Phase, State, Trick
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
    "AnyMove",
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
    "HandStrength",
    "Has",
    "HasNot",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidNotationError",
    "InvalidStateError",
    "Match",
    "MatchFormat",
    "MatchOptions",
    "MatchScore",
    "MatchView",
    "Move",
    "NameCard",
    "NameSuit",
    "OptionInfo",
    "Pass",
    "Phase",
    "Play",
    "Rank",
    "RankVariant",
    "Record",
    "Rules",
    "RulesError",
    "Score",
    "SevenSwapDeadline",
    "ShareHands",
    "ShowHand",
    "Signal",
    "SixPlayerForm",
    "Stakes",
    "State",
    "Suit",
    "SwapTrump",
    "TableRules",
    "TieRule",
    "Trick",
    "TrumpSource",
    "TwoSwapWindow",
    "VariantId",
    "View",
    "apply",
    "best_of",
    "check",
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
    "two_wins_or_120",
]
