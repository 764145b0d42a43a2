"""briscola: the rules of the Italian card game Briscola and its variants.

Immutable states, every table rule of the rules reference, and the verbs ``new_game``,
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

import importlib
from typing import TYPE_CHECKING

from ._version import __version__ as __version__
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
from .game import (
    apply,
    current_player,
    is_over,
    legal_moves,
    new_game,
    observe,
    public_view,
    random_playout,
    score,
)
from .match import (
    DealerRotation,
    DealResult,
    Match,
    MatchFormat,
    MatchOptions,
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
    AnyMove,
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
    TableRules,
    TieRule,
    TrumpKind,
    TrumpSource,
    TwoSwapWindow,
    VariantId,
    rules,
)
from .scoring import Score
from .state import Phase, State, Trick
from .tricks import beats, trick_winner
from .views import View

if TYPE_CHECKING:
    from .players import GreedyPlayer, Player, RandomPlayer, SearchPlayer, unseen_cards
    from .records import MatchRecord, Record
    from .sampling import determinize
    from .serialize import dumps, loads
    from .simulation import GameResult, PlayerSummary, Simulation, simulate

# The layers above the rules engine (players, simulation, records, JSON, sampling) load on
# first use: a program that only plays games does not pay for them at import. Each name
# maps to the module that defines it; `__getattr__` imports that module once and caches the
# name here, so `from briscola import simulate` and `briscola.simulate` work as before.
_LAZY: dict[str, str] = {
    "GameResult": "simulation",
    "GreedyPlayer": "players",
    "MatchRecord": "records",
    "Player": "players",
    "PlayerSummary": "simulation",
    "RandomPlayer": "players",
    "Record": "records",
    "SearchPlayer": "players",
    "Simulation": "simulation",
    "determinize": "sampling",
    "dumps": "serialize",
    "loads": "serialize",
    "simulate": "simulation",
    "unseen_cards": "players",
}

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
    "MatchOptions",
    "MatchRecord",
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
    "TableRules",
    "TieRule",
    "Trick",
    "TrumpKind",
    "TrumpSource",
    "TwoSwapWindow",
    "VariantId",
    "View",
    "apply",
    "beats",
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
    "simulate",
    "trick_winner",
    "two_wins_or_120",
    "unseen_cards",
]


# The public modules, so that `briscola.serialize.MAX_SIZE` works after `import briscola`
# alone, as `import briscola.serialize` would. They are left out of `dir()`: tools that
# read every name listed would otherwise import the optional extras.
_SUBMODULES: frozenset[str] = frozenset(
    {
        "encoding",
        "envs",
        "players",
        "ray_executor",
        "records",
        "sampling",
        "serialize",
        "simulation",
        "terminal",
        "vector",
        "web",
    }
)


def __getattr__(name: str) -> object:
    """Load a name of the optional layers, or one of their modules, on first use (PEP 562)."""
    if name in _SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    module_name = _LAZY.get(name)
    if module_name is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module_name}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The module's names, the optional layers' included before they are loaded."""
    return sorted(set(globals()) | set(_LAZY))
