"""Types for users' type checkers: the closed union of moves, variant ids and options.

Nothing here changes what the library accepts at run time (any ``str`` is still read as a
variant and checked); the types let mypy and pyright catch ``new_game("clasic")``,
``seven_swp=True`` or a ``match`` over moves that forgets a kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, TypeAlias, TypedDict

from .cards import Card, Suit
from .moves import (
    Bid,
    BidPoints,
    Declare,
    NameCard,
    NameSuit,
    Pass,
    Play,
    ShowHand,
    Signal,
    SwapTrump,
)
from .rules import (
    AfterTwo,
    AllPass,
    Auction,
    Cappotto,
    FirstLeader,
    FirstTrickBlind,
    RankVariant,
    SevenSwapDeadline,
    ShareHands,
    SixPlayerForm,
    Stakes,
    TieRule,
    TrumpSource,
    TwoSwapWindow,
)

if TYPE_CHECKING:
    from .match import DealerRotation

__all__ = ["AnyMove", "MatchOptions", "TableRules", "VariantId"]

AnyMove: TypeAlias = (
    Play | SwapTrump | Bid | BidPoints | Pass | NameSuit | NameCard | Declare | Signal | ShowHand
)
"""Every kind of move, as a closed union: a ``match`` over an `AnyMove` that ends in
``assert_never`` type-checks only when it handles all ten (`Move` stays their base class)."""

VariantId: TypeAlias = Literal[
    "classic",
    "classic-3",
    "classic-4",
    "classic-6",
    "chiamata",
    "chiamata-milan",
    "bugiarda",
    "bugiarda-2",
    "bugiarda-5",
    "scoperta",
    "briscolone",
]
"""The preset ids of `VARIANTS`, for the ``variant`` argument of `rules`, `new_game` and
`new_match` (which still read any text at run time and refuse unknown ids)."""

_Share: TypeAlias = ShareHands | Literal["off", "voluntary", "automatic"]


class TableRules(TypedDict, total=False):
    """The table rules `rules`, `new_game` and `new_match` take as keywords (see `OPTIONS`).

    Each option takes its enum or the enum's value as text, a ``bool``, or the numbers
    listed; `rules` checks the values, and the option's preset, at run time.
    """

    removed_two: Literal["2C", "2B", "2D", "2S", "random"] | Card
    deal_packet_size: int
    open_hands: bool
    open_stock: bool
    trump_source: TrumpSource | Literal["last_dealt", "separate_flip"]
    trump_suit: Suit | str | None
    first_leader_offset: Literal[1, -1]
    declaration_round: bool
    public_claims: bool
    rank_variant: (
        RankVariant | Literal["standard", "seven_high", "seven_high_bisca", "three_natural"]
    )
    must_follow_suit: bool
    seven_swap: bool
    seven_swap_requires_higher: bool
    seven_swap_only_if_drawn: bool
    seven_swap_requires_won_trick: bool
    seven_swap_only_leader: bool
    seven_swap_deadline: SevenSwapDeadline | Literal["stock_empty", "before_penultimate_trick"]
    two_swap: bool
    two_swap_window: TwoSwapWindow | Literal["first_trick", "before_first_lead", "both"]
    signals: bool
    signal_tokens: Sequence[str]
    no_signals_first_trick: bool
    share_hands_before_first_trick: _Share
    share_hands_when_stock_empty: _Share
    tie_rule: TieRule | Literal["draw", "replay", "last_trick"]
    win_threshold: int
    auction: Auction | Literal["ranks", "points_only", "two_only"]
    after_two: AfterTwo | Literal["ends", "points"]
    allow_ace_call: bool
    min_point_call: Literal[61, 62]
    point_call_step: int
    allow_point_jump: bool
    all_pass: AllPass | Literal["forced", "redeal"]
    base_target: Literal[60, 61]
    first_leader: FirstLeader | Literal["first_hand", "caller"]
    first_trick_blind: FirstTrickBlind | Literal["off", "committed", "free_choice"]
    stakes: Stakes | Literal["flat", "bands", "tedaldi"]
    cappotto: Cappotto | Literal["points", "tricks"]
    players: Literal[5, 6]
    six_player_form: SixPlayerForm | Literal["dealer_sits_out", "remove_fours", "remove_twos"]
    annul_zero_point_hand: bool


class MatchOptions(TableRules, total=False):
    """The keywords of `new_match`: the table rules and the match options."""

    dealer_rotation: DealerRotation | Literal["play_direction", "against_play_direction"]
    redeal_same_dealer_after_draw: bool
    redeal_same_dealer_after_void: bool
    cappotto_wins_match: bool
